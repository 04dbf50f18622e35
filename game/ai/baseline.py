"""The yardstick (`baseline`), fixed by shared/DESIGN.md §3.3 and never changed: other levels are measured
against it, so a change here would move every figure in docs/benchmarks.md.

It takes every win; discards by distance to a win only (shanten over the rule set's own win shapes, through the
engine's WinCheck), ties broken by tile order (the lowest kind); pongs and kongs when the distance does not grow;
never chows; never throws a wildcard while it has anything else. Flowers still held from the deal (a call can come
before the seat's first turn) count as tiles that fit nothing: they will be replaced by tiles from the wall.
"""

from __future__ import annotations

import random

from game.engine.melds import Meld
from game.engine.seat_state import SeatState
from game.engine.state import Action
from game.engine.wincheck import WinCheck


class BaselineBot:
    level = "baseline"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(f"bot:baseline:{seed}")  # unused by its choices; the host reseeds it per decision

    def choose(self, view: SeatState, legal: list[Action]) -> Action:
        check = WinCheck.at(view.variant, view.options, view.players)
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if "win" in by_type:
            return by_type["win"][0]
        counts = view.hand
        melds = view.own_melds
        ghost = view.ghost
        now = check.distance(counts, ghost, melds)
        if "pass" in by_type:
            tile = view.claim_tile
            assert tile is not None
            for kind, used in (("kong", 3), ("pong", 2)):
                for a in by_type.get(kind, []):
                    counts[tile] -= used
                    after = check.distance(counts, ghost, melds + [Meld(kind, [tile] * (used + 1), view.claim_from,
                                                                        tile)])
                    counts[tile] += used
                    if after <= now:
                        return a
            return by_type["pass"][0]
        for kong_type in ("concealed_kong", "added_kong"):
            for a in by_type.get(kong_type, []):
                assert a.tile is not None
                counts[a.tile] -= 4 if a.type == "concealed_kong" else 1
                kept = melds + [Meld("concealed_kong", [a.tile] * 4)] if a.type == "concealed_kong" else melds
                after = check.distance(counts, ghost, kept)
                counts[a.tile] += 4 if a.type == "concealed_kong" else 1
                if after <= now:
                    return a
        discards = by_type.get("discard", [])
        if not discards:
            return legal[0]
        candidates = [a for a in discards if a.tile != ghost] or discards
        best: tuple[int, int, Action] | None = None
        for a in candidates:
            k = a.tile
            assert k is not None
            counts[k] -= 1
            d = check.distance(counts, ghost, melds)
            counts[k] += 1
            if best is None or (d, k) < best[:2]:
                best = (d, k, a)
        assert best is not None
        return best[2]
