"""A reading of the table learnt from played games: how likely an opponent is ready, and, ready, how likely he waits
on a tile — two logistic models per rule set over what any player at the table sees.

The rough reading (reading.py) is a player's rules of thumb with hand-set numbers. These models weigh the same
clues, and a few the thumb rules leave out (whether his latest discards came straight from the draw, 摸切, or from
his hand, 手切; a tile next to the one he last threw from his hand), by how often they went with a ready hand and
a wait in logged games of our own levels (tools/fit_reading.py, which writes reading_model.py beside this file
and says there on which seeds). Every feature is a yes/no question about the seat's own view; a model is its weights by
feature name, so a reader of the JSON sees what each clue is worth.

The weights are a Python module rather than a data file so that every way the game is run (the checkout, an
installed wheel, the standalone build) carries them; they are turned into models on first use, once per process.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

# an opponent's readiness: his turns so far (discards, calls), what his latest discards were, how far the wall is
READY_FEATURES = (
    "bias",
    "discards>=3", "discards>=5", "discards>=7", "discards>=9", "discards>=11", "discards>=13",
    "calls>=1", "calls>=2", "calls>=3", "calls>=4",
    "concealed_kong",
    "last_from_draw",  # his latest discard came straight from the draw (摸切)
    "from_draw_2of3",  # two or more of his latest three did
    "last_middle_from_hand",  # his latest discard was a 3-7 number tile from his hand: he broke a useful shape
    "last_honour_from_hand",
    "wall<=3/4", "wall<=1/2", "wall<=1/4",
)

# a tile's chance of being among a ready opponent's waits
TILE_FEATURES = (
    "bias",
    "rank_19", "rank_28", "rank_37", "rank_46", "rank_5",  # the number tile's place in its suit (honours: none)
    "threw",  # he threw this kind himself
    "passed",  # it went past him since his last turn, unclaimed
    "suji_full", "suji_half",  # 筋: he threw the tiles three away on both sides (or the one side there is), or one
    "kabe",  # 壁: every copy of a neighbour is in sight
    "unseen<=1", "unseen<=2",  # copies of it still hidden from this seat (0 for an honour: nobody can wait on it)
    "unseen0",
    "call_suit", "other_suit",  # his calls keep to one suit: this tile's, or another
    "near_last_from_hand",  # within two of the number tile he last threw from his hand, same suit (a shape broke)
    "neighbour_threw",  # he threw a tile one or two away, same suit (what he let go of around it)
)


# each feature's index, made once (a feature list is asked for every tile and opponent of every decision)
_INDEX = {names: {n: i for i, n in enumerate(names)} for names in (READY_FEATURES, TILE_FEATURES)}


def _bits(names: tuple[str, ...], on: list[str]) -> tuple[int, ...]:
    index = _INDEX[names]
    return tuple(sorted(index[n] for n in on))


def ready_features(view, seat: int) -> tuple[int, ...]:
    """The indices of READY_FEATURES that hold for opponent `seat`, as `view`'s seat sees him."""
    rows = view.all_discards
    row = [k for k, _ in rows[seat]]
    drawn = view.discards_from_draw[seat]
    shown = [m for m in view.melds[seat]]
    calls = sum(1 for m in shown if m.type != "concealed_kong")
    on = ["bias"]
    n = len(row)
    on += [f"discards>={t}" for t in (3, 5, 7, 9, 11, 13) if n >= t]
    on += [f"calls>={t}" for t in (1, 2, 3, 4) if calls >= t]
    if any(m.type == "concealed_kong" for m in shown):
        on.append("concealed_kong")
    if drawn and drawn[-1]:
        on.append("last_from_draw")
    if sum(drawn[-3:]) >= 2:
        on.append("from_draw_2of3")
    if row and drawn and not drawn[-1]:
        k = row[-1]
        if k < 27 and 2 <= k % 9 <= 6:
            on.append("last_middle_from_hand")
        elif k >= 27:
            on.append("last_honour_from_hand")
    total = max(1, view.wall_total - view.tail)
    left = view.tiles_left / total
    on += [name for name, cut in (("wall<=3/4", 0.75), ("wall<=1/2", 0.5), ("wall<=1/4", 0.25)) if left <= cut]
    return _bits(READY_FEATURES, on)


def tile_features(view, opp, kind: int, unseen: list[int]) -> tuple[int, ...]:
    """The indices of TILE_FEATURES that hold for `kind` against opponent `opp` (a reading.Opponent)."""
    on = ["bias"]
    hidden = unseen[kind]
    if hidden <= 2:
        on.append("unseen<=2")
    if hidden <= 1:
        on.append("unseen<=1")
    if hidden <= 0:
        on.append("unseen0")
    if kind in opp.threw:
        on.append("threw")
    if kind in opp.passed:
        on.append("passed")
    if kind < 27:
        n = kind % 9
        on.append(("rank_19", "rank_28", "rank_37", "rank_46", "rank_5", "rank_46", "rank_37", "rank_28",
                   "rank_19")[n])
        lo = n - 3 >= 0 and (kind - 3) in opp.threw
        hi = n + 3 <= 8 and (kind + 3) in opp.threw
        if (lo or n - 3 < 0) and (hi or n + 3 > 8):
            on.append("suji_full")
        elif lo or hi:
            on.append("suji_half")
        if (n >= 1 and unseen[kind - 1] == 0) or (n <= 7 and unseen[kind + 1] == 0):
            on.append("kabe")
        if opp.suit is not None:
            on.append("call_suit" if kind // 9 == opp.suit else "other_suit")
        last = opp.last_from_hand
        if last is not None and last < 27 and last // 9 == kind // 9 and abs(last - kind) <= 2:
            on.append("near_last_from_hand")
        if any(0 <= kind + d < 27 and (kind + d) // 9 == kind // 9 and (kind + d) in opp.threw
               for d in (-2, -1, 1, 2)):
            on.append("neighbour_threw")
    elif opp.suit is not None:
        on.append("other_suit")
    return _bits(TILE_FEATURES, on)


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class ReadingModel:
    ready_w: tuple[float, ...]
    tile_w: tuple[float, ...]

    def ready(self, view, seat: int) -> float:
        return _sigmoid(sum(self.ready_w[i] for i in ready_features(view, seat)))

    def wins_on(self, view, opp, kind: int, unseen: list[int]) -> float:
        return _sigmoid(sum(self.tile_w[i] for i in tile_features(view, opp, kind, unseen)))


def weights_of(named: dict[str, float], names: tuple[str, ...]) -> tuple[float, ...]:
    return tuple(float(named.get(n, 0.0)) for n in names)


@functools.cache
def _models() -> dict[str, ReadingModel]:
    from .reading_model import MODELS

    return {rule_set: ReadingModel(weights_of(m["ready"], READY_FEATURES), weights_of(m["tile"], TILE_FEATURES))
            for rule_set, m in MODELS.items()}


def model_for(rule_set: str) -> ReadingModel | None:
    """The rule set's learnt reading, or None where none was fitted."""
    return _models().get(rule_set)
