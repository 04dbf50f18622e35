"""Black-box tests of the Guiliu (桂柳麻将) rule set, written from the rules documents alone.

Sources: shared/rules/guiliu.md (wins over the seed), shared/rules/common.md, the seed
001_62bd1bf62910f9f9.txt and docs/engine-cli.md. The engine is driven through its command line only:
in-process via cmd_score / cmd_run, plus a few real subprocess calls of the CLI.

Every expected number is worked out by hand from the rules text; the arithmetic is in the comments.
Notation used in comments: "PH" = 平胡 base payment, "x" = 醒数.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.engine.errors import EngineError
from game.headless.engine_cli import CliError, cmd_run, cmd_score

REPO = Path(__file__).resolve().parents[2]



# --------------------------------------------------------------------------------------------- helpers

def _call(fn, doc):
    doc = {"variant": "guiliu", **doc}
    try:
        return fn(doc)
    except CliError as exc:
        return exc.payload
    except EngineError as exc:  # the in-process entry points also raise the engine's typed errors
        return {"ok": False, "error": exc.code, "message": str(exc)}


def score(**doc):
    doc.setdefault("players", 4)
    doc.setdefault("dealer", 0)
    ans = _call(cmd_score, doc)
    assert ans["ok"] is True, ans
    return ans


def score_err(**doc):
    doc.setdefault("players", 4)
    doc.setdefault("dealer", 0)
    ans = _call(cmd_score, doc)
    assert ans["ok"] is False, ans
    return ans


def _check_counts(doc):
    """Hands + wall never hold a kind more than four times (so a failure is the engine's, not the test's)."""
    hands = doc["hands"]
    assert len(hands[doc["dealer"]]) == 14
    assert all(len(h) == 13 for i, h in enumerate(hands) if i != doc["dealer"])
    c = Counter(t for h in hands for t in h) + Counter(doc["wall"])
    over = {k: n for k, n in c.items() if n > 4}
    assert not over, over


def run(**doc):
    doc.setdefault("dealer", 0)
    doc.setdefault("players", len(doc["hands"]))
    _check_counts(doc)
    ans = _call(cmd_run, doc)
    assert ans["ok"] is True, ans
    return ans


def run_err(**doc):
    doc.setdefault("dealer", 0)
    doc.setdefault("players", len(doc["hands"]))
    _check_counts(doc)
    ans = _call(cmd_run, doc)
    assert ans["ok"] is False, ans
    return ans


def pong(t, frm):
    return {"type": "pong", "tiles": [t] * 3, "from": frm}


def kong(t, frm):
    return {"type": "kong", "tiles": [t] * 4, "from": frm}


def added_kong(t, frm):
    return {"type": "added_kong", "tiles": [t] * 4, "from": frm}


def concealed_kong(t):
    return {"type": "concealed_kong", "tiles": [t] * 4}


def D(seat, tile):
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat, kind, **kw):
    return {"seat": seat, "type": kind, **kw}


def hs(ans):
    return set(ans["hands"])


# Standard test hands ---------------------------------------------------------------------------------

# 平胡, NOT 门清: 123m 456p 789s + EE pair (win E) + exposed pong of C.
PH_OPEN = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E"]
# 平胡, 门清: 123m 456p 789s 234m + EE pair (win E).
PH_CLOSED = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2m", "3m", "4m", "E"]
# 碰碰胡, not 门清: 111m 555p 999s + EE (win E) + exposed pong of C.
PPH_OPEN = ["1m", "1m", "1m", "5p", "5p", "5p", "9s", "9s", "9s", "E"]
# 烂牌: 1-4-7m, 2-5-8p, 3-6-9s + E S W N (+ win C): five honours, 14 different tiles.
LAN = ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N"]

# Junk groups for `run` hands: no pairs, adjacent tiles in every suit (never a 烂牌), far from any win.
JM = ["1m", "2m", "4m", "5m", "7m", "8m"]
JP = ["1p", "2p", "4p", "5p", "7p", "8p"]
JS = ["1s", "2s", "4s", "5s", "7s", "8s"]


# =============================================================================== worked examples

def test_worked_example_1_nondealer_selfdraw_pinghu_with_exposed_pong():
    # Seat 1 (dealer 0) self-draws 平胡 with an exposed pong: seats 2, 3 pay 2, dealer pays 4: +8.
    ans = score(winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 2)])
    assert ans["hands"] == ["pinghu"]
    assert ans["fan"] is None
    assert ans["deltas"] == [-4, 8, -2, -2]


def test_worked_example_2_dealer_wins_pinghu_on_discard():
    # Dealer wins 平胡 on seat 3's discard, exposed pong: seat 3 pays 7.
    ans = score(winner=0, discarder=3, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 2)])
    assert ans["deltas"] == [7, 0, 0, -7]


def test_worked_example_3_qingyise_haohua_selfdrawn_by_nondealer():
    # 1111m 22m 33m 55m 77m 99m: 清一色 (1) + 豪华七对 (2) -> n = 3; 15 * 2^2 = 60;
    # seven pairs are always 门清 -> x2 = 120 from each of the three, winner +360.
    ans = score(winner=1, concealed=["1m"] * 4 + ["2m", "2m", "3m", "3m", "5m", "5m", "7m", "7m", "9m"],
                win_tile="9m")
    assert hs(ans) == {"qingyise", "haohua_qidui", "menqing"}
    assert ans["fan"] == 3
    assert ans["deltas"] == [-120, 360, -120, -120]


def test_worked_example_4_xing_with_chong_xing():
    # Seat 2 wins 平胡 (not 门清) on seat 1's discard. Hand: 44p 567p 123s 123m + pong E.
    # Turned 5p: 上醒 6p, 下醒 4p -> 4p 4p 6p = 3 -> 翻重醒: 9s: 上醒 1s (9->1 wrap), 下醒 8s -> one 1s = 1.
    # 醒数 4; seat 1 pays 5 + 4 * 3 = 17.
    ans = score(winner=2, discarder=1,
                concealed=["4p", "4p", "5p", "6p", "7p", "1s", "2s", "3s", "1m", "2m"], win_tile="3m",
                melds=[pong("E", 0)], context={"xing": ["5p", "9s"]})
    assert ans["hands"] == ["pinghu"]
    assert ans["deltas"] == [0, -17, 17, 0]


# =============================================================================== payment table

@pytest.mark.parametrize("winner,discarder,deltas", [
    (0, None, [12, -4, -4, -4]),   # dealer self-draw: 4 each
    (0, 2, [7, 0, -7, 0]),         # dealer on a discard: 7
    (2, None, [-4, -2, 8, -2]),    # non-dealer self-draw: non-dealers 2, dealer 4
    (1, 3, [0, 5, 0, -5]),         # non-dealer on a non-dealer's discard: 5
    (1, 0, [-5, 5, 0, 0]),         # non-dealer on the dealer's discard: still 5
])
def test_payment_table_pinghu(winner, discarder, deltas):
    ans = score(winner=winner, discarder=discarder, concealed=PH_OPEN, win_tile="E",
                melds=[pong("C", (winner + 1) % 4 if (winner + 1) % 4 != discarder else (winner + 2) % 4)])
    assert ans["hands"] == ["pinghu"] and ans["fan"] is None
    assert ans["deltas"] == deltas


@pytest.mark.parametrize("winner,discarder,deltas", [
    (0, None, [15, -5, -5, -5]),   # dealer self-draw: 5 each (the seed's "15" is a typo)
    (0, 1, [10, -10, 0, 0]),       # dealer on a discard: 10
    (3, None, [-5, -3, -3, 11]),   # non-dealer self-draw: non-dealers 3, dealer 5
    (3, 1, [0, -8, 0, 8]),         # non-dealer on a discard: 8
])
def test_payment_table_lanpai_without_menqing_doubling(winner, discarder, deltas):
    # 烂牌 is always 门清; with menqing_x2 off the raw table applies.
    ans = score(winner=winner, discarder=discarder, options={"menqing_x2": False}, concealed=LAN, win_tile="C")
    assert hs(ans) == {"lanpai", "menqing"}
    assert ans["fan"] is None
    assert ans["deltas"] == deltas


def test_lanpai_is_menqing_and_doubles_by_default():
    # non-dealer self-draw 烂牌: non-dealers 3, dealer 5, x2 (门清) -> 6, 6, 10; winner +22.
    ans = score(winner=1, concealed=LAN, win_tile="C")
    assert hs(ans) == {"lanpai", "menqing"}
    assert ans["deltas"] == [-10, 22, -6, -6]


@pytest.mark.parametrize("winner,discarder,deltas", [
    (0, None, [45, -15, -15, -15]),   # n = 1, dealer self-draw: 15 * 2^0 = 15 each
    (0, 3, [35, 0, 0, -35]),          # dealer on a discard: 35
    (2, None, [-15, -15, 45, -15]),   # non-dealer self-draw: 15 each, the dealer too
    (2, 1, [0, -35, 35, 0]),          # non-dealer on a discard: 35
])
def test_payment_table_big_hand_one_fan(winner, discarder, deltas):
    frm = next(s for s in range(4) if s not in (winner, discarder))
    ans = score(winner=winner, discarder=discarder, concealed=PPH_OPEN, win_tile="E", melds=[pong("C", frm)])
    assert ans["hands"] == ["pengpenghu"]
    assert ans["fan"] == 1
    assert ans["deltas"] == deltas


@pytest.mark.parametrize("discarder,deltas", [
    (None, [-30, 90, -30, -30]),   # n = 2: 15 * 2^1 = 30 each
    (3, [0, 70, 0, -70]),          # n = 2: 35 * 2^1 = 70
])
def test_payment_table_big_hand_two_fan(discarder, deltas):
    # 111m 333m 555m 99m + pong 7m: 清一色 + 碰碰胡 (not 门清).
    ans = score(winner=1, discarder=discarder, concealed=["1m"] * 3 + ["3m"] * 3 + ["5m"] * 3 + ["9m"],
                win_tile="9m", melds=[pong("7m", 2)])
    assert hs(ans) == {"qingyise", "pengpenghu"}
    assert ans["fan"] == 2
    assert ans["deltas"] == deltas


def test_payment_table_big_hand_four_fan():
    # 1111m 2222m 55m 77m 99m: 清一色 1 + 双豪七 3 = 4 -> 15 * 2^3 = 120, 门清 x2 = 240 each.
    ans = score(winner=1, concealed=["1m"] * 4 + ["2m"] * 4 + ["5m", "5m", "7m", "7m", "9m"], win_tile="9m")
    assert hs(ans) == {"qingyise", "shuang_haoqi", "menqing"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [-240, 720, -240, -240]


def test_payment_table_big_hand_five_fan_on_discard():
    # 1111m 3333m 5555m 77m (no standard reading): 清一色 1 + 三豪七 4 = 5 -> 35 * 2^4 = 560, x2 = 1120.
    ans = score(winner=2, discarder=0, concealed=["1m"] * 4 + ["3m"] * 4 + ["5m"] * 4 + ["7m"], win_tile="7m")
    assert hs(ans) == {"qingyise", "san_haoqi", "menqing"}
    assert ans["fan"] == 5
    assert ans["deltas"] == [-1120, 0, 1120, 0]


# =============================================================================== hand types

def test_qixinglan_replaces_lanpai_and_a_lone_tile_in_a_suit_is_fine():
    # 1-4-7m, 2-5-8p, a lone 6s + all seven honours: 七星烂 (1 fan), not 烂牌. Discard: 35, 门清 x2 = 70.
    ans = score(winner=1, discarder=2,
                concealed=["1m", "4m", "7m", "2p", "5p", "8p", "6s", "E", "S", "W", "N", "C", "F"], win_tile="P")
    assert hs(ans) == {"qixinglan", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [0, 70, -70, 0]


def test_lanpai_with_1_5_9_pattern():
    # 1-5-9m, 1-4-7p, 2-5-8s + E S W N F: 烂牌. Dealer self-draw: 5 each x2 (门清) = 10 each.
    ans = score(winner=0, concealed=["1m", "5m", "9m", "1p", "4p", "7p", "2s", "5s", "8s", "E", "S", "W", "N"],
                win_tile="F")
    assert hs(ans) == {"lanpai", "menqing"}
    assert ans["fan"] is None
    assert ans["deltas"] == [30, -10, -10, -10]


def test_lanpai_edge_two_tiles_of_a_suit_two_apart():
    # 4m and 6m differ by 2 -> not 烂牌 (and no other shape).
    ans = score_err(winner=1, concealed=["1m", "4m", "6m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N"],
                    win_tile="C")
    assert ans["error"] == "not_a_win"


def test_lanpai_edge_only_four_honours():
    # 1-4-7m 2-5-8p 3-6-9s + E E S W N: only four different honours (and a pair) -> not 烂牌.
    ans = score_err(winner=1, concealed=["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N"],
                    win_tile="E")
    assert ans["error"] == "not_a_win"


def test_lanpai_edge_a_suit_missing():
    # No 条 at all: 1-4-7m 2-5-8p + seven honours is only 13 different tiles; the 14th (9m) cannot keep the gap.
    # (With 14 different tiles a missing suit always breaks another condition too.)
    ans = score_err(winner=1, concealed=["1m", "4m", "7m", "2p", "5p", "8p", "E", "S", "W", "N", "C", "F", "P"],
                    win_tile="9m")
    assert ans["error"] == "not_a_win"


def test_lanpai_edge_lone_tiles_with_five_honours_only_is_not_enough():
    # A suit with a lone tile leaves at most 7 number tiles -> 14 needs all seven honours; with a lone tile and
    # a duplicated honour (E E) it is not a win.
    ans = score_err(winner=1, concealed=["1m", "4m", "7m", "2p", "5p", "8p", "6s", "E", "S", "W", "N", "C", "F"],
                    win_tile="E")
    assert ans["error"] == "not_a_win"


def test_qingyise_alone():
    # 123m 456m 789m 234m 55m: 清一色 (1), 门清. Non-dealer self-draw: 15 x2 = 30 each, +90.
    ans = score(winner=1, concealed=["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2m", "3m", "4m", "5m"],
                win_tile="5m")
    assert hs(ans) == {"qingyise", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [-30, 90, -30, -30]


def test_ziyise_standard_shape_is_also_pengpenghu():
    # EEE SSS WWW CC FF, win C on seat 3's discard: 字一色 1 + 碰碰胡 1 = 2 -> 70, 门清 x2 = 140.
    ans = score(winner=2, discarder=3, concealed=["E"] * 3 + ["S"] * 3 + ["W"] * 3 + ["C", "C", "F", "F"],
                win_tile="C")
    assert hs(ans) == {"ziyise", "pengpenghu", "menqing"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 0, 140, -140]


def test_ziyise_seven_pairs():
    # EE SS WW NN CC FF PP: 字一色 1 + 七小对 1 = 2 -> 30 each, x2 = 60 each, winner +180.
    ans = score(winner=1, concealed=["E", "E", "S", "S", "W", "W", "N", "N", "C", "C", "F", "F", "P"], win_tile="P")
    assert hs(ans) == {"ziyise", "qixiaodui", "menqing"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [-60, 180, -60, -60]


def test_pengpenghu_concealed_is_menqing():
    # 111m 555p 999s EEE CC self-drawn by seat 1: 碰碰胡 1 -> 15 each, 门清 x2 = 30 each.
    ans = score(winner=1, concealed=["1m"] * 3 + ["5p"] * 3 + ["9s"] * 3 + ["E"] * 3 + ["C"], win_tile="C")
    assert hs(ans) == {"pengpenghu", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [-30, 90, -30, -30]


QQR_MELDS = [pong("1m", 0), pong("5p", 2), pong("9s", 3), pong("E", 0)]


def test_quanqiuren_on_a_discard_adds_to_pengpenghu():
    # Four claimed pongs + one concealed C, won on seat 3's C: 碰碰胡 1 + 全求人 1 = 2 -> 35 * 2 = 70.
    ans = score(winner=1, discarder=3, concealed=["C"], win_tile="C", melds=QQR_MELDS)
    assert hs(ans) == {"pengpenghu", "quanqiuren"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 70, 0, -70]


def test_quanqiuren_selfdrawn_is_only_pengpenghu():
    # Same hand self-drawn: 碰碰胡 only, n = 1 -> 15 each.
    ans = score(winner=1, concealed=["C"], win_tile="C", melds=QQR_MELDS)
    assert hs(ans) == {"pengpenghu"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [-15, 45, -15, -15]


def test_quanqiuren_with_exposed_and_added_kongs():
    # All four sets claimed from others (kong on a discard, added kong on a claimed pong count): 2 fan -> 70.
    ans = score(winner=1, discarder=2, concealed=["C"], win_tile="C",
                melds=[kong("1m", 0), added_kong("5p", 2), pong("9s", 3), pong("E", 0)])
    assert hs(ans) == {"pengpenghu", "quanqiuren"}
    assert ans["deltas"] == [0, 70, -70, 0]


def test_quanqiuren_broken_by_a_concealed_kong():
    # A concealed kong is not claimed: only 碰碰胡 (1 fan), not 门清 (exposed pongs) -> 35.
    ans = score(winner=1, discarder=3, concealed=["C"], win_tile="C",
                melds=[pong("1m", 0), pong("5p", 2), concealed_kong("9s"), pong("E", 0)])
    assert hs(ans) == {"pengpenghu"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [0, 35, 0, -35]


def test_qixiaodui_on_a_discard():
    # 11m 33m 55p 77p 99s EE CC on the dealer's C: 七小对 1 -> 35, 门清 x2 = 70.
    ans = score(winner=2, discarder=0,
                concealed=["1m", "1m", "3m", "3m", "5p", "5p", "7p", "7p", "9s", "9s", "E", "E", "C"], win_tile="C")
    assert hs(ans) == {"qixiaodui", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [-70, 0, 70, 0]


def test_qixiaodui_with_menqing_x2_off():
    # menqing still listed; no doubling: 35.
    ans = score(winner=2, discarder=0, options={"menqing_x2": False},
                concealed=["1m", "1m", "3m", "3m", "5p", "5p", "7p", "7p", "9s", "9s", "E", "E", "C"], win_tile="C")
    assert hs(ans) == {"qixiaodui", "menqing"}
    assert ans["deltas"] == [-35, 0, 35, 0]


def test_haohua_qidui_replaces_qixiaodui():
    # 1111m 33m 55p 77p 99s EE: 豪华七对 2 (not + 七小对) -> 15 * 2 = 30 each, x2 = 60 each.
    ans = score(winner=1, concealed=["1m"] * 4 + ["3m", "3m", "5p", "5p", "7p", "7p", "9s", "9s", "E"], win_tile="E")
    assert hs(ans) == {"haohua_qidui", "menqing"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [-60, 180, -60, -60]


def test_shuang_haoqi():
    # 1111m 5555p 99s EE CC on seat 3's C: 双豪七 3 -> 35 * 4 = 140, x2 = 280.
    ans = score(winner=1, discarder=3, concealed=["1m"] * 4 + ["5p"] * 4 + ["9s", "9s", "E", "E", "C"], win_tile="C")
    assert hs(ans) == {"shuang_haoqi", "menqing"}
    assert ans["fan"] == 3
    assert ans["deltas"] == [0, 280, 0, -280]


def test_san_haoqi():
    # 1111m 5555p 9999s EE, dealer self-draws: 三豪七 4 -> 15 * 8 = 120, x2 = 240 each.
    ans = score(winner=0, concealed=["1m"] * 4 + ["5p"] * 4 + ["9s"] * 4 + ["E"], win_tile="E")
    assert hs(ans) == {"san_haoqi", "menqing"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [720, -240, -240, -240]


def test_hand_reading_with_most_fan_wins():
    # 22m33m44m 55p66p77p 99s reads as 234m 234m 567p 567p 99s (平胡) or seven pairs (1 fan): 七小对.
    ans = score(winner=1, discarder=2,
                concealed=["2m", "2m", "3m", "3m", "4m", "4m", "5p", "5p", "6p", "6p", "7p", "7p", "9s"], win_tile="9s")
    assert hs(ans) == {"qixiaodui", "menqing"}
    assert ans["deltas"] == [0, 70, -70, 0]


def test_qingyise_seven_pairs_beats_the_standard_reading():
    # 11m 22m 33m 55m 66m 77m 99m: standard 123 123 567 567 99 (清一色, 1 fan) or 清一色 + 七小对 (2 fan) -> 2.
    # seat 2 on seat 3's discard: 35 * 2 = 70, 门清 x2 = 140.
    ans = score(winner=2, discarder=3,
                concealed=["1m", "1m", "2m", "2m", "3m", "3m", "5m", "5m", "6m", "6m", "7m", "7m", "9m"], win_tile="9m")
    assert hs(ans) == {"qingyise", "qixiaodui", "menqing"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 0, 140, -140]


def test_fan_is_null_for_small_hands():
    assert score(winner=1, concealed=PH_CLOSED, win_tile="E")["fan"] is None
    assert score(winner=1, concealed=LAN, win_tile="C")["fan"] is None


# =============================================================================== modifiers

def test_menqing_pinghu_doubles():
    # 门清 平胡 non-dealer self-draw: (2, 2, 4) x2 = (4, 4, 8); winner +16.
    ans = score(winner=1, concealed=PH_CLOSED, win_tile="E")
    assert hs(ans) == {"pinghu", "menqing"}
    assert ans["deltas"] == [-8, 16, -4, -4]


def test_menqing_x2_off_lists_menqing_without_doubling():
    ans = score(winner=1, options={"menqing_x2": False}, concealed=PH_CLOSED, win_tile="E")
    assert hs(ans) == {"pinghu", "menqing"}
    assert ans["deltas"] == [-4, 8, -2, -2]


def test_menqing_allows_a_concealed_kong():
    # 123m 456p 789s EE + concealed kong 9p, won on seat 2's discard: 门清 -> 5 x2 = 10.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[concealed_kong("9p")])
    assert hs(ans) == {"pinghu", "menqing"}
    assert ans["deltas"] == [0, 10, -10, 0]


@pytest.mark.parametrize("meld", [kong("9p", 3), added_kong("9p", 3)])
def test_exposed_or_added_kong_breaks_menqing(meld):
    # not 门清 -> 5; kong points never appear in score deltas.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[meld])
    assert hs(ans) == {"pinghu"}
    assert ans["deltas"] == [0, 5, -5, 0]


def test_gangshanghua_doubles():
    # 杠上花 on an exposed kong (not 门清): (4, 2, 2) x2 -> dealer 8, others 4; winner +16.
    ans = score(winner=1, concealed=PH_OPEN, win_tile="E", melds=[kong("9p", 3)], flags=["after_kong"])
    assert hs(ans) == {"pinghu", "gangshanghua"}
    assert ans["deltas"] == [-8, 16, -4, -4]


def test_gangshanghua_and_menqing_quadruple():
    # concealed kong keeps 门清; 杠上花 + 门清: (4, 2, 2) x4 = (16, 8, 8); winner +32.
    ans = score(winner=1, concealed=PH_OPEN, win_tile="E", melds=[concealed_kong("9p")], flags=["after_kong"])
    assert hs(ans) == {"pinghu", "menqing", "gangshanghua"}
    assert ans["deltas"] == [-16, 32, -8, -8]


def test_gangshangpao_doubles():
    # 杠上炮, not 门清: 5 x2 = 10.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 3)], flags=["after_kong"])
    assert hs(ans) == {"pinghu", "gangshangpao"}
    assert ans["deltas"] == [0, 10, -10, 0]


def test_gangshangpao_and_menqing_quadruple():
    # 5 x4 = 20.
    ans = score(winner=1, discarder=2, concealed=PH_CLOSED, win_tile="E", flags=["after_kong"])
    assert hs(ans) == {"pinghu", "menqing", "gangshangpao"}
    assert ans["deltas"] == [0, 20, -20, 0]


def test_gangshanghua_with_menqing_x2_off_still_doubles():
    # 门清 listed but not doubling; 杠上花 x2: (4, 2, 2) x2.
    ans = score(winner=1, options={"menqing_x2": False}, concealed=PH_OPEN, win_tile="E",
                melds=[concealed_kong("9p")], flags=["after_kong"])
    assert hs(ans) == {"pinghu", "menqing", "gangshanghua"}
    assert ans["deltas"] == [-8, 16, -4, -4]


def test_robbing_a_kong_does_not_exist():
    ans = score_err(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 3)],
                    flags=["robbing_kong"])
    assert ans["error"] in ("not_a_win", "bad_input")


# =============================================================================== 醒 via context.xing

def xing_open(xing, winner=1, discarder=2, options=None, players=4):
    """PH_OPEN (123m 456p 789s EE + pong C) scored with the given turned tiles."""
    frm = next((s for s in range(players) if s not in (winner, discarder)), discarder)
    return score(players=players, winner=winner, discarder=discarder, concealed=PH_OPEN, win_tile="E",
                 melds=[pong("C", frm)], options=options or {}, context={"xing": xing})


def test_xing_missing_means_no_xing():
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 3)])
    assert ans["deltas"] == [0, 5, -5, 0]


@pytest.mark.parametrize("turned,count", [
    ("5p", 2),   # 上醒 6p, 下醒 4p: one each
    ("2m", 2),   # 1m and 3m
    ("9m", 1),   # 上醒 wraps to 1m (held), 下醒 8m (not held)
    ("1s", 1),   # 下醒 wraps to 9s (held), 上醒 2s (not held)
    ("8s", 2),   # 9s and 7s
    ("5m", 0),   # 4m, 6m not held; the same numbers in other suits do not count
    ("N", 2),    # winds: 上醒 of N is E (wrap): concealed E + winning E
    ("S", 2),    # 下醒 of S is E
    ("W", 0),    # 上醒 N, 下醒 S: none
    ("E", 0),    # 上醒 S, 下醒 N; E itself does not count without 中醒
    ("7p", 1),   # 6p only (8p not held)
])
def test_xing_up_and_down_in_rings(turned, count):
    # on a discard: 5 + count * (4 - 1)
    assert xing_open([turned])["deltas"] == [0, 5 + 3 * count, -5 - 3 * count, 0]


@pytest.mark.parametrize("turned,count", [
    ("F", 3),    # dragons C->F->P->C: 下醒 of F is C: pong CCC = 3 (melds count)
    ("P", 3),    # 上醒 of P is C (wrap)
])
def test_xing_dragons_ring_counts_meld_tiles(turned, count):
    # count 3 triggers 重醒; the next tile W (上醒 N, 下醒 S) hits nothing: 醒数 3 -> 5 + 9 = 14.
    assert xing_open([turned, "W"])["deltas"] == [0, 5 + 3 * count, -5 - 3 * count, 0]


def test_xing_kong_counts_as_four():
    # concealed kong 9p + 123m 456p 789s EE; turned 8p: 9p x4 + 7p x0 = 4 (>= 3: 重醒 on W: 0).
    # discard, 门清: (5 + 4*3) x2 = 34.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[concealed_kong("9p")],
                context={"xing": ["8p", "W"]})
    assert ans["deltas"] == [0, 34, -34, 0]


def test_xing_exposed_kong_counts_as_four():
    # exposed kong 9p (not 门清), turned 8p: 9p x4 = 4 -> 重醒 W: 0. 5 + 4*3 = 17.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[kong("9p", 3)],
                context={"xing": ["8p", "W"]})
    assert ans["deltas"] == [0, 17, -17, 0]


def test_xing_on_seven_pairs_with_four_alike():
    # 1111m 33m 55p 77p 99s EE on a discard, turned 2m: 1m x4 + 3m x2 = 6 -> 重醒 W: 0.
    # 豪华七对 35 * 2 = 70; (70 + 6*3) x2 = 176.
    ans = score(winner=1, discarder=2, concealed=["1m"] * 4 + ["3m", "3m", "5p", "5p", "7p", "7p", "9s", "9s", "E"],
                win_tile="E", context={"xing": ["2m", "W"]})
    assert ans["deltas"] == [0, 176, -176, 0]


def test_xing_self_draw_each_payer_pays_xing():
    # non-dealer self-draw, turned 5p: 2 hits; dealer 4 + 2 = 6, others 2 + 2 = 4; winner +14.
    assert xing_open(["5p"], discarder=None)["deltas"] == [-6, 14, -4, -4]


@pytest.mark.parametrize("players,deltas", [
    (4, [0, 11, -11, 0]),   # 5 + 2 * 3
    (3, [0, 9, -9]),        # 5 + 2 * 2
    (2, [-7, 7]),           # 5 + 2 * 1 (winner 1, discarder 0)
])
def test_xing_on_a_discard_is_times_players_minus_one(players, deltas):
    discarder = 0 if players == 2 else 2
    assert xing_open(["5p"], discarder=discarder, players=players)["deltas"] == deltas


def test_xing_doubled_with_menqing():
    # 门清 平胡 on a discard, turned 5p (4p, 6p): (5 + 2*3) x2 = 22.
    ans = score(winner=1, discarder=2, concealed=PH_CLOSED, win_tile="E", context={"xing": ["5p"]})
    assert ans["deltas"] == [0, 22, -22, 0]


def test_xing_on_a_big_hand():
    # 碰碰胡 (not 门清) on a discard, turned N: E E -> 2; 35 + 2*3 = 41.
    ans = score(winner=1, discarder=2, concealed=PPH_OPEN, win_tile="E", melds=[pong("C", 3)],
                context={"xing": ["N"]})
    assert ans["deltas"] == [0, 41, -41, 0]


def test_chong_xing_at_three():
    # turned P: CCC = 3 -> turn 2m: 1m, 3m = 2 -> 5 (< 3, stop; 5p beyond is ignored). 5 + 5*3 = 20.
    assert xing_open(["P", "2m", "5p"])["deltas"] == [0, 20, -20, 0]


def test_no_chong_xing_below_three():
    # turned 5p: 2 -> no second turn; 2m ignored: 5 + 2*3 = 11.
    assert xing_open(["5p", "2m"])["deltas"] == [0, 11, -11, 0]


def test_chong_xing_repeats():
    # P: 3 -> F: 3 (C again) -> 5p: 2 -> stop. 醒数 8: 5 + 8*3 = 29.
    assert xing_open(["P", "F", "5p", "2m"])["deltas"] == [0, 29, -29, 0]


def test_chong_xing_off():
    # chong_xing off: P counts 3 and nothing more: 5 + 3*3 = 14.
    assert xing_open(["P", "2m"], options={"chong_xing": False})["deltas"] == [0, 14, -14, 0]


def test_chong_xing_stops_when_no_tile_is_left():
    # only one tile given: P counts 3, no tile left -> 14.
    assert xing_open(["P"])["deltas"] == [0, 14, -14, 0]


def test_xing_off_ignores_turned_tiles():
    assert xing_open(["5p"], options={"xing": False})["deltas"] == [0, 5, -5, 0]


def test_xing_any_suit():
    # turned 5m with xing_any_suit: 4 and 6 of every suit -> 4p, 6p = 2: 5 + 6 = 11 (without the option: 0).
    assert xing_open(["5m"], options={"xing_any_suit": True})["deltas"] == [0, 11, -11, 0]
    assert xing_open(["5m"])["deltas"] == [0, 5, -5, 0]


def test_xing_any_suit_honours_never_match_numbers():
    # turned C with xing_any_suit: 上醒 F, 下醒 P only; nothing held -> 0.
    assert xing_open(["C"], options={"xing_any_suit": True})["deltas"] == [0, 5, -5, 0]


def test_zhong_xing_counts_the_turned_kind():
    # turned E with 中醒: E itself counts: concealed E + winning E = 2 (S, N none): 5 + 6 = 11.
    assert xing_open(["E"], options={"zhong_xing": True})["deltas"] == [0, 11, -11, 0]


def test_zhong_xing_counts_toward_the_chong_xing_threshold():
    # turned 5p with 中醒: 4p, 5p, 6p = 3 -> 重醒: 2m: 1m, 3m (2m itself too, 中醒) = 3 -> W: 0.
    # 醒数 6: 5 + 18 = 23.
    assert xing_open(["5p", "2m", "W"], options={"zhong_xing": True})["deltas"] == [0, 23, -23, 0]


def test_xing_any_suit_with_zhong_xing_counts_turned_number_in_every_suit():
    # turned 5s: 4, 5, 6 of every suit -> 4p 5p 6p = 3 -> 重醒 on W: 0 (W itself not held). 5 + 9 = 14.
    ans = xing_open(["5s", "W"], options={"xing_any_suit": True, "zhong_xing": True})
    assert ans["deltas"] == [0, 14, -14, 0]


LAST_TILE_HAND = ["1m", "2m", "3m", "7s", "8s", "9s", "4p", "4p", "4p", "6p"]  # + 5p: 123m 789s 456p 44p + pong C


def test_xing_last_tile_winning_tile_is_the_turned_tile_and_no_chong_xing():
    # 海底 win on 5p: the turned tile is 5p itself: 4p x3 + 6p = 4 (>= 3 but no 重醒).
    # context.xing (P, F: would give 3 + 3) is not used. 5 + 4*3 = 17.
    ans = score(winner=1, discarder=2, concealed=LAST_TILE_HAND, win_tile="5p", melds=[pong("C", 3)],
                flags=["last_tile"], context={"xing": ["P", "F"]})
    assert ans["deltas"] == [0, 17, -17, 0]


def test_xing_last_tile_self_draw():
    # 海底 self-draw of 5p by seat 1: 4 hits; dealer 4 + 4 = 8, others 2 + 4 = 6; winner +20.
    ans = score(winner=1, concealed=LAST_TILE_HAND, win_tile="5p", melds=[pong("C", 3)],
                flags=["last_tile"], context={"xing": ["5p"]})
    assert ans["deltas"] == [-8, 20, -6, -6]


# =============================================================================== 互包 via context.hubao

def test_hubao_seed_example_selfdraw_partner_pays_twice():
    # Seed: A (dealer) 平胡 self-draw 4 each = 12; partner B pays 24, the others nothing.
    ans = score(winner=0, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 1)], context={"hubao": [[0, 2]]})
    assert ans["deltas"] == [24, 0, -24, 0]


def test_hubao_selfdraw_with_several_partners():
    # seat 1 self-draws 平胡 (4 + 2 + 2 = 8), mutual with 0 and 2: each pays 16, seat 3 nothing.
    ans = score(winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 3)],
                context={"hubao": [[1, 0], [2, 1]]})
    assert ans["deltas"] == [-16, 32, -16, 0]


def test_hubao_selfdraw_includes_xing_and_doubling():
    # 门清 平胡 self-drawn by seat 1, turned 5p (2 hits): dealer (4+2)x2 = 12, others (2+2)x2 = 8 each
    # -> total 28; partner seat 3 pays 56.
    ans = score(winner=1, concealed=PH_CLOSED, win_tile="E", context={"xing": ["5p"], "hubao": [[1, 3]]})
    assert ans["deltas"] == [0, 56, 0, -56]


def test_hubao_discard_partner_pays_the_same():
    # seat 1 wins 平胡 on seat 2's discard (5); partner 3 pays the same 5.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)],
                context={"hubao": [[1, 3]]})
    assert ans["deltas"] == [0, 10, -5, -5]


def test_hubao_discarder_is_the_partner_pays_double():
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)],
                context={"hubao": [[1, 2]]})
    assert ans["deltas"] == [0, 10, -10, 0]


def test_hubao_discard_several_partners():
    # partners 2 (the discarder: double, 10) and 3 (once, 5): winner +15.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)],
                context={"hubao": [[1, 2], [3, 1]]})
    assert ans["deltas"] == [0, 15, -10, -5]


def test_hubao_discard_includes_xing():
    # seat 1 on seat 2's discard, turned 5p: 5 + 6 = 11; partner 0 pays the same 11.
    ans = score(winner=1, discarder=2, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 3)],
                context={"xing": ["5p"], "hubao": [[0, 1]]})
    assert ans["deltas"] == [-11, 22, -11, 0]


def test_hubao_pair_without_the_winner_changes_nothing():
    ans = score(winner=1, discarder=3, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)],
                context={"hubao": [[0, 2]]})
    assert ans["deltas"] == [0, 5, 0, -5]


# =============================================================================== tables of 2 and 3

def test_three_player_table_same_payments():
    # non-dealer self-draw 平胡: dealer 4, seat 2 pays 2 -> +6.
    ans = score(players=3, winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 2)])
    assert ans["deltas"] == [-4, 6, -2]
    # dealer self-draw 烂牌 (门清): 5 x2 = 10 each.
    assert score(players=3, winner=0, concealed=LAN, win_tile="C")["deltas"] == [20, -10, -10]


def test_two_player_table_same_payments_and_all_tiles():
    # 2 players: every suit and the honours exist (136 tiles). Non-dealer self-draw 平胡: dealer pays 4.
    ans = score(players=2, winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)])
    assert ans["deltas"] == [-4, 4]
    # big hand on a discard: 碰碰胡 35.
    ans = score(players=2, winner=1, discarder=0, concealed=PPH_OPEN, win_tile="E", melds=[pong("C", 0)])
    assert ans["deltas"] == [-35, 35]


def test_zhui_is_accepted_and_ignored_with_three_players():
    ans = score(players=3, options={"zhui": True}, winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 2)])
    assert ans["deltas"] == [-4, 6, -2]


@pytest.mark.parametrize("players", [2, 3])
def test_run_small_tables_use_all_136_tiles(players):
    tiles = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP")
    full = [t for t in tiles for _ in range(4)]
    assert len(full) == 136
    hands = [full[:14]] + [full[14 + 13 * i: 27 + 13 * i] for i in range(players - 1)]
    wall = full[14 + 13 * (players - 1):]
    ans = run(players=players, hands=hands, wall=wall, actions=[])
    assert ans["result"]["finished"] is False
    start = ans["events"][0]
    assert start["type"] == "start_round" and start["wall"] == len(wall)


def test_zhui_is_accepted_and_ignored_with_two_players():
    ans = score(players=2, options={"zhui": True}, winner=1, concealed=PH_OPEN, win_tile="E", melds=[pong("C", 0)])
    assert ans["deltas"] == [-4, 4]


def test_unknown_option_is_refused():
    ans = score_err(options={"no_such_option": True}, winner=1, concealed=PH_OPEN, win_tile="E",
                    melds=[pong("C", 2)])
    assert ans["error"] == "bad_option"


# =============================================================================== runs: 醒 flip, next dealer

def _flip_events(ans):
    return [e for e in ans["events"] if e["type"] == "flip"]


def _win_on_dealer_c(wall):
    dealer = JM + JP + ["S", "C"]
    w1 = ["2m", "3m", "4m", "5p", "6p", "7p", "7s", "8s", "9s", "E", "E", "C", "C"]   # waits E / C
    return run(hands=[dealer, w1, JM + JP + ["W"], JM + JP + ["N"]], wall=wall,
               actions=[D(0, "C"), A(1, "win")])


def test_run_xing_flip_event_and_next_dealer_after_a_win():
    # dealer discards C, seat 1 wins (门清 平胡 on a discard). Turned 6s: 7s held -> 1.
    # (5 + 1*3) x2 = 16. Next dealer: the winner.
    ans = _win_on_dealer_c(["6s", "9s", "3s", "6s"])
    flips = _flip_events(ans)
    assert len(flips) == 1
    assert flips[0]["tiles"] == ["6s"]
    assert flips[0]["hits"] == {"1": 1}
    assert ans["result"]["deltas"] == [-16, 16, 0, 0]
    assert ans["result"]["next_dealer"] == 1
    assert ans["result"]["wins"] == [{"seat": 1, "from": 0, "hands": ["pinghu", "menqing"], "fan": None}]


def test_run_xing_flip_with_chong_xing():
    # turned F: 下醒 C -> C C + winning C = 3 -> 重醒: 6s -> 7s = 1. 醒数 4: (5 + 12) x2 = 34.
    ans = _win_on_dealer_c(["F", "6s", "3s", "3s"])
    flips = _flip_events(ans)
    assert len(flips) == 1
    assert flips[0]["tiles"] == ["F", "6s"]
    assert flips[0]["hits"] == {"1": 4}
    assert ans["result"]["deltas"] == [-34, 34, 0, 0]


def test_run_dealer_wins_on_dealt_fourteen_is_an_ordinary_self_draw():
    # dealer's 14: 123m 456p 789s 234m EE -> 门清 平胡 self-draw: 4 x2 = 8 each; +24. Stays dealer.
    dealer = PH_CLOSED + ["E"]
    others = [JP + JS + [h] for h in ("S", "W", "N")]
    ans = run(options={"xing": False}, hands=[dealer] + others, wall=["3s", "6s"], actions=[A(0, "win")])
    assert ans["result"]["deltas"] == [24, -8, -8, -8]
    assert ans["result"]["wins"][0]["hands"] == ["pinghu", "menqing"] or \
        set(ans["result"]["wins"][0]["hands"]) == {"pinghu", "menqing"}
    assert ans["result"]["next_dealer"] == 0


def test_run_exhaustion_keeps_the_dealer():
    # dealer 1 discards; seat 2 draws the only wall tile and discards it; no win -> exhaustion, dealer 1 again.
    hands = [JM + JP + ["S"], JM + JP + ["W", "C"], JM + JP + ["N"], JM + JP + ["E"]]
    ans = run(dealer=1, hands=hands, wall=["3s"], actions=[D(1, "C"), D(2, "3s")])
    assert ans["result"]["finished"] is True
    assert ans["result"]["exhausted"] is True
    assert ans["result"]["deltas"] == [0, 0, 0, 0]
    assert ans["result"]["next_dealer"] == 1


# --- multiple win and 互包 case 3

QIDUI_9S = ["3m", "3m", "6m", "6m", "3p", "3p", "6p", "6p", "E", "E", "C", "C", "9s"]   # 七小对 waiting 9s
PINGHU_9S = ["1s", "2s", "3s", "4s", "5s", "6s", "9m", "9m", "9m", "W", "W", "7s", "8s"]  # 平胡 waiting 6s/9s


def _double_win():
    # dealer 0 discards S; seat 1 draws 3s and discards 9s; seats 2 (七对) and 3 (平胡) both win.
    return run(options={"xing": False, "menqing_x2": False},
               hands=[JM + JP + ["S", "N"], JM + JP + ["9s"], QIDUI_9S, PINGHU_9S], wall=["3s", "6s", "9p"],
               actions=[D(0, "S"), D(1, "9s"), A(2, "win"), A(3, "win")])


def test_run_multiple_win_pays_each_and_discarder_deals_next():
    # seat 1 pays 35 (七对, menqing_x2 off) and 5 (平胡). Next dealer: the discarder (seat 1).
    ans = _double_win()
    r = ans["result"]
    assert r["deltas"] == [0, -40, 35, 5]
    assert sorted(w["seat"] for w in r["wins"]) == [2, 3]
    assert r["next_dealer"] == 1


def test_run_hubao_case_3_seed_example():
    # Seat 2 (B) pongs three of seat 1's (A's) discards -> A and B are mutual. Then the dealer (D) discards 4m:
    # A wins 七小对 (35 with menqing_x2 off), B wins 平胡 with three pongs (5).
    # Seed: D pays A 35 and B 5; B pays A 35; A pays B 5.
    # A: 35 + 35 - 5 = 65; B: 5 - 35 + 5 = -25; D: -40.
    dealer = JP + JS + ["4m", "P"]
    a = ["W", "N", "F", "3m", "3m", "6m", "6m", "3p", "3p", "6p", "6p", "1s", "1s"]   # draws 9p, 9p, 4m
    b = ["W", "W", "N", "N", "F", "F", "2m", "3m", "E", "E", "9m", "9p", "3p"]        # ends 2m3m EE + 3 pongs
    s3 = JP + JS + ["C"]
    # draw order: s1, s3, s0, s1, s3, s0, s1, s3, s0
    wall = ["9p", "6s", "9s", "9p", "3s", "6s", "4m", "6m", "3s", "9s"]
    actions = [
        D(0, "P"),
        D(1, "W"), A(2, "pong"), D(2, "9m"),
        D(3, "6s"), D(0, "9s"),
        D(1, "N"), A(2, "pong"), D(2, "9p"),
        D(3, "3s"), D(0, "6s"),
        D(1, "F"), A(2, "pong"), D(2, "3p"),
        D(3, "6m"), D(0, "4m"),
        A(1, "win"), A(2, "win"),
    ]
    ans = run(options={"xing": False, "menqing_x2": False}, hands=[dealer, a, b, s3], wall=wall, actions=actions)
    r = ans["result"]
    assert {w["seat"]: set(w["hands"]) for w in r["wins"]} == {1: {"qixiaodui", "menqing"}, 2: {"pinghu"}}
    assert r["deltas"] == [-40, 65, -25, 0]
    assert r["next_dealer"] == 0


def test_run_multiple_win_xing_shares_one_turned_sequence():
    # One turned tile N for both winners: 上醒 E (seat 2 holds E E), 下醒 W (seat 3 holds W W): 2 each.
    # seat 2: 35 + 2*3 = 41; seat 3: 5 + 2*3 = 11; seat 1 pays 52.
    ans = run(options={"menqing_x2": False},
              hands=[JM + JP + ["S", "N"], JM + JP + ["9s"], QIDUI_9S, PINGHU_9S], wall=["3s", "N", "9p"],
              actions=[D(0, "S"), D(1, "9s"), A(2, "win"), A(3, "win")])
    flips = _flip_events(ans)
    assert len(flips) == 1
    assert flips[0]["tiles"] == ["N"]
    assert flips[0]["hits"] == {"2": 2, "3": 2}
    assert ans["result"]["deltas"] == [0, -52, 41, 11]


# --- 互包 formed by actual claims

def _claims_doc(options):
    dealer = JP + JS + ["S", "P"]
    s1 = ["W", "N", "F"] + JP + ["1s", "2s", "4s", "5s"]
    s2 = ["W", "W", "N", "N", "F", "F", "2m", "3m", "E", "E", "9m", "9p", "3p"]
    s3 = JP + JS + ["C"]
    # draw order: s1, s3, s0, s1, s3, s0, s1, s3, s0, s1, s2
    wall = ["3s", "6s", "9s", "6m", "3s", "6s", "9s", "6m", "3s", "6s", "4m", "9m"]
    actions = [
        D(0, "P"),
        D(1, "W"), A(2, "pong"), D(2, "9m"),      # s1 drew 3s
        D(3, "6s"), D(0, "9s"),                    # s3 drew 6s, s0 drew 9s
        D(1, "N"), A(2, "pong"), D(2, "9p"),      # s1 drew 6m
        D(3, "3s"), D(0, "6s"),                    # s3 drew 3s, s0 drew 6s
        D(1, "F"), A(2, "pong"), D(2, "3p"),      # s1 drew 9s
        D(3, "6m"), D(0, "3s"),                    # s3 drew 6m, s0 drew 3s
        D(1, "6s"),                                # s1 drew 6s
        A(2, "win"),                               # s2 draws 4m
    ]
    return dict(options={"xing": False, **options}, hands=[dealer, s1, s2, s3], wall=wall, actions=actions)


def test_run_hubao_forms_from_three_claims():
    # non-dealer self-draw 平胡: 4 + 2 + 2 = 8 -> seat 1 (mutual) pays 16, the others nothing.
    ans = run(**_claims_doc({}))
    assert ans["result"]["wins"][0]["seat"] == 2
    assert ans["result"]["deltas"] == [0, -16, 16, 0]


def test_run_hubao_off_pays_normally():
    ans = run(**_claims_doc({"hubao": False}))
    assert ans["result"]["deltas"] == [-4, -2, 8, -2]


def test_run_hubao_needs_three_claims_on_the_same_discarder():
    # seat 2 pongs two of seat 1's discards (W, N) and one of seat 3's (F): not mutual with anyone.
    # Self-drawn 平胡 (not 门清) pays normally: dealer 4, others 2.
    dealer = JP + JS + ["S", "P"]
    s1 = ["W", "N", "C"] + JP + ["1s", "2s", "4s", "5s"]
    s2 = ["W", "W", "N", "N", "F", "F", "2m", "3m", "E", "E", "9m", "9p", "3p"]
    s3 = JP + JS + ["F"]
    # draw order: s1, s3, s0, s1, s3, s0, s1, s2, s3, (seat 2 pongs F) s3, s0, s1, s2
    wall = ["3s", "6s", "9s", "6m", "3s", "6s", "9s", "9m", "6m", "3s", "6s", "9p", "4m", "9s"]
    actions = [
        D(0, "P"),
        D(1, "W"), A(2, "pong"), D(2, "9m"),
        D(3, "6s"), D(0, "9s"),
        D(1, "N"), A(2, "pong"), D(2, "9p"),
        D(3, "3s"), D(0, "6s"),
        D(1, "C"), D(2, "9m"),
        D(3, "F"), A(2, "pong"), D(2, "3p"),
        D(3, "3s"), D(0, "6s"), D(1, "9p"),
        A(2, "win"),
    ]
    ans = run(options={"xing": False}, hands=[dealer, s1, s2, s3], wall=wall, actions=actions)
    assert ans["result"]["wins"][0]["seat"] == 2
    assert ans["result"]["deltas"] == [-4, -2, 8, -2]


# =============================================================================== runs: 追牌

def _zhui_hands(players=4):
    return [JM + JP + ["S", "N"]] + [JM + JP + ["N"] for _ in range(players - 1)]


def test_run_zhui_dealer_pays_two_to_each():
    # dealer's first discard N is discarded by seats 1, 2, 3 in turn: dealer pays 2 to each at once.
    ans = run(hands=_zhui_hands(), wall=["3s", "6s", "9s", "3p", "6p"],
              actions=[D(0, "N"), D(1, "N"), D(2, "N"), D(3, "N")])
    assert ans["result"]["finished"] is False
    assert ans["result"]["deltas"] == [-6, 2, 2, 2]


def test_run_zhui_not_when_one_seat_discards_something_else():
    ans = run(hands=_zhui_hands(), wall=["3s", "6s", "9s", "3p", "6p"],
              actions=[D(0, "N"), D(1, "N"), D(2, "6s"), D(3, "N")])
    assert ans["result"]["deltas"] == [0, 0, 0, 0]


def test_run_zhui_off():
    ans = run(options={"zhui": False}, hands=_zhui_hands(), wall=["3s", "6s", "9s", "3p", "6p"],
              actions=[D(0, "N"), D(1, "N"), D(2, "N"), D(3, "N")])
    assert ans["result"]["deltas"] == [0, 0, 0, 0]


def test_run_zhui_broken_by_a_concealed_kong_in_between():
    # common.md: a concealed kong is a call. Seat 2 draws 6s, declares a concealed kong of W (draws 9s), then
    # discards N: no 追牌. Only the kong's points: each other seat pays 2 -> [-2, -2, 6, -2].
    hands = [JM + JP + ["S", "N"], JM + JP + ["N"], ["W"] * 4 + JM + ["1p", "2p", "N"], JM + JP + ["N"]]
    ans = run(hands=hands, wall=["3s", "6s", "9s", "3p", "6p"],
              actions=[D(0, "N"), D(1, "N"), A(2, "concealed_kong", tile="W"), D(2, "N"), D(3, "N")])
    assert ans["result"]["deltas"] == [-2, -2, 6, -2]


def test_run_zhui_dealer_kong_before_his_first_discard_does_not_break_it():
    # Only calls after the dealer's first discard break it. Dealer konged W first (+6, others -2),
    # then 追牌 (-6, +2 each): [0, 0, 0, 0]. Before seat 3's discard the kong alone shows: [6, -2, -2, -2].
    hands = [["W"] * 4 + JM + ["1p", "2p", "4p", "N"]] + [JM + JP + ["N"] for _ in range(3)]
    wall = ["3s", "6s", "9s", "3p", "6p", "9p"]
    acts = [A(0, "concealed_kong", tile="W"), D(0, "N"), D(1, "N"), D(2, "N")]
    assert run(hands=hands, wall=wall, actions=acts)["result"]["deltas"] == [6, -2, -2, -2]
    assert run(hands=hands, wall=wall, actions=acts + [D(3, "N")])["result"]["deltas"] == [0, 0, 0, 0]


def test_run_zhui_broken_by_a_chow_in_between():
    # With allow_chow: seats 0, 1, 2 discard 5m; seat 3 chows seat 2's 5m (4m 6m) and discards his own 5m:
    # a call in between -> no 追牌. (A pong in between cannot happen: four copies are all discarded.)
    hands = [["5m"] + JP + JS + ["S"], ["5m"] + JP + JS, ["5m"] + JP + JS,
             ["5m", "4m", "6m"] + JP + ["1s", "2s", "4s", "5s"]]
    ans = run(options={"allow_chow": True}, hands=hands, wall=["3m", "9m", "3p", "9p", "E"],
              actions=[D(0, "5m"), D(1, "5m"), D(2, "5m"), A(3, "chow", tiles=["4m", "6m"]), D(3, "5m")])
    assert ans["result"]["deltas"] == [0, 0, 0, 0]


@pytest.mark.parametrize("options", [{}, {"zhui": True}])
def test_run_zhui_ignored_with_three_players(options):
    ans = run(options=options, hands=_zhui_hands(3), wall=["3s", "6s", "9s", "3p"],
              actions=[D(0, "N"), D(1, "N"), D(2, "N")])
    assert ans["result"]["deltas"] == [0, 0, 0]


# =============================================================================== runs: kong points

def _exposed_kong_doc(wall, options=None, actions_tail=()):
    dealer = JM + JP + ["S", "W"]
    s1 = ["W", "W", "W"] + JM + ["1p", "2p", "4p", "5p"]
    return dict(options=options or {}, hands=[dealer, s1, JM + JP + ["N"], JM + JP + ["E"]], wall=wall,
                actions=[D(0, "W"), A(1, "kong"), D(1, "3s"), *actions_tail])


def test_run_exposed_kong_discarder_pays_three():
    ans = run(**_exposed_kong_doc(["3s", "6s", "9s", "3p", "6p"]))
    assert ans["result"]["deltas"] == [-3, 3, 0, 0]


def test_run_added_kong_feeder_pays_three():
    # seat 1 pongs the dealer's W, later draws the fourth W and adds it: the dealer (who fed the pong) pays 3.
    dealer = JM + JP + ["S", "W"]
    s1 = ["W", "W"] + JM + ["1p", "2p", "4p", "5p", "3m"]
    wall = ["6s", "9s", "3p", "W", "6p", "9p", "3s"]   # s2, s3, s0, s1 (W), replacement, ...
    ans = run(hands=[dealer, s1, JM + JP + ["N"], JM + JP + ["E"]], wall=wall,
              actions=[D(0, "W"), A(1, "pong"), D(1, "3m"), D(2, "6s"), D(3, "9s"), D(0, "3p"),
                       A(1, "added_kong", tile="W"), D(1, "6p")])
    assert ans["result"]["deltas"] == [-3, 3, 0, 0]


def _concealed_kong_doc(options=None, to_exhaustion=False):
    dealer = ["W"] * 4 + JM + ["1p", "2p", "4p", "S"]
    others = [JM + JP + [h] for h in ("N", "E", "C")]
    wall = ["3s", "6s", "9s", "3p"]
    acts = [A(0, "concealed_kong", tile="W"), D(0, "3s")]
    if to_exhaustion:
        acts += [D(1, "6s"), D(2, "9s"), D(3, "3p")]
    return dict(options=options or {}, hands=[dealer] + others, wall=wall, actions=acts)


def test_run_concealed_kong_each_other_pays_two():
    ans = run(**_concealed_kong_doc())
    assert ans["result"]["deltas"] == [6, -2, -2, -2]


def test_run_kong_points_kept_on_exhaustion_by_default():
    ans = run(**_concealed_kong_doc(to_exhaustion=True))
    r = ans["result"]
    assert r["finished"] is True and r["exhausted"] is True
    assert r["deltas"] == [6, -2, -2, -2]
    assert r["next_dealer"] == 0


def test_run_kong_on_draw_off_undoes_concealed_kong_on_exhaustion():
    ans = run(**_concealed_kong_doc(options={"kong_on_draw": False}, to_exhaustion=True))
    r = ans["result"]
    assert r["exhausted"] is True
    assert r["deltas"] == [0, 0, 0, 0]


def test_run_kong_on_draw_off_undoes_exposed_kong_on_exhaustion():
    # W kong by seat 1 (replacement 3s, discarded), then seats 2, 3, 0 draw and discard the last tiles.
    tail = [D(2, "6s"), D(3, "9s"), D(0, "3p")]
    on = run(**_exposed_kong_doc(["3s", "6s", "9s", "3p"], actions_tail=tail))["result"]
    off = run(**_exposed_kong_doc(["3s", "6s", "9s", "3p"], options={"kong_on_draw": False},
                                  actions_tail=tail))["result"]
    assert on["exhausted"] is True and on["deltas"] == [-3, 3, 0, 0]
    assert off["exhausted"] is True and off["deltas"] == [0, 0, 0, 0]


@pytest.mark.parametrize("kong_on_draw", [True, False])
def test_run_gangshanghua(kong_on_draw):
    # seat 1 kongs the dealer's W (dealer pays 3), the replacement E completes 123m 456p 789s EE: 杠上花, not 门清.
    # (4, 2, 2) x2 = (8, 4, 4) -> +16; with the kong: [-3 - 8, 3 + 16, -4, -4]. kong_on_draw only matters on
    # exhaustion: after a win the kong points stay.
    s1 = ["W", "W", "W", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E"]
    ans = run(options={"xing": False, "kong_on_draw": kong_on_draw}, hands=[JM + JP + ["S", "W"], s1, JM + JP + ["N"], JM + JP + ["C"]],
              wall=["E", "3s"], actions=[D(0, "W"), A(1, "kong"), A(1, "win")])
    assert set(ans["result"]["wins"][0]["hands"]) == {"pinghu", "gangshanghua"}
    assert ans["result"]["deltas"] == [-11, 19, -4, -4]


def test_run_gangshangpao():
    # seat 1 kongs the dealer's W (dealer pays 3), discards the replacement 3m; seat 2 wins it (门清 平胡):
    # 杠上炮 + 门清: 5 x4 = 20. Total [-3, 3 - 20, 20, 0].
    s1 = ["W", "W", "W"] + JM + ["1p", "2p", "4p", "5p"]
    s2 = ["5p", "6p", "7p", "7s", "8s", "9s", "4m", "5m", "E", "E", "C", "C", "C"]   # waits 3m / 6m
    ans = run(options={"xing": False}, hands=[JM + JP + ["S", "W"], s1, s2, JM + JP + ["N"]],
              wall=["3m", "3s", "6s"], actions=[D(0, "W"), A(1, "kong"), D(1, "3m"), A(2, "win")])
    assert set(ans["result"]["wins"][0]["hands"]) == {"pinghu", "menqing", "gangshangpao"}
    assert ans["result"]["deltas"] == [-3, -17, 20, 0]


def test_run_robbing_an_added_kong_does_not_exist():
    # seat 2 waits on 5m (4m 6m); seat 1 adds the fourth 5m to his pong; seat 2 may not rob it.
    dealer = ["5m"] + JP + JS + ["S"]
    s1 = ["5m", "5m"] + JP + ["1s", "2s", "4s", "5s", "3m"]
    s2 = ["4m", "6m", "1p", "2p", "3p", "7s", "8s", "9s", "E", "E", "C", "C", "C"]
    s3 = JP + JS + ["N"]
    wall = ["9m", "9p", "6s", "5m", "3s", "6p", "9s"]
    acts = [D(0, "5m"), A(1, "pong"), D(1, "3m"), D(2, "9m"), D(3, "9p"), D(0, "6s"),
            A(1, "added_kong", tile="5m"), A(2, "win")]
    ans = run_err(options={"xing": False}, hands=[dealer, s1, s2, s3], wall=wall, actions=acts)
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 7


# =============================================================================== runs: 过胡不胡

# seat 2: 567p 789s 2m3m EE CCC -> waits 1m / 4m (平胡); can pong E and kong C.
GUO = ["5p", "6p", "7p", "7s", "8s", "9s", "2m", "3m", "E", "E", "C", "C", "C"]


def _guo_doc(wall, actions, hand=GUO, dealer_discard="4m"):
    dealer = [dealer_discard] + JP + JS + ["S"]
    return dict(options={"xing": False}, hands=[dealer, JP + JS + ["W"], hand, JP + JS + ["N"]],
                wall=wall, actions=actions)


@pytest.mark.parametrize("tile", ["4m", "1m"])
def test_run_guohu_barred_on_a_later_discard(tile):
    # seat 2 passes a win on the dealer's 4m; seat 1 (drew `tile`) discards it before seat 2 draws: barred
    # (平胡 again, fan 0 is not higher than 0).
    ans = run_err(**_guo_doc([tile, "9m", "9p"], [D(0, "4m"), A(2, "pass"), D(1, tile), A(2, "win")]))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 3


def test_run_guohu_not_lifted_by_someone_elses_pong():
    # seat 2 passes the dealer's 4m; seat 1 discards N, seat 3 pongs it (seat 2 is skipped, never draws) and
    # discards 4m: seat 2 is still barred.
    doc = _guo_doc(["N", "9m", "9p"], [D(0, "4m"), A(2, "pass"), D(1, "N"), A(3, "pong"), D(3, "4m"), A(2, "win")])
    doc["hands"][3] = JP + ["1s", "2s", "4s", "5s", "4m", "N", "N"]
    ans = run_err(**doc)
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 5


def test_run_guohu_lifted_by_a_draw():
    # seat 2 draws 9m and discards it; then seat 3's 4m may be won: 门清 平胡 5 x2 = 10.
    ans = run(**_guo_doc(["3m", "9m", "4m", "9p"],
                         [D(0, "4m"), A(2, "pass"), D(1, "3m"), D(2, "9m"), D(3, "4m"), A(2, "win")]))
    assert ans["result"]["deltas"] == [0, 0, 10, -10]


def test_run_guohu_lifted_by_a_pong():
    # seat 2 pongs seat 1's E, discards a C; seat 3's 1m may then be won: 平胡 not 门清 -> 5.
    ans = run(**_guo_doc(["E", "1m", "9p"],
                         [D(0, "4m"), A(2, "pass"), D(1, "E"), A(2, "pong"), D(2, "C"), D(3, "1m"),
                          A(2, "win")]))
    assert ans["result"]["deltas"] == [0, 0, 5, -5]


def test_run_guohu_lifted_by_a_kong_replacement_draw():
    # seat 2 kongs seat 1's C (seat 1 pays 3), draws the replacement 9m and discards it; seat 3's 1m may be won:
    # 平胡 not 门清 (exposed kong) -> 5. Total [0, -3, 3 + 5, -5].
    ans = run(**_guo_doc(["C", "9m", "1m", "9p"],
                         [D(0, "4m"), A(2, "pass"), D(1, "C"), A(2, "kong"), D(2, "9m"), D(3, "1m"),
                          A(2, "win")]))
    assert ans["result"]["deltas"] == [0, -3, 8, -5]


def test_run_guohu_self_draw_never_barred():
    # after passing the dealer's 4m, seat 2 self-draws 1m: 门清 平胡 self-draw: dealer 8, others 4 -> +16.
    ans = run(**_guo_doc(["3m", "1m", "9p"], [D(0, "4m"), A(2, "pass"), D(1, "3m"), A(2, "win")]))
    assert ans["result"]["deltas"] == [-8, -4, 16, -4]


# seat 2: 11m 22m 33m 55p 66p 7p 99s -> 4p gives 平胡 (0 fan), 7p gives 七小对 (1 fan).
GUO_QD = ["1m", "1m", "2m", "2m", "3m", "3m", "5p", "5p", "6p", "6p", "7p", "9s", "9s"]
GUO_QD_JUNK = ["1s", "2s", "4s", "5s", "7s", "8s", "4m", "5m", "7m", "8m", "S", "W", "N"]


def _guo_qd_doc(first, second):
    dealer = [first] + GUO_QD_JUNK
    return dict(options={"xing": False}, hands=[dealer, GUO_QD_JUNK, GUO_QD, GUO_QD_JUNK[:12] + ["C"]],
                wall=[second, "9m", "3p"], actions=[D(0, first), A(2, "pass"), D(1, second), A(2, "win")])


def test_run_guohu_higher_fan_may_win():
    # passed 4p (平胡, 0 fan); seat 1's 7p gives 七小对 (1 fan > 0): allowed. 35 x2 (门清) = 70.
    ans = run(**_guo_qd_doc("4p", "7p"))
    assert set(ans["result"]["wins"][0]["hands"]) == {"qixiaodui", "menqing"}
    assert ans["result"]["deltas"] == [0, -70, 70, 0]


def test_run_guohu_lower_fan_barred():
    # passed 7p (七小对, 1 fan); seat 1's 4p gives only 平胡 (0 fan): barred.
    ans = run_err(**_guo_qd_doc("7p", "4p"))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 3


# =============================================================================== runs: the last discard

# seat 2: 123m 567p 789s 44m CC -> waits 4m / C; could pong 4m.
LAST = ["1m", "2m", "3m", "5p", "6p", "7p", "7s", "8s", "9s", "4m", "4m", "C", "C"]


def _last_doc(actions):
    return dict(hands=[JP + JS + ["S", "W"], JP + JS + ["N"], LAST, JP + JS + ["E"]], wall=["4m"], actions=actions)


def test_run_only_win_may_claim_the_last_discard():
    ans = run_err(**_last_doc([D(0, "W"), D(1, "4m"), A(2, "pong")]))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 2


def test_run_win_on_the_last_discard_turns_the_winning_tile():
    # 海底: turned tile = winning 4m: 下醒 3m (1), 上醒 5m (0) -> 醒数 1, no 重醒.
    # 门清 平胡 on seat 1's discard: (5 + 1*3) x2 = 16.
    ans = run(**_last_doc([D(0, "W"), D(1, "4m"), A(2, "win")]))
    r = ans["result"]
    assert r["deltas"] == [0, -16, 16, 0]
    flips = _flip_events(ans)
    assert len(flips) == 1 and flips[0]["tiles"] == ["4m"] and flips[0]["hits"] == {"2": 1}
    assert r["next_dealer"] == 2


def test_run_self_draw_of_the_last_tile_turns_the_winning_tile():
    # seat 1 holds LAST and draws the last tile 4m: 海底 self-draw; turned = 4m: 3m held -> 1.
    # 门清 平胡: dealer (4 + 1) x2 = 10, others (2 + 1) x2 = 6 -> +22.
    ans = run(hands=[JP + JS + ["S", "W"], LAST, JP + JS + ["N"], JP + JS + ["E"]], wall=["4m"],
              actions=[D(0, "W"), A(1, "win")])
    flips = _flip_events(ans)
    assert len(flips) == 1 and flips[0]["tiles"] == ["4m"] and flips[0]["hits"] == {"1": 1}
    assert ans["result"]["deltas"] == [-10, 22, -6, -6]


def test_run_last_discard_passed_is_exhaustion():
    ans = run(**_last_doc([D(0, "W"), D(1, "4m"), A(2, "pass")]))
    r = ans["result"]
    assert r["finished"] is True and r["exhausted"] is True
    assert r["deltas"] == [0, 0, 0, 0]
    assert r["next_dealer"] == 0


# =============================================================================== the real command line

CLI = ["-m", "game.engine"]  # the real command line, as a caller runs it


def _cli(cmd, doc):
    proc = subprocess.run([sys.executable, *CLI, cmd, "-"], input=json.dumps(doc), capture_output=True,
                          text=True, cwd=REPO, timeout=120)
    return proc.returncode, json.loads(proc.stdout)


def test_cli_score_subprocess_ok():
    code, ans = _cli("score", {"variant": "guiliu", "players": 4, "dealer": 0, "winner": 1, "concealed": PH_OPEN,
                               "win_tile": "E", "melds": [pong("C", 2)]})
    assert code == 0
    assert ans["ok"] is True and ans["deltas"] == [-4, 8, -2, -2]


def test_cli_score_subprocess_not_a_win_exit_2():
    bad = ["1m", "4m", "6m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N"]
    code, ans = _cli("score", {"variant": "guiliu", "players": 4, "dealer": 0, "winner": 1, "concealed": bad,
                               "win_tile": "C"})
    assert code == 2
    assert ans["ok"] is False and ans["error"] == "not_a_win"


def test_cli_run_subprocess_ok_and_illegal_action_exit_2():
    doc = {"variant": "guiliu", "players": 4, "dealer": 0, **_last_doc([D(0, "W"), D(1, "4m"), A(2, "win")])}
    code, ans = _cli("run", doc)
    assert code == 0 and ans["result"]["deltas"] == [0, -16, 16, 0]
    doc = {"variant": "guiliu", "players": 4, "dealer": 0, **_last_doc([D(0, "W"), D(1, "4m"), A(2, "pong")])}
    code, ans = _cli("run", doc)
    assert code == 2 and ans["error"] == "illegal_action" and ans["index"] == 2
