"""Declared melds (exposed pong / chow / kongs, and concealed kongs)."""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import parse_tiles, tile_names

MELD_TYPES = ("pong", "chow", "kong", "added_kong", "concealed_kong")
KONG_TYPES = ("kong", "added_kong", "concealed_kong")


@dataclass
class Meld:
    type: str  # one of MELD_TYPES
    tiles: list[int]
    from_seat: int | None = None  # who gave the claimed tile (added kong: who fed the pong); None if concealed
    claimed: int | None = None  # the claimed tile's kind
    late: bool = False  # an added kong whose fourth tile was kept back a turn or more (过手杠 / 漏杠)

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def is_exposed(self) -> bool:
        """Open to the table: everything but a concealed kong."""
        return self.type != "concealed_kong"

    @property
    def kind(self) -> int:
        return self.tiles[0] if self.type != "chow" else min(self.tiles)

    @property
    def is_set_of_alike(self) -> bool:
        return self.type != "chow"

    def to_json(self) -> dict:
        out: dict = {"type": self.type, "tiles": tile_names(self.tiles)}
        if self.from_seat is not None:
            out["from"] = self.from_seat
        if self.claimed is not None:
            out["claimed"] = tile_names([self.claimed])[0]
        if self.late:
            out["late"] = True
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Meld":
        from .errors import BadInput

        if not isinstance(data, dict):
            raise BadInput(f"a meld must be an object, got {data!r}")
        mtype = data.get("type")
        if mtype not in MELD_TYPES:
            raise BadInput(f"meld type must be one of {', '.join(MELD_TYPES)}, got {mtype!r}")
        tiles = parse_tiles(data.get("tiles", []))
        want = 4 if mtype in KONG_TYPES else 3
        if len(tiles) != want:
            raise BadInput(f"a {mtype} has {want} tiles, got {len(tiles)}")
        if mtype == "chow":
            s = sorted(tiles)
            if not (s[0] < 27 and s[0] // 9 == s[2] // 9 and s[1] == s[0] + 1 and s[2] == s[0] + 2):
                raise BadInput(f"chow tiles must be three consecutive tiles of one suit, got {tile_names(tiles)}")
            tiles = s
        elif len(set(tiles)) != 1:
            raise BadInput(f"{mtype} tiles must be alike, got {tile_names(tiles)}")
        if tiles[0] >= 34:
            raise BadInput("flowers cannot form melds")
        frm = data.get("from")
        if mtype == "concealed_kong":
            frm = None
        elif frm is not None and (isinstance(frm, bool) or not isinstance(frm, int)):
            raise BadInput(f"meld 'from' must be a seat number, got {frm!r}")
        return cls(mtype, tiles, frm, tiles[0] if mtype != "chow" else None)
