"""Settings → Voices, driven by injected input under the dummy drivers: recording with a fake microphone, importing
a folder of WAV files, deleting a pack, and what the screen says without a microphone or a sound device."""

from __future__ import annotations

import array
import math
import time
import wave
from pathlib import Path

import pygame
import pytest

from game.audio.packs import RECORD_TOKENS
from game.audio.recorder import MicStatus
from game.ui.scenes import voices as voices_mod
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.voices import VoicesScene

DT = 1 / 30
RATE = 44100


def frames(app, n: int) -> None:
    for _ in range(n):
        app.step(DT)


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def press(app, label: str) -> None:
    """Click the control the player reads `label` on (as last drawn)."""
    hit = app.scene.clicks.find(label)
    assert hit is not None, f"no control labelled {label!r}: {[h.label for h in app.scene.clicks.hits]}"
    assert hit.enabled, f"{label!r} is disabled"
    click(app, hit.rect.center)


def settle(app, scene) -> None:
    """Frames until the import or save running in its thread is done and shown. Bounded by wall time, not by a
    frame count: on a busy CI machine the thread may need many more frames than on a quiet one."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if scene.job is None:
            return
        scene.job["thread"].join(0.02)  # give the worker the GIL instead of spinning frames against it
        app.step(DT)
    raise AssertionError("the import or save never finished")


def enabled(app, label: str) -> bool:
    hit = app.scene.clicks.find(label)
    return hit is not None and hit.enabled


def type_text(app, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.step(DT)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(DT)


class FakeMic:
    """A capture source that 'hears' a tone (or silence) while it runs: one frame's worth of samples a read."""

    name = "Fake microphone"
    rate = 48000  # not the game's rate: the take is resampled

    def __init__(self):
        self.freq = 330.0
        self.amp = 0.3
        self.running = False
        self.opened = 0
        self.closed = 0
        self.i = 0

    def open(self) -> None:
        self.opened += 1

    def start(self) -> None:
        self.running = True

    def stop(self) -> None:
        self.running = False

    def close(self) -> None:
        self.closed += 1

    def read(self) -> bytes:
        if not self.running:
            return b""
        n = self.rate // 20  # 50 ms a read
        pcm = array.array("h", (int(self.amp * 32767 * math.sin(2 * math.pi * self.freq * (self.i + k) / self.rate))
                                for k in range(n)))
        self.i += n
        return pcm.tobytes()


def open_from_settings(app) -> VoicesScene:
    app.set_language("en")  # the tests find the controls by their English words
    app.push(SettingsScene(app))
    frames(app, 1)
    press(app, "Your own voices…")
    assert isinstance(app.scene, VoicesScene)
    frames(app, 1)
    return app.scene


def write_tone(path: Path, freq: float, seconds: float = 0.5, rate: int = 22050, channels: int = 1) -> None:
    n = int(rate * seconds)
    lead = int(rate * 0.3)  # silence in front: trimmed away
    frames_ = [0] * lead + [int(0.2 * 32767 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n)]
    pcm = array.array("h", (v for v in frames_ for _ in range(channels)))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


@pytest.fixture
def mic(monkeypatch):
    """The screen's microphone is a FakeMic: find_microphone finds it, and the session opens it."""
    fake = FakeMic()
    monkeypatch.setattr(voices_mod, "find_microphone", lambda **kw: MicStatus(True, fake.name, None, (fake.name,)))
    monkeypatch.setattr(voices_mod, "SDLCapture", lambda name: fake)
    return fake


def test_record_a_pack_from_settings_and_the_voices_use_it(app, mic, tmp_path):
    scene = open_from_settings(app)
    assert scene.mic.available and enabled(app, "Record")
    press(app, scene.dialect_name("baise"))  # 百色话 (its name in the player's language)
    assert scene.dialect == "baise"
    press(app, "my_voice")  # the name field (its placeholder is the default name)
    for _ in range(len("my_voice")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "阿明")
    key(app, pygame.K_RETURN)  # done typing: Enter leaves the field and records nothing
    assert scene.speaker == "阿明" and not scene.session.recording
    sess = scene.session
    assert sess.tokens == list(RECORD_TOKENS) and "talk_hurry" in sess.tokens and "talk_bye" in sess.tokens
    # the words to say, in Baise
    assert sess.token == "1m"
    # record 1m, 2m, 3m
    for token in ("1m", "2m", "3m"):
        assert sess.token == token
        press(app, "Record")
        assert sess.recording
        frames(app, 8)  # 8 reads of 50 ms
        press(app, "Stop")
        assert not sess.recording
        take = sess.takes[token]
        assert take.clip is not None and 0.2 < take.clip.seconds < 0.6
        assert enabled(app, "Play back")
        press(app, "Next")
    # a take of silence is refused and said so
    mic.amp = 0.0
    press(app, "Record")
    frames(app, 5)
    press(app, "Stop")
    assert sess.takes["4m"].clip is None and sess.takes["4m"].problem == "silence"
    # back to 3m and redo it, louder and longer
    mic.amp, mic.freq = 0.5, 550.0
    press(app, "Previous")
    assert sess.token == "3m"
    before = sess.takes["3m"].clip.seconds
    press(app, "Redo")
    assert sess.recording and "3m" not in sess.takes
    frames(app, 14)
    key(app, pygame.K_SPACE)  # Space stops, like the button
    assert sess.takes["3m"].clip.seconds > before
    # listen back: the take plays on the table's voice channel
    press(app, "Play back")
    assert app.audio.mixer.voice_playing(None) == ("preview", "3m")
    # keyboard: right arrow to the last token, a table-talk line, recorded too
    sess.go(len(sess.tokens) - 2)
    key(app, pygame.K_RIGHT)
    assert sess.token == "talk_bye"
    press(app, "Record")
    frames(app, 6)
    press(app, "Stop")
    press(app, "Save pack")
    settle(app, scene)
    assert scene.message and "4" in scene.message[0]
    # listed, and the voices use it
    assert [(p.dialect, p.speaker, p.recorded) for p in scene.packs] == [("baise", "阿明", True)]
    assert scene.packs[0].tokens == ["1m", "2m", "3m", "talk_bye"]
    home = Path(tmp_path)
    path = app.audio.packs.resolve("baise", "阿明", "3m")
    assert path is not None and home in path.parents and path.parent.name == "阿明"
    assert path.suffix in (".wav", ".ogg")
    sound, played = app.audio.packs.sound("baise", "阿明", "3m")
    assert sound is not None and played == path and sound.get_length() > before
    assert app.audio.packs.resolve("baise", "阿明", "talk_bye").parent == path.parent
    assert app.audio.packs.resolve("baise", "阿明", "4m").parent.name != "阿明"  # refused: falls back
    # the table's voices pick the player's pack first
    app.audio.set_dialect("baise")
    assert "阿明" in [app.audio.voices.speaker_for(s) for s in range(4)] + [app.audio.voices.speaker_for(None)]
    # leaving closes the microphone
    press(app, "Back")
    assert isinstance(app.scene, SettingsScene)
    assert mic.closed >= 1


def test_unsaved_takes_are_kept_until_back_is_pressed_twice(app, mic):
    scene = open_from_settings(app)
    press(app, "Record")
    frames(app, 6)
    press(app, "Stop")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.message and "1" in scene.message[0]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SettingsScene)


def test_import_a_folder_with_a_bad_file_then_delete_the_pack(app, tmp_path):
    src = tmp_path / "recordings"
    src.mkdir()
    write_tone(src / "1m.wav", 440)
    write_tone(src / "碰.wav", 300, channels=2, rate=48000)  # stereo, 48 kHz, named in Chinese
    write_tone(src / "talk_hello.wav", 500)
    (src / "2m.wav").write_bytes(b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00garbage, not audio" * 3)
    (src / "notes.txt").write_text("not a recording")
    scene = open_from_settings(app)
    press(app, scene.dialect_name("mandarin"))
    press(app, "Import a folder")
    assert scene.path.active  # the folder field takes the typing at once
    type_text(app, str(src))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    words, _color = scene.message
    assert "3" in words and scene.dialect_name("mandarin") in words and "my_voice" in words
    shown = " ".join(w for w, _ in scene.import_lines)
    assert "2m.wav" in shown and "cannot be decoded" in shown and "notes.txt" in shown
    assert [(p.dialect, p.speaker, p.tokens) for p in scene.packs] == [("mandarin", "my_voice",
                                                                        ["1m", "pong", "talk_hello"])]
    mine = app.audio.packs.resolve("mandarin", "my_voice", "pong")
    assert mine is not None and tmp_path in mine.parents
    assert mine.suffix in (".wav", ".ogg") and app.audio.packs.load(mine) is not None  # the loader plays it
    frames(app, 1)
    # delete it: Delete asks, Yes deletes
    press(app, "Delete")
    assert scene.confirm == ("mandarin", "my_voice")
    press(app, "Keep")
    assert scene.confirm is None and scene.packs
    press(app, "Delete")
    press(app, "Yes, delete")
    assert scene.packs == [] and not mine.parent.exists()
    assert scene.message[0] == f"Deleted {scene.dialect_name('mandarin')} · my_voice."
    after = app.audio.packs.resolve("mandarin", "my_voice", "pong")
    assert after is None or tmp_path not in after.parents  # the shipped voices again


def test_an_import_of_nothing_says_why(app, tmp_path):
    scene = open_from_settings(app)
    press(app, "Import a folder")
    type_text(app, str(tmp_path / "nowhere"))
    press(app, "Import")
    settle(app, scene)
    assert scene.message[0] == "That is not a folder."
    assert scene.packs == []


def test_without_a_microphone_the_screen_says_so_and_records_nothing(app):
    """The dummy audio driver's stand-in microphone hears nothing: the screen counts it as none."""
    scene = open_from_settings(app)
    assert app.audio.enabled
    assert not scene.mic.available and scene.mic.reason == "stand_in"
    assert "No microphone" in scene.mic_words()
    assert not enabled(app, "Record") and not enabled(app, "Redo")
    assert app.scene.clicks.find("Check again") is not None
    key(app, pygame.K_SPACE)  # the shortcut says so too
    assert scene.message[0] == scene.mic_words() and not scene.session.recording
    press(app, "Check again")
    assert not scene.mic.available


def test_without_a_sound_device_the_screen_says_so_and_import_still_works(app, tmp_path):
    app.audio.mixer.disable("no audio: no device (test)")
    src = tmp_path / "in"
    src.mkdir()
    write_tone(src / "E.wav", 600)
    scene = open_from_settings(app)
    assert scene.mic.reason == "no_audio" and "no sound device" in scene.mic_words()
    assert not enabled(app, "Record") and not enabled(app, "Play back")
    press(app, "Import a folder")
    type_text(app, str(src))
    press(app, "Import")
    settle(app, scene)
    assert scene.packs and scene.packs[0].tokens == ["E"]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (2560, 1440)])
def test_the_screen_fits_the_window(app, mic, size):
    app.screen = pygame.display.set_mode(size)
    scene = open_from_settings(app)
    press(app, "Record")
    frames(app, 3)
    w, h = size
    for hit in app.scene.clicks.hits:
        assert 0 <= hit.rect.left and hit.rect.right <= w and 0 <= hit.rect.top and hit.rect.bottom <= h, hit.label
    back = app.scene.clicks.hits[-1].rect
    for label in ("Stop", "Play back", "Redo", "Previous", "Next", "Save pack"):
        r = app.scene.clicks.find(label).rect
        assert r.bottom < back.top and r.height >= 0.055 * h  # big enough to hit, above Back
    scene.session.stop()
