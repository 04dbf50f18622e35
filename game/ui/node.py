"""A small scene graph: nodes with position, size, z-order, children, hit-testing and dt-driven tweens."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def linear(t: float) -> float:
    return t


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    """Moves one numeric attribute of a target from its value at start to `to` over `duration` seconds."""

    def __init__(self, target: Any, attr: str, to: float, duration: float, ease: Callable[[float], float] = ease_out,
                 delay: float = 0.0, on_done: Callable[[], None] | None = None):
        self.target, self.attr, self.to = target, attr, to
        self.duration = max(duration, 1e-6)
        self.ease, self.delay, self.on_done = ease, delay, on_done
        self.elapsed = 0.0
        self.start: float | None = None
        self.done = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
        if self.start is None:
            self.start = getattr(self.target, self.attr)
        self.elapsed += dt
        t = min(1.0, self.elapsed / self.duration)
        setattr(self.target, self.attr, self.start + (self.to - self.start) * self.ease(t))
        if t >= 1.0:
            self.done = True
            if self.on_done is not None:
                self.on_done()


class Node:
    def __init__(self, x: float = 0, y: float = 0, w: float = 0, h: float = 0, *, z: int = 0):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.z = z
        self.visible = True
        self.alpha = 255.0
        self.children: list[Node] = []
        self.parent: Node | None = None
        self.tweens: list[Tween] = []
        self.on_click: Callable[[], None] | None = None
        self.hovered = False
        self.enabled = True

    # ---- tree
    def add(self, child: "Node") -> "Node":
        child.parent = self
        self.children.append(child)
        return child

    def remove(self, child: "Node") -> None:
        if child in self.children:
            self.children.remove(child)
            child.parent = None

    def clear(self) -> None:
        for c in self.children:
            c.parent = None
        self.children = []

    def abs_pos(self) -> tuple[float, float]:
        x, y = self.x, self.y
        p = self.parent
        while p is not None:
            x, y = x + p.x, y + p.y
            p = p.parent
        return x, y

    def rect(self) -> pygame.Rect:
        ax, ay = self.abs_pos()
        return pygame.Rect(round(ax), round(ay), round(self.w), round(self.h))

    # ---- animation
    def tween(self, attr: str, to: float, duration: float, **kw: Any) -> Tween:
        tw = Tween(self, attr, to, duration, **kw)
        self.tweens.append(tw)
        return tw

    def animating(self) -> bool:
        return bool(self.tweens) or any(c.animating() for c in self.children)

    def update(self, dt: float) -> None:
        if self.tweens:
            for tw in list(self.tweens):
                tw.update(dt)
            self.tweens = [t for t in self.tweens if not t.done]
        for c in list(self.children):
            c.update(dt)

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.alpha <= 0:
            return
        self.draw_self(surface)
        for c in sorted(self.children, key=lambda n: n.z):
            c.draw(surface)

    def draw_self(self, surface: pygame.Surface) -> None:
        pass

    # ---- input
    def hit(self, pos: tuple[int, int]) -> "Node | None":
        """The topmost clickable node under `pos`."""
        if not self.visible:
            return None
        for c in sorted(self.children, key=lambda n: n.z, reverse=True):
            found = c.hit(pos)
            if found is not None:
                return found
        if self.on_click is not None and self.enabled and self.rect().collidepoint(pos):
            return self
        return None

    def set_hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.rect().collidepoint(pos)
        for c in self.children:
            c.set_hover(pos)


class ImageNode(Node):
    def __init__(self, surface: pygame.Surface, x: float = 0, y: float = 0, *, z: int = 0, center: bool = False):
        w, h = surface.get_size()
        if center:
            x, y = x - w / 2, y - h / 2
        super().__init__(x, y, w, h, z=z)
        self.surface = surface
        self.scale = 1.0

    def draw_self(self, surface: pygame.Surface) -> None:
        img = self.surface
        ax, ay = self.abs_pos()
        if self.scale != 1.0:
            w, h = img.get_size()
            sw, sh = max(1, round(w * self.scale)), max(1, round(h * self.scale))
            img = pygame.transform.smoothscale(img, (sw, sh))
            ax, ay = ax + (w - sw) / 2, ay + (h - sh) / 2
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(max(0, round(self.alpha)))
        surface.blit(img, (round(ax), round(ay)))


class RectNode(Node):
    def __init__(self, x: float, y: float, w: float, h: float, color: tuple, *, radius: int = 0, z: int = 0,
                 border: tuple | None = None):
        super().__init__(x, y, w, h, z=z)
        self.color, self.radius, self.border = color, radius, border

    def draw_self(self, surface: pygame.Surface) -> None:
        r = self.rect()
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        color = (*self.color[:3], round((self.color[3] if len(self.color) > 3 else 255) * self.alpha / 255))
        pygame.draw.rect(layer, color, layer.get_rect(), border_radius=self.radius)
        if self.border is not None:
            pygame.draw.rect(layer, self.border, layer.get_rect(), width=2, border_radius=self.radius)
        surface.blit(layer, r.topleft)


def pulse(t: float, speed: float = 2.0) -> float:
    """0..1..0 over time, for glows."""
    return 0.5 - 0.5 * math.cos(t * speed * math.pi)
