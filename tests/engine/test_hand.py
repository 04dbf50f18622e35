"""Tests for game.engine.hand: worked examples plus brute-force property tests."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.hand import (
    Decomposition,
    Group,
    decompositions,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    is_win,
    seven_pairs_quads,
    shanten,
    shanten_after_discards,
    waits,
)
from game.engine.tiles import THIRTEEN_ORPHANS, parse_tile

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def hand(text: str) -> list[int]:
    """Counts from compact notation: "123m 55p EEE" (digits then suit; honours as letters)."""
    counts = [0] * 34
    digits: list[str] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mps":
            for d in digits:
                counts[parse_tile(d + ch)] += 1
            digits = []
        else:
            counts[parse_tile(ch)] += 1
    assert not digits, text
    return counts


def plus(counts: list[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] += 1
    return out


def minus(counts: list[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] -= 1
    return out


# ---------------------------------------------------------------------------
# brute-force references (simple and obviously correct, not fast)
# ---------------------------------------------------------------------------


def _groups_with_lowest(c: tuple[int, ...], i: int, w: int):
    """Every set containing one copy of the lowest held tile i: (shape, kind, reals, wilds used).

    Other slots are filled by a real tile when held, or by a wildcard.
    """
    for n_real in (3, 2, 1):  # pong: i + (n_real - 1) more copies of i + wildcards
        if c[i] >= n_real and 3 - n_real <= w:
            yield "pong", i, (i,) * n_real, 3 - n_real
    if i < 27:
        for low in (i - 2, i - 1, i):
            if low < i - i % 9 or low % 9 > 6:
                continue
            others = [q for q in (low, low + 1, low + 2) if q != i]
            for use_real in itertools.product((False, True), repeat=2):
                reals = [i] + [q for q, r in zip(others, use_real, strict=True) if r]
                if any(q < i for q in reals[1:]):
                    continue
                if any(c[q] < reals.count(q) for q in reals):
                    continue
                used = 3 - len(reals)
                if used <= w:
                    yield "chow", low, tuple(reals), used


def _remove(c: tuple[int, ...], reals) -> tuple[int, ...]:
    out = list(c)
    for q in reals:
        out[q] -= 1
    return tuple(out)


@cache
def _ref_decomps(c: tuple[int, ...], w: int, pair_done: bool) -> frozenset:
    """All (pair, pair_wilds, sorted groups) completing c with w wildcards."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        if pair_done:
            return frozenset({(None, None, (("free", None, 3),) * (w // 3))}) if w % 3 == 0 else frozenset()
        if w >= 2 and (w - 2) % 3 == 0:
            return frozenset({(None, 2, (("free", None, 3),) * ((w - 2) // 3))})
        return frozenset()
    out = set()
    if not pair_done:
        for n_real in (2, 1):
            if c[i] >= n_real and 2 - n_real <= w:
                for _, _, groups in _ref_decomps(_remove(c, (i,) * n_real), w - (2 - n_real), True):
                    out.add((i, 2 - n_real, groups))
    for shape, kind, reals, used in _groups_with_lowest(c, i, w):
        for pair, pair_wilds, groups in _ref_decomps(_remove(c, reals), w - used, pair_done):
            out.add((pair, pair_wilds, tuple(sorted(groups + ((shape, kind, used),), key=_sig_key))))
    return frozenset(out)


def _sig_key(g):
    return ({"chow": 0, "pong": 1, "free": 2}[g[0]], -1 if g[1] is None else g[1], g[2])


def ref_decomps(counts, wild: int) -> set:
    c = tuple(counts[:34])
    if (sum(c) + wild) % 3 != 2:
        return set()
    return set(_ref_decomps(c, wild, False))


def ref_standard(counts, wild: int) -> bool:
    return bool(ref_decomps(counts, wild))


@cache
def _plain_standard(c: tuple[int, ...], pair_done: bool) -> bool:
    """Classic no-wildcard check: the lowest tile is in the pair, a pong or a chow."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return pair_done
    if not pair_done and c[i] >= 2 and _plain_standard(_remove(c, (i, i)), True):
        return True
    if c[i] >= 3 and _plain_standard(_remove(c, (i, i, i)), pair_done):
        return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        return _plain_standard(_remove(c, (i, i + 1, i + 2)), pair_done)
    return False


def ref_standard_by_substitution(counts, wild: int) -> bool:
    """Second reference: try every kind for every wildcard."""
    c = list(counts[:34])
    if (sum(c) + wild) % 3 != 2:
        return False
    for subst in itertools.combinations_with_replacement(range(34), wild):
        d = list(c)
        for k in subst:
            d[k] += 1
        if _plain_standard(tuple(d), False):
            return True
    return False


def ref_seven_pairs(counts, wild: int) -> bool:
    c = list(counts[:34])
    if sum(c) + wild != 14:
        return False
    for subst in itertools.combinations_with_replacement(range(34), wild):
        d = Counter({k: v for k, v in enumerate(c) if v})
        d.update(subst)
        if all(v % 2 == 0 for v in d.values()):
            return True
    return False


def ref_thirteen_orphans(counts, wild: int) -> bool:
    c = list(counts[:34])
    if sum(c) + wild != 14:
        return False
    for subst in itertools.combinations_with_replacement(range(34), wild):
        d = list(c)
        for k in subst:
            d[k] += 1
        held = [k for k in range(34) if d[k]]
        if held == sorted(THIRTEEN_ORPHANS) and sorted(d[k] for k in held) == [1] * 12 + [2]:
            return True
    return False


def ref_win(counts, wild: int, seven_pairs: bool = True, thirteen_orphans: bool = False) -> bool:
    if ref_standard(counts, wild):
        return True
    if seven_pairs and sum(counts[:34]) + wild == 14 and ref_seven_pairs_fast(counts, wild):
        return True
    return thirteen_orphans and ref_thirteen_orphans(counts, wild)


def ref_seven_pairs_fast(counts, wild: int) -> bool:
    # substitution is exponential in wild; for wild > 2 fall back to the pairing argument:
    # a wildcard pairs with a lone tile or with another wildcard.
    if wild <= 2:
        return ref_seven_pairs(counts, wild)
    odd = sum(1 for v in counts[:34] if v % 2)
    return sum(counts[:34]) + wild == 14 and odd <= wild and (wild - odd) % 2 == 0


def ref_waits(counts, wild: int, **flags) -> list[int]:
    return [k for k in range(34) if ref_win(plus(counts, k), wild, **flags)]


def decomposition_signature(d: Decomposition):
    """(pair, pair wildcards, sets) in the reference's format."""
    return (d.pair, d.pair_wilds, tuple((g.shape, g.kind, g.wilds) for g in d.sets))


def reassembles(d: Decomposition, counts, wild: int) -> bool:
    """Some choice of real tiles for each group gives back exactly counts + wild wildcards."""
    used_wilds = d.pair_wilds + sum(g.wilds for g in d.sets)
    if used_wilds != wild:
        return False
    base = [0] * 34
    if d.pair is not None:
        base[d.pair] += 2 - d.pair_wilds
    elif d.pair_wilds != 2:
        return False
    choices = []
    for g in d.sets:
        if g.shape == "free":
            if g.kind is not None or g.wilds != 3:
                return False
            continue
        if g.wilds not in (0, 1, 2):
            return False
        if g.shape == "pong":
            base[g.kind] += 3 - g.wilds
        else:
            assert g.shape == "chow" and g.kind < 27 and g.kind % 9 <= 6
            choices.append(list(itertools.combinations(g.kinds(), 3 - g.wilds)))
    for pick in itertools.product(*choices):
        total = list(base)
        for reals in pick:
            for k in reals:
                total[k] += 1
        if total == list(counts[:34]):
            return True
    return False


def ref_shanten_by_targets(counts, wild: int) -> int:
    """Definition for tiny hands: fewest missing tiles over every complete hand, minus one."""
    n = sum(counts) + wild
    k = (n - 1) // 3
    sets = [("pong", i) for i in range(34)] + [("chow", i) for i in range(27) if i % 9 <= 6]
    best = 99
    for pair in range(34):
        for combo in itertools.combinations_with_replacement(sets, k):
            target = Counter({pair: 2})
            for shape, i in combo:
                target.update([i] * 3 if shape == "pong" else [i, i + 1, i + 2])
            overlap = sum(min(v, counts[t]) for t, v in target.items())
            best = min(best, 3 * k + 2 - overlap - wild)
    return best - 1


# ---------------------------------------------------------------------------
# strategies
# ---------------------------------------------------------------------------

SIZES = (2, 5, 8, 11, 14)


def _to_counts(kinds) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


@st.composite
def random_hands(draw, sizes=SIZES, max_wild: int = 4):
    size = draw(st.sampled_from(sizes))
    wild = draw(st.integers(0, min(max_wild, size)))
    wall = [k for k in range(34) for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size - wild, max_size=size - wild, unique=True))
    return _to_counts(wall[p] for p in picks), wild


@st.composite
def near_wins(draw, sizes=SIZES, max_wild: int = 4):
    """A complete hand (random sets + pair), some tiles turned into wildcards, maybe perturbed."""
    size = draw(st.sampled_from(sizes))
    k = (size - 2) // 3
    tiles = [draw(st.integers(0, 33))] * 2
    for _ in range(k):
        if draw(st.booleans()):
            tiles += [draw(st.integers(0, 33))] * 3
        else:
            low = draw(st.integers(0, 26).filter(lambda x: x % 9 <= 6))
            tiles += [low, low + 1, low + 2]
    wild = draw(st.integers(0, min(max_wild, size)))
    order = draw(st.permutations(range(len(tiles))))
    real = [tiles[i] for i in order[wild:]]
    for _ in range(draw(st.integers(0, 2))):  # perturb: swap a real tile for another kind
        if real:
            real[draw(st.integers(0, len(real) - 1))] = draw(st.integers(0, 33))
    counts = _to_counts(real)
    if max(counts) > 4:  # keep it physically possible
        counts = [min(c, 4) for c in counts]
        missing = size - wild - sum(counts)
        spare = [k for k in range(34) if counts[k] < 4]
        for j in range(missing):
            counts[spare[j % len(spare)]] += 1
    return counts, wild


complete_size_hands = st.one_of(random_hands(), near_wins())


@st.composite
def ready_size_hands(draw, sizes=SIZES, max_wild: int = 4):
    """3k+1 hands: a 3k+2 hand (random or near-win) minus one tile (real or wildcard)."""
    counts, wild = draw(st.one_of(random_hands(sizes, max_wild), near_wins(sizes, max_wild)))
    held = [k for k in range(34) if counts[k]]
    if wild and (not held or draw(st.booleans())):
        return counts, wild - 1
    return minus(counts, draw(st.sampled_from(held))), wild


FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------------
# worked examples
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("extra", range(1, 10))
def test_nine_gates_wins_on_every_man_tile(extra):
    gates = hand("1112345678999m")
    assert waits(gates) == list(range(9))
    assert is_standard_win(plus(gates, parse_tile(f"{extra}m")))
    assert shanten(gates) == 0


def test_basic_standard_wins():
    assert is_standard_win(hand("123m 456p 789s EEE 55m"))
    assert is_standard_win(hand("111m 222m 333m 444m 55m"))  # also reads as four chows
    assert not is_standard_win(hand("123m 456p 789s EEE 56m"))
    assert not is_standard_win(hand("123m 456p 789s ESW 55m"))  # honours never chow
    assert not is_standard_win(hand("ESW EE"))
    assert not is_standard_win(hand("891m 55p"), 0)  # no wrap-around chows
    assert not is_standard_win(hand("89m 1p 55p"))  # nor across suits


def test_hands_with_declared_melds_removed():
    assert is_standard_win(hand("55m"))  # four melds declared: just the pair
    assert not is_standard_win(hand("56m"))
    assert is_standard_win(hand("234p 55m"))
    assert is_standard_win(hand("234p 777s 55m"))
    assert is_standard_win(hand("234p 777s CCC 55m"))
    assert not is_standard_win(hand("234p 777s CC 55m"))
    assert shanten(hand("5m")) == 0 and waits(hand("5m")) == [parse_tile("5m")]
    assert shanten(hand("55m")) == -1
    assert shanten(hand("56m")) == 0  # discard one, wait on the other


def test_wrong_sizes_are_not_wins():
    assert not is_standard_win(hand("123m 456m 789m 1p"))
    assert not is_standard_win([0] * 34)
    assert not is_win(hand("123m"))
    assert not is_win(hand("123m 45m"), 0)
    assert not is_seven_pairs(hand("11m 22m 33m 44m 55m 66m"))  # 12 tiles
    assert not is_thirteen_orphans(hand("19m 19p 19s ESWNCFP"))  # 13 tiles
    assert waits(hand("123m 456m")) == []  # 3k hand has no waits
    with pytest.raises(ValueError):
        shanten(hand("123m"))


def test_seven_pairs():
    pairs = hand("11m 33m 55p 77p 99s EE CC")
    assert is_seven_pairs(pairs) and is_win(pairs) and not is_standard_win(pairs)
    assert not is_win(pairs, seven_pairs=False)
    assert seven_pairs_quads(pairs) == 0
    quad = hand("1111m 33m 55p 77p 99s EE")
    assert is_seven_pairs(quad) and seven_pairs_quads(quad) == 1
    assert seven_pairs_quads(quad, real_only=True) == 1
    two_quads = hand("1111m 3333m 55p 77p 99s")
    assert seven_pairs_quads(two_quads) == 2
    assert seven_pairs_quads(hand("123m 456m 789m EEE 55m")) == -1
    assert shanten(pairs) == -1 and shanten(minus(pairs, 0)) == 0


def test_seven_pairs_with_wildcards():
    assert is_seven_pairs(hand("11m 33m 55p 77p 99s E C"), 2)
    assert not is_seven_pairs(hand("11m 33m 55p 77p 9s E C S"), 2)  # four lone tiles, two wildcards
    assert is_seven_pairs(hand("11m 33m 55p 77p 99s"), 4)  # wildcards pair with each other
    # three alike + one wildcard make a quad
    triple = hand("111m 33m 55p 77p 99s EE")
    assert is_seven_pairs(triple, 1)
    assert seven_pairs_quads(triple, 1) == 1
    assert seven_pairs_quads(triple, 1, real_only=True) == 0
    # two spare wildcards turn a pair into a quad; four spare make one of their own
    assert seven_pairs_quads(hand("11m 33m 55p 77p 99s EE"), 2) == 1
    assert seven_pairs_quads(hand("11m 33m 55p 77p 99s"), 4) == 2
    assert seven_pairs_quads(hand("1111m 3333m"), 6) == 3  # 6 spare: a pair of pairs makes a quad
    assert seven_pairs_quads(hand("1111m 33m 55p 77p 99s"), 2) == 2


def test_thirteen_orphans():
    orphans = hand("19m 19p 19s ESWNCFP P")
    assert is_thirteen_orphans(orphans)
    assert is_win(orphans, thirteen_orphans=True)
    assert not is_win(orphans)  # off by default
    assert is_thirteen_orphans(hand("19m 19p 19s ESWNCF PP"))
    assert not is_thirteen_orphans(hand("19m 19p 19s ESWNCC PP"))  # F missing, two duplicates
    assert not is_thirteen_orphans(hand("19m 19p 19s ESWNC PPP"))  # three alike
    assert not is_thirteen_orphans(hand("19m 19p 19s ESWNCF 2m"), 1)
    # wildcards fill a missing kind, or the duplicate
    assert is_thirteen_orphans(hand("19m 19p 19s ESWNC P"), 2)
    assert is_thirteen_orphans(hand("19m 19p 19s ESWNCFP"), 1)
    assert is_thirteen_orphans(hand("19m 19p 19s ESW CFP 1m"), 1)
    assert not is_thirteen_orphans(hand("1199m 19p 19s ES CFP"), 1)  # W and N missing: one wildcard short
    thirteen = hand("19m 19p 19s ESWNCFP")
    assert waits(thirteen, thirteen_orphans=True) == sorted(THIRTEEN_ORPHANS)
    assert shanten(thirteen, thirteen_orphans=True) == 0
    assert shanten(thirteen) > 0


def test_honour_chow_is_not_a_set():
    assert not is_standard_win(hand("ESW 11m"))
    assert not is_standard_win(hand("CFP 11m"))
    assert is_standard_win(hand("EEE 11m"))


def test_wildcards_in_standard_hands():
    assert is_standard_win(hand("123m 456p 789s EEE 5m"), 1)  # wildcard completes the pair
    assert is_standard_win(hand("123m 456p 789s 55m E"), 2)  # E + 2 wildcards = pong
    assert is_standard_win(hand("13m 456p 789s EEE 55m"), 1)  # wildcard as the 2m
    assert is_standard_win(hand("123m 456p 789s EEE"), 2)  # two wildcards are the pair
    assert is_standard_win(hand("123m 456p 789s 55m"), 3)  # three wildcards: a free set
    assert is_standard_win([0] * 34, 2)
    assert is_standard_win([0] * 34, 5)
    assert not is_standard_win([0] * 34, 3)
    assert not is_standard_win(hand("ESW 11m"), 0)
    assert is_standard_win(hand("ES 11m"), 4)  # E+WW, S+WW


def test_decompositions_examples():
    d = list(decompositions(hand("123m 456p 789s EEE 55m")))
    assert d == [
        Decomposition(
            pair=4,
            sets=(Group("chow", 0), Group("chow", 12), Group("chow", 24), Group("pong", 27)),
        )
    ]
    triple_chow = list(decompositions(hand("111m 222m 333m 456p 55s")))
    assert len(triple_chow) == 2  # three pongs or three identical chows
    free = list(decompositions(hand("123m 456p 789s 55m"), 3))
    assert Decomposition(4, (Group("chow", 0), Group("chow", 12), Group("chow", 24), Group("free", None, 3))) in free
    wild_pair = list(decompositions(hand("123m 456p 789s EEE"), 2))
    assert Decomposition(None, (Group("chow", 0), Group("chow", 12), Group("chow", 24), Group("pong", 27)), 2) in (
        wild_pair
    )
    assert list(decompositions(hand("ESW 11m"))) == []
    for dec in decompositions(hand("5m 99m"), 2):
        assert reassembles(dec, hand("5m 99m"), 2)


def test_shanten_examples():
    assert shanten(hand("123m 456p 789s EEE 55m")) == -1
    assert shanten(hand("123m 456p 789s EEE 5m")) == 0
    assert shanten(hand("123m 456p 789s EE 57m")) == 0
    assert shanten(hand("123m 456p 789s EE 58m")) == 1
    assert shanten(hand("19m 19p 19s ESWNCFP")) == 6  # seven pairs / standard far away
    assert shanten(hand("19m 19p 19s ESWNCFP"), thirteen_orphans=True) == 0
    assert shanten(hand("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N")) == 6  # seven pairs shanten
    assert shanten(hand("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N"), seven_pairs=False) == 8
    assert shanten(hand("123m 456p 789s EEE"), 1) == 0
    assert shanten(hand("123m 456p 789s EEE 5m"), 1) == -1
    assert shanten(hand("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W"), 1) == 5  # wildcard pairs a lone tile
    assert shanten([0] * 34, 2) == -1


# ---------------------------------------------------------------------------
# property tests against the references
# ---------------------------------------------------------------------------


@FAST
@given(complete_size_hands)
def test_standard_win_matches_reference(case):
    counts, wild = case
    assert is_standard_win(counts, wild) == ref_standard(counts, wild)


@MEDIUM
@given(st.one_of(random_hands(max_wild=2), near_wins(max_wild=2)))
def test_standard_win_matches_substitution_reference(case):
    counts, wild = case
    assert is_standard_win(counts, wild) == ref_standard_by_substitution(counts, wild)


@FAST
@given(complete_size_hands, st.booleans(), st.booleans())
def test_is_win_matches_reference(case, seven_pairs, thirteen_orphans):
    counts, wild = case
    if wild > 2 and thirteen_orphans:
        thirteen_orphans = False  # the orphans reference substitutes wildcards: keep it cheap
    expected = ref_win(counts, wild, seven_pairs, thirteen_orphans)
    assert is_win(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans) == expected
    assert is_seven_pairs(counts, wild) == (sum(counts) + wild == 14 and ref_seven_pairs_fast(counts, wild))


@MEDIUM
@given(st.integers(0, 3), st.data())
def test_thirteen_orphans_matches_reference(wild, data):
    pool = list(THIRTEEN_ORPHANS) + [1, 13, 22]  # orphans plus a few middle tiles
    kinds = data.draw(st.lists(st.sampled_from(pool), min_size=14 - wild, max_size=14 - wild))
    counts = _to_counts(kinds)
    assert is_thirteen_orphans(counts, wild) == ref_thirteen_orphans(counts, wild)


@FAST
@given(ready_size_hands(), st.booleans())
def test_waits_match_reference(case, seven_pairs):
    counts, wild = case
    expected = ref_waits(counts, wild, seven_pairs=seven_pairs)
    assert waits(counts, wild, seven_pairs=seven_pairs) == expected
    subset = expected[::2] + [33]
    assert waits(counts, wild, seven_pairs=seven_pairs, kinds=subset) == sorted(set(expected) & set(subset))


@MEDIUM
@given(st.one_of(near_wins(), random_hands()))
def test_decompositions_match_reference(case):
    counts, wild = case
    found = list(decompositions(counts, wild))
    signatures = [decomposition_signature(d) for d in found]
    assert len(signatures) == len(set(signatures)), "duplicates"
    assert set(signatures) == ref_decomps(counts, wild)
    assert bool(found) == is_standard_win(counts, wild)
    for d in found:
        assert reassembles(d, counts, wild)
        assert list(d.sets) == sorted(d.sets, key=lambda g: _sig_key((g.shape, g.kind, g.wilds)))


@FAST
@given(complete_size_hands, st.booleans(), st.booleans())
def test_shanten_minus_one_iff_win(case, seven_pairs, thirteen_orphans):
    counts, wild = case
    s = shanten(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    assert s >= -1
    assert (s == -1) == is_win(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)


@FAST
@given(ready_size_hands(), st.booleans(), st.booleans())
def test_shanten_zero_iff_waits(case, seven_pairs, thirteen_orphans):
    counts, wild = case
    flags = dict(seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    s = shanten(counts, wild, **flags)
    assert s >= 0
    assert (s == 0) == bool(waits(counts, wild, **flags))


@MEDIUM
@given(st.one_of(random_hands(), near_wins(), ready_size_hands()), st.booleans(), st.booleans())
def test_shanten_recursion(case, seven_pairs, thirteen_orphans):
    """Shanten satisfies its defining recursion (with the -1/0 base cases tested above):
    a 3k+1 hand is one more than its best draw; an unfinished 3k+2 hand equals its best discard."""
    counts, wild = case
    flags = dict(seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    s = shanten(counts, wild, **flags)
    n = sum(counts) + wild
    if n % 3 == 1:
        assert s == 1 + min(shanten(plus(counts, k), wild, **flags) for k in range(34))
    elif s != -1:
        options = [shanten(minus(counts, k), wild, **flags) for k in range(34) if counts[k]]
        if wild:
            options.append(shanten(counts, wild - 1, **flags))
        assert s == min(options)


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(
        random_hands(sizes=(2, 5), max_wild=3), near_wins(sizes=(2, 5), max_wild=3), ready_size_hands(sizes=(2, 5))
    )
)
def test_shanten_matches_definition_on_small_hands(case):
    counts, wild = case
    assert shanten(counts, wild, seven_pairs=False) == ref_shanten_by_targets(counts, wild)


@settings(max_examples=200, deadline=None)
@given(st.one_of(random_hands(sizes=(14, 11, 8), max_wild=0), near_wins(sizes=(14, 11, 8), max_wild=0)), st.data())
def test_shanten_matches_mahjong_package_without_wildcards(case, data):
    """The `mahjong` package counts the four-copies limit in a few corner cases we ignore,
    so compare only hands holding no kind four times."""
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    counts, _ = case
    if data.draw(st.booleans()) and any(counts):
        counts = minus(counts, data.draw(st.sampled_from([k for k in range(34) if counts[k]])))
    if max(counts) >= 4:
        return
    expected = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand(counts)
    assert shanten(counts, seven_pairs=False) == expected


@MEDIUM
@given(st.one_of(random_hands(), near_wins()), st.booleans(), st.booleans())
def test_shanten_after_discards_matches_single_calls(case, seven_pairs, thirteen_orphans):
    counts, wild = case
    flags = dict(seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    expected = {k: shanten(minus(counts, k), wild, **flags) for k in range(34) if counts[k]}
    assert shanten_after_discards(counts, wild, **flags) == expected


def test_results_are_bools_and_flower_slots_are_ignored():
    counts = hand("123m 456p 789s EEE 55m") + [1] * 8  # a 42-long vector with flowers
    assert is_win(counts) is True and is_standard_win(counts) is True
    assert shanten(counts) == -1
    lone = hand("123m 456p 789s EEE 5m E")
    assert is_win(lone, thirteen_orphans=True) is False
    assert is_standard_win(lone) is False
    assert is_win(hand("123m 456p 789s EE 55m"), 1) is True


def test_waits_with_many_wildcards_lists_everything():
    assert waits(hand("123m 456m 789m 123p"), 1) == list(range(34))
    assert waits([0] * 34, 1) == list(range(34))
    assert waits(hand("5m"), 0) == [4]


def test_waits_may_list_a_fifth_copy():
    # 1111m held: the caller filters by what is unseen.
    assert 0 in waits(hand("1111m 234p 567p 999s"))
