"""The lobby of a LAN table (game.ui.scenes.lan) before the deal: the seats with names, faces and ready marks, the
rule set with every option and how it differs from the defaults, the fingerprint compared with this machine's
reading of the same options; for the host, the address to give friends and Start (the AI plays seats still empty).
It turns into the table when the game starts."""

from __future__ import annotations

from dataclasses import fields

import pygame

from game.ui.scenes.lan_common import (
    DEADLINES,
    confirm_close,
    join_error_text,
    lan_scale,
    rule_set_name,
    watch_rejoins,
)
from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, button, chip, chip_pad, panel, show, text


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
        self.asked: set = set()  # the rejoins by name already put to the host's player
        self.option_spots: list = []  # (rect, option field) of the option lines the last frame drew

    def enter(self) -> None:
        if self.server is not None:
            from game.net.discovery import local_addresses

            self.addresses = local_addresses()

    # ---- state
    def update(self, dt: float) -> None:
        t = self.table
        t.advance(0.0)
        watch_rejoins(self.app, self.server, self.asked)
        if t.playing and t.error is None:
            app = self.app
            while len(app.scenes) > 1:  # the table stands on the title alone, as a local game does
                app.pop()
            app.push(app.make.table(t))

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

    def set_deadline(self, seconds: int) -> None:
        """The host's choice of the seconds per prompt: the table is told (every player's lobby shows it), and the
        next table this player hosts starts with it."""
        if self.server is None:
            return
        self.server.set_deadline(seconds)
        self.table.deadline = float(seconds)
        self.app.settings.last_setup["lan_host"] = {**self.app.settings.last_setup.get("lan_host", {}),
                                                    "deadline": seconds}
        self.app.save()

    def leave(self) -> None:
        """Leave the table; the host's player is asked first, since it closes the table for everyone."""
        if self.server is not None and not self.left:
            confirm_close(self.app, self.table, self._leave_now)
            return
        self._leave_now()

    def _leave_now(self) -> None:
        self.table.leave()
        self.left = True
        if self.app.scene is self:
            self.app.pop()

    def on_escape(self) -> None:
        self.leave()

    def on_close(self) -> None:
        self.table.leave()

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.table
        k = lan_scale(surface)
        w, h = surface.get_size()
        surface.blit(app.art.felt(t.variant_id, (w, h)), (0, 0))
        self.clicks.reset()
        region = rule_set_name(app, t.variant_id, t.variant.name)
        title = app.t("Lobby") + f"  ·  {region}"
        text(app, surface, (round(30 * k), round(18 * k)), title, round(30 * k), GOLD, True)
        if self.server is not None:
            port = self.server.port
            where = "   ".join(f"{a}:{port}" for a in self.addresses) or f"127.0.0.1:{port}"
            words = app.t("Give your friends this address: {address}").format(address=where)
            if self.status_port_moved():  # a resumed table whose usual port was taken: its players must be told
                words = app.t("Its usual port was taken: the table is now at {address}. Tell your friends.").format(
                    address=where)
            size = round(18 * k)  # several addresses may run long: the line narrows to the window
            while size > max(12, round(13 * k)) and app.fonts.render(words, size, INK, bold=True).get_width() \
                    > w - round(60 * k):
                size -= 1
            text(app, surface, (round(30 * k), round(62 * k)), words, size,
                 (255, 200, 120) if self.status_port_moved() else INK, True)
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
        self._draw_deadline(surface, left, y + round(6 * k), k)
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
            auto = app.t("Autoplay") if i in t.autoplay else None
            note = " · ".join(p for p in (you, host, auto) if p)
            color = INK
        elif t.taken[i]:  # a player of a resumed (or started) game, not back yet: the AI plays him meanwhile
            name, note, color = t.seats[i].name, app.t("Offline") + " · " + app.t("Autoplay"), MUTED
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

    def status_port_moved(self) -> bool:
        return bool(self.server is not None and self.server.port_moved)

    def _draw_deadline(self, surface, box: pygame.Rect, y: int, k: float) -> None:
        """The seconds each prompt gives its player: the host chooses (chips), the others read it."""
        app, t = self.app, self.table
        x = box.x + round(18 * k)
        size = round(15 * k)
        seconds = round(t.deadline)
        label = app.t("Time per move")
        if self.server is None:
            text(app, surface, (x, y), label + ": " + app.t("{n} s").format(n=seconds), size, INK)
            return
        r = text(app, surface, (x, y + round(6 * k)), label, size, GOLD, True)
        cx = r.right + round(12 * k)
        choices = sorted(set(DEADLINES) | {seconds})
        chip_w = max(app.fonts.render(app.t("{n} s").format(n=n), size, INK).get_width() for n in choices)
        if cx + len(choices) * (chip_w + chip_pad(size)[0] + round(8 * k)) > box.right - round(12 * k):
            cx, y = x, r.bottom + round(8 * k)  # a narrow panel: the chips under the label
        for n in choices:
            rect = chip(app, surface, self.clicks, (cx, y), app.t("{n} s").format(n=n), n == seconds,
                        lambda n=n: self.set_deadline(n), size=size)
            cx = rect.right + round(8 * k)

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
        help_band = pygame.Rect(x, box.bottom - round(74 * k), box.width - round(36 * k), round(40 * k))
        self.option_spots = []
        lines = []
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
            lines.append((f, line, differs))
        # one column while they fit, else two; one size for every line, the largest at which they fit their
        # column (not under 12 px; a line still too long is cut, its whole words on hover)
        per_column = max(1, (help_band.top - top) // step)
        width = (box.width - round(36 * k)) if len(lines) <= per_column else col_w - round(10 * k)
        for size in range(size, 11, -1):
            if all(app.fonts.render(line, size, INK, bold=differs).get_width() <= width for _, line, differs in lines):
                break
        for f, line, differs in lines[:2 * per_column]:
            if y + step > help_band.top:
                col_x, y = x + col_w, top
            r = self._option_line(surface, (col_x, y), line, size, width, differs)
            self.option_spots.append((pygame.Rect(r.x, y, r.width, step), f))
            y += step
        self._draw_option_help(surface, help_band)
        summary = (app.t("All options are the usual table's.") if not changed else
                   app.t("Options that differ from the usual table (lit): {n}").format(n=changed))
        text(app, surface, (x, box.bottom - round(26 * k)), summary, round(14 * k), MUTED)

    def _option_line(self, surface, pos: tuple[int, int], line: str, size: int, width: int,
                     differs: bool) -> pygame.Rect:
        """One option's line in its column, cut with "…" where it still runs long."""
        app = self.app
        color = GOLD if differs else (220, 220, 205)
        cut = line
        if app.fonts.render(cut, size, color, bold=differs).get_width() > width:
            while len(cut) > 1 and app.fonts.render(cut + "…", size, color, bold=differs).get_width() > width:
                cut = cut[:-1]
            cut = cut.rstrip() + "…"
        return text(app, surface, pos, cut, size, color, differs)

    def hovered_option(self):
        """The option whose line is under the mouse (of the last frame), or None."""
        return next((f for rect, f in self.option_spots if self.clicks.hovered(rect)), None)

    def _draw_option_help(self, surface, band: pygame.Rect) -> None:
        """The hovered option's one-line help (its rule set's data, in the player's language), as the new-game
        screen shows it; else a word that pointing at an option explains it."""
        app = self.app
        f = self.hovered_option()
        if f is not None and f.metadata.get("help"):
            colon = "：" if app.settings.language.startswith("zh") else ": "
            words, color = app.t(f.metadata["label"]) + colon + app.t(f.metadata["help"]), (240, 230, 200)
        else:
            words, color = app.t("Point at an option to see what it does."), MUTED
        size = max(12, round(15 * lan_scale(surface)))
        for size in range(size, 11, -1):  # the largest size at which it fits the band (two lines at most)
            img = app.fonts.get(size).render(words, True, color, wraplength=band.width)
            if img.get_height() <= band.height:
                break
        if img.get_height() > band.height:  # still too tall: narrowed to the band
            ratio = band.height / img.get_height()
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * ratio)), band.height))
            size = round(size * ratio)
        show(app, surface, img, img.get_rect(midleft=band.midleft), words, size)

    def _value_text(self, f, value) -> str:
        labels = f.metadata.get("labels") or {}
        if value in labels:
            return self.app.t(str(labels[value]))
        if isinstance(value, bool):
            return self.app.t("On") if value else self.app.t("Off")
        return str(value)
