"""How long the AI takes to decide: every call of a bot's `choose`, timed, in real rounds of every rule set.

    python benchmarks/bench_ai.py [--json] [--levels L ...] [--variants all|V ...] [--rounds R] [--seed S] [--quick]
                                  [--options JSON] [--players N]

For each level and rule set, R rounds at the rule set's largest table (or `--players N`; `--options` sets the rule
set's options, as `arena.py` does, so a table's decision time sits beside its ladder) with every seat played by that
level (the host loop of `python -m game.engine simulate`, one process, one thread), after one untimed warm-up round
on another seed (it fills the hand tables, as the first moments of any session do). Every decision is timed: a
discard or a kong on the seat's own turn, a win, and every answer in a claim window (pass, chow, pong, kong, win) —
from the call of the bot's `choose` with the seat's view and the legal actions to its return. Seats choosing before
the deal (上嘎) are not `choose` calls and are not timed.

With `--speed` it also simulates, in each rule set, whole games with four seats of each level of `--speed-levels`
(default: `baseline` and `normal`) in the same run, one after the other, and reports their rounds per second and each
level's ratio to `baseline` (`speed`: `ratio_vs_baseline` per rule set and `min_ratio_vs_baseline` over them; the
issue's bar is four `normal` seats at a third of four `baseline` seats or better).

Headline figures: `expert_decision_p50_ms` and `expert_decision_p99_ms`, over every rule set together. They are the
`expert` level's; until that level exists, the strongest player level's, and `measured_level` says which was
measured. Each level also gets its figures per rule set (`by_rule_set`), per kind of prompt (`turn`: own turn;
`claim`: a claim window) and per chosen action (`by_action`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.errors import BadInput  # noqa: E402
from game.headless.simulate import available_levels, play_round  # noqa: E402
from game.host import Host, SeatConfig  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

HEADLINE = "expert"


def pct(xs: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..1)."""
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def figures(ms: list[float]) -> dict[str, Any]:
    def r(x: float | None) -> float | None:
        return None if x is None else round(x, 3)

    return {"decisions": len(ms), "p50_ms": r(pct(ms, 0.50)), "p90_ms": r(pct(ms, 0.90)), "p99_ms": r(pct(ms, 0.99)),
            "max_ms": r(max(ms) if ms else None), "mean_ms": r(statistics.fmean(ms) if ms else None)}


class TimedBot:
    """Stands for a bot: times each `choose`, passes everything else through (its rng, its setup policy)."""

    def __init__(self, bot: Any, record: list[tuple[str, str, float]]):
        self._bot = bot
        self._record = record

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def choose(self, view: Any, legal: list) -> Any:
        start = time.perf_counter()
        action = self._bot.choose(view, legal)
        elapsed = (time.perf_counter() - start) * 1000.0
        kind = "claim" if any(a.type == "pass" for a in legal) else "turn"
        self._record.append((kind, action.type, elapsed))
        return action


def time_level(level: str, variant_id: str, rounds: int, seed: int, warmup: int,
               think: float | None = None, options: dict | None = None,
               players: int | None = None) -> tuple[list[tuple[str, str, float]], dict[str, Any]]:
    """Every decision of `rounds` rounds, and the table they were played at as the host made it (its seats, its
    options in full, defaults included)."""
    players = players or get_variant(variant_id).player_counts[-1]
    seats = [SeatConfig(f"AI {i + 1}", level=level) for i in range(players)]
    if warmup:
        host = Host(variant_id, dict(options or {}), seats, seed=f"warmup:{seed}", rounds=warmup,
                    start_with_coins=False)
        for _ in range(warmup):
            play_round(host)
            host.finish_round()
    record: list[tuple[str, str, float]] = []
    host = Host(variant_id, dict(options or {}), seats, seed=seed, rounds=rounds, start_with_coins=False)
    for i, stand_in in enumerate(host.stand_ins):
        if think is not None and level == "expert":  # the longer think a player may ask for (think_s)
            from game.ai import make_bot

            stand_in.bot = make_bot(level, f"{seed}:{i}", think_s=think)
        stand_in.bot = TimedBot(stand_in.bot, record)
    for _ in range(rounds):
        play_round(host)
        host.finish_round()
    return record, {"players": host.players, "options": dataclasses.asdict(host.options)}


def run(levels: list[str], variants: list[str], rounds: int, seed: int, warmup: int,
        think: float | None = None, options: dict | None = None, players: int | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    by_level: dict[str, Any] = {}
    for level in levels:
        every: list[tuple[str, str, float]] = []
        per_rule_set = {}
        for vid in variants:
            record, table = time_level(level, vid, rounds, seed, warmup, think, options, players)
            per_rule_set[vid] = {**figures([ms for _, _, ms in record]), "table": table}
            every.extend(record)
        entry = figures([ms for _, _, ms in every])
        entry["by_rule_set"] = per_rule_set
        entry["by_kind"] = {kind: figures([ms for k, _, ms in every if k == kind]) for kind in ("turn", "claim")}
        entry["by_action"] = {t: figures([ms for _, a, ms in every if a == t])
                              for t in sorted({a for _, a, _ in every})}
        by_level[level] = entry
    return {"levels": by_level, "elapsed_s": round(time.perf_counter() - start, 2)}


def simulate_speed(levels: list[str], variants: list[str], rounds: int, seed: int) -> dict[str, Any]:
    """Rounds per second of four seats (the rule set's largest table) of each level, the same seeds for each."""
    from game.headless.simulate import run_simulation

    by_rule_set: dict[str, Any] = {}
    for vid in variants:
        players = get_variant(vid).player_counts[-1]
        run_simulation(vid, players=players, seed=f"warmup:{seed}", rounds=1, ai_levels=list(levels))  # warm-up
        rates = {}
        cpu_rates = {}  # per CPU second of this process: on a shared machine the wall clock swings with the load
        for level in levels:
            cpu = time.process_time()
            out = run_simulation(vid, players=players, seed=seed, rounds=rounds, ai_levels=[level])
            cpu_rates[level] = round(rounds / max(time.process_time() - cpu, 1e-9), 2)
            rates[level] = round(rounds / max(out["elapsed_s"], 1e-9), 2)
        base = rates.get("baseline")
        cpu_base = cpu_rates.get("baseline")
        by_rule_set[vid] = {"rounds_per_s": rates,
                            "ratio_vs_baseline": {lv: round(r / base, 3) for lv, r in rates.items()} if base else {},
                            "cpu_rounds_per_s": cpu_rates,
                            "cpu_ratio_vs_baseline": {lv: round(r / cpu_base, 3) for lv, r in cpu_rates.items()}
                            if cpu_base else {}}
    ratios: dict[str, float] = {}
    for entry in by_rule_set.values():
        for lv, r in entry["ratio_vs_baseline"].items():
            ratios[lv] = min(ratios.get(lv, r), r)
    return {"rounds_per_rule_set": rounds, "by_rule_set": by_rule_set, "min_ratio_vs_baseline": ratios}


def print_table(report: dict) -> None:
    print(f"measured level: {report['measured_level']}  ({report['rounds_per_rule_set']} rounds per rule set, "
          f"seed {report['seed']}, {report['elapsed_s']} s)")
    print(f"expert_decision_p50_ms {report['expert_decision_p50_ms']}  "
          f"expert_decision_p99_ms {report['expert_decision_p99_ms']}")
    head = f"{'level':<10} {'rule set':<10} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    print(head)
    print("-" * len(head))
    for level, entry in report["levels"].items():
        for vid, f in [*entry["by_rule_set"].items(), ("all", entry)]:
            print(f"{level:<10} {vid:<10} {f['decisions']:>9} {f['p50_ms']!s:>8} {f['p99_ms']!s:>8} "
                  f"{f['max_ms']!s:>8}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--levels", nargs="+", help="levels to time (default: every level; the measured one always)")
    parser.add_argument("--variants", nargs="+", default=["all"], help="rule sets, or `all` (default)")
    parser.add_argument("--rounds", type=int, help="timed rounds per level and rule set (default 10; --quick 1)")
    parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="one round per level and rule set, a smoke run")
    parser.add_argument("--think", type=float, help="the expert's thinking time per searched decision (think_s)")
    parser.add_argument("--speed", action="store_true", help="also rounds per second of four seats of each level")
    parser.add_argument("--speed-levels", nargs="+", default=["baseline", "normal"],
                        help="levels whose rounds per second --speed compares (default: baseline normal)")
    parser.add_argument("--speed-rounds", type=int, default=40, help="rounds per level and rule set (default 40)")
    parser.add_argument("--no-decisions", action="store_true", help="skip the decision timing (with --speed)")
    parser.add_argument("--options", default="{}",
                        help="the rule sets' options as JSON, for the decision timing (default: their defaults)")
    parser.add_argument("--players", type=int, help="table size for the decision timing (default: the largest)")
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
        assert isinstance(options, dict)
    except (ValueError, AssertionError):
        parser.error("--options takes a JSON object")

    available = available_levels()
    from game.ai import LEVELS

    measured = HEADLINE if HEADLINE in available else (LEVELS[-1] if LEVELS else available[-1])
    if args.levels:
        for level in args.levels:
            if level not in available:
                parser.error(f"unknown AI level {level!r}; choose from {', '.join(available)}")
        levels = [measured] + [lv for lv in dict.fromkeys(args.levels) if lv != measured]
    else:
        levels = [measured] + [lv for lv in available if lv != measured]
    if args.variants == ["all"]:
        variants = list(AVAILABLE)
    else:
        for vid in args.variants:
            if vid not in AVAILABLE:
                parser.error(f"unknown rule set {vid!r}; choose from all, {', '.join(AVAILABLE)}")
        variants = list(dict.fromkeys(args.variants))
    for vid in variants:  # a bad table is refused before any timing, not after minutes of it
        counts = get_variant(vid).player_counts
        if args.players is not None and args.players not in counts:
            parser.error(f"{vid} is played by {', '.join(map(str, counts))} players, not {args.players}")
        try:
            get_variant(vid).parse_options(options, args.players or counts[-1])
        except BadInput as exc:
            parser.error(f"{vid}: {exc}")
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else 10)
    if rounds < 1:
        parser.error("--rounds must be 1 or more")

    if args.no_decisions and not args.speed:
        parser.error("--no-decisions needs --speed")
    for level in args.speed_levels:
        if level not in available:
            parser.error(f"unknown AI level {level!r}; choose from {', '.join(available)}")
    speed = simulate_speed(list(dict.fromkeys(["baseline", *args.speed_levels])), variants,
                           1 if args.quick else args.speed_rounds, args.seed) if args.speed else None
    if args.no_decisions:
        print(json.dumps({"ok": True, "speed": speed}) if args.json else _speed_table(speed))
        return 0
    result = run(levels, variants, rounds, args.seed, warmup=1, think=args.think, options=options,
                 players=args.players)
    head = result["levels"][measured]
    report: dict[str, Any] = {
        "ok": True,
        "measured_level": measured,
        "expert_available": HEADLINE in available,
        "expert_decision_p50_ms": head["p50_ms"],
        "expert_decision_p99_ms": head["p99_ms"],
        "expert_decision_max_ms": head["max_ms"],
        "expert_decisions": head["decisions"],
        "expert_by_rule_set": head["by_rule_set"],
        "levels": result["levels"],
        "variants": variants,
        "rounds_per_rule_set": rounds,
        "warmup_rounds": 1,
        "think_s": args.think,
        "options": options,
        "players": args.players,
        "seed": args.seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "elapsed_s": result["elapsed_s"],
    }
    if speed is not None:
        report["speed"] = speed
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
        if speed is not None:
            print(_speed_table(speed))
    return 0


def _speed_table(speed: dict) -> str:
    lines = [f"rounds per second, four seats of a level ({speed['rounds_per_rule_set']} rounds per rule set)"]
    for vid, entry in speed["by_rule_set"].items():
        rates = "  ".join(f"{lv} {r}/s ({entry['ratio_vs_baseline'].get(lv, '-')}x)"
                          for lv, r in entry["rounds_per_s"].items())
        cpu = "  ".join(f"{lv} {r}x" for lv, r in entry.get("cpu_ratio_vs_baseline", {}).items() if lv != "baseline")
        lines.append(f"{vid:<10} {rates}   per CPU second: {cpu}")
    lines.append("min ratio vs baseline: " + "  ".join(f"{lv} {r}" for lv, r in speed["min_ratio_vs_baseline"].items()))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
