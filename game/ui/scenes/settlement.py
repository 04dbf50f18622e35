"""After each round: every hand laid open, each hand type and score line, nets and coins (the final standings:
game.ui.scenes.standings)."""

from __future__ import annotations

import pygame

from game.engine.events import render
from game.engine.tiles import parse_tile, tile_name
from game.ui.layout import TILE_RATIO
from game.ui.model import flip_rows
from game.ui.settlement_words import SettlementWords, wrap_words
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, panel, text

LINE_H = 24  # the score table's rows and the itemised lines at 1280×720: pixel step and font size
LINE_SIZE = 16
PAGE_KEYS = {pygame.K_DOWN: 1, pygame.K_PAGEDOWN: 1, pygame.K_UP: -1, pygame.K_PAGEUP: -1}  # the itemised pages


class SettlementScene(MenuScene):
    overlay = True

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.ts = table_scene
        self.clock = 0.0
        self.shot = False
        self._lines: tuple = (None, [])  # (what they were wrapped for, the itemised rows in their columns)
        self.working_drawn: list[dict] = []  # the itemised rows as last drawn: level, words, rect, whether a wrapped
        # line goes on (the tests read it)
        self.item_page, self.item_pages = 0, 1  # which page of a long itemised settlement is shown, of how many
        self.flip_drawn: list[dict] = []  # the turned tiles the last frame drew: kind, seat, tiles, lit, rects
        self.grid_drawn: list[dict] = []  # the score table's rows as last drawn: label, deltas, rects
        self.tiles_drawn: list[tuple] = []  # the last frame's wildcard badges and flowers: (kind, seat, rect)
        # True (as it opens): the settlement itemised, as a mahjong app shows it (each item, what it counted, who
        # paid whom); False: the score table, one column a player
        self.working = True
        self._under: pygame.Surface | None = None  # the shaded table and the panel, as first drawn (see draw)
        self.words = SettlementWords(app, table_scene)  # what it says; this scene draws it
        self.replay = table_scene.table.finished_round_replay()  # "watch again" (None: this machine has no round)

    def resize(self, size: tuple[int, int]) -> None:
        self._under = None
        self.overlay = True  # the table is drawn under it again, and kept anew

    def next(self) -> None:
        self.app.pop()
        self.ts.next_round()

    def on_enter(self) -> None:
        self.next()

    def on_escape(self) -> None:
        """Esc: back from the score table to the itemised settlement; else the pause menu, as at the table (its
        Resume comes back here: the round stays settled whatever is chosen)."""
        if not self.working:
            self.toggle_working()
            return
        self.app.push(self.app.make.pause(self.ts))

    def update(self, dt: float) -> None:
        self.clock += dt
        ap = self.app.autoplay
        if ap is not None:
            if not self.shot and self.clock > 0.3:
                self.shot = True
                self.app.screenshot(f"settlement_{self.ts.table.rounds_played + 1}")
            if self.clock > (0.6 if ap.fast else 2.5):
                self.next()

    def draw(self, surface: pygame.Surface) -> None:
        """The hands, one row a player; below them the turned tiles not shown in a row, then the settlement
        itemised (each item, what it counted, who paid whom) or, toggled, the score table (one row per scoring item,
        a column per player with what he gains or pays, the round's sum last). Sizes follow the window; the hand
        rows give up height so that the list and the buttons never overlap anything."""
        app, m = self.app, self.ts.model
        w, h = surface.get_size()
        u = max(0.75, min(w / 1280, h / 720))  # 1 at 1280×720, like the other screens
        box = pygame.Rect(round(w * 0.05), round(h * 0.05), round(w * 0.9), round(h * 0.9))
        if not self.overlay and self._under is not None and self._under.get_size() == (w, h):
            surface.blit(self._under, (0, 0))
        else:
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, (0, 0))
            panel(surface, box, alpha=225)
            if self.overlay and surface is self.app.screen:
                # the table under it stands still while the round is settled: keep the shaded table and the panel
                # as one picture and stop drawing the table (two screen-sized blends a frame were 8 ms at 2560 px)
                self._under = surface.copy()
                self.overlay = False
        self.clicks.reset()
        self.flip_drawn = []
        self.tiles_drawn = []
        self.grid_drawn = []
        title = app.t("Round drawn (exhausted)") if m.exhausted and not m.wins else app.t("Round over")
        text(app, surface, (box.centerx, box.y + round(26 * u)), title, round(30 * u), GOLD, True, "center")
        buttons_top = box.bottom - round(78 * u)
        line_h = max(round(LINE_H * max(0.85, u)), self._text_height(round(LINE_SIZE * max(0.85, u))) + 1)
        grid_h = (len(m.scores) + 2) * line_h + round(10 * u) if m.scores else 0
        if self.working and m.scores:  # the itemised list takes its own rows (the hands give up height for up to
            # eight; a longer list turns its pages rather than shrink the tiles past reading)
            rows = max(len(c) for c in self._item_columns(box, u))
            grid_h = max(len(m.scores) + 2, min(rows, 8)) * line_h + round(10 * u)
        top = box.y + round(52 * u)
        big = max(26, round(min(w, h) * 0.042))
        below = self._flips_below_height(box, big, u)
        room = buttons_top - top - grid_h - below - round(8 * u)
        under = self._text_height(round(15 * max(0.85, u))) + round(10 * u)  # the caption under a row's tiles
        sw = max(16, min(big, int((room / max(1, m.players) - under) / TILE_RATIO)))
        row_h = round(sw * TILE_RATIO) + under
        y = self._draw_hands(surface, box, top, sw, row_h, u)
        y = self._draw_flips(surface, box, y + round(4 * u), sw)  # the turned tiles as pictures, those that scored lit
        y += round(6 * u)
        if self.working:
            self._draw_working(surface, box, y, buttons_top, u)
        elif m.scores:  # tighter lines if a winner's turned tiles had to go below the rows after all
            self._draw_grid(surface, box, y, min(line_h, (buttons_top - y) // (len(m.scores) + 2)), u)
        verdict = self.ts.verdict_text()  # a LAN round: what the commit–reveal check of its wall found
        bw, bh = round(240 * u), round(54 * u)
        next_rect = pygame.Rect(box.centerx - bw // 2, box.bottom - round(70 * u), bw, bh)
        if verdict is not None:  # beside the button, the whole sentence in the LAN help
            words, ok = verdict
            text(app, surface, (next_rect.x - round(16 * u), next_rect.centery), words, round(15 * u),
                 (130, 240, 140) if ok else (255, 150, 120) if ok is False else MUTED, ok is not None, "midright")
        last = self.ts.table.rounds_played + 1 >= (self.ts.table.rounds or 10**9)
        label = app.t(self.ts.kind.settlement_words(last))
        button(app, surface, self.clicks, next_rect, label, self.next, size=round(26 * u))
        # the side buttons: two to the right of the button, two to its left, narrowed where the box is narrow
        side_w = min(round(170 * u), (next_rect.x - box.x - round(80 * u)) // 2)
        side_h = round(44 * u)
        side_y = next_rect.centery - side_h // 2
        if m.scores:
            words = app.t("Score table") if self.working else app.t("How it was counted")
            button(app, surface, self.clicks, pygame.Rect(next_rect.right + round(20 * u), side_y, side_w, side_h),
                   words, self.toggle_working, style="secondary", size=round(16 * u))
        if self.replay is not None and self.app.autoplay is None:
            x = next_rect.x - round(20 * u) - side_w
            if verdict is None:
                button(app, surface, self.clicks, pygame.Rect(x, side_y, side_w, side_h),
                       app.t("Watch again"), self.watch_again, style="secondary", size=round(16 * u))
                button(app, surface, self.clicks, pygame.Rect(x - round(20 * u) - side_w, side_y, side_w, side_h),
                       app.t("Review"), self.review, style="secondary", size=round(16 * u))

    def toggle_working(self) -> None:
        self.working = not self.working

    def _draw_hands(self, surface: pygame.Surface, box: pygame.Rect, y: int, sw: int, row_h: int, u: float) -> int:
        """Each player's row: name (庄), hand with the winning tile apart and lit, melds face up (concealed kongs
        too: the round is over), a winner's turned tiles and how he won; his net and total at the right."""
        app, m = self.app, self.ts.model
        wins = {e["actor"]: e for e in m.wins}
        totals = self.ts.table.totals()
        end = m.end or {}
        deltas = end.get("deltas", [s.delta for s in m.seats])
        tile_h = round(sw * TILE_RATIO)
        fu = max(0.85, u)  # font sizes: readable in the smallest window
        for seat in range(m.players):
            cfg = self.ts.table.seats[seat]
            x = box.x + round(20 * u)
            if seat in wins:
                glow = pygame.Rect(box.x + 8, y - round(4 * u), box.width - 16, row_h - round(2 * u))  # caption in
                pygame.draw.rect(surface, (120, 90, 20), glow, border_radius=10)
            text(app, surface, (x, y), cfg.name + ("  " + app.t("庄") if seat == m.dealer else ""), round(18 * u),
                 INK, True)
            names = [c.name for c in self.ts.table.seats]
            marks = "  ".join(render(mark, translate=app.t, seat_name=lambda i: names[i] if 0 <= i < len(names)
                                     else str(i)) for mark in m.seat_marks(seat))
            if marks:  # what the rule set showed on his card (Hainan's 嘎, Guiliu's 互包), kept with his row
                text(app, surface, (x, y + round(24 * u)), self._fit(marks, round(140 * u), app.fonts.get(
                    round(13 * fu))), round(13 * fu), GOLD)
            d = deltas[seat]
            color = (255, 120, 100) if d < 0 else (130, 240, 140) if d > 0 else MUTED
            text(app, surface, (box.right - round(30 * u), y), f"{d:+d}", round(26 * fu), color, True, "topright")
            coins = self.ts.table.coins[seat] + d if self.ts.table.coins is not None else totals[seat] + d
            text(app, surface, (box.right - round(30 * u), y + round(32 * fu)), app.t("total {n}").format(n=coins),
                 round(14 * fu), MUTED, False, "topright")
            hand = wins[seat]["hand"] if seat in wins else end.get("hands", [[]] * m.players)[seat]
            hx = x + round(150 * u)
            win_tile = wins[seat]["tile"] if seat in wins else None
            wild = app.tiles.badge_wild(sw) if m.ghost else None  # a wildcard keeps its 鬼 badge, as at the table
            for i, t in enumerate(hand):
                if win_tile is not None and i == len(hand) - 1:
                    hx += 8  # the winning tile stands apart, lit
                    t = win_tile
                    surface.blit(app.tiles.face(parse_tile(t), sw), (hx, y))
                    surface.blit(app.tiles.highlight(sw), (hx, y))
                else:
                    surface.blit(app.tiles.face(parse_tile(t), sw), (hx, y))
                if wild is not None and t == m.ghost:
                    self.tiles_drawn.append(("wild", seat, surface.blit(wild, (hx, y))))
                hx += sw
            hx += 10
            revealed = getattr(m.state, "revealed_melds", None)  # at the round's end every meld lies face up
            for j, meld in enumerate(m.seats[seat].melds):
                tiles = list(meld["tiles"])
                if meld["type"] == "concealed_kong" and revealed and j < len(revealed[seat]) \
                        and revealed[seat][j].type == "concealed_kong":
                    tiles = [tile_name(k) for k in revealed[seat][j].tiles]
                for t in tiles:
                    if t == "?":
                        surface.blit(app.tiles.back(sw), (hx, y))
                    else:
                        surface.blit(app.tiles.face(parse_tile(t), sw), (hx, y))
                        if wild is not None and t == m.ghost:
                            self.tiles_drawn.append(("wild", seat, surface.blit(wild, (hx, y))))
                    hx += sw
                hx += 8
            flowers = m.seats[seat].flowers  # set aside during the round: a 翻花对位 win can be checked
            if flowers:
                fw = round(sw * 0.7)
                for f in flowers:
                    r = surface.blit(app.tiles.face(parse_tile(f), fw), (hx, y + tile_h - round(fw * TILE_RATIO)))
                    self.tiles_drawn.append(("flower", seat, r))
                    hx += fw
                hx += 8
            app.drawn.add("area", pygame.Rect(x + round(150 * u), y, hx - x - round(150 * u), tile_h), cfg.name)
            if seat in wins:
                self._flips_in_row(surface, seat, hx, y, box, sw, u)  # his turned tiles, right of his own
                cx = x + round(150 * u)
                limit = min([d["rects"][0].x for d in self.flip_drawn if d["seat"] == seat and d["rects"]]
                            + [box.right - round(140 * u)]) - round(12 * u)  # clear of the flips' own caption
                size = round(15 * fu)
                caption = self._fit(self.words.win_caption(wins[seat]), limit - cx, app.fonts.get(size))
                text(app, surface, (cx, y + tile_h + round(3 * u)), caption, size, GOLD)
            y += row_h
        return y

    def _draw_grid(self, surface: pygame.Surface, box: pygame.Rect, y: int, line_h: int, u: float) -> None:
        """Players' names across, one row per scoring item down, each cell what that player gains (+) or pays (−);
        the round's sum under a rule. `grid_drawn` keeps each row's label, cells and rects (the tests read it)."""
        app = self.app
        rows = self.words.score_rows()
        if not rows:
            return
        names = [s.name for s in self.ts.table.seats]
        size = round(LINE_SIZE * max(0.85, u))  # words stay readable in the smallest window
        left = box.x + round(24 * u)
        first = box.x + round(box.width * 0.5)  # the players' columns start at half the panel
        right = box.right - round(24 * u)
        col_w = (right - first) // max(1, len(names))
        font = app.fonts.get(size, True)
        for i, name in enumerate(names):
            cx = first + col_w * i + col_w // 2
            label = self._fit(name + (" " + app.t("庄") if i == self.ts.model.dealer else ""), col_w - 8, font)
            text(app, surface, (cx, y), label, size, MUTED, True, "midtop")
        y += line_h
        pygame.draw.line(surface, (120, 110, 80), (left, y - 3), (right, y - 3), 1)
        for r, (label, deltas) in enumerate(rows):
            last = r == len(rows) - 1
            if last:
                pygame.draw.line(surface, (200, 170, 90), (left, y - 2), (right, y - 2), 1)
            shown = self._fit(label, first - left - 12, app.fonts.get(size, last))
            label_rect = text(app, surface, (left, y), shown, size, GOLD if last else (225, 225, 210), last)
            cells = []
            for i, d in enumerate(deltas[:len(names)]):
                cx = first + col_w * i + col_w // 2
                color = (255, 130, 110) if d < 0 else (130, 240, 140) if d > 0 else MUTED
                words = f"{d:+d}" if d else ("0" if last else "·")
                cells.append(text(app, surface, (cx, y), words, size, color, last or bool(d), "midtop"))
            self.grid_drawn.append({"label": label, "deltas": list(deltas), "label_rect": label_rect,
                                    "cells": cells, "total": last})
            y += line_h

    def _draw_working(self, surface: pygame.Surface, box: pygame.Rect, y: int, bottom: int, u: float) -> None:
        """The settlement itemised (SettlementWords.itemised): each item's title, then what it counted line by line,
        then who paid whom; wrapped only between words, never inside a name, a number or a sum. In two columns
        (broken between items) when it is long; in pages of two columns (the wheel, the arrow and page keys turn
        them) when even so it does not fit."""
        app = self.app
        size = round(LINE_SIZE * max(0.85, u))
        height = self._text_height(size)
        columns = self._item_columns(box, u)
        longest = max(len(c) for c in columns)
        step = max(height, min(max(round(LINE_H * max(0.85, u)), height + 1), (bottom - y) // max(1, longest)))
        room = max(1, (bottom - y) // step)
        if longest > room:  # pages: the long list flowed down two columns at a time, never a wrapped line cut
            rows, chunks = [row for c in columns for row in c], []
            while rows:
                cut = min(room, len(rows))
                # never inside a wrapped line, never an item's title left at a column's foot without its lines
                while 1 < cut < len(rows) and (rows[cut][3] or rows[cut - 1][0] == 0):
                    cut -= 1
                chunks.append(rows[:cut])
                rows = rows[cut:]
            self.item_pages = (len(chunks) + 1) // 2
            self.item_page = min(self.item_page, self.item_pages - 1)
            columns = chunks[2 * self.item_page:2 * self.item_page + 2]
        else:
            self.item_pages, self.item_page = 1, 0
        left, width, gap = box.x + round(24 * u), box.width - round(48 * u), round(24 * u)
        col_w = width if len(self._item_columns(box, u)) == 1 else (width - gap) // 2
        self.working_drawn = []
        for c, rows in enumerate(columns):
            x0, yy = left + c * (col_w + gap), y
            for level, indent, words, continued in rows:
                color = GOLD if level == 0 else (150, 220, 160) if level == 2 else (225, 225, 210)
                rect = text(app, surface, (x0 + indent, yy), words, size, color, level != 1)
                self.working_drawn.append({"level": level, "words": words, "rect": rect, "width": col_w - indent,
                                           "continued": continued})
                yy += step
        if self.item_pages > 1:  # which page, where the list continues
            text(app, surface, (box.right - round(24 * u), bottom), f"{self.item_page + 1}/{self.item_pages}  ▲▼",
                 size, MUTED, False, "bottomright")

    def turn_item_page(self, by: int) -> None:
        """The itemised settlement's next (by=1) or previous (-1) page, when it has several."""
        self.item_page = max(0, min(self.item_pages - 1, self.item_page + by))

    def handle(self, event: pygame.event.Event) -> None:
        if self.working and event.type == pygame.MOUSEWHEEL:
            self.turn_item_page(-1 if event.y > 0 else 1)
        elif self.working and event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.turn_item_page(PAGE_KEYS[event.key])
        else:
            super().handle(event)

    def _item_columns(self, box: pygame.Rect, u: float) -> list[list[tuple]]:
        """The itemised rows wrapped to the panel: one column, or two balanced at an item's start when one would
        be long. Wrapping measures every word: done once per language, size and settlement."""
        size = round(LINE_SIZE * max(0.85, u))
        key = (self.app.settings.language, len(self.ts.model.scores), len(self.ts.model.flips), box.width, size)
        if self._lines[0] != key:
            width, gap = box.width - round(48 * u), round(24 * u)
            entries = self.words.itemised()
            columns = [self._wrap_items(entries, width, size, u)]
            if len(columns[0]) > 8:
                half = self._wrap_items(entries, (width - gap) // 2, size, u)
                # the break: at a line's start (never inside a wrapped one, never just after an item's title), the
                # columns as even as may be, at an item's start where that costs nothing
                starts = [i for i, row in enumerate(half) if not row[3] and i > 0 and half[i - 1][0] != 0]
                if starts:
                    cut = min(starts, key=lambda i: (max(i, len(half) - i), half[i][0] != 0))
                    columns = [half[:cut], half[cut:]]
            self._lines = (key, columns)
        return self._lines[1]

    def _wrap_items(self, entries: list[tuple[int, str]], width: int, size: int, u: float) -> list[tuple]:
        """Each (level, words) entry wrapped to `width`: rows of (level, indent, words, continued)."""
        keep = self.words.keep_whole()
        rows = []
        for level, words in entries:
            indent = round((0 if level == 0 else 18) * u)
            font = self.app.fonts.get(size, level != 1)
            lines = wrap_words(words, width - indent - round(14 * u), lambda t: font.size(t)[0], keep)
            for i, line in enumerate(lines):
                rows.append((level, indent + (round(14 * u) if i else 0), line, i > 0))
        return rows

    def _text_height(self, size: int) -> int:
        """How tall a line of words of `size` px is drawn (rows closer than that would touch)."""
        return self.app.fonts.get(size).size("国Ag")[1]  # measured, not drawn: nothing shown

    @staticmethod
    def _fit(words: str, width: int, font) -> str:
        """`words` cut with an ellipsis to `width` pixels (a long name or a long list of hand types)."""
        if font.size(words)[0] <= width:
            return words
        while words and font.size(words + "…")[0] > width:
            words = words[:-1]
        return words + "…"

    def _flips_below_height(self, box: pygame.Rect, sw: int, u: float) -> int:
        """The height the turned tiles of no winner take below the rows (a winner's own go in his row; when they
        do not fit there, the score table gives up line height instead, see draw)."""
        m = self.ts.model
        if not m.flips:
            return 0
        winners = {e["actor"] for e in m.wins}
        n = sum(1 for flip in m.flips for row in flip_rows(flip) if row.seat not in winners)
        tw = max(20, round(sw * 0.85))
        return n * (round(tw * TILE_RATIO) + 6)

    def _flips_in_row(self, surface: pygame.Surface, seat: int, x: int, y: int, box: pygame.Rect, sw: int,
                      u: float) -> None:
        """A winner's turned tiles (horses, 醒) in his own row, right of his tiles: lit where they scored for him,
        dimmed where not (the event's counts), the label and his count on the line under them, as his hand's; the
        tiles narrow to fit, and what does not fit even so is drawn below the rows (`_draw_flips`). `flip_drawn`
        keeps what was drawn where."""
        app, variant = self.app, self.ts.table.variant
        right = box.right - round(140 * u)  # the round's score stands there
        x += round(16 * u)
        size = round(15 * max(0.85, u))
        for index, flip in enumerate(self.ts.model.flips):
            for row in flip_rows(flip):
                if row.seat != seat or not row.tiles:
                    continue
                label = app.t(variant.flip_kind(flip.get("kind")).label)
                caption = f"{label} · " + app.t("{count} counted").format(count=row.total)
                cap_w = app.fonts.get(size, True).size(caption)[0]
                tw = sw
                while tw > max(16, round(sw * 0.6)) and self._strip_width(len(row.tiles), tw) > right - x:
                    tw -= 1
                if max(self._strip_width(len(row.tiles), tw), cap_w) > right - x:
                    return  # no room here: below the rows
                strip, rects = app.tiles.flip_strip([parse_tile(t) for t in row.tiles], row.counts, tw, numbers=False)
                surface.blit(strip, (x, y))
                text(app, surface, (x, y + round(sw * TILE_RATIO) + round(3 * u)), caption, size, GOLD, True)
                self.flip_drawn.append({"kind": flip.get("kind"), "flip": index, "seat": row.seat, "where": "row",
                                        "tiles": list(row.tiles), "lit": row.lit, "total": row.total,
                                        "rects": [q.move(x, y) for q in rects]})
                x += max(strip.get_width(), cap_w) + 20

    def _strip_width(self, n: int, width: int) -> int:
        tw = self.app.tiles.size(width)[0]
        return n * (tw + max(4, width // 8)) - max(4, width // 8)

    def _draw_flips(self, surface: pygame.Surface, box: pygame.Rect, y: int, sw: int) -> int:
        """The flips (horses, 醒) not drawn in a winner's row, one row each below the players: the label, the turned
        tiles (lit where they scored for him, dimmed where not) and the winner's name and count. Returns the y below
        them."""
        app, variant = self.app, self.ts.table.variant
        placed = {(d["flip"], d["seat"]) for d in self.flip_drawn}
        tw = max(20, round(sw * 0.85))
        for index, flip in enumerate(self.ts.model.flips):
            label = app.t(variant.flip_kind(flip.get("kind")).label)
            for row in flip_rows(flip):
                if (index, row.seat) in placed:
                    continue
                x = box.x + 24
                chip = app.fonts.render(label, 17, (30, 20, 10), bold=True)
                r = pygame.Rect(x, y, chip.get_width() + 18, chip.get_height() + 6)
                pygame.draw.rect(surface, GOLD, r, border_radius=r.height // 2)
                surface.blit(chip, chip.get_rect(center=r.center))
                strip, rects = app.tiles.flip_strip([parse_tile(t) for t in row.tiles], row.counts, tw)
                sx = max(r.right + 12, box.x + 170)
                surface.blit(strip, (sx, y))
                if row.seat is not None and 0 <= row.seat < len(self.ts.table.seats):
                    text(app, surface, (sx + strip.get_width() + 14, y + strip.get_height() // 2 - 10),
                         self.ts.flip_caption(row), 17, GOLD, True)
                self.flip_drawn.append({"kind": flip.get("kind"), "flip": index, "seat": row.seat, "where": "below",
                                        "tiles": list(row.tiles), "lit": row.lit, "total": row.total,
                                        "rects": [q.move(sx, y) for q in rects]})
                y += strip.get_height() + 6
        return y

    def watch_again(self) -> None:
        if self.replay is not None:
            self.app.push(self.app.make.replay(self.replay))

    def review(self) -> None:
        """复盘: the round again, the expert's review of the seat on screen over it."""
        if self.replay is not None:
            self.app.push(self.app.make.replay(self.replay, review_seat=self.ts.viewer))
