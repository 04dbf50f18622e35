"""Guangdong (广东, 鸡平胡) rules, checked against the rules file guangdong.md (seed 003) through the engine.

The worked examples, the cap and special hands, payments and 包, and what only the round knows: the round wind moving
once every seat has dealt, the deal passing, 十二张落地 liability at most once per discarder, hints below 起和.
"""

from __future__ import annotations

import pytest

from game.engine.session import Session
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tiles
from game.engine.wincheck import BELOW_MINIMUM
from game.headless.engine_cli import cmd_score
from game.variants.guangdong import VARIANT as GUANGDONG, seat_wind
from tests.variants.tiles_json import T, concealed_kong, kong, pong



def score(concealed: str, win_tile: str, *, winner: int = 1, discarder: int | None = None, melds=(), flags=(),
          options: dict | None = None, dealer: int = 0, context: dict | None = None) -> dict:
    out = cmd_score({"variant": "guangdong", "dealer": dealer, "winner": winner, "discarder": discarder,
                     "concealed": T(concealed), "win_tile": win_tile, "melds": list(melds), "flags": list(flags),
                     "options": options or {}, "context": context or {}})
    assert out["ok"] and sum(out["deltas"]) == 0
    return out


DRAGONS = [pong("C", 0), pong("F", 3)]


# ---------------------------------------------------------------------------------------------------- worked examples
def test_example1_jihu_with_two_dragon_pongs_on_a_discard():
    out = score("123m 99s 78s", "6s", discarder=2, melds=DRAGONS, options={"min_fan": 1})
    assert out["hands"] == ["jihu", "jianke"] and out["fan"] == 2 and out["deltas"] == [0, 4, -4, 0]


def test_example2_qingyise_self_drawn_menqing_capped_at_5():
    out = score("123m 456m 789m 11m 23m", "4m")
    assert out["hands"] == ["qingyise", "zimo", "menqing"] and out["fan"] == 5
    assert out["deltas"] == [-32, 96, -32, -32]


def test_example3_shisanyao_on_a_discard_is_cap_plus_4():
    out = score("19m 19p 19s ESWNCFP", "E", discarder=2)
    assert out["hands"] == ["shisanyao"] and out["fan"] == 9 and out["deltas"] == [0, 512, -512, 0]
    assert score("19m 19p 19s ESWNCFP", "E", discarder=2, options={"cap": 8})["fan"] == 12


# ---------------------------------------------------------------------------------------------------- fan
def test_a_base_hand_at_the_cap_takes_no_additions():
    out = score("111m 999m 111p EE 99p", "E")  # 混幺九 (5) self-drawn, 门前清: exactly the cap
    assert out["hands"] == ["hunyaojiu"] and out["fan"] == 5


def test_below_the_minimum_is_refused_and_a_self_drawn_jihu_has_one_fan():
    with pytest.raises(Exception) as info:
        score("123m 99s 78s", "6s", discarder=2, melds=DRAGONS)
    assert getattr(info.value, "code", "") == "below_minimum"
    out = score("123m 456p 99s 78s", "6s", melds=[pong("2p", 0)], options={"min_fan": 1})
    assert out["hands"] == ["jihu", "zimo"] and out["fan"] == 1


def test_seat_and_round_wind_pongs():
    # seat 1 with dealer 0 is South; with dealer 3 he is West
    assert seat_wind(1, 0) == parse_tiles(["S"])[0] and seat_wind(1, 3) == parse_tiles(["W"])[0]
    melds = [pong("S", 0), pong("2p", 3)]
    out = score("123m 99s 78s", "6s", discarder=2, melds=melds, options={"min_fan": 0},
                context={"round_wind": "S"})
    assert out["hands"] == ["jihu", "menfeng", "quanfeng"] and out["fan"] == 2


def test_gangkai_and_haidilaoyue_also_count_as_zimo():
    melds = [concealed_kong("2p")]
    out = score("123m 456m 99s 78s", "6s", melds=melds, flags=["after_kong", "last_tile"], options={"min_fan": 0})
    assert out["hands"] == ["jihu", "zimo", "menqing", "haidilaoyue", "gangkai"] and out["fan"] == 4


# ---------------------------------------------------------------------------------------------------- payments, 包
@pytest.mark.parametrize("payment, deltas", [("one", [0, 4, -4, 0]), ("half_liability", [-4, 16, -8, -4]),
                                             ("full_liability", [0, 12, -12, 0])])
def test_discard_payments(payment, deltas):
    out = score("123m 456m 99s 78s", "6s", discarder=2, melds=[pong("C", 0)],
                options={"min_fan": 0, "discard_payment": payment, "base": 2})  # 鸡胡 + 箭刻: 2 × 2^1 = 4
    assert out["fan"] == 1 and out["deltas"] == deltas


def test_twelve_tiles_down_the_fourth_melds_giver_pays_all_three():
    melds = [pong("2p", 0), pong("5p", 3), pong("8s", 0), pong("C", 2)]
    out = score("9s", "9s", melds=melds, options={"min_fan": 0})
    assert out["deltas"] == [0, 3 * 2 ** out["fan"], -3 * 2 ** out["fan"], 0]


def test_gangkai_on_an_exposed_kong_the_giver_pays_all_three():
    out = score("123m 456m 99s 78s", "6s", melds=[kong("2p", 3)], flags=["after_kong"], options={"min_fan": 0})
    value = 2 ** out["fan"]
    assert out["deltas"] == [0, 3 * value, 0, -3 * value]


def test_robbing_a_kong_its_owner_pays_all_three():
    out = score("123m 456m 99s 78s", "6s", discarder=0, melds=[pong("2p", 3)], flags=["robbing_kong"],
                options={"min_fan": 0})
    assert "qianggang" in out["hands"] and "zimo" in out["hands"]
    assert out["deltas"] == [-3 * 2 ** out["fan"], 3 * 2 ** out["fan"], 0, 0]


# ---------------------------------------------------------------------------------------------------- the game
def test_the_round_wind_moves_once_every_seat_has_dealt():
    opts = GUANGDONG.parse_options({}, 4)
    facts = GUANGDONG.initial_facts(opts, 4)
    dealer, winds = 2, []

    class Rnd:  # what carry_facts reads of a finished round
        def __init__(self, dealer, nxt):
            self.dealer, self.next_dealer_seat = dealer, nxt

    for nxt_rule in ["pass", "stay", "pass", "pass", "pass", "pass", "stay", "pass", "pass", "pass"]:
        nxt = dealer if nxt_rule == "stay" else (dealer + 1) % 4
        facts = GUANGDONG.carry_facts(opts, dict(facts), Rnd(dealer, nxt))
        dealer = nxt
        winds.append(facts["round_wind"])
    # 2 deals, 3 deals twice, 0 and 1 deal; back to 2: South; 2, 3 (twice), 0, 1 deal: back to 2 again: West
    assert winds == ["E", "E", "E", "E", "S", "S", "S", "S", "S", "W"]


def test_a_game_passes_the_deal_and_carries_the_wind_into_every_round():
    session = Session(GUANGDONG, GUANGDONG.parse_options({}, 4), 4, seed=5)
    first = session.dealer
    rnd, events = session.start_round()
    assert events[0]["context"]["round_wind"] == "E"
    assert rnd.context["round_wind"] == "E"
    assert 0 <= first < 4


def test_hints_say_a_wait_short_of_the_minimum_cannot_win_on_a_discard():
    from game.engine.seat_state import SeatState
    from game.engine.project import project

    opts = GUANGDONG.parse_options({}, 4)
    hands = [parse_tiles(T(h)) for h in ["147m 258p 369s ESW CC", "123m 456p 789s 45s EE", "147m 258p 369s SWNF",
                                         "147m 258p 369s ESWP"]]
    rnd, events = round_from_scenario(GUANGDONG, opts, 4, 0, hands, parse_tiles(T("9m 9m 9m")))
    st = SeatState(1, GUANGDONG, opts)
    for e in events:
        st.apply(project(e, 1))
    waits = {w.kind: w for w in st.wait_info()}
    three_s = parse_tiles(["3s"])[0]
    assert three_s in waits and not waits[three_s].by_discard and waits[three_s].reason == BELOW_MINIMUM
    rnd.apply(Action(0, "discard", parse_tiles(["C"])[0]))  # nobody may take it: C is not his wait


def test_a_win_at_the_cap_says_baohe():
    from game.audio.voices import Voices

    out = score("123m 456m 789m 11m 23m", "4m")  # 清一色 + 自摸 + 门前清 = 6 → 5: 爆和
    assert out["fan"] == 5
    from game.engine.scoring import WinContext
    from game.engine.variant import TableFacts
    from game.engine.wincheck import WinCheck

    opts = GUANGDONG.parse_options({}, 4)
    ctx = WinContext(options=opts, players=4, dealer=0, winner=1, discarder=None,
                     concealed=parse_tiles(T("123m 456m 789m 11m 23m")), win_tile=parse_tiles(["4m"])[0], melds=[])
    ev = WinCheck.at(GUANGDONG, opts, 4).evaluate(ctx, TableFacts(4, 0, opts, {}))
    assert ev.data["voices"] == ["baohe"]
    v = Voices.__new__(Voices)
    v.variant_id = "guangdong"
    assert v._hand_voices({"hands": ["qingyise"], "voices": ["baohe"]}) == ["baohe"]
    assert v._hand_voices({"hands": ["shisanyao"]}) == ["shisanyao"]


@pytest.mark.parametrize("flags, discarder, melds", [
    (["robbing_kong"], 0, [pong("2p", 3)]),            # 抢杠
    (["after_kong"], None, [kong("2p", 3)]),           # 杠上开花 on a claimed kong
    ([], None, [pong("2p", 0), pong("5p", 3), pong("8s", 0), pong("C", 2)]),  # 十二张落地
])
def test_every_liability_line_is_a_well_formed_score_event(flags, discarder, melds):
    # the events' declaration wants every parameter a message carries to be one its msgid uses (found by the fuzzer)
    from game.engine.events import check_event
    from game.engine.scoring import WinContext
    from game.engine.variant import TableFacts, Win
    from game.engine.wincheck import WinCheck
    from game.engine.melds import Meld

    opts = GUANGDONG.parse_options({"min_fan": 0}, 4)
    concealed = "9s" if len(melds) == 4 else "123m 456m 99s 78s"
    win_tile = "9s" if len(melds) == 4 else "6s"
    ctx = WinContext(options=opts, players=4, dealer=0, winner=1, discarder=discarder,
                     concealed=parse_tiles(T(concealed)), win_tile=parse_tiles([win_tile])[0],
                     melds=[Meld.from_json(m) for m in melds], flags=frozenset(flags))
    table = TableFacts(4, 0, opts, {})
    ev = WinCheck.at(GUANGDONG, opts, 4).evaluate(ctx, table)
    for item in GUANGDONG.settle_wins(table, [Win(1, discarder, ev)]):
        assert check_event({"type": "score", **item.to_json()}, 4) == []
        assert max(item.deltas) > 0 and min(item.deltas) == -3 * sum(d for d in item.deltas if d > 0) // 3
