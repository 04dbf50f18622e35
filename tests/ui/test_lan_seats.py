"""LAN seats through the real UI (dummy video driver, real loopback sockets; issue #26 items 1, 3, 4, #27 item 1):
the hosting player lets a player back by name, or refuses him, from a dialog in the lobby and at the table; closing
the table asks first and names who is connected; the join list shows a seat waiting for its player and lets him
take it back with his kept token (found by the table's id); a dropped seat is taken back with Reconnect; the
host's choice of seconds per move reaches the table; every fatal refusal has its words; options explain
themselves on hover in the lobby."""

from __future__ import annotations

import time

import pygame
import pytest

from game.net.client import FATAL, BotPlayer, NetClient
from game.net.discovery import Table
from game.net.seat_tokens import SeatTokens
from game.net.server import NetHost
from game.ui.scenes.lan_ask import AskScene
from game.ui.scenes.lan_common import join_error_text
from game.ui.scenes.lan_join import JoinScene
from game.ui.scenes.lan_lobby import LobbyScene
from game.ui.scenes.title import TitleScene
from game.ui.table.commands import Reconnect
from game.ui.table.scene import TableScene
from tests.ui.test_lan import LOOPBACK, friend, host_from_title, press, until
from tests.ui.test_play import click, frames, key

WAIT = 30.0  # seconds a network step may take at most


def wait_for(cond, app=None, limit: float = WAIT) -> None:
    """Until `cond` holds on the wall clock (frames drawn meanwhile when an app is given)."""
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "the expected state never came"
        if app is not None:
            frames(app, 1)
        time.sleep(0.01)


def stranger(port: int, name: str, tmp_path, tag: str) -> NetClient:
    """A client of that name from other user data: no token for the seat (a rejoin by name alone)."""
    client = NetClient(LOOPBACK, port, name, retry=0.5, tokens=SeatTokens(tmp_path / tag))
    client.start()
    return client


def test_the_host_lets_a_player_back_by_name_or_refuses_him_and_confirms_closing(lan_app, tmp_path):
    app = lan_app
    lobby = host_from_title(app)
    mate, thread = friend(lobby.server.port, "阿芳")
    until(app, lambda: lobby.table.connected_seat(1))
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene))
    scene = app.scene
    until(app, lambda: scene.model.started)
    # closing the table asks first, naming who is connected; "Keep playing" keeps it
    key(app, pygame.K_ESCAPE)
    pause = app.scene
    pause.quit_to_title()
    frames(app, 1)
    ask = app.scene
    assert isinstance(ask, AskScene) and "阿芳" in ask.note
    press(app, "Keep playing")
    assert app.scene is pause and lobby.server.status()["phase"] != "finished"
    pause.quit_to_title()
    press(app, "Close the table")
    assert isinstance(app.scene, TitleScene)
    thread.join(15)
    assert mate.error is not None and mate.error.code == "host_quit"
    # resumed: 阿芳's seat waits for her, shown as offline; someone of her name without her token is put to the
    # host's player, who refuses him from the lobby
    press(app, "LAN game")
    press(app, "Resume the table I hosted")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    server = lobby.server
    frames(app, 2)
    assert any(b.label == app.t("Offline") + " · " + app.t("Autoplay") for b in app.drawn.boxes)
    impostor = stranger(server.port, "阿芳", tmp_path, "other")
    until(app, lambda: isinstance(app.scene, AskScene))
    assert app.scene.question == app.t("{name} wants the seat back: let in?").format(name="阿芳")
    assert impostor.pending is not None and impostor.welcome is None
    press(app, "Refuse")
    wait_for(lambda: impostor.error is not None, app)
    assert impostor.error.code == "rejoin_refused" and impostor.welcome is None
    # the server answers him before it publishes its status: on a busy machine he may hear first
    wait_for(lambda: server.status()["requests"] == [], app)
    assert isinstance(app.scene, LobbyScene)
    impostor.close()
    # at the table, the same question: this time he is let back in, and the seat is his
    press(app, "Start: the AI plays the empty seats")
    until(app, lambda: isinstance(app.scene, TableScene))
    table_scene = app.scene
    back = stranger(server.port, "阿芳", tmp_path, "new-install")
    until(app, lambda: isinstance(app.scene, AskScene))
    press(app, "Let him back")
    wait_for(lambda: back.welcome is not None, app)
    assert back.welcome["seat"] == 1 and back.welcome["by"] == "host"
    assert app.scene is table_scene
    until(app, lambda: table_scene.table.connected[1])
    back.close()


def test_a_request_that_goes_away_closes_its_dialog(lan_app, tmp_path):
    app = lan_app
    lobby = host_from_title(app)
    mate, thread = friend(lobby.server.port, "阿芳")
    until(app, lambda: lobby.table.connected_seat(1))
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene))
    mate.close()
    until(app, lambda: not app.scene.table.connected[1])
    asking = stranger(lobby.server.port, "阿芳", tmp_path, "other")
    until(app, lambda: isinstance(app.scene, AskScene))
    asking.close()  # he gives up: nobody is left to answer
    until(app, lambda: isinstance(app.scene, TableScene))


def _headless_table(port: int = 0, save=None, **kw) -> NetHost:
    return NetHost("nanning", ["ai:easy", "remote", "ai:easy", "ai:easy"], seed=5, rounds=1, bind=LOOPBACK,
                   port=port, discovery=False, deadline=60, think=0.05, save=save, **kw)


def test_the_join_list_shows_a_seat_waiting_for_its_player_and_he_takes_it_back(lan_app, monkeypatch):
    app = lan_app
    server = _headless_table()
    port = server.start()
    try:
        # 小梅 plays from this machine's user data (her token is kept there), then drops
        first = NetClient(LOOPBACK, port, "小梅", retry=0.5)
        BotPlayer(first, "easy")
        first.start()
        wait_for(lambda: first.welcome is not None)
        server.go_on()
        wait_for(lambda: server.status()["phase"] == "play")
        first.close()
        wait_for(lambda: server.status()["waiting"] == ["小梅"])
        # what discovery hears of the table, announced under another name of this machine than the address the
        # token was kept for: the table's id finds it
        announced = Table("老黄's table", "localhost", port, server._announced_properties())
        assert announced.properties["free"] == "0"

        class Heard:
            def start(self):
                return True

            def tables(self):
                return [announced]

            def close(self):
                pass

        monkeypatch.setattr("game.net.discovery.Browser", Heard)
        app.push(TitleScene(app))
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        assert isinstance(join, JoinScene)
        join.name.value = "Somebody"
        frames(app, 1)
        words = [b.label for b in app.drawn.boxes if b.kind == "text"]
        waiting = app.t("Waiting for {name} to come back").format(name="小梅")
        assert any(waiting in w for w in words)
        assert any(app.tn("{n} seat free", "{n} seats free", 0).format(n=0) in w for w in words)
        joins = [h for h in join.clicks.hits if h.label == app.t("Join")]
        assert [h.enabled for h in joins[:2]] == [False, False]  # full, and the seat is not his
        join.name.value = "小梅"
        frames(app, 1)
        joins = [h for h in join.clicks.hits if h.label == app.t("Join")]
        assert [h.enabled for h in joins[:2]] == [False, True]
        click(app, joins[1].rect.center)
        until(app, lambda: isinstance(app.scene, TableScene))
        assert app.scene.table.seat == 1 and app.scene.table.client.welcome["by"] == "token"
        assert server.status()["connected"][1]
    finally:
        server.stop()


def test_reconnect_after_the_host_dropped_takes_the_seat_back(lan_app, monkeypatch, tmp_path):
    app = lan_app
    monkeypatch.setattr("game.ui.scenes.lan_join.AUTO_RETRY", 1.0)  # the client gives up trying by itself soon
    monkeypatch.setattr("game.ui.scenes.lan_common.AUTO_RETRY", 1.0)
    save = tmp_path / "host.json"
    server = _headless_table(save=save)
    port = server.start()
    try:
        app.push(TitleScene(app))
        press(app, "LAN game")
        press(app, "Join a table")
        join = app.scene
        join.name.value = "小梅"
        join.address.value = f"{LOOPBACK}:{port}"
        press(app, "Join")
        until(app, lambda: isinstance(app.scene, LobbyScene))
        server.go_on()
        until(app, lambda: isinstance(app.scene, TableScene))
        scene = app.scene
        until(app, lambda: scene.model.started)
        # the host's machine goes without a word (a crash): the drop is said at once, with Reconnect
        monkeypatch.setattr(server, "_say_closing", lambda: None)
        server.stop()
        server.join(10)
        until(app, lambda: scene.lost is not None)
        frames(app, 1)
        assert scene.hits.find(Reconnect()) is not None
        until(app, lambda: scene.table.error is not None)  # its own retries ran out: the player decides
        assert scene.hits.find(Reconnect()) is not None
        resumed = NetHost.resume(save, bind=LOOPBACK, discovery=False, think=0.05)
        assert resumed.start() == port
        resumed.go_on()
        try:
            click(app, scene.hits.find(Reconnect()).center)
            until(app, lambda: isinstance(app.scene, TableScene) and app.scene is not scene)
            back = app.scene
            assert back.table.seat == 1 and back.table.client.welcome["by"] == "token"
            until(app, lambda: resumed.status()["connected"][1])
            until(app, lambda: back.model.started)
        finally:
            resumed.stop()
    finally:
        server.stop()


def test_the_host_s_choice_of_seconds_per_move_reaches_the_table(lan_app):
    app = lan_app
    lobby = host_from_title(app)
    server = lobby.server
    assert server.deadline == 20.0  # the LAN default, shown
    mate = NetClient(LOOPBACK, server.port, "阿芳", retry=0.5)
    mate.start()
    wait_for(lambda: mate.welcome is not None)
    frames(app, 1)
    hit = lobby.clicks.find(app.t("{n} s").format(n=30))
    assert hit is not None
    click(app, hit.rect.center)
    wait_for(lambda: server.deadline == 30.0, app)
    wait_for(lambda: mate.table is not None and mate.table.get("deadline") == 30.0, app)
    wait_for(lambda: lobby.table.deadline == 30.0, app)
    assert app.settings.last_setup["lan_host"]["deadline"] == 30
    mate.close()


def test_leaving_the_hosted_lobby_asks_first(lan_app):
    app = lan_app
    lobby = host_from_title(app)
    press(app, "Leave")
    assert isinstance(app.scene, AskScene) and app.scene.note.startswith(app.t("Nobody else is connected."))
    key(app, pygame.K_ESCAPE)  # no
    assert app.scene is lobby and not lobby.left
    press(app, "Leave")
    press(app, "Close the table")
    assert lobby.left and app.scene is not lobby


@pytest.mark.parametrize("language", ["zh_CN", "en", "zh_TW"])
def test_every_fatal_refusal_has_its_own_words(app, language):
    app.set_language(language)
    generic = join_error_text(app, "something_else", "")
    said = {code: join_error_text(app, code, "") for code in FATAL | {"host_lost", "host_quit", "replaced"}}
    assert all(words and words != generic for words in said.values()), said
    assert len(set(said.values())) == len(said)  # each its own
    if language != "en":  # translated, not the English msgid
        assert join_error_text(app, "rejoin_refused", "") != "That seat is kept for its own player: the host did " \
                                                             "not let this name in."


def test_an_option_in_the_lobby_explains_itself_on_hover(lan_app):
    app = lan_app
    lobby = host_from_title(app)
    frames(app, 1)
    rect, f = next((r, f) for r, f in lobby.option_spots if f.metadata.get("help"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    words = [b.label for b in app.drawn.boxes if b.kind == "text"]
    assert any(app.t(f.metadata["help"]) in w for w in words)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    words = [b.label for b in app.drawn.boxes if b.kind == "text"]
    assert not any(app.t(f.metadata["help"]) in w for w in words)


def test_a_resumed_table_whose_port_was_taken_says_its_new_address(lan_app):
    import socket

    app = lan_app
    lobby = host_from_title(app, players_remote=0)
    old_port = lobby.server.port
    press(app, "Start")
    until(app, lambda: isinstance(app.scene, TableScene))
    until(app, lambda: app.scene.model.started)
    key(app, pygame.K_ESCAPE)
    app.scene.quit_to_title()
    press(app, "Close the table")
    squatter = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # another program takes the port meanwhile
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (the closed table's lines may linger)
    try:
        squatter.bind(("", old_port))
        squatter.listen(1)
        press(app, "LAN game")
        press(app, "Resume the table I hosted")
        lobby = app.scene
        assert isinstance(lobby, LobbyScene) and lobby.server.port != old_port
        frames(app, 1)
        words = [b.label for b in app.drawn.boxes if b.kind == "text"]
        where = f":{lobby.server.port}"
        moved = app.t("Its usual port was taken: the table is now at {address}. Tell your friends.")
        assert any(w.startswith(moved.split("{address}")[0]) and where in w for w in words), words
    finally:
        squatter.close()
