"""Headless pygame for every UI test: the dummy video and audio drivers are chosen before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="module")
def pg():
    """pygame initialised (no display mode set) for one test module."""
    pygame.init()
    yield pygame
    pygame.quit()


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The real app, in a throwaway user folder, animations at their fastest."""
    from game.settings import Settings
    from game.ui.app import App

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    a = App(Settings(animation_speed=3.0), save=False)
    yield a
    pygame.quit()
