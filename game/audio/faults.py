"""What the sound does when something goes wrong.

Expected failures — no audio device, a sound file that cannot be read or played (`pygame.error`, `OSError`) — keep
the game going silently: a table without sound is still a table. Anything else is a bug in our own code (a KeyError
in the event-to-voice mapping, a rule set's hook that raises): it is logged once per place and kind, so it is never
invisible, and raised again when the environment asks for it (LINGNAN_STRICT=1: the tests), so a test fails on it.
"""

from __future__ import annotations

import logging
import os

import pygame

EXPECTED = (pygame.error, OSError)  # a missing or busy device, an unreadable file
STRICT_ENV = "LINGNAN_STRICT"


class Faults:
    def __init__(self, logger: str = "game.audio"):
        self.log = logging.getLogger(logger)
        self.seen: set[tuple[str, str]] = set()

    def unexpected(self, where: str, exc: BaseException) -> None:
        """An error that is not a missing device or file: logged the first time it happens in `where`, raised again
        under LINGNAN_STRICT."""
        key = (where, type(exc).__name__)
        if key not in self.seen:
            self.seen.add(key)
            self.log.error("%s failed: %s: %s", where, type(exc).__name__, exc, exc_info=exc)
        if os.environ.get(STRICT_ENV):
            raise exc
