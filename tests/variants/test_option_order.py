"""Option values in their natural order (issue #27 item 8: Guangdong's 爆和 chips read 5, 3, 4, 6 … 13): every
numeric option's choices run from the smallest up, as the new-game screen, rules help and the docs list them."""

from __future__ import annotations

import dataclasses

from game.variants import get_variant, variant_ids


def test_numeric_choices_run_from_the_smallest_up():
    checked = 0
    for vid in variant_ids():
        for f in dataclasses.fields(get_variant(vid).Options):
            choices = f.metadata.get("choices")
            if choices and all(isinstance(c, int) and not isinstance(c, bool) for c in choices):
                assert list(choices) == sorted(choices), (vid, f.name, choices)
                checked += 1
    assert checked >= 3
