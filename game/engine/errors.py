"""Typed errors. Each carries a stable code (used by the command line's JSON) and a readable message."""

from __future__ import annotations


class EngineError(Exception):
    code = "engine_error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class BadInput(EngineError):
    """Input that is malformed or inconsistent: bad JSON shape, unknown keys, impossible tile counts."""

    code = "bad_input"


class OptionError(BadInput):
    """An option value or combination the rule set refuses. `zh` is the same explanation for the setup screen."""

    code = "bad_option"

    def __init__(self, message: str, code: str | None = None, *, zh: str | None = None):
        super().__init__(message, code)
        self.zh = zh


class UnknownVariant(BadInput):
    code = "unknown_variant"


class IllegalAction(EngineError):
    """An action the rules do not allow in the current state. The state is left unchanged."""

    code = "illegal_action"


class NotAWin(EngineError):
    code = "not_a_win"


class BelowMinimum(NotAWin):
    code = "below_minimum"


class UnknownToSeat(EngineError, AttributeError):
    """A fact of the round that a seat's own view does not hold (a settlement asked its table facts for what only
    the round knows): the seat must value the hand without it. An AttributeError too, so `getattr(table, name,
    default)` keeps working."""
