"""Where a tile's parts sit, in pixels, for a tile `width` pixels wide (its short side): the upright tile's face,
side, shadow and corner radius, the content box the pictures go in, and the sizes of a lying tile and a wall stack.
Every tile picture and every layout that places tiles reads these."""

from __future__ import annotations

import pygame

RATIO = 1.36  # face height / width


def edge(width: int) -> int:
    """Pixels the tile's body shows below the upright face (thickness plus shadow)."""
    return max(4, round(width * 0.14))


def size(width: int) -> tuple[int, int]:
    """Size of an upright tile, face or back."""
    return width, round(width * RATIO) + edge(width)


def upright_geometry(width: int) -> dict:
    """The upright tile's parts: the face's width and height ("fw", "fh"), the side and shadow that show to its
    right and below, the body's "edge" and the corner "radius"."""
    side = max(2, round(width * 0.06))
    shadow = max(1, round(width * 0.035))
    fw = width - side - shadow
    fh = round(width * RATIO)
    e = edge(width)
    return {"side": side, "shadow": shadow, "fw": fw, "fh": fh, "edge": e, "radius": max(3, round(width * 0.11))}


def content_box(fw: int, fh: int) -> pygame.Rect:
    """The box on a face `fw` × `fh` that its pictures fill."""
    padx = max(2, round(fw * 0.075))
    pady = max(2, round(fh * 0.055))
    return pygame.Rect(padx, pady, fw - 2 * padx, fh - 2 * pady)


def content_aspect(width: int) -> float:
    """Height / width of the upright face's content box: a lying tile draws its pictures in these units too."""
    g = upright_geometry(width)
    box = content_box(g["fw"], g["fh"])
    return box.h / box.w


def thickness(width: int) -> int:
    """Height of the edge a lying tile shows below its top."""
    return max(3, round(width * 0.27))


def lying_size(width: int, quarter_turns: int = 0) -> tuple[int, int]:
    long = round(width * RATIO)
    fore = 0.86
    if quarter_turns % 2 == 0:
        return width, round(long * fore) + thickness(width)
    return long, round(width * fore) + thickness(width)


def stack_size(width: int, quarter_turns: int = 0, layers: int = 2) -> tuple[int, int]:
    long = round(width * RATIO)
    core = max(2, round(width * 0.2))
    shadow = max(1, round(width * 0.05))
    if quarter_turns % 2 == 0:
        return width, round(long * 0.5) + core * layers + shadow
    return long, round(width * 0.5) + core * layers + shadow
