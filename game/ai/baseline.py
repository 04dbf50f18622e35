"""The baseline bot: always legal, takes every win, discards to get closer to a win, calls when a call helps.

Levels differ in skill only: `easy` sometimes discards a random tile of its best few; `normal` breaks ties between
equally good discards by how connected each tile is; `hard` counts the unseen tiles each choice waits on (受牌数).

"Closer to a win" is the distance (shanten) over the rule set's own win shapes (`Variant.win_shapes`, through the
engine's WinCheck), so the bot plays toward a rule set's special shapes (烂牌 ...) as toward the standard ones.
Flowers still held from the deal (a call can come before the seat's first turn) count as tiles that fit nothing:
they will be replaced by tiles from the wall.
"""

from __future__ import annotations

import random

from game.engine.state import Action
from game.engine.tiles import NUM_PLAYABLE
from game.engine.view import SeatView
from game.engine.wincheck import WinCheck


class BaselineBot:
    def __init__(self, level: str = "normal", seed: int | str = 0):
        self.level = level
        self.rng = random.Random(f"bot:{level}:{seed}")
        self._table_key: tuple | None = None
        self._check: WinCheck | None = None
        self._distance = None  # the distance over the shapes this hand may still make (per decision)
        self._flowers = 0  # flowers held from the deal (per decision)

    # ---- distances
    def _split(self, view: SeatView, counts: list[int]) -> tuple[list[int], int]:
        natural = counts[:NUM_PLAYABLE]
        if view.ghost is None or not natural[view.ghost]:
            return natural, 0
        natural = list(natural)
        wild = natural[view.ghost]
        natural[view.ghost] = 0
        return natural, wild

    def _shanten(self, view: SeatView, counts: list[int]) -> int:
        natural, wild = self._split(view, counts)
        flowers = self._flowers  # blank slots: as wildcards that must still be paid for
        return self._distance(natural, wild + flowers) + flowers

    def _learn_shapes(self, view: SeatView) -> None:
        """The shapes this seat can still make (a melded hand no special ones), once per decision."""
        key = (id(view.variant), view.options, view.players)
        if self._table_key != key:  # the rule set's win evaluation, once per table
            self._table_key = key
            self._check = WinCheck.at(view.variant, view.options, view.players)
        assert self._check is not None
        self._distance = self._check.shapes(view.own_melds).distance
        self._flowers = 0  # on its own turn a seat holds no flower (they are replaced first)

    def _best_discard_shanten(self, view: SeatView, counts: list[int]) -> int:
        """The distance after the best discard from a 3k+2 hand: the hand's own distance (shanten counts the best
        3k+1 subset), so one computation instead of one per discard. Wildcards are never thrown, which the
        distance of the whole hand already assumes."""
        return self._shanten(view, counts)

    # ---- decisions
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        self._learn_shapes(view)
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if "win" in by_type:
            return by_type["win"][0]
        if "pass" in by_type:
            return self._answer_claim(view, by_type)
        for kong_type in ("concealed_kong", "added_kong"):
            for a in by_type.get(kong_type, []):
                if self._kong_keeps_distance(view, a):
                    return a
        return self._discard(view, by_type["discard"])

    def _answer_claim(self, view: SeatView, by_type: dict[str, list[Action]]) -> Action:
        counts = list(view.hand)
        self._flowers = sum(counts[NUM_PLAYABLE:])  # a call can come before the seat's first turn replaced them
        now = self._shanten(view, counts)
        tile = view.claim_tile
        assert tile is not None
        if "kong" in by_type:
            counts[tile] -= 3
            after = self._shanten(view, counts)
            counts[tile] += 3
            if after <= now:
                return by_type["kong"][0]
        for kind in ("pong", "chow"):
            for a in by_type.get(kind, []):
                used = [tile, tile] if kind == "pong" else list(a.tiles)
                for k in used:
                    counts[k] -= 1
                after = self._best_discard_shanten(view, counts)
                for k in used:
                    counts[k] += 1
                if after < now:
                    return a
        return by_type["pass"][0]

    def _kong_keeps_distance(self, view: SeatView, a: Action) -> bool:
        counts = list(view.hand)
        assert a.tile is not None
        before = self._best_discard_shanten(view, counts)
        counts[a.tile] -= 4 if a.type == "concealed_kong" else 1
        return self._shanten(view, counts) <= before

    def _discard(self, view: SeatView, discards: list[Action]) -> Action:
        counts = list(view.hand)
        # never throw a wildcard away while there is anything else to throw
        candidates = [a for a in discards if a.tile != view.ghost] or discards
        if self.level == "hard" or (self.level == "easy" and self.rng.random() < 0.3):
            return self._discard_by_scan(view, counts, candidates)
        # The best possible distance after a discard is the 14-tile hand's own distance. Try the least connected
        # tiles first and keep the first that reaches it: usually one or two distance computations, not fourteen.
        target = self._shanten(view, counts)
        flush = self._flush_suit(view, counts)
        connected = self._connectedness
        keyed = [(flush is not None and a.tile < 27 and a.tile // 9 == flush, connected(counts, a.tile), a.tile, a)
                 for a in candidates]
        keyed.sort()  # tiles are distinct, so the actions themselves are never compared
        order = [x[3] for x in keyed]
        for a in order:
            counts[a.tile] -= 1
            sh = self._shanten(view, counts)
            counts[a.tile] += 1
            if sh <= target:
                return a
        return order[0]

    @staticmethod
    def _flush_suit(view: SeatView, counts: list[int]) -> int | None:
        """The suit worth keeping for 清一色, if the hand leans that way: at equal distance, throw other suits first.
        How far the hand must lean is the rule set's call (Variant.flush_lean)."""
        ghost = view.ghost
        per_suit = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])]
        if ghost is not None and ghost < 27:
            per_suit[ghost // 9] -= counts[ghost]  # wildcards belong to no suit
        total = sum(per_suit)
        for m in view.own_melds:
            if m.tiles[0] < 27:
                per_suit[m.tiles[0] // 9] += 3
                total += 3
            else:
                return None  # an honour set already spoils a flush
        total += sum(counts[27:34]) - (counts[ghost] if ghost is not None and ghost >= 27 else 0)
        threshold = view.variant.flush_lean(view.options)
        best = max(range(3), key=lambda i: per_suit[i])
        return best if total and per_suit[best] / total >= threshold else None

    def _discard_by_scan(self, view: SeatView, counts: list[int], candidates: list[Action]) -> Action:
        scored = []
        for a in candidates:
            k = a.tile
            assert k is not None
            counts[k] -= 1
            sh = self._shanten(view, counts)
            tie = self._tie_break(view, counts, k, sh)
            counts[k] += 1
            scored.append((sh, tie, k, a))
        scored.sort(key=lambda x: (x[0], x[1], x[2]))
        if self.level == "easy" and len(scored) > 1:
            return self.rng.choice(scored[:3])[3]
        return scored[0][3]

    def _tie_break(self, view: SeatView, counts: list[int], k: int, sh: int) -> float:
        """Lower is a better discard."""
        if self.level == "hard":
            return -float(self._acceptance(view, counts, sh))
        return float(self._connectedness(counts, k))

    @staticmethod
    def _connectedness(counts: list[int], k: int) -> int:
        """How much a tile works with the rest of the hand (counts still hold the tile itself once)."""
        score = counts[k] * 3
        if k < 27:
            n = k % 9
            if n >= 2:
                score += counts[k - 2]
            if n >= 1:
                score += 2 * counts[k - 1]
            if n <= 7:
                score += 2 * counts[k + 1]
            if n <= 6:
                score += counts[k + 2]
            if 2 <= n <= 6:
                score += 1  # middle tiles connect more easily
        return score

    def _acceptance(self, view: SeatView, counts: list[int], sh: int) -> int:
        unseen = view.unseen()
        total = 0
        for t in range(NUM_PLAYABLE):
            if unseen[t] and counts[t] < 4:
                counts[t] += 1
                if self._shanten(view, counts) < sh:
                    total += unseen[t]
                counts[t] -= 1
        return total
