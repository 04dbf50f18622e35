"""The expert's search (game/ai/search.py): it reads only its seat, its count of rollouts follows from the budget
and never from the clock, and its outcomes are the rule set's points."""

from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.ai.player import SkilledBot
from game.ai.search import DEFAULT_THINK_S, rollouts_for, search_discards
from game.ai.value import TableValues
from game.engine.seat_state import SeatState
from game.engine.state import round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.variants import get_variant

NANNING = get_variant("nanning")


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


# seat 0 (the dealer, to throw) is ready on 4m/7m after throwing N; throwing 5m or 6m breaks the wait
OWN = "1m 2m 3m 5m 6m 2p 3p 4p 6s 7s 8s E E N"
TABLE_A = ["2p 5p 8p 2s 5s 8s S W N C F P 3p", "3m 6m 9m 3s 6s 9s S W N C F P 4p", "1s 4s 7s 7p 8p 9p S W N C F P 4s"]
# the same tiles hidden from seat 0, dealt otherwise between the opponents (and the wall in another order)
TABLE_B = ["3m 6m 9m 3s 6s 9s S W N C F P 4p", "1s 4s 7s 7p 8p 9p S W N C F P 4s", "2p 5p 8p 2s 5s 8s S W N C F P 3p"]
WALL_A = "9s 9m 1p 1p 9p 7m 4m 2m"
WALL_B = "4m 7m 9p 2m 1p 9s 1p 9m"


def _round(others: list[str], wall: str):
    rnd, _ = round_from_scenario(NANNING, NANNING.parse_options({}, 4), 4, 0, [T(OWN)] + [T(h) for h in others],
                                 T(wall))
    return rnd


@pytest.mark.parametrize("round_end", [0.0, 0.12])
def test_the_search_sees_only_its_seat(round_end):
    """Two rounds that differ only in what seat 0 cannot see (the others' hands, the wall's order): the same
    outcomes for every candidate and the same move, with the rollout's round model (opponents who get ready and
    end the round, or win on this seat's later discards) on or off."""
    results = []
    for others, wall in ((TABLE_A, WALL_A), (TABLE_B, WALL_B)):
        rnd = _round(others, wall)
        view = SeatState.of_round(rnd, 0)
        got = search_discards(view, TableValues(view), T("N 5m 1m"), random.Random(7), 0.05, round_end)
        bot = make_bot("expert", seed=4)
        bot.rng.seed(11)
        results.append((got.outcomes, got.rollouts, bot.choose(view, rnd.legal_actions(0))))
    assert results[0] == results[1]


def test_keeping_a_ready_hand_is_worth_more_than_breaking_it():
    rnd = _round(TABLE_A, WALL_A)
    view = SeatState.of_round(rnd, 0)
    got = search_discards(view, TableValues(view), T("N 5m"), random.Random(3), 0.2)
    keep, brk = got.means[parse_tile("N")], got.means[parse_tile("5m")]
    assert keep > brk and keep > 0


def test_rounds_that_end_as_real_ones_do_are_worth_less_the_longer_a_hand_needs():
    """The round model: the likelier a ready opponent ends the round on his turn, the less every move is worth,
    and a ready hand stays ahead of a broken one."""
    rnd = _round(TABLE_A, WALL_A)
    view = SeatState.of_round(rnd, 0)
    keep, brk = parse_tile("N"), parse_tile("5m")
    means = [search_discards(view, TableValues(view), [keep, brk], random.Random(3), 0.2, r).means
             for r in (0.0, 0.12, 0.5)]
    for k in (keep, brk):
        assert means[0][k] > means[1][k] > means[2][k]
    assert all(m[keep] > m[brk] for m in means)


def test_the_rollout_count_follows_from_the_budget_not_the_clock():
    assert rollouts_for(None) == rollouts_for(DEFAULT_THINK_S) >= 8
    assert rollouts_for(1.0) > rollouts_for(0.2) > rollouts_for(None)
    # a rule set whose shapes cost more (Guiliu declares it: Variant.search_cost) buys fewer rollouts
    assert get_variant("guiliu").search_cost > get_variant("nanning").search_cost == 1.0
    assert rollouts_for(0.2, get_variant("guiliu").search_cost) < rollouts_for(0.2, get_variant("nanning").search_cost)
    rnd = _round(TABLE_A, WALL_A)
    view = SeatState.of_round(rnd, 0)
    a = search_discards(view, TableValues(view), T("N 5m"), random.Random(9), 0.05)
    b = search_discards(view, TableValues(view), T("N 5m"), random.Random(9), 0.05)
    assert a == b and a.rollouts == rollouts_for(0.05) and not a.capped


def test_think_s_is_a_setting_of_the_expert_and_zero_turns_the_search_off():
    bot = make_bot("expert", 1, think_s=0.2)
    assert isinstance(bot, SkilledBot) and bot.think_s == 0.2
    rnd = _round(TABLE_A, WALL_A)
    # this table is Nanning's, where EXPERT_TUNING turns the search off: asked for here, as an arena ablation would
    quiet = make_bot("expert", 1, think_s=0, skill={"search": True})
    quiet.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    busy = make_bot("expert", 1, skill={"search": True})
    busy.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    assert quiet.searched == 0 and busy.searched == 1
    assert make_bot("hard", 1, think_s=0.2).skill.search is False  # the levels below do not search


def test_a_search_kept_for_longer_thinking_runs_only_when_the_player_gives_that_time():
    """Hainan's expert searches only when given the Settings' longer thinking (EXPERT_TUNING: its default budget's
    few deals lost to the value reading alone, session 22)."""
    rnd = _round(TABLE_A, WALL_A)
    skill = {"search": True, "search_from": 0.2}
    quick = make_bot("expert", 1, skill=skill)
    quick.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    longer = make_bot("expert", 1, think_s=0.2, skill=skill)
    longer.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    assert quick.searched == 0 and longer.searched == 1
    hainan = SkilledBot("expert").skill_at("hainan")
    assert hainan.search and hainan.search_from == 0.2
