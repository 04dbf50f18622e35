"""Mahjong tiles drawn at run time: faces, backs, lying tiles, wall stacks, the wildcard badge and a hover glow.

Everything is drawn with pygame.draw on a supersampled canvas and reduced with smoothscale (that is the
anti-aliasing); characters are rendered by FreeType at the final pixel size so they stay crisp. Every surface is
made at the size asked for and cached on the `TileArt` instance, so a resized window just asks for new sizes.

Sizes (`width` is always the tile's short side in pixels):

- `face(kind, w)` / `back(w)`: an upright tile, `size(w)` = (w, round(w * 1.36) + edge(w)).
- `lying(kind, w, quarter_turns)` / `lying_back(w, quarter_turns)`: a tile lying on the table, face up / down,
  seen from the player's chair: the top is foreshortened and the tile's thickness shows below. `quarter_turns`
  (counter-clockwise, like `pygame.transform.rotate`) turns the tile on the table, the thickness stays at the
  bottom: 1 = the right-hand seat (下家), 2 = the seat opposite, 3 = the left-hand seat.
- `stack(w, quarter_turns, layers)`: a wall stack of `layers` (2) face-down tiles.
- Backs follow a region's look (`game.ui.art.looks`): its colours and the emblem engraved on the back. Set
  `TileArt.look` to a region id (or pass `look=` to a method); the back's colour also shows as the lower layer of a
  face-up tile, while the ivory face itself is the same in every look.
- `rotated(surface, quarter_turns)` / `tinted(surface, color)`: cached derivatives of a (cached) surface.
- `badge_wild(w)`: a round gold badge with 鬼 to overlay on a wildcard tile; `highlight(w)`: a glowing rim the
  size of an upright tile, blitted over it.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.engine.tiles import FIRST_DRAGON, FIRST_FLOWER, FIRST_HONOR, NUM_KINDS
from game.ui.art.looks import DEFAULT_LOOK, LOOKS, RegionLook, look_of
from game.ui.fonts import BLACK, BOLD, Fonts

RATIO = 1.36  # face height / width

# ---- palette
IVORY_TOP = (253, 251, 243)
IVORY_BOTTOM = (238, 232, 214)
IVORY_RIM = (222, 212, 186)
IVORY_RIM_DARK = (196, 184, 154)
# the backs of the default look (each region's are in game.ui.art.looks)
_BACK = LOOKS[DEFAULT_LOOK].back
BACK_TOP, BACK_BOTTOM, BACK_DARK, BACK_LINE = _BACK.top, _BACK.bottom, _BACK.dark, _BACK.line
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


class _Pen:
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


class TileArt:
    """Draws and caches every tile picture for one `Fonts`; see the module docstring for sizes."""

    def __init__(self, fonts: Fonts, traditional: bool = True, cache_limit: int = 2400,
                 look: "str | RegionLook" = DEFAULT_LOOK):
        self.fonts = fonts
        self.traditional = traditional  # 萬 東 發 蘭 as printed on real sets; False: 万 东 发 兰
        self._look = look_of(look)
        self.cache_limit = cache_limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._rot: OrderedDict[int, tuple[pygame.Surface, dict[tuple, pygame.Surface]]] = OrderedDict()
        self._fonts_version = fonts.version
        # sizes a picture was first built at lately, (what, look, width, quarter turns) -> seconds one took: `warm`
        # builds the other kinds at those sizes between frames
        self._families: OrderedDict[tuple, float] = OrderedDict()

    # ---- the look of the backs
    @property
    def look(self) -> str:
        """The region whose backs are drawn (an id of `LOOKS`); every cache key carries it, so switching shows no
        stale back. Set it to a region id or a `RegionLook`; an id with no look gives the default."""
        return self._look.id

    @look.setter
    def look(self, value: "str | RegionLook") -> None:
        self._look = look_of(value)

    def _pick(self, look: "str | RegionLook | None") -> RegionLook:
        return self._look if look is None else look_of(look)

    # ---- cache
    def _cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        if self._fonts_version != self.fonts.version:
            self.clear()
            self._fonts_version = self.fonts.version
        surf = self._cache.get(key)
        if surf is None:
            surf = finish(make())
            self._cache[key] = surf
            while len(self._cache) > self.cache_limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def clear(self) -> None:
        self._cache.clear()
        self._rot.clear()
        self._families.clear()

    def _timed(self, family: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        start = time.perf_counter()
        surf = make()
        self._families[family] = time.perf_counter() - start
        while len(self._families) > 16:  # sizes of long ago (a window resized twice) are not worth building
            self._families.popitem(last=False)
        return surf

    def warm(self, deadline: float) -> int:
        """Build, until `deadline` (time.perf_counter), the faces still missing at the sizes a face was just drawn
        at: a table's first frames at a new size otherwise build each new tile as it first shows (up to 12 ms a
        tile at 2560 px), in the middle of an animation. A build is started only if it should end in time (what
        the last one of its size took). Returns how many were built."""
        built = 0
        while self._families:
            family, cost = next(iter(self._families.items()))
            what, look_id, width, q = family
            for kind in range(NUM_KINDS):
                key = ("face", look_id, kind, width) if what == "face" else ("lying", look_id, kind, width, q)
                if key in self._cache:
                    continue
                if time.perf_counter() + cost > deadline:
                    return built
                if what == "face":
                    self.face(kind, width, look_id)
                else:
                    self.lying(kind, width, q, look_id)
                built += 1
            self._families.pop(family, None)
        return built

    def strings(self) -> str:
        """Every character this class can draw (for glyph-coverage tests)."""
        return "".join(tile_chars(k, self.traditional) for k in range(NUM_KINDS)) + "鬼財财癞"

    # ---- geometry
    @staticmethod
    def edge(width: int) -> int:
        """Pixels the tile's body shows below the upright face (thickness plus shadow)."""
        return max(4, round(width * 0.14))

    @classmethod
    def size(cls, width: int) -> tuple[int, int]:
        """Size of `face(kind, width)` and `back(width)`."""
        return width, round(width * RATIO) + cls.edge(width)

    @staticmethod
    def _upright_geom(width: int) -> dict:
        side = max(2, round(width * 0.06))
        shadow = max(1, round(width * 0.035))
        fw = width - side - shadow
        fh = round(width * RATIO)
        e = TileArt.edge(width)
        return {"side": side, "shadow": shadow, "fw": fw, "fh": fh, "edge": e, "radius": max(3, round(width * 0.11))}

    @staticmethod
    def _content_box(fw: int, fh: int) -> pygame.Rect:
        padx = max(2, round(fw * 0.075))
        pady = max(2, round(fh * 0.055))
        return pygame.Rect(padx, pady, fw - 2 * padx, fh - 2 * pady)

    @classmethod
    def _aspect(cls, width: int) -> float:
        g = cls._upright_geom(width)
        box = cls._content_box(g["fw"], g["fh"])
        return box.h / box.w

    @staticmethod
    def thickness(width: int) -> int:
        """Height of the edge a lying tile shows below its top."""
        return max(3, round(width * 0.27))

    @classmethod
    def lying_size(cls, width: int, quarter_turns: int = 0) -> tuple[int, int]:
        long = round(width * RATIO)
        fore = 0.86
        if quarter_turns % 2 == 0:
            return width, round(long * fore) + cls.thickness(width)
        return long, round(width * fore) + cls.thickness(width)

    @classmethod
    def stack_size(cls, width: int, quarter_turns: int = 0, layers: int = 2) -> tuple[int, int]:
        long = round(width * RATIO)
        core = max(2, round(width * 0.2))
        shadow = max(1, round(width * 0.05))
        if quarter_turns % 2 == 0:
            return width, round(long * 0.5) + core * layers + shadow
        return long, round(width * 0.5) + core * layers + shadow

    # ---- public pictures
    def face(self, kind: int, width: int, look: "str | RegionLook | None" = None) -> pygame.Surface:
        """An upright tile showing `kind`, as the player sees their own hand (the look colours only the layer
        below the ivory)."""
        self._check_kind(kind)
        lk = self._pick(look)
        return self._cached(("face", lk.id, kind, width),
                            lambda: self._timed(("face", lk.id, width, 0), lambda: self._upright(width, kind, lk)))

    def back(self, width: int, look: "str | RegionLook | None" = None) -> pygame.Surface:
        """An upright tile seen from behind (same size as `face`), in `look` (default: `self.look`)."""
        lk = self._pick(look)
        return self._cached(("back", lk.id, width), lambda: self._upright(width, None, lk))

    def lying(self, kind: int, width: int, quarter_turns: int = 0, look: "str | RegionLook | None" = None
              ) -> pygame.Surface:
        """A face-up tile lying on the table (discards, melds)."""
        self._check_kind(kind)
        q = quarter_turns % 4
        lk = self._pick(look)
        return self._cached(("lying", lk.id, kind, width, q),
                            lambda: self._timed(("lying", lk.id, width, q), lambda: self._lying(width, kind, q, lk)))

    def lying_back(self, width: int, quarter_turns: int = 0, look: "str | RegionLook | None" = None
                   ) -> pygame.Surface:
        """A face-down tile lying on the table (concealed kongs), same size as `lying`."""
        q = quarter_turns % 4
        lk = self._pick(look)
        return self._cached(("lying_back", lk.id, width, q), lambda: self._lying(width, None, q, lk))

    def stack(self, width: int, quarter_turns: int = 0, layers: int = 2, look: "str | RegionLook | None" = None
              ) -> pygame.Surface:
        """A wall stack of `layers` face-down tiles seen from the player's side."""
        q = quarter_turns % 4
        lk = self._pick(look)
        return self._cached(("stack", lk.id, width, q, layers), lambda: self._stack(width, q, layers, lk))

    def rotated(self, surface: pygame.Surface, quarter_turns: int) -> pygame.Surface:
        """`surface` turned by quarter_turns × 90° counter-clockwise; cached per surface object (pass the
        cached surfaces of this class, not fresh copies)."""
        q = quarter_turns % 4
        if q == 0:
            return surface
        return self._derive(surface, ("rot", q), lambda: pygame.transform.rotate(surface, 90 * q))

    def tinted(self, surface: pygame.Surface, color) -> pygame.Surface:
        """`surface` with its colours multiplied by `color` (e.g. warm for reserved wall tiles); cached."""
        rgb = tuple(pygame.Color(color))[:3]

        def make() -> pygame.Surface:
            out = surface.copy()
            out.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return out

        return self._derive(surface, ("tint", rgb), make)

    def _derive(self, surface: pygame.Surface, op: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        entry = self._rot.get(id(surface))
        if entry is None or entry[0] is not surface:
            entry = (surface, {})
            self._rot[id(surface)] = entry  # the entry keeps `surface` alive, so its id cannot be reused
            while len(self._rot) > 256:
                self._rot.popitem(last=False)
        else:
            self._rot.move_to_end(id(surface))
        if op not in entry[1]:
            entry[1][op] = make()
        return entry[1][op]

    def badge_wild(self, width: int, char: str = "鬼") -> pygame.Surface:
        """A round gold badge (diameter ≈ 0.44 × tile width) marking a wildcard; `char` 鬼 or 財."""
        return self._cached(("badge", width, char), lambda: self._badge(width, char))

    def highlight(self, width: int, color=(255, 206, 64)) -> pygame.Surface:
        """A translucent glowing rim for a hovered / selected upright tile: same size as `face(kind, width)`,
        blit it at the tile's position, over the tile."""
        return self._cached(("glow", width, tuple(color)), lambda: self._glow(width, color))

    def scored(self, kind: int, width: int, lit: bool | None) -> pygame.Surface:
        """A turned tile (a horse, 醒) as its flip shows it, the size of `face(kind, width)`: lit (full brightness
        with a gold rim) where it scored, dimmed where it did not; None: plain (nothing known about it)."""
        face = self.face(kind, width)
        if lit is None:
            return face
        if lit:
            def make_lit() -> pygame.Surface:
                out = face.copy()
                g = self._upright_geom(width)
                pygame.draw.rect(out, LIT, (0, 0, g["fw"], g["fh"]), max(2, round(width * 0.07)),
                                 border_radius=g["radius"])
                return out

            return self._cached(("lit", self._look.id, kind, width), make_lit)
        return self.tinted(face, DIM)

    def flip_strip(self, kinds: list[int], counts: list[int] | None, width: int, gap: int | None = None, *,
                   numbers: bool = True) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """Turned tiles in a row, each `scored` by its count (None: not known, all plain); with `numbers`, where some
        tile counts more than one (醒), each scoring tile's count under it. With each tile's rect in the strip. Not
        cached: a flip is drawn a few times."""
        gap = max(4, width // 8) if gap is None else gap
        tw, th = self.size(width)
        rects = [pygame.Rect(i * (tw + gap), 0, tw, th) for i in range(len(kinds))]
        numbered = numbers and counts is not None and any(n > 1 for n in counts)
        size = max(11, round(width * 0.3))
        below = self.fonts.get(size, True).get_height() if numbered else 0
        surf = pygame.Surface((max(1, len(kinds) * (tw + gap) - gap), th + below), pygame.SRCALPHA)
        for i, (kind, r) in enumerate(zip(kinds, rects)):
            n = counts[i] if counts is not None and i < len(counts) else None
            surf.blit(self.scored(kind, width, None if n is None else n > 0), r)
            if numbered and n:
                label = self.fonts.render(f"×{n}", size, LIT, bold=True)
                surf.blit(label, label.get_rect(midtop=(r.centerx, r.bottom)))
        return surf, rects

    def content(self, kind: int, size: tuple[int, int], aspect: float | None = None) -> pygame.Surface:
        """Just the pictures of a face (no tile body) in a box of `size`: for icons, help pages, tooltips."""
        self._check_kind(kind)
        aspect = aspect if aspect is not None else size[1] / max(1, size[0])
        key = ("content", kind, tuple(size), round(aspect, 4))
        return self._cached(key, lambda: self._content(kind, size, aspect, size[0]))

    @staticmethod
    def _check_kind(kind: int) -> None:
        if not (isinstance(kind, int) and 0 <= kind < NUM_KINDS):
            raise ValueError(f"not a tile kind: {kind!r}")

    # ---- bodies
    def _upright(self, width: int, kind: int | None, look: RegionLook) -> pygame.Surface:
        width = max(8, int(width))
        g = self._upright_geom(width)
        ss = supersample(width)
        W, H = self.size(width)
        fw, fh, side, sh, r = g["fw"], g["fh"], g["side"], g["shadow"], g["radius"]
        drop = g["edge"] - sh  # how far the body sits below the face
        big = pygame.Surface((W * ss, H * ss), pygame.SRCALPHA)
        back = look.back
        big.fill((*back.dark, 0))
        S = lambda v: round(v * ss)  # noqa: E731
        face_front = kind is not None
        # the two layers of the body, then the face (the soft shadow is added at final size below)
        layer_far = (back.top, back.bottom) if face_front else (IVORY_RIM, IVORY_RIM_DARK)
        layer_near = (IVORY_RIM, IVORY_RIM_DARK) if face_front else (back.top, back.dark)
        far = rounded((S(fw), S(fh)), S(r), gradient((S(fw), S(fh)), *layer_far))
        big.blit(far, (S(side), S(drop)))
        near = rounded((S(fw), S(fh)), S(r), gradient((S(fw), S(fh)), *layer_near))
        big.blit(near, (S(side * 0.45), S(drop * 0.42)))
        if face_front:
            front = self._face_plate(S(fw), S(fh), S(r), ss)
        else:
            front = self._back_plate(S(fw), S(fh), S(r), ss, look)
        big.blit(front, (0, 0))
        out = soft_shadow((W, H), (round(side * 0.5 + sh * 0.6), round(drop + sh * 0.6), round(fw + side * 0.5), fh),
                          r, 130, round(sh * 0.8))
        out.blit(reduce(big, (W, H)), (0, 0))
        if kind is not None:
            box = self._content_box(fw, fh)
            layer = self._content(kind, box.size, box.h / box.w, width)
            out.blit(layer, box.topleft)
        return out

    @staticmethod
    def _face_plate(w: int, h: int, r: int, ss: int) -> pygame.Surface:
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

    @staticmethod
    def _back_plate(w: int, h: int, r: int, ss: int, look: RegionLook, q: int = 0, fore: float = 1.0,
                    short: int | None = None) -> pygame.Surface:
        """The top of a face-down tile, `w` × `h` canvas pixels (supersampled by `ss`): the look's colour, an
        engraved frame and the look's emblem engraved in the middle, turned with the tile by `q` quarter turns and
        squashed by `fore` where the plate is seen foreshortened (a lying tile, a stack); `short` is the tile's
        short side (default: the plate's width). Where the emblem would be too small to read (a tile narrower than
        15 px, a wall stack narrower than 20 px) the frame is left alone."""
        back = look.back
        plate = rounded((w, h), r, back.dark)
        inner = rounded((w - ss, h - ss), max(1, r - ss // 2), gradient((w - ss, h - ss), back.top, back.bottom))
        plate.blit(inner, (0, 0))
        short = w if short is None else short
        # an engraved frame, like the carved backs of bamboo-backed sets: a dark cut with a light lower lip
        inset = short * 0.12
        frame = pygame.Rect(round(inset), round(inset), round(w - ss - 2 * inset), round(h - ss - 2 * inset))
        lw = max(1, round(ss * 0.9))
        radius = max(1, round(r * 0.6))
        pygame.draw.rect(plate, (*back.dark, 60), frame.move(0, -max(1, ss // 2)), lw, border_radius=radius)
        pygame.draw.rect(plate, (*back.line, 100), frame, lw, border_radius=radius)
        if look.emblem is not None and short >= 15 * ss and short * fore >= 10 * ss:
            TileArt._engrave(plate, look, (w - ss) / 2, (h - ss) / 2, short, fore, ss, q)
        sheen = pygame.Surface((w, h), pygame.SRCALPHA)
        sheen.fill((255, 255, 255, 0))
        pygame.draw.ellipse(sheen, (255, 255, 255, 40), (-w * 0.3, -h * 0.25, w * 1.1, h * 0.55))
        mask = rounded((w - ss, h - ss), max(1, r - ss // 2), (255, 255, 255, 255))
        sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        plate.blit(sheen, (0, 0))
        return plate

    @staticmethod
    def _engrave(plate: pygame.Surface, look: RegionLook, cx: float, cy: float, short: int, fore: float, ss: int,
                 q: int) -> None:
        """The look's emblem cut into `plate` around (cx, cy): a dark shadow along the upper lip of the cut, a pale
        catch-light along the lower one, the cut itself in the look's line colour."""
        back = look.back
        R = short * 0.26
        D = math.ceil(R * 2.4)
        mask = pygame.Surface((D, D), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        assert look.emblem is not None
        look.emblem(mask, D / 2, D / 2, R, (255, 255, 255, 255))
        if q:
            mask = pygame.transform.rotate(mask, 90 * q)
        squash = min(1.0, fore ** 0.7)  # a plate seen at a slant squashes its emblem (a little less, to read)
        if squash < 0.99:
            mask = pygame.transform.smoothscale(mask, (mask.get_width(), max(1, round(mask.get_height() * squash))))
        o = max(1, round(ss * 0.6))

        def tone(color, alpha: int) -> pygame.Surface:
            out = mask.copy()
            out.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
            out.set_alpha(alpha)
            return out

        at = mask.get_rect(center=(round(cx), round(cy)))
        plate.blit(tone(mix(back.line, (255, 255, 255), 0.4), 70), at.move(o, o))
        plate.blit(tone(back.dark, 120), at.move(-o // 2, -o))
        plate.blit(tone(back.line, 135), at)

    def _lying(self, width: int, kind: int | None, q: int, look: RegionLook) -> pygame.Surface:
        width = max(8, int(width))
        W, H = self.lying_size(width, q)
        T = self.thickness(width)
        ss = supersample(width)
        S = lambda v: round(v * ss)  # noqa: E731
        top_h = H - T
        r = max(2, round(width * 0.1))
        sh = max(1, round(width * 0.04))
        big = pygame.Surface((W * ss, H * ss), pygame.SRCALPHA)
        back = look.back
        big.fill((*back.dark, 0))
        # the edge: two layers stacked (face up: ivory over the back's colour; face down: the back over ivory)
        body_h = top_h + T - sh
        upper, lower = ((IVORY_RIM, IVORY_RIM_DARK), (back.top, back.dark)) if kind is not None else \
            ((back.bottom, back.dark), (IVORY_RIM, IVORY_RIM_DARK))
        low = rounded((S(W), S(body_h)), S(r), gradient((S(W), S(body_h)), *lower))
        big.blit(low, (0, 0))
        split = top_h + (T - sh) * 0.45
        up = rounded((S(W), S(split)), S(r), gradient((S(W), S(split)), *upper))
        big.blit(up, (0, 0))
        if kind is not None:
            plate = self._face_plate(S(W), S(top_h), S(r), ss)
        else:
            plate = self._back_plate(S(W), S(top_h), S(r), ss, look, q, 0.86, S(width))
        big.blit(plate, (0, 0))
        out = soft_shadow((W, H), (round(sh * 0.5), round(T * 0.4), W - sh, round(top_h + T * 0.6 - sh * 0.2)), r, 120,
                          round(sh * 0.7))
        out.blit(reduce(big, (W, H)), (0, 0))
        if kind is not None:
            # the content box of the top face, drawn upright (pre-rotation) then turned
            fw, fh = (W, top_h) if q % 2 == 0 else (top_h, W)
            box = self._content_box(fw, fh)
            layer = self._content(kind, box.size, self._aspect(width), width)
            if q:
                layer = pygame.transform.rotate(layer, 90 * q)
                box = layer.get_rect(center=(W / 2, top_h / 2))
            out.blit(layer, box.topleft)
        return out

    def _stack(self, width: int, q: int, layers: int, look: RegionLook) -> pygame.Surface:
        width = max(8, int(width))
        layers = max(1, int(layers))
        W, H = self.stack_size(width, q, layers)
        core = max(2, round(width * 0.2))
        sh = max(1, round(width * 0.05))
        top_h = H - core * layers - sh
        ss = supersample(width)
        S = lambda v: round(v * ss)  # noqa: E731
        r = max(2, round(width * 0.1))
        big = pygame.Surface((W * ss, H * ss), pygame.SRCALPHA)
        back = look.back
        big.fill((*back.dark, 0))
        for i in range(layers):  # bottom tile first
            y = (layers - 1 - i) * core
            body_h = top_h + core
            low = rounded((S(W), S(body_h)), S(r), gradient((S(W), S(body_h)), IVORY_RIM, IVORY_RIM_DARK))
            big.blit(low, (0, S(y)))
            split = top_h + core * 0.55
            up = rounded((S(W), S(split)), S(r), gradient((S(W), S(split)), back.bottom, back.dark))
            big.blit(up, (0, S(y)))
            # a thin dark seam between the tiles
            if i < layers - 1:
                seam = S(y + body_h) - 1
                pygame.draw.line(big, (*back.dark, 255), (S(r * 0.5), seam), (S(W - r * 0.5), seam), max(1, ss // 2))
        plate = self._back_plate(S(W), S(top_h), S(r), ss, look, q, 0.5, S(width))
        big.blit(plate, (0, 0))
        out = soft_shadow((W, H), (round(sh * 0.5), core, W - sh, H - core), r, 120, round(sh * 0.7))
        out.blit(reduce(big, (W, H)), (0, 0))
        return out

    # ---- badge and glow
    def _badge(self, width: int, char: str) -> pygame.Surface:
        d = max(12, round(width * 0.44))
        ss = 4
        D = d * ss
        big = pygame.Surface((D, D), pygame.SRCALPHA)
        big.fill((*GOLD_DARK, 0))
        pygame.draw.circle(big, (0, 0, 0, 90), (D / 2 + ss, D / 2 + ss), D / 2 - ss)
        big = pygame.transform.gaussian_blur(big, ss)
        pygame.draw.circle(big, GOLD_DARK, (D / 2, D / 2), D / 2 - ss * 1.2)
        pygame.draw.circle(big, GOLD, (D / 2, D / 2), D / 2 - ss * 2.2)
        pygame.draw.circle(big, GOLD_LIGHT, (D / 2 - D * 0.08, D / 2 - D * 0.1), D * 0.28)
        pygame.draw.circle(big, GOLD, (D / 2, D / 2), D * 0.33)
        pygame.draw.circle(big, (*RED_DARK, 255), (D / 2, D / 2), D / 2 - ss * 2.2, max(1, round(ss * 0.8)))
        out = reduce(big, (d, d))
        glyph = self.fonts.glyph(char, d * 0.62, RED_DARK, BLACK)
        out.blit(glyph, glyph.get_rect(center=(d / 2, d / 2)))
        return out

    def _glow(self, width: int, color) -> pygame.Surface:
        W, H = self.size(width)
        g = self._upright_geom(width)
        rgb = tuple(color[:3])
        face = pygame.Rect(0, 0, g["fw"], g["fh"])
        surf = pygame.Surface((W, H), pygame.SRCALPHA)
        surf.fill((*rgb, 0))
        pygame.draw.rect(surf, (*rgb, 190), face, max(3, round(width * 0.12)), border_radius=g["radius"])
        surf = pygame.transform.gaussian_blur(surf, max(1, round(width * 0.05)))
        ss = 4
        rim = pygame.Surface((W * ss, H * ss), pygame.SRCALPHA)
        rim.fill((*rgb, 0))
        pygame.draw.rect(rim, (*rgb, 245), (0, 0, face.w * ss, face.h * ss), max(ss * 2, round(width * 0.05 * ss)),
                         border_radius=g["radius"] * ss)
        surf.blit(reduce(rim, (W, H)), (0, 0))
        return surf

    # ---- the pictures on a face
    def _content(self, kind: int, size: tuple[int, int], aspect: float, width: int) -> pygame.Surface:
        pen = _Pen(size, supersample(width), aspect)
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

    def _draw_wan(self, pen: _Pen, n: int, A: float) -> None:
        numeral = NUMERALS[n - 1]
        pen.text(numeral, 0.5, A * 0.25, 0.86, INK, BLACK, fit=(0.9, A * 0.44))
        pen.text("萬" if self.traditional else "万", 0.5, A * 0.73, 0.9, RED, BOLD, fit=(0.92, A * 0.5))

    # dots: one circle of the 筒 suit
    @staticmethod
    def _dot(pen: _Pen, x: float, y: float, r: float, color) -> None:
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

    def _draw_dots(self, pen: _Pen, n: int, A: float) -> None:
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
    def _draw_one_dot(pen: _Pen, x: float, y: float, R: float) -> None:
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
    def _stick(pen: _Pen, x: float, y: float, length: float, color, angle: float = 0.0, width: float = 0.15):
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

    def _draw_bamboo(self, pen: _Pen, n: int, A: float) -> None:
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

    def _draw_bird(self, pen: _Pen, A: float) -> None:
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
    def _draw_honor(self, pen: _Pen, kind: int, A: float) -> None:
        cy = A / 2
        if kind == FIRST_DRAGON + 2:  # 白: a blue frame
            pen.rect(0.08, cy - 0.62, 0.92, cy + 0.62, BLUE, width=0.09, radius=0.06)
            pen.rect(0.22, cy - 0.48, 0.78, cy + 0.48, BLUE, width=0.035, radius=0.03)
            return
        char = tile_chars(kind, self.traditional)
        color = INK if kind < FIRST_DRAGON else (RED if kind == FIRST_DRAGON else GREEN)
        pen.text(char, 0.5, cy, 1.02, color, BLACK if kind != FIRST_DRAGON + 1 else BOLD, fit=(0.98, A * 0.9))

    # flowers
    def _draw_flower(self, pen: _Pen, i: int, A: float) -> None:
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
    def _blossom(pen: _Pen, x, y, r, petal, centre=(250, 210, 60), n: int = 5):
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
    def _leaf(pen: _Pen, x, y, length, width, angle, color):
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
