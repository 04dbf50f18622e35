"""The levels a player picks (easy, normal, hard, expert): what each one weighs, from its own seat's view only."""

from __future__ import annotations

import json
import random

import pytest

from game.ai import LEVELS, make_bot
from game.ai.player import SKILLS, SkilledBot
from game.ai.reading import danger, read_opponents
from game.ai.value import PLANS, finish_chance, plan_by_id, plan_distance
from game.engine.project import project_all
from game.engine.seat_state import SeatState
from game.engine.state import Action, new_round, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles, tile_name
from game.engine.variant import SetupChoice
from game.engine.wincheck import WinCheck
from game.variants import AVAILABLE, get_variant

BEIHAI = get_variant("beihai")
NANNING = get_variant("nanning")
GUANGDONG = get_variant("guangdong")


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def K(name: str) -> int:
    return parse_tile(name)


# ---------------------------------------------------------------------------------------------- flush lean
def _first_discard(hand: str, raw: dict, flush: bool = True) -> str:
    opts = BEIHAI.parse_options(raw, 4)
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(hand):
        rest.remove(k)
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, [T(hand), rest[0:13], rest[13:26], rest[26:39]], rest[39:45])
    # the level that does not weigh value leans by the rule set's flush_lean instead, without its slips, to be
    # deterministic
    bot = SkilledBot("easy", skill={"slips": 0.0})
    if not flush:
        import game.ai.player as player

        saved = player._flush_suit
        player._flush_suit = lambda view, counts: None
        try:
            return tile_name(bot.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)).tile)
        finally:
            player._flush_suit = saved
    return tile_name(bot.choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)).tile)


def test_at_equal_distance_easy_keeps_a_flush_where_horses_follow_the_hand():
    # throwing 1m or 9p leaves the same distance; with nine 万 and 马跟胡 the bot keeps its 万
    hand = "1m 5m 5m 6m 6m 7m 8m 9m 9m 9p 5s 9s C P"
    raw = {"ghost": "none", "horses": 4, "horse_value": "follow_hand"}
    assert _first_discard(hand, raw, flush=False) == "1m"  # what connectedness alone picks
    assert _first_discard(hand, raw) == "9p"


def test_without_horses_the_same_lean_needs_a_stronger_suit():
    hand = "1m 5m 5m 6m 6m 7m 8m 9m 9m 9p 5s 9s C P"  # 9 of 14 万: 0.64, under the 0.65 of a table without 马跟胡
    assert _first_discard(hand, {"ghost": "none", "horses": 0}) == "1m"


# ---------------------------------------------------------------------------------------------- plans and chances
def test_plan_distances_match_the_engine_where_they_coincide():
    check = WinCheck.at(NANNING, NANNING.parse_options({}, 4), 4)
    hand = [0] * 42
    for k in T("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2p 3p"):
        hand[k] += 1
    assert plan_distance(check, plan_by_id("any"), hand, None, []) == check.distance(hand, None, [])
    assert plan_distance(check, plan_by_id("flush0"), hand, None, []) == 4  # four 筒 to replace, then ready
    pairs = [0] * 42
    for k in T("1m 1m 3m 3m 5p 5p 7s 7s E E C C 9p"):
        pairs[k] += 1
    assert plan_distance(check, plan_by_id("pairs"), pairs, None, []) == 0
    pongs = [0] * 42
    for k in T("1m 1m 1m 5p 5p 5p 7s 7s 7s E E C C"):
        pongs[k] += 1
    assert plan_distance(check, plan_by_id("pongs"), pongs, None, []) == 0


def test_finish_chance_rewards_speed_and_a_live_round():
    assert finish_chance(0, 0.0, 0.1, 10) > finish_chance(1, 0.2, 0.1, 10) > finish_chance(2, 0.3, 0.1, 10) > 0
    assert finish_chance(1, 0.2, 0.1, 10, hazard=0.2) < finish_chance(1, 0.2, 0.1, 10)
    assert finish_chance(3, 0.5, 0.1, 0) == 0.0


def test_plan_values_come_from_the_rule_sets_own_scoring():
    """Guangdong with a minimum of 3 fan: a plain hand on a discard wins nothing; a flush wins; Nanning's 七小对
    is worth more than its 平胡 — read from each rule set's settlement, not from a table in the AI."""
    rnd, _ = new_round(GUANGDONG, GUANGDONG.parse_options({"min_fan": 3}, 4), 4, 0, seed=1)
    bot = SkilledBot("expert")
    values = bot._table_values(SeatState.of_round(rnd, 1))
    view = SeatState.of_round(rnd, 1)
    assert values.value(view, plan_by_id("any"), False) is None or values.value(view, plan_by_id("any"), False).discard is None
    flush = values.value(view, plan_by_id("flush1"), False)
    assert flush is not None and flush.discard and flush.discard > 0
    rnd, _ = new_round(NANNING, NANNING.parse_options({}, 4), 4, 0, seed=1)
    view = SeatState.of_round(rnd, 1)
    values = SkilledBot("expert")._table_values(view)
    assert values.value(view, plan_by_id("pairs"), False).discard > values.value(view, plan_by_id("any"), False).discard
    assert values.value(view, plan_by_id("pairs"), True) is None  # seven pairs cannot be open


# ---------------------------------------------------------------------------------------------- defence
def _flush_threat_round():
    """Nanning. Seat 1 pongs 1s, 2s and 3s (three calls, all 索: ready for a 索 hand, most likely); then seat 0,
    far from ready, must throw: 4s (its least useful tile by shape) or 9m (as useless, and safe from seat 1)."""
    opts = NANNING.parse_options({}, 4)
    hands = [T("1s 4s 5m 6m 7m 2p 4p 6p 8p E E C C 9m"), T("1s 1s 2s 2s 3s 3s 5s 5s 6s 7s W N F"),
             T("2s 3s 1m 4m 7m 1p 3p 5p 7p 9p W N C"), T("2m 2m 8m 8m 1p 1p 9p 9p S S W P P")]
    wall = T("E 9s 2m 3m 1m 8s 5p")
    rnd, events = round_from_scenario(NANNING, opts, 4, 0, hands, wall)
    for a in (Action(0, "discard", K("1s")), Action(1, "pong"), Action(1, "discard", K("W")),
              Action(2, "discard", K("2s")), Action(1, "pong"), Action(1, "discard", K("N")),
              Action(2, "discard", K("3s")), Action(1, "pong"), Action(1, "discard", K("F")),
              Action(2, "discard", K("1m"))):
        while rnd.phase == "claim" and a.type not in ("pong", "pass", "win", "chow", "kong"):
            rnd.pass_all()
        events += rnd.apply(a)
    rnd.pass_all()
    while rnd.current != 0 and not rnd.finished:
        seat = rnd.current
        legal = rnd.legal_actions(seat)
        discards = [x for x in legal if x.type == "discard"]
        events += rnd.apply(discards[-1])
        rnd.pass_all()
    return rnd, events


def test_the_expert_reads_a_flush_and_keeps_its_suit_back():
    rnd, _ = _flush_threat_round()
    view = SeatState.of_round(rnd, 0)
    assert rnd.current == 0 and view.hand[K("4s")] == 1
    opponents = read_opponents(view)
    one = next(o for o in opponents if o.seat == 1)
    assert one.suit == 2 and one.ready >= 0.7  # 索, three calls
    unseen = view.unseen()
    assert danger(view, opponents, K("4s"), unseen) > 3 * danger(view, opponents, K("9m"), unseen)
    legal = rnd.legal_actions(0)
    check = WinCheck.at(rnd.variant, rnd.options, 4)
    after = {a.tile: check.distance(_minus(view.hand, a.tile), None, view.own_melds) for a in legal
             if a.type == "discard"}
    assert after[K("4s")] == min(after.values())  # by speed alone 4s is as good a discard as any
    assert make_bot("expert").choose(view, legal).tile != K("4s")


def test_advice_says_why():
    rnd, _ = _flush_threat_round()
    advice = SkilledBot("expert").advise(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    assert advice.option is not None and advice.option.action == advice.action
    assert advice.option.risk < SkilledBot("expert")._evaluate(
        SeatState.of_round(rnd, 0), WinCheck.at(rnd.variant, rnd.options, 4), _minus(SeatState.of_round(rnd, 0).hand, K("4s")),
        SeatState.of_round(rnd, 0).own_melds, SeatState.of_round(rnd, 0).unseen(), Action(0, "discard", K("4s")),
        read_opponents(SeatState.of_round(rnd, 0))).risk


def test_where_no_discard_wins_no_discard_is_dangerous():
    """北海 wins only by self-draw: a threat that makes the expert keep 4s back where discards win puts no deal-in
    risk on any discard at a table whose values say no discard wins (as 北海's do)."""
    rnd, _ = _flush_threat_round()
    view = SeatState.of_round(rnd, 0)

    def risk(bot: SkilledBot) -> float:
        return bot._evaluate(view, WinCheck.at(rnd.variant, rnd.options, 4), _minus(view.hand, K("4s")),
                             view.own_melds, view.unseen(), Action(0, "discard", K("4s")), read_opponents(view)).risk

    assert risk(SkilledBot("expert")) > 0
    assert not BEIHAI.discard_wins(BEIHAI.parse_options({}, 4))  # what TableValues.discard_wins reads
    self_draw_only = SkilledBot("expert")
    values = self_draw_only._table_values(view)
    values.discard_wins = False
    assert risk(self_draw_only) == 0


def _minus(counts: list[int], k: int) -> list[int]:
    out = list(counts)
    out[k] -= 1
    return out


# ---------------------------------------------------------------------------------------------- value
def opened_guangdong_round(min_fan: int):
    """Guangdong: seat 1 has chowed 1m and is to throw; throwing N leaves it ready on 3s/6s with a plain hand (no
    fan at all but 自摸). Returns (round, options)."""
    opts = GUANGDONG.parse_options({"min_fan": min_fan}, 4)
    hands = ["1m 9m 9m 1p 1p 3p E E S S W W C 4m", "2m 3m 5p 6p 7p 7s 8s 9s 2s 2s 4s 5s N",
             "4p 4p 8p 8p 1s 1s 3m 3m 6m 6m F F P", "7m 7m 9p 9p 3s 8m 8m 5m 5m 2p 2p P P"]
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(" ".join(hands)):
        rest.remove(k)
    rest = [k for k in rest if k not in T("3s 6s")]  # nobody else draws the waits in this short scenario
    rnd, _ = round_from_scenario(GUANGDONG, opts, 4, 0, [T(h) for h in hands], rest)
    rnd.apply(Action(0, "discard", K("1m")))
    rnd.apply(Action(1, "chow", tiles=(K("2m"), K("3m"))))
    rnd.pass_all()
    return rnd, opts


def _opened_guangdong(min_fan: int):
    """Seat 1 one discard (N) from ready on 3s/6s with a plain hand, valued by the expert."""
    rnd, opts = opened_guangdong_round(min_fan)
    view = SeatState.of_round(rnd, 1)
    counts = _minus(view.hand, K("N"))
    bot = SkilledBot("expert")
    return bot._evaluate(view, WinCheck.at(GUANGDONG, opts, 4), counts, view.own_melds, view.unseen(),
                         Action(1, "discard", K("N")), None)


def test_a_wait_below_the_rule_sets_minimum_is_worth_nothing_to_the_expert():
    """Guangdong: the same ready hand is worth something at a table without a minimum, nothing where 3 fan are
    needed (it can reach only 1, by self-draw) — the value comes from the rule set's own minimum."""
    free = _opened_guangdong(0)
    assert free.distance == 0 and sorted(k for k, _ in free.waits) == T("3s 6s") and free.gain > 0
    gated = _opened_guangdong(3)
    assert gated.distance == 0 and gated.waits == [] and gated.gain == 0


GUILIU = get_variant("guiliu")


def _lanpai_offer(wall_tiles: int):
    """Guiliu. The dealer throws 1p at once; seat 1 holds 1m 5m 4p 7p 1s 6s 9s E S W N C P, which wins on it as a
    plain 烂牌, and waits on F (nobody has shown one) for 七星烂, worth many times more. Guiliu's pass-lock bars
    every discard after a pass except a higher win, so the 七星烂 stays open. `wall_tiles`: the live wall."""
    opts = GUILIU.parse_options({}, 4)
    hands = ["1p 2m 2m 3m 3m 5p 5p 6p 6p 8p 8p 2s 3s 3s", "1m 5m 4p 7p 1s 6s 9s E S W N C P",
             "4m 4m 6m 6m 7m 7m 8m 8m 9m 9m 4s 4s 5s", "2p 2p 3p 3p 9p 9p 7s 7s 8s 8s 5s 5s 6s"]
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(" ".join(hands)):
        rest.remove(k)
    rnd, _ = round_from_scenario(GUILIU, opts, 4, 0, [T(h) for h in hands], rest[:wall_tiles])
    rnd.apply(Action(0, "discard", K("1p")))
    legal = rnd.legal_actions(1)
    assert {a.type for a in legal} == {"win", "pass"}
    return SeatState.of_round(rnd, 1), legal


def test_the_expert_passes_a_cheap_win_early_for_a_likely_much_bigger_one():
    view, legal = _lanpai_offer(60)  # some fifteen draws of its own left: four F to come
    bot = SkilledBot("expert")
    check = WinCheck.at(GUILIU, view.options, 4)
    cheap = bot._points_of(view, view.hand, view.own_melds, K("1p"), 0)
    big = bot._points_of(view, view.hand, view.own_melds, K("F"), 0)
    assert big >= 4 * cheap > 0
    assert bot.choose(view, legal).type == "pass"
    assert bot._declines(view, check, legal[0], {"win": [legal[0]], "pass": [legal[1]]})
    assert SkilledBot("hard").choose(view, legal).type == "win"  # only the expert weighs it


def test_the_expert_takes_the_cheap_win_when_the_bigger_one_is_unlikely():
    view, legal = _lanpai_offer(20)  # five draws left: the 七星烂 would most likely never come
    assert make_bot("expert").choose(view, legal).type == "win"


def test_the_expert_puts_up_ga_where_it_may_and_the_others_keep_the_least():
    choice = SetupChoice("ga", "上嘎", (0, 1, 2, 3), 0)
    assert make_bot("expert").choose_setup(choice, {}) > 0
    assert make_bot("easy").choose_setup(choice, {}) == 0
    assert make_bot("normal").choose_setup(choice, {}) == 0
    floor = SetupChoice("ga", "上嘎", (2, 3), 2)  # last round's choice is the floor
    assert make_bot("expert").choose_setup(floor, {}) in (2, 3) and make_bot("easy").choose_setup(floor, {}) == 2


def test_the_expert_raises_its_ga_by_its_chances_against_the_table():
    """Hainan's 上嘎 multiplies every payment a seat makes or receives: worth raising only with an edge. The expert
    (last round 1, the floor now) raises against a table that put up nothing, and stays at its floor against one
    that raised as it did — each of them expects to win."""
    expert = make_bot("expert")
    choice = SetupChoice("ga", "上嘎", (1, 2, 3), 1)
    assert expert.choose_setup(choice, {"ga": [0, 1, 0, 0]}) == 2
    assert expert.choose_setup(choice, {"ga": [0, 1, 0, 2]}) == 2  # half the others put up nothing
    assert expert.choose_setup(choice, {"ga": [2, 1, 3, 2]}) == 1
    assert expert.choose_setup(SetupChoice("ga", "上嘎", (2, 3), 2), {"ga": [2, 2, 2, 2]}) == 2
    free = SetupChoice("ga", "上嘎", (0, 1, 2, 3), 0)  # 自由上嘎: it may come down again
    assert expert.choose_setup(free, {"ga": [1, 0, 0, 0]}) == 1
    assert expert.choose_setup(free, {"ga": [1, 3, 2, 2]}) == 0


# ---------------------------------------------------------------------------------------------- one seat's view
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_decides_from_its_own_seat_alone(level):
    """The same decision from the round's own view and from the seat's state rebuilt from its projected events
    alone (what a LAN client or a replay has): nothing hidden from the seat changes the choice."""
    rng = random.Random(f"own:{level}")
    checked = 0
    for vid in AVAILABLE:
        variant = get_variant(vid)
        for i in range(2):
            players = rng.choice(variant.player_counts)
            opts = variant.parse_options({}, players)
            rnd, events = new_round(variant, opts, players, 0, seed=i)
            states = [SeatState(s, variant, opts) for s in range(players)]
            for st in states:
                st.apply_all(project_all(events, st.seat))
            steps = 0
            while not rnd.finished and steps < 40:
                seat = next(s for s in rnd.window.options if s not in rnd.window.answers) \
                    if rnd.phase == "claim" else rnd.current
                legal = rnd.legal_actions(seat)
                a = make_bot(level, seed=1).choose(SeatState.of_round(rnd, seat), legal)
                b = make_bot(level, seed=1).choose(states[seat], legal)
                assert a == b and a in legal, (vid, steps)
                new = rnd.apply(a)
                for st in states:
                    st.apply_all(project_all(new, st.seat))
                steps += 1
                checked += 1
    assert checked > 100


def test_the_player_levels_are_offered_strongest_last():
    assert LEVELS[-1] == "expert" and len({make_bot(lv).skill for lv in LEVELS}) == len(LEVELS)
    assert [p.id for p in PLANS][0] == "any"


@pytest.mark.parametrize("vid", AVAILABLE)
def test_every_level_plays_whole_games_of_every_rule_set_without_a_fault(vid):
    """Every level at one table, a few rounds of each rule set at each table size: no decision raises (the host
    would answer with the yardstick and count it), and the game's settlement stays zero-sum."""
    from game.headless.simulate import run_simulation

    variant = get_variant(vid)
    for players in variant.player_counts:
        levels = ["expert", "hard", "normal", "easy"][:players]
        out = run_simulation(vid, players=players, seed=f"faults:{vid}:{players}", rounds=3, ai_levels=levels)
        assert out["bot_failures"] == 0
        if not variant.has_escape_penalty:
            assert sum(out["totals"]) == 0


def test_the_expert_will_not_feed_the_claim_that_makes_it_liable():
    """Nanning 承包: seat 1 has ponged two of seat 0's discards. A third pong or kong fed would bar seat 0 from
    winning and make it pay for seat 1's win, so a tile seat 1 may hold a pair of is dangerous to throw; the same
    tile is harmless at a table without 承包."""
    from game.ai.reading import feed_chance

    def position(chengbao: bool):
        opts = NANNING.parse_options({"chengbao": chengbao}, 4)
        hands = [T("1s 2s 5m 6m 7m 2p 4p 6p 8p E E C C 9m"), T("1s 1s 2s 2s 3s 3s 5s 5s 6s 7s W N F"),
                 T("3m 1m 4m 7m 1p 3p 5p 7p 9p W N C S"), T("2m 2m 8m 8m 1p 1p 9p 9p S S W P P")]
        rnd, _ = round_from_scenario(NANNING, opts, 4, 0, hands, T("E 9s 2m 3m 1m 8s 5p 4m"))
        for a in (Action(0, "discard", K("1s")), Action(1, "pong"), Action(1, "discard", K("W")),
                  Action(2, "discard", K("3m")), Action(3, "discard", K("2m"))):
            rnd.pass_all() if rnd.phase == "claim" and a.type == "discard" else None
            rnd.apply(a)
        rnd.pass_all()
        rnd.apply(Action(0, "discard", K("2s")))
        rnd.apply(Action(1, "pong"))
        rnd.apply(Action(1, "discard", K("N")))
        for seat in (2, 3):
            rnd.pass_all()
            rnd.apply(next(a for a in reversed(rnd.legal_actions(seat)) if a.type == "discard"))
        rnd.pass_all()
        return rnd

    rnd = position(True)
    view = SeatState.of_round(rnd, 0)
    assert rnd.current == 0 and sum(1 for m in view.melds[1] if m.from_seat == 0) == 2
    unseen = view.unseen()
    assert unseen[K("5s")] > unseen[K("E")]  # seat 0 holds two E: fewer are left for a pair
    assert feed_chance(view, K("5s"), unseen) > feed_chance(view, K("E"), unseen) > 0
    assert feed_chance(SeatState.of_round(position(False), 0), K("5s"), unseen) == 0  # no 承包 at this table


# ---------------------------------------------------------------------------------------------- quiet tables
def _seat(rnd, seat: int):
    """The seat's own view of the round (the one place these tests build it)."""
    return SeatState.of_round(rnd, seat)


@pytest.mark.parametrize("vid", AVAILABLE)
def test_with_nobody_likely_ready_the_expert_discards_as_hard_does(vid):
    """At a quiet table (no opponent's calibrated chance of being ready and winning on a discard reaches the
    expert's Skill.threat_ready)
    danger weighs in nothing: without its search the expert throws what hard throws (early in a round its
    slower-for-3x rule picks as hard's 1.5x does here), ties of speed and worth broken by the hand's shape, not by
    the tile's danger (which cost it wins in the arena)."""
    threat_ready = SKILLS["expert"].threat_ready
    from game.ai.reading import calibrated_ready

    variant = get_variant(vid)
    players = variant.player_counts[-1]
    opts = variant.parse_options({}, players)
    compared = 0
    # a few turns in: the reading's chances grow with every discard
    for seed, rnd, seat, legal in _early_turns(variant, opts, players, seeds=6, turns=3 * players):
        view = _seat(rnd, seat)
        expert = SkilledBot("expert", seed=1, think_s=0)
        chosen = expert.advise(view, legal)
        opponents = expert._opponents(view)
        quiet = all(calibrated_ready(vid, o.ready) * o.share < threat_ready for o in opponents)
        if quiet and chosen.mode == "attack" and chosen.action.type == "discard":
            assert chosen.action == SkilledBot("hard", seed=1).choose(_seat(rnd, seat), legal), (seed, seat)
            compared += 1
    assert compared >= 10


def _early_turns(variant, opts, players: int, seeds: int, turns: int):
    """(seed, round, seat, legal) at each turn of the first `turns` of a round dealt on each of `seeds` seeds,
    every claim passed; after the caller has looked, the seat throws its first legal discard."""
    for seed in range(seeds):
        rnd, _ = new_round(variant, opts, players, 0, seed=seed)
        for _ in range(turns):
            if rnd.finished:
                break
            if rnd.phase == "claim":
                rnd.pass_all()
                continue
            legal = rnd.legal_actions(rnd.current)
            yield seed, rnd, rnd.current, legal
            rnd.apply(next(a for a in legal if a.type == "discard"))


def test_a_skill_may_be_replaced_field_by_field_for_an_ablation():
    bot = SkilledBot("expert", skill={"defence": 0.0, "decline_cheap": False})
    assert bot.skill.defence == 0.0 and not bot.skill.decline_cheap
    assert bot.skill.search and bot.skill.reading  # the rest is the level's
    assert SkilledBot("expert").skill.defence == 1.0 and SkilledBot("expert").skill.decline_cheap  # level untouched


def test_the_expert_takes_its_tuned_fields_per_rule_set_and_an_ablation_over_them():
    from game.ai.player import EXPERT_TUNING

    assert EXPERT_TUNING, "the table is what this test is about"
    for rule_set, tuned in EXPERT_TUNING.items():
        if "/" in rule_set:  # a refinement: test_a_tuning_refinement_applies_where_its_table_meets_its_condition
            continue
        expert = SkilledBot("expert").skill_at(rule_set)
        assert all(getattr(expert, k) == v for k, v in tuned.items())
        # fields the bot was made with (the arena's `expert+search=1`) win over the table's
        override = {k: (not v if isinstance(v, bool) else v + 1) for k, v in tuned.items()}
        assert all(getattr(SkilledBot("expert", skill=override).skill_at(rule_set), k) == v for k, v in override.items())
        # only the expert is tuned
        assert SkilledBot("hard").skill_at(rule_set) == SKILLS["hard"]
    untuned = next(v for v in AVAILABLE if v not in EXPERT_TUNING) if len(EXPERT_TUNING) < len(AVAILABLE) else None
    if untuned:
        assert SkilledBot("expert").skill_at(untuned) == SKILLS["expert"]


def test_a_tuning_refinement_applies_where_its_table_meets_its_condition():
    """EXPERT_TUNING's keys beyond a rule set's own: "rule_set/players=N" at that many seats, "rule_set/option=value"
    where the option has that value (JSON); their fields are laid over the rule set's, in the table's order."""
    from types import SimpleNamespace

    from game.ai.player import EXPERT_TUNING, tuning_keys

    table = {"nanning": {"slower": 2.0}, "nanning/pinghu_discard=false": {"slower": 4.0},
             "beihai/players=2": {"defence": 0.0}, "nanning/players=3": {"slower": 5.0}}
    off, on = SimpleNamespace(pinghu_discard=False), SimpleNamespace(pinghu_discard=True)
    assert tuning_keys(table, "nanning", on, 4) == ("nanning",)
    assert tuning_keys(table, "nanning", off, 4) == ("nanning", "nanning/pinghu_discard=false")
    assert tuning_keys(table, "nanning", off, 3) == ("nanning", "nanning/pinghu_discard=false", "nanning/players=3")
    assert tuning_keys(table, "beihai", None, 2) == ("beihai/players=2",)
    assert tuning_keys(table, "beihai", None, 4) == () and tuning_keys(table, "hainan", off, 2) == ()
    # the real table: every refinement names a rule set that has options or seats to meet it, and the bot takes it
    for key, tuned in EXPERT_TUNING.items():
        rule_set, _, condition = key.partition("/")
        if not condition:
            continue
        name, _, value = condition.partition("=")
        variant = get_variant(rule_set)
        players = int(value) if name == "players" else variant.player_counts[-1]
        options = variant.Options() if name == "players" else variant.Options(**{name: json.loads(value)})
        assert players in variant.player_counts
        expert = SkilledBot("expert").skill_at(rule_set, options, players)
        assert all(getattr(expert, k) == v for k, v in tuned.items())
        assert SkilledBot("expert").skill_at(rule_set) != expert or not tuned


@pytest.mark.parametrize("vid, raw, want", [
    ("nanning", {"pinghu_discard": False}, {"threat_ready": 0.1, "call_value": 1.0}),
    ("nanning", {}, {"threat_ready": SKILLS["expert"].threat_ready, "call_value": 1.0}),
    ("guiliu", {}, {"threat_ready": SKILLS["expert"].threat_ready, "call_value": SKILLS["expert"].call_value}),
    ("guangdong", {"min_fan": 0}, {"fold_margin": 0.6, "slower": 5.0}),
    ("guangdong", {}, {"fold_margin": SKILLS["expert"].fold_margin, "slower": SKILLS["expert"].slower}),
    ("guangdong", {"min_fan": 1}, {"fold_margin": SKILLS["expert"].fold_margin, "slower": SKILLS["expert"].slower}),
    ("guangdong", {"cap": 4}, {"slower_orphans": 1.5, "slower": SKILLS["expert"].slower}),
    ("guangdong", {}, {"slower_orphans": 1.5}),
    ("nanning", {}, {"slower_orphans": SKILLS["expert"].slower_orphans}),
])
def test_the_expert_reads_its_tuning_by_the_real_tables_options(vid, raw, want):
    """At a real table the expert reads its tuning by the table's options, through `advise`: without 平胡点炮 (a plain
    hand self-drawn only) its defence weighs in from a threat of 0.1, where only a big hand may win on a discard;
    at Guangdong with no minimum it folds for a wider margin and goes slower only for more; at the defaults, at
    another minimum and in another rule set it keeps the level's own (or its rule set's)."""
    variant = get_variant(vid)
    rnd, events = new_round(variant, variant.parse_options(raw, 4), 4, 0, seed=7)
    view = SeatState(0, variant, rnd.options).apply_all(project_all(events, 0))
    bot = SkilledBot("expert")
    bot.advise(view, rnd.legal_actions(0))
    assert {k: getattr(bot.skill, k) for k in want} == want


def test_normal_counts_the_table_where_every_win_is_self_drawn_and_nowhere_else():
    """NORMAL_TUNING: at 北海's table normal reads a wait by the copies still unseen, as hard does; elsewhere by its own
    hand only (every copy it does not hold could still come)."""
    from game.ai.player import NORMAL_TUNING

    assert NORMAL_TUNING == {"beihai": {"counting": True}}
    for vid in AVAILABLE:
        variant = get_variant(vid)
        rnd, events = new_round(variant, variant.parse_options({}, 4), 4, 0, seed=7)
        while sum(len(s.discards) for s in rnd.seats) < 4 and not rnd.finished:  # a few tiles on the table
            if rnd.phase == "claim":
                rnd.pass_all()
                continue
            events += rnd.apply(next(a for a in rnd.legal_actions(rnd.current) if a.type == "discard"))
        view = SeatState(1, variant, rnd.options).apply_all(project_all(events, 1))
        bot = SkilledBot("normal")
        bot.skill = bot.skill_at(vid)
        assert bot.skill.counting == (vid == "beihai")
        # counting, the thrown tiles are seen; not counting, every copy but its own may still come
        assert (bot._unseen(view) == view.unseen()) == (vid == "beihai")
        assert SkilledBot("hard").skill_at(vid).counting and not SkilledBot("easy").skill_at(vid).counting


@pytest.mark.parametrize("vid", ["guangdong", "beihai"])
def test_normal_values_only_its_quickest_discards_and_hard_every_one_in_reach(vid):
    """Skill.valued: normal's cheaper reading values its few quickest discards (it slips among its best three
    anyway), one more where no plain hand may win (Skill.valued_gated); hard, which never slips, still values every discard within reach of the quickest."""
    from game.ai.value import own_draws_left

    variant = get_variant(vid)
    players = variant.player_counts[-1]
    opts = variant.parse_options({}, players)
    wider = gated = 0
    for _, rnd, seat, legal in _early_turns(variant, opts, players, seeds=4, turns=4 * players):
        view = _seat(rnd, seat)
        check = WinCheck.at(variant, opts, players)
        ghost = view.ghost
        kinds = {a.tile for a in legal if a.type == "discard" and a.tile != ghost}

        def after(k: int) -> int:
            hand = list(view.hand)
            hand[k] -= 1
            return check.distance(hand, ghost, view.own_melds)

        normal_bot = SkilledBot("normal", seed=1, skill={"slips": 0.0})
        normal = normal_bot.advise(view, legal)
        if normal.action.type == "discard" and normal.options:
            valued = {o.action.tile for o in normal.options}
            skill = normal_bot.skill
            # four where no plain hand may win (Guangdong's 3 fan), three elsewhere
            assert len(valued) <= (skill.valued if normal_bot._plain_wins(view) else skill.valued_gated)
            gated += len(valued) > skill.valued
            assert max(after(k) for k in valued) <= min((after(k) for k in kinds - valued), default=99)
        hard = SkilledBot("hard", seed=1).advise(_seat(rnd, seat), legal)
        if hard.action.type == "discard" and hard.options:
            target = check.distance(view.hand, ghost, view.own_melds)
            reach = target + (2 if own_draws_left(view) >= 12 else 1)
            assert {o.action.tile for o in hard.options} == {k for k in kinds if after(k) <= reach}
            wider += len(hard.options) > SkilledBot("normal").skill.valued
    assert wider >= 5  # hard valued more discards than normal may, often
    assert (gated > 0) == (vid == "guangdong")  # normal's fourth discard, only under the minimum


def _ready_on_dragon_or_pair():
    """Guangdong without a minimum: the dealer throws N and is ready on 2p or C (C: a dragon pong, worth double)."""
    opts = GUANGDONG.parse_options({"min_fan": 0}, 4)
    hands = ["1m 2m 3m 4p 5p 6p 7s 8s 9s C C 2p 2p N", "2m 3m 5p 6p 7p 7s 8s 9s 2s 2s 4s 5s N",
             "4p 4p 8p 8p 1s 1s 3m 3m 6m 6m F F P", "7m 7m 9p 9p 3s 8m 8m 5m 5m 1p 1p P P"]
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(" ".join(hands)):
        rest.remove(k)
    rnd, _ = round_from_scenario(GUANGDONG, opts, 4, 0, [T(h) for h in hands], rest)
    view = SeatState.of_round(rnd, 0)
    return view, _minus(view.hand, K("N")), opts


def test_normal_reads_a_ready_hand_by_one_wait_and_hard_by_every_one():
    """Skill.one_wait: normal judges only the wait with the most copies unseen (ties: the lowest kind) and reads
    every other as paying the same; hard judges each wait (the dragon pays double the pair wait)."""
    from game.ai.value import ready_waits

    view, counts, _ = _ready_on_dragon_or_pair()
    unseen = view.unseen()
    assert unseen[K("2p")] == unseen[K("C")] == 2
    full = {w.kind: w for w in ready_waits(view, counts, view.own_melds)}
    assert sorted(full) == T("2p C") and full[K("C")].self_drawn == 2 * full[K("2p")].self_drawn > 0
    one = ready_waits(view, counts, view.own_melds, None, unseen)
    sample = full[K("2p")]
    assert [w.kind for w in one] == T("2p C")
    for w in one:
        assert (w.by_discard, w.by_self_draw, w.on_discard, w.self_drawn, w.hand) == \
            (sample.by_discard, sample.by_self_draw, sample.on_discard, sample.self_drawn, sample.hand)
    unseen[K("C")] += 1  # more copies of C unseen: C is the wait judged
    assert all(w.self_drawn == full[K("C")].self_drawn for w in ready_waits(view, counts, view.own_melds, None,
                                                                              unseen))
    assert SKILLS["normal"].one_wait and not SKILLS["hard"].one_wait and not SKILLS["expert"].one_wait


def test_normal_values_one_discard_after_a_call_and_hard_every_one():
    """Skill.call_valued: answering a claim, normal values only the quickest discard after the call; hard takes
    the best of every discard that keeps the distance."""
    view, counts, opts = _ready_on_dragon_or_pair()  # 14 tiles, as after a call
    check = WinCheck.at(GUANGDONG, opts, 4)
    unseen = view.unseen()
    gains = {}
    for level in ("normal", "hard"):
        bot = SkilledBot(level)
        bot.skill = bot.skill_at("guangdong")
        bot._memo = {"unseen": unseen}
        gains[level] = bot._best_after_call(view, check, list(view.hand), view.own_melds, unseen)
    bot = SkilledBot("normal")
    bot.skill = bot.skill_at("guangdong")
    bot._memo = {"unseen": unseen}
    [(quickest, _)] = bot._quickest(check, list(view.hand), view.own_melds, view.ghost,
                                    [Action(0, "discard", tile=k) for k in range(34) if view.hand[k]], 1)
    assert quickest.tile == K("N")  # the lone honour: ready on 2p / C
    alone = bot._evaluate(view, check, _minus(view.hand, K("N")), view.own_melds, unseen, quickest, None)
    assert gains["normal"] == alone.gain > 0
    assert gains["hard"] >= gains["normal"]
    assert SKILLS["normal"].call_valued == 1 and SKILLS["hard"].call_valued is None


class _Twin:
    """A seat's bot that asks a twin bot the same question at every decision (same rng state) and records any
    choice they differ on."""

    def __init__(self, bot, twin):
        self.bot, self.twin, self.rng = bot, twin, bot.rng
        self.level = bot.level
        self.asked = 0
        self.differ: list = []

    def choose_setup(self, choice, facts):
        return self.bot.choose_setup(choice, facts)

    def choose(self, view, legal):
        self.twin.rng.setstate(self.rng.getstate())
        mine, theirs = self.bot.choose(view, legal), self.twin.choose(view, legal)
        self.asked += 1
        if mine != theirs:
            self.differ.append((mine, theirs))
        return mine


@pytest.mark.parametrize("vid", ["guangdong", "hainan"])
def test_normal_reads_its_plan_values_once_a_game_dealing_or_not(vid):
    """Skill.game_values: normal keeps its own plan values for the game, one set as dealer and one not, fixed at
    the first round of each. In the first round they come from the same table as the per-table reading's, so every
    choice is the same as without them; after it the same values answer, where the per-table reading reads anew."""
    from game.ai import value
    from game.headless.simulate import play_round
    from game.host import Host, SeatConfig

    value._SHARED_VALUES.clear()  # the per-table reading's values are shared: none left from another test's table
    players = get_variant(vid).player_counts[-1]
    host = Host(vid, {}, [SeatConfig(f"AI {i + 1}", level="normal") for i in range(players)], seed=11, rounds=3,
                start_with_coins=False)
    twins = []
    for stand_in in host.stand_ins:
        twin = SkilledBot("normal", skill={"game_values": False})
        stand_in.bot = _Twin(stand_in.bot, twin)
        twins.append(stand_in.bot)
    play_round(host)
    assert host.bot_failures == 0
    assert sum(t.asked for t in twins) >= 40 and all(not t.differ for t in twins)
    first = {seat: dict(t.bot._game_values) for seat, t in enumerate(twins)}
    host.finish_round()
    play_round(host)
    host.finish_round()
    for seat, t in enumerate(twins):
        kept = t.bot._game_values
        assert len(kept) <= 2 and {key[-1] for key in kept} <= {True, False}
        for key, values in first[seat].items():
            assert kept[key] is values  # read once: the same values in the later rounds
    assert not SKILLS["hard"].game_values and not SKILLS["expert"].game_values




# ---------------------------------------------------------------------------------------------- kongs weighed
def _beihai_round(hands: list[str], wall: str):
    """北海 without a wildcard, seat 0 dealing: hands and the live wall as given."""
    opts = BEIHAI.parse_options({"ghost": "none"}, 4)
    rnd, _ = round_from_scenario(BEIHAI, opts, 4, 0, [T(h) for h in hands], T(wall))
    return rnd


_BEIHAI_OTHERS = ["2p 2p 4p 8p 8p 1s 1s 6s 7s 8s N N S", "3p 3p 4p 4p 6m 6m 7m 8m 2s 2s 6s 7s S",
                  "4m 4m 5m 5m 7m 7m 8m 1p 1p 9p 9p 9s W"]


def test_kong_points_are_the_rule_sets_own():
    """What a kong pays its maker at once, by the rule set's kong scoring (its rules files): 北海 concealed 2 from
    each other player, exposed 3 from the giver, added 1 from each; 南宁 the base from each (concealed) or from the
    giver; 广东 none."""
    from game.ai.value import kong_points
    from game.engine.melds import Meld

    def points(variant, raw: dict) -> list[float]:
        opts = variant.parse_options(raw, 4)
        rest = [k for k in range(34) for _ in range(4)]
        hands = [rest[i * 13:(i + 1) * 13] + ([rest[52]] if i == 0 else []) for i in range(4)]
        rnd, _ = round_from_scenario(variant, opts, 4, 0, hands, rest[60:80])
        view = SeatState.of_round(rnd, 0)
        kind = K("5s")
        return [kong_points(view, Meld("concealed_kong", [kind] * 4)),
                kong_points(view, Meld("kong", [kind] * 4, 2, kind)),
                kong_points(view, Meld("added_kong", [kind] * 4, 2, kind))]

    assert points(BEIHAI, {"ghost": "none"}) == [6.0, 3.0, 3.0]
    assert points(NANNING, {"coins": False}) == [3.0, 1.0, 1.0]
    assert points(GUANGDONG, {}) == [0.0, 0.0, 0.0]


def test_where_kongs_pay_the_expert_makes_one_that_costs_a_step():
    """北海 pays a concealed kong 2 from each other player (6 in all, six plain self-draws' worth from one payer):
    four 1m held as a pong and a run make a kong one step slower. Hard keeps the distance and throws E; the expert,
    weighing the kong's points (EXPERT_TUNING's kong_value at this rule set), declares it."""
    rnd = _beihai_round(["1m 1m 1m 1m 2m 3m 5p 6p 7p 3s 4s 9s 9s E", *_BEIHAI_OTHERS], "5s 2m 7p 3m 6p 2m")
    view, legal = SeatState.of_round(rnd, 0), rnd.legal_actions(0)
    check = WinCheck.at(rnd.variant, rnd.options, 4)
    kong = next(a for a in legal if a.type == "concealed_kong")
    kept = _minus(_minus(_minus(_minus(view.hand, K("1m")), K("1m")), K("1m")), K("1m"))
    from game.engine.melds import Meld

    assert check.distance(kept, None, [Meld("concealed_kong", [K("1m")] * 4)]) \
        > check.distance(_minus(view.hand, K("E")), None, [])  # the kong is a step slower
    assert SkilledBot("hard").choose(view, legal).type == "discard"
    assert SkilledBot("expert", think_s=0).choose(view, legal) == kong
    # where the expert does not weigh kongs by their points it plays as hard does
    assert SkilledBot("expert", think_s=0, skill={"kong_value": False}).choose(view, legal).type == "discard"


def test_where_kongs_pay_a_ready_concealed_hand_kongs_on_a_discard():
    """Ready and concealed, waiting on E alone, seat 0 holds three 9s when seat 3 throws the fourth. Hard keeps
    its hand concealed (where a concealed hand may pay more) and passes; at 北海, where an exposed kong on a discard
    makes the giver pay 3 and the wait stays the same, the expert takes it."""
    rnd = _beihai_round(["1m 2m 3m 5p 6p 7p 3s 4s 5s 9s 9s 9s E W", *_BEIHAI_OTHERS[:2],
                         "4m 4m 5m 5m 7m 7m 8m 1p 1p 9p 9p 9s C"],
                        "F F F 2m 3m 6p 7p 5s 4s 3s 1m 8s 9m 9m 9m 5p 5p 6m 2m 3m")
    rnd.apply(Action(0, "discard", K("W")))
    for seat, tile in ((1, "F"), (2, "F"), (3, "9s")):
        rnd.pass_all()
        rnd.apply(Action(seat, "discard", K(tile)))
    assert rnd.phase == "claim"
    view, legal = SeatState.of_round(rnd, 0), rnd.legal_actions(0)
    assert view.claim_tile == K("9s") and any(a.type == "kong" for a in legal)
    assert SkilledBot("hard").choose(view, legal).type == "pass"
    assert SkilledBot("expert", think_s=0).choose(view, legal).type == "kong"


def beihai_ready_pong_offer():
    """北海 (self-draw only): seat 0, ready on 9s or E, is offered a pong of the E seat 1 threw: (round, view,
    legal moves)."""
    rnd = _beihai_round(["1m 2m 3m 5p 6p 7p 3s 4s 5s 9s 9s E E W", "2p 2p 4p 8p 8p 1s 1s 6s 7s 8s N N E",
                         *_BEIHAI_OTHERS[1:]], "F 2m 3m 6p 7p 5s 4s 3s 1m 8s 9m 9m 9m 5p 5p 6m 2m 3m")
    rnd.apply(Action(0, "discard", K("W")))
    rnd.pass_all()
    rnd.apply(Action(1, "discard", K("E")))
    return rnd, SeatState.of_round(rnd, 0), rnd.legal_actions(0)


def test_where_no_discard_wins_a_ready_hand_pongs_the_tile_it_waits_on():
    """Ready on 9s or E where no discard wins, seat 0 may not win on the E thrown, but ponging it completes the
    hand and leaves a tile to throw: thrown, the 9s left alone is a single wait, which 北海 pays ×4 self-drawn
    (4开). Every level that reads value pongs; before, the pong read as leaving the hand at -1, which no discard
    reaches, and as worth nothing (and its hint said it brought the hand closer). After it the expert throws a 9s,
    ready on the other."""
    rnd, view, legal = beihai_ready_pong_offer()
    assert rnd.phase == "claim" and {a.type for a in legal} == {"pong", "pass"}  # no win on a discard here
    check = WinCheck.at(rnd.variant, rnd.options, 4)
    assert check.distance(view.hand, None, []) == 0
    for level in ("normal", "hard", "expert"):
        assert SkilledBot(level, think_s=0).choose(view, legal).type == "pong", level
    advice = SkilledBot("expert").advise(view, legal)
    assert advice.step == "as near"  # the hint: made for its worth, not speed
    from game.review import _call_step

    assert _call_step(view, advice.action) == "as near"  # and the 复盘 says the same of it (one call_step)
    rnd.apply(Action(0, "pong", K("E")))
    view, legal = SeatState.of_round(rnd, 0), rnd.legal_actions(0)
    thrown = SkilledBot("expert", think_s=0).choose(view, legal)
    assert thrown == Action(0, "discard", K("9s"))
    assert check.waits(_minus(view.hand, K("9s")), None, view.own_melds) == [K("9s")]


@pytest.mark.parametrize("vid", ["nanning", "guangdong"])
def test_normal_draws_its_slip_before_valuing_and_slips_among_its_three_quickest(vid):
    """Skill.slip_unvalued: with three discards or fewer in reach normal's careless discard is drawn before any
    is valued — a random one of its three quickest (distance, then the least connected tile), nothing valued —; with
    four (Guangdong's valued_gated) they are valued first and the slip is among the best three. A careful discard is
    valued as before; the levels that never slip (hard, expert) keep the old order."""
    from game.ai.value import own_draws_left

    variant = get_variant(vid)
    players = variant.player_counts[-1]
    opts = variant.parse_options({}, players)
    assert SKILLS["normal"].slip_unvalued and not SKILLS["hard"].slip_unvalued and not SKILLS["expert"].slip_unvalued
    unvalued = valued_first = 0
    for _, rnd, seat, legal in _early_turns(variant, opts, players, seeds=3, turns=3 * players):
        view = _seat(rnd, seat)
        check = WinCheck.at(variant, opts, players)
        bot = SkilledBot("normal", seed=1, skill={"slips": 1.0})
        discards = [a for a in legal if a.type == "discard" and a.tile != view.ghost]
        n = bot.skill.valued if bot._plain_wins(view) else bot.skill.valued_gated
        target = check.distance(view.hand, view.ghost, view.own_melds)
        reach = target + (2 if own_draws_left(view) >= 12 else 1)
        quickest = [(a.tile, d) for a, d in SkilledBot._quickest(check, list(view.hand), view.own_melds, view.ghost,
                                                                  discards, n)]
        pool = [k for k, d in quickest if d <= reach]
        if len(pool) < 2:
            continue
        careless = bot.advise(view, legal)
        assert careless.option is not None
        if len(pool) <= 3:  # nothing valued: the value reading sets every option's value_distance
            assert careless.option.value_distance is None and careless.option.gain == 0.0
            assert careless.action.tile in pool[:3], (seat, careless.action)
            unvalued += 1
            # the old order values first, then slips among the best three valued
            old = SkilledBot("normal", seed=1, skill={"slips": 1.0, "slip_unvalued": False}).advise(view, legal)
            assert old.option is not None and old.option.value_distance is not None and old.action.tile in pool
        else:
            assert careless.option.value_distance is not None and careless.action.tile in pool
            valued_first += 1
        careful = SkilledBot("normal", seed=1, skill={"slips": 0.0}).advise(view, legal)
        assert careful.option in careful.options and all(o.value_distance is not None for o in careful.options)
    # early in a Guangdong round four are nearly always in reach; elsewhere never more than three
    assert (unvalued >= 3) == (vid == "nanning") and (valued_first > 0) == (vid == "guangdong")


def _claim_after_own_discard(vid: str):
    """A round where a seat threw a tile (its hand then as it is now) and may call the next discard: (round, the
    seat, its legal moves, the tile it threw)."""
    variant = get_variant(vid)
    players = variant.player_counts[-1]
    opts = variant.parse_options({}, players)
    for seed in range(40):
        rnd, _ = new_round(variant, opts, players, 0, seed=seed)
        thrown: dict[int, int] = {}
        for _ in range(12 * players):
            if rnd.finished:
                break
            if rnd.phase == "claim":
                for seat in range(players):
                    legal = rnd.legal_actions(seat)
                    if seat in thrown and any(a.type in ("pong", "chow") for a in legal):
                        return rnd, seat, legal, thrown[seat]
                rnd.pass_all()
                continue
            legal = rnd.legal_actions(rnd.current)
            a = next(a for a in legal if a.type == "discard")
            thrown[rnd.current] = a.tile
            rnd.apply(a)
    raise AssertionError("no claim found")


def test_normal_answers_a_claim_with_its_hand_valued_at_its_last_discard():
    """Skill.recall_pass: normal's last valued discard leaves its hand and that option's gain; a claim on the same
    hand reads that gain for passing instead of valuing the hand again (a huge one makes it pass); another hand, or
    a table where no plain hand may win (Guangdong's minimum), values it anew."""
    rnd, seat, legal, tile = _claim_after_own_discard("guangdong")
    view = _seat(rnd, seat)
    gated = SkilledBot("normal", seed=1, skill={"slips": 0.0})
    gated.skill = gated.skill_at("guangdong")
    assert not gated._plain_wins(view)
    gated._recalled = (gated._hand_key(view, list(view.hand), 0), 1e9)
    fresh = SkilledBot("normal", seed=1, skill={"slips": 0.0}).advise(view, legal)
    assert gated.advise(view, legal).action == fresh.action  # the recalled gain is not read there
    rnd, seat, legal, tile = _claim_after_own_discard("nanning")
    view = _seat(rnd, seat)
    assert SKILLS["normal"].recall_pass and not SKILLS["hard"].recall_pass and not SKILLS["expert"].recall_pass
    bot = SkilledBot("normal", seed=1, skill={"slips": 0.0})
    bot.skill = bot.skill_at("nanning")
    key = bot._hand_key(view, list(view.hand), 0)
    valued = []
    evaluate = bot._evaluate

    def counting(v, c, counts, melds, unseen, action, opponents, now=None):
        valued.append(action.type)
        return evaluate(v, c, counts, melds, unseen, action, opponents, now)

    bot._evaluate = counting  # type: ignore[method-assign]
    fresh = bot.advise(view, legal)
    assert "pass" in valued  # nothing recalled: the hand as it stands is valued
    valued.clear()
    bot._recalled = (key, 1e9)
    assert bot.advise(view, legal).action.type == "pass" and "pass" not in valued
    valued.clear()
    bot._recalled = (key[:2] + (key[2] + 1,), 1e9)  # a later hand of the round: valued anew
    assert bot.advise(view, legal).action == fresh.action and "pass" in valued
    # a careful discard leaves what the claim reads: the hand after it and the chosen option's gain
    variant = get_variant("nanning")
    for _, turn, at, moves in _early_turns(variant, variant.parse_options({}, 4), 4, seeds=1, turns=4):
        own = _seat(turn, at)
        chosen = bot.advise(own, moves)
        if chosen.action.type == "discard":
            hand = list(own.hand)
            hand[chosen.action.tile] -= 1
            assert bot._recalled == (bot._hand_key(own, hand, 1), chosen.option.gain)


def test_a_chow_may_be_held_to_its_own_value_threshold_apart_from_pongs():
    """Skill.chow_value: a chow that keeps the hand's distance is made only for that many times the hand's worth
    (None: `call_value`, as for a pong). Over the claims of Hainan rounds, every chow that an expert calling for any
    worth (`call_value` 0, no threshold of a chow's own) makes without getting nearer is refused at a threshold no
    chow reaches, and every pong it makes is still made."""
    variant = get_variant("hainan")
    opts = variant.parse_options({}, 4)
    eager = SkilledBot("expert", think_s=0, skill={"call_value": 0.0, "chow_value": None})
    chary = SkilledBot("expert", think_s=0, skill={"call_value": 0.0, "chow_value": 100.0})
    chows = pongs = 0
    for seed in range(30):
        rnd, _ = new_round(variant, opts, 4, 0, seed=seed)
        for _ in range(60):
            if rnd.finished:
                break
            if rnd.phase == "claim":
                for seat in range(4):
                    legal = rnd.legal_actions(seat)
                    if not any(a.type in ("pong", "chow") for a in legal) or any(a.type == "win" for a in legal):
                        continue
                    view = SeatState.of_round(rnd, seat)
                    made = eager.advise(view, legal)
                    if made.action.type == "chow" and made.step == "as near":
                        chows += 1
                        assert chary.advise(view, legal).action != made.action
                    elif made.action.type == "pong":
                        pongs += 1
                        assert chary.advise(view, legal).action == made.action
                rnd.pass_all()
                continue
            rnd.apply(next(a for a in rnd.legal_actions(rnd.current) if a.type == "discard"))
    assert chows and pongs, (chows, pongs)


def _dealers_first_discard(hand: str, raw: dict, level: str, skill: dict | None = None) -> str:
    """Guangdong: the dealer's first discard from `hand` (14 tiles), the other hands and the wall shuffled."""
    opts = GUANGDONG.parse_options(raw, 4)
    rest = [k for k in range(34) for _ in range(4)]
    for k in T(hand):
        rest.remove(k)
    random.Random(5).shuffle(rest)
    rnd, _ = round_from_scenario(GUANGDONG, opts, 4, 0, [T(hand), rest[0:13], rest[13:26], rest[26:39]], rest[39:])
    advice = SkilledBot(level, skill=skill).advise(SeatState.of_round(rnd, 0), rnd.legal_actions(0))
    return tile_name(advice.action.tile)


@pytest.mark.parametrize("hand, orphan, plain", [
    ("1m 9m 1p 2p 6p 6p 1s S N N F F P P", "1m", "6p"),  # eight kinds of the thirteen and a pair
    ("1m 3m 5m 6m 7m 9p E S N C C C F P", "9p", "7m"),
    ("1m 1m 5m 5m 9m 9p 1s 1s E E E W N C", "9m", "5m"),
])
@pytest.mark.parametrize("raw", [{}, {"cap": 4}])
def test_the_guangdong_expert_keeps_thirteen_orphans_four_steps_away_as_hard_does(hand, orphan, plain, raw):
    """十三幺 four steps away, the plain route one step nearer by throwing one of the orphans: hard keeps the orphans
    (a slower discard for 1.5 times the worth), and so does the Guangdong expert (EXPERT_TUNING: its own 3 cost it
    thirteen orphans that paired rollouts valued above the quicker route). With its own trade it throws the
    orphan."""
    assert _dealers_first_discard(hand, raw, "hard") == plain
    assert _dealers_first_discard(hand, raw, "expert") == plain
    assert _dealers_first_discard(hand, raw, "expert", {"slower_orphans": 0.0}) == orphan
