"""The example hands rule sets declare for their hand types (`HandType.example`, format in game/engine/scoring.py),
read: rules help draws them, tests score them with their rule set. No pygame here."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.engine.tiles import parse_tile, parse_tiles

MELD_WORDS = ("pong", "chow", "kong", "added_kong", "concealed_kong")


@dataclass
class Example:
    """A hand type's example hand (HandType.example), read."""

    concealed: list[int]  # without the winning tile
    win_tile: int
    self_draw: bool
    melds: list[tuple[str, list[int]]] = field(default_factory=list)  # (meld type, tiles)
    flags: list[str] = field(default_factory=list)
    dealer: bool = False  # the winner is the dealer
    flowers: list[int] = field(default_factory=list)
    context: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)


def _value(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return text  # a tile ("ghost=7m")


def parse_example(spec: str) -> Example:
    """Read a HandType.example (its format: game/engine/scoring.py); ValueError when it is malformed."""
    groups = [g.split() for g in spec.split("|")]
    concealed = parse_tiles(groups[0])
    ex = None
    melds, flowers, context, options = [], [], {}, {}
    for words in groups[1:]:
        head, rest = words[0], words[1:]
        if head in MELD_WORDS:
            melds.append((head, parse_tiles(rest)))
        elif head == "win":
            if len(rest) < 2 or rest[1] not in ("self", "discard"):
                raise ValueError(f"{spec!r}: 'win TILE self|discard' expected")
            extra = rest[2:]
            ex = Example(concealed, parse_tile(rest[0]), rest[1] == "self", flags=[f for f in extra if f != "dealer"],
                         dealer="dealer" in extra)
        elif head == "flowers":
            flowers = parse_tiles(rest)
        elif head in ("context", "option"):
            pairs = dict(w.split("=", 1) for w in rest)
            (context if head == "context" else options).update({k: _value(v) for k, v in pairs.items()})
        else:
            raise ValueError(f"{spec!r}: unknown group {head!r}")
    if ex is None:
        raise ValueError(f"{spec!r}: no 'win' group")
    ex.melds, ex.flowers, ex.context, ex.options = melds, flowers, context, options
    return ex
