"""Where things go on the table, for any window size and player count. Pure geometry (nothing is drawn here).

The viewer sits at the bottom; the next seat (下家) to the right, the opposite seat at the top, the previous seat to
the left. From the centre outwards: the panel, the four walls on a square ring, the discard rows, then each seat's
hand and melds along the window's edges.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.fonts import readable

TILE_SCALE = {"small": 0.85, "medium": 1.0, "large": 1.15}
TILE_RATIO = 1.36  # face height / width
DISCARDS_PER_ROW = {4: 7, 3: 9, 2: 11}


@dataclass
class Layout:
    width: int
    height: int
    tile_size: str = "medium"
    players: int = 4
    wall_stacks: int = 17  # stacks per wall side
    bar: int = 0  # px at the window's bottom kept for a bar (the replay's): the table is laid out above it

    @property
    def table_h(self) -> int:
        """The height the table is laid out in."""
        return self.height - self.bar

    @property
    def scale(self) -> float:
        """Text and controls: how much larger than at 1280×720 (0.75 at 960×540, 2 at 2560×1440)."""
        return min(self.width / 1280, self.height / 720)

    def px(self, v: float) -> int:
        """A length given at 1280×720, at this window's scale."""
        return round(v * self.scale)

    def fs(self, v: float) -> int:
        """A text size given at 1280×720, at this window's scale; never under MIN_TEXT_PX (12), the smallest that
        reads."""
        return readable(v * self.scale)

    @property
    def fit_tw(self) -> float:
        """The hand tile's width the table is laid out around: it grows with the window, 4K included."""
        return min(self.width / 24, self.table_h / 13.5)

    @property
    def tw(self) -> int:
        """Width of a tile in the viewer's hand: the tile-size setting scales it (and only it: the table's rows and
        walls keep the room they are laid out in)."""
        return max(36, round(self.fit_tw * TILE_SCALE.get(self.tile_size, 1.0)))

    @property
    def th(self) -> int:
        return round(self.tw * TILE_RATIO)

    @property
    def small(self) -> int:
        """Width of discards, melds and other seats' tiles."""
        return max(22, round(max(36.0, self.fit_tw) * 0.58))

    @property
    def small_h(self) -> int:
        """Height of a tile lying on the table (its face plus the edge)."""
        return round(self.small * 1.25)

    @property
    def stack(self) -> int:
        """Width of one two-tile stack of the wall."""
        return max(9, round(self.small * 0.42))

    @property
    def center(self) -> tuple[int, int]:
        return self.width // 2, round(self.table_h * 0.44)

    @property
    def panel(self) -> int:
        """Side of the centre panel: never smaller than at 1280×720, where its five lines just fit at 11 px (the
        walls around it leave that room in the smallest window too)."""
        return max(130, round(min(self.width, self.table_h) * 0.18))

    @property
    def ring(self) -> int:
        """Half-side of the square the walls stand on."""
        return max(self.panel // 2 + self.stack * 2, round(self.wall_stacks * self.stack / 2) + self.stack)

    @property
    def hand_y(self) -> int:
        return self.table_h - self.th - round(self.tw * 0.3)

    @property
    def edge(self) -> int:
        return max(8, round(self.width * 0.008))

    def discard_origin(self, side: str) -> tuple[int, int]:
        """Centre of a seat's first discard; rows grow away from the centre."""
        cx, cy = self.center
        per_row = DISCARDS_PER_ROW[self.players]
        half = per_row * self.small // 2
        off = self.ring + self.stack + self.small_h // 2 + 4
        if side == "bottom":
            return cx - half + self.small // 2, cy + off
        if side == "top":
            return cx + half - self.small // 2, cy - off
        if side == "left":
            return cx - off, cy - half + self.small // 2
        return cx + off, cy + half - self.small // 2

    def discard_pos(self, side: str, index: int) -> tuple[int, int]:
        per_row = DISCARDS_PER_ROW[self.players]
        row, col = divmod(index, per_row)
        if row > 2:  # a long round: the last row runs on
            row, col = 2, col + (row - 2) * per_row
        ox, oy = self.discard_origin(side)
        s, sh = self.small, self.small_h
        if side == "bottom":
            return ox + col * s, oy + row * sh
        if side == "top":
            return ox - col * s, oy - row * sh
        if side == "left":
            return ox - row * sh, oy + col * s
        return ox + row * sh, oy - col * s

    def side_hand_span(self, tiles: int) -> int:
        return tiles * self.small

    def side_anchor(self, side: str) -> tuple[int, int]:
        """Top-left of another seat's row (top) or column (left, right) of concealed tiles."""
        if side == "top":
            return self.width // 2 - 7 * self.small, self.edge
        if side == "left":
            return self.edge, self.table_h // 2 - round(7.8 * self.small)
        return self.width - self.edge - self.small_h, self.table_h // 2 - round(7.8 * self.small)

    def flash_point(self, side: str) -> tuple[int, int]:
        cx, cy = self.center
        return {"bottom": (cx, self.hand_y - self.tw), "top": (cx, self.edge + self.small_h * 2 + 20),
                "left": (self.edge + self.small_h * 3, cy), "right": (self.width - self.edge - self.small_h * 3, cy),
                "center": (cx, cy)}[side]
