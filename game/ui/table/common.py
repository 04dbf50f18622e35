"""What every part of the table view shares: the table's words and beats, and the base of its parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.tiles import parse_tile
from game.i18n import N_

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

SIDE_TURNS = {"bottom": 0, "right": 1, "top": 2, "left": 3}  # quarter turns counter-clockwise for each side
# the words called at the table (msgids: zh_TW 槓 過 補花 …, English Pong, Kong …)
CALL_WORDS = {"win": N_("胡"), "zimo": N_("自摸"), "kong": N_("杠"), "pong": N_("碰"), "chow": N_("吃"),
              "pass": N_("过"), "concealed_kong": N_("暗杠"), "added_kong": N_("补杠"), "flower": N_("补花")}
CALL_KINDS = ("pong", "kong", "chow", "concealed_kong", "added_kong")  # the melds made by a call
# Esc is not a key for "pass": a win must never be thrown away by a stray key
CALL_KEYS = {pygame.K_h: "win", pygame.K_g: "kong", pygame.K_p: "pong", pygame.K_c: "chow", pygame.K_SPACE: "pass"}
# seconds each event holds the stage before the next one (at animation speed 1)
PACE = {"start_round": 0.2, "deal": 0.05, "draw": 0.12, "discard": 0.45, "pong": 0.8, "kong": 0.9, "chow": 0.8,
        "concealed_kong": 0.9, "added_kong": 0.9, "flower": 0.5, "win": 1.6, "flip": 1.4, "exhausted": 1.2,
        "score": 0.15, "end_round": 0.4, "ghost": 0.9, "claim": 0.05}
WIND_ZH = {"E": N_("东"), "S": N_("南"), "W": N_("西"), "N": N_("北")}  # msgids (zh_TW 東)
SEAT_WINDS = {"E": N_("东家"), "S": N_("南家"), "W": N_("西家"), "N": N_("北家")}  # a seat by its wind (en East seat)
BOT_THINK = 0.35  # seconds an AI seat "thinks" before it plays (at animation speed 1)


class Part:
    """One part of the table view (director, presenter, a renderer …): it reads the view's model, layout and
    state, and the renderers register the controls they draw in the view's hit areas."""

    def __init__(self, view: "TableScene"):
        self.view = view


def sort_hand(tiles: list[str], ghost: str | None) -> list[str]:
    """Suits then honours, wildcards first (as players sort a hand)."""
    def key(t: str) -> tuple[int, int]:
        if t == "?":
            return (2, 0)
        k = parse_tile(t)
        return (0 if t == ghost else 1, k)

    return sorted(tiles, key=key)
