"""Each region's look, as data: its table cloth colours, the colours and emblem of its tile backs (and so of the
wall), and the little celebration that plays when someone wins.

A `RegionLook` is plain data plus small painter functions; `LOOKS` maps a region id to its look. `TileArt` draws
backs from `look.back` and `look.emblem` (see `TileArt.look`), `TableArt` draws cloths from `look.palette`, and
`win_effect(look, ...)` builds the win's particles as scene-graph nodes (`game.ui.node`).

Nothing here is drawn at import time: painters draw on the surfaces they are handed, and the few particle sprites
are made (and cached, bounded) the first time an effect asks for them. The painters are in `game.ui.art.emblems`
(the backs' emblems) and `game.ui.art.sprites` (the win effects' particles).
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.art.emblems import emblem_hibiscus, emblem_kapok, emblem_karst, emblem_palm, emblem_pearl_shell
from game.ui.art.sprites import (
    sprite_bubble,
    sprite_drop,
    sprite_frond,
    sprite_hibiscus,
    sprite_kapok,
    sprite_leaf,
    sprite_osmanthus,
    sprite_pearl,
    sprite_petal,
    sprite_spark,
)
from game.ui.node import ImageNode, Node, ease_out, linear

Color = tuple[int, int, int]
# paint(surface, cx, cy, r, ink): an emblem in one opaque colour `ink` within radius r of (cx, cy); (0, 0, 0, 0)
# cuts holes. The tile art turns the one-colour shape into an engraving.
EmblemPainter = Callable[[pygame.Surface, float, float, float, tuple], None]
# paint(surface, cx, cy, r, color): one particle sprite, in colours of its own choosing around `color`
SpritePainter = Callable[[pygame.Surface, float, float, float, Color], None]

MOTIONS = ("fall", "rise", "burst", "drift", "fountain")


@dataclass(frozen=True)
class BackColors:
    """The back of a tile: a gradient from `top` to `bottom`, its `dark` rim and edge, the `line` of the engraving."""
    top: Color
    bottom: Color
    dark: Color
    line: Color


@dataclass(frozen=True)
class Sprite:
    """One kind of particle: its painter, the colours it comes in, how often it comes (`weight`) and its size
    relative to the effect's particle size."""
    paint: SpritePainter
    colors: tuple[Color, ...]
    weight: float = 1.0
    scale: float = 1.0
    spin: bool = True  # turns as it flies (petals, leaves); False: stays upright (pearls, sparkles)


@dataclass(frozen=True)
class WinEffect:
    """The celebration of a win: `count` particles of `sprites` moving by `motion` (fall, rise, burst, drift,
    fountain) for `duration` seconds at pace 1; `size` is a particle's diameter as a fraction of the table's short
    side; `ring` is the colour of a soft ring that spreads from the winner first (None: no ring)."""
    sprites: tuple[Sprite, ...]
    count: int
    motion: str
    duration: float
    size: float = 0.03
    ring: Color | None = None


@dataclass(frozen=True)
class RegionLook:
    id: str
    name: str
    # the table cloth: centre colour, edge colour, motif light tone, motif dark tone, accent
    palette: tuple[Color, Color, Color, Color, Color]
    back: BackColors
    emblem: EmblemPainter | None
    win: WinEffect


# ================================================================================================ the looks
RED_HIBISCUS = ((226, 40, 60), (240, 70, 96), (250, 120, 140), (214, 24, 70))

def region_name(variant_id: str) -> str:
    """The place a look is named after: the rule set's own `region` (a msgid)."""
    from game.variants import get_variant

    return get_variant(variant_id).region


LOOKS: dict[str, RegionLook] = {
    look.id: look for look in (
        RegionLook(
            "nanning", region_name("nanning"),
            ((40, 124, 84), (10, 58, 38), (120, 200, 140), (8, 70, 40), (226, 70, 90)),
            # the classic jade green of the default set
            BackColors((46, 150, 96), (20, 104, 64), (10, 70, 42), (112, 196, 146)),
            emblem_hibiscus,
            WinEffect((Sprite(sprite_petal, RED_HIBISCUS, 3.0),
                       Sprite(sprite_hibiscus, ((232, 36, 56), (244, 76, 100)), 0.8, 1.5),
                       Sprite(sprite_leaf, ((60, 160, 80), (40, 130, 66), (96, 186, 96)), 1.0, 1.2),
                       Sprite(sprite_spark, ((255, 236, 150),), 0.8, 0.7, spin=False)),
                      count=50, motion="burst", duration=2.0, size=0.036, ring=(255, 120, 130)),
        ),
        RegionLook(
            "beihai", region_name("beihai"),
            ((26, 88, 136), (6, 32, 66), (140, 200, 240), (6, 40, 86), (250, 236, 210)),
            # silver-blue of the beach at dusk, engraved in pearl white
            BackColors((128, 156, 190), (76, 104, 146), (36, 54, 88), (236, 242, 252)),
            emblem_pearl_shell,
            WinEffect((Sprite(sprite_pearl, ((250, 246, 236), (244, 236, 240), (236, 240, 250)), 3.0, spin=False),
                       Sprite(sprite_bubble, ((210, 236, 255),), 1.6, 0.8, spin=False),
                       Sprite(sprite_spark, ((230, 244, 255),), 0.7, 0.7, spin=False)),
                      count=40, motion="rise", duration=2.1, size=0.03, ring=(200, 228, 255)),
        ),
        RegionLook(
            "guiliu", region_name("guiliu"),
            ((70, 116, 106), (18, 42, 44), (190, 222, 210), (16, 44, 44), (240, 236, 214)),
            # the blue-grey ink of the karst hills in mist, engraved in osmanthus gold
            BackColors((74, 94, 110), (42, 58, 74), (20, 30, 42), (228, 192, 104)),
            emblem_karst,
            WinEffect((Sprite(sprite_osmanthus, ((250, 196, 60), (255, 214, 96), (240, 170, 40)), 4.0, 1.0),
                       Sprite(sprite_spark, ((255, 240, 180),), 0.6, 0.7, spin=False)),
                      count=56, motion="fall", duration=2.2, size=0.022, ring=(255, 214, 110)),
        ),
        RegionLook(
            "guangdong", region_name("guangdong"),
            ((156, 42, 36), (64, 12, 14), (250, 150, 110), (96, 16, 18), (255, 200, 90)),
            # kapok red, deepening to the warm brown of its bark
            BackColors((192, 62, 40), (132, 36, 24), (72, 24, 16), (255, 196, 128)),
            emblem_kapok,
            WinEffect((Sprite(sprite_kapok, ((236, 60, 36), (248, 100, 40), (220, 40, 40)), 3.0, 1.5),
                       Sprite(sprite_petal, ((246, 110, 50), (232, 70, 40)), 1.5, 0.8),
                       Sprite(sprite_spark, ((255, 214, 110),), 1.0, 0.7, spin=False)),
                      count=42, motion="fountain", duration=2.1, size=0.034, ring=(255, 170, 80)),
        ),
        RegionLook(
            "hainan", region_name("hainan"),
            ((22, 132, 132), (4, 58, 66), (150, 236, 220), (4, 70, 72), (255, 214, 120)),
            # the turquoise of the South China Sea, engraved in sand
            BackColors((28, 160, 164), (10, 112, 124), (4, 64, 76), (246, 226, 168)),
            emblem_palm,
            WinEffect((Sprite(sprite_frond, ((70, 170, 80), (110, 190, 70), (50, 140, 70)), 2.0, 2.0),
                       Sprite(sprite_drop, ((120, 220, 230), (170, 236, 240), (90, 200, 220)), 2.2, 0.9, spin=False),
                       Sprite(sprite_spark, ((255, 240, 170),), 1.0, 0.8, spin=False)),
                      count=54, motion="drift", duration=2.2, size=0.034, ring=(150, 240, 230)),
        ),
    )
}
DEFAULT_LOOK = "nanning"
PALETTES = {rid: look.palette for rid, look in LOOKS.items()}


def look_of(region: str | RegionLook | None) -> RegionLook:
    """The look of `region` (an id or a look); the default look for None or an id that has none."""
    if isinstance(region, RegionLook):
        return region
    return LOOKS.get(region or DEFAULT_LOOK, LOOKS[DEFAULT_LOOK])


# ================================================================================================ the win effect
_SPRITES: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # made on first use, bounded


def sprite_surface(sprite: Sprite, color: Color, diameter: int) -> pygame.Surface:
    """`sprite` painted in `color` at `diameter` pixels (supersampled, cached)."""
    diameter = max(4, int(diameter))
    key = (sprite.paint.__name__, tuple(color), diameter)
    surf = _SPRITES.get(key)
    if surf is None:
        ss = 4
        big = pygame.Surface((diameter * ss, diameter * ss), pygame.SRCALPHA)
        big.fill((*color, 0))
        c = diameter * ss / 2
        sprite.paint(big, c, c, c * 0.92, color)
        surf = pygame.transform.smoothscale(big, (diameter, diameter))
        _SPRITES[key] = surf
        while len(_SPRITES) > 96:
            _SPRITES.popitem(last=False)
    else:
        _SPRITES.move_to_end(key)
    return surf


class Particle(ImageNode):
    """A sprite that moves by itself: velocity, gravity, drag, a sideways sway and a spin, on a clock that runs
    `speed` times real time; it fades in, fades out at the end of its `life` and then leaves its parent."""

    def __init__(self, surface: pygame.Surface, x: float, y: float, *, vx: float, vy: float, gravity: float,
                 drag: float, sway: float, sway_hz: float, spin: float, angle: float, delay: float, life: float,
                 speed: float, z: int = 9):
        super().__init__(surface, x, y, z=z, center=True)
        self.cx, self.cy = x, y  # centre, without the sway
        self.vx, self.vy, self.gravity, self.drag = vx, vy, gravity, drag
        self.sway, self.sway_hz, self.phase = sway, sway_hz, angle / 57.3
        self.spin, self.angle = spin, angle
        self.delay, self.life, self.speed = delay, life, speed
        self.age = 0.0
        self.alpha = 0.0
        self._turned: dict[int, pygame.Surface] = {}

    def update(self, dt: float) -> None:
        super().update(dt)
        t = dt * self.speed
        if self.delay > 0:
            self.delay -= t
            if self.delay > 0:
                return
            t = -self.delay
            self.delay = 0.0
        self.age += t
        if self.drag:
            k = math.exp(-self.drag * t)
            self.vx, self.vy = self.vx * k, self.vy * k
        self.vy += self.gravity * t
        self.cx += self.vx * t
        self.cy += self.vy * t
        self.angle += self.spin * t
        sway = self.sway * math.sin(self.age * self.sway_hz * 2 * math.pi + self.phase)
        self.x, self.y = self.cx + sway - self.w / 2, self.cy - self.h / 2
        u = self.age / self.life
        fade_in = min(1.0, u / 0.08)
        fade_out = min(1.0, max(0.0, (1.0 - u) / 0.35))
        self.alpha = 255.0 * fade_in * fade_out
        if u >= 1.0 and self.parent is not None:
            self.parent.remove(self)

    def draw_self(self, surface: pygame.Surface) -> None:
        if self.delay > 0:
            return
        img = self.surface
        if self.spin:
            step = round(self.angle / 15) % 24
            turned = self._turned.get(step)
            if turned is None:
                turned = self._turned[step] = pygame.transform.rotate(img, step * 15)
            img = turned
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(max(0, round(self.alpha)))
        ax, ay = self.abs_pos()
        surface.blit(img, img.get_rect(center=(round(ax + self.w / 2), round(ay + self.h / 2))))


def _ring(color: Color, radius: int) -> pygame.Surface:
    key = ("ring", tuple(color), radius)
    surf = _SPRITES.get(key)
    if surf is None:
        d = radius * 2
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        surf.fill((*color, 0))
        for k in range(6):  # a soft glowing ring: several faint circles
            pygame.draw.circle(surf, (*color, 26 + 8 * k), (radius, radius), radius * (0.98 - k * 0.025),
                               max(1, round(radius * 0.05)))
        pygame.draw.circle(surf, (*color, 60), (radius, radius), radius * 0.55)
        surf = pygame.transform.gaussian_blur(surf, max(1, radius // 14))
        _SPRITES[key] = surf
    return surf


def win_effect(look: RegionLook | str, target: tuple[float, float], size: tuple[int, int], pace: float = 1.0,
               seed: int | str | None = None) -> Node:
    """The win celebration of `look` around `target` (the winner's place) on a table of `size`, as one node to
    add to a scene's effect layer. `pace` scales its time (the scene's pace: 1 normally, small when fast); it is
    bounded (at most 60 particles) and removes itself from its parent when done (≤ 2.5 s of updates)."""
    look = look_of(look)
    spec = look.win
    rng = random.Random(f"{look.id}:{seed}")
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    unit = min(w, h)
    real = min(2.4, max(0.35, spec.duration * pace))  # how long it lasts on screen
    speed = spec.duration / real  # its own clock runs this much faster than real time
    count = min(60, spec.count if pace >= 0.5 else max(12, spec.count // 2))
    root = Node(0, 0, w, h, z=9)
    root.tween("alpha", 255.0, real, ease=linear, on_done=lambda: root.parent and root.parent.remove(root))
    tx, ty = target
    if spec.ring is not None:
        radius = max(16, round(unit * 0.16))
        ring = ImageNode(_ring(spec.ring, radius), tx, ty, center=True, z=8)
        ring.scale = 0.2
        ring.alpha = 220.0
        ring.tween("scale", 1.6, min(real, 0.7 / speed), ease=ease_out)
        ring.tween("alpha", 0.0, min(real, 0.7 / speed), ease=linear, on_done=lambda: root.remove(ring))
        root.add(ring)
    weights = [s.weight for s in spec.sprites]
    diameter = unit * spec.size
    D = spec.duration
    U = unit
    for i in range(count):
        sprite = rng.choices(spec.sprites, weights)[0]
        color = rng.choice(sprite.colors)
        d = max(6, round(diameter * sprite.scale * rng.uniform(0.75, 1.15)))
        surf = sprite_surface(sprite, color, d)
        m = spec.motion
        gravity = drag = sway = 0.0
        sway_hz = rng.uniform(0.5, 1.1)
        if m == "burst":  # out from the winner in every direction, then drifting down
            a = rng.uniform(0, 2 * math.pi)
            v = U * rng.uniform(0.45, 0.95)
            x, y = tx + math.cos(a) * U * 0.02, ty + math.sin(a) * U * 0.02
            vx, vy = math.cos(a) * v, math.sin(a) * v * 0.8 - U * 0.12
            drag, gravity, sway = 2.2, U * 0.22, U * 0.012
            delay = rng.uniform(0, 0.12) * D
        elif m == "fall":  # a shower from above the winner (桂花雨)
            x = tx + rng.uniform(-0.5, 0.5) * U
            y = max(-0.02 * h, ty - U * rng.uniform(0.25, 0.5))
            vx, vy = U * rng.uniform(-0.02, 0.06), U * rng.uniform(0.14, 0.26)
            gravity, sway = U * 0.04, U * rng.uniform(0.015, 0.035)
            delay = rng.uniform(0, 0.4) * D
        elif m == "rise":  # up from the winner, swaying like bubbles
            x, y = tx + rng.uniform(-0.3, 0.3) * U, ty + rng.uniform(-0.02, 0.1) * U
            vx, vy = 0.0, -U * rng.uniform(0.16, 0.32)
            gravity, sway = -U * 0.03, U * rng.uniform(0.01, 0.03)
            delay = rng.uniform(0, 0.4) * D
        elif m == "drift":  # carried across the winner by the sea breeze
            x, y = tx - U * rng.uniform(0.3, 0.55), ty + rng.uniform(-0.3, 0.2) * U
            vx, vy = U * rng.uniform(0.3, 0.5), -U * rng.uniform(0.0, 0.06)
            gravity, sway = U * 0.03, U * rng.uniform(0.01, 0.03)
            delay = rng.uniform(0, 0.35) * D
        else:  # fountain: thrown up from the winner, falling back
            x, y = tx + rng.uniform(-0.03, 0.03) * U, ty
            vx, vy = U * rng.uniform(-0.35, 0.35), -U * rng.uniform(0.7, 1.05)
            gravity, drag, sway = U * 1.15, 0.3, U * 0.008
            delay = rng.uniform(0, 0.25) * D
        life = min(D - delay, D * rng.uniform(0.55, 0.75))
        spin = rng.uniform(-200, 200) if sprite.spin else 0.0
        root.add(Particle(surf, x, y, vx=vx, vy=vy, gravity=gravity, drag=drag, sway=sway, sway_hz=sway_hz,
                          spin=spin, angle=rng.uniform(0, 360), delay=delay, life=max(0.05, life), speed=speed))
    return root
