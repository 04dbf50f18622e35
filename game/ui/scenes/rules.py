"""Rules help: each rule set's rules, its hand types with their values, and every option with its choices, in the
player's language. The text comes from the rule sets' own data (shared/rules/ is the source of truth)."""

from __future__ import annotations

from dataclasses import fields

import pygame

from game.ui.terms import count_text
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, chip, panel, text
from game.variants import AVAILABLE, get_variant


def wrap(app, line: str, size: int, width: int) -> list[str]:
    """Break text to fit `width` pixels: at spaces for Latin text, anywhere for Chinese."""
    out, cur = [], ""
    cjk = sum(1 for c in line if "\u4e00" <= c <= "\u9fff")
    words = cjk < len(line) // 3  # mostly Latin text (a Chinese term or two inside): break at spaces
    tokens = line.split(" ") if words else list(line)
    sep = " " if words else ""
    for tok in tokens:
        trial = cur + (sep if cur else "") + tok
        if app.fonts.render(trial, size, INK).get_width() > width and cur:
            out.append(cur)
            cur = tok
        else:
            cur = trial
    if cur:
        out.append(cur)
    return out


class RulesScene(MenuScene):
    def __init__(self, app, variant_id: str = "nanning", focus: str | None = None):
        super().__init__(app)
        self.variant_id = variant_id if variant_id in AVAILABLE else "nanning"
        self.focus = focus  # an option to highlight (from the new-game screen)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        surface.blit(app.art.felt(self.variant_id, (w, h)), (0, 0))
        self.clicks.reset()
        box = pygame.Rect(20, 16, w - 40, h - 32)
        panel(surface, box, alpha=220)
        text(app, surface, (box.x + 24, box.y + 14), app.t("Rules help"), 28, GOLD, True)
        x = box.x + 200
        names = [app.t(get_variant(vid).name) for vid in AVAILABLE]
        room = box.right - 190 - x  # up to the Back button
        size = 17
        while size > 11 and sum(app.fonts.render(n, size, INK, bold=True).get_width() + 32 for n in names) > room:
            size -= 1
        for vid, name in zip(AVAILABLE, names):
            r = chip(app, surface, self.clicks, (x, box.y + 16), name, vid == self.variant_id,
                     lambda v=vid: setattr(self, "variant_id", v), size=size)
            x = r.right + 10
        v = get_variant(self.variant_id)
        col_w = (box.width - 72) // 2
        y = box.y + 64
        for line in wrap(app, app.t(v.summary), 15, col_w):
            text(app, surface, (box.x + 24, y), line, 15, INK)
            y += 22
        y += 10
        text(app, surface, (box.x + 24, y), app.t("Hand types"), 18, GOLD, True)
        y += 28
        rows = [(t.name, t.id, t.value_text or str(t.value)) for t in v.hand_types]
        rows = [(name, hid, value) for hid, name, value in v.small_hands] + rows
        room = box.bottom - 12 - y
        cols = 1 if len(rows) * 20 <= room else 2  # a long list runs in two columns
        per = -(-len(rows) // cols)
        step = max(16, min(23, room // max(1, per)))
        size = min(15, step - 5)
        sub_w = col_w // cols
        top = y
        for i, (name, _hid, value) in enumerate(rows):  # the players' names (English: with a gloss), never our ids
            cx, cy = box.x + 24 + (i // per) * sub_w, top + (i % per) * step
            worth = count_text(app, app.t(str(value)), v.fan_unit)
            tail = text(app, surface, (cx + sub_w - 8, cy), worth, size, GOLD, anchor="topright")
            img = app.fonts.render(app.t(name), size, INK, bold=True)
            fit = tail.left - 8 - (cx + 10)
            if img.get_width() > fit > 0:
                img = pygame.transform.smoothscale(img, (fit, max(1, round(img.get_height() * fit / img.get_width()))))
            surface.blit(img, (cx + 10, cy))
        y = top + per * step
        # options: the right column, running on below the hand types when it is full
        left_y = y + 16
        ox, y = box.x + 48 + col_w, box.y + 64
        text(app, surface, (ox, y), app.t("Options"), 18, GOLD, True)
        y += 28
        for f in fields(v.Options):
            if y > box.bottom - 46 and ox != box.x + 24:
                ox, y = box.x + 24, left_y
            labels = f.metadata.get("labels") or {}
            def shown(value):
                if value in labels:
                    return app.t(str(labels[value]))
                if isinstance(value, bool):
                    return app.t("On") if value else app.t("Off")
                return str(value)

            if isinstance(f.default, bool):
                values = [shown(True), shown(False)]
                default = shown(f.default)
            elif f.metadata.get("choices"):
                values = [shown(c) for c in f.metadata["choices"]]
                default = shown(f.default)
            else:
                values = [f"≥ {f.metadata.get('minimum', 1)}"]
                default = str(f.default)
            lit = f.name == self.focus
            if lit:
                pygame.draw.rect(surface, (120, 90, 20), pygame.Rect(ox - 6, y - 3, col_w, 40), border_radius=6)
            text(app, surface, (ox, y), app.t(f.metadata["label"]), 15, INK, True)
            text(app, surface, (ox + col_w - 12, y), app.t("default: {value}").format(value=default), 13, GOLD,
                 anchor="topright")
            text(app, surface, (ox + 10, y + 19), " / ".join(values), 13, (210, 215, 205))
            y += 40
        button(app, surface, self.clicks, pygame.Rect(box.right - 170, box.y + 10, 150, 42), app.t("Back"),
               self.app.pop)
