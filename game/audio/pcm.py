"""Clips as 16-bit mono PCM in plain Python: decode, trim, normalise, write. No pydub, no ffmpeg, no audioop.

A clip is a `Clip`: `samples` (array('h'), native byte order) and `rate`. The importer and the recorder bring every
clip to the same shape as the shipped packs: mono 16-bit at 44.1 kHz, leading and trailing silence trimmed (a
little kept on either side), loudness brought to TARGET_DBFS (RMS) unless that would push the peak above
PEAK_CEILING, a short fade in and out, at most MAX_CLIP_SECONDS long.

Decoding: WAV with the standard library's `wave` (8/16/24/32-bit integer PCM, any number of channels); anything
else with pygame's mixer when it is running (OGG Vorbis, FLAC, MP3 ... whatever SDL_mixer reads), then pydub with
ffmpeg where both are installed (a checkout with the dev extra). Writing: WAV with `wave`, or OGG Vorbis through
pydub + ffmpeg when they are there (`encoder()`).
"""

from __future__ import annotations

import array
import io
import math
import sys
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RATE = 44100
TARGET_DBFS = -16.0  # loudness (RMS) every clip is brought to: the shipped packs' level
PEAK_CEILING = -1.0  # ... unless that would push its peak above this
MAX_CLIP_SECONDS = 4.0
FULL = 32768.0


@dataclass
class Clip:
    samples: array.array  # 'h', mono
    rate: int = RATE

    @property
    def seconds(self) -> float:
        return len(self.samples) / float(self.rate or RATE)


class DecodeError(ValueError):
    """A file no available decoder could read. `code`: "cannot_decode" or "needs_ffmpeg"."""

    def __init__(self, message: str, code: str = "cannot_decode"):
        super().__init__(message)
        self.code = code


class SilentError(ValueError):
    """A clip with nothing louder than its background."""


# ------------------------------------------------------------------------------------------------ conversions
def from_bytes(data: bytes, width: int = 2, channels: int = 1, *, unsigned: bool | None = None,
               floating: bool = False) -> array.array:
    """Little-endian interleaved PCM bytes -> mono array('h'). 8-bit is unsigned (as WAV has it) unless told."""
    width = int(width)
    channels = max(1, int(channels))
    if floating and width == 4:
        f = array.array("f")
        f.frombytes(data[: len(data) // 4 * 4])
        if sys.byteorder == "big":
            f.byteswap()
        vals: Any = (max(-32768, min(32767, int(v * 32767))) for v in f)
        out = array.array("h", vals)
    elif width == 2:
        out = array.array("h")
        out.frombytes(data[: len(data) // 2 * 2])
        if sys.byteorder == "big":
            out.byteswap()
        if unsigned:
            out = array.array("h", (v ^ -32768 for v in out))
    elif width == 1:
        raw = array.array("B", data)
        if unsigned is False:
            out = array.array("h", ((v - 256 if v > 127 else v) << 8 for v in raw))
        else:
            out = array.array("h", ((v - 128) << 8 for v in raw))
    elif width == 3:
        n = len(data) // 3
        out = array.array("h", (int.from_bytes(data[3 * i + 1: 3 * i + 3], "little", signed=True) for i in range(n)))
    elif width == 4:
        i32 = array.array("i")
        if i32.itemsize != 4:  # pragma: no cover
            i32 = array.array("l")
        i32.frombytes(data[: len(data) // 4 * 4])
        if sys.byteorder == "big":
            i32.byteswap()
        out = array.array("h", (v >> 16 for v in i32))
    else:
        raise DecodeError(f"{width * 8}-bit samples are not supported")
    if channels == 2:
        out = array.array("h", ((a + b) >> 1 for a, b in zip(out[0::2], out[1::2])))
    elif channels > 2:
        n = len(out) // channels
        out = array.array("h", (sum(out[i * channels: (i + 1) * channels]) // channels for i in range(n)))
    return out


def to_bytes(samples: array.array) -> bytes:
    """array('h') -> little-endian bytes."""
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    return samples.tobytes()


def resample(samples: array.array, src: int, dst: int = RATE) -> array.array:
    """Linear interpolation to another rate (speech clips only: no anti-aliasing filter beyond the averaging)."""
    if src == dst or not samples:
        return array.array("h", samples)
    n_out = max(1, int(len(samples) * dst / src))
    step = src / dst
    last = len(samples) - 1
    out = array.array("h", bytes(2 * n_out))
    for i in range(n_out):
        pos = i * step
        j = int(pos)
        if j >= last:
            out[i] = samples[last]
            continue
        frac = pos - j
        out[i] = int(samples[j] + (samples[j + 1] - samples[j]) * frac)
    return out


# ------------------------------------------------------------------------------------------------ levels
def peak(samples: Any) -> int:
    return max((abs(v) for v in samples), default=0)


def rms(samples: Any) -> float:
    n = len(samples)
    return math.sqrt(sum(v * v for v in samples) / n) if n else 0.0


def dbfs(value: float) -> float:
    return 20 * math.log10(value / FULL) if value > 0 else -math.inf


# ------------------------------------------------------------------------------------------------ decoding
def read_wav(path: Path | str | io.BytesIO) -> Clip:
    """A WAV file (integer PCM, any channel count) as a mono Clip. Raises DecodeError."""
    try:
        with wave.open(path if isinstance(path, io.BytesIO) else str(path), "rb") as w:
            channels, width, rate, frames = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            data = w.readframes(frames)
    except (wave.Error, EOFError, OSError, ValueError) as exc:
        raise DecodeError(f"not a WAV file the game can read ({exc})") from exc
    if rate <= 0 or not data:
        raise DecodeError("the WAV file holds no samples")
    return Clip(from_bytes(data, width, channels), rate)


def decode_with_pygame(path: Path | str) -> Clip:
    """Any file SDL_mixer reads, through the running mixer (its output format). Raises DecodeError."""
    try:
        import pygame

        init = pygame.mixer.get_init()
    except Exception as exc:  # pragma: no cover - pygame is always there
        raise DecodeError(f"pygame is not available ({exc})") from exc
    if not init:
        raise DecodeError("the sound system is not running", "no_mixer")
    freq, fmt, channels = init
    try:
        raw = pygame.mixer.Sound(str(path)).get_raw()
    except Exception as exc:
        raise DecodeError(f"cannot be decoded ({exc})") from exc
    width = abs(fmt) // 8 if abs(fmt) in (8, 16, 32) else 2
    floating = abs(fmt) == 32 and fmt > 0  # pygame reports AUDIO_F32 as 32, AUDIO_S32 as -32
    samples = from_bytes(raw, width, channels, unsigned=fmt > 0 and not floating, floating=floating)
    if not samples:
        raise DecodeError("the file holds no samples")
    return Clip(samples, freq)


def decode_with_pydub(path: Path | str) -> Clip:
    """Through pydub (and ffmpeg for anything but WAV). Raises DecodeError (code needs_ffmpeg without it)."""
    try:
        seg_cls, which = pydub_parts()
    except Exception as exc:
        raise DecodeError(f"pydub is not installed ({exc})", "no_pydub") from exc
    is_wav = Path(path).suffix.lower() in (".wav", ".wave")
    if not is_wav and not (which("ffmpeg") or which("avconv")):
        raise DecodeError("decoding this format needs ffmpeg, which is not installed", "needs_ffmpeg")
    try:
        seg = seg_cls.from_wav(str(path)) if is_wav and not which("ffmpeg") else seg_cls.from_file(str(path))
        seg = seg.set_channels(1).set_sample_width(2)
        return Clip(from_bytes(seg.raw_data, 2, 1), seg.frame_rate)
    except Exception as exc:
        raise DecodeError(f"cannot be decoded ({short(exc)})") from exc


def decode_file(path: Path | str) -> Clip:
    """The first decoder that reads the file: wave (for .wav), pygame's mixer, pydub. Raises DecodeError; its
    `code` is "needs_ffmpeg" when only ffmpeg (not installed) could have tried."""
    path = Path(path)
    errors: list[DecodeError] = []
    if path.suffix.lower() in (".wav", ".wave"):
        try:
            return read_wav(path)
        except DecodeError as exc:
            errors.append(exc)
    for decoder in (decode_with_pygame, decode_with_pydub):
        try:
            return decoder(path)
        except DecodeError as exc:
            errors.append(exc)
    tried = [e for e in errors if e.code not in ("no_mixer", "no_pydub")]
    if tried and all(e.code == "needs_ffmpeg" for e in tried):
        raise tried[-1]
    real = [e for e in tried if e.code != "needs_ffmpeg"] or tried
    if real:
        message = str(real[0])
        if not message.startswith("cannot be decoded"):
            message = f"cannot be decoded ({message})"
        raise DecodeError(message)
    raise DecodeError("cannot be decoded (the sound system is not running, and pydub is not installed)")


def pydub_parts() -> tuple[Any, Any]:
    """pydub's AudioSegment and its `which`, without pydub's warning when ffmpeg is missing."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        from pydub import AudioSegment
        from pydub.utils import which
    return AudioSegment, which


def short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else type(exc).__name__
    return (first[:160] + "...") if len(first) > 160 else first or type(exc).__name__


# ------------------------------------------------------------------------------------------------ shaping
def prepare(clip: Clip) -> tuple[Clip, list[str]]:
    """Mono 44.1 kHz, silence trimmed, loudness normalised, faded. Raises SilentError. Returns (clip, notes)."""
    notes: list[str] = []
    x = resample(clip.samples, clip.rate, RATE) if clip.rate != RATE else array.array("h", clip.samples)
    top = peak(x)
    if not x or top == 0:
        raise SilentError("only silence")
    threshold = FULL * 10 ** (max(-60.0, dbfs(top) - 38.0) / 20)
    chunk = RATE * 5 // 1000  # 5 ms
    n_chunks = len(x) // chunk or 1

    def loud(k: int) -> bool:
        return rms(x[k * chunk:(k + 1) * chunk]) >= threshold

    first = next((k for k in range(n_chunks) if loud(k)), None)
    if first is None:
        raise SilentError("only silence (nothing louder than the background)")
    last = next(k for k in range(n_chunks - 1, -1, -1) if loud(k))
    start = max(0, first * chunk - RATE * 20 // 1000)
    stop = min(len(x), (last + 1) * chunk + RATE * 40 // 1000)
    if (stop - start) * 1000 // RATE < 60:
        raise SilentError("only silence (nothing louder than the background)")
    x = x[start:stop]
    if len(x) > MAX_CLIP_SECONDS * RATE:
        x = x[: int(MAX_CLIP_SECONDS * RATE)]
        notes.append(f"cut to {MAX_CLIP_SECONDS:g} s")
    gain_db = min(TARGET_DBFS - dbfs(rms(x)), PEAK_CEILING - dbfs(peak(x)))
    g = 10 ** (gain_db / 20)
    fade_in, fade_out = RATE * 5 // 1000, RATE * 25 // 1000
    n = len(x)
    out = array.array("h", bytes(2 * n))
    for i, v in enumerate(x):
        f = g
        if i < fade_in:
            f *= i / fade_in
        if n - 1 - i < fade_out:
            f *= (n - 1 - i) / fade_out
        out[i] = max(-32768, min(32767, int(round(v * f))))
    return Clip(out, RATE), notes


# ------------------------------------------------------------------------------------------------ writing
def wav_bytes(clip: Clip) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(to_bytes(clip.samples))
    return buf.getvalue()


def write_wav(path: Path | str, clip: Clip) -> None:
    Path(path).write_bytes(wav_bytes(clip))


def encoder() -> str:
    """"ogg" when pydub and ffmpeg can encode OGG Vorbis here, else "wav"."""
    try:
        _seg, which = pydub_parts()
    except Exception:
        return "wav"
    return "ogg" if which("ffmpeg") or which("avconv") else "wav"


def write_ogg(path: Path | str, clip: Clip) -> None:
    """OGG Vorbis through pydub and ffmpeg. Raises whatever they raise."""
    seg_cls, _which = pydub_parts()
    seg = seg_cls(data=to_bytes(clip.samples), sample_width=2, frame_rate=clip.rate, channels=1)
    seg.export(str(path), format="ogg", codec="libvorbis", parameters=["-q:a", "5"])
