"""Fit the learnt reading of the table (game/ai/learnt.py) on logged games and write game/ai/reading_model.py.

    python tools/fit_reading.py [--variants all|V ...] [--seeds N] [--first-seed S] [--rounds R]
                                [--check-seeds N] [--check-first-seed S] [--levels L ...] [--out FILE] [--json]

Games of AI seats (`--levels`, seated in turn; the host loop of `simulate`). At every discard turn, from the
discarding seat's own view, each opponent gives one sample of the readiness model (the features of
learnt.READY_FEATURES; the truth from the round after the fact: his concealed hand one tile from a win on the rule
set's own shapes) and, when he is ready, one sample of the tile model for each kind the seat could throw (the
features of learnt.TILE_FEATURES; the truth: the kind is among his waits). Samples with the same features are
pooled, and each model is a logistic regression fitted by Newton's method with a light ridge (the pooled rows are
few, so this is exact and quick in plain Python).

The fit is checked on other seeds (`--check-*`): the mean log-loss of the learnt reading against the rough one
(reading.py: the calibrated readiness, the full per-tile reading), and how often each is right about the tile a
ready opponent waits on, reported per rule set and written into the JSON beside the weights.

Seeds: fitted on 20000 onwards and checked on 21000 onwards by default, away from the arena's tuning (1000-1899)
and report (5000+) ranges.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from calibrate_reading import discard_turns  # noqa: E402

from game.ai.learnt import READY_FEATURES, TILE_FEATURES, ready_features, tile_features  # noqa: E402
from game.variants import AVAILABLE  # noqa: E402

Rows = dict[tuple[int, ...], list[int]]  # features -> [samples, positives]
RIDGE = 1.0
MODEL_FILE = ROOT / "game" / "ai" / "reading_model.py"
HEADER = '''"""The learnt reading's weights per rule set, with the seeds they were fitted and checked on.

Written by tools/fit_reading.py (do not edit by hand: run it again); read by game/ai/learnt.py.
"""

'''


def collect(variant: str, seeds: list[int], rounds: int, levels: tuple[str, ...], check: list | None = None):
    """The pooled samples of both models; with `check` (a list), each sample also appended to it with the rough
    reading's probability: ("ready" | "tile", features, truth, rough p)."""
    from game.ai.reading import calibrated_ready, deal_in_chance, read_opponents

    ready_rows: Rows = {}
    tile_rows: Rows = {}
    for host, rnd, seat in discard_turns(variant, seeds, rounds, None, levels):
        view = host.stand_ins[seat].state
        unseen = view.unseen()
        mine = sorted({k for k, n in enumerate(view.hand) if n and k < 34 and k != view.ghost})
        for o in read_opponents(view):
            them = rnd.seats[o.seat]
            hand = them.hand
            ready = sum(hand) % 3 == 1 and rnd.win_check.distance(hand, rnd.ghost, them.melds) == 0
            f = ready_features(view, o.seat)
            cell = ready_rows.setdefault(f, [0, 0])
            cell[0] += 1
            cell[1] += ready
            if check is not None:
                check.append(("ready", f, ready, calibrated_ready(variant, o.ready)))
            if not ready:
                continue
            waits = set(rnd.win_check.waits(hand, rnd.ghost, them.melds))
            for k in mine:
                f = tile_features(view, o, k, unseen)
                hit = k in waits
                cell = tile_rows.setdefault(f, [0, 0])
                cell[0] += 1
                cell[1] += hit
                if check is not None:
                    check.append(("tile", f, hit, deal_in_chance(view, o, k, unseen, True)))
    return ready_rows, tile_rows


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is symmetric positive definite here: the ridge sees to it)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: Rows, d: int, ridge: float = RIDGE, iters: int = 50) -> list[float]:
    """Logistic regression on pooled binary rows, by Newton's method; the ridge spares the bias (index 0)."""
    w = [0.0] * d
    for _ in range(iters):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for f, (n, pos) in rows.items():
            p = _sigmoid(sum(w[i] for i in f))
            r = pos - n * p
            s = n * p * (1 - p)
            for i in f:
                g[i] += r
                hi = h[i]
                for j in f:
                    hi[j] += s
        for i in range(1, d):
            g[i] -= ridge * w[i]
            h[i][i] += ridge
        h[0][0] += 1e-9
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def _loss(p: float, truth: bool) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return -math.log(p if truth else 1 - p)


def evaluate(check: list, ready_w: list[float], tile_w: list[float]) -> dict:
    """Mean log-loss of the learnt reading and the rough one on the check samples, per model."""
    out = {}
    for model, w in (("ready", ready_w), ("tile", tile_w)):
        rows = [(f, t, rough) for kind, f, t, rough in check if kind == model]
        if not rows:
            continue
        learnt = sum(_loss(_sigmoid(sum(w[i] for i in f)), t) for f, t, _ in rows) / len(rows)
        old = sum(_loss(rough, t) for _, t, rough in rows) / len(rows)
        base = sum(t for _, t, _ in rows) / len(rows)
        const = sum(_loss(base, t) for _, t, _ in rows) / len(rows)
        out[model] = {"samples": len(rows), "positive_share": round(base, 4), "log_loss_learnt": round(learnt, 4),
                      "log_loss_rough": round(old, 4), "log_loss_constant": round(const, 4)}
    return out


def _read(path: Path) -> dict:
    """The models a file written by this tool holds (a rule set not fitted again keeps its weights)."""
    if not path.exists():
        return {}
    scope: dict = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
    return dict(scope.get("MODELS", {}))


def _write(path: Path, models: dict) -> None:
    body = json.dumps(models, ensure_ascii=False, indent=1, sort_keys=True)
    path.write_text(HEADER + "MODELS = " + body + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=["all"])
    parser.add_argument("--seeds", type=int, default=150)
    parser.add_argument("--first-seed", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--check-seeds", type=int, default=40)
    parser.add_argument("--check-first-seed", type=int, default=21000)
    parser.add_argument("--levels", nargs="+", default=["hard", "normal"])
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variants = list(AVAILABLE) if args.variants == ["all"] else args.variants
    for v in variants:
        if v not in AVAILABLE:
            parser.error(f"unknown rule set {v!r}")
    levels = tuple(args.levels)
    models = _read(args.out)
    report = {}
    for v in variants:
        t0 = time.perf_counter()
        seeds = list(range(args.first_seed, args.first_seed + args.seeds))
        ready_rows, tile_rows = collect(v, seeds, args.rounds, levels)
        ready_w = fit(ready_rows, len(READY_FEATURES))
        tile_w = fit(tile_rows, len(TILE_FEATURES))
        check: list = []
        collect(v, list(range(args.check_first_seed, args.check_first_seed + args.check_seeds)), args.rounds, levels,
                check)
        quality = evaluate(check, ready_w, tile_w)
        models[v] = {
            "fitted_on": {"seeds": [args.first_seed, args.first_seed + args.seeds - 1], "rounds": args.rounds,
                          "levels": list(levels), "ready_samples": sum(n for n, _ in ready_rows.values()),
                          "tile_samples": sum(n for n, _ in tile_rows.values())},
            "checked_on": {"seeds": [args.check_first_seed, args.check_first_seed + args.check_seeds - 1],
                           **quality},
            "ready": {n: round(w, 4) for n, w in zip(READY_FEATURES, ready_w)},
            "tile": {n: round(w, 4) for n, w in zip(TILE_FEATURES, tile_w)},
        }
        report[v] = {"seconds": round(time.perf_counter() - t0, 1), **quality}
        if not args.json:
            r, t = quality.get("ready", {}), quality.get("tile", {})
            print(f"{v:<10} ready log-loss {r.get('log_loss_learnt')} (rough {r.get('log_loss_rough')}, constant "
                  f"{r.get('log_loss_constant')})  tile {t.get('log_loss_learnt')} (rough {t.get('log_loss_rough')}, "
                  f"constant {t.get('log_loss_constant')})  {report[v]['seconds']} s", flush=True)
    _write(args.out, models)
    if args.json:
        print(json.dumps({"ok": True, "out": str(args.out), "results": report}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
