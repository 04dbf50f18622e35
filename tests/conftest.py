"""Every test runs strict: an unexpected error the game would log and survive (a bug in the sound's event mapping,
game.audio.faults) fails the test instead."""

from __future__ import annotations

import os

os.environ["LINGNAN_STRICT"] = "1"
