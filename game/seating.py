"""Where each seat sits on the viewer's screen. Shared by the table's picture (game.ui) and the voices' stereo
placement (game.audio), which must agree and must not import each other."""

from __future__ import annotations

SIDES = {4: ("bottom", "right", "top", "left"), 3: ("bottom", "right", "left"), 2: ("bottom", "top")}


def relative_positions(players: int) -> list[str]:
    """Screen side of each seat relative to the viewer: the next seat (下家) sits to the viewer's right."""
    return list(SIDES[players])


def side_of(seat: int | None, players: int, viewer: int | None) -> str:
    """The screen side `seat` sits on for `viewer` ("center" for no seat: table-wide sounds, or a seat an event
    from a LAN host got wrong)."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        return "center"
    sides = SIDES.get(players, SIDES[4])
    return sides[(seat - (viewer or 0)) % len(sides)]
