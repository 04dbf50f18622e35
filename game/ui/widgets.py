"""Immediate-mode widgets: a scene draws them each frame and keeps the rects it hands back for clicks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.scene_base import Scene

GOLD = (255, 214, 110)
INK = (245, 240, 225)
MUTED = (160, 170, 160)
RED = (240, 110, 90)


@dataclass
class Hit:
    rect: pygame.Rect
    action: Callable[[], None]
    enabled: bool = True
    label: str | None = None  # the words on it (tests find a control by what the player reads)


class Clicks:
    """The clickable rects of the last frame, topmost last."""

    def __init__(self) -> None:
        self.hits: list[Hit] = []
        self.hover: tuple[int, int] = (-1, -1)

    def reset(self) -> None:
        self.hits = []

    def add(self, rect: pygame.Rect, action: Callable[[], None], enabled: bool = True,
            label: str | None = None) -> None:
        self.hits.append(Hit(rect, action, enabled, label))

    def find(self, label: str) -> Hit | None:
        """The control last drawn with these words."""
        return next((h for h in reversed(self.hits) if h.label == label), None)

    def click(self, pos: tuple[int, int]) -> bool:
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                if hit.enabled:
                    hit.action()
                return True
        return False

    def hovered(self, rect: pygame.Rect) -> bool:
        return rect.collidepoint(self.hover)


def ui_scale(surface: pygame.Surface) -> float:
    """How much larger than at 1280×720 a screen draws its text and controls: 0.75 at 960×540, 2 at 2560×1440."""
    w, h = surface.get_size()
    return min(w / 1280, h / 720)


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170, radius: int = 14,
          border: tuple | None = (200, 170, 90), *, app=None) -> None:
    """A dark box for others to sit in; with `app` it is recorded as a panel (what is drawn in it must fit it)."""
    if app is not None:
        app.drawn.add("panel", rect)
    surface.blit(_panel_picture(tuple(rect.size), alpha, radius, tuple(border) if border else None), rect)


@lru_cache(maxsize=48)
def _panel_picture(size: tuple[int, int], alpha: int, radius: int, border: tuple | None) -> pygame.Surface:
    """A panel's picture, made once per look and size: a screen-sized one drawn afresh each frame took a few ms at
    2560 px (the settlement, every frame it is open)."""
    bg = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (8, 20, 16, alpha), bg.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(bg, (*border, 220), bg.get_rect(), width=2, border_radius=radius)
    return bg


def button(app, surface: pygame.Surface, clicks: Clicks, rect: pygame.Rect, label: str,
           action: Callable[[], None], *, style: str = "primary", enabled: bool = True, size: int | None = None) -> None:
    size = size or max(16, rect.height // 2)
    color = INK if enabled else MUTED
    text = app.fonts.render(label, size, color, bold=True)
    img = app.art.button(rect.size, text, style if enabled else "secondary")
    if clicks.hovered(rect) and enabled:
        img = img.copy()
        img.fill((25, 25, 25, 0), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(img, rect)
    clicks.add(rect, action, enabled, label)
    app.drawn.add("text", text.get_rect(center=rect.center), label, size, text)


def chip_pad(size: int) -> tuple[int, int]:
    """The room a chip of `size` px text leaves around its words, across and down (it grows with the text, so a
    large window's chips are not cramped)."""
    return max(22, round(size * 1.4)), max(14, round(size * 0.9))


def chip(app, surface: pygame.Surface, clicks: Clicks, pos: tuple[int, int], label: str, on: bool,
         action: Callable[[], None], *, size: int = 16, enabled: bool = True) -> pygame.Rect:
    text = app.fonts.render(label, size, (30, 20, 10) if on else (INK if enabled else MUTED), bold=on)
    pad_w, pad_h = chip_pad(size)
    rect = pygame.Rect(pos[0], pos[1], text.get_width() + pad_w, size + pad_h)
    bg = pygame.Surface(rect.size, pygame.SRCALPHA)
    if on:
        pygame.draw.rect(bg, (*GOLD, 255), bg.get_rect(), border_radius=rect.height // 2)
    else:
        pygame.draw.rect(bg, (0, 0, 0, 110), bg.get_rect(), border_radius=rect.height // 2)
        pygame.draw.rect(bg, (200, 190, 160, 140 if clicks.hovered(rect) else 70), bg.get_rect(), width=1,
                         border_radius=rect.height // 2)
    surface.blit(bg, rect)
    show(app, surface, text, text.get_rect(center=rect.center), label, size)
    clicks.add(rect, action, enabled, label)
    return rect


def text(app, surface: pygame.Surface, pos: tuple[int, int], label: str, size: int = 18, color: tuple = INK,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    img = app.fonts.render(label, size, color, bold=bold)
    return show(app, surface, img, img.get_rect(**{anchor: pos}), label, size)


def show(app, surface: pygame.Surface, img: pygame.Surface, at: pygame.Rect | tuple[int, int], label: str,
         size: int) -> pygame.Rect:
    """Blit words already rendered (measured first, or narrowed) at `at` and record them as text of `size` px."""
    rect = img.get_rect(topleft=at) if isinstance(at, tuple) else pygame.Rect(at)
    surface.blit(img, rect)
    app.drawn.add("text", rect, label, size, img)
    return rect


class MenuScene(Scene):
    """A scene of clickable widgets: hover and left click, Escape to go back, Enter (or Space) for its main action."""

    def __init__(self, app):
        super().__init__(app)
        self.clicks = Clicks()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.clicks.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.clicks.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.on_enter()

    def on_escape(self) -> None:
        self.app.pop()

    def idle_fps(self) -> int | None:
        return 5  # a menu changes with input (then the full rate) and the odd message: five frames keep it current

    def backdrop(self, surface: pygame.Surface, box: tuple[float, float, float, float]) -> pygame.Rect:
        """The title art behind a panel at `box` (fractions of the window: x, y, width, height); clears the
        clicks of the last frame and returns the panel's rect."""
        w, h = surface.get_size()
        surface.blit(self.app.art.title_background((w, h)), (0, 0))
        self.clicks.reset()
        rect = pygame.Rect(round(w * box[0]), round(h * box[1]), round(w * box[2]), round(h * box[3]))
        panel(surface, rect, alpha=215, app=self.app)
        return rect

    def on_enter(self) -> None:
        pass
