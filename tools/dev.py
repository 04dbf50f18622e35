"""One command to set up and run: `python3 tools/dev.py play` or `python3 tools/dev.py test [pytest args]`.

Creates `.venv` beside the project on first use, installs the project with the extras the command needs, compiles
the translation catalogues, then runs it. Standard library only, so it works from a fresh clone on Windows, macOS
and Linux. `python3 tools/dev.py env` sets up the full developer environment (packaging, voice tools) and stops;
`python3 tools/dev.py bundle` builds the standalone game with PyInstaller, packs it into
dist/lingnan-mahjong-<version>-<platform>-<arch>.tar.gz (.zip on Windows) and smoke-tests both.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# LINGNAN_VENV: another environment beside the usual one (CI runs the suite on a second Python this way)
VENV = Path(os.environ.get("LINGNAN_VENV") or ROOT / ".venv")
LOCK = ROOT / "requirements" / "bundle.lock"  # the exact versions the standalone build is made from


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_env(extra: str, locked: bool = False) -> Path:
    """The environment with the project and `extra` installed; `locked`: at the lock file's exact versions."""
    py = venv_python()
    if not py.exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extra or 'base'}{'-locked' if locked else ''}"
    newest = max(f.stat().st_mtime for f in (ROOT / "pyproject.toml", *([LOCK] if locked else [])))
    if not stamp.exists() or stamp.stat().st_mtime < newest:
        target = f".[{extra}]" if extra else "."
        first = not any(VENV.glob(".installed-*"))
        # pip's own progress (a bar on a terminal, one line per package otherwise): the first set-up downloads
        # about 130 MB and would look hung if quiet
        print(f"installing the game's dependencies ({target})"
              + (" — the first time downloads about 130 MB, this takes a few minutes" if first else "") + " ...",
              flush=True)
        subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "on",
                        "-e", target, *(["-c", str(LOCK)] if locked else [])], cwd=ROOT, check=True)
        stamp.touch()
        print("dependencies installed.", flush=True)
    return py


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test", "env", "bundle"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        py = ensure_env("build")
        compile_catalogues(py)
        return subprocess.call([str(py), "-m", "game", *rest], cwd=ROOT)
    if command == "env":
        py = ensure_env("dev")
        compile_catalogues(py)
        return 0
    if command == "bundle":  # build the standalone game, pack it and smoke-test both (CI runs this after the tests)
        py = ensure_env("dev", locked=True)
        code = subprocess.call([str(py), "-m", "PyInstaller", "build.spec", "--noconfirm", "--log-level", "WARN"],
                               cwd=ROOT)
        # dist/lingnan-mahjong-<version>-<platform>-<arch>.tar.gz (.zip on Windows), what CI uploads
        code = code or subprocess.call([str(py), "tools/prepare_bundle.py", "--archive"], cwd=ROOT)
        return code or subprocess.call([str(py), "tools/smoke_bundle.py", *rest], cwd=ROOT)
    py = ensure_env("test")
    compile_catalogues(py)
    return subprocess.call([str(py), "-m", "pytest", *rest], cwd=ROOT)


def compile_catalogues(py: Path) -> None:
    """The .mo files are built, not committed: compile them from locales/*.po before every run."""
    script = ROOT / "tools" / "i18n.py"
    if script.exists():
        subprocess.run([str(py), str(script), "compile"], cwd=ROOT, check=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
