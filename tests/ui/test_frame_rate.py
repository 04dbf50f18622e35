"""Idle screens slow down, anything moving or touched gets the full rate; F11 toggles fullscreen at once."""

from __future__ import annotations

import pygame

from game.host import Host, SeatConfig
from game.ui.app import FPS, IDLE_AFTER
from game.ui.table.scene import TableScene
from game.ui.scenes.title import TitleScene


def test_a_menu_left_alone_drops_to_its_idle_rate_and_input_brings_the_full_rate_back(app):
    app.push(TitleScene(app))
    app.step(1 / 60)
    assert app.frame_rate() == FPS  # just opened: counts as touched
    app.since_input = IDLE_AFTER + 0.1
    assert app.frame_rate() == 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert app.frame_rate() == FPS


def test_a_table_runs_at_full_rate_while_anything_moves_and_slows_while_it_waits_for_its_player(app):
    seats = [SeatConfig("Me", human=True)] + [SeatConfig(f"AI {i}", level="easy") for i in range(1, 4)]
    app.push(TitleScene(app))
    scene = TableScene(app, Host("nanning", {}, seats, seed=3, rounds=1), autosave=False)
    app.replace(scene)
    app.step(1 / 30)
    assert scene.idle_fps() is None  # the dice are rolling
    for _ in range(20000):
        app.step(1 / 30)
        if scene.my_actions() and not scene.effects.children:
            break
    app.since_input = IDLE_AFTER + 0.1
    assert scene.idle_fps() == 10 and app.frame_rate() == 10


def test_f11_toggles_fullscreen_and_back(app):
    app.push(TitleScene(app))
    assert not app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert not app.settings.fullscreen and app.screen.get_size() == tuple(app.settings.window_size)
