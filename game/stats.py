"""Statistics per player profile, computed from the kept replays (every finished round). No pygame here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.replays import Replay, listing


@dataclass
class Stats:
    rounds: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0  # a discard of his won on (放炮)
    net: int = 0
    biggest_win: int = 0
    hands: Counter = field(default_factory=Counter)
    timeline: list[tuple[float, int]] = field(default_factory=list)  # (when, running net), oldest first
    rule_sets: Counter = field(default_factory=Counter)  # rounds per rule set in this record

    @property
    def one_unit(self) -> bool:
        """Whether the scores are of one rule set, and so may be added up: Nanning's coins, Beihai's and Hainan's
        points are different things (the counts — rounds, wins, deal-ins — add up whatever the rule set)."""
        return len(self.rule_sets) <= 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0


def seat_keys(header: dict) -> list[str | None]:
    """Whose record each seat of a kept round counts for: "id:<profile>" for a human seat with a player profile,
    "name:<name>" for one from before profiles (or without one), None for an AI."""
    names, humans = header.get("names") or [], header.get("humans") or []
    ids = header.get("profiles") or []
    out: list[str | None] = []
    for i, (name, human) in enumerate(zip(names, humans)):
        pid = ids[i] if i < len(ids) and isinstance(ids[i], str) and ids[i] else None
        out.append(None if not human else f"id:{pid}" if pid else f"name:{name}")
    return out


def profiles(replays: list[Replay] | None = None) -> list[str]:
    """The players that appear in the kept rounds (their keys, see seat_keys), most rounds first."""
    seen: Counter = Counter()
    for rep in replays if replays is not None else listing():
        for key in seat_keys(rep.header):
            if key is not None:
                seen[key] += 1
    return [k for k, _ in seen.most_common()]


def display_name(key: str, replays: list[Replay] | None = None, known: dict | None = None) -> str:
    """A player's name as shown now: his profile's name where the settings have one, else the name he last
    played under."""
    if key.startswith("id:") and known and known.get(key[3:]):
        return str(known[key[3:]])
    if key.startswith("name:"):
        return key[5:]
    last = ""
    for rep in sorted(replays if replays is not None else listing(), key=lambda r: r.header.get("saved_at", 0)):
        for i, k in enumerate(seat_keys(rep.header)):
            if k == key:
                last = (rep.header.get("names") or [""])[i]
    return last or key[3:]


def compute(profile: str, variant: str | None = None, replays: list[Replay] | None = None) -> Stats:
    """A player's record (`profile`: his key, or a plain name for the rounds played under it) over every kept round
    (of `variant`, or of all rule sets)."""
    key = profile if profile.startswith(("id:", "name:")) else f"name:{profile}"
    out = Stats()
    reps = sorted(replays if replays is not None else listing(), key=lambda r: r.header.get("saved_at", 0))
    for rep in reps:
        h = rep.header
        if variant is not None and h.get("variant") != variant:
            continue
        seats = [i for i, k in enumerate(seat_keys(h)) if k == key]
        result = h.get("result") or {}
        if not seats or not result.get("deltas"):
            continue
        seat = seats[0]
        delta = result["deltas"][seat]
        out.rounds += 1
        out.rule_sets[h.get("variant")] += 1
        out.net += delta
        out.timeline.append((h.get("saved_at", 0.0), out.net))
        for w in result.get("wins") or []:
            if w["seat"] == seat:
                out.wins += 1
                out.self_draws += w.get("from") is None
                out.hands.update(w.get("hands") or [])
                out.biggest_win = max(out.biggest_win, delta)
            elif w.get("from") == seat:
                out.deal_ins += 1
    return out


def most_played(profile: str, replays: list[Replay] | None = None) -> str | None:
    """The rule set a player has played most rounds of (the statistics screen opens on it), None without rounds."""
    played = compute(profile, None, replays).rule_sets
    return played.most_common(1)[0][0] if played else None
