"""The new-game screen by keyboard (#27 item 1): Tab and the arrows move a visible ring through the options, the
focused option's help shows as a hovered one's does, Enter or Space changes it; and two humans of one name cannot
start a hot-seat table (#26 item 7). Keys and clicks are posted as pygame events to the real app."""

from __future__ import annotations

from dataclasses import fields

import pygame
import pytest

from game.ui.scenes.newgame import NewGameScene
from game.ui.widgets import GOLD

DT = 1 / 30


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(DT)


def screen(app, size=(960, 540), variant="nanning", mode="ai") -> NewGameScene:
    app.screen = pygame.display.set_mode(size)
    app.settings.window_size = size
    scene = NewGameScene(app, mode)
    scene.choose_variant(variant)
    app.push(scene)
    app.step(DT)
    return scene


def field(scene, name):
    return next(f for f in fields(scene.variant.Options) if f.name == name)


def drawn_texts(app, scene) -> list[str]:
    return [b.label for b in app.drawn.boxes if b.scene is scene and b.kind == "text"]


def help_line(app, scene, name) -> str:
    f = field(scene, name)
    colon = "：" if app.settings.language.startswith("zh") else ": "
    return app.t(f.metadata["label"]) + colon + app.t(f.metadata["help"])


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_tab_and_arrows_move_a_visible_focus_and_enter_changes_the_option(app, lang):
    app.set_language(lang)
    scene = screen(app)
    assert scene.focus is None
    key(app, pygame.K_TAB)
    first = scene.option_order[0]
    assert scene.focus == first
    app.step(DT)
    assert help_line(app, scene, first) in drawn_texts(app, scene)  # its help, as hovering it gives
    ring = scene.option_rects[first].move(0, -scene.scroll).inflate(scene.px(8), scene.px(6))
    assert tuple(app.screen.get_at((ring.centerx, ring.top)))[:3] == GOLD  # the ring is drawn round it
    key(app, pygame.K_DOWN)
    assert scene.focus == scene.option_order[1]
    key(app, pygame.K_UP)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back, round to the last option
    assert scene.focus == scene.option_order[-1]
    key(app, pygame.K_TAB)
    assert scene.focus == first
    # Enter changes it to its next value, and the game does not start
    f = field(scene, first)
    before = scene.options.get(first, f.default)
    key(app, pygame.K_RETURN)
    after = scene.options.get(first, f.default)
    assert after != before and app.scene is scene
    key(app, pygame.K_SPACE)
    values = [v for v, _ in scene._option_values(f)]
    if len(values) == 2:
        assert scene.options[first] == before  # a two-valued option back where it was
    # → goes to the other column, to the option beside it
    key(app, pygame.K_RIGHT)
    assert scene.focus != first and scene.option_rects[scene.focus].x > scene.option_rects[first].x
    key(app, pygame.K_LEFT)
    assert scene.option_rects[scene.focus].x == scene.option_rects[first].x
    # Esc takes the focus away (the screen stays); then Esc goes back as before
    key(app, pygame.K_ESCAPE)
    assert scene.focus is None and app.scene is scene
    assert help_line(app, scene, first) not in drawn_texts(app, scene)


def test_every_option_is_reached_and_a_number_steps_both_ways(app):
    scene = screen(app, variant="hainan")
    seen = []
    for _ in range(len(scene.option_order)):
        key(app, pygame.K_TAB)
        seen.append(scene.focus)
        app.step(DT)
        label = app.t(field(scene, scene.focus).metadata["label"])
        assert label in drawn_texts(app, scene), label  # scrolled into view if it must be
    assert seen == scene.option_order and len(set(seen)) == len(seen)
    numbers = [n for n in scene.option_order if not scene._option_values(field(scene, n))]
    if numbers:
        while scene.focus != numbers[0]:
            key(app, pygame.K_TAB)
        value = scene.options.get(numbers[0], field(scene, numbers[0]).default)
        key(app, pygame.K_EQUALS)
        assert scene.options[numbers[0]] == value + 1
        key(app, pygame.K_MINUS)
        assert scene.options[numbers[0]] == value


def start_button(scene):
    return next(h for h in scene.clicks.hits if h.label == scene.app.t("Start"))


def type_name(app, scene, seat: int, name: str) -> None:
    scene.edit_name(seat)
    scene.names[seat] = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
    app.step(DT)
    key(app, pygame.K_RETURN)


def test_two_hot_seat_players_of_one_name_cannot_start(app):
    from game.ui.table.scene import TableScene

    scene = screen(app, mode="hotseat")
    scene.humans[:2] = [True, True]
    app.step(DT)
    type_name(app, scene, 0, "Alice")
    type_name(app, scene, 1, "alice ")  # the same name, whatever its case and spaces
    app.step(DT)
    assert scene.error() and "alice" in scene.error().lower()
    assert not start_button(scene).enabled
    assert any("Alice" in t and t.startswith("⚠") for t in drawn_texts(app, scene))  # said where Start is
    scene.start()
    assert app.scene is scene  # refused
    type_name(app, scene, 1, "Bob")
    app.step(DT)
    assert scene.error() is None and start_button(scene).enabled
    scene.start()
    assert isinstance(app.scene, TableScene)
    assert [s.name for s in app.scene.table.seats][:2] == ["Alice", "Bob"]


def test_a_typed_name_may_not_be_another_seats_either(app):
    scene = screen(app, mode="hotseat")
    scene.humans[:3] = [True, True, False]
    type_name(app, scene, 0, app.t("Player {n}").format(n=2))  # seat 2 keeps its usual name
    assert scene.error() is not None
    type_name(app, scene, 0, "")  # back to the usual names: all different
    assert scene.error() is None
