"""The hint's reasons are true of the position (issue 24, item 6), in every rule set: "an opponent looks ready"
(mode fold) only where the calibrated reading gives someone p >= 0.5, and short of folding the advice never leaves
no route to a hand that may win here while another move keeps one."""

from __future__ import annotations

import pytest

from game.ai.player import SkilledBot
from game.ai.reading import CALIBRATION, calibrated_ready
from game.engine.tiles import tile_name
from game.host import Host, SeatConfig
from game.variants import AVAILABLE, get_variant



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
    advised = folds = 0
    for state, legal in _advised_positions(variant_id, seed=31):
        bot = SkilledBot("expert")
        advice = bot.advise(state, legal)
        if advice.action.type != "discard":
            continue
        advised += 1
        if advice.mode == "fold":
            folds += 1
            assert any(calibrated_ready(variant_id, o.ready) >= 0.5 for o in bot._opponents(state))
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
