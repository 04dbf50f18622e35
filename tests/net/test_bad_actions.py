"""Bad actions (issue #26 item 2): every malformed intent gets a `bad_action` (or `bad_message`, `bad_json`) reply
with a short message of ours, never `internal_error`, and the connection stays usable. A hypothesis property test
sends a seated client's random intents, built from the schema with mutated fields, over loopback."""

from __future__ import annotations

import json
import logging
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.net.server as server_mod
from game.net.protocol import ProtocolError, parse_action, parse_client
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient

# a message of ours: a sentence of whole words, short (no library text, nothing cut off)
OURS = re.compile(r"^[a-z][a-zA-Z0-9 ,'()\-:.;\"_]*[a-z0-9)]$")


@pytest.mark.parametrize("action", [
    {"seat": 0, "type": "discard", "tile": "9z"},
    {"seat": 0, "type": "discard", "tile": 5},
    {"seat": 0, "type": "discard", "tile": ["1m"]},
    {"seat": 0, "type": "discard", "tile": "1m" * 200},
    {"seat": 0, "type": "discard"},
    {"seat": 0, "type": "chow", "tile": "3m", "tiles": ["9z", "1m"]},
    {"seat": 0, "type": "chow", "tile": "3m", "tiles": ["1m", "2m", "4m"]},
    {"seat": 0, "type": "chow", "tile": "3m", "tiles": "1m2m"},
    {"seat": 0, "type": "chow", "tile": "3m"},
    {"seat": 0, "type": "pass", "tile": "1m"},
    {"seat": "0", "type": "pass"},
    {"seat": True, "type": "pass"},
    {"seat": 0},
    {"type": "win"},
    {"seat": 0, "type": "shout"},
    {"seat": 0, "type": ["discard"]},
    {"seat": 0, "type": "discard", "tile": {"a": [[[[{"b": None}]]]]}},
    {"seat": 0, "type": "setup", "choice": "ga", "value": "2"},
    {"seat": 0, "type": "setup", "choice": ["ga"], "value": 2},
    {"seat": 0, "type": "setup", "value": 2},
])
def test_a_malformed_action_is_a_bad_action_with_a_short_message_of_ours(action):
    with pytest.raises(ProtocolError) as err:
        parse_action(action)
    assert err.value.code == "bad_action" and not err.value.fatal
    assert OURS.match(err.value.message) and len(err.value.message) <= 120, err.value.message


def test_well_formed_actions_are_the_engine_s():
    from game.engine.state import Action
    from game.host import SetupAction

    for a in ({"seat": 1, "type": "discard", "tile": "E"}, {"seat": 2, "type": "chow", "tile": "3m",
                                                             "tiles": ["2m", "1m"]}, {"seat": 0, "type": "win"}):
        assert parse_action(a) == Action.from_json(a)
    assert parse_action({"seat": 0, "type": "setup", "choice": "ga", "value": 2}) == SetupAction(0, "ga", 2)


@pytest.mark.parametrize("line", [b"[" * 50000, b'{"type": "intent", "prompt": 1, "action": ' + b"[" * 5000 + b"]" * 5000
                                  + b"}", b'{"type": "ping", "id": ' + b'{"a":' * 3000 + b"1" + b"}" * 3000 + b"}",
                                  b'{"type": "intent", "prompt": 1, "action": {"seat": 0, "type": "discard",',
                                  b'{"type": "' + b"x" * 500 + b'"}'])
def test_deep_or_broken_json_gets_a_whole_message(line):
    with pytest.raises(ProtocolError) as err:
        parse_client(line)
    assert err.value.code in ("bad_json", "bad_message", "unknown_type")
    assert OURS.match(err.value.message) and len(err.value.message) <= 120, err.value.message


# ------------------------------------------------------------------------------------------------ the property
KEYS = ["seat", "type", "tile", "tiles", "choice", "value", "extra"]
leaf = (st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=8) | st.sampled_from(["9z", "0m", "10p", "1m1m", "", " 1m", "E ", "8f", "9f", "discard",
                                                 "setup", "chow"]))
garbage = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                         max_size=3), max_leaves=8)
mutation = st.one_of(
    st.tuples(st.just("set"), st.sampled_from(KEYS), garbage),
    st.tuples(st.just("drop"), st.sampled_from(KEYS), st.none()),
    st.tuples(st.just("deep"), st.sampled_from(KEYS), st.integers(1, 3000)),
    st.tuples(st.just("action"), st.none(), garbage),  # the action itself not an object
    st.tuples(st.just("prompt"), st.none(), garbage),  # the prompt id
)


class Seat:
    """A seated raw client whose prompts the test keeps track of."""

    def __init__(self, port: int):
        self.raw = RawClient(port)
        self.raw.send({"type": "hello", "name": "Fuzz"})
        self.welcome = self.raw.wait_for(lambda m: m.get("type") == "welcome")
        commit = self.raw.wait_for(lambda m: m.get("type") == "commit")
        self.raw.send({"type": "entropy", "round": commit["round"], "value": "cd" * 16})
        self.pings = 0

    def prompt(self) -> dict | None:
        open_ = None
        for m in self.raw.messages():
            if m.get("type") == "prompt":
                open_ = m
            elif m.get("type") == "withdraw" and open_ is not None and m.get("id") == open_["id"]:
                open_ = None
        return open_

    def round_trip(self, line: bytes) -> list[dict]:
        """Send a line, then a ping: the replies in between."""
        n = len(self.raw.messages())
        self.pings += 1
        self.raw.send(line + b"\n" + json.dumps({"type": "ping", "id": self.pings}).encode() + b"\n")
        ping = self.pings
        self.raw.wait_for(lambda m: m.get("type") == "pong" and m.get("id") == ping, start=n)
        return self.raw.messages()[n:]


class Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture(scope="module")
def seat():
    mp = pytest.MonkeyPatch()
    mp.setattr(server_mod, "MAX_ERRORS", 100_000)  # (the test sends many bad lines on one connection on purpose)
    mp.setattr(server_mod, "RATE", (1e6, 1e6))
    errors = Errors()
    logging.getLogger("game.net").addHandler(errors)
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=9, rounds=50, bind=LOOPBACK,
                     discovery=False, deadline=3600)
    host = InProcessHost(server)
    s = Seat(host.port)
    s.errors = errors
    s.server = server
    yield s
    s.raw.close()
    host.stop()
    logging.getLogger("game.net").removeHandler(errors)
    mp.undo()


def _deep(n: int):
    v: object = 1
    for _ in range(n):
        v = [v]
    return v


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(pick=st.integers(0, 40), mutations=st.lists(mutation, min_size=1, max_size=3))
def test_random_mutated_intents_never_meet_an_internal_error(seat, pick, mutations):
    prompt = seat.prompt()
    actions = prompt["actions"] if prompt else [{"seat": 0, "type": "discard", "tile": "1m"}]
    intent: dict = {"type": "intent", "prompt": prompt["id"] if prompt else 1,
                    "action": dict(actions[pick % len(actions)])}
    for kind, key, value in mutations:
        action = intent["action"]
        if kind == "action":
            intent["action"] = value
        elif kind == "prompt":
            intent["prompt"] = value
        elif not isinstance(action, dict):
            continue
        elif kind == "set":
            action[key] = value
        elif kind == "drop":
            action.pop(key, None)
        elif kind == "deep":
            action[key] = _deep(value)
    try:
        line = json.dumps(intent).encode()
    except RecursionError:
        return
    if len(line) >= 64 * 1024:
        return
    replies = seat.round_trip(line)
    assert not seat.raw.closed, "the host closed the connection"
    for m in replies:
        if m.get("type") in ("error", "refused"):
            assert m["error"] != "internal_error", (intent, m)
            assert m["error"] in ("bad_action", "bad_message", "bad_json", "stale", "not_prompted", "illegal",
                                  "wrong_seat", "no_round"), m
            assert len(m["message"]) <= 160 and "Traceback" not in m["message"], m
    assert not seat.errors.records, seat.errors.records[0].getMessage()


def test_after_the_storm_the_connection_still_plays(seat):
    """(runs after the property test in this module: the same connection) a legal answer is taken."""
    import time

    end = time.monotonic() + 20
    while seat.prompt() is None and time.monotonic() < end:
        seat.raw.pump(0.05)
    prompt = seat.prompt()
    assert prompt is not None
    replies = seat.round_trip(json.dumps({"type": "intent", "prompt": prompt["id"],
                                          "action": prompt["actions"][0]}).encode())
    assert not [m for m in replies if m.get("type") in ("error", "refused")], replies
    assert seat.raw.wait_for(lambda m: m.get("type") == "withdraw" and m.get("id") == prompt["id"])
