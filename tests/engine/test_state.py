"""The round state machine, through a small test-only rule set (chow, flowers, wildcards) and through Nanning."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.variants import get_variant
from tests.engine.toy_variant import VARIANT as TOY


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def k(name: str) -> int:
    return parse_tile(name)


def toy_round(hands: list[str], wall: str, *, ghost: str | None = None, **opts):
    options = TOY.parse_options({"ghost": "flip_next" if ghost else "none", **opts}, len(hands))
    return round_from_scenario(TOY, options, len(hands), 0, [T(h) for h in hands], T(wall),
                               ghost=k(ghost) if ghost else None)


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# hands that can neither win nor claim anything in these scenarios (no pairs, no two tiles within two of each other)
JUNK_A = "1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N"
JUNK_B = "2m 5m 8m 2p 5p 8p 2s 5s 8s E S W N"
JUNK_C = "3m 6m 9m 3p 6p 9p 3s 6s 9s E S W N"


def test_chow_is_offered_only_to_the_next_player_with_every_choice():
    rnd, _ = toy_round(["4m 1p 4p 7p 1s 4s 7s E S W N C F P", "2m 3m 5m 6m 2p 5p 8p 2s 5s 8s E S W",
                        JUNK_C.replace("3m", "3m").replace("6m", "5m"), "3m 5m 9p 3p 6p 3s 6s 9s E S W N C"],
                       "F F", flowers=False)
    rnd.apply(Action(0, "discard", k("4m")))
    chows = sorted(a.tiles for a in rnd.legal_actions(1) if a.type == "chow")
    assert chows == [(k("2m"), k("3m")), (k("3m"), k("5m")), (k("5m"), k("6m"))]
    assert rnd.legal_actions(3) == []  # seat 3 holds 3m 5m but is not the next player
    events = rnd.apply(Action(1, "chow", k("4m"), (k("3m"), k("5m"))))
    assert events[-1] == {"type": "chow", "actor": 1, "target": 0, "tile": "4m", "consumed": ["3m", "5m"]}
    assert rnd.current == 1 and rnd.turn_source == "claim"
    assert {a.type for a in rnd.legal_actions(1)} == {"discard"}  # after a call: discard, no draw, no self-draw
    assert rnd.seats[1].melds[0].tiles == T("3m 4m 5m")


def test_pong_beats_chow_whatever_order_the_answers_come_in():
    rnd, _ = toy_round(["4m 1p 4p 7p 1s 4s 7s E S W N C F P", "2m 3m 5m 6m 2p 5p 8p 2s 5s 8s E S W",
                        "4m 4m 9m 3p 6p 9p 3s 6s 9s E S W N", JUNK_A.replace("4m", "8m")], "F F", flowers=False)
    rnd.apply(Action(0, "discard", k("4m")))
    rnd.apply(Action(1, "chow", k("4m"), (k("2m"), k("3m"))))
    events = rnd.apply(Action(2, "pong"))  # the claimed tile may be left implicit
    assert events[-1]["type"] == "pong" and rnd.current == 2
    assert rnd.seats[1].melds == [] and rnd.claims_from[2][0] == 1


def test_flowers_are_set_aside_and_replaced_from_the_front_of_the_wall():
    rnd, events = toy_round(["1f 1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N", "2f 2m 5m 8m 2p 5p 8p 2s 5s 8s E S W",
                             JUNK_C, "3m 6m 9m 3p 6p 9p 3s 6s 9s C F P N"], "C 3f P 8s 9s")
    # the dealer's flower from the deal is replaced at once
    assert [(e["type"], e.get("tile")) for e in events if e["type"] in ("flower", "draw")] == [
        ("flower", "1f"), ("draw", "C")]
    total = rnd.tile_total()
    events = rnd.apply(Action(0, "discard", k("N")))
    seq = [(e["type"], e.get("tile")) for e in events if e["type"] in ("flower", "draw")]
    # seat 1 sets aside his 2f, its replacement 3f is a flower too and is replaced by P; then his turn's draw
    assert seq == [("flower", "2f"), ("draw", "3f"), ("flower", "3f"), ("draw", "P"), ("draw", "8s")]
    assert rnd.seats[1].flowers == [k("2f"), k("3f")]
    assert rnd.seats[1].concealed_count() == 14
    assert rnd.tile_total() == total
    assert not rnd.after_flower  # the last tile came from the ordinary draw


def test_a_self_draw_on_a_flower_replacement_carries_after_flower():
    # seat 1 waits on P; his turn's draw is a flower, replaced by P
    rnd, _ = toy_round(["1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N C", "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p P P",
                        JUNK_B, JUNK_C], "4f P 5s")
    rnd.apply(Action(0, "discard", k("C")))
    assert rnd.after_flower and Action(1, "win") in rnd.legal_actions(1)
    events = rnd.apply(Action(1, "win"))
    assert "after_flower" in next(e for e in events if e["type"] == "win")["flags"]


def test_a_wildcard_completes_a_win_but_cannot_pong_with_another_tile():
    # wildcard 5s. Seat 1: 7m + a wildcard; 7m 7m pair and wildcard + 9s 9s a pong -> wins on 7m
    # Seat 2: one 7m and one wildcard: no pong of 7m with the wildcard.
    rnd, _ = toy_round(["7m 1m 2m 3m 4m 5m 6m 7p 8p 9p E E W N",
                        "7m 5s 1p 1p 1p 2p 2p 2p 3s 3s 3s 9s 9s",
                        "7m 5s 4p 4p 4p 6s 6s 6s 8s 8s 8s S W", JUNK_C.replace("9p", "9m").replace("3s", "C")],
                       "F F", ghost="5s")
    rnd.apply(Action(0, "discard", k("7m")))
    assert rnd.legal_actions(1) == [Action(1, "win"), Action(1, "pass")]
    assert 2 not in rnd.window.options  # 7m + wildcard is no pong
    events = rnd.apply(Action(1, "win"))
    win = next(e for e in events if e["type"] == "win")
    assert (win["actor"], win["target"], win["tile"]) == (1, 0, "7m")
    assert rnd.finished and sum(rnd.deltas()) == 0


def test_two_wildcards_may_pong_a_discarded_wildcard():
    rnd, _ = toy_round(["5s 1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N", JUNK_B.replace("5s", "6s"),
                        "5s 5s 3m 6m 9m 3p 6p 9p E S W N C", JUNK_C], "F F", ghost="5s")
    rnd.apply(Action(0, "discard", k("5s")))
    assert Action(2, "pong", k("5s")) in rnd.legal_actions(2)


def test_only_the_first_winner_in_turn_order_wins_where_the_variant_says_so():
    rnd, _ = toy_round(["E 2s 2s 2s 3s 3s 3s 4s 4s 4s 6s 7s 8s F",
                        "1s 4s? 7s 2p 5p 8p 3m 6m 9m S W N C".replace("4s? ", "5s "),
                        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p E E", "1s 2s 3s 4p 5p 6p 7p 8p 9p 9s 9s 9s E"],
                       "N N", flowers=False)
    rnd.apply(Action(0, "discard", k("E")))
    assert set(rnd.window.options) == {2, 3}
    rnd.apply(Action(3, "win"))
    rnd.apply(Action(2, "win"))
    assert [w.seat for w in rnd.wins] == [2]  # 截胡: seat 2 comes first after the discarder
    assert rnd.deltas() == [-1, 0, 1, 0]


def test_a_passed_win_bars_discard_wins_until_the_next_draw():
    # seat 2 waits on E and 1p; he passes E, then seat 1 discards 1p: barred (any discard) until he draws
    rnd, _ = toy_round(["E 2s 2s 2s 3s 3s 3s 4s 4s 4s 6s 7s 8s F", "1s 5s 7s 2p 5p 8p 3m 6m 9m S W N C",
                        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p E E", "1s 9p 3s 4p 5p 6p 7p 8p 9s 9s 9s E N"],
                       "1p 6s 9m", flowers=False)
    rnd.apply(Action(0, "discard", k("E")))
    rnd.apply(Action(2, "pass"))
    assert rnd.seats[2].lock_all and rnd.current == 1
    rnd.apply(Action(1, "discard", k("1p")))
    assert rnd.legal_actions(2) == [Action(2, "pong", k("1p")), Action(2, "pass")]  # no win while barred
    rnd.apply(Action(2, "pass"))
    assert rnd.current == 2 and not rnd.seats[2].lock_all  # his draw lifted the bar


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    rnd, _ = toy_round(["1m 1m 1m 9m 9m 9m E E E S S S N W", "2m 5m 8m 2p 5p 8p 2s 5s 8s C F P N",
                        "3m 6m 9m 3p 6p 9p 3s 6s 9s C F P N", "4m 7m 1p 4p 7p 1s 4s 7s C F P W N"],
                       "1p 2p 3p", flowers=False)
    version, hand = rnd.version, list(rnd.seats[0].hand)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        rnd.apply(Action(2, "discard", k("3m")))
    with pytest.raises(IllegalAction, match="holds no 5s"):
        rnd.apply(Action(0, "discard", k("5s")))
    with pytest.raises(IllegalAction, match="no discard to pong"):
        rnd.apply(Action(0, "pong", k("1m")))
    with pytest.raises(IllegalAction, match="not a winning hand"):
        rnd.apply(Action(0, "win"))
    assert rnd.version == version and rnd.seats[0].hand == hand


ROB_HANDS = ["5p 1m 4m 7m 1s 4s 7s E S W N C F P", "5p 5p 2m 5m 8m 2s 5s 8s E S W N C",
             "3m 6m 9m 3s 6s 9s 9p E S W N F P", "1m 2m 3m 4p 6p 7s 8s 9s 1s 1s 1s 2s 2s"]


def test_an_added_kong_can_be_robbed_and_the_kong_is_void():
    rnd, _ = toy_round(ROB_HANDS, "W S E 5p 9p 9p", flowers=False)
    rnd.apply(Action(0, "discard", k("5p")))
    assert Action(3, "win") in rnd.legal_actions(3)
    rnd.apply(Action(3, "pass"))
    rnd.apply(Action(1, "pong"))
    rnd.apply(Action(1, "discard", k("C")))
    rnd.apply(Action(2, "discard", k("W")))
    rnd.apply(Action(3, "discard", k("S")))
    rnd.apply(Action(0, "discard", k("E")))
    assert rnd.drawn == k("5p") and Action(1, "added_kong", k("5p")) in rnd.legal_actions(1)
    events = rnd.apply(Action(1, "added_kong", k("5p")))
    assert types(events) == ["added_kong_declared"] and rnd.window.kind == "rob"
    events = rnd.apply(Action(3, "win"))
    win = next(e for e in events if e["type"] == "win")
    assert win["target"] == 1 and "robbing_kong" in win["flags"]
    assert [m.type for m in rnd.seats[1].melds] == ["pong"]  # the kong never stood
    assert not any(e["type"] == "score" and e["reason"] == "kong" for e in events)
    assert rnd.deltas() == [0, -1, 0, 1]


def test_a_kong_passed_up_and_added_later_is_late():
    rnd, _ = toy_round(ROB_HANDS, "5p S E W 9p 9p", flowers=False)
    rnd.apply(Action(0, "discard", k("5p")))
    rnd.apply(Action(3, "pass"))
    rnd.apply(Action(1, "pong"))
    rnd.apply(Action(1, "discard", k("C")))
    rnd.apply(Action(2, "discard", k("5p")))  # seat 2 drew the fourth 5p and threw it: no claim for seat 1
    rnd.pass_all()
    assert rnd.current == 3
    rnd2, _ = toy_round(ROB_HANDS, "S E W 5p 9p 9p 8p 8p 2p 3p", flowers=False)
    rnd2.apply(Action(0, "discard", k("5p")))
    rnd2.apply(Action(3, "pass"))
    rnd2.apply(Action(1, "pong"))
    rnd2.apply(Action(1, "discard", k("C")))
    for seat, tile in ((2, "S"), (3, "E"), (0, "W")):
        rnd2.apply(Action(seat, "discard", k(tile)))
    rnd2.apply(Action(1, "discard", k("2m")))  # keeps the drawn 5p back
    rnd2.pass_all()
    for seat, tile in ((2, "9p"), (3, "9p")):
        rnd2.apply(Action(seat, "discard", k(tile)))
        rnd2.pass_all()
    rnd2.apply(Action(0, "discard", k("8p")))
    rnd2.pass_all()
    events = rnd2.apply(Action(1, "added_kong", k("5p")))
    rnd2.pass_all()
    added = [m for m in rnd2.seats[1].melds if m.type == "added_kong"]
    assert added and added[0].late
    assert not any(e["type"] == "score" for e in events)


def test_the_round_is_exhausted_when_no_drawable_tile_remains():
    rnd, _ = toy_round(["1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N C", JUNK_B, JUNK_C, "F P 2m 5m 8m 3p 6p 9p 1s 4s 7s C F"],
                       "P", flowers=False)
    rnd.apply(Action(0, "discard", k("C")))
    rnd.pass_all()  # seat 3 could pong C
    assert rnd.current == 1 and rnd.drawable() == 0
    events = rnd.apply(Action(1, "discard", k("P")))
    events += rnd.pass_all()
    assert "exhausted" in types(events) and rnd.finished and rnd.exhausted
    assert rnd.result()["next_dealer"] == 0


def test_nanning_concealed_kong_draws_its_replacement_from_the_front():
    nn = get_variant("nanning")
    opts = nn.parse_options({}, 4)
    rnd, _ = round_from_scenario(nn, opts, 4, 0, [T("9s 9s 9s 9s 1m 2m 3m 4p 5p 6p 7p 8p E E"), T(JUNK_B),
                                                  T("1s 2s 3s 4s 5s 6s 7s 8s 2m 2m 3m 3m 4m"),
                                                  T("4m 5m 6m 7m 8m 9m 1s 1s 6s 6s 7s 7s 8s")],
                                 T("9p W N"))
    events = rnd.apply(Action(0, "concealed_kong", k("9s")))
    assert types(events) == ["concealed_kong", "score", "draw"]
    assert events[1]["deltas"] == [3, -1, -1, -1]
    assert events[2]["tile"] == "9p" and events[2]["replacement"]
    assert Action(0, "win") in rnd.legal_actions(0)
    events = rnd.apply(Action(0, "win"))
    win = next(e for e in events if e["type"] == "win")
    assert win["hands"] == ["gangshanghua", "menqianqing"]
    # 杠上花 n = 1 with 门前清: each other pays 4; the kong's 1 each stands
    assert rnd.deltas() == [12 + 3, -5, -5, -5]
