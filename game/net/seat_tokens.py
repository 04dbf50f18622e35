"""The seat tokens a LAN client keeps, per table, in the player's user data (`lan_seats/`).

A host gives each player who takes a seat a fresh secret token (the `welcome`'s "token"); only that token takes the
seat back after a dropped line (a new one comes with each retaking). The client keeps the latest one per table and
name, so that a game restarted from the same user data (the GUI after a crash, `python -m game.net join` run again)
gets its seat back. The host keeps only each token's SHA-256 digest, in memory and in its autosave. The tokens live
in `lan_seats/` of the user data, one file per table and name.

A table is known by its id (the welcome's "table_id", announced by discovery too) and by the address it was joined
at: a lookup before the hello only has the address (and, from discovery, the id).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from pathlib import Path

log = logging.getLogger(__name__)

FOLDER = "lan_seats"
KEEP = 64  # entries kept (the most recent): enough for every table a player comes back to


def token_digest(token: str) -> str:
    """What a host keeps of a token: its SHA-256 hex digest (a save or a memory dump holds nothing to reuse)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_path() -> Path:
    from game.settings import user_dir

    return user_dir("data") / FOLDER


class SeatTokens:
    """The token folder: one small file per table and name, so that two games sharing the user data (two windows,
    two headless clients) never overwrite each other's. Every failure to read or write is logged and treated as "no
    token": joining by name still works (the host then decides)."""

    def __init__(self, path: Path | None = None):
        self.path = path

    def _folder(self) -> Path:
        return self.path if self.path is not None else default_path()

    def _load(self) -> list[tuple[Path, dict]]:
        try:
            files = sorted(self._folder().glob("*.json"))
        except OSError:
            return []
        out = []
        for f in files:
            try:
                e = json.loads(f.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # (being written by another game, or damaged: not ours to judge)
            if isinstance(e, dict) and all(isinstance(e.get(k), str) for k in ("name", "token", "address")):
                out.append((f, e))
        return out

    def lookup(self, name: str, address: str, port: int, table_id: str | None = None) -> str | None:
        """The token to offer when joining `address:port` as `name`: the table's own (by its id) if known, else the
        one kept for that address and port, else the latest for that name at that address (a table resumed on
        another port). None: join by name."""
        entries = [e for _, e in self._load() if e["name"] == name]
        entries.sort(key=lambda e: e.get("at", 0) if isinstance(e.get("at"), (int, float)) else 0, reverse=True)
        if table_id:
            for e in entries:
                if e.get("table") == table_id:
                    return e["token"]
        here = f"{address}:{port}"
        for e in entries:
            if e["address"] == here:
                return e["token"]
        for e in entries:
            if e["address"].rpartition(":")[0] == address:
                return e["token"]
        return None

    def keep(self, name: str, address: str, port: int, table_id: str | None, token: str) -> None:
        from game.settings import atomic_write

        here = f"{address}:{port}"
        key = hashlib.sha256(f"{table_id or here}\n{name}".encode("utf-8")).hexdigest()[:32]
        folder = self._folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write(folder / f"{key}.json", json.dumps(
                {"name": name, "address": here, "table": table_id, "token": token, "at": time.time()},
                ensure_ascii=False))
            entries = self._load()
            for f, e in entries:  # the same player at the same address, from before the table had an id
                if f.stem != key and e["name"] == name and e["address"] == here and e.get("table") in (None, table_id):
                    f.unlink(missing_ok=True)
            entries.sort(key=lambda fe: fe[1].get("at", 0) if isinstance(fe[1].get("at"), (int, float)) else 0)
            for f, _ in entries[:-KEEP]:
                f.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("the LAN seat token could not be kept (%s)", exc)
