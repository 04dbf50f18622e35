"""The learnt reading (game/ai/learnt.py): its features say what the seat sees, its fit recovers what the data
holds, and the shipped models read the clues the way play showed them to go."""

from __future__ import annotations

import math

import pytest

from game.ai.learnt import READY_FEATURES, TILE_FEATURES, ReadingModel, model_for, ready_features, tile_features
from game.ai.player import SkilledBot
from game.ai.reading import Opponent, deal_in_chance, ready_chance
from game.ai.reading_model import MODELS
from game.engine.seat_state import SeatState
from game.engine.tiles import parse_tiles
from game.variants import AVAILABLE

from .test_player import opened_guangdong_round
from tests.scripts import load_script


def _fitter():
    return load_script("tools/fit_reading.py")


def K(name: str) -> int:
    return parse_tiles([name])[0]


def _names(names, bits) -> set[str]:
    return {names[i] for i in bits}


def _view():
    """Guangdong, read from seat 2: seat 0 threw 1m (chowed by seat 1), nothing else has happened."""
    rnd, _ = opened_guangdong_round(3)
    return SeatState.of_round(rnd, 2)


def test_tile_features_read_what_the_seat_sees():
    view = _view()
    unseen = view.unseen()
    opp = Opponent(seat=0, ready=0.5, threw={K("4p"), K("5s"), K("1s")}, passed={K("9s")}, suit=None, melds=0)
    assert _names(TILE_FEATURES, tile_features(view, opp, K("4p"), unseen)) >= {"bias", "threw", "rank_46"}
    # 筋: 4p thrown covers 1p and 7p on the one side each has; 1s covers 4s on one of its two sides
    assert "suji_full" in _names(TILE_FEATURES, tile_features(view, opp, K("1p"), unseen))
    assert "suji_full" in _names(TILE_FEATURES, tile_features(view, opp, K("7p"), unseen))
    four = _names(TILE_FEATURES, tile_features(view, opp, K("4s"), unseen))
    assert "suji_half" in four and "suji_full" not in four
    assert "suji_half" not in _names(TILE_FEATURES, tile_features(view, opp, K("5p"), unseen))
    assert "passed" in _names(TILE_FEATURES, tile_features(view, opp, K("9s"), unseen))
    assert "neighbour_threw" in _names(TILE_FEATURES, tile_features(view, opp, K("3s"), unseen))
    # an honour has no rank; with every copy in sight nobody can hold it to wait on
    east = K("E")
    seen_all = list(unseen)
    seen_all[east] = 0
    honour = _names(TILE_FEATURES, tile_features(view, opp, east, seen_all))
    assert not any(n.startswith("rank_") for n in honour) and {"unseen0", "unseen<=1", "unseen<=2"} <= honour
    # the tile he last threw from his hand (手切) broke a shape: its neighbours within two are likelier waits
    broke = Opponent(seat=0, ready=0.5, threw=set(), passed=set(), suit=None, melds=0, last_from_hand=K("6p"))
    near = {name: "near_last_from_hand" in _names(TILE_FEATURES, tile_features(view, broke, K(name), unseen))
            for name in ("4p", "5p", "8p", "9p", "6s")}
    assert near == {"4p": True, "5p": True, "8p": True, "9p": False, "6s": False}
    # his calls all in one suit: that suit's tiles against the others'
    flush = Opponent(seat=1, ready=0.5, threw=set(), passed=set(), suit=K("1m") // 9, melds=2)
    assert "call_suit" in _names(TILE_FEATURES, tile_features(view, flush, K("5m"), unseen))
    assert "other_suit" in _names(TILE_FEATURES, tile_features(view, flush, K("5p"), unseen))


def test_ready_features_follow_his_calls_and_the_wall():
    view = _view()
    caller = _names(READY_FEATURES, ready_features(view, 1))
    quiet = _names(READY_FEATURES, ready_features(view, 3))
    assert "calls>=1" in caller and "calls>=1" not in quiet
    assert not any(n.startswith("wall<=") for n in quiet)  # the wall is nearly whole
    view.tiles_left = (view.wall_total - view.tail) // 5
    assert {"wall<=3/4", "wall<=1/2", "wall<=1/4"} <= _names(READY_FEATURES, ready_features(view, 3))


def test_the_fit_recovers_the_weights_the_data_came_from():
    fit = _fitter().fit
    truth = [-2.0, 1.5, -1.0, 0.5]
    rows = {}
    for a in (0, 1):
        for b in (0, 1):
            for c in (0, 1):
                f = tuple([0] + [i for i, on in ((1, a), (2, b), (3, c)) if on])
                p = 1 / (1 + math.exp(-sum(truth[i] for i in f)))
                rows[f] = [100000, round(100000 * p)]
    w = fit(rows, 4, ridge=0.01)
    assert all(abs(x - t) < 0.02 for x, t in zip(w, truth)), w


def test_the_fitter_writes_a_model_per_rule_set_with_its_check(tmp_path):
    out = tmp_path / "reading_model.py"
    fitter = _fitter()
    fitter.main(["--variants", "nanning", "--seeds", "2", "--check-seeds", "1", "--rounds", "1", "--out", str(out),
                 "--json"])
    fitter.main(["--variants", "beihai", "--seeds", "1", "--check-seeds", "1", "--rounds", "1", "--out", str(out),
                 "--json"])
    models = fitter._read(out)
    assert set(models) == {"nanning", "beihai"}  # a second fit keeps the rule sets it did not redo
    model = models["nanning"]
    assert set(model["ready"]) == set(READY_FEATURES) and set(model["tile"]) == set(TILE_FEATURES)
    assert model["fitted_on"]["ready_samples"] > 0 and model["checked_on"]["ready"]["samples"] > 0
    for key in ("log_loss_learnt", "log_loss_rough", "log_loss_constant"):
        assert model["checked_on"]["ready"][key] > 0


@pytest.mark.parametrize("rule_set", AVAILABLE)
def test_the_shipped_models_read_the_clues_as_play_showed(rule_set):
    """Fitted on logged games (tools/fit_reading.py): a tile he threw himself is safer against him than the same
    tile unthrown, and more calls and a longer round make him likelier ready; and on the seeds it was checked on
    it predicted better than the rough reading it may replace."""
    model = model_for(rule_set)
    assert isinstance(model, ReadingModel)
    w = dict(zip(TILE_FEATURES, model.tile_w))
    r = dict(zip(READY_FEATURES, model.ready_w))
    assert w["threw"] < 0
    assert r["calls>=1"] > 0 and r["discards>=3"] > 0 and r["discards>=5"] > 0
    check = MODELS[rule_set]["checked_on"]
    for part in ("ready", "tile"):
        assert check[part]["log_loss_learnt"] < check[part]["log_loss_rough"], (part, check[part])


def test_a_level_that_reads_by_the_model_takes_its_chances():
    view = _view()
    rough = SkilledBot("expert")
    learnt = SkilledBot("expert")
    learnt.skill = rough.skill.__class__(**{**rough.skill.__dict__, "learnt": True})
    model = model_for("guangdong")
    for bot in (rough, learnt):
        bot._memo = {}
    by_rough = {o.seat: o for o in rough._opponents(view)}
    by_model = {o.seat: o for o in learnt._opponents(view)}
    unseen = view.unseen()
    for seat, o in by_model.items():
        assert o.model is model and by_rough[seat].model is None
        assert o.ready == pytest.approx(model.ready(view, seat))
        assert ready_chance("guangdong", o) == o.ready
        assert deal_in_chance(view, o, K("5p"), unseen) == pytest.approx(model.wins_on(view, o, K("5p"), unseen))
    # seat 0's one discard (1m, taken by seat 1's chow) is the last he threw from his hand (a seat built from the
    # round reads every discard as from the hand); the others have thrown none
    assert by_model[0].last_from_hand == K("1m") and by_model[3].last_from_hand is None
    # the caller reads readier than the seats that have not called, by the model as by the rough reading
    assert by_model[1].ready > by_model[3].ready
