"""Replays: watch a finished round again with every hand open; the list of kept replays.

The replay scene is the table view over a replay (game.ui.table.replay_source.ReplayTable, a seekable source)
instead of a live table: the same model, renderers and presenter, paced by the replay's director
(game.ui.table.replay_director), with a transport bar for its controls — play / pause / step / step back / speed
and jumps to each call and the win.
"""

from __future__ import annotations

import pygame

from game import replays
from game.ui.fonts import readable
from game.ui.layout import Layout
from game.ui.scenes.review_strip import ROW_H, ReviewStrip
from game.ui.table.controls import Controls
from game.ui.table.replay_director import SPEEDS, ReplayDirector
from game.ui.table.replay_source import ReplayTable
from game.ui.table.scene import TableScene
from game.ui.widgets import GOLD, INK, MUTED, Clicks, MenuScene, button, panel, show, text, ui_scale


class ReplayScene(TableScene):
    """The table view over a replay: its source a ReplayTable, its director the replay's (the pacing, seeking),
    its controls the transport bar."""

    def __init__(self, app, replay: replays.Replay, review_seat: int | None = None):
        self.replay = replay
        table = ReplayTable(replay)
        self.events = table.events
        super().__init__(app, table, autosave=False)
        self.viewer = table.first_human
        self.model = self.new_model(None)  # every hand open
        self.director = ReplayDirector(self)
        self.controls = TransportBar(self)
        self.clicks = Clicks()
        self.exported: str | None = None
        self.review = ReviewStrip(self)  # 复盘: the expert's review of one seat, over the bar
        self.resize(app.screen.get_size())
        if review_seat is not None:
            self.review.start(review_seat)

    def bar_height(self, size: tuple[int, int]) -> int:
        """The transport bar's, and the review's lines over it while one is shown."""
        rows = 58 + (ReviewStrip.rows(size) * ROW_H if self.review.shown else 0)
        return round(rows * min(size[0] / 1280, size[1] / 720))

    def resize(self, size: tuple[int, int]) -> None:
        """The table is laid out in the window above the bar, so the bar never lies over the bottom hand."""
        self.layout = Layout(size[0], size[1], self.app.settings.tile_size, bar=self.bar_height(size))

    def corner_room(self) -> int:
        return self.layout.edge  # no speaker nor 快捷语 at the lower right: the bar has the controls

    def round_number(self) -> int:
        return self.replay.header["round_no"] + 1

    def enter(self) -> None:
        self.director.begin()

    def exit(self) -> None:
        self.review.close()  # a review still being made stops (what it had done is not kept)

    def start_review(self) -> None:
        """复盘 from the bar: the seat on screen (the player's own at first)."""
        if not self.review.shown:
            self.review.start(self.viewer)

    def update(self, dt: float) -> None:
        self.director.update(dt)

    # ---- where the replay stands, and the transport bar's commands (the director's)
    @property
    def index(self) -> int:
        """How many of the round's events have happened."""
        return self.director.index

    @property
    def playing(self) -> bool:
        return self.director.playing

    @playing.setter
    def playing(self, on: bool) -> None:
        self.director.playing = on

    @property
    def speed(self) -> float:
        return self.director.speed

    def play_next(self) -> None:
        self.director.step()

    def toggle(self) -> None:
        self.director.toggle()

    def step_back(self) -> None:
        self.director.step_back()

    def step_forward(self) -> None:
        self.director.step_forward()

    def jump(self, direction: int) -> None:
        """To the next (previous) call or win; with a review shown, to its next (previous) mark."""
        if self.review.review is not None and self.review.marks():
            self.review.step(direction)
        else:
            self.director.jump(direction)

    def faster(self, step: int) -> None:
        self.director.faster(step)

    def export(self) -> None:
        try:
            self.exported = str(replays.export(self.replay))
        except OSError as exc:
            self.exported = f"{exc}"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.clicks.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.clicks.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            actions = {pygame.K_SPACE: self.toggle, pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_forward,
                       pygame.K_UP: lambda: self.jump(-1), pygame.K_DOWN: lambda: self.jump(1),
                       pygame.K_EQUALS: lambda: self.faster(1), pygame.K_PLUS: lambda: self.faster(1),
                       pygame.K_MINUS: lambda: self.faster(-1), pygame.K_r: self.start_review,
                       pygame.K_ESCAPE: self.app.pop}
            if event.key in actions:
                actions[event.key]()


class TransportBar(Controls):
    """The replay's controls: the bar under the table (the live table's controls are laid out, not drawn, so the
    table's geometry is the same)."""

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        app = view.app
        w, h = surface.get_size()
        k = ui_scale(surface)

        def px(v: float) -> int:
            return round(v * k)

        def fs(v: float) -> int:
            return readable(v * k)

        view.clicks.reset()
        # the bar spans the window under the table: the title (or where the export went) at its left, the buttons
        # in its middle, the progress at its right
        whole = pygame.Rect(px(8), h - view.bar_height((w, h)), w - px(16), view.bar_height((w, h)) - px(6))
        panel(surface, whole, alpha=200, app=app)
        bar = pygame.Rect(whole.x, whole.bottom - px(52), whole.width, px(52))  # the transport, at the bottom
        if view.review.shown:
            view.review.draw(surface, pygame.Rect(whole.x, whole.y, whole.width, bar.y - whole.y))
            view.review.draw_on_table(surface)
        # glyphs the game's font has (⏮ ⏸ ⏭ it lacks): ◀◀ jump back, |◀ step back, ‖ pause, ▶ play, ▶| step, ▶▶ jump
        items = [("◀◀", lambda: view.jump(-1), 52, fs(18)), ("|◀", view.step_back, 52, fs(18)),
                 ("‖" if view.playing else "▶", view.toggle, 52, fs(18)), ("▶|", view.step_forward, 52, fs(18)),
                 ("▶▶", lambda: view.jump(1), 52, fs(18)),
                 (f"×{view.speed:g}", lambda: view.faster(1 if view.speed < SPEEDS[-1] else -3), 70, fs(16)),
                 (app.t("Review"), view.start_review, 90, fs(16)),
                 (app.t("Export"), view.export, 90, fs(16)), (app.t("Back"), view.app.pop, 90, fs(16))]
        gap, bh = px(6), bar.height - px(12)
        x = bar.centerx - (sum(px(bw) for _, _, bw, _ in items) + gap * (len(items) - 1)) // 2
        buttons_left = x
        for label, action, bw, size in items:
            button(app, surface, view.clicks, pygame.Rect(x, bar.y + px(6), px(bw), bh), label, action,
                   style="primary" if label == app.t("Back") else "secondary", size=size)
            x += px(bw) + gap
        text(app, surface, (bar.right - px(12), bar.centery), f"{view.index}/{len(view.events)}", fs(14), MUTED,
             anchor="midright")
        words = app.t("Exported to {path}").format(path=view.exported) if view.exported \
            else app.t("Replay") + " · " + view.replay.title_in(app.t, when=False)
        img = app.fonts.render(words, fs(15), INK if view.exported else GOLD, bold=not view.exported)
        room = buttons_left - bar.x - px(24)
        size = fs(15)
        if img.get_width() > room > 0:  # a long title (or path): narrowed to the room left of the buttons
            size = round(size * room / img.get_width())
            img = pygame.transform.smoothscale(img, (room, max(1, round(img.get_height() * room / img.get_width()))))
        show(app, surface, img, img.get_rect(midleft=(bar.x + px(12), bar.centery)), words, size)


    def draw_turn_prompt(self, surface: pygame.Surface) -> None:
        pass  # nobody plays a replay


class ReplayListScene(MenuScene):
    """Kept replays by date, rule set and result."""

    def __init__(self, app):
        super().__init__(app)
        self.items = replays.listing()
        self.message: str | None = None
        self.page = 0

    def open(self, replay: replays.Replay, review: bool = False) -> None:
        """Watch it; with `review`, the expert's 复盘 of the player's seat (the first human's) over it."""
        try:
            replay.rebuild()
        except replays.ReplayError as exc:
            self.message = str(exc)
            return
        self.app.push(ReplayScene(self.app, replay, replay.first_human if review else None))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        box = self.backdrop(surface, (0.1, 0.06, 0.8, 0.86))
        k = ui_scale(surface)

        def px(v: float) -> int:
            return round(v * k)

        def fs(v: float) -> int:
            return readable(v * k)

        text(app, surface, (box.x + px(30), box.y + px(18)), app.t("Replays"), fs(30), GOLD, True)
        row, step = px(38), px(44)
        per_page = max(1, (box.height - px(190)) // step)
        shown = self.items[self.page * per_page:(self.page + 1) * per_page]
        y = box.y + px(70)
        if not self.items:
            text(app, surface, (box.x + px(30), y), app.t("No replays yet: every finished round is kept here."),
                 fs(17), INK)
        for rep in shown:
            r = pygame.Rect(box.x + px(20), y, box.width - px(40), row)
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (255, 255, 255, 40 if self.clicks.hovered(r) else 18), bg.get_rect(), border_radius=8)
            surface.blit(bg, r)
            text(app, surface, (r.x + px(12), r.centery), rep.title_in(app.t), fs(16), INK, anchor="midleft")
            review = pygame.Rect(r.right - px(96), r.y + px(4), px(88), r.height - px(8))
            # the row opens the replay, its Review button (beside, not inside it) the replay with the 复盘
            self.clicks.add(pygame.Rect(r.x, r.y, review.x - px(4) - r.x, r.height), lambda rep=rep: self.open(rep))
            button(app, surface, self.clicks, review, app.t("Review"), lambda rep=rep: self.open(rep, review=True),
                   style="secondary", size=fs(14))
            text(app, surface, (review.x - px(12), r.centery), self._result(rep), fs(15), GOLD, anchor="midright")
            y += step
        pages = max(1, -(-len(self.items) // per_page))
        bh = px(50)
        by = box.bottom - bh - px(20)
        if pages > 1:
            button(app, surface, self.clicks, pygame.Rect(box.x + px(30), by, px(90), bh), "◀",
                   lambda: setattr(self, "page", max(0, self.page - 1)), style="secondary")
            button(app, surface, self.clicks, pygame.Rect(box.x + px(130), by, px(90), bh), "▶",
                   lambda: setattr(self, "page", min(pages - 1, self.page + 1)), style="secondary")
        text(app, surface, (box.x + px(30), by - px(12)),
             app.t("To open a replay file from elsewhere: lingnan-mahjong --replay FILE"), fs(13), MUTED,
             anchor="bottomleft")
        if self.message:
            text(app, surface, (box.centerx, by - px(40)), self.message, fs(14), (255, 140, 120), anchor="midbottom")
        button(app, surface, self.clicks, pygame.Rect(box.right - px(230), by, px(200), bh), app.t("Back"),
               self.app.pop)

    def _result(self, rep: replays.Replay) -> str:
        res = rep.header.get("result") or {}
        names = rep.header.get("names") or []
        wins = res.get("wins") or []
        if not wins:
            return self.app.t("Drawn")
        return " ".join(f"{names[wn['seat']] if wn['seat'] < len(names) else wn['seat']} "
                        f"{'+' if res['deltas'][wn['seat']] >= 0 else ''}{res['deltas'][wn['seat']]}" for wn in wins)
