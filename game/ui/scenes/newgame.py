"""New game: the rule set, players and seats, rounds, and every option of the rule set with its Chinese label.

Impossible combinations are explained inline (the engine's own message) and Start stays disabled until they are
resolved. The last choices are remembered in the settings. The keyboard moves through the options too (Tab, the
arrows; Enter or Space changes the focused one): newgame_options.py.
"""

from __future__ import annotations

from dataclasses import fields

import pygame

from game.ai import LEVELS
from game.engine.errors import OptionError
from game.ui.fonts import readable
from game.ui.scenes.newgame_options import OptionsPanel
from game.ui.widgets import GOLD, MUTED, RED, MenuScene, button, chip, chip_pad, panel, show, text, ui_scale
from game.variants import AVAILABLE, PLANNED, get_variant

# each rule set's card: its name and what it is known for (msgids, shown in the player's language)
# each rule set's card: its name and tagline (msgids), as the rule set declares them
REGION_NAMES = {vid: (get_variant(vid).name, get_variant(vid).tagline) for vid in AVAILABLE}
ROUND_CHOICES = (4, 8, 16, 0)  # 0: until a player is out of coins
MAX_NAME = 12
AVATARS = 12  # faces to choose from


class NewGameScene(OptionsPanel, MenuScene):
    """The state, the actions and the frame; the options panel is `OptionsPanel` (newgame_options.py)."""

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
        """Why the chosen table cannot be played, in the player's language: two seats of one name, or options that
        do not go together (Chinese where the rules give it)."""
        clash = self.name_clash()
        if clash:
            return self.app.t("Two players are called {name}: give each one a different name.").format(name=clash)
        try:
            self.variant.parse_options(self.options, self.players)
        except OptionError as exc:
            zh = getattr(exc, "zh", None)
            return zh if zh and self.app.settings.language.startswith("zh") else exc.message
        return None

    def seat_names(self) -> list[str]:
        """The names the seats will have at the table (a human's typed or usual one, an AI's), in seat order."""
        return [self.seat_name(i) if self.humans[i] else self.app.t("AI {n}").format(n=i + 1)
                for i in range(self.players)]

    def name_clash(self) -> str | None:
        """A name a human seat shares with another seat (its case and spaces aside), or None. Refused rather than
        made unique: the hand-over screen calls each player by the name he chose, and "Alice (2)" is nobody's."""
        if self.mode == "lan":
            return None  # the players joining from the network name themselves in the lobby
        seen: dict[str, int] = {}
        names = self.seat_names()
        for i, name in enumerate(names):
            key = name.strip().casefold()
            if key in seen and (self.humans[i] or self.humans[seen[key]]):
                return names[seen[key]].strip()  # as the first of the two wrote it
            seen.setdefault(key, i)
        return None

    def clashing(self, i: int) -> bool:
        clash = self.name_clash()
        return clash is not None and self.seat_names()[i].strip().casefold() == clash.casefold()

    def set_option(self, name: str, value) -> None:
        self.options[name] = value

    def choose_players(self, n: int) -> None:
        """Play with `n` players (the rule set's largest count where it has no table of `n`)."""
        self.players = n
        self._fix()

    def choose_variant(self, vid: str) -> None:
        self.variant_id = vid
        self.options = {}
        self._fix()

    def start(self) -> None:
        from game.host import Host as Table
        from game.host import SeatConfig

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
                seats.append(SeatConfig(self.seat_names()[i], level=self.levels[i], avatar=i + 1))
        import time

        self.app.save()
        table = Table(self.variant_id, dict(self.options), seats, seed=int(time.time()),
                      rounds=self.rounds or None)
        self.app.replace(self.app.make.table(table))

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
        if self.option_key(event):  # Tab, the arrows, Enter and Space on the options (newgame_options.py)
            return
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
        title_rect = text(app, surface, (px(30), px(18)), app.t("New game") + (f"  ·  {mode_name}" if mode_name else ""),
                          fs(30), GOLD, True)
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
                     lambda n=n: self.choose_players(n), size=fs(16))
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
                     lambda i=i: self.set_human(i, True), size=fs(15))
            cx = r.right + px(6)
            if not (self.mode == "lan" and i == 0):
                r = chip(app, surface, self.clicks, (cx, y - px(4)), app.t("AI"), not self.humans[i],
                         lambda i=i: self.set_human(i, False), size=fs(15))
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
        self.draw_options(surface, x, y, right)
        # the hovered option's help: in the strip right of the title, above the panel (no control is there)
        band_x = title_rect.right + px(30)
        self.draw_option_help(surface, pygame.Rect(band_x, px(6), w - px(24) - band_x, right.y - px(10)))
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
        """A text size given at 1280×720, at the window's scale; never under MIN_TEXT_PX (12), the smallest that
        reads."""
        return readable(v * self.k)

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
        clash = self.clashing(i)  # a name another seat has too: in red until it is changed
        pygame.draw.rect(surface, GOLD if editing else RED if clash else (140, 130, 110), box,
                         width=2 if editing or clash else 1, border_radius=6)
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
        self.app.push(self.app.make.rules(self.variant_id, focus=option))

    def set_human(self, i: int, human: bool) -> None:
        """Seat `i` a human (a LAN player, in LAN mode) or the AI; the host's own LAN seat stays his, and one human
        seat at least stays."""
        if self.mode == "lan" and i == 0:
            return  # the host's own seat
        self.humans[i] = human
        if not any(self.humans[:self.players]):
            self.humans[i] = True
