"""Properties over random rounds of random legal moves: tiles are conserved at every step, settlement is zero-sum
(escape penalties aside), nothing crashes, and no seat is shown a tile it may not see."""

from __future__ import annotations

import itertools

import pytest

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


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), flowers=st.booleans())
def test_every_seat_rebuilds_the_round_from_its_own_events(seed, players, flowers):
    # the fuzzer's seat-protocol check (tools/fuzz_rounds.py): flowers and wildcards included
    opts = TOY.parse_options({"chow": True, "flowers": flowers, "ghost": "flip_next"}, players)
    play_random_round(TOY, opts, players, seed=seed, dealer=seed % players, seat_states=True)


def test_the_seat_check_notices_a_seat_that_lost_a_tile():
    import random

    from game.engine.invariants import InvariantError, check_seat_state, random_action
    from game.engine.project import project
    from game.engine.seat_state import SeatState
    from game.engine.state import new_round

    opts = NANNING.parse_options({}, 4)
    rnd, events = new_round(NANNING, opts, 4, 0, seed=7, context=NANNING.initial_facts(opts, 4))
    rng = random.Random(7)
    while not rnd.finished:
        events += rnd.apply(random_action(rnd, rng))
    state = SeatState(2, NANNING, opts)
    for e in events:
        state.apply(project(e, 2))
    check_seat_state(rnd, state)  # agrees
    state._hand[next(k for k, n in enumerate(state._hand) if n)] -= 1  # as if an event had been lost
    with pytest.raises(InvariantError, match="seat 2's hand"):
        check_seat_state(rnd, state)
