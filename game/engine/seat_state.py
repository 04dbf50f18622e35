"""One seat's picture of the round, rebuilt only from that seat's projected events (`project(e, seat)`).

The AI and the UI both read this, so neither can use what the seat may not see: others' concealed tiles stay
unknown (only their count is kept) until a win or the round's end opens them. It is the one read model of a seat:
the game, a LAN client and a replay feed it events; tests that set a position up by hand read it from the round
(`SeatState.of_round`).

`phase` is the seat's, not the engine's: a seat never sees the engine's claim window, only the tiles on the table, so
here "claim" means "the latest tile on the table is a discard, or a declared kong that may be robbed, and no draw or
call has followed". After each complete batch of events from one action this equals the engine's phase (a discard
nobody may claim is followed at once by the next draw, a kong nobody may rob by its completion); inside a batch it
may run ahead of the engine.

Waits and hints come from the round's own win evaluation (wincheck.py), so they apply 封胡, minimums and the seat's
pass-lock exactly as the round does. The pass-lock is known the way the player knows it: from what the seat saw.
When a discard (or a kong that may be robbed) appears that this seat could win on — judged by that same evaluation,
with its own tiles, every seat's melds and the facts of the moment (杠上炮, 海底, 人胡 ... all public) — the round
offered it a win; if the tile then goes anywhere but into its hand (a draw, a call, the kong standing), it passed
that win, and `lock_state` bars what the rule set's `pass_lock` says until its next draw. No event reveals it to
anyone, and the property tests check it equals the round's after every action. That bookkeeping is done by a
`_PassLockTracker` (a SeatState that also follows the facts of each turn) fed the round's events only when
`lock_state` or `claim_facts` is read: a bot never reads them, so simulations do not pay for it.
"""

from __future__ import annotations

from typing import Any

from .melds import Meld
from .scoring import Evaluation
from .tiles import NUM_KINDS, NUM_PLAYABLE, tile_name
from .variant import TableFacts
from .wincheck import PassLockState, Wait, WinCheck, lock_after_pass, lock_clear

# events the dealer's opening flower replacements may bring before the first action; those draws are part of the
# deal, so they leave no tile "just drawn" (the engine resets Round.drawn after them)
_OPENING = frozenset({"deal", "ghost", "draw", "flower", "score"})
_KIND = {tile_name(k): k for k in range(NUM_KINDS)}  # events name tiles; a plain lookup keeps apply() cheap
# events that show a claim window has closed: the tile went to a draw, a call, a standing kong or a win
_CLOSES_WINDOW = frozenset({"draw", "flower", "pong", "chow", "kong", "concealed_kong", "added_kong",
                            "added_kong_declared", "kong_declared", "win", "flip", "exhausted", "end_round",
                            "start_round"})
# the facts a claim on a discard carries, by (after_kong, last_tile, human, discarder_single): built once
_DISCARD_FACTS = tuple(frozenset(name for bit, name in enumerate(("after_kong", "last_tile", "human",
                                                                   "discarder_single")) if mask >> bit & 1)
                       for mask in range(16))
_ROBBING = frozenset({"robbing_kong"})


class SeatState:
    """Feed it every event of the round as `project(e, seat)` returns it; a start_round begins a new round.

    Besides what the AI reads (hand, melds, discards, unseen, waits, lock_state ...) it keeps what the table picture
    needs: `hand_sizes` (every seat's concealed count),
    `last_discard`, `all_discards`, `deltas`, `wins` / `scores` / `flips` (the events), `finished`, `exhausted`,
    `end` (the end_round event), `tiles_left`, `wall_total`, `tail`, `wall_break`, `indicator`, `round_no`,
    `escaped`, and at the end `revealed_hands` / `revealed_melds`. Treat them as read-only.

    `hand` and `drawn` follow the engine exactly (Round.seats[seat].hand, Round.drawn): `hand` counts include the drawn tile, and where several
    seats win on one tile only the first in turn order gets it into his counts (his win event's "hand", kept in
    `revealed_hands`, is every winner's full hand).
    """

    def __init__(self, seat: int, variant: Any, options: Any, *, context: dict | None = None):
        self.seat = seat
        self.variant = variant
        self.options = options
        self.context = dict(context or {})  # public table facts (streak, coins) passed to wait_details' scoring
        self.version = 0  # counts the events applied, across rounds (caches key on it)
        self._check: WinCheck | None = None  # the round's win evaluation at this table (built at start_round)
        self._tracker: _PassLockTracker | None = None  # follows the pass-lock, fed from _log when asked
        self._lock: PassLockState | None = None  # of_round: the pass-lock read from the round (no events to follow)
        self._facts: frozenset[str] | None = None  # of_round: the open window's facts
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
        # per discard: thrown straight from the draw (摸切) rather than from the hand (手切), as every player at a
        # real table sees; a seat built from a round by hand (of_round) does not know it and reads False
        self._from_draw: list[list[bool]] = [[] for _ in range(players)]
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
        self._table = TableFacts(players, dealer, self.options, self.context, self._flowers)
        self._log: list[dict] = []  # this round's events, for the pass-lock tracker
        self._fed = 0  # how many of them the tracker has seen

    @classmethod
    def of_round(cls, rnd: Any, seat: int) -> "SeatState":
        """The seat's picture of `rnd` as it stands now, read from the round itself: for tests and tools that set up
        a position by hand (a scenario, tiles moved in place) and have no events to feed. It holds what the
        projected events would have told the seat — its own hand and pass-lock, every seat's melds (others'
        concealed kongs face down), discard rows and flowers, the wall's count, the open claim window — and does
        not follow the round afterwards: build another after the round moves on."""
        state = cls(seat, rnd.variant, rnd.options, context=rnd.context)
        state._reset(rnd.players, rnd.dealer)
        state.context = dict(rnd.context)
        state.round_no = rnd.round_no
        state.tail = rnd.tail
        state.tiles_left = rnd.drawable()
        state.wall_total = len(rnd.live)
        state.ghost, state.indicator = rnd.ghost, rnd.indicator
        state.current = rnd.current
        state.phase = rnd.phase
        window = rnd.window
        if window is not None:
            state._claim_tile, state._claim_from = window.tile, window.from_seat
            state._claim_kind = "discard" if window.kind == "discard" else window.kong_type
            state._rob_giver = window.giver
        state._drawn = rnd.drawn
        state._opening = False
        own = rnd.seats[seat]
        state._hand = list(own.hand)
        for i, other in enumerate(rnd.seats):
            state.hand_sizes[i] = sum(other.hand)
            state._melds[i] = [Meld(m.type, list(m.tiles) if i == seat or m.type != "concealed_kong" else [-1] * 4,
                                    m.from_seat, m.claimed, m.late) for m in other.melds]
            state._discards[i] = list(other.discards)
            state._taken[i] = list(other.claimed)
            state._from_draw[i] = [False] * len(other.discards)
            state._flowers[i] = list(other.flowers)
            state.escaped[i] = bool(getattr(other, "escaped", False))
        state._check = rnd.win_check
        state._tile_set = rnd.tile_set
        state._table = TableFacts(state.players, state.dealer, state.options, state.context, state._flowers)
        state._lock = PassLockState(set(own.lock_kinds), own.lock_all, own.lock_rank)
        state._facts = window.facts if window is not None else frozenset()
        state.finished = rnd.finished
        return state

    # ------------------------------------------------------------------ feeding
    def apply(self, event: dict) -> None:
        etype = event.get("type")
        handler = _HANDLERS.get(etype)
        if handler is None:
            if etype == "claim":
                self._log.append(event)  # who claimed what: the pass-lock tracker reads its own
            return  # unknown or purely informative
        if self._opening and etype not in _OPENING:
            self._opening = False
        handler(self, event)
        self.version += 1
        self._log.append(event)

    def apply_all(self, events: list[dict]) -> "SeatState":
        for e in events:
            self.apply(e)
        return self

    # ------------------------------------------------------------------ handlers
    def _on_start_round(self, e: dict) -> None:
        self._reset(e["players"], e["dealer"])
        if e.get("context") is not None:
            self.context = dict(e["context"])  # the round's public facts: coins, streak, seats' choices
        self.round_no = e["round"]
        self.wall_total = e["wall"]
        self.tail = e["tail"]
        self.tiles_left = e["wall"] - e["tail"]
        self.wall_break = e.get("wall_break")
        if self._check is None or self._check.players != self.players:
            self._check = WinCheck.at(self.variant, self.options, self.players)
        self._tile_set = self._check.tile_set
        self._table = TableFacts(self.players, self.dealer, self.options, self.context, self._flowers)

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
        self._from_draw[actor].append(bool(e.get("tsumogiri")))
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

    # ------------------------------------------------------------------ what a bot reads
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
    def discards_from_draw(self) -> list[list[bool]]:
        """Each seat's full discard row (as all_discards orders it): whether each tile was thrown straight from the
        draw (摸切) rather than from the hand (手切)."""
        return [list(row) for row in self._from_draw]

    @property
    def all_discards(self) -> list[list[tuple[int, bool]]]:
        """Each seat's full discard row as (kind, taken) pairs, as the UI draws it (`last_discard` indexes it)."""
        return [list(zip(row, taken)) for row, taken in zip(self._discards, self._taken)]

    @property
    def flowers(self) -> list[list[int]]:
        return [list(f) for f in self._flowers]

    def table_facts(self) -> TableFacts:
        """The table facts this seat knows (what scoring a hypothetical win of its own needs)."""
        return self._table

    def unseen(self) -> list[int]:
        """How many of each kind this seat has not seen (in the wall or in others' hands). Cached per event."""
        if self._unseen_cache[0] == self.version:
            return list(self._unseen_cache[1])
        left = [c - h for c, h in zip(tile_copies(self._tile_set), self._hand)]
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
        out = [n if n > 0 else 0 for n in left[:NUM_PLAYABLE]] + left[NUM_PLAYABLE:]
        self._unseen_cache = (self.version, out)
        return list(out)

    # ---- waits and distance: the round's own win evaluation (wincheck.py), from what this seat knows
    def _win_check(self) -> WinCheck:
        if self._check is None:  # asked before any round began
            self._check = WinCheck.at(self.variant, self.options, self.players)
        return self._check

    def waits(self, hand: list[int] | None = None) -> list[tuple[int, int]]:
        """For a 13-tile (3k+1) hand: each kind that completes one of the rule set's win shapes, with how many of it
        this seat has not seen. `hand` defaults to the seat's own; the UI passes the hand minus a candidate discard.
        """
        winning = self._win_check().waits(self._hand if hand is None else hand, self.ghost, self._melds[self.seat])
        if not winning:
            return []
        unseen = self.unseen()
        return [(k, unseen[k]) for k in winning]

    def wait_info(self, hand: list[int] | None = None, *, discarder: int | None = None,
                  flags: frozenset[str] = frozenset()) -> list[Wait]:
        """Each waiting kind and whether it wins now by discard, only by self-draw or not at all (封胡, a minimum,
        this seat's pass-lock), with the counts (WinCheck.wait_info). `discarder` and `flags`: judge the discard
        win as from that seat with those facts (default: the seat before, none; `claim_from` and `claim_facts`
        give the open window's)."""
        return self._win_check().wait_info(self.seat, self._hand if hand is None else hand, self._melds[self.seat],
                                           self._melds, self.ghost, self._table, self.unseen(), self.lock_state,
                                           discarder=discarder, flags=flags)

    def wait_details(self, hand: list[int] | None = None) -> list[tuple[int, int, int | None]]:
        """(kind, unseen, count) for each kind that wins now, by self-draw or on a discard; the count is the rule
        set's (fan / multiplier) if self-drawn, else on a discard."""
        return [w.as_tuple() for w in self.wait_info(hand) if w.by_self_draw or w.by_discard]

    def distance(self, hand: list[int] | None = None) -> int:
        """Shanten of the hand (default: the seat's own) over the rule set's win shapes."""
        return self._win_check().distance(self._hand if hand is None else hand, self.ghost, self._melds[self.seat])

    # ---- the pass-lock, learnt from what the seat saw
    def _tracked(self) -> "_PassLockTracker":
        """The pass-lock tracker, brought up to date with this round's events."""
        tracker = self._tracker
        if tracker is None:
            tracker = self._tracker = _PassLockTracker(self.seat, self.variant, self.options, context=self.context)
        log = self._log
        if self._fed < len(log):
            for e in log[self._fed:]:
                tracker.apply(e)
            self._fed = len(log)
        return tracker

    @property
    def lock_state(self) -> PassLockState:
        """The pass-lock this seat is under: the discards it may not win on since it passed a win (Round.Seat's
        lock_kinds / lock_all / lock_rank, as the seat knows them)."""
        return self._lock if self._lock is not None else self._tracked().lock

    @property
    def claim_facts(self) -> frozenset[str]:
        """What a win on the open claim window's tile would carry (Window.facts: 杠上炮, 海底, 人胡, robbing a kong
        ...), all public; after a draw or a call, those of the last window."""
        return self._facts if self._facts is not None else self._tracked().facts

    # ------------------------------------------------------------------ for the UI
    def wind_of(self, seat: int) -> str:
        """The seat wind ("E", "S", "W", "N"), counted from the dealer."""
        return "ESWN"[(seat - self.dealer) % self.players]


_COPIES: dict = {}


def tile_copies(tile_set) -> list[int]:
    """How many of each kind the table's tile set holds (none before a round has begun)."""
    got = _COPIES.get(tile_set)
    if got is None:
        got = [0] * NUM_KINDS
        if tile_set is not None:
            for k in tile_set.kinds():
                got[k] = tile_set.copies(k)
        got = _COPIES[tile_set] = got
    return got


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


class _PassLockTracker(SeatState):
    """A SeatState that also follows what the round's pass-lock depends on: the facts each discard carries (the
    round's own after_kong / drew_last / turn_source / held_before fields, from the events) and the wins the seat
    was offered and let pass. A SeatState feeds it its events only when asked (`lock_state`, `claim_facts`)."""

    def _reset(self, players: int, dealer: int) -> None:
        super()._reset(players, dealer)
        self.lock = PassLockState()
        self.facts: frozenset[str] = frozenset()
        self._offer: Evaluation | None = None  # the win the round offers this seat on the open claim window
        self._after_kong = False  # the tile in play came from a kong's replacement draw (杠上炮)
        self._drew_last = False  # the current seat drew the last drawable tile (海底)
        self._turn_source = "deal"  # "deal", "draw" or "claim"
        self._held_before = 0  # concealed tiles the current seat held before this turn's draw (全求人放炮)
        self._discards_made = 0
        self._calls = 0  # chows, pongs and kongs (concealed ones too) so far: 人胡 needs none before it

    def apply(self, event: dict) -> None:
        etype = event.get("type")
        if etype not in _HANDLERS:
            if etype == "claim" and event.get("actor") == self.seat and event.get("claim") == "win":
                self._offer = None  # it claimed the win (another may take the tile first: 截胡)
            return
        actor = event.get("actor")
        if self._offer is not None and etype in _CLOSES_WINDOW:
            # the window closed without this seat claiming the win: it passed it (as the round does, even when
            # others won on the tile)
            if etype != "start_round":
                lock_after_pass(self.variant.pass_lock, self.lock, self._claim_tile, self._offer)
            self._offer = None
        if etype == "draw":
            self._drew_last = event["left"] == 0
            if not self._opening:  # the dealer's opening replacements leave the turn as dealt
                self._turn_source = "draw"
                if not event.get("replacement"):  # a turn begins (Round._start_turn)
                    self._after_kong = False
                    self._held_before = self.hand_sizes[actor]
            if actor == self.seat:
                lock_clear(self.lock)  # any draw lifts the pass-lock, a replacement after a kong or flower too
        elif etype == "discard":
            self.facts = _DISCARD_FACTS[self._after_kong | (self._drew_last and not self.tiles_left) << 1
                                        | (not self._discards_made and not self._calls and actor == self.dealer) << 2
                                        | (self._held_before == 1 and self._turn_source == "draw") << 3]
            self._discards_made += 1
        super().apply(event)
        if etype == "discard":
            if actor != self.seat:
                self._offer = self._could_win(self._claim_tile, actor, discard=True)
        elif etype in ("pong", "chow", "kong"):
            self._calls += 1
            self._drew_last = False
            if etype == "kong":  # its replacement draw follows
                self._after_kong, self._held_before = True, self.hand_sizes[actor]
            else:
                self._after_kong, self._turn_source = False, "claim"
            rule = self.variant.pass_lock
            if actor == self.seat and rule is not None and rule.cleared_by_claim:
                lock_clear(self.lock)
        elif etype in ("concealed_kong", "added_kong"):  # its replacement draw follows
            self._calls += 1
            self._after_kong, self._held_before = True, self.hand_sizes[actor]
        elif etype == "added_kong_declared":
            self.facts = _ROBBING
            if actor != self.seat and self.variant.can_rob(self.options, "added_kong"):
                self._offer = self._could_win(self._claim_tile, actor, discard=False)
        elif etype == "kong_declared":
            self.facts = _ROBBING
            if self.seat not in (actor, event["target"]) and self.variant.can_rob(self.options, "kong"):
                self._offer = self._could_win(self._claim_tile, actor, discard=False)

    def _could_win(self, tile: int | None, from_seat: int, *, discard: bool) -> Evaluation | None:
        """The win the round offers this seat on `tile` (its claim options: the one evaluation, then the pass-lock),
        if passing it would cost anything at this table."""
        check = self._win_check()
        if tile is None or check.pass_lock is None:
            return None
        if discard and (not check.discard_wins or not check.may_fit(self._hand, tile, self.ghost)):
            return None
        ev = check.judge(self.seat, self._hand, tile, from_seat, self.facts, self._melds[self.seat], self._melds,
                         self.ghost, self._table)
        if ev is None or check.locked(self.lock, tile, ev):
            return None
        return ev
