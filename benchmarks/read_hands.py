"""How well the particle hand reading (game/ai/hands.py) reads the opponents, against the rough reading (reading.py).

    python benchmarks/read_hands.py VARIANT FIRST_SEED END_SEED [PARTICLES [SETBACK CONNECTED]]

Games of four expert seats (calibrate_reading.discard_turns); at every discard turn each opponent's readiness and
each tile in the seat's hand as his winning tile are predicted both ways and scored against the round's truth:
log-loss and Brier of "ready", log-loss of "this tile wins for him"; the mean particle distance against the true
one by his discards so far (whether the particles keep pace with a real hand); the reading's time per decision.
"""

from __future__ import annotations

import collections
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import game.ai.hands as H  # noqa: E402
from calibrate_reading import discard_turns  # noqa: E402
from game.ai.hands import HandReader  # noqa: E402
from game.ai.player import SkilledBot  # noqa: E402
from game.ai.reading import calibrated_ready, deal_in_chance  # noqa: E402


def log_loss(p: float, y: bool) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return -math.log(p if y else 1 - p)


def main() -> None:
    v = sys.argv[1]
    seeds = list(range(int(sys.argv[2]), int(sys.argv[3])))
    particles = int(sys.argv[4]) if len(sys.argv) > 4 else H.PARTICLES
    if len(sys.argv) > 6:
        H.SETBACK, H.CONNECTED = float(sys.argv[5]), float(sys.argv[6])
    reader = HandReader(7, particles)
    s = collections.Counter()
    lag = collections.defaultdict(lambda: [0, 0.0, 0.0])
    times = []
    for host, rnd, seat in discard_turns(v, seeds, 2):
        view = host.stand_ins[seat].state
        bot = SkilledBot("expert")
        bot._memo = {}
        rough = {o.seat: o for o in bot._opponents(view)}
        t0 = time.perf_counter()
        readings = reader.read(view)
        times.append(time.perf_counter() - t0)
        unseen = view.unseen()
        check = rnd.win_check
        for h in readings:
            o = rough[h.seat]
            hand, melds = rnd.seats[o.seat].hand, rnd.seats[o.seat].melds
            whole = sum(hand) % 3 == 1
            dist = check.distance(hand, rnd.ghost, melds) if whole else None
            ready = dist == 0
            waits = set(check.waits(hand, rnd.ghost, melds)) if ready else set()
            pr = calibrated_ready(v, o.ready)
            s["n"] += 1
            s["ready"] += ready
            s["ll_rough"] += log_loss(pr, ready)
            s["ll_filter"] += log_loss(h.ready, ready)
            s["brier_rough"] += (pr - ready) ** 2
            s["brier_filter"] += (h.ready - ready) ** 2
            if dist is not None:
                cell = lag[min(len(view.all_discards[o.seat]), 12) // 3]
                cell[0] += 1
                cell[1] += h.mean_distance
                cell[2] += dist
            for k in range(34):
                if view.hand[k]:
                    y = k in waits
                    s["tiles"] += 1
                    s["tl_rough"] += log_loss(pr * deal_in_chance(view, o, k, unseen, True), y)
                    s["tl_filter"] += log_loss(0.9 * h.wins_on[k] + 0.1 * pr * deal_in_chance(view, o, k, unseen, True),
                                               y)
    n, t = s["n"], s["tiles"]
    times.sort()
    print(f"{v} particles {particles}: {n} readings, ready {s['ready'] / n:.3f}")
    print(f"  ready log-loss rough {s['ll_rough'] / n:.4f} filter {s['ll_filter'] / n:.4f}; "
          f"Brier {s['brier_rough'] / n:.4f} / {s['brier_filter'] / n:.4f}")
    print(f"  tile log-loss rough {s['tl_rough'] / t:.5f} filter {s['tl_filter'] / t:.5f}")
    print(f"  ms per decision p50 {1000 * times[len(times) // 2]:.1f} p90 {1000 * times[int(0.9 * len(times))]:.1f}")
    for k in sorted(lag):
        c, pd, td = lag[k]
        print(f"  his discards {3 * k}-{3 * k + 2}: mean particle distance {pd / c:.2f}, true {td / c:.2f} ({c})")


if __name__ == "__main__":
    main()
