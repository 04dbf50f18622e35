"""The face of a tile: the ivory plate, and the pictures on it (characters, dots, bamboo, winds and dragons,
flowers), drawn in units of the face's content box by a `Pen`. The same in every region's look."""

from __future__ import annotations

import math

import pygame

from game.engine.tiles import FIRST_DRAGON, FIRST_FLOWER, FIRST_HONOR
from game.ui.art.canvas import Pen, gradient, mix, rounded, supersample
from game.ui.fonts import BLACK, BOLD, Fonts

# ---- palette
IVORY_TOP = (253, 251, 243)
IVORY_BOTTOM = (238, 232, 214)
IVORY_RIM = (222, 212, 186)
IVORY_RIM_DARK = (196, 184, 154)
INK = (20, 30, 58)  # the dark blue-black of engraved characters
DIM = (110, 110, 105)  # a turned tile that did not score: its colours multiplied by this
LIT = (255, 196, 40)  # the rim of a turned tile that scored
RED = (200, 30, 38)
RED_DARK = (150, 18, 26)
GREEN = (16, 128, 64)
GREEN_DARK = (8, 84, 40)
GREEN_LIGHT = (70, 178, 104)
BLUE = (28, 78, 168)
BLUE_DARK = (14, 44, 110)
GOLD = (236, 186, 64)
GOLD_LIGHT = (255, 226, 130)
GOLD_DARK = (160, 104, 20)
SHADOW = (0, 0, 0)

NUMERALS = "一二三四五六七八九"
WINDS_TRAD = "東南西北"
WINDS_SIMP = "东南西北"
FLOWERS_TRAD = "春夏秋冬梅蘭菊竹"
FLOWERS_SIMP = "春夏秋冬梅兰菊竹"


def tile_chars(kind: int, traditional: bool = True) -> str:
    """The characters drawn on a tile's face ('' for tiles without characters)."""
    if kind < 9:
        return NUMERALS[kind] + ("萬" if traditional else "万")
    if kind < FIRST_HONOR:
        return ""
    if kind < FIRST_DRAGON:
        return (WINDS_TRAD if traditional else WINDS_SIMP)[kind - FIRST_HONOR]
    if kind < FIRST_FLOWER:
        return ("中", "發" if traditional else "发", "")[kind - FIRST_DRAGON]
    i = kind - FIRST_FLOWER
    return (FLOWERS_TRAD if traditional else FLOWERS_SIMP)[i] + "1234"[i % 4]


def face_plate(w: int, h: int, r: int, ss: int) -> pygame.Surface:
    """The ivory top of a face-up tile, `w` × `h` canvas pixels (supersampled by `ss`), with its sheen."""
    plate = rounded((w, h), r, IVORY_RIM_DARK)
    inner = rounded((w - ss, h - ss), max(1, r - ss // 2), gradient((w - ss, h - ss), IVORY_TOP, IVORY_BOTTOM))
    plate.blit(inner, (0, 0))
    # a faint sheen across the upper left
    sheen = pygame.Surface((w, h), pygame.SRCALPHA)
    sheen.fill((255, 255, 255, 0))
    pygame.draw.ellipse(sheen, (255, 255, 255, 60), (-w * 0.3, -h * 0.25, w * 1.1, h * 0.55))
    mask = rounded((w - ss, h - ss), max(1, r - ss // 2), (255, 255, 255, 255))
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    sheen.fill((0, 0, 0, 0), (0, h - ss, w, ss))
    plate.blit(sheen, (0, 0))
    return plate


class FacePictures:
    """Draws the pictures on a face for one `Fonts`, in traditional (萬 東 發 蘭) or simplified characters."""

    def __init__(self, fonts: Fonts, traditional: bool = True):
        self.fonts = fonts
        self.traditional = traditional

    def draw(self, kind: int, size: tuple[int, int], aspect: float, width: int) -> pygame.Surface:
        """The pictures of `kind` in a box of `size` (its `aspect` as the upright box's), for a tile `width` wide."""
        pen = Pen(size, supersample(width), aspect)
        A = aspect
        if kind < 9:
            self._draw_wan(pen, kind + 1, A)
        elif kind < 18:
            self._draw_dots(pen, kind - 8, A)
        elif kind < 27:
            self._draw_bamboo(pen, kind - 17, A)
        elif kind < FIRST_FLOWER:
            self._draw_honor(pen, kind, A)
        else:
            self._draw_flower(pen, kind - FIRST_FLOWER, A)
        return pen.render(self.fonts, engrave=width >= 56)

    def _draw_wan(self, pen: Pen, n: int, A: float) -> None:
        numeral = NUMERALS[n - 1]
        pen.text(numeral, 0.5, A * 0.25, 0.86, INK, BLACK, fit=(0.9, A * 0.44))
        pen.text("萬" if self.traditional else "万", 0.5, A * 0.73, 0.9, RED, BOLD, fit=(0.92, A * 0.5))

    # dots: one circle of the 筒 suit
    @staticmethod
    def _dot(pen: Pen, x: float, y: float, r: float, color) -> None:
        dark = mix(color, (0, 0, 0), 0.35)
        pen.circle(x, y, r, dark)
        pen.circle(x, y, r * 0.9, color)
        pen.circle(x, y, r * 0.66, IVORY_TOP)
        pen.circle(x, y, r * 0.5, color)
        pen.circle(x, y, r * 0.2, IVORY_TOP)
        if pen.ux / pen.ss * r >= 6:  # notches on the rim, visible on big tiles only
            for i in range(8):
                a = i * math.pi / 4 + math.pi / 8
                pen.circle(x + math.cos(a) * r * 0.78, y + math.sin(a) * r * 0.78, r * 0.075, IVORY_TOP)

    def _draw_dots(self, pen: Pen, n: int, A: float) -> None:
        cy = A / 2
        B, G, R = BLUE, GREEN, RED
        if n == 1:
            self._draw_one_dot(pen, 0.5, cy, 0.47)
            return
        layouts: dict[int, tuple[float, list[tuple[float, float, tuple]]]] = {
            2: (0.25, [(0.5, cy - 0.34, G), (0.5, cy + 0.34, B)]),
            3: (0.2, [(0.24, cy - 0.43, B), (0.5, cy, R), (0.76, cy + 0.43, G)]),
            4: (0.2, [(0.27, cy - 0.3, B), (0.73, cy - 0.3, G), (0.27, cy + 0.3, G), (0.73, cy + 0.3, B)]),
            5: (0.18, [(0.24, cy - 0.44, B), (0.76, cy - 0.44, G), (0.5, cy, R), (0.24, cy + 0.44, G),
                       (0.76, cy + 0.44, B)]),
            6: (0.175, [(x, cy + dy, G if dy < 0 and dy < -0.3 else R) for dy in (-0.46, 0.0, 0.46)
                        for x in (0.29, 0.71)]),
            7: (0.155, [(0.2, cy - 0.58, G), (0.5, cy - 0.44, G), (0.8, cy - 0.3, G),
                        (0.3, cy + 0.1, R), (0.7, cy + 0.1, R), (0.3, cy + 0.48, R), (0.7, cy + 0.48, R)]),
            8: (0.16, [(x, cy + dy, B) for dy in (-0.53, -0.177, 0.177, 0.53) for x in (0.29, 0.71)]),
            9: (0.15, [(x, cy + dy, c) for dy, c in ((-0.46, B), (0.0, R), (0.46, G)) for x in (0.19, 0.5, 0.81)]),
        }
        r, dots = layouts[n]
        for x, y, c in dots:
            self._dot(pen, x, y, r, c)

    @staticmethod
    def _draw_one_dot(pen: Pen, x: float, y: float, R: float) -> None:
        """The big ornate circle of 一筒."""
        pen.circle(x, y, R, GREEN_DARK)
        pen.circle(x, y, R * 0.93, GREEN)
        # a garland of small ivory-edged petals round the rim
        for i in range(16):
            a = i * math.pi / 8
            pen.circle(x + math.cos(a) * R * 0.8, y + math.sin(a) * R * 0.8, R * 0.115, IVORY_TOP)
            pen.circle(x + math.cos(a) * R * 0.8, y + math.sin(a) * R * 0.8, R * 0.07, GREEN_LIGHT)
        pen.circle(x, y, R * 0.64, IVORY_TOP)
        pen.circle(x, y, R * 0.58, BLUE)
        pen.circle(x, y, R * 0.5, IVORY_TOP)
        # a red flower in the middle
        for i in range(8):
            a = i * math.pi / 4
            pen.circle(x + math.cos(a) * R * 0.27, y + math.sin(a) * R * 0.27, R * 0.15, RED)
        pen.circle(x, y, R * 0.27, RED)
        pen.circle(x, y, R * 0.15, IVORY_TOP)
        pen.circle(x, y, R * 0.08, BLUE)

    # bamboo
    @staticmethod
    def _stick(pen: Pen, x: float, y: float, length: float, color, angle: float = 0.0, width: float = 0.15):
        """One bamboo stick centred on (x, y), `length` long overall, turned `angle` degrees clockwise."""
        dark = mix(color, (0, 0, 0), 0.5)
        light = mix(color, (255, 255, 255), 0.5)
        ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))

        def at(dx: float, dy: float) -> tuple[float, float]:
            return x + dx * ca - dy * sa, y + dx * sa + dy * ca

        half = length / 2
        w = width / 2
        node = min(0.03, length * 0.07)

        def band(y0: float, y1: float, half_w: float, col) -> None:
            pen.poly([at(-half_w, y0), at(half_w, y0), at(half_w, y1), at(-half_w, y1)], col)

        band(-half + node, half - node, w * 0.86, dark)
        band(-half + node, half - node, w * 0.6, color)
        band(-half + node * 2, half - node * 2, w * 0.17, light)
        for ny in (-half + node, 0.0, half - node):  # the nodes
            band(ny - node, ny + node, w, dark)
            band(ny - node * 0.35, ny + node * 0.35, w * 0.8, color)

    def _draw_bamboo(self, pen: Pen, n: int, A: float) -> None:
        cy = A / 2
        G, R, B = GREEN, RED, GREEN  # all green, red where real sets have red
        if n == 1:
            self._draw_bird(pen, A)
            return
        L2 = 0.58  # two rows
        d2 = 0.34
        L3 = 0.4  # three rows
        d3 = 0.47
        sticks: list[tuple[float, float, float, tuple, float]] = []
        if n == 2:
            sticks = [(0.5, cy - d2, L2, G, 0), (0.5, cy + d2, L2, B, 0)]
        elif n == 3:
            sticks = [(0.5, cy - d2, L2, G, 0), (0.28, cy + d2, L2, B, 0), (0.72, cy + d2, L2, B, 0)]
        elif n == 4:
            sticks = [(x, cy + dy, L2, G if (x < 0.5) == (dy < 0) else B, 0) for dy in (-d2, d2) for x in (0.27, 0.73)]
        elif n == 5:
            sticks = [(x, cy + dy, L2, G if (x < 0.5) == (dy < 0) else B, 0) for dy in (-d2, d2) for x in (0.18, 0.82)]
            sticks.append((0.5, cy, L2, R, 0))
        elif n == 6:
            sticks = [(x, cy + dy, L2, G if dy < 0 else B, 0) for dy in (-d2, d2) for x in (0.19, 0.5, 0.81)]
        elif n == 7:
            sticks = [(0.5, cy - d3, L3, R, 0)]
            sticks += [(x, cy + dy, L3, G if dy < 0.3 else B, 0) for dy in (0.0, d3) for x in (0.19, 0.5, 0.81)]
        elif n == 8:
            a = 26
            Ls = L2 * 0.92
            sticks = [(0.12, cy - d2, L2, G, 0), (0.37, cy - d2, Ls, G, a), (0.63, cy - d2, Ls, G, -a),
                      (0.88, cy - d2, L2, G, 0), (0.12, cy + d2, L2, B, 0), (0.37, cy + d2, Ls, B, -a),
                      (0.63, cy + d2, Ls, B, a), (0.88, cy + d2, L2, B, 0)]
        elif n == 9:
            sticks = [(x, cy + dy, L3, R if x == 0.5 else (G if dy < 0 else B), 0)
                      for dy in (-d3, 0.0, d3) for x in (0.19, 0.5, 0.81)]
        thick = {2: 0.17, 3: 0.17, 4: 0.17, 5: 0.16, 6: 0.16, 7: 0.15, 8: 0.14, 9: 0.15}[n]
        for x, y, length, col, ang in sticks:
            self._stick(pen, x, y, length, col, ang, width=thick)

    def _draw_bird(self, pen: Pen, A: float) -> None:
        """幺鸡: a green peacock-sparrow on a bamboo twig, drawn with polygons."""
        oy = A / 2 - 0.72  # designed for A = 1.44, centred for others
        leaf = lambda x, y, ln, wd, ang, col: self._leaf(pen, x, y + oy, ln, wd, ang, col)  # noqa: E731
        # the twig it stands on
        pen.blob([(0.3, 1.13 + oy), (0.95, 1.0 + oy)], (120, 78, 34), 0.05)
        leaf(0.86, 0.93, 0.16, 0.07, -60, GREEN_LIGHT)
        # long tail feathers sweeping down to the left, each with an eye
        for (tx, ty), col in (((0.05, 1.18), GREEN_DARK), ((0.13, 1.33), BLUE), ((0.3, 1.4), GREEN)):
            sx, sy = 0.46, 0.86
            ang = math.degrees(math.atan2(ty - sy, tx - sx))
            ln = math.hypot(tx - sx, ty - sy)
            leaf((sx + tx) / 2, (sy + ty) / 2, ln * 1.1, 0.12, ang, col)
        for ex, ey, c in ((0.1, 1.15, RED), (0.17, 1.28, RED), (0.31, 1.34, RED)):
            pen.circle(ex, ey + oy, 0.045, GOLD_LIGHT)
            pen.circle(ex, ey + oy, 0.028, c)
        # legs
        pen.line((0.53, 0.9 + oy), (0.52, 1.1 + oy), (214, 130, 30), 0.03)
        pen.line((0.63, 0.88 + oy), (0.66, 1.08 + oy), (214, 130, 30), 0.03)
        # body, breast and wing
        leaf(0.58, 0.66, 0.62, 0.36, -62, GREEN)
        leaf(0.68, 0.66, 0.42, 0.16, -70, RED)
        leaf(0.47, 0.76, 0.46, 0.2, 130, GREEN_DARK)
        for k in range(3):
            leaf(0.46 - k * 0.03, 0.73 + k * 0.05, 0.3, 0.04, 130, GREEN_LIGHT)
        # head, crest, beak, eye
        pen.circle(0.71, 0.34 + oy, 0.11, GREEN)
        for ang, col in ((-125, RED), (-100, RED_DARK), (-75, RED)):
            a = math.radians(ang)
            leaf(0.7 + math.cos(a) * 0.15, 0.33 + math.sin(a) * 0.15, 0.16, 0.06, ang, col)
        pen.poly([(0.8, 0.3 + oy), (0.97, 0.36 + oy), (0.8, 0.4 + oy)], (236, 160, 30))
        pen.circle(0.73, 0.32 + oy, 0.04, IVORY_TOP)
        pen.circle(0.74, 0.32 + oy, 0.024, INK)

    # honours
    def _draw_honor(self, pen: Pen, kind: int, A: float) -> None:
        cy = A / 2
        if kind == FIRST_DRAGON + 2:  # 白: a blue frame
            pen.rect(0.08, cy - 0.62, 0.92, cy + 0.62, BLUE, width=0.09, radius=0.06)
            pen.rect(0.22, cy - 0.48, 0.78, cy + 0.48, BLUE, width=0.035, radius=0.03)
            return
        char = tile_chars(kind, self.traditional)
        color = INK if kind < FIRST_DRAGON else (RED if kind == FIRST_DRAGON else GREEN)
        pen.text(char, 0.5, cy, 1.02, color, BLACK if kind != FIRST_DRAGON + 1 else BOLD, fit=(0.98, A * 0.9))

    # flowers
    def _draw_flower(self, pen: Pen, i: int, A: float) -> None:
        chars = FLOWERS_TRAD if self.traditional else FLOWERS_SIMP
        colors = (GREEN, RED, (196, 96, 20), BLUE, (200, 40, 90), (110, 50, 150), (190, 120, 0), GREEN)
        pen.text(chars[i], 0.58, A * 0.3, 0.74, colors[i], BLACK, fit=(0.8, A * 0.46))
        pen.text("1234"[i % 4], 0.1, A * 0.08, 0.34, RED if i < 4 else BLUE, BLACK)
        # the motif in the lower part
        y0 = A * 0.62
        h = A - y0
        motif = (self._m_spring, self._m_summer, self._m_autumn, self._m_winter,
                 self._m_plum, self._m_orchid, self._m_chrys, self._m_bamboo)[i]
        motif(pen, 0.0, y0, 1.0, h)

    @staticmethod
    def _blossom(pen: Pen, x, y, r, petal, centre=(250, 210, 60), n: int = 5):
        for k in range(n):
            a = k * 2 * math.pi / n - math.pi / 2
            pen.circle(x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55, r * 0.48, petal)
        pen.circle(x, y, r * 0.3, centre)

    def _m_spring(self, pen, x0, y0, w, h):  # a willow-green sprout and peach blossoms
        brown = (120, 72, 40)
        pen.blob(pen.bezier((0.1, y0 + h * 0.9), (0.45, y0 + h * 0.7), (0.9, y0 + h * 0.2)), brown, 0.045)
        pen.blob(pen.bezier((0.45, y0 + h * 0.72), (0.5, y0 + h * 0.35), (0.38, y0 + h * 0.12)), brown, 0.03)
        for lx, ly, a in ((0.25, y0 + h * 0.65, -30), (0.7, y0 + h * 0.52, 30), (0.55, y0 + h * 0.85, 10)):
            self._leaf(pen, lx, ly, 0.12, 0.045, a, GREEN_LIGHT)
        self._blossom(pen, 0.88, y0 + h * 0.22, 0.13, (246, 140, 170))
        self._blossom(pen, 0.38, y0 + h * 0.15, 0.11, (246, 140, 170))
        self._blossom(pen, 0.14, y0 + h * 0.8, 0.09, (246, 160, 185))

    def _m_summer(self, pen, x0, y0, w, h):  # a lotus over its leaf
        pen.ellipse(0.5, y0 + h * 0.8, 0.42, h * 0.2, GREEN)
        pen.ellipse(0.5, y0 + h * 0.78, 0.3, h * 0.1, GREEN_LIGHT)
        pink, deep = (244, 130, 160), (214, 70, 110)
        for dx, a in ((-0.2, -35), (0.2, 35), (-0.1, -12), (0.1, 12)):
            self._leaf(pen, 0.5 + dx, y0 + h * 0.45, 0.2, 0.08, 90 + a, pink)
        self._leaf(pen, 0.5, y0 + h * 0.38, 0.24, 0.09, 90, deep)

    def _m_autumn(self, pen, x0, y0, w, h):  # a maple leaf
        c, vein = (214, 84, 24), (250, 180, 90)
        cx, cy = 0.5, y0 + h * 0.5
        s = min(0.46, h * 0.64)
        # five pointed lobes (angle, length) with toothed edges, deep notches between them
        lobes = ((-90, 1.0), (-28, 0.86), (28, 0.55), (152, 0.55), (208, 0.86))
        pts = []
        for i, (ang, ln) in enumerate(lobes):
            nxt = lobes[(i + 1) % len(lobes)][0] + (360 if i == len(lobes) - 1 else 0)
            for da, rr in ((-16, 0.55), (-9, 0.72), (-5, 0.68), (0, 1.0), (5, 0.68), (9, 0.72), (16, 0.55)):
                a = math.radians(ang + da)
                pts.append((cx + math.cos(a) * s * ln * rr, cy + math.sin(a) * s * ln * rr))
            mid = math.radians((ang + nxt) / 2)
            pts.append((cx + math.cos(mid) * s * 0.3, cy + math.sin(mid) * s * 0.3))
        pen.poly(pts, c)
        pen.line((cx, cy), (cx + s * 0.12, cy + s * 0.95), (130, 60, 20), 0.028)
        for ang, ln in lobes:
            a = math.radians(ang)
            pen.line((cx, cy), (cx + math.cos(a) * s * ln * 0.8, cy + math.sin(a) * s * ln * 0.8), vein, 0.014)

    def _m_winter(self, pen, x0, y0, w, h):  # a snowflake
        c = (60, 130, 210)
        cx, cy = 0.5, y0 + h * 0.5
        s = min(0.42, h * 0.5)
        for k in range(6):
            a = k * math.pi / 3
            ex, ey = cx + math.cos(a) * s, cy + math.sin(a) * s
            pen.line((cx, cy), (ex, ey), c, 0.04)
            for t in (0.5, 0.75):
                bx, by = cx + math.cos(a) * s * t, cy + math.sin(a) * s * t
                for da in (0.6, -0.6):
                    pen.line((bx, by), (bx + math.cos(a + da) * s * 0.28, by + math.sin(a + da) * s * 0.28), c, 0.03)
        pen.circle(cx, cy, s * 0.14, c)

    def _m_plum(self, pen, x0, y0, w, h):  # a plum branch in blossom
        brown = (92, 56, 40)
        pen.blob(pen.bezier((0.02, y0 + h * 0.95), (0.4, y0 + h * 0.5), (0.95, y0 + h * 0.45)), brown, 0.05)
        pen.blob(pen.bezier((0.42, y0 + h * 0.62), (0.5, y0 + h * 0.2), (0.3, y0 + h * 0.05)), brown, 0.03)
        for bx, by, r in ((0.7, y0 + h * 0.35, 0.13), (0.3, y0 + h * 0.12, 0.1), (0.2, y0 + h * 0.7, 0.1),
                          (0.92, y0 + h * 0.55, 0.08)):
            self._blossom(pen, bx, by, r, (226, 48, 90), centre=(255, 226, 120))

    def _m_orchid(self, pen, x0, y0, w, h):  # orchid leaves and a purple flower
        base = (0.5, y0 + h)
        for tip, ctrl in (((0.05, y0 + h * 0.15), (0.2, y0 + h * 0.9)), ((0.95, y0 + h * 0.25), (0.75, y0 + h * 0.85)),
                          ((0.3, y0), (0.42, y0 + h * 0.5)), ((0.72, y0 + h * 0.05), (0.62, y0 + h * 0.6))):
            pts = pen.bezier(base, ctrl, tip)
            pen.blob(pts, GREEN, 0.035)
        purple, light = (120, 60, 170), (196, 150, 230)
        for k in range(5):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            self._leaf(pen, 0.6 + math.cos(a) * 0.09, y0 + h * 0.4 + math.sin(a) * 0.09, 0.09, 0.045,
                       math.degrees(a), purple if k % 2 == 0 else light)
        pen.circle(0.6, y0 + h * 0.4, 0.03, (250, 220, 80))

    def _m_chrys(self, pen, x0, y0, w, h):  # a chrysanthemum
        cx, cy = 0.5, y0 + h * 0.45
        s = min(0.42, h * 0.5)
        self._leaf(pen, 0.17, y0 + h * 0.82, 0.26, 0.1, 20, GREEN)
        self._leaf(pen, 0.83, y0 + h * 0.82, 0.26, 0.1, -20, GREEN)
        pen.line((cx, cy), (cx, y0 + h), GREEN_DARK, 0.03)
        for ring, col, n in ((1.0, (222, 140, 0), 18), (0.72, (246, 186, 20), 14), (0.45, (255, 214, 70), 10)):
            for k in range(n):
                a = k * 2 * math.pi / n + ring
                self._leaf(pen, cx + math.cos(a) * s * ring * 0.5, cy + math.sin(a) * s * ring * 0.5,
                           s * ring * 0.55, s * 0.13, math.degrees(a), col)
        pen.circle(cx, cy, s * 0.15, (196, 100, 0))

    def _m_bamboo(self, pen, x0, y0, w, h):  # two bamboo stems with drooping sprays of leaves
        self._stick(pen, 0.34, y0 + h * 0.5, h * 1.0, GREEN, 6, width=0.1)
        self._stick(pen, 0.6, y0 + h * 0.58, h * 0.84, GREEN_LIGHT, -4, width=0.08)
        for bx, by, angs, col in ((0.4, y0 + h * 0.18, (10, 35, 60), GREEN_DARK),
                                  (0.3, y0 + h * 0.4, (130, 155, 178), GREEN),
                                  (0.64, y0 + h * 0.45, (5, 30, 55), GREEN_DARK)):
            for a in angs:
                r = math.radians(a)
                self._leaf(pen, bx + math.cos(r) * 0.12, by + math.sin(r) * 0.12, 0.24, 0.065, a, col)

    @staticmethod
    def _leaf(pen: Pen, x, y, length, width, angle, color):
        """A pointed leaf centred on (x, y), `angle` degrees clockwise from pointing right."""
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for k in range(13):
            t = k / 12
            along = (t - 0.5) * length
            across = math.sin(t * math.pi) * width / 2
            pts.append((along, across))
        pts += [(px, -py) for px, py in reversed(pts[1:-1])]
        pen.poly([(x + px * ca - py * sa, y + px * sa + py * ca) for px, py in pts], color)
