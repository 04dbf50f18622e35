"""The controls: call buttons with the tiles they meld, the chooser between several chows or kongs, 请出牌, the hint
key and its bubble, the toggles at the lower left, the speaker (its menu: speaker_menu.py), and 快捷语 with its list."""

from __future__ import annotations

import math

import pygame

from game.dialects import DIALECT_CHOICES, DIALECT_LABELS, MUTE
from game.engine.state import Action
from game.engine.tiles import parse_tile, tile_name
from game.ui.layout import TILE_RATIO
from game.ui.table.commands import (
    Call,
    Choose,
    Command,
    OpenRules,
    SayPhrase,
    ShowHint,
    ToggleAutoPass,
    ToggleAutoplay,
    ToggleAutoWin,
    ToggleCounter,
    TogglePhrases,
    ToggleSpeaker,
)
from game.ui.table.common import Part
from game.ui.table.speaker_menu import draw_speaker_menu
from game.ui.terms import hand_name
from game.ui.widgets import INK, show


class Controls(Part):
    hint_advice: tuple = (None, "")  # the hint's advice and the language its words were made in
    phrases = True  # 快捷语 is offered at this table
    menu_box: pygame.Rect | None = None  # the speaker's menu as last drawn (a click in it does not close it)
    menu_anchor: pygame.Rect | None = None  # the 快捷语 toggle, which the speaker's menu stands above

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        fonts = view.app.fonts
        lay = view.layout
        actions = view.my_actions()
        kinds = {a.type for a in actions}
        turn = any(a.type == "discard" for a in actions)
        calls = []
        t = view.app.t
        if "win" in kinds:
            calls.append(("win", t("自摸") if turn else t("胡")))
        if kinds & {"kong", "concealed_kong", "added_kong"}:
            calls.append(("kong", t("杠")))
        if "pong" in kinds:
            calls.append(("pong", t("碰")))
        if "chow" in kinds:
            calls.append(("chow", t("吃")))
        if "pass" in kinds:
            calls.append(("pass", t("过")))
        d, hint_size = self.call_button_size(), self.call_key_size()
        x, y = self.calls_origin(len(calls))
        calls_left = x if calls else None
        claimed = self.claimed_tile() if "pass" in kinds else None
        for kind, word in calls:
            r = self.draw_call_button(surface, word, (x, y))
            view.hits.add(r, Call(kind))
            self.draw_call_tiles(surface, r, self.call_tiles(kind, actions, claimed))
            key_words = {"win": "H", "kong": "G", "pong": "P", "chow": "C", "pass": t("Space")}[kind]
            hint = fonts.render(key_words, hint_size, (230, 230, 230))
            show(view.app, surface, hint, hint.get_rect(midtop=(r.centerx, r.bottom + 1)), key_words, hint_size)
            x += d + 14
        if view.choice:
            self.draw_choice(surface, calls_left)
        prompt = view.feeds[view.owner].open_prompt if view.owner in view.feeds else None
        if actions and prompt is not None and prompt.deadline is not None:
            left = max(0.0, prompt.deadline - view.table.clock)
            words = view.app.t("{n}s").format(n=f"{left:0.0f}")
            t = fonts.render(words, lay.fs(22), (255, 230, 150), bold=True)
            show(view.app, surface, t, (x, y + d // 3), words, lay.fs(22))
        # toggles in a column at the lower left; the speaker at the lower right
        prompt = view.open_prompt()
        if view.hint is not None and (not actions or prompt is None or prompt.id != view.hint[0]):
            view.hint = None  # answered (or gone): the advice was for that decision only
        view.hint_key_rect = None
        if actions and (prompt is None or prompt.choice is None) and not view.choice:  # (the chooser has the
            # room above the hand while it is open)
            key_rect = self.draw_hint_key(surface)
            if view.hint is not None and key_rect is not None:
                if self.hint_advice[0] is not None and self.hint_advice[1] != view.app.settings.language:
                    # the language was switched since: the same advice, reworded
                    view.hint = (view.hint[0], self.hint_words())
                self.draw_hint(surface, view.hint[1], key_rect, calls_left)
        size = lay.fs(13)
        for (command, label, on), r in zip(self.toggles(), self.toggle_rects()):
            words = fonts.render(label, size, (30, 20, 10) if on else (225, 230, 220), bold=on)
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (255, 200, 90, 240) if on else (0, 0, 0, 140), bg.get_rect(),
                             border_radius=r.height // 2)
            surface.blit(bg, r)
            show(view.app, surface, words, words.get_rect(center=r.center), label, size)
            view.hits.add(r, command)
        icon_size = lay.px(34)
        icon = view.app.art.speaker_icon(icon_size, view.app.settings.dialect == MUTE)
        r = surface.blit(icon, (lay.width - lay.edge - icon_size, lay.table_h - lay.edge - icon_size))
        view.hits.add(r, ToggleSpeaker())
        names = {d: view.app.t(DIALECT_LABELS[d]) for d in DIALECT_CHOICES}
        dialect = names.get(view.app.settings.dialect, "")
        lt = fonts.render(dialect, size, (230, 230, 220))
        lr = show(view.app, surface, lt, lt.get_rect(midright=(r.left - 6, r.centery)), dialect, size)
        if not self.phrases:  # (a lesson: nobody to say them to)
            self.menu_anchor = r  # the speaker's menu stands above the speaker
            return
        # 快捷语 beside the voices: a phrase is said in each listener's dialect
        words = view.app.t("Quick phrases")
        label = fonts.render(words, size, (30, 20, 10) if view.phrase_menu else (225, 230, 220), bold=view.phrase_menu)
        pr = pygame.Rect(0, 0, max(lay.px(80), label.get_width() + 18), lay.px(24))
        pr.bottomright = (r.right, min(r.top, lr.top) - lay.px(6))  # above the speaker: the hand's row stays clear
        bg = pygame.Surface(pr.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (255, 200, 90, 240) if view.phrase_menu else (0, 0, 0, 140), bg.get_rect(),
                         border_radius=pr.height // 2)
        surface.blit(bg, pr)
        show(view.app, surface, label, label.get_rect(center=pr.center), words, size)
        view.hits.add(pr, TogglePhrases())
        self.menu_anchor = pr  # both menus go above it, drawn last (draw_menu)

    def draw_menu(self, surface: pygame.Surface) -> None:
        """The open menu (the speaker's or the quick phrases), over everything else at the table (the scene draws it
        last): the turn's prompt and the bubbles never cover it."""
        self.menu_box = None
        if self.view.phrase_menu and self.menu_anchor is not None:
            self.menu_box = self.draw_phrase_menu(surface, self.menu_anchor)
        elif self.view.speaker_menu and self.menu_anchor is not None:
            names = {d: self.view.app.t(DIALECT_LABELS[d]) for d in DIALECT_CHOICES}
            self.menu_box = draw_speaker_menu(self.view, surface, self.menu_anchor, names)

    def toggles(self) -> list[tuple[Command, str, bool]]:
        """The toggles of the lower left column: (command, words, on)."""
        view = self.view
        auto_win, auto_pass = view.standing_orders()
        return [(OpenRules(), view.app.t("Rules help"), False), (ToggleAutoWin(), view.app.t("Auto win"), auto_win),
                (ToggleAutoPass(), view.app.t("Auto pass"), auto_pass),
                (ToggleAutoplay(), view.app.t("Autoplay"),
                 view.owner is not None and view.owner in view.table.autoplay),
                (ToggleCounter(), view.app.t("Tile counter"), view.show_counter)]

    def toggle_rects(self) -> list[pygame.Rect]:
        """Where the toggles go: a column at the lower left, one width (the longest words'), grown with the window."""
        view = self.view
        lay = view.layout
        toggles = self.toggles()
        widest = max(view.app.fonts.render(label, lay.fs(13), INK, bold=True).get_width() for _, label, _ in toggles)
        width, height, step = max(lay.px(96), widest + lay.px(18)), lay.px(24), lay.px(27)
        top = lay.table_h - lay.edge - len(toggles) * step
        return [pygame.Rect(lay.edge, top + i * step, width, height) for i in range(len(toggles))]

    def toggles_right(self) -> int:
        return self.toggle_rects()[0].right

    def draw_phrase_menu(self, surface: pygame.Surface, anchor: pygame.Rect) -> pygame.Rect:
        """快捷语: the phrases in a column beside their toggle, one click each. Returns where the menu is."""
        view = self.view
        from game.phrases import PHRASES

        fonts = view.app.fonts
        lay = view.layout
        size = lay.fs(15)
        labels = [(p.id, view.app.t(p.text), fonts.render(view.app.t(p.text), size, (255, 240, 210))) for p in PHRASES]
        width = max(img.get_width() for _, _, img in labels) + lay.px(24)
        row = lay.px(28)
        box = pygame.Rect(0, 0, width, row * len(labels) + 8)
        box.bottomright = (anchor.right, anchor.top - 6)  # above its button, clear of the hand's row
        box.clamp_ip(pygame.Rect(0, 0, view.layout.width, view.layout.table_h))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 16, 10, 235), bg.get_rect(), border_radius=10)
        pygame.draw.rect(bg, (230, 190, 90, 230), bg.get_rect(), width=2, border_radius=10)
        surface.blit(bg, box)
        view.app.drawn.add("panel", box)
        y = box.y + 4
        for phrase_id, words, img in labels:
            r = pygame.Rect(box.x + 4, y, box.width - 8, row)
            show(view.app, surface, img, img.get_rect(midleft=(r.x + 8, r.centery)), words, size)
            view.hits.add(r, SayPhrase(phrase_id))
            y += row
        return box

    def draw_hint_key(self, surface: pygame.Surface) -> pygame.Rect | None:
        """提示, just above the left end of the hand, while the player has a decision."""
        view = self.view
        rects = view.hands.hand_rects()
        if not rects:
            return None
        on = view.hint is not None
        size = view.layout.fs(14)
        label = view.app.fonts.render(view.app.t("Hint (Tab)"), size, (30, 20, 10) if on else (255, 235, 190),
                                      bold=True)
        r = pygame.Rect(0, 0, label.get_width() + 22, label.get_height() + view.layout.px(8))
        tag_h = view.app.fonts.get(view.hands.wait_tag_size(), True).get_height()  # the 听 over a tile
        # above the tiles, a lifted one's 听 included (hands.py lifts a hovered or chosen tile by a quarter tile)
        r.bottomleft = (rects[0].left, min(t.top for t in rects) - max(round(view.layout.tw * 0.3) + 6,
                                                                         round(view.layout.tw * 0.25) + tag_h + 3))
        for beside in (view.waits_chip, view.waits_panel):  # the 听 chip, or a tile's waits, above the hand too
            if beside is not None and r.colliderect(beside):
                r.left = beside.right + view.layout.px(8)
                if beside is view.waits_panel and r.right > rects[-1].right:
                    # a panel as wide as the hand (nine waits, a small window): above its left end, not out over
                    # the right-hand seat's card
                    r.bottomleft = (beside.left, beside.top - view.layout.px(6))
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (255, 200, 90, 240) if on else (40, 28, 12, 210), bg.get_rect(), border_radius=14)
        pygame.draw.rect(bg, (230, 190, 90, 255), bg.get_rect(), width=2, border_radius=14)
        surface.blit(bg, r)
        show(view.app, surface, label, label.get_rect(center=r.center), view.app.t("Hint (Tab)"), size)
        view.hits.add(r, ShowHint())
        view.hint_key_rect = r
        return r

    def draw_hint(self, surface: pygame.Surface, words: str, key: pygame.Rect, calls_left: int | None) -> None:
        """The advice in a bubble beside the hint key, wrapped to end before the call buttons (or the hand's end)."""
        view = self.view
        rects = view.hands.hand_rects()
        right = rects[-1].right if rects else view.layout.width - view.layout.edge
        if calls_left is not None:
            right = min(right, calls_left - 12)
        left = key.right + 10
        size = view.layout.fs(16)
        width = max(view.layout.px(220), right - left)
        font = view.app.fonts.get(size)
        wrap = getattr(font, "_wrap", None)
        lines = wrap(words, width - 28) if wrap is not None else [words]
        rendered = [view.app.fonts.render(line, size, (255, 240, 200)) for line in lines[:4]]
        width = min(width, max(r.get_width() for r in rendered) + 28)
        h = sum(r.get_height() + 2 for r in rendered) + 14
        box = pygame.Rect(left, 0, width, h)
        box.bottom = key.bottom
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 16, 10, 225), bg.get_rect(), border_radius=10)
        pygame.draw.rect(bg, (230, 190, 90, 230), bg.get_rect(), width=2, border_radius=10)
        surface.blit(bg, box)
        view.app.drawn.add("panel", box)
        y = box.y + 7
        for line, r in zip(lines, rendered):
            show(view.app, surface, r, (box.x + 14, y), line, size)
            y += r.get_height() + 2
        view.hint_rect = box

    def claimed_tile(self) -> int | None:
        """The tile a claim prompt is about: the last discard, or the tile of a kong being made (robbing)."""
        view = self.view
        last = view.model.last_discard
        if last is not None:
            seat, index = last
            rows = view.model.seats[seat].discards
            if 0 <= index < len(rows):
                return parse_tile(rows[index][0])
        for _, e in reversed(view.feed().events if view.feeds else []):
            if e.get("type") in ("added_kong_declared", "kong_declared") and isinstance(e.get("tile"), str):
                return parse_tile(e["tile"])
            if e.get("type") in ("discard", "draw"):
                break
        return None

    def call_tiles(self, kind: str, actions: list, claimed: int | None) -> list[int]:
        """The tiles a call button would meld (a chow: which tiles, when only one chow is offered)."""
        if kind == "pass":
            return []
        if kind == "chow":
            chows = [a for a in actions if a.type == "chow"]
            return self.choice_tiles(chows[0]) if len(chows) == 1 else ([claimed] if claimed is not None else [])
        if kind == "kong":
            kongs = [a for a in actions if a.type in ("kong", "concealed_kong", "added_kong")]
            tile = kongs[0].tile if len(kongs) == 1 and kongs[0].tile is not None else claimed
            return [tile] * 4 if tile is not None and len(kongs) <= 1 else []
        if kind == "pong":
            return [claimed] * 3 if claimed is not None else []
        if kind == "win":
            return [claimed] if claimed is not None else []
        return []

    def call_button_size(self) -> int:
        return max(56, round(self.view.layout.tw * 1.2))

    def call_key_size(self) -> int:
        """The size of the key's name under each call button, clear of the hand below."""
        return max(self.view.layout.fs(12), self.call_button_size() // 5)

    def calls_origin(self, count: int) -> tuple[int, int]:
        """Where the first of `count` call buttons goes: over the hand's right half, right of the player's own
        discards (the claimed tiles are shown over each button)."""
        view, lay = self.view, self.view.layout
        d = self.call_button_size()
        x = lay.width // 2 + lay.ring - count * (d + 14) + d
        mine = view.discard_areas.get(view.viewer)
        if mine is not None:
            x = max(x, mine.right + lay.px(16))
        return x, lay.hand_y - d - max(34, round(self.call_key_size() * 1.5) + lay.px(8))

    def draw_call_button(self, surface: pygame.Surface, word: str, at: tuple[int, int]) -> pygame.Rect:
        """One round call button (碰, 胡 …) at `at`, its word narrowed to it where longer (English)."""
        view = self.view
        d = self.call_button_size()
        word_size = round(d * (0.3 if len(word) > 1 else 0.42))
        label = view.app.fonts.render(word, word_size, (255, 255, 255), bold=True)
        if label.get_width() > d * 0.84:
            k = d * 0.84 / label.get_width()
            label = pygame.transform.smoothscale(label, (round(label.get_width() * k),
                                                         max(1, round(label.get_height() * k))))
        r = surface.blit(view.app.art.button((d, d), label, "call"), at)
        view.app.drawn.add("text", label.get_rect(center=r.center), word, word_size, label)
        return r

    def draw_call_tiles(self, surface: pygame.Surface, button: pygame.Rect, tiles: list[int]) -> None:
        view = self.view
        if not tiles:
            return
        sw = max(16, round(button.width * 0.3))
        th = round(sw * TILE_RATIO)
        x = button.centerx - len(tiles) * sw // 2
        y = button.top - th - 6
        bg = pygame.Rect(x - 4, y - 3, len(tiles) * sw + 8, th + 6)
        shade = pygame.Surface(bg.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 150), shade.get_rect(), border_radius=6)
        surface.blit(shade, bg)
        view.app.drawn.add("area", bg, "call tiles")
        for i, t in enumerate(tiles):
            surface.blit(view.app.tiles.face(t, sw), (x + i * sw, y))

    def draw_turn_prompt(self, surface: pygame.Surface) -> None:
        """请出牌: the player on screen must throw a tile now."""
        view = self.view
        actions = view.my_actions()
        if view.choice or not any(a.type == "discard" for a in actions):
            return
        rects = view.hands.hand_rects()
        if not rects:
            return
        alpha = round(200 + 55 * math.sin(view.app.time * 4))
        size = view.layout.fs(18)
        img = view.app.fonts.render(view.app.t("Your turn: throw a tile"), size, (255, 236, 190), bold=True)
        img.set_alpha(alpha)
        if view.hint is not None:
            return  # the hint's bubble speaks there
        top = min(r.top for r in rects) - round(view.layout.tw * 0.65) - 10  # above a lifted tile and its 听
        at = img.get_rect(midbottom=((rects[0].left + rects[-1].right) // 2, top - 8))
        # clear of what stands above the hand: the hint key (at the hand's left end, or beside a waits panel), the own
        # discards (a tall hand in a small window) and a hovered tile's waits panel. The first place clear of them
        # all: centred, right of each in turn (of all of them together last), else above the waits panel
        gap = view.layout.px(16)
        blocks = [r for r in (view.hint_key_rect, view.discard_areas.get(view.viewer), view.waits_panel)
                  if r is not None]
        places = [at] + [at.move(r.right + gap - at.left, 0) for r in blocks]
        if blocks:
            places.append(at.move(blocks[0].unionall(blocks[1:]).right + gap - at.left, 0))
        if view.waits_panel is not None:
            places.append(at.copy())
            places[-1].midbottom = (view.waits_panel.centerx, view.waits_panel.top - view.layout.px(6))
        window = surface.get_rect().inflate(-2 * view.layout.px(8), 0)
        at = next((p for p in places if window.contains(p) and p.collidelist(blocks) < 0), places[-1])
        show(view.app, surface, img, at, view.app.t("Your turn: throw a tile"), size)

    def draw_choice(self, surface: pygame.Surface, calls_left: int | None = None) -> None:
        """Several chows (or kongs) to choose from: each in a box with its number (1–9 picks it), just above the
        hand — under the player's own discards, never over them — and left of the call buttons."""
        view = self.view
        assert view.choice is not None
        lay = view.layout
        sw = lay.small
        th = round(sw * TILE_RATIO)
        badge = max(lay.fs(16), round(sw * 0.55))  # the number's disc, readable at a glance
        pad = 8
        widths = [len(self.choice_tiles(a)) * sw + 2 * pad + badge // 2 for a in view.choice]
        gap = lay.px(16)
        total = sum(widths) + gap * (len(widths) - 1)
        h = th + 2 * pad
        y = lay.hand_y - h - lay.px(10)
        right = min(lay.width // 2 + total // 2, (calls_left if calls_left is not None else lay.width) - gap)
        x = max(lay.edge + badge // 2, right - total)
        mine = view.discard_areas.get(view.viewer)
        if mine is not None and mine.bottom > y:  # a long round's discards reach down: beside them, to the left
            x = max(lay.edge + badge // 2, mine.left - gap - total)
        for i, a in enumerate(view.choice):
            tiles = self.choice_tiles(a)
            r = pygame.Rect(x, y, widths[i], h)
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=8)
            pygame.draw.rect(bg, (255, 210, 90, 220), bg.get_rect(), width=2, border_radius=8)
            surface.blit(bg, r)
            for j, t in enumerate(tiles):
                surface.blit(view.app.tiles.face(t, sw), (r.x + pad + badge // 2 + j * sw, r.y + pad))
            centre = (r.x + 2, r.y + 2)  # the number on a gold disc at the box's corner
            pygame.draw.circle(surface, (255, 210, 90), centre, badge // 2 + 2)
            pygame.draw.circle(surface, (60, 30, 10), centre, badge // 2 + 2, width=2)
            size = max(lay.fs(14), round(badge * 0.8))
            n = view.app.fonts.render(str(i + 1), size, (40, 20, 5), bold=True)
            show(view.app, surface, n, n.get_rect(center=centre), str(i + 1), size)
            view.hits.add(r, Choose(a))
            x = r.right + gap

    def choice_tiles(self, a: Action) -> list[int]:
        if a.type == "chow":
            return sorted([*a.tiles, a.tile])
        return [a.tile] * 4 if a.tile is not None else []

    def hint_words(self) -> str:
        """The advice's words in the player's language now."""
        from game.ui.hint import hint_text

        view = self.view
        advice, _ = self.hint_advice
        self.hint_advice = (advice, view.app.settings.language)
        return hint_text(view.app.t, advice, lambda h: hand_name(view.app, view.table.variant, h), view.state,
                         view.app.tn)

    def show_hint(self) -> str | None:
        """提示: the expert's move for the seat on screen, from that seat's own state, with its reason; a suggested
        discard is also lifted in the hand (Enter throws it)."""
        from game.ui.hint import advise

        view = self.view
        actions = view.my_actions()
        prompt = view.open_prompt()
        if not actions or prompt is None or prompt.choice is not None:
            return None
        advice = advise(view.state, actions)
        self.hint_advice = (advice, view.app.settings.language)
        words = self.hint_words()
        view.hint = (prompt.id, words)
        if advice.action.type == "discard" and advice.action.tile is not None:
            name = tile_name(advice.action.tile)
            tiles = view.my_tiles()
            if name in tiles:
                view.selected = len(tiles) - 1 - tiles[::-1].index(name)  # the drawn tile first, if it is the one
        return words

    def set_dialect(self, dialect: str) -> None:
        """The speaker menu's choice applies at once and is kept in the settings."""
        view = self.view
        view.app.settings.dialect = dialect
        view.app.audio.set_dialect(dialect)
        view.app.save()

    def say(self, phrase_id: str) -> None:
        """The player on screen sends a quick phrase: over the LAN it is shown when the host passes it round (to
        every seat, this one too); at this machine's own table at once."""
        from game.phrases import PHRASE_GAP, PHRASE_IDS

        view = self.view
        seat = view.owner
        view.phrase_menu = False
        if seat is None or phrase_id not in PHRASE_IDS:
            return
        if view.kind.send_phrase(seat, phrase_id):
            return
        if view.app.time - view.phrase_said_at < PHRASE_GAP:
            return
        view.phrase_said_at = view.app.time
        view.presenter.show_phrase(seat, phrase_id)
