"""Helpers the rule-set suites share: compact tile strings and meld builders for the command line's JSON."""

from __future__ import annotations

import re


def T(spec: str) -> list[str]:
    """Compact tiles: digits then a suit letter ("123m"), or honour letters ("EESC")."""
    out: list[str] = []
    for digits, suit, honour in re.findall(r"(\d+)([mps])|([ESWNCFP])", spec):
        out += [d + suit for d in digits] if digits else [honour]
    return out


def pong(tile: str, frm: int) -> dict:
    return {"type": "pong", "tiles": [tile] * 3, "from": frm}


def kong(tile: str, frm: int) -> dict:
    return {"type": "kong", "tiles": [tile] * 4, "from": frm}


def added_kong(tile: str, frm: int) -> dict:
    return {"type": "added_kong", "tiles": [tile] * 4, "from": frm}


def concealed_kong(tile: str) -> dict:
    return {"type": "concealed_kong", "tiles": [tile] * 4}
