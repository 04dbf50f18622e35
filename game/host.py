"""The host loop: one authoritative game and the seats connected to it. No pygame here.

The host owns the round, the bots, the deadlines (one `DeadlinePolicy`: the local claim and turn timers, or a LAN
table's), 托管, round progression and the replay log. Whoever keeps something after each change — the autosave
(`game.saves.Autosaver`), a LAN host's log — listens (`add_listener`, a `HostListener`): the host imports none of
them. Every seat — a local human, an AI and (next) a LAN client — is connected the same way, through a `SeatLink`:

- it receives the game's events, numbered, as its seat may see them (`project`);
- when it must act it receives a `Prompt` (`{seat, id, actions, deadline}`);
- it answers with an intent naming the prompt: `host.intent(seat, prompt_id, action)`. A stale, wrong-seat or
  illegal intent is refused (`Refused`, with a code and a reason) and changes nothing.

Bots are seats like any other (`BotSeat`): they rebuild their seat's state from their own events and answer their
prompts when the host's clock says they have thought long enough. The host's clock only moves when its owner calls
`advance(dt)`: the table scene advances it while nothing is being animated, so the game never runs ahead of what
the players have seen; headless callers use `run_bots()`.

Its public face for those who drive it (the table scene, a LAN host, headless runs): `open_prompt(seat)` and
`open_prompts()`, `stand_in_move(seat)` (what the seat's AI would play), `is_autoplayed(seat)` (who is under 托管),
`deadline_policy()` / `set_deadlines(policy)`, `seconds_to_next_move()` (when `advance` will next act by the clock),
`round_no` and `set_wall_seed(round_no, seed)`.
"""

from __future__ import annotations

import logging
import random
import sys
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple, Protocol

from game.ai import YARDSTICK, make_bot
from game.engine.errors import IllegalAction
from game.engine.project import project
from game.engine.seat_state import SeatState
from game.engine.session import Session
from game.engine.state import CLAIM, Action, Round
from game.engine.variant import SetupChoice
from game.variants import get_variant


@dataclass
class SeatConfig:
    name: str
    human: bool = False
    level: str = "normal"
    avatar: int = 0
    auto_win: bool = False  # 自动胡: take every win offered at once
    auto_pass: bool = False  # 自动过: pass every claim that is not a win
    profile: str | None = None  # the player profile a human seat's rounds count for (game.stats)


@dataclass
class RoundRecord:
    round_no: int
    dealer: int
    deltas: list[int]
    exhausted: bool
    wins: list[dict]


class SetupAction(NamedTuple):
    """A seat's choice before the deal (上嘎 …): answers a setup prompt like any other action."""

    seat: int
    choice: str
    value: int
    type: str = "setup"

    def to_json(self) -> dict:
        return {"seat": self.seat, "type": "setup", "choice": self.choice, "value": self.value}

    @classmethod
    def from_json(cls, data: Any) -> "SetupAction":
        from game.engine.errors import BadInput

        if not isinstance(data, dict) or data.get("type") != "setup":
            raise BadInput(f"not a setup choice: {data!r}")
        seat, choice, value = data.get("seat"), data.get("choice"), data.get("value")
        if not (isinstance(seat, int) and isinstance(choice, str) and isinstance(value, int)) \
                or isinstance(seat, bool) or isinstance(value, bool):
            raise BadInput(f"a setup choice needs a seat, a choice id and a whole-number value: {data!r}")
        return cls(seat, choice, value)


@dataclass(frozen=True)
class Prompt:
    """What one seat must answer now. `deadline` is on the host's clock (None: no limit)."""

    seat: int
    id: int
    actions: tuple[Action, ...]
    deadline: float | None
    opened: float
    choice: SetupChoice | None = None  # a setup prompt (before the deal): what is being chosen

    @property
    def claim(self) -> bool:
        """A claim answer (a discard or a kong that may be taken), not the seat's own turn."""
        return any(a.type == "pass" for a in self.actions)

    def kinds(self) -> set[str]:
        return {a.type for a in self.actions}

    def to_json(self) -> dict:
        out = {"type": "prompt", "seat": self.seat, "id": self.id, "actions": [a.to_json() for a in self.actions],
               "deadline": self.deadline}
        if self.choice is not None:
            out["choice"] = {"id": self.choice.id, "label": self.choice.label, "default": self.choice.default}
            if self.choice.explain:  # what the choice does (a msgid: each screen words it in its own language)
                out["choice"]["explain"] = self.choice.explain
            if self.choice.why_not is not None:  # why a value is not offered now (a message)
                out["choice"]["why_not"] = self.choice.why_not.to_json()
        return out


class Refused(Exception):
    """An intent the host will not apply. `code`: no_round, not_prompted, stale, wrong_seat, illegal."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict:
        return {"type": "refused", "error": self.code, "message": self.message}


@dataclass(frozen=True)
class DeadlinePolicy:
    """How long a seat has to answer a prompt, and what answers for it when the time is up: the host's one deadline
    system, whether the limits are the local claim and turn timers (Settings) or a LAN table's `--deadline`."""

    claim: float | None = None  # seconds to answer a claim (None: no limit)
    turn: float | None = None  # seconds for one's own turn: a discard, a kong, a self-drawn win, a setup choice
    # the seats held to the limits. None: every seat whose player answers himself when the prompt opens (a seat
    # under 托管 gets none: its stand-in answers anyway). Named seats are held to them even under 托管, so that a
    # LAN player who takes his seat back while its prompt is open has what is left of that prompt's time, no more
    seats: frozenset[int] | None = None
    # an unanswered claim: False, it passes (the local claim timer); True, the seat's stand-in answers it, claim or
    # not (a LAN seat at its deadline is played by the AI for that prompt, 托管)
    stand_in_answers_claims: bool = False

    def limit(self, seat: int, claim: bool, autoplayed: bool) -> float | None:
        """Seconds the seat has for a prompt opening now (None: no deadline)."""
        if self.seats is None and autoplayed or self.seats is not None and seat not in self.seats:
            return None
        return self.claim if claim else self.turn


class HostListener:
    """Told what the host did, once it is done: the autosave (game.saves.Autosaver), a LAN host's log and flush.
    Attach with `Host.add_listener`; override what you need (each does nothing here)."""

    def changed(self, host: "Host") -> None:
        """After every live change: an action applied, a round dealt, a choice before the deal asked or made."""

    def game_ended(self, host: "Host") -> None:
        """The game was played to its end (`next_round` found no round left to deal)."""


class SeatLink(Protocol):
    def event(self, seq: int, event: dict) -> None: ...

    def prompt(self, prompt: Prompt) -> None: ...

    def withdraw(self, prompt: Prompt) -> None:
        """The prompt was answered for the seat (deadline, 托管) or the game moved on."""


class BotSeat:
    """An AI seat: its own seat state, rebuilt from its own events, and a bot that answers its prompts.

    The host keeps one for every seat: it plays the AI seats, and stands in for a human seat in 托管 or when a
    deadline passes. A bot's random choices are seeded from the game seed and the position, so a game resumed from
    its save goes on exactly as it would have.
    """

    def __init__(self, host: "Host", seat: int, level: str):
        self.host = host
        self.seat = seat
        self.level = level
        self.bot = make_bot(level, f"{host.seed}:{seat}")
        self.state = SeatState(seat, host.variant, host.options)
        self.pending: Prompt | None = None

    def event(self, seq: int, event: dict) -> None:
        self.state.apply(event)

    def prompt(self, prompt: Prompt) -> None:
        self.pending = prompt

    def withdraw(self, prompt: Prompt) -> None:
        if self.pending is not None and self.pending.id == prompt.id:
            self.pending = None

    def choose(self, prompt: Prompt) -> Any:
        rng = getattr(self.bot, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(f"{self.host.seed}:{self.seat}:{self.host.session.round_no}:{len(self.host.current_actions)}")
        if prompt.choice is not None:
            # a choice before the deal: the bot's policy where it has one, else the usual choice
            policy = getattr(self.bot, "choose_setup", None)
            value = policy(prompt.choice, self.host.session.facts) if policy else prompt.choice.default
            return SetupAction(self.seat, prompt.choice.id, value)
        try:
            return self.bot.choose(self.state, list(prompt.actions))
        except Exception:  # a fault of ours in a bot must not stop the table: the yardstick answers this once
            logging.getLogger(__name__).exception("the %s bot failed at seat %d; the baseline answers",
                                                  getattr(self.bot, "level", "?"), self.seat)
            self.host.bot_failures += 1
            return make_bot(YARDSTICK).choose(self.state, list(prompt.actions))


@dataclass(frozen=True)
class TableSettings:
    """What the settings of the screen a table is shown on ask of it (TableSource.configure): how long an AI seat
    seems to think, the claim and turn timers for the next prompts, the expert's thinking time, and whether
    finished rounds are kept as replays."""
    think: float = 0.0
    claim_timer: float | None = None
    turn_timer: float | None = None
    expert_think: float | None = None  # None: the expert's default (game/ai/search.py)
    keep_replays: bool = False


@dataclass
class Host:
    variant_id: str
    options_raw: dict
    seats: list[SeatConfig]
    seed: int | str = 0
    rounds: int | None = 4  # None: until a player can no longer sit (the rule set says when)
    start_coins: list[int] | None = None  # each player's coins at the start, where the rule set plays for coins
    think: float = 0.0  # seconds an AI seat takes before it answers (host clock)
    claim_timer: float | None = None  # seconds a human has to answer a claim before it is passed for him
    # seconds a human has for his turn (a discard, a kong, a self-drawn win, a setup choice such as 上嘎) before his
    # stand-in, the AI, makes the move for him
    turn_timer: float | None = None
    keep_replays: bool = False
    start_with_coins: bool = True  # False: headless runs count points only, unless given start_coins
    # a round's wall seed instead of the game seed, by round number: a LAN host deals each round from its
    # commit–reveal (game.net.fairness). The first dealer and the bots' choices still follow the game seed
    round_seeds: dict[int, int | str] = field(default_factory=dict)
    # the deadlines prompts get; None: the local timers above (claim_timer, turn_timer), read as each prompt opens
    deadlines: DeadlinePolicy | None = None

    def __post_init__(self) -> None:
        self.variant = get_variant(self.variant_id)
        self.players = len(self.seats)
        self.options = self.variant.parse_options(self.options_raw, self.players)
        given: dict = {}
        if self.start_coins is not None:
            given["coins"] = list(self.start_coins)
        elif not self.start_with_coins:
            given["coins"] = None
        self.session = Session(self.variant, self.options, self.players, self.seed, facts=given)
        self.start_coins = list(self.session.coins) if self.session.coins is not None else None
        # every finished round's actions (a game is seed + actions), as the engine's Actions: named tuples, a
        # third of the dicts of the save's form (round_actions), and this record grows with the game
        self.finished_actions: list[tuple[Action, ...]] = []
        self.current_actions: list[dict] = []
        self.bot_failures = 0  # bot decisions that raised (each answered by the yardstick instead); tests want 0
        self.round_setups: list[dict] = []  # every finished round's choices before its deal ({seat: value})
        self.setup: dict[int, SetupChoice] = {}  # choices awaited before the next deal
        self.setup_answers: dict[int, int] = {}
        # an AI seat plays at its level; a human seat's stand-in (托管, a missed deadline) plays the expert's moves
        self.stand_ins = [BotSeat(self, i, "expert" if s.human else s.level) for i, s in enumerate(self.seats)]
        self.links: list[Any] = [self.stand_ins[i] if not s.human else None for i, s in enumerate(self.seats)]
        self.autoplay: set[int] = {i for i, s in enumerate(self.seats) if not s.human}  # seats a bot answers now
        self.round: Round | None = None
        self.round_start: tuple[int, int, dict] = (0, 0, {})
        # the game's events, unmasked, the current round's kept: a seat's event number is its number here
        self.events = RoundEvents()
        self.history: list[RoundRecord] = []
        self.prompts: dict[int, Prompt] = {}
        self.observers: list[tuple[int | None, Any]] = []
        self.listeners: list[HostListener] = []
        self.clock = 0.0
        self._prompt_ids = 0
        self._answering = False

    # ---------------------------------------------------------------- seats
    def observe(self, seat: int | None, link: Any) -> None:
        """Watch the game as `seat` sees it (None: every hand open) without answering for it: the demo's view."""
        self.observers.append((seat, link))
        for seq in range(self.round_first_event, len(self.events)):
            link.event(seq, project(self.events[seq], seat))

    def attach(self, seat: int, link: Any, replay: bool = True) -> None:
        """Connect a seat (a local human's view, a LAN client). It is brought up to date: the current round's
        events as its seat sees them (`replay=False`: none, e.g. between rounds), then its open prompt."""
        self.links[seat] = link
        for seq in range(self.round_first_event if replay else len(self.events), len(self.events)):
            link.event(seq, project(self.events[seq], seat))
        if seat in self.prompts:
            link.prompt(self.prompts[seat])

    def set_autoplay(self, seat: int, on: bool) -> None:
        """托管: the seat's stand-in bot answers for it (or stops doing so)."""
        if on:
            self.autoplay.add(seat)
        elif self.seats[seat].human:
            self.autoplay.discard(seat)

    def set_toggles(self, seat: int, *, auto_win: bool | None = None, auto_pass: bool | None = None) -> None:
        cfg = self.seats[seat]
        if auto_win is not None:
            cfg.auto_win = auto_win
        if auto_pass is not None:
            cfg.auto_pass = auto_pass
        self._auto_answer()

    # ---------------------------------------------------------------- flow
    @property
    def rounds_played(self) -> int:
        return len(self.history)

    @property
    def coins(self) -> list[int] | None:
        """Each player's coins now, where the rule set plays for coins."""
        return self.session.coins

    @property
    def phase(self) -> str:
        """"setup" (choices before a deal), "play", "over" (a round ended, not yet closed) or "idle"."""
        if self.setup:
            return "setup"
        if self.round is None:
            return "idle"
        return "over" if self.round.finished else "play"

    def game_over(self) -> bool:
        if self.phase in ("setup", "play"):
            return False
        if self.rounds is not None:
            return self.rounds_played >= self.rounds
        return not self.session.goes_on()

    def start_round(self, live: bool = True, setup: dict[int, int] | None = None) -> list[dict]:
        """Begin the next round: the seats' choices first where the rule set asks for them, then the deal.
        `live=False` while a save is replayed (no autosave, no standing orders); `setup` gives recorded choices."""
        self.current_actions = []
        choices = self.session.setup_choices()
        if choices and setup is None:
            self.round = None
            self.setup, self.setup_answers = choices, {}
            self._update_prompts()
            if live:
                self._changed()
            return []
        if choices:
            self.session.choose(setup)
        self.setup_answers = dict(setup or {})
        return self._deal(live)

    def _deal(self, live: bool) -> list[dict]:
        self.setup = {}
        self.round_start = (self.session.round_no, self.session.dealer, self.session.context())
        self.round, events = self._new_round()
        self.events.new_round()
        return self._settle(events, live)

    def _new_round(self) -> tuple[Round, list[dict]]:
        """Deal the session's next round from its wall seed: the game seed, or the round's own (`round_seeds`)."""
        seed = self.round_seeds.get(self.session.round_no)
        if seed is None:
            return self.session.start_round()
        game_seed, self.session.seed = self.session.seed, seed
        try:
            return self.session.start_round()
        finally:
            self.session.seed = game_seed

    def _settle(self, events: list[dict], live: bool) -> list[dict]:
        """After any change: every seat gets its events and prompts; live play also autosaves and lets standing
        orders answer (a replayed save does neither: its recorded actions already hold those answers)."""
        self._publish(events)
        self._update_prompts()
        if live:
            self._changed()
            self._auto_answer()
        return events

    def load_round(self, rnd: Round, events: list[dict]) -> None:
        """Play a prepared round (a scenario in tests) at this table instead of dealing a new one."""
        self.round = rnd
        self.current_actions = []
        self.events.new_round()
        self._publish(events)
        self._update_prompts()

    def finish_round(self) -> RoundRecord:
        rnd = self.round
        assert rnd is not None and rnd.finished
        if self.keep_replays:
            self._keep_replay()
        record = RoundRecord(self.session.round_no, rnd.dealer, rnd.deltas(), rnd.exhausted, rnd.result()["wins"])
        self.session.finish_round(rnd)
        self.history.append(record)
        self.finished_actions.append(tuple(_kept_action(Action.from_json(a)) for a in self.current_actions))
        self.round_setups.append(self.setup_answers)
        self.current_actions = []
        self.setup_answers = {}
        self.round = None  # closed: the game is between rounds
        self._update_prompts()
        return record

    def next_round(self) -> bool:
        """After the settlement: close the round and deal the next; False when the game is over."""
        self.finish_round()
        if self.game_over():
            for listener in self._listening():
                listener.game_ended(self)
            return False
        self.start_round()
        return True

    def round_replay(self):
        """The round in play (finished or not) as a replay of the game.replays format."""
        from game.replays import record

        round_no, dealer, context = self.round_start
        return record(self, context, round_no, dealer, self.current_actions)

    def _keep_replay(self) -> None:
        from game import replays

        try:
            replays.write(self.round_replay())
        except OSError:
            pass  # a full disk must not stop the game

    # ---------------------------------------------------------------- listeners
    def add_listener(self, listener: HostListener) -> None:
        """Tell `listener` of every change from now on (HostListener: changed, game_ended)."""
        self.listeners.append(listener)

    def remove_listener(self, listener: HostListener) -> None:
        self.listeners.remove(listener)

    def _listening(self) -> list[HostListener]:
        return list(self.listeners)  # a copy: a listener may remove itself

    def _changed(self) -> None:
        for listener in self._listening():
            listener.changed(self)

    # ---------------------------------------------------------------- intents
    def intent(self, seat: int, prompt_id: int, action: Any) -> list[dict]:
        """A seat's answer to its prompt. Raises Refused (nothing changes) when it is not acceptable."""
        if self.phase not in ("setup", "play"):
            raise Refused("no_round", "no round is in progress")
        if not 0 <= seat < self.players:
            raise Refused("wrong_seat", f"there is no seat {seat}")
        if action.seat != seat:
            raise Refused("wrong_seat", f"seat {seat} cannot act for seat {action.seat}")
        prompt = self.prompts.get(seat)
        if prompt is None:
            raise Refused("not_prompted", f"seat {seat} has nothing to answer now")
        if prompt.id != prompt_id:
            raise Refused("stale", f"prompt {prompt_id} is no longer open (the open one is {prompt.id})")
        if action not in prompt.actions:
            raise Refused("illegal", f"{action.type} is not one of the moves offered to seat {seat}")
        return self._apply(action)

    def answer(self, seat: int, action: Action) -> list[dict]:
        """Answer the seat's open prompt, whatever its id (local callers that hold no prompt: tests, tools)."""
        prompt = self.prompts.get(seat)
        return self.intent(seat, prompt.id if prompt is not None else -1, action)

    def replay_action(self, action: Any) -> list[dict]:
        """Apply a recorded action (a resumed save): checked by the engine, not against a prompt."""
        if self.phase == "setup" and isinstance(action, SetupAction):
            choice = self.setup.get(action.seat)
            if choice is None or action.value not in choice.values or action.seat in self.setup_answers:
                raise IllegalAction(f"seat {action.seat} cannot choose {action.value!r} now")
            return self._apply(action, live=False)
        if self.phase != "play":
            raise IllegalAction("no round in progress")
        return self._apply(action, live=False)

    def _apply(self, action: Any, live: bool = True) -> list[dict]:
        """Apply one action. Live play also autosaves and lets standing orders answer; a replayed action does
        neither (the recorded actions already hold those answers)."""
        if isinstance(action, SetupAction):
            return self._answer_setup(action, live)
        assert self.round is not None
        events = self.round.apply(action)
        self.current_actions.append(action.to_json())
        return self._settle(events, live)

    def _answer_setup(self, action: SetupAction, live: bool) -> list[dict]:
        """A seat's choice before the deal; the deal comes when every seat has chosen. Nobody sees another's
        choice before that (they reach every seat with the round's context)."""
        self.setup_answers[action.seat] = action.value
        if len(self.setup_answers) < len(self.setup):
            self._update_prompts()
            if live:
                self._changed()
            return []
        self.session.choose(self.setup_answers)
        return self._deal(live)

    # ---------------------------------------------------------------- prompts and the clock
    def to_act(self) -> list[int]:
        """Seats that must answer now (host-side knowledge: never shown to a seat)."""
        if self.setup:
            return [s for s in self.setup if s not in self.setup_answers]
        rnd = self.round
        if rnd is None or rnd.finished:
            return []
        if rnd.phase == CLAIM and rnd.window is not None:
            return [s for s in rnd.window.options if s not in rnd.window.answers]
        return [rnd.current]

    def _legal(self, seat: int) -> tuple:
        if self.setup:
            choice = self.setup[seat]
            return tuple(SetupAction(seat, choice.id, v) for v in choice.values)
        assert self.round is not None
        return tuple(self.round.legal_actions(seat))

    def _update_prompts(self) -> None:
        need = {seat: self._legal(seat) for seat in self.to_act()}
        for seat, old in list(self.prompts.items()):
            if need.get(seat) != old.actions:
                del self.prompts[seat]
                self._send(seat, "withdraw", old)
        for seat, actions in need.items():
            if seat in self.prompts or not actions:
                continue
            self._prompt_ids += 1
            claim = any(a.type == "pass" for a in actions)
            limit = self.deadline_policy().limit(seat, claim, seat in self.autoplay)
            deadline = self.clock + limit if limit else None
            prompt = Prompt(seat, self._prompt_ids, actions, deadline, self.clock, self.setup.get(seat))
            self.prompts[seat] = prompt
            self._send(seat, "prompt", prompt)

    def _send(self, seat: int, what: str, prompt: Prompt) -> None:
        link = self.links[seat]
        stand_in = self.stand_ins[seat]
        for target in (link, stand_in) if link is not stand_in else (link,):
            if target is not None:
                getattr(target, what)(prompt)

    def _auto_answer(self) -> None:
        """A human's standing orders (自动胡, 自动过) answer at once, before anyone is shown the prompt."""
        if self._answering:
            return
        self._answering = True
        try:
            while True:
                for seat, prompt in sorted(self.prompts.items()):
                    cfg = self.seats[seat]
                    if seat in self.autoplay:
                        continue
                    kinds = prompt.kinds()
                    if cfg.auto_win and "win" in kinds:
                        self._apply(Action(seat, "win"))
                        break
                    if cfg.auto_pass and prompt.claim and "win" not in kinds:
                        self._apply(Action(seat, "pass"))
                        break
                else:
                    return
        finally:
            self._answering = False

    def advance(self, dt: float) -> bool:
        """Move the host's clock; an AI (or 托管) seat that has thought long enough answers, and a human whose
        deadline passed is answered for. At most one action per call, so the caller can show it. True if acted."""
        self.clock += dt
        for seat, prompt in sorted(self.prompts.items()):
            if seat in self.autoplay and self.clock - prompt.opened >= self.think:
                self._apply(self.stand_ins[seat].choose(prompt))
                return True
        for seat, prompt in sorted(self.prompts.items()):
            if prompt.deadline is not None and self.clock >= prompt.deadline:
                self._apply(self._answer_at_deadline(prompt))
                return True
        return False

    def _answer_at_deadline(self, prompt: Prompt) -> Any:
        if prompt.claim and not self.deadline_policy().stand_in_answers_claims:
            return Action(prompt.seat, "pass")
        return self.stand_ins[prompt.seat].choose(prompt)

    def seconds_to_next_move(self) -> float | None:
        """Seconds on the host's clock until `advance` will act by itself (an AI or 托管 seat done thinking, a
        deadline passed); 0 when it would act now, None when only the seats' answers can move the game. A caller
        that sleeps between advances (a LAN host) wakes then."""
        due = [prompt.opened + self.think for seat, prompt in self.prompts.items() if seat in self.autoplay]
        due += [prompt.deadline for prompt in self.prompts.values() if prompt.deadline is not None]
        return max(0.0, min(due) - self.clock) if due else None

    # ---------------------------------------------------------------- the public face of prompts and 托管
    def open_prompt(self, seat: int) -> Prompt | None:
        """The prompt the seat must answer now, if any."""
        return self.prompts.get(seat)

    def open_prompts(self) -> dict[int, Prompt]:
        """Every open prompt by seat (a copy: answering one changes the host's own)."""
        return dict(self.prompts)

    def seconds_left(self, prompt: Prompt) -> float | None:
        """Seconds the prompt's seat has left to answer it (None: no deadline)."""
        return None if prompt.deadline is None else max(0.0, prompt.deadline - self.clock)

    def stand_in_move(self, seat: int) -> Any:
        """What the seat's stand-in (its AI: an AI seat's own level, a human's expert for 托管) plays for its open
        prompt. Nothing is applied; answer with `intent` to play it. Raises Refused when the seat has no prompt."""
        prompt = self.prompts.get(seat)
        if prompt is None:
            raise Refused("not_prompted", f"seat {seat} has nothing to answer now")
        return self.stand_ins[seat].choose(prompt)

    def configure(self, settings: TableSettings) -> None:
        """The screen's settings for this table, from the next prompt on (an open prompt keeps its deadline)."""
        self.think = settings.think
        self.claim_timer = settings.claim_timer
        self.turn_timer = settings.turn_timer
        self.keep_replays = settings.keep_replays
        self.set_expert_think(settings.expert_think)

    def set_expert_think(self, seconds: float | None) -> None:
        """How long the expert may think per decision (game/ai/search.py's think_s; None: its default): every
        expert at the table — an expert AI seat and a human's stand-in — thinks so from its next decision."""
        for stand_in in self.stand_ins:
            if hasattr(stand_in.bot, "think_s"):
                stand_in.bot.think_s = seconds

    def is_autoplayed(self, seat: int) -> bool:
        """Whether the seat's stand-in answers for it now: an AI seat always, a human's seat under 托管."""
        return seat in self.autoplay

    def deadline_policy(self) -> DeadlinePolicy:
        """The deadlines the next prompts get: the policy set with `set_deadlines`, else the local timers."""
        if self.deadlines is not None:
            return self.deadlines
        return DeadlinePolicy(claim=self.claim_timer, turn=self.turn_timer)

    def set_deadlines(self, policy: DeadlinePolicy | None) -> None:
        """The deadlines for the prompts that open from now on (None: back to the local timers). An open prompt
        keeps the deadline it opened with."""
        self.deadlines = policy

    @property
    def round_no(self) -> int:
        """The number of the round in play, or of the next to be dealt."""
        return self.session.round_no

    def set_wall_seed(self, round_no: int, seed: int | str) -> None:
        """Deal round `round_no` from `seed` instead of the game seed (a LAN round's commit–reveal)."""
        self.round_seeds[round_no] = seed

    def run_bots(self, limit: int = 10_000) -> int:
        """Let AI seats play, without waiting, until a human must answer or the round ends. Returns the actions."""
        n = 0
        while n < limit and self.prompts and any(s in self.autoplay for s in self.prompts):
            seat = min(s for s in self.prompts if s in self.autoplay)
            self._apply(self.stand_ins[seat].choose(self.prompts[seat]))
            n += 1
        return n

    def step_bot(self) -> list[dict] | None:
        """Let the first AI (or 托管) seat with an open prompt answer at once; None when only humans must act."""
        for seat in sorted(self.prompts):
            if seat in self.autoplay:
                return self._apply(self.stand_ins[seat].choose(self.prompts[seat]))
        return None

    def humans_to_act(self) -> list[int]:
        return [s for s in self.prompts if s not in self.autoplay]

    # ---------------------------------------------------------------- events
    def _publish(self, events: list[dict]) -> None:
        for e in events:
            seq = len(self.events)
            self.events.append(e)
            for seat in range(self.players):
                seen = project(e, seat)
                link = self.links[seat]
                if link is not None:
                    link.event(seq, seen)
                if self.stand_ins[seat] is not link:
                    self.stand_ins[seat].event(seq, seen)
            for seat, link in self.observers:
                link.event(seq, project(e, seat))

    def events_since(self, seat: int | None, seq: int) -> list[tuple[int, dict]]:
        """The current round's events after number `seq`, numbered, as `seat` may see them (None: the open view).
        A front end reads them at its own pace: nothing is pushed to it."""
        start = max(seq + 1, self.round_first_event)
        return [(i, project(self.events[i], seat)) for i in range(start, len(self.events))]

    def finished_round_replay(self) -> Any:
        """The round just finished as a replay (the settlement's "watch again"); None while it is still played."""
        return self.round_replay() if self.round is not None and self.round.finished else None

    def play_as_ai(self, seat: int) -> None:
        """The seat is the AI's from now on, the human gone for good (a player's saved game watched in the demo):
        its stand-in plays it, as under 托管."""
        self.seats[seat].human = False
        self.links[seat] = self.stand_ins[seat]
        self.set_autoplay(seat, True)

    @property
    def round_actions(self) -> list[list[dict]]:
        """Every finished round's actions in the save's form (game.saves), made when asked."""
        return [[a.to_json() for a in actions] for actions in self.finished_actions]

    @property
    def round_first_event(self) -> int:
        """The number of the first event of the round in play (or of the last one, until the next is dealt)."""
        return self.events.first

    def events_for(self, seat: int | None, start: int | None = None) -> list[dict]:
        """The kept events (the current round's) from number `start` as `seat` may see them (None: the open
        view)."""
        return [project(e, seat) for e in self.events[self.events.first if start is None else start:]]

    def round_events(self, seat: int | None) -> list[dict]:
        return self.events_for(seat, self.round_first_event)

    def totals(self) -> list[int]:
        return list(self.session.totals)

    def describe(self) -> dict[str, Any]:
        return {"variant": self.variant_id, "options": self.options_raw, "players": self.players,
                "seed": self.seed, "seats": [asdict(s) for s in self.seats], "rounds": self.rounds}


def _kept_action(action: Action) -> Action:
    """The action as the game's record keeps it: its move's name shared (a LAN intent's is a string of its own,
    parsed from the line it came on, that would be kept with every action)."""
    return action._replace(type=sys.intern(action.type))


class RoundEvents:
    """The game's events, numbered from 0 in the order they happened, of which only the current round's are kept:
    a seat's event number is an index here, but an earlier round's events were sent, logged and made into its
    replay as they happened, and a long game must not hold them all. `first` is the number of the first kept
    event; `len()` is the number the next event gets. Indexing and slicing take event numbers (a number before
    `first` is an IndexError); iterating gives the kept events."""

    def __init__(self) -> None:
        self.first = 0
        self._kept: list[dict] = []

    def append(self, event: dict) -> None:
        self._kept.append(event)

    def new_round(self) -> None:
        """Forget the events kept so far: the next one opens a round."""
        self.first += len(self._kept)
        self._kept = []

    def __len__(self) -> int:
        return self.first + len(self._kept)

    def __iter__(self):
        return iter(self._kept)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __getitem__(self, seq: int | slice) -> Any:
        if isinstance(seq, slice):
            start, stop, step = seq.indices(len(self))
            if start < self.first and start < stop:
                raise IndexError(f"events before number {self.first} belong to a finished round and are not kept")
            return self._kept[max(start, self.first) - self.first:max(stop, self.first) - self.first:step]
        if seq < 0:
            seq += len(self)
        if not self.first <= seq < len(self):
            raise IndexError(f"event {seq} is not kept (the current round's are {self.first} to {len(self) - 1})")
        return self._kept[seq - self.first]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RoundEvents):
            return (self.first, self._kept) == (other.first, other._kept)
        return NotImplemented

    def __repr__(self) -> str:
        return f"RoundEvents(first={self.first}, kept={len(self._kept)})"


class LocalSeat:
    """A seat played on this machine (or only watched): keeps the seat's events of the current round, numbered,
    and its open prompt, for a front end to show at its own pace. `observe` links only watch."""

    def __init__(self, seat: int):
        self.seat = seat
        self.events: list[tuple[int, dict]] = []  # this round's events as the seat sees them
        self.open_prompt: Prompt | None = None

    def event(self, seq: int, event: dict) -> None:
        if event.get("type") == "start_round":
            self.events = []
        self.events.append((seq, event))

    def prompt(self, prompt: Prompt) -> None:
        self.open_prompt = prompt

    def withdraw(self, prompt: Prompt) -> None:
        if self.open_prompt is not None and self.open_prompt.id == prompt.id:
            self.open_prompt = None

    def since(self, seq: int) -> list[tuple[int, dict]]:
        return [(s, e) for s, e in self.events if s > seq]
