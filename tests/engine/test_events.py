"""The event vocabulary (game/engine/events.py): every event of random rounds of every rule set matches its
declaration, in the open view and in every seat's projection; every score reason and flip kind a rule set emits is
declared (by the engine or by the rule set), with a translated label; every settlement message is a msgid of every
catalogue, its parameters the facts it names; and `check_event` finds what is wrong with a bad event."""

from __future__ import annotations

import io
import json
import random

import pytest

from game.engine import events as ev
from game.engine.events import (EVENT_TYPES, LIST_SEPARATOR, SCHEMA_VERSION, Message, check_event, check_events,
                                message, render)
from game.engine.invariants import random_action
from game.engine.project import project
from game.engine.state import Action, new_round, round_from_scenario
from game.engine.tiles import parse_tiles
from game.engine.variant import ENGINE_SCORE_REASONS, UNDECLARED_FLIP_LABEL, ScoreItem
from game.headless.simulate import run_simulation
from game.variants import AVAILABLE, get_variant
from tests.engine.toy_variant import VARIANT as TOY
from tests.scripts import load_script


# tables chosen so that random play reaches every kind of settlement the rule sets have
TABLES = {
    "nanning": [(4, {}), (4, {"kong_on_draw": False}), (4, {"coins": False, "base": 3, "chengbao": True})],
    "beihai": [(4, {"ghost_points": True}), (4, {"horses": 1, "qiang_gang_hu": True, "ming_gang_ke_qiang": True}),
               (3, {"ghost": "red_dragon", "ghost_points": True, "horses": 2}), (2, {"horses": 0, "ghost": "none"}),
               (4, {"horses": 6, "horse_value": "flat2", "sikai": "hand_only", "cap4": True, "base": 2})],
    "guiliu": [(4, {}), (3, {"allow_chow": True, "zhong_xing": True, "xing_any_suit": True}),
               (2, {"xing": False, "menqing_x2": False, "kong_on_draw": False}), (4, {"hubao": False, "zhui": False})],
    "guangdong": [(4, {}), (4, {"min_fan": 0, "discard_payment": "half_liability", "cap": 8}),
                  (4, {"min_fan": 1, "discard_payment": "full_liability", "base": 2})],
    "hainan": [(4, {}), (3, {"no_chow": True, "flower_win": False, "mo_gang_double": True}),
               (4, {"need_fan": False, "zhuang_xian": True, "lian_zhuang": True, "fang_gou_jiao": True,
                    "haidi_bao": True, "draw_scores": False, "no_honors": True})],
}


def random_round(variant_id: str, players: int, raw: dict, seed: int, escape_rate: float = 0.0) -> list[dict]:
    variant = TOY if variant_id == TOY.id else get_variant(variant_id)
    opts = variant.parse_options(raw, players)
    rng = random.Random(f"events:{variant_id}:{seed}")
    rnd, out = new_round(variant, opts, players, seed % players, seed=seed, round_no=seed % 3)
    while not rnd.finished:
        out += rnd.apply(random_action(rnd, rng, escape_rate=escape_rate))
    return out


def random_games():
    """(variant id, players, events) of many random rounds of every table above."""
    for vid, tables in TABLES.items():
        for t, (players, raw) in enumerate(tables):
            for seed in range(40):
                yield vid, players, random_round(vid, players, raw, 1000 * t + seed, escape_rate=0.004)


def toy_games():
    """The test-only rule set: chow and flowers, which no real rule set has yet."""
    for seed in range(20):
        players = 2 + seed % 3
        yield TOY.id, players, random_round(TOY.id, players, {"chow": True, "flowers": True}, seed)


def robbed_exposed_kong():
    """Beihai 明杠可抢: seat 1 kongs seat 0's 5p, seat 2 robs it (the one path to `kong_declared`)."""
    beihai = get_variant("beihai")
    opts = beihai.parse_options({"ghost": "none", "horses": 4, "qiang_gang_hu": True, "ming_gang_ke_qiang": True}, 4)
    hands = [parse_tiles(h.split()) for h in ("5p E E E W W W C C C F F F P", "5p 5p 5p 1p 1p 1p 9p 9p 9p S N P P",
                                               "1m 2m 3m 4m 5m 6m 7m 8m 9m 3p 4p S S",
                                               "1s 2s 3s 4s 5s 6s 7s 8s 9s 6p 7p N N")]
    rnd, out = round_from_scenario(beihai, opts, 4, 0, hands, parse_tiles("2m 3s 4m 6m 7m 8m 9s 1m 2m 3m".split()))
    five_p = parse_tiles(["5p"])[0]
    out += rnd.apply(Action(0, "discard", five_p))
    out += rnd.apply(Action(1, "kong", five_p))
    out += rnd.apply(Action(2, "win"))
    out += rnd.pass_all()  # seat 3 could rob it too
    assert rnd.finished and "kong_declared" in [e["type"] for e in out]
    return "beihai", 4, out


def ai_games():
    """(variant id, players, events) of a few rounds the AI plays through the host, from the simulate log."""
    for vid, tables in TABLES.items():
        for players, raw in tables[:2]:
            log = io.StringIO()
            run_simulation(vid, players=players, options=raw, seed=7, rounds=3, log=log)
            lines = [json.loads(line) for line in log.getvalue().splitlines()]
            yield vid, players, [e for e in lines if e["type"] not in ("header", "action")]


@pytest.fixture(scope="module")
def games():
    return list(random_games()) + list(toy_games()) + [robbed_exposed_kong()] + list(ai_games())


def test_every_rule_set_is_covered():
    assert set(TABLES) == set(AVAILABLE), "give every rule set a few tables here"


def test_every_event_of_random_rounds_matches_its_declaration(games):
    seen = set()
    for vid, players, events in games:
        assert check_events(events) == [], vid
        for seat in range(players):
            assert check_events([project(e, seat) for e in events]) == [], (vid, seat)
        seen |= {e["type"] for e in events}
    assert seen == set(EVENT_TYPES), set(EVENT_TYPES) - seen  # the rounds above reach the whole vocabulary


def test_start_round_names_the_schema(games):
    for _, _, events in games:
        starts = [e for e in events if e["type"] == "start_round"]
        assert starts and all(e["schema"] == SCHEMA_VERSION for e in starts)


def test_every_score_reason_and_flip_kind_emitted_is_declared(games):
    reasons: dict[str, set] = {vid: set() for vid in TABLES}
    kinds: dict[str, set] = {vid: set() for vid in TABLES}
    for vid, _, events in games:
        if vid == TOY.id:
            continue
        reasons[vid] |= {e["reason"] for e in events if e["type"] == "score"}
        kinds[vid] |= {e["kind"] for e in events if e["type"] == "flip"}
    for vid in TABLES:
        variant = get_variant(vid)
        assert reasons[vid] <= {r.id for r in variant.all_score_reasons()}, vid
        assert kinds[vid] <= {k.id for k in variant.flip_kinds}, vid
    # and the rounds did exercise them
    assert {"win", "kong", "kong_void", "escape"} <= reasons["nanning"]
    assert {"win", "kong", "ghost", "follow_dealer"} <= reasons["beihai"] and kinds["beihai"] == {"horse"}


def test_declarations_are_well_formed():
    for vid in AVAILABLE:
        variant = get_variant(vid)
        ids = [r.id for r in variant.all_score_reasons()]
        assert len(ids) == len(set(ids)), f"{vid} declares a score reason twice (or one the engine declares)"
        assert len({k.id for k in variant.flip_kinds}) == len(variant.flip_kinds)
        for d in (*variant.all_score_reasons(), *variant.flip_kinds):
            assert d.id and d.label and d.label.isascii(), d  # labels are English msgids
    beihai = get_variant("beihai")
    assert beihai.flip_kind("horse").voice_token == "horse"
    assert beihai.score_reason("follow_dealer").voice_token == "genzhuang"
    assert beihai.flip_kind("xing").label == UNDECLARED_FLIP_LABEL  # not a Beihai kind: the generic label
    assert get_variant("nanning").score_reason("kong") in ENGINE_SCORE_REASONS


# ---------------------------------------------------------------------------------------------------- catalogues
def _i18n_tool():
    return load_script("tools/i18n.py")


def test_every_message_id_and_label_is_in_every_catalogue(games):
    pytest.importorskip("babel")
    from babel.messages.pofile import read_po

    i18n = _i18n_tool()
    used = {LIST_SEPARATOR, UNDECLARED_FLIP_LABEL}
    for vid, _, events in games:
        for e in events:
            if e["type"] == "score" and vid != TOY.id:  # the toy rule set's bare lines are not for the catalogues
                used |= {m["id"] for m in e["messages"]}
    for vid in AVAILABLE:
        variant = get_variant(vid)
        used |= {d.label for d in (*variant.all_score_reasons(), *variant.flip_kinds)}
    extracted = {m.id for m in i18n.template() if m.id}
    assert used - extracted == set(), "mark these msgids with N_() where they are written"
    for lang in i18n.LANGUAGES:
        with open(i18n.po_path(lang), "rb") as f:
            catalog = read_po(f, locale=lang)
        for msgid in used:
            entry = catalog.get(msgid)
            assert entry is not None and entry.string and not entry.fuzzy, (lang, msgid)
            assert i18n.placeholders(entry.string) == i18n.placeholders(msgid), (lang, msgid, entry.string)


def test_settlement_messages_render_with_names_and_translations():
    m = message("{winner} wins by self-draw: {amount} from each of {payers}", winner=0, amount=6, payers=[1, 2, 3])
    assert render(m) == "seat 0 wins by self-draw: 6 from each of seat 1, seat 2, seat 3"
    zh = {"{winner} wins by self-draw: {amount} from each of {payers}": "{winner} 自摸：{payers} 每家付 {amount}",
          ", ": "、"}
    names = ["阿强", "阿珍", "老李", "小王"]
    assert (render(m.to_json(), translate=lambda s: zh.get(s, s), seat_name=names.__getitem__)
            == "阿强 自摸：阿珍、老李、小王 每家付 6")
    hand = message("{hand}: {fan} fan", hand="qingyise", fan=1)
    assert render(hand, hand_name=get_variant("nanning").hand_name) == "清一色: 1 fan"
    # a translation whose fields do not fit falls back to the msgid; a bare string renders as itself
    assert render(m, translate=lambda s: "{who} 自摸" if s == m.id else s) == render(m)
    assert render("流局") == "流局"


def test_a_score_item_keeps_its_lines_as_the_english_rendering():
    item = ScoreItem("kong", [-1, 3, -1, -1], [message("{seat}'s concealed kong: each of {payers} pays the base, "
                                                     "{amount}", seat=1, payers=[0, 2, 3], amount=1)])
    e = {"type": "score", **item.to_json()}
    assert e["lines"] == item.lines == ["seat 1's concealed kong: each of seat 0, seat 2, seat 3 pays the base, 1"]
    assert e["messages"] == [{"id": item.messages[0].id, "params": {"seat": 1, "payers": [0, 2, 3], "amount": 1}}]
    assert check_event(e, 4) == []
    assert ScoreItem("kong", [0, 0], ["杠"]).messages == [Message("杠")]  # a bare string is a msgid


# ---------------------------------------------------------------------------------------------------- the checker
GOOD_DISCARD = {"type": "discard", "actor": 1, "tile": "5s", "tsumogiri": False}


@pytest.mark.parametrize("event, problem", [
    ({**GOOD_DISCARD, "type": "tsumo"}, "unknown event type"),
    ({k: v for k, v in GOOD_DISCARD.items() if k != "tile"}, "missing 'tile'"),
    ({**GOOD_DISCARD, "extra": 1}, "undeclared field 'extra'"),
    ({**GOOD_DISCARD, "actor": 4}, "seat 4 at a 4-player table"),
    ({**GOOD_DISCARD, "actor": True}, "must be a seat number"),
    ({**GOOD_DISCARD, "tile": "0m"}, "must be a tile"),
    ({**GOOD_DISCARD, "tile": "?"}, "must be a tile"),  # only a projection hides tiles, and never a discard
    ({**GOOD_DISCARD, "tsumogiri": 0}, "must be true or false"),
    ({"type": "claim", "actor": 0, "claim": "ron"}, "must be one of"),
    ({"type": "score", "reason": "win", "deltas": [1, -1, 0, 0], "lines": ["seat 1 pays 1"],
      "messages": [{"id": "{payer} pays {amount}", "params": {"payer": 1}}]}, "params are ['payer']"),
    ({"type": "score", "reason": "win", "deltas": [1, -1, 0, 0], "lines": ["seat 1 pays 1"],
      "messages": [{"id": "{payer} pays {amount}", "params": {"payer": 1, "amount": "1"}}]}, "must be a number"),
    ({"type": "score", "reason": "win", "deltas": [1, -1, 0, 0], "lines": ["someone pays 1"],
      "messages": [{"id": "{payer} pays {amount}", "params": {"payer": 1, "amount": 1}}]}, "lines are not"),
    ({"type": "score", "reason": "win", "deltas": [1, -1], "lines": [], "messages": []}, "2 entries for 4 players"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m"], "hits": {"0": "two"}}, "must be an integer"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m", "2m"], "hits": {"0": 1}, "counts": {"0": [1]}},
     "1 numbers for 2 turned tiles"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m"], "hits": {"0": 1}, "counts": {"1": [1]}}, "its hits name"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m"], "counts": {"5": [1]}}, "'5' is not a seat"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m"], "counts": {"0": [-1]}}, "below zero"),
    ({"type": "flip", "kind": "horse", "tiles": ["1m"], "counts": {"0": ["1"]}}, "must be an integer"),
    ({"type": "start_round", "variant": "nanning", "round": 0, "players": 4, "dealer": 0, "wall": 83, "tail": 0,
      "wall_break": None, "schema": SCHEMA_VERSION + 1}, "schema"),
    ("discard", "must be an object"),
])
def test_check_event_names_the_problem(event, problem):
    problems = check_event(event, 4)
    assert any(problem in p for p in problems), problems


def test_a_flip_carries_what_each_turned_tile_counts_for_each_winner():
    e = ev.flip("xing", ["5p", "9s"], {2: 4}, {2: [3, 1]})
    assert e == {"type": "flip", "kind": "xing", "tiles": ["5p", "9s"], "hits": {"2": 4}, "counts": {"2": [3, 1]}}
    assert check_event(e, 4) == []
    assert check_event(ev.flip("horse", ["1m"]), 4) == []  # counts, like hits, may be left out (older events)


def test_projected_tiles_are_allowed_where_a_seat_may_not_see():
    assert check_event({"type": "draw", "actor": 2, "tile": "?", "replacement": False, "left": 50}, 4) == []
    assert check_event({"type": "deal", "seat": 1, "tiles": ["?"] * 13}, 4) == []
    assert check_event({"type": "concealed_kong", "actor": 0, "tile": "?", "consumed": ["?"] * 4}, 4) == []


def test_every_event_type_is_declared_once_with_its_name():
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES)) == len(ev.EVENTS)
    for name, td in ev.EVENTS.items():
        assert td.__required_keys__ >= {"type"}, name


def test_an_escape_is_an_event_then_its_penalty():
    variant = get_variant("nanning")
    opts = variant.parse_options({"coins": False, "base": 2}, 4)
    rnd, _ = new_round(variant, opts, 4, 0, seed=3)
    out = rnd.apply(Action(2, "escape"))
    assert [e["type"] for e in out] == ["escape", "score"] and check_events(out, 4) == []
    msg = out[1]["messages"][0]
    assert out[1]["reason"] == "escape" and msg["params"] == {"seat": 2, "base": 2, "fine": 16, "others": [0, 1, 3],
                                                             "amount": 2}
