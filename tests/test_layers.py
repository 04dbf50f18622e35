"""The layers stay apart: the engine imports no rule set, AI, UI, sockets or audio; audio never imports the UI;
nothing outside game/ui and game/audio imports pygame. Checked on the source (every import statement, including
those inside functions), so a lazy import cannot slip through."""

from __future__ import annotations

import ast
import dataclasses
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


# the voice-pack vocabulary: a pack's recordings are named by these tokens (and their Chinese names), whatever the
# rule set; it is the audio's own list of file names, not a table of any rule set's reasons or flips
PACK_VOCABULARY = ("audio/packs.py", "audio/readings.py")  # readings.py: what to say for each token


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_the_ui_and_audio_keep_no_table_of_a_rule_sets_score_reasons_or_flip_kinds():
    """Rule sets declare their score reasons and flip kinds (label, voice token); the UI and the audio read the
    declarations, so none of their ids, voice tokens or Chinese labels appears as a literal there."""
    from babel.messages.pofile import read_po

    from game.engine.events import EVENT_TYPES
    from game.engine.state import ACTION_TYPES
    from game.variants import AVAILABLE, get_variant

    declared = [d for vid in AVAILABLE for d in (*get_variant(vid).all_score_reasons(), *get_variant(vid).flip_kinds)]
    ids = {d.id for d in declared} | {d.voice_token for d in declared if d.voice_token} | {"xing"}  # 醒, to come
    ids -= set(EVENT_TYPES) | set(ACTION_TYPES)  # "win", "kong", "ghost", "escape" are also events and moves
    # and Beihai's option "follow_dealer" (跟庄有喜 on or off), which rules help glosses by its option key
    ids -= {f.name for vid in AVAILABLE for f in dataclasses.fields(get_variant(vid).Options)}
    labels = {"买马", "翻醒", "買馬"}
    for lang in ("zh_CN", "zh_TW"):
        with open(GAME.parent / "locales" / lang / "LC_MESSAGES" / "lingnan.po", "rb") as f:
            catalog = read_po(f, locale=lang)
        labels |= {catalog.get(d.label).string for d in declared if catalog.get(d.label) is not None}
    assert {"horse", "genzhuang", "kong_void"} <= ids and {"买马", "跟庄", "杠分"} <= labels
    found = []
    for package in ("ui", "audio"):
        for path in sorted((GAME / package).rglob("*.py")):
            rel = path.relative_to(GAME).as_posix()
            if rel in PACK_VOCABULARY:
                continue
            found += [f"game/{rel}: {s!r}" for s in sorted(_string_constants(path) & (ids | labels))]
    assert found == [], "read Variant.score_reason() / flip_kind() instead"
