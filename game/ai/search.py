"""The expert's search: each of its best few discards played forward on sampled deals of the tiles it has not
seen, the outcome scored by the rule set's own settlement.

What the seat sees is all it uses: its SeatState — its own hand, every open meld and discard, how
many tiles each opponent holds and how many the wall still gives. A *determinization* deals the unseen tiles
(view.unseen(): the wall and the other hands together) at random to the opponents' hands, at their real sizes, and
to the live wall in a random order. On it a light rollout plays the round on without events or projections:

- this seat draws its turns and discards by tile efficiency (a drawn tile that does not shorten the distance goes
  straight out; one that does replaces the first tile whose loss keeps the shorter distance), never a wildcard;
- each opponent draws and throws what he drew (he does not improve: the rollout is short, and a dealt random hand
  seldom gets ready, so the threat of a ready opponent is read from the table instead — see below; OPPONENTS_PLAY
  lets them play by tile efficiency instead, measured no better);
- so that the round ends when a real one would, each opponent gets ready as the table reads him (his chance now,
  growing with each draw) and, ready, ends the round on his turn with the level's `round_end` chance (a self-draw
  or another's discard: this seat pays its share of a self-draw part of the time);
- a draw or a discard that completes a hand at the table wins: this seat's win is judged and settled by the rule
  set (fan, multipliers, minimums, liabilities: value.winner_gain at this table's melds and facts), an opponent's
  costs this seat the rule set's price of a typical deal-in or its share of a self-draw (TableValues);
- a round that runs out of wall pays nothing.

Each candidate is played on the same determinizations (common random numbers: their difference is what counts,
and it is far less noisy than either mean). Its score is that mean less the table's reading of the discard's own
danger (reading.danger: opponents who look ready, 筋, 壁 …, at the rule set's price of a deal-in), the part a
rollout of random hands cannot see.

Time and determinism. A bot's choices must follow from the game seed and what the seat has seen (autosave and
resume replay them), so the search never lets the clock decide how much it does: `think_s` is turned into a
rollout COUNT by a calibrated pace (ROLLOUTS_PER_SECOND, measured on one core by benchmarks/bench_ai.py), and the
random deals come from the bot's rng, which the host reseeds for every decision from the seed and the position.
The clock is only a safety cap (SAFETY_FACTOR times the budget) for a machine far slower than the calibration;
headless runs on any ordinary machine never reach it, and `stats["capped"]` counts the decisions that did. A busy
machine can (a test suite with other work beside it did), and a capped search chooses from fewer deals: where every
choice must follow from the seed alone — the tests, and a resumed game compared with the uninterrupted one
(LINGNAN_STRICT=1) — the cap is off.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

from game.engine.tiles import NUM_PLAYABLE
from game.engine.wincheck import WinCheck

from .reading import read_opponents
from .value import TableValues, winner_gain

DEFAULT_THINK_S = 0.025  # the expert's default budget per searched decision
# calibrated pace: candidate rollouts per second on one core (measured over simulate runs of each rule set), for a
# rule set of ordinary cost; one whose shapes make distances slower says how much (Variant.search_cost)
ROLLOUTS_PER_SECOND = 6000
SAFETY_FACTOR = 8.0  # the clock stops a search only past this many times its budget
STRICT_ENV = "LINGNAN_STRICT"  # set: no clock cap at all, every choice from the seed alone (tests/conftest.py)
MIN_ROLLOUTS = 8
CANDIDATES = 4  # the discards searched: the value reading's best few
# rollout opponents that keep what brings them nearer (tile efficiency) instead of throwing what they draw: tried
# (expert:hard, Beihai, tuning seeds 1000-1039: +0.15 a round against +0.27 without, both within noise) at 1.7x
# the cost of a rollout, so fewer of them in the budget; off until it shows a gain
OPPONENTS_PLAY = False
# the rollout's round ends as a real one does: a dealt random hand that throws what it draws seldom gets ready, so
# without this a rollout runs to the end of the wall and overrates slow, big hands. Each opponent is ready with the
# reading's chance now, growing by each of his draws (READY_GROWTH: the chance he is still not ready shrinks by
# this factor a draw), and a ready opponent ends the round on his turn with the level's `round_end` chance (his
# self-draw or another's discard: this seat pays its share of a self-draw in SELF_DRAWN of those)
READY_GROWTH = 0.93
SELF_DRAWN = 0.5


def rollouts_for(think_s: float | None, search_cost: float = 1.0) -> int:
    """How many determinizations a budget buys (each one plays every candidate): a count, never the clock's."""
    budget = DEFAULT_THINK_S if think_s is None else max(0.0, think_s)
    pace = ROLLOUTS_PER_SECOND / max(1e-6, search_cost)
    return max(MIN_ROLLOUTS, int(budget * pace / CANDIDATES))


@dataclass
class SearchResult:
    means: dict[int, float]  # candidate discard kind -> mean outcome in points
    rollouts: int
    capped: bool
    outcomes: dict[int, list[float]]  # each candidate's outcome on each determinization, in the same order


class RolloutTable:
    """What every rollout of one decision shares: the table, the seat, the prices, the unseen pool."""

    def __init__(self, view, values: TableValues):
        self.view = view
        self.check = WinCheck.at(view.variant, view.options, view.players)
        self.seat = view.seat
        self.players = view.players
        self.ghost = view.ghost
        self.melds = view.own_melds
        self.shapes = self.check.shapes(self.melds)
        table_melds = view.melds
        self.opp_seats = [s for s in range(self.players) if s != self.seat]
        self.opp_shapes = {s: self.check.shapes(table_melds[s]) for s in self.opp_seats}
        sizes = getattr(view, "hand_sizes", None)
        self.opp_sizes = {s: (sizes[s] if sizes else 13 - 3 * len(table_melds[s])) for s in self.opp_seats}
        for s in self.opp_seats:  # a hand waiting to discard holds one more: it is dealt 3k+1 here
            self.opp_sizes[s] -= (self.opp_sizes[s] % 3 == 2)
        unseen = view.unseen()
        self.pool = [k for k in range(NUM_PLAYABLE) for _ in range(max(0, unseen[k]))]
        self.live = max(0, view.drawable)
        self.discard_wins = self.check.discard_wins
        self.deal_in_price = values.loss_on_deal_in if self.discard_wins else 0.0
        self.self_draw_share = values.share_on_self_draw
        if not self.self_draw_share and values.discard_wins:
            self.self_draw_share = 0.5 * values.loss_on_deal_in
        self.after = (self.seat + 1) % self.players
        self.ready_now = {o.seat: o.ready for o in read_opponents(view)}
        self.end_cost = self.self_draw_share * (SELF_DRAWN if self.discard_wins else 1.0)

    # ---- shape tests on counts of playable kinds (wildcards split off)
    def _split(self, counts: list[int]) -> tuple[list[int], int]:
        if self.ghost is None:
            return counts, 0
        natural = list(counts)
        wild = natural[self.ghost]
        natural[self.ghost] = 0
        return natural, wild

    def wins(self, counts: list[int], shapes) -> bool:
        natural, wild = self._split(counts)
        return shapes.is_win(natural, wild)

    def distance(self, counts: list[int], shapes=None) -> int:
        natural, wild = self._split(counts)
        return (shapes or self.shapes).distance(natural, wild)

    def own_win(self, counts: list[int], tile: int, discarder: int | None, cache: dict) -> float | None:
        """Points this seat gains winning with `counts` (3k+1) on `tile`, or None when it is no win here (a
        minimum, a gate): the rule set's own judgement and settlement."""
        key = (tuple(counts), tile, discarder)
        if key not in cache:
            got = winner_gain(self.view, self.seat, counts + [0] * (len(self.view.hand) - NUM_PLAYABLE), tile,
                              discarder, self.melds)
            cache[key] = None if got is None else got[0]
        return cache[key]


def search_discards(view, values: TableValues, candidates: list[int], rng: random.Random,
                    think_s: float | None = None, round_end: float = 0.0) -> SearchResult:
    """Mean outcome of each candidate discard over the same determinizations. `round_end`: the chance a ready
    opponent ends the round on his turn (0: the round runs to the end of the wall unless a dealt hand wins)."""
    table = RolloutTable(view, values)
    n = rollouts_for(think_s, getattr(view.variant, "search_cost", 1.0))
    budget = DEFAULT_THINK_S if think_s is None else think_s
    deadline = float("inf") if os.environ.get(STRICT_ENV) else time.perf_counter() + SAFETY_FACTOR * max(budget, 0.01)
    hand = view.hand[:NUM_PLAYABLE]
    outcomes: dict[int, list[float]] = {k: [] for k in candidates}
    cache: dict = {}
    done = 0
    capped = False
    for _ in range(n):
        deal = table.pool[:]
        rng.shuffle(deal)
        hands: dict[int, list[int]] = {}
        at = 0
        for s in table.opp_seats:
            h = [0] * NUM_PLAYABLE
            for k in deal[at:at + table.opp_sizes[s]]:
                h[k] += 1
            at += table.opp_sizes[s]
            hands[s] = h
        wall = deal[at:at + table.live]
        # the same chances for every candidate (common random numbers), one per draw of the wall
        ends = [rng.random() for _ in wall] if round_end > 0 else None
        for k in candidates:
            own = hand[:]
            own[k] -= 1
            outcomes[k].append(_rollout(table, own, k, {s: h[:] for s, h in hands.items()}, wall, cache,
                                        ends, round_end))
        done += 1
        if time.perf_counter() > deadline:
            capped = True
            break
    return SearchResult({k: sum(v) / max(1, done) for k, v in outcomes.items()}, done, capped, outcomes)


def _rollout(table: RolloutTable, own: list[int], thrown: int, hands: dict[int, list[int]], wall: list[int],
             cache: dict, ends: list[float] | None = None, round_end: float = 0.0) -> float:
    """Play one determinized round on from this seat's discard of `thrown`; this seat's points from it."""
    players = table.players
    seat = table.seat
    ghost = table.ghost
    # the discard just made: may an opponent win on it?
    lost = _claimed_by_opponent(table, thrown, hands)
    if lost:
        return -table.deal_in_price
    distance = table.distance(own)
    # each opponent plays by tile efficiency too (his dealt hand's distance, kept as he draws), so the rollout's
    # round ends when a real table's would and a quicker hand of this seat's is worth what it is
    away = {s: table.distance(h, table.opp_shapes[s]) for s, h in hands.items()} if OPPONENTS_PLAY else {}
    turn = table.after
    not_ready = {s: 1.0 - r for s, r in table.ready_now.items()}
    for i, tile in enumerate(wall):
        if turn == seat:
            got = _own_win(table, own, tile, None, cache)  # a self-draw
            if got is not None:
                return got
            own[tile] += 1
            throw = tile
            now = _best_throw(table, own, tile, distance)
            if now is not None:
                throw, distance = now
            own[throw] -= 1
            if _claimed_by_opponent(table, throw, hands):
                return -table.deal_in_price
        else:
            h = hands[turn]
            h[tile] += 1
            if table.wins(h, table.opp_shapes[turn]):
                return -table.self_draw_share
            if ends is not None:
                not_ready[turn] *= READY_GROWTH
                if ends[i] < round_end * (1.0 - not_ready[turn]):
                    return -table.end_cost
            throw = tile  # he throws what he drew, unless keeping it brings him nearer
            if OPPONENTS_PLAY:
                step = _best_throw(table, h, tile, away[turn], table.opp_shapes[turn])
                if step is not None:
                    throw, away[turn] = step
            h[throw] -= 1
            tile = throw
            if table.discard_wins and tile != ghost:
                got = _own_win(table, own, tile, turn, cache)  # his discard
                if got is not None:
                    return got
        turn = (turn + 1) % players
    return 0.0


def _best_throw(table: RolloutTable, own: list[int], drawn: int, distance: int,
                shapes=None) -> tuple[int, int] | None:
    """After drawing `drawn` (own holds 3k+2): (the tile to throw, the distance it leaves) when keeping the drawn
    tile shortens the distance; None: throw the drawn tile back. `shapes`: the hand's (this seat's if None)."""
    ghost = table.ghost
    if drawn != ghost and table.distance(own, shapes) >= distance:
        return None
    best = None
    for k in range(NUM_PLAYABLE):
        if not own[k] or k == ghost or k == drawn:
            continue
        own[k] -= 1
        d = table.distance(own, shapes)
        own[k] += 1
        if d < distance:
            return k, d
        if best is None or d < best[1]:
            best = (k, d)
    if drawn == ghost and best is not None:
        return best
    return None


def _claimed_by_opponent(table: RolloutTable, tile: int, hands: dict[int, list[int]]) -> bool:
    """Whether an opponent's dealt hand wins on this seat's discard of `tile`."""
    if not table.discard_wins or tile == table.ghost:
        return False
    for s in table.opp_seats:
        h = hands[s]
        h[tile] += 1
        won = table.wins(h, table.opp_shapes[s])
        h[tile] -= 1
        if won:
            return True
    return False


def _own_win(table, own: list[int], tile: int, from_seat: int | None, cache: dict) -> float | None:
    """What this seat gains if `tile` completes its hand (`own` without it; None: no win, or none the rule set
    allows). `own` is left as it was."""
    own[tile] += 1
    complete = table.wins(own, table.shapes)
    own[tile] -= 1
    return table.own_win(own, tile, from_seat, cache) if complete else None
