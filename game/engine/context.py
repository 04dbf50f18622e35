"""Context keys as data: what a rule set accepts in a win's or a round's context, and the one checker for them.

A context carries the facts a hand alone does not give: liabilities, coins, the turned horses, the wildcard, the
dealer's streak ... (DESIGN.md §3.1). Each rule set declares the keys it reads as `ContextField`s in
`Variant.context_fields`; the engine declares its own (`ENGINE_CONTEXT_FIELDS`). `check_context` checks a context
against those declarations wherever one enters the engine: the `score` command's `context`, the `run` command's
`setup.context`, and the facts a game hands each round (`Round`). It checks each value's type, its range, its length
(one entry per seat ...), tiles against the table's tile set, and physical tiles (horses) together with the tiles
already in play, four of a kind at most. A refusal is a `BadInput` whose message names the field:
"context.chengbao must be a seat from 0 to 3 other than the winner, got -1".

A key is given either
- to `score` (SCORE): the facts of the one win described, or
- to a round (ROUND: `run`'s setup.context, a game's facts): facts that hold for the whole round. A fact of one win
  that a round works out itself (the horses turned from the wall, who held a single tile) is `score_only`, and a round
  refuses it with the reason.

A rule set with a new fact declares it in one line, e.g. Hainan's 上嘎:

    context_fields = (ContextField("ga", INT_PER_SEAT, "each seat's 嘎", minimum=0, maximum=3),)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BadInput
from .tiles import FIRST_FLOWER, SUITS, TileSet, is_flower, parse_tile, tile_name

if TYPE_CHECKING:
    from .variant import Variant

# where a context is given
SCORE = "score"
ROUND = "round"

# kinds of value
BOOL = "bool"  # true or false
INT = "int"  # a whole number (minimum / maximum)
SEAT = "seat"  # one seat number, 0 … players-1 (`not_winner`: not the winner's own)
SEATS = "seats"  # a list of different seats (at most `max_len`)
SEAT_PAIRS = "seat_pairs"  # a list of different [a, b] pairs of two different seats
INT_PER_SEAT = "int_per_seat"  # one whole number per seat, in seat order (coins, 嘎 …)
TILE = "tile"  # one tile kind of the table's tile set
TILES = "tiles"  # a list of tiles of the table's tile set (at most `max_len`; `with_hand`: physical tiles)
WIND = "wind"  # a wind named as a fact (E S W N: a round's 令), whether or not the table's tiles hold winds
KINDS = (BOOL, INT, SEAT, SEATS, SEAT_PAIRS, INT_PER_SEAT, TILE, TILES, WIND)

# whole numbers a caller gives are kept within this, whatever a field declares (JSON output stays printable)
LIMIT = 10**15


@dataclass(frozen=True)
class ContextFrame:
    """What a context is checked against: the table, and for `score` the win it describes."""

    variant: "Variant"
    options: Any
    players: int
    dealer: int
    scope: str = SCORE  # SCORE or ROUND
    where: str = "context"  # how the caller names the context in messages ("context", "setup.context")
    winner: int | None = None  # score: the winner (a seat field with `not_winner` may not name him)
    discarder: int | None = None  # score: the discarder, None for a self-draw
    tiles: Sequence[int] = ()  # the tiles already in play (the winner's hand and melds; a round's hands and wall)

    def tile_set(self) -> TileSet:
        return self.variant.tile_set(self.options, self.players)


@dataclass(frozen=True)
class ContextField:
    """One context key a rule set reads.

    `check(value, frame)` is what only the rule set knows (a key needing an option, coins too few to sit): it returns
    why the value is refused, or None; the checker names the field in front of it."""

    name: str
    kind: str  # one of KINDS
    doc: str = ""  # what it is, as a caller reads it in a message
    minimum: int | None = None  # INT, INT_PER_SEAT
    maximum: int | None = None
    max_len: int | Callable[[Any, int], int] | None = None  # SEATS, TILES: a number or (options, players) -> number
    not_winner: bool = False  # SEAT: never the winner himself (checked where the winner is known: `score`)
    with_hand: bool = False  # TILES / TILE: real tiles, counted with the tiles in play (≤ 4 of a kind)
    nullable: bool = False  # null is taken as absent
    score_only: str = ""  # given only to `score`; why a round does not take it
    check: Callable[[Any, ContextFrame], str | None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"context field {self.name!r}: unknown kind {self.kind!r}")

    def describe(self) -> str:
        """What the key holds and where it is given, in a sentence (docs/rule-sets.md, tools/gen_docs.py)."""
        what = {
            BOOL: "true or false", INT: "a whole number", SEAT: "a seat", SEATS: "a list of different seats",
            SEAT_PAIRS: "a list of [seat, seat] pairs", INT_PER_SEAT: "a list of whole numbers, one per seat",
            TILE: "a tile of the table", TILES: "a list of tiles of the table", WIND: "a wind: E, S, W or N",
        }[self.kind]
        if self.minimum is not None or self.maximum is not None:
            lo = "" if self.minimum is None else f"{self.minimum}"
            hi = "" if self.maximum is None else f"{self.maximum}"
            what += f" ({lo}…{hi})" if lo and hi else f" (≥ {lo})" if lo else f" (≤ {hi})"
        if self.not_winner:
            what += ", not the winner"
        if self.nullable:
            what += "; null: none"
        if self.with_hand:
            what += "; counted with the tiles in play, four of a kind at most"
        text = f"{self.doc} ({what})" if self.doc else what
        return text + (f". `score` only: {self.score_only}" if self.score_only else "")


def shown(value: Any) -> str:
    """A caller's value as a message quotes it: JSON for a scalar (cut short), the shape of a list or an object."""
    if isinstance(value, list):
        if len(value) <= 6 and not any(isinstance(v, (list, dict)) for v in value):
            text = "[" + ", ".join(shown(v) for v in value) + "]"
            if len(text) <= 60:
                return text
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    try:
        text = json.dumps(value, ensure_ascii=False)  # control characters escaped
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escaped too
        text = json.dumps(value)
    except ValueError:
        text = "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def describe_tile_set(tile_set: TileSet) -> str:
    """'1m-9m, 1s-9s, E S W N C F P' — what a table plays with, for messages."""
    kinds = set(tile_set.kinds())
    parts = [f"1{s}-9{s}" for i, s in enumerate(SUITS) if i * 9 in kinds]
    honours = [tile_name(k) for k in range(27, FIRST_FLOWER) if k in kinds]
    if honours:
        parts.append(" ".join(honours))
    if any(is_flower(k) for k in kinds):
        parts.append("1f-8f")
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------------- the checker
def check_context(fields: Sequence[ContextField], raw: Any, frame: ContextFrame, *, strict: bool = True) -> dict:
    """The context `raw` checked against `fields`; returns it with null keys that mean "absent" left out.

    `strict`: a key no field declares is refused (a caller's document). Not strict (the facts a game hands a round,
    made by the rule set's own hooks): such keys pass through unchecked."""
    where = frame.where
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise BadInput(f"{where} must be an object, got {shown(raw)}")
    declared = {f.name: f for f in fields}
    if strict:
        unknown = sorted(k for k in raw if k not in declared)
        if unknown:
            known = ", ".join(sorted(declared)) or "nothing"
            raise BadInput(f"unknown key(s) in {where}: {', '.join(shown(k) for k in unknown)}; "
                           f"{frame.variant.id} takes {known}")
    out: dict = {}
    in_hand: list[tuple[ContextField, list[int]]] = []
    for key, value in raw.items():
        f = declared.get(key)
        if f is None:
            out[key] = value
            continue
        name = f"{where}.{key}"
        if value is None and f.nullable:
            continue
        if f.score_only and frame.scope == ROUND:
            raise BadInput(f"{name} is not given to a round: {f.score_only}")
        kinds = _CHECKS[f.kind](f, value, frame, name)
        if f.check is not None:
            why = f.check(value, frame)
            if why:
                raise BadInput(f"{name}: {why}")
        if f.with_hand and kinds:
            in_hand.append((f, kinds))
        out[key] = value
    if in_hand:
        _check_copies(frame, in_hand)
    return out


def _check_copies(frame: ContextFrame, groups: list[tuple[ContextField, list[int]]]) -> None:
    tile_set = frame.tile_set()
    counts: dict[int, int] = {}
    for k in frame.tiles:
        counts[k] = counts.get(k, 0) + 1
    for f, kinds in groups:
        for k in kinds:
            counts[k] = counts.get(k, 0) + 1
            limit = tile_set.copies(k)
            if counts[k] > limit:
                raise BadInput(f"{frame.where}.{f.name}: {tile_name(k)} would appear {counts[k]} times with the tiles "
                               f"already in play; a table has at most {limit}")


def _seat_range(frame: ContextFrame, not_winner: bool) -> str:
    text = f"a seat from 0 to {frame.players - 1}"
    if not_winner and frame.winner is not None:
        text += " other than the winner"
    return text


def _is_seat(value: Any, frame: ContextFrame) -> bool:
    return is_whole(value) and 0 <= value < frame.players


def _seat(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    if not _is_seat(value, frame) or (f.not_winner and value == frame.winner):
        raise BadInput(f"{name} must be {_seat_range(frame, f.not_winner)}, got {shown(value)}")
    return []


def _limit(f: ContextField, frame: ContextFrame) -> int | None:
    if callable(f.max_len):
        return f.max_len(frame.options, frame.players)
    return f.max_len


def _list(f: ContextField, value: Any, frame: ContextFrame, name: str, what: str) -> list:
    if not isinstance(value, list):
        raise BadInput(f"{name} must be a list of {what}, got {shown(value)}")
    limit = _limit(f, frame)
    if limit is not None and len(value) > limit:
        raise BadInput(f"{name} holds {len(value)}, more than the {limit} this table allows"
                       + (f" ({f.doc})" if f.doc else ""))
    return value


def _seats(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    for i, s in enumerate(_list(f, value, frame, name, "seats")):
        if not _is_seat(s, frame) or (f.not_winner and s == frame.winner):
            raise BadInput(f"{name}[{i}] must be {_seat_range(frame, f.not_winner)}, got {shown(s)}")
        if s in value[:i]:
            raise BadInput(f"{name} lists seat {s} twice")
    return []


def _seat_pairs(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    seen: set[tuple[int, int]] = set()
    for i, pair in enumerate(_list(f, value, frame, name, "[seat, seat] pairs")):
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_seat(s, frame) for s in pair)
                and pair[0] != pair[1]):
            raise BadInput(f"{name}[{i}] must be a pair of two different seats from 0 to {frame.players - 1}, "
                           f"got {shown(pair)}")
        if tuple(pair) in seen:
            raise BadInput(f"{name} lists the pair {pair} twice")
        seen.add((pair[0], pair[1]))
    return []


def _whole(f: ContextField, value: Any, name: str) -> None:
    lo = f.minimum if f.minimum is not None else -LIMIT
    hi = f.maximum if f.maximum is not None else LIMIT
    if not is_whole(value) or not lo <= value <= hi:
        raise BadInput(f"{name} must be a whole number from {lo} to {hi}, got {shown(value)}")


def _int(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    _whole(f, value, name)
    return []


def _int_per_seat(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    if not isinstance(value, list) or len(value) != frame.players:
        raise BadInput(f"{name} must be a list of {frame.players} whole numbers, one per seat, got {shown(value)}")
    for i, v in enumerate(value):
        _whole(f, v, f"{name}[{i}]")
    return []


def _bool(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    if not isinstance(value, bool):
        raise BadInput(f"{name} must be true or false, got {shown(value)}")
    return []


def _one_tile(value: Any, frame: ContextFrame, name: str) -> int:
    try:
        kind = parse_tile(value)
    except (TypeError, ValueError):
        raise BadInput(f"{name} must be a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P or 1f-8f), got {shown(value)}") \
            from None
    tile_set = frame.tile_set()
    if tile_set.copies(kind) == 0:
        raise BadInput(f"{name}: {tile_name(kind)} is not in this {frame.players}-player {frame.variant.id} table's "
                       f"tile set ({describe_tile_set(tile_set)})")
    return kind


def _tile(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    kind = _one_tile(value, frame, name)
    return [kind]


def _wind(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    if value not in ("E", "S", "W", "N"):
        raise BadInput(f"{name} must be a wind: E, S, W or N, got {shown(value)}")
    return []  # a fact, not a tile in play: a table without honour tiles may still name one


def _tiles(f: ContextField, value: Any, frame: ContextFrame, name: str) -> list[int]:
    return [_one_tile(t, frame, f"{name}[{i}]") for i, t in enumerate(_list(f, value, frame, name, "tiles"))]


_CHECKS: dict[str, Callable[[ContextField, Any, ContextFrame, str], list[int]]] = {
    BOOL: _bool, INT: _int, SEAT: _seat, SEATS: _seats, SEAT_PAIRS: _seat_pairs, INT_PER_SEAT: _int_per_seat,
    TILE: _tile, TILES: _tiles, WIND: _wind,
}


# ---------------------------------------------------------------------------------------------------- the engine's own
def _ghost_check(value: Any, frame: ContextFrame) -> str | None:
    variant, opts = frame.variant, frame.options
    if not variant.uses_wildcards(opts):
        return f"this {variant.id} table plays without a wildcard; leave it out"
    fixed = variant.fixed_ghost(opts)
    if fixed is not None and parse_tile(value) != fixed:
        return f"this table's wildcard is always {tile_name(fixed)}; give {tile_name(fixed)} or leave it out"
    return None


# Keys every rule set takes: a game hands each round its streak and number (Session.context); `ghost` is the
# wildcard kind of a described win (a round takes it from setup.ghost / setup.indicator, or turns it).
ENGINE_CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("streak", INT, "the dealer's 连庄 count", minimum=0, maximum=10**6),
    ContextField("round_no", INT, "the round's number in the game", minimum=0, maximum=10**9),
    ContextField("ghost", TILE, "the wildcard kind; null: none given", nullable=True, check=_ghost_check,
                 score_only="give a round its wildcard with setup.ghost or setup.indicator"),
)
