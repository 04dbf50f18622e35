"""No client ever receives a tile it may not see (docs/lan.md, Wire).

Whole games of every rule set, host and four clients as processes. Every byte each client receives is recorded
(`join --log` writes every line as received; the host's `--log` also records every line it sends, so the test
checks the client's record is complete). Then, for each seat:

- every engine event it received is exactly the host's event projected for its seat (the host's log holds the
  open view), in order, none missing;
- independently of project(): another seat's deal, draws and concealed kongs are "?" to it, and nothing else it
  received names a tile it could not know: its prompts offer only its own tiles and tiles already on the table;
- protocol messages are of the known kinds, and a round's reveal (the secret from which anyone can rebuild the
  wall) comes only after that round's end.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.engine.events import EVENT_TYPES
from game.engine.project import HIDDEN, project
from game.engine.seat_state import SeatState
from game.engine.tiles import tile_name
from game.net.protocol import HOST_TYPES
from game.variants import AVAILABLE, get_variant
from tests.net.helpers import read_jsonl, spawn_host, spawn_join

EVENTS = set(EVENT_TYPES)
NAMES = ["East", "South", "West", "North"]


def tiles_in(obj) -> list[str]:
    """Every string anywhere in a message that is a tile's name."""
    out = []
    if isinstance(obj, dict):
        for v in obj.values():
            out += tiles_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out += tiles_in(v)
    elif isinstance(obj, str) and obj in TILE_NAMES:
        out.append(obj)
    return out


TILE_NAMES = {tile_name(k) for k in range(42)}


@pytest.mark.parametrize("variant,players", [(v, 4) for v in sorted(AVAILABLE)] + [("beihai", 2), ("hainan", 3)])
def test_no_client_receives_a_tile_it_may_not_see(tmp_path, variant, players):
    rounds = 2
    names = NAMES[:players]
    host, port = spawn_host(tmp_path, "--variant", variant, "--seats", ",".join(["remote"] * players),
                            "--seed", "3", "--rounds", str(rounds), "--log", str(tmp_path / "host.jsonl"))
    joins = [spawn_join(tmp_path, port, name, "--bot", "easy", "--log", str(tmp_path / f"{name}.log"))
             for name in names]
    try:
        code, last = host.finish(120)
        assert code == 0 and last["event"] == "finished" and last["rounds"] == rounds
        results = {}
        for name, j in zip(names, joins):
            jcode, out = j.finish(30)
            assert jcode == 0 and out["verified_rounds"] == rounds, (name, j.stderr()[-2000:])
            results[name] = out
    finally:
        for p in (host, *joins):
            p.close()

    log = read_jsonl(tmp_path / "host.jsonl")
    truth = [json.loads(e["line"]) for e in log if e["dir"] == "event"]
    assert truth and truth[0]["type"] == "start_round" and sum(e["type"] == "end_round" for e in truth) == rounds
    variant_obj = get_variant(variant)
    options = variant_obj.parse_options({}, players)
    for name in names:
        raw = (tmp_path / f"{name}.log").read_bytes()
        lines = raw.split(b"\n")[:-1]
        seat = results[name]["seat"]
        # the client's record is every line the host sent to it, byte for byte
        sent = [e["line"].encode() for e in log if e["dir"] == "out" and e.get("seat") == seat]
        assert lines[:len(sent)] == sent and len(lines) == len(sent), name
        check_seat(seat, [json.loads(line) for line in lines], truth, variant_obj, options)


def check_seat(seat: int, messages: list[dict], truth: list[dict], variant, options, whole: bool = True) -> None:
    """Check one seat's messages against the open truth. `whole`: it was there from the first event (else it
    joined, or came back, mid-game: every event from its sync on)."""
    seq = None
    view = SeatState(seat, variant, options)
    table: Counter = Counter()  # tiles this seat has seen face up
    round_over: set[int] = set()
    current = None
    events_seen = 0
    for msg in messages:
        mtype = msg["type"]
        if mtype in EVENTS:
            assert seq is not None, "an event before the sync"
            assert msg == project(truth[seq], seat), (seat, seq, msg)  # the seat's projection, nothing more
            seq += 1
            events_seen += 1
            if mtype == "start_round":
                current = msg["round"]
            if mtype in ("deal",) and msg["seat"] != seat:
                assert set(msg["tiles"]) == {HIDDEN}
            if mtype == "draw" and msg["actor"] != seat:
                assert msg["tile"] == HIDDEN
            if mtype == "concealed_kong" and msg["actor"] != seat:
                assert msg["tile"] == HIDDEN and set(msg["consumed"]) == {HIDDEN}
            if mtype == "end_round":
                round_over.add(current)
            view.apply(msg)
            table.update(t for t in tiles_in(msg))
            continue
        assert mtype in HOST_TYPES, mtype
        if mtype == "sync":
            seq = msg["seq"]
        elif mtype == "prompt":
            assert msg["seat"] == seat
            own = {tile_name(k) for k, n in enumerate(view.hand) if n}
            for t in tiles_in(msg["actions"]):
                assert t in own or t in table, (seat, t, msg)
        elif mtype == "reveal":
            assert msg["round"] in round_over, "a reveal before its round's end"
            assert not tiles_in(msg)
        elif mtype in ("commit", "welcome", "table", "withdraw", "refused", "error", "pong", "finished", "standing",
                       "phrase", "closing"):
            assert not tiles_in({k: v for k, v in msg.items() if k not in ("names", "host")}), msg
    assert seq == len(truth) and (events_seen == len(truth) or not whole)
