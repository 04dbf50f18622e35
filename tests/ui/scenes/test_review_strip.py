"""复盘 through the real UI: a round played to its settlement, the settlement's Review button, the review made in the
background while the replay shows its progress, then stepping from mark to mark with the keys — the table at each
decision's moment, the expert's discard lifted in the seat's hand — in every language and at several sizes; and the
replay list's Review button."""

from __future__ import annotations

import pygame
import pytest

from game import replays
from game.host import Host, SeatConfig
from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.replay import ReplayListScene, ReplayScene
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from tests.ui.test_play import click, key, until

DT = 1 / 30


def played_to_settlement(app: App, variant: str, seed: int) -> TableScene:
    """A human seat (played for him, as 托管 would) among an easy, a hard and a normal seat, to the settlement."""
    seats = [SeatConfig("You", human=True), SeatConfig("B", level="easy"), SeatConfig("C", level="hard"),
             SeatConfig("D", level="normal")]
    table = Host(variant, {}, seats, seed=seed, rounds=2)
    table.set_autoplay(0, True)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    until(app, lambda: isinstance(app.scene, SettlementScene), limit=6000)
    return scene


@pytest.mark.parametrize("sized_app", [((1280, 720), "zh_CN"), ((960, 540), "en"), ((1920, 1080), "zh_TW")],
                         indirect=True)
def test_the_settlement_opens_the_review_and_the_keys_step_from_mark_to_mark(sized_app):
    app = sized_app
    played_to_settlement(app, "nanning", 5)
    settlement = app.scene
    app.step(DT)
    review = settlement.clicks.find(app.t("Review"))
    assert review is not None
    click(app, review.rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.review.shown and scene.viewer == 0
    until(app, lambda: scene.review.job.finished)
    assert scene.review.job.error is None
    r = scene.review.review
    assert r.seat == 0 and r.decisions
    app.step(DT)
    words = [d.label for d in app.drawn.boxes if d.kind == "text"]
    summary = app.t("{a}% as the expert would; {l} points a round given up").format(
        a=round(100 * r.agreement), l=f"{r.loss_per_round:.2f}")
    assert summary in words
    marks = scene.review.marks()
    assert marks == [d for d in r.decisions if not d.agrees and d.kind != "setup"]
    for n, d in enumerate(marks):
        key(app, pygame.K_DOWN)
        assert scene.review.current() is d and scene.index == max(1, d.event)
        if d.best["type"] == "discard":
            assert scene.my_tiles()[scene.selected] == d.best["tile"]  # the expert's tile, lifted
        drawn = [x.label for x in app.drawn.boxes if x.kind == "text"]
        assert any(app.t("Move {i}").format(i=d.index + 1) in w for w in drawn)
        assert f"{n + 1}/{len(marks)}" in drawn
    if marks:
        key(app, pygame.K_UP)
        assert scene.review.current() is marks[max(0, len(marks) - 2)]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SettlementScene)


def test_the_replay_list_reviews_a_kept_round_and_keeps_the_review(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed=3.0), save=False)
    table = Host("guiliu", {}, [SeatConfig("You", human=True), SeatConfig("B", level="easy"),
                                SeatConfig("C", level="hard"), SeatConfig("D")], seed=3, rounds=1)
    table.set_autoplay(0, True)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    path = replays.write(table.round_replay())
    app.push(ReplayListScene(app))
    app.step(DT)
    button = app.scene.clicks.find(app.t("Review"))
    click(app, button.rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.viewer == 0
    until(app, lambda: scene.review.job.finished)
    from game import review

    kept = review.kept(replays.read(path), 0)
    assert kept is not None and kept.dump() == scene.review.review.dump()
    # another seat: its own review
    seat_button = scene.clicks.find(app.t("Seat: {name}").format(name="You"))
    click(app, seat_button.rect.center)
    assert scene.viewer == 1 and scene.review.job.seat == 1
    until(app, lambda: scene.review.job.finished)
    assert scene.review.review.seat == 1
    pygame.quit()
