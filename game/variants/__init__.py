"""The rule sets. Each lives in its own module and exposes `VARIANT`; they are imported on first use."""

from __future__ import annotations

import importlib

from game.engine.errors import UnknownVariant
from game.engine.variant import Variant

# id -> module; a rule set appears here when it is complete
AVAILABLE = {
    "nanning": "game.variants.nanning",
    "beihai": "game.variants.beihai",
    "guiliu": "game.variants.guiliu",
    "guangdong": "game.variants.guangdong",
    "hainan": "game.variants.hainan",
}
PLANNED: tuple[str, ...] = ()

_extra: dict[str, Variant] = {}


def register(variant: Variant) -> None:
    """Add a rule set at run time (tests use a small test-only rule set this way)."""
    _extra[variant.id] = variant


def get_variant(variant_id: object) -> Variant:
    if isinstance(variant_id, str):
        if variant_id in _extra:
            return _extra[variant_id]
        if variant_id in AVAILABLE:
            return importlib.import_module(AVAILABLE[variant_id]).VARIANT
        if variant_id in PLANNED:
            raise UnknownVariant(f"the {variant_id} rule set is not available yet; available: "
                                 f"{', '.join(variant_ids())}")
    raise UnknownVariant(f"unknown variant {variant_id!r}; available: {', '.join(variant_ids())}")


def variant_ids() -> list[str]:
    return list(AVAILABLE) + [v for v in _extra if v not in AVAILABLE]
