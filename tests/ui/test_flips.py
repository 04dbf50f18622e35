"""Tiles turned after a win (醒, horses) as pictures: large on the table once the wins are announced and in the
settlement, lit (full brightness, gold rim) where the flip's `counts` say they scored for that winner and dimmed
where not; and the payments made during play (追牌, 跟庄 …) as a banner with the rule set's label and the amounts.
What was drawn is checked through what the scenes record (`flip_view`, `flip_drawn`, `banner_view`), not pixels."""

from __future__ import annotations

import pygame
import pytest

from game.engine.state import round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.host import Host, SeatConfig
from game.ui.app import App
from game.ui.art.tile_faces import LIT
from game.ui.model import flip_rows
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from tests.ui.test_seat_marks import NAMES, SCRIPT, caught_up, play_step, scripted_table, until

DT = 1 / 30
TURNED = ["7s", "4p", "1s"]  # the scripted round's 醒: 3, 3, then nothing


def play_through(app: App, scene: TableScene, table: Host, watch=None) -> None:
    for step in SCRIPT:
        play_step(app, scene, table, step)
        for _ in range(400):
            if watch is not None:
                watch()
            if caught_up(scene):
                break
            app.step(DT)
    until(app, lambda: isinstance(app.scene, SettlementScene))


SIZES = [((1280, 720), "zh_CN"), ((1920, 1080), "en"), ((960, 540), "zh_TW")]


@pytest.mark.parametrize("sized_app", SIZES, indirect=True)
def test_the_table_turns_the_tiles_after_the_win_lit_where_they_scored(sized_app):
    app = sized_app
    scene, table = scripted_table(app)
    seen = {}

    def watch():
        if scene.flip_view is not None and "flip" not in seen:
            seen["flip"] = scene.flip_view
            seen["wins_shown"] = list(scene.model.wins)  # what the table had announced when the tiles turned

    play_through(app, scene, table, watch)
    flip = next(e for e in scene.model.flips)
    assert flip["counts"] == {"1": [3, 3, 0]} and flip["hits"] == {"1": 6}
    view = seen["flip"]
    assert [w["actor"] for w in seen["wins_shown"]] == [1]  # the win first, then its 醒
    assert view["kind"] == "xing" and view["label"] == app.t(table.variant.flip_kind("xing").label)
    [row] = view["rows"]
    assert (row["seat"], row["tiles"], row["lit"], row["total"]) == (1, TURNED, [True, True, False], 6)
    rects = row["rects"]
    screen = pygame.Rect((0, 0), app.screen.get_size())
    assert all(screen.contains(r) for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))  # in order, apart
    assert rects[0].width >= scene.layout.tw  # large: hand-sized at least
    assert app.t("{name}: {count} counted").format(name=NAMES[1], count=6) == scene.flip_caption(flip_rows(flip)[0])


@pytest.mark.parametrize("sized_app", SIZES, indirect=True)
def test_the_settlement_draws_each_winners_turned_tiles_in_his_row(sized_app):
    app = sized_app
    scene, table = scripted_table(app)
    play_through(app, scene, table)
    settlement = app.scene
    app.step(DT)
    [drawn] = settlement.flip_drawn
    assert (drawn["kind"], drawn["seat"], drawn["tiles"], drawn["lit"], drawn["total"]) == (
        "xing", 1, TURNED, [True, True, False], 6)
    w, h = app.screen.get_size()
    box = pygame.Rect(round(w * 0.05), round(h * 0.05), round(w * 0.9), round(h * 0.9))
    assert all(box.contains(r) for r in drawn["rects"]), (drawn["rects"], box)
    assert all(a.right < b.left for a, b in zip(drawn["rects"], drawn["rects"][1:]))
    assert drawn["where"] == "row"  # beside the winner's own tiles, at every size
    # the text lines still name the flip, with the winner and his count, in the player's language
    lines = settlement.words.settlement_lines()
    assert len(lines) == len(scene.model.scores) + len(scene.model.flips)
    assert app.t("{name}: {count} counted").format(name=NAMES[1], count=6) in lines[-1]
    assert all(t in lines[-1] for t in TURNED)


def test_turned_tiles_are_drawn_lit_or_dimmed(pg, app):
    tiles = app.tiles
    k, width = parse_tile("5p"), 48
    face = tiles.face(k, width)
    assert tiles.scored(k, width, None) is face  # nothing known: plain
    lit, dim = tiles.scored(k, width, True), tiles.scored(k, width, False)
    assert lit.get_size() == dim.get_size() == face.get_size()
    assert tuple(lit.get_at((width // 2, 1)))[:3] == LIT  # the gold rim along the face's top edge

    def brightness(s):
        return sum(sum(tuple(s.get_at((x, y)))[:3]) for x in range(0, s.get_width(), 3)
                   for y in range(0, s.get_height(), 3) if s.get_at((x, y)).a > 200)

    assert brightness(dim) < 0.6 * brightness(face)
    strip, rects = tiles.flip_strip([k, parse_tile("9s")], [3, 0], width)
    assert len(rects) == 2 and strip.get_height() > rects[0].height  # a count above one is written under its tile
    plain, _ = tiles.flip_strip([k], [1], width)
    assert plain.get_height() == rects[0].height


@pytest.mark.parametrize("sized_app", [((1280, 720), "en")], indirect=True)
def test_horses_are_drawn_from_the_flips_counts(sized_app):
    """Beihai (four horses) played by the AI to a won round: the table and the settlement light exactly the horses the
    engine counted for the winner."""
    app = sized_app
    table = Host("beihai", {"horses": 4}, [SeatConfig(n) for n in NAMES], seed=1, rounds=3)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    for _ in range(60000):
        if isinstance(app.scene, SettlementScene):
            if scene.model.wins:
                break
            app.scene.next()
        app.step(DT)
    else:
        raise AssertionError("no round was won")
    app.step(DT)
    flip = scene.model.flips[0]
    expected = [(int(seat), [n > 0 for n in row]) for seat, row in sorted(flip["counts"].items())]
    assert [(row["seat"], row["lit"]) for row in scene.flip_view["rows"]] == expected
    assert [(d["seat"], d["lit"]) for d in app.scene.flip_drawn] == expected
    assert all(d["tiles"] == flip["tiles"] and len(d["rects"]) == 4 for d in app.scene.flip_drawn)
    assert {str(d["seat"]): d["total"] for d in app.scene.flip_drawn} == flip["hits"]  # horses: 1 a hit


@pytest.mark.parametrize("sized_app", [((1280, 720), "zh_CN"), ((1920, 1080), "en")], indirect=True)
def test_zhui_is_shown_at_once_with_its_label_and_amounts(sized_app):
    app = sized_app
    scene, table = scripted_table(app)
    banners = []

    def watch():
        if scene.banner_view is not None and scene.banner_view not in banners:
            banners.append(scene.banner_view)

    play_through(app, scene, table, watch)
    label = app.t(table.variant.score_reason("zhui").label)
    assert banners == [{"reason": "zhui", "label": label, "amounts": [(0, -6), (1, 2), (2, 2), (3, 2)]}]
    assert label != "Zhui: following the dealer" or app.settings.language == "en"  # translated


@pytest.mark.parametrize("sized_app", [((1280, 720), "zh_CN")], indirect=True)
def test_beihai_follow_the_dealer_gets_the_same_banner(sized_app):
    app = sized_app
    app.settings.claim_timer = 0
    table = Host("beihai", {"ghost": "none", "horses": 0}, [SeatConfig(n) for n in NAMES], seed=1, rounds=1)
    table.autoplay.clear()
    T = lambda s: parse_tiles(s.split())  # noqa: E731
    hands = ["9m 1m 2m 4m 5m 7m 8m 1p 2p 4p 5p 7p 8p 3s", "9m 1m 2m 4m 5m 7m 8m 1p 2p 4p 5p 7p 8p",
             "9m 3m 3m 6m 6m 3p 3p 6p 6p 9p 1s 1s 2s", "9m 1s 2s 4s 4s 5s 5s 7s 7s 8s 8s 9s 9s"]
    rnd, events = round_from_scenario(table.variant, table.options, 4, 0, [T(x) for x in hands],
                                      T("6s 6s 6s 3s 3s 2s 9p 9p"), context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    for seat in range(4):
        play_step(app, scene, table, (seat, "discard", "9m"))
    until(app, lambda: caught_up(scene))
    label = app.t(table.variant.score_reason("follow_dealer").label)
    assert scene.banner_view == {"reason": "follow_dealer", "label": label,
                                 "amounts": [(0, -3), (1, 1), (2, 1), (3, 1)]}
    assert label == "跟庄"


@pytest.mark.parametrize("sized_app", SIZES, indirect=True)
def test_the_table_centre_names_the_round_wind_and_the_ling(sized_app):
    app = sized_app
    for vid, context, expected in (("guangdong", {}, "East round"), ("hainan", {}, "East ling (东令)"),
                                   ("nanning", {}, None)):
        table = Host(vid, {}, [SeatConfig(n, human=False) for n in NAMES], seed=3, rounds=1)  # AI seats choose 嘎
        table.start_round()
        scene = TableScene(app, table, autosave=False)
        app.push(scene)
        until(app, lambda: scene.model.started)
        app.draw()  # the label shares the round line in the centre panel
        texts = scene.board.table_label_texts()
        assert texts == ([] if expected is None else [app.t(expected)])
        app.pop()
