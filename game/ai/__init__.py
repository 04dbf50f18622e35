"""Computer players. A bot sees one seat's view and answers with one of the legal actions."""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")


def make_bot(level: str = "normal", seed: int | str = 0):
    from .baseline import BaselineBot

    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    return BaselineBot(level, seed)
