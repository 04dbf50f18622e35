"""Lessons (学习) at the real table: the list by region (Title → Lessons), a lesson played at the table view with a
coach under it, and the lesson's last words.

A lesson is the table view (game.ui.table.scene.TableScene) over a lesson's table (game.lessons.LessonHost): the
same model, renderers, calls and settlement as a game, the other seats playing their steps. The coach, a bar under
the table, says what the step asks and why; a wrong move is refused by the lesson's table and the coach explains it
gently, then shows the move (the tile lifted, a ring round the call); the player tries again. 提示 and "Show me" show
the expected move. With the demo's --autoplay (`python -m game --lesson ID --autoplay`) the lesson's own solution is
played through the same controls a player uses.
"""

from __future__ import annotations

import pygame

from game.engine.state import Action
from game.engine.tiles import tile_name
from game.host import SetupAction
from game.lessons import NAMES, Lesson, LessonHost, Progress, all_lessons
from game.ui.fonts import readable
from game.ui.layout import Layout
from game.ui.settlement_words import wrap_words
from game.ui.table.commands import KONG_KINDS, Call, Choose, OpenRules, ToggleCounter
from game.ui.table.controls import Controls
from game.ui.table.scene import TableScene
from game.ui.widgets import GOLD, INK, MUTED, Clicks, MenuScene, button, panel, show, text, ui_scale

COACH_H = 88  # the coach's bar at 1280×720 (px; it grows and shrinks with the window)
WARM = (255, 176, 140)  # the coach's words after a wrong move: a gentle colour, not an alarm


def profile(app) -> str:
    """The player whose progress the lessons count for: the one chosen on the list (kept with the settings), else
    this machine's first player profile."""
    chosen = app.settings.last_setup.get("lesson_profile")
    return chosen if chosen in app.settings.profiles else app.settings.profile_id(0)


def profile_name(app, pid: str) -> str:
    return app.settings.profiles.get(pid) or app.t("You")


def next_profile(app) -> None:
    """The list's player button: the next player profile of this machine (their progress is each their own)."""
    ids = list(app.settings.profiles)
    me = profile(app)
    if ids:
        app.settings.last_setup["lesson_profile"] = ids[(ids.index(me) + 1) % len(ids)] if me in ids else ids[0]
        app.save()


def back_to_list(app) -> None:
    """Leave a lesson (or its last words) for the list of lessons: the one under it, else a new one."""
    if len(app.scenes) > 1 and isinstance(app.scenes[-2], LessonListScene):
        app.pop()
    else:
        app.replace(app.make.lessons())


def region_words(app, variant_id: str) -> str:
    from game.variants import get_variant

    return app.t(get_variant(variant_id).region)


class LessonControls(Controls):
    """The table's controls in a lesson: 提示 shows the lesson's move (not the expert's), and of the toggles only
    the rules help and the tile counter (自动胡 and 自动过 would answer for the player, 托管 would play the lesson)."""

    phrases = False  # 快捷语: nobody at a lesson's table to say them to

    def toggles(self):
        view = self.view
        return [(OpenRules(), view.app.t("Rules help"), False),
                (ToggleCounter(), view.app.t("Tile counter"), view.show_counter)]

    def show_hint(self) -> str | None:
        view = self.view
        prompt = view.open_prompt()
        if not view.my_actions() or prompt is None:
            return None
        words = view.show_move()
        self.hint_advice = (None, view.app.settings.language)
        if words and prompt.choice is None:
            view.hint = (prompt.id, words)
        return words


class LessonScene(TableScene):
    def __init__(self, app, lesson: Lesson):
        self.lesson = lesson
        names = (app.t("You"), *NAMES[1:])
        super().__init__(app, LessonHost(lesson, names), autosave=False)
        self.controls = LessonControls(self)
        self.clicks = Clicks()
        self.showing = False  # the expected move is shown (after "Show me", 提示 or a wrong move)
        self.auto_wait = 0.0  # the demo: the pause before the solution's next move
        self.coach_drawn: dict = {}  # what the coach said last frame and where (tests)
        self.intro_open = True  # the lesson's first words, over the table, until Start (then the deal)
        self.intro_clock = 0.0
        self.resize(app.screen.get_size())

    # ---- the lesson's first words, then the deal
    def enter(self) -> None:
        pass  # the table starts when the intro is closed (start)

    def start(self) -> None:
        if self.intro_open:
            self.intro_open = False
            super().enter()

    def idle_fps(self) -> int | None:
        return 10 if self.intro_open else super().idle_fps()

    # ---- the layout: the table above the coach
    def coach_height(self, size: tuple[int, int]) -> int:
        return round(COACH_H * min(size[0] / 1280, size[1] / 720))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size[0], size[1], self.app.settings.tile_size, bar=self.coach_height(size))

    def corner_room(self) -> int:
        return self.layout.px(50)  # the speaker alone at the lower right (no 快捷语 at a lesson)

    # ---- what the coach says
    def expected(self) -> Action | SetupAction | None:
        """The move the lesson asks of the player now (once the screen has caught up and he may move)."""
        if not self.my_actions():
            return None
        return self.table.expected_action(self.viewer)

    def coach_words(self) -> tuple[str, tuple]:
        """The coach's line now, and its colour."""
        t, table = self.app.t, self.table
        steps = self.lesson.steps
        if table.wrong is not None:
            step = table.wrong[0]
            return (t(step.wrong) if step.wrong else
                    t("That is not the move this lesson is about. Try again; Show me lifts the right one.")), WARM
        if table.round is not None and table.round.finished:
            return t("The round is over: see how it is settled."), INK
        want = self.expected()
        if want is not None:
            step = table.expected_step(self.viewer)
            words = t(step.say) if step is not None and step.say else self.move_words(want)
            if table.said is not None and not any(table.done[j] for j in self.lesson.learner_steps
                                                 if j > table.said):
                words = f"{t(steps[table.said].say)} {words}"  # what just happened, then what to do
            return words, INK
        if table.said is not None:
            return t(steps[table.said].say), INK
        return t(self.lesson.intro), INK

    def move_words(self, action) -> str:
        """A move in words, for a step the file gives no words."""
        t = self.app.t
        if isinstance(action, SetupAction):
            return t("Choose {value}.").format(value=action.value)
        if action.type == "discard" and action.tile is not None:
            return t("Discard {tile}.").format(tile=tile_name(action.tile))
        words = {"win": t("胡"), "pong": t("碰"), "chow": t("吃"), "pass": t("过")}.get(action.type, t("杠"))
        return t("Press {call}.").format(call=words)

    def show_move(self) -> str | None:
        """"Show me": the expected tile lifted in the hand (Enter throws it), a ring round the expected call."""
        want = self.expected()
        if want is None:
            return None
        self.showing = True
        if not isinstance(want, SetupAction) and want.type == "discard" and want.tile is not None:
            tiles = self.my_tiles()
            name = tile_name(want.tile)
            if name in tiles:
                self.selected = len(tiles) - 1 - tiles[::-1].index(name)
        step = self.table.expected_step(self.viewer)
        return self.app.t(step.say) if step is not None and step.say else self.move_words(want)

    def control_for(self, action) -> pygame.Rect | None:
        """Where the last frame drew the control a player uses for `action`: the tile in the hand (the rightmost of
        its kind: the drawn tile first), the call button, the chooser's or the choice's button (None: not drawn)."""
        if isinstance(action, SetupAction):
            return self.hits.find(Choose(action))
        if action.type == "discard":
            tiles, rects = self.my_tiles(), self.hands.hand_rects()
            name = tile_name(action.tile)
            return rects[len(tiles) - 1 - tiles[::-1].index(name)] if name in tiles and len(rects) == len(tiles) \
                else None
        return self.hits.find(Choose(action)) if self.choice else \
            self.hits.find(Call("kong" if action.type in KONG_KINDS else action.type))

    # ---- intents
    def submit(self, action) -> None:
        super().submit(action)
        if self.table.wrong is not None:
            self.notice = None  # the coach says it, kindly, instead of the refusal's words
            self.show_move()
        else:
            self.showing = False

    def restart(self) -> None:
        self.app.replace(self.app.make.lesson(self.lesson))

    def leave_lesson(self) -> None:
        back_to_list(self.app)

    def to_title(self) -> None:
        """The pause menu's way out: back to the list of lessons."""
        while len(self.app.scenes) > 1 and self.app.scene is not self:
            self.app.pop()
        back_to_list(self.app)

    def next_round(self) -> None:
        """The settlement's Continue: the lesson's last words (the progress kept first)."""
        self.settlement_open = False
        table = self.table
        Progress().record(profile(self.app), self.lesson.id, table.passed, table.mistakes)
        self.app.save()  # the profile the progress counts for is kept with the settings (made on first use)
        ap = self.app.autoplay
        if ap is not None:
            ap.lesson_result = {"ok": table.passed, "lesson": self.lesson.id, "steps": len(self.lesson.learner_steps),
                                "passed": table.passed}
        self.app.replace(self.app.make.lesson_done(self.lesson, table.passed, table.mistakes))

    # ---- the demo: the solution played through the controls
    def update(self, dt: float) -> None:
        if self.intro_open:
            self.intro_clock += dt
            if self.app.autoplay is not None and self.intro_clock > self.pace(1.0):
                self.app.screenshot("lesson_intro")
                self.start()
            return
        super().update(dt)
        if self.app.autoplay is not None and self.app.scene is self:
            self.autoplay_step(dt)

    def autoplay_step(self, dt: float) -> None:
        want = self.expected()
        if want is None:
            self.auto_wait = self.pace(0.5)
            return
        self.auto_wait -= dt
        if self.auto_wait > 0:
            return
        self.auto_wait = self.pace(0.5)
        self.play(want)

    def play(self, want) -> None:
        """Make the move with the control a player uses: the tile in the hand, the call button, the chooser."""
        if isinstance(want, SetupAction):
            self.run(Choose(want))
        elif want.type == "discard":
            tiles = self.my_tiles()
            self.discard_index(len(tiles) - 1 - tiles[::-1].index(tile_name(want.tile)))
        else:
            self.run(Call("kong" if want.type in KONG_KINDS else want.type))
            if self.choice:
                self.run(Choose(want))
        self.app.screenshot(f"lesson_step_{self.table.steps_done}")

    # ---- input and drawing
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.clicks.click(event.pos):
            return
        if event.type == pygame.MOUSEMOTION:
            self.clicks.hover = event.pos
        if self.intro_open:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.leave_lesson()
            return
        super().handle(event)

    def draw_intro(self, surface: pygame.Surface) -> None:
        """The lesson's title and first words on the felt, Start and Back under them."""
        app = self.app
        w, h = surface.get_size()
        k = ui_scale(surface)
        surface.blit(app.art.felt(self.board.look_region(), (w, h)), (0, 0))
        self.clicks.reset()
        box = pygame.Rect(0, 0, round(min(w * 0.7, 820 * k)), round(min(h * 0.72, 420 * k)))
        box.center = (w // 2, h // 2)
        panel(surface, box, alpha=225, app=app)
        t = app.t
        head = f"{t('Lesson')} · {region_words(app, self.lesson.variant)}"
        text(app, surface, (box.centerx, box.y + round(30 * k)), head, readable(16 * k), MUTED, False, "center")
        text(app, surface, (box.centerx, box.y + round(66 * k)), t(self.lesson.title), readable(28 * k), GOLD, True,
             "center")
        bh = round(48 * k)
        top = box.y + round(100 * k)
        lines, size = self.fit_lines(t(self.lesson.intro), box.width - round(70 * k),
                                     box.bottom - bh - round(40 * k) - top, k, largest=19)
        line_h = app.fonts.get(size).get_linesize()
        for i, line in enumerate(lines):
            img = app.fonts.render(line, size, INK)
            show(app, surface, img, img.get_rect(midtop=(box.centerx, top + i * line_h)), line, size)
        bw, gap = round(180 * k), round(20 * k)
        y = box.bottom - bh - round(22 * k)
        button(app, surface, self.clicks, pygame.Rect(box.centerx - gap // 2 - bw, y, bw, bh), t("All lessons"),
               self.leave_lesson, style="secondary", size=readable(18 * k))
        button(app, surface, self.clicks, pygame.Rect(box.centerx + gap // 2, y, bw, bh), t("Start"),
               self.start, size=readable(20 * k))

    def draw(self, surface: pygame.Surface) -> None:
        if self.intro_open:
            self.draw_intro(surface)
            return
        super().draw(surface)
        want = self.expected()
        if self.showing and want is not None and (isinstance(want, SetupAction) or want.type != "discard"):
            r = self.control_for(want)  # (a tile to throw is lifted instead)
            if r is not None:  # a gold ring round the control to use, pulsing
                pulse = 2 + round(2 * abs(((self.app.time * 2) % 2) - 1))
                pygame.draw.rect(surface, GOLD, r.inflate(self.layout.px(10), self.layout.px(10)), pulse,
                                 border_radius=self.layout.px(10))
        self.draw_coach(surface)

    def draw_coach(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = ui_scale(surface)

        def px(v: float) -> int:
            return round(v * k)

        self.clicks.reset()
        bar_h = self.coach_height((w, h))
        box = pygame.Rect(px(8), h - bar_h + px(2), w - px(16), bar_h - px(8))
        panel(surface, box, alpha=215, app=app)
        # the buttons at the right: Show me, Start over, Lessons
        bw, bh, gap = px(104), min(px(34), box.height // 2 - px(4)), px(8)
        items = [(app.t("Show me"), self.show_move), (app.t("Start over"), self.restart),
                 (app.t("All lessons"), self.leave_lesson)]
        x = box.right - px(10) - len(items) * bw - (len(items) - 1) * gap
        buttons_left = x
        for label, action in items:
            button(app, surface, self.clicks, pygame.Rect(x, box.centery - bh // 2, bw, bh), label, action,
                   style="secondary", size=readable(14 * k), enabled=action != self.show_move or
                   self.expected() is not None)
            x += bw + gap
        # the header: where and which lesson, the steps done
        table = self.table
        n = len(self.lesson.learner_steps)
        head = f"{app.t('Lesson')} · {region_words(app, self.lesson.variant)} · {app.t(self.lesson.title)}"
        count = f"{table.steps_done}/{n}"
        hs = readable(14 * k)
        left = box.x + px(14)
        room = buttons_left - left - px(16)
        top = box.y + px(4)
        if h >= 700:  # the header line (in a shorter window the coach's words need its room; the count goes on)
            cimg = app.fonts.render(count, hs, MUTED)
            show(app, surface, cimg, cimg.get_rect(topright=(buttons_left - px(16), box.y + px(6))), count, hs)
            himg = app.fonts.render(head, hs, GOLD, bold=True)
            if himg.get_width() > room - cimg.get_width() - px(10):
                scale = (room - cimg.get_width() - px(10)) / himg.get_width()
                himg = pygame.transform.smoothscale(himg, (max(1, round(himg.get_width() * scale)),
                                                           max(1, round(himg.get_height() * scale))))
            show(app, surface, himg, himg.get_rect(topleft=(left, box.y + px(6))), head, hs)
            top = box.y + px(6) + himg.get_height() + px(4)
        else:
            cimg = app.fonts.render(count, hs, MUTED)
            show(app, surface, cimg, cimg.get_rect(midright=(buttons_left - px(10), box.centery)), count, hs)
            room -= cimg.get_width() + px(10)
        # the coach's words: two lines (three when they need it), as large as fit
        words, colour = self.coach_words()
        lines, size = self.fit_lines(words, room, box.bottom - px(4) - top, k)
        line_h = app.fonts.get(size).get_linesize()
        for i, line in enumerate(lines):
            img = app.fonts.render(line, size, colour)
            show(app, surface, img, img.get_rect(topleft=(left, top + i * line_h)), line, size)
        self.coach_drawn = {"words": words, "lines": lines, "size": size, "box": box, "wrong": colour == WARM}

    def fit_lines(self, words: str, width: int, height: int, k: float, largest: int = 17) -> tuple[list[str], int]:
        """The words wrapped to `width`, at the largest size (`largest` down to the smallest that reads) whose lines
        fit `height`; at the smallest, lines that do not fit end in …"""
        fonts = self.app.fonts
        size = readable(largest * k)
        while True:
            font = fonts.get(size)
            lines = wrap_words(words, width, lambda s: font.size(s)[0])
            fit = max(1, height // font.get_linesize())
            if len(lines) <= fit or size <= readable(0):
                break
            size -= 1
        if len(lines) > fit:
            lines = lines[:fit]
            lines[-1] = lines[-1].rstrip() + "…"
        return lines, size


class LessonDoneScene(MenuScene):
    """The lesson's last words: what was learnt (its outro), how it went, and on: the next lesson, again, the list."""

    def __init__(self, app, lesson: Lesson, passed: bool, mistakes: int):
        super().__init__(app)
        self.lesson = lesson
        self.passed = passed
        self.mistakes = mistakes
        self.clock = 0.0
        self.shot = False
        lessons = all_lessons()
        ids = [l.id for l in lessons]
        at = ids.index(lesson.id) if lesson.id in ids else -1
        self.next_lesson = lessons[at + 1] if 0 <= at < len(lessons) - 1 else None

    def on_enter(self) -> None:
        if self.next_lesson is not None:
            self.go_next()
        else:
            self.to_list()

    def on_escape(self) -> None:
        self.to_list()

    def go_next(self) -> None:
        if self.next_lesson is not None:
            self.app.replace(self.app.make.lesson(self.next_lesson))

    def again(self) -> None:
        self.app.replace(self.app.make.lesson(self.lesson))

    def to_list(self) -> None:
        back_to_list(self.app)

    def update(self, dt: float) -> None:
        self.clock += dt
        ap = self.app.autoplay
        if ap is not None:
            if not self.shot and self.clock > 0.2:
                self.shot = True
                self.app.screenshot("lesson_done")
            if self.clock > 0.5:
                self.app.quit(0)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = ui_scale(surface)
        box = self.backdrop(surface, (0.16, 0.18, 0.68, 0.64))
        t = app.t
        title = t("Lesson learnt") if self.passed else t("Lesson left unfinished")
        text(app, surface, (box.centerx, box.y + round(40 * k)), title, readable(30 * k), GOLD, True, "center")
        sub = f"{region_words(app, self.lesson.variant)} · {t(self.lesson.title)}"
        text(app, surface, (box.centerx, box.y + round(80 * k)), sub, readable(18 * k), INK, False, "center")
        size = readable(18 * k)
        font = app.fonts.get(size)
        y = box.y + round(120 * k)
        for line in wrap_words(t(self.lesson.outro), box.width - round(80 * k), lambda s: font.size(s)[0]):
            img = app.fonts.render(line, size, INK)
            show(app, surface, img, img.get_rect(midtop=(box.centerx, y)), line, size)
            y += font.get_linesize()
        how = t("Every move right the first time.") if self.mistakes == 0 else \
            app.tn("One move tried again.", "{n} moves tried again.", self.mistakes).format(n=self.mistakes)
        text(app, surface, (box.centerx, y + round(16 * k)), how, readable(16 * k), MUTED, False, "midtop")
        bw, bh, gap = round(200 * k), round(50 * k), round(20 * k)
        items = [(t("All lessons"), self.to_list, "secondary"), (t("Again"), self.again, "secondary")]
        if self.next_lesson is not None:
            items.append((t("Next lesson"), self.go_next, "primary"))
        x = box.centerx - (len(items) * bw + (len(items) - 1) * gap) // 2
        for label, action, style in items:
            button(app, surface, self.clicks, pygame.Rect(x, box.bottom - bh - round(24 * k), bw, bh), label, action,
                   style=style, size=readable(18 * k))
            x += bw + gap


class LessonListScene(MenuScene):
    """学习: every lesson, a column per region, each marked ✓ once the player (his profile) has passed it."""

    def __init__(self, app):
        super().__init__(app)
        self.lessons = all_lessons()
        self.progress = Progress()
        self.cards: list[tuple[pygame.Rect, Lesson]] = []  # where the last frame drew each lesson (tests)

    def open(self, lesson: Lesson) -> None:
        self.app.push(self.app.make.lesson(lesson))

    def on_escape(self) -> None:
        self.app.replace(self.app.make.title()) if len(self.app.scenes) == 1 else self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        self.progress = Progress()  # shown again (a lesson over it was closed): what was passed meanwhile

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.t
        w, h = surface.get_size()
        k = ui_scale(surface)
        box = self.backdrop(surface, (0.04, 0.05, 0.92, 0.9))
        text(app, surface, (box.centerx, box.y + round(34 * k)), t("Lessons"), readable(30 * k), GOLD, True,
             "center")
        me = profile(app)
        passed = sum(1 for l in self.lessons if self.progress.passed(me, l.id))
        sub = t("Each lesson is a short deal at the real table that teaches one thing a region plays its own way.")
        text(app, surface, (box.centerx, box.y + round(64 * k)), sub, readable(15 * k), MUTED, False, "center")
        regions = list(dict.fromkeys(l.variant for l in self.lessons))
        self.cards = []
        if regions:
            gap = round(12 * k)
            col_w = (box.width - round(40 * k) - gap * (len(regions) - 1)) // len(regions)
            top = box.y + round(92 * k)
            bottom = box.bottom - round(80 * k)
            for c, vid in enumerate(regions):
                x = box.x + round(20 * k) + c * (col_w + gap)
                text(app, surface, (x + col_w // 2, top + round(14 * k)), region_words(app, vid), readable(20 * k),
                     GOLD, True, "center")
                mine = [l for l in self.lessons if l.variant == vid]
                ch = min(round(92 * k), (bottom - top - round(36 * k)) // max(1, len(mine)) - gap)
                y = top + round(36 * k)
                for i, lesson in enumerate(mine):
                    r = pygame.Rect(x, y, col_w, ch)
                    done = self.progress.passed(me, lesson.id)
                    self.draw_card(surface, r, i + 1, lesson, done, k)
                    self.cards.append((r, lesson))
                    y += ch + gap
        words = t("{n} of {total} lessons learnt").format(n=passed, total=len(self.lessons))
        x = box.x + round(24 * k)
        if len(app.settings.profiles) > 1:  # several players on this machine: whose progress is shown (and counted)
            label = t("Player: {name}").format(name=profile_name(app, me))
            pw = app.fonts.render(label, readable(15 * k), INK, bold=True).get_width() + round(28 * k)
            button(app, surface, self.clicks, pygame.Rect(x, box.bottom - round(58 * k), pw, round(36 * k)), label,
                   lambda: next_profile(app), style="secondary", size=readable(15 * k))
            x += pw + round(16 * k)
        text(app, surface, (x, box.bottom - round(40 * k)), words, readable(16 * k), INK, False, "midleft")
        bw, bh = round(160 * k), round(46 * k)
        button(app, surface, self.clicks, pygame.Rect(box.right - bw - round(20 * k), box.bottom - bh - round(16 * k),
                                                      bw, bh), t("Back"), self.on_escape, size=readable(18 * k))

    def draw_card(self, surface: pygame.Surface, r: pygame.Rect, number: int, lesson: Lesson, done: bool,
                  k: float) -> None:
        app = self.app
        label = f"{number}. {app.t(lesson.title)}"
        self.clicks.add(r, lambda lesson=lesson: self.open(lesson))
        hover = r.collidepoint(self.clicks.hover) if self.clicks.hover else False
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (60, 110, 70, 235) if hover else (30, 60, 42, 215), bg.get_rect(),
                         border_radius=round(10 * k))
        surface.blit(bg, r)
        app.drawn.add("panel", r)
        mark = "✓" if done else ""
        size = readable(15 * k)
        font = app.fonts.get(size)
        pad = round(10 * k)
        room = r.width - 2 * pad - (font.size("✓")[0] + pad if mark else 0)
        lines = wrap_words(label, room, lambda s: font.size(s)[0])
        fit = max(1, (r.height - pad) // font.get_linesize())
        if len(lines) > fit:
            lines = lines[:fit]
            lines[-1] = lines[-1].rstrip() + "…"
        y = r.y + (r.height - len(lines) * font.get_linesize()) // 2
        for line in lines:
            img = app.fonts.render(line, size, INK)
            show(app, surface, img, img.get_rect(topleft=(r.x + pad, y)), line, size)
            y += font.get_linesize()
        if mark:
            img = app.fonts.render(mark, readable(20 * k), (140, 240, 150), bold=True)
            show(app, surface, img, img.get_rect(midright=(r.right - pad, r.centery)), mark, readable(20 * k))
