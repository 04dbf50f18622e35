"""`simulate`'s per-seat figures (`seats`) and `per_round`, as docs/engine-cli.md describes them."""

from __future__ import annotations

from game.headless.simulate import run_simulation


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
