"""Typed variant options: a frozen dataclass per variant whose fields carry their label and allowed values.

A field is declared with `option(default, label=..., choices=...)`. `parse_options` turns a JSON object into the
dataclass, refusing unknown keys, wrong types and values outside the choices or the range (a whole number is at most
`maximum`, by default INT_MAX); the dataclass's own `check()` then refuses impossible combinations with a message a
player can read.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any, TypeVar

from .context import shown
from .errors import OptionError

T = TypeVar("T")

INT_MAX = 10**9  # the largest whole-number option unless one declares its own maximum


def option(default: Any, *, label: str, choices: tuple | None = None, minimum: int | None = None,
           maximum: int | None = None, labels: dict | None = None, group: str = "", help: str = "") -> Any:
    """Declare one option. `labels` maps each choice to its Chinese label (for the setup screen)."""
    return dataclasses.field(default=default, metadata={
        "label": label, "choices": choices, "minimum": minimum, "maximum": maximum, "labels": labels or {},
        "group": group, "help": help,
    })


def option_specs(cls: type) -> list[dataclasses.Field]:
    return list(dataclasses.fields(cls))


def _coerce(field: dataclasses.Field, value: Any) -> Any:
    default = field.default
    meta = field.metadata
    name = field.name
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r} must be true or false, got {shown(value)}")
        return value
    choices = meta.get("choices")
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option {name!r} must be a whole number, got {shown(value)}")
    elif isinstance(default, str):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
            value = str(value)  # a choice named by a number ("4") may arrive as 4
        if not isinstance(value, str):
            raise OptionError(f"option {name!r} must be one of {', '.join(map(str, choices or ()))}, "
                              f"got {shown(value)}")
    if choices is not None and value not in choices:
        raise OptionError(f"option {name!r} must be one of {', '.join(map(str, choices))}; got {shown(value)}")
    if isinstance(default, int):
        minimum = meta.get("minimum")
        if minimum is not None and value < minimum:
            raise OptionError(f"option {name!r} must be at least {minimum}, got {shown(value)}")
        maximum = meta.get("maximum")
        maximum = INT_MAX if maximum is None else maximum
        if value > maximum:
            raise OptionError(f"option {name!r} must be at most {maximum}, got {shown(value)}")
    return value


def parse_options(cls: type[T], raw: dict | None, **context: Any) -> T:
    """Build the options dataclass from a JSON object; missing keys take their defaults."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise OptionError(f"options must be a JSON object, got {shown(raw)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise OptionError(f"unknown option(s) {', '.join(map(shown, unknown))}; known: {', '.join(fields)}")
    values = {name: _coerce(fields[name], value) for name, value in raw.items()}
    opts = cls(**values)
    check = getattr(opts, "check", None)
    if check is not None:
        check(**context)
    return opts


def options_to_json(opts: Any) -> dict:
    return dataclasses.asdict(opts)


def fingerprint(variant_id: str, opts: Any) -> str:
    """A short hash of a rule set and its canonical options: LAN peers compare it before playing together."""
    canon = json.dumps({"variant": variant_id, "options": options_to_json(opts)}, sort_keys=True)
    return hashlib.sha256(canon.encode()).hexdigest()[:16]
