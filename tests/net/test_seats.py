"""Seats belong to their players (issue #26): a dropped seat is taken back with its player's current token, which
changes at every taking; a name alone gets it only when the host says so; a token never unseats a connected
player; every client is told when a seat changes hands; the host's autosave keeps no token anyone could send."""

from __future__ import annotations

import json
import time

from game.net.client import NetClient
from game.net.seat_tokens import SeatTokens, token_digest
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient


def table(**kw) -> tuple[NetHost, InProcessHost]:
    server = NetHost("nanning", ["remote", "remote", "ai:easy", "ai:easy"], seed=5, rounds=2, bind=LOOPBACK,
                     discovery=False, deadline=60, think=0.01, **kw)
    return server, InProcessHost(server)


def seated(raw: RawClient, name: str, token: str | None = None) -> dict:
    hello = {"type": "hello", "name": name}
    if token is not None:
        hello["token"] = token
    raw.send(hello)
    return raw.wait_for(lambda m: m.get("type") in ("welcome", "error", "pending"))


def give_entropy(raw: RawClient) -> None:
    commit = raw.wait_for(lambda m: m.get("type") == "commit")
    raw.send({"type": "entropy", "round": commit["round"], "value": "ab" * 16})


def until(pred, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def in_play_with_kai_dropped(server: NetHost, host: InProcessHost) -> tuple[RawClient, dict]:
    """Kai and Lin sit down, the game starts, Kai's line drops: (Lin's connection, Kai's welcome)."""
    kai, lin = RawClient(host.port), RawClient(host.port)
    welcome = seated(kai, "Kai")
    assert welcome["type"] == "welcome"
    assert seated(lin, "Lin")["type"] == "welcome"
    give_entropy(lin)
    give_entropy(kai)
    until(lambda: server.status()["phase"] == "play")
    kai.close()
    until(lambda: not server.status()["connected"][welcome["seat"]])
    return lin, welcome


def test_a_name_alone_a_guessed_token_or_a_stale_one_gets_no_seat_on_a_headless_host():
    server, host = table()
    try:
        lin, welcome = in_play_with_kai_dropped(server, host)
        seat = welcome["seat"]
        for token in (None, "0" * 32, welcome["token"][::-1]):  # the impostor by name; guesses
            thief = RawClient(host.port)
            answer = seated(thief, "Kai", token)
            assert answer["type"] == "error" and answer["error"] == "rejoin_refused", answer
            thief.pump(2)
            assert thief.closed and not any(m.get("type") in ("welcome", "deal", "draw", "prompt")
                                            for m in thief.messages())
            thief.close()
        assert not server.status()["connected"][seat]
        # the real player, with his token: back in his seat, with a new token (the old one now worthless)
        back = RawClient(host.port)
        again = seated(back, "Kai", welcome["token"])
        assert again["type"] == "welcome" and again["seat"] == seat and again["by"] == "token"
        assert again["token"] != welcome["token"]
        # every client is told that the seat changed hands
        note = lin.wait_for(lambda m: m.get("type") == "seated" and m["seat"] == seat)
        assert note == {"type": "seated", "seat": seat, "name": "Kai", "by": "token"}
        back.close()
        until(lambda: not server.status()["connected"][seat])
        stale = RawClient(host.port)  # the first token again: stale since the retaking
        answer = seated(stale, "Kai", welcome["token"])
        assert answer["type"] == "error" and answer["error"] == "rejoin_refused"
        stale.close()
        lin.close()
    finally:
        host.stop()


def test_a_token_never_unseats_a_connected_player():
    server, host = table()
    try:
        kai = RawClient(host.port)
        welcome = seated(kai, "Kai")
        other = RawClient(host.port)  # the same user data in a second window: the same name and token
        answer = seated(other, "Kai", welcome["token"])
        assert answer["type"] == "error" and answer["error"] == "name_taken"
        kai.pump(0.5)
        assert not kai.closed and server.status()["connected"][welcome["seat"]]
        assert not [m for m in kai.messages() if m.get("type") == "error"]
        kai.close()
        other.close()
    finally:
        host.stop()


def test_the_lobby_takeover_sequence_leaves_the_newcomer_seated():
    """The issue's sequence: Kai joins the lobby and drops; someone else joins as Kai; the first Kai's token
    (fixed per seat before) threw him out. Now the newcomer holds a seat of his own token and keeps it."""
    server, host = table()
    try:
        first = RawClient(host.port)
        w1 = seated(first, "Kai")
        first.close()
        until(lambda: server.status()["names"][w1["seat"]] is None)  # before the game a seat goes with its player
        second = RawClient(host.port)
        w2 = seated(second, "Kai")
        assert w2["type"] == "welcome" and w2["token"] != w1["token"]
        old = RawClient(host.port)
        answer = seated(old, "Kai", w1["token"])
        assert answer["type"] == "error" and answer["error"] == "name_taken"
        second.pump(0.5)
        assert not second.closed and server.status()["connected"][w2["seat"]]
        assert not [m for m in second.messages() if m.get("type") == "error"]
        for raw in (second, old):
            raw.close()
    finally:
        host.stop()


def test_the_host_decides_a_rejoin_by_name_now_or_later():
    asked = []

    def later(seat, name):
        asked.append((seat, name))
        return None

    server, host = table(approve_rejoin=later)
    try:
        lin, welcome = in_play_with_kai_dropped(server, host)
        seat = welcome["seat"]
        kai = RawClient(host.port)
        assert seated(kai, "Kai")["type"] == "pending"
        until(lambda: server.status()["requests"] == [{"seat": seat, "name": "Kai"}])
        assert asked == [(seat, "Kai")]
        rival = RawClient(host.port)  # a second one asking meanwhile is turned away
        assert seated(rival, "Kai")["error"] == "rejoin_pending"
        assert not [m for m in kai.messages() if m.get("type") in ("deal", "draw", "prompt")]
        server.answer_rejoin(seat, True)  # the host's player says yes
        welcome2 = kai.wait_for(lambda m: m.get("type") == "welcome")
        assert welcome2["seat"] == seat and welcome2["by"] == "host" and welcome2["token"] != welcome["token"]
        note = lin.wait_for(lambda m: m.get("type") == "seated" and m["seat"] == seat and m["by"] != "new")
        assert note["by"] == "host"
        until(lambda: server.status()["connected"][seat] and server.status()["requests"] == [])
        kai.close()
        until(lambda: not server.status()["connected"][seat])
        refused = RawClient(host.port)
        assert seated(refused, "Kai")["type"] == "pending"
        server.answer_rejoin(seat, False)
        assert refused.wait_for(lambda m: m.get("type") == "error")["error"] == "rejoin_refused"
        for raw in (lin, rival, refused):
            raw.close()
    finally:
        host.stop()


def test_a_headless_host_started_to_let_names_rejoin_does_so():
    server, host = table(rejoin_by_name=True)
    try:
        lin, welcome = in_play_with_kai_dropped(server, host)
        kai = RawClient(host.port)
        back = seated(kai, "Kai")
        assert back["type"] == "welcome" and back["seat"] == welcome["seat"] and back["by"] == "host"
        kai.close()
        lin.close()
    finally:
        host.stop()


def test_the_client_keeps_its_token_in_user_data_and_comes_back_with_it(tmp_path):
    server, host = table()
    store = SeatTokens(tmp_path / "seats")
    try:
        lin = RawClient(host.port)
        assert seated(lin, "Lin")["type"] == "welcome"
        first = NetClient(LOOPBACK, host.port, "Kai", retry=0.0, tokens=store)
        first.start()
        until(lambda: first.welcome is not None)
        give_entropy(lin)
        until(lambda: server.status()["phase"] == "play")
        token = first.token
        assert store.lookup("Kai", LOOPBACK, host.port) == token
        first._stop.set()  # a crash: the socket goes without a bye
        first._close_socket()
        first.join(5)
        until(lambda: not server.status()["connected"][first.seat])
        again = NetClient(LOOPBACK, host.port, "Kai", retry=0.0, tokens=store)  # a new process, same user data
        again.start()
        until(lambda: again.welcome is not None or again.error is not None)
        assert again.error is None and again.seat == first.seat
        assert again.token != token and store.lookup("Kai", LOOPBACK, host.port) == again.token
        again.close()
        lin.close()
    finally:
        host.stop()


def test_the_autosave_keeps_no_token_a_client_could_send(tmp_path):
    save = tmp_path / "lan.json"
    server, host = table(save=save)
    try:
        lin, welcome = in_play_with_kai_dropped(server, host)
        text = save.read_text()
        assert welcome["token"] not in text
        data = json.loads(text)
        assert "tokens" not in data and token_digest(welcome["token"]) in data["token_digests"]
        lin.close()
    finally:
        host.stop()
    # the resumed table still knows Kai by his token, and by nothing in the file
    resumed = NetHost.resume(save, bind=LOOPBACK, discovery=False, port=0)
    again = InProcessHost(resumed)
    try:
        for token in (None, data["token_digests"][welcome["seat"]][:32]):
            raw = RawClient(again.port)
            assert seated(raw, "Kai", token)["error"] == "rejoin_refused"
            raw.close()
        raw = RawClient(again.port)
        back = seated(raw, "Kai", welcome["token"])
        assert back["type"] == "welcome" and back["seat"] == welcome["seat"]
        raw.close()
    finally:
        again.stop()
