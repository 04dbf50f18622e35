"""A small test-only rule set that uses what Nanning does not: chow, flowers, a wildcard, one winner per discard,
an any-discard pass lock, thirteen orphans, and a win shape of its own (a simple 烂牌, declared through
`Variant.win_shapes` like any rule set's own shape). It proves these engine paths before the rule sets that need them
land."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, WinContext, matching
from game.engine.shapes import FAR, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, WinShape
from game.engine.tiles import FIRST_HONOR, NUM_PLAYABLE, TileSet, next_in_ring
from game.engine.variant import PassLock, ScoreItem, Variant, Win


@dataclass(frozen=True)
class ToyOptions:
    chow: bool = option(True, label="可吃")
    flowers: bool = option(True, label="花牌")
    ghost: str = option("flip_next", label="鬼牌", choices=("flip_next", "none"))
    players_min: int = option(2, label="最少人数", minimum=2)
    lanpai: bool = option(False, label="烂牌")

    def check(self, players: int) -> None:
        pass


# every way to hold up to three tiles of one suit, none within two of another (1-4-7, 1-5-9, a lone 6 ...)
_SPREAD = tuple(c for r in range(4) for c in combinations(range(9), r) if all(b - a >= 3 for a, b in zip(c, c[1:])))


@cache
def _suit_fit(held: tuple[bool, ...]) -> tuple[int, ...]:
    """For 0..3 tiles of a suit in the shape: the most of the held kinds they can include."""
    best = [0, 0, 0, 0]
    for c in _SPREAD:
        best[len(c)] = max(best[len(c)], sum(1 for q in c if held[q]))
    return tuple(best)


class LanPai(WinShape):
    """A toy 烂牌: fourteen different tiles with no two connected (within a suit any two differ by at least 3), so
    each honour at most once; wildcards stand in for any missing tile. Concealed hands only.

    Distance: a complete hand takes up to three tiles of each suit and the rest honours; the most held tiles any such
    hand can include is `fit`, and like every shape's distance it is 13 - fit - wildcards."""

    id = "lanpai"

    def _fit(self, counts: Sequence[int]) -> int:
        fits = [_suit_fit(tuple(counts[b + q] > 0 for q in range(9))) for b in (0, 9, 18)]
        honours = sum(1 for k in range(FIRST_HONOR, NUM_PLAYABLE) if counts[k])
        best = 0
        for a in range(4):
            for b in range(4):
                for c in range(4):
                    h = 14 - a - b - c
                    if h <= 7:
                        best = max(best, fits[0][a] + fits[1][b] + fits[2][c] + min(h, honours))
        return best

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        if sum(counts[:NUM_PLAYABLE]) + wild not in (13, 14):
            return FAR
        return 13 - self._fit(counts) - wild

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        real = sum(counts[:NUM_PLAYABLE])
        return real + wild == 14 and self._fit(counts) == real


LANPAI = LanPai()


HAND_TYPES = (
    HandType("qingyise", "清一色", 2, lambda c: len(c.suits_used()) == 1),
    HandType("pengpenghu", "碰碰胡", 2, lambda c: c.all_sets_alike()),
    HandType("qidui", "七对", 2, lambda c: c.shape == "seven_pairs"),
    HandType("shisanyao", "十三幺", 13, lambda c: c.shape == "thirteen_orphans", excludes=("qingyise",)),
    HandType("zimo", "自摸", 2, lambda c: c.self_draw),
    HandType("lanpai", "烂牌", 3, lambda c: c.shape == "lanpai"),
)


class Toy(Variant):
    id = "toy"
    name = "测试规则"
    Options = ToyOptions
    player_counts = (2, 3, 4)
    multiple_winners = False
    pass_lock = PassLock(same_kind=False, unless_higher=True, cleared_by_claim=True)

    def tile_set(self, opts: ToyOptions, players: int) -> TileSet:
        return TileSet(flowers=opts.flowers)

    def allows_chow(self, opts: ToyOptions) -> bool:
        return opts.chow

    def win_shapes(self, opts: ToyOptions, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        if not concealed_only:
            return (STANDARD,)
        shapes: tuple[WinShape, ...] = (STANDARD, SEVEN_PAIRS)
        if tile_set.has_thirteen_orphans():
            shapes += (THIRTEEN_ORPHANS,)
        if opts.lanpai:
            shapes += (LANPAI,)
        return shapes

    def choose_ghost(self, opts: ToyOptions, live: list[int], rng: Any):
        if opts.ghost == "none" or not live:
            return None, None
        indicator = live[rng.randrange(len(live))]
        while indicator >= 34:  # a flower turned: take the next tile
            indicator = live[(live.index(indicator) + 1) % len(live)]
        return indicator, next_in_ring(indicator)

    def uses_wildcards(self, opts: ToyOptions) -> bool:
        return opts.ghost != "none"

    def can_rob(self, opts: Any, kong_type: str) -> bool:
        return kong_type == "added_kong"

    def score_reading(self, ctx: WinContext) -> Evaluation:
        hits = matching(HAND_TYPES, ctx)
        value = 1
        for _, v in hits:
            value *= v
        hands = [t.id for t, _ in hits] or ["pinghu"]
        return Evaluation(hands, value, (value,), [f"× {value}"], {"value": value})

    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        items = []
        for w in wins:
            deltas = [0] * table.players
            v = w.evaluation.data["value"]
            if w.from_seat is None:
                for p in range(table.players):
                    if p != w.seat:
                        deltas[p] -= v
            else:
                deltas[w.from_seat] -= v
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, w.evaluation.lines))
        return items

    def kong_score(self, rnd: Any, seat: int, meld: Any) -> ScoreItem | None:
        if meld.late:
            return None
        deltas = [-1 if p != seat else rnd.players - 1 for p in range(rnd.players)]
        return ScoreItem("kong", deltas, ["杠"])


VARIANT = Toy()
