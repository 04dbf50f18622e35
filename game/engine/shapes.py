"""Win shapes: what a complete hand may look like, as objects.

A rule set declares the shapes a hand may win with (`Variant.win_shapes`). Everything that asks whether tiles make
a win, what they wait on or how far they are from one — the round, the command line, hints and the AI — asks the
shapes, so a rule set's own shape (桂柳's 烂牌) is won with, hinted and played toward like the standard ones.

A shape answers three questions about concealed tiles, given as in hand.py: a count vector (only its first 34
entries are read, so a 42-long vector with flower slots works), wildcards taken out and passed as a count `wild`,
declared melds already removed:

- `is_win(counts, wild)`: the tiles complete the shape;
- `waits(counts, wild, kinds)`: for a 3k+1 hand, the kinds (of `kinds`, default all 34) whose addition completes it,
  sorted; a kind already held four times may be listed (the caller filters by what is unseen);
- `distance(counts, wild)`: the shanten number: -1 complete, 0 ready, n: n tile exchanges from ready. The contract
  (tests/engine/test_shapes.py checks it against brute force): -1 exactly when `is_win`; a 3k+1 hand is one more
  than its best draw, and 0 exactly when `waits` is non-empty; an unfinished 3k+2 hand equals its best discard.
  Like hand.py it ignores the four-copies limit. A shape that cannot be made at the hand's size answers `FAR`.

and gives scoring its readings: `readings(ctx)`, one WinContext per way a complete hand reads as the shape (its
`shape` set to the shape's id, which hand types test).

`ShapeSet` is "any of these shapes" with the same interface. For the three built-in shapes it calls hand.py's fused
functions (one table lookup covers standard, seven pairs and thirteen orphans together), so the round's claim check
and the AI's distance cost what they cost before shapes were objects; a rule set's own shapes are asked one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from . import hand as hand_mod
from .tiles import NUM_PLAYABLE

if TYPE_CHECKING:
    from .scoring import WinContext

FAR = 99  # the distance of a shape that cannot be made at the hand's size

__all__ = ["FAR", "SEVEN_PAIRS", "STANDARD", "THIRTEEN_ORPHANS", "ShapeSet", "SevenPairs", "StandardShape",
           "ThirteenOrphans", "WinShape"]


class WinShape:
    """One winning shape. Subclasses give `id`, `is_win` and `distance`; `waits` and `readings` have defaults."""

    id: str = ""
    # Without wildcards the winning tile always pairs, sets or runs with a tile already held (standard, seven
    # pairs): the round may skip most discards with a cheap look at the neighbours. False for shapes of lone tiles.
    joins_held: bool = False

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        raise NotImplementedError

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        raise NotImplementedError

    def waits(self, counts: Sequence[int], wild: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
        """Every kind tried in turn (a shape with a faster way overrides this)."""
        c = list(counts[:NUM_PLAYABLE])
        if (sum(c) + wild) % 3 != 1 or wild < 0:
            return []
        out = []
        for k in range(NUM_PLAYABLE) if kinds is None else sorted({k for k in kinds if 0 <= k < NUM_PLAYABLE}):
            c[k] += 1
            if self.is_win(c, wild):
                out.append(k)
            c[k] -= 1
        return out

    def readings(self, ctx: "WinContext") -> list["WinContext"]:
        """The hand read as this shape: one reading, or none when it is not this shape."""
        if self.is_win(ctx.natural_counts, ctx.wild):
            return [replace(ctx, shape=self.id, decomposition=None)]
        return []

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"


class StandardShape(WinShape):
    """Sets (pongs, chows) and one pair, wildcards standing in for any tile."""

    id = "standard"
    joins_held = True

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        return hand_mod.is_standard_win(counts, wild)

    def waits(self, counts: Sequence[int], wild: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
        return hand_mod.waits(counts, wild, seven_pairs=False, kinds=kinds)

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        return hand_mod.shanten(counts, wild, seven_pairs=False)

    def readings(self, ctx: "WinContext") -> list["WinContext"]:
        # one reading per decomposition: hand types such as 碰碰胡 or 单吊 depend on how the sets are read
        return [replace(ctx, shape=self.id, decomposition=d)
                for d in hand_mod.decompositions(ctx.natural_counts, ctx.wild)]


class SevenPairs(WinShape):
    """七对: fourteen tiles in seven pairs (four alike count as two pairs)."""

    id = "seven_pairs"
    joins_held = True

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        return hand_mod.is_seven_pairs(counts, wild)

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        return hand_mod.seven_pairs_shanten(counts, wild)


class ThirteenOrphans(WinShape):
    """十三幺: one of each terminal and honour plus one more of them."""

    id = "thirteen_orphans"

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        return hand_mod.is_thirteen_orphans(counts, wild)

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        return hand_mod.thirteen_orphans_shanten(counts, wild)


STANDARD = StandardShape()
SEVEN_PAIRS = SevenPairs()
THIRTEEN_ORPHANS = ThirteenOrphans()
_BUILT_IN = (StandardShape, SevenPairs, ThirteenOrphans)


def _fused_calls(seven_pairs: bool, orphans: bool):
    """is_win and distance for built-in shapes only, as plain closures (cheaper than a method or a partial)."""

    def is_win(counts: Sequence[int], wild: int = 0, _f=hand_mod.is_win) -> bool:
        return _f(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=orphans)

    def distance(counts: Sequence[int], wild: int = 0, _f=hand_mod.shanten) -> int:
        return _f(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=orphans)

    return is_win, distance


class ShapeSet(WinShape):
    """A hand that makes any one of `shapes` is complete; its waits are theirs together, its distance the least."""

    def __init__(self, shapes: Iterable[WinShape]):
        self.shapes: tuple[WinShape, ...] = tuple(shapes)
        types = {type(s) for s in self.shapes}
        # the built-in shapes go through hand.py's fused functions, which always include the standard shape
        self._fused = StandardShape in types
        self._seven_pairs = self._fused and SevenPairs in types
        self._orphans = self._fused and ThirteenOrphans in types
        self._own = tuple(s for s in self.shapes if not (self._fused and type(s) in _BUILT_IN))
        self.joins_held = all(s.joins_held for s in self.shapes)
        self.id = "+".join(s.id for s in self.shapes)
        if self._fused and not self._own:  # the hot path: hand.py's fused functions, called directly
            self.is_win, self.distance = _fused_calls(self._seven_pairs, self._orphans)  # type: ignore[method-assign]

    def is_win(self, counts: Sequence[int], wild: int = 0) -> bool:
        if self._fused and hand_mod.is_win(counts, wild, seven_pairs=self._seven_pairs,
                                           thirteen_orphans=self._orphans):
            return True
        for s in self._own:
            if s.is_win(counts, wild):
                return True
        return False

    def waits(self, counts: Sequence[int], wild: int = 0, kinds: Iterable[int] | None = None) -> list[int]:
        if kinds is not None and self._own:
            kinds = list(kinds)
        out: list[int] = []
        if self._fused:
            out = hand_mod.waits(counts, wild, seven_pairs=self._seven_pairs, thirteen_orphans=self._orphans,
                                 kinds=kinds)
        if self._own:
            found = set(out)
            for s in self._own:
                found.update(s.waits(counts, wild, kinds))
            out = sorted(found)
        return out

    def distance(self, counts: Sequence[int], wild: int = 0) -> int:
        best = FAR
        if self._fused:
            best = hand_mod.shanten(counts, wild, seven_pairs=self._seven_pairs, thirteen_orphans=self._orphans)
        for s in self._own:
            d = s.distance(counts, wild)
            if d < best:
                best = d
        return best

    def readings(self, ctx: "WinContext") -> list["WinContext"]:
        out: list[WinContext] = []
        for s in self.shapes:
            out.extend(s.readings(ctx))
        return out

    def __iter__(self):
        return iter(self.shapes)

    def __len__(self) -> int:
        return len(self.shapes)

    def __repr__(self) -> str:
        return f"ShapeSet({list(self.shapes)!r})"
