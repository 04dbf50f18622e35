"""桂柳麻将 (seed 001; decisions in the team's rules file guiliu.md, listed in docs/rule-sets.md).

136 tiles, two to four players, pong and kong (chow as an option), wins on a discard or self-drawn, several winners
on one discard. Small hands (平胡, 烂牌) pay from a table; big hands add their fan into n and pay 15 or 35 × 2^(n−1).
After a win the front of the wall is turned for 醒 (each tile of the hand next to the turned one in its ring adds a
point to every payment; three or more turn again: 翻重醒). Players who fed each other three claims are mutual (互包)
and pay for each other's wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.engine import events
from game.engine.context import SEAT_PAIRS, TILES, ContextField, ContextFrame
from game.engine.events import message
from game.engine.melds import Meld
from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, SmallHand, WinContext, matching
from game.engine.shapes import FAR, SEVEN_PAIRS, STANDARD, WinShape
from game.engine.tiles import (FIRST_HONOR, NUM_PLAYABLE, TileSet, next_in_ring, number_of, parse_tile,
                               prev_in_ring, tile_name)
from game.engine.variant import FeedRule, FlipKind, PassLock, ScoreItem, ScoreReason, ScreenFact, SeatMark, Variant, Win
from game.i18n import N_


@dataclass(frozen=True)
class GuiliuOptions:
    allow_chow: bool = option(False, label="可吃", group="规则", help="可以吃上家打出的牌凑顺子")
    xing: bool = option(True, label="翻醒", group="醒", help="胡牌后翻开牌墙下一张，手中与它相邻的牌每张加1分（醒）")
    chong_xing: bool = option(True, label="翻重醒", group="醒", help="一次醒到3张或以上时再翻一张，继续加分")
    xing_any_suit: bool = option(False, label="上下醒不看花色", group="醒", help="相邻的数字不论哪种花色都算醒")
    zhong_xing: bool = option(False, label="中醒", group="醒", help="翻出的那张牌本身也算醒")
    menqing_x2: bool = option(True, label="门清翻倍", group="结算", help="没碰没明杠胡牌（门清）时付分翻倍")
    hubao: bool = option(True, label="互包", group="规则", help="一家吃碰杠另一家三次后两家互包：一方胡牌，另一方也要付")
    zhui: bool = option(True, label="追牌", group="规则", help="首轮其余三家都跟打庄家的第一张牌，庄家付每家2分")
    kong_on_draw: bool = option(True, label="流局算杠分", group="结算", help="流局时已得的杠分照算")

    def check(self, players: int) -> None:
        """Every combination is playable; 追牌 with fewer than four players is accepted and has no effect."""

    def applies(self, name: str, players: int) -> bool:
        """Whether an option matters at this table (the setup screen hides the others)."""
        if name == "zhui":
            return players == 4
        if name in ("chong_xing", "xing_any_suit", "zhong_xing"):
            return self.xing
        return True


# ---------------------------------------------------------------------------------------------------- 烂牌
def _spread_patterns() -> list[list[int]]:
    """Bit masks of 1–3 numbers of one suit, any two at least 3 apart (1-4-7, 2-5-8, 1-5-9, a lone 6 …), by size."""
    by_size: list[list[int]] = [[0], [], [], []]
    for mask in range(1, 512):
        numbers = [q for q in range(9) if mask >> q & 1]
        if len(numbers) <= 3 and all(b - a >= 3 for a, b in zip(numbers, numbers[1:])):
            by_size[len(numbers)].append(mask)
    return by_size


@lru_cache(maxsize=None)
def _suit_fit(held: int) -> tuple[int, int, int, int]:
    """For the numbers held in one suit (a 9-bit mask): the most of them a spread of 0, 1, 2 or 3 tiles includes."""
    return tuple(max(bin(p & held).count("1") for p in patterns) for patterns in _PATTERNS)  # type: ignore[return-value]


_PATTERNS = _spread_patterns()
# (tiles from each suit, honours): every suit present, 1–3 tiles each, and at least five of the seven honours
_SPLITS = tuple((a, b, c, 14 - a - b - c) for a in (1, 2, 3) for b in (1, 2, 3) for c in (1, 2, 3)
                if 5 <= 14 - a - b - c <= 7)


class LanPai(WinShape):
    """烂牌: fourteen different single tiles; all three suits present; within a suit any two at least 3 apart; at
    least five of the seven honours. 七星烂 is the one with all seven honours (a hand type over this shape).

    `fit` is the most held tiles (each kind once) that one complete 烂牌 can include; like every shape's distance,
    the distance is 13 − fit − wildcards, and the hand is complete when all of its 14 tiles fit."""

    id = "lanpai"

    @staticmethod
    def fit(counts: Sequence[int]) -> int:
        fits = []
        for base in (0, 9, 18):
            mask = 0
            for q in range(9):
                if counts[base + q]:
                    mask |= 1 << q
            fits.append(_suit_fit(mask))
        honours = sum(1 for k in range(FIRST_HONOR, NUM_PLAYABLE) if counts[k])
        return max(fits[0][a] + fits[1][b] + fits[2][c] + min(h, honours) for a, b, c, h in _SPLITS)

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        if sum(counts[:NUM_PLAYABLE]) + wild not in (13, 14):
            return FAR
        return 13 - self.fit(counts) - wild

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        real = sum(counts[:NUM_PLAYABLE])
        return real + wild == 14 and self.fit(counts) == real


LANPAI = LanPai()


# ---------------------------------------------------------------------------------------------------- hands
def _quanqiuren(c: WinContext) -> bool:
    # one concealed tile left, won on a discard, every set claimed from others (a concealed kong breaks it)
    return (not c.self_draw and len(c.concealed) == 1 and len(c.melds) == 4
            and all(m.is_exposed for m in c.melds))


def _honours_only(c: WinContext) -> bool:
    return c.shape in ("standard", "seven_pairs") and c.suits_used() == {"z"}


def _seven_pairs_with_quads(n: int):
    return lambda c: c.shape == "seven_pairs" and c.seven_pair_quads(real_only=True) == n


HAND_TYPES: tuple[HandType, ...] = (
    HandType("qixinglan", "七星烂", 1,
             lambda c: c.shape == "lanpai" and all(c.natural_counts[k] for k in range(FIRST_HONOR, NUM_PLAYABLE)),
             voice_token="qixinglan",
             example="1m 4m 7m 2p 5p 3s 9s E S W N C F | win P self"),
    HandType("qingyise", "清一色", 1, lambda c: len(c.suits_used()) == 1 and "z" not in c.suits_used(),
             example="1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 8p 9p 9p | win 9p discard"),
    HandType("ziyise", "字一色", 1, _honours_only,
             example="E E E S S S W W W C C F F | win F discard"),
    HandType("pengpenghu", "碰碰胡", 1, lambda c: c.all_sets_alike(),
             example="3m 3m 3m 6s 6s 6s N N 8p 8p | pong 1s 1s 1s | win 8p discard"),
    HandType("quanqiuren", "全求人", 1, _quanqiuren,
             example="5s | pong 2m 2m 2m | pong 7p 7p 7p | kong W W W W | pong 4s 4s 4s | win 5s discard"),
    HandType("qixiaodui", "七小对", 1, lambda c: c.shape == "seven_pairs",
             example="2m 2m 5m 5m 8m 8m 3p 3p 6s 6s 9s 9s E | win E self"),
    HandType("haohua_qidui", "豪华七对", 2, _seven_pairs_with_quads(1), excludes=("qixiaodui",),
             example="2m 2m 2m 2m 8m 8m 3p 3p 6s 6s 9s 9s E | win E self"),
    HandType("shuang_haoqi", "双豪七", 3, _seven_pairs_with_quads(2), excludes=("qixiaodui",),
             example="2m 2m 2m 2m 3p 3p 3p 3p 6s 6s 9s 9s E | win E self"),
    HandType("san_haoqi", "三豪七", 4, _seven_pairs_with_quads(3), excludes=("qixiaodui",),
             example="2m 2m 2m 2m 3p 3p 3p 3p 6s 6s 6s 6s E | win E self"),
)

def _hubao_played(pairs: list, frame: ContextFrame) -> str | None:
    return None if frame.options.hubao else "this table plays without 互包 (option 'hubao' is off)"


# What Guiliu reads from a context besides the engine's keys (context.py).
CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("xing", TILES, "the front of the live wall in order, turned for 醒 (tiles beyond those the rules "
                 "turn are ignored)", max_len=136, with_hand=True,
                 score_only="a round turns its 醒 from the front of its own wall"),
    ContextField("hubao", SEAT_PAIRS, "the mutual (互包) pairs [[a, b], …]", check=_hubao_played,
                 score_only="a round sees for itself who fed whom three claims"),
)


# small hands: (dealer self-draw, each), (dealer on a discard), (non-dealer self-draw: non-dealers, dealer),
# (non-dealer on a discard)
SMALL_RATES = {"pinghu": (4, 7, (2, 4), 5), "lanpai": (5, 10, (3, 5), 8)}
BIG_SELF_DRAW, BIG_DISCARD = 15, 35

RULES_SUMMARY = N_("Two to four players, 136 tiles. Pong and kong (chow where chosen). Win on any discard (several "
                   "may win on one) or by self-draw. 平胡 and 烂牌 pay from a table; big hands add their fan "
                   "and pay 15 (self-drawn) or 35 (on a discard), doubled for each fan past the first (2 fan "
                   "×2, 3 fan ×4). After a win the next tile of the wall is "
                   "turned: each tile of the winner's hand beside it adds 1 to every payment (醒), three or more "
                   "turn another. Concealed hands and kong wins double. Whoever fed one player three claims is "
                   "mutual with him (互包) and pays for his wins too.")


def xing_targets(turned: int, opts: GuiliuOptions) -> tuple[set[int], set[int]]:
    """What a turned tile scores: (kinds, numbers in any suit). 上醒 / 下醒 are the next and previous kinds in the
    turned tile's ring; `xing_any_suit` counts those numbers in every suit, `zhong_xing` the turned kind too."""
    kinds = {next_in_ring(turned), prev_in_ring(turned)}
    if opts.zhong_xing:
        kinds.add(turned)
    if opts.xing_any_suit and turned < FIRST_HONOR:
        return set(), {number_of(k) for k in kinds}  # type: ignore[misc]
    return kinds, set()


def xing_count(tiles: Sequence[int], turned: int, opts: GuiliuOptions) -> int:
    kinds, numbers = xing_targets(turned, opts)
    return sum(1 for k in tiles if k in kinds or (k < FIRST_HONOR and number_of(k) in numbers))


def xing_counts(tiles: Sequence[int], sequence: Sequence[int], opts: GuiliuOptions, *, last_tile: bool,
                win_tile: int) -> list[int]:
    """What each tile turned for this hand counts, in turn order (their sum is the 醒数). On 海底 (or with nothing
    left to turn) the winning tile is the turned tile and nothing more is turned: one count, for it; otherwise the
    first tile of `sequence` is turned and, with 翻重醒, three or more hits turn the next, while tiles remain."""
    if last_tile or not sequence:
        return [xing_count(tiles, win_tile, opts)]
    out = []
    for turned in sequence:
        hits = xing_count(tiles, turned, opts)
        out.append(hits)
        if not (opts.chong_xing and hits >= 3):
            break
    return out


def xing_run(tiles: Sequence[int], sequence: Sequence[int], opts: GuiliuOptions, *, last_tile: bool,
             win_tile: int) -> tuple[int, int]:
    """(醒数, how many tiles of `sequence` were turned for this hand: none on 海底 or with nothing left to turn,
    where the winning tile is the turned tile). See xing_counts."""
    counts = xing_counts(tiles, sequence, opts, last_tile=last_tile, win_tile=win_tile)
    return sum(counts), 0 if last_tile or not sequence else len(counts)


def _hand_tiles(ctx: WinContext) -> list[int]:
    """Every tile of the winner's hand: concealed, the winning tile, the melds (kongs as four)."""
    return [*ctx.full_concealed, *(k for m in ctx.melds for k in m.tiles)]


class Guiliu(Variant):
    id = "guiliu"
    name = N_("桂柳麻将")
    region = N_("桂柳")
    tagline = N_("桂林 · 柳州")
    name_en = "Guiliu"
    seed_file = "001"
    Options = GuiliuOptions
    player_counts = (2, 3, 4)
    multiple_winners = True
    search_cost = 4.0  # 烂牌 and 七星烂 among its shapes make every distance slower (measured: 1500 rollouts/s to 6000)
    # 过胡不胡: a passed win bars every discard win until the seat draws, pongs or kongs, unless the new win has more
    # fan (the evaluation's pass_rank: big-hand fan, small hands 0)
    pass_lock = PassLock(same_kind=False, unless_higher=True, cleared_by_claim=True)
    hand_types = HAND_TYPES
    context_fields = CONTEXT_FIELDS
    summary = RULES_SUMMARY
    screen_facts = (
        ScreenFact("互包 between two seats", True, "on both seat cards from the third claim, and said once"),
        ScreenFact("醒 (the turned tiles)", True, "turned after a win, those that count lit"),
    )
    small_hands = (
        SmallHand("pinghu", "平胡", "4 / 7 / 2·4 / 5", "1m 2m 3m 4p 5p 6p 5s 5s 2m 3m | pong 7s 7s 7s | win 4m discard"),
        SmallHand("lanpai", "烂牌", "5 / 10 / 3·5 / 8", "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N | win P self"),
        SmallHand("menqing", "门清", "×2", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m discard", adds=True),
        SmallHand("gangshanghua", "杠上花", "×2",
                  "1m 2m 3m 4p 5p 6p 5s 5s 2m 3m | kong 9p 9p 9p 9p | win 4m self after_kong", adds=True),
        SmallHand("gangshangpao", "杠上炮", "×2",
                  "1m 2m 3m 4p 5p 6p 5s 5s 2m 3m | pong 7s 7s 7s | win 4m discard after_kong", adds=True))
    small_hand_voices = {"lanpai": "lanpai"}
    score_reasons = (
        ScoreReason("hubao", N_("Mutual liability"), voice_token="hubao"),  # 互包
        ScoreReason("zhui", N_("Zhui: following the dealer"), voice_token="zhui"),  # 追牌
    )
    flip_kinds = (FlipKind("xing", N_("Xing"), voice_token="xing"),)  # 醒, after a win

    # ---- table
    def feeding_liability(self, opts: GuiliuOptions) -> FeedRule | None:
        return FeedRule(from_same=3) if opts.hubao else None  # the third claim fed: 互包
    def tile_set(self, opts: GuiliuOptions, players: int) -> TileSet:
        return TileSet()  # all 136 tiles at every table size

    def allows_chow(self, opts: GuiliuOptions) -> bool:
        return opts.allow_chow

    def calls_on_last_discard(self, opts: GuiliuOptions) -> bool:
        return False  # only 胡 may claim the last discard

    def win_shapes(self, opts: GuiliuOptions, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        return (STANDARD, SEVEN_PAIRS, LANPAI) if concealed_only else (STANDARD,)

    # ---- hands
    def score_reading(self, ctx: WinContext) -> Evaluation:
        opts: GuiliuOptions = ctx.options
        hits = matching(HAND_TYPES, ctx)
        big = bool(hits)
        n = sum(v for _, v in hits)
        hands = [t.id for t, _ in hits]
        lines = [message(N_("{hand}: {fan} fan"), hand=t.id, fan=v) for t, v in hits]
        small = None
        if not big:
            small = "lanpai" if ctx.shape == "lanpai" else "pinghu"
            hands.insert(0, small)
        menqing = ctx.menqing
        double = 1
        if menqing:
            hands.append("menqing")
            if opts.menqing_x2:
                double *= 2
        if "after_kong" in ctx.flags:
            hands.append("gangshanghua" if ctx.self_draw else "gangshangpao")
            double *= 2
        payments = self._hand_payments(ctx, small, n)  # seat -> what it pays for the hand, before 醒 and doubling
        received = sum(payments.values()) * double
        return Evaluation(hands, n if big else None, (n, received), lines,
                          {"small": small, "n": n, "payments": payments, "double": double, "menqing": menqing},
                          pass_rank=(n,))

    @staticmethod
    def _hand_payments(ctx: WinContext, small: str | None, n: int) -> dict[int, int]:
        others = [p for p in range(ctx.players) if p != ctx.winner]
        if small is None:
            unit = 2 ** (n - 1)
            if ctx.self_draw:
                return {p: BIG_SELF_DRAW * unit for p in others}
            return {ctx.discarder: BIG_DISCARD * unit}  # type: ignore[dict-item]
        dealer_self, dealer_discard, (non_dealer_each, dealer_pays), on_discard = SMALL_RATES[small]
        if ctx.self_draw:
            if ctx.is_dealer:
                return {p: dealer_self for p in others}
            return {p: dealer_pays if p == ctx.dealer else non_dealer_each for p in others}
        return {ctx.discarder: dealer_discard if ctx.is_dealer else on_discard}  # type: ignore[dict-item]

    # ---- 醒
    def after_win(self, rnd: Any, wins: list[Win]) -> list[dict]:
        """Turn 醒 for the winners: one shared sequence from the front of the live wall (several winners on one
        discard each go as far as their own 重醒 takes them)."""
        opts: GuiliuOptions = rnd.options
        if not opts.xing:
            return []
        front = rnd.live[rnd.pos:rnd.pos + rnd.drawable()]
        last = rnd.drawable() == 0
        counts: dict[int, list[int]] = {}
        for w in wins:
            counts[w.seat] = xing_counts(_hand_tiles(w.ctx), front, opts, last_tile=last, win_tile=w.ctx.win_tile)
        shown = [wins[0].ctx.win_tile] if last else front[:max(len(c) for c in counts.values())]
        for w in wins:
            w.ctx.context["xing"] = [tile_name(k) for k in shown]
        # each winner's counts, one per shown tile (a winner whose 重醒 stopped sooner counts 0 for the later ones)
        counts = {seat: c + [0] * (len(shown) - len(c)) for seat, c in counts.items()}
        hits = {seat: sum(c) for seat, c in counts.items()}
        return [events.flip("xing", [tile_name(k) for k in shown], hits, counts)]

    def _xing(self, ctx: WinContext) -> int:
        opts: GuiliuOptions = ctx.options
        if not opts.xing:
            return 0
        sequence = [parse_tile(t) for t in ctx.context.get("xing") or []]
        if not sequence and "last_tile" not in ctx.flags:
            return 0  # nothing turned: no 醒
        return xing_run(_hand_tiles(ctx), sequence, opts, last_tile="last_tile" in ctx.flags,
                        win_tile=ctx.win_tile)[0]

    # ---- settlement
    def win_facts(self, rnd: Any, winner: int) -> dict:
        if not rnd.options.hubao:
            return {}
        return {"hubao": mutual_pairs(rnd.claims_from)}

    def seat_marks(self, opts: GuiliuOptions, seat: int, melds: Sequence[Sequence[Meld]]) -> list[SeatMark]:
        """互包 on the seat cards: each partner `seat` is mutual with, as soon as the third claim makes it so (the
        melds' feeders are the claims: an added kong was one pong claim, a concealed kong none)."""
        if not opts.hubao:
            return []
        partners = sorted({b if a == seat else a for a, b in mutual_pairs(claims_from_melds(melds)) if seat in (a, b)})
        return [SeatMark(N_("Mutual with {seat}"), {"seat": p}, voice_token="hubao") for p in partners]

    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        items = []
        for w in wins:
            ctx, ev = w.ctx, w.evaluation
            xing = self._xing(ctx)
            double = ev.data["double"]
            per_share = xing * (table.players - 1) if not ctx.self_draw else xing
            deltas = [0] * table.players
            lines = list(ev.lines)
            n = ev.data["n"]
            # the fan in words ("3 fan = ×4"), what doubles and why, then each payment from its base: no n or 2^
            if ev.data["small"] is None:
                rate = BIG_SELF_DRAW if ctx.self_draw else BIG_DISCARD
                if n > 1:
                    lines.append(message(N_("{count} fan in all = ×{mult}"), count=n, mult=2 ** (n - 1)))
                    lines.append(message(N_("Each share: {rate} × {mult} = {amount}"), rate=rate, mult=2 ** (n - 1),
                                         amount=rate * 2 ** (n - 1)))
                else:
                    lines.append(message(N_("Each share: {amount}"), amount=rate))
            else:
                lines.append(message(N_("{hand}: paid by the table's rates"), hand=ev.data["small"]))
            if xing:
                lines.append(message(N_("Xing: {count} — every payment carries {amount} more"), count=xing,
                                     amount=per_share))
            for cause in self._doublings(table.options, ctx, ev):
                lines.append(message(N_("{hand}: ×2"), hand=cause))
            for payer, amount in ev.data["payments"].items():
                pay = (amount + per_share) * double
                deltas[payer] -= pay
                lines.append(self._payment_line(payer, w.seat, amount, per_share, double, pay))
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, lines))
            if table.options.hubao:
                item = self._hubao(table, w, deltas)
                if item is not None:
                    items.append(item)
        return items

    @staticmethod
    def _doublings(opts: GuiliuOptions, ctx: WinContext, ev: Evaluation) -> list[str]:
        """The hand-type ids that doubled the win, each ×2 (their product is the evaluation's `double`)."""
        causes = []
        if ev.data["menqing"] and opts.menqing_x2:
            causes.append("menqing")
        if "after_kong" in ctx.flags:
            causes.append("gangshanghua" if ctx.self_draw else "gangshangpao")
        return causes

    @staticmethod
    def _payment_line(payer: int, winner: int, base: int, xing: int, double: int, pay: int) -> Any:
        """One payer's payment from its base (a small hand's too): "(8 + 醒 2) × 2 = 20"."""
        if xing and double > 1:
            return message(N_("{payer} pays {winner} ({base} + Xing {xing}) × {mult} = {amount}"), payer=payer,
                           winner=winner, base=base, xing=xing, mult=double, amount=pay)
        if xing:
            return message(N_("{payer} pays {winner} {base} + Xing {xing} = {amount}"), payer=payer, winner=winner,
                           base=base, xing=xing, amount=pay)
        if double > 1:
            return message(N_("{payer} pays {winner} {base} × {mult} = {amount}"), payer=payer, winner=winner,
                           base=base, mult=double, amount=pay)
        return message(N_("{payer} pays {winner} {amount}"), payer=payer, winner=winner, amount=pay)

    @staticmethod
    def _hubao(table: Any, w: Win, hand_deltas: list[int]) -> ScoreItem | None:
        """互包: W's partners pay for W's win (rules file: self-draw, the discard of another, a partner's discard)."""
        pairs = table_pairs(w.ctx.context.get("hubao"))
        partners = sorted({b if a == w.seat else a for a, b in pairs if w.seat in (a, b)})
        if not partners:
            return None
        total = hand_deltas[w.seat]  # what W receives for the hand, 醒 and doublings included
        deltas = [0] * table.players
        lines = []
        if w.from_seat is None:
            # rule 1: each partner pays twice W's total; the others pay nothing (their payments come back)
            for p in range(table.players):
                if p != w.seat and p not in partners:
                    deltas[p] -= hand_deltas[p]
            for p in partners:
                deltas[p] -= 2 * total + hand_deltas[p]
                lines.append(message(N_("{liable} is mutual with {winner} and pays twice the win, {amount}; the "
                                        "others pay nothing"), liable=p, winner=w.seat, amount=2 * total))
        else:
            # rule 2: every partner pays W what the discarder pays (a partner who discarded pays it twice)
            paid = -hand_deltas[w.from_seat]
            for p in partners:
                deltas[p] -= paid
                if p == w.from_seat:
                    lines.append(message(N_("{liable} is mutual with {winner} and discarded: he pays double, {amount} "
                                            "more"), liable=p, winner=w.seat, amount=paid))
                else:
                    lines.append(message(N_("{liable} is mutual with {winner} and pays the same, {amount}"),
                                         liable=p, winner=w.seat, amount=paid))
        deltas[w.seat] -= sum(deltas)
        return ScoreItem("hubao", deltas, lines)

    def kong_score(self, rnd: Any, seat: int, meld: Meld) -> ScoreItem | None:
        deltas = [0] * rnd.players
        if meld.type == "concealed_kong":
            payers = [p for p in range(rnd.players) if p != seat]
            for p in payers:
                deltas[p] -= 2
            line = message(N_("{seat}'s concealed kong: each of {payers} pays {amount}"), seat=seat, payers=payers,
                           amount=2)
        else:
            assert meld.from_seat is not None
            deltas[meld.from_seat] -= 3
            if meld.type == "kong":
                line = message(N_("{seat}'s exposed kong: {payer}, who gave the tile, pays {amount}"), seat=seat,
                               payer=meld.from_seat, amount=3)
            else:
                line = message(N_("{seat}'s added kong: {payer}, who gave the pong, pays {amount}"), seat=seat,
                               payer=meld.from_seat, amount=3)
        deltas[seat] -= sum(deltas)
        return ScoreItem("kong", deltas, [line], stands_on_exhaustion=rnd.options.kong_on_draw)

    def on_discard(self, rnd: Any, seat: int, tile: int) -> list[ScoreItem]:
        """追牌: the three others all throw the dealer's first discard in the first go-around, with no call after it."""
        if (not rnd.options.zhui or rnd.players != 4 or rnd.discards_made != 4
                or rnd.calls_made != rnd.calls_before_first_discard):
            return []
        order = [(rnd.dealer + i) % 4 for i in range(4)]
        firsts = [rnd.seats[s].discards[0] if rnd.seats[s].discards else None for s in order]
        if seat != order[3] or len(set(firsts)) != 1:
            return []
        deltas = [2] * 4
        deltas[rnd.dealer] = -6
        payers = [p for p in range(4) if p != rnd.dealer]
        return [ScoreItem("zhui", deltas, [
            message(N_("Zhui: all followed the dealer's first discard: {dealer} pays each of {payers} {amount}"),
                    dealer=rnd.dealer, payers=payers, amount=2)])]


def mutual_pairs(claims_from: Sequence[Sequence[int]]) -> list[list[int]]:
    """互包 pairs [a, b] (a < b): one of them has claimed three or more of the other's discards this round."""
    players = len(claims_from)
    return [[a, b] for a in range(players) for b in range(a + 1, players)
            if claims_from[a][b] >= 3 or claims_from[b][a] >= 3]


def claims_from_melds(melds: Sequence[Sequence[Meld]]) -> list[list[int]]:
    """claims_from[b][a] (b's claims on a's discards, as Round.claims_from counts them) from every seat's melds."""
    players = len(melds)
    out = [[0] * players for _ in range(players)]
    for b, row in enumerate(melds):
        for m in row:
            if m.from_seat is not None and 0 <= m.from_seat < players and m.from_seat != b:
                out[b][m.from_seat] += 1
    return out


def table_pairs(raw: Any) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in raw or []]


VARIANT = Guiliu()
