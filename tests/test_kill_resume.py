"""tools/kill_resume.py still does what docs/benchmarks.md reports: kills a real autosaving game and resumes it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_two_kills_of_one_game_resume_to_the_same_totals(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "kill_resume.py"), "--trials", "2", "--variants",
                           "nanning", "--rounds", "1", "--per-seed", "2", "--workers", "1", "--tmp", str(tmp_path),
                           "--json"], capture_output=True, text=True, timeout=240, cwd=ROOT,
                          env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(proc.stdout[proc.stdout.index("{"):])
    summary = report["summary"]
    assert summary["trials"] == 2 and summary["mismatched"] == 0 and summary["resume_failures"] == 0
    assert summary["matched"] + summary["not_killed"] == 2
