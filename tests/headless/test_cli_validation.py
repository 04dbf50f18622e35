"""Every field of a `score` and `run` document is checked (issue #11): a bad one exits 2 with `bad_input` and a
message naming the field; valid contexts still score as the rules say (shared/rules/nanning.md, beihai.md).

Context keys are declared as data per rule set (game/engine/context.py, `Variant.context_fields`): the last tests
declare a rule set of their own to show a future one needs nothing more.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.context import INT_PER_SEAT, SEAT_PAIRS, SEATS, TILE, ContextField
from game.engine.errors import BadInput
from game.engine.session import Session
from game.engine.state import new_round
from game.engine.tiles import is_wind, parse_tile
from game.headless.engine_cli import main
from game.variants import _extra, get_variant, register
from game.variants.nanning import Nanning
from tests.variants.tiles_json import T

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
NANNING = get_variant("nanning")
BEIHAI = get_variant("beihai")
JUNK = "147m 258p 369s ESWN"  # thirteen singles: no win, no pong, no kong


def answer(command: str, doc: dict | str) -> tuple[int, dict]:
    """What `python -m game.engine COMMAND -` prints for `doc`, in process: (exit code, the one JSON document)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(doc if isinstance(doc, str) else json.dumps(doc))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([command, "-"])
    finally:
        sys.stdin = old
    assert err.getvalue() == ""
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    return code, json.loads(lines[0])


def refused(command: str, doc: dict | str, *names: str, error: str = "bad_input") -> str:
    """The request exits 2 with `error`; its message names every one of `names`. Returns the message."""
    code, out = answer(command, doc)
    assert code == 2 and out["ok"] is False and out["error"] == error, out
    for name in names:
        assert name in out["message"], (name, out["message"])
    return out["message"]


def accepted(command: str, doc: dict) -> dict:
    code, out = answer(command, doc)
    assert code == 0 and out["ok"] is True, out
    return out


# 七小对 won by seat 1 on seat 2's discard (README): 9 from the discarder
QIXIAODUI = {"variant": "nanning", "dealer": 0, "winner": 1, "discarder": 2,
             "concealed": T("11m 33p 55s EE CC 77m 9p"), "win_tile": "9p"}
# 平胡 self-drawn by seat 1 (beihai.md worked example 1); horses as the options say
BEIHAI_PINGHU = {"variant": "beihai", "players": 4, "dealer": 0, "winner": 1, "discarder": None,
                 "concealed": T("123m 456m 789p 23s EE"), "win_tile": "1s", "options": {"horses": 4}}
# the dealer's 天胡 at the deal: with coins off and base 1, 4 × 2^3 = 32 from each (menqing self-draw)
TIANHU_RUN = {"variant": "nanning", "dealer": 0, "hands": [T("123m 456m 789m 123p 99p"), T(JUNK), T(JUNK), T(JUNK)],
              "wall": ["E"], "actions": [{"seat": 0, "type": "win"}]}


def nanning_score(**context) -> dict:
    return QIXIAODUI | {"context": context}


def beihai_score(players: int = 4, **context) -> dict:
    doc = BEIHAI_PINGHU | {"players": players, "context": context}
    if players == 2:  # no 筒 at two
        doc["concealed"] = T("123m 456m 789s 23s EE")
    return doc


# ---------------------------------------------------------------------------------------------------- the cases
@pytest.mark.parametrize("chengbao", [5, "0", True, -1, 1, 4.0, [3]])
def test_score_refuses_a_chengbao_that_is_not_another_seat(chengbao):
    message = refused("score", nanning_score(chengbao=chengbao), "context.chengbao")
    assert "a seat from 0 to 3 other than the winner" in message


def test_a_negative_chengbao_no_longer_makes_seat_3_pay():
    message = refused("score", nanning_score(chengbao=-1), "context.chengbao")
    assert message == "context.chengbao must be a seat from 0 to 3 other than the winner, got -1"


@pytest.mark.parametrize("coins", [5, "1000", None, [500, 500, 500], [500] * 5, [500, 500, "500", 500],
                                   [500, 500, True, 500], [500, 500, 500.0, 500], [500, 500, 10**20, 500]])
def test_score_refuses_coins_that_are_not_one_whole_number_per_seat(coins):
    refused("score", nanning_score(coins=coins), "context.coins")


def test_score_refuses_coins_too_few_to_sit():
    message = refused("score", nanning_score(coins=[500, 31, 500, 500]), "context.coins", "32", "seat 1")
    assert "cannot sit" in message


@pytest.mark.parametrize("horses", [None, 5, "2m", {"0": "2m"}])
def test_score_refuses_horses_that_are_not_a_list_of_tiles(horses):
    refused("score", beihai_score(horses=horses), "context.horses", "list of tiles")


def test_score_refuses_more_horses_than_the_option_turns():
    message = refused("score", beihai_score(horses=T("2m 9s F E 3m")), "context.horses", "'horses' option")
    assert "holds 5" in message and "4" in message
    refused("score", beihai_score(horses=["2m"]) | {"options": {"horses": 0}}, "context.horses")


def test_score_refuses_horses_that_make_a_fifth_copy_of_a_kind():
    # the hand holds 1s and the winning 1s ... here: 1m from the hand plus four 1m horses
    message = refused("score", beihai_score(horses=T("1m 1m 1m 1m")), "context.horses", "1m")
    assert "5 times" in message
    refused("score", beihai_score(horses=T("E E E")), "context.horses", "E")  # two E in the hand, three turned


def test_score_refuses_a_dots_horse_at_a_two_player_table():
    message = refused("score", beihai_score(players=2, horses=["1p"]), "context.horses[0]", "1p")
    assert "2-player" in message


@pytest.mark.parametrize("horse", ["1x", 7, None, "1f"])
def test_score_refuses_a_horse_that_is_not_a_tile_of_the_table(horse):
    refused("score", beihai_score(horses=["2m", horse]), "context.horses[1]")


def test_run_refuses_a_setup_context_that_is_not_an_object():
    doc = json.loads((DATA / "cli_kong_round.json").read_text(encoding="utf-8"))
    for bad in (5, "x", [1], True):
        refused("run", doc | {"setup": {"context": bad}}, "setup.context", "object")


@pytest.mark.parametrize("chengbao", [4, -1, "1", True])
def test_run_refuses_a_setup_chengbao_out_of_range(chengbao):
    message = refused("run", TIANHU_RUN | {"setup": {"context": {"chengbao": chengbao}}}, "setup.context.chengbao")
    assert "a seat from 0 to 3" in message


# ---------------------------------------------------------------------------------------------------- unknown keys
def test_unknown_context_keys_are_refused_like_unknown_top_level_keys():
    message = refused("score", nanning_score(luck=7), "unknown key", "context", '"luck"')
    assert "chengbao" in message and "coins" in message  # what Nanning does take
    refused("score", beihai_score(chengbao=2), "unknown key", '"chengbao"')  # a Nanning key is not a Beihai one
    refused("score", nanning_score(horses=["2m"]), "unknown key", '"horses"')
    refused("run", TIANHU_RUN | {"setup": {"context": {"luck": 7}}}, "unknown key", "setup.context")
    refused("score", QIXIAODUI | {"luck": 7}, "unknown key", "score request")


def test_facts_of_one_win_are_not_given_to_a_round():
    message = refused("run", TIANHU_RUN | {"setup": {"context": {"quanqiuren_fangpao": True}}},
                      "setup.context.quanqiuren_fangpao")
    assert "round" in message
    doc = json.loads((DATA / "beihai_kong_round.json").read_text(encoding="utf-8"))
    refused("run", doc | {"setup": {"context": {"horses": ["1m"]}}}, "setup.context.horses", "wall")
    refused("run", doc | {"setup": {"context": {"ghost": "5s"}}}, "setup.context.ghost", "setup.ghost")


# ---------------------------------------------------------------------------------------------------- valid contexts
@pytest.mark.parametrize("chengbao, deltas", [
    (None, [0, 9, -9, 0]),   # nobody liable
    (3, [0, 18, -9, -9]),    # a third player discards to B: he pays as usual, A (seat 3) pays B the same again
    (2, [0, 18, -18, 0]),    # A discards to B himself: he pays double
])
def test_a_valid_chengbao_changes_who_pays_as_the_rules_say(chengbao, deltas):
    assert accepted("score", nanning_score(chengbao=chengbao))["deltas"] == deltas


def test_a_liable_seat_pays_all_three_shares_of_a_self_draw():
    # 七小对 self-drawn, concealed: 4 a share (门前清); A (seat 0) alone pays the three shares
    out = accepted("score", QIXIAODUI | {"discarder": None, "context": {"chengbao": 0}})
    assert out["deltas"] == [-12, 12, 0, 0]


def test_chengbao_needs_the_chengbao_option():
    refused("score", nanning_score(chengbao=3) | {"options": {"chengbao": False}}, "context.chengbao", "option")


def test_valid_coins_set_the_base():
    assert accepted("score", nanning_score(coins=[5_000, 400, 100_000, 3_000]))["deltas"] == [0, 90, -90, 0]
    # with coins off they are only carried: the base option counts
    out = accepted("score", nanning_score(coins=[5, 5, 5, 5]) | {"options": {"coins": False, "base": 2}})
    assert out["deltas"] == [0, 18, -18, 0]


def test_quanqiuren_fangpao_is_a_fact_of_a_discard():
    pinghu = {"variant": "nanning", "dealer": 0, "winner": 1, "discarder": 2,
              "concealed": T("123m 456m 789p 23s EE"), "win_tile": "1s"}
    assert accepted("score", pinghu)["deltas"] == [0, 2, -2, 0]
    out = accepted("score", pinghu | {"context": {"quanqiuren_fangpao": True}})
    assert out["hands"] == ["quanqiuren_fangpao"] and out["deltas"] == [0, 9, -9, 0]
    refused("score", pinghu | {"context": {"quanqiuren_fangpao": "yes"}}, "context.quanqiuren_fangpao")
    refused("score", pinghu | {"discarder": None, "context": {"quanqiuren_fangpao": True}},
            "context.quanqiuren_fangpao", "self-draw")


def test_valid_horses_still_score_the_worked_example():
    # beihai.md example 3: horses 2m 9s F E, winner next to the dealer (2 6 S F): 2 hits, each payer 1 + 2
    out = accepted("score", beihai_score(horses=T("2m 9s F E")))
    assert out["deltas"] == [-3, 9, -3, -3]
    assert accepted("score", beihai_score(horses=[]))["deltas"] == [-1, 3, -1, -1]
    assert accepted("score", beihai_score(horses=T("1m 1m 1m")))["deltas"] == [-1, 3, -1, -1]  # four 1m in all


def test_a_context_ghost_is_checked_against_the_table():
    wild = BEIHAI_PINGHU | {"concealed": T("123m 456m 789p 3s 5s EE"), "options": {"horses": 0}}
    assert accepted("score", wild | {"context": {"ghost": "5s"}})["hands"] == ["pinghu"]
    refused("score", wild | {"context": {"ghost": "5x"}}, "context.ghost")
    refused("score", wild | {"context": {"ghost": "5s"}, "options": {"ghost": "none", "horses": 0}},
            "context.ghost", "without a wildcard")
    refused("score", wild | {"context": {"ghost": "5s"}, "options": {"ghost": "red_dragon", "horses": 0}},
            "context.ghost", "always C")


def test_engine_keys_streak_and_round_no_are_taken_everywhere():
    accepted("score", nanning_score(streak=2, round_no=5))
    accepted("run", TIANHU_RUN | {"setup": {"context": {"streak": 0, "round_no": 3}}})
    refused("score", nanning_score(streak=-1), "context.streak")
    refused("run", TIANHU_RUN | {"setup": {"context": {"round_no": "3"}}}, "setup.context.round_no")


@pytest.mark.parametrize("chengbao, deltas", [
    (None, [96, -32, -32, -32]),
    (2, [96, 0, -96, 0]),      # seat 2 liable from the start: he pays the three shares
    (0, [96, -32, -32, -32]),  # a liability never names the winner himself
])
def test_run_takes_a_valid_setup_chengbao(chengbao, deltas):
    out = accepted("run", TIANHU_RUN | {"setup": {"context": {"chengbao": chengbao}}})
    assert out["result"]["deltas"] == deltas


# ---------------------------------------------------------------------------------------------------- setup fields
def test_setup_coins_are_checked_like_context_coins():
    refused("run", TIANHU_RUN | {"setup": {"coins": [500, 500, 500]}}, "setup.coins")
    refused("run", TIANHU_RUN | {"setup": {"coins": [500, 31, 500, 500]}}, "setup.coins", "32")
    refused("run", TIANHU_RUN | {"setup": {"coins": [500] * 4, "context": {"coins": [500] * 4}}}, "setup.coins",
            "once")
    out = accepted("run", TIANHU_RUN | {"setup": {"coins": [5_000, 400, 100_000, 3_000]}})
    assert out["result"]["deltas"] == [960, -320, -320, -320]  # base 10
    doc = json.loads((DATA / "beihai_kong_round.json").read_text(encoding="utf-8"))
    refused("run", doc | {"setup": {"coins": [500] * 4}}, "setup.coins", "coins")


@pytest.mark.parametrize("seed", [True, 1.5, [1], {"a": 1}, "x" * 1001, 10**120, "\ud800"])  # a lone surrogate: no text
def test_setup_seed_is_a_number_or_a_text(seed):
    refused("run", TIANHU_RUN | {"setup": {"seed": seed}}, "setup.seed")


def test_setup_seed_may_be_any_number_or_text():
    for seed in (0, -5, 2**70, "", "南宁", "seed with spaces"):
        accepted("run", TIANHU_RUN | {"setup": {"seed": seed}})


def test_setup_ghost_and_indicator_are_tiles_of_the_table():
    doc = json.loads((DATA / "beihai_ghost_points_round.json").read_text(encoding="utf-8"))
    accepted("run", doc)
    refused("run", doc | {"setup": {"ghost": "5x"}}, "setup.ghost", error="bad_tile")
    refused("run", doc | {"setup": {"ghost": "1f"}}, "setup.ghost", "1f")
    refused("run", doc | {"setup": {"ghost": "5s", "indicator": "9m"}}, "setup.ghost", "setup.indicator")
    accepted("run", doc | {"setup": {"ghost": "5s", "indicator": "5s"}})
    red = doc | {"options": {"ghost": "red_dragon", "horses": 4}}
    refused("run", red | {"setup": {"ghost": "5s"}}, "setup.ghost", "always C")
    refused("run", red | {"setup": {"indicator": "5s"}}, "setup.indicator")
    two = {"variant": "beihai", "players": 2, "dealer": 0, "options": {"horses": 0},
           "hands": [T("123m 456m 789m 123s 99s"), T("147m 258s 369s ESWN")], "wall": ["E"]}
    accepted("run", two | {"setup": {"ghost": "5s"}})
    refused("run", two | {"setup": {"ghost": "5p"}}, "setup.ghost", "5p")
    refused("run", two | {"wall": ["1p"]}, "'wall'[0]", "1p", "2-player")


def test_the_wall_holds_at_least_the_tiles_a_table_reserves():
    two = {"variant": "beihai", "players": 2, "dealer": 0, "options": {"horses": 4, "ghost": "none"},
           "hands": [T("123m 456m 789m 123s 99s"), T("147m 258s 369s ESWN")], "actions": [{"seat": 0, "type": "win"}]}
    refused("run", two | {"wall": T("1m 2m 3m")}, "'wall'", "4")
    out = accepted("run", two | {"wall": T("1m 2m 3m 5m")})
    flip = next(e for e in out["events"] if e["type"] == "flip")
    assert flip["tiles"] == T("1m 2m 3m 5m")  # the four reserved tiles are the horses turned


def test_setup_is_an_object():
    refused("run", TIANHU_RUN | {"setup": 5}, "'setup'")
    refused("run", TIANHU_RUN | {"setup": {"luck": 1}}, "unknown key", "setup")
    accepted("run", TIANHU_RUN | {"setup": None})


# ---------------------------------------------------------------------------------------------------- other fields
@pytest.mark.parametrize("change, names", [
    ({"players": "4"}, ["'players'"]),
    ({"players": 3}, ["'players'", "4"]),
    ({"dealer": 4}, ["'dealer'"]),
    ({"winner": -1}, ["'winner'"]),
    ({"discarder": "2"}, ["'discarder'"]),
    ({"concealed": "11m"}, ["'concealed'"]),
    ({"concealed": T("11m 33p 55s EE CC 77m")}, ["'concealed'", "13"]),
    ({"win_tile": ["9p"]}, ["'win_tile'"]),
    ({"melds": {"type": "pong"}}, ["'melds'"]),
    ({"flags": ["after_kong", "after_kong"]}, ["'flags'", "after_kong"]),
    ({"flags": ["riichi"]}, ["'flags'", "riichi"]),
    ({"flags": "after_kong"}, ["'flags'"]),
    ({"context": [1]}, ["context"]),
    ({"options": [1]}, ["options"]),
])
def test_score_fields_name_themselves(change, names):
    code, out = answer("score", QIXIAODUI | change)
    assert code == 2 and out["error"] in ("bad_input", "bad_tile", "bad_option"), out
    for name in names:
        assert name in out["message"], (name, out["message"])


PONG_HAND = {"variant": "nanning", "dealer": 0, "winner": 1, "discarder": None,
             "concealed": T("123m 456m 789p E"), "win_tile": "E",
             "melds": [{"type": "pong", "tiles": ["5s"] * 3, "from": 2}]}


@pytest.mark.parametrize("meld, names", [
    ({"type": "pong", "tiles": ["5s"] * 3, "from": 2, "colour": 1}, ["melds[0]", "colour"]),
    ({"type": "pong", "tiles": ["5s"] * 3}, ["melds[0].from"]),
    ({"type": "pong", "tiles": ["5s"] * 3, "from": 1}, ["melds[0].from", "not the winner"]),
    ({"type": "pong", "tiles": ["5s"] * 3, "from": True}, ["melds[0]", "from"]),
    ({"type": "pong", "tiles": ["5s"] * 4, "from": 2}, ["melds[0]", "3 tiles"]),
    ({"type": "pong", "tiles": ["5s", "5s", "6s"], "from": 2}, ["melds[0]", "alike"]),
    ({"type": "pong", "tiles": ["5s", "5s", "5x"], "from": 2}, ["melds[0].tiles[2]"]),
    ({"type": "pong", "tiles": "5s5s5s", "from": 2}, ["melds[0].tiles"]),
    ({"type": "triple", "tiles": ["5s"] * 3, "from": 2}, ["melds[0].type"]),
    ({"type": "chow", "tiles": ["4s", "5s", "6s"], "from": 0}, ["no chow"]),
    ({"type": "pong", "tiles": ["5s"] * 3, "from": 2, "claimed": "6s"}, ["melds[0].claimed"]),
    ({"type": "pong", "tiles": ["5s"] * 3, "from": 2, "late": True}, ["melds[0].late"]),
])
def test_meld_fields_name_themselves(meld, names):
    code, out = answer("score", PONG_HAND | {"melds": [meld]})
    assert code == 2 and out["error"] in ("bad_input", "bad_tile"), out
    for name in names:
        assert name in out["message"], (name, out["message"])


def test_a_meld_as_a_win_event_prints_it_is_taken_back():
    meld = {"type": "pong", "tiles": ["5s"] * 3, "from": 2, "claimed": "5s"}
    assert accepted("score", PONG_HAND | {"melds": [meld]})["deltas"] == [-3, 9, -3, -3]
    refused("score", PONG_HAND | {"melds": [{"type": "concealed_kong", "tiles": ["5s"] * 4, "from": 2}]},
            "melds[0].from", "concealed kong")


@pytest.mark.parametrize("change, names", [
    ({"hands": [T("123m 456m 789m 123p 99p")] * 1}, ["'hands'", "4"]),
    ({"hands": "x"}, ["'hands'"]),
    ({"hands": [T("123m 456m 789m 123p 9p"), T(JUNK), T(JUNK), T(JUNK)]}, ["hands[0]", "14"]),
    ({"hands": [T("123m 456m 789m 123p 99p"), T(JUNK), T(JUNK)[:12], T(JUNK)]}, ["hands[2]", "13"]),
    ({"hands": [T("123m 456m 789m 123p 99p"), T(JUNK), "147m", T(JUNK)]}, ["hands[2]"]),
    ({"wall": "E"}, ["'wall'"]),
    ({"wall": ["E", "E"]}, ["E appears 5 times", "hands[1]", "'wall'"]),
    ({"dealer": "0"}, ["'dealer'"]),
    ({"actions": {"seat": 0}}, ["'actions'"]),
])
def test_run_fields_name_themselves(change, names):
    code, out = answer("run", TIANHU_RUN | change)
    assert code == 2 and out["error"] in ("bad_input", "bad_tile"), out
    for name in names:
        assert name in out["message"], (name, out["message"])


@pytest.mark.parametrize("action, names", [
    ({"seat": 0, "type": "win", "why": "tianhu"}, ["unknown key", "why"]),
    ({"seat": 0, "type": "discard", "tile": ["5m"]}, ["action 'tile'"]),
    ({"seat": 0, "type": "discard", "tile": "5m", "tiles": "4m"}, ["action 'tiles'"]),
    ({"seat": 0, "type": "discard", "tiles": ["4m", 4]}, ["action 'tiles'[1]"]),
    ({"seat": None, "type": "win"}, ["action 'seat'"]),
    ({"seat": 0, "type": "riichi"}, ["action 'type'"]),
])
def test_action_fields_name_themselves_and_the_index(action, names):
    code, out = answer("run", TIANHU_RUN | {"actions": [action]})
    assert code == 2 and out["error"] in ("bad_input", "bad_tile") and out["index"] == 0, out
    for name in names:
        assert name in out["message"], (name, out["message"])


def test_options_are_checked_against_their_declaration():
    refused("score", QIXIAODUI | {"options": {"base": 10**12}}, "option 'base'", "at most", error="bad_option")
    refused("score", QIXIAODUI | {"options": {"base": 0}}, "option 'base'", error="bad_option")
    refused("score", QIXIAODUI | {"options": {"colour": 1}}, "colour", error="bad_option")
    refused("score", BEIHAI_PINGHU | {"options": {"horses": 10**30}}, "option 'horses'", error="bad_option")


# ---------------------------------------------------------------------------------------------------- the answer itself
def test_a_number_too_long_for_python_is_bad_json_not_an_internal_error():
    text = json.dumps(QIXIAODUI).replace('"dealer": 0', '"dealer": ' + "9" * 5000)
    refused("score", text, "too long", error="bad_json")


def test_a_lone_surrogate_in_a_key_still_prints_utf8_json():
    """A caller's "\\ud800" must not break the answer's UTF-8 (it used to end in a traceback on a real stdout)."""
    text = json.dumps(QIXIAODUI)[:-1] + ', "\\ud800": 1}'
    proc = subprocess.run([sys.executable, "-m", "game.engine", "score", "-"], input=text.encode("utf-8"),
                          capture_output=True, cwd=ROOT, env=os.environ | {"PYTHONIOENCODING": "utf-8"}, timeout=60)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    out = json.loads(proc.stdout.decode("utf-8"))
    assert out["error"] == "bad_input" and "unknown key" in out["message"]


# ---------------------------------------------------------------------------------------------------- a round's facts
def test_the_facts_a_game_hands_a_round_are_checked_too():
    opts = NANNING.parse_options({}, 4)
    with pytest.raises(BadInput, match=r"context\.coins must be a list of 4"):
        new_round(NANNING, opts, 4, 0, seed=1, context={"coins": [500, 500, 500]})
    with pytest.raises(BadInput, match=r"context\.streak"):
        new_round(NANNING, opts, 4, 0, seed=1, context={"streak": -1})
    beihai = BEIHAI.parse_options({}, 4)
    with pytest.raises(BadInput, match=r"context\.horses is not given to a round"):
        new_round(BEIHAI, beihai, 4, 0, seed=1, context={"horses": ["1m"]})
    # a session's own facts pass: streak, round number, coins
    session = Session(NANNING, opts, 4, seed=3)
    rnd, _ = session.start_round()
    assert rnd.context == session.context() and "coins" in rnd.context
    # a rule set's undeclared facts (made by its own hooks, e.g. a setup choice) pass through unchecked
    rnd, _ = new_round(NANNING, opts, 4, 0, seed=1, context={"ga": [0, 1, 2, 3]})
    assert rnd.context["ga"] == [0, 1, 2, 3]


# ---------------------------------------------------------------------------------------------------- a future rule set
def _winds_only(value: str, frame) -> str | None:
    return None if is_wind(parse_tile(value)) else "the round wind is one of E S W N"


class FutureRules(Nanning):
    """A rule set with facts of its own: it only declares them."""

    id = "test_future"
    context_fields = Nanning.context_fields + (
        ContextField("ga", INT_PER_SEAT, "each seat's 嘎", minimum=0, maximum=3),
        ContextField("round_wind", TILE, "the round wind", check=_winds_only),
        ContextField("watchers", SEATS, "seats that watched", max_len=2),
        ContextField("fed", SEAT_PAIRS, "who fed whom"),
    )


@pytest.fixture()
def future():
    register(FutureRules())
    yield QIXIAODUI | {"variant": "test_future"}
    _extra.pop("test_future", None)


def test_a_future_rule_set_declares_its_keys_and_the_engine_checks_them(future):
    out = accepted("score", future | {"context": {"ga": [0, 3, 1, 2], "round_wind": "S", "watchers": [0, 3],
                                                  "fed": [[0, 1], [2, 1]]}})
    assert out["deltas"] == [0, 9, -9, 0]
    refused("score", future | {"context": {"ga": [0, 4, 1, 2]}}, "context.ga[1]", "from 0 to 3")
    refused("score", future | {"context": {"ga": [0, 1]}}, "context.ga", "4 whole numbers")
    refused("score", future | {"context": {"round_wind": "C"}}, "context.round_wind", "E S W N")
    refused("score", future | {"context": {"watchers": [0, 0]}}, "context.watchers", "twice")
    refused("score", future | {"context": {"watchers": [0, 1, 2]}}, "context.watchers", "holds 3")
    refused("score", future | {"context": {"fed": [[0, 0]]}}, "context.fed[0]", "two different seats")
    refused("score", future | {"context": {"fed": [[0, 1], [0, 1]]}}, "context.fed", "twice")
    refused("score", future | {"context": {"xing": ["1m"]}}, "unknown key", "xing")


def test_each_declaration_describes_itself_for_the_docs():
    chengbao = next(f for f in NANNING.context_fields if f.name == "chengbao")
    assert chengbao.describe() == "the seat liable under 承包 (a seat, not the winner; null: none)"
    horses = next(f for f in BEIHAI.context_fields if f.name == "horses")
    assert "four of a kind" in horses.describe() and "`score` only" in horses.describe()
    assert "(0…3)" in FutureRules.context_fields[-4].describe()


def test_a_field_of_an_unknown_kind_is_refused_when_declared():
    with pytest.raises(ValueError, match="unknown kind"):
        ContextField("x", "colour")
