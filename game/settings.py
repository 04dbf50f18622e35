"""Player settings, kept with platformdirs.

A settings file is read field by field (`FIELD_CHECKS`): every value that is valid is kept, and only a bad one
(`"voice_volume": "loud"`) goes back to its default, reported once (the log, and a line on the title screen); the
original file is then kept aside (copied, never overwritten) so nothing the player had is lost. A file that is not
JSON at all is set aside whole and defaults are used.

The checks are our own, one small function per field, rather than a schema library's: msgspec or pydantic stop at
the first bad field and refuse the object whole, which is the very thing this file must not do, and a settings
file of fifteen fields needs no dependency for it."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

APP = "lingnan-mahjong"
LANGUAGES = ("zh_CN", "en", "zh_TW")
TILE_SIZES = ("small", "medium", "large")
AUTO_TABLE_ART = "auto"  # the table wears its rule set's own look


def table_arts() -> tuple[str, ...]:
    """The table looks a player may choose: the rule set's own ("auto"), or any rule set's region (each rule set
    has a look of its own, game.ui.art.looks; the list of rule sets is game.variants')."""
    from game.variants import variant_ids

    return (AUTO_TABLE_ART, *variant_ids())


def user_dir(kind: str = "data") -> Path:
    """Where user files live: `config` (settings), `data` (saves, replays, voice packs) and `exports` (replays
    the player exported to share). Under $LINGNAN_HOME (tests, scripts, portable installs) every one of them is
    $LINGNAN_HOME/<kind>; otherwise the platform's folders (exports: the documents folder)."""
    home = os.environ.get("LINGNAN_HOME")
    if home:
        path = Path(home) / kind
    else:
        import platformdirs

        if kind == "config":
            path = Path(platformdirs.user_config_dir(APP))
        elif kind == "exports":
            path = Path(platformdirs.user_documents_dir()) / "Lingnan Mahjong"
        else:
            path = Path(platformdirs.user_data_dir(APP))
    path.mkdir(parents=True, exist_ok=True)
    return path


def aside_path(path: Path, tag: str) -> Path:
    """A new name beside `path` for a file that has to be set aside (`autosave.unreadable-<time>.json`): never the
    name of a file already there, so setting one aside never overwrites an earlier one."""
    stamp = int(time.time())
    n = 0
    while True:
        suffix = f"-{n}" if n else ""
        candidate = path.with_name(f"{path.stem}.{tag}-{stamp}{suffix}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


CLAIM_TIMERS = (0, 5, 10, 15, 20, 30)  # seconds; 0 = off
TURN_TIMERS = (0, 10, 15, 20, 30, 45, 60)
# seconds the expert may think per decision; 0: its own default (about 25 ms, game/ai/search.py), longer is stronger
EXPERT_THINKS = (0, 0.2, 1.0)

@dataclass
class Settings:
    language: str = "zh_CN"
    dialect: str = "nanning"
    voice_volume: float = 0.75
    effects_volume: float = 0.75
    animation_speed: float = 1.0
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    tile_size: str = "medium"
    table_art: str = "auto"
    claim_timer: int = 0  # seconds; 0 = off
    turn_timer: int = 0  # seconds for one's own turn before the AI moves for him; 0 = off
    expert_think: float = 0  # EXPERT_THINKS: the expert's thinking time per decision (0: the default)
    last_setup: dict = field(default_factory=dict)
    # each seat's voice per dialect, as the player chose it: {dialect: {seat: speaker}} (game.audio.voices)
    speakers: dict = field(default_factory=dict)
    # player profiles: id -> the name the player goes by now. Statistics belong to the id, so renaming a player (or
    # switching the language that gives "You" its words) never splits his record
    profiles: dict = field(default_factory=dict)

    def profile_id(self, slot: int = 0) -> str:
        """The profile of the new-game screen's human seat `slot` on this machine, made the first time it is
        asked for and kept."""
        ids = self.last_setup.setdefault("profile_ids", [])
        while len(ids) <= slot:
            ids.append(secrets.token_hex(6))
        pid = ids[slot]
        self.profiles.setdefault(pid, "")
        return pid

    def name_profile(self, pid: str, name: str) -> None:
        if pid and name.strip():
            self.profiles[pid] = name.strip()

    def validate(self) -> "Settings":
        """Every field made valid in place (a bad one back to its default)."""
        defaults = Settings()
        for name, check in FIELD_CHECKS.items():
            try:
                setattr(self, name, check(getattr(self, name)))
            except (TypeError, ValueError):
                setattr(self, name, getattr(defaults, name))
        return self


def _one_of(choices_of):
    def check(value):
        choices = choices_of()
        if isinstance(value, bool) or value not in choices:
            raise ValueError(f"not one of {', '.join(map(str, choices))}")
        return value
    return check


def _number(lo: float, hi: float):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ValueError("not a number")
        return min(hi, max(lo, float(value)))
    return check


def _window_size(value):
    if not isinstance(value, (list, tuple)) or len(value) != 2 or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError("not a [width, height] pair of whole numbers")
    return max(960, min(16384, value[0])), max(540, min(16384, value[1]))


def _flag(value):
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _object(value):
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


def _profiles(value):
    return {k[:32]: str(v)[:24] for k, v in _object(value).items() if isinstance(k, str) and isinstance(v, str)}


def _speakers(value):
    """{dialect: {seat: speaker}}: what cannot be a choice (an unknown dialect, a seat past 4, a name that is no
    pack's folder) is left out, the rest kept."""
    from game.dialects import VOICE_DIALECTS

    return {d: {s: n for s, n in seats.items() if s in ("0", "1", "2", "3") and isinstance(n, str) and 0 < len(n) <= 40}
            for d, seats in _object(value).items() if d in VOICE_DIALECTS and isinstance(seats, dict)}


def _dialects():
    from game.dialects import DIALECT_CHOICES  # (read only where settings are checked)

    return DIALECT_CHOICES


# how each field of a settings file is checked: a function that returns the value to keep or raises ValueError
FIELD_CHECKS = {
    "language": _one_of(lambda: LANGUAGES),
    "dialect": _one_of(_dialects),
    "voice_volume": _number(0.0, 1.0),
    "effects_volume": _number(0.0, 1.0),
    "animation_speed": _number(0.25, 3.0),
    "window_size": _window_size,
    "fullscreen": _flag,
    "tile_size": _one_of(lambda: TILE_SIZES),
    "table_art": _one_of(table_arts),
    "claim_timer": _one_of(lambda: CLAIM_TIMERS),
    "turn_timer": _one_of(lambda: TURN_TIMERS),
    "expert_think": _one_of(lambda: EXPERT_THINKS),
    "last_setup": _object,
    "profiles": _profiles,
    "speakers": _speakers,
}


def settings_path() -> Path:
    return user_dir("config") / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when something in the file could not be read, a message saying what (and where the
    original file was kept)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not an object")
    except (ValueError, UnicodeDecodeError, OSError) as exc:
        aside = aside_path(path, "corrupt")
        try:
            path.rename(aside)
        except OSError:
            pass
        return Settings(), f"settings file was unreadable ({exc}); kept aside as {aside.name}, defaults used"
    settings, bad = Settings(), []
    for name, check in FIELD_CHECKS.items():
        if name not in raw:
            continue
        try:
            setattr(settings, name, check(raw[name]))
        except (TypeError, ValueError) as exc:
            bad.append(f"{name} ({_shown(raw[name])}: {exc})")
    if not bad:
        return settings, None
    aside = aside_path(path, "original")
    try:
        shutil.copyfile(path, aside)
        kept = f"the original file is kept as {aside.name}"
    except OSError:
        kept = "the original file could not be copied aside"
    return settings, f"settings: {'; '.join(bad)} back to the default, every other setting kept; {kept}"


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    atomic_write(path, json.dumps(asdict(settings), ensure_ascii=False, indent=1))


def atomic_write(path: Path, text: str) -> None:
    """Write via a temporary file, flush and rename, so a crash never leaves half a file."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
