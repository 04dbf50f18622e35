"""The mixer, voice packs, voices and effects.

Tests that need a real mix run in a fresh Python with SDL's DISK audio driver: SDL writes the mixed output, as
raw signed 16-bit stereo samples, to a file as time passes, so the test can listen to what the game played. Each
such scenario is a `scenario_*` function below, run as `python -m tests.audio.test_mixer_voices NAME TMPDIR` (a mixer
opened with one driver cannot be reopened cleanly with another in the same process), printing a JSON result that
the test checks. Test packs are synthetic sine tones, one frequency per speaker or dialect, so the output says
which clip was mixed.
"""

from __future__ import annotations

import array
import json
import math
import os
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RATE = 44100


# ------------------------------------------------------------------------------------------------ helpers
def write_tone(path: Path, freq: float, seconds: float = 0.4, amp: float = 0.45, lead_silence: float = 0.0,
               rate: int = RATE) -> None:
    n = int(rate * seconds)
    lead = int(rate * lead_silence)
    pcm = array.array("h", [0] * lead + [int(amp * 32767 * math.sin(2 * math.pi * freq * i / rate)
                                             * min(1.0, i / 200, (n - i) / 200)) for i in range(n)])
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


def make_pack(root: Path, dialect: str, speaker: str, gender: str | None, tones: dict[str, float],
              seconds: float = 0.4) -> Path:
    folder = root / dialect / speaker
    for token, freq in tones.items():
        write_tone(folder / f"{token}.wav", freq, seconds)
    (folder / "manifest.json").write_text(json.dumps({"format": 1, "dialect": dialect, "speaker": speaker,
                                                      "gender": gender, "licence": "test", "synthetic": True}))
    return folder


def goertzel(samples, freq: float, rate: int = RATE) -> float:
    """Power of one frequency in a block of samples (normalised by length)."""
    if not samples:
        return 0.0
    w = 2 * math.pi * freq / rate
    c = 2 * math.cos(w)
    s1 = s2 = 0.0
    for x in samples:
        s1, s2 = x + c * s1 - s2, s1
    return (s1 * s1 + s2 * s2 - c * s1 * s2) / (len(samples) ** 2)


def read_raw(path: Path) -> tuple[array.array, array.array]:
    data = array.array("h")
    raw = path.read_bytes()
    data.frombytes(raw[: len(raw) // 4 * 4])
    if sys.byteorder == "big":
        data.byteswap()
    return data[0::2], data[1::2]


def peak(x) -> int:
    return max((abs(v) for v in x), default=0)


def rms(x) -> float:
    return math.sqrt(sum(v * v for v in x) / len(x)) if len(x) else 0.0


def run_scenario(name: str, tmp_path: Path, driver: str = "disk", timeout: float = 90) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update({"SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": str(tmp_path / "out.raw"),
                "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                "LINGNAN_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)})
    proc = subprocess.run([sys.executable, "-m", "tests.audio.test_mixer_voices", name, str(tmp_path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"scenario {name} failed:\n{proc.stdout}\n{proc.stderr}"
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, f"scenario {name} printed no result:\n{proc.stdout}\n{proc.stderr}"
    return json.loads(lines[-1])


# ------------------------------------------------------------------------------------------------ scenarios
# Each runs in its own process under the driver the test chose; it returns a JSON-able dict.

def _audio(tmp: Path, roots: list[Path], dialect: str = "nanning", effects: float = 0.0):
    """An Audio on the test packs; effects muted unless asked for, so the output holds only the voices."""
    from game.audio import Audio
    from game.settings import Settings

    settings = Settings(dialect=dialect, voice_volume=1.0, effects_volume=effects)
    return Audio.create(settings, roots=roots)


class Tape:
    """Marks in the disk driver's output file, in frames."""

    def __init__(self, tmp: Path):
        self.path = tmp / "out.raw"

    def mark(self) -> int:
        try:
            return self.path.stat().st_size // 4
        except OSError:
            return 0

    def wait_running(self) -> None:
        t = time.time()
        while self.mark() == 0 and time.time() - t < 5:
            time.sleep(0.02)


def scenario_discard(tmp: Path) -> dict:
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"1m": 440.0, "pong": 300.0}, seconds=0.5)
    audio = _audio(tmp, [packs])
    tape = Tape(tmp)
    tape.wait_running()
    time.sleep(0.3)
    before = tape.mark()
    audio.on_event({"type": "discard", "actor": 0, "tile": "1m", "tsumogiri": False}, 4, 0)
    latency = audio.voices.last_latency_ms
    busy = audio.mixer.voice_playing(0)
    time.sleep(0.9)
    end = tape.mark()
    # the effects mix too: the dice at a round's start
    audio.set_effects_volume(1.0)
    audio.on_event({"type": "start_round", "dealer": 0}, 4, 0)
    effect = max(audio.mixer._effect_state.values(), key=lambda p: p.started).token
    time.sleep(1.0)
    fx_end = tape.mark()
    enabled = audio.enabled
    audio.close()
    return {"enabled": enabled, "before": before, "end": end, "fx_end": fx_end, "effect": effect,
            "latency_ms": latency, "busy": busy,
            "history": [h["token"] for h in audio.voices.history]}


def scenario_dialects(tmp: Path) -> dict:
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"1m": 440.0}, seconds=0.35)
    make_pack(packs, "mandarin", "m", "male", {"1m": 1320.0}, seconds=0.35)
    audio = _audio(tmp, [packs])
    tape = Tape(tmp)
    tape.wait_running()
    time.sleep(0.2)
    marks = {}
    played = {}
    for dialect in ("nanning", "mandarin", "mute"):
        audio.set_dialect(dialect)
        marks[dialect] = tape.mark()
        audio.on_event({"type": "discard", "actor": 0, "tile": "1m"}, 4, 0)
        snd = audio.mixer.voice_sound(0)
        path = audio.packs.resolve(audio.dialect, audio.voices.speaker_for(0), "1m")
        played[dialect] = {"path": str(path) if path else None,
                           "same_sound": snd is not None and snd is audio.packs.load(path)}
        time.sleep(0.6)
    marks["end"] = tape.mark()
    # a dialect change while a line is playing cuts it at once
    audio.set_dialect("nanning")
    audio.on_event({"type": "discard", "actor": 0, "tile": "1m"}, 4, 0)
    busy_before = audio.mixer.voice_playing(0)
    audio.set_dialect("mandarin")
    busy_after = audio.mixer.voice_playing(0)
    audio.close()
    return {"marks": marks, "played": played, "busy_before": busy_before, "busy_after": busy_after,
            "settings_dialect": audio.settings.dialect}


def scenario_panning(tmp: Path) -> dict:
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"5p": 500.0}, seconds=0.3)
    make_pack(packs, "nanning", "b", "female", {"5p": 500.0}, seconds=0.3)
    audio = _audio(tmp, [packs])
    tape = Tape(tmp)
    tape.wait_running()
    time.sleep(0.2)
    marks = {}
    for seat in (0, 1, 2, 3):  # viewer 0: bottom, right, top, left
        marks[seat] = tape.mark()
        audio.on_event({"type": "discard", "actor": seat, "tile": "5p"}, 4, 0)
        time.sleep(0.5)
    marks["end"] = tape.mark()
    # the viewer at seat 2: seat 3 now sits on the right
    marks["v2"] = tape.mark()
    audio.on_event({"type": "discard", "actor": 3, "tile": "5p"}, 4, 2)
    time.sleep(0.5)
    marks["v2_end"] = tape.mark()
    audio.close()
    return {"marks": marks}


def scenario_cut(tmp: Path) -> dict:
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"1m": 440.0, "3m": 440.0}, seconds=2.0)
    make_pack(packs, "nanning", "b", "female", {"2m": 880.0, "pong": 660.0}, seconds=0.3)
    audio = _audio(tmp, [packs])
    tape = Tape(tmp)
    tape.wait_running()
    time.sleep(0.2)
    out: dict = {"marks": {}}
    # seat 0 (speaker a) says a long 1m; seat 1 (speaker b, by fallback for 2m) discards 2m 0.3 s later
    out["marks"]["first"] = tape.mark()
    audio.on_event({"type": "discard", "actor": 0, "tile": "1m"}, 4, 0)
    time.sleep(0.3)
    out["marks"]["second"] = tape.mark()
    audio.on_event({"type": "discard", "actor": 1, "tile": "2m"}, 4, 0)
    out["seat0_after_second"] = audio.mixer.voice_playing(0)
    out["seat1_after_second"] = audio.mixer.voice_playing(1)
    time.sleep(1.0)
    out["marks"]["call"] = tape.mark()
    # a discard is cut by the call that claims it
    audio.on_event({"type": "discard", "actor": 2, "tile": "3m"}, 4, 0)
    time.sleep(0.25)
    out["marks"]["pong"] = tape.mark()
    audio.on_event({"type": "pong", "actor": 3, "target": 2, "tile": "3m", "consumed": ["3m", "3m"]}, 4, 0)
    out["seat2_after_pong"] = audio.mixer.voice_playing(2)
    out["seat3_after_pong"] = audio.mixer.voice_playing(3)
    time.sleep(1.0)
    out["marks"]["end"] = tape.mark()
    audio.close()
    return out


def scenario_no_device(tmp: Path) -> dict:
    """Run every kind of event through an Audio whose device could not be opened (or the dummy device)."""
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"1m": 440.0, "pong": 300.0, "win": 500.0})
    audio = _audio(tmp, [packs])
    events = [
        {"type": "start_round", "dealer": 0}, {"type": "deal", "seat": 0, "tiles": ["1m"]},
        {"type": "ghost", "ghost": "C"}, {"type": "draw", "actor": 0, "tile": "1m"},
        {"type": "discard", "actor": 0, "tile": "1m"}, {"type": "pong", "actor": 1, "target": 0},
        {"type": "kong", "actor": 2}, {"type": "chow", "actor": 3}, {"type": "concealed_kong", "actor": 0},
        {"type": "added_kong", "actor": 1}, {"type": "flower", "actor": 2, "tile": "1f"},
        {"type": "win", "actor": 3, "target": None, "hands": ["gangshanghua"], "flags": ["after_kong"]},
        {"type": "win", "actor": 2, "target": 1, "hands": ["qiangganghu"], "flags": ["robbing_kong"]},
        {"type": "exhausted"}, {"type": "flip", "kind": "horse", "tiles": ["1m"]},
        {"type": "score", "reason": "follow_dealer", "deltas": [0, 0, 0, 0]}, {"type": "end_round"},
        {"type": "discard"}, {"type": "discard", "actor": "x", "tile": None}, {}, {"type": None},
    ]
    for e in events:
        audio.on_event(e, 4, 0)
        audio.on_event(e, [0, 1, 2], None)
    audio.update(0.016)
    talked = audio.talk(1, "hurry")
    audio.set_dialect("baise")
    audio.set_dialect("nonsense")
    audio.set_voice_volume(2.0)
    audio.set_effects_volume(-1)
    played_effect = audio.effects.play("click")
    from game.audio.recorder import record_pack

    rec = record_pack("nanning", "me", ["1m"], lead_in=0, seconds=0.2, dest_root=tmp / "rec")
    enabled, reason = audio.enabled, audio.reason
    audio.close()
    return {"enabled": enabled, "reason": reason, "talked": talked, "effect": played_effect,
            "record_ok": rec.ok, "record_message": rec.message, "dialect": audio.dialect,
            "volumes": [audio.mixer.voice_volume, audio.mixer.effects_volume]}


def scenario_recorder(tmp: Path) -> dict:
    """With an audio system: no capture device -> a clear message; SDL's dummy microphone -> 'only silence'."""
    from game.audio import recorder as recorder_mod

    audio = _audio(tmp, [])
    real = recorder_mod.capture_devices
    devices = real()
    recorder_mod.capture_devices = lambda: []
    none = recorder_mod.record_pack("nanning", "me", ["1m", "pong"], lead_in=0, seconds=0.2, dest_root=tmp / "rec")
    recorder_mod.capture_devices = real
    counts: list = []
    silent = recorder_mod.record_pack("nanning", "me", ["1m"], lead_in=1, seconds=0.3, dest_root=tmp / "rec",
                                   countdown=lambda token, n: counts.append([token, n]))
    audio.close()
    return {"devices": devices, "none_ok": none.ok, "none_message": none.message, "silent_ok": silent.ok,
            "silent_message": silent.message, "counts": counts}


def scenario_damaged(tmp: Path) -> dict:
    """A clip that cannot be decoded is skipped for the next one in the fallback order."""
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"2m": 440.0})
    make_pack(packs, "nanning", "b", "female", {"1m": 660.0})
    (packs / "nanning" / "a" / "1m.wav").write_bytes(b"RIFF....WAVEfmt nonsense")
    audio = _audio(tmp, [packs])
    said = audio.voices.on_event({"type": "discard", "actor": 0, "tile": "1m"}, 4, 0)
    last = dict(audio.voices.history[-1]) if audio.voices.history else {}
    audio.close()
    return {"said": said, "speaker": audio.voices.speaker_for(0), "path": str(last.get("path")),
            "problems": audio.packs.problems}


def scenario_declared_tokens(tmp: Path) -> dict:
    """Flips and score reasons are voiced by the token their rule set declares, the rule set being the round's."""
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"horse": 520.0, "genzhuang": 600.0, "xing": 700.0}, seconds=0.2)
    audio = _audio(tmp, [packs])
    said = []
    for e in ({"type": "start_round", "variant": "beihai", "dealer": 0},
              {"type": "flip", "kind": "horse", "tiles": ["1m"]},  # Beihai's 买马: "horse"
              {"type": "score", "reason": "follow_dealer", "deltas": [-3, 1, 1, 1]},  # 跟庄: "genzhuang"
              {"type": "score", "reason": "win", "deltas": [3, -1, -1, -1]},  # no voice declared
              {"type": "flip", "kind": "xing", "tiles": ["1m"]},  # not a Beihai kind: nothing
              {"type": "start_round", "variant": "nanning", "dealer": 0},
              {"type": "flip", "kind": "horse", "tiles": ["1m"]}):  # Nanning turns no horses: nothing
        said.append(audio.voices.on_event(e, 4, 0))
        time.sleep(0.35)
    audio.close()
    return {"said": said, "history": [h["token"] for h in audio.voices.history]}


def scenario_setup_lines(tmp: Path) -> dict:
    """上嘎: each Hainan seat that put up 嘎 says so as the round starts, in his own voice; other rule sets say
    nothing at a round's start."""
    packs = tmp / "voices"
    make_pack(packs, "nanning", "a", "male", {"shangga": 520.0}, seconds=0.2)
    make_pack(packs, "nanning", "b", "female", {"shangga": 620.0}, seconds=0.2)
    audio = _audio(tmp, [packs])
    said = []
    for e in ({"type": "start_round", "variant": "hainan", "dealer": 0, "context": {"ga": [0, 2, 0, 1]}},
              {"type": "start_round", "variant": "hainan", "dealer": 0, "context": {"ga": [0, 0, 0, 0]}},
              {"type": "start_round", "variant": "nanning", "dealer": 0, "context": {"streak": 0}}):
        said.append(audio.voices.on_event(e, 4, 0))
        time.sleep(1.2)
    audio.close()
    return {"said": said, "history": [[h["token"], h["seat"]] for h in audio.voices.history]}


SCENARIOS = {name[len("scenario_"):]: fn for name, fn in globals().items() if name.startswith("scenario_")}


# ------------------------------------------------------------------------------------------------ the tests
def test_a_discard_is_mixed_into_the_output(tmp_path):
    r = run_scenario("discard", tmp_path)
    assert r["enabled"]
    assert r["busy"] == ["tile", "1m"]
    assert r["history"] == ["1m"]
    assert r["latency_ms"] is not None and r["latency_ms"] < 50
    left, right = read_raw(tmp_path / "out.raw")
    b = r["before"]
    assert peak(left[: max(0, b - 2048)]) == 0, "the output was not silent before the discard"
    after = left[b: r["end"]]
    assert peak(after) > 8000, "the tile's clip did not reach the output"
    # the clip is 440 Hz, and it starts within a tenth of a second of the event
    start = next(i for i, v in enumerate(after) if abs(v) > 500)
    assert start < 0.1 * RATE
    block = after[start + 441: start + 441 + 8820]
    assert goertzel(block, 440) > 20 * goertzel(block, 300)
    assert goertzel(block, 440) > 20 * goertzel(block, 880)
    # and the tile name is over by the time the dice roll
    assert r["effect"] == "dice"
    assert peak(left[b + int(0.6 * RATE): r["end"]]) == 0
    assert peak(left[r["end"]: r["fx_end"]]) > 8000


def test_flips_and_scores_say_the_token_their_rule_set_declares(tmp_path):
    r = run_scenario("declared_tokens", tmp_path)
    assert r["history"] == ["horse", "genzhuang"]
    assert r["said"] == [False, True, True, False, False, False, False]


def test_shangga_is_said_by_each_seat_that_put_up_ga(tmp_path):
    r = run_scenario("setup_lines", tmp_path)
    assert r["said"] == [True, False, False]
    assert r["history"] == [["shangga", 1], ["shangga", 3]]


def test_switching_dialect_switches_the_clip(tmp_path):
    r = run_scenario("dialects", tmp_path)
    m = r["marks"]
    left, _ = read_raw(tmp_path / "out.raw")

    def window(a, b):
        seg = left[m[a]: m[b]]
        return seg[: int(0.4 * RATE)]

    nan, man = window("nanning", "mandarin"), window("mandarin", "mute")
    assert goertzel(nan, 440) > 20 * goertzel(nan, 1320), "Nanning should say its own (440 Hz) clip"
    assert goertzel(man, 1320) > 20 * goertzel(man, 440), "Mandarin should say its own (1320 Hz) clip"
    assert peak(left[m["mute"] + 2048: m["end"]]) == 0, "mute must be silent"
    assert r["played"]["nanning"]["path"].endswith("nanning/a/1m.wav")
    assert r["played"]["mandarin"]["path"].endswith("mandarin/m/1m.wav")
    assert r["played"]["nanning"]["same_sound"] and r["played"]["mandarin"]["same_sound"]
    assert r["played"]["mute"]["path"] is None
    assert r["busy_before"] == ["tile", "1m"] and r["busy_after"] is None, "a dialect change cuts the old line"
    assert r["settings_dialect"] == "mandarin"


def test_voices_are_panned_toward_the_seat(tmp_path):
    r = run_scenario("panning", tmp_path)
    m = {k: v for k, v in r["marks"].items()}
    left, right = read_raw(tmp_path / "out.raw")

    def lr(a, b):
        return rms(left[m[a]: m[b]]), rms(right[m[a]: m[b]])

    bottom, rgt, top, lft = lr("0", "1"), lr("1", "2"), lr("2", "3"), lr("3", "end")
    assert bottom[0] > 1000 and abs(bottom[0] - bottom[1]) < 0.05 * bottom[0], "the viewer's own voice is centred"
    assert rgt[1] > 2 * rgt[0], "the next seat (right) is heard on the right"
    assert lft[0] > 2 * lft[1], "the previous seat (left) is heard on the left"
    assert abs(top[0] - top[1]) < 0.05 * top[0] and top[0] < 0.85 * bottom[0], "the opposite seat: centred, quieter"
    v2 = lr("v2", "v2_end")
    assert v2[1] > 2 * v2[0], "for a viewer at seat 2, seat 3 sits on the right"


def test_a_stale_tile_name_is_cut_by_the_next_discard_and_calls_cut_discards(tmp_path):
    r = run_scenario("cut", tmp_path)
    assert r["seat0_after_second"] is None, "the first tile name was still playing"
    assert r["seat1_after_second"] == ["tile", "2m"]
    assert r["seat2_after_pong"] is None and r["seat3_after_pong"] == ["call", "pong"]
    m = r["marks"]
    left, _ = read_raw(tmp_path / "out.raw")
    first = left[m["first"] + 2048: m["second"]]
    assert goertzel(first, 440) > 1e5
    # from the second discard on: only 880 Hz, and silence once its 0.3 s are over (1m would have gone on for 2 s)
    second = left[m["second"] + 2048: m["second"] + int(0.25 * RATE)]
    assert goertzel(second, 880) > 20 * goertzel(second, 440)
    assert peak(left[m["second"] + int(0.45 * RATE): m["call"]]) == 0
    # the pong (660 Hz) replaces seat 2's 3m (440 Hz, 2 s long)
    pong = left[m["pong"] + 2048: m["pong"] + int(0.25 * RATE)]
    assert goertzel(pong, 660) > 20 * goertzel(pong, 440)
    assert peak(left[m["pong"] + int(0.45 * RATE): m["end"]]) == 0


def test_without_an_audio_device_everything_is_silent_and_nothing_raises(tmp_path):
    r = run_scenario("no_device", tmp_path, driver="no_such_audio_driver")
    assert r["enabled"] is False and r["reason"] and "no audio" in r["reason"]
    assert r["talked"] is False and r["effect"] is False
    assert r["record_ok"] is False and "no audio system" in r["record_message"]
    assert r["dialect"] == "baise"  # switching works without a device; "nonsense" is ignored
    assert r["volumes"] == [1.0, 0.0]


def test_the_dummy_driver_plays_into_nothing_without_errors(tmp_path):
    r = run_scenario("no_device", tmp_path, driver="dummy")
    assert r["enabled"] is True and r["reason"] is None
    assert r["effect"] is True


def test_recorder_without_a_microphone_says_so(tmp_path):
    r = run_scenario("recorder", tmp_path, driver="dummy")
    assert r["none_ok"] is False and "No microphone" in r["none_message"]
    # SDL's dummy driver offers a microphone that hears nothing: the recorder walks the token and says so
    assert r["silent_ok"] is False and "silence" in r["silent_message"]
    assert r["counts"] == [["1m", 1], ["1m", 0]]


def test_a_damaged_clip_falls_back_to_the_next_speaker(tmp_path):
    r = run_scenario("damaged", tmp_path, driver="dummy")
    assert r["said"] is True and r["speaker"] == "a"
    assert r["path"].endswith("nanning/b/1m.wav")
    assert any("1m.wav" in p and "cannot be played" in p for p in r["problems"])


# ---- no mixer needed: in this process
def test_fallback_order_speaker_then_other_speaker_then_mandarin_then_silence(tmp_path):
    from game.audio.packs import VoicePacks

    shipped = tmp_path / "assets"
    user = tmp_path / "user"
    make_pack(shipped, "nanning", "a", "male", {"1m": 100, "2m": 100, "kong": 100})
    make_pack(shipped, "nanning", "b", "female", {"2m": 200, "3m": 200, "concealed_kong": 200})
    make_pack(shipped, "mandarin", "m1", "male", {"1m": 300, "3m": 300, "4m": 300, "zimo": 300})
    make_pack(shipped, "mandarin", "f1", "female", {"4m": 400, "5m": 400})
    packs = VoicePacks([user, shipped])

    def who(dialect, speaker, token):
        p = packs.resolve(dialect, speaker, token)
        return None if p is None else f"{p.parent.parent.name}/{p.parent.name}"

    assert who("nanning", "a", "1m") == "nanning/a"
    assert who("nanning", "a", "3m") == "nanning/b"  # the same dialect's other speaker
    assert who("nanning", "b", "1m") == "nanning/a"
    assert who("nanning", "a", "zimo") == "mandarin/m1"  # then Mandarin
    assert who("nanning", "b", "5m") == "mandarin/f1"
    assert who("nanning", "b", "4m") == "mandarin/f1"  # a Mandarin speaker of the same gender first
    assert who("nanning", "a", "4m") == "mandarin/m1"
    assert who("nanning", "a", "6m") is None  # then silence
    assert who("baise", None, "1m") == "mandarin/m1"  # a dialect with no pack at all
    assert who("mute", "a", "1m") is None
    assert who("nanning", "nobody", "2m") == "nanning/a"
    assert who("nanning", "a", "talk_hurry") is None
    # 暗杠 may share 杠: a speaker without it says kong before anyone else is asked
    assert packs.resolve("nanning", "a", "concealed_kong").name == "kong.wav"
    assert packs.resolve("nanning", "b", "concealed_kong").name == "concealed_kong.wav"
    assert who("nanning", "b", "added_kong") == "nanning/a"  # nobody has 补杠: the speakers' 杠 in order
    assert who("mandarin", "m1", "added_kong") is None  # Mandarin never falls back to a dialect
    # a player's pack comes first and overrides a shipped one of the same name, token by token
    make_pack(user, "nanning", "a", "male", {"1m": 900})
    make_pack(user, "nanning", "mine", "female", {"9m": 900})
    packs.rescan()
    assert packs.resolve("nanning", "a", "1m").is_relative_to(user)
    assert packs.resolve("nanning", "a", "2m").is_relative_to(shipped)
    assert packs.speakers("nanning")[:2] == ["a", "mine"]
    assert who("nanning", "a", "9m") == "nanning/mine"


def test_speakers_alternate_gender_and_stay_with_their_seat(tmp_path):
    from game.audio.mixer import Mixer
    from game.audio.packs import VoicePacks
    from game.audio.voices import Voices
    from game.settings import Settings

    root = tmp_path / "voices"
    make_pack(root, "nanning", "lao_wong", "male", {"1m": 1})
    make_pack(root, "nanning", "ah_mei", "female", {"1m": 1})
    make_pack(root, "nanning", "ah_lan", "female", {"1m": 1})
    make_pack(root, "baise", "female_1", None, {"1m": 1})  # gender from the folder name
    make_pack(root, "baise", "male_1", None, {"1m": 1})
    v = Voices(Mixer(init=False), VoicePacks([root]), Settings(dialect="nanning"))
    seats = [v.speaker_for(s) for s in range(4)]
    genders = [v.packs.gender("nanning", s) for s in seats]
    assert genders == ["male", "female", "male", "female"]
    assert set(seats) == {"lao_wong", "ah_mei", "ah_lan"}
    assert [v.speaker_for(s) for s in range(4)] == seats
    v.set_dialect("baise")
    assert [v.speaker_for(s) for s in range(4)] == ["male_1", "female_1", "male_1", "female_1"]
    v.set_dialect("mute")
    assert v.speaker_for(0) is None


def test_win_lines_name_the_special_moments():
    from game.audio.voices import Voices

    sp = Voices._specials
    assert sp({"hands": ["gangshanghua"], "flags": ["after_kong"]}, True) == ["gangshanghua"]
    assert sp({"hands": [], "flags": ["after_kong"]}, True) == ["gangshanghua"]
    assert sp({"hands": [], "flags": ["after_kong"]}, False) == []  # 杠上炮 is not 杠上花
    assert sp({"hands": ["qiangganghu"], "flags": ["robbing_kong"]}, False) == ["qianggang"]
    assert sp({"hands": ["haidilaoyue"], "flags": ["last_tile"]}, True) == ["haidilaoyue"]
    assert sp({"hands": ["tianhu"], "flags": ["heavenly"]}, True) == ["tianhu"]
    assert sp({"hands": ["dihu"], "flags": ["earthly"]}, True) == ["dihu"]
    assert sp({"hands": ["pinghu"], "flags": []}, False) == []


def test_win_lines_say_the_hands_the_rule_set_gives_a_voice():
    from game.audio.voices import Voices

    v = Voices.__new__(Voices)
    v.variant_id = "guiliu"
    assert v._hand_voices({"hands": ["lanpai", "menqing"]}) == ["lanpai"]  # a small hand's own line
    assert v._hand_voices({"hands": ["qixinglan", "menqing"]}) == ["qixinglan"]  # a hand type's
    assert v._hand_voices({"hands": ["pinghu"]}) == []
    v.variant_id = "nanning"
    assert v._hand_voices({"hands": ["qixinglan"]}) == []  # not a Nanning hand
    v.variant_id = "hainan"
    assert v._hand_voices({"hands": ["pinghu"], "voices": ["jiehu"]}) == ["jiehu"]  # the engine's 截胡 line


def test_import_folder_takes_the_good_files_and_lists_the_bad(tmp_path):
    pytest.importorskip("pydub")
    from pydub import AudioSegment

    from game.audio.packs import TARGET_DBFS, VoicePacks, import_folder

    src = tmp_path / "recordings"
    write_tone(src / "1m.wav", 440, seconds=0.6, amp=0.05, lead_silence=0.8)  # quiet, with silence in front
    write_tone(src / "碰.wav", 300, seconds=0.4, amp=0.9)
    (src / "2m.wav").write_bytes(b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00garbage, not audio" * 3)
    (src / "3m.ogg").write_bytes(b"OggS" + os.urandom(300))
    (src / "notes.txt").write_text("not a recording")
    dest = tmp_path / "user_voices"
    r = import_folder(src, "nanning", "me", gender="female", dest_root=dest)
    assert r.ok
    assert sorted(r.imported) == ["1m", "pong"]
    assert sorted(name for name, _ in r.refused) == ["2m.wav", "3m.ogg"]
    assert all("decode" in why or "ffmpeg" in why for _, why in r.refused)
    assert r.ignored == ["notes.txt"]
    assert "2m.wav" in r.message and "3m.ogg" in r.message and "Refused 2" in r.message
    pack = dest / "nanning" / "me"
    clips = {p.stem: p for p in pack.iterdir() if p.suffix in (".ogg", ".wav")}
    assert set(clips) == {"1m", "pong"}
    manifest = json.loads((pack / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["dialect"] == "nanning" and manifest["speaker"] == "me" and manifest["gender"] == "female"
    assert manifest["synthetic"] is False and manifest["licence"] and manifest["made_with"]
    assert manifest["tokens"] == ["1m", "pong"]
    seg = AudioSegment.from_file(str(clips["1m"]))
    assert len(seg) < 800, "the leading silence was trimmed"
    assert abs(seg.dBFS - TARGET_DBFS) < 2.5, "the quiet take was brought up to the target loudness"
    loud = AudioSegment.from_file(str(clips["pong"]))
    assert loud.max_dBFS <= -0.5
    packs = VoicePacks([dest])
    assert packs.resolve("nanning", "me", "pong") == clips["pong"]
    assert packs.gender("nanning", "me") == "female"


def test_import_folder_without_ffmpeg_keeps_wav_and_says_why_ogg_is_refused(tmp_path, monkeypatch):
    pytest.importorskip("pydub")
    import pydub.utils

    from game.audio.packs import import_folder

    monkeypatch.setattr(pydub.utils, "which", lambda name: None)
    src = tmp_path / "recordings"
    write_tone(src / "E.wav", 500, seconds=0.3)
    (src / "S.ogg").write_bytes(b"OggS" + bytes(200))
    r = import_folder(src, "baise", "me", dest_root=tmp_path / "out")
    assert r.ok and r.imported == ["E"]
    assert (tmp_path / "out" / "baise" / "me" / "E.wav").is_file()
    assert r.refused == [("S.ogg", "decoding this format needs ffmpeg, which is not installed")]
    assert "kept as WAV" in r.message


def test_import_folder_refuses_bad_requests_without_raising(tmp_path):
    from game.audio.packs import import_folder

    assert not import_folder(tmp_path / "nowhere", "nanning", "me", dest_root=tmp_path).ok
    assert "not a folder" in import_folder(tmp_path / "nowhere", "nanning", "me", dest_root=tmp_path).message
    assert "unknown dialect" in import_folder(tmp_path, "klingon", "me", dest_root=tmp_path).message
    assert "folder name" in import_folder(tmp_path, "nanning", "../evil", dest_root=tmp_path).message
    (tmp_path / "empty").mkdir()
    r = import_folder(tmp_path / "empty", "nanning", "me", dest_root=tmp_path / "out")
    assert not r.ok and "no recordings" in r.message


def test_effects_are_synthesised_when_the_files_are_missing():
    from game.audio.voices import EFFECT_NAMES, synth

    for name in EFFECT_NAMES:
        x = synth(name, 8000)
        assert 0.05 * 8000 < len(x) < 2.0 * 8000
        assert 0.5 < max(abs(v) for v in x) <= 1.0
    assert synth("click", 8000) == synth("click", 8000)  # deterministic


def test_audio_benchmark_quick_run_reports_its_fields():
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_audio.py"), "--json", "--quick",
                           "--packs", "synthetic"], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["missed"] == 0 and out["on_event_to_play_ms"]["n"] == 60
    assert out["stream_start_ms"]["n"] == 8 and out["stream_probes_silent"] == 0
    for key in ("median", "p99", "max"):
        assert out["on_event_to_play_ms"][key] >= 0


def test_shipped_effects_exist():
    folder = ROOT / "assets" / "sfx"
    for name in ("click", "dice", "deal", "win"):
        assert (folder / f"{name}.ogg").is_file() or (folder / f"{name}.wav").is_file(), name


if __name__ == "__main__":  # a scenario in a fresh process: python -m tests.audio.test_mixer_voices NAME TMPDIR
    result = SCENARIOS[sys.argv[1]](Path(sys.argv[2]))
    print(json.dumps(result, ensure_ascii=False, default=str))
