"""The board: walls, the centre panel (winds, tiles left, the round's labels, the wildcard), the discard rows with
the last discard's mark, the dice, and the tile counter (记牌器) in the felt."""

from __future__ import annotations

import math

import pygame

from game.engine.events import render
from game.engine.tiles import NUM_PLAYABLE, parse_tile
from game.engine.wall import side_lengths
from game.settings import AUTO_TABLE_ART
from game.ui.layout import TILE_RATIO, Layout
from game.ui.table.common import SIDE_TURNS, WIND_ZH, Part
from game.ui.widgets import show


class Board(Part):
    last_mark: "pygame.Rect | None" = None  # where the last frame drew the last discard's arrow
    discard_tiles: dict  # seat -> where the last frame drew each of its discards

    def __init__(self, view):
        super().__init__(view)
        self.discard_tiles = {}

    def break_point(self) -> tuple[int, int]:
        """Screen position of the wall break (where drawing starts), for the deal's motion and its marker."""
        view = self.view
        m = view.model
        size = self.tile_set_size()
        lengths = side_lengths(size)
        brk = m.wall_break or {"side": 0, "stacks": 0}
        order = ["bottom", "right", "top", "left"]
        side = order[(order.index(view.side_of(m.dealer)) + brk["side"]) % 4]
        n = lengths[brk["side"]]
        cx, cy = view.layout.center
        x, y = self.wall_slot(side, min(brk["stacks"], n - 1), n, view.layout.stack, cx, cy, view.layout.ring)
        return x + view.layout.stack // 2, y + view.layout.stack // 2

    def face(self, tile: str, width: int) -> pygame.Surface:
        view = self.view
        return view.app.tiles.face(parse_tile(tile), width)

    def lying(self, tile: str, width: int, side: str) -> pygame.Surface:
        view = self.view
        return view.app.tiles.rotated(view.app.tiles.lying(parse_tile(tile), width), SIDE_TURNS[side])

    def tile_set_size(self) -> int:
        view = self.view
        return view.model.wall_total + 13 * view.model.players + 1

    def draw_walls(self, surface: pygame.Surface) -> None:
        view = self.view
        m = view.model
        size = self.tile_set_size()
        lengths = side_lengths(size)
        brk = m.wall_break or {"side": 0, "stacks": 0}
        start = 2 * (sum(lengths[:brk["side"]]) + brk["stacks"])
        drawn = m.draws_made
        if view.deal_shown is not None:  # mid-deal: the wall gives up only the tiles dealt so far
            dealt = sum(len(x.hand) + (1 if x.drawn else 0) for x in m.seats)
            drawn -= dealt - sum(min(n, len(x.hand) + (1 if x.drawn else 0)) for n, x in zip(view.deal_shown, m.seats))
        elif view.dice_anim > -view.pace(0.9) and not any(x.discards for x in m.seats):
            drawn = 0  # the dice are still rolling: the wall stands whole
        taken = {(start + i) % size for i in range(drawn)}
        tail = {(start + size - 1 - i) % size for i in range(m.tail)}
        lay = view.layout
        sw = lay.stack
        self.dress_tiles()  # every frame: a change of settings.table_art shows at once, on the wall and the hands
        stack_img = view.app.tiles.stack(sw)
        tinted = view.app.tiles.tinted(stack_img, (255, 190, 110))  # reserved tiles (horses)
        cx, cy = lay.center
        order = ["bottom", "right", "top", "left"]
        dealer_side = view.side_of(m.dealer)
        first = order.index(dealer_side)
        pos = 0
        for k in range(4):
            side = order[(first + k) % 4]
            n = lengths[k]
            img = view.app.tiles.rotated(stack_img, SIDE_TURNS[side])
            img_t = view.app.tiles.rotated(tinted, SIDE_TURNS[side])
            stacks = []
            for j in range(n):
                idx = [pos + 2 * j, pos + 2 * j + 1]
                left = [t for t in idx if t < size and t not in taken]
                if left:
                    xy = self.wall_slot(side, j, n, sw, cx, cy, lay.ring)
                    stacks.append(surface.blit(img_t if any(t in tail for t in left) else img, xy))
            if stacks:
                view.app.drawn.add("area", stacks[0].unionall(stacks[1:]), f"wall {side}")
            pos += 2 * n

    @staticmethod
    def wall_slot(side: str, j: int, n: int, sw: int, cx: int, cy: int, ring: int) -> tuple[int, int]:
        span = n * sw
        if side == "bottom":
            return cx + span // 2 - (j + 1) * sw, cy + ring - sw
        if side == "top":
            return cx - span // 2 + j * sw, cy - ring
        if side == "right":
            return cx + ring - sw, cy - span // 2 + j * sw
        return cx - ring, cy + span // 2 - (j + 1) * sw

    def draw_center(self, surface: pygame.Surface) -> None:
        view = self.view
        m = view.model
        cx, cy = view.layout.center
        p = view.layout.panel
        rect = pygame.Rect(0, 0, p, p)
        rect.center = (cx, cy)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 28, 22, 215), panel.get_rect(), border_radius=p // 8)
        pygame.draw.rect(panel, (200, 170, 90, 255), panel.get_rect(), width=2, border_radius=p // 8)
        surface.blit(panel, rect)
        view.app.drawn.add("panel", rect)
        fonts = view.app.fonts
        for seat in range(m.players):
            side = view.side_of(seat)
            active = seat == m.current and not m.finished
            color = (255, 210, 80) if active else (200, 200, 190)
            wind = view.app.t(WIND_ZH[m.seat_wind(seat)])
            img = fonts.render(wind, round(p * 0.16), color, bold=True)
            img = pygame.transform.rotate(img, 90 * SIDE_TURNS[side])
            off = round(p * 0.37)
            at = {"bottom": (cx, cy + off), "top": (cx, cy - off), "left": (cx - off, cy), "right": (cx + off, cy)}
            r = img.get_rect(center=at[side])
            if active:
                glow = pygame.Surface(r.inflate(10, 10).size, pygame.SRCALPHA)
                a = 110 + round(60 * math.sin(view.app.time * 5))
                pygame.draw.rect(glow, (255, 190, 60, a), glow.get_rect(), border_radius=6)
                surface.blit(glow, r.inflate(10, 10))
            show(view.app, surface, img, r, wind, round(p * 0.16))
        # between the top and the bottom seat's winds, stacked by their ink: the count, the words "tiles left", and
        # the round's number with what the rule set says of it (the round wind, 令 …) on as many lines as it needs
        lines = [(str(max(0, m.tiles_left)), round(p * 0.22), (240, 240, 230), True),
                 (view.app.t("tiles left"), view.layout.fs(12), (180, 190, 180), False)]
        size = max(view.layout.fs(12), round(p * 0.075))
        parts = [view.app.t("Round {n}").format(n=view.round_number()), *self.table_label_texts()]
        line = parts[0]
        for part in parts[1:]:
            if fonts.get(size).size(line + " · " + part)[0] <= p * 0.86:
                line += " · " + part
            else:
                lines.append((line, size, (180, 190, 180), False))
                line = part
        lines.append((line, size, (180, 190, 180), False))
        imgs = []
        for words, px, color, bold in lines:
            img = fonts.render(words, px, color, bold=bold)
            if img.get_width() > p * 0.86:  # one part longer than the panel: narrowed (recorded at the size shown)
                k = p * 0.86 / img.get_width()
                img = pygame.transform.smoothscale_by(img, k)
                px = round(px * k)
            imgs.append((img, img.get_bounding_rect(), words, px))
        gap = max(2, round(p * 0.03))
        y = cy - sum(ink.height for _, ink, _, _ in imgs) // 2 - gap * (len(imgs) - 1) // 2 - round(p * 0.02)
        for img, ink, words, px in imgs:
            show(view.app, surface, img, img.get_rect(centerx=cx, top=y - ink.top), words, px)
            y += ink.height + gap
        if m.ghost:
            gw = view.layout.small
            face = self.face(m.ghost, gw)
            box = pygame.Rect(0, 0, gw + 16, face.get_height() + 34)
            # right of the walls and the discards, below the top seat's card
            box.topleft = (cx + view.layout.ring + view.layout.small_h * 3 + 16,
                           view.layout.edge + view.seats.card_size() + view.layout.px(16))
            t = fonts.render(view.app.t("Wildcard"), view.layout.fs(13), (255, 220, 120), bold=True)
            box.width = max(box.width, t.get_width() + 12)
            box.height = face.get_height() + t.get_height() + 16
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 150), bg.get_rect(), border_radius=8)
            surface.blit(bg, box)
            view.app.drawn.add("panel", box)
            view.ghost_rect = box
            fx = box.centerx - face.get_width() // 2
            surface.blit(face, (fx, box.y + 6))
            surface.blit(view.app.tiles.badge_wild(gw), (fx, box.y + 6))
            show(view.app, surface, t, t.get_rect(midtop=(box.centerx, box.y + face.get_height() + 10)),
                 view.app.t("Wildcard"), view.layout.fs(13))

    def discard_pos(self, side: str, index: int) -> tuple[int, int]:
        view = self.view
        return view.layout.discard_pos(side, index)

    def draw_discards(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        side = view.side_of(seat)
        s = view.model.seats[seat]
        shown = 0
        last_index = view.model.last_discard[1] if view.model.last_discard and view.model.last_discard[0] == seat \
            else None
        order = list(enumerate(s.discards))
        if side == "bottom":  # later rows overlap earlier ones: draw far rows first
            order = order
        drawn = []
        for i, (tile, taken) in order:
            if taken:
                continue
            x, y = self.discard_pos(side, shown)
            img = self.lying(tile, view.layout.small, side)
            r = img.get_rect(center=(x, y))
            drawn.append(surface.blit(img, r))
            if i == last_index:
                view.last_discard_rect = r
            shown += 1
        self.discard_tiles[seat] = drawn
        if drawn:
            view.discard_areas[seat] = drawn[0].unionall(drawn[1:])
            view.app.drawn.add("area", view.discard_areas[seat], f"discards {side}")

    def draw_last_discard_mark(self, surface: pygame.Surface) -> None:
        """The tile that may be claimed now, seen from across the table: a pulsing gold frame round it and a
        bobbing arrow sized with the tiles, pointing at it from its thrower's side. The last discard is always in
        its thrower's outermost row, so that side is free: the arrow never lies over another discard (above a
        side seat's column it covered the tile before it)."""
        view = self.view
        r = view.last_discard_rect
        if r is None or view.model.finished:
            return
        k = view.layout.small
        pulse = 0.5 + 0.5 * math.sin(view.app.time * 5)
        frame = r.inflate(6, 6)
        ring = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (255, 214, 90, round(150 + 105 * pulse)), ring.get_rect(), width=max(2, k // 12),
                         border_radius=max(3, k // 6))
        surface.blit(ring, frame)
        size = max(8, round(k * 0.32))
        bob = round(size * 0.35 * math.sin(view.app.time * 6))
        length = round(size * 1.3)
        side = view.side_of(view.model.last_discard[0]) if view.model.last_discard else "top"
        # the tip on the frame's outer edge, the arrow's base beyond it (dx, dy: outwards)
        dx, dy = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}.get(side, (0, -1))
        if dy:
            tip = (frame.centerx, (frame.bottom + 2 if dy > 0 else frame.top - 2) + bob * dy)
            base = tip[1] + dy * length
            pts = [(tip[0] - size, base), (tip[0] + size, base), tip]
        else:
            tip = ((frame.right + 2 if dx > 0 else frame.left - 2) + bob * dx, frame.centery)
            base = tip[0] + dx * length
            pts = [(base, tip[1] - size), (base, tip[1] + size), tip]
        pygame.draw.polygon(surface, (235, 60, 40), pts)
        pygame.draw.polygon(surface, (255, 235, 200), pts, width=max(1, size // 6))
        self.last_mark = pygame.Rect(min(x for x, _ in pts), min(y for _, y in pts),
                                     max(x for x, _ in pts) - min(x for x, _ in pts) + 1,
                                     max(y for _, y in pts) - min(y for _, y in pts) + 1)

    def draw_dice(self, surface: pygame.Surface) -> None:
        view = self.view
        cx, cy = view.layout.center
        size = max(36, view.layout.tw)
        t = max(0.0, view.dice_anim)
        for i, v in enumerate(view.dice_faces):
            img = view.app.art.die(v, size)
            if t > 0.25:
                img = pygame.transform.rotate(img, (t * 720 + i * 45) % 360)
            dx = (i - 0.5) * size * 1.6 + math.sin(t * 9 + i) * 30 * min(1, t)
            dy = -math.cos(t * 7 + i) * 25 * min(1, t)
            surface.blit(img, img.get_rect(center=(cx + dx, cy + dy)))

    def counter_box(self, n: int, cols: int, sw: int) -> tuple[pygame.Rect, int, int]:
        """Where the tile counter goes, its tiles' width and its columns: the felt between the left seat's column
        and the discards, below the top seat's row (tiles narrowed to fit); a box that does not fit there goes to
        the right of the discards; in a small window in fewer, longer columns."""
        view = self.view
        lay = view.layout
        cx, cy = lay.center
        # outside the side seats' discard rows (three rows beyond the walls)
        rows_out = lay.ring + lay.stack + lay.small_h // 2 + 4 + round(2.5 * lay.small_h)
        ring_left = cx - rows_out - 10
        ring_right = cx + rows_out + 10
        title_h, number_h = self.counter_text_heights()
        obstacles = [*view.hand_areas.values(), *view.card_rects.values(), *filter(None, [view.ghost_rect])]
        top = lay.edge + round(lay.small * TILE_RATIO) + 16
        bottom = lay.hand_y - round(lay.tw * 0.9) - 16  # clear of the hint key and the 请出牌 line
        for cols in (cols, 6):
            rows = math.ceil(n / cols)
            for side in ("left", "right"):
                if side == "left":
                    x0 = max([lay.edge] + [o.right for o in obstacles if o.right < cx and o.bottom > top]) + 12
                    x1 = ring_left
                else:
                    x0 = ring_right
                    x1 = min([lay.width - lay.edge]
                             + [o.left for o in obstacles if o.left > cx and o.bottom > top]) - 12
                size = sw
                while size >= 14:
                    w = cols * (size + 6) + 20
                    h = rows * (round(size * TILE_RATIO) + number_h + 4) + title_h + 10
                    if w <= x1 - x0 and h <= bottom - top:
                        return pygame.Rect(x0, top + max(0, (bottom - top - h) // 2), w, h), size, cols
                    size -= 2
        h = rows * (round(16 * TILE_RATIO) + number_h + 4) + title_h + 10
        return pygame.Rect(x0, top, cols * (16 + 6) + 20, h), 16, cols

    def counter_text_heights(self) -> tuple[int, int]:
        """The tile counter's title line (with its margin) and the line of a count under each tile."""
        view = self.view
        fonts, fs = view.app.fonts, view.layout.fs
        return fonts.get(fs(15), bold=True).get_height() + 12, fonts.get(fs(12)).get_height()

    def draw_counter(self, surface: pygame.Surface) -> None:
        """记牌器: how many of each kind this seat has not seen."""
        view = self.view
        if view.owner is None:
            return  # every hand is face-down: the counter would tell what the hidden hand holds
        unseen = view.state.unseen()
        kinds = [k for k in view.table.variant.tile_set(view.table.options, view.table.players).kinds()
                 if k < NUM_PLAYABLE]
        sw = max(22, round(view.layout.small * 0.8))
        r, sw, cols = self.counter_box(len(kinds), 9, sw)
        view.counter_rect = r
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 210), bg.get_rect(), border_radius=10)
        surface.blit(bg, r)
        view.app.drawn.add("panel", r)
        fs = view.layout.fs
        title = view.app.fonts.render(view.app.t("Tile counter"), fs(15), (255, 220, 140), bold=True)
        show(view.app, surface, title, (r.x + 10, r.y + 6), view.app.t("Tile counter"), fs(15))
        title_h, number_h = self.counter_text_heights()
        for i, k in enumerate(kinds):
            row, col = divmod(i, cols)
            x = r.x + 10 + col * (sw + 6)
            y = r.y + title_h + row * (round(sw * TILE_RATIO) + number_h + 4)
            face = view.app.tiles.face(k, sw)
            if not unseen[k]:
                face = face.copy()
                face.set_alpha(80)
            surface.blit(face, (x, y))
            n = view.app.fonts.render(str(unseen[k]), fs(12), (255, 255, 255) if unseen[k] else (140, 140, 140))
            show(view.app, surface, n, n.get_rect(midtop=(x + sw // 2, y + round(sw * TILE_RATIO))), str(unseen[k]),
                 fs(12))

    def look(self):
        """This table's `RegionLook` (game.ui.art.looks): its rule set's region, or the one chosen in the settings."""
        from game.ui.art.looks import look_of

        return look_of(self.look_region())

    def dress_tiles(self) -> None:
        """The tile backs (the wall, the others' hands, concealed kongs) in this table's look."""
        view = self.view
        view.app.tiles.look = self.look()

    def look_region(self) -> str:
        """The region whose look the table wears: settings.table_art, or for "auto" the rule set's region (a rule
        set with no region of its own: the default look's)."""
        from game.ui.art.looks import DEFAULT_LOOK, LOOKS

        view = self.view
        art = view.app.settings.table_art
        region = view.region if art == AUTO_TABLE_ART else art
        return region if region in LOOKS else DEFAULT_LOOK

    def table_label_texts(self) -> list[str]:
        """The rule set's labels for this round (Variant.table_labels), in the player's language."""
        view = self.view
        if not view.model.started:
            return []
        return [render(m, translate=view.app.t) for m in view.model.table_labels()]

    def fit_layout(self) -> None:
        view = self.view
        lay = view.layout
        players = view.model.players
        stacks = max(side_lengths(self.tile_set_size()))
        if lay.players != players or lay.wall_stacks != stacks:
            view.layout = Layout(lay.width, lay.height, lay.tile_size, players, stacks, lay.bar)
