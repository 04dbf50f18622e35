"""The second yardstick (`efficiency`): the textbook tile-efficiency player every open-source mahjong bot starts
from, written here against our own engine and frozen — never tuned once measured, so that the ladder's figures
against it (docs/benchmarks.md) keep their meaning.

Its whole strategy:

- it takes every win it is offered;
- it discards to the lowest distance to a win (shanten over the rule set's own win shapes: the engine's WinCheck,
  not the `mahjong` package), ties broken by how many unseen tiles would then improve the hand (受牌数: the tiles
  of every kind that shortens the distance, counted over what the seat has not seen), then by tile order;
- it pongs and kongs (on a discard, or concealed and added kongs on its own turn) when the distance does not grow;
- it never chows;
- before the deal (上嘎 and the like) it puts up the least it may.

Unlike `baseline` it counts acceptance, which is the whole of the textbook's edge over plain distance. Like it,
it never throws a wildcard while it holds anything else.
"""

from __future__ import annotations

import random

from game.engine.melds import Meld
from game.engine.state import Action
from game.engine.variant import SetupChoice
from game.engine.wincheck import WinCheck


class EfficiencyBot:
    level = "efficiency"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(f"bot:efficiency:{seed}")  # unused by its choices (they are all deterministic)

    def choose_setup(self, choice: SetupChoice, facts: dict) -> int:
        return min(choice.values)

    def choose(self, view, legal: list[Action]) -> Action:
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
            return self._answer_claim(view, check, by_type, counts, melds, now)
        for kong_type in ("concealed_kong", "added_kong"):
            for a in by_type.get(kong_type, []):
                if self._kong_after(check, counts, ghost, melds, a) <= now:
                    return a
        discards = by_type.get("discard", [])
        if not discards:
            return legal[0]
        return self._discard(view, check, discards, counts, melds)

    @staticmethod
    def _answer_claim(view, check: WinCheck, by_type: dict[str, list[Action]], counts: list[int],
                      melds: list[Meld], now: int) -> Action:
        tile = view.claim_tile
        assert tile is not None
        ghost = view.ghost
        for kind, used in (("kong", 3), ("pong", 2)):
            for a in by_type.get(kind, []):
                counts[tile] -= used
                after = check.distance(counts, ghost, melds + [Meld(kind, [tile] * (used + 1), view.claim_from,
                                                                    tile)])
                counts[tile] += used
                if after <= now:
                    return a
        return by_type["pass"][0]

    @staticmethod
    def _kong_after(check: WinCheck, counts: list[int], ghost: int | None, melds: list[Meld], a: Action) -> int:
        assert a.tile is not None
        concealed = a.type == "concealed_kong"
        counts[a.tile] -= 4 if concealed else 1
        kept = melds + [Meld("concealed_kong", [a.tile] * 4)] if concealed else melds
        after = check.distance(counts, ghost, kept)
        counts[a.tile] += 4 if concealed else 1
        return after

    @staticmethod
    def _discard(view, check: WinCheck, discards: list[Action], counts: list[int], melds: list[Meld]) -> Action:
        ghost = view.ghost
        candidates = [a for a in discards if a.tile != ghost] or discards
        by_tile: dict[int, Action] = {}
        for a in candidates:
            assert a.tile is not None
            by_tile.setdefault(a.tile, a)
        distance: dict[int, int] = {}
        for k in by_tile:
            counts[k] -= 1
            distance[k] = check.distance(counts, ghost, melds)
            counts[k] += 1
        lowest = min(distance.values())
        unseen = view.unseen()
        best: tuple[int, int] | None = None  # (-acceptance, kind): smaller is better
        for k in sorted(by_tile):
            if distance[k] != lowest:
                continue
            counts[k] -= 1
            accept = acceptance(check, counts, ghost, melds, unseen, lowest)
            counts[k] += 1
            if best is None or (-accept, k) < best:
                best = (-accept, k)
        assert best is not None
        return by_tile[best[1]]


def acceptance(check: WinCheck, counts: list[int], ghost: int | None, melds: list[Meld], unseen: list[int],
               now: int) -> int:
    """受牌数: the unseen tiles of every kind that would bring `counts` (3k+1 tiles) closer to a win shape (when
    ready, the unseen tiles it wins on)."""
    total = 0
    for k in check.kinds:
        if not unseen[k] or counts[k] >= 4:
            continue
        counts[k] += 1
        closer = check.distance(counts, ghost, melds) < now
        counts[k] -= 1
        if closer:
            total += unseen[k]
    return total
