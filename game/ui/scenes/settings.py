"""Settings: language, voices (the dialect, each seat's speaker by name with a sample) and volumes, animation speed,
window, tile size, table art, claim timer; the player's own voice packs on a screen of their own
(game.ui.scenes.voices)."""

from __future__ import annotations

import pygame

from game.audio.voices import speaker_label
from game.dialects import DIALECT_CHOICES, DIALECT_LABELS
from game.i18n import N_
from game.settings import AUTO_TABLE_ART, CLAIM_TIMERS, EXPERT_THINKS, TILE_SIZES, TURN_TIMERS, table_arts
from game.ui.art.table import REGION_NAMES
from game.ui.fonts import MIN_TEXT_PX, readable
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, chip, chip_pad, text

LANG_LABELS = {"zh_CN": "简体中文", "en": "English", "zh_TW": "繁體中文"}
# msgids, shown through app.t (the regions' names come with their looks, art/looks.py)
ART_LABELS = {AUTO_TABLE_ART: N_("随规则"), **REGION_NAMES}
SIZE_LABELS = {"small": N_("小"), "medium": N_("中"), "large": N_("大")}


class SettingsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.seat = 0  # the seat whose speaker the Speakers row shows and sets

    def choose_speaker(self, speaker: str) -> None:
        """The chosen seat's voice in the current dialect, heard at once."""
        audio = self.app.audio
        if audio.choose_speaker(self.seat, speaker):
            audio.sample(audio.dialect, speaker, self.seat)
            self.app.save()

    def on_escape(self) -> None:
        self.back()

    def back(self) -> None:
        self.app.save()
        self.app.pop()

    def own_voices(self) -> None:
        """Settings → Voices: record or import the player's own voice packs."""
        self.app.push(self.app.make.voices())

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.settings.validate()
        if name == "dialect":
            self.app.audio.set_dialect(value)
        if name == "window_size" and not self.app.settings.fullscreen:
            self.app.screen = pygame.display.set_mode(value, pygame.RESIZABLE)
            for s in self.app.scenes:
                s.resize(value)
        self.app.save()

    def draw(self, surface: pygame.Surface) -> None:
        app, st = self.app, self.app.settings
        w, h = surface.get_size()
        box = self.backdrop(surface, (0.12, 0.06, 0.76, 0.86))
        text(app, surface, (box.x + 30, box.y + 20), app.t("Settings"), max(20, round(32 * min(w / 1280, h / 720))),
             GOLD, True)
        # the dialects' names in the player's script (南寧話 in zh_TW), as the table's speaker menu gives them
        rows = [
            (app.t("Language"), [(LANG_LABELS[k], st.language == k, lambda k=k: app.set_language(k))
                                 for k in LANG_LABELS]),
            (app.t("Voices"), [(app.t(DIALECT_LABELS[k]), st.dialect == k, lambda k=k: self._set("dialect", k))
                               for k in DIALECT_CHOICES]),
            (app.t("Voice of"), [(app.t("Seat {n}").format(n=i + 1), self.seat == i,
                                  lambda i=i: setattr(self, "seat", i)) for i in range(4)]),
            (app.t("Speaker"), [(speaker_label(s, app.t), app.audio.speaker_for(self.seat) == s,
                                 lambda s=s: self.choose_speaker(s)) for s in app.audio.speakers()]),
            (app.t("Voice volume"), [(f"{v}%", round(st.voice_volume * 100) == v,
                                      lambda v=v: self._set("voice_volume", v / 100)) for v in (0, 25, 50, 75, 100)]),
            (app.t("Effects volume"), [(f"{v}%", round(st.effects_volume * 100) == v,
                                        lambda v=v: self._set("effects_volume", v / 100))
                                       for v in (0, 25, 50, 75, 100)]),
            (app.t("Animation speed"), [(f"×{v}", st.animation_speed == v,
                                         lambda v=v: self._set("animation_speed", v)) for v in (0.5, 1.0, 1.5, 2.0)]),
            (app.t("Window"), [(f"{a}×{b}", tuple(st.window_size) == (a, b) and not st.fullscreen,
                                lambda a=a, b=b: (self._set("fullscreen", False), self._set("window_size", (a, b))))
                               for a, b in ((1280, 720), (1600, 900), (1920, 1080))]
             + [(app.t("Fullscreen"), st.fullscreen, lambda: self._set("fullscreen", not st.fullscreen))]),
            (app.t("Tile size"), [(app.t(SIZE_LABELS[k]), st.tile_size == k, lambda k=k: self._set("tile_size", k))
                                  for k in TILE_SIZES]),
            (app.t("Table art"), [(app.t(ART_LABELS[k]), st.table_art == k, lambda k=k: self._set("table_art", k))
                                  for k in table_arts()]),
            (app.t("Claim timer"), [(app.t("Off") if v == 0 else app.t("{n}s").format(n=v), st.claim_timer == v,
                                     lambda v=v: self._set("claim_timer", v)) for v in CLAIM_TIMERS]),
            (app.t("Turn timer"), [(app.t("Off") if v == 0 else app.t("{n}s").format(n=v), st.turn_timer == v,
                                    lambda v=v: self._set("turn_timer", v)) for v in TURN_TIMERS]),
            (app.t("Expert's thinking"), [(app.t("Quick") if v == 0 else app.t("{n}s").format(n=f"{v:g}"),
                                           st.expert_think == v, lambda v=v: self._set("expert_think", v))
                                          for v in EXPERT_THINKS]),
        ]
        # scaled with the window: at 960×540 the thirteen rows and Back must still fit the panel
        k = max(0.7, min(w / 1280, h / 720))
        top = box.y + round(80 * k)
        bottom = box.bottom - round(84 * k) - (round(22 * k) if st.fullscreen else 0)
        step = min(round(50 * k), (bottom - top) // len(rows))
        fs = readable(min(16 * k, step - 16))
        y = top
        label_size = readable(18 * k)
        # the chips start right of the longest label (English labels are longer, its chips too)
        widest = max(app.fonts.render(label, label_size, INK).get_width() for label, _ in rows)
        x0 = box.x + round(40 * k) + min(round(200 * k), widest + round(20 * k))
        gap = round(8 * k)
        for label, chips in rows:
            text(app, surface, (box.x + round(40 * k), y + 2), label, label_size, (235, 230, 215))
            size = fs  # a row too long for the panel at this size has smaller chips (never under MIN_TEXT_PX)
            while size > MIN_TEXT_PX and x0 + sum(app.fonts.render(c, size, INK, bold=on).get_width() + gap
                                                  + chip_pad(size)[0] for c, on, _ in chips) > box.right - round(20 * k):
                size -= 1
            if not chips:  # (the Speaker row while the voices are muted)
                text(app, surface, (x0, y + 2), app.t("Choose a dialect to hear its speakers."), fs, MUTED)
            x = x0
            for chip_label, on, action in chips:
                r = chip(app, surface, self.clicks, (x, y - 2), chip_label, on, action, size=size)
                x = r.right + gap
            y += step
        if st.fullscreen:
            text(app, surface, (box.x + round(40 * k), y), app.t("Fullscreen applies the next time the game starts."),
                 readable(14 * k), (200, 200, 190))
        bw, bh = round(200 * k), round(52 * k)
        back = pygame.Rect(box.centerx - bw // 2, box.bottom - bh - round(20 * k), bw, bh)
        button(app, surface, self.clicks, back, app.t("Back"), self.back)
        # the player's own packs: a screen of their own, its button beside Back (the rows above are full at 960×540)
        own = pygame.Rect(box.x + round(40 * k), back.y, min(round(240 * k), back.left - round(60 * k) - box.x), bh)
        button(app, surface, self.clicks, own, app.t("Your own voices…"), self.own_voices, style="secondary",
               size=readable(17 * k))
