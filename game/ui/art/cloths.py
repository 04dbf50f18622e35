"""The regional table cloths: a radial gradient, a mottle and a woven grain under each region's own pattern (Nanning's
leaves and hibiscus, Beihai's shells and pearls, Guiliu's karst hills, Guangdong's kapok, Hainan's palms), drawn from
fixed seeds so every run draws the same cloth. The region cards and the title background use the same patterns."""

from __future__ import annotations

import math
import random
import zlib

import pygame

from game.ui.art.canvas import mix, reduce
from game.ui.art.looks import PALETTES


def seed_of(*parts) -> int:
    return zlib.crc32("/".join(str(p) for p in parts).encode("utf-8"))


def radial(size: tuple[int, int], centre, edge, power: float = 1.6, small: int = 48,
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


def noise_tile(seed: int, size: int = 128, strength: int = 9) -> pygame.Surface:
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


def mottle(seed: int, size: tuple[int, int], cell: int = 28, strength: int = 26) -> pygame.Surface:
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


def leaf_points(x, y, length, width, angle_deg, steps: int = 10) -> list[tuple[float, float]]:
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


def bezier(p0, p1, p2, steps: int = 20):
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def thick(surf, color, pts, width: float) -> None:
    w = max(1, round(width))
    if len(pts) > 1:
        pygame.draw.lines(surf, color, False, pts, w)
    if w >= 3:
        for p in pts:
            pygame.draw.circle(surf, color, p, w / 2)


class Cloths:
    """Draws the cloths and the region patterns (uncached: `TableArt` caches what it shows)."""

    def felt(self, region: str, size: tuple[int, int], motif_alpha: int = 34) -> pygame.Surface:
        """The table cloth of `region` at `size`, opaque: its gradient, mottle, pattern, weave and vignette."""
        w, h = size
        centre, edge = PALETTES[region][:2]
        base = radial(size, centre, edge, 1.5)
        out = pygame.Surface(size)
        out.blit(base, (0, 0))
        out.blit(mottle(seed_of(region, "mottle"), size, cell=max(12, min(w, h) // 24)), (0, 0))
        motif = self.motif_layer(region, size, scene=False)
        motif.set_alpha(motif_alpha)
        out.blit(motif, (0, 0))
        grain = noise_tile(seed_of(region, "grain"))
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

    def motif_layer(self, region: str, size: tuple[int, int], scene: bool) -> pygame.Surface:
        """The region's pattern in opaque colours on a transparent layer (the caller sets its alpha)."""
        w, h = size
        ss = 2 if w * h <= 2_400_000 else 1
        layer = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        layer.fill((*PALETTES[region][2], 0))
        rng = random.Random(seed_of(region, "motif", "scene" if scene else "felt"))
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
            pygame.draw.polygon(s, col, leaf_points(x, y, ln, ln * 0.42, ang))
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
                pygame.draw.polygon(s, mix(light, dark, 0.2), leaf_points(lx, ly, ln, ln * 0.45, ang))
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
        column = bezier((x, y), (x + math.cos(a) * r * 0.7, y + math.sin(a) * r * 0.7 - r * 0.2),
                         (x + math.cos(a) * r * 1.25, y + math.sin(a) * r * 1.25 - r * 0.1), 10)
        thick(s, mix(petal, (255, 255, 255), 0.4), column, max(1, r * 0.07))
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
            pts = self.karst(rng, w, h * height, rng.randint(5, 8))
            pygame.draw.polygon(s, col, [(x, h - base * h * 0.3 - y) for x, y in pts] + [(w, h), (0, h)])
        if not scene:  # a faint far range along the top border, behind the opposite player
            pts = self.karst(rng, w, h * 0.2, 9)
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
    def karst(rng: random.Random, w: int, hh: float, n: int) -> list[tuple[float, float]]:
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
            pts = bezier((cx, cy), (mx, my), (tx, ty), 24)
            thick(s, branch, pts, unit * (0.012 if not scene else 0.02))
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
            pygame.draw.polygon(s, petal, leaf_points(x + math.cos(math.radians(a)) * r * 0.55,
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
        trunk = bezier((x, y), ctrl, top, 16)
        for i, p in enumerate(trunk):
            r = height * (0.045 - 0.02 * i / len(trunk))
            pygame.draw.circle(s, light if i % 2 else mix(light, dark, 0.25), p, r)
        tx, ty = top
        for k, a in enumerate((-170, -140, -105, -70, -35, -5, 200)):
            ar = math.radians(a)
            end = (tx + math.cos(ar) * height * 0.55, ty + math.sin(ar) * height * 0.35 + height * 0.18)
            mid = (tx + math.cos(ar) * height * 0.3, ty + math.sin(ar) * height * 0.32 - height * 0.06)
            frond = bezier((tx, ty), mid, end, 12)
            for i in range(1, len(frond)):
                fx, fy = frond[i]
                px, py = frond[i - 1]
                dx, dy = fx - px, fy - py
                ln = math.hypot(dx, dy) or 1
                nx, ny = -dy / ln, dx / ln
                leaf = height * 0.09 * math.sin(i / len(frond) * math.pi)
                pygame.draw.polygon(s, light, [(px, py), (fx, fy), (fx + nx * leaf + dx, fy + ny * leaf + dy * 2)])
                pygame.draw.polygon(s, light, [(px, py), (fx, fy), (fx - nx * leaf + dx, fy - ny * leaf + dy * 2)])
            thick(s, mix(light, dark, 0.3), frond, max(1, height * 0.012))
        for k in range(3):
            pygame.draw.circle(s, mix(light, dark, 0.45), (tx - height * 0.03 + k * height * 0.03, ty + height * 0.04),
                               height * 0.028)
