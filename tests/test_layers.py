"""The layers stay apart: the engine imports no rule set, AI, UI, sockets or audio; audio never imports the UI;
nothing outside game/ui and game/audio imports pygame. Checked on the source (every import statement, including
those inside functions), so a lazy import cannot slip through."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def offenders(package: str, forbidden: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    found = []
    for path in sorted((GAME / package).rglob("*.py")):
        if path.name in skip:
            continue
        for mod in imported_modules(path):
            if any(mod == f or mod.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(GAME.parent)} imports {mod}")
    return found


def test_engine_imports_no_upper_layer():
    # __main__ is only the entry point of `python -m game.engine`; it hands over to game.headless
    bad = offenders("engine", ("game.ai", "game.variants", "game.ui", "game.audio", "game.headless", "game.table",
                               "game.host", "pygame", "socket", "asyncio"), skip=("__main__.py",))
    assert bad == []


def test_audio_does_not_import_the_ui():
    assert offenders("audio", ("game.ui",)) == []


def test_pygame_only_in_ui_and_audio():
    bad = []
    for package in [p.name for p in GAME.iterdir() if p.is_dir() and p.name not in ("ui", "audio", "__pycache__")]:
        bad += offenders(package, ("pygame",))
    for path in GAME.glob("*.py"):
        if path.name == "__main__.py":
            continue  # the entry point opens the app
        bad += [f"{path.name} imports pygame" for m in imported_modules(path) if m.split(".")[0] == "pygame"]
    assert bad == []


def test_the_check_sees_a_lazy_import(tmp_path):
    # the checker itself must find an import hidden inside a function
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from game.variants import get_variant\n    import pygame\n")
    assert {"game.variants", "pygame"} <= imported_modules(f)
