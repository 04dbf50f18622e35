"""The hands: every seat's concealed tiles and melds, the player's own hand with its 听 tags, the 听 chip and the
waits panel."""

from __future__ import annotations

import pygame

from game.engine.tiles import NUM_PLAYABLE, parse_tile
from game.ui.layout import TILE_RATIO
from game.ui.table.commands import ToggleWaits
from game.ui.table.common import SIDE_TURNS, Part, sort_hand
from game.ui.terms import count_text
from game.ui.widgets import INK, show


class Hands(Part):
    def meld_images(self, seat: int, width: int) -> list[list[pygame.Surface]]:
        """Each meld as the seat sees it: the claimed tile lies crosswise, placed toward its giver (left for the
        previous seat, middle for the opposite seat, right for the next seat); concealed kongs lie face down."""
        view = self.view
        groups = []
        players = view.model.players
        for m in view.model.seats[seat].melds:
            if m["type"] == "concealed_kong":
                groups.append([view.app.tiles.lying_back(width) for _ in m["tiles"]])
                continue
            tiles = list(m["tiles"])
            claimed = m.get("claimed")
            imgs = [view.app.tiles.lying(parse_tile(t), width) for t in tiles]
            if m.get("from") is not None and claimed in tiles:
                tiles.remove(claimed)
                rest = [view.app.tiles.lying(parse_tile(t), width) for t in tiles]
                turned = view.app.tiles.rotated(view.app.tiles.lying(parse_tile(claimed), width), 1)
                rel = (m["from"] - seat) % players
                at = 0 if rel == players - 1 else len(rest) if rel == 1 else 1
                imgs = rest[:at] + [turned] + rest[at:]
            groups.append(imgs)
        return groups

    def draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        side = view.side_of(seat)
        if side == "bottom" and seat == view.viewer:
            self.draw_my_hand(surface, seat)
            return
        s = view.model.seats[seat]
        tiles = sort_hand(s.hand, view.model.ghost) + ([s.drawn] if s.drawn else [])
        if view.deal_shown is not None:
            tiles = tiles[:view.deal_shown[seat]]
        lay = view.layout
        # side seats' tiles a little narrower, so a long column clears the seat cards at either end
        sw = lay.small if side == "top" else max(20, round(lay.small * 0.88))
        open_hand = any(t != "?" for t in tiles)
        if open_hand and tiles:
            view.face_up.add(seat)
        turns = SIDE_TURNS[side]
        x, y = lay.side_anchor(side)
        pos = 0
        drawn: list[pygame.Rect] = []
        for t in tiles:
            img = view.board.lying(t, sw, side) if open_hand else view.app.tiles.rotated(view.app.tiles.back(sw), turns)
            if side == "top":
                drawn.append(surface.blit(img, (x + 14 * sw - pos - img.get_width(), y)))
                pos += img.get_width()
            elif side == "left":
                drawn.append(surface.blit(img, (x, y + pos)))
                pos += img.get_height()
            else:
                drawn.append(surface.blit(img, (x, y + 15 * sw - pos - img.get_height())))
                pos += img.get_height()
        # melds: the top seat's continue his row; the side seats' stand in a second column toward the centre
        if side == "top":
            pos += 10
        else:
            pos = 0
            x = x + lay.small_h + 6 if side == "left" else x - lay.small_h - 6
        for group in self.meld_images(seat, sw):
            for img in group:
                r = view.app.tiles.rotated(img, turns)
                if side == "top":
                    drawn.append(surface.blit(r, (x + 14 * sw - pos - r.get_width(), y)))
                    pos += r.get_width()
                elif side == "left":
                    drawn.append(surface.blit(r, (x, y + pos)))
                    pos += r.get_height()
                else:
                    drawn.append(surface.blit(r, (x, y + 15 * sw - pos - r.get_height())))
                    pos += r.get_height()
            pos += 6
        if drawn:
            view.hand_areas[seat] = drawn[0].unionall(drawn[1:])
            view.app.drawn.add("area", view.hand_areas[seat], f"hand {side}")

    def hand_rects(self) -> list[pygame.Rect]:
        view = self.view
        if not view.model.seats:
            return []  # no round on the table yet (before the deal is shown): nothing to point at
        tiles = view.my_tiles()
        lay = view.layout
        tw, th = lay.tw, lay.th
        drawn = view.model.seats[view.viewer].drawn if view.model.seats else None
        melds_w = sum(sum(i.get_width() for i in g) + 6 for g in self.meld_images(view.viewer, self.meld_w()))
        total = len(tiles) * tw + (round(tw * 0.35) if drawn else 0) + (melds_w + tw // 2 if melds_w else 0)
        x0 = max(view.controls.toggles_right() + lay.px(12), (lay.width - total) // 2)  # clear of the toggles column
        rects = []
        for i in range(len(tiles)):
            gap = round(tw * 0.35) if drawn is not None and i == len(tiles) - 1 else 0
            rects.append(pygame.Rect(x0 + i * tw + gap, lay.hand_y, tw, th))
        return rects

    def meld_w(self) -> int:
        view = self.view
        return round(view.layout.tw * 0.78)

    def draw_my_hand(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        tiles = view.my_tiles()
        if view.deal_shown is not None:
            tiles = tiles[:view.deal_shown[seat]]
        rects = self.hand_rects()
        actions = view.my_actions()
        can_discard = {a.tile for a in actions if a.type == "discard"}
        hints = self.ready_hints(tiles) if can_discard else {}
        hover_hint = None
        revealed = view.model.finished or any(w["actor"] == seat for w in view.model.wins)
        if view.owner != seat and not revealed:  # hot-seat: face-down until its player has the screen
            back = view.app.tiles.back(view.layout.tw)
            for r in rects[:len(tiles)]:
                surface.blit(back, r.topleft)
            tiles = []
        elif tiles:
            view.face_up.add(seat)
        for i, (tile, r) in enumerate(zip(tiles, rects)):
            lift = round(view.layout.tw * 0.25) if i in (view.hover, view.selected) else 0
            surface.blit(view.board.face(tile, view.layout.tw), (r.x, r.y - lift))
            if view.model.ghost and tile == view.model.ghost:
                surface.blit(view.app.tiles.badge_wild(view.layout.tw), (r.x, r.y - lift))
            if i in (view.hover, view.selected):
                surface.blit(view.app.tiles.highlight(view.layout.tw), (r.x, r.y - lift))
            if tile in hints:
                size = self.wait_tag_size()
                tag = view.app.fonts.render(view.app.t("听"), size, (110, 255, 140), bold=True)
                if tag.get_width() > r.width - 2:  # a longer word (English "Ready"): narrowed to its tile
                    k = (r.width - 2) / tag.get_width()
                    tag = pygame.transform.smoothscale(tag, (r.width - 2, max(1, round(tag.get_height() * k))))
                show(view.app, surface, tag, tag.get_rect(midbottom=(r.centerx, r.y - lift - 1)), view.app.t("听"),
                     size)
                if i in (view.hover, view.selected):
                    hover_hint = hints[tile]
        # my melds, right of the hand, standing on the same line
        mw = self.meld_w()
        x = (rects[-1].right if rects else view.layout.width // 2) + view.layout.tw // 2
        base = view.layout.hand_y + view.layout.th
        drawn = [r.copy() for r in rects]
        for group in self.meld_images(seat, mw):
            for img in group:
                drawn.append(surface.blit(img, (x, base - img.get_height())))
                x += img.get_width()
            x += 6
        if drawn:
            view.hand_areas[seat] = drawn[0].unionall(drawn[1:])
            view.app.drawn.add("area", view.hand_areas[seat], "hand bottom")
        view.waits_chip = None
        view.waits_panel = None
        if hover_hint:
            self.draw_waits(surface, hover_hint, rects[0].x if rects else 0)
        elif tiles and rects and len(tiles) % 3 == 1 and not revealed:
            self.draw_ready_chip(surface, rects)

    def standing_waits(self) -> list:
        """Ready with 13 tiles (between his turns): what he waits for now, from his own state (cached per event)."""
        view = self.view
        key = ("standing", view.presented, view.viewer)
        if getattr(self, "_standing_key", None) != key:
            waits = view.state.wait_info(view.state.hand)
            self._standing_key = key
            self._standing = list(waits) if any(w.status != "none" for w in waits) else []
        return self._standing

    def draw_ready_chip(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """听: a chip left of the hand while he is ready; hovering it (or W) shows the waits at any time."""
        view = self.view
        waits = self.standing_waits()
        if not waits:
            return
        left = sum(w.unseen for w in waits if w.status != "none")
        size = max(view.layout.fs(14), view.layout.tw // 3)
        words = view.app.t("Ready: {n} left").format(n=left)
        label = view.app.fonts.render(words, size, (20, 40, 20), bold=True)
        chip = pygame.Rect(0, 0, label.get_width() + 18, label.get_height() + 8)
        chip.bottomright = (rects[0].left - 10, rects[0].bottom)
        # clear of the toggles column: above the hand's left end instead
        if chip.left < view.controls.toggles_right() + 10:
            chip.bottomleft = (rects[0].left, rects[0].top - round(view.layout.tw * 0.3) - 4)
        bg = pygame.Surface(chip.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (120, 230, 140, 235), bg.get_rect(), border_radius=chip.height // 2)
        surface.blit(bg, chip)
        show(view.app, surface, label, label.get_rect(center=chip.center), words, size)
        view.waits_chip = chip
        view.hits.add(chip, ToggleWaits())
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        if view.show_waits or chip.collidepoint(mouse):
            self.draw_waits(surface, waits, rects[0].x)

    def ready_hints(self, tiles: list[str]) -> dict[str, list]:
        """For each discard that leaves the hand ready: its waits (the engine's `Wait`: kind, unseen, whether it wins
        on a discard, only by self-draw or not now, and the count), from the seat's own state through the round's
        own win evaluation, so 封胡, minimums and a passed win show as they stand. No 听 where nothing can win now."""
        view = self.view
        if len(tiles) % 3 != 2:
            return {}
        key = (view.presented, view.viewer)
        if getattr(self, "_hint_key", None) == key:
            return self._hints
        state = view.state
        hand = state.hand
        out: dict[str, list] = {}
        for tile in set(tiles):
            k = parse_tile(tile)
            if k >= NUM_PLAYABLE or not hand[k]:
                continue
            hand[k] -= 1
            waits = state.wait_info(hand)
            hand[k] += 1
            if any(w.status != "none" for w in waits):
                out[tile] = waits
        self._hint_key, self._hints = key, out
        return out

    def draw_waits(self, surface: pygame.Surface, waits: list, x0: int) -> None:
        """The waits panel: each winning tile, how many are unseen and what it would count; a tile that only wins by
        self-draw (self-draw only rules, too small for a discard, a passed win) says so, one that cannot win now is
        dimmed."""
        view = self.view
        lay = view.layout
        sw = lay.small
        th = round(sw * TILE_RATIO)
        fonts = view.app.fonts
        fs = {"title": lay.fs(14), "n": lay.fs(12), "how": lay.fs(12)}
        line = fonts.get(fs["n"]).get_linesize()
        fan_w = max((fonts.render(count_text(view.app, w.fan, view.table.variant.fan_unit), fs["n"], INK,
                                  bold=True).get_width() for w in waits if w.fan is not None), default=0)
        cell = max(sw + fan_w + 6, fonts.render(view.app.t("self-drawn"), fs["how"], INK).get_width()) + lay.px(12)
        title = fonts.render(view.app.t("Waits"), fs["title"], (255, 220, 140), bold=True)
        width = max(title.get_width() + 20, len(waits) * cell + 16)
        extra = line if any(w.status == "self_draw" for w in waits) else 0
        top = title.get_height() + lay.px(8)
        height = top + th + line + extra + lay.px(10)
        tag_h = fonts.get(self.wait_tag_size(), True).get_height()  # clear of a lifted tile's 听 (lifted a quarter tile)
        panel = pygame.Rect(x0, lay.hand_y - height - max(lay.px(18), round(lay.tw * 0.25) + tag_h + 3), width, height)
        bg = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=8)
        surface.blit(bg, panel)
        view.app.drawn.add("panel", panel)
        view.waits_panel = panel
        show(view.app, surface, title, (panel.x + 8, panel.y + 4), view.app.t("Waits"), fs["title"])
        for i, w in enumerate(waits):
            x = panel.x + 8 + i * cell
            y = panel.y + top
            surface.blit(view.app.tiles.face(w.kind, sw), (x, y))
            if w.status == "none":
                shade = pygame.Surface((sw, th), pygame.SRCALPHA)
                shade.fill((0, 0, 0, 150))
                surface.blit(shade, (x, y))
            live = w.unseen and w.status != "none"
            words = view.app.t("{n} left").format(n=w.unseen)
            n = fonts.render(words, fs["n"], (255, 255, 255) if live else (150, 150, 150))
            show(view.app, surface, n, (x, y + th + 2), words, fs["n"])
            if w.status == "self_draw":
                label = fonts.render(view.app.t("self-drawn"), fs["how"], (140, 220, 255))
                show(view.app, surface, label, (x, y + th + 2 + line), view.app.t("self-drawn"), fs["how"])
            if w.fan is not None:
                words = count_text(view.app, w.fan, view.table.variant.fan_unit)
                f = fonts.render(words, fs["n"], (255, 210, 90), bold=True)
                show(view.app, surface, f, (x + sw + 2, y), words, fs["n"])

    def wait_tag_size(self) -> int:
        """The text size of the 听 over a hand tile whose discard leaves the hand ready."""
        view = self.view
        return max(view.layout.fs(13), view.layout.tw // 3)
