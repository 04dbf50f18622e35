"""New game: the rule set, players and seats, rounds, and every option of the rule set with its Chinese label.

Impossible combinations are explained inline (the engine's own message) and Start stays disabled until they are
resolved. The last choices are remembered in the settings.
"""

from __future__ import annotations

import itertools
from dataclasses import fields

import pygame

from game.ai import LEVELS
from game.engine.errors import OptionError
from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene, button, chip, chip_pad, panel, show, text, ui_scale
from game.variants import AVAILABLE, PLANNED, get_variant

# each rule set's card: its name and what it is known for (msgids, shown in the player's language)
# each rule set's card: its name and tagline (msgids), as the rule set declares them
REGION_NAMES = {vid: (get_variant(vid).name, get_variant(vid).tagline) for vid in AVAILABLE}
ROUND_CHOICES = (4, 8, 16, 0)  # 0: until a player is out of coins
MAX_NAME = 12
AVATARS = 12  # faces to choose from


class NewGameScene(MenuScene):
    def __init__(self, app, mode: str = "ai"):
        super().__init__(app)
        self.mode = mode
        last = dict(app.settings.last_setup.get(mode, {}))
        self.variant_id = last.get("variant", "nanning") if last.get("variant") in AVAILABLE else "nanning"
        self.players = last.get("players", 4)
        self.rounds = last.get("rounds", 4)
        self.options: dict = dict(last.get("options", {}))
        default_humans = [True, False, False, False] if mode == "ai" else [True, True, False, False]
        self.humans: list[bool] = list(last.get("humans", default_humans))
        self.levels: list[str] = list(last.get("levels", ["normal"] * 4))
        # each human's own name, avatar and standing orders (自动胡 / 自动过), chosen here and kept
        self.names: list[str] = [str(n)[:MAX_NAME] for n in last.get("names", [])]
        self.avatars: list[int] = [int(a) for a in last.get("avatars", [])]
        self.auto_win: list[bool] = [bool(x) for x in last.get("auto_win", [])]
        self.auto_pass: list[bool] = [bool(x) for x in last.get("auto_pass", [])]
        self.editing: int | None = None  # the seat whose name is being typed
        self.host_error: str | None = None  # a LAN table that could not be opened: why
        self.k = 1.0  # the window's scale (widgets.ui_scale), set as each frame is drawn
        self.scroll = 0  # px the options are scrolled up, when they do not fit the panel
        if mode == "lan":  # seat 0 is the host's own; the others wait for players from the LAN, or are AI
            join = app.settings.last_setup.get("lan_join", {})
            if join.get("name") and not self.names[:1]:
                self.names = [str(join["name"])[:MAX_NAME]]
        self._fix()

    # ---- state
    @property
    def variant(self):
        return get_variant(self.variant_id)

    def _fix(self) -> None:
        v = self.variant
        if self.players not in v.player_counts:
            self.players = v.player_counts[-1]
        names = {f.name for f in fields(v.Options)}
        self.options = {k: val for k, val in self.options.items() if k in names}
        self.humans = (self.humans + [False] * 4)[:4]
        self.levels = (self.levels + ["normal"] * 4)[:4]
        self.names = (self.names + [""] * 4)[:4]
        self.avatars = (self.avatars + [1, 2, 3, 4])[:4]
        self.auto_win = (self.auto_win + [False] * 4)[:4]
        self.auto_pass = (self.auto_pass + [False] * 4)[:4]
        if not any(self.humans[:self.players]) or self.mode == "lan":
            self.humans[0] = True

    def error(self) -> str | None:
        """Why the chosen options cannot be played, in the player's language (Chinese where the rules give it)."""
        try:
            self.variant.parse_options(self.options, self.players)
        except OptionError as exc:
            zh = getattr(exc, "zh", None)
            return zh if zh and self.app.settings.language.startswith("zh") else exc.message
        return None

    def set_option(self, name: str, value) -> None:
        self.options[name] = value

    def choose_variant(self, vid: str) -> None:
        self.variant_id = vid
        self.options = {}
        self._fix()

    def start(self) -> None:
        from game.host import Host as Table, SeatConfig
        from game.ui.table.scene import TableScene

        if self.error():
            return
        self.editing = None
        self.app.settings.last_setup[self.mode] = {
            "variant": self.variant_id, "players": self.players, "rounds": self.rounds, "options": self.options,
            "humans": self.humans, "levels": self.levels, "names": self.names, "avatars": self.avatars,
            "auto_win": self.auto_win, "auto_pass": self.auto_pass}
        self.app.save()
        if self.mode == "lan":
            self._host_lan()
            return
        seats = []
        for i in range(self.players):
            if self.humans[i]:
                # each human seat of this screen is a player profile: his record follows the profile, whatever
                # name he types or the language calls "You"
                pid = self.app.settings.profile_id(i)
                self.app.settings.name_profile(pid, self.names[i])
                seats.append(SeatConfig(self.seat_name(i), human=True, level=self.levels[i], avatar=self.avatars[i],
                                        auto_win=self.auto_win[i], auto_pass=self.auto_pass[i], profile=pid))
            else:
                seats.append(SeatConfig(self.app.t("AI {n}").format(n=i + 1), level=self.levels[i], avatar=i + 1))
        import time

        self.app.save()
        table = Table(self.variant_id, dict(self.options), seats, seed=int(time.time()),
                      rounds=self.rounds or None)
        self.app.replace(TableScene(self.app, table))

    def _host_lan(self) -> None:
        """Open the LAN table and its lobby (game.ui.scenes.lan): seat 0 is this player, the seats marked for
        people wait for them (the AI plays those still empty once the host starts)."""
        from game.ui.scenes.lan_common import host_table

        name = self.seat_name(0)
        self.app.settings.last_setup["lan_join"] = {**self.app.settings.last_setup.get("lan_join", {}),
                                                    "name": self.names[0].strip(), "avatar": self.avatars[0]}
        self.app.save()
        seats = ["remote" if self.humans[i] else f"ai:{self.levels[i]}" for i in range(1, self.players)]
        self.host_error = host_table(self.app, self.variant_id, dict(self.options), self.players, self.rounds or None,
                                     seats, name, self.avatars[0])

    def seat_name(self, i: int) -> str:
        """The name typed for a human seat, or the usual one."""
        if self.names[i].strip():
            return self.names[i].strip()
        return self.app.t("Player {n}").format(n=i + 1) if self.mode == "hotseat" else self.app.t("You")

    def _human_label(self, i: int) -> str:
        if self.mode != "lan":
            return self.app.t("Human")
        return self.app.t("You (host)") if i == 0 else self.app.t("LAN player")

    # ---- input
    def on_enter(self) -> None:
        self.start()

    def handle(self, event: pygame.event.Event) -> None:
        """While a name is being typed, keys edit it (TEXTINPUT carries IME input: Chinese names work)."""
        if self.editing is not None:
            i = self.editing
            if event.type == pygame.TEXTINPUT:
                self.names[i] = (self.names[i] + event.text)[:MAX_NAME]
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.names[i] = self.names[i][:-1]
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                    self.stop_editing()
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.stop_editing()
        if event.type == pygame.MOUSEWHEEL:  # options taller than the panel (clamped as they are drawn)
            self.scroll = max(0, self.scroll - event.y * self.px(40))
        super().handle(event)

    def edit_name(self, i: int) -> None:
        self.editing = i
        pygame.key.start_text_input()

    def stop_editing(self) -> None:
        self.editing = None
        pygame.key.stop_text_input()

    def next_avatar(self, i: int) -> None:
        self.avatars[i] = self.avatars[i] % AVATARS + 1

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        self.k = ui_scale(surface)  # everything below is given at 1280×720 and drawn at the window's scale
        px, fs = self.px, self.fs
        surface.blit(app.art.felt(self.variant_id, (w, h)), (0, 0))
        self.clicks.reset()
        mode_name = {"hotseat": app.t("Hot-seat"), "lan": app.t("LAN table")}.get(self.mode)
        text(app, surface, (px(30), px(18)), app.t("New game") + (f"  ·  {mode_name}" if mode_name else ""), fs(30),
             GOLD, True)
        # rule-set cards
        cw, ch = round(w * 0.16), round(h * 0.14)
        y = px(70)
        for vid in [*AVAILABLE, *PLANNED]:
            title, sub = (app.t(x) for x in REGION_NAMES[vid])
            rect = pygame.Rect(px(24), y, cw, ch)
            card = app.art.region_card(vid, rect.size, title, sub if vid in AVAILABLE else app.t("coming soon"))
            if vid not in AVAILABLE:
                card = card.copy()
                card.set_alpha(110)
            surface.blit(card, rect)
            if vid == self.variant_id:
                pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), width=3, border_radius=12)
            self.clicks.add(rect, lambda v=vid: self.choose_variant(v), vid in AVAILABLE)
            y += ch + px(10)
        x0 = px(24) + cw + px(30)
        bw, bh = px(200), px(52)
        buttons_y = h - bh - px(24)
        right = pygame.Rect(x0, px(64), w - x0 - px(24), buttons_y - px(10) - px(64))
        panel(surface, right, app=app)
        x, y = right.x + px(20), right.y + px(14)
        v = self.variant
        # players and seats: each row as high as its chips (at least 34 px at 1280×720)
        row = max(px(34), fs(15) + chip_pad(fs(15))[1] + 4)
        text(app, surface, (x, y), app.t("Players"), fs(18), GOLD, True)
        cx = x + px(120)
        for n in v.player_counts:
            r = chip(app, surface, self.clicks, (cx, y - px(4)), str(n), n == self.players,
                     lambda n=n: (setattr(self, "players", n), self._fix()), size=fs(16))
            cx = r.right + px(8)
        text(app, surface, (cx + px(30), y), app.t("Rounds"), fs(18), GOLD, True)
        cx += px(110)
        for n in ROUND_CHOICES:
            label = str(n) if n else app.t("until out of coins")
            r = chip(app, surface, self.clicks, (cx, y - px(4)), label, n == self.rounds,
                     lambda n=n: setattr(self, "rounds", n), size=fs(16))
            cx = r.right + px(8)
        y += max(px(40), r.height + px(8))
        for i in range(self.players):
            text(app, surface, (x, y), app.t("Seat {n}").format(n=i + 1), fs(16), (230, 230, 220))
            cx = x + px(120)
            r = chip(app, surface, self.clicks, (cx, y - px(4)), self._human_label(i), self.humans[i],
                     lambda i=i: self._set_human(i, True), size=fs(15))
            cx = r.right + px(6)
            if not (self.mode == "lan" and i == 0):
                r = chip(app, surface, self.clicks, (cx, y - px(4)), app.t("AI"), not self.humans[i],
                         lambda i=i: self._set_human(i, False), size=fs(15))
            cx = r.right + px(20)
            if self.humans[i] and self.mode == "lan" and i > 0:
                text(app, surface, (cx, y), app.t("joins from the network"), fs(14), MUTED)
            elif self.humans[i]:
                cx = self._draw_human_seat(surface, i, cx, y)
            if not self.humans[i]:
                level_names = {"easy": app.t("Easy"), "normal": app.t("Normal"), "hard": app.t("Hard"),
                               "expert": app.t("Expert")}
                for lv in LEVELS:
                    r = chip(app, surface, self.clicks, (cx, y - px(4)), level_names[lv], self.levels[i] == lv,
                             lambda i=i, lv=lv: self.levels.__setitem__(i, lv), size=fs(14))
                    cx = r.right + px(6)
            y += row
        y += px(8)
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
        # when none does (long English labels in the smallest window), two columns at 11 px that scroll
        tries = [(cols, size) for cols in (2, 3) for size in range(fs(15), 10, -1)]
        for cols, size in tries:
            placed = self._place_options(visible, area, size, cols)
            if placed is not None:
                self.scroll = 0
                break
        else:
            placed = self._scrolled(self._place_options(visible, area, 11, 2, strict=False), area, surface)
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
        err = self.error()
        help_x = w - 2 * bw - px(190)
        room = help_x - px(12) - (x0 + px(10))  # up to the leftmost button
        # what is wrong with the options, else why the LAN table could not open, else a word on the options
        if err:
            note = ("⚠ " + err, fs(15), RED)
        elif self.host_error:
            note = ("⚠ " + self.host_error, fs(15), RED)
        else:
            note = (app.t("Options follow the region's rules; defaults are the usual table."), fs(14), MUTED)
        img = app.fonts.render(note[0], note[1], note[2])
        size = note[1]
        if img.get_width() > room > 0:  # on more lines (as many as the buttons' height holds), never under them
            wrapped = app.fonts.get(size).render(note[0], True, note[2], wraplength=room)
            if wrapped.get_height() <= bh:
                img = wrapped
        if img.get_width() > room > 0:  # narrowed, never under the buttons
            size = round(size * room / img.get_width())
            img = pygame.transform.smoothscale(img, (room, max(1, round(img.get_height() * room / img.get_width()))))
        show(app, surface, img, img.get_rect(midleft=(x0 + px(10), buttons_y + bh // 2)), note[0], size)
        button(app, surface, self.clicks, pygame.Rect(w - bw - px(30), buttons_y, bw, bh), app.t("Start"), self.start,
               enabled=err is None)
        button(app, surface, self.clicks, pygame.Rect(w - 2 * bw - px(50), buttons_y, bw, bh), app.t("Back"),
               self.app.pop, style="secondary")
        button(app, surface, self.clicks, pygame.Rect(help_x, buttons_y, px(120), bh), app.t("Rules help"),
               self.help, style="secondary", size=fs(17))

    def px(self, v: float) -> int:
        """A length given at 1280×720, at the window's scale (of the last frame)."""
        return round(v * self.k)

    def fs(self, v: float) -> int:
        """A text size given at 1280×720, at the window's scale; never under 11 px, the smallest that reads."""
        return max(11, self.px(v))

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

    def _draw_human_seat(self, surface: pygame.Surface, i: int, x: int, y: int) -> int:
        """A human seat: his face (click for another), his name (click to type), his standing orders."""
        app = self.app
        px, fs = self.px, self.fs
        face = app.art.avatar(self.avatars[i], max(px(26), fs(15) + 11))
        r = surface.blit(face, (x, y - px(5)))
        self.clicks.add(r, lambda i=i: self.next_avatar(i))
        box = pygame.Rect(r.right + px(8), y - px(5), px(150), r.height)
        editing = self.editing == i
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=6)
        pygame.draw.rect(surface, GOLD if editing else (140, 130, 110), box, width=2 if editing else 1,
                         border_radius=6)
        shown = self.names[i] if editing else self.seat_name(i)
        text(app, surface, (box.x + px(8), box.centery), shown + ("|" if editing else ""), fs(15),
             (255, 255, 255) if editing or self.names[i] else MUTED, anchor="midleft")
        self.clicks.add(box, lambda i=i: self.edit_name(i))
        cx = box.right + px(12)
        if self.mode == "lan":
            return cx  # standing orders are set at the table
        for key, values, word in (("auto_win", self.auto_win, app.t("Auto win")),
                                  ("auto_pass", self.auto_pass, app.t("Auto pass"))):
            r = chip(app, surface, self.clicks, (cx, y - px(4)), word, values[i],
                     lambda values=values, i=i: values.__setitem__(i, not values[i]), size=fs(14))
            cx = r.right + px(6)
        return cx

    def help(self, option: str | None = None) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.variant_id, focus=option))

    def _set_human(self, i: int, human: bool) -> None:
        if self.mode == "lan" and i == 0:
            return  # the host's own seat
        self.humans[i] = human
        if not any(self.humans[:self.players]):
            self.humans[i] = True
