"""Joining a LAN table (game.ui.scenes.lan): the player's name and face, the tables discovery finds (listed as they
appear), an address to type (always possible; discovery may find nothing), joining without freezing the screen."""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game.ui.scenes.lan_common import (
    AUTO_RETRY,
    AVATARS,
    DEFAULT_PORT,
    MAX_NAME,
    join_error_text,
    lan_scale,
    rule_set_name,
)
from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, button, panel, text


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

    def join(self, host: str, port: int, table_id: str | None = None) -> None:
        """Join the table at host:port; `table_id` (from discovery) finds this seat's token when the table moved
        to another port since."""
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
                self._result = (connect(host, port, name, avatar=avatar, profile=profile, retry=AUTO_RETRY,
                                        table_id=table_id), None)
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
        self.app.replace(self.app.make.lobby(table))

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
        k = lan_scale(surface)
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
        # every table's own row first with the player's own waiting seat under it; others' waiting seats after
        # them all (a small window shows fewer rows: the ones he may join come first)
        found = [self.found_rows(t) for t in tables]
        rows = [row for r in found for row in r if row is r[0] or row[1]]
        rows += [row for r in found for row in r[1:] if not row[1]]
        for row in rows[:max(1, (list_rect.height - round(8 * k)) // round(38 * k))]:
            self._draw_found(surface, row, list_rect, ry, k)
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

    def found_rows(self, t) -> list[tuple[str, bool, Any]]:
        """The join list's rows for one announced table: (words, joinable, join) — the table with its open seats
        (joinable while one is open), then one row per seat waiting for its dropped player, "等待 Kai 回来",
        joinable by that player (his name typed above; his token, kept on this machine, takes the seat back)."""
        import json

        app = self.app
        props = t.properties
        region = rule_set_name(app, props.get("variant", ""), props.get("variant", "?"))
        try:
            free = max(0, int(props.get("free", "")))
        except ValueError:
            free = None  # an older host's announcement, or garbled: the host says at joining
        try:
            waiting = [w for w in json.loads(props.get("waiting") or "[]") if isinstance(w, str)]
        except ValueError:
            waiting = []
        table_id = props.get("table_id") or None
        where = f"{t.address}:{t.port}"
        parts = [t.name, region]
        if free is not None:
            parts.append(app.tn("{n} seat free", "{n} seats free", free).format(n=free))
        rows: list[tuple[str, bool, Any]] = [
            ("  ·  ".join([*parts, where]), free is None or free > 0,
             lambda: self.join(t.address, t.port, table_id))]
        me = self.player_name()
        for name in waiting:
            rows.append(("      " + app.t("Waiting for {name} to come back").format(name=name) + f"  ·  {where}",
                         name == me, lambda: self.join(t.address, t.port, table_id)))
        return rows

    def _draw_found(self, surface, row, list_rect: pygame.Rect, y: int, k: float) -> None:
        app = self.app
        words, joinable, join = row
        text(app, surface, (list_rect.x + round(14 * k), y + round(8 * k)), words, round(15 * k), INK)
        button(app, surface, self.clicks, pygame.Rect(list_rect.right - round(120 * k), y, round(106 * k),
                                                      round(32 * k)), app.t("Join"), join,
               enabled=self.joining is None and joinable, size=round(15 * k))
