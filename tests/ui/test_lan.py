"""LAN play through the real UI (dummy video driver, real loopback sockets): host a table from the title, a friend
joins, the lobby shows him and his ready mark, the host starts, whole rounds are played at the table with a quick
phrase and a dropped player's marks on the way; a second screen joins a table by its address; the host closing
its table is told to its players at once."""

from __future__ import annotations

import threading
import time

import pygame

from game.net.client import BotPlayer, NetClient
from game.ui.scenes.lan import LanScene
from game.ui.scenes.lan_join import JoinScene
from game.ui.scenes.lan_lobby import LobbyScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.settlement import SettlementScene
from game.ui.scenes.standings import StandingsScene
from game.ui.table.scene import TableScene
from game.ui.table.commands import SayPhrase, ToggleAutoplay, TogglePhrases
from game.ui.scenes.title import TitleScene
from tests.ui.test_play import DT, click, frames, key

WAIT = 120.0  # seconds a step may take at most (a whole round at the host's AI pace included): the host and the
# client run in threads beside the frames


def until(app, cond, limit: int = 0) -> None:
    """Frames until `cond` holds, on the wall clock (the host's and the client's threads need time, not frames;
    `limit` is kept for the reader: roughly the frames a real window would take)."""
    end = time.monotonic() + WAIT
    while not cond():
        assert time.monotonic() < end, "the UI never reached the expected state"
        app.step(DT)
        time.sleep(0.001)

LOOPBACK = "127.0.0.1"


def press(app, label: str) -> None:
    """Click the control that shows these words (translated as the player reads them)."""
    frames(app, 1)
    hit = app.scene.clicks.find(app.t(label))
    assert hit is not None, f"no {label!r} on {type(app.scene).__name__}"
    assert hit.enabled, f"{label!r} is disabled"
    click(app, hit.rect.center)


def type_text(app, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.step(DT)


def friend(port: int, name: str, level: str = "easy", **kw) -> tuple[NetClient, threading.Thread]:
    client = NetClient(LOOPBACK, port, name, retry=5.0, **kw)
    BotPlayer(client, level)
    thread = threading.Thread(target=lambda: _quiet(client), daemon=True)
    thread.start()
    return client, thread


def _quiet(client) -> None:
    try:
        client.run()
    except Exception as exc:  # noqa: BLE001 - the test reads client.error
        client.run_error = exc


def host_from_title(app, players_remote: int = 1) -> LobbyScene:
    app.push(TitleScene(app))
    press(app, "LAN game")
    assert isinstance(app.scene, LanScene)
    press(app, "Host a table")
    ng = app.scene
    assert isinstance(ng, NewGameScene) and ng.mode == "lan"
    ng.rounds = 1
    for i in range(1, 4):
        ng.set_human(i, i <= players_remote)
        ng.levels[i] = "easy"
    press(app, "Start")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), ng.host_error
    return lobby


def test_host_a_table_a_friend_joins_and_the_game_is_played_to_its_standings(lan_app):
    app = lan_app
    lobby = host_from_title(app)
    server = lobby.server
    assert server is not None and lobby.table.seat == 0
    frames(app, 2)
    # nobody yet: the start says the AI will play the empty seat
    assert app.scene.clicks.find(app.t("Start: the AI plays the empty seats")) is not None
    mate, thread = friend(server.port, "阿芳", avatar=5, profile="a1b2c3d4e5f6")
    until(app, lambda: lobby.table.connected_seat(1) and lobby.table.seats[1].name == "阿芳", 600)
    frames(app, 1)
    assert lobby.table.seats[1].avatar == 5
    assert app.scene.clicks.find(app.t("Start")) is not None  # the table is full now
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene), 600)
    scene = app.scene
    assert scene.remote and scene.humans == [0] and scene.hotseat is None
    # a quick phrase: the host passes it round, so it shows at our seat's card when it comes back
    until(app, lambda: scene.model.started and scene.card_rects, 900)
    scene.run(TogglePhrases())
    frames(app, 1)
    click(app, scene.hits.find(SayPhrase("hello")).center)
    until(app, lambda: any(b["seat"] == 0 and b["id"] == "hello" for b in scene.bubbles), 300)
    # the host's player lets the AI play for him (托管), as a player who steps away would
    scene.run(ToggleAutoplay())
    until(app, lambda: isinstance(app.scene, SettlementScene), 20000)
    settlement = app.scene
    frames(app, 2)
    verdict = scene.verdict_text()
    assert verdict is not None and verdict[1] is True  # our own table's wall, checked like everyone's
    key(app, pygame.K_RETURN)  # the last round: final standings
    until(app, lambda: isinstance(app.scene, StandingsScene), 3000)
    del settlement
    thread.join(20)
    assert mate.finished is not None and mate.verified_rounds == 1
    assert app.scene.table.totals() == mate.finished["totals"]
    # the round is kept on the hosting machine and counts for each player's profile: ours, and the friend's id
    from game import replays, stats

    kept = replays.listing()
    assert len(kept) == 1
    keys = stats.seat_keys(kept[0].header)
    assert keys[0] == f"id:{app.settings.profile_id(0)}" and keys[1] == "id:a1b2c3d4e5f6"
    assert stats.compute(keys[0]).rounds == 1


def test_join_a_table_by_its_address_and_play_with_the_host_s_ai(lan_app, tmp_path):
    from game.net.server import NetHost

    app = lan_app
    server = NetHost("guangdong", ["ai:easy", "remote", "ai:easy", "ai:easy"], seed=3, rounds=1, bind=LOOPBACK,
                     discovery=False, wait_for_start=True, host_name="老黄's table")
    port = server.start()
    try:
        app.push(TitleScene(app))
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        assert isinstance(join, JoinScene)
        frames(app, 1)
        join.name.start()
        type_text(app, "小梅")
        join.name.stop()
        join.address.start()
        type_text(app, f"{LOOPBACK}:{port}")
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.scene, LobbyScene), 600)
        lobby = app.scene
        assert lobby.table.seat == 1 and lobby.table.seats[1].name == "小梅" and lobby.same_rules
        assert lobby.table.host_name == "老黄's table"
        press(app, "Ready")
        deadline = time.monotonic() + 10
        while not server.status()["ready"][1]:
            assert time.monotonic() < deadline
            frames(app, 1)
        server.go_on()
        until(app, lambda: isinstance(app.scene, TableScene), 600)
        scene = app.scene
        assert scene.viewer == 1
        scene.run(ToggleAutoplay())
        until(app, lambda: isinstance(app.scene, SettlementScene), 20000)
        frames(app, 3)
        key(app, pygame.K_RETURN)
        until(app, lambda: isinstance(app.scene, StandingsScene), 3000)
        assert server.join(10) is not None
        assert app.scene.table.totals() == server.result["totals"]
    finally:
        server.stop()


def test_a_wrong_address_and_a_refused_name_are_said_plainly(lan_app):
    from game.net.server import NetHost

    app = lan_app
    server = NetHost("nanning", ["remote", "remote", "ai:easy", "ai:easy"], seed=3, rounds=1, bind=LOOPBACK,
                     discovery=False, wait_for_start=True)
    port = server.start()
    try:
        app.push(TitleScene(app))
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        join.address.value = "192.168.1.20:99999"
        press(app, "Join")
        assert join.message == app.t("Type the address the host shows, e.g. 192.168.1.20:47230.")
        join.address.value = f"{LOOPBACK}:1"
        press(app, "Join")
        until(app, lambda: join.joining is None and join.message != app.t("Joining {address}…").format(
            address=f"{LOOPBACK}:1"), 600)
        assert join.message.startswith(app.t("No table answers at that address. Check the address and that the host "
                                             "is still open."))
        first = NetClient(LOOPBACK, port, "Lin")
        first.start()
        join.name.value = "Lin"
        join.address.value = f"{LOOPBACK}:{port}"
        press(app, "Join")
        until(app, lambda: join.joining is None and "Lin" not in (join.message or "Lin"), 600)
        assert join.message == app.t("Someone at that table already has this name: choose another.")
        first.close()
    finally:
        server.stop()


def test_the_players_are_told_at_once_when_the_host_closes_the_table(lan_app):
    app = lan_app
    lobby = host_from_title(app)
    server = lobby.server
    mate, thread = friend(server.port, "阿芳")
    until(app, lambda: lobby.table.connected_seat(1), 600)
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene), 600)
    scene = app.scene
    until(app, lambda: scene.model.started, 900)
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    assert pause.entries()[3][0] == app.t("Close the table")
    pause.quit_to_title()  # asked first: it ends the game for everyone
    frames(app, 1)
    assert app.scene is not pause and app.scene.clicks.find(app.t("Keep playing")) is not None
    t0 = time.monotonic()
    press(app, "Close the table")
    assert isinstance(app.scene, TitleScene)
    thread.join(15)
    assert mate.error is not None and mate.error.code == "host_quit"
    assert time.monotonic() - t0 < 15  # told, not left reconnecting for its 30 s (room for a loaded CI machine)
    from game.ui.scenes.lan_common import lan_save_path

    assert lan_save_path().exists()  # the game waits there to be resumed
    press(app, "LAN game")
    assert app.scene.clicks.find(app.t("Resume the table I hosted")) is not None


def test_a_player_who_left_mid_round_joins_again_by_name_and_sees_the_round_as_it_stands(lan_app):
    from game.engine.project import project
    from game.net.server import NetHost

    app = lan_app
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=9, rounds=1, bind=LOOPBACK,
                     discovery=False, deadline=60, think=0.05)
    port = server.start()
    try:
        app.push(TitleScene(app))
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        join.name.value = "小梅"
        join.address.value = f"{LOOPBACK}:{port}"
        press(app, "Join")
        until(app, lambda: isinstance(app.scene, TableScene), 600)
        scene = app.scene
        until(app, lambda: scene.model.started and scene.deal_shown is None and not scene.queue, 3000)
        key(app, pygame.K_ESCAPE)
        assert app.scene.entries()[3][0] == app.t("Leave the table")
        app.scene.quit_to_title()
        assert isinstance(app.scene, TitleScene)
        deadline = time.monotonic() + 10
        while not (0 in server.host.autoplay and not server.status()["connected"][0]):
            assert time.monotonic() < deadline, "the host did not hand the seat to its AI"
            time.sleep(0.02)
        frames(app, 30)  # meanwhile the AI plays the seat on the host
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        assert join.name.value == "小梅" and join.address.value == f"{LOOPBACK}:{port}"  # remembered
        press(app, "Join")
        until(app, lambda: isinstance(app.scene, TableScene), 600)
        back = app.scene
        frames(app, 2)
        assert back.viewer == 0 and back.table.seat == 0
        assert not back.deal_shown and back.dice_anim < 0  # the round as it stands, no dice and deal again
        until(app, lambda: not back.queue, 600)
        shown = {seq for seq, _ in back.feed().events}
        host_round = server.host.events[server.host.round_first_event:]
        seen = [e for seq, e in back.feed().events]
        assert seen == [project(e, 0) for e in host_round][:len(seen)] and shown
        assert 0 not in server.host.autoplay  # his own again
    finally:
        server.stop()


def test_quick_phrases_at_a_table_against_the_ai(app, monkeypatch):
    from game.host import Host, SeatConfig

    said = []
    monkeypatch.setattr(app.audio, "talk", lambda seat, kind, players=4, viewer=0: said.append((seat, kind)) or True)
    seats = [SeatConfig("我", human=True)] + [SeatConfig(f"AI {i}", level="easy") for i in range(1, 4)]
    table = Host("beihai", {}, seats, seed=3, rounds=1)
    app.push(TitleScene(app))
    app.replace(TableScene(app, table, autosave=False))
    scene = app.scene
    until(app, lambda: scene.model.started and scene.card_rects, 900)
    press_phrase = lambda pid: scene.hits.find(SayPhrase(pid))  # noqa: E731
    scene.run(TogglePhrases())
    frames(app, 1)
    click(app, press_phrase("thanks").center)
    assert said == [(0, "thanks")] and scene.bubbles[0]["text"] == app.t("Thanks!")
    frames(app, 2)
    assert scene.bubbles[0]["rect"].colliderect(app.screen.get_rect())
    scene.controls.say("sorry")  # too soon: one at a time
    assert said == [(0, "thanks")]
    frames(app, 200)  # 3.5 s at 30 fps, animation speed 3 (the bubble lives on the scene's clock)
    assert not scene.bubbles


def test_the_host_discards_by_click_and_a_closed_table_is_resumed_from_the_lan_menu(lan_app):
    app = lan_app
    lobby = host_from_title(app, players_remote=0)  # the host alone with three AI
    server = lobby.server
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene), 600)
    scene = app.scene
    # wait for his own turn (passing any claim on the way), then throw a tile by clicking it
    def my_turn():
        acts = scene.my_actions()
        if acts and all(a.type != "discard" for a in acts) and any(a.type == "pass" for a in acts):
            key(app, pygame.K_SPACE)
            return False
        return any(a.type == "discard" for a in acts)
    until(app, my_turn, 6000)
    frames(app, 1)
    rects = scene.hands.hand_rects()
    tiles = scene.my_tiles()
    before = sum(1 for e in server.host.events if e["type"] == "discard" and e["actor"] == 0)
    click(app, rects[0].center)
    deadline = time.monotonic() + 10
    while sum(1 for e in server.host.events if e["type"] == "discard" and e["actor"] == 0) == before:
        assert time.monotonic() < deadline, "the click did not reach the host"
        frames(app, 1)
    last = [e for e in server.host.events if e["type"] == "discard" and e["actor"] == 0][-1]
    assert last["tile"] == tiles[0]  # the tile clicked is the tile thrown
    played = len(server.host.events)
    # close the table; resume it from the LAN menu: the lobby again, the host at his own seat, then the round
    key(app, pygame.K_ESCAPE)
    app.scene.quit_to_title()
    press(app, "Close the table")  # (the confirmation)
    press(app, "LAN game")
    press(app, "Resume the table I hosted")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.server is not None and lobby.server is not server
    assert lobby.table.seat == 0 and lobby.table.seats[0].name == server.names[0]
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene), 600)
    back = app.scene
    frames(app, 5)
    assert len(lobby.server.host.events) >= played  # the game went on from where it was closed
    assert back.model.started and back.dice_anim < 0  # shown as it stands


def test_closing_the_window_at_the_hosted_table_tells_the_players_and_keeps_the_game(lan_app):
    from game.ui.scenes.lan_common import lan_save_path

    app = lan_app
    lobby = host_from_title(app)
    mate, thread = friend(lobby.server.port, "阿芳")
    until(app, lambda: lobby.table.connected_seat(1), 600)
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene), 600)
    until(app, lambda: app.scene.model.started, 900)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)  # the window closes mid-round
    assert not app.running
    thread.join(5)
    assert mate.error is not None and mate.error.code == "host_quit"
    assert lan_save_path().exists()
