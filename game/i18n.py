"""Translations: gettext catalogues in locales/ (zh_CN first, then en and zh_TW), compiled by Babel."""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

DOMAIN = "lingnan"


def locale_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "locales"
    return Path(__file__).resolve().parent.parent / "locales"


def translator(language: str) -> gettext.NullTranslations:
    """The catalogue for `language`; msgids are English, so English falls back to the source strings."""
    return gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[language], fallback=True)
