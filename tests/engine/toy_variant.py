"""A small test-only rule set that uses what Nanning does not: chow, flowers, a wildcard, one winner per discard,
an any-discard pass lock, thirteen orphans. It proves these engine paths before the rule sets that need them land."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, WinContext, matching
from game.engine.tiles import TileSet, next_in_ring
from game.engine.variant import PassLock, ScoreItem, Variant, Win


@dataclass(frozen=True)
class ToyOptions:
    chow: bool = option(True, label="可吃")
    flowers: bool = option(True, label="花牌")
    ghost: str = option("flip_next", label="鬼牌", choices=("flip_next", "none"))
    players_min: int = option(2, label="最少人数", minimum=2)

    def check(self, players: int) -> None:
        pass


HAND_TYPES = (
    HandType("qingyise", "清一色", 2, lambda c: len(c.suits_used()) == 1),
    HandType("pengpenghu", "碰碰胡", 2, lambda c: c.all_sets_alike()),
    HandType("qidui", "七对", 2, lambda c: c.shape == "seven_pairs"),
    HandType("shisanyao", "十三幺", 13, lambda c: c.shape == "thirteen_orphans", excludes=("qingyise",)),
    HandType("zimo", "自摸", 2, lambda c: c.self_draw),
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

    def thirteen_orphans(self, opts: Any, tile_set: TileSet) -> bool:
        return tile_set.has_thirteen_orphans()

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
