"""Tile kinds, the contract notation (DESIGN.md §2), rings and tile sets.

Inside the engine a tile is an int "kind" so that hands can be count vectors:

    0-8   1m-9m   (万)        27-30  E S W N   (winds)
    9-17  1p-9p   (筒)        31-33  C F P     (中 发 白)
    18-26 1s-9s   (条)        34-41  1f-8f     (春夏秋冬梅兰菊竹)

Outside the engine (JSON, events, UI) tiles are always the notation strings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

SUITS = ("m", "p", "s")
HONOR_NAMES = ("E", "S", "W", "N", "C", "F", "P")
NUM_PLAYABLE = 34  # suits and honours: the kinds that can be part of a winning hand
NUM_KINDS = 42  # plus eight flowers
FIRST_HONOR = 27
FIRST_WIND = 27
FIRST_DRAGON = 31
FIRST_FLOWER = 34
RED_DRAGON = 31  # 红中

_NAMES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONOR_NAMES) + [f"{n}f" for n in range(1, 9)]
)
_KINDS: dict[str, int] = {name: kind for kind, name in enumerate(_NAMES)}

# Chinese names, for breakdown lines and the UI's fallback text.
_ZH_NUMBERS = "一二三四五六七八九"
_ZH_SUITS = {"m": "万", "p": "筒", "s": "条"}
_ZH_HONORS = ("东", "南", "西", "北", "中", "发", "白")
_ZH_FLOWERS = ("春", "夏", "秋", "冬", "梅", "兰", "菊", "竹")


class TileError(ValueError):
    """A tile string that is not in the contract notation."""

    code = "bad_tile"


def parse_tile(text: str) -> int:
    try:
        return _KINDS[text]
    except (KeyError, TypeError):
        raise TileError(f"not a tile: {text!r} (expected 1m-9m, 1p-9p, 1s-9s, E S W N, C F P or 1f-8f)") from None


def parse_tiles(texts: Iterable[str]) -> list[int]:
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise TileError(f"expected a list of tiles, got {texts!r}")
    return [parse_tile(t) for t in texts]


def tile_name(kind: int) -> str:
    return _NAMES[kind]


def tile_names(kinds: Iterable[int]) -> list[str]:
    return [_NAMES[k] for k in kinds]


def zh_name(kind: int) -> str:
    if kind < FIRST_HONOR:
        return _ZH_NUMBERS[kind % 9] + _ZH_SUITS[SUITS[kind // 9]]
    if kind < FIRST_FLOWER:
        return _ZH_HONORS[kind - FIRST_HONOR]
    return _ZH_FLOWERS[kind - FIRST_FLOWER]


def is_suited(kind: int) -> bool:
    return kind < FIRST_HONOR


def is_honor(kind: int) -> bool:
    return FIRST_HONOR <= kind < FIRST_FLOWER


def is_wind(kind: int) -> bool:
    return FIRST_WIND <= kind < FIRST_DRAGON


def is_dragon(kind: int) -> bool:
    return FIRST_DRAGON <= kind < FIRST_FLOWER


def is_flower(kind: int) -> bool:
    return kind >= FIRST_FLOWER


def suit_of(kind: int) -> str | None:
    """'m', 'p' or 's' for a number tile; 'z' for honours; 'f' for flowers."""
    if kind < FIRST_HONOR:
        return SUITS[kind // 9]
    return "z" if kind < FIRST_FLOWER else "f"


def number_of(kind: int) -> int | None:
    return kind % 9 + 1 if kind < FIRST_HONOR else None


def is_terminal_or_honor(kind: int) -> bool:
    return is_honor(kind) or kind % 9 in (0, 8)


def next_in_ring(kind: int) -> int:
    """The next kind in its ring (common.md): 9→1 within a suit, E→S→W→N→E, C→F→P→C."""
    if kind < FIRST_HONOR:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind < FIRST_DRAGON:
        return FIRST_WIND + (kind - FIRST_WIND + 1) % 4
    if kind < FIRST_FLOWER:
        return FIRST_DRAGON + (kind - FIRST_DRAGON + 1) % 3
    return FIRST_FLOWER + (kind - FIRST_FLOWER + 1) % 8


def prev_in_ring(kind: int) -> int:
    if kind < FIRST_HONOR:
        return kind + 8 if kind % 9 == 0 else kind - 1
    if kind < FIRST_DRAGON:
        return FIRST_WIND + (kind - FIRST_WIND - 1) % 4
    if kind < FIRST_FLOWER:
        return FIRST_DRAGON + (kind - FIRST_DRAGON - 1) % 3
    return FIRST_FLOWER + (kind - FIRST_FLOWER - 1) % 8


THIRTEEN_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class TileSet:
    """Which kinds a table plays with, four of each (flowers: one of each)."""

    suits: tuple[str, ...] = SUITS
    honors: bool = True
    flowers: bool = False
    extra_red_dragons: bool = False  # four 红中 added to an honour-less set as wildcards (Beihai)

    def kinds(self) -> list[int]:
        kinds = [k for k in range(FIRST_HONOR) if SUITS[k // 9] in self.suits]
        if self.honors:
            kinds += list(range(FIRST_HONOR, FIRST_FLOWER))
        elif self.extra_red_dragons:
            kinds.append(RED_DRAGON)
        if self.flowers:
            kinds += list(range(FIRST_FLOWER, NUM_KINDS))
        return kinds

    def copies(self, kind: int) -> int:
        if kind not in self._kind_set:
            return 0
        return 1 if is_flower(kind) else 4

    @cached_property
    def _kind_set(self) -> frozenset[int]:
        """kinds() as a set, built once: copies() is asked for every kind whenever a seat counts what it has not
        seen, and building the list each time made that count quadratic."""
        return frozenset(self.kinds())

    def tiles(self) -> list[int]:
        """Every tile of the set, as a sorted multiset of kinds."""
        out: list[int] = []
        for kind in self.kinds():
            out.extend([kind] * (1 if is_flower(kind) else 4))
        return out

    def size(self) -> int:
        return len(self.tiles())

    def has_thirteen_orphans(self) -> bool:
        return self.honors and len(self.suits) == 3


def counts_of(kinds: Iterable[int], size: int = NUM_KINDS) -> list[int]:
    counts = [0] * size
    for k in kinds:
        counts[k] += 1
    return counts


def sort_key(kind: int) -> int:
    return kind
