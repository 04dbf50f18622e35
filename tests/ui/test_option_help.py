"""Each option's help (its rule set's data, translated) is shown where a player looks for it (issue #27 item 2):
on the new-game screen while the mouse points at the option's name or one of its choices, in a strip of its own
that covers no control and stays in the window; and in rules help, under the option's name. The screen has no
keyboard focus to follow (MenuScene: mouse, Enter, Escape), so hover is the way there."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.newgame import NewGameScene
from game.variants import AVAILABLE, get_variant
from tests.ui.test_layout import elements, problems

DT = 1 / 30


@pytest.fixture(scope="module")
def help_app(tmp_path_factory):
    import os

    old = os.environ.get("LINGNAN_HOME")
    os.environ["LINGNAN_HOME"] = str(tmp_path_factory.mktemp("home"))
    pygame.init()
    app = App(Settings(animation_speed=3.0), save=False)
    yield app
    pygame.quit()
    if old is None:
        os.environ.pop("LINGNAN_HOME", None)
    else:
        os.environ["LINGNAN_HOME"] = old


def _at(app: App, size: tuple[int, int], lang: str) -> None:
    app.screen = pygame.display.set_mode(size)
    app.settings.window_size = size
    if app.settings.language != lang:
        app.set_language(lang)
    while app.scenes:
        app.scenes.pop()


@pytest.mark.parametrize("size,lang", [((960, 540), "en"), ((1280, 720), "zh_CN"), ((960, 540), "zh_TW")])
@pytest.mark.parametrize("vid", AVAILABLE)
def test_pointing_at_an_option_shows_its_help_clear_of_every_control(help_app, vid, size, lang):
    app = help_app
    _at(app, size, lang)
    scene = NewGameScene(app)
    app.push(scene)
    scene.choose_variant(vid)
    app.step(DT)
    app.step(DT)
    idle = {b.label for b in app.drawn.boxes if b.kind == "text"}
    spots = {}
    for rect, f in scene.option_spots:  # one label or choice of each option on screen
        spots.setdefault(f.name, rect)
    assert spots, "no option drawn"
    for name, rect in spots.items():
        f = next(f for f in dataclasses.fields(get_variant(vid).Options) if f.name == name)
        words = app.t(f.metadata["help"])
        assert words not in " ".join(idle), f"{name}: its help shows without pointing at it"
        scene.clicks.hover = rect.center
        app.step(DT)
        shown = [b for b in app.drawn.boxes if b.kind == "text" and words in b.label]
        assert len(shown) == 1, f"{vid}.{name}: its help {words!r} is not shown on hover"
        assert app.screen.get_rect().contains(shown[0].rect), f"{vid}.{name}: the help leaves the window"
        assert shown[0].size >= 12, f"{vid}.{name}: the help is drawn at {shown[0].size} px"
        found = problems(elements(app, scene), size)
        assert not found, f"{vid}.{name} hovered at {size} in {lang}:\n" + "\n".join(found[:10])
    scene.clicks.hover = (-1, -1)


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
@pytest.mark.parametrize("vid", AVAILABLE)
def test_rules_help_explains_every_option(help_app, vid, lang):
    app = help_app
    _at(app, (1280, 720), lang)
    scene = app.make.rules(vid)
    app.push(scene)
    app.step(DT)
    _, pieces, _ = scene._page
    page = "".join(p.label for p in pieces if p.kind == "text").replace(" ", "")
    for f in dataclasses.fields(get_variant(vid).Options):
        words = app.t(f.metadata["help"]).replace(" ", "")
        assert words and words in page, f"rules help of {vid} does not explain {f.name}"
