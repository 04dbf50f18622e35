"""UI benchmarks: frame time over an autoplay round, idle CPU, and start-up to the title screen.

    SDL_VIDEODRIVER=dummy python benchmarks/bench_ui.py [--json] [--rounds 1] [--variant nanning]
                                                        [--size 2560x1440] [--idle-seconds 5]

Frame time is the wall time of one App.step (input, update, draw into the window surface) at `--size`; start-up
is measured in a fresh process from interpreter start to the first drawn title frame. Idle CPU runs the app's own
frame loop (App.frame_rate, App.step) for `--idle-seconds` with nobody touching anything, on the title screen and
at a table waiting for its human player, and reports this process's CPU time over the wall time, in percent of
one core.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def frame_times(variant: str, rounds: int, seed: int, size: tuple[int, int] = (1280, 720)) -> list[float]:
    import pygame

    from game.settings import Settings
    from game.ui.app import App, Autoplay
    from game.ui.scenes.title import TitleScene

    pygame.init()
    app = App(Settings(window_size=size), autoplay=Autoplay(variant, seed, rounds, None), save=False)
    app.push(TitleScene(app))
    times = []
    dt = 1 / 60
    for _ in range(200_000):
        if not app.running:
            break
        start = time.perf_counter()
        app.step(dt, warm=True)  # as the game's own loop (App.run) steps
        times.append(time.perf_counter() - start)
    pygame.quit()
    return times[30:]  # the first frames build caches (fonts, felt): start-up, measured separately


def idle_cpu(seconds: float, size: tuple[int, int]) -> dict[str, float]:
    """Percent of one core the frame loop takes while nothing moves: the title, a table waiting for its player."""
    import pygame

    from game.host import Host, SeatConfig
    from game.settings import Settings
    from game.ui.app import IDLE_AFTER, App
    from game.ui.table.scene import TableScene
    from game.ui.scenes.title import TitleScene

    pygame.init()
    app = App(Settings(window_size=size), save=False)
    app.push(TitleScene(app))
    out = {}

    def measure() -> float:
        app.since_input = IDLE_AFTER + 1  # nobody at the controls
        app.clock.tick()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < seconds:
            dt = app.clock.tick(app.frame_rate()) / 1000.0
            app.step(min(dt, 0.1))
        return round(100 * (time.process_time() - cpu0) / (time.perf_counter() - wall0), 1)

    app.step(1 / 60)
    out["title_cpu_percent"] = measure()
    seats = [SeatConfig("Me", human=True)] + [SeatConfig(f"AI {i}", level="easy") for i in range(1, 4)]
    table = Host("nanning", {}, seats, seed=3, rounds=1)
    scene = TableScene(app, table, autosave=False)
    app.replace(scene)
    for _ in range(20000):  # until the human must act and the screen has caught up
        app.step(1 / 30)
        if scene.my_actions() and scene.idle_fps() is not None:
            break
    out["table_waiting_cpu_percent"] = measure()
    pygame.quit()
    return out


STARTUP_PROBE = """
import time, sys
t0 = float(sys.argv[1])
import pygame
from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.title import TitleScene
pygame.init()
app = App(Settings(window_size=(1280, 720)), save=False)
app.push(TitleScene(app))
app.step(1 / 60)
print(time.time() - t0)
"""


def startup_seconds(repeats: int = 5) -> list[float]:
    out = []
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    for _ in range(repeats):
        proc = subprocess.run([sys.executable, "-c", STARTUP_PROBE, repr(time.time())], capture_output=True,
                              text=True, env=env, cwd=ROOT, timeout=120)
        out.append(float(proc.stdout.strip().splitlines()[-1]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--variant", default="nanning")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--size", default="1280x720", help="window size for the frame times, WxH")
    ap.add_argument("--idle-seconds", type=float, default=5.0)
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    times = sorted(frame_times(args.variant, args.rounds, args.seed, size))
    idle = idle_cpu(args.idle_seconds, (1280, 720))
    ms = [t * 1000 for t in times]
    startup = startup_seconds()
    result = {
        "frames": len(ms),
        "frame_median_ms": round(statistics.median(ms), 2),
        "frame_p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "frame_max_ms": round(ms[-1], 2),
        "startup_median_s": round(statistics.median(startup), 3),
        "startup_runs_s": [round(s, 3) for s in startup],
        "video_driver": os.environ["SDL_VIDEODRIVER"],
        "size": f"{size[0]}x{size[1]}",
        **idle,
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k:>18}: {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
