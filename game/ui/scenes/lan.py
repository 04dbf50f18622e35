"""LAN play from the title (局域网): host a table, find and join one, the lobby before the deal.

The screens use the same host and client code as the headless `python -m game.net host|join` (docs/lan.md). The
hosting player's own seat joins his table over loopback like any other client, so his screen is exactly a client's
(game.net.remote_table.RemoteTable under the ordinary table scene) and the host stays the only authority. His seat
is seat 0; a resumed table gives it back to the name it had.

- `LanScene`: host a new table (the new-game screen in its LAN mode), join one, resume the table this machine was
  hosting (its autosave), and what the fairness check proves and what it does not.
- `JoinScene`: the player's name and face, the tables discovery finds (listed as they appear), an address to type
  (always possible; discovery may find nothing), joining without freezing the screen.
- `LobbyScene`: the seats with names, faces and ready marks, the rule set with every option and how it differs
  from the defaults, the fingerprint compared with this machine's reading of the same options; for the host, the
  address to give friends and Start (the AI plays seats still empty). It turns into the table when the game starts.
"""

from __future__ import annotations

import threading
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

import pygame

from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, button, chip, panel, text

DEFAULT_PORT = 47_230  # tried first when hosting (easy to type); any free port when it is taken
MAX_NAME = 12
AVATARS = 12
BETWEEN_ROUNDS = 45.0  # seconds the host waits at most for everyone to close the settlement
AI_THINK = 0.7  # seconds the host's AI takes per move at a table of people


def lan_save_path() -> Path:
    from game.settings import user_dir

    return user_dir("data") / "lan_autosave.json"


def _scale(surface: pygame.Surface) -> float:
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


class TextField:
    """One line of text typed in place (TEXTINPUT carries IME input, so Chinese names work)."""

    def __init__(self, value: str = "", limit: int = 40, allowed: str | None = None):
        self.value = value
        self.limit = limit
        self.allowed = allowed
        self.active = False

    def start(self) -> None:
        self.active = True
        pygame.key.start_text_input()

    def stop(self) -> None:
        if self.active:
            self.active = False
            pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the field's (typing)."""
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            add = event.text if self.allowed is None else "".join(c for c in event.text if c in self.allowed)
            self.value = (self.value + add)[:self.limit]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.stop()
                return True
        return False

    def draw(self, app, surface: pygame.Surface, clicks, rect: pygame.Rect, placeholder: str, size: int) -> None:
        pygame.draw.rect(surface, (0, 0, 0), rect, border_radius=6)
        pygame.draw.rect(surface, GOLD if self.active else (140, 130, 110), rect, width=2 if self.active else 1,
                         border_radius=6)
        shown = self.value + ("|" if self.active else "")
        label = shown if shown else placeholder
        text(app, surface, (rect.x + 8, rect.centery), label, size, INK if shown else MUTED, False, "midleft")
        clicks.add(rect, self.start)


# ------------------------------------------------------------------------------------------------ the LAN menu
class LanScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.message: str | None = None

    def host(self) -> None:
        from game.ui.scenes.newgame import NewGameScene

        self.app.push(NewGameScene(self.app, "lan"))

    def join(self) -> None:
        self.app.push(JoinScene(self.app))

    def resume(self) -> None:
        """The table this machine hosted, from its autosave: the lobby again, where its players take their seats
        back by their names (or the AI plays them once the host starts)."""
        from game.net.server import HostError, NetHost
        from game.settings import aside_path

        path = lan_save_path()
        try:
            server = NetHost.resume(path, think=AI_THINK, between_rounds=BETWEEN_ROUNDS, wait_for_start=True,
                                    host_name=self.app.t("{name}'s table").format(name=_host_name(self.app)))
        except HostError as exc:
            aside = aside_path(path, "unreadable")
            try:
                path.rename(aside)  # kept aside under a new name, never overwritten
            except OSError:
                pass
            self.message = self.app.t("The hosted game could not be resumed and was set aside.") + f" ({exc.message})"
            return
        name = server.names[0] or _host_name(self.app)
        self.message = open_lobby(self.app, server, name, _host_avatar(self.app))  # None: the lobby is open

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        k = _scale(surface)
        # a small window gives the paragraphs more of its width (the panel's text does not shrink with it)
        w, h = surface.get_size()
        box = self.backdrop(surface, (0.14, 0.08, 0.72, 0.84) if w >= 1600 and h >= 900 else (0.06, 0.04, 0.88, 0.92))
        text(app, surface, (box.centerx, box.y + round(34 * k)), app.t("LAN game"), round(34 * k), GOLD, True,
             "center")
        bh = round(54 * k)
        y = box.y + round(80 * k)
        items = [(app.t("Host a table"), self.host), (app.t("Join a table"), self.join)]
        if lan_save_path().exists():
            items.append((app.t("Resume the table I hosted"), self.resume))
        # as wide as the longest label needs (button() draws it at half the button's height)
        bw = max(round(300 * k), max(app.fonts.render(label, max(16, bh // 2), INK, bold=True).get_width()
                                     for label, _ in items) + round(48 * k))
        for label, action in items:
            button(app, surface, self.clicks, pygame.Rect(box.centerx - bw // 2, y, bw, bh), label, action)
            y += bh + round(12 * k)
        y += round(8 * k)
        back = pygame.Rect(box.centerx - round(90 * k), box.bottom - round(66 * k), round(180 * k), round(48 * k))
        paras = [app.t("How it works: one player hosts (his machine runs the table), the others join it on the "
                       "same network. A player who drops is played by the AI until he joins again with his "
                       "name, even in the middle of a round."),
                 app.t("A wall nobody can stack: before each deal the host commits to a secret (its SHA-256 "
                       "hash), every player adds randomness of his own after seeing it, and after the round the "
                       "host reveals the secret; each player's game checks the wall and every tile it was shown. "
                       "This proves the wall was fixed before the deal and not chosen by the host."),
                 app.t("What it does not prove: the host's machine runs the table and could see every tile, so "
                       "play with people you trust to host.")]
        if self.message:
            paras.append(self.message)
        # the largest text at which the paragraphs fit above Back (English runs longer than Chinese)
        size = round(15 * k)
        while size > 11 and self._paras_height(paras, box, size) + round(8 * k) * len(paras) > back.top - y:
            size -= 1
        for i, para in enumerate(paras):
            color = RED if self.message and i == len(paras) - 1 else MUTED
            y = self._para(surface, para, box, y, size, color) + round(8 * k)
        button(app, surface, self.clicks, back, app.t("Back"), self.app.pop, style="secondary")

    def _paras_height(self, paras: list[str], box: pygame.Rect, size: int) -> int:
        font = self.app.fonts.get(size)
        wrap = getattr(font, "_wrap", None)
        lines = sum(len(wrap(p, box.width - 80)) if wrap is not None else 1 for p in paras)
        return lines * (font.get_height() + 2)

    def _para(self, surface, words: str, box: pygame.Rect, y: int, size: int, color=MUTED) -> int:
        font = self.app.fonts.get(size)
        wrap = getattr(font, "_wrap", None)
        lines = wrap(words, box.width - 80) if wrap is not None else [words]
        for line in lines:
            r = text(self.app, surface, (box.x + 40, y), line, size, color)
            y = r.bottom + 2
        return y


def _host_name(app) -> str:
    last = app.settings.last_setup.get("lan_join", {})
    return str(last.get("name") or "").strip()[:MAX_NAME] or app.t("Host")


def _host_avatar(app) -> int:
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
    app.push(LobbyScene(app, table))
    return None


# ------------------------------------------------------------------------------------------------ joining
class JoinScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        last = dict(app.settings.last_setup.get("lan_join", {}))
        self.name = TextField(str(last.get("name") or "")[:MAX_NAME], MAX_NAME)
        self.address = TextField(str(last.get("address") or ""), 60, allowed="0123456789abcdefABCDEF.:[]-_"
                                 "ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ")
        self.avatar = last.get("avatar") if isinstance(last.get("avatar"), int) else 1
        self.browser: Any = None
        self.message: str | None = None
        self.joining: threading.Thread | None = None
        self._result: Any = None  # (client, None) or (None, JoinError), from the joining thread

    def enter(self) -> None:
        from game.net.discovery import Browser

        self.browser = Browser()
        if not self.browser.start():
            self.browser = None

    def exit(self) -> None:
        for f in (self.name, self.address):
            f.stop()
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def player_name(self) -> str:
        return self.name.value.strip() or self.app.t("Player")

    def _remember(self) -> None:
        self.app.settings.last_setup["lan_join"] = {"name": self.name.value.strip(), "avatar": self.avatar,
                                                   "address": self.address.value.strip()}
        self.app.save()

    def join_address(self) -> None:
        addr = self.address.value.strip()
        host, _, port = addr.rpartition(":")
        if not host:
            host, port = addr, str(DEFAULT_PORT)
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            self.message = self.app.t("Type the address the host shows, e.g. 192.168.1.20:47230.")
            return
        self.join(host.strip("[]"), int(port))

    def join(self, host: str, port: int) -> None:
        if self.joining is not None:
            return
        for f in (self.name, self.address):
            f.stop()
        name, avatar, profile = self.player_name(), self.avatar, self.app.settings.profile_id(0)
        self.app.settings.name_profile(profile, name)  # the host counts our rounds for this machine's player
        self._remember()  # saves the settings, the profile with them
        self.message = self.app.t("Joining {address}…").format(address=f"{host}:{port}")

        def work() -> None:
            from game.net.client import JoinError
            from game.net.remote_table import connect

            try:
                self._result = (connect(host, port, name, avatar=avatar, profile=profile), None)
            except JoinError as exc:
                self._result = (None, exc)
            except Exception as exc:  # noqa: BLE001 - anything else is said, never a crash
                self._result = (None, JoinError("connect_failed", str(exc)))

        self.joining = threading.Thread(target=work, name="lan-join", daemon=True)
        self.joining.start()

    def update(self, dt: float) -> None:
        if self.joining is None or self.joining.is_alive():
            return
        self.joining = None
        client, error = self._result
        self._result = None
        if error is not None:
            self.message = join_error_text(self.app, error.code, error.message)
            return
        from game.net.remote_table import RemoteTable

        try:
            table = RemoteTable(client)
        except KeyError:
            client.close()
            self.message = join_error_text(self.app, "unknown_rules", "")
            return
        except Exception as exc:  # noqa: BLE001 - options this version cannot read
            client.close()
            self.message = join_error_text(self.app, "unknown_rules", str(exc))
            return
        self.app.replace(LobbyScene(self.app, table))

    def handle(self, event: pygame.event.Event) -> None:
        for f in (self.name, self.address):
            if f.handle(event):
                return
            if f.active and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                f.stop()
                if f is self.address:
                    self.join_address()
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for f in (self.name, self.address):
                f.stop()
        super().handle(event)

    def on_enter(self) -> None:
        if self.address.value.strip():
            self.join_address()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        k = _scale(surface)
        box = self.backdrop(surface, (0.1, 0.06, 0.8, 0.88))
        text(app, surface, (box.centerx, box.y + round(30 * k)), app.t("Join a table"), round(32 * k), GOLD, True,
             "center")
        x, y = box.x + round(36 * k), box.y + round(72 * k)
        size = round(17 * k)
        text(app, surface, (x, y + round(6 * k)), app.t("Your name"), size, GOLD, True)
        face = app.art.avatar(self.avatar, round(34 * k))
        r = surface.blit(face, (x + round(120 * k), y))
        self.clicks.add(r, lambda: setattr(self, "avatar", self.avatar % AVATARS + 1))
        self.name.draw(app, surface, self.clicks, pygame.Rect(r.right + round(10 * k), y, round(240 * k),
                                                              round(34 * k)), self.player_name(), size)
        y += round(58 * k)
        text(app, surface, (x, y), app.t("Tables on this network"), size, GOLD, True)
        y += round(30 * k)
        # the list takes the room the address row, its message and Back leave (less in a small window)
        back = pygame.Rect(box.centerx - round(90 * k), box.bottom - round(64 * k), round(180 * k), round(48 * k))
        room = back.top - round(36 * k) - round(56 * k) - y
        list_rect = pygame.Rect(x, y, box.width - round(72 * k), max(round(46 * k), min(round(200 * k), room)))
        panel(surface, list_rect, alpha=110, border=None, app=app)
        tables = self.browser.tables() if self.browser is not None else []
        ry = list_rect.y + round(8 * k)
        if not tables:
            note = (app.t("Looking for tables… (a table can always be joined by its address below)")
                    if self.browser is not None else
                    app.t("Finding tables is not available here: join by the address the host shows."))
            text(app, surface, (list_rect.x + round(14 * k), ry + round(4 * k)), note, round(15 * k), MUTED)
        for t in tables[:max(1, (list_rect.height - round(8 * k)) // round(38 * k))]:
            self._draw_found(surface, t, list_rect, ry, k)
            ry += round(38 * k)
        y = list_rect.bottom + round(22 * k)
        text(app, surface, (x, y + round(6 * k)), app.t("Address"), size, GOLD, True)
        field = pygame.Rect(x + round(120 * k), y, round(300 * k), round(34 * k))
        self.address.draw(app, surface, self.clicks, field, "192.168.1.20:47230", size)
        button(app, surface, self.clicks, pygame.Rect(field.right + round(14 * k), y - round(2 * k), round(140 * k),
                                                      round(40 * k)), app.t("Join"), self.join_address,
               enabled=self.joining is None)
        if self.message:
            text(app, surface, (x, y + round(44 * k)), self.message, round(15 * k),
                 RED if self.joining is None else INK)
        button(app, surface, self.clicks, back, app.t("Back"), self.app.pop, style="secondary")

    def _draw_found(self, surface, t, list_rect: pygame.Rect, y: int, k: float) -> None:
        from game.ui.scenes.newgame import REGION_NAMES

        app = self.app
        props = t.properties
        region = app.t(REGION_NAMES.get(props.get("variant", ""), (props.get("variant", "?"), ""))[0])
        free = props.get("free", "?")
        label = f"{t.name}  ·  {region}  ·  " + app.t("{n} seats free").format(n=free) + f"  ·  {t.address}:{t.port}"
        text(app, surface, (list_rect.x + round(14 * k), y + round(8 * k)), label, round(15 * k), INK)
        button(app, surface, self.clicks, pygame.Rect(list_rect.right - round(120 * k), y, round(106 * k),
                                                      round(32 * k)), app.t("Join"),
               lambda a=t.address, p=t.port: self.join(a, p), enabled=self.joining is None and free != "0",
               size=round(15 * k))


# ------------------------------------------------------------------------------------------------ the lobby
class LobbyScene(MenuScene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.server = table.server  # this machine hosts the table
        self.addresses: list[str] = []
        from game.engine.options import fingerprint

        try:
            mine = fingerprint(table.variant_id, table.options)
        except Exception:  # noqa: BLE001
            mine = None
        self.same_rules = mine == table.fingerprint
        self.left = False

    def enter(self) -> None:
        if self.server is not None:
            from game.net.discovery import local_addresses

            self.addresses = local_addresses()

    # ---- state
    def update(self, dt: float) -> None:
        t = self.table
        t.advance(0.0)
        if t.playing and t.error is None:
            from game.ui.table.scene import TableScene

            app = self.app
            while len(app.scenes) > 1:  # the table stands on the title alone, as a local game does
                app.pop()
            app.push(TableScene(app, t))

    def status(self) -> dict | None:
        return self.server.status() if self.server is not None else None

    def start(self) -> None:
        """The host starts: seats still empty are played by the AI until someone takes them."""
        if self.server is not None:
            self.server.go_on()

    def toggle_ready(self) -> None:
        t = self.table
        t.client.set_ready(not t.ready[t.seat])
        t.ready[t.seat] = not t.ready[t.seat]

    def leave(self) -> None:
        self.table.leave()
        self.left = True
        self.app.pop()

    def on_escape(self) -> None:
        self.leave()

    def on_close(self) -> None:
        self.table.leave()

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.table
        k = _scale(surface)
        w, h = surface.get_size()
        surface.blit(app.art.felt(t.variant_id, (w, h)), (0, 0))
        self.clicks.reset()
        from game.ui.scenes.newgame import REGION_NAMES

        region = app.t(REGION_NAMES.get(t.variant_id, (t.variant.name, ""))[0])
        title = app.t("Lobby") + f"  ·  {region}"
        text(app, surface, (round(30 * k), round(18 * k)), title, round(30 * k), GOLD, True)
        if self.server is not None:
            port = self.server.port
            where = "   ".join(f"{a}:{port}" for a in self.addresses) or f"127.0.0.1:{port}"
            text(app, surface, (round(30 * k), round(62 * k)),
                 app.t("Give your friends this address: {address}").format(address=where), round(18 * k), INK, True)
        else:
            text(app, surface, (round(30 * k), round(62 * k)),
                 app.t("Table: {host}").format(host=t.host_name or "?"), round(18 * k), INK, True)
        left = pygame.Rect(round(24 * k), round(100 * k), round(w * 0.42), h - round(200 * k))
        panel(surface, left, app=app)
        y = left.y + round(16 * k)
        text(app, surface, (left.x + round(18 * k), y), app.t("Seats"), round(18 * k), GOLD, True)
        y += round(34 * k)
        for i in range(t.players):
            y = self._draw_seat(surface, i, left, y, k)
        right = pygame.Rect(left.right + round(20 * k), left.y, w - left.right - round(44 * k), left.height)
        panel(surface, right, app=app)
        self._draw_options(surface, right, k)
        # the way on
        bw, bh = round(240 * k), round(52 * k)
        by = h - bh - round(24 * k)
        if self.server is not None:
            missing = [i for i, kind in enumerate(t.kinds) if kind != "ai" and not t.connected_seat(i)]
            waiting = [i for i, kind in enumerate(t.kinds) if kind != "ai" and i != t.seat and t.connected_seat(i)
                       and not t.ready[i]]
            label = app.t("Start") if not missing else app.t("Start: the AI plays the empty seats")
            size = round(20 * k)
            sw = max(bw, app.fonts.render(label, size, INK, bold=True).get_width() + round(40 * k))
            button(app, surface, self.clicks, pygame.Rect(w - sw - round(30 * k), by, sw, bh), label, self.start,
                   size=size)
            if waiting:
                names = "、".join(t.seats[i].name for i in waiting)
                text(app, surface, (w - sw - round(40 * k), by + bh // 2),
                     app.t("Not ready yet: {names}").format(names=names), round(15 * k), MUTED, False, "midright")
        else:
            mine = t.ready[t.seat]
            button(app, surface, self.clicks, pygame.Rect(w - bw - round(30 * k), by, bw, bh),
                   app.t("Not ready") if mine else app.t("Ready"), self.toggle_ready,
                   style="secondary" if mine else "primary")
            text(app, surface, (w - bw - round(40 * k), by + bh // 2), app.t("The host starts the game."),
                 round(15 * k), MUTED, False, "midright")
        button(app, surface, self.clicks, pygame.Rect(round(30 * k), by, round(180 * k), bh), app.t("Leave"),
               self.leave, style="secondary")
        if t.error is not None:
            text(app, surface, (w // 2, by - round(24 * k)), join_error_text(app, t.error.code, ""), round(17 * k),
                 RED, True, "center")

    def _draw_seat(self, surface, i: int, box: pygame.Rect, y: int, k: float) -> int:
        app, t = self.app, self.table
        x = box.x + round(18 * k)
        size = round(40 * k)
        kind = t.kinds[i]
        here = kind == "ai" or t.connected_seat(i)
        face = app.art.avatar(t.seats[i].avatar or i + 1, size)
        if not here:
            face = face.copy()
            face.set_alpha(70)
        surface.blit(face, (x, y))
        if kind == "ai":
            name, note, color = t.seats[i].name, app.t("AI"), MUTED
        elif here:
            name = t.seats[i].name
            you = app.t("you") if i == t.seat else None
            host = app.t("host") if i == 0 else None
            note = " · ".join(p for p in (you, host) if p)
            color = INK
        else:
            name, note, color = app.t("Waiting for a player…"), "", MUTED
        r = text(app, surface, (x + size + round(12 * k), y + round(2 * k)), name, round(18 * k), color, True)
        if note:
            text(app, surface, (r.right + round(10 * k), y + round(5 * k)), note, round(14 * k), MUTED)
        if kind != "ai" and here:
            ready = t.ready[i] or i == 0
            mark = ("✓ " + app.t("ready")) if ready else app.t("not ready")
            text(app, surface, (box.right - round(18 * k), y + round(10 * k)), mark, round(15 * k),
                 (130, 240, 140) if ready else MUTED, ready, "topright")
        return y + size + round(14 * k)

    def _draw_options(self, surface, box: pygame.Rect, k: float) -> None:
        """Every option of the table's rule set, the ones that differ from the defaults lit, with the default."""
        app, t = self.app, self.table
        x, y = box.x + round(18 * k), box.y + round(16 * k)
        rounds = str(t.rounds) if t.rounds else app.t("until out of coins")
        text(app, surface, (x, y), app.t("Rules") + f"  ·  {t.players} " + app.t("players") + "  ·  "
             + app.t("Rounds") + f" {rounds}", round(18 * k), GOLD, True)
        y += round(28 * k)
        if self.same_rules:
            note, color = app.t("✓ This game reads these options exactly as the host's does."), (130, 240, 140)
        else:
            note, color = app.t("⚠ This game reads these options differently from the host's: update both to the "
                                "same version."), RED
        text(app, surface, (x, y), note, round(14 * k), color)
        y += round(26 * k)
        size = round(14 * k)
        step = round(22 * k)
        col_w = (box.width - round(36 * k)) // 2
        col_x, top = x, y
        changed = 0
        for f in fields(t.variant.Options):
            value = getattr(t.options, f.name, f.default)
            applies = getattr(t.options, "applies", None)
            if applies is not None and not applies(f.name, t.players) and value == f.default:
                continue
            differs = value != f.default
            changed += differs
            label = app.t(f.metadata["label"]) if f.metadata.get("label") else f.name
            shown = self._value_text(f, value)
            line = f"{label}: {shown}"
            if differs:
                line += "  (" + app.t("default {value}").format(value=self._value_text(f, f.default)) + ")"
            if y + step > box.bottom - round(30 * k):
                if col_x != x:
                    break
                col_x, y = x + col_w, top
            text(app, surface, (col_x, y), line, size, GOLD if differs else (220, 220, 205), differs)
            y += step
        summary = (app.t("All options are the usual table's.") if not changed else
                   app.t("Options that differ from the usual table (lit): {n}").format(n=changed))
        text(app, surface, (x, box.bottom - round(26 * k)), summary, round(14 * k), MUTED)

    def _value_text(self, f, value) -> str:
        labels = f.metadata.get("labels") or {}
        if value in labels:
            return self.app.t(str(labels[value]))
        if isinstance(value, bool):
            return self.app.t("On") if value else self.app.t("Off")
        return str(value)
