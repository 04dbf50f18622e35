"""Voice packs: discovery, fallbacks, lazy loading; importing the player's own and saving what he recorded
(recording itself, with the microphone, is game.audio.recorder's: it saves through `save_clips` here).

A pack is a folder `<root>/<dialect>/<speaker>/` holding `<token>.ogg` clips (`.wav` and `.flac` are read too:
the player's packs are WAV where pydub and ffmpeg are not installed, as in the standalone build) and a `manifest.json`:

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
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.audio import pcm
from game.dialects import VOICE_DIALECTS
from game.engine.tiles import NUM_KINDS, tile_name, zh_name

AUDIO_EXTS = (".ogg", ".wav", ".flac")  # in order of preference
DIALECTS = VOICE_DIALECTS  # (game.dialects)
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
TARGET_DBFS = pcm.TARGET_DBFS  # loudness (RMS) every imported clip is brought to: the shipped packs' level
PEAK_CEILING = pcm.PEAK_CEILING  # ... unless that would push its peak above this
MAX_CLIP_SECONDS = pcm.MAX_CLIP_SECONDS
# every token a pack can have, in the order the recorder walks them: tiles, calls and moments, table talk
RECORD_TOKENS: tuple[str, ...] = TILE_TOKENS + EVENT_TOKENS + tuple(f"talk_{k}" for k in TALK_KINDS)
INPUT_EXTS = (".wav", ".wave", ".ogg", ".oga", ".flac", ".mp3", ".m4a", ".opus")


@dataclass
class ImportResult:
    ok: bool
    message: str
    pack_dir: Path | None = None
    imported: list[str] = field(default_factory=list)  # tokens written
    refused: list[tuple[str, str]] = field(default_factory=list)  # (file name, why) for files that could not be used
    ignored: list[str] = field(default_factory=list)  # files whose names are not tokens
    notes: list[str] = field(default_factory=list)
    # file name -> why, as a code the UI words in the player's language: not_audio, duplicate, cannot_decode,
    # needs_ffmpeg, silence, write_failed
    codes: dict[str, str] = field(default_factory=dict)
    format: str | None = None  # "ogg" or "wav": how the clips were written
    error: str | None = None  # when nothing could be done at all: bad_name, bad_dialect, not_folder, unreadable,
    # no_data_folder, write_failed, empty, nothing


def pack_name_problem(dialect: str, speaker: str) -> str | None:
    if dialect not in DIALECTS:
        return f"unknown dialect {dialect!r}: choose one of {', '.join(DIALECTS)}"
    if not isinstance(speaker, str) or not SAFE_NAME.match(speaker) or speaker.strip(". ") != speaker \
            or speaker in (".", ".."):
        return f"speaker name {speaker!r} cannot be a folder name: use letters, digits, '-', '_' (up to 40)"
    return None


def valid_speaker_name(speaker: str) -> bool:
    return pack_name_problem(DIALECTS[0], speaker) is None


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
        "made_with": made, "synthetic": False,
        "tokens": [t for t in all_tokens if is_token(t) and any((pack_dir / f"{t}{e}").is_file() for e in AUDIO_EXTS)],
        "audio": {"sample_rate": pcm.RATE, "channels": 1, "loudness_dbfs": TARGET_DBFS,
                  "peak_ceiling_dbfs": PEAK_CEILING},
        "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def _write_clips(clips: dict[str, "pcm.Clip"], pack_dir: Path, result: ImportResult,
                 names: dict[str, str] | None = None, progress: Callable[[int, int], Any] | None = None) -> None:
    """Encode the clips (OGG when pydub and ffmpeg are here, else WAV) into a temporary folder, then move them into
    the pack, replacing any older clip of the token. Fills result.imported / refused / notes / format."""
    fmt = pcm.encoder()
    result.format = fmt
    names = names or {}
    staged: list[tuple[Path, str, str]] = []
    tmpdir = Path(tempfile.mkdtemp(prefix="lingnan-pack-"))
    try:
        for i, (token, clip) in enumerate(clips.items()):
            call_quietly(progress, i, len(clips))
            label = names.get(token, token)
            suffix = f".{fmt}"
            out = tmpdir / f"{token}{suffix}"
            try:
                if fmt == "ogg":
                    try:
                        pcm.write_ogg(out, clip)
                    except Exception:  # an ffmpeg without Vorbis: keep the clip as WAV rather than lose it
                        suffix = ".wav"
                        out = tmpdir / f"{token}.wav"
                        pcm.write_wav(out, clip)
                        result.notes.append(f"{label}: kept as WAV: OGG encoding failed")
                else:
                    pcm.write_wav(out, clip)
            except Exception as exc:
                result.refused.append((label, f"cannot be written ({pcm.short(exc)})"))
                result.codes[label] = "write_failed"
                continue
            staged.append((out, token, suffix))
        if staged:
            pack_dir.mkdir(parents=True, exist_ok=True)
            for out, token, suffix in staged:
                for ext in AUDIO_EXTS:  # one clip per token: drop an older one of another type
                    old = pack_dir / f"{token}{ext}"
                    if ext != suffix and old.exists():
                        old.unlink()
                shutil.move(str(out), str(pack_dir / f"{token}{suffix}"))
                result.imported.append(token)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def _user_root(dest_root: Path | str | None) -> Path | None:
    return Path(dest_root) if dest_root is not None else user_voices_dir()


def save_clips(clips: dict[str, "pcm.Clip"], dialect: str, speaker: str, *, gender: str | None = None,
               dest_root: Path | str | None = None, made: str | None = None,
               progress: Callable[[int, int], Any] | None = None) -> ImportResult:
    """Write prepared clips (token -> pcm.Clip) as a player's pack, merged into one of the same name. Never raises.
    `progress(done, total)` is called before each clip is written."""
    problem = pack_name_problem(dialect, speaker)
    if problem:
        return ImportResult(False, f"Nothing saved: {problem}.", error="bad_name" if dialect in DIALECTS
                            else "bad_dialect")
    root = _user_root(dest_root)
    if root is None:
        return ImportResult(False, "Nothing saved: the game's data folder cannot be created.", error="no_data_folder")
    pack_dir = root / dialect / speaker
    result = ImportResult(False, "")
    try:
        _write_clips(dict(clips), pack_dir, result, progress=progress)
        if result.imported:
            _write_manifest(pack_dir, dialect, speaker, normalise_gender(gender), made or "recorded in Lingnan Mahjong",
                            result.imported)
    except OSError as exc:
        return ImportResult(False, f"Nothing saved: cannot write to {pack_dir} ({exc}).", pack_dir, [],
                            result.refused, [], result.notes, result.codes, result.format, "write_failed")
    result.ok = bool(result.imported)
    result.pack_dir = pack_dir if result.imported else None
    result.message = (f"Saved {len(result.imported)} clip(s) into {dialect}/{speaker}." if result.ok
                      else "Nothing saved.")
    if not result.ok:
        result.error = "nothing"
    return result


def import_folder(src: Path | str, dialect: str, speaker: str, *, gender: str | None = None,
                  dest_root: Path | str | None = None, made: str | None = None,
                  progress: Callable[[int, int], Any] | None = None) -> ImportResult:
    """Import a folder of WAV/OGG recordings named by token (`1m.wav`, `pong.ogg`, `一万.wav` ...) as a player's pack.

    Each clip is decoded (WAV by the standard library; OGG, FLAC ... by pygame's mixer when it runs, else by pydub
    and ffmpeg where they are installed), made mono, trimmed of silence, loudness-normalised and written (OGG when
    pydub and ffmpeg can encode it, else WAV) to `<dest_root or user voices>/<dialect>/<speaker>/`. Files that
    cannot be used are refused and listed with the reason; the rest are imported. Never raises. `progress(done,
    total)` is called as the files are read, then as they are written (the Voices screen runs this in a thread).
    """
    src = Path(src)
    problem = pack_name_problem(dialect, speaker)
    if problem:
        return ImportResult(False, f"Nothing imported: {problem}.",
                            error="bad_name" if dialect in DIALECTS else "bad_dialect")
    if not src.is_dir():
        return ImportResult(False, f"Nothing imported: {src} is not a folder.", error="not_folder")
    root = _user_root(dest_root)
    if root is None:
        return ImportResult(False, "Nothing imported: the game's data folder cannot be created.",
                            error="no_data_folder")
    result = ImportResult(False, "")

    def refuse(name: str, why: str, code: str) -> None:
        result.refused.append((name, why))
        result.codes[name] = code

    candidates: list[tuple[Path, str]] = []
    seen: dict[str, Path] = {}
    try:
        entries = sorted(p for p in src.iterdir() if p.is_file())
    except OSError as exc:
        return ImportResult(False, f"Nothing imported: cannot read {src} ({exc}).", error="unreadable")
    for p in entries:
        if p.name.startswith(".") or p.name == MANIFEST:
            continue
        token = token_for(p.stem)
        if token is None:
            result.ignored.append(p.name)
            continue
        if p.suffix.lower() not in INPUT_EXTS:
            refuse(p.name, f"not a WAV or OGG file ({p.suffix or 'no extension'})", "not_audio")
            continue
        if token in seen:
            refuse(p.name, f"a second recording of {token} (kept {seen[token].name})", "duplicate")
            continue
        seen[token] = p
        candidates.append((p, token))
    clips: dict[str, pcm.Clip] = {}
    names: dict[str, str] = {}
    for i, (p, token) in enumerate(candidates):
        call_quietly(progress, i, 2 * len(candidates))
        try:
            clip, notes = pcm.prepare(pcm.decode_file(p))
        except pcm.DecodeError as exc:
            refuse(p.name, str(exc), "needs_ffmpeg" if exc.code == "needs_ffmpeg" else "cannot_decode")
            continue
        except pcm.SilentError as exc:
            refuse(p.name, str(exc), "silence")
            continue
        except Exception as exc:  # anything a decoder may raise on a damaged file
            refuse(p.name, f"cannot be decoded ({pcm.short(exc)})", "cannot_decode")
            continue
        clips[token] = clip
        names[token] = p.name
        result.notes += [f"{p.name}: {n}" for n in notes]
    pack_dir = root / dialect / speaker
    try:
        base = len(candidates)
        total = 2 * len(candidates)
        _write_clips(clips, pack_dir, result, names,
                     progress=lambda i, _n: call_quietly(progress, base + i * len(candidates) // max(1, len(clips)), total))
        if result.imported:
            how = made or (f"imported by Lingnan Mahjong from {src.name}: trimmed, loudness-normalised to "
                           f"{TARGET_DBFS:g} dBFS, {'OGG Vorbis' if result.format == 'ogg' else 'WAV'}")
            _write_manifest(pack_dir, dialect, speaker, normalise_gender(gender), how, result.imported)
    except OSError as exc:
        return ImportResult(False, f"Nothing imported: cannot write to {pack_dir} ({exc}).", pack_dir,
                            [], result.refused, result.ignored, result.notes, result.codes, result.format,
                            "write_failed")
    result.ok = bool(result.imported)
    result.pack_dir = pack_dir if result.imported else None
    lines = []
    if result.imported:
        lines.append(f"Imported {len(result.imported)} recording(s) into {dialect}/{speaker}.")
    else:
        lines.append("Nothing imported.")
        result.error = "nothing"
    if result.refused:
        lines.append(f"Refused {len(result.refused)} file(s): " +
                     "; ".join(f"{name}: {why}" for name, why in result.refused))
    if result.ignored:
        lines.append(f"Ignored {len(result.ignored)} file(s) not named by a token (1m ... P, 1f ... 8f, pong, "
                     f"kong, win, zimo ...): " + ", ".join(result.ignored))
    if result.format == "wav" and result.imported:
        lines.append("The clips were kept as WAV (OGG encoding needs pydub and ffmpeg, not installed here); the game "
                     "plays them all the same.")
    if not candidates and not result.refused and not result.ignored:
        lines.append(f"{src} has no recordings.")
        result.error = "empty"
    result.message = "\n".join(lines)
    return result


def _short(exc: BaseException) -> str:
    return pcm.short(exc)


# ---------------------------------------------------------------------------------------------- the player's packs
@dataclass
class UserPack:
    dialect: str
    speaker: str
    path: Path
    tokens: list[str]
    made_with: str = ""
    recorded: bool = False  # recorded in the game (else imported, or made by hand)


def user_packs(root: Path | str | None = None) -> list[UserPack]:
    """The packs in the player's folder, by dialect then name. Never raises."""
    base = _user_root(root)
    out: list[UserPack] = []
    if base is None or not base.is_dir():
        return out
    for dialect in DIALECTS:
        ddir = base / dialect
        try:
            folders = sorted(p for p in ddir.iterdir() if p.is_dir()) if ddir.is_dir() else []
        except OSError:
            continue
        for sdir in folders:
            files = VoicePacks._scan_files(sdir, {})
            if not files:
                continue
            made = ""
            try:
                data = json.loads((sdir / MANIFEST).read_text(encoding="utf-8"))
                made = str(data.get("made_with") or "") if isinstance(data, dict) else ""
            except (OSError, ValueError):
                pass
            out.append(UserPack(dialect, sdir.name, sdir, sorted(files), made, made.startswith("recorded")))
    return out


def delete_pack(dialect: str, speaker: str, root: Path | str | None = None) -> tuple[bool, str]:
    """Remove one of the player's packs (never a shipped one). (ok, message)."""
    problem = pack_name_problem(dialect, speaker)
    if problem:
        return False, f"Not deleted: {problem}."
    base = _user_root(root)
    if base is None:
        return False, "Not deleted: the game's data folder cannot be found."
    folder = base / dialect / speaker
    try:
        inside = folder.resolve().parent.parent == base.resolve() and not folder.is_symlink()
    except OSError:
        inside = False
    if not inside or not folder.is_dir():
        return False, f"Not deleted: there is no pack {dialect}/{speaker}."
    try:
        shutil.rmtree(folder)
    except OSError as exc:
        return False, f"Not deleted: {exc}."
    return True, f"Deleted {dialect}/{speaker}."


def call_quietly(fn: Callable[..., Any] | None, *args: Any) -> None:
    """A caller's progress callback: its faults must not stop an import or a recording."""
    if fn is None:
        return
    try:
        fn(*args)
    except Exception:
        pass
