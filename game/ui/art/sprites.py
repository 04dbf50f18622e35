"""The particles of the win effects (petals, leaves, pearls, bubbles, osmanthus, kapok, sparks, fronds, drops): each
paints one sprite around (cx, cy) within radius r, in colours of its own around `color`. `game.ui.art.looks` names
each region's sprites; its `win_effect` sets them moving."""

from __future__ import annotations

import math

import pygame

from game.ui.art.canvas import mix

Color = tuple[int, int, int]


def sprite_petal(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A hibiscus petal: a broad rounded blade, deeper at its base, with fine veins."""
    pts = []
    for j in range(17):
        t = j / 16
        along = -r + 2 * r * t
        across = (math.sin(t * math.pi) ** 0.6) * r * (0.45 + 0.35 * t)
        pts.append((cx + along, cy + across))
    pts += [(x, 2 * cy - y) for x, y in reversed(pts[1:-1])]
    pygame.draw.polygon(s, mix(color, (90, 0, 20), 0.25), pts)
    inner = [(cx + (x - cx) * 0.86 + r * 0.08, cy + (y - cy) * 0.82) for x, y in pts]
    pygame.draw.polygon(s, color, inner)
    pygame.draw.circle(s, mix(color, (120, 0, 40), 0.5), (cx - r * 0.8, cy), r * 0.22)
    for da in (-0.35, 0.0, 0.35):
        pygame.draw.line(s, mix(color, (120, 0, 40), 0.35), (cx - r * 0.85, cy),
                         (cx + r * 0.6, cy + math.sin(da) * r * 0.7), max(1, round(r * 0.06)))
    pygame.draw.ellipse(s, mix(color, (255, 255, 255), 0.35), (cx - r * 0.1, cy - r * 0.45, r * 0.7, r * 0.3))


def sprite_hibiscus(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A whole 朱槿 flower: five broad petals, a deep red eye and a pale stamen column."""
    edge = mix(color, (90, 0, 20), 0.3)
    for k in range(5):
        a = math.radians(-90 + k * 72)
        px, py = cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5
        pygame.draw.circle(s, edge, (px, py), r * 0.5)
        pygame.draw.circle(s, color, (px, py), r * 0.45)
    for k in range(5):
        a = math.radians(-90 + k * 72)
        pygame.draw.line(s, edge, (cx, cy), (cx + math.cos(a) * r * 0.75, cy + math.sin(a) * r * 0.75),
                         max(1, round(r * 0.05)))
    pygame.draw.circle(s, mix(color, (110, 0, 30), 0.6), (cx, cy), r * 0.24)
    a = math.radians(-50)
    ex, ey = cx + math.cos(a) * r * 0.78, cy + math.sin(a) * r * 0.78
    pygame.draw.line(s, mix(color, (255, 240, 200), 0.6), (cx, cy), (ex, ey), max(1, round(r * 0.09)))
    pygame.draw.circle(s, (255, 226, 120), (ex, ey), r * 0.1)


def sprite_leaf(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A glossy tropical leaf with its midrib."""
    pts = []
    for j in range(15):
        t = j / 14
        pts.append((cx - r + 2 * r * t, cy + math.sin(t * math.pi) ** 0.9 * r * 0.42))
    pts += [(x, 2 * cy - y) for x, y in reversed(pts[1:-1])]
    pygame.draw.polygon(s, mix(color, (0, 30, 10), 0.35), pts)
    pygame.draw.polygon(s, color, [(x, cy + (y - cy) * 0.82) for x, y in pts])
    pygame.draw.line(s, mix(color, (255, 255, 200), 0.45), (cx - r, cy), (cx + r * 0.9, cy), max(1, round(r * 0.08)))


def sprite_pearl(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A 南珠 pearl: a lustrous sphere with a soft rim, an orient sheen and a bright highlight."""
    pygame.draw.circle(s, mix(color, (60, 80, 110), 0.45), (cx, cy), r)
    pygame.draw.circle(s, mix(color, (150, 170, 200), 0.3), (cx - r * 0.04, cy - r * 0.04), r * 0.92)
    pygame.draw.circle(s, color, (cx - r * 0.12, cy - r * 0.12), r * 0.72)
    pygame.draw.circle(s, mix(color, (255, 255, 255), 0.6), (cx - r * 0.22, cy - r * 0.22), r * 0.42)
    pygame.draw.circle(s, (255, 236, 240), (cx + r * 0.3, cy + r * 0.42), r * 0.16)  # a pink orient glint
    pygame.draw.circle(s, (255, 255, 255), (cx - r * 0.34, cy - r * 0.36), r * 0.17)


def sprite_bubble(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A sea bubble: a thin bright ring with a highlight, see-through inside."""
    pygame.draw.circle(s, (*color, 70), (cx, cy), r)
    pygame.draw.circle(s, (*color, 230), (cx, cy), r, max(1, round(r * 0.14)))
    pygame.draw.circle(s, (255, 255, 255, 255), (cx - r * 0.38, cy - r * 0.38), r * 0.2)


def sprite_osmanthus(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A 桂花 floret: four small round petals, a darker heart."""
    for k in range(4):
        a = math.radians(45 + k * 90)
        px, py = cx + math.cos(a) * r * 0.45, cy + math.sin(a) * r * 0.45
        pygame.draw.circle(s, mix(color, (150, 70, 0), 0.35), (px, py), r * 0.52)
        pygame.draw.circle(s, color, (px - r * 0.04, py - r * 0.04), r * 0.44)
    pygame.draw.circle(s, mix(color, (255, 255, 220), 0.5), (cx - r * 0.25, cy - r * 0.25), r * 0.16)
    pygame.draw.circle(s, mix(color, (160, 60, 0), 0.6), (cx, cy), r * 0.2)


def sprite_kapok(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A whole 木棉 blossom: five fleshy pointed petals around a golden crown of stamens."""
    dark = mix(color, (70, 0, 0), 0.4)
    for k in range(5):
        a = math.radians(-90 + k * 72)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for j in range(11):
            t = j / 10
            pts.append((r * (0.1 + 0.9 * t), math.sin(t * math.pi) ** 0.8 * r * 0.34))
        pts += [(px, -py) for px, py in reversed(pts[1:-1])]
        pygame.draw.polygon(s, dark, [(cx + px * ca - py * sa, cy + px * sa + py * ca) for px, py in pts])
        pygame.draw.polygon(s, color, [(cx + px * 0.9 * ca - py * 0.72 * sa, cy + px * 0.9 * sa + py * 0.72 * ca)
                                       for px, py in pts])
    pygame.draw.circle(s, dark, (cx, cy), r * 0.3)
    for k in range(7):
        a = math.radians(k * 360 / 7)
        pygame.draw.circle(s, (255, 214, 90), (cx + math.cos(a) * r * 0.2, cy + math.sin(a) * r * 0.2), r * 0.08)


def sprite_spark(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A four-pointed glint of light."""
    for ang, ln in ((0, 1.0), (90, 1.0), (45, 0.5), (135, 0.5)):
        a = math.radians(ang)
        ca, sa = math.cos(a), math.sin(a)
        w = r * 0.16 * ln
        pygame.draw.polygon(s, (*color, 230), [(cx + ca * r * ln, cy + sa * r * ln), (cx - sa * w, cy + ca * w),
                                               (cx - ca * r * ln, cy - sa * r * ln), (cx + sa * w, cy - ca * w)])
    pygame.draw.circle(s, (255, 255, 255, 255), (cx, cy), r * 0.18)


def sprite_frond(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A palm frond: a curved rib with narrow leaflets along it."""
    rib = []
    for j in range(11):
        t = j / 10
        rib.append((cx - r + 2 * r * t, cy - math.sin(t * math.pi) * r * 0.35 + r * 0.12))
    dark = mix(color, (0, 40, 20), 0.35)
    for j in range(1, 10):
        x, y = rib[j]
        ln = r * 0.55 * math.sin(j / 10 * math.pi) + r * 0.1
        for side in (-1, 1):
            pygame.draw.line(s, color if side < 0 else dark, (x, y), (x + r * 0.22, y + side * ln),
                             max(1, round(r * 0.11)))
    pygame.draw.lines(s, mix(color, (230, 220, 150), 0.4), False, rib, max(1, round(r * 0.09)))


def sprite_drop(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    """A drop of sea spray: a rounded drop, pale at the top, with a glint."""
    pygame.draw.circle(s, (*mix(color, (0, 60, 90), 0.3), 235), (cx, cy + r * 0.15), r * 0.72)
    pygame.draw.polygon(s, (*mix(color, (0, 60, 90), 0.3), 235),
                        [(cx - r * 0.62, cy + r * 0.0), (cx, cy - r), (cx + r * 0.62, cy + r * 0.0)])
    pygame.draw.circle(s, (*color, 255), (cx - r * 0.05, cy + r * 0.12), r * 0.56)
    pygame.draw.circle(s, (255, 255, 255, 255), (cx - r * 0.22, cy - r * 0.05), r * 0.18)
