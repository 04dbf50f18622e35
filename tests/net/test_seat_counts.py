"""Rejoining without friction, the network side (issue #26 item 4): a resumed table asks for the port it had (any
other when that one is taken, and says so); a join list's counts are right in every state: `free` the open seats,
`waiting` the names of the players whose seats wait for them, in the host's status and in the LAN announcement."""

from __future__ import annotations

import json
import socket
import time

import pytest

from game.net import discovery
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient


def until(pred, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


class FakeAnnouncement:
    def __init__(self, properties):
        self.history = [dict(properties)]

    def update(self, properties):
        self.history.append(dict(properties))

    def close(self):
        pass

    @property
    def now(self) -> tuple[str, list]:
        return self.history[-1]["free"], json.loads(self.history[-1]["waiting"])


def hello(raw: RawClient, name: str, token: str | None = None) -> dict:
    raw.send({"type": "hello", "name": name, **({"token": token} if token else {})})
    return raw.wait_for(lambda m: m.get("type") in ("welcome", "error"))


def test_free_and_awaited_seats_are_counted_right_in_every_state(monkeypatch, tmp_path):
    announced: list[FakeAnnouncement] = []

    def fake_announce(port, **kw):
        announced.append(FakeAnnouncement(kw["properties"]))
        return announced[-1]

    monkeypatch.setattr(discovery, "announce", fake_announce)
    save = tmp_path / "lan.json"
    server = NetHost("nanning", ["remote", "remote", "remote", "ai:easy"], seed=4, rounds=2, bind=LOOPBACK,
                     discovery=True, deadline=60, think=0.01, wait_for_start=True, save=save)
    host = InProcessHost(server)
    try:
        until(lambda: announced)
        ann = announced[0]
        assert ann.now == ("3", []) and server.status()["free"] == 3  # the lobby: three open seats
        me, kai = RawClient(host.port), RawClient(host.port)
        hello(me, "Host")  # the hosting player's own seat, over loopback, counts as soon as he sits
        until(lambda: ann.now == ("2", []))
        w = hello(kai, "Kai")
        until(lambda: ann.now == ("1", []))
        kai.close()  # before the game a seat is only held while its player is there: it is open again
        until(lambda: ann.now == ("2", []) and server.status()["waiting"] == [])
        kai = RawClient(host.port)
        w = hello(kai, "Kai")
        until(lambda: ann.now == ("1", []))
        server.go_on()  # the third seat stays open: the AI plays it until someone takes it
        for raw in (me, kai):
            commit = raw.wait_for(lambda m: m.get("type") == "commit")
            raw.send({"type": "entropy", "round": commit["round"], "value": "ab" * 16})
        until(lambda: server.status()["phase"] == "play")
        assert ann.now == ("1", [])
        kai.close()  # dropped mid-game: his seat waits for him, it is not open
        until(lambda: ann.now == ("1", ["Kai"]))
        st = server.status()
        assert st["free"] == 1 and st["waiting"] == ["Kai"]
        kai = RawClient(host.port)
        assert hello(kai, "Kai", w["token"])["type"] == "welcome"
        until(lambda: ann.now == ("1", []))
        new = RawClient(host.port)
        assert hello(new, "Mei")["type"] == "welcome"  # the open seat, taken mid-game
        until(lambda: ann.now == ("0", []))
        for raw in (me, kai, new):
            raw.close()
    finally:
        host.stop()
    # resumed: every player's seat waits for him, none is open
    resumed = NetHost.resume(save, bind=LOOPBACK, discovery=True, port=0)
    again = InProcessHost(resumed)
    try:
        until(lambda: len(announced) == 2)
        assert announced[1].now == ("0", ["Host", "Kai", "Mei"])
    finally:
        again.stop()


def test_a_resumed_table_keeps_its_port_when_it_is_free_and_says_when_it_moved(tmp_path):
    save = tmp_path / "lan.json"
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=4, rounds=2, bind=LOOPBACK,
                     discovery=False, deadline=60, save=save)
    host = InProcessHost(server)
    raw = RawClient(host.port)
    try:
        hello(raw, "Kai")
        until(lambda: save.exists() and json.loads(save.read_text()).get("port") == host.port)
    finally:
        raw.close()
        host.stop()
    resumed = NetHost.resume(save, bind=LOOPBACK, discovery=False)
    try:
        assert resumed.bind() == host.port and not resumed.port_moved
    finally:
        resumed._listener.close()
    blocker = socket.socket()
    blocker.bind((LOOPBACK, host.port))
    blocker.listen(1)
    try:
        moved = NetHost.resume(save, bind=LOOPBACK, discovery=False)
        port = moved.bind()
        assert port != host.port and moved.port_moved and moved.status()["port_moved"]
        moved._listener.close()
        with pytest.raises(OSError):  # a port asked for outright is not given up silently
            NetHost.resume(save, bind=LOOPBACK, discovery=False, port=host.port).bind()
    finally:
        blocker.close()


def test_the_announcement_is_updated_on_the_lan():
    pytest.importorskip("zeroconf")
    server = NetHost("beihai", ["remote", "remote", "ai:easy", "ai:easy"], seed=1, rounds=1, bind=LOOPBACK,
                     discovery=True, host_name="Counted table", wait_for_start=True)
    host = InProcessHost(server)
    browser = discovery.Browser(interfaces=[LOOPBACK])
    raw = RawClient(host.port)
    try:
        assert browser.start()

        def free() -> str | None:
            found = [t for t in browser.tables() if t.port == host.port]
            return found[0].properties.get("free") if found else None

        until(lambda: free() == "2", 15)
        hello(raw, "Kai")
        until(lambda: free() == "1", 15)
    finally:
        raw.close()
        browser.close()
        host.stop()
