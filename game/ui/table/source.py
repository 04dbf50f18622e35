"""The written face of a table: everything the table view and its screens (settlement, pause, standings) touch of
the table they show. The local Host (game.host), the LAN seat (game.net.remote_table.RemoteTable) and a replay
(game.ui.table.replay_source.ReplayTable) have it; tests/ui/table/test_source.py checks that they do and that the
view reads nothing else. A lesson (game.lessons.LessonHost) has it as the Host does: the Host over the lesson's round,
its intents checked against the step the player is expected to take.

Nothing is pushed into the view: it reads a seat's numbered events since the last it read (`events_since`) and the
seat's open prompt (`open_prompt`) each frame (game.ui.table.feed.SeatFeed), and answers with `intent`. Saving is
not on the face: the local kind of table attaches the autosave to the Host as a listener
(game.ui.table.kinds.LocalTable.keep_saved, game.saves.Autosaver).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class TableSource(Protocol):
    # what is played: the rule set, its options, the table
    variant_id: str
    variant: Any  # game.engine.variant.Variant
    options: Any  # the rule set's typed options
    players: int
    seed: Any  # the game's seed (the view's animations take it; any stable text will do)
    seats: list  # game.host.SeatConfig per seat: name, face, human, standing orders (自动胡/过)
    autoplay: set  # seats the AI plays now (托管, or a dropped LAN player)

    # what a seat sees: its numbered events of the current round after `seq` (None: the open view, every hand
    # face-up) and the prompt it must answer now
    def events_since(self, seat: int | None, seq: int) -> list[tuple[int, dict]]: ...
    def open_prompt(self, seat: int) -> Any: ...  # game.host.Prompt or None

    # the game's progress
    @property
    def phase(self) -> str: ...  # idle | setup | play | over
    def start_round(self) -> Any: ...
    def advance(self, dt: float) -> Any: ...  # the source's clock runs while the view shows nothing new
    @property
    def clock(self) -> float: ...  # seconds on the source's clock (prompt deadlines are on it)
    def next_round(self) -> bool: ...  # False: the game is over
    def game_over(self) -> bool: ...

    # answers and toggles
    def intent(self, seat: int, prompt_id: int, action: Any) -> Any: ...  # raises game.host.Refused
    def set_toggles(self, seat: int, *, auto_win: bool | None = None, auto_pass: bool | None = None) -> None: ...
    def set_autoplay(self, seat: int, on: bool) -> None: ...

    # standing
    @property
    def rounds_played(self) -> int: ...
    @property
    def coins(self) -> list[int] | None: ...  # where the rule set carries coins from round to round
    def totals(self) -> list[int]: ...
    rounds: int | None  # rounds in the game (None: open-ended)

    # the screen's settings for the table (game.host.TableSettings: the AI's pace, the timers, the expert's
    # thinking time, keeping replays); a LAN seat and a replay take none
    def configure(self, settings: Any) -> None: ...

    history: list  # game.host.RoundRecord per round played (the final standings)

    # the settlement's "watch again": the round just finished as a replay, None where this machine has none
    def finished_round_replay(self) -> Any: ...


# what only the local Host has: its listeners (the autosave)
LOCAL_MEMBERS = ("listeners", "add_listener")
# what a LAN seat has beyond the face (game.ui.table.kinds.LanTable reads these; `client`, its connection: whether
# the line is down, and the table, name and token Reconnect joins again with)
LAN_MEMBERS = ("seat", "taken", "connected", "empty_name", "server", "phrases", "notices", "error", "say", "leave",
               "verification", "kinds", "ready", "client")

# what a replay has beyond the face: it is seekable (game.ui.table.replay_director moves its cursor)
REPLAY_MEMBERS = ("events", "cursor", "seek")

# what a lesson (game.lessons.LessonHost) has beyond the face: the lesson, the step expected of a seat and the move
# it names, where the lesson stands, the last wrong move and the last words another seat's step said
# (game.ui.scenes.lesson reads these; game.ui.table.kinds.LessonKind the lesson)
LESSON_MEMBERS = ("lesson", "expected_step", "expected_action", "wrong", "said", "done", "steps_done", "passed",
                  "mistakes", "round")


def members() -> set[str]:
    """The names of the face's members."""
    names = set(getattr(TableSource, "__annotations__", {}))
    names |= {n for n in vars(TableSource) if not n.startswith("_")}
    return names
