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


# ------------------------------------------------------------------------------------------------ import circles
# No circle at all: not the two that were (host ↔ saves, audio/packs ↔ audio/recorder), nor the one through the
# screens that went last (issue 25): the scenes open one another through the app's registry (`app.make`,
# game/ui/scene_registry.py), so only the registry imports the scenes, and the widgets and scenes build on
# game/ui/scene_base.py, not on the app.


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree: ast.AST, package: str, modules: set[str]) -> set[str]:
    """Every module of `modules` an import names, inside functions too, but not under `if TYPE_CHECKING:` (type
    hints only: nothing is imported when the program runs). Relative imports are made absolute; `from game import
    saves` names game.saves, `from game.host import Host` game.host."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package.split(".")
                pkg = pkg[:len(pkg) - node.level + 1]
                base = ".".join(pkg + ([node.module] if node.module else []))
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found & modules


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same tree it imports when it runs."""
    paths = {_module_name(root, p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = _runtime_imports(ast.parse(path.read_text(encoding="utf-8")), package, set(paths)) - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each set of modules that reach one another (strongly connected, more than one)."""
    order: list[str] = []
    seen: set[str] = set()

    def finish(v: str) -> None:  # depth first, iteratively (a long chain must not hit the recursion limit)
        stack = [(v, iter(sorted(graph[v])))]
        seen.add(v)
        while stack:
            node, it = stack[-1]
            nxt = next((w for w in it if w not in seen), None)
            if nxt is None:
                stack.pop()
                order.append(node)
            else:
                seen.add(nxt)
                stack.append((nxt, iter(sorted(graph[nxt]))))

    for v in sorted(graph):
        if v not in seen:
            finish(v)
    reverse: dict[str, set[str]] = {v: set() for v in graph}
    for v, targets in graph.items():
        for w in targets:
            reverse[w].add(v)
    found, placed = [], set()
    for v in reversed(order):
        if v in placed:
            continue
        group, todo = set(), [v]
        while todo:
            u = todo.pop()
            if u not in placed:
                placed.add(u)
                group.add(u)
                todo.extend(reverse[u] - placed)
        if len(group) > 1:
            found.append(sorted(group))
    return found


def test_no_import_circle():
    assert circles(import_graph(GAME)) == [], "modules that import one another (a lazy import counts too)"


def test_scenes_open_one_another_through_the_app_s_registry():
    # a scene that imported the app, or a scene module that the widgets imported, would close the circle again
    graph = import_graph(GAME)
    ui = [m for m in graph if m.startswith("game.ui.")]
    assert [m for m in ui if "game.ui.app" in graph[m]] == []
    assert [m for m in graph["game.ui.widgets"] if m.startswith(("game.ui.scenes", "game.ui.table"))] == []
    scenes = [m for m in ui if m.startswith(("game.ui.scenes.", "game.ui.table."))]
    assert [m for m in ui if "game.ui.scene_registry" in graph[m]] == ["game.ui.app"]
    assert set(scenes) & graph["game.ui.scene_registry"], "the registry makes the scenes"


def test_the_host_knows_nothing_of_the_saves():
    # the autosave listens to the host (game.saves.Autosaver); the host never imports it, not even lazily
    assert "game.saves" not in import_graph(GAME)["game.host"]


def test_the_circle_check_sees_a_lazy_circle_and_not_a_type_hint(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")  # lazy and relative: still a circle
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nfrom pkg import a\nif TYPE_CHECKING:\n"
                              "    from pkg import d\n")
    (pkg / "d.py").write_text("import pkg.c\n")  # c -> d only for type hints: no circle
    assert circles(import_graph(pkg)) == [["pkg.a", "pkg.b"]]
