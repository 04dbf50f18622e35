"""What the LAN screens share (game.ui.scenes.lan, lan_join, lan_lobby, and the new-game screen when it hosts): the
ports and timings of a hosted table, its autosave, how a refusal reads, and opening a table this machine hosts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

DEFAULT_PORT = 47_230  # tried first when hosting (easy to type); any free port when it is taken
MAX_NAME = 12
AVATARS = 12
BETWEEN_ROUNDS = 45.0  # seconds the host waits at most for everyone to close the settlement
AI_THINK = 0.7  # seconds the host's AI takes per move at a table of people
# seconds a dropped line is retried by itself before the screen says it is lost (Reconnect is offered from the
# first moment of the drop; past this the player decides)
AUTO_RETRY = 20.0
DEADLINES = (10, 20, 30, 60)  # the host's lobby offers these seconds per prompt (a LAN table's default: 20)


def lan_save_path() -> Path:
    from game.settings import user_dir

    return user_dir("data") / "lan_autosave.json"


def lan_scale(surface: pygame.Surface) -> float:
    w, h = surface.get_size()
    return max(1.0, min(w / 1280, h / 720))


def join_error_text(app, code: str, message: str) -> str:
    """A refusal as the player reads it, in his language (the host's own words after it)."""
    t = app.t
    words = {
        "connect_failed": t("No table answers at that address. Check the address and that the host is still open."),
        "table_full": t("Every seat at that table is taken."),
        "name_taken": t("Someone at that table already has this name: choose another."),
        "protocol": t("That table runs another version of Lingnan Mahjong: both players need the same version."),
        "fingerprint": t("That table plays other rules than the ones it announced."),
        "bad_name": t("A name takes 1 to 24 letters."),
        "host_lost": t("The host did not answer."),
        "host_quit": t("The host has closed the table."),
        "unknown_rules": t("That table plays a rule set this version of the game does not know."),
        "rejoin_refused": t("That seat is kept for its own player: the host did not let this name in."),
        "rejoin_pending": t("Someone else is already asking the host for that seat: try again in a moment."),
        "replaced": t("This seat is being played from another window now."),
    }.get(code, t("The host refused the seat."))
    return f"{words} ({message})" if message and code in ("protocol", "connect_failed") else words


def rule_set_name(app, variant_id: str, fallback: str) -> str:
    """The rule set's name in the player's language; `fallback` (as it is, translated if it is a msgid) for a rule
    set this version does not know."""
    from game.variants import AVAILABLE, get_variant

    return app.t(get_variant(variant_id).name if variant_id in AVAILABLE else fallback)


def host_name(app) -> str:
    last = app.settings.last_setup.get("lan_join", {})
    return str(last.get("name") or "").strip()[:MAX_NAME] or app.t("Host")


def host_avatar(app) -> int:
    last = app.settings.last_setup.get("lan_join", {})
    a = last.get("avatar")
    return a if isinstance(a, int) and 1 <= a <= AVATARS else 1


def host_table(app, variant: str, options: dict, players: int, rounds: int | None, seats: list[str],
               name: str, avatar: int) -> str | None:
    """Open a LAN table from the new-game screen: `seats` ("remote" or "ai:LEVEL") after the host's own seat 0.
    Opens the lobby; returns why it could not (the port, the options), else None."""
    from game.net.server import HostError, NetHost

    remembered = app.settings.last_setup.get("lan_host", {}).get("deadline")
    deadline = float(remembered if isinstance(remembered, int) and remembered > 0 else app.settings.claim_timer or 20)
    kw: dict[str, Any] = dict(options=options, seed=int(time.time()), rounds=rounds, deadline=deadline,
                              think=AI_THINK, between_rounds=BETWEEN_ROUNDS, save=lan_save_path(),
                              wait_for_start=True, host_name=app.t("{name}'s table").format(name=name))
    try:
        server = NetHost(variant, ["remote", *seats][:players], port=DEFAULT_PORT, **kw)
        try:
            server.bind()
        except OSError:  # the usual port is taken (another table on this machine): any free one
            server = NetHost(variant, ["remote", *seats][:players], port=0, **kw)
            server.bind()
    except HostError as exc:
        return exc.message
    except OSError as exc:
        return app.t("The table could not be opened ({error}).").format(error=exc.strerror or exc)
    for i, spec in enumerate(server.specs):
        if spec.kind == "ai":  # the AI seats by the names the player's language gives them
            server.names[i] = server.host.seats[i].name = app.t("AI {n}").format(n=i + 1)
    return open_lobby(app, server, name, avatar)


def open_lobby(app, server, name: str, avatar: int) -> str | None:
    """Serve `server` in the background and sit its host at seat 0 over loopback; then the lobby."""
    from game.net.client import JoinError
    from game.net.remote_table import RemoteTable, connect

    server.host.keep_replays = True  # its rounds kept on this machine like any other: statistics, replays
    server.approve_rejoin = ask_later  # a rejoin by name is put to this screen's player (watch_rejoins)
    port = server.start()
    profile = app.settings.profile_id(0)  # the hosting player's LAN rounds count in his own record
    app.settings.name_profile(profile, name)
    app.save()
    try:
        client = connect("127.0.0.1", port, name, avatar=avatar, retry=AUTO_RETRY, profile=profile)
        table = RemoteTable(client, server=server)
    except JoinError as exc:
        server.stop()
        return exc.message
    app.push(app.make.lobby(table))
    return None


def ask_later(seat: int, name: str) -> None:
    """NetHost.approve_rejoin for a table hosted from these screens: no answer now, its player is asked."""
    return None


def watch_rejoins(app, server, asked: set) -> None:
    """The host's player is asked about each rejoin by name waiting at his table (status()["requests"]), one at a
    time, over the scene on screen (the lobby, the table): "Kai wants the seat back: let in?". `asked` keeps the
    requests already put to him. Unanswered, the host refuses by itself when its wait runs out."""
    if server is None:
        return
    waiting = [(r["seat"], r["name"]) for r in server.status().get("requests", [])]
    asked.intersection_update(waiting)  # a request that went and comes again is asked again
    fresh = [r for r in waiting if r not in asked]
    if not fresh or type(app.scene).__name__ == "AskScene":
        return
    seat, name = fresh[0]
    asked.add((seat, name))
    ask_rejoin(app, server, seat, name)


def ask_rejoin(app, server, seat: int, name: str) -> None:
    """The dialog that puts one rejoin by name to the host's player; it closes by itself when the request goes."""
    t = app.t

    def still() -> bool:
        return any((r["seat"], r["name"]) == (seat, name) for r in server.status().get("requests", []))

    app.push(app.make.ask(
        t("{name} wants the seat back: let in?").format(name=name), t("Let him back"), t("Refuse"),
        lambda: server.answer_rejoin(seat, True), lambda: server.answer_rejoin(seat, False), still=still,
        note=t("He came back without his seat's key (another device, or a new install): let him in only if you "
               "know it is him.")))


def connected_names(table) -> list[str]:
    """The players connected to a LAN table now, besides this screen's own (the AI seats are nobody)."""
    return [table.seats[i].name for i in range(table.players)
            if i != table.seat and table.kinds[i] != "ai" and table.taken[i] and table.connected[i]]


def confirm_close(app, table, close) -> None:
    """The host's player asked before 关闭牌桌: it ends the game for everyone (who is connected is named)."""
    t = app.t
    names = connected_names(table)
    note = (t("Connected now: {names}. They are told at once.").format(names="、".join(names)) if names else
            t("Nobody else is connected."))
    note += " " + t("The game stays saved on this machine: Resume the table I hosted opens it again.")
    app.push(app.make.ask(t("Close the table for everyone?"), t("Close the table"), t("Keep playing"), close,
                          lambda: None, note=note))


def reconnect(client):
    """A fresh connection for a dropped LAN seat (Reconnect): the same table, name and face, with the seat's latest
    token (it takes the seat back at once; the host rotates it again). Waits for the host's welcome: call it off
    the UI's thread. Returns the new NetClient; raises JoinError."""
    from game.net.remote_table import connect

    client.close()  # its own retrying stops: one connection for the seat
    # (the token is found in the player's user data by the table's id: kept there at every welcome)
    return connect(client.address, client.port, client.name, avatar=client.avatar, profile=client.profile,
                   retry=AUTO_RETRY, table_id=client.table_id, tokens=client.tokens)
