"""Reading the table from one seat: how likely each opponent is ready, and how dangerous each tile is to throw.

Only what the seat sees is used (its view): discards, melds, the tiles still unseen. The estimates are the ones
players make: an opponent is likelier ready the longer the round runs and the more he has called; a tile he threw
himself he rarely waits on; a wait on an honour needs copies of it still hidden; a number tile three away from one
he threw (筋) is safer; a tile next to a kind that is all seen (壁) cannot be waited on from that side; a player
whose calls are all one suit is after that suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.seat_state import SeatState

# the base chance that a ready hand waits on a tile of each position in its suit (1..9) and on an honour
_BY_RANK = (0.05, 0.07, 0.1, 0.11, 0.11, 0.11, 0.1, 0.07, 0.05)
_HONOUR = 0.06


@dataclass
class Opponent:
    seat: int
    ready: float  # probability he is ready now
    threw: set[int]  # kinds he has thrown
    passed: set[int]  # kinds thrown since his last turn that he did not win on (safe against him just now)
    suit: int | None  # the suit his calls are all in (two calls or more), if any
    melds: int
    # the chance that, ready, his hand may win on this seat's discard: 1 where any hand may; where a minimum keeps
    # a plain hand from it, the share measured for calls like his (DISCARD_SHARE); low where his calls leave him no
    # hand that wins here at all
    share: float = 1.0
    # the learnt reading of him (learnt.ReadingModel), where the level reads by it: `ready` is then its probability
    # (calibrated by the fit, so not read through CALIBRATION again) and his waits are its per-tile chances
    model: Any = None
    last_from_hand: int | None = None  # the kind he last threw from his hand (手切), not straight from the draw

    @property
    def threat(self) -> float:
        """The chance that he is ready and may win on this seat's discard (raw reading)."""
        return self.ready * self.share


def looks_ready(discarded: int, n_calls: int) -> float:
    """How likely an opponent is ready, read from his discards and shown calls only (Opponent.ready)."""
    turns = discarded + n_calls  # his turns so far, roughly (called tiles leave his discard row)
    ready = 0.02 + 0.03 * turns + 0.15 * n_calls
    if n_calls >= 3:
        ready = max(ready, 0.7)
    return min(0.92, ready)


def read_opponents(view: SeatState) -> list[Opponent]:
    out = []
    discards = view.discards
    melds = view.melds
    rows, from_draw = view.all_discards, view.discards_from_draw
    for seat in range(view.players):
        if seat == view.seat:
            continue
        shown = [m for m in melds[seat] if m.type != "concealed_kong"]
        n_calls = len(shown)
        ready = looks_ready(len(discards[seat]), n_calls)
        suits = {m.tiles[0] // 9 for m in shown if m.tiles and 0 <= m.tiles[0] < 27}
        # two calls or more all in one suit (honour sets aside: a half flush keeps to one suit too)
        suit = next(iter(suits)) if len(suits) == 1 and n_calls >= 2 else None
        # the seats between him and us threw after his last turn: their latest tiles went past him unclaimed
        between = [(seat + k) % view.players for k in range(1, view.players)]
        between = between[:between.index(view.seat)] if view.seat in between else []
        passed = {discards[b][-1] for b in between if discards[b]}
        last = next((k for (k, _), drawn in zip(reversed(rows[seat]), reversed(from_draw[seat])) if not drawn), None)
        out.append(Opponent(seat, ready, set(discards[seat]), passed, suit, n_calls, last_from_hand=last))
    return out


def deal_in_chance(view: SeatState, opp: Opponent, kind: int, unseen: list[int], full: bool = True) -> float:
    """Chance that `opp`, if ready, wins on `kind` (a rough reading, 0..1). `full`: the whole reading (筋, 壁, the
    suit of his calls, hidden honours); without it only what he threw and what went past him (the hard level's).
    Where he is read by a learnt model (Opponent.model), its chance instead."""
    if opp.model is not None:
        return opp.model.wins_on(view, opp, kind, unseen)
    if not full:
        base = _HONOUR if kind >= 27 else _BY_RANK[kind % 9]
        if kind in opp.threw:
            base *= 0.25
        if kind in opp.passed:
            base *= 0.15
        return base
    if kind >= 27:
        hidden = unseen[kind]
        if hidden == 0:
            return 0.0  # nobody can hold a pair or a single of it to wait on
        base = _HONOUR * (0.35 if hidden == 1 else 0.6 if hidden == 2 else 1.0)
        if opp.suit is not None:
            base *= 0.8
    else:
        n = kind % 9
        base = _BY_RANK[n]
        # 筋: a run wait on `kind` is two-sided with kind-3 or kind+3; his own discard of those makes it rarer
        lo = n - 3 >= 0 and (kind - 3) in opp.threw
        hi = n + 3 <= 8 and (kind + 3) in opp.threw
        if (lo or n - 3 < 0) and (hi or n + 3 > 8):
            base *= 0.45
        elif lo or hi:
            base *= 0.7
        # 壁: every copy of a neighbour seen rules out the runs through it
        if (n >= 1 and unseen[kind - 1] == 0) or (n <= 7 and unseen[kind + 1] == 0):
            base *= 0.6
        if opp.suit is not None:
            base *= 1.8 if kind // 9 == opp.suit else 0.15
    if kind in opp.threw:
        base *= 0.25  # he threw it himself: he seldom waits on it
    if kind in opp.passed:
        base *= 0.15  # it just went past him: had he waited on it he would (mostly) have won
    return min(1.0, base)


def danger(view: SeatState, opponents: list[Opponent], kind: int, unseen: list[int], full: bool = True) -> float:
    """Expected number of deal-ins from throwing `kind` (sum over opponents of threat × wins-on-it)."""
    return sum(o.threat * deal_in_chance(view, o, kind, unseen, full) for o in opponents)


def safest_reason(view: SeatState, opponents: list[Opponent], kind: int, unseen: list[int]) -> str:
    """Why a tile is safe, as a short key the hint turns into words: "all_seen", "threw", "suji", "" (none)."""
    if kind >= 27 and unseen[kind] <= 1:
        return "all_seen"
    ready = [o for o in opponents if o.threat >= 0.3]
    if ready and all(kind in o.threw or kind in o.passed for o in ready):
        return "threw"
    return ""


def feed_chance(view: SeatState, kind: int, unseen: list[int]) -> float:
    """The chance that throwing `kind` feeds a claim that makes this seat liable (承包, 互包, 十二张落地 — the rule
    set's `feeding_liability`): an opponent one claim short of it pongs (he may hold a pair of it) or, if he sits
    next, chows it."""
    rule = view.variant.feeding_liability(view.options)
    if rule is None or kind >= len(unseen):
        return 0.0
    chance = 0.0
    for seat, row in enumerate(view.melds):
        if seat == view.seat:
            continue
        shown = [m for m in row if m.type != "concealed_kong"]
        fed = sum(1 for m in shown if m.from_seat == view.seat)
        if not ((rule.from_same and fed == rule.from_same - 1) or (rule.melds and len(shown) == rule.melds - 1)):
            continue
        hidden = unseen[kind]
        pong = 0.0 if hidden < 2 else 0.12 * (hidden - 1)  # he holds two of the hidden copies
        chow = 0.2 if (kind < 27 and seat == (view.seat + 1) % view.players
                       and view.variant.allows_chow(view.options)) else 0.0
        chance += min(0.6, pong + chow)
    return min(1.0, chance)


# The reading's probability of "ready", as measured per rule set (benchmarks/calibrate_reading.py --raw over four
# expert seats, seeds 1–54, two rounds each, 11,700–27,400 readings a rule set; bins of 0.1 pooled where a higher one
# was readier less often, so the share never falls as the reading rises): (raw reading at least, share of such
# opponents that were ready, on any shape). A rule set not measured reads as raw. The expert's defence weighs in
# where that p times his threat to a discard (Opponent.share) reaches its Skill.threat_ready (a level reading by the
# learnt model takes the model's p instead). The hint's "an opponent looks ready" goes by the learnt reading where
# the rule set has one (learnt.py: all five today), else by this p >= 0.5.
CALIBRATION: dict[str, tuple[tuple[float, float], ...]] = {
    # the bins from 0.6 pooled with the check runs' seeds too (101-140, 585 readings in all): seeds 1-54 alone put
    # them at 0.516 and 0.655-0.699, and on the check seeds they were ready 0.351-0.374 and 0.395-0.536 of the time
    "nanning": ((0.0, 0.0), (0.1, 0.047), (0.2, 0.152), (0.3, 0.196), (0.4, 0.272), (0.5, 0.325), (0.6, 0.458),
                (0.7, 0.619)),
    "beihai": ((0.0, 0.005), (0.1, 0.14), (0.2, 0.297), (0.3, 0.32), (0.4, 0.438), (0.5, 0.622), (0.6, 0.678),
               (0.7, 0.731), (0.8, 0.864)),
    "guiliu": ((0.0, 0.001), (0.1, 0.047), (0.2, 0.188), (0.3, 0.257), (0.4, 0.309), (0.5, 0.474), (0.6, 0.539),
               (0.7, 0.588), (0.8, 0.739)),
    # calls come early under the 3-fan minimum, so the reading runs high long before hands are ready
    "guangdong": ((0.0, 0.001), (0.1, 0.006), (0.2, 0.02), (0.4, 0.031), (0.5, 0.067), (0.6, 0.1), (0.7, 0.224),
                  (0.8, 0.537)),
    "hainan": ((0.0, 0.003), (0.1, 0.062), (0.2, 0.088), (0.3, 0.179), (0.4, 0.348), (0.5, 0.361), (0.6, 0.498),
               (0.7, 0.63), (0.8, 0.738)),
}


def shown_class(shown) -> str:
    """An opponent's shown calls as DISCARD_SHARE keys them: "0" for none, else how many (3 for three or more),
    "C" if any is a chow else "P", and "1" if they keep to one suit (honour sets aside) else "2"."""
    if not shown:
        return "0"
    kind = "C" if any(m.type == "chow" for m in shown) else "P"
    suits = {m.tiles[0] // 9 for m in shown if m.tiles and m.tiles[0] < 27}
    return f"{min(3, len(shown))}{kind}{1 if len(suits) <= 1 else 2}"


# Where a minimum keeps a plain hand from winning on a discard, the share of ready opponents whose hand still may win
# on one, by the calls they show (shown_class), measured where the minimum holds (Guangdong at its defaults, Nanning
# without 平胡点炮; benchmarks/calibrate_reading.py --discard-share over four expert seats, seeds 1000-1399, two rounds
# each; every ready opponent at every discard counted, so a hand that stays ready long counts often: the two halves
# of the seeds differed by up to 0.3 in a class). Guangdong's mixed chows in two suits never won on a discard; in
# Nanning hardly any ready hand with one or two pongs did.
DISCARD_SHARE: dict[str, dict[str, float]] = {
    "guangdong": {"0": 0.391, "1C1": 0.561, "1P1": 0.481, "2C1": 0.617, "2C2": 0.0, "2P1": 0.539, "2P2": 0.07,
                  "3C1": 0.64, "3C2": 0.0, "3P1": 0.653, "3P2": 0.181},
    "nanning": {"0": 0.112, "1P1": 0.001, "2P1": 0.009, "2P2": 0.045, "3P1": 0.243, "3P2": 0.321},
}
_UNMEASURED_SHARE = 0.35  # a class of calls not seen in the measured games (the constant these replaced)


def discard_share(rule_set: str, shown) -> float:
    """The measured chance that a ready opponent showing these calls may win on a discard, where a minimum keeps
    a plain hand from it (DISCARD_SHARE)."""
    return DISCARD_SHARE.get(rule_set, {}).get(shown_class(shown), _UNMEASURED_SHARE)


def ready_chance(rule_set: str, opp: Opponent) -> float:
    """The chance that `opp` is ready: the learnt model's where he is read by one, else the rough reading through
    the rule set's calibration."""
    return opp.ready if opp.model is not None else calibrated_ready(rule_set, opp.ready)


def calibrated_ready(rule_set: str, ready: float) -> float:
    """The share of opponents read as `ready` who were ready, in this rule set's measured games."""
    table = CALIBRATION.get(rule_set)
    if not table:
        return ready
    share = table[0][1]
    for floor, measured in table:
        if ready >= floor:
            share = measured
    return share
