"""What the value reading's estimate of a hand turns out to be worth: the table `game/ai/odds.py` reads.

    python benchmarks/calibrate_gain.py [--variants all|V ...] [--seeds N] [--first-seed S] [--rounds R]
                                        [--level hard] [--json] [--write]

Games of four seats of one level (default `hard`, whose value reading is not calibrated itself), on the host loop
of `simulate`. At every discard a seat makes, the chosen move's estimate (Option.gain: the expected points of going
on with the hand, by its own win) is recorded with the hand's distance to the nearest hand that may win at this
table (Option.value_distance) and the seat's own draws left; when the round is over, each record is set against
what the seat then won by its own win (its score for the round when it won, else 0). Per rule set, distance
(0 … odds.MAX_DISTANCE, the last row pooled) and stage of the round (odds.DRAW_STAGES): how many records, the mean
estimate, the mean outcome, and the factor (outcome ÷ estimate). A cell with few records leans on its distance's
row as a whole (SHRINK pseudo-records of the row's factor), and that row on the rule set's factor over all of them,
so a thin cell does not swing on one big hand. `--write` puts the factors into game/ai/odds.py (GAIN_CALIBRATION).
Tune on seeds 1000 and up, never on the report seeds (5000-5074).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.odds import DRAW_STAGES, MAX_DISTANCE, stage  # noqa: E402
from game.ai.value import own_draws_left  # noqa: E402
from game.headless.simulate import play_round  # noqa: E402
from game.host import Host, SeatConfig  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

SHRINK = 100  # pseudo-records of the wider factor a cell's own figures are weighed against
STAGES = len(DRAW_STAGES) + 1


class _Recorder:
    """A seat's bot as the host uses it, noting each discard's estimate as it goes."""

    def __init__(self, bot, seat: int, notes: list):
        self.bot, self.seat, self.notes = bot, seat, notes

    def choose(self, view, legal):
        advice = self.bot.advise(view, legal)
        o = advice.option
        if o is not None and advice.action.type == "discard":
            distance = o.value_distance if o.value_distance is not None else o.distance
            self.notes.append((self.seat, min(distance, MAX_DISTANCE), stage(own_draws_left(view)), o.gain))
        return advice.action

    def __getattr__(self, name):  # choose_setup and the rest: the bot's own
        return getattr(self.bot, name)


def measure(variant_id: str, seeds: list[int], rounds: int, level: str = "hard") -> dict[str, Any]:
    """Sums per (distance, stage): records, estimates, outcomes."""
    players = get_variant(variant_id).player_counts[-1]
    cells = [[[0, 0.0, 0.0] for _ in range(STAGES)] for _ in range(MAX_DISTANCE + 1)]
    for seed in seeds:
        host = Host(variant_id, {}, [SeatConfig(f"AI {i + 1}", level=level) for i in range(players)], seed=seed,
                    rounds=rounds, start_with_coins=False)
        notes: list = []
        for i in range(players):
            host.stand_ins[i].bot = _Recorder(host.stand_ins[i].bot, i, notes)
        for _ in range(rounds):
            notes.clear()
            rnd = play_round(host)
            deltas = rnd.deltas()
            won = {w.seat: deltas[w.seat] for w in rnd.wins}
            for seat, distance, at, gain in notes:
                cell = cells[distance][at]
                cell[0] += 1
                cell[1] += gain
                cell[2] += won.get(seat, 0.0)
            host.finish_round()
    return {"variant": variant_id, "level": level, "players": players, "seeds": len(seeds), "rounds": rounds,
            "cells": cells, "factors": factors(cells)}


def _shrunk(n: int, estimate: float, outcome: float, prior: float) -> float:
    if estimate <= 0 or n == 0:
        return prior
    per = estimate / n
    return (outcome + SHRINK * prior * per) / (estimate + SHRINK * per)


def factors(cells: list[list[list[float]]]) -> list[list[float]]:
    """Each cell's factor, shrunk toward its row's, the rows' toward the whole table's; kept within 0.1 … 5."""
    n_all = sum(c[0] for row in cells for c in row)
    est_all = sum(c[1] for row in cells for c in row)
    out_all = sum(c[2] for row in cells for c in row)
    overall = out_all / est_all if est_all > 0 else 1.0
    table = []
    for row in cells:
        n, est, out = (sum(c[i] for c in row) for i in range(3))
        prior = _shrunk(int(n), est, out, overall) if n_all else 1.0
        table.append([round(min(5.0, max(0.1, _shrunk(int(c[0]), c[1], c[2], prior))), 2) for c in row])
    return table


def write_table(results: list[dict]) -> None:
    """Replace GAIN_CALIBRATION's entries in game/ai/odds.py by these rule sets' (others kept)."""
    path = ROOT / "game" / "ai" / "odds.py"
    src = path.read_text(encoding="utf-8")
    head = "GAIN_CALIBRATION: dict[str, tuple[tuple[float, ...], ...]] = {\n"
    start = src.index(head) + len(head)
    end = src.index("\n}\n", start)
    # an entry: its name's line, then one line per distance, to its closing parenthesis
    entries = dict(re.findall(r"^    [\"'](\w+)[\"']: (.*?),\n(?=    [\"']|\Z)", src[start:end] + "\n", re.S | re.M))
    for r in results:
        rows = "".join(f"\n        ({', '.join(str(f) for f in row)})," for row in r["factors"])
        entries[r["variant"]] = f"({rows}\n    )"
    body = "".join(f"    \"{k}\": {v},\n" for k, v in entries.items())
    path.write_text(src[:start] + body.rstrip("\n") + src[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=["all"])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", action="store_true", help="put the factors into game/ai/odds.py")
    args = parser.parse_args(argv)
    variants = list(AVAILABLE) if args.variants == ["all"] else args.variants
    for v in variants:
        if v not in AVAILABLE:
            parser.error(f"unknown rule set {v!r}")
    from game.ai.player import SKILLS

    if args.level not in SKILLS or SKILLS[args.level].calibrated or not SKILLS[args.level].value:
        parser.error(f"{args.level!r}: the level must read value and not through the calibration itself")
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    results = [measure(v, seeds, args.rounds, args.level) for v in variants]
    if args.write:
        write_table(results)
    if args.json:
        print(json.dumps({"ok": True, "results": results}))
    else:
        for r in results:
            print(f"{r['variant']} ({r['seeds']} seeds x {r['rounds']} rounds, {r['level']}): "
                  "distance: per stage  records, mean estimate -> mean outcome, factor")
            for d, (row, frow) in enumerate(zip(r["cells"], r["factors"])):
                print(f"  {d}: " + " | ".join(f"{int(n):5d} {e / n if n else 0:6.2f} -> {o / n if n else 0:6.2f} "
                                              f"{f:4.2f}" for (n, e, o), f in zip(row, frow)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
