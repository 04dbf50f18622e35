"""复盘 in the replay viewer: the expert's review of one seat (game.review), made in the background, and the strip
above the transport bar that shows it — its progress, then the summary (agreement, points given up a round, the
three costliest decisions) and, stepping from mark to mark, each decision where the expert would have done
otherwise: the move made, the expert's, the points it gives up and why. The expert's move is shown on the table as
well: its discard lifted in the seat's hand, its call as the table's call button."""

from __future__ import annotations

import pygame

from game import review as reviews
from game.engine.tiles import parse_tile
from game.ui.fonts import readable
from game.ui.hint import review_reason, tile_word
from game.ui.terms import hand_name
from game.ui.widgets import GOLD, INK, MUTED, button, show, text, ui_scale

ROWS = 2  # the strip's lines over the transport bar while a review is shown (one in a short window, see rows())
SHORT = 700  # px: a window less tall keeps the table's room (its side hands need it) and shows one line
ROW_H = 34  # each, at 1280×720
CALL_WORDS = {"win": "胡", "kong": "杠", "pong": "碰", "chow": "吃", "pass": "过"}


class ReviewStrip:
    def __init__(self, view):
        self.view = view
        self.job: reviews.ReviewJob | None = None
        self.at: int | None = None  # which mark (index into marks) the table shows

    # ---- state
    @property
    def shown(self) -> bool:
        return self.job is not None

    @property
    def review(self) -> reviews.Review | None:
        return self.job.result if self.job is not None else None

    def marks(self) -> list[reviews.Decision]:
        r = self.review
        return [d for d in r.marks() if d.kind != "setup"] if r is not None else []

    def start(self, seat: int) -> None:
        """Review `seat` (a kept review at once, else in the background) and turn the table to it."""
        if self.job is not None:
            self.job.cancel()
        view = self.view
        view.viewer = seat
        view.selected = None
        self.at = None
        self.job = reviews.ReviewJob(view.replay, seat)
        view.resize(view.app.screen.get_size())

    def next_seat(self) -> None:
        self.start((self.view.viewer + 1) % self.view.table.players)

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def step(self, direction: int) -> None:
        """To the next (or previous) mark: the table at the moment of that decision, the expert's move shown."""
        marks = self.marks()
        if not marks:
            return
        if self.at is None:
            self.at = 0 if direction > 0 else len(marks) - 1
        else:
            self.at = max(0, min(len(marks) - 1, self.at + direction))
        self.go(marks[self.at])

    def go(self, d: reviews.Decision) -> None:
        marks = self.marks()
        self.at = marks.index(d) if d in marks else None
        view = self.view
        view.director.playing = False
        view.director.seek(max(1, d.event))
        view.selected = None
        if d.best.get("type") == "discard" and d.best.get("tile"):
            tiles = view.my_tiles()
            name = d.best["tile"]
            if name in tiles:
                view.selected = len(tiles) - 1 - tiles[::-1].index(name)  # the drawn tile first, if it is the one

    def current(self) -> reviews.Decision | None:
        marks = self.marks()
        if self.at is None or not 0 <= self.at < len(marks):
            return None
        d = marks[self.at]
        return d if self.view.index == max(1, d.event) else None  # moved on: no longer at the mark

    def reason(self, d: reviews.Decision) -> str:
        app = self.view.app
        return review_reason(app.t, d, lambda h: hand_name(app, self.view.table.variant, h), app.tn, with_move=False)

    def move_words(self, move: dict) -> str:
        t = self.view.app.t
        kind = move.get("type")
        if kind == "discard" and move.get("tile"):
            return t("Discard {tile}").format(tile=tile_word(t, parse_tile(move["tile"])))
        if kind in ("concealed_kong", "added_kong"):
            return t("Kong {tile}").format(tile=tile_word(t, parse_tile(move["tile"])))
        if kind in CALL_WORDS:
            return t(CALL_WORDS[kind])
        return str(kind)

    @staticmethod
    def rows(size: tuple[int, int]) -> int:
        return ROWS if size[1] >= SHORT else 1

    # ---- drawing
    def draw(self, surface: pygame.Surface, strip: pygame.Rect) -> None:
        """The strip's lines in `strip` (the top of the bar's panel): the seat and the summary with the costliest
        decisions, then the marks; in a short window one line, the summary shown while no mark is."""
        view, app = self.view, self.view.app
        k = ui_scale(surface)

        def px(v: float) -> int:
            return round(v * k)

        def fs(v: float) -> int:
            return readable(v * k)

        job = self.job
        if job is None:
            return
        row1 = pygame.Rect(strip.x + px(12), strip.y + px(4), strip.width - px(24), px(ROW_H) - px(6))
        one_line = self.rows(surface.get_size()) == 1  # the marks on the seat's line, the summary between them
        seat_w = px(150)
        row2 = row1.move(0, px(ROW_H)) if not one_line else pygame.Rect(row1.x + seat_w + px(12), row1.y,
                                                                         row1.width - seat_w - px(12), row1.height)
        name = view.table.seats[view.viewer].name
        button(app, surface, view.clicks, pygame.Rect(row1.x, row1.y, seat_w, row1.height),
               app.t("Seat: {name}").format(name=name), self.next_seat, style="secondary", size=fs(14))
        x = row1.x + seat_w + px(12)
        room = row1.right - x
        if job.error is not None:
            self._line(surface, (x, row1.centery), app.t("The review could not be made: {why}").format(
                why=job.error), fs(15), (255, 150, 120), room)
            return
        r = job.result
        if r is None:
            bar = pygame.Rect(x, row1.centery - px(6), min(room // 2, px(320)), px(12))
            pygame.draw.rect(surface, (60, 60, 60), bar, border_radius=px(6))
            fill = bar.copy()
            fill.width = max(1, round(bar.width * job.fraction))
            pygame.draw.rect(surface, GOLD, fill, border_radius=px(6))
            app.drawn.add("area", bar, "review progress")
            self._line(surface, (bar.right + px(12), row1.centery),
                       app.t("The expert is reviewing every decision… {p}%").format(p=round(100 * job.fraction)),
                       fs(15), INK, row1.right - bar.right - px(12))
            return
        summary = app.t("{a}% as the expert would; {l} points a round given up").format(
            a=round(100 * r.agreement), l=f"{r.loss_per_round:.2f}")
        if one_line:
            self._draw_marks(surface, row2, px, fs, summary)
            return
        used = self._line(surface, (x, row1.centery), summary, fs(15), GOLD, room // 2, bold=True)
        cx = used.right + px(16)
        worst = [d for d in r.costliest() if d.kind != "setup" and d.loss > 0]
        if worst:
            label = app.t("Costliest:")
            cx = self._line(surface, (cx, row1.centery), label, fs(14), MUTED, px(120)).right + px(8)
        for d in worst:
            words = app.t("move {i} −{loss}").format(i=d.index + 1, loss=f"{d.loss:.2f}")
            bw = min(px(130), max(px(40), row1.right - cx))
            if cx + bw > row1.right:
                break
            button(app, surface, view.clicks, pygame.Rect(cx, row1.y, bw, row1.height), words,
                   lambda d=d: self.go(d), style="secondary", size=fs(13))
            cx += bw + px(6)
        self._draw_marks(surface, row2, px, fs, None)

    def _draw_marks(self, surface: pygame.Surface, row2: pygame.Rect, px, fs, summary: str | None) -> None:
        """The marks' line: ◀ n/m ▶ and the decision shown (else, on a one-line strip, the summary)."""
        view, app = self.view, self.view.app
        marks = self.marks()
        nav_w = px(44)
        button(app, surface, view.clicks, pygame.Rect(row2.x, row2.y, nav_w, row2.height), "◀",
               lambda: self.step(-1), style="secondary", size=fs(14), enabled=bool(marks))
        here = self.current()
        count = f"{(self.at or 0) + 1 if here else '–'}/{len(marks)}"
        text(app, surface, (row2.x + nav_w + px(36), row2.centery), count, fs(14), INK, anchor="center")
        button(app, surface, view.clicks, pygame.Rect(row2.x + nav_w + px(72), row2.y, nav_w, row2.height), "▶",
               lambda: self.step(1), style="secondary", size=fs(14), enabled=bool(marks))
        lx = row2.x + 2 * nav_w + px(84)
        if summary is not None and self.current() is None:
            self._line(surface, (lx, row2.centery), summary, fs(14), GOLD, row2.right - lx, bold=True)
            return
        if not marks:
            words = app.t("The expert would have made every move the same way.")
        elif here is None:
            words = app.t("▶ steps to each decision the expert would have made otherwise (↑ ↓ too).")
        else:
            where = app.t("Move {i}").format(i=here.index + 1)
            # a move the expert's reading rates about as well as its own: "≈0", not "−0.00"
            lost = f"−{here.loss:.2f}" if here.loss >= 0.005 else "≈0"
            words = app.t("{where}: you — {mine}; the expert — {best} ({loss}): {why}").format(
                where=where, mine=self.move_words(here.chosen), best=self.move_words(here.best), loss=lost,
                why=self.reason(here))
        self._line(surface, (lx, row2.centery), words, fs(14), INK, row2.right - lx)

    def _line(self, surface: pygame.Surface, midleft: tuple[int, int], words: str, size: int, color: tuple,
              room: int, bold: bool = False) -> pygame.Rect:
        """One line at `midleft`, narrowed to `room` px where it is longer."""
        app = self.view.app
        img = app.fonts.render(words, size, color, bold=bold)
        if img.get_width() > room > 0:
            k = room / img.get_width()
            img = pygame.transform.smoothscale(img, (room, max(1, round(img.get_height() * k))))
            size = max(1, round(size * k))
        return show(app, surface, img, img.get_rect(midleft=midleft), words, size)

    def draw_on_table(self, surface: pygame.Surface) -> None:
        """The expert's call, as the table's call button where the table shows them (its discard is lifted in the
        hand instead), named as the expert's."""
        d = self.current()
        if d is None or d.best.get("type") not in CALL_WORDS:
            return
        view = self.view
        controls = view.controls
        x, y = controls.calls_origin(1)
        x = min(x, view.layout.width - controls.call_button_size() - view.layout.px(12))
        r = controls.draw_call_button(surface, view.app.t(CALL_WORDS[d.best["type"]]), (x, y))
        tag = view.app.t("the expert")
        small = view.layout.fs(13)
        img = view.app.fonts.render(tag, small, GOLD, bold=True)
        show(view.app, surface, img, img.get_rect(midbottom=(r.centerx, r.top - 2)), tag, small)
