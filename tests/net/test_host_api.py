"""The host loop's additions for LAN play (round wall seeds, attaching without a replay) and the API a lobby
screen builds on: a local seat played from another thread, status snapshots, protocol notifications."""

from __future__ import annotations

import queue
import threading
import time

import pytest

from game.ai import make_bot
from game.engine.seat_state import SeatState
from game.engine.state import new_round
from game.host import Host, LocalSeat, SeatConfig, SetupAction
from game.net.server import NetHost, QueueSeat
from tests.net.helpers import LOOPBACK, InProcessHost, run_clients


def test_a_round_seed_deals_that_round_and_nothing_else_changes():
    plain = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=3, rounds=2)
    seeded = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=3, rounds=2,
                  round_seeds={0: "from-the-commit"})
    plain.start_round()
    seeded.start_round()
    assert seeded.session.dealer == plain.session.dealer  # the first dealer still follows the game seed
    assert seeded.session.seed == 3  # restored after the deal
    expected, events = new_round(seeded.variant, seeded.options, 4, seeded.session.dealer, seed="from-the-commit",
                                 round_no=0, context=seeded.session.context())
    assert list(seeded.events) == events and list(plain.events) != events
    assert seeded.round.live == expected.live


def test_attach_without_replay_gives_only_what_comes_next():
    host = Host("nanning", {}, [SeatConfig("H", human=True)] + [SeatConfig(f"P{i}") for i in range(3)], seed=1)
    host.start_round()
    host.run_bots()
    late = LocalSeat(0)
    host.attach(0, late, replay=False)
    assert late.events == [] and late.open_prompt is not None  # no replay, but the open prompt
    full = LocalSeat(0)
    host.attach(0, full)
    assert [s for s, _ in full.events] == list(range(len(host.events)))


def test_a_local_seat_plays_from_another_thread_beside_a_remote_client():
    local = QueueSeat(0)
    notes: list[dict] = []
    server = NetHost("hainan", ["local", "remote", "ai:easy", "ai:easy"], seed=6, rounds=2, bind=LOOPBACK,
                     discovery=False, local_links={0: local}, on_message=notes.append)
    assert server.status()["phase"] == "lobby" and server.status()["kinds"][0] == "local"
    host = InProcessHost(server)
    stop = threading.Event()
    seen: dict[str, int] = {}

    def ui():  # what a table scene would do: read the queue, answer prompts through submit()
        variant = server.host.variant
        state = SeatState(0, variant, server.host.options)
        bot = make_bot("easy", "ui")
        while not stop.is_set():
            try:
                item = local.queue.get(timeout=0.05)
            except queue.Empty:
                continue
            seen[item[0]] = seen.get(item[0], 0) + 1
            if item[0] == "event":
                state.apply(item[2])
            elif item[0] == "prompt":
                prompt = item[1]
                if prompt.choice is not None:
                    action = SetupAction(0, prompt.choice.id, prompt.choice.default)
                else:
                    action = bot.choose(state, list(prompt.actions))
                server.submit(0, prompt.id, action)

    t = threading.Thread(target=ui, daemon=True)
    t.start()
    try:
        clients = run_clients(host.port, ["Remote"])
        result = host.wait(30)
    finally:
        stop.set()
        t.join(5)
    assert result["rounds"] == 2 and clients[0].finished["totals"] == result["totals"]
    assert seen["prompt"] > 0 and seen["event"] > 0 and "refused" not in seen
    kinds = [n["type"] for n in notes]
    assert kinds.count("commit") == 2 and kinds.count("reveal") == 2 and kinds[-1] == "finished"
    st = server.status()
    assert st["phase"] == "finished" and st["names"][1] == "Remote" and st["result"] == result
    assert clients[0].verified_rounds == 2


def test_stop_ends_a_table_that_waits_for_players():
    server = NetHost("nanning", ["remote"] * 4, seed=1, rounds=1, bind=LOOPBACK, discovery=False)
    host = InProcessHost(server)
    time.sleep(0.1)
    host.stop()
    assert server.result is None and server.status()["phase"] == "lobby"


def test_go_on_starts_without_the_missing_players_and_a_late_one_takes_an_empty_seat():
    server = NetHost("nanning", ["remote", "remote", "ai:easy", "ai:easy"], seed=3, rounds=2, bind=LOOPBACK,
                     discovery=False, think=0.01)
    host = InProcessHost(server)
    server.go_on()  # nobody has come: the AI plays both remote seats
    end = time.monotonic() + 10
    while not server.host.events and time.monotonic() < end:
        time.sleep(0.01)
    assert server.host.events, "the game did not start"
    clients = run_clients(host.port, ["Late"])  # takes an empty seat mid-game and plays it to the end
    result = host.wait(30)
    assert result["rounds"] == 2 and clients[0].finished["totals"] == result["totals"]
    assert clients[0].seat in (0, 1) and server.status()["names"][clients[0].seat] == "Late"


def test_the_table_s_deadlines_are_the_host_s_own_policy_and_a_resumed_prompt_is_timed_too(tmp_path):
    from game.host import Host, SeatConfig
    from game.net import netsave

    server = NetHost("nanning", ["remote", "ai:easy", "remote", "ai:easy"], seed=1, rounds=1, bind=LOOPBACK,
                     discovery=False, deadline=7.5, shown_grace=2.0)
    policy = server.host.deadline_policy()
    # the host's own deadline is the outer one (a client that never says `shown`); claims pass at it
    assert policy.seats == {0, 2} and policy.claim == policy.turn == 9.5 and not policy.stand_in_answers_claims

    # a LAN save taken mid-round: the prompt open in it is held to the table's deadline like any other
    host = Host("nanning", {}, [SeatConfig(f"P{i}", human=True) for i in range(4)], seed=3, rounds=1)
    host.start_round()
    path = tmp_path / "lan.json"
    netsave.write(path, netsave.to_json(host, kinds=["remote"] * 4, names=[f"P{i}" for i in range(4)],
                                        token_digests=[None] * 4, fair={}, deadline=9.0, fingerprint=server.fingerprint))
    resumed = NetHost.resume(path, bind=LOOPBACK, discovery=False, shown_grace=1.0)
    (seat, prompt), = resumed.host.open_prompts().items()
    assert resumed.host.seconds_left(prompt) == pytest.approx(10.0)
