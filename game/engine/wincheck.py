"""The one win evaluation: may this hand win, and on what? Used by the round, the `score` command, every seat's hints
(SeatState `wait_info`, `wait_details`) and the AI, so a hint never promises a win the round would refuse.

A win is decided in this order, each step from the rule set's hooks:

1. shape: the tiles make one of the rule set's win shapes (`Variant.win_shapes`, shapes.py) — the fast check;
2. table bar: `Variant.may_win(opts, seat, melds)` (Nanning's 封胡), from public facts only: every seat's melds and
   who fed them, so a seat can apply it to itself exactly as the round does;
3. reading: `Variant.evaluate(ctx)` (the best reading of the hand; NotAWin if none, e.g. flowers still in hand);
4. minimum: `Variant.check_win(ev, table)` (BelowMinimum: a small hand on a discard, a minimum fan ...);
5. pass-lock, for a win on a discard or a robbed kong: `Variant.pass_lock` against the seat's lock state (the kinds
   or all discards barred since it passed a win, and the best win it passed).

`WinCheck` holds what does not change during a round (the rule set, its options, the table size, the shapes);
everything else is passed in, from the round (the authoritative state) or from a seat's own picture of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .errors import BelowMinimum, NotAWin
from .scoring import Evaluation, WinContext
from .shapes import ShapeSet
from .tiles import NUM_KINDS, NUM_PLAYABLE, TileSet

if TYPE_CHECKING:
    from .melds import Meld
    from .variant import PassLock, Variant

# why a wait cannot be won on a discard now (Wait.reason)
SELF_DRAW_ONLY = "self_draw_only"  # the rule set is won by self-draw only (Beihai)
PASS_LOCK = "pass_lock"  # the seat passed a win and may not win on this discard until it draws (过胡)
BELOW_MINIMUM = "below_minimum"  # the hand is too small for this way of winning (平胡不可点炮, a minimum fan)
BARRED = "barred"  # the table bars this seat from winning at all (封胡)
NOT_A_WIN = "not_a_win"  # the shape is complete but the rule set reads no win (flowers still in hand ...)


_SHARED: dict[tuple, "WinCheck"] = {}
WAITS_KEPT = 4096  # a table's remembered waits (WinCheck.waits), at most


class LockHolder(Protocol):
    """A seat's pass-lock state (state.Seat, PassLockState)."""

    lock_kinds: set[int]
    lock_all: bool
    lock_rank: tuple | None


@dataclass
class PassLockState:
    """A seat's pass-lock as the seat itself knows it (SeatState): the same fields as the round's Seat."""

    lock_kinds: set[int] = field(default_factory=set)  # kinds barred on discards
    lock_all: bool = False  # every discard barred
    lock_rank: tuple | None = None  # the best win passed

    def as_tuple(self) -> tuple:
        return (frozenset(self.lock_kinds), self.lock_all, self.lock_rank)


def lock_bars(rule: "PassLock | None", holder: LockHolder, tile: int, ev: Evaluation) -> bool:
    """Whether the seat's pass-lock bars winning `ev` on a discard (or robbed kong) of `tile`."""
    if rule is None:
        return False
    barred = tile in holder.lock_kinds if rule.same_kind else holder.lock_all
    if barred and rule.unless_higher and holder.lock_rank is not None and ev.lock_rank > holder.lock_rank:
        return False
    return barred


def lock_after_pass(rule: "PassLock | None", holder: LockHolder, tile: int, ev: Evaluation) -> None:
    """The seat could win `ev` on `tile` and did not: bar it as the rule says."""
    if rule is None:
        return
    if rule.same_kind:
        holder.lock_kinds.add(tile)
    else:
        holder.lock_all = True
    if holder.lock_rank is None or ev.lock_rank > holder.lock_rank:
        holder.lock_rank = ev.lock_rank


def lock_clear(holder: LockHolder) -> None:
    holder.lock_kinds.clear()
    holder.lock_all = False
    holder.lock_rank = None


@dataclass(frozen=True)
class Wait:
    """One kind that completes a ready hand, and what winning with it would be now.

    `by_discard`: a discard of it (by another seat, with no special facts) would be a win the round offers;
    `by_self_draw`: drawing it would be a win; `reason`: why not by discard (SELF_DRAW_ONLY, PASS_LOCK,
    BELOW_MINIMUM, BARRED, NOT_A_WIN), None when it may; the counts are the rule set's (fan / multiplier)."""

    kind: int
    unseen: int
    by_discard: bool
    by_self_draw: bool
    discard_fan: int | None = None
    self_draw_fan: int | None = None
    reason: str | None = None

    @property
    def status(self) -> str:
        """"discard" (wins on a discard, and by self-draw), "self_draw" (only by self-draw) or "none" (not now)."""
        if self.by_discard:
            return "discard"
        return "self_draw" if self.by_self_draw else "none"

    @property
    def fan(self) -> int | None:
        """The count if won: self-drawn where that may be, else on a discard; None when it cannot be won now."""
        return self.self_draw_fan if self.by_self_draw else self.discard_fan

    def as_tuple(self) -> tuple[int, int, int | None]:
        """(kind, unseen, count): the form `wait_details` gives."""
        return (self.kind, self.unseen, self.fan)


class WinCheck:
    """A rule set's win evaluation at one table (rule set, options, number of players). `WinCheck.at(...)` shares
    one per table (they hold nothing that changes: the waits they remember are the shapes' own)."""

    @staticmethod
    def at(variant: "Variant", options: Any, players: int) -> "WinCheck":
        """The (shared) win evaluation of a table: every round and seat at it asks the same one."""
        key = (variant, options, players)
        try:
            check = _SHARED.get(key)
        except TypeError:  # options that cannot be hashed: no sharing
            return WinCheck(variant, options, players)
        if check is None:
            if len(_SHARED) >= 64:
                _SHARED.clear()
            check = _SHARED[key] = WinCheck(variant, options, players)
        return check

    def __init__(self, variant: "Variant", options: Any, players: int, *, tile_set: TileSet | None = None):
        self.variant = variant
        self.options = options
        self.players = players
        self.tile_set = tile_set if tile_set is not None else variant.tile_set(options, players)
        self.kinds = [k for k in self.tile_set.kinds() if k < NUM_PLAYABLE]
        self.discard_wins = variant.discard_wins(options)
        self.pass_lock = variant.pass_lock
        self.open_shapes = ShapeSet(variant.win_shapes(options, self.tile_set, concealed_only=False))
        self.concealed_shapes = ShapeSet(variant.win_shapes(options, self.tile_set, concealed_only=True))
        self.joins_held = self.open_shapes.joins_held and self.concealed_shapes.joins_held
        # waits by (hand, wildcard, melds or none): a ready hand is asked for again on every turn it stays ready
        self._waits: dict[tuple, tuple[int, ...]] = {}

    # ---- shapes
    def shapes(self, melds: Sequence[Any]) -> ShapeSet:
        """The shapes a hand with these melds may win with."""
        return self.open_shapes if melds else self.concealed_shapes

    @staticmethod
    def split(counts: Sequence[int], ghost: int | None) -> tuple[list[int], int]:
        """(the 34 playable counts without wildcards, the number of wildcards)."""
        natural = list(counts[:NUM_PLAYABLE])
        if ghost is None:
            return natural, 0
        wild = natural[ghost]
        natural[ghost] = 0
        return natural, wild

    def may_fit(self, hand: Sequence[int], tile: int, ghost: int | None) -> bool:
        """A cheap necessary condition for `tile` completing `hand`: it meets a tile it can pair or run with (every
        shape's winning tile does, unless wildcards or shapes of lone tiles are in play: then always True)."""
        if ghost is not None or not self.joins_held or hand[tile]:
            return True
        if tile >= 27:
            return False
        n = tile % 9
        return any(hand[tile + d] for d in (-2, -1, 1, 2) if 0 <= n + d <= 8)

    def waits(self, counts: Sequence[int], ghost: int | None, melds: Sequence[Any]) -> list[int]:
        """The kinds of this table's tiles that complete `counts` (3k+1 concealed counts): the shapes' waits, where
        a drawn or discarded wildcard counts as one more wildcard, not as its own kind."""
        key = (tuple(counts), ghost, bool(melds))
        got = self._waits.get(key)
        if got is None:
            got = self._waits_of(counts, ghost, melds)
            if len(self._waits) >= WAITS_KEPT:
                self._waits.clear()
            self._waits[key] = got
        return list(got)

    def _waits_of(self, counts: Sequence[int], ghost: int | None, melds: Sequence[Any]) -> tuple[int, ...]:
        natural, wild = self.split(counts, ghost)
        if (sum(natural) + wild) % 3 != 1:
            return ()
        shapes = self.shapes(melds)
        kinds = shapes.waits(natural, wild, self.kinds)
        if ghost is not None and ghost in self.kinds:
            wins = shapes.is_win(natural, wild + 1)
            if wins != (ghost in kinds):
                kinds = sorted(set(kinds) ^ {ghost})
        return tuple(kinds)

    def distance(self, counts: Sequence[int], ghost: int | None, melds: Sequence[Any]) -> int:
        """Shanten of concealed tiles (flowers still held count as tiles that fit nothing: they will be replaced)."""
        natural, wild = self.split(counts, ghost)
        flowers = sum(counts[NUM_PLAYABLE:])
        return self.shapes(melds).distance(natural, wild + flowers) + flowers

    # ---- the evaluation
    def evaluate(self, ctx: WinContext, table: Any) -> Evaluation:
        """The evaluation of a described win (the `score` command): the best reading of the hand, checked against
        the rule set's minimums. Raises NotAWin / BelowMinimum."""
        ev = self.variant.evaluate(ctx)
        self.variant.check_win(ev, table)
        return ev

    def judge(self, seat: int, concealed: Sequence[int], win_tile: int, discarder: int | None,
              flags: frozenset[str], own_melds: Sequence["Meld"], table_melds: Sequence[Sequence["Meld"]],
              ghost: int | None, table: Any, facts: Callable[[int, frozenset[str]], dict] | None = None
              ) -> Evaluation | None:
        """The evaluation of `seat` winning on `win_tile`, or None when it may not (the pass-lock aside: see
        `locked`). `concealed`: the seat's concealed counts without the winning tile; `table`: the round or
        TableFacts (dealer, context, options, players); `facts(seat, flags)`: more context for scoring, asked only
        for a hand of the right shape (the round's liabilities)."""
        counts = concealed[:NUM_PLAYABLE]
        if type(counts) is not list:
            counts = list(counts)
        counts[win_tile] += 1
        wild = 0
        if ghost is not None:
            wild = counts[ghost]
            counts[ghost] = 0
        if not (self.open_shapes if own_melds else self.concealed_shapes).is_win(counts, wild):
            return None
        if not self.variant.may_win(self.options, seat, table_melds):
            return None
        try:
            return self._score(seat, concealed, win_tile, discarder, flags, own_melds, ghost, table, facts)
        except NotAWin:
            return None

    def _score(self, seat: int, concealed: Sequence[int], win_tile: int, discarder: int | None,
               flags: frozenset[str], own_melds: Sequence["Meld"], ghost: int | None, table: Any,
               facts: Callable[[int, frozenset[str]], dict] | None) -> Evaluation:
        ctx = WinContext(options=self.options, players=self.players, dealer=table.dealer, winner=seat,
                         discarder=discarder, concealed=[k for k in range(NUM_KINDS) for _ in range(concealed[k])],
                         win_tile=win_tile, melds=list(own_melds), flags=flags, ghost=ghost,
                         context=dict(table.context))
        ctx.context.update(self.variant.open_facts(table, seat))
        if facts is not None:
            ctx.context.update(facts(seat, flags))
        return self.evaluate(ctx, table)

    def locked(self, holder: LockHolder, tile: int, ev: Evaluation) -> bool:
        return lock_bars(self.pass_lock, holder, tile, ev)

    # ---- hints
    def wait_info(self, seat: int, hand: Sequence[int], own_melds: Sequence["Meld"],
                  table_melds: Sequence[Sequence["Meld"]], ghost: int | None, table: Any, unseen: Sequence[int],
                  lock: LockHolder | None, *, discarder: int | None = None,
                  flags: frozenset[str] = frozenset()) -> list[Wait]:
        """Each kind that completes `hand` (3k+1 concealed counts) and whether it wins now by discard, by self-draw
        or not at all, from what the seat knows: its tiles and melds, every seat's melds, its own pass-lock.

        The discard win is judged as from `discarder` (default: the seat before) with the window facts `flags`
        (default none: no 杠上炮, 海底 ...); the self-draw with no flags."""
        kinds = self.waits(hand, ghost, own_melds)
        if not kinds:
            return []
        if not self.variant.may_win(self.options, seat, table_melds):
            return [Wait(k, unseen[k], False, False, reason=BARRED) for k in kinds]
        if discarder is None:
            discarder = (seat - 1) % self.players
        out = []
        for k in kinds:
            self_ev, _ = self._try(seat, hand, k, None, frozenset(), own_melds, ghost, table)
            if not self.discard_wins:
                disc_ev, why = None, SELF_DRAW_ONLY
            else:
                disc_ev, why = self._try(seat, hand, k, discarder, flags, own_melds, ghost, table)
                if disc_ev is not None and lock is not None and self.locked(lock, k, disc_ev):
                    why = PASS_LOCK
            out.append(Wait(k, unseen[k], disc_ev is not None and why is None, self_ev is not None,
                            disc_ev.fan if disc_ev is not None else None,
                            self_ev.fan if self_ev is not None else None, why))
        return out

    def _try(self, seat: int, hand: Sequence[int], kind: int, discarder: int | None, flags: frozenset[str],
             own_melds: Sequence["Meld"], ghost: int | None, table: Any) -> tuple[Evaluation | None, str | None]:
        try:
            return self._score(seat, hand, kind, discarder, flags, own_melds, ghost, table, None), None
        except BelowMinimum:
            return None, BELOW_MINIMUM
        except NotAWin:
            return None, NOT_A_WIN
