"""What one seat knows: its own hand and everything open on the table. Bots decide from this alone, so AI levels
differ in skill, never in information.

The view reads the round lazily (a bot often needs only its hand), and every accessor returns copies with other
seats' concealed tiles left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import hand as hand_mod
from .melds import Meld
from .tiles import NUM_KINDS, NUM_PLAYABLE

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


    def waits(self, hand: list[int] | None = None) -> list[tuple[int, int]]:
        """For a 13-tile (3k+1) hand: each kind that completes it, with how many of it this seat has not seen.

        `hand` defaults to the seat's own; the UI passes the hand minus a candidate discard for its 听牌 hint.
        """
        counts = list(self._rnd.seats[self.seat].hand if hand is None else hand)[:NUM_PLAYABLE]
        ghost = self._rnd.ghost
        wild = 0
        if ghost is not None:
            wild, counts[ghost] = counts[ghost], 0
        if (sum(counts) + wild) % 3 != 1:
            return []
        rnd = self._rnd
        concealed_only = not rnd.seats[self.seat].melds
        kinds = [k for k in rnd.tile_set.kinds() if k < NUM_PLAYABLE]
        winning = hand_mod.waits(counts, wild, seven_pairs=concealed_only and rnd._seven_pairs,
                                 thirteen_orphans=concealed_only and rnd._thirteen_orphans, kinds=kinds)
        unseen = self.unseen()
        return [(k, unseen[k]) for k in winning]


    def wait_details(self, hand: list[int] | None = None) -> list[tuple[int, int, int | None]]:
        """Each winning kind with its unseen count and the variant's count (fan / multiplier) if self-drawn."""
        from .errors import NotAWin
        from .scoring import WinContext

        rnd = self._rnd
        counts = list(rnd.seats[self.seat].hand if hand is None else hand)
        out = []
        for kind, unseen in self.waits(counts):
            concealed = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
            ctx = WinContext(options=rnd.options, players=rnd.players, dealer=rnd.dealer, winner=self.seat,
                             discarder=None, concealed=concealed, win_tile=kind,
                             melds=list(rnd.seats[self.seat].melds), ghost=rnd.ghost, context=dict(rnd.context))
            try:
                fan = rnd.variant.evaluate(ctx).fan
            except NotAWin:
                fan = None
            out.append((kind, unseen, fan))
        return out


def seat_view(rnd: "Round", seat: int) -> SeatView:
    return SeatView(rnd, seat)
