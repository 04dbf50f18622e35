"""The benchmark scripts still run and report the fields docs/benchmarks.md quotes (no timing is asserted)."""

import json
import subprocess
import sys
from pathlib import Path
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def test_engine_benchmark_quick_run_reports_its_fields():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_engine.py"), "--json", "--quick"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key in ("wincheck_ratio_vs_mahjong", "waits_p99_ms", "simulate_rounds_per_s"):
        assert isinstance(out[key], (int, float)) and out[key] > 0, key
    assert out["wincheck_disagreements"] == 0
    from game.variants import AVAILABLE

    assert set(out["simulate_by_rule_set"]) == set(AVAILABLE)
    assert all(rate > 0 for rate in out["simulate_by_rule_set"].values())


# ---- benchmarks/arena.py and benchmarks/bench_ai.py: the AI levels (run with whatever levels game.ai has)
def _script(name: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def _load_arena():
    return load_script("benchmarks/arena.py")


def test_arena_seats_each_side_in_every_seat():
    arena = _load_arena()
    assert arena.seatings(4) == [("A", "B", "A", "B"), ("B", "A", "B", "A")]
    for players in (2, 3, 4):
        table = arena.seatings(players)
        assert len(set(table)) == len(table)
        for seat in range(players):  # each side sits in every seat, both sides as often
            assert {t[seat] for t in table} == {"A", "B"}
        assert sum(t.count("A") for t in table) == sum(t.count("B") for t in table)


def test_arena_quick_run_reports_every_pairing_and_rule_set():
    from game.ai import LEVELS
    from game.variants import AVAILABLE

    strong, weak = LEVELS[-1], LEVELS[0]
    proc = _script("arena.py", "--pairs", f"{strong}:{weak}", f"{weak}:{weak}", "--variants", "all", "--seeds", "2",
                   "--rounds", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] and out["seeds"] == 2 and out["rounds_per_game"] == 1
    assert [(r["pair"], r["variant"]) for r in out["results"]] == \
        [(p, v) for p in (f"{strong}:{weak}", f"{weak}:{weak}") for v in AVAILABLE]
    for r in out["results"]:
        a, b = r["a_stats"], r["b_stats"]
        assert r["seeds"] == 2 and r["games"] == 2 * {2: 2, 3: 6, 4: 2}[r["players"]]  # 4 seats: ABAB, BABA
        assert r["rounds"] == r["games"] and a["seat_rounds"] == b["seat_rounds"] == r["rounds"] * r["players"] // 2
        for st in (a, b):
            assert 0 <= st["win_rate"] <= 1 and 0 <= st["deal_in_rate"] <= 1 and 0 <= st["self_draw_rate"] <= 1
            assert (st["avg_win_points"] is None) == (st["wins"] == 0)
            assert st["avg_win_points"] is None or st["avg_win_points"] > 0
            # every win is counted under each of its hand types: at least once, each with its points
            assert sum(h["wins"] for h in st["by_hand"].values()) >= st["wins"]
            assert (st["wins"] == 0) == (st["by_hand"] == {})
            assert all(h["wins"] > 0 for h in st["by_hand"].values())
        assert abs(r["diff_per_round"] - (a["score_per_round"] - b["score_per_round"])) < 0.01
        lo, hi = r["ci95"]
        assert lo <= r["diff_per_round"] <= hi
        if r["a"] == r["b"]:  # the same level on both sides: both seatings are the same game
            assert r["diff_per_round"] == 0 and r["ci95"] == [0, 0] and a == {**b, "level": a["level"]}


def test_arena_one_format_pairs_one_a_among_bs_with_the_all_b_table():
    arena = _load_arena()
    assert arena.patterns(4, "one") == [("B",) * 4, ("A", "B", "B", "B"), ("B", "A", "B", "B"),
                                         ("B", "B", "A", "B"), ("B", "B", "B", "A")]
    from game.ai import LEVELS

    weak, strong = LEVELS[0], LEVELS[2]
    out = arena.run_arena([(weak, weak), (strong, weak)], ["nanning"], [3, 4], rounds=2, fmt="one")
    same, other = out["results"]
    assert out["format"] == same["format"] == "one"
    # the same level on both sides plays the reference table's game in every seat: nothing but zero
    assert same["diff_per_round"] == 0 and same["ci95"] == [0, 0]
    assert same["a_seat_rounds"] == 2 * 4 * 2 and same["a_stats"]["seat_rounds"] == 16
    assert same["b_stats"]["seat_rounds"] == 2 * 2 * 4  # the reference tables' seats only
    assert same["rounds"] == 2 * 5 * 2 and same["games"] == 10
    # a different A: his seat's score less the reference seat's, each seed's mean over its seats and rounds
    per_seed = [arena.play_seed((strong, weak, "nanning", 4, seed, 2, {}, None, "one"))["diff"] for seed in (3, 4)]
    assert other["diff_per_round"] == round(sum(per_seed) / 2, 3)
    assert other["a_stats"]["seat_rounds"] == 16


def test_arena_answer_does_not_depend_on_jobs():
    arena = _load_arena()
    from game.ai import LEVELS

    pairs = [(LEVELS[1], LEVELS[0])]
    one = arena.run_arena(pairs, ["beihai", "hainan"], [5, 6, 7], rounds=1, jobs=1)
    proc = _script("arena.py", "--pairs", f"{LEVELS[1]}:{LEVELS[0]}", "--variants", "beihai", "hainan",
                   "--seeds", "3", "--first-seed", "5", "--rounds", "1", "--jobs", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    two = json.loads(proc.stdout)
    assert two["jobs"] == 2 and two["results"] == one["results"]


def test_arena_and_bench_ai_refuse_bad_arguments():
    for name, args in [("arena.py", ["--pairs", "hard"]), ("arena.py", ["--pairs", "godlike:easy"]),
                       ("arena.py", ["--variants", "mars"]), ("arena.py", ["--seeds", "0"]),
                       ("arena.py", ["--players", "3", "--variants", "nanning"]),
                       ("bench_ai.py", ["--levels", "godlike"]), ("bench_ai.py", ["--variants", "mars"]),
                       ("bench_ai.py", ["--rounds", "0"]), ("bench_ai.py", ["--options", "[4]"]),
                       ("bench_ai.py", ["--variants", "guangdong", "--options", '{"cap": 99}']),
                       ("bench_ai.py", ["--variants", "guangdong", "--options", '{"min_fan": 3, "cap": 3, "x": 1}']),
                       ("bench_ai.py", ["--variants", "nanning", "--players", "3"])]:
        proc = _script(name, *args, "--json", timeout=60)
        assert proc.returncode == 2 and proc.stdout == "" and "error" in proc.stderr, (name, args, proc.stderr)


def test_ai_benchmark_quick_run_reports_its_fields():
    from game.ai import LEVELS
    from game.variants import AVAILABLE

    proc = _script("bench_ai.py", "--json", "--quick", "--levels", LEVELS[0])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["measured_level"] == ("expert" if "expert" in LEVELS else LEVELS[-1])
    assert out["expert_available"] == ("expert" in LEVELS)
    assert 0 < out["expert_decision_p50_ms"] <= out["expert_decision_p99_ms"] <= out["expert_decision_max_ms"]
    assert set(out["expert_by_rule_set"]) == set(AVAILABLE) and set(out["levels"]) == {out["measured_level"],
                                                                                       LEVELS[0]}
    for entry in out["levels"].values():
        assert set(entry["by_rule_set"]) == set(AVAILABLE)
        for f in entry["by_rule_set"].values():
            assert f["decisions"] > 0 and 0 < f["p50_ms"] <= f["p99_ms"] <= f["max_ms"] < 10_000
        assert entry["decisions"] == sum(f["decisions"] for f in entry["by_rule_set"].values())
        assert entry["by_kind"]["turn"]["decisions"] > 0 and "discard" in entry["by_action"]
        assert entry["decisions"] == sum(f["decisions"] for f in entry["by_kind"].values())


def test_ai_benchmark_times_decisions_at_the_table_it_is_given():
    """--options and --players are the timed table's (the report says which table it timed), and a table the rule set
    refuses never starts (above)."""
    proc = _script("bench_ai.py", "--json", "--quick", "--levels", "expert", "--variants", "hainan", "--players",
                   "3", "--options", '{"zhuang_xian": true}')
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["players"] == 3 and out["options"] == {"zhuang_xian": True}
    timed = out["expert_by_rule_set"]["hainan"]
    assert timed["decisions"] > 0 and timed["table"]["players"] == 3
    assert timed["table"]["options"]["zhuang_xian"] is True and timed["table"]["options"]["lian_zhuang"] is False


# ---- benchmarks/calibrate_reading.py: where the expert's reading of readiness and of a discard's threat comes from
def test_discard_share_is_whole_where_any_ready_hand_may_win_on_a_discard_and_partial_under_a_minimum():
    """Nanning at its defaults lets a plain hand win on a discard, so every ready opponent could; without 平胡点炮
    only hands with a fan can, and some ready ones could not."""
    shares = {}
    for options in ("{}", '{"pinghu_discard": false}'):
        proc = _script("calibrate_reading.py", "--discard-share", "--variants", "nanning", "--options", options,
                       "--seeds", "3", "--first-seed", "1000", "--rounds", "1", "--json", timeout=300)
        assert proc.returncode == 0, proc.stderr
        (result,) = json.loads(proc.stdout)["results"]
        assert result["rounds"] == 3 and result["classes"]
        shares[options] = result["classes"]
    assert all(c["share"] == 1.0 and c["ready"] > 0 for c in shares["{}"].values())
    gated = shares['{"pinghu_discard": false}'].values()
    assert sum(c["may_win_on_discard"] for c in gated) < sum(c["ready"] for c in gated)


def test_a_deal_in_never_costs_less_than_the_rule_sets_plain_hand_on_a_discard():
    """Nanning: a plain hand won on a discard costs the discarder base × 2 (shared/rules/nanning.md, example 1), big
    hands more; so the measured price of a deal-in to a ready opponent is at least 2 in every class of calls, and
    at least the table's cheapest price (ratio ≥ 1)."""
    proc = _script("calibrate_reading.py", "--deal-in-price", "--variants", "nanning", "--seeds", "3",
                   "--first-seed", "1000", "--rounds", "1", "--json", timeout=300)
    assert proc.returncode == 0, proc.stderr
    (result,) = json.loads(proc.stdout)["results"]
    assert result["rounds"] == 3 and result["classes"]
    for cell in result["classes"].values():
        assert cell["ready"] > 0 and cell["price"] >= 2.0 and cell["ratio"] >= 1.0


def test_the_readiness_table_reads_the_learnt_model_when_asked():
    """The same games read two ways: the learnt model's probabilities fall in other bins than the calibrated rough
    reading's, over the same opponents at the same turns."""
    tables = {}
    for extra in ((), ("--learnt",)):
        proc = _script("calibrate_reading.py", *extra, "--variants", "beihai", "--seeds", "2", "--first-seed", "1000",
                       "--rounds", "1", "--json", timeout=300)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["learnt"] == bool(extra)
        (result,) = out["results"]
        tables[bool(extra)] = [b["readings"] for b in result["bins"]]
    assert sum(tables[True]) == sum(tables[False]) > 0
    assert tables[True] != tables[False]


def _rollout_values():
    return load_script("benchmarks/rollout_values.py")


def test_rollouts_value_a_move_on_copies_and_leave_the_real_table_as_it_was():
    """The same move valued twice on the same reshuffles comes to the same points; the table the rollouts copied
    plays on exactly as it would have without them."""
    rv = _rollout_values()
    turns = rv.decisions("nanning", [40000], True)
    for _ in range(6):
        host, seat = next(turns)
    move = host.prompts[seat].actions[0]
    before = (list(host.round.live), [list(s.hand) for s in host.round.seats], len(host.current_actions))
    a, b = rv.rollout_points(host, seat, [move, move], 3, "test")
    assert a == b and len(a) == 3
    assert before == (list(host.round.live), [list(s.hand) for s in host.round.seats], len(host.current_actions))


def test_rollouts_from_a_table_with_the_expert_seated_play_on_as_hard_and_leave_the_expert_seated():
    rv = _rollout_values()
    turns = rv.decisions("beihai", [40001], False, ("expert", "hard", "hard", "hard"))
    host, seat = next((h, s) for h, s in turns if h.stand_ins[s].level == "expert")
    assert seat == -40001 % 4  # where the disagree command looks for it
    levels = [s.level for s in host.stand_ins]
    assert levels.count("expert") == 1
    seen = []
    original = rv.make_bot

    def spy(level, seed=0, **kw):  # every bot the rollouts make is hard
        seen.append(level)
        return original(level, seed, **kw)

    rv.make_bot = spy
    try:
        a, b = rv.rollout_points(host, seat, list(host.prompts[seat].actions[:2]), 2, "test", (seat,))
    finally:
        rv.make_bot = original
    assert seen == ["hard"] * 4 and len(a) == len(b) == 2
    assert [s.level for s in host.stand_ins] == levels  # the real table keeps its expert


def test_rollout_values_disagree_with_the_expert_seated_judges_its_own_decisions_only():
    """The one-among-hard table: only the seated side's decisions are judged, its moves the ones it plays; a side
    written as an ablation sits as that ablation (hard given hard's own fields differs from hard nowhere)."""
    rv = _rollout_values()
    report = rv.disagree("beihai", [40000, 40001, 40002], rollouts=2, table="one")
    assert report["seat_rounds"] == 6 and report["reasons_mismatched"] == 0
    # one seat in four: about a quarter of the decisions a table of hard seats has
    everyone = rv.disagree("beihai", [40000, 40001, 40002], rollouts=1, table="hard")
    assert 0.1 * everyone["decisions"] < report["decisions"] < 0.45 * everyone["decisions"]
    assert sum(k["n"] for k in report["kinds"].values()) == report["differ"]
    same = rv.disagree("beihai", [40000, 40001], rollouts=1, table="one", seat="hard+kong_value=0")
    assert same["decisions"] > 10 and same["differ"] == 0
    other = rv.disagree("beihai", [40000, 40001], rollouts=1, table="one", seat="hard+acceptance=0")
    assert other["differ"] > 0
    yardstick = rv.disagree("beihai", [40000, 40001], rollouts=1, table="one", seat="efficiency")  # no reasons given
    assert yardstick["differ"] > 0 and sum(k["n"] for k in yardstick["kinds"].values()) == yardstick["differ"]


def test_rollout_values_disagree_plays_the_table_the_arena_names_its_seats_and_options():
    """`--players` and `--options` reach the games judged: two seats of Beihai, Nanning without 平胡点炮."""
    rv = _rollout_values()
    host, seat = next(rv.decisions("beihai", [40000], False, ("expert", "hard"), players=2))
    assert len(host.stand_ins) == 2 and len(host.round.seats) == 2
    host, seat = next(rv.decisions("nanning", [40000], False, options={"pinghu_discard": False}))
    assert host.round.options.pinghu_discard is False
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rollout_values.py"), "disagree", "beihai",
                          "--players", "2", "--table", "one", "--seeds", "1", "--rollouts", "1", "--json"],
                         capture_output=True, text=True, check=True, timeout=600)
    report = json.loads(out.stdout)
    assert report["players"] == 2 and report["seat_rounds"] == 2 and report["decisions"] > 5


def test_rollout_values_disagree_near_a_plan_judges_only_those_decisions_and_names_the_plans_steps():
    """`--near orphans:4`: only decisions with 十三幺 within four steps. At Guangdong cap 4 on seed 1038 the expert
    with its own pace (slower_orphans off) leaves the orphans four steps away where hard keeps them; the expert as
    tuned for Guangdong does not."""
    rv = _rollout_values()
    cap4 = {"cap": 4}
    every = rv.disagree("guangdong", [1038], rollouts=1, table="one", seat="expert", options=cap4)
    near = rv.disagree("guangdong", [1038], rollouts=1, table="one", seat="expert", options=cap4,
                       near=("orphans", 4))
    assert 0 < near["decisions"] < every["decisions"] and near["near"] == ["orphans", 4] and near["differ"] == 0
    own = rv.disagree("guangdong", [1038], rollouts=1, table="one", seat="expert+slower_orphans=0", options=cap4,
                      near=("orphans", 4))
    assert own["differ"] > 0 and list(own["kinds"]) == ["attack, discard nearer, orphans 4 to 5 (hard's 4)"]
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rollout_values.py"), "disagree", "guangdong",
                          "--near", "thirteen:4", "--seeds", "1"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 2 and "--near wants PLAN:D" in out.stderr


def test_rollout_values_disagree_quick_run_reports_its_fields():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rollout_values.py"), "disagree", "nanning",
                          "--seeds", "1", "--rollouts", "2", "--json"], capture_output=True, text=True, check=True,
                         timeout=600)
    report = json.loads(out.stdout)
    assert report["decisions"] > 50 and 0 <= report["differ"] <= report["decisions"]
    assert sum(k["n"] for k in report["kinds"].values()) == report["differ"]


def test_the_rerank_check_finds_a_score_that_is_in_the_data_and_none_where_there_is_none():
    import random

    rv = _rollout_values()
    rng = random.Random(3)
    d = len(rv.FEATURES)

    def rows(signal: bool) -> list[dict]:
        out = []
        for _ in range(600):
            xs = [[rng.random() for _ in range(d)] for _ in range(3)]
            # the reading's choice (first) is no better than the others; the truth rewards feature 0
            points = [[(5 * x[0] if signal else 0) + rng.gauss(0, 1) for _ in range(4)] for x in xs]
            out.append({"x": xs, "points": points})
        return out

    found = rv.rerank(rows(True), ridge=1.0, folds=5)
    assert found["gain_per_decision"] > 5 * found["se"] and found["weights"]["vd"] > 3
    nothing = rv.rerank(rows(False), ridge=1.0, folds=5)
    assert abs(nothing["gain_per_decision"]) < 3 * nothing["se"] + 0.05
