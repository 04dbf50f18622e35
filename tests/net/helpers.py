"""Shared helpers for the LAN tests: real sockets on 127.0.0.1, every wait bounded.

`spawn_host` / `spawn_join` start `python -m game.net host|join` as processes; `InProcessHost` runs a NetHost in a
thread of the test (for the tests that need to reach inside: a cheating host, the table's own events);
`RawClient` is a bare socket that sends whatever a test wants and records every byte it receives.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


def env_for(tmp_path: Path) -> dict:
    env = dict(os.environ)
    env["LINGNAN_HOME"] = str(tmp_path / "home")
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("PYTHONHASHSEED", None)
    return env


class Proc:
    """A `python -m game.net` process whose stdout is read line by line with a deadline."""

    def __init__(self, args: list[str], tmp_path: Path, tag: str):
        self.args = args
        self.stderr_path = tmp_path / f"{tag}.stderr"
        self._stderr = open(self.stderr_path, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=env_for(tmp_path),
                                     stdout=subprocess.PIPE, stderr=self._stderr, stdin=subprocess.DEVNULL)
        self._buf = b""
        self.lines: list[dict] = []

    def read_line(self, timeout: float) -> dict:
        end = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no line from {self.args[0]} within {timeout}s; stderr: {self.stderr()[-2000:]}")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise EOFError(f"{self.args[0]} closed its output; stderr: {self.stderr()[-2000:]}")
                self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        out = json.loads(line)
        self.lines.append(out)
        return out

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def finish(self, timeout: float) -> tuple[int, dict]:
        """The process's last line and its exit code."""
        line = self.read_line(timeout)
        return self.wait(timeout), line

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""

    def close(self) -> None:
        self.kill()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._stderr.close()


def spawn_host(tmp_path: Path, *args: str, tag: str = "host") -> tuple[Proc, int]:
    proc = Proc(["host", *args, "--bind", LOOPBACK, "--no-discovery"], tmp_path, tag)
    first = proc.read_line(30)
    assert first["ok"] and first["event"] == "listening", first
    return proc, first["port"]


def spawn_join(tmp_path: Path, port: int, name: str, *args: str) -> Proc:
    return Proc(["join", f"{LOOPBACK}:{port}", "--name", name, *args], tmp_path, f"join-{name}")


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class InProcessHost:
    """A NetHost serving from a thread of the test process."""

    def __init__(self, server):
        self.server = server
        self.port = server.start()

    def wait(self, timeout: float) -> dict | None:
        self.server.join(timeout)
        assert self.server._thread is not None and not self.server._thread.is_alive(), "the host did not finish"
        return self.server.result

    def stop(self) -> None:
        self.server.stop()
        self.server.join(10)


def run_clients(port: int, names: list[str], *, level: str = "easy", timeout: float = 60, **kw) -> list:
    """NetClients with bots, each in its own thread, to the game's end. Returns the clients."""
    from game.net.client import BotPlayer, NetClient

    clients = []
    for name in names:
        c = NetClient(LOOPBACK, port, name, retry=kw.get("retry", 5.0), entropy_source=kw.get("entropy_source"))
        BotPlayer(c, level)
        clients.append(c)
    threads = start_in_order(clients)
    end = time.monotonic() + timeout
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "a client did not finish in time"
    return clients


def start_in_order(clients, timeout: float = 10.0) -> list[threading.Thread]:
    """Start each client's thread once the one before has its seat: seats go in the order given."""
    threads = []
    for c in clients:
        t = threading.Thread(target=_run_quietly, args=(c,), daemon=True)
        t.start()
        threads.append(t)
        end = time.monotonic() + timeout
        while c.seat is None and c.error is None and time.monotonic() < end and t.is_alive():
            time.sleep(0.005)
    return threads


def _run_quietly(client) -> None:
    try:
        client.run()
    except Exception as exc:  # noqa: BLE001 - the test reads client.error / client.finished
        client.run_error = exc


class RawClient:
    """A bare TCP client: sends bytes as given, records every byte received."""

    def __init__(self, port: int, timeout: float = 10.0):
        self.sock = socket.create_connection((LOOPBACK, port), timeout=timeout)
        self.received = b""
        self.closed = False

    def send(self, data: bytes | dict) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        self.sock.sendall(data)

    def pump(self, seconds: float) -> None:
        """Read what arrives for `seconds` (or until the host closes)."""
        end = time.monotonic() + seconds
        while not self.closed and time.monotonic() < end:
            ready, _, _ = select.select([self.sock], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                continue
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                self.closed = True
                return
            if not chunk:
                self.closed = True
                return
            self.received += chunk

    def messages(self) -> list[dict]:
        return [json.loads(line) for line in self.received.split(b"\n") if line.strip()]

    def wait_for(self, pred, timeout: float = 10.0, start: int = 0) -> dict:
        """The first message from position `start` on that satisfies `pred` (reading until it comes)."""
        end = time.monotonic() + timeout
        seen = start
        while time.monotonic() < end:
            msgs = self.messages()
            for m in msgs[seen:]:
                if pred(m):
                    return m
            seen = max(seen, len(msgs))
            if self.closed:
                break
            self.pump(0.05)
        raise TimeoutError(f"no such message; got {[m.get('type') for m in self.messages()][-20:]}")

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass
