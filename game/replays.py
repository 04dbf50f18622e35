"""Replays: every finished round kept as an event log (JSON lines), listed, exported, and replayed. No pygame here.

A file is a header line (the rule set, its options, the seed, the players and the round's starting facts: round
number, dealer, table context) followed by one line per action. Replaying re-deals the round from the seed and
re-applies the actions through the engine, so a replay reproduces its settlement exactly; a file that does not
replay is refused with a reason.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.errors import EngineError
from game.engine.state import Action, Round, new_round
from game.settings import atomic_write, user_dir
from game.variants import get_variant

FORMAT = "lingnan-mahjong-replay"
VERSION = 2  # 2: walls come from the portable RNG (engine/wall.py); version 1's seeds deal differently now


class ReplayError(Exception):
    """A replay file that cannot be replayed; the message says why."""


def replay_dir() -> Path:
    path = user_dir("data") / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class Replay:
    header: dict
    actions: list[dict]
    path: Path | None = None

    @property
    def first_human(self) -> int:
        """The player's seat: the first human's (a replay of AI seats only: seat 0). A replay is watched, and
        reviewed, from there."""
        return next((i for i, h in enumerate(self.header.get("humans") or []) if h), 0)

    @property
    def title(self) -> str:
        return self.title_in(None)

    def title_in(self, translate: Any, when: bool = True) -> str:
        """"2026-12-02 14:05  南宁麻将  #3": when (unless `when` is false), the rule set and the round; `translate`
        (the player's language) names a rule set this game knows in his words, else the name it was saved with."""
        h = self.header
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(h.get("saved_at", 0)))
        name = h.get("variant_name", h["variant"])
        if translate is not None:
            try:
                name = translate(get_variant(h["variant"]).name)
            except EngineError:  # a rule set this version does not have: its saved name
                pass
        return f"{stamp}  {name}  #{h['round_no'] + 1}" if when else f"{name}  #{h['round_no'] + 1}"

    def rebuild(self) -> tuple[Round, list[dict]]:
        """Deal the round again and apply every action: the full, unmasked event list."""
        h = self.header
        problem = version_problem(h, "this replay")
        if problem:
            raise ReplayError(problem)
        try:
            variant = get_variant(h["variant"])
            opts = variant.parse_options(h["options"], h["players"])
            rnd, events = new_round(variant, opts, h["players"], h["dealer"], seed=h["seed"],
                                    round_no=h["round_no"], context=h.get("context") or {})
            for raw in self.actions:
                events.extend(rnd.apply(Action.from_json(raw)))
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"this replay does not play back: {exc}") from None
        if not rnd.finished:
            raise ReplayError("this replay ends before its round does")
        if "result" in h and rnd.deltas() != h["result"]["deltas"]:
            raise ReplayError("this replay's settlement differs from the one recorded")
        return rnd, events


def version_problem(header: dict, name: str) -> str | None:
    """Why a header's format version cannot be played back, or None."""
    version = header.get("version")
    if version == 1:  # re-dealing its seed today would give a different wall, so its actions would not fit
        return (f"{name} was recorded by an earlier version of the game whose shuffle this version no longer deals; "
                "it cannot be played back")
    if version != VERSION:
        return f"{name} is a replay of format version {version!r}"
    return None


def record(table: Any, start_context: dict, round_no: int, dealer: int, actions: list[dict]) -> Replay:
    """A finished round of `table` as a replay (not yet written)."""
    rnd = table.round
    header = {
        "format": FORMAT, "version": VERSION, "saved_at": time.time(), "variant": table.variant_id,
        "variant_name": table.variant.name, "options": table.options_raw, "players": table.players,
        "seed": table.seed, "round_no": round_no, "dealer": dealer, "context": start_context,
        "names": [s.name for s in table.seats], "humans": [s.human for s in table.seats],
        "profiles": [getattr(s, "profile", None) for s in table.seats],
        "result": rnd.result() if rnd is not None else None,
    }
    return Replay(header, list(actions))


def write(replay: Replay, path: Path | None = None) -> Path:
    if path is None:
        h = replay.header
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(h["saved_at"])) + f"{int(h['saved_at'] * 1000) % 1000:03d}"
        path = replay_dir() / f"{stamp}-{h['variant']}-r{h['round_no'] + 1}.jsonl"
    lines = [json.dumps(replay.header, ensure_ascii=False)]
    lines += [json.dumps(a, ensure_ascii=False) for a in replay.actions]
    atomic_write(path, "\n".join(lines) + "\n")
    replay.path = path
    return path


def read(path: Path) -> Replay:
    """Read and check a replay file (from our folder or from anywhere); ReplayError says why it is refused."""
    try:
        lines = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        header = json.loads(lines[0]) if lines else None
        actions = [json.loads(line) for line in lines[1:]]
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"cannot read {Path(path).name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{Path(path).name} is not a replay (bad JSON at line {exc.lineno})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ReplayError(f"{Path(path).name} is not a Lingnan Mahjong replay")
    problem = version_problem(header, Path(path).name)
    if problem:
        raise ReplayError(problem)
    if not all(isinstance(a, dict) for a in actions):
        raise ReplayError(f"{Path(path).name} has malformed action lines")
    replay = Replay(header, actions, Path(path))
    replay.rebuild()  # refuse what does not play back, before anything shows it
    return replay


def listing() -> list[Replay]:
    """Every kept replay, newest first; unreadable files are skipped (they stay on disk).

    Version-1 replays are listed too: their recorded results still count in the statistics, and opening one
    (`rebuild`) says why it no longer plays back.
    """
    out = []
    for path in sorted(replay_dir().glob("*.jsonl"), reverse=True):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0])
            if header.get("format") == FORMAT:
                out.append(Replay(header, [json.loads(x) for x in lines[1:] if x.strip()], path))
        except (OSError, ValueError, IndexError):
            continue
    return out


def export(replay: Replay, folder: Path | None = None) -> Path:
    """Copy a replay where the player can find and share it: by default the documents folder's "Lingnan Mahjong"
    (`$LINGNAN_HOME/exports` when LINGNAN_HOME is set, like every other user file)."""
    folder = user_dir("exports") if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    assert replay.path is not None
    target = folder / replay.path.name
    shutil.copy(replay.path, target)
    return target
