"""Drive the real UI by posting input events under the dummy video driver."""

from __future__ import annotations

import pygame

from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.settings import Settings
from game.host import Host, SeatConfig
from game.ui.app import App, Autoplay
from game.ui.scenes.newgame import NewGameScene
from game.ui.table.scene import TableScene
from game.ui.table.commands import SetDialect, ToggleSpeaker
from game.ui.scenes.title import TitleScene

DT = 1 / 30


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(DT)


def until(app: App, cond, limit: int = 3000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the UI never reached the expected state")


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def test_start_a_game_from_the_title_and_discard_by_click(app):
    app.push(TitleScene(app))
    frames(app, 2)
    title = app.scene
    play = title.clicks.hits[0].rect  # "Play against AI"
    click(app, play.center)
    assert isinstance(app.scene, NewGameScene)
    frames(app, 1)
    start = next(h.rect for h in app.scene.clicks.hits if h.rect.width == 200 and h.enabled
                 and h.rect.right > app.screen.get_width() - 40)
    click(app, start.center)
    scene = app.scene
    assert isinstance(scene, TableScene)
    me = scene.viewer
    assert scene.table.seats[me].human
    # wait until it is the human's turn to discard, passing any claim he is offered on the way
    for _ in range(5000):
        kinds = {a.type for a in scene.my_actions()}
        if "discard" in kinds:
            break
        if "pass" in kinds:
            key(app, pygame.K_SPACE)
        app.step(DT)
    else:
        raise AssertionError("the human never got a turn")
    before = sum(1 for e in scene.table.events if e.get("type") == "discard" and e["actor"] == me)
    rect = scene.hands.hand_rects()[0]
    click(app, rect.center)
    after = sum(1 for e in scene.table.events if e.get("type") == "discard" and e["actor"] == me)
    assert after == before + 1


def _claim_table(app) -> TableScene:
    """Seat 1 is human and holds a pair of 5p; seat 0 (AI, dealer) will discard a 5p."""
    seats = [SeatConfig("AI", human=False), SeatConfig("You", human=True), SeatConfig("AI 2"), SeatConfig("AI 3")]
    table = Host("nanning", {}, seats, seed=1, rounds=1)
    T = lambda s: parse_tiles(s.split())  # noqa: E731
    rnd, events = round_from_scenario(
        table.variant, table.options, 4, 0,
        [T("5p 1m 4m 7m 1s 4s 7s E S W N C F P"), T("5p 5p 2m 5m 8m 2s 5s 8s E S W N C"),
         T("3m 6m 9m 3s 6s 9s 9p E S W N F P"), T("1m 2m 3m 4p 9p 7s 8s 9s 1s 1s 1s 2s 2s")],
        T("W S E 9p 2p 3p 8p 8p"), context=table.session.context())
    table.autoplay.discard(0)  # the test plays the dealer's discard itself
    table.load_round(rnd, events)
    scene = TableScene(app, table)
    app.push(scene)
    until(app, lambda: not scene.queue and scene.deal_shown is None and scene.wait <= 0)
    table.answer(0, Action(0, "discard", parse_tile("5p")))
    return scene


def test_claim_a_pong_with_the_keyboard(app):
    scene = _claim_table(app)
    until(app, lambda: any(a.type == "pong" for a in scene.my_actions()))
    key(app, pygame.K_p)
    assert any(e.get("type") == "pong" and e["actor"] == 1 for e in scene.table.events)
    until(app, lambda: any(a.type == "discard" for a in scene.my_actions()))


def test_pass_with_the_space_bar(app):
    scene = _claim_table(app)
    until(app, lambda: any(a.type == "pass" for a in scene.my_actions()))
    key(app, pygame.K_SPACE)
    assert not any(e.get("type") == "pong" for e in scene.table.events)
    assert scene.table.round.window is None


def test_autoplay_reaches_the_settlement_and_the_standings(tmp_path):
    pygame.init()
    a = App(Settings(animation_speed=3.0), autoplay=Autoplay("nanning", 5, 1, tmp_path, fast=True), save=False)
    a.push(TitleScene(a))
    seen = set()
    for _ in range(20000):
        if not a.running:
            break
        seen.add(type(a.scene).__name__)
        a.step(DT)
    assert not a.running and a.exit_code == 0
    assert {"TableScene", "SettlementScene", "StandingsScene"} <= seen
    shots = sorted(p.name for p in tmp_path.glob("*.png"))
    assert any("title" in s for s in shots) and any("settlement" in s for s in shots)
    assert any("dice" in s for s in shots) and any("deal" in s for s in shots)
    pygame.quit()


def test_hot_seat_hides_hands_behind_a_hand_over(app):
    seats = [SeatConfig("A", human=True), SeatConfig("B", human=True), SeatConfig("C"), SeatConfig("D")]
    table = Host("nanning", {}, seats, seed=2, rounds=1)
    scene = TableScene(app, table)
    app.push(scene)

    def handing_over():
        return scene.hotseat.handover_to is not None

    until(app, handing_over)
    first = scene.hotseat.handover_to
    frames(app, 1)
    assert scene.face_up == set()  # the hand-over screen is opaque: no tile of anyone's hand is drawn
    key(app, pygame.K_ESCAPE)  # Esc on the hand-over opens the pause menu over it, and changes nothing else
    assert type(app.scene).__name__ == "PauseScene" and scene.face_up == set()
    key(app, pygame.K_ESCAPE)  # Esc again resumes
    assert app.scene is scene
    assert scene.hotseat.handover_to == first and scene.hotseat.owner is None
    key(app, pygame.K_RETURN)
    assert scene.hotseat.owner == first and scene.viewer == first
    assert all(t != "?" for t in scene.model.seats[first].hand)
    other = 1 - first
    assert all(t == "?" for t in scene.model.seats[other].hand)
    frames(app, 1)
    assert scene.face_up <= {first}


def test_the_speaker_at_the_lower_right_switches_the_voice_dialect_at_once(app, tmp_path):
    seats = [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    scene = TableScene(app, Host("nanning", {}, seats, seed=4, rounds=1))
    app.push(scene)
    frames(app, 3)
    speaker = scene.hits.find(ToggleSpeaker())
    w, h = app.screen.get_size()
    assert speaker.right > w * 0.9 and speaker.bottom > h * 0.9  # the table's lower right
    click(app, speaker.center)
    frames(app, 1)
    baise = scene.hits.find(SetDialect("baise"))
    click(app, baise.center)
    assert app.settings.dialect == "baise" and app.audio.dialect == "baise"
    mute = scene.hits.find(SetDialect("mute"))
    click(app, mute.center)
    assert app.settings.dialect == "mute" and app.audio.dialect == "mute"


def test_a_replay_steps_forward_and_back_and_jumps_to_the_calls(app):
    from game import replays
    from game.ui.scenes.replay import ReplayScene

    table = Host("nanning", {}, [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")],
                  seed=6, rounds=1)
    table.autoplay.add(0)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    scene = ReplayScene(app, replays.Replay(table.round_replay().header, table.current_actions))
    app.push(scene)
    frames(app, 2)
    assert scene.model.seats and all(t != "?" for s in scene.model.seats for t in s.hand)  # every hand open
    key(app, pygame.K_SPACE)  # pause
    at = scene.index
    key(app, pygame.K_RIGHT)
    assert scene.index == at + 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.index == at - 1
    while scene.index < len(scene.events):
        key(app, pygame.K_DOWN)  # jump to the next call or the win
    assert scene.model.finished and scene.model.wins == [e for e in scene.events if e["type"] == "win"] or \
        scene.model.exhausted
