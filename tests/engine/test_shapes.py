"""Win shapes (game.engine.shapes): each shape's is_win, waits and distance against brute force on random hands,
and a ShapeSet (with hand.py's fused fast path) against its parts. The toy rule set's own 烂牌-like shape is held to
the same contract as the built-in ones."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.shapes import FAR, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, ShapeSet, WinShape
from game.engine.tiles import parse_tiles
from tests.engine.test_hand import (minus, near_wins, plus, random_hands, ready_size_hands, ref_seven_pairs_fast,
                                    ref_standard, ref_thirteen_orphans)
from game.variants.guiliu import LANPAI as GUILIU_LANPAI
from tests.engine.toy_variant import LANPAI

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def counts(text: str) -> list[int]:
    c = [0] * 34
    for k in parse_tiles(text.split()):
        c[k] += 1
    return c


# ---------------------------------------------------------------------------------------------- references
def ref_lanpai(c, wild: int) -> bool:
    """Fourteen different tiles, within a suit any two at least 3 apart; wildcards tried as every kind."""
    real = [k for k in range(34) for _ in range(c[k])]
    if len(real) + wild != 14:
        return False
    for subst in itertools.combinations_with_replacement(range(34), wild):
        kinds = real + list(subst)
        if len(set(kinds)) != 14:
            continue
        if all(b - a >= 3 for s in range(3) for a, b in itertools.pairwise(sorted(k % 9 for k in kinds
                                                                                if k // 9 == s and k < 27))):
            return True
    return False


def ref_guiliu_lanpai(c, wild: int) -> bool:
    """桂柳's 烂牌: the toy's spread, and every suit present and at least five of the seven honours; wildcards tried
    as every kind."""
    real = [k for k in range(34) for _ in range(c[k])]
    if len(real) + wild != 14:
        return False
    for subst in itertools.combinations_with_replacement(range(34), wild):
        kinds = real + list(subst)
        if len(set(kinds)) != 14 or sum(1 for k in kinds if k >= 27) < 5:
            continue
        if any(not any(k // 9 == s for k in kinds if k < 27) for s in range(3)):
            continue
        if all(b - a >= 3 for s in range(3) for a, b in itertools.pairwise(sorted(k % 9 for k in kinds
                                                                                if k // 9 == s and k < 27))):
            return True
    return False


def ref_special(reference):
    return lambda c, wild: sum(c[:34]) + wild == 14 and reference(c, wild)


REFERENCE = {
    "standard": ref_standard,
    "seven_pairs": ref_special(ref_seven_pairs_fast),
    "thirteen_orphans": ref_thirteen_orphans,
    "lanpai": ref_lanpai,
}
SHAPES = [STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, LANPAI, GUILIU_LANPAI]
SPECIAL = [SEVEN_PAIRS, THIRTEEN_ORPHANS, LANPAI, GUILIU_LANPAI]  # made only with 14 tiles


def ref_win(shape, c, wild: int) -> bool:
    if shape is GUILIU_LANPAI:  # the same id as the toy's shape, with its own rules
        return ref_guiliu_lanpai(c, wild)
    return REFERENCE[shape.id](c, wild)


# ---------------------------------------------------------------------------------------------- hands
@st.composite
def near_special(draw, max_wild: int = 2):
    """A complete 烂牌, seven-pairs or thirteen-orphans hand, some tiles made wildcards, maybe perturbed; 13 or 14
    tiles (random hands almost never come near these shapes)."""
    kind = draw(st.sampled_from(["lan", "pairs", "orphans"]))
    if kind == "lan":
        suits = [draw(st.sampled_from([(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7), (1, 5, 8)]))
                 for _ in range(3)]
        tiles = [9 * s + q for s, run in enumerate(suits) for q in run]
        tiles += draw(st.permutations(range(27, 34)))[:5]
    elif kind == "pairs":
        tiles = [k for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7)) for _ in range(2)]
    else:
        tiles = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        tiles.append(draw(st.sampled_from(tiles)))
    order = draw(st.permutations(range(14)))
    wild = draw(st.integers(0, max_wild))
    real = [tiles[i] for i in order[wild:]]
    for _ in range(draw(st.integers(0, 2))):
        real[draw(st.integers(0, len(real) - 1))] = draw(st.integers(0, 33))
    c = [0] * 34
    for k in real:
        c[k] = min(4, c[k] + 1)
    while sum(c) + wild < 14:  # a capped fifth copy: put the tile elsewhere
        c[next(k for k in range(34) if c[k] < 4)] += 1
    if draw(st.booleans()):  # a 13-tile hand: drop a tile or a wildcard
        held = [k for k in range(34) if c[k]]
        if wild and draw(st.booleans()):
            wild -= 1
        else:
            c[draw(st.sampled_from(held))] -= 1
    return c, wild


complete_or_not = st.one_of(random_hands(max_wild=2), near_wins(max_wild=2), near_special())
ready_or_not = st.one_of(ready_size_hands(max_wild=2), near_special().filter(lambda h: (sum(h[0]) + h[1]) % 3 == 1))


def applies(shape: WinShape, c, wild: int) -> bool:
    """The sizes a shape's recursion runs over: every size for the standard shape, 13 and 14 tiles for the others."""
    return shape is STANDARD or sum(c) + wild in (13, 14)


# ---------------------------------------------------------------------------------------------- each shape
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{type(s).__module__.split('.')[-1]}-{s.id}")
@SETTINGS
@given(case=complete_or_not)
def test_is_win_matches_brute_force(shape, case):
    c, wild = case
    assert shape.is_win(c, wild) == ref_win(shape, c, wild)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{type(s).__module__.split('.')[-1]}-{s.id}")
@SETTINGS
@given(case=ready_or_not)
def test_waits_match_brute_force(shape, case):
    c, wild = case
    expected = [k for k in range(34) if ref_win(shape, plus(c, k), wild)]
    assert shape.waits(c, wild) == expected
    kinds = list(range(0, 34, 2))
    assert shape.waits(c, wild, kinds) == [k for k in expected if k in kinds]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{type(s).__module__.split('.')[-1]}-{s.id}")
@SETTINGS
@given(case=st.one_of(complete_or_not, ready_or_not))
def test_distance_is_shanten(shape, case):
    """-1 exactly for a win, 0 exactly when ready, a 3k+1 hand one more than its best draw, an unfinished 3k+2 hand
    its best discard's (a wildcard may be thrown too): with the brute-force is_win and waits above, that defines
    shanten."""
    c, wild = case
    if not applies(shape, c, wild):
        if shape is not STANDARD:
            assert shape.distance(c, wild) == FAR
        return
    d = shape.distance(c, wild)
    n = sum(c) + wild
    if n % 3 == 2:
        assert (d == -1) == shape.is_win(c, wild)
        if d != -1:
            options = [shape.distance(minus(c, k), wild) for k in range(34) if c[k]]
            if wild:
                options.append(shape.distance(c, wild - 1))
            assert d == min(options)
    else:
        assert d >= 0
        assert (d == 0) == bool(shape.waits(c, wild))
        assert d == 1 + min(shape.distance(plus(c, k), wild) for k in range(34))


@pytest.mark.parametrize("shape", SPECIAL, ids=lambda s: s.id)
def test_special_shapes_are_far_at_other_sizes(shape):
    assert shape.distance(counts("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p"), 0) == FAR
    assert not shape.is_win(counts("1m 4m 7m 1p 4p"), 0) and shape.waits(counts("1m 4m 7m 1p"), 0) == []


# ---------------------------------------------------------------------------------------------- shape sets
SETS = [ShapeSet(s) for s in ([STANDARD], [STANDARD, SEVEN_PAIRS], [STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS],
                              [STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, LANPAI], [STANDARD, LANPAI],
                              [SEVEN_PAIRS, LANPAI])]


@pytest.mark.parametrize("shapes", SETS, ids=lambda s: s.id)
@SETTINGS
@given(case=st.one_of(complete_or_not, ready_or_not))
def test_a_shape_set_is_any_of_its_shapes(shapes, case):
    """The fused fast path (hand.py's is_win / waits / shanten with flags) gives what asking each shape gives."""
    c, wild = case
    parts = shapes.shapes
    assert shapes.is_win(c, wild) == any(s.is_win(c, wild) for s in parts)
    if (sum(c) + wild) % 3 == 1:
        assert shapes.waits(c, wild) == sorted({k for s in parts for k in s.waits(c, wild)})
    if STANDARD in parts or sum(c) + wild in (13, 14):
        assert shapes.distance(c, wild) == min(s.distance(c, wild) for s in parts)


def test_readings_name_the_shape():
    from game.engine.scoring import WinContext, readings

    lan = parse_tiles("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N".split())
    ctx = WinContext(options=None, players=4, dealer=0, winner=0, discarder=1, concealed=lan,
                     win_tile=parse_tiles(["C"])[0], melds=[])
    assert [r.shape for r in readings(ctx, [STANDARD, SEVEN_PAIRS, LANPAI])] == ["lanpai"]
    assert readings(ctx, [STANDARD, SEVEN_PAIRS]) == []
    pairs = parse_tiles("1m 1m 4m 4m 7m 7m 2p 2p 5p 5p 8p 8p C".split())
    ctx = WinContext(options=None, players=4, dealer=0, winner=0, discarder=1, concealed=pairs,
                     win_tile=parse_tiles(["C"])[0], melds=[])
    assert [r.shape for r in readings(ctx, ShapeSet([STANDARD, SEVEN_PAIRS, LANPAI]))] == ["seven_pairs"]


def test_the_toy_lanpai_worked_examples():
    ready = counts("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N")
    assert LANPAI.waits(ready) == parse_tiles("C F P".split()) and LANPAI.distance(ready) == 0
    assert LANPAI.is_win(plus(ready, parse_tiles(["C"])[0]))
    broken = plus(ready, parse_tiles(["5m"])[0])  # 4m-5m are connected: throw 5m (or 4m) and it is ready again
    assert not LANPAI.is_win(broken) and LANPAI.distance(broken) == 0
    assert LANPAI.distance(counts("1m 2m 3m 4m 5m 6m 7m 8m 9m E E S S")) == 13 - (3 + 2) - 0  # 3 of 万, E, S fit
    # a wildcard fills any gap
    assert LANPAI.is_win(counts("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"), 1)
