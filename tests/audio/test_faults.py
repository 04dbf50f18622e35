"""The sound's failures (issue #29 item 4): a missing device or clip is quiet; any other error is ours — logged once
per place and kind, never swallowed unseen, and raised under LINGNAN_STRICT (which every test runs with)."""

from __future__ import annotations

import logging

import pygame
import pytest

from game.audio import Audio
from game.settings import Settings


def silent_audio() -> Audio:
    return Audio.create(Settings(), roots=[], init=False)


def test_a_bug_in_the_event_mapping_fails_a_strict_run(monkeypatch):
    audio = silent_audio()
    monkeypatch.setattr(audio.voices, "_on_event", lambda *a: {}["no such key"])
    with pytest.raises(KeyError):
        audio.voices.on_event({"type": "discard", "actor": 0, "tile": "1m"})
    with pytest.raises(KeyError):
        audio.on_event({"type": "discard", "actor": 0, "tile": "1m"})


def test_a_player_never_crashes_on_it_and_it_is_logged_once(monkeypatch, caplog):
    monkeypatch.delenv("LINGNAN_STRICT")
    audio = silent_audio()
    monkeypatch.setattr(audio.voices, "_on_event", lambda *a: {}["no such key"])
    with caplog.at_level(logging.ERROR, logger="game.audio"):
        for _ in range(3):
            assert audio.voices.on_event({"type": "discard", "actor": 0, "tile": "1m"}) is False
    logged = [r for r in caplog.records if "Voices.on_event" in r.getMessage()]
    assert len(logged) == 1 and "KeyError" in logged[0].getMessage()


def test_a_missing_device_or_clip_is_quiet_even_when_strict(monkeypatch, caplog):
    audio = silent_audio()

    def no_device(*a):
        raise pygame.error("no audio device")

    monkeypatch.setattr(audio.voices, "_on_event", no_device)
    monkeypatch.setattr(audio.effects, "on_event", no_device)
    with caplog.at_level(logging.ERROR, logger="game.audio"):
        assert audio.voices.on_event({"type": "win", "actor": 0}) is False
        audio.on_event({"type": "win", "actor": 0})
    assert caplog.records == []
