"""The value reading's expected points, scaled by what such hands brought in logged games (Skill.gain_scaled).

The reading (player.SkilledBot._gain) prices a hand as the analytic chance of finishing it times what it pays. At a
table of sound players that chance is far too high for a far hand early and for any hand late in the round (the
others get there first, the wall runs out): in games of hard seats a hand two steps away brought about half of what
it was valued at, three steps about two fifths. tools/fit_gain.py measures the ratio per rule set, distance and
draws left and writes it to gain_scale_model.py; this module reads it.
"""

from __future__ import annotations

from .gain_scale_model import MODELS

DISTANCES = 5  # distances 0-3 on their own, 4 and more pooled
DRAW_STEP = 4  # draws left in spans of this many
SPANS = 5  # 0-3, 4-7, 8-11, 12-15, 16 and more


def cell_of(distance: int, draws: int) -> tuple[int, int]:
    """The (distance, draws span) a decision falls in."""
    return min(max(0, distance), DISTANCES - 1), min(max(0, draws) // DRAW_STEP, SPANS - 1)


def gain_scale(rule_set: str, distance: int, draws: int) -> float:
    """What the reading's expected points of a hand at this distance and draws left come to, as a share: 1.0 where
    the rule set has no fitted scale."""
    model = MODELS.get(rule_set)
    if model is None:
        return 1.0
    d, t = cell_of(distance, draws)
    return model["cells"][f"{d},{t}"]
