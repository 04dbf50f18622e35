"""Fit the scale of the value reading's expected points (game/ai/gain_scale.py) on logged games.

    python tools/fit_gain.py [--variants all|V ...] [--seeds N] [--first-seed S] [--rounds R]
                             [--check-seeds N] [--check-first-seed S] [--levels L ...] [--out FILE] [--json]

The value reading (SkilledBot._gain) prices going on with a hand as the analytic chance of finishing it
(value.finish_chance: its distance, its counted tiles, the draws left, the pace of the round) times what the hand
pays. Games of AI seats (`--levels`, seated in turn; the host loop of `simulate`) say what such hands come to: at
every discard a seat makes, the gain of the discard it chose, its distance to a hand that may win here and its
draws left; after the round, what the seat won (the points a win brought it, 0 if it did not win). Per rule set,
per distance (0-4, 4 and more pooled) and draws left (in fours, 16 and more pooled), the scale is the points won
over the points the reading expected — shrunk toward the distance's own scale where a cell holds few decisions
(SHRINK of them), and that toward the rule set's.

The fit is checked on other seeds (`--check-*`): per distance, the points won over the points expected before and
after scaling (1.0 is a reading that means what it says).

Seeds: fitted on 31000 onwards and checked on 32000 onwards by default, away from the arena's tuning (1000-1899),
report (5000+) and the learnt reading's (20000-23099) ranges.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from calibrate_reading import discard_turns  # noqa: E402

from game.ai.gain_scale import DISTANCES, DRAW_STEP, SPANS, cell_of  # noqa: E402
from game.variants import AVAILABLE  # noqa: E402

SHRINK = 150  # a cell's decisions worth as much as its distance's scale
MODEL_FILE = ROOT / "game" / "ai" / "gain_scale_model.py"
HEADER = '''"""The value reading's scale per rule set, distance and draws left, with the seeds it was fitted and checked on.

Written by tools/fit_gain.py (do not edit by hand: run it again); read by game/ai/gain_scale.py.
"""

'''

Sample = tuple[int, int, float, float]  # distance, draws left, expected gain, points the win brought


def collect(variant: str, seeds: list[int], rounds: int, levels: tuple[str, ...]) -> list[Sample]:
    """Every discard an AI seat chose in these games: (distance, draws left, its gain, what the round brought)."""
    from game.ai.player import SkilledBot
    from game.ai.value import own_draws_left

    samples: list[Sample] = []
    pending: list[tuple[int, int, int, float]] = []
    last = None
    bots: dict[str, SkilledBot] = {}

    def settle(rnd) -> None:
        result = rnd.result()
        winners = {w["seat"] for w in result["wins"]}
        for seat, d, draws, gain in pending:
            samples.append((d, draws, gain, float(result["deltas"][seat]) if seat in winners else 0.0))

    for host, rnd, seat in discard_turns(variant, seeds, rounds, None, levels):
        if rnd is not last:
            if last is not None:
                settle(last)
            pending, last = [], rnd
        level = host.seats[seat].level
        # a reader of the seat's own level, outside the game: its rng is its own, so the game is not changed
        bot = bots.setdefault(level, SkilledBot(level))
        view = host.stand_ins[seat].state
        advice = bot.advise(view, host.prompts[seat].actions)
        o = advice.option
        if o is None or o.value_distance is None:
            continue  # a slip or a discard the level did not value
        pending.append((seat, o.value_distance, own_draws_left(view), o.gain))
    if last is not None and last.finished:
        settle(last)
    return samples


def fit(samples: list[Sample]) -> dict:
    """The scale per cell (distance, draws span), per distance, and for the rule set."""
    sums: dict = {}
    for d, draws, gain, won in samples:
        cd, ct = cell_of(d, draws)
        for key in ((cd, ct), (cd, None), (None, None)):
            s = sums.setdefault(key, [0, 0.0, 0.0])
            s[0] += 1
            s[1] += gain
            s[2] += won
    def scale(key, toward: float) -> float:
        n, expected, got = sums.get(key, (0, 0.0, 0.0))
        if not n or expected <= 0:
            return toward
        mean = expected / n  # shrunk as if SHRINK more decisions of this mean had come in at the prior scale
        return (got + SHRINK * mean * toward) / (expected + SHRINK * mean)
    overall = scale((None, None), 1.0)
    by_distance = {d: round(scale((d, None), overall), 3) for d in range(DISTANCES)}
    cells = {f"{d},{t}": round(scale((d, t), by_distance[d]), 3) for d in range(DISTANCES) for t in range(SPANS)}
    return {"overall": round(overall, 3), "by_distance": {str(d): v for d, v in by_distance.items()},
            "cells": cells, "samples": len(samples)}


def check(samples: list[Sample], model: dict) -> dict:
    """Per distance: points won over points expected, as read (`raw`) and scaled (`scaled`)."""
    rows: dict[int, list[float]] = {}
    for d, draws, gain, won in samples:
        cd, ct = cell_of(d, draws)
        r = rows.setdefault(cd, [0, 0.0, 0.0, 0.0])
        r[0] += 1
        r[1] += gain
        r[2] += gain * model["cells"][f"{cd},{ct}"]
        r[3] += won
    return {str(d): {"decisions": n, "raw": round(got / e, 3) if e else None,
                     "scaled": round(got / s, 3) if s else None}
            for d, (n, e, s, got) in sorted(rows.items())}


def _read(path: Path) -> dict:
    if not path.exists():
        return {}
    scope: dict = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
    return dict(scope.get("MODELS", {}))


def _write(path: Path, models: dict) -> None:
    body = json.dumps(models, indent=1, sort_keys=True, ensure_ascii=False)
    path.write_text(HEADER + "MODELS = " + body + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=["all"])
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=31000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--check-seeds", type=int, default=100)
    parser.add_argument("--check-first-seed", type=int, default=32000)
    parser.add_argument("--levels", nargs="+", default=["hard"])
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variants = sorted(AVAILABLE) if args.variants == ["all"] else args.variants
    models = _read(args.out)
    report = {}
    for v in variants:
        t0 = time.perf_counter()
        fitted = collect(v, list(range(args.first_seed, args.first_seed + args.seeds)), args.rounds,
                         tuple(args.levels))
        model = fit(fitted)
        model.update(levels=list(args.levels), seeds=[args.first_seed, args.first_seed + args.seeds - 1],
                     rounds=args.rounds, draw_step=DRAW_STEP)
        if args.check_seeds:
            held = collect(v, list(range(args.check_first_seed, args.check_first_seed + args.check_seeds)),
                           args.rounds, tuple(args.levels))
            model["check"] = {"seeds": [args.check_first_seed, args.check_first_seed + args.check_seeds - 1],
                              "by_distance": check(held, model)}
        models[v] = model
        report[v] = {**model, "seconds": round(time.perf_counter() - t0, 1)}
        _write(args.out, models)
        if not args.json:
            print(f"{v}: {model['samples']} decisions, overall {model['overall']}, by distance "
                  f"{model['by_distance']}; check {model.get('check', {}).get('by_distance')}", flush=True)
    if args.json:
        print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
