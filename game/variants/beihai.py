"""北海麻将 (seed 000; decisions in shared/rules/beihai.md).

A self-draw game (推倒胡 family) for two to four players, with a wildcard (鬼牌) and horses (买马). Hand types are
multipliers that multiply together; horses add to every payer's payment; kongs are paid when made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import events
from game.engine.context import TILES, ContextField
from game.engine.errors import OptionError
from game.engine.events import message
from game.engine.melds import Meld
from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, SmallHand, WinContext, matching
from game.engine.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, WinShape
from game.engine.tiles import RED_DRAGON, TileSet, next_in_ring, number_of, parse_tile, tile_name
from game.engine.variant import FlipKind, ScoreItem, ScoreReason, ScreenFact, Variant, Win
from game.i18n import N_

GHOST_LABELS = {"flip": "翻鬼", "flip_next": "翻鬼下一张", "red_dragon": "红中鬼", "none": "无鬼"}
HORSE_LABELS = {0: "无马", 1: "一码", 2: "2马", 4: "4马", 6: "6马", 8: "8马"}


@dataclass(frozen=True)
class BeihaiOptions:
    base: int = option(1, label="底分", choices=(1, 2), group="结算", help="每项付分都乘以底分")
    honors: bool = option(True, label="带字牌", labels={True: "带字牌", False: "无字牌"}, group="用牌",
                          help="带字牌：牌中有风牌和箭牌；无字牌：只用数牌")
    ghost: str = option("flip", label="鬼牌", choices=tuple(GHOST_LABELS), labels=GHOST_LABELS, group="鬼牌",
                        help="鬼牌可当任意一张牌；选择鬼牌怎样定出")
    ghost_points: bool = option(False, label="鬼牌算分", group="鬼牌", help="每局结束时，鬼牌少的一家按差数付给鬼牌多的一家")
    horses: int = option(4, label="买马", choices=(0, 1, 2, 4, 6, 8), labels=HORSE_LABELS, group="买马",
                         help="胡牌后翻开牌尾的马，每中一马都加付分")
    one_horse_cap: str = option("none", label="一码封顶", choices=("none", "4", "6"),
                                labels={"none": "一码不封顶", "4": "4分封顶", "6": "6分封顶"}, group="买马", help="只买一码时，这一码最多加几分")
    horse_value: str = option("follow_hand", label="马分", choices=("follow_hand", "flat2"),
                              labels={"follow_hand": "马跟胡", "flat2": "每马2分"}, group="买马", help="每中一马，再付一份胡牌分（马跟胡）或2分")
    horse_159: bool = option(False, label="只翻159东中", group="买马", help="翻出1、5、9、东、中都算中马，不看胡牌者的座位")
    qiang_gang_hu: bool = option(False, label="可抢杠胡", group="杠牌", help="别人补杠时可以胡那张牌，由杠牌者付分")
    ming_gang_ke_qiang: bool = option(False, label="明杠可抢", group="杠牌", help="用别人打出的牌开明杠时也可被抢（须开可抢杠胡）")
    sikai: str = option("with_horses", label="4开", choices=("with_horses", "hand_only", "off"),
                        labels={"with_horses": "4开马跟番", "hand_only": "4开马不跟番", "off": "不算4开"}, group="牌型",
                        help="自摸单吊胡牌时付分×4，可选马分是否一起×4")
    gangshanghua: str = option("x2", label="杠上花", choices=("x2", "x4"),
                               labels={"x2": "杠上花×2", "x4": "杠上花×4"}, group="牌型", help="杠后补牌自摸：×2，或大胡×4")
    follow_dealer: bool = option(True, label="跟庄有喜", group="规则", help="首轮其余三家都跟打庄家的第一张牌，庄家付每家1分")
    shisanyao_x8: bool = option(False, label="十三幺×8", group="牌型", help="十三幺算×8（不开时×4）")
    cap4: bool = option(False, label="4倍封顶", group="结算", help="牌型倍数最多算4倍")

    def check(self, players: int) -> None:
        if self.ghost_points and self.ghost == "none":
            raise OptionError("鬼牌算分 needs a wildcard: 'ghost_points' cannot be on with ghost = none (无鬼)",
                              zh="鬼牌算分需要鬼牌：选了“无鬼”就不能开“鬼牌算分”")
        if self.ming_gang_ke_qiang and not self.qiang_gang_hu:
            raise OptionError("明杠可抢 needs 可抢杠胡: turn 'qiang_gang_hu' on to allow 'ming_gang_ke_qiang'",
                              zh="“明杠可抢”要先开“可抢杠胡”")

    def applies(self, name: str, players: int) -> bool:
        """Whether an option matters at this table (the setup screen hides the others)."""
        if name == "one_horse_cap":
            return self.horses == 1
        if name in ("horse_value", "horse_159"):
            return self.horses >= 2
        if name == "ming_gang_ke_qiang":
            return self.qiang_gang_hu
        if name == "follow_dealer":
            return players == 4
        if name == "ghost_points":
            return self.ghost != "none"
        return True


# Horse groups counted from the dealer: dealer, next, opposite, previous.
HORSE_GROUPS = (frozenset({1, 5, 9, "E", "C"}), frozenset({2, 6, "S", "F"}), frozenset({3, 7, "W", "P"}),
                frozenset({4, 8, "N"}))
OFFSET_GROUPS = {4: (0, 1, 2, 3), 3: (0, 1, 3), 2: (0, 1)}  # 3 players: nobody sits opposite


def _face(kind: int) -> int | str:
    n = number_of(kind)
    return n if n is not None else tile_name(kind)


def horse_hits(horses: list[int], winner: int, dealer: int, players: int, only_159: bool) -> int:
    if only_159:
        return sum(1 for h in horses if _face(h) in HORSE_GROUPS[0])
    group = HORSE_GROUPS[OFFSET_GROUPS[players][(winner - dealer) % players]]
    return sum(1 for h in horses if _face(h) in group)


def one_horse_value(kind: int, cap: str) -> int:
    n = number_of(kind)
    if cap == "none":
        return n if n is not None else 10
    limit = 3 if cap == "4" else 5
    return n if n is not None and n <= limit else int(cap)


# What Beihai reads from a context besides the engine's keys (context.py).
CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("horses", TILES, "the turned horse tiles, as many as the 'horses' option",
                 max_len=lambda opts, players: opts.horses, with_hand=True,
                 score_only="a round turns its horses from the wall's end"),
)


# Big-hand shapes: any of them makes the hand a 大胡.
BIG = {"pengpenghu", "qingyise", "qixiaodui", "haohua_qixiaodui", "shisanyao", "quanqiuren"}


def _quanqiuren(c: WinContext) -> bool:
    return c.self_draw and len(c.exposed_melds) == 4


HAND_TYPES: tuple[HandType, ...] = (
    HandType("pengpenghu", "对对胡", 2, lambda c: c.all_sets_alike(),
             example="2m 2m 2m 5p 5p 7m 9s 9s E E E C C | win 9s self | context ghost=7m"),
    HandType("qingyise", "清一色", 2, lambda c: len(c.suits_used()) == 1 and "z" not in c.suits_used(),
             example="1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 8s 9s 9s | win 9s self"),
    HandType("qixiaodui", "七对", 2, lambda c: c.shape == "seven_pairs",
             example="2m 2m 6m 6m 4p 4p 9p 9p 3s 3s 7s 7s S | win S self"),
    HandType("haohua_qixiaodui", "豪华七对", 4,
             lambda c: c.shape == "seven_pairs" and c.seven_pair_quads(real_only=True) > 0, excludes=("qixiaodui",),
             example="2m 2m 2m 2m 4p 4p 9p 9p 3s 3s 7s 7s S | win S self"),
    HandType("shisanyao", "十三幺", lambda c: 8 if c.options.shisanyao_x8 else 4,
             lambda c: c.shape == "thirteen_orphans", value_text="4 / 8",
             example="1m 9m 1p 9p 1s 9s E S W N C F P | win 1m self"),
    HandType("quanqiuren", "全求人", 4, _quanqiuren,
             example="5s | pong 2m 2m 2m | pong 7p 7p 7p | kong W W W W | pong 4s 4s 4s | win 5s self"),
    HandType("haidilaoyue", "海底捞月", 2, lambda c: c.self_draw and "last_tile" in c.flags,
             example="1m 2m 3m 7m 8m 9m 4p 4p 4p 5s 6s P P | win 7s self last_tile"),
    HandType("tianhu", "天胡", 4, lambda c: "heavenly" in c.flags and c.is_dealer and c.self_draw,
             example="1m 2m 3m 4m 5m 6m 2p 3p 4p 7s 8s 9s E | win E self heavenly dealer"),
    HandType("dihu", "地胡", 2, lambda c: "earthly" in c.flags and not c.is_dealer and c.self_draw,
             example="4m 5m 6m 1p 2p 3p 5p 6p 2s 2s 2s W W | win 7p self earthly"),
    HandType("qiangganghu", "抢杠胡", 1, lambda c: "robbing_kong" in c.flags,
             example="6m 6m 6m 7m 8m 9m 2p 3p 3s 3s 4s 5s 6s | win 4p discard robbing_kong "
                     "| option qiang_gang_hu=true"),
)


RULES_SUMMARY = N_("Two to four players. Pong and kong, no chow; win by self-draw only (or by robbing a kong where "
                 "allowed). A wildcard stands for any tile. Hand types multiply; horses turned from the wall's end add "
                 "to every payment; kongs are paid when made.")


class Beihai(Variant):
    id = "beihai"
    name = N_("北海麻将")
    region = N_("北海")
    tagline = N_("鬼牌 · 买马")
    name_en = "Beihai"
    seed_file = "000"
    Options = BeihaiOptions
    player_counts = (2, 3, 4)
    multiple_winners = True  # several players may rob one kong
    fan_unit = "倍"
    hand_types = HAND_TYPES
    context_fields = CONTEXT_FIELDS
    summary = RULES_SUMMARY
    screen_facts = (
        ScreenFact("the wildcard (鬼牌)", True, "its indicator and box at the table, a badge on every wildcard"),
        ScreenFact("horses (买马)", True, "turned after a win, those that hit lit, and on the settlement"),
    )
    small_hands = (SmallHand("pinghu", "平胡", "1", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m self"),
                   SmallHand("gangshanghua", "杠上花", "2 / 4",
                             "1m 2m 3m 4p 5p 6p 2m 3m 5s 5s | kong 7s 7s 7s 7s | win 4m self after_kong", adds=True),
                   SmallHand("sikai", "4开", "4", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s | win 5s self",
                             adds=True))
    score_reasons = (
        ScoreReason("ghost", N_("Wildcard points")),  # 鬼牌算分, at the round's end
        ScoreReason("follow_dealer", N_("Following the dealer"), voice_token="genzhuang"),  # 跟庄有喜
    )
    flip_kinds = (FlipKind("horse", N_("Horses"), voice_token="horse"),)  # 买马, after a win

    # ---- table
    def tile_set(self, opts: BeihaiOptions, players: int) -> TileSet:
        suits = ("m", "s") if players == 2 else ("m", "p", "s")
        return TileSet(suits=suits, honors=opts.honors, extra_red_dragons=not opts.honors and opts.ghost == "red_dragon")

    def discard_wins(self, opts: BeihaiOptions) -> bool:
        return False  # self-draw only; robbing a kong is the one exception

    def win_shapes(self, opts: BeihaiOptions, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        if not concealed_only:
            return (STANDARD,)
        # 十三幺 needs every terminal and honour: not at a table without honours or with two suits
        return (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS) if tile_set.has_thirteen_orphans() else (STANDARD, SEVEN_PAIRS)

    def wall_tail(self, opts: BeihaiOptions, players: int) -> int:
        return opts.horses  # the horses are the last tiles and are never drawn

    def can_rob(self, opts: BeihaiOptions, kong_type: str) -> bool:
        if kong_type == "added_kong":
            return opts.qiang_gang_hu
        return kong_type == "kong" and opts.ming_gang_ke_qiang

    def choose_ghost(self, opts: BeihaiOptions, live: list[int], rng: Any) -> tuple[int | None, int | None]:
        if opts.ghost == "none":
            return None, None
        if opts.ghost == "red_dragon":
            return None, RED_DRAGON
        if not live:
            return None, None
        indicator = live[rng.randrange(len(live))]  # turned face up; it stays in the wall
        return indicator, indicator if opts.ghost == "flip" else next_in_ring(indicator)

    def flush_lean(self, opts: BeihaiOptions) -> float:
        # where horses follow the hand (马跟胡) every hit pays the hand again: a flush is worth leaning into sooner
        return 0.55 if opts.horses >= 2 and opts.horse_value == "follow_hand" else 0.65

    def uses_wildcards(self, opts: BeihaiOptions) -> bool:
        return opts.ghost != "none"

    def ghost_from_indicator(self, opts: BeihaiOptions, indicator: int) -> int | None:
        if opts.ghost == "flip":
            return indicator
        if opts.ghost == "flip_next":
            return next_in_ring(indicator)
        return self.fixed_ghost(opts)

    def fixed_ghost(self, opts: BeihaiOptions) -> int | None:
        return RED_DRAGON if opts.ghost == "red_dragon" else None

    # ---- hands
    def score_reading(self, ctx: WinContext) -> Evaluation:
        opts: BeihaiOptions = ctx.options
        hits = matching(HAND_TYPES, ctx)
        big = any(t.id in BIG for t, _ in hits)
        mult = 1
        for _, v in hits:
            mult *= v
        lines = [message(N_("{hand} ×{mult}"), hand=t.id, mult=v)
                 for t, v in hits if v != 1 or t.id == "qiangganghu"]
        hands = [t.id for t, _ in hits]
        if ctx.self_draw and "after_kong" in ctx.flags:
            g = 4 if opts.gangshanghua == "x4" and big else 2
            mult *= g
            hands.append("gangshanghua")
            lines.append(message(N_("{hand} ×{mult}"), hand="gangshanghua", mult=g))
        if not big:
            hands.insert(0, "pinghu")
            lines.insert(0, message(N_("{hand} ×{mult}"), hand="pinghu", mult=1))
        if opts.cap4 and mult > 4:
            lines.append(message(N_("Capped at ×{cap}: ×{mult} counts as ×{cap}"), cap=4, mult=mult))
            mult = 4
        # 四开: a self-draw whose winning tile completes the pair (单吊); a dealt hand (天胡) has no such tile
        sikai = (opts.sikai != "off" and ctx.self_draw and "heavenly" not in ctx.flags and ctx.completes_pair())
        if sikai:
            hands.append("sikai")
            if opts.sikai == "with_horses":
                lines.append(message(N_("{hand} (self-drawn single wait) ×4, the horses ×4 too"), hand="sikai"))
            else:
                lines.append(message(N_("{hand} (self-drawn single wait) ×4, the horses not"), hand="sikai"))
        return Evaluation(hands, mult, (mult * (4 if sikai else 1), mult), lines, {"mult": mult, "sikai": sikai})

    # ---- settlement
    def after_win(self, rnd: Any, wins: list[Win]) -> list[dict]:
        """Turn the horses (the reserved tail of the wall) and give every win its horses."""
        opts: BeihaiOptions = rnd.options
        if not opts.horses:
            return []
        horses = rnd.live[len(rnd.live) - opts.horses:]
        for w in wins:
            w.ctx.context["horses"] = [tile_name(h) for h in horses]
        # what each horse counts for each winner: 1 for a horse that hits him (his group, or 159东中); the one horse
        # of 一码 counts its value for whoever wins
        if opts.horses == 1:
            counts = {w.seat: [one_horse_value(h, opts.one_horse_cap) for h in horses] for w in wins}
        else:
            counts = {w.seat: [horse_hits([h], w.seat, rnd.dealer, rnd.players, opts.horse_159) for h in horses]
                      for w in wins}
        return [events.flip("horse", [tile_name(h) for h in horses],
                            {w.seat: self._hits(horses, w.seat, rnd.dealer, rnd.players, opts) for w in wins}, counts)]

    @staticmethod
    def _hits(horses: list[int], winner: int, dealer: int, players: int, opts: BeihaiOptions) -> int:
        if opts.horses == 1:
            return 0
        return horse_hits(horses, winner, dealer, players, opts.horse_159)

    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        opts: BeihaiOptions = table.options
        base = opts.base
        items = []
        for w in wins:
            ctx, ev = w.ctx, w.evaluation
            hand = base * ev.data["mult"]
            lines = list(ev.lines) + [message(N_("Hand: base points {base} × {mult} = {amount}"), base=base,
                                              mult=ev.data["mult"], amount=hand)]
            horses = [parse_tile(h) for h in ctx.context.get("horses", [])]
            horse = 0
            if opts.horses == 1 and horses:
                horse = one_horse_value(horses[0], opts.one_horse_cap) * base
                lines.append(message(N_("One horse {tile}: +{amount}"), tile=tile_name(horses[0]), amount=horse))
            elif opts.horses >= 2 and horses:
                hits = horse_hits(horses, w.seat, table.dealer, table.players, opts.horse_159)
                per_hit = hand if opts.horse_value == "follow_hand" else 2 * base
                horse = hits * per_hit
                lines.append(message(N_("Horses hit: {hits} × {per_hit} = +{amount}"), hits=hits, per_hit=per_hit,
                                     amount=horse))
            share = hand + horse
            # each share as its sum, the hand and its horses: "(8 + 8) × 4 = 64", not the bare 64
            if ev.data["sikai"] and opts.sikai == "with_horses":
                share = 4 * share
                lines.append(message(N_("With sikai ×4: ({points} + {horses}) × 4 = {amount} a share"), points=hand,
                                     horses=horse, amount=share) if horse else
                             message(N_("With sikai ×4: {points} × 4 = {amount} a share"), points=hand, amount=share))
            elif ev.data["sikai"]:
                share = 4 * hand + horse
                lines.append(message(N_("With sikai ×4: {points} × 4 + {horses} = {amount} a share"), points=hand,
                                     horses=horse, amount=share))
            elif horse:
                lines.append(message(N_("Each share: {points} + {horses} = {amount}"), points=hand, horses=horse,
                                     amount=share))
            deltas = [0] * table.players
            if w.from_seat is not None:  # a robbed kong: only its owner pays, one share per robber
                deltas[w.from_seat] -= share
                lines.append(message(N_("{winner} robs {payer}'s kong: {payer} pays {amount}"), winner=w.seat,
                                     payer=w.from_seat, amount=share))
            else:
                liable = self._kong_bao(ctx)
                payers = [p for p in range(table.players) if p != w.seat]
                if liable is not None:
                    deltas[liable] -= share * len(payers)
                    lines.append(message(N_("{winner} wins on the kong {liable} gave: {liable} pays for everyone, "
                                            "{amount}"), winner=w.seat, liable=liable, amount=share * len(payers)))
                else:
                    for p in payers:
                        deltas[p] -= share
                    lines.append(message(N_("{winner} wins by self-draw: {amount} from each of {payers}"),
                                         winner=w.seat, amount=share, payers=payers))
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, lines))
        return items

    @staticmethod
    def _kong_bao(ctx: WinContext) -> int | None:
        """杠爆全包: 杠上花 on an exposed kong made on A's discard: A pays for everyone."""
        if "after_kong" not in ctx.flags or not ctx.melds:
            return None
        index = ctx.context.get("kong_meld")
        if isinstance(index, int) and 0 <= index < len(ctx.melds):
            last = ctx.melds[index]  # the engine knows which kong gave the replacement tile
        else:
            kongs = [m for m in ctx.melds if m.is_kong]  # `score`: the last kong listed
            last = kongs[-1] if kongs else None
        if last is not None and last.type == "kong" and last.from_seat is not None:
            return last.from_seat
        return None

    def kong_score(self, rnd: Any, seat: int, meld: Meld) -> ScoreItem | None:
        if meld.late:
            return None  # 过手杠 scores nothing
        base = rnd.options.base
        deltas = [0] * rnd.players
        if meld.type == "kong":
            assert meld.from_seat is not None
            deltas[meld.from_seat] -= 3 * base
            line = message(N_("{seat}'s exposed kong: {payer}, who gave the tile, pays 3 × base points {base} = "
                              "{amount}"), seat=seat, payer=meld.from_seat, base=base, amount=3 * base)
        else:
            payers = [p for p in range(rnd.players) if p != seat]
            each = base if meld.type == "added_kong" else 2 * base
            for p in payers:
                deltas[p] -= each
            if meld.type == "added_kong":
                line = message(N_("{seat}'s added kong: each of {payers} pays the base points, {amount}"),
                               seat=seat, payers=payers, amount=each)
            else:
                line = message(N_("{seat}'s concealed kong: each of {payers} pays 2 × base points {base} = "
                                  "{amount}"), seat=seat, payers=payers, base=base, amount=each)
        deltas[seat] -= sum(deltas)
        return ScoreItem("kong", deltas, [line])

    def on_discard(self, rnd: Any, seat: int, tile: int) -> list[ScoreItem]:
        """跟庄有喜: the three others all follow the dealer's first discard in the first go-around, with no call in
        between (a concealed kong is a call; the dealer's own kong before his first discard is not in between)."""
        if not rnd.options.follow_dealer or rnd.players != 4 or rnd.discards_made != 4 or rnd.calls_made != rnd.calls_before_first_discard:
            return []
        order = [(rnd.dealer + i) % 4 for i in range(4)]
        firsts = [rnd.seats[s].discards[0] if rnd.seats[s].discards else None for s in order]
        if seat != order[3] or len(set(firsts)) != 1:
            return []
        base = rnd.options.base
        deltas = [base] * 4
        deltas[rnd.dealer] = -3 * base
        payers = [p for p in range(4) if p != rnd.dealer]
        return [ScoreItem("follow_dealer", deltas, [
            message(N_("All followed the dealer's first discard: {dealer} pays each of {payers} {amount}"),
                    dealer=rnd.dealer, payers=payers, amount=base)])]

    def end_of_round(self, rnd: Any, wins: list[Win], exhausted: bool) -> list[ScoreItem]:
        """鬼牌算分: every pair of players settles the difference of the wildcards they hold."""
        if not rnd.options.ghost_points or rnd.ghost is None:
            return []
        held = []
        for s in rnd.seats:
            held.append(s.hand[rnd.ghost] + sum(m.tiles.count(rnd.ghost) for m in s.melds))
        return ghost_point_items(held, rnd.options.base)

    def next_dealer(self, rnd: Any, wins: list[Win], exhausted: bool) -> int:
        if exhausted or not wins:
            return rnd.dealer
        if len(wins) > 1:  # several robbed one kong: the robbed player deals
            return wins[0].from_seat if wins[0].from_seat is not None else rnd.dealer
        return wins[0].seat


def ghost_point_items(held: list[int], base: int) -> list[ScoreItem]:
    n = len(held)
    total = sum(held)
    deltas = [(n * g - total) * base for g in held]
    if not any(deltas):
        return []
    lines = [message(N_("Wildcard points: every two players settle the difference of the wildcards they hold, "
                        "{base} each"), base=base)]
    lines += [message(N_("{seat} holds wildcards: {count}"), seat=i, count=g) for i, g in enumerate(held)]
    return [ScoreItem("ghost", deltas, lines)]


VARIANT = Beihai()
