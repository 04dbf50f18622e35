"""Choices before each deal and facts carried from round to round, through the rule set's declared hooks.

A test-only rule set (Nanning plus a 上嘎-like choice: 0–3, never below the seat's last choice) proves the
mechanism before Hainan uses it: prompts before the deal, refusals, the choices in every seat's round context,
the constraint carried to the next round, bots' choices, autosave and resume in the middle of the choosing.
"""

from __future__ import annotations

import pytest

from game import saves
from game.engine.variant import SetupChoice
from game.host import Host, LocalSeat, Refused, SeatConfig, SetupAction
from game.variants import _extra, register
from game.variants.nanning import Nanning


class GaNanning(Nanning):
    id = "test_ga"

    def setup_choice(self, opts, seat, facts):
        last = (facts.get("ga") or [0] * 4)[seat]
        return SetupChoice("ga", "上嘎", tuple(range(last, 4)), last)


@pytest.fixture(autouse=True)
def ga_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    register(GaNanning())
    yield
    _extra.pop("test_ga", None)


def table(humans=(0,)) -> tuple[Host, dict[int, LocalSeat]]:
    host = Host("test_ga", {}, [SeatConfig(f"P{i}", human=i in humans) for i in range(4)], seed=5, rounds=3)
    links = {}
    for seat in humans:
        links[seat] = LocalSeat(seat)
        host.attach(seat, links[seat])
    return host, links


def test_every_seat_chooses_before_the_deal_and_the_choices_reach_the_round():
    host, links = table()
    assert host.start_round() == [] and host.phase == "setup" and host.round is None
    prompt = links[0].open_prompt
    assert prompt.choice.id == "ga" and [a.value for a in prompt.actions] == [0, 1, 2, 3]
    with pytest.raises(Refused) as err:
        host.intent(0, prompt.id, SetupAction(0, "ga", 7))
    assert err.value.code == "illegal"
    host.run_bots()  # the AI seats choose; nobody is dealt before the human has chosen
    assert host.phase == "setup" and len(host.events) == 0
    host.intent(0, prompt.id, SetupAction(0, "ga", 2))
    assert host.phase == "play"
    start = next(e for _, e in links[0].events if e["type"] == "start_round")
    assert start["context"]["ga"][0] == 2 and len(start["context"]["ga"]) == 4
    assert host.round.context["ga"] == start["context"]["ga"]


def test_the_choice_is_carried_to_the_next_round():
    host, links = table()
    host.start_round()
    host.run_bots()
    host.answer(0, SetupAction(0, "ga", 2))
    host.set_autoplay(0, True)
    host.run_bots()
    assert host.phase == "over"
    assert host.next_round() and host.phase == "setup"
    assert [a.value for a in links[0].open_prompt.actions] == [2, 3]  # never below his last choice


def test_a_game_saved_while_the_seats_choose_resumes_with_the_choices_made():
    host, links = table(humans=(0, 1))
    host.start_round()
    host.run_bots()
    host.answer(0, SetupAction(0, "ga", 3))
    restored = saves.restore(saves.to_json(host))
    assert restored.phase == "setup" and restored.setup_answers == host.setup_answers
    link = LocalSeat(1)
    restored.attach(1, link)
    restored.intent(1, link.open_prompt.id, SetupAction(1, "ga", 1))
    assert restored.phase == "play" and restored.round.context["ga"][:2] == [3, 1]
    # and a save of the game in play replays its choices with its actions
    again = saves.restore(saves.to_json(restored))
    assert again.round.context == restored.round.context
    assert [s.hand for s in again.round.seats] == [s.hand for s in restored.round.seats]


def test_rule_set_facts_carry_coins_and_decide_when_a_game_for_coins_ends():
    host = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=2, rounds=None,
                start_coins=[1000, 1000, 1000, 33])
    assert host.coins == [1000, 1000, 1000, 33]
    rounds = 0
    while not host.game_over() and rounds < 200:
        host.start_round()
        host.run_bots()
        before = list(host.coins)
        deltas = host.round.deltas()
        host.finish_round()
        assert host.coins == [c + d for c, d in zip(before, deltas)]
        rounds += 1
    assert host.game_over() and min(host.coins) < 32  # the rule set's floor, not the host's
