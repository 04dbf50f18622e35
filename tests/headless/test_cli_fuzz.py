"""Nothing a caller sends yields `internal_error` (issue #11): a structure-aware fuzzer of the engine's command line.

Valid `score` and `run` documents for Nanning and Beihai — worked examples of shared/rules/*.md, the rounds of
tests/data, and generated ones (hands dealt and played by random legal moves) — are each mutated in exactly one place,
at any depth (top level, options, context, a meld, an action, a hand, one tile): a value of the wrong type, out of
range, a list of the wrong length, a duplicate, a key missing, an unknown key, a huge number, deep nesting, a
non-ASCII or broken string, NaN, or another value a valid document could hold there (a seat, a tile, a flag: the
rules' corners). `main()` runs in process; its answer must be one JSON document, UTF-8, `ok` true
with exit 0 or `ok` false with exit 2 and a known error code other than `internal_error` — never a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.invariants import random_action
from game.engine.state import round_from_scenario
from game.engine.tiles import tile_name
from game.headless.engine_cli import main
from game.variants import get_variant
from tests.variants.tiles_json import T

DATA = Path(__file__).resolve().parents[1] / "data"
BEIHAI = get_variant("beihai")
CODES = {"bad_input", "bad_json", "bad_tile", "bad_option", "not_a_win", "below_minimum", "illegal_action",
         "unknown_variant"}
FUZZ = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.data_too_large])


# ---------------------------------------------------------------------------------------------------- the command line
def answer(command: str, text: str) -> tuple[int, dict]:
    """Run `python -m game.engine COMMAND -` on `text` in process and check the shape of its answer."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([command, "-"])
    finally:
        sys.stdin = old
    printed = out.getvalue()
    assert err.getvalue() == "", err.getvalue()  # never a traceback
    printed.encode("utf-8")  # a real stdout takes it (no lone surrogate)
    lines = printed.splitlines()
    assert len(lines) == 1, printed[:500]
    doc = json.loads(lines[0])
    assert isinstance(doc, dict) and doc["ok"] is (code == 0), doc
    if code != 0:
        assert code == 2, doc
        assert doc["error"] in CODES, doc  # internal_error is not one of them
        assert isinstance(doc["message"], str) and doc["message"], doc
    return code, doc


# ---------------------------------------------------------------------------------------------------- valid documents
JUNK = "147m 258p 369s ESWN"

# score, Nanning: (concealed, win tile, melds as (type, tile), self-draw allowed, discard allowed)
NANNING_HANDS = [
    ("11m 33p 55s EE CC 77m 9p", "9p", []),                                   # 七小对 (README, worked example 2)
    ("123m 456m 789p 23s EE", "1s", []),                                      # 平胡 (worked example 1)
    ("123m 456m 789p E", "E", [("pong", "5s")]),                              # 平胡 with an exposed pong (example 3)
    ("111m 222m 3m", "3m", [("pong", "4m"), ("kong", "6m")]),                 # 清一色 碰碰胡
    ("123m 456m 7p", "7p", [("concealed_kong", "C"), ("added_kong", "E")]),
    ("5p", "5p", [("pong", "1m"), ("pong", "2s"), ("kong", "9s"), ("pong", "E")]),  # 全求人 on a discard
]
# score, Beihai (self-draws): (concealed, win tile, melds, uses 筒 / honours)
BEIHAI_HANDS = [
    ("123m 456m 789p 23s EE", "1s", [], True, True),                          # worked example 1
    ("123m 456m 789s 23s 99m", "1s", [], False, False),
    ("111m 333m 555m 77m 99m", "9m", [], False, False),                       # 清一色 对对胡 (example 2)
    ("123m 456m 78s 11s", "9s", [("concealed_kong", "9m")], False, False),
    ("111s 77m 88m", "8m", [("pong", "5m"), ("concealed_kong", "9s")], False, False),
    ("11m 33s 55s 66s 22m 77m 9s", "9s", [], False, False),                   # 七对
]


def _meld(kind: str, tile: str, frm: int) -> dict:
    if kind == "concealed_kong":
        return {"type": kind, "tiles": [tile] * 4}
    return {"type": kind, "tiles": [tile] * (3 if kind == "pong" else 4), "from": frm}


def _remaining(variant: Any, opts: Any, players: int, used: list[str]) -> list[str]:
    """The tiles of the table's set not yet in `used`."""
    pool = [tile_name(k) for k in variant.tile_set(opts, players).tiles()]
    for t in used:
        pool.remove(t)
    return pool


@st.composite
def nanning_score(draw) -> dict:
    concealed, win_tile, melds = draw(st.sampled_from(NANNING_HANDS))
    dealer, winner = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    discarder = draw(st.sampled_from([None, *others]))
    options = {"coins": draw(st.booleans()), "chengbao": draw(st.booleans()), "menqing_big": draw(st.booleans()),
               "kong_on_draw": draw(st.booleans()), "base": draw(st.integers(1, 1000))}
    frm = draw(st.sampled_from(others))
    doc = {"variant": "nanning", "options": options, "players": 4, "dealer": dealer, "winner": winner,
           "discarder": discarder, "concealed": T(concealed), "win_tile": win_tile,
           "melds": [_meld(kind, tile, frm) for kind, tile in melds],
           "flags": draw(st.sampled_from([[], ["last_tile"], ["after_kong"]]))}
    context: dict = {}
    if draw(st.booleans()):
        context["coins"] = draw(st.lists(st.integers(32, 10**9), min_size=4, max_size=4))
    if options["chengbao"] and draw(st.booleans()):
        context["chengbao"] = draw(st.sampled_from([None, *others]))
    if discarder is not None and draw(st.booleans()):
        context["quanqiuren_fangpao"] = draw(st.booleans())
    if draw(st.booleans()):
        context["streak"] = draw(st.integers(0, 9))
    doc["context"] = context
    return doc


@st.composite
def beihai_score(draw) -> dict:
    concealed, win_tile, melds, dots, honours = draw(st.sampled_from(BEIHAI_HANDS))
    players = draw(st.sampled_from([3, 4] if dots else [2, 3, 4]))
    dealer, winner = draw(st.integers(0, players - 1)), draw(st.integers(0, players - 1))
    options = {"horses": draw(st.sampled_from([0, 1, 2, 4, 6, 8])),
               "ghost": draw(st.sampled_from(["none", "flip", "flip_next", "red_dragon"])),
               "honors": honours or draw(st.booleans()), "sikai": draw(st.sampled_from(["with_horses", "off"])),
               "cap4": draw(st.booleans()), "base": draw(st.sampled_from([1, 2]))}
    opts = BEIHAI.parse_options(options, players)
    frm = (winner + 1) % players
    doc = {"variant": "beihai", "options": options, "players": players, "dealer": dealer, "winner": winner,
           "discarder": None, "concealed": T(concealed), "win_tile": win_tile,
           "melds": [_meld(kind, tile, frm) for kind, tile in melds], "flags": [], "context": {}}
    used = [*doc["concealed"], win_tile, *(t for m in doc["melds"] for t in m["tiles"])]
    if opts.horses and draw(st.booleans()):
        pool = _remaining(BEIHAI, opts, players, used)
        picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=opts.horses))
        doc["context"]["horses"] = [pool[i] for i in picks]
    if BEIHAI.uses_wildcards(opts) and draw(st.booleans()):
        fixed = BEIHAI.fixed_ghost(opts)
        kinds = [tile_name(k) for k in BEIHAI.tile_set(opts, players).kinds()]
        doc["context"]["ghost"] = tile_name(fixed) if fixed is not None else draw(st.sampled_from(kinds))
    return doc


RUN_FILES = sorted(DATA.glob("*.json"))
TIANHU_RUN = {"variant": "nanning", "dealer": 0, "hands": [T("123m 456m 789m 123p 99p"), T(JUNK), T(JUNK), T(JUNK)],
              "wall": ["E"], "setup": {"context": {"chengbao": 2}}, "actions": [{"seat": 0, "type": "win"}]}
NANNING_RUN_OPTIONS = [{}, {"coins": False, "base": 3}, {"chengbao": False, "kong_on_draw": False}]
BEIHAI_RUN_OPTIONS = [{"horses": 0, "ghost": "none"}, {"horses": 4, "ghost": "flip"},
                      {"horses": 1, "ghost": "red_dragon", "honors": False, "qiang_gang_hu": True},
                      {"horses": 2, "ghost": "flip_next", "ghost_points": True, "ming_gang_ke_qiang": True,
                       "qiang_gang_hu": True}]


def played_round(variant_id: str, players: int, options: dict, seed: int, steps: int) -> dict:
    """A run document whose actions are random legal moves: dealt from a shuffled set, played by the engine."""
    variant = get_variant(variant_id)
    opts = variant.parse_options(options, players)
    rng = random.Random(seed)
    tiles = variant.tile_set(opts, players).tiles()
    rng.shuffle(tiles)
    dealer = rng.randrange(players)
    hands, pos = [], 0
    for s in range(players):
        n = 14 if s == dealer else 13
        hands.append(tiles[pos:pos + n])
        pos += n
    wall = tiles[pos:pos + rng.randrange(8, 60)]
    setup: dict = {"seed": seed}
    context: dict = {"streak": rng.randrange(3)}
    if variant_id == "nanning":
        if rng.random() < 0.5:
            setup["coins"] = [rng.choice([40, 500, 5000, 50000]) for _ in range(players)]
        if opts.chengbao and rng.random() < 0.3:
            context["chengbao"] = rng.randrange(players)
    setup["context"] = context
    rnd, _ = round_from_scenario(variant, opts, players, dealer, hands, wall, seed=seed,
                                 context=context | ({"coins": setup["coins"]} if "coins" in setup else {}))
    actions = []
    while not rnd.finished and len(actions) < steps:
        # an escape ends a claim window's answers in `run` (DESIGN.md §3.2): escapes only on someone's turn here
        action = random_action(rnd, rng, escape_rate=0.02 if rnd.phase == "turn" else 0.0)
        rnd.apply(action)
        actions.append(action.to_json())
    return {"variant": variant_id, "options": options, "players": players, "dealer": dealer,
            "hands": [[tile_name(k) for k in h] for h in hands], "wall": [tile_name(k) for k in wall],
            "setup": setup, "actions": actions}


@st.composite
def run_document(draw) -> dict:
    source = draw(st.sampled_from(["file", "tianhu", "nanning", "beihai"]))
    if source == "file":
        return json.loads(draw(st.sampled_from(RUN_FILES)).read_text(encoding="utf-8"))
    if source == "tianhu":
        return copy.deepcopy(TIANHU_RUN)
    seed = draw(st.integers(0, 10**6))
    steps = draw(st.integers(0, 120))
    if source == "nanning":
        return played_round("nanning", 4, draw(st.sampled_from(NANNING_RUN_OPTIONS)), seed, steps)
    return played_round("beihai", draw(st.sampled_from([2, 3, 4])), draw(st.sampled_from(BEIHAI_RUN_OPTIONS)), seed,
                        steps)


score_document = st.one_of(nanning_score(), beihai_score())


# ---------------------------------------------------------------------------------------------------- mutations
# Values JSON cannot carry through json.dumps, or that must reach the parser as text: put in as sentinels, then
# spliced into the text.
RAW = {
    "@@huge@@": "9" * 5000,  # more digits than Python converts
    "@@neghuge@@": "-" + "1" * 4200,
    "@@float@@": "1e400",  # parses as infinity
    "@@nan@@": "NaN",
    "@@inf@@": "-Infinity",
    "@@surrogate@@": '"\\ud800"',
    "@@deep@@": "[" * 5000 + "]" * 5000,  # deeper than the parser goes
    "@@deepobj@@": '{"a": ' * 300 + "1" + "}" * 300,
}
WRONG_TYPES = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [None], {"a": 1}, "@@nan@@"]
OUT_OF_RANGE_INTS = [-1, -(10**9), 2, 3, 4, 5, 99, 10**18, 2**63, "@@huge@@", "@@neghuge@@", "@@float@@"]
BAD_STRINGS = ["1z", "0m", "10m", "9f", "E ", "e", "1M", "", "南", "１m", "1m\u0000", "🀄", "é" * 300,
               "@@surrogate@@"]
UNKNOWN_KEYS = ["zz", "Winner", "上嘎", "", "@@surrogate@@", "__proto__"]
KINDS = ["type", "range", "length", "duplicate", "missing", "unknown_key", "huge", "deep", "non_ascii", "other_valid"]
ALL_TILES = T("123456789m 123456789p 123456789s ESWNCFP") + [f"{n}f" for n in range(1, 9)]
FLAGS = ["after_kong", "robbing_kong", "last_tile", "heavenly", "earthly", "human", "after_flower"]

Where = tuple  # a place in a document: keys and list indices from the top


def paths(node: Any, prefix: Where = ()) -> list[Where]:
    """Every place in a document: each key of each object and each element of each list, at any depth."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(paths(v, (*prefix, i)))
    return out


def get(doc: Any, path: Where) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def put(doc: Any, path: Where, value: Any) -> None:
    get(doc, path[:-1])[path[-1]] = value


def mutate(doc: dict, path: Where, kind: str, pick) -> tuple[dict, str]:
    """`doc` changed in one place, and its JSON text (sentinels spliced in)."""
    doc = copy.deepcopy(doc)
    node = get(doc, path)
    if kind == "missing" and path:
        parent = get(doc, path[:-1])
        del parent[path[-1]]
    elif kind == "unknown_key":
        target = node if isinstance(node, dict) else get(doc, path[:-1]) if path else doc
        if not isinstance(target, dict):
            target = doc
        target[pick(UNKNOWN_KEYS)] = pick([1, "x", None, [], {}])
    elif kind == "duplicate" and isinstance(node, list) and node:
        node.insert(pick(range(len(node) + 1)), copy.deepcopy(pick(node)))
    elif kind == "duplicate" and isinstance(node, dict) and node:
        # the same key twice in the text: JSON parsers keep the last
        key = pick(sorted(node))
        node["@@dupkey@@"] = pick(WRONG_TYPES)
        text = json.dumps(doc, ensure_ascii=False).replace('"@@dupkey@@"', json.dumps(key))
        return doc, _splice(text)
    elif kind == "length" and isinstance(node, list):
        choice = pick(["drop", "grow", "empty", "many"])
        if choice == "drop" and node:
            node.pop()
        elif choice == "grow":
            node.append(copy.deepcopy(node[-1]) if node else "1m")
        elif choice == "empty":
            node.clear()
        else:
            node.extend(copy.deepcopy(node[:1]) * 30)
    elif kind == "range" and isinstance(node, int) and not isinstance(node, bool) and path:
        put(doc, path, pick(OUT_OF_RANGE_INTS))
    elif kind in ("range", "non_ascii") and isinstance(node, str) and path:
        put(doc, path, pick(BAD_STRINGS))
    elif kind == "huge" and path:
        put(doc, path, pick(["@@huge@@", "@@neghuge@@", 10**30, -(10**30), "@@float@@", "@@inf@@"]))
    elif kind == "deep" and path:
        put(doc, path, pick(["@@deep@@", "@@deepobj@@", _nested(pick([2, 30, 200]))]))
    elif kind == "non_ascii" and path:
        put(doc, path, pick(BAD_STRINGS))
    elif kind == "other_valid":  # another value a valid document could hold there: the rules' corners
        if isinstance(node, bool):
            put(doc, path, not node)
        elif isinstance(node, int):
            put(doc, path, pick([0, 1, 2, 3, 4, 32, 1000]))
        elif isinstance(node, str):
            put(doc, path, pick(ALL_TILES + FLAGS + ["flip", "none", "red_dragon", "pass", "win", "pong", "kong",
                                                     "added_kong", "concealed_kong", "discard", "escape"]))
        elif isinstance(node, list):
            node.append(pick(ALL_TILES + FLAGS + [0, 1, 2]))
        elif node is None:
            put(doc, path, pick([0, 1, 2, 3]))
        else:
            node[pick(["chengbao", "coins", "horses", "ghost", "streak", "quanqiuren_fangpao", "tile", "tiles",
                       "from", "claimed", "late", "seed", "indicator"])] = pick([0, 1, 2, "1m", "C", ["1m"], True])
    elif path:
        put(doc, path, pick([v for v in WRONG_TYPES if type(v) is not type(node)]))
    else:
        doc[pick(UNKNOWN_KEYS)] = 1
    return doc, _splice(json.dumps(doc, ensure_ascii=False))


def _nested(depth: int) -> Any:
    value: Any = "1m"
    for _ in range(depth):
        value = [value]
    return value


def _splice(text: str) -> str:
    for sentinel, raw in RAW.items():
        text = text.replace(json.dumps(sentinel), raw)
    return text


def check_names_the_field(path: Where, doc: dict, context_at: Where) -> None:
    """A context refused for its content names the context (the field, or its unknown key)."""
    if doc["error"] == "bad_input" and path[:len(context_at)] == context_at and len(path) > len(context_at) \
            and "nested too deeply" not in doc["message"]:
        assert "context" in doc["message"], (path, doc)


# ---------------------------------------------------------------------------------------------------- the tests
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=score_document)
def test_valid_score_documents_are_scored(doc):
    code, out = answer("score", json.dumps(doc))
    assert code == 0, (doc, out)
    assert sum(out["deltas"]) == 0 and len(out["deltas"]) == doc["players"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=run_document())
def test_valid_run_documents_are_played(doc):
    code, out = answer("run", json.dumps(doc))
    assert code == 0, (doc, out)
    assert out["events"][0]["type"] == "start_round"


@FUZZ
@given(doc=score_document, data=st.data(), kind=st.sampled_from(KINDS))
def test_one_mutated_field_of_a_score_document_gets_a_clean_answer(doc, data, kind):
    path = data.draw(st.sampled_from(paths(doc)), label="path")
    _, text = mutate(doc, path, kind, lambda xs: data.draw(st.sampled_from(list(xs))))
    code, out = answer("score", text)
    if code:
        check_names_the_field(path, out, ("context",))


@FUZZ
@given(doc=run_document(), data=st.data(), kind=st.sampled_from(KINDS))
def test_one_mutated_field_of_a_run_document_gets_a_clean_answer(doc, data, kind):
    path = data.draw(st.sampled_from(paths(doc)), label="path")
    mutated, text = mutate(doc, path, kind, lambda xs: data.draw(st.sampled_from(list(xs))))
    code, out = answer("run", text)
    if code:
        check_names_the_field(path, out, ("setup", "context"))
        if "index" in out:
            assert 0 <= out["index"] < len(get(mutated, ("actions",))), out


@pytest.mark.parametrize("sentinel", sorted(RAW))
@pytest.mark.parametrize("command, doc", [("score", {"variant": "nanning", "winner": 1, "discarder": 2,
                                                     "concealed": T("11m 33p 55s EE CC 77m 9p"), "win_tile": "9p"}),
                                          ("run", TIANHU_RUN)])
def test_every_raw_value_in_every_top_level_field(command, doc, sentinel):
    """The raw values (too many digits, NaN, a lone surrogate, nesting deeper than the parser) in each field."""
    for key in [*doc, "context", "options", "zz"]:
        text = _splice(json.dumps(doc | {key: sentinel}))
        answer(command, text)

