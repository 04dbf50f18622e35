"""`simulate`'s per-seat figures (`seats`) and `per_round`, as docs/engine-cli.md describes them."""

from __future__ import annotations

import json

import pytest

from game.headless.engine_cli import main
from game.headless.simulate import available_levels, run_simulation
from game.variants import AVAILABLE, get_variant


def test_seats_and_per_round_add_up_to_the_totals():
    out = run_simulation("beihai", players=3, seed=11, rounds=12, ai_levels=["easy", "normal", "hard"], per_round=True)
    assert [s["level"] for s in out["seats"]] == ["easy", "normal", "hard"]
    assert [s["score"] for s in out["seats"]] == out["totals"]
    assert [sum(col) for col in zip(*out["per_round"])] == out["totals"] and len(out["per_round"]) == 12
    wins = sum(s["wins"] for s in out["seats"])
    assert wins >= out["rounds"] - out["exhausted"]  # every round not drawn has a winner (several on one discard)
    assert all(s["self_draws"] <= s["wins"] for s in out["seats"])


def test_deal_ins_count_discards_won_on():
    out = run_simulation("nanning", seed=5, rounds=20)
    self_draws = sum(s["self_draws"] for s in out["seats"])
    deal_ins = sum(s["deal_ins"] for s in out["seats"])
    wins = sum(s["wins"] for s in out["seats"])
    assert deal_ins <= wins - self_draws  # several winners on one discard are one deal-in
    assert deal_ins > 0 and "per_round" not in out


# ---- `python -m game.engine simulate --per-round` (DESIGN.md §3.3)
def simulate(argv: list[str], capsys) -> tuple[int, dict]:
    code = main(["simulate", *argv])
    return code, json.loads(capsys.readouterr().out)


def test_per_round_is_there_only_with_the_flag(capsys):
    args = ["--variant", "nanning", "--seed", "4", "--rounds", "5", "--ai", "hard", "easy"]
    code, plain = simulate(args, capsys)
    assert code == 0 and plain["ok"] and "per_round" not in plain
    code, out = simulate([*args, "--per-round"], capsys)
    assert code == 0 and out["ok"] and len(out["per_round"]) == 5
    assert all(len(deltas) == 4 and all(isinstance(d, int) for d in deltas) for deltas in out["per_round"])
    assert [sum(col) for col in zip(*out["per_round"])] == out["totals"]
    plain.pop("elapsed_s"), out.pop("elapsed_s"), out.pop("per_round")
    assert out == plain  # the flag adds a field and changes nothing else


@pytest.mark.parametrize("variant_id", list(AVAILABLE))
def test_per_round_deltas_add_up_and_each_round_is_zero_sum(variant_id, tmp_path, capsys):
    """Every rule set: the rounds add up to the totals, and each round is zero-sum unless a seat escaped (the
    escape fine, where a rule set has one, is not paid to the table as a whole)."""
    players = get_variant(variant_id).player_counts[-1]
    log = tmp_path / "game.jsonl"
    code, out = simulate(["--variant", variant_id, "--seed", "21", "--rounds", "6", "--ai", "normal", "hard",
                          "--per-round", "--log", str(log)], capsys)
    assert code == 0 and out["ok"], out
    per_round = out["per_round"]
    assert len(per_round) == 6 and all(len(deltas) == players for deltas in per_round)
    assert [sum(col) for col in zip(*per_round)] == out["totals"] == [s["score"] for s in out["seats"]]
    ends, escaped = [], set()
    for line in log.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event.get("type") == "escape":
            escaped.add(len(ends))
        elif event.get("type") == "end_round":
            ends.append(event["deltas"])
    assert ends == per_round  # the same deltas the log's end_round events settle
    for i, deltas in enumerate(per_round):
        if i in escaped:
            assert get_variant(variant_id).has_escape_penalty
        else:
            assert sum(deltas) == 0, (i, deltas)


def test_the_ai_levels_simulate_accepts(capsys):
    from game.ai import LEVELS, make_bot

    levels = available_levels()
    assert levels[:len(LEVELS)] == tuple(LEVELS)
    try:
        make_bot("baseline", 0)
        makeable = True
    except Exception:  # noqa: BLE001
        makeable = False
    assert ("baseline" in levels) == makeable
    code, out = simulate(["--variant", "beihai", "--seed", "1", "--rounds", "1", "--ai", "baseline"], capsys)
    if makeable:
        assert code == 0 and [s["level"] for s in out["seats"]] == ["baseline"] * 4
    else:
        assert code == 2 and out["error"] == "bad_input" and "baseline" in out["message"]


def test_a_makeable_baseline_is_accepted_even_unlisted(monkeypatch, capsys):
    """`baseline` (the yardstick) need not be among the player levels: simulate seats it once make_bot makes it."""
    import game.ai
    import game.host

    real = game.ai.make_bot

    def make_bot(level: str = "normal", seed: int | str = 0):
        return real("normal" if level == "baseline" and "baseline" not in game.ai.LEVELS else level, seed)

    monkeypatch.setattr(game.ai, "LEVELS", tuple(lv for lv in game.ai.LEVELS if lv != "baseline"))
    monkeypatch.setattr(game.ai, "make_bot", make_bot)
    monkeypatch.setattr(game.host, "make_bot", make_bot)
    assert available_levels()[-1] == "baseline"
    code, out = simulate(["--variant", "nanning", "--seed", "2", "--rounds", "2", "--ai", "baseline", "easy",
                          "--per-round"], capsys)
    assert code == 0 and out["ok"] and [s["level"] for s in out["seats"]] == ["baseline", "easy"] * 2
    assert len(out["per_round"]) == 2
    code, out = simulate(["--variant", "nanning", "--seed", "2", "--rounds", "1", "--ai", "godlike"], capsys)
    assert code == 2 and out["error"] == "bad_input" and "baseline" in out["message"]
