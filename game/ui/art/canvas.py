"""Drawing on a supersampled canvas: gradients, rounded plates, soft shadows, the reduction to final size, and the
`Pen` that draws a tile face's pictures in units of its content box. Shared by the tile and the table art."""

from __future__ import annotations

import pygame

from game.ui.fonts import BOLD, Fonts


def supersample(width: int) -> int:
    return 4 if width <= 48 else 3 if width <= 110 else 2


def mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def gradient(size: tuple[int, int], top, bottom, horizontal: bool = False) -> pygame.Surface:
    """An opaque (alpha 255) linear gradient on a per-pixel-alpha surface."""
    w, h = max(1, size[0]), max(1, size[1])
    n = min(48, w if horizontal else h)
    strip = pygame.Surface((n, 1) if horizontal else (1, n), pygame.SRCALPHA)
    for i in range(n):
        c = (*mix(top, bottom, i / max(1, n - 1)), 255)
        strip.set_at((i, 0) if horizontal else (0, i), c)
    if strip.get_size() == (w, h):
        return strip
    if n < 2 or min(w, h) < 2:
        return pygame.transform.scale(strip, (w, h))
    return pygame.transform.smoothscale(strip, (w, h))


def soft_shadow(size: tuple[int, int], rect, radius: int, alpha: int, blur: int) -> pygame.Surface:
    """A blurred dark rounded rectangle on a transparent surface of `size` (drawn at final resolution)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    pygame.draw.rect(surf, (0, 0, 0, alpha), pygame.Rect(rect), border_radius=max(0, radius))
    return pygame.transform.gaussian_blur(surf, max(1, blur)) if blur > 0 else surf


def rounded(size: tuple[int, int], radius: int, fill) -> pygame.Surface:
    """A rounded rectangle filled with a colour or a surface (a gradient), transparent outside."""
    w, h = size
    if isinstance(fill, pygame.Surface):
        surf = fill.copy()
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*fill[:3], 0))
    pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
    return surf


def reduce(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    if surf.get_size() == tuple(size):
        return surf
    return pygame.transform.smoothscale(surf, size)


def finish(surf: pygame.Surface) -> pygame.Surface:
    """convert(_alpha) when a display mode is set, so blits are fast; unchanged otherwise (headless, tests)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
        except pygame.error:
            return surf
    return surf


class Pen:
    """Draws a face's pictures on a supersampled canvas in *units*: x in [0, 1] across the content box, y in
    [0, aspect] down it, where `aspect` is the upright content box's height / width. A squashed box (a lying
    tile) squashes everything, circles included. Characters are queued and rendered at final size later."""

    def __init__(self, size: tuple[int, int], ss: int, aspect: float):
        self.size = size
        self.ss = ss
        self.aspect = aspect
        self.w = size[0] * ss
        self.h = size[1] * ss
        self.ux = self.w
        self.uy = self.h / aspect
        self.surf = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        self.surf.fill((255, 255, 255, 0))
        self.texts: list[tuple] = []

    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.ux, y * self.uy

    def pts(self, points) -> list[tuple[float, float]]:
        return [self.p(x, y) for x, y in points]

    def ellipse(self, x, y, rx, ry, color, width: float = 0):
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * self.ux)), max(1, round(2 * ry * self.uy)))
        rect.center = (round(x * self.ux), round(y * self.uy))
        pygame.draw.ellipse(self.surf, color, rect, 0 if not width else max(1, round(width * self.ux)))

    def circle(self, x, y, r, color, width: float = 0):
        self.ellipse(x, y, r, r, color, width)

    def poly(self, points, color, width: float = 0):
        pygame.draw.polygon(self.surf, color, self.pts(points), 0 if not width else max(1, round(width * self.ux)))

    def line(self, a, b, color, width: float):
        w = max(1, round(width * self.ux))
        pa, pb = self.p(*a), self.p(*b)
        pygame.draw.line(self.surf, color, pa, pb, w)
        r = w / 2
        if w >= 3:
            pygame.draw.circle(self.surf, color, pa, r)
            pygame.draw.circle(self.surf, color, pb, r)

    def polyline(self, points, color, width: float):
        for a, b in zip(points, points[1:]):
            self.line(a, b, color, width)

    def rect(self, x0, y0, x1, y1, color, width: float = 0, radius: float = 0):
        (ax, ay), (bx, by) = self.p(x0, y0), self.p(x1, y1)
        rect = pygame.Rect(round(ax), round(ay), max(1, round(bx - ax)), max(1, round(by - ay)))
        pygame.draw.rect(self.surf, color, rect, 0 if not width else max(1, round(width * self.ux)),
                         border_radius=max(0, round(radius * self.ux)))

    def bezier(self, p0, p1, p2, steps: int = 16):
        """Points on a quadratic Bézier curve (in units)."""
        out = []
        for i in range(steps + 1):
            t = i / steps
            a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
            out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
        return out

    def blob(self, points, color, width: float):
        """A thick stroke along a polyline (round caps and joints)."""
        w = max(1, round(width * self.ux))
        pts = self.pts(points)
        if len(pts) > 1:
            pygame.draw.lines(self.surf, color, False, pts, w)
        for q in pts:
            pygame.draw.circle(self.surf, color, q, w / 2)

    def text(self, char: str, x: float, y: float, size: float, color, weight: int = BOLD,
             fit: tuple[float, float] | None = None):
        """Queue a character centred (by its ink) on (x, y), `size` = em size in units; `fit` = (max width,
        max height) in units that the ink is shrunk into if larger."""
        self.texts.append((char, x, y, size, color, weight, fit))

    def render(self, fonts: Fonts, engrave: bool) -> pygame.Surface:
        out = reduce(self.surf, self.size)
        sx = self.ux / self.ss
        sy = self.uy / self.ss
        for char, x, y, size, color, weight, fit in self.texts:
            px = (max(1.0, size * sx), max(1.0, size * sy))
            glyph = fonts.glyph(char, px, color, weight)
            if fit is not None:
                gw, gh = glyph.get_size()
                k = min(1.0, fit[0] * sx / max(1, gw), fit[1] * sy / max(1, gh))
                if k < 0.999:
                    px = (px[0] * k, px[1] * k)
                    glyph = fonts.glyph(char, px, color, weight)
            rect = glyph.get_rect(center=(round(x * sx), round(y * sy)))
            if engrave:
                light = fonts.glyph(char, px, (255, 255, 255), weight)
                light.set_alpha(150)
                out.blit(light, rect.move(1, 1))
            out.blit(glyph, rect)
        return out

