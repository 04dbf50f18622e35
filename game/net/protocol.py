"""The LAN wire (docs/lan.md): UTF-8 JSON objects, one per line, at most 64 KiB a line, each with a "type".

Nothing here touches a socket: framing (`LineBuffer`), encoding (`encode`) and the checks every message from a
client passes before the host looks at it (`parse_client`). The host trusts nothing a client sends: a line is
decoded as strict UTF-8, parsed as plain JSON (never unpickled or evaluated), and must be one of the messages
below with exactly their keys and types; anything else is a `ProtocolError` (its code goes back in an error reply).

Client → host

    {"type": "hello", "name": NAME [, "protocol": 1] [, "fingerprint": F] [, "token": T] [, "avatar": N]
     [, "version": V] [, "profile": P]}                 first, once: a seat (V: the game's version, for messages;
                                                        P: the player's profile id, for the host's statistics)
    {"type": "entropy", "round": r, "value": HEX}       after a commit: the client's share of the round's wall
    {"type": "intent", "prompt": ID, "action": ACTION}   an answer naming its prompt (ACTION as the engine's JSON)
    {"type": "shown", "prompt": ID}                      the prompt is on screen: its countdown starts now
    {"type": "autoplay", "on": BOOL}                    托管 on or off for one's own seat
    {"type": "toggles" [, "auto_win": BOOL] [, "auto_pass": BOOL]}   standing orders (自动胡, 自动过)
    {"type": "ready", "on": BOOL}                       ready mark: in the lobby, and after a round's settlement
    {"type": "phrase", "id": ID}                        a quick phrase (game.phrases), shown and said at the seat
    {"type": "ping" [, "id": N]}                         answered by {"type": "pong", "id": N}
    {"type": "bye"}                                     leaving (the seat is played by the AI)

A new name takes the first open remote seat. The name of a seat whose client is gone takes it back only with the
seat's current `token` (the latest welcome's; a new one at every taking); without it the host decides
(NetHost.approve_rejoin / answer_rejoin; a headless host: `--rejoin-by-name`), and the client waits (`pending`) or is
refused (`rejoin_refused`). A seat whose client is connected is never taken (`name_taken`), token or not.

Host → client: `welcome` (the seat taken, its token and the table), `table` (who sits where, who is connected),
`seated` (a seat changed hands: seat, name, by), `pending` (a rejoin by name waits for the host's answer), `sync` (the
events that follow are the current round so far, from event number `seq`), the engine's events themselves
(projected for the seat, exactly as `run` prints them), `prompt` / `withdraw`, `refused` (an intent the table did not
take), `error` (a message it could not read), `commit` / `reveal` (fairness.py), `pong`, `phrase` (a seat's quick
phrase: seat, id), `standing` (after each round: rounds played, totals, coins), `closing` (the host is quitting: the
game is saved on the host and may be resumed there; a client does not try to reconnect), and at the end `finished`.
"""

from __future__ import annotations

import json
from typing import Any

from game.phrases import PHRASE_IDS

PROTOCOL = 1
MAX_LINE = 64 * 1024  # bytes a line may take, its newline included
SERVICE_TYPE = "_lingnan-mahjong._tcp.local."  # zeroconf announce/browse (discovery.py)
NAME_MAX = 24  # characters of a player's name

CLIENT_TYPES = ("hello", "entropy", "intent", "autoplay", "toggles", "ready", "phrase", "ping", "bye", "shown")
HOST_TYPES = ("welcome", "table", "sync", "prompt", "withdraw", "refused", "error", "commit", "reveal", "pong",
              "phrase", "standing", "closing", "finished", "seated", "pending")
AVATARS = 64  # avatar numbers a hello may carry: 0 (none) to AVATARS - 1
PROFILE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")  # a hello's profile id
ENTROPY_HEX = (32, 128)  # a client's entropy: 16 to 64 bytes, as lowercase or uppercase hex

_KEYS: dict[str, tuple[set[str], set[str]]] = {  # type -> (required keys, optional keys), "type" aside
    "hello": ({"name"}, {"protocol", "fingerprint", "token", "avatar", "version", "profile"}),
    "entropy": ({"round", "value"}, set()),
    "intent": ({"prompt", "action"}, set()),
    "autoplay": ({"on"}, set()),
    "toggles": (set(), {"auto_win", "auto_pass"}),
    "ready": ({"on"}, set()),
    "phrase": ({"id"}, set()),
    "ping": (set(), {"id"}),
    "bye": (set(), set()),
    "shown": ({"prompt"}, set()),
}


class ProtocolError(Exception):
    """A message the host (or a client) cannot take. `code` goes back in the error reply; `fatal` closes the
    connection (a line too long to frame, a flood)."""

    def __init__(self, code: str, message: str, fatal: bool = False, fields: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal
        self.fields = fields or {}  # more of the reply, where a code has them (an entropy's `stale`: its round)

    def to_json(self) -> dict:
        return {"type": "error", "error": self.code, "message": self.message, **self.fields}


def encode(message: dict) -> bytes:
    """One message as its line. ASCII-only JSON (non-ASCII escaped), so any text survives any terminal or log."""
    return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


class LineBuffer:
    """Splits a byte stream into lines of at most `limit` bytes. A longer line raises a fatal ProtocolError: the
    stream cannot be trusted past it, so the connection is closed."""

    def __init__(self, limit: int = MAX_LINE):
        self.limit = limit
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        self._buf += data
        lines = []
        while True:
            nl = self._buf.find(b"\n")
            if nl < 0:
                if len(self._buf) >= self.limit:
                    self._buf.clear()
                    raise ProtocolError("line_too_long", f"a line longer than {self.limit} bytes", fatal=True)
                return lines
            if nl + 1 > self.limit:
                self._buf.clear()
                raise ProtocolError("line_too_long", f"a line longer than {self.limit} bytes", fatal=True)
            lines.append(bytes(self._buf[:nl]))
            del self._buf[:nl + 1]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_object(line: bytes) -> dict:
    """A line as a JSON object with a string "type" (either side uses this first)."""
    if line.endswith(b"\r"):
        line = line[:-1]
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_utf8", "a line that is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise ProtocolError("bad_json", "not JSON this host reads: nested too deeply") from None
    except json.JSONDecodeError as exc:  # (its msg is short and whole: "Expecting value" ...)
        raise ProtocolError("bad_json", f"not JSON: {exc.msg} at character {exc.pos}") from None
    except ValueError:
        raise ProtocolError("bad_json", "not JSON: NaN and Infinity are not JSON numbers") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    mtype = data.get("type")
    if not isinstance(mtype, str):
        raise ProtocolError("bad_message", "a message needs a string \"type\"")
    return data


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def clean_name(name: Any) -> str:
    """A player's name as the host keeps it: 1 to NAME_MAX printable characters, spaces trimmed."""
    if not isinstance(name, str):
        raise ProtocolError("bad_name", "the name must be a text")
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        raise ProtocolError("bad_name", f"a name takes 1 to {NAME_MAX} printable characters")
    return name


def parse_client(line: bytes) -> dict:
    """A client's line as a checked message (keys and types; the action itself is the engine's to check)."""
    data = parse_object(line)
    mtype = data["type"]
    if mtype not in _KEYS:
        shown = f" {mtype!r}" if len(mtype) <= 24 and mtype.isprintable() else ""
        raise ProtocolError("unknown_type", f"unknown message type{shown}")
    required, optional = _KEYS[mtype]
    keys = set(data) - {"type"}
    if not required <= keys:
        raise ProtocolError("bad_message", f"{mtype} needs {', '.join(sorted(required - keys))}")
    if keys - required - optional:
        raise ProtocolError("bad_message", f"{mtype} takes only {', '.join(sorted(required | optional)) or 'its type'}")
    if mtype == "hello":
        data["name"] = clean_name(data["name"])
        if "protocol" in data and not _whole(data["protocol"]):
            raise ProtocolError("bad_message", "protocol must be a whole number")
        for key in ("fingerprint", "token", "version"):
            if key in data and not (isinstance(data[key], str) and len(data[key]) <= 64 and data[key].isprintable()):
                raise ProtocolError("bad_message", f"{key} must be a short text")
        if "avatar" in data and not (_whole(data["avatar"]) and 0 <= data["avatar"] < AVATARS):
            raise ProtocolError("bad_message", f"avatar is a whole number from 0 to {AVATARS - 1}")
        if "profile" in data and not (isinstance(data["profile"], str) and 0 < len(data["profile"]) <= 32
                                      and all(c in PROFILE_CHARS for c in data["profile"])):
            raise ProtocolError("bad_message", "profile is a short id of letters, digits and dashes")
    elif mtype == "entropy":
        value = data["value"]
        if not _whole(data["round"]):
            raise ProtocolError("bad_message", "round must be a whole number")
        if not (isinstance(value, str) and ENTROPY_HEX[0] <= len(value) <= ENTROPY_HEX[1] and len(value) % 2 == 0
                and all(c in "0123456789abcdefABCDEF" for c in value)):
            raise ProtocolError("bad_message", f"entropy is {ENTROPY_HEX[0] // 2} to {ENTROPY_HEX[1] // 2} bytes "
                                               "written as hex")
        data["value"] = value.lower()
    elif mtype == "intent":
        if not _whole(data["prompt"]):
            raise ProtocolError("bad_message", "prompt must be the prompt's id")
        if not isinstance(data["action"], dict):
            raise ProtocolError("bad_message", "action must be an object")
    elif mtype == "shown":
        if not _whole(data["prompt"]):
            raise ProtocolError("bad_message", "prompt must be the prompt's id")
    elif mtype == "phrase":
        if not (isinstance(data["id"], str) and data["id"] in PHRASE_IDS):
            raise ProtocolError("bad_message", "unknown quick phrase")
    elif mtype in ("autoplay", "ready"):
        if not isinstance(data["on"], bool):
            raise ProtocolError("bad_message", "on must be true or false")
    elif mtype == "toggles":
        if not all(isinstance(data[k], bool) for k in keys):
            raise ProtocolError("bad_message", "toggles are true or false")
    elif mtype == "ping":
        if "id" in data and not (_whole(data["id"]) or (isinstance(data["id"], str) and len(data["id"]) <= 64)):
            raise ProtocolError("bad_message", "a ping's id is a number or a short text")
    return data


TILED_ACTIONS = ("discard", "pong", "kong", "chow", "concealed_kong", "added_kong")  # an action on one tile
BARE_ACTIONS = ("win", "pass", "escape")  # an action with no tile of its own
TILE_TEXTS = "1m-9m, 1p-9p, 1s-9s, E S W N, C F P or 1f-8f"


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_action", message)


def _tile(value: Any, key: str) -> int:
    from game.engine.tiles import TileError, parse_tile

    if not isinstance(value, str):
        raise _bad(f"{key} must be a tile written as text ({TILE_TEXTS})")
    try:
        return parse_tile(value)
    except TileError:
        raise _bad(f"{key} is not a tile ({TILE_TEXTS})") from None


def parse_action(raw: dict) -> Any:
    """An intent's action as the engine's Action (or the host's SetupAction), its shape checked here with short
    messages of ours (`bad_action`): the keys each action type takes, a seat number, tiles in the game's notation,
    a chow's two tiles from the hand. Whether it is legal now is the host's to say (`refused`)."""
    from game.engine.state import Action
    from game.host import SetupAction

    atype = raw.get("type")
    if not isinstance(atype, str) or atype not in TILED_ACTIONS + BARE_ACTIONS + ("setup",):
        raise _bad(f"an action's type is one of {', '.join(TILED_ACTIONS + BARE_ACTIONS)} or setup")
    seat = raw.get("seat")
    if not _whole(seat):
        raise _bad("an action's seat must be a seat number")
    if atype == "setup":
        allowed, required = {"type", "seat", "choice", "value"}, {"type", "seat", "choice", "value"}
    elif atype == "chow":
        allowed, required = {"type", "seat", "tile", "tiles"}, {"type", "seat", "tile", "tiles"}
    elif atype in TILED_ACTIONS:
        allowed, required = {"type", "seat", "tile"}, {"type", "seat", "tile"}
    else:
        allowed, required = {"type", "seat"}, {"type", "seat"}
    keys = set(raw)
    if keys - allowed:
        raise _bad(f"a {atype} action takes only {', '.join(sorted(allowed))}")
    if required - keys:
        raise _bad(f"a {atype} action needs {', '.join(sorted(required - keys))}")
    if atype == "setup":
        if not isinstance(raw["choice"], str) or len(raw["choice"]) > 64 or not _whole(raw["value"]):
            raise _bad("a setup action names its choice (a text) and a whole-number value")
        return SetupAction(seat, raw["choice"], raw["value"])
    tile = _tile(raw["tile"], "the action's tile") if atype in TILED_ACTIONS else None
    tiles: tuple[int, ...] = ()
    if atype == "chow":
        if not isinstance(raw["tiles"], list) or len(raw["tiles"]) != 2:
            raise _bad("a chow's tiles are the two tiles it takes from the hand")
        tiles = tuple(sorted(_tile(t, "a chow's tile") for t in raw["tiles"]))
    return Action(seat, atype, tile, tiles)


class RateLimit:
    """A token bucket: `rate` messages a second on average, bursts up to `burst`. `take()` is False past it."""

    def __init__(self, rate: float, burst: float, now: float):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
