"""LAN soak: a host and four bots over the wire for many rounds; rounds a second, the host's memory over time, and
what went over the wire.

    nice -n 10 python benchmarks/lan_soak.py [--json] [--rounds 200] [--variant V] [--seed S] [--bot LEVEL]
                                             [--sample SECONDS] [--trace-memory]

The host (game.net.server.NetHost, the loop `python -m game.net host` runs) serves from a thread of this process on
127.0.0.1, four remote seats, deadline 60 s (nothing is meant to time out); four `python -m game.net join`
processes play them with their own AI. No discovery, no autosave, no log. This process holds nothing else of
size, so its resident memory (VmRSS, /proc: Linux) is the host's; it is sampled every `--sample` seconds with the
rounds played so far and the number of the game's events (the host keeps only the current round's). The clients'
memory is sampled too.

- `rounds_per_s`: rounds over the whole wall time, connecting included.
- `host_rss_mib`: start (after the first round), mid (the sample nearest half the rounds) and end (the last round),
  and `host_rss_growth_kib_per_round` between mid and end: steady memory is a growth near the record's own.
- `host_events` / `host_events_kept`: the game's events at the end, and those the host still holds (the last round's).
- `record_kib`: the finished rounds' actions the host keeps for the save (`Host.finished_actions`: the engine's
  Actions, tuples), and what the same record takes as the save's dicts (`Host.round_actions`, the form it was kept
  in before): the containers' own sizes (sys.getsizeof; the small ints and move names they share not counted).
- `messages_out` / `bytes_out`: what the host queued for its clients (every message, newline included);
  `messages_in` / `bytes_in`: the lines and bytes it read from them.
- `--trace-memory` (tracemalloc: the host runs slower) adds `host_growth_top`: the source lines whose allocations
  grew most from the round nearest the middle to the end (this process holds only the host's, the clients are
  processes of their own).
- `clients_rss_mib_max`: the largest client at the end; `verified_rounds`: per client, the rounds whose
  commit–reveal it checked (every one, when all is well); `totals_agree`: every client's totals are the host's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.protocol import encode  # noqa: E402
from game.net.server import NetHost  # noqa: E402

NAMES = ["East", "South", "West", "North"]


def rss_kib(pid: int | str = "self") -> int | None:
    """Resident memory of a process in KiB (Linux /proc), None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


class CountingHost(NetHost):
    """A NetHost that counts what it sends and reads (the benchmark's only addition to the host's own loop)."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.messages_out = self.bytes_out = 0
        self.messages_in = self.bytes_in = 0

    def _send(self, conn, msg: dict) -> None:
        if not (conn.dead or conn.shut):
            self.messages_out += 1
            self.bytes_out += len(encode(msg))
        super()._send(conn, msg)

    def _handle(self, conn, msg: dict) -> None:
        self.messages_in += 1
        super()._handle(conn, msg)

    def _read(self, conn) -> None:
        # the bytes read: everything recv returns goes to the connection's line buffer (counted once per buffer)
        if not getattr(conn.lines, "counted", False):
            feed = conn.lines.feed

            def counted(data: bytes) -> list[bytes]:
                self.bytes_in += len(data)
                return feed(data)

            conn.lines.feed = counted
            conn.lines.counted = True
        super()._read(conn)


def record_kib(host) -> dict:
    """The finished rounds' actions as the host keeps them, and as the save's lists of dicts would be, in KiB."""
    kept = sum(sys.getsizeof(r) + sum(sys.getsizeof(a) for a in r) for r in host.finished_actions)
    dicts = sum(sys.getsizeof(r) + sum(sys.getsizeof(a) for a in r) for r in host.round_actions)
    return {"actions": sum(map(len, host.finished_actions)), "kept": round(kept / 1024, 1),
            "as_dicts": round(dicts / 1024, 1)}


def run(variant: str, rounds: int, seed: int, bot: str, sample: float, trace_memory: bool = False) -> dict:
    server = CountingHost(variant, ["remote"] * 4, seed=seed, rounds=rounds, bind="127.0.0.1", discovery=False,
                          deadline=60)
    port = server.start()
    samples: list[dict] = []
    stop = threading.Event()
    procs: list[subprocess.Popen] = []
    t0 = time.perf_counter()
    snapshots: list = []
    if trace_memory:
        tracemalloc.start(1)

    def sampler() -> None:
        while True:
            host = server.host
            if trace_memory and not snapshots and host.rounds_played >= rounds // 2:
                snapshots.append(tracemalloc.take_snapshot())
            samples.append({"t": round(time.perf_counter() - t0, 2), "rounds": host.rounds_played,
                            "rss_kib": rss_kib(), "events": len(host.events),
                            "clients_rss_kib": [rss_kib(p.pid) for p in procs]})
            if stop.wait(sample):
                return

    with tempfile.TemporaryDirectory(prefix="lan_soak") as tmp:
        env = {**os.environ, "LINGNAN_HOME": tmp}
        watcher = threading.Thread(target=sampler, name="soak-sampler", daemon=True)
        for n in NAMES:
            procs.append(subprocess.Popen([sys.executable, "-m", "game.net", "join", f"127.0.0.1:{port}", "--name", n,
                                           "--bot", bot, "--retry", "10"], cwd=ROOT, env=env,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL))
        watcher.start()
        try:
            outs = [p.communicate(timeout=60 + 30 * rounds) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
            stop.set()
        result = server.join(60)
        wall = time.perf_counter() - t0
        watcher.join(5)
    top = None
    if trace_memory:
        gc.collect()
        end_snapshot = tracemalloc.take_snapshot()
        tracemalloc.stop()
        if snapshots:
            top = [f"{d.traceback[0].filename.replace(str(ROOT) + os.sep, '')}:{d.traceback[0].lineno} "
                   f"{d.size_diff / 1024:+.0f} KiB ({d.count_diff:+d} blocks)"
                   for d in end_snapshot.compare_to(snapshots[0], "lineno")[:10]]
    if result is None:
        raise SystemExit("the host did not finish")
    finished = []
    for p, (out, err) in zip(procs, outs):
        if p.returncode != 0:
            raise SystemExit(f"a client failed: {out.decode()} {err.decode()[-2000:]}")
        finished.append(json.loads(out.decode().splitlines()[-1]))
    samples.append({"t": round(wall, 2), "rounds": result["rounds"], "rss_kib": rss_kib(),
                    "events": len(server.host.events), "clients_rss_kib": []})
    played = [s for s in samples if s["rounds"] >= 1 and s["rss_kib"] is not None]
    start = played[0] if played else samples[0]
    mid = min(played or samples, key=lambda s: abs(s["rounds"] - result["rounds"] / 2))
    end = samples[-1]
    clients_end = [s["clients_rss_kib"] for s in samples if s["clients_rss_kib"] and None not in s["clients_rss_kib"]]

    def mib(kib: int | None) -> float | None:
        return None if kib is None else round(kib / 1024, 1)

    growth = None
    if mid["rss_kib"] is not None and end["rss_kib"] is not None and end["rounds"] > mid["rounds"]:
        growth = round((end["rss_kib"] - mid["rss_kib"]) / (end["rounds"] - mid["rounds"]), 1)
    return {"ok": True, "variant": variant, "rounds": result["rounds"], "clients": 4, "bot": bot,
            "wall_s": round(wall, 2), "rounds_per_s": round(result["rounds"] / wall, 3),
            "host_rss_mib": {"start": mib(start["rss_kib"]), "mid": mib(mid["rss_kib"]), "end": mib(end["rss_kib"])},
            "host_rss_at_rounds": {"start": start["rounds"], "mid": mid["rounds"], "end": end["rounds"]},
            "host_rss_growth_kib_per_round": growth,
            "host_events": len(server.host.events), "host_events_kept": sum(1 for _ in server.host.events),
            "record_kib": record_kib(server.host),
            "messages_out": server.messages_out, "bytes_out": server.bytes_out,
            "messages_in": server.messages_in, "bytes_in": server.bytes_in,
            "host_cpu_s": round(server.cpu_seconds, 2), **({"host_growth_top": top} if trace_memory else {}),
            "clients_rss_mib_max": mib(max(clients_end[-1])) if clients_end else None,
            "verified_rounds": [f["verified_rounds"] for f in finished],
            "failed_rounds": [f["failed_rounds"] for f in finished],
            "totals": result["totals"], "totals_agree": all(f["totals"] == result["totals"] for f in finished),
            "samples": [{k: v for k, v in s.items() if k != "clients_rss_kib"} for s in samples],
            "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--variant", default="nanning")
    p.add_argument("--rounds", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="normal")
    p.add_argument("--sample", type=float, default=1.0, help="seconds between memory samples")
    p.add_argument("--trace-memory", action="store_true", help="where the host's memory grew (tracemalloc)")
    args = p.parse_args(argv)
    if args.rounds < 1 or not 0.05 <= args.sample <= 60:
        print(json.dumps({"ok": False, "error": "--rounds must be 1 or more, --sample 0.05 to 60 s"}), file=sys.stderr)
        return 2
    out = run(args.variant, args.rounds, args.seed, args.bot, args.sample, args.trace_memory)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            if k != "samples":
                print(f"{k:32} {v}")
        for s in out["samples"][:: max(1, len(out["samples"]) // 20)]:
            print(f"  t={s['t']:8.2f}s rounds={s['rounds']:4} rss={s['rss_kib']} KiB events={s['events']}")
    return 0 if out["totals_agree"] and not any(out["failed_rounds"]) else 1


if __name__ == "__main__":
    sys.exit(main())
