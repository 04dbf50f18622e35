"""Computer players. A bot sees one seat's view and answers with one of the legal actions.

`LEVELS` are the ones a player picks, strongest last. `YARDSTICKS` are fixed players the others are measured
against, makeable but not offered at the table: `efficiency` (the textbook tile-efficiency player,
game/ai/efficiency.py) and `baseline` (shared/DESIGN.md §3.3: distance only; listed last, as before). Both are
frozen: a change to either would move every figure in docs/benchmarks.md. `YARDSTICK` (`baseline`) is also the
player the host falls back on when a bot fails.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard", "expert")
YARDSTICK = "baseline"
YARDSTICKS = ("efficiency", "baseline")


def make_bot(level: str = "normal", seed: int | str = 0, **settings):
    """A bot of `level`. `settings` tune the levels that have them (the expert's `think_s`: how long it may think
    per decision, in seconds of its own calibrated pace — see game/ai/search.py); other levels ignore them."""
    if level == YARDSTICK:
        from .baseline import BaselineBot

        return BaselineBot(seed)
    if level == "efficiency":
        from .efficiency import EfficiencyBot

        return EfficiencyBot(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join((*LEVELS, *YARDSTICKS))}")
    from .player import SkilledBot

    return SkilledBot(level, seed, **settings)
