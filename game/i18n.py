"""Translations: gettext catalogues in locales/ (zh_CN first, then en and zh_TW), compiled by Babel."""

from __future__ import annotations

import gettext
from pathlib import Path

from game.resources import data_path

DOMAIN = "lingnan"


def locale_dir() -> Path:
    return data_path("locales")


def translator(language: str) -> gettext.NullTranslations:
    """The catalogue for `language`; msgids are English, so English falls back to the source strings."""
    return gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[language], fallback=True)


def N_(text: str) -> str:
    """Mark a string for the catalogues where it is defined; it is translated where it is shown (app.t)."""
    return text
