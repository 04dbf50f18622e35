"""The LAN table as the table scene sees it (game.net.remote_table): a seat played through a RemoteTable over real
loopback sockets gets exactly its seat's view, answers its prompts, follows the standings round by round, and
learns at once when the host closes the table. Also the lobby's additions to the host: ready marks, a start the
host gives, avatars, quick phrases and their rate."""

from __future__ import annotations

import time

import pytest

from game.ai import make_bot
from game.engine.project import project
from game.engine.seat_state import SeatState
from game.host import LocalSeat, Refused
from game.net.client import JoinError
from game.net.remote_table import RemoteTable, connect
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, run_clients


def wait_for(cond, timeout: float = 10.0, step=None) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        if step is not None:
            step()
        time.sleep(0.005)


def play_seat(table: RemoteTable, link: LocalSeat, level: str = "easy", limit: float = 60.0) -> int:
    """What the table scene does, without a screen: take what came, answer the open prompt with a bot reading
    the seat's own events, close each settlement. Returns the rounds seen."""
    bot = make_bot(level, "remote-table-test")
    rounds = 0
    state = None
    shown = -1
    end = time.monotonic() + limit
    while not (table.finished is not None and table.phase != "over"):
        assert time.monotonic() < end, "the game did not end in time"
        table.advance(0.01)
        for seq, e in link.events:
            if seq <= shown:
                continue
            shown = seq
            if e["type"] == "start_round":
                state = SeatState(table.seat, table.variant, table.options)
            state.apply(e)
        if table.phase == "over":
            rounds += 1
            table.next_round()
            continue
        prompt = link.open_prompt
        if prompt is not None and state is not None and shown == (link.events[-1][0] if link.events else -1):
            if prompt.choice is not None:
                action = next(a for a in prompt.actions if a.value == prompt.choice.default)
            else:
                action = bot.choose(state, list(prompt.actions))
            table.intent(table.seat, prompt.id, action)
        time.sleep(0.002)
    return rounds


@pytest.mark.parametrize("variant", ["nanning", "hainan"])
def test_a_seat_played_through_a_remote_table_sees_its_own_view_and_ends_with_the_host(variant):
    server = NetHost(variant, ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=5, rounds=3, bind=LOOPBACK,
                     discovery=False)
    host = InProcessHost(server)
    try:
        client = connect(LOOPBACK, host.port, "小梅", avatar=7, profile="3fa9c01b22d4")
        table = RemoteTable(client)
        assert table.seat == 0 and table.variant_id == variant and table.players == 4
        link = LocalSeat(0)
        table.attach(0, link)
        rounds = play_seat(table, link)
        result = host.wait(30)
    finally:
        host.stop()
    assert rounds == 3 and table.rounds_played == 3
    assert table.totals() == result["totals"] and sum(table.totals()) == 0
    assert [r.deltas for r in table.history] == [r.deltas for r in server.host.history]
    assert table.seats[0].name == "小梅" and table.seats[0].avatar == 7
    assert server.host.seats[0].avatar == 7  # the host knows the face the player chose
    assert server.host.seats[0].profile == "3fa9c01b22d4"  # and whose record the seat's rounds count for
    # the last round as the seat got it is exactly the host's round projected for seat 0
    truth = [project(e, 0) for e in server.host.events[server.host.round_first_event:]]
    assert [e for _, e in table.events] == [] or [e for _, e in link.events] == truth


def test_an_intent_is_checked_against_the_prompt_before_it_is_sent():
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=2, rounds=1, bind=LOOPBACK,
                     discovery=False, deadline=30)
    host = InProcessHost(server)
    try:
        table = RemoteTable(connect(LOOPBACK, host.port, "Lin"))
        link = LocalSeat(0)
        table.attach(0, link)
        wait_for(lambda: link.open_prompt is not None, step=lambda: table.advance(0.0))
        prompt = link.open_prompt
        with pytest.raises(Refused) as stale:
            table.intent(0, prompt.id + 1, prompt.actions[0])
        assert stale.value.code == "stale"
        with pytest.raises(Refused) as wrong:
            table.intent(1, prompt.id, prompt.actions[0])
        assert wrong.value.code == "wrong_seat"
        first = len(server.host.events)
        table.intent(0, prompt.id, prompt.actions[0])
        assert link.open_prompt is None  # answered: the screen offers it no more
        wait_for(lambda: len(server.host.events) > first)
    finally:
        host.stop()


def test_the_host_waits_for_its_start_and_shows_ready_marks_and_faces():
    server = NetHost("nanning", ["remote", "remote", "ai:easy", "ai:easy"], seed=4, rounds=1, bind=LOOPBACK,
                     discovery=False, wait_for_start=True)
    host = InProcessHost(server)
    try:
        a = RemoteTable(connect(LOOPBACK, host.port, "A", avatar=3))
        b = RemoteTable(connect(LOOPBACK, host.port, "B", avatar=9))
        b.client.set_ready(True)
        wait_for(lambda: server.status()["ready"][1])
        time.sleep(0.3)
        assert server.status()["phase"] == "lobby"  # full, and still waiting for the host's word
        wait_for(lambda: a.ready[1] and a.seats[1].avatar == 9, step=lambda: a.advance(0.0))
        assert a.seats[1].name == "B" and a.seats[0].avatar == 3
        server.go_on()
        wait_for(lambda: server.status()["phase"] in ("commit", "play"))
    finally:
        host.stop()


def test_quick_phrases_reach_every_seat_at_a_measured_pace():
    server = NetHost("nanning", ["remote", "remote", "ai:easy", "ai:easy"], seed=4, rounds=1, bind=LOOPBACK,
                     discovery=False, wait_for_start=True)
    host = InProcessHost(server)
    try:
        a = RemoteTable(connect(LOOPBACK, host.port, "A"))
        b = RemoteTable(connect(LOOPBACK, host.port, "B"))
        assert a.say(0, "hello")
        wait_for(lambda: (0, "hello") in b.phrases and (0, "hello") in a.phrases,
                 step=lambda: (a.advance(0.0), b.advance(0.0)))
        a.say(0, "sorry")  # too soon after the first: the host refuses it, nobody hears it
        a.client.send({"type": "phrase", "id": "no_such_phrase"})
        b.say(1, "thanks")
        wait_for(lambda: (1, "thanks") in a.phrases, step=lambda: (a.advance(0.0), b.advance(0.0)))
        time.sleep(0.1)
        a.advance(0.0)
        assert [p for p in a.phrases if p[0] == 0] == [(0, "hello")]
        assert not a.say(1, "hello")  # a seat speaks only for itself
    finally:
        host.stop()


def test_clients_learn_at_once_that_the_host_closed_its_table(tmp_path):
    save = tmp_path / "lan.json"
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=3, rounds=4, bind=LOOPBACK,
                     discovery=False, save=save, deadline=30)
    host = InProcessHost(server)
    client = connect(LOOPBACK, host.port, "Lin", retry=30.0)
    table = RemoteTable(client)
    link = LocalSeat(0)
    table.attach(0, link)
    wait_for(lambda: link.open_prompt is not None, step=lambda: table.advance(0.0))
    t0 = time.monotonic()
    host.stop()
    wait_for(lambda: table.error is not None, timeout=5.0)
    assert table.error.code == "host_quit"
    assert time.monotonic() - t0 < 3.0  # told at once, not after 30 s of reconnecting
    assert save.exists()  # and the game waits in the host's autosave
    resumed = NetHost.resume(save, bind=LOOPBACK, discovery=False)
    assert resumed.status()["names"][0] == "Lin"


def test_a_round_s_standing_applies_when_its_settlement_closes():
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=8, rounds=2, bind=LOOPBACK,
                     discovery=False, between_rounds=30.0)
    host = InProcessHost(server)
    try:
        table = RemoteTable(connect(LOOPBACK, host.port, "Lin"))
        link = LocalSeat(0)
        table.attach(0, link)
        bot = make_bot("easy", "t")
        state = SeatState(0, table.variant, table.options)
        n = 0
        while table.phase != "over":
            table.advance(0.0)
            for _, e in link.events[n:]:
                state.apply(e)
            n = len(link.events)
            p = link.open_prompt
            if p is not None:
                table.intent(0, p.id, bot.choose(state, list(p.actions)))
            time.sleep(0.002)
        time.sleep(0.2)
        table.advance(0.0)
        before = table.totals()
        assert before == [0, 0, 0, 0] and table.rounds_played == 0  # the settlement shows the round on its own
        started = time.monotonic()
        assert table.next_round()  # ready: the host deals at once, not after its 30 s
        assert table.rounds_played == 1 and table.totals() == server.host.history[0].deltas
        wait_for(lambda: table.phase == "play", step=lambda: table.advance(0.0))
        assert time.monotonic() - started < 10
    finally:
        host.stop()


def test_a_client_of_another_protocol_is_told_which_versions_meet():
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=1, rounds=1, bind=LOOPBACK,
                     discovery=False)
    host = InProcessHost(server)
    try:
        import game.net.client as client_module

        old = client_module.PROTOCOL
        client_module.PROTOCOL = old + 1
        try:
            with pytest.raises(JoinError) as refused:
                connect(LOOPBACK, host.port, "Lin")
        finally:
            client_module.PROTOCOL = old
        assert refused.value.code == "protocol"
        assert f"protocol {old}" in refused.value.message and "same version" in refused.value.message
    finally:
        host.stop()


def test_headless_clients_still_start_a_table_that_does_not_wait_for_its_host():
    server = NetHost("beihai", ["remote", "remote", "ai:easy", "ai:easy"], seed=2, rounds=1, bind=LOOPBACK,
                     discovery=False)
    host = InProcessHost(server)
    clients = run_clients(host.port, ["A", "B"])
    result = host.wait(30)
    assert result is not None and all(c.finished is not None for c in clients)


def test_a_next_round_that_comes_before_the_settlement_closes_waits_for_it():
    """A headless host deals the next round at once: the screen still shows the last round's end, and nothing of it
    may be lost to the new deal; the new round comes when the settlement closes, in order."""
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=8, rounds=2, bind=LOOPBACK,
                     discovery=False, deadline=60)
    host = InProcessHost(server)
    try:
        table = RemoteTable(connect(LOOPBACK, host.port, "Lin"))
        seen = []  # what the connection said besides the round's events, for a failure to tell
        table.client.trace = lambda kind, msg: seen.append((kind, msg.get("type"), msg.get("round"), msg.get("seq")))
        link = LocalSeat(0)
        table.attach(0, link)
        table.set_autoplay(0, True)  # the host's AI plays this seat: the rounds run on without us
        wait_for(lambda: table.phase == "over", timeout=60, step=lambda: table.advance(0.0))
        ended = [(seq, e) for seq, e in link.events if e["type"] == "end_round"]
        # the next deal has reached this screen and waits behind the settlement (the host's own event count runs
        # ahead of what the connection has delivered: waiting on it alone once let the deal arrive too late)
        wait_for(lambda: any(m.get("type") == "start_round" for m in table._held), timeout=60,
                 step=lambda: table.advance(0.0))
        assert table.phase == "over" and [(q, e) for q, e in link.events if e["type"] == "end_round"] == ended
        assert table.verification() is True  # the round's reveal is not held with the next round: checked at once
        assert link.events[0][1]["type"] == "start_round" and link.events[-1][1]["type"] == "end_round"
        assert table.rounds_played == 0
        table.next_round()
        assert table.rounds_played == 1 and link.events[0][1]["type"] == "start_round"
        # the very next event: nothing skipped, nothing twice
        assert link.events[0][0] == ended[0][0] + 1, (table.client.connects, [s for s in seen if s[1] in (
            "welcome", "sync", "start_round", "end_round", "commit", "reveal", "error", "ready", "autoplay")])
        wait_for(lambda: table.finished is not None and table.phase == "over" or table.game_over(), timeout=60,
                 step=lambda: table.advance(0.0))
        table.next_round()
        assert table.game_over() and table.totals() == server.host.totals()
    finally:
        host.stop()
