"""The yardstick (`baseline`, shared/DESIGN.md §3.3) and what every level shares: always legal, takes wins, keeps
wildcards. The player levels' own skills are in test_player.py."""

from __future__ import annotations

import random

from game.ai import LEVELS, YARDSTICK, make_bot
from game.ai.baseline import BaselineBot
from game.engine.seat_state import SeatState
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.variants import get_variant

BEIHAI = get_variant("beihai")
NANNING = get_variant("nanning")
GUANGDONG = get_variant("guangdong")
ALL = (YARDSTICK, *LEVELS)


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def test_the_bot_takes_a_win_when_offered():
    rnd, _ = round_from_scenario(NANNING, NANNING.parse_options({}, 4), 4, 0,
                                 [T("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p E E E"), T("2p 5p 8p 2s 5s 8s S W N C F P 3p"),
                                  T("3m 6m 9m 3s 6s 9s S W N C F P 4p"), T("1s 4s 7s 7p 8p 9p S W N C F P 4s")],
                                 T("9s 9s"))
    for level in ALL:
        assert make_bot(level).choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)) == Action(0, "win")


def test_the_bot_never_throws_a_wildcard_it_can_use():
    opts = BEIHAI.parse_options({"ghost": "flip", "horses": 0}, 4)
    hands = [T("5s 1m 1m 2m 3m 9p 9p 4s 6s E E S W N"), T("2p 5p 8p 2s 8s 3m 6m 9m S W N C F"),
             T("3p 6p 7p 3s 6s 9s 4m 7m C F P P P"), T("1s 4s 7s 7p 8p 1p 2m 5m 8m C F C 4p")]
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, hands, T("9s 9s 9s"), ghost=parse_tile("5s"))
    for level in ALL:
        bot = make_bot(level, seed=3)
        for _ in range(20):
            assert bot.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)).tile != parse_tile("5s")


def test_random_seats_always_get_a_legal_answer():
    from game.engine.state import new_round

    rng = random.Random(5)
    for variant, raw in ((NANNING, {}), (BEIHAI, {"ghost": "flip_next"})):
        for i in range(15):
            players = rng.choice(variant.player_counts)
            rnd, _ = new_round(variant, variant.parse_options(raw, players), players, 0, seed=i)
            bots = [make_bot(rng.choice(ALL), seed=s) for s in range(players)]
            steps = 0
            while not rnd.finished and steps < 600:
                w = rnd.window
                seat = next(s for s in w.options if s not in w.answers) if rnd.phase == "claim" else rnd.current
                legal = rnd.legal_actions(seat)
                action = bots[seat].choose(SeatState.of_round(rnd, seat), legal)
                assert action in legal
                rnd.apply(action)
                steps += 1
            assert rnd.finished


# ---------------------------------------------------------------------------------------------- the yardstick
def _turn(hands: list[str], wall: str = "9s 9s", variant=NANNING, raw: dict | None = None):
    opts = variant.parse_options(raw or {}, 4)
    rnd, _ = round_from_scenario(variant, opts, 4, 0, [T(h) for h in hands], T(wall))
    return rnd


OTHERS = ["2p 5p 8p 2s 5s 8s S W N C F P 3p", "3m 6m 9m 3s 6s 9s S W N C F P 4p", "1s 4s 7s 7p 8p 9p S W N C F P 4s"]


def test_the_yardstick_discards_by_distance_only_ties_by_tile_order():
    # 1m, 9p and N all leave the same distance: the yardstick throws the lowest kind, whatever the shape around it
    rnd = _turn(["1m 4m 5m 6m 2p 3p 4p 7s 8s 9s 9p N E E"] + OTHERS)
    legal = rnd.legal_actions(0)
    assert BaselineBot().choose(SeatState.of_round(rnd, 0), legal) == Action(0, "discard", parse_tile("1m"))
    # and it is the same answer however often it is asked: no randomness
    assert {BaselineBot(seed=s).choose(SeatState.of_round(rnd, 0), legal) for s in range(5)} == {
        Action(0, "discard", parse_tile("1m"))}


def test_the_yardstick_never_chows_and_pongs_when_the_distance_does_not_grow():
    hands = ["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p C C P", "3p 4p 9s 9s 9p 9p S S W W N N F",
             "3m 6m 9m 3s 6s 9s S W N E F P 4p", "1s 4s 7s 7p 8p 5p 5s W N E F P 4s"]
    opts = GUANGDONG.parse_options({"min_fan": 0}, 4)
    rnd, _ = round_from_scenario(GUANGDONG, opts, 4, 0, [T(h) for h in hands], T("9s 1s"))
    rnd.apply(Action(0, "discard", parse_tile("2p")))  # seat 1 may chow 2p with 3p 4p: the yardstick does not
    legal = rnd.legal_actions(1)
    assert any(a.type == "chow" for a in legal)
    assert BaselineBot().choose(SeatState.of_round(rnd, 1), legal).type == "pass"


def test_every_level_is_makeable_and_the_yardstick_is_not_offered_to_players():
    assert LEVELS == ("easy", "normal", "hard", "expert") and YARDSTICK == "baseline"
    assert isinstance(make_bot("baseline"), BaselineBot)
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    try:
        make_bot("godlike")
    except ValueError as exc:
        assert "baseline" in str(exc) and "expert" in str(exc)
    else:
        raise AssertionError("an unknown level was made")
