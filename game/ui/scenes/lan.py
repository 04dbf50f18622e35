"""LAN play from the title (局域网): host a table, find and join one, the lobby before the deal.

The screens use the same host and client code as the headless `python -m game.net host|join` (docs/lan.md). The
hosting player's own seat joins his table over loopback like any other client, so his screen is exactly a client's
(game.net.remote_table.RemoteTable under the ordinary table scene) and the host stays the only authority. His seat
is seat 0; a resumed table gives it back to the name it had.

- `LanScene` (here): host a new table (the new-game screen in its LAN mode), join one, resume the table this machine
  was hosting (its autosave), and what the fairness check proves and what it does not.
- `JoinScene` (lan_join.py): the player's name and face, the tables discovery finds (listed as they appear), an
  address to type (always possible; discovery may find nothing), joining without freezing the screen.
- `LobbyScene` (lan_lobby.py): the seats with names, faces and ready marks, the rule set with every option and how
  it differs from the defaults, the fingerprint compared with this machine's reading of the same options; for the
  host, the address to give friends and Start (the AI plays seats still empty). It turns into the table when the
  game starts.
- What they share, and opening a table this machine hosts: lan_common.py.
"""

from __future__ import annotations

import pygame

from game.ui.scenes.lan_common import (
    AI_THINK,
    BETWEEN_ROUNDS,
    host_avatar,
    host_name,
    lan_save_path,
    lan_scale,
    open_lobby,
)
from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, button, text


# ------------------------------------------------------------------------------------------------ the LAN menu
class LanScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.message: str | None = None

    def host(self) -> None:
        self.app.push(self.app.make.new_game("lan"))

    def join(self) -> None:
        self.app.push(self.app.make.join())

    def resume(self) -> None:
        """The table this machine hosted, from its autosave: the lobby again, where its players take their seats
        back by their names (or the AI plays them once the host starts)."""
        from game.net.server import HostError, NetHost
        from game.settings import aside_path

        path = lan_save_path()
        try:
            server = NetHost.resume(path, think=AI_THINK, between_rounds=BETWEEN_ROUNDS, wait_for_start=True,
                                    host_name=self.app.t("{name}'s table").format(name=host_name(self.app)))
        except HostError as exc:
            aside = aside_path(path, "unreadable")
            try:
                path.rename(aside)  # kept aside under a new name, never overwritten
            except OSError:
                pass
            self.message = self.app.t("The hosted game could not be resumed and was set aside.") + f" ({exc.message})"
            return
        name = server.names[0] or host_name(self.app)
        self.message = open_lobby(self.app, server, name, host_avatar(self.app))  # None: the lobby is open

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        k = lan_scale(surface)
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
