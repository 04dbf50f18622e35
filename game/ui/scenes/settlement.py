"""After each round: every hand laid open, each hand type and score line, nets and coins. And the final standings."""

from __future__ import annotations

import pygame

from game.engine.events import render
from game.engine.tiles import parse_tile, tile_name
from game.ui.layout import TILE_RATIO
from game.ui.model import flip_rows
from game.ui.terms import count_text, hand_name
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, panel, text

LINE_H = 20  # the settlement lines: pixel step and font size
LINE_SIZE = 14


class SettlementScene(MenuScene):
    overlay = True

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.ts = table_scene
        self.clock = 0.0
        self.shot = False
        self._lines: tuple = (None, [])  # (what they were wrapped for, the wrapped settlement lines)
        self.flip_drawn: list[dict] = []  # the turned tiles the last frame drew: kind, seat, tiles, lit, rects

    def next(self) -> None:
        self.app.pop()
        self.ts.next_round()

    def on_enter(self) -> None:
        self.next()

    def on_escape(self) -> None:
        pass  # the round must be settled first

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
        app, m = self.app, self.ts.model
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        self.clicks.reset()
        self.flip_drawn = []
        box = pygame.Rect(round(w * 0.05), round(h * 0.05), round(w * 0.9), round(h * 0.9))
        panel(surface, box, alpha=225)
        title = app.t("Round drawn (exhausted)") if m.exhausted and not m.wins else app.t("Round over")
        text(app, surface, (box.centerx, box.y + 28), title, 30, GOLD, True, "center")
        sw = max(26, round(min(w, h) * 0.042))
        row_h = round(sw * TILE_RATIO) + 44
        y = box.y + 64
        wins = {e["actor"]: e for e in m.wins}
        totals = self.ts.table.totals()
        end = m.end or {}
        deltas = end.get("deltas", [s.delta for s in m.seats])
        for seat in range(m.players):
            cfg = self.ts.table.seats[seat]
            x = box.x + 20
            if seat in wins:
                glow = pygame.Rect(box.x + 8, y - 6, box.width - 16, row_h)
                pygame.draw.rect(surface, (120, 90, 20), glow, border_radius=10)
            text(app, surface, (x, y), cfg.name + ("  " + app.t("庄") if seat == m.dealer else ""), 18, INK, True)
            d = deltas[seat]
            color = (255, 120, 100) if d < 0 else (130, 240, 140) if d > 0 else MUTED
            text(app, surface, (box.right - 30, y), f"{d:+d}", 26, color, True, "topright")
            coins = self.ts.table.coins[seat] + d if self.ts.table.coins is not None else totals[seat] + d
            text(app, surface, (box.right - 30, y + 32), app.t("total {n}").format(n=coins), 14, MUTED, False,
                 "topright")
            hand = wins[seat]["hand"] if seat in wins else end.get("hands", [[]] * m.players)[seat]
            hx = x + 150
            win_tile = wins[seat]["tile"] if seat in wins else None
            for i, t in enumerate(hand):
                if win_tile is not None and i == len(hand) - 1:
                    hx += 8  # the winning tile stands apart, lit
                    surface.blit(app.tiles.face(parse_tile(win_tile), sw), (hx, y))
                    surface.blit(app.tiles.highlight(sw), (hx, y))
                else:
                    surface.blit(app.tiles.face(parse_tile(t), sw), (hx, y))
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
                    hx += sw
                hx += 8
            if seat in wins:
                self._flips_in_row(surface, seat, hx, y, box, sw)  # his turned tiles, right of his own
                win = wins[seat]
                if win.get("target") is None:
                    how = app.t("self-drawn")
                else:
                    giver = self.ts.table.seats[win["target"]].name
                    how = app.t("won on {name}'s tile").format(name=giver)
                names = " ".join(hand_name(app, self.ts.table.variant, h) for h in win["hands"])
                unit = self.ts.table.variant.fan_unit
                count = f" · {count_text(app, win['fan'], unit)}" if win.get("fan") is not None else ""  # small hands: none
                text(app, surface, (x + 150, y + round(sw * TILE_RATIO) + 4), f"{how} · {names}{count}", 15, GOLD)
            y += row_h
        y = self._draw_flips(surface, box, y + 6, sw)  # the turned tiles as pictures, those that scored lit
        # the engine's settlement lines, in the player's language, seats by name; the latest that fit
        y += 6
        verdict = self.ts.verdict_text()  # a LAN round: what the commit–reveal check of its wall found
        room = max(1, (box.bottom - 80 - y) // LINE_H)
        key = (app.settings.language, len(m.scores), len(m.flips), box.width)
        if self._lines[0] != key:  # wrapping measures every word: once per language, size and settlement
            self._lines = (key, [row for entry in self.score_lines() for row in self._wrap(entry, box.width - 48)])
        lines = self._lines[1]
        for line in lines[-room:]:
            text(app, surface, (box.x + 24, y), line, LINE_SIZE, (225, 225, 210))
            y += LINE_H
        if verdict is not None:  # beside the button, the whole sentence in the LAN help
            words, ok = verdict
            text(app, surface, (box.centerx - 136, box.bottom - 43), words, 15,
                 (130, 240, 140) if ok else (255, 150, 120) if ok is False else MUTED, ok is not None, "midright")
        last = self.ts.table.rounds_played + 1 >= (self.ts.table.rounds or 10**9)
        label = app.t("Final standings") if last else app.t("Next round")
        button(app, surface, self.clicks, pygame.Rect(box.centerx - 120, box.bottom - 70, 240, 54), label,
               self.next)
        if self.ts.table.round is not None and self.ts.table.round.finished and self.app.autoplay is None:
            button(app, surface, self.clicks, pygame.Rect(box.centerx + 140, box.bottom - 64, 160, 44),
                   app.t("Watch again"), self.watch_again, style="secondary", size=17)

    def _flips_in_row(self, surface: pygame.Surface, seat: int, x: int, y: int, box: pygame.Rect, sw: int) -> None:
        """A winner's turned tiles (horses, 醒) in his own row, right of his tiles: lit where they scored for him,
        dimmed where not (the event's counts), the label and his count on the line under them, as his hand's; the
        tiles narrow to fit, and what does not fit even so is drawn below the rows (`_draw_flips`). `flip_drawn`
        keeps what was drawn where."""
        app, variant = self.app, self.ts.table.variant
        right = box.right - 140  # the round's score stands there
        x += 16
        for index, flip in enumerate(self.ts.model.flips):
            for row in flip_rows(flip):
                if row.seat != seat or not row.tiles:
                    continue
                label = app.t(variant.flip_kind(flip.get("kind")).label)
                caption = f"{label} · " + app.t("{count} counted").format(count=row.total)
                cap_w = app.fonts.get(15, True).size(caption)[0]
                tw = sw
                while tw > max(16, round(sw * 0.6)) and self._strip_width(len(row.tiles), tw) > right - x:
                    tw -= 1
                if max(self._strip_width(len(row.tiles), tw), cap_w) > right - x:
                    return  # no room here: below the rows
                strip, rects = app.tiles.flip_strip([parse_tile(t) for t in row.tiles], row.counts, tw, numbers=False)
                surface.blit(strip, (x, y))
                text(app, surface, (x, y + round(sw * TILE_RATIO) + 4), caption, 15, GOLD, True)
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

    def settlement_lines(self) -> list[str]:
        """One entry per score item ("[label] how, line by line  →  who gains or pays") and per flip, translated:
        labels from the rule set's declarations, lines from the engine's messages with the players' names."""
        return self.score_lines() + self.flip_lines()

    def flip_lines(self) -> list[str]:
        """Per flip: "[label] its tiles · each winner and his count" (the screen draws them as pictures)."""
        app, variant = self.app, self.ts.table.variant
        out = []
        for flip in self.ts.model.flips:
            counted = [self.ts.flip_caption(row) for row in flip_rows(flip) if row.seat is not None]
            out.append(f"[{app.t(variant.flip_kind(flip.get('kind')).label)}] " + " ".join(flip["tiles"])
                       + "".join(f"  ·  {c}" for c in counted))
        return out

    def score_lines(self) -> list[str]:
        """One entry per score item ("[label] how, line by line  →  who gains or pays"), translated."""
        app, m, variant = self.app, self.ts.model, self.ts.table.variant
        names = [s.name for s in self.ts.table.seats]

        def seat_name(i: int) -> str:
            return names[i] if isinstance(i, int) and 0 <= i < len(names) else str(i)

        out = []
        for item in m.scores:
            label = app.t(variant.score_reason(item["reason"]).label)
            messages = item.get("messages") or item.get("lines") or []  # a bare line renders as itself
            how = "  ·  ".join(render(x, translate=app.t, seat_name=seat_name,
                                      hand_name=lambda h: hand_name(app, variant, h))
                               for x in messages)
            who = "  ".join(f"{seat_name(i)} {d:+d}" for i, d in enumerate(item["deltas"]) if d)
            out.append(f"[{label}] {how}   →  {who}")
        return out

    def _wrap(self, line: str, width: int) -> list[str]:
        font = self.app.fonts.get(LINE_SIZE)
        wrap = getattr(font, "_wrap", None)
        return wrap(line, width) if wrap is not None else [line]

    def watch_again(self) -> None:
        from game.ui.scenes.replay import ReplayScene

        self.app.push(ReplayScene(self.app, self.ts.table.round_replay()))


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
        from game.ui.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        box = self.backdrop(surface, (0.12, 0.08, 0.76, 0.84))
        text(app, surface, (box.centerx, box.y + 30), app.t("Final standings"), 34, GOLD, True, "center")
        totals = self.table.totals()
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        y = box.y + 80
        for rank, seat in enumerate(order):
            cfg = self.table.seats[seat]
            text(app, surface, (box.x + 40, y), f"{rank + 1}.  {cfg.name}", 22, INK, True)
            text(app, surface, (box.right - 40, y), f"{totals[seat]:+d}", 24, GOLD, True, "topright")
            y += 38
        # each player's score round by round
        chart = pygame.Rect(box.x + 40, y + 10, box.width - 80, box.bottom - y - 100)
        panel(surface, chart.inflate(16, 16), alpha=90, border=None)
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
                pygame.draw.lines(surface, colors[i % 4], False, pts, 3)
            ends.append((pts[-1][1] - 8, i))
        last = -1e9
        for y, i in sorted(ends):  # names of equal finishers stacked, not printed over each other
            y = max(y, last + 16)
            text(app, surface, (chart.right + 6, y), self.table.seats[i].name, 13, colors[i % 4])
            last = y
        button(app, surface, self.clicks, pygame.Rect(box.centerx - 110, box.bottom - 70, 220, 52),
               app.t("Back to title"), self.to_title)
