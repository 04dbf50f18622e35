"""Every option of every rule set explains itself (issue #27 item 2): a one-line help in its data, which the
catalogues translate into zh_CN, en and zh_TW (the setup screen, rules help and the LAN lobby show it)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.variants import AVAILABLE, get_variant

pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

LOCALES = Path(__file__).resolve().parents[2] / "locales"
OPTIONS = [(vid, f) for vid in AVAILABLE for f in dataclasses.fields(get_variant(vid).Options)]


def _catalogue(lang: str) -> dict[str, str]:
    with open(LOCALES / lang / "LC_MESSAGES" / "lingnan.po", "rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id and not m.fuzzy}


@pytest.mark.parametrize("vid,field", OPTIONS, ids=[f"{v}.{f.name}" for v, f in OPTIONS])
def test_every_option_has_a_one_line_help(vid, field):
    help_text = field.metadata.get("help", "")
    assert help_text.strip(), f"{vid}.{field.name} ({field.metadata['label']}) has no help"
    assert "\n" not in help_text and len(help_text) <= 45, f"{vid}.{field.name}: the help is not one short line"
    assert help_text != field.metadata["label"], f"{vid}.{field.name}: the help only repeats the label"


@pytest.mark.parametrize("lang", ["zh_CN", "en", "zh_TW"])
def test_every_help_is_translated(lang):
    catalogue = _catalogue(lang)
    missing = [f"{vid}.{f.name}" for vid, f in OPTIONS if not catalogue.get(f.metadata["help"])]
    assert not missing, f"{lang}: helps not translated: {missing}"
    if lang == "en":  # an English help is English (a Chinese term may follow as a gloss)
        chinese_only = [f"{vid}.{f.name}" for vid, f in OPTIONS
                        if not any("a" <= c.lower() <= "z" for c in catalogue[f.metadata["help"]])]
        assert not chinese_only, f"en: helps left in Chinese: {chinese_only}"
