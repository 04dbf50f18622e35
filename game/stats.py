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

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0


def profiles(replays: list[Replay] | None = None) -> list[str]:
    """The names of the human players that appear in the replays, most rounds first."""
    seen: Counter = Counter()
    for rep in replays if replays is not None else listing():
        names, humans = rep.header.get("names") or [], rep.header.get("humans") or []
        for name, human in zip(names, humans):
            if human:
                seen[name] += 1
    return [n for n, _ in seen.most_common()]


def compute(profile: str, variant: str | None = None, replays: list[Replay] | None = None) -> Stats:
    """`profile`'s record over every kept round (of `variant`, or of all rule sets)."""
    out = Stats()
    reps = sorted(replays if replays is not None else listing(), key=lambda r: r.header.get("saved_at", 0))
    for rep in reps:
        h = rep.header
        if variant is not None and h.get("variant") != variant:
            continue
        names, humans = h.get("names") or [], h.get("humans") or []
        seats = [i for i, (n, hu) in enumerate(zip(names, humans)) if hu and n == profile]
        result = h.get("result") or {}
        if not seats or not result.get("deltas"):
            continue
        seat = seats[0]
        delta = result["deltas"][seat]
        out.rounds += 1
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
