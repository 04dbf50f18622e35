"""Hand analysis: win shapes, decompositions, waits and shanten.

A hand is a count vector indexed by kind (see ``tiles``); only the first 34
entries (suits and honours) are read, so a 42-long vector with flowers works
too.  Wildcards (鬼牌) are taken out of ``counts`` by the caller and passed as a
count ``wild``; a wildcard stands for any of the 34 playable kinds.  ``counts``
holds only the concealed tiles (declared melds already removed), so the number
of sets needed is inferred from the size: a complete hand has
``sum(counts) + wild == 3k + 2`` tiles (k sets and one pair, k = 0..4).

Counts are expected in 0..4 (a fifth copy, as ``waits`` may try, is fine).

Speed comes from per-part memo tables.  A hand splits into four independent
parts - the three suits and the honours - and every question here reduces to a
small summary of each part, looked up by the part's counts as a tuple (a slice
of ``tuple(counts)``) in a plain dict that is filled lazily (on a KeyError the
caller fills its four parts and retries):

* win checks: the fewest wildcards that turn the part into "sets only" and
  into "sets + the pair" (wildcards beyond what the parts need form free sets,
  three at a time; the size rule makes the leftover a multiple of three), plus
  what seven pairs and thirteen orphans need.  With no wildcards the summary is
  packed into one int so that the four parts combine with plain additions, and
  a lone honour tile (most random hands) is rejected before any lookup.
* shanten: for j = 0..4 groups and with/without the pair, the most tiles of the
  part that fit into j sets (+ the pair) of some complete hand.  The tables
  are interned to small ids and combined pairwise (max-plus), the combinations
  memoised by id pair, so a warm shanten call is a handful of dict lookups.

A suit's summary is built from its runs (tiles two or more empty positions
apart never share a set, and a run's needs do not depend on where it sits),
so the expensive searches run on short runs whose memos fill up quickly.
Every memo is bounded (cleared when it grows past a limit) so a long-running
server cannot grow without bound; the tables refill quickly.

Tile limits: like ``waits`` (which may list a kind already held four times;
the caller filters by what is unseen), ``shanten`` ignores the four-copies
limit, i.e. it may count on a fifth copy.  This keeps "shanten == 0" exactly
equivalent to "waits is non-empty".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from game.engine.tiles import FIRST_HONOR, NUM_PLAYABLE, THIRTEEN_ORPHANS

__all__ = [
    "Decomposition",
    "Group",
    "decompositions",
    "is_seven_pairs",
    "is_standard_win",
    "is_thirteen_orphans",
    "is_win",
    "seven_pairs_quads",
    "seven_pairs_shanten",
    "shanten",
    "shanten_after_discards",
    "thirteen_orphans_shanten",
    "waits",
]

# The suits of a 34-vector as (start, stop); honours are 27:34 (hard-coded in the hot paths).
_SUIT_SLICES = ((0, 9), (9, 18), (18, 27))
_MEMO_LIMIT = 400_000  # entries per memo before it is cleared (a few tens of MB at most)


# The hot-path tables are plain dicts (a dict subclass with __missing__ would
# lose CPython's fast dict subscript); a miss raises KeyError, the caller
# fills the four parts of its hand (``_learn_*``) and retries.


def _bounded_store(memo: dict, key, value) -> None:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value


# ---------------------------------------------------------------------------
# Win-check summaries
# ---------------------------------------------------------------------------


def _components(key: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Split a suit into runs that no set can bridge, each trimmed of zeros.

    Tiles two or more empty positions apart can never share a set, and what a
    run needs does not depend on where it sits in the suit (a partial chow
    near 9 can always be read as the chow that ends at 9), so each run is
    analysed once, whatever its position: the run memos fill up fast.
    """
    runs: list[tuple[int, ...]] = []
    current: list[int] = []
    gap = 0
    for c in key:
        if not c:
            gap += 1
            continue
        if current:
            if gap >= 2:
                runs.append(tuple(current))
                current = []
            elif gap == 1:
                current.append(0)
        current.append(c)
        gap = 0
    if current:
        runs.append(tuple(current))
    return runs


_SETS_NEED: dict[tuple[int, ...], int] = {}
_PAIR_NEED: dict[tuple[int, ...], int] = {}


def _chow_from(counts: list[int], i: int) -> int:
    """Take a chow starting at i greedily (real tiles where held); returns wildcards used."""
    counts[i] -= 1
    cost = 0
    for q in (i + 1, i + 2):
        if q < len(counts) and counts[q]:
            counts[q] -= 1
        else:
            cost += 1
    return cost


def _run_sets_need(key: tuple[int, ...]) -> int:
    """Fewest wildcards that make a run's tiles into sets only.

    Take the lowest tile: it must be in a pong or a chow, and (exchange
    argument: a wildcard in another group can always swap places with a real
    tile) the group may greedily use every real tile it can, so only two
    options exist.
    """
    cached = _SETS_NEED.get(key)
    if cached is not None:
        return cached
    i = 0
    while i < len(key) and not key[i]:
        i += 1
    if i == len(key):
        return 0
    counts = list(key)
    real = min(counts[i], 3)
    counts[i] -= real
    best = 3 - real + _run_sets_need(tuple(counts))
    counts = list(key)
    cost = _chow_from(counts, i)
    if cost < best:
        best = min(best, cost + _run_sets_need(tuple(counts)))
    _bounded_store(_SETS_NEED, key, best)
    return best


def _run_pair_need(key: tuple[int, ...]) -> int:
    """Fewest wildcards that make a run's tiles into sets plus exactly one pair."""
    cached = _PAIR_NEED.get(key)
    if cached is not None:
        return cached
    i = 0
    while i < len(key) and not key[i]:
        i += 1
    if i == len(key):
        return 2  # the pair is two wildcards
    # the lowest tile is in the pair, ...
    counts = list(key)
    real = min(counts[i], 2)
    counts[i] -= real
    best = 2 - real + _run_sets_need(tuple(counts))
    # ... in a pong ...
    counts = list(key)
    real = min(counts[i], 3)
    counts[i] -= real
    best = min(best, 3 - real + _run_pair_need(tuple(counts)))
    # ... or in a chow
    counts = list(key)
    cost = _chow_from(counts, i)
    if cost < best:
        best = min(best, cost + _run_pair_need(tuple(counts)))
    _bounded_store(_PAIR_NEED, key, best)
    return best


# Packed summary for wild == 0 (one int per part, parts combine by addition):
#   bits 0-5   std:  0 = sets only, 1 = sets + pair, 10 = neither (sum == 1 <=> win)
#   bits 6-11  odd:  kinds held an odd number of times (seven pairs needs 0)
#   bits 12-18 orph: thirteen-orphans duplicates, 20 if the part cannot be in it
#   bits 19-26 n:    number of tiles
_STD_MASK = 63
_ODD_SHIFT, _ORPH_SHIFT, _N_SHIFT = 6, 12, 19
_ODD_MASK = 63 << _ODD_SHIFT
_ORPH_MASK = 127 << _ORPH_SHIFT
_N_MASK = 255 << _N_SHIFT
_SP_MASK = _ODD_MASK | _N_MASK
_SP_WANT = 14 << _N_SHIFT
_TO_MASK = _ORPH_MASK | _N_MASK
_TO_WANT = (1 << _ORPH_SHIFT) | (14 << _N_SHIFT)
_ORPH_BAD = 20

_INTERNED: dict[tuple[int, ...], tuple[int, ...]] = {}


def _intern(value: tuple[int, ...]) -> tuple[int, ...]:
    """Share equal summary tuples between memo entries (saves memory)."""
    return _INTERNED.setdefault(value, value)


def _summary(n: int, a0: int, a1: int, odd: int, orph: int) -> tuple[int, int, int, int, int]:
    return _intern((n, a0, a1 - a0, odd, orph))  # type: ignore[return-value]


def _suit_summary(key: tuple[int, ...]) -> tuple[int, ...]:
    """(n, sets_need, pair_need - sets_need, odd kinds, orphan duplicates or 20)."""
    if any(key[1:8]) or key[0] > 2 or key[8] > 2:
        orph = _ORPH_BAD
    else:
        orph = (key[0] == 2) + (key[8] == 2)
    sets_need = 0
    pair_delta = 2  # the pair is two wildcards, or sits in the run where it costs least
    for run in _components(key):
        run_sets = _run_sets_need(run)
        sets_need += run_sets
        pair_delta = min(pair_delta, _run_pair_need(run) - run_sets)
    return _summary(sum(key), sets_need, sets_need + pair_delta, sum(c & 1 for c in key), orph)


def _honor_summary(key: tuple[int, ...]) -> tuple[int, ...]:
    # Honours never chow, so each kind is independent: c tiles need (-c) % 3
    # wildcards for sets only and (2 - c) % 3 if they also hold the pair.
    sets_need = sum(-c % 3 for c in key)
    pair_delta = min([2] + [(2 - c) % 3 - (-c % 3) for c in key])
    orph = _ORPH_BAD if max(key, default=0) > 2 else sum(c == 2 for c in key)
    return _summary(sum(key), sets_need, sets_need + pair_delta, sum(c & 1 for c in key), orph)


def _pack(summary: tuple[int, ...]) -> int:
    n, a0, delta, odd, orph = summary
    std = 0 if a0 == 0 else (1 if a0 + delta == 0 else 10)
    return std | (odd << _ODD_SHIFT) | (orph << _ORPH_SHIFT) | (n << _N_SHIFT)


# key -> summary tuple / packed int; the two kinds are always stored together.
_SUIT_WIN: dict[tuple[int, ...], tuple[int, ...]] = {}
_HONOR_WIN: dict[tuple[int, ...], tuple[int, ...]] = {}
_SUIT_WIN0: dict[tuple[int, ...], int] = {}
_HONOR_WIN0: dict[tuple[int, ...], int] = {}


def _suit_win(key: tuple[int, ...]) -> tuple[int, ...]:
    summary = _SUIT_WIN.get(key)
    if summary is None or key not in _SUIT_WIN0:
        summary = _suit_summary(key)
        _bounded_store(_SUIT_WIN, key, summary)
        _bounded_store(_SUIT_WIN0, key, _pack(summary))
    return summary


def _honor_win(key: tuple[int, ...]) -> tuple[int, ...]:
    summary = _HONOR_WIN.get(key)
    if summary is None or key not in _HONOR_WIN0:
        summary = _honor_summary(key)
        _bounded_store(_HONOR_WIN, key, summary)
        _bounded_store(_HONOR_WIN0, key, _pack(summary))
    return summary


def _learn_win(counts: Sequence[int]) -> None:
    """Make sure the four parts of a hand are in the win tables."""
    t = tuple(counts)
    for start, stop in _SUIT_SLICES:
        _suit_win(t[start:stop])
    _honor_win(t[27:34])
    # a part stored first may have been dropped by a clear while storing the others
    if not all(t[a:b] in _SUIT_WIN0 for a, b in _SUIT_SLICES) or t[27:34] not in _HONOR_WIN0:
        _learn_win(counts)


def is_standard_win(counts: Sequence[int], wild: int = 0) -> bool:
    """Sets (pongs, chows; honours never chow) and exactly one pair using every tile."""
    try:
        if not wild:
            # A lone honour fits nothing (the common random case).  Inlined
            # compares: a helper call or a slice costs more than the test.
            if (
                counts[27] == 1
                or counts[28] == 1
                or counts[29] == 1
                or counts[30] == 1
                or counts[31] == 1
                or counts[32] == 1
                or counts[33] == 1
            ):
                return False
            t = tuple(counts)
            v = _HONOR_WIN0[t[27:34]] + _SUIT_WIN0[t[0:9]]
            if v & 63 > 1:  # _STD_MASK: already more than one pair or a broken part
                return False
            return (v + _SUIT_WIN0[t[9:18]] + _SUIT_WIN0[t[18:27]]) & 63 == 1
        t = tuple(counts)
        n1, a1, d1, _, _ = _SUIT_WIN[t[0:9]]
        n2, a2, d2, _, _ = _SUIT_WIN[t[9:18]]
        n3, a3, d3, _, _ = _SUIT_WIN[t[18:27]]
        n4, a4, d4, _, _ = _HONOR_WIN[t[27:34]]
    except KeyError:
        _learn_win(counts)
        return is_standard_win(counts, wild)
    return (n1 + n2 + n3 + n4 + wild) % 3 == 2 and a1 + a2 + a3 + a4 + min(d1, d2, d3, d4, 2) <= wild


def is_seven_pairs(counts: Sequence[int], wild: int = 0) -> bool:
    """Exactly 14 tiles in seven pairs; four alike count as two pairs.

    Each kind held an odd number of times needs one wildcard; the remaining
    wildcards (an even number, since the total is 14) pair with each other.
    """
    real = counts[:NUM_PLAYABLE]
    return sum(real) + wild == 14 and sum(c & 1 for c in real) <= wild


def is_thirteen_orphans(counts: Sequence[int], wild: int = 0) -> bool:
    """14 tiles: one of each terminal/honour plus one duplicate; wildcards fill gaps.

    With only orphan kinds, none held 3+ times and at most one held twice, a
    total of 14 leaves exactly enough wildcards for the missing kinds (and the
    duplicate, when no real tile is doubled).
    """
    real = counts[:NUM_PLAYABLE]
    if sum(real) + wild != 14:
        return False
    doubles = 0
    for kind, c in enumerate(real):
        if c and kind not in _ORPHAN_SET:
            return False
        if c > 2:
            return False
        if c == 2:
            doubles += 1
    return doubles <= 1


_ORPHAN_SET = frozenset(THIRTEEN_ORPHANS)


def is_win(counts: Sequence[int], wild: int = 0, *, seven_pairs: bool = True, thirteen_orphans: bool = False) -> bool:
    """Any enabled winning shape: standard, seven pairs (default on), thirteen orphans (off)."""
    try:
        if not wild:
            if (
                counts[27] == 1
                or counts[28] == 1
                or counts[29] == 1
                or counts[30] == 1
                or counts[31] == 1
                or counts[32] == 1
                or counts[33] == 1
            ):
                # A lone honour rules out the standard shape and seven pairs
                # (most random hands stop here); only thirteen orphans is left,
                # and without wildcards it needs every honour present.
                if (
                    thirteen_orphans
                    and counts[27]
                    and counts[28]
                    and counts[29]
                    and counts[30]
                    and counts[31]
                    and counts[32]
                    and counts[33]
                ):
                    return is_thirteen_orphans(counts)
                return False
            t = tuple(counts)
            # Honours + man first: many other non-winning hands are already
            # ruled out for every enabled shape, which saves two lookups.
            # (Literal masks: _STD_MASK 63, _ODD_MASK 4032, _ORPH_MASK 520192,
            # one orphan duplicate 4096; asserted below the function.)
            v = _HONOR_WIN0[t[27:34]] + _SUIT_WIN0[t[0:9]]
            if v & 63 > 1 and (not seven_pairs or v & 4032) and (not thirteen_orphans or v & 520192 > 4096):
                return False
            v += _SUIT_WIN0[t[9:18]] + _SUIT_WIN0[t[18:27]]
            return (
                v & 63 == 1
                or (seven_pairs and v & _SP_MASK == _SP_WANT)
                or (thirteen_orphans and v & _TO_MASK == _TO_WANT)
            )
        t = tuple(counts)
        n1, a1, d1, o1, r1 = _SUIT_WIN[t[0:9]]
        n2, a2, d2, o2, r2 = _SUIT_WIN[t[9:18]]
        n3, a3, d3, o3, r3 = _SUIT_WIN[t[18:27]]
        n4, a4, d4, o4, r4 = _HONOR_WIN[t[27:34]]
    except KeyError:
        _learn_win(counts)
        return is_win(counts, wild, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    n = n1 + n2 + n3 + n4 + wild
    if n % 3 != 2:
        return False
    if a1 + a2 + a3 + a4 + min(d1, d2, d3, d4, 2) <= wild:
        return True
    if n == 14:
        if seven_pairs and o1 + o2 + o3 + o4 <= wild:
            return True
        if thirteen_orphans and r1 + r2 + r3 + r4 <= 1:
            return True
    return False


assert (_STD_MASK, _ODD_MASK, _ORPH_MASK, 1 << _ORPH_SHIFT) == (63, 4032, 520192, 4096)


def seven_pairs_quads(counts: Sequence[int], wild: int = 0, *, real_only: bool = False) -> int:
    """How many "four alike" groups a seven-pairs hand can show at most (豪华七对).

    ``real_only``: count only kinds held four times for real (no wildcard in
    them).  Otherwise wildcards are placed to make as many quads as possible:
    first the one wildcard each odd kind must take (a triple becomes a quad),
    then two wildcards turn a remaining pair into a quad, and four spare
    wildcards make a quad of their own.  Returns -1 if the hand is not seven pairs.
    """
    if not is_seven_pairs(counts, wild):
        return -1
    real = counts[:NUM_PLAYABLE]
    if real_only:
        return sum(c // 4 for c in real)
    quads = 0
    pairs_left_over = 0  # kinds whose count (after evening up) leaves a lone pair
    spare = wild
    for c in real:
        if c & 1:
            c += 1
            spare -= 1
        quads += c // 4
        if c % 4 == 2:
            pairs_left_over += 1
    upgrades = min(spare // 2, pairs_left_over)
    return quads + upgrades + (spare - 2 * upgrades) // 4


# ---------------------------------------------------------------------------
# Decompositions
# ---------------------------------------------------------------------------

_SHAPE_ORDER = {"chow": 0, "pong": 1, "free": 2}


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a decomposition.

    ``shape``: "pong", "chow" or "free" (three wildcards standing for any set);
    ``kind``: the pong's kind, the chow's lowest kind, None for "free";
    ``wilds``: how many wildcards the group uses (0-2; 3 for "free").
    """

    shape: str
    kind: int | None
    wilds: int = 0

    def kinds(self) -> tuple[int, ...]:
        """The three kinds the set stands for (empty for a free set)."""
        if self.kind is None:
            return ()
        if self.shape == "pong":
            return (self.kind,) * 3
        return (self.kind, self.kind + 1, self.kind + 2)


def _group_sort_key(group: Group) -> tuple[int, int, int]:
    return (_SHAPE_ORDER[group.shape], -1 if group.kind is None else group.kind, group.wilds)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A standard-shape reading of a complete hand: the pair plus the sets.

    ``pair`` is the pair's kind, None when the pair is two wildcards;
    ``pair_wilds`` is how many wildcards the pair uses (0, 1 or 2).
    ``sets`` are sorted canonically (chows, pongs, free; by kind, then wilds).
    """

    pair: int | None
    sets: tuple[Group, ...]
    pair_wilds: int = 0


def _min_wilds_needed(counts: Sequence[int], pair_needed: bool) -> int:
    """Fewest wildcards that complete ``counts`` into sets (+ a pair if needed)."""
    t = tuple(counts)
    parts = (_suit_win(t[0:9]), _suit_win(t[9:18]), _suit_win(t[18:27]), _honor_win(t[27:34]))
    need = sum(p[1] for p in parts)
    if pair_needed:
        need += min(2, min(p[2] for p in parts))
    return need


def decompositions(counts: Sequence[int], wild: int = 0) -> Iterator[Decomposition]:
    """Every distinct standard-shape decomposition of a complete (3k+2) hand.

    Two readings that differ only in which real tiles a wildcard group covers
    (e.g. 3-4 + wildcard vs 3-5 + wildcard, both "chow 345 with one
    wildcard") are the same decomposition.  Yields nothing if the hand is not
    a standard win.
    """
    hand = list(counts[:NUM_PLAYABLE])
    if wild < 0 or (sum(hand) + wild) % 3 != 2 or not is_standard_win(hand, wild):
        return
    seen: set[tuple] = set()
    groups: list[Group] = []

    def finish(pair: int | None, pair_wilds: int, wilds_left: int) -> Iterator[Decomposition]:
        if pair_wilds < 0:  # pair still open: two wildcards make it
            if wilds_left < 2 or (wilds_left - 2) % 3:
                return
            pair, pair_wilds, wilds_left = None, 2, wilds_left - 2
        if wilds_left % 3:
            return
        sets = tuple(sorted(groups + [Group("free", None, 3)] * (wilds_left // 3), key=_group_sort_key))
        signature = (pair, pair_wilds, sets)
        if signature not in seen:
            seen.add(signature)
            yield Decomposition(pair, sets, pair_wilds)

    def feasible(wilds_left: int, pair_open: bool) -> bool:
        return _min_wilds_needed(hand, pair_open) <= wilds_left

    def search(start: int, pair: int | None, pair_wilds: int, wilds_left: int) -> Iterator[Decomposition]:
        # pair_wilds == -1 marks "pair not chosen yet".
        i = start
        while i < NUM_PLAYABLE and not hand[i]:
            i += 1
        if i == NUM_PLAYABLE:
            yield from finish(pair, pair_wilds, wilds_left)
            return
        held = hand[i]
        pair_open = pair_wilds < 0
        # The lowest real tile is in the pair, ...
        if pair_open:
            for real in (2, 1):
                used = 2 - real
                if real <= held and used <= wilds_left:
                    hand[i] -= real
                    if feasible(wilds_left - used, False):
                        yield from search(i, i, used, wilds_left - used)
                    hand[i] += real
        # ... in a pong, ...
        for real in (3, 2, 1):
            used = 3 - real
            if real <= held and used <= wilds_left:
                hand[i] -= real
                if feasible(wilds_left - used, pair_open):
                    groups.append(Group("pong", i, used))
                    yield from search(i, pair, pair_wilds, wilds_left - used)
                    groups.pop()
                hand[i] += real
        # ... or in a chow starting at i-2, i-1 or i (positions below i are wildcards).
        if i >= FIRST_HONOR:
            return
        suit_start = i - i % 9
        for low in (i - 2, i - 1, i):
            if low < suit_start or low - suit_start > 6:
                continue
            yield from chow_choices(low, i, wilds_left, pair, pair_wilds, pair_open)

    def chow_choices(
        low: int, i: int, wilds_left: int, pair: int | None, pair_wilds: int, pair_open: bool
    ) -> Iterator[Decomposition]:
        # Each position above i is either a real tile (if held) or a wildcard;
        # positions below i are wildcards (every lower tile is used up).
        upper = list(range(i + 1, low + 3))
        below = i - low
        options: list[list[int]] = [[]]
        for q in upper:
            if hand[q]:
                options += [o + [q] for o in options]
        for reals in options:
            used = below + len(upper) - len(reals)
            if used > wilds_left:
                continue
            hand[i] -= 1
            for q in reals:
                hand[q] -= 1
            if feasible(wilds_left - used, pair_open):
                groups.append(Group("chow", low, used))
                yield from search(i, pair, pair_wilds, wilds_left - used)
                groups.pop()
            for q in reals:
                hand[q] += 1
            hand[i] += 1

    yield from search(0, None, -1, wild)


# ---------------------------------------------------------------------------
# Waits
# ---------------------------------------------------------------------------


_PLUS_ONE: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _plus_one(key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For a part (9 suit or 7 honour counts): the win summaries and packed values
    of the part with one more tile at each position (memoised per part)."""
    cached = _PLUS_ONE.get(key)
    if cached is not None:
        return cached
    summarise = _suit_win if len(key) == 9 else _honor_win
    summaries = tuple(summarise(key[:q] + (key[q] + 1,) + key[q + 1 :]) for q in range(len(key)))
    value = (summaries, tuple(_pack(s) for s in summaries))
    _bounded_store(_PLUS_ONE, key, value)
    return value


def waits(
    counts: Sequence[int],
    wild: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = False,
    kinds: Iterable[int] | None = None,
) -> list[int]:
    """Sorted kinds whose addition completes a 3k+1 hand ([] for other sizes).

    A kind held four times can still be listed; the caller filters by what is
    unseen.  Only the part the new tile joins changes: the other three parts'
    summaries are combined once, a memo gives the changed part's summary for
    every added position, and a part is skipped when the other three already
    rule out every shape.
    """
    t = tuple(counts[:NUM_PLAYABLE])
    if (sum(t) + wild) % 3 != 1 or wild < 0:
        return []
    wanted = None if kinds is None else {k for k in kinds}
    parts = (t[0:9], t[9:18], t[18:27], t[27:34])
    summaries = (_suit_win(parts[0]), _suit_win(parts[1]), _suit_win(parts[2]), _honor_win(parts[3]))
    result: list[int] = []
    if not wild:
        packed_total = sum(_pack(s) for s in summaries)
        for p in range(4):
            others = packed_total - _pack(summaries[p])
            std_ok = others & _STD_MASK <= 1
            sp_ok = seven_pairs and not others & _ODD_MASK
            to_ok = thirteen_orphans and others & _ORPH_MASK <= 1 << _ORPH_SHIFT
            if not (std_ok or sp_ok or to_ok):
                continue
            base = 9 * p
            for q, packed in enumerate(_plus_one(parts[p])[1]):
                v = others + packed
                if (
                    (std_ok and v & _STD_MASK == 1)
                    or (sp_ok and v & _SP_MASK == _SP_WANT)
                    or (to_ok and v & _TO_MASK == _TO_WANT)
                ) and (wanted is None or base + q in wanted):
                    result.append(base + q)
        return result
    total_tiles = sum(s[0] for s in summaries) + wild + 1
    special = total_tiles == 14
    for p in range(4):
        rest = [s for i, s in enumerate(summaries) if i != p]
        rest_sets = sum(s[1] for s in rest)
        rest_delta = min(2, min(s[2] for s in rest))
        rest_odd = sum(s[3] for s in rest)
        rest_orph = sum(s[4] for s in rest)
        # whatever the new tile does, need >= rest_sets + min(0, rest_delta)
        # (the new part costs sets_need >= 0 alone, sets_need + delta >= 0 with the pair)
        std_ok = rest_sets + min(0, rest_delta) <= wild
        sp_ok = special and seven_pairs and rest_odd <= wild
        to_ok = special and thirteen_orphans and rest_orph <= 1
        if not (std_ok or sp_ok or to_ok):
            continue
        base = 9 * p
        for q, (_, sets_need, delta, odd, orph) in enumerate(_plus_one(parts[p])[0]):
            if (
                (std_ok and rest_sets + sets_need + (delta if delta < rest_delta else rest_delta) <= wild)
                or (sp_ok and rest_odd + odd <= wild)
                or (to_ok and rest_orph + orph <= 1)
            ) and (wanted is None or base + q in wanted):
                result.append(base + q)
    return result


# ---------------------------------------------------------------------------
# Shanten
# ---------------------------------------------------------------------------
#
# shanten = (tiles still missing from the closest complete hand) - 1.  For a
# hand of 3k+1 or 3k+2 tiles and a target complete hand T of 3k+2 tiles, the
# missing tiles are |T| - (real tiles of the hand that fit in T) - wild, since
# each wildcard covers one missing tile.  So
#
#     shanten = 3k + 1 - max_T overlap(T, real tiles) - wild
#
# which is exact with wildcards (ignoring the four-copies limit, as waits do).
# The overlap with a standard hand splits over the parts: a part's table gives,
# for j = 0..4 groups and p = 0/1 pair, the most of its tiles that fit in j sets
# (+ a pair) of that part; tables combine by max-plus convolution.  Seven pairs
# and thirteen orphans have closed forms over simple per-part counts.

_MAX_SETS = 4
_TABLE_LEN = 2 * (_MAX_SETS + 1)  # index j + 5 * p
_ZERO_TABLE = (0,) * _TABLE_LEN
_OVERLAP_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}
_HONOR_OVERLAP_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}


def _overlap_table(key: tuple[int, ...], chows: bool, memo: dict) -> tuple[int, ...]:
    """Most tiles of ``key`` that fit in <= j sets (+ <= p pair): table[j + 5p].

    The lowest tile is either left out, or shares a set with some of the tiles
    at or above it (any sub-multiset of a pong or chow), or is in the pair.
    """
    cached = memo.get(key)
    if cached is not None:
        return cached
    size = len(key)
    i = 0
    while i < size and not key[i]:
        i += 1
    if i == size:
        return _ZERO_TABLE
    counts = list(key)
    held = counts[i]

    def child(removed: tuple[int, ...]) -> tuple[int, ...]:
        for q in removed:
            counts[q] -= 1
        table = _overlap_table(tuple(counts), chows, memo)
        for q in removed:
            counts[q] += 1
        return table

    best = list(child((i,)))  # leave one copy of the lowest tile out
    group_parts: list[tuple[int, ...]] = [(i,), (i, i), (i, i, i)][: min(held, 3)]
    if chows:  # any two or three tiles of one chow (all within the run, so within the suit)
        if i + 1 < size and counts[i + 1]:
            group_parts.append((i, i + 1))
        if i + 2 < size and counts[i + 2]:
            group_parts.append((i, i + 2))
            if counts[i + 1]:
                group_parts.append((i, i + 1, i + 2))
    for removed in group_parts:
        sub = child(removed)
        got = len(removed)
        for j in range(1, _MAX_SETS + 1):
            v = got + sub[j - 1]
            if v > best[j]:
                best[j] = v
            v = got + sub[j + 4]
            if v > best[j + 5]:
                best[j + 5] = v
    for removed in [(i,), (i, i)][: min(held, 2)]:
        sub = child(removed)
        got = len(removed)
        for j in range(_MAX_SETS + 1):
            v = got + sub[j]
            if v > best[j + 5]:
                best[j + 5] = v
    result = _intern(tuple(best))
    _bounded_store(memo, key, result)
    return result


_TABLE_IDS: dict[tuple[int, ...], int] = {}
_TABLES: list[tuple[int, ...]] = []
_ID_BITS = 20  # table ids are packed in pairs as (a << 20) | b; there are only a few thousand tables


def _table_id(table: tuple[int, ...]) -> int:
    tid = _TABLE_IDS.get(table)
    if tid is None:
        tid = _TABLE_IDS[table] = len(_TABLES)
        _TABLES.append(table)
    return tid


_COMBINED: dict[int, int] = {}  # (a << 20) | b -> id of the max-plus combination of tables a and b


def _combined(a: int, b: int) -> int:
    """Id of the max-plus convolution of tables a and b (memoised)."""
    pair_key = (a << _ID_BITS) | b
    tid = _COMBINED.get(pair_key)
    if tid is not None:
        return tid
    ta, tb = _TABLES[a], _TABLES[b]
    out = [0] * _TABLE_LEN
    for j in range(_MAX_SETS + 1):
        best0 = best1 = 0
        for x in range(j + 1):
            y = j - x
            v = ta[x] + tb[y]
            if v > best0:
                best0 = v
            v = max(ta[x] + tb[y + 5], ta[x + 5] + tb[y])
            if v > best1:
                best1 = v
        out[j] = best0
        out[j + 5] = best1
    tid = _table_id(tuple(out))
    _bounded_store(_COMBINED, pair_key, tid)
    return tid


def _shanten_summary(key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """(table id, n, pairs, odd kinds, orphan kinds held, orphan held twice)."""
    if chows:
        # Runs that no set can bridge are independent: combine their tables.
        table_id = _table_id(_ZERO_TABLE)
        for run in _components(key):
            table_id = _combined(table_id, _table_id(_overlap_table(run, True, _OVERLAP_MEMO)))
        orphans = (key[0], key[8])
    else:
        # Honour kinds are interchangeable for standard shapes: memo on sorted counts.
        table_id = _table_id(_overlap_table(tuple(sorted(key, reverse=True)), False, _HONOR_OVERLAP_MEMO))
        orphans = key
    return _intern(
        (
            table_id,
            sum(key),
            sum(c // 2 for c in key),
            sum(c & 1 for c in key),
            sum(1 for c in orphans if c),
            1 if max(orphans) >= 2 else 0,
        )
    )


_SUIT_SHANTEN: dict[tuple[int, ...], tuple[int, ...]] = {}
_HONOR_SHANTEN: dict[tuple[int, ...], tuple[int, ...]] = {}


def _suit_shanten(key: tuple[int, ...]) -> tuple[int, ...]:
    summary = _SUIT_SHANTEN.get(key)
    if summary is None:
        summary = _shanten_summary(key, True)
        _bounded_store(_SUIT_SHANTEN, key, summary)
    return summary


def _honor_shanten(key: tuple[int, ...]) -> tuple[int, ...]:
    summary = _HONOR_SHANTEN.get(key)
    if summary is None:
        summary = _shanten_summary(key, False)
        _bounded_store(_HONOR_SHANTEN, key, summary)
    return summary


def _learn_shanten(counts: Sequence[int]) -> None:
    """Make sure everything ``shanten`` looks up for this hand is in the tables."""
    t = tuple(counts)
    ids = [_suit_shanten(t[a:b])[0] for a, b in _SUIT_SLICES] + [_honor_shanten(t[27:34])[0]]
    _combined(_combined(ids[0], ids[1]), _combined(ids[2], ids[3]))


def _special_fit(pairs: int, singles: int) -> int:
    """Most real tiles that fit in seven pairs (four alike = two pairs)."""
    if pairs >= 7:
        return 14
    if pairs + singles <= 7:
        return 2 * pairs + singles
    return pairs + 7  # seven pair slots: every real pair, then lone tiles


def shanten(counts: Sequence[int], wild: int = 0, *, seven_pairs: bool = True, thirteen_orphans: bool = False) -> int:
    """Tiles away from tenpai: -1 complete, 0 ready, ...; min over enabled shapes.

    Exact, wildcards included (a wildcard covers one missing tile), ignoring the
    four-copies limit.  Raises ValueError unless the hand has 3k+1 or 3k+2
    tiles with k <= 4.
    """
    t = tuple(counts)
    try:
        i1, n1, p1, o1, k1, d1 = _SUIT_SHANTEN[t[0:9]]
        i2, n2, p2, o2, k2, d2 = _SUIT_SHANTEN[t[9:18]]
        i3, n3, p3, o3, k3, d3 = _SUIT_SHANTEN[t[18:27]]
        i4, n4, p4, o4, k4, d4 = _HONOR_SHANTEN[t[27:34]]
        combined = _COMBINED
        best = combined[(combined[(i1 << 20) | i2] << 20) | combined[(i3 << 20) | i4]]
    except KeyError:
        _learn_shanten(t)
        return shanten(t, wild, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    total = n1 + n2 + n3 + n4 + wild
    k, rem = divmod(total - 1, 3)
    if rem == 2 or k > _MAX_SETS or wild < 0:
        raise ValueError(f"shanten needs 3k+1 or 3k+2 tiles with k <= 4, got {total}")
    result = 3 * k + 1 - _TABLES[best][5 + k] - wild
    if k == 4 and result > -1:
        if seven_pairs:
            fit = _special_fit(p1 + p2 + p3 + p4, o1 + o2 + o3 + o4)
            if 13 - fit - wild < result:
                result = 13 - fit - wild
        if thirteen_orphans:
            fit = k1 + k2 + k3 + k4 + (d1 | d2 | d3 | d4)
            if 13 - fit - wild < result:
                result = 13 - fit - wild
    return result


def seven_pairs_shanten(counts: Sequence[int], wild: int = 0) -> int:
    """Seven pairs alone: -1 complete, 0 ready ... (the seven-pairs term of ``shanten``); 99 unless the hand has
    13 or 14 tiles, the only sizes the shape is made at."""
    real = counts[:NUM_PLAYABLE]
    if sum(real) + wild not in (13, 14):
        return 99
    return 13 - _special_fit(sum(c // 2 for c in real), sum(c & 1 for c in real)) - wild


def thirteen_orphans_shanten(counts: Sequence[int], wild: int = 0) -> int:
    """Thirteen orphans alone (the thirteen-orphans term of ``shanten``); 99 unless the hand has 13 or 14 tiles."""
    real = counts[:NUM_PLAYABLE]
    if sum(real) + wild not in (13, 14):
        return 99
    held = [real[k] for k in THIRTEEN_ORPHANS]
    return 13 - sum(1 for c in held if c) - (1 if max(held) >= 2 else 0) - wild


_MINUS_ONE: dict[tuple[int, ...], tuple[tuple[int, ...] | None, ...]] = {}


def _minus_one(key: tuple[int, ...]) -> tuple[tuple[int, ...] | None, ...]:
    """For a part: the shanten summary with one tile fewer at each held position."""
    cached = _MINUS_ONE.get(key)
    if cached is not None:
        return cached
    summarise = _suit_shanten if len(key) == 9 else _honor_shanten
    value = tuple(summarise(key[:q] + (key[q] - 1,) + key[q + 1 :]) if key[q] else None for q in range(len(key)))
    _bounded_store(_MINUS_ONE, key, value)
    return value


def shanten_after_discards(
    counts: Sequence[int], wild: int = 0, *, seven_pairs: bool = True, thirteen_orphans: bool = False
) -> dict[int, int]:
    """``{kind: shanten(hand minus one kind)}`` for every kind held, for a 3k+2 hand.

    The same numbers as calling ``shanten`` once per candidate discard, but the
    three parts a discard does not touch are combined once and a memo gives
    each part's summaries after each discard, so all discards of a hand cost
    about as much as a few single calls.  (Discarding a wildcard is never
    better and is not listed.)
    """
    t = tuple(counts[:NUM_PLAYABLE])
    total = sum(t) + wild
    if total % 3 != 2 or total > 3 * _MAX_SETS + 2 or wild < 0:
        raise ValueError(f"shanten_after_discards needs 3k+2 tiles with k <= 4, got {total}")
    k = (total - 2) // 3
    parts = (t[0:9], t[9:18], t[18:27], t[27:34])
    summaries = (_suit_shanten(parts[0]), _suit_shanten(parts[1]), _suit_shanten(parts[2]), _honor_shanten(parts[3]))
    i0, i1, i2, i3 = (s[0] for s in summaries)
    # the combination of the three other parts, for each part
    others = (
        _combined(_combined(i1, i2), i3),
        _combined(_combined(i0, i2), i3),
        _combined(_combined(i0, i1), i3),
        _combined(_combined(i0, i1), i2),
    )
    special = k == 4 and (seven_pairs or thirteen_orphans)
    if special:
        pairs = sum(s[2] for s in summaries)
        singles = sum(s[3] for s in summaries)
        orphan_kinds = sum(s[4] for s in summaries)
    base = 3 * k + 1 - wild
    column = 5 + k
    combined, tables = _COMBINED, _TABLES
    result: dict[int, int] = {}
    for p in range(4):
        other = others[p]
        before = summaries[p]
        for q, after in enumerate(_minus_one(parts[p])):
            if after is None:
                continue
            tid = combined.get((other << _ID_BITS) | after[0])
            if tid is None:
                tid = _combined(other, after[0])
            value = base - tables[tid][column]
            if special:
                if seven_pairs:
                    fit = _special_fit(pairs - before[2] + after[2], singles - before[3] + after[3])
                    value = min(value, 13 - fit - wild)
                if thirteen_orphans:
                    dup = after[5] or any(s[5] for i, s in enumerate(summaries) if i != p)
                    fit = orphan_kinds - before[4] + after[4] + (1 if dup else 0)
                    value = min(value, 13 - fit - wild)
            result[9 * p + q] = value
    return result


def _clear_caches() -> None:
    """Empty every memo (for cold-start benchmarks and tests)."""
    for memo in (
        _SETS_NEED,
        _PAIR_NEED,
        _SUIT_WIN,
        _HONOR_WIN,
        _SUIT_WIN0,
        _HONOR_WIN0,
        _OVERLAP_MEMO,
        _HONOR_OVERLAP_MEMO,
        _SUIT_SHANTEN,
        _HONOR_SHANTEN,
        _COMBINED,
        _PLUS_ONE,
        _MINUS_ONE,
        _TABLE_IDS,
        _INTERNED,
    ):
        memo.clear()
    _TABLES.clear()
