"""The table's picture (TableModel) agrees with the engine after every action: every seat's own view, and the open
view of replays, over random rounds of every rule set and of the test rule set with chow, flowers and wildcards
(the model the UI rebuilt on its own used to lose a tile whenever a flower was drawn)."""

from __future__ import annotations

import random

import pytest

from game.engine.invariants import random_action
from game.engine.project import HIDDEN, project
from game.engine.state import new_round
from game.engine.tiles import tile_name
from game.ui.model import TableModel
from game.variants import get_variant, variant_ids
from tests.engine.toy_variant import VARIANT as TOY

TABLES = [(get_variant(v), n) for v in variant_ids() for n in get_variant(v).player_counts] + [(TOY, 3), (TOY, 4)]


def names(kinds) -> list[str]:
    return sorted(tile_name(k) for k in kinds)


def check(rnd, model: TableModel, viewer: int | None) -> None:
    seats = model.seats
    for i, s in enumerate(rnd.seats):
        shown = seats[i].hand + ([seats[i].drawn] if seats[i].drawn else [])
        if viewer is None or i == viewer:
            assert sorted(shown) == names(s.concealed_list()), f"seat {i} hand as seen by {viewer}"
        else:
            assert shown == [HIDDEN] * s.concealed_count()
        assert [f for f in seats[i].flowers] == [tile_name(k) for k in s.flowers]
        assert [d[0] for d in seats[i].discards] == [tile_name(k) for k in s.discards]
        assert [d[1] for d in seats[i].discards] == s.claimed
        assert len(seats[i].melds) == len(s.melds)
    assert model.tiles_left == rnd.drawable()


@pytest.mark.parametrize("variant,players", TABLES, ids=lambda x: getattr(x, "id", x))
def test_the_picture_matches_the_engine_after_every_action(variant, players):
    opts = variant.parse_options({}, players)
    flowers_seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        rnd, events = new_round(variant, opts, players, seed % players, seed=seed)
        models = {v: TableModel(v, variant, opts, players) for v in [*range(players), None]}
        for v, m in models.items():
            m.apply_all([project(e, v) for e in events])
        steps = 0
        while not rnd.finished and steps < 600:
            steps += 1
            events = rnd.apply(random_action(rnd, rng))
            flowers_seen += sum(e["type"] == "flower" for e in events)
            for v, m in models.items():
                m.apply_all([project(e, v) for e in events])
                if not rnd.finished:
                    check(rnd, m, v)
        assert rnd.finished
        for m in models.values():  # the round's end opens every hand
            assert all(HIDDEN not in s.hand for s in m.seats)
    if variant is TOY:
        assert flowers_seen > 0  # the case that used to drift was exercised
