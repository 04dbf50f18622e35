"""Seeded shuffles, dice, the wall break and the deal.

A game is `seed + actions`: each round's RNG is derived from the game seed and the round number, so any round can be
replayed on its own.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

SIDES = 4  # the physical table always has four walls, whatever the number of players


def round_rng(seed: int | str, round_no: int) -> random.Random:
    digest = hashlib.sha256(f"lingnan-mahjong:{seed}:{round_no}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


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


def roll_dice(rng: random.Random) -> tuple[int, int]:
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
