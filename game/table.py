"""The table: one authoritative game (a Session of rounds) with its seats, human or AI.

No pygame here. The UI, the autoplay demo, hot-seat and (later) the LAN host all drive a Table: humans submit
actions, bots are stepped, and every event is logged and offered to each seat as its projection. Local play is the
same Table with in-process seats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_bot
from game.engine.errors import IllegalAction
from game.engine.project import project
from game.engine.session import Session
from game.engine.state import CLAIM, Action, Round
from game.engine.view import seat_view
from game.variants import get_variant

START_COINS = 1000


@dataclass
class SeatConfig:
    name: str
    human: bool = False
    level: str = "normal"
    avatar: int = 0


@dataclass
class RoundRecord:
    round_no: int
    dealer: int
    deltas: list[int]
    exhausted: bool
    wins: list[dict]


@dataclass
class Table:
    variant_id: str
    options_raw: dict
    seats: list[SeatConfig]
    seed: int | str = 0
    rounds: int | None = 4  # None: until a player runs out of coins
    coins: list[int] | None = None
    listeners: list[Callable[[dict], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.variant = get_variant(self.variant_id)
        self.players = len(self.seats)
        self.options = self.variant.parse_options(self.options_raw, self.players)
        if self.coins is None and getattr(self.options, "coins", False):
            self.coins = [START_COINS] * self.players
        self.start_coins = list(self.coins) if self.coins is not None else None
        self.session = Session(self.variant, self.options, self.players, self.seed, coins=self.coins)
        self.round_actions: list[list[dict]] = []  # every finished round's actions: a game is seed + actions
        self.current_actions: list[dict] = []
        self.bots = [make_bot(s.level, f"{self.seed}:{i}") for i, s in enumerate(self.seats)]
        self.autoplay: set[int] = {i for i, s in enumerate(self.seats) if not s.human}  # seats a bot plays now
        self.round: Round | None = None
        self.round_start: tuple[int, int, dict] = (0, 0, {})
        self.log: list[dict] = []  # every event and action, unmasked: replays and saves
        self.history: list[RoundRecord] = []

    # ---------------------------------------------------------------- flow
    @property
    def rounds_played(self) -> int:
        return len(self.history)

    def game_over(self) -> bool:
        if self.round is not None and not self.round.finished:
            return False
        if self.rounds is not None:
            return self.rounds_played >= self.rounds
        return self.coins is not None and min(self.coins) < 32

    def start_round(self) -> list[dict]:
        self.current_actions = []
        self.round_start = (self.session.round_no, self.session.dealer, self.session.context())
        self.round, events = self.session.start_round()
        self._publish(events)
        return events

    def load_round(self, rnd: Round, events: list[dict]) -> None:
        """Play a prepared round (a scenario or a resumed save) at this table instead of dealing a new one."""
        self.round = rnd
        self._publish(events)

    def round_replay(self):
        """The round in play (finished or not) as a replay of the game.replays format."""
        from game.replays import record

        round_no, dealer, context = self.round_start
        return record(self, context, round_no, dealer, self.current_actions)

    def finish_round(self) -> RoundRecord:
        rnd = self.round
        assert rnd is not None and rnd.finished
        record = RoundRecord(self.session.round_no, rnd.dealer, rnd.deltas(), rnd.exhausted,
                             rnd.result()["wins"])
        self.session.finish_round(rnd)
        self.history.append(record)
        self.round_actions.append(self.current_actions)
        self.current_actions = []
        return record

    def to_act(self) -> list[int]:
        """Seats that must answer now: unanswered claimants, or the seat whose turn it is."""
        rnd = self.round
        if rnd is None or rnd.finished:
            return []
        if rnd.phase == CLAIM and rnd.window is not None:
            return [s for s in rnd.window.options if s not in rnd.window.answers]
        return [rnd.current]

    def legal(self, seat: int) -> list[Action]:
        return self.round.legal_actions(seat) if self.round is not None else []

    def submit(self, action: Action) -> list[dict]:
        if self.round is None or self.round.finished:
            raise IllegalAction("no round in progress")
        events = self.round.apply(action)
        self.current_actions.append(action.to_json())
        self.log.append({"type": "action", "action": action.to_json()})
        self._publish(events)
        return events

    def bot_action(self, seat: int) -> Action:
        assert self.round is not None
        return self.bots[seat].choose(seat_view(self.round, seat), self.round.legal_actions(seat))

    def step_bot(self) -> list[dict] | None:
        """Let the first AI (or 托管) seat that must act play one action; None if a human must act."""
        for seat in self.to_act():
            if seat in self.autoplay:
                return self.submit(self.bot_action(seat))
        return None

    def humans_to_act(self) -> list[int]:
        return [s for s in self.to_act() if s not in self.autoplay]

    # ---------------------------------------------------------------- events
    def _publish(self, events: list[dict]) -> None:
        for e in events:
            self.log.append(e)
            for listener in self.listeners:
                listener(e)

    def events_for(self, seat: int | None, start: int = 0) -> list[dict]:
        """The log from `start` as `seat` may see it (actions left out)."""
        return [project(e, seat) for e in self.log[start:] if e.get("type") != "action"]

    def totals(self) -> list[int]:
        return list(self.session.totals)

    def describe(self) -> dict[str, Any]:
        return {"variant": self.variant_id, "options": self.options_raw, "players": self.players,
                "seed": self.seed, "seats": [s.__dict__ for s in self.seats], "rounds": self.rounds}
