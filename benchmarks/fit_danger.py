"""Fit the learned reading of a discard's danger (game/ai/reading.py DANGER_MODEL) on logged games.

    python benchmarks/fit_danger.py [--variants all|V ...] [--seeds N] [--first-seed S] [--rounds R] [--json]
                                    [--write]

Games of `hard` seats (they never fold, so every opponent plays his hand out: what a hand waits on is seen at
every stage), on the host loop of `simulate`. At every discard a seat makes, for every kind it could throw and
every opponent: the clues the seat sees (reading.danger_features, from its own seat state only) and the truth,
taken from the round after the fact — whether that opponent's concealed hand waits on the kind (the rule set's
own win shapes). The rows are grouped by their clues and a logistic regression is fitted by Newton's method with a
small ridge. Per rule set: rows, deal-in share, the log-loss of the fitted reading and of the rough one
(reading.danger per opponent, capped below 1), and the weights; `--write` puts them into DANGER_MODEL.
Fit on seeds 1000 and up, never on the report seeds (5000-5074).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.reading import DANGER_FEATURES, danger_features, deal_in_chance, read_opponents  # noqa: E402
from game.host import Host, SeatConfig  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

RIDGE = 1.0


def collect(variant_id: str, seeds: list[int], rounds: int) -> tuple[dict[tuple, list[float]], list[float]]:
    """Rows grouped by clues: clues -> [rows, deal-ins, the rough reading's summed log-loss]."""
    players = get_variant(variant_id).player_counts[-1]
    groups: dict[tuple, list[float]] = {}
    for seed in seeds:
        host = Host(variant_id, {}, [SeatConfig(f"AI {i + 1}", level="hard") for i in range(players)], seed=seed,
                    rounds=rounds, start_with_coins=False)
        for _ in range(rounds):
            host.start_round()
            while host.round is None and host.open_prompts():
                seat = min(host.open_prompts())
                host.intent(seat, host.open_prompt(seat).id, host.stand_in_move(seat))
            rnd = host.round
            while not rnd.finished:
                seat = min(host.open_prompts())
                prompt = host.open_prompt(seat)
                kinds = {a.tile for a in prompt.actions if a.type == "discard" and a.tile != rnd.ghost}
                if kinds and rnd.win_check.discard_wins:
                    view = host.stand_ins[seat].state
                    unseen = view.unseen()
                    for o in read_opponents(view):
                        truth = rnd.seats[o.seat]
                        waits = set(rnd.win_check.waits(truth.hand, rnd.ghost, truth.melds)) \
                            if sum(truth.hand) % 3 == 1 else set()
                        for k in kinds:
                            clues = danger_features(view, o, k, unseen)
                            hit = k in waits
                            rough = min(0.99, max(0.001, o.ready * deal_in_chance(view, o, k, unseen)))
                            g = groups.setdefault(clues, [0, 0, 0.0])
                            g[0] += 1
                            g[1] += hit
                            g[2] -= math.log(rough if hit else 1 - rough)
                host.intent(seat, prompt.id, host.stand_in_move(seat))
            host.finish_round()
    return groups


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and, with the ridge, well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(groups: dict[tuple, list[float]], iterations: int = 25) -> list[float]:
    """Logistic regression on grouped rows (Newton's method; the ridge spares the bias)."""
    d = len(DANGER_FEATURES)
    w = [0.0] * d
    total = sum(g[0] for g in groups.values())
    hits = sum(g[1] for g in groups.values())
    w[0] = math.log(max(hits, 1) / max(total - hits, 1))
    for _ in range(iterations):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, (n, y, _) in groups.items():
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = y - n * p
            v = n * p * (1 - p)
            for i in range(d):
                if x[i]:
                    grad[i] += r * x[i]
                    vi = v * x[i]
                    row = hess[i]
                    for j in range(d):
                        if x[j]:
                            row[j] += vi * x[j]
        for i in range(1, d):
            grad[i] -= RIDGE * w[i]
            hess[i][i] += RIDGE
        for i in range(d):
            hess[i][i] += 1e-9
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def log_loss(groups: dict[tuple, list[float]], w: list[float]) -> float:
    total = loss = 0.0
    for x, (n, y, _) in groups.items():
        z = sum(wi * xi for wi, xi in zip(w, x))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= y * math.log(p) + (n - y) * math.log(1 - p)
        total += n
    return loss / total


def measure(variant_id: str, seeds: list[int], rounds: int) -> dict[str, Any]:
    groups = collect(variant_id, seeds, rounds)
    rows = sum(g[0] for g in groups.values())
    hits = sum(g[1] for g in groups.values())
    if not rows:
        return {"variant": variant_id, "rows": 0, "weights": None}
    w = fit(groups)
    return {"variant": variant_id, "seeds": len(seeds), "rounds": rounds, "rows": int(rows), "clue_sets": len(groups),
            "deal_in_share": round(hits / rows, 4), "log_loss": round(log_loss(groups, w), 4),
            "log_loss_rough": round(sum(g[2] for g in groups.values()) / rows, 4),
            "weights": [round(x, 3) for x in w]}


def write_model(results: list[dict]) -> None:
    """Replace DANGER_MODEL's entries in game/ai/reading.py by these rule sets' (others kept)."""
    path = ROOT / "game" / "ai" / "reading.py"
    src = path.read_text(encoding="utf-8")
    head = "DANGER_MODEL: dict[str, tuple[float, ...]] = {\n"
    start = src.index(head) + len(head)
    end = src.index("}\n", start)
    entries = dict(re.findall(r"^    \"(\w+)\": (\(.*?\)),\n", src[start:end], re.S | re.M))
    for r in results:
        if r["weights"] is None:
            continue
        numbers = [str(x) for x in r["weights"]]
        lines, line = [], "        "
        for i, s in enumerate(numbers):
            part = s + ("," if i < len(numbers) - 1 else ",")
            if len(line) + len(part) + 1 > 116:
                lines.append(line.rstrip())
                line = "        "
            line += part + " "
        lines.append(line.rstrip())
        entries[r["variant"]] = "(\n" + "\n".join(lines) + "\n    )"
    body = "".join(f"    \"{k}\": {v},\n" for k, v in entries.items())
    path.write_text(src[:start] + body + src[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=["all"])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", action="store_true", help="put the weights into game/ai/reading.py")
    args = parser.parse_args(argv)
    variants = list(AVAILABLE) if args.variants == ["all"] else args.variants
    for v in variants:
        if v not in AVAILABLE:
            parser.error(f"unknown rule set {v!r}")
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    results = [measure(v, seeds, args.rounds) for v in variants]
    if args.write:
        write_model(results)
    if args.json:
        print(json.dumps({"ok": True, "features": list(DANGER_FEATURES), "results": results}))
    else:
        for r in results:
            if not r["rows"]:
                print(f"{r['variant']}: no discard wins here, nothing to fit")
                continue
            print(f"{r['variant']}: {r['rows']} rows ({r['clue_sets']} clue sets), deal-in share "
                  f"{r['deal_in_share']}, log-loss {r['log_loss']} (rough reading {r['log_loss_rough']})")
            print("  " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(DANGER_FEATURES, r["weights"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
