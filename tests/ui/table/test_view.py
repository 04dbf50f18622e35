"""The table view's own surface (game/ui/table/): its controls register typed commands that clicks, keys and tests
run alike; the kinds of table say what differs between a local game and a LAN seat; the package keeps its modules
small enough to read."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame

from game.host import Host, SeatConfig
from game.ui.table.commands import (
    Call,
    Hits,
    SetDialect,
    ShowHint,
    ToggleAutoplay,
    ToggleCounter,
    ToggleSpeaker,
    ToggleWaits,
)
from game.ui.table.kinds import LanTable, LocalTable, kind_of
from game.ui.table.scene import TableScene
from tests.ui.test_play import click, frames, key, until

TABLE = Path(__file__).resolve().parents[3] / "game" / "ui" / "table"


def table_at_my_turn(app) -> TableScene:
    seats = [SeatConfig("Me", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    scene = TableScene(app, Host("nanning", {}, seats, seed=4, rounds=1), autosave=False)
    app.push(scene)
    until(app, lambda: any(a.type == "discard" for a in scene.my_actions()), 6000)
    frames(app, 1)
    return scene


def test_every_drawn_control_has_a_command_and_a_click_runs_it(app):
    scene = table_at_my_turn(app)
    drawn = scene.hits.commands()
    for expected in (ShowHint(), ToggleAutoplay(), ToggleCounter(), ToggleSpeaker()):
        assert expected in drawn, f"{expected} was not drawn at the player's turn"
    assert not any(isinstance(c, Call) for c in drawn)  # nobody discarded yet: nothing to claim
    assert scene.show_counter is False
    click(app, scene.hits.find(ToggleCounter()).center)
    assert scene.show_counter is True and scene.counter_rect is not None
    key(app, pygame.K_t)  # the key runs the same command
    assert scene.show_counter is False


def test_a_command_run_by_the_scene_is_what_its_control_does(app):
    scene = table_at_my_turn(app)
    scene.run(ToggleSpeaker())
    frames(app, 1)
    baise = scene.hits.find(SetDialect("baise"))
    assert baise is not None, "the speaker's menu was not drawn"
    scene.run(SetDialect("baise"))
    assert app.settings.dialect == "baise"
    scene.run(ToggleAutoplay())
    assert scene.viewer in scene.table.autoplay and scene.my_actions() == []  # the AI plays for him now
    scene.run(ToggleAutoplay())
    assert scene.viewer not in scene.table.autoplay


def test_hits_give_a_click_to_the_first_control_drawn_under_it():
    hits = Hits()
    hits.add(pygame.Rect(0, 0, 10, 10), ToggleWaits())
    hits.add(pygame.Rect(5, 5, 10, 10), ToggleCounter())
    assert hits.at((7, 7)) == ToggleWaits()
    assert hits.at((12, 12)) == ToggleCounter()
    assert hits.at((7, 7), ToggleCounter) == ToggleCounter()  # only a control of this kind answers
    assert hits.at((50, 50)) is None
    assert hits.find(ToggleCounter()) == pygame.Rect(5, 5, 10, 10) and hits.find(ShowHint()) is None


def test_the_kinds_of_table_say_who_plays_a_seat():
    seats = [SeatConfig("Me", human=True), SeatConfig("B", human=True), SeatConfig("C")]
    local = kind_of(SimpleNamespace(seats=seats, autoplay={1}))
    assert isinstance(local, LocalTable) and local.saves_here and local.humans() == [0, 1]
    assert local.status_words(1) == ["Autoplay"] and local.status_words(2) == [] and local.verdict() == "none"
    lan = kind_of(SimpleNamespace(remote=True, seat=1, seats=seats, autoplay=set(), server=None,
                                  taken=[True, True, False], connected=[False, True, True],
                                  verification=lambda: True))
    assert isinstance(lan, LanTable) and not lan.saves_here and lan.humans() == [1]
    assert lan.status_words(0) == ["Offline", "Autoplay"]  # dropped: the host's AI plays him
    assert lan.status_words(2) == ["Open seat: the AI plays"]
    assert lan.quit_words() == "Leave the table" and lan.verdict() is True


def test_the_table_package_keeps_its_modules_small():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in TABLE.glob("*.py")}
    assert sizes["scene.py"] <= 400, sizes
    assert max(sizes.values()) <= 600, sizes


def test_the_view_reads_its_seat_from_the_source_and_attaches_nothing(app):
    """The view pulls its seat's events and prompt (TableSource.events_since, open_prompt); the host pushes nothing
    to it: its human seat has no link and nobody observes."""
    scene = table_at_my_turn(app)
    host = scene.table
    assert host.links[0] is None and host.observers == []
    assert scene.feed().events == host.events_since(0, -1)
    assert scene.feed().open_prompt is host.open_prompt(0) and scene.my_actions()


def test_the_hand_over_names_the_seat_by_its_wind_and_shows_its_face(app):
    """Two players of one name cannot mix up whose hand the hand-over opens: it says the seat's wind and shows the
    player's face (issue #26: "请把屏幕交给 西家 Alice")."""
    app.set_language("en")
    seats = [SeatConfig("Alice", human=True, avatar=3), SeatConfig("B"), SeatConfig("Alice", human=True, avatar=5),
             SeatConfig("D")]
    table = Host("guangdong", {}, seats, seed=2, rounds=1)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    winds = []
    for _ in range(4000):
        app.step(1 / 30)
        seat = scene.hotseat.handover_to
        if seat is not None:
            words = {b.label for b in app.drawn.boxes if b.kind == "text"}
            wind = {"E": "East seat", "S": "South seat", "W": "West seat", "N": "North seat"}[
                scene.model.seat_wind(seat)]
            assert f"Pass the screen to {wind} Alice" in words and f"I am {wind} Alice: show my hand" in words
            assert any(b.kind == "panel" and b.rect.size == (96, 96) for b in app.drawn.boxes)  # the face
            winds.append((seat, wind))
            if len({s for s, _ in winds}) == 2:
                break
            key(app, pygame.K_RETURN)
        elif scene.handover.nothing_to_claim_shown() or any(a.type == "pass" for a in scene.my_actions()):
            key(app, pygame.K_SPACE)
        elif any(a.type == "discard" for a in scene.my_actions()):
            click(app, scene.hands.hand_rects()[-1].center)
    assert {s for s, _ in winds} == {0, 2}
    assert len({w for _, w in winds}) == 2  # the same name, told apart by the seat's wind


def test_the_corner_menus_close_on_an_outside_click_or_esc_and_never_open_behind_each_other(app):
    """Issue #27: the speaker panel did not close on an outside click, and 快捷语 opened behind it."""
    from game.ui.scenes.pause import PauseScene
    from game.ui.table.commands import TogglePhrases

    scene = table_at_my_turn(app)
    scene.run(ToggleSpeaker())
    frames(app, 1)
    assert scene.speaker_menu
    scene.run(TogglePhrases())
    frames(app, 1)
    assert scene.phrase_menu and not scene.speaker_menu  # one at a time
    scene.run(ToggleSpeaker())
    frames(app, 1)
    assert scene.speaker_menu and not scene.phrase_menu
    hand_before = list(scene.my_tiles())
    click(app, (app.screen.get_width() // 2, app.screen.get_height() // 3))  # the middle of the table
    assert not scene.speaker_menu and scene.my_tiles() == hand_before  # closed, and nothing else done
    scene.run(TogglePhrases())
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert not scene.phrase_menu and app.scene is scene  # Esc closes the menu first
    scene.run(TogglePhrases())
    frames(app, 1)
    scene.pause()
    frames(app, 1)
    assert isinstance(app.scene, PauseScene) and not scene.phrase_menu  # never drawn over the pause menu


def test_the_quick_phrase_list_is_drawn_over_the_table_and_takes_its_own_clicks(app):
    """Issue #27: the quick-phrase list opened under the turn's prompt and the bubbles; a click on a phrase that lies
    over another control must say the phrase, not press what is under it."""
    from game.ui.table.commands import MenuCommand, SayPhrase, TogglePhrases

    scene = table_at_my_turn(app)
    scene.run(TogglePhrases())
    frames(app, 1)
    box = scene.controls.menu_box
    assert scene.phrase_menu and box is not None
    mine = [b for b in app.drawn.boxes if b.scene is scene]
    menu_at = max(i for i, b in enumerate(mine) if b.kind == "panel" and pygame.Rect(b.rect) == box)
    # nothing of the table is drawn after the list but its own phrases
    assert all(pygame.Rect(b.rect).colliderect(box) is False or box.contains(pygame.Rect(b.rect))
               for b in mine[menu_at + 1:])
    phrases = [(r, c) for r, c in scene.hits.areas if isinstance(c, SayPhrase)]
    assert phrases and all(isinstance(c, MenuCommand) for _, c in phrases)
    said = []
    scene.controls.say = said.append  # what the click says
    click(app, phrases[0][0].center)
    assert said == [phrases[0][1].phrase_id]


def test_the_chow_chooser_stands_clear_of_ones_discards_and_the_buttons_with_readable_numbers(app):
    """Issue #27: the chow chooser covered the player's own discards and its "1"/"2" were tiny."""
    from game.engine.state import Action, round_from_scenario
    from game.engine.tiles import parse_tile, parse_tiles
    from game.ui.table.commands import Choose
    from game.variants import get_variant

    variant = get_variant("guangdong")
    table = Host("guangdong", {}, [SeatConfig("Me", human=True) if i == 1 else SeatConfig(f"AI{i}")
                                   for i in range(4)], seed=1, rounds=1)
    table.autoplay.clear()
    hands = ["5m 5m 1p 9p 1s 9s E S W N C F P P", "3m 4m 6m 7m 2p 3p 4p 6s 7s 8s E E 9m",
             "1m 2m 8m 9m 5p 6p 7p 2s 3s 4s S S W", "1m 2m 8m 9m 5p 6p 7p 2s 3s 4s N N W"]
    wall = parse_tiles("1m 2p 3p 4p 5s 6s 7s 8s 9s 1p 5m 8p 8p 9p 9p 1s 1s 2s".split())
    rnd, events = round_from_scenario(variant, variant.parse_options({}, 4), 4, 0,
                                      [parse_tiles(h.split()) for h in hands], wall, context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    frames(app, 60)
    table.answer(0, Action(0, "discard", parse_tile("5m")))
    until(app, lambda: any(a.type == "chow" for a in scene.my_actions()), 600)
    key(app, pygame.K_c)
    frames(app, 1)
    boxes = [r for r, c in scene.hits.areas if isinstance(c, Choose)]
    assert len(boxes) == 3
    buttons = [r for r, c in scene.hits.areas if isinstance(c, Call)]
    mine = scene.discard_areas.get(scene.viewer)
    for r in boxes:
        assert not any(r.colliderect(b) for b in buttons) and not (mine and r.colliderect(mine))
        assert all(not r.colliderect(t) for t in scene.hands.hand_rects())
    numbers = [b for b in app.drawn.boxes if b.kind == "text" and b.label in ("1", "2", "3")]
    assert len(numbers) == 3 and min(b.size for b in numbers) >= scene.layout.fs(14)
    assert scene.hint_key_rect is None  # the hint key gives the chooser its room while it is open
    key(app, pygame.K_2)
    assert table.round.seats[1].melds and sorted(table.round.seats[1].melds[0].tiles) == parse_tiles("4m 5m 6m".split())


def test_the_last_discards_arrow_never_lies_over_another_discard(app):
    """Issue #27: the last-discard marker covered the tile above it in the left column. Watched through a whole
    four-seat round and a three-seat one: the arrow points in from its thrower's side, clear of every other tile."""
    checked = 0
    for vid, players in (("guangdong", 4), ("hainan", 3)):
        seats = [SeatConfig(f"P{i}") for i in range(players)]
        scene = TableScene(app, Host(vid, {}, seats, seed=5, rounds=1), autosave=False)
        app.push(scene)
        for _ in range(6000):
            frames(app, 1)
            mark, last = scene.board.last_mark, scene.last_discard_rect
            if mark is None or last is None or scene.model.finished:
                if scene.model.finished:
                    break
                continue
            others = [r for rects in scene.board.discard_tiles.values() for r in rects if r != last]
            assert not any(mark.colliderect(r) for r in others), (vid, scene.side_of(scene.model.last_discard[0]))
            checked += 1
        app.pop()
    assert checked > 100
