"""Where the game's data lives, the same way frozen (PyInstaller) and unfrozen.

Frozen, everything sits under the bundle's root (`sys._MEIPASS`); from a checkout, under the repository root.
Player files (settings, saves, imported voices) never go here: see game.settings.user_dir().
"""

from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def data_path(*parts: str) -> Path:
    """A shipped file or folder: `data_path("assets", "voices")`, `data_path("locales")`."""
    return root().joinpath(*parts)


def icon_path() -> Path:
    """The application icon (512 px PNG, drawn by tools/make_icon.py): the window's and the taskbar's."""
    return data_path("assets", "icon", "icon.png")


def frozen() -> bool:
    return bool(getattr(sys, "frozen", False))
