"""The settlement screen under the dummy driver: the engine's settlement messages shown in the player's language,
seats by the players' names, labels from the rule set's declarations; in zh_CN, en and zh_TW."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pygame
import pytest

import game.i18n
from game.host import Host, SeatConfig
from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.settlement import SettlementScene
from game.ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parents[2]
DT = 1 / 30
NAMES = ("阿强", "Alice", "老李", "Bob")
# Beihai with 鬼牌算分 (seed 1: the AI's first round has a kong, a self-drawn win, its horses and wildcard points)
VARIANT, OPTIONS, SEED = "beihai", {"ghost_points": True}, 1


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The catalogues compiled from the .po files as they are now (the .mo beside them may be stale)."""
    pytest.importorskip("babel")
    spec = importlib.util.spec_from_file_location("lingnan_i18n_tool", ROOT / "tools" / "i18n.py")
    i18n = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(i18n)
    base = tmp_path_factory.mktemp("i18n") / "locales"
    shutil.copytree(i18n.LOCALES, base, ignore=shutil.ignore_patterns("*.mo"))
    i18n.compile_all(base)
    return base


@pytest.fixture
def settlement(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    pygame.init()
    app = App(Settings(animation_speed=3.0), save=False)
    table = Host(VARIANT, dict(OPTIONS), [SeatConfig(n) for n in NAMES], seed=SEED, rounds=6)
    app.push(TableScene(app, table))
    for _ in range(60000):
        if isinstance(app.scene, SettlementScene):
            if app.scene.ts.model.wins:
                break
            app.scene.next()  # a drawn round: on to one that is won
        app.step(DT)
    else:
        raise AssertionError("no round reached a settlement with a win")
    yield app, app.scene
    pygame.quit()


@pytest.mark.parametrize("lang, words", [
    ("zh_CN", ("胡牌", "买马", "牌型分", "自摸")),
    ("en", ("[Win]", "[Horses]", "Hand: base points", "wins by self-draw")),
    ("zh_TW", ("胡牌", "買馬", "牌型分", "自摸")),
])
def test_the_settlement_shows_the_engines_messages_in_the_players_language(settlement, lang, words):
    app, scene = settlement
    app.set_language(lang)
    for _ in range(3):
        app.step(DT)  # drawn in this language without error
    assert app.scene is scene
    lines = scene.settlement_lines()
    model = scene.ts.model
    assert len(lines) == len(model.scores) + len(model.flips) and model.scores and model.flips
    text = "\n".join(lines)
    for word in words:
        assert word in text, (lang, word, text)
    assert "{" not in text and "seat " not in text  # every field filled, every seat by its player's name
    winner = next(e["actor"] for e in model.wins)
    assert NAMES[winner] in text
    if lang != "en":
        assert "wins" not in text and "base" not in text  # nothing left in English
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)  # and at another size, wrapped to the panel
