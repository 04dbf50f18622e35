"""Synthesise the table's sound effects into assets/sfx/*.ogg.

    python tools/make_sfx.py [--out assets/sfx] [--wav]

The sounds are made in pure Python by game.audio.voices.synth (deterministic: the same files every run):

    click   a tile set down: a noise burst through a few wooden resonances (2.35 kHz, 3.9 kHz, 1.15 kHz, 420 Hz)
    dice    two dice tumbling: clacks at widening intervals, getting quieter
    deal    the wall shuffled and dealt: seventy small knocks over a sliding hiss
    win     a bright chime: C6 E6 G6 C7 bell tones (partials 1, 2.76, 5.4) rising

pydub and ffmpeg (with libvorbis) encode them to OGG; with --wav, or when ffmpeg is missing, WAV files are written
instead (the game reads either; it also synthesises any effect whose file is missing).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.audio.mixer import wav_bytes  # noqa: E402
from game.audio.voices import EFFECT_NAMES, synth  # noqa: E402

RATE = 44100


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "sfx")
    ap.add_argument("--wav", action="store_true", help="write WAV, no encoder needed")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    encode = not args.wav
    if encode:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                from pydub import AudioSegment
                from pydub.utils import which
            if not which("ffmpeg"):
                raise RuntimeError("ffmpeg not found")
        except Exception as exc:
            print(f"cannot encode OGG ({exc}); writing WAV", file=sys.stderr)
            encode = False
    for name in EFFECT_NAMES:
        data = wav_bytes(synth(name, RATE), RATE)
        if not encode:
            path = args.out / f"{name}.wav"
            path.write_bytes(data)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                wav = Path(tmp) / f"{name}.wav"
                wav.write_bytes(data)
                seg = AudioSegment.from_wav(str(wav))
                path = args.out / f"{name}.ogg"
                seg.export(str(path), format="ogg", codec="libvorbis", parameters=["-q:a", "6"],
                           tags={"title": f"Lingnan Mahjong {name}", "comment": "synthesised by tools/make_sfx.py"})
            stale = args.out / f"{name}.wav"
            if stale.exists():
                stale.unlink()
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
