"""Beihai (北海) rules, checked against shared/rules/beihai.md (and the seed it cites) through the engine's contract.

Everything goes through `cmd_score` / `cmd_run` (the dicts `python -m game.engine score|run` prints), plus a few
real subprocess calls for exit codes and stdout, and the state machine for what the command line cannot show (the
claims a seat is offered, random rounds). Each test asserts what the rules file says; where the engine disagrees,
the test is a strict xfail naming the engine bug.

Tile shorthand in this file: T("123m 55p EES") == ["1m", "2m", "3m", "5p", "5p", "E", "E", "S"].
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.headless.engine_cli import CliError, cmd_run, cmd_score
from game.engine.errors import EngineError
from game.engine.invariants import play_random_round, random_action
from game.engine.session import Session
from game.engine.state import CLAIM, Action, new_round, round_from_scenario
from game.engine.tiles import TileError, next_in_ring, parse_tile, parse_tiles, tile_name
from game.variants import get_variant
from tests.variants.tiles_json import T, added_kong, concealed_kong, kong, pong, same, win

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
BEIHAI = get_variant("beihai")


# ---------------------------------------------------------------------------------------------------- helpers
# The worked examples say "horses = 0 unless stated"; `score` only counts horses given in context anyway.
NO_HORSES = {"horses": 0}


def score_doc(concealed: str, win_tile: str, *, winner: int = 1, discarder: int | None = None, melds=(),
              flags=(), options: dict | None = None, dealer: int = 0, players: int = 4, horses=None,
              ghost: str | None = None) -> dict:
    context: dict = {}
    if horses is not None:
        context["horses"] = T(horses) if isinstance(horses, str) else list(horses)
    if ghost is not None:
        context["ghost"] = ghost
    return {"variant": "beihai", "players": players, "dealer": dealer, "winner": winner, "discarder": discarder,
            "concealed": T(concealed), "win_tile": win_tile, "melds": list(melds), "flags": list(flags),
            "options": NO_HORSES | (options or {}), "context": context}


def score(*args, **kw) -> dict:
    out = cmd_score(score_doc(*args, **kw))
    assert out["ok"] is True
    assert sum(out["deltas"]) == 0
    return out


def error(cmd, doc: dict) -> dict:
    """The JSON the command line would print for a refused request."""
    try:
        cmd(doc)
    except CliError as exc:
        return exc.payload
    except (EngineError, TileError) as exc:
        return {"ok": False, "error": exc.code, "message": str(exc)}
    pytest.fail("the request was accepted")


def d(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def act(seat: int, kind: str, tile: str | None = None) -> dict:
    out = {"seat": seat, "type": kind}
    if tile is not None:
        out["tile"] = tile
    return out


ALL_KINDS = T("123456789m 123456789p 123456789s ESWNCFP")


def pad_wall(hands: list[list[str]], wall: list[str], n: int = 4) -> list[str]:
    """The wall plus n tiles nobody draws, so that the scenario's last draw is not the last tile (海底)."""
    used = [*wall, *(t for h in hands for t in h)]
    spare = [t for t in ALL_KINDS for _ in range(4 - used.count(t))]
    return wall + spare[-n:]


# Scenarios run without wildcard and without horses unless they say otherwise (a `flip` ghost would be random).
QUIET = {"horses": 0, "ghost": "none"}


def run_doc(hands: list, wall="", actions=(), *, options: dict | None = None, dealer: int = 0,
            setup: dict | None = None, tail: str | None = None) -> dict:
    """A run request. `tail` ends the wall (the horses); a wall string ending in "..." is padded with tiles nobody
    draws instead."""
    hands = [T(h) if isinstance(h, str) else list(h) for h in hands]
    if isinstance(wall, str):
        wall = pad_wall(hands, T(wall)) if wall.endswith("...") else T(wall)
    wall = list(wall) + (T(tail) if tail else [])
    doc = {"variant": "beihai", "players": len(hands), "dealer": dealer, "hands": hands, "wall": wall,
           "actions": list(actions), "options": QUIET | (options or {})}
    if setup is not None:
        doc["setup"] = setup
    return doc


def run_out(*args, **kw) -> dict:
    out = cmd_run(run_doc(*args, **kw))
    assert out["ok"] is True
    assert sum(out["result"]["deltas"]) == 0, out["result"]
    return out


def run(*args, **kw) -> dict:
    """The `result` of a run that must succeed (its deltas checked zero-sum)."""
    return run_out(*args, **kw)["result"]


def scores(out: dict, reason: str | None = None) -> list[list[int]]:
    """The deltas of the run's score events (of one reason), in order."""
    return [e["deltas"] for e in out["events"] if e["type"] == "score" and reason in (None, e["reason"])]




# ---- a standard 4-player table (dealer 0). Seat 1 waits on 1s / 4s (pair EE: no 单吊); the others hold junk.
DEALER = "147m 258p 369s ESWN C"
WAITER = "123m 456m 789p 23s EE"
JUNK2 = "258m 147p 147s SWNF"
JUNK3 = "369m 369p 258s SWNP"
TABLE = [DEALER, WAITER, JUNK2, JUNK3]
# every seat throws what it draws; seat 1 draws 1s on its second turn (its first would be 地胡); one more tile
# stays drawable, so that 1s is not 海底 whatever the horses behind it
SECOND_TURN_WALL = "9s 8s 7s 6s 1s 9m"
SECOND_TURN_ACTIONS = [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "7s"), d(0, "6s"), act(1, "win")]


def second_turn_win(*, options: dict | None = None, tail: str | None = None, hands=TABLE, **kw) -> dict:
    return run(hands, SECOND_TURN_WALL, SECOND_TURN_ACTIONS, options=options, tail=tail, **kw)


# ==================================================================================================== worked examples
def test_example1_pinghu_self_drawn_by_seat1():
    out = score("123m 456m 789p 23s EE", "1s")
    assert out["hands"] == ["pinghu"] and out["fan"] == 1
    assert out["deltas"] == [-1, 3, -1, -1]


def test_example1_through_run():
    result = second_turn_win()
    assert win(result)["hands"] == ["pinghu"] and win(result)["from"] is None
    assert result["deltas"] == [-1, 3, -1, -1]
    assert result["finished"] is True and result["exhausted"] is False


def test_example2_qingyise_pengpenghu_multiplier_4():
    out = score("111m 333m 555m 77m 99m", "9m")  # 双碰: not a 单吊, so no 四开
    assert same(out["hands"]) == ["pengpenghu", "qingyise"] and out["fan"] == 4
    assert out["deltas"] == [-4, 12, -4, -4]


def test_example2_through_run():
    hands = [DEALER, "111m 333m 555m 77m 99m", JUNK2, JUNK3]
    result = run(hands, "9s 8s 7s 6s 9m ...", [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "7s"), d(0, "6s"),
                                               act(1, "win")])
    assert same(win(result)["hands"]) == ["pengpenghu", "qingyise"] and win(result)["fan"] == 4
    assert result["deltas"] == [-4, 12, -4, -4]


def test_example3_four_horses_two_hits_follow_hand():
    out = score("123m 456m 789p 23s EE", "1s", options={"horses": 4}, horses="2m 9s F E")
    assert out["deltas"] == [-3, 9, -3, -3]


def test_example3_through_run_horses_are_the_walls_last_tiles():
    out = run_out(TABLE, SECOND_TURN_WALL, SECOND_TURN_ACTIONS, options={"horses": 4}, tail="2m 9s F E")
    flip = [e for e in out["events"] if e["type"] == "flip"]
    assert len(flip) == 1 and flip[0]["tiles"] == ["2m", "9s", "F", "E"] and flip[0]["hits"] == {"1": 2}
    assert out["result"]["deltas"] == [-3, 9, -3, -3]


@pytest.mark.parametrize("horse, each", [("5s", 6), ("W", 11)])
def test_example4_one_horse_uncapped(horse, each):
    out = score("123m 456m 789p 23s EE", "1s", options={"horses": 1, "one_horse_cap": "none"}, horses=[horse])
    assert out["deltas"] == [-each, 3 * each, -each, -each]


@pytest.mark.parametrize("horse, each", [("5s", 6), ("W", 11)])
def test_example4_through_run(horse, each):
    result = second_turn_win(options={"horses": 1}, tail=horse)
    assert result["deltas"] == [-each, 3 * each, -each, -each]


def test_no_horses_flipped_without_horses():
    out = run_out(TABLE, SECOND_TURN_WALL, SECOND_TURN_ACTIONS)
    assert not [e for e in out["events"] if e["type"] == "flip"]


# ---- the seed's ghost-points example: A 3, B 1, C 0, D 0 wildcards -> A +8, B 0, C -4, D -4 (base 1).
# tests/data/beihai_ghost_points_round.json: seats 0-3 hold 3, 1, 0, 0 wildcards (5s) when the wall runs out.
GHOST_POINTS = {"ghost": "flip", "ghost_points": True, "horses": 4}


def ghost_round_doc(**options) -> dict:
    return json.loads((DATA / "beihai_ghost_points_round.json").read_text(encoding="utf-8")) | {
        "options": GHOST_POINTS | options}


def test_seed_ghost_points_example_settled_on_exhaustion():
    out = cmd_run(ghost_round_doc())
    result = out["result"]
    assert result["exhausted"] is True and result["wins"] == []
    assert result["deltas"] == [8, 0, -4, -4]
    assert scores(out, "ghost") == [[8, 0, -4, -4]]
    assert result["next_dealer"] == 0


def test_ghost_points_scale_with_base():
    assert cmd_run(ghost_round_doc(base=2))["result"]["deltas"] == [16, 0, -8, -8]


def test_ghost_points_off_scores_nothing():
    assert cmd_run(ghost_round_doc(ghost_points=False))["result"]["deltas"] == [0, 0, 0, 0]


def test_ghost_points_settled_after_a_win_too():
    # seat 1 wins with 5s (the wildcard) standing for 2s; seat 0 keeps two wildcards, seat 1 one, the others none
    hands = ["55s 147m 258p 369s SW C", "123m 456m 789p 3s 5s EE", JUNK2, "369m 369p 248s SWNP"]
    out = run_out(hands, "9s 8s 7s 6s 1s ...", SECOND_TURN_ACTIONS, options={"ghost": "flip", "ghost_points": True},
                  setup={"ghost": "5s"})
    assert win(out["result"])["hands"] == ["pinghu"]
    assert scores(out, "win") == [[-1, 3, -1, -1]]
    assert scores(out, "ghost") == [[5, 1, -3, -3]]  # 2-1, 2-0, 2-0; 1-0, 1-0
    assert out["result"]["deltas"] == [4, 4, -4, -4]


# ==================================================================================================== tables
@pytest.mark.parametrize("players, honors, ghost, size", [
    (2, True, "flip", 100), (2, False, "flip", 72), (2, False, "red_dragon", 76), (2, True, "red_dragon", 100),
    (3, True, "flip", 136), (3, False, "none", 108), (3, False, "red_dragon", 112),
    (4, True, "flip", 136), (4, False, "flip_next", 108), (4, False, "red_dragon", 112),
])
def test_tile_set_sizes(players, honors, ghost, size):
    opts = BEIHAI.parse_options({"honors": honors, "ghost": ghost}, players)
    tiles = [tile_name(k) for k in BEIHAI.tile_set(opts, players).tiles()]
    assert len(tiles) == size
    assert all(tiles.count(t) == 4 for t in set(tiles))
    assert any(t.endswith("p") for t in tiles) == (players > 2)
    honours = {t for t in tiles if t in "ESWNCFP"}
    assert honours == (set("ESWNCFP") if honors else {"C"} if ghost == "red_dragon" else set())
    rnd, _ = new_round(BEIHAI, opts, players, 0, seed=f"set:{players}")
    assert rnd.tile_total() == size  # a dealt round plays with exactly that set


def test_two_players_refuse_a_dots_tile_in_run():
    hands = ["123m 456m 789s 23s EE N", "147m 258m 369s SWNP"]
    out = error(cmd_run, run_doc(hands, "1p"))
    assert out["error"] == "bad_input" and "1p" in out["message"]


def test_two_players_refuse_a_dots_tile_in_a_hand():
    out = error(cmd_run, run_doc(["123m 456m 789s 23s EE 5p", "147m 258m 369s SWNP"], "1s"))
    assert out["error"] == "bad_input" and "5p" in out["message"]


def test_two_players_refuse_a_dots_tile_in_score():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", players=2))
    assert out["error"] == "bad_input"


def test_honours_off_refuse_a_wind_in_score():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", options={"honors": False}))
    assert out["error"] == "bad_input"


@pytest.mark.parametrize("ghost, tile", [("flip", "E"), ("flip", "C"), ("red_dragon", "E"), ("none", "P")])
def test_honours_off_refuse_honour_tiles_in_run(ghost, tile):
    hands = [f"123m 456m 789p 23s 11s {tile}", "147m 258m 369s 147p 9m", "369m 258p 258s 369p 9s"]
    out = error(cmd_run, run_doc(hands, "1s", options={"honors": False, "ghost": ghost}))
    assert out["error"] == "bad_input" and tile in out["message"]


def test_honours_off_red_dragon_adds_four_red_dragons_as_wildcards():
    # 2 players, 万 + 条 + four 红中: seat 1 wins with C standing for 3s
    hands = ["147m 258m 369s 147s 9m 8s", "123m 456m 789s 2s C 66m"]
    result = run(hands, "5m 9m 1s 2m", [d(0, "8s"), d(1, "5m"), d(0, "9m"), act(1, "win")],
                 options={"honors": False, "ghost": "red_dragon"})
    assert win(result)["seat"] == 1 and result["deltas"] == [-1, 1]


def test_red_dragon_in_run_needs_no_setup():
    hands = [DEALER, "123m 456m 789p 3s C EE", JUNK2, JUNK3]  # the dealer's C is a wildcard too: he throws it
    result = second_turn_win(options={"ghost": "red_dragon"}, hands=hands)
    assert win(result)["hands"] == ["pinghu"] and result["deltas"] == [-1, 3, -1, -1]


def test_three_players_play_all_three_suits_with_honours():
    hands = [DEALER, WAITER, JUNK2]
    result = run(hands, "9s 8s 7s 1s ...", [d(0, "C"), d(1, "9s"), d(2, "8s"), d(0, "7s"), act(1, "win")])
    assert win(result)["hands"] == ["pinghu"] and result["deltas"] == [-1, 2, -1]


@pytest.mark.parametrize("players", [1, 5])
def test_player_counts_2_to_4_only(players):
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", players=players, winner=0))
    assert out["error"] == "bad_input"


# ---- horse groups, counted from the dealer: dealer 1 5 9 E C; next 2 6 S F; opposite 3 7 W P; previous 4 8 N.
# Eight horses that hit the dealer's group 0 times, the next's 1, the opposite's 3 and the previous's 4.
GROUP_HORSES = "6s 3m 7s P 4s 8s N 4m"


@pytest.mark.parametrize("players, dealer, winner, hits", [
    (4, 0, 0, 0), (4, 0, 1, 1), (4, 0, 2, 3), (4, 0, 3, 4),
    (4, 2, 2, 0), (4, 2, 3, 1), (4, 2, 0, 3), (4, 2, 1, 4),
    (3, 0, 0, 0), (3, 0, 1, 1), (3, 0, 2, 4),  # three players: nobody sits opposite, seat 2 is the previous
    (3, 1, 0, 4), (3, 1, 2, 1),
    (2, 0, 0, 0), (2, 0, 1, 1), (2, 1, 0, 1), (2, 1, 1, 0),  # two players: only dealer and next
])
def test_horse_groups_by_the_winners_seat_from_the_dealer(players, dealer, winner, hits):
    out = score("123m 456m 789s 23s EE", "1s", players=players, dealer=dealer, winner=winner,
                options={"horses": 8}, horses=GROUP_HORSES)
    each = 1 + hits
    assert out["deltas"] == [(players - 1) * each if s == winner else -each for s in range(players)]


@pytest.mark.parametrize("winner", [0, 1, 2, 3])
def test_horse_159_hits_1_5_9_E_C_whatever_the_seat(winner):
    out = score("123m 456m 789p 23s EE", "1s", winner=winner, options={"horses": 8, "horse_159": True},
                horses="1m 5p 9s E C 2m 6s S")
    assert out["deltas"] == [18 if s == winner else -6 for s in range(4)]  # 1 + 5 hits


@pytest.mark.parametrize("base, value, each", [
    (1, "follow_hand", 1 + 2 * 1), (1, "flat2", 1 + 2 * 2), (2, "follow_hand", 2 + 2 * 2), (2, "flat2", 2 + 2 * 4),
])
def test_horse_value_follow_hand_or_flat2(base, value, each):
    out = score("123m 456m 789p 23s EE", "1s", options={"horses": 4, "horse_value": value, "base": base},
                horses="2m 9s F E")
    assert out["deltas"] == [-each, 3 * each, -each, -each]


def test_horses_follow_the_hands_multiplier():
    # 清一色 对对胡 (×4) with two hits: 4 + 2 × 4 each
    out = score("111m 333m 555m 77m 99m", "9m", options={"horses": 4}, horses="2m 9s F E")
    assert out["deltas"] == [-12, 36, -12, -12]


@pytest.mark.parametrize("cap, horse, value", [
    ("none", "1m", 1), ("none", "9s", 9), ("none", "E", 10), ("none", "C", 10),
    ("4", "3m", 3), ("4", "4m", 4), ("4", "9p", 4), ("4", "N", 4),
    ("6", "5s", 5), ("6", "6s", 6), ("6", "9m", 6), ("6", "F", 6), ("6", "1p", 1),
])
def test_one_horse_cap(cap, horse, value):
    out = score("123m 456m 789p 23s EE", "1s", options={"horses": 1, "one_horse_cap": cap}, horses=[horse])
    each = 1 + value
    assert out["deltas"] == [-each, 3 * each, -each, -each]


def test_one_horse_is_times_base():
    out = score("123m 456m 789p 23s EE", "1s", options={"horses": 1, "base": 2}, horses=["7m"])
    assert out["deltas"] == [-16, 48, -16, -16]  # 2 + 7 × 2


# ==================================================================================================== options
OPTION_VALUES = {
    "base": [1, 2], "honors": [True, False], "ghost": ["flip", "flip_next", "red_dragon", "none"],
    "ghost_points": [False, True], "horses": [4, 0, 1, 2, 6, 8], "one_horse_cap": ["none", "4", "6"],
    "horse_value": ["follow_hand", "flat2"], "horse_159": [False, True], "qiang_gang_hu": [False, True],
    "ming_gang_ke_qiang": [False, True], "sikai": ["with_horses", "hand_only", "off"],
    "gangshanghua": ["x2", "x4"], "follow_dealer": [True, False], "shisanyao_x8": [False, True],
    "cap4": [False, True],
}
NEEDS = {("ming_gang_ke_qiang", True): {"qiang_gang_hu": True}}


@pytest.mark.parametrize("key, value", [(k, v) for k, vs in OPTION_VALUES.items() for v in vs])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_value_is_accepted(key, value, players):
    options = {key: value, **NEEDS.get((key, value), {})}
    opts = BEIHAI.parse_options(options, players)
    assert getattr(opts, key) == value


def test_option_defaults_are_the_first_values():
    opts = BEIHAI.parse_options({}, 4)
    assert {k: getattr(opts, k) for k in OPTION_VALUES} == {k: vs[0] for k, vs in OPTION_VALUES.items()}


@pytest.mark.parametrize("options", [
    {"ghost_points": True, "ghost": "none"},
    {"ming_gang_ke_qiang": True},
    {"ming_gang_ke_qiang": True, "qiang_gang_hu": False},
])
@pytest.mark.parametrize("cmd", ["score", "run"])
def test_impossible_combinations_are_refused(options, cmd):
    doc = (score_doc("123m 456m 789p 23s EE", "1s", options=options) if cmd == "score"
           else run_doc(TABLE, "9s ...", options=options))
    out = error(cmd_score if cmd == "score" else cmd_run, doc)
    assert out["error"] == "bad_option" and out["message"]


@pytest.mark.parametrize("options", [
    {"base": 3}, {"base": 0}, {"base": "1"}, {"base": True}, {"horses": 3}, {"horses": "4"}, {"ghost": "red"},
    {"one_horse_cap": "5"}, {"sikai": True}, {"gangshanghua": "x3"}, {"cap4": 1}, {"honors": "false"},
    {"chow": True}, {"coins": False}, {"ghost_point": True},
])
def test_bad_or_unknown_options_are_refused(options):
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", options=options))
    assert out["error"] == "bad_option" and out["message"]


@pytest.mark.parametrize("players", [2, 3])
def test_follow_dealer_is_accepted_below_four_players(players):
    assert BEIHAI.parse_options({"follow_dealer": True}, players).follow_dealer is True


def test_base_2_doubles_a_self_draw():
    assert score("123m 456m 789p 23s EE", "1s", options={"base": 2})["deltas"] == [-2, 6, -2, -2]


# ==================================================================================================== the wildcard
def test_setup_ghost_gives_the_wildcard_in_run():
    hands = [DEALER, "123m 456m 789p 3s 5s EE", JUNK2, JUNK3]
    out = run_out(hands, "9s 8s 7s 6s 1s ...", SECOND_TURN_ACTIONS, options={"ghost": "flip"},
                  setup={"ghost": "5s"})
    assert [e["ghost"] for e in out["events"] if e["type"] == "ghost"] == ["5s"]
    assert win(out["result"])["hands"] == ["pinghu"]


def test_without_the_wildcard_the_same_hand_is_no_win():
    hands = [DEALER, "123m 456m 789p 3s 5s EE", JUNK2, JUNK3]
    out = error(cmd_run, run_doc(hands, "9s 8s 7s 6s 1s ...", SECOND_TURN_ACTIONS))
    assert out["error"] == "illegal_action" and out["index"] == 5


@pytest.mark.parametrize("ghost", ["flip", "flip_next", "red_dragon", "none"])
def test_dealt_round_chooses_the_wildcard_by_the_option(ghost):
    opts = BEIHAI.parse_options({"ghost": ghost}, 4)
    for seed in range(5):
        rnd, events = new_round(BEIHAI, opts, 4, 0, seed=f"ghost:{seed}")
        if ghost == "none":
            assert rnd.ghost is None and not [e for e in events if e["type"] == "ghost"]
        elif ghost == "red_dragon":
            assert tile_name(rnd.ghost) == "C"
        else:
            assert rnd.indicator in rnd.live  # turned face up, it stays in the live wall
            assert rnd.ghost == (rnd.indicator if ghost == "flip" else next_in_ring(rnd.indicator))


SCORE_WILD = [  # (id, score_doc arguments, hands, fan)
    ("wildcard_in_a_chow", dict(concealed="123m 456m 789p 3s 5s EE", win_tile="1s", ghost="5s"), ["pinghu"], 1),
    ("wildcard_is_the_winning_tile", dict(concealed="123m 456m 789p 13s EE", win_tile="5s", ghost="5s"),
     ["pinghu"], 1),
    ("two_wildcards_make_a_pong", dict(concealed="123m 456m 789p 55s EE", win_tile="1s", ghost="5s"),
     ["pinghu"], 1),
    ("seven_pairs_with_a_wildcard", dict(concealed="11m 33p 55s EE CC 77m 9s", win_tile="8p", ghost="9s"),
     ["qixiaodui"], 2),
    ("thirteen_orphans_with_a_wildcard", dict(concealed="19m 19p 19s ESWNF 5s P", win_tile="C", ghost="5s"),
     ["shisanyao"], 4),
    ("qingyise_with_a_wildcard_of_another_suit", dict(concealed="123m 456m 789m 2m 11m 5s", win_tile="3m",
                                                      ghost="5s"), ["qingyise"], 2),
    ("qingyise_with_red_dragon_wildcards", dict(concealed="123m 456m 789m 2m 11m C", win_tile="3m", ghost="C",
                                                options={"ghost": "red_dragon"}), ["qingyise"], 2),
    ("haohua_needs_four_real_alike", dict(concealed="111m 9s 33p 55s EE CC 7m", win_tile="7m", ghost="9s"),
     ["qixiaodui"], 2),
    ("haohua_with_four_real_alike_and_a_wildcard", dict(concealed="1111m 33p 55s EE CC 9s", win_tile="7m",
                                                        ghost="9s"), ["haohua_qixiaodui"], 4),
]


@pytest.mark.parametrize("args, hands, fan", [c[1:] for c in SCORE_WILD], ids=[c[0] for c in SCORE_WILD])
def test_wildcards_complete_wins(args, hands, fan):
    args = args | {"options": {"sikai": "off"} | args.get("options", {})}  # 四开 is tested on its own
    out = score(**args)
    assert same(out["hands"]) == same(hands) and out["fan"] == fan
    assert out["deltas"] == [-fan, 3 * fan, -fan, -fan]


def test_a_wildcard_given_for_score_is_needed():
    out = error(cmd_score, score_doc("123m 456m 789p 3s 5s EE", "1s"))
    assert out["error"] == "not_a_win"


def test_score_red_dragon_option_makes_C_the_wildcard():
    out = score("123m 456m 789p 3s C EE", "1s", options={"ghost": "red_dragon"})
    assert out["hands"] == ["pinghu"]


def test_score_ghost_none_has_no_wildcard():
    out = error(cmd_score, score_doc("123m 456m 789p 3s 5s EE", "1s", ghost="5s", options={"ghost": "none"}))
    assert out["error"] in ("not_a_win", "bad_input", "bad_option")


def test_run_ghost_none_has_no_wildcard():
    hands = [DEALER, "123m 456m 789p 3s 5s EE", JUNK2, JUNK3]
    out = error(cmd_run, run_doc(hands, "9s 8s 7s 6s 1s ...", SECOND_TURN_ACTIONS, options={"ghost": "none"},
                                 setup={"ghost": "5s"}))
    assert out["error"] in ("illegal_action", "bad_input", "bad_option")


def test_run_flip_next_from_a_given_indicator():
    hands = [DEALER, "123m 456m 789p 3s 5s EE", JUNK2, JUNK3]
    out = run_out(hands, "9s 8s 7s 6s 1s ...", SECOND_TURN_ACTIONS, options={"ghost": "flip_next"},
                  setup={"indicator": "4s"})
    assert [e["ghost"] for e in out["events"] if e["type"] == "ghost"] == ["5s"]


# ---- claims with wildcards (ghost 5s). Seat 2 answers the dealer's discard.
def claim_doc(seat2: str, discard: str, claim: str) -> dict:
    hands = ["147m 258p 369s EW 3m 5s C", "147p 369m 248s ESWN", seat2, "147s 258m 369p ESWN"]
    return run_doc(hands, "9m ...", [d(0, discard), act(2, claim)], options={"ghost": "flip"},
                   setup={"ghost": "5s"})


@pytest.mark.parametrize("seat2, discard, claim", [
    ("3m 5s 11m 456p 789p 12s S", "3m", "pong"),    # one real 3m + a wildcard: no pong
    ("3m 55s 1m 456p 789p 12s S", "3m", "pong"),    # one real 3m + two wildcards: no pong
    ("33m 5s 1m 456p 789p 12s S", "3m", "kong"),    # two real 3m + a wildcard: no kong
])
def test_no_pong_or_kong_of_a_discard_with_a_wildcard(seat2, discard, claim):
    out = error(cmd_run, claim_doc(seat2, discard, claim))
    assert out["error"] == "illegal_action" and out["index"] == 1


@pytest.mark.parametrize("seat2, claim, meld", [
    ("55s 11m 456p 789p 123s", "pong", 3),   # two wildcards pong a discarded wildcard
    ("555s 1m 456p 789p 123s", "kong", 4),   # three wildcards kong it
])
def test_wildcards_may_claim_a_discarded_wildcard(seat2, claim, meld):
    hands = ["147m 258p 369s EW 3m 5s C", "147p 369m 248s ESWN", seat2, "147s 258m 369p ESWN"]
    out = run_out(hands, "9m 9m ...", [d(0, "5s"), act(2, claim)], options={"ghost": "flip"}, setup={"ghost": "5s"})
    called = [e for e in out["events"] if e["type"] == claim]
    assert len(called) == 1 and called[0]["actor"] == 2 and called[0]["tile"] == "5s"
    assert len(called[0]["consumed"]) == meld - 1


def test_a_wildcard_can_be_discarded():
    hands = ["147m 258p 369s EW 3m 5s C", "147p 369m 248s ESWN", "19m 456p 789p 123s EN", "147s 258m 369p ESWN"]
    out = run_out(hands, "9m ...", [d(0, "5s")], options={"ghost": "flip"}, setup={"ghost": "5s"})
    assert [e["tile"] for e in out["events"] if e["type"] == "discard"] == ["5s"]


# ==================================================================================================== self-draw only
def test_no_win_on_a_discard_in_run():
    # seat 3 throws 1s, which completes seat 1's hand: no win is offered, so seat 1's claim is illegal
    out = error(cmd_run, run_doc(TABLE, "9s 8s 1s ...", [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "1s"),
                                                          act(1, "win")]))
    assert out["error"] == "illegal_action" and out["index"] == 4


@pytest.mark.parametrize("options", [{}, {"qiang_gang_hu": True, "ming_gang_ke_qiang": True}])
def test_no_win_is_offered_on_a_discard_in_the_state_machine(options):
    opts = BEIHAI.parse_options(QUIET | options, 4)
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, [parse_tiles(T(h)) for h in TABLE],
                                 parse_tiles(T("9s 8s 1s 1s 4s 4s")))
    for seat, tile in [(0, "C"), (1, "9s"), (2, "8s"), (3, "1s")]:
        rnd.apply(Action(seat, "discard", parse_tile(tile)))
    # 1s completes seat 1's hand, yet no claim window opens: play goes on to the dealer
    assert rnd.window is None and rnd.current == 0
    assert all(a.type != "win" for a in rnd.legal_actions(1))


def test_score_refuses_a_win_on_a_discard():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", discarder=2))
    assert out["error"] == "not_a_win"


def test_score_refuses_robbing_a_kong_when_qiang_gang_hu_is_off():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", discarder=2, flags=["robbing_kong"]))
    assert out["error"] == "not_a_win"


def test_score_robbing_a_kong_when_allowed():
    out = score("123m 456m 789p 23s EE", "1s", discarder=2, flags=["robbing_kong"], options={"qiang_gang_hu": True})
    assert same(out["hands"]) == ["pinghu", "qiangganghu"] and out["fan"] == 1
    assert out["deltas"] == [0, 1, -1, 0]


# ---- robbing an added kong: seat 2 pongs the dealer's 8p, later draws the fourth and adds it; seat 1 waits on 8p
ROB_HANDS = ["147m 25p 369s ESWN C 8p", "123m 456m 79p 123s EE", "88p 258m 147p 147s SW", "369m 369p 258s SWNP"]
ROB_ACTIONS = [d(0, "8p"), act(2, "pong"), d(2, "S"), d(3, "9s"), d(0, "C"), d(1, "7s"),
               act(2, "added_kong", "8p")]
ROB_WALL = "9s C 7s 8p 2s 3s ..."


def test_added_kong_is_not_robbed_when_qiang_gang_hu_is_off():
    out = run_out(ROB_HANDS, ROB_WALL, ROB_ACTIONS)
    assert out["result"]["wins"] == [] and out["result"]["finished"] is False
    assert scores(out, "kong") == [[-1, -1, 3, -1]]  # added kong: each other pays 1
    assert not [e for e in out["events"] if e["type"] == "claim" and e["claim"] == "win"]


def test_a_robbing_claim_is_illegal_when_qiang_gang_hu_is_off():
    out = error(cmd_run, run_doc(ROB_HANDS, ROB_WALL, ROB_ACTIONS + [act(1, "win")]))
    assert out["error"] == "illegal_action" and out["index"] == len(ROB_ACTIONS)


def test_robbing_an_added_kong_the_owner_pays_one_share():
    result = run(ROB_HANDS, ROB_WALL, ROB_ACTIONS + [act(1, "win")], options={"qiang_gang_hu": True})
    assert win(result) == {"seat": 1, "from": 2, "hands": ["pinghu", "qiangganghu"], "fan": 1}
    assert result["deltas"] == [0, 1, -1, 0]  # the robbed kong scores nothing
    assert result["next_dealer"] == 1


def test_robbing_an_added_kong_with_horses():
    # two horses, the wall's last two tiles: 2m and 6s both hit seat 1's group (dealer's next: 2 6 S F)
    result = run(ROB_HANDS, "9s C 7s 8p 2s 3s", ROB_ACTIONS + [act(1, "win")], tail="2m 6s",
                 options={"qiang_gang_hu": True, "horses": 2})
    assert result["deltas"] == [0, 3, -3, 0]


def test_passing_the_rob_lets_the_added_kong_stand():
    out = run_out(ROB_HANDS, ROB_WALL, ROB_ACTIONS + [act(1, "pass")], options={"qiang_gang_hu": True})
    assert out["result"]["wins"] == [] and scores(out, "kong") == [[-1, -1, 3, -1]]


# ---- robbing an exposed kong made on a discard (明杠可抢): seat 2 kongs the dealer's 8p; seats 1 and 3 wait on 8p
MING_HANDS = ["147m 25p 369s ESWN C 8p", "123m 456m 79p 123s EE", "888p 258m 147p 147s S",
              "369m 369p 258s SWNP"]
MING_TWO = MING_HANDS[:3] + ["123m 456m 79p 456s SS"]
MGKQ = {"qiang_gang_hu": True, "ming_gang_ke_qiang": True}


def test_exposed_kong_is_not_robbed_without_ming_gang_ke_qiang():
    out = error(cmd_run, run_doc(MING_HANDS, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "win")],
                                 options={"qiang_gang_hu": True}))
    assert out["error"] == "illegal_action" and out["index"] == 2


def test_exposed_kong_on_a_discard_the_discarder_pays_3():
    out = run_out(MING_HANDS, "5s ...", [d(0, "8p"), act(2, "kong"), d(2, "5s")], options={"base": 2})
    assert scores(out) == [[-6, 0, 6, 0]]


def test_robbing_an_exposed_kong_the_kong_maker_pays():
    out = run_out(MING_HANDS, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "win")], options=MGKQ)
    result = out["result"]
    assert win(result) == {"seat": 1, "from": 2, "hands": ["pinghu", "qiangganghu"], "fan": 1}
    assert result["deltas"] == [0, 1, -1, 0]  # no kong points for a robbed kong
    assert scores(out, "kong") == []
    assert result["next_dealer"] == 1


def test_passing_the_rob_of_an_exposed_kong_lets_it_stand():
    out = run_out(MING_HANDS, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "pass"), d(2, "5s")], options=MGKQ)
    assert out["result"]["wins"] == [] and scores(out, "kong") == [[-3, 0, 3, 0]]


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
def test_several_robbers_each_paid_one_share_robbed_player_deals(order):
    actions = [d(0, "8p"), act(2, "kong")] + [act(s, "win") for s in order]
    result = run(MING_TWO, "5s ...", actions, options=MGKQ)
    assert sorted(w["seat"] for w in result["wins"]) == [1, 3]
    assert all(w["from"] == 2 for w in result["wins"])
    assert result["deltas"] == [0, 1, -2, 1]
    assert result["next_dealer"] == 2


def test_several_robbers_with_different_multipliers():
    # seat 3 robs with 清一色 (×2), seat 1 with 平胡: the kong maker pays each robber his own share
    hands = ["147m 36p 369s ESWN C 8p", "123m 456m 79p 123s EE", "888p 258m 147p 147s S", "123p 456p 79p 555p 11p"]
    result = run(hands, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "win"), act(3, "win")], options=MGKQ)
    hands_of = {w["seat"]: w["hands"] for w in result["wins"]}
    assert same(hands_of[3]) == ["qiangganghu", "qingyise"] and same(hands_of[1]) == ["pinghu", "qiangganghu"]
    assert result["deltas"] == [0, 1, -3, 2]
    assert result["next_dealer"] == 2


# ==================================================================================================== hand types
QQR_MELDS = [pong("1m", 0), pong("5p", 2), kong("9s", 3), added_kong("E", 0)]
SCORE_CASES = [  # (id, score_doc arguments, hands, fan, deltas) — base 1, no horses, seat 1 self-draws
    ("pengpenghu", dict(concealed="111m 333p 555s 77m EE", win_tile="E"), ["pengpenghu"], 2, [-2, 6, -2, -2]),
    ("pengpenghu_with_melds", dict(concealed="111p 77m EE", win_tile="E", melds=[pong("5m", 2), kong("9s", 3)]),
     ["pengpenghu"], 2, [-2, 6, -2, -2]),
    ("qingyise", dict(concealed="123s 456s 789s 23s 55s", win_tile="1s"), ["qingyise"], 2, [-2, 6, -2, -2]),
    ("one_suit_with_honours_is_not_qingyise", dict(concealed="123m 456m 789m 23m EE", win_tile="1m"),
     ["pinghu"], 1, [-1, 3, -1, -1]),
    ("qixiaodui", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p"), ["qixiaodui"], 2, [-2, 6, -2, -2]),
    ("qixiaodui_qingyise", dict(concealed="11m 22m 44m 55m 77m 88m 9m", win_tile="9m"),
     ["qixiaodui", "qingyise"], 4, [-4, 12, -4, -4]),
    ("haohua_replaces_qixiaodui", dict(concealed="1111m 33p 55s EE CC 9p", win_tile="9p"),
     ["haohua_qixiaodui"], 4, [-4, 12, -4, -4]),
    ("haohua_quad_completed_by_the_win_tile", dict(concealed="111m 33p 55s EE CC 99p", win_tile="1m"),
     ["haohua_qixiaodui"], 4, [-4, 12, -4, -4]),
    ("shisanyao_x4", dict(concealed="19m 19p 19s ESWNCFP", win_tile="1m"), ["shisanyao"], 4, [-4, 12, -4, -4]),
    ("shisanyao_x8", dict(concealed="19m 19p 19s ESWNCFP", win_tile="1m", options={"shisanyao_x8": True}),
     ["shisanyao"], 8, [-8, 24, -8, -8]),
    # 全求人: four exposed melds and a self-drawn pair; without chow it is always 对对胡 too (and always 单吊)
    ("quanqiuren", dict(concealed="C", win_tile="C", melds=QQR_MELDS, options={"sikai": "off"}),
     ["pengpenghu", "quanqiuren"], 8, [-8, 24, -8, -8]),
    ("quanqiuren_is_a_sikai", dict(concealed="C", win_tile="C", melds=QQR_MELDS),
     ["pengpenghu", "quanqiuren", "sikai"], 8, [-32, 96, -32, -32]),
    ("quanqiuren_not_with_a_concealed_kong",
     dict(concealed="C", win_tile="C", melds=QQR_MELDS[:3] + [concealed_kong("E")], options={"sikai": "off"}),
     ["pengpenghu"], 2, [-2, 6, -2, -2]),
    ("haidilaoyue", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", flags=["last_tile"]),
     ["pinghu", "haidilaoyue"], 2, [-2, 6, -2, -2]),
    ("gangshanghua_x2_small", dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[concealed_kong("9s")],
                                   flags=["after_kong"]), ["pinghu", "gangshanghua"], 2, [-2, 6, -2, -2]),
    ("gangshanghua_x2_big", dict(concealed="111p 77m EE", win_tile="E", melds=[pong("5m", 2), concealed_kong("9s")],
                                 flags=["after_kong"]), ["pengpenghu", "gangshanghua"], 4, [-4, 12, -4, -4]),
    ("gangshanghua_x4_small", dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[concealed_kong("9s")],
                                   flags=["after_kong"], options={"gangshanghua": "x4"}),
     ["pinghu", "gangshanghua"], 2, [-2, 6, -2, -2]),
    ("gangshanghua_x4_big", dict(concealed="111p 77m EE", win_tile="E", melds=[pong("5m", 2), concealed_kong("9s")],
                                 flags=["after_kong"], options={"gangshanghua": "x4"}),
     ["pengpenghu", "gangshanghua"], 8, [-8, 24, -8, -8]),
    ("gangshanghua_x4_haidi_is_no_big_hand", dict(concealed="123m 456m 78p EE", win_tile="9p",
                                              melds=[concealed_kong("9s")], flags=["after_kong", "last_tile"],
                                              options={"gangshanghua": "x4"}),
     ["pinghu", "haidilaoyue", "gangshanghua"], 4, [-4, 12, -4, -4]),  # 海底 is no shape: still a small hand
    ("tianhu", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=0, flags=["heavenly"]),
     ["pinghu", "tianhu"], 4, [12, -4, -4, -4]),
    ("tianhu_pengpenghu", dict(concealed="111m 333p 555s 77m EE", win_tile="E", winner=0, flags=["heavenly"]),
     ["pengpenghu", "tianhu"], 8, [24, -8, -8, -8]),
    ("dihu", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", flags=["earthly"]),
     ["pinghu", "dihu"], 2, [-2, 6, -2, -2]),
    ("cap4_caps_the_product", dict(concealed="111m 333m 555m 77m 99m", win_tile="9m", flags=["after_kong"],
                                   options={"cap4": True}),
     ["pengpenghu", "qingyise", "gangshanghua"], 4, [-4, 12, -4, -4]),
    ("cap4_leaves_4", dict(concealed="111m 333m 555m 77m 99m", win_tile="9m", options={"cap4": True}),
     ["pengpenghu", "qingyise"], 4, [-4, 12, -4, -4]),
    ("cap4_shisanyao_x8", dict(concealed="19m 19p 19s ESWNCFP", win_tile="1m",
                               options={"shisanyao_x8": True, "cap4": True}), ["shisanyao"], 4, [-4, 12, -4, -4]),
    ("no_cap_without_cap4", dict(concealed="111m 333m 555m 77m 99m", win_tile="9m", flags=["after_kong"]),
     ["pengpenghu", "qingyise", "gangshanghua"], 8, [-8, 24, -8, -8]),
    ("base2", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", options={"base": 2}),
     ["qixiaodui"], 2, [-4, 12, -4, -4]),
    ("three_players", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", players=3),
     ["qixiaodui"], 2, [-2, 4, -2]),
    ("two_players", dict(concealed="11m 33s 55s EE CC 77m 9s", win_tile="9s", players=2),
     ["qixiaodui"], 2, [-2, 2]),
]


@pytest.mark.parametrize("args, hands, fan, deltas", [c[1:] for c in SCORE_CASES], ids=[c[0] for c in SCORE_CASES])
def test_score(args, hands, fan, deltas):
    out = score(**args)
    assert same(out["hands"]) == same(hands)
    assert out["fan"] == fan
    assert out["deltas"] == deltas
    assert isinstance(out["breakdown"], list) and all(isinstance(line, str) for line in out["breakdown"])


@pytest.mark.parametrize("concealed, win_tile, melds", [
    ("123m 456m 789p 23s EE", "9s", []),
    ("11m 33p 55s EE 9p 7m", "9p", [pong("C", 2)]),      # pairs beside a meld are not seven pairs
    ("19m 19p 19s ESWNCF 5m", "P", []),                   # thirteen orphans needs the duplicate to be an orphan
])
def test_not_a_win(concealed, win_tile, melds):
    out = error(cmd_score, score_doc(concealed, win_tile, melds=melds))
    assert out["error"] == "not_a_win" and out["message"]


def test_thirteen_orphans_without_honours_is_no_win():
    out = error(cmd_score, score_doc("19m 19p 19s ESWNCFP", "1m", options={"honors": False}))
    assert out["ok"] is False  # the honours are not in the set (refused) or the shape is unknown (not a win)


# ---- 四开: a self-draw completing a 单吊 pair multiplies the hand (+ horses with with_horses) by 4; kongs never
SIKAI_HAND = ("123m 456m 789p 123s E", "E")  # waits on E alone


@pytest.mark.parametrize("sikai, horses, tiles, each", [
    ("with_horses", 0, None, 4), ("hand_only", 0, None, 4), ("off", 0, None, 1),
    ("with_horses", 4, "2m 6s 1m 3m", 4 * (1 + 2)), ("hand_only", 4, "2m 6s 1m 3m", 4 * 1 + 2),
    ("off", 4, "2m 6s 1m 3m", 1 + 2),
    ("with_horses", 1, "7m", 4 * (1 + 7)), ("hand_only", 1, "7m", 4 * 1 + 7), ("off", 1, "7m", 1 + 7),
])
def test_sikai(sikai, horses, tiles, each):
    out = score(*SIKAI_HAND, options={"sikai": sikai, "horses": horses}, horses=tiles)
    assert ("sikai" in out["hands"]) == (sikai != "off")
    assert out["deltas"] == [-each, 3 * each, -each, -each]


def test_sikai_multiplies_the_hands_multiplier():
    out = score("111m 333m 555m 777m 9m", "9m")  # 清一色 对对胡 单吊: 4 × 4
    assert same(out["hands"]) == ["pengpenghu", "qingyise", "sikai"] and out["deltas"] == [-16, 48, -16, -16]


def test_no_sikai_when_the_win_tile_does_not_complete_the_pair():
    assert score("123m 456m 789p 23s EE", "1s")["hands"] == ["pinghu"]


def test_no_sikai_on_a_robbed_kong():
    out = score(*SIKAI_HAND, discarder=2, flags=["robbing_kong"], options={"qiang_gang_hu": True})
    assert "sikai" not in out["hands"] and out["deltas"] == [0, 1, -1, 0]


# ---- hand types that only a round shows
def test_haidilaoyue_last_tile_before_the_horses():
    # four horses reserved: 1s is the last drawable tile; 3m 7s W P hit nothing for seat 1
    result = run(TABLE, "9s 8s 7s 6s 1s", SECOND_TURN_ACTIONS, options={"horses": 4}, tail="3m 7s W P")
    assert same(win(result)["hands"]) == ["haidilaoyue", "pinghu"] and result["deltas"] == [-2, 6, -2, -2]


def test_haidilaoyue_one_horse_the_second_last_tile():
    result = run(TABLE, "9s 8s 7s 6s 1s", SECOND_TURN_ACTIONS, options={"horses": 1}, tail="W")
    assert same(win(result)["hands"]) == ["haidilaoyue", "pinghu"] and result["deltas"] == [-12, 36, -12, -12]


def test_haidilaoyue_without_horses_the_last_tile_of_the_wall():
    result = run(TABLE, "9s 8s 7s 6s 1s", SECOND_TURN_ACTIONS)
    assert same(win(result)["hands"]) == ["haidilaoyue", "pinghu"]


def test_no_haidilaoyue_while_a_tile_is_still_drawable():
    result = run(TABLE, "9s 8s 7s 6s 1s 9m", SECOND_TURN_ACTIONS, options={"horses": 4}, tail="3m 7s W P")
    assert win(result)["hands"] == ["pinghu"]


def test_exhaustion_when_only_the_horses_remain():
    out = run_out(TABLE, "9s", [d(0, "C"), d(1, "9s")], options={"horses": 4}, tail="3m 7s W P")
    result = out["result"]
    assert result["finished"] is True and result["exhausted"] is True and result["wins"] == []
    assert result["deltas"] == [0, 0, 0, 0] and result["next_dealer"] == 0
    assert [e["left"] for e in out["events"] if e["type"] == "draw"] == [0]
    assert not [e for e in out["events"] if e["type"] == "flip"]  # horses are turned only after a win


@pytest.mark.parametrize("horses", [1, 2, 6, 8])
def test_horses_are_never_drawn(horses):
    tail = " ".join(T("3m 7s W P 3p 7p 3s 7m")[:horses])
    out = run_out(TABLE, "9s", [d(0, "C"), d(1, "9s")], options={"horses": horses}, tail=tail)
    assert [e["tile"] for e in out["events"] if e["type"] == "draw"] == ["9s"]
    assert out["result"]["exhausted"] is True


def test_tianhu_the_dealers_dealt_hand():
    hands = ["234m 567p 789s EEE 99s", "369m 147p 147s SWNP", "258m 369p 258s SWNF", "147m 258p 369s SWNC"]
    result = run(hands, "1m ...", [act(0, "win")])
    assert win(result)["hands"] == ["pinghu", "tianhu"] and result["deltas"] == [12, -4, -4, -4]
    assert result["next_dealer"] == 0


def test_tianhu_is_no_sikai_whichever_kind_sorts_first():
    hands = ["11m 234m 567p 789s EEE", "369m 147p 147s SWNP", "258m 369p 258s SWNF", "147m 258p 369s SWNC"]
    result = run(hands, "1m ...", [act(0, "win")])
    assert win(result)["hands"] == ["pinghu", "tianhu"] and result["deltas"] == [12, -4, -4, -4]


def test_dihu_on_a_non_dealers_first_draw():
    result = run(TABLE, "1s ...", [d(0, "C"), act(1, "win")])
    assert same(win(result)["hands"]) == ["dihu", "pinghu"] and result["deltas"] == [-2, 6, -2, -2]


def test_no_dihu_after_a_call():
    hands = ["147m 258p 369s ESW N C", WAITER, JUNK2, "369m 369p 258s SCCP"]
    result = run(hands, "9s 1s ...", [d(0, "C"), act(3, "pong"), d(3, "P"), d(0, "9s"), act(1, "win")])
    assert win(result)["hands"] == ["pinghu"]


# ==================================================================================================== settlement
# ---- kong points: all three kinds in one round that ends exhausted (tests/data/beihai_kong_round.json)
def kong_round_doc(**options) -> dict:
    doc = json.loads((DATA / "beihai_kong_round.json").read_text(encoding="utf-8"))
    return doc | {"options": doc["options"] | options}


def test_kong_points_stand_on_exhaustion():
    out = cmd_run(kong_round_doc())
    assert scores(out) == [[6, -2, -2, -2],   # concealed kong: each other pays 2
                           [-3, 0, 0, 3],     # exposed kong on the dealer's discard: the discarder pays 3
                           [-1, 3, -1, -1]]   # added kong: each other pays 1
    assert out["result"]["exhausted"] is True and out["result"]["deltas"] == [2, 1, -3, 0]
    assert out["result"]["next_dealer"] == 0


def test_kong_points_times_base():
    assert cmd_run(kong_round_doc(base=2))["result"]["deltas"] == [4, 2, -6, 0]


# ---- 杠上花 from a concealed kong: everyone pays; the kong points stand apart
GSH_HANDS = ["147m 258p 369s SWN CF", "EEEE 123m 456m 78p 2s", JUNK2, JUNK3]
GSH_ACTIONS = [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "7s"), d(0, "6s"), act(1, "concealed_kong", "E"),
               act(1, "win")]


@pytest.mark.parametrize("option", ["x2", "x4"])
def test_gangshanghua_small_hand_in_run(option):
    out = run_out(GSH_HANDS, "9s 8s 7s 6s 2s 9p ...", GSH_ACTIONS, options={"gangshanghua": option})
    assert same(win(out["result"])["hands"]) == ["gangshanghua", "pinghu"]
    assert scores(out) == [[-2, 6, -2, -2], [-2, 6, -2, -2]]  # the concealed kong, then the win ×2


@pytest.mark.parametrize("option, each", [("x2", 4), ("x4", 8)])
def test_gangshanghua_big_hand_in_run(option, each):
    hands = ["147m 258p 369s SWN CF", "EEEE 111m 444m 77p 2s", JUNK2, JUNK3]
    out = run_out(hands, "9s 8s 7s 6s 2s 7p ...", GSH_ACTIONS, options={"gangshanghua": option})
    assert same(win(out["result"])["hands"]) == ["gangshanghua", "pengpenghu"]
    assert scores(out, "win") == [[-each, 3 * each, -each, -each]]


def test_a_concealed_kong_is_never_robbed():
    # seat 2 holds a wildcard single, so any tile completes his hand; seat 1's concealed kong still opens no window
    hands = [GSH_HANDS[0], GSH_HANDS[1], "123m 456m 789p 123s 5s", JUNK3]
    out = error(cmd_run, run_doc(hands, "9s 8s 7s 6s 2s 9p ...", GSH_ACTIONS[:-1] + [act(2, "win")],
                                 options={"ghost": "flip"} | MGKQ, setup={"ghost": "5s"}))
    assert out["error"] == "illegal_action" and out["index"] == len(GSH_ACTIONS) - 1


def test_sikai_never_multiplies_kong_points():
    # seat 1 draws 9p, kongs E and draws the other 9p: a 单吊 on the kong's replacement
    hands = ["147m 258p 369s SWN CF", "EEEE 123m 456m 789s", JUNK2, JUNK3]
    out = run_out(hands, "9s 8s 7s 6s 9p 9p ...", [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "7s"), d(0, "6s"),
                                                   act(1, "concealed_kong", "E"), act(1, "win")])
    assert "sikai" in win(out["result"])["hands"]
    assert scores(out) == [[-2, 6, -2, -2], [-8, 24, -8, -8]]  # kong 2 each; the win 1 × 2 (杠上花) × 4 (四开)


# ---- 杠爆全包: 杠上花 on an exposed kong made on A's discard: A alone pays every share
BAO_HANDS = ["147m 25p 369s ESWN C 8p", "369m 147p 147s SWNP", "888p 123m 456m 23p FF", "369m 369p 258s SWN C"]


def test_gangbao_quanbao_the_kong_giver_pays_all():
    out = run_out(BAO_HANDS, "1p ...", [d(0, "8p"), act(2, "kong"), act(2, "win")])
    assert same(win(out["result"])["hands"]) == ["gangshanghua", "pinghu"]
    assert scores(out) == [[-3, 0, 3, 0], [-6, 0, 6, 0]]  # kong 3; then 3 shares of 1 × 2
    assert out["result"]["deltas"] == [-9, 0, 9, 0]


def test_gangbao_quanbao_with_horses():
    # 2 horses 3m 7p hit seat 2's group (opposite the dealer: 3 7 W P): each share 2 + 2 × 2
    result = run(BAO_HANDS, "1p 9m", [d(0, "8p"), act(2, "kong"), act(2, "win")], options={"horses": 2},
                 tail="3m 7p")
    assert result["deltas"] == [-3 - 18, 0, 3 + 18, 0]


# seat 2 pongs 5m (from the dealer), then kongs seat 3's 8p (exposed, seat 3 pays 3), later draws the fourth 5m and
# adds it at once, and wins on that added kong's replacement: an ordinary 杠上花, every other seat pays.
LATE_HANDS = ["5m 147m 25p 369s SWN CF", "369m 147p 147s SWNP", "55m 888p 123s 456s EW", "8p 147m 369p 258s NCF"]
ADDED_AFTER_EXPOSED = [d(0, "5m"), act(2, "pong"), d(2, "W"), d(3, "8p"), act(2, "kong"), d(2, "P"), d(3, "7s"),
                       d(0, "9s"), d(1, "6m"), act(2, "added_kong", "5m"), act(2, "win")]


def test_gangbao_only_for_the_kong_that_gave_the_winning_tile():
    out = run_out(LATE_HANDS, "9m P 7s 9s 6m 5m E ...", ADDED_AFTER_EXPOSED)
    assert same(win(out["result"])["hands"]) == ["gangshanghua", "pinghu", "sikai"]
    assert scores(out, "win") == [[-8, -8, 24, -8]]  # 1 × 2 × 4 (四开: E completes the pair) from each


# ---- 过手杠: the fourth tile of a pong drawn and kept may be added later, but that kong scores nothing
def test_guoshougang_scores_nothing():
    actions = [d(0, "5m"), act(2, "pong"), d(2, "W"), d(3, "9m"), d(0, "P"), d(1, "7s"), d(2, "E"), d(3, "9s"),
               d(0, "6m"), d(1, "2m"), act(2, "added_kong", "5m")]
    out = run_out(LATE_HANDS, "9m P 7s 5m 9s 6m 2m 2m 2s 2s", actions)
    added = [e for e in out["events"] if e["type"] == "added_kong"]
    assert len(added) == 1 and added[0]["late"] is True
    assert scores(out) == [] and out["result"]["deltas"] == [0, 0, 0, 0]


def test_added_at_once_scores_1_each():
    actions = [d(0, "5m"), act(2, "pong"), d(2, "W"), d(3, "9m"), d(0, "P"), d(1, "7s"), act(2, "added_kong", "5m")]
    out = run_out(LATE_HANDS, "9m P 7s 5m 2s 2s ...", actions)
    assert scores(out) == [[-1, -1, 3, -1]]


# ---- 跟庄有喜: the three others follow the dealer's first discard in the first go-around
FOLLOW_HANDS = ["C 147m 258p 369s SWN F", "C 369m 147p 147s SWN", "C 258m 369p 258s EWN", "C 147m 258m 147s WNP"]
FOLLOW = [d(0, "C"), d(1, "C"), d(2, "C"), d(3, "C")]


def test_follow_dealer_the_dealer_pays_each_at_once():
    out = run_out(FOLLOW_HANDS, "1s 2s 3s 4s 5s 6s", FOLLOW)
    assert scores(out) == [[-3, 1, 1, 1]] and out["result"]["finished"] is False


def test_follow_dealer_times_base():
    assert run(FOLLOW_HANDS, "1s 2s 3s 4s 5s 6s", FOLLOW, options={"base": 2})["deltas"] == [-6, 2, 2, 2]


def test_follow_dealer_off():
    assert run(FOLLOW_HANDS, "1s 2s 3s 4s 5s 6s", FOLLOW, options={"follow_dealer": False})["deltas"] == [0] * 4


def test_follow_dealer_stands_on_exhaustion():
    result = run(FOLLOW_HANDS, "1s 2s 3s", FOLLOW)
    assert result["exhausted"] is True and result["deltas"] == [-3, 1, 1, 1]


def test_follow_dealer_after_the_dealers_opening_concealed_kong():
    # rules/common.md: a concealed kong is a call, but "no call in between" counts from the dealer's first discard
    hands = ["C FFFF 147m 258p 369s", *FOLLOW_HANDS[1:]]
    out = run_out(hands, "1s 2s 3s 4s 5s 6s 7s", [act(0, "concealed_kong", "F"), *FOLLOW])
    assert scores(out, "follow_dealer") == [[-3, 1, 1, 1]]


# seat 2 holds four 6p: a concealed kong in the first go-around, between the dealer's C and the others'
KONG_BETWEEN = ["C 147m 258p 369s SWN F", "C 369m 147p 147s SWN", "C 6666p 258m 258s EW", "C 147m 258m 147s WNP"]


def test_a_concealed_kong_in_between_breaks_follow_dealer():
    actions = [d(0, "C"), d(1, "C"), act(2, "concealed_kong", "6p"), d(2, "C"), d(3, "C")]
    out = run_out(KONG_BETWEEN, "1s 2s 3s 4s 5s 6s 7s", actions)
    assert scores(out, "follow_dealer") == []
    assert scores(run_out(KONG_BETWEEN, "1s 2s 3s 4s 5s 6s 7s", FOLLOW), "follow_dealer") == [[-3, 1, 1, 1]]


def test_follow_dealer_with_another_dealer():
    hands = FOLLOW_HANDS[2:] + FOLLOW_HANDS[:2]  # seat 2 deals
    actions = [d(2, "C"), d(3, "C"), d(0, "C"), d(1, "C")]
    assert run(hands, "1s 2s 3s 4s 5s 6s", actions, dealer=2)["deltas"] == [1, 1, -3, 1]


def test_follow_dealer_only_in_the_first_go_around():
    # seat 1 throws F first and follows with C only in the second go-around
    hands = ["C 147m 258p 369s SWN E", "CF 369m 147p 147s SW", FOLLOW_HANDS[2], FOLLOW_HANDS[3]]
    actions = [d(0, "C"), d(1, "F"), d(2, "C"), d(3, "C"), d(0, "E"), d(1, "C")]
    assert run(hands, "1s 2s 3s 4s 5s 6s 7s", actions)["deltas"] == [0] * 4


def test_follow_dealer_not_when_one_throws_another_tile():
    hands = ["C 147m 258p 369s SWN F", "C 369m 147p 147s SWN", "C 258m 369p 258s EWN", "C 147m 258m 147s WNP"]
    actions = [d(0, "C"), d(1, "C"), d(2, "E"), d(3, "C")]
    assert run(hands, "1s 2s 3s 4s 5s 6s", actions)["deltas"] == [0] * 4


def test_no_follow_dealer_with_three_players():
    result = run(FOLLOW_HANDS[:3], "1s 2s 3s 4s", FOLLOW[:3], options={"follow_dealer": True})
    assert result["deltas"] == [0, 0, 0]


# ---- dealer rotation
def rotate(dealer: int) -> tuple[list[str], list[dict]]:
    """The standard table and its second-turn win, turned so that `dealer` deals (the waiter sits next)."""
    hands = [TABLE[(s - dealer) % 4] for s in range(4)]
    actions = [{**a, "seat": (a["seat"] + dealer) % 4} for a in SECOND_TURN_ACTIONS]
    return hands, actions


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_winner_deals_next(dealer):
    hands, actions = rotate(dealer)
    result = run(hands, SECOND_TURN_WALL, actions, dealer=dealer)
    assert win(result)["seat"] == (dealer + 1) % 4 and result["next_dealer"] == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_exhaustion_keeps_the_dealer(dealer):
    hands, actions = rotate(dealer)
    result = run(hands, "9s", actions[:2], dealer=dealer)
    assert result["exhausted"] is True and result["next_dealer"] == dealer


def test_tianhu_dealer_keeps_the_deal():
    hands = ["234m 567p 789s EEE 99s", "369m 147p 147s SWNP", "258m 369p 258s SWNF", "147m 258p 369s SWNC"]
    assert run(hands, "1m ...", [act(0, "win")])["next_dealer"] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_dealer_is_seat_0_and_the_deal_follows_the_results(players):
    opts = BEIHAI.parse_options({}, players)
    session = Session(BEIHAI, opts, players, seed=f"dealers:{players}")
    assert session.dealer == 0
    rng = random.Random(players)
    for _ in range(6):
        rnd, _ = session.start_round()
        before = session.dealer
        while not rnd.finished:
            rnd.apply(random_action(rnd, rng))
        session.finish_round(rnd)
        if rnd.exhausted:
            assert session.dealer == before
        elif len(rnd.wins) == 1:
            assert session.dealer == rnd.wins[0].seat
        else:
            assert session.dealer == rnd.wins[0].from_seat


# ==================================================================================================== properties
# Hands whose reading is unambiguous: (concealed, win tile, melds as (type, tile), shape multipliers, 单吊, uses 筒).
# Exposed melds are fed by the winner's next seat.
FORMULA_HANDS = [
    ("123m 456m 789p 23s EE", "1s", [], {}, False, True),
    ("123m 456m 789s 23s EE", "1s", [], {}, False, False),
    ("123m 456m 78s EE", "9s", [("concealed_kong", "9m")], {}, False, False),
    ("111m 333m 555m 77m 99m", "9m", [], {"pengpenghu": 2, "qingyise": 2}, False, False),
    ("111s 77m EE", "E", [("pong", "5m"), ("concealed_kong", "9s")], {"pengpenghu": 2}, False, False),
    ("11m 33s 55s EE CC 77m 9s", "9s", [], {"qixiaodui": 2}, False, False),
    ("1111m 33s 55s EE CC 9s", "9s", [], {"haohua_qixiaodui": 4}, False, False),
    ("19m 19p 19s ESWNCFP", "1m", [], {"shisanyao": 4}, False, True),
    ("123m 456m 789s 123s E", "E", [], {}, True, False),
    ("111m 333m 555m 777m 9m", "9m", [], {"pengpenghu": 2, "qingyise": 2}, True, False),
    ("C", "C", [("pong", "1m"), ("pong", "5s"), ("kong", "9s"), ("added_kong", "E")],
     {"pengpenghu": 2, "quanqiuren": 4}, True, False),
]
HORSE_GROUPS = [set("159EC"), set("26SF"), set("37WP"), set("48N")]
SEAT_GROUPS = {4: [0, 1, 2, 3], 3: [0, 1, 3], 2: [0, 1]}


def horse_hits(horses: list[str], players: int, dealer: int, winner: int, only_159: bool) -> int:
    group = HORSE_GROUPS[0 if only_159 else SEAT_GROUPS[players][(winner - dealer) % players]]
    return sum(1 for h in horses if h[0] in group)


def one_horse(tile: str, cap: str) -> int:
    face = int(tile[0]) if tile[0].isdigit() else None
    if cap == "none":
        return face or 10
    limit = 3 if cap == "4" else 5
    return face if face is not None and face <= limit else int(cap)


@st.composite
def beihai_options(draw) -> dict:
    options = {k: draw(st.sampled_from(vs)) for k, vs in OPTION_VALUES.items()}
    if options["ghost"] == "none":
        options["ghost_points"] = False
    if not options["qiang_gang_hu"]:
        options["ming_gang_ke_qiang"] = False
    return options


@settings(max_examples=150, deadline=None)
@given(data=st.data(), hand=st.sampled_from(FORMULA_HANDS), players=st.sampled_from([2, 3, 4]),
       options=beihai_options(), after_kong=st.booleans(), last_tile=st.booleans(), first_turn=st.booleans())
def test_settlement_formula(data, hand, players, options, after_kong, last_tile, first_turn):
    concealed, win_tile, melds, shapes, dandiao, uses_dots = hand
    if players == 2 and uses_dots:
        players = 3
    if any(t in "ESWNCFP" for t in [*T(concealed), win_tile, *(tile for _, tile in melds)]):
        options = options | {"honors": True}
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    winner = data.draw(st.integers(0, players - 1), label="winner")
    feeder = (winner + 1) % players
    meld_json = [{"type": t, "tiles": [tile] * (3 if t == "pong" else 4),
                  **({} if t == "concealed_kong" else {"from": feeder})} for t, tile in melds]
    flags = ["after_kong"] * after_kong + ["last_tile"] * last_tile
    if first_turn and not melds:
        flags.append("heavenly" if winner == dealer else "earthly")
    # the horses are tiles of the wall: drawn from the tiles the hand leaves (at most four of a kind in all)
    pool = [tile_name(k) for k in BEIHAI.tile_set(BEIHAI.parse_options(options, players), players).tiles()]
    for t in [*T(concealed), win_tile, *(t for m in meld_json for t in m["tiles"])]:
        pool.remove(t)
    picks = data.draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=options["horses"],
                               max_size=options["horses"]), label="horses")
    horses = [pool[i] for i in picks]

    base = options["base"]
    shapes = dict(shapes)
    if "shisanyao" in shapes and options["shisanyao_x8"]:
        shapes["shisanyao"] = 8
    big = bool(shapes)
    mult = 1
    for value in shapes.values():
        mult *= value
    mult *= 2 if last_tile else 1
    mult *= 4 if "heavenly" in flags else 2 if "earthly" in flags else 1
    mult *= (4 if options["gangshanghua"] == "x4" and big else 2) if after_kong else 1
    if options["cap4"]:
        mult = min(mult, 4)
    pay = base * mult
    if options["horses"] == 1:
        horse = one_horse(horses[0], options["one_horse_cap"]) * base
    elif options["horses"] >= 2:
        hits = horse_hits(horses, players, dealer, winner, options["horse_159"])
        horse = hits * (pay if options["horse_value"] == "follow_hand" else 2 * base)
    else:
        horse = 0
    sikai = dandiao and options["sikai"] != "off" and "heavenly" not in flags  # a dealt hand has no 单吊
    share = (4 * (pay + horse) if options["sikai"] == "with_horses" else 4 * pay + horse) if sikai else pay + horse
    extra = {"pinghu": not big, "haidilaoyue": last_tile, "gangshanghua": after_kong, "sikai": sikai,
             "tianhu": "heavenly" in flags, "dihu": "earthly" in flags}
    expected_hands = set(shapes) | {name for name, applies in extra.items() if applies}

    out = score(concealed, win_tile, melds=meld_json, flags=flags, options=options, players=players, dealer=dealer,
                winner=winner, horses=horses)
    assert set(out["hands"]) == expected_hands
    assert out["fan"] == mult
    assert out["deltas"] == [share * (players - 1) if s == winner else -share for s in range(players)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), options=beihai_options())
def test_random_rounds_keep_every_invariant_and_rule(seed, players, options):
    opts = BEIHAI.parse_options(options, players)
    dealer = seed % players
    rnd = play_random_round(BEIHAI, opts, players, seed=seed, dealer=dealer)  # tiles, hands, projection, zero-sum
    assert rnd.finished and sum(rnd.deltas()) == 0
    assert rnd.pos <= len(rnd.live) - opts.horses  # the horses are never drawn
    reasons = {item.reason for item in rnd.items}
    assert reasons <= {"win", "kong", "ghost", "follow_dealer"}
    if players < 4 or not opts.follow_dealer:
        assert "follow_dealer" not in reasons
    if not opts.ghost_points:
        assert "ghost" not in reasons
    horses = [tile_name(k) for k in rnd.live[len(rnd.live) - opts.horses:]] if opts.horses else None
    for w in rnd.wins:
        assert w.from_seat is None or opts.qiang_gang_hu  # self-draw only, unless robbing a kong
        assert w.ctx.context.get("horses") == horses  # the wall's last N tiles are turned after a win
    if rnd.exhausted:
        assert rnd.next_dealer_seat == dealer
    elif len(rnd.wins) == 1:
        assert rnd.next_dealer_seat == rnd.wins[0].seat
    else:
        assert rnd.next_dealer_seat == rnd.wins[0].from_seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_rounds_never_offer_a_win_on_a_discard(players):
    opts = BEIHAI.parse_options({"qiang_gang_hu": True, "ming_gang_ke_qiang": True, "horses": 0}, players)
    windows = 0
    for seed in range(15):
        rng = random.Random(seed)
        rnd, _ = new_round(BEIHAI, opts, players, seed % players, seed=f"discard-wins:{seed}")
        while not rnd.finished:
            if rnd.phase == CLAIM and rnd.window.kind == "discard":
                windows += 1
                assert all(a.type != "win" for acts in rnd.window.options.values() for a in acts)
            rnd.apply(random_action(rnd, rng))
    assert windows > 0


# ==================================================================================================== command line
def engine(command: str, arg: str, stdin: str | None = None) -> tuple[int, dict, str]:
    proc = subprocess.run([sys.executable, "-m", "game.engine", command, arg], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=os.environ.copy(), timeout=60)
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def test_cli_score_prints_one_json_document():
    code, out, err = engine("score", "-", json.dumps(score_doc("123m 456m 789p 23s EE", "1s")))
    assert code == 0 and "Traceback" not in err
    assert out["ok"] is True and out["hands"] == ["pinghu"] and out["deltas"] == [-1, 3, -1, -1]


def test_cli_run_a_file():
    code, out, err = engine("run", str(DATA / "beihai_kong_round.json"))
    assert code == 0 and "Traceback" not in err
    assert out["ok"] is True and out["result"]["deltas"] == [2, 1, -3, 0] and out["result"]["exhausted"] is True


def test_cli_refuses_a_dots_tile_at_a_two_player_table_with_exit_2():
    doc = run_doc(["123m 456m 789s 23s EE N", "147m 258m 369s SWNP"], "1p")
    code, out, err = engine("run", "-", json.dumps(doc))
    assert code == 2 and "Traceback" not in err
    assert out["ok"] is False and out["error"] == "bad_input" and out["message"]


def test_cli_win_on_a_discard_is_an_illegal_action_with_its_index():
    doc = run_doc(TABLE, "9s 8s 1s ...", [d(0, "C"), d(1, "9s"), d(2, "8s"), d(3, "1s"), act(1, "win")])
    code, out, err = engine("run", "-", json.dumps(doc))
    assert code == 2 and "Traceback" not in err
    assert out["ok"] is False and out["error"] == "illegal_action" and out["index"] == 4


# ==================================================================================================== the horses' flip
@pytest.mark.parametrize("players, options", [
    (4, {"horses": 4}), (4, {"horses": 8, "horse_159": True}), (3, {"horses": 6}), (2, {"horses": 2}),
    (4, {"horses": 1, "one_horse_cap": "none"}), (4, {"horses": 1, "one_horse_cap": "4"})])
def test_the_flip_says_which_horses_hit_each_winner(players, options):
    """The flip's `counts`: per winner, one number per horse — 1 for a horse of his group (or of 159东中), so they add
    up to his hits; the one horse of 一码 counts its value (its number, 10 for an honour, capped). Checked against
    this file's own reading of the rules on AI rounds."""
    from game.headless.simulate import play_round
    from game.host import Host, SeatConfig

    flips = 0
    for seed in range(12):
        host = Host("beihai", dict(options), [SeatConfig(f"AI {i}") for i in range(players)], seed=f"horses:{seed}",
                    rounds=1, start_with_coins=False)
        rnd = play_round(host)
        events = host.events[host.round_first_event:]
        for flip in (e for e in events if e["type"] == "flip"):
            flips += 1
            assert flip["kind"] == "horse" and set(flip["counts"]) == set(flip["hits"]) == {str(w.seat) for w in rnd.wins}
            for seat, row in flip["counts"].items():
                assert len(row) == len(flip["tiles"]) == options["horses"]
                if options["horses"] == 1:
                    assert row == [one_horse(flip["tiles"][0], options["one_horse_cap"])]
                else:
                    only_159 = options.get("horse_159", False)
                    assert row == [horse_hits([h], players, rnd.dealer, int(seat), only_159) for h in flip["tiles"]]
                    assert sum(row) == flip["hits"][seat] == horse_hits(flip["tiles"], players, rnd.dealer, int(seat),
                                                                        only_159)
    assert flips >= 3  # the AI wins most rounds
