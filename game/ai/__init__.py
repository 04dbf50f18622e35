"""Computer players. A bot sees one seat's view and answers with one of the legal actions.

`LEVELS` are the ones a player picks, strongest last; `baseline` is the fixed yardstick the others are measured
against (shared/DESIGN.md §3.3), makeable but not offered at the table.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard", "expert")
YARDSTICK = "baseline"


def make_bot(level: str = "normal", seed: int | str = 0):
    if level == YARDSTICK:
        from .baseline import BaselineBot

        return BaselineBot(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join((*LEVELS, YARDSTICK))}")
    from .player import SkilledBot

    return SkilledBot(level, seed)
