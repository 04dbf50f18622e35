"""复盘: the expert's review of one seat's decisions, from replays and simulate logs (game/review.py), its command
line (shared/DESIGN.md §6) and its reasons in every language."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game import replays, review
from game.engine.state import Action
from game.headless.simulate import run_simulation
from game.host import Host, SeatConfig
from game.i18n import translator
from game.ui.hint import review_reason
from game.variants import get_variant

LEVELS = ["expert", "hard", "normal", "easy"]
RULE_SETS = ["nanning", "beihai", "guiliu", "guangdong", "hainan"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))


def logged_game(tmp_path, variant: str, seed: int, rounds: int, levels=LEVELS, **kw):
    path = tmp_path / f"{variant}-{seed}.jsonl"
    with path.open("w", encoding="utf-8") as log:
        run_simulation(variant, seed=seed, rounds=rounds, ai_levels=levels, log=log, **kw)
    return path


def the_seats_moves(path, seat: int) -> list[dict]:
    moves = []
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item.get("type") == "action" and item["action"]["seat"] == seat:
            moves.append(item["action"])
    return moves


@pytest.mark.parametrize("variant", RULE_SETS)
def test_the_expert_agrees_with_itself_and_an_easy_seat_gives_up_more_than_a_hard_one(tmp_path, variant):
    """Over a few games of an expert, a hard, a normal and an easy seat: the review of the expert seat agrees with
    nearly every move it made (it sees what the seat saw, and its search is seeded as the game seeds it), and the
    careless easy seat gives up more points a round by the review than the hard one."""
    agree = {level: [] for level in LEVELS}
    lost = {level: 0.0 for level in LEVELS}
    rounds = 0
    for seed in (11, 12):
        path = logged_game(tmp_path, variant, seed, 4)
        rounds += 4
        for seat, level in enumerate(LEVELS):
            r = review.review_file(path, seat)
            assert r.rounds == 4
            agree[level] += [d.agrees for d in r.decisions]
            lost[level] += r.total_loss
            assert all(d.loss >= 0 for d in r.decisions)
            assert all(d.loss == 0 for d in r.decisions if d.agrees)
    assert sum(agree["expert"]) / len(agree["expert"]) >= 0.9
    assert sum(agree["easy"]) / len(agree["easy"]) < 0.8  # it slips four moves in five
    assert lost["easy"] / rounds > lost["hard"] / rounds


def test_the_losses_are_the_reading_s_in_the_rule_set_s_calibrated_points(tmp_path):
    """Each loss is the reading's times the rule set's scale (fitted on what the levels score: every rule set has
    one, a plausible factor), and nothing else changes with it."""
    from game.review_scale import SCALES

    assert set(SCALES) == set(RULE_SETS)
    assert all(0.05 <= entry["scale"] <= 3.0 and entry["fitted_on"]["rounds"] >= 300 for entry in SCALES.values())
    path = logged_game(tmp_path, "guangdong", 4, 2)
    raw, shown = review.review_file(path, 3, scaled=False), review.review_file(path, 3)
    scale = review.loss_scale("guangdong")
    assert scale == SCALES["guangdong"]["scale"]
    assert [d.best for d in raw.decisions] == [d.best for d in shown.decisions]
    assert any(d.loss > 0 for d in raw.decisions)
    assert [d.loss * scale for d in raw.decisions] == pytest.approx([d.loss for d in shown.decisions])


def test_a_decision_is_every_move_with_a_choice_and_the_moves_are_the_seats_own(tmp_path):
    path = logged_game(tmp_path, "guiliu", 3, 2)
    r = review.review_file(path, 2)
    moves = the_seats_moves(path, 2)
    judged = [d.chosen for d in r.decisions]
    assert judged and all(m in moves for m in judged)
    assert all(d.chosen["seat"] == 2 and d.best["seat"] == 2 for d in r.decisions)
    # the discards are all judged (a discard is always a choice among the hand's tiles)
    assert sum(1 for m in moves if m["type"] == "discard") == sum(1 for d in judged if d["type"] == "discard")
    kinds = {d.kind for d in r.decisions}
    assert "turn" in kinds and kinds <= {"turn", "claim", "setup"}
    assert r.agreement == pytest.approx(sum(d.agrees for d in r.decisions) / len(r.decisions))


def test_hainan_judges_the_stake_before_each_deal(tmp_path):
    path = logged_game(tmp_path, "hainan", 5, 3, levels=["easy", "expert", "hard", "normal"])
    setups = [d for d in review.review_file(path, 0).decisions if d.kind == "setup"]
    assert [d.round for d in setups] == [0, 1, 2]
    assert all(d.best["choice"] == "ga" and d.index == -1 for d in setups)
    # the expert seat's own stakes are its review's choices too
    assert all(d.agrees for d in review.review_file(path, 1).decisions if d.kind == "setup")


def test_a_replay_of_the_game_is_reviewed_and_the_review_is_kept_for_a_second_look():
    table = Host("nanning", {}, [SeatConfig(f"P{i}", level=lvl) for i, lvl in enumerate(LEVELS)], seed=7, rounds=1)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    replay = table.round_replay()
    job = review.ReviewJob(replay, 3)
    assert job.wait(60) and job.error is None and job.result is not None
    assert job.done == job.total > 0 and job.fraction == 1.0
    first = job.result
    # the file kept of the same round (saved at another moment) finds the same review, made once
    path = replays.write(table.round_replay())
    again = review.ReviewJob(replays.read(path), 3)
    assert again.finished and again.result is not None and again._thread is None
    assert again.result.dump() == first.dump()
    assert review.review_file(path, 3).dump() == first.dump()


def test_a_corrupt_kept_review_is_made_again():
    table = Host("beihai", {}, [SeatConfig(f"P{i}", level="hard") for i in range(4)], seed=2, rounds=1)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    replay = table.round_replay()
    where = review.kept_path(replay, 0)
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("{not json", encoding="utf-8")
    job = review.ReviewJob(replay, 0)
    assert job._thread is not None and job.wait(60) and job.result is not None
    assert review.kept(replay, 0) is not None  # written over by a good one


def test_every_reason_is_worded_in_every_language(tmp_path):
    path = logged_game(tmp_path, "hainan", 8, 2, levels=["easy", "normal", "easy", "normal"])
    variant = get_variant("hainan")
    decisions = [d for seat in range(4) for d in review.review_file(path, seat).decisions]
    marked = [d for d in decisions if not d.agrees]
    assert marked
    for lang in ("zh_CN", "en", "zh_TW"):
        tr = translator(lang)
        for d in decisions:
            words = review_reason(tr.gettext, d, lambda h: tr.gettext(variant.hand_name(h)), tr.ngettext)
            assert words.strip()
            if d.best["type"] == "discard" and lang == "zh_CN":
                assert words.startswith("打 ")


def test_the_command_line_prints_the_documented_document(tmp_path):
    path = logged_game(tmp_path, "guangdong", 4, 2)
    out = subprocess.run([sys.executable, "-m", "game", "--review", str(path), "--seat", "3", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["ok"] is True and doc["seat"] == 3 and doc["rounds"] == 2
    ds = doc["decisions"]
    assert ds and all(set(d) == {"round", "index", "kind", "chosen", "best", "loss", "reason"} for d in ds)
    assert doc["agreement"] == pytest.approx(sum(d["chosen"] == d["best"] for d in ds) / len(ds), abs=1e-4)
    assert doc["loss_per_round"] == pytest.approx(sum(d["loss"] for d in ds) / 2, abs=1e-3)
    for d in ds:  # actions in run's shape
        Action.from_json(d["chosen"]), Action.from_json(d["best"])
        assert d["loss"] >= 0 and isinstance(d["reason"], str) and d["reason"]


@pytest.mark.parametrize("content,why", [
    ("hello\n", "neither a replay nor a simulate log"),
    ('{"type": "header", "variant": "nanning", "seed": 1}\n', "holds no round"),
    ('{"format": "lingnan-mahjong-replay", "version": 2, "variant": "nanning"}\n', "replay"),
])
def test_a_file_that_cannot_be_reviewed_exits_2_with_a_reason(tmp_path, content, why):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "game", "--review", str(bad), "--seat", "0", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and why in out.stderr and not out.stdout


def test_a_tampered_log_and_a_seat_off_the_table_are_refused(tmp_path):
    path = logged_game(tmp_path, "nanning", 9, 1)
    with pytest.raises(review.ReviewError, match="seat must be 0 to 3"):
        review.review_file(path, 4)
    lines = path.read_text(encoding="utf-8").splitlines()
    moves = [i for i, line in enumerate(lines) if '"type": "action"' in line and '"discard"' in line]
    item = json.loads(lines[moves[3]])
    item["action"]["tile"] = "9p" if item["action"]["tile"] != "9p" else "1m"
    lines[moves[3]] = json.dumps(item)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(review.ReviewError, match="does not play back"):
        review.review_file(path, 0)


def test_a_pong_onto_a_ready_hand_is_not_worded_as_bringing_it_closer():
    """Completing the hand on a tile it may not win on (北海) leaves it ready again, no nearer: the 复盘 words such
    a pong as made for its worth."""
    from tests.ai.test_player import beihai_ready_pong_offer

    _, view, legal = beihai_ready_pong_offer()
    pong = next(a for a in legal if a.type == "pong")
    assert review._call_step(view, pong) == "as near"
