"""A seat's feed: what the view has read of one seat's game from its source.

The view asks its source (TableSource) for the seat's numbered events since the last it read and for the seat's
open prompt; nothing is pushed into the view. A feed keeps the current round's events (a new round's
`start_round` begins a new list), so the director can rebuild the picture from them and the controls can look
back at what happened, without asking the source to project the round again each frame.
"""

from __future__ import annotations

from typing import Any


class SeatFeed:
    def __init__(self, source: Any, seat: int | None, *, answers: bool = True):
        self.source = source
        self.seat = seat  # None: the open view (every hand face-up)
        self.answers = answers  # False: the seat is only watched (a demo's), its prompts are not this view's
        self._events: list[tuple[int, dict]] = []
        self._last = -1  # number of the last event read

    def reset(self) -> None:
        """Forget what was read (the source was sought back: a replay's step back)."""
        self._events = []
        self._last = -1

    def pull(self) -> None:
        """Read what the source has for this seat since the last event read."""
        for seq, event in self.source.events_since(self.seat, self._last):
            if event.get("type") == "start_round":
                self._events = []
            self._events.append((seq, event))
            self._last = seq

    @property
    def events(self) -> list[tuple[int, dict]]:
        """The current round's events as the seat sees them, numbered."""
        self.pull()
        return self._events

    def since(self, seq: int) -> list[tuple[int, dict]]:
        return [(s, e) for s, e in self.events if s > seq]

    @property
    def open_prompt(self) -> Any:
        """The prompt the seat must answer now (None: nothing, or a seat that is only watched)."""
        return self.source.open_prompt(self.seat) if self.answers and self.seat is not None else None
