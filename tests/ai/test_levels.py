"""The ladder of levels (easy < normal < hard < expert) and defence weighed by the rule set's payments."""

from __future__ import annotations

from game.ai.player import SKILLS, Option, SkilledBot
from game.ai.reading import DISCARD_SHARE, deal_in_chance, read_opponents
from game.ai.value import TableValues
from game.engine.seat_state import SeatState
from game.engine.state import Action, new_round
from game.engine.tiles import tile_name
from game.variants import get_variant

from .test_player import K, _flush_threat_round, opened_guangdong_round


def _values(vid: str) -> TableValues:
    variant = get_variant(vid)
    rnd, _ = new_round(variant, variant.parse_options({}, 4), 4, 0, seed=1)
    return TableValues(SeatState.of_round(rnd, 1))


def test_a_deal_in_costs_what_the_rule_set_makes_it_cost_beyond_a_self_draw():
    """Guangdong: a deal-in pays one share, a self-draw of the same hand costs this seat a share of a bigger win —
    so feeding a ready hand costs little more than letting it draw. Guiliu: the discarder pays for the table."""
    gd = _values("guangdong")
    assert gd.share_on_self_draw >= gd.loss_on_deal_in > 0
    assert gd.deal_in_cost < 0.5 * gd.loss_on_deal_in
    gl = _values("guiliu")
    assert gl.loss_on_deal_in > gl.share_on_self_draw
    assert gl.deal_in_cost > 0.8 * gl.loss_on_deal_in
    assert gl.deal_in_cost / gl.loss_on_deal_in > 2 * gd.deal_in_cost / gd.loss_on_deal_in
    assert _values("beihai").deal_in_cost == 0.0  # self-draw only: nothing to defend against


def _attack_or_fold(level: str, attack_gain: float) -> str:
    """Nanning, seat 1 showing three 索 pongs. Two ways on: one fast but into the danger, one a step slower and
    safe. The attacking move's risk is the price of a deal-in plus the hand it would end."""
    rnd, _ = _flush_threat_round()
    view = SeatState.of_round(rnd, 0)
    bot = SkilledBot(level)
    cost = bot._table_values(view).deal_in_cost
    p = 0.5
    attack = Option(Action(0, "discard", K("4s")), 1, accept=20, value_distance=1, gain=attack_gain,
                    risk=p * (cost * 1.5 + attack_gain))
    fold = Option(Action(0, "discard", K("9m")), 2, accept=8, value_distance=2, gain=0.05, risk=0.0)
    chosen = bot._weigh(view, [attack, fold], view.hand, read_opponents(view))
    return "attack" if chosen is attack else "fold"


def test_the_expert_folds_a_cheap_hand_but_plays_on_with_one_worth_the_risk():
    assert _attack_or_fold("expert", 0.1) == "fold"
    assert _attack_or_fold("expert", 8.0) == "attack"
    for level in ("hard", "normal"):
        assert _attack_or_fold(level, 0.1) == "attack"  # no defence: always the fast move


def test_only_the_counting_levels_count_the_table():
    rnd, _ = _flush_threat_round()
    view = SeatState.of_round(rnd, 0)
    seen = view.unseen()
    assert SkilledBot("hard")._unseen(view) == seen == SkilledBot("expert")._unseen(view)
    naive = SkilledBot("normal")._unseen(view)
    # 1s: three are in seat 1's pong, one unseen — the normal level still expects all four
    assert seen[K("1s")] == 1 and naive[K("1s")] == 4
    assert all(n >= s for n, s in zip(naive, seen))


def test_the_full_reading_sees_a_callers_suit_the_basic_one_does_not():
    rnd, _ = _flush_threat_round()
    view = SeatState.of_round(rnd, 0)
    unseen = view.unseen()
    one = next(o for o in read_opponents(view) if o.seat == 1)
    full = deal_in_chance(view, one, K("4s"), unseen) / deal_in_chance(view, one, K("4m"), unseen)
    basic = deal_in_chance(view, one, K("4s"), unseen, full=False) / deal_in_chance(view, one, K("4m"), unseen,
                                                                                      full=False)
    assert full > 5 and basic == 1.0


def test_the_levels_climb_in_skill():
    easy, normal, hard, expert = (SKILLS[lv] for lv in ("easy", "normal", "hard", "expert"))
    assert easy.slips > normal.slips > hard.slips == expert.slips == 0
    assert not easy.value and not easy.counting
    assert normal.value and not normal.defence and not normal.counting
    assert hard.counting and hard.acceptance and hard.lookahead and not hard.defence
    assert expert.reading and expert.decline_cheap and expert.defence > 0


def _departures(level: str, tries: int = 200) -> int:
    """How often the level, seated with different seeds, throws another tile than its own careful choice (the same
    level without slips) in one position: seat 0 of the Nanning flush-threat round, far from ready."""
    rnd, _ = _flush_threat_round()
    legal = rnd.legal_actions(0)
    careful = SkilledBot(level, skill={"slips": 0.0})
    best = careful.choose(SeatState.of_round(rnd, 0), legal)
    return sum(SkilledBot(level, seed=s).choose(SeatState.of_round(rnd, 0), legal) != best for s in range(tries))


def test_the_lower_levels_slip_more_often():
    """The ladder's carelessness, played: easy leaves its best move most often, normal now and then (a slip is one
    of its best few moves, so not every one of them shows), hard and expert never."""
    easy, normal = _departures("easy"), _departures("normal")
    assert _departures("hard") == 0 and _departures("expert", 20) == 0
    assert 0 < normal < easy
    assert normal > 0.1 * 200 and easy > 0.3 * 200


def test_under_a_minimum_a_concealed_opponent_is_less_of_a_threat_to_a_discard():
    """Guangdong: a concealed opponent, ready or not, seldom may win on a discard (a plain hand cannot there: the
    measured share, reading.DISCARD_SHARE); the same opponent at a Nanning table may. How ready he looks is the
    same at both: only his threat to a discard differs."""
    def read(vid: str):
        variant = get_variant(vid)
        rnd, _ = new_round(variant, variant.parse_options({}, 4), 4, 0, seed=3)
        view = SeatState.of_round(rnd, 0)
        return {o.seat: o for o in SkilledBot("expert")._opponents(view)}

    gd, nn = read("guangdong"), read("nanning")
    assert all(gd[s].ready == nn[s].ready for s in nn)
    assert all(nn[s].share == 1.0 and gd[s].share == DISCARD_SHARE["guangdong"]["0"] for s in nn)
    assert all(gd[s].threat < 0.5 * nn[s].threat for s in nn)


def _careful_discard(level: str, min_fan: int) -> str:
    """What the level throws, without its slips, in opened_guangdong_round: N makes a ready plain hand — a hand at a
    table without a minimum, none under a 3-fan one."""
    rnd, _ = opened_guangdong_round(min_fan)
    bot = SkilledBot(level, skill={"slips": 0.0})
    return tile_name(bot.choose(SeatState.of_round(rnd, 1), rnd.legal_actions(1)).tile)


def test_normal_reads_what_a_hand_may_win_and_easy_does_not():
    """The step from easy to normal: under a 3-fan minimum the ready plain hand can never win, and normal (as hard)
    does not make it; easy, going by distance alone, does. Without the minimum every level makes it."""
    assert {lv: _careful_discard(lv, 0) for lv in ("easy", "normal", "hard")} == dict.fromkeys(
        ("easy", "normal", "hard"), "N")
    assert _careful_discard("easy", 3) == "N"
    assert _careful_discard("normal", 3) != "N" and _careful_discard("hard", 3) != "N"
