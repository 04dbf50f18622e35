"""Every lesson played as a player plays it: Title → Lessons → the lesson's card → Start, one wrong move (refused,
explained, shown), then the lesson's solution by clicks on the real controls (the tile in the hand, the call
button, the choice before the deal), the settlement's Continue, the lesson's last words, back to the list with the
lesson ticked. Each lesson in one of the three languages and at one of the layout test's sizes."""

from __future__ import annotations

import pygame
import pytest

from game.engine.tiles import tile_name
from game.host import SetupAction
from game.lessons import Progress, all_lessons
from game.ui.scenes.lesson import LessonDoneScene, LessonListScene, LessonScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settlement import SettlementScene
from game.ui.scenes.title import TitleScene
from game.ui.table.commands import KONG_KINDS

from tests.ui.test_play import click, frames, key, until

LESSONS = all_lessons()
SIZES = ((1280, 720), (960, 540), (1920, 1080), (2560, 1440))
LANGS = ("zh_CN", "en", "zh_TW")
CASES = [(lesson, SIZES[i % len(SIZES)], LANGS[i % len(LANGS)]) for i, lesson in enumerate(LESSONS)]


def a_wrong_move(scene: LessonScene, want):
    """Another move the player could make with a click: another tile, the other call, another value."""
    prompt = scene.open_prompt()
    others = [a for a in prompt.actions if a != want]
    if isinstance(want, SetupAction):
        return others[0]
    if want.type == "discard" or (want.type == "win" and not prompt.claim) or want.type in KONG_KINDS[1:]:
        tiles = [a for a in others if a.type == "discard" and tile_name(a.tile) in scene.my_tiles()]
        if tiles:
            return tiles[0]
    return next(a for a in others if a.type in ("pass", "pong", "chow", "kong", "win"))


def wait_for_move(app, scene: LessonScene):
    """Frames until the player may move (or the round is over)."""
    until(app, lambda: app.scene is not scene or scene.expected() is not None
          or (scene.table.round is not None and scene.table.round.finished))
    frames(app, 1)  # the controls of this moment drawn
    return scene.expected() if app.scene is scene else None


@pytest.mark.parametrize("sized_app", [(size, lang) for _, size, lang in CASES], indirect=True,
                         ids=[f"{lesson.id}-{size[0]}x{size[1]}-{lang}" for lesson, size, lang in CASES])
def test_a_lesson_from_the_title_with_one_wrong_move_then_its_solution(sized_app, request):
    app = sized_app
    lesson = next(lesson for lesson, size, lang in CASES if request.node.callspec.id.startswith(f"{lesson.id}-"))
    app.push(TitleScene(app))
    frames(app, 2)
    click(app, app.scene.clicks.find(app.t("Lessons")).rect.center)
    listing = app.scene
    assert isinstance(listing, LessonListScene)
    frames(app, 1)
    card = next(r for r, shown in listing.cards if shown.id == lesson.id)
    click(app, card.center)
    scene = app.scene
    assert isinstance(scene, LessonScene) and scene.intro_open and scene.lesson.id == lesson.id
    click(app, scene.clicks.find(app.t("Start")).rect.center)
    assert not scene.intro_open

    # one wrong move at the first step: refused, nothing changes, the coach explains and shows the right move
    want = wait_for_move(app, scene)
    wrong = a_wrong_move(scene, want)
    before = (len(scene.table.events), scene.open_prompt().id)
    click(app, scene.control_for(wrong).center)
    frames(app, 1)
    assert scene.table.mistakes == 1 and scene.table.wrong is not None
    assert (len(scene.table.events), scene.open_prompt().id) == before
    step = scene.table.wrong[0]
    assert scene.coach_drawn["wrong"] and scene.coach_drawn["words"] == app.t(step.wrong)
    assert scene.coach_drawn["words"] != step.wrong or app.settings.language == "en"  # in the player's language
    if not isinstance(want, SetupAction) and want.type == "discard":
        assert scene.my_tiles()[scene.selected] == tile_name(want.tile)  # the right tile lifted

    # the solution, by clicks
    for _ in range(60):
        want = wait_for_move(app, scene)
        if want is None:
            break
        if scene.table.wrong is None:  # (after the wrong move its explanation stays until the next try)
            words = app.t(scene.table.expected_step(scene.viewer).say)
            assert scene.coach_drawn["words"].endswith(words) and not scene.coach_drawn["wrong"]
        done = scene.table.steps_done
        click(app, scene.control_for(want).center)
        if scene.choice:  # several chows or kongs: the chooser
            frames(app, 1)
            click(app, scene.control_for(want).center)
        assert scene.table.steps_done == done + 1, f"{want} was not taken"
    until(app, lambda: isinstance(app.scene, SettlementScene))
    frames(app, 1)
    click(app, app.scene.clicks.find(app.t("Finish the lesson")).rect.center)
    done_scene = app.scene
    assert isinstance(done_scene, LessonDoneScene) and done_scene.passed and done_scene.mistakes == 1
    assert Progress().passed(app.settings.profile_id(0), lesson.id)
    frames(app, 1)
    click(app, done_scene.clicks.find(app.t("All lessons")).rect.center)
    assert app.scene is listing  # back where the lesson was opened from, the lesson ticked
    assert listing.progress.passed(app.settings.profile_id(0), lesson.id)


@pytest.mark.parametrize("sized_app", [((1280, 720), "zh_CN")], indirect=True)
def test_show_me_the_hint_key_and_the_way_out(sized_app):
    app = sized_app
    lesson = next(lesson for lesson in LESSONS if lesson.steps[lesson.learner_steps[0]].move["type"] == "discard")
    app.push(LessonListScene(app))
    app.push(LessonScene(app, lesson))
    scene = app.scene
    scene.start()
    want = wait_for_move(app, scene)
    click(app, scene.clicks.find(app.t("Show me")).rect.center)
    assert scene.my_tiles()[scene.selected] == tile_name(want.tile)
    scene.selected = None
    from game.ui.table.commands import ShowHint

    scene.run(ShowHint())  # 提示: the lesson's move, not the expert's
    assert scene.my_tiles()[scene.selected] == tile_name(want.tile)
    assert scene.hint is not None and scene.hint[1] == app.t(scene.table.expected_step(scene.viewer).say)
    # Start over: the same lesson from its beginning; Lessons: back to the list
    click(app, scene.clicks.find(app.t("Start over")).rect.center)
    again = app.scene
    assert isinstance(again, LessonScene) and again is not scene and again.intro_open
    again.start()
    frames(app, 2)
    click(app, again.clicks.find(app.t("All lessons")).rect.center)
    assert isinstance(app.scene, LessonListScene) and len(app.scenes) == 1
    # Esc at the table: the pause menu, whose way out leads back to the list too
    app.push(LessonScene(app, lesson))
    app.scene.start()
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    frames(app, 1)
    click(app, app.scene.clicks.find(app.t("Leave the lesson")).rect.center)
    assert isinstance(app.scene, LessonListScene) and len(app.scenes) == 1


@pytest.mark.parametrize("sized_app", [((960, 540), "en")], indirect=True)
def test_each_player_profile_has_its_own_progress(sized_app):
    app = sized_app
    first = app.settings.profile_id(0)
    second = app.settings.profile_id(1)
    app.settings.name_profile(first, "Ah Keung")
    app.settings.name_profile(second, "Siu Mui")
    Progress().record(first, LESSONS[0].id, passed=True, mistakes=0)
    app.push(LessonListScene(app))
    frames(app, 2)
    listing = app.scene
    assert listing.clicks.find(app.t("Player: {name}").format(name="Ah Keung")) is not None
    assert listing.progress.passed(first, LESSONS[0].id) and not listing.progress.passed(second, LESSONS[0].id)
    click(app, listing.clicks.find(app.t("Player: {name}").format(name="Ah Keung")).rect.center)
    frames(app, 1)
    assert listing.clicks.find(app.t("Player: {name}").format(name="Siu Mui")) is not None
    from game.ui.scenes.lesson import profile

    assert profile(app) == second  # a lesson taken now counts for her
