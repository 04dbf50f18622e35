"""The `efficiency` yardstick (game/ai/efficiency.py): the textbook tile-efficiency player, held to its
specification on real positions — lowest distance, ties by unseen improving tiles, pong/kong when the distance does
not grow, never a chow, every win, the least 上嘎."""

from __future__ import annotations

import subprocess
import sys

from game.ai import YARDSTICKS, make_bot
from game.ai.baseline import BaselineBot
from game.ai.efficiency import EfficiencyBot
from game.engine.seat_state import SeatState
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.engine.wincheck import WinCheck
from game.headless.simulate import available_levels
from game.variants import get_variant

NANNING = get_variant("nanning")
GUANGDONG = get_variant("guangdong")
HAINAN = get_variant("hainan")
OTHERS = ["2p 5p 8p 2s 5s 8s S W N C F P 3p", "3m 6m 9m 3s 6s 9s S W N C F P 4p", "1s 4s 7s 7p 8p 9p S W N C F P 4s"]


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def _round(hands: list[str], wall: str = "9s 9s", variant=NANNING, raw: dict | None = None):
    rnd, _ = round_from_scenario(variant, variant.parse_options(raw or {}, 4), 4, 0, [T(h) for h in hands], T(wall))
    return rnd


def _brute_force_best(rnd, seat: int) -> tuple[int, set[int]]:
    """The lowest distance over the discards, and the kinds whose discard reaches it with the most unseen improving
    tiles — counted here from scratch over the seat's view, not with the bot's helper."""
    view = SeatState.of_round(rnd, seat)
    check = WinCheck.at(view.variant, view.options, view.players)
    hand, melds, unseen = view.hand, view.own_melds, view.unseen()
    scored = {}
    for k in {a.tile for a in rnd.legal_actions(seat) if a.type == "discard"}:
        hand[k] -= 1
        d = check.distance(hand, None, melds)
        better = 0
        for j in range(34):
            if unseen[j] and hand[j] < 4:
                hand[j] += 1
                better += unseen[j] if check.distance(hand, None, melds) < d else 0
                hand[j] -= 1
        hand[k] += 1
        scored[k] = (d, better)
    lowest = min(d for d, _ in scored.values())
    most = max(b for d, b in scored.values() if d == lowest)
    return lowest, {k for k, (d, b) in scored.items() if d == lowest and b == most}


def test_it_is_listed_as_a_yardstick_and_never_offered_to_players():
    from game.ai import LEVELS

    assert "efficiency" in YARDSTICKS and "efficiency" not in LEVELS
    assert "efficiency" in available_levels()
    assert isinstance(make_bot("efficiency", 3), EfficiencyBot)


def test_ties_of_distance_go_to_the_discard_that_keeps_more_unseen_improving_tiles():
    # 1m, 5p and N are the loose tiles: throwing any leaves the same distance. Kept, 5p joins 4p (3p 6p 7p …) and
    # 1m makes 2m 3m useful, while N only pairs: the yardstick `baseline` throws the lowest kind (1m), the
    # textbook throws N, the tile whose loss costs the fewest improving tiles
    rnd = _round(["1m 4m 5m 6m 2p 3p 4p 7s 8s 9s 5p N E E"] + OTHERS)
    lowest, best = _brute_force_best(rnd, 0)
    choice = EfficiencyBot().choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    assert choice.type == "discard" and choice.tile in best
    assert choice.tile == parse_tile("N")
    assert BaselineBot().choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)).tile == parse_tile("1m")
    view = SeatState.of_round(rnd, 0)
    hand = view.hand
    hand[choice.tile] -= 1
    assert view.distance(hand) == lowest


def test_its_discards_in_played_rounds_are_always_lowest_distance_then_most_acceptance():
    # every own-turn discard of a real round of each of a few rule sets, checked against the brute force
    from game.engine.state import new_round

    checked = 0
    for variant_id, raw in (("nanning", {}), ("guangdong", {"min_fan": 0}), ("guiliu", {})):
        variant = get_variant(variant_id)
        rnd, _ = new_round(variant, variant.parse_options(raw, 4), 4, 0, seed=7)
        bot = EfficiencyBot()
        steps = 0
        while not rnd.finished and steps < 400:
            steps += 1
            w = rnd.window
            seat = next(s for s in w.options if s not in w.answers) if rnd.phase == "claim" else rnd.current
            legal = rnd.legal_actions(seat)
            action = bot.choose(SeatState.of_round(rnd, seat), legal)
            assert action in legal
            if action.type == "discard" and rnd.ghost is None and not any(
                    a.type in ("concealed_kong", "added_kong", "win") for a in legal):
                _, best = _brute_force_best(rnd, seat)
                assert action.tile == min(best), (variant_id, steps)  # ties of both: the lowest kind
                checked += 1
            rnd.apply(action)
    assert checked > 30


def test_it_never_chows_and_pongs_when_the_distance_does_not_grow():
    hands = ["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p C C P", "3p 4p 9s 9s 9p 9p S S W W N N F",
             "3m 6m 9m 3s 6s 9s S W N E F P 4p", "1s 4s 7s 7p 8p 5p 5s W N E F P 4s"]
    opts = GUANGDONG.parse_options({"min_fan": 0}, 4)
    rnd, _ = round_from_scenario(GUANGDONG, opts, 4, 0, [T(h) for h in hands], T("9s 1s"))
    rnd.apply(Action(0, "discard", parse_tile("2p")))  # seat 1 may chow 2p with 3p 4p, a step closer: no
    legal = rnd.legal_actions(1)
    assert any(a.type == "chow" for a in legal)
    assert EfficiencyBot().choose(SeatState.of_round(rnd, 1), legal).type == "pass"


def test_in_played_rounds_it_pongs_and_kongs_exactly_when_the_distance_does_not_grow():
    from game.engine.melds import Meld
    from game.engine.state import new_round

    calls = passes = 0
    for variant_id, raw in (("guangdong", {"min_fan": 0}), ("nanning", {}), ("guiliu", {})):
        variant = get_variant(variant_id)
        for seed in range(6):
            rnd, _ = new_round(variant, variant.parse_options(raw, 4), 4, 0, seed=seed)
            bot = EfficiencyBot()
            while not rnd.finished:
                w = rnd.window
                seat = next(s for s in w.options if s not in w.answers) if rnd.phase == "claim" else rnd.current
                legal = rnd.legal_actions(seat)
                action = bot.choose(SeatState.of_round(rnd, seat), legal)
                assert action.type != "chow"
                pongs = [a for a in legal if a.type == "pong"]
                if pongs and not any(a.type in ("win", "kong") for a in legal):
                    view = SeatState.of_round(rnd, seat)
                    hand, melds, tile = view.hand, view.own_melds, view.claim_tile
                    before = view.distance()
                    hand[tile] -= 2
                    check = WinCheck.at(view.variant, view.options, view.players)
                    after = check.distance(hand, view.ghost, melds + [Meld("pong", [tile] * 3, view.claim_from, tile)])
                    assert (action.type == "pong") == (after <= before), (variant_id, seed)
                    calls += action.type == "pong"
                    passes += action.type == "pass"
                rnd.apply(action)
    assert calls and passes  # both answers were tested


def test_it_takes_every_win():
    rnd = _round(["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p E E E"] + OTHERS)
    assert EfficiencyBot().choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)) == Action(0, "win")


def test_it_puts_up_the_least_it_may():
    opts = HAINAN.parse_options({}, 4)
    fresh = HAINAN.setup_choice(opts, 0, {})
    floor = HAINAN.setup_choice(opts, 0, {"ga": [2, 0, 0, 0]})  # last round's 2 is the floor without 自由上嘎
    assert fresh.values[0] == 0 and floor.values[0] == 2
    assert EfficiencyBot().choose_setup(fresh, {}) == 0 and EfficiencyBot().choose_setup(floor, {}) == 2


def test_it_plays_whole_games_in_every_rule_set_without_the_mahjong_package():
    code = ("import sys, json\n"
            "from game.headless.simulate import run_simulation\n"
            "from game.variants import AVAILABLE\n"
            "out = [run_simulation(v, seed=3, rounds=2, ai_levels=['efficiency']) for v in AVAILABLE]\n"
            "print(json.dumps({'failures': sum(o['bot_failures'] for o in out), 'mahjong': 'mahjong' in sys.modules,"
            " 'wins': sum(s['wins'] for o in out for s in o['seats'])}))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    import json

    out = json.loads(proc.stdout)
    assert out == {"failures": 0, "mahjong": False, "wins": out["wins"]} and out["wins"] > 0
