"""The game's sound: voices per dialect and seat, table effects, and a mixer that is silent when there is no device.

The app holds one `Audio`:

    app.audio = Audio.create(settings)           # never raises; silent (audio.enabled False) without a device
    app.audio.on_event(event, players, viewer)   # for every table event as it is presented: voice + effect
    app.audio.update(dt)                         # each frame (optional): decodes upcoming clips in small slices
    app.audio.set_dialect("baise")               # nanning | baise | mandarin | mute, applies at once
    app.audio.set_voice_volume(0.6); app.audio.set_effects_volume(0.4)
    app.audio.talk(seat, "hurry", players, viewer); app.audio.effects.play("click")
    app.audio.speakers("nanning"); app.audio.speaker_for(seat)   # the dialect's speakers; the one a seat has
    app.audio.choose_speaker(seat, "female_b")   # that seat's voice in the current dialect, kept in the settings
    app.audio.sample("nanning", "female_b", seat)   # a short line in exactly that voice (False when silent)
    app.audio.import_folder(path, "nanning", "my_voice")   # a player's pack from a folder of recordings
    app.audio.save_recording(session)            # a recorder.RecordingSession's takes as a player's pack
    app.audio.user_packs(); app.audio.delete_pack("nanning", "my_voice")
    app.audio.close()                            # on quit

`on_event` never raises either. Settings changed behind its back (`settings.dialect`, `settings.voice_volume`,
`settings.effects_volume`) are picked up at the next event.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.audio.faults import EXPECTED, Faults
from game.audio.mixer import Mixer
from game.audio.packs import (RECORD_TOKENS, ImportResult, UserPack, VoicePacks, delete_pack, import_folder, save_clips,
                              user_packs)
from game.audio.recorder import RecordResult, record_pack
from game.audio.voices import Effects, Voices

__all__ = ["Audio", "Mixer", "VoicePacks", "Voices", "Effects", "ImportResult", "RecordResult", "UserPack",
           "RECORD_TOKENS", "import_folder", "record_pack", "save_clips", "user_packs", "delete_pack"]


class Audio:
    """Mixer, voice packs, voices and effects in one object."""

    def __init__(self, settings: Any, mixer: Mixer, packs: VoicePacks, voices: Voices, effects: Effects):
        self.settings = settings
        self.mixer = mixer
        self.packs = packs
        self.voices = voices
        self.effects = effects
        self.faults = Faults()

    @classmethod
    def create(cls, settings: Any, *, roots: list[Path] | None = None, sfx: Path | None = None,
               init: bool = True) -> "Audio":
        """Start the mixer and find the packs. Never raises: any failure gives a silent Audio with `reason`."""
        try:
            mixer = Mixer(getattr(settings, "voice_volume", 0.75), getattr(settings, "effects_volume", 0.75),
                          init=init)
        except Exception as exc:  # pragma: no cover - Mixer catches its own errors
            mixer = Mixer(init=False)
            mixer.reason = f"no audio: {exc}"
        try:
            packs = VoicePacks(roots)
        except Exception as exc:  # pragma: no cover - an unreadable folder is skipped inside
            packs = VoicePacks([])
            packs.problems.append(f"voice packs not read: {exc}")
        try:
            effects = Effects(mixer, sfx)
        except Exception:  # pragma: no cover
            effects = Effects(Mixer(init=False))
        return cls(settings, mixer, packs, Voices(mixer, packs, settings), effects)

    @property
    def enabled(self) -> bool:
        return self.mixer.enabled

    @property
    def reason(self) -> str | None:
        """Why there is no sound (None when there is)."""
        return self.mixer.reason

    @property
    def dialect(self) -> str:
        return self.voices.dialect

    def _sync_volumes(self) -> None:
        v = getattr(self.settings, "voice_volume", None)
        if v is not None and v != self.mixer.voice_volume:
            self.mixer.voice_volume = v
        v = getattr(self.settings, "effects_volume", None)
        if v is not None and v != self.mixer.effects_volume:
            self.mixer.effects_volume = v

    def on_event(self, event: dict, players: Any = 4, viewer: int | None = 0) -> None:
        try:
            self._sync_volumes()
            self.voices.on_event(event, players, viewer)
            self.effects.on_event(event, players, viewer)
        except EXPECTED:
            pass  # no device, an unreadable clip: the table goes on without that sound
        except Exception as exc:
            self.faults.unexpected("Audio.on_event", exc)

    def update(self, dt: float = 0.0, players: int = 4) -> None:
        try:
            self.voices.warm(1.5, players)
        except EXPECTED:
            pass
        except Exception as exc:
            self.faults.unexpected("Audio.update", exc)

    def set_dialect(self, dialect: str) -> None:
        try:
            self.voices.set_dialect(dialect)
        except EXPECTED:
            pass
        except Exception as exc:
            self.faults.unexpected("Audio.set_dialect", exc)

    def set_voice_volume(self, value: float) -> None:
        try:
            self.settings.voice_volume = min(1.0, max(0.0, float(value)))
        except Exception:
            pass
        self._sync_volumes()

    def set_effects_volume(self, value: float) -> None:
        try:
            self.settings.effects_volume = min(1.0, max(0.0, float(value)))
        except Exception:
            pass
        self._sync_volumes()

    def talk(self, seat: int, kind: str, players: Any = 4, viewer: int | None = 0) -> bool:
        return self.voices.talk(seat, kind, players, viewer)

    def speakers(self, dialect: str | None = None) -> list[str]:
        return self.voices.speakers(dialect)

    def speaker_for(self, seat: int | None, dialect: str | None = None) -> str | None:
        return self.voices.speaker_for(seat, dialect)

    def choose_speaker(self, seat: int, speaker: str, dialect: str | None = None) -> bool:
        return self.voices.choose_speaker(seat, speaker, dialect)

    def sample(self, dialect: str, speaker: str, seat: int | None = None, players: Any = 4,
               viewer: int | None = 0) -> bool:
        """A short line in this speaker's voice; never raises (False when there is nothing to hear)."""
        self._sync_volumes()
        return self.voices.sample(dialect, speaker, seat, players, viewer)

    def import_folder(self, src: Path | str, dialect: str, speaker: str, **kw: Any) -> ImportResult:
        """Import recordings as a player's pack and start using it."""
        result = import_folder(src, dialect, speaker, **kw)
        if result.imported:
            self.voices.rescan()
        return result

    def record_pack(self, dialect: str, speaker: str, tokens: Any = None, **kw: Any) -> RecordResult:
        result = record_pack(dialect, speaker, tokens, **kw)
        if result.recorded:
            self.voices.rescan()
        return result

    def save_recording(self, session: Any, **kw: Any) -> ImportResult:
        """Save a RecordingSession's takes as a player's pack and start using it."""
        result = session.save(**kw)
        if result.imported:
            self.voices.rescan()
        return result

    def user_packs(self) -> list[UserPack]:
        try:
            return user_packs()
        except Exception:
            return []

    def delete_pack(self, dialect: str, speaker: str) -> tuple[bool, str]:
        """Delete one of the player's packs; the voices stop using it at once."""
        try:
            ok, message = delete_pack(dialect, speaker)
        except Exception as exc:
            return False, f"Not deleted: {exc}."
        if ok:
            try:
                self.mixer.stop_voices()
                self.voices.rescan()
            except Exception:
                pass
        return ok, message

    def close(self) -> None:
        try:
            self.mixer.close()
        except Exception:
            pass
