"""The 听 hints at the table come from the round's own win evaluation: a discard that leaves a hand ready only for a
self-draw is hinted so, and the waits panel draws each kind of wait."""

from __future__ import annotations

import pygame

from game.engine.tiles import parse_tiles, tile_names
from game.engine.wincheck import Wait
from game.host import Host, SeatConfig
from game.ui.table.scene import TableScene
from game.engine.state import round_from_scenario

DT = 1 / 30


def test_a_small_hand_that_may_not_win_on_a_discard_is_hinted_as_self_draw_only(app):
    seats = [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    table = Host("nanning", {"pinghu_discard": False}, seats, seed=1, rounds=1)
    T = lambda s: parse_tiles(s.split())  # noqa: E731
    mine = T("1m 2m 3m 4m 5m 6m 7m 8m 9m 3p 4p S S E")
    rnd, events = round_from_scenario(
        table.variant, table.options, 4, 0,
        [mine, T("5p 5p 2m 5m 8m 2s 5s 8s E W N C F"), T("3m 6m 9m 3s 6s 9s 9p E S W N F P"),
         T("1m 2m 3m 4p 9p 7s 8s 9s 1s 1s 1s 2s 2s")], T("W S E 9p 2p 3p 8p 8p"), context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table)
    app.push(scene)
    for _ in range(600):
        if not scene.queue and scene.deal_shown is None:
            break
        app.step(DT)
    hints = scene.hands.ready_hints(tile_names(sorted(mine)))
    assert set(hints) == {"E"}  # only throwing E leaves the hand ready
    assert [(w.kind, w.status) for w in hints["E"]] == [(k, "self_draw") for k in T("2p 5p")]
    # the panel draws every kind of wait
    surface = pygame.Surface((app.screen.get_width(), app.screen.get_height()))
    waits = hints["E"] + [Wait(T("9p")[0], 0, False, False, reason="barred"),
                          Wait(T("8p")[0], 3, True, True, discard_fan=2, self_draw_fan=4)]
    scene.hands.draw_waits(surface, waits, 10)


def test_the_turn_prompt_stands_clear_of_a_wide_waits_panel(app):
    """Pointing at the tile whose discard leaves nine waits opens a panel wide enough to reach the middle of the hand,
    where 请出牌 stands: the words move beside the panel or above it, never under it — at two window sizes."""
    seats = [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    T = lambda s: parse_tiles(s.split())  # noqa: E731
    mine = T("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m E")  # 九莲宝灯 once E goes: every Character wins
    hands = [mine, T("1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s"), T("1p 2p 3p 4p 5p 6p 7p 8p 9p 5s 6s 7s 8s"),
             T("1s 2s 3s 4s 5s 6s 7s 8s 9s S W N C")]
    for size in ((1280, 720), (960, 540)):
        app.screen = pygame.display.set_mode(size)
        app.settings.window_size = size
        table = Host("nanning", {}, seats, seed=1, rounds=1)
        rnd, events = round_from_scenario(table.variant, table.options, 4, 0, [list(h) for h in hands],
                                          T("9s 9s 2m P F 5p 5p 6p"), context=table.session.context())
        table.load_round(rnd, events)
        scene = TableScene(app, table)
        app.push(scene)
        for _ in range(600):
            if not scene.queue and scene.deal_shown is None:
                break
            app.step(DT)
        tiles = tile_names(sorted(mine))
        assert len(scene.hands.ready_hints(tiles)["E"]) == 9
        scene.selected = tiles.index("E")
        app.step(DT)
        app.draw()
        boxes = app.drawn.boxes
        panel = scene.waits_panel
        prompt = [b.rect for b in boxes if b.kind == "text" and b.label == app.t("Your turn: throw a tile")]
        assert panel is not None and prompt, size
        assert not prompt[-1].colliderect(panel), (size, prompt[-1], panel)
        assert app.screen.get_rect().contains(prompt[-1]), size
        key, hand = scene.hint_key_rect, scene.hands.hand_rects()
        assert key is not None and not key.colliderect(panel) and key.right <= hand[-1].right, (size, key, panel)
        lifted_tag = [b.rect for b in boxes if b.kind == "text" and b.label == app.t("听")]
        assert lifted_tag and not any(t.colliderect(panel) for t in lifted_tag), size  # the 听 over the chosen E too
        app.pop()
