"""Faulty clients hold nobody up (issue #26 item 6): one frozen mid-round (SIGSTOP, later SIGCONT), one that never
reads, one that half-closes, one behind a proxy that slices every byte stream into 1–7-byte pieces with small random
delays. The others' rounds go on within the deadlines, the faulty seat is played by the AI as docs/lan.md says (a
claim passes, one's own turn is the AI's, at the deadline; a seat whose line is gone at once), the thawed client
plays on, and every client that finishes agrees with the host's totals.

The host is the headless host's NetHost in a thread of the test (short deadlines: `shown_grace` is not a command
line option); the frozen client is a `python -m game.net join` process (a process is what SIGSTOP stops). Everything
runs on 127.0.0.1, every wait is bounded, and a watchdog ends a test that would hang anyway.
"""

from __future__ import annotations

import faulthandler
import io
import json
import os
import random
import signal
import socket
import sys
import threading
import time

import pytest

from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient, spawn_join, start_in_order

DEADLINE = 0.6  # seconds a seat has for a prompt, counted from its `shown` ...
GRACE = 0.2  # ... which comes at the latest this long after the prompt was sent (the bots never say it)
SLACK = 1.0  # what a loaded 2-core machine may add to a wait, on top of the deadlines
TEST_LIMIT = 120.0  # the watchdog: a test still running after this is a hang (its threads' stacks are printed)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP/SIGCONT and half-close as on POSIX")


@pytest.fixture(autouse=True)
def _watchdog():
    faulthandler.dump_traceback_later(TEST_LIMIT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


# ------------------------------------------------------------------------------------------------ the table
class Table:
    """A headless host with four remote seats, its log in memory (the event times: who waited how long)."""

    def __init__(self, rounds: int, seed: int, deadline: float = DEADLINE, grace: float = GRACE):
        self.log = io.StringIO()
        self.deadline, self.grace = deadline, grace
        self.server = NetHost("nanning", ["remote"] * 4, seed=seed, rounds=rounds, bind=LOOPBACK, discovery=False,
                              deadline=deadline, shown_grace=grace, log_file=self.log)
        self.server.applied = []  # every intent of a client's own that the table took
        self.host = InProcessHost(self.server)
        self.port = self.host.port

    def seat_of(self, name: str, timeout: float = 20.0) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            names = self.server.status().get("names") or []
            if name in names:
                return names.index(name)
            time.sleep(0.02)
        raise TimeoutError(f"{name} got no seat")

    def entries(self) -> list[dict]:
        return [json.loads(line) for line in self.log.getvalue().splitlines() if line.strip()]

    def events(self) -> list[tuple[float, dict]]:
        """The game's events in the open view, with the host's time for each (seconds since it started)."""
        return [(e["t"], json.loads(e["line"])) for e in self.entries() if e["dir"] == "event"]

    def played_by(self, seat: int) -> int:
        """How many of the seat's moves its own client made (the rest: the AI, at deadlines or under 托管)."""
        return sum(1 for a in list(self.server.applied) if a["seat"] == seat)

    def wait_until(self, pred, timeout: float, what: str) -> None:
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise TimeoutError(what)
            time.sleep(0.02)

    def finish(self, timeout: float) -> dict:
        result = self.host.wait(timeout)
        assert result is not None, "the host stopped before the end"
        return result

    def close(self) -> None:
        if self.server._thread is not None and self.server._thread.is_alive():
            self.host.stop()


def assert_nobody_held_up(table: Table) -> None:
    """No wait between two of the game's events longer than a prompt's whole time (its grace, then its deadline):
    the table never waits on a faulty seat past what the protocol gives it. (The wait for the clients' entropy
    before a deal is at most the deadline too.)"""
    times = [t for t, _ in table.events()]
    # a whole round's worth: its length varies (the wall comes from the clients' entropy; a round won early had
    # 47 events), so only enough to have gaps to measure
    assert len(times) > 10
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert max(gaps) <= table.deadline + table.grace + SLACK, sorted(gaps)[-5:]


def bots(port: int, names: list[str]) -> tuple[list, list[threading.Thread]]:
    """NetClients played by their bots, each in a thread; seats in the order of the names."""
    from game.net.client import BotPlayer, NetClient

    clients = []
    for name in names:
        c = NetClient(LOOPBACK, port, name, retry=5.0)
        BotPlayer(c, "easy")
        clients.append(c)
    return clients, start_in_order(clients)


def join_all(threads: list[threading.Thread], timeout: float) -> None:
    end = time.monotonic() + timeout
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "a client did not finish"


def hello(raw: RawClient, name: str) -> dict:
    raw.send({"type": "hello", "name": name})
    return raw.wait_for(lambda m: m.get("type") == "welcome")


# ------------------------------------------------------------------------------------------------ the proxy
class SlicingProxy:
    """A loopback TCP relay to the host that cuts every byte stream, both ways, into pieces of 1–7 bytes, each sent
    on its own (no Nagle) after a small random delay: a client on a bad line, whose lines arrive in fragments."""

    def __init__(self, upstream_port: int, seed: int, max_delay: float = 0.002):
        self.upstream = (LOOPBACK, upstream_port)
        self.rng = random.Random(seed)
        self.max_delay = max_delay
        self.listener = socket.create_server((LOOPBACK, 0))
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.pieces = 0  # pieces relayed, both ways
        self.bytes = 0
        self._stop = threading.Event()
        self._socks: list[socket.socket] = []
        self._threads = [threading.Thread(target=self._accept, daemon=True)]
        self._threads[0].start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except (socket.timeout, OSError):
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(0.2)
                self._socks.append(s)
            for a, b in ((client, server), (server, client)):
                t = threading.Thread(target=self._pump, args=(a, b), daemon=True)
                t.start()
                self._threads.append(t)

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        rng = random.Random(self.rng.random())  # one stream per direction (a thread's own generator)
        while not self._stop.is_set():
            try:
                data = src.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                break
            if not data:
                break
            at = 0
            while at < len(data) and not self._stop.is_set():
                n = rng.randint(1, 7)
                time.sleep(rng.uniform(0, self.max_delay) if rng.random() < 0.3 else 0)
                piece = data[at:at + n]
                try:
                    dst.sendall(piece)
                except OSError:
                    return
                at += n
                self.pieces += 1
                self.bytes += len(piece)
        try:
            dst.shutdown(socket.SHUT_WR)  # the half-close goes on through, as a plain relay would pass it
        except OSError:
            pass

    def close(self) -> None:
        self._stop.set()
        for s in [self.listener, *self._socks]:
            try:
                s.close()
            except OSError:
                pass
        for t in self._threads:
            t.join(2)


# ------------------------------------------------------------------------------------------------ the tests
def test_a_client_frozen_mid_round_is_played_at_its_deadlines_and_plays_on_thawed(tmp_path):
    table = Table(rounds=3, seed=5)
    frozen = spawn_join(tmp_path, table.port, "Frozen", "--bot", "easy", "--retry", "5",
                        "--log", str(tmp_path / "frozen.log"))
    clients, threads = [], []
    stopped = False
    try:
        seat = table.seat_of("Frozen")
        clients, threads = bots(table.port, ["B", "C", "D"])
        # mid-round, once it has made a move of its own
        table.wait_until(lambda: table.played_by(seat) >= 1, 30, "the frozen client never played")
        os.kill(frozen.proc.pid, signal.SIGSTOP)
        stopped = True
        frozen_at = time.monotonic()
        time.sleep(0.3)  # (an intent it sent just before it stopped is still taken)
        events_at_freeze = len(table.server.host.events)
        mine_at_freeze = table.played_by(seat)
        froze_t = frozen_at - table.server._t0  # (the log's clock)

        def dealt_while_frozen() -> list[int]:
            return [e["round"] for t, e in table.events() if e.get("type") == "start_round" and t > froze_t]

        # the table goes on without it: the AI makes the frozen seat's own moves at their deadlines, to the round's
        # end and into the next one, dealt without the frozen client's entropy
        table.wait_until(lambda: sum(1 for _, e in table.events()[events_at_freeze:]
                                     if e.get("type") == "discard" and e.get("actor") == seat) >= 2
                         and dealt_while_frozen(), 60, "the table waited on the frozen seat")
        late = dealt_while_frozen()
        assert table.played_by(seat) == mine_at_freeze  # (not its client: it is stopped)
        assert len(table.server.host.events) - events_at_freeze > 8  # the other seats played meanwhile
        assert table.server.status()["connected"][seat]  # frozen is not gone: its line is up, its seat its own
        thawed_with = table.played_by(seat)
        os.kill(frozen.proc.pid, signal.SIGCONT)
        stopped = False
        result = table.finish(60)
        code, last = frozen.finish(30)
        join_all(threads, 30)
        assert code == 0, frozen.stderr()[-2000:]
        assert table.played_by(seat) > thawed_with  # thawed, it played its own moves again
        assert last["seat"] == seat and last["totals"] == result["totals"]
        # the rounds dealt while it was stopped were fixed without its entropy: not proven to it, but no failure
        # either (the host did nothing wrong); every other round it checked
        assert last["failed_rounds"] == [] and set(late) <= set(last["late_rounds"])
        assert last["verified_rounds"] + len(last["late_rounds"]) == 3
        got = [json.loads(line) for line in (tmp_path / "frozen.log").read_text().splitlines() if line.strip()]
        assert sum(1 for m in got if m.get("type") == "welcome") == 1  # the same line throughout: no rejoin
        # reading its backlog it answered only what was still open, not every prompt the AI had answered for it
        # (those would be refused as stale, and past the host's rate end the line as a flood)
        assert sum(1 for m in got if m.get("type") in ("refused", "error")) <= 2, [
            m for m in got if m.get("type") in ("refused", "error")]
        assert [c.finished["totals"] for c in clients] == [result["totals"]] * 3
        assert result["rounds"] == 3
        assert_nobody_held_up(table)
    finally:
        if stopped:
            os.kill(frozen.proc.pid, signal.SIGCONT)
        for c in clients:
            c.close()
        frozen.close()
        table.close()


def test_a_client_that_never_reads_holds_up_nobody_past_its_deadlines():
    table = Table(rounds=1, seed=7, deadline=0.3, grace=0.1)  # (each of its prompts waits it out: kept short)
    mute = RawClient(table.port)
    clients, threads = [], []
    try:
        # the smallest receive buffer: what the host sends it piles up on the host's side of the line
        mute.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
        mute.send({"type": "hello", "name": "Mute"})  # and from now on it reads nothing, answers nothing
        seat = table.seat_of("Mute")
        clients, threads = bots(table.port, ["B", "C", "D"])
        result = table.finish(60)
        join_all(threads, 30)
        assert [c.finished["totals"] for c in clients] == [result["totals"]] * 3
        assert table.played_by(seat) == 0
        mine = [e for _, e in table.events() if e.get("type") == "discard" and e.get("actor") == seat]
        assert mine  # its turns were played for it, at their deadlines
        assert_nobody_held_up(table)
    finally:
        for c in clients:
            c.close()
        mute.close()
        table.close()


def test_a_client_that_half_closes_mid_round_is_let_go_and_the_ai_plays_its_seat_at_once():
    table = Table(rounds=2, seed=9)
    half = RawClient(table.port)
    clients, threads = [], []
    try:
        seat = hello(half, "Half")["seat"]
        clients, threads = bots(table.port, ["B", "C", "D"])
        half.wait_for(lambda m: m.get("type") == "prompt", timeout=20)  # mid-round, a prompt of its own open
        half.sock.shutdown(socket.SHUT_WR)  # it will say nothing more, but could still read
        closed_at = time.monotonic()
        half.pump(5.0)  # the host ends its side too (the line is closed, not left open for ever)
        assert half.closed and time.monotonic() - closed_at < 5.0
        table.wait_until(lambda: not table.server.status()["connected"][seat], 5, "the seat still looks connected")
        # the prompt it held keeps its time (its player might be back to answer it); then 托管: the AI plays the
        # seat at once, without waiting for deadlines
        table.wait_until(lambda: seat in table.server.status()["autoplay"], DEADLINE + GRACE + SLACK,
                         "the AI does not play the seat of the half-closed line")
        autoplayed_at = time.monotonic() - table.server._t0  # (the log's clock)
        result = table.finish(60)
        join_all(threads, 30)
        assert [c.finished["totals"] for c in clients] == [result["totals"]] * 3
        assert table.played_by(seat) == 0
        assert_nobody_held_up(table)
        # from then on nobody waited for that seat at all: every seat answered at once (no gap near a deadline)
        later = [t for t, _ in table.events() if t > autoplayed_at]
        assert len(later) > 50
        assert max(b - a for a, b in zip(later, later[1:])) < DEADLINE
    finally:
        for c in clients:
            c.close()
        half.close()
        table.close()


def test_a_client_behind_a_slicing_proxy_plays_its_own_game_and_agrees_with_the_host(tmp_path):
    table = Table(rounds=3, seed=13)
    proxy = SlicingProxy(table.port, seed=13)
    sliced = spawn_join(tmp_path, proxy.port, "Sliced", "--bot", "easy", "--retry", "5")
    clients, threads = [], []
    try:
        seat = table.seat_of("Sliced")
        clients, threads = bots(table.port, ["B", "C", "D"])
        result = table.finish(60)
        code, last = sliced.finish(30)
        join_all(threads, 30)
        assert code == 0, sliced.stderr()[-2000:]
        assert last["seat"] == seat and last["totals"] == result["totals"]
        # every line arrived whole through the pieces: each round's wall checked, no message unreadable
        assert last["verified_rounds"] == 3 and last["failed_rounds"] == []
        assert "unreadable" not in sliced.stderr()
        assert [c.finished["totals"] for c in clients] == [result["totals"]] * 3
        # it played its seat itself, and its lines reached the host whole: nothing of its was refused as malformed
        assert table.played_by(seat) > 20
        ins = [json.loads(e["line"]) for e in table.entries() if e["dir"] == "out" and e.get("seat") == seat]
        assert not [m for m in ins if m.get("type") == "error"], [m for m in ins if m.get("type") == "error"][:3]
        assert proxy.pieces > 5000  # (the streams really went in pieces)
        assert_nobody_held_up(table)
    finally:
        for c in clients:
            c.close()
        sliced.close()
        proxy.close()
        table.close()


def test_entropy_that_comes_after_the_deal_is_named_stale_and_the_round_is_not_taken_for_a_cheat():
    """A client slower than the host's wait for entropy (here its entropy source takes longer than the deadline,
    the host's wait): the host deals without it and answers its late entropy `stale` with the round; the client
    counts that round neither verified (its wall was fixed without it) nor failed (the host did nothing wrong)."""
    from game.net.client import BotPlayer, NetClient

    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=3, rounds=2, bind=LOOPBACK,
                     discovery=False, deadline=DEADLINE, shown_grace=GRACE)
    host = InProcessHost(server)
    received: list[dict] = []

    def slow_for_round_0(r: int) -> str:
        if r == 0:
            time.sleep(DEADLINE + 0.8)  # past the host's wait: min(deadline, 10 s)
        return f"{r + 1:02x}" * 16

    client = NetClient(LOOPBACK, host.port, "Slow", retry=5.0, entropy_source=slow_for_round_0,
                       trace=lambda kind, m: received.append(m) if kind == "recv" else None)
    BotPlayer(client, "easy")
    runner = threading.Thread(target=client.run, daemon=True)
    runner.start()
    try:
        result = host.wait(60)
        runner.join(30)
        assert not runner.is_alive() and client.finished is not None and result is not None
        assert client.finished["totals"] == result["totals"]
        stale = [m for m in received if m.get("type") == "error"]
        assert stale == [{"type": "error", "error": "stale", "round": 0,
                          "message": "no commitment for round 0 is waiting for entropy"}]
        assert client.late == {0} and client.failed == {} and client.verified == {1}
        assert server.fair[0]["entropy"][0] is None and server.fair[1]["entropy"][0] == "02" * 16
    finally:
        client.close()
        host.stop()
