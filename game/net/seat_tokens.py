"""The seat tokens a LAN client keeps, per table, in the player's user data (`lan_seats.json`).

A host gives each player who takes a seat a fresh secret token (the `welcome`'s "token"); only that token takes the
seat back after a dropped line (a new one comes with each retaking). The client keeps the latest one per table and
name, so that a game restarted from the same user data (the GUI after a crash, `python -m game.net join` run again)
gets its seat back. The host keeps only each token's SHA-256 digest, in memory and in its autosave.

A table is known by its id (the welcome's "table_id", announced by discovery too) and by the address it was joined
at: a lookup before the hello only has the address (and, from discovery, the id).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

FILE = "lan_seats.json"
KEEP = 64  # entries kept (the most recent): enough for every table a player comes back to
_lock = threading.Lock()  # two clients of one process (tests, the host's own seat) share the file


def token_digest(token: str) -> str:
    """What a host keeps of a token: its SHA-256 hex digest (a save or a memory dump holds nothing to reuse)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_path() -> Path:
    from game.settings import user_dir

    return user_dir("data") / FILE


class SeatTokens:
    """The token file. Every failure to read or write is logged and treated as "no token": joining by name still
    works (the host then decides)."""

    def __init__(self, path: Path | None = None):
        self.path = path

    def _file(self) -> Path:
        return self.path if self.path is not None else default_path()

    def _load(self) -> list[dict]:
        try:
            data = json.loads(self._file().read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            log.warning("the LAN seat tokens cannot be read (%s); starting afresh", exc)
            return []
        entries = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return []
        return [e for e in entries if isinstance(e, dict) and all(isinstance(e.get(k), str)
                                                                  for k in ("name", "token", "address"))]

    def lookup(self, name: str, address: str, port: int, table_id: str | None = None) -> str | None:
        """The token to offer when joining `address:port` as `name`: the table's own (by its id) if known, else the
        one kept for that address and port, else the latest for that name at that address (a table resumed on
        another port). None: join by name."""
        with _lock:
            entries = [e for e in self._load() if e["name"] == name]
        entries.sort(key=lambda e: e.get("at", 0), reverse=True)
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
        here = f"{address}:{port}"
        with _lock:
            entries = [e for e in self._load() if e["name"] != name
                       or (e.get("table") != table_id if table_id else e["address"] != here)]
            entries.append({"name": name, "address": here, "table": table_id, "token": token, "at": time.time()})
            entries.sort(key=lambda e: e.get("at", 0) if isinstance(e.get("at"), (int, float)) else 0)
            entries = entries[-KEEP:]
            try:
                from game.settings import atomic_write

                atomic_write(self._file(), json.dumps({"seats": entries}, ensure_ascii=False))
            except OSError as exc:
                log.warning("the LAN seat token could not be kept (%s)", exc)
