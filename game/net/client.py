"""The client side of a LAN game: one connection to the host, the seat it takes, and the checks of the host's
fairness (commit–reveal, fairness.py).

`NetClient` connects, says hello with its player's name, and from then on receives the seat's messages: `welcome`,
the engine's events projected for its seat, prompts, commits, reveals ... It answers each commit with fresh
entropy and checks each reveal by itself, whoever plays the seat. If the connection drops before the game's end
it tries again (same name: the host gives the seat back), for up to `retry` seconds.

Two ways to use it:

- a UI: `client.start()` runs it in a background thread; `client.poll()` returns the messages received since the
  last call (events, prompts ...), `client.intent(prompt_id, action)` answers a prompt, `client.close()` leaves.
- headless (`python -m game.net join`): `BotPlayer(client, level)` answers every prompt with the AI, and
  `client.run()` plays in this thread until the game is over.
"""

from __future__ import annotations

import json
import logging
import queue
import socket
import threading
import time
from typing import IO, Any, Callable

from game.engine.events import EVENT_TYPES

from . import fairness
from .protocol import MAX_LINE, PROTOCOL, LineBuffer, ProtocolError, encode, parse_object
from .seat_tokens import SeatTokens

log = logging.getLogger(__name__)

# errors not worth retrying
FATAL = {"table_full", "name_taken", "protocol", "fingerprint", "bad_name", "rejoin_refused", "rejoin_pending"}
EVENTS = frozenset(EVENT_TYPES)
GHOST_WAIT = 3.0  # seconds a restarted client retries a seat that still looks taken by its own dropped connection


class JoinError(Exception):
    """The host refused the seat or could not be reached. `code`: connect_failed, table_full, name_taken,
    rejoin_refused (the seat of that name waits for its own player: no token, or the host said no), rejoin_pending
    (someone else is asking for that seat), protocol, fingerprint, bad_name, host_lost, host_quit (the host closed
    its table: the game is saved there)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class NetClient:
    def __init__(self, address: str, port: int, name: str, *, retry: float = 30.0, connect_timeout: float = 5.0,
                 log_file: IO[str] | None = None, on_message: Callable[[dict], None] | None = None,
                 entropy_source: Callable[[int], str] | None = None, fingerprint: str | None = None,
                 trace: Callable[[str, dict], None] | None = None, avatar: int | None = None,
                 profile: str | None = None, tokens: SeatTokens | None = None, table_id: str | None = None):
        self.address, self.port, self.name = address, int(port), name
        self.avatar = avatar
        self.profile = profile  # this machine's player profile: the host counts the seat's rounds for it
        self.retry = retry
        self.connect_timeout = connect_timeout
        self.log_file = log_file
        self.on_message = on_message
        self.entropy_source = entropy_source
        self.expected_fingerprint = fingerprint
        self.trace = trace  # trace(kind, message) on every receipt ("recv") and send ("sent"): benchmarks
        # this seat's token, kept in the player's user data per table (seat_tokens.py): the only way back to a
        # dropped seat without the host's say-so. `table_id` (from discovery) finds it when the port changed
        self.tokens = tokens if tokens is not None else SeatTokens()
        self.table_id = table_id
        self.token: str | None = None  # the latest token the host gave (a new one at every retaking)
        self._taken_since: float | None = None  # when a hello with our token was first told name_taken
        self.pending: dict | None = None  # the host is asked whether to give the seat back by name (`pending`)
        self.line_down: float | None = None  # when the line dropped, while it is being restored (a UI says so)
        self.inbox: queue.Queue = queue.Queue()  # what poll() returns (when no on_message is given)
        self.welcome: dict | None = None
        self.seat: int | None = None
        self.table: dict | None = None
        self.finished: dict | None = None
        self.error: JoinError | None = None
        self.seq = 0  # the number of the next event (from sync)
        # fairness: per round the commitment, the entropy sent, the events seen; the rounds verified or failed
        self.commits: dict[int, str] = {}
        self.entropy_sent: dict[int, str] = {}
        self.round_events: dict[int, list[dict]] = {}
        self.current_round: int | None = None
        self.verified: set[int] = set()
        self.failed: dict[int, list[str]] = {}
        # rounds dealt before our entropy reached the host (a client frozen, or slower than the host's wait): their
        # wall was fixed without us, so they prove nothing to us; still checked for what they can show (`_reveal`)
        self.late: set[int] = set()
        self._entropy_due: list[int] = []  # commits read in this batch of lines, answered at its end
        # called once the lines of one read are handled (BotPlayer answers a prompt then, if it is still open)
        self.on_batch: Callable[[], None] | None = None
        self._sock: socket.socket | None = None
        self._send_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connects = 0

    # ------------------------------------------------------------------------------------------------ public
    @property
    def verified_rounds(self) -> int:
        return len(self.verified)

    def start(self) -> None:
        """Connect (raises JoinError) and read in a background thread."""
        self._connect()
        self._thread = threading.Thread(target=self._run_connected, name="lan-client", daemon=True)
        self._thread.start()

    def run(self) -> dict:
        """Connect and play in this thread until the game is over. Returns the `finished` message; raises
        JoinError when the host refuses the seat or is gone for longer than `retry` seconds."""
        self._connect()
        self._run_connected()
        if self.error is not None:
            raise self.error
        assert self.finished is not None
        return self.finished

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def poll(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def intent(self, prompt_id: int, action: Any) -> None:
        """Answer a prompt: `action` an engine Action, a SetupAction or their JSON."""
        data = action if isinstance(action, dict) else action.to_json()
        self.send({"type": "intent", "prompt": prompt_id, "action": data})

    def shown(self, prompt_id: int) -> None:
        """The prompt is on this player's screen: the host starts its countdown now (fair deadlines)."""
        self.send({"type": "shown", "prompt": prompt_id})

    def set_autoplay(self, on: bool) -> None:
        """托管: the host's AI plays this seat (on) or stops doing so."""
        self.send({"type": "autoplay", "on": bool(on)})

    def set_ready(self, on: bool = True) -> None:
        """The ready mark: in the lobby, and after a round's settlement (the next deal waits for everyone's)."""
        self.send({"type": "ready", "on": bool(on)})

    def phrase(self, phrase_id: str) -> None:
        """A quick phrase (game.phrases) for the whole table."""
        self.send({"type": "phrase", "id": phrase_id})

    def send(self, msg: dict) -> bool:
        sock = self._sock
        if sock is None:
            return False
        data = encode(msg)
        if self.trace is not None:
            self.trace("sent", msg)
        try:
            with self._send_lock:
                sock.sendall(data)
            return True
        except OSError:
            return False

    def close(self) -> None:
        """Leave the table (the host's AI plays the seat)."""
        self._stop.set()
        self.send({"type": "bye"})
        sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    # ------------------------------------------------------------------------------------------------ connection
    def _connect(self) -> None:
        try:
            sock = socket.create_connection((self.address, self.port), timeout=self.connect_timeout)
        except OSError as exc:
            raise JoinError("connect_failed", f"cannot reach {self.address}:{self.port}: {exc}") from None
        sock.settimeout(0.5)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        except OSError:
            pass
        self._sock = sock
        self.connects += 1
        from game import __version__

        hello = {"type": "hello", "name": self.name, "protocol": PROTOCOL, "version": __version__}
        if self.avatar is not None:
            hello["avatar"] = self.avatar
        if self.profile:
            hello["profile"] = self.profile
        if self.expected_fingerprint:
            hello["fingerprint"] = self.expected_fingerprint
        if self.token is None and self.welcome is None:
            self.token = self.tokens.lookup(self.name, self.address, self.port, self.table_id)
        if self.token is not None:
            hello["token"] = self.token  # our seat's, if it waits for us: it takes it back
        self.send(hello)

    def _run_connected(self) -> None:
        while not self._stop.is_set():
            lost = self._read_until_closed()
            if self.finished is not None or self._stop.is_set() or self.error is not None:
                break
            if not self._reconnect(lost):
                break
        self._close_socket()

    def _reconnect(self, why: str) -> bool:
        """The connection dropped before the end: try again with the same name for up to `retry` seconds."""
        self._close_socket()
        self.line_down = time.monotonic()
        end = time.monotonic() + self.retry
        if self._taken_since is not None and self.welcome is None:  # our own earlier line may still be seen
            end = max(end, self._taken_since + GHOST_WAIT + 0.5)
        delay = 0.1
        while not self._stop.is_set() and time.monotonic() < end:
            time.sleep(delay)
            delay = min(1.0, delay * 2)
            try:
                self._connect()
                return True
            except JoinError:
                continue
        if self.error is None:
            self.error = JoinError("host_lost", f"the host is gone ({why})")
        return False

    def _close_socket(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass

    def _read_until_closed(self) -> str:
        sock = self._sock
        assert sock is not None
        lines = LineBuffer(MAX_LINE)
        while not self._stop.is_set():
            try:
                data = sock.recv(65536)
            except socket.timeout:
                continue
            except OSError as exc:
                return f"connection error: {exc}"
            if not data:
                return "connection closed"
            try:
                batch = lines.feed(data)
            except ProtocolError as exc:
                return exc.message
            for line in batch:
                self._line(line)
                if self.error is not None:
                    return self.error.message
            self._batch_done()
        return "stopped"

    def _batch_done(self) -> None:
        """What was read at once is handled: the entropy for its commits goes now, but not for a round whose deal
        came in the same read (a client that was frozen, reading its backlog: the host dealt without it); then
        on_batch (the bot answers what is still open, not the prompts the same read closed)."""
        due, self._entropy_due = self._entropy_due, []
        for r in due:
            if r in self.round_events:
                self.late.add(r)
                continue
            value = self.entropy_source(r) if self.entropy_source else fairness.new_entropy()
            self.entropy_sent[r] = value
            self.send({"type": "entropy", "round": r, "value": value})
        if self.on_batch is not None:
            try:
                self.on_batch()
            except Exception:  # noqa: BLE001 - a player's fault must not end the connection
                log.exception("the client's on_batch failed")

    # ------------------------------------------------------------------------------------------------ messages
    def _line(self, line: bytes) -> None:
        if self.log_file is not None:
            try:
                self.log_file.write(line.decode("utf-8", "replace") + "\n")
                self.log_file.flush()
            except (OSError, ValueError):
                pass
        try:
            msg = parse_object(line)
        except ProtocolError as exc:
            log.warning("unreadable line from the host: %s", exc.message)
            return
        if self.trace is not None:
            self.trace("recv", msg)
        try:
            self._handle(msg)
        except Exception:  # noqa: BLE001 - a host that sends nonsense must not crash the client
            log.exception("could not handle a %s message from the host", msg.get("type"))
        if self.on_message is not None:
            self.on_message(msg)
        else:
            self.inbox.put(msg)

    def _handle(self, msg: dict) -> None:
        mtype = msg["type"]
        if mtype in EVENTS:
            self.seq += 1
            if mtype == "start_round" and isinstance(msg.get("round"), int):
                self.current_round = msg["round"]
                self.round_events[msg["round"]] = []
            if self.current_round is not None and self.current_round in self.round_events:
                self.round_events[self.current_round].append(msg)
        elif mtype == "welcome":
            if isinstance(msg.get("table_id"), str):
                self.table_id = msg["table_id"]
            if isinstance(msg.get("token"), str):  # kept before anyone sees the welcome: a crash loses no token
                self.token = msg["token"]
                self.tokens.keep(self.name, self.address, self.port, self.table_id, self.token)
            self.seat = msg.get("seat")
            self.pending = None
            self.line_down = None
            self.welcome = msg
        elif mtype == "pending":
            self.pending = msg
        elif mtype == "sync":
            self.seq = msg.get("seq") if isinstance(msg.get("seq"), int) else 0
            if isinstance(msg.get("round"), int):
                self.round_events.pop(msg["round"], None)  # the round so far follows, from its start
                self.current_round = None
        elif mtype == "table":
            self.table = msg
        elif mtype == "commit":
            self._commit(msg)
        elif mtype == "reveal":
            self._reveal(msg)
        elif mtype == "finished":
            self.finished = msg
        elif mtype == "closing":
            # the host quits: no reconnecting to a table that is gone (it may be resumed later, and joined again)
            self._stop.set()
            self.error = JoinError("host_quit", str(msg.get("message") or "the host has left"))
        elif mtype == "error":
            code = str(msg.get("error"))
            if code == "replaced":
                self._stop.set()  # this seat goes on over a newer connection of ours: this one is done
                self.error = JoinError(code, str(msg.get("message")))
            elif code == "name_taken" and self.welcome is None and self.token is not None and self._own_ghost():
                log.info("the seat still looks taken (our own earlier connection, not yet gone?): trying again")
            elif code in FATAL and not (code == "name_taken" and self.welcome is not None):
                self.error = JoinError(code, str(msg.get("message")))
            elif code == "stale" and isinstance(msg.get("round"), int) and msg["round"] in self.entropy_sent:
                # our entropy came after that round's deal: its wall was fixed without it (not a host's lie to
                # report; the reveal is still checked for the rest)
                log.info("our entropy for round %d came after its deal", msg["round"])
                self.entropy_sent.pop(msg["round"], None)
                self.late.add(msg["round"])
            else:
                log.info("the host answered an error: %s %s", code, msg.get("message"))

    def _own_ghost(self) -> bool:
        """A fresh client with this seat's token is told the seat is taken: for a few seconds that is our own
        earlier connection (a crashed game, restarted) which the host has not seen close yet; past them it is
        someone really at the table (the same user data in another window)."""
        now = time.monotonic()
        if self._taken_since is None:
            self._taken_since = now
        return now - self._taken_since < GHOST_WAIT

    def _commit(self, msg: dict) -> None:
        r, h = msg.get("round"), msg.get("hash")
        if not isinstance(r, int) or not isinstance(h, str):
            return
        dealt = r in self.round_events  # the round's deal was already seen: too late to add entropy
        old = self.commits.get(r)
        if old is not None and old != h and dealt:
            self.failed[r] = ["the commitment changed after the deal"]
        if old == h:
            return
        self.commits[r] = h
        if dealt:
            self.entropy_sent.pop(r, None)
            return
        if r not in self._entropy_due:
            self._entropy_due.append(r)  # sent once this read is handled, unless the deal was in it too

    def _reveal(self, msg: dict) -> None:
        r = msg.get("round")
        if not isinstance(r, int) or self.welcome is None or self.seat is None:
            return
        if r in self.failed or r in self.verified:
            return
        late = r in self.late and r not in self.entropy_sent
        if r not in self.entropy_sent and not late:
            return  # joined after this round's deal: its wall was fixed without us, nothing to count
        w = self.welcome
        problems = fairness.verify_round(
            variant_id=w["variant"], options_raw=w.get("options") or {}, players=w["players"], seat=self.seat,
            round_no=r, events=self.round_events.get(r, []), commit=self.commits.get(r), reveal=msg,
            entropy_sent=self.entropy_sent.get(r))
        if problems:
            self.failed[r] = problems
            log.warning("round %d failed verification: %s", r, "; ".join(problems))
        elif not late:  # (a late round that adds up proves nothing: the host could have chosen its wall)
            self.verified.add(r)
        self.round_events.pop(r, None)


class BotPlayer:
    """The AI playing a client's seat (the headless `join`): it rebuilds the seat's view from the events the
    client receives and answers every prompt at once. `stall_at`: "claim" or "prompt" stops answering at the first
    claim prompt, or the first prompt (tests kill a client, or its host, while the seat holds a prompt); it plays
    on once it is welcomed again.

    A prompt is answered once the lines read with it are handled (NetClient.on_batch), and only if none of them
    closed it: a client that was frozen, reading its backlog at once, does not answer every prompt the host has
    long since answered for it (each refused as stale, and past the host's rate a flood that ends the line)."""

    def __init__(self, client: NetClient, level: str = "normal", *, stall_at: str | None = None,
                 on_stall: Callable[[dict], None] | None = None):
        from game.ai import make_bot

        self.client = client
        self.level = level
        self.bot = make_bot(level, f"lan:{client.name}")
        self.state: Any = None
        self.stall_at = stall_at
        self.stalled = False
        self.on_stall = on_stall
        self._open: dict | None = None  # the seat's prompt read in this batch of lines and not closed since
        client.on_message = self.message
        client.on_batch = self.answer_open

    def message(self, msg: dict) -> None:
        mtype = msg.get("type")
        if mtype == "welcome":
            self._seat(msg)
            self._open = None  # (a new line: its open prompt, if any, comes again)
            self.stalled = False  # back at the table (a test's stalled client, restarted): play on
        elif mtype in EVENTS:
            if self.state is not None:
                try:
                    self.state.apply(msg)
                except Exception:  # noqa: BLE001 - an event the view cannot take: the host is wrong; keep going
                    log.exception("the seat's view could not take a %s event", mtype)
        elif mtype == "prompt" and not self.stalled:
            self._open = msg
        elif mtype == "withdraw" and self._open is not None and msg.get("id") == self._open.get("id"):
            self._open = None

    def answer_open(self) -> None:
        """The lines read at once are handled: answer the prompt still open among them."""
        prompt, self._open = self._open, None
        if prompt is not None and not self.stalled:
            self._answer(prompt)

    def _seat(self, welcome: dict) -> None:
        from game.engine.seat_state import SeatState
        from game.variants import get_variant

        variant = get_variant(welcome["variant"])
        options = variant.parse_options(welcome.get("options") or {}, welcome["players"])
        self.state = SeatState(welcome["seat"], variant, options)

    def _answer(self, prompt: dict) -> None:
        from game.engine.errors import EngineError
        from game.engine.state import Action
        from game.engine.variant import SetupChoice
        from game.host import SetupAction

        if self.state is None or prompt.get("seat") != self.client.seat:
            return
        raw = prompt.get("actions") or []
        try:
            if prompt.get("choice") is not None:
                actions = [SetupAction.from_json(a) for a in raw]
            else:
                actions = [Action.from_json(a) for a in raw]
        except EngineError:
            log.warning("a prompt with unreadable actions: %s", json.dumps(prompt)[:200])
            return
        if not actions:
            return
        if self.stall_at == "prompt" or (self.stall_at == "claim" and any(a.type == "pass" for a in actions)):
            self.stall_at = None  # once: back at the table it plays on
            self.stalled = True
            if self.on_stall is not None:
                self.on_stall(prompt)
            return
        rng = getattr(self.bot, "rng", None)
        if rng is not None:
            rng.seed(f"lan:{self.client.name}:{prompt.get('id')}")
        choice = prompt.get("choice")
        if choice is not None:
            policy = getattr(self.bot, "choose_setup", None)
            values = tuple(a.value for a in actions)
            default = choice.get("default") if choice.get("default") in values else values[0]
            sc = SetupChoice(str(choice.get("id")), str(choice.get("label")), values, default)
            value = policy(sc, dict(self.state.context)) if policy else default
            action = next((a for a in actions if a.value == value), actions[0])
        else:
            try:
                action = self.bot.choose(self.state, actions)
            except Exception:  # noqa: BLE001 - a bot's fault: the first legal move keeps the game going
                log.exception("the bot failed; answering with the first legal move")
                action = actions[0]
        self.client.intent(prompt["id"], action)
