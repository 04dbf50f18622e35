"""What a hand is worth and how likely it is to get there: the expert's measure of its options.

A *plan* is a way the hand may finish: any shape the rule set accepts, one suit (清一色), one suit with honours
(混一色), all pongs (碰碰胡) or seven pairs. Each plan has a distance (shanten over the plan's tiles only: tiles
outside it count as blank slots to be refilled, as flowers do in the engine) and a value: the points the winner
gains, read from the rule set itself by scoring a model hand of that plan at this table (`settle_wins` on a
hypothetical win), so fan, multipliers, minimums and 番型 gates are the rule set's own and nothing here knows a rule
set by name.

The chance of finishing is a small Markov model over the seat's remaining draws: each draw brings one of the tiles
that shorten the distance with probability (those tiles still unseen) / (all tiles unseen); the last step needs a
winning tile, which others may also throw where discard wins are allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine.errors import EngineError, UnknownToSeat
from game.engine.melds import Meld
from game.engine.seat_state import SeatState
from game.engine.tiles import NUM_PLAYABLE
from game.engine.variant import Win
from game.engine.wincheck import WinCheck

SUITS = (0, 1, 2)
# how often a ready opponent who is not fed goes on to win by his own draw (what a seat pays anyway, then)
SELF_DRAW_ANYWAY = 0.3
HONOURS = tuple(range(27, 34))

# model hands, as kinds (m = 0, p = 9, s = 18): four sets and a pair, the first set the one shown when the hand is
# open, the last tile the winning one. Each is won on a two-sided or two-pair wait, never a single one, so that no
# rule set's bonus for a single wait (单钓, 四开 …) is read into the plan's value.
_ANY = (1, 2, 3, 13, 14, 15, 7, 7, 7, 19, 19, 20, 21, 22)
_PONGS = (1, 1, 1, 13, 13, 13, 25, 25, 25, 20, 20, 15, 15, 15)
_PAIRS = (1, 1, 4, 4, 12, 12, 15, 15, 19, 19, 22, 22, 25, 25)
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHANS = (*TERMINALS_AND_HONOURS[1:], 0, 0)  # 十三幺 waiting on 1m with the pair held


def _flush(s: int) -> tuple[int, ...]:
    b = 9 * s
    return tuple(b + n for n in (1, 2, 3, 4, 5, 6, 7, 7, 7, 8, 8, 2, 3, 4))


def _half(s: int) -> tuple[int, ...]:
    b = 9 * s
    return (b + 1, b + 2, b + 3, 31, 31, 31, b + 7, b + 7, b + 7, b + 8, b + 8, b + 4, b + 5, b + 6)


@dataclass(frozen=True)
class Plan:
    id: str  # "any", "flush0".."flush2", "half0".."half2", "pongs", "pairs", "orphans"
    keeps: frozenset[int] | None  # the kinds the plan keeps (None: every kind)
    shape: str  # "any", "pongs", "pairs" or "orphans"
    model: tuple[int, ...]
    # about how many unseen tiles improve a typical hand on this plan at each distance (index 1: one from ready)
    profile: tuple[int, ...] = (0, 22, 38, 52, 62, 70, 76, 80, 84)
    suit: int | None = None  # a one-suit plan's suit (0 m, 1 p, 2 s)
    honours: bool = False  # a one-suit plan that keeps the honours too (混一色)


_ONE_SUIT = (0, 12, 20, 27, 32, 36, 39, 41, 43)
PLANS = (
    Plan("any", None, "any", _ANY),
    *(Plan(f"flush{s}", frozenset(range(9 * s, 9 * s + 9)), "any", _flush(s), _ONE_SUIT, s) for s in SUITS),
    *(Plan(f"half{s}", frozenset([*range(9 * s, 9 * s + 9), *HONOURS]), "any", _half(s), _ONE_SUIT, s, True)
      for s in SUITS),
    Plan("pongs", None, "pongs", _PONGS, (0, 6, 11, 16, 20, 24, 27, 30, 32)),
    Plan("pairs", None, "pairs", _PAIRS, (0, 3, 6, 9, 12, 15, 18, 21, 21)),
    Plan("orphans", frozenset(TERMINALS_AND_HONOURS), "orphans", _ORPHANS, (0, 8, 16, 24, 30, 34, 38, 40, 42)),
)


@dataclass(frozen=True)
class PlanValue:
    """Points the winner gains with a model hand of the plan: by self-draw, on a discard (None: may not)."""
    self_draw: float
    discard: float | None
    hand: str  # the model hand's best hand type id ("" none)

    def mixed(self, discard_share: float) -> float:
        if self.discard is None:
            return self.self_draw
        return discard_share * self.discard + (1 - discard_share) * self.self_draw


def winner_gain(view: SeatState, seat: int, concealed: list[int], win_tile: int, discarder: int | None,
                melds: list[Meld], keep_evaluation: bool = False):
    """(points `seat` gains winning so, the first hand type) or None when it is no win at this table; with
    `keep_evaluation` the rule set's Evaluation of the win comes third.

    Remembered by everything the rule set's judgement and settlement read (the hand, the win, the table facts): a
    ready hand is valued again on every turn it stays ready, the same wait each time. The other seats' melds are
    read only by the table's bar on winning at all (Variant.may_win: 封胡), asked first, so a call elsewhere at the
    table does not make every wait be scored again."""
    table = view.table_facts()
    table_melds = view.melds
    try:
        if not view.variant.may_win(view.options, seat, table_melds):
            return None
    except EngineError:  # as the judgement would have (WinCheck.judge asks it too): no win
        return None
    key = (id(view.variant), view.options, view.players, view.ghost, seat, tuple(concealed), win_tile, discarder,
           _melds_key(melds), table.dealer, context_key(table), tuple(map(tuple, table.flowers or ())))
    try:
        got = _GAINS[key]
    except KeyError:
        if len(_GAINS) >= 20000:
            _GAINS.clear()
        got = _GAINS[key] = _winner_gain(view, seat, concealed, win_tile, discarder, melds, table, table_melds)
    except TypeError:  # options that cannot be hashed: scored every time
        got = _winner_gain(view, seat, concealed, win_tile, discarder, melds, table, table_melds)
    if got is None or keep_evaluation:
        return got
    return got[0], got[1]


_GAINS: dict[tuple, tuple[float, str] | None] = {}


@dataclass(frozen=True)
class ReadyWait:
    """One kind a ready hand waits on, judged and settled by the rule set: whether it wins by a discard (the
    seat's own pass-lock applied) and by self-draw, and what each pays the seat."""
    kind: int
    by_discard: bool
    by_self_draw: bool
    on_discard: float  # points on a discard (from the next seat), 0 if it may not
    self_drawn: float  # points self-drawn, 0 if it may not
    hand: str  # the self-drawn (else the discard) win's first hand type


def ready_waits(view: SeatState, counts: list[int], melds: list[Meld], lock=None,
                one_wait: list[int] | None = None) -> list[ReadyWait]:
    """The waits of `counts` (3k+1, ready) with what each would pay: each win judged and settled once (the engine's
    wait_info judges them too, but keeps no settlement: asking both scored every win twice). `lock`: the seat's
    pass-lock state (None: none), or a function giving it, asked only when a wait wins on a discard (bringing the
    seat's lock up to date replays the round's events: most ready hands under a minimum never need it).
    `one_wait`: the seat's unseen counts, for a cheaper reading that judges only the wait with the most copies
    unseen (ties: the lowest kind) and reads every other wait as paying the same."""
    check = WinCheck.at(view.variant, view.options, view.players)
    discarder = (view.seat + 1) % view.players
    kinds = check.waits(counts, view.ghost, melds)
    judged: dict[int, tuple] = {}

    def judge(kind: int) -> tuple:
        got = judged.get(kind)
        if got is None:
            self_won = winner_gain(view, view.seat, counts, kind, None, melds)
            # the cheaper reading takes a hand that may not be self-drawn for one that may not win on a discard
            # either (of hard's waits in 40 played rounds, every rule set, none won on a discard only): half the
            # judgements of a hand short of a minimum
            disc = winner_gain(view, view.seat, counts, kind, discarder, melds, keep_evaluation=True) \
                if check.discard_wins and (self_won is not None or one_wait is None) else None
            got = judged[kind] = (self_won, disc)
        return got

    sample = max(kinds, key=lambda k: (one_wait[k], -k)) if one_wait is not None and kinds else None
    out = []
    for kind in kinds:
        self_won, disc = judge(kind if sample is None else sample)
        if disc is not None and callable(lock):
            lock = lock()
        by_discard = disc is not None and not (lock is not None and check.locked(lock, kind, disc[2]))
        out.append(ReadyWait(kind, by_discard, self_won is not None, disc[0] if by_discard else 0.0,
                             self_won[0] if self_won else 0.0,
                             self_won[1] if self_won else (disc[1] if disc else "")))
    return out


# table facts no rule set scores by: the round's number only counts the rounds
_UNSCORED_FACTS = frozenset({"round_no"})


def context_key(table) -> tuple:
    """The table facts a settlement may read, as a key."""
    return tuple(sorted((k, str(v)) for k, v in table.context.items() if k not in _UNSCORED_FACTS))


def _melds_key(melds: list[Meld]) -> tuple:
    return tuple((m.type, tuple(m.tiles), m.from_seat, m.claimed, m.late) for m in melds)


def _winner_gain(view: SeatState, seat: int, concealed: list[int], win_tile: int, discarder: int | None,
                 melds: list[Meld], table, table_melds):
    rnd_check: WinCheck = WinCheck.at(view.variant, view.options, view.players)
    try:
        ev = rnd_check.judge(seat, concealed, win_tile, discarder, frozenset(), melds, table_melds, view.ghost, table)
    except EngineError:  # no win here (a minimum, a bar), or it needs what the seat cannot know
        return None
    if ev is None:
        return None
    hand = ev.hands[0] if ev.hands else ""
    try:
        items = view.variant.settle_wins(table, [Win(seat, discarder, ev)])
        gain = float(sum(item.deltas[seat] for item in items))
    except UnknownToSeat:  # a settlement that needs facts a seat cannot know: the count stands in
        gain = float(ev.fan or 1)
    return (max(gain, 1.0), hand, ev)


class _Snapshot:
    """The table facts TableValues reads, as they were when it was made (a seat state changes as play goes on)."""

    def __init__(self, view: SeatState):
        self.seat = view.seat
        self.variant = view.variant
        self.options = view.options
        self.players = view.players
        self.ghost = view.ghost
        self.hand = [0] * len(view.hand)
        self.melds = view.melds
        table = view.table_facts()
        self._table = type(table)(table.players, table.dealer, table.options, dict(table.context),
                                  [list(f) for f in table.flowers] if table.flowers is not None else None)

    def table_facts(self):
        return self._table


class _Frozen(_Snapshot):
    """Everything a plan's value reads of the table (winner_gain: the facts, every seat's melds), frozen: melds
    change in place (a pong becomes a kong) and flowers grow as play goes on."""

    def __init__(self, view: SeatState):
        super().__init__(view)
        self.melds = [[Meld(m.type, list(m.tiles), m.from_seat, m.claimed, m.late) for m in row] for row in view.melds]


class TableValues:
    """Plan values at one table for one seat (cached: they depend on the table, not on the hand)."""

    def __init__(self, view: SeatState):
        self.seat = view.seat
        self._concealed: dict[str, PlanValue | None] = {}
        self._open: dict[str, PlanValue | None] = {}
        # plans reserved but not yet scored: the frozen table each will be scored at (reserve)
        self._pending_concealed: dict[str, _Frozen] = {}
        self._pending_open: dict[str, _Frozen] = {}
        self.discard_wins = view.variant.discard_wins(view.options)
        # the prices of a deal-in are worked out when first asked (only defending levels ask), from the table as it
        # is now
        self._at_start = _Snapshot(view)
        self._losses: tuple[float, float, float] | None = None

    def _loss_figures(self) -> tuple[float, float, float]:
        if self._losses is None:
            paid, shared = self._typical_loss(self._at_start)
            # The cost of a deal-in is weighed against what the seat would pay anyway: a ready opponent who is not
            # fed goes on to self-draw about this often, and then this seat pays its share (and in most rule sets
            # the self-draw is worth more). Where a deal-in costs one share and a self-draw three (Guangdong,
            # Nanning), a deal-in costs little more than letting him draw; where the discarder pays for the table
            # (Guiliu), much.
            self._losses = (paid, shared, max(0.2 * paid, paid - SELF_DRAW_ANYWAY * shared) if paid else 0.0)
        return self._losses

    @property
    def loss_on_deal_in(self) -> float:
        """What this seat pays when it deals in to the cheapest hand that wins here."""
        return self._loss_figures()[0]

    @property
    def share_on_self_draw(self) -> float:
        """What it pays when that same hand is self-drawn instead."""
        return self._loss_figures()[1]

    @property
    def deal_in_cost(self) -> float:
        """What a deal-in costs this seat beyond what it would pay anyway."""
        return self._loss_figures()[2]

    def value(self, view: SeatState, plan: Plan, open_hand: bool) -> PlanValue | None:
        """The plan's value, scored when first asked from the table as it is then (or as it was when `reserve`
        put it off)."""
        cache = self._open if open_hand else self._concealed
        if plan.id not in cache:
            pending = (self._pending_open if open_hand else self._pending_concealed).pop(plan.id, None)
            cache[plan.id] = self._value(pending or view, plan, open_hand)
        return cache[plan.id]

    def reserve(self, view: SeatState, open_hand: bool) -> None:
        """Fix every plan's value at the table as it is now without scoring any yet: each is scored from this
        moment's frozen facts when first asked. A decision weighs only the plans near its hand, and scoring the
        others (two wins judged and settled each) was most of a cheap level's time; the values are what scoring
        them all now would give."""
        cache = self._open if open_hand else self._concealed
        pending = self._pending_open if open_hand else self._pending_concealed
        snapshot = None
        for plan in PLANS:
            if plan.id not in cache and plan.id not in pending:
                snapshot = snapshot or _Frozen(view)
                pending[plan.id] = snapshot

    def _value(self, view: SeatState, plan: Plan, open_hand: bool) -> PlanValue | None:
        tiles = list(plan.model)
        if view.ghost is not None and view.ghost in tiles:
            return None if plan.id != "any" else PlanValue(1.0, 1.0 if self.discard_wins else None, "")
        melds: list[Meld] = []
        if open_hand:
            if plan.shape in ("pairs", "orphans"):
                return None
            first = tiles[:3]  # the model's first set: shown, taken from the previous seat
            melds = [Meld("pong" if first[0] == first[1] else "chow", sorted(first), (self.seat - 1) % view.players,
                          first[0])]
            tiles = tiles[3:]
        win = tiles[-1]
        counts = [0] * len(view.hand)
        for k in tiles[:-1]:
            counts[k] += 1
        selfd = winner_gain(view, self.seat, counts, win, None, melds)
        disc = winner_gain(view, self.seat, counts, win, (self.seat + 1) % view.players, melds) \
            if self.discard_wins else None
        if selfd is None and disc is None:
            return None
        return PlanValue(selfd[0] if selfd else (disc[0] if disc else 0.0), disc[0] if disc else None,
                         (selfd or disc)[1] if (selfd or disc) else "")

    def _typical_loss(self, view: SeatState) -> tuple[float, float]:
        """(what this seat pays when it deals in to a typical winning hand — the cheapest plan that wins on a
        discard —, what it pays when the same hand is self-drawn), both from the rule set's own settlement."""
        if not self.discard_wins:
            return 0.0, 0.0
        winner = (self.seat + 1) % view.players
        check = WinCheck.at(view.variant, view.options, view.players)
        table = view.table_facts()
        best: tuple[float, float] | None = None
        for plan in PLANS:
            counts = [0] * len(view.hand)
            for k in plan.model[:-1]:
                counts[k] += 1
            if view.ghost is not None and view.ghost in plan.model:
                continue
            gain = winner_gain(view, winner, counts, plan.model[-1], self.seat, [])
            if gain is None:
                continue
            paid = shared = 0.0
            try:  # what the discarder pays of it, and what this seat pays of its self-draw
                ev = check.judge(winner, counts, plan.model[-1], self.seat, frozenset(), [], view.melds, view.ghost,
                                 table)
                items = view.variant.settle_wins(table, [Win(winner, self.seat, ev)]) if ev else []
                paid = -float(sum(item.deltas[self.seat] for item in items))
                ev = check.judge(winner, counts, plan.model[-1], None, frozenset(), [], view.melds, view.ghost, table)
                items = view.variant.settle_wins(table, [Win(winner, None, ev)]) if ev else []
                shared = -float(sum(item.deltas[self.seat] for item in items))
            except EngineError:  # not a win at this table after all, or facts the seat cannot know
                paid = paid or gain[0]
            if paid > 0 and (best is None or paid < best[0]):
                best = (paid, max(0.0, shared))
        return best or (1.0, 0.0)


_SHARED_VALUES: dict[tuple, TableValues] = {}


def shared_table_values(key: tuple, view: SeatState) -> TableValues:
    """TableValues for a table key (rule set, options, players, dealer, seat, table facts), built once and shared:
    every seat of every bot at a table asks for the same few, round after round."""
    values = _SHARED_VALUES.get(key)
    if values is None:
        if len(_SHARED_VALUES) >= 256:
            _SHARED_VALUES.clear()
        values = _SHARED_VALUES[key] = TableValues(view)
    return values


# ------------------------------------------------------------------------------------------------ distances
def plan_distance(check: WinCheck, plan: Plan, counts: list[int], ghost: int | None, melds: list[Meld]) -> int | None:
    """Shanten of `counts` toward `plan` (None: the melds already rule it out)."""
    if plan.shape == "pairs":
        if melds:
            return None
        groups, wild = count_groups(counts, ghost)
        return _pairs_distance_of(groups, wild)
    if plan.shape == "pongs":
        if any(m.type == "chow" for m in melds):
            return None
        return _pong_distance(counts, ghost, 4 - len(melds))
    if plan.shape == "orphans":  # 十三幺: one of each terminal and honour, one of them twice
        if melds:
            return None
        natural = counts[:NUM_PLAYABLE]
        wild = natural[ghost] if ghost is not None else 0
        held = [k for k in TERMINALS_AND_HONOURS if natural[k] and k != ghost]
        pair = any(natural[k] >= 2 for k in held)
        return max(-1, 13 - len(held) - (1 if pair else 0) - wild)
    if plan.keeps is None:
        return check.distance(counts, ghost, melds)
    for m in melds:
        if m.tiles and m.tiles[0] >= 0 and m.tiles[0] not in plan.keeps:
            return None
    # a one-suit plan reads only the suit's tiles (and the honours, for 混一色), the wildcards and how many tiles
    # it must replace: the same for every candidate discard outside the suit, and often from one turn to the next
    base = 9 * plan.suit  # type: ignore[operator]
    suit = counts[base:base + 9]
    honours = counts[27:NUM_PLAYABLE] if plan.honours else ()
    wild = 0
    if ghost is not None:
        wild = counts[ghost]
        if base <= ghost < base + 9:
            suit = list(suit)
            suit[ghost - base] = 0
        elif plan.honours and ghost >= 27:
            honours = list(honours)
            honours[ghost - 27] = 0
    removed = sum(counts[:NUM_PLAYABLE]) - sum(suit) - sum(honours) - wild
    shapes = check.shapes(melds)
    key = (shapes, base, tuple(suit), tuple(honours), wild + removed)
    got = _SUIT_DISTANCES.get(key)
    if got is None:
        if len(_SUIT_DISTANCES) >= 50000:
            _SUIT_DISTANCES.clear()
        natural = [0] * NUM_PLAYABLE
        natural[base:base + 9] = suit
        if honours:
            natural[27:NUM_PLAYABLE] = honours
        got = _SUIT_DISTANCES[key] = shapes.distance(natural, wild + removed)
    return got + removed


# one-suit plans' shape distances, by the shapes and the tiles they read (plan_distance)
_SUIT_DISTANCES: dict[tuple, int] = {}


def suit_counts(counts: list[int], ghost: int | None) -> tuple[int, int, int, int]:
    """Tiles held in each suit and in honours, wildcards aside (what plan_floor reads)."""
    out = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]), sum(counts[27:NUM_PLAYABLE])]
    if ghost is not None and ghost < NUM_PLAYABLE:
        out[3 if ghost >= 27 else ghost // 9] -= counts[ghost]
    return out[0], out[1], out[2], out[3]


def plan_floor(plan: Plan, held: tuple[int, int, int, int]) -> int:
    """A cheap lower bound of plan_distance for a one-suit plan (`held`: suit_counts of the hand): every tile it
    does not keep must be replaced, and the last replacement may be the winning tile (-1 for the other plans: no
    bound)."""
    if plan.suit is None:
        return -1
    kept = held[plan.suit] + (held[3] if plan.honours else 0)
    return sum(held) - kept - 1


def count_groups(counts: list[int], ghost: int | None) -> tuple[tuple[int, ...], int]:
    """(how often each kind held is held, largest first; the wildcards): all that the distances to all pongs and to
    seven pairs read — a handful of patterns, so each distance is worked out once for all hands."""
    natural = counts[:NUM_PLAYABLE]
    wild = 0
    if ghost is not None:
        natural = list(natural)
        wild, natural[ghost] = natural[ghost], 0
    return tuple(sorted(filter(None, natural), reverse=True)), wild


@lru_cache(maxsize=4096)
def _pairs_distance_of(groups: tuple[int, ...], wild: int) -> int:
    pairs = sum(1 for c in groups if c >= 2)
    return max(-1, 6 - pairs - wild + max(0, 7 - len(groups) - wild))


def _pong_distance(counts: list[int], ghost: int | None, sets: int) -> int:
    groups, wild = count_groups(counts, ghost)
    return _pong_distance_of(groups, wild, sets)


@lru_cache(maxsize=4096)
def _pong_distance_of(groups: tuple[int, ...], wild: int, sets: int) -> int:
    # missing tiles: use the largest groups for the sets and the best remaining one for the pair
    best = None
    for eye in range(-1, len(groups)):
        pair_missing = 2 if eye == -1 else max(0, 2 - groups[eye])
        rest = [g for i, g in enumerate(groups) if i != eye]
        missing = pair_missing + sum(max(0, 3 - g) for g in rest[:sets]) + 3 * max(0, sets - len(rest))
        if best is None or missing < best:
            best = missing
    assert best is not None
    return max(-1, best - wild - 1)


def improving(check: WinCheck, counts: list[int], ghost: int | None, melds: list[Meld], unseen: list[int],
              now: int) -> list[int]:
    """The kinds (still unseen) that would bring `counts` (3k+1) closer to any win shape."""
    out = []
    for k in check.kinds:
        if not unseen[k] or counts[k] >= 4:
            continue
        if ghost is None and check.joins_held and not _near(counts, k):
            continue
        counts[k] += 1
        d = check.distance(counts, ghost, melds)
        counts[k] -= 1
        if d < now:
            out.append(k)
    return out


def _near(counts: list[int], k: int) -> bool:
    """A drawn tile can only shorten a distance by joining what is held (or as a new pair/set start: a held kind,
    or a neighbour within two in its suit). Lone tiles help only shapes made of lone tiles (烂牌): the check caller
    skips this for those."""
    if counts[k]:
        return True
    if k >= 27:
        return False
    n = k % 9
    return any(counts[k + d] for d in (-2, -1, 1, 2) if 0 <= n + d <= 8)


# ------------------------------------------------------------------------------------------------ chances
@lru_cache(maxsize=8192)
def finish_chance(distance: int, p_step: float, p_win: float, draws: int, unseen_total: int = 120,
                  profile: tuple[int, ...] = PLANS[0].profile, hazard: float = 0.0) -> float:
    """Probability of `distance` improving draws and then a winning one within `draws` turns. `p_step` is the
    chance that the next draw improves the hand as it is now; the steps after it take a typical hand's rate at
    their distance on the plan (`profile`, in tiles of `unseen_total`): what a hand takes later is not what it takes
    now. `hazard`: the chance per turn that the round ends first (someone else wins), which is what makes speed
    worth more than a far bigger hand."""
    if draws <= 0:
        return 0.0
    p_win = min(0.95, max(0.0, p_win))
    rates = [0.0] + [min(0.95, profile[min(d, len(profile) - 1)] / max(1, unseen_total))
                     for d in range(1, distance + 1)]
    if distance:
        rates[distance] = min(0.95, max(0.0, p_step))
    # state: steps still needed (distance .. 0), then "won"
    need = [0.0] * (distance + 1)
    need[distance] = 1.0
    won = 0.0
    alive = 1.0 - min(0.9, max(0.0, hazard))
    for _ in range(draws):
        nxt = [0.0] * (distance + 1)
        won += need[0] * p_win
        nxt[0] += need[0] * (1 - p_win) * alive
        for d in range(1, distance + 1):
            p = rates[d]
            nxt[d - 1] += need[d] * p * alive
            nxt[d] += need[d] * (1 - p) * alive
        need = nxt
    return won


def own_draws_left(view: SeatState) -> int:
    return max(0, view.drawable // max(1, view.players))


def rough(x: float) -> float:
    """Probabilities rounded so the chance cache hits."""
    return round(x, 3)


def plan_by_id(pid: str) -> Plan:
    for p in PLANS:
        if p.id == pid:
            return p
    raise KeyError(f"no plan {pid!r}")


class _KongTable:
    """The seat's table facts as a kong's scoring reads them: a kong weighed before it is made was not made on a
    flower's replacement tile (Hainan's 摸杠翻倍 counts that one higher)."""

    last_kong_on_flower = False

    def __init__(self, facts):
        self._facts = facts

    def __getattr__(self, name: str):
        return getattr(self._facts, name)


def kong_points(view: SeatState, meld: Meld) -> float:
    """What declaring `meld` (a kong) pays this seat at once, by the rule set's own kong scoring (0 where kongs pay
    nothing, or where the price needs what the seat cannot know)."""
    try:
        item = view.variant.kong_score(_KongTable(view.table_facts()), view.seat, meld)
    except (UnknownToSeat, EngineError, AttributeError, KeyError, TypeError):
        return 0.0
    return float(item.deltas[view.seat]) if item is not None else 0.0
