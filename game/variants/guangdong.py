"""广东麻将, 鸡平胡 old style (seed 003, cut off where its fan list begins; decisions in the team's rules file
guangdong.md, listed in docs/rule-sets.md).

136 tiles, four players, chow from the previous player, pong and kong, one winner per discard (the first in turn
order after the discarder). A win is worth base × 2^fan: the single highest base hand, plus additions while under the
cap (爆和), capped; special hands go over the cap and take nothing else. Liabilities (包) make one player pay all
three shares. Seat winds follow the dealer; the round wind moves once every seat has dealt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.context import SEAT, TILE, ContextField, ContextFrame
from game.engine.errors import BelowMinimum, OptionError
from game.engine.events import message
from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, SmallHand, WinContext
from game.engine.shapes import STANDARD, THIRTEEN_ORPHANS, WinShape
from game.engine.tiles import FIRST_DRAGON, FIRST_HONOR, FIRST_WIND, TileSet, parse_tile
from game.engine.variant import FeedRule, PassLock, ScoreItem, ScreenFact, Variant, Win
from game.i18n import N_

WINDS = ("E", "S", "W", "N")
ROUND_WIND_LABELS = {"E": N_("East round"), "S": N_("South round"), "W": N_("West round"), "N": N_("North round")}


@dataclass(frozen=True)
class GuangdongOptions:
    min_fan: int = option(3, label="起和番数", choices=(0, 1, 3),
                          labels={3: "3番起和", 1: "1番起和", 0: "无番起和"}, group="规则", help="胡牌至少要有几番")
    cap: int = option(5, label="爆和番数", choices=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), group="结算",
                      help="一手牌最多算几番（爆和）；特殊大牌可以超过")
    discard_payment: str = option("one", label="点炮", choices=("one", "half_liability", "full_liability"),
                                  labels={"one": "点炮一家付", "half_liability": "半铳", "full_liability": "全铳"},
                                  group="结算", help="点炮者付一份；半铳：点炮者付两份、另两家各付一份；全铳：点炮者付三份")
    base: int = option(1, label="底分", minimum=1, group="结算", help="每项付分都乘以底分")

    def check(self, players: int) -> None:
        if self.min_fan > self.cap:
            raise OptionError(f"起和 {self.min_fan} fan is above the cap of {self.cap}: no ordinary hand could win",
                              zh=f"起和番数 {self.min_fan} 高于爆和番数 {self.cap}，普通牌型都不能胡")

    def applies(self, name: str, players: int) -> bool:
        return True


# ---------------------------------------------------------------------------------------------------- the hand
@dataclass(frozen=True)
class Sets:
    """The hand read as four sets and a pair (melds included, kongs counted as pongs)."""

    chows: tuple[int, ...]  # lowest kind of each chow
    pongs: tuple[int, ...]  # kind of each pong or kong
    pair: int | None
    kinds: tuple[int, ...]  # every tile of the hand

    @staticmethod
    def of(ctx: WinContext) -> "Sets | None":
        """The reading's sets, worked out once per reading: every hand type's predicate asks for them."""
        try:
            return ctx.derived["sets"]
        except KeyError:
            got = ctx.derived["sets"] = Sets._read(ctx)
            return got

    @staticmethod
    def _read(ctx: WinContext) -> "Sets | None":
        d = ctx.decomposition
        if ctx.shape != "standard" or d is None:
            return None
        chows = [g.kind for g in d.sets if g.shape == "chow"]
        pongs = [g.kind for g in d.sets if g.shape == "pong"]
        for m in ctx.melds:
            (chows if m.type == "chow" else pongs).append(m.kind)
        return Sets(tuple(chows), tuple(pongs), d.pair, tuple(ctx.natural_kinds()))

    def suits(self) -> set[str]:
        return {"z" if k >= FIRST_HONOR else "mps"[k // 9] for k in self.kinds}

    def honours_only(self) -> bool:
        return all(k >= FIRST_HONOR for k in self.kinds)

    def terminals_only(self) -> bool:
        return all(k < FIRST_HONOR and k % 9 in (0, 8) for k in self.kinds)

    def terminals_and_honours(self) -> bool:
        return all(k >= FIRST_HONOR or k % 9 in (0, 8) for k in self.kinds)

    def dragon_pongs(self) -> int:
        return sum(1 for k in self.pongs if k >= FIRST_DRAGON)

    def wind_pongs(self) -> int:
        return sum(1 for k in self.pongs if FIRST_WIND <= k < FIRST_DRAGON)


def _one_suit(s: Sets, honours: bool) -> bool:
    suits = s.suits()
    numbers = suits - {"z"}
    return len(numbers) == 1 and (("z" in suits) == honours)


def _sets(pred: Callable[[Sets], bool]) -> Callable[[WinContext], bool]:
    def test(ctx: WinContext) -> bool:
        s = Sets.of(ctx)
        return s is not None and pred(s)
    return test


def _nine_gates(ctx: WinContext) -> bool:
    if ctx.melds or ctx.shape != "standard":
        return False
    before = sorted(ctx.concealed)
    suit = before[0] // 9 if before and before[0] < FIRST_HONOR else None
    return suit is not None and [k - 9 * suit for k in before] == [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


# A. base hands: the single highest that applies
BASE_HANDS: tuple[HandType, ...] = (
    HandType("jihu", "鸡胡", 0, lambda c: True,
             example="1m 2m 3m 4p 5p 6p 7s 8s 9s C C C 5m | win 5m self"),
    HandType("pinghu", "平胡", 1, _sets(lambda s: len(s.chows) == 4),
             example="2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 9m | win 9m self"),
    HandType("pengpenghu", "对对胡", 2, _sets(lambda s: len(s.pongs) == 4),
             example="2m 2m 2m 5p 5p 9s 9s 9s N N | pong 7p 7p 7p | win 5p self"),
    HandType("hunyise", "混一色", 2, _sets(lambda s: _one_suit(s, honours=True)),
             example="1s 2s 3s 4s 5s 6s 7s 8s 9s E | pong C C C | win E discard"),
    HandType("qingyise", "清一色", 4, _sets(lambda s: _one_suit(s, honours=False)),
             example="1p 2p 3p 5p 6p 7p 8p 8p 9p 9p | chow 2p 3p 4p | win 9p discard"),
    HandType("hunpeng", "混碰", 4, _sets(lambda s: _one_suit(s, honours=True) and len(s.pongs) == 4),
             example="3s 3s 3s 7s 7s F F | pong 1s 1s 1s | pong W W W | win 7s discard"),
    HandType("qingpeng", "清碰", 5, _sets(lambda s: _one_suit(s, honours=False) and len(s.pongs) == 4),
             example="2m 2m 2m 5m 5m 5m 8m 8m 9m 9m | pong 6m 6m 6m | win 9m discard"),
    HandType("hunyaojiu", "混幺九", 5, _sets(lambda s: s.terminals_and_honours() and not s.honours_only()
                                             and not s.terminals_only()),
             example="1m 1m 1m 9p 9p 9p E E P P | pong 9s 9s 9s | win P discard"),
    HandType("xiaosanyuan", "小三元", 5,
             _sets(lambda s: s.dragon_pongs() == 2 and s.pair is not None and s.pair >= FIRST_DRAGON),
             example="2m 3m 4m 6s 6s C C C F F F P P | win 6s discard"),
    HandType("xiaosixi", "小四喜", 5,
             _sets(lambda s: s.wind_pongs() == 3 and s.pair is not None and FIRST_WIND <= s.pair < FIRST_DRAGON),
             example="5m 6m 7m E E E S S S W W N N | win N discard"),
)

# C. special hands: over the cap (cap + extra), the highest one only, no additions
SPECIAL_HANDS: tuple[HandType, ...] = (
    HandType("dasanyuan", "大三元", 1, _sets(lambda s: s.dragon_pongs() == 3), value_text="cap+1",
             example="2m 3m 4m 9s C C C F F F P P P | win 9s discard"),
    HandType("ziyise", "字一色", 2, _sets(lambda s: s.honours_only()), value_text="cap+2",
             example="E E E S S S N N C C | pong F F F | win C discard"),
    HandType("qingyaojiu", "清幺九", 2, _sets(lambda s: s.terminals_only()), value_text="cap+2",
             example="1m 1m 1m 9m 9m 9m 1p 1p 9s 9s | pong 9p 9p 9p | win 9s discard"),
    HandType("dasixi", "大四喜", 3, _sets(lambda s: s.wind_pongs() == 4), value_text="cap+3",
             example="5p 5p E E E S S S W W W N N | win N discard"),
    HandType("jiulianbaodeng", "九莲宝灯", 4, _nine_gates, value_text="cap+4",
             example="1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s | win 5s self"),
    HandType("shibaluohan", "十八罗汉", 4, lambda c: sum(1 for m in c.melds if m.is_kong) == 4, value_text="cap+4",
             example="3p | kong 2m 2m 2m 2m | concealed_kong 8s 8s 8s 8s | added_kong W W W W | kong C C C C "
                     "| win 3p discard"),
    HandType("shisanyao", "十三幺", 4, lambda c: c.shape == "thirteen_orphans", value_text="cap+4",
             voice_token="shisanyao",
             example="1m 9m 1p 9p 1s 9s E S W N C F P | win P self"),
    HandType("tianhu", "天和", 4, lambda c: "heavenly" in c.flags and c.is_dealer and c.self_draw,
             value_text="cap+4",
             example="1m 2m 3m 4m 5m 6m 2p 3p 4p 7s 8s 9s E | win E self heavenly dealer"),
    HandType("dihu", "地和", 4, lambda c: "earthly" in c.flags and not c.is_dealer and c.self_draw,
             value_text="cap+4",
             example="4m 5m 6m 1p 2p 3p 5p 6p 7p 2s 2s 2s W | win W self earthly"),
    HandType("renhu", "人和", 4, lambda c: "human" in c.flags and not c.is_dealer and c.discarder == c.dealer,
             value_text="cap+4",
             example="7m 8m 9m 3p 4p 5p 4s 5s 6s 8s 8s 8s C | win C discard human"),
)

# B. additions (ids as `hands` lists them); computed in score_reading, listed here for rules help and docs
# (each example reaches the default minimum of 3 fan: a plain 鸡胡 with the addition and what it brings along)
ADDITIONS = (
    SmallHand("zimo", "自摸", "+1", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m self", adds=True),
    SmallHand("menqing", "门前清", "+1", "1m 2m 3m C C C P P P 5s 5s 2m 3m | win 4m discard", adds=True),
    SmallHand("menfeng", "门风刻", "+1", "1m 2m 3m 4p 5p 6p S S S 5s 5s 2m 3m | win 4m self", adds=True),
    SmallHand("quanfeng", "圈风刻", "+1", "1m 2m 3m 4p 5p 6p E E E 5s 5s 2m 3m | win 4m self", adds=True),
    SmallHand("jianke", "箭刻", "+1 each", "1m 2m 3m C C C P P P 5s 5s 2m 3m | win 4m discard", adds=True),
    SmallHand("haidilaoyue", "海底捞月", "+1", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m self last_tile",
              adds=True),
    SmallHand("gangkai", "杠上开花", "+1",
              "1m 2m 3m 4p 5p 6p 5s 5s 2m 3m | concealed_kong 7s 7s 7s 7s | win 4m self after_kong", adds=True),
    SmallHand("qianggang", "抢杠", "0", "6m 6m 6m 7m 8m 9m 2p 3p C C C 5s 5s | win 4p discard robbing_kong", adds=True))

RULES_SUMMARY = N_("Four players, 136 tiles, no flowers. Chow from the player before you, pong and kong; one winner "
                   "per discard, the first in turn after the discarder. A win is worth the base doubled "
                   "once per fan (1 fan ×2, 2 fan ×4, 3 fan ×8): the single highest base hand, plus 自摸, 门前清, "
                   "wind and dragon pongs while under the cap (爆和), capped; special hands go over the cap. A "
                   "win needs the table's minimum fan. Whoever gave a player his fourth exposed meld, or the kong he won on, pays all three shares (包).")


def seat_wind(seat: int, dealer: int) -> int:
    """E S W N by (seat − dealer) mod 4: the dealer is East."""
    return FIRST_WIND + (seat - dealer) % 4


def _is_wind(value: Any, frame: ContextFrame) -> str | None:
    return None if parse_tile(value) in range(FIRST_WIND, FIRST_DRAGON) else "the round wind is E, S, W or N"


CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("round_wind", TILE, "the round wind (圈风), E until every seat has dealt once", check=_is_wind),
    ContextField("wind_start", SEAT, "the seat that dealt first in this round wind"),
)


class Guangdong(Variant):
    id = "guangdong"
    name = N_("广东麻将")
    region = N_("广东")
    tagline = N_("鸡平胡")
    name_en = "Guangdong"
    seed_file = "003"
    Options = GuangdongOptions
    player_counts = (4,)
    multiple_winners = False  # the first in turn order after the discarder
    # 漏胡: a passed win bars that tile kind on discards (and robbed kongs) until he draws, chows, pongs or kongs
    pass_lock = PassLock(same_kind=True, cleared_by_claim=True)
    hand_types = BASE_HANDS + SPECIAL_HANDS
    context_fields = CONTEXT_FIELDS
    run_setup_keys = ("round_wind",)  # shared/rules/guangdong.md, Clarifications: "may be given in `setup` too"
    summary = RULES_SUMMARY
    screen_facts = (
        ScreenFact("the round wind (圈风)", True, "at the table's centre"),
    )
    small_hands = ADDITIONS

    # ---- table
    def feeding_liability(self, opts: GuangdongOptions) -> FeedRule | None:
        return FeedRule(melds=4)  # 十二张落地: the discard that gives a player his fourth exposed meld
    def tile_set(self, opts: GuangdongOptions, players: int) -> TileSet:
        return TileSet()

    def allows_chow(self, opts: GuangdongOptions) -> bool:
        return True

    def win_shapes(self, opts: GuangdongOptions, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        return (STANDARD, THIRTEEN_ORPHANS) if concealed_only else (STANDARD,)

    def can_rob(self, opts: GuangdongOptions, kong_type: str) -> bool:
        return kong_type == "added_kong"  # only added kongs, by the first in turn order after the owner

    def first_dealer(self, players: int, rng: Any) -> int:
        return rng.randrange(players)  # seats are drawn at random; East deals first

    def next_dealer(self, rnd: Any, wins: list[Win], exhausted: bool) -> int:
        if exhausted or any(w.seat == rnd.dealer for w in wins):
            return rnd.dealer
        return (rnd.dealer + 1) % rnd.players

    # ---- facts carried from round to round: the round wind
    def initial_facts(self, opts: GuangdongOptions, players: int) -> dict:
        return {"round_wind": "E"}

    def carry_facts(self, opts: GuangdongOptions, facts: dict, rnd: Any) -> dict:
        start = facts.get("wind_start", rnd.dealer)
        nxt = rnd.next_dealer_seat if rnd.next_dealer_seat is not None else rnd.dealer
        facts["wind_start"] = start
        if nxt != rnd.dealer and nxt == start:  # every seat has dealt once: the next wind
            wind = WINDS.index(facts.get("round_wind", "E"))
            facts["round_wind"] = WINDS[(wind + 1) % 4]
        return facts

    def table_labels(self, opts: GuangdongOptions, context: dict) -> list:
        wind = context.get("round_wind") or "E"
        return [message(ROUND_WIND_LABELS.get(wind, ROUND_WIND_LABELS["E"]))]

    # ---- hands
    def score_reading(self, ctx: WinContext) -> Evaluation:
        opts: GuangdongOptions = ctx.options
        cap = opts.cap
        specials = [t for t in SPECIAL_HANDS if t.predicate(ctx)]
        if specials:
            best = max(specials, key=lambda t: t.value_for(ctx))
            fan = cap + best.value_for(ctx)
            return self._evaluation(ctx, fan, [best.id],
                                    [message(N_("{hand}: the cap {cap} + {extra} = {fan} fan"), hand=best.id, cap=cap,
                                             extra=best.value_for(ctx), fan=fan)])
        base = max((t for t in BASE_HANDS if t.predicate(ctx)), key=lambda t: t.value_for(ctx))
        base_fan = base.value_for(ctx)
        lines = [message(N_("{hand}: {fan} fan"), hand=base.id, fan=base_fan)]
        if base_fan >= cap:
            lines.append(message(N_("At the cap: {fan} fan"), fan=cap))
            return self._evaluation(ctx, cap, [base.id], lines, capped=True)
        hands = [base.id]
        fan = base_fan
        for hand_id, add in self._additions(ctx, base.id):
            if hand_id not in hands:  # 箭刻 is listed once, counted for each dragon pong
                hands.append(hand_id)
            fan += add
            lines.append(message(N_("{hand}: +{fan}"), hand=hand_id, fan=add))
        capped = fan >= cap
        if fan > cap:
            lines.append(message(N_("Capped at {cap} fan (爆和): {fan} counts as {cap}"), cap=cap, fan=fan))
            fan = cap
        return self._evaluation(ctx, fan, hands, lines, capped=capped)

    @staticmethod
    def _additions(ctx: WinContext, base: str) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        robbed = "robbing_kong" in ctx.flags
        if ctx.self_draw or robbed:
            out.append(("zimo", 1))  # 海底捞月, 杠上开花 and 抢杠 count as 自摸 too
        if not ctx.exposed_melds:
            out.append(("menqing", 1))
        s = Sets.of(ctx)
        if s is not None:
            mine = seat_wind(ctx.winner, ctx.dealer)
            rnd_wind = parse_tile(ctx.context.get("round_wind") or "E")
            if base != "xiaosixi":  # 小四喜 includes its wind pongs
                if mine in s.pongs:
                    out.append(("menfeng", 1))
                if rnd_wind in s.pongs:
                    out.append(("quanfeng", 1))
            if base != "xiaosanyuan":  # 小三元 includes its dragon pongs
                out += [("jianke", 1)] * s.dragon_pongs()
        if ctx.self_draw and "last_tile" in ctx.flags:
            out.append(("haidilaoyue", 1))
        if ctx.self_draw and "after_kong" in ctx.flags:
            out.append(("gangkai", 1))
        if robbed:
            out.append(("qianggang", 0))
        return out

    @staticmethod
    def _evaluation(ctx: WinContext, fan: int, hands: list[str], lines: list, capped: bool = False) -> Evaluation:
        # 爆和: the table says so when a win reaches the cap (special hands have their own line)
        return Evaluation(hands, fan, (fan,), lines, {"fan": fan, "voices": ["baohe"] if capped else []})

    def check_win(self, ev: Evaluation, table: Any) -> None:
        need = table.options.min_fan
        if ev.fan is not None and ev.fan < need:
            raise BelowMinimum(f"{ev.fan} fan is below this table's minimum of {need} (起和)")

    # ---- liabilities the round knows
    def win_facts(self, rnd: Any, winner: int) -> dict:
        """十二张落地: who gave the winner his fourth exposed meld (a discarder is liable for one opponent at most,
        the first he gave a fourth meld to)."""
        exposed = [0] * rnd.players
        liable_for: dict[int, int] = {}
        taken: set[int] = set()
        for seat, meld in rnd.claim_order:
            exposed[seat] += 1
            if exposed[seat] == 4 and meld.from_seat not in taken:
                liable_for[seat] = meld.from_seat
                taken.add(meld.from_seat)
        return {"shierzhang": liable_for.get(winner)}

    @staticmethod
    def _liable(ctx: WinContext) -> tuple[int | None, str]:
        """Who pays all three shares of a self-draw, and why (包)."""
        if "robbing_kong" in ctx.flags:
            return ctx.discarder, "qianggang"
        if not ctx.self_draw:
            return None, ""
        if "after_kong" in ctx.flags:
            index = ctx.context.get("kong_meld")
            kong = ctx.melds[index] if isinstance(index, int) and 0 <= index < len(ctx.melds) else next(
                (m for m in reversed(ctx.melds) if m.is_kong), None)
            if kong is not None and kong.type == "kong" and kong.from_seat is not None:
                return kong.from_seat, "gangkai"
        if "shierzhang" in ctx.context:  # a round worked it out (win_facts), None: nobody
            liable = ctx.context["shierzhang"]
            return (liable, "shierzhang") if liable is not None else (None, "")
        exposed = [m for m in ctx.melds if m.is_exposed]
        if len(exposed) == 4:
            return exposed[3].from_seat, "shierzhang"  # `score`: the melds in the order made
        return None, ""

    # ---- settlement
    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        opts: GuangdongOptions = table.options
        items = []
        for w in wins:
            ctx, ev = w.ctx, w.evaluation
            value = opts.base * 2 ** ev.fan
            lines = list(ev.lines)
            # the fan in words ("3 fan = ×8"), then the value's sum: no 2^ for the player to decode
            lines.append(message(N_("{count} fan in all = ×{mult}"), count=ev.fan, mult=2 ** ev.fan))
            lines.append(message(N_("Value: base {base} × {mult} = {amount}"), base=opts.base, mult=2 ** ev.fan,
                                 amount=value))
            deltas = [0] * table.players
            others = [p for p in range(table.players) if p != w.seat]
            liable, why = self._liable(ctx)
            if liable is not None:
                deltas[liable] -= 3 * value
                reason = {"qianggang": N_("{winner} robbed {liable}'s kong: {liable} pays all three shares, {amount}"),
                          "gangkai": N_("{liable} gave the kong {winner} won on: he pays all three shares, {amount}"),
                          "shierzhang": N_("{liable} gave {winner} his fourth exposed meld (十二张落地): he pays all "
                                           "three shares, {amount}")}[why]
                lines.append(message(reason, liable=liable, winner=w.seat, amount=3 * value))
            elif w.from_seat is None:
                for p in others:
                    deltas[p] -= value
                lines.append(message(N_("{winner} wins by self-draw: {amount} from each of {payers}"),
                                     winner=w.seat, amount=value, payers=others))
            else:
                payer = w.from_seat
                if opts.discard_payment == "one":
                    deltas[payer] -= value
                    lines.append(message(N_("{winner} wins on {payer}'s discard: {payer} pays {amount}"),
                                         winner=w.seat, payer=payer, amount=value))
                elif opts.discard_payment == "half_liability":
                    for p in others:
                        deltas[p] -= 2 * value if p == payer else value
                    lines.append(message(N_("半铳: {payer} pays {double}, the others {amount} each"), payer=payer,
                                         double=2 * value, amount=value))
                else:
                    deltas[payer] -= 3 * value
                    lines.append(message(N_("全铳: {payer} pays for everyone, {amount}"), payer=payer,
                                         amount=3 * value))
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, lines))
        return items


VARIANT = Guangdong()
