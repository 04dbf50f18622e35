"""The emblems engraved on the backs of each region's tiles (朱槿 hibiscus, a pearl in its shell, karst hills, 木棉
kapok, a coconut palm): each paints one opaque colour inside radius r of (cx, cy) and cuts holes with (0, 0, 0, 0);
the tile art turns the one-colour shape into an engraving (game.ui.art.tile_backs). `game.ui.art.looks` names the
emblem of each region."""

from __future__ import annotations

import math

import pygame

CLEAR = (0, 0, 0, 0)


# Each is drawn in one colour inside radius r, as bold shapes that still read when a wall stack is ~16 px wide.
def _lw(r: float, k: float = 0.13) -> int:
    return max(1, round(r * k))


def emblem_hibiscus(s: pygame.Surface, cx: float, cy: float, r: float, ink) -> None:
    """朱槿: five round petals parted by fine lines, an open eye and the long stamen column."""
    for k in range(5):
        a = math.radians(-90 + k * 72)
        pygame.draw.circle(s, ink, (cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5), r * 0.46)
    for k in range(5):  # the partings between the petals
        a = math.radians(-90 + 36 + k * 72)
        pygame.draw.line(s, CLEAR, (cx + math.cos(a) * r * 0.22, cy + math.sin(a) * r * 0.22),
                         (cx + math.cos(a) * r * 1.05, cy + math.sin(a) * r * 1.05), _lw(r, 0.1))
    pygame.draw.circle(s, CLEAR, (cx, cy), r * 0.24)
    pygame.draw.circle(s, ink, (cx, cy), r * 0.12)
    # the stamen column, curving out to the upper right
    a = math.radians(-50)
    ex, ey = cx + math.cos(a) * r * 1.08, cy + math.sin(a) * r * 1.08
    pygame.draw.line(s, CLEAR, (cx, cy), (ex, ey), _lw(r, 0.2))
    pygame.draw.line(s, ink, (cx, cy), (ex, ey), _lw(r, 0.08))
    pygame.draw.circle(s, ink, (ex, ey), r * 0.12)


def emblem_pearl_shell(s: pygame.Surface, cx: float, cy: float, r: float, ink) -> None:
    """北海 南珠: a ribbed scallop shell (with the two ears at its hinge) and a round pearl beside it."""
    hx, hy = cx - r * 0.12, cy + r * 0.55  # the hinge
    rr = r * 1.0
    start, end = math.radians(-172), math.radians(-8)
    ribs = 7
    steps = ribs * 8
    rim = []
    for k in range(steps + 1):
        a = start + (end - start) * k / steps
        bump = abs(math.sin(k / 8 * math.pi)) ** 0.6
        rim.append((hx + math.cos(a) * rr * (0.86 + 0.14 * bump), hy + math.sin(a) * rr * (0.8 + 0.12 * bump)))
    pygame.draw.polygon(s, ink, rim + [(hx + r * 0.1, hy), (hx - r * 0.1, hy)])
    for k in range(1, ribs):  # the grooves between the ribs, cut in
        a = start + (end - start) * k / ribs
        pygame.draw.line(s, CLEAR, (hx + math.cos(a) * rr * 0.3, hy + math.sin(a) * rr * 0.28),
                         (hx + math.cos(a) * rr * 0.84, hy + math.sin(a) * rr * 0.78), _lw(r, 0.08))
    for side in (-1, 1):  # the ears at the hinge
        ex = hx + side * r * 0.3
        pygame.draw.polygon(s, ink, [(hx + side * r * 0.06, hy + r * 0.02), (ex, hy - r * 0.08),
                                     (ex + side * r * 0.02, hy + r * 0.2), (hx + side * r * 0.06, hy + r * 0.24)])
    # the pearl, at the lower right, ringed clear and with a cut highlight
    pr = r * 0.27
    px, py = cx + r * 0.62, cy + r * 0.52
    pygame.draw.circle(s, CLEAR, (px, py), pr * 1.4)
    pygame.draw.circle(s, ink, (px, py), pr)
    pygame.draw.circle(s, CLEAR, (px - pr * 0.35, py - pr * 0.35), pr * 0.3)


def emblem_karst(s: pygame.Surface, cx: float, cy: float, r: float, ink) -> None:
    """桂林山水: three steep rounded karst peaks over the ripples of the Li river, a moon above."""
    base = cy + r * 0.35
    pts = []
    peaks = ((-0.55, 0.95, 0.28), (0.05, 1.35, 0.3), (0.6, 0.8, 0.26))  # (x, height, half-width) in r
    steps = 40
    for i in range(steps + 1):
        x = -1.0 + 2.0 * i / steps
        y = 0.0
        for px, ph, pw in peaks:
            d = (x - px) / pw
            y = max(y, ph / (1 + d ** 4))
        pts.append((cx + x * r, base - y * r))
    pygame.draw.polygon(s, ink, pts + [(cx + r, base), (cx - r, base)])
    lw = _lw(r, 0.11)
    for k, (half, dy) in enumerate(((0.95, 0.22), (0.7, 0.46), (0.42, 0.68))):  # ripples
        y = base + dy * r
        xs = [cx - half * r + j * (2 * half * r) / 12 for j in range(13)]
        wave = [(x, y + math.sin(j * 1.6 + k) * r * 0.05) for j, x in enumerate(xs)]
        pygame.draw.lines(s, ink, False, wave, lw)
    pygame.draw.circle(s, ink, (cx + r * 0.72, cy - r * 0.78), r * 0.16)


def emblem_kapok(s: pygame.Surface, cx: float, cy: float, r: float, ink) -> None:
    """木棉: five thick pointed petals, cupped, around a crown of stamens."""
    for k in range(5):
        a = math.radians(-90 + k * 72)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for j in range(13):  # a petal: broad in the middle, pointed at the tip
            t = j / 12
            along = r * (0.12 + t * 0.92)
            across = math.sin(t * math.pi) ** 0.8 * r * 0.3
            pts.append((along, across))
        pts += [(px, -py) for px, py in reversed(pts[1:-1])]
        pygame.draw.polygon(s, ink, [(cx + px * ca - py * sa, cy + px * sa + py * ca) for px, py in pts])
        # a midrib cut into each petal
        pygame.draw.line(s, CLEAR, (cx + ca * r * 0.38, cy + sa * r * 0.38), (cx + ca * r * 0.78, cy + sa * r * 0.78),
                         _lw(r, 0.07))
    pygame.draw.circle(s, CLEAR, (cx, cy), r * 0.3)
    for k in range(6):
        a = math.radians(k * 60 + 30)
        pygame.draw.circle(s, ink, (cx + math.cos(a) * r * 0.17, cy + math.sin(a) * r * 0.17), r * 0.075)
    pygame.draw.circle(s, ink, (cx, cy), r * 0.08)


def emblem_palm(s: pygame.Surface, cx: float, cy: float, r: float, ink) -> None:
    """椰树: a leaning coconut palm, its fronds and coconuts, over a wave."""
    bx, by = cx - r * 0.25, cy + r * 0.92
    tx, ty = cx + r * 0.1, cy - r * 0.45
    trunk = []
    for i in range(11):
        t = i / 10
        x = bx + (tx - bx) * t + math.sin(t * math.pi) * r * 0.22
        y = by + (ty - by) * t
        trunk.append((x, y, r * (0.13 - 0.05 * t)))
    for x, y, w in trunk:
        pygame.draw.circle(s, ink, (x, y), w)
    for x, y, w in trunk[1:-1:2]:  # the rings of the trunk
        pygame.draw.line(s, CLEAR, (x - w, y), (x + w, y), _lw(r, 0.05))
    for ang, ln, droop in ((-165, 0.95, 0.45), (-130, 0.8, 0.2), (-90, 0.55, 0.0), (-50, 0.8, 0.2),
                           (-15, 0.95, 0.45), (160, 0.6, 0.5), (20, 0.6, 0.5)):
        a = math.radians(ang)
        ex, ey = tx + math.cos(a) * r * ln, ty + math.sin(a) * r * ln * 0.75 + droop * r * 0.5
        mx, my = tx + math.cos(a) * r * ln * 0.5, ty + math.sin(a) * r * ln * 0.5 - r * 0.08
        pts_up, pts_dn = [], []
        for j in range(9):
            t = j / 8
            px = (1 - t) ** 2 * tx + 2 * (1 - t) * t * mx + t * t * ex
            py = (1 - t) ** 2 * ty + 2 * (1 - t) * t * my + t * t * ey
            half = math.sin(t * math.pi) ** 0.7 * r * 0.11
            pts_up.append((px, py - half))
            pts_dn.append((px, py + half))
        pygame.draw.polygon(s, ink, pts_up + pts_dn[::-1])
    for dx in (-0.09, 0.09):
        pygame.draw.circle(s, ink, (tx + dx * r, ty + r * 0.12), r * 0.085)
    wave = [(cx - r + j * r / 6, by + r * 0.02 + math.sin(j * 1.3) * r * 0.05) for j in range(13)]
    pygame.draw.lines(s, ink, False, wave, _lw(r, 0.11))
