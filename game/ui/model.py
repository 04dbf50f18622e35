"""The picture of a table, read from the engine's seat state (no pygame).

Live play, hot-seat, LAN and replays feed the same projected events into a TableModel; the table scene draws it.
The tiles are tracked by `game.engine.seat_state.SeatState` — the same state the AI reads, checked against the
engine after every action by the property tests — so the picture cannot drift from the game. This module only
turns that state into what the renderer wants: tile names, a hand with the drawn tile set apart, meld dicts.

A seat's own tiles are known; others' concealed tiles are "?" until a win or the round's end opens them. The open
view (viewer None: replays, where every event arrives unmasked) keeps one state per seat, each of which knows its
own hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.project import HIDDEN
from game.engine.seat_state import SeatState
from game.engine.tiles import NUM_KINDS, tile_name


@dataclass
class SeatModel:
    hand: list[str] = field(default_factory=list)
    drawn: str | None = None  # the tile just drawn, shown apart from the hand
    melds: list[dict] = field(default_factory=list)
    discards: list[list] = field(default_factory=list)  # [tile, taken_by_a_call]
    flowers: list[str] = field(default_factory=list)
    delta: int = 0  # this round's running score
    escaped: bool = False


@dataclass
class FlipRow:
    """One winner's view of a flip: the turned tiles and what each counted for him (the event's `counts`)."""

    seat: int | None  # the winner (None: the flip names nobody)
    tiles: list[str]
    counts: list[int] | None  # per tile; None: the event does not say (a replay from before `counts`)
    total: int  # his count: the counts' sum (hits where no counts are given)

    @property
    def lit(self) -> list[bool | None]:
        """Per tile: True where it scored for him, False where not, None where not known."""
        if self.counts is None:
            return [None] * len(self.tiles)
        return [n > 0 for n in self.counts]


def flip_rows(flip: dict) -> list[FlipRow]:
    """A flip event as rows, one per winner in seat order: the tiles that scored for each are the ones he lights."""
    tiles = list(flip.get("tiles") or [])
    counts = flip.get("counts") or {}
    hits = flip.get("hits") or {}
    seats = sorted({*counts, *hits}, key=lambda s: int(s) if str(s).isdigit() else 99)
    rows = []
    for key in seats:
        row = counts.get(key)
        total = sum(row) if row is not None else int(hits.get(key, 0))
        rows.append(FlipRow(int(key) if str(key).isdigit() else None, tiles, list(row) if row is not None else None,
                            total))
    return rows or [FlipRow(None, tiles, None, 0)]


def _meld_dict(m: Any) -> dict:
    return {"type": m.type, "tiles": [tile_name(k) if k >= 0 else HIDDEN for k in m.tiles], "from": m.from_seat,
            "claimed": tile_name(m.claimed) if m.claimed is not None else None}


KONG_EVENTS = ("kong", "added_kong", "concealed_kong")


class TableModel:
    def __init__(self, viewer: int | None, variant: Any, options: Any, players: int = 4):
        self.viewer = viewer
        self.rule_set = variant
        self.variant = variant.id  # the rule set's id, as the events name it
        self.options = options
        self.players = players
        self.dice: tuple[int, int] | None = None
        # the viewer's own state (the open view: seat 0's, for the public facts); in the open view one per seat
        self.state = SeatState(viewer if viewer is not None else 0, variant, options)
        self.open_states: list[SeatState] = []
        self._seats: list[SeatModel] = []
        self._seen_version = -1
        self.started = False
        self.drawer: int | None = None  # the seat holding a freshly drawn tile apart from his hand
        self._marks: dict[tuple[int, int], list] = {}  # seat_marks by (state version, seat)
        # the kind of kong (kong, added_kong, concealed_kong) each kong's score item was for, by its index in
        # `scores`: the engine scores a kong in the event right after it
        self.kong_kinds: dict[int, str] = {}
        self._last_type: str | None = None

    # ---- feeding
    def apply(self, e: dict) -> None:
        if e.get("type") == "start_round":
            self.players = e["players"]
            self.dice = tuple(e["wall_break"]["dice"]) if e.get("wall_break") else None
            self.started = True
            if self.viewer is None:
                self.open_states = [SeatState(s, self.rule_set, self.options) for s in range(self.players)]
            self.kong_kinds = {}
        kind = e.get("type")
        if kind == "score" and self._last_type in KONG_EVENTS:
            self.kong_kinds[len(self.state.scores)] = self._last_type
        self._last_type = kind
        if kind == "draw":
            self.drawer = e["actor"]
        elif kind not in ("score", "claim", "ghost", "flip", "deal"):
            self.drawer = None
        self.state.apply(e)
        for st in self.open_states:
            st.apply(e)

    def apply_all(self, events: list[dict]) -> "TableModel":
        for e in events:
            self.apply(e)
        return self

    # ---- public facts, straight from the state
    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def round_no(self) -> int:
        return self.state.round_no

    @property
    def wall_total(self) -> int:
        return self.state.wall_total

    @property
    def tail(self) -> int:
        return self.state.tail

    @property
    def tiles_left(self) -> int:
        return self.state.tiles_left

    @property
    def wall_break(self) -> dict | None:
        return self.state.wall_break

    @property
    def ghost(self) -> str | None:
        return tile_name(self.state.ghost) if self.state.ghost is not None else None

    @property
    def indicator(self) -> str | None:
        return tile_name(self.state.indicator) if self.state.indicator is not None else None

    @property
    def last_discard(self) -> tuple[int, int] | None:
        return self.state.last_discard

    @property
    def wins(self) -> list[dict]:
        return self.state.wins

    @property
    def scores(self) -> list[dict]:
        return self.state.scores

    @property
    def flips(self) -> list[dict]:
        return self.state.flips

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def exhausted(self) -> bool:
        return self.state.exhausted

    @property
    def end(self) -> dict | None:
        return self.state.end

    @property
    def draws_made(self) -> int:
        """Tiles taken from the wall this round, the deal included (the wall picture shrinks by these)."""
        if not self.started:
            return 0
        st = self.state
        return 13 * self.players + 1 + (st.wall_total - st.tail - st.tiles_left)

    def table_labels(self) -> list:
        """What the rule set shows at the table's centre about this round (the round wind, 令 …), from its context."""
        return list(self.rule_set.table_labels(self.options, self.state.context))

    def seat_marks(self, seat: int) -> list:
        """What the rule set shows on `seat`'s card now: from every seat's melds as this view sees them (public: who
        fed each meld; Guiliu's 互包 with B: Variant.seat_marks) and from the round's public context (Hainan's 嘎:
        Variant.context_marks)."""
        if not self.started:
            return []
        key = (self.state.version, seat)
        cache = self._marks
        if key not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[key] = [*self.rule_set.seat_marks(self.options, seat, self.state.melds),
                          *self.rule_set.context_marks(self.options, self.state.context, seat)]
        return cache[key]

    def seat_wind(self, seat: int) -> str:
        return "ESWN"[(seat - self.dealer) % self.players]

    def hand_of(self, seat: int) -> list[str]:
        return list(self.seats[seat].hand)

    # ---- the seats as the renderer draws them
    @property
    def seats(self) -> list[SeatModel]:
        if not self.started:
            return []
        version = self.state.version + sum(s.version for s in self.open_states)
        if version != self._seen_version:
            self._seats = [self._seat(i) for i in range(self.players)]
            self._seen_version = version
        return self._seats

    def _known(self, seat: int) -> SeatState | None:
        """The state that knows `seat`'s concealed tiles, if any."""
        if self.viewer is None:
            return self.open_states[seat] if seat < len(self.open_states) else None
        return self.state if seat == self.viewer else None

    def _seat(self, seat: int) -> SeatModel:
        st = self.state
        out = SeatModel()
        revealed = st.revealed_hands[seat] if seat < len(st.revealed_hands) else None
        known = self._known(seat)
        if revealed is not None and (known is None or st.finished or any(w["actor"] == seat for w in st.wins)):
            out.hand = [tile_name(k) for k in revealed]
        elif known is not None:
            counts = known.hand
            drawn = known.drawn
            if drawn is not None and counts[drawn]:
                counts[drawn] -= 1
                out.drawn = tile_name(drawn)
            out.hand = [tile_name(k) for k in range(NUM_KINDS) for _ in range(counts[k])]
        else:
            size = st.hand_sizes[seat]
            if self.drawer == seat and size:
                out.hand, out.drawn = [HIDDEN] * (size - 1), HIDDEN
            else:
                out.hand = [HIDDEN] * size
        melds = st.revealed_melds[seat] if st.revealed_melds is not None else st.melds[seat]
        if known is not None and known is not st:
            melds = known.own_melds if st.revealed_melds is None else melds
        out.melds = [_meld_dict(m) for m in melds]
        out.discards = [[tile_name(k), taken] for k, taken in st.all_discards[seat]]
        out.flowers = [tile_name(k) for k in st.flowers[seat]]
        out.delta = st.deltas[seat]
        out.escaped = st.escaped[seat]
        return out
