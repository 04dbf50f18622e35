"""What one seat knows: its own hand and everything open on the table. Bots decide from this alone, so AI levels
differ in skill, never in information.

The view reads the round lazily (a bot often needs only its hand), and every accessor returns copies with other
seats' concealed tiles left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .melds import Meld
from .tiles import NUM_KINDS, NUM_PLAYABLE
from .variant import TableFacts
from .wincheck import PassLockState, Wait

if TYPE_CHECKING:
    from .state import Round


class SeatView:
    __slots__ = ("_rnd", "seat")

    def __init__(self, rnd: "Round", seat: int):
        self._rnd = rnd
        self.seat = seat

    # ---- table facts
    @property
    def players(self) -> int:
        return self._rnd.players

    @property
    def dealer(self) -> int:
        return self._rnd.dealer

    @property
    def options(self) -> Any:
        return self._rnd.options

    @property
    def variant(self) -> Any:
        return self._rnd.variant

    @property
    def ghost(self) -> int | None:
        return self._rnd.ghost

    @property
    def drawable(self) -> int:
        return self._rnd.drawable()

    @property
    def phase(self) -> str:
        return self._rnd.phase

    @property
    def current(self) -> int:
        return self._rnd.current

    @property
    def claim_tile(self) -> int | None:
        w = self._rnd.window
        return w.tile if w is not None else None

    @property
    def claim_from(self) -> int | None:
        w = self._rnd.window
        return w.from_seat if w is not None else None

    # ---- own hand
    @property
    def hand(self) -> list[int]:
        return list(self._rnd.seats[self.seat].hand)

    @property
    def drawn(self) -> int | None:
        return self._rnd.drawn if self._rnd.current == self.seat else None

    @property
    def own_melds(self) -> list[Meld]:
        return list(self._rnd.seats[self.seat].melds)

    # ---- the open table
    @property
    def melds(self) -> list[list[Meld]]:
        """Every seat's melds; others' concealed kongs are shown face down (tiles -1)."""
        out = []
        for i, s in enumerate(self._rnd.seats):
            if i == self.seat:
                out.append(list(s.melds))
            else:
                out.append([m if m.type != "concealed_kong" else Meld("concealed_kong", [-1] * 4) for m in s.melds])
        return out

    @property
    def discards(self) -> list[list[int]]:
        """Each seat's discard row; a discard taken by a call shows in the caller's meld instead."""
        return [[k for k, c in zip(s.discards, s.claimed) if not c] for s in self._rnd.seats]

    @property
    def flowers(self) -> list[list[int]]:
        return [list(s.flowers) for s in self._rnd.seats]

    def unseen(self) -> list[int]:
        """How many of each kind this seat has not seen (in the wall or in others' hands)."""
        ts = self._rnd.tile_set
        left = [0] * NUM_KINDS
        for k in ts.kinds():
            left[k] = ts.copies(k)
        hand = self._rnd.seats[self.seat].hand
        for k in range(NUM_KINDS):
            left[k] -= hand[k]
        for seat_melds in self.melds:
            for m in seat_melds:
                for k in m.tiles:
                    if k >= 0:
                        left[k] -= 1
        for row, flowers in zip(self.discards, self.flowers):
            for k in row + flowers:
                left[k] -= 1
        return [max(0, n) for n in left[:NUM_PLAYABLE]] + left[NUM_PLAYABLE:]

    # ---- waits and distance: the round's own win evaluation, from what this seat knows
    @property
    def lock_state(self) -> PassLockState:
        """This seat's pass-lock: the discards it may not win on since it passed a win (a seat knows its passes)."""
        s = self._rnd.seats[self.seat]
        return PassLockState(set(s.lock_kinds), s.lock_all, s.lock_rank)

    def waits(self, hand: list[int] | None = None) -> list[tuple[int, int]]:
        """For a 13-tile (3k+1) hand: each kind that completes one of the rule set's win shapes, with how many of it
        this seat has not seen. `hand` defaults to the seat's own; the UI passes the hand minus a candidate discard.
        """
        rnd = self._rnd
        counts = rnd.seats[self.seat].hand if hand is None else hand
        winning = rnd.win_check.waits(counts, rnd.ghost, rnd.seats[self.seat].melds)
        if not winning:
            return []
        unseen = self.unseen()
        return [(k, unseen[k]) for k in winning]

    def wait_info(self, hand: list[int] | None = None, *, discarder: int | None = None,
                  flags: frozenset[str] = frozenset()) -> list[Wait]:
        """Each waiting kind and whether it wins now by discard, only by self-draw or not at all (WinCheck.wait_info:
        封胡, a minimum, this seat's pass-lock), with the counts."""
        rnd = self._rnd
        counts = rnd.seats[self.seat].hand if hand is None else hand
        return rnd.win_check.wait_info(self.seat, counts, rnd.seats[self.seat].melds, self.melds, rnd.ghost,
                                       self.table_facts(), self.unseen(), self.lock_state, discarder=discarder,
                                       flags=flags)

    def wait_details(self, hand: list[int] | None = None) -> list[tuple[int, int, int | None]]:
        """(kind, unseen, count) for each kind that wins now, by self-draw or on a discard; the count is the rule
        set's (fan / multiplier) if self-drawn, else on a discard."""
        return [w.as_tuple() for w in self.wait_info(hand) if w.by_self_draw or w.by_discard]

    def distance(self, hand: list[int] | None = None) -> int:
        """Shanten of the hand (default: the seat's own) over the rule set's win shapes."""
        rnd = self._rnd
        counts = rnd.seats[self.seat].hand if hand is None else hand
        return rnd.win_check.distance(counts, rnd.ghost, rnd.seats[self.seat].melds)

    def table_facts(self) -> TableFacts:
        """The table facts a seat knows, for the rule set's minimums (not the round itself: hints see no more)."""
        rnd = self._rnd
        return TableFacts(rnd.players, rnd.dealer, rnd.options, rnd.context, rnd.flowers)


def seat_view(rnd: "Round", seat: int) -> SeatView:
    return SeatView(rnd, seat)
