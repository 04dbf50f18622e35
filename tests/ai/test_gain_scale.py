"""The value reading's scale (game/ai/gain_scale.py, fitted by tools/fit_gain.py): its cells, its fit, and the
shipped table's shape — far hands early are valued above what they brought."""

from __future__ import annotations

import pytest

from game.ai.gain_scale import DISTANCES, SPANS, cell_of, gain_scale
from game.ai.gain_scale_model import MODELS
from game.variants import AVAILABLE
from tests.scripts import load_script


def _fitter():
    return load_script("tools/fit_gain.py")


def test_cells_pool_the_far_and_the_early():
    assert cell_of(0, 0) == (0, 0)
    assert cell_of(3, 7) == (3, 1)
    assert cell_of(9, 40) == (DISTANCES - 1, SPANS - 1)
    assert cell_of(-1, -3) == (0, 0)
    assert gain_scale("no such rule set", 2, 10) == 1.0


def test_the_fit_finds_the_share_a_cell_brought_and_shrinks_a_thin_cell_toward_its_distance():
    fit = _fitter().fit
    # distance 1, many draws: wins bring half of what was expected; one thin cell at distance 1 brought all of it
    samples = [(1, 18, 2.0, 1.0)] * 2000 + [(1, 2, 2.0, 2.0)] * 10 + [(0, 18, 4.0, 4.0)] * 2000
    model = fit(samples)
    assert model["cells"]["1,4"] == pytest.approx(0.5, abs=0.01)
    assert model["cells"]["0,4"] == pytest.approx(1.0, abs=0.01)
    thin = model["cells"]["1,0"]
    assert 0.5 < thin < 0.6  # ten decisions move it a little from its distance's 0.5, not to 1.0
    assert model["cells"]["3,2"] == model["by_distance"]["3"] == model["overall"]  # no data: the rule set's


@pytest.mark.parametrize("rule_set", sorted(AVAILABLE))
def test_the_shipped_scale_has_every_cell_and_reads_far_hands_below_near_ones(rule_set):
    model = MODELS[rule_set]
    assert set(model["cells"]) == {f"{d},{t}" for d in range(DISTANCES) for t in range(SPANS)}
    assert all(v > 0 for v in model["cells"].values())
    assert model["samples"] > 10000 and model["check"]["by_distance"]
    if rule_set in ("nanning", "guiliu", "hainan"):
        # a hand three or more steps away brought a smaller share of its reading than one a step away
        assert model["by_distance"]["3"] < model["by_distance"]["1"]
        assert model["by_distance"]["4"] < model["by_distance"]["1"]


def test_a_scaled_level_values_each_discard_at_the_reading_times_its_cell():
    from game.ai.player import SkilledBot
    from game.ai.value import own_draws_left
    from game.engine.seat_state import SeatState

    from .test_player import opened_guangdong_round

    rnd, _ = opened_guangdong_round(0)
    view = SeatState.of_round(rnd, 1)
    legal = rnd.legal_actions(1)
    plain = {o.action.tile: o for o in SkilledBot("expert").advise(view, legal).options}
    scaled = {o.action.tile: o for o in SkilledBot("expert", skill={"gain_scaled": True}).advise(view, legal).options}
    assert set(plain) == set(scaled) and len(plain) > 3
    draws = own_draws_left(view)
    for k, o in plain.items():
        d = o.value_distance if o.value_distance is not None else o.distance
        assert scaled[k].gain == pytest.approx(o.gain * gain_scale("guangdong", d, draws))
    assert any(scaled[k].gain != pytest.approx(o.gain) for k, o in plain.items())
