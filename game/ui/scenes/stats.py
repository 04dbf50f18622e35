"""Statistics per player profile: rounds, wins, self-draws, deal-ins, hand types won, biggest win, and the score
over time as a chart, per rule set and overall."""

from __future__ import annotations

import pygame

from game import stats
from game.ui.fonts import readable
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, chip, panel, text, ui_scale
from game.variants import AVAILABLE, get_variant


class StatsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        from game.replays import listing

        self.replays = listing()
        self.profiles = stats.profiles(self.replays)
        self.profile = self.profiles[0] if self.profiles else None
        # per rule set by default (their scores are in different units): the one this player played most
        self.variant: str | None = stats.most_played(self.profile, self.replays) if self.profile else None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = ui_scale(surface)

        def px(v: float) -> int:
            return round(v * k)

        def fs(v: float) -> int:
            return readable(v * k)

        surface.blit(app.art.title_background((w, h)), (0, 0))
        self.clicks.reset()
        box = pygame.Rect(px(30), px(20), w - px(60), h - px(40))
        panel(surface, box, alpha=220, app=app)
        text(app, surface, (box.x + px(24), box.y + px(14)), app.t("Statistics"), fs(28), GOLD, True)
        button(app, surface, self.clicks, pygame.Rect(box.right - px(170), box.y + px(10), px(150), px(42)),
               app.t("Back"), self.app.pop)
        if self.profile is None:
            text(app, surface, (box.x + px(24), box.y + px(80)), app.t("No statistics yet: play a round first."),
                 fs(17), INK)
            return
        x = box.x + px(24)
        for key in self.profiles[:8]:  # each player by the name his profile has now
            name = stats.display_name(key, self.replays, app.settings.profiles)
            r = chip(app, surface, self.clicks, (x, box.y + px(60)), name, key == self.profile,
                     lambda k=key: setattr(self, "profile", k), size=fs(15))
            x = r.right + px(8)
        x = box.x + px(24)
        for vid in (None, *AVAILABLE):
            label = app.t("All rule sets") if vid is None else app.t(get_variant(vid).name)
            r = chip(app, surface, self.clicks, (x, box.y + px(100)), label, vid == self.variant,
                     lambda v=vid: setattr(self, "variant", v), size=fs(15))
            x = r.right + px(8)
        chips_bottom = r.bottom
        s = stats.compute(self.profile, self.variant, self.replays)
        rows = [(app.t("Rounds"), s.rounds), (app.t("Wins"), f"{s.wins}  ({s.win_rate:.0%})"),
                (app.t("Self-draws"), s.self_draws), (app.t("Deal-ins"), s.deal_ins)]
        if s.one_unit:  # scores only within one rule set: coins and points are never added together
            rows += [(app.t("Biggest win"), f"{s.biggest_win:+d}"), (app.t("Net score"), f"{s.net:+d}")]
        y = box.y + px(145)
        for label, value in rows:
            text(app, surface, (box.x + px(30), y), label, fs(17), INK)
            text(app, surface, (box.x + px(300), y), str(value), fs(17), GOLD, True, anchor="topright")
            y += px(30)
        y += px(10)
        text(app, surface, (box.x + px(30), y), app.t("Hand types won"), fs(17), GOLD, True)
        y += px(28)
        for hand_id, n in s.hands.most_common(8):
            if y + px(24) > box.bottom - px(10):
                break  # no room for more in a small window: the most common are shown
            text(app, surface, (box.x + px(40), y), hand_label(app, hand_id), fs(15), INK)
            text(app, surface, (box.x + px(300), y), str(n), fs(15), MUTED, anchor="topright")
            y += px(24)
        # the chart under the rule-set chips, its title clear of them
        top = max(box.y + px(160), chips_bottom + fs(16) + px(22))
        area = pygame.Rect(box.x + px(360), top, box.width - px(400), box.bottom - px(40) - top)
        if s.one_unit:
            self._chart(surface, area, s, k)
        else:
            note = app.t("Scores are kept per rule set (coins and points do not add up): choose one above to see "
                         "them.")
            y = area.y
            for words in app.fonts.get(fs(15)).wrap(note, area.width):
                text(app, surface, (area.x, y), words, fs(15), MUTED)
                y += app.fonts.get(fs(15)).get_linesize()

    def _chart(self, surface: pygame.Surface, area: pygame.Rect, s: stats.Stats, k: float) -> None:
        """The running score round by round: its scale (highest, lowest, 0) left of the plot, the rounds under it."""
        app = self.app
        panel(surface, area.inflate(round(16 * k), round(16 * k)), alpha=90, border=None, app=app)
        text(app, surface, (area.x, area.y - round(8 * k)), app.t("Score over time"), max(12, round(16 * k)), GOLD,
             True, anchor="bottomleft")
        points = [0] + [v for _, v in s.timeline]
        if len(points) < 2:
            return
        lo, hi = min(points), max(points)
        span = max(1, hi - lo)
        n = len(points) - 1
        size = max(12, round(12 * k))
        font = app.fonts.get(size)
        line = font.get_linesize()
        label_w = max(font.size(f"{v:+d}")[0] for v in (lo, hi, 0)) + round(8 * k)
        plot = pygame.Rect(area.x + label_w, area.y + line // 2, area.width - label_w,
                           area.height - line // 2 - line - round(6 * k))

        def y_of(v: float) -> float:
            return plot.bottom - (v - lo) / span * plot.height

        pygame.draw.line(surface, (120, 120, 110), (plot.x, y_of(0)), (plot.right, y_of(0)), 1)
        pygame.draw.line(surface, (90, 90, 85), (plot.x, plot.y), (plot.x, plot.bottom), 1)
        pts = [(plot.x + i / n * plot.width, y_of(v)) for i, v in enumerate(points)]
        pygame.draw.lines(surface, (255, 200, 80), False, pts, max(2, round(3 * k)))
        left = plot.x - round(4 * k)
        marks = {hi, lo, 0} if lo < 0 < hi else {hi, lo}  # a set: a flat line (all 0) has one mark, not two
        for v in sorted(marks):  # each at its height, right-aligned against the axis
            text(app, surface, (left, round(y_of(v))), f"{v:+d}" if v else "0", size, MUTED, anchor="midright")
        below = plot.bottom + round(4 * k)
        text(app, surface, (plot.x, below), "0", size, MUTED, anchor="midtop")  # before the first round
        text(app, surface, (plot.right, below), str(n), size, MUTED, anchor="topright")
        text(app, surface, (plot.centerx, below), app.t("rounds played"), size, MUTED, anchor="midtop")


def hand_label(app, hand_id: str) -> str:
    """A hand type's name in the player's language, from whichever rule set has it."""
    for vid in AVAILABLE:
        name = app.t(get_variant(vid).hand_name(hand_id))
        if name != hand_id:
            return name
    return hand_id
