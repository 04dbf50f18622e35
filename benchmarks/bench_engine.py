"""Engine benchmarks: win checks vs the `mahjong` package, waits, shanten, simulation.

    python benchmarks/bench_engine.py            # readable table
    python benchmarks/bench_engine.py --json     # one JSON object
    python benchmarks/bench_engine.py --quick    # small sizes, a smoke run

All inputs come from seeded RNGs, so runs are comparable.  Timings use
time.perf_counter; throughput figures are the best of several repeats, with our
code and the reference interleaved so machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import hand  # noqa: E402

Counts = list[int]
_CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]
_WALL = [k for k in range(34) for _ in range(4)]


# ---------------------------------------------------------------------------
# hand generators
# ---------------------------------------------------------------------------


def complete_hand(rng: random.Random, sets: int = 4) -> Counts:
    """Random sets (chows or pongs) plus a pair, at most four of a kind."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(sets):
            if rng.random() < 0.5:
                low = rng.choice(_CHOW_STARTS)
                for k in (low, low + 1, low + 2):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def perturb(rng: random.Random, counts: Counts) -> Counts:
    """Swap one held tile for another kind (the hand usually stops being complete)."""
    out = list(counts)
    out[rng.choice([k for k in range(34) if out[k]])] -= 1
    out[rng.choice([k for k in range(34) if out[k] < 4])] += 1
    return out


def random_hand(rng: random.Random, size: int) -> Counts:
    counts = [0] * 34
    for k in rng.sample(_WALL, size):
        counts[k] += 1
    return counts


def wincheck_hands(rng: random.Random, n: int) -> tuple[list[Counts], list[str]]:
    """Half near-wins (complete hands, half of them perturbed by one tile), half random draws.

    Returns the hands and each one's category: "complete", "perturbed" or "random".
    """
    hands, labels = [], []
    for i in range(n):
        if i % 2 == 0:
            h = complete_hand(rng)
            if rng.random() < 0.5:
                hands.append(perturb(rng, h))
                labels.append("perturbed")
            else:
                hands.append(h)
                labels.append("complete")
        else:
            hands.append(random_hand(rng, 14))
            labels.append("random")
    return hands, labels


def ready_hand(rng: random.Random, wild: int) -> tuple[Counts, int]:
    """A 13-tile hand with `wild` wildcards: half near-ready, half random."""
    if rng.random() < 0.5:
        full = complete_hand(rng)
        tiles = [k for k in range(34) for _ in range(full[k])]
        rng.shuffle(tiles)
        tiles = tiles[wild + 1 :]  # wild tiles become wildcards, one more is drawn away
        if rng.random() < 0.3:
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        counts = [0] * 34
        for k in tiles:
            counts[k] += 1
        if max(counts) <= 4:
            return counts, wild
    return random_hand(rng, 13 - wild), wild


# ---------------------------------------------------------------------------
# measurements
# ---------------------------------------------------------------------------


def _time_loop(fn: Callable[[], None]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _interleaved_best(loops: list[Callable[[], None]], repeats: int) -> list[list[float]]:
    """Run each loop once per repeat, in turn, so drifting machine speed hits all alike."""
    times: list[list[float]] = [[] for _ in loops]
    for _ in range(repeats):
        for i, loop in enumerate(loops):
            times[i].append(_time_loop(loop))
    return times


def bench_wincheck(hands: list[Counts], labels: list[str], repeats: int) -> dict:
    from mahjong.agari import Agari

    agari = Agari()
    is_win = hand.is_win
    is_standard_win = hand.is_standard_win

    # Agreement (wild = 0).  `mahjong` rejects seven pairs containing four alike,
    # which our rules allow (four alike = two pairs): such hands are excluded.
    disagreements = excluded = 0
    for h in hands:
        ours = is_win(h, 0, seven_pairs=True, thirteen_orphans=True)
        theirs = agari.is_agari(h)
        if ours != theirs:
            if ours and 4 in h and hand.is_seven_pairs(h) and not is_standard_win(h):
                excluded += 1
            else:
                disagreements += 1

    hand._clear_caches()
    cold = _time_loop(lambda: [is_win(h, 0, seven_pairs=True, thirteen_orphans=True) for h in hands])

    def ours_loop() -> None:
        for h in hands:
            is_win(h, 0, seven_pairs=True, thirteen_orphans=True)

    def standard_loop() -> None:
        for h in hands:
            is_standard_win(h)

    def theirs_loop() -> None:
        for h in hands:
            agari.is_agari(h)

    ours_t, theirs_t, std_t = _interleaved_best([ours_loop, theirs_loop, standard_loop], repeats)
    n = len(hands)

    by_category = {}
    for category in ("complete", "perturbed", "random"):
        subset = [h for h, label in zip(hands, labels, strict=True) if label == category]
        if not subset:
            continue

        def ours_subset(subset: list[Counts] = subset) -> None:
            for h in subset:
                is_win(h, 0, seven_pairs=True, thirteen_orphans=True)

        def theirs_subset(subset: list[Counts] = subset) -> None:
            for h in subset:
                agari.is_agari(h)

        ours_c, theirs_c = _interleaved_best([ours_subset, theirs_subset], repeats)
        by_category[category] = {
            "hands": len(subset),
            "ours_us": round(min(ours_c) / len(subset) * 1e6, 3),
            "mahjong_us": round(min(theirs_c) / len(subset) * 1e6, 3),
            "ratio": round(min(theirs_c) / min(ours_c), 2),
        }
    return {
        "wincheck_hands": n,
        "wincheck_ratio_vs_mahjong": round(min(theirs_t) / min(ours_t), 2),
        "wincheck_ratio_median": round(statistics.median(theirs_t) / statistics.median(ours_t), 2),
        "standard_win_ratio_vs_mahjong": round(min(theirs_t) / min(std_t), 2),
        "wincheck_us": round(min(ours_t) / n * 1e6, 3),
        "wincheck_cold_us": round(cold / n * 1e6, 3),
        "standard_win_us": round(min(std_t) / n * 1e6, 3),
        "mahjong_is_agari_us": round(min(theirs_t) / n * 1e6, 3),
        "wincheck_by_category": by_category,
        "wincheck_disagreements": disagreements,
        "wincheck_excluded_seven_pairs_with_four_alike": excluded,
        "wincheck_note": "mahjong.agari rejects seven pairs with four alike; we allow it (excluded from agreement)",
    }


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def _timed_ms(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1e3


def _waits_pass(cases: list[tuple[Counts, int]]) -> list[float]:
    waits = hand.waits
    return sorted(_timed_ms(lambda c=c, w=w: waits(c, w, seven_pairs=True, thirteen_orphans=True)) for c, w in cases)


def bench_waits(rng: random.Random, per_wild: int) -> dict:
    """Each call timed on its own (seven pairs and thirteen orphans enabled).

    Headline figures: fresh hands after the memo tables have seen a first batch
    of other hands (a running game's steady state; new hands still bring new
    parts).  The cold figures are a first batch on empty tables.
    """
    hand._clear_caches()
    cold = _waits_pass([ready_hand(rng, wild) for wild in range(5) for _ in range(per_wild)])
    all_ms: list[float] = []
    by_wild: dict[str, dict[str, float]] = {}
    for wild in range(5):
        samples = _waits_pass([ready_hand(rng, wild) for _ in range(per_wild)])
        all_ms.extend(samples)
        by_wild[str(wild)] = {
            "p50": round(_percentile(samples, 0.5), 4),
            "p99": round(_percentile(samples, 0.99), 4),
            "max": round(samples[-1], 4),
        }
    all_ms.sort()
    return {
        "waits_calls": len(all_ms),
        "waits_p50_ms": round(_percentile(all_ms, 0.5), 4),
        "waits_p99_ms": round(_percentile(all_ms, 0.99), 4),
        "waits_by_wild": by_wild,
        "waits_cold_p50_ms": round(_percentile(cold, 0.5), 4),
        "waits_cold_p99_ms": round(_percentile(cold, 0.99), 4),
    }


def _shanten_cases(rng: random.Random, n: int) -> list[tuple[Counts, int]]:
    """14-tile hands, half near-wins (mostly perturbed), half random, with 0-2 wildcards."""
    cases = []
    for i in range(n):
        wild = rng.choice((0, 0, 0, 1, 2))
        if i % 2:
            full = complete_hand(rng)
            tiles = [k for k in range(34) for _ in range(full[k])]
            rng.shuffle(tiles)
            counts = [0] * 34
            for k in tiles[wild:]:
                counts[k] += 1
            counts = perturb(rng, counts) if rng.random() < 0.7 else counts
        else:
            counts = random_hand(rng, 14 - wild)
        cases.append((counts, wild))
    return cases


def bench_shanten(rng: random.Random, n: int) -> dict:
    """Each call timed on its own.  Cold: a first batch on empty memo tables.

    Headline (``shanten_us_median``): fresh hands once a first batch has been
    seen, as in a running simulation; ``repeat``: the same hands again.
    """

    def one_pass(cases: list[tuple[Counts, int]], fn: Callable[..., object]) -> list[float]:
        return sorted(_timed_ms(lambda c=c, w=w: fn(c, w, seven_pairs=True)) * 1e3 for c, w in cases)

    hand._clear_caches()
    cold = one_pass(_shanten_cases(rng, n), hand.shanten)
    fresh_cases = _shanten_cases(rng, n)
    fresh = one_pass(fresh_cases, hand.shanten)
    repeat = one_pass(fresh_cases, hand.shanten)
    discards_fresh = one_pass(_shanten_cases(rng, n), hand.shanten_after_discards)
    discards_repeat = one_pass(fresh_cases, hand.shanten_after_discards)
    return {
        "shanten_calls": n,
        "shanten_us_median": round(statistics.median(fresh), 2),
        "shanten_us_p99": round(_percentile(fresh, 0.99), 2),
        "shanten_cold_us_median": round(statistics.median(cold), 2),
        "shanten_repeat_us_median": round(statistics.median(repeat), 2),
        "shanten_after_discards_us_median": round(statistics.median(discards_fresh), 2),
        "shanten_after_discards_repeat_us_median": round(statistics.median(discards_repeat), 2),
    }


def simulate_each_rule_set(rounds: int) -> dict:
    """Rounds per second for every rule set the game lists, at its largest table (median of three seeds): the same
    measurement as the headline figure, so the rule sets compare with each other and with Nanning."""
    from game.headless.simulate import run_simulation
    from game.variants import AVAILABLE, get_variant

    out = {}
    for vid in AVAILABLE:
        players = get_variant(vid).player_counts[-1]
        run_simulation(vid, players=players, seed=0, rounds=max(10, rounds // 4))
        rates = []
        for seed in (1, 2, 3):
            start = time.perf_counter()
            run_simulation(vid, players=players, seed=seed, rounds=rounds)
            rates.append(rounds / (time.perf_counter() - start))
        out[vid] = round(statistics.median(rates), 1)
    return out


def bench_simulate(rounds: int) -> dict:
    """Steady-state rounds per second: a short warm-up fills the hand tables first (as in any real session),
    then the median of three timed runs on different seeds."""
    try:
        from game.headless.simulate import run_simulation

        run_simulation("nanning", players=4, options={}, seed=0, rounds=max(10, rounds // 4))
        rates = []
        for seed in (1, 2, 3):
            start = time.perf_counter()
            run_simulation("nanning", players=4, options={}, seed=seed, rounds=rounds)
            rates.append(rounds / (time.perf_counter() - start))
        out = {"simulate_rounds": rounds, "simulate_rounds_per_s": round(statistics.median(rates), 1),
               "simulate_rounds_per_s_runs": [round(r, 1) for r in rates]}
        out["simulate_by_rule_set"] = simulate_each_rule_set(rounds)
        return out
    except Exception as exc:  # the simulator is developed separately; report, do not crash
        return {"simulate_rounds_per_s": None, "simulate_error": f"{type(exc).__name__}: {exc}"}


def machine_info() -> dict:
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": {
            "platform": platform.platform(),
            "arch": platform.machine(),
            "processor": platform.processor() or None,
            "cpus": os.cpu_count(),
        },
    }


def run(quick: bool) -> dict:
    sizes = {
        "wincheck_hands": 2_000 if quick else 20_000,
        "repeats": 3 if quick else 7,
        "waits_per_wild": 100 if quick else 1_000,
        "shanten_hands": 500 if quick else 5_000,
        "simulate_rounds": 5 if quick else 200,
    }
    report: dict = {"quick": quick}
    report.update(machine_info())
    try:
        hands, labels = wincheck_hands(random.Random(20240601), sizes["wincheck_hands"])
        report.update(bench_wincheck(hands, labels, sizes["repeats"]))
    except ImportError as exc:
        report.update({"wincheck_ratio_vs_mahjong": None, "wincheck_error": str(exc)})
    report.update(bench_waits(random.Random(7), sizes["waits_per_wild"]))
    report.update(bench_shanten(random.Random(11), sizes["shanten_hands"]))
    report.update(bench_simulate(sizes["simulate_rounds"]))
    return report


def print_table(report: dict) -> None:
    r = report
    rows = [
        ("python", r["python"]),
        ("machine", f"{r['machine']['platform']} ({r['machine']['cpus']} cpus)"),
        ("win check vs mahjong (x faster)", r.get("wincheck_ratio_vs_mahjong")),
        ("  median-based ratio", r.get("wincheck_ratio_median")),
        ("  is_standard_win vs mahjong", r.get("standard_win_ratio_vs_mahjong")),
        ("  ours / mahjong us per hand", f"{r.get('wincheck_us')} / {r.get('mahjong_is_agari_us')}"),
        ("  ours cold (empty memo) us", r.get("wincheck_cold_us")),
    ]
    for category, stats in r.get("wincheck_by_category", {}).items():
        rows.append(
            (
                f"  {category} hands: ours / mahjong us",
                f"{stats['ours_us']} / {stats['mahjong_us']} ({stats['ratio']}x)",
            )
        )
    excluded = r.get("wincheck_excluded_seven_pairs_with_four_alike")
    rows += [
        ("  disagreements (excluded)", f"{r.get('wincheck_disagreements')} ({excluded})"),
        ("waits p50 / p99 ms (warm tables, new hands)", f"{r['waits_p50_ms']} / {r['waits_p99_ms']}"),
    ]
    for wild, stats in r["waits_by_wild"].items():
        rows.append((f"  {wild} wildcards p50 / p99 / max ms", f"{stats['p50']} / {stats['p99']} / {stats['max']}"))
    rows += [
        ("  cold (empty memo) p50 / p99 ms", f"{r['waits_cold_p50_ms']} / {r['waits_cold_p99_ms']}"),
        ("shanten median / p99 us", f"{r['shanten_us_median']} / {r['shanten_us_p99']}"),
        ("  cold / repeated hands median us", f"{r['shanten_cold_us_median']} / {r['shanten_repeat_us_median']}"),
        (
            "  all discards of a hand median us",
            f"{r['shanten_after_discards_us_median']} (repeated {r['shanten_after_discards_repeat_us_median']})",
        ),
        ("simulate rounds/s", r.get("simulate_rounds_per_s")),
    ]
    if "simulate_error" in r:
        rows.append(("  simulate error", r["simulate_error"]))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="small sizes for a fast smoke run")
    args = parser.parse_args(argv)
    report = run(args.quick)
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
