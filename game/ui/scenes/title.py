"""The title screen."""

from __future__ import annotations

import pygame

from game.ui.fonts import readable
from game.ui.widgets import MenuScene, button, text, ui_scale


class TitleScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.clock = 0.0
        self.message: str | None = None
        self.saved = None  # a game to continue, found on entering
        self.checked = False

    def enter(self) -> None:
        if self.app.autoplay is not None or self.checked:
            return
        from game import saves

        self.checked = True
        self.saved, problem = saves.load()
        if problem:
            self.message = self.app.t("The saved game could not be resumed and was set aside.") + f" ({problem})"

    def resume(self) -> None:
        if self.saved is not None:
            table, self.saved = self.saved, None
            self.app.replace(self.app.make.table(table))

    def on_enter(self) -> None:
        self.play("ai")

    def on_escape(self) -> None:
        pass  # the title is the bottom of the stack

    def update(self, dt: float) -> None:
        self.clock += dt
        ap = self.app.autoplay
        if ap is not None and ap.table is None and self.clock > (0.3 if ap.fast else 0.8):
            self.app.screenshot("title")
            self.start_autoplay()

    def start_autoplay(self) -> None:
        from game.host import Host as Table
        from game.host import SeatConfig
        from game.variants import get_variant

        ap = self.app.autoplay
        assert ap is not None
        if ap.lesson is not None:  # --lesson ID --autoplay: the lesson's solution, played through its table
            scene = self.app.make.lesson(ap.lesson)
            ap.table = scene.table
            self.app.replace(scene)
            return
        if ap.resume is not None:  # --continue: the saved game goes on from where it was, every seat an AI
            table = ap.resume
            for seat, cfg in enumerate(table.seats):
                if cfg.human:  # a player's saved game: his seat is played by its stand-in, as in 托管
                    table.play_as_ai(seat)
        else:
            variant = get_variant(ap.variant)
            players = ap.players or variant.player_counts[-1]
            names = ["阿强", "小梅", "老黄", "阿芳"]  # table names, as friends call each other
            seats = [SeatConfig(names[i], human=False, level="normal", avatar=i + 1) for i in range(players)]
            table = Table(ap.variant, {}, seats, seed=ap.seed, rounds=ap.rounds)
        ap.table = table
        self.app.replace(self.app.make.table(table))

    def play(self, mode: str) -> None:
        self.app.push(self.app.make.new_game(mode))

    def stats(self) -> None:
        self.app.push(self.app.make.stats())

    def lan(self) -> None:
        self.app.push(self.app.make.lan())

    def rules(self) -> None:
        self.app.push(self.app.make.rules())

    def lessons(self) -> None:
        self.app.push(self.app.make.lessons())

    def replays(self) -> None:
        self.app.push(self.app.make.replay_list())

    def settings(self) -> None:
        self.app.push(self.app.make.settings())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.art.title_background((w, h)), (0, 0))
        self.clicks.reset()
        text(self.app, surface, (w // 2, round(h * 0.2)), self.app.t("岭南麻将"), round(h * 0.13), (255, 222, 140), True,
             "center")
        text(self.app, surface, (w // 2, round(h * 0.31)), self.app.t("Mahjong of Guangxi, Guangdong and Hainan"),
             round(h * 0.035), (235, 230, 210), False, "center")
        items = [(self.app.t("Continue"), self.resume, True)] if self.saved is not None else []
        items += [(self.app.t("Play against AI"), lambda: self.play("ai"), True),
                 (self.app.t("Hot-seat (one screen)"), lambda: self.play("hotseat"), True),
                 (self.app.t("LAN game"), self.lan, True),
                 (self.app.t("Lessons"), self.lessons, True),
                 (self.app.t("Settings"), self.settings, True),
                 (self.app.t("Quit"), self.app.quit, True)]
        # the column fills from 36 % of the height to 86 %, however many items it has (Continue is the seventh)
        y = round(h * 0.36)
        step = (h * 0.86 - y) / len(items)
        bw, bh = round(w * 0.24), round(min(h * 0.072, step * 0.82))
        x = w // 2 - bw // 2
        for label, action, enabled in items:
            button(self.app, surface, self.clicks, pygame.Rect(x, y, bw, bh), label, action, enabled=enabled)
            y += round(step)
        y -= round(step) - bh
        extras = [(self.app.t("Replays"), self.replays, True), (self.app.t("Statistics"), self.stats, True),
                  (self.app.t("Rules help"), self.rules, True)]
        k = ui_scale(surface)  # the small buttons and the message grow with the window too
        step = round(150 * k)
        sx = w // 2 - (len(extras) * step) // 2
        size = max(14, round(16 * k))
        for label, action, enabled in extras:
            # twice as tall as the words, so the descenders (Replays, Statistics) stay inside the border
            r = pygame.Rect(sx, y + 6, step - round(10 * k), max(round(bh * 0.6), 2 * size))
            button(self.app, surface, self.clicks, r, label, action, style="secondary", enabled=enabled, size=size)
            sx += step
        if self.message:
            text(self.app, surface, (w // 2, h - round(40 * k)), self.message, readable(16 * k),
                 (255, 150, 120), False, "center")
