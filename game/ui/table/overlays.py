"""Screens over (or instead of) the table: the choice before the deal, the hot-seat hand-over, "nothing to claim",
a LAN seat waiting for the next deal, and a LAN table that is gone."""

from __future__ import annotations

import pygame

from game.ui.table.commands import BackToTitle, Choose, HandOverDone, NothingToClaim, Reconnect
from game.ui.table.common import SEAT_WINDS, Part
from game.ui.widgets import GOLD, text


class Overlays(Part):
    def draw_waiting(self, surface: pygame.Surface) -> None:
        """A LAN seat between rounds: who the next deal still waits for."""
        view = self.view
        w, h = surface.get_size()
        k = max(1.0, h / 720)
        t = view.table
        waiting = [t.seats[i].name for i in range(t.players)
                   if t.kinds[i] != "ai" and t.connected[i] and not t.ready[i] and i not in t.autoplay]
        line = view.app.t("Waiting for the next deal…")
        if waiting:
            line += "  " + view.app.t("Still reading the settlement: {names}").format(names="、".join(waiting))
        text(view.app, surface, (w // 2, h // 2), line, round(22 * k), GOLD, True, "center")
        if view.lost is not None:
            self.draw_lost(surface)

    def draw_lost(self, surface: pygame.Surface) -> None:
        """The LAN table is gone (the host closed it, the connection broke): said plainly, with the way out."""
        view = self.view
        w, h = surface.get_size()
        k = max(1.0, h / 720)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(w - 40, round(720 * k)), round(220 * k))
        box.center = (w // 2, h // 2)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 14, 10, 240), bg.get_rect(), border_radius=round(14 * k))
        pygame.draw.rect(bg, (*GOLD, 240), bg.get_rect(), width=2, border_radius=round(14 * k))
        surface.blit(bg, box)
        font = view.app.fonts.get(round(18 * k))
        wrap = getattr(font, "_wrap", None)
        lines = wrap(view.lost, box.width - round(60 * k)) if wrap is not None else [view.lost]
        y = box.y + round(28 * k)
        for line in lines[:4]:
            r = text(view.app, surface, (box.centerx, y), line, round(18 * k), (255, 240, 220), False, "midtop")
            y = r.bottom + 4
        # Reconnect (the line dropped, or the host stopped answering) beside the way out
        ways = [(view.app.t("Reconnect"), Reconnect())] if getattr(view.kind, "can_reconnect", bool)() else []
        ways.append((view.app.t("Back to title"), BackToTitle()))
        bw, gap = min(round(260 * k), (box.width - round(60 * k)) // len(ways)), round(20 * k)
        x = box.centerx - (len(ways) * bw + (len(ways) - 1) * gap) // 2
        for i, (label, command) in enumerate(ways):
            rect = pygame.Rect(x + i * (bw + gap), box.bottom - round(72 * k), bw, round(52 * k))
            first = i == 0
            pygame.draw.rect(surface, (150, 40, 30) if first else (60, 50, 40), rect, border_radius=round(12 * k))
            pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=round(12 * k))
            text(view.app, surface, rect.center, label, round(20 * k), (255, 245, 225), True, "center")
            view.hits.add(rect, command)

    def draw_table_under_setup(self, surface: pygame.Surface) -> None:
        """Under the choice before the deal: the table it is made at, its seat cards (names, totals, winds, the
        dealer) dimmed, so a player sees whom he stakes against rather than an empty cloth."""
        view = self.view
        if view.model.players:
            view.board.fit_layout()
            for seat in range(view.model.players):
                view.seats.draw_seat_info(surface, seat)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))

    def draw_setup(self, surface: pygame.Surface) -> None:
        """The choice before the deal: what it does (the rule set's words, for a player who has never made it),
        one chip per value the rules allow him now, and why a value is missing when one is."""
        from game.engine.events import render

        view = self.view
        app = view.app
        prompt = view.setup_prompt()
        assert prompt is not None and prompt.choice is not None
        choice = prompt.choice
        w, h = surface.get_size()
        px, fs = view.layout.px, view.layout.fs
        width = min(w - 40, px(620))
        small = fs(15)
        font = app.fonts.get(small)
        explain = font.wrap(app.t(choice.explain), width - px(48)) if choice.explain else []
        why_not = font.wrap(render(choice.why_not, translate=app.t), width - px(48)) if choice.why_not else []
        line = font.get_linesize()
        box = pygame.Rect(0, 0, width, px(190) + line * (len(explain) + len(why_not)) + (px(10) if why_not else 0))
        box.center = (w // 2, h // 2)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 200), bg.get_rect(), border_radius=14)
        pygame.draw.rect(bg, (*GOLD, 230), bg.get_rect(), width=2, border_radius=14)
        surface.blit(bg, box)
        app.drawn.add("panel", box)
        name = view.table.seats[prompt.seat].name
        text(app, surface, (box.centerx, box.y + px(22)), f"{name}: {app.t(choice.label)}", fs(26), GOLD, True,
             "midtop")
        y = box.y + px(66)
        for words in explain:
            text(app, surface, (box.centerx, y), words, small, (235, 230, 215), False, "midtop")
            y += line
        size, gap = px(56), px(14)
        x = box.centerx - (len(prompt.actions) * (size + gap) - gap) // 2
        for action in prompt.actions:
            r = pygame.Rect(x, y + px(12), size, size)
            on = action.value == choice.default
            pygame.draw.rect(surface, (150, 40, 30) if on else (40, 40, 36), r, border_radius=12)
            pygame.draw.rect(surface, GOLD, r, width=2, border_radius=12)
            text(app, surface, r.center, str(action.value), fs(26), (255, 245, 225), True, "center")
            view.hits.add(r, Choose(action))
            x += size + gap
        y += px(12) + size + px(10)
        for words in why_not:
            text(app, surface, (box.centerx, y), words, small, (255, 210, 150), False, "midtop")
            y += line

    def draw_handover(self, surface: pygame.Surface, seat: int) -> None:
        """Hot-seat hand-over: opaque, so nothing of the table shows until the named player confirms. It names the
        seat by its wind beside the name and shows the player's face, so two players of one name cannot mix up
        whose hand it opens ("请把屏幕交给 西家 Alice")."""
        view = self.view
        app = view.app
        w, h = surface.get_size()
        surface.blit(app.art.title_background((w, h)), (0, 0))
        cfg = view.table.seats[seat]
        who = f"{app.t(SEAT_WINDS[view.model.seat_wind(seat)])} {cfg.name}"
        k = max(1.0, h / 720)  # text and button grow with the window
        size = round(96 * k)
        face = pygame.Rect(0, 0, size, size)
        face.midbottom = (w // 2, h // 2 - round(110 * k))
        surface.blit(app.art.avatar(cfg.avatar or seat + 1, size), face)
        app.drawn.add("panel", face)
        text(app, surface, (w // 2, h // 2 - round(80 * k)), app.t("Pass the screen to {name}").format(name=who),
             round(36 * k), GOLD, True, "center")
        text(app, surface, (w // 2, h // 2 - round(30 * k)), app.t("Everyone else, look away."),
             round(20 * k), (230, 230, 220), False, "center")
        label = app.t("I am {name}: show my hand").format(name=who)
        label_w = app.fonts.get(round(22 * k), True).size(label)[0]
        rect = pygame.Rect(0, 0, max(round(340 * k), label_w + round(40 * k)), round(60 * k))
        rect.midtop = (w // 2, h // 2 + round(20 * k))
        pygame.draw.rect(surface, (150, 40, 30), rect, border_radius=14)
        pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=14)
        text(app, surface, rect.center, label, round(22 * k), (255, 245, 225), True, "center")
        view.hits.add(rect, HandOverDone(seat))

    def draw_nothing_to_claim(self, surface: pygame.Surface) -> None:
        """Hot-seat: the consulted human has no claim on this tile; he says he has seen it (as long as a claim)."""
        view = self.view
        lay = view.layout
        label = view.app.t("Nothing to claim — continue")
        rect = pygame.Rect(0, 0, lay.px(320), lay.px(48))
        rect.midbottom = (lay.width // 2, lay.hand_y - 40)
        bg = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=12)
        pygame.draw.rect(bg, (255, 210, 90, 220), bg.get_rect(), width=2, border_radius=12)
        surface.blit(bg, rect)
        text(view.app, surface, rect.center, label, lay.fs(18), (255, 240, 210), True, "center")
        view.hits.add(rect, NothingToClaim())
