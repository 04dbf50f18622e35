"""A finished round as a table to watch: the face the table view reads (game.ui.table.source.TableSource) over a
replay's rebuilt events (every event of the round, unmasked: a replay shows every hand). It is seekable: `cursor`
events have happened (`seek`), and `events_since` gives those only, as a live table gives what has been played. It
takes no moves; nobody plays at it, so the view asks no one and hands nothing over. Its pacing (playing, the
speed, steps and jumps) is the replay's director's (game.ui.table.replay_director)."""

from __future__ import annotations

from typing import Any

from game import replays
from game.engine.session import Session
from game.host import Refused, SeatConfig
from game.variants import get_variant


class ReplayTable:
    watch_only = True  # the view's cue (game.ui.table.kinds): nobody plays here, nothing is saved

    def __init__(self, replay: replays.Replay):
        h = replay.header
        self.replay = replay
        _, self.events = replay.rebuild()  # raises replays.ReplayError with a reason
        self.variant_id = h["variant"]
        self.variant = get_variant(self.variant_id)
        self.players = h["players"]
        self.options = self.variant.parse_options(h["options"], self.players)
        self.seed = h["seed"]
        names = h.get("names") or [f"{i + 1}" for i in range(self.players)]
        humans = h.get("humans") or [False] * self.players
        self.seats = [SeatConfig(n, human=hu, avatar=i + 1) for i, (n, hu) in enumerate(zip(names, humans))]
        self.autoplay = {i for i, s in enumerate(self.seats) if not s.human}
        coins = (h.get("context") or {}).get("coins")
        # the coins at the round's start, as the game had them (the rule set's own start where none were recorded)
        self.session = Session(self.variant, self.options, self.players, self.seed,
                               facts={"coins": list(coins)} if coins is not None else {})
        self.rounds: int | None = None
        self.history: list = []
        self.clock = 0.0
        self.cursor = 0  # events[:cursor] have happened

    def seek(self, index: int) -> None:
        """Put the replay at the moment `index` events have happened."""
        self.cursor = max(0, min(len(self.events), index))

    @property
    def first_human(self) -> int:
        """The seat whose place the replay is watched from: the first human's (else seat 0)."""
        return self.replay.first_human

    # ---- the face: a round already played
    @property
    def phase(self) -> str:
        return "over"

    @property
    def rounds_played(self) -> int:
        return int(self.replay.header["round_no"])

    @property
    def coins(self) -> list[int] | None:
        return self.session.coins

    def totals(self) -> list[int]:
        return list(self.session.totals)

    def game_over(self) -> bool:
        return True

    def events_since(self, seat: int | None, seq: int) -> list[tuple[int, dict]]:
        """The events that have happened after number `seq` (every hand open, whoever asks: a replay hides
        nothing)."""
        return [(i, self.events[i]) for i in range(max(0, seq + 1), self.cursor)]

    # ---- and no moves
    def open_prompt(self, seat: int) -> None:
        return None

    def configure(self, settings: Any) -> None:
        pass

    def finished_round_replay(self) -> None:
        return None  # this is the replay

    def start_round(self) -> list[dict]:
        return []

    def advance(self, dt: float) -> bool:
        return False

    def next_round(self) -> bool:
        return False

    def intent(self, seat: int, prompt_id: int, action: Any) -> list[dict]:
        raise Refused("not_prompted", "a replay takes no moves")

    def set_toggles(self, seat: int, *, auto_win: bool | None = None, auto_pass: bool | None = None) -> None:
        pass

    def set_autoplay(self, seat: int, on: bool) -> None:
        pass
