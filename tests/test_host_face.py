"""The host's public face for those who drive it (the table scene, a LAN host, headless runs): the open prompts, the
stand-in's move, who is under 托管, the deadline policy, the clock's next move, a round's wall seed, and the
listeners that keep something after every change (the autosave)."""

from __future__ import annotations

import json

import pytest

from game import saves
from game.engine.state import Action
from game.engine.tiles import parse_tile
from game.host import DeadlinePolicy, Host, HostListener, Refused, SeatConfig
from tests.test_host import claim_host


def bots_host(seed: int = 5, rounds: int | None = 1, **kw) -> Host:
    return Host("nanning", {}, [SeatConfig(f"P{i}", level="easy") for i in range(4)], seed=seed, rounds=rounds, **kw)


class Recorder(HostListener):
    def __init__(self):
        self.changes: list[int] = []  # the number of actions taken at each change
        self.ended = 0

    def changed(self, host: Host) -> None:
        self.changes.append(len(host.current_actions))

    def game_ended(self, host: Host) -> None:
        self.ended += 1


# ------------------------------------------------------------------------------------------------ prompts and 托管
def test_open_prompts_are_the_seats_that_must_answer_and_a_copy():
    host, a, b = claim_host()
    assert host.open_prompt(0) is a.open_prompt and host.open_prompt(1) is None
    prompts = host.open_prompts()
    assert set(prompts) == {0}
    prompts.clear()  # the caller's copy: the host's own prompts stay open
    assert host.open_prompt(0) is a.open_prompt


def test_the_stand_in_s_move_is_what_the_ai_plays_and_applying_it_is_left_to_the_caller():
    one, two = bots_host(), bots_host()
    for host in (one, two):
        host.start_round()
    for _ in range(30):
        seat = min(two.open_prompts())
        move = two.stand_in_move(seat)
        n = len(two.events)
        assert len(two.events) == n and two.open_prompt(seat) is not None  # asking plays nothing
        assert move in two.open_prompt(seat).actions
        one.step_bot()  # the host's own AI seat answers ...
        two.intent(seat, two.open_prompt(seat).id, move)  # ... as the caller who asked its stand-in
    assert one.events == two.events and one.current_actions == two.current_actions


def test_a_human_s_stand_in_plays_the_expert_and_a_seat_without_a_prompt_has_no_move():
    host, a, b = claim_host()
    assert host.stand_in_move(0) in a.open_prompt.actions
    with pytest.raises(Refused) as err:
        host.stand_in_move(1)
    assert err.value.code == "not_prompted"


def test_who_is_under_autoplay():
    host, a, b = claim_host()
    assert [host.is_autoplayed(s) for s in range(4)] == [False, False, True, True]  # the AI seats always
    host.set_autoplay(1, True)
    assert host.is_autoplayed(1)
    host.set_autoplay(1, False)
    host.set_autoplay(2, False)  # an AI seat has nobody else to answer for it
    assert not host.is_autoplayed(1) and host.is_autoplayed(2)


# ------------------------------------------------------------------------------------------------ deadlines
def test_the_local_timers_are_the_policy_unless_one_is_set():
    host, a, b = claim_host(claim_timer=5.0, turn_timer=10.0)
    assert host.deadline_policy() == DeadlinePolicy(claim=5.0, turn=10.0)
    lan = DeadlinePolicy(claim=20.0, turn=20.0, seats=frozenset({1}), stand_in_answers_claims=True)
    host.set_deadlines(lan)
    assert host.deadline_policy() == lan
    host.set_deadlines(None)
    assert host.deadline_policy() == DeadlinePolicy(claim=5.0, turn=10.0)


def test_a_policy_limits_only_its_seats():
    local = DeadlinePolicy(claim=5.0, turn=10.0)
    assert (local.limit(0, True, False), local.limit(0, False, False)) == (5.0, 10.0)
    assert local.limit(0, False, True) is None  # under 托管 the stand-in answers anyway
    lan = DeadlinePolicy(claim=20.0, turn=20.0, seats=frozenset({1}))
    assert lan.limit(0, False, False) is None  # not one of its seats (the host's own player)
    assert lan.limit(1, True, True) == 20.0  # named seats keep their time under 托管 too


def test_named_seats_get_their_deadline_even_under_autoplay_and_others_none():
    host, a, b = claim_host()
    assert host.open_prompt(0).deadline is None  # an open prompt keeps the deadline it opened with
    host.set_deadlines(DeadlinePolicy(claim=7.0, turn=7.0, seats=frozenset({1})))
    host.set_autoplay(1, True)
    host.intent(0, a.open_prompt.id, Action(0, "discard", parse_tile("5p")))
    q = host.open_prompt(1)
    assert q.claim and q.deadline == pytest.approx(host.clock + 7.0)  # his, under 托管 too
    host.set_autoplay(1, False)  # back before his stand-in answered: the rest of those 7 s are his
    assert not host.advance(6.9) and host.open_prompt(1) is q
    assert host.advance(0.2) and host.open_prompt(1) is not q
    assert host.open_prompt(0) is None or host.open_prompt(0).deadline is None  # seat 0 is not the policy's


def test_at_a_claim_s_deadline_the_stand_in_answers_where_the_policy_says_so():
    host, a, b = claim_host()
    host.set_deadlines(DeadlinePolicy(claim=3.0, turn=None, seats=frozenset({1}), stand_in_answers_claims=True))
    host.intent(0, a.open_prompt.id, Action(0, "discard", parse_tile("5p")))
    q = b.open_prompt
    assert q.claim and q.deadline == pytest.approx(host.clock + 3.0)
    assert host.seconds_left(q) == pytest.approx(3.0)
    expected = host.stand_in_move(1)
    assert not host.advance(2.9) and host.seconds_left(q) == pytest.approx(0.1)
    assert host.advance(0.2)
    assert host.current_actions[-1] == expected.to_json()  # the stand-in's answer, not a pass for him


def test_the_next_move_by_the_clock():
    host, a, b = claim_host()
    assert host.seconds_to_next_move() is None  # only a human must answer, with all the time in the world
    host.set_deadlines(DeadlinePolicy(turn=10.0))
    host.intent(0, a.open_prompt.id, Action(0, "discard", parse_tile("5p")))
    host.set_autoplay(1, True)  # his claim is the stand-in's, once it has thought
    host.think = 0.5
    assert host.seconds_to_next_move() == pytest.approx(0.5)
    host.advance(0.3)
    assert host.seconds_to_next_move() == pytest.approx(0.2)
    assert host.advance(0.3)  # it answered; what comes next is seat 1's own turn (or seat 2's), thought anew
    assert host.seconds_to_next_move() == pytest.approx(0.5)


# ------------------------------------------------------------------------------------------------ the round's wall
def test_a_round_can_be_dealt_from_its_own_wall_seed():
    plain, seeded, given = bots_host(), bots_host(), bots_host(round_seeds={0: "commit-reveal"})
    assert seeded.round_no == 0  # the first round's number, before its deal
    seeded.set_wall_seed(seeded.round_no, "commit-reveal")
    for host in (plain, seeded, given):
        host.start_round()
    deal = lambda h: [e["tiles"] for e in h.events if e["type"] == "deal"]  # noqa: E731
    assert deal(seeded) == deal(given) != deal(plain)


# ------------------------------------------------------------------------------------------------ listeners
def test_a_listener_hears_every_live_change_and_the_game_s_end_but_not_a_replayed_save():
    host = bots_host(rounds=1)
    heard = Recorder()
    host.add_listener(heard)
    host.start_round()
    while not host.round.finished:
        host.step_bot()
    assert heard.changes == list(range(len(host.current_actions) + 1))  # the deal, then after each action
    assert not host.next_round() and heard.ended == 1
    host.remove_listener(heard)
    host.start_round()
    assert len(heard.changes) == len(host.round_actions[0]) + 1

    replayed = Recorder()
    saved = bots_host(rounds=2)
    saved.start_round()
    for _ in range(10):
        saved.step_bot()
    restored = saves.restore(saves.to_json(saved))
    restored.add_listener(replayed)
    assert replayed.changes == []  # rebuilt by replaying: nothing changed for anyone


def test_the_autosaver_keeps_the_save_after_every_action_and_removes_it_at_the_end(tmp_path):
    path = tmp_path / "game.json"
    host = bots_host(rounds=1)
    host.add_listener(saves.Autosaver(path))
    host.start_round()
    for _ in range(5):
        host.step_bot()
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["current_round"] == host.current_actions  # the action just taken is on disk
    while not host.round.finished:
        host.step_bot()
    assert not host.next_round()
    assert not path.exists()  # played to its end: nothing left to resume


def test_the_autosaver_does_not_stop_the_game_on_a_full_disk(tmp_path, monkeypatch):
    def full(table, path=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "save", full)
    host = bots_host(rounds=1)
    host.add_listener(saves.Autosaver(tmp_path / "game.json"))
    host.start_round()
    assert host.step_bot() is not None and len(host.current_actions) == 1


def test_the_experts_thinking_time_reaches_every_expert_at_the_table():
    seats = [SeatConfig("Me", human=True), SeatConfig("B", level="expert"), SeatConfig("C", level="easy"),
             SeatConfig("D", level="expert")]
    host = Host("nanning", {}, seats, seed=2, rounds=1)
    host.set_expert_think(1.0)
    thinks = [getattr(s.bot, "think_s", "none") for s in host.stand_ins]
    # the human's stand-in (托管) is an expert too; the easy seat does not search
    assert thinks[0] == thinks[1] == thinks[3] == 1.0
    host.set_expert_think(None)
    assert [getattr(s.bot, "think_s", "none") for s in host.stand_ins][1] is None
