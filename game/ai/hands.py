"""Reading what each opponent holds: his concealed hand sampled as he could have come to it, turn by turn.

A defence needs both who is ready and what he waits on (docs/benchmarks.md, session 12: told both, the expert gained
+3.46 a round in Guiliu, +0.49 in Nanning; told either alone, nothing). The rough reading (reading.py) knows neither
well: it reads readiness from the count of turns and calls, and waits from a tile's clues (筋, 壁). Here each
opponent's hand is a small particle filter over his turns, from what this seat saw only:

- a particle is one concealed hand he could hold, first dealt from the tiles this seat has not seen;
- at each of his discards (in order) the particle draws a tile from what it does not hold of the unseen ones, and
  then must throw the tile he threw: one it does not hold was the tile he drew (he drew it and threw it back);
- its weight is multiplied by the chance a tile-efficient player throws that tile from that hand: by how much the
  discard sets the hand back (its distance to a win after it, against the best) and how well the tile worked with
  the rest. A hand in which his late discards of middle tiles broke nothing is a hand full of better shapes: near
  ready. This is what makes the reading of readiness sharper than a count of turns;
- the particles are resampled when their weights run thin.

Calls are read as melds held from the start (his concealed count is fixed by them), a simplification that keeps the
filter one pass over his discard row. The rule set's own distance and waits (WinCheck) judge every particle, so
wildcards and special shapes count as the round counts them; whether a minimum lets a ready hand win on a discard
is left to the caller (reading.DISCARD_SHARE).

Every random draw comes from a generator seeded by the bot's seed, the round and the opponent, and the filter is run
over his whole row at every reading from the table as it is then, so the reading of a position depends on nothing
but the position (a resumed game plays on exactly).

Measured (benchmarks/read_hands.py, docs/benchmarks.md session 17): it reads worse than the rough reading, and is
not used by any level.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.engine.seat_state import SeatState
from game.engine.tiles import NUM_PLAYABLE
from game.engine.wincheck import WinCheck

PARTICLES = 48
# a tile-efficient player's throw: each step the discard sets the hand back costs this much in log-likelihood, each
# point of how well the tile works with the rest this much (player._connectedness's scale)
SETBACK = 2.5
CONNECTED = 0.35


@dataclass
class HandReading:
    """One opponent as the particles read him."""
    seat: int
    ready: float  # the weighted share of particles whose hand is ready
    wins_on: list[float]  # per kind: the weighted share of particles ready and waiting on it (so <= ready)
    near: float  # the weighted share one step from ready
    mean_distance: float = 0.0  # the particles' weighted mean distance (how far along they read him)


def _connected(counts: list[int], k: int) -> int:
    score = counts[k] * 3
    if k < 27:
        n = k % 9
        if n >= 2:
            score += counts[k - 2]
        if n >= 1:
            score += 2 * counts[k - 1]
        if n <= 7:
            score += 2 * counts[k + 1]
        if n <= 6:
            score += counts[k + 2]
        if 2 <= n <= 6:
            score += 1
    return score


def _draw(rng: random.Random, pool: list[int], hand: list[int]) -> int | None:
    """A random tile of the unseen ones that `hand` does not already hold (counts), or None if there is none."""
    total = 0
    for k in range(NUM_PLAYABLE):
        total += max(0, pool[k] - hand[k])
    if total <= 0:
        return None
    r = rng.randrange(total)
    for k in range(NUM_PLAYABLE):
        free = pool[k] - hand[k]
        if free > 0:
            if r < free:
                return k
            r -= free
    return None


class HandReader:
    """The particle filters of one bot: one per opponent, run over his discard row at the decision."""

    def __init__(self, seed: int | str, particles: int = PARTICLES):
        self.seed = seed
        self.particles = particles

    def read(self, view: SeatState) -> list[HandReading]:
        check = WinCheck.at(view.variant, view.options, view.players)
        ghost = view.ghost
        pool = view.unseen()[:NUM_PLAYABLE]
        rkey = (view.round_no, view.dealer, view.wall_total)
        out = []
        all_discards = view.all_discards
        for seat in range(view.players):
            if seat == view.seat:
                continue
            melds = view.melds[seat]
            size = view.hand_sizes[seat]
            if size % 3 == 2:  # he is to throw: read the hand he will be left with as 3k+1 (his next discard unknown)
                size -= 1
            thrown = [k for k, _ in all_discards[seat]]
            particles = self._run(check, seat, rkey, pool, size, melds, thrown, ghost)
            out.append(self._summarise(check, seat, particles, melds, ghost))
        return out

    def _run(self, check: WinCheck, seat: int, rkey: tuple, pool: list[int], size: int, melds, thrown: list[int],
             ghost: int | None) -> list[tuple[list[int], float]]:
        """The particles after his every discard, from what the seat sees now (the unseen tiles, his calls)."""
        rng = random.Random(f"hands:{self.seed}:{rkey}:{seat}")
        particles = []
        for _ in range(self.particles):
            hand = [0] * NUM_PLAYABLE
            self._fit(hand, size, rng, pool)
            particles.append((hand, 0.0))
        total = max(1, sum(pool))
        for d in thrown:
            if d >= NUM_PLAYABLE:
                continue
            stepped = []
            for hand, logw in particles:
                step = self._step(check, rng, pool, total, hand, d, melds, ghost)
                if step is None:
                    continue
                hand, w = step
                self._fit(hand, size, rng, pool)
                stepped.append((hand, logw + w))
            if stepped:
                particles = self._resample(stepped, rng)
        return particles

    @staticmethod
    def _step(check: WinCheck, rng: random.Random, pool: list[int], total: int, hand: list[int], d: int, melds,
              ghost: int | None) -> tuple[list[int], float] | None:
        """One turn of his: a draw x, then `d` thrown. The draw is sampled in proportion to how well it explains the
        throw (a tile-efficient player keeps a draw that brings him nearer and throws one that does not), and the
        particle's weight grows by how likely the throw was over all draws (a fully adapted step)."""
        # d thrown straight back after drawing it: the hand is as it was
        cands: list[tuple[int, float]] = []
        conn_d = 0.0
        if pool[d] > 0 or hand[d] == 0:
            cands.append((-1, max(pool[d], 0.5) / total * 0.5))
        if not hand[d]:
            # or he held it all along, and the particle is wrong about one tile: the particle's least useful tile
            # was d (its junk is as good a guess of his as any), and the turn goes on as from the hand
            hand = list(hand)
            j = min((k for k in range(NUM_PLAYABLE) if hand[k] and k != ghost), key=lambda k: (_connected(hand, k), k),
                    default=None)
            if j is None:
                return None
            hand[j] -= 1
            hand[d] += 1
        here = check.distance(hand, ghost, melds)  # 3k+1 tiles before the draw
        if hand[d]:
            # d thrown from the hand: how the hand without d fares against the hand's other tiles (12 tiles each)
            # (12 tiles have no distance of their own: a flower stands for the tile to come, fitting anything)
            spare = hand + [1]
            best = 99
            scores = {}
            for k in range(NUM_PLAYABLE):
                if hand[k] and k != ghost:
                    spare[k] -= 1
                    dk = check.distance(spare, ghost, melds)
                    spare[k] += 1
                    scores[k] = dk
                    best = min(best, dk)
            logits = {k: -SETBACK * (dk - best) - CONNECTED * _connected(hand, k) for k, dk in scores.items()}
            top = max(logits.values())
            conn_d = math.exp(logits[d] - top) / sum(math.exp(v - top) for v in logits.values())
            hand[d] -= 1
            for x in range(NUM_PLAYABLE):
                free = pool[x] - hand[x]
                if free <= 0:
                    continue
                hand[x] += 1
                e = check.distance(hand, ghost, melds)  # kept x, threw d
                hand[x] -= 1
                keep = 1.0 / (1.0 + math.exp(SETBACK * (e - here)))  # kept rather than thrown back
                cands.append((x, free / total * keep * conn_d))
            hand[d] += 1
        norm = sum(p for _, p in cands)
        if norm <= 0:
            return None
        r = rng.random() * norm
        pick = cands[-1][0]
        for x, p in cands:
            if r < p:
                pick = x
                break
            r -= p
        hand = list(hand)
        if pick >= 0:
            hand[pick] += 1
            hand[d] -= 1
        return hand, math.log(norm)

    @staticmethod
    def _fit(hand: list[int], size: int, rng: random.Random, pool: list[int]) -> None:
        """Bring a particle's hand to `size` tiles, dropping the least connected or drawing unseen ones."""
        n = sum(hand)
        while n > size:
            k = min((k for k in range(NUM_PLAYABLE) if hand[k]), key=lambda k: (_connected(hand, k), k))
            hand[k] -= 1
            n -= 1
        while n < size:
            k = _draw(rng, pool, hand)
            if k is None:
                break
            hand[k] += 1
            n += 1

    @staticmethod
    def _log_throw(check: WinCheck, hand: list[int], d: int, melds, ghost: int | None) -> float:
        """log P(a tile-efficient player throws `d` from `hand` (3k+2 counts)), over the kinds he could throw."""
        scores = []
        mine = None
        best = 99
        dist = {}
        for k in range(NUM_PLAYABLE):
            if not hand[k] or k == ghost:
                continue
            hand[k] -= 1
            dist[k] = check.distance(hand, ghost, melds)
            hand[k] += 1
            best = min(best, dist[k])
        if d not in dist:  # a wildcard thrown: no shape reading of it
            return 0.0
        for k, dk in dist.items():
            s = -SETBACK * (dk - best) - CONNECTED * _connected(hand, k)
            scores.append(s)
            if k == d:
                mine = s
        top = max(scores)
        return mine - top - math.log(sum(math.exp(s - top) for s in scores))

    def _resample(self, particles: list[tuple[list[int], float]], rng: random.Random) -> list[tuple[list[int], float]]:
        top = max(w for _, w in particles)
        weights = [math.exp(w - top) for _, w in particles]
        total = sum(weights)
        ess = total * total / sum(w * w for w in weights)
        if ess >= len(particles) / 2:
            return [(h, w - top) for h, w in particles]
        # systematic resampling: copies in proportion to weight, all weights then equal
        n = len(particles)
        step = total / n
        u = rng.random() * step
        out = []
        acc = 0.0
        i = 0
        for j in range(n):
            target = u + j * step
            while acc + weights[i] < target and i < n - 1:
                acc += weights[i]
                i += 1
            out.append((list(particles[i][0]), 0.0))
        return out

    @staticmethod
    def _summarise(check: WinCheck, seat: int, particles, melds, ghost: int | None) -> HandReading:
        top = max(w for _, w in particles)
        weights = [math.exp(w - top) for _, w in particles]
        total = sum(weights)
        ready = near = mean = 0.0
        wins_on = [0.0] * NUM_PLAYABLE
        for (hand, _), w in zip(particles, weights):
            share = w / total
            d = check.distance(hand, ghost, melds)
            mean += share * d
            if d == 0:
                ready += share
                for k in check.waits(hand, ghost, melds):
                    if k < NUM_PLAYABLE:
                        wins_on[k] += share
            elif d == 1:
                near += share
        return HandReading(seat, ready, wins_on, near, mean)
