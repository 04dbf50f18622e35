"""Headless games between bots: the `simulate` command, benchmarks and fuzzing.

The same host loop as the game's table (game.host): every seat is an AI seat that rebuilds its own state from its
own projected events and answers its prompts, so what is measured here is what the game runs.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import IO, Any

from game.host import Host, SeatConfig

MAX_ACTIONS_PER_ROUND = 2000  # a round has at most ~150 tiles to move; this only guards against a bug looping


def play_round(host: Host, log: IO[str] | None = None):
    """Deal and play one round to its end; the round is left finished (host.finish_round closes it)."""
    host.start_round()
    while host.round is None and host.open_prompts():  # choices before the deal (上嘎): every AI seat answers first
        seat = min(host.open_prompts())
        prompt = host.open_prompt(seat)
        action = host.stand_in_move(seat)
        if log is not None:
            log.write(json.dumps({"type": "action", "action": action.to_json()}, ensure_ascii=False) + "\n")
        host.intent(seat, prompt.id, action)
    if log is not None:
        _log(log, host.events[host.round_first_event:])
    rnd = host.round
    assert rnd is not None
    steps = 0
    while not rnd.finished:
        steps += 1
        if steps > MAX_ACTIONS_PER_ROUND:
            raise RuntimeError("a simulated round did not end")
        seat = min(host.open_prompts())
        prompt = host.open_prompt(seat)
        action = host.stand_in_move(seat)
        if log is not None:
            log.write(json.dumps({"type": "action", "action": action.to_json()}, ensure_ascii=False) + "\n")
        events = host.intent(seat, prompt.id, action)
        if log is not None:
            _log(log, events)
    return rnd


def _log(log: IO[str], events: list[dict]) -> None:
    for e in events:
        log.write(json.dumps(e, ensure_ascii=False) + "\n")


def available_levels() -> tuple[str, ...]:
    """The AI levels a headless run may seat: the player levels (`game.ai.LEVELS`, weakest first), then the fixed
    yardsticks (`game.ai.YARDSTICKS`: `baseline`, `efficiency`) that `game.ai.make_bot` makes without listing them
    among the player levels."""
    import game.ai

    levels = tuple(game.ai.LEVELS)
    yardsticks = getattr(game.ai, "YARDSTICKS", None) or (getattr(game.ai, "YARDSTICK", None) or "baseline",)
    for yardstick in yardsticks:
        if yardstick in levels:
            continue
        try:
            game.ai.make_bot(yardstick, 0)
        except Exception:  # noqa: BLE001 - not a level (yet): whatever make_bot raises for an unknown name
            continue
        levels += (yardstick,)
    return levels


def run_simulation(variant_id: str, *, players: int = 4, options: dict | None = None, seed: int | str = 0,
                   rounds: int = 1, ai_levels: list[str] | None = None, log: IO[str] | None = None,
                   coins: list[int] | None = None, per_round: bool = False) -> dict[str, Any]:
    """Play `rounds` rounds between AI seats. The answer always holds `seats` (each seat's level, wins, self-draws,
    deal-ins and score); with `per_round` also each round's per-seat deltas."""
    levels = list(ai_levels or ["normal"])
    levels = (levels * players)[:players]
    seats = [SeatConfig(f"AI {i + 1}", level=levels[i]) for i in range(players)]
    # headless runs count points; coins only where the caller gives them
    host = Host(variant_id, dict(options or {}), seats, seed=seed, rounds=rounds, start_coins=coins,
                start_with_coins=False)
    if log is not None:
        log.write(json.dumps({"type": "header", "variant": variant_id, "options": options or {},
                              "players": players, "seed": seed, "rounds": rounds, "ai": levels},
                             ensure_ascii=False) + "\n")
    hands: Counter[str] = Counter()
    exhausted = 0
    stats = [{"level": level, "wins": 0, "self_draws": 0, "deal_ins": 0} for level in levels]
    rounds_deltas: list[list[int]] = []
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = play_round(host, log)
        exhausted += rnd.exhausted
        for w in rnd.wins:
            hands.update(w.evaluation.hands)
            stats[w.seat]["wins"] += 1
            if w.from_seat is None:
                stats[w.seat]["self_draws"] += 1
        # one deal-in per discard (or robbed kong) won on, however many won on it
        for giver in {w.from_seat for w in rnd.wins if w.from_seat is not None}:
            stats[giver]["deal_ins"] += 1
        if per_round:
            rounds_deltas.append(rnd.deltas())
        host.finish_round()
    elapsed = time.perf_counter() - start
    totals = host.totals()
    out = {"ok": True, "rounds": rounds, "exhausted": exhausted, "hands": dict(sorted(hands.items())),
           "totals": totals, "elapsed_s": round(elapsed, 4),
           "seats": [{**st, "score": total} for st, total in zip(stats, totals)],
           "bot_failures": host.bot_failures}
    if per_round:
        out["per_round"] = rounds_deltas
    return out
