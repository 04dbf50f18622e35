"""A question over the LAN screens with two answers: "Kai wants the seat back: let in?" (the host's player decides
a rejoin by name), "Close the table?" (the host ends it for everyone). Drawn over the scene it was asked from (the
lobby, the table), which stands still behind it; Esc answers no.

`still()` says whether the question is still open: a rejoin request that is gone (the player gave up, came back
with his token, or the host's own wait ran out, which refuses) closes the dialog unanswered."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.scenes.lan_common import lan_scale
from game.ui.widgets import GOLD, MUTED, MenuScene, button, panel, show, text


class AskScene(MenuScene):
    overlay = True

    def __init__(self, app, question: str, yes: str, no: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None], *, note: str = "", still: Callable[[], bool] | None = None):
        super().__init__(app)
        self.question, self.yes, self.no, self.note = question, yes, no, note
        self.on_yes, self.on_no = on_yes, on_no
        self.still = still
        self.answered = False

    def answer(self, allow: bool) -> None:
        if self.answered:
            return
        self.answered = True
        if self.app.scene is self:
            self.app.pop()
        (self.on_yes if allow else self.on_no)()

    def on_escape(self) -> None:
        self.answer(False)

    def update(self, dt: float) -> None:
        if self.still is not None and not self.answered and not self.still():
            self.answered = True  # nothing left to answer
            if self.app.scene is self:
                self.app.pop()

    def idle_fps(self) -> int | None:
        return 10  # the question may go away by itself (still()): noticed within a tenth of a second

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = lan_scale(surface)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        self.clicks.reset()
        width = min(w - round(40 * k), round(700 * k))
        size, small = round(22 * k), round(16 * k)
        big, little = app.fonts.get(size), app.fonts.get(small)
        lines = big.wrap(self.question, width - round(60 * k))[:3]
        notes = little.wrap(self.note, width - round(60 * k))[:4] if self.note else []
        bh = round(50 * k)
        height = (round(40 * k) + len(lines) * big.get_linesize() + round(14 * k) + len(notes) * little.get_linesize()
                  + round(24 * k) + bh + round(26 * k))
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        panel(surface, box, alpha=245, radius=round(14 * k), border=GOLD, app=app)
        y = box.y + round(32 * k)
        for line in lines:
            r = text(app, surface, (box.centerx, y), line, size, GOLD, True, "midtop")
            y = max(r.bottom, y + big.get_linesize())
        y += round(14 * k)
        for line in notes:
            img = app.fonts.render(line, small, MUTED)
            show(app, surface, img, img.get_rect(midtop=(box.centerx, y)), line, small)
            y += little.get_linesize()
        labels = (self.yes, self.no)
        bw = max(round(200 * k), max(app.fonts.render(s, round(20 * k), GOLD, bold=True).get_width()
                                     for s in labels) + round(40 * k))
        gap = round(24 * k)
        bw = min(bw, (width - gap - round(40 * k)) // 2)
        y = box.bottom - bh - round(26 * k)
        left = pygame.Rect(box.centerx - gap // 2 - bw, y, bw, bh)
        button(app, surface, self.clicks, left, self.yes, lambda: self.answer(True), size=round(20 * k))
        button(app, surface, self.clicks, left.move(bw + gap, 0), self.no, lambda: self.answer(False),
               style="secondary", size=round(20 * k))
