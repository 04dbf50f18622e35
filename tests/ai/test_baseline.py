"""The baseline bot: always legal, takes wins, keeps wildcards, leans toward a flush where big hands pay."""

from __future__ import annotations

import random

from game.ai.baseline import BaselineBot
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.engine.view import seat_view
from game.variants import get_variant

BEIHAI = get_variant("beihai")
NANNING = get_variant("nanning")


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def test_the_bot_takes_a_win_when_offered():
    rnd, _ = round_from_scenario(NANNING, NANNING.parse_options({}, 4), 4, 0,
                                 [T("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p E E E"), T("2p 5p 8p 2s 5s 8s S W N C F P 3p"),
                                  T("3m 6m 9m 3s 6s 9s S W N C F P 4p"), T("1s 4s 7s 7p 8p 9p S W N C F P 4s")],
                                 T("9s 9s"))
    bot = BaselineBot("normal")
    assert bot.choose(seat_view(rnd, 0), rnd.legal_actions(0)) == Action(0, "win")


def test_the_bot_never_throws_a_wildcard_it_can_use():
    opts = BEIHAI.parse_options({"ghost": "flip", "horses": 0}, 4)
    hands = [T("5s 1m 1m 2m 3m 9p 9p 4s 6s E E S W N"), T("2p 5p 8p 2s 8s 3m 6m 9m S W N C F"),
             T("3p 6p 7p 3s 6s 9s 4m 7m C F P P P"), T("1s 4s 7s 7p 8p 1p 2m 5m 8m C F C 4p")]
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, hands, T("9s 9s 9s"), ghost=parse_tile("5s"))
    for level in ("easy", "normal", "hard"):
        bot = BaselineBot(level, seed=3)
        for _ in range(20):
            assert bot.choose(seat_view(rnd, 0), rnd.legal_actions(0)).tile != parse_tile("5s")


def _first_discard(hand: str, raw: dict, flush: bool = True) -> str:
    from game.engine.tiles import tile_name

    opts = BEIHAI.parse_options(raw, 4)
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(hand):
        rest.remove(k)
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, [T(hand), rest[0:13], rest[13:26], rest[26:39]], rest[39:45])
    bot = BaselineBot("normal")
    if not flush:
        bot._flush_suit = lambda view, counts: None
    return tile_name(bot.choose(seat_view(rnd, 0), rnd.legal_actions(0)).tile)


def test_at_equal_distance_the_bot_keeps_a_flush_where_horses_follow_the_hand():
    # throwing 1m or 9p leaves the same distance; with nine 万 and 马跟胡 the bot keeps its 万
    hand = "1m 5m 5m 6m 6m 7m 8m 9m 9m 9p 5s 9s C P"
    raw = {"ghost": "none", "horses": 4, "horse_value": "follow_hand"}
    assert _first_discard(hand, raw, flush=False) == "1m"  # what connectedness alone picks
    assert _first_discard(hand, raw) == "9p"


def test_without_horses_the_same_lean_needs_a_stronger_suit():
    hand = "1m 5m 5m 6m 6m 7m 8m 9m 9m 9p 5s 9s C P"  # 9 of 14 万: 0.64, under the 0.65 of a table without 马跟胡
    assert _first_discard(hand, {"ghost": "none", "horses": 0}) == "1m"


def test_random_seats_always_get_a_legal_answer():
    from game.engine.state import new_round

    rng = random.Random(5)
    for variant, raw in ((NANNING, {}), (BEIHAI, {"ghost": "flip_next"})):
        for i in range(15):
            players = rng.choice(variant.player_counts)
            rnd, _ = new_round(variant, variant.parse_options(raw, players), players, 0, seed=i)
            bots = [BaselineBot(rng.choice(["easy", "normal", "hard"]), seed=s) for s in range(players)]
            steps = 0
            while not rnd.finished and steps < 600:
                w = rnd.window
                seat = next(s for s in w.options if s not in w.answers) if rnd.phase == "claim" else rnd.current
                legal = rnd.legal_actions(seat)
                action = bots[seat].choose(seat_view(rnd, seat), legal)
                assert action in legal
                rnd.apply(action)
                steps += 1
            assert rnd.finished
