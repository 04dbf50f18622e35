"""Statistics per player profile: rounds, wins, self-draws, deal-ins, hand types won, biggest win, and the score
over time as a chart, per rule set and overall."""

from __future__ import annotations

import pygame

from game import stats
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, chip, panel, text
from game.variants import AVAILABLE, get_variant


class StatsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        from game.replays import listing

        self.replays = listing()
        self.profiles = stats.profiles(self.replays)
        self.profile = self.profiles[0] if self.profiles else None
        self.variant: str | None = None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        surface.blit(app.art.title_background((w, h)), (0, 0))
        self.clicks.reset()
        box = pygame.Rect(30, 20, w - 60, h - 40)
        panel(surface, box, alpha=220)
        text(app, surface, (box.x + 24, box.y + 14), app.t("Statistics"), 28, GOLD, True)
        button(app, surface, self.clicks, pygame.Rect(box.right - 170, box.y + 10, 150, 42), app.t("Back"),
               self.app.pop)
        if self.profile is None:
            text(app, surface, (box.x + 24, box.y + 80), app.t("No statistics yet: play a round first."), 17, INK)
            return
        x = box.x + 24
        for key in self.profiles[:8]:  # each player by the name his profile has now
            name = stats.display_name(key, self.replays, app.settings.profiles)
            r = chip(app, surface, self.clicks, (x, box.y + 60), name, key == self.profile,
                     lambda k=key: setattr(self, "profile", k), size=15)
            x = r.right + 8
        x = box.x + 24
        for vid in (None, *AVAILABLE):
            label = app.t("All rule sets") if vid is None else app.t(get_variant(vid).name)
            r = chip(app, surface, self.clicks, (x, box.y + 96), label, vid == self.variant,
                     lambda v=vid: setattr(self, "variant", v), size=15)
            x = r.right + 8
        s = stats.compute(self.profile, self.variant, self.replays)
        rows = [(app.t("Rounds"), s.rounds), (app.t("Wins"), f"{s.wins}  ({s.win_rate:.0%})"),
                (app.t("Self-draws"), s.self_draws), (app.t("Deal-ins"), s.deal_ins),
                (app.t("Biggest win"), f"{s.biggest_win:+d}"), (app.t("Net score"), f"{s.net:+d}")]
        y = box.y + 140
        for label, value in rows:
            text(app, surface, (box.x + 30, y), label, 17, INK)
            text(app, surface, (box.x + 300, y), str(value), 17, GOLD, True, anchor="topright")
            y += 30
        y += 10
        text(app, surface, (box.x + 30, y), app.t("Hand types won"), 17, GOLD, True)
        y += 28
        for hand_id, n in s.hands.most_common(8):
            text(app, surface, (box.x + 40, y), hand_label(hand_id), 15, INK)
            text(app, surface, (box.x + 300, y), str(n), 15, MUTED, anchor="topright")
            y += 24
        self._chart(surface, pygame.Rect(box.x + 340, box.y + 150, box.width - 380, box.height - 200), s)

    def _chart(self, surface: pygame.Surface, area: pygame.Rect, s: stats.Stats) -> None:
        app = self.app
        panel(surface, area.inflate(16, 16), alpha=90, border=None)
        text(app, surface, (area.x, area.y - 30), app.t("Score over time"), 16, GOLD, True)
        points = [0] + [v for _, v in s.timeline]
        if len(points) < 2:
            return
        lo, hi = min(points), max(points)
        span = max(1, hi - lo)
        n = len(points) - 1
        zero = area.bottom - (0 - lo) / span * area.height
        pygame.draw.line(surface, (120, 120, 110), (area.x, zero), (area.right, zero), 1)
        pts = [(area.x + i / n * area.width, area.bottom - (v - lo) / span * area.height) for i, v in enumerate(points)]
        pygame.draw.lines(surface, (255, 200, 80), False, pts, 3)
        text(app, surface, (area.x - 6, area.y), f"{hi:+d}", 12, MUTED, anchor="topright")
        text(app, surface, (area.x - 6, area.bottom - 14), f"{lo:+d}", 12, MUTED, anchor="topright")


def hand_label(hand_id: str) -> str:
    """The Chinese name of a hand type, from whichever rule set has it."""
    for vid in AVAILABLE:
        name = self.app.t(get_variant(vid).hand_name(hand_id))
        if name != hand_id:
            return name
    return hand_id
