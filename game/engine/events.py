"""The engine's event vocabulary: every event it emits, with its fields and their types, in one place.

Events stay plain JSON dicts on the wire: the `run` command prints them, replays regenerate them, `project()` masks
them per seat, and the UI, the AI and the audio read them. This module names them. Each event is a TypedDict below
(the field `type` is its name); `EVENTS` maps the name to it, and `check_event(e)` lists what is wrong with one event
(empty when nothing is), against these declarations. `invariants.check_projection` runs it on every event (and
every seat's projection of it) of the random-round property tests and the fuzzer; tests/engine/test_events.py on
whole simulated games of every rule set.

Changing the vocabulary: a new field is declared here first (`check_event` reports fields it does not know), as
`NotRequired` when older events lack it. `SCHEMA_VERSION`, sent in every `start_round`, goes up when a field changes
meaning or is removed; adding an event or a field does not change it.

Settlement text travels as messages: `{"id": msgid, "params": {...}}`, the msgid an English `str.format` string
marked for the translation catalogues, the parameters the facts it names. A parameter's kind follows from its name
(`PARAM_KINDS`): seats are seat numbers (the UI shows the player's name), hand types are ids (the rule set's name
for them), tiles are tile notation, and anything else is a number (an amount in the base actually used, a count, a
multiplier). `render()` turns a message into text; the `score` event also carries `lines`, the messages rendered in
English (the command line's free-form breakdown).

This file does not use `from __future__ import annotations`: on Python 3.11 a TypedDict only sees `NotRequired`
in real annotations, not in strings.
"""

import functools
import string
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, NewType, NotRequired, TypedDict, Union

from .project import HIDDEN  # what project() puts where a seat may not see a tile
from .tiles import NUM_KINDS, TileError, parse_tile, tile_name

SCHEMA_VERSION = 1


def N_(text: str) -> str:
    """Mark an English msgid for the catalogues (tools/i18n.py extracts `N_("...")`); it is translated where shown."""
    return text


# ---------------------------------------------------------------------------------------------------- field types
Seat = NewType("Seat", int)  # a seat number, 0 … players-1 in turn order
Tile = NewType("Tile", str)  # contract notation: 1m … 9s, E S W N, C F P, 1f … 8f
SeenTile = NewType("SeenTile", str)  # a Tile, or "?" where the seat may not see it (see project.py)
CLAIMS = Literal["win", "kong", "pong", "chow"]
MELD_TYPES = Literal["pong", "chow", "kong", "added_kong", "concealed_kong"]


class WallBreakJSON(TypedDict):
    dice: list[int]  # the two dice
    side: int  # which wall opens, counted counter-clockwise from the dealer's own
    stacks: int  # stacks of that wall skipped before drawing starts
    side_stacks: list[int]  # each wall's length in stacks


# "from" is a Python keyword, so these take the functional form. A meld's "from": the seat that gave the claimed tile
# (an added kong: the one who fed the pong), absent for a concealed kong; "late": an added kong whose fourth tile was
# held back (过手杠), which scores nothing.
MeldJSON = TypedDict("MeldJSON", {
    "type": MELD_TYPES, "tiles": list[Tile], "from": NotRequired[Seat], "claimed": NotRequired[Tile],
    "late": NotRequired[bool]})

WinResultJSON = TypedDict("WinResultJSON", {
    "seat": Seat, "from": Union[Seat, None], "hands": list[str], "fan": Union[int, None]})


class MessageJSON(TypedDict):
    id: str  # the English msgid, a str.format string whose {fields} are exactly the params
    params: dict[str, Any]  # kinds by name: PARAM_KINDS (seats, hands, tiles), numbers otherwise


# ---------------------------------------------------------------------------------------------------- the events
class StartRound(TypedDict):
    type: Literal["start_round"]
    variant: str  # the rule set's id
    round: int  # 0-based round number of the game
    players: int
    dealer: Seat
    wall: int  # tiles in the live wall after the deal
    tail: int  # of those, the last `tail` are never drawn (horses, a dead end)
    wall_break: Union[WallBreakJSON, None]  # where the dice opened the wall (None: a scenario)
    schema: int  # SCHEMA_VERSION of the events that follow
    context: NotRequired[dict[str, Any]]  # the table's public facts: coins, streak, each seat's choices (嘎) ...


class Deal(TypedDict):
    type: Literal["deal"]
    seat: Seat
    tiles: list[SeenTile]  # sorted; "?" for another seat's hand


class Ghost(TypedDict):
    type: Literal["ghost"]
    indicator: Union[Tile, None]  # the turned tile that names the wildcard (None: a fixed wildcard)
    ghost: Tile  # the wildcard kind


class Draw(TypedDict):
    type: Literal["draw"]
    actor: Seat
    tile: SeenTile
    replacement: bool  # after a kong or a flower
    left: int  # drawable tiles left in the wall


class Flower(TypedDict):
    type: Literal["flower"]
    actor: Seat
    tile: Tile  # set aside; a replacement draw follows


class Discard(TypedDict):
    type: Literal["discard"]
    actor: Seat
    tile: Tile
    tsumogiri: bool  # the tile just drawn


class Claim(TypedDict):
    """A seat answers a claim window with a claim (a pass is not announced); it resolves by priority later."""
    type: Literal["claim"]
    actor: Seat
    claim: CLAIMS


class Pong(TypedDict):
    type: Literal["pong"]
    actor: Seat
    target: Seat  # whose discard
    tile: Tile  # the claimed tile
    consumed: list[Tile]  # the tiles taken from the actor's hand


class Kong(TypedDict):
    """An exposed kong on a discard."""
    type: Literal["kong"]
    actor: Seat
    target: Seat
    tile: Tile
    consumed: list[Tile]


class Chow(TypedDict):
    type: Literal["chow"]
    actor: Seat
    target: Seat
    tile: Tile
    consumed: list[Tile]


class ConcealedKong(TypedDict):
    type: Literal["concealed_kong"]
    actor: Seat
    tile: SeenTile
    consumed: list[SeenTile]


class AddedKongDeclared(TypedDict):
    """A pong is about to become a kong; the others may rob it (an added_kong event follows if nobody does)."""
    type: Literal["added_kong_declared"]
    actor: Seat
    tile: Tile


class KongDeclared(TypedDict):
    """A kong on a discard that the rules let the others rob first (Beihai 明杠可抢)."""
    type: Literal["kong_declared"]
    actor: Seat
    target: Seat
    tile: Tile


class AddedKong(TypedDict):
    type: Literal["added_kong"]
    actor: Seat
    tile: Tile
    target: Seat  # who fed the pong
    late: bool  # the fourth tile was held back (过手杠)


class Score(TypedDict):
    """One settlement item: who gains or pays what, and why (a kong when made, a win, a flip's horses ...)."""
    type: Literal["score"]
    reason: str  # declared by the engine or the rule set: Variant.score_reason(reason)
    deltas: list[int]  # per seat
    lines: list[str]  # the messages rendered in English (free-form, human-readable)
    messages: list[MessageJSON]  # the same lines for the UI to translate


class Flip(TypedDict):
    """Tiles turned after a win (horses, 醒); the kind is declared by the rule set: Variant.flip_kind(kind)."""
    type: Literal["flip"]
    kind: str
    tiles: list[Tile]
    hits: NotRequired[dict[str, int]]  # per winning seat ("0" … ): how many of the tiles count for him
    # per winning seat, one number for each turned tile, in order: what that tile counts for him (0: nothing; 醒:
    # the hand's tiles it matches; a horse: 1 when it hits him; Beihai's one horse: its value). The table lights the
    # tiles that scored from it, so the UI never re-derives the rules
    counts: NotRequired[dict[str, list[int]]]


class Win(TypedDict):
    type: Literal["win"]
    actor: Seat
    target: Union[Seat, None]  # whose discard or kong; None: self-drawn
    tile: Tile  # the winning tile
    hands: list[str]  # hand-type ids
    fan: Union[int, None]  # the rule set's count (fan, multiplier)
    hand: list[Tile]  # the winner's concealed tiles, the winning tile last
    melds: list[MeldJSON]
    flags: list[str]  # how the win came about: after_kong, robbing_kong, last_tile ... (scoring.FLAGS)
    # what the table's voice says about this win beyond 胡 / 自摸, as the rule set decides it (广东's 爆和 when the
    # cap was reached; hand types with a voice of their own are found from `hands`)
    voices: NotRequired[list[str]]


class Exhausted(TypedDict):
    type: Literal["exhausted"]


class EndRound(TypedDict):
    type: Literal["end_round"]
    exhausted: bool
    deltas: list[int]  # the whole round's settlement, per seat
    next_dealer: Seat
    hands: list[list[Tile]]  # every seat's concealed tiles, laid open
    melds: list[list[MeldJSON]]
    wins: list[WinResultJSON]


class Escape(TypedDict):
    type: Literal["escape"]
    actor: Seat  # left the round; a score event with the penalty follows


EVENTS: dict[str, type] = {typing.get_args(typing.get_type_hints(td)["type"])[0]: td for td in (
    StartRound, Deal, Ghost, Draw, Flower, Discard, Claim, Pong, Kong, Chow, ConcealedKong, AddedKongDeclared,
    KongDeclared, AddedKong, Score, Flip, Win, Exhausted, EndRound, Escape)}
EVENT_TYPES: tuple[str, ...] = tuple(EVENTS)


# ---------------------------------------------------------------------------------------------------- builders
def flip(kind: str, tiles: list[str], hits: dict[int, int] | None = None,
         counts: dict[int, list[int]] | None = None) -> dict:
    """A `flip` event: `kind` as the rule set declares it, the turned tiles, each winner's hits and what each turned
    tile counts for each winner (`counts[seat][i]` for `tiles[i]`)."""
    out: dict = {"type": "flip", "kind": kind, "tiles": list(tiles)}
    if hits is not None:
        out["hits"] = {str(seat): n for seat, n in hits.items()}
    if counts is not None:
        out["counts"] = {str(seat): [int(n) for n in row] for seat, row in counts.items()}
    return out


def score(reason: str, deltas: list[int], messages: list["Message"]) -> dict:
    """A `score` event from a settlement item's parts (see variant.ScoreItem.to_json)."""
    return {"type": "score", "reason": reason, "deltas": list(deltas), "lines": [render(m) for m in messages],
            "messages": [m.to_json() for m in messages]}


# ---------------------------------------------------------------------------------------------------- messages
SEAT, SEATS, HAND, TILE, NUMBER = "seat", "seats", "hand", "tile", "number"
PARAM_KINDS: dict[str, str] = {
    "seat": SEAT, "winner": SEAT, "payer": SEAT, "liable": SEAT, "dealer": SEAT,  # one seat: a player's name
    "payers": SEATS, "others": SEATS,  # a list of seats, joined
    "hand": HAND,  # a hand-type id: the name the rule set gives it
    "tile": TILE,  # tile notation
}  # any other parameter is a number
LIST_SEPARATOR = N_(", ")  # between the names of a list of seats ("、" in Chinese)


def param_kind(name: str) -> str:
    return PARAM_KINDS.get(name, NUMBER)


@dataclass(frozen=True)
class Message:
    """One line of settlement text: an English msgid with {name} fields, and the facts that fill them."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"id": self.id, "params": {k: list(v) if isinstance(v, (list, tuple)) else v
                                          for k, v in self.params.items()}}

    @classmethod
    def of(cls, data: "Message | dict | str") -> "Message":
        """A Message from itself, its JSON, or a bare string (a msgid without parameters)."""
        if isinstance(data, Message):
            return data
        if isinstance(data, dict):
            return cls(str(data.get("id", "")), dict(data.get("params") or {}))
        return cls(str(data))

    def render(self, **kw: Any) -> str:
        return render(self, **kw)


def message(msgid: str, **params: Any) -> Message:
    """`message(N_("{winner} wins by self-draw"), winner=2)`: the msgid marked where it is written."""
    return Message(msgid, params)


def render(msg: "Message | dict | str", translate: typing.Callable[[str], str] | None = None,
           seat_name: typing.Callable[[int], str] | None = None,
           hand_name: typing.Callable[[str], str] | None = None) -> str:
    """A message as text: the msgid through `translate`, then its parameters: seats through `seat_name` (default
    "seat N"), lists of seats joined by the translated LIST_SEPARATOR, hand ids through `hand_name` (default: the
    id), numbers as they are. Never raises: a translation whose fields do not fit falls back to the msgid."""
    m = Message.of(msg)
    tr = translate or (lambda s: s)
    seat = seat_name or (lambda i: f"seat {i}")
    hand = hand_name or (lambda h: h)
    values: dict[str, Any] = {}
    for name, value in m.params.items():
        kind = param_kind(name)
        try:
            if kind == SEAT:
                values[name] = seat(value)
            elif kind == SEATS:
                values[name] = tr(LIST_SEPARATOR).join(seat(i) for i in value)
            elif kind == HAND:
                values[name] = hand(value)
            else:
                values[name] = value
        except Exception:
            values[name] = value
    for text in (tr(m.id), m.id):
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            continue
    return m.id


def message_fields(msgid: str) -> set[str] | None:
    """The {fields} of a msgid (None: it is not a valid format string)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(msgid) if name is not None}
    except ValueError:
        return None


def check_message(msg: Any, where: str = "message", players: int | None = None) -> list[str]:
    """What is wrong with one message's JSON: its msgid's fields against its params, each param's kind."""
    if not isinstance(msg, dict):
        return [f"{where} must be an object, got {msg!r}"]
    problems = _check(msg, MessageJSON, where, players)
    if problems:
        return problems
    msgid, params = msg["id"], msg["params"]
    fields_ = message_fields(msgid)
    if fields_ is None:
        return [f"{where}: {msgid!r} is not a format string"]
    if fields_ != set(params):
        problems.append(f"{where}: {msgid!r} has fields {sorted(fields_)}, its params are {sorted(params)}")
    for name, value in params.items():
        kind = param_kind(name)
        at = f"{where}.params.{name}"
        if kind == SEAT:
            problems += _check(value, Seat, at, players)
        elif kind == SEATS:
            problems += _check(value, list[Seat], at, players)
        elif kind == HAND:
            problems += _check(value, str, at, players)
        elif kind == TILE:
            problems += _check(value, Tile, at, players)
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(f"{at} must be a number, got {value!r}")
    return problems


# ---------------------------------------------------------------------------------------------------- checking
def check_event(e: Any, players: int | None = None) -> list[str]:
    """What is wrong with one event against its declaration (empty: nothing). With `players`, seats and per-seat
    lists are checked against the table size too."""
    if not isinstance(e, dict):
        return [f"an event must be an object, got {type(e).__name__}"]
    etype = e.get("type")
    if etype not in EVENTS:
        return [f"unknown event type {etype!r}"]
    if not _valid(EVENTS[etype])(e, players):  # the quick yes; the slow walk below says what is wrong
        problems = _check(e, EVENTS[etype], etype, players)
        if problems:
            return problems
    problems = []
    if etype == "start_round":
        if e["schema"] != SCHEMA_VERSION:
            problems.append(f"start_round: schema {e['schema']!r}, this engine speaks {SCHEMA_VERSION}")
        if players is not None and e["players"] != players:
            problems.append(f"start_round: {e['players']} players, expected {players}")
    elif etype == "flip":
        problems += _check_flip_counts(e, players)
    elif etype == "score":
        for i, m in enumerate(e["messages"]):
            problems += check_message(m, f"score.messages[{i}]", players)
        if not problems and e["lines"] != [render(m) for m in e["messages"]]:
            problems.append("score: lines are not the messages rendered in English")
    if players is not None:
        for key in ("deltas", "hands", "melds"):
            if key in e and etype in ("score", "end_round") and len(e[key]) != players:
                problems.append(f"{etype}.{key}: {len(e[key])} entries for {players} players")
    return problems


def _check_flip_counts(e: dict, players: int | None) -> list[str]:
    """A flip's `counts`: one non-negative number per turned tile for each seat, seats that are winners (`hits`)."""
    counts = e.get("counts")
    if counts is None:
        return []
    out = []
    for key, row in counts.items():
        if not key.isdigit() or (players is not None and int(key) >= players):
            out.append(f"flip.counts: {key!r} is not a seat")
        if len(row) != len(e["tiles"]):
            out.append(f"flip.counts.{key}: {len(row)} numbers for {len(e['tiles'])} turned tiles")
        if any(n < 0 for n in row):
            out.append(f"flip.counts.{key}: a count below zero")
    if "hits" in e and set(counts) != set(e["hits"]):
        out.append(f"flip.counts: seats {sorted(counts)}, its hits name {sorted(e['hits'])}")
    return out


def check_events(events: list, players: int | None = None) -> list[str]:
    """check_event over a stream, each problem prefixed with the event's index; the table size from start_round."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, dict) and e.get("type") == "start_round" and isinstance(e.get("players"), int):
            players = e["players"]
        out += [f"[{i}] {p}" for p in check_event(e, players)]
    return out


_LEAF_NAMES = {Seat: "a seat number", Tile: "a tile", SeenTile: "a tile (or \"?\")", bool: "true or false",
               int: "an integer", float: "a number", str: "a string", type(None): "null"}


def _name(tp: Any) -> str:
    if tp in _LEAF_NAMES:
        return _LEAF_NAMES[tp]
    if typing.get_origin(tp) is Literal:
        return "one of " + ", ".join(map(repr, typing.get_args(tp)))
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "").replace("game.engine.events.", "")


@functools.cache
def _hints(td: Any) -> dict[str, Any]:
    return typing.get_type_hints(td)


_TILE_NAMES = frozenset(tile_name(k) for k in range(NUM_KINDS))


@functools.cache
def _valid(tp: Any) -> typing.Callable[[Any, Any], bool]:
    """A fast predicate for the annotation `tp` (value, players) -> bool, compiled once: every event of every test
    round passes through it. It agrees with _check, which walks again only to name the problems."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return lambda v, n: True
    if tp is type(None):
        return lambda v, n: v is None
    if origin is Literal:
        return lambda v, n: isinstance(v, str) and v in args
    if origin in (Union, types.UnionType):
        arms = [_valid(a) for a in args]
        return lambda v, n: any(f(v, n) for f in arms)
    if tp is Seat:
        return lambda v, n: type(v) is int and v >= 0 and (n is None or v < n)
    if tp is Tile:
        return lambda v, n: isinstance(v, str) and v in _TILE_NAMES
    if tp is SeenTile:
        return lambda v, n: isinstance(v, str) and (v == HIDDEN or v in _TILE_NAMES)
    if origin is list:
        item = _valid(args[0])
        return lambda v, n: isinstance(v, list) and all(item(x, n) for x in v)
    if origin is dict:
        val = _valid(args[1])
        return lambda v, n: isinstance(v, dict) and all(isinstance(k, str) and val(x, n) for k, x in v.items())
    if typing.is_typeddict(tp):
        fields_ = {k: _valid(h) for k, h in _hints(tp).items()}
        required = tp.__required_keys__
        return lambda v, n: (isinstance(v, dict) and required <= v.keys()
                             and all(k in fields_ and fields_[k](x, n) for k, x in v.items()))
    if tp is bool:
        return lambda v, n: type(v) is bool
    if tp is int:
        return lambda v, n: isinstance(v, int) and not isinstance(v, bool)
    if tp is float:
        return lambda v, n: isinstance(v, (int, float)) and not isinstance(v, bool)
    if tp is str:
        return lambda v, n: isinstance(v, str)
    raise TypeError(f"events.py cannot check {tp!r}")


def _check(value: Any, tp: Any, where: str, players: int | None) -> list[str]:
    """Problems of `value` against the annotation `tp`, each naming where it is (the slow walk after _valid)."""
    origin = typing.get_origin(tp)
    if typing.is_typeddict(tp) and isinstance(value, dict):
        hints = _hints(tp)
        out = [f"{where}: missing {k!r}" for k in sorted(tp.__required_keys__) if k not in value]
        out += [f"{where}: undeclared field {k!r} (declare it in game/engine/events.py)"
                for k in value if k not in hints]
        for k, v in value.items():
            if k in hints:
                out += _check(v, hints[k], f"{where}.{k}", players)
        return out
    if origin is list and isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _check(v, typing.get_args(tp)[0], f"{where}[{i}]", players)]
    if origin is dict and isinstance(value, dict):
        out = [f"{where} keys must be strings" for k in value if not isinstance(k, str)][:1]
        return out + [p for k, v in value.items() for p in _check(v, typing.get_args(tp)[1], f"{where}.{k}", players)]
    if _valid(tp)(value, players):
        return []
    if tp is Seat and type(value) is int and value >= 0 and players is not None:
        return [f"{where}: seat {value} at a {players}-player table"]
    if origin in (Union, types.UnionType):
        return [f"{where} must be {' or '.join(_name(a) for a in typing.get_args(tp))}, got {value!r}"]
    what = _name(tp)
    if typing.is_typeddict(tp) or origin is dict:
        what = "an object"
    elif origin is list:
        what = "a list"
    return [f"{where} must be {what}, got {value!r}"]
