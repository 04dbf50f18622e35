"""Fuzz the engine: play any number of rounds of random legal moves and check every invariant at every step.

    python tools/fuzz_rounds.py --rounds 100000 [--variant nanning] [--jobs 2] [--seed 0]

Invariants (game/engine/invariants.py): tiles conserved at every step, hand sizes sane, settlement zero-sum
(escape penalties aside), no crash, and no projected event shows a seat a tile it may not see; every seat rebuilds the
round from its own projected events (SeatState, the seat protocol) and must agree with it at the round's end. Options and the
number of players are drawn at random per round from everything the rule set allows. Exits 1 on the first violation, printing the seed
that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def random_options(variant, players: int, rng) -> dict:
    """Options drawn at random from every value each option allows, redrawn until the rule set accepts them."""
    from dataclasses import fields

    from game.engine.errors import OptionError

    for _ in range(100):
        raw = {}
        for f in fields(variant.Options):
            if isinstance(f.default, bool):
                raw[f.name] = rng.random() < 0.5
            elif f.metadata.get("choices"):
                raw[f.name] = rng.choice(f.metadata["choices"])
        try:
            variant.parse_options(raw, players)
            return raw
        except OptionError:
            continue
    return {}


def run_chunk(args: tuple[str, int, int, int]) -> dict:
    from game.engine.invariants import play_random_round
    from game.variants import get_variant

    variant_id, start, count, base_seed = args
    variant = get_variant(variant_id)
    stats = {"rounds": 0, "wins": 0, "exhausted": 0}
    for i in range(start, start + count):
        rng = random.Random(f"{base_seed}:{i}:options")
        players = rng.choice(variant.player_counts)
        raw = random_options(variant, players, rng)
        seed = f"{base_seed}:{i}"
        try:
            rnd = play_random_round(variant, variant.parse_options(raw, players), players, seed,
                                    dealer=i % players, escape_rate=0.002, seat_states=True)
        except Exception as exc:  # report, with what reproduces it
            return {**stats, "failure": {"round": i, "seed": seed, "players": players, "options": raw,
                                         "error": f"{type(exc).__name__}: {exc}"}}
        stats["rounds"] += 1
        stats["exhausted" if rnd.exhausted else "wins"] += 1
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=10_000)
    ap.add_argument("--variant", default="nanning")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    chunk = 500
    tasks = [(args.variant, s, min(chunk, args.rounds - s), args.seed) for s in range(0, args.rounds, chunk)]
    total = {"rounds": 0, "wins": 0, "exhausted": 0}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(run_chunk, tasks):
            failure = result.pop("failure", None)
            for key in total:
                total[key] += result[key]
            if failure:
                print(json.dumps({"ok": False, **total, "failure": failure}, ensure_ascii=False))
                return 1
    total["elapsed_s"] = round(time.perf_counter() - start, 1)
    print(json.dumps({"ok": True, "variant": args.variant, **total}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
