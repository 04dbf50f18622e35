"""Voice packs: discovery, fallbacks, lazy loading; importing and recording the player's own.

A pack is a folder `<root>/<dialect>/<speaker>/` holding `<token>.ogg` clips (`.wav` and `.flac` are read too, for
packs made by hand) and a `manifest.json`:

    {"dialect": "nanning", "speaker": "...", "gender": "male" | "female", "licence": "...",
     "made_with": "how it was made", "synthetic": true | false, ...}

Only `gender` is used (to seat voices alternately male and female; without it the folder name is read: `male_a`,
`female_b` ...); the clips present are found by listing the folder (or a manifest's `files` {token: name} map).

Two roots are searched: the player's (`user_dir("data")/voices`, where imported and recorded packs go) before the
shipped one (`assets/voices`, beside the `game` package, or under `sys._MEIPASS` when frozen). A player's pack of the
same dialect and speaker name as a shipped one overrides it token by token; players' speakers come first in the list.

`resolve(dialect, speaker, token)` follows voices.md: the speaker's own clip, then the same dialect's other speakers,
then Mandarin (a speaker of the same gender first), then None (silence). Never an error. `concealed_kong` and
`added_kong` may share `kong` (voices.md: 暗杠 / 补杠 may share it): a speaker without them says `kong` before any
other speaker is asked.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.tiles import NUM_KINDS, tile_name, zh_name

AUDIO_EXTS = (".ogg", ".wav", ".flac")  # in order of preference
DIALECTS = ("nanning", "baise", "mandarin")
FALLBACK_DIALECT = "mandarin"
MANIFEST = "manifest.json"

TILE_TOKENS: tuple[str, ...] = tuple(tile_name(k) for k in range(NUM_KINDS))
EVENT_TOKENS: tuple[str, ...] = (
    "pong", "kong", "concealed_kong", "added_kong", "chow", "win", "zimo", "fangpao", "flower",
    "gangshanghua", "haidilaoyue", "qianggang", "tianhu", "dihu", "liuju", "genzhuang", "zhui", "horse", "xing",
    "ghost", "hubao", "lanpai", "qixinglan", "shisanyao", "baohe", "huahu", "huashangtianhua", "shangga", "jiehu",
)
TALK_KINDS: tuple[str, ...] = (  # as tools/make_voices.py writes them (`talk_<kind>`)
    "hurry", "nice", "again", "luck", "think",
    "hello", "sorry", "thanks", "bye",  # the quick phrases (快捷语)
)
TALK_TOKEN = re.compile(r"^talk_[a-z0-9_]+$")
ALIASES = {"concealed_kong": "kong", "added_kong": "kong"}
# Chinese file names a player may use for recordings (besides the tokens themselves)
ZH_TOKENS: dict[str, str] = {zh_name(k): tile_name(k) for k in range(NUM_KINDS)} | {
    f"{zh_name(k)[0]}萬": tile_name(k) for k in range(9)} | {
    f"{zh_name(k)[0]}條": tile_name(k) for k in range(18, 27)} | {
    "红中": "C", "發": "F", "发财": "F", "白板": "P", "東": "E", "東風": "E", "南風": "S", "西風": "W", "北風": "N",
    "东风": "E", "南风": "S", "西风": "W", "北风": "N", "幺鸡": "1s",
    "碰": "pong", "杠": "kong", "槓": "kong", "暗杠": "concealed_kong", "补杠": "added_kong", "吃": "chow", "胡": "win",
    "食糊": "win", "自摸": "zimo", "放炮": "fangpao", "补花": "flower", "杠上花": "gangshanghua",
    "海底捞月": "haidilaoyue", "抢杠": "qianggang", "天胡": "tianhu", "地胡": "dihu", "流局": "liuju",
    "跟庄": "genzhuang", "追牌": "zhui", "买马": "horse", "马": "horse", "醒": "xing", "翻醒": "xing", "鬼牌": "ghost",
    "互包": "hubao", "烂牌": "lanpai", "爛牌": "lanpai", "七星烂": "qixinglan", "七星爛": "qixinglan",
    "十三幺": "shisanyao", "爆和": "baohe", "爆胡": "baohe", "花胡": "huahu", "花上添花": "huashangtianhua",
    "上嘎": "shangga", "截胡": "jiehu",
}
_LOWER = {t.lower(): t for t in TILE_TOKENS + EVENT_TOKENS}
SAFE_NAME = re.compile(r"^[\w\-. ]{1,40}$", re.UNICODE)


def is_token(name: str) -> bool:
    return name in TILE_TOKENS or name in EVENT_TOKENS or bool(TALK_TOKEN.match(name))


def token_for(stem: str) -> str | None:
    """The token a recording's file name stands for: `1m`, `1M`, `pong`, `一万`, `碰` ... or None."""
    stem = stem.strip()
    if is_token(stem):
        return stem
    if stem.lower() in _LOWER:
        return _LOWER[stem.lower()]
    if TALK_TOKEN.match(stem.lower()):
        return stem.lower()
    return ZH_TOKENS.get(stem)


# ---------------------------------------------------------------------------------------------- where packs live
def assets_dir() -> Path:
    """The shipped assets, found the same way frozen and unfrozen (game.resources)."""
    from game.resources import data_path

    return data_path("assets")


def builtin_voices_dir() -> Path:
    return assets_dir() / "voices"


def user_voices_dir() -> Path | None:
    """The player's packs; None when the data folder cannot be made (read-only home ...)."""
    try:
        from game.settings import user_dir

        return user_dir("data") / "voices"
    except Exception:
        return None


def normalise_gender(value: Any, name: str = "") -> str | None:
    v = str(value or "").strip().lower()
    if v in ("male", "m", "man", "男", "nan"):
        return "male"
    if v in ("female", "f", "woman", "女", "nv", "nü"):
        return "female"
    n = name.lower()
    if re.search(r"(^|[_\-. ])(female|woman|f|nv|girl)([_\-. 0-9]|$)", n) or n.startswith("female"):
        return "female"
    if re.search(r"(^|[_\-. ])(male|man|m|nan|boy)([_\-. 0-9]|$)", n) or n.startswith("male"):
        return "male"
    return None


@dataclass
class Pack:
    dialect: str
    speaker: str
    manifest: dict = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)  # token -> clip
    roots: list[Path] = field(default_factory=list)  # the folders merged into this pack, player's first

    @property
    def gender(self) -> str | None:
        return normalise_gender(self.manifest.get("gender"), self.speaker)

    @property
    def user(self) -> bool:
        return bool(self.manifest.get("_user"))


class VoicePacks:
    """Every pack on disk, the fallback chain, and a small cache of loaded Sounds."""

    def __init__(self, roots: Iterable[Path | str] | None = None, *, cache_size: int = 224):
        if roots is None:
            found = [user_voices_dir(), builtin_voices_dir()]
            roots = [r for r in found if r is not None]
        self.roots = [Path(r) for r in roots]
        self.cache_size = max(1, int(cache_size))
        self._cache: OrderedDict[Path, Any] = OrderedDict()
        self._bad: set[Path] = set()
        self.problems: list[str] = []
        self.packs: dict[str, dict[str, Pack]] = {}
        self.loads = 0  # Sounds decoded from disk (cache misses), for tests and the benchmark
        self.rescan()

    # ------------------------------------------------------------------ discovery
    def rescan(self) -> None:
        """Look at the roots again (after an import). Loaded Sounds are dropped: a clip may have been replaced."""
        self.clear_cache()
        packs: dict[str, dict[str, Pack]] = {}
        self.problems = []
        for rank, root in enumerate(self.roots):
            try:
                dialect_dirs = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
            except OSError:
                continue
            for ddir in dialect_dirs:
                try:
                    speaker_dirs = sorted(p for p in ddir.iterdir() if p.is_dir())
                except OSError:
                    continue
                for sdir in speaker_dirs:
                    manifest = self._read_manifest(sdir)
                    files = self._scan_files(sdir, manifest)
                    if not files:
                        continue
                    pack = packs.setdefault(ddir.name, {}).get(sdir.name)
                    if pack is None:
                        manifest = dict(manifest)
                        manifest["_user"] = rank == 0 and len(self.roots) > 1
                        pack = Pack(ddir.name, sdir.name, manifest, {}, [])
                        packs[ddir.name][sdir.name] = pack
                    else:  # a later (lower-precedence) root fills tokens the earlier one lacks
                        for k, v in manifest.items():
                            pack.manifest.setdefault(k, v)
                    pack.roots.append(sdir)
                    for token, path in files.items():
                        pack.files.setdefault(token, path)
        self.packs = packs

    def _read_manifest(self, folder: Path) -> dict:
        path = folder / MANIFEST
        if not path.is_file():
            return {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return data
            raise ValueError("not a JSON object")
        except (OSError, ValueError) as exc:
            self.problems.append(f"{path}: unreadable manifest ({exc}); the clips are used without it")
            return {}

    @staticmethod
    def _scan_files(folder: Path, manifest: dict) -> dict[str, Path]:
        files: dict[str, Path] = {}
        try:
            entries = sorted(folder.iterdir(), key=lambda p: (p.stem, AUDIO_EXTS.index(p.suffix.lower())
                                                              if p.suffix.lower() in AUDIO_EXTS else 99))
        except OSError:
            return files
        for p in entries:
            if p.suffix.lower() in AUDIO_EXTS and is_token(p.stem) and p.stem not in files:
                files[p.stem] = p
        mapping = manifest.get("files")
        if isinstance(mapping, dict):  # a manifest may name its files explicitly
            for token, name in mapping.items():
                if isinstance(token, str) and isinstance(name, str) and is_token(token) and token not in files:
                    p = folder / name
                    if p.is_file() and p.suffix.lower() in AUDIO_EXTS:
                        files[token] = p
        return files

    # ------------------------------------------------------------------ queries
    def dialects(self) -> list[str]:
        return sorted(self.packs)

    def speakers(self, dialect: str) -> list[str]:
        """The dialect's speakers, players' packs first, then by name."""
        packs = self.packs.get(dialect, {})
        return sorted(packs, key=lambda s: (not packs[s].user, s))

    def pack(self, dialect: str, speaker: str) -> Pack | None:
        return self.packs.get(dialect, {}).get(speaker)

    def gender(self, dialect: str, speaker: str) -> str | None:
        p = self.pack(dialect, speaker)
        return p.gender if p else None

    def tokens(self, dialect: str, speaker: str) -> set[str]:
        p = self.pack(dialect, speaker)
        return set(p.files) if p else set()

    def manifest(self, dialect: str, speaker: str) -> dict:
        p = self.pack(dialect, speaker)
        return {k: v for k, v in p.manifest.items() if not k.startswith("_")} if p else {}

    def chain(self, dialect: str, speaker: str | None) -> list[tuple[str, str]]:
        """The (dialect, speaker) packs asked for a token, in order (voices.md's fallback order)."""
        if not dialect or dialect == "mute":
            return []
        order: list[tuple[str, str]] = []
        own = self.speakers(dialect)
        if speaker in own:
            order.append((dialect, speaker))
        order += [(dialect, s) for s in own if s != speaker]
        if dialect != FALLBACK_DIALECT:
            gender = self.gender(dialect, speaker) if speaker else None
            mand = self.speakers(FALLBACK_DIALECT)
            mand.sort(key=lambda s: (s != speaker, gender is not None and self.gender(FALLBACK_DIALECT, s) != gender))
            order += [(FALLBACK_DIALECT, s) for s in mand]
        return order

    def resolve(self, dialect: str, speaker: str | None, token: str) -> Path | None:
        """The clip to play for a token, following the fallbacks; None means silence."""
        return next(self.candidates(dialect, speaker, token), None)

    def candidates(self, dialect: str, speaker: str | None, token: str) -> Iterator[Path]:
        """Every clip that could say a token, best first (resolve's order)."""
        if not dialect or dialect == "mute" or not token:
            return
        alias = ALIASES.get(token)
        for d, s in self.chain(dialect, speaker):
            files = self.packs[d][s].files
            if token in files:
                yield files[token]
            elif alias and alias in files and (d, s) == (dialect, speaker):
                yield files[alias]
        if alias:
            yield from self.candidates(dialect, speaker, alias)

    # ------------------------------------------------------------------ loading
    def load(self, path: Path | None) -> Any:
        """A cached pygame Sound for a clip, or None (no mixer, unreadable file)."""
        if path is None or path in self._bad:
            return None
        hit = self._cache.get(path)
        if hit is not None:
            self._cache.move_to_end(path)
            return hit
        try:
            import pygame

            if not pygame.mixer.get_init():
                return None
            sound = pygame.mixer.Sound(str(path))
        except Exception as exc:
            self._bad.add(path)
            self.problems.append(f"{path}: cannot be played ({exc})")
            return None
        self.loads += 1
        self._cache[path] = sound
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return sound

    def sound(self, dialect: str, speaker: str | None, token: str) -> tuple[Any, Path | None]:
        """The Sound for a token and its file: the first candidate that loads (a damaged clip is skipped)."""
        for path in self.candidates(dialect, speaker, token):
            sound = self.load(path)
            if sound is not None:
                return sound, path
        return None, None

    def cached(self, path: Path | None) -> bool:
        return path in self._cache

    def clear_cache(self) -> None:
        self._cache.clear()
        self._bad.clear()


# ---------------------------------------------------------------------------------------------- importing
TARGET_DBFS = -16.0  # loudness (RMS) every imported clip is brought to: the shipped packs' level
PEAK_CEILING = -1.0  # ... unless that would push its peak above this
MAX_CLIP_SECONDS = 4.0


@dataclass
class ImportResult:
    ok: bool
    message: str
    pack_dir: Path | None = None
    imported: list[str] = field(default_factory=list)  # tokens written
    refused: list[tuple[str, str]] = field(default_factory=list)  # (file name, why) for files that could not be used
    ignored: list[str] = field(default_factory=list)  # files whose names are not tokens
    notes: list[str] = field(default_factory=list)


def _pydub():
    """pydub's AudioSegment and silence helpers, without its warning when ffmpeg is missing."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        from pydub import AudioSegment, silence
        from pydub.utils import which
    return AudioSegment, silence, which


def _check_names(dialect: str, speaker: str) -> str | None:
    if dialect not in DIALECTS:
        return f"unknown dialect {dialect!r}: choose one of {', '.join(DIALECTS)}"
    if not isinstance(speaker, str) or not SAFE_NAME.match(speaker) or speaker.strip(". ") != speaker \
            or speaker in (".", ".."):
        return f"speaker name {speaker!r} cannot be a folder name: use letters, digits, '-', '_' (up to 40)"
    return None


def _prepare(seg: Any, silence: Any) -> tuple[Any, list[str]]:
    """Mono 44.1 kHz 16-bit, leading and trailing silence trimmed, loudness normalised. Raises ValueError if silent."""
    notes: list[str] = []
    seg = seg.set_channels(1).set_frame_rate(44100).set_sample_width(2)
    if len(seg) == 0 or seg.max == 0:
        raise ValueError("only silence")
    peak = seg.max_dBFS
    threshold = max(-60.0, peak - 38.0)
    start = silence.detect_leading_silence(seg, silence_threshold=threshold, chunk_size=5)
    end = silence.detect_leading_silence(seg.reverse(), silence_threshold=threshold, chunk_size=5)
    start = max(0, start - 20)
    stop = min(len(seg), len(seg) - end + 40)
    if stop - start < 60:
        raise ValueError("only silence (nothing louder than the background)")
    seg = seg[start:stop]
    if len(seg) > MAX_CLIP_SECONDS * 1000:
        seg = seg[: int(MAX_CLIP_SECONDS * 1000)]
        notes.append(f"cut to {MAX_CLIP_SECONDS:g} s")
    gain = TARGET_DBFS - seg.dBFS
    gain = min(gain, PEAK_CEILING - seg.max_dBFS)
    seg = seg.apply_gain(gain).fade_in(5).fade_out(25)
    return seg, notes


def _write_manifest(pack_dir: Path, dialect: str, speaker: str, gender: str | None, made: str,
                    tokens: Iterable[str]) -> None:
    path = pack_dir / MANIFEST
    old: dict = {}
    if path.is_file():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(old, dict):
                old = {}
        except (OSError, ValueError):
            old = {}
    all_tokens = sorted(set(old.get("tokens") or []) | set(tokens) | {p.stem for p in pack_dir.iterdir()
                                                                       if p.suffix.lower() in AUDIO_EXTS})
    data = {
        "format": 1, "dialect": dialect, "speaker": speaker,
        "gender": gender or old.get("gender"),
        "licence": old.get("licence") or "the player's own recordings, for their own use",
        "made_with": made, "synthetic": False, "tokens": [t for t in all_tokens if is_token(t)],
        "audio": {"sample_rate": 44100, "channels": 1, "loudness_dbfs": TARGET_DBFS,
                  "peak_ceiling_dbfs": PEAK_CEILING},
        "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def import_folder(src: Path | str, dialect: str, speaker: str, *, gender: str | None = None,
                  dest_root: Path | str | None = None, made: str | None = None) -> ImportResult:
    """Import a folder of WAV/OGG recordings named by token (`1m.wav`, `pong.ogg`, `一万.wav` ...) as a player's pack.

    Each clip is decoded, made mono, trimmed of silence, loudness-normalised and written as OGG (WAV when no ffmpeg
    can encode OGG) to `<dest_root or user voices>/<dialect>/<speaker>/`. Files that cannot be decoded are refused
    and listed; the rest are imported. Never raises.
    """
    src = Path(src)
    problem = _check_names(dialect, speaker)
    if problem:
        return ImportResult(False, f"Nothing imported: {problem}.")
    if not src.is_dir():
        return ImportResult(False, f"Nothing imported: {src} is not a folder.")
    try:
        AudioSegment, silence, which = _pydub()
    except Exception as exc:
        return ImportResult(False, f"Nothing imported: importing recordings needs the pydub package ({exc}).")
    root = Path(dest_root) if dest_root is not None else user_voices_dir()
    if root is None:
        return ImportResult(False, "Nothing imported: the game's data folder cannot be created.")
    has_ffmpeg = bool(which("ffmpeg") or which("avconv"))
    result = ImportResult(False, "")
    candidates: list[tuple[Path, str]] = []
    seen: dict[str, Path] = {}
    try:
        entries = sorted(p for p in src.iterdir() if p.is_file())
    except OSError as exc:
        return ImportResult(False, f"Nothing imported: cannot read {src} ({exc}).")
    for p in entries:
        if p.name.startswith(".") or p.name == MANIFEST:
            continue
        token = token_for(p.stem)
        if token is None:
            result.ignored.append(p.name)
            continue
        if p.suffix.lower() not in (".wav", ".ogg", ".oga", ".flac", ".mp3", ".m4a", ".opus", ".wave"):
            result.refused.append((p.name, f"not a WAV or OGG file ({p.suffix or 'no extension'})"))
            continue
        if token in seen:
            result.refused.append((p.name, f"a second recording of {token} (kept {seen[token].name})"))
            continue
        seen[token] = p
        candidates.append((p, token))
    pack_dir = root / dialect / speaker
    staged: list[tuple[Path, str, str]] = []  # (temp file, token, suffix)
    tmpdir = Path(tempfile.mkdtemp(prefix="lingnan-import-"))
    try:
        for p, token in candidates:
            try:
                if p.suffix.lower() in (".wav", ".wave"):
                    seg = AudioSegment.from_wav(str(p)) if not has_ffmpeg else AudioSegment.from_file(str(p))
                elif not has_ffmpeg:
                    result.refused.append((p.name, "decoding this format needs ffmpeg, which is not installed"))
                    continue
                else:
                    seg = AudioSegment.from_file(str(p))
                seg, notes = _prepare(seg, silence)
            except ValueError as exc:
                result.refused.append((p.name, str(exc) if "silence" in str(exc) else
                                       f"cannot be decoded ({_short(exc)})"))
                continue
            except Exception as exc:  # CouldntDecodeError, wave.Error, EOFError, IndexError ...
                result.refused.append((p.name, f"cannot be decoded ({_short(exc)})"))
                continue
            suffix = ".ogg" if has_ffmpeg else ".wav"
            out = tmpdir / f"{token}{suffix}"
            try:
                if has_ffmpeg:
                    seg.export(str(out), format="ogg", codec="libvorbis", parameters=["-q:a", "5"])
                else:
                    seg.export(str(out), format="wav")
            except Exception as exc:
                if has_ffmpeg:  # an ffmpeg without Vorbis: keep the clip as WAV rather than lose it
                    try:
                        out = tmpdir / f"{token}.wav"
                        seg.export(str(out), format="wav")
                        suffix = ".wav"
                        notes.append("kept as WAV: OGG encoding failed")
                    except Exception as exc2:
                        result.refused.append((p.name, f"cannot be written ({_short(exc2)})"))
                        continue
                else:
                    result.refused.append((p.name, f"cannot be written ({_short(exc)})"))
                    continue
            staged.append((out, token, suffix))
            for n in notes:
                result.notes.append(f"{p.name}: {n}")
        if staged:
            try:
                pack_dir.mkdir(parents=True, exist_ok=True)
                for out, token, suffix in staged:
                    for ext in AUDIO_EXTS:  # one clip per token: drop an older one of another type
                        old = pack_dir / f"{token}{ext}"
                        if ext != suffix and old.exists():
                            old.unlink()
                    shutil.move(str(out), str(pack_dir / f"{token}{suffix}"))
                    result.imported.append(token)
                how = made or (f"imported by Lingnan Mahjong from {src.name}: trimmed, loudness-normalised to "
                               f"{TARGET_DBFS:g} dBFS, {'OGG Vorbis' if has_ffmpeg else 'WAV (no ffmpeg)'}")
                _write_manifest(pack_dir, dialect, speaker, normalise_gender(gender), how, result.imported)
            except OSError as exc:
                return ImportResult(False, f"Nothing imported: cannot write to {pack_dir} ({exc}).", pack_dir,
                                    [], result.refused, result.ignored, result.notes)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    result.ok = bool(result.imported)
    result.pack_dir = pack_dir if result.imported else None
    lines = []
    if result.imported:
        lines.append(f"Imported {len(result.imported)} recording(s) into {dialect}/{speaker}.")
    else:
        lines.append("Nothing imported.")
    if result.refused:
        lines.append(f"Refused {len(result.refused)} file(s): " +
                     "; ".join(f"{name}: {why}" for name, why in result.refused))
    if result.ignored:
        lines.append(f"Ignored {len(result.ignored)} file(s) not named by a token (1m ... P, 1f ... 8f, pong, "
                     f"kong, win, zimo ...): " + ", ".join(result.ignored))
    if not has_ffmpeg and result.imported:
        lines.append("ffmpeg is not installed, so the clips were kept as WAV (the game plays them all the same).")
    if not candidates and not result.refused and not result.ignored:
        lines.append(f"{src} has no recordings.")
    result.message = "\n".join(lines)
    return result


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else type(exc).__name__
    return (first[:160] + "...") if len(first) > 160 else first or type(exc).__name__


# ---------------------------------------------------------------------------------------------- recording
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
    try:
        import pygame
        from pygame._sdl2 import audio as sdl_audio

        if not pygame.mixer.get_init():
            return []
        return list(sdl_audio.get_audio_device_names(True) or [])
    except Exception:
        return []


NO_MIC = ("No microphone was found, so nothing was recorded. Plug one in and try again, or record the clips "
          "with any program and import the folder instead.")


def record_pack(dialect: str, speaker: str, tokens: Iterable[str], *, seconds: float = 2.0,
                countdown: Callable[[str, int], Any] | None = None, lead_in: int = 3, gender: str | None = None,
                device: str | None = None, dest_root: Path | str | None = None,
                cancel: Callable[[], bool] | None = None) -> RecordResult:
    """Walk through `tokens` with the microphone: for each, `countdown(token, n)` for n = lead_in ... 1 (a second
    apart), then `countdown(token, 0)` ("speak now") and `seconds` of recording. The takes are imported like a
    folder (trimmed, normalised, OGG). Blocks for the whole walk: run it in a thread from the UI. Never raises;
    without an audio system or a microphone it returns at once with a message saying so."""
    problem = _check_names(dialect, speaker)
    if problem:
        return RecordResult(False, f"Nothing recorded: {problem}.")
    tokens = [t for t in tokens]
    bad = [t for t in tokens if not is_token(t)]
    if bad:
        return RecordResult(False, "Nothing recorded: not tokens: " + ", ".join(map(str, bad)))
    if not tokens:
        return RecordResult(False, "Nothing recorded: no tokens were asked for.")
    try:
        import pygame
        from pygame._sdl2 import audio as sdl_audio
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
    name = device if device in names else names[0]
    takes: dict[str, bytes] = {}
    failed: list[tuple[str, str]] = []
    rate = 44100
    for token in tokens:
        if cancel is not None and cancel():
            break
        for n in range(int(lead_in), 0, -1):
            _call(countdown, token, n)
            time.sleep(1.0)
        chunks: list[bytes] = []

        def grab(_dev: Any, mem: Any, _chunks: list[bytes] = chunks) -> None:
            _chunks.append(bytes(mem))

        try:
            dev = sdl_audio.AudioDevice(devicename=name, iscapture=True, frequency=rate,
                                        audioformat=sdl_audio.AUDIO_S16, numchannels=1, chunksize=1024,
                                        allowed_changes=0, callback=grab)
        except Exception as exc:
            return RecordResult(False, f"The microphone '{name}' could not be opened ({_short(exc)}); "
                                       "nothing more was recorded.", list(takes), failed, name)
        _call(countdown, token, 0)
        try:
            dev.pause(0)
            time.sleep(max(0.1, float(seconds)))
            dev.pause(1)
        finally:
            try:
                dev.close()
            except Exception:
                pass
        takes[token] = b"".join(chunks)
    if not takes:
        return RecordResult(False, "Nothing recorded (cancelled).", [], failed, name)
    tmp = Path(tempfile.mkdtemp(prefix="lingnan-rec-"))
    try:
        import wave

        for token, pcm in takes.items():
            with wave.open(str(tmp / f"{token}.wav"), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(rate)
                w.writeframes(pcm)
        imp = import_folder(tmp, dialect, speaker, gender=gender, dest_root=dest_root,
                            made=f"recorded with the microphone '{name}' in Lingnan Mahjong; trimmed, "
                                 f"loudness-normalised to {TARGET_DBFS:g} dBFS")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    failed += [(Path(f).stem, why) for f, why in imp.refused]
    if not imp.imported:
        silent = all("silence" in why for _, why in failed)
        msg = ("The microphone recorded only silence: is it muted or turned down?" if silent
               else "Nothing could be kept from the recordings: " + "; ".join(f"{t}: {w}" for t, w in failed))
        return RecordResult(False, msg, [], failed, name)
    msg = f"Recorded {len(imp.imported)} of {len(tokens)} clip(s) into {dialect}/{speaker} with '{name}'."
    if failed:
        msg += " Not kept: " + "; ".join(f"{t} ({w})" for t, w in failed)
    return RecordResult(True, msg, imp.imported, failed, name, imp.pack_dir)


def _call(fn: Callable[..., Any] | None, *args: Any) -> None:
    if fn is None:
        return
    try:
        fn(*args)
    except Exception:
        pass
