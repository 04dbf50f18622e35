"""Black-box tests of the Hainan (海南麻将) rule set, written from the rules documents alone.

Sources: shared/rules/hainan.md (wins over the seed), shared/rules/common.md, the seed
004_c328b3a91b392cce.txt, shared/DESIGN.md and docs/engine-cli.md. The engine is driven only through
its real command line (`python -m game.engine score|run|simulate`, JSON on stdin/stdout, run from the
repository root with the repository's interpreter); answers are cached per document so a document is
sent once.

Every expected number is worked out by hand from the rules text; the arithmetic is in the comments.
F(L) = 嘎(L) + 嘎(W) + 1 (+1 庄闲 if L or W deals, + streak 连庄 if L or W deals).
Seat winds count from the dealer (E S W N). 令 defaults to 东.

Readings chosen where the documents leave room (see the report):
- `run`'s 嘎 / 连庄 streak / 令 go in `setup.context` (engine-cli.md: setup.context holds score's
  context keys for the whole round); hainan.md calls them "`run` setup keys".
- score's `context.tiles_left` is the live-wall count when the won discard was made (hainan.md:
  "`haidi_bao` covers discards made with 18 to 15 tiles left (17 to 15 with 3 players)").
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
_VENV_PY = REPO / ".venv" / "bin" / "python"
PY = str(_VENV_PY if _VENV_PY.exists() else Path(sys.executable))
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

SHAPES = {"pinghu", "pengpenghu", "qingyise", "qidui", "haohua_qidui", "shisanyao", "tianhu", "dihu"}
FANXING = {"zhichibupeng", "menqing", "youyan", "jianke", "fengke", "lingpai", "hunyise", "fanhuaduiwei",
           "qiangganghu"}


# --------------------------------------------------------------------------------------------- the CLI
# Every document is sent to a real `python -m game.engine` process. To keep the file fast on a small machine
# the subprocesses run two (or so) at a time: before the first test of this module runs, every test is called
# once in a "recording" mode in which each CLI call is submitted to a thread pool and answered with a
# placeholder (so the test usually stops at its first assertion; tests that loop over cases collect them all).
# The real test then finds its answers ready (or waits for them); calls not recorded run on demand.

_WORKERS = max(2, min(4, os.cpu_count() or 2))
_FUTURES: dict = {}
_RECORDING = [False]
_EXEC: list = [None]


def _spawn(args, stdin):
    proc = subprocess.run([PY, "-m", "game.engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=REPO, env=ENV, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def cli(args, stdin=""):
    """Run `python -m game.engine ARGS` with STDIN; return (exit code, parsed JSON answer)."""
    key = (tuple(args), stdin)
    if _RECORDING[0]:
        if key not in _FUTURES and _EXEC[0] is not None:
            _FUTURES[key] = _EXEC[0].submit(_spawn, list(args), stdin)
        return 2, {"ok": False, "error": "_recording", "message": ""}
    fut = _FUTURES.get(key)
    code, out, err = fut.result() if fut is not None else _spawn(list(args), stdin)
    if fut is None:
        done = Future()
        done.set_result((code, out, err))
        _FUTURES[key] = done
    assert "Traceback" not in err, err
    try:
        ans = json.loads(out)
    except ValueError:  # pragma: no cover - a contract breach shows itself here
        pytest.fail(f"stdout is not one JSON document: {out!r} / {err!r}")
    assert code in (0, 1, 2), code
    if code == 0:
        assert ans.get("ok") is True, ans
    else:
        assert ans.get("ok") is False and isinstance(ans.get("message"), str), ans
    return code, ans


@pytest.fixture(scope="module", autouse=True)
def _prefetch(request):
    mine = [it for it in request.session.items if getattr(it, "module", None) is sys.modules[__name__]]
    with ThreadPoolExecutor(max_workers=_WORKERS) as pool:
        _EXEC[0] = pool
        _RECORDING[0] = True
        try:
            for it in mine:
                params = getattr(getattr(it, "callspec", None), "params", {})
                try:
                    it.obj(**params)
                except Exception:  # a placeholder answer fails an assertion: the real run reports properly
                    pass
        finally:
            _RECORDING[0] = False
        yield
        _EXEC[0] = None


def T(s):
    """'123m 55p EE 1f' -> ['1m','2m','3m','5p','5p','E','E','1f']."""
    out, digits = [], ""
    for ch in s:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsf":
            assert digits, s
            out += [d + ch for d in digits]
            digits = ""
        elif ch in "ESWNCFP":
            assert not digits, s
            out.append(ch)
        elif ch == " ":
            assert not digits, s
        else:
            raise ValueError(s)
    assert not digits, s
    return out


def pong(t, frm):
    return {"type": "pong", "tiles": [t] * 3, "from": frm}


def chow(tiles, frm):
    return {"type": "chow", "tiles": T(tiles), "from": frm}


def kong(t, frm):
    return {"type": "kong", "tiles": [t] * 4, "from": frm}


def added_kong(t, frm):
    return {"type": "added_kong", "tiles": [t] * 4, "from": frm}


def ckong(t):
    return {"type": "concealed_kong", "tiles": [t] * 4}


# --------------------------------------------------------------------------------------------- score

def sdoc(concealed, win, *, winner=1, discarder=None, melds=(), flags=(), context=None, options=None,
         players=4, dealer=0):
    return {"variant": "hainan", "options": options or {}, "players": players, "dealer": dealer,
            "winner": winner, "discarder": discarder, "concealed": T(concealed), "win_tile": win,
            "melds": list(melds), "flags": list(flags), "context": context or {}}


def score_raw(doc):
    return cli(["score", "-"], json.dumps(doc))


def score(*a, **kw):
    doc = sdoc(*a, **kw)
    code, ans = score_raw(doc)
    assert code == 0, ans
    assert len(ans["deltas"]) == doc["players"]
    assert sum(ans["deltas"]) == 0, ans  # every settlement is zero-sum
    return ans


def score_err(code_expected, *a, **kw):
    code, ans = score_raw(sdoc(*a, **kw))
    assert code == 2, ans
    assert ans["error"] == code_expected, ans
    return ans


def shapes(ans):
    return set(ans["hands"]) & SHAPES


# Standard hands ----------------------------------------------------------------------------------
# 平胡, 门清: 123m 456p 789s 234m + EE (tanki on E). For seats 1-3 also 只吃不碰 (pair E is not their wind).
PH = ("123m 456p 789s 234m E", "E")
# No 番型 at all once a pong is exposed: 123m 456s 789m + pong 9p + pair 1p (not 2/5/8, no honour, 3 suits).
NOFAN = ("123m 456s 789m 1p", "1p")
# Same idea with a single-wait 9m (789m) so that the robbed tile is held by nobody else: pair 1p, pong 9p.
NOFAN_ROB = ("123m 456s 78m 11p", "9m")


def nofan_melds(winner, n=4):
    return [pong("9p", (winner + 1) % n)]


# ================================================================== worked examples (hainan.md, verbatim)

def test_worked_example_1_pinghu_self_drawn():
    # "平胡 self-drawn: 牌型分 2, each other player −2, winner +6."
    ans = score(*PH, winner=1)
    assert shapes(ans) == {"pinghu"} and "zimo" in ans["hands"]
    assert ans["fan"] == 2
    assert ans["deltas"] == [-2, 6, -2, -2]


def test_worked_example_2_qingyise_pengpenghu_on_seat3_discard():
    # "清一色 碰碰胡 won on seat 3's discard by seat 1: 牌型分 4; seats 0, 2 −4 each, seat 3 −5, seat 1 +13."
    ans = score("111p 555p 999p 33p 22p", "3p", winner=1, discarder=3)
    assert shapes(ans) == {"qingyise", "pengpenghu"}
    assert ans["fan"] == 4
    assert ans["deltas"] == [-4, 13, -4, -5]


def test_worked_example_3_ga_and_dealer_self_drawn_qidui():
    # "Seat 2 嘎 2, seat 0 嘎 1; seat 0 self-draws 七对: 牌型分 4; seat 2 pays 4 × (2+1+1) = 16,
    #  seats 1 and 3 pay 4 × (1+1) = 8 each; seat 0 +32."
    ans = score("11m 33m 55p 77p 99s 22s 4s", "4s", winner=0, context={"ga": [1, 0, 2, 0]})
    assert "qidui" in ans["hands"] and "zimo" in ans["hands"]
    assert ans["fan"] == 4
    assert ans["deltas"] == [32, -8, -16, -8]


# ================================================================== hand values (牌型分 = shape × way)

HAND_VALUE_CASES = [
    # id, concealed, win, kwargs, fan, must be in hands, must not be in hands, deltas
    ("pinghu_discard", *PH, dict(discarder=3), 1, {"pinghu"}, {"zimo"}, [-1, 4, -1, -2]),
    ("pengpenghu_discard", "111m 555s 77m 88s", "7m", dict(discarder=3, melds=[pong("9p", 2)]), 2,
     {"pengpenghu"}, {"pinghu"}, [-2, 7, -2, -3]),
    ("qingyise_discard", "456p 789p 234p 9p", "9p", dict(discarder=3, melds=[chow("123p", 0)]), 2,
     {"qingyise"}, {"pinghu"}, [-2, 7, -2, -3]),
    ("qidui_discard", "11m 33m 55p 77p 99s 22s 4s", "4s", dict(discarder=3), 2, {"qidui"},
     {"haohua_qidui", "pinghu"}, [-2, 7, -2, -3]),
    ("haohua_qidui_discard", "1111m 55p 77p 99s 22s 4s", "4s", dict(discarder=3), 3, {"haohua_qidui"},
     {"qidui"}, [-3, 10, -3, -4]),
    ("shisanyao_discard", "1m 9m 1p 9p 1s 9s E S W N C F P", "E", dict(discarder=3), 13, {"shisanyao"}, set(),
     [-13, 40, -13, -14]),
    ("zimo", *PH, {}, 2, {"pinghu", "zimo"}, set(), [-2, 6, -2, -2]),
    ("tianhu", *PH, dict(winner=0, flags=["heavenly"]), 6, {"tianhu"}, set(), [18, -6, -6, -6]),
    ("dihu", *PH, dict(winner=2, flags=["earthly"]), 6, {"dihu"}, set(), [-6, -6, 18, -6]),
    ("gangshanghua", "123p 456p 78s EE", "9s", dict(melds=[ckong("9m")], flags=["after_kong"]), 3,
     {"gangshanghua"}, {"zimo"}, [-3, 9, -3, -3]),
    ("huashangtianhua", *PH, dict(flags=["after_flower"], context={"flowers": ["3f"]}), 3,
     {"huashangtianhua"}, {"zimo"}, [-3, 9, -3, -3]),
    # combinations: every multiplier that applies multiplies
    ("qingyise_pengpenghu_zimo", "111p 555p 999p 33p 22p", "3p", {}, 8, {"qingyise", "pengpenghu", "zimo"},
     set(), [-8, 24, -8, -8]),
    ("haohua_qingyise_zimo", "1111p 33p 55p 77p 99p 4p", "4p", {}, 12, {"qingyise", "haohua_qidui", "zimo"},
     {"qidui"}, [-12, 36, -12, -12]),
    ("shisanyao_zimo", "1m 9m 1p 9p 1s 9s E S W N C F P", "P", {}, 26, {"shisanyao", "zimo"}, set(),
     [-26, 78, -26, -26]),
    ("tianhu_qidui", "11m 33m 55p 77p 99s 22s 4s", "4s", dict(winner=0, flags=["heavenly"]), 12,
     {"tianhu", "qidui"}, set(), [36, -12, -12, -12]),
    ("gangshanghua_pengpenghu", "111p 555s 77s EE", "7s", dict(melds=[ckong("9m")], flags=["after_kong"]), 6,
     {"gangshanghua", "pengpenghu"}, {"zimo"}, [-6, 18, -6, -6]),
]


@pytest.mark.parametrize("concealed,win,kw,fan,must,mustnot,deltas",
                         [pytest.param(*c[1:], id=c[0]) for c in HAND_VALUE_CASES])
def test_hand_value(concealed, win, kw, fan, must, mustnot, deltas):
    ans = score(concealed, win, **kw)
    assert must <= set(ans["hands"]), ans["hands"]
    assert not (mustnot & set(ans["hands"])), ans["hands"]
    assert ans["fan"] == fan
    assert ans["deltas"] == deltas


def test_score_deltas_never_include_kong_points():
    # A concealed kong in the hand: the score deltas are the win alone (2 × 1 from each), no kong points.
    ans = score("123p 456p 78s EE", "9s", melds=[ckong("9m")])
    assert ans["fan"] == 2 and ans["deltas"] == [-2, 6, -2, -2]


def test_score_deltas_never_include_huahu():
    flowers = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]
    # "`score` deltas never include 花胡": seat 1 holds 夏 (own flower: 翻花对位) so the discard win is allowed.
    ans = score(*NOFAN, melds=nofan_melds(1), discarder=3, context={"flowers": flowers})
    assert "fanhuaduiwei" in ans["hands"]
    assert ans["deltas"] == [-1, 4, -1, -2]


# ================================================================== 番型 gate (need_fan, default on)

def fan_case(name, concealed, win, melds, ok, fan_id=None, **kw):
    return pytest.param(concealed, win, melds, ok, fan_id, kw, id=name)


FAN_CASES = [
    # 只吃不碰: all chows, pair neither a dragon nor the seat wind
    fan_case("zhichibupeng", "123m 456p 789m 9p", "9p", [chow("123s", 0)], True, "zhichibupeng"),
    fan_case("zhichibupeng_pair_other_wind", "123m 456p 789m E", "E", [chow("123s", 0)], True, "zhichibupeng"),
    fan_case("zhichibupeng_pair_seat_wind", "123m 456p 789m S", "S", [chow("123s", 0)], False),
    fan_case("zhichibupeng_pair_dragon", "123m 456p 789m C", "C", [chow("123s", 0)], False),
    fan_case("zhichibupeng_seat2_pair_S", "123m 456p 789m S", "S", [chow("123s", 1)], True, "zhichibupeng",
             winner=2, discarder=0),
    fan_case("zhichibupeng_dealer2_pair_E", "123m 456p 789m E", "E", [chow("123s", 1)], False, winner=2,
             discarder=0, dealer=2),
    fan_case("several_arrangements_chows", "111m 222m 333m 9p", "9p", [chow("789s", 0)], True, "zhichibupeng"),
    # 门清: no chow, pong or exposed kong (a concealed kong keeps it)
    fan_case("menqing", "111m 456p 789s 999p 3s", "3s", [], True, "menqing"),
    fan_case("menqing_with_concealed_kong", "111m 456p 789s 3s", "3s", [ckong("9p")], True, "menqing"),
    fan_case("exposed_kong_breaks_menqing", "111m 456p 789s 3s", "3s", [kong("9p", 2)], False),
    # 有眼: the pair is a 2, 5 or 8
    fan_case("youyan_2p", "123m 456s 789m 2p", "2p", [pong("9p", 2)], True, "youyan"),
    fan_case("youyan_5p", "123m 456s 789m 5p", "5p", [pong("9p", 2)], True, "youyan"),
    fan_case("youyan_8p", "123m 456s 789m 8p", "8p", [pong("9p", 2)], True, "youyan"),
    fan_case("pair_3p_no_youyan", "123m 456s 789m 3p", "3p", [pong("9p", 2)], False),
    # 箭刻: a dragon pong; concealed triplets and kongs count as pongs
    fan_case("jianke_C", *NOFAN, [pong("C", 2)], True, "jianke"),
    fan_case("jianke_P", *NOFAN, [pong("P", 2)], True, "jianke"),
    fan_case("jianke_concealed_triplet", "123m 456s FFF 1p", "1p", [pong("9p", 2)], True, "jianke"),
    # 风刻: pong of the seat wind (seat winds from the dealer)
    fan_case("fengke_seat1_S", *NOFAN, [pong("S", 2)], True, "fengke"),
    fan_case("fengke_seat2_W", *NOFAN, [pong("W", 1)], True, "fengke", winner=2, discarder=0),
    fan_case("seat2_pong_N_no_fan", *NOFAN, [pong("N", 1)], False, winner=2, discarder=0),
    fan_case("fengke_dealer2_seat1_N", *NOFAN, [pong("N", 2)], True, "fengke", dealer=2, discarder=3),
    fan_case("dealer2_seat1_pong_S_no_fan", *NOFAN, [pong("S", 2)], False, dealer=2, discarder=3),
    fan_case("fengke_exposed_kong", "123m 456s 1p", "1p", [pong("9p", 2), kong("S", 3)], True, "fengke"),
    # 令牌: pong of the 令 wind (东令 by default; context.ling sets it; jiao_ling off turns it off)
    fan_case("lingpai_default_east", *NOFAN, [pong("E", 1)], True, "lingpai", winner=2, discarder=0),
    fan_case("lingpai_south_ling", *NOFAN, [pong("S", 1)], True, "lingpai", winner=2, discarder=0,
             context={"ling": "S"}),
    fan_case("east_not_ling_when_south", *NOFAN, [pong("E", 1)], False, winner=2, discarder=0,
             context={"ling": "S"}),
    fan_case("jiao_ling_off", *NOFAN, [pong("E", 1)], False, winner=2, discarder=0,
             options={"jiao_ling": False}),
    fan_case("lingpai_concealed_triplet", "123m 456s EEE 1p", "1p", [pong("9p", 3)], True, "lingpai", winner=2,
             discarder=0),
    # 混一色: one suit plus at least one honour
    fan_case("hunyise", "123m 456m 789m 1m", "1m", [pong("N", 2)], True, "hunyise"),
    # 抢杠胡 is a 番型 of its own
    fan_case("qiangganghu_lets_no_fan_hand_win", *NOFAN_ROB, nofan_melds(1), True, "qiangganghu",
             flags=["robbing_kong"]),
]


@pytest.mark.parametrize("concealed,win,melds,ok,fan_id,kw", FAN_CASES)
def test_fanxing_gate_on_discard(concealed, win, melds, ok, fan_id, kw):
    kw = {"discarder": 3, **kw}
    if ok:
        ans = score(concealed, win, melds=melds, **kw)
        assert fan_id in ans["hands"], ans["hands"]
        assert ans["fan"] >= 1
    else:
        score_err("below_minimum", concealed, win, melds=melds, **kw)


@pytest.mark.parametrize("concealed,win,melds,winner,discarder,ctx,also,absent", [
    pytest.param(*NOFAN, [pong("E", 3)], 0, 2, {}, {"fengke", "lingpai"}, set(), id="dealer_pong_E_both"),
    pytest.param(*NOFAN, [pong("N", 1)], 3, 0, {"ling": "N"}, {"fengke", "lingpai"}, set(), id="north_ling_seat3"),
    pytest.param(*NOFAN, [pong("E", 2)], 1, 3, {}, {"lingpai"}, {"fengke"}, id="seat1_pong_E_ling_only"),
    pytest.param("123m 456p 789m 9p", "9p", [chow("123s", 0)], 1, 3, {}, {"zhichibupeng"}, {"menqing"},
                 id="chow_not_menqing"),
])
def test_fanxing_exact_ids(concealed, win, melds, winner, discarder, ctx, also, absent):
    ans = score(concealed, win, melds=melds, winner=winner, discarder=discarder, context=ctx)
    assert also <= set(ans["hands"]) and not (absent & set(ans["hands"])), ans["hands"]
    assert ans["fan"] == 1  # 番型 add no points


def test_fanxing_add_no_points():
    # Several 番型 (门清, 有眼, 只吃不碰) on a 平胡: still 牌型分 1 on a discard.
    ans = score("123m 456p 789s 234m 5p", "5p", discarder=3)
    assert {"menqing", "youyan", "zhichibupeng"} <= set(ans["hands"])
    assert ans["fan"] == 1 and ans["deltas"] == [-1, 4, -1, -2]


@pytest.mark.parametrize("winner,discarder", [(0, 2), (3, 1)])
def test_no_fan_discard_win_is_below_minimum(winner, discarder):
    score_err("below_minimum", *NOFAN, melds=nofan_melds(winner), winner=winner, discarder=discarder)


def test_need_fan_off_lets_plain_hand_win_on_discard():
    ans = score(*NOFAN, melds=nofan_melds(1), discarder=3, options={"need_fan": False})
    assert shapes(ans) == {"pinghu"} and ans["fan"] == 1
    assert ans["deltas"] == [-1, 4, -1, -2]


def test_self_draw_may_always_win():
    # "A self-draw may always win": no 番型, 平胡 × 自摸 2.
    ans = score(*NOFAN, melds=nofan_melds(1))
    assert not (FANXING & set(ans["hands"]))
    assert ans["fan"] == 2 and ans["deltas"] == [-2, 6, -2, -2]


@pytest.mark.parametrize("concealed,win,shape", [
    ("111m 444s 77m 33s", "7m", "pengpenghu"),
    ("123p 345p 78p 11p", "6p", "qingyise"),
])
def test_shape_above_pinghu_lets_no_fan_hand_win_on_discard(concealed, win, shape):
    ans = score(concealed, win, melds=[pong("9p", 2)], discarder=3)
    assert shape in ans["hands"] and not (FANXING & set(ans["hands"]))
    assert ans["fan"] == 2 and ans["deltas"] == [-2, 7, -2, -3]


def check_cases(cases, fn):
    """Run every case (so that all their documents are prefetched), then report every mismatch at once."""
    bad = []
    for case in cases:
        problem = fn(*case)
        if problem:
            bad.append((case, problem))
    assert not bad, bad


def _fanhua(dealer, winner, discarder, flowers, ok, players=4):
    code, ans = score_raw(sdoc(*NOFAN, melds=nofan_melds(winner, players), winner=winner, discarder=discarder,
                               dealer=dealer, players=players, context={"flowers": flowers}))
    if ok and not (code == 0 and "fanhuaduiwei" in ans["hands"] and ans["fan"] == 1):
        return ans
    if not ok and not (code == 2 and ans["error"] == "below_minimum"):
        return ans
    return None


# 翻花对位: dealer 春梅 (1f 5f), next 夏兰 (2f 6f), opposite 秋菊 (3f 7f), previous 冬竹 (4f 8f).
def test_fanhuaduiwei_own_flowers_each_seat():
    check_cases([(0, 0, 3, ["1f"], True), (0, 0, 3, ["5f"], True), (0, 1, 3, ["2f"], True), (0, 1, 3, ["6f"], True),
                 (0, 2, 3, ["3f"], True), (0, 2, 3, ["7f"], True), (0, 3, 0, ["4f"], True), (0, 3, 0, ["8f"], True)],
                _fanhua)


def test_fanhuaduiwei_other_seats_flowers_give_nothing():
    check_cases([(0, 1, 3, ["1f", "3f", "4f", "5f", "7f", "8f"], False), (0, 0, 3, ["2f"], False)], _fanhua)


def test_fanhuaduiwei_follows_the_dealer_and_three_player_seats():
    check_cases([(2, 3, 0, ["2f"], True), (2, 1, 0, ["4f"], True), (2, 1, 0, ["2f"], False), (2, 2, 0, ["5f"], True),
                 # three players: seats E S W; "the third seat's 翻花对位 flowers are 冬 and 竹"
                 (0, 2, 1, ["4f"], True, 3), (0, 2, 1, ["8f"], True, 3), (0, 2, 1, ["3f"], False, 3),
                 (0, 1, 2, ["2f"], True, 3)], _fanhua)


# ================================================================== settlement factor F

@pytest.mark.parametrize("kw,deltas", [
    # 嘎 [0,1,0,2], seat 1 wins 平胡 (1) on seat 3's discard: seat0 1×(0+1+1)=2, seat2 2, seat3 1×(2+1+1)+1=5.
    pytest.param(dict(discarder=3, context={"ga": [0, 1, 0, 2]}), [-2, 9, -2, -5], id="ga_discard"),
    # 上嘎 off: 嘎 ignored.
    pytest.param(dict(discarder=3, context={"ga": [0, 1, 0, 2]}, options={"shang_ga": False}), [-1, 4, -1, -2],
                 id="ga_ignored_when_shang_ga_off"),
    # free_ga changes nothing in one settlement.
    pytest.param(dict(discarder=3, context={"ga": [0, 1, 0, 2]}, options={"free_ga": True}), [-2, 9, -2, -5],
                 id="free_ga_same_settlement"),
    # 庄闲: +1 when L or W deals. Seat 1 self-draws (2): dealer pays 2×2=4, others 2.
    pytest.param(dict(options={"zhuang_xian": True}), [-4, 8, -2, -2], id="zhuang_xian_nondealer_zimo"),
    # 庄闲, seat 1 on seat 3's discard (1): dealer 2, seat2 1, seat3 1+1.
    pytest.param(dict(discarder=3, options={"zhuang_xian": True}), [-2, 5, -1, -2], id="zhuang_xian_discard"),
    # 庄闲, seat 1 on the dealer's discard: dealer 1×2+1 = 3.
    pytest.param(dict(discarder=0, options={"zhuang_xian": True}), [-3, 5, -1, -1], id="zhuang_xian_dealer_discards"),
    # 连庄 streak 2: dealer's F = 1+2 = 3 -> 6.
    pytest.param(dict(options={"lian_zhuang": True}, context={"streak": 2}), [-6, 10, -2, -2], id="lian_zhuang"),
    # 连庄 off: the streak is ignored.
    pytest.param(dict(context={"streak": 2}), [-2, 6, -2, -2], id="streak_ignored_without_lian_zhuang"),
    # 庄闲 + 连庄 2: dealer's F = 1+1+2 = 4 -> 8.
    pytest.param(dict(options={"zhuang_xian": True, "lian_zhuang": True}, context={"streak": 2}), [-8, 12, -2, -2],
                 id="zhuang_xian_and_lian_zhuang"),
    # dealer 2, streak 1, 连庄: seat 2 pays 2×2 = 4.
    pytest.param(dict(dealer=2, options={"lian_zhuang": True}, context={"streak": 1}), [-2, 8, -4, -2],
                 id="lian_zhuang_dealer2"),
    # everything: 嘎 [1,2,0,3], 庄闲, 连庄 1, seat 1 self-draws 2:
    # seat0 F = 1+2+1+1+1 = 6 -> 12; seat2 F = 0+2+1 = 3 -> 6; seat3 F = 3+2+1 = 6 -> 12; winner +30.
    pytest.param(dict(options={"zhuang_xian": True, "lian_zhuang": True}, context={"ga": [1, 2, 0, 3], "streak": 1}),
                 [-12, 30, -6, -12], id="all_factors_zimo"),
    # same on seat 3's discard (1): 6, 3, 6+1.
    pytest.param(dict(discarder=3, options={"zhuang_xian": True, "lian_zhuang": True},
                      context={"ga": [1, 2, 0, 3], "streak": 1}), [-6, 16, -3, -7], id="all_factors_discard"),
])
def test_settlement_factor_seat1_pinghu(kw, deltas):
    ans = score(*PH, **kw)
    assert ans["deltas"] == deltas


def test_dealer_self_draw_with_zhuang_xian_and_streak():
    # Dealer self-draws 平胡 (2), 庄闲 + 连庄 3: everyone's F = 1+1+3 = 5 -> 10 each.
    ans = score(*PH, winner=0, options={"zhuang_xian": True, "lian_zhuang": True}, context={"streak": 3})
    assert ans["deltas"] == [30, -10, -10, -10]


# ================================================================== 防勾脚, 海底包牌

@pytest.mark.parametrize("kw,deltas", [
    pytest.param(dict(discarder=3), [0, 4, 0, -4], id="plain"),  # 1+1+1 shares + 1
    # 嘎 included: shares 2 + 2 + 4, + 1 = 9, all from seat 3.
    pytest.param(dict(discarder=3, context={"ga": [0, 1, 0, 2]}), [0, 9, 0, -9], id="with_ga"),
    # 庄闲: shares 2 (dealer) + 1 + 1, + 1 = 5 from seat 3.
    pytest.param(dict(discarder=3, options={"zhuang_xian": True}), [0, 5, 0, -5], id="with_zhuang_xian"),
    # a self-draw is not affected.
    pytest.param(dict(), [-2, 6, -2, -2], id="self_draw_unaffected"),
])
def test_fang_gou_jiao(kw, deltas):
    kw = {**kw, "options": {**kw.get("options", {}), "fang_gou_jiao": True}}
    assert score(*PH, **kw)["deltas"] == deltas


@pytest.mark.parametrize("left,bao", [(15, True), (18, True), (19, False), (40, False)])
def test_haidi_bao_four_players(left, bao):
    # "haidi_bao covers discards made with 18 to 15 tiles left".
    ans = score(*PH, discarder=3, options={"haidi_bao": True}, context={"tiles_left": left})
    assert ans["deltas"] == ([0, 4, 0, -4] if bao else [-1, 4, -1, -2])


@pytest.mark.parametrize("left,bao", [(17, True), (18, False)])
def test_haidi_bao_three_players(left, bao):
    # "(17 to 15 with 3 players: the last four drawable tiles)"; seat 1 wins on seat 2's discard.
    ans = score(*PH, discarder=2, players=3, options={"haidi_bao": True}, context={"tiles_left": left})
    assert ans["deltas"] == ([0, 3, -3] if bao else [-1, 3, -2])


def test_haidi_bao_with_ga_pays_others_ga():
    # 嘎 [1,0,0,2]: shares seat0 1×2, seat2 1×1, seat3 1×3, + 1 -> seat 3 pays 7.
    ans = score(*PH, discarder=3, options={"haidi_bao": True}, context={"tiles_left": 16, "ga": [1, 0, 0, 2]})
    assert ans["deltas"] == [0, 7, 0, -7]


def test_haidi_bao_off_by_default():
    assert score(*PH, discarder=3, context={"tiles_left": 16})["deltas"] == [-1, 4, -1, -2]


# ================================================================== 抢杠胡

@pytest.mark.parametrize("concealed,win,melds,kw,deltas", [
    # no 番型 besides 抢杠胡: the kong's owner (seat 3) pays all three shares plus 1.
    pytest.param(*NOFAN_ROB, nofan_melds(1), {}, [0, 4, 0, -4], id="no_other_fan_owner_pays_all"),
    # with 有眼 the hand has a 番型: an ordinary discard by the owner.
    pytest.param("123m 456s 78m 55p", "9m", nofan_melds(1), {}, [-1, 4, -1, -2], id="with_fan_plain_discard"),
    # shape multipliers are not 番型: 清一色 (2) without 番型 -> owner pays 2×3 + 1 = 7.
    pytest.param("123p 345p 78p 11p", "6p", [pong("9p", 2)], {}, [0, 7, 0, -7], id="qingyise_shape_not_a_fan"),
    # 嘎 [1,0,0,2] included in the shares: 2 + 1 + 3 + 1 = 7.
    pytest.param(*NOFAN_ROB, nofan_melds(1), dict(context={"ga": [1, 0, 0, 2]}), [0, 7, 0, -7], id="with_ga"),
    # three players, owner seat 2: "all shares" are two: 1 + 1 + 1 = 3.
    pytest.param(*NOFAN_ROB, nofan_melds(1, 3), dict(players=3, discarder=2), [0, 3, -3], id="three_players"),
])
def test_qiangganghu_settlement(concealed, win, melds, kw, deltas):
    kw = {"discarder": 3, **kw}
    ans = score(concealed, win, melds=melds, flags=["robbing_kong"], **kw)
    assert "qiangganghu" in ans["hands"]
    assert ans["deltas"] == deltas


# ================================================================== three players

def test_three_players_self_draw():
    ans = score(*PH, players=3)
    assert ans["fan"] == 2 and ans["deltas"] == [-2, 4, -2]


def test_three_players_discard():
    assert score(*PH, players=3, discarder=2)["deltas"] == [-1, 3, -2]


def test_three_players_ga():
    # 嘎 [2,0,1], seat 1 self-draws 2: seat0 2×3 = 6, seat2 2×2 = 4.
    assert score(*PH, players=3, context={"ga": [2, 0, 1]})["deltas"] == [-6, 10, -4]


@pytest.mark.parametrize("wind,ok", [("W", True), ("N", False)])
def test_three_players_seat_winds(wind, ok):
    kw = dict(melds=[pong(wind, 0)], winner=2, discarder=1, players=3)
    if ok:
        assert "fengke" in score(*NOFAN, **kw)["hands"]
    else:
        score_err("below_minimum", *NOFAN, **kw)


def test_three_players_below_minimum():
    score_err("below_minimum", *NOFAN, melds=nofan_melds(1, 3), discarder=2, players=3)


def test_players_default_is_four():
    doc = sdoc(*PH)
    del doc["players"]
    code, ans = score_raw(doc)
    assert code == 0 and ans["deltas"] == [-2, 6, -2, -2]


# ================================================================== options

OPTION_FLIPS = [("need_fan", False), ("zhuang_xian", True), ("lian_zhuang", True), ("shang_ga", False),
                ("free_ga", True), ("draw_scores", False), ("flower_win", False), ("fang_gou_jiao", True),
                ("no_honors", True), ("no_chow", True), ("haidi_bao", True), ("jiao_ling", False),
                ("mo_gang_double", True)]
NO_HONOUR_PH = ("123m 456p 789s 234m 5s", "5s")


def test_all_defaults_spelled_out_equal_no_options():
    defaults = {"need_fan": True, "zhuang_xian": False, "lian_zhuang": False, "shang_ga": True, "free_ga": False,
                "draw_scores": True, "flower_win": True, "fang_gou_jiao": False, "no_honors": False,
                "no_chow": False, "haidi_bao": False, "jiao_ling": True, "mo_gang_double": False}
    a = score(*NOFAN, melds=nofan_melds(1), discarder=3, context={"flowers": ["2f"]}, options=defaults)
    b = score(*NOFAN, melds=nofan_melds(1), discarder=3, context={"flowers": ["2f"]})
    assert a["deltas"] == b["deltas"] == [-1, 4, -1, -2]


def test_all_options_flipped_together():
    ans = score(*NO_HONOUR_PH, discarder=3, options=dict(OPTION_FLIPS))
    # need_fan off; 防勾脚: seat 3 pays every share: the dealer's share has 庄闲 (F = 2), seats 2 and 3 F = 1,
    # plus 1 -> 2 + 1 + 1 + 1 = 5.
    assert ans["deltas"] == [0, 5, 0, -5]


def test_no_honors_refuses_honour_tiles():
    # 十三幺 is impossible without honours: its tiles are outside the table's tile set.
    score_err("bad_input", "1m 9m 1p 9p 1s 9s E S W N C F P", "E", options={"no_honors": True})


# ================================================================== score: refused input

def test_not_a_win():
    score_err("not_a_win", "123m 456p 789s 234m E", "S")


def test_seven_pairs_with_exposed_meld_is_not_a_win():
    score_err("not_a_win", "11m 33m 55p 77p 99s", "9s", melds=[pong("2s", 2)], discarder=3)


@pytest.mark.parametrize("kw", [
    pytest.param(dict(winner=1, flags=["heavenly"]), id="heavenly_nondealer"),
    pytest.param(dict(winner=0, discarder=2, flags=["heavenly"]), id="heavenly_on_discard"),
    pytest.param(dict(winner=0, flags=["earthly"]), id="earthly_dealer"),
    pytest.param(dict(winner=1, discarder=3, flags=["earthly"]), id="earthly_on_discard"),
])
def test_flag_contradicting_seats_is_not_a_win(kw):
    score_err("not_a_win", *PH, **kw)


def test_robbing_kong_without_the_robbed_seat_is_incomplete_input():
    # engine-cli.md, flags: "`robbing_kong` without `discarder` is incomplete input (`bad_input`)"
    score_err("bad_input", *PH, winner=1, flags=["robbing_kong"])


@pytest.mark.parametrize("mutate", [
    pytest.param(lambda d: d.update(win_tile="0m"), id="tile_0m"),
    pytest.param(lambda d: d["concealed"].__setitem__(0, "X"), id="tile_X"),
])
def test_score_not_a_tile_is_bad_tile(mutate):
    # engine-cli.md error table: "`bad_tile` | a tile string is not in the notation"
    doc = sdoc(*PH)
    mutate(doc)
    code, ans = score_raw(doc)
    assert code == 2 and ans["error"] == "bad_tile", ans


SCORE_BAD_INPUT = {
    "twelve_concealed": lambda d: d.update(concealed=d["concealed"][:-1]),
    "fifth_copy": lambda d: d.update(concealed=["1m"] * 4 + d["concealed"][4:], win_tile="1m"),
    "unknown_top_key": lambda d: d.update(foo=1),
    "unknown_context_key": lambda d: d.update(context={"foo": 1}),
    "ga_4": lambda d: d.update(context={"ga": [0, 0, 4, 0]}),      # 上嘎 outside 0-3 is refused
    "ga_three_seats": lambda d: d.update(context={"ga": [0, 0, 0]}),
    "ling_dragon": lambda d: d.update(context={"ling": "C"}),
    "tiles_left_14": lambda d: d.update(context={"tiles_left": 14}),  # the last 15 are never drawn
    "winner_out_of_range": lambda d: d.update(winner=4),
    "unknown_flag": lambda d: d.update(flags=["foo"]),
    "unknown_meld_type": lambda d: d.update(melds=[{"type": "triple", "tiles": ["9p"] * 3, "from": 2}],
                                            concealed=d["concealed"][:10]),
    "concealed_not_a_list": lambda d: d.update(concealed="123m"),
}


def test_score_bad_input():
    def one(name):
        doc = sdoc(*PH)
        SCORE_BAD_INPUT[name](doc)
        code, ans = score_raw(doc)
        return None if code == 2 and ans["error"] == "bad_input" else ans
    check_cases([(n,) for n in SCORE_BAD_INPUT], one)


@pytest.mark.parametrize("options", [{"foo": True}, {"need_fan": "yes"}])
def test_score_bad_option(options):
    code, ans = score_raw(sdoc(*PH, options=options))
    assert code == 2 and ans["error"] == "bad_option", ans


def test_three_player_table_refuses_seat_three():
    code, ans = score_raw(sdoc(*PH, players=3, winner=3))
    assert code == 2 and ans["error"] == "bad_input", ans


@pytest.mark.parametrize("players", [2, 5])
def test_unsupported_table_size(players):
    # Hainan plays 4 (or 3). Which code (a field out of range vs. options contradicting the table size)
    # is not pinned down by engine-cli.md: either is accepted.
    code, ans = score_raw(sdoc(*PH, players=players, winner=0))
    assert code == 2 and ans["error"] in ("bad_input", "bad_option"), ans


def test_unknown_variant():
    doc = sdoc(*PH)
    doc["variant"] = "hainan2"
    code, ans = score_raw(doc)
    assert code == 2 and ans["error"] == "unknown_variant", ans


@pytest.mark.parametrize("cmd", ["score", "run"])
def test_bad_json(cmd):
    code, ans = cli([cmd, "-"], '{"variant": "hainan", ')
    assert code == 2 and ans["error"] == "bad_json", ans


@pytest.mark.parametrize("args", [["frobnicate", "-"], ["score"], ["simulate", "--variant", "hainan"]])
def test_bad_arguments(args):
    code, ans = cli(args, "{}")
    assert code == 2 and ans["error"] == "bad_arguments", ans


# =============================================================================== run: scripted rounds

FILL = T("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N C F P 2m 5m 8m 3p 6p 9p 1s 4s 7s 3m 6m 9m 1p 4p 7p 2s 5s 8s")


def table(hands, front="", *, dealer=0, size=None, honors=True):
    """Hands: exact tile strings, strings ending in '*' (filled up with scattered, pair-free tiles), or None
    (all filler). `front` is the live wall's drawable head; the wall is padded to `size` (default
    len(front) + 15: the last 15 are never drawn)."""
    given = []
    for h in hands:
        if h is None:
            given.append(([], True))
        elif h.rstrip().endswith("*"):
            given.append((T(h.rstrip()[:-1]), True))
        else:
            given.append((T(h), False))
    front = T(front)
    used = Counter(t for h, _ in given for t in h) + Counter(front)
    pool = [k for k in FILL if honors or k[0].isdigit()]
    pos = [0]

    def take(exclude):
        for _ in range(2 * len(pool)):
            k = pool[pos[0] % len(pool)]
            pos[0] += 1
            if used[k] < 4 and k not in exclude:
                used[k] += 1
                return k
        raise AssertionError("no filler tile left")

    out = []
    for seat, (h, fill) in enumerate(given):
        need = 14 if seat == dealer else 13
        h = list(h)
        if fill:
            while len(h) < need:
                h.append(take(set(h)))
        assert len(h) == need, (seat, h)
        out.append(h)
    size = size or len(front) + 15
    wall = front + [take(set()) for _ in range(size - len(front))]
    c = Counter(t for h in out for t in h) + Counter(wall)
    assert not {k: n for k, n in c.items() if n > 4}, c
    return {"hands": out, "wall": wall}


def D(seat, tile):
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat, kind, **kw):
    return {"seat": seat, "type": kind, **kw}


def rdoc(hands, front="", actions=(), *, dealer=0, size=None, options=None, ctx=None, honors=True):
    doc = {"variant": "hainan", "options": options or {}, "players": len(hands), "dealer": dealer,
           **table(hands, front, dealer=dealer, size=size, honors=honors), "actions": list(actions)}
    if ctx:
        doc["setup"] = {"context": ctx}
    return doc


def run_raw(doc):
    return cli(["run", "-"], json.dumps(doc))


def run(*a, **kw):
    doc = rdoc(*a, **kw)
    code, ans = run_raw(doc)
    assert code == 0, ans
    r = ans["result"]
    assert len(r["deltas"]) == doc["players"] and sum(r["deltas"]) == 0, r
    assert ans["events"] and ans["events"][0]["type"] == "start_round"
    return r


def run_illegal(index, *a, **kw):
    code, ans = run_raw(rdoc(*a, **kw))
    assert code == 2, ans
    assert ans["error"] == "illegal_action" and ans["index"] == index, ans
    return ans


def only_win(r):
    assert r["finished"] is True and r["exhausted"] is False
    assert len(r["wins"]) == 1, r["wins"]
    return r["wins"][0]


PH_HAND = "123m 456p 789s 234m E"  # waits on E


# ---------------------------------------------------------------- worked examples as whole rounds

def test_run_worked_example_1_pinghu_self_drawn_on_second_draw():
    # Seat 1 draws W (discards), ..., then draws E on his second draw: 平胡 自摸 = 2.
    r = run(["N *", PH_HAND, None, None], "W W C C E",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "C"), A(1, "win")])
    w = only_win(r)
    assert w["seat"] == 1 and w["from"] is None and w["fan"] == 2 and "dihu" not in w["hands"]
    assert r["deltas"] == [-2, 6, -2, -2]
    assert r["next_dealer"] == 1  # the deal passes to the next seat


def test_run_worked_example_2_qingyise_pengpenghu():
    r = run(["N *", "111p 555p 999p 33p 22p", None, "3p *"], "W W C",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "3p"), A(1, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (1, 3, 4)
    assert {"qingyise", "pengpenghu"} <= set(w["hands"])
    assert r["deltas"] == [-4, 13, -4, -5]
    assert r["next_dealer"] == 1


def test_run_worked_example_3_ga_qidui():
    r = run(["11m 33m 55p 77p 99s 22s 4s N", None, None, None], "W W C 4s",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), A(0, "win")], ctx={"ga": [1, 0, 2, 0]})
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (0, None, 4) and "qidui" in w["hands"]
    assert r["deltas"] == [32, -8, -16, -8]
    assert r["next_dealer"] == 0  # the dealer won: he deals again


def test_run_lian_zhuang_streak_from_setup():
    r = run(["N *", PH_HAND, None, None], "W W C C E",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "C"), A(1, "win")],
            options={"lian_zhuang": True}, ctx={"streak": 2})
    assert r["deltas"] == [-6, 10, -2, -2]


def test_run_fang_gou_jiao_discarder_pays_all():
    r = run(["N *", "111p 555p 999p 33p 22p", None, "3p *"], "W W C",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "3p"), A(1, "win")], options={"fang_gou_jiao": True})
    assert r["deltas"] == [0, 13, 0, -13]  # 4 × 3 + 1


# ---------------------------------------------------------------- 天胡 / 地胡

def test_run_tianhu():
    r = run(["123m 456p 789s 234m EE", None, None, None], "", [A(0, "win")])
    w = only_win(r)
    assert "tianhu" in w["hands"] and w["fan"] == 6
    assert r["deltas"] == [18, -6, -6, -6] and r["next_dealer"] == 0


def test_run_tianhu_after_dealt_flower_is_not_huashangtianhua():
    # "a dealt flower's replacement is not 花上添花": the dealer's 1f is replaced at once by E.
    r = run(["123m 456p 789s 234m E 1f", None, None, None], "E", [A(0, "win")])
    w = only_win(r)
    assert "tianhu" in w["hands"] and "huashangtianhua" not in w["hands"]
    assert w["fan"] == 6 and r["deltas"] == [18, -6, -6, -6]


def test_run_dihu_first_draw():
    r = run(["N *", PH_HAND, None, None], "E", [D(0, "N"), A(1, "win")])
    w = only_win(r)
    assert "dihu" in w["hands"] and w["fan"] == 6
    assert r["deltas"] == [-6, 18, -6, -6]


def test_run_dihu_broken_by_a_call():
    # "地胡 needs no call by anyone before it": seat 2 pongs the dealer's N first.
    r = run(["N *", None, "N N W *", PH_HAND], "E", [D(0, "N"), A(2, "pong"), D(2, "W"), A(3, "win")])
    w = only_win(r)
    assert "dihu" not in w["hands"] and w["fan"] == 2
    assert r["deltas"] == [-2, -2, -2, 6]


def test_run_next_dealer_wraps_round():
    # Dealer 3; seat 0 wins (地胡) -> the deal passes to seat 0, the next seat after 3.
    r = run([PH_HAND, None, None, "N *"], "E", [D(3, "N"), A(0, "win")], dealer=3)
    w = only_win(r)
    assert w["seat"] == 0 and r["deltas"] == [18, -6, -6, -6]
    assert r["next_dealer"] == 0


# ---------------------------------------------------------------- 截胡

JIEHU_HANDS = ["9s N N W W C C F F P P 1m 9m 3p",
               "123m 456m 789m 55p 78s",      # waits 6s/9s
               "789p 123s 456s 78s EE",       # waits 6s/9s
               "11p 234p 678p 345s 99s"]      # waits 1p/9s


@pytest.mark.parametrize("claimers,winner", [((3, 1), 1), ((3, 2), 2), ((3,), 3)])
def test_run_jiehu_first_in_turn_order_after_discarder(claimers, winner):
    r = run(JIEHU_HANDS, "", [D(0, "9s")] + [A(s, "win") for s in claimers])
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (winner, 0, 1)
    expected = [-1, -1, -1, -1]
    expected[0], expected[winner] = -2, 4
    assert r["deltas"] == expected
    assert r["next_dealer"] == 1  # a non-dealer won: the deal passes to the next seat (1), not the winner


def test_run_jiehu_wraps_past_seat_zero():
    # Seat 3 discards 9s; seats 2 and 1 claim: after 3 come 0, 1, 2 -> seat 1.
    hands = ["N *"] + JIEHU_HANDS[1:]
    r = run(hands, "S S 9s", [D(0, "N"), D(1, "S"), D(2, "S"), D(3, "9s"), A(2, "win"), A(1, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"]) == (1, 3)
    assert r["deltas"] == [-1, 4, -1, -2]


# ---------------------------------------------------------------- 过手胡

# Seat 3: 555p 777s 999m 111s 2s -> on 3s: 11s + 123s 平胡 (门清) = 1; on 2s: 碰碰胡 = 2.
GS_HANDS = ["3s 2s N *", "3s 2s *", None, "555p 777s 999m 111s 2s"]
GS_FRONT = "W W C 3s"


def test_run_guoshou_same_value_refused():
    run_illegal(3, GS_HANDS, GS_FRONT, [D(0, "3s"), A(3, "pass"), D(1, "3s"), A(3, "win")])


def test_run_guoshou_unlisted_claim_counts_as_pass():
    # "a seat with a legal claim that is not listed passes" -> the lock applies all the same.
    run_illegal(2, GS_HANDS, GS_FRONT, [D(0, "3s"), D(1, "3s"), A(3, "win")])


def test_run_guoshou_bigger_hand_allowed():
    r = run(GS_HANDS, GS_FRONT, [D(0, "3s"), A(3, "pass"), D(1, "2s"), A(3, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (3, 1, 2) and "pengpenghu" in w["hands"]
    assert r["deltas"] == [-2, -3, -2, 7]


def test_run_guoshou_smaller_after_passing_bigger_refused():
    run_illegal(3, GS_HANDS, GS_FRONT, [D(0, "2s"), A(3, "pass"), D(1, "3s"), A(3, "win")])


def test_run_guoshou_lifted_by_own_draw():
    r = run(GS_HANDS, GS_FRONT,
            [D(0, "3s"), A(3, "pass"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "3s"), A(3, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (3, 0, 1)
    assert r["deltas"] == [-2, -1, -1, 4]


# ---------------------------------------------------------------- kongs (points stand on exhaustion)

def exposed_kong_round(**kw):
    # Seat 1 holds 5p×3, kongs the dealer's 5p, discards the replacement F: 15 tiles left -> exhausted.
    return run(["5p N *", "5p 5p 5p S *", None, None], "F", [D(0, "5p"), A(1, "kong"), D(1, "F")], **kw)


@pytest.mark.parametrize("kw,deltas", [
    pytest.param({}, [-1, 3, -1, -1], id="plain"),
    # 防勾脚: "the player whose discard made an exposed kong pays all its shares".
    pytest.param(dict(options={"fang_gou_jiao": True}), [-3, 3, 0, 0], id="fang_gou_jiao"),
    # 嘎 [2,0,0,1]: F = 3, 1, 2.
    pytest.param(dict(ctx={"ga": [2, 0, 0, 1]}, options={"fang_gou_jiao": True}), [-6, 6, 0, 0], id="ga_fgj"),
    # 摸杠翻倍 doubles added kongs only.
    pytest.param(dict(options={"mo_gang_double": True}), [-1, 3, -1, -1], id="mo_gang_double_no_effect"),
    # 流局算分 off: kong scores are undone on exhaustion.
    pytest.param(dict(options={"draw_scores": False}), [0, 0, 0, 0], id="draw_scores_off"),
])
def test_run_exposed_kong(kw, deltas):
    r = exposed_kong_round(**kw)
    assert r["finished"] is True and r["exhausted"] is True and r["wins"] == []
    assert r["deltas"] == deltas
    assert r["next_dealer"] == 0  # exhausted: the dealer stays


@pytest.mark.parametrize("kw,deltas", [
    pytest.param({}, [6, -2, -2, -2], id="plain"),
    pytest.param(dict(options={"lian_zhuang": True}, ctx={"streak": 2}), [18, -6, -6, -6], id="lian_zhuang_2"),
    pytest.param(dict(options={"draw_scores": False}), [0, 0, 0, 0], id="draw_scores_off"),
])
def test_run_concealed_kong(kw, deltas):
    r = run(["9m 9m 9m 9m *", None, None, None], "F", [A(0, "concealed_kong", tile="9m"), D(0, "F")], **kw)
    assert r["exhausted"] is True and r["deltas"] == deltas


LOUGANG_A = (["5p N *", "5p 5p 5p S *", None, None], "W W C C F",
             [D(0, "5p"), A(1, "pong"), D(1, "S"), D(2, "W"), D(3, "W"), D(0, "C"),
              A(1, "added_kong", tile="5p"), D(1, "F")])


@pytest.mark.parametrize("options,deltas", [({}, [-1, 3, -1, -1]), ({"mo_gang_double": True}, [-2, 6, -2, -2]),
                                            ({"draw_scores": False}, [0, 0, 0, 0])])
def test_run_lougang_after_pong_instead_of_kong(options, deltas):
    # 漏杠: seat 1 ponged instead of konging and makes the kong on a later turn; it counts as an added kong.
    r = run(*LOUGANG_A, options=options)
    assert r["exhausted"] is True and r["deltas"] == deltas


@pytest.mark.parametrize("options,deltas", [({}, [-1, 3, -1, -1]), ({"mo_gang_double": True}, [-2, 6, -2, -2])])
def test_run_lougang_kept_fourth_tile(options, deltas):
    # Seat 1 pongs 5p, later draws the fourth 5p and keeps it (discards E), adds it a turn later.
    r = run(["5p N *", "5p 5p S E *", None, None], "W W C 5p C P P F F",
            [D(0, "5p"), A(1, "pong"), D(1, "S"), D(2, "W"), D(3, "W"), D(0, "C"),
             D(1, "E"), D(2, "C"), D(3, "P"), D(0, "P"),
             A(1, "added_kong", tile="5p"), D(1, "F")], options=options)
    assert r["exhausted"] is True and r["deltas"] == deltas


@pytest.mark.parametrize("options,deltas", [({}, [-1, 3, -1, -1]), ({"mo_gang_double": True}, [-3, 9, -3, -3])])
def test_run_added_kong_on_flower_replacement(options, deltas):
    # Seat 1 draws 秋 (3f), its replacement is the fourth 5p: 摸杠翻倍 -> ×3.
    r = run(["5p N *", "5p 5p S *", None, None], "W W C 3f 5p F",
            [D(0, "5p"), A(1, "pong"), D(1, "S"), D(2, "W"), D(3, "W"), D(0, "C"),
             A(1, "added_kong", tile="5p"), D(1, "F")], options=options)
    assert r["exhausted"] is True and r["deltas"] == deltas


@pytest.mark.parametrize("options,deltas", [
    # kong 1 each + 杠上花 平胡 3 each.
    ({}, [-4, 12, -4, -4]),
    # 摸杠翻倍: "a 杠上花 after an added kong triples that kong's points": 3 + 3 each.
    ({"mo_gang_double": True}, [-6, 18, -6, -6]),
])
def test_run_gangshanghua_after_added_kong(options, deltas):
    r = run(["5p N *", "5p 5p 9p 123m 456m 78s EE", None, None], "W W C 5p 9s",
            [D(0, "5p"), A(1, "pong"), D(1, "9p"), D(2, "W"), D(3, "W"), D(0, "C"),
             A(1, "added_kong", tile="5p"), A(1, "win")], options=options)
    w = only_win(r)
    assert w["seat"] == 1 and "gangshanghua" in w["hands"] and w["fan"] == 3
    assert r["deltas"] == deltas


@pytest.mark.parametrize("front", ["9s", "3f 9s"])
def test_run_gangshanghua_after_concealed_kong(front):
    # Win 3 each + concealed kong 2 each. A flower replacement in between: still ×3 once, `gangshanghua`.
    r = run(["9m 9m 9m 9m 123p 456p 78s EE", None, None, None], front,
            [A(0, "concealed_kong", tile="9m"), A(0, "win")])
    w = only_win(r)
    assert "gangshanghua" in w["hands"] and "huashangtianhua" not in w["hands"]
    assert w["fan"] == 3 and r["deltas"] == [15, -5, -5, -5]


# ---------------------------------------------------------------- 抢杠胡 in a round

ROB_SEAT2 = "123m 456m 789s 46p EE"   # 门清, waits 5p
ROB_SEAT3 = "123s 456s 789m 46p SS"   # 门清, waits 5p


def test_run_qiangganghu_with_fan_is_plain_discard_and_kong_void():
    r = run(["5p N *", "5p 5p S *", ROB_SEAT2, None], "W W C 5p F",
            [D(0, "5p"), A(2, "pass"), A(1, "pong"), D(1, "S"), D(2, "W"), D(3, "W"), D(0, "C"),
             A(1, "added_kong", tile="5p"), A(2, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (2, 1, 1) and "qiangganghu" in w["hands"]
    assert r["deltas"] == [-1, -2, 4, -1]  # no kong points: the kong is void


def test_run_qiangganghu_several_robbers_first_after_owner():
    r = run(["5p N *", "5p 5p P *", ROB_SEAT2, ROB_SEAT3], "W W C 5p F",
            [D(0, "5p"), A(2, "pass"), A(3, "pass"), A(1, "pong"), D(1, "P"), D(2, "W"), D(3, "W"), D(0, "C"),
             A(1, "added_kong", tile="5p"), A(3, "win"), A(2, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"]) == (2, 1)
    assert r["deltas"] == [-1, -2, 4, -1]


def test_run_qiangganghu_without_other_fan_owner_pays_all():
    # Seat 2 has ponged 9p: no 番型 but 抢杠胡 -> seat 1 pays 3 shares + 1.
    r = run(["5p N *", "5p 5p 9p *", "9p 9p 123m 789m 46p 11s W", None], "W C 5p F",
            [D(0, "5p"), A(1, "pong"), D(1, "9p"), A(2, "pong"), D(2, "W"), D(3, "W"), D(0, "C"),
             A(1, "added_kong", tile="5p"), A(2, "win")])
    w = only_win(r)
    assert (w["seat"], w["from"]) == (2, 1) and "qiangganghu" in w["hands"]
    assert r["deltas"] == [0, -4, 4, 0]


def test_run_shisanyao_cannot_rob_concealed_kong():
    run_illegal(1, ["9m 9m 9m 9m *", None, "1m 1p 9p 1s 9s E S W N C F P P", None], "F",
                [A(0, "concealed_kong", tile="9m"), A(2, "win")], honors=False)


# ---------------------------------------------------------------- exhaustion at 15 tiles

def test_run_exhaustion_with_fifteen_left():
    r = run(["N *", None, None, None], "W", [D(0, "N"), D(1, "W")])
    assert r["finished"] is True and r["exhausted"] is True and r["wins"] == []
    assert r["deltas"] == [0, 0, 0, 0] and r["next_dealer"] == 0


def test_run_exhaustion_dealer_stays():
    r = run([None, None, "N *", None], "W", [D(2, "N"), D(3, "W")], dealer=2)
    assert r["exhausted"] is True and r["next_dealer"] == 2


def test_run_last_drawable_tile_can_be_self_drawn():
    r = run(["N *", PH_HAND, None, None], "W W C C E",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "C"), A(1, "win")], size=20)
    assert only_win(r)["fan"] == 2


def test_run_tile_leaving_fifteen_can_be_won_on():
    r = run(["N *", "5p *", ROB_SEAT2, None], "5p", [D(0, "N"), D(1, "5p"), A(2, "win")], size=16)
    w = only_win(r)
    assert (w["seat"], w["from"]) == (2, 1) and r["deltas"] == [-1, -2, 4, -1]


def test_run_no_concealed_kong_without_replacement():
    run_illegal(1, ["N *", "9m 9m 9m *", None, None], "9m", [D(0, "N"), A(1, "concealed_kong", tile="9m")])


def test_run_concealed_kong_allowed_with_one_replacement_left():
    r = run(["N *", "9m 9m 9m *", None, None], "9m F", [D(0, "N"), A(1, "concealed_kong", tile="9m")])
    assert r["finished"] is False


def test_run_no_exposed_kong_without_replacement():
    run_illegal(2, ["N *", None, "9m 9m 9m *", None], "9m", [D(0, "N"), D(1, "9m"), A(2, "kong")])


# ---------------------------------------------------------------- 海底包牌 in a round

@pytest.mark.parametrize("size,bao", [(16, True), (19, True), (20, False)])
def test_run_haidi_bao(size, bao):
    # Seat 1 draws (size - 15 - 1 drawable left after it) and discards 5p; seat 2 wins (门清, 1).
    r = run(["N *", "5p *", ROB_SEAT2, None], "W", [D(0, "N"), D(1, "5p"), A(2, "win")], size=size,
            options={"haidi_bao": True})
    assert r["deltas"] == ([0, -4, 4, 0] if bao else [-1, -2, 4, -1])


def test_run_haidi_bao_off():
    r = run(["N *", "5p *", ROB_SEAT2, None], "W", [D(0, "N"), D(1, "5p"), A(2, "win")], size=19)
    assert r["deltas"] == [-1, -2, 4, -1]


@pytest.mark.parametrize("size,bao", [(18, True), (19, False)])
def test_run_haidi_bao_three_players(size, bao):
    r = run(["N *", "5p *", ROB_SEAT2], "W", [D(0, "N"), D(1, "5p"), A(2, "win")], size=size,
            options={"haidi_bao": True})
    assert r["deltas"] == ([0, -3, 3] if bao else [-1, -2, 3])


# ---------------------------------------------------------------- flowers and 花胡

@pytest.mark.parametrize("flowers,options,deltas", [
    ("1f 2f 3f 4f", {}, [3, -1, -1, -1]),                 # 春夏秋冬: 1 × F each
    ("1f 2f 3f 5f", {}, [0, 0, 0, 0]),                    # four flowers, no set
    ("1f 2f 3f 4f 5f 6f 7f 8f", {}, [6, -2, -2, -2]),     # all eight: 2 × F in all
    ("1f 2f 3f 4f", {"flower_win": False}, [0, 0, 0, 0]),
    ("1f 2f 3f 4f 5f 6f 7f", {"flower_win": False}, [3, -1, -1, -1]),  # off: seven flowers 1 × F
    ("1f 2f 3f 4f 5f 6f 7f 8f", {"flower_win": False}, [6, -2, -2, -2]),
])
def test_run_dealer_flowers_paid_at_once(flowers, options, deltas):
    n = len(T(flowers))
    r = run([flowers + " *", None, None, None], " ".join(["W", "W", "C", "C", "S", "S", "F", "F"][:n]), [],
            options=options)
    assert r["finished"] is False  # "The round goes on."
    assert r["deltas"] == deltas


def test_run_huahu_with_ga():
    # 嘎 [1,0,0,2], the dealer completes 春夏秋冬: F = 2, 2, 4.
    r = run(["1f 2f 3f 4f *", None, None, None], "W W C C", [], ctx={"ga": [1, 0, 0, 2]})
    assert r["deltas"] == [8, -2, -2, -4]


def test_run_nondealer_initial_flowers_wait_for_his_first_turn():
    hands = ["N *", "5f 6f 7f 8f S *", None, None]
    before = run(hands, "W W C C F", [])
    assert before["deltas"] == [0, 0, 0, 0]
    after = run(hands, "W W C C F", [D(0, "N"), D(1, "S")])
    assert after["deltas"] == [-1, 3, -1, -1]


@pytest.mark.parametrize("initial,front_flowers,options", [
    ("1f 2f 3f 4f", "5f 6f 7f 8f", {}),               # paid for four, then the difference
    ("1f 2f 3f 4f 5f 6f 7f", "8f", {"flower_win": False}),
])
def test_run_eighth_flower_pays_the_difference(initial, front_flowers, options):
    n = len(T(initial))
    repl = " ".join(["W", "W", "C", "C", "P", "P", "N"][:n])
    hands = [initial + " *", None, None, None]
    front = f"{repl} S S F {front_flowers} E"
    acts = [D(0, "W"), D(1, "S"), D(2, "S"), D(3, "F")]  # then the dealer draws the flower(s), then E
    mid = run(hands, front, acts[:3], options=options)
    assert mid["deltas"] == [3, -1, -1, -1]
    end = run(hands, front, acts, options=options)
    assert end["deltas"] == [6, -2, -2, -2]


@pytest.mark.parametrize("options,deltas", [({}, [3, -1, -1, -1]), ({"draw_scores": False}, [0, 0, 0, 0])])
def test_run_huahu_on_exhaustion(options, deltas):
    r = run(["1f 2f 3f 4f N *", None, None, None], "W W C C S", [D(0, "N"), D(1, "S")], options=options)
    assert r["exhausted"] is True and r["deltas"] == deltas


def test_run_huashangtianhua_after_chain_of_flowers():
    # Seat 1's second draw is 1f, its replacement 2f, whose replacement E wins: ×3.
    r = run(["N *", PH_HAND, None, None], "W W C C 1f 2f E",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "C"), A(1, "win")])
    w = only_win(r)
    assert "huashangtianhua" in w["hands"] and "zimo" not in w["hands"] and w["fan"] == 3
    assert r["deltas"] == [-3, 9, -3, -3]


def test_run_huahu_then_huashangtianhua():
    # Draws 1f 2f 3f 4f in a chain (花胡: 1 each at once), then E: 花上添花 3 each.
    r = run(["N *", PH_HAND, None, None], "W W C C 1f 2f 3f 4f E",
            [D(0, "N"), D(1, "W"), D(2, "W"), D(3, "C"), D(0, "C"), A(1, "win")])
    assert only_win(r)["fan"] == 3
    assert r["deltas"] == [-4, 12, -4, -4]


FANHUA_HANDS = ["9p N *", "9p 9p 123m 456s 789m 1p E", None, "1p *"]
FANHUA_ACTS = [D(0, "9p"), A(1, "pong"), D(1, "E"), D(2, "W"), D(3, "W"), D(0, "C"), D(1, "C"), D(2, "S"),
               D(3, "1p"), A(1, "win")]


def test_run_fanhuaduiwei_drawn_own_flower_gives_fan():
    # Seat 1 (dealer's next) draws 夏 (2f): 翻花对位 lets his otherwise fan-less hand win on a discard.
    r = run(FANHUA_HANDS, "W W C 2f C S S", FANHUA_ACTS)
    w = only_win(r)
    assert (w["seat"], w["from"], w["fan"]) == (1, 3, 1) and "fanhuaduiwei" in w["hands"]
    assert r["deltas"] == [-1, 4, -1, -2]


def test_run_other_flower_gives_no_fan():
    run_illegal(9, FANHUA_HANDS, "W W C 3f C S S", FANHUA_ACTS)


def test_run_need_fan_off_allows_plain_discard_win():
    r = run(FANHUA_HANDS, "W W C 3f C S S", FANHUA_ACTS, options={"need_fan": False})
    assert only_win(r)["fan"] == 1 and r["deltas"] == [-1, 4, -1, -2]


# ---------------------------------------------------------------- chow, three players, no_honors

CHOW_HANDS = ["3m N *", "4m 5m S *", "4m 5m *", None]


def test_run_chow_by_next_seat():
    r = run(CHOW_HANDS, "W", [D(0, "3m"), A(1, "chow", tiles=["4m", "5m"]), D(1, "S")])
    assert r["finished"] is False


def test_run_no_chow_option():
    run_illegal(1, CHOW_HANDS, "", [D(0, "3m"), A(1, "chow", tiles=["4m", "5m"])], options={"no_chow": True})


def test_run_chow_only_by_next_seat():
    run_illegal(1, CHOW_HANDS, "", [D(0, "3m"), A(2, "chow", tiles=["4m", "5m"])])


def test_run_three_players_self_draw():
    r = run(["N *", PH_HAND, None], "W W C E", [D(0, "N"), D(1, "W"), D(2, "W"), D(0, "C"), A(1, "win")])
    assert only_win(r)["fan"] == 2 and r["deltas"] == [-2, 4, -2] and r["next_dealer"] == 1


def test_run_three_players_huahu_and_kong():
    r = run(["1f 2f 3f 4f *", None, None], "W W C C", [])
    assert r["deltas"] == [2, -1, -1]
    r = run(["5p N *", "5p 5p 5p S *", None], "F", [D(0, "5p"), A(1, "kong"), D(1, "F")])
    assert r["exhausted"] is True and r["deltas"] == [-1, 2, -1]


def test_run_no_honors_refuses_honour_tile():
    code, ans = run_raw(rdoc(["N *", None, None, None], "", [], options={"no_honors": True}))
    assert code == 2 and ans["error"] == "bad_input", ans


# ---------------------------------------------------------------- run: refused input

def test_run_discard_not_held():
    run_illegal(0, ["1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N C", None, None, None], "", [D(0, "9p")])


def test_run_out_of_turn():
    run_illegal(0, ["N *", "S *", None, None], "", [D(1, "S")])


def test_run_win_without_winning_hand():
    run_illegal(0, ["N *", None, None, None], "", [A(0, "win")])


def test_run_concealed_kong_without_four():
    run_illegal(0, ["9m 9m 9m *", None, None, None], "", [A(0, "concealed_kong", tile="9m")])


RUN_BAD_INPUT = {
    "wall_shorter_than_fifteen": lambda d: d.update(wall=d["wall"][:14]),
    "dealer_13_tiles": lambda d: d["hands"][0].pop(),
    "fifth_copy": lambda d: d["hands"][1].__setitem__(0, "N"),
    "ga_4": lambda d: d.update(setup={"context": {"ga": [0, 0, 0, 4]}}),
    "ling_dragon": lambda d: d.update(setup={"context": {"ling": "C"}}),
    "unknown_context_key": lambda d: d.update(setup={"context": {"foo": 1}}),
    "unknown_top_key": lambda d: d.update(foo=1),
}


def test_run_bad_input():
    def one(name):
        doc = rdoc(["N N N N *", "S *", None, None], "", [])
        RUN_BAD_INPUT[name](doc)
        code, ans = run_raw(doc)
        return None if code == 2 and ans["error"] == "bad_input" else ans
    check_cases([(n,) for n in RUN_BAD_INPUT], one)


def test_run_setup_context_echoed_in_start_round():
    code, ans = run_raw(rdoc(["N *", None, None, None], "", [], ctx={"ga": [1, 2, 3, 0], "streak": 2, "ling": "S"}))
    assert code == 0
    assert ans["events"][0]["context"] == {"ga": [1, 2, 3, 0], "streak": 2, "ling": "S"}


# =============================================================================== simulate

@pytest.mark.parametrize("args", [
    ["--seed", "7", "--rounds", "6"],
    ["--seed", "9", "--rounds", "6", "--options",
     json.dumps({"zhuang_xian": True, "lian_zhuang": True, "fang_gou_jiao": True, "haidi_bao": True,
                 "mo_gang_double": True, "flower_win": False, "free_ga": True})],
    ["--players", "3", "--seed", "10", "--rounds", "6", "--options",
     json.dumps({"no_honors": True, "no_chow": True, "need_fan": False, "draw_scores": False})],
])
def test_simulate_zero_sum(args):
    code, ans = cli(["simulate", "--variant", "hainan", *args])
    assert code == 0 and ans["rounds"] == 6
    n = 3 if "3" in args[:2] else 4
    assert len(ans["totals"]) == n and sum(ans["totals"]) == 0
    assert [s["score"] for s in ans["seats"]] == ans["totals"]


@pytest.mark.parametrize("options,error", [('{"need_fan": ', "bad_json"), ('{"foo": true}', "bad_option")])
def test_simulate_bad_options(options, error):
    code, ans = cli(["simulate", "--variant", "hainan", "--seed", "1", "--rounds", "1", "--options", options])
    assert code == 2 and ans["error"] == error, ans


def test_simulate_unknown_variant():
    code, ans = cli(["simulate", "--variant", "hainan2", "--seed", "1", "--rounds", "1"])
    assert code == 2 and ans["error"] == "unknown_variant", ans


def test_simulate_per_round_and_baseline_ai():
    code, ans = cli(["simulate", "--variant", "hainan", "--seed", "3", "--rounds", "4", "--per-round",
                     "--ai", "baseline"])
    assert code == 0
    assert [s["level"] for s in ans["seats"]] == ["baseline"] * 4
    assert [sum(c) for c in zip(*ans["per_round"])] == ans["totals"] and sum(ans["totals"]) == 0
