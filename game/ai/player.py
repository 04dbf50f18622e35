"""The levels a player picks: easy, normal, hard and expert — one bot, differing in skill only.

Every level sees only its own seat's view. What they weigh:

- easy: distance to a win and how connected each tile is, careless most of the time (four discards in five a
  random one of its best three); it reads no value and keeps no count of the table;
- normal: distance, then what the hand can be worth (fan, multipliers, minimums: a hand that can never win is no
  hand), careless now and then (about one discard in three a random one of its best three); no defence, and no tile
  counting: it knows only its own tiles, so a wait looks as good as its kinds whether their copies lie in the
  discards or not (but at 北海's table, where every win is self-drawn, it counts: NORMAL_TUNING);
- hard: never careless; also counts the table (受牌数 over the tiles still unseen) and looks one step ahead; it
  does not defend;
- expert: everything: reads the table (筋, 壁, a caller's suit, hidden honours) and defends by the rule set's
  payments — a deal-in weighed at what it costs this seat beyond what it would pay anyway (a ready hand not fed may
  be self-drawn: under one-share deal-ins and three-share self-draws feeding it costs little) plus the hand it would
  end; declines a cheap win when a much bigger one is likely; picks its 上嘎 by its chances; explains its move
  (`advise`); and searches: its best few discards played forward on sampled deals of the tiles it has not seen
  (search.py), a switch from the reading's choice only on a clear paired margin — in the rule sets
  where that measured no worse (EXPERT_TUNING turns it off in the others), and where kongs pay well (北海) it
  weighs a kong by its points against the discard or call it would make instead. `think_s` sets how long it may
  think per searched decision (a rollout count at a calibrated pace, so its choices never depend on the clock).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace

from game.engine.melds import Meld
from game.engine.seat_state import SeatState, tile_copies
from game.engine.state import Action
from game.engine.tiles import NUM_PLAYABLE
from game.engine.variant import SetupChoice
from game.engine.wincheck import WinCheck

from .gain_scale import gain_scale
from .learnt import model_for
from .reading import (
    Opponent,
    danger,
    discard_share,
    feed_chance,
    looks_ready,
    read_opponents,
    ready_chance,
    safest_reason,
)
from .value import (
    PLANS,
    TableValues,
    context_key,
    finish_chance,
    improving,
    kong_points,
    own_draws_left,
    plan_distance,
    ready_waits,
    rough,
    shared_table_values,
    suit_counts,
    winner_gain,
)


@dataclass(frozen=True)
class Skill:
    acceptance: bool  # counts the tiles that improve the hand
    value: bool  # weighs what the hand is worth
    defence: float  # 0: never defends; 1: weighs deal-ins at their full expected cost
    slips: float  # chance of a careless discard among its best few
    decline_cheap: bool  # may pass a cheap win for a likely much bigger one
    lookahead: bool = False  # one step from ready: weighs each improving tile by the wait it would leave
    counting: bool = True  # counts the tiles seen on the table (discards, others' melds); else only its own hand
    reading: bool = True  # full reading of a tile's danger (筋, 壁, a caller's suit); else only what each one threw
    # (a defending level's; today only the expert defends)
    search: bool = False  # plays its best few discards forward on sampled deals of the unseen tiles (search.py)
    search_from: float = 0.0  # ... only when given at least this many seconds a decision (the Settings' longer
    # thinking); 0: at the default budget too
    round_end: float = 0.0  # the search's chance that a ready opponent ends the round on his turn (search.py)
    # how the value reading trades speed for worth (_attack): a discard one step slower is taken for this many
    # times the quickest one's expected points, two steps slower (early in the round) for `slower2`; a different
    # discard as fast only when it is worth `switch` times as much
    slower: float = 1.5
    slower2: float = 3.0
    # ... and one step slower toward 十三幺 (the orphans plan) for this many times (0: `slower`): its distance is
    # exact and its worth fixed above any cap, where `slower` guards against the plans' coarse shape and fan
    slower_orphans: float = 0.0
    switch: float = 1.1
    # when a defending level lets danger weigh in (_threatened: an opponent's calibrated chance of being ready),
    # and what a safer move must be ahead by: `fold_margin` of a deal-in's price, and `fold_step` more for each
    # step of speed it gives up (_weigh)
    threat_ready: float = 0.3
    fold_margin: float = 0.1
    fold_step: float = 0.25
    # calls (_answer_claim): one that speeds the hand up is made while it keeps `call_keep` of the hand's expected
    # points; one that keeps the distance, only for `call_value` times as much
    call_keep: float = 0.5
    call_value: float = 1.3
    chow_value: float | None = None  # ... and a chow that keeps it, for this many times (None: `call_value`)
    valued: int | None = None  # values only this many discards, the quickest (distance, then the least connected
    # tile): a cheaper reading for a level that slips among its best few anyway (None: every one in reach)
    # cheaper readings still, for a level that slips among its best few anyway: a ready hand's waits all read as
    # paying what the one with the most copies unseen pays (one win judged and settled, not every wait's), and the
    # plans' values read once a game as dealer and once not (at the first round of each), not anew for every table
    # state (the streak, the round wind, which seat deals)
    one_wait: bool = False
    game_values: bool = False
    # where no plain hand may win here (a minimum: Guangdong's 3 fan), the plain distance says less of the speed to
    # a hand that may: `valued_gated` discards are valued instead (on the tuning seeds normal with three won 0.107
    # of its Guangdong rounds against easy, with four 0.133)
    valued_gated: int | None = None
    # the slip drawn before any discard is valued where three discards or fewer are in reach (`valued` 3): a
    # careless discard is a random one of them, the same draw among the same discards as a random one of the best
    # three valued, and only a careful one is valued. Where four are (`valued_gated`) they are valued first and the
    # slip stays among the best three: slipping among the quickest three instead won normal fewer of its
    # Guangdong rounds on the tuning seeds (docs/benchmarks.md, branch `normal-speed3`)
    slip_unvalued: bool = False
    # answering a claim, the hand as it stands is worth what it was valued at when this seat threw its last tile
    # (the same hand, a few draws before), not valued again — where a plain hand may win: under a minimum (Guangdong)
    # it went with fewer wins on the tuning seeds, and the hand is valued anew there
    recall_pass: bool = False
    call_valued: int | None = None  # answering a claim, values only this many discards after each call (the
    # quickest, as `valued`; None: as `valued`)
    # weighs a kong by what it pays at once (the rule set's kong points) plus the hand it leaves, against the best
    # discard or, on a discard, against passing or ponging (else: a kong whenever the distance is kept)
    kong_value: bool = False
    # reads the opponents by the learnt model (learnt.py, fitted on logged games) instead of the rough reading, where
    # the rule set has one
    learnt: bool = False
    # the pace of the round (_hazard: the chance per turn that another seat ends it first) read from the learnt
    # model: 0.02 plus this times the sum of the others' chances of being ready (0: the rough reading's pace, as
    # every level reads it)
    learnt_hazard: float = 0.0
    # the value reading's expected points of going on, scaled by what such hands were found to bring in logged games
    # (gain_scale.py: by distance and draws left, fitted per rule set): the analytic chance of finishing a far hand
    # early in the round is far above what it comes to at a table of sound players
    gain_scaled: bool = False


# the expert's rollout round model (search.py: a ready opponent ends the round on his turn this often), off: at 0.12
# it was ahead of the expert without it on the tuning seeds 1000-1039 (Nanning +0.22, Beihai +0.53, Guangdong +2.00,
# Hainan -0.07 a round, each within noise) and behind the old figures against hard on the report seeds in every rule
# set it changes (Nanning -0.11 to +0.00, Beihai -0.26 to -0.15, Guangdong -11.49 to -3.73, Hainan +0.40 to +0.49;
# Nanning without 平胡点炮 -0.93 to -0.13): no gain shown. `arena.py` still plays it as `expert+round_end=0.12`.
ROUND_END = 0.0

SKILLS = {
    # The ladder's steps are skill, and carelessness: at equal care normal and hard played nearly level (hard:normal
    # over 300 seeds: Nanning +0.35 a round, the only one above zero; Beihai −0.24, Guiliu +0.97, Guangdong +1.13,
    # Hainan +0.20, within noise), and a slip — a discard picked at random from its best three — is what a less
    # careful player makes. With these slips both steps
    # are above zero in every rule set (hard:normal 100 seeds, Guangdong 500: +0.80 Nanning … +6.90 Guangdong;
    # normal:easy 100 seeds, Beihai and Guangdong 300: +0.96 Beihai … +9.33 Guangdong — docs/benchmarks.md).
    # no value reading, no counting, careless four moves in five (0.4 before: normal:easy in Beihai, where every win
    # is self-drawn and only offence counts, was +0.62 a round over 300 seeds, within noise)
    "easy": Skill(acceptance=False, value=False, defence=0.0, slips=0.8, decline_cheap=False, counting=False,
                  reading=False),
    # reads what a hand is worth, careless about one move in three; no defence, no tile counting (a wait is as
    # good as its kinds, dead or not)
    "normal": Skill(acceptance=False, value=True, defence=0.0, slips=0.35, decline_cheap=False, counting=False,
                    reading=False, valued=3, valued_gated=4, one_wait=True,
                    game_values=True, call_valued=1, slip_unvalued=True, recall_pass=True),
    # never careless, counts tiles and looks ahead; no defence: in arena runs a defence on the basic reading (a
    # tile's rank, who threw it) cost it more wins than it saved deal-ins (Guangdong hard:normal −6.1 a round with
    # it, +1.1 without; Nanning −0.2 and +0.35, Guiliu −0.3 and +1.0), and the expert's full reading and defence
    # did no better against normal (30 seeds: Nanning −0.06, Guangdong −14.2 ± 17.9, winning 0.14 of its rounds to
    # normal's 0.21 — docs/benchmarks.md)
    "hard": Skill(acceptance=True, value=True, defence=0.0, slips=0.0, decline_cheap=False, lookahead=True,
                  reading=False),
    # everything: full reading, full defence, declines cheap wins; a slower discard only for three times the
    # worth (hard: 1.5), and danger weighs in only where an opponent is ready with a calibrated chance of nearly one
    # half (hard never defends; at 0.3 the expert's defence lost to hard in Guiliu and Hainan; 0.5 was measured,
    # 0.45 differs from it only in Nanning, where three shown calls read as 0.475). Tuned on seeds 1000-1059 in the
    # arena's one-among-B's format (docs/benchmarks.md, "The expert per rule set")
    "expert": Skill(acceptance=True, value=True, defence=1.0, slips=0.0, decline_cheap=True, lookahead=True,
                    search=True, round_end=ROUND_END, slower=3.0, threat_ready=0.45),
}


# The expert's fields per rule set, where its arena runs on the tuning seeds (1000-1059, `arena.py --format one`,
# against hard) found other values better than the level's own (docs/benchmarks.md, "The expert per rule set").
EXPERT_TUNING: dict[str, dict] = {
    # the search loses: its few deals (9 a decision) over 烂牌's wide shapes overrate the hands it switches to (on
    # seeds 1000-1039 it won 0.15-0.21 of its rounds to hard's 0.30-0.33, expert:hard -4.6 and -5.4 a round)
    # Reads the opponents by the learnt model (learnt.py): where a deal-in pays for the table the defence is what
    # lifts the expert over hard, and the model reads who is ready and what he waits on better than the rough
    # clues; against the expert without it on the tuning seeds +0.10 (-0.13 … +0.34) a round on 1000-1299 and
    # +0.20 (-0.04 … +0.44) on 1300-1599, fewer deal-ins, as many wins (docs/benchmarks.md, session 18)
    "guiliu": {"search": False, "learnt": True},
    # the search loses: under the 3-fan minimum its rollouts, which never call, misjudge the hands that reach it
    # by calls (seeds 1000-1029: expert:hard -10.47 a round, -18.90 … -2.03, winning 0.117 of its rounds; without
    # the search +0.40, winning 0.171 as hard does)
    # Thirteen orphans (十三幺, cap + 4 fan above any cap: 512 on a discard at the default cap) are one win in thirty
    # but about 40 % of the win points, and hard reached them more often than the expert (at a cap of 4, 246 to 217
    # in 40,000 seat-rounds). Where the two differed with 十三幺 four steps away it was always the expert leaving the
    # orphans for the quicker plain route, hard (at its 1.5) keeping them; by paired rollouts (`rollout_values.py
    # disagree --near orphans:4`, seeds 1000-1599, the expert among hard) its move was worth -6.52 (se 2.64) a
    # decision at the defaults, -0.29 a seat-round, and -4.33 (se 2.41), -0.12 a seat-round, at a cap of 4 (other
    # rollout draws: -4.60, se 1.98, and -0.34, se 1.54). At 1.5 toward 十三幺 the two no longer differ there. On
    # fresh report seeds, against hard: at a cap of 4 +0.175 (+0.057 … +0.293, 78000-82999, 40,000 seat-rounds); at
    # the defaults +0.207 (+0.029 … +0.385, 93500-103499, 80,000), where the expert without it stood at -0.093
    # (-0.486 … +0.299, 86000-90999, 40,000), reaching 十三幺 227 times to hard's 263 (docs/benchmarks.md,
    # sessions 29 and 30). Not measured at other minimums (min_fan 0 and 1)
    "guangdong": {"search": False, "slower_orphans": 1.5},
    # the search loses: every win is self-drawn, and the rollout's switches trade the speed that wins here for
    # bigger hands (expert:expert@0, seeds 1000-1059: -0.14 and -0.23 a round, winning 0.192 of its rounds to 0.250).
    # Kongs pay at once here (concealed 2 from each, exposed 3 from the giver: more than a plain self-draw), so a
    # kong is weighed by its points; and a pong that keeps the distance is worth making for what it keeps (it
    # takes the turn from the seats in between, who could each have self-drawn): against expert@0 on seeds
    # 1000-1059 and 1060-1179, kong_value +0.14 and +0.02 a round, call_value 1.0 +0.21 and +0.08, both +0.09 on
    # the second range (each within noise; docs/benchmarks.md)
    # The round's pace read by the learnt model (learnt_hazard 0.25): where every win is self-drawn the pace is
    # what sets speed against size, and the model reads who is ready better than the rough clues (log-loss 0.37
    # against 0.41 on seeds it was not fitted on); against the expert without it on the tuning seeds +0.04 a round
    # at 0.2 and at 0.35 (1000-1299), +0.05 at 0.25 (1300-1599), each within noise (docs/benchmarks.md, session 18)
    "beihai": {"search": False, "kong_value": True, "call_value": 1.0, "learnt_hazard": 0.25},
    # the search at its default budget (9 deals a decision) loses: valued by rollouts of the real round at the
    # expert's own decisions against hard's (benchmarks/rollout_values.py --table one), the expert with it -0.11
    # (se 0.18) a seat-round over hard (seeds 40000-40299), without it +0.28 (se 0.09) and +0.14 (se 0.10)
    # (40000-40299, 40300-40599); on the tuning seeds 1000-1299 the arena had the two level (expert@0:expert -0.03,
    # -0.29 … +0.24). A player who gives the expert longer (Settings: 0.2 s or 1 s a decision) still has it
    # searched, with far more deals. On fresh report seeds (8000-10399, 19,200 seat-rounds) the expert without it
    # is level with hard, +0.04 (about -0.04 … +0.11) (docs/benchmarks.md, session 22)
    # A pong that keeps the distance, made for what it keeps (call_value 1.0, as in Beihai), but a chow only for
    # more (chow_value 1.3, the level's): by rollouts at the expert's own decisions (seeds 40000-40599) its pongs
    # where hard passes were worth +1.70 a pong (53, se 0.51) and its chows for value -0.72 a chow (142, se 0.28) when
    # both were made at 1.0; on the tuning seeds 1000-1599 (arena, against hard) +0.12 a seat-round with them, +0.07
    # without (docs/benchmarks.md, session 24)
    "hainan": {"search_from": 0.2, "call_value": 1.0, "chow_value": 1.3},
    # the search loses wins: expert:expert@0 on seeds 1100-1299 (1,600 seat-rounds) -0.10 a round (-0.22 … +0.03),
    # winning 0.233 of its rounds to 0.253 (on seeds 1030-1059 +0.12, on 240)
    # Pongs that keep the distance made for what they keep (call_value 1.0), and kongs weighed by what they pay at
    # once (kong_value): by rollouts at the expert's own decisions (seeds 40000-40599) its pongs where hard passes
    # +0.14 to +0.26 a pong (about 165 a run), its kongs +0.7 to +1.3 (a dozen); on the tuning seeds 1000-1599
    # (arena, against hard) +0.07 a seat-round with both, +0.02 without (docs/benchmarks.md, session 24)
    "nanning": {"search": False, "call_value": 1.0, "kong_value": True},
    # Without 平胡点炮 a ready opponent threatens a discard only with a big hand (Opponent.share: 0.11 with no calls
    # shown, at most 0.32 with three), so his chance times that share never reached the level's 0.45 and the
    # defence never weighed in: no fold, no safer tile, against the hands that pay most when fed. At 0.1 it does: by
    # rollouts at the expert's own decisions (seeds 40000-40599) +0.067 (se 0.039) a seat-round over hard, against
    # +0.006 (0.032) at 0.45. On fresh report seeds (37100-38599, 12,000 seat-rounds) still level with hard, -0.004
    # (-0.078 … +0.070): kept for its tuning figures, not for a shown gain (docs/benchmarks.md, session 25)
    "nanning/pinghu_discard=false": {"threat_ready": 0.1},
    # With no minimum (min_fan 0) every hand may win and most are cheap (1.1 fan a win): a safer discard must be
    # ahead by 0.6 of a deal-in's price, not 0.1 (the level's folds and defensive discards were worth -1.5 and
    # -1.4 each by rollouts at its own decisions, seeds 40000-40599), and a slower discard is taken only for five
    # times the quickest one's worth, not three. Against the expert without them on the tuning seeds 1000-1599
    # (arena `--format one`, 4,800 seat-rounds): fold_margin 0.6 +0.054 (+0.017 … +0.092), slower 5 +0.041
    # (-0.026 … +0.109), both +0.106 (+0.030 … +0.183) a seat-round. On fresh report seeds (41000-42199, 9,600
    # seat-rounds) over efficiency +0.54 (+0.08 … +0.99), over hard level, +0.03 (-0.26 … +0.31): it wins more of its
    # rounds than hard (0.30 to 0.25) and deals in less (0.16 to 0.19), for smaller hands (docs/benchmarks.md,
    # session 26)
    "guangdong/min_fan=0": {"fold_margin": 0.6, "slower": 5.0},
}

# The normal level's fields per rule set, where the ladder (hard over normal over easy) was measured to need them.
NORMAL_TUNING: dict[str, dict] = {
    # every win is self-drawn, so what the wall still holds is all a hand can go by: normal, which else counts only
    # its own tiles (a wait as good as its kinds, dead or not), played hardly above easy here and counting the table
    # lifts it clear, hard staying above it (arena `--format one`, 2,400 seat-rounds each: normal:easy on seeds
    # 1000-1299 +0.34 (-0.18 … +0.86) without, +0.67 (+0.02 … +1.32) with; on 1300-1599 with it +1.06 (+0.51 …
    # +1.62), hard over it +1.23 (+0.77 … +1.69); docs/benchmarks.md, session 17)
    "beihai": {"counting": True},
}

_TUNING = {"expert": EXPERT_TUNING, "normal": NORMAL_TUNING}


def tuning_keys(table: dict[str, dict], rule_set: str, options=None, players: int | None = None) -> tuple[str, ...]:
    """The keys of a tuning table that apply at this table, in the order their fields are laid over each other: the
    rule set's own ("nanning"), then each of its refinements whose condition the table meets, as written in the
    table ("beihai/players=2": that many seats; "nanning/pinghu_discard=false": an option's value, in JSON)."""
    keys = [rule_set] if rule_set in table else []
    for key in table:
        base, _, condition = key.partition("/")
        if base != rule_set or not condition:
            continue
        name, _, value = condition.partition("=")
        have = players if name == "players" else getattr(options, name, None)
        if have is not None and have == json.loads(value):
            keys.append(key)
    return tuple(keys)


@dataclass
class Option:
    """One candidate move, valued: what it leaves and why."""
    action: Action
    distance: int
    accept: int = 0  # unseen tiles that improve (or, when ready, the waits' unseen count)
    waits: list[tuple[int, int]] = field(default_factory=list)  # when ready: (kind, unseen) that win
    helps: list[int] = field(default_factory=list)  # when not ready: the kinds that improve it
    quality: float | None = None  # one step from ready: improving tiles × the waits each would leave (lookahead)
    value_distance: int | None = None  # steps to the nearest hand that may win at this table (levels that weigh value)
    hand: str = ""  # the hand type the best plan aims at
    plan: str = ""  # that plan's id (value.PLANS: "half0", "orphans", ...; "" when ready or unvalued)
    gain: float = 0.0  # expected points from going on with it
    risk: float = 0.0  # expected points lost to a deal-in by it
    safety: str = ""  # why the thrown tile is safe, if it is
    deal_in: float = 0.0  # the reading's expected number of deal-ins from the thrown tile
    searched: float | None = None  # the search's mean outcome of the move in points (searching levels)

    @property
    def score(self) -> float:
        return self.gain - self.risk


@dataclass
class Advice:
    """The move a level would make, and the facts its hint gives (the UI words them)."""
    action: Action
    option: Option | None = None
    mode: str = "attack"  # "attack", "fold" (someone looks ready: play safe), "defend" (safe, no one sure to be
    # ready), "win", "call", "pass", "kong"
    options: list[Option] = field(default_factory=list)  # a discard's every valued candidate (what the hint weighed)
    # answering a claim, the hand after the call advised: "closer" to ready, "as near" or "farther" (a call made for
    # what it adds, not for speed); for a pass, "closer" where a call offered would have been. The hint words it
    step: str | None = None


class SkilledBot:
    def __init__(self, level: str = "normal", seed: int | str = 0, think_s: float | None = None,
                 skill: dict | None = None):
        if level not in SKILLS:
            raise ValueError(f"unknown AI level {level!r}")
        self.level = level
        # `skill`: fields of the level's Skill replaced, for ablations in the arena (benchmarks/arena.py
        # `expert+defence=0`); the bot's rng stays the level's, so a change is measured on the same choices
        self._skill_fields = dict(skill or {})
        self._skills: dict[tuple, Skill] = {}  # the level's Skill by the tuning keys a table takes, made once
        self.skill = replace(SKILLS[level], **skill) if skill else SKILLS[level]
        self.rng = random.Random(f"bot:{level}:{seed}")
        self._values: TableValues | None = None
        self._values_key: tuple | None = None
        self._memo: dict = {}
        self._game_values: dict[tuple, TableValues] = {}  # Skill.game_values: this bot's own, dealing or not
        self._recalled: tuple | None = None  # Skill.recall_pass: (the hand its last discard left, its gain)
        # the expert's thinking time per searched decision in seconds (None: search.DEFAULT_THINK_S; 0: no search,
        # the value reading alone), turned into a rollout count by a calibrated pace: see game/ai/search.py
        self.think_s = think_s
        self.searched = 0  # decisions searched
        self.capped = 0  # of them, stopped by the clock's safety cap (search.py: never on an ordinary machine)

    def _searching(self) -> bool:
        """Whether this decision's discards are searched: the level searches here, and its thinking time allows."""
        from .search import DEFAULT_THINK_S

        think = DEFAULT_THINK_S if self.think_s is None else self.think_s
        return self.skill.search and think > 0 and think >= self.skill.search_from

    # ---- the interface bots share
    def choose(self, view: SeatState, legal: list[Action]) -> Action:
        return self.advise(view, legal).action

    def choose_setup(self, choice: SetupChoice, facts: dict) -> int:
        """上嘎 and the like: a stake multiplies every payment the seat makes or receives, so one more step gains in
        proportion to its edge over the table. The expert raises by a step when it expects to outplay the table; the
        hard level puts up one step over its floor each round; the others keep the least they may."""
        values = list(choice.values)
        if self.level == "expert" and len(values) > 1:
            base = values.index(choice.default) if choice.default in values else 0
            return values[min(len(values) - 1, base + 1)] if self.outplays(choice, facts) else values[base]
        if self.level == "hard" and len(values) > 1:
            return values[min(len(values) - 1, 1)] if choice.default == values[0] else choice.default
        return choice.default

    @staticmethod
    def outplays(choice: SetupChoice, facts: dict) -> bool:
        """Its chances against the table, from the one thing known before the deal: what the others staked last
        round. A player who put up nothing expects no edge, and the expert expects to outplay him; one who put up a
        stake has shown he expects to win, and against him the expert counts on none. So it raises while at least
        half the others put up nothing (before the first stakes are known: it expects to outplay an unknown
        table)."""
        stakes = facts.get(choice.id)
        if not isinstance(stakes, list) or not all(isinstance(g, int) for g in stakes) or len(stakes) < 2:
            return True
        others = list(stakes)
        # its own last stake: the floor where a stake may not come down, else (自由上嘎) most likely the highest
        others.remove(choice.default if choice.default in others else max(others))
        return 2 * sum(1 for g in others if g <= 0) >= len(others)

    def skill_at(self, rule_set: str, options=None, players: int | None = None) -> Skill:
        """The level's Skill at this table: its tuned fields for the rule set (EXPERT_TUNING, NORMAL_TUNING), then
        those for the table's seats or options where the table has a key for them (`tuning_keys`), and over those
        whatever fields this bot was made with (an arena ablation)."""
        keys = tuning_keys(_TUNING.get(self.level, {}), rule_set, options, players)
        skill = self._skills.get(keys)
        if skill is None:
            table = _TUNING.get(self.level, {})
            tuned = {k: v for key in keys for k, v in table[key].items()}
            skill = self._skills[keys] = replace(SKILLS[self.level], **{**tuned, **self._skill_fields})
        return skill

    def advise(self, view: SeatState, legal: list[Action]) -> Advice:
        self.skill = self.skill_at(getattr(view.variant, "id", ""), view.options, view.players)
        self._memo = {}  # what one decision reads more than once (the table values, the hazard): never carried over
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
        kongs = by_type.get("concealed_kong", []) + by_type.get("added_kong", [])
        if not self.skill.kong_value:
            for a in kongs:
                if self._kong_keeps_distance(view, check, a):
                    return Advice(a, mode="kong")
        discards = by_type.get("discard", [])
        if not discards:  # nothing else is legal (a pass-locked win skipped above, say): the first legal move
            return Advice(kongs[0] if kongs else legal[0], mode="kong" if kongs else "pass")
        advice = self._discard(view, check, discards)
        if self.skill.recall_pass:
            self._remember_discard(view, advice)
        if kongs and self.skill.kong_value:
            # the kong's worth against the discard's: what the kong pays now and the hand after it, by the same
            # reading (the discard's risk aside: the kong's replacement draw is followed by a discard too)
            worth = advice.option.gain if advice.option is not None else 0.0
            unseen = self._unseen(view)
            for a in kongs:
                got = self._kong_worth(view, check, a, unseen)
                if got > worth:
                    advice, worth = Advice(a, mode="kong"), got
        return advice

    # ---- judging a move another player made (复盘: game/review.py)
    def worth(self, view: SeatState, action: Action, advice: Advice) -> float | None:
        """The expected points of making `action` here, by the reading this bot's `advice` for the same view (just
        made, so its per-decision memo is this decision's) went by: a discard's gain less its risk, a call's or a
        kong's points now plus the hand it leaves, a pass's hand as it stands, a win's points. None where the
        reading has no figure (an escape)."""
        check = WinCheck.at(view.variant, view.options, view.players)
        unseen = self._memo.get("unseen") or self._unseen(view)
        melds = list(view.own_melds)
        kind, tile = action.type, action.tile
        if kind == "discard" and tile is not None:
            for o in advice.options:
                if o.action == action:
                    return o.score
            counts = list(view.hand)
            counts[tile] -= 1
            opponents = self._memo.get("opponents") or (self._opponents(view) if self.skill.defence else None)
            return self._evaluate(view, check, counts, melds, unseen, action, opponents).score
        if kind in ("concealed_kong", "added_kong"):
            return self._kong_worth(view, check, action, unseen)
        claimed = view.claim_tile
        if kind == "win":
            if claimed is not None:
                return self._points_of(view, list(view.hand), melds, claimed, view.claim_from)
            # self-drawn: the hand less the tile it wins on (the one just drawn; at the deal, the best of any)
            counts = list(view.hand)
            tiles = [view.drawn] if view.drawn is not None else [k for k in range(NUM_PLAYABLE) if counts[k]]
            best = 0.0
            for k in tiles:
                counts[k] -= 1
                best = max(best, self._points_of(view, counts, melds, k, None))
                counts[k] += 1
            return best
        if claimed is None:
            return None
        counts = list(view.hand)
        if kind == "pass":
            return self._evaluate(view, check, counts, melds, unseen, action, None).gain
        if kind == "kong":
            counts[claimed] -= 3
            kong = Meld("kong", [claimed] * 4, view.claim_from, claimed)
            return kong_points(view, kong) + self._evaluate(view, check, counts, melds + [kong], unseen, action,
                                                            None).gain
        if kind in ("pong", "chow"):
            used = [claimed, claimed] if kind == "pong" else list(action.tiles)
            for k in used:
                counts[k] -= 1
            meld = Meld(kind, sorted([claimed, *used]), view.claim_from, claimed)
            return self._best_after_call(view, check, counts, melds + [meld], unseen)
        return None

    @staticmethod
    def _hand_key(view: SeatState, counts: list[int], thrown: int) -> tuple:
        """The seat's hand and melds, and how many tiles it has thrown this round (a new round starts at none)."""
        return (tuple(counts), tuple((m.type, tuple(m.tiles)) for m in view.own_melds),
                len(view.all_discards[view.seat]) + thrown)

    def _remember_discard(self, view: SeatState, advice: Advice) -> None:
        """Skill.recall_pass: the hand a valued discard leaves, and its gain, for the claims that follow it."""
        o = advice.option
        self._recalled = None
        if advice.action.type != "discard" or o is None or o.value_distance is None or advice.action.tile is None:
            return
        counts = list(view.hand)
        counts[advice.action.tile] -= 1
        self._recalled = (self._hand_key(view, counts, 1), o.gain)

    def _kong_worth(self, view: SeatState, check: WinCheck, a: Action, unseen: list[int]) -> float:
        """A kong on the seat's own turn: its points now plus the expected gain of the hand it leaves."""
        assert a.tile is not None
        counts = list(view.hand)
        melds = list(view.own_melds)
        if a.type == "concealed_kong":
            counts[a.tile] -= 4
            meld = Meld("concealed_kong", [a.tile] * 4)
            melds.append(meld)
        else:
            counts[a.tile] -= 1
            pong = next(m for m in melds if m.type == "pong" and m.tiles[0] == a.tile)
            # kept back a turn or more (the fourth not just drawn) it is a late kong, which some rule sets pay less
            meld = Meld("added_kong", [a.tile] * 4, pong.from_seat, pong.claimed, late=view.drawn != a.tile)
            melds[melds.index(pong)] = meld
        return kong_points(view, meld) + self._evaluate(view, check, counts, melds, unseen, a, None).gain

    # ---- what the seat knows
    def _unseen(self, view: SeatState) -> list[int]:
        """The tiles this seat has not seen, as far as it keeps count: a level that does not count the table knows
        only its own hand (every copy it does not hold could still come, dead or not)."""
        if self.skill.counting:
            return view.unseen()
        # every copy but its own: the table's copies less its hand and its own melds (flowers as the count has them:
        # none where the tile set has none, so the whole table's count, rebuilt at every event, is not needed then)
        copies = tile_copies(WinCheck.at(view.variant, view.options, view.players).tile_set)
        hand = view.hand
        own = [c - h for c, h in zip(copies, hand[:NUM_PLAYABLE])]
        for m in view.own_melds:
            for k in m.tiles:
                if 0 <= k < NUM_PLAYABLE:
                    own[k] -= 1
        flowers = view.unseen()[NUM_PLAYABLE:] if any(copies[NUM_PLAYABLE:]) \
            else [0] * (min(len(copies), len(hand)) - NUM_PLAYABLE)
        return [n if n > 0 else 0 for n in own] + flowers

    # ---- values
    def _table_values(self, view: SeatState) -> TableValues:
        """The plan values at this table for this seat: read once per decision (the key is not free), and shared
        by every bot at the same table, seat, dealer and table facts (they are the rule set's, not the bot's)."""
        memo = self._memo
        if "values" in memo:
            return memo["values"]
        if self.skill.game_values:  # kept by the bot (so its choices follow from its own game only), dealing or not
            key = (id(view.variant), view.options, view.players, view.seat, view.dealer == view.seat)
            values = self._game_values.get(key)
            if values is None:
                if len(self._game_values) >= 64:
                    self._game_values.clear()
                values = self._game_values[key] = TableValues(view)
            memo["values"] = values
            return values
        key = (id(view.variant), view.options, view.players, view.dealer, view.seat, context_key(view.table_facts()))
        if self._values_key != key or self._values is None:
            self._values_key = key
            self._values = shared_table_values(key, view)
        memo["values"] = self._values
        return self._values

    def _evaluate(self, view: SeatState, check: WinCheck, counts: list[int], melds: list[Meld], unseen: list[int],
                  action: Action, opponents: list[Opponent] | None, now: int | None = None) -> Option:
        """Value the hand `counts` (3k+1 tiles, after the move) would go on with (`now`: its distance, if known)."""
        ghost = view.ghost
        if now is None:
            now = check.distance(counts, ghost, melds)
        opt = Option(action, now)
        if now == 0:
            info = self._ready_waits(view, counts, melds)
            opt.waits = [(w.kind, unseen[w.kind]) for w in info if w.by_discard or w.by_self_draw]
            opt.accept = sum(n for _, n in opt.waits)
        elif self.skill.acceptance:
            opt.helps = improving(check, counts, ghost, melds, unseen, now)
            opt.accept = sum(unseen[k] for k in opt.helps)
        if self.skill.value:
            hazard = self._memo.get(("hazard", opponents is None))
            if hazard is None:  # the same for every candidate of one decision
                hazard = self._memo[("hazard", opponents is None)] = self._hazard(view, opponents)
            opt.gain, opt.hand = self._gain(view, check, counts, melds, unseen, opt, hazard)
            if self.skill.gain_scaled:
                d = opt.value_distance if opt.value_distance is not None else opt.distance
                opt.gain *= gain_scale(getattr(view.variant, "id", ""), d, own_draws_left(view))
        if opponents and action.type == "discard" and action.tile is not None and self.skill.defence:
            values = self._table_values(view)
            # where no discard wins (北海: self-draw only) a discard cannot deal in, however ready the table looks
            p = danger(view, opponents, action.tile, unseen, full=self.skill.reading) if values.discard_wins else 0.0
            # a deal-in costs what this seat pays beyond what it would pay anyway (his self-draw: the rule set's
            # payments), and ends its own hand: the gain of going on is lost with it. A far hand will have to throw
            # more tiles before it wins: each one a risk like this one.
            opt.deal_in = p
            opt.risk = self.skill.defence * p * (values.deal_in_cost * (1 + 0.5 * now) + opt.gain)
            # feeding the claim that makes this seat liable for a whole win (承包, 互包, 十二张落地)
            opt.risk += self.skill.defence * feed_chance(view, action.tile, unseen) * 3 * values.loss_on_deal_in
            opt.safety = safest_reason(view, opponents, action.tile, unseen)
        return opt

    def _plan_worths(self, view: SeatState, values: TableValues, open_hand: bool, share: float) -> dict:
        """Each plan's (value, mixed worth) where it may win at this table, else None, as `_gain` reads them: filled
        once per decision as asked. The first ask of a decision fixes every plan's value at the table as it is then
        (TableValues.reserve), but only the plans a hand comes near enough to weigh are scored."""
        key = ("plans", open_hand, share)
        worths = self._memo.get(key)
        if worths is None:
            values.reserve(view, open_hand)
            worths = self._memo[key] = {}
        return worths

    def _ready_waits(self, view: SeatState, counts: list[int], melds: list[Meld]):
        """The seat's waits with `counts` (3k+1, ready), judged and valued (value.ready_waits), once per decision
        for each hand."""
        key = ("waits", tuple(counts), len(melds))
        info = self._memo.get(key)
        if info is None:
            info = self._memo[key] = ready_waits(view, counts, melds, (lambda: self._lock(view))
                                                 if view.variant.pass_lock is not None else None,
                                                 self._memo.get("unseen") or self._unseen(view)
                                                 if self.skill.one_wait else None)
        return info

    def _lock(self, view: SeatState):
        """The seat's pass-lock, read once per decision and only when a ready hand's wait wins on a discard."""
        if "lock" not in self._memo:
            self._memo["lock"] = view.lock_state
        return self._memo["lock"]

    def _gain(self, view: SeatState, check: WinCheck, counts: list[int], melds: list[Meld], unseen: list[int],
              opt: Option, hazard: float) -> tuple[float, str]:
        values = self._table_values(view)
        total_unseen = max(1, sum(unseen[:NUM_PLAYABLE]))
        draws = own_draws_left(view)
        others = view.players - 1
        share = 0.6 if values.discard_wins else 0.0  # a win comes on a discard about this often where it may
        open_hand = any(m.is_exposed for m in melds)
        if opt.distance == 0:
            info = self._ready_waits(view, counts, melds)
            best_gain = 0.0
            p_win = 0.0
            weighted = 0.0
            hand = ""
            for w in info:
                if not (w.by_discard or w.by_self_draw):
                    continue
                # another player throws one of his copies about as often as the seat draws one
                reach = unseen[w.kind] * (1 + (0.5 * others if w.by_discard else 0))
                p_win += reach
                v = share * w.on_discard + (1 - share) * w.self_drawn if w.by_discard else w.self_drawn
                weighted += reach * v
                if v > best_gain:
                    best_gain = v
                    hand = w.hand
            if p_win > 0 and weighted > 0:
                opt.value_distance = 0
                chance = finish_chance(0, 0.0, rough(p_win / total_unseen), draws, hazard=hazard)
                return chance * weighted / p_win, hand
            # ready, but on nothing that may win (a minimum, a 番型 gate): as far as the nearest hand that may
        best, best_hand, best_plan = 0.0, "", ""
        nearest = None
        ghost = view.ghost
        held = suit_counts(counts, ghost)
        all_held = sum(held)
        worths = self._plan_worths(view, values, open_hand, share)
        for plan in _PLANS_SUITED_LAST:
            if plan.suit is not None and nearest is not None:  # plan_floor, inline: the other plans have none
                floor = all_held - held[plan.suit] - (held[3] if plan.honours else 0) - 1
                if (floor > 6 or floor > opt.distance + 2) and floor >= nearest:
                    continue  # too far to be weighed (below) or to be the nearest: not worth working out exactly
            if plan is _ANY_PLAN:
                if opt.distance == 0:
                    continue  # its waits were judged above: none wins
                d = opt.distance
            else:
                d = plan_distance(check, plan, counts, ghost, melds)
                if d is None or d < 0:
                    continue
            try:
                worth = worths[plan.id]
            except KeyError:
                if nearest is not None and d >= nearest and (d > opt.distance + 2 or d > 6):
                    continue  # neither weighed (below) nor the nearest: its value (two wins scored) is not needed yet
                pv = values.value(view, plan, open_hand)
                worth = worths[plan.id] = (pv, v) if pv is not None and (v := pv.mixed(share)) > 0 else None
            if worth is None:
                continue  # no hand that may win here
            pv, v = worth
            nearest = d if nearest is None or d < nearest else nearest
            if v <= best or d > opt.distance + 2 or d > 6:
                continue
            if self.skill.acceptance and plan.id == "any":
                accept = opt.accept  # counted
            elif self.skill.acceptance and plan.shape == "any" and plan.keeps is not None and d == opt.distance \
                    and opt.helps:
                # the hand is as near this (one-suit) plan as any: its counted improving tiles that the plan keeps.
                # Not for pongs, pairs or 十三幺: tiles that improve the plain shape say nothing of those.
                accept = sum(unseen[k] for k in opt.helps if k in plan.keeps)
            else:  # a narrower plan (or a level that does not count tiles): a typical hand's at that distance —
                # the same for every candidate at that distance, so worked out once per decision
                key = ("typical", plan.id, open_hand, d, total_unseen, hazard)
                g = self._memo.get(key)
                if g is None:
                    accept = plan.profile[min(d, len(plan.profile) - 1)] * total_unseen // 120
                    g = self._memo[key] = self._finish(plan, pv, v, d, accept, total_unseen, draws, others, hazard)
                if g > best:
                    best, best_hand, best_plan = g, pv.hand, plan.id
                continue
            g = self._finish(plan, pv, v, d, accept, total_unseen, draws, others, hazard)
            if g > best:
                best, best_hand, best_plan = g, pv.hand, plan.id
        opt.value_distance = nearest if nearest is not None else 9
        opt.plan = best_plan
        return best, best_hand

    @staticmethod
    def _finish(plan, pv, v: float, d: int, accept: int, total_unseen: int, draws: int, others: int,
                hazard: float) -> float:
        """Expected points of a plan `d` steps away whose next step `accept` unseen tiles take."""
        p_step = rough(max(accept, 1) / total_unseen)
        p_win = rough(min(0.5, 6 * (1 + 0.5 * others * (pv.discard is not None)) / total_unseen))
        return finish_chance(d, p_step, p_win, draws, total_unseen // 4 * 4, plan.profile, hazard) * v

    def _opponents(self, view: SeatState, learnt: bool | None = None) -> list[Opponent]:
        """The opponents as read from the table, each with the chance that, ready, he may win on this seat's discard
        (Opponent.share): low when his calls leave him no hand that may win at this table (under a minimum, three
        mixed chows are no threat), measured by his calls where a minimum keeps a plain hand from a discard win."""
        opponents = read_opponents(view)
        values = self._table_values(view)
        melds = view.melds
        plain_wins = self._plain_wins_on_discard(view)
        rule_set = getattr(view.variant, "id", "")
        model = model_for(rule_set) if (self.skill.learnt if learnt is None else learnt) else None
        for o in opponents:
            if model is not None:
                o.model, o.ready = model, model.ready(view, o.seat)
            shown = [m for m in melds[o.seat] if m.type != "concealed_kong"]
            fits = [plan for plan in PLANS if self._plan_open_to(plan, shown) and (pv := values.value(
                view, plan, True)) is not None and pv.mixed(0.6) > 0] if shown else []
            if shown and not fits:
                o.share = 0.25
            elif not plain_wins:
                # under a minimum that no plain hand reaches on a discard (Guangdong's 3 fan, Nanning without 平胡点炮)
                # most hands that are ready could not win on this seat's tile: how many may, measured by the calls
                # they show (one suit, pongs only, no calls at all)
                o.share = discard_share(rule_set, shown)
        return opponents

    def _plain_wins_on_discard(self, view: SeatState) -> bool:
        """Whether a plain hand (no fan) may win on a discard here — or discards win nothing anywhere (Beihai)."""
        values = self._table_values(view)
        return not values.discard_wins or any((pv := values.value(view, PLANS[0], shown)) is not None
                                                and pv.discard is not None for shown in (False, True))

    def _plain_wins(self, view: SeatState) -> bool:
        """Whether a plain hand (no fan) of this seat's, open or not as it is, may win at all here."""
        values = self._table_values(view)
        pv = values.value(view, PLANS[0], any(m.is_exposed for m in view.own_melds))
        return pv is not None and pv.mixed(0.6) > 0

    @staticmethod
    def _plan_open_to(plan, shown: list[Meld]) -> bool:
        """Whether a player with these calls can still make the plan's hand."""
        if plan.shape in ("pairs", "orphans"):
            return False
        if plan.shape == "pongs" and any(m.type == "chow" for m in shown):
            return False
        return plan.keeps is None or all(m.tiles[0] in plan.keeps for m in shown)

    def _hazard(self, view: SeatState, opponents: list[Opponent] | None) -> float:
        """The chance per turn that someone else ends the round first, from how ready the others look: the raw
        reading for every level (a defending level's discounts are for the danger of a discard, not the pace of the
        round), so the expert values its hand as hard does; with Skill.learnt_hazard, the learnt reading's."""
        if self.skill.learnt_hazard and (model := model_for(getattr(view.variant, "id", ""))) is not None:
            ready = sum(model.ready(view, seat) for seat in range(view.players) if seat != view.seat)
            return rough(min(0.5, 0.02 + self.skill.learnt_hazard * ready))
        discards, melds = view.discards, view.melds
        ready = sum(looks_ready(len(discards[seat]), sum(1 for m in melds[seat] if m.type != "concealed_kong"))
                    for seat in range(view.players) if seat != view.seat)  # read_opponents' readings, no more
        return rough(min(0.5, 0.02 + 0.12 * ready))

    def _threatened(self, view: SeatState) -> bool:
        """Whether an opponent is likely enough ready for danger to weigh in the choice (Skill.threat_ready: the
        calibrated chance, reading.CALIBRATION)."""
        opponents = self._memo.get("opponents")
        if not opponents:
            return False
        rule_set = getattr(view.variant, "id", "")
        return any(ready_chance(rule_set, o) * o.share >= self.skill.threat_ready for o in opponents)

    @staticmethod
    def _points_of(view: SeatState, counts: list[int], melds: list[Meld], kind: int, discarder: int | None) -> float:
        got = winner_gain(view, view.seat, counts, kind, discarder, melds)
        return got[0] if got else 0.0

    # ---- decisions
    def _discard(self, view: SeatState, check: WinCheck, discards: list[Action]) -> Advice:
        counts = view.hand
        melds = view.own_melds
        ghost = view.ghost
        candidates = [a for a in discards if a.tile != ghost] or discards
        unseen = self._memo["unseen"] = self._unseen(view)
        opponents = self._opponents(view) if self.skill.defence else None
        seen: dict[int, Option] = {}
        target = check.distance(counts, ghost, melds)
        # which discards are worth valuing: a defending level weighs every one (the safe one may be far); a level
        # that reads value looks two steps beyond the quickest early in the round (a bigger hand may be worth
        # them: _attack), one later; the others one step
        if self.skill.defence:
            reach = None
        elif self.skill.value and own_draws_left(view) >= 12:
            reach = target + 2
        else:
            reach = target + 1
        after: dict[int, int] = {}  # the distance after each discard, where _quickest has worked it out
        valued = self.skill.valued
        if valued and self.skill.valued_gated and not self._plain_wins(view):
            valued = self.skill.valued_gated
        if valued:
            quickest = self._quickest(check, counts, melds, ghost, candidates, valued, target)
            candidates = [a for a, _ in quickest]
            after = {a.tile: d for a, d in quickest}  # type: ignore[misc]
        slipped = False  # the slip already drawn (Skill.slip_unvalued)
        if self.skill.slip_unvalued and self.skill.slips and valued:
            pool = [a for a in candidates if reach is None or after[a.tile] <= reach]  # type: ignore[index]
            if 1 < len(pool) <= 3:  # four in reach (valued_gated): valued first, the slip among the best three
                slipped = True
                if self.rng.random() < self.skill.slips:
                    slip = self.rng.choice(pool[:3])
                    return Advice(slip, Option(slip, after[slip.tile]))  # type: ignore[index]
        for a in candidates:
            k = a.tile
            assert k is not None
            if k in seen:
                continue
            counts[k] -= 1
            d = after[k] if k in after else check.distance(counts, ghost, melds)
            if reach is None or d <= reach:
                seen[k] = self._evaluate(view, check, counts, melds, unseen, a, opponents, now=d)
            counts[k] += 1
        options = list(seen.values())
        if not options:
            return Advice(candidates[0])
        flush = None if self.skill.value else _flush_suit(view, counts)
        options.sort(key=lambda o: self._rank(o, counts, flush))
        if self.skill.slips and not slipped and len(options) > 1 and self.rng.random() < self.skill.slips:
            slip = self.rng.choice(options[:3])
            return Advice(slip.action, slip)
        best = options[0]
        if self.skill.value or self.skill.defence:
            best = self._weigh(view, options, counts, opponents)
        if self._searching() and len(options) > 1 and view.drawable > 0:
            best = self._search(view, options, best)
        safest = best.risk < min(o.risk for o in options) + 1e-9 and best.distance > min(o.distance for o in options)
        if self.skill.value and not safest:
            best = self._keep_a_route(options, best)
        # "fold" is what the hint words as "an opponent looks ready": said only where the reading, as calibrated on
        # played games of this rule set (reading.CALIBRATION), makes someone ready with probability one half or
        # more; a safe move without that is "defend" (the hint gives its other reasons only)
        if safest:
            mode = "fold" if opponents and self._someone_looks_ready(view, opponents) else "defend"
        else:
            mode = "attack"
        return Advice(best.action, best, mode, options)

    @staticmethod
    def _quickest(check: WinCheck, counts: list[int], melds: list[Meld], ghost: int | None, discards: list[Action],
                  n: int, floor: int | None = None) -> list[tuple[Action, int]]:
        """The `n` discards (one per kind) that leave the hand nearest a win, the least connected tile first, each
        with the distance it leaves. `floor`: the distance of the hand before the discard, which no discard
        shortens: the kinds are tried least connected first, and once `n` of them leave the hand at the floor no
        other can rank before them (most of a hand's distances were worked out only to be passed over)."""
        first: dict[int, Action] = {}
        for a in discards:
            assert a.tile is not None
            first.setdefault(a.tile, a)
        ranked: list[tuple[tuple[int, int, int], Action]] = []
        at_floor = 0
        for conn, k in sorted((_connectedness(counts, k), k) for k in first):
            counts[k] -= 1
            d = check.distance(counts, ghost, melds)
            counts[k] += 1
            ranked.append(((d, conn, k), first[k]))
            if floor is not None and d <= floor:
                at_floor += 1
                if at_floor == n:
                    break
        ranked.sort(key=lambda e: e[0])
        return [(a, rank[0]) for rank, a in ranked[:n]]

    @staticmethod
    def _someone_looks_ready(view: SeatState, opponents: list[Opponent]) -> bool:
        """What the hint words as "an opponent looks ready": someone ready with probability one half or more, by
        the learnt reading where the rule set has one (it reads readiness better than the rough clues on games it
        was not fitted on, and is calibrated by its fit: docs/benchmarks.md, session 18), else by the rough
        reading through the rule set's calibration."""
        rule_set = getattr(view.variant, "id", "")
        model = model_for(rule_set)
        if model is not None:
            return any(model.ready(view, o.seat) >= 0.5 for o in opponents)
        return any(ready_chance(rule_set, o) >= 0.5 for o in opponents)

    @staticmethod
    def _keep_a_route(options: list[Option], best: Option) -> Option:
        """Short of folding, never a move that leaves no hand worth anything here (under a minimum: no route to it
        near enough to value, nothing to gain) while another move keeps one: the most valuable of those."""
        if best.gain > 0:
            return best
        keeping = [o for o in options if o.gain > 0]
        return max(keeping, key=lambda o: (round(o.gain - o.risk, 6), -o.distance)) if keeping else best

    def _search(self, view: SeatState, options: list[Option], chosen: Option) -> Option:
        """The value reading's choice and its next best few, each played forward on the same determinizations
        (search.py). The reading's choice stands unless another is better on those same deals by a clear margin:
        the mean of the paired differences at least twice its standard error (a search of a few dozen deals is
        noisy, and the reading is right more often than a coin). The discard's own danger, which random hands
        cannot show, is priced in from the reading."""
        from .search import CANDIDATES, search_discards

        # only moves no more dangerous than the reading's choice by the table's reading: the rollouts deal random
        # hands, which seldom show a ready opponent, so a switch to a riskier tile would go by what they miss
        # (an arena run that let it — expert:expert@0, Nanning, seeds 1000–1039 — dealt in 0.21 a round to 0.17)
        pool = [chosen] + [o for o in options if o is not chosen and o.risk <= chosen.risk + 1e-9][:CANDIDATES - 1]
        if len(pool) < 2:
            return chosen
        values = self._table_values(view)
        result = search_discards(view, values, [o.action.tile for o in pool], self.rng, self.think_s,
                                 self.skill.round_end)
        self.searched += 1
        self.capped += result.capped
        cost = values.deal_in_cost

        def worth(o: Option) -> list[float]:
            p = min(1.0, o.deal_in)
            price = p * cost * (1 + 0.5 * o.distance)
            return [(1 - p) * x - price for x in result.outcomes[o.action.tile]]

        base = worth(chosen)
        best, best_edge = chosen, 0.0
        n = len(base)
        for o in pool:
            o.searched = result.means[o.action.tile]
            if o is chosen or n < 2:
                continue
            diffs = [a - b for a, b in zip(worth(o), base)]
            mean = sum(diffs) / n
            sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
            edge = mean - 2 * sd / n ** 0.5
            if edge > best_edge:
                best, best_edge = o, edge
        return best

    def _weigh(self, view: SeatState, options: list[Option], counts: list[int],
               opponents: list[Opponent] | None) -> Option:
        """Speed first (the normal level's order). Value moves the choice among options as fast, one step slower for
        half as much again in expected points, or early in the round two steps slower for three times as much, and
        danger picks the safer of options as good. A defending level then leaves that move for a safer one (folding,
        at the extreme) only when the safer one's gain less its risk is ahead by a margin and by a quarter of a
        deal-in's price for each step it gives up."""
        if self.skill.lookahead:
            self._look_ahead(view, options, counts)
        self._memo["opponents"] = opponents  # what _threatened reads
        def dist(o: Option) -> int:  # how far from a hand that may win here (a minimum makes a plain one no hand)
            return o.value_distance if o.value_distance is not None else o.distance

        if self.skill.acceptance and not self._plain_wins(view):
            # the counted acceptance and the lookahead are over the plain shape: where a plain hand is no hand (a
            # minimum it never reaches) they say nothing of the speed to one that is, and the value model does
            quick = min(options, key=lambda o: (dist(o), -round(o.gain, 4), _connectedness(counts, o.action.tile or 0),
                                                o.action.tile or 0))
        else:
            quick = min(options, key=lambda o: (dist(o), -(o.quality if o.quality is not None else -1), -o.accept,
                                                _connectedness(counts, o.action.tile or 0), o.action.tile or 0))
        best = self._attack(view, options, quick, dist)
        if not (self.skill.defence and opponents) or best.risk <= 0 or not self._threatened(view):
            return best
        # defence, weighed: another move is taken only when what it keeps (its gain) less what it risks beats the
        # attacking move's, by a margin (the estimates are rough, and a hand given up is given up for good). The
        # risk is the rule set's own price of a deal-in for this seat (TableValues.deal_in_cost) plus the hand it
        # would end, so a Guangdong hand worth a self-draw plays on where a Guiliu one, paying for the table, folds.
        # The value model is coarse about shape far from ready (a plan's typical acceptance, not this hand's), so
        # each step a safer move gives up must be paid for by a quarter of a deal-in's price on top.
        cost = self._table_values(view).deal_in_cost
        def edge(o: Option) -> float:
            return o.score - best.score - cost * (self.skill.fold_margin
                                                  + self.skill.fold_step * max(0, dist(o) - dist(best)))
        safer = max(options, key=lambda o: (round(edge(o), 4), -o.risk))
        return safer if safer is not best and edge(safer) > 0 else best

    def _attack(self, view: SeatState, options: list[Option], quick: Option, dist) -> Option:
        early = own_draws_left(view) >= 12
        def slower(o: Option) -> float:
            return self.skill.slower_orphans if o.plan == "orphans" and self.skill.slower_orphans else self.skill.slower

        pool = [o for o in options if dist(o) == dist(quick)
                or (dist(o) == dist(quick) + 1 and o.gain >= slower(o) * quick.gain)
                or (early and dist(o) == dist(quick) + 2 and o.gain >= self.skill.slower2 * quick.gain)]
        best = max(pool, key=lambda o: (round(o.gain, 4), -dist(o), o.accept))
        if best is not quick and best.gain <= quick.gain * self.skill.switch + 0.002:
            best = quick
        # danger breaks only exact ties of speed and worth: arena runs showed that trading shape for safety short of
        # folding cost more wins than it saved deal-ins (Guangdong most: a deal-in there costs one share)
        # and only where someone may well be ready: with nobody near, a tie goes by the hand's own shape (how
        # connected the thrown tile is, as the levels below break it), which keeps more of its later chances than
        # the safer tile (arena, tuning seeds: breaking every tie by danger cost Guiliu 1.3 a round, winning 0.23
        # of its rounds to hard's 0.27 at the same deal-in rate)
        if not self._threatened(view):
            return best
        ties = [o for o in pool if dist(o) == dist(best) and o.accept == best.accept
                and abs(o.gain - best.gain) <= 1e-6 and o.quality == best.quality]
        return min(ties, key=lambda o: (round(o.risk, 3), o is not best))

    def _look_ahead(self, view: SeatState, options: list[Option], counts: list[int]) -> None:
        """For the best few discards that leave the hand one step from ready: each improving tile weighed by how
        many tiles the wait it leads to would take (a good one-step hand becomes a wide wait, not a single one)."""
        near = [o for o in options if o.distance == 1 and o.helps]
        if not near:
            return
        top = max(o.accept for o in near)
        near = sorted((o for o in near if o.accept >= 0.6 * top), key=lambda o: -o.accept)[:3]
        check = WinCheck.at(view.variant, view.options, view.players)
        ghost, melds, unseen = view.ghost, view.own_melds, view.unseen()
        for o in near:
            hand = list(counts)
            hand[o.action.tile] -= 1  # type: ignore[index]
            quality = 0.0
            for k in o.helps:
                hand[k] += 1
                unseen[k] -= 1
                best = 0
                for d in range(NUM_PLAYABLE):
                    if not hand[d] or d == ghost:
                        continue
                    hand[d] -= 1
                    if check.distance(hand, ghost, melds) == 0:
                        best = max(best, sum(unseen[w] for w in check.waits(hand, ghost, melds)))
                    hand[d] += 1
                unseen[k] += 1
                hand[k] -= 1
                quality += unseen[k] * best
            o.quality = quality

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

    def _answer_claim(self, view: SeatState, check: WinCheck, by_type: dict[str, list[Action]]) -> Advice:
        counts = view.hand
        melds = view.own_melds
        ghost = view.ghost
        flowers = sum(counts[NUM_PLAYABLE:])
        now = check.distance(counts, ghost, melds)
        tile = view.claim_tile
        assert tile is not None
        unseen = self._memo["unseen"] = self._unseen(view)
        pass_action = by_type["pass"][0]
        weigh_kong = self.skill.kong_value and self.skill.value and not flowers
        kong_call: tuple[float, Action] | None = None
        kong_step: str | None = None
        if "kong" in by_type:
            counts[tile] -= 3
            kong = Meld("kong", [tile] * 4, view.claim_from, tile)
            after = check.distance(counts, ghost, melds + [kong])
            if weigh_kong:  # weighed below against passing and ponging: its points now and the hand it leaves
                kong_call = (kong_points(view, kong) + self._evaluate(
                    view, check, counts, melds + [kong], unseen, by_type["kong"][0], None).gain, by_type["kong"][0])
            counts[tile] += 3
            kong_step = call_step(now, after)
            if not weigh_kong and after <= now and not (self.skill.value and now == 0 and not melds):
                return Advice(by_type["kong"][0], mode="call", step=kong_step)
        calls = []  # (action, the tiles it uses, the meld, the distance after it)
        for kind in ("pong", "chow"):
            for a in by_type.get(kind, []):
                used = [tile, tile] if kind == "pong" else list(a.tiles)
                for k in used:
                    counts[k] -= 1
                meld = Meld(kind, sorted([tile, *used]), view.claim_from, tile)
                calls.append((a, used, meld, check.distance(counts, ghost, melds + [meld])))
                for k in used:
                    counts[k] += 1
        # a call that completes the hand (-1: on a tile it may not win on here — self-draw only, a minimum) still
        # leaves a tile to throw: the hand stays ready, as near as before, on another wait (a single one, which some
        # rule sets pay for: 北海's 4开). Valued at -1 no discard would reach it, and the call read as worth nothing
        kept = [(a, used, meld, max(0, after)) for a, used, meld, after in calls]
        pass_step = "closer" if kong_step == "closer" or any(after < now for *_, after in kept) else None
        if flowers or not self.skill.value:
            # flowers still held from the deal, or a level that reads no value: the distance alone decides
            for a, _, _, after in calls:
                if after < now:
                    return Advice(a, mode="call", step=call_step(now, after))
            return Advice(pass_action, mode="pass", step=pass_step)
        calls = kept
        # only a call that keeps the distance or shortens it may be made (or a kong weighed above): with none,
        # nothing needs valuing
        if kong_call is None and all(after > now for *_, after in calls):
            return Advice(pass_action, mode="pass", step=pass_step)
        recalled = self._recalled if self.skill.recall_pass and self._plain_wins(view) else None
        if recalled is not None and recalled[0] == self._hand_key(view, counts, 0):
            now_gain = recalled[1]
        else:
            now_gain = self._evaluate(view, check, counts, melds, unseen, pass_action, None).gain
        best_call: tuple[float, Action, int] | None = None
        for a, used, meld, after in calls:
            if after > now:
                continue
            for k in used:
                counts[k] -= 1
            # a call that speeds the hand up is made unless it throws away most of the hand's worth (a concealed
            # bonus, a minimum only a concealed hand reaches); one that does not, only for value
            got = self._best_after_call(view, check, counts, melds + [meld], unseen, after)
            for_value = self.skill.call_value if a.type != "chow" or self.skill.chow_value is None \
                else self.skill.chow_value
            worth = (after < now and got >= self.skill.call_keep * now_gain) \
                or (after <= now and got > for_value * now_gain)
            if worth and (best_call is None or got > best_call[0]):
                best_call = (got, a, after)
            for k in used:
                counts[k] += 1
        if kong_call is not None and kong_call[0] > now_gain \
                and (best_call is None or kong_call[0] > best_call[0]):
            return Advice(kong_call[1], mode="call", step=kong_step)
        if best_call is not None:
            return Advice(best_call[1], mode="call", step=call_step(now, best_call[2]))
        return Advice(pass_action, mode="pass", step=pass_step)

    def _best_after_call(self, view: SeatState, check: WinCheck, counts: list[int], melds: list[Meld],
                         unseen: list[int], target: int | None = None) -> float:
        """The best expected gain over the discards that would follow a call (counts: 3k+2 after the call;
        `target`: their distance, if known)."""
        best = 0.0
        ghost = view.ghost
        if target is None:
            target = check.distance(counts, ghost, melds)
        kinds = [k for k in range(NUM_PLAYABLE) if counts[k] and k != ghost]
        after: dict[int, int] = {}  # the distance after each discard, where _quickest has worked it out
        valued = self.skill.call_valued or self.skill.valued
        if valued:
            after = {a.tile: d for a, d in self._quickest(check, counts, melds, ghost, [  # type: ignore[misc]
                Action(view.seat, "discard", tile=k) for k in kinds], valued, target)}
            kinds = list(after)
        for k in sorted(kinds):
            counts[k] -= 1
            if (after[k] if k in after else check.distance(counts, ghost, melds)) <= target:
                o = self._evaluate(view, check, counts, melds, unseen, Action(view.seat, "discard", tile=k), None)
                best = max(best, o.gain)
            counts[k] += 1
        return best

    def _kong_keeps_distance(self, view: SeatState, check: WinCheck, a: Action) -> bool:
        counts = view.hand
        melds = view.own_melds
        assert a.tile is not None
        before = check.distance(counts, view.ghost, melds)
        counts[a.tile] -= 4 if a.type == "concealed_kong" else 1
        if a.type == "concealed_kong":
            melds = melds + [Meld("concealed_kong", [a.tile] * 4)]
        return check.distance(counts, view.ghost, melds) <= before

    def _declines(self, view: SeatState, check: WinCheck, win: Action, by_type: dict[str, list[Action]]) -> bool:
        """Pass a cheap win on a discard when a much bigger hand on the same wait is likely enough, counting only
        the wins a passed one does not bar: where the pass-lock bars every discard but a higher win (Guiliu,
        Hainan) the bigger hands stay open; where it bars the passed kind on discards (Nanning, Guangdong) that
        kind counts by self-draw only; where it bars every discard, by self-draw only. A self-draw is always
        taken."""
        if "pass" not in by_type or view.claim_tile is None:
            return False
        lock = view.variant.pass_lock
        counts = view.hand
        melds = view.own_melds
        tile = view.claim_tile
        def barred(kind: int) -> bool:  # a discard of `kind` could no longer be won on after this pass
            return lock is not None and not lock.unless_higher and (kind == tile or not lock.same_kind)
        now = self._points_of(view, counts, melds, tile, view.claim_from)
        if now <= 0:
            return False
        unseen = view.unseen()
        others = view.players - 1
        big: list[tuple[float, float]] = []  # (reach, value) of the waits that pay far more, compared like for like
        for w in view.wait_info(counts):
            if w.by_discard and not barred(w.kind):
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


_ANY_PLAN = PLANS[0]
# the plans in the order _gain reads them: the one-suit plans last, so that a nearest plan is known by then and
# most of them are passed over by their floor without working out a distance (where no plain hand may win, as under
# Guangdong's minimum, the plain plan sets no nearest). The order changes no value: every plan weighed is weighed.
_PLANS_SUITED_LAST = tuple(sorted(PLANS, key=lambda p: p.suit is not None))


def call_step(now: int, after: int) -> str:
    """What a call does to the hand's distance from ready (Advice.step, and the 复盘's words for a call): "closer",
    "as near" or "farther". A call that completes the hand on a tile it may not win on leaves it ready again, so an
    `after` below zero counts as ready."""
    after = max(0, after)
    return "closer" if after < now else "as near" if after == now else "farther"


def _flush_suit(view: SeatState, counts: list[int]) -> int | None:
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
