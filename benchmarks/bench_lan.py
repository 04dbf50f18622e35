"""LAN play on loopback: how long an intent takes to reach every client as events, and the host's CPU per round.

    python benchmarks/bench_lan.py [--json] [--variant V] [--rounds R] [--seed S] [--bot LEVEL] [--think SECONDS]

The host (game.net.server.NetHost, the same loop `python -m game.net host` runs) serves from a thread of this
process on 127.0.0.1 with every seat remote; four `python -m game.net join` processes play them with their own
AI, each writing when each event arrived and when each of its intents left (monotonic clock, shared by the
processes of one machine). No discovery, no autosave, no log.

- `intent_to_all_p50_ms` / `intent_to_all_p99_ms`: from a client sending an intent the table takes and that makes
  events at once (a discard, a call, a win; not a pass that waits for other answers) to the last of the four
  clients having the first of those events: a whole round trip, client → host → engine → every client.
- `host_cpu_s_per_round`: the CPU time of the host's thread (its sockets, the engine, the projections, the JSON)
  over the game, per round. The clients' AI runs in their own processes and is not in it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.server import NetHost  # noqa: E402

NAMES = ["East", "South", "West", "North"]


def pct(xs: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..1)."""
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def run(variant: str, rounds: int, seed: int, bot: str, think: float) -> dict:
    server = NetHost(variant, ["remote"] * 4, seed=seed, rounds=rounds, bind="127.0.0.1", discovery=False,
                     think=think, deadline=60)
    server.applied = []
    port = server.start()
    with tempfile.TemporaryDirectory(prefix="bench_lan") as tmp:
        traces = [Path(tmp) / f"{n}.trace" for n in NAMES]
        env = {**os.environ, "LINGNAN_HOME": tmp}
        procs = [subprocess.Popen([sys.executable, "-m", "game.net", "join", f"127.0.0.1:{port}", "--name", n,
                                   "--bot", bot, "--trace", str(t)], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                 for n, t in zip(NAMES, traces)]
        start = time.perf_counter()
        try:
            outs = [p.communicate(timeout=600) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
        result = server.join(60)
        wall = time.perf_counter() - start
        for p, (out, err) in zip(procs, outs):
            if p.returncode != 0:
                raise SystemExit(f"a client failed: {out.decode()} {err.decode()[-2000:]}")
        finished = [json.loads(out.decode().splitlines()[-1]) for out, _ in outs]
        seats = [f["seat"] for f in finished]
        recv: list[dict[int, int]] = []  # per client: event seq -> arrival (ns)
        sent: dict[tuple[int, int], int] = {}  # (seat, prompt) -> departure (ns)
        for seat, path in zip(seats, traces):
            got: dict[int, int] = {}
            for line in path.read_text().splitlines():
                kind, ns, n = line.split()
                if kind == "r":
                    got.setdefault(int(n), int(ns))
                else:
                    sent.setdefault((seat, int(n)), int(ns))
            recv.append(got)
    assert result is not None
    latencies = []
    for a in server.applied:
        if a["events"] <= 0 or (a["seat"], a["prompt"]) not in sent:
            continue
        arrivals = [got.get(a["first_seq"]) for got in recv]
        if None in arrivals:
            continue
        latencies.append((max(arrivals) - sent[(a["seat"], a["prompt"])]) / 1e6)

    def r(x: float | None, n: int = 3) -> float | None:
        return None if x is None else round(x, n)

    return {"ok": True, "variant": variant, "rounds": result["rounds"], "clients": 4, "bot": bot, "think_s": think,
            "intents_measured": len(latencies),
            "intent_to_all_p50_ms": r(pct(latencies, 0.50)), "intent_to_all_p90_ms": r(pct(latencies, 0.90)),
            "intent_to_all_p99_ms": r(pct(latencies, 0.99)), "intent_to_all_max_ms": r(max(latencies, default=None)),
            "intent_to_all_mean_ms": r(statistics.fmean(latencies) if latencies else None),
            "host_cpu_s": r(server.cpu_seconds, 4), "host_cpu_s_per_round": r(server.cpu_seconds / result["rounds"], 4),
            "wall_s_per_round": r(wall / result["rounds"], 3),
            "verified_rounds": [f["verified_rounds"] for f in finished],
            "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--variant", default="nanning")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="normal")
    p.add_argument("--think", type=float, default=0.0)
    args = p.parse_args(argv)
    if args.rounds < 1:
        print(json.dumps({"ok": False, "error": "--rounds must be 1 or more"}), file=sys.stderr)
        return 2
    out = run(args.variant, args.rounds, args.seed, args.bot, args.think)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:28} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
