"""Smoke-test the packaged game: the frozen executable plays one autoplay round under the dummy video driver and,
where xvfb-run exists, in a real window; each run must exit 0 and write non-blank screenshots. Also measures the
bundle's size and the frozen start-up to the title screen.

    python tools/smoke_bundle.py [--dist dist/lingnan-mahjong] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def executable(dist: Path) -> Path:
    name = "lingnan-mahjong.exe" if os.name == "nt" else "lingnan-mahjong"
    return dist / name if dist.is_dir() else dist


def run_demo(exe: Path, xvfb: bool) -> list[Path]:
    out = Path(tempfile.mkdtemp(prefix="lingnan-smoke-"))
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(SDL_AUDIODRIVER="dummy", LINGNAN_HOME=str(out / "home"))
    if not xvfb:
        env["SDL_VIDEODRIVER"] = "dummy"
    cmd = [str(exe), "--autoplay", "--variant", "nanning", "--seed", "5", "--rounds", "1", "--fast",
           "--screenshots", str(out / "shots")]
    if xvfb:
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", *cmd]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"frozen demo failed ({'xvfb' if xvfb else 'dummy'}): {proc.stderr[-2000:]}")
    shots = sorted((out / "shots").glob("*.png"))
    names = " ".join(p.name for p in shots)
    for moment in ("title", "dice", "deal", "settlement"):
        if moment not in names:
            raise SystemExit(f"frozen demo wrote no {moment} screenshot: {names}")
    return shots


def startup(exe: Path, runs: int = 5) -> list[float]:
    times = []
    for _ in range(runs):
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "LINGNAN_HOME": tempfile.mkdtemp(), "LINGNAN_STARTUP_T0": repr(time.time())}
        proc = subprocess.run([str(exe)], env=env, capture_output=True, text=True, timeout=120)
        line = next(x for x in proc.stdout.splitlines() if x.startswith("startup_s="))
        times.append(float(line.split("=")[1]))
    return times


def size_mb(dist: Path) -> float:
    return sum(p.stat().st_size for p in dist.rglob("*") if p.is_file()) / 1e6


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, default=ROOT / "dist" / "lingnan-mahjong")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    exe = executable(args.dist)
    if not exe.exists():
        raise SystemExit(f"no bundle at {exe}: run `pyinstaller build.spec` first")
    result = {"dummy_screenshots": len(run_demo(exe, xvfb=False))}
    if shutil.which("xvfb-run"):
        result["xvfb_screenshots"] = len(run_demo(exe, xvfb=True))
    times = startup(exe)
    result.update(bundle_mb=round(size_mb(args.dist), 1), startup_median_s=round(statistics.median(times), 3),
                  startup_runs_s=[round(t, 3) for t in times])
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
