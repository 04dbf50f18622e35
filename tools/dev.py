"""One command to set up and run: `python3 tools/dev.py play` or `python3 tools/dev.py test [pytest args]`.

Creates `.venv` beside the project on first use, installs the project with the extras the command needs, then runs
it. Standard library only, so it works from a fresh clone on Windows, macOS and Linux.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_env(extra: str) -> Path:
    py = venv_python()
    if not py.exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extra or 'base'}"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        target = f".[{extra}]" if extra else "."
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
                       cwd=ROOT, check=True)
        stamp.touch()
    return py


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test", "env"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        py = ensure_env("")
        return subprocess.call([str(py), "-m", "game", *rest], cwd=ROOT)
    if command == "env":
        ensure_env("dev")
        return 0
    py = ensure_env("test")
    return subprocess.call([str(py), "-m", "pytest", *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
