"""How many points the review's "given up" really are: the 复盘's losses (game/review.py: each decision's loss by the
expert's reading) set against what the levels actually score, per rule set.

    python benchmarks/calibrate_review.py [--variants all|V ...] [--rounds R] [--first-seed S] [--write] [--json]

Games of four AI seats, one of each level (expert, hard, normal, easy), the levels rotated round the table over four
games of R/4 rounds (seeds S … S+3), each logged and every seat reviewed. Per level: its score a round, and the
review's loss a round (what the reading says its decisions gave up against the expert's). What a level really
gives up is its deficit against the expert seat at the same tables (the expert's score a round less its own). The
reading's prices are not points won at the end of a round (a discard's gain and risk, a hand's worth if it is ever
made), so its sum overstates or understates the deficit by a factor of the rule set's; `scale` is that factor,
fitted as the least-squares slope of the four levels' scores against their losses (the points a level's score
falls for each point of loss the review shows it). With `--scaled` the losses are the review's as it shows them now:
a scale near 1 says the calibration holds on those seeds.

With `--write` the fitted scales go to game/review_scale.py (read by game/review.py: a decision's loss is the
reading's, times the scale), with the seeds they were fitted on. Fit on one seed range, report on another
(docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.headless.simulate import run_simulation  # noqa: E402
from game.review import review_file  # noqa: E402
from game.variants import AVAILABLE  # noqa: E402

LEVELS = ("expert", "hard", "normal", "easy")
OUT = Path(__file__).resolve().parents[1] / "game" / "review_scale.py"


def measure(variant: str, rounds: int, first_seed: int, scaled: bool = False) -> dict[str, Any]:
    """Per level: rounds, score a round, the review's loss a round (the reading's, or as reviews show it now with
    `scaled`), and the deficit against the expert."""
    per = {level: {"rounds": 0, "score": 0.0, "loss": 0.0} for level in LEVELS}
    games = 4
    for g in range(games):
        levels = [LEVELS[(i + g) % len(LEVELS)] for i in range(len(LEVELS))]
        log = io.StringIO()
        n = max(1, rounds // games)
        result = run_simulation(variant, players=4, seed=first_seed + g, rounds=n, ai_levels=levels, log=log)
        path = Path(f"/tmp/calibrate-review-{variant}-{first_seed + g}.jsonl")
        path.write_text(log.getvalue(), encoding="utf-8")
        for seat, level in enumerate(levels):
            review = review_file(path, seat, scaled=scaled)
            per[level]["rounds"] += n
            per[level]["score"] += result["totals"][seat]
            per[level]["loss"] += review.total_loss
        path.unlink()
    out = {}
    for level, p in per.items():
        out[level] = {"rounds": p["rounds"], "score": round(p["score"] / p["rounds"], 3),
                      "loss": round(p["loss"] / p["rounds"], 3)}
    for level in LEVELS:
        out[level]["deficit"] = round(out["expert"]["score"] - out[level]["score"], 3)
    # the scale: the least-squares slope of score against loss over the four levels (each level's score falls by
    # `scale` points for each point the review says it gave up). Fitted over all four, not against the expert alone,
    # whose own score is as noisy as any one level's (a 400-round Guangdong sample had hard 11 points over it)
    xs = [out[lv]["loss"] for lv in LEVELS]
    ys = [out[lv]["score"] for lv in LEVELS]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    slope = -sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread if spread > 0 else 1.0
    out["scale"] = round(max(0.05, min(3.0, slope)), 3)
    return out


def write(scales: dict[str, dict]) -> None:
    body = json.dumps(scales, indent=1, sort_keys=True, ensure_ascii=False)
    OUT.write_text('"""What the review\'s losses are worth in points, per rule set: the expert\'s reading of a decision '
                   "times this scale\n(fitted on what the levels really score, with the seeds it was fitted on).\n\n"
                   "Written by benchmarks/calibrate_review.py --write (do not edit by hand: run it again); read by "
                   'game/review.py.\n"""\n\nSCALES = ' + body + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", nargs="+", default=["all"])
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--first-seed", type=int, default=7000)
    ap.add_argument("--write", action="store_true", help="store the fitted scales in game/review_scale.py")
    ap.add_argument("--scaled", action="store_true", help="report the losses as the review shows them now")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    variants = list(AVAILABLE) if args.variants == ["all"] else args.variants
    report = {}
    for variant in variants:
        report[variant] = measure(variant, args.rounds, args.first_seed, scaled=args.scaled)
        if not args.json:
            r = report[variant]
            print(f"{variant}: scale {r['scale']}")
            for level in LEVELS:
                print(f"  {level:7} score {r[level]['score']:8.2f}  deficit {r[level]['deficit']:7.2f}  "
                      f"review loss {r[level]['loss']:7.2f}  ({r[level]['rounds']} rounds)")
    if args.write:
        seeds = [args.first_seed, args.first_seed + 3]
        write({v: {"scale": r["scale"], "fitted_on": {"seeds": seeds, "rounds": r["expert"]["rounds"]}}
               for v, r in report.items()})
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
