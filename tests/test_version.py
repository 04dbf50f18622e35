"""`lingnan-mahjong --version` / `python -m game --version`: "lingnan-mahjong X.Y.Z", exit 0 (docs/game-cli.md)."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game.__main__ import main, version

ROOT = Path(__file__).resolve().parents[1]


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def test_version_is_the_packages():
    assert version() == pyproject_version()


def test_the_fallback_constant_is_the_packages_version():
    assert game.__version__ == pyproject_version()  # the frozen game, without package metadata, shows this


def test_without_package_metadata_the_constant_answers(monkeypatch):
    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert version() == game.__version__


def test_without_importlib_metadata_the_constant_answers(monkeypatch):
    # the bundle leaves out parts of the standard library importlib.metadata needs (email): no crash, the constant
    monkeypatch.setitem(sys.modules, "importlib.metadata", None)
    assert version() == game.__version__


def test_main_prints_the_version_and_exits_0(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out, err = capsys.readouterr()
    assert out == f"lingnan-mahjong {pyproject_version()}\n" and err == ""


def test_version_wins_over_other_options(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version", "--autoplay", "--rounds", "3"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"lingnan-mahjong {pyproject_version()}\n"


def test_python_m_game_version(tmp_path):
    env = {**os.environ, "LINGNAN_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # as a player runs it: pygame imported would print its banner
    proc = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"lingnan-mahjong {pyproject_version()}\n"
    assert not (tmp_path / "home").exists()  # no settings read or written, no window: it only answers


def test_the_installed_script_prints_the_version(tmp_path):
    bindir = Path(sys.executable).parent
    script = bindir / ("lingnan-mahjong.exe" if os.name == "nt" else "lingnan-mahjong")
    if not script.exists():
        pytest.skip("the lingnan-mahjong script is not installed beside this Python")
    proc = subprocess.run([str(script), "--version"], env={**os.environ, "LINGNAN_HOME": str(tmp_path)},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"lingnan-mahjong {pyproject_version()}"
