"""The wire's framing and the checks every client message passes (no sockets here)."""

from __future__ import annotations

import json

import pytest

from game.net.protocol import MAX_LINE, LineBuffer, ProtocolError, RateLimit, encode, parse_client, parse_object


def test_lines_are_split_across_chunks_and_bounded():
    buf = LineBuffer(16)
    assert buf.feed(b'{"a"') == []
    assert buf.feed(b':1}\n{"b":2}\nxy') == [b'{"a":1}', b'{"b":2}']
    assert buf.feed(b"z\n") == [b"xyz"]
    with pytest.raises(ProtocolError) as err:
        buf.feed(b"x" * 16)  # no newline within the limit
    assert err.value.code == "line_too_long" and err.value.fatal
    with pytest.raises(ProtocolError):
        LineBuffer(16).feed(b"y" * 20 + b"\n")


def test_the_limit_is_64_kib_a_line_newline_included():
    buf = LineBuffer()
    assert MAX_LINE == 65536
    assert buf.feed(b"a" * (MAX_LINE - 1) + b"\n") == [b"a" * (MAX_LINE - 1)]
    with pytest.raises(ProtocolError):
        LineBuffer().feed(b"a" * MAX_LINE + b"\n")


def test_encode_is_one_ascii_line():
    line = encode({"type": "hello", "name": "林"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert json.loads(line) == {"type": "hello", "name": "林"}


@pytest.mark.parametrize("line,code", [
    (b"\xff\xfe", "bad_utf8"),
    (b"not json", "bad_json"),
    (b"[1, 2]", "bad_message"),
    (b'{"no": "type"}', "bad_message"),
    (b'{"type": 5}', "bad_message"),
    (b'{"type": "shout"}', "unknown_type"),
    (b'{"type": "hello"}', "bad_message"),
    (b'{"type": "hello", "name": ""}', "bad_name"),
    (b'{"type": "hello", "name": "' + b"x" * 40 + b'"}', "bad_name"),
    (b'{"type": "hello", "name": "a\\u0000b"}', "bad_name"),
    (b'{"type": "hello", "name": "ok", "admin": true}', "bad_message"),
    (b'{"type": "intent", "prompt": "1", "action": {}}', "bad_message"),
    (b'{"type": "intent", "prompt": true, "action": {}}', "bad_message"),
    (b'{"type": "intent", "prompt": 1, "action": [1]}', "bad_message"),
    (b'{"type": "entropy", "round": 0, "value": "xyz"}', "bad_message"),
    (b'{"type": "entropy", "round": 0, "value": "ab"}', "bad_message"),
    (b'{"type": "autoplay", "on": 1}', "bad_message"),
    (b'{"type": "ready", "on": "yes"}', "bad_message"),
    (b'{"type": "ready"}', "bad_message"),
    (b'{"type": "phrase", "id": "insult"}', "bad_message"),
    (b'{"type": "phrase", "id": 3}', "bad_message"),
    (b'{"type": "phrase", "id": "hello", "to": 2}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "avatar": -1}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "avatar": 64}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "avatar": true}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "version": "' + b"9" * 80 + b'"}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "version": "1\\n2"}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "profile": ""}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "profile": "../../etc"}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "profile": "' + b"a" * 33 + b'"}', "bad_message"),
    (b'{"type": "hello", "name": "ok", "profile": 12}', "bad_message"),
    (b'{"type": "intent", "prompt": NaN, "action": {}}', "bad_json"),
    (b"[" * 100000, "bad_json"),
])
def test_malformed_client_messages_are_refused_with_a_code(line, code):
    with pytest.raises(ProtocolError) as err:
        parse_client(line)
    assert err.value.code == code and not err.value.fatal


def test_good_client_messages_pass():
    assert parse_client(b'{"type": "hello", "name": "  Lin  "}')["name"] == "Lin"
    assert parse_client(b'{"type": "entropy", "round": 2, "value": "' + b"AB" * 16 + b'"}')["value"] == "ab" * 16
    assert parse_client(b'{"type": "intent", "prompt": 7, "action": {"seat": 0, "type": "pass"}}')["prompt"] == 7
    assert parse_client(b'{"type": "ping", "id": 3}\r')["id"] == 3
    assert parse_object(b'{"type": "anything", "x": 1}')["x"] == 1


def test_rate_limit_allows_bursts_then_refuses():
    rl = RateLimit(10, 5, now=0.0)
    assert all(rl.take(0.0) for _ in range(5))
    assert not rl.take(0.0)
    assert rl.take(0.1)  # one token back after a tenth of a second


def test_the_lobby_s_messages_pass_when_well_formed():
    assert parse_client(b'{"type": "ready", "on": true}') == {"type": "ready", "on": True}
    assert parse_client(b'{"type": "phrase", "id": "hello"}')["id"] == "hello"
    hello = parse_client(b'{"type": "hello", "name": " Lin ", "avatar": 7, "version": "0.1.0"}')
    assert hello["name"] == "Lin" and hello["avatar"] == 7 and hello["version"] == "0.1.0"
    assert parse_client(b'{"type": "hello", "name": "Lin", "profile": "3fa9c01b22d4"}')["profile"] == "3fa9c01b22d4"
