"""Fonts: Noto Sans SC / TC (OFL, from the `justmytype-intl-cjk` package) at real weights, with caches.

The Noto CJK files are *variable* fonts whose default instance is Thin (wght 100). SDL_ttf, behind
`pygame.font.Font`, can only open that default instance, so text would come out hairline-thin. FreeType, behind
`pygame.freetype`, can open a *named instance* (face index `instance << 16`), which gives true Regular, Bold and
Black outlines. `Fonts.get` therefore returns a `pygame.font.Font` subclass whose `render` and `size` are done by
the freetype face at the wanted weight, while the metrics (`get_height`, `get_linesize`, ascent, descent) come
from SDL_ttf; they agree because all instances of a variable font share one vertical metrics table.

The other script's font is a per-glyph fallback: Noto Sans TC has no 兰 or 过, Noto Sans SC has every 繁體 form
we draw, so simplified names still render in the zh_TW UI and the other way round.

Nothing is loaded at import time; everything is created on first use and cached on the instance.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame
import pygame.freetype

log = logging.getLogger(__name__)

_FONT_FILES = {
    "sc": ("fonts/ofl/notosanssc", "NotoSansSC[wght].ttf"),
    "tc": ("fonts/ofl/notosanstc", "NotoSansTC[wght].ttf"),
}
# Named instances of the Noto Sans CJK variable fonts, in fvar order: Thin … Black (1-based face-index high word).
_NOTO_WEIGHTS = (100, 200, 300, 400, 500, 600, 700, 800, 900)
REGULAR = 400
BOLD = 700
BLACK = 900
# the smallest text a player is given to read, at any window size (960×540 included): every scene's size helper
# floors at it, and layouts that cannot fit at it make room (wrap, scroll) rather than shrink the words further
MIN_TEXT_PX = 12


def readable(size: float) -> int:
    """A text size in whole pixels, never under MIN_TEXT_PX."""
    return max(MIN_TEXT_PX, round(size))


def _script_for(lang: str) -> str:
    return "tc" if lang.replace("-", "_").lower() in ("zh_tw", "zh_hk", "zh_hant", "zh_mo") else "sc"


class WeightedFont(pygame.font.Font):
    """A `pygame.font.Font` that draws with freetype faces at a real weight (see the module docstring).

    A drop-in `pygame.font.Font`: `render(text, antialias, color, bgcolor=None, wraplength=0)` and `size(text)`
    behave like the base class (newlines and `wraplength` are honoured); the metrics are the base class's.
    """

    def __init__(self, path: str, size: int, faces: list[pygame.freetype.Font]):
        super().__init__(path, size)
        self._faces = faces  # primary first, then fallbacks for glyphs the primary lacks
        self._px = size

    # -- helpers
    def _runs(self, text: str) -> list[tuple[str, pygame.freetype.Font, float]]:
        """Split `text` into runs drawn by one face each: (text, face, advance in px)."""
        primary = self._faces[0]
        metrics = primary.get_metrics(text, size=self._px)
        if len(self._faces) == 1 or all(m is not None for m in metrics):
            return [(text, primary, sum(m[4] for m in metrics if m is not None))]
        runs: list[list] = []
        for ch, m in zip(text, metrics):
            face, adv = primary, (m[4] if m is not None else 0.0)
            if m is None:
                for other in self._faces[1:]:
                    om = other.get_metrics(ch, size=self._px)[0]
                    if om is not None:
                        face, adv = other, om[4]
                        break
            if runs and runs[-1][1] is face:
                runs[-1][0] += ch
                runs[-1][2] += adv
            else:
                runs.append([ch, face, adv])
        return [(t, f, a) for t, f, a in runs]

    def _line(self, text: str, color, bgcolor, antialias: bool) -> pygame.Surface:
        runs = self._runs(text) if text else []
        width, _ = self._measure(runs)
        surf = pygame.Surface((max(1, width), self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            surf.fill(bgcolor)
        x = 0.0
        base = self.get_ascent()
        for part, face, adv in runs:
            face.antialiased = bool(antialias)
            face.render_to(surf, (round(x), base), part, color, size=self._px)
            x += adv
        return surf

    def _measure(self, runs) -> tuple[int, int]:
        x = 0.0
        right = 0.0
        for part, face, adv in runs:
            rect = face.get_rect(part, size=self._px)
            right = max(right, x + rect.right)
            x += adv
        return math.ceil(max(x, right)), self.get_height()

    def wrap(self, text: str, width: int) -> list[str]:
        """`text` in lines no wider than `width` px (between words for Latin text, between characters for CJK)."""
        return self._wrap(text, width)

    def _wrap(self, text: str, wraplength: int) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            if wraplength <= 0 or self.size(para)[0] <= wraplength:
                lines.append(para)
                continue
            # break between words for Latin text and between any two characters for CJK text
            tokens: list[str] = []
            word = ""
            for ch in para:
                if ch == " " or ord(ch) > 0x2E7F:
                    if word:
                        tokens.append(word)
                        word = ""
                    tokens.append(ch)
                else:
                    word += ch
            if word:
                tokens.append(word)
            line = ""
            for tok in tokens:
                trial = line + tok
                if line and self.size(trial.rstrip())[0] > wraplength:
                    lines.append(line.rstrip())
                    line = tok.lstrip()
                else:
                    line = trial
            lines.append(line.rstrip())
        return lines

    # -- pygame.font.Font API
    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        if not text:
            return 0, self.get_height()
        return self._measure(self._runs(str(text)))

    def render(self, text, antialias=True, color=(0, 0, 0), bgcolor=None, wraplength=0):  # type: ignore[override]
        text = "" if text is None else str(text)
        if "\x00" in text:
            raise ValueError("A null character was found in the text")
        if "\n" not in text and not wraplength:
            return self._line(text, color, bgcolor, antialias)
        lines = [self._line(t, color, None, antialias) for t in self._wrap(text, int(wraplength))]
        step = self.get_linesize()
        width = max(s.get_width() for s in lines)
        surf = pygame.Surface((width, step * (len(lines) - 1) + self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            surf.fill(bgcolor)
        align = getattr(self, "align", 0)
        for i, s in enumerate(lines):
            x = 0 if align == 0 else (width - s.get_width()) // (2 if align == 1 else 1)
            surf.blit(s, (x, i * step))
        return surf


class Fonts:
    """The game's fonts for one UI language (zh_CN and en use Noto Sans SC, zh_TW uses Noto Sans TC)."""

    def __init__(self, lang: str = "zh_CN"):
        self.lang = lang
        self.version = 0  # bumped when the language changes the font file; art caches key on it
        self._paths: dict[str, Path | None] = {}
        self._fonts: dict[tuple, pygame.font.Font] = {}
        self._renders: dict[tuple, pygame.Surface] = {}
        self._faces: dict[tuple, pygame.freetype.Font] = {}
        self._cmaps: dict[Path, frozenset[int]] = {}
        self._instances: dict[Path, dict[int, int]] = {}
        self._warned = False

    # ---- files
    def path(self, lang: str | None = None) -> Path:
        """The font file for `lang` (default: this instance's language); pygame's default font if Noto is missing."""
        found = self._script_path(_script_for(lang or self.lang))
        return found if found is not None else self.default_path()

    def fallback_path(self) -> Path | None:
        """The other script's Noto file, used for glyphs the main font lacks (None if not installed)."""
        other = "sc" if _script_for(self.lang) == "tc" else "tc"
        found = self._script_path(other)
        return found if found is not None and found != self.path() else None

    @staticmethod
    def default_path() -> Path:
        return Path(pygame.__file__).resolve().parent / pygame.font.get_default_font()

    def _script_path(self, script: str) -> Path | None:
        if script not in self._paths:
            self._paths[script] = self._find(script)
        return self._paths[script]

    def _find(self, script: str) -> Path | None:
        folder, name = _FONT_FILES[script]
        from game.resources import data_path

        bundled = data_path("fonts", name)  # the packaged game ships a subset made at build time
        if bundled.is_file():
            return bundled
        try:
            from importlib.resources import files

            candidate = Path(str(files("justmytype_intl_cjk") / folder / name))
            if candidate.is_file():
                return candidate
        except (ImportError, TypeError, OSError):
            pass
        if not self._warned:
            self._warned = True
            log.warning("Noto Sans %s not found (is justmytype-intl-cjk installed?); Chinese text will not render, "
                        "falling back to pygame's default font", script.upper())
        return None

    @property
    def is_fallback(self) -> bool:
        """True when Noto is missing and pygame's default (Latin-only) font stands in."""
        return self.path() == self.default_path()

    def set_language(self, lang: str) -> None:
        """Switch the UI language; drops the caches if that changes the font file."""
        old = self.path()
        self.lang = lang
        if self.path() != old:
            self._fonts.clear()
            self._renders.clear()
            self.version += 1

    # ---- weights
    def _instance_index(self, path: Path, weight: int) -> int:
        """The named-instance number (1-based) nearest `weight`, or 0 for a static font."""
        if path not in self._instances:
            table: dict[int, int] = {}
            try:
                from fontTools.ttLib import TTFont

                font = TTFont(str(path), lazy=True)
                if "fvar" in font:
                    for i, inst in enumerate(font["fvar"].instances, start=1):
                        table.setdefault(int(round(inst.coordinates.get("wght", 0))), i)
                font.close()
            except ImportError:
                if path.name.startswith("NotoSans") and "[wght]" in path.name:
                    table = {w: i for i, w in enumerate(_NOTO_WEIGHTS, start=1)}
            except Exception:  # a damaged file: use face 0
                log.exception("cannot read the font's instances: %s", path)
            self._instances[path] = table
        table = self._instances[path]
        if not table:
            return 0
        return table[min(table, key=lambda w: (abs(w - weight), w))]

    def _ensure_init(self) -> None:
        if not pygame.freetype.get_init():  # first use, or pygame.quit() ran since: old faces are dead
            pygame.freetype.init()
            self._faces.clear()
            self._fonts.clear()
        if not pygame.font.get_init():
            pygame.font.init()
            self._fonts.clear()

    def face(self, weight: int = REGULAR, path: Path | None = None) -> pygame.freetype.Font:
        """A `pygame.freetype.Font` at the named instance nearest `weight` (100 … 900); size 0, pass `size=`."""
        self._ensure_init()
        path = path or self.path()
        key = (path, weight)
        if key not in self._faces:
            face = pygame.freetype.Font(str(path), 0, font_index=self._instance_index(path, weight) << 16)
            face.pad = False
            face.origin = True
            face.kerning = False
            face.ucs4 = True
            self._faces[key] = face
        return self._faces[key]

    def faces(self, weight: int = REGULAR) -> list[pygame.freetype.Font]:
        """The main face and the fallback face (if installed) at `weight`."""
        out = [self.face(weight)]
        other = self.fallback_path()
        if other is not None:
            out.append(self.face(weight, other))
        return out

    # ---- pygame.font API
    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A cached `pygame.font.Font` of pixel size `size`: Regular, or Bold when `bold`."""
        self._ensure_init()
        size = max(1, int(size))
        key = (size, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            font = WeightedFont(str(self.path()), size, self.faces(BOLD if bold else REGULAR))
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, color, bold: bool = False) -> pygame.Surface:
        """`text` rendered antialiased on a transparent surface; cached by all arguments (do not draw on it)."""
        key = (text, int(size), tuple(pygame.Color(color)), bool(bold))
        surf = self._renders.get(key)
        if surf is None:
            surf = self.get(size, bold).render(text, True, color)
            if len(self._renders) > 4096:
                self._renders.clear()
            self._renders[key] = surf
        return surf

    def glyph(self, char: str, size: float | tuple[float, float], color, weight: int = BOLD) -> pygame.Surface:
        """One character cropped to its ink (for art: tile faces, badges); `size` may be (width, height)."""
        for face in self.faces(weight):
            if face.get_metrics(char, size=size)[0] is not None:
                break
        else:
            face = self.face(weight)
        face.antialiased = True
        surf, _ = face.render(char, color, None, size=size)
        return surf

    # ---- coverage
    def cmap(self, path: Path | None = None) -> frozenset[int]:
        """Code points the font file maps (read once, with fontTools)."""
        path = path or self.path()
        if path not in self._cmaps:
            from fontTools.ttLib import TTFont

            font = TTFont(str(path), lazy=True)
            self._cmaps[path] = frozenset(font.getBestCmap())
            font.close()
        return self._cmaps[path]

    def missing_glyphs(self, text: str, fallback: bool = True) -> list[str]:
        """Characters of `text` (whitespace aside) that cannot be drawn, in order, without repeats.

        With `fallback` (default) a character counts as drawable if the main font or the fallback font has it,
        which is what `get`/`render`/`glyph` use; `fallback=False` checks the main font alone."""
        maps = [self.cmap()]
        other = self.fallback_path() if fallback else None
        missing: list[str] = []
        for ch in text:
            if ch.isspace() or ch in missing:
                continue
            if all(ord(ch) not in m for m in maps):
                if other is not None and ord(ch) in self.cmap(other):
                    continue
                missing.append(ch)
        return missing
