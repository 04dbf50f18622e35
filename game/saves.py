"""Autosave and resume. No pygame here.

A game is its table's settings plus every action taken: the engine is deterministic (seeded walls), so replaying
the actions rebuilds the exact position, hands and scores. The save is rewritten after every action, atomically
(temporary file, flush, rename), in the platform's data folder, by an `Autosaver` listening to the table
(`host.add_listener(Autosaver(host))`); the host itself knows nothing of saves. A save that cannot be read — corrupt, from another
program or from a newer version — is set aside under a new name with a clear message, never overwritten.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from game import __version__
from game.engine.errors import EngineError
from game.engine.state import Action
from game.settings import aside_path, atomic_write, user_dir
from game.host import Host, HostListener, SeatConfig, SetupAction

FORMAT = "lingnan-mahjong-save"
VERSION = 2  # 2: walls dealt by the portable shuffle (game.engine.wall); 1 cannot be dealt again


class SaveError(Exception):
    """A save file that cannot be resumed; the message says why, for the player."""


def autosave_path() -> Path:
    return user_dir("data") / "autosave.json"


def to_json(table: Host) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": VERSION, "game_version": __version__, "saved_at": time.time(),
        "variant": table.variant_id, "options": table.options_raw, "seed": table.seed, "rounds": table.rounds,
        "seats": [{"name": s.name, "human": s.human, "level": s.level, "avatar": s.avatar, "auto_win": s.auto_win,
                   "auto_pass": s.auto_pass} for s in table.seats],
        "start_coins": table.start_coins, "finished_rounds": table.round_actions,
        "setups": [_setup_json(s) for s in table.round_setups],  # each round's choices before its deal
        "phase": table.phase,
        "current_setup": _setup_json(table.setup_answers) if table.phase != "idle" else None,
        # a round that has ended but was not yet closed (the window shut on the round-over screen) is kept too
        "current_round": table.current_actions if table.phase in ("play", "over") else None,
    }


def save(table: Host, path: Path | None = None) -> Path:
    path = path or autosave_path()
    atomic_write(path, json.dumps(to_json(table), ensure_ascii=False))
    return path


def discard(path: Path | None = None) -> None:
    """The game ended normally: nothing left to resume."""
    path = path or autosave_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass


class Autosaver(HostListener):
    """Keeps a table's save: rewritten after every action, removed when the game is played to its end. Attach it
    with `host.add_listener(Autosaver())`. `path`: None, the autosave in the user's data folder (looked up at each
    save, as LINGNAN_HOME says then)."""

    def __init__(self, path: Path | None = None):
        self.path = path

    def changed(self, host: Host) -> None:
        try:
            save(host, self.path)
        except OSError:
            pass  # a full or read-only disk must not stop the game

    def game_ended(self, host: Host) -> None:
        discard(self.path)


def _seat(index: int, s: dict) -> SeatConfig:
    """A seat of a save. Its name and whether a human plays it are needed; where a default is safe — an AI level
    from elsewhere, a face, the standing orders, the profile — a missing or odd value takes it rather than losing
    the game."""
    from game.ai import LEVELS

    level = s.get("level") if s.get("level") in LEVELS else "normal"
    avatar = s.get("avatar") if isinstance(s.get("avatar"), int) and not isinstance(s.get("avatar"), bool) \
        else index + 1
    return SeatConfig(str(s["name"]), bool(s["human"]), level, avatar, s.get("auto_win") is True,
                      s.get("auto_pass") is True, s["profile"] if isinstance(s.get("profile"), str) else None)


def restore(data: Any) -> Host:
    """Rebuild a table by replaying its rounds. Raises SaveError with a reason on anything unexpected."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Lingnan Mahjong save")
    if data.get("version") == 1:
        raise SaveError("a save from an earlier version of the game, whose shuffle this version no longer deals")
    if data.get("version") != VERSION:
        raise SaveError(f"a save of format version {data.get('version')!r}; this game reads version {VERSION}")
    try:
        seats = [_seat(i, s) for i, s in enumerate(data["seats"])]
        _check_table(data, len(seats))
        table = Host(data["variant"], dict(data["options"]), seats, seed=data["seed"], rounds=data["rounds"],
                      start_coins=list(data["start_coins"]) if data.get("start_coins") is not None else None)
        setups = data.get("setups") or [{}] * len(data["finished_rounds"])
        for actions, setup in zip(data["finished_rounds"], setups, strict=True):
            table.start_round(live=False, setup=_setup_from(setup))
            _replay(table, actions)
            if table.round is None or not table.round.finished:
                raise SaveError("a finished round in the save does not finish when replayed")
            table.finish_round()
        if data.get("phase") == "setup":  # the seats were choosing before the deal: those who had chosen keep their choice
            table.start_round(live=False)
            for seat, value in _setup_from(data.get("current_setup") or {}).items():
                table.replay_action(SetupAction(seat, table.setup[seat].id, value))
        current = data.get("current_round")
        if current is not None:
            table.start_round(live=False, setup=_setup_from(data.get("current_setup") or {}))
            _replay(table, current)
        return table
    except SaveError:
        raise
    except (EngineError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"the save does not replay: {exc}") from None


def _check_table(data: dict, players: int) -> None:
    """What the table is built from, checked before it is: a save edited by hand must be refused here, not fail
    in the middle of the game it resumes."""
    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if not (whole(data["seed"]) or isinstance(data["seed"], str)):
        raise SaveError(f"the game's seed {data['seed']!r} is neither a number nor a text")
    if data["rounds"] is not None and not (whole(data["rounds"]) and data["rounds"] >= 1):
        raise SaveError(f"the number of rounds {data['rounds']!r} is not a whole number above 0")
    coins = data.get("start_coins")
    if coins is not None and not (isinstance(coins, list) and len(coins) == players and all(map(whole, coins))):
        raise SaveError(f"the starting coins {coins!r} are not one whole number per player")


def _setup_json(answers: dict[int, int]) -> dict[str, int]:
    return {str(seat): value for seat, value in answers.items()}


def _setup_from(data: Any) -> dict[int, int]:
    if not isinstance(data, dict):
        raise SaveError("the choices before a deal are not readable")
    return {int(seat): int(value) for seat, value in data.items()}


def _replay(table: Host, actions: list) -> None:
    for raw in actions:
        table.replay_action(Action.from_json(raw))


def load(path: Path | None = None) -> tuple[Host | None, str | None]:
    """The saved game, or (None, message) when there is none or it had to be set aside."""
    path = path or autosave_path()
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return restore(data), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, SaveError) as exc:
        aside = aside_path(path, "unreadable")  # a new name: an earlier file set aside is never overwritten
        try:
            path.rename(aside)
        except OSError:
            return None, f"the saved game could not be read ({exc})"
        return None, f"the saved game could not be resumed ({exc}); it was kept as {aside.name}"
