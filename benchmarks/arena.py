"""AI levels against each other: duplicate seeds with the seats swapped, in every rule set.

    python benchmarks/arena.py [--pairs A:B ...] [--variants all|V ...] [--seeds N] [--first-seed S]
                               [--rounds R] [--players N] [--jobs J] [--format swap|one] [--json]

Two formats, both duplicate (every side meets the same walls in every seat):

`--format swap` (the default). For a pairing A:B and a rule set, each seed is played once with every distinct
rotation of the seating patterns
A,B,A,B,… and B,A,B,A,… (at four seats: ABAB and BABA; at three: ABA, BAA, AAB, BAB, ABB, BBA), each time a game
of R rounds with the same seed. A game's walls follow from the seed and the round number only (and the first
dealer from the seed), so both levels sit in every seat and meet the same walls; what a seat does with them is the
only difference. The bots' own random choices follow from the seed and the seat, not from the level.

`--format one` (one A among B's, paired). Each seed is played once with B in every seat (the reference table), and
once with A in each seat in turn and B in the others. A's figure in a seat is his score there less the reference
table's B in the same seat: the same walls, the same neighbours with the same random choices, so the two games are
the same until A first plays otherwise, and the difference holds only what his choices changed. This is the
duplicate one-against-three design of riichi AI evaluations; it measures what replacing one B by an A gains, and
its difference is far less noisy than the swap format's (a seed's luck is in both games). Rounds: A plays
seeds × seats × R seat-rounds, the reference table seeds × R rounds.

Figures per pairing and rule set:

- `diff_per_round`: A's mean score per seat-round minus B's. Each seed gives one such difference over its games
  (the games of one seed share their walls, so they are not independent of each other; different seeds are), and
  the figure is the mean over seeds, with `ci95` = mean ± 1.96 · sd / √seeds (a normal approximation; none with
  fewer than two seeds).
- per level: `win_rate` (wins per seat-round), `deal_in_rate` (discards, or robbed kongs, won on per seat-round),
  `self_draw_rate`, `avg_win_points` (the winner's score for a round it won, the mean over its wins) and
  `avg_win_fan` (the rule set's count of the hand, where it has one), `score_per_round`, and `by_hand`: for each
  hand type (its id) the wins that had it and the points they brought, a win counted under each of its types (where
  a few big hands carry a side's points, this shows it).

Runs in-process on the same host loop as `python -m game.engine simulate`; `--jobs` spreads the seeds over worker
processes (at most the machine's cores). The answer does not depend on `--jobs`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.headless.simulate import available_levels, play_round  # noqa: E402
from game.host import Host, SeatConfig  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

COUNTS = ("seat_rounds", "score", "wins", "self_draws", "deal_ins", "win_points", "fan_sum", "fan_wins")


def default_pairs(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each player level against the one below it (strongest first), and the strongest against each yardstick
    (`efficiency`, `baseline`)."""
    from game.ai import LEVELS

    players = [lv for lv in LEVELS if lv in levels]
    pairs = [(players[i], players[i - 1]) for i in range(len(players) - 1, 0, -1)]
    for yardstick in ("baseline", "efficiency"):
        if yardstick in levels and players and players[-1] != yardstick:
            pairs.insert(0, (players[-1], yardstick))
    return pairs


def seatings(players: int) -> list[tuple[str, ...]]:
    """Every distinct rotation of A,B,A,B,… and of B,A,B,A,…: each side sits in every seat equally often."""
    out: list[tuple[str, ...]] = []
    for first, second in (("A", "B"), ("B", "A")):
        pattern = [first if i % 2 == 0 else second for i in range(players)]
        for r in range(players):
            rotated = tuple(pattern[r:] + pattern[:r])
            if rotated not in out:
                out.append(rotated)
    return out


def _zero() -> dict[str, Any]:
    # by_hand: hand-type id -> [wins that had it, the points they brought] (a win counts under each of its types):
    # which hands a side's points come from, where a few big ones can outweigh many small ones
    return {**dict.fromkeys(COUNTS, 0), "by_hand": {}}


# the Skill fields that are switches (0/1 on the command line)
SWITCHES = ("acceptance", "gain_scaled", "value", "decline_cheap", "lookahead", "counting", "reading", "search", "kong_value",
            "one_wait", "game_values", "learnt")


def parse_level(spec: str) -> tuple[str, dict]:
    """A side of a pairing: a level, optionally with the expert's thinking time, `expert@0.2` (seconds per
    searched decision; `expert@0`: the value reading without the search), and for ablations fields of its Skill
    replaced, `expert+defence=0+decline_cheap=0@0` (numbers; 0/1 for the switches)."""
    name, sep, think = spec.partition("@")
    level, *fields = name.split("+")
    settings: dict = {"think_s": float(think)} if sep else {}
    if fields:
        skill = {}
        for f in fields:
            key, _, value = f.partition("=")
            number = int(value) if value.lstrip("-").isdigit() else float(value)  # counts (valued=4) stay whole
            skill[key] = bool(number) if key in SWITCHES else number
        settings["skill"] = skill
    return level, settings


def patterns(players: int, fmt: str) -> list[tuple[str, ...]]:
    """The seatings a seed is played at: the swap format's, or (one) the all-B reference table first, then A at each
    seat among B's."""
    if fmt == "swap":
        return seatings(players)
    return [("B",) * players] + [tuple("A" if i == s else "B" for i in range(players)) for s in range(players)]


def play_seed(task: tuple) -> dict[str, Any]:
    """One seed of one pairing in one rule set: every seating, R rounds each. Sums per side (A, B); the one format
    counts B at the reference table only, and its `diff` is A's seat against the reference's same seat."""
    a, b, variant_id, players, seed, rounds, options, think, fmt = task
    sides = {"A": _zero(), "B": _zero()}
    exhausted = played = 0
    reference: list[list[float]] = []  # the one format: each round's scores by seat at the all-B table
    paired: list[float] = []  # the one format: A's score less the reference seat's, a seat-round each
    for pattern in patterns(players, fmt):
        level_of = {"A": parse_level(a), "B": parse_level(b)}
        reference_table = fmt == "one" and "A" not in pattern
        # the one format counts B at the reference table only: a B beside an A is not B's own play
        counted = [side == "A" or fmt == "swap" or reference_table for side in pattern]
        seats = [SeatConfig(f"AI {i + 1}", level=level_of[side][0]) for i, side in enumerate(pattern)]
        host = Host(variant_id, dict(options), seats, seed=seed, rounds=rounds, start_with_coins=False)
        for i, side in enumerate(pattern):  # a thinking time (the pairing's, else --think for every expert)
            level, settings = level_of[side]
            if settings or (level == "expert" and think is not None):
                from game.ai import make_bot

                if level == "expert" and think is not None:
                    settings = {"think_s": think, **settings}
                host.stand_ins[i].bot = make_bot(level, f"{seed}:{i}", **settings)
        for r in range(rounds):
            rnd = play_round(host)
            deltas = rnd.deltas()
            played += 1
            exhausted += rnd.exhausted
            if reference_table:
                reference.append(list(deltas))
            elif fmt == "one":
                at = pattern.index("A")
                paired.append(deltas[at] - reference[r][at])
            for seat, side in enumerate(pattern):
                if not counted[seat]:
                    continue
                sides[side]["seat_rounds"] += 1
                sides[side]["score"] += deltas[seat]
            for w in rnd.wins:
                if not counted[w.seat]:
                    continue
                st = sides[pattern[w.seat]]
                st["wins"] += 1
                st["self_draws"] += w.from_seat is None
                st["win_points"] += deltas[w.seat]
                if w.evaluation.fan is not None:
                    st["fan_sum"] += w.evaluation.fan
                    st["fan_wins"] += 1
                for hand in w.evaluation.hands:
                    tally = st["by_hand"].setdefault(hand, [0, 0])
                    tally[0] += 1
                    tally[1] += deltas[w.seat]
            for giver in {w.from_seat for w in rnd.wins if w.from_seat is not None}:
                if not counted[giver]:
                    continue
                sides[pattern[giver]]["deal_ins"] += 1
            host.finish_round()
    if fmt == "one":
        diff = statistics.fmean(paired)
    else:
        diff = sides["A"]["score"] / sides["A"]["seat_rounds"] - sides["B"]["score"] / sides["B"]["seat_rounds"]
    return {"pair": (a, b), "variant": variant_id, "seed": seed, "diff": diff, "sides": sides,
            "rounds": played, "exhausted": exhausted, "a_rounds": sides["A"]["seat_rounds"]}


def _level_figures(level: str, c: dict[str, int]) -> dict[str, Any]:
    n = c["seat_rounds"]
    return {
        "level": level,
        "seat_rounds": n,
        "wins": c["wins"],
        "win_rate": round(c["wins"] / n, 4) if n else None,
        "self_draw_rate": round(c["self_draws"] / n, 4) if n else None,
        "deal_ins": c["deal_ins"],
        "deal_in_rate": round(c["deal_ins"] / n, 4) if n else None,
        "avg_win_points": round(c["win_points"] / c["wins"], 2) if c["wins"] else None,
        "avg_win_fan": round(c["fan_sum"] / c["fan_wins"], 2) if c["fan_wins"] else None,
        "score_per_round": round(c["score"] / n, 3) if n else None,
        # each hand type's wins and the points they brought, the most points first
        "by_hand": {hand: {"wins": wins, "points": round(points, 2)}
                    for hand, (wins, points) in sorted(c["by_hand"].items(), key=lambda kv: (-kv[1][1], kv[0]))},
    }


def summarize(a: str, b: str, variant_id: str, players: int, results: list[dict],
              fmt: str = "swap") -> dict[str, Any]:
    results = sorted(results, key=lambda r: str(r["seed"]))
    diffs = [r["diff"] for r in results]
    mean = statistics.fmean(diffs) if diffs else None
    ci = None
    if len(diffs) >= 2:
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        ci = [round(mean - half, 3), round(mean + half, 3)]
    totals = {side: _zero() for side in "AB"}
    for r in results:
        for side in "AB":
            for key in COUNTS:
                totals[side][key] += r["sides"][side][key]
            for hand, (wins, points) in r["sides"][side]["by_hand"].items():
                tally = totals[side]["by_hand"].setdefault(hand, [0, 0])
                tally[0] += wins
                tally[1] += points
    rounds = sum(r["rounds"] for r in results)
    return {
        "pair": f"{a}:{b}", "a": a, "b": b, "variant": variant_id, "players": players,
        "format": fmt, "seeds": len(results), "games": len(results) * len(patterns(players, fmt)),
        "rounds": rounds, "a_seat_rounds": sum(r["a_rounds"] for r in results),
        "exhausted_rate": round(sum(r["exhausted"] for r in results) / rounds, 4) if rounds else None,
        "diff_per_round": round(mean, 3) if mean is not None else None,
        "ci95": ci,
        "a_stats": _level_figures(a, totals["A"]),
        "b_stats": _level_figures(b, totals["B"]),
    }


def run_arena(pairs: list[tuple[str, str]], variants: list[str], seeds: list[int], rounds: int,
              players: int | None = None, jobs: int = 1, options: dict | None = None,
              think: float | None = None, fmt: str = "swap") -> dict[str, Any]:
    tasks = []
    for a, b in pairs:
        for vid in variants:
            n = players if players is not None else get_variant(vid).player_counts[-1]
            tasks.extend((a, b, vid, n, seed, rounds, dict(options or {}), think, fmt) for seed in seeds)
    start = time.perf_counter()
    jobs = max(1, min(jobs, os.cpu_count() or 1, len(tasks) or 1))
    if jobs == 1:
        results = [play_seed(t) for t in tasks]
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_seed, tasks, chunksize=1)
    elapsed = time.perf_counter() - start
    by_key: dict[tuple, list[dict]] = {}
    for res in results:
        by_key.setdefault((res["pair"], res["variant"]), []).append(res)
    out_pairs = []
    for a, b in pairs:
        for vid in variants:
            n = players if players is not None else get_variant(vid).player_counts[-1]
            out_pairs.append(summarize(a, b, vid, n, by_key.get(((a, b), vid), []), fmt))
    return {"ok": True, "format": fmt, "seeds": len(seeds), "first_seed": seeds[0] if seeds else None,
            "rounds_per_game": rounds,
            "jobs": jobs, "elapsed_s": round(elapsed, 2),
            "rounds_played": sum(r["rounds"] for r in results), "results": out_pairs}


def print_table(report: dict) -> None:
    print(f"{report['seeds']} seeds from {report['first_seed']}, {report['rounds_per_game']} rounds a game, "
          f"{report['rounds_played']} rounds in {report['elapsed_s']} s ({report['jobs']} jobs)")
    head = f"{'pair':<18} {'rule set':<10} {'A-B /round':>10} {'95% interval':>18}  " \
           f"{'win A/B':>11} {'deal-in A/B':>11} {'win pts A/B':>13}"
    print(head)
    print("-" * len(head))

    def two(x: Any, y: Any, fmt: str) -> str:
        f = (lambda v: "-" if v is None else format(v, fmt))
        return f"{f(x)}/{f(y)}"

    for r in report["results"]:
        ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]"
        diff = "-" if r["diff_per_round"] is None else f"{r['diff_per_round']:+.3f}"
        a, b = r["a_stats"], r["b_stats"]
        print(f"{r['pair']:<18} {r['variant']:<10} {diff:>10} {ci:>18}  "
              f"{two(a['win_rate'], b['win_rate'], '.3f'):>11} {two(a['deal_in_rate'], b['deal_in_rate'], '.3f'):>11} "
              f"{two(a['avg_win_points'], b['avg_win_points'], '.1f'):>13}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", nargs="+", metavar="A:B",
                        help="level pairings (default: each player level against the one below, the strongest "
                             "against baseline where it exists)")
    parser.add_argument("--variants", nargs="+", default=["all"], help="rule sets, or `all` (default)")
    parser.add_argument("--seeds", type=int, default=2, help="seeds per pairing and rule set (default 2)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds a game (default 2)")
    parser.add_argument("--players", type=int, help="table size (default: each rule set's largest)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (at most the cores; default 1)")
    parser.add_argument("--options", default="{}", help="the rule set's options as JSON (default: its defaults)")
    parser.add_argument("--think", type=float, help="the expert's thinking time per searched decision, seconds "
                                                    "(default: its own; a side may also say expert@0.2)")
    parser.add_argument("--format", choices=("swap", "one"), default="swap",
                        help="swap: A,B,A,B… and B,A,B,A… (default); one: one A among B's, paired with the all-B "
                             "table (see above)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
        assert isinstance(options, dict)
    except (ValueError, AssertionError):
        parser.error("--options takes a JSON object")

    levels = available_levels()
    if args.pairs:
        pairs = []
        for spec in args.pairs:
            a, sep, b = spec.partition(":")
            if not sep or not a or not b:
                parser.error(f"a pairing is LEVEL:LEVEL, not {spec!r}")
            for level in (parse_level(a)[0], parse_level(b)[0]):
                if level not in levels:
                    parser.error(f"unknown AI level {level!r}; choose from {', '.join(levels)}")
            pairs.append((a, b))
    else:
        pairs = default_pairs(levels)
    if args.variants == ["all"]:
        variants = list(AVAILABLE)
    else:
        variants = []
        for vid in args.variants:
            if vid not in AVAILABLE:
                parser.error(f"unknown rule set {vid!r}; choose from all, {', '.join(AVAILABLE)}")
            variants.append(vid)
    if args.seeds < 1 or args.rounds < 1:
        parser.error("--seeds and --rounds must be 1 or more")
    if args.jobs < 1:
        parser.error("--jobs must be 1 or more")
    if args.players is not None:
        for vid in variants:
            if args.players not in get_variant(vid).player_counts:
                parser.error(f"{vid} is played by {', '.join(map(str, get_variant(vid).player_counts))} players, "
                             f"not {args.players}")
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    report = run_arena(pairs, variants, seeds, args.rounds, args.players, args.jobs, options, args.think,
                       args.format)
    report["levels"] = list(levels)
    report["options"] = options
    report["think_s"] = args.think
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
