"""The player's own packs without pydub or ffmpeg: plain-Python PCM shaping, WAV import, the recorder with a
pluggable capture source, deleting packs, and the readings the recorder shows."""

from __future__ import annotations

import array
import json
import math
import wave
from pathlib import Path

import pytest

from game.audio import pcm
from game.audio.packs import RECORD_TOKENS, delete_pack, import_folder, user_packs, VoicePacks
from game.audio.readings import SCRIPTS, display_reading, kind_of, prompt
from game.audio.recorder import RecordingSession, record_pack
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def tone(seconds: float, freq: float = 440.0, amp: float = 0.3, rate: int = 44100, lead: float = 0.0,
         tail: float = 0.0) -> array.array:
    n = int(rate * seconds)
    body = (int(amp * 32767 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n))
    return array.array("h", [0] * int(rate * lead) + list(body) + [0] * int(rate * tail))


def write_wav(path: Path, samples: array.array, rate: int = 44100, width: int = 2, channels: int = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if width == 2:
        data = pcm.to_bytes(array.array("h", (v for v in samples for _ in range(channels))))
    elif width == 1:
        data = bytes(((v >> 8) + 128) & 0xFF for v in samples for _ in range(channels))
    else:  # 24-bit
        data = b"".join((v << 8).to_bytes(3, "little", signed=True) for v in samples for _ in range(channels))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)


@pytest.fixture
def no_pydub(monkeypatch):
    """As in the standalone build: pydub (and so ffmpeg) is not there."""
    def missing():
        raise ImportError("No module named 'pydub'")

    monkeypatch.setattr(pcm, "pydub_parts", missing)


# ------------------------------------------------------------------------------------------------ pcm
def test_prepare_trims_silence_and_brings_loudness_to_the_target():
    quiet = pcm.Clip(tone(0.5, amp=0.02, lead=0.7, tail=0.5), 44100)
    clip, notes = pcm.prepare(quiet)
    assert notes == []
    assert 0.5 <= clip.seconds < 0.6  # 0.7 s in front and 0.5 s behind gone, a few ms kept
    assert abs(pcm.dbfs(pcm.rms(clip.samples)) - pcm.TARGET_DBFS) < 1.0
    assert clip.samples[0] == 0 and abs(clip.samples[-1]) < 200  # faded in and out
    loud = pcm.prepare(pcm.Clip(tone(0.3, amp=0.99, freq=200), 44100))[0]
    assert pcm.dbfs(pcm.peak(loud.samples)) <= pcm.PEAK_CEILING + 0.01


def test_prepare_resamples_cuts_long_takes_and_refuses_silence():
    clip, notes = pcm.prepare(pcm.Clip(tone(5.0, rate=22050), 22050))
    assert clip.rate == 44100 and abs(clip.seconds - pcm.MAX_CLIP_SECONDS) < 0.01 and notes == ["cut to 4 s"]
    with pytest.raises(pcm.SilentError):
        pcm.prepare(pcm.Clip(array.array("h", bytes(2 * 44100)), 44100))
    with pytest.raises(pcm.SilentError):
        pcm.prepare(pcm.Clip(tone(0.02), 44100))  # a click, not a word


@pytest.mark.parametrize("width,channels", [(1, 1), (2, 2), (3, 1), (3, 2)])
def test_wav_of_any_integer_width_and_channel_count_reads_as_mono_16_bit(tmp_path, width, channels):
    src = tone(0.2, amp=0.5, rate=16000)
    write_wav(tmp_path / "x.wav", src, 16000, width, channels)
    clip = pcm.read_wav(tmp_path / "x.wav")
    assert clip.rate == 16000 and len(clip.samples) == len(src)
    assert abs(pcm.peak(clip.samples) - pcm.peak(src)) <= 300


# ------------------------------------------------------------------------------------------------ import
def test_import_without_pydub_takes_wav_and_says_what_it_skipped(tmp_path, no_pydub):
    src = tmp_path / "in"
    write_wav(src / "1m.wav", tone(0.4, lead=0.5))
    write_wav(src / "一万.wav", tone(0.4))  # the same token by its Chinese name
    write_wav(src / "talk_thanks.wav", tone(0.6, rate=48000), rate=48000, channels=2)
    write_wav(src / "E.wav", array.array("h", bytes(2 * 20000)))  # silence
    (src / "2m.wav").write_bytes(b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00garbage" * 3)
    (src / "S.m4a").write_bytes(b"\x00" * 64)
    (src / "S.txt").write_text("x")  # a token's name, not a sound file
    (src / "readme.md").write_text("x")
    r = import_folder(src, "nanning", "rec_me", dest_root=tmp_path / "out")
    assert r.ok and sorted(r.imported) == ["1m", "talk_thanks"] and r.format == "wav"
    assert r.codes == {"一万.wav": "duplicate", "E.wav": "silence", "2m.wav": "cannot_decode",
                       "S.m4a": "cannot_decode", "S.txt": "not_audio"}
    assert r.ignored == ["readme.md"]
    assert "kept as WAV" in r.message and "Refused 5" in r.message
    pack = tmp_path / "out" / "nanning" / "rec_me"
    assert sorted(p.name for p in pack.iterdir()) == ["1m.wav", "manifest.json", "talk_thanks.wav"]
    manifest = json.loads((pack / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["tokens"] == ["1m", "talk_thanks"] and manifest["synthetic"] is False
    clip = pcm.read_wav(pack / "1m.wav")
    assert clip.rate == 44100 and clip.seconds < 0.5  # mono 44.1 kHz, the half second in front trimmed
    assert VoicePacks([tmp_path / "out"]).resolve("nanning", "rec_me", "talk_thanks") == pack / "talk_thanks.wav"


def test_import_merges_into_an_existing_pack_and_replaces_a_token(tmp_path, no_pydub):
    out = tmp_path / "out"
    write_wav(tmp_path / "a" / "1m.wav", tone(0.3))
    write_wav(tmp_path / "a" / "pong.wav", tone(0.3))
    assert import_folder(tmp_path / "a", "baise", "me", dest_root=out).ok
    write_wav(tmp_path / "b" / "pong.wav", tone(0.8))
    assert import_folder(tmp_path / "b", "baise", "me", dest_root=out).imported == ["pong"]
    packs = user_packs(out)
    assert [(p.dialect, p.speaker, p.tokens) for p in packs] == [("baise", "me", ["1m", "pong"])]
    assert pcm.read_wav(out / "baise" / "me" / "pong.wav").seconds > 0.7


# ------------------------------------------------------------------------------------------------ recorder
class ToneMic:
    name = "tone"
    rate = 44100

    def __init__(self, amp: float = 0.3):
        self.amp = amp
        self.on = False
        self.events: list[str] = []

    def open(self):
        self.events.append("open")

    def start(self):
        self.on = True
        self.events.append("start")

    def stop(self):
        self.on = False
        self.events.append("stop")

    def close(self):
        self.events.append("close")

    def read(self) -> bytes:
        return pcm.to_bytes(tone(0.05, amp=self.amp)) if self.on else b""


class BrokenMic(ToneMic):
    def open(self):
        raise RuntimeError("device busy")


def test_a_session_walks_records_redoes_and_saves(tmp_path, no_pydub):
    clock = [0.0]
    mic = ToneMic()
    s = RecordingSession("mandarin", "me", ["1m", "pong", "talk_hello"], source=lambda: mic,
                         clock=lambda: clock[0], max_seconds=1.0)
    assert s.start() and s.recording
    for _ in range(6):
        s.update()
    s.stop()
    assert s.takes["1m"].clip is not None and s.dirty
    s.next()
    s.start()
    for _ in range(4):
        s.update()
    clock[0] += 5.0  # forgotten: the take stops by itself at the limit
    s.update()
    assert not s.recording and s.takes["pong"].clip is not None
    mic.amp = 0.0
    s.redo()
    s.update()
    s.stop()
    assert s.takes["pong"].problem == "silence" and s.kept() == ["1m"]
    result = s.save(dest_root=tmp_path)
    assert result.ok and result.imported == ["1m"] and not s.dirty
    assert (tmp_path / "mandarin" / "me" / "1m.wav").is_file()
    s.close()
    assert mic.events[-1] == "close"


def test_a_microphone_that_cannot_be_opened_is_reported():
    s = RecordingSession("nanning", "me", ["1m"], source=BrokenMic())
    assert not s.start() and "device busy" in s.error and not s.recording


def test_record_pack_walks_every_token_including_the_table_talk(tmp_path, no_pydub, monkeypatch):
    monkeypatch.setattr("time.sleep", lambda s: None)
    ticks = iter(range(10 ** 6))
    monkeypatch.setattr("time.monotonic", lambda: next(ticks) * 0.05)
    said: list[str] = []
    r = record_pack("baise", "me", lead_in=1, seconds=0.3, source=ToneMic(), dest_root=tmp_path,
                    countdown=lambda token, n: said.append(token) if n == 0 else None)
    assert said == list(RECORD_TOKENS)
    assert r.ok and sorted(r.recorded) == sorted(RECORD_TOKENS)
    assert {f"talk_{k}" for k in ("hurry", "nice", "again", "luck", "think", "hello", "sorry", "thanks", "bye")} \
        <= set(r.recorded)


# ------------------------------------------------------------------------------------------------ deleting
def test_delete_pack_removes_only_a_players_pack(tmp_path, no_pydub):
    write_wav(tmp_path / "in" / "1m.wav", tone(0.3))
    import_folder(tmp_path / "in", "nanning", "me", dest_root=tmp_path / "out")
    assert delete_pack("nanning", "../..", tmp_path / "out")[0] is False
    assert delete_pack("klingon", "me", tmp_path / "out")[0] is False
    assert delete_pack("nanning", "nobody", tmp_path / "out")[0] is False
    ok, message = delete_pack("nanning", "me", tmp_path / "out")
    assert ok and message == "Deleted nanning/me." and user_packs(tmp_path / "out") == []
    assert (tmp_path / "in" / "1m.wav").is_file()


# ------------------------------------------------------------------------------------------------ readings
def _make_voices():
    return load_script("tools/make_voices.py")


def test_the_games_readings_are_the_tools_scripts_and_cover_every_token():
    mv = _make_voices()
    assert list(RECORD_TOKENS) == list(mv.ALL_TOKENS)
    for dialect, table in (("nanning", mv.NANNING), ("baise", mv.BAISE), ("mandarin", mv.MANDARIN)):
        assert SCRIPTS[dialect] == {t: table[t] for t in mv.ALL_TOKENS}, dialect


def test_prompts_are_readable():
    assert prompt("nanning", "1m") == ("一萬", "aa1 maan6")
    assert prompt("baise", "7m")[1] == "tsʰi21 wan24"  # the espeak phoneme string written for a reader
    assert prompt("baise", "talk_thanks") == ("多谢", "to33 xie24")
    assert display_reading("(N'o)54") == "ŋo54"
    assert all("(" not in prompt(d, t)[1] for d in SCRIPTS for t in RECORD_TOKENS)
    assert [kind_of(t) for t in ("1m", "P", "8f", "pong", "talk_bye")] == ["tile", "tile", "tile", "call", "talk"]


def test_ogg_is_read_by_pygames_mixer_when_there_is_no_pydub(tmp_path, no_pydub, monkeypatch):
    """The standalone build: no pydub, no ffmpeg, but the game's mixer decodes OGG (a shipped clip here)."""
    import shutil

    import pygame

    shipped = ROOT / "assets" / "voices" / "mandarin" / "female_a" / "pong.ogg"
    if not shipped.is_file():
        pytest.skip("the shipped packs are not in this checkout")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    was = pygame.mixer.get_init()
    if not was:
        try:
            pygame.mixer.init(frequency=44100, size=-16, channels=2)
        except pygame.error as exc:
            pytest.skip(f"no mixer: {exc}")
    try:
        (tmp_path / "in").mkdir()
        shutil.copy(shipped, tmp_path / "in" / "碰.ogg")
        (tmp_path / "in" / "gang.ogg").write_bytes(b"OggS" + bytes(200))  # not a token name: ignored
        (tmp_path / "in" / "kong.ogg").write_bytes(b"OggS" + bytes(200))  # damaged
        r = import_folder(tmp_path / "in", "mandarin", "me", dest_root=tmp_path / "out")
        assert r.imported == ["pong"] and r.format == "wav"
        assert r.codes == {"kong.ogg": "cannot_decode"} and r.ignored == ["gang.ogg"]
        clip = pcm.read_wav(tmp_path / "out" / "mandarin" / "me" / "pong.wav")
        assert 0.2 < clip.seconds < 2.5
    finally:
        if not was:
            pygame.mixer.quit()
