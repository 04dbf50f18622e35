"""SeatState, rebuilt from one seat's projected events, must agree with the authoritative Round after every action:
random rounds of every registered rule set and of the test rule set (chow, flowers, wildcards), driven by random
legal moves or by the bots reading SeatState itself."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_bot
from game.engine.errors import OptionError
from game.engine.invariants import random_action
from game.engine.melds import Meld
from game.engine.project import HIDDEN, project
from game.engine.seat_state import SeatState
from game.engine.state import Action, new_round, round_from_scenario
from game.engine.tiles import NUM_KINDS, NUM_PLAYABLE, parse_tiles
from game.engine.variant import TableFacts
from game.engine.wincheck import PassLockState
from game.variants import get_variant, variant_ids
from tests.engine.toy_variant import VARIANT as TOY

VARIANTS = [get_variant(v) for v in variant_ids()] + ([TOY] if "toy" not in variant_ids() else [])
TABLES = [(v, n) for v in VARIANTS for n in v.player_counts]  # every rule set at every table size it allows
PRIVATE = {"deal": "seat", "draw": "actor", "concealed_kong": "actor"}


def random_options(variant, players: int, rng: random.Random):
    """Random choices for every option the rule set declares; a refused combination falls back to one change less."""
    raw = {}
    for f in dataclasses.fields(variant.Options):
        if isinstance(f.default, bool):
            raw[f.name] = rng.random() < 0.5
        elif f.metadata.get("choices"):
            raw[f.name] = rng.choice(f.metadata["choices"])
    while True:
        try:
            return variant.parse_options(raw, players)
        except OptionError:
            raw.pop(rng.choice(sorted(raw)))


class Watched(SeatState):
    """A SeatState that checks every event it is fed is one its seat may see."""

    masked = 0  # events that carried another seat's concealed tiles, all as "?"

    def apply(self, event: dict) -> None:
        owner = PRIVATE.get(event.get("type"))
        if owner is not None and event[owner] != self.seat:
            tiles = [event.get("tile")] + list(event.get("tiles", [])) + list(event.get("consumed", []))
            assert all(t == HIDDEN for t in tiles if t is not None), f"seat {self.seat} was shown {event}"
            self.masked += 1
        super().apply(event)


def seen_melds(rnd, seat: int) -> list[list[Meld]]:
    """Every seat's melds as `seat` may see them: others' concealed kongs face down."""
    return [list(s.melds) if i == seat else [m if m.type != "concealed_kong" else Meld("concealed_kong", [-1] * 4)
                                             for m in s.melds] for i, s in enumerate(rnd.seats)]


def true_unseen(rnd, seat: int) -> list[int]:
    """Each kind's copies less what `seat` holds and what lies open on the table (the round's own records)."""
    left = [rnd.tile_set.copies(k) for k in range(NUM_KINDS)]
    for k, n in enumerate(rnd.seats[seat].hand):
        left[k] -= n
    for row in seen_melds(rnd, seat):
        for m in row:
            for k in m.tiles:
                if k >= 0:
                    left[k] -= 1
    for s in rnd.seats:
        for k, taken in zip(s.discards, s.claimed):
            if not taken:
                left[k] -= 1
        for k in s.flowers:
            left[k] -= 1
    return [max(0, n) for n in left[:NUM_PLAYABLE]] + left[NUM_PLAYABLE:]


def check_seat(rnd, state: SeatState) -> None:
    seat = state.seat
    where = f"seat {seat}, version {rnd.version}"
    s = rnd.seats[seat]
    window = rnd.window
    assert state.hand == s.hand, where
    assert state.drawn == (rnd.drawn if rnd.current == seat else None), where
    assert state.own_melds == s.melds, where
    assert state.melds == seen_melds(rnd, seat), where
    assert state.discards == [[k for k, c in zip(o.discards, o.claimed) if not c] for o in rnd.seats], where
    assert state.flowers == [list(o.flowers) for o in rnd.seats], where
    assert (state.players, state.dealer, state.ghost) == (rnd.players, rnd.dealer, rnd.ghost), where
    assert state.indicator == rnd.indicator, where
    assert state.drawable == state.tiles_left == rnd.drawable(), where
    assert state.current == rnd.current, where
    assert state.phase == rnd.phase, where  # after a whole batch of events the seen phase is the engine's
    assert (state.claim_tile, state.claim_from) == ((window.tile, window.from_seat) if window else (None, None)), where
    assert state.hand_sizes == [sum(o.hand) for o in rnd.seats], where
    assert state.escaped == [o.escaped for o in rnd.seats], where
    assert state.deltas == rnd.deltas(), where
    assert (state.finished, state.exhausted) == (rnd.finished, rnd.exhausted), where
    unseen = state.unseen()
    assert unseen == true_unseen(rnd, seat), where
    waits = state.waits()
    check = rnd.win_check
    assert waits == [(k, unseen[k]) for k in check.waits(s.hand, rnd.ghost, s.melds)], where
    if waits:
        # judged by the round's own evaluation, with what the seat may know (melds face down, the table's facts)
        facts = TableFacts(rnd.players, rnd.dealer, rnd.options, rnd.context, rnd.flowers)
        lock = PassLockState(set(s.lock_kinds), s.lock_all, s.lock_rank)
        truth = check.wait_info(seat, s.hand, s.melds, seen_melds(rnd, seat), rnd.ghost, facts, unseen, lock)
        assert state.wait_info() == truth, where
        assert state.wait_details() == [w.as_tuple() for w in truth if w.by_self_draw or w.by_discard], where
    # a picture read from the round itself (SeatState.of_round, what tests build positions with) is the same
    snapshot = SeatState.of_round(rnd, seat)
    for name in ("hand", "drawn", "own_melds", "melds", "discards", "flowers", "drawable", "current", "phase",
                 "claim_tile", "claim_from", "hand_sizes", "ghost", "players", "dealer"):
        assert getattr(snapshot, name) == getattr(state, name), (name, where)
    assert snapshot.unseen() == unseen and snapshot.waits() == waits, where
    if waits:
        assert snapshot.wait_info() == state.wait_info(), where
    if not rnd.finished:
        # the pass-lock the seat learnt from what it saw is the round's
        s = rnd.seats[seat]
        assert state.lock_state.as_tuple() == (frozenset(s.lock_kinds), s.lock_all, s.lock_rank), where
    if rnd.phase == "claim":
        assert state.claim_facts == rnd.window.facts, where
    if state.last_discard is not None:
        s, i = state.last_discard
        assert not rnd.seats[s].claimed[i] and i == len(rnd.seats[s].discards) - 1, where
    # nothing another seat hides is known: all of it (hands, concealed kongs, the wall) still counts as unseen
    # (where the whole tile set is in play: scripted rounds deal a short wall)
    if rnd.tile_total() == rnd.tile_set.size():
        check_nothing_hidden_is_known(rnd, seat, unseen)
    if not rnd.finished:
        assert all(state.revealed_hands[i] is None for i in range(rnd.players) if i != seat), where


def check_nothing_hidden_is_known(rnd, seat: int, unseen: list[int]) -> None:
    hidden = Counter(rnd.live[rnd.pos:])
    for i, s in enumerate(rnd.seats):
        if i != seat:
            hidden.update({k: n for k, n in enumerate(s.hand) if n})
            hidden.update(k for m in s.melds if m.type == "concealed_kong" for k in m.tiles)
    assert unseen[:NUM_PLAYABLE] == [hidden[k] for k in range(NUM_PLAYABLE)], f"seat {seat} knows a hidden tile"


def check_end(rnd, state: SeatState) -> None:
    won = {w.seat: sorted(w.ctx.full_concealed) for w in rnd.wins}
    for i, s in enumerate(rnd.seats):
        assert state.revealed_hands[i] == won.get(i, s.concealed_list()), f"seat {state.seat} sees {i}"
    assert state.revealed_melds == [s.melds for s in rnd.seats]
    assert [w["actor"] for w in state.wins] == [w.seat for w in rnd.wins]
    assert state.end is not None and state.end["type"] == "end_round"
    assert sum(len(s.flowers) for s in rnd.seats) == sum(map(len, state.flowers))


def to_act(rnd) -> int:
    """The first seat still to answer the claim window, else the seat whose turn it is."""
    if rnd.phase == "claim":
        return next(x for x in rnd.window.options if x not in rnd.window.answers)
    return rnd.current


def play_checked(variant, players: int, seed: int, *, bots: bool = False, seen: Counter | None = None):
    """One round of random (or bot) moves, every seat's SeatState checked against the round after every action."""
    rng = random.Random(f"seat-state:{seed}")
    opts = random_options(variant, players, rng)
    rnd, events = new_round(variant, opts, players, seed % players, seed=seed,
                            context={"coins": [rng.choice([500, 5000, 50000]) for _ in range(players)]})
    states = [Watched(s, variant, opts) for s in range(players)]
    players_bots = [make_bot(rng.choice(["easy", "normal", "hard"]), f"{seed}:{s}") for s in range(players)]
    escape_rate = 0.003 if variant.has_escape_penalty else 0.0
    steps = 0
    from_draw: list[list[bool]] = [[] for _ in range(players)]  # each seat's discards: straight from the draw?
    while True:
        for e in events:
            if seen is not None:
                seen[e["type"]] += 1
                if e["type"] == "discard":
                    seen["from_draw" if e["tsumogiri"] else "from_hand"] += 1
            if e["type"] == "discard":
                from_draw[e["actor"]].append(e["tsumogiri"])
            for s in states:
                s.apply(project(e, s.seat))
        for s in states:
            check_seat(rnd, s)
        if rnd.finished:
            break
        steps += 1
        assert steps < 1000, "the round did not end"
        seat = to_act(rnd)
        if bots and rng.random() > escape_rate:
            action = players_bots[seat].choose(states[seat], rnd.legal_actions(seat))
        else:
            action = random_action(rnd, rng, escape_rate=escape_rate)
        events = rnd.apply(action)
    for s in states:
        check_end(rnd, s)
        # every seat sees whether each discard came straight from the draw (摸切), as a player at the table does
        assert s.discards_from_draw == from_draw
    return rnd, states


def test_fifty_seeded_rounds_of_every_table_agree_with_the_round():
    seen: Counter[str] = Counter()
    for seed in range(50):
        variant, players = TABLES[seed % len(TABLES)]
        play_checked(variant, players, seed, bots=seed % 3 == 0, seen=seen)
    # the rounds reached the paths worth checking
    for etype in ("flower", "chow", "pong", "kong", "concealed_kong", "added_kong", "win", "exhausted", "ghost",
                  "from_draw", "from_hand"):
        assert seen[etype], f"no {etype} event in fifty rounds"


@settings(max_examples=40, deadline=None)
@given(table=st.integers(0, len(TABLES) - 1), seed=st.integers(0, 10**9), bots=st.booleans())
def test_random_rounds_agree_with_the_round(table, seed, bots):
    variant, players = TABLES[table]
    play_checked(variant, players, seed, bots=bots)


def test_a_seat_never_receives_another_seats_concealed_tiles():
    # Watched refuses any unmasked deal / draw / concealed kong of another seat; check_seat finds every tile
    # another seat hides still counted unseen, and no other hand opened before the round's end
    for table, (variant, players) in enumerate(TABLES):
        _, states = play_checked(variant, players, 1000 + table)
        assert all(s.masked >= players - 1 for s in states)  # at least the others' deals came masked


def test_a_new_start_round_forgets_the_last_round():
    variant = get_variant("nanning")
    opts = variant.parse_options({"coins": False}, 4)
    rng = random.Random(5)
    rnd1, events = new_round(variant, opts, 4, 0, seed=1)
    state = SeatState(2, variant, opts).apply_all([project(e, 2) for e in events])
    while not rnd1.finished:
        state.apply_all([project(e, 2) for e in rnd1.apply(random_action(rnd1, rng))])
    assert state.finished and state.end is not None
    rnd2, events = new_round(variant, opts, 4, 1, seed=2, round_no=1)
    state.apply_all([project(e, 2) for e in events])
    check_seat(rnd2, state)
    assert (state.round_no, state.finished, state.end, state.wins, state.scores) == (1, False, None, [], [])
    assert state.revealed_hands == [None] * 4 and state.last_discard is None


def test_unknown_events_are_ignored_and_the_seat_wind_counts_from_the_dealer():
    variant = get_variant("nanning")
    opts = variant.parse_options({"coins": False}, 4)
    rnd, events = new_round(variant, opts, 4, 2, seed=3)
    state = SeatState(0, variant, opts).apply_all([project(e, 0) for e in events])
    before = (state.hand, state.version)
    state.apply({"type": "something_new", "actor": 0})
    state.apply({"type": "claim", "actor": 1, "claim": "pong"})
    assert before == (state.hand, state.version)
    assert [state.wind_of(s) for s in range(4)] == ["W", "N", "E", "S"]
    assert len(state.hand) == NUM_KINDS


# ---- scripted rounds for the rare paths: robbed kongs and several winners on one tile
def T(text: str) -> list[int]:
    return parse_tiles(text.split())


# seat 2 waits on 2p/5p and seat 3 on 5p/8p; seat 1 holds two 5p (three in the Beihai table), seat 0 deals a 5p
WAITING_ON_5P = [T("5p E E E W W W C C C F F F P"), T("5p 5p 1p 1p 1p 9p 9p 9p S N P P 2s"),
                 T("1m 2m 3m 4m 5m 6m 7m 8m 9m 3p 4p S S"), T("1s 2s 3s 4s 5s 6s 7s 8s 9s 6p 7p N N")]


def play_script(variant, opts, hands: list[list[int]], wall: list[int], script: list[Action]):
    """Play the scripted actions in order; every other claim window is passed and every other turn throws the
    drawn tile. Every seat is checked after every action."""
    rnd, events = round_from_scenario(variant, opts, len(hands), 0, hands, wall)
    states = [Watched(s, variant, opts) for s in range(len(hands))]
    seen: list[str] = []
    while True:
        for e in events:
            seen.append(e["type"])
            for s in states:
                s.apply(project(e, s.seat))
        for s in states:
            check_seat(rnd, s)
        if rnd.finished:
            break
        seat = to_act(rnd)
        if script and script[0].seat == seat:
            action = script.pop(0)
        elif rnd.phase == "claim":
            action = Action(seat, "pass")
        else:
            action = Action(seat, "discard", rnd.drawn)
        events = rnd.apply(action)
    assert not script, f"unplayed: {script}"
    for s in states:
        check_end(rnd, s)
    return rnd, seen, states


def test_two_seats_win_on_one_discard_and_only_the_first_takes_the_tile():
    nanning = get_variant("nanning")
    opts = nanning.parse_options({"coins": False}, 4)
    rnd, seen, states = play_script(nanning, opts, WAITING_ON_5P, T("2m 3s 4m 6m 7m 8m 9s 1m"),
                                    [Action(0, "discard", T("5p")[0]), Action(2, "win"), Action(3, "win")])
    assert [w.seat for w in rnd.wins] == [2, 3] and seen.count("win") == 2
    assert states[0].discards[0] == [] and states[1].revealed_hands[3] == sorted(T("5p") + WAITING_ON_5P[3])


def test_an_added_kong_robbed_by_two_seats_leaves_the_kong_makers_hand():
    nanning = get_variant("nanning")
    opts = nanning.parse_options({"coins": False}, 4)
    five_p = T("5p")[0]
    rnd, seen, states = play_script(nanning, opts, WAITING_ON_5P, T("2m 3s 4m 5p 6m 7m 8m 9s 1m 2m"), [
        Action(0, "discard", five_p), Action(1, "pong", five_p), Action(1, "discard", T("2s")[0]),
        Action(1, "added_kong", five_p), Action(2, "win"), Action(3, "win")])
    assert "added_kong_declared" in seen and "added_kong" not in seen
    assert [w.seat for w in rnd.wins] == [2, 3] and all("robbing_kong" in w.ctx.flags for w in rnd.wins)
    assert states[1].hand[five_p] == 0 and states[0].melds[1][0].type == "pong"


def test_an_added_kong_nobody_robs_stands_and_draws_its_replacement():
    nanning = get_variant("nanning")
    opts = nanning.parse_options({"coins": False}, 4)
    five_p = T("5p")[0]
    rnd, seen, states = play_script(nanning, opts, WAITING_ON_5P, T("2m 3s 4m 5p 6m 7m 8m 9s 1m 2m"), [
        Action(0, "discard", five_p), Action(1, "pong", five_p), Action(1, "discard", T("2s")[0]),
        Action(1, "added_kong", five_p)])
    assert seen.index("added_kong_declared") < seen.index("added_kong")
    assert states[2].melds[1][0].type == "added_kong"


def beihai_robbing(horses: int):
    beihai = get_variant("beihai")
    return beihai, beihai.parse_options({"ghost": "none", "horses": horses, "qiang_gang_hu": True,
                                         "ming_gang_ke_qiang": True}, 4)


def test_an_exposed_kong_robbed_in_beihai_takes_the_discard_off_the_row():
    beihai, opts = beihai_robbing(4)
    hands = [list(WAITING_ON_5P[0]), T("5p 5p 5p 1p 1p 1p 9p 9p 9p S N P P"), WAITING_ON_5P[2], WAITING_ON_5P[3]]
    five_p = T("5p")[0]
    rnd, seen, states = play_script(beihai, opts, hands, T("2m 3s 4m 6m 7m 8m 9s 1m 2m 3m"), [
        Action(0, "discard", five_p), Action(1, "kong", five_p), Action(2, "win")])
    assert "kong_declared" in seen and "flip" in seen and "kong" not in seen
    assert rnd.wins[0].seat == 2 and states[3].discards[0] == [] and states[3].flips


def test_an_exposed_kong_nobody_robs_in_beihai_stands():
    beihai, opts = beihai_robbing(0)
    hands = [list(WAITING_ON_5P[0]), T("5p 5p 5p 1p 1p 1p 9p 9p 9p S N P P"), WAITING_ON_5P[2], WAITING_ON_5P[3]]
    five_p = T("5p")[0]
    rnd, seen, states = play_script(beihai, opts, hands, T("2m 3s 4m 6m 7m 8m 9s 1m 2m 3m"), [
        Action(0, "discard", five_p), Action(1, "kong", five_p)])
    assert seen.index("kong_declared") < seen.index("kong")
    assert states[0].melds[1][0].type == "kong"


# ---------------------------------------------------------------------------------------------- what a seat sees
def seat_states(rnd, events: list[dict]) -> list[SeatState]:
    return [SeatState(seat, rnd.variant, rnd.options).apply_all([project(e, seat) for e in events])
            for seat in range(rnd.players)]


def test_waits_list_each_winning_kind_with_the_unseen_count_from_that_seat():
    # seat 1 waits on 1p and 4p (two-sided); seat 0 discards a 1p and seat 2 holds two 4p
    nanning = get_variant("nanning")
    hands = [T("1p 1m 4m 7m 1s 4s 7s E S W N C F P"), T("2p 3p 5m 5m 5m 6s 7s 8s 9m 9m 9m E E"),
             T("4p 4p 2m 8m 3s 6s 9s S W N C F P"), T("1m 4m 7m 1s 4s 7s E S W N C F 6p")]
    rnd, events = round_from_scenario(nanning, nanning.parse_options({}, 4), 4, 0, hands, T("9s 9s"))
    events += rnd.apply(Action(0, "discard", parse_tiles(["1p"])[0]))
    # 1p: 4 minus the discard = 3 unseen; 4p: seat 1 cannot see seat 2's two, so 4 unseen
    for state in (seat_states(rnd, events)[1], SeatState.of_round(rnd, 1)):
        assert state.waits() == [(T("1p")[0], 3), (T("4p")[0], 4)]


def test_a_seat_sees_other_seats_concealed_kongs_face_down_and_none_of_their_hands():
    nanning = get_variant("nanning")
    hands = [T("9s 9s 9s 9s 1m 2m 3m 4p 5p 6p 7p 8p E E"), T("2p 3p 5m 5m 5m 6s 7s 8s 9m 9m 9m E E"),
             T("4p 4p 2m 8m 3s 6s 1s S W N C F P"), T("1m 4m 7m 1s 4s 7s S W N C F P 6p")]
    rnd, events = round_from_scenario(nanning, nanning.parse_options({}, 4), 4, 0, hands, T("1p 2s 3s"))
    events += rnd.apply(Action(0, "concealed_kong", T("9s")[0]))
    fed = seat_states(rnd, events)
    for own, other in ((fed[0], fed[2]), (SeatState.of_round(rnd, 0), SeatState.of_round(rnd, 2))):
        assert other.melds[0][0].tiles == [-1, -1, -1, -1]
        assert own.melds[0][0].tiles == T("9s") * 4
        assert other.drawn is None and other.hand == rnd.seats[2].hand
        assert other.unseen()[T("9s")[0]] == 4  # seat 2 has not seen the kong's tiles
