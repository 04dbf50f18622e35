"""Hot-seat privacy: whose hand the one screen may show, decided from public facts only. No pygame here.

Several people share one screen. The screen shows at most one hand face-up: its `owner`'s. Every change of owner
goes through a hand-over ("pass the screen to …"), and hand-overs happen at moments everyone can predict from what
is public, so a hand-over never tells anyone that somebody can claim:

- a human's hand turns face-down the moment he discards;
- after every discard (and every kong that the rules let others rob), each other human is consulted in a fixed
  order, whether or not he can claim — the seat on screen first, then the others, the seat whose turn is next last;
  a human whose standing orders answer every claim for him (自动胡 and 自动过 both on) is not consulted;
- a human whose turn it is gets the screen.

A consulted human sees his hand and either his claim buttons or "nothing to claim"; the table holds every later
event until all of them have answered, so nobody's answer shows before everyone's is in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class HotSeat:
    humans: list[int]
    players: int
    seats: list[Any]  # SeatConfig: the standing orders (auto_win, auto_pass) are public, chosen at setup
    robbable: set[str] = field(default_factory=set)  # kong declarations others may rob: public rules
    owner: int | None = None  # the seat whose hand is face-up; None: every hand face-down
    consult: list[int] = field(default_factory=list)  # humans still to be asked about the current tile
    handover_to: int | None = None  # a hand-over screen is up for this seat
    last_owner: int | None = None  # whose place the table is drawn from while every hand is face-down

    def __post_init__(self) -> None:
        if self.last_owner is None and self.humans:
            self.last_owner = self.humans[0]

    @property
    def viewpoint(self) -> int:
        """The seat at the bottom of the screen."""
        return self.owner if self.owner is not None else (self.last_owner if self.last_owner is not None else 0)

    def _fully_automatic(self, seat: int) -> bool:
        cfg = self.seats[seat]
        return bool(cfg.auto_win and cfg.auto_pass)

    def on_event(self, e: dict) -> None:
        """Called as each public event is presented."""
        kind = e.get("type")
        if kind == "start_round":
            self.hide()
            self.consult = []
        elif kind == "discard":
            self._open_window(e["actor"])
        elif kind in self.robbable:
            self._open_window(e["actor"])
        elif kind == "end_round":
            self.consult = []

    def hide(self) -> None:
        if self.owner is not None:
            self.last_owner = self.owner
        self.owner = None

    def _open_window(self, actor: int) -> None:
        if actor == self.owner:
            self.hide()  # his hand turns face-down as he discards
        nxt = (actor + 1) % self.players
        asked = [h for h in self.humans if h != actor and not self._fully_automatic(h)]
        # the seat on screen first (no hand-over), then in turn order, the seat to play next last
        asked.sort(key=lambda h: (h != self.owner, h == nxt, (h - actor) % self.players))
        self.consult = asked

    def due(self, turn_seat: int | None) -> int | None:
        """The human who must have the screen now: the next to consult, else a human whose turn it is."""
        if self.consult:
            return self.consult[0]
        if turn_seat is not None and turn_seat in self.humans:
            return turn_seat
        return None

    def needs_handover(self, turn_seat: int | None) -> int | None:
        seat = self.due(turn_seat)
        return seat if seat is not None and seat != self.owner else None

    def confirm(self, seat: int) -> None:
        """The named player has the screen."""
        self.handover_to = None
        self.owner = seat
        self.last_owner = seat

    def consulted(self, seat: int) -> None:
        """`seat` has answered (or had nothing to answer) about the current tile."""
        if self.consult and self.consult[0] == seat:
            self.consult.pop(0)
