"""Every hand type of every rule set, and every small hand it lists (平胡, 门前清, 自摸 …), has an example hand
(HandType.example, SmallHand.example, drawn by rules help), and the rule set's own scoring finds it in that hand.

Each example is read the way rules help reads it (parse_example) and scored through the engine's contract
(`cmd_score`, what `python -m game.engine score` prints), at the table's default options unless the example names
one. The winner sits South (seat 1) and a discard comes from the dealer (seat 0), unless the example says the winner
deals; melds are fed by the seats in turn, a chow by the seat before the winner."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.tiles import FIRST_FLOWER, parse_tile, tile_name, tile_names
from game.headless.engine_cli import cmd_score
from game.engine.examples import Example, parse_example
from game.variants import AVAILABLE, get_variant

CASES = [(vid, t) for vid in AVAILABLE for t in (*get_variant(vid).small_hands, *get_variant(vid).hand_types)]


def score_request(vid: str, ex: Example) -> dict:
    players = get_variant(vid).player_counts[-1]
    winner = 0 if ex.dealer else 1
    others = [s for s in range(players) if s != winner]
    melds = []
    for i, (mtype, tiles) in enumerate(ex.melds):
        meld = {"type": mtype, "tiles": tile_names(tiles)}
        if mtype == "chow":
            meld["from"] = (winner - 1) % players
        elif mtype != "concealed_kong":
            meld["from"] = others[i % len(others)]
        melds.append(meld)
    context = dict(ex.context)
    if ex.flowers:
        context["flowers"] = tile_names(ex.flowers)
    return {"variant": vid, "players": players, "dealer": 0, "winner": winner,
            "discarder": None if ex.self_draw else (0 if winner else players - 1),
            "concealed": tile_names(ex.concealed), "win_tile": tile_name(ex.win_tile), "melds": melds,
            "flags": ex.flags, "context": context, "options": ex.options}


def test_every_hand_type_has_an_example():
    missing = [f"{vid}.{t.id}" for vid, t in CASES if not t.example]
    assert not missing


@pytest.mark.parametrize("vid,hand", CASES, ids=[f"{vid}-{t.id}" for vid, t in CASES])
def test_the_example_scores_as_its_hand_type(vid, hand):
    ex = parse_example(hand.example)
    out = cmd_score(score_request(vid, ex))  # raises on an illegal hand, a hand that is no win or below the minimum
    assert out["ok"] is True
    assert hand.id in out["hands"], (hand.example, out["hands"])


@pytest.mark.parametrize("vid,hand", CASES, ids=[f"{vid}-{t.id}" for vid, t in CASES])
def test_the_example_is_a_legal_tile_set(vid, hand):
    ex = parse_example(hand.example)
    v = get_variant(vid)
    opts = v.parse_options(ex.options, v.player_counts[-1])
    tiles = [*ex.concealed, ex.win_tile, *(k for _, meld in ex.melds for k in meld), *ex.flowers]
    assert len(ex.concealed) + 3 * len(ex.melds) == 13
    counts = Counter(tiles)
    # a wildcard is a tile of its own kind, whatever it stands for; a turned indicator (翻鬼) shows one more of it
    ghost = ex.context.get("ghost")
    if ghost is not None and getattr(opts, "ghost", None) == "flip":
        counts[parse_tile(ghost)] += 1
    if "robbing_kong" in ex.flags:
        counts[ex.win_tile] += 3  # the robbed pong, on the table
    over = {tile_name(k): n for k, n in counts.items() if n > (1 if k >= FIRST_FLOWER else 4)}
    assert not over, hand.example
    for mtype, meld in ex.melds:
        if mtype == "chow":
            assert sorted(meld) == list(range(min(meld), min(meld) + 3)), hand.example
        else:
            assert len(set(meld)) == 1 and len(meld) == (3 if mtype == "pong" else 4), hand.example


def test_a_malformed_example_is_refused():
    for bad in ("1m 2m", "1m | win 1m", "1m | win 1m later", "1m | shout 1m | win 1m self", "1x | win 1m self"):
        with pytest.raises(ValueError):
            parse_example(bad)
