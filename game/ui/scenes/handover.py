"""Hot-seat hand-over: every hand is hidden until the named player confirms he has the screen."""

from __future__ import annotations

import pygame

from game.ui.widgets import GOLD, MenuScene, button, text


class HandoverScene(MenuScene):
    def __init__(self, app, table_scene, seat: int):
        super().__init__(app)
        self.table_scene = table_scene
        self.seat = seat

    def confirm(self) -> None:
        self.app.pop()
        self.table_scene.handover_done(self.seat)

    def on_enter(self) -> None:
        self.confirm()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.art.title_background((w, h)), (0, 0))  # opaque: nothing of the table shows
        self.clicks.reset()
        name = self.table_scene.table.seats[self.seat].name
        text(self.app, surface, (w // 2, h // 2 - 80), self.app.t("Pass the screen to {name}").format(name=name),
             36, GOLD, True, "center")
        text(self.app, surface, (w // 2, h // 2 - 30), self.app.t("Everyone else, look away."), 20,
             (230, 230, 220), False, "center")
        button(self.app, surface, self.clicks, pygame.Rect(w // 2 - 150, h // 2 + 20, 300, 60),
               self.app.t("I am {name}: show my hand").format(name=name), self.confirm)
