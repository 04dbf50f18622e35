"""The drawing of Settings → Voices (game.ui.scenes.voices): the dialect and pack name, the tabs, the recording
panel (the strip of tokens, the words to say, the take, the controls), the import panel, the player's packs with
their Delete, the message line; and the one-line text field the screen types into. Drawn from the scene's state,
registering each control with the scene's clicks."""

from __future__ import annotations

import pygame

from game.audio.packs import DIALECTS
from game.audio.readings import prompt
from game.ui.widgets import GOLD, INK, MUTED, RED, button, chip, chip_pad, panel, text

GREEN = (150, 220, 140)
DEFAULT_NAME = "my_voice"


class Field:
    """One line of text typed in place; TEXTINPUT carries IME input, Ctrl+V pastes."""

    def __init__(self, value: str = "", limit: int = 40):
        self.value = value
        self.limit = limit
        self.active = False

    def start(self) -> None:
        self.active = True
        try:
            pygame.key.start_text_input()
        except Exception:
            pass

    def stop(self) -> None:
        if self.active:
            self.active = False
            try:
                pygame.key.stop_text_input()
            except Exception:
                pass

    def handle(self, event: pygame.event.Event) -> str | None:
        """"typed", "done" (Enter), "left" (Esc / Tab) or None when the event is not the field's."""
        if not self.active:
            return None
        if event.type == pygame.TEXTINPUT:
            self.value = (self.value + event.text)[: self.limit]
            return "typed"
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return "typed"
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.stop()
                return "done"
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.stop()
                return "left"
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                pasted = _clipboard()
                if pasted:
                    self.value = (self.value + pasted.replace("\n", " ").strip())[: self.limit]
                return "typed"
            return "typed"  # other keys do nothing while typing (no shortcuts behind the player's back)
        return None


def _clipboard() -> str:
    try:
        if hasattr(pygame.scrap, "get_text"):
            return pygame.scrap.get_text() or ""
    except Exception:
        pass
    return ""


class VoicesDrawing:
    """The drawing half of `VoicesScene`: every method here reads the scene's state and adds its controls to
    `self.clicks`; the actions they call are the scene's."""

    def wrap(self, surface: pygame.Surface, pos: tuple[int, int], words: str, size: int, color: tuple,
             width: int, bold: bool = False) -> int:
        """Words wrapped to `width`; returns the y below them."""
        img = self.app.fonts.get(size, bold).render(words, True, color, None, max(10, width))
        surface.blit(img, pos)
        return pos[1] + img.get_height()

    def field(self, surface: pygame.Surface, f: Field, rect: pygame.Rect, placeholder: str, size: int) -> None:
        pygame.draw.rect(surface, (0, 0, 0), rect, border_radius=self.px(6))
        pygame.draw.rect(surface, GOLD if f.active else (140, 130, 110), rect, width=2 if f.active else 1,
                         border_radius=self.px(6))
        shown = f.value + ("|" if f.active else "")
        img = self.app.fonts.render(shown or placeholder, size, INK if shown else MUTED)
        pad = self.px(8)
        room = rect.width - 2 * pad
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-pad, -2))
        x = rect.x + pad if img.get_width() <= room else rect.right - pad - img.get_width()  # the end stays in view
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        surface.set_clip(clip)
        self.clicks.add(rect, f.start, True, placeholder)

    def draw(self, surface: pygame.Surface) -> None:
        app, t, px = self.app, self.app.t, self.px
        box = self.backdrop(surface, (0.03, 0.04, 0.94, 0.92))
        pad = px(26)
        x0, y = box.x + pad, box.y + px(16)
        text(app, surface, (x0, y), t("Your own voices"), self.fs(30), GOLD, True)
        y += px(52)
        # dialect and name
        text(app, surface, (x0, y + px(4)), t("Dialect"), self.fs(18), INK)
        cx = x0 + px(110)
        for d in DIALECTS:
            r = chip(app, surface, self.clicks, (cx, y), self.dialect_name(d), self.dialect == d,
                     lambda d=d: self.choose_dialect(d), size=self.fs(17))
            cx = r.right + px(8)
        cx += px(30)
        label = text(app, surface, (cx, y + px(4)), t("Pack name"), self.fs(18), INK)
        self.field(surface, self.name, pygame.Rect(label.right + px(12), y - px(2), px(230), px(34)), DEFAULT_NAME,
                   self.fs(18))
        y += px(50)
        # tabs
        cx = x0
        for tab, words in (("record", t("Record with the microphone")), ("import", t("Import a folder"))):
            r = chip(app, surface, self.clicks, (cx, y), words, self.tab == tab, lambda tab=tab: self.choose_tab(tab),
                     size=self.fs(18))
            cx = r.right + px(10)
        y += px(48)
        split = box.x + round(box.width * 0.64)
        left = pygame.Rect(x0, y, split - x0 - px(16), box.bottom - px(84) - y)
        right = pygame.Rect(split, y, box.right - pad - split, left.height)
        panel(surface, left, alpha=120, radius=px(12), border=(120, 110, 80), app=app)
        panel(surface, right, alpha=120, radius=px(12), border=(120, 110, 80), app=app)
        if self.tab == "record":
            self.draw_record(surface, left)
        else:
            self.draw_import(surface, left)
        self.draw_packs(surface, right)
        # the message line and Back
        bh = px(48)
        back = pygame.Rect(box.right - pad - px(170), box.bottom - bh - px(18), px(170), bh)
        if self.job is not None:
            done, total = self.job["done"], self.job["total"]
            percent = 100 * done // total if total else 0
            words = (t("Importing… {percent}%") if self.job["kind"] == "import"
                     else t("Saving… {percent}%")).format(percent=percent)
            self.wrap(surface, (x0, back.y + px(2)), words, self.fs(16), GOLD, back.x - x0 - px(20))
        elif self.message:
            words, color = self.message
            self.wrap(surface, (x0, back.y + px(2)), words, self.fs(16), color, back.x - x0 - px(20))
        button(app, surface, self.clicks, back, t("Back"), self.back, size=self.fs(20))

    def draw_record(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        app, t, px = self.app, self.app.t, self.px
        x, y, width = area.x + px(20), area.y + px(14), area.width - px(40)
        if not self.mic.available:
            y = self.wrap(surface, (x, y), self.mic_words(), self.fs(17), RED, width - px(150))
            chip(app, surface, self.clicks, (area.right - px(150), area.y + px(12)), t("Check again"), False,
                 self.check_again, size=self.fs(15))
            y += px(8)
        else:
            text(app, surface, (x, y), t("Microphone: {name}").format(name=self.mic.name), self.fs(15), MUTED)
            y += px(28)
        sess = self.session
        token = sess.token
        # where we are: a strip of the tokens, each a small cell (gold: kept, red: refused), click to jump
        n = len(sess.tokens)
        cell = max(3, min(px(12), (width - n) // n))
        for i, tok in enumerate(sess.tokens):
            take = sess.takes.get(tok)
            r = pygame.Rect(x + i * (cell + 1), y, cell, px(14))
            col = (70, 75, 70) if take is None else (GOLD if take.clip is not None else RED)
            pygame.draw.rect(surface, col, r)
            if i == sess.index:
                pygame.draw.rect(surface, INK, r.inflate(2, 6), width=1)
            self.clicks.add(r, lambda i=i: self.jump(i), not sess.recording)
        y += px(26)
        text(app, surface, (x, y), t("{i} of {n}").format(i=sess.index + 1, n=n) + f"  ·  {self.kind_words(token)}"
             + f"  ·  {token}" + "  ·  " + t("{n} recorded").format(n=len(sess.kept())), self.fs(16), MUTED)
        y += px(30)
        zh, reading = prompt(self.dialect, token)
        text(app, surface, (x, y), t("Say:"), self.fs(16), MUTED)
        big = text(app, surface, (x + px(60), y - px(6)), zh or token, self.fs(60), INK, True)
        text(app, surface, (x + px(62), big.bottom + px(2)), reading, self.fs(22), GOLD)
        y = big.bottom + px(40)
        # the take
        take = sess.take
        if sess.recording:
            words = t("Recording… say it now ({s} s)").format(s=f"{sess.elapsed:.1f}")
            color = RED
        elif take is None:
            words, color = t("Not recorded yet: press Record, say the words, press Stop."), MUTED
        elif take.clip is not None:
            words, color = t("Recorded: {s} s").format(s=f"{take.clip.seconds:.1f}"), GREEN
        elif take.problem == "silence":
            words, color = t("Only silence was heard: press Redo (is the microphone muted?)"), RED
        else:
            words, color = t("That take could not be used: press Redo."), RED
        if sess.recording:
            pygame.draw.circle(surface, RED, (x + px(8), y + px(11)), px(7))
            text(app, surface, (x + px(24), y), words, self.fs(18), color, True)
            meter = pygame.Rect(x + px(24), y + px(30), min(width - px(24), px(360)), px(10))
            pygame.draw.rect(surface, (40, 40, 40), meter, border_radius=px(4))
            lit = meter.copy()
            lit.width = round(meter.width * sess.level)
            pygame.draw.rect(surface, GREEN if sess.level < 0.9 else RED, lit, border_radius=px(4))
        else:
            self.wrap(surface, (x, y), words, self.fs(18), color, width)
        # the controls
        bh = px(46)
        y = area.bottom - 2 * bh - px(34)
        can_rec = self.mic.available and not self.busy()
        has_take = take is not None and take.clip is not None
        row = [(t("Stop") if sess.recording else t("Record"), self.record, can_rec, "primary"),
               (t("Play back"), self.play, has_take and not sess.recording and app.audio.enabled, "secondary"),
               (t("Redo"), self.redo, can_rec and take is not None and not sess.recording, "secondary")]
        self.button_row(surface, row, x, y, width, bh)
        y += bh + px(14)
        kept = len(sess.kept())
        row = [(t("Previous"), lambda: self.step(-1), sess.index > 0, "secondary"),
               (t("Next"), lambda: self.step(1), sess.index < n - 1, "secondary"),
               (t("Save pack"), self.save, kept > 0 and not sess.recording and not self.busy(), "primary")]
        self.button_row(surface, row, x, y, width, bh)

    def button_row(self, surface: pygame.Surface, row: list, x: int, y: int, width: int, bh: int) -> None:
        gap = self.px(12)
        bw = (width - gap * (len(row) - 1)) // len(row)
        for i, (words, action, enabled, style) in enumerate(row):
            button(self.app, surface, self.clicks, pygame.Rect(x + i * (bw + gap), y, bw, bh), words, action,
                   style=style, enabled=enabled, size=self.fs(18))

    def draw_import(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        app, t, px = self.app, self.app.t, self.px
        x, y, width = area.x + px(20), area.y + px(16), area.width - px(40)
        y = self.wrap(surface, (x, y), t("Type or paste (Ctrl+V) the path of a folder of recordings named by token: "
                                         "1m.wav, pong.wav, 碰.wav … They are trimmed, made as loud as the game's "
                                         "voices and added to the pack named above."), self.fs(16), MUTED, width)
        y += px(14)
        label = text(app, surface, (x, y + px(6)), t("Folder"), self.fs(18), INK)
        bw = px(150)
        rect = pygame.Rect(label.right + px(12), y, width - (label.right + px(12) - x) - bw - px(12), px(38))
        self.field(surface, self.path, rect, t("e.g. C:\\Users\\me\\recordings"), self.fs(17))
        button(app, surface, self.clicks, pygame.Rect(rect.right + px(12), y - px(2), bw, px(42)), t("Import"),
               self.run_import, size=self.fs(18), enabled=not self.busy())
        y += px(58)
        for words, color in self.import_lines:
            if y > area.bottom - px(30):
                text(app, surface, (x, y), "…", self.fs(16), MUTED)
                break
            y = self.wrap(surface, (x, y), words, self.fs(16), color, width) + px(4)

    def draw_packs(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        app, t, px = self.app, self.app.t, self.px
        x, y, width = area.x + px(18), area.y + px(14), area.width - px(36)
        text(app, surface, (x, y), t("Your packs"), self.fs(20), GOLD, True)
        y += px(38)
        if not self.packs:
            self.wrap(surface, (x, y), t("No packs of your own yet."), self.fs(16), MUTED, width)
            return
        row_h = px(58)
        for p in self.packs:
            if y + row_h > area.bottom - px(6):
                text(app, surface, (x, y), "…", self.fs(16), MUTED)
                break
            name = f"{self.dialect_name(p.dialect)} · {p.speaker}"
            text(app, surface, (x, y), name, self.fs(17), INK, True)
            how = (t("{n} clips · recorded") if p.recorded else t("{n} clips · imported")).format(n=len(p.tokens))
            text(app, surface, (x, y + px(24)), how, self.fs(14), MUTED)
            def chip_width(words: str, on: bool) -> int:
                return app.fonts.render(words, self.fs(14), INK, bold=on).get_width() + chip_pad(self.fs(14))[0]

            if self.confirm == (p.dialect, p.speaker):
                yes, keep = t("Yes, delete"), t("Keep")
                cx = x + width - chip_width(yes, True) - px(6) - chip_width(keep, False)
                r = chip(app, surface, self.clicks, (cx, y + px(24)), yes, True,
                         lambda p=p: self.delete(p.dialect, p.speaker), size=self.fs(14))
                chip(app, surface, self.clicks, (r.right + px(6), y + px(24)), keep, False,
                     lambda: setattr(self, "confirm", None), size=self.fs(14))
            else:
                words = t("Delete")
                chip(app, surface, self.clicks, (x + width - chip_width(words, False), y + px(6)), words, False,
                     lambda p=p: self.ask_delete(p.dialect, p.speaker), size=self.fs(14))
            y += row_h
