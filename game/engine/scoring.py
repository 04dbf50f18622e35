"""What a winning hand is: its context, its hand types, and the choice of the best reading.

A variant lists its hand types as `HandType` objects: an id (pinyin), the Chinese name, a value, a predicate over one
`WinContext`, and the ids it excludes. The engine builds a `WinContext` for every reading of the hand (each win
shape's readings, see shapes.py: every standard-shape decomposition, seven pairs, thirteen orphans, a variant's own
shapes) and keeps the reading the variant values most.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from . import hand as hand_mod
from .melds import Meld
from .tiles import FIRST_HONOR, NUM_PLAYABLE, counts_of, is_flower

if TYPE_CHECKING:
    from .shapes import WinShape

FLAGS = ("after_kong", "robbing_kong", "last_tile", "heavenly", "earthly", "human", "after_flower")


@dataclass
class WinContext:
    options: Any
    players: int
    dealer: int
    winner: int
    discarder: int | None  # None: self-drawn
    concealed: list[int]  # the winner's concealed kinds, without the winning tile (wildcards included)
    win_tile: int
    melds: list[Meld]
    flags: frozenset[str] = frozenset()
    ghost: int | None = None  # the wildcard kind, if any
    context: dict = field(default_factory=dict)  # variant facts (horses, ga, liabilities ...)
    # one reading of the hand, set by readings():
    shape: str = "standard"  # "standard" | "seven_pairs" | "thirteen_orphans" | a variant's own
    decomposition: hand_mod.Decomposition | None = None
    # facts a rule set derives from this one reading and its predicates share (a reading's hand types each ask
    # them): filled by the rule set's own code, new and empty for every reading (dataclasses.replace makes one)
    derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # ---- derived facts, shared by every variant's predicates ----
    @property
    def self_draw(self) -> bool:
        return self.discarder is None

    @property
    def is_dealer(self) -> bool:
        return self.winner == self.dealer

    @property
    def full_concealed(self) -> list[int]:
        return self.concealed + [self.win_tile]

    @property
    def wild(self) -> int:
        """Wildcards among the concealed tiles (the winning tile included)."""
        if self.ghost is None:
            return 0
        return sum(1 for k in self.full_concealed if k == self.ghost)

    @property
    def natural_counts(self) -> list[int]:
        """34-count vector of the concealed tiles with the winning tile, wildcards taken out."""
        counts = counts_of((k for k in self.full_concealed if k != self.ghost), NUM_PLAYABLE)
        return counts

    @property
    def exposed_melds(self) -> list[Meld]:
        return [m for m in self.melds if m.is_exposed]

    @property
    def menqing(self) -> bool:
        """No exposed meld (concealed kongs allowed)."""
        return not self.exposed_melds

    def natural_kinds(self) -> list[int]:
        """Every tile of the hand (melds included) that is not a wildcard in hand."""
        kinds = [k for k in self.full_concealed if k != self.ghost]
        for m in self.melds:
            kinds.extend(m.tiles)
        return kinds

    def suits_used(self) -> set[str]:
        out = set()
        for k in self.natural_kinds():
            out.add("z" if k >= FIRST_HONOR else "mps"[k // 9])
        return out

    def kong_count(self) -> int:
        return sum(1 for m in self.melds if m.is_kong)

    def all_sets_alike(self) -> bool:
        """碰碰胡: every set is a pong or kong (standard shape only)."""
        if self.shape != "standard" or self.decomposition is None:
            return False
        if any(m.type == "chow" for m in self.melds):
            return False
        return all(g.shape in ("pong", "free") for g in self.decomposition.sets)

    def completes_pair(self) -> bool:
        """The winning tile completes the pair of this reading (单吊)."""
        d = self.decomposition
        if self.shape != "standard" or d is None:
            return False
        if self.ghost is not None and self.win_tile == self.ghost:
            return d.pair_wilds > 0
        return d.pair == self.win_tile

    def seven_pair_quads(self, real_only: bool = False) -> int:
        if self.shape != "seven_pairs":
            return 0
        return max(0, hand_mod.seven_pairs_quads(self.natural_counts, self.wild, real_only=real_only))


@dataclass(frozen=True)
class HandType:
    id: str
    name: str  # Chinese name as players know it
    value: int | Callable[[WinContext], int]
    predicate: Callable[[WinContext], bool]
    excludes: tuple[str, ...] = ()
    value_text: str = ""  # how rules help shows a value that depends on the hand (七大对 "N+1")
    voice_token: str = ""  # what the table's voice says when a win has it ("" nothing beyond 胡 / 自摸)
    # a winning hand that has this type, for rules help to draw (tests score it with the rule set's own rules):
    # groups split by "|": the concealed tiles; a meld ("pong 5p 5p 5p", "chow", "kong", "added_kong",
    # "concealed_kong"); "win TILE self|discard" with any flags (after_kong …) and "dealer" when the winner deals;
    # "flowers TILES" set aside; "context key=value …" and "option key=value …" (values JSON or a tile)
    example: str = ""

    def value_for(self, ctx: WinContext) -> int:
        return self.value(ctx) if callable(self.value) else self.value


class SmallHand(NamedTuple):
    """What a rule set scores besides its hand types (the plain win, what adds to any hand: 平胡, 门前清, 自摸 …),
    as rules help lists it: its id in a win's `hands`, its Chinese name, how it counts, and an example hand in
    HandType.example's format (tests score it with the rule set and find the id)."""

    id: str
    name: str
    value: str
    example: str = ""
    adds: bool = False  # it adds to (or multiplies) whatever hand it comes with: rules help lists it after the hands

    @property
    def value_text(self) -> str:  # read like a HandType's: how rules help shows the value
        return self.value


def matching(types: Iterable[HandType], ctx: WinContext) -> list[tuple[HandType, int]]:
    """The hand types whose predicate holds, minus those another matching type excludes."""
    hits = [t for t in types if t.predicate(ctx)]
    excluded = {x for t in hits for x in t.excludes}
    return [(t, t.value_for(ctx)) for t in hits if t.id not in excluded]


@dataclass
class Evaluation:
    """A variant's verdict on one reading of a winning hand."""

    hands: list[str]  # hand-type ids, in display order
    fan: int | None  # the variant's count (fan, multiplier) as the command line reports it
    rank: tuple  # larger is better: how the variant chooses between readings
    lines: list[str] = field(default_factory=list)
    data: dict = field(default_factory=dict)  # numbers the settlement needs
    ctx: WinContext | None = None
    # what a pass-lock "unless higher" compares (桂柳: the big-hand fan only, payments left out); None: `rank`
    pass_rank: tuple | None = None

    @property
    def lock_rank(self) -> tuple:
        return self.rank if self.pass_rank is None else self.pass_rank


def readings(ctx: WinContext, shapes: Iterable[WinShape]) -> list[WinContext]:
    """Every way the hand can be read as a win with one of `shapes` (the rule set's win shapes for this hand,
    `Variant.win_shapes`); empty: not a win."""
    if any(is_flower(k) for k in ctx.full_concealed):
        return []
    out: list[WinContext] = []
    for shape in shapes:
        out.extend(shape.readings(ctx))
    return out


def best_evaluation(readings_: list[WinContext], score: Callable[[WinContext], Evaluation]) -> Evaluation | None:
    best: Evaluation | None = None
    for r in readings_:
        ev = score(r)
        ev.ctx = r
        if best is None or ev.rank > best.rank:
            best = ev
    return best
