"""Discovery: a hosted table is announced as _lingnan-mahjong._tcp and found by browsing (on the loopback
interface here); without zeroconf, or when it fails, hosting and joining by address work all the same."""

from __future__ import annotations

import sys
import time

import pytest

from game.net import discovery
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, run_clients


def test_a_hosted_table_is_announced_and_found(monkeypatch):
    pytest.importorskip("zeroconf")
    server = NetHost("beihai", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=1, rounds=1, bind=LOOPBACK,
                     discovery=True, host_name="Test table 测试")
    host = InProcessHost(server)
    browser = discovery.Browser(interfaces=[LOOPBACK])
    try:
        assert browser.start()
        end = time.monotonic() + 10
        found = []
        while time.monotonic() < end and not found:
            found = [t for t in browser.tables() if t.port == host.port]
            time.sleep(0.1)
        assert found, "the table was not found on the loopback interface"
        table = found[0]
        assert table.address == LOOPBACK and table.name.startswith("Test table 测试")
        assert table.properties["variant"] == "beihai" and table.properties["fingerprint"] == server.fingerprint
        assert table.properties["players"] == "4" and table.properties["protocol"] == "1"
    finally:
        browser.close()
        host.stop()


def test_hosting_and_joining_work_without_zeroconf(monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # `import zeroconf` now raises ImportError
    assert discovery.announce(1234) is None and discovery.browse(0.1) == []
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=2, rounds=1, bind=LOOPBACK,
                     discovery=True)
    host = InProcessHost(server)
    clients = run_clients(host.port, ["Solo"])
    assert host.wait(10)["rounds"] == 1 and clients[0].finished is not None


def test_a_failing_zeroconf_does_not_stop_the_host(monkeypatch):
    class Broken:
        InterfaceChoice = type("IC", (), {"Default": "default"})

        def Zeroconf(self, *a, **kw):  # noqa: N802 - zeroconf's own name
            raise OSError("no multicast here")

    monkeypatch.setattr(discovery, "_zeroconf", lambda: Broken())
    handle = discovery.announce(1234, bind=LOOPBACK)
    assert handle is not None
    handle._thread.join(5)
    assert handle.error == "no multicast here" and not handle.registered.is_set()
    handle.close()
    assert discovery.Browser().start() is False
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=2, rounds=1, bind=LOOPBACK)
    host = InProcessHost(server)
    run_clients(host.port, ["Solo"])
    assert host.wait(10)["rounds"] == 1
