"""A LAN host's autosave: the game's own save (game.saves) plus what the network adds, so a killed host resumes the
same table and its clients take their seats back.

The network adds each round's wall seed (the game's own save deals every round from the game seed; a LAN round is
dealt from its commit–reveal), the secrets and entropy behind them (the round in play is revealed after a
restart like any other), each seat's kind and its player's name. It is a file of its own, never the game's
autosave: the title's Continue must not pick up a LAN game it cannot deal again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.host import Host, SeatConfig
from game.settings import atomic_write

FORMAT = "lingnan-mahjong-lan-save"
VERSION = 1


def to_json(host: Host, *, kinds: list[str], names: list[str | None], token_digests: list[str | None],
            fair: dict[int, dict], deadline: float, fingerprint: str, avatars: list[int] | None = None,
            table_id: str | None = None, port: int | None = None) -> dict:
    """The save's content. A seat's token is kept as its SHA-256 digest only: the file holds no token a client
    could send (game.net.seat_tokens)."""
    from game import saves

    return {"format": FORMAT, "version": VERSION, "game": saves.to_json(host), "kinds": list(kinds),
            "names": list(names), "token_digests": list(token_digests), "deadline": deadline,
            "fingerprint": fingerprint, "avatars": list(avatars or []), "table_id": table_id, "port": port,
            "fair": {str(r): {"secret": f["secret"], "entropy": list(f["entropy"])} for r, f in fair.items()}}


def write(path: Path, data: dict) -> None:
    atomic_write(path, json.dumps(data, ensure_ascii=False))


def read(path: Path) -> dict:
    """The save's content, checked for its shape. Raises SaveError."""
    from game.saves import SaveError

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"the LAN save cannot be read: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SaveError("not a Lingnan Mahjong LAN save")
    game = data.get("game")
    kinds, names, fair = data.get("kinds"), data.get("names"), data.get("fair")
    if not (isinstance(game, dict) and isinstance(kinds, list) and isinstance(names, list)
            and isinstance(fair, dict) and len(kinds) == len(names) == len(game.get("seats") or [])):
        raise SaveError("the LAN save is incomplete")
    for r, f in fair.items():
        if not (r.lstrip("-").isdigit() and isinstance(f, dict) and isinstance(f.get("secret"), str)
                and isinstance(f.get("entropy"), list)):
            raise SaveError("the LAN save's commitments are not readable")
    return data


def restore_host(game: dict, round_seeds: dict[int, str], **host_kw: Any) -> Host:
    """The table of a save, its rounds dealt from their own wall seeds: game.saves.restore with `round_seeds`.
    Raises SaveError."""
    from game import saves
    from game.engine.errors import EngineError
    from game.host import SetupAction

    SaveError = saves.SaveError
    if game.get("format") != saves.FORMAT or game.get("version") != saves.VERSION:
        raise SaveError("the LAN save holds no game this version reads")
    try:
        seats = [SeatConfig(str(s["name"]), bool(s["human"]), str(s["level"]), int(s["avatar"]),
                            bool(s.get("auto_win", False)), bool(s.get("auto_pass", False))) for s in game["seats"]]
        saves._check_table(game, len(seats))
        host = Host(game["variant"], dict(game["options"]), seats, seed=game["seed"], rounds=game["rounds"],
                    start_coins=list(game["start_coins"]) if game.get("start_coins") is not None else None,
                    round_seeds=dict(round_seeds), **host_kw)
        setups = game.get("setups") or [{}] * len(game["finished_rounds"])
        for actions, setup in zip(game["finished_rounds"], setups, strict=True):
            host.start_round(live=False, setup=saves._setup_from(setup))
            saves._replay(host, actions)
            if host.round is None or not host.round.finished:
                raise SaveError("a finished round in the save does not finish when replayed")
            host.finish_round()
        if game.get("phase") == "setup":
            host.start_round(live=False)
            for seat, value in saves._setup_from(game.get("current_setup") or {}).items():
                host.replay_action(SetupAction(seat, host.setup[seat].id, value))
        current = game.get("current_round")
        if current is not None:
            host.start_round(live=False, setup=saves._setup_from(game.get("current_setup") or {}))
            saves._replay(host, current)
        return host
    except SaveError:
        raise
    except (EngineError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"the LAN save does not replay: {exc}") from None
