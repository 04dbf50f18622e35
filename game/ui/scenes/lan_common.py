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

    deadline = float(app.settings.claim_timer or 20)
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
    port = server.start()
    profile = app.settings.profile_id(0)  # the hosting player's LAN rounds count in his own record
    app.settings.name_profile(profile, name)
    app.save()
    try:
        client = connect("127.0.0.1", port, name, avatar=avatar, retry=10.0, profile=profile)
        table = RemoteTable(client, server=server)
    except JoinError as exc:
        server.stop()
        return exc.message
    app.push(app.make.lobby(table))
    return None
