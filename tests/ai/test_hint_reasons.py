"""The hint's reasons are true of the position (issue 24, item 6), in every rule set: "an opponent looks ready"
(mode fold) only where the learnt reading gives someone p >= 0.5, and of the opponents it reads so in played games
at least half are ready; short of folding the advice never leaves no route to a hand that may win here while
another move keeps one."""

from __future__ import annotations

import pytest

from game.ai.learnt import model_for
from game.ai.player import SkilledBot
from game.ai.reading import CALIBRATION, calibrated_ready
from game.engine.tiles import tile_name
from game.host import Host, SeatConfig
from game.variants import AVAILABLE, get_variant
from tests.scripts import load_script


def _advised_positions(variant_id: str, seed: int, rounds: int = 1):
    """Every own-turn discard of expert seats in real rounds: (the seat's state, its legal moves)."""
    players = get_variant(variant_id).player_counts[-1]
    host = Host(variant_id, {}, [SeatConfig(f"AI {i}", level="expert") for i in range(players)], seed=seed,
                rounds=rounds, start_with_coins=False)
    for _ in range(rounds):
        host.start_round()
        while host.round is None and host.prompts:
            seat = min(host.prompts)
            host.intent(seat, host.prompts[seat].id, host.stand_ins[seat].choose(host.prompts[seat]))
        while not host.round.finished:
            seat = min(host.prompts)
            prompt = host.prompts[seat]
            if prompt.choice is None and any(a.type == "discard" for a in prompt.actions):
                yield host.stand_ins[seat].state, list(prompt.actions)
            host.intent(seat, prompt.id, host.stand_ins[seat].choose(prompt))
        host.finish_round()


@pytest.mark.parametrize("variant_id", AVAILABLE)
def test_every_hint_reason_holds_in_played_positions(variant_id):
    model = model_for(variant_id)  # the reading the hint's "looks ready" goes by
    advised = folds = 0
    for state, legal in _advised_positions(variant_id, seed=31):
        bot = SkilledBot("expert")
        advice = bot.advise(state, legal)
        if advice.action.type != "discard":
            continue
        advised += 1
        if advice.mode == "fold":
            folds += 1
            assert any(model.ready(state, o.seat) >= 0.5 for o in bot._opponents(state))
        if advice.mode == "attack":
            if any(o.gain > 0 for o in advice.options):  # some move keeps a hand worth something here
                assert advice.option.gain > 0, (variant_id, tile_name(advice.action.tile))
    assert advised > 10


@pytest.mark.parametrize("variant_id", AVAILABLE)
def test_looks_ready_only_where_the_rule_sets_calibration_earns_it(variant_id):
    table = CALIBRATION[variant_id]
    # the calibration never falls as the reading rises, and "looks ready" needs its measured share at one half
    shares = [share for _, share in table]
    assert shares == sorted(shares)
    for raw in (0.0, 0.3, 0.55, 0.75, 0.92):
        assert (calibrated_ready(variant_id, raw) >= 0.5) == any(floor <= raw and share >= 0.5
                                                                   for floor, share in table)


def _calibrate_reading():
    """benchmarks/calibrate_reading.py, whose games at every discard turn these tests read too."""
    return load_script("benchmarks/calibrate_reading.py")


@pytest.mark.parametrize("variant_id", AVAILABLE)
def test_of_the_opponents_the_hint_calls_ready_at_least_half_are(variant_id):
    """Games of hard seats (not the games the model was fitted on: tools/fit_reading.py used seeds 20000 on), read
    at every discard turn from the discarding seat: of the opponents the learnt reading puts at p >= 0.5, at least
    half are ready (on the rule set's shapes), and the reading flags some."""
    model = model_for(variant_id)
    players = get_variant(variant_id).player_counts[-1]
    flagged = ready = 0
    turns = _calibrate_reading().discard_turns(variant_id, list(range(41, 53)), 2, None, ("hard",))
    for host, rnd, seat in turns:
        view = host.stand_ins[seat].state
        for other in range(players):
            if other == seat or model.ready(view, other) < 0.5:
                continue
            hand, melds = rnd.seats[other].hand, rnd.seats[other].melds
            flagged += 1
            ready += sum(hand) % 3 == 1 and rnd.win_check.distance(hand, rnd.ghost, melds) == 0
    assert flagged >= 5
    assert ready >= flagged / 2, (variant_id, ready, flagged)
