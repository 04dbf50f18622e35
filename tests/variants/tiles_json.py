"""Helpers the rule-set suites share: compact tile strings, meld builders and result readers for the command
line's JSON."""

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


def win(result: dict) -> dict:
    """The single win of a `run` result."""
    assert len(result["wins"]) == 1, result["wins"]
    return result["wins"][0]


def same(hands: list[str]) -> list[str]:
    """Hand ids in a comparable order (the contract does not fix their order)."""
    return sorted(hands)
