"""Black-box tests of the Guangdong (广东麻将, 鸡平胡) rule set, written from the rules documents alone.

Sources: shared/rules/guangdong.md (wins over the seed), shared/rules/common.md, the seed
003_f6c3b71d538bc685.txt and docs/engine-cli.md. The engine is driven through its command line only:
in-process via cmd_score / cmd_run, plus real subprocess calls of the CLI.

Every expected number is worked out by hand from the rules text; the arithmetic is in the comments.
Value V = base x 2^fan. Unless a test says otherwise: dealer 0, round wind E, the winner is seat 1 (seat wind
S, since (1 - 0) mod 4 = 1), a discard comes from seat 3, and exposed melds carry no wind or dragon.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.headless.engine_cli import CliError, cmd_run, cmd_score

REPO = Path(__file__).resolve().parents[2]
CLI = ["-m", "game.engine"]  # the real command line, as a caller runs it



# --------------------------------------------------------------------------------------------- helpers

def T(spec: str) -> list[str]:
    """Compact tiles: digits then a suit letter ("123m"), or honour letters ("EESC")."""
    out: list[str] = []
    for digits, suit, honour in re.findall(r"(\d+)([mps])|([ESWNCFP])", spec):
        out += [d + suit for d in digits] if digits else [honour]
    return out


def _call(fn, doc):
    doc = {"variant": "guangdong", **doc}
    try:
        return fn(doc)
    except CliError as exc:
        return exc.payload
    except Exception as exc:  # game.engine.errors / game.engine.tiles errors carry .code
        if hasattr(exc, "code"):
            return {"ok": False, "error": exc.code, "message": str(exc)}
        raise


def _score_doc(doc):
    doc.setdefault("players", 4)
    doc.setdefault("dealer", 0)
    doc.setdefault("winner", 1)
    doc.setdefault("melds", [])
    return doc


def score(**doc):
    ans = _call(cmd_score, _score_doc(doc))
    assert ans["ok"] is True, ans
    return ans


def score_err(**doc):
    ans = _call(cmd_score, _score_doc(doc))
    assert ans["ok"] is False, ans
    return ans


def _check_counts(doc):
    """Hands + wall hold the right sizes and never a kind more than four times (a failure is then the engine's)."""
    hands = doc["hands"]
    assert len(hands[doc["dealer"]]) == 14, hands[doc["dealer"]]
    assert all(len(h) == 13 for i, h in enumerate(hands) if i != doc["dealer"]), [len(h) for h in hands]
    c = Counter(t for h in hands for t in h) + Counter(doc["wall"])
    over = {k: n for k, n in c.items() if n > 4}
    assert not over, over


def _run_doc(doc):
    doc.setdefault("dealer", 0)
    doc.setdefault("players", 4)
    _check_counts(doc)
    return doc


def run(**doc):
    ans = _call(cmd_run, _run_doc(doc))
    assert ans["ok"] is True, ans
    return ans


def run_err(**doc):
    ans = _call(cmd_run, _run_doc(doc))
    assert ans["ok"] is False, ans
    return ans


def rot(doc: dict, d: int) -> dict:
    """The same round with every seat moved d places on (dealer included): relative positions are unchanged."""
    hands = [None] * 4
    for i, h in enumerate(doc["hands"]):
        hands[(i + d) % 4] = h
    out = {**doc, "hands": hands, "dealer": (doc.get("dealer", 0) + d) % 4,
           "actions": [{**a, "seat": (a["seat"] + d) % 4} for a in doc["actions"]]}
    return out


def rdeltas(deltas, d):
    out = [0] * 4
    for i, v in enumerate(deltas):
        out[(i + d) % 4] = v
    return out


def pong(t, frm):
    return {"type": "pong", "tiles": [t] * 3, "from": frm}


def kong(t, frm):
    return {"type": "kong", "tiles": [t] * 4, "from": frm}


def added_kong(t, frm):
    return {"type": "added_kong", "tiles": [t] * 4, "from": frm}


def concealed_kong(t):
    return {"type": "concealed_kong", "tiles": [t] * 4}


def chow(tiles, frm):
    return {"type": "chow", "tiles": T(tiles), "from": frm}


def D(seat, tile):
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat, kind, **kw):
    return {"seat": seat, "type": kind, **kw}


def hs(ans):
    return set(ans["hands"])


def the_win(ans):
    wins = ans["result"]["wins"]
    assert len(wins) == 1, wins
    return wins[0]


def events_of(ans, kind):
    return [e for e in ans["events"] if e.get("type") == kind]


def actor(e):
    return e.get("actor", e.get("seat"))


# Standard score hands (13 tiles with the melds; the win tile completes them) -----------------------------
# 鸡胡, not 门清: 123m 456p 555s + 9p | chow 789s from seat 0 (the winner's 上家) | win 9p -> 123m 456p 555s 789s 99p.
JIHU = dict(concealed=T("123m456p555s9p"), win_tile="9p", melds=[chow("789s", 0)])
# 平胡, not 门清: 123m 456p 234s + 9p | chow 789s | win 9p (a pair wait: 平胡 has no condition on the wait).
PINGHU = dict(concealed=T("123m456p234s9p"), win_tile="9p", melds=[chow("789s", 0)])


# =============================================================================== worked examples

def test_worked_example_1_jihu_two_dragon_pongs_on_discard_min_fan_1():
    # 鸡胡 0 + 箭刻 C + 箭刻 F = 2 fan -> 1 x 2^2 = 4, the discarder (seat 3) pays 4.
    ans = score(discarder=3, options={"min_fan": 1}, concealed=T("123m456p7s"), win_tile="7s",
                melds=[pong("C", 2), pong("F", 3)])
    assert hs(ans) == {"jihu", "jianke"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 4, 0, -4]


def test_worked_example_2_qingyise_selfdrawn_menqing_capped():
    # 清一色 4 + 自摸 1 + 门前清 1 = 6 -> cap 5: 2^5 = 32 from each, winner +96.
    ans = score(concealed=T("123456789234m5m"), win_tile="5m")
    assert hs(ans) == {"qingyise", "zimo", "menqing"}
    assert ans["fan"] == 5
    assert ans["deltas"] == [-32, 96, -32, -32]


def test_worked_example_3_shisanyao_on_discard():
    # 十三幺 = cap 5 + 4 = 9 fan -> 2^9 = 512 from the discarder.
    ans = score(discarder=3, concealed=T("19m19p19sESWNCFP"), win_tile="1m")
    assert ans["hands"] == ["shisanyao"]
    assert ans["fan"] == 9
    assert ans["deltas"] == [0, 512, 0, -512]


# =============================================================================== base hands

BASE_CASES = {
    # name: (concealed, win, melds, fan) -- all won on seat 3's discard, not 门清, min_fan 0.
    # 123m 456p 555s 789s 99p: a pong, so not 平胡; two suits + no honours -> 鸡胡 0.
    "jihu": (JIHU["concealed"], "9p", JIHU["melds"], 0),
    # 123m 456p 234s 789s 99p: four chows and a pair -> 平胡 1.
    "pinghu": (PINGHU["concealed"], "9p", PINGHU["melds"], 1),
    # 111m 555p 222s 777s(exposed) 99p -> 对对胡 2.
    "pengpenghu": (T("111m555p222s9p"), "9p", [pong("7s", 2)], 2),
    # 123m 456m 999m 789m(chow) NN -> one suit + honours: 混一色 2.
    "hunyise": (T("123456999mN"), "N", [chow("789m", 0)], 2),
    # 123m 456m 234m 789m(chow) 55m -> 清一色 4 (its 平胡 shape does not add: the single highest).
    "qingyise": (T("123456234m5m"), "5m", [chow("789m", 0)], 4),
    # 222m 555m 888m 777m(exposed) NN -> 混一色 + 对对胡 = 混碰 4.
    "hunpeng": (T("222555888mN"), "N", [pong("7m", 2)], 4),
    # 222m 555m 888m 777m(exposed) 33m -> 清碰 5.
    "qingpeng": (T("222555888m3m"), "3m", [pong("7m", 2)], 5),
    # 111m 999p 111s 999s(exposed) NN -> only 1s, 9s and honours: 混幺九 5.
    "hunyaojiu": (T("111m999p111sN"), "N", [pong("9s", 2)], 5),
    # CCC(exposed) FFF PP 123m 456m -> 小三元 5.
    "xiaosanyuan": (T("FFF123m456mP"), "P", [pong("C", 2)], 5),
    # EEE(exposed) SSS WWW NN 123m -> 小四喜 5.
    "xiaosixi": (T("SSSWWW123mN"), "N", [pong("E", 2)], 5),
}


@pytest.mark.parametrize("name", list(BASE_CASES))
def test_base_hand_alone_on_a_discard(name):
    concealed, win, melds, fan = BASE_CASES[name]
    # No addition applies (discard, exposed meld, no seat/round wind or dragon pong outside the base hand):
    # V = 2^fan, paid by the discarder.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == [name]
    assert ans["fan"] == fan
    assert ans["deltas"] == [0, 2 ** fan, 0, -(2 ** fan)]


def test_single_highest_base_hand_hunpeng_is_not_hunyise_plus_pengpenghu():
    # At cap 13 nothing is capped: 混碰 4 alone (not 4 + 混一色 2 + 对对胡 2 = 8). 2^4 = 16.
    concealed, win, melds, _ = BASE_CASES["hunpeng"]
    ans = score(discarder=3, options={"cap": 13, "min_fan": 0}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == ["hunpeng"]
    assert ans["fan"] == 4


def test_single_highest_base_hand_hunyaojiu_over_pengpenghu_at_high_cap():
    # 混幺九 5 alone at cap 13 (it is also 对对胡 2): 5, not 7.
    concealed, win, melds, _ = BASE_CASES["hunyaojiu"]
    ans = score(discarder=3, options={"cap": 13, "min_fan": 0}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == ["hunyaojiu"]
    assert ans["fan"] == 5


def test_grouping_with_the_highest_total_pengpenghu_over_three_chows():
    # 111222333m 55p + pong 7p: as three pongs it is 对对胡 2; as 123m x3 + pong it is 鸡胡 0 -> take 2; 2^2 = 4.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("111222333m5p"), win_tile="5p",
                melds=[pong("7p", 2)])
    assert ans["hands"] == ["pengpenghu"]
    assert ans["fan"] == 2


def test_grouping_with_the_highest_total_pinghu_over_pongs():
    # 111222333m 55p + chow 789p: three chows + chow = 平胡 1 (the pong reading would be 鸡胡 0); 2^1 = 2.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("111222333m5p"), win_tile="5p",
                melds=[chow("789p", 0)])
    assert ans["hands"] == ["pinghu"]
    assert ans["fan"] == 1


def test_pinghu_with_an_edge_wait():
    # 12s + 3s (an edge wait), 123m 456p 789p chows + EE pair, exposed chow: 平胡 1 (no condition on the wait).
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("123m456p12sEE"), win_tile="3s",
                melds=[chow("789p", 0)])
    assert ans["hands"] == ["pinghu"]
    assert ans["fan"] == 1


def test_kong_counts_as_pong_for_pengpenghu():
    # kong 1m (exposed) + 555p 777s 333m + 22s: 对对胡 2 -> 4 from the discarder.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("555p777s333m2s"), win_tile="2s",
                melds=[kong("1m", 2)])
    assert ans["hands"] == ["pengpenghu"]
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 4, 0, -4]


def test_dragon_kong_counts_as_jianke():
    # 鸡胡 0 + 箭刻 (kong of C counts as a pong) 1 = 1 -> 2 from the discarder.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("123m456p555s9p"), win_tile="9p",
                melds=[kong("C", 2)])
    assert hs(ans) == {"jihu", "jianke"}
    assert ans["fan"] == 1


# =============================================================================== additions

def test_zimo_self_drawn_jihu_has_one_fan():
    # 鸡胡 0 + 自摸 1 = 1 -> 2 from each of the three; winner +6.
    ans = score(options={"min_fan": 1}, **JIHU)
    assert hs(ans) == {"jihu", "zimo"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [-2, 6, -2, -2]


def test_menqing_on_a_discard():
    # 123m 456p 555s 789s 99p all concealed, won on a discard: 鸡胡 0 + 门前清 1 = 1 -> 2.
    ans = score(discarder=3, options={"min_fan": 1}, concealed=T("123m456p555s789s9p"), win_tile="9p")
    assert hs(ans) == {"jihu", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [0, 2, 0, -2]


def test_menqing_selfdrawn_with_zimo():
    # 鸡胡 0 + 自摸 1 + 门前清 1 = 2 -> 4 each, winner +12.
    ans = score(options={"min_fan": 1}, concealed=T("123m456p555s789s9p"), win_tile="9p")
    assert hs(ans) == {"jihu", "zimo", "menqing"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [-4, 12, -4, -4]


def test_menqing_allows_a_concealed_kong():
    # concealed kong 5s + 123m 456p 789s 99p on a discard: 鸡胡 0 + 门前清 1 = 1 -> 2.
    ans = score(discarder=3, options={"min_fan": 1}, concealed=T("123m456p789s9p"), win_tile="9p",
                melds=[concealed_kong("5s")])
    assert hs(ans) == {"jihu", "menqing"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [0, 2, 0, -2]


def test_exposed_kong_breaks_menqing():
    # exposed kong 5s: no 门前清 -> 鸡胡 0 -> 1.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("123m456p789s9p"), win_tile="9p",
                melds=[kong("5s", 2)])
    assert ans["hands"] == ["jihu"]
    assert ans["fan"] == 0
    assert ans["deltas"] == [0, 1, 0, -1]


@pytest.mark.parametrize("dealer,winner,wind,fan", [
    (0, 1, "S", 1),   # (1-0) mod 4 = 1 -> S: 门风 +1
    (2, 1, "N", 1),   # (1-2) mod 4 = 3 -> N
    (3, 1, "W", 1),   # (1-3) mod 4 = 2 -> W
    (1, 1, "S", 0),   # the dealer is E: a pong of S is nothing
    (0, 1, "W", 0),   # seat 1 is S, not W
    (1, 3, "W", 1),   # (3-1) mod 4 = 2 -> W
])
def test_menfeng_by_seat_minus_dealer(dealer, winner, wind, fan):
    # 123m 456p 789s + pong of `wind` (exposed) + 99p, round wind E: 鸡胡 0 + 门风 (if it is the seat wind).
    discarder = (winner + 2) % 4
    frm = (winner + 1) % 4
    ans = score(dealer=dealer, winner=winner, discarder=discarder, options={"min_fan": 0},
                concealed=T("123m456p789s9p"), win_tile="9p", melds=[pong(wind, frm)])
    assert ans["fan"] == fan
    assert ("menfeng" in hs(ans)) == bool(fan)
    assert ans["deltas"][winner] == 2 ** fan


@pytest.mark.parametrize("round_wind,wind,expected", [
    (None, "E", {"quanfeng"}),              # default round wind E: pong of E -> 圈风 1
    ("W", "W", {"quanfeng"}),               # round W: pong of W -> 1
    ("N", "E", set()),                      # round N: E is neither round nor seat wind (seat 1 = S)
    ("S", "S", {"quanfeng", "menfeng"}),    # round S and seat S: 门风 1 + 圈风 1 = 2
])
def test_quanfeng_via_context_round_wind(round_wind, wind, expected):
    ctx = {} if round_wind is None else {"context": {"round_wind": round_wind}}
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("123m456p789s9p"), win_tile="9p",
                melds=[pong(wind, 2)], **ctx)
    assert hs(ans) == {"jihu"} | expected
    assert ans["fan"] == len(expected)
    assert ans["deltas"] == [0, 2 ** len(expected), 0, -(2 ** len(expected))]


def test_jianke_one_dragon_pong():
    # 鸡胡 0 + 箭刻 1 = 1 -> 2.
    ans = score(discarder=3, options={"min_fan": 0}, concealed=T("123m456p789s9p"), win_tile="9p",
                melds=[pong("P", 2)])
    assert hs(ans) == {"jihu", "jianke"}
    assert ans["fan"] == 1


def test_jianke_three_dragon_pongs_are_dasanyuan_not_three_jianke():
    # CCC FFF PPP: 大三元 = cap 5 + 1 = 6 fan (not 3 箭刻) -> 64.
    ans = score(discarder=3, concealed=T("FFFPPP123m5p"), win_tile="5p", melds=[pong("C", 2)])
    assert ans["hands"] == ["dasanyuan"]
    assert ans["fan"] == 6


def test_haidilaoyue_adds_one_and_counts_as_zimo():
    # 鸡胡 0 + 海底捞月 1 + 自摸 1 = 2 -> 4 each, winner +12.
    ans = score(options={"min_fan": 1}, flags=["last_tile"], **JIHU)
    assert hs(ans) == {"jihu", "zimo", "haidilaoyue"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [-4, 12, -4, -4]


def test_haidi_pao_on_the_last_discard_scores_nothing_extra():
    # 海底炮: 鸡胡 0 -> 1 from the discarder.
    ans = score(discarder=3, options={"min_fan": 0}, flags=["last_tile"], **JIHU)
    assert ans["hands"] == ["jihu"]
    assert ans["fan"] == 0
    assert ans["deltas"] == [0, 1, 0, -1]


def test_gangkai_on_a_concealed_kong_adds_one_and_counts_as_zimo():
    # chow 789s + concealed kong 5p + 123m 456s 99p: 鸡胡 0 + 杠上开花 1 + 自摸 1 = 2 (not 门清: the chow) -> 4 each.
    ans = score(options={"min_fan": 1}, flags=["after_kong"], concealed=T("123m456s9p"), win_tile="9p",
                melds=[chow("789s", 0), concealed_kong("5p")])
    assert hs(ans) == {"jihu", "zimo", "gangkai"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [-4, 12, -4, -4]


def test_gangkai_and_haidi_together_add_three():
    # a replacement that is also the last tile: 鸡胡 0 + 杠上开花 1 + 海底捞月 1 + 自摸 1 = 3 -> 8 each.
    ans = score(flags=["after_kong", "last_tile"], concealed=T("123m456s9p"), win_tile="9p",
                melds=[chow("789s", 0), concealed_kong("5p")])
    assert hs(ans) == {"jihu", "zimo", "gangkai", "haidilaoyue"}
    assert ans["fan"] == 3
    assert ans["deltas"] == [-8, 24, -8, -8]


def test_gang_shang_pao_scores_nothing_extra():
    # 杠上炮: the discard after a kong: 鸡胡 0 -> 1 from the discarder.
    ans = score(discarder=3, options={"min_fan": 0}, flags=["after_kong"], **JIHU)
    assert ans["hands"] == ["jihu"]
    assert ans["fan"] == 0
    assert ans["deltas"] == [0, 1, 0, -1]


def test_qianggang_counts_as_zimo_only_and_the_kong_owner_pays_all_three():
    # 抢杠 from seat 3's added kong: 鸡胡 0 + 自摸 1 (+ 抢杠 0) = 1 -> V 2; seat 3 pays 3 x 2 = 6.
    ans = score(discarder=3, options={"min_fan": 1}, flags=["robbing_kong"], **JIHU)
    assert {"jihu", "zimo"} <= hs(ans) <= {"jihu", "zimo", "qianggang"}
    assert ans["fan"] == 1
    assert ans["deltas"] == [0, 6, 0, -6]


def test_jihu_self_drawn_with_everything_under_a_high_cap():
    # cap 13, round S, concealed 123m 456p 789s SSS 99p self-drawn by seat 1 (seat wind S):
    # 鸡胡 0 + 自摸 1 + 门前清 1 + 门风 1 + 圈风 1 = 4 -> 16 each.
    ans = score(options={"cap": 13}, context={"round_wind": "S"}, concealed=T("123m456p789sSSS9p"), win_tile="9p")
    assert hs(ans) == {"jihu", "zimo", "menqing", "menfeng", "quanfeng"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [-16, 48, -16, -16]


# =============================================================================== the cap

def test_dealer_self_draw_has_no_dealer_bonus():
    # the dealer self-draws worked example 2's hand: 5 fan -> 32 from each of the three, +96.
    ans = score(winner=0, concealed=T("123456789234m5m"), win_tile="5m")
    assert ans["deltas"] == [96, -32, -32, -32]


def test_dealer_pays_no_more_on_a_discard():
    # the dealer discards to 平胡: 2, as anyone would.
    ans = score(discarder=0, options={"min_fan": 1}, **PINGHU)
    assert ans["deltas"] == [-2, 2, 0, 0]


def test_base_at_the_cap_scores_the_cap_without_additions():
    # 清碰 5 = cap 5, self-drawn and concealed: exactly 5, no additions listed -> 32 each.
    ans = score(concealed=T("222555888777m3m"), win_tile="3m")
    assert ans["hands"] == ["qingpeng"]
    assert ans["fan"] == 5
    assert ans["deltas"] == [-32, 96, -32, -32]


def test_base_over_the_cap_scores_the_cap_without_additions():
    # cap 3: 清一色 4 >= 3, self-drawn and concealed -> exactly 3, no additions listed -> 8 each.
    ans = score(options={"cap": 3}, concealed=T("123456789234m5m"), win_tile="5m")
    assert ans["hands"] == ["qingyise"]
    assert ans["fan"] == 3
    assert ans["deltas"] == [-8, 24, -8, -8]


def test_base_over_the_cap_on_a_discard():
    # cap 4: 混幺九 5 -> 4 -> 16 from the discarder.
    concealed, win, melds, _ = BASE_CASES["hunyaojiu"]
    ans = score(discarder=3, options={"cap": 4}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == ["hunyaojiu"]
    assert ans["fan"] == 4
    assert ans["deltas"] == [0, 16, 0, -16]


def test_additions_are_capped():
    # cap 4: 对对胡 2 + 自摸 1 + 门前清 1 + 箭刻 1 = 5 -> 4 -> 16 each; additions listed (base under the cap).
    ans = score(options={"cap": 4}, concealed=T("111m555p222sCCC9p"), win_tile="9p")
    assert hs(ans) == {"pengpenghu", "zimo", "menqing", "jianke"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [-16, 48, -16, -16]


def test_higher_cap_lets_additions_count():
    # cap 8: 清一色 4 + 自摸 1 + 门前清 1 = 6 -> 64 each.
    ans = score(options={"cap": 8}, concealed=T("123456789234m5m"), win_tile="5m")
    assert hs(ans) == {"qingyise", "zimo", "menqing"}
    assert ans["fan"] == 6
    assert ans["deltas"] == [-64, 192, -64, -64]


# =============================================================================== special hands

SPECIALS = {
    # name: (concealed, win, melds, k) with fan = cap + k; all on seat 3's discard.
    "dasanyuan": (T("FFFPPP123m5p"), "5p", [pong("C", 2)], 1),        # CCC FFF PPP 123m 55p
    "ziyise": (T("SSSNNNCCCF"), "F", [pong("E", 2)], 2),              # EEE SSS NNN CCC FF
    "qingyaojiu": (T("999m111p999p1s"), "1s", [pong("1m", 2)], 2),    # 111m 999m 111p 999p 11s
    "dasixi": (T("SSSWWWNNN5m"), "5m", [pong("E", 2)], 3),            # EEE SSS WWW NNN 55m
    "jiulianbaodeng": (T("1112345678999m"), "5m", [], 4),             # 1112345678999m + 5m, concealed
    "shibaluohan": (["N"], "N", [kong("1m", 2), concealed_kong("5p"), added_kong("7s", 0),
                                 concealed_kong("9m")], 4),           # four kongs + NN
    "shisanyao": (T("19m19p19sESWNCFP"), "9s", [], 4),
}


@pytest.mark.parametrize("cap", [5, 3, 8])
@pytest.mark.parametrize("name", list(SPECIALS))
def test_special_hand_is_cap_plus_k(name, cap):
    # fan = cap + k; V = 2^fan paid by the discarder; the special hand replaces everything else.
    concealed, win, melds, k = SPECIALS[name]
    ans = score(discarder=3, options={"cap": cap}, concealed=concealed, win_tile=win, melds=melds)
    fan = cap + k
    assert ans["hands"] == [name]
    assert ans["fan"] == fan
    assert ans["deltas"] == [0, 2 ** fan, 0, -(2 ** fan)]


def test_special_hand_takes_no_additions():
    # 大三元 self-drawn, all concealed, with a seat-wind pair: still cap 5 + 1 = 6 -> 64 each (no 自摸/门前清).
    ans = score(concealed=T("CCCFFFPPP123mS"), win_tile="S")
    assert ans["hands"] == ["dasanyuan"]
    assert ans["fan"] == 6
    assert ans["deltas"] == [-64, 192, -64, -64]


def test_special_hands_do_not_add_up_dasixi_and_ziyise():
    # EEE SSS WWW NNN CC: 大四喜 (cap+3 = 8) and 字一色 (cap+2 = 7): the highest only -> 8 -> 256.
    ans = score(discarder=3, concealed=T("SSSWWWNNNC"), win_tile="C", melds=[pong("E", 2)])
    assert ans["hands"] == ["dasixi"]
    assert ans["fan"] == 8
    assert ans["deltas"] == [0, 256, 0, -256]


def test_special_hands_do_not_add_up_four_wind_kongs():
    # kongs of E S W N + CC: 十八罗汉 (cap+4), 大四喜 (cap+3), 字一色 (cap+2): the highest only -> 9 -> 512.
    ans = score(discarder=3, concealed=["C"], win_tile="C",
                melds=[kong("E", 2), concealed_kong("S"), kong("W", 0), concealed_kong("N")])
    assert ans["hands"] == ["shibaluohan"]
    assert ans["fan"] == 9
    assert ans["deltas"] == [0, 512, 0, -512]


def test_jiulianbaodeng_self_drawn_at_cap_3():
    # cap 3 + 4 = 7 -> 128 from each of the three.
    ans = score(options={"cap": 3}, concealed=T("1112345678999p"), win_tile="9p")
    assert ans["hands"] == ["jiulianbaodeng"]
    assert ans["fan"] == 7
    assert ans["deltas"] == [-128, 384, -128, -128]


def test_jiulianbaodeng_needs_the_13_tiles_before_the_win_to_be_1112345678999():
    # 1123455678999m + 1m makes the same 14 tiles as 1112345678999m + 5m, but the 13 before the win are not
    # 1112345678999: not 九莲宝灯. At cap 13: 清一色 4 + 门前清 1 = 5 -> 32.
    ans = score(discarder=3, options={"cap": 13}, concealed=T("1123455678999m"), win_tile="1m")
    assert hs(ans) == {"qingyise", "menqing"}
    assert ans["fan"] == 5


def test_jiulianbaodeng_must_be_concealed():
    # 111m exposed pong + 2345678999m + 5m: same tiles, not concealed -> 清一色 4 at cap 13 (no 门前清) -> 16.
    ans = score(discarder=3, options={"cap": 13}, concealed=T("2345678999m"), win_tile="5m",
                melds=[pong("1m", 2)])
    assert ans["hands"] == ["qingyise"]
    assert ans["fan"] == 4


@pytest.mark.parametrize("cap", [5, 3, 7])
def test_tianhu_paid_by_all_three(cap):
    # dealer's initial 14 (an ordinary 鸡胡 shape): as 十三幺 = cap + 4; each of the three pays 2^(cap+4).
    v = 2 ** (cap + 4)
    ans = score(winner=0, options={"cap": cap}, flags=["heavenly"], concealed=T("123m456p555s789s9p"),
                win_tile="9p")
    assert "tianhu" in hs(ans)
    assert ans["fan"] == cap + 4
    assert ans["deltas"] == [3 * v, -v, -v, -v]


@pytest.mark.parametrize("cap", [5, 6])
def test_dihu_self_draw_paid_by_all_three(cap):
    v = 2 ** (cap + 4)
    ans = score(winner=2, options={"cap": cap}, flags=["earthly"], concealed=T("123m456p555s789s9p"),
                win_tile="9p")
    assert "dihu" in hs(ans)
    assert ans["fan"] == cap + 4
    assert ans["deltas"] == [-v, -v, 3 * v, -v]


@pytest.mark.parametrize("payment,deltas", [
    # 人和 = 9 fan -> V 512, paid by the dealer (the discarder) under discard_payment.
    ("one", [-512, 512, 0, 0]),
    ("half_liability", [-1024, 2048, -512, -512]),   # dealer 2V, the other two V each
    ("full_liability", [-1536, 1536, 0, 0]),         # dealer 3V
])
def test_renhu_paid_by_the_dealer_under_discard_payment(payment, deltas):
    ans = score(discarder=0, options={"discard_payment": payment}, flags=["human"],
                concealed=T("123m456p555s789s9p"), win_tile="9p")
    assert "renhu" in hs(ans)
    assert ans["fan"] == 9
    assert ans["deltas"] == deltas


def test_renhu_at_another_cap():
    # cap 10 + 4 = 14 -> 16384 from the dealer.
    ans = score(discarder=0, options={"cap": 10}, flags=["human"], concealed=T("123m456p555s789s9p"), win_tile="9p")
    assert ans["fan"] == 14
    assert ans["deltas"] == [-16384, 16384, 0, 0]


def test_tianhu_with_shisanyao_does_not_add_up():
    # 天和 and 十三幺 are both cap + 4: the highest one counts -> 9, not 18. 512 each.
    ans = score(winner=0, flags=["heavenly"], concealed=T("19m19p19sESWNCFP"), win_tile="C")
    assert ans["fan"] == 9
    assert ans["deltas"] == [1536, -512, -512, -512]


FLAG_CONTRADICTIONS = [
    dict(winner=1, flags=["heavenly"]),               # 天和 is the dealer's
    dict(winner=0, flags=["earthly"]),                # 地和 is a non-dealer's
    dict(winner=1, discarder=3, flags=["earthly"]),   # 地和 is a self-draw
    dict(winner=1, discarder=2, flags=["human"]),     # 人和 is on the dealer's discard
    dict(winner=1, flags=["human"]),                  # 人和 is on a discard
]


@pytest.mark.parametrize("doc", FLAG_CONTRADICTIONS)
def test_flag_contradicting_the_seats_is_refused(doc):
    score_err(concealed=T("123m456p555s789s9p"), win_tile="9p", **doc)


@pytest.mark.parametrize("doc", FLAG_CONTRADICTIONS)
def test_flag_contradicting_the_seats_is_not_a_win(doc):
    ans = score_err(concealed=T("123m456p555s789s9p"), win_tile="9p", **doc)
    assert ans["error"] == "not_a_win"


# =============================================================================== 小三元 / 小四喜 own pongs

def test_xiaosanyuan_takes_no_jianke_even_when_under_a_high_cap():
    # cap 8: 小三元 5 on a discard, exposed pong: 5 (not + 2 箭刻) -> 32.
    concealed, win, melds, _ = BASE_CASES["xiaosanyuan"]
    ans = score(discarder=3, options={"cap": 8}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == ["xiaosanyuan"]
    assert ans["fan"] == 5
    assert ans["deltas"] == [0, 32, 0, -32]


def test_xiaosanyuan_takes_other_additions_under_a_high_cap():
    # cap 8, self-drawn: 小三元 5 + 自摸 1 = 6 -> 64 each.
    concealed, win, melds, _ = BASE_CASES["xiaosanyuan"]
    ans = score(options={"cap": 8}, concealed=concealed, win_tile=win, melds=melds)
    assert hs(ans) == {"xiaosanyuan", "zimo"}
    assert ans["fan"] == 6
    assert ans["deltas"] == [-64, 192, -64, -64]


def test_xiaosanyuan_with_a_seat_wind_pong_gets_menfeng():
    # cap 8: CCC(exposed) FFF PP SSS 123m, seat 1 = S: 小三元 5 + 门风 1 (not one of its own pongs) = 6 -> 64.
    ans = score(discarder=3, options={"cap": 8}, concealed=T("FFFSSS123mP"), win_tile="P", melds=[pong("C", 2)])
    assert hs(ans) == {"xiaosanyuan", "menfeng"}
    assert ans["fan"] == 6


def test_xiaosixi_takes_no_menfeng_or_quanfeng_under_a_high_cap():
    # cap 10, seat 1 = S, round E: EEE SSS WWW NN 123m on a discard: 小四喜 5 only (no 门风 S, no 圈风 E) -> 32.
    concealed, win, melds, _ = BASE_CASES["xiaosixi"]
    ans = score(discarder=3, options={"cap": 10}, concealed=concealed, win_tile=win, melds=melds)
    assert ans["hands"] == ["xiaosixi"]
    assert ans["fan"] == 5
    assert ans["deltas"] == [0, 32, 0, -32]


def test_xiaosixi_takes_zimo_under_a_high_cap():
    # cap 10 self-drawn: 小四喜 5 + 自摸 1 = 6 -> 64 each.
    concealed, win, melds, _ = BASE_CASES["xiaosixi"]
    ans = score(options={"cap": 10}, concealed=concealed, win_tile=win, melds=melds)
    assert hs(ans) == {"xiaosixi", "zimo"}
    assert ans["fan"] == 6


# =============================================================================== shapes

def test_no_seven_pairs():
    ans = score_err(discarder=3, options={"min_fan": 0}, concealed=T("1133m5577p99sEEN"), win_tile="N")
    assert ans["error"] == "not_a_win"


def test_not_a_win():
    ans = score_err(discarder=3, options={"min_fan": 0}, concealed=T("1246m5577p99sEEN"), win_tile="S")
    assert ans["error"] == "not_a_win"


def test_shisanyao_on_the_pair_tile_self_drawn():
    # 十三幺 self-drawn: 9 fan -> 512 each, winner +1536.
    ans = score(concealed=T("19m19p19sESWNCFP"), win_tile="P")
    assert ans["hands"] == ["shisanyao"]
    assert ans["deltas"] == [-512, 1536, -512, -512]


# =============================================================================== min_fan

def test_min_fan_default_3_refuses_pinghu_on_a_discard():
    # 平胡 1 < 3.
    ans = score_err(discarder=3, **PINGHU)
    assert ans["error"] == "below_minimum"


def test_min_fan_default_3_refuses_pengpenghu_on_a_discard():
    concealed, win, melds, _ = BASE_CASES["pengpenghu"]  # 对对胡 2 < 3
    ans = score_err(discarder=3, concealed=concealed, win_tile=win, melds=melds)
    assert ans["error"] == "below_minimum"


def test_min_fan_default_3_accepts_three_fan_with_additions():
    # 123m 456m 789m WWW NN concealed, on a discard: 混一色 2 + 门前清 1 = 3 -> 8.
    ans = score(discarder=3, concealed=T("123456789mWWWN"), win_tile="N")
    assert hs(ans) == {"hunyise", "menqing"}
    assert ans["fan"] == 3
    assert ans["deltas"] == [0, 8, 0, -8]


def test_min_fan_default_3_refuses_self_drawn_jihu():
    ans = score_err(**JIHU)   # 自摸 1 < 3
    assert ans["error"] == "below_minimum"


def test_min_fan_1_refuses_jihu_on_a_discard():
    ans = score_err(discarder=3, options={"min_fan": 1}, **JIHU)   # 0 < 1
    assert ans["error"] == "below_minimum"


def test_min_fan_0_accepts_jihu_on_a_discard():
    ans = score(discarder=3, options={"min_fan": 0}, **JIHU)   # 0 fan -> 1
    assert ans["hands"] == ["jihu"]
    assert ans["fan"] == 0
    assert ans["deltas"] == [0, 1, 0, -1]


@pytest.mark.parametrize("options", [
    {"min_fan": 2}, {"min_fan": 4}, {"cap": 2}, {"cap": 14}, {"discard_payment": "both"}, {"base": 0},
    {"no_such_option": 1},
])
def test_bad_options_are_refused(options):
    ans = score_err(discarder=3, options=options, concealed=T("123456789mWWWN"), win_tile="N")
    assert ans["error"] == "bad_option"


def test_flower_tile_is_bad_input():
    # 136 tiles, no flowers.
    ans = score_err(discarder=3, options={"min_fan": 0}, concealed=JIHU["concealed"], win_tile="1f",
                    melds=JIHU["melds"])
    assert ans["error"] == "bad_input"


def test_fifth_copy_is_bad_input():
    # 5555s concealed + 5s in the win: five copies.
    ans = score_err(discarder=3, options={"min_fan": 0}, concealed=T("5555s123m456p9p"), win_tile="5s")
    assert ans["error"] == "bad_input"


@pytest.mark.parametrize("context", [{"round_wind": "C"}, {"round_wind": 1}, {"no_such_key": 1}, {"ghost": "5s"}])
def test_bad_context_is_bad_input(context):
    # round_wind is a wind; unknown keys are refused; the table has no wildcard.
    ans = score_err(discarder=3, options={"min_fan": 0}, context=context, **JIHU)
    assert ans["error"] == "bad_input"


def test_three_players_refused():
    # 4 players only.
    ans = score_err(players=3, discarder=2, options={"min_fan": 0}, **JIHU)
    assert ans["error"] in ("bad_input", "bad_option")


def test_special_hand_times_base():
    # base 2 x 2^9 (十三幺) = 1024 from the discarder.
    ans = score(discarder=3, options={"base": 2}, concealed=T("19m19p19sESWNCFP"), win_tile="1m")
    assert ans["deltas"] == [0, 1024, 0, -1024]


# =============================================================================== discard_payment and base

@pytest.mark.parametrize("payment,deltas", [
    ("one", [0, 2, 0, -2]),                 # 平胡 1 -> V 2: the discarder pays 2
    ("half_liability", [-2, 8, -2, -4]),    # discarder 2V = 4, the other two V = 2 each
    ("full_liability", [0, 6, 0, -6]),      # discarder 3V = 6
])
def test_discard_payment(payment, deltas):
    ans = score(discarder=3, options={"min_fan": 1, "discard_payment": payment}, **PINGHU)
    assert ans["deltas"] == deltas


@pytest.mark.parametrize("payment", ["one", "half_liability", "full_liability"])
def test_discard_payment_does_not_change_a_self_draw(payment):
    # 平胡 1 + 自摸 1 = 2 -> 4 each.
    ans = score(options={"min_fan": 1, "discard_payment": payment}, **PINGHU)
    assert ans["deltas"] == [-4, 12, -4, -4]


def test_base_multiplies_the_value_on_a_discard():
    # base 3, 平胡 1: 3 x 2 = 6.
    ans = score(discarder=3, options={"min_fan": 1, "base": 3}, **PINGHU)
    assert ans["deltas"] == [0, 6, 0, -6]


def test_base_multiplies_the_value_on_a_self_draw():
    # base 2, worked example 2: 2 x 32 = 64 each, winner +192.
    ans = score(options={"base": 2}, concealed=T("123456789234m5m"), win_tile="5m")
    assert ans["deltas"] == [-64, 192, -64, -64]


# =============================================================================== 包 (liability)

# 十二张落地: 111m 555p 999s 222s exposed (in the order made) + single N; self-drawn N: 对对胡 2 + 自摸 1 = 3 -> V 8.
TWELVE = dict(concealed=["N"], win_tile="N")


def test_twelve_down_fourth_meld_giver_pays_all_three():
    # the fourth exposed meld (pong 2s) came from seat 2: seat 2 pays 3 x 8 = 24.
    ans = score(melds=[pong("1m", 3), pong("5p", 3), pong("9s", 0), pong("2s", 2)], **TWELVE)
    assert hs(ans) == {"pengpenghu", "zimo"}
    assert ans["fan"] == 3
    assert ans["deltas"] == [0, 24, -24, 0]


def test_twelve_down_giver_is_the_fourth_meld_not_an_earlier_one():
    # the same melds in another order: the fourth made is pong 1m from seat 3 -> seat 3 pays 24.
    ans = score(melds=[pong("5p", 0), pong("9s", 2), pong("2s", 2), pong("1m", 3)], **TWELVE)
    assert ans["deltas"] == [0, 24, 0, -24]


def test_twelve_down_with_a_chow_as_fourth_meld():
    # 111m 555p 999s exposed, then chow 123s from seat 0; self-drawn NN: 鸡胡 0 + 自摸 1 = 1 -> V 2; seat 0 pays 6.
    ans = score(options={"min_fan": 1}, melds=[pong("1m", 3), pong("5p", 3), pong("9s", 2), chow("123s", 0)],
                **TWELVE)
    assert ans["fan"] == 1
    assert ans["deltas"] == [-6, 6, 0, 0]


@pytest.mark.parametrize("payment", ["half_liability", "full_liability"])
def test_twelve_down_ignores_discard_payment(payment):
    ans = score(options={"discard_payment": payment},
                melds=[pong("1m", 3), pong("5p", 3), pong("9s", 0), pong("2s", 2)], **TWELVE)
    assert ans["deltas"] == [0, 24, -24, 0]


@pytest.mark.parametrize("position", [0, 3])
def test_twelve_down_concealed_kongs_do_not_count(position):
    # three exposed pongs + a concealed kong: not 十二张落地. 对对胡 2 + 自摸 1 = 3 -> 8 each.
    melds = [pong("1m", 3), pong("5p", 3), pong("9s", 2)]
    melds.insert(position, concealed_kong("2s"))
    ans = score(melds=melds, **TWELVE)
    assert ans["fan"] == 3
    assert ans["deltas"] == [-8, 24, -8, -8]


def test_twelve_down_win_on_a_discard_is_a_normal_discard_win():
    # 十二张落地 but won on seat 3's discard: 对对胡 2 -> 4 from seat 3 only (the 包 is for a self-draw).
    ans = score(discarder=3, options={"min_fan": 1},
                melds=[pong("1m", 3), pong("5p", 3), pong("9s", 0), pong("2s", 2)], **TWELVE)
    assert ans["deltas"] == [0, 4, 0, -4]


def test_twelve_down_special_hand_the_giver_pays_all_three():
    # EEE SSS WWW NNN exposed (NNN last, from seat 2) + 55m self-drawn: 大四喜 = cap 5 + 3 = 8 -> V 256;
    # seat 2 pays 3 x 256 = 768.
    ans = score(concealed=["5m"], win_tile="5m", melds=[pong("E", 3), pong("S", 3), pong("W", 0), pong("N", 2)])
    assert ans["hands"] == ["dasixi"]
    assert ans["deltas"] == [0, 768, -768, 0]


def test_twelve_down_with_gangkai_on_an_added_kong():
    # the first pong (1m from seat 3) was later made an added kong; the fourth meld (2s) came from seat 2.
    # 对对胡 2 + 杠上开花 1 + 自摸 1 = 4 -> V 16. No 杠上开花 liability (an added kong), but 十二张落地: seat 2
    # pays 3 x 16 = 48.
    ans = score(flags=["after_kong"], melds=[added_kong("1m", 3), pong("5p", 3), pong("9s", 0), pong("2s", 2)],
                **TWELVE)
    assert hs(ans) == {"pengpenghu", "gangkai", "zimo"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [0, 48, -48, 0]


# 杠上开花: chow 789s + kong 5p + 123m 456s 99p: 鸡胡 0 + 杠上开花 1 + 自摸 1 = 2 -> V 4.
GANGKAI = dict(flags=["after_kong"], concealed=T("123m456s9p"), win_tile="9p")


def test_gangkai_on_exposed_kong_from_a_discard_the_giver_pays_all_three():
    # the kong was claimed from seat 3's discard: seat 3 pays 3 x 4 = 12.
    ans = score(options={"min_fan": 1}, melds=[chow("789s", 0), kong("5p", 3)], **GANGKAI)
    assert hs(ans) == {"jihu", "zimo", "gangkai"}
    assert ans["fan"] == 2
    assert ans["deltas"] == [0, 12, 0, -12]


@pytest.mark.parametrize("payment", ["half_liability", "full_liability"])
def test_gangkai_liability_ignores_discard_payment(payment):
    ans = score(options={"min_fan": 1, "discard_payment": payment}, melds=[chow("789s", 0), kong("5p", 2)],
                **GANGKAI)
    assert ans["deltas"] == [0, 12, -12, 0]


def test_gangkai_on_added_kong_has_no_liability():
    # the pong came from seat 3 but the kong was not claimed from a discard: 4 each.
    ans = score(options={"min_fan": 1}, melds=[chow("789s", 0), added_kong("5p", 3)], **GANGKAI)
    assert ans["fan"] == 2
    assert ans["deltas"] == [-4, 12, -4, -4]


def test_gangkai_on_concealed_kong_has_no_liability():
    ans = score(options={"min_fan": 1}, melds=[chow("789s", 0), concealed_kong("5p")], **GANGKAI)
    assert ans["deltas"] == [-4, 12, -4, -4]


@pytest.mark.parametrize("payment", ["one", "half_liability", "full_liability"])
def test_qianggang_owner_pays_all_three_whatever_discard_payment(payment):
    # 抢杠: 鸡胡 0 + 自摸 1 = 1 -> V 2; the kong's owner (seat 2) pays 3 x 2 = 6.
    ans = score(discarder=2, options={"min_fan": 1, "discard_payment": payment}, flags=["robbing_kong"], **JIHU)
    assert ans["deltas"] == [0, 6, -6, 0]


def test_qianggang_concealed_winner_gets_menqing_and_zimo():
    # 123m 456p 555s 789s 99p concealed, robbing seat 0's kong: 鸡胡 0 + 自摸 1 + 门前清 1 = 2 -> V 4; seat 0 pays 12.
    ans = score(discarder=0, options={"min_fan": 1}, flags=["robbing_kong"], concealed=T("123m456p555s789s9p"),
                win_tile="9p")
    assert ans["fan"] == 2
    assert ans["deltas"] == [-12, 12, 0, 0]


# =============================================================================== run: helpers and scenarios

def test_run_kongs_then_exhaustion_score_nothing_and_the_dealer_stays():
    # Dealer 0 declares a concealed kong of C, seat 1 kongs the dealer's 9m; the wall runs out: no kong points,
    # no dealer bonus -> all zero; after an exhaustion the dealer stays.
    doc = dict(
        hands=[T("CCCC147m258p36sE9m"), T("999m258m369p147sS"), T("36m147p258sWWNNF"), T("26m36p99sEESSFPP")],
        wall=T("7s8s4p4m"),
        actions=[A(0, "concealed_kong", tile="C"), D(0, "9m"), A(1, "kong"), D(1, "8s"), D(2, "4p"), D(3, "4m")],
    )
    for d in (0, 2):
        ans = run(**rot(doc, d))
        res = ans["result"]
        assert res["finished"] is True and res["exhausted"] is True
        assert res["wins"] == []
        assert res["deltas"] == [0, 0, 0, 0]
        assert res["next_dealer"] == d


# Chow / pong hands: seat 0 discards 5m; seat 1 holds 4m 6m; seat 2 holds 4m 6m (chow test) or 5m 5m (pong test).
S0_5M = T("5m19m19p19sESWNCF3p")
S1_46M = T("46m258p258sESWNC")
S3_JUNK = T("2378m47p47sESWNP")


def test_run_chow_from_the_previous_player_is_allowed():
    doc = dict(hands=[S0_5M, S1_46M, T("46m369p36s9sESWNF"), S3_JUNK], wall=T("1m"),
               actions=[D(0, "5m"), A(1, "chow", tiles=["4m", "6m"]), D(1, "C")])
    ans = run(**doc)
    chows = events_of(ans, "chow")
    assert len(chows) == 1 and actor(chows[0]) == 1
    assert ans["result"]["finished"] is False


def test_run_chow_from_a_player_who_is_not_the_previous_is_illegal():
    # seat 2 is not seat 0's 下家.
    doc = dict(hands=[S0_5M, S1_46M, T("46m369p36s9sESWNF"), S3_JUNK], wall=T("1m"),
               actions=[D(0, "5m"), A(2, "chow", tiles=["4m", "6m"])])
    ans = run_err(**doc)
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 1


@pytest.mark.parametrize("pong_first", [False, True])
def test_run_pong_beats_chow_whatever_order_listed(pong_first):
    claims = [A(1, "chow", tiles=["4m", "6m"]), A(2, "pong")]
    if pong_first:
        claims.reverse()
    doc = dict(hands=[S0_5M, S1_46M, T("55m369p36sESWNFP"), S3_JUNK], wall=T("1m"),
               actions=[D(0, "5m"), *claims, D(2, "P"), D(3, "1m")])
    ans = run(**doc)
    pongs = events_of(ans, "pong")
    assert len(pongs) == 1 and actor(pongs[0]) == 2
    assert events_of(ans, "chow") == []
    assert [actor(e) for e in events_of(ans, "discard")] == [0, 2, 3]


# One winner per discard. min_fan 0. Seat 0 discards 5p on his second turn (not 人和); seats 2 and 3 can both win.
# seat 2: 123m 456s 789s 46p 99m -> +5p: 平胡 1 + 门前清 1 = 2 -> V 4.
# seat 3: 678m 234s 999p 77m 34p -> +5p: 鸡胡 0 + 门前清 1 = 1.
# seat 1 (3p 7p 8p, no 4p/6p) cannot chow 5p, so no other claim is open.
ONE_WINNER = dict(
    options={"min_fan": 0},
    hands=[T("5pEESSWNCFP1p1s5m8p"), T("WNCFP78p1s45m9s9m3p"), T("123m456789s46p99m"), T("678m234s999p77m34p")],
    wall=T("1m2m3m9s7s"),
    actions=[D(0, "E"), D(1, "1m"), D(2, "2m"), D(3, "3m"), D(0, "5p"), A(3, "win"), A(2, "win")],
)


def test_run_unlisted_chow_claim_passes_when_the_actions_end():
    # As below, but seat 1 holds 6p 7p (a chow of 5p) and is not listed: he passes, seat 2 wins, seat 0 pays 4.
    doc = {**ONE_WINNER, "hands": [ONE_WINNER["hands"][0], T("WNCFP78p1s45m9s6p3p")] + ONE_WINNER["hands"][2:]}
    ans = run(**doc)
    assert ans["result"]["finished"] is True
    assert ans["result"]["deltas"] == [-4, 0, 4, 0]


def test_run_unlisted_chow_claim_with_an_explicit_pass():
    # The same window answered in full (seat 1 passes his chow explicitly): seat 2 wins, seat 0 pays 4.
    doc = {**ONE_WINNER, "hands": [ONE_WINNER["hands"][0], T("WNCFP78p1s45m9s6p3p")] + ONE_WINNER["hands"][2:],
           "actions": ONE_WINNER["actions"] + [A(1, "pass")]}
    ans = run(**doc)
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 0
    assert ans["result"]["deltas"] == [-4, 0, 4, 0]


@pytest.mark.parametrize("d", [0, 1, 2, 3])
def test_run_one_winner_per_discard_the_first_in_turn_order(d):
    # seat d+2 is first after the discarder d (then d+3): it alone wins; the discarder pays 4.
    ans = run(**rot(ONE_WINNER, d))
    w = the_win(ans)
    assert w["seat"] == (2 + d) % 4 and w["from"] == d
    assert w["fan"] == 2
    assert ans["result"]["deltas"] == rdeltas([-4, 0, 4, 0], d)
    # a non-dealer won: the deal passes to the next seat
    assert ans["result"]["next_dealer"] == (d + 1) % 4


def test_run_a_later_seat_wins_when_the_first_does_not_claim():
    # seat 2 passes, seat 3 wins: 鸡胡 0 + 门前清 1 = 1 -> V 2 from seat 0.
    ans = run(**{**ONE_WINNER, "actions": ONE_WINNER["actions"][:-2] + [A(3, "win"), A(2, "pass")]})
    w = the_win(ans)
    assert w["seat"] == 3 and w["from"] == 0 and w["fan"] == 1
    assert ans["result"]["deltas"] == [-2, 0, 0, 2]
    assert ans["result"]["next_dealer"] == 1


# The dealer wins on seat 3's C: 123m 456p 789s 99p CCC -> 鸡胡 0 + 门前清 1 + 箭刻 1 = 2 -> V 4.
DEALER_WINS = dict(
    options={"min_fan": 1},
    hands=[T("123m456p789s99pCCN"), T("WNFP1s2s5s6s2m3m6m7m8p"), T("EESWFP1p2p3s4s4m5m7p"),
           T("C3p5p8s9s1m8m9mSWNEP")],
    wall=T("6p6p6p7m"),
    actions=[D(0, "N"), D(1, "6p"), D(2, "6p"), D(3, "C"), A(0, "win")],
)


@pytest.mark.parametrize("d", [0, 1, 3])
def test_run_dealer_wins_on_a_discard_and_stays(d):
    ans = run(**rot(DEALER_WINS, d))
    w = the_win(ans)
    assert w["seat"] == d and w["from"] == (3 + d) % 4 and w["fan"] == 2
    assert {"jianke", "menqing"} <= set(w["hands"])
    assert ans["result"]["deltas"] == rdeltas([4, 0, 0, -4], d)
    assert ans["result"]["next_dealer"] == d


# 漏胡. seat 2: 123p 456p 789s 99s 67m waits 5m/8m: on a discard 平胡 1 + 门前清 1 = 2.
LOU_S2 = T("123456p789s99s67m")
LOU_S0 = T("5m8m9mEESWNCFP1s2s3s")    # holds one 5m and one 8m
LOU_S1 = T("WNCFP1m2m3m9p9p4s5s6s")
LOU_S3 = T("5m5mWNCFP7p8p1s2s3m3m")   # holds two 5m


def _lou(actions, options=None, hands=None, wall=None):
    return dict(options=options or {"min_fan": 1}, hands=hands or [LOU_S0, LOU_S1, LOU_S2, LOU_S3],
                wall=wall or T("4m4m4m7p7p7p"), actions=actions)


def test_run_louhu_barred_on_the_same_kind_before_drawing():
    # seat 2 passes seat 3's 5m, then claims seat 0's 5m before drawing again: illegal.
    ans = run_err(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "pass"), D(0, "5m"), A(2, "win")]))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 6


def test_run_louhu_passing_without_listing_also_locks():
    # a seat with a legal win that is not listed passes.
    ans = run_err(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), D(0, "5m"), A(2, "win")]))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 5


def test_run_louhu_other_kind_allowed():
    # after passing 5m, seat 2 may win on 8m: 平胡 1 + 门前清 1 = 2 -> V 4 from seat 0.
    ans = run(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "pass"), D(0, "8m"), A(2, "win")]))
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 0 and w["fan"] == 2
    assert ans["result"]["deltas"] == [-4, 0, 4, 0]


def test_run_louhu_lifted_by_a_draw():
    # seat 2 passes 5m twice (locked the second time), draws, and then wins on seat 3's 5m: V 4 from seat 3.
    ans = run(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "pass"), D(0, "5m"),
                      D(1, "3p"), D(2, "3p"), D(3, "5m"), A(2, "win")],
                     wall=T("4m4m4m7p3p3p3p")))
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 3 and w["fan"] == 2
    assert ans["result"]["deltas"] == [0, 0, 4, -4]


def test_run_louhu_lifted_by_a_pong():
    # min_fan 0. seat 2: 123p 456p 999s SS 67m (waits 5m/8m: 鸡胡 + 门前清 = 1 on a discard, so the pass counts).
    # He passes seat 3's 5m, pongs seat 0's S, discards 9s, and wins on seat 3's next 5m:
    # 123p 456p 99s 567m + SSS exposed (S is neither seat 2's wind W nor the round's E): 鸡胡 0 -> 1 from seat 3.
    hands = [T("5mSEEWNCFP1s2s3s8m9m"), LOU_S1, T("123456p999sSS67m"), LOU_S3]
    ans = run(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "pass"), D(0, "S"), A(2, "pong"),
                      D(2, "9s"), D(3, "5m"), A(2, "win")], options={"min_fan": 0}, hands=hands))
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 3 and w["fan"] == 0
    assert ans["result"]["deltas"] == [0, 0, 1, -1]


def test_run_louhu_lifted_by_a_chow():
    # seat 2: 123p 456p 678s 99s 67m. He passes seat 3's 5m, chows seat 1's 6s with 7s 8s, discards his 6s,
    # and wins on seat 3's next 5m: 平胡 (exposed chow) 1 -> V 2 from seat 3.
    hands = [LOU_S0, T("WNCFP1m2m3m9p9p4s5s6s"), T("123456p678s99s67m"), LOU_S3]
    ans = run(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "pass"), D(0, "W"), D(1, "6s"),
                      A(2, "chow", tiles=["7s", "8s"]), D(2, "6s"), D(3, "5m"), A(2, "win")], hands=hands))
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 3 and w["fan"] == 1
    assert ans["result"]["deltas"] == [0, 0, 2, -2]


def test_run_passing_a_self_drawn_win_does_not_lock():
    # 漏胡 is about a win passed on a discard: seat 2 draws 5m (a win) and discards it; seat 3 then discards 5m
    # and seat 2 wins on it: 平胡 1 + 门前清 1 = 2 -> V 4 from seat 3.
    ans = run(**_lou([D(0, "E"), D(1, "4m"), D(2, "5m"), D(3, "5m"), A(2, "win")], wall=T("4m5m4m7p")))
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 3 and w["fan"] == 2
    assert ans["result"]["deltas"] == [0, 0, 4, -4]


def test_run_win_below_min_fan_is_illegal_action():
    # min_fan 3: seat 2's 平胡 + 门前清 = 2 on a discard -> claiming it is illegal_action.
    ans = run_err(**_lou([D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(2, "win")], options={"min_fan": 3}))
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 4


# 漏胡 and robbing: seat 3 discards 5m, seat 1 pongs it, discards N, seat 0 pongs N and discards, seat 1 draws the
# fourth 5m and adds it to his pong; seat 2 (waiting on 5m, no draw since seat 3's discard) robs it.
ROB_LOCK_HANDS = [T("NN19m19p19sECFP2p3s"), T("5m5mNWCFP1p7p2s4s6s8s"), LOU_S2, T("5mSSWCFP7p8p1s2s3m7m")]
ROB_LOCK_ACTIONS = [D(0, "E"), D(1, "4m"), D(2, "4m"), D(3, "5m"), A(1, "pong"), D(1, "N"), A(0, "pong"),
                    D(0, "C"), A(1, "added_kong", tile="5m"), A(2, "win")]


def test_run_louhu_pass_below_min_fan_does_not_lock_robbing():
    # min_fan 3: seat 2's win on seat 3's 5m was 2 fan (below), so it was no pass. Robbing the added kong:
    # 平胡 1 + 门前清 1 + 自摸 1 = 3 -> V 8, the kong's owner (seat 1) pays 3 x 8 = 24.
    ans = run(options={"min_fan": 3}, hands=ROB_LOCK_HANDS, wall=T("4m4m4m5m9p"), actions=ROB_LOCK_ACTIONS)
    w = the_win(ans)
    assert w["seat"] == 2 and w["from"] == 1 and w["fan"] == 3
    assert ans["result"]["deltas"] == [0, -24, 24, 0]


def test_run_louhu_bars_robbing_a_kong_of_that_kind():
    # min_fan 1: the same pass now counts (2 >= 1): seat 2 may not rob the 5m kong before he draws.
    ans = run_err(options={"min_fan": 1}, hands=ROB_LOCK_HANDS, wall=T("4m4m4m5m9p"), actions=ROB_LOCK_ACTIONS)
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 9


# Robbing priority: seat 1 discards 5p, seat 0 pongs, later draws the fourth 5p and adds it. Seats 2 and 3 wait on
# 5p (their pass on seat 1's 5p is lifted by their own draws). min_fan 1.
# seat 2 robs: 平胡 1 + 门前清 1 + 自摸 1 = 3 -> V 8; the owner pays 3 x 8 = 24.
ROB = dict(
    options={"min_fan": 1},
    hands=[T("5p5pEESWNCFP1s9s1m7s"), T("5pWNCFP78p1s45m9s6p"), T("123m456789s46p99m"), T("678m234s999p77m34p")],
    wall=T("2m3mNW5p1p"),
    actions=[D(0, "E"), D(1, "5p"), A(0, "pong"), D(0, "S"), D(1, "3m"), D(2, "N"), D(3, "W"),
             A(0, "added_kong", tile="5p"), A(3, "win"), A(2, "win")],
)


@pytest.mark.parametrize("d", [0, 1, 2, 3])
def test_run_robbing_only_by_the_first_in_turn_order(d):
    ans = run(**rot(ROB, d))
    w = the_win(ans)
    assert w["seat"] == (2 + d) % 4 and w["from"] == d
    assert w["fan"] == 3
    assert ans["result"]["deltas"] == rdeltas([-24, 0, 24, 0], d)
    assert ans["result"]["next_dealer"] == (d + 1) % 4


def test_run_robbing_by_a_later_seat_when_the_first_does_not_rob():
    # seat 2 passes, seat 3 robs: 鸡胡 0 + 门前清 1 + 自摸 1 = 2 -> V 4; the owner (seat 0) pays 3 x 4 = 12.
    ans = run(**{**ROB, "actions": ROB["actions"][:-1] + [A(2, "pass")]})
    w = the_win(ans)
    assert w["seat"] == 3 and w["from"] == 0 and w["fan"] == 2
    assert ans["result"]["deltas"] == [-12, 0, 0, 12]


def test_run_concealed_kong_cannot_be_robbed():
    hands = [T("5p5p5p5pEESWNCFP1s9s"), T("WNCFP78p1s45m9s6p3p"), T("123m456789s46p99m"), T("678m234s999p77m34p")]
    ans = run_err(options={"min_fan": 1}, hands=hands, wall=T("2m3m"),
                  actions=[A(0, "concealed_kong", tile="5p"), A(2, "win")])
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 1


# 人和 / 地和 / 天和. seat 1: 123p 456p 789s 99s 46m waits 5m (平胡 + 门前清 = 2 on a discard, 3 self-drawn).
HE_S0 = T("5mCCCCEESWNP1s2s3s")
HE_S0_PLAIN = T("5mEESWNP1s2s3sFFW8m")
HE_S1 = T("123456p789s99s46m")
HE_S2 = T("NN1m2m3m7p8p9p4s5s6sWF")
HE_S3 = T("1m2m3m7p8p9p4s5s6sSSFP")


@pytest.mark.parametrize("payment,deltas", [
    ("one", [-512, 512, 0, 0]),
    ("half_liability", [-1024, 2048, -512, -512]),
])
def test_run_renhu_on_the_dealers_first_discard(payment, deltas):
    # 人和 = cap 5 + 4 = 9 -> V 512; paid by the dealer under discard_payment.
    ans = run(options={"discard_payment": payment}, hands=[HE_S0_PLAIN, HE_S1, HE_S2, HE_S3], wall=T("7m"),
              actions=[D(0, "5m"), A(1, "win")])
    w = the_win(ans)
    assert w["seat"] == 1 and "renhu" in w["hands"] and w["fan"] == 9
    assert ans["result"]["deltas"] == deltas
    assert ans["result"]["next_dealer"] == 1


def test_run_renhu_cancelled_by_the_dealers_concealed_kong():
    # after the dealer's concealed kong, his first discard gives 平胡 + 门前清 = 2 -> V 4.
    ans = run(options={"min_fan": 1}, hands=[HE_S0, HE_S1, HE_S2, HE_S3], wall=T("7m"),
              actions=[A(0, "concealed_kong", tile="C"), D(0, "5m"), A(1, "win")])
    w = the_win(ans)
    assert "renhu" not in w["hands"] and w["fan"] == 2
    assert ans["result"]["deltas"] == [-4, 4, 0, 0]


def test_run_dihu_on_the_first_draw():
    # 地和 = 9 -> 512 from each.
    ans = run(hands=[HE_S0_PLAIN, HE_S1, HE_S2, HE_S3], wall=T("5m7m"), actions=[D(0, "W"), A(1, "win")])
    w = the_win(ans)
    assert w["seat"] == 1 and w["from"] is None and "dihu" in w["hands"] and w["fan"] == 9
    assert ans["result"]["deltas"] == [-512, 1536, -512, -512]


def test_run_dihu_for_the_third_non_dealer():
    # seats 1 and 2 draw and discard (no call); seat 3 self-draws on his first draw: 地和 9 -> 512 each.
    ans = run(hands=[HE_S0_PLAIN, HE_S3, HE_S2, HE_S1], wall=T("7m8m5m7p"),
              actions=[D(0, "W"), D(1, "7m"), D(2, "8m"), A(3, "win")])
    w = the_win(ans)
    assert w["seat"] == 3 and "dihu" in w["hands"] and w["fan"] == 9
    assert ans["result"]["deltas"] == [-512, -512, -512, 1536]


def test_run_self_draw_below_min_fan_is_illegal_action():
    # min_fan 3 (default). After the dealer's concealed kong (so no 地和), seat 1 = 123m 999m 456p 789s 9p
    # self-draws 9p: 鸡胡 0 + 门前清 1 + 自摸 1 = 2 < 3 -> illegal_action.
    ans = run_err(hands=[HE_S0, T("123m999m456p789s9p"), HE_S2, HE_S3], wall=T("7m9p7m"),
                  actions=[A(0, "concealed_kong", tile="C"), D(0, "W"), A(1, "win")])
    assert ans["error"] == "illegal_action"
    assert ans["index"] == 2


def test_run_dihu_cancelled_by_the_dealers_concealed_kong():
    # 平胡 1 + 门前清 1 + 自摸 1 = 3 -> 8 each.
    ans = run(hands=[HE_S0, HE_S1, HE_S2, HE_S3], wall=T("7m5m7m"),
              actions=[A(0, "concealed_kong", tile="C"), D(0, "W"), A(1, "win")])
    w = the_win(ans)
    assert "dihu" not in w["hands"] and w["fan"] == 3
    assert ans["result"]["deltas"] == [-8, 24, -8, -8]


def test_run_haidilaoyue_on_the_last_tile():
    # as above, but seat 1's 5m is the last tile of the wall: 平胡 1 + 门前清 1 + 自摸 1 + 海底捞月 1 = 4
    # -> 16 from each.
    ans = run(hands=[HE_S0, HE_S1, HE_S2, HE_S3], wall=T("7m5m"),
              actions=[A(0, "concealed_kong", tile="C"), D(0, "W"), A(1, "win")])
    w = the_win(ans)
    assert {"haidilaoyue", "zimo"} <= set(w["hands"]) and w["fan"] == 4
    assert ans["result"]["deltas"] == [-16, 48, -16, -16]


def test_run_dihu_cancelled_by_another_players_pong():
    # seat 2 pongs the dealer's N; seat 1 then self-draws on his first draw: no 地和 -> 3 fan -> 8 each.
    ans = run(hands=[T("5mNESWCP1s2s3sFFWE"), HE_S1, HE_S2, HE_S3], wall=T("7m8m5m7p"),
              actions=[D(0, "N"), A(2, "pong"), D(2, "W"), D(3, "7m"), D(0, "8m"), A(1, "win")])
    w = the_win(ans)
    assert "dihu" not in w["hands"] and w["fan"] == 3
    assert ans["result"]["deltas"] == [-8, 24, -8, -8]


def test_run_dihu_cancelled_by_the_winners_own_concealed_kong():
    # seat 1: 9999m 123p 456p 789s; draws 5s, kongs 9m, draws 5s: 鸡胡 0 + 门前清 1 + 自摸 1 + 杠上开花 1 = 3
    # (not 地和: the concealed kong is a call) -> 8 each.
    ans = run(options={"min_fan": 1}, hands=[HE_S0_PLAIN, T("9999m123456p789s"), HE_S2, HE_S3], wall=T("5s5s7m"),
              actions=[D(0, "W"), A(1, "concealed_kong", tile="9m"), A(1, "win")])
    w = the_win(ans)
    assert "dihu" not in w["hands"] and "gangkai" in w["hands"] and w["fan"] == 3
    assert ans["result"]["deltas"] == [-8, 24, -8, -8]


@pytest.mark.parametrize("d", [0, 3])
def test_run_tianhu_and_the_dealer_stays(d):
    # dealer's initial 14 is a win: 天和 = 9 -> 512 from each; the dealer stays.
    doc = dict(hands=[T("123m777m456p789s99p"), HE_S1, HE_S2, HE_S3], wall=T("7m"), actions=[A(0, "win")])
    ans = run(**rot(doc, d))
    w = the_win(ans)
    assert w["seat"] == d and "tianhu" in w["hands"] and w["fan"] == 9
    assert ans["result"]["deltas"] == rdeltas([1536, -512, -512, -512], d)
    assert ans["result"]["next_dealer"] == d


def test_run_gangkai_on_exposed_kong_from_a_discard_the_giver_pays_all():
    # seat 1 kongs the dealer's 9m and draws 5s: 鸡胡 0 + 杠上开花 1 + 自摸 1 = 2 -> V 4; seat 0 pays 3 x 4 = 12.
    ans = run(options={"min_fan": 1}, hands=[T("9mEESWNP1s2s3sFFW8m"), T("999m123456p789s5s"), HE_S2, HE_S3],
              wall=T("5s7m"), actions=[D(0, "9m"), A(1, "kong"), A(1, "win")])
    w = the_win(ans)
    assert "gangkai" in w["hands"] and w["fan"] == 2
    assert ans["result"]["deltas"] == [-12, 12, 0, 0]


# round_wind in setup. seat 1 (S): SSS 123m 456p 789s + 9p, wins on seat 3's 9p:
# 鸡胡 0 + 门前清 1 + 门风 1 (+ 圈风 1 when the round is S).
RW = dict(options={"min_fan": 1},
          hands=[T("EESWNCFP1s2s3s5m6m8m"), T("SSS123m456p789s9p"), T("NN4m5m7p8p1s2sWFCP3p"),
                 T("9p1m2m7m8m4p5p4s5sWFCP")],
          wall=T("3m6p9s"),
          actions=[D(0, "E"), D(1, "3m"), D(2, "6p"), D(3, "9p"), A(1, "win")])


@pytest.mark.parametrize("d", [0, 2])
def test_run_setup_context_round_wind(d):
    # round S: 0 + 1 + 1 + 1 = 3 -> 8 from seat 3 (the winner is the dealer's 下家, seat wind S, whatever d).
    ans = run(setup={"context": {"round_wind": "S"}}, **rot(RW, d))
    w = the_win(ans)
    assert {"menfeng", "quanfeng", "menqing"} <= set(w["hands"]) and w["fan"] == 3
    assert ans["result"]["deltas"] == rdeltas([0, 8, 0, -8], d)


def test_run_round_wind_defaults_to_east():
    # round E: 0 + 1 + 1 = 2 -> 4 from seat 3.
    ans = run(**RW)
    w = the_win(ans)
    assert "quanfeng" not in w["hands"] and w["fan"] == 2
    assert ans["result"]["deltas"] == [0, 4, 0, -4]


# 十二张落地 in a run. A = seat 0, B = seat 1 (pongs 1m 3p 5s 7m, waits 9p), C = seat 2 (pongs 2m 4p 6s 8m, waits 2s).
# B's and C's fourth exposed melds both come from seat 0's discards (B's first). Either's self-drawn hand:
# 对对胡 2 + 自摸 1 = 3 -> V 8.
TW_HANDS = [T("178m99m99s11sEECCP"), T("11m33p55s77m2m4p6sW9p"), T("22m44p66s88m3p5sNF2s"), T("356m126p8p34s78sSN")]
TW_ACTIONS = [
    D(0, "1m"), A(1, "pong"), D(1, "2m"), A(2, "pong"), D(2, "3p"), A(1, "pong"), D(1, "4p"), A(2, "pong"),
    D(2, "5s"), A(1, "pong"), D(1, "6s"), A(2, "pong"), D(2, "N"), D(3, "S"), D(0, "7m"), A(1, "pong"),
    D(1, "W"), D(2, "W"), D(3, "W"), D(0, "8m"), A(2, "pong"), D(2, "F"), D(3, "4s"), D(0, "5p"),
]


def test_run_twelve_down_first_victim_self_draw_the_giver_pays_all():
    # B self-draws 9p: seat 0 gave B's fourth meld -> pays 3 x 8 = 24.
    ans = run(hands=TW_HANDS, wall=T("SWWW3s4s5p9p7p"), actions=TW_ACTIONS + [A(1, "win")])
    w = the_win(ans)
    assert w["seat"] == 1 and w["fan"] == 3
    assert ans["result"]["deltas"] == [-24, 24, 0, 0]


def test_run_twelve_down_a_discarder_is_liable_for_one_opponent_only():
    # C self-draws 2s: seat 0 also gave C's fourth meld, but he is already liable for B -> a plain self-draw,
    # 8 from each of the three.
    ans = run(hands=TW_HANDS, wall=T("SWWW3s4s5p7p2s3p"), actions=TW_ACTIONS + [D(1, "7p"), A(2, "win")])
    w = the_win(ans)
    assert w["seat"] == 2 and w["fan"] == 3
    assert ans["result"]["deltas"] == [-8, -8, 24, -8]


# =============================================================================== the command line itself

def _cli(doc):
    proc = subprocess.run([sys.executable, *CLI, "score", "-"], input=json.dumps(doc), capture_output=True,
                          text=True, cwd=str(REPO), timeout=120)
    return proc.returncode, json.loads(proc.stdout)


def test_cli_subprocess_worked_example_1_exit_0():
    code, ans = _cli({"variant": "guangdong", "dealer": 0, "winner": 1, "discarder": 3, "options": {"min_fan": 1},
                      "concealed": T("123m456p7s"), "win_tile": "7s", "melds": [pong("C", 2), pong("F", 3)]})
    assert code == 0
    assert ans["ok"] is True and ans["fan"] == 2 and ans["deltas"] == [0, 4, 0, -4]


def test_cli_subprocess_below_minimum_exit_2():
    code, ans = _cli({"variant": "guangdong", "dealer": 0, "winner": 1, "discarder": 3,
                      "concealed": JIHU["concealed"], "win_tile": "9p", "melds": JIHU["melds"]})
    assert code == 2
    assert ans["ok"] is False and ans["error"] == "below_minimum"


def test_cli_subprocess_bad_option_exit_2():
    code, ans = _cli({"variant": "guangdong", "options": {"cap": 2}, "winner": 1, "discarder": 3,
                      "concealed": T("123456789mWWWN"), "win_tile": "N"})
    assert code == 2
    assert ans["ok"] is False and ans["error"] == "bad_option"
