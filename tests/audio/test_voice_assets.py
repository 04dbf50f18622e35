"""The shipped voice packs (assets/voices, made by tools/make_voices.py): complete, decodable, audible.

Needs neither espeak-ng nor ffmpeg: the clips are decoded by pygame's own mixer, with SDL's dummy audio driver.
"""

from __future__ import annotations

import array
import json
import os
from pathlib import Path

import pytest

from game.engine.tiles import NUM_KINDS, tile_name
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
VOICES = ROOT / "assets" / "voices"
DIALECTS = ("nanning", "baise", "mandarin")
EVENT_TOKENS = (
    "pong", "kong", "concealed_kong", "added_kong", "chow", "win", "zimo", "fangpao", "flower", "gangshanghua",
    "haidilaoyue", "qianggang", "tianhu", "dihu", "liuju", "genzhuang", "zhui", "horse", "xing", "ghost",
    "hubao", "lanpai", "qixinglan", "shisanyao", "baohe", "huahu", "huashangtianhua", "shangga", "jiehu",
)
TILE_TOKENS = tuple(tile_name(k) for k in range(NUM_KINDS))
REQUIRED = TILE_TOKENS + EVENT_TOKENS
MIN_SECONDS, MAX_SECONDS = 0.15, 3.0
MIN_PEAK = 0.1  # of full scale: clips are normalised to about -16 dBFS RMS, peaks near -1 dBFS

RATE = 22050
QUICK_PHRASES = ("talk_hello", "talk_sorry", "talk_thanks", "talk_bye")  # 快捷语, besides the older table talk


def _make_voices():
    """tools/make_voices.py as a module (importing it needs neither espeak-ng, ffmpeg nor pydub)."""
    return load_script("tools/make_voices.py")  # importing it needs neither espeak-ng, ffmpeg nor pydub


def _speaker_dirs() -> list[Path]:
    return sorted(p for d in DIALECTS for p in (VOICES / d).glob("*") if p.is_dir())


def _clips() -> list[Path]:
    return sorted(p for d in _speaker_dirs() for p in d.glob("*.ogg"))


def _manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_tile_notation_is_the_42_kinds():
    assert len(TILE_TOKENS) == 42 and TILE_TOKENS[:2] == ("1m", "2m") and TILE_TOKENS[-1] == "8f"
    assert {"E", "S", "W", "N", "C", "F", "P", "1s"} <= set(TILE_TOKENS)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_dialect_has_a_male_and_a_female_speaker_with_a_manifest(dialect):
    folders = [p for p in (VOICES / dialect).glob("*") if p.is_dir()]
    assert len(folders) >= 2, f"{dialect}: fewer than two speakers"
    genders = set()
    for folder in folders:
        assert (folder / "manifest.json").is_file(), f"{folder} has no manifest.json"
        m = _manifest(folder)
        assert m["dialect"] == dialect and m["speaker"] == folder.name
        assert m["synthetic"] is True and m["licence"] and m["made_with"]
        assert isinstance(m["script"], dict) and m["script"]
        genders.add(m["gender"])
    assert {"male", "female"} <= genders


@pytest.mark.parametrize("folder", _speaker_dirs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pack_is_complete(folder):
    m = _manifest(folder)
    clips = {p.stem for p in folder.glob("*.ogg")}
    for token in m["script"]:
        clip = folder / f"{token}.ogg"
        assert clip.is_file() and clip.stat().st_size > 0, f"{clip} missing or empty"
    missing = [t for t in REQUIRED if t not in clips]
    assert not missing, f"{folder}: no clip for {missing}"
    talk = [t for t in m["script"] if t.startswith("talk_")]
    assert len(talk) >= 4, f"{folder}: only {talk} table talk"
    unlisted = sorted(clips - set(m["script"]))
    assert not unlisted, f"{folder}: clips the manifest's script does not list: {unlisted}"


@pytest.fixture(scope="module")
def mixer():
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    before = pygame.mixer.get_init()
    if before:
        pygame.mixer.quit()
    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    assert pygame.mixer.get_init() == (RATE, -16, 1)
    yield pygame.mixer
    pygame.mixer.quit()
    if before:
        pygame.mixer.init(frequency=before[0], size=before[1], channels=before[2])


def test_there_are_clips_to_check():
    assert len(_clips()) >= len(DIALECTS) * 2 * len(REQUIRED)


@pytest.mark.parametrize("folder", _speaker_dirs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_clips_decode_and_are_speech_length_and_audible(mixer, folder):
    problems = []
    for clip in sorted(folder.glob("*.ogg")):
        sound = mixer.Sound(str(clip))
        seconds = sound.get_length()
        samples = array.array("h")
        samples.frombytes(sound.get_raw())  # native-endian signed 16-bit, as the mixer was opened
        peak = max(map(abs, samples)) / 32768 if samples else 0.0
        if not MIN_SECONDS <= seconds <= MAX_SECONDS:
            problems.append(f"{clip.name}: {seconds:.2f} s")
        if peak < MIN_PEAK:
            problems.append(f"{clip.name}: peak {peak:.3f} (silent?)")
    assert not problems, f"{folder}: {problems}"


def test_every_voice_line_a_rule_set_declares_is_in_every_pack():
    import importlib

    from game.variants import AVAILABLE, PLANNED

    tokens = set()
    for vid in [*AVAILABLE, *PLANNED]:
        try:
            variant = importlib.import_module(f"game.variants.{vid}").VARIANT
        except ModuleNotFoundError:
            continue  # a rule set still to come
        tokens |= {r.voice_token for r in variant.all_score_reasons()} | {k.voice_token for k in variant.flip_kinds}
        tokens |= {variant.hand_voice(t.id) for t in variant.hand_types} | set(variant.small_hand_voices.values())
    tokens.discard("")
    assert {"hubao", "zhui", "xing", "lanpai", "qixinglan"} <= tokens
    for dialect in DIALECTS:
        for folder in sorted((VOICES / dialect).iterdir()):
            missing = sorted(t for t in tokens if not (folder / f"{t}.ogg").is_file())
            assert not missing, f"{folder} lacks {missing}"


def test_the_tool_makes_every_token_the_game_knows():
    from game.audio import packs

    tool = _make_voices()
    assert len(tool.ALL_TOKENS) == len(set(tool.ALL_TOKENS))
    assert set(REQUIRED) <= set(tool.ALL_TOKENS)
    assert set(QUICK_PHRASES) <= set(tool.TALK_TOKENS)
    assert tuple(tool.TILE_TOKENS) == packs.TILE_TOKENS and tuple(tool.EVENT_TOKENS) == packs.EVENT_TOKENS
    assert [f"talk_{k}" for k in packs.TALK_KINDS] == tool.TALK_TOKENS
    assert all(packs.is_token(t) for t in tool.ALL_TOKENS)
    for dialect in DIALECTS:
        assert set(tool.ALL_TOKENS) <= set(tool.DIALECTS[dialect].script), dialect


@pytest.mark.parametrize("folder", _speaker_dirs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pack_has_every_token_the_tool_makes(folder):
    """Every shipped pack has a clip, a script entry and the current reading for each of make_voices.ALL_TOKENS."""
    tool = _make_voices()
    m = _manifest(folder)
    script = tool.DIALECTS[folder.parent.name].script
    no_clip = [t for t in tool.ALL_TOKENS if not (folder / f"{t}.ogg").is_file()]
    assert not no_clip, f"{folder}: no clip for {no_clip}"
    unlisted = [t for t in tool.ALL_TOKENS if t not in m["script"] or t not in m["readings"]]
    assert not unlisted, f"{folder}: the manifest lacks {unlisted}"
    stale = [t for t in tool.ALL_TOKENS if m["readings"][t] != {"zh": script[t][0], "reading": script[t][1]}]
    assert not stale, f"{folder}: manifest readings differ from tools/make_voices.py (regenerate): {stale}"


def test_every_quick_phrase_is_spoken_by_every_pack():
    phrases = pytest.importorskip("game.phrases")  # the quick phrases (快捷语) the table offers
    tokens = sorted(f"talk_{p.id}" for p in phrases.PHRASES)
    assert set(tokens) <= set(_make_voices().TALK_TOKENS)
    for folder in _speaker_dirs():
        missing = [t for t in tokens if not (folder / f"{t}.ogg").is_file()]
        assert not missing, f"{folder} lacks {missing}"
