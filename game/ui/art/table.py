"""The table and everything around the tiles, drawn at run time: regional table cloths, region cards, the title
background, dice, avatars, the dealer token, a speaker icon and buttons.

All pictures are made at the size asked for and cached on the `TableArt` instance (big ones in a byte-budgeted
LRU). Random patterns come from `random.Random` seeded with fixed numbers, so every run draws the same cloth.
"""

from __future__ import annotations

import math
import random
import zlib
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.ui.art.canvas import finish, gradient, mix, reduce, rounded
from game.ui.art.looks import LOOKS, PALETTES
from game.ui.art.tile_faces import GOLD, GOLD_DARK, GOLD_LIGHT, RED, RED_DARK
from game.ui.art.tiles import TileArt
from game.ui.fonts import BLACK, Fonts

# the regions and their cloth palettes (centre colour, edge colour, motif light tone, motif dark tone, accent) live
# with the rest of each region's look in game.ui.art.looks
REGIONS = tuple(LOOKS)
REGION_NAMES = {rid: look.name for rid, look in LOOKS.items()}

CALL_TONES = {
    "hu": ((232, 64, 48), (160, 20, 22)),
    "zimo": ((246, 170, 40), (190, 100, 10)),
    "gang": ((150, 80, 200), (90, 36, 140)),
    "peng": ((50, 120, 220), (20, 64, 150)),
    "chi": ((40, 170, 90), (14, 104, 52)),
    "pass": ((130, 136, 140), (74, 78, 84)),
}
CALL_TONE_BY_LABEL = {
    "胡": "hu", "和": "hu", "自摸": "zimo", "杠": "gang", "槓": "gang",
    "碰": "peng", "吃": "chi", "过": "pass", "過": "pass",
}


def _seed(*parts) -> int:
    return zlib.crc32("/".join(str(p) for p in parts).encode("utf-8"))


def _radial(size: tuple[int, int], centre, edge, power: float = 1.6, small: int = 48,
            focus: tuple[float, float] = (0.5, 0.45)) -> pygame.Surface:
    """A smooth elliptical gradient: computed on a small grid, then smooth-scaled up."""
    w, h = size
    sw = max(4, small)
    sh = max(4, round(small * h / max(1, w)))
    grid = pygame.Surface((sw, sh), pygame.SRCALPHA)
    fx, fy = focus
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw - fx
            dy = (y + 0.5) / sh - fy
            d = min(1.0, math.sqrt(dx * dx * 3.2 + dy * dy * 3.2) / 1.15)
            grid.set_at((x, y), (*mix(centre, edge, d ** power), 255))
    return pygame.transform.smoothscale(grid, (w, h))


def _noise_tile(seed: int, size: int = 128, strength: int = 9) -> pygame.Surface:
    """Fine grain and a faint weave, as a tile to repeat over a cloth."""
    rng = random.Random(seed)
    data = bytearray(size * size * 4)
    raw = rng.randbytes(size * size)
    for i, v in enumerate(raw):
        light = v & 1
        a = (v >> 1) % strength
        o = i * 4
        c = 255 if light else 0
        data[o] = data[o + 1] = data[o + 2] = c
        data[o + 3] = a
    tile = pygame.image.frombytes(bytes(data), (size, size), "RGBA")
    # the weave: every third row and column a little darker
    weave = pygame.Surface((size, size), pygame.SRCALPHA)
    weave.fill((0, 0, 0, 0))
    for k in range(0, size, 3):
        pygame.draw.line(weave, (0, 0, 0, 7), (0, k), (size, k))
        pygame.draw.line(weave, (255, 255, 255, 4), (k, 0), (k, size))
    tile.blit(weave, (0, 0))
    return tile


def _mottle(seed: int, size: tuple[int, int], cell: int = 28, strength: int = 26) -> pygame.Surface:
    """Low-frequency blotches (light and dark), like the uneven nap of felt."""
    w, h = size
    gw, gh = max(2, w // cell), max(2, h // cell)
    rng = random.Random(seed)
    grid = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            v = rng.random()
            if v < 0.5:
                grid.set_at((x, y), (0, 0, 0, round((0.5 - v) * 2 * strength)))
            else:
                grid.set_at((x, y), (255, 255, 255, round((v - 0.5) * 2 * strength * 0.6)))
    return pygame.transform.smoothscale(grid, (w, h))


def _leaf_points(x, y, length, width, angle_deg, steps: int = 10) -> list[tuple[float, float]]:
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    top = []
    for k in range(steps + 1):
        t = k / steps
        along = (t - 0.5) * length
        across = math.sin(t * math.pi) ** 0.9 * width / 2
        top.append((along, across))
    pts = top + [(px, -py) for px, py in reversed(top[1:-1])]
    return [(x + px * ca - py * sa, y + px * sa + py * ca) for px, py in pts]


def _bezier(p0, p1, p2, steps: int = 20):
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _thick(surf, color, pts, width: float) -> None:
    w = max(1, round(width))
    if len(pts) > 1:
        pygame.draw.lines(surf, color, False, pts, w)
    if w >= 3:
        for p in pts:
            pygame.draw.circle(surf, color, p, w / 2)


class _Budget:
    """An LRU of surfaces bounded by their total size in bytes."""

    def __init__(self, budget: int):
        self.budget = budget
        self.items: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.bytes = 0

    def get(self, key):
        surf = self.items.get(key)
        if surf is not None:
            self.items.move_to_end(key)
        return surf

    def put(self, key, surf: pygame.Surface) -> None:
        self.items[key] = surf
        self.bytes += surf.get_width() * surf.get_height() * 4
        while self.bytes > self.budget and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * 4

    def drop(self, which: Callable[[tuple], bool]) -> None:
        for key in [k for k in self.items if which(k)]:
            old = self.items.pop(key)
            self.bytes -= old.get_width() * old.get_height() * 4

    def clear(self) -> None:
        self.items.clear()
        self.bytes = 0


class TableArt:
    """Draws and caches the table cloths, cards, dice, avatars, icons and buttons for one `Fonts`."""

    def __init__(self, fonts: Fonts, tiles: TileArt | None = None, budget_mb: int = 192):
        self.fonts = fonts
        self._tiles = tiles
        self._cache = _Budget(budget_mb * 1024 * 1024)
        self._labels: dict[int, pygame.Surface] = {}  # keeps label surfaces used in keys alive
        self._fonts_version = fonts.version

    @property
    def tiles(self) -> TileArt:
        if self._tiles is None:
            self._tiles = TileArt(self.fonts)
        return self._tiles

    def _cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        if self._fonts_version != self.fonts.version:
            self.clear()
            self._fonts_version = self.fonts.version
        surf = self._cache.get(key)
        if surf is None:
            surf = finish(make())
            self._cache.put(key, surf)
        return surf

    def clear(self) -> None:
        self._cache.clear()
        self._labels.clear()

    @staticmethod
    def strings() -> str:
        """Every character this class draws by itself (for glyph-coverage tests)."""
        return "庄" + "".join(REGION_NAMES.values())

    # ================================================================== felts
    def felt(self, region: str, size: tuple[int, int]) -> pygame.Surface:
        """The table cloth of `region` at `size` (opaque; identical on every run)."""
        if region not in PALETTES:
            raise ValueError(f"unknown region {region!r}; one of {', '.join(REGIONS)}")
        size = (max(16, int(size[0])), max(16, int(size[1])))
        return self._cached(("felt", region, size), lambda: self._felt(region, size))

    def _felt(self, region: str, size: tuple[int, int], motif_alpha: int = 34) -> pygame.Surface:
        w, h = size
        centre, edge = PALETTES[region][:2]
        base = _radial(size, centre, edge, 1.5)
        out = pygame.Surface(size)
        out.blit(base, (0, 0))
        out.blit(_mottle(_seed(region, "mottle"), size, cell=max(12, min(w, h) // 24)), (0, 0))
        motif = self._motif_layer(region, size, scene=False)
        motif.set_alpha(motif_alpha)
        out.blit(motif, (0, 0))
        grain = _noise_tile(_seed(region, "grain"))
        for y in range(0, h, grain.get_height()):
            for x in range(0, w, grain.get_width()):
                out.blit(grain, (x, y))
        # vignette: darken the borders a little more
        alpha = pygame.Surface((48, max(4, round(48 * h / w))), pygame.SRCALPHA)
        aw, ah = alpha.get_size()
        for y in range(ah):
            for x in range(aw):
                dx = (x + 0.5) / aw - 0.5
                dy = (y + 0.5) / ah - 0.47
                d = math.sqrt(dx * dx + dy * dy) / 0.7071
                alpha.set_at((x, y), (0, 0, 0, round(min(1.0, max(0.0, (d - 0.45) / 0.55)) ** 1.8 * 150)))
        vig = pygame.transform.smoothscale(alpha, size)
        out.blit(vig, (0, 0))
        return out

    def _motif_layer(self, region: str, size: tuple[int, int], scene: bool) -> pygame.Surface:
        """The region's pattern in opaque colours on a transparent layer (the caller sets its alpha)."""
        w, h = size
        ss = 2 if w * h <= 2_400_000 else 1
        layer = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        layer.fill((*PALETTES[region][2], 0))
        rng = random.Random(_seed(region, "motif", "scene" if scene else "felt"))
        draw = {
            "nanning": self._m_nanning,
            "beihai": self._m_beihai,
            "guiliu": self._m_guiliu,
            "guangdong": self._m_guangdong,
            "hainan": self._m_hainan,
        }[region]
        draw(layer, rng, PALETTES[region], scene)
        return reduce(layer, size) if ss > 1 else layer

    @staticmethod
    def _spots(rng: random.Random, w: int, h: int, n: int, calm: float = 0.55) -> list[tuple[float, float]]:
        """`n` scattered points, avoiding (mostly) a calm ellipse in the middle where the tiles lie."""
        pts: list[tuple[float, float]] = []
        tries = 0
        while len(pts) < n and tries < n * 40:
            tries += 1
            x, y = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
            dx, dy = x / w - 0.5, y / h - 0.47
            if (dx * dx + dy * dy) / (calm * calm * 0.25) < 1 and rng.random() > 0.08:
                continue
            if any((x - px) ** 2 + (y - py) ** 2 < (min(w, h) * 0.07) ** 2 for px, py in pts):
                continue
            pts.append((x, y))
        return pts

    # --- Nanning: 绿城, big tropical leaves and 朱槿 (hibiscus, the city flower)
    def _m_nanning(self, s: pygame.Surface, rng: random.Random, pal, scene: bool) -> None:
        w, h = s.get_size()
        _, _, light, dark, accent = pal
        unit = min(w, h)
        for x, y in self._spots(rng, w, h, 46 if not scene else 10):
            ln = unit * rng.uniform(0.07, 0.13) * (1.6 if scene else 1)
            ang = rng.uniform(0, 360)
            col = light if rng.random() < 0.7 else mix(light, (255, 255, 255), 0.4)
            pygame.draw.polygon(s, col, _leaf_points(x, y, ln, ln * 0.42, ang))
            a = math.radians(ang)
            pygame.draw.line(s, mix(col, dark, 0.5), (x - math.cos(a) * ln * 0.45, y - math.sin(a) * ln * 0.45),
                             (x + math.cos(a) * ln * 0.45, y + math.sin(a) * ln * 0.45), max(1, round(unit / 400)))
            if rng.random() < 0.25 and not scene:
                self._hibiscus(s, x + math.cos(a + 1.2) * ln * 0.5, y + math.sin(a + 1.2) * ln * 0.5, ln * 0.32,
                               mix(accent, (255, 255, 255), 0.3), (255, 230, 140), rng.uniform(0, 72))
        if scene:  # the emblem: a big 朱槿 with its leaves
            x, y = w * 0.56, h * 0.32
            for ang, k in ((200, 1.0), (250, 0.8), (320, 0.9), (20, 0.7)):
                a = math.radians(ang)
                ln = unit * 0.34 * k
                lx, ly = x + math.cos(a) * ln * 0.55, y + math.sin(a) * ln * 0.55
                pygame.draw.polygon(s, mix(light, dark, 0.2), _leaf_points(lx, ly, ln, ln * 0.45, ang))
            self._hibiscus(s, x, y, unit * 0.2, mix(accent, (255, 255, 255), 0.15), (255, 230, 140), 10)
            self._hibiscus(s, w * 0.2, h * 0.14, unit * 0.09, mix(accent, (255, 255, 255), 0.35), (255, 230, 140), 40)

    @staticmethod
    def _hibiscus(s, x, y, r, petal, centre, turn: float = 0.0) -> None:
        """朱槿: five broad overlapping petals, a deep red eye and a long stamen column."""
        edge = mix(petal, (90, 0, 20), 0.3)
        lw = max(1, round(r * 0.03))
        for k in range(5):
            a = math.radians(turn + k * 72)
            px, py = x + math.cos(a) * r * 0.52, y + math.sin(a) * r * 0.52
            pygame.draw.circle(s, edge, (px, py), r * 0.53)
            pygame.draw.circle(s, petal, (px, py), r * 0.5)
        for k in range(5):  # veins
            a = math.radians(turn + k * 72)
            for da in (-0.25, 0.0, 0.25):
                pygame.draw.line(s, edge, (x, y), (x + math.cos(a + da) * r * 0.8, y + math.sin(a + da) * r * 0.8), lw)
        star = []
        for k in range(10):
            a = math.radians(turn + k * 36)
            rr = r * (0.38 if k % 2 == 0 else 0.18)
            star.append((x + math.cos(a) * rr, y + math.sin(a) * rr))
        pygame.draw.polygon(s, mix(petal, (110, 0, 30), 0.55), star)
        a = math.radians(turn - 36)
        column = _bezier((x, y), (x + math.cos(a) * r * 0.7, y + math.sin(a) * r * 0.7 - r * 0.2),
                         (x + math.cos(a) * r * 1.25, y + math.sin(a) * r * 1.25 - r * 0.1), 10)
        _thick(s, mix(petal, (255, 255, 255), 0.4), column, max(1, r * 0.07))
        ex, ey = column[-1]
        for k in range(6):
            b = math.radians(k * 60)
            pygame.draw.circle(s, centre, (ex + math.cos(b) * r * 0.08, ey + math.sin(b) * r * 0.08), max(1, r * 0.05))
        for k in range(5):
            b = math.radians(k * 72)
            pygame.draw.circle(s, (200, 20, 40), (ex + math.cos(b) * r * 0.03, ey + math.sin(b) * r * 0.03),
                               max(1, r * 0.025))

    # --- Beihai: the sea, scallop shells and 南珠 pearls
    def _m_beihai(self, s: pygame.Surface, rng: random.Random, pal, scene: bool) -> None:
        w, h = s.get_size()
        _, _, light, dark, accent = pal
        unit = min(w, h)
        r = unit * (0.05 if not scene else 0.09)
        lw = max(1, round(unit / 260))
        # bands of 青海波 waves along the top and bottom borders
        rows = [(-0.2, 0.12), (0.86, 1.2)] if not scene else [(0.62, 1.2)]
        for y0, y1 in rows:
            y = y0 * h
            row = 0
            while y < y1 * h:
                off = (row % 2) * r
                x = -r + off
                while x < w + r:
                    for k, f in enumerate((1.0, 0.72, 0.44)):
                        col = light if k % 2 == 0 else mix(light, dark, 0.55)
                        pygame.draw.circle(s, col, (x, y), r * f, lw if k else 0)
                        if k == 0:
                            pygame.draw.circle(s, mix(light, dark, 0.35), (x, y), r * 0.86, lw)
                    x += 2 * r
                y += r * 0.55
                row += 1
        if scene:  # the emblem: a big scallop shell with a string of pearls
            self._shell(s, w * 0.5, h * 0.42, unit * 0.3, 0, light, dark)
            for k in range(7):
                a = math.radians(200 + k * 22)
                pr = unit * 0.025
                px, py = w * 0.5 + math.cos(a) * unit * 0.4, h * 0.4 + math.sin(a) * unit * 0.3 + unit * 0.05
                pygame.draw.circle(s, accent, (px, py), pr)
                pygame.draw.circle(s, (255, 255, 255), (px - pr * 0.3, py - pr * 0.3), pr * 0.35)
            return
        for x, y in self._spots(rng, w, h, 14, calm=0.6):
            if rng.random() < 0.6:
                self._shell(s, x, y, unit * rng.uniform(0.04, 0.06), rng.uniform(-40, 40), light, dark)
            else:
                pr = unit * rng.uniform(0.008, 0.014) * (2 if scene else 1)
                for k in range(rng.randint(1, 3)):
                    px, py = x + k * pr * 2.6, y + math.sin(k) * pr
                    pygame.draw.circle(s, accent, (px, py), pr)
                    pygame.draw.circle(s, (255, 255, 255), (px - pr * 0.3, py - pr * 0.3), pr * 0.35)

    @staticmethod
    def _shell(s, x, y, r, angle, light, dark) -> None:
        """A scallop shell: a ribbed fan with a scalloped rim and two ears at the hinge (x, y)."""
        a0 = math.radians(angle)
        ribs = 9
        def at(a, rr):
            return x + math.cos(a + a0) * rr, y + math.sin(a + a0) * rr
        start, end = math.radians(-165), math.radians(-15)
        rim = []
        steps = ribs * 6
        for k in range(steps + 1):
            a = start + (end - start) * k / steps
            bump = abs(math.sin(k / 6 * math.pi))
            rim.append(at(a, r * (0.94 + 0.06 * bump)))
        hinge = [at(math.radians(60), r * 0.1), at(math.radians(120), r * 0.1)]
        pygame.draw.polygon(s, mix(light, dark, 0.2), rim + hinge)
        for k in range(ribs):
            a_mid = start + (end - start) * (k + 0.5) / ribs
            half = (end - start) / ribs * 0.3
            pygame.draw.polygon(s, light, [at(0, 0), at(a_mid - half, r * 0.96), at(a_mid + half, r * 0.96)])
        lw = max(1, round(r / 30))
        for k in range(1, ribs):
            a = start + (end - start) * k / ribs
            pygame.draw.line(s, mix(light, dark, 0.5), at(0, 0), at(a, r * 0.94), lw)
        for k in range(1, 4):
            rr = r * k / 4
            pts = [at(start + (end - start) * j / 24, rr) for j in range(25)]
            pygame.draw.lines(s, mix(light, dark, 0.3), False, pts, lw)
        ear = r * 0.28
        for side in (-1, 1):
            pygame.draw.polygon(s, mix(light, dark, 0.15), [at(0, 0), at(math.radians(-90 + side * 70), ear),
                                                            at(math.radians(-90 + side * 35), ear * 1.05),
                                                            at(math.radians(-90 + side * 10), r * 0.2)])

    # --- Guiliu: 桂林 / 柳州 karst hills in ink wash, a river and a bamboo raft
    def _m_guiliu(self, s: pygame.Surface, rng: random.Random, pal, scene: bool) -> None:
        w, h = s.get_size()
        _, _, light, dark, accent = pal
        bands = [(0.24, 0.55, light), (0.16, 0.4, mix(light, dark, 0.25)), (0.09, 0.28, mix(light, dark, 0.5))]
        for i, (base, height, col) in enumerate(bands):
            pts = self._karst(rng, w, h * height, rng.randint(5, 8))
            pygame.draw.polygon(s, col, [(x, h - base * h * 0.3 - y) for x, y in pts] + [(w, h), (0, h)])
        if not scene:  # a faint far range along the top border, behind the opposite player
            pts = self._karst(rng, w, h * 0.2, 9)
            pygame.draw.polygon(s, mix(light, dark, 0.6), [(x, y * 0.8) for x, y in pts] + [(w, 0), (0, 0)])
        # mist bands and a river line
        lw = max(1, round(min(w, h) / 300))
        for k in range(3):
            y = h * (0.8 + 0.05 * k)
            pts = [(x, y + math.sin(x / w * 9 + k) * h * 0.008) for x in range(0, w + 20, 20)]
            pygame.draw.lines(s, mix(light, (255, 255, 255), 0.5), False, pts, lw)
        # the moon
        mx, my = w * (0.82 if not scene else 0.76), h * (0.18 if not scene else 0.24)
        pygame.draw.circle(s, accent, (mx, my), min(w, h) * (0.05 if not scene else 0.1))
        # a raft with a fisherman
        rx, ry = w * 0.22, h * 0.86
        u = min(w, h) * (0.02 if not scene else 0.04)
        pygame.draw.polygon(s, dark, [(rx - u * 3, ry), (rx + u * 3, ry), (rx + u * 2.4, ry + u * 0.5),
                                      (rx - u * 2.6, ry + u * 0.5)])
        pygame.draw.polygon(s, dark, [(rx - u * 0.9, ry - u * 1.6), (rx + u * 0.9, ry - u * 1.6), (rx, ry - u * 2.3)])
        pygame.draw.line(s, dark, (rx, ry - u * 1.6), (rx, ry), max(1, round(u * 0.4)))
        pygame.draw.line(s, dark, (rx + u * 0.3, ry - u * 1.2), (rx + u * 3.4, ry - u * 2.8), max(1, round(u * 0.2)))

    @staticmethod
    def _karst(rng: random.Random, w: int, hh: float, n: int) -> list[tuple[float, float]]:
        """The outline of a row of rounded, steep karst peaks: (x, height) pairs across the width."""
        pts: list[tuple[float, float]] = []
        peaks = sorted(rng.uniform(0, w) for _ in range(n))
        heights = [rng.uniform(0.45, 1.0) * hh for _ in range(n)]
        widths = [rng.uniform(0.05, 0.11) * w for _ in range(n)]
        for xi in range(0, w + 8, 8):
            y = hh * 0.16
            for px, ph, pw in zip(peaks, heights, widths):
                d = (xi - px) / pw
                y = max(y, ph / (1 + d * d * d * d) if abs(d) < 4 else 0)
            pts.append((xi, y))
        return pts

    # --- Guangdong: 木棉花, the red kapok blossom of Guangzhou, on branches
    def _m_guangdong(self, s: pygame.Surface, rng: random.Random, pal, scene: bool) -> None:
        w, h = s.get_size()
        centre, _, light, dark, accent = pal
        unit = min(w, h)
        branch = mix(dark, (60, 30, 20), 0.5)
        corners = [(0, 0), (w, 0), (0, h), (w, h)] if not scene else [(w * 0.05, h * 0.15)]
        for cx, cy in corners:
            tx = w * 0.5 + (cx - w * 0.5) * 0.35
            ty = h * 0.5 + (cy - h * 0.5) * 0.35
            mx = (cx + tx) / 2 + rng.uniform(-0.08, 0.08) * w
            my = (cy + ty) / 2 + rng.uniform(-0.08, 0.08) * h
            if scene:
                tx, ty, mx, my = w * 0.95, h * 0.35, w * 0.5, h * 0.05
            pts = _bezier((cx, cy), (mx, my), (tx, ty), 24)
            _thick(s, branch, pts, unit * (0.012 if not scene else 0.02))
            for k in (6, 11, 16, 21, 24):
                bx, by = pts[min(k, len(pts) - 1)]
                off = rng.uniform(-1, 1) * unit * 0.03
                self._kapok(s, bx + off, by - off, unit * rng.uniform(0.03, 0.045) * (1.8 if scene else 1),
                            rng.uniform(0, 72), light, accent)
        for x, y in self._spots(rng, w, h, 14 if not scene else 4, calm=0.6):
            self._kapok(s, x, y, unit * rng.uniform(0.02, 0.03) * (1.6 if scene else 1), rng.uniform(0, 72),
                        mix(light, centre, 0.3), accent)

    @staticmethod
    def _kapok(s, x, y, r, turn, petal, stamen) -> None:
        for k in range(5):
            a = turn + k * 72
            pygame.draw.polygon(s, petal, _leaf_points(x + math.cos(math.radians(a)) * r * 0.55,
                                                       y + math.sin(math.radians(a)) * r * 0.55, r * 1.1, r * 0.62, a))
        pygame.draw.circle(s, mix(petal, (90, 0, 0), 0.35), (x, y), r * 0.3)
        for k in range(6):
            a = math.radians(turn + k * 60 + 15)
            pygame.draw.circle(s, stamen, (x + math.cos(a) * r * 0.26, y + math.sin(a) * r * 0.26), max(1, r * 0.08))

    # --- Hainan: coconut palms, the sun and the sea
    def _m_hainan(self, s: pygame.Surface, rng: random.Random, pal, scene: bool) -> None:
        w, h = s.get_size()
        _, _, light, dark, accent = pal
        unit = min(w, h)
        # the sun
        sx, sy = (w * 0.85, h * 0.18) if not scene else (w * 0.7, h * 0.3)
        pygame.draw.circle(s, accent, (sx, sy), unit * (0.06 if not scene else 0.13))
        # waves along the bottom
        lw = max(1, round(unit / 220))
        for k in range(5):
            y = h * (0.9 + k * 0.025) if not scene else h * (0.74 + k * 0.06)
            amp = unit * 0.008
            pts = [(x, y + math.sin(x / unit * 28 + k * 1.7) * amp) for x in range(0, w + 16, 8)]
            pygame.draw.lines(s, light, False, pts, lw)
        palms = [(w * 0.06, h * 1.02, 1.0, 8), (w * 0.14, h * 1.04, 0.75, -4), (w * 0.93, h * 1.02, 0.95, -10)]
        if not scene:
            palms.append((w * 0.04, h * 0.26, 0.5, 14))
        else:
            palms = [(w * 0.22, h * 1.0, 1.3, 10), (w * 0.36, h * 1.02, 0.9, -6)]
        for x, y, k, lean in palms:
            self._palm(s, x, y, unit * 0.42 * k, lean, light, dark)

    @staticmethod
    def _palm(s, x, y, height, lean, light, dark) -> None:
        top = (x + height * math.sin(math.radians(lean)) * 1.2, y - height)
        ctrl = (x + height * 0.3 * math.copysign(1, lean or 1), y - height * 0.5)
        trunk = _bezier((x, y), ctrl, top, 16)
        for i, p in enumerate(trunk):
            r = height * (0.045 - 0.02 * i / len(trunk))
            pygame.draw.circle(s, light if i % 2 else mix(light, dark, 0.25), p, r)
        tx, ty = top
        for k, a in enumerate((-170, -140, -105, -70, -35, -5, 200)):
            ar = math.radians(a)
            end = (tx + math.cos(ar) * height * 0.55, ty + math.sin(ar) * height * 0.35 + height * 0.18)
            mid = (tx + math.cos(ar) * height * 0.3, ty + math.sin(ar) * height * 0.32 - height * 0.06)
            frond = _bezier((tx, ty), mid, end, 12)
            for i in range(1, len(frond)):
                fx, fy = frond[i]
                px, py = frond[i - 1]
                dx, dy = fx - px, fy - py
                ln = math.hypot(dx, dy) or 1
                nx, ny = -dy / ln, dx / ln
                leaf = height * 0.09 * math.sin(i / len(frond) * math.pi)
                pygame.draw.polygon(s, light, [(px, py), (fx, fy), (fx + nx * leaf + dx, fy + ny * leaf + dy * 2)])
                pygame.draw.polygon(s, light, [(px, py), (fx, fy), (fx - nx * leaf + dx, fy - ny * leaf + dy * 2)])
            _thick(s, mix(light, dark, 0.3), frond, max(1, height * 0.012))
        for k in range(3):
            pygame.draw.circle(s, mix(light, dark, 0.45), (tx - height * 0.03 + k * height * 0.03, ty + height * 0.04),
                               height * 0.028)

    # ================================================================== cards and title
    def region_card(self, region: str, size: tuple[int, int], title: str, subtitle: str = "") -> pygame.Surface:
        """A card for the new-game screen: the region's scene, its name and a subtitle (rounded, transparent
        corners)."""
        if region not in PALETTES:
            raise ValueError(f"unknown region {region!r}")
        size = (max(40, int(size[0])), max(40, int(size[1])))
        return self._cached(("card", region, size, title, subtitle), lambda: self._card(region, size, title, subtitle))

    def _card(self, region: str, size: tuple[int, int], title: str, subtitle: str) -> pygame.Surface:
        w, h = size
        centre, edge, _, _, accent = PALETTES[region]
        art = pygame.Surface(size)
        art.blit(_radial(size, mix(centre, (255, 255, 255), 0.12), edge, 1.3, focus=(0.5, 0.35)), (0, 0))
        scene = self._motif_layer(region, size, scene=True)
        scene.set_alpha(185)
        art.blit(scene, (0, 0))
        grain = _noise_tile(_seed(region, "card"), 96)
        for y in range(0, h, 96):
            for x in range(0, w, 96):
                art.blit(grain, (x, y))
        # a dark band at the bottom for the text
        fade = pygame.Surface((1, 64), pygame.SRCALPHA)
        for i in range(64):
            fade.set_at((0, i), (0, 0, 0, round(200 * (i / 63) ** 1.4)))
        shade = pygame.transform.smoothscale(fade, (w, h // 2))
        art.blit(shade, (0, h - h // 2))
        r = max(6, round(min(w, h) * 0.07))
        card = rounded(size, r, _as_alpha(art))
        # title and subtitle, laid from the card's bottom up by their real heights, so neither is cut off
        tsize = max(12, round(h * 0.16))
        text = self.fonts.render(title, tsize, (255, 250, 236), bold=True)
        if text.get_width() > w * 0.86:
            text = pygame.transform.smoothscale_by(text, w * 0.86 / text.get_width())
        sub = None
        bottom = h - max(3, round(h * 0.05))
        if subtitle:
            sub = self.fonts.render(subtitle, max(11, round(h * 0.1)), mix(accent, (255, 255, 255), 0.5))
            if sub.get_width() > w * 0.86:
                sub = pygame.transform.smoothscale_by(sub, w * 0.86 / sub.get_width())
            bottom -= sub.get_height()
        ty = bottom - text.get_height()
        shadow = self.fonts.render(title, tsize, (0, 0, 0), bold=True)
        if shadow.get_size() != text.get_size():
            shadow = pygame.transform.smoothscale(shadow, text.get_size())
        shadow.set_alpha(140)
        card.blit(shadow, (round(w * 0.08) + 2, ty + 2))
        card.blit(text, (round(w * 0.08), ty))
        if sub is not None:
            card.blit(sub, (round(w * 0.08), bottom))
        # a thin gold frame
        frame = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
        frame.fill((*GOLD, 0))
        pygame.draw.rect(frame, (*GOLD_LIGHT, 230), (1, 1, w * 2 - 2, h * 2 - 2), max(2, round(min(w, h) / 70)) * 2,
                         border_radius=r * 2)
        card.blit(reduce(frame, size), (0, 0))
        return card

    def title_background(self, size: tuple[int, int]) -> pygame.Surface:
        """The title screen: a Lingnan night landscape with a fan of tiles; space on the left for the title."""
        size = (max(64, int(size[0])), max(64, int(size[1])))
        return self._cached(("title", size), lambda: self._title(size))

    def _title(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        unit = min(w, h)
        out = pygame.Surface(size)
        out.blit(_radial(size, (28, 92, 80), (6, 22, 26), 1.2, focus=(0.62, 0.4)), (0, 0))
        rng = random.Random(_seed("title"))
        # a warm moon glow
        glow = pygame.Surface((64, 64), pygame.SRCALPHA)
        for y in range(64):
            for x in range(64):
                d = math.hypot(x - 31.5, y - 31.5) / 32
                glow.set_at((x, y), (255, 214, 140, round(max(0.0, 1 - d) ** 2 * 110)))
        g = pygame.transform.smoothscale(glow, (round(unit * 0.9), round(unit * 0.9)))
        out.blit(g, g.get_rect(center=(w * 0.78, h * 0.22)))
        pygame.draw.circle(out, (250, 232, 190), (w * 0.78, h * 0.22), unit * 0.06)
        # karst hills in three ink-wash layers
        ss = 2 if w * h <= 2_400_000 else 1
        hills = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        hills.fill((0, 0, 0, 0))
        for i, (hh, col) in enumerate(((0.5, (38, 86, 80, 255)), (0.36, (22, 60, 58, 255)), (0.22, (10, 34, 34, 255)))):
            pts = self._karst(rng, w * ss, h * ss * hh, 7 + i)
            poly = [(x, h * ss - y - h * ss * 0.02 * (2 - i)) for x, y in pts] + [(w * ss, h * ss), (0, h * ss)]
            pygame.draw.polygon(hills, col, poly)
        out.blit(reduce(hills, size), (0, 0))
        # stars
        for _ in range(70):
            x, y = rng.uniform(0, w), rng.uniform(0, h * 0.45)
            c = rng.randint(150, 255)
            pygame.draw.circle(out, (c, c, min(255, c + 20)), (x, y), rng.choice((1, 1, 1, 1.5)))
        # a fan of big tiles in the bottom-right corner, clear of a centred menu and its row of small buttons
        tw = max(24, round(unit * 0.12))
        kinds = (31, 32, 9, 18, 0)  # 中 發 一筒 幺鸡 一萬
        cx, cy = w - tw * (2 * 0.8 + 0.8), h * 0.87
        for i, kind in enumerate(kinds):
            ang = 28 - i * 14
            tile = self.tiles.face(kind, tw)
            rot = pygame.transform.rotozoom(tile, ang, 1.0)
            px = cx + (i - 2) * tw * 0.8
            py = cy - abs(i - 2) * tw * 0.1 - unit * 0.04
            shadow = pygame.Surface(rot.get_size(), pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 0))
            shadow.blit(rot, (0, 0))
            shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MIN)
            shadow.set_alpha(90)
            out.blit(shadow, shadow.get_rect(center=(px + unit * 0.012, py + unit * 0.02)))
            out.blit(rot, rot.get_rect(center=(px, py)))
        # a gold key-fret band along the top and bottom
        self._fret(out, 0, max(6, round(unit * 0.03)))
        self._fret(out, h - max(6, round(unit * 0.03)), max(6, round(unit * 0.03)))
        grain = _noise_tile(_seed("title", "grain"), 128, 10)
        for y in range(0, h, 128):
            for x in range(0, w, 128):
                out.blit(grain, (x, y))
        return out

    @staticmethod
    def _fret(surf: pygame.Surface, y: int, band: int) -> None:
        """A 回纹 key-fret border in dim gold."""
        w = surf.get_width()
        layer = pygame.Surface((w, band), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 150))
        col = (*GOLD, 200)
        lw = max(1, band // 8)
        step = band
        m = band * 0.2
        for x in range(0, w + step, step):
            pts = [(x + m, band - m), (x + m, m), (x + step - m, m), (x + step - m, band - m * 2.4),
                   (x + m * 2.4, band - m * 2.4), (x + m * 2.4, m * 2.4)]
            pygame.draw.lines(layer, col, False, pts, lw)
        pygame.draw.line(layer, col, (0, 0), (w, 0), lw)
        pygame.draw.line(layer, col, (0, band - 1), (w, band - 1), lw)
        surf.blit(layer, (0, y))

    # ================================================================== small things
    def die(self, value: int, size: int) -> pygame.Surface:
        """A white die showing `value` (1-6): 1 and 4 with red pips, as on Chinese dice."""
        if not 1 <= int(value) <= 6:
            raise ValueError(f"a die shows 1-6, not {value!r}")
        size = max(8, int(size))
        return self._cached(("die", int(value), size), lambda: self._die(int(value), size))

    @staticmethod
    def _die(value: int, size: int) -> pygame.Surface:
        ss = 4
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        big.fill((0, 0, 0, 0))
        r = round(S * 0.2)
        pygame.draw.rect(big, (0, 0, 0, 90), (S * 0.06, S * 0.08, S * 0.94, S * 0.92), border_radius=r)
        big = pygame.transform.gaussian_blur(big, max(1, ss * size // 24))
        body = rounded((round(S * 0.92), round(S * 0.92)), r, gradient((round(S * 0.92), round(S * 0.92)),
                                                                        (255, 255, 255), (214, 210, 200)))
        big.blit(body, (0, 0))
        top = rounded((round(S * 0.8), round(S * 0.8)), round(r * 0.8),
                      gradient((round(S * 0.8), round(S * 0.8)), (255, 255, 255), (236, 234, 228)))
        big.blit(top, (round(S * 0.06), round(S * 0.05)))
        c = S * 0.46
        off = S * 0.22
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
        red = value in (1, 4)
        pr = S * (0.17 if value == 1 else 0.075)
        for dx, dy in pips:
            x, y = c + dx * off, c + dy * off
            col = RED if red else (30, 30, 40)
            pygame.draw.circle(big, mix(col, (0, 0, 0), 0.4), (x, y + ss * 0.5), pr)
            pygame.draw.circle(big, col, (x, y), pr * 0.92)
            pygame.draw.circle(big, mix(col, (255, 255, 255), 0.35), (x - pr * 0.25, y - pr * 0.3), pr * 0.3)
        return reduce(big, (size, size))

    def avatar(self, seed, size: int) -> pygame.Surface:
        """A friendly face in a circle, different for each seed (an int or a string, e.g. a player name)."""
        size = max(16, int(size))
        return self._cached(("avatar", str(seed), size), lambda: self._avatar(str(seed), size))

    @staticmethod
    def _avatar(seed: str, size: int) -> pygame.Surface:
        rng = random.Random(_seed("avatar", seed))
        ss = 4
        S = size * ss
        c = S / 2
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        big.fill((0, 0, 0, 0))
        bgs = [(242, 196, 120), (140, 200, 220), (170, 214, 150), (236, 160, 160), (190, 170, 230), (250, 220, 150),
               (150, 190, 240), (240, 180, 120)]
        skins = [(255, 224, 196), (246, 206, 168), (228, 180, 140), (196, 142, 100), (150, 100, 70)]
        hairs = [(30, 26, 26), (60, 40, 30), (96, 64, 40), (150, 150, 156), (20, 20, 40), (120, 60, 40)]
        shirts = [(200, 40, 50), (30, 110, 180), (30, 140, 90), (240, 180, 40), (120, 70, 170), (230, 110, 40)]
        bg = rng.choice(bgs)
        skin = rng.choice(skins)
        hair = rng.choice(hairs)
        shirt = rng.choice(shirts)
        style = rng.choice(("short", "long", "bun", "bald", "cap", "side"))
        glasses = rng.random() < 0.25
        pygame.draw.circle(big, mix(bg, (0, 0, 0), 0.25), (c, c), c)
        pygame.draw.circle(big, bg, (c, c), c - ss * 1.5)
        pygame.draw.circle(big, mix(bg, (255, 255, 255), 0.3), (c - S * 0.16, c - S * 0.2), S * 0.2)
        inner = pygame.Surface((S, S), pygame.SRCALPHA)
        inner.fill((0, 0, 0, 0))
        fx, fy, fr = c, S * 0.46, S * 0.22
        if style == "long":
            pygame.draw.ellipse(inner, hair, (fx - fr * 1.25, fy - fr * 1.2, fr * 2.5, fr * 3.1))
        # shoulders and neck
        pygame.draw.ellipse(inner, shirt, (c - S * 0.36, S * 0.74, S * 0.72, S * 0.5))
        pygame.draw.rect(inner, mix(skin, (0, 0, 0), 0.12), (fx - fr * 0.35, fy + fr * 0.6, fr * 0.7, fr * 0.9))
        pygame.draw.polygon(inner, mix(shirt, (255, 255, 255), 0.35),
                            [(fx - fr * 0.45, S * 0.76), (fx, S * 0.86), (fx + fr * 0.45, S * 0.76)])
        # ears and face
        for side in (-1, 1):
            pygame.draw.circle(inner, mix(skin, (0, 0, 0), 0.06), (fx + side * fr * 0.98, fy + fr * 0.08), fr * 0.22)
        pygame.draw.ellipse(inner, skin, (fx - fr, fy - fr * 1.05, fr * 2, fr * 2.2))
        # hair on top
        if style in ("short", "long", "bun", "side"):
            pygame.draw.ellipse(inner, hair, (fx - fr * 1.06, fy - fr * 1.22, fr * 2.12, fr * 1.25))
            pygame.draw.rect(inner, skin, (fx - fr * 0.8, fy - fr * 0.42, fr * 1.6, fr * 0.3))
            if style == "side":
                pygame.draw.polygon(inner, hair, [(fx - fr * 1.0, fy - fr * 0.5), (fx + fr * 0.6, fy - fr * 0.95),
                                                  (fx - fr * 0.2, fy - fr * 0.35)])
            else:
                pygame.draw.ellipse(inner, hair, (fx - fr * 0.95, fy - fr * 0.85, fr * 1.9, fr * 0.5))
            if style == "bun":
                pygame.draw.circle(inner, hair, (fx, fy - fr * 1.25), fr * 0.42)
        elif style == "cap":
            pygame.draw.ellipse(inner, shirt, (fx - fr * 1.05, fy - fr * 1.25, fr * 2.1, fr * 1.1))
            pygame.draw.rect(inner, shirt, (fx - fr * 1.05, fy - fr * 0.72, fr * 2.1, fr * 0.22))
            pygame.draw.ellipse(inner, mix(shirt, (0, 0, 0), 0.2), (fx - fr * 0.2, fy - fr * 0.66, fr * 1.5, fr * 0.28))
        else:  # bald with a little grey hair at the sides
            for side in (-1, 1):
                pygame.draw.ellipse(inner, hairs[3], (fx + side * fr * 0.75 - fr * 0.25, fy - fr * 0.45, fr * 0.5,
                                                      fr * 0.6))
        # face features
        ink = (50, 36, 30)
        ey = fy + fr * 0.05
        for side in (-1, 1):
            ex = fx + side * fr * 0.4
            if rng.random() < 0.5:
                pygame.draw.circle(inner, ink, (ex, ey), fr * 0.11)
                pygame.draw.circle(inner, (255, 255, 255), (ex + fr * 0.04, ey - fr * 0.04), fr * 0.035)
            else:
                pygame.draw.arc(inner, ink, (ex - fr * 0.16, ey - fr * 0.1, fr * 0.32, fr * 0.24), 0.3, math.pi - 0.3,
                                max(1, round(fr * 0.07)))
            brow = ((ex - fr * 0.17, ey - fr * 0.28), (ex + fr * 0.17, ey - fr * 0.3 - side * fr * 0.02))
            pygame.draw.line(inner, mix(hair, skin, 0.2), *brow, max(1, round(fr * 0.07)))
            pygame.draw.circle(inner, (250, 150, 150), (fx + side * fr * 0.58, fy + fr * 0.38), fr * 0.14)
        if glasses:
            for side in (-1, 1):
                pygame.draw.circle(inner, (40, 40, 50), (fx + side * fr * 0.4, ey), fr * 0.24, max(1, round(fr * 0.06)))
            pygame.draw.line(inner, (40, 40, 50), (fx - fr * 0.16, ey), (fx + fr * 0.16, ey), max(1, round(fr * 0.06)))
        pygame.draw.arc(inner, (170, 60, 60), (fx - fr * 0.32, fy + fr * 0.2, fr * 0.64, fr * 0.5), math.pi + 0.35,
                        2 * math.pi - 0.35, max(1, round(fr * 0.08)))
        # clip the figure to the circle
        mask = pygame.Surface((S, S), pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c - ss * 1.5)
        inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(inner, (0, 0))
        return reduce(big, (size, size))

    def dealer_mark(self, size: int, word: str = "庄") -> pygame.Surface:
        """A round red token with a gold 庄 (or the word the player's language gives: 莊) marking the dealer."""
        size = max(12, int(size))
        return self._cached(("dealer", size, word), lambda: self._dealer(size, word))

    def _dealer(self, size: int, word: str = "庄") -> pygame.Surface:
        ss = 4
        S = size * ss
        c = S / 2
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        big.fill((*RED_DARK, 0))
        pygame.draw.circle(big, (0, 0, 0, 100), (c + ss, c + ss * 1.5), c - ss * 1.5)
        big = pygame.transform.gaussian_blur(big, ss * 2)
        pygame.draw.circle(big, GOLD_DARK, (c, c), c - ss * 2)
        pygame.draw.circle(big, GOLD, (c, c), c - ss * 3.2)
        pygame.draw.circle(big, RED_DARK, (c, c), c - S * 0.1)
        pygame.draw.circle(big, RED, (c, c), c - S * 0.12)
        pygame.draw.circle(big, mix(RED, (255, 255, 255), 0.25), (c - S * 0.1, c - S * 0.12), S * 0.2)
        pygame.draw.circle(big, RED, (c, c), S * 0.3)
        pygame.draw.circle(big, GOLD, (c, c), c - S * 0.15, max(1, ss))
        out = reduce(big, (size, size))
        glyph = self.fonts.glyph(word[:1], size * 0.52, GOLD_LIGHT, BLACK)
        out.blit(glyph, glyph.get_rect(center=(size / 2, size / 2)))
        return out

    def speaker_icon(self, size: int, muted: bool = False, color=(245, 240, 225)) -> pygame.Surface:
        """A loudspeaker with sound waves, or with a red cross when muted."""
        size = max(10, int(size))
        return self._cached(("speaker", size, bool(muted), tuple(color)), lambda: self._speaker(size, muted, color))

    @staticmethod
    def _speaker(size: int, muted: bool, color) -> pygame.Surface:
        ss = 4
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        big.fill((*color[:3], 0))
        u = S / 24
        body = [(3, 9), (7, 9), (13, 4), (13, 20), (7, 15), (3, 15)]
        pygame.draw.polygon(big, color, [(x * u, y * u) for x, y in body])
        lw = max(2, round(u * 1.8))
        if muted:
            red = (230, 70, 60)
            pygame.draw.line(big, red, (15.5 * u, 8.5 * u), (22 * u, 15.5 * u), lw)
            pygame.draw.line(big, red, (22 * u, 8.5 * u), (15.5 * u, 15.5 * u), lw)
        else:
            for r in (4.5, 8.5):
                rect = pygame.Rect(0, 0, 2 * r * u, 2 * r * u)
                rect.center = (12 * u, 12 * u)
                pygame.draw.arc(big, color, rect, -0.85, 0.85, lw)
        return reduce(big, (size, size))

    def button(self, size: tuple[int, int], label_surface: pygame.Surface | None, style: str = "primary",
               tone: str | None = None, state: str = "normal") -> pygame.Surface:
        """A button with `label_surface` centred on it (render labels in a light colour).

        `style`: "primary" (red lacquer with a gold rim), "secondary" (smoked glass with an ivory rim) or "call"
        (a big round chip of diameter min(size); `tone` picks its colour: hu, zimo, gang, peng, chi, pass).
        `state`: normal, hover, pressed or disabled. Cached per label surface object: keep and reuse labels
        (e.g. from `Fonts.render`, which caches)."""
        if style not in ("primary", "secondary", "call"):
            raise ValueError(f"unknown button style {style!r}")
        if state not in ("normal", "hover", "pressed", "disabled"):
            raise ValueError(f"unknown button state {state!r}")
        size = (max(8, int(size[0])), max(8, int(size[1])))
        lid = id(label_surface) if label_surface is not None else 0
        if label_surface is not None and self._labels.get(lid) is not label_surface:
            if len(self._labels) >= 512:  # callers making fresh labels every frame: start over
                self._labels.clear()
                self._cache.drop(lambda k: k[0] == "button")
            self._labels[lid] = label_surface  # kept alive, so no other surface can take its id
        key = ("button", size, lid, style, tone, state)
        return self._cached(key, lambda: self._button(size, label_surface, style, tone, state))

    def _button(self, size, label, style, tone, state) -> pygame.Surface:
        w, h = size
        ss = 3
        W, H = w * ss, h * ss
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill((0, 0, 0, 0))
        lift = {"normal": 1.0, "hover": 1.0, "pressed": 0.3, "disabled": 0.6}[state]
        light = {"hover": 0.18, "pressed": -0.12}.get(state, 0.0)

        def shade(c):
            return mix(c, (255, 255, 255), light) if light >= 0 else mix(c, (0, 0, 0), -light)

        if style == "call":
            d = min(W, H)
            cx, cy = W / 2, H / 2
            top, bottom = CALL_TONES.get(tone or "hu", CALL_TONES["hu"])
            if state == "disabled":
                top, bottom = mix(top, (128, 128, 128), 0.7), mix(bottom, (90, 90, 90), 0.7)
            top, bottom = shade(top), shade(bottom)
            r = d / 2 - ss * 2
            drop = ss * 2.5 * lift
            big.blit(_soft_shadow((W, H), ss, lambda sh, k: pygame.draw.circle(
                sh, (0, 0, 0, 120), (cx / k, (cy + drop) / k), r / k)), (0, 0))
            oy = -drop * 0.5 + (ss if state == "pressed" else 0)
            pygame.draw.circle(big, mix(bottom, (0, 0, 0), 0.35), (cx, cy + oy + ss * 1.5), r)
            disc = rounded((round(2 * r), round(2 * r)), round(r), gradient((round(2 * r), round(2 * r)), top, bottom))
            big.blit(disc, (cx - r, cy - r + oy))
            pygame.draw.circle(big, (255, 246, 220), (cx, cy + oy), r, max(2, round(r * 0.07)))
            pygame.draw.circle(big, (*mix(top, (255, 255, 255), 0.5), 255), (cx, cy + oy), r * 0.8,
                               max(1, round(r * 0.025)))
            # gloss
            gl = pygame.Surface((W, H), pygame.SRCALPHA)
            gl.fill((255, 255, 255, 0))
            pygame.draw.ellipse(gl, (255, 255, 255, 70), (cx - r * 0.7, cy + oy - r * 0.92, r * 1.4, r * 0.8))
            big.blit(gl, (0, 0))
            centre = (w / 2, h / 2 + oy / ss)
            max_w = 2 * r / ss * 0.78
        else:
            r = round(min(H * 0.32, W * 0.2))
            drop = ss * 2 * lift
            big.blit(_soft_shadow((W, H), ss, lambda sh, k: pygame.draw.rect(
                sh, (0, 0, 0, 110), (2 * ss / k, (ss * 2 + drop) / k, (W - ss * 4) / k, (H - ss * 4 - drop * 0.5) / k),
                border_radius=max(1, round(r / k)))), (0, 0))
            oy = ss if state == "pressed" else 0
            bw, bh = W - ss * 4, H - ss * 4 - round(drop)
            if style == "primary":
                top, bottom, rim = (214, 64, 48), (150, 26, 26), GOLD_LIGHT
                if state == "disabled":
                    top, bottom, rim = (150, 120, 116), (110, 90, 88), (200, 190, 170)
                body = rounded((bw, bh), r, gradient((bw, bh), shade(top), shade(bottom)))
                big.blit(body, (ss * 2, ss * 2 + oy))
                pygame.draw.rect(big, (*rim, 255), (ss * 2, ss * 2 + oy, bw, bh), max(2, ss), border_radius=r)
                inner = (ss * 4, ss * 4 + oy, bw - ss * 4, bh - ss * 4)
                pygame.draw.rect(big, (*mix(rim, (120, 60, 0), 0.5), 255), inner, max(1, ss // 2),
                                 border_radius=max(1, r - ss * 2))
            else:
                fill = (0, 0, 0, {"hover": 150, "pressed": 185}.get(state, 120))
                if state == "disabled":
                    fill = (40, 40, 40, 90)
                pygame.draw.rect(big, fill, (ss * 2, ss * 2 + oy, bw, bh), border_radius=r)
                rim = (245, 236, 210, 220 if state != "disabled" else 110)
                pygame.draw.rect(big, rim, (ss * 2, ss * 2 + oy, bw, bh), max(2, ss), border_radius=r)
            gl = pygame.Surface((bw, bh // 2), pygame.SRCALPHA)
            gl.fill((255, 255, 255, 0))
            pygame.draw.rect(gl, (255, 255, 255, 34 if style == "primary" else 18),
                             (ss * 2, ss, bw - ss * 4, bh // 2 - ss), border_radius=max(1, r - ss))
            big.blit(gl, (ss * 2, ss * 2 + oy))
            centre = (w / 2, (ss * 2 + oy + bh / 2) / ss)
            max_w = (bw - 2 * r) / ss
        out = reduce(big, size)
        if label is not None:
            lab = label
            if lab.get_width() > max_w:
                lab = pygame.transform.smoothscale_by(lab, max_w / lab.get_width())
            if state == "disabled":
                lab = lab.copy()
                lab.set_alpha(140)
            out.blit(lab, lab.get_rect(center=(round(centre[0]), round(centre[1]))))
        return out

    def call_label(self, text: str, size: int) -> pygame.Surface:
        """A label for a round call chip (white, bold) of diameter `size`; cached through `Fonts.render`."""
        px = round(size * (0.46 if len(text) == 1 else 0.3))
        return self.fonts.render(text, px, (255, 255, 255), bold=True)

    def call_button(self, text: str, size: int, state: str = "normal") -> pygame.Surface:
        """A round call chip for 胡 / 自摸 / 杠 / 碰 / 吃 / 过, coloured by the call."""
        return self.button((size, size), self.call_label(text, size), "call", CALL_TONE_BY_LABEL.get(text, "hu"), state)


def _soft_shadow(size: tuple[int, int], ss: int, draw: Callable[[pygame.Surface, int], object]) -> pygame.Surface:
    """A blurred shadow for a button drawn `ss` times too large: drawn and blurred at the button's own size, then
    scaled up (a blur has no detail to lose, and blurring the large surface took a tenth of a second at 2560 px)."""
    small = pygame.Surface((max(1, size[0] // ss), max(1, size[1] // ss)), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    draw(small, ss)
    return pygame.transform.smoothscale(pygame.transform.gaussian_blur(small, 2), size)


def _as_alpha(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out
