"""Headless pygame for every UI test: the dummy video and audio drivers are chosen before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="module")
def pg():
    """pygame initialised (no display mode set) for one test module."""
    pygame.init()
    yield pygame
    pygame.quit()


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The real app, in a throwaway user folder, animations at their fastest."""
    from game.settings import Settings
    from game.ui.app import App

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    a = App(Settings(animation_speed=3.0), save=False)
    yield a
    pygame.quit()


@pytest.fixture
def sized_app(request, tmp_path, monkeypatch):
    """The real app at a window size and in a language (indirect parameter: ((w, h), language))."""
    from game.settings import Settings
    from game.ui.app import App

    size, lang = request.param
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed=3.0, window_size=size), save=False)
    app.set_language(lang)
    yield app
    pygame.quit()


@pytest.fixture(autouse=True)
def golden_frames(request, monkeypatch):
    """GOLDEN_FRAMES=record:DIR or check:DIR (tools/golden_frames.py): hash every 4th frame each test draws, and
    record the hashes or fail the test where they differ from the recorded ones (a refactor that must not change
    a pixel). Off unless asked for."""
    spec = os.environ.get("GOLDEN_FRAMES")
    if not spec:
        yield
        return
    import hashlib
    import json
    import re
    from pathlib import Path

    from game.ui.app import App

    mode, _, folder = spec.partition(":")
    path = Path(folder) / (re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid) + ".json")
    hashes: list[str] = []
    frames = [0]
    original = App.draw

    def draw(self):
        original(self)
        if frames[0] % 4 == 0:
            hashes.append(hashlib.blake2b(pygame.image.tobytes(self.screen, "RGB"), digest_size=12).hexdigest())
        frames[0] += 1

    monkeypatch.setattr(App, "draw", draw)
    yield
    if mode == "record":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(hashes))
    elif path.exists():
        want = json.loads(path.read_text())
        first = next((i for i, (a, b) in enumerate(zip(want, hashes)) if a != b), None)
        assert want == hashes, (f"frames differ from the recorded ones: first at hashed frame {first} "
                                f"({len(hashes)} hashed, {len(want)} recorded)")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The catalogues compiled from the .po files as they are now (the .mo beside them may be stale)."""
    import shutil

    from tests.scripts import load_script

    pytest.importorskip("babel")
    i18n = load_script("tools/i18n.py")
    base = tmp_path_factory.mktemp("i18n") / "locales"
    shutil.copytree(i18n.LOCALES, base, ignore=shutil.ignore_patterns("*.mo"))
    i18n.compile_all(base)
    return base


@pytest.fixture
def lan_app(app, monkeypatch):
    """The app for LAN screens: no LAN announcements (discovery is not what those tests are about, and multicast
    may be off here); every LAN seat left at the end."""
    from game.net.remote_table import RemoteTable

    monkeypatch.setattr("game.net.server.NetHost._announce", lambda self: None)
    yield app
    for s in list(app.scenes):
        t = getattr(s, "table", None)
        if isinstance(t, RemoteTable):
            t.leave()
