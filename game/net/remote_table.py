"""A LAN table as the table scene sees it: the Host-like face of one NetClient.

The table view (game/ui/table/) draws what its seat receives and answers prompts with intents; it was
written against game.host.Host. `RemoteTable` gives it the same few things for a seat at someone else's table (or
at one's own LAN table, whose host runs in this process and is joined over loopback like any other): the rule set,
the seats with their names, faces and 托管 marks, the seat's numbered events and open prompt (delivered to the
attached link when the scene advances the table), intents, the standings between rounds. The authority is the
host: nothing here changes the game, and an intent is only checked against the prompt before it is sent.

No pygame, no sockets of its own: it reads `client.poll()` and writes through the client.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

from game.engine.errors import EngineError
from game.engine.events import EVENT_TYPES
from game.engine.state import Action
from game.engine.variant import SetupChoice
from game.host import Prompt, Refused, RoundRecord, SeatConfig, SetupAction
from game.variants import get_variant

from .client import JoinError, NetClient

log = logging.getLogger(__name__)
EVENTS = frozenset(EVENT_TYPES)
# what is not about the round in play passes at once, even while the next round waits for a settlement to close
# ("pong" is not among them: this client never pings, so a "pong" is always the claim event, a next round's)
PASS_WHILE_HELD = frozenset({"table", "phrase", "refused", "error", "closing", "welcome"})


def connect(address: str, port: int, name: str, *, avatar: int | None = None, timeout: float = 5.0,
            approval_wait: float = 120.0, **client_kw: Any) -> NetClient:
    """Join a table and wait (at most `timeout` seconds) until the host has given a seat. Raises JoinError (the
    host refused, is unreachable, or said nothing in time). A seat asked back by name alone waits up to
    `approval_wait` more seconds for the host's answer (`client.pending` is set meanwhile; a UI that does not want
    to block starts its own NetClient and reads `pending` and `welcome`)."""
    client = NetClient(address, port, name, avatar=avatar, **client_kw)
    client.start()
    end = time.monotonic() + timeout
    # a rejoin by name that the host's player is asked about (`client.pending`) waits for his answer instead
    while client.welcome is None and client.error is None and (
            time.monotonic() < end or client.pending is not None and time.monotonic() < end + approval_wait):
        time.sleep(0.01)
    if client.error is not None:
        client.close()
        raise client.error
    if client.welcome is None:
        client.close()
        raise JoinError("host_lost", f"{address}:{port} did not answer in {timeout:g} s")
    return client


class RemoteTable:
    remote = True  # the table scene's cue: the game runs elsewhere (no autosave here, no pausing its clock)

    def __init__(self, client: NetClient, *, server: Any = None):
        w = client.welcome
        if w is None:
            raise JoinError("host_lost", "the host has not welcomed this seat yet")
        self.client = client
        self.server = server  # the NetHost when this machine hosts the table (its UI closes it when leaving)
        self.seat: int = int(w["seat"])
        self.variant_id: str = w["variant"]
        self.options_raw: dict = dict(w.get("options") or {})
        self.players: int = int(w["players"])
        self.variant = get_variant(self.variant_id)
        self.options = self.variant.parse_options(self.options_raw, self.players)
        self.fingerprint: str = str(w.get("fingerprint"))
        self.seed = self.fingerprint  # only the scene's animations take it: any stable text will do
        self.rounds: int | None = w.get("rounds")
        self.deadline: float = float(w.get("deadline") or 20.0)
        self.host_name: str = str(w.get("host") or "")
        kinds = list(w.get("kinds") or ["remote"] * self.players)
        avatars = list(w.get("avatars") or [0] * self.players)
        names = list(w.get("names") or [None] * self.players)
        self.kinds = kinds
        self.empty_name = "Seat {n}"  # an open seat's name (the screen gives it in the player's language)
        self.seats = [SeatConfig(str(names[i] or "…"), human=kinds[i] != "ai", level="normal",
                                 avatar=int(avatars[i] or i + 1)) for i in range(self.players)]
        self.connected = [True] * self.players
        self.taken = [n is not None for n in names]  # a player (or the AI) sits there
        self.started = False  # the host has begun the game (its first commitment, or a game in progress)
        self.host_phase = "lobby"  # the host's: lobby (waiting for its Start, a resumed game too), commit, play …
        self.ready = [False] * self.players
        self.autoplay: set[int] = {i for i, k in enumerate(kinds) if k == "ai"}
        self._rounds_played = int(w.get("rounds_played") or 0)
        self._totals = list(w.get("totals") or [0] * self.players)
        self._coins = list(w["coins"]) if isinstance(w.get("coins"), list) else None
        self._next_standing: dict | None = None  # after a round's end: applied when its settlement closes
        # the next round's messages that came while this screen still shows the last one (held until its
        # settlement closes, so the screen never loses a round's end to the next deal)
        self._held: list[dict] = []
        self.history: list[RoundRecord] = []
        self.links: dict[int, Any] = {}
        self.events: list[tuple[int, dict]] = []  # the current round's events, as this seat received them
        self.prompt: Prompt | None = None
        self.seq = 0
        self.round_no: int | None = None
        self._round_over = False
        self._last_end: dict | None = None
        self._dealer = 0
        self.finished: dict | None = None
        self.phrases: list[tuple[int, str]] = []  # quick phrases heard, for the scene to show and say
        self.notices: list[str] = []  # intents the host refused (their reasons), for the scene to show
        self._shown_id: int | None = None  # the last prompt the host was told is on screen
        self._prompt_seconds: float | None = None  # the seconds the host gives the open prompt from its showing
        self._t0 = time.monotonic()

    # ------------------------------------------------------------------------------------------------ the Host face
    @property
    def clock(self) -> float:
        """Seconds on this screen's clock: a LAN prompt's deadline runs on the host in real time, paused or not."""
        return time.monotonic() - self._t0

    @property
    def rounds_played(self) -> int:
        return self._rounds_played

    @property
    def coins(self) -> list[int] | None:
        return self._coins

    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def phase(self) -> str:
        if self._round_over:
            return "over"
        return "play" if self.events else "idle"

    def game_over(self) -> bool:
        return self.finished is not None and not self._round_over

    @property
    def playing(self) -> bool:
        """The game is under way at the host (not waiting in its lobby, as a resumed table does for its Start)."""
        return self.started and self.host_phase != "lobby"

    def connected_seat(self, seat: int) -> bool:
        """A player sits at `seat` and his connection is up (AI seats: always)."""
        return self.kinds[seat] == "ai" or (self.taken[seat] and self.connected[seat])

    @property
    def error(self) -> JoinError | None:
        """Why this seat is no longer at the table (the host quit or is gone, the seat went on elsewhere)."""
        return self.client.error

    def attach(self, seat: int, link: Any, replay: bool = True) -> None:
        if seat != self.seat:
            raise ValueError(f"this machine plays seat {self.seat}, not {seat}")
        self.links[seat] = link
        if replay:
            for seq, e in self.events:
                link.event(seq, e)
        if self.prompt is not None:
            link.prompt(self.prompt)

    def observe(self, seat: int | None, link: Any) -> None:
        raise ValueError("a LAN seat plays; it does not watch")

    def events_since(self, seat: int | None, seq: int) -> list[tuple[int, dict]]:
        """This seat's events of the current round after number `seq`, as its host sent them (a LAN seat sees
        only its own seat's view)."""
        if seat != self.seat:
            raise ValueError(f"this machine plays seat {self.seat}, not {seat}")
        return [(s, e) for s, e in self.events if s > seq]

    def open_prompt(self, seat: int) -> Prompt | None:
        """The seat's open prompt. The table view reads it every frame, so the first read is the moment it is on
        screen: the host is told then (`shown`, once per prompt), and its countdown starts there, whatever
        animation the view was still playing."""
        if seat != self.seat:
            return None
        prompt = self.prompt
        if prompt is not None and prompt.id != self._shown_id:
            self._shown_id = prompt.id
            self.client.shown(prompt.id)
            # the player's seconds run from now: the host counts them from this message
            if prompt.deadline is not None and self._prompt_seconds is not None:
                prompt = self.prompt = replace(prompt, deadline=self.clock + self._prompt_seconds)
        return prompt

    def configure(self, settings: Any) -> None:
        pass  # the host's settings rule its table: its AI's pace, its timers

    def finished_round_replay(self) -> None:
        return None  # no engine round here: the host has it

    def start_round(self, *args: Any, **kw: Any) -> list[dict]:
        return []  # the host deals, when its players are ready

    def advance(self, dt: float) -> bool:
        """Take in what the host sent; True when an event arrived (the scene shows it)."""
        return self._pump()

    def intent(self, seat: int, prompt_id: int, action: Any) -> list[dict]:
        """Send an answer to the open prompt. Checked here against the prompt (so a wrong click is refused at once,
        as at a local table); the host checks it again and has the last word (`notices`)."""
        prompt = self.prompt
        if seat != self.seat or getattr(action, "seat", seat) != seat:
            raise Refused("wrong_seat", f"this machine plays seat {self.seat}")
        if prompt is None:
            raise Refused("not_prompted", "there is nothing to answer now")
        if prompt.id != prompt_id:
            raise Refused("stale", f"prompt {prompt_id} is no longer open")
        if action not in prompt.actions:
            raise Refused("illegal", f"{action.type} is not one of the moves offered")
        if not self.client.send({"type": "intent", "prompt": prompt_id, "action": action.to_json()}):
            raise Refused("no_round", "the connection to the host is down; it is being restored")
        self.prompt = None
        link = self.links.get(seat)
        if link is not None:
            link.withdraw(prompt)
        return []

    def set_autoplay(self, seat: int, on: bool) -> None:
        if seat == self.seat:
            self.client.set_autoplay(on)
            (self.autoplay.add if on else self.autoplay.discard)(seat)  # the host confirms with its next table

    def set_toggles(self, seat: int, *, auto_win: bool | None = None, auto_pass: bool | None = None) -> None:
        if seat != self.seat:
            return
        cfg = self.seats[seat]
        msg: dict = {"type": "toggles"}
        if auto_win is not None:
            cfg.auto_win = msg["auto_win"] = bool(auto_win)
        if auto_pass is not None:
            cfg.auto_pass = msg["auto_pass"] = bool(auto_pass)
        self.client.send(msg)

    def say(self, seat: int, phrase_id: str) -> bool:
        """A quick phrase from this seat: it is shown and said when the host passes it round (to us too)."""
        return seat == self.seat and self.client.send({"type": "phrase", "id": phrase_id})

    def next_round(self) -> bool:
        """The settlement was closed: this seat is ready for the next deal. False when the game is over."""
        self._pump()
        self._close_round()
        held, self._held = self._held, []
        for msg in held:  # the next round as it came meanwhile
            try:
                self._take(msg)
            except Exception:  # noqa: BLE001
                log.exception("could not take a %s message", msg.get("type"))
        self.client.set_ready(True)
        return self.finished is None

    def leave(self) -> None:
        """This player leaves: the host's AI plays the seat (join again with the same name to take it back). When
        this machine hosts the table, the table closes: every player is told, the game stays in its autosave."""
        self.client.close()
        if self.server is not None:
            self.server.stop()
            self.server.join(3.0)  # its players are told before this window (and its process) goes

    def verification(self, round_no: int | None = None) -> bool | None:
        """The commit–reveal check of a round (the last one seen by default): True passed, False failed, None not
        checked (joined after its deal, or not revealed yet)."""
        r = self.round_no if round_no is None else round_no
        if r is None:
            return None
        if r in self.client.failed:
            return False
        return True if r in self.client.verified else None

    # ------------------------------------------------------------------------------------------------ messages
    def _pump(self) -> bool:
        got = False
        for msg in self.client.poll():
            mtype = msg.get("type")
            # a withdraw alone is this round's last prompt taken back as it ended: taken now, or it would hold the
            # round's reveal (its wall check on the settlement) and the game's end behind it
            if (self._held and mtype not in PASS_WHILE_HELD) or (
                    self._round_over and mtype in ("start_round", "prompt")):
                self._held.append(msg)  # the next round's: after this one's settlement, in order
                continue
            try:
                got = self._take(msg) or got
            except Exception:  # noqa: BLE001 - a host that sends nonsense must not stop this player's screen
                log.exception("could not take a %s message", msg.get("type"))
        return got

    def _take(self, msg: dict) -> bool:
        mtype = msg.get("type")
        if mtype in EVENTS:
            self.started = True
            seq = self.seq
            self.seq += 1
            if mtype == "start_round":
                self.events = []
                self.round_no = msg.get("round") if isinstance(msg.get("round"), int) else None
                self._dealer = msg.get("dealer") if isinstance(msg.get("dealer"), int) else 0
            elif mtype == "end_round":
                self._round_over = True
                self._last_end = msg
            self.events.append((seq, msg))
            link = self.links.get(self.seat)
            if link is not None:
                link.event(seq, msg)
            return True
        if mtype == "sync":
            self.seq = msg["seq"] if isinstance(msg.get("seq"), int) else self.seq
            if isinstance(msg.get("round"), int):
                self.events = []  # the round so far follows, from its start
                self._round_over = False
        elif mtype == "welcome":
            self.seat = int(msg.get("seat", self.seat))
            self._table(msg)
        elif mtype == "table":
            self._table(msg)
        elif mtype == "prompt":
            prompt = self._prompt(msg)
            if prompt is not None:
                self.prompt = prompt
                link = self.links.get(self.seat)
                if link is not None:
                    link.prompt(prompt)
        elif mtype == "withdraw":
            if self.prompt is not None and msg.get("id") == self.prompt.id:
                old, self.prompt = self.prompt, None
                link = self.links.get(self.seat)
                if link is not None:
                    link.withdraw(old)
        elif mtype == "commit":
            self.started = True
            if self.host_phase == "lobby":
                self.host_phase = "commit"
        elif mtype == "refused":
            self.notices.append(str(msg.get("message") or msg.get("error")))
        elif mtype == "standing":
            if self._round_over:
                self._next_standing = msg
            else:
                self._standing(msg)
        elif mtype == "phrase":
            if isinstance(msg.get("seat"), int) and 0 <= msg["seat"] < self.players and isinstance(msg.get("id"), str):
                self.phrases.append((msg["seat"], msg["id"]))
        elif mtype == "finished":
            self.finished = msg
            if isinstance(msg.get("totals"), list) and not self._round_over:
                self._totals = list(msg["totals"])
        return False

    def _table(self, msg: dict) -> None:
        n = self.players

        def column(key: str) -> list | None:
            value = msg.get(key)
            return value if isinstance(value, list) and len(value) == n else None

        names, avatars = column("names"), column("avatars")
        if names is not None:
            self.taken = [x is not None for x in names]
        if msg.get("started") is True:
            self.started = True
        if isinstance(msg.get("phase"), str):
            self.host_phase = msg["phase"]
        if isinstance(msg.get("deadline"), (int, float)) and msg["deadline"] > 0:
            self.deadline = float(msg["deadline"])  # (the host's lobby may change it before the deal)
        for i in range(n):
            if names is not None and isinstance(names[i], str):
                self.seats[i].name = names[i]
            elif names is not None and names[i] is None:
                self.seats[i].name = self.empty_name.format(n=i + 1)
            if avatars is not None and isinstance(avatars[i], int) and avatars[i] > 0:
                self.seats[i].avatar = avatars[i]
        for key in ("connected", "ready"):
            col = column(key)
            if col is not None:
                setattr(self, key, [bool(x) for x in col])
        auto = column("autoplay")
        if auto is not None:
            self.autoplay = {i for i in range(n) if auto[i]}

    def _standing(self, msg: dict) -> None:
        if isinstance(msg.get("rounds_played"), int):
            self._rounds_played = msg["rounds_played"]
        if isinstance(msg.get("totals"), list) and len(msg["totals"]) == self.players:
            self._totals = list(msg["totals"])
        if isinstance(msg.get("coins"), list) and len(msg["coins"]) == self.players:
            self._coins = list(msg["coins"])

    def _close_round(self) -> None:
        """The round on screen is settled: its record joins the history, the standings after it apply."""
        if not self._round_over:
            return
        end = self._last_end or {}
        deltas = list(end.get("deltas") or [0] * self.players)
        self.history.append(RoundRecord(self.round_no or 0, self._dealer, deltas, bool(end.get("exhausted")),
                                        list(end.get("wins") or [])))
        if self._next_standing is not None:
            self._standing(self._next_standing)
            self._next_standing = None
        else:  # the host's standing has not come (yet): the round's own deltas say as much
            self._totals = [t + d for t, d in zip(self._totals, deltas)]
            self._rounds_played += 1
        self._round_over = False
        self.events = []  # (a prompt that came meanwhile is the next round's: 上嘎 before its deal)

    def _prompt(self, msg: dict) -> Prompt | None:
        raw = msg.get("actions")
        if msg.get("seat") != self.seat or not isinstance(raw, list) or not isinstance(msg.get("id"), int):
            return None
        try:
            choice_msg = msg.get("choice")
            if isinstance(choice_msg, dict):
                actions = tuple(SetupAction.from_json(a) for a in raw)
                values = tuple(a.value for a in actions)
                default = choice_msg.get("default") if choice_msg.get("default") in values else values[0]
                choice = SetupChoice(str(choice_msg.get("id")), str(choice_msg.get("label")), values, default,
                                     explain=_short_text(choice_msg.get("explain")),
                                     why_not=_short_message(choice_msg.get("why_not")))
            else:
                actions = tuple(Action.from_json(a) for a in raw)
                choice = None
        except (EngineError, IndexError):
            log.warning("a prompt with unreadable actions")
            return None
        if not actions:
            return None
        seconds = msg.get("seconds")
        deadline = self.clock + float(seconds) if isinstance(seconds, (int, float)) else None
        self._prompt_seconds = float(seconds) if isinstance(seconds, (int, float)) else None
        return Prompt(self.seat, msg["id"], actions, deadline, self.clock, choice)


def _short_text(value: Any) -> str:
    """A host's words for the screen: a text of sensible length, else nothing (a hostile host gets no more)."""
    return value if isinstance(value, str) and len(value) <= 1000 else ""


def _short_message(value: Any) -> Any:
    """A host's message ({"id", "params"} of numbers and seats), else None."""
    if not isinstance(value, dict) or not _short_text(value.get("id")):
        return None
    params = value.get("params") or {}
    if not isinstance(params, dict) or len(params) > 8 or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in params.items()):
        return None
    return {"id": value["id"], "params": dict(params)}
