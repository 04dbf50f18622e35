"""The levels a player picks: easy, normal, hard and expert — one bot, differing in skill only.

Every level sees only its own seat's view. What they weigh:

- easy: distance to a win and how connected each tile is, with slips (a random one of its best few);
- normal: distance, then how many unseen tiles would improve the hand (受牌数);
- hard: also what the hand can be worth (fan, multipliers, minimums) and a little defence;
- expert: the value of each option weighed by its chance before the wall runs out, the danger of each tile from
  opponents' discards and calls, folding when a deal-in would cost more than the hand is worth; declines a cheap
  win when a much bigger one is likely; explains its move (`advise`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.engine.melds import Meld
from game.engine.state import Action
from game.engine.tiles import NUM_PLAYABLE
from game.engine.variant import SetupChoice
from game.engine.view import SeatView
from game.engine.wincheck import WinCheck

from .reading import Opponent, danger, read_opponents, safest_reason
from .value import PLANS, TableValues, finish_chance, improving, own_draws_left, plan_acceptance, plan_distance, rough


@dataclass(frozen=True)
class Skill:
    acceptance: bool  # counts the tiles that improve the hand
    value: bool  # weighs what the hand is worth
    defence: float  # 0: never defends; 1: weighs deal-ins at their full expected cost
    slips: float  # chance of a careless discard among its best few
    decline_cheap: bool  # may pass a cheap win for a likely much bigger one


SKILLS = {
    "easy": Skill(acceptance=False, value=False, defence=0.0, slips=0.3, decline_cheap=False),
    "normal": Skill(acceptance=True, value=False, defence=0.0, slips=0.0, decline_cheap=False),
    "hard": Skill(acceptance=True, value=True, defence=0.6, slips=0.0, decline_cheap=False),
    "expert": Skill(acceptance=True, value=True, defence=1.0, slips=0.0, decline_cheap=True),
}


@dataclass
class Option:
    """One candidate move, valued: what it leaves and why."""
    action: Action
    distance: int
    accept: int = 0  # unseen tiles that improve (or, when ready, the waits' unseen count)
    waits: list[tuple[int, int]] = field(default_factory=list)  # when ready: (kind, unseen) that win
    helps: list[int] = field(default_factory=list)  # when not ready: the kinds that improve it
    hand: str = ""  # the hand type the best plan aims at
    gain: float = 0.0  # expected points from going on with it
    risk: float = 0.0  # expected points lost to a deal-in by it
    safety: str = ""  # why the thrown tile is safe, if it is

    @property
    def score(self) -> float:
        return self.gain - self.risk


@dataclass
class Advice:
    """The move a level would make, and the facts its hint gives (the UI words them)."""
    action: Action
    option: Option | None = None
    mode: str = "attack"  # "attack", "fold", "win", "call", "pass", "kong"


class SkilledBot:
    def __init__(self, level: str = "normal", seed: int | str = 0):
        if level not in SKILLS:
            raise ValueError(f"unknown AI level {level!r}")
        self.level = level
        self.skill = SKILLS[level]
        self.rng = random.Random(f"bot:{level}:{seed}")
        self._values: TableValues | None = None
        self._values_key: tuple | None = None

    # ---- the interface bots share
    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        return self.advise(view, legal).action

    def choose_setup(self, choice: SetupChoice, facts: dict) -> int:
        """上嘎 and the like: the expert raises what it stakes when it expects to outplay the table (an edge pays
        in proportion to the stake), the others keep the least they may."""
        values = list(choice.values)
        if self.level == "expert" and len(values) > 1:
            return values[min(len(values) - 1, 1 + values.index(choice.default) if choice.default in values else 1)]
        if self.level == "hard" and len(values) > 1:
            return values[min(len(values) - 1, 1)] if choice.default == values[0] else choice.default
        return choice.default

    def advise(self, view: SeatView, legal: list[Action]) -> Advice:
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        check = WinCheck.at(view.variant, view.options, view.players)
        if "win" in by_type:
            win = by_type["win"][0]
            if not (self.skill.decline_cheap and self._declines(view, check, win, by_type)):
                return Advice(win, mode="win")
        if "pass" in by_type:
            return self._answer_claim(view, check, by_type)
        for kong_type in ("concealed_kong", "added_kong"):
            for a in by_type.get(kong_type, []):
                if self._kong_keeps_distance(view, check, a):
                    return Advice(a, mode="kong")
        discards = by_type.get("discard", [])
        if not discards:  # nothing else is legal (a pass-locked win skipped above, say): the first legal move
            return Advice(legal[0], mode="pass")
        return self._discard(view, check, discards)

    # ---- values
    def _table_values(self, view: SeatView) -> TableValues:
        key = (id(view.variant), view.options, view.players, view.dealer, view.seat, tuple(sorted(
            (k, str(v)) for k, v in view.table_facts().context.items())))
        if self._values_key != key or self._values is None:
            self._values_key = key
            self._values = TableValues(view)
        return self._values

    def _evaluate(self, view: SeatView, check: WinCheck, counts: list[int], melds: list[Meld], unseen: list[int],
                  action: Action, opponents: list[Opponent] | None) -> Option:
        """Value the hand `counts` (3k+1 tiles, after the move) would go on with."""
        ghost = view.ghost
        now = check.distance(counts, ghost, melds)
        opt = Option(action, now)
        if now == 0:
            info = view.wait_info(counts)
            opt.waits = [(w.kind, w.unseen) for w in info if w.by_discard or w.by_self_draw]
            opt.accept = sum(n for _, n in opt.waits)
        elif self.skill.acceptance:
            opt.helps = improving(check, counts, ghost, melds, unseen, now)
            opt.accept = sum(unseen[k] for k in opt.helps)
        if self.skill.value:
            opt.gain, opt.hand = self._gain(view, check, counts, melds, unseen, opt, self._hazard(view, opponents))
        if opponents and action.type == "discard" and action.tile is not None and self.skill.defence:
            loss = self._table_values(view).loss_on_deal_in
            # a far hand will have to throw more tiles before it wins: each one a risk like this one
            opt.risk = self.skill.defence * danger(view, opponents, action.tile, unseen) * loss * (1 + 0.5 * now)
            opt.safety = safest_reason(view, opponents, action.tile, unseen)
        return opt

    def _gain(self, view: SeatView, check: WinCheck, counts: list[int], melds: list[Meld], unseen: list[int],
              opt: Option, hazard: float) -> tuple[float, str]:
        values = self._table_values(view)
        total_unseen = max(1, sum(unseen[:NUM_PLAYABLE]))
        draws = own_draws_left(view)
        others = view.players - 1
        share = 0.6 if values.discard_wins else 0.0  # a win comes on a discard about this often where it may
        open_hand = any(m.is_exposed for m in melds)
        if opt.distance == 0:
            info = view.wait_info(counts)
            if not info:
                return 0.0, ""
            best_gain = 0.0
            p_win = 0.0
            weighted = 0.0
            hand = ""
            for w in info:
                if not (w.by_discard or w.by_self_draw):
                    continue
                # another player throws one of his copies about as often as the seat draws one
                reach = w.unseen * (1 + (0.5 * others if w.by_discard else 0))
                p_win += reach
                v_self = self._points_of(view, counts, melds, w.kind, None)
                v_disc = self._points_of(view, counts, melds, w.kind, (view.seat + 1) % view.players) \
                    if w.by_discard else None
                v = v_self if v_disc is None else share * v_disc + (1 - share) * v_self
                weighted += reach * v
                if v > best_gain:
                    best_gain = v
                    hand = self._hand_of(view, counts, melds, w.kind)
            if p_win <= 0:
                return 0.0, hand
            chance = finish_chance(0, 0.0, rough(p_win / total_unseen), draws, hazard=hazard)
            return chance * weighted / p_win, hand
        best, best_hand = 0.0, ""
        for plan in PLANS:
            pv = values.value(view, plan, open_hand)
            if pv is None:
                continue
            v = pv.mixed(share)
            if v <= best:
                continue
            d = opt.distance if plan.id == "any" else plan_distance(check, plan, counts, view.ghost, melds)
            if d is None or d < 0 or d > opt.distance + 2 or d > 6:
                continue
            accept = opt.accept if plan.id == "any" else plan_acceptance(plan, counts, view.ghost, unseen, opt.helps)
            p_step = rough(max(accept, 1) / total_unseen)
            p_win = rough(min(0.5, 6 * (1 + 0.5 * others * (pv.discard is not None)) / total_unseen))
            g = finish_chance(d, p_step, p_win, draws, total_unseen // 4 * 4, plan.profile, hazard) * v
            if g > best:
                best, best_hand = g, pv.hand
        return best, best_hand

    @staticmethod
    def _hazard(view: SeatView, opponents: list[Opponent] | None) -> float:
        """The chance per turn that someone else ends the round first, from how ready the others look."""
        if opponents is None:
            opponents = read_opponents(view)
        return rough(min(0.5, 0.02 + 0.12 * sum(o.ready for o in opponents)))

    def _points_of(self, view: SeatView, counts: list[int], melds: list[Meld], kind: int,
                   discarder: int | None) -> float:
        from .value import winner_gain
        got = winner_gain(view, view.seat, counts, kind, discarder, melds)
        return got[0] if got else 0.0

    def _hand_of(self, view: SeatView, counts: list[int], melds: list[Meld], kind: int) -> str:
        from .value import winner_gain
        got = winner_gain(view, view.seat, counts, kind, None, melds)
        return got[1] if got else ""

    # ---- decisions
    def _discard(self, view: SeatView, check: WinCheck, discards: list[Action]) -> Advice:
        counts = view.hand
        melds = view.own_melds
        ghost = view.ghost
        candidates = [a for a in discards if a.tile != ghost] or discards
        unseen = view.unseen()
        opponents = read_opponents(view) if self.skill.defence else None
        seen: dict[int, Option] = {}
        target = check.distance(counts, ghost, melds)
        for a in candidates:
            k = a.tile
            assert k is not None
            if k in seen:
                continue
            counts[k] -= 1
            if self.skill.value or self.skill.defence or check.distance(counts, ghost, melds) <= target + 1:
                seen[k] = self._evaluate(view, check, counts, melds, unseen, a, opponents)
            counts[k] += 1
        options = list(seen.values())
        if not options:
            return Advice(candidates[0])
        flush = None if self.skill.value else _flush_suit(view, counts)
        options.sort(key=lambda o: self._rank(o, counts, flush))
        if self.skill.slips and len(options) > 1 and self.rng.random() < self.skill.slips:
            slip = self.rng.choice(options[:3])
            return Advice(slip.action, slip)
        best = options[0]
        if self.skill.value or self.skill.defence:
            best = self._weigh(view, options, counts)
        mode = "fold" if best.risk < min(o.risk for o in options) + 1e-9 and best.distance > min(
            o.distance for o in options) else "attack"
        return Advice(best.action, best, mode)

    def _weigh(self, view: SeatView, options: list[Option], counts: list[int]) -> Option:
        """Speed first (the normal level's order). Value moves the choice among options as fast, one step slower for
        half as much again in expected points, or early in the round two steps slower for three times as much;
        danger moves it anywhere once the quick discard's expected loss nears what the hand is expected to win
        (folding)."""
        quick = min(options, key=lambda o: (o.distance, -o.accept, _connectedness(counts, o.action.tile or 0),
                                            o.action.tile or 0))
        early = own_draws_left(view) >= 12
        if quick.risk > 0.6 * quick.gain:
            pool = options
        else:
            pool = [o for o in options if o.distance == quick.distance
                    or (o.distance == quick.distance + 1 and o.gain >= 1.5 * quick.gain)
                    or (early and o.distance == quick.distance + 2 and o.gain >= 3 * quick.gain)]
        best = max(pool, key=lambda o: (round(o.score, 4), -o.distance, o.accept))
        if best is not quick and best.score <= quick.score + 0.1 * abs(quick.gain) + 0.02:
            return quick
        return best

    def _rank(self, o: Option, counts: list[int], flush: int | None) -> tuple:
        """Sort key: smaller is better."""
        k = o.action.tile or 0
        if self.skill.value or self.skill.defence:
            # expected points, then distance and acceptance as tie-breaks (early on the values are all small)
            return (-round(o.score, 3), o.distance, -o.accept, _connectedness(counts, k), k)
        # at equal distance, keep the suit the hand leans to where the rule set makes flushes pay (flush_lean)
        keep = flush is not None and k < 27 and k // 9 == flush
        if self.skill.acceptance:
            return (o.distance, -o.accept, keep, _connectedness(counts, k), k)
        return (o.distance, keep, _connectedness(counts, k), k)

    def _answer_claim(self, view: SeatView, check: WinCheck, by_type: dict[str, list[Action]]) -> Advice:
        counts = view.hand
        melds = view.own_melds
        ghost = view.ghost
        flowers = sum(counts[NUM_PLAYABLE:])
        now = check.distance(counts, ghost, melds)
        tile = view.claim_tile
        assert tile is not None
        unseen = view.unseen()
        pass_action = by_type["pass"][0]
        if "kong" in by_type:
            counts[tile] -= 3
            after = check.distance(counts, ghost, melds + [Meld("kong", [tile] * 4, view.claim_from, tile)])
            counts[tile] += 3
            if after <= now and not (self.skill.value and now == 0 and not melds):
                return Advice(by_type["kong"][0], mode="call")
        if flowers:
            now_value = None  # flowers still held from the deal: the distance alone decides
        else:
            now_value = self._evaluate(view, check, counts, melds, unseen, pass_action, None) \
                if self.skill.value else None
        best_call: tuple[float, Action] | None = None
        for kind in ("pong", "chow"):
            for a in by_type.get(kind, []):
                used = [tile, tile] if kind == "pong" else list(a.tiles)
                for k in used:
                    counts[k] -= 1
                meld = Meld(kind, sorted([tile, *used]), view.claim_from, tile)
                after = check.distance(counts, ghost, melds + [meld])
                if now_value is None:
                    if after < now:
                        for k in used:
                            counts[k] += 1
                        return Advice(a, mode="call")
                else:
                    # a call that speeds the hand up is made unless it throws away most of the hand's worth (a
                    # concealed bonus, a minimum only a concealed hand reaches); one that does not, only for value
                    got = self._best_after_call(view, check, counts, melds + [meld], unseen)
                    worth = (after < now and got >= 0.5 * now_value.gain) or (after <= now and got > 1.3 * now_value.gain)
                    if worth and (best_call is None or got > best_call[0]):
                        best_call = (got, a)
                for k in used:
                    counts[k] += 1
        if best_call is not None:
            return Advice(best_call[1], mode="call")
        return Advice(pass_action, mode="pass")

    def _best_after_call(self, view: SeatView, check: WinCheck, counts: list[int], melds: list[Meld],
                         unseen: list[int]) -> float:
        """The best expected gain over the discards that would follow a call (counts: 3k+2 after the call)."""
        best = 0.0
        ghost = view.ghost
        target = check.distance(counts, ghost, melds)
        for k in range(NUM_PLAYABLE):
            if not counts[k] or k == ghost:
                continue
            counts[k] -= 1
            if check.distance(counts, ghost, melds) <= target:
                o = self._evaluate(view, check, counts, melds, unseen, Action(view.seat, "discard", tile=k), None)
                best = max(best, o.gain)
            counts[k] += 1
        return best

    def _kong_keeps_distance(self, view: SeatView, check: WinCheck, a: Action) -> bool:
        counts = view.hand
        melds = view.own_melds
        assert a.tile is not None
        before = check.distance(counts, view.ghost, melds)
        counts[a.tile] -= 4 if a.type == "concealed_kong" else 1
        if a.type == "concealed_kong":
            melds = melds + [Meld("concealed_kong", [a.tile] * 4)]
        return check.distance(counts, view.ghost, melds) <= before

    def _declines(self, view: SeatView, check: WinCheck, win: Action, by_type: dict[str, list[Action]]) -> bool:
        """Pass a cheap win on a discard when a much bigger hand on the same wait is likely enough, and only where
        a passed win does not bar the bigger one (the pass-lock's "unless higher"). A self-draw is always taken."""
        if "pass" not in by_type or view.claim_tile is None:
            return False
        lock = view.variant.pass_lock
        if lock is not None and not lock.unless_higher:
            return False
        counts = view.hand
        melds = view.own_melds
        tile = view.claim_tile
        now = self._points_of(view, counts, melds, tile, view.claim_from)
        if now <= 0:
            return False
        unseen = view.unseen()
        others = view.players - 1
        big: list[tuple[float, float]] = []  # (reach, value) of the waits that pay far more, compared like for like
        for w in view.wait_info(counts):
            if w.by_discard:
                v = self._points_of(view, counts, melds, w.kind, view.claim_from)
                reach = w.unseen * (1 + 0.5 * others)
            elif w.by_self_draw:
                v = 0.5 * self._points_of(view, counts, melds, w.kind, None)
                reach = w.unseen
            else:
                continue
            if v >= 4 * now and reach > 0:
                big.append((reach, v))
        if not big:
            return False
        total_unseen = max(1, sum(unseen[:NUM_PLAYABLE]))
        # someone else may win first or the wall may run out: the chance is discounted
        p = 0.7 * finish_chance(0, 0.0, rough(min(0.5, sum(r for r, _ in big) / total_unseen)), own_draws_left(view))
        expected = p * sum(r * v for r, v in big) / sum(r for r, _ in big)
        return expected > 2.0 * now and p > 0.35


def _flush_suit(view: SeatView, counts: list[int]) -> int | None:
    """The suit worth keeping for 清一色, if the hand leans that way. How far the hand must lean is the rule set's
    call (Variant.flush_lean)."""
    ghost = view.ghost
    per_suit = [sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])]
    if ghost is not None and ghost < 27:
        per_suit[ghost // 9] -= counts[ghost]  # wildcards belong to no suit
    total = sum(per_suit)
    for m in view.own_melds:
        if m.tiles[0] < 27:
            per_suit[m.tiles[0] // 9] += 3
            total += 3
        else:
            return None  # an honour set already spoils a flush
    total += sum(counts[27:34]) - (counts[ghost] if ghost is not None and ghost >= 27 else 0)
    threshold = view.variant.flush_lean(view.options)
    best = max(range(3), key=lambda i: per_suit[i])
    return best if total and per_suit[best] / total >= threshold else None


def _connectedness(counts: list[int], k: int) -> int:
    """How much a tile works with the rest of the hand (counts still hold the tile itself once)."""
    score = counts[k] * 3
    if k < 27:
        n = k % 9
        if n >= 2:
            score += counts[k - 2]
        if n >= 1:
            score += 2 * counts[k - 1]
        if n <= 7:
            score += 2 * counts[k + 1]
        if n <= 6:
            score += counts[k + 2]
        if 2 <= n <= 6:
            score += 1
    return score
