"""The speaker's menu at the table's lower right: the voices' dialect (or silence), each seat's speaker by name, and
the voice volume, applied at once. A speaker's chip gives the seat that voice (kept in the settings, per seat and
dialect) and plays a short line in it, so the player hears whom he chose."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.audio.voices import speaker_label
from game.dialects import MUTE
from game.ui.table.commands import ChooseSpeaker, Command, SetDialect, SetVolume
from game.ui.widgets import show

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)
ON, OFF = (255, 205, 95, 245), (60, 60, 55, 200)


def _chip(view: "TableScene", surface: pygame.Surface, rect: pygame.Rect, words: str, size: int, on: bool,
          command: Command) -> None:
    chip = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(chip, ON if on else OFF, chip.get_rect(), border_radius=rect.height // 2)
    surface.blit(chip, rect)
    img = view.app.fonts.render(words, size, (30, 20, 10) if on else (235, 235, 225), bold=on)
    show(view.app, surface, img, img.get_rect(center=rect.center), words, size)
    view.hits.add(rect, command)


def _flow(widths: list[int], left: int, right: int, gap: int) -> list[tuple[int, int]]:
    """(x, line) of each chip laid left to right from `left`, onto a further line where `right` is reached."""
    out, x, line = [], left, 0
    for w in widths:
        if x > left and x + w > right:
            x, line = left, line + 1
        out.append((x, line))
        x += w + gap
    return out


def draw_speaker_menu(view: "TableScene", surface: pygame.Surface, anchor: pygame.Rect,
                      names: dict[str, str]) -> pygame.Rect:
    """The menu, its bottom right just above `anchor` (the 快捷语 toggle over the speaker); returns its box."""
    app, lay = view.app, view.layout
    px, fs = lay.px, lay.fs
    fonts, t = app.fonts, app.t
    size, small = fs(14), fs(13)
    pad, gap = px(10), px(6)
    chip_h = size + px(14)
    text_h = fonts.get(small).get_height()  # a line of the small words, as tall as the font draws it
    dialect = app.settings.dialect

    def width(words: str, at: int = size) -> int:
        return fonts.render(words, at, (0, 0, 0), bold=True).get_width() + px(20)

    speakers = app.audio.speakers(dialect) if dialect != MUTE else []
    labels = {s: speaker_label(s, t) for s in speakers}
    seats = [view.table.seats[i].name for i in range(view.table.players)]
    name_w = max((fonts.render(n, small, (0, 0, 0)).get_width() for n in seats), default=0) + px(10)
    dialect_w = max(width(label) for label in names.values())
    caption = t("Each seat's voice (click one to hear it)")
    wanted = max(2 * dialect_w + gap, name_w + sum(width(labels[s]) + gap for s in speakers),
                 fonts.render(caption, small, (0, 0, 0)).get_width(),
                 len(VOLUMES) * (px(42) + gap), px(250))
    inner = min(wanted, lay.width - 2 * lay.edge - 2 * pad)  # never wider than the window: chips go onto more lines
    # the rows, laid out before the box is drawn so that it fits them
    dialect_at = _flow([dialect_w] * len(names), 0, inner, gap)
    height = (dialect_at[-1][1] + 1) * (chip_h + gap)
    if speakers:
        height += text_h
    seat_rows = []
    for seat in range(len(seats) if speakers else 0):
        spots = _flow([width(labels[s]) for s in speakers], name_w, inner, gap)
        seat_rows.append((height, spots))
        height += ((spots[-1][1] + 1) if spots else 1) * (chip_h + gap)
    if dialect != MUTE and not speakers:
        height += text_h  # a line saying there is no pack to choose from
    volume_y = height + px(2)
    height = volume_y + text_h + chip_h
    box = pygame.Rect(0, 0, inner + 2 * pad, height + 2 * pad)
    box.bottomright = (anchor.right, anchor.top - px(8))
    box.clamp_ip(pygame.Rect(0, 0, lay.width, lay.table_h))
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (0, 0, 0, 225), bg.get_rect(), border_radius=10)
    pygame.draw.rect(bg, (200, 170, 90, 230), bg.get_rect(), width=2, border_radius=10)
    surface.blit(bg, box)
    app.drawn.add("panel", box)
    x0, y0 = box.x + pad, box.y + pad
    for (key, label), (x, line) in zip(names.items(), dialect_at):
        rect = pygame.Rect(x0 + x, y0 + line * (chip_h + gap), dialect_w, chip_h)
        _chip(view, surface, rect, label, size, dialect == key, SetDialect(key))
    if seat_rows:
        img = fonts.render(caption, small, (220, 220, 210))
        show(app, surface, img, (x0, y0 + seat_rows[0][0] - text_h), caption, small)
    for seat, (top, spots) in enumerate(seat_rows):
        img = fonts.render(seats[seat], small, (220, 220, 210))
        show(app, surface, img, img.get_rect(midleft=(x0, y0 + top + chip_h // 2)), seats[seat], small)
        current = app.audio.speaker_for(seat)
        for speaker, (x, line) in zip(speakers, spots):
            rect = pygame.Rect(x0 + x, y0 + top + line * (chip_h + gap), width(labels[speaker]), chip_h)
            _chip(view, surface, rect, labels[speaker], size, speaker == current, ChooseSpeaker(seat, speaker))
    if dialect != MUTE and not speakers:
        words = t("No voice pack for this dialect.")
        img = fonts.render(words, small, (220, 200, 170))
        show(app, surface, img, (x0, y0 + volume_y - px(2) - text_h), words, small)
    words = t("Voice volume")
    img = fonts.render(words, small, (220, 220, 210))
    show(app, surface, img, (x0, y0 + volume_y), words, small)
    y = y0 + volume_y + text_h
    for i, v in enumerate(VOLUMES):
        rect = pygame.Rect(x0 + i * (px(42) + gap), y, px(42), chip_h)
        _chip(view, surface, rect, f"{round(v * 100)}", fs(12), abs(app.settings.voice_volume - v) < 0.01,
              SetVolume(v))
    return box
