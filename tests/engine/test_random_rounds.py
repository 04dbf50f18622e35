"""Properties over random rounds of random legal moves: tiles are conserved at every step, settlement is zero-sum
(escape penalties aside), nothing crashes, and no seat is shown a tile it may not see."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.invariants import play_random_round
from game.variants import get_variant
from tests.engine.toy_variant import VARIANT as TOY

NANNING = get_variant("nanning")
NANNING_OPTIONS = [dict(zip(("coins", "chengbao", "pinghu_discard", "menqing_big", "kong_on_draw"), bits))
                   for bits in itertools.product((True, False), repeat=5)]


def test_a_thousand_random_nanning_rounds_keep_every_invariant():
    outcomes = {"win": 0, "exhausted": 0}
    for i in range(1000):
        raw = NANNING_OPTIONS[i % len(NANNING_OPTIONS)]
        opts = NANNING.parse_options(raw, 4)
        rnd = play_random_round(NANNING, opts, 4, seed=i, dealer=i % 4, escape_rate=0.002)
        outcomes["exhausted" if rnd.exhausted else "win"] += 1
    # random play still reaches both endings often: the test exercises settlement, not just exhaustion
    assert outcomes["win"] > 100 and outcomes["exhausted"] > 100


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), chow=st.booleans(),
       flowers=st.booleans(), ghost=st.sampled_from(["flip_next", "none"]))
def test_random_rounds_with_chow_flowers_and_wildcards_keep_every_invariant(seed, players, chow, flowers, ghost):
    opts = TOY.parse_options({"chow": chow, "flowers": flowers, "ghost": ghost}, players)
    play_random_round(TOY, opts, players, seed=seed, dealer=seed % players)
