"""`python -m game.net host|join` as processes (docs/lan.md): JSON lines on stdout, exit codes, whole games."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from tests.net.helpers import LOOPBACK, ROOT, env_for, spawn_host, spawn_join


def run_cli(tmp_path, *args, timeout=30) -> tuple[int, list[dict]]:
    proc = subprocess.run([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=env_for(tmp_path),
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_mixed_table_plays_to_the_end_and_every_client_verifies_every_round(tmp_path):
    host, port = spawn_host(tmp_path, "--variant", "guiliu", "--players", "3", "--seats", "remote,ai:easy,remote",
                            "--seed", "7", "--rounds", "2")
    joins = [spawn_join(tmp_path, port, name, "--bot", "easy") for name in ("林", "Chen")]
    try:
        code, last = host.finish(90)
        assert code == 0 and last == {"ok": True, "event": "finished", "rounds": 2, "totals": last["totals"]}
        assert len(last["totals"]) == 3
        seats = set()
        for j in joins:
            jcode, out = j.finish(30)
            assert jcode == 0, j.stderr()
            assert out["ok"] and out["event"] == "finished" and out["totals"] == last["totals"]
            assert out["verified_rounds"] == 2 and out["failed_rounds"] == []
            seats.add(out["seat"])
        assert seats == {0, 2}
        assert host.lines[0]["fingerprint"] and len(host.lines) == 2
    finally:
        for p in (host, *joins):
            p.close()


@pytest.mark.parametrize("args,code", [
    (["host", "--variant", "mars", "--seats", "remote", "--seed", "1", "--rounds", "1"], "unknown_variant"),
    (["host", "--variant", "nanning", "--seats", "remote,remote,remote", "--seed", "1", "--rounds", "1"],
     "bad_input"),
    (["host", "--variant", "nanning", "--seats", "remote,ai:godlike,remote,remote", "--seed", "1", "--rounds", "1"],
     "bad_arguments"),
    (["host", "--variant", "nanning", "--seats", "remote,robot,remote,remote", "--seed", "1", "--rounds", "1"],
     "bad_arguments"),
    (["host", "--variant", "nanning", "--options", "{", "--seats", "remote,remote,remote,remote", "--seed", "1",
      "--rounds", "1"], "bad_json"),
    (["host", "--variant", "nanning", "--options", '{"zz": 1}', "--seats", "remote,remote,remote,remote",
      "--seed", "1", "--rounds", "1"], "bad_option"),
    (["host", "--variant", "nanning", "--players", "3", "--seats", "remote,remote,remote,remote", "--seed", "1",
      "--rounds", "1"], "bad_arguments"),
    (["host", "--variant", "nanning", "--seats", "remote,remote,remote,remote", "--seed", "1"], "bad_arguments"),
    (["host", "--resume", "/nonexistent/lan-save.json"], "bad_save"),
    (["join", "localhost", "--name", "A"], "bad_arguments"),
    (["join", "127.0.0.1:1", "--name", "   "], "bad_arguments"),
    (["join", "127.0.0.1:1", "--name", "A", "--bot", "godlike"], "bad_arguments"),
    (["dance"], "bad_arguments"),
    ([], "bad_arguments"),
])
def test_bad_arguments_exit_2_with_a_json_error(tmp_path, args, code):
    exit_code, lines = run_cli(tmp_path, *args)
    assert exit_code == 2 and len(lines) == 1
    assert lines[0]["ok"] is False and lines[0]["error"] == code and lines[0]["message"]


def test_network_failures_exit_1_with_a_json_error(tmp_path):
    busy = socket.socket()
    busy.bind((LOOPBACK, 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    try:
        code, lines = run_cli(tmp_path, "host", "--variant", "nanning", "--seats", "ai:easy,ai:easy,ai:easy,remote",
                              "--seed", "1", "--rounds", "1", "--bind", LOOPBACK, "--port", str(port),
                              "--no-discovery")
        assert code == 1 and lines[-1]["error"] == "bind_failed"
    finally:
        busy.close()
    free = socket.socket()
    free.bind((LOOPBACK, 0))
    closed_port = free.getsockname()[1]
    free.close()
    code, lines = run_cli(tmp_path, "join", f"{LOOPBACK}:{closed_port}", "--name", "A")
    assert code == 1 and lines == [{"ok": False, "error": "connect_failed", "message": lines[0]["message"]}]


def test_a_full_table_refuses_another_player_and_a_taken_name(tmp_path):
    host, port = spawn_host(tmp_path, "--variant", "nanning", "--seats", "remote,ai:easy,ai:easy,ai:easy",
                            "--seed", "1", "--rounds", "1", "--deadline", "30")
    first = spawn_join(tmp_path, port, "A", "--stall-at-prompt")  # holds the game at its first prompt
    try:
        assert first.read_line(30)["event"] == "stalled"
        code, lines = run_cli(tmp_path, "join", f"{LOOPBACK}:{port}", "--name", "A", "--retry", "0")
        assert code == 1 and lines[-1]["error"] == "name_taken"
        code, lines = run_cli(tmp_path, "join", f"{LOOPBACK}:{port}", "--name", "B", "--retry", "0")
        assert code == 1 and lines[-1]["error"] == "table_full"
    finally:
        first.close()
        host.close()


@pytest.mark.parametrize("by_name", [True, False])
def test_a_headless_host_gives_a_seat_back_by_name_only_when_told_to(tmp_path, by_name):
    host, port = spawn_host(tmp_path, "--variant", "nanning", "--seats", "remote,remote,ai:easy,ai:easy",
                            "--seed", "3", "--rounds", "1", "--deadline", "30",
                            *(["--rejoin-by-name"] if by_name else []))
    a = spawn_join(tmp_path, port, "A", "--bot", "easy", "--stall-at-prompt")
    b = spawn_join(tmp_path, port, "B", "--bot", "easy")
    elsewhere = tmp_path / "elsewhere"  # another machine: the same name, no token
    elsewhere.mkdir()
    again = None
    try:
        assert a.read_line(30)["event"] == "stalled"
        a.kill()
        again = spawn_join(elsewhere, port, "A", "--bot", "easy", "--retry", "0")
        code, out = again.finish(60)
        if by_name:
            assert code == 0 and out["event"] == "finished", again.stderr()[-2000:]
            assert host.finish(60)[1]["totals"] == out["totals"]
        else:
            assert code == 1 and out["error"] == "rejoin_refused"
            assert host.finish(60)[0] == 0  # the AI played the seat to the end
    finally:
        for p in [host, a, b] + ([again] if again else []):
            p.close()
