"""The presenter: what an event looks like at the table — call words, flights, the dice's shot, the turned tiles,
payment banners, the win effect — as nodes on the view's effect layer. Live play and replays share it."""

from __future__ import annotations

import pygame

from game.engine.tiles import parse_tile
from game.ui.layout import TILE_RATIO
from game.ui.model import flip_rows
from game.ui.node import ImageNode, Node, ease_out, ease_out_back
from game.ui.table.common import CALL_KINDS, CALL_WORDS, PACE, SIDE_TURNS, Part
from game.ui.widgets import GOLD, INK


class Presenter(Part):
    def show(self, e: dict) -> None:
        """An event as the table shows and says it (a live table and a replay alike): its voice, then its effect.
        A flip is held by the caller until its wins are announced (show_held_flip)."""
        view = self.view
        kind = e["type"]
        if kind == "flip":
            return
        view.app.audio.on_event(e, view.model.players, view.viewer)
        if kind in CALL_KINDS:
            self.flash(e["actor"], view.app.t(CALL_WORDS[kind]))
        elif kind == "score" and not view.model.wins and not view.model.exhausted:
            self.score_banner(e)  # a payment during play (追牌, 跟庄, kong points …): who pays whom, at once
        elif kind == "flower":
            self.flash(e["actor"], view.app.t(CALL_WORDS["flower"]))
        elif kind == "win":
            won = view.app.t("胡") if e.get("target") is not None else view.app.t("自摸")
            self.flash(e["actor"], won, big=True)
            self.celebrate(e["actor"])
        elif kind == "discard":
            self.fly_discard(e)
        elif kind == "exhausted":
            self.flash(None, view.app.t("流局"), big=True)
        elif kind == "ghost":
            self.flash(None, view.app.t("鬼牌"), tile=e["ghost"])

    def show_held_flip(self, flip: dict) -> None:
        """The tiles turned after a win (horses, 醒), said and shown once the wins are announced."""
        view = self.view
        view.app.audio.on_event(flip, view.model.players, view.viewer)
        self.show_flip(flip)

    def current_marks(self) -> set[tuple]:
        view = self.view
        return {(seat, m.id, tuple(sorted(m.params.items()))) for seat in range(view.model.players)
                for m in view.model.seat_marks(seat)} if view.model.started else set()

    def marks_changed(self, actor: int) -> None:
        """A claim may make a seat mark (互包 …): the new ones are said once, in the table's voice."""
        view = self.view
        now = self.current_marks()
        new = now - view.marks_known
        view.marks_known = now
        if not new:
            return
        tokens = [m.voice_token for seat in range(view.model.players) for m in view.model.seat_marks(seat)
                  if (seat, m.id, tuple(sorted(m.params.items()))) in new and m.voice_token]
        voices = getattr(view.app.audio, "voices", None)
        if tokens and voices is not None:
            voices.announce(tokens[0], view.model.players, view.viewer, after=actor)
        self.shot("seat_mark", view.pace(0.6))

    def later(self, seconds: float, action) -> None:
        view = self.view
        holder = Node()
        holder.tween("x", 1, seconds, on_done=lambda: (action(), view.effects.remove(holder)))
        view.effects.add(holder)

    def shot(self, name: str, delay: float = 0.0) -> None:
        view = self.view
        if view.app.autoplay is None:
            return
        if delay <= 0:
            view.app.screenshot(name)
            return
        holder = Node()
        holder.tween("x", 1, delay, on_done=lambda: (view.app.screenshot(name), view.effects.remove(holder)))
        view.effects.add(holder)

    def flash(self, seat: int | None, word: str, *, big: bool = False, tile: str | None = None) -> None:
        view = self.view
        size = round(view.layout.tw * (1.6 if big else 1.2))
        color = (255, 214, 90) if big else (255, 245, 220)
        text = view.app.fonts.render(word, size, color, bold=True)
        shadow = view.app.fonts.render(word, size, (60, 20, 10), bold=True)
        surf = pygame.Surface((text.get_width() + 8, text.get_height() + 8), pygame.SRCALPHA)
        surf.blit(shadow, (6, 6))
        surf.blit(text, (2, 2))
        pad = size // 4
        backed = pygame.Surface((surf.get_width() + 2 * pad, surf.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(backed, (0, 0, 0, 120), backed.get_rect(), border_radius=backed.get_height() // 2)
        backed.blit(surf, (pad, pad // 2))
        surf = backed
        shown = [tile] if tile is not None else []
        if shown:
            faces = [view.app.tiles.face(parse_tile(t), view.layout.tw) for t in shown]
            fw = sum(f.get_width() + 6 for f in faces)
            combo = pygame.Surface((surf.get_width() + fw + 10, max(surf.get_height(), faces[0].get_height())),
                                   pygame.SRCALPHA)
            combo.blit(surf, (0, (combo.get_height() - surf.get_height()) // 2))
            x = surf.get_width() + 10
            for f in faces:
                combo.blit(f, (x, 0))
                x += f.get_width() + 6
            surf = combo
        x, y = view.side_point(view.side_of(seat))
        node = ImageNode(surf, x, y, center=True, z=10)
        node.scale = 0.3
        node.tween("scale", 1.0, 0.35, ease=ease_out_back)
        node.tween("alpha", 0, 0.45, delay=view.pace(0.9) + 0.3, on_done=lambda: view.effects.remove(node))
        view.effects.add(node)

    def pop_in(self, surf: pygame.Surface, x: int, y: int, hold: float) -> ImageNode:
        """An effect that pops up centred on (x, y), stays `hold` seconds (paced) and fades."""
        view = self.view
        node = ImageNode(surf, x, y, center=True, z=11)
        node.scale = 0.5
        node.tween("scale", 1.0, view.pace(0.3), ease=ease_out_back)
        node.tween("alpha", 0, 0.4, delay=view.pace(hold), on_done=lambda: view.effects.remove(node))
        view.effects.add(node)
        return node

    def show_flip(self, e: dict) -> None:
        """The turned tiles (horses, 醒) large in the middle of the table: for each winner a row with his name and
        count, the tiles that scored for him lit (full brightness, gold rim), the others dimmed (the event's counts:
        the rule set says what scored, the table only draws it)."""
        view = self.view
        label = view.app.t(view.table.variant.flip_kind(e.get("kind")).label)
        rows = flip_rows(e)
        lay = view.layout
        fonts = view.app.fonts
        tw = lay.tw
        pad = max(12, tw // 3)
        title = fonts.render(label, max(22, round(tw * 0.6)), (255, 214, 90), bold=True)
        parts = []
        for row in rows:
            strip, rects = view.app.tiles.flip_strip([parse_tile(t) for t in row.tiles], row.counts, tw)
            caption = None
            if row.seat is not None and 0 <= row.seat < len(view.table.seats):
                caption = fonts.render(view.flip_caption(row), max(14, tw // 3), INK, bold=True)
            parts.append((row, strip, rects, caption))
        width = max([title.get_width()] + [max(st.get_width(), c.get_width() if c else 0) for _, st, _, c in parts])
        height = title.get_height() + sum(st.get_height() + (c.get_height() + 4 if c else 0) + pad
                                          for _, st, _, c in parts)
        surf = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (8, 20, 16, 225), surf.get_rect(), border_radius=pad)
        pygame.draw.rect(surf, (*GOLD, 235), surf.get_rect(), width=2, border_radius=pad)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, pad // 2 + 2)))
        y = pad // 2 + title.get_height() + pad // 2
        cx, cy = lay.center
        origin = (cx - surf.get_width() // 2, cy - surf.get_height() // 2)
        view_rows = []
        for row, strip, rects, caption in parts:
            if caption is not None:
                surf.blit(caption, caption.get_rect(midtop=(surf.get_width() // 2, y)))
                y += caption.get_height() + 4
            x = (surf.get_width() - strip.get_width()) // 2
            surf.blit(strip, (x, y))
            view_rows.append({"seat": row.seat, "tiles": list(row.tiles), "lit": row.lit, "total": row.total,
                              "rects": [r.move(origin[0] + x, origin[1] + y) for r in rects]})
            y += strip.get_height() + pad
        view.flip_view = {"kind": e.get("kind"), "label": label, "rows": view_rows}
        self.pop_in(surf, cx, cy, PACE["flip"] + 0.4)

    def score_banner(self, e: dict) -> None:
        """A payment made during play (追牌, 跟庄, kong points …): a short banner with the rule set's label for it and
        who gains or pays what."""
        view = self.view
        label = view.app.t(view.table.variant.score_reason(e.get("reason")).label)
        amounts = [(seat, d) for seat, d in enumerate(e.get("deltas") or []) if d]
        fonts = view.app.fonts
        size = max(16, view.layout.tw // 3 + 2)
        head = fonts.render(label, size + 4, (255, 214, 90), bold=True)
        pieces = [fonts.render(f"{view.table.seats[seat].name} {d:+d}", size,
                               (130, 240, 140) if d > 0 else (255, 130, 110), bold=True) for seat, d in amounts]
        pad = size // 2 + 4
        gap = size
        width = head.get_width() + sum(p.get_width() + gap for p in pieces) + 2 * pad
        height = max([head.get_height()] + [p.get_height() for p in pieces]) + pad
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (40, 14, 8, 225), surf.get_rect(), border_radius=height // 2)
        pygame.draw.rect(surf, (*GOLD, 235), surf.get_rect(), width=2, border_radius=height // 2)
        x = pad
        for img in [head, *pieces]:
            surf.blit(img, img.get_rect(midleft=(x, height // 2)))
            x += img.get_width() + gap
        room = view.layout.width - 2 * view.layout.edge
        if surf.get_width() > room:  # long names in a small window: the whole banner narrower
            surf = pygame.transform.smoothscale(surf, (room, max(1, round(height * room / surf.get_width()))))
        view.banner_view = {"reason": e.get("reason"), "label": label, "amounts": amounts}
        cx, cy = view.layout.center
        self.pop_in(surf, cx, cy - view.layout.panel // 2 - height, 1.3)
        view.wait = max(view.wait, view.pace(1.0))
        self.shot("score", view.pace(0.5))

    def fly_deal(self, seat: int, count: int) -> None:
        """A block of tiles slides from the wall break to the seat being dealt."""
        view = self.view
        sw = view.layout.small
        img = pygame.Surface((sw * count, round(sw * TILE_RATIO)), pygame.SRCALPHA)
        back = view.app.tiles.back(sw)
        for i in range(count):
            img.blit(back, (i * sw, 0))
        side = view.side_of(seat)
        img = view.app.tiles.rotated(img, SIDE_TURNS[side])
        sx, sy = view.board.break_point()
        tx, ty = view.side_point(side)
        node = ImageNode(img, sx, sy, center=True, z=4)
        node.tween("x", tx - img.get_width() / 2, view.pace(0.25), ease=ease_out)
        node.tween("y", ty - img.get_height() / 2, view.pace(0.25), ease=ease_out,
                   on_done=lambda: view.effects.remove(node))
        view.effects.add(node)

    def fly_discard(self, e: dict) -> None:
        """A discarded tile slides from its seat's hand to its place in the discard rows."""
        view = self.view
        seat = e["actor"]
        side = view.side_of(seat)
        index = len(view.model.seats[seat].discards) - 1
        tx, ty = view.board.discard_pos(side, index)
        sx, sy = view.side_point(side)
        img = view.app.tiles.rotated(view.app.tiles.lying(parse_tile(e["tile"]), view.layout.small),
                                     SIDE_TURNS[side])
        node = ImageNode(img, sx, sy, center=True, z=5)
        node.tween("x", tx - img.get_width() / 2, 0.22, ease=ease_out)
        node.tween("y", ty - img.get_height() / 2, 0.22, ease=ease_out, on_done=lambda: view.effects.remove(node))
        view.effects.add(node)
        view.flying = node
        # and large for a moment, between the thrower and the middle, so the table sees what went out
        big = view.app.tiles.face(parse_tile(e["tile"]), round(view.layout.tw * 1.25))
        cx, cy = view.layout.center
        view.discard_pop = self.pop_in(big, round(sx + (cx - sx) * 0.45), round(sy + (cy - sy) * 0.45), 0.45)

    def celebrate(self, seat: int) -> None:
        """The region's win effect around the winner: its particles join the effect layer and leave it by
        themselves (short in fast mode)."""
        view = self.view
        from game.ui.art.looks import win_effect

        lay = view.layout
        node = win_effect(view.board.look(), view.side_point(view.side_of(seat)), (lay.width, lay.height),
                          view.pace(1.0), seed=f"{view.table.seed}:{view.presented}")
        view.effects.add(node)
    def show_phrase(self, seat: int, phrase_id: str) -> None:
        from game.phrases import phrase_text

        view = self.view
        words = phrase_text(phrase_id)
        if words is None or not 0 <= seat < view.table.players:
            return
        view.bubbles = [b for b in view.bubbles if b["seat"] != seat]
        view.bubbles.append({"seat": seat, "id": phrase_id, "text": view.app.t(words), "left": 3.5})
        view.app.audio.talk(seat, phrase_id, view.table.players, view.viewer)

