"""A wall nobody can stack: commit–reveal per round (docs/lan.md).

Host, before each deal: a fresh secret (32 random bytes, written as 64 hex digits) and its commitment
H = SHA-256(secret as ASCII) in hex, sent as `{"type": "commit", "round": r, "hash": H}`. Every client answers with
its own entropy (16–64 random bytes as hex) after seeing H. The round's wall seed is

    seed = SHA-256("lingnan-commit-1\\n" + secret + "\\n" + e_0 + "\\n" + e_1 + "\\n" + … + e_{n-1} + "\\n")

in hex, e_k the entropy of seat k ("" where none came: an AI seat, a client that did not answer), and the round is
dealt by the engine's own portable shuffle from it: `new_round(…, seed=seed, round_no=r)`, i.e. the stream keyed by
`lingnan-mahjong:{seed}:{r}` (game/engine/wall.py). After the round the host sends `{"type": "reveal", "round": r,
"scheme": "lingnan-commit-1", "secret": …, "entropy": [e_0 or null, …], "seed": seed}`.

A client then rebuilds the deal and the live wall and checks (`verify_round`): the secret against H; its own entropy
among those mixed in; the opening (dice and wall break, its own hand, every hand's size, the wildcard, the dealer's
flower replacements) against what it was shown; every tile it drew against the wall at that draw's place; and at the
end, with every hand laid open, that each seat's tiles add up: its deal, its draws (from the rebuilt wall) and the
tiles it claimed equal its discards, flowers, melds and final hand. A host that dealt from any other wall, or gave
anyone a tile out of turn, fails one of these.

The secret mixed with the clients' entropy means the host could not choose the wall (it fixed its secret before it
saw their entropy; they sent theirs after it had committed). What it does not prove: the host's machine sees every
tile, so whoever runs it could look.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from typing import Any

from game.engine.project import HIDDEN, project
from game.engine.tiles import tile_name

SCHEME = "lingnan-commit-1"
SECRET_HEX = 64


def new_secret() -> str:
    return secrets.token_hex(SECRET_HEX // 2)


def new_entropy() -> str:
    return secrets.token_hex(32)


def commit_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def wall_seed(secret: str, entropy: list[str | None]) -> str:
    h = hashlib.sha256(f"{SCHEME}\n{secret}\n".encode("utf-8"))
    for e in entropy:
        h.update(f"{e or ''}\n".encode("utf-8"))
    return h.hexdigest()


def reveal_message(round_no: int, secret: str, entropy: list[str | None]) -> dict:
    return {"type": "reveal", "round": round_no, "scheme": SCHEME, "secret": secret, "entropy": list(entropy),
            "seed": wall_seed(secret, entropy)}


def rebuild(variant_id: str, options_raw: dict, players: int, round_no: int, dealer: int, context: dict | None,
            seed: str):
    """The round as dealt from `seed`: (Round, opening events in the open view)."""
    from game.engine.state import new_round
    from game.variants import get_variant

    variant = get_variant(variant_id)
    options = variant.parse_options(options_raw, players)
    return new_round(variant, options, players, dealer, seed=seed, round_no=round_no, context=context)


def verify_round(*, variant_id: str, options_raw: dict, players: int, seat: int, round_no: int, events: list[dict],
                 commit: str | None, reveal: Any, entropy_sent: str | None = None) -> list[str]:
    """What is wrong with a round, by what `seat` was shown of it (`events`, projected for it, from start_round
    to end_round) and the host's commit and reveal. Empty: the round is verified."""
    if not isinstance(reveal, dict):
        return ["the reveal is not an object"]
    secret, entropy = reveal.get("secret"), reveal.get("entropy")
    if reveal.get("scheme", SCHEME) != SCHEME:
        return [f"unknown commit scheme {str(reveal.get('scheme'))[:40]!r}"]
    if not isinstance(secret, str) or not 1 <= len(secret) <= 256:
        return ["the revealed secret is missing"]
    if commit is None:
        return ["no commitment was received before the deal"]
    if commit_hash(secret) != commit:
        return ["the revealed secret does not match the commitment"]
    if not (isinstance(entropy, list) and len(entropy) == players
            and all(e is None or (isinstance(e, str) and len(e) <= 256) for e in entropy)):
        return ["the revealed entropy is not one entry per seat"]
    if entropy_sent is not None and entropy[seat] != entropy_sent:
        return ["the entropy this client sent was not mixed into the wall"]
    seed = wall_seed(secret, entropy)
    if reveal.get("seed", seed) != seed:
        return ["the revealed seed does not follow from the secret and the entropy"]
    if not events or events[0].get("type") != "start_round" or events[0].get("round") != round_no:
        return ["the round's events were not all received"]
    if events[-1].get("type") != "end_round":
        return ["the round's end was not received"]
    start = events[0]
    try:
        rnd, opening = rebuild(variant_id, options_raw, players, round_no, start["dealer"], start.get("context"),
                               seed)
    except Exception as exc:  # noqa: BLE001 - a context or table the engine refuses: the host's events are wrong
        return [f"the round cannot be dealt again from the reveal: {exc}"]
    problems = []
    shown = [project(e, seat) for e in opening]
    if events[:len(shown)] != shown:
        problems.append("the deal does not follow from the revealed wall")
        return problems
    live = [tile_name(t) for t in rnd.live]
    problems += _check_draws(events, live)
    if not problems:
        problems += _check_tiles(events, opening, live, players)
    return problems


def _check_draws(events: list[dict], live: list[str]) -> list[str]:
    i = 0
    for e in events:
        if e.get("type") != "draw":
            continue
        if i >= len(live):
            return ["more tiles were drawn than the wall holds"]
        if e.get("tile") != HIDDEN and e.get("tile") != live[i]:
            return [f"draw {i + 1} of the round is {e.get('tile')}, the wall says {live[i]}"]
        i += 1
    return []


def _check_tiles(events: list[dict], opening_open: list[dict], live: list[str], players: int) -> list[str]:
    """At the end every hand is open: each seat's tiles in (its deal, its draws from the rebuilt wall, the tiles it
    claimed) less its tiles out (discards, flowers, a kong's tile robbed from it) must be exactly what it holds
    (its melds and its hand). A discard won by several players goes into the first winner's hand only."""
    got = [Counter() for _ in range(players)]
    out = [Counter() for _ in range(players)]
    for e in opening_open:  # the deal in the open view: every seat's hand
        if e["type"] == "deal":
            got[e["seat"]].update(e["tiles"])
    draws = 0
    discard: str | None = None  # the last discard, while nobody has taken it
    declared: tuple[str, int, str] | None = None  # a kong that may be robbed: (event type, actor, tile)
    end: dict | None = None
    for e in events:
        t = e.get("type")
        if t == "draw":
            got[e["actor"]][live[draws]] += 1
            draws += 1
            discard = declared = None
        elif t in ("discard", "flower"):
            out[e["actor"]][e["tile"]] += 1
            discard = e["tile"] if t == "discard" else None
            declared = None
        elif t in ("pong", "chow", "kong"):
            got[e["actor"]][e["tile"]] += 1
            discard = declared = None
        elif t in ("added_kong_declared", "kong_declared"):
            declared = (t, e["actor"], e["tile"])
        elif t in ("added_kong", "concealed_kong"):
            declared = None
        elif t == "win" and e.get("target") is not None:
            if declared is not None and "robbing_kong" in (e.get("flags") or []):
                kind, robbed, tile = declared
                got[e["actor"]][tile] += 1
                if kind == "added_kong_declared":  # the fourth tile leaves the robbed player's hand
                    out[robbed][tile] += 1
                # an exposed kong's tile was a discard, already counted out of its discarder; either way the robbed
                # tile is taken: a second robber does not get it into his counts
                declared = discard = None
            elif discard is not None:
                got[e["actor"]][discard] += 1
                discard = None
        elif t == "end_round":
            end = e
    if end is None:
        return ["the round's end was not received"]
    hands, melds = end.get("hands"), end.get("melds")
    if not (isinstance(hands, list) and isinstance(melds, list) and len(hands) == len(melds) == players):
        return ["the round's end does not lay every hand open"]
    for s in range(players):
        held = Counter(hands[s])
        for m in melds[s]:
            held.update(m.get("tiles", []))
        got[s].subtract(out[s])
        if +got[s] != held or -got[s]:
            return [f"seat {s}'s tiles at the end do not add up to its deal, draws and claims"]
    return []
