"""Voice latency: from `Voices.on_event(discard)` to the tile's clip playing on its channel.

    python benchmarks/bench_audio.py [--json] [--events 400] [--packs auto|shipped|synthetic] [--quick]

Runs under SDL's disk audio driver (a real mixing thread, writing its output to a temporary file at real-time
pace), so it needs no sound card. Figures:

- `on_event_to_play_ms`: `Voices.last_latency_ms`, the wall time from entering `on_event` to `Channel.play`
  returning, over a few hundred discards by random seats at 5-40 ms intervals (so earlier lines are being cut), split
  into `cold` (the clip decoded from disk on the spot) and `warm` (already in the cache). Target: < 50 ms.
- `stream_start_ms`: from the event to the first non-silent sample of the clip in the mixed output stream, measured
  in samples (event position = the output file's length when the event fired; the file lags the mixer by up to a
  write buffer, so this is an upper bound). It adds the device's mixing period (`mix_period_ms`) to the above.
"""

from __future__ import annotations

import argparse
import array
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RATE = 44100


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[k]


def summary(xs: list[float]) -> dict:
    return {"n": len(xs), "median": round(statistics.median(xs), 3) if xs else None,
            "p99": round(pct(xs, 0.99), 3) if xs else None, "max": round(max(xs), 3) if xs else None}


def synthetic_pack(root: Path) -> None:
    """Two speakers (male, female) with a 0.5 s tone per tile: a stand-in until the shipped packs exist."""
    from game.audio.packs import TILE_TOKENS

    for speaker, gender, base in (("bench_m", "male", 220.0), ("bench_f", "female", 330.0)):
        folder = root / "nanning" / speaker
        folder.mkdir(parents=True, exist_ok=True)
        for i, token in enumerate(TILE_TOKENS):
            f = base * (1 + i / 40)
            n = int(0.5 * RATE)
            pcm = array.array("h", (int(12000 * math.sin(2 * math.pi * f * k / RATE)) for k in range(n)))
            with wave.open(str(folder / f"{token}.wav"), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(RATE)
                w.writeframes(pcm.tobytes())
        (folder / "manifest.json").write_text(json.dumps({"dialect": "nanning", "speaker": speaker,
                                                          "gender": gender, "synthetic": True}))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--events", type=int, default=400)
    ap.add_argument("--stream-events", type=int, default=40)
    ap.add_argument("--packs", choices=("auto", "shipped", "synthetic"), default="auto")
    ap.add_argument("--voices", type=Path, help="a voice pack root to use instead (e.g. a fresh make_voices output)")
    ap.add_argument("--quick", action="store_true", help="60 events, 8 stream probes (tests)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.quick:
        args.events, args.stream_events = 60, 8
    tmp = Path(tempfile.mkdtemp(prefix="bench-audio-"))
    out_file = tmp / "out.raw"
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(out_file)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["LINGNAN_HOME"] = str(tmp / "home")

    from game.audio import Audio
    from game.audio.packs import TILE_TOKENS, VoicePacks, builtin_voices_dir
    from game.settings import Settings

    shipped = VoicePacks([args.voices or builtin_voices_dir()])
    use_shipped = args.packs == "shipped" or (args.packs == "auto" and shipped.speakers("nanning"))
    if use_shipped:
        roots = [args.voices or builtin_voices_dir()]
        dialect = "nanning" if shipped.speakers("nanning") else (shipped.dialects() or ["mandarin"])[0]
    else:
        synthetic_pack(tmp / "voices")
        roots = [tmp / "voices"]
        dialect = "nanning"
    settings = Settings(dialect=dialect, voice_volume=1.0, effects_volume=0.0)
    audio = Audio.create(settings, roots=roots)
    if not audio.enabled:
        print(json.dumps({"ok": False, "error": f"mixer did not start: {audio.reason}"}))
        return 1
    voices = audio.voices
    rng = random.Random(args.seed)
    tiles = [t for t in TILE_TOKENS[:34]]
    time.sleep(0.3)

    cold: list[float] = []
    warm: list[float] = []
    misses = 0
    for _ in range(args.events):
        tile = rng.choice(tiles)
        seat = rng.randrange(4)
        path = audio.packs.resolve(dialect, voices.speaker_for(seat), tile)
        was_cached = audio.packs.cached(path)
        voices.last_latency_ms = None
        voices.on_event({"type": "discard", "actor": seat, "tile": tile}, 4, rng.randrange(4))
        if voices.last_latency_ms is None or audio.mixer.voice_playing(seat) != ("tile", tile):
            misses += 1
        else:
            (warm if was_cached else cold).append(voices.last_latency_ms)
        time.sleep(rng.uniform(0.005, 0.04))
    voices.stop()
    time.sleep(0.2)

    # event -> first sound in the mixed stream
    starts: list[float] = []
    marks: list[int] = []
    for i in range(args.stream_events):
        tile = tiles[i % len(tiles)]
        marks.append(out_file.stat().st_size // 4)
        voices.on_event({"type": "discard", "actor": 0, "tile": tile}, 4, 0)
        time.sleep(0.2)
        voices.stop()
        time.sleep(0.08)
    time.sleep(0.1)
    period = audio.mixer.latency_floor_ms
    audio.close()
    raw = array.array("h")
    data = out_file.read_bytes()
    raw.frombytes(data[: len(data) // 4 * 4])
    left = raw[0::2]
    for i, m in enumerate(marks):
        end = marks[i + 1] if i + 1 < len(marks) else len(left)
        first = next((k for k in range(m, min(end, len(left))) if abs(left[k]) > 64), None)
        if first is not None:
            starts.append((first - m) * 1000.0 / RATE)
    try:
        out_file.unlink()
    except OSError:
        pass

    all_ms = cold + warm
    result = {
        "driver": "disk", "dialect": dialect,
        "packs": (str(args.voices) if args.voices else "shipped") if use_shipped else "synthetic",
        "events": args.events, "missed": misses,
        "on_event_to_play_ms": summary(all_ms), "cold_ms": summary(cold), "warm_ms": summary(warm),
        "stream_start_ms": summary(starts), "stream_probes_silent": args.stream_events - len(starts),
        "mix_period_ms": round(period, 2), "target_ms": 50,
        "meets_target": bool(all_ms) and pct(all_ms, 0.99) < 50 and misses == 0,
    }
    if args.json:
        print(json.dumps(result))
    else:
        s = result["on_event_to_play_ms"]
        print(f"on_event -> Channel.play: median {s['median']} ms, p99 {s['p99']} ms, max {s['max']} ms "
              f"over {s['n']} discards ({len(cold)} cold, {len(warm)} warm; {misses} missed)")
        st = result["stream_start_ms"]
        print(f"event -> first sample in the mixed stream: median {st['median']} ms, p99 {st['p99']} ms "
              f"(mix period {result['mix_period_ms']} ms)")
        print("target < 50 ms:", "met" if result["meets_target"] else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
