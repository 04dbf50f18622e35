"""Recording a voice pack token by token: a pluggable source of microphone samples and a session the UI drives.

    mic = find_microphone()                     # MicStatus: .available, .name, .reason ("no_audio", "no_mic" ...)
    session = RecordingSession("nanning", "my_voice", RECORD_TOKENS, source=SDLCapture(mic.name))
    session.start()                             # record the current token
    session.update()                            # each frame: pull the samples that came in, stop at the limit
    session.stop()                              # the take is trimmed and normalised at once (or refused: silence)
    session.play(mixer)                         # listen back;  session.redo() records it again
    session.next(); session.previous()
    session.save()                              # -> ImportResult: the takes written as the player's pack

A source is anything with `name`, `rate`, `open()`, `start()`, `stop()`, `read() -> bytes` (16-bit signed mono
little-endian PCM that arrived since the last read) and `close()`; `open()` raises `CaptureError` when the device
cannot be opened. `SDLCapture` is SDL's capture device through pygame._sdl2.audio.AudioDevice (its callback runs on
SDL's audio thread and only appends to a buffer); tests pass their own source. Nothing here raises to the caller
except `CaptureError` from a source's `open`, which `start` turns into `error`.
"""

from __future__ import annotations

import array
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.audio import pcm
from game.audio.packs import (RECORD_TOKENS, TARGET_DBFS, ImportResult, call_quietly, is_token, pack_name_problem,
                              save_clips)

MAX_TAKE_SECONDS = 6.0  # a take stops by itself after this long (the clip is then cut to pcm.MAX_CLIP_SECONDS)
STAND_IN_DRIVERS = ("dummy", "disk")  # SDL drivers whose "microphone" hears nothing


class CaptureError(RuntimeError):
    pass


class CaptureSource(Protocol):
    name: str
    rate: int

    def open(self) -> None: ...

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def read(self) -> bytes: ...

    def close(self) -> None: ...


@dataclass
class MicStatus:
    available: bool
    name: str | None = None
    reason: str | None = None  # "no_audio" | "no_capture" | "no_mic" | "stand_in" when not available
    names: tuple[str, ...] = ()
    driver: str | None = None


def capture_device_names() -> list[str]:
    """The capture devices SDL lists (the mixer must be running)."""
    try:
        import pygame
        from pygame._sdl2 import audio as sdl_audio

        if not pygame.mixer.get_init():
            return []
        return list(sdl_audio.get_audio_device_names(True) or [])
    except Exception:
        return []


def find_microphone(*, allow_stand_in: bool = False) -> MicStatus:
    """Is there a microphone to record with? Never raises. SDL's dummy and disk drivers list a capture device that
    hears nothing: it counts only with `allow_stand_in`."""
    try:
        import pygame

        init = pygame.mixer.get_init()
        driver = pygame.mixer.get_driver() if init and hasattr(pygame.mixer, "get_driver") else None
    except Exception:
        return MicStatus(False, reason="no_audio")
    if not init:
        return MicStatus(False, reason="no_audio")
    try:
        from pygame._sdl2 import audio as _sdl_audio  # noqa: F401
    except Exception:
        return MicStatus(False, reason="no_capture", driver=driver)
    names = tuple(capture_device_names())
    if driver in STAND_IN_DRIVERS and not allow_stand_in:
        return MicStatus(False, reason="stand_in", names=names, driver=driver)
    if not names:
        return MicStatus(False, reason="no_mic", driver=driver)
    return MicStatus(True, names[0], None, names, driver)


class SDLCapture:
    """A microphone through SDL: 16-bit mono at `rate` (SDL converts whatever the device gives)."""

    def __init__(self, device: str | None = None, rate: int = pcm.RATE):
        self.name = device or "default microphone"
        self.device = device
        self.rate = rate
        self._dev: Any = None
        self._chunks: list[bytes] = []
        self._lock = threading.Lock()

    def _grab(self, _dev: Any, mem: Any) -> None:  # SDL's audio thread
        data = bytes(mem)
        with self._lock:
            self._chunks.append(data)

    def open(self) -> None:
        if self._dev is not None:
            return
        try:
            from pygame._sdl2 import audio as sdl_audio

            self._dev = sdl_audio.AudioDevice(devicename=self.device, iscapture=True, frequency=self.rate,
                                              audioformat=sdl_audio.AUDIO_S16, numchannels=1, chunksize=1024,
                                              allowed_changes=0, callback=self._grab)
        except Exception as exc:
            self._dev = None
            raise CaptureError(pcm.short(exc)) from exc

    def start(self) -> None:
        self.read()
        if self._dev is not None:
            self._dev.pause(0)

    def stop(self) -> None:
        if self._dev is not None:
            try:
                self._dev.pause(1)
            except Exception:
                pass

    def read(self) -> bytes:
        with self._lock:
            data = b"".join(self._chunks)
            self._chunks = []
        return data

    def close(self) -> None:
        dev, self._dev = self._dev, None
        if dev is not None:
            try:
                dev.pause(1)
                dev.close()
            except Exception:
                pass


@dataclass
class Take:
    clip: pcm.Clip | None = None  # trimmed and normalised; None when refused
    problem: str | None = None  # "silence" | "too_short" | "failed"
    raw_seconds: float = 0.0


class RecordingSession:
    """The walk through the tokens for one pack. The UI calls start/stop/update/play/next/previous/save."""

    def __init__(self, dialect: str, speaker: str, tokens: Iterable[str], *,
                 source: CaptureSource | Callable[[], CaptureSource] | None = None,
                 clock: Callable[[], float] = time.monotonic, max_seconds: float = MAX_TAKE_SECONDS):
        self.dialect = dialect
        self.speaker = speaker
        self.tokens = list(tokens)
        self.index = 0
        self.takes: dict[str, Take] = {}
        self._source_arg = source
        self.source: CaptureSource | None = None
        self.clock = clock
        self.max_seconds = max_seconds
        self.recording = False
        self.started_at = 0.0
        self.error: str | None = None  # why the microphone could not be used (its own words)
        self.level = 0.0  # 0..1: the loudest sample of the last read, for a meter
        self._buf = bytearray()
        self.saved: Any = None  # the ImportResult of the last save
        self.dirty = False  # takes made or dropped since the last save

    # ---- where we are
    @property
    def token(self) -> str:
        return self.tokens[self.index] if self.tokens else ""

    @property
    def take(self) -> Take | None:
        return self.takes.get(self.token)

    def kept(self) -> list[str]:
        return [t for t in self.tokens if t in self.takes and self.takes[t].clip is not None]

    @property
    def elapsed(self) -> float:
        return max(0.0, self.clock() - self.started_at) if self.recording else 0.0

    def go(self, index: int) -> None:
        if self.recording:
            self.stop()
        if self.tokens:
            self.index = max(0, min(len(self.tokens) - 1, int(index)))

    def next(self) -> None:
        self.go(self.index + 1)

    def previous(self) -> None:
        self.go(self.index - 1)

    def next_missing(self) -> None:
        """To the next token without a kept take (wrapping), or stay."""
        n = len(self.tokens)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            take = self.takes.get(self.tokens[i])
            if take is None or take.clip is None:
                self.go(i)
                return

    # ---- the microphone
    def _ensure_source(self) -> CaptureSource | None:
        if self.source is None:
            arg = self._source_arg
            if arg is None:
                return None
            factory = isinstance(arg, type) or (callable(arg) and not hasattr(arg, "read"))
            src = arg() if factory else arg
            self.source = src  # type: ignore[assignment]
        return self.source

    def start(self) -> bool:
        """Record the current token (a previous take of it is dropped). False, with `error`, when it cannot."""
        if self.recording or not self.tokens:
            return self.recording
        try:
            src = self._ensure_source()
            if src is None:
                self.error = "no microphone"
                return False
            src.open()
            src.start()
        except Exception as exc:  # CaptureError, or anything a source may raise
            self.error = pcm.short(exc)
            return False
        self.error = None
        self._buf = bytearray()
        self.takes.pop(self.token, None)
        self.recording = True
        self.started_at = self.clock()
        self.level = 0.0
        return True

    def update(self) -> None:
        """Each frame: take in what the microphone sent; stop by itself at the limit."""
        if not self.recording or self.source is None:
            return
        try:
            data = self.source.read()
        except Exception:
            data = b""
        if data:
            self._buf += data
            chunk = pcm.from_bytes(data[-4096:], 2, 1)
            self.level = min(1.0, pcm.peak(chunk) / 32767.0)
        if self.elapsed >= self.max_seconds:
            self.stop()

    def stop(self) -> Take | None:
        """End the take: it is trimmed and normalised now, so playing it back plays what will be saved."""
        if not self.recording:
            return self.take
        self.recording = False
        try:
            if self.source is not None:
                self.source.stop()
                self._buf += self.source.read()
        except Exception:
            pass
        rate = getattr(self.source, "rate", pcm.RATE) or pcm.RATE
        raw = pcm.Clip(pcm.from_bytes(bytes(self._buf), 2, 1), rate)
        self._buf = bytearray()
        self.level = 0.0
        try:
            clip, _notes = pcm.prepare(raw)
            take = Take(clip, None, raw.seconds)
        except pcm.SilentError:
            take = Take(None, "silence", raw.seconds)
        except Exception:
            take = Take(None, "failed", raw.seconds)
        self.takes[self.token] = take
        self.dirty = True
        return take

    def redo(self) -> bool:
        """Record the current token again."""
        if self.recording:
            self.stop()
        self.takes.pop(self.token, None)
        return self.start()

    def discard(self) -> None:
        if self.recording:
            self.stop()
        self.takes.pop(self.token, None)

    def sound(self, token: str | None = None) -> Any:
        """The current (or a given) token's take as a pygame Sound, or None (no take, no mixer)."""
        take = self.takes.get(token or self.token)
        if take is None or take.clip is None:
            return None
        try:
            import io

            import pygame

            if not pygame.mixer.get_init():
                return None
            return pygame.mixer.Sound(file=io.BytesIO(pcm.wav_bytes(take.clip)))
        except Exception:
            return None

    def play(self, mixer: Any = None) -> bool:
        """Listen back to the current take, on the table's own voice channel when a Mixer is given."""
        sound = self.sound()
        if sound is None:
            return False
        try:
            if mixer is not None and getattr(mixer, "enabled", False):
                return bool(mixer.play_voice(None, sound, tag="preview", token=self.token))
            sound.play()
            return True
        except Exception:
            return False

    def close(self) -> None:
        if self.recording:
            self.stop()
        if self.source is not None:
            try:
                self.source.close()
            except Exception:
                pass
        self.source = None

    # ---- saving
    def save(self, *, gender: str | None = None, dest_root: Path | str | None = None,
             made: str | None = None, progress: Callable[[int, int], Any] | None = None) -> Any:
        """Write the kept takes as the player's pack (merged into an existing one of that name): an ImportResult."""
        if self.recording:
            self.stop()
        clips = {t: self.takes[t].clip for t in self.kept()}
        if not clips:
            self.saved = ImportResult(False, "Nothing recorded yet.")
            return self.saved
        name = getattr(self.source, "name", None) or "a microphone"
        how = made or (f"recorded with '{name}' in Lingnan Mahjong; trimmed, loudness-normalised to "
                       f"{pcm.TARGET_DBFS:g} dBFS")
        self.saved = save_clips(clips, self.dialect, self.speaker, gender=gender, dest_root=dest_root, made=how,
                                progress=progress)
        if self.saved.ok:
            self.dirty = False
        return self.saved


def pcm_bytes(samples: Iterable[int]) -> bytes:
    """Ints -> 16-bit little-endian PCM bytes (for capture sources that make their samples)."""
    return pcm.to_bytes(array.array("h", samples))


# ---------------------------------------------------------------------------------------------- a whole pack at once
@dataclass
class RecordResult:
    ok: bool
    message: str
    recorded: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    device: str | None = None
    pack_dir: Path | None = None


def capture_devices() -> list[str]:
    """Names of the microphones SDL can open (the audio system must be up: the game's Mixer starts it)."""
    return capture_device_names()


NO_MIC = ("No microphone was found, so nothing was recorded. Plug one in and try again, or record the clips "
          "with any program and import the folder instead.")


def record_pack(dialect: str, speaker: str, tokens: Iterable[str] | None = None, *, seconds: float = 2.0,
                countdown: Callable[[str, int], Any] | None = None, lead_in: int = 3, gender: str | None = None,
                device: str | None = None, dest_root: Path | str | None = None,
                cancel: Callable[[], bool] | None = None, source: Any = None) -> RecordResult:
    """Walk through `tokens` (default: every token, RECORD_TOKENS) with the microphone: for each, `countdown(token,
    n)` for n = lead_in ... 1 (a second apart), then `countdown(token, 0)` ("speak now") and `seconds` of recording.
    The takes are trimmed, normalised and saved as the player's pack. Blocks for the whole walk (the command line;
    the game's Voices screen drives a RecordingSession itself). `source`: a capture source (recorder.CaptureSource)
    instead of SDL's microphone. Never raises; without an audio system or a microphone it returns at once with a
    message saying so."""
    problem = pack_name_problem(dialect, speaker)
    if problem:
        return RecordResult(False, f"Nothing recorded: {problem}.")
    tokens = list(RECORD_TOKENS if tokens is None else tokens)
    bad = [t for t in tokens if not is_token(t)]
    if bad:
        return RecordResult(False, "Nothing recorded: not tokens: " + ", ".join(map(str, bad)))
    if not tokens:
        return RecordResult(False, "Nothing recorded: no tokens were asked for.")
    if source is None:
        try:
            import pygame
            from pygame._sdl2 import audio as _sdl_audio  # noqa: F401
        except Exception as exc:
            return RecordResult(False, f"Nothing recorded: this build of pygame cannot capture audio ({exc}).")
        try:
            if not pygame.mixer.get_init():
                return RecordResult(False, "Nothing recorded: there is no audio system on this computer "
                                           "(the sound device could not be opened).")
        except Exception as exc:
            return RecordResult(False, f"Nothing recorded: there is no audio system ({exc}).")
        names = capture_devices()
        if not names:
            return RecordResult(False, NO_MIC)
        source = SDLCapture(device if device in names else names[0])
    name = getattr(source, "name", None) or "microphone"
    session = RecordingSession(dialect, speaker, tokens, source=source)
    try:
        for i, token in enumerate(tokens):
            if cancel is not None and cancel():
                break
            session.go(i)
            for n in range(int(lead_in), 0, -1):
                call_quietly(countdown, token, n)
                time.sleep(1.0)
            if not session.start():
                return RecordResult(False, f"The microphone '{name}' could not be opened ({session.error}); "
                                           "nothing more was recorded.", session.kept(), [], name)
            call_quietly(countdown, token, 0)
            end = time.monotonic() + max(0.1, float(seconds))
            while time.monotonic() < end:
                session.update()
                time.sleep(0.02)
            session.stop()
    finally:
        session.close()
    if not session.takes:
        return RecordResult(False, "Nothing recorded (cancelled).", [], [], name)
    failed = [(t, "only silence" if take.problem == "silence" else "could not be processed")
              for t, take in session.takes.items() if take.clip is None]
    if not session.kept():
        silent = all("silence" in why for _, why in failed)
        msg = ("The microphone recorded only silence: is it muted or turned down?" if silent
               else "Nothing could be kept from the recordings: " + "; ".join(f"{t}: {w}" for t, w in failed))
        return RecordResult(False, msg, [], failed, name)
    imp = session.save(gender=gender, dest_root=dest_root,
                       made=f"recorded with the microphone '{name}' in Lingnan Mahjong; trimmed, "
                            f"loudness-normalised to {TARGET_DBFS:g} dBFS")
    failed += list(imp.refused)
    if not imp.imported:
        return RecordResult(False, "Nothing could be saved: " + imp.message, [], failed, name)
    msg = f"Recorded {len(imp.imported)} of {len(tokens)} clip(s) into {dialect}/{speaker} with '{name}'."
    if failed:
        msg += " Not kept: " + "; ".join(f"{t} ({w})" for t, w in failed)
    return RecordResult(True, msg, imp.imported, failed, name, imp.pack_dir)
