"""One win evaluation (game.engine.wincheck): the round, the `score` command, a seat's hints (wait_info /
wait_details, from the seat's own SeatState or one read from the round, SeatState.of_round) and the bot agree; hints
respect 封胡, minimums and the seat's pass-lock, which the seat learns from what it saw; a rule set's own shape (the
toy 烂牌) is won with, hinted and played toward like the standard ones."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from game import variants as variants_mod
from game.ai import make_bot
from game.engine.errors import EngineError
from game.engine.invariants import random_action
from game.engine.melds import Meld
from game.engine.project import project
from game.engine.seat_state import SeatState
from game.engine.state import Action, new_round, round_from_scenario
from game.engine.tiles import NUM_PLAYABLE, parse_tile, parse_tiles, tile_name, tile_names
from game.engine.wincheck import BARRED, BELOW_MINIMUM, PASS_LOCK, SELF_DRAW_ONLY, WinCheck
from game.headless.engine_cli import cmd_score
from game.variants import get_variant
from tests.engine.test_seat_state import TABLES, random_options
from tests.engine.toy_variant import VARIANT as TOY

NANNING = get_variant("nanning")
BEIHAI = get_variant("beihai")


def T(text: str) -> list[int]:
    return parse_tiles(text.split())


def k(name: str) -> int:
    return parse_tile(name)


def fed_states(rnd, events: list[dict]) -> list[SeatState]:
    states = [SeatState(s, rnd.variant, rnd.options) for s in range(rnd.players)]
    for e in events:
        for st in states:
            st.apply(project(e, st.seat))
    return states


def play(rnd, states: list[SeatState], action: Action) -> list[dict]:
    events = rnd.apply(action)
    for e in events:
        for st in states:
            st.apply(project(e, st.seat))
    return events


def by_kind(waits) -> dict:
    return {w.kind: w for w in waits}


# ---------------------------------------------------------------------------------------------- the toy 烂牌
TOY_LAN = {"ghost": "none", "flowers": False, "chow": False, "lanpai": True}
# seat 0 (the dealer) is one tile from 烂牌: 4m-5m are connected, and only throwing 5m leaves it ready on C F P
LAN_HANDS = ["1m 4m 5m 7m 2p 5p 8p 3s 6s 9s E S W N", "C 1m 1m 2m 2m 3p 3p 6m 6m 9p 9p 7s 7s",
             "2s 2s 4s 4s 8m 8m 1p 1p 4p 4p 6p 6p F", "3m 3m 9m 9m 1s 1s 5s 5s 8s 8s 7p 7p P"]


def lan_round(**opts):
    options = TOY.parse_options({**TOY_LAN, **opts}, 4)
    return round_from_scenario(TOY, options, 4, 0, [T(h) for h in LAN_HANDS], T("E 2m 3m 4m"))


def test_the_bot_plays_toward_a_rule_sets_own_shape():
    rnd, events = lan_round()
    states = fed_states(rnd, events)
    assert states[0].distance() == 0  # 烂牌 is one discard away; the standard shape is far
    for level in ("baseline", "normal", "hard", "expert"):
        assert make_bot(level).choose(states[0], rnd.legal_actions(0)) == Action(0, "discard", k("5m"))
        assert make_bot(level).choose(SeatState.of_round(rnd, 0), rnd.legal_actions(0)) == \
            Action(0, "discard", k("5m"))


def test_a_rule_sets_own_shape_is_hinted_and_won_like_the_standard_ones():
    rnd, events = lan_round()
    states = fed_states(rnd, events)
    play(rnd, states, Action(0, "discard", k("5m")))
    waits = states[0].wait_info()
    assert [w.kind for w in waits] == T("C F P") == [kind for kind, _ in states[0].waits()]
    assert all(w.status == "discard" and w.discard_fan == 3 and w.self_draw_fan == 6 for w in waits)  # 烂牌 3, 自摸 ×2
    assert states[0].wait_details() == [(w.kind, w.unseen, 6) for w in waits] == \
        SeatState.of_round(rnd, 0).wait_details()
    # seat 1 draws and throws his C: the round offers seat 0 the win the hint promised, and scores it as 烂牌
    play(rnd, states, Action(1, "discard", k("C")))
    assert Action(0, "win") in rnd.legal_actions(0)
    events = play(rnd, states, Action(0, "win"))
    win = next(e for e in events if e["type"] == "win")
    assert win["hands"] == ["lanpai"] and win["fan"] == 3


def test_without_the_shape_the_same_hand_waits_on_nothing():
    rnd, events = lan_round(lanpai=False)
    states = fed_states(rnd, events)
    assert states[0].distance() > 3
    play(rnd, states, Action(0, "discard", k("5m")))
    assert states[0].wait_info() == [] and states[0].waits() == []


# ---------------------------------------------------------------------------------------------- the bars
# seat 2 waits on 2p/5p and seat 3 on 5p/8p; seat 0 deals a 5p (tests/engine/test_seat_state.py)
WAITING_ON_5P = ["5p E E E W W W C C C F F F P", "5p 5p 1p 1p 1p 9p 9p 9p S N P P 2s",
                 "1m 2m 3m 4m 5m 6m 7m 8m 9m 3p 4p S S", "1s 2s 3s 4s 5s 6s 7s 8s 9s 6p 7p N N"]


def test_a_passed_win_shows_in_the_hints_until_the_seats_draw():
    opts = NANNING.parse_options({"coins": False}, 4)
    rnd, events = round_from_scenario(NANNING, opts, 4, 0, [T(h) for h in WAITING_ON_5P], T("2m 3s 4m 6m 7m 8m"))
    states = fed_states(rnd, events)
    play(rnd, states, Action(0, "discard", k("5p")))
    assert states[2].claim_facts == frozenset({"human"})  # the dealer's first discard: 人胡 if won
    for seat in (1, 2, 3):  # seat 1 might pong it
        play(rnd, states, Action(seat, "pass"))
    for view in (states[2], SeatState.of_round(rnd, 2)):
        waits = by_kind(view.wait_info())
        assert (waits[k("5p")].status, waits[k("5p")].reason) == ("self_draw", PASS_LOCK)  # 跟牌不可胡: 5p only
        assert waits[k("2p")].status == "discard"
        assert view.lock_state.lock_kinds == {k("5p")}
    held = rnd.seats[2]  # the pass-lock the seat learnt from what it saw is the round's own
    assert states[2].lock_state.as_tuple() == (frozenset(held.lock_kinds), held.lock_all, held.lock_rank)
    # seat 1 draws and throws 2s; then seat 2's own draw lifts the bar
    play(rnd, states, Action(1, "discard", k("2s")))
    assert rnd.current == 2 and states[2].lock_state.as_tuple() == (frozenset(), False, None)


def test_a_small_hand_that_may_not_win_on_a_discard_is_hinted_as_self_draw_only():
    opts = NANNING.parse_options({"coins": False, "pinghu_discard": False}, 4)
    rnd, events = round_from_scenario(NANNING, opts, 4, 0, [T(h) for h in WAITING_ON_5P], T("2m 3s 4m 6m 7m 8m"))
    states = fed_states(rnd, events)
    w = by_kind(states[2].wait_info())[k("2p")]
    assert (w.status, w.reason, w.discard_fan, w.self_draw_fan) == ("self_draw", BELOW_MINIMUM, None, 1)
    # but the dealer's first discard makes it 人胡 (big): with the facts of that moment it may win
    play(rnd, states, Action(0, "discard", k("5p")))
    assert Action(2, "win") in rnd.legal_actions(2)
    w = by_kind(states[2].wait_info(discarder=0, flags=states[2].claim_facts))[k("5p")]
    assert w.status == "discard" and w.discard_fan == 3


def test_a_seat_under_fenghu_is_hinted_that_it_cannot_win():
    # seat 2 has ponged three of seat 1's discards: seat 1 may no longer win (封胡), which its melds tell everyone
    opts = NANNING.parse_options({"coins": False}, 4)
    hands = [T("1m 1m 9m 9m 9s 9s 2s 3s 4s 5s 6s 7s 8s E"), T("1p 2p 3p 4p 5p 6p 7p 8p 9p 6m 7m S S"),
             T("E E E S W N C F P 2m 4m 6m 8m"), T("1s 1s 3m 3m 5m 5m 7m 7m 2p 2p 4p 4p P")]
    rnd, _ = round_from_scenario(NANNING, opts, 4, 0, hands, T("9p 9p 8p"))
    for kind in ("C", "F", "P"):  # as if seat 2 had ponged each from seat 1
        rnd.seats[2].melds.append(Meld("pong", [k(kind)] * 3, 1, k(kind)))
        rnd.seats[2].hand[k(kind)] -= 1
    waits = SeatState.of_round(rnd, 1).wait_info()
    assert [w.kind for w in waits] == T("5m 8m") and all((w.status, w.reason) == ("none", BARRED) for w in waits)
    assert SeatState.of_round(rnd, 1).wait_details() == []
    rnd.apply(Action(0, "discard", k("E")))  # the round's own check: no win offered (seat 2 may pong the E)
    rnd.pass_all()
    assert rnd.current == 1 and Action(1, "win") not in rnd.legal_actions(1)


def test_a_self_draw_only_rule_set_hints_every_wait_as_self_draw():
    opts = BEIHAI.parse_options({"ghost": "none", "horses": 0}, 4)
    rnd, events = round_from_scenario(BEIHAI, opts, 4, 0, [T(h) for h in WAITING_ON_5P], T("2m 3s 4m 6m 7m 8m"))
    waits = fed_states(rnd, events)[2].wait_info()
    assert waits and all((w.status, w.reason) == ("self_draw", SELF_DRAW_ONLY) for w in waits)


# ---------------------------------------------------------------------------------------------- the bot and flowers
def test_a_seat_still_holding_deal_flowers_can_answer_a_chow():
    # found at toy / 3 players / chow + flowers + flip_next / seed 264: seat 2, before its first turn, holds two
    # flowers and is offered a chow on 1m; the bot used to drop the flowers and ask the distance of a 9-tile hand
    opts = TOY.parse_options({"ghost": "none", "flowers": True, "chow": True}, 3)
    hands = [T("E E E S S S W W W N N N C F"), T("1m 5m 9m 1p 5p 9p 1s 5s 9s F P P C"),
             T("2m 3m 4m 4m 5p 6p 6s 8s 9s S C 4f 6f")]
    rnd, events = round_from_scenario(TOY, opts, 3, 0, hands, T("7p 7m 8m 8p 2p 3p"))
    states = fed_states(rnd, events)
    play(rnd, states, Action(0, "discard", k("F")))
    rnd.pass_all()
    play(rnd, states, Action(1, "discard", k("1m")))
    legal = rnd.legal_actions(2)
    assert Action(2, "chow", k("1m"), (k("2m"), k("3m"))) in legal and any(states[2].hand[NUM_PLAYABLE:])
    for level in ("baseline", "easy", "normal", "hard", "expert"):
        assert make_bot(level).choose(states[2], legal) in legal


def test_the_seeded_table_that_crashed_the_bot_plays_through(monkeypatch):
    from game.headless.simulate import run_simulation

    monkeypatch.setitem(variants_mod._extra, "toy", TOY)
    result = run_simulation("toy", players=3, options={"chow": True, "flowers": True, "ghost": "flip_next"},
                            seed=264, rounds=3, ai_levels=["easy", "normal", "hard"])
    assert result["ok"] and result["rounds"] == 3


# ---------------------------------------------------------------------------------------------- random rounds
ALL_TABLES = TABLES + [(TOY, n) for n in TOY.player_counts]  # the toy again, its own shape always on


def table_options(variant, players: int, rng: random.Random):
    opts = random_options(variant, players, rng)
    if variant is TOY and rng.random() < 0.6:
        opts = dataclasses.replace(opts, lanpai=True)
    return opts


def passing_action(rnd, rng: random.Random, pass_rate: float) -> Action:
    """Random play that often lets a win on a discard pass (to make pass-locks) and never escapes."""
    if rnd.phase == "claim":
        w = rnd.window
        seat = next(s for s in w.options if s not in w.answers)
        if any(a.type == "win" for a in w.options[seat]) and rng.random() < pass_rate:
            return Action(seat, "pass")
    return random_action(rnd, rng, greedy=0.95)


def random_rounds(seeds, pass_rate: float = 0.5):
    """(rnd, states, events of the last action) after every action of seeded random rounds of every table."""
    for seed in seeds:
        variant, players = ALL_TABLES[seed % len(ALL_TABLES)]
        rng = random.Random(f"wincheck:{seed}")
        opts = table_options(variant, players, rng)
        rnd, events = new_round(variant, opts, players, seed % players, seed=seed,
                                context={"coins": [rng.choice([500, 5000]) for _ in range(players)]})
        states = fed_states(rnd, events)
        steps = 0
        while True:
            yield rnd, states, events
            if rnd.finished:
                break
            steps += 1
            assert steps < 1000
            events = play(rnd, states, passing_action(rnd, rng, pass_rate))


def test_every_seat_learns_its_pass_lock_from_what_it_saw():
    locks = Counter()
    for rnd, states, _ in random_rounds(range(150), pass_rate=0.8):
        for st in states:
            s = rnd.seats[st.seat]
            expected = (frozenset(s.lock_kinds), s.lock_all, s.lock_rank)
            assert st.lock_state.as_tuple() == expected, (rnd.variant.id, st.seat, rnd.version)
            if s.lock_kinds or s.lock_all:
                locks[rnd.variant.id] += 1
    # every kind of lock was met: same kind (Nanning), every discard (the toy), unless higher (Guiliu); Beihai has none
    assert locks["nanning"] and locks["toy"] and locks["guiliu"], locks


def test_hints_never_promise_a_discard_win_the_round_would_refuse():
    """At every discard: a seat's hint (before it knows who threw what) that the tile wins on a discard means the
    round offers it the win; and the round offers a win exactly when the hint with that moment's facts (who threw
    it, 杠上炮, 海底 ...) says so. At every turn: a hint that a drawn tile wins by self-draw means the round lets it."""
    seen = Counter()
    for rnd, states, events in random_rounds(range(120)):
        if rnd.finished or not events:
            continue
        last = events[-1]
        if rnd.phase == "claim" and rnd.window.kind == "discard":
            w = rnd.window
            for st in states:
                if st.seat == w.from_seat:
                    continue
                offered = any(a.type == "win" for a in w.options.get(st.seat, []))
                plain = by_kind(st.wait_info()).get(w.tile)
                exact = by_kind(st.wait_info(discarder=w.from_seat, flags=st.claim_facts)).get(w.tile)
                if plain is not None and plain.by_discard:
                    assert offered, (rnd.variant.id, st.seat, rnd.version)
                assert offered == (exact is not None and exact.by_discard), (rnd.variant.id, st.seat, rnd.version)
                seen["offered" if offered else "refused" if exact is not None else "no wait"] += 1
        elif rnd.phase == "turn" and last["type"] == "draw" and rnd.drawn is not None:
            st = states[rnd.current]
            hand = st.hand
            hand[rnd.drawn] -= 1
            hint = by_kind(st.wait_info(hand)).get(rnd.drawn)
            wins = Action(rnd.current, "win") in rnd.legal_actions(rnd.current)
            if hint is not None and hint.by_self_draw:
                assert wins, (rnd.variant.id, rnd.current, rnd.version)
            if wins:
                assert hint is not None  # the drawn tile was one of its waits (the flags of the draw aside)
                seen["self-draw"] += 1
    assert seen["offered"] > 10 and seen["refused"] and seen["self-draw"] > 10


def score_doc(rnd, st: SeatState, kind: int, discarder: int | None) -> dict:
    doc = {"variant": rnd.variant.id, "options": dataclasses.asdict(rnd.options), "players": rnd.players,
           "dealer": rnd.dealer, "winner": st.seat, "discarder": discarder,
           "concealed": tile_names(k_ for k_ in range(NUM_PLAYABLE) for _ in range(st.hand[k_])),
           "win_tile": tile_name(kind), "melds": [m.to_json() for m in st.own_melds]}
    if rnd.ghost is not None:
        doc["context"] = {"ghost": tile_name(rnd.ghost)}
    return doc


def test_the_round_the_score_command_the_hints_and_the_bot_agree(monkeypatch):
    """On random positions of every rule set: each wait a seat's hint lists is scored by the `score` command as the
    hint says (won or refused, and its count), as from the seat before or by self-draw; the bot's distance is the
    seat's (0 exactly when it has waits); a hand the round lets win is one the bot sees complete."""
    monkeypatch.setitem(variants_mod._extra, "toy", TOY)
    checked = Counter()
    for rnd, states, _ in random_rounds(range(40)):
        if rnd.finished:
            continue
        for st in states:
            # the bots' distance (the table's WinCheck over what the seat holds, flowers as blank slots)
            check = WinCheck.at(rnd.variant, rnd.options, rnd.players)
            distance = check.distance(st.hand, st.ghost, st.own_melds)
            assert distance == st.distance() == SeatState.of_round(rnd, st.seat).distance()
            size = sum(st.hand[:NUM_PLAYABLE])
            if any(st.hand[NUM_PLAYABLE:]):
                continue  # deal flowers still held: no hand to score yet
            if (size % 3) == 1:
                assert (distance == 0) == bool(st.waits())
            elif rnd.phase == "turn" and st.seat == rnd.current and Action(st.seat, "win") in rnd.legal_actions(
                    st.seat):
                assert distance == -1
            if size % 3 != 1 or rnd.variant.id == "nanning" and checked["nanning"] > 150:
                continue
            for w in st.wait_info():
                held = st.hand[w.kind] + sum(m.tiles.count(w.kind) for m in st.own_melds)
                if held >= 4 or w.reason == BARRED:
                    continue  # a fifth copy cannot be scored; 封胡 needs the other seats' melds the command lacks
                for discarder, fan in (((st.seat - 1) % rnd.players, w.discard_fan), (None, w.self_draw_fan)):
                    try:
                        answer = cmd_score(score_doc(rnd, st, w.kind, discarder))
                    except EngineError:
                        answer = None
                    assert (answer["fan"] if answer else None) == fan, (rnd.variant.id, st.seat, w, discarder)
                checked[rnd.variant.id] += 1
    assert all(checked[v] for v in ("nanning", "beihai", "toy")), checked


@pytest.mark.parametrize("variant", [NANNING, BEIHAI, TOY], ids=lambda v: v.id)
def test_the_round_and_the_command_line_share_one_evaluation(variant):
    from game.engine.wincheck import WinCheck

    players = variant.player_counts[-1]
    opts = variant.parse_options({}, players)
    check = WinCheck.at(variant, opts, players)
    rnd, _ = new_round(variant, opts, players, 0, seed=1)
    assert rnd.win_check is check and WinCheck.at(variant, opts, players) is check


def test_remembered_waits_are_the_shapes_own_and_a_callers_change_does_not_stick():
    """WinCheck.waits remembers a hand's waits (a ready hand is asked again every turn it stays ready): the answer is
    the shapes' own, for a concealed hand and for one with a meld (open shapes), and changing a returned list does
    not change the next answer."""
    check = WinCheck.at(NANNING, NANNING.parse_options({}, 4), 4)
    counts = [0] * NUM_PLAYABLE
    for k in parse_tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s".split()):
        counts[k] += 1
    first = check.waits(counts, None, [])
    assert first == [parse_tile("1m"), parse_tile("4m")]
    first.append(0)
    assert check.waits(counts, None, []) == [parse_tile("1m"), parse_tile("4m")]
    natural, wild = check.split(counts, None)
    assert check.waits(counts, None, []) == list(check.shapes([]).waits(natural, wild, check.kinds))
    # the same concealed tiles beside a meld: the open shapes' answer, remembered apart from the concealed one's
    ten = list(counts)
    for k in parse_tiles("1m 2m 3m".split()):
        ten[k] -= 1
    meld = Meld("pong", [parse_tile("9m")] * 3, 1, parse_tile("9m"))
    natural, wild = check.split(ten, None)
    assert check.waits(ten, None, [meld]) == list(check.shapes([meld]).waits(natural, wild, check.kinds))
