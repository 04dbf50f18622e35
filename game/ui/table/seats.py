"""Seat cards: face, name, coins, wind, dealer mark, flowers set aside, status and rule-set badges, and the quick
phrases' speech bubbles beside them."""

from __future__ import annotations

import pygame

from game.engine.events import render
from game.engine.tiles import parse_tile
from game.ui.table.common import WIND_ZH, Part
from game.ui.widgets import GOLD, show


class SeatCards(Part):
    def draw_bubbles(self, surface: pygame.Surface) -> None:
        """Quick phrases: a speech bubble beside the speaker's seat card, fading at its end."""
        view = self.view
        fonts = view.app.fonts
        size = max(view.layout.fs(15), round(view.layout.tw * 0.36))
        for b in view.bubbles:
            card = view.card_rects.get(b["seat"])
            if card is None:
                continue
            img = fonts.render(b["text"], size, (70, 40, 18), bold=True)
            r = pygame.Rect(0, 0, img.get_width() + size, img.get_height() + size // 2)
            side = view.side_of(b["seat"])
            if side == "top":
                r.midtop = (card.centerx, card.bottom + size // 2)
            elif side == "right":
                r.bottomright = (card.right, card.top - size // 3)
            else:
                r.bottomleft = (card.left, card.top - size // 3)
            r.clamp_ip(surface.get_rect())
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            alpha = max(0, min(255, round(255 * b["left"] / 0.5))) if b["left"] < 0.5 else 245
            pygame.draw.rect(bg, (255, 248, 228, alpha), bg.get_rect(), border_radius=r.height // 2)
            pygame.draw.rect(bg, (*GOLD, alpha), bg.get_rect(), width=2, border_radius=r.height // 2)
            img.set_alpha(alpha)
            bg.blit(img, img.get_rect(center=bg.get_rect().center))
            show(view.app, surface, bg, r, b["text"], size)
            b["rect"] = r

    def card_size(self) -> int:
        """The face on a seat card (the card is this high and 8 px more)."""
        view = self.view
        return max(40, round(view.layout.tw * 0.9))

    def seat_card_pos(self, side: str, size: int, width: int) -> tuple[int, int]:
        view = self.view
        lay = view.layout
        if side == "bottom":
            return lay.edge, view.controls.toggle_rects()[0].top - size - 16  # above the toggles column
        if side == "top":
            x, _ = lay.side_anchor("top")
            return x + 14 * lay.small + 20, lay.edge
        if side == "left":
            _, y = lay.side_anchor("left")
            return lay.edge, max(lay.edge + 8, y - size - 22)  # above the column, clear of it
        _, y = lay.side_anchor("right")
        # below the column, above the speaker and 快捷语 at the lower right
        return lay.width - lay.edge - width, min(lay.table_h - size - view.corner_room(), y + 15 * lay.small + 16)

    def draw_seat_info(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        side = view.side_of(seat)
        cfg = view.table.seats[seat]
        fonts = view.app.fonts
        size = self.card_size()
        avatar = view.app.art.avatar(cfg.avatar or seat + 1, size)
        coins = view.table.coins[seat] if view.table.coins is not None else view.table.totals()[seat]
        dealt = seat < len(view.model.seats)  # before the deal (a choice such as 上嘎) the card has no round yet
        delta = view.model.seats[seat].delta if dealt else 0
        name_size, money_size = max(view.layout.fs(13), size // 3), max(view.layout.fs(12), size // 3 - 2)
        name = fonts.render(cfg.name, name_size, (250, 245, 230), bold=True)
        money_words = f"{coins}" + (f" ({delta:+d})" if delta else "")
        money = fonts.render(money_words, money_size, (255, 215, 110))
        width = size + max(name.get_width(), money.get_width()) + 26
        x, y = self.seat_card_pos(side, size, width)
        card = pygame.Surface((width, size + 8), pygame.SRCALPHA)
        active = seat == view.model.current and not view.model.finished  # whose turn: public, never who may claim
        pygame.draw.rect(card, (60, 45, 10, 190) if active else (0, 0, 0, 130), card.get_rect(), border_radius=10)
        if active:
            pygame.draw.rect(card, (255, 200, 80, 230), card.get_rect(), width=2, border_radius=10)
        surface.blit(card, (x - 4, y - 4))
        view.card_rects[seat] = pygame.Rect(x - 4, y - 4, width, size + 8)
        view.app.drawn.add("panel", view.card_rects[seat], f"card {side}")
        surface.blit(avatar, (x, y))
        show(view.app, surface, name, (x + size + 8, y + 2), cfg.name, name_size)
        show(view.app, surface, money, (x + size + 8, y + size // 2 + 3), money_words, money_size)
        wind_words, wind_size = view.app.t(WIND_ZH[view.model.seat_wind(seat)]), max(view.layout.fs(12), size // 3)
        wind = fonts.render(wind_words, wind_size, (255, 255, 255), bold=True)
        chip = pygame.Surface((wind.get_width() + 8, wind.get_height()), pygame.SRCALPHA)
        pygame.draw.rect(chip, (30, 90, 60, 230), chip.get_rect(), border_radius=6)
        chip.blit(wind, (4, 0))
        show(view.app, surface, chip, (x + size - chip.get_width() + 4, y + size - chip.get_height() + 4), wind_words,
             wind_size)
        if seat == view.model.dealer:
            surface.blit(view.app.art.dealer_mark(max(18, size // 2), view.app.t("庄")), (x - 8, y - 8))
        status = [view.app.t(words) for words in view.kind.status_words(seat)]
        card = pygame.Rect(x - 4, y - 4, width, size + 8)
        flowers = view.model.seats[seat].flowers if dealt else []
        if flowers:
            # the flowers set aside, right of the card (the right seat's above it: past its right edge they left the
            # window, and to its left lies the player's own melds), at the window's scale
            fw = max(22, view.layout.px(22))
            step = fw + max(1, fw // 22)
            imgs = [view.app.tiles.face(parse_tile(f), fw) for f in flowers]
            if side == "right":
                fx, fy = card.right - step * len(flowers), card.y - 2 - imgs[0].get_height()
            else:
                fx, fy = card.right + 2, y
            rects = [surface.blit(img, (fx + i * step, fy)) for i, img in enumerate(imgs)]
            area = rects[0].unionall(rects[1:])
            view.app.drawn.add("area", area, f"flowers {side}")
            card = card.union(area)
        # who plays the seat now (掉线 · 托管) as a badge of its own beside the card, with the rule set's marks: under
        # the card it ran into the toggles, the quick phrases or a side hand
        self.draw_seat_marks(surface, seat, card, side, status=" · ".join(status))

    def draw_seat_marks(self, surface: pygame.Surface, seat: int, card: pygame.Rect, side: str,
                         status: str = "") -> None:
        """Small badges beside a seat card, one per mark: to the card's right (toward the table's middle), or its left
        for the seat on the right; stacked down from the card's top (for the seat on the left, up from its bottom,
        clear of the top seat's row); one that would leave the window goes below the card. `status` (掉线 · 托管) comes
        first, in blue."""
        view = self.view
        texts = ([status] if status else []) + self.seat_mark_texts(seat)
        if not texts:
            return
        fonts = view.app.fonts
        size = max(view.layout.fs(12), round(view.layout.tw * 0.26))
        imgs = [fonts.render(label, size, (140, 220, 255) if status and i == 0 else (255, 236, 200), bold=True)
                for i, label in enumerate(texts)]
        heights = [img.get_height() + 4 for img in imgs]
        y = card.y if side != "left" else max(card.y, card.bottom - sum(h + 3 for h in heights) + 3)
        below = card.bottom + 3  # where badges go that would leave the window beside the card
        for i, (label, img, height) in enumerate(zip(texts, imgs, heights)):
            is_status = bool(status) and i == 0
            r = pygame.Rect(0, y, img.get_width() + 14, height)
            if side == "right":
                r.right = card.x - 6
            else:
                r.x = card.right + 6
            y = r.bottom + 3
            if r.x < 0 or r.right > surface.get_width():
                r.topleft = (card.right - r.width if side == "right" else card.x, below)
                below = r.bottom + 3
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            fill = (10, 30, 50, 225) if is_status else (150, 36, 28, 225)
            pygame.draw.rect(bg, fill, bg.get_rect(), border_radius=r.height // 2)
            pygame.draw.rect(bg, (*GOLD, 235), bg.get_rect(), width=1, border_radius=r.height // 2)
            surface.blit(bg, r)
            show(view.app, surface, img, img.get_rect(center=r.center), label, size)
            if not is_status:
                view.mark_rects.append((seat, r, label))

    def seat_mark_texts(self, seat: int) -> list[str]:
        """The rule set's marks for a seat (互包 with …, 封胡), in the player's language, seats by name."""
        view = self.view
        names = [c.name for c in view.table.seats]
        return [render(m, translate=view.app.t, seat_name=lambda i: names[i] if 0 <= i < len(names) else str(i))
                for m in view.model.seat_marks(seat)]
