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

The parts are modules beside this one: `tile_geometry` (sizes), `tile_faces` (the ivory face and its pictures),
`tile_backs` (a region's back and its emblem), `canvas` (supersampled drawing); `TileArt` builds the bodies from
them and caches every picture.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.engine.tiles import NUM_KINDS
from game.ui.art import tile_geometry
from game.ui.art.canvas import finish, gradient, reduce, rounded, soft_shadow, supersample
from game.ui.art.looks import DEFAULT_LOOK, RegionLook, look_of
from game.ui.art.tile_backs import back_plate
from game.ui.art.tile_faces import (
    DIM,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    IVORY_RIM,
    IVORY_RIM_DARK,
    LIT,
    RED_DARK,
    FacePictures,
    face_plate,
    tile_chars,
)
from game.ui.art.tile_geometry import content_aspect, content_box, upright_geometry
from game.ui.fonts import BLACK, Fonts


class TileArt:
    """Draws and caches every tile picture for one `Fonts`; see the module docstring for sizes."""

    def __init__(self, fonts: Fonts, traditional: bool = True, cache_limit: int = 2400,
                 look: "str | RegionLook" = DEFAULT_LOOK):
        self.fonts = fonts
        self.pictures = FacePictures(fonts, traditional)
        self._look = look_of(look)
        self.cache_limit = cache_limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._rot: OrderedDict[int, tuple[pygame.Surface, dict[tuple, pygame.Surface]]] = OrderedDict()
        self._fonts_version = fonts.version
        # sizes a picture was first built at lately, (what, look, width, quarter turns) -> seconds one took: `warm`
        # builds the other kinds at those sizes between frames
        self._families: OrderedDict[tuple, float] = OrderedDict()

    @property
    def traditional(self) -> bool:
        """萬 東 發 蘭 as printed on real sets; False: 万 东 发 兰."""
        return self.pictures.traditional

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

    def has_face(self, kind: int, width: int, look: "str | RegionLook | None" = None) -> bool:
        """Whether `face(kind, width, look)` is built already (a call would come from the cache)."""
        return ("face", self._pick(look).id, kind, width) in self._cache

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

    # ---- geometry (game.ui.art.tile_geometry)
    edge = staticmethod(tile_geometry.edge)
    size = staticmethod(tile_geometry.size)
    upright_geometry = staticmethod(tile_geometry.upright_geometry)
    thickness = staticmethod(tile_geometry.thickness)
    lying_size = staticmethod(tile_geometry.lying_size)
    stack_size = staticmethod(tile_geometry.stack_size)


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
                g = upright_geometry(width)
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
        return self._cached(key, lambda: self.pictures.draw(kind, size, aspect, size[0]))

    @staticmethod
    def _check_kind(kind: int) -> None:
        if not (isinstance(kind, int) and 0 <= kind < NUM_KINDS):
            raise ValueError(f"not a tile kind: {kind!r}")

    # ---- bodies
    def _upright(self, width: int, kind: int | None, look: RegionLook) -> pygame.Surface:
        width = max(8, int(width))
        g = upright_geometry(width)
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
            front = face_plate(S(fw), S(fh), S(r), ss)
        else:
            front = back_plate(S(fw), S(fh), S(r), ss, look)
        big.blit(front, (0, 0))
        out = soft_shadow((W, H), (round(side * 0.5 + sh * 0.6), round(drop + sh * 0.6), round(fw + side * 0.5), fh),
                          r, 130, round(sh * 0.8))
        out.blit(reduce(big, (W, H)), (0, 0))
        if kind is not None:
            box = content_box(fw, fh)
            layer = self.pictures.draw(kind, box.size, box.h / box.w, width)
            out.blit(layer, box.topleft)
        return out

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
            plate = face_plate(S(W), S(top_h), S(r), ss)
        else:
            plate = back_plate(S(W), S(top_h), S(r), ss, look, q, 0.86, S(width))
        big.blit(plate, (0, 0))
        out = soft_shadow((W, H), (round(sh * 0.5), round(T * 0.4), W - sh, round(top_h + T * 0.6 - sh * 0.2)), r, 120,
                          round(sh * 0.7))
        out.blit(reduce(big, (W, H)), (0, 0))
        if kind is not None:
            # the content box of the top face, drawn upright (pre-rotation) then turned
            fw, fh = (W, top_h) if q % 2 == 0 else (top_h, W)
            box = content_box(fw, fh)
            layer = self.pictures.draw(kind, box.size, content_aspect(width), width)
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
        plate = back_plate(S(W), S(top_h), S(r), ss, look, q, 0.5, S(width))
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
        g = upright_geometry(width)
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
