"""Draw the application icon and write it in the formats each platform wants, into assets/icon/.

    SDL_VIDEODRIVER=dummy python tools/make_icon.py [--out assets/icon] [--preview 32]

The picture: a 中 tile (ivory face, a red 中 cut in it, the amber back showing below) standing on a rounded jade
square. Everything is drawn by this script with pygame-ce; the 中 is the game's own font (Noto Sans SC Black, found
the way the game finds it: game.ui.fonts). It is drawn once on a 2048 px canvas and reduced to every size (the
reduction is the anti-aliasing). The sizes of 48 px and less come from a variant with a larger tile and a heavier
rim, and their 中 is drawn as whole pixels at the final size, so the tile still reads crisply on a taskbar.

    icon.png    512 × 512, the window icon (game/ui/app.py) and the Linux desktop icon
    icon.ico    Windows: 16, 24, 32, 48, 64, 128 and 256 px, each entry a PNG (Windows Vista and later)
    icon.icns   macOS: 'ic11' 'ic12' 'ic07' 'ic13' 'ic08' 'ic14' 'ic09' 'ic10' (32 … 1024 px PNG entries)

Deterministic: the same files on every run (the reduction uses pygame's portable C scaler, not the SIMD one of the
machine; PNG files carry no time stamp). `--preview N` also writes icon-N.png (not shipped) to look at one size.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

CANVAS = 2048
PNG_SIZE = 512
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# the PNG entry types of an .icns file and their pixel sizes ('ic11' is 16 px @2x, 'ic12' 32 px @2x, …)
ICNS_TYPES = (("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic13", 256), ("ic08", 256), ("ic14", 512),
              ("ic09", 512), ("ic10", 1024))
SMALL = 48  # this size and below come from the small variant

# ---- palette (the tile's ivory and red are the game's own: game/ui/art/tiles.py)
JADE_TOP = (36, 150, 92)
JADE_BOTTOM = (8, 82, 50)
JADE_EDGE = (4, 52, 32)
JADE_GLOW = (120, 214, 150)
GOLD_LINE = (236, 196, 96)
IVORY_TOP = (255, 253, 246)
IVORY_BOTTOM = (236, 229, 208)
IVORY_SIDE = (214, 202, 172)
IVORY_SIDE_DARK = (178, 164, 130)
AMBER_TOP = (244, 170, 44)
AMBER_BOTTOM = (196, 108, 18)
AMBER_DARK = (128, 64, 10)
RED_LIGHT = (226, 44, 48)
RED = (184, 20, 30)
RED_DEEP = (120, 10, 18)
RED_SMALL = (200, 26, 34)


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """A vertical gradient, one row per 8 canvas pixels (smooth after the reduction)."""
    w, h = size
    steps = max(2, h // 8)
    strip = pygame.Surface((1, steps), pygame.SRCALPHA)
    for i in range(steps):
        strip.set_at((0, i), (*_mix(top, bottom, i / (steps - 1)), 255))
    return pygame.transform.scale(strip, (w, h))


def _rounded(size: tuple[int, int], radius: int, fill) -> pygame.Surface:
    """A rounded rectangle filled with a colour or a surface, transparent outside."""
    w, h = size
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    if isinstance(fill, pygame.Surface):
        surf = fill.subsurface((0, 0, w, h)).copy()  # its upper left w × h
    else:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill((*fill[:3], 255))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _blurred(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft copy: reduced, blurred and enlarged again (cheap on a big canvas, and deterministic)."""
    k = 8
    small = pygame.transform.smoothscale(surf, (surf.get_width() // k, surf.get_height() // k))
    small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    return pygame.transform.smoothscale(small, surf.get_size())


def _glyph(char: str, height: float, color) -> pygame.Surface:
    """`char` in the game's font at its heaviest weight, cropped to its ink and `height` canvas pixels tall."""
    from game.ui.fonts import BLACK, Fonts

    fonts = Fonts("zh_CN")
    if fonts.is_fallback:
        raise SystemExit("the game's font (Noto Sans SC, package justmytype-intl-cjk) is not installed")
    probe = fonts.glyph(char, 200, color, weight=BLACK)
    size = 200 * height / probe.get_height()
    return fonts.glyph(char, size, color, weight=BLACK)


def tile_box(small: bool = False) -> tuple[int, int, int, int]:
    """The tile's face on the canvas: x, y, width, height (the thickness shows below it)."""
    n = CANVAS
    tw = round(n * (0.62 if small else 0.5))
    th = round(tw * 1.3)
    return (n - tw) // 2, (n - th - tile_depth(small)) // 2 - round(n * 0.005), tw, th


def tile_depth(small: bool = False) -> int:
    """How much of the tile's thickness shows below its face, in canvas pixels."""
    return round(CANVAS * (0.62 if small else 0.5) * (0.17 if small else 0.15))


def glyph_height(small: bool = False) -> float:
    """The height of 中 on the canvas."""
    return tile_box(small)[3] * (0.7 if small else 0.64)


def draw(small: bool = False, glyph: bool = True) -> pygame.Surface:
    """The icon on a CANVAS × CANVAS surface with per-pixel alpha (`small`: the variant for 48 px and less;
    `glyph=False`: the blank tile, for a 中 drawn at the final size)."""
    n = CANVAS
    out = pygame.Surface((n, n), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))

    # ---- the jade square: a gradient, a soft light from the upper left, a dark edge and a fine gold line inside
    margin = round(n * (0.0 if small else 0.035))
    side = n - 2 * margin
    radius = round(side * (0.2 if small else 0.225))
    bg = _gradient((side, side), JADE_TOP, JADE_BOTTOM)
    glow = pygame.Surface((side, side), pygame.SRCALPHA)
    glow.fill((*JADE_GLOW, 0))
    for i in range(24):  # concentric ellipses, fainter outward: a broad soft highlight
        t = i / 23
        r = side * (0.75 - 0.55 * t)
        pygame.draw.ellipse(glow, (*JADE_GLOW, round(3 + 4 * t)),
                            (side * 0.3 - r, side * 0.18 - r * 0.8, 2 * r, 1.6 * r))
    bg.blit(glow, (0, 0))
    square = _rounded((side, side), radius, JADE_EDGE)
    rim = round(side * (0.03 if small else 0.018))
    inner = _rounded((side - 2 * rim, side - 2 * rim), radius - rim, bg.subsurface((rim, rim, side - 2 * rim,
                                                                                    side - 2 * rim)))
    square.blit(inner, (rim, rim))
    if not small:
        inset = round(side * 0.05)
        line = pygame.Surface((side, side), pygame.SRCALPHA)
        line.fill((*GOLD_LINE, 0))
        pygame.draw.rect(line, (*GOLD_LINE, 150), (inset, inset, side - 2 * inset, side - 2 * inset),
                         max(2, round(side * 0.007)), border_radius=radius - inset)
        square.blit(line, (0, 0))
    out.blit(square, (margin, margin))

    # ---- the tile: its shadow, the amber back, the ivory body, the face
    x, y, tw, th = tile_box(small)
    depth = tile_depth(small)
    r_tile = round(tw * 0.16)

    shadow = pygame.Surface((n, n), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    pygame.draw.rect(shadow, (0, 20, 10, 150), (x + tw * 0.04, y + depth + th * 0.06, tw, th),
                     border_radius=r_tile)
    out.blit(_blurred(shadow, round(n * 0.035)), (0, 0))

    # layers from the bottom up, each the tile's full width, each lower one showing below the one above it
    line = max(2, round(tw * 0.014))
    body = round(depth * 0.45)  # the ivory layer above the amber back
    for top, (c_top, c_bottom, c_edge) in ((depth, (AMBER_TOP, AMBER_BOTTOM, AMBER_DARK)),
                                           (body, (IVORY_SIDE, IVORY_SIDE_DARK, IVORY_SIDE_DARK))):
        layer = _rounded((tw, th), r_tile, c_edge)
        layer.blit(_rounded((tw - 2 * line, th - 2 * line), r_tile - line, _gradient((tw, th), c_top, c_bottom)),
                   (line, line))
        out.blit(layer, (x, y + top))

    face = _rounded((tw, th), r_tile, _gradient((tw, th), IVORY_TOP, IVORY_BOTTOM))
    # a thin darker line round the face's edge and a sheen across its upper left
    edge = pygame.Surface((tw, th), pygame.SRCALPHA)
    edge.fill((0, 0, 0, 0))
    pygame.draw.rect(edge, (*IVORY_SIDE_DARK, 160), (0, 0, tw, th), max(2, round(tw * 0.012)),
                     border_radius=r_tile)
    face.blit(edge, (0, 0))
    sheen = pygame.Surface((tw, th), pygame.SRCALPHA)
    sheen.fill((255, 255, 255, 0))
    pygame.draw.ellipse(sheen, (255, 255, 255, 70), (-tw * 0.35, -th * 0.3, tw * 1.05, th * 0.62))
    face.blit(_rounded((tw, th), r_tile, sheen), (0, 0))
    out.blit(face, (x, y))

    # ---- 中, cut into the face: the upper edges of its strokes in shadow, the lower ones catching the light
    if not glyph:
        return out
    gh = glyph_height(small)
    red = _glyph("中", gh, (255, 255, 255))
    # the red deepens downward: the glyph's white multiplied by a gradient
    red.blit(_gradient(red.get_size(), RED_LIGHT, RED), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    deep = _glyph("中", gh, RED_DEEP)
    gx = x + (tw - red.get_width()) / 2
    gy = y + (th - red.get_height()) / 2
    lip = max(1, round(th * 0.006))
    light = _glyph("中", gh, (255, 255, 255))
    light.set_alpha(150)
    out.blit(light, (round(gx), round(gy + lip)))
    out.blit(deep, (round(gx), round(gy - lip)))
    out.blit(red, (round(gx), round(gy)))
    return out


def reduce(canvas: pygame.Surface, size: int) -> pygame.Surface:
    """The canvas at `size` × `size` pixels, averaged down in halving steps (each an exact 2 × 2 mean)."""
    surf = canvas
    while surf.get_width() // 2 >= size:
        surf = pygame.transform.smoothscale(surf, (surf.get_width() // 2, surf.get_height() // 2))
    if surf.get_width() != size:
        surf = pygame.transform.smoothscale(surf, (size, size))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    """A PNG file (RGBA, 8 bits a channel) made here: no time stamp or other metadata, the same bytes each run."""
    import zlib

    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    stride = w * 4
    rows = bytearray()
    prev = bytes(stride)
    for yy in range(h):
        row = raw[yy * stride:(yy + 1) * stride]
        # filter 2 ("up"): each byte minus the one above; smooth art compresses far better than unfiltered
        rows.append(2)
        rows += bytes((a - b) & 0xFF for a, b in zip(row, prev))
        prev = row

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG entry per size (ICONDIR, then 16-byte ICONDIRENTRYs, then the images)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A macOS .icns: 'icns' and the file's length, then each entry as its type, its length (with the 8-byte
    header) and its PNG."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def small_icon(blank: pygame.Surface, size: int) -> pygame.Surface:
    """A size of SMALL px or less: the small variant's blank tile reduced, and 中 drawn on it as whole pixels (a
    box and the stroke through it, the proportions of the font's 中), where a reduced or even a hinted glyph
    blurs to pink."""
    img = reduce(blank, size).copy()
    k = size / CANVAS
    x, y, w, h = tile_box(small=True)
    tall = round(glyph_height(small=True) * k)
    stroke = max(1, round(tall * 0.15))
    wide = round(tall * 0.86)
    wide += (wide - stroke) % 2  # the upright stroke sits exactly in the middle of the box
    left = round(x * k + (w * k - wide) / 2)
    top = round(y * k + (h * k - tall) / 2)
    box_top, box_bottom = top + round(tall * 0.2), top + round(tall * 0.74)
    pygame.draw.rect(img, RED_SMALL, (left, box_top, wide, box_bottom - box_top), stroke)
    pygame.draw.rect(img, RED_SMALL, (left + (wide - stroke) // 2, top, stroke, tall))
    return img


def render(sizes) -> dict[int, pygame.Surface]:
    """The icon at each of `sizes`, from the two canvases."""
    backend = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend("GENERIC")  # the portable C path: the same pixels on every machine
    try:
        sizes = sorted(set(sizes))
        big = draw() if any(s > SMALL for s in sizes) else None
        blank = draw(small=True, glyph=False) if any(s <= SMALL for s in sizes) else None
        return {s: small_icon(blank, s) if s <= SMALL else reduce(big, s) for s in sizes}
    finally:
        pygame.transform.set_smoothscale_backend(backend)


def write(out: Path, preview: int | None = None) -> list[Path]:
    pygame.display.init()
    images = render({PNG_SIZE, *ICO_SIZES, *(s for _, s in ICNS_TYPES), *([preview] if preview else [])})
    pngs = {s: png_bytes(img) for s, img in images.items()}
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "icon.png": pngs[PNG_SIZE],
        "icon.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
        "icon.icns": icns_bytes([(kind, pngs[s]) for kind, s in ICNS_TYPES]),
    }
    if preview:
        files[f"icon-{preview}.png"] = png_bytes(images[preview])
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "icon")
    ap.add_argument("--preview", type=int, metavar="N", help="also write icon-N.png (not shipped) to look at")
    args = ap.parse_args(argv)
    for path in write(args.out, args.preview):
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{shown}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
