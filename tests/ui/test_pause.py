"""Esc at the table opens the pause menu: it never passes a claim (a win is still offered after Resume), the host's
clock stands still behind it, no input reaches the table, each entry does what it says, and the window closed
while paused keeps the game. Esc in a replay leaves it; on the settlement it changes nothing."""

from __future__ import annotations

import pygame
import pytest

from game import saves
from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.host import Host, SeatConfig
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.test_play import DT, click, frames, key, until


def _win_table(app, claim_timer: int = 0) -> TableScene:
    """Seat 1 (human) waits on 5p; seat 0 (AI, dealer) discards a 5p: seat 1 is offered 胡 or 过."""
    app.settings.claim_timer = claim_timer
    seats = [SeatConfig("AI", human=False), SeatConfig("You", human=True), SeatConfig("AI 2"), SeatConfig("AI 3")]
    table = Host("nanning", {}, seats, seed=1, rounds=1)
    T = lambda s: parse_tiles(s.split())  # noqa: E731
    rnd, events = round_from_scenario(
        table.variant, table.options, 4, 0,
        [T("5p 1m 4m 7m 1s 4s 7s E S W N C F P"), T("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 1s 5p"),
         T("3m 6m 9m 3s 6s 9s 9p E S W N F P"), T("1m 2m 3m 4p 9p 7s 8s 9s 2s 2s 2s 3s 3s")],
        T("W S E 9p 2p 3p 8p 8p"), context=table.session.context())
    table.autoplay.discard(0)  # the test plays the dealer's discard itself
    table.load_round(rnd, events)
    scene = TableScene(app, table)
    app.push(scene)
    table.answer(0, Action(0, "discard", parse_tile("5p")))
    until(app, lambda: any(a.type == "win" for a in scene.my_actions()))
    return scene


def _seeded_win_table(app) -> TableScene:
    """A real game (a seeded one, so it can be saved and resumed) played up to seat 0's (human) first 胡 prompt."""
    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(1, 4)]
    for seed in range(56, 156):  # the first seed whose round offers seat 0 a 胡 on a discard (the AI decides which)
        table = Host("nanning", {}, seats, seed=seed, rounds=1)
        table.start_round()
        while not table.round.finished:
            prompt = table.prompts.get(0)
            if prompt is None:
                table.step_bot()
            elif prompt.claim and any(a.type == "win" for a in prompt.actions):
                break
            else:
                table.answer(0, table.stand_ins[0].choose(prompt))
        if not table.round.finished:
            break
    assert not table.round.finished, "no seed offered seat 0 a win"
    scene = TableScene(app, table)
    app.push(scene)
    app.step(DT)
    assert {"win", "pass"} <= {a.type for a in scene.my_actions()}
    return scene


def _bot_table(app) -> TableScene:
    """A table where the bots are playing (the human is not to act for a while)."""
    seats = [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    table = Host("nanning", {}, seats, seed=21, rounds=2)
    scene = TableScene(app, table)
    app.push(scene)
    return scene


def test_esc_on_a_win_prompt_pauses_and_the_win_is_still_offered_after_resume(app):
    scene = _win_table(app)
    table = scene.table
    prompt = table.prompts[1]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    assert table.prompts.get(1) is prompt  # nothing answered: the claim stays open
    assert not any(e["type"] in ("win", "pass") for e in table.events)
    frames(app, 30)
    key(app, pygame.K_ESCAPE)  # Esc again resumes
    assert app.scene is scene and table.prompts.get(1) is prompt
    assert {"win", "pass"} <= {a.type for a in scene.my_actions()}
    key(app, pygame.K_h)
    assert any(e["type"] == "win" and e["actor"] == 1 for e in table.events)


def test_the_resume_button_resumes_and_keeps_the_prompt(app):
    scene = _win_table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene) and pause.focus == 0  # Resume first: Enter goes back to the game
    click(app, pause.rects[0].center)
    assert app.scene is scene
    assert {"win", "pass"} <= {a.type for a in scene.my_actions()}


def test_the_host_does_not_advance_while_paused(app):
    """Neither the claim timer nor the bots move while the menu is up; no key or click reaches the table."""
    scene = _win_table(app, claim_timer=5)
    table = scene.table
    deadline = table.prompts[1].deadline
    assert deadline is not None
    key(app, pygame.K_ESCAPE)
    clock, events = table.clock, len(table.events)
    frames(app, round(12 / DT))  # 12 s: more than the claim timer
    for k in (pygame.K_h, pygame.K_p, pygame.K_g, pygame.K_c):  # the table's keys do nothing here
        key(app, k)
    hand = scene.hands.hand_rects()[0].center
    click(app, hand)  # nor does a click on the hand under the menu
    assert isinstance(app.scene, PauseScene)
    assert table.clock == clock and len(table.events) == events
    assert 1 in table.prompts and table.prompts[1].deadline == deadline
    key(app, pygame.K_SPACE)  # Space (like Enter) activates the focused entry: Resume
    assert app.scene is scene and any(a.type == "win" for a in scene.my_actions())
    assert table.clock - clock <= 2 * DT * app.settings.animation_speed  # its timer goes on from where it was

    bots = _bot_table(app)
    frames(app, 40)  # the deal is shown, the bots begin
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    clock, events, shown = bots.table.clock, len(bots.table.events), bots.presented
    frames(app, round(10 / DT))
    assert (bots.table.clock, len(bots.table.events), bots.presented) == (clock, events, shown)
    key(app, pygame.K_ESCAPE)
    until(app, lambda: len(bots.table.events) > events or bots.presented > shown)


def test_keyboard_navigation_reaches_settings_and_rules_and_comes_back(app):
    scene = _win_table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    key(app, pygame.K_DOWN)
    assert pause.focus == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    key(app, pygame.K_ESCAPE)  # back from the settings: still paused
    assert app.scene is pause
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, RulesScene) and app.scene.variant_id == scene.table.variant_id
    key(app, pygame.K_ESCAPE)
    assert app.scene is pause
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert pause.focus == 0
    key(app, pygame.K_UP)  # wraps to the last entry
    assert pause.focus == 3
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.scene is scene and any(a.type == "win" for a in scene.my_actions())


def test_a_setting_changed_from_the_pause_menu_applies_at_the_table(app):
    scene = _win_table(app)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    click(app, pause.rects[1].center)  # Settings, by mouse
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    frames(app, 1)
    large = next(h for h in settings.clicks.hits
                 if h.action.__defaults__ and h.action.__defaults__ == ("large",))  # tile size: large
    click(app, large.rect.center)
    assert app.settings.tile_size == "large"
    key(app, pygame.K_ESCAPE)
    assert app.scene is pause and scene.layout.tile_size == "large"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and any(a.type == "win" for a in scene.my_actions())


def test_quit_to_title_writes_the_save_and_the_title_offers_continue(app):
    scene = _seeded_win_table(app)
    path = saves.autosave_path()
    path.unlink(missing_ok=True)  # the quit itself must put the game on disk
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    click(app, pause.rects[3].center)  # Quit to title
    assert path.exists()
    assert len(app.scenes) == 1 and isinstance(app.scene, TitleScene)
    assert app.scene.saved is not None
    assert app.scene.saved.current_actions == scene.table.current_actions


def test_quit_to_title_when_the_save_cannot_be_written_says_so_and_asks_again(app, monkeypatch):
    scene = _win_table(app)

    def broken(table, path=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "save", broken)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    click(app, pause.rects[3].center)
    assert app.scene is pause and pause.message and "No space left" in pause.message
    assert pause.entries()[3][0] == app.t("Quit to title without saving")
    click(app, pause.rects[3].center)  # the player insists
    assert isinstance(app.scene, TitleScene) and scene not in app.scenes


def test_closing_the_window_while_paused_keeps_the_game(app):
    scene = _seeded_win_table(app)
    path = saves.autosave_path()
    path.unlink(missing_ok=True)
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert not app.running
    restored, problem = saves.load()
    assert problem is None and restored.current_actions == scene.table.current_actions
    assert {a.type for a in restored.prompts[0].actions} == {a.type for a in scene.my_actions()} >= {"win", "pass"}


def test_the_pause_menu_over_a_hand_over_shows_no_hand(app):
    seats = [SeatConfig("A", human=True), SeatConfig("B", human=True), SeatConfig("C"), SeatConfig("D")]
    scene = TableScene(app, Host("nanning", {}, seats, seed=2, rounds=1))
    app.push(scene)
    until(app, lambda: scene.hotseat.handover_to is not None)
    first = scene.hotseat.handover_to
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    for _ in range(5):
        app.step(DT)
        assert scene.face_up == set()  # the table under the menu is drawn as it was: the opaque hand-over
    key(app, pygame.K_RETURN)  # Enter activates the menu's Resume, not the hand-over
    assert app.scene is scene and scene.hotseat.handover_to == first and scene.hotseat.owner is None
    key(app, pygame.K_RETURN)
    assert scene.hotseat.owner == first


def test_esc_closes_an_open_chooser_before_it_pauses(app):
    scene = _win_table(app)
    scene.choice = [a for a in scene.my_actions()]  # as when several chows are offered
    key(app, pygame.K_ESCAPE)
    assert scene.choice is None and app.scene is scene
    assert {"win", "pass"} <= {a.type for a in scene.my_actions()}  # nothing was answered
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)


def test_esc_leaves_a_replay_and_changes_nothing_on_the_settlement(app):
    from game import replays
    from game.ui.scenes.replay import ReplayScene

    table = Host("nanning", {}, [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")],
                 seed=6, rounds=2)
    table.autoplay.add(0)
    scene = TableScene(app, table)
    app.push(scene)
    until(app, lambda: isinstance(app.scene, SettlementScene), limit=20000)
    settlement = app.scene
    key(app, pygame.K_ESCAPE)  # the pause menu over the settlement (issue #27); its Esc resumes: nothing changed
    assert isinstance(app.scene, PauseScene) and table.phase == "over" and table.rounds_played == 0
    key(app, pygame.K_ESCAPE)
    assert app.scene is settlement and table.phase == "over" and table.rounds_played == 0
    replay = ReplayScene(app, replays.Replay(table.round_replay().header, table.current_actions))
    app.push(replay)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.scene is settlement


def _turn_table(app, timer: int):
    """A game with the turn timer at `timer` (0: off), up to the player's first turn; his claims pass themselves,
    so only his turns wait for him."""
    app.settings.turn_timer = timer
    seats = [SeatConfig("You", human=True, auto_pass=True)]
    seats += [SeatConfig(f"AI {i}", level="easy") for i in (1, 2, 3)]
    table = Host("nanning", {}, seats, seed=3, rounds=1)
    scene = TableScene(app, table)
    app.push(scene)
    until(app, lambda: any(a.type == "discard" for a in scene.my_actions()))
    return table, scene


def test_the_turn_timer_counts_down_and_the_ai_throws_for_a_player_who_runs_out(app, tmp_path):
    """Settings → 出牌限时: on his turn the player sees his seconds go down; when they are out, his stand-in throws a
    tile for him and the game goes on. Off (the default), nothing hurries him."""
    import os

    table, scene = _turn_table(app, timer=10)
    prompt = table.prompts[0]
    assert prompt.deadline == pytest.approx(prompt.opened + 10)
    frames(app, 10)
    shown = {b.label for b in app.drawn.boxes if b.scene is scene and b.kind == "text"}
    assert shown & {app.t("{n}s").format(n=n) for n in (8, 9, 10)}, shown  # his seconds, counting down
    if os.environ.get("TIMER_SHOT"):
        pygame.image.save(app.screen, os.environ["TIMER_SHOT"])
    mine = len([e for e in table.events if e["type"] == "discard" and e["actor"] == 0])
    until(app, lambda: len([e for e in table.events if e["type"] == "discard" and e["actor"] == 0]) > mine,
          limit=round(14 / DT))  # 10 s on the host's clock and no more (it runs at the animation speed)
    assert table.clock - prompt.opened >= 10 - 1e-6


def test_without_a_turn_timer_the_player_is_never_hurried(app):
    table, scene = _turn_table(app, timer=0)
    assert table.prompts[0].deadline is None
    before = len(table.events)
    frames(app, round(20 / DT))
    assert len(table.events) == before and 0 in table.prompts
