"""The engine's command line, as the contract in shared/DESIGN.md §3 fixes it."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.headless.engine_cli import main

DATA = Path(__file__).resolve().parent.parent / "data"


def call(argv: list[str], stdin: str | None = None, monkeypatch=None, capsys=None) -> tuple[int, dict]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_score_from_stdin(monkeypatch, capsys):
    doc = {"variant": "nanning", "dealer": 0, "winner": 1, "discarder": 2,
           "concealed": ["1m", "1m", "3p", "3p", "5s", "5s", "E", "E", "C", "C", "7m", "7m", "9p"], "win_tile": "9p"}
    code, out = call(["score", "-"], json.dumps(doc), monkeypatch, capsys)
    assert code == 0
    assert out["ok"] and out["hands"] == ["qixiaodui"] and out["fan"] == 1 and out["deltas"] == [0, 9, -9, 0]
    assert isinstance(out["breakdown"], list) and out["breakdown"]


def test_run_a_round_from_a_file(monkeypatch, capsys):
    code, out = call(["run", str(DATA / "cli_kong_round.json")], None, monkeypatch, capsys)
    assert code == 0 and out["ok"]
    assert out["result"] == {"finished": False, "exhausted": False, "deltas": [-1, -1, 3, -1], "wins": [],
                             "next_dealer": 0}
    assert [e["type"] for e in out["events"]].count("concealed_kong") == 1


def test_simulate_prints_the_contract_fields(tmp_path, monkeypatch, capsys):
    log = tmp_path / "game.jsonl"
    code, out = call(["simulate", "--variant", "nanning", "--seed", "3", "--rounds", "4", "--ai", "normal",
                      "easy", "--log", str(log)], None, monkeypatch, capsys)
    assert code == 0 and out["ok"] and out["rounds"] == 4
    assert set(out) >= {"exhausted", "hands", "totals", "elapsed_s"}
    assert sum(out["totals"]) == 0 and len(out["totals"]) == 4
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["seed"] == 3
    assert sum(1 for e in lines if e["type"] == "end_round") == 4


def test_simulate_is_deterministic_for_a_seed(monkeypatch, capsys):
    _, a = call(["simulate", "--variant", "nanning", "--seed", "9", "--rounds", "3"], None, monkeypatch, capsys)
    _, b = call(["simulate", "--variant", "nanning", "--seed", "9", "--rounds", "3"], None, monkeypatch, capsys)
    a.pop("elapsed_s"), b.pop("elapsed_s")
    assert a == b


@pytest.mark.parametrize("argv,stdin,code", [
    (["score", "-"], "{not json", "bad_json"),
    (["score", "-"], "[1, 2]", "bad_input"),
    (["score", "-"], '{"variant": "mars"}', "unknown_variant"),
    (["score", "-"], '{"variant": "nanning", "options": {"colour": 1}, "winner": 0}', "bad_option"),
    (["score", "-"], '{"variant": "nanning", "options": {"chengbao": "yes"}, "winner": 0}', "bad_option"),
    (["score", "-"], '{"variant": "nanning", "winner": 0, "concealed": ["1x"], "win_tile": "1m"}', "bad_tile"),
    (["score", "-"], '{"variant": "nanning", "winner": 9}', "bad_input"),
    (["run", "-"], '{"variant": "nanning", "hands": [[], [], [], []]}', "bad_input"),
    (["simulate", "--variant", "nanning"], None, "bad_arguments"),
    (["simulate", "--variant", "nanning", "--seed", "1", "--rounds", "1", "--ai", "godlike"], None, "bad_input"),
    (["frobnicate"], None, "bad_arguments"),
    ([], None, "bad_arguments"),
])
def test_bad_input_exits_2_with_a_code_and_a_message(argv, stdin, code, monkeypatch, capsys):
    exit_code, out = call(argv, stdin, monkeypatch, capsys)
    assert exit_code == 2
    assert out["ok"] is False and out["error"] == code and out["message"]


def test_five_of_a_kind_and_a_non_win_are_refused(monkeypatch, capsys):
    five = {"variant": "nanning", "winner": 0, "concealed": ["1m"] * 4 + ["2m"] * 9, "win_tile": "1m"}
    _, out = call(["score", "-"], json.dumps(five), monkeypatch, capsys)
    assert out["error"] == "bad_input" and "1m appears 5 times" in out["message"]
    junk = {"variant": "nanning", "winner": 0,
            "concealed": ["1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "E", "S", "W", "N"], "win_tile": "C"}
    _, out = call(["score", "-"], json.dumps(junk), monkeypatch, capsys)
    assert out["error"] == "not_a_win"


def test_an_illegal_action_names_its_index(monkeypatch, capsys):
    doc = json.loads((DATA / "cli_kong_round.json").read_text(encoding="utf-8"))
    doc["actions"].insert(2, {"seat": 3, "type": "discard", "tile": "1s"})  # out of turn
    code, out = call(["run", "-"], json.dumps(doc), monkeypatch, capsys)
    assert code == 2 and out["error"] == "illegal_action" and out["index"] == 2
    assert "seat 2's turn" in out["message"]


def test_the_real_command_answers_json_and_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "game.engine", "score", "-"], input="{", capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and json.loads(proc.stdout)["error"] == "bad_json"
    assert "Traceback" not in proc.stderr


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4)
                    | st.sampled_from(["1m", "E", "9p", "nanning", "pong", "win"]),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                    max_leaves=20)
KEYS = st.sampled_from(["variant", "options", "players", "dealer", "winner", "discarder", "concealed", "win_tile",
                        "melds", "flags", "context", "hands", "wall", "setup", "actions"])


def run_isolated(argv: list[str], stdin: str) -> tuple[int, dict]:
    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    return code, json.loads(out.getvalue())


@settings(max_examples=300, deadline=None)
@given(command=st.sampled_from(["score", "run"]), doc=st.dictionaries(KEYS, JSON, max_size=8),
       variant=st.booleans())
def test_hostile_documents_never_crash_the_command_line(command, doc, variant):
    if variant:
        doc["variant"] = "nanning"
    code, out = run_isolated([command, "-"], json.dumps(doc))
    assert out["ok"] is (code == 0)
    if code != 0:
        assert code == 2 and out["error"] != "internal_error", out


VALID_SCORE = {"variant": "nanning", "dealer": 0, "winner": 1, "discarder": 2,
               "concealed": ["1m", "1m", "3p", "3p", "5s", "5s", "E", "E", "C", "C", "7m", "7m", "9p"],
               "win_tile": "9p", "melds": [], "flags": [], "context": {}, "options": {}}


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(VALID_SCORE)), value=JSON, deep=st.booleans())
def test_one_corrupted_field_of_a_valid_request_gets_a_clear_answer(key, value, deep):
    doc = json.loads(json.dumps(VALID_SCORE))
    if deep and isinstance(doc[key], list) and doc[key]:
        doc[key][0] = value
    else:
        doc[key] = value
    code, out = run_isolated(["score", "-"], json.dumps(doc))
    assert out["ok"] is (code == 0)
    if code != 0:
        assert code == 2 and out["error"] != "internal_error", out


@settings(max_examples=200, deadline=None)
@given(index=st.integers(0, 7), field=st.sampled_from(["seat", "type", "tile", "tiles"]), value=JSON)
def test_one_corrupted_action_of_a_valid_round_names_its_index(index, field, value):
    doc = json.loads((DATA / "cli_kong_round.json").read_text(encoding="utf-8"))
    doc["actions"][index][field] = value
    code, out = run_isolated(["run", "-"], json.dumps(doc))
    assert out["ok"] is (code == 0)
    if code != 0:
        assert code == 2 and out["error"] != "internal_error", out
        assert out["index"] >= index  # the actions before the corrupted one are unchanged and legal



def _window_round(actions: list[dict]) -> dict:
    """Nanning: seat 0 throws E, which seat 1 (E E) may pong and seat 2 (ready on E) may win on."""
    return {"variant": "nanning", "players": 4, "dealer": 0,
            "hands": [["E", "1m", "2m", "4m", "5p", "7p", "8p", "1s", "3s", "5s", "7s", "9s", "C", "F"],
                      ["E", "E", "2p", "5p", "8p", "2s", "5s", "8s", "3m", "6m", "9m", "W", "N"],
                      ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E"],
                      ["1s", "4s", "7s", "2m", "6m", "7m", "8m", "S", "S", "N", "P", "C", "F"]],
            "wall": ["9s", "3s", "P", "4p", "6p", "1p", "9p", "8s"], "actions": actions}


def _draws_after_the_discard(out: dict) -> list[int]:
    events = out["events"]
    at = max(i for i, e in enumerate(events) if e["type"] == "discard")
    return [e["actor"] for e in events[at + 1:] if e["type"] == "draw"]


def test_run_ending_on_a_discard_leaves_its_window_open(monkeypatch, capsys):
    code, out = call(["run", "-"], json.dumps(_window_round([{"seat": 0, "type": "discard", "tile": "E"}])),
                     monkeypatch, capsys)
    assert code == 0 and out["result"]["finished"] is False
    assert _draws_after_the_discard(out) == []  # nobody answered for seats 1 and 2, nobody drew


def test_run_ending_on_part_of_a_windows_answers_passes_the_rest(monkeypatch, capsys):
    # seat 2 declines the win; seat 1 (a pong open) is not listed, so he passes when the actions end: seat 1 draws.
    code, out = call(["run", "-"], json.dumps(_window_round([{"seat": 0, "type": "discard", "tile": "E"},
                                                             {"seat": 2, "type": "pass"}])), monkeypatch, capsys)
    assert code == 0 and out["result"]["finished"] is False and not out["result"]["wins"]
    assert _draws_after_the_discard(out) == [1]
