"""The base of every screen: a scene the app keeps on its stack (game.ui.app). Here, apart from the app, so that the
widgets and the scenes build on it without importing the app; the app imports them, and scenes open one another
through the app's registry (`app.make`, game.ui.scene_registry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A full-screen state of the game. The top of the stack gets input; `overlay` scenes draw over the one below."""

    overlay = False

    def __init__(self, app: "App"):
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def idle_fps(self) -> int | None:
        """Frames a second enough while nobody touches anything (None: the full rate, something is moving). Idle
        screens use little of a core this way."""
        return None
