"""The table and everything around the tiles, drawn at run time: regional table cloths, region cards, the title
background, dice, avatars, the dealer token, a speaker icon and buttons.

All pictures are made at the size asked for and cached on the `TableArt` instance (big ones in a byte-budgeted
LRU). Random patterns come from `random.Random` seeded with fixed numbers, so every run draws the same cloth. The
cloths and the regions' patterns are drawn by `game.ui.art.cloths`; this module caches them and draws the rest.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.ui.art.canvas import finish, gradient, mix, reduce, rounded
from game.ui.art.cloths import Cloths, noise_tile, radial, seed_of
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
        self.cloths = Cloths()
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
        return self._cached(("felt", region, size), lambda: self.cloths.felt(region, size))

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
        art.blit(radial(size, mix(centre, (255, 255, 255), 0.12), edge, 1.3, focus=(0.5, 0.35)), (0, 0))
        scene = self.cloths.motif_layer(region, size, scene=True)
        scene.set_alpha(185)
        art.blit(scene, (0, 0))
        grain = noise_tile(seed_of(region, "card"), 96)
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
        out.blit(radial(size, (28, 92, 80), (6, 22, 26), 1.2, focus=(0.62, 0.4)), (0, 0))
        rng = random.Random(seed_of("title"))
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
            pts = Cloths.karst(rng, w * ss, h * ss * hh, 7 + i)
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
        grain = noise_tile(seed_of("title", "grain"), 128, 10)
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
        rng = random.Random(seed_of("avatar", seed))
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
