"""The autoplay demo in a real window under Xvfb and under the dummy driver (DESIGN.md §4)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_demo(tmp_path: Path, variant: str, *, xvfb: bool) -> list[Path]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["LINGNAN_HOME"] = str(tmp_path / "home")
    cmd = [sys.executable, "-m", "game", "--autoplay", "--variant", variant, "--seed", "11", "--rounds", "1",
           "--fast", "--screenshots", str(tmp_path / "shots")]
    if xvfb:
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", *cmd]
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return sorted((tmp_path / "shots").glob("*.png"))


def distinct_colours(path: Path) -> int:
    img = pygame.image.load(str(path))
    w, h = img.get_size()
    return len({tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)})


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (.ci/run installs it)")
def test_the_demo_runs_in_a_real_window_under_xvfb(tmp_path):
    shots = run_demo(tmp_path, "nanning", xvfb=True)
    names = [p.name for p in shots]
    assert any("title" in n for n in names) and any("settlement" in n for n in names)
    for shot in shots:
        assert distinct_colours(shot) > 50, f"{shot.name} looks blank"


@pytest.mark.parametrize("variant", ["nanning", "beihai"])
def test_the_demo_runs_under_the_dummy_driver_for_every_rule_set(tmp_path, variant):
    shots = run_demo(tmp_path, variant, xvfb=False)
    names = [p.name for p in shots]
    for moment in ("title", "dice", "deal", "settlement", "standings"):
        assert any(moment in n for n in names), (moment, names)
    assert distinct_colours(shots[-1]) > 50


def test_the_first_window_fits_the_desktop(monkeypatch):
    """Issue #27 item 7: on a 960×540 screen the window opened at 1280×720, at −160,−90, its buttons cut off."""
    import pygame

    from game.ui import app as app_module

    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(960, 540)])
    w, h = app_module.fit_to_desktop((1280, 720))
    assert w <= 960 and h <= 540 and abs(w / h - 16 / 9) < 0.02
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    assert app_module.fit_to_desktop((1280, 720)) == (1280, 720)  # room enough: as saved
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(640, 480)])
    assert app_module.fit_to_desktop((1280, 720)) == (1280, 720)  # headless: no desktop to fit
