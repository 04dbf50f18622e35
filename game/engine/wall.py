"""Seeded shuffles, dice, the wall break and the deal.

A game is `seed + actions`: each round's RNG is derived from the game seed and the round number, so any round can be
replayed on its own.

The RNG is our own (`PortableRng`), not Python's `random`, whose `shuffle`/`randrange` results are not promised to stay
the same across Python versions: replays and LAN verification need the same seed to give the same wall everywhere.
The algorithm, exactly, so it can be reimplemented in another language:

* Key. `round_rng(seed, round_no)` uses the UTF-8 bytes of the label `"lingnan-mahjong:{seed}:{round_no}"` as the
  key (seed and round number written as text, integers in plain decimal, e.g. `lingnan-mahjong:1:0`,
  `lingnan-mahjong:abc:-1`). `PortableRng.from_label(text)` does the same for any label;
  `PortableRng.from_key(key)` takes raw key bytes as they are (e.g. a host secret mixed with client entropy).
* Stream. Block i (i = 0, 1, 2, ...) is HMAC-SHA256(key, i as an 8-byte big-endian unsigned integer), 32 bytes
  (standard HMAC, RFC 2104: keys longer than 64 bytes are hashed first). The stream is the blocks concatenated; it is
  read as consecutive 32-bit big-endian unsigned words (eight per block). Every draw below takes whole words from the
  front of the stream, in order, never skipping any.
* randbelow(n), n >= 1. Let w = max(1, ceil(bitlen(n - 1) / 32)) words (w = 1 for any n <= 2**32), x = those w words
  as one big-endian integer (the first word most significant), R = 2**(32 * w) and limit = R - (R mod n).
  If x < limit the result is x mod n; otherwise x is rejected and a fresh x is drawn the same way (no modulo bias).
* randrange(n) = randbelow(n); randrange(a, b) = a + randbelow(b - a); randint(a, b) = a + randbelow(b - a + 1);
  choice(seq) = seq[randbelow(len(seq))].
* shuffle(list), Fisher-Yates from the end: for i = len - 1 down to 1, j = randbelow(i + 1), swap items i and j.
* random(): two words as a 64-bit big-endian integer x; the result is (x >> 11) / 2**53, in [0, 1).
* A round's deal (state.new_round) draws from round_rng(seed, round_no): the shuffle of the tile set, then the two
  dice as randint(1, 6) each, then whatever the rule set's choose_ghost draws (Beihai: one randrange). The first
  dealer is drawn from round_rng(seed, -1); a round's in-play stream (Round.rng) is keyed by the label
  "lingnan-mahjong:{seed}:{round_no}:play".
"""

from __future__ import annotations

import hmac
import operator
import struct
from dataclasses import dataclass
from typing import Any, Iterator, MutableSequence, Sequence

SIDES = 4  # the physical table always has four walls, whatever the number of players

_WORDS = struct.Struct(">8I")  # one HMAC-SHA256 block as eight big-endian 32-bit words
_SPAN32 = 1 << 32


def _words(key: bytes) -> Iterator[int]:
    """The stream as 32-bit words: block i = HMAC-SHA256(key, i as 8 bytes big-endian), eight words a block."""
    counter = 0
    while True:
        yield from _WORDS.unpack(hmac.digest(key, counter.to_bytes(8, "big"), "sha256"))
        counter += 1


class PortableRng:
    """A deterministic, platform-independent random stream (the algorithm is in the module docstring).

    It offers the few `random.Random` methods the engine and the rule sets use, with the same meaning (not the same
    numbers).
    """

    __slots__ = ("_next_word",)

    def __init__(self, key: bytes) -> None:
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError("PortableRng takes key bytes; use PortableRng.from_label for text")
        # the hot path: a bound generator step is the cheapest "next word" Python offers (the deal draws ~140 words)
        self._next_word = _words(bytes(key)).__next__

    @classmethod
    def from_key(cls, key: bytes) -> PortableRng:
        """A stream keyed by raw bytes, taken as they are."""
        return cls(key)

    @classmethod
    def from_label(cls, label: str) -> PortableRng:
        """A stream keyed by the UTF-8 bytes of a text label."""
        return cls(label.encode("utf-8"))

    def _bits(self, words: int) -> int:
        """The next `words` words as one big-endian integer."""
        x = 0
        for _ in range(words):
            x = (x << 32) | self._next_word()
        return x

    # ------------------------------------------------------------------ draws
    def randbelow(self, n: int) -> int:
        """Uniform in [0, n): rejection sampling, so no value is favoured when n does not divide 2**32."""
        n = operator.index(n)
        if n <= 0:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        words = 1 if n <= _SPAN32 else ((n - 1).bit_length() + 31) // 32
        span = _SPAN32 if words == 1 else 1 << (32 * words)
        limit = span - span % n  # the largest multiple of n that fits; draws at or above it would favour small values
        next_word = self._next_word
        while True:
            x = next_word() if words == 1 else self._bits(words)
            if x < limit:
                return x % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        start, stop = operator.index(start), operator.index(stop)
        if stop <= start:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + self.randbelow(stop - start)

    def randint(self, a: int, b: int) -> int:
        return self.randrange(a, operator.index(b) + 1)

    def choice(self, seq: Sequence[Any]) -> Any:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates from the end, in place (the same walk as Python's, with our own draws)."""
        randbelow = self.randbelow
        for i in range(len(x) - 1, 0, -1):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (a double's full precision)."""
        return (self._bits(2) >> 11) * (1.0 / (1 << 53))


def round_rng(seed: int | str, round_no: int) -> PortableRng:
    return PortableRng.from_label(f"lingnan-mahjong:{seed}:{round_no}")


@dataclass(frozen=True)
class WallBreak:
    """Where the dice open the wall.

    `side` counts walls counter-clockwise from the dealer's own (0), by the dice sum; `stacks` is how many stacks of
    that wall are skipped (the sum again) before drawing starts. `side_stacks` is each wall's length in stacks.
    """

    dice: tuple[int, int]
    side: int
    stacks: int
    side_stacks: tuple[int, ...]

    def to_json(self) -> dict:
        return {"dice": list(self.dice), "side": self.side, "stacks": self.stacks,
                "side_stacks": list(self.side_stacks)}


def roll_dice(rng: PortableRng) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def side_lengths(total_tiles: int) -> tuple[int, ...]:
    stacks = (total_tiles + 1) // 2
    base, extra = divmod(stacks, SIDES)
    return tuple(base + (1 if i < extra else 0) for i in range(SIDES))


def break_wall(layout: list[int], dice: tuple[int, int]) -> tuple[list[int], WallBreak]:
    """Rotate the shuffled layout (dealer's wall first, two tiles a stack) so it starts at the break.

    The rotation keeps the shuffle's distribution; it matters for the picture on the table, where the UI opens the
    wall at exactly this place.
    """
    total = sum(dice)
    lengths = side_lengths(len(layout))
    side = (total - 1) % SIDES
    stacks = min(total, lengths[side])
    start_stack = sum(lengths[:side]) + stacks
    start = min(2 * start_stack, len(layout))
    return layout[start:] + layout[:start], WallBreak(dice, side, stacks, lengths)


def deal(live: list[int], players: int, dealer: int) -> tuple[list[list[int]], list[int]]:
    """Deal 4-4-4 then 1 each, then the dealer's 14th, from the front of the live wall."""
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    order = [(dealer + i) % players for i in range(players)]
    for _ in range(3):
        for seat in order:
            hands[seat].extend(live[pos:pos + 4])
            pos += 4
    for seat in order:
        hands[seat].append(live[pos])
        pos += 1
    hands[dealer].append(live[pos])
    pos += 1
    return hands, live[pos:]
