"""Headless games between bots: the `simulate` command, benchmarks and fuzzing."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import IO, Any

from game.ai import make_bot
from game.variants import get_variant

from .session import Session
from .view import seat_view

MAX_ACTIONS_PER_ROUND = 2000  # a round has at most ~150 tiles to move; this only guards against a bug looping


def play_round(session: Session, bots: list, log: IO[str] | None = None):
    rnd, events = session.start_round()
    if log is not None:
        _log(log, events)
    steps = 0
    while not rnd.finished:
        steps += 1
        if steps > MAX_ACTIONS_PER_ROUND:
            raise RuntimeError("a simulated round did not end")
        seat = _seats_to_act(rnd)[0]
        action = bots[seat].choose(seat_view(rnd, seat), rnd.legal_actions(seat))
        if log is not None:
            log.write(json.dumps({"type": "action", "action": action.to_json()}, ensure_ascii=False) + "\n")
        events = rnd.apply(action)
        if log is not None:
            _log(log, events)
    session.finish_round(rnd)
    return rnd


def _seats_to_act(rnd) -> list[int]:
    """Who must answer now: the seats still to answer a claim window, else the seat whose turn it is."""
    if rnd.phase == "claim":
        return [s for s in rnd.window.options if s not in rnd.window.answers]
    return [rnd.current]


def _log(log: IO[str], events: list[dict]) -> None:
    for e in events:
        log.write(json.dumps(e, ensure_ascii=False) + "\n")


def run_simulation(variant_id: str, *, players: int = 4, options: dict | None = None, seed: int | str = 0,
                   rounds: int = 1, ai_levels: list[str] | None = None, log: IO[str] | None = None,
                   coins: list[int] | None = None) -> dict[str, Any]:
    variant = get_variant(variant_id)
    opts = variant.parse_options(options or {}, players)
    levels = list(ai_levels or ["normal"])
    levels = (levels * players)[:players]
    bots = [make_bot(levels[i], f"{seed}:{i}") for i in range(players)]
    session = Session(variant, opts, players, seed, coins=coins)
    if log is not None:
        log.write(json.dumps({"type": "header", "variant": variant_id, "options": options or {},
                              "players": players, "seed": seed, "rounds": rounds, "ai": levels},
                             ensure_ascii=False) + "\n")
    hands: Counter[str] = Counter()
    exhausted = 0
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = play_round(session, bots, log)
        exhausted += rnd.exhausted
        for w in rnd.wins:
            hands.update(w.evaluation.hands)
    elapsed = time.perf_counter() - start
    return {"ok": True, "rounds": rounds, "exhausted": exhausted, "hands": dict(sorted(hands.items())),
            "totals": list(session.totals), "elapsed_s": round(elapsed, 4)}
