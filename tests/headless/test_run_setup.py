"""`run`'s setup keys (DESIGN.md §3.2; shared/rules/hainan.md, Clarifications: "`run` setup keys: `ga`, `streak`,
`ling` (top level of `setup`, or under `setup.context`)"), and a 令 named at a table without honour tiles, where it
is taken and scores nothing (issue #29 item 1)."""

from __future__ import annotations

import random

from tests.headless.test_cli_validation import answer, refused

SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
# the dealer holds a complete hand and wins at once (天胡): what each loser pays depends on the 嘎 and the streak
WINNING = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]


def doc(setup: dict, options: dict | None = None) -> dict:
    rest = [t for t in SUITED for _ in range(4)]
    for t in WINNING:
        rest.remove(t)
    random.Random(5).shuffle(rest)
    hands = [WINNING, rest[:13], rest[13:26], rest[26:39]]
    return {"variant": "hainan", "options": options or {}, "players": 4, "dealer": 0, "hands": hands,
            "wall": rest[39:], "setup": setup, "actions": [{"seat": 0, "type": "win"}]}


def deltas(setup: dict, options: dict | None = None) -> list[int]:
    options = {"lian_zhuang": True, **(options or {})}  # the streak counts only where 连庄 is played
    code, out = answer("run", doc(setup, options))
    assert code == 0 and out["ok"] and out["result"]["finished"], out
    return out["result"]["deltas"]


def test_the_setup_keys_are_taken_at_the_top_level_as_under_context():
    for key, value in (("ga", [1, 0, 2, 3]), ("streak", 2), ("ling", "S")):
        assert deltas({key: value}) == deltas({"context": {key: value}}), key
    assert deltas({"ga": [1, 0, 2, 3]}) != deltas({})  # the 嘎 given at the top is played
    assert deltas({"streak": 2}) != deltas({})  # and the dealer's streak
    both = {"ga": [1, 0, 2, 3], "streak": 2, "ling": "W"}
    assert deltas(both) == deltas({"context": both})
    assert deltas({"ga": [1, 0, 2, 3], "context": {"streak": 2}}) == deltas({"context": {"ga": [1, 0, 2, 3],
                                                                                        "streak": 2}})


def test_a_setup_key_is_checked_where_it_is_given_and_given_once():
    refused("run", doc({"ga": [0, 1, 9, 0]}), "setup.ga", "0 to 3")
    refused("run", doc({"ga": [0, 1, 2, 0], "context": {"ga": [0, 1, 2, 0]}}), "setup.ga", "once")
    refused("run", doc({"ling": "5m"}), "setup.ling", "wind")
    refused("run", doc({"ling": "S"}, {"jiao_ling": False}), "setup.ling", "jiao_ling")
    nanning = doc({"ga": [0, 0, 0, 0]})
    nanning["variant"] = "nanning"
    refused("run", nanning, "unknown key", "ga")  # only a rule set that lists it takes it


def test_a_ling_is_taken_without_honour_tiles_and_scores_nothing():
    no_honors = {"no_honors": True}
    assert deltas({"ling": "S"}, no_honors) == deltas({}, no_honors) == deltas({"context": {"ling": "N"}}, no_honors)


def test_guangdongs_round_wind_is_taken_at_the_top_level_too():
    # shared/rules/guangdong.md, Clarifications: "`round_wind` (default E) may be given in `setup` too"
    base = doc({})
    base["variant"] = "guangdong"
    base["options"] = {}
    code, top = answer("run", {**base, "setup": {"round_wind": "S"}})
    code2, inner = answer("run", {**base, "setup": {"context": {"round_wind": "S"}}})
    assert code == code2 == 0 and top["events"][0]["context"] == inner["events"][0]["context"]
    assert top["events"][0]["context"]["round_wind"] == "S"
