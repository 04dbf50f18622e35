"""Hainan (海南麻将) rules, checked against the rules file hainan.md (seed 004) through the engine's contract.

Every worked example of the rules file is a test here; the rest checks each rule the file states: the shape
multipliers and the way of winning (牌型分), every 番型 and the 有番 gate, settlement with F (嘎, 庄闲, 连庄), the
discarder's 1, 防勾脚, 海底包牌 and its tile counts, 抢杠胡, kong points with 摸杠翻倍, flowers and 花胡 paid at once,
流局算分, the deal passing, 令, 上嘎, 截胡, 过手胡, exhaustion at 15 tiles, three-player tables; random rounds with every
seat's picture of the round checked, and a whole game of AI seats.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.engine.errors import BadInput, EngineError
from game.engine.invariants import play_random_round
from game.engine.project import project
from game.engine.seat_state import SeatState
from game.engine.session import Session
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.headless.engine_cli import CliError, cmd_run, cmd_score
from game.variants.hainan import FAN_IDS, HainanOptions, own_flowers, seat_wind
from game.variants.hainan import VARIANT as HAINAN

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from fuzz_rounds import random_options  # noqa: E402

# ---------------------------------------------------------------------------------------------------- helpers
SUITS = "mps"
HONOURS = "ESWNCFP"
ALL_KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONOURS)


def T(spec: str) -> list[str]:
    """Compact tiles: digits then a suit letter ("123m", "15f" for 春 梅), or honour letters ("EESC")."""
    out: list[str] = []
    for digits, suit, honour in re.findall(r"(\d+)([mpsf])|([ESWNCFP])", spec):
        out += [d + suit for d in digits] if digits else [honour]
    return out


def pong(tile: str, frm: int) -> dict:
    return {"type": "pong", "tiles": [tile] * 3, "from": frm}


def chow(tiles: str, frm: int) -> dict:
    return {"type": "chow", "tiles": T(tiles), "from": frm}


def kong(tile: str, frm: int) -> dict:
    return {"type": "kong", "tiles": [tile] * 4, "from": frm}


def concealed_kong(tile: str) -> dict:
    return {"type": "concealed_kong", "tiles": [tile] * 4}


def score_doc(concealed: str, win_tile: str, *, winner: int = 1, discarder: int | None = None, melds=(), flags=(),
              options: dict | None = None, dealer: int = 0, players: int = 4, context: dict | None = None) -> dict:
    return {"variant": "hainan", "players": players, "dealer": dealer, "winner": winner, "discarder": discarder,
            "concealed": T(concealed), "win_tile": win_tile, "melds": list(melds), "flags": list(flags),
            "options": options or {}, "context": context or {}}


def score(*args, **kw) -> dict:
    out = cmd_score(score_doc(*args, **kw))
    assert out["ok"] is True
    assert sum(out["deltas"]) == 0
    return out


def refused(doc: dict) -> dict:
    """The command's refusal: {"error": code, "message": text} (what `python -m game.engine score` prints)."""
    with pytest.raises((CliError, EngineError)) as info:
        cmd_score(doc)
    exc = info.value
    return exc.payload if isinstance(exc, CliError) else {"error": exc.code, "message": exc.message}


# A hand with no 番型 at all: an exposed pong (no 门清), not all chows, the pair a 1, three suits, no honours.
NOFAN = dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("6p", 3)])


def nofan(**kw) -> dict:
    return score(**{**NOFAN, **kw})


# ---- `run` scenarios: the live seats' tiles are given, every other tile is junk that cannot claim or win
NEAR_PATTERNS = [(1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (1, 4, 8), (1, 4, 9), (1, 6, 9), (2, 5, 9), (2, 6, 9),
                 (1, 5, 8), (3, 7), (1, 5), (2, 6), (4, 8), (5, 9), (3, 8), (1,), (2,), (3,), (4,), (5,), (6,),
                 (7,), (8,), (9,)]


def _near(tile: str) -> set[str]:
    if tile in HONOURS or tile.endswith("f"):
        return {tile}
    n, s = int(tile[0]), tile[1]
    return {f"{m}{s}" for m in range(max(1, n - 2), min(9, n + 2) + 1)}


def junk(n: int, used: Counter, avoid: set[str]) -> list[str]:
    """n tiles of which no two pair or run together (at most three a suit, three apart), none near `avoid`."""
    banned: set[str] = set()
    for t in avoid:
        banned |= _near(t)
    out: list[str] = []
    for s in SUITS:
        for pattern in NEAR_PATTERNS:
            tiles = [f"{k}{s}" for k in pattern]
            if all(t not in banned and used[t] < 4 for t in tiles):
                out += tiles
                break
    out += [h for h in HONOURS if h not in banned and used[h] < 4]
    # short of tiles: suited ones two apart (a chow could be claimed, a win stays far), then any pair at most
    for k in (k for k in ALL_KINDS if k[0].isdigit()):
        if len(out) >= n:
            break
        if k not in banned and k not in out and used[k] < 4 and not any(
                t[1] == k[1] and abs(int(t[0]) - int(k[0])) < 2 for t in out if t[0].isdigit()):
            out.append(k)
    for k in ALL_KINDS:
        if len(out) >= n:
            break
        if k not in banned and out.count(k) < 2 and used[k] + out.count(k) < 4:
            out.append(k)
    assert len(out) >= n, f"no junk left for {n} tiles"
    out = out[:n]
    used.update(out)
    return out


def deal(hands: dict[int, str], wall: str = "", *, players: int = 4, dealer: int = 0, avoid: str = ""
         ) -> tuple[list[list[str]], list[str]]:
    """Hands (the given tiles, filled with junk) and the live wall (the given drawable tiles, then the 15 tiles that
    are never drawn)."""
    given = {s: T(h) for s, h in hands.items()}
    wall_tiles = T(wall)
    used = Counter(t for h in given.values() for t in h) + Counter(wall_tiles)
    keep_off = set(T(avoid))
    out = []
    for seat in range(players):
        tiles = list(given.get(seat, []))
        need = (14 if seat == dealer else 13) - len(tiles)
        if need > 0:
            tiles += junk(need, used, keep_off)
        out.append(tiles)
    dead = [t for t in reversed(ALL_KINDS) for _ in range(4 - used[t])][:15]
    return out, wall_tiles + dead


def d(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def act(seat: int, kind: str, tile: str | None = None, tiles: str | None = None) -> dict:
    out: dict = {"seat": seat, "type": kind}
    if tile is not None:
        out["tile"] = tile
    if tiles is not None:
        out["tiles"] = T(tiles)
    return out


def run(hands: list[list[str]], wall: list[str], actions=(), *, options: dict | None = None, dealer: int = 0,
        context: dict | None = None) -> dict:
    doc = {"variant": "hainan", "players": len(hands), "dealer": dealer, "hands": hands, "wall": wall,
           "actions": list(actions), "options": options or {}}
    if context is not None:
        doc["setup"] = {"context": context}
    out = cmd_run(doc)
    assert out["ok"] is True
    assert sum(out["result"]["deltas"]) == 0, out["result"]
    return out


def run_refused(hands, wall, actions=(), **kw) -> dict:
    with pytest.raises((CliError, EngineError)) as info:
        run(hands, wall, actions, **kw)
    exc = info.value
    return exc.payload if isinstance(exc, CliError) else {"error": exc.code, "message": exc.message}


def scores(out: dict, reason: str | None = None) -> list[list[int]]:
    return [e["deltas"] for e in out["events"] if e["type"] == "score" and reason in (None, e["reason"])]


def the_win(out: dict) -> dict:
    wins = out["result"]["wins"]
    assert len(wins) == 1, wins
    return wins[0]


def last(hand: list[str]) -> str:
    """A junk seat's discard: the last tile dealt to it (junk, claimed by nobody)."""
    return hand[-1]


# ---------------------------------------------------------------------------------------------------- worked examples
def test_example1_pinghu_self_drawn():
    out = nofan()
    assert out["hands"] == ["pinghu", "zimo"] and out["fan"] == 2
    assert out["deltas"] == [-2, 6, -2, -2]


def test_example2_qingyise_pengpenghu_on_seat_3s_discard():
    out = score("111m 222m 333m 444m 5m", "5m", winner=1, discarder=3)
    assert {"qingyise", "pengpenghu"} <= set(out["hands"]) and out["fan"] == 4
    assert out["deltas"] == [-4, 13, -4, -5]


def test_example3_ga_seat_0_self_draws_qidui():
    out = score("1133m 5577p 99s EE C", "C", winner=0, context={"ga": [1, 0, 2, 0]})
    assert out["hands"][:2] == ["qidui", "zimo"] and out["fan"] == 4
    assert out["deltas"] == [32, -8, -16, -8]


# ---------------------------------------------------------------------------------------------------- 牌型分
@pytest.mark.parametrize("concealed, win_tile, melds, hand, value", [
    ("111m 999s 333m 7s", "7s", [pong("6p", 3)], "pengpenghu", 2),
    ("123m 456m 789m 1m", "1m", [pong("6m", 3)], "qingyise", 2),
    ("1133m 5577p 99s EE C", "C", [], "qidui", 2),
    ("1111m 33m 55p 77p 99s C", "C", [], "haohua_qidui", 3),
    ("19m 19p 19s ESWNCFP", "9s", [], "shisanyao", 13),
])
def test_shape_multipliers_on_a_discard(concealed, win_tile, melds, hand, value):
    out = score(concealed, win_tile, discarder=3, melds=melds)
    assert hand in out["hands"] and "pinghu" not in out["hands"] and out["fan"] == value
    assert out["deltas"] == [-value, 3 * value + 1, -value, -value - 1]


def test_haohua_qidui_replaces_qidui_and_multipliers_multiply():
    assert "qidui" not in score("1111m 33m 55p 77p 99s C", "C", discarder=2)["hands"]
    out = score("1111m 3355779m 22m", "9m", discarder=2)  # 清一色 豪华七对
    assert {"qingyise", "haohua_qidui"} <= set(out["hands"]) and out["fan"] == 6
    out = score("111m 222m 333m 444m 5m", "5m")  # 清一色 碰碰胡 self-drawn: 2 × 2 × 自摸 2
    assert out["hands"][:3] == ["pengpenghu", "qingyise", "zimo"] and out["fan"] == 8


def test_shisanyao_self_drawn_is_26_and_needs_the_honours():
    assert score("19m 19p 19s ESWNCFP", "1m")["fan"] == 26
    assert refused(score_doc("19m 19p 19s ESWNCFP", "1m", options={"no_honors": True}))["error"] == "bad_input"


def test_tianhu_and_dihu_are_three_times_zimo():
    out = score("123m 456m 789s 11s 66p", "6p", winner=0, flags=["heavenly"])
    assert out["hands"][:2] == ["tianhu", "zimo"] and out["fan"] == 6 and out["deltas"] == [18, -6, -6, -6]
    out = score("123m 456m 789s 11s 66p", "6p", winner=2, flags=["earthly"])
    assert out["hands"][:2] == ["dihu", "zimo"] and out["fan"] == 6 and out["deltas"] == [-6, -6, 18, -6]


@pytest.mark.parametrize("flags, way, value", [
    ([], "zimo", 2), (["after_kong"], "gangshanghua", 3), (["after_flower"], "huashangtianhua", 3),
    (["after_kong", "after_flower"], "gangshanghua", 3),  # a kong's replacement was a flower: ×3 once
])
def test_the_way_of_winning(flags, way, value):
    out = score("123m 456m 789s 1s", "1s", melds=[kong("6p", 3)], flags=flags)
    ways = [h for h in out["hands"] if h in ("zimo", "gangshanghua", "huashangtianhua")]
    assert ways == [way] and out["fan"] == value and out["deltas"] == [-value, 3 * value, -value, -value]


def test_a_discard_after_a_kong_is_an_ordinary_discard():
    out = score("123m 456m 789s 5s", "5s", discarder=3, melds=[kong("6p", 2)], flags=["after_kong"])
    assert out["hands"] == ["pinghu", "youyan"] and out["fan"] == 1


# ---------------------------------------------------------------------------------------------------- 番型
def test_no_fan_no_discard_win_but_a_self_draw_always_wins():
    assert refused(score_doc(**NOFAN, discarder=3))["error"] == "below_minimum"
    assert nofan()["fan"] == 2
    out = nofan(discarder=3, options={"need_fan": False})  # 无番: any complete hand wins
    assert out["hands"] == ["pinghu"] and out["deltas"] == [-1, 4, -1, -2]


def test_a_shape_above_pinghu_wins_on_a_discard_without_fan():
    out = score("111m 999s 333m 7s", "7s", discarder=3, melds=[pong("6p", 3)])
    assert out["hands"] == ["pengpenghu"] and out["fan"] == 2


@pytest.mark.parametrize("kw, fan_id", [
    (dict(concealed="456m 789p 234s 9s", win_tile="9s", melds=[chow("123m", 0)]), "zhichibupeng"),
    (dict(concealed="456m 789p 234s W", win_tile="W", melds=[chow("123m", 0)]), "zhichibupeng"),  # another wind
    (dict(concealed="123m 456m 789s 1s 666p", win_tile="1s", melds=[]), "menqing"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[concealed_kong("6p")]), "menqing"),
    (dict(concealed="123m 456m 789s 5s", win_tile="5s", melds=[pong("6p", 3)]), "youyan"),
    (dict(concealed="123m 456m 789s 2p", win_tile="2p", melds=[pong("6p", 3)]), "youyan"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("C", 3)]), "jianke"),
    (dict(concealed="123m 456m PPP 1s", win_tile="1s", melds=[pong("6p", 3)]), "jianke"),  # a concealed triplet
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[kong("F", 3)]), "jianke"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("S", 3)]), "fengke"),  # seat 1 is 南
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("E", 3)]), "lingpai"),  # 东令
    (dict(concealed="123m 456m 789m 1m", win_tile="1m", melds=[pong("N", 3)]), "hunyise"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("6p", 3)], context={"flowers": ["2f"]}),
     "fanhuaduiwei"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("6p", 3)], context={"flowers": ["1f", "6f"]}),
     "fanhuaduiwei"),
    (dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("6p", 3)], flags=["robbing_kong"]),
     "qiangganghu"),
])
def test_each_fan_type_lets_a_hand_win_on_a_discard(kw, fan_id):
    out = score(**kw, discarder=3)
    assert out["hands"][0] == "pinghu" and fan_id in out["hands"] and out["fan"] == 1
    assert set(out["hands"]) <= {"pinghu", *FAN_IDS}


@pytest.mark.parametrize("kw", [
    dict(concealed="456m 789p 234s C", win_tile="C", melds=[chow("123m", 0)]),  # the pair a dragon
    dict(concealed="456m 789p 234s S", win_tile="S", melds=[chow("123m", 0)]),  # the pair his seat wind
    dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("W", 3)]),  # not his wind, not the 令
    dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("6p", 3)], context={"flowers": ["1f", "3f"]}),
    dict(concealed="123m 456m 789s 1s", win_tile="1s", melds=[pong("E", 3)], options={"jiao_ling": False}),
])
def test_what_is_not_a_fan_type(kw):
    assert refused(score_doc(**kw, discarder=3))["error"] == "below_minimum"


def test_seat_winds_and_flowers_count_from_the_dealer():
    # dealer seat 2: seat 1 is the dealer's previous, 北 and 冬 竹
    assert seat_wind(1, 2, 4) == parse_tile("N") and own_flowers(1, 2, 4) == {parse_tile("4f"), parse_tile("8f")}
    out = nofan(dealer=2, discarder=3, melds=[pong("N", 3)])
    assert out["hands"] == ["pinghu", "fengke"]
    assert "fanhuaduiwei" in nofan(dealer=2, discarder=3, context={"flowers": ["8f"]})["hands"]
    # three players: E S W from the dealer; the third seat's flowers are 冬 and 竹
    out = score(**NOFAN | {"melds": [pong("6p", 0)]}, winner=2, discarder=0, players=3, context={"flowers": ["4f"]})
    assert "fanhuaduiwei" in out["hands"] and out["deltas"] == [-2, -1, 3]
    assert refused(score_doc(**NOFAN | {"melds": [pong("6p", 0)]}, winner=2, discarder=0, players=3,
                             context={"flowers": ["3f"]}))["error"] == "below_minimum"
    assert score(**NOFAN | {"melds": [pong("W", 0)]}, winner=2, discarder=0, players=3)["hands"] == ["pinghu",
                                                                                                      "fengke"]


def test_the_ling_wind_is_a_fan_for_everyone():
    ling_s = {"ling": "S"}
    out = nofan(discarder=3, melds=[pong("S", 3)], context=ling_s)  # seat 1: his wind and the 令
    assert out["hands"] == ["pinghu", "fengke", "lingpai"]
    assert nofan(winner=2, discarder=3, melds=[pong("S", 3)], context=ling_s)["hands"] == ["pinghu", "lingpai"]
    assert refused(score_doc(**NOFAN | {"melds": [pong("E", 3)]}, discarder=3, context=ling_s))["error"] == \
        "below_minimum"


def test_a_hand_with_several_arrangements_has_every_fan_any_gives():
    # seven pairs (×2) or 234m 234m 567p 567p 88s (只吃不碰, 有眼): the best 牌型分 with every 番型
    out = score("223344m 556677p 8s", "8s", discarder=3)
    assert out["fan"] == 2 and out["hands"] == ["qidui", "zhichibupeng", "menqing", "youyan"]


def test_shisanyao_and_seven_pairs_are_concealed_and_qingyise_and_hunyise():
    out = score("1133557799m 22m 4m", "4m", discarder=2)
    assert out["hands"] == ["qingyise", "qidui", "menqing"] and out["fan"] == 4
    out = score("1133557799m EE 4m", "4m", discarder=2)
    assert out["hands"] == ["qidui", "menqing", "hunyise"] and out["fan"] == 2


# ---------------------------------------------------------------------------------------------------- settlement
def test_factor_with_ga_on_a_discard():
    # seat 1 wins 清一色 碰碰胡 (4) on seat 3's discard; 嘎 0:1 1:2 2:0 3:3
    out = score("111m 222m 333m 444m 5m", "5m", discarder=3, context={"ga": [1, 2, 0, 3]})
    shares = [4 * (1 + 2 + 1), 4 * (0 + 2 + 1), 4 * (3 + 2 + 1)]
    assert out["deltas"] == [-shares[0], sum(shares) + 1, -shares[1], -shares[2] - 1]


def test_ga_is_ignored_without_shang_ga():
    out = nofan(context={"ga": [3, 3, 3, 3]}, options={"shang_ga": False})
    assert out["deltas"] == [-2, 6, -2, -2]


@pytest.mark.parametrize("options, streak, deltas", [
    ({"zhuang_xian": True}, 0, [-4, 8, -2, -2]),
    ({"lian_zhuang": True}, 2, [-6, 10, -2, -2]),
    ({"lian_zhuang": True}, 0, [-2, 6, -2, -2]),
    ({"zhuang_xian": True, "lian_zhuang": True}, 2, [-8, 12, -2, -2]),
    ({}, 2, [-2, 6, -2, -2]),
])
def test_zhuang_xian_and_lian_zhuang_add_to_the_dealers_factor(options, streak, deltas):
    assert nofan(options=options, context={"streak": streak})["deltas"] == deltas


def test_the_dealer_winning_gets_the_dealer_extras_from_everyone():
    out = nofan(winner=0, melds=[pong("6p", 3)], options={"zhuang_xian": True, "lian_zhuang": True},
                context={"streak": 1, "ga": [1, 0, 0, 2]})
    # F = 嘎(L) + 1 (dealer) + 1 + 1 (庄闲) + 1 (streak): 2 × (1+3), 2 × (0+1+3), 2 × (2+1+3)
    assert out["deltas"] == [8 + 8 + 12, -8, -8, -12]


def test_fang_gou_jiao_the_discarder_pays_every_share_and_their_ga():
    out = score("111m 222m 333m 444m 5m", "5m", discarder=3, options={"fang_gou_jiao": True})
    assert out["deltas"] == [0, 13, 0, -13]
    out = score("111m 222m 333m 444m 5m", "5m", discarder=3, options={"fang_gou_jiao": True},
                context={"ga": [1, 0, 2, 0]})
    assert out["deltas"] == [0, 8 + 12 + 4 + 1, 0, -(8 + 12 + 4 + 1)]
    assert nofan(options={"fang_gou_jiao": True})["deltas"] == [-2, 6, -2, -2]  # a self-draw: as ever


@pytest.mark.parametrize("players, left, liable", [
    (4, 19, False), (4, 18, True), (4, 16, True), (4, 15, True), (3, 18, False), (3, 17, True), (3, 15, True),
])
def test_haidi_bao_the_last_drawable_tiles(players, left, liable):
    kw = dict(discarder=0, options={"haidi_bao": True}, players=players, context={"tiles_left": left},
              melds=[pong("6p", 0)])
    out = score("123m 456m 789s 5s", "5s", **kw)  # 有眼: 1 from each, 1 more from seat 0
    if liable:
        assert out["deltas"][0] == -players and out["deltas"][2:] == [0] * (players - 2)
    else:
        assert out["deltas"][0] == -2 and out["deltas"][2:] == [-1] * (players - 2)


def test_haidi_bao_on_the_last_tile_flag_and_only_with_the_option():
    melds = [pong("6p", 2)]
    out = score("123m 456m 789s 5s", "5s", discarder=3, melds=melds, flags=["last_tile"], options={"haidi_bao": True})
    assert out["deltas"] == [0, 4, 0, -4]
    out = score("123m 456m 789s 5s", "5s", discarder=3, melds=melds, flags=["last_tile"])
    assert out["deltas"] == [-1, 4, -1, -2]


def test_robbing_a_kong_counts_as_the_owners_discard():
    # 有眼 besides 抢杠胡: an ordinary discard by the kong's owner
    out = score("123m 456m 789s 5s", "5s", discarder=3, melds=[pong("6p", 3)], flags=["robbing_kong"])
    assert set(out["hands"]) == {"pinghu", "youyan", "qiangganghu"} and out["deltas"] == [-1, 4, -1, -2]


def test_robbing_a_kong_with_no_other_fan_the_owner_pays_all_shares_and_1():
    out = nofan(discarder=3, flags=["robbing_kong"])
    assert out["hands"] == ["pinghu", "qiangganghu"] and out["deltas"] == [0, 4, 0, -4]
    # shape multipliers are no 番型 here: 碰碰胡 (2) robbed, three shares of 2 and 1
    out = score("111m 999s 333m 7s", "7s", discarder=3, melds=[pong("6p", 3)], flags=["robbing_kong"],
                context={"ga": [0, 1, 0, 0]})
    assert out["deltas"] == [0, 4 + 4 + 4 + 1, 0, -13]
    # three players: two shares
    out = score(**NOFAN | {"melds": [pong("6p", 0)]}, winner=2, discarder=0, players=3, flags=["robbing_kong"])
    assert out["deltas"] == [-3, 0, 3]


# ---------------------------------------------------------------------------------------------------- what is refused
@pytest.mark.parametrize("context", [
    {"ga": [0, 4, 0, 0]}, {"ga": [0, -1, 0, 0]}, {"ga": [0, 0, 0]}, {"ling": "C"}, {"ling": "1m"},
    {"flowers": ["1m"]}, {"flowers": ["1f", "1f"]}, {"tiles_left": 14}, {"coins": [1, 1, 1, 1]},
])
def test_bad_context_is_refused(context):
    assert refused(score_doc(**NOFAN, discarder=3, context=context))["error"] == "bad_input"


def test_context_that_the_table_does_not_play_is_refused():
    assert refused(score_doc(**NOFAN, discarder=3, context={"ling": "S"}, options={"jiao_ling": False})
                   )["error"] == "bad_input"
    assert refused(score_doc(**NOFAN, context={"tiles_left": 16}))["error"] == "bad_input"  # a self-draw
    assert refused(score_doc("123m 456m 789s 1s", "1s", melds=[chow("678p", 0)], discarder=3,
                             options={"no_chow": True}))["error"] == "bad_input"
    assert refused(score_doc("123m 456m 789s E", "E", melds=[pong("6p", 3)], discarder=3,
                             options={"no_honors": True}))["error"] == "bad_input"
    assert refused({**score_doc(**NOFAN), "players": 2})["error"] == "bad_input"
    assert refused(score_doc(**NOFAN, options={"ga": 1}))["error"] == "bad_option"


# ---------------------------------------------------------------------------------------------------- the rule set
def test_options_labels_defaults_and_what_applies():
    from dataclasses import fields

    table = {"need_fan": (True, "有番"), "zhuang_xian": (False, "庄闲"), "lian_zhuang": (False, "连庄"),
             "shang_ga": (True, "上嘎"), "free_ga": (False, "自由上嘎"), "draw_scores": (True, "流局算分"),
             "flower_win": (True, "花胡"), "fang_gou_jiao": (False, "防勾脚"), "no_honors": (False, "无字牌"),
             "no_chow": (False, "吃牌"), "haidi_bao": (False, "海底包牌"), "jiao_ling": (True, "叫令"),
             "mo_gang_double": (False, "摸杠翻倍")}
    assert {f.name: (f.default, f.metadata["label"]) for f in fields(HainanOptions)} == table
    assert fields(HainanOptions)[0].metadata["labels"] == {True: "有番", False: "无番"}
    # the rules file's 不可吃 is the choice that forbids chows: the option reads as what it allows (issue #27)
    assert next(f for f in fields(HainanOptions) if f.name == "no_chow").metadata["labels"] == {
        False: "可以吃", True: "不可吃"}
    opts = HainanOptions()
    assert opts.applies("free_ga", 4) and not HainanOptions(shang_ga=False).applies("free_ga", 4)
    assert opts.applies("jiao_ling", 3) and not HainanOptions(no_honors=True).applies("jiao_ling", 4)
    assert HAINAN.player_counts == (3, 4) and HAINAN.seed_file == "004" and not HAINAN.multiple_winners


def test_hand_type_ids_are_the_files():
    ids = [t.id for t in HAINAN.hand_types]
    assert ids == ["pinghu", "pengpenghu", "qingyise", "qidui", "haohua_qidui", "shisanyao", "tianhu", "dihu",
                   "zimo", "gangshanghua", "huashangtianhua", "zhichibupeng", "menqing", "youyan", "jianke",
                   "fengke", "lingpai", "hunyise", "fanhuaduiwei", "qiangganghu"]
    assert HAINAN.score_reason("flower_win").voice_token == "huahu"


def test_tile_sets():
    full = HAINAN.tile_set(HAINAN.parse_options({}, 4), 4)
    assert full.size() == 144 and HAINAN.tile_set(HAINAN.parse_options({}, 3), 3).size() == 144
    assert HAINAN.tile_set(HAINAN.parse_options({"no_honors": True}, 4), 4).size() == 144 - 28


# ---------------------------------------------------------------------------------------------------- rounds: the deal
READY = "123m 456m 789s 1s 666p"  # waits on 1s: 门清


def test_a_non_dealer_win_passes_the_deal_to_the_next_seat():
    hands, wall = deal({0: "1s", 2: READY}, avoid="1s")
    out = run(hands, wall, [d(0, "1s"), act(2, "win")])
    assert the_win(out)["seat"] == 2 and the_win(out)["from"] == 0 and the_win(out)["hands"] == ["pinghu", "menqing"]
    assert out["result"]["deltas"] == [-2, -1, 4, -1]
    assert out["result"]["next_dealer"] == 1  # the next seat, not the winner


def test_the_dealer_keeps_the_deal_when_he_wins_or_the_round_is_drawn():
    hands, wall = deal({0: READY + " C"}, "1s", avoid="1s")
    out = run(hands, wall, [d(0, "C"), d(1, "1s"), act(0, "win")])
    assert the_win(out)["seat"] == 0 and out["result"]["deltas"] == [4, -2, -1, -1]
    assert out["result"]["next_dealer"] == 0
    hands, wall = deal({})
    out = run(hands, wall, [d(0, last(hands[0]))])
    assert out["result"]["exhausted"] and out["result"]["next_dealer"] == 0 and out["result"]["deltas"] == [0] * 4


def test_heavenly_hand_and_a_dealt_flowers_replacement_is_not_huashangtianhua():
    hands, wall = deal({0: "123m 456m 789s 11s 666p"})
    out = run(hands, wall, [act(0, "win")])
    assert the_win(out)["hands"][:2] == ["tianhu", "zimo"] and the_win(out)["fan"] == 6
    assert out["result"]["deltas"] == [18, -6, -6, -6]
    hands, wall = deal({0: "123m 456m 789s 11s 66p 1f"}, "6p")  # 春 set aside, 6p drawn at once
    out = run(hands, wall, [act(0, "win")])
    assert the_win(out)["hands"][:2] == ["tianhu", "zimo"] and "fanhuaduiwei" in the_win(out)["hands"]
    assert the_win(out)["fan"] == 6


def test_earthly_hand_needs_no_call_before_it():
    hands, wall = deal({1: "123m 456m 789s 1s 666p"}, "1s", avoid="1s")
    out = run(hands, wall, [d(0, last(hands[0])), act(1, "win")])
    assert the_win(out)["hands"][:2] == ["dihu", "zimo"] and the_win(out)["fan"] == 6
    # seat 3 pongs the dealer's discard first: a call, so seat 1's first draw is a plain 自摸
    hands, wall = deal({0: "N", 1: "123m 456m 789s 1s 666p", 3: "NN"}, "W 1s", avoid="1s N W")
    out = run(hands, wall, [d(0, "N"), act(3, "pong"), d(3, last(hands[3])), d(0, "W"), act(1, "win")])
    assert the_win(out)["hands"][:2] == ["pinghu", "zimo"] and the_win(out)["fan"] == 2
    # a dealt flower's replacement, then the first draw wins: 地胡, not 花上添花
    hands, wall = deal({1: "123m 456m 789s 1s 66p 3f"}, "6p 1s", avoid="1s 6p")
    out = run(hands, wall, [d(0, last(hands[0])), act(1, "win")])
    assert the_win(out)["hands"][:2] == ["dihu", "zimo"] and the_win(out)["fan"] == 6


def test_huashangtianhua_a_self_draw_on_a_drawn_flowers_replacement():
    hands, wall = deal({0: READY + " C"}, "W N P 3f 1s", avoid="1s W N P")
    out = run(hands, wall, [d(0, "C"), d(1, "W"), d(2, "N"), d(3, "P"), act(0, "win")])
    assert the_win(out)["hands"] == ["pinghu", "huashangtianhua", "menqing"] and the_win(out)["fan"] == 3
    assert out["result"]["deltas"] == [9, -3, -3, -3]


def test_exhaustion_when_15_tiles_remain_the_last_drawn_tile_can_be_won_on():
    hands, wall = deal({2: READY}, "1s", avoid="1s")
    out = run(hands, wall, [d(0, last(hands[0])), d(1, "1s"), act(2, "win")])
    draws = [e for e in out["events"] if e["type"] == "draw"]
    assert [e["left"] for e in draws] == [0] and the_win(out)["seat"] == 2
    hands, wall = deal({}, "W", avoid="W")
    out = run(hands, wall, [d(0, last(hands[0])), d(1, "W")])
    assert out["result"]["exhausted"] and len(out["events"][-1]["hands"][2]) == 13  # seat 2 never drew


def test_no_kong_without_a_replacement_tile():
    hands, wall = deal({0: "6666p"})
    assert run_refused(hands, wall, [act(0, "concealed_kong", "6p")])["error"] == "illegal_action"
    hands, wall = deal({0: "6666p"}, "W", avoid="W")
    out = run(hands, wall, [act(0, "concealed_kong", "6p")])
    assert scores(out, "kong") == [[6, -2, -2, -2]]


# ---------------------------------------------------------------------------------------------------- flowers
def test_flowers_are_replaced_from_the_front_of_the_wall():
    hands, wall = deal({0: "1f", 1: "2f"}, "W N P", avoid="W N P")
    out = run(hands, wall, [d(0, last(hands[0]))])
    seen = [(e["type"], e["actor"], e.get("tile"), e.get("replacement")) for e in out["events"]
            if e["type"] in ("flower", "draw")]
    assert seen == [("flower", 0, "1f", None), ("draw", 0, "W", True),  # the dealer at once
                    ("flower", 1, "2f", None), ("draw", 1, "N", True), ("draw", 1, "P", False)]  # then his turn


def test_a_kong_before_his_first_turn_sets_his_dealt_flowers_aside_first():
    # seat 2 kongs the dealer's 6p holding 秋 from the deal: 秋 is replaced (W), then the kong's replacement (N)
    hands, wall = deal({0: "6p", 2: "666p 3f"}, "W N", avoid="6p W N")
    out = run(hands, wall, [d(0, "6p"), act(2, "kong"), d(2, "N")])
    seen = [(e["type"], e.get("tile"), e.get("replacement")) for e in out["events"]
            if e["type"] in ("kong", "flower", "draw")]
    assert seen == [("kong", "6p", None), ("flower", "3f", None), ("draw", "W", True), ("draw", "N", True)]
    assert out["result"]["exhausted"] and "3f" not in out["events"][-1]["hands"][2]


@pytest.mark.parametrize("draw_scores", [True, False])
def test_a_set_of_four_flowers_is_paid_at_once_with_f(draw_scores):
    hands, wall = deal({1: "123f"}, "W N P 4f S", avoid="W N P S")
    out = run(hands, wall, [d(0, last(hands[0])), d(1, "S")], context={"ga": [1, 2, 0, 3]},
              options={"draw_scores": draw_scores})
    assert scores(out, "flower_win") == [[-4, 13, -3, -6]]
    assert out["result"]["exhausted"]
    assert out["result"]["deltas"] == ([-4, 13, -3, -6] if draw_scores else [0, 0, 0, 0])
    if not draw_scores:  # the undoing line names what it undoes: flower points, not only kongs
        void = [e for e in out["events"] if e["type"] == "score" and e["reason"] == "kong_void"]
        assert [m["id"] for m in void[0]["messages"]] == ["Drawn round: kong and flower-win points do not count"]
        assert HAINAN.score_reason("kong_void").label == "Kong and flower points void"


@pytest.mark.parametrize("flower_win, paid_after", [(True, [4, 8]), (False, [7, 8])])
def test_eight_flowers_pay_two_in_all(flower_win, paid_after):
    hands, wall = deal({1: "1234567f"}, "E S W N C F P 8f 9m", avoid="E S W N C F P 9m")
    out = run(hands, wall, [d(0, last(hands[0])), d(1, "9m")], options={"flower_win": flower_win})
    flowers, when = 0, []
    for e in out["events"]:
        if e["type"] == "flower":
            flowers += 1
        elif e["type"] == "score":
            assert e["reason"] == "flower_win" and e["deltas"] == [-1, 3, -1, -1]
            when.append(flowers)
    assert when == paid_after and out["result"]["deltas"] == [-2, 6, -2, -2]


def test_a_rounds_deltas_include_the_flowers_paid_before_the_win():
    # seat 1's four dealt flowers are replaced by 1s 6p 6p 6p: he waits on 1s, draws it: 地胡 with 翻花对位 (夏)
    hands, wall = deal({1: "1234f 123m 456m 789s"}, "1s 6p 6p 6p 1s", avoid="1s 6p")
    out = run(hands, wall, [d(0, last(hands[0])), act(1, "win")])
    assert scores(out, "flower_win") == [[-1, 3, -1, -1]] and scores(out, "win") == [[-6, 18, -6, -6]]
    assert "fanhuaduiwei" in the_win(out)["hands"] and out["result"]["deltas"] == [-7, 21, -7, -7]


# ---------------------------------------------------------------------------------------------------- kongs
def test_kong_points_with_f_and_draw_scores():
    ga = {"ga": [1, 0, 2, 0]}
    hands, wall = deal({0: "6p", 1: "666p"}, "W", avoid="6p W")
    out = run(hands, wall, [d(0, "6p"), act(1, "kong"), d(1, "W")], context=ga)
    assert scores(out, "kong") == [[-2, 6, -3, -1]]
    assert out["result"]["exhausted"] and out["result"]["deltas"] == [-2, 6, -3, -1]
    out = run(hands, wall, [d(0, "6p"), act(1, "kong"), d(1, "W")], context=ga, options={"draw_scores": False})
    assert out["result"]["deltas"] == [0, 0, 0, 0] and scores(out, "kong_void")
    # 防勾脚: the discarder pays every share
    out = run(hands, wall, [d(0, "6p"), act(1, "kong"), d(1, "W")], context=ga, options={"fang_gou_jiao": True})
    assert scores(out, "kong") == [[-6, 6, 0, 0]]


def test_concealed_kong_is_two_and_added_kong_one():
    hands, wall = deal({0: "6666p"}, "W", avoid="W")
    out = run(hands, wall, [act(0, "concealed_kong", "6p")], context={"ga": [0, 1, 0, 0]})
    assert scores(out, "kong") == [[2 * 2 + 2 * 1 + 2 * 1, -4, -2, -2]]


def added_kong_table(fourth: str = "6p", before: str = "", win: str = "") -> tuple:
    """Seat 1 pongs the dealer's 6p and later draws the fourth (after `before`: a flower); then `win` is his
    kong's replacement tile (1s wins: he waits on it)."""
    hands, wall = deal({0: "6p", 1: "66p 123m 456m 789s 1s S"},
                       f"W N P {before} {fourth} {win or 'E'}", avoid="6p 1s S W N P E")
    actions = [d(0, "6p"), act(1, "pong"), d(1, "S"), d(2, "W"), d(3, "N"), d(0, "P"), act(1, "added_kong", "6p")]
    return hands, wall, actions


@pytest.mark.parametrize("options, points", [({}, 1), ({"mo_gang_double": True}, 2)])
def test_added_kong_and_mo_gang_double(options, points):
    hands, wall, actions = added_kong_table()
    out = run(hands, wall, actions, options=options)
    assert scores(out, "kong") == [[-points, 3 * points, -points, -points]]


def test_an_added_kong_made_on_a_flowers_replacement_is_tripled():
    hands, wall, actions = added_kong_table(before="7f")
    out = run(hands, wall, actions, options={"mo_gang_double": True})
    assert scores(out, "kong") == [[-3, 9, -3, -3]]
    out = run(hands, wall, actions)
    assert scores(out, "kong") == [[-1, 3, -1, -1]]


def test_gangshanghua_after_an_added_kong_triples_its_points():
    hands, wall, actions = added_kong_table(win="1s")
    out = run(hands, wall, [*actions, act(1, "win")], options={"mo_gang_double": True})
    assert the_win(out)["hands"][:2] == ["pinghu", "gangshanghua"] and the_win(out)["fan"] == 3
    assert scores(out, "kong") == [[-2, 6, -2, -2], [-1, 3, -1, -1]]  # 2 when made, 1 more: 3 × the base
    assert out["result"]["deltas"] == [-6, 18, -6, -6]
    out = run(hands, wall, [*actions, act(1, "win")])
    assert scores(out, "kong") == [[-1, 3, -1, -1]]
    hands, wall, actions = added_kong_table(before="7f", win="1s")  # already 3 × on a flower's replacement
    out = run(hands, wall, [*actions, act(1, "win")], options={"mo_gang_double": True})
    assert scores(out, "kong") == [[-3, 9, -3, -3]]


def test_lou_gang_a_kong_passed_up_may_be_made_later_and_counts_as_added():
    # seat 1 holds three 6p and pongs the fourth instead of a kong; on his next turn he adds it
    hands, wall = deal({0: "6p", 1: "666p S"}, "W N P E C", avoid="6p S W N P E C")
    out = run(hands, wall, [d(0, "6p"), act(1, "pong"), d(1, "S"), d(2, "W"), d(3, "N"), d(0, "P"),
                            act(1, "added_kong", "6p")], options={"mo_gang_double": True})
    added = next(e for e in out["events"] if e["type"] == "added_kong")
    assert added["late"] is True and scores(out, "kong") == [[-2, 6, -2, -2]]


def test_robbing_an_added_kong_the_kong_is_void():
    # seat 2 waits on 6p (57p): he lets the dealer's 6p go, draws (the lock ends) and robs seat 1's added kong
    hands, wall = deal({0: "6p", 1: "66p S", 2: "123m 456m 789s 11s 57p"}, "W N P 6p E", avoid="6p S W N P E")
    out = run(hands, wall, [d(0, "6p"), act(1, "pong"), d(1, "S"), d(2, "W"), d(3, "N"), d(0, "P"),
                            act(1, "added_kong", "6p"), act(2, "win")])
    win = the_win(out)
    assert win["seat"] == 2 and win["from"] == 1 and "qiangganghu" in win["hands"] and "menqing" in win["hands"]
    assert scores(out, "kong") == [] and out["result"]["deltas"] == [-1, -2, 4, -1]
    assert not any(e["type"] == "added_kong" for e in out["events"])  # declared, never made


def test_three_players_robbing_with_no_other_fan_the_owner_pays_both_shares():
    out = score(**NOFAN | {"melds": [pong("6p", 1)]}, winner=0, discarder=1, players=3, flags=["robbing_kong"])
    assert out["deltas"] == [3, -3, 0]


# ---------------------------------------------------------------------------------------------------- claims
def test_a_concealed_kong_cannot_be_robbed_not_even_by_shisanyao():
    hands, wall = deal({0: "PPPP", 1: "19m 19p 19s ESWNCF 1m"}, "W", avoid="W")
    out = run(hands, wall, [act(0, "concealed_kong", "P")])
    assert not any(e["type"] == "claim" for e in out["events"]) and scores(out, "kong") == [[6, -2, -2, -2]]
    assert run_refused(hands, wall, [act(0, "concealed_kong", "P"), act(1, "win")])["error"] == "illegal_action"
    # the same hand robs an added kong of P
    out = score("19m 19p 19s ESWNCF 1m", "P", discarder=0, flags=["robbing_kong"])
    assert out["hands"][0] == "shisanyao" and "qiangganghu" in out["hands"] and out["fan"] == 13


def test_guoshouhu_is_every_discard_until_his_draw_chow_pong_or_kong_unless_higher():
    lock = HAINAN.pass_lock
    assert not lock.same_kind and lock.unless_higher and lock.cleared_by_claim


def test_jiehu_only_the_first_in_turn_order_after_the_discarder_wins():
    hands, wall = deal({0: "1s", 1: READY, 2: "123m 456m 789p 1s 666s"}, avoid="1s")
    out = run(hands, wall, [d(0, "1s"), act(2, "win"), act(1, "win")])
    assert [w["seat"] for w in out["result"]["wins"]] == [1]
    # the table says 截胡 with the win that cut the other claim off
    assert [e.get("voices") for e in out["events"] if e["type"] == "win"] == [["jiehu"]]


def test_a_lone_claim_on_a_discard_is_no_jiehu():
    hands, wall = deal({0: "1s", 1: READY, 2: "123m 456m 789p 1s 666s"}, avoid="1s")
    out = run(hands, wall, [d(0, "1s"), act(2, "pass"), act(1, "win")])
    assert [w["seat"] for w in out["result"]["wins"]] == [1]
    assert [e.get("voices") for e in out["events"] if e["type"] == "win"] == [None]


def test_the_seats_that_put_up_ga_say_shangga_as_the_round_starts():
    assert HAINAN.setup_voices({"ga": [0, 2, 0, 3]}) == [(1, "shangga"), (3, "shangga")]
    assert HAINAN.setup_voices({"ga": [0, 0, 0]}) == []
    assert HAINAN.setup_voices({}) == []


def test_chow_and_no_chow():
    hands, wall = deal({0: "3m", 1: "45m"}, "W", avoid="3m W")
    out = run(hands, wall, [d(0, "3m"), act(1, "chow", tiles="45m"), d(1, last(hands[1]))])
    assert any(e["type"] == "chow" for e in out["events"])
    assert run_refused(hands, wall, [d(0, "3m"), act(1, "chow", tiles="45m")],
                       options={"no_chow": True})["error"] == "illegal_action"


GUO = "2233445m 667788p"  # waits 2m (平胡 门清, 1) and 5m (七对, 2)


def test_guoshouhu_a_passed_win_bars_discard_wins_no_higher():
    hands, wall = deal({0: "2m", 2: GUO}, "2m", avoid="2m 5m")
    out = run_refused(hands, wall, [d(0, "2m"), act(2, "pass"), d(1, "2m"), act(2, "win")])
    assert out["error"] == "illegal_action" and out["index"] == 3


def test_guoshouhu_a_higher_hand_may_still_win():
    hands, wall = deal({0: "2m", 2: GUO}, "5m", avoid="2m 5m")
    out = run(hands, wall, [d(0, "2m"), act(2, "pass"), d(1, "5m"), act(2, "win")])
    assert the_win(out)["hands"][0] == "qidui" and the_win(out)["fan"] == 2


def test_guoshouhu_ends_with_his_own_draw():
    hands, wall = deal({0: "2m", 2: GUO}, "W N P 2m", avoid="2m 5m W N P")
    out = run(hands, wall, [d(0, "2m"), act(2, "pass"), d(1, "W"), d(2, "N"), d(3, "P"), d(0, "2m"), act(2, "win")])
    assert the_win(out)["seat"] == 2 and the_win(out)["fan"] == 1


def test_a_seat_sees_the_pass_lock_and_the_flowers_as_the_round_does():
    """翻花对位 is the only 番 of seat 1's wait: the round offers the win, and so does his own picture of the round
    (hints, pass-lock): the flowers he set aside count there too (Variant.open_facts)."""
    hands, wall = deal({0: "3m", 1: "45m 666p 234s 567s 9s 2f", 2: "9s"}, "W 9s E", avoid="3m 9s W E")
    opts = HAINAN.parse_options({}, 4)
    rnd, events = round_from_scenario(HAINAN, opts, 4, 0, [parse_tiles(h) for h in hands], parse_tiles(wall))
    states = [SeatState(s, HAINAN, opts) for s in range(4)]

    def feed(batch: list[dict]) -> None:
        for e in batch:
            for st in states:
                st.apply(project(e, st.seat))

    def play(action: Action) -> None:
        feed(rnd.apply(action))
        feed(rnd.pass_all())  # nobody else claims

    feed(events)
    feed(rnd.apply(Action(0, "discard", parse_tile("3m"))))
    play(Action(1, "chow", parse_tile("3m"), tuple(parse_tiles(["4m", "5m"]))))  # 夏 set aside, W drawn
    assert rnd.seats[1].flowers == [parse_tile("2f")]
    play(Action(1, "discard", parse_tile("W")))
    assert rnd.current == 2 and rnd.drawn == parse_tile("9s")
    nine = parse_tile("9s")
    waits = {w.kind: w for w in states[1].wait_info()}
    assert waits[nine].by_discard and waits == {w.kind: w for w in SeatState.of_round(rnd, 1).wait_info()}
    feed(rnd.apply(Action(2, "discard", nine)))
    assert [a.type for a in rnd.legal_actions(1)] == ["win", "pass"]
    assert rnd.window.evaluations[1].hands == ["pinghu", "fanhuaduiwei"]
    play(Action(1, "pass"))
    s = rnd.seats[1]
    assert not rnd.finished and s.lock_all and s.lock_rank == (1,)
    assert states[1].lock_state.as_tuple() == (frozenset(s.lock_kinds), s.lock_all, s.lock_rank)


# ---------------------------------------------------------------------------------------------------- haidi in a round
@pytest.mark.parametrize("drawable, liable", [(3, True), (4, False)])
def test_haidi_bao_in_a_round(drawable, liable):
    hands, wall = deal({0: "1s", 2: READY}, "W N P E"[: 2 * drawable - 1], avoid="1s W N P E")
    out = run(hands, wall, [d(0, "1s"), act(2, "win")], options={"haidi_bao": True})
    assert out["result"]["deltas"] == ([-4, 0, 4, 0] if liable else [-2, -1, 4, -1])


@pytest.mark.parametrize("drawable, liable", [(2, True), (3, False)])
def test_haidi_bao_with_three_players(drawable, liable):
    hands, wall = deal({0: "1s", 2: READY}, "W N P"[: 2 * drawable - 1], players=3, avoid="1s W N P")
    out = run(hands, wall, [d(0, "1s"), act(2, "win")], options={"haidi_bao": True})
    assert out["result"]["deltas"] == ([-3, 0, 3] if liable else [-2, -1, 3])


# ---------------------------------------------------------------------------------------------------- three players
def test_three_players_the_third_seats_flowers_are_dong_and_zhu():
    hands, wall = deal({2: "123m 456m 789s 1s 66p 4f"}, "W 6p 1s", players=3, avoid="1s 6p W")
    out = run(hands, wall, [d(0, last(hands[0])), d(1, "W"), act(2, "win")])
    assert {"dihu", "zimo", "fanhuaduiwei", "menqing"} <= set(the_win(out)["hands"]) and the_win(out)["fan"] == 6
    assert out["result"]["deltas"] == [-6, -6, 12]


# ---------------------------------------------------------------------------------------------------- the game
def test_setup_choice_ga_never_below_the_last_round_unless_free():
    opts = HAINAN.parse_options({}, 4)
    first = HAINAN.setup_choice(opts, 2, {})
    assert first.id == "ga" and first.values == (0, 1, 2, 3) and first.default == 0
    later = HAINAN.setup_choice(opts, 2, {"ga": [0, 0, 2, 3]})
    assert later.values == (2, 3) and later.default == 2
    free = HAINAN.parse_options({"free_ga": True}, 4)
    assert HAINAN.setup_choice(free, 2, {"ga": [0, 0, 2, 3]}).values == (0, 1, 2, 3)
    assert HAINAN.setup_choice(HAINAN.parse_options({"shang_ga": False}, 4), 2, {}) is None


def test_a_session_carries_ga_and_refuses_a_lower_one():
    session = Session(HAINAN, HAINAN.parse_options({}, 4), 4, seed=3)
    assert session.dealer == 0 and session.facts == {"ling": "E"}
    session.choose({0: 1, 1: 0, 2: 3, 3: 2})
    rnd, events = session.start_round()
    assert events[0]["context"]["ga"] == [1, 0, 3, 2] and events[0]["context"]["ling"] == "E"
    rnd.wins = []
    rnd.next_dealer_seat = 1
    session.finish_round(rnd)
    assert [c.values for c in session.setup_choices().values()] == [(1, 2, 3), (0, 1, 2, 3), (3,), (2, 3)]
    with pytest.raises(BadInput):
        session.choose({0: 0, 1: 0, 2: 3, 3: 2})
    session.choose({0: 1, 1: 0, 2: 3, 3: 3})
    rnd, events = session.start_round()
    rnd.next_dealer_seat = 1  # seat 1 keeps the deal: his streak (连庄) reaches the next round's context
    session.finish_round(rnd)
    session.choose({0: 1, 1: 0, 2: 3, 3: 3})
    rnd, events = session.start_round()
    assert events[0]["dealer"] == 1 and events[0]["context"]["streak"] == 1
    assert events[0]["context"]["ga"] == [1, 0, 3, 3]


def test_the_ling_moves_when_seat_0_deals_again_after_a_rotation():
    opts = HAINAN.parse_options({}, 4)
    facts = HAINAN.initial_facts(opts, 4)
    dealer, lings = 0, []
    for rule in ["stay", "pass", "pass", "stay", "pass", "pass", "stay", "pass", "pass", "pass", "pass", "pass",
                 "pass", "pass", "pass", "pass", "pass", "pass"]:
        nxt = dealer if rule == "stay" else (dealer + 1) % 4
        facts = HAINAN.carry_facts(opts, dict(facts), SimpleNamespace(dealer=dealer, next_dealer_seat=nxt))
        dealer = nxt
        lings.append(facts["ling"])
    # 0 deals twice (连庄 does not move it), then 1, 2 (twice), 3; back to 0: 南; two more rotations: 西, 北
    assert lings == ["E", "E", "E", "E", "E", "S", "S", "S", "S", "S", "W", "W", "W", "W", "N", "N", "N", "N"]
    assert HAINAN.initial_facts(HAINAN.parse_options({"jiao_ling": False}, 4), 4) == {}
    assert HAINAN.initial_facts(HAINAN.parse_options({"no_honors": True}, 4), 4) == {}


def test_run_setup_takes_ga_streak_and_ling_but_not_score_only_facts():
    hands, wall = deal({0: "1s", 2: READY}, avoid="1s")
    out = run(hands, wall, [d(0, "1s"), act(2, "win")], context={"ga": [0, 0, 1, 1], "streak": 3, "ling": "W"},
              options={"lian_zhuang": True})
    # seat 2 (西) wins on the dealer's discard: 门清 only; F = 嘎 + 1 (+ streak 3 with the dealer)
    assert the_win(out)["hands"] == ["pinghu", "menqing"]
    assert out["result"]["deltas"] == [-(1 + 1 + 3) - 1, -(0 + 1 + 1), 5 + 2 + 3 + 1, -(1 + 1 + 1)]
    assert run_refused(hands, wall, context={"flowers": ["1f"]})["error"] == "bad_input"
    assert run_refused(hands, wall, context={"tiles_left": 20})["error"] == "bad_input"
    assert run_refused(hands, wall, context={"ling": "C"})["error"] == "bad_input"
    assert run_refused(hands, wall, context={"ga": [0, 0, 4, 0]})["error"] == "bad_input"


def test_a_host_game_of_ai_seats_chooses_ga_and_plays():
    from game.headless.simulate import run_simulation

    out = run_simulation("hainan", players=4, seed=1, rounds=20)
    assert out["ok"] and out["rounds"] == 20 and sum(out["totals"]) == 0
    out = run_simulation("hainan", players=3, seed=2, rounds=8,
                         options={"free_ga": True, "zhuang_xian": True, "lian_zhuang": True, "mo_gang_double": True})
    assert out["ok"] and sum(out["totals"]) == 0


def test_a_host_table_asks_each_seat_for_its_ga(tmp_path, monkeypatch):
    from game.host import Host, LocalSeat, SeatConfig, SetupAction

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    host = Host("hainan", {}, [SeatConfig(f"P{i}", human=i == 0) for i in range(4)], seed=5, rounds=2)
    link = LocalSeat(0)
    host.attach(0, link)
    host.start_round()
    assert host.phase == "setup" and [a.value for a in link.open_prompt.actions] == [0, 1, 2, 3]
    host.run_bots()
    host.intent(0, link.open_prompt.id, SetupAction(0, "ga", 2))
    assert host.phase == "play" and host.round.context["ga"][0] == 2


# ---------------------------------------------------------------------------------------------------- random rounds
@pytest.mark.parametrize("players", [3, 4])
def test_random_rounds_keep_every_invariant(players):
    outcomes: Counter[str] = Counter()
    for i in range(150):
        rng = random.Random(f"hainan:{players}:{i}")
        raw = random_options(HAINAN, players, rng)
        opts = HAINAN.parse_options(raw, players)
        rnd = play_random_round(HAINAN, opts, players, f"hainan:{players}:{i}", dealer=i % players,
                                seat_states=True)
        outcomes["exhausted" if rnd.exhausted else "won"] += 1
        outcomes.update(item.reason for item in rnd.items)
        assert len(rnd.wins) <= 1
    assert outcomes["won"] and outcomes["exhausted"] and outcomes["kong"]


def test_every_seats_picture_agrees_with_the_round_at_every_step():
    """Hints, pass-lock, flowers, settlement: each seat's SeatState against the round after every action (the
    engine's seat-state check, random moves and bots), the 翻花对位 flowers included."""
    from tests.engine.test_seat_state import play_checked

    seen: Counter[str] = Counter()
    for seed in range(80):
        play_checked(HAINAN, 3 + seed % 2, seed, bots=seed % 3 == 0, seen=seen)
    for etype in ("flower", "chow", "pong", "kong", "concealed_kong", "win", "exhausted"):
        assert seen[etype], etype
