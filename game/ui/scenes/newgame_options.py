"""The options panel of the new-game screen (game.ui.scenes.newgame): every option of the chosen rule set, grouped as
the rules group them, each label opening its rules and each choice a chip, the hovered option's help above the
panel; placed in two or three columns at the
largest text that fits, else scrolled by the mouse wheel. Options that do not apply to the table chosen stay
hidden unless changed.

The keyboard reaches every option too: Tab (Shift+Tab back) and ↑ ↓ move a ring of focus from option to option,
← → to the nearest option of the next column; the focused option's help shows as a hovered one's does; Enter or
Space changes it to its next value (+ and − step a number, or a choice back and forth); Esc takes the focus away."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pygame

from game.ui.fonts import MIN_TEXT_PX
from game.ui.widgets import GOLD, INK, MUTED, chip, chip_pad, show, text

NEXT_KEYS = (pygame.K_TAB, pygame.K_DOWN)
PREVIOUS_KEYS = (pygame.K_UP,)
CHANGE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
BACK_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class OptionsPanel:
    """The options half of `NewGameScene`: reads the scene's rule set, options, scroll and keyboard focus, adds its
    controls to `self.clicks`; the actions it calls (set_option, help) are the scene's."""

    focus: str | None = None  # the option the keyboard is on (its field's name)
    option_order: list = []  # the options shown, in reading order (column by column), as last drawn
    option_rects: dict = {}  # option name -> where its label and choices were last drawn (unscrolled)

    def option_key(self, event: pygame.event.Event) -> bool:
        """A key for the options (moving the focus, changing the focused option); False when it is not one."""
        if event.type != pygame.KEYDOWN or not self.option_order:
            return False
        key, order = event.key, self.option_order
        at = order.index(self.focus) if self.focus in order else None
        if key in NEXT_KEYS or key in PREVIOUS_KEYS:
            back = key in PREVIOUS_KEYS or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if at is None:
                self.focus = order[-1 if back else 0]
            else:
                self.focus = order[(at + (-1 if back else 1)) % len(order)]
            return True
        if at is None:
            return False  # Enter starts the game while no option has the focus; Esc goes back
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = self._beside(self.focus, 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in CHANGE_KEYS or key in BACK_KEYS:
            self.step_option(self.focus, -1 if key in BACK_KEYS else 1)
            return True
        if key == pygame.K_ESCAPE:
            self.focus = None
            return True
        return False

    def _beside(self, name: str, direction: int) -> str:
        """The option in the next column that way whose row is nearest (the same option when there is none)."""
        here = self.option_rects.get(name)
        if here is None:
            return name
        others = [(n, r) for n, r in self.option_rects.items()
                  if (r.x - here.x) * direction > here.width // 2]
        if not others:
            return name
        nearest_x = min(abs(r.x - here.x) for _, r in others)
        column = [(n, r) for n, r in others if abs(r.x - here.x) <= nearest_x + 4]
        return min(column, key=lambda item: abs(item[1].centery - here.centery))[0]

    def step_option(self, name: str, delta: int) -> None:
        """An option to its next value (`delta` 1) or its previous one (-1), round the list; a number up or down."""
        f = next((f for f in fields(self.variant.Options) if f.name == name), None)
        if f is None:
            return
        value = self.options.get(name, f.default)
        values = [v for v, _ in self._option_values(f)]
        if values:
            i = values.index(value) if value in values else 0
            self.set_option(name, values[(i + delta) % len(values)])
        else:
            self.set_option(name, max(1, value + delta))

    def draw_options(self, surface: pygame.Surface, x: int, y: int, right: pygame.Rect) -> None:
        """Every option of the rule set, grouped as the rules group them, from (x, y) to the bottom of the
        `right` panel: at the largest text that fits, else scrolled."""
        app, v = self.app, self.variant
        px, fs = self.px, self.fs
        # options, grouped as the rules group them
        try:  # built without the combination check, so hidden options follow what is chosen even when invalid
            opts_obj = v.Options(**self.options)
        except (TypeError, ValueError):
            opts_obj = None
        groups: dict[str, list] = {}
        for f in fields(v.Options):
            groups.setdefault(f.metadata.get("group", ""), []).append(f)
        applies = getattr(opts_obj, "applies", None)
        # an option that does not apply stays hidden, unless it was changed (so a conflict can be undone)
        visible = {g: [f for f in items if applies is None or applies(f.name, self.players)
                       or self.options.get(f.name, f.default) != f.default] for g, items in groups.items()}
        visible = {g: fs for g, fs in visible.items() if fs}
        area = pygame.Rect(x, y, right.width - px(40), right.bottom - px(10) - y)
        # the largest text at which every option fits the panel in two columns, else in three (a small window);
        # when none does (long English labels in the smallest window), two columns at the smallest size that scroll
        tries = [(cols, size) for cols in (2, 3) for size in range(fs(15), MIN_TEXT_PX - 1, -1)]
        for cols, size in tries:
            placed = self._place_options(visible, area, size, cols)
            if placed is not None:
                self.scroll = 0
                self._remember(placed)
                break
        else:
            placed = self._place_options(visible, area, MIN_TEXT_PX, 2, strict=False)
            self._remember(placed)
            placed = self._scrolled(placed, area, surface)
        self.option_spots = [(rect, payload[0]) for kind, rect, payload, _ in placed if kind in ("label", "chip")]
        for kind, rect, payload, size in placed:
            if kind == "group":
                text(app, surface, rect.topleft, payload, size + 2, GOLD, True)
            elif kind == "label":
                f, img, shown = payload
                show(app, surface, img, rect, app.t(f.metadata["label"]), shown)
                self.clicks.add(rect, lambda n=f.name: self.help(n))  # the option's label opens its rules
            elif kind == "chip":
                f, val, label = payload
                value = self.options.get(f.name, f.default)
                if val in ("−", "+"):
                    new = max(1, value - 1) if val == "−" else value + 1
                    chip(app, surface, self.clicks, rect.topleft, val, False,
                         lambda n=f.name, new=new: self.set_option(n, new), size=size)
                else:
                    chip(app, surface, self.clicks, rect.topleft, label, value == val,
                         lambda n=f.name, val=val: self.set_option(n, val), size=size)
            elif kind == "number":
                text(app, surface, rect.topleft, payload, size + 1, (255, 255, 255), True)
        focused = self.option_rects.get(self.focus)
        if focused is not None:  # the keyboard's ring round the option's name and choices, where it is shown now
            ring = focused.move(0, -self.scroll).inflate(px(8), px(6))
            if area.inflate(px(8), px(8)).contains(ring):
                pygame.draw.rect(surface, GOLD, ring, width=max(2, px(2)), border_radius=px(8))

    def _remember(self, placed: list) -> None:
        """The options in reading order and the box round each one's label and choices (the keyboard's ring)."""
        rects: dict = {}
        for kind, rect, payload, _ in placed:
            if kind in ("label", "chip"):
                name = payload[0].name
                rects[name] = rects[name].union(rect) if name in rects else pygame.Rect(rect)
        self.option_rects = rects
        self.option_order = list(rects)
        if self.focus is not None and self.focus not in rects:
            self.focus = None  # (an option that stopped applying)

    def hovered_option(self):
        """The option whose label or choice is under the mouse (of the last frame), else the one the keyboard is on,
        or None."""
        spots = getattr(self, "option_spots", ())
        hovered = next((f for rect, f in spots if self.clicks.hovered(rect)), None)
        return hovered or next((f for _, f in spots if f.name == self.focus), None)

    def draw_option_help(self, surface: pygame.Surface, band: pygame.Rect) -> pygame.Rect | None:
        """The hovered option's one-line help (its rule set's data, translated; else a word that options explain
        themselves) in `band`, an empty strip of the screen, so it covers no control: on up to as many lines as the
        band holds, at the largest size that fits (never under MIN_TEXT_PX), else narrowed to the band."""
        if band.width <= 0:
            return None
        app = self.app
        f = self.hovered_option()
        if f is not None and f.metadata.get("help"):
            colon = "：" if app.settings.language.startswith("zh") else ": "  # Chinese takes the full-width colon
            words, color = app.t(f.metadata["label"]) + colon + app.t(f.metadata["help"]), (240, 230, 200)
        else:  # nothing pointed at: say that the options explain themselves
            words, color = app.t("Point at an option to see what it does; click its name for its rules."), MUTED
        for size in range(self.fs(17 if color != MUTED else 15), MIN_TEXT_PX - 1, -1):
            img = app.fonts.get(size).render(words, True, color, wraplength=band.width)
            if img.get_height() <= band.height:
                break
        if img.get_height() > band.height:  # still too tall: the smallest size, narrowed to the band
            k = band.height / img.get_height()
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), band.height))
            size = round(size * k)
        return show(app, surface, img, img.get_rect(midleft=band.midleft), words, size)

    def _option_values(self, f) -> list[tuple[object, str]]:
        """(value, its words) for each choice of an option, in the player's language."""
        app = self.app
        labels = f.metadata.get("labels") or {}
        if isinstance(f.default, bool):
            return [(val, app.t(labels[val]) if val in labels else app.t("On") if val else app.t("Off"))
                    for val in (True, False)]
        if f.metadata.get("choices"):
            return [(val, app.t(str(labels[val])) if val in labels else str(val)) for val in f.metadata["choices"]]
        return []

    def _place_options(self, visible: dict, area: pygame.Rect, size: int, cols: int = 2,
                       strict: bool = True) -> list | None:
        """Where each group title, option label and choice goes at text `size`: `cols` columns, the labels' column as
        wide as its longest label (at most 40 % of the column, longer labels on more lines), the choices flowing
        onto further lines where they must. None when it does not fit `area` (unless not `strict`)."""
        app = self.app
        col_w = (area.width - 20 * (cols - 1)) // cols
        pad_w, pad_h = chip_pad(size)
        line = size + pad_h  # a chip's height
        labels = {f.name: app.fonts.render(app.t(f.metadata["label"]), size, (230, 230, 220))
                  for fs in visible.values() for f in fs}
        label_w = min(round(col_w * 0.4), max((img.get_width() for img in labels.values()), default=0) + 14)
        first = label_w + 10  # where a line of choices starts

        def chip_w(words: str) -> int:
            return app.fonts.render(words, size, INK, bold=True).get_width() + pad_w

        def block(fs) -> tuple[int, list]:
            """A group's items relative to its column's top-left, and its height."""
            items: list = []
            y = 0
            for f in fs:
                img, shown = labels[f.name], size
                if img.get_width() > label_w - 10:  # a long label (English glosses) on two or more lines
                    img = app.fonts.get(size).render(app.t(f.metadata["label"]), True, (230, 230, 220),
                                                     wraplength=label_w - 10)
                if img.get_width() > label_w - 10:  # a word longer than the column: narrowed
                    k = (label_w - 10) / img.get_width()
                    img = pygame.transform.smoothscale(img, (label_w - 10, max(1, round(img.get_height() * k))))
                    shown = round(size * k)
                items.append(("label", pygame.Rect(10, y + 4, img.get_width(), img.get_height()), (f, img, shown)))
                cx, cy = first, y
                values = self._option_values(f)
                if not values:  # a number: − value +
                    value = self.options.get(f.name, f.default)
                    items.append(("chip", pygame.Rect(cx, cy, chip_w("−"), line), (f, "−", "−")))
                    cx += chip_w("−") + 10
                    items.append(("number", pygame.Rect(cx, cy + 4, 0, 0), str(value)))
                    cx += app.fonts.render(str(value), size + 1, INK, bold=True).get_width() + 10
                    items.append(("chip", pygame.Rect(cx, cy, chip_w("+"), line), (f, "+", "+")))
                for val, words in values:
                    w = chip_w(words)
                    if cx + w > col_w and cx > first:  # onto the next line, under the first choice
                        cx, cy = first, cy + line + 2
                    items.append(("chip", pygame.Rect(cx, cy, w, line), (f, val, words)))
                    cx += w + 6
                y = max(cy + line, y + 4 + img.get_height()) + 4
            return y, items

        title_h = size + 14
        blocks = []
        for group, fs in visible.items():
            height, items = block(fs)
            blocks.append((app.t(group) if group else app.t("Options"), height + title_h, items))
        heights = [h for _, h, _ in blocks]

        def tallest(cuts: tuple) -> int:
            ends = (0, *cuts, len(blocks))
            return max(sum(heights[a:b]) for a, b in zip(ends, ends[1:]))

        # the groups, in their order, run on into the next column where that leaves the columns most even
        cuts = min(itertools.combinations(range(1, len(blocks)), max(0, min(cols, len(blocks)) - 1)), key=tallest,
                   default=())
        out: list = []
        col, y = 0, 0
        for index, (title, height, items) in enumerate(blocks):
            if index in cuts:
                col, y = col + 1, 0
            ox = area.x + col * (col_w + 20)
            if strict and area.y + y + height > area.bottom:
                return None
            out.append(("group", pygame.Rect(ox, area.y + y, 0, 0), title, size))
            for kind, rect, payload in items:
                out.append((kind, rect.move(ox, area.y + y + size + 12), payload, size))
            y += height
        return out

    def _scrolled(self, placed: list, area: pygame.Rect, surface: pygame.Surface) -> list:
        """Options taller than their area, moved up by the scroll (the mouse wheel) and cut to what lies wholly in
        the area; ▲ and ▼ at its right edge say there is more above or below."""
        bottom = max(rect.bottom for kind, rect, _, size in placed) + self.px(8)
        focused = self.option_rects.get(self.focus)
        if focused is not None:  # the keyboard's option scrolled into view
            self.scroll = min(max(self.scroll, focused.bottom + self.px(8) - area.bottom), focused.top - area.top)
        self.scroll = max(0, min(self.scroll, bottom - area.bottom))
        shown = []
        for kind, rect, payload, size in placed:
            rect = rect.move(0, -self.scroll)
            tall = size + 14 if kind == "group" else rect.height  # a group's title is placed by its top-left only
            if area.top <= rect.top and rect.top + tall <= area.bottom:
                shown.append((kind, rect, payload, size))
        size = self.fs(14)
        if self.scroll > 0:
            text(self.app, surface, (area.right + self.px(14), area.top), "▲", size, GOLD, True, "topright")
        if self.scroll < bottom - area.bottom:
            text(self.app, surface, (area.right + self.px(14), area.bottom), "▼", size, GOLD, True, "bottomright")
        return shown
