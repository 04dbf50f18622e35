"""The host side of a LAN game: one authoritative table (game.host.Host) and the clients that sit at it.

A remote client is one more kind of seat link (`RemoteSeat`): it receives the engine's events projected for its
seat, its prompts and withdrawals, exactly as a local seat does, written to its connection as JSON lines
(protocol.py). Its intents go through `Host.intent`, which refuses anything stale, out of turn or for another seat.

One thread runs everything (`NetHost.serve`): a `selectors` loop over the listening socket and the connections,
and the table itself (the AI seats answer on the host's clock, deadlines, rounds, commit–reveal, autosave). No
lock guards the table because nothing else touches it: other threads (a UI) talk to it through `submit()` and
read `status()`. Every read is bounded (64 KiB a line, a token bucket per connection, a deadline for the hello),
every write is buffered without blocking (a client that stops reading is dropped past a bound), and a connection
that misbehaves is answered with an error or closed: it never stalls the table or touches another seat.

Seats: `"remote"` (a client takes it), `"ai:LEVEL"` (the host's AI) and, for a game hosted from the UI, `"local"`
(a player at the host's own screen, whose link the caller gives). A remote seat whose client is gone is played by
the AI (托管) until its player takes it back, mid-round included: it then receives the round so far as its seat sees
it, and its open prompt. Seats belong to their players: taking one back needs the seat's current token (a fresh one
at every taking, kept only as a digest here), or the host's say-so for a name alone (`approve_rejoin`,
`answer_rejoin`, `rejoin_by_name`); a connected player is never unseated; every client hears of each taking
(`seated`).
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import queue
import secrets
import selectors
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable

from game.engine.errors import EngineError
from game.engine.options import fingerprint as options_fingerprint
from game.engine.state import Action
from game.host import DeadlinePolicy, Host, HostListener, Prompt, Refused, SeatConfig

from . import fairness, netsave
from .protocol import MAX_LINE, PROTOCOL, LineBuffer, ProtocolError, RateLimit, encode, parse_action, parse_client
from .seat_tokens import token_digest

log = logging.getLogger(__name__)

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
MAX_PENDING = 32  # connections that have not said hello yet
MAX_ERRORS = 100  # error replies before a connection is closed
RATE = (50.0, 100.0)  # messages a second per connection, and the burst allowed (an intent the table takes is free)
OUT_LIMIT = 4 * 1024 * 1024  # bytes waiting for a client that does not read, before it is dropped
ENTROPY_WAIT = 10.0  # at most this long (and at most the deadline) for the clients' entropy after a commit
APPROVAL_WAIT = 120.0  # seconds a rejoin by name waits for the host's player to answer (answer_rejoin)
SHOWN_GRACE = 5.0  # a prompt's countdown starts when its client shows it, at the latest this long after it was sent


class HostError(Exception):
    """A table that cannot be set up (bad seats, rule set, options, save): the message says why."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SeatSpec:
    kind: str  # "remote", "ai" or "local"
    level: str = "normal"

    @classmethod
    def parse(cls, text: str) -> "SeatSpec":
        text = text.strip()
        if text == "remote":
            return cls("remote")
        if text == "local":
            return cls("local")
        if text.startswith("ai:"):
            from game.headless.simulate import available_levels

            level = text[3:]
            if level not in available_levels():
                raise HostError("bad_arguments", f"unknown AI level {level!r} in the seats; choose from "
                                                 f"{', '.join(available_levels())}")
            return cls("ai", level)
        raise HostError("bad_arguments", f"a seat is 'remote' or 'ai:LEVEL', not {text!r}")

    def __str__(self) -> str:
        return f"ai:{self.level}" if self.kind == "ai" else self.kind


def lan_deadlines(seconds: float, specs: list[SeatSpec], grace: float = SHOWN_GRACE) -> DeadlinePolicy:
    """A LAN table's outer deadlines (the host's one deadline system): a remote seat has `seconds` from the moment
    its client shows the prompt, which it says (`shown`) at the latest `grace` seconds after the prompt went out; so
    the host's own deadline is `seconds + grace` after the prompt opened, for a client that never says it, and
    NetHost answers earlier for one that did (`_answer_shown`). At the deadline an unanswered claim passes; only the
    seat's own turn is played by the AI (托管 for that prompt). A player at the host's own screen is not hurried."""
    remote = frozenset(i for i, s in enumerate(specs) if s.kind == "remote")
    return DeadlinePolicy(claim=seconds + grace, turn=seconds + grace, seats=remote, stand_in_answers_claims=False)


class Conn:
    """One client connection: its socket, what it has sent that is not yet a line, what waits to be written."""

    _ids = 0

    def __init__(self, sock: socket.socket, addr: Any, now: float):
        Conn._ids += 1
        self.id = Conn._ids
        self.sock = sock
        self.addr = addr
        self.lines = LineBuffer(MAX_LINE)
        self.out = bytearray()
        self.seat: int | None = None
        self.hello_by = now + HELLO_TIMEOUT
        self.rate = RateLimit(*RATE, now)
        self.errors = 0
        self.dead = False  # closed at the loop's next turn (never from inside a table callback)
        self.closing = False  # write what is queued, then close
        self.writing = False  # registered for write readiness
        self.shut = False  # the host has stopped writing (after its last message)
        self.linger_until = 0.0
        self.request: dict | None = None  # a rejoin by name waiting for the host's answer: seat, name, hello


class RemoteSeat:
    """The seat link of a remote seat. Keeps no state of the game: what it is given goes to the client now, or
    nowhere when the client is away (a returning client is brought up to date by Host.attach)."""

    def __init__(self, server: "NetHost", seat: int):
        self.server = server
        self.seat = seat
        self.conn: Conn | None = None

    def event(self, seq: int, event: dict) -> None:
        if self.conn is not None:
            self.server._send(self.conn, event)
        self.server._next_seq[self.seat] = seq + 1

    def prompt(self, prompt: Prompt) -> None:
        if self.conn is not None:
            msg = prompt.to_json()
            # the deadline on the host's own clock means nothing to a client: it is told the seconds it has from
            # when it shows the prompt (its `shown`)
            msg["deadline"] = None
            left = self.server._seconds_for(prompt)
            if left is not None:
                msg["seconds"] = round(left, 3)
            self.server._send(self.conn, msg)

    def withdraw(self, prompt: Prompt) -> None:
        self.server._prompt_sent.pop(prompt.id, None)
        self.server._prompt_shown.pop(prompt.id, None)
        if self.conn is not None:
            self.server._send(self.conn, {"type": "withdraw", "seat": self.seat, "id": prompt.id})


class _Upkeep(HostListener):
    """NetHost's ear on its table: after every action, the log, the LAN autosave and the flush (NetHost._changed)."""

    def __init__(self, server: "NetHost"):
        self.server = server

    def changed(self, host: Host) -> None:
        self.server._changed(host)


class QueueSeat:
    """A link for a "local" seat that a UI reads from its own thread: every call of the host becomes an item of
    `queue` — ("event", seq, event), ("prompt", Prompt), ("withdraw", Prompt), ("refused", Refused). The UI answers
    with `NetHost.submit(seat, prompt.id, action)`."""

    def __init__(self, seat: int):
        self.seat = seat
        self.queue: queue.Queue = queue.Queue()

    def event(self, seq: int, event: dict) -> None:
        self.queue.put(("event", seq, event))

    def prompt(self, prompt: Prompt) -> None:
        self.queue.put(("prompt", prompt))

    def withdraw(self, prompt: Prompt) -> None:
        self.queue.put(("withdraw", prompt))

    def refused(self, error: Refused) -> None:
        self.queue.put(("refused", error))


class NetHost:
    """A LAN table. `bind()` opens the port (raises OSError), `serve()` runs the game to its end in this thread
    and returns `result`; `start()` does both in a background thread (the UI). `stop()` ends it early.

    `seats`: one SeatSpec (or its text) per seat. `local_links`: {seat: SeatLink} for "local" seats; their calls
    come from the host's thread. `on_message(msg)` (host's thread) sees the protocol messages a seat would (commit,
    reveal, table, finished). `secret_source(round_no) -> str` replaces the random secrets (tests only).
    """

    def __init__(self, variant: str, seats: list[SeatSpec | str], *, options: dict | None = None,
                 seed: int | str = 0, rounds: int | None = 4, bind: str = "", port: int = 0,
                 deadline: float = 20.0, discovery: bool = True, think: float = 0.0, between_rounds: float = 0.0,
                 save: str | Path | None = None, log_file: IO[str] | None = None,
                 local_links: dict[int, Any] | None = None, on_message: Callable[[dict], None] | None = None,
                 secret_source: Callable[[int], str] | None = None, start_coins: list[int] | None = None,
                 host_name: str | None = None, wait_for_start: bool = False,
                 approve_rejoin: Callable[[int, str], bool | None] | None = None, rejoin_by_name: bool = False,
                 shown_grace: float = SHOWN_GRACE, _host: Host | None = None,
                 _names: list | None = None, _fair: dict | None = None, _tokens: list | None = None,
                 _avatars: list | None = None, _table_id: str | None = None, _port_fallback: bool = False):
        self.specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats]
        if not self.specs:
            raise HostError("bad_arguments", "a table needs seats")
        self.bind_addr, self.port = bind, port
        self.deadline = float(deadline)
        self.discovery = discovery
        self.between_rounds = between_rounds
        self.save_path = Path(save) if save else None
        self.log_file = log_file
        self.on_message = on_message
        self.secret_source = secret_source
        self.host_name = host_name or socket.gethostname()
        # a table hosted from the game's lobby deals when its host says so (go_on), not as soon as it is full
        self.wait_for_start = wait_for_start
        if _host is None:
            configs = []
            for i, spec in enumerate(self.specs):
                if spec.kind == "ai":
                    configs.append(SeatConfig(f"AI {i + 1}", level=spec.level))
                else:
                    configs.append(SeatConfig(f"Seat {i + 1}", human=True))
            try:
                _host = Host(variant, dict(options or {}), configs, seed=seed, rounds=rounds, think=think,
                             start_coins=start_coins)
            except EngineError as exc:
                raise HostError(getattr(exc, "code", "bad_input"), str(exc)) from None
        self.host = _host
        self.host.add_listener(_Upkeep(self))
        self.players = self.host.players
        self.fingerprint = options_fingerprint(self.host.variant_id, self.host.options)
        self.remote = [i for i, s in enumerate(self.specs) if s.kind == "remote"]
        self.shown_grace = float(shown_grace)
        self.host.set_deadlines(lan_deadlines(self.deadline, self.specs, self.shown_grace))
        self.local_links: dict[int, Any] = dict(local_links or {})
        self.links: dict[int, RemoteSeat] = {i: RemoteSeat(self, i) for i in self.remote}
        self.names: list[str | None] = list(_names) if _names else [
            None if s.kind == "remote" else self.host.seats[i].name for i, s in enumerate(self.specs)]
        # each seated player's token, as its SHA-256 digest only (the token itself went to him in his welcome): a
        # fresh one at every taking of the seat, so an earlier token is worthless (_hello)
        self.token_digests: list[str | None] = list(_tokens) if _tokens else [None] * self.players
        self.table_id = _table_id or secrets.token_hex(8)  # the table's name in the clients' token files
        # a hello naming a dropped seat without its token: approve_rejoin(seat, name) says True (let in), False
        # (refuse) or None (ask the host's player: answer_rejoin later); without it, rejoin_by_name decides
        self.approve_rejoin = approve_rejoin
        self.rejoin_by_name = rejoin_by_name
        self._prompt_sent: dict[int, float] = {}  # remote prompt id -> when it first went to its client
        self._prompt_shown: dict[int, float] = {}  # remote prompt id -> when its client said it was on screen
        # a resumed table asks for the port it had; taken (by another program), any free one (port_moved: the
        # screens say the new address)
        self.port_wanted = port
        self._port_fallback = _port_fallback
        self.port_moved = False
        self.avatars: list[int] = list(_avatars) if _avatars else [
            0 if s.kind == "remote" else self.host.seats[i].avatar or i + 1 for i, s in enumerate(self.specs)]
        self.ready: list[bool] = [False] * self.players  # ready marks: in the lobby, then after each settlement
        self._phrase_at: dict[int, float] = {}  # seat -> when it last sent a quick phrase
        self.fair: dict[int, dict] = dict(_fair or {})  # round -> {"secret", "entropy", "hash"}
        for f in self.fair.values():
            f.setdefault("hash", fairness.commit_hash(f["secret"]))
        self.phase = "lobby"  # lobby, commit, play, between, finished
        self.resumed = _host is not None and bool(_names)
        self.result: dict | None = None
        self.cpu_seconds = 0.0  # the loop thread's CPU time (benchmarks)
        self.applied: list[dict] | None = None  # set to a list to record every remote intent applied (benchmarks)
        self._sel: selectors.BaseSelector | None = None
        self._listener: socket.socket | None = None
        self._conns: dict[int, Conn] = {}
        self._away: set[int] = set()  # remote seats whose client is gone (the AI plays them)
        self._held: dict[int, int | None] = {}  # an away seat -> the prompt it held when its line dropped
        self._dirty: set[Conn] = set()  # connections with lines to write at the end of the loop's turn
        self._next_seq = [0] * self.players
        self._commit_by = 0.0
        self._next_at = 0.0
        self._clock = 0.0
        self._stop = threading.Event()
        self._commands: queue.Queue = queue.Queue()
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._status: dict = {}
        self._status_lock = threading.Lock()
        self._announcer: Any = None
        self._announced: dict = {}
        self._logged = 0  # events written to the log so far (a resumed table logs its replayed round's too)
        self._thread: threading.Thread | None = None
        self._t0 = time.monotonic()
        for seat, link in self.local_links.items():
            if self.specs[seat].kind != "local":
                raise HostError("bad_arguments", f"seat {seat} is not a local seat")
            self.host.attach(seat, link)
        for i in self.remote:
            self.host.attach(i, self.links[i], replay=False)  # nobody there yet: it only holds the seat's place
        self._update_status()

    # ------------------------------------------------------------------------------------------------ set-up
    @classmethod
    def resume(cls, save: str | Path, **kw: Any) -> "NetHost":
        """The table of a LAN autosave, waiting for its players to take their seats back. Raises HostError."""
        from game.saves import SaveError

        try:
            data = netsave.read(Path(save))
            fair = {int(r): {"secret": f["secret"], "entropy": list(f["entropy"])} for r, f in data["fair"].items()}
            seeds = {r: fairness.wall_seed(f["secret"], f["entropy"]) for r, f in fair.items()}
            kw.setdefault("deadline", data.get("deadline", 20.0))
            specs = [SeatSpec.parse(k) for k in data["kinds"]]
            # (the deadlines from the start: the prompt open in the saved position is timed like any other)
            host = netsave.restore_host(data["game"], seeds, think=kw.pop("think", 0.0),
                                        deadlines=lan_deadlines(float(kw["deadline"]), specs,
                                                                float(kw.get("shown_grace", SHOWN_GRACE))))
        except SaveError as exc:
            raise HostError("bad_save", str(exc)) from None
        names = [n if isinstance(n, str) else None for n in data["names"]]
        # only digests are taken back (a save of an older version kept the tokens themselves, readable by anyone
        # with the file: those are dropped, and their players rejoin by name, as the host decides)
        digests = data.get("token_digests")
        if not (isinstance(digests, list) and len(digests) == len(names)
                and all(d is None or (isinstance(d, str) and len(d) == 64) for d in digests)):
            digests = None
        avatars = data.get("avatars")
        if not (isinstance(avatars, list) and len(avatars) == len(names)
                and all(isinstance(a, int) and not isinstance(a, bool) for a in avatars)):
            avatars = None
        table_id = data.get("table_id") if isinstance(data.get("table_id"), str) else None
        port = data.get("port")
        if "port" not in kw and isinstance(port, int) and not isinstance(port, bool) and 0 < port <= 65535:
            kw["port"] = port  # the address its players know (bind falls back to another if it is taken)
            kw["_port_fallback"] = True
        return cls(host.variant_id, specs, save=save, _host=host, _names=names, _fair=fair, _tokens=digests,
                   _avatars=avatars, _table_id=table_id, **kw)

    def bind(self) -> int:
        """Open the listening socket; returns the port. Raises OSError (address in use ...)."""
        if self._listener is not None:
            return self.port
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if os.name != "nt":  # a restarted host takes its port back at once (Windows' REUSEADDR means otherwise)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            try:
                sock.bind((self.bind_addr, self.port))
            except OSError:
                if not (self._port_fallback and self.port):
                    raise
                log.warning("port %d is taken: the resumed table listens on another", self.port)
                sock.bind((self.bind_addr, 0))
                self.port_moved = True
            sock.listen(16)
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self._listener = sock
        self.port = sock.getsockname()[1]
        self._sel = selectors.DefaultSelector()
        self._sel.register(sock, selectors.EVENT_READ, "listen")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._update_status()
        return self.port

    def start(self) -> int:
        """Bind and serve in a background thread (daemon); returns the port."""
        port = self.bind()
        self._thread = threading.Thread(target=self.serve, name="lan-host", daemon=True)
        self._thread.start()
        return port

    def join(self, timeout: float | None = None) -> dict | None:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result

    def stop(self) -> None:
        """End the game now (from any thread): every client is told the host is closing (the game stays in the
        autosave, to be resumed), connections are closed, `result` stays None."""
        self._stop.set()
        self._wake()

    def submit(self, seat: int, prompt_id: int, action: Any) -> None:
        """A local seat's intent, from any thread. A refusal reaches the seat's link as `refused(Refused)`."""
        self._commands.put(("intent", seat, prompt_id, action))
        self._wake()

    def call(self, fn: Callable[[Host], Any]) -> None:
        """Run fn(host) in the host's thread (a UI's 托管 toggle, standing orders ...)."""
        self._commands.put(("call", fn))
        self._wake()

    def go_on(self) -> None:
        """Start (or resume) without waiting for the remote seats still empty: the AI plays them until a client
        takes them (a new player an empty seat, a returning one his own). From any thread."""
        self._commands.put(("go_on",))
        self._wake()

    def set_deadline(self, seconds: float) -> None:
        """The seconds each prompt gives its player (the lobby's choice), from any thread: every client is told
        (the `table` message's `deadline`), the prompts from then on are timed by it."""
        self._commands.put(("deadline", float(seconds)))
        self._wake()

    def status(self) -> dict:
        """A snapshot for a lobby screen (any thread): phase, port, names, which seats are connected, round."""
        with self._status_lock:
            return json.loads(json.dumps(self._status))

    # ------------------------------------------------------------------------------------------------ the loop
    def serve(self) -> dict | None:
        self.bind()
        cpu0 = time.thread_time()
        if self.discovery:
            self._announce()
        self._clock = time.monotonic()
        try:
            while self.phase != "finished" and not self._stop.is_set():
                timeout = self._timeout()
                assert self._sel is not None
                for key, mask in self._sel.select(timeout):
                    if key.data == "listen":
                        self._accept()
                    elif key.data == "wake":
                        try:
                            self._wake_r.recv(4096)  # type: ignore[union-attr]
                        except OSError:
                            pass
                    else:
                        conn = key.data
                        if mask & selectors.EVENT_READ:
                            self._read(conn)
                        if mask & selectors.EVENT_WRITE and not conn.dead:
                            self._flush(conn)
                    self._reap()
                self._run_commands()
                self._tick()
                self._flush_all()
                self._reap()
            if self.phase == "finished":
                self._drain(5.0)
            else:
                self._say_closing()
        finally:
            self.cpu_seconds = time.thread_time() - cpu0
            self._shutdown()
        return self.result

    def _timeout(self) -> float:
        now = time.monotonic()
        wake = now + 0.25
        if self.phase == "play":  # an AI (or 托管) seat done thinking, a deadline: on the host's clock
            due = self.host.seconds_to_next_move()
            if due is not None:  # (the host's clock stands where the last _play left it)
                wake = min(wake, now + due - (now - self._clock))
            shown_due = self._next_shown_deadline()
            if shown_due is not None:
                wake = min(wake, shown_due)
        for c in self._conns.values():
            if c.closing:
                wake = min(wake, c.linger_until)
            elif c.seat is None:
                wake = min(wake, c.hello_by)
        if self.phase == "commit":
            wake = min(wake, self._commit_by)
        elif self.phase == "between":
            wake = min(wake, self._next_at)
        return max(0.0, wake - now)

    def _tick(self) -> None:
        now = time.monotonic()
        for conn in list(self._conns.values()):
            if conn.closing and now >= conn.linger_until:
                conn.dead = True
            elif conn.seat is None and now >= conn.hello_by and not conn.dead and not conn.closing:
                if conn.request is not None:
                    conn.request = None
                    self._fail(conn, ProtocolError("rejoin_refused", "the host did not answer in time", fatal=True))
                    self._update_status()
                else:
                    self._fail(conn, ProtocolError("hello_timeout", "no hello in time", fatal=True))
        if self.phase == "lobby":
            if not self.wait_for_start and all(self.names[s] is not None and self.links[s].conn is not None
                                               for s in self.remote):
                self._go()
        elif self.phase == "commit":
            got = self.fair[self.host.round_no]["entropy"]
            waiting = [s for s in self.remote if self.links[s].conn is not None and got[s] is None]
            if not waiting or now >= self._commit_by:
                self._deal()
        elif self.phase == "between":
            if now >= self._next_at or self._all_ready():
                self._begin_round()
        if self.phase == "play":
            self._play(now)
        self._update_status()

    def _all_ready(self) -> bool:
        """Between rounds: every player at the table has closed his settlement (an AI or 托管 seat waits for
        nobody); False with nobody connected, so a table of bots keeps its pace."""
        here = [s for s in self.remote if self.links[s].conn is not None and not self.host.is_autoplayed(s)]
        return bool(here) and all(self.ready[s] for s in here)

    def _go(self) -> None:
        """Every remote seat is taken (or go_on): start (or, resumed, go on with) the game."""
        self.ready = [False] * self.players
        for s in self.remote:
            if self.links[s].conn is not None:
                self.host.set_autoplay(s, False)
            else:  # nobody there (go_on): the AI plays the seat until someone takes it
                self._away.add(s)
                self.host.set_autoplay(s, True)
        if self.host.round is not None or self.host.phase == "setup":
            self.phase = "play"
            self._clock = time.monotonic()
        elif self.host.game_over():
            self._finish()
            return
        else:
            self._begin_round()
        self._broadcast_table()  # (after the phase moved on: a lobby screen goes to the table on it)

    def _begin_round(self) -> None:
        """Commit to the next round's secret; the deal waits for the clients' entropy."""
        r = self.host.round_no
        secret = self.secret_source(r) if self.secret_source else fairness.new_secret()
        self.fair[r] = {"secret": secret, "entropy": [None] * self.players, "hash": fairness.commit_hash(secret)}
        self.phase = "commit"
        self._commit_by = time.monotonic() + min(self.deadline, ENTROPY_WAIT)
        msg = {"type": "commit", "round": r, "hash": self.fair[r]["hash"]}
        for s in self.remote:
            if self.links[s].conn is not None:
                self._send(self.links[s].conn, msg)
        self._notify(msg)

    def _deal(self) -> None:
        r = self.host.round_no
        f = self.fair[r]
        self.host.set_wall_seed(r, self._wall_seed(f["secret"], f["entropy"]))
        self.phase = "play"
        self._clock = time.monotonic()
        self.host.start_round()  # (choices before the deal first, where the rule set asks for them)

    def _wall_seed(self, secret: str, entropy: list[str | None]) -> str:
        """The round's wall seed (a method so that tests can play a host that cheats)."""
        return fairness.wall_seed(secret, entropy)

    def _reveal_message(self, r: int) -> dict:
        f = self.fair[r]
        return fairness.reveal_message(r, f["secret"], f["entropy"])

    def _play(self, now: float) -> None:
        host = self.host
        dt, self._clock = now - self._clock, now
        # the AI seats, and a remote seat whose client has not answered in time (its deadline: the host's policy)
        acted = host.advance(max(0.0, dt)) or self._answer_shown(now)
        n = 0
        while acted and n < 200 and not (host.round is not None and host.round.finished):
            acted = host.advance(0.0) or self._answer_shown(now)
            n += 1
        for seat in self._away:  # the prompt it held when its line dropped is answered: the AI plays on at once
            prompt = host.open_prompt(seat)
            if not host.is_autoplayed(seat) and (prompt is None or prompt.id != self._held.get(seat)):
                host.set_autoplay(seat, True)
        if host.round is not None and host.round.finished:
            self._end_round()

    # ------------------------------------------------------------------------------------------------ fair deadlines
    def _seconds_for(self, prompt: Prompt) -> float | None:
        """What a remote seat is told it has for `prompt` (the prompt's `seconds`), noting when it first went out:
        the table's deadline from when it is shown, no more than the host's own deadline leaves."""
        left = self.host.seconds_left(prompt)
        if left is None:
            return None
        now = time.monotonic()
        self._prompt_sent.setdefault(prompt.id, now)
        shown = self._prompt_shown.get(prompt.id)
        if shown is not None:
            return max(0.0, shown + self.deadline - now)
        return min(self.deadline, left)

    def _shown(self, seat: int, prompt_id: int) -> None:
        """The seat's client has the prompt on screen: its countdown starts now, or where the grace after sending
        ends if that came first (a client cannot buy time by saying it late)."""
        prompt = self.host.open_prompt(seat)
        if prompt is None or prompt.id != prompt_id or prompt_id in self._prompt_shown:
            return  # (an answered or withdrawn prompt: nothing to time)
        now = time.monotonic()
        sent = self._prompt_sent.setdefault(prompt_id, now)
        self._prompt_shown[prompt_id] = min(now, sent + self.shown_grace)

    def _answer_shown(self, now: float) -> bool:
        """A prompt shown `deadline` seconds ago and still open: a claim passes, one's own turn is played by the
        seat's AI for that prompt (托管). True if it answered one."""
        for seat in self.remote:
            prompt = self.host.open_prompt(seat)
            if prompt is None or self.host.is_autoplayed(seat):
                continue
            shown = self._prompt_shown.get(prompt.id)
            if shown is None or now < shown + self.deadline:
                continue
            action = Action(seat, "pass") if prompt.claim else self.host.stand_in_move(seat)
            try:
                self.host.intent(seat, prompt.id, action)
            except Refused:  # (cannot be: the prompt is open and the move one of its own) never time it again
                log.exception("the answer at a shown prompt's deadline was refused")
                self._prompt_shown.pop(prompt.id, None)
                continue
            return True
        return False

    def _next_shown_deadline(self) -> float | None:
        due = [self._prompt_shown[p.id] + self.deadline for s, p in self.host.open_prompts().items()
               if p.id in self._prompt_shown and s in self.links and not self.host.is_autoplayed(s)]
        return min(due) if due else None

    def _end_round(self) -> None:
        self._prompt_sent.clear()
        self._prompt_shown.clear()
        r = self.host.round_no
        if r in self.fair:
            msg = self._reveal_message(r)
            for s in self.remote:
                if self.links[s].conn is not None:
                    self._send(self.links[s].conn, msg)
            self._notify(msg)
        self.host.finish_round()
        self.ready = [False] * self.players
        standing = {"type": "standing", "rounds_played": self.host.rounds_played, "totals": self.host.totals(),
                    "coins": self.host.coins}
        for s in self.remote:
            if self.links[s].conn is not None:
                self._send(self.links[s].conn, standing)
        self._notify(standing)
        if self.host.game_over():
            self._finish()
            return
        self._save()
        self.phase = "between"
        self._next_at = time.monotonic() + self.between_rounds

    def _finish(self) -> None:
        self.phase = "finished"
        self.result = {"rounds": self.host.rounds_played, "totals": self.host.totals()}
        msg = {"type": "finished", **self.result}
        for s in self.remote:
            conn = self.links[s].conn
            if conn is not None:
                self._send(conn, msg)
        self._notify(msg)
        for conn in list(self._conns.values()):
            self._end(conn, linger=5.0)
        if self.save_path is not None:
            try:
                self.save_path.unlink()
            except OSError:
                pass

    # ------------------------------------------------------------------------------------------------ intents
    def _apply(self, seat: int, prompt_id: int, action: Any, conn: Conn | None) -> None:
        first = len(self.host.events)
        try:
            self.host.intent(seat, prompt_id, action)
        except Refused as exc:
            if conn is not None:
                self._send(conn, {**exc.to_json(), "prompt": prompt_id})
            return
        if conn is not None:  # answering one's prompts is never a flood: only what the table did not take counts
            conn.rate.tokens = min(conn.rate.burst, conn.rate.tokens + 1)
        if self.applied is not None and conn is not None:
            self.applied.append({"seat": seat, "prompt": prompt_id, "first_seq": first,
                                 "events": len(self.host.events) - first})

    def _run_commands(self) -> None:
        while True:
            try:
                cmd = self._commands.get_nowait()
            except queue.Empty:
                return
            try:
                if cmd[0] == "intent":
                    _, seat, prompt_id, action = cmd
                    self.host.intent(seat, prompt_id, action)
                elif cmd[0] == "call":
                    cmd[1](self.host)
                elif cmd[0] == "go_on" and self.phase == "lobby":
                    self._go()
                elif cmd[0] == "rejoin":
                    self._answer_request(cmd[1], cmd[2])
                elif cmd[0] == "deadline" and cmd[1] > 0:
                    self.deadline = cmd[1]
                    self.host.set_deadlines(lan_deadlines(self.deadline, self.specs, self.shown_grace))
                    self._broadcast_table()
                    self._save()
            except Refused as exc:
                link = self.local_links.get(cmd[1]) if cmd[0] == "intent" else None
                if link is not None and hasattr(link, "refused"):
                    link.refused(exc)
            except Exception:  # noqa: BLE001 - a caller's bad call must not stop the table
                log.exception("a command from another thread failed")

    # ------------------------------------------------------------------------------------------------ sockets
    def _accept(self) -> None:
        assert self._listener is not None and self._sel is not None
        for _ in range(16):
            try:
                sock, addr = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            pending = sum(1 for c in self._conns.values() if c.seat is None)
            if pending >= MAX_PENDING:
                sock.close()
                continue
            sock.setblocking(False)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            except OSError:
                pass
            conn = Conn(sock, addr, time.monotonic())
            self._conns[conn.id] = conn
            self._sel.register(sock, selectors.EVENT_READ, conn)

    def _read(self, conn: Conn) -> None:
        if conn.dead:
            return
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            conn.dead = True
            return
        if not data:
            conn.dead = True
            return
        if conn.closing:
            return  # read and dropped until the client closes too (or the linger ends)
        try:
            lines = conn.lines.feed(data)
        except ProtocolError as exc:
            self._fail(conn, exc)
            return
        for line in lines:
            if conn.dead or conn.closing:
                return
            self._log("in", conn, line.decode("utf-8", "replace"))
            if not conn.rate.take(time.monotonic()):
                self._fail(conn, ProtocolError("flood", "too many messages", fatal=True))
                return
            try:
                msg = parse_client(line)
                self._handle(conn, msg)
            except ProtocolError as exc:
                self._fail(conn, exc)
            except Exception:  # noqa: BLE001 - a fault of ours on one message: that connection goes, the table stays
                log.exception("a message from connection %d failed", conn.id)
                self._fail(conn, ProtocolError("internal_error", "the host could not handle that message",
                                               fatal=True))

    def _fail(self, conn: Conn, exc: ProtocolError) -> None:
        conn.errors += 1
        self._send(conn, exc.to_json())
        if exc.fatal or conn.errors >= MAX_ERRORS:
            self._end(conn)

    def _end(self, conn: Conn, linger: float = 1.0) -> None:
        """Close a connection gracefully: its seat goes to the AI now; what is queued is still written, then the
        host stops writing and drops what the client still sends until it closes (or `linger` seconds pass)."""
        if conn.closing or conn.dead:
            return
        conn.closing = True
        conn.linger_until = time.monotonic() + linger
        self._detach(conn)
        self._flush(conn)

    def _send(self, conn: Conn, msg: dict) -> None:
        if conn.dead or conn.shut:
            return
        data = encode(msg)
        self._log("out", conn, data[:-1].decode("ascii"))
        conn.out += data
        if len(conn.out) > OUT_LIMIT:
            log.warning("connection %d does not read; dropped", conn.id)
            conn.out.clear()
            conn.dead = True
            return
        # written once the action that sent it is saved (_changed), or at the end of this turn of the loop
        self._dirty.add(conn)

    def _flush_all(self) -> None:
        dirty, self._dirty = self._dirty, set()
        for conn in dirty:
            if not conn.dead:
                self._flush(conn)

    def _flush(self, conn: Conn) -> None:
        while conn.out:
            try:
                n = conn.sock.send(conn.out)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                conn.out.clear()
                conn.dead = True
                return
            del conn.out[:n]
        want = bool(conn.out)
        if want != conn.writing and not conn.dead and self._sel is not None:
            conn.writing = want
            self._sel.modify(conn.sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if want else 0), conn)
        if not conn.out and conn.closing and not conn.shut:
            conn.shut = True
            try:
                conn.sock.shutdown(socket.SHUT_WR)
            except OSError:
                conn.dead = True

    def _reap(self) -> None:
        for conn in [c for c in self._conns.values() if c.dead]:
            self._close(conn)

    def _close(self, conn: Conn) -> None:
        self._conns.pop(conn.id, None)
        try:
            assert self._sel is not None
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError, AssertionError):
            pass
        try:
            conn.sock.close()
        except OSError:
            pass
        self._detach(conn)

    def _detach(self, conn: Conn) -> None:
        """The connection no longer speaks for its seat: the AI plays the seat (托管) until its player is back."""
        seat = conn.seat
        conn.seat = None
        if seat is None or self.links[seat].conn is not conn:
            return
        self.links[seat].conn = None
        self.ready[seat] = False
        if self.phase == "lobby" and not self.resumed and not self.host.events:
            self.names[seat] = None  # before the game a seat is only held while its client is there
            self.avatars[seat] = 0
        elif self.phase != "finished":
            # the prompt it holds keeps its deadline (its player may be back in time to answer it himself); from
            # then on the AI plays the seat at once (托管) until a client with its name takes it back
            self._away.add(seat)
            held = self.host.open_prompt(seat)
            self._held[seat] = held.id if held is not None else None
            if held is None:
                self.host.set_autoplay(seat, True)
        if self.phase != "finished":
            self._broadcast_table()
            self._reannounce()

    def _drain(self, limit: float) -> None:
        """The game is over: give every client its last messages, wait (bounded) until they close, then close."""
        end = time.monotonic() + limit
        assert self._sel is not None
        self._flush_all()
        while self._conns and time.monotonic() < end:
            for key, mask in self._sel.select(0.05):
                conn = key.data
                if isinstance(conn, Conn):
                    if mask & selectors.EVENT_WRITE and not conn.dead:
                        self._flush(conn)
                    if mask & selectors.EVENT_READ:
                        self._read(conn)
            now = time.monotonic()
            for conn in self._conns.values():
                if now >= conn.linger_until:
                    conn.dead = True
            self._reap()

    def _say_closing(self) -> None:
        """Stopped before the game's end (the host quits): tell every client at once, so that none waits for a
        host that is gone; best effort, without blocking (a client that does not read just sees the close)."""
        msg = {"type": "closing", "reason": "host_quit",
               "message": "the host has left; the game is saved on the host's machine and can be resumed there"}
        self._notify(msg)
        for conn in list(self._conns.values()):
            if conn.dead or conn.shut:
                continue
            conn.out += encode(msg)
            try:
                n = conn.sock.send(conn.out)
                del conn.out[:n]
            except OSError:
                pass

    def _shutdown(self) -> None:
        for conn in list(self._conns.values()):
            self._close(conn)
        if self._announcer is not None:
            try:
                self._announcer.close()
            except Exception:  # noqa: BLE001 - discovery is optional, its failures too
                pass
            self._announcer = None
        for s in (self._listener, self._wake_r, self._wake_w):
            if s is not None:
                try:
                    s.close()
                except OSError:
                    pass
        if self._sel is not None:
            self._sel.close()
        self._update_status()

    def _wake(self) -> None:
        if self._wake_w is not None:
            try:
                self._wake_w.send(b"x")
            except OSError:
                pass

    # ------------------------------------------------------------------------------------------------ messages
    def _handle(self, conn: Conn, msg: dict) -> None:
        mtype = msg["type"]
        if mtype == "ping":
            self._send(conn, {"type": "pong", **({"id": msg["id"]} if "id" in msg else {})})
            return
        if mtype == "hello":
            self._hello(conn, msg)
            return
        seat = conn.seat
        if conn.request is not None and mtype != "bye":
            raise ProtocolError("pending", "wait for the host's answer first")
        if seat is None:
            if mtype == "bye":
                self._end(conn)
                return
            raise ProtocolError("hello_first", "say hello first")
        if mtype == "bye":
            self._end(conn)
            if self.phase not in ("lobby", "finished"):
                # left on purpose (not a dropped line): the AI answers for the seat now, its prompt included
                self.host.set_autoplay(seat, True)
                self._broadcast_table()
        elif mtype == "entropy":
            r = self.host.round_no
            if self.phase != "commit" or msg["round"] != r:
                # (the round named: a client whose entropy came after the deal knows which wall was fixed without it)
                raise ProtocolError("stale", f"no commitment for round {msg['round']} is waiting for entropy",
                                    fields={"round": msg["round"]})
            got = self.fair[r]["entropy"]
            if got[seat] is not None:
                raise ProtocolError("duplicate", "this seat's entropy for the round is already in")
            got[seat] = msg["value"]
        elif mtype == "intent":
            action = parse_action(msg["action"])  # (its shape: bad_action; its legality: the host's refused)
            # (a resumed table waiting for its other players already takes the answers of those who are back)
            self._apply(seat, msg["prompt"], action, conn)
        elif mtype == "autoplay":
            if self.phase != "lobby":
                self.host.set_autoplay(seat, msg["on"])
                self._broadcast_table()
        elif mtype == "toggles":
            self.host.set_toggles(seat, auto_win=msg.get("auto_win"), auto_pass=msg.get("auto_pass"))
        elif mtype == "ready":
            if self.phase in ("lobby", "between", "play") and self.ready[seat] != msg["on"]:
                self.ready[seat] = msg["on"]
                self._broadcast_table()
        elif mtype == "phrase":
            self.phrase(seat, msg["id"], conn)
        elif mtype == "shown":
            self._shown(seat, msg["prompt"])

    def phrase(self, seat: int, phrase_id: str, conn: Conn | None = None) -> bool:
        """A seat's quick phrase goes to every client (and on_message); at most one per PHRASE_GAP seconds a seat.
        The host's thread only (the UI's own seat sends it as a client)."""
        from game.phrases import PHRASE_GAP, PHRASE_IDS

        now = time.monotonic()
        if phrase_id not in PHRASE_IDS:
            return False
        if now - self._phrase_at.get(seat, -1e9) < PHRASE_GAP:
            if conn is not None:
                raise ProtocolError("too_soon", "one quick phrase at a time")
            return False
        self._phrase_at[seat] = now
        msg = {"type": "phrase", "seat": seat, "id": phrase_id}
        for s in self.remote:
            if self.links[s].conn is not None:
                self._send(self.links[s].conn, msg)
        self._notify(msg)
        return True

    def _hello(self, conn: Conn, msg: dict) -> None:
        if conn.seat is not None:
            raise ProtocolError("already_joined", "this connection already has a seat")
        if conn.request is not None:
            raise ProtocolError("pending", "wait for the host's answer first")
        if msg.get("protocol", PROTOCOL) != PROTOCOL:
            from game import __version__

            theirs = f" (Lingnan Mahjong {msg['version']})" if msg.get("version") else ""
            raise ProtocolError("protocol", f"this host runs Lingnan Mahjong {__version__}, protocol {PROTOCOL}; "
                                            f"the joining game speaks protocol {msg['protocol']}{theirs}: both "
                                            "players need the same version", fatal=True)
        if msg.get("fingerprint") not in (None, self.fingerprint):
            raise ProtocolError("fingerprint", "this table plays other rules or options", fatal=True)
        name = msg["name"]
        if any(self.names[s] == name for s in range(self.players) if s not in self.links):
            raise ProtocolError("name_taken", f"{name!r} is a name at this table already", fatal=True)
        seat = next((s for s in self.remote if self.names[s] == name), None)
        if seat is None:  # a new player: the first open seat
            seat = next((s for s in self.remote if self.names[s] is None), None)
            if seat is None:
                raise ProtocolError("table_full", "every seat is taken", fatal=True)
            self._seat(conn, seat, msg, "new")
            return
        if self.links[seat].conn is not None:  # a token never unseats a connected player
            raise ProtocolError("name_taken", f"{name!r} is at the table already", fatal=True)
        token = msg.get("token")
        if isinstance(token, str) and self.token_digests[seat] is not None \
                and hmac.compare_digest(token_digest(token), self.token_digests[seat]):
            self._seat(conn, seat, msg, "token")
            return
        # the seat's name without its current token (none, a guess, an earlier one): the host decides
        if any(c.request is not None and c.request["seat"] == seat for c in self._conns.values()):
            raise ProtocolError("rejoin_pending", f"someone is already asking for {name!r}'s seat", fatal=True)
        decision = self.rejoin_by_name if self.approve_rejoin is None else self._ask(seat, name)
        if decision is None:  # the host's player is asked (answer_rejoin); the connection waits meanwhile
            conn.request = {"seat": seat, "name": name, "hello": msg}
            conn.hello_by = time.monotonic() + APPROVAL_WAIT
            self._send(conn, {"type": "pending", "seat": seat, "name": name,
                              "message": "the host is asked whether to give you this seat back"})
            self._notify({"type": "rejoin_request", "seat": seat, "name": name})
            self._update_status()
            return
        if not decision:
            raise ProtocolError("rejoin_refused", f"the seat of {name!r} is kept for its player", fatal=True)
        self._seat(conn, seat, msg, "host")

    def _ask(self, seat: int, name: str) -> bool | None:
        assert self.approve_rejoin is not None
        try:
            answer = self.approve_rejoin(seat, name)
        except Exception:  # noqa: BLE001 - a UI callback's fault must not stop the table: nobody is let in
            log.exception("approve_rejoin failed")
            return False
        return None if answer is None else bool(answer)

    def answer_rejoin(self, seat: int, allow: bool) -> None:
        """The host's player's answer to a rejoin by name (a `rejoin_request`, status()["requests"]): let the
        waiting connection take the seat, or refuse it. From any thread."""
        self._commands.put(("rejoin", seat, bool(allow)))
        self._wake()

    def _answer_request(self, seat: int, allow: bool) -> None:
        for conn in list(self._conns.values()):
            req = conn.request
            if req is None or req["seat"] != seat or conn.dead or conn.closing:
                continue
            conn.request = None
            if allow and self.links[seat].conn is None and self.names[seat] == req["name"]:
                self._seat(conn, seat, req["hello"], "host")
            else:
                self._fail(conn, ProtocolError("rejoin_refused", f"the seat of {req['name']!r} is kept for its "
                                                                 "player", fatal=True))
        self._update_status()

    def _seat(self, conn: Conn, seat: int, msg: dict, how: str) -> None:
        """Give `seat` to the connection (`how`: new, token, host) with a fresh token, and tell every client."""
        name = msg["name"]
        for other in self._conns.values():  # a seat taken back by its token: nobody else waits for it any more
            if other is not conn and other.request is not None and other.request["seat"] == seat:
                other.request = None
                self._fail(other, ProtocolError("rejoin_refused", f"{name!r} is back at the table", fatal=True))
        self.names[seat] = name
        self.host.seats[seat].name = name
        if "avatar" in msg:
            self.avatars[seat] = msg["avatar"]
            self.host.seats[seat].avatar = msg["avatar"]
        # the rounds this seat plays count for the player's profile in the host's statistics (his own machine's id:
        # the hosting player's LAN rounds join his record; a friend's keep together whatever name he takes)
        self.host.seats[seat].profile = msg.get("profile")
        token = secrets.token_hex(16)  # every taking of the seat: a new token, the earlier one worthless
        self.token_digests[seat] = token_digest(token)
        conn.seat = seat
        conn.request = None
        link = self.links[seat]
        link.conn = conn
        host = self.host
        self._send(conn, {"type": "welcome", "protocol": PROTOCOL, "seat": seat, "name": name, "token": token,
                          "players": self.players, "variant": host.variant_id, "options": host.options_raw,
                          "fingerprint": self.fingerprint, "rounds": host.rounds, "deadline": self.deadline,
                          "kinds": [s.kind for s in self.specs], "names": list(self.names),
                          "rounds_played": host.rounds_played, "totals": host.totals(), "coins": host.coins,
                          "avatars": list(self.avatars), "host": self.host_name, "table_id": self.table_id,
                          "by": how})
        in_round = host.round is not None
        self._send(conn, {"type": "sync", "round": host.round_no if in_round else None,
                          "seq": host.round_first_event if in_round else len(host.events)})
        self._away.discard(seat)
        if self.phase != "lobby":
            host.set_autoplay(seat, False)
        host.attach(seat, link, replay=in_round)  # the round so far as this seat sees it, then its open prompt
        r = host.round_no
        if self.phase == "commit":  # the next deal waits for entropy: this client's counts too
            self._send(conn, {"type": "commit", "round": r, "hash": self.fair[r]["hash"]})
        seated = {"type": "seated", "seat": seat, "name": name, "by": how}
        for s in self.remote:
            if self.links[s].conn is not None:
                self._send(self.links[s].conn, seated)
        self._notify(seated)
        self._broadcast_table()
        self._save()
        self._reannounce()

    def _broadcast_table(self) -> None:
        msg = {"type": "table", "names": list(self.names), "kinds": [s.kind for s in self.specs],
               "connected": [s not in self.links or self.links[s].conn is not None for s in range(self.players)],
               "autoplay": [self.host.is_autoplayed(s) for s in range(self.players)],
               "started": self.phase != "lobby" or bool(self.host.events),
               "avatars": list(self.avatars), "ready": list(self.ready), "phase": self.phase,
               "deadline": self.deadline}
        for s in self.remote:
            if self.links[s].conn is not None:
                self._send(self.links[s].conn, msg)
        self._notify(msg)
        self._reannounce()  # (the phase too: a join list shows a game under way)

    def _notify(self, msg: dict) -> None:
        self._log("note", None, json.dumps(msg, ensure_ascii=False))
        if self.on_message is not None:
            try:
                self.on_message(msg)
            except Exception:  # noqa: BLE001 - a UI callback's fault must not stop the table
                log.exception("on_message failed")

    # ------------------------------------------------------------------------------------------------ upkeep
    def _changed(self, host: Host) -> None:
        """After every action (a listener of the Host): the autosave, the log's open view of the new events, then what the
        action sent the seats goes out (after the save: what a client saw is never lost by a crash)."""
        if self.log_file is not None:
            # (every action's events are logged at once; only a resumed table's replayed earlier rounds, whose
            # events the host no longer keeps, were logged before, by the host it resumes)
            self._logged = max(self._logged, host.events.first)
            for event in host.events[self._logged:]:
                self._log("event", None, json.dumps(event, ensure_ascii=False))
            self._logged = len(host.events)
        self._save()
        self._flush_all()

    def _save(self) -> None:
        if self.save_path is None:
            return
        try:
            fair = {r: f for r, f in self.fair.items()}
            netsave.write(self.save_path, netsave.to_json(
                self.host, kinds=[str(s) for s in self.specs], names=self.names, token_digests=self.token_digests,
                fair=fair, deadline=self.deadline, fingerprint=self.fingerprint, avatars=self.avatars,
                table_id=self.table_id, port=self.port))
        except OSError as exc:
            log.warning("the LAN autosave failed: %s", exc)

    def _log(self, direction: str, conn: Conn | None, line: str) -> None:
        if self.log_file is None:
            return
        entry = {"t": round(time.monotonic() - self._t0, 4), "dir": direction}
        if conn is not None:
            entry["conn"] = conn.id
            entry["seat"] = conn.seat
        entry["line"] = line
        try:
            self.log_file.write(json.dumps(entry, ensure_ascii=False) + "\n")
            self.log_file.flush()
        except (OSError, ValueError):
            pass

    def _update_status(self) -> None:
        st = {"phase": self.phase, "port": self.port, "fingerprint": self.fingerprint,
              "variant": self.host.variant_id, "players": self.players, "names": list(self.names),
              "kinds": [s.kind for s in self.specs],
              "connected": [s not in self.links or self.links[s].conn is not None for s in range(self.players)],
              "round": self.host.round_no, "rounds_played": self.host.rounds_played,
              "totals": self.host.totals(), "result": self.result, "avatars": list(self.avatars),
              "ready": list(self.ready), "autoplay": [s for s in range(self.players) if self.host.is_autoplayed(s)],
              "requests": [dict(seat=c.request["seat"], name=c.request["name"]) for c in self._conns.values()
                           if c.request is not None and not c.dead and not c.closing],
              "table_id": self.table_id, "port_moved": self.port_moved, "deadline": self.deadline,
              **self.seat_counts()}
        with self._status_lock:
            self._status = st

    def seat_counts(self) -> dict:
        """What a join list shows of this table: `free` (open seats anyone may take) and `waiting` (the names of
        the players whose seats wait for them to come back: only they, with their token or the host's yes)."""
        free = sum(1 for s in self.remote if self.names[s] is None)
        waiting = [self.names[s] for s in self.remote if self.names[s] is not None and self.links[s].conn is None]
        return {"free": free, "waiting": waiting}

    def _announced_properties(self) -> dict:
        counts = self.seat_counts()
        waiting = list(counts["waiting"])
        # a TXT entry holds at most 255 bytes: the names that fit (a join list shows "and others" past them)
        while waiting and len(("waiting=" + json.dumps(waiting, ensure_ascii=False)).encode("utf-8")) > 255:
            waiting.pop()
        return {"variant": self.host.variant_id, "players": str(self.players), "free": str(counts["free"]),
                "waiting": json.dumps(waiting, ensure_ascii=False), "fingerprint": self.fingerprint,
                "protocol": str(PROTOCOL), "table_id": self.table_id, "phase": self.phase}

    def _announce(self) -> None:
        from . import discovery

        self._announced = self._announced_properties()
        self._announcer = discovery.announce(self.port, bind=self.bind_addr, name=self.host_name,
                                             properties=self._announced)

    def _reannounce(self) -> None:
        """The seats changed: the announcement says so (discovery's `free` and `waiting`)."""
        if self._announcer is None:
            return
        props = self._announced_properties()
        if props != self._announced:
            self._announced = props
            try:
                self._announcer.update(props)
            except Exception:  # noqa: BLE001 - discovery is optional, its failures too
                log.info("the LAN announcement could not be updated", exc_info=True)
