"""The back of a tile: a region's colours, an engraved frame and the region's emblem cut into the middle (the looks
are in game.ui.art.looks), turned and foreshortened with the tile."""

from __future__ import annotations

import math

import pygame

from game.ui.art.canvas import gradient, mix, rounded
from game.ui.art.looks import DEFAULT_LOOK, LOOKS, RegionLook

# the backs of the default look (each region's are in game.ui.art.looks)
_BACK = LOOKS[DEFAULT_LOOK].back
BACK_TOP, BACK_BOTTOM, BACK_DARK, BACK_LINE = _BACK.top, _BACK.bottom, _BACK.dark, _BACK.line


def back_plate(w: int, h: int, r: int, ss: int, look: RegionLook, q: int = 0, fore: float = 1.0,
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
        engrave(plate, look, (w - ss) / 2, (h - ss) / 2, short, fore, ss, q)
    sheen = pygame.Surface((w, h), pygame.SRCALPHA)
    sheen.fill((255, 255, 255, 0))
    pygame.draw.ellipse(sheen, (255, 255, 255, 40), (-w * 0.3, -h * 0.25, w * 1.1, h * 0.55))
    mask = rounded((w - ss, h - ss), max(1, r - ss // 2), (255, 255, 255, 255))
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    plate.blit(sheen, (0, 0))
    return plate


def engrave(plate: pygame.Surface, look: RegionLook, cx: float, cy: float, short: int, fore: float, ss: int,
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
