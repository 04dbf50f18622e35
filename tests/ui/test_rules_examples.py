"""Rules help draws every hand type's example hand with the game's tiles, at every window size from 960×540 to
2560×1440: scrolled through from top to bottom, each example is drawn whole inside the visible part of the panel at
some point, and no tile lies on any text or on another example's tiles.

What was drawn where comes from the frame itself: the scene's `examples` (each tile's rectangle, for the examples
lying whole in its view) and the text the frame recorded in `app.drawn`. RULES_SHOTS=DIR saves every frame there."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine.examples import parse_example
from game.ui.scenes.rules import RulesScene
from game.variants import AVAILABLE, get_variant

SIZES = ((960, 540), (1280, 720), (1920, 1080), (2560, 1440))
SHOTS = os.environ.get("RULES_SHOTS")


def ink(box) -> pygame.Rect | None:
    """Where a text's letters are (its line box is taller); None for blank text."""
    r = box.image.get_bounding_rect() if box.image is not None else None
    if r is None or r.width == 0:
        return None if r is not None else box.rect
    if box.rect.size != box.image.get_size():  # drawn narrowed
        kx = box.rect.width / box.image.get_width()
        r = pygame.Rect(round(r.x * kx), r.y, max(1, round(r.width * kx)), r.height)
    return r.move(box.rect.topleft)


def frame_problems(app, scene) -> list[str]:
    """What is wrong with the frame just drawn: tiles outside the view, on text or on other tiles; text outside the
    window or on other text."""
    out = []
    window = app.screen.get_rect()
    texts = [(b.label, r) for b in app.drawn.boxes if b.scene is scene and b.kind == "text"
             for r in [ink(b)] if r is not None]
    tiles = [(hand, r) for hand, rects in scene.examples.items() for r in rects]
    for hand, r in tiles:
        if not scene.view.contains(r):
            out.append(f"{hand}: tile {tuple(r)} outside the view {tuple(scene.view)}")
        for label, t in texts:
            if r.colliderect(t):
                out.append(f"{hand}: tile {tuple(r)} on the text {label!r} {tuple(t)}")
    for i, (hand, r) in enumerate(tiles):
        for other, q in tiles[i + 1:]:
            if r.colliderect(q):
                out.append(f"tiles overlap: {hand} {tuple(r)} / {other} {tuple(q)}")
    for i, (label, r) in enumerate(texts):
        if not window.contains(r):
            out.append(f"text {label!r} {tuple(r)} outside the window")
        for other, q in texts[i + 1:]:
            if r.colliderect(q):
                out.append(f"texts overlap: {label!r} {tuple(r)} / {other!r} {tuple(q)}")
    return out


def page_down(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    app.step(1 / 30)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ("zh_CN", "en"))
def test_every_example_is_drawn_whole_and_apart(app, size, lang):
    app.set_language(lang)
    app.screen = pygame.display.set_mode(size)
    problems, missing = [], []
    for vid in AVAILABLE:
        scene = RulesScene(app, vid)
        app.push(scene)
        app.step(1 / 30)
        seen: set[str] = set()
        for frame in range(40):
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                pygame.image.save(app.screen, str(Path(SHOTS) / f"{vid}-{lang}-{size[0]}x{size[1]}-{frame}.png"))
            problems += [f"{vid} at scroll {scene.scroll}: {p}" for p in frame_problems(app, scene)]
            seen |= set(scene.examples)
            if scene.scroll >= scene.page_h - scene.view.height:
                break
            before = scene.scroll
            page_down(app)
            assert scene.scroll > before  # Page Down scrolls until the page's end is in view
        v = get_variant(vid)
        missing += [f"{vid}.{t.id}" for t in (*v.small_hands, *v.hand_types) if t.id not in seen]
        app.pop()
    assert not problems, "\n".join(problems[:30])
    assert not missing, f"never drawn whole at {size}: {missing}"


def test_each_example_shows_its_tiles(app):
    """The example's tiles, the winning tile and melds included, are what the frame draws for it."""
    scene = RulesScene(app, "guangdong")
    app.push(scene)
    app.step(1 / 30)
    shown = next(iter(scene.examples))
    v = get_variant("guangdong")
    ex = parse_example(next(t for t in (*v.small_hands, *v.hand_types) if t.id == shown).example)
    assert len(scene.examples[shown]) == len(ex.concealed) + 1 + sum(len(m) for _, m in ex.melds) + len(ex.flowers)


def test_the_wheel_scrolls_and_the_page_stops_at_its_ends(app):
    scene = RulesScene(app, "hainan")
    app.push(scene)
    app.step(1 / 30)
    assert scene.page_h > scene.view.height  # Hainan's twenty hand types do not fit one 1280×720 screen
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0, touch=False, which=0))
    app.step(1 / 30)
    assert scene.scroll > 0
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0,
                                             precise_y=-5.0, touch=False, which=0))
    app.step(1 / 30)
    assert scene.scroll == scene.page_h - scene.view.height
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    app.step(1 / 30)
    assert scene.scroll == 0


def test_an_option_asked_about_is_scrolled_into_view(app):
    scene = RulesScene(app, "hainan", focus="mo_gang_double")  # the last option, below every hand type
    app.push(scene)
    app.step(1 / 30)
    assert scene.scroll > 0
    label = app.t("摸杠翻倍")
    box = next(b for b in app.drawn.boxes if b.scene is scene and b.kind == "text" and b.label == label)
    assert scene.view.contains(box.rect)


def test_choosing_another_rule_set_starts_at_the_top(app):
    scene = RulesScene(app, "hainan")
    app.push(scene)
    app.step(1 / 30)
    scene.scroll_by(300)
    app.step(1 / 30)
    scene.clicks.find(app.t(get_variant("nanning").name)).action()
    app.step(1 / 30)
    assert scene.variant_id == "nanning" and scene.scroll == 0
    nanning = get_variant("nanning")
    assert set(scene.examples) <= {t.id for t in (*nanning.small_hands, *nanning.hand_types)}
