"""The pause menu: Esc at the table. Resume, settings, rules help, quit to title.

It is drawn over the table as the table is (a hand-over screen stays a hand-over screen: the menu never shows a
hand), and while it is up the table gets no input and no update, so the host's clock stands still: bots do not
move and claim deadlines do not run. The game is autosaved after every action; quitting writes the save once more
(as closing the window does) and goes to the title, where Continue is offered. At a LAN table the game runs on
its host and goes on behind the menu; leaving hands the seat to the host's AI (closing one's own table stops it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, panel, text

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class PauseScene(MenuScene):
    overlay = True

    def __init__(self, app, table_scene: "TableScene"):
        super().__init__(app)
        self.ts = table_scene
        self.focus = 0  # the entry Enter activates
        self.message: str | None = None  # why the save could not be written
        self.quit_anyway = False  # the save failed once: the next Quit leaves without it
        self.confirmed = False  # the player said yes to closing the LAN table he hosts
        self.rects: list[pygame.Rect] = []  # the entries' rects, last frame

    # ---- the entries
    def entries(self) -> list[tuple[str, object]]:
        """(label, action) for each entry, in the player's language."""
        t = self.app.t
        quit_label = t("Quit to title without saving") if self.quit_anyway else self.ts.quit_label()
        return [(t("Resume"), self.resume), (t("Settings"), self.settings), (t("Rules help"), self.rules),
                (quit_label, self.quit_to_title)]

    def resume(self) -> None:
        if self.app.scene is self:
            self.app.pop()
            self.ts.resumed()

    def settings(self) -> None:
        self.app.push(self.app.make.settings())

    def rules(self) -> None:
        self.app.push(self.app.make.rules(self.ts.table.variant_id))

    def quit_to_title(self) -> None:
        """The save on disk first (it is written after every action; once more, as closing the window does), then
        the title, which finds it and offers Continue. Closing a LAN table one hosts asks first."""
        if not self.confirmed and self.ts.kind.confirm_quit(self.app, self._confirmed_quit):
            return
        self.ts.leave()  # a LAN seat goes to the host's AI; a LAN table one hosts closes (and stays saved)
        if not self.quit_anyway:
            problem = self.ts.save_now()
            if problem is not None:
                self.message = problem
                self.quit_anyway = True
                return
        self.ts.kind.way_out(self.app)

    def _confirmed_quit(self) -> None:
        self.confirmed = True
        self.quit_to_title()

    def resize(self, size: tuple[int, int]) -> None:
        self.ts.resize(size)  # back from the settings: the table underneath takes a new window or tile size

    # ---- input
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.clicks.hover = event.pos
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus = i
                    self.activate()
                    return
        elif event.type == pygame.KEYDOWN:
            n = len(self.entries())
            if event.key == pygame.K_ESCAPE:
                self.resume()
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % n
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % n
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate()

    def activate(self) -> None:
        _, action = self.entries()[self.focus]
        action()  # type: ignore[operator]

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = max(1.0, min(w / 1280, h / 720))  # grows with the window
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 175))
        surface.blit(shade, (0, 0))
        entries = self.entries()
        size = round(21 * k)
        labels = [app.fonts.render(label, size, INK, bold=True) for label, _action in entries]
        bw = max(round(320 * k), max(img.get_width() for img in labels) + round(48 * k))
        bh, gap = round(50 * k), round(12 * k)
        # when the save could not be written, that is said instead of the promise that nothing is lost
        note = self.message or self.ts.pause_note()
        note_size = round(15 * k)
        note_w = app.fonts.render(note, note_size, MUTED).get_width()
        box_w = min(w - 40, max(bw + round(80 * k), note_w + round(48 * k)))
        box_h = round(96 * k) + len(entries) * (bh + gap) + round(56 * k)
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (w // 2, h // 2)
        panel(surface, box, alpha=250, radius=round(16 * k), app=app)
        text(app, surface, (box.centerx, box.y + round(44 * k)), app.t("Paused"), round(34 * k), GOLD, True,
             "center")
        y = box.y + round(90 * k)
        self.rects = []
        self.clicks.reset()  # kept for what was drawn where (tests find the entries by their words); handle() clicks
        for i, (img, (label, action)) in enumerate(zip(labels, entries)):
            r = pygame.Rect(box.centerx - bw // 2, y, bw, bh)
            on = i == self.focus
            surface.blit(app.art.button(r.size, img, "primary" if on else "secondary", state="hover" if on
                                        else "normal"), r)
            if on:
                pygame.draw.rect(surface, GOLD, r.inflate(round(8 * k), round(8 * k)), width=max(2, round(2 * k)),
                                 border_radius=round(14 * k))
            self.rects.append(r)
            self.clicks.add(r, action, True, label)
            app.drawn.add("text", img.get_rect(center=r.center), label, size, img)
            y += bh + gap
        y += round(14 * k)
        text(app, surface, (box.centerx, y), note, note_size, RED if self.message else MUTED, False, "midtop")
