"""Lessons (game/lessons.py): every shipped lesson plays its solution through its table, refuses every other move
at each of its steps without changing anything, has its words in every catalogue; bad lesson files are refused
with their reason; progress is kept per profile and a corrupt progress file is set aside, never overwritten."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.host import Refused
from game.lessons import LessonError, LessonHost, Progress, all_lessons, find, lesson_dir, load, parse, solve
from game.variants import AVAILABLE

ROOT = Path(__file__).resolve().parent.parent
LESSONS = all_lessons()
IDS = [lesson.id for lesson in LESSONS]


def test_every_region_has_at_least_three_lessons_and_no_file_is_left_out():
    files = sorted(p.stem for p in lesson_dir().glob("*.json"))
    assert sorted(IDS) == files, "a lesson file that does not load is left out of the game"
    for vid in AVAILABLE:
        assert sum(1 for lesson in LESSONS if lesson.variant == vid) >= 3, vid
    assert len(LESSONS) >= 15
    # by region in the rule sets' order, then by each lesson's own order
    order = [(list(AVAILABLE).index(lesson.variant), lesson.order) for lesson in LESSONS]
    assert order == sorted(order)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_solution_plays_to_the_round_s_end(lesson):
    host = solve(lesson)
    assert host.off_script == 0, "a seat had to make a move no step gave"
    assert host.wins_passed == 0, "the learner was offered a win no step answers"
    assert host.mistakes == 0
    assert host.passed and host.round.finished
    assert host.steps_done == len(lesson.learner_steps) >= 1
    assert sum(host.round.deltas()) == 0  # a lesson settles as a game does: zero-sum
    for i in lesson.learner_steps:
        assert lesson.steps[i].say and lesson.steps[i].wrong, f"step {i + 1}: the learner's steps speak and explain"


def _other_moves(host: LessonHost, seat: int) -> list:
    want = host.expected_action(seat)
    return [a for a in host.prompts[seat].actions if a != want]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_other_move_at_every_step_is_refused_and_changes_nothing(lesson):
    host = LessonHost(lesson)
    host.start_round()
    seat = lesson.learner
    tried = 0
    for _ in range(500):
        if not host.prompts:
            break
        turn = min(host.prompts)
        prompt = host.prompts[turn]
        if turn != seat:
            host._apply(host.stand_ins[turn].choose(prompt))
            continue
        want = host.expected_action(seat)
        assert want is not None, "the learner is asked something no step answers"
        others = _other_moves(host, seat)
        assert others, "a step with no other move cannot be got wrong: nothing is learnt"
        for other in others:
            before = (len(host.events), host.prompts[seat].id, list(host.done))
            with pytest.raises(Refused) as refused:
                host.intent(seat, prompt.id, other)
            assert refused.value.code == "lesson"
            assert (len(host.events), host.prompts[seat].id, list(host.done)) == before
            assert host.wrong is not None and host.wrong[1] == other and host.wrong[0].wrong
            tried += 1
        host.intent(seat, prompt.id, want)
        assert host.wrong is None
    assert host.passed
    assert host.mistakes == tried >= len(lesson.learner_steps)


def _catalogue(lang: str) -> dict:
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "lingnan.po", "rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


@pytest.mark.parametrize("lang", ["zh_CN", "en", "zh_TW"])
def test_every_lesson_word_is_translated(lang):
    catalogue = _catalogue(lang)
    missing = [(lesson.id, text) for lesson in LESSONS for text in lesson.texts()
               if text not in catalogue or not catalogue[text].string or catalogue[text].fuzzy]
    assert missing == [], f"untranslated in {lang}: run tools/i18n.py extract/update and translate"


def test_the_translation_check_catches_an_untranslated_lesson(tmp_path, monkeypatch):
    # the check above is no formality: a lesson whose words are not in the catalogue fails it
    doc = json.loads((lesson_dir() / f"{IDS[0]}.json").read_text(encoding="utf-8"))
    doc["title"] = "A title nobody has translated"
    lesson = parse(doc, IDS[0])
    catalogue = _catalogue("zh_CN")
    assert [t for t in lesson.texts() if t not in catalogue] == ["A title nobody has translated"]


def _doc() -> dict:
    return json.loads((lesson_dir() / f"{IDS[0]}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(colour="red"), "unknown key"),
    (lambda d: d.update(variant="mars"), "'variant' must be one of"),
    (lambda d: d.update(id="another"), "file is named"),
    (lambda d: d.update(title=""), "'title' must be a non-empty text"),
    (lambda d: d.update(steps=[]), "'steps' must be a non-empty list"),
    (lambda d: d["steps"][0].update(type="dance"), "action 'type' must be one of"),
    (lambda d: d["steps"][0].update(seat=9), "there is no seat 9"),
    (lambda d: d["steps"][0].update(colour="red"), "unknown key"),
    (lambda d: d.update(learner=7), "'learner' must be a seat"),
    (lambda d: d["hands"][1].__setitem__(0, "P") or d["hands"][2].__setitem__(0, "P")
     or d["hands"][3].__setitem__(0, "P") or d["wall"].__setitem__(0, "P")
     or d["hands"][1].__setitem__(1, "P"), "P"),
])
def test_a_bad_lesson_file_is_refused_with_its_reason(change, words):
    doc = _doc()
    change(doc)
    with pytest.raises(LessonError) as exc:
        parse(doc, IDS[0])
    assert words in str(exc.value)


def test_a_broken_file_is_left_out_and_the_others_stay(tmp_path, caplog):
    for lesson_id in IDS[:2]:
        (tmp_path / f"{lesson_id}.json").write_text((lesson_dir() / f"{lesson_id}.json").read_text("utf-8"), "utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    assert [lesson.id for lesson in all_lessons(tmp_path)] == sorted(IDS[:2], key=IDS.index)
    assert "broken" in caplog.text
    with pytest.raises(LessonError, match="no lesson 'nothing'"):
        find("nothing", tmp_path)
    with pytest.raises(LessonError):
        load(tmp_path / "broken.json")


def test_progress_is_kept_per_profile_and_a_corrupt_file_is_set_aside(tmp_path):
    path = tmp_path / "lessons.json"
    progress = Progress(path)
    progress.record("p1", IDS[0], passed=True, mistakes=2)
    progress.record("p1", IDS[0], passed=True, mistakes=0)
    progress.record("p2", IDS[1], passed=False, mistakes=0)
    again = Progress(path)
    assert again.passed("p1", IDS[0]) and not again.passed("p2", IDS[0]) and not again.passed("p2", IDS[1])
    assert again.profiles["p1"][IDS[0]] == {"passed": True, "tries": 2, "best": 0}
    path.write_text("{corrupt", encoding="utf-8")
    fresh = Progress(path)
    assert fresh.problem and fresh.profiles == {}
    kept = [p for p in tmp_path.iterdir() if p.name != "lessons.json"]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{corrupt"  # set aside as it was
    fresh.record("p1", IDS[0], passed=True, mistakes=1)
    assert Progress(path).passed("p1", IDS[0])


def _game(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LINGNAN_HOME": str(home), "PATH": "/usr/bin:/bin",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def test_list_lessons_json(tmp_path):
    out = _game("--list-lessons", "--json", home=tmp_path)
    assert out.returncode == 0, out.stderr
    listed = json.loads(out.stdout)
    assert [(e["id"], e["variant"]) for e in listed] == [(lesson.id, lesson.variant) for lesson in LESSONS]
    assert all(isinstance(e["title"], str) and e["title"] for e in listed)


def test_a_lesson_s_solution_through_the_real_window_and_a_bad_id(tmp_path):
    lesson = LESSONS[-1]
    out = _game("--lesson", lesson.id, "--autoplay", "--fast", home=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"ok": True, "lesson": lesson.id,
                                                               "steps": len(lesson.learner_steps), "passed": True}
    bad = _game("--lesson", "no-such-lesson", "--autoplay", "--fast", home=tmp_path)
    assert bad.returncode == 2 and "no lesson 'no-such-lesson'" in bad.stderr
