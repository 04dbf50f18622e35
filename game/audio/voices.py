"""What the table says and the little sounds it makes.

`Voices.on_event(event, players, viewer)` turns one presented table event into speech:

    discard                 the tile's name (`1m` ... `P`), by the discarder
    pong kong chow          the call, by the caller; `concealed_kong` / `added_kong` (fall back to `kong`)
    flower                  补花, by the seat
    win                     `zimo` when self-drawn, else `win`, then the special moment(s) from the win's hands and
                            flags (杠上花 gangshanghua, 海底捞月 haidilaoyue, 抢杠 qianggang, 天胡 tianhu, 地胡 dihu);
                            on a discard the discarder then says 放炮 (`fangpao`)
    exhausted               流局 `liuju`              } by the table's own voice,
    ghost                   `ghost`                   } panned to the centre
    flip, score             the voice token the rule set declares for the flip's kind or the score's reason
                            (Variant.flip_kind / score_reason: 买马 `horse`, 跟庄 `genzhuang` ...), if any

`announce(token, ...)` says a rule set's token for a moment no event names (a seat mark appearing, 互包), in the
table's voice after the call that made it.

Each seat has its own speaker: the one the player chose for that seat in that dialect (`choose_speaker`, kept in
the settings' `speakers`, {dialect: {seat: speaker}}), else one picked from the dialect's packs alternating male and
female (seat 0 male, seat 1 female, ...) and stable for the seat. `sample(dialect, speaker)` says a short line in
exactly that speaker's voice, so a player can hear whom he chooses. Each line is panned toward the seat's side of
the screen as the viewer sees it (game.seating.side_of: bottom centre, right, top centre and quieter, left).

Lines never pile up: a new discard cuts any tile name still being said (that seat's or another's); a call or a win
cuts the discard it answers; a seat says one thing at a time; table talk is dropped while anyone is speaking; lines
of the table's own voice wait for a tile name to finish. `set_dialect` applies at once (`mute` silences voices, not
effects). `last_latency_ms` is the time from entering `on_event` to `Channel.play` returning for the event's line.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.audio.faults import EXPECTED, Faults
from game.audio.mixer import Mixer, wav_bytes
from game.audio.packs import TALK_KINDS, VoicePacks, assets_dir
from game.dialects import DIALECT_CHOICES
from game.engine.errors import UnknownVariant
from game.i18n import N_
from game.seating import side_of
from game.variants import AVAILABLE, get_variant

CALLS = {"pong": "pong", "kong": "kong", "chow": "chow", "concealed_kong": "concealed_kong",
         "added_kong": "added_kong", "flower": "flower"}
# What the table says for how a win came about, by the engine's win flags (game.engine.scoring.FLAGS), whatever
# the rule set calls or counts the hand: (flag, token, whether only a self-drawn win says it). A rule set's own
# hand lines (烂牌, 七星烂, 爆和 …) it declares itself (HandType.voice_token, the win's `voices`).
FLAG_LINES = (
    ("heavenly", "tianhu", True),
    ("earthly", "dihu", True),
    ("after_kong", "gangshanghua", True),
    ("robbing_kong", "qianggang", False),
    ("last_tile", "haidilaoyue", True),
)
TABLE_LINES = {"exhausted": "liuju", "ghost": "ghost"}
# (left, right) gains per screen side: the viewer in the middle, the opposite seat centred but farther away
SIDE_PAN = {"bottom": (1.0, 1.0), "right": (0.35, 1.0), "top": (0.7, 0.7), "left": (1.0, 0.35),
            "center": (0.85, 0.85)}

TILE = "tile"
CALL = "call"
TALK = "talk"
TABLE = "table"
SAMPLE = "sample"

# the shipped speakers by the names a player reads (msgids, the same four in every dialect: assets/voices); a
# player's own pack goes by the name he gave it
SPEAKER_LABELS = {"male_a": N_("Man, calm"), "female_a": N_("Woman, clear"), "male_b": N_("Man, deep"),
                  "female_b": N_("Woman, bright")}
# a speaker's sample: a greeting (大家好), else the first tile's name, else anything his pack has
SAMPLE_TOKENS = ("talk_hello", "1m", "win")


def speaker_label(speaker: str, translate=lambda words: words) -> str:
    """The name a speaker goes by on the screens, in the player's language through `translate` (app.t)."""
    label = SPEAKER_LABELS.get(speaker)
    return translate(label) if label else speaker



def _players(players: Any) -> int:
    if isinstance(players, int):
        return players if players in (2, 3, 4) else 4
    try:
        n = len(players)
        return n if n in (2, 3, 4) else 4
    except TypeError:
        return 4


class Voices:
    def __init__(self, mixer: Mixer, packs: VoicePacks, settings: Any):
        self.faults = Faults()
        self.mixer = mixer
        self.packs = packs
        self.settings = settings
        self.dialect = self._valid(getattr(settings, "dialect", "nanning"))
        self.say_fangpao = True
        self.last_latency_ms: float | None = None
        self.latencies: deque[float] = deque(maxlen=1000)
        self.history: deque[dict] = deque(maxlen=64)  # what was said: {token, seat, speaker, dialect, path, tag}
        self._speakers: dict[tuple[str, int], str | None] = {}
        self._warm: list[tuple[str, str | None, str]] = []
        self.variant_id: str | None = None  # the rule set of the round being played, from its start_round

    # ------------------------------------------------------------------ dialect and speakers
    @staticmethod
    def _valid(dialect: Any) -> str:
        return dialect if dialect in DIALECT_CHOICES else "nanning"

    def set_dialect(self, dialect: str) -> None:
        """Switch at once: whatever is being said in the old dialect stops. An unknown name is ignored."""
        if dialect not in DIALECT_CHOICES:
            return
        if getattr(self.settings, "dialect", None) != dialect:
            try:
                self.settings.dialect = dialect
            except AttributeError:
                pass  # a settings object that keeps no dialect (tools, tests)
        if dialect != self.dialect:
            self.dialect = dialect
            self.mixer.stop_voices()
            self._warm = []

    def _sync(self) -> None:
        d = getattr(self.settings, "dialect", self.dialect)
        if d != self.dialect:
            self.set_dialect(d)

    def speakers(self, dialect: str | None = None) -> list[str]:
        """The speakers one may choose in a dialect (the player's packs first); none when muted."""
        dialect = dialect or self.dialect
        if dialect not in DIALECT_CHOICES or dialect == "mute":
            return []
        order = list(SPEAKER_LABELS)  # the shipped ones as the seats take them: a man, a woman, a man, a woman
        return sorted(self.packs.speakers(dialect), key=lambda s: (s in order, order.index(s) if s in order else 0))

    def chosen(self, seat: int | None, dialect: str | None = None) -> str | None:
        """The speaker the player chose for a seat in a dialect, while that pack is there; else None."""
        dialect = dialect or self.dialect
        if seat is None:
            return None
        choices = getattr(self.settings, "speakers", None)
        by_seat = choices.get(dialect) if isinstance(choices, dict) else None
        speaker = by_seat.get(str(seat)) if isinstance(by_seat, dict) else None
        return speaker if isinstance(speaker, str) and speaker in self.speakers(dialect) else None

    def choose_speaker(self, seat: int, speaker: str, dialect: str | None = None) -> bool:
        """Give a seat this speaker in a dialect (the current one by default), kept in the settings. False (nothing
        changed) for a seat or speaker that is not there."""
        dialect = dialect or self.dialect
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4 \
                or speaker not in self.speakers(dialect):
            return False
        choices = getattr(self.settings, "speakers", None)
        if not isinstance(choices, dict):
            choices = {}
            try:
                self.settings.speakers = choices
            except AttributeError:
                return False  # a settings object that keeps no choices (tools)
        by_seat = choices.get(dialect)
        if not isinstance(by_seat, dict):
            by_seat = choices[dialect] = {}
        by_seat[str(seat)] = speaker
        if dialect == self.dialect:
            self._warm = []  # the new voice's clips are decoded ahead of need too
        return True

    def speaker_for(self, seat: int | None, dialect: str | None = None) -> str | None:
        """The seat's speaker in a dialect (seat None: the table's voice): the player's choice, else one picked for
        the seat, stable while the packs stay the same."""
        dialect = dialect or self.dialect
        if dialect == "mute":
            return None
        chosen = self.chosen(seat, dialect)
        if chosen is not None:
            return chosen
        key = (dialect, -1 if seat is None else int(seat))
        if key not in self._speakers:
            self._speakers[key] = self._assign(dialect, seat)
        return self._speakers[key]

    def _assign(self, dialect: str, seat: int | None) -> str | None:
        names = self.packs.speakers(dialect) or self.packs.speakers("mandarin")
        d = dialect if self.packs.speakers(dialect) else "mandarin"
        if not names:
            return None
        if seat is None:
            return names[0]
        males = [s for s in names if self.packs.gender(d, s) == "male"]
        females = [s for s in names if self.packs.gender(d, s) == "female"]
        others = [s for s in names if s not in males and s not in females]
        if males and females:
            # unknown genders join the smaller side so that every voice gets a seat
            for s in others:
                (males if len(males) <= len(females) else females).append(s)
            pool = males if seat % 2 == 0 else females
            return pool[(seat // 2) % len(pool)]
        return names[seat % len(names)]

    def rescan(self) -> None:
        """After a pack was imported: look again and re-pick speakers."""
        self.packs.rescan()
        self._speakers.clear()
        self._warm = []

    # ------------------------------------------------------------------ events
    def on_event(self, event: dict, players: Any = 4, viewer: int | None = 0) -> bool:
        """Speak for one presented table event. True when a line started. A missing device or clip is quiet; any
        other error is ours, logged once (game.audio.faults)."""
        t0 = time.perf_counter()
        try:
            return self._on_event(event, _players(players), viewer, t0)
        except EXPECTED:
            return False  # no device, an unreadable clip
        except Exception as exc:
            self.faults.unexpected("Voices.on_event", exc)
            return False

    def _on_event(self, e: dict, players: int, viewer: int | None, t0: float) -> bool:
        if isinstance(e, dict) and e.get("type") == "start_round":  # remembered even while silent
            self.variant_id = e.get("variant") if isinstance(e.get("variant"), str) else None
        self._sync()
        if self.dialect == "mute" or not self.mixer.enabled or not isinstance(e, dict):
            return False
        kind = e.get("type")
        actor = e.get("actor")
        if kind == "start_round":
            return self._say_setup(e, players, viewer, t0)
        if kind == "discard":
            self.mixer.stop_voices({TILE, TALK})
            return self._say(actor, [e.get("tile")], TILE, players, viewer, t0)
        if kind in CALLS:
            self.mixer.stop_voices({TILE, TALK})
            return self._say(actor, [CALLS[kind]], CALL, players, viewer, t0)
        if kind == "win":
            self.mixer.stop_voices({TILE, TALK})
            self_drawn = e.get("target") is None
            tokens = ["zimo" if self_drawn else "win"] + (self._specials(e, self_drawn) + self._hand_voices(e))[:2]
            said = self._say(actor, tokens, CALL, players, viewer, t0)
            target = e.get("target")
            if self.say_fangpao and not self_drawn and target is not None and target != actor:
                busy = self.mixer.voice_playing(target)
                if busy is None or busy[0] in (TILE, TALK):  # never over the discarder's own call
                    lead = self.mixer.voice_remaining(actor) + 0.15
                    self._say(target, ["fangpao"], CALL, players, viewer, None, lead=lead)
            return said
        if kind in TABLE_LINES:
            if kind == "exhausted":
                self.mixer.stop_voices({TILE, TALK})
            return self._say_table([TABLE_LINES[kind]], players, viewer, t0)
        if kind in ("flip", "score"):
            token = self.declared_token(kind, e.get("kind") if kind == "flip" else e.get("reason"))
            return self._say_table([token], players, viewer, t0) if token else False
        return False

    def declared_token(self, kind: str, ident: Any) -> str:
        """The voice token the rule set declares for a flip kind or a score reason ("" none). The rule set is the
        round's (from its start_round); before one is known, the first rule set that declares the id."""
        if not isinstance(ident, str):
            return ""
        ids = [self.variant_id] if self.variant_id else list(AVAILABLE)
        for vid in ids:
            try:
                variant = get_variant(vid)
            except UnknownVariant:
                continue
            token = (variant.flip_kind(ident) if kind == "flip" else variant.score_reason(ident)).voice_token
            if token:
                return token
        return ""

    def _hand_voices(self, e: dict) -> list[str]:
        """The voice lines the round's rule set declares for the win's hands (烂牌, 七星烂 …)."""
        if not self.variant_id:
            return []
        try:
            variant = get_variant(self.variant_id)
        except UnknownVariant:
            return []
        tokens = [t for t in e.get("voices") or [] if isinstance(t, str)]  # the rule set's own (爆和 …)
        tokens += [variant.hand_voice(h) for h in e.get("hands") or [] if isinstance(h, str)]
        return [t for t in dict.fromkeys(tokens) if t]

    def _say_setup(self, e: dict, players: int, viewer: int | None, t0: float) -> bool:
        """The lines the rule set wants said for the seats' choices before the deal (上嘎), one seat after another."""
        context = e.get("context")
        if not self.variant_id or not isinstance(context, dict):
            return False
        try:
            lines = get_variant(self.variant_id).setup_voices(context)
        except UnknownVariant:
            return False
        said = False
        for i, (seat, token) in enumerate(lines):
            said = self._say(seat, [token], CALL, players, viewer, t0 if i == 0 else None, lead=0.45 * i) or said
        return said

    @staticmethod
    def _specials(e: dict, self_drawn: bool) -> list[str]:
        flags = set(e.get("flags") or [])
        return [token for flag, token, needs_self in FLAG_LINES if flag in flags and (self_drawn or not needs_self)]

    def _say_table(self, tokens: list[str], players: int, viewer: int | None, t0: float) -> bool:
        """The table's own voice waits for a tile name being said to end, so the two do not overlap."""
        lead = min(1.2, self.mixer.busiest_remaining({TILE}))
        return self._say(None, tokens, TABLE, players, viewer, t0, lead=lead)

    def _say(self, seat: int | None, tokens: list[Any], tag: str, players: int, viewer: int | None,
             t0: float | None, *, lead: float = 0.0) -> bool:
        if seat is not None and not isinstance(seat, int):
            return False
        speaker = self.speaker_for(seat)
        sounds = []
        said = []
        for token in tokens:
            if not isinstance(token, str):
                continue
            sound, path = self.packs.sound(self.dialect, speaker, token)
            if sound is not None:
                sounds.append(sound)
                said.append((token, path))
        if not sounds:
            return False
        sound = self.mixer.join(sounds, lead=lead) if len(sounds) > 1 or lead > 0 else sounds[0]
        pan = SIDE_PAN[side_of(seat, players, viewer)]
        ok = self.mixer.play_voice(seat, sound, pan=pan, tag=tag, token=said[0][0])
        if ok and t0 is not None:
            self.last_latency_ms = (time.perf_counter() - t0) * 1000.0
            self.latencies.append(self.last_latency_ms)
        if ok:
            for token, path in said:
                self.history.append({"token": token, "seat": seat, "speaker": speaker, "dialect": self.dialect,
                                     "path": path, "tag": tag, "side": side_of(seat, players, viewer)})
        return ok

    def say(self, seat: int | None, token: str, players: Any = 4, viewer: int | None = 0) -> bool:
        """Say any token in a seat's voice (menus, previews of a pack)."""
        try:
            self._sync()
            if self.dialect == "mute":
                return False
            return self._say(seat, [token], CALL, _players(players), viewer, time.perf_counter())
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Voices", exc)
            return False

    def sample(self, dialect: str, speaker: str, seat: int | None = None, players: Any = 4,
               viewer: int | None = 0) -> bool:
        """A short line (SAMPLE_TOKENS) in exactly this speaker's voice, never another's (no fallback), panned to the
        seat's side; whatever was being said stops. False, quietly, when there is no sound device or no clip."""
        try:
            pack = self.packs.pack(dialect, speaker)
            if pack is None or not self.mixer.enabled:
                return False
            token = next((t for t in SAMPLE_TOKENS if t in pack.files), None) or min(pack.files, default=None)
            sound = self.packs.load(pack.files[token]) if token else None
            if sound is None:
                return False
            self.mixer.stop_voices()
            side = side_of(seat, _players(players), viewer)
            if not self.mixer.play_voice(seat, sound, pan=SIDE_PAN[side], tag=SAMPLE, token=token):
                return False
            self.history.append({"token": token, "seat": seat, "speaker": speaker, "dialect": dialect,
                                 "path": pack.files[token], "tag": SAMPLE, "side": side})
            return True
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Voices.sample", exc)
            return False

    def announce(self, token: str, players: Any = 4, viewer: int | None = 0, *, after: int | None = None) -> bool:
        """A line in the table's own voice for a moment no single event names (a seat mark appearing: 互包 …), once
        `after`'s seat has finished what it is saying (the call that made it). The token comes from the rule set's
        declarations (Variant.seat_marks). True if said."""
        try:
            self._sync()
            if self.dialect == "mute" or not self.mixer.enabled or not isinstance(token, str) or not token:
                return False
            lead = self.mixer.voice_remaining(after) + 0.1 if after is not None else 0.0
            lead = max(lead, min(1.2, self.mixer.busiest_remaining({TILE})))
            return self._say(None, [token], TABLE, _players(players), viewer, time.perf_counter(), lead=lead)
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Voices", exc)
            return False

    def talk(self, seat: int, kind: str, players: Any = 4, viewer: int | None = 0) -> bool:
        """A short table-talk line (`talk_<kind>`: hurry, nice_hand, ...) if nobody is speaking. True if said."""
        try:
            self._sync()
            if self.dialect == "mute" or self.mixer.any_voice_busy():
                return False
            token = kind if kind.startswith("talk_") else f"talk_{kind}"
            return self._say(seat, [token], TALK, _players(players), viewer, time.perf_counter())
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Voices", exc)
            return False

    def stop(self, seat: int | None = None) -> None:
        if seat is None:
            self.mixer.stop_voices()
        else:
            self.mixer.stop_voice(seat)

    # ------------------------------------------------------------------ warming the cache
    def warm(self, budget_ms: float = 2.0, players: int = 4) -> int:
        """Decode the seats' speakers' tile names and common calls ahead of need, a few per call within a time
        budget (at least one clip per call). Returns how many were decoded."""
        if self.dialect == "mute" or not self.mixer.enabled:
            return 0
        if not self._warm:
            from game.audio.packs import TILE_TOKENS

            common = TILE_TOKENS[:34] + ("pong", "kong", "chow", "win", "zimo", "flower")
            todo = []
            seen = set()
            for seat in list(range(players)) + [None]:
                sp = self.speaker_for(seat)
                if sp in seen:
                    continue
                seen.add(sp)
                todo += [(self.dialect, sp, t) for t in common]
            self._warm = list(reversed(todo)) or [("", None, "")]
        start = time.perf_counter()
        n = 0
        while self._warm and (time.perf_counter() - start) * 1000 < budget_ms:
            d, sp, token = self._warm.pop()
            if not d:
                break
            path = self.packs.resolve(d, sp, token)
            if path is not None and not self.packs.cached(path):
                self.packs.load(path)
                n += 1
        if not self._warm:
            self._warm = [("", None, "")]  # done: a sentinel until the dialect changes
        return n


# ================================================================================================== sound effects
EFFECT_NAMES = ("click", "dice", "deal", "win")


def sfx_dir() -> Path:
    return assets_dir() / "sfx"


class Effects:
    """The table's sounds: `click` (a tile placed), `dice`, `deal` (the wall shuffled and dealt), `win` (a chime).

    Loaded from assets/sfx/<name>.ogg (made by tools/make_sfx.py); a missing or unreadable file is synthesised
    in pure Python the first time it is needed, so the game never lacks them."""

    def __init__(self, mixer: Mixer, folder: Path | None = None):
        self.faults = Faults()
        self.mixer = mixer
        self.folder = Path(folder) if folder is not None else sfx_dir()
        self._sounds: dict[str, Any] = {}
        self.synthesised: list[str] = []
        if mixer.enabled:
            for name in EFFECT_NAMES:
                self._sounds[name] = self._load_file(name)

    def _load_file(self, name: str) -> Any:
        for ext in (".ogg", ".wav"):
            path = self.folder / f"{name}{ext}"
            if path.is_file():
                try:
                    import pygame

                    return pygame.mixer.Sound(str(path))
                except EXPECTED:
                    continue  # an unreadable clip: the next folder's, or the synthesised one
        return None

    def sound(self, name: str) -> Any:
        if not self.mixer.enabled or name not in EFFECT_NAMES:
            return None
        s = self._sounds.get(name)
        if s is None:
            s = self.mixer.sound_from_wav(wav_bytes(synth(name, 22050), 22050))
            self._sounds[name] = s
            self.synthesised.append(name)
        return s

    def play(self, name: str, *, pan: tuple[float, float] = (1.0, 1.0), gain: float = 1.0) -> bool:
        try:
            return self.mixer.play_effect(self.sound(name), pan=pan, gain=gain, token=name)
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Effects", exc)
            return False

    def on_event(self, e: dict, players: Any = 4, viewer: int | None = 0) -> bool:
        """The sound a presented event makes: dice at a round's start, the deal, a click for every tile put down,
        the chime for a win."""
        try:
            kind = e.get("type")
            n = _players(players)
            if kind == "start_round":
                return self.play("dice")
            if kind == "deal" and e.get("seat") == 0:
                return self.play("deal", gain=0.8)
            if kind in ("discard", "pong", "kong", "chow", "concealed_kong", "added_kong", "flower"):
                pan = SIDE_PAN[side_of(e.get("actor"), n, viewer)]
                return self.play("click", pan=pan, gain=0.9 if kind == "discard" else 1.0)
            if kind == "win":
                return self.play("win")
        except EXPECTED:
            return False
        except Exception as exc:
            self.faults.unexpected("Effects", exc)
            return False
        return False


# ------------------------------------------------------------------------------------------ the synthesiser
def _resonate(x: list[float], freq: float, decay_s: float, rate: int) -> list[float]:
    """A two-pole resonator (a struck mode that rings at `freq` and dies away in about `decay_s`)."""
    r = math.exp(-1.0 / (decay_s * rate))
    c = 2 * r * math.cos(2 * math.pi * freq / rate)
    r2 = r * r
    g = (1 - r2) * 0.5
    y1 = y2 = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = g * v + c * y1 - r2 * y2
        out[i] = y
        y2, y1 = y1, y
    return out


def _normalise(x: list[float], peak: float = 0.89) -> list[float]:
    m = max((abs(v) for v in x), default=0.0)
    return [v * peak / m for v in x] if m > 0 else x


def _fade(x: list[float], rate: int, ms: float = 8.0) -> list[float]:
    n = min(len(x), int(rate * ms / 1000))
    for i in range(n):
        x[-1 - i] *= i / n
    return x


def _clack(rng: random.Random, rate: int, modes: Sequence[tuple[float, float, float]], burst_ms: float = 1.5,
           length_s: float = 0.12) -> list[float]:
    """Noise burst through a few resonant modes: (frequency, decay seconds, gain)."""
    n = int(length_s * rate)
    b = max(2, int(burst_ms * rate / 1000))
    exc = [(rng.random() * 2 - 1) * (1 - i / b) for i in range(b)] + [0.0] * (n - b)
    out = [0.0] * n
    for f, d, g in modes:
        f2 = f * (1 + (rng.random() - 0.5) * 0.04)
        for i, v in enumerate(_resonate(exc, f2, d, rate)):
            out[i] += g * v
    # a touch of the raw burst for the attack
    for i in range(b):
        out[i] += exc[i] * 0.02
    return out


def _mix_at(dst: list[float], src: list[float], start: int, gain: float = 1.0) -> None:
    for i, v in enumerate(src):
        j = start + i
        if j >= len(dst):
            break
        dst[j] += v * gain


def synth(name: str, rate: int = 44100) -> list[float]:
    """Mono samples (-1..1) of one effect. Deterministic (seeded), pure Python."""
    rng = random.Random(f"lingnan-sfx-{name}")
    if name == "click":  # a tile set down on felt-covered wood: a short bright clack with a low body
        x = _clack(rng, rate, [(2350, 0.012, 1.0), (3900, 0.008, 0.55), (1150, 0.02, 0.6), (420, 0.03, 0.35)],
                   burst_ms=1.2, length_s=0.11)
        return _fade(_normalise(x), rate)
    if name == "dice":  # two dice tumbling in the bowl, slowing down, then settling
        total = int(0.85 * rate)
        out = [0.0] * total
        t = 0.0
        gap = 0.035
        while t < 0.72:
            for _die in range(2):
                hit = _clack(rng, rate, [(rng.uniform(2800, 4200), 0.006, 1.0), (rng.uniform(1500, 2100), 0.01, 0.5),
                                         (rng.uniform(600, 800), 0.015, 0.25)], burst_ms=0.8, length_s=0.05)
                _mix_at(out, hit, int((t + rng.uniform(0, gap * 0.6)) * rate), 0.9 * (1 - t / 1.1))
            gap *= 1.12
            t += gap * rng.uniform(0.8, 1.2)
        return _fade(_normalise(out), rate, 30)
    if name == "deal":  # the wall shuffled: many tiles knocking and sliding, swelling and fading
        total = int(1.0 * rate)
        out = [0.0] * total
        for _ in range(70):
            t = rng.uniform(0.0, 0.9)
            env = math.sin(math.pi * t / 0.95)
            hit = _clack(rng, rate, [(rng.uniform(1800, 3000), 0.008, 1.0), (rng.uniform(700, 1100), 0.014, 0.6)],
                         burst_ms=1.0, length_s=0.04)
            _mix_at(out, hit, int(t * rate), 0.35 + 0.65 * env * rng.random())
        # the slide: quiet low-passed noise under the knocks
        lp = 0.0
        for i in range(total):
            lp += 0.08 * ((rng.random() * 2 - 1) - lp)
            out[i] += lp * 0.25 * math.sin(math.pi * i / total)
        return _fade(_normalise(out, 0.8), rate, 40)
    if name == "win":  # a bright chime: a rising arpeggio of bell tones
        total = int(1.8 * rate)
        out = [0.0] * total
        notes = (1046.5, 1318.5, 1568.0, 2093.0)  # C6 E6 G6 C7
        for k, f in enumerate(notes):
            start = int(k * 0.085 * rate)
            n = total - start
            partials = ((1.0, 1.0, 0.42), (2.76, 0.35, 0.22), (5.40, 0.12, 0.1))
            w = [2 * math.pi * f * p / rate for p, _, _ in partials]
            for i in range(n):
                t = i / rate
                v = 0.0
                for (p, g, d), wi in zip(partials, w):
                    v += g * math.exp(-t / (d * (1.3 if k == len(notes) - 1 else 1.0))) * math.sin(wi * i)
                out[start + i] += v * (0.9 if k < len(notes) - 1 else 1.0) * min(1.0, i / (0.002 * rate))
        return _fade(_normalise(out, 0.7), rate, 60)
    raise ValueError(f"no such effect: {name}")


# ================================================================================================== talk
def talk_kinds() -> tuple[str, ...]:
    return TALK_KINDS
