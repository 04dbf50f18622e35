"""The game's end: the players by their totals, and each one's running score round by round."""

from __future__ import annotations

import pygame

from game.ui.widgets import GOLD, INK, MenuScene, button, panel, text


class StandingsScene(MenuScene):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.clock = 0.0
        self.shot = False

    def on_enter(self) -> None:
        self.to_title()

    def on_escape(self) -> None:
        self.to_title()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.app.autoplay is not None:
            if not self.shot and self.clock > 0.2:
                self.shot = True
                self.app.screenshot("standings")
            if self.clock > 0.5:
                self.app.quit(0)

    def to_title(self) -> None:
        self.app.replace(self.app.make.title())

    def draw(self, surface: pygame.Surface) -> None:
        """The players by their totals, then each one's running score round by round, his name at its end; sizes
        follow the window."""
        app = self.app
        w, h = surface.get_size()
        u = max(0.75, min(w / 1280, h / 720))
        fu = max(0.85, u)  # words stay readable in the smallest window
        box = self.backdrop(surface, (0.12, 0.08, 0.76, 0.84))
        text(app, surface, (box.centerx, box.y + round(30 * u)), app.t("Final standings"), round(34 * fu), GOLD,
             True, "center")
        totals = self.table.totals()
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        y = box.y + round(70 * u)
        for rank, seat in enumerate(order):
            cfg = self.table.seats[seat]
            text(app, surface, (box.x + round(40 * u), y), f"{rank + 1}.  {cfg.name}", round(22 * fu), INK, True)
            text(app, surface, (box.right - round(40 * u), y), f"{totals[seat]:+d}", round(24 * fu), GOLD, True,
                 "topright")
            y += round(36 * fu)
        # each player's score round by round, in a panel with room at its right for the names at the lines' ends
        name_size = round(15 * fu)
        font = app.fonts.get(name_size)
        name_w = max(font.size(s.name)[0] for s in self.table.seats) + round(12 * u)
        frame = pygame.Rect(box.x + round(32 * u), y + round(4 * u), box.width - round(64 * u),
                            box.bottom - y - round(96 * u))
        panel(surface, frame, alpha=90, border=None, app=app)
        line_h = font.size("国Ag")[1]
        chart = pygame.Rect(frame.x + round(8 * u), frame.y + line_h // 2 + round(6 * u),
                            frame.width - name_w - round(16 * u), frame.height - line_h - round(12 * u))
        series = [[0] for _ in totals]
        for rec in self.table.history:
            for i, d in enumerate(rec.deltas):
                series[i].append(series[i][-1] + d)
        lo = min(min(s) for s in series)
        hi = max(max(s) for s in series)
        span = max(1, hi - lo)
        colors = [(255, 200, 80), (120, 220, 255), (255, 120, 140), (160, 255, 150)]
        n = max(1, len(series[0]) - 1)
        zero = chart.bottom - (0 - lo) / span * chart.height
        pygame.draw.line(surface, (120, 120, 110), (chart.x, zero), (chart.right, zero), 1)
        ends = []
        for i, s in enumerate(series):
            pts = [(chart.x + k / n * chart.width, chart.bottom - (v - lo) / span * chart.height)
                   for k, v in enumerate(s)]
            if len(pts) > 1:
                pygame.draw.lines(surface, colors[i % 4], False, pts, max(2, round(3 * u)))
            ends.append((pts[-1][1] - line_h // 2, i))
        placed, last = [], -1e9
        for y, i in sorted(ends):  # names of equal finishers stacked, not printed over each other
            last = max(y, last + line_h)
            placed.append((last, i))
        lift = max(0, placed[-1][0] - (frame.bottom - line_h)) if placed else 0  # the stack kept in its panel
        for y, i in placed:
            text(app, surface, (chart.right + round(8 * u), round(max(frame.y, y - lift))), self.table.seats[i].name,
                 name_size, colors[i % 4])
        bw, bh = round(220 * u), round(52 * u)
        button(app, surface, self.clicks, pygame.Rect(box.centerx - bw // 2, box.bottom - round(70 * u), bw, bh),
               app.t("Back to title"), self.to_title, size=round(24 * fu))
