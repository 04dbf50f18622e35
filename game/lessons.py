"""Lessons (学习): short scripted deals at the real table, each teaching one thing a rule set has and others do not.
No pygame here: the table view shows a lesson through game.ui.scenes.lesson; this module reads the lesson files and
runs a lesson as a table source.

A lesson is a file, `assets/lessons/<id>.json` (its name is its id): a `run` document (shared/DESIGN.md §3.2:
`variant`, `options`, `players`, `dealer`, `hands`, `wall`, `setup`) with, instead of `actions`, the lesson's
`steps`, and its words:

    {"id": "beihai-ghost", "variant": "beihai", "order": 1, "learner": 0,
     "title": "…", "intro": "…", "outro": "…",
     "hands": [...], "wall": [...], "setup": {"ghost": "5s"},
     "steps": [{"seat": 1, "type": "discard", "tile": "E", "say": "…"},
               {"seat": 0, "type": "win", "say": "…", "wrong": "…"}, …]}

- `steps` are every seat's moves in order, in `run`'s shape (plus `{"seat": S, "type": "setup", "choice": ID,
  "value": V}` for a choice before the deal, such as 上嘎). The learner's steps are what the player is expected to
  do: `say` tells him (the coach's line while the step waits), `wrong` explains gently when he does something else
  (he then tries again). Another seat's `say` is said when it has played.
- After a discard, the claims and passes listed next are that window's answers, as in `run`; a seat not listed
  passes (the learner too: his unlisted claims are passed for him). A step matches a legal move of the same seat and
  type whose tile and tiles agree where the step names them.
- Words are English msgids: their zh_CN and zh_TW come from the catalogues in locales/ like every other text of the
  game (tools/i18n.py extracts them; tests/test_lessons.py fails on one without its translation).
- Choices before the deal that the steps do not make are made for every seat: the `setup` values where given
  (Hainan's `ga`), else the choice's default.

`LessonHost` is the lesson as a table: the game's Host over the lesson's round, the other seats playing their
steps, the learner's intents checked against his expected step (a wrong one is refused with the step's
explanation and changes nothing). `solve(lesson)` plays the whole solution headless (validation, tests).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.errors import BadInput, EngineError
from game.engine.state import Action
from game.host import Host, Refused, SeatConfig, SetupAction, TableSettings
from game.resources import data_path
from game.variants import AVAILABLE, get_variant

RUN_PART = ("variant", "options", "players", "dealer", "hands", "wall", "setup")
LESSON_KEYS = {*RUN_PART, "id", "order", "learner", "title", "intro", "outro", "steps"}
STEP_KEYS = {"seat", "type", "tile", "tiles", "choice", "value", "say", "wrong"}
CLAIM_ANSWERS = ("win", "kong", "pong", "chow", "pass")
NAMES = ("你", "阿强", "小梅", "老黄")  # the learner is "你"; the others' table names (the game's demo names)


class LessonError(Exception):
    """A lesson file that cannot be used: the reason names the file and what is wrong."""


@dataclass(frozen=True)
class Step:
    seat: int
    move: dict  # the move as the file gives it (run's action shape, or a setup choice)
    say: str | None = None
    wrong: str | None = None

    @property
    def setup(self) -> bool:
        return self.move.get("type") == "setup"

    @property
    def claim_answer(self) -> bool:
        return self.move.get("type") in CLAIM_ANSWERS

    def matches(self, action: Any) -> bool:
        """Whether `action` (a legal move, the engine's Action or a SetupAction) is this step's move."""
        if action.seat != self.seat:
            return False
        if self.setup:
            return isinstance(action, SetupAction) and (action.choice, action.value) == \
                (self.move["choice"], self.move["value"])
        if isinstance(action, SetupAction) or action.type != self.move["type"]:
            return False
        want = Action.from_json(self.move)
        return (want.tile is None or action.tile == want.tile) and (not want.tiles or action.tiles == want.tiles)


@dataclass(frozen=True)
class Lesson:
    id: str
    variant: str
    order: int
    title: str
    intro: str
    outro: str
    learner: int
    steps: tuple[Step, ...]
    doc: dict = field(repr=False)  # the run part: variant, options, players, dealer, hands, wall, setup

    @property
    def players(self) -> int:
        return int(self.doc.get("players") or get_variant(self.variant).player_counts[-1])

    @property
    def learner_steps(self) -> list[int]:
        """The indices of the steps the player makes."""
        return [i for i, s in enumerate(self.steps) if s.seat == self.learner]

    def texts(self) -> list[str]:
        """Every word of the lesson (msgids), in order."""
        out = [self.title, self.intro, self.outro]
        for s in self.steps:
            out += [w for w in (s.say, s.wrong) if w]
        return out


def lesson_dir() -> Path:
    return data_path("assets", "lessons")


def _text(doc: dict, key: str, where: str, required: bool = True) -> str | None:
    value = doc.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: '{key}' must be a non-empty text")
    return value


def parse(doc: Any, lesson_id: str) -> Lesson:
    """A lesson from its document (LessonError with the reason when it cannot be one)."""
    where = f"lesson {lesson_id}"
    if not isinstance(doc, dict):
        raise LessonError(f"{where}: the file must hold one JSON object")
    unknown = sorted(set(doc) - LESSON_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key(s) {', '.join(unknown)}")
    if doc.get("id", lesson_id) != lesson_id:
        raise LessonError(f"{where}: 'id' says {doc.get('id')!r} but the file is named {lesson_id}.json")
    variant = doc.get("variant")
    if variant not in AVAILABLE:
        raise LessonError(f"{where}: 'variant' must be one of {', '.join(AVAILABLE)}, got {variant!r}")
    order = doc.get("order", 99)
    if isinstance(order, bool) or not isinstance(order, int):
        raise LessonError(f"{where}: 'order' must be a whole number")
    run = {k: doc[k] for k in RUN_PART if k in doc}
    players = int(run.get("players") or get_variant(variant).player_counts[-1])
    learner = doc.get("learner", 0)
    if isinstance(learner, bool) or not isinstance(learner, int) or not 0 <= learner < players:
        raise LessonError(f"{where}: 'learner' must be a seat from 0 to {players - 1}")
    raw_steps = doc.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{where}: 'steps' must be a non-empty list")
    steps = []
    for i, raw in enumerate(raw_steps):
        at = f"{where}, step {i + 1}"
        if not isinstance(raw, dict):
            raise LessonError(f"{at}: a step must be an object")
        bad = sorted(set(raw) - STEP_KEYS)
        if bad:
            raise LessonError(f"{at}: unknown key(s) {', '.join(bad)}")
        move = {k: v for k, v in raw.items() if k not in ("say", "wrong")}
        try:
            if move.get("type") == "setup":
                SetupAction.from_json(move)
            else:
                Action.from_json(move)
        except EngineError as exc:
            raise LessonError(f"{at}: {exc}") from None
        if not 0 <= move["seat"] < players:
            raise LessonError(f"{at}: there is no seat {move['seat']}")
        steps.append(Step(move["seat"], move, _text(raw, "say", at, False), _text(raw, "wrong", at, False)))
    if not any(s.seat == learner for s in steps):
        raise LessonError(f"{where}: no step is the learner's (seat {learner})")
    lesson = Lesson(lesson_id, variant, order, _text(doc, "title", where), _text(doc, "intro", where),
                    _text(doc, "outro", where), learner, tuple(steps), run)
    try:
        LessonHost(lesson).start_round()  # the deal as the engine checks a `run` document
    except EngineError as exc:
        raise LessonError(f"{where}: {exc.message if hasattr(exc, 'message') else exc}") from None
    return lesson


def load(path: Path) -> Lesson:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LessonError(f"{Path(path).name} is not a JSON text: {exc}") from None
    return parse(doc, Path(path).stem)


def all_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson shipped, by region (the rule sets' order) then their `order`. A file that cannot be read is
    logged and left out: one broken lesson must not take the others away."""
    folder = folder or lesson_dir()
    regions = list(AVAILABLE)
    out = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            out.append(load(path))
        except LessonError as exc:
            logging.getLogger(__name__).error("lesson left out: %s", exc)
    return sorted(out, key=lambda l: (regions.index(l.variant), l.order, l.id))


def find(lesson_id: str, folder: Path | None = None) -> Lesson:
    path = (folder or lesson_dir()) / f"{lesson_id}.json"
    if not lesson_id or "/" in lesson_id or "\\" in lesson_id or not path.is_file():
        known = ", ".join(l.id for l in all_lessons(folder))
        raise LessonError(f"no lesson {lesson_id!r}; the lessons are: {known}")
    return load(path)


class ScriptedBot:
    """A seat of a lesson: plays its steps (the learner's stand-in too: 托管 and the hint show the expected move)."""

    level = "script"

    def __init__(self, host: "LessonHost", seat: int):
        self.host = host
        self.seat = seat

    def choose(self, state: Any, actions: list) -> Any:
        return self.host.scripted(self.seat, actions)

    def choose_setup(self, choice: Any, facts: dict) -> int:
        step = self.host.expected_step(self.seat)
        if step is not None and step.setup:
            return step.move["value"]
        return self.host.given_setup(choice, self.seat)


class LessonHost(Host):
    """A lesson as a table: the Host over the lesson's round (one round), every other seat playing its steps, the
    learner's intents checked against his next step. A wrong move is refused (`Refused("lesson", …)`), counted in
    `mistakes` and kept in `wrong` (the step it missed, for the coach's explanation): nothing changes, he tries
    again."""

    lesson_table = True  # the view's cue (game.ui.table.kinds)

    def __init__(self, lesson: Lesson, names: tuple[str, ...] = NAMES):
        players = lesson.players
        others = iter(names[1:])
        seats = [SeatConfig(names[0] if i == lesson.learner else next(others), human=i == lesson.learner,
                            level="normal", avatar=i + 1) for i in range(players)]
        coins = (lesson.doc.get("setup") or {}).get("coins")
        super().__init__(lesson.variant, dict(lesson.doc.get("options") or {}), seats, seed=f"lesson:{lesson.id}",
                         rounds=1, start_coins=list(coins) if isinstance(coins, list) else None)
        self.lesson = lesson
        self.done = [False] * len(lesson.steps)
        self.mistakes = 0
        self.wrong: tuple[Step, Any] | None = None  # the learner's last wrong move and the step it missed
        self.said: int | None = None  # the last step another seat played with words (the coach says it)
        self.off_script = 0  # moves a seat had to make that no step gave (a fault of the lesson file)
        self.wins_passed = 0  # wins the learner was offered that no step answered, passed for him
        for stand_in in self.stand_ins:
            stand_in.bot = ScriptedBot(self, stand_in.seat)

    # ---- the script
    def pending(self) -> int | None:
        """The first step not yet played (None: all are)."""
        return next((i for i, d in enumerate(self.done) if not d), None)

    def _answers(self, kind) -> list[int]:
        """The steps that answer together what is open now (the claims and passes listed next, answering a claim
        window; the choices before the deal listed next), each seat once, in any order."""
        out, seats = [], set()
        i = self.pending()
        steps = self.lesson.steps
        while i is not None and i < len(steps) and kind(steps[i]) and steps[i].seat not in seats:
            if not self.done[i]:
                out.append(i)
                seats.add(steps[i].seat)
            i += 1
        return out

    def _step_index(self, seat: int) -> int | None:
        """The step the seat is expected to play now (None: the script has none for it). A claim step must name a
        move the seat's claim prompt offers: a self-drawn win listed next is not an answer to the discard before."""
        prompt = self.prompts.get(seat)
        i = self.pending()
        if i is None:
            return None
        steps = self.lesson.steps
        if prompt is not None and (prompt.claim or prompt.choice is not None):
            kind = (lambda s: s.setup) if prompt.choice is not None else (lambda s: s.claim_answer)
            return next((j for j in self._answers(kind) if steps[j].seat == seat
                         and any(steps[j].matches(a) for a in prompt.actions)), None)
        return i if steps[i].seat == seat else None

    def expected_step(self, seat: int) -> Step | None:
        i = self._step_index(seat)
        return self.lesson.steps[i] if i is not None else None

    def expected_action(self, seat: int) -> Any:
        """The legal move the seat's next step names (None: no step for its open prompt)."""
        step, prompt = self.expected_step(seat), self.prompts.get(seat)
        if step is None or prompt is None:
            return None
        return next((a for a in prompt.actions if step.matches(a)), None)

    def given_setup(self, choice: Any, seat: int) -> int:
        """A choice before the deal no step makes: the lesson's `setup` value for it, else the choice's default."""
        setup = self.lesson.doc.get("setup") or {}
        given = setup.get(choice.id, (setup.get("context") or {}).get(choice.id))
        if isinstance(given, list) and seat < len(given) and given[seat] in choice.values:
            return given[seat]
        return choice.default

    def scripted(self, seat: int, actions: list) -> Any:
        """What a scripted seat plays for its open prompt: its step; a claim no step answers passes."""
        want = self.expected_action(seat)
        if want is not None and want in actions:
            return want
        kinds = {a.type for a in actions}
        if "pass" in kinds:
            return Action(seat, "pass")
        self.off_script += 1  # the file gave this seat no move here: the first legal one, and the lesson is wrong
        logging.getLogger(__name__).error("lesson %s: no step for seat %d (step %s is next)", self.lesson.id, seat,
                                          self.pending())
        return next((a for a in actions if a.type == "discard"), actions[0])

    # ---- the table
    def start_round(self, live: bool = True, setup: dict[int, int] | None = None) -> list[dict]:
        choices = self.session.setup_choices()
        if choices and setup is None and not any(s.setup for s in self.lesson.steps):
            setup = {seat: self.given_setup(choice, seat) for seat, choice in choices.items()}
        return super().start_round(live, setup)

    def _new_round(self):
        from game.headless.engine_cli import scenario_round

        # what the table carries into the round: the choices just made (上嘎), the coins (the lesson's own where its
        # setup gives them, else the rule set's start: the cards and the settlement then agree)
        setup = self.lesson.doc.get("setup") or {}
        given = set(setup) | set(setup.get("context") or {})
        chosen = {c.id for c in self.session.setup_choices().values()}
        facts = {k: v for k, v in self.session.facts.items() if v is not None and (k in chosen or k not in given)}
        try:
            return scenario_round(self.lesson.doc, facts)
        except EngineError as exc:
            raise BadInput(str(exc)) from None

    def intent(self, seat: int, prompt_id: int, action: Any) -> list[dict]:
        prompt = self.prompts.get(seat)
        if seat == self.lesson.learner and prompt is not None and prompt.id == prompt_id and action in prompt.actions:
            want = self.expected_action(seat)
            if want is None and prompt.claim:
                want = Action(seat, "pass")
            if want is not None and action != want:
                self.mistakes += 1
                self.wrong = (self.expected_step(seat) or Step(seat, want.to_json()), action)
                raise Refused("lesson", "this lesson asks for another move here")
        events = super().intent(seat, prompt_id, action)
        self.wrong = None
        return events

    def _apply(self, action: Any, live: bool = True) -> list[dict]:
        i = self._step_index(action.seat)
        played = i is not None and self.lesson.steps[i].matches(action)
        if played:
            self.done[i] = True
        try:
            events = super()._apply(action, live)
        except Exception:
            if played:
                self.done[i] = False
            raise
        if played and action.seat != self.lesson.learner and self.lesson.steps[i].say:
            self.said = i
        return events

    def _auto_answer(self) -> None:
        """The learner's claims that no step asks for are passed for him (as `run` passes unlisted seats)."""
        super()._auto_answer()
        seat = self.lesson.learner
        while True:
            prompt = self.prompts.get(seat)
            if prompt is None or not prompt.claim or self._step_index(seat) is not None:
                return
            if "win" in prompt.kinds():
                self.wins_passed += 1  # a win no step takes (过胡 may follow): the lesson file should list it
            super()._apply(Action(seat, "pass"))

    def configure(self, settings: TableSettings) -> None:
        super().configure(settings)
        self.keep_replays = False  # a lesson is no game of the player's: nothing kept, nothing counted

    def finished_round_replay(self) -> None:
        return None  # the lesson's deal is no seed's: it is played again from the lesson itself

    # ---- where the lesson stands
    @property
    def steps_done(self) -> int:
        return sum(1 for i in self.lesson.learner_steps if self.done[i])

    @property
    def passed(self) -> bool:
        """Every step played and the round over."""
        return all(self.done) and self.round is not None and self.round.finished


class Progress:
    """Which lessons each player profile has passed (game.settings: profiles), kept in the user data as
    lessons.json: {"version": 1, "profiles": {profile: {lesson id: {"passed": true, "tries": n, "best": mistakes}}}}.
    A file that cannot be read is kept aside (lessons.unreadable-<time>.json) and progress starts afresh; it is never
    overwritten in place."""

    VERSION = 1

    def __init__(self, path: Path | None = None):
        if path is None:
            from game.settings import user_dir

            path = user_dir("data") / "lessons.json"
        self.path = path
        self.problem: str | None = None  # why the kept file could not be read (it was set aside)
        self.profiles: dict[str, dict[str, dict]] = {}
        self._read()

    def _read(self) -> None:
        if not self.path.exists():
            return
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(doc, dict) or not isinstance(doc.get("profiles"), dict):
                raise ValueError("not a lesson progress file")
            for pid, done in doc["profiles"].items():
                if isinstance(pid, str) and isinstance(done, dict):
                    self.profiles[pid] = {k: v for k, v in done.items() if isinstance(k, str) and isinstance(v, dict)}
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            self.problem = str(exc)
            self.profiles = {}
            from game.settings import aside_path

            try:
                self.path.rename(aside_path(self.path, "unreadable"))
            except OSError:
                pass

    def passed(self, profile: str, lesson_id: str) -> bool:
        return bool(self.profiles.get(profile, {}).get(lesson_id, {}).get("passed"))

    def record(self, profile: str, lesson_id: str, passed: bool, mistakes: int) -> None:
        """A finished try of a lesson, written at once (a full disk loses the record, never the game)."""
        entry = self.profiles.setdefault(profile, {}).setdefault(lesson_id, {"passed": False, "tries": 0})
        entry["tries"] = int(entry.get("tries", 0)) + 1
        if passed:
            entry["passed"] = True
            best = entry.get("best")
            entry["best"] = mistakes if not isinstance(best, int) else min(best, mistakes)
        self.save()

    def save(self) -> None:
        data = json.dumps({"version": self.VERSION, "profiles": self.profiles}, ensure_ascii=False, indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(data, encoding="utf-8")
            tmp.replace(self.path)
        except OSError:
            logging.getLogger(__name__).warning("lesson progress not written to %s", self.path)


def solve(lesson: Lesson, limit: int = 2000) -> LessonHost:
    """Play the lesson's whole solution headless: every seat its steps (the learner through his intents, as the
    table sends them). The host is returned as it ends: `passed`, `off_script`, `mistakes` tell how it went."""
    host = LessonHost(lesson)
    host.start_round()
    n = 0
    while host.prompts and n < limit:
        n += 1
        seat = min(host.prompts)
        prompt = host.prompts[seat]
        if seat == lesson.learner:
            want = host.expected_action(seat)
            if want is None:
                host.off_script += 1
                break
            host.intent(seat, prompt.id, want)
        else:
            host._apply(host.stand_ins[seat].choose(prompt))
    return host


__all__ = ["Lesson", "LessonError", "LessonHost", "Progress", "Step", "all_lessons", "find", "lesson_dir", "load", "parse",
           "solve"]
