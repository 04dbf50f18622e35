"""One seat's picture of the round, rebuilt only from that seat's projected events (`project(e, seat)`).

The AI and the UI both read this, so neither can use what the seat may not see: others' concealed tiles stay
unknown (only their count is kept) until a win or the round's end opens them. The read interface is SeatView's
(view.py), with the same names and return types, so a bot can be handed either.

One difference from SeatView: `phase`. A seat never sees the engine's claim window, only the tiles on the table, so
here "claim" means "the latest tile on the table is a discard, or a declared kong that may be robbed, and no draw or
call has followed". After each complete batch of events from one action this equals the engine's phase (a discard
nobody may claim is followed at once by the next draw, a kong nobody may rob by its completion); inside a batch it
may run ahead of the engine.
"""

from __future__ import annotations

from typing import Any

from . import hand as hand_mod
from .melds import Meld
from .tiles import NUM_KINDS, NUM_PLAYABLE, tile_name

# events the dealer's opening flower replacements may bring before the first action; those draws are part of the
# deal, so they leave no tile "just drawn" (the engine resets Round.drawn after them)
_OPENING = frozenset({"deal", "ghost", "draw", "flower", "score"})
_KIND = {tile_name(k): k for k in range(NUM_KINDS)}  # events name tiles; a plain lookup keeps apply() cheap


class SeatState:
    """Feed it every event of the round as `project(e, seat)` returns it; a start_round begins a new round.

    Besides SeatView's interface it keeps what the table picture needs: `hand_sizes` (every seat's concealed count),
    `last_discard`, `all_discards`, `deltas`, `wins` / `scores` / `flips` (the events), `finished`, `exhausted`,
    `end` (the end_round event), `tiles_left`, `wall_total`, `tail`, `wall_break`, `indicator`, `round_no`,
    `escaped`, and at the end `revealed_hands` / `revealed_melds`. Treat them as read-only.

    `hand` and `drawn` follow the engine exactly (SeatView): `hand` counts include the drawn tile, and where several
    seats win on one tile only the first in turn order gets it into his counts (his win event's "hand", kept in
    `revealed_hands`, is every winner's full hand).
    """

    def __init__(self, seat: int, variant: Any, options: Any, *, context: dict | None = None):
        self.seat = seat
        self.variant = variant
        self.options = options
        self.context = dict(context or {})  # public table facts (streak, coins) passed to wait_details' scoring
        self.version = 0  # counts the events applied, across rounds (caches key on it)
        self._reset(4, 0)

    def _reset(self, players: int, dealer: int) -> None:
        self.players = players
        self.dealer = dealer
        self.current = dealer
        self.round_no = 0
        self.wall_total = 0  # live wall after the deal
        self.tail = 0  # tiles at the wall's end that are never drawn (horses)
        self.tiles_left = 0
        self.wall_break: dict | None = None  # as the start_round event gives it (dice, side, stacks ...)
        self.ghost: int | None = None
        self.indicator: int | None = None
        self.phase = "turn"
        self._claim_tile: int | None = None
        self._claim_from: int | None = None
        self._claim_kind: str | None = None  # "discard", "added_kong" (rob) or "kong" (rob an exposed kong)
        self._rob_giver: int | None = None  # robbing an exposed kong: whose discard it claimed
        self._hand = [0] * NUM_KINDS  # own concealed tiles, the drawn one included
        self._drawn: int | None = None  # what Round.drawn is when this seat is current
        self._opening = True
        self.hand_sizes = [0] * players
        self._melds: list[list[Meld]] = [[] for _ in range(players)]
        self._discards: list[list[int]] = [[] for _ in range(players)]  # every discard, called or not
        self._taken: list[list[bool]] = [[] for _ in range(players)]  # per discard: taken by a call or a win
        self._flowers: list[list[int]] = [[] for _ in range(players)]
        self.last_discard: tuple[int, int] | None = None  # (seat, index in his full discard list) until taken
        self.escaped = [False] * players
        self.deltas = [0] * players  # this round's running score per seat
        self.wins: list[dict] = []
        self.scores: list[dict] = []
        self.flips: list[dict] = []
        self.finished = False
        self.exhausted = False
        self.end: dict | None = None
        self.revealed_hands: list[list[int] | None] = [None] * players  # sorted kinds, once opened
        self.revealed_melds: list[list[Meld]] | None = None  # every meld face up, from end_round
        self._unseen_cache: tuple[int, list[int]] = (-1, [])
        self._tile_set = None
        self._kinds: list[int] = []
        self._seven_pairs = self._thirteen_orphans = False

    # ------------------------------------------------------------------ feeding
    def apply(self, event: dict) -> None:
        etype = event.get("type")
        handler = _HANDLERS.get(etype)
        if handler is None:
            return  # unknown or purely informative ("claim")
        if self._opening and etype not in _OPENING:
            self._opening = False
        handler(self, event)
        self.version += 1

    def apply_all(self, events: list[dict]) -> "SeatState":
        for e in events:
            self.apply(e)
        return self

    # ------------------------------------------------------------------ handlers
    def _on_start_round(self, e: dict) -> None:
        self._reset(e["players"], e["dealer"])
        self.round_no = e["round"]
        self.wall_total = e["wall"]
        self.tail = e["tail"]
        self.tiles_left = e["wall"] - e["tail"]
        self.wall_break = e.get("wall_break")
        ts = self.variant.tile_set(self.options, self.players)
        self._tile_set = ts
        self._kinds = [k for k in ts.kinds() if k < NUM_PLAYABLE]
        self._seven_pairs = self.variant.seven_pairs(self.options)
        self._thirteen_orphans = self.variant.thirteen_orphans(self.options, ts)

    def _on_deal(self, e: dict) -> None:
        seat = e["seat"]
        self.hand_sizes[seat] = len(e["tiles"])
        if seat == self.seat:
            for t in e["tiles"]:
                self._hand[_KIND[t]] += 1

    def _on_ghost(self, e: dict) -> None:
        self.ghost = _KIND[e["ghost"]]
        self.indicator = _KIND[e["indicator"]] if e.get("indicator") is not None else None

    def _on_draw(self, e: dict) -> None:
        actor = self.current = e["actor"]
        self.phase = "turn"
        self.tiles_left = e["left"]
        self.hand_sizes[actor] += 1
        if actor == self.seat:
            k = _KIND[e["tile"]]
            self._hand[k] += 1
            self._drawn = None if self._opening else k
        else:
            self._drawn = None

    def _on_flower(self, e: dict) -> None:
        actor = self.current = e["actor"]
        self.phase = "turn"
        k = _KIND[e["tile"]]
        self._flowers[actor].append(k)
        self.hand_sizes[actor] -= 1
        if actor == self.seat:
            self._hand[k] -= 1
            if self._drawn == k:
                self._drawn = None

    def _on_discard(self, e: dict) -> None:
        actor = self.current = e["actor"]
        k = _KIND[e["tile"]]
        self.hand_sizes[actor] -= 1
        if actor == self.seat:
            self._hand[k] -= 1
        self._drawn = None
        row = self._discards[actor]
        row.append(k)
        self._taken[actor].append(False)
        self.last_discard = (actor, len(row) - 1)
        self.phase = "claim"  # until a draw or a call follows
        self._claim_tile, self._claim_from, self._claim_kind = k, actor, "discard"

    def _open_claim(self, tile: int, from_seat: int, kind: str) -> None:
        self.phase = "claim"
        self._claim_tile, self._claim_from, self._claim_kind = tile, from_seat, kind

    def _take_discard(self, seat: int) -> None:
        """`seat`'s latest discard leaves his row for a meld or a win."""
        self._taken[seat][-1] = True
        if self.last_discard is not None and self.last_discard[0] == seat:
            self.last_discard = None

    def _on_call(self, e: dict) -> None:  # pong, kong, chow on a discard
        actor = self.current = e["actor"]
        giver, k = e["target"], _KIND[e["tile"]]
        consumed = [_KIND[t] for t in e["consumed"]]
        self._take_discard(giver)
        self.hand_sizes[actor] -= len(consumed)
        if actor == self.seat:
            for c in consumed:
                self._hand[c] -= 1
        tiles = sorted([k, *consumed]) if e["type"] == "chow" else [k] * (len(consumed) + 1)
        self._melds[actor].append(Meld(e["type"], tiles, giver, k))
        self._drawn = None
        self.phase = "turn"

    def _on_concealed_kong(self, e: dict) -> None:
        actor = self.current = e["actor"]
        self.hand_sizes[actor] -= 4
        if actor == self.seat:
            k = _KIND[e["tile"]]
            self._hand[k] -= 4
            self._melds[actor].append(Meld("concealed_kong", [k] * 4))
        else:
            self._melds[actor].append(Meld("concealed_kong", [-1] * 4))
        self.phase = "turn"

    def _on_added_kong_declared(self, e: dict) -> None:
        self.current = e["actor"]
        self._open_claim(_KIND[e["tile"]], e["actor"], "added_kong")  # others may rob it

    def _on_kong_declared(self, e: dict) -> None:
        # an exposed kong on a discard that others may rob first (Beihai 明杠可抢); the turn does not move yet
        self._open_claim(_KIND[e["tile"]], e["actor"], "kong")
        self._rob_giver = e["target"]

    def _on_added_kong(self, e: dict) -> None:
        actor = self.current = e["actor"]
        k = _KIND[e["tile"]]
        self.hand_sizes[actor] -= 1
        if actor == self.seat:
            self._hand[k] -= 1
        for m in self._melds[actor]:
            if m.type == "pong" and m.tiles[0] == k:
                m.type, m.tiles, m.late = "added_kong", [k] * 4, bool(e.get("late"))
                break
        self.phase = "turn"

    def _on_win(self, e: dict) -> None:
        first = not self.wins
        self.wins.append(e)
        actor = e["actor"]
        self.revealed_hands[actor] = sorted(_KIND[t] for t in e["hand"])
        if e.get("target") is None or not first:
            return  # self-drawn; or a second winner on the same tile, which the engine gives to the first only
        k = _KIND[e["tile"]]
        if self._claim_kind == "discard":
            self._take_discard(e["target"])
        elif self._claim_kind == "kong":
            self._take_discard(self._rob_giver)  # the robbed kong's tile was that seat's discard
        elif self._claim_kind == "added_kong":
            self.hand_sizes[e["target"]] -= 1  # the robbed fourth tile leaves the kong maker's hand
            if e["target"] == self.seat:
                self._hand[k] -= 1
        self.hand_sizes[actor] += 1
        if actor == self.seat:
            self._hand[k] += 1

    def _on_score(self, e: dict) -> None:
        self.scores.append(e)
        for i, d in enumerate(e["deltas"]):
            self.deltas[i] += d

    def _on_flip(self, e: dict) -> None:
        self.flips.append(e)

    def _on_escape(self, e: dict) -> None:
        self.escaped[e["actor"]] = True

    def _on_exhausted(self, e: dict) -> None:
        self.exhausted = True
        if self.phase == "claim" and self._claim_kind == "discard":
            # the turn passed to the next seat, who found the wall empty (no draw event says so)
            self.current = (self._claim_from + 1) % self.players

    def _on_end_round(self, e: dict) -> None:
        self.finished = True
        self.end = e
        self.phase = "ended"
        won = {w["actor"] for w in self.wins}
        for i, tiles in enumerate(e["hands"]):
            if i not in won:
                self.revealed_hands[i] = sorted(_KIND[t] for t in tiles)
        self.revealed_melds = [[_meld(m) for m in seat_melds] for seat_melds in e["melds"]]

    # ------------------------------------------------------------------ SeatView's interface
    @property
    def drawable(self) -> int:
        return self.tiles_left

    @property
    def claim_tile(self) -> int | None:
        return self._claim_tile if self.phase == "claim" else None

    @property
    def claim_from(self) -> int | None:
        return self._claim_from if self.phase == "claim" else None

    @property
    def hand(self) -> list[int]:
        return list(self._hand)

    @property
    def drawn(self) -> int | None:
        return self._drawn if self.current == self.seat else None

    @property
    def own_melds(self) -> list[Meld]:
        return list(self._melds[self.seat])

    @property
    def melds(self) -> list[list[Meld]]:
        """Every seat's melds; others' concealed kongs are face down (tiles -1)."""
        return [list(m) for m in self._melds]

    @property
    def discards(self) -> list[list[int]]:
        """Each seat's discard row; a discard taken by a call or a win shows in the taker's meld or hand instead."""
        return [[k for k, t in zip(row, taken) if not t] for row, taken in zip(self._discards, self._taken)]

    @property
    def all_discards(self) -> list[list[tuple[int, bool]]]:
        """Each seat's full discard row as (kind, taken) pairs, as the UI draws it (`last_discard` indexes it)."""
        return [list(zip(row, taken)) for row, taken in zip(self._discards, self._taken)]

    @property
    def flowers(self) -> list[list[int]]:
        return [list(f) for f in self._flowers]

    def unseen(self) -> list[int]:
        """How many of each kind this seat has not seen (in the wall or in others' hands). Cached per event."""
        if self._unseen_cache[0] == self.version:
            return list(self._unseen_cache[1])
        left = [0] * NUM_KINDS
        ts = self._tile_set
        if ts is not None:
            for k in ts.kinds():
                left[k] = ts.copies(k)
        for k in range(NUM_KINDS):
            left[k] -= self._hand[k]
        for seat_melds in self._melds:
            for m in seat_melds:
                for k in m.tiles:
                    if k >= 0:
                        left[k] -= 1
        for row, taken, flowers in zip(self._discards, self._taken, self._flowers):
            for k, t in zip(row, taken):
                if not t:
                    left[k] -= 1
            for k in flowers:
                left[k] -= 1
        out = [max(0, n) for n in left[:NUM_PLAYABLE]] + left[NUM_PLAYABLE:]
        self._unseen_cache = (self.version, out)
        return list(out)

    def waits(self, hand: list[int] | None = None) -> list[tuple[int, int]]:
        """For a 13-tile (3k+1) hand: each kind that completes it, with how many of it this seat has not seen."""
        counts = list(self._hand if hand is None else hand)[:NUM_PLAYABLE]
        wild = 0
        if self.ghost is not None:
            wild, counts[self.ghost] = counts[self.ghost], 0
        if (sum(counts) + wild) % 3 != 1:
            return []
        concealed_only = not self._melds[self.seat]
        winning = hand_mod.waits(counts, wild, seven_pairs=concealed_only and self._seven_pairs,
                                 thirteen_orphans=concealed_only and self._thirteen_orphans, kinds=self._kinds)
        unseen = self.unseen()
        return [(k, unseen[k]) for k in winning]

    def wait_details(self, hand: list[int] | None = None) -> list[tuple[int, int, int | None]]:
        """Each winning kind with its unseen count and the variant's count (fan / multiplier) if self-drawn."""
        from .errors import NotAWin
        from .scoring import WinContext

        counts = list(self._hand if hand is None else hand)
        out = []
        for kind, unseen in self.waits(counts):
            concealed = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
            ctx = WinContext(options=self.options, players=self.players, dealer=self.dealer, winner=self.seat,
                             discarder=None, concealed=concealed, win_tile=kind, melds=self.own_melds,
                             ghost=self.ghost, context=dict(self.context))
            try:
                fan = self.variant.evaluate(ctx).fan
            except NotAWin:
                fan = None
            out.append((kind, unseen, fan))
        return out

    # ------------------------------------------------------------------ for the UI
    def wind_of(self, seat: int) -> str:
        """The seat wind ("E", "S", "W", "N"), counted from the dealer."""
        return "ESWN"[(seat - self.dealer) % self.players]


def _meld(data: dict) -> Meld:
    """A meld from its event form (Meld.to_json), exactly as the engine held it."""
    claimed = data.get("claimed")
    return Meld(data["type"], [_KIND[t] for t in data["tiles"]], data.get("from"),
                _KIND[claimed] if claimed is not None else None, bool(data.get("late")))


_HANDLERS = {
    "start_round": SeatState._on_start_round,
    "deal": SeatState._on_deal,
    "ghost": SeatState._on_ghost,
    "draw": SeatState._on_draw,
    "flower": SeatState._on_flower,
    "discard": SeatState._on_discard,
    "pong": SeatState._on_call,
    "chow": SeatState._on_call,
    "kong": SeatState._on_call,
    "concealed_kong": SeatState._on_concealed_kong,
    "added_kong_declared": SeatState._on_added_kong_declared,
    "kong_declared": SeatState._on_kong_declared,
    "added_kong": SeatState._on_added_kong,
    "win": SeatState._on_win,
    "score": SeatState._on_score,
    "flip": SeatState._on_flip,
    "escape": SeatState._on_escape,
    "exhausted": SeatState._on_exhausted,
    "end_round": SeatState._on_end_round,
}
