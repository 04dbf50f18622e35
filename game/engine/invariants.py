"""Checks that must hold at every step of every round, and a player of random legal moves to exercise them.

Used by the property tests and by `tools/fuzz_rounds.py`. A violation raises `InvariantError` naming the step.
"""

from __future__ import annotations

import random
from typing import Any

from .events import check_event
from .melds import KONG_TYPES
from .project import HIDDEN, project
from .state import CLAIM, Round, new_round
from .tiles import NUM_PLAYABLE, parse_tile

PUBLIC_EVENTS = {"start_round", "ghost", "flower", "discard", "claim", "pong", "kong", "chow", "added_kong",
                 "added_kong_declared", "kong_declared", "score", "win", "exhausted", "end_round", "escape", "flip"}
PRIVATE_EVENTS = {"deal": "seat", "draw": "actor", "concealed_kong": "actor"}


class InvariantError(AssertionError):
    pass


def check_state(rnd: Round, total: int, step: Any) -> None:
    if rnd.tile_total() != total:
        raise InvariantError(f"step {step}: {rnd.tile_total()} tiles in play, expected {total}")
    for i, s in enumerate(rnd.seats):
        if min(s.hand) < 0:
            raise InvariantError(f"step {step}: seat {i} holds a negative count")
        size = s.concealed_count() + 3 * len(s.melds)
        if size not in (13, 14):
            raise InvariantError(f"step {step}: seat {i} holds {size} tiles (kongs counted as three)")
        if size == 14 and i != rnd.current and not rnd.finished and not (rnd.phase == CLAIM):
            raise InvariantError(f"step {step}: seat {i} holds 14 tiles out of turn")


def check_projection(event: dict, players: int) -> None:
    """The event matches its declaration in events.py, and each seat's projection shows only what it may see."""
    _check_declared(event, players)
    etype = event.get("type")
    if etype in PRIVATE_EVENTS:
        owner = event[PRIVATE_EVENTS[etype]]
        for seat in range(players):
            seen = project(event, seat)
            _check_declared(seen, players)
            tiles = [seen.get("tile")] + list(seen.get("tiles", [])) + list(seen.get("consumed", []))
            tiles = [t for t in tiles if t is not None]
            if seat != owner and any(t != HIDDEN for t in tiles):
                raise InvariantError(f"seat {seat} sees a hidden tile in {seen}")
            if seat == owner and any(t == HIDDEN for t in tiles):
                raise InvariantError(f"seat {seat} does not see his own tile in {seen}")
    elif etype not in PUBLIC_EVENTS:
        raise InvariantError(f"event type {etype!r} is neither public nor handled by project()")


def _check_declared(event: dict, players: int) -> None:
    problems = check_event(event, players)
    if problems:
        raise InvariantError(f"{event.get('type')!r} event against its declaration (engine/events.py): "
                             + "; ".join(problems))


def check_settlement(rnd: Round) -> None:
    escape = [0] * rnd.players
    for item in rnd.items:
        if item.reason == "escape":
            escape = [a + b for a, b in zip(escape, item.deltas)]
    deltas = rnd.deltas()
    if sum(deltas) != sum(escape):
        raise InvariantError(f"settlement is not zero-sum: {deltas} (escape penalties {escape})")


def random_action(rnd: Round, rng: random.Random, *, escape_rate: float = 0.0, greedy: float = 0.8):
    from .state import Action

    if rnd.phase == CLAIM:
        w = rnd.window
        seat = next(s for s in w.options if s not in w.answers)
    else:
        seat = rnd.current
    if escape_rate and rnd.variant.has_escape_penalty and rng.random() < escape_rate:
        free = [i for i, s in enumerate(rnd.seats) if not s.escaped]
        if free:
            return Action(rng.choice(free), "escape")
    legal = rnd.legal_actions(seat)
    wins = [a for a in legal if a.type == "win"]
    if wins and rng.random() < 0.7:
        return wins[0]
    calls = [a for a in legal if a.type in ("pong", "kong", "chow", *KONG_TYPES)]
    if calls and rng.random() < 0.35:
        return rng.choice(calls)
    passes = [a for a in legal if a.type == "pass"]
    if passes:
        return passes[0]
    discards = [a for a in legal if a.type == "discard"]
    if discards and rng.random() < greedy:
        return _greedy_discard(rnd, seat, discards)
    return rng.choice(discards or legal)


def _greedy_discard(rnd: Round, seat: int, discards: list):
    """The discard that leaves the hand closest to a win (over the rule set's shapes): random play alone almost
    never wins."""
    counts = list(rnd.seats[seat].hand)
    melds = rnd.seats[seat].melds
    best, best_sh = discards[0], 99
    for a in discards:
        if a.tile >= NUM_PLAYABLE:
            return a
        counts[a.tile] -= 1
        sh = rnd.win_check.distance(counts, rnd.ghost, melds)
        counts[a.tile] += 1
        if sh < best_sh:
            best, best_sh = a, sh
    return best


def check_seat_state(rnd: Round, state: Any) -> None:
    """A seat's picture of the round, rebuilt from its projected events alone (SeatState), agrees with the round at
    its end: its own hand, every meld, discard and flower, the hands shown, the wins and the settlement."""
    seat = state.seat
    facts = [
        ("hand", state.hand, rnd.seats[seat].hand),
        ("melds", state.revealed_melds, [s.melds for s in rnd.seats]),
        ("discards", state.discards, [[t for t, taken in zip(s.discards, s.claimed) if not taken] for s in rnd.seats]),
        ("flowers", state.flowers, [s.flowers for s in rnd.seats]),
        ("hand sizes", state.hand_sizes, [sum(s.hand) for s in rnd.seats]),
        ("wins", [w["actor"] for w in state.wins], [w.seat for w in rnd.wins]),
        ("deltas", state.deltas, rnd.deltas()),
        ("end", (state.finished, state.exhausted), (rnd.finished, rnd.exhausted)),
    ]
    won = {w.seat: sorted(w.ctx.full_concealed) for w in rnd.wins}
    facts.append(("hands shown", state.revealed_hands,
                  [won.get(i, s.concealed_list()) for i, s in enumerate(rnd.seats)]))
    for name, seen, truth in facts:
        if seen != truth:
            raise InvariantError(f"seat {seat}'s {name} from its events {seen} differ from the round's {truth}")


def play_random_round(variant: Any, options: Any, players: int, seed: Any, *, dealer: int = 0,
                      escape_rate: float = 0.0, max_steps: int = 1000, seat_states: bool = False) -> Round:
    """Play one round of random legal moves, checking every invariant after every step. With `seat_states`, every
    seat also rebuilds the round from its own projected events (the seat protocol), checked at the round's end."""
    from .seat_state import SeatState

    rng = random.Random(f"fuzz:{seed}")
    context = variant.initial_facts(options, players)
    if "coins" in context:  # purses from nearly empty to rich, so that caps on payments are exercised too
        context["coins"] = [rng.choice([50, 500, 5000, 50000]) for _ in range(players)]
    rnd, events = new_round(variant, options, players, dealer, seed=seed, context=context)
    states = [SeatState(s, variant, options) for s in range(players)] if seat_states else []
    total = rnd.tile_total()

    def follow(batch: list[dict]) -> None:
        for e in batch:
            check_projection(e, players)
            for st in states:
                st.apply(project(e, st.seat))

    follow(events)
    check_state(rnd, total, "deal")
    step = 0
    while not rnd.finished:
        step += 1
        if step > max_steps:
            raise InvariantError(f"round did not end within {max_steps} actions")
        action = random_action(rnd, rng, escape_rate=escape_rate)
        follow(rnd.apply(action))
        check_state(rnd, total, step)
    check_settlement(rnd)
    for st in states:
        check_seat_state(rnd, st)
    return rnd


def parse_kind(name: str) -> int:
    return parse_tile(name)
