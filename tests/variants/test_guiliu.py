"""Guiliu (桂柳) rules, checked against the rules file guiliu.md (seed 001) through the engine's contract.

Every worked example of the rules file is a test here; the rest checks each rule the file states: the payment table,
big hands and their fan, 烂牌 / 七星烂, 醒 with 翻重醒 and its options, 门清 and 杠上 doubling, kong points, 互包 in
each of its cases, 追牌, 过胡不胡 with its "unless higher" exception, and that only 胡 may claim the last discard.
"""

from __future__ import annotations

import pytest

from game.engine.shapes import FAR
from game.engine.tiles import counts_of, parse_tiles
from game.headless.engine_cli import CliError, cmd_run, cmd_score
from game.variants.guiliu import LANPAI, VARIANT as GUILIU, mutual_pairs, xing_count, xing_counts, xing_run
from tests.variants.tiles_json import T, concealed_kong, kong, pong, same, win

XING_OFF = {"xing": False}



# ---------------------------------------------------------------------------------------------------- helpers
def score_doc(concealed: str, win_tile: str, *, winner: int = 1, discarder: int | None = None, melds=(),
              flags=(), options: dict | None = None, dealer: int = 0, players: int = 4, xing=None,
              hubao=None) -> dict:
    context: dict = {}
    if xing is not None:
        context["xing"] = T(xing)
    if hubao is not None:
        context["hubao"] = hubao
    return {"variant": "guiliu", "players": players, "dealer": dealer, "winner": winner, "discarder": discarder,
            "concealed": T(concealed), "win_tile": win_tile, "melds": list(melds), "flags": list(flags),
            "options": options if options is not None else dict(XING_OFF), "context": context}


def score(*args, **kw) -> dict:
    out = cmd_score(score_doc(*args, **kw))
    assert out["ok"] is True
    assert sum(out["deltas"]) == 0
    return out


def refused(doc: dict) -> dict:
    with pytest.raises(CliError) as info:
        cmd_score(doc)
    return info.value.payload


def d(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def act(seat: int, kind: str, tile: str | None = None) -> dict:
    out = {"seat": seat, "type": kind}
    if tile is not None:
        out["tile"] = tile
    return out


ALL_KINDS = T("123456789m 123456789p 123456789s ESWNCFP")


def pad_wall(hands: list[list[str]], wall: list[str], n: int = 4) -> list[str]:
    used = [*wall, *(t for h in hands for t in h)]
    spare = [t for t in ALL_KINDS for _ in range(4 - used.count(t))]
    return wall + spare[-n:]


def run_out(hands: list, wall: str = "", actions=(), *, options: dict | None = None, dealer: int = 0) -> dict:
    hands = [T(h) for h in hands]
    wall_tiles = pad_wall(hands, T(wall)) if wall.endswith("...") else T(wall)
    doc = {"variant": "guiliu", "players": len(hands), "dealer": dealer, "hands": hands, "wall": wall_tiles,
           "actions": list(actions), "options": options if options is not None else dict(XING_OFF)}
    out = cmd_run(doc)
    assert out["ok"] is True
    assert sum(out["result"]["deltas"]) == 0, out["result"]
    return out


def scores(out: dict, reason: str | None = None) -> list[list[int]]:
    return [e["deltas"] for e in out["events"] if e["type"] == "score" and reason in (None, e["reason"])]


# ---------------------------------------------------------------------------------------------------- worked examples
def test_example1_non_dealer_self_draws_pinghu_with_an_exposed_pong():
    out = score("123m 456m 789p 1s", "1s", winner=1, melds=[pong("E", 3)])
    assert out["hands"] == ["pinghu"] and out["fan"] is None
    assert out["deltas"] == [-4, 8, -2, -2]


def test_example2_dealer_wins_pinghu_on_seat_3s_discard():
    out = score("123m 456m 789p 1s", "1s", winner=0, discarder=3, melds=[pong("E", 2)])
    assert out["hands"] == ["pinghu"]
    assert out["deltas"] == [7, 0, 0, -7]


def test_example3_qingyise_haohua_qidui_self_drawn_doubled_for_menqing():
    out = score("1111m 22m 33m 55m 66m 9m", "9m", winner=1)
    assert same(out["hands"]) == same(["qingyise", "haohua_qidui", "menqing"]) and out["fan"] == 3
    assert out["deltas"] == [-120, 360, -120, -120]


def test_example4_xing_with_chong_xing():
    # seat 2 wins 平胡 (not 门清) on seat 1's discard; 5p turned: 4p 4p 6p = 3 → 翻重醒: 9s turned, one 1s: 4
    out = score("44p 678p 123m 12s", "3s", winner=2, discarder=1, melds=[pong("E", 3)], options={},
                xing="5p 9s 9s")
    assert out["hands"] == ["pinghu"]
    assert out["deltas"] == [0, -17, 17, 0]


# ---------------------------------------------------------------------------------------------------- payment table
@pytest.mark.parametrize("winner, discarder, expected", [
    (0, None, [12, -4, -4, -4]),      # dealer self-draws: 4 each
    (0, 2, [7, 0, -7, 0]),            # dealer on a discard: 7
    (2, None, [-4, -2, 8, -2]),       # non-dealer self-draws: others 2, dealer 4
    (2, 3, [0, 0, 5, -5]),            # non-dealer on a discard: 5
])
def test_pinghu_payments(winner, discarder, expected):
    assert score("123m 456m 789p 1s", "1s", winner=winner, discarder=discarder, melds=[pong("E", 1 if winner != 1
                                                                                          else 3)])["deltas"] == expected


LAN = "147m 258p 369s ESWN"  # with C, F or P: 烂牌 (five honours)


@pytest.mark.parametrize("winner, discarder, each", [
    (0, None, {1: 5, 2: 5, 3: 5}), (0, 2, {2: 10}), (2, None, {0: 5, 1: 3, 3: 3}), (2, 3, {3: 8}),
])
def test_lanpai_payments_doubled_for_menqing(winner, discarder, each):
    out = score(LAN, "F", winner=winner, discarder=discarder)
    assert out["hands"] == ["lanpai", "menqing"] and out["fan"] is None
    expected = [0] * 4
    for p, v in each.items():
        expected[p] -= 2 * v  # 烂牌 is always 门清, doubled by menqing_x2
    expected[winner] = -sum(expected)
    assert out["deltas"] == expected


def test_lanpai_without_menqing_doubling():
    out = score(LAN, "F", winner=2, discarder=3, options={"xing": False, "menqing_x2": False})
    assert out["deltas"] == [0, 0, 8, -8]


def test_qixinglan_is_a_big_hand_with_all_seven_honours():
    out = score("147m 25p 36s ESWNCF", "P", winner=1, discarder=0, options={"xing": False, "menqing_x2": False})
    assert out["hands"][:1] == ["qixinglan"] and out["fan"] == 1 and "lanpai" not in out["hands"]
    assert out["deltas"] == [-35, 35, 0, 0]


@pytest.mark.parametrize("concealed, win_tile, melds, hands, fan", [
    ("EEE SSS WW NNN CC", "C", [], ["ziyise", "pengpenghu"], 2),
    ("EE SS WW NN CC FF P", "P", [], ["ziyise", "qixiaodui"], 2),
    ("11m 33m 55m 77m 99m 22p 4s", "4s", [], ["qixiaodui"], 1),
    ("1111m 3333m 55m 77m 9m", "9m", [], ["qingyise", "shuang_haoqi"], 4),
    ("1111m 3333m 5555m 9m", "9m", [], ["qingyise", "san_haoqi"], 5),
    ("123m 456m 789m 11m 22m", "2m", [], ["qingyise"], 1),
])
def test_big_hands_add_their_fan(concealed, win_tile, melds, hands, fan):
    out = score(concealed, win_tile, winner=1, discarder=2, melds=melds, options={"xing": False, "menqing_x2": False})
    assert same([h for h in out["hands"] if h != "menqing"]) == same(hands) and out["fan"] == fan
    assert out["deltas"][2] == -35 * 2 ** (fan - 1)


def test_quanqiuren_on_a_discard_adds_to_pengpenghu():
    melds = [pong("E", 0), pong("S", 2), pong("W", 3), kong("N", 0)]
    out = score("5p", "5p", winner=1, discarder=2, melds=melds)
    assert same(out["hands"]) == same(["pengpenghu", "quanqiuren"]) and out["fan"] == 2
    assert out["deltas"][2] == -70


def test_quanqiuren_self_drawn_is_only_pengpenghu():
    melds = [pong("E", 0), pong("S", 2), pong("W", 3), kong("N", 0)]
    out = score("5p", "5p", winner=1, melds=melds)
    assert out["hands"] == ["pengpenghu"] and out["fan"] == 1


def test_a_concealed_kong_breaks_quanqiuren_but_keeps_menqing():
    melds = [pong("E", 0), pong("S", 2), pong("W", 3), concealed_kong("N")]
    out = score("5p", "5p", winner=1, discarder=2, melds=melds)
    assert "quanqiuren" not in out["hands"] and "menqing" not in out["hands"]
    out = score("123m 456m 5p", "5p", winner=1, discarder=2, melds=[concealed_kong("N"), concealed_kong("E")])
    assert out["hands"] == ["pinghu", "menqing"] and out["deltas"][2] == -10


def test_the_dealer_winning_on_his_dealt_tiles_is_an_ordinary_self_draw():
    out = run_out(["123m 456m 789m 123p 99p", "147m 258p 369s ESWN", "147m 258p 369s ESWN", "258m 147p 147s ESWN"],
                  "E ...", [act(0, "win")])
    assert win(out["result"]) == {"seat": 0, "from": None, "hands": ["pinghu", "menqing"], "fan": None}
    assert out["result"]["deltas"] == [24, -8, -8, -8]


# ---------------------------------------------------------------------------------------------------- doubling
def test_gangshanghua_doubles_and_quadruples_with_menqing():
    out = score("123m 456m 789p 1s", "1s", winner=1, melds=[concealed_kong("E")], flags=["after_kong"])
    assert same(out["hands"]) == same(["pinghu", "menqing", "gangshanghua"])
    assert out["deltas"] == [-16, 32, -8, -8]


def test_gangshangpao_doubles():
    out = score("123m 456m 789p 1s", "1s", winner=1, discarder=2, melds=[kong("E", 3)], flags=["after_kong"])
    assert same(out["hands"]) == same(["pinghu", "gangshangpao"]) and out["deltas"] == [0, 10, -10, 0]


def test_menqing_on_a_discard_doubles_and_can_be_switched_off():
    assert score("123m 456m 789p EE 12s", "3s", winner=1, discarder=2)["deltas"] == [0, 10, -10, 0]
    off = score("123m 456m 789p EE 12s", "3s", winner=1, discarder=2, options={"xing": False, "menqing_x2": False})
    assert off["deltas"] == [0, 5, -5, 0] and "menqing" in off["hands"]


# ---------------------------------------------------------------------------------------------------- 醒
def k(names: str) -> list[int]:
    return parse_tiles(T(names))


def opts(**raw):
    return GUILIU.parse_options(raw, 4)


def test_xing_counts_the_next_and_previous_kinds_in_the_ring():
    hand = k("44p 6p 5p 1s 9s")
    assert xing_count(hand, k("5p")[0], opts()) == 3
    assert xing_count(hand, k("9s")[0], opts()) == 1  # 9s: 上醒 1s (wraps), 下醒 8s
    assert xing_count(k("S N E W"), k("E")[0], opts()) == 2  # 东: 上醒 南, 下醒 北
    assert xing_count(k("C F"), k("P")[0], opts()) == 2  # 白: 上醒 中, 下醒 发


def test_xing_any_suit_and_zhong_xing():
    hand = k("4m 6s 5p 5m 4p")
    assert xing_count(hand, k("5p")[0], opts()) == 1
    assert xing_count(hand, k("5p")[0], opts(xing_any_suit=True)) == 3
    assert xing_count(hand, k("5p")[0], opts(zhong_xing=True)) == 2
    assert xing_count(hand, k("5p")[0], opts(xing_any_suit=True, zhong_xing=True)) == 5
    assert xing_count(k("S E N"), k("E")[0], opts(xing_any_suit=True, zhong_xing=True)) == 3  # honours: own ring


def test_chong_xing_turns_again_on_three_and_stops_when_switched_off():
    hand = k("44p 6p 1s")
    assert xing_run(hand, k("5p 9s 9s"), opts(), last_tile=False, win_tile=0) == (4, 2)
    assert xing_run(hand, k("5p 9s 9s"), opts(chong_xing=False), last_tile=False, win_tile=0) == (3, 1)
    assert xing_run(hand, k("5p"), opts(), last_tile=False, win_tile=0) == (3, 1)  # nothing left to turn


def test_on_the_last_tile_the_winning_tile_is_the_turned_tile_without_chong_xing():
    out = score("44p 678p 123m 12s", "3s", winner=2, discarder=1, melds=[pong("E", 3)], options={},
                flags=["last_tile"], xing="5p 9s")
    # turned: the winning 3s; 2s and 4s are its 醒: one 2s → 醒数 1
    assert out["deltas"] == [0, -(5 + 3), 8, 0]


def test_xing_on_a_self_draw_adds_to_each_payment_before_doubling():
    # 2m turned: 1m and 3m are its 醒, 醒数 2; 门清 doubles (4 + 2) for the dealer and (2 + 2) for the others
    out = score("123m 456m 789p EE 12s", "3s", winner=1, options={}, xing="2m")
    assert out["deltas"] == [-12, 28, -8, -8]


def test_xing_flips_in_a_round_and_two_winners_share_one_sequence():
    # the dealer's 5p wins for seat 1 (44s 55s 66s …) and seat 2 (55p 234s …). 5s is turned: four 醒 for seat 1,
    # who turns again (2p: none); one for seat 2, who stops there. One flip shows both tiles.
    hands = ["5p 147m 28p 36s SWNCF P", "44s 55s 66s 123m 789m 5p", "55p 234s 789s EEE 99m", "258m 369p 1s 9s SWN CF"]
    out = run_out(hands, "5s 2p 1s ...", [d(0, "5p"), act(1, "win"), act(2, "win")], options={})
    flips = [e for e in out["events"] if e["type"] == "flip"]
    assert [(f["kind"], f["tiles"], f["hits"]) for f in flips] == [("xing", ["5s", "2p"], {"1": 4, "2": 1})]
    # 门清 doubles each: seat 1 (5 + 4 × 3) × 2 = 34, seat 2 (5 + 1 × 3) × 2 = 16
    assert out["result"]["deltas"] == [-50, 34, 16, 0]


def test_the_flip_says_what_each_turned_tile_counts_for_each_winner():
    # the same round: seat 1's 4 are all from 5s (its 4s 4s 6s 6s), 2p counts nothing for him; seat 2's 1 is from 5s
    # (his 4s), and he never turned 2p: 0 for it. The counts add up to the hits, one number per turned tile
    hands = ["5p 147m 28p 36s SWNCF P", "44s 55s 66s 123m 789m 5p", "55p 234s 789s EEE 99m", "258m 369p 1s 9s SWN CF"]
    out = run_out(hands, "5s 2p 1s ...", [d(0, "5p"), act(1, "win"), act(2, "win")], options={})
    flip = next(e for e in out["events"] if e["type"] == "flip")
    assert flip["counts"] == {"1": [4, 0], "2": [1, 0]}
    assert {seat: sum(c) for seat, c in flip["counts"].items()} == flip["hits"]


def test_the_flip_counts_of_the_worked_example_and_of_the_last_tile():
    # worked example 4 as a round: 5p turned (4p 4p 6p: 3) turns 9s (its 上醒 1s: 1) and stops there
    hands = ["5m 147m 28p 36s SWNC F P", "123m 46m 44p 678p 123s", "5p 147s 258m 369p NCE", "258s 147p 369m EN CF"]
    out = run_out(hands, "5p 9s 9s ...", [d(0, "5m"), act(1, "win")], options={"menqing_x2": False})
    flips = [e for e in out["events"] if e["type"] == "flip"]
    assert [(f["tiles"], f["hits"], f["counts"]) for f in flips] == [(["5p", "9s"], {"1": 4}, {"1": [3, 1]})]
    # the chong_xing run in numbers: each turned tile's own count, their sum the 醒数
    hand = k("44p 6p 1s")
    assert xing_counts(hand, k("5p 9s 9s"), opts(), last_tile=False, win_tile=0) == [3, 1]
    assert xing_counts(hand, k("5p 9s 9s"), opts(chong_xing=False), last_tile=False, win_tile=0) == [3]
    assert xing_counts(hand, k("5p 5p 9s"), opts(), last_tile=False, win_tile=0) == [3, 3, 1]
    assert xing_counts(hand, k("9s"), opts(), last_tile=True, win_tile=k("5p")[0]) == [3]  # 海底: the winning tile


# ---------------------------------------------------------------------------------------------------- kongs
def test_kong_points():
    hands = ["E 147m 258p 369s SWN F", "EEE 258m 369p 147s C", "147m 258p 369s SWNP", "258m 147p 147s SWNF"]
    out = run_out(hands, "1s 2s 3s 4s 5s ...", [d(0, "E"), act(1, "kong"), d(1, "C")])
    assert scores(out, "kong") == [[-3, 3, 0, 0]]


def test_concealed_kong_each_pays_2_and_void_on_exhaustion_when_chosen():
    hands = ["EEEE 47m 258p 369s S F", "147m 258p 369s SWNC", "147m 258p 369s SWNP", "258m 147p 147s SWNF"]
    out = run_out(hands, "1m 9m", [act(0, "concealed_kong", "E"), d(0, "F"), d(1, "9m")])
    assert out["result"]["exhausted"] and out["result"]["deltas"] == [6, -2, -2, -2]
    out = run_out(hands, "1m 9m", [act(0, "concealed_kong", "E"), d(0, "F"), d(1, "9m")],
                  options={"xing": False, "kong_on_draw": False})
    assert out["result"]["deltas"] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------------------------------- 互包
def test_mutual_pairs_form_from_three_claims_one_way():
    claims = [[0, 0, 0], [3, 0, 0], [2, 2, 0]]  # 1 claimed three of 0's; 2 claimed two of 0's and two of 1's
    assert mutual_pairs(claims) == [[0, 1]]


def test_hubao_self_draw_the_partner_pays_twice_the_total():
    # the seed's case: A (dealer, seat 0) self-draws 平胡 for 4 each = 12; B (seat 1) pays 24, the others nothing
    out = score("123m 456m 789p 1s", "1s", winner=0, melds=[pong("E", 1)], hubao=[[0, 1]])
    assert out["deltas"] == [24, -24, 0, 0]


def test_hubao_self_draw_with_two_partners():
    out = score("123m 456m 789p 1s", "1s", winner=1, melds=[pong("E", 0)], hubao=[[0, 1], [1, 2]])
    assert out["deltas"] == [-16, 32, -16, 0]  # total 8: each partner pays 16


def test_hubao_a_win_on_anothers_discard_the_partner_pays_the_same():
    out = score("123m 456m 789p 1s", "1s", winner=1, discarder=3, melds=[pong("E", 0)], hubao=[[0, 1]])
    assert out["deltas"] == [-5, 10, 0, -5]


def test_hubao_the_partner_who_discarded_pays_double():
    out = score("123m 456m 789p 1s", "1s", winner=1, discarder=0, melds=[pong("E", 2)], hubao=[[0, 1]])
    assert out["deltas"] == [-10, 10, 0, 0]


def test_hubao_settles_two_winners_through_score_amounts():
    from game.engine.variant import TableFacts, Win
    from game.engine.wincheck import WinCheck
    from game.engine.scoring import WinContext

    options = GUILIU.parse_options({"xing": False, "menqing_x2": False}, 4)
    table = TableFacts(4, 3, options, {"hubao": [[0, 1]]})
    check = WinCheck.at(GUILIU, options, 4)

    def ev(winner: int, concealed: str, win_tile: str, melds=()):
        ctx = WinContext(options=options, players=4, dealer=3, winner=winner, discarder=2,
                         concealed=k(concealed), win_tile=k(win_tile)[0], melds=list(melds),
                         context={"hubao": [[0, 1]]})
        return Win(winner, 2, check.evaluate(ctx, table))

    a = ev(0, "11s 33s 44m 66m 77p CC 5s", "5s")           # 七对: 35
    b = ev(1, "123m 789m 11p 22p 33p 5s", "5s")             # 平胡: 5
    deltas = [0] * 4
    for item in GUILIU.settle_wins(table, [a, b]):
        deltas = [x + y for x, y in zip(deltas, item.deltas)]
    assert deltas == [35 + 35 - 5, 5 + 5 - 35, -40, 0]


# ---------------------------------------------------------------------------------------------------- 追牌
ZHUI_HANDS = ["C 147m 258p 369s SWN F", "C 369m 147p 147s SWN", "C 258m 369p 258s EWN", "C 147m 258m 147s WNP"]
ZHUI = [d(0, "C"), d(1, "C"), d(2, "C"), d(3, "C")]


def test_zhui_the_dealer_pays_2_to_each_at_once():
    out = run_out(ZHUI_HANDS, "1s 2s 3s 4s 5s 6s", ZHUI)
    assert scores(out, "zhui") == [[-6, 2, 2, 2]]


def test_zhui_off_and_below_four_players():
    assert scores(run_out(ZHUI_HANDS, "1s 2s 3s 4s 5s 6s", ZHUI, options={"xing": False, "zhui": False})) == []
    out = run_out(ZHUI_HANDS[:3], "1s 2s 3s 4s 5s", ZHUI[:3])
    assert scores(out) == []
    assert not GUILIU.parse_options({}, 3).applies("zhui", 3) and GUILIU.parse_options({}, 4).applies("zhui", 4)


# seat 2 holds four 6p: a concealed kong in the first go-around is a call in between (rules/common.md)
KONG_BETWEEN = ["C 147m 258p 369s SWN F", "C 369m 147p 147s SWN", "C 6666p 258m 258s EW", "C 147m 258m 147s WNP"]


def test_zhui_broken_by_a_concealed_kong_in_between():
    out = run_out(KONG_BETWEEN, "1s 2s 3s 4s 5s 6s 7s", [d(0, "C"), d(1, "C"), act(2, "concealed_kong", "6p"),
                                                          d(2, "C"), d(3, "C")])
    assert scores(out, "zhui") == []
    assert scores(run_out(KONG_BETWEEN, "1s 2s 3s 4s 5s 6s 7s", ZHUI), "zhui") == [[-6, 2, 2, 2]]


# ---------------------------------------------------------------------------------------------------- 烂牌 shape
def test_lanpai_waits_distance_and_win():
    hand = counts_of(k(LAN))
    assert LANPAI.waits(hand) == k("C F P") and LANPAI.distance(hand) == 0
    assert LANPAI.is_win(counts_of(k(LAN + " F"))) and LANPAI.distance(counts_of(k(LAN + " F"))) == -1
    assert LANPAI.distance(counts_of(k(LAN + " E"))) == 0  # a pair: one tile away
    # two tiles of one suit closer than 3 apart cannot both be in it; a pair never
    assert LANPAI.distance(counts_of(k("12m 258p 369s ESWN C"))) == 1
    assert LANPAI.distance(counts_of(k("11m 258p 369s ESWN C"))) == 1
    # every suit present, at least five honours
    assert not LANPAI.is_win(counts_of(k("147m 258p 369p ESWN CF")))
    assert not LANPAI.is_win(counts_of(k("147m 258p 369s 1s ESWN")))  # four honours, 1s and 3s too close anyway
    assert LANPAI.is_win(counts_of(k("17m 28p 39s 5m 5p 5s E"))) is False
    assert LANPAI.distance(counts_of(k("1m 1m"))) == FAR


def test_lanpai_is_won_on_a_discard_in_a_round():
    hands = ["F 123m 456m 789m 11p 2p 9s", LAN, "258m 147p 147s SSWN", "369m 369p 258s NNW P"]
    out = run_out(hands, "1p ...", [d(0, "F"), act(1, "win")])
    assert win(out["result"]) == {"seat": 1, "from": 0, "hands": ["lanpai", "menqing"], "fan": None}
    assert out["result"]["deltas"] == [-16, 16, 0, 0]


# ---------------------------------------------------------------------------------------------------- 过胡不胡
# seat 3 waits on 5m and 7m (平胡) and on 6m (碰碰胡, 1 fan); seats 1 and 2 hold nothing to claim with
GUO_HANDS = ["5m 1m 258p 36s EE SS W CF", "7m 6m 147p 258s ESWN C", "239m 369p 47s ESWN F", "111s 444m 6m 888m 999s"]


def guo_run(actions: list[dict]) -> dict:
    hands = [T(h) for h in GUO_HANDS]
    doc = {"variant": "guiliu", "hands": hands, "wall": pad_wall(hands, T("1m 9m 3p 4p")), "options": XING_OFF,
           "actions": actions}
    try:
        return cmd_run(doc)
    except CliError as exc:
        return exc.payload


def test_a_passed_win_bars_discard_wins_that_are_not_higher():
    out = guo_run([d(0, "5m"), act(3, "pass"), d(1, "7m"), act(3, "win")])
    assert out["ok"] is False and out["error"] == "illegal_action" and out["index"] == 3


def test_a_passed_win_allows_a_higher_one():
    out = guo_run([d(0, "5m"), act(3, "pass"), d(1, "6m"), act(3, "win")])
    assert win(out["result"]) == {"seat": 3, "from": 1, "hands": ["pengpenghu", "menqing"], "fan": 1}


def test_a_draw_lifts_the_bar():
    actions = [d(0, "5m"), act(3, "pass"), d(1, "1p"), d(2, "2m"), d(3, "3p"), d(0, "1m"), d(1, "7m"), act(3, "win")]
    assert win(guo_run(actions)["result"])["hands"] == ["pinghu", "menqing"]


def test_only_a_win_may_claim_the_last_discard():
    hands = [GUO_HANDS[0], GUO_HANDS[1], "99m 23m 369p 47s ESW F", "111s 444m 6m 888m 5s 5s N"]
    doc = {"variant": "guiliu", "hands": [T(h) for h in hands], "wall": ["9m"], "options": XING_OFF,
           "actions": [d(0, "W"), d(1, "9m"), act(2, "pong")]}
    with pytest.raises(CliError) as info:
        cmd_run(doc)
    assert info.value.payload["error"] == "illegal_action"
    doc["actions"] = doc["actions"][:2]
    assert cmd_run(doc)["result"]["exhausted"] is True
