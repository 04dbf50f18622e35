"""Nanning (南宁 / 百色 / 崇左) rules, checked against shared/rules/nanning.md through the engine's contract.

Everything goes through `cmd_score` / `cmd_run` (the dicts `python -m game.engine score|run` prints), plus a few
real subprocess calls for exit codes and stdout. Each test asserts what the rules file says.

Tile shorthand in this file: T("123m 55p EES") == ["1m", "2m", "3m", "5p", "5p", "E", "E", "S"].
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.headless.engine_cli import CliError, cmd_run, cmd_score
from game.engine.errors import EngineError
from game.engine.tiles import TileError
from tests.variants.tiles_json import T, added_kong, concealed_kong, kong, pong, same, win

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


# ---------------------------------------------------------------------------------------------------- helpers
def score_doc(concealed: str, win_tile: str, *, winner: int = 1, discarder: int | None = None, melds=(),
              flags=(), options: dict | None = None, dealer: int = 0, **extra) -> dict:
    doc = {"variant": "nanning", "dealer": dealer, "winner": winner, "discarder": discarder,
           "concealed": T(concealed), "win_tile": win_tile, "melds": list(melds), "flags": list(flags), **extra}
    if options is not None:
        doc["options"] = options
    return doc


def score(*args, **kw) -> dict:
    out = cmd_score(score_doc(*args, **kw))
    assert out["ok"] is True
    return out


def d(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def act(seat: int, kind: str, tile: str | None = None) -> dict:
    out = {"seat": seat, "type": kind}
    if tile is not None:
        out["tile"] = tile
    return out


def pad_wall(hands: list[list[str]], wall: list[str], n: int = 4) -> list[str]:
    """The wall plus n tiles nobody draws, so that the scenario's last draw is not the last tile (海底)."""
    used = [*wall, *(t for h in hands for t in h)]
    spare = [t for t in T("123456789m 123456789p 123456789s ESWNCFP") for _ in range(4 - used.count(t))]
    return wall + spare[-n:]


def run_doc(hands: list, wall=(), actions=(), *, options: dict | None = None, dealer: int = 0,
            setup: dict | None = None) -> dict:
    """A run request. A wall string ending in "..." goes on with tiles nobody draws."""
    hands = [T(h) if isinstance(h, str) else h for h in hands]
    if isinstance(wall, str):
        wall = pad_wall(hands, T(wall)) if wall.endswith("...") else T(wall)
    doc = {"variant": "nanning", "dealer": dealer, "hands": hands, "wall": list(wall), "actions": list(actions)}
    if options is not None:
        doc["options"] = options
    if setup is not None:
        doc["setup"] = setup
    return doc


def run(*args, **kw) -> dict:
    """The `result` of a run that must succeed."""
    out = cmd_run(run_doc(*args, **kw))
    assert out["ok"] is True
    return out["result"]


def error(cmd, doc: dict) -> dict:
    """The JSON the command line would print for a refused request."""
    try:
        cmd(doc)
    except CliError as exc:
        return exc.payload
    except (EngineError, TileError) as exc:
        return {"ok": False, "error": exc.code, "message": str(exc)}
    pytest.fail("the request was accepted")




# hands that can neither win nor pong nor kong anything (thirteen singles)
JUNK = "147m 258p 369s ESWN"


# ---------------------------------------------------------------------------------------------------- score
# (id, score_doc arguments, hands, fan, deltas) — base 1 unless stated
SCORE_CASES = [
    # worked examples of rules/nanning.md
    ("ex1_pinghu_on_seat2_discard", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", discarder=2),
     ["pinghu"], 1, [0, 2, -2, 0]),
    ("ex2_qixiaodui_discard", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", discarder=2),
     ["qixiaodui"], 1, [0, 9, -9, 0]),
    ("ex2_qidadui_one_quad_discard", dict(concealed="1111m 33p 55s EE CC 9p", win_tile="9p", discarder=3),
     ["qidadui"], 2, [0, 18, 0, -18]),
    ("ex2_qingyise_pengpenghu_discard", dict(concealed="111p 333p 555p 777p 9p", win_tile="9p", discarder=2),
     ["qingyise", "pengpenghu"], 2, [0, 18, -18, 0]),
    ("ex3_pinghu_selfdraw_exposed_pong", dict(concealed="123m 456m 78s EE", win_tile="9s", melds=[pong("5p", 2)]),
     ["pinghu"], 1, [-3, 9, -3, -3]),
    ("ex3_pinghu_selfdraw_concealed", dict(concealed="123m 456m 789p 78s EE", win_tile="9s"),
     ["pinghu", "menqianqing"], 1, [-4, 12, -4, -4]),
    ("seed_base100_pengpenghu_qingyise_selfdraw",
     dict(concealed="222m 333m 55m 99m", win_tile="9m", melds=[pong("1m", 0)], options={"base": 100, "coins": False}),
     ["pengpenghu", "qingyise"], 2, [-600, 1800, -600, -600]),
    # 清一色 (one suit, or all honours)
    ("qingyise_discard", dict(concealed="123m 345m 567m 789m 1m", win_tile="1m", discarder=3),
     ["qingyise"], 1, [0, 9, 0, -9]),
    ("qingyise_with_melds_selfdraw",
     dict(concealed="234s 678s 9s", win_tile="9s", melds=[pong("1s", 0), kong("5s", 3)]),
     ["qingyise"], 1, [-3, 9, -3, -3]),
    ("ziyise_pongs", dict(concealed="EEE SSS WWW CCC F", win_tile="F", discarder=2),
     ["qingyise", "pengpenghu"], 2, [0, 18, -18, 0]),
    ("ziyise_seven_pairs", dict(concealed="EE SS WW NN CC FF P", win_tile="P", discarder=2),
     ["qingyise", "qixiaodui"], 2, [0, 18, -18, 0]),
    ("one_suit_plus_honours_is_not_qingyise", dict(concealed="123m 456m 789m EE CC", win_tile="C", discarder=2),
     ["pinghu"], 1, [0, 2, -2, 0]),
    # 碰碰胡
    ("pengpenghu_with_kongs_selfdraw",
     dict(concealed="111p 333s E", win_tile="E", melds=[kong("7m", 2), concealed_kong("9s")]),
     ["pengpenghu"], 1, [-3, 9, -3, -3]),
    ("pengpenghu_concealed_selfdraw_is_menqing", dict(concealed="111p 333s 555m 77m 99s", win_tile="9s"),
     ["pengpenghu", "menqianqing"], 1, [-4, 12, -4, -4]),
    # 全求人: four exposed melds, single wait, on a discard (in Nanning that hand is always 碰碰胡 too)
    ("quanqiuren_discard",
     dict(concealed="C", win_tile="C", discarder=2,
          melds=[pong("1m", 0), pong("5p", 2), kong("9s", 3), added_kong("E", 0)]),
     ["pengpenghu", "quanqiuren"], 2, [0, 18, -18, 0]),
    ("quanqiuren_not_on_selfdraw",
     dict(concealed="C", win_tile="C", melds=[pong("1m", 0), pong("5p", 2), kong("9s", 3), added_kong("E", 0)]),
     ["pengpenghu"], 1, [-3, 9, -3, -3]),
    ("quanqiuren_not_with_a_concealed_kong",
     dict(concealed="C", win_tile="C", discarder=2,
          melds=[pong("1m", 0), pong("5p", 2), kong("9s", 3), concealed_kong("E")]),
     ["pengpenghu"], 1, [0, 9, -9, 0]),
    # 七小对 / 七大对
    ("qixiaodui_selfdraw_menqing", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p"),
     ["qixiaodui", "menqianqing"], 1, [-4, 12, -4, -4]),
    ("qidadui_two_quads", dict(concealed="1111m 3333p EE CC 9p", win_tile="9p", discarder=2),
     ["qidadui"], 3, [0, 36, -36, 0]),
    ("qidadui_quad_completed_by_win_tile", dict(concealed="111m 33p 55s EE CC 99p", win_tile="1m", discarder=2),
     ["qidadui"], 2, [0, 18, -18, 0]),
    ("qidadui_best_reading_over_standard", dict(concealed="1111m 22m 33m 44m 55m 6m", win_tile="6m", discarder=2),
     ["qidadui", "qingyise"], 3, [0, 36, -36, 0]),
    # 杠上花 / 杠上炮 / 抢杠和
    ("gangshanghua_concealed_kong_is_menqing",
     dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[concealed_kong("9s")], flags=["after_kong"]),
     ["gangshanghua", "menqianqing"], 1, [-4, 12, -4, -4]),
    ("gangshanghua_exposed_kong",
     dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[kong("9s", 3)], flags=["after_kong"]),
     ["gangshanghua"], 1, [-3, 9, -3, -3]),
    ("gangshangpao", dict(concealed="123m 456m 789p 23s EE", win_tile="4s", discarder=2, flags=["after_kong"]),
     ["gangshangpao"], 1, [0, 9, -9, 0]),
    ("qiangganghu_paid_by_kong_owner",
     dict(concealed="123m 456m 789p 23s EE", win_tile="4s", discarder=3, flags=["robbing_kong"]),
     ["qiangganghu"], 1, [0, 9, 0, -9]),
    # 海底捞月 / 海底炮
    ("haidilaoyue", dict(concealed="123m 456m 78s EE", win_tile="9s", melds=[pong("5p", 2)], flags=["last_tile"]),
     ["haidilaoyue"], 1, [-3, 9, -3, -3]),
    ("haidipao", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", discarder=0, flags=["last_tile"]),
     ["haidipao"], 1, [-9, 9, 0, 0]),
    # 天胡 / 地胡 / 人胡
    ("tianhu_paid_as_selfdraw", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=0, flags=["heavenly"]),
     ["tianhu", "menqianqing"], 4, [96, -32, -32, -32]),
    ("tianhu_menqing_big_off",
     dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=0, flags=["heavenly"],
          options={"menqing_big": False}),
     ["tianhu"], 4, [72, -24, -24, -24]),
    ("dihu_paid_as_selfdraw", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=2, flags=["earthly"]),
     ["dihu", "menqianqing"], 3, [-16, -16, 48, -16]),
    ("dihu_menqing_big_off",
     dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=2, flags=["earthly"],
          options={"menqing_big": False}),
     ["dihu"], 3, [-12, -12, 36, -12]),
    ("renhu_dealer_pays_as_discard",
     dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=3, discarder=0, flags=["human"]),
     ["renhu"], 3, [-36, 0, 0, 36]),
    ("renhu_with_dealer_seat_2",
     dict(concealed="123m 456m 789p 23s EE", win_tile="1s", winner=1, discarder=2, dealer=2, flags=["human"]),
     ["renhu"], 3, [0, 36, -36, 0]),
    # 门前清: exposed pong or kong (added kong too) forbids it, a concealed kong does not
    ("menqing_with_concealed_kong",
     dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[concealed_kong("9s")]),
     ["pinghu", "menqianqing"], 1, [-4, 12, -4, -4]),
    ("no_menqing_with_exposed_kong", dict(concealed="123m 456m 78p EE", win_tile="9p", melds=[kong("9s", 0)]),
     ["pinghu"], 1, [-3, 9, -3, -3]),
    ("no_menqing_with_added_kong", dict(concealed="123m 456m 78p 55s", win_tile="9p", melds=[added_kong("E", 3)]),
     ["pinghu"], 1, [-3, 9, -3, -3]),
    ("menqing_big_off_small_hand_keeps_menqing",
     dict(concealed="123m 456m 789p 78s EE", win_tile="9s", options={"menqing_big": False}),
     ["pinghu", "menqianqing"], 1, [-4, 12, -4, -4]),
    ("menqing_big_off_big_hand_pays_rate_3",
     dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", options={"menqing_big": False}),
     ["qixiaodui"], 1, [-3, 9, -3, -3]),
    ("menqing_on_a_discard_changes_nothing", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", discarder=0),
     ["qixiaodui"], 1, [-9, 9, 0, 0]),
    # fans add: n big-hand fans pay 2^(n-1)
    ("qingyise_pengpenghu_gangshanghua_n3",
     dict(concealed="222m 444m 666m 9m", win_tile="9m", melds=[kong("1m", 2)], flags=["after_kong"]),
     ["qingyise", "pengpenghu", "gangshanghua"], 3, [-12, 36, -12, -12]),
    ("qingyise_pengpenghu_gangshanghua_n3_menqing",
     dict(concealed="222m 444m 666m 9m", win_tile="9m", melds=[concealed_kong("1m")], flags=["after_kong"]),
     ["qingyise", "pengpenghu", "gangshanghua", "menqianqing"], 3, [-16, 48, -16, -16]),
    ("qidadui2_qingyise_haidilaoyue_n5", dict(concealed="1111m 2222m 33m 55m 7m", win_tile="7m", flags=["last_tile"]),
     ["qidadui", "qingyise", "haidilaoyue", "menqianqing"], 5, [-64, 192, -64, -64]),
    ("big_hand_discard_n3", dict(concealed="111p 333p 555p 777p 9p", win_tile="9p", discarder=2,
                                 flags=["after_kong", "last_tile"]),
     ["qingyise", "pengpenghu", "gangshangpao", "haidipao"], 4, [0, 72, -72, 0]),
    # 底注
    ("base_5_pinghu_discard", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", discarder=2,
                                   options={"base": 5}), ["pinghu"], 1, [0, 10, -10, 0]),
    ("base_5_big_selfdraw", dict(concealed="11m 33p 55s EE CC 77m 9p", win_tile="9p", options={"base": 5}),
     ["qixiaodui", "menqianqing"], 1, [-20, 60, -20, -20]),
    ("coins_off_uses_base", dict(concealed="123m 456m 789p 23s EE", win_tile="1s", discarder=2,
                                 options={"base": 10, "coins": False}), ["pinghu"], 1, [0, 20, -20, 0]),
]


@pytest.mark.parametrize("args, hands, fan, deltas", [c[1:] for c in SCORE_CASES], ids=[c[0] for c in SCORE_CASES])
def test_score(args, hands, fan, deltas):
    out = score(**args)
    assert same(out["hands"]) == same(hands)
    assert out["fan"] == fan
    assert out["deltas"] == deltas
    assert sum(deltas) == 0
    assert isinstance(out["breakdown"], list) and all(isinstance(line, str) for line in out["breakdown"])


# every settlement formula of the rules, across hands, flags, win kinds, menqing_big and base
FORMULA_HANDS = [  # (concealed, win tile, melds, big hands with their fans)
    ("123m 456m 789p 23s EE", "1s", [], {}),
    ("123m 456m 78s EE", "9s", [pong("5p", 2)], {}),
    ("111p 333p 555p 777p 9p", "9p", [], {"qingyise": 1, "pengpenghu": 1}),
    ("11m 33p 55s EE CC 77m 9p", "9p", [], {"qixiaodui": 1}),
    ("1111m 3333p EE CC 9p", "9p", [], {"qidadui": 3}),
    ("222m 444m 666m 9m", "9m", [kong("1m", 2)], {"qingyise": 1, "pengpenghu": 1}),
    ("123m 456m 78p EE", "9p", [concealed_kong("9s")], {}),
]
FLAG_HANDS = {"after_kong": ("gangshanghua", "gangshangpao"), "last_tile": ("haidilaoyue", "haidipao")}


@settings(max_examples=80, deadline=None)
@given(hand=st.sampled_from(FORMULA_HANDS), flags=st.sets(st.sampled_from(sorted(FLAG_HANDS))),
       self_draw=st.booleans(), menqing_big=st.booleans(), base=st.integers(1, 1000))
def test_settlement_formula(hand, flags, self_draw, menqing_big, base):
    concealed, win_tile, melds, big = hand
    big = dict(big) | {FLAG_HANDS[f][0 if self_draw else 1]: 1 for f in flags}
    n = sum(big.values()) or 1
    menqing = self_draw and not any(m["type"] != "concealed_kong" for m in melds) and (menqing_big or not big)
    if self_draw:
        share = (4 if menqing else 3) * 2 ** (n - 1) * base
        deltas = [-share, 3 * share, -share, -share]
    else:
        share = (9 * 2 ** (n - 1) if big else 2) * base
        deltas = [0, share, -share, 0]
    out = score(concealed, win_tile, discarder=None if self_draw else 2, melds=melds, flags=sorted(flags),
                options={"base": base, "menqing_big": menqing_big, "coins": False})
    assert same(out["hands"]) == same([*(big or ["pinghu"]), *(["menqianqing"] if menqing else [])])
    assert out["fan"] == n
    assert out["deltas"] == deltas


def test_pinghu_discard_off_refuses_a_small_hand_on_a_discard():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", discarder=2, options={"pinghu_discard": False}))
    assert out["ok"] is False and out["error"] == "below_minimum" and out["message"]


def test_pinghu_discard_off_still_allows_self_draw_and_big_hands_on_discards():
    off = {"pinghu_discard": False}
    assert score("123m 456m 789p 23s EE", "1s", options=off)["deltas"] == [-4, 12, -4, -4]
    assert score("11m 33p 55s EE CC 77m 9p", "9p", discarder=2, options=off)["deltas"] == [0, 9, -9, 0]
    assert score("123m 456m 789p 23s EE", "1s", discarder=2, flags=["robbing_kong"],
                 options=off)["hands"] == ["qiangganghu"]


@pytest.mark.parametrize("concealed, win_tile, melds", [
    ("123m 456m 789p 23s EE", "9s", []),             # not a win
    ("19m 19p 19s ESWNCFP", "1m", []),                # thirteen orphans is no Nanning shape
    ("11m 33p 55s EE 9p 7m", "9p", [pong("C", 2)]),    # pairs beside a meld are not seven pairs
    ("11m 33p 55s EE CC", "9p", [pong("F", 2)]),
])
@pytest.mark.parametrize("discarder", [2, None])
def test_not_a_win(concealed, win_tile, melds, discarder):
    out = error(cmd_score, score_doc(concealed, win_tile, discarder=discarder, melds=melds))
    assert out["ok"] is False and out["error"] == "not_a_win" and out["message"]


@pytest.mark.parametrize("change, code", [
    ({"variant": "xian"}, "unknown_variant"),
    ({"variant": "taiwan"}, "unknown_variant"),
    ({"variant": None}, "unknown_variant"),
    ({"players": 3}, "bad_input"),                   # Nanning is a four-player game
    ({"win_tile": "10m"}, "bad_tile"),
    ({"win_tile": "0p"}, "bad_tile"),
    ({"concealed": T("123m 456m 789p 23s E") + ["X"]}, "bad_tile"),
    ({"concealed": T("123m 456m 789p 23s E") + [5]}, "bad_tile"),
    ({"concealed": T("123m 456m 789p 23s E")}, "bad_input"),                 # 12 tiles
    ({"concealed": T("123m 456m 789p 23s EEE")}, "bad_input"),               # 14 tiles
    ({"concealed": T("1111m 456m 789p 2s EE"), "win_tile": "1m"}, "bad_input"),  # five 1m
    ({"melds": [kong("E", 2)], "concealed": T("123m 456m 789p E"), "win_tile": "E"}, "bad_input"),  # five E
    ({"winner": None}, "bad_input"),
    ({"winner": 4}, "bad_input"),
    ({"discarder": 1}, "bad_input"),                 # the winner's own discard
    ({"flags": ["lucky"]}, "bad_input"),
    ({"flags": ["robbing_kong"], "discarder": None}, "bad_input"),
    ({"melds": [{"type": "pong", "tiles": T("5p5p6p"), "from": 2}], "concealed": T("123m 456m 78s EE")}, "bad_input"),
    ({"melds": [{"type": "pong", "tiles": T("5p5p5p")}], "concealed": T("123m 456m 78s EE")}, "bad_input"),  # no from
    ({"colour": "red"}, "bad_input"),                # unknown key
    ({"options": {"fan_cap": 8}}, "bad_option"),
    ({"options": {"base": 0}}, "bad_option"),
    ({"options": {"base": 2.5}}, "bad_option"),
    ({"options": {"base": "four"}}, "bad_option"),
    ({"options": {"base": True}}, "bad_option"),
    ({"options": {"coins": "yes"}}, "bad_option"),
    ({"options": {"chengbao": 1}}, "bad_option"),
    ({"options": {"pinghu_discard": None}}, "bad_option"),
    ({"options": ["base", 1]}, "bad_option"),
])
def test_score_bad_input(change, code):
    doc = {**score_doc("123m 456m 789p 23s EE", "1s", discarder=2), **change}
    out = error(cmd_score, doc)
    assert out["ok"] is False
    assert out["error"] == code, out
    assert isinstance(out["message"], str) and out["message"]


def test_string_number_for_base_is_a_wrong_type():
    out = error(cmd_score, score_doc("123m 456m 789p 23s EE", "1s", discarder=2, options={"base": "4"}))
    assert out["error"] == "bad_option"


def test_chow_meld_is_refused_in_nanning():
    doc = score_doc("1m 1m 2p 3p 4p 5s 6s 7s 9s 9s", "9s", discarder=2,
                    melds=[{"type": "chow", "tiles": T("123s"), "from": 0}])
    out = error(cmd_score, doc)
    assert out["error"] == "bad_input"


def _refused_or_without(doc: dict, hand: str) -> dict | None:
    try:
        out = cmd_score(doc)
    except (EngineError, TileError):
        return None
    assert hand not in out["hands"], out
    return out


def test_tianhu_cannot_be_won_on_a_discard():
    _refused_or_without(score_doc("123m 456m 789p 23s EE", "1s", winner=0, discarder=2, flags=["heavenly"]), "tianhu")


def test_renhu_needs_the_dealer_as_discarder():
    _refused_or_without(score_doc("123m 456m 789p 23s EE", "1s", winner=3, discarder=2, flags=["human"]), "renhu")


@pytest.mark.parametrize("winner, discarder, flag, hand", [
    (1, None, "heavenly", "tianhu"),   # 天胡 is the dealer's
    (0, None, "earthly", "dihu"),      # 地胡 is a non-dealer's
    (1, 2, "earthly", "dihu"),         # ... self-drawn
    (1, None, "human", "renhu"),       # 人胡 is won on a discard
    (0, 2, "human", "renhu"),          # ... by a non-dealer
])
def test_flags_that_do_not_fit_the_win_give_no_such_hand(winner, discarder, flag, hand):
    _refused_or_without(score_doc("123m 456m 789p 23s EE", "1s", winner=winner, discarder=discarder, flags=[flag]),
                        hand)


# ---------------------------------------------------------------------------------------------------- run: kongs
# seat 3 holds three 5m and kongs the dealer's 5m (worked example 4)
KONG_HANDS = ["5m 123p 456p 789s CC FF", JUNK, JUNK, "555m 123s 456s 99p PP"]


def test_example4_exposed_kong_on_a_discard():
    result = run(KONG_HANDS, "CC", [d(0, "5m"), act(3, "kong")])
    assert result["deltas"] == [-1, 0, 0, 1]
    assert result["finished"] is False and result["wins"] == []


def test_concealed_kong_each_other_pays():
    result = run(["CCCC 123p 456p 78p 99m", JUNK, JUNK, JUNK], "FFF", [act(0, "concealed_kong", "C")])
    assert result["deltas"] == [3, -1, -1, -1]


# the dealer's 7p is ponged by seat 2, who later draws the fourth 7p and adds it to the pong
ADDED_HANDS = ["7p 123m 456m 89m CC FF P", JUNK, "77p 123s 456s 78s EE P", JUNK]
ADDED_ACTIONS = [d(0, "7p"), act(2, "pong"), d(2, "P"), d(3, "9p"), d(0, "9p"), d(1, "9p"),
                 act(2, "added_kong", "7p")]


def test_added_kong_the_feeder_of_the_pong_pays():
    result = run(ADDED_HANDS, "9p 9p 9p 7p 1s", ADDED_ACTIONS)
    assert result["deltas"] == [-1, 0, 1, 0]


# the same, but seat 3 draws 6p, throws 9p (now waiting on 4p/7p) and can rob the added kong of 7p
ROB_HANDS = [*ADDED_HANDS[:3], "5p9p 234m 567m WWW NN"]
ROB_ACTIONS = ADDED_ACTIONS


def test_robbing_an_added_kong_is_paid_by_its_owner_and_the_kong_scores_nothing():
    result = run(ROB_HANDS, "6p 9p 9p 7p 1s", [*ROB_ACTIONS, act(3, "win")])
    assert win(result) == {"seat": 3, "from": 2, "hands": ["qiangganghu"], "fan": 1}
    assert result["deltas"] == [0, 0, -9, 9]
    assert result["next_dealer"] == 3


def test_robbing_is_big_even_when_pinghu_may_not_win_on_a_discard():
    result = run(ROB_HANDS, "6p 9p 9p 7p 1s", [*ROB_ACTIONS, act(3, "win")], options={"pinghu_discard": False})
    assert result["deltas"] == [0, 0, -9, 9]


def test_a_kong_not_robbed_stands_and_scores():
    result = run(ROB_HANDS, "6p 9p 9p 7p 1s", [*ROB_ACTIONS, act(3, "pass")])
    assert result["wins"] == [] and result["finished"] is False
    assert result["deltas"] == [-1, 0, 1, 0]


# a whole round with all three kinds of kong, ending in exhaustion (also tests/data/nanning_kong_round.json)
def kong_round_doc(**options) -> dict:
    return json.loads((DATA / "nanning_kong_round.json").read_text(encoding="utf-8")) | (
        {"options": options} if options else {})


def test_kong_points_stand_on_exhaustion_by_default():
    out = cmd_run(kong_round_doc())
    result = out["result"]
    assert result["finished"] is True and result["exhausted"] is True and result["wins"] == []
    # concealed kong (+3 −1 −1 −1), exposed kong on seat 0's 5m (0 → 3), added kong fed by seat 0 (0 → 2)
    assert result["deltas"] == [1, -1, 0, 0]
    assert result["next_dealer"] == 0


def test_kong_on_draw_off_undoes_kong_points_on_exhaustion():
    result = cmd_run(kong_round_doc(kong_on_draw=False))["result"]
    assert result["exhausted"] is True
    assert result["deltas"] == [0, 0, 0, 0]


def test_kong_on_draw_off_keeps_kong_points_when_someone_wins():
    # concealed kong, replacement 6p completes the hand: 杠上花 + 门前清 (a concealed kong keeps 门前清)
    result = run(["CCCC 123p 456p 78p 99m", JUNK, JUNK, JUNK], "6p ...", [act(0, "concealed_kong", "C"), act(0, "win")],
                 options={"kong_on_draw": False})
    assert same(win(result)["hands"]) == same(["gangshanghua", "menqianqing"]) and win(result)["fan"] == 1
    assert result["deltas"] == [15, -5, -5, -5]  # kong 3 + 3 × 4


# ---------------------------------------------------------------------------------------------------- run: hand types
def test_gangshangpao_after_an_exposed_kong():
    hands = ["5m 123p 456p 789s CC FF", "555m 123s 456s 99p PP", "12p 234m 678m 789s NN", JUNK]
    result = run(hands, "3p E", [d(0, "5m"), act(1, "kong"), d(1, "3p"), act(2, "win")])
    assert win(result) == {"seat": 2, "from": 1, "hands": ["gangshangpao"], "fan": 1}
    assert result["deltas"] == [-1, -8, 9, 0]  # kong: seat 0 pays 1; 杠上炮: seat 1 pays 9


# the dealer discards N and waits on 6s/9s; seat 2 waits on P; the wall holds 4 tiles
LAST_HANDS = ["123m 456m 789p 78s FF N", JUNK, "123s 456s 789m 55p PP", JUNK]
LAST_ACTIONS = [d(0, "N"), d(1, "C"), d(2, "C"), d(3, "C")]


def test_haidilaoyue_self_draw_on_the_last_tile():
    result = run(LAST_HANDS, "CCC 9s", [*LAST_ACTIONS, act(0, "win")])
    assert same(win(result)["hands"]) == same(["haidilaoyue", "menqianqing"]) and win(result)["fan"] == 1
    assert result["deltas"] == [12, -4, -4, -4]
    assert result["next_dealer"] == 0


def test_haidipao_win_on_the_last_drawers_discard():
    result = run(LAST_HANDS, "CCC P", [*LAST_ACTIONS, d(0, "P"), act(2, "win")])
    assert win(result) == {"seat": 2, "from": 0, "hands": ["haidipao"], "fan": 1}
    assert result["deltas"] == [-9, 0, 9, 0]


def test_exhaustion_after_the_last_tile():
    result = run(LAST_HANDS, "CCC 1s", [*LAST_ACTIONS, d(0, "1s")])
    assert result["finished"] is True and result["exhausted"] is True
    assert result["wins"] == [] and result["deltas"] == [0, 0, 0, 0] and result["next_dealer"] == 0


def test_exhaustion_with_an_empty_wall_keeps_the_dealer():
    hands = [JUNK, JUNK, "123s 456s 789m 55p PP N", "123m 456m 789p 78s FF"]
    result = run(hands, [], [d(2, "N")], dealer=2)
    assert result["finished"] is True and result["exhausted"] is True
    assert result["deltas"] == [0, 0, 0, 0] and result["next_dealer"] == 2


def test_tianhu_dealer_wins_on_his_dealt_tiles():
    result = run(["123m 456m 789m 123p 99p", JUNK, JUNK, JUNK], "E", [act(0, "win")])
    assert same(win(result)["hands"]) == same(["tianhu", "menqianqing"]) and win(result)["fan"] == 4
    assert result["deltas"] == [96, -32, -32, -32]
    assert result["next_dealer"] == 0


def test_dihu_non_dealer_self_draw_on_his_first_draw():
    hands = ["123m 456m 789p 78s FF N", "123s 456s 789m 55p PP", JUNK, JUNK]
    result = run(hands, "P ...", [d(0, "N"), act(1, "win")])
    assert same(win(result)["hands"]) == same(["dihu", "menqianqing"]) and win(result)["fan"] == 3
    assert result["deltas"] == [-16, 48, -16, -16]
    assert result["next_dealer"] == 1


def test_no_dihu_after_a_pong():
    hands = ["123m 456m 789p 78s FF N", "123s 456s 789m 55p PP", JUNK, "NN 147m 258p 369s CE"]
    actions = [d(0, "N"), act(3, "pong"), d(3, "C"), d(0, "W"), act(1, "win")]
    result = run(hands, "W P ...", actions)
    assert same(win(result)["hands"]) == same(["pinghu", "menqianqing"]) and win(result)["fan"] == 1
    assert result["deltas"] == [-4, 12, -4, -4]


def test_small_self_draw_wins_even_when_pinghu_may_not_win_on_a_discard():
    hands = ["123m 456m 789p 78s FF N", "123s 456s 789m 55p PP", JUNK, "NN 147m 258p 369s CE"]
    actions = [d(0, "N"), act(3, "pong"), d(3, "C"), d(0, "W"), act(1, "win")]
    assert run(hands, "W P ...", actions, options={"pinghu_discard": False})["deltas"] == [-4, 12, -4, -4]


def test_renhu_non_dealer_wins_on_the_dealers_first_discard():
    hands = ["123m 456m 789p 78s FF N", JUNK, "123s 456s 789m 567p N", JUNK]
    result = run(hands, "E ...", [d(0, "N"), act(2, "win")])
    assert win(result) == {"seat": 2, "from": 0, "hands": ["renhu"], "fan": 3}
    assert result["deltas"] == [-36, 0, 36, 0]
    assert result["next_dealer"] == 2


def test_renhu_with_another_dealer():
    # the same deal turned so that seat 3 deals: seat 1 (two seats on) wins on his first discard
    hands = [JUNK, "123s 456s 789m 567p N", JUNK, "123m 456m 789p 78s FF N"]
    result = run(hands, "E ...", [d(3, "N"), act(1, "win")], dealer=3)
    assert win(result) == {"seat": 1, "from": 3, "hands": ["renhu"], "fan": 3}
    assert result["deltas"] == [0, 36, 0, -36] and result["next_dealer"] == 1


def test_no_renhu_after_the_dealers_concealed_kong():
    # rules/common.md: a concealed kong is a call, so the dealer's opening kong voids 人胡 ("no call before it");
    # the win on the kong's discard is 杠上炮 alone (1 fan: the dealer pays 9, and had 1 from each for the kong)
    hands = ["CCCC 123p 456p 78p 1s 9m", "345m 678m 234s FF 11s", JUNK, JUNK]
    result = run(hands, "9m N N", [act(0, "concealed_kong", "C"), d(0, "1s"), act(1, "win")])
    assert win(result) == {"seat": 1, "from": 0, "hands": ["gangshangpao"], "fan": 1}
    assert result["deltas"] == [3 - 9, -1 + 9, -1, -1]


def test_no_dihu_after_the_dealers_concealed_kong():
    # the same self-draw on seat 1's first draw is 地胡 without the kong (test_dihu_non_dealer_self_draw_on_his_first_draw)
    hands = ["CCCC 123p 346p 78p 1s 9m", "123s 456s 789m 55p PP", JUNK, JUNK]
    result = run(hands, "N P ...", [act(0, "concealed_kong", "C"), d(0, "1s"), act(1, "win")])
    assert win(result)["seat"] == 1 and win(result)["from"] is None and "dihu" not in win(result)["hands"]


# seat 3 waits on 5m (9999s to come, 123p 456p 4m6m EE); the dealer throws 5m twice
KONG_LOCK_HANDS = ["5m 5m 1s 4s 7s 2p 8p 9m S W N C F P", "9s 1m 2m 7m 8m 2s 3s 6s 7p 9p S W N",
              "3m 7m 8m 1s 2s 5s 8s 7p 9p 8p S W N", "9s 9s 9s 1p 2p 3p 4p 5p 6p 4m 6m E E"]


def test_a_kongs_replacement_draw_lifts_the_pass_lock():
    # rules/common.md: a pass-lock "until his next draw" ends with a replacement draw too. Seat 3 passes the
    # dealer's 5m (过胡不胡), kongs seat 1's 9s, draws the replacement and discards: the dealer's next 5m is his.
    actions = [d(0, "5m"), act(3, "pass"), d(1, "9s"), act(3, "kong"), d(3, "P"), d(0, "5m"), act(3, "win")]
    result = run(KONG_LOCK_HANDS, "8s P 5s ...", actions)
    assert win(result)["seat"] == 3 and win(result)["from"] == 0


def test_the_pass_lock_holds_until_that_draw():
    # without the kong the same 5m, thrown again before seat 3 draws, may not be won
    hands = [KONG_LOCK_HANDS[0], "5m 1m 2m 7m 8m 2s 3s 6s 7p 9p S W N", KONG_LOCK_HANDS[2], KONG_LOCK_HANDS[3]]
    out = error(cmd_run, run_doc(hands, "8s P 5s ...", [d(0, "5m"), act(3, "pass"), d(1, "5m"), act(3, "win")]))
    assert out["error"] == "illegal_action" and out["index"] == 3


# seat 1 pongs E (from 0), S (from 2), W (from 3) and N (from 0): four exposed melds and a single 1p
QQR_HANDS = ["E N 123m 456m 789m 55p 9p", "EE SS WW NN 1p 1234s", "S 123p 678p 999m 57s F",
             "W 147m 258p 369s P C 8m"]
QQR_ACTIONS = [d(0, "E"), act(1, "pong"), d(1, "1s"), d(2, "S"), act(1, "pong"), d(1, "2s"), d(2, "8s"),
               d(3, "W"), act(1, "pong"), d(1, "3s"), d(2, "8s"), d(3, "8s"), d(0, "N"), act(1, "pong"),
               d(1, "4s")]
QQR_WALL = "F 8s 8s 8s 8s F"  # seat 2 keeps F (pair) and then waits on 6s; the dealer keeps the last F


def test_quanqiuren_single_wait_won_on_a_discard():
    result = run(QQR_HANDS, QQR_WALL + " 1p ...", [*QQR_ACTIONS, d(2, "1p"), act(1, "win")])
    w = win(result)
    assert (w["seat"], w["from"], same(w["hands"]), w["fan"]) == (1, 2, same(["quanqiuren", "pengpenghu"]), 2)
    assert result["deltas"] == [0, 18, -18, 0]


def test_quanqiuren_self_drawn_is_not_quanqiuren():
    actions = [*QQR_ACTIONS, d(2, "P"), d(3, "P"), d(0, "P"), act(1, "win")]
    result = run(QQR_HANDS, QQR_WALL + " PPP 1p ...", actions)
    assert win(result) == {"seat": 1, "from": None, "hands": ["pengpenghu"], "fan": 1}
    assert result["deltas"] == [-3, 9, -3, -3]


def test_quanqiuren_fangpao_the_single_tile_holder_discards_after_his_draw():
    actions = [*QQR_ACTIONS, d(2, "P"), d(3, "P"), d(0, "P"), d(1, "6s"), act(2, "win")]
    result = run(QQR_HANDS, QQR_WALL + " PPP 6s ...", actions)
    assert win(result) == {"seat": 2, "from": 1, "hands": ["quanqiuren_fangpao"], "fan": 1}
    assert result["deltas"] == [0, -9, 9, 0]


# ---------------------------------------------------------------------------------------------------- run: claims
# seat 1 discards 5p: seat 2 wins with 平胡 (46p), seat 3 with 七小对
MULTI_HANDS = ["123m 456m 789p 22s WW N", JUNK, "123s 456s 789m 46p CC", "11m 33m 66p 77s 88s FF 5p"]


@pytest.mark.parametrize("order", [(2, 3), (3, 2)])
def test_yipao_duoxiang_the_discarder_pays_each_and_deals_next(order):
    result = run(MULTI_HANDS, "E ...", [d(0, "N"), d(1, "5p"), *(act(s, "win") for s in order)])
    wins = {w["seat"]: w for w in result["wins"]}
    assert set(wins) == {2, 3}
    assert wins[2] == {"seat": 2, "from": 1, "hands": ["pinghu"], "fan": 1}
    assert wins[3] == {"seat": 3, "from": 1, "hands": ["qixiaodui"], "fan": 1}
    assert result["deltas"] == [0, -11, 2, 9]
    assert result["next_dealer"] == 1


def test_one_winner_passes_the_other_wins_and_deals_next():
    result = run(MULTI_HANDS, "E ...", [d(0, "N"), d(1, "5p"), act(2, "pass"), act(3, "win")])
    assert win(result)["seat"] == 3 and result["deltas"] == [0, -9, 0, 9]
    assert result["next_dealer"] == 3


def test_pinghu_discard_off_no_small_win_is_offered_on_a_discard():
    doc = run_doc(MULTI_HANDS, "E ...", [d(0, "N"), d(1, "5p"), act(2, "win")], options={"pinghu_discard": False})
    out = error(cmd_run, doc)
    assert out["error"] == "illegal_action" and out["index"] == 2
    # the big hand beside it still wins
    result = run(MULTI_HANDS, "E ...", [d(0, "N"), d(1, "5p"), act(3, "win")], options={"pinghu_discard": False})
    assert result["deltas"] == [0, -9, 0, 9]


def test_win_beats_pong_whatever_order_they_are_listed_in():
    hands = ["123m 456m 789p 22s WW N", "55p 147m 28p 369s ESW", "123s 456s 789m 46p CC", JUNK]  # seat 1 can pong 5p
    result = run(hands, "E F 5p ...", [d(0, "N"), d(1, "E"), d(2, "F"), d(3, "5p"), act(1, "pong"), act(2, "win")])
    assert win(result)["seat"] == 2 and win(result)["from"] == 3


# 跟牌不可胡: seat 3 waits on 2m/5m and passes the dealer's 5m
LOCK_HANDS = ["5m 123s 456s 789m CC FP", "5m 17m 258p 369s ESWN", "2m 17m 258p 369s ESWN", "34m 123p 456p 789s EE"]
LOCK_WALL = "9p 9p 9p 5m ..."


def test_control_seat3_can_win_on_seat1s_5m_when_nothing_was_passed():
    result = run(LOCK_HANDS, LOCK_WALL, [d(0, "P"), d(1, "5m"), act(3, "win")])
    assert win(result) == {"seat": 3, "from": 1, "hands": ["pinghu"], "fan": 1}


@pytest.mark.parametrize("pass_action", [[act(3, "pass")], []], ids=["explicit_pass", "not_listed"])
def test_passed_win_bars_the_same_kind_until_the_next_draw(pass_action):
    doc = run_doc(LOCK_HANDS, LOCK_WALL, [d(0, "5m"), *pass_action, d(1, "5m"), act(3, "win")])
    out = error(cmd_run, doc)
    assert out["ok"] is False and out["error"] == "illegal_action"
    assert out["index"] == len(pass_action) + 2


def test_passed_win_does_not_bar_a_different_tile():
    result = run(LOCK_HANDS, LOCK_WALL, [d(0, "5m"), act(3, "pass"), d(1, "5m"), d(2, "2m"), act(3, "win")])
    assert win(result) == {"seat": 3, "from": 2, "hands": ["pinghu"], "fan": 1}
    assert result["deltas"] == [0, 0, -2, 2]


def test_passed_win_does_not_bar_a_self_draw():
    # seat 3 passes the dealer's 5m (人胡) and then draws the last 5m: his first draw, no call yet, so 地胡
    result = run(LOCK_HANDS, "9p 9p 5m ...", [d(0, "5m"), act(3, "pass"), d(1, "5m"), d(2, "9p"), act(3, "win")])
    w = win(result)
    assert (w["seat"], w["from"], same(w["hands"]), w["fan"]) == (3, None, same(["dihu", "menqianqing"]), 3)
    assert result["deltas"] == [-16, -16, -16, 48]


def test_passed_win_is_allowed_again_after_the_seats_own_draw():
    actions = [d(0, "5m"), act(3, "pass"), d(1, "5m"), d(2, "9p"), d(3, "9p"), d(0, "5m"), act(3, "win")]
    result = run(LOCK_HANDS, LOCK_WALL, actions)
    assert win(result) == {"seat": 3, "from": 0, "hands": ["pinghu"], "fan": 1}
    assert result["deltas"] == [-2, 0, 0, 2]


# 承包: B (seat 2) pongs C, F and P from A (seat 0, dealer). A then waits on 1p/4p, B on 9s.
CB_HANDS = ["CFP 123m 456m 789m 11p", JUNK, "CC FF PP 123s 567s 9s", JUNK]
CB_ACTIONS = [d(0, "C"), act(2, "pong"), d(2, "1s"), d(3, "8s"), d(0, "F"), act(2, "pong"), d(2, "2s"),
              d(3, "8s"), d(0, "P"), act(2, "pong"), d(2, "3s")]
CB_WALL = "8s 2p 8s 3p"  # seat 3 throws the 8s away, A keeps 2p and 3p


def cb_run(rest_wall: str, actions: list, chengbao: bool = True) -> dict:
    return run(CB_HANDS, f"{CB_WALL} {rest_wall} ...", [*CB_ACTIONS, *actions], options={"chengbao": chengbao})


@pytest.mark.parametrize("chengbao, deltas", [(True, [-9, 0, 9, 0]), (False, [-3, -3, 9, -3])])
def test_chengbao_b_self_draws_a_pays_all_three_shares(chengbao, deltas):
    result = cb_run("8s N 8s 9s", [d(3, "8s"), d(0, "N"), d(1, "8s"), act(2, "win")], chengbao)
    assert win(result) == {"seat": 2, "from": None, "hands": ["pinghu"], "fan": 1}
    assert result["deltas"] == deltas


@pytest.mark.parametrize("chengbao, deltas", [(True, [-2, 0, 4, -2]), (False, [0, 0, 2, -2])])
def test_chengbao_third_player_discards_to_b_a_pays_the_same_again(chengbao, deltas):
    result = cb_run("9s", [d(3, "9s"), act(2, "win")], chengbao)
    assert win(result)["from"] == 3
    assert result["deltas"] == deltas


@pytest.mark.parametrize("chengbao, deltas", [(True, [-4, 0, 4, 0]), (False, [-2, 0, 2, 0])])
def test_chengbao_a_discards_to_b_pays_double(chengbao, deltas):
    result = cb_run("8s 9s", [d(3, "8s"), d(0, "9s"), act(2, "win")], chengbao)
    assert win(result)["from"] == 0
    assert result["deltas"] == deltas


def test_fenghu_a_cannot_win_on_a_discard():
    actions = [d(3, "4p"), act(0, "win")]
    out = error(cmd_run, run_doc(CB_HANDS, f"{CB_WALL} 4p N ...", [*CB_ACTIONS, *actions]))
    assert out["error"] == "illegal_action" and out["index"] == len(CB_ACTIONS) + 1
    assert cb_run("4p N", actions, chengbao=False)["deltas"] == [2, 0, 0, -2]  # control: 封胡 off


def test_fenghu_a_cannot_win_even_on_self_draw():
    actions = [d(3, "8s"), act(0, "win")]
    out = error(cmd_run, run_doc(CB_HANDS, f"{CB_WALL} 8s 4p ...", [*CB_ACTIONS, *actions]))
    assert out["error"] == "illegal_action" and out["index"] == len(CB_ACTIONS) + 1
    assert cb_run("8s 4p", actions, chengbao=False)["deltas"] == [12, -4, -4, -4]  # control: 封胡 off


def test_chengbao_counts_a_kong_as_one_of_the_three():
    hands = ["CFP 123m 456m 789m 11p", JUNK, "CC FF PPP 123s 567s", JUNK]
    actions = [d(0, "C"), act(2, "pong"), d(2, "1s"), d(3, "8s"), d(0, "F"), act(2, "pong"), d(2, "2s"),
               d(3, "8s"), d(0, "P"), act(2, "kong"), d(2, "3s"), d(3, "8s"), d(0, "N"), d(1, "8s"),
               act(2, "win")]
    result = run(hands, "8s 2p 8s 3p 9s 8s N 8s 9s ...", actions)
    assert win(result)["from"] is None
    assert result["deltas"] == [-10, 0, 10, 0]  # kong: A pays 1; self-draw: A alone pays 3 × 3


# ---------------------------------------------------------------------------------------------------- run: escape
def test_escape_pays_8_base_and_each_other_gets_1_and_play_continues():
    result = run(KONG_HANDS, "CC", [act(2, "escape")])
    assert result["deltas"] == [1, 1, -8, 1] and sum(result["deltas"]) == -5  # not zero-sum
    result = run(KONG_HANDS, "CC", [act(2, "escape"), d(0, "5m"), act(3, "kong")])
    assert result["deltas"] == [0, 1, -8, 2]
    # the escaper's seat plays on (an AI takes over): seat 3 leaves, then still kongs
    result = run(KONG_HANDS, "CC", [act(3, "escape"), d(0, "5m"), act(3, "kong")])
    assert result["deltas"] == [0, 1, 1, -7]


def test_escape_scales_with_the_coin_base():
    result = run(KONG_HANDS, "CC", [act(1, "escape")], setup={"coins": [5_000, 400, 100_000, 3_000]})
    assert result["deltas"] == [10, -80, 10, 10]


def test_escape_twice_or_after_the_round_is_illegal():
    out = error(cmd_run, run_doc(KONG_HANDS, "CC", [act(2, "escape"), act(2, "escape")]))
    assert out["error"] == "illegal_action" and out["index"] == 1
    out = error(cmd_run, run_doc(["123m 456m 789m 123p 99p", JUNK, JUNK, JUNK], "E", [act(0, "win"), act(1, "escape")]))
    assert out["error"] == "illegal_action" and out["index"] == 1


# ---------------------------------------------------------------------------------------------------- run: coins
@pytest.mark.parametrize("poorest, base", [
    (32, 1), (319, 1), (320, 10), (3_199, 10), (3_200, 100), (31_999, 100), (32_000, 1_000), (319_999, 1_000),
    (320_000, 10_000), (3_199_999, 10_000), (3_200_000, 100_000), (99_000_000, 100_000),
])
def test_coin_tiers_the_poorest_player_sets_the_base(poorest, base):
    coins = [50_000_000, poorest, 60_000_000, 70_000_000]
    result = run(["CCCC 123p 456p 78p 99m", JUNK, JUNK, JUNK], "FFF", [act(0, "concealed_kong", "C")],
                 setup={"coins": coins}, options={"base": 7})
    assert result["deltas"] == [3 * base, -base, -base, -base]


def test_coins_off_uses_the_base_option():
    result = run(["CCCC 123p 456p 78p 99m", JUNK, JUNK, JUNK], "FFF", [act(0, "concealed_kong", "C")],
                 setup={"coins": [400, 400, 400, 400]}, options={"coins": False, "base": 7})
    assert result["deltas"] == [21, -7, -7, -7]


# seat 1 pongs the dealer's 1m and self-draws 9m: 碰碰胡 + 清一色 with an exposed pong (the seed's example)
SEED_HANDS = ["1m 123p 456p 789p 11s 99s", "11m 222m 333m 55m 99m 7m", "258p 369s ESWN CFP", "258p 369s ESWN CFP"]
SEED_ACTIONS = [d(0, "1m"), act(1, "pong"), d(1, "7m"), d(2, "4s"), d(3, "4s"), d(0, "4s"), act(1, "win")]


@pytest.mark.parametrize("coins, each", [([5_000, 3_200, 100_000, 40_000], 600), ([5_000, 3_199, 100_000, 40_000], 60)])
def test_seed_example_base_from_coins(coins, each):
    result = run(SEED_HANDS, "4s 4s 4s 9m ...", SEED_ACTIONS, setup={"coins": coins})
    assert same(win(result)["hands"]) == same(["pengpenghu", "qingyise"]) and win(result)["fan"] == 2
    assert result["deltas"] == [-each, 3 * each, -each, -each]


def test_seed_example_base_from_options():
    result = run(SEED_HANDS, "4s 4s 4s 9m ...", SEED_ACTIONS, options={"base": 100, "coins": False})
    assert result["deltas"] == [-600, 1800, -600, -600]


def test_a_player_below_32_coins_cannot_sit():
    out = error(cmd_run, run_doc(KONG_HANDS, "CC", [d(0, "5m")], setup={"coins": [31, 500, 500, 500]}))
    assert out["error"] == "bad_input"


def test_a_player_below_32_coins_is_refused_when_scoring():
    out = error(cmd_run, run_doc(KONG_HANDS, "CC", [d(0, "5m"), act(3, "kong")], setup={"coins": [31, 500, 500, 500]}))
    assert out["ok"] is False and out["error"] == "bad_input" and "32" in out["message"]


# ---------------------------------------------------------------------------------------------------- run: bad input
@pytest.mark.parametrize("actions, index", [
    ([d(2, "1m")], 0),                                     # not seat 2's turn
    ([d(0, "9m")], 0),                                     # the dealer holds no 9m
    ([act(0, "win")], 0),                                  # not a winning hand
    ([act(1, "pong")], 0),                                 # nothing to pong
    ([d(0, "5m"), act(1, "chow", "5m") | {"tiles": ["4m", "6m"]}], 1),  # Nanning has no chow
    ([d(0, "5m"), act(2, "pong")], 1),                     # seat 2 holds no pair of 5m
    ([d(0, "5m"), act(3, "kong"), act(3, "kong")], 2),
    ([d(0, "5m"), act(0, "pong")], 1),                     # his own discard
    ([act(0, "concealed_kong", "C")], 0),                  # only two C
    ([act(4, "escape")], 0),                               # no seat 4
])
def test_illegal_action_is_reported_with_its_index(actions, index):
    hands = list(KONG_HANDS)
    hands[1] = "46m 17m 258p 369s ESW"  # seat 1 could chow 5m if Nanning allowed it
    out = error(cmd_run, run_doc(hands, "CC", actions))
    assert out["ok"] is False and out["error"] == "illegal_action"
    assert out["index"] == index and out["message"]


@pytest.mark.parametrize("actions, code", [
    ([{"seat": 0, "type": "riichi"}], "bad_input"),
    ([{"seat": "0", "type": "discard", "tile": "5m"}], "bad_input"),
    ([{"seat": 0, "type": "discard", "tile": "5x"}], "bad_tile"),
    (["discard 5m"], "bad_input"),
])
def test_malformed_action_is_reported_with_its_index(actions, code):
    out = error(cmd_run, run_doc(KONG_HANDS, "CC", actions))
    assert out["error"] == code and out["index"] == 0


def test_actions_after_the_round_is_over_are_illegal():
    out = error(cmd_run, run_doc(["123m 456m 789m 123p 99p", JUNK, JUNK, JUNK], "E", [act(0, "win"), d(1, "E")]))
    assert out["error"] == "illegal_action" and out["index"] == 1


@pytest.mark.parametrize("change, code", [
    ({"hands": [T("123p 456p 789s CC FF"), T(JUNK), T(JUNK), T("555m 123s 456s 99p PP")]}, "bad_input"),  # dealer 13
    ({"hands": [T(KONG_HANDS[0]), T(JUNK) + ["1m"], T(JUNK), T(KONG_HANDS[3])]}, "bad_input"),           # 14
    ({"hands": [T(h) for h in KONG_HANDS[:3]]}, "bad_input"),                                           # 3 hands
    ({"dealer": 1}, "bad_input"),                     # the 14-tile hand is not the dealer's
    ({"wall": T("5m C")}, "bad_input"),               # five 5m
    ({"hands": [T(KONG_HANDS[0]), T(JUNK), T(JUNK), T("555m 123s 456s 99p P") + ["Z"]]}, "bad_tile"),
    ({"wall": ["1f"]}, "bad_input"),                  # no flowers in Nanning
    ({"variant": "xianggang"}, "unknown_variant"),
    ({"variant": "nan ning"}, "unknown_variant"),
    ({"players": 3}, "bad_input"),
    ({"options": {"kong_on_draw": "no"}}, "bad_option"),
    ({"options": {"menqing_big": 0}}, "bad_option"),
    ({"options": {"horses": 4}}, "bad_option"),
    ({"setup": {"coins": [500, 500, 500]}}, "bad_input"),
    ({"setup": {"coins": [500, 500, "500", 500]}}, "bad_input"),
    ({"setup": {"luck": 1}}, "bad_input"),
    ({"actions": {"seat": 0}}, "bad_input"),
])
def test_run_bad_input(change, code):
    doc = {**run_doc(KONG_HANDS, "CC", [d(0, "5m")]), **change}
    out = error(cmd_run, doc)
    assert out["ok"] is False and out["error"] == code, out
    assert out["message"]


# ---------------------------------------------------------------------------------------------------- command line
def engine(command: str, stdin: str) -> tuple[int, dict, str]:
    proc = subprocess.run([sys.executable, "-m", "game.engine", command, "-"], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=os.environ.copy(), timeout=60)
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def test_cli_score_prints_one_json_document():
    doc = score_doc("11m 33p 55s EE CC 77m 9p", "9p", discarder=2)
    code, out, err = engine("score", json.dumps(doc))
    assert code == 0 and "Traceback" not in err
    assert out["ok"] is True and out["hands"] == ["qixiaodui"] and out["fan"] == 1 and out["deltas"] == [0, 9, -9, 0]


def test_cli_run_a_file():
    proc = subprocess.run([sys.executable, "-m", "game.engine", "run", str(DATA / "nanning_kong_round.json")],
                          capture_output=True, text=True, cwd=ROOT, env=os.environ.copy(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True and out["result"]["deltas"] == [1, -1, 0, 0] and out["result"]["exhausted"] is True
    assert isinstance(out["events"], list) and out["events"]


@pytest.mark.parametrize("command, stdin, code", [
    ("score", '{"variant": "nanning", "winner": 1,', "bad_json"),
    ("run", "[1, 2, 3]", "bad_input"),
    ("score", json.dumps(score_doc("123m 456m 789p 23s EE", "9s", discarder=2)), "not_a_win"),
    ("score", json.dumps(score_doc("123m 456m 789p 23s EE", "1s", discarder=2, options={"bonus": 1})), "bad_option"),
    ("score", json.dumps(score_doc("123m 456m 789p 23s EE", "1s", discarder=2) | {"variant": "xian"}),
     "unknown_variant"),
])
def test_cli_refuses_with_exit_2(command, stdin, code):
    rc, out, err = engine(command, stdin)
    assert rc == 2 and "Traceback" not in err
    assert out["ok"] is False and out["error"] == code and out["message"]


def test_cli_illegal_action_exit_2_with_index():
    rc, out, err = engine("run", json.dumps(run_doc(KONG_HANDS, "CC", [d(0, "5m"), act(3, "kong"), d(0, "C")])))
    assert rc == 2 and "Traceback" not in err
    assert out["ok"] is False and out["error"] == "illegal_action" and out["index"] == 2
