"""The replay's director: paces a replay (game.ui.table.replay_source.ReplayTable) onto the table view.

Where the live director shows what the game's source has played, this one decides what has happened: it moves the
replay's cursor one event at a time at the replay's speed (each event after its own beat, STEP_SECONDS), or to a
point asked for (a step back, a jump to the next call), and shows each new event with the same presenter as the
live table (its voice and effects). A seek back rebuilds the picture from the events up to the cursor, without
animations. The transport bar (game.ui.scenes.replay) sends it play, pause, step, jump and speed.
"""

from __future__ import annotations

from game.ui.table.common import Part
from game.ui.table.feed import SeatFeed

MARKS = ("pong", "kong", "chow", "concealed_kong", "added_kong", "win")  # what a jump stops at
SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_SECONDS = {"discard": 0.7, "draw": 0.25, "win": 2.0, "deal": 0.05, "score": 0.3}  # the beat before each
FLIP_SECONDS = 1.8  # the turned tiles stay this long before the payments


class ReplayDirector(Part):
    def __init__(self, view):
        super().__init__(view)
        self.playing = True
        self.speed = 1.0
        self.clock = 0.0  # seconds since the last event (below zero: a held moment)
        self.feed = SeatFeed(view.table, None, answers=False)  # every hand open
        self.marks = [i + 1 for i, e in enumerate(view.table.events) if e["type"] in MARKS]

    @property
    def index(self) -> int:
        return self.view.table.cursor

    @property
    def total(self) -> int:
        return len(self.view.table.events)

    def begin(self) -> None:
        self.view.board.dress_tiles()  # the backs in the replayed table's look
        self.seek(0)
        self.step()  # start_round: the table appears

    def seek(self, index: int) -> None:
        """The picture at the moment `index` events have happened, at once (no animations, no voices)."""
        view = self.view
        view.table.seek(index)
        self.feed.reset()
        view.model = view.new_model(None)
        view.effects.clear()
        view.pending_flips = []
        for seq, e in self.feed.events:
            view.model.apply(e)
            view.presented = seq
        if not self.feed.events:
            view.presented = -1
        self.clock = 0.0

    def step(self) -> None:
        """The next moment: a win's turned tiles held after its win, else the next event, shown."""
        view = self.view
        table = view.table
        upcoming = table.events[self.index]["type"] if self.index < self.total else None
        if view.pending_flips and upcoming not in ("win", "flip"):
            view.presenter.show_held_flip(view.pending_flips.pop(0))  # the turned tiles, those that scored lit
            self.clock = -FLIP_SECONDS  # held on screen before the next event
            return
        if self.index >= self.total:
            self.playing = False
            return
        table.seek(self.index + 1)
        for seq, e in self.feed.since(view.presented):
            view.presented = seq
            view.model.apply(e)
            if e["type"] == "flip":
                view.pending_flips.append(e)  # shown once its wins are announced, as at the table
            view.presenter.show(e)  # the same voices and effects as at the live table

    def update(self, dt: float) -> None:
        self.view.effects.update(dt)
        if not self.playing:
            return
        self.clock += dt * self.speed
        upcoming = self.view.table.events[self.index]["type"] if self.index < self.total else "end"
        if self.clock >= STEP_SECONDS.get(upcoming, 0.5):
            self.clock = 0.0
            self.step()

    # ---- the transport bar's
    def toggle(self) -> None:
        if self.index >= self.total:
            self.seek(0)
        self.playing = not self.playing

    def step_back(self) -> None:
        self.playing = False
        self.seek(max(1, self.index - 1))

    def step_forward(self) -> None:
        self.playing = False
        self.step()

    def jump(self, direction: int) -> None:
        """To the next (or previous) call or win."""
        self.playing = False
        if direction > 0:
            target = next((m for m in self.marks if m > self.index), self.total)
        else:
            target = next((m for m in reversed(self.marks) if m < self.index), 1)
        self.seek(target)

    def faster(self, step: int) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
