"""Player settings, kept with platformdirs. A corrupt file is set aside (never overwritten) and defaults are used."""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import asdict, dataclass, field, fields
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
        if self.language not in LANGUAGES:
            self.language = "zh_CN"
        from game.dialects import DEFAULT_DIALECT, DIALECT_CHOICES  # (only the game's window validates)

        if self.dialect not in DIALECT_CHOICES:
            self.dialect = DEFAULT_DIALECT
        if self.tile_size not in TILE_SIZES:
            self.tile_size = "medium"
        if self.table_art not in table_arts():
            self.table_art = AUTO_TABLE_ART
        self.voice_volume = min(1.0, max(0.0, float(self.voice_volume)))
        self.effects_volume = min(1.0, max(0.0, float(self.effects_volume)))
        self.animation_speed = min(3.0, max(0.25, float(self.animation_speed)))
        w, h = self.window_size
        self.window_size = (max(960, int(w)), max(540, int(h)))
        if self.claim_timer not in CLAIM_TIMERS:
            self.claim_timer = 0
        if self.turn_timer not in TURN_TIMERS:
            self.turn_timer = 0
        if self.expert_think not in EXPERT_THINKS:
            self.expert_think = 0
        if not isinstance(self.profiles, dict):
            self.profiles = {}
        self.profiles = {str(k)[:32]: str(v)[:24] for k, v in self.profiles.items() if isinstance(k, str)}
        return self


def settings_path() -> Path:
    return user_dir("config") / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message when the file had to be set aside."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in raw.items() if k in known}
        if "window_size" in values:
            values["window_size"] = tuple(values["window_size"])
        return Settings(**values).validate(), None
    except (ValueError, TypeError, OSError) as exc:
        aside = aside_path(path, "corrupt")
        try:
            path.rename(aside)
        except OSError:
            pass
        return Settings(), f"settings file was unreadable ({exc}); kept aside as {aside.name}, defaults used"


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
