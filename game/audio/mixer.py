"""A thin wrapper around pygame.mixer that never raises and degrades to silence.

Channel plan (pygame channel indices):

    0 .. seats-1        one voice channel per seat (absolute seat number), reserved
    seats               the table's own voice (流局, 买马, 鬼牌, 跟庄 ...), reserved
    seats+1 ..          effects channels (clicks, dice, deal, chime), picked round-robin

Volumes: every play is given a pan (left, right gains in 0..1) and a per-sound gain; the group volume
(`voice_volume` or `effects_volume`) multiplies both. SDL_mixer drops a channel's panning when a sound finishes or is
replaced, so each play is `stop`, `set_volume(left, right)`, `play`, in that order (setting the pan after `play` would
let one buffer through unpanned).

When there is no audio device, SDL is given a driver that does not exist, or anything else goes wrong, `enabled` is
False, `reason` says why, and every method is a silent no-op. No method raises.
"""

from __future__ import annotations

import io
import time
import wave
from dataclasses import dataclass
from typing import Any

try:  # pygame is always there in the game; the guard keeps the pack tools importable without it
    import pygame
except Exception:  # pragma: no cover - pygame is a hard dependency of the game
    pygame = None  # type: ignore[assignment]

FREQUENCY = 44100
BUFFER = 512  # samples per mix: about 11.6 ms at 44.1 kHz, the floor of the audible latency
MAX_SEATS = 4
EFFECT_CHANNELS = 4
CENTRE = None  # the seat value that names the table's own voice channel


@dataclass
class _Playing:
    tag: str
    token: str
    started: float
    length: float
    pan: tuple[float, float]
    gain: float
    sound: Any


def _clamp(v: float) -> float:
    try:
        return min(1.0, max(0.0, float(v)))
    except (TypeError, ValueError):
        return 0.0


class Mixer:
    """Voice channels per seat plus effects channels, with panning and group volumes."""

    def __init__(self, voice_volume: float = 0.75, effects_volume: float = 0.75, *, seats: int = MAX_SEATS,
                 effect_channels: int = EFFECT_CHANNELS, frequency: int = FREQUENCY, buffer: int = BUFFER,
                 init: bool = True):
        self.seats = max(1, int(seats))
        self.effect_channels = max(1, int(effect_channels))
        self._voice_volume = _clamp(voice_volume)
        self._effects_volume = _clamp(effects_volume)
        self.enabled = False
        self.reason: str | None = "not started"
        self.owns_init = False  # True when this wrapper initialised pygame.mixer (and so may quit it)
        self.format: tuple[int, int, int] | None = None  # (frequency, format, channels) as the device gave them
        self._voices: list[Any] = []
        self._effects: list[Any] = []
        self._voice_state: dict[int, _Playing] = {}
        self._effect_state: dict[int, _Playing] = {}
        self._next_effect = 0
        if init:
            self.start(frequency=frequency, buffer=buffer)

    # ------------------------------------------------------------------ lifecycle
    def start(self, *, frequency: int = FREQUENCY, buffer: int = BUFFER) -> bool:
        """Open the audio device (or reuse an open one). False, with `reason`, when there is none."""
        if pygame is None:
            self.disable("pygame is not available")
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=frequency, size=-16, channels=2, buffer=buffer, allowedchanges=0)
                self.owns_init = True
            self.format = pygame.mixer.get_init()
            if not self.format:
                self.disable("the mixer did not start")
                return False
            total = self.seats + 1 + self.effect_channels
            if pygame.mixer.get_num_channels() < total:
                pygame.mixer.set_num_channels(total)
            pygame.mixer.set_reserved(self.seats + 1)
            self._voices = [pygame.mixer.Channel(i) for i in range(self.seats + 1)]
            self._effects = [pygame.mixer.Channel(self.seats + 1 + i) for i in range(self.effect_channels)]
        except Exception as exc:  # pygame.error (no device, unknown driver), OSError, anything: stay silent
            self.disable(f"no audio: {exc}".strip())
            return False
        self.enabled = True
        self.reason = None
        return True

    def disable(self, reason: str) -> None:
        """Go silent, saying why in `reason` (no device, closed; a test's way to have no sound device)."""
        self.enabled = False
        self.reason = reason
        self._voices = []
        self._effects = []
        self._voice_state.clear()
        self._effect_state.clear()

    def close(self) -> None:
        """Stop everything; quit pygame.mixer if this wrapper started it."""
        if self.enabled:
            self.stop_all()
            if self.owns_init:
                try:
                    pygame.mixer.quit()
                except Exception:
                    pass
        self.disable("closed")

    @property
    def driver(self) -> str | None:
        try:
            return pygame.mixer.get_driver() if self.enabled and hasattr(pygame.mixer, "get_driver") else None
        except Exception:
            return None

    @property
    def latency_floor_ms(self) -> float:
        """The device's mixing period: audio can never start sooner than this after Channel.play."""
        return 1000.0 * BUFFER / (self.format[0] if self.format else FREQUENCY)

    # ------------------------------------------------------------------ volumes
    @property
    def voice_volume(self) -> float:
        return self._voice_volume

    @voice_volume.setter
    def voice_volume(self, value: float) -> None:
        self._voice_volume = _clamp(value)
        self._reapply(self._voices, self._voice_state, self._voice_volume)

    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @effects_volume.setter
    def effects_volume(self, value: float) -> None:
        self._effects_volume = _clamp(value)
        self._reapply(self._effects, self._effect_state, self._effects_volume)

    def _reapply(self, channels: list[Any], state: dict[int, _Playing], group: float) -> None:
        for i, p in list(state.items()):
            try:
                if channels[i].get_busy():
                    self._apply(channels[i], p.pan, p.gain, group)
            except Exception:
                pass

    def _apply(self, channel: Any, pan: tuple[float, float], gain: float, group: float) -> None:
        g = _clamp(gain) * group
        left, right = pan
        if self.format and self.format[2] == 1:  # a mono device: no panning, keep the louder side's level
            channel.set_volume(_clamp(max(left, right) * g))
        else:
            channel.set_volume(_clamp(left * g), _clamp(right * g))

    # ------------------------------------------------------------------ voices
    def _slot(self, seat: int | None) -> int | None:
        if seat is None:
            return self.seats
        try:
            seat = int(seat)
        except (TypeError, ValueError):
            return None
        return seat if 0 <= seat < self.seats else None

    def play_voice(self, seat: int | None, sound: Any, *, pan: tuple[float, float] = (1.0, 1.0), gain: float = 1.0,
                   tag: str = "line", token: str = "") -> bool:
        """Play a line on a seat's channel (None = the table's voice), replacing whatever it was saying."""
        slot = self._slot(seat)
        if not self.enabled or sound is None or slot is None:
            return False
        ch = self._voices[slot]
        try:
            ch.stop()  # drops the old pan effect too; the new one must be set on the idle channel
            self._apply(ch, pan, gain, self._voice_volume)
            ch.play(sound)
        except Exception:
            return False
        self._voice_state[slot] = _Playing(tag, token, time.perf_counter(), _length(sound), pan, gain, sound)
        return True

    def stop_voice(self, seat: int | None) -> None:
        slot = self._slot(seat)
        if not self.enabled or slot is None:
            return
        try:
            self._voices[slot].stop()
        except Exception:
            pass
        self._voice_state.pop(slot, None)

    def stop_voices(self, tags: set[str] | None = None) -> list[int | None]:
        """Stop every voice channel playing a line with one of `tags` (all when None); the seats it stopped."""
        stopped: list[int | None] = []
        for slot in range(len(self._voices)):
            p = self._current(slot)
            if p is not None and (tags is None or p.tag in tags):
                seat = None if slot == self.seats else slot
                self.stop_voice(seat)
                stopped.append(seat)
        return stopped

    def _current(self, slot: int) -> _Playing | None:
        p = self._voice_state.get(slot)
        if p is None:
            return None
        try:
            busy = self._voices[slot].get_busy()
        except Exception:
            busy = False
        if not busy:
            self._voice_state.pop(slot, None)
            return None
        return p

    def voice_playing(self, seat: int | None) -> tuple[str, str] | None:
        """(tag, token) of the line a seat's channel is playing now, or None when it is quiet."""
        slot = self._slot(seat)
        if not self.enabled or slot is None:
            return None
        p = self._current(slot)
        return (p.tag, p.token) if p else None

    def voice_sound(self, seat: int | None) -> Any:
        """The pygame Sound on a seat's channel right now (tests and instrumentation)."""
        slot = self._slot(seat)
        if not self.enabled or slot is None:
            return None
        try:
            return self._voices[slot].get_sound()
        except Exception:
            return None

    def voice_remaining(self, seat: int | None) -> float:
        """Seconds left of the line a seat is saying (0 when quiet)."""
        slot = self._slot(seat)
        p = self._current(slot) if self.enabled and slot is not None else None
        if p is None:
            return 0.0
        return max(0.0, p.length - (time.perf_counter() - p.started))

    def busiest_remaining(self, tags: set[str] | None = None) -> float:
        return max([self.voice_remaining(None if s == self.seats else s) for s in range(len(self._voices))
                    if (p := self._current(s)) is not None and (tags is None or p.tag in tags)] or [0.0])

    def any_voice_busy(self) -> bool:
        return any(self._current(s) is not None for s in range(len(self._voices)))

    # ------------------------------------------------------------------ effects
    def play_effect(self, sound: Any, *, pan: tuple[float, float] = (1.0, 1.0), gain: float = 1.0,
                    token: str = "") -> bool:
        if not self.enabled or sound is None or not self._effects:
            return False
        n = len(self._effects)
        pick = None
        for k in range(n):  # a free channel first, starting after the last one used
            i = (self._next_effect + k) % n
            try:
                if not self._effects[i].get_busy():
                    pick = i
                    break
            except Exception:
                continue
        if pick is None:  # all busy: cut the one that started first
            pick = min(range(n), key=lambda i: self._effect_state[i].started if i in self._effect_state else 0.0)
        self._next_effect = (pick + 1) % n
        ch = self._effects[pick]
        try:
            ch.stop()
            self._apply(ch, pan, gain, self._effects_volume)
            ch.play(sound)
        except Exception:
            return False
        self._effect_state[pick] = _Playing("effect", token, time.perf_counter(), _length(sound), pan, gain, sound)
        return True

    def stop_all(self) -> None:
        if not self.enabled:
            return
        for ch in self._voices + self._effects:
            try:
                ch.stop()
            except Exception:
                pass
        self._voice_state.clear()
        self._effect_state.clear()

    # ------------------------------------------------------------------ sounds
    def sound_from_wav(self, data: bytes) -> Any:
        """A pygame Sound from WAV bytes (SDL converts rate and format), or None."""
        if not self.enabled:
            return None
        try:
            return pygame.mixer.Sound(file=io.BytesIO(data))
        except Exception:
            return None

    def silence(self, seconds: float) -> bytes:
        """Raw silent frames in the device's format, or b'' when that format is not signed."""
        if not self.format or seconds <= 0:
            return b""
        freq, fmt, channels = self.format
        if fmt > 0 and (fmt & 0xFF) <= 16:  # unsigned integer samples: zero is not silence
            return b""
        width = max(1, (abs(fmt) & 0xFF) // 8)
        return bytes(int(freq * seconds) * channels * width)

    def join(self, sounds: list[Any], *, gap: float = 0.06, lead: float = 0.0) -> Any:
        """One Sound: `lead` seconds of silence, then each sound with `gap` between. None if none given."""
        sounds = [s for s in sounds if s is not None]
        if not self.enabled or not sounds:
            return None
        if len(sounds) == 1 and lead <= 0:
            return sounds[0]
        try:
            pad = self.silence(gap)
            parts = [self.silence(lead)] if lead > 0 else []
            for i, s in enumerate(sounds):
                if i:
                    parts.append(pad)
                parts.append(s.get_raw())
            return pygame.mixer.Sound(buffer=b"".join(parts))
        except Exception:
            return sounds[0]


def _length(sound: Any) -> float:
    try:
        return float(sound.get_length())
    except Exception:
        return 0.0


def wav_bytes(samples: list[float], rate: int = FREQUENCY) -> bytes:
    """Mono float samples in -1..1 as 16-bit WAV bytes (pure Python; used by the effect synthesiser)."""
    import array

    pcm = array.array("h", (int(max(-1.0, min(1.0, s)) * 32767) for s in samples))
    if pcm.itemsize != 2:  # pragma: no cover - every platform we ship on has 2-byte shorts
        raise RuntimeError("array('h') is not 16-bit here")
    import sys

    if sys.byteorder == "big":  # pragma: no cover
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()
