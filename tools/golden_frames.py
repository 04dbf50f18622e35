"""Golden frames: prove that a refactor of the UI draws exactly what it drew before.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/golden_frames.py record FILE
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/golden_frames.py check FILE [--diff DIR]

Plays autoplay games (every rule set, three seeds, one round each, at 1280×720 and 960×540) frame by frame with
a fixed dt, from the title through the deal, play, settlement and final standings, and hashes every Nth frame's
pixels. `record` writes the hashes; `check` plays the same games and reports every case whose frames differ,
saving the first differing frame of each (and the recorded one's neighbours' numbers) under `--diff`.

The UI tests can record and check their frames the same way (tests/ui/conftest.py): `GOLDEN_FRAMES=record:DIR`
or `GOLDEN_FRAMES=check:DIR` in the environment of a pytest run of tests/ui (the hot-seat tests are
deterministic; the LAN tests' frames depend on thread timing and are not compared).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VARIANTS = ("nanning", "beihai", "guiliu", "guangdong", "hainan")
SEEDS = (1, 2, 3)
SIZES = ((1280, 720), (960, 540))
EVERY = 4  # hash every 4th frame: enough to see any change that lasts a few frames, cheap enough to run often
DT = 1 / 30
FRAME_LIMIT = 40_000


def frame_hash(surface) -> str:
    import pygame

    return hashlib.blake2b(pygame.image.tobytes(surface, "RGB"), digest_size=12).hexdigest()


def play_case(variant: str, seed: int, size: tuple[int, int], on_frame) -> int:
    """One autoplay game of one round; `on_frame(index, surface)` after every drawn frame. Returns the frames."""
    import pygame

    from game.settings import Settings
    from game.ui.app import App, Autoplay
    from game.ui.scenes.title import TitleScene

    pygame.init()
    try:
        app = App(Settings(window_size=size, language="zh_CN"), autoplay=Autoplay(variant, seed, 1, None),
                  save=False)
        app.push(TitleScene(app))
        n = 0
        while app.running and n < FRAME_LIMIT:
            app.step(DT)  # no warm-up work: a frame's pixels must not depend on the machine's speed
            on_frame(n, app.screen)
            n += 1
        return n
    finally:
        pygame.quit()


def cases():
    for variant in VARIANTS:
        for seed in SEEDS:
            for w, h in SIZES:
                yield f"{variant}-s{seed}-{w}x{h}", variant, seed, (w, h)


def record(path: Path) -> int:
    out: dict[str, list[str]] = {}
    for name, variant, seed, size in cases():
        hashes: list[str] = []
        frames = play_case(variant, seed, size,
                           lambda i, s: hashes.append(frame_hash(s)) if i % EVERY == 0 else None)
        out[name] = hashes
        print(f"{name}: {frames} frames, {len(hashes)} hashed", flush=True)
    path.write_text(json.dumps(out, indent=0) + "\n")
    return 0


def check(path: Path, diff: Path | None) -> int:
    import pygame

    golden = json.loads(path.read_text())
    bad = 0
    for name, variant, seed, size in cases():
        want = golden.get(name)
        if want is None:
            print(f"{name}: not recorded")
            bad += 1
            continue
        got: list[str] = []
        first: list[int] = []

        def on_frame(i, surface):
            if i % EVERY:
                return
            k = len(got)
            got.append(frame_hash(surface))
            if not first and (k >= len(want) or got[k] != want[k]):
                first.append(i)
                if diff is not None:
                    diff.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(surface, str(diff / f"{name}-frame{i}.png"))

        frames = play_case(variant, seed, size, on_frame)
        if got == want:
            print(f"{name}: {frames} frames, all {len(got)} hashed frames match", flush=True)
        else:
            bad += 1
            print(f"{name}: DIFFERS from frame {first[0] if first else len(got) * EVERY} "
                  f"({len(got)} hashed frames, {len(want)} recorded)", flush=True)
    print("all cases match" if not bad else f"{bad} case(s) differ")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "check"))
    ap.add_argument("file", type=Path)
    ap.add_argument("--diff", type=Path, help="check: save the first differing frame of each case here")
    ap.add_argument("--only", help="only the cases whose name contains this text")
    args = ap.parse_args(argv)
    if args.only:
        global VARIANTS
        VARIANTS = tuple(v for v in VARIANTS if args.only.split("-")[0] in v)
    return record(args.file) if args.mode == "record" else check(args.file, args.diff)


if __name__ == "__main__":
    sys.exit(main())
