"""海南麻将 (seed 004; decisions in the team's rules file hainan.md, listed in docs/rule-sets.md).

144 tiles with eight flowers, three or four players, chow (unless 不可吃), pong and kong, one winner per discard (截胡:
the first in turn order after the discarder). A win's 牌型分 is the product of its shape multipliers times the way
it was won (on a discard ×1, 自摸 ×2, 杠上花 or 花上添花 ×3); on a discard it needs a 番型 or a shape above 平胡 (有番).
Every payment is 牌型分 × F, F = 嘎(payer) + 嘎(winner) + 1 (+ 庄闲, + 连庄 with the dealer); the discarder pays 1 more,
or all the shares (防勾脚, 海底包牌, a robbed kong with no other 番). Kongs and 花胡 are paid at once, with the same F.
Before each round every player chooses his 嘎 (上嘎); the 令 wind moves each time seat 0 deals again after a
rotation (叫令).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.context import INT, INT_PER_SEAT, TILES, WIND, ContextField, ContextFrame
from game.engine.errors import BelowMinimum, NotAWin
from game.engine.events import message
from game.engine.melds import Meld
from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, WinContext, matching, readings
from game.engine.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, WinShape
from game.engine.tiles import (FIRST_DRAGON, FIRST_FLOWER, FIRST_HONOR, FIRST_WIND, TileSet, is_flower, parse_tile,
                               tile_name)
from game.engine.variant import PassLock, ScoreItem, ScoreReason, ScreenFact, SeatMark, SetupChoice, Variant, Win
from game.i18n import N_

LING_LABELS = {"E": N_("East ling (东令)"), "S": N_("South ling (南令)"), "W": N_("West ling (西令)"),
               "N": N_("North ling (北令)")}

WINDS = ("E", "S", "W", "N")
GA_VALUES = (0, 1, 2, 3)
DEAD_WALL = 15  # the round is exhausted when 15 tiles remain: they are never drawn


@dataclass(frozen=True)
class HainanOptions:
    need_fan: bool = option(True, label="有番", labels={True: "有番", False: "无番"}, group="规则",
                            help="有番：点炮胡牌须有番型或大于平胡的牌型；自摸不限")
    zhuang_xian: bool = option(False, label="庄闲", group="结算", help="庄家输赢+1分")
    lian_zhuang: bool = option(False, label="连庄", group="结算", help="每连庄1次庄家输赢+1分")
    shang_ga: bool = option(True, label="上嘎", group="上嘎", help="每局开始前各家选嘎（0–3），嘎越高输赢越大")
    free_ga: bool = option(False, label="自由上嘎", group="上嘎", help="嘎数可以小于上一局")
    draw_scores: bool = option(True, label="流局算分", group="结算", help="流局时杠分和花胡分照算")
    flower_win: bool = option(True, label="花胡", group="花牌", help="集齐春夏秋冬或梅兰菊竹，各家当即付分；关：七张花才付")
    fang_gou_jiao: bool = option(False, label="防勾脚", group="结算", help="点炮者一人付清所有输家的分；放明杠者付清该杠的分")
    no_honors: bool = option(False, label="无字牌", group="用牌", help="去掉风牌和箭牌，只用数牌和花牌")
    # reads as what it allows (the key stays the rules file's)
    no_chow: bool = option(False, label="吃牌", labels={False: "可以吃", True: "不可吃"}, group="规则",
                           help="用上家打出的牌凑成顺子")
    haidi_bao: bool = option(False, label="海底包牌", group="结算", help="牌墙将尽（最后几张）时点炮，点炮者包付全部")
    jiao_ling: bool = option(True, label="叫令", group="规则", help="每轮庄定一个令风，碰令风可算番（令牌）")
    mo_gang_double: bool = option(False, label="摸杠翻倍", group="杠牌", help="补杠得分×2，用补花来的牌补杠×3")

    def check(self, players: int) -> None:
        """Every combination is playable: 自由上嘎 without 上嘎 and 叫令 without winds have no effect."""

    def applies(self, name: str, players: int) -> bool:
        """Whether an option matters at this table (the setup screen hides the others)."""
        if name == "free_ga":
            return self.shang_ga
        if name == "jiao_ling":
            return not self.no_honors  # 令牌 is a pong of a wind
        return True


# ---------------------------------------------------------------------------------------------------- the hand
def seat_wind(seat: int, dealer: int, players: int) -> int:
    """E S W N counted from the dealer (three players: E S W)."""
    return FIRST_WIND + (seat - dealer) % players


def own_flowers(seat: int, dealer: int, players: int) -> frozenset[int]:
    """翻花对位: the dealer 春 梅, his next 夏 兰, opposite 秋 菊, his previous 冬 竹 (three players: the third seat,
    the dealer's previous, 冬 竹)."""
    position = (seat - dealer) % players
    if players == 3 and position == 2:
        position = 3
    return frozenset({FIRST_FLOWER + position, FIRST_FLOWER + 4 + position})


def ling_wind(ctx: WinContext) -> int | None:
    """The 令 wind (E until a game says otherwise); None where the table plays without 叫令 or without winds."""
    opts: HainanOptions = ctx.options
    if not opts.jiao_ling or opts.no_honors:
        return None
    return parse_tile(ctx.context.get("ling") or "E")


@dataclass(frozen=True)
class Sets:
    """A standard-shape reading as sets and a pair, melds included (kongs and concealed triplets as pongs)."""

    chows: tuple[int, ...]
    pongs: tuple[int, ...]
    pair: int

    @staticmethod
    def of(ctx: WinContext) -> "Sets | None":
        d = ctx.decomposition
        if ctx.shape != "standard" or d is None or d.pair is None:
            return None
        chows = [g.kind for g in d.sets if g.shape == "chow"]
        pongs = [g.kind for g in d.sets if g.shape == "pong"]
        for m in ctx.melds:
            (chows if m.type == "chow" else pongs).append(m.kind)
        return Sets(tuple(chows), tuple(pongs), d.pair)


def _sets(pred) -> Any:
    def test(ctx: WinContext) -> bool:
        s = Sets.of(ctx)
        return s is not None and pred(ctx, s)
    return test


def _number_suits(ctx: WinContext) -> set[str]:
    return ctx.suits_used() - {"z"}


def _seven_pairs_quads(ctx: WinContext) -> int:
    return ctx.seven_pair_quads(real_only=True) if ctx.shape == "seven_pairs" else 0


def _zhichibupeng(ctx: WinContext, s: Sets) -> bool:
    pair_ok = s.pair < FIRST_DRAGON and s.pair != seat_wind(ctx.winner, ctx.dealer, ctx.players)
    return len(s.chows) == 4 and pair_ok


def _lingpai(ctx: WinContext, s: Sets) -> bool:
    ling = ling_wind(ctx)
    return ling is not None and ling in s.pongs


def _fanhuaduiwei(ctx: WinContext) -> bool:
    flowers = {parse_tile(t) for t in ctx.context.get("flowers") or []}
    return bool(flowers & own_flowers(ctx.winner, ctx.dealer, ctx.players))


# Shape multipliers: all that apply multiply; 平胡 (×1) when none does.
SHAPE_TYPES: tuple[HandType, ...] = (
    HandType("pinghu", "平胡", 1, lambda c: True,
             example="2m 3m 4m 6p 7p 8p 3s 4s 9s 9s | pong 7m 7m 7m | win 5s self"),
    HandType("pengpenghu", "碰碰胡", 2, lambda c: c.all_sets_alike(), excludes=("pinghu",),
             example="2m 2m 2m 6p 6p 6p 9s 9s N N | pong 4s 4s 4s | win 9s discard"),
    HandType("qingyise", "清一色", 2,
             lambda c: c.shape != "thirteen_orphans" and c.suits_used() == _number_suits(c)
             and len(_number_suits(c)) == 1, excludes=("pinghu",),
             example="1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 8p 9p 9p | win 9p discard"),
    HandType("qidui", "七对", 2, lambda c: c.shape == "seven_pairs", excludes=("pinghu",),
             example="1m 1m 4m 4m 7p 7p 2s 2s 5s 5s 8s 8s W | win W self"),
    HandType("haohua_qidui", "豪华七对", 3, lambda c: _seven_pairs_quads(c) > 0, excludes=("pinghu", "qidui"),
             example="1m 1m 1m 1m 7p 7p 2s 2s 5s 5s 8s 8s W | win W self"),
    HandType("shisanyao", "十三幺", 13, lambda c: c.shape == "thirteen_orphans", excludes=("pinghu",),
             voice_token="shisanyao",
             example="1m 9m 1p 9p 1s 9s E S W N C F P | win 1m self"),
    HandType("tianhu", "天胡", 3, lambda c: "heavenly" in c.flags and c.is_dealer and c.self_draw,
             excludes=("pinghu",),
             example="1m 2m 3m 4m 5m 6m 2p 3p 4p 7s 8s 9s E | win E self heavenly dealer"),
    HandType("dihu", "地胡", 3, lambda c: "earthly" in c.flags and not c.is_dealer and c.self_draw,
             excludes=("pinghu",),
             example="4m 5m 6m 1p 2p 3p 5p 6p 7p 2s 2s 2s W | win W self earthly"),
)

# The way of winning: on a discard ×1 (nothing listed); 自摸 ×2, or instead 杠上花 / 花上添花 ×3.
WAY_TYPES: tuple[HandType, ...] = (
    HandType("zimo", "自摸", 2, lambda c: c.self_draw,
             example="3m 4m 5m 1p 2p 3p 6p 7p 8p 4s 4s 4s N | win N self"),
    HandType("gangshanghua", "杠上花", 3, lambda c: c.self_draw and "after_kong" in c.flags,
             excludes=("zimo", "huashangtianhua"),
             example="2m 3m 4m 6p 7p 8p 9s 9s W W | kong 1p 1p 1p 1p | win W self after_kong"),
    HandType("huashangtianhua", "花上添花", 3, lambda c: c.self_draw and "after_flower" in c.flags,
             excludes=("zimo",), voice_token="huashangtianhua",
             example="4m 5m 6m 2p 3p 4p 6s 7s 8s 9s 9s N N | win N self after_flower | flowers 3f"),
)

# 番型: what lets a hand win on a discard (有番); they add no points. "1 (番)" in rules help.
FAN_TEXT = "1 (番)"
FAN_TYPES: tuple[HandType, ...] = (
    HandType("zhichibupeng", "只吃不碰", 1, _sets(_zhichibupeng), value_text=FAN_TEXT,
             example="2m 3m 4m 5p 6p 7p 6s 7s 8s 9p | chow 1s 2s 3s | win 9p discard"),
    HandType("menqing", "门清", 1, lambda c: c.menqing, value_text=FAN_TEXT,
             example="1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s E E | win 4s discard"),
    HandType("youyan", "有眼", 1, _sets(lambda c, s: s.pair < FIRST_HONOR and s.pair % 9 in (1, 4, 7)),
             value_text=FAN_TEXT,
             example="2m 2m 2m 6p 7p 8p 3s 4s 5s 8s | pong N N N | win 8s discard"),
    HandType("jianke", "箭刻", 1, _sets(lambda c, s: any(k >= FIRST_DRAGON for k in s.pongs)), value_text=FAN_TEXT,
             example="3m 4m 5m 7p 8p 9p 1s 1s 6s 7s | pong C C C | win 8s discard"),
    HandType("fengke", "风刻", 1, _sets(lambda c, s: seat_wind(c.winner, c.dealer, c.players) in s.pongs),
             value_text=FAN_TEXT,
             example="1m 2m 3m 4p 5p 6p 9p 9p 2s 3s | pong S S S | win 4s discard"),
    HandType("lingpai", "令牌", 1, _sets(_lingpai), value_text=FAN_TEXT,
             example="6m 7m 8m 2p 3p 4p 3s 3s 7s 8s | pong E E E | win 9s discard"),
    HandType("hunyise", "混一色", 1,
             lambda c: c.shape != "thirteen_orphans" and "z" in c.suits_used() and len(_number_suits(c)) == 1,
             value_text=FAN_TEXT,
             example="1s 2s 3s 4s 5s 6s 7s 7s N N | pong W W W | win N discard"),
    HandType("fanhuaduiwei", "翻花对位", 1, _fanhuaduiwei, value_text=FAN_TEXT,
             example="2m 3m 4m 7m 8m 9m 3p 4p 6s 6s | pong 2s 2s 2s | win 5p discard | flowers 2f"),
    HandType("qiangganghu", "抢杠胡", 1, lambda c: "robbing_kong" in c.flags, value_text=FAN_TEXT,
             example="6m 6m 6m 7m 8m 9m 2p 3p 3s 3s 4s 5s 6s | win 4p discard robbing_kong"),
)
FAN_IDS = tuple(t.id for t in FAN_TYPES)


# ---------------------------------------------------------------------------------------------------- context
GA_EXPLAINED = N_("上嘎 is a stake you put up before the deal, 0 to 3. Every payment between you and a winner (or a "
                  "loser, if you win) is multiplied by 1 + your 嘎 + his 嘎: more to win, more to lose.")


def _ling_played(value: Any, frame: ContextFrame) -> str | None:
    # a wind, not a tile in play: with 'no_honors' a given 令 is taken and scores nothing (rules file, Clarifications)
    if not frame.options.jiao_ling:
        return "this table plays without 叫令 (option 'jiao_ling' is off)"
    return None


def _only_flowers(value: list, frame: ContextFrame) -> str | None:
    for i, t in enumerate(value):
        if not is_flower(parse_tile(t)):
            return f"[{i}]: {t} is not a flower (1f-8f)"
    return None


def _after_a_discard(value: int, frame: ContextFrame) -> str | None:
    if frame.discarder is None:
        return "the tiles left when the winning tile was discarded: a self-draw has no discard"
    return None


CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("ga", INT_PER_SEAT, "each seat's 嘎 (上嘎; ignored when 'shang_ga' is off)", minimum=0, maximum=3),
    ContextField("ling", WIND, "the 令 wind (叫令): E until seat 0 deals again after a rotation", check=_ling_played),
    ContextField("flowers", TILES, "the flowers the winner has set aside (翻花对位)", max_len=8, with_hand=True,
                 check=_only_flowers, score_only="a round sees the flowers each seat sets aside"),
    ContextField("tiles_left", INT, "tiles left in the live wall when the winning tile was discarded, the 15 never "
                 "drawn included (海底包牌: 18 to 15, 17 to 15 with three players; the 'last_tile' flag is 15)",
                 minimum=DEAD_WALL, maximum=144, check=_after_a_discard,
                 score_only="a round counts its own wall"),
)


RULES_SUMMARY = N_("Three or four players, 144 tiles with eight flowers. Chow, pong and kong; one winner per discard, "
                   "the first in turn after the discarder; the round is drawn when 15 tiles remain. A win's value "
                   "is its shape multipliers (碰碰胡, 清一色, 七对 ×2, 豪华七对 ×3, 十三幺 ×13, 天胡, 地胡 ×3) times the "
                   "way it was won (on a discard ×1, self-drawn ×2, 杠上花 or 花上添花 ×3). A discard win needs a fan "
                   "type (番) or a shape above 平胡. Every player pays the value times (1 + his 嘎 + the winner's "
                   "嘎); the discarder pays 1 more. Kongs and flower wins (花胡) are paid at once.")


# ---------------------------------------------------------------------------------------------------- the rule set
class Hainan(Variant):
    id = "hainan"
    name = N_("海南麻将")
    region = N_("海南")
    tagline = N_("花牌 · 上嘎")
    name_en = "Hainan"
    seed_file = "004"
    Options = HainanOptions
    player_counts = (3, 4)
    multiple_winners = False  # 截胡: the first in turn order after the discarder
    cut_off_voice = "jiehu"  # and the table says so
    # 过手胡: a passed win on a discard bars every discard (and robbed kong) until the seat draws, chows, pongs or
    # kongs, unless the new win's 牌型分 is higher than the best one passed (Evaluation.pass_rank)
    pass_lock = PassLock(same_kind=False, unless_higher=True, cleared_by_claim=True)
    fan_unit = "倍"
    hand_types = SHAPE_TYPES + WAY_TYPES + FAN_TYPES
    context_fields = CONTEXT_FIELDS
    run_setup_keys = ("ga", "streak", "ling")  # shared/rules/hainan.md, Clarifications
    summary = RULES_SUMMARY
    screen_facts = (
        ScreenFact("a concealed kong's tiles (暗杠)", False, "seed: 暗杠不亮牌 — the others see four backs"),
        ScreenFact("each seat's 嘎", True, "on its seat card for the whole round, and the settlement"),
        ScreenFact("the 令", True, "at the table's centre"),
        ScreenFact("flowers", True, "set aside beside their seat card"),
    )
    score_reasons = (ScoreReason("flower_win", N_("Flower win"), voice_token="huahu"),  # 花胡, paid at once
                     ScoreReason("kong_void", N_("Kong and flower points void")))  # draw_scores off: both undone
    void_line = N_("Drawn round: kong and flower-win points do not count")

    # ---- table
    def tile_set(self, opts: HainanOptions, players: int) -> TileSet:
        return TileSet(honors=not opts.no_honors, flowers=True)  # all 144 at three players too

    def allows_chow(self, opts: HainanOptions) -> bool:
        return not opts.no_chow

    def win_shapes(self, opts: HainanOptions, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        if not concealed_only:
            return (STANDARD,)
        if tile_set.has_thirteen_orphans():
            return (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
        return (STANDARD, SEVEN_PAIRS)

    def wall_tail(self, opts: HainanOptions, players: int) -> int:
        return DEAD_WALL

    def can_rob(self, opts: HainanOptions, kong_type: str) -> bool:
        # only an added kong (漏杠 included); the engine never offers a concealed kong to robbers, so 十三幺 cannot
        # rob one either
        return kong_type == "added_kong"

    def next_dealer(self, rnd: Any, wins: list[Win], exhausted: bool) -> int:
        if exhausted or not wins or wins[0].seat == rnd.dealer:
            return rnd.dealer
        return (rnd.dealer + 1) % rnd.players

    def table_labels(self, opts: HainanOptions, context: dict) -> list:
        ling = context.get("ling")
        return [message(LING_LABELS[ling])] if ling in LING_LABELS else []

    # ---- the game around the rounds: 令 and 上嘎
    def initial_facts(self, opts: HainanOptions, players: int) -> dict:
        return {"ling": "E"} if opts.jiao_ling and not opts.no_honors else {}

    def carry_facts(self, opts: HainanOptions, facts: dict, rnd: Any) -> dict:
        nxt = rnd.next_dealer_seat if rnd.next_dealer_seat is not None else rnd.dealer
        # the deal only passes to the next seat, so seat 0 deals again from another seat after a whole rotation
        if facts.get("ling") is not None and nxt == 0 and rnd.dealer != 0:
            facts["ling"] = WINDS[(WINDS.index(facts["ling"]) + 1) % 4]
        return facts

    def setup_choice(self, opts: HainanOptions, seat: int, facts: dict) -> SetupChoice | None:
        """上嘎: 0–3, never below the seat's last choice unless 自由上嘎 (the AI keeps the least it may)."""
        if not opts.shang_ga:
            return None
        last = 0
        chosen = facts.get("ga")
        if not opts.free_ga and isinstance(chosen, list) and seat < len(chosen) and chosen[seat] in GA_VALUES:
            last = chosen[seat]
        why_not = message(N_("Not below your 嘎 of the last round ({last}): this table plays without 自由上嘎."),
                          last=last) if last else None
        return SetupChoice("ga", "上嘎", GA_VALUES[last:], last, explain=GA_EXPLAINED, why_not=why_not)

    def context_marks(self, opts: HainanOptions, context: dict, seat: int) -> list[SeatMark]:
        # every seat's 嘎 on its card for the whole round: what each payment with him is multiplied by
        ga = context.get("ga") if opts.shang_ga else None
        if isinstance(ga, list) and seat < len(ga) and isinstance(ga[seat], int):
            return [SeatMark(N_("嘎 {n}"), {"n": ga[seat]})]
        return []

    def setup_voices(self, context: dict) -> list[tuple[int, str]]:
        """Each seat that put up 嘎 this round says 上嘎 as the round starts."""
        ga = context.get("ga")
        return [(seat, "shangga") for seat, value in enumerate(ga) if value] if isinstance(ga, list) else []

    # ---- hands
    def evaluate(self, ctx: WinContext) -> Evaluation:
        """The reading with the highest 牌型分; a hand with several arrangements has every 番型 any of them gives."""
        shapes = self.win_shapes(ctx.options, self.tile_set(ctx.options, ctx.players), concealed_only=not ctx.melds)
        best: Evaluation | None = None
        fans: set[str] = set()
        for reading in readings(ctx, shapes):
            ev = self.score_reading(reading)
            ev.ctx = reading
            fans.update(ev.data["fans"])
            if best is None or ev.rank > best.rank:
                best = ev
        if best is None:
            raise NotAWin("the tiles do not form a winning hand")
        if fans != set(best.data["fans"]):
            reading = best.ctx
            best = self._evaluation(reading, best.data["shapes"], best.data["way"], [f for f in FAN_IDS if f in fans])
            best.ctx = reading
        return best

    def score_reading(self, ctx: WinContext) -> Evaluation:
        shapes = matching(SHAPE_TYPES, ctx)
        way = matching(WAY_TYPES, ctx)
        fans = [t.id for t in FAN_TYPES if t.predicate(ctx)]
        return self._evaluation(ctx, shapes, way, fans)

    @staticmethod
    def _evaluation(ctx: WinContext, shapes: list, way: list, fans: list[str]) -> Evaluation:
        shape_mult = 1
        for _, v in shapes:
            shape_mult *= v
        way_mult = way[0][1] if way else 1
        value = shape_mult * way_mult  # 牌型分
        hands = [t.id for t, _ in shapes] + [t.id for t, _ in way] + fans
        lines = [message(N_("{hand} ×{mult}"), hand=t.id, mult=v) for t, v in [*shapes, *way]]
        lines += [message(N_("Fan type (番): {hand}"), hand=f) for f in fans]
        lines.append(message(N_("Hand value (牌型分): {value}"), value=value))
        return Evaluation(hands, value, (value, len(fans)), lines,
                          {"value": value, "shape_mult": shape_mult, "fans": fans, "shapes": shapes, "way": way},
                          pass_rank=(value,))

    def check_win(self, ev: Evaluation, table: Any) -> None:
        ctx = ev.ctx
        assert ctx is not None
        if ctx.self_draw or not table.options.need_fan:
            return
        if not ev.data["fans"] and ev.data["shape_mult"] == 1:
            raise BelowMinimum("有番: a 平胡 without a fan type (番型) may only be won by self-draw at this table")

    # ---- facts the round knows
    def open_facts(self, table: Any, seat: int) -> dict:
        flowers = getattr(table, "flowers", None)
        if flowers is None:
            return {}  # `score`: the caller's context gives the winner's flowers
        return {"flowers": [tile_name(k) for k in flowers[seat]]}

    def win_facts(self, rnd: Any, winner: int) -> dict:
        # the live wall when the winning tile was discarded (or the robbed kong declared): nothing is drawn before
        # the claim is settled
        return {"tiles_left": len(rnd.live) - rnd.pos}

    # ---- settlement
    @staticmethod
    def factor(opts: HainanOptions, context: dict, dealer: int, payer: int, winner: int) -> int:
        """F = 嘎(payer) + 嘎(winner) + 1, + 1 (庄闲) and + the dealer's streak (连庄) when either is the dealer."""
        f = 1
        ga = context.get("ga") if opts.shang_ga else None
        if ga:
            f += ga[payer] + ga[winner]
        if dealer in (payer, winner):
            if opts.zhuang_xian:
                f += 1
            if opts.lian_zhuang:
                f += context.get("streak") or 0
        return f

    # One payer's amount by what multiplied it: 1 + both seats' 嘎 (上嘎), + the dealer's 庄闲 and 连庄. A win's
    # lines name each payer's share (one player may pay them all); a kong's and a flower win's, what each one pays.
    SHARE_WORDS = {
        "share": (N_("{payer}'s share: {points} × {factor} = {amount} (1 + 嘎 {payer_ga} + {winner_ga} + dealer "
                     "{bonus})"),
                  N_("{payer}'s share: {points} × {factor} = {amount} (1 + 嘎 {payer_ga} + {winner_ga})"),
                  N_("{payer}'s share: {points} × {factor} = {amount} (1 + dealer {bonus})"),
                  N_("{payer}'s share: {amount}")),
        "pays": (N_("{payer} pays {winner} {points} × {factor} = {amount} (1 + 嘎 {payer_ga} + {winner_ga} + dealer "
                    "{bonus})"),
                 N_("{payer} pays {winner} {points} × {factor} = {amount} (1 + 嘎 {payer_ga} + {winner_ga})"),
                 N_("{payer} pays {winner} {points} × {factor} = {amount} (1 + dealer {bonus})"),
                 N_("{payer} pays {winner} {amount}")),
    }

    @classmethod
    def share_line(cls, opts: HainanOptions, context: dict, dealer: int, payer: int, winner: int, points: int,
                   amount: int, words: str = "pays") -> Any:
        """"阿强 pays 我 2 × 4 = 8 (1 + 嘎 2 + 1)": one payer's amount and what multiplied it, in numbers."""
        ga = context.get("ga") if opts.shang_ga else None
        ga_sum = ga[payer] + ga[winner] if ga else 0
        factor = cls.factor(opts, context, dealer, payer, winner)
        bonus = factor - 1 - ga_sum
        both, ga_only, dealer_only, plain = cls.SHARE_WORDS[words]
        if factor == 1:  # nothing multiplied it (no 嘎 on either side, no dealer's extra): the amount alone
            msgid, params = plain, {}
        elif ga and bonus:
            msgid, params = both, {"payer_ga": ga[payer], "winner_ga": ga[winner], "bonus": bonus}
        elif ga:
            msgid, params = ga_only, {"payer_ga": ga[payer], "winner_ga": ga[winner]}
        elif bonus:
            msgid, params = dealer_only, {"bonus": bonus}
        else:
            msgid, params = plain, {}
        facts = {"payer": payer, "winner": winner, "points": points, "factor": factor, "amount": amount}
        # a message's params are exactly its msgid's fields (engine/events.py check_message)
        return message(msgid, **params, **{k: v for k, v in facts.items() if "{" + k + "}" in msgid})

    @staticmethod
    def haidi(ctx: WinContext) -> bool:
        """海底包牌: the winning tile was discarded among the last drawable tiles (18 to 15 left, 17 to 15 with three
        players)."""
        if "last_tile" in ctx.flags:
            return True
        left = ctx.context.get("tiles_left")
        return isinstance(left, int) and left <= DEAD_WALL + ctx.players - 1

    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        opts: HainanOptions = table.options
        items = []
        for w in wins:
            ctx, ev = w.ctx, w.evaluation
            value = ev.data["value"]
            lines = list(ev.lines)
            deltas = [0] * table.players
            others = [p for p in range(table.players) if p != w.seat]
            factors = {p: self.factor(opts, ctx.context, table.dealer, p, w.seat) for p in others}
            shares = {p: value * factors[p] for p in others}
            for p in others:
                lines.append(self.share_line(opts, ctx.context, table.dealer, p, w.seat, value, shares[p], "share"))
            if w.from_seat is None:
                for p in others:
                    deltas[p] -= shares[p]
                lines.append(message(N_("{winner} wins by self-draw: each pays his share"), winner=w.seat))
            else:
                payer = w.from_seat
                all_shares = sum(shares.values()) + 1
                robbed_bare = "robbing_kong" in ctx.flags and not [f for f in ev.data["fans"] if f != "qiangganghu"]
                if robbed_bare:
                    deltas[payer] -= all_shares
                    lines.append(message(N_("{payer}'s kong was robbed for no fan but 抢杠胡: he pays every share "
                                            "and 1 more, {amount}"), payer=payer, amount=all_shares))
                elif opts.fang_gou_jiao:
                    deltas[payer] -= all_shares
                    lines.append(message(N_("防勾脚: {payer} pays every share and 1 more, {amount}"), payer=payer,
                                         amount=all_shares))
                elif opts.haidi_bao and self.haidi(ctx):
                    deltas[payer] -= all_shares
                    lines.append(message(N_("海底包牌: {payer} pays every share and 1 more, {amount}"), payer=payer,
                                         amount=all_shares))
                else:
                    for p in others:
                        deltas[p] -= shares[p]
                    deltas[payer] -= 1
                    lines.append(message(N_("{winner} wins on {payer}'s discard: each pays his share, {payer} 1 "
                                            "more"), winner=w.seat, payer=payer))
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, lines))
        return items

    def _paid_by_others(self, rnd: Any, seat: int, points: int) -> tuple[list[int], list]:
        """`points` × F from every other player to `seat`: the deltas and a line per payer."""
        deltas = [0] * rnd.players
        lines = []
        for p in range(rnd.players):
            if p != seat:
                factor = self.factor(rnd.options, rnd.context, rnd.dealer, p, seat)
                amount = points * factor
                deltas[p] -= amount
                # each payer's own multiplier in numbers (his 嘎, 庄闲), so the line shows what he paid and why
                lines.append(self.share_line(rnd.options, rnd.context, rnd.dealer, p, seat, points, amount))
        deltas[seat] -= sum(deltas)
        return deltas, lines

    def kong_score(self, rnd: Any, seat: int, meld: Meld) -> ScoreItem | None:
        opts: HainanOptions = rnd.options
        points = self.kong_points(opts, meld, on_flower=rnd.last_kong_on_flower)
        deltas, lines = self._paid_by_others(rnd, seat, points)
        if meld.type == "concealed_kong":
            head = message(N_("{seat}'s concealed kong: {points} from each other player"), seat=seat, points=points)
        elif meld.type == "added_kong":
            head = message(N_("{seat}'s added kong: {points} from each other player"), seat=seat, points=points)
        else:
            head = message(N_("{seat}'s exposed kong: {points} from each other player"), seat=seat, points=points)
        if meld.type == "kong" and opts.fang_gou_jiao and meld.from_seat is not None:
            total = deltas[seat]
            deltas = [0] * rnd.players
            deltas[meld.from_seat], deltas[seat] = -total, total
            lines = [message(N_("防勾脚: {payer}, who gave the tile, pays every share, {amount}"),
                             payer=meld.from_seat, amount=total)]
        return ScoreItem("kong", deltas, [head, *lines], stands_on_exhaustion=opts.draw_scores)

    @staticmethod
    def kong_points(opts: HainanOptions, meld: Meld, *, on_flower: bool) -> int:
        """What a kong counts before F: exposed and added 1, concealed 2; 摸杠翻倍: an added kong (漏杠 too) 2, or 3
        when its fourth tile was a flower's replacement."""
        if meld.type == "concealed_kong":
            return 2
        if meld.type == "added_kong" and opts.mo_gang_double:
            return 3 if on_flower else 2
        return 1

    def on_flower(self, rnd: Any, seat: int) -> list[ScoreItem]:
        """花胡, paid at once by every other player: a set of four (春夏秋冬 or 梅兰菊竹) 1 × F, all eight 2 × F in
        all; with 'flower_win' off, seven flowers 1 × F and the eighth 2 × F in all."""
        opts: HainanOptions = rnd.options
        flowers = rnd.seats[seat].flowers
        points = self.flower_level(opts, flowers) - self.flower_level(opts, flowers[:-1])
        if points <= 0:
            return []
        deltas, lines = self._paid_by_others(rnd, seat, points)
        if len(flowers) == 8:
            head = message(N_("{seat} holds all eight flowers (花胡): {points} more from each other player"),
                           seat=seat, points=points)
        else:
            head = message(N_("{seat}'s flowers (花胡): {points} from each other player"), seat=seat,
                           points=points)
        return [ScoreItem("flower_win", deltas, [head, *lines], stands_on_exhaustion=opts.draw_scores)]

    @staticmethod
    def flower_level(opts: HainanOptions, flowers: list[int]) -> int:
        held = set(flowers)
        if len(held) == 8:
            return 2
        if opts.flower_win:
            seasons = set(range(FIRST_FLOWER, FIRST_FLOWER + 4))
            plants = set(range(FIRST_FLOWER + 4, FIRST_FLOWER + 8))
            return 1 if seasons <= held or plants <= held else 0
        return 1 if len(held) >= 7 else 0

    def end_of_round(self, rnd: Any, wins: list[Win], exhausted: bool) -> list[ScoreItem]:
        """摸杠翻倍: a 杠上花 on an added kong's replacement makes that kong count 3 × its base points."""
        opts: HainanOptions = rnd.options
        if not opts.mo_gang_double or not wins:
            return []
        w = wins[0]
        kong = rnd.last_kong
        if w.from_seat is not None or "after_kong" not in w.ctx.flags or kong is None or kong.type != "added_kong":
            return []
        more = 3 - self.kong_points(opts, kong, on_flower=rnd.last_kong_on_flower)
        if more <= 0:
            return []
        deltas, lines = self._paid_by_others(rnd, w.seat, more)
        head = message(N_("杠上花 on {seat}'s added kong: the kong counts 3, {points} more from each other player"),
                       seat=w.seat, points=more)
        return [ScoreItem("kong", deltas, [head, *lines])]


VARIANT = Hainan()
