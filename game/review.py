"""复盘: the expert reviews one seat's decisions in finished rounds. No pygame here.

It reads a replay (game.replays: one round) or a `simulate --log` file (a whole game), deals each round again from
its seed, and replays it action by action. At every move the reviewed seat made where it had a choice (a discard,
a claim or a pass, a kong, a win or no win, and in a logged game the choices before a deal, 上嘎) the expert is asked
what it would do with that seat's information at that moment only: a `SeatState` fed that seat's projection of the
events so far, exactly what the seat saw at the table. Where it would have done otherwise the decision is marked with
its choice and the points the player's move gives up by the expert's own reading (`SkilledBot.worth`: a discard's
expected gain less its risk, a call's or a kong's points and the hand it leaves, a win's points), in the rule set's
own points; a move the reading rates no worse is marked with no loss. The reading's prices are not points paid at a
round's end (a discard's gain, a hand's worth if it is ever made), so each loss is the reading's times the rule set's
scale, fitted on what the levels really score (loss_scale, benchmarks/calibrate_review.py, docs/benchmarks.md).

Each decision keeps what its reason is made of (`why`: the expert's option, what the player's move left), not the
words, so a review kept with a replay is worded again in whatever language the player reads it (game.ui.hint).
The expert's random choices (the search's deals) are seeded as the game seeds them for a seat it plays, so a review
of an expert seat reads its decisions as they were made.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import replays
from game.engine.errors import EngineError
from game.engine.melds import Meld
from game.engine.project import project
from game.engine.seat_state import SeatState
from game.engine.session import Session
from game.engine.state import Action, new_round
from game.engine.wincheck import WinCheck
from game.variants import get_variant

# the version of what a kept review holds: a review kept by another one is made again
REVIEW_VERSION = 2  # 2: losses calibrated on outcomes (loss_scale)
# a move the reading rates worse than the expert's by less than this (points) is read as a matter of taste
NOISE = 0.005


class ReviewError(Exception):
    """A file that cannot be reviewed; the message says why."""


@dataclass
class Decision:
    round: int  # the round's number in its game (0 first), as its start_round event has it
    index: int  # the move's place among the round's actions (0 first); -1 for a choice before the deal
    kind: str  # "turn", "claim" or "setup"
    chosen: dict  # the seat's move, in `run`'s shape
    best: dict  # the expert's
    loss: float  # points the chosen move gives up against the expert's, by its reading (≥ 0)
    event: int = 0  # how many of the round's events had happened (where a replay viewer shows it)
    why: dict = field(default_factory=dict)  # what the reason is worded from (game.ui.hint.review_reason)

    @property
    def agrees(self) -> bool:
        return self.chosen == self.best


@dataclass
class Review:
    seat: int
    rounds: int
    decisions: list[Decision]
    variant: str = ""

    @property
    def agreement(self) -> float:
        return sum(d.agrees for d in self.decisions) / len(self.decisions) if self.decisions else 1.0

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def loss_per_round(self) -> float:
        return self.total_loss / self.rounds if self.rounds else 0.0

    def marks(self) -> list[Decision]:
        """The decisions where the expert would have done otherwise, in the order they were made."""
        return [d for d in self.decisions if not d.agrees]

    def costliest(self, n: int = 3) -> list[Decision]:
        return sorted(self.marks(), key=lambda d: (-d.loss, d.round, d.index))[:n]

    def to_json(self, reason: Callable[[Decision], str] | None = None) -> dict:
        """The command line's document (shared/DESIGN.md §6); `reason` words each decision."""
        return {"ok": True, "seat": self.seat, "rounds": self.rounds, "agreement": round(self.agreement, 4),
                "loss_per_round": round(self.loss_per_round, 4),
                "decisions": [{"round": d.round, "index": d.index, "kind": d.kind, "chosen": d.chosen,
                               "best": d.best, "loss": round(d.loss, 4),
                               "reason": reason(d) if reason else ""} for d in self.decisions]}

    # ---- kept with a replay
    def dump(self) -> dict:
        return {"review_version": REVIEW_VERSION, "seat": self.seat, "rounds": self.rounds, "variant": self.variant,
                "decisions": [asdict(d) for d in self.decisions]}

    @classmethod
    def load(cls, data: Any) -> "Review":
        if not isinstance(data, dict) or data.get("review_version") != REVIEW_VERSION:
            raise ReviewError("a kept review of another version")
        try:
            return cls(int(data["seat"]), int(data["rounds"]), [Decision(**d) for d in data["decisions"]],
                       str(data.get("variant", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise ReviewError(f"a kept review that cannot be read ({exc})") from None


@dataclass
class _Round:
    """One round as a file gives it: how it was dealt, the actions after the deal and the choices before it."""
    round_no: int
    dealer: int
    context: dict
    actions: list[dict]
    setups: list[dict] = field(default_factory=list)  # {"seat", "choice", "value"} made before this deal
    deals: list[dict] = field(default_factory=list)  # the logged deal events (checked against the new deal)


@dataclass
class _Game:
    variant: str
    options: dict
    players: int
    seed: int | str
    rounds: list[_Round]
    setup_facts: bool  # the file holds every choice before each deal (a logged game), so they can be judged
    first_human: int = 0  # the seat reviewed unless another is asked for (a replay's player; a log's seat 0)


def _game_of(replay: replays.Replay) -> _Game:
    h = replay.header
    return _Game(h["variant"], h["options"], h["players"], h["seed"],
                 [_Round(h["round_no"], h["dealer"], h.get("context") or {}, replay.actions)], False,
                 replay.first_human)


def _read(path: Path) -> _Game:
    try:
        lines = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as exc:
        raise ReviewError(f"cannot read {Path(path).name}: {exc}") from None
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if isinstance(header, dict) and header.get("format") == replays.FORMAT:
        try:
            return _game_of(replays.read(path))
        except replays.ReplayError as exc:
            raise ReviewError(str(exc)) from None
    if isinstance(header, dict) and header.get("type") == "header" and "variant" in header:
        return _read_log(header, lines[1:], Path(path).name)
    raise ReviewError(f"{Path(path).name} is neither a replay nor a simulate log")


def _read_log(header: dict, lines: list[str], name: str) -> _Game:
    rounds: list[_Round] = []
    setups: list[dict] = []
    for n, line in enumerate(lines, start=2):
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            raise ReviewError(f"{name} is not a simulate log (bad JSON at line {n})") from None
        if not isinstance(item, dict):
            raise ReviewError(f"{name}: line {n} is not an object")
        if item.get("type") == "action":
            action = item.get("action")
            if not isinstance(action, dict):
                raise ReviewError(f"{name}: line {n} has no action")
            if action.get("type") == "setup":
                setups.append(action)
            elif not rounds:
                raise ReviewError(f"{name}: line {n} is a move before any deal")
            else:
                rounds[-1].actions.append(action)
        elif item.get("type") == "start_round":
            try:
                rounds.append(_Round(int(item["round"]), int(item["dealer"]), dict(item.get("context") or {}), [],
                                     setups))
            except (KeyError, TypeError, ValueError):
                raise ReviewError(f"{name}: line {n} is a start_round without its round and dealer") from None
            setups = []
        elif item.get("type") == "deal" and rounds:
            rounds[-1].deals.append(item)
    if not rounds:
        raise ReviewError(f"{name} holds no round")
    try:
        return _Game(str(header["variant"]), dict(header.get("options") or {}), int(header.get("players", 4)),
                     header["seed"], rounds, True)
    except (KeyError, TypeError, ValueError):
        raise ReviewError(f"{name}: its header lacks the rule set or the seed") from None


def review_file(path: Path, seat: int | None = None, progress: Callable[[int, int], None] | None = None,
                think_s: float | None = None, scaled: bool = True) -> Review:
    """The expert's review of every decision `seat` made in the file's rounds (a replay or a simulate log).
    `progress(done, total)` is called as the seat's moves are judged; without `seat`, the player's (a replay's first
    human, else 0). ReviewError says why a file cannot be reviewed. `scaled=False`: the losses as the reading prices
    them, before the rule set's calibration (benchmarks/calibrate_review.py fits it on those)."""
    return _review(_read(path), seat, progress, think_s, scaled)


def review_replay(replay: replays.Replay, seat: int, progress: Callable[[int, int], None] | None = None,
                  think_s: float | None = None) -> Review:
    """The same for a replay in memory (the round the settlement shows, a listed replay)."""
    return _review(_game_of(replay), seat, progress, think_s)


def loss_scale(variant_id: str) -> float:
    """What a point of the reading's loss is worth in points the rule set pays: fitted on what the levels really
    score (game/review_scale.py, by benchmarks/calibrate_review.py); 1 for a rule set not fitted."""
    from game.review_scale import SCALES

    return float(SCALES.get(variant_id, {}).get("scale", 1.0))


def _review(game: _Game, seat: int | None, progress: Callable[[int, int], None] | None,
            think_s: float | None, scaled: bool = True) -> Review:
    try:
        variant = get_variant(game.variant)
        options = variant.parse_options(game.options, game.players)
    except (EngineError, TypeError, ValueError) as exc:
        raise ReviewError(f"this file's table cannot be set up: {exc}") from None
    if seat is None:
        seat = game.first_human
    if not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ReviewError(f"seat must be 0 to {game.players - 1} at this {game.players}-player table, got {seat!r}")
    from game.ai import make_bot

    bot = make_bot("expert", f"{game.seed}:{seat}", think_s=think_s)
    scale = loss_scale(game.variant) if scaled else 1.0
    total = sum(1 for r in game.rounds for a in r.actions if a.get("seat") == seat) \
        + sum(1 for r in game.rounds for s in r.setups if s.get("seat") == seat)
    done = 0
    decisions: list[Decision] = []
    # the facts each choice before a deal is made on (last round's stakes …), followed as the game followed them
    session = Session(variant, options, game.players, game.seed, facts={"coins": None}) if game.setup_facts else None
    for rec in game.rounds:
        if session is not None:
            decisions += _judge_setups(bot, session, rec, seat)
            done += sum(1 for s in rec.setups if s.get("seat") == seat)
        try:
            rnd, events = new_round(variant, options, game.players, rec.dealer, seed=game.seed,
                                    round_no=rec.round_no, context=rec.context)
        except (EngineError, TypeError, ValueError) as exc:
            raise ReviewError(f"round {rec.round_no + 1} cannot be dealt again: {exc}") from None
        if rec.deals and [e for e in events if e.get("type") == "deal"] != rec.deals:
            raise ReviewError(f"round {rec.round_no + 1} deals differently from the file: it was dealt by another "
                              "version of the game")
        view = SeatState(seat, variant, options)
        for e in events:
            view.apply(project(e, seat))
        for i, raw in enumerate(rec.actions):
            try:
                action = Action.from_json(raw)
            except EngineError as exc:
                raise ReviewError(f"round {rec.round_no + 1}, move {i + 1}: {exc}") from None
            if action.seat == seat:
                legal = rnd.legal_actions(seat)
                if len(legal) > 1 and action in legal:
                    bot.rng.seed(f"{game.seed}:{seat}:{rec.round_no}:{i}")  # as the game seeds a seat's bot
                    decisions.append(_judge(bot, view, legal, action, rec.round_no, i, len(events), scale))
                done += 1
                if progress is not None:
                    progress(done, total)
            try:
                new = rnd.apply(action)
            except EngineError as exc:
                raise ReviewError(f"round {rec.round_no + 1} does not play back at move {i + 1}: {exc}") from None
            events.extend(new)
            for e in new:
                view.apply(project(e, seat))
        if not rnd.finished:
            raise ReviewError(f"round {rec.round_no + 1} ends before its round does")
        if session is not None:
            session.finish_round(rnd)
    return Review(seat, len(game.rounds), decisions, game.variant)


def _judge(bot, view: SeatState, legal: list[Action], chosen: Action, round_no: int, index: int,
           event: int, scale: float = 1.0) -> Decision:
    advice = bot.advise(view, legal)
    best = advice.action
    claim = any(a.type == "pass" for a in legal)
    why = _why(bot, view, advice, chosen)
    loss = 0.0
    if chosen != best:
        got, want = bot.worth(view, chosen, advice), bot.worth(view, best, advice)
        if got is not None and want is not None and want - got > NOISE:
            loss = (want - got) * scale  # the reading's price, in points the rule set pays (loss_scale)
        why["chosen_worth"] = None if got is None else round(got, 4)
        why["best_worth"] = None if want is None else round(want, 4)
    return Decision(round_no, index, "claim" if claim else "turn", chosen.to_json(), best.to_json(), loss, event,
                    why)


def _why(bot, view: SeatState, advice, chosen: Action) -> dict:
    """What the reason is worded from: the expert's mode and its option's facts, and what the player's move left."""
    why: dict = {"mode": advice.mode}
    o = advice.option
    if o is not None:
        why["option"] = {"distance": o.distance, "accept": o.accept, "waits": [list(w) for w in o.waits],
                         "hand": o.hand, "safety": o.safety}
    theirs = next((x for x in advice.options if x.action == chosen), None)
    if theirs is not None:
        why["chosen"] = {"distance": theirs.distance, "accept": theirs.accept, "deal_in": round(theirs.deal_in, 4)}
        if o is not None:
            why["option"]["deal_in"] = round(o.deal_in, 4)
    claimed = view.claim_tile
    if claimed is not None and advice.action.type in ("pong", "chow", "kong", "pass"):
        # what a call would do to the hand's distance from ready: the words for a call or a pass say which
        step = _call_step(view, advice.action if advice.action.type != "pass" else chosen)
        if step is not None:
            why["step"] = step
    return why


def _call_step(view: SeatState, call: Action) -> str | None:
    """"closer", "as near" or "farther": the hand after `call` against the hand as it is (None: not a call)."""
    tile = view.claim_tile
    if call.type not in ("pong", "chow", "kong") or tile is None:
        return None
    check = WinCheck.at(view.variant, view.options, view.players)
    counts = list(view.hand)
    melds = list(view.own_melds)
    now = check.distance(counts, view.ghost, melds)
    used = [tile] * (3 if call.type == "kong" else 2) if call.type != "chow" else list(call.tiles)
    for k in used:
        counts[k] -= 1
    meld = Meld(call.type, sorted([tile, *used]), view.claim_from, tile)
    from game.ai.player import call_step

    return call_step(now, check.distance(counts, view.ghost, melds + [meld]))


def _judge_setups(bot, session: Session, rec: _Round, seat: int) -> list[Decision]:
    """The choices before this round's deal: the seat's judged against the expert's on the facts the game had, then
    every seat's recorded so the next round's facts follow."""
    choices = session.setup_choices()
    answers = {int(s["seat"]): s["value"] for s in rec.setups if isinstance(s, dict) and "seat" in s}
    out = []
    mine = next((s for s in rec.setups if s.get("seat") == seat), None)
    if seat in choices and mine is not None:
        choice = choices[seat]
        best = bot.choose_setup(choice, session.facts)
        chosen = {"seat": seat, "type": "setup", "choice": choice.id, "value": mine.get("value")}
        # a stake multiplies what the round pays either way: what it gives up is not read in points (loss 0), but
        # where the expert would stake otherwise the mark says why it would
        why = {"mode": "setup", "stake": best, "outplays": bool(bot.outplays(choice, session.facts))}
        out.append(Decision(rec.round_no, -1, "setup", chosen,
                            {"seat": seat, "type": "setup", "choice": choice.id, "value": best}, 0.0, 0, why))
    if choices:
        try:
            session.choose(answers)
        except EngineError as exc:
            raise ReviewError(f"round {rec.round_no + 1}'s choices before the deal do not fit it: {exc}") from None
    return out


# ---- kept with the replays, so a second look is instant
def replay_key(replay: replays.Replay) -> str:
    """What a replay's round is, whenever it was saved: the round the settlement shows and the file kept of it
    share their reviews."""
    h = replay.header
    what = {k: h.get(k) for k in ("variant", "options", "players", "seed", "round_no", "dealer", "context")}
    blob = json.dumps([what, replay.actions], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:24]


def kept_path(replay: replays.Replay, seat: int) -> Path:
    return replays.replay_dir() / "reviews" / f"{replay_key(replay)}-{seat}.json"


def kept(replay: replays.Replay, seat: int) -> Review | None:
    """The review kept of this round for this seat, if there is one this version can read."""
    try:
        return Review.load(json.loads(kept_path(replay, seat).read_text(encoding="utf-8")))
    except (OSError, ValueError, ReviewError):
        return None


def keep(replay: replays.Replay, review: Review) -> Path | None:
    """Keep a review beside the replays; None where it could not be written (the review is still shown)."""
    from game.settings import atomic_write

    path = kept_path(replay, review.seat)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(review.dump(), ensure_ascii=False))
    except OSError:
        return None
    return path


class Cancelled(Exception):
    """A review stopped before its end (the player left the replay)."""


class ReviewJob:
    """A review made in the background (a thread: the judging is plain Python, and the screen keeps drawing while
    it runs): its progress, its result or its error. A kept review is its result at once."""

    def __init__(self, replay: replays.Replay, seat: int, think_s: float | None = None):
        self.replay, self.seat = replay, seat
        self.done, self.total = 0, 0
        self.result: Review | None = kept(replay, seat)
        self.error: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.result is None:
            self._thread = threading.Thread(target=self._run, args=(think_s,), name="review", daemon=True)
            self._thread.start()

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None

    @property
    def fraction(self) -> float:
        return 1.0 if self.result is not None else self.done / self.total if self.total else 0.0

    def cancel(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.finished

    def _progress(self, done: int, total: int) -> None:
        if self._stop.is_set():
            raise Cancelled()
        self.done, self.total = done, total

    def _run(self, think_s: float | None) -> None:
        try:
            review = review_replay(self.replay, self.seat, self._progress, think_s)
        except Cancelled:
            return
        except ReviewError as exc:
            self.error = str(exc)
            return
        except Exception as exc:  # noqa: BLE001 - a review that fails says so; the replay stays watchable
            self.error = f"{type(exc).__name__}: {exc}"
            return
        keep(self.replay, review)
        self.result = review
