"""The host loop and the seat protocol: numbered projected events, prompts, intents and their refusals, the clock."""

from __future__ import annotations

import pytest

from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.host import Host, LocalSeat, Refused, SeatConfig

T = lambda s: parse_tiles(s.split())  # noqa: E731


def claim_host(**kw) -> tuple[Host, LocalSeat, LocalSeat]:
    """Seats 0 and 1 human; seat 0 (dealer) will discard 5p, which seat 1 (holding a pair) may pong."""
    seats = [SeatConfig("A", human=True), SeatConfig("B", human=True), SeatConfig("C"), SeatConfig("D")]
    host = Host("nanning", {}, seats, seed=1, rounds=1, **kw)
    a, b = LocalSeat(0), LocalSeat(1)
    host.attach(0, a)
    host.attach(1, b)
    rnd, events = round_from_scenario(
        host.variant, host.options, 4, 0,
        [T("5p 1m 4m 7m 1s 4s 7s E S W N C F P"), T("5p 5p 2m 5m 8m 2s 5s 8s E S W N C"),
         T("3m 6m 9m 3s 6s 9s 9p E S W N F P"), T("1m 2m 3m 4p 9p 7s 8s 9s 1s 1s 1s 2s 2s")],
        T("W S E 9p 2p 3p 8p 8p"), context=host.session.context())
    host.load_round(rnd, events)
    return host, a, b


def test_each_seat_receives_numbered_events_projected_for_it():
    host, a, b = claim_host()
    assert [seq for seq, _ in a.events] == list(range(len(host.events)))
    deal_a = {e["seat"]: e["tiles"] for _, e in a.events if e["type"] == "deal"}
    assert "?" not in deal_a[0] and set(deal_a[1]) == {"?"}  # his own tiles, nobody else's
    deal_b = {e["seat"]: e["tiles"] for _, e in b.events if e["type"] == "deal"}
    assert "?" not in deal_b[1] and set(deal_b[0]) == {"?"}


def test_a_prompt_names_the_seat_and_its_legal_moves_and_an_intent_answers_it():
    host, a, b = claim_host()
    p = a.open_prompt
    assert p is not None and p.seat == 0 and b.open_prompt is None
    assert Action(0, "discard", parse_tile("5p")) in p.actions
    assert p.to_json()["actions"][0]["seat"] == 0 and "deadline" in p.to_json()
    host.intent(0, p.id, Action(0, "discard", parse_tile("5p")))
    assert a.open_prompt is None
    q = b.open_prompt
    assert q is not None and q.claim and {"pong", "pass"} <= q.kinds() and q.id != p.id


@pytest.mark.parametrize("seat,pid,action,code", [
    (1, None, Action(1, "discard", parse_tile("5p")), "not_prompted"),  # not his turn
    (0, -5, Action(0, "discard", parse_tile("5p")), "stale"),  # an old prompt
    (0, None, Action(1, "discard", parse_tile("5p")), "wrong_seat"),  # acting for someone else
    (0, None, Action(0, "discard", parse_tile("9s")), "illegal"),  # a tile he does not hold
    (0, None, Action(0, "pong", parse_tile("5p")), "illegal"),
    (7, None, Action(7, "discard", parse_tile("5p")), "wrong_seat"),
])
def test_stale_wrong_seat_and_illegal_intents_are_refused_and_change_nothing(seat, pid, action, code):
    host, a, b = claim_host()
    before = (len(host.events), host.round.version, a.open_prompt)
    with pytest.raises(Refused) as err:
        host.intent(seat, a.open_prompt.id if pid is None else pid, action)
    assert err.value.code == code and err.value.message
    assert err.value.to_json()["error"] == code
    assert (len(host.events), host.round.version, a.open_prompt) == before


def test_a_prompt_answered_once_is_stale_afterwards():
    host, a, b = claim_host()
    p = a.open_prompt
    host.intent(0, p.id, Action(0, "discard", parse_tile("5p")))
    q = b.open_prompt
    host.intent(1, q.id, Action(1, "pass"))
    with pytest.raises(Refused) as err:
        host.intent(1, q.id, Action(1, "pass"))
    assert err.value.code in ("stale", "not_prompted")


def test_the_claim_timer_passes_for_a_human_who_does_not_answer():
    host, a, b = claim_host(claim_timer=5.0)
    host.intent(0, a.open_prompt.id, Action(0, "discard", parse_tile("5p")))
    q = b.open_prompt
    assert q.deadline == pytest.approx(host.clock + 5.0)
    assert not host.advance(4.9)
    assert b.open_prompt is q
    assert host.advance(0.2)
    assert not any(e["type"] == "pong" for e in host.events)
    assert b.open_prompt is not q and not b.open_prompt.claim  # passed for him: now it is his own turn


def test_the_turn_timer_lets_the_ai_move_for_a_human_whose_turn_runs_out():
    host, a, b = claim_host(turn_timer=10.0)
    p = a.open_prompt
    assert not p.claim and p.deadline == pytest.approx(host.clock + 10.0)
    assert not host.advance(9.9) and a.open_prompt is p
    assert host.advance(0.2)  # his time is up: his stand-in throws a tile for him
    thrown = [e for e in host.events if e["type"] == "discard"]
    assert thrown and thrown[0]["actor"] == 0
    assert a.open_prompt is None or a.open_prompt is not p
    q = b.open_prompt  # a claim on it has no deadline (the claim timer is off); his own turn has his 10 s
    assert q is not None
    assert q.deadline is None if q.claim else q.deadline == pytest.approx(host.clock + 10.0)


def test_no_turn_timer_by_default():
    host, a, b = claim_host()
    assert a.open_prompt.deadline is None
    assert not host.advance(3600.0) and a.open_prompt is not None


def test_bots_answer_only_when_the_clock_says_they_have_thought():
    seats = [SeatConfig("A", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    host = Host("nanning", {}, seats, seed=3, rounds=1, think=0.5)
    host.attach(0, LocalSeat(0))
    host.start_round()
    host.set_autoplay(0, True)  # 托管: the stand-in plays his turn too
    n = len(host.events)
    assert not host.advance(0.4) and len(host.events) == n
    assert host.advance(0.2) and len(host.events) > n
    host.set_autoplay(0, False)
    assert 0 not in host.autoplay


def test_standing_orders_answer_at_once_and_each_human_has_his_own():
    host, a, b = claim_host()
    host.set_toggles(1, auto_pass=True)
    assert host.seats[1].auto_pass and not host.seats[0].auto_pass
    host.intent(0, a.open_prompt.id, Action(0, "discard", parse_tile("5p")))
    assert not b.open_prompt.claim  # passed for him before he was shown anything: now his own turn
    assert not any(e["type"] == "pong" for e in host.events)


def test_a_late_seat_is_brought_up_to_date():
    host, a, b = claim_host()
    late = LocalSeat(0)
    host.attach(0, late)
    assert [e for _, e in late.events] == [e for _, e in a.events]
    assert late.open_prompt == a.open_prompt


def test_the_ai_decides_from_the_seed_and_the_position_only():
    """Two hosts with the same seed play the same game, even when one of them was rebuilt midway (a save)."""
    from game import saves

    one = Host("beihai", {}, [SeatConfig(f"P{i}", level="easy") for i in range(4)], seed=11, rounds=2)
    two = Host("beihai", {}, [SeatConfig(f"P{i}", level="easy") for i in range(4)], seed=11, rounds=2)
    for host in (one, two):
        host.start_round()
    for _ in range(40):
        one.step_bot()
        two.step_bot()
    two = saves.restore(saves.to_json(two))  # a fresh host replays the actions; its bots never saw them
    while not one.round.finished:
        one.step_bot()
    while not two.round.finished:
        two.step_bot()
    assert one.round.result() == two.round.result()


class EveryEvent:
    """A watcher that keeps every event it is sent, numbered: the whole game, which the host itself does not keep."""

    def __init__(self):
        self.events: list[tuple[int, dict]] = []

    def event(self, seq, event):
        self.events.append((seq, event))


def test_the_host_keeps_only_the_current_rounds_events_while_their_numbers_go_on():
    from game import saves

    host = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=5, rounds=3)
    whole, seat = EveryEvent(), LocalSeat(2)
    host.observe(None, whole)
    host.attach(2, seat)
    starts = []
    for _ in range(3):
        starts.append(len(whole.events))  # the number the round's first event gets
        host.start_round()
        host.run_bots()
        assert host.round.finished
        numbers = [s for s, _ in whole.events]
        assert numbers == list(range(len(host.events)))  # every event numbered once, in order, across rounds
        assert host.round_first_event == starts[-1] and host.events[host.round_first_event]["type"] == "start_round"
        assert list(host.events) == [e for s, e in whole.events if s >= starts[-1]]  # this round's, no more
        assert [s for s, _ in seat.events] == list(range(starts[-1], len(host.events)))
        if len(starts) > 1:
            with pytest.raises(IndexError):
                host.events[starts[-1] - 1]  # the last round's end_round is no longer held
        rebuilt = saves.restore(saves.to_json(host))  # the same game from its seed and actions
        assert rebuilt.events == host.events and rebuilt.round_actions == host.round_actions
        assert rebuilt.round.deltas() == host.round.deltas() and rebuilt.totals() == host.totals()
        host.finish_round()
    assert starts[0] == 0 < starts[1] < starts[2] and len(host.round_actions) == 3
    assert [[Action.from_json(a) for a in r] for r in host.round_actions] == [list(r) for r in host.finished_actions]
