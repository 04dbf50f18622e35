"""Continue from the title: the player is back at the current decision at once (no dice, deal, discard flights or
voices of events already played), a round-over save opens that round's settlement and goes on to the next round
with the totals kept, and quitting to the title through the pause menu then Continue gives back the same game."""

from __future__ import annotations

import pygame
import pytest

from game import saves
from game.host import Host, SeatConfig
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.test_play import DT, click, key


def _to_my_discard(table: Host, actions: int) -> Host:
    """Bots play `actions` actions for every seat, then the human's claims are answered as his stand-in would,
    until it is his turn to discard."""
    table.autoplay.add(0)
    table.start_round()
    for _ in range(actions):
        table.step_bot()
    table.autoplay.discard(0)
    while True:
        prompt = table.prompts.get(0)
        if prompt is not None and any(a.type == "discard" for a in prompt.actions):
            return table
        if prompt is not None:
            table.answer(0, table.stand_ins[0].choose(prompt))
        else:
            table.step_bot()
        assert not table.round.finished


def _continue(app) -> TableScene:
    app.push(TitleScene(app))
    app.step(DT)
    title = app.scene
    assert title.saved is not None
    click(app, title.clicks.hits[0].rect.center)  # "Continue" is the first entry
    return app.scene


@pytest.mark.parametrize("actions", [0, 30])
def test_continue_puts_the_player_at_his_decision_at_once(app, actions):
    """0: saved right after the deal (the dealer's first discard); 30: mid-round. Before this, the first replayed
    the dice and the deal (5.5 s at animation speed 1) before the hand could be played."""
    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(1, 4)]
    table = _to_my_discard(Host("nanning", {}, seats, seed=12, rounds=4), actions)
    assert len(table.current_actions) >= actions
    saves.save(table)
    said = []
    app.audio.on_event = lambda e, *a, **k: said.append(e.get("type"))  # every event presented with its sound
    scene = _continue(app)
    assert isinstance(scene, TableScene)
    assert scene.deal_shown is None and scene.dice_anim < 0 and scene.wait <= 0 and not scene.effects.children
    assert not scene.queue and said == []  # every event is on the table already, none voiced again
    assert any(a.type == "discard" for a in scene.my_actions())  # answerable on the first frame
    assert sorted(scene.my_tiles()) == sorted(t for t in scene.model.seats[0].hand + [scene.model.seats[0].drawn]
                                               if t)
    before = len(scene.table.current_actions)
    click(app, scene.hands.hand_rects()[0].center)  # one frame: the discard is taken
    assert len(scene.table.current_actions) == before + 1
    assert scene.table.current_actions[-1]["type"] == "discard" and scene.table.current_actions[-1]["seat"] == 0


def test_a_round_over_save_opens_its_settlement_then_the_next_round_with_the_totals(app):
    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(1, 4)]
    table = Host("nanning", {}, seats, seed=9, rounds=4)
    table.start_round()
    table.set_autoplay(0, True)
    table.run_bots()
    table.set_autoplay(0, False)
    assert table.phase == "over"
    deltas, hands = table.round.deltas(), [list(s.concealed_list()) for s in table.round.seats]
    saves.save(table)  # the window closed on the round-over screen
    settlement = _continue(app)
    assert isinstance(settlement, SettlementScene)
    scene = settlement.ts
    assert isinstance(scene, TableScene) and app.scenes == [scene, settlement]
    assert scene.model.finished and scene.model.end["deltas"] == deltas  # that round, not a new deal
    assert scene.table.rounds_played == 0 and scene.table.phase == "over"
    key(app, pygame.K_RETURN)  # "Next round"
    assert app.scene is scene and scene.table.rounds_played == 1 and scene.table.phase == "play"
    assert scene.table.totals() == deltas and scene.table.history[0].deltas == deltas
    assert [list(s.concealed_list()) for s in scene.table.round.seats] != hands  # a new deal
    on_disk, problem = saves.load()
    assert problem is None and on_disk.rounds_played == 1 and on_disk.totals() == deltas


def test_quit_to_title_then_continue_restores_the_same_game(app):
    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(1, 4)]
    table = _to_my_discard(Host("nanning", {}, seats, seed=13, rounds=4), 20)
    scene = TableScene(app, table)
    app.push(scene)
    app.step(DT)
    click(app, scene.hands.hand_rects()[-1].center)  # play on a little from here
    for _ in range(3000):
        if any(a.type == "discard" for a in scene.my_actions()):
            break
        if any(a.type == "pass" for a in scene.my_actions()):
            key(app, pygame.K_SPACE)
        app.step(DT)
    picture = [(list(s.hand), list(s.discards), s.drawn) for s in scene.model.seats]
    state = (list(table.current_actions), table.totals(), {s: p.actions for s, p in table.prompts.items()})
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    key(app, pygame.K_UP)  # to the last entry: Quit to title
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TitleScene) and len(app.scenes) == 1
    click(app, app.scene.clicks.hits[0].rect.center)  # Continue
    again = app.scene
    assert isinstance(again, TableScene) and again is not scene
    restored = again.table
    assert (restored.current_actions, restored.totals(),
            {s: p.actions for s, p in restored.prompts.items()}) == state
    assert [(list(s.hand), list(s.discards), s.drawn) for s in again.model.seats] == picture
    assert again.my_actions() == scene.my_actions()
