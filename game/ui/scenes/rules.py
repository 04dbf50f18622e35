"""Rules help: each rule set's rules, its hand types with their values and an example hand drawn with tiles, and
every option with what it does and its choices, in the player's language. The text and the hands come from the rule
sets' own data (shared/rules/ is the source of truth); the page scrolls when it is taller than the window."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pygame

from game.engine.examples import parse_example
from game.engine.tiles import parse_tile
from game.ui.fonts import MIN_TEXT_PX
from game.ui.terms import count_text
from game.ui.widgets import GOLD, INK, MUTED, MenuScene, button, chip, panel, show, text, ui_scale
from game.variants import AVAILABLE, get_variant


def wrap(app, line: str, size: int, width: int) -> list[str]:
    """Break text to fit `width` pixels: at spaces for Latin text, anywhere for Chinese."""
    out, cur = [], ""
    cjk = sum(1 for c in line if "\u4e00" <= c <= "\u9fff")
    words = cjk < len(line) // 3  # mostly Latin text (a Chinese term or two inside): break at spaces
    tokens = line.split(" ") if words else list(line)
    sep = " " if words else ""
    for tok in tokens:
        trial = cur + (sep if cur else "") + tok
        if app.fonts.render(trial, size, INK).get_width() > width and cur:
            out.append(cur)
            cur = tok
        else:
            cur = trial
    if cur:
        out.append(cur)
    return out


@dataclass
class Piece:
    """One thing on the scrolled page, at page coordinates: words (an image), a card behind a hand type, a hand's
    tiles, or the highlight of the option the player asked about."""

    kind: str  # "text" | "card" | "tiles" | "focus"
    rect: pygame.Rect
    image: pygame.Surface | None = None
    label: str = ""
    size: int = 0
    tiles: list[tuple[int, int, bool, bool]] = field(default_factory=list)  # (kind, x offset, winning tile, wild)
    width: int = 0  # tile width
    hand: str = ""  # the hand type an example shows


class RulesScene(MenuScene):
    def __init__(self, app, variant_id: str = "nanning", focus: str | None = None):
        super().__init__(app)
        self.variant_id = variant_id if variant_id in AVAILABLE else "nanning"
        self.focus = focus  # an option to highlight (from the new-game screen)
        self.scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)  # the scrolled part of the panel, last frame
        self.page_h = 0
        self._page: tuple = (None, [], 0)  # (what it was laid out for, pieces, height)
        self._to_focus = focus is not None  # scroll to the focused option once it is laid out
        self.examples: dict[str, list[pygame.Rect]] = {}  # hand id → its tiles, where the last frame drew them whole

    def choose(self, vid: str) -> None:
        self.variant_id = vid
        self.scroll = 0

    # ---- scrolling: wheel, arrows, page keys
    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + dy, self.page_h - self.view.height))

    def handle(self, event: pygame.event.Event) -> None:
        line = max(20, self.view.height // 12)
        page = max(line, self.view.height - 2 * line)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
            return
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                    pygame.K_END: self.page_h, pygame.K_HOME: -self.page_h}.get(event.key)
            if step is not None:
                self.scroll_by(step)
                return
        super().handle(event)

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        k = ui_scale(surface)
        surface.blit(app.art.felt(self.variant_id, (w, h)), (0, 0))
        self.clicks.reset()
        box = pygame.Rect(round(20 * k), round(16 * k), w - round(40 * k), h - round(32 * k))
        panel(surface, box, alpha=220, app=app)
        # the header stays while the page scrolls: title, the rule sets, Back
        title = text(app, surface, (box.x + round(24 * k), box.y + round(14 * k)), app.t("Rules help"),
                     self.px(28, k), GOLD, True)
        back = pygame.Rect(box.right - round(170 * k), box.y + round(10 * k), round(150 * k), round(42 * k))
        x = title.right + round(30 * k)
        names = [app.t(get_variant(vid).name) for vid in AVAILABLE]
        room = back.left - round(20 * k) - x
        size = self.px(17, k)
        while size > MIN_TEXT_PX and sum(app.fonts.render(n, size, INK, bold=True).get_width() + 32 for n in names) > room:
            size -= 1
        bottom = back.bottom
        for vid, name in zip(AVAILABLE, names):
            r = chip(app, surface, self.clicks, (x, box.y + round(16 * k)), name, vid == self.variant_id,
                     lambda v=vid: self.choose(v), size=size)
            x = r.right + round(10 * k)
            bottom = max(bottom, r.bottom)
        button(app, surface, self.clicks, back, app.t("Back"), self.app.pop)
        top = max(bottom, title.bottom) + round(10 * k)
        self.view = pygame.Rect(box.x + 4, top, box.width - 8, box.bottom - 6 - top)
        pad, bar = round(20 * k), max(6, round(8 * k))
        key = (self.variant_id, app.settings.language, self.view.width, k)
        if self._page[0] != key:  # laying out measures every word: once per rule set, language and size
            self._page = (key, *self._layout(self.view.width - 2 * pad - bar, k))
        _, pieces, self.page_h = self._page
        if self._to_focus:
            self._to_focus = False
            lit = next((p for p in pieces if p.kind == "focus"), None)
            if lit is not None:
                self.scroll = lit.rect.centery - self.view.height // 2
        self.scroll_by(0)  # within the page (it may have changed size)
        self._draw_page(surface, pieces, (self.view.x + pad, self.view.y - self.scroll))
        if self.page_h > self.view.height:  # a scroll bar says there is more
            track = pygame.Rect(self.view.right - bar - 4, self.view.y + 6, bar, self.view.height - 12)
            shade = pygame.Surface(track.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (255, 255, 255, 40), shade.get_rect(), border_radius=bar // 2)
            surface.blit(shade, track)
            thumb_h = max(bar * 3, track.height * self.view.height // self.page_h)
            thumb_y = track.y + (track.height - thumb_h) * self.scroll // max(1, self.page_h - self.view.height)
            pygame.draw.rect(surface, GOLD, pygame.Rect(track.x, thumb_y, bar, thumb_h), border_radius=bar // 2)

    @staticmethod
    def px(size: int, k: float) -> int:
        """A text size at this window's scale, never below what reads at 960×540."""
        return max(12, round(size * k))

    def _draw_page(self, surface: pygame.Surface, pieces: list[Piece], origin: tuple[int, int]) -> None:
        """The page moved to `origin` and clipped to the view; what lies whole in the view is recorded for the
        layout checks, what the view's edge cuts is drawn cut and not recorded."""
        app, view = self.app, self.view
        self.examples = {}
        old_clip = surface.get_clip()
        surface.set_clip(view)
        for p in pieces:
            r = p.rect.move(origin)
            if not r.colliderect(view):
                continue
            whole = view.contains(r)
            if p.kind == "text":
                if whole:
                    show(app, surface, p.image, r, p.label, p.size)
                else:
                    surface.blit(p.image, r)
            elif p.kind == "card":
                panel(surface, r, alpha=120, radius=10, border=(120, 110, 80), app=app if whole else None)
            elif p.kind == "focus":
                pygame.draw.rect(surface, (120, 90, 20), r, border_radius=6)
            elif p.kind == "tiles":
                rects = []
                for kind, dx, winning, wild in p.tiles:
                    at = (r.x + dx, r.y)
                    surface.blit(app.tiles.face(kind, p.width), at)
                    if wild:
                        surface.blit(app.tiles.badge_wild(p.width), at)
                    if winning:
                        surface.blit(app.tiles.highlight(p.width), at)
                    rects.append(pygame.Rect(at, app.tiles.size(p.width)))
                if whole:
                    app.drawn.add("area", r, p.hand)
                    self.examples[p.hand] = rects
        surface.set_clip(old_clip)

    def _layout(self, width: int, k: float) -> tuple[list[Piece], int]:
        """The page for the current rule set, `width` pixels wide: the summary, the hand types and what adds to
        them (each a card with its example hand), then the options. Returns (pieces, height)."""
        app, v = self.app, get_variant(self.variant_id)
        pieces: list[Piece] = []
        body, small = self.px(15, k), self.px(13, k)

        def words(pos: tuple[int, int], label: str, size: int, color=INK, bold: bool = False,
                  anchor: str = "topleft", fit: int = 0) -> pygame.Rect:
            img = app.fonts.render(label, size, color, bold=bold)
            if fit and img.get_width() > fit:  # a long name is narrowed to its room, never run into its neighbour
                img = pygame.transform.smoothscale(img, (max(20, fit), img.get_height()))
            rect = img.get_rect(**{anchor: pos})
            pieces.append(Piece("text", rect, img, label, size))
            return rect

        y = round(8 * k)
        for line in wrap(app, app.t(v.summary), body, width):
            words((0, y), line, body)
            y += body + round(7 * k)
        y += round(10 * k)
        words((0, y), app.t("Hand types"), self.px(18, k), GOLD, True)
        y += self.px(18, k) + round(14 * k)
        gap = round(12 * k)
        cols = max(1, min(3, width // round(420 * k)))  # a card holds a hand of 14 tiles or more
        col_w = (width - (cols - 1) * gap) // cols
        # a card each, its name and value over its example hand: the plain wins (平胡, 烂牌) and the hand types, then
        # what adds to any of them (门前清, 自摸, 杠上花 …) under a heading of its own
        inner = round(10 * k)
        adds = tuple(s for s in v.small_hands if s.adds)
        sections = [(*(s for s in v.small_hands if not s.adds), *v.hand_types), adds]
        for n, hands in enumerate(sections):
            if n and hands:
                y += round(10 * k)
                words((0, y), app.t("Added to any hand"), self.px(18, k), GOLD, True)
                y += self.px(18, k) + round(14 * k)
            for row in range(-(-len(hands) // cols)):
                cards = [self._card(pieces, words, t, v, pygame.Rect(c * (col_w + gap), y, col_w, 0), inner, body,
                                    k) for c, t in enumerate(hands[row * cols:(row + 1) * cols])]
                row_h = max(card.rect.height for card in cards)
                for card in cards:  # a row's cards end together
                    card.rect.height = row_h
                y += row_h + gap
        # the options, in two columns
        y += round(10 * k)
        words((0, y), app.t("Options"), self.px(18, k), GOLD, True)
        y += self.px(18, k) + round(14 * k)
        opt_w = (width - gap) // 2
        col_y = [y, y]
        for f in fields(v.Options):
            c = 0 if col_y[0] <= col_y[1] else 1
            ox, oy = c * (opt_w + gap), col_y[c]
            values, default = self._choices(f)
            line_h = small + round(6 * k)
            lines = self._choice_lines(values, small, opt_w - round(20 * k))
            # what the option does, under its name (the rule set's own one-line help)
            explained = wrap(app, app.t(f.metadata["help"]), small, opt_w - round(20 * k)) if f.metadata.get(
                "help") else []
            row_h = body + round(6 * k) + (len(explained) + len(lines)) * line_h
            if f.name == self.focus:
                pieces.append(Piece("focus", pygame.Rect(ox, oy - round(4 * k), opt_w, row_h + round(4 * k))))
            tail = words((ox + opt_w - round(8 * k), oy), app.t("default: {value}").format(value=default), small,
                         GOLD, anchor="topright")
            words((ox + round(6 * k), oy), app.t(f.metadata["label"]), body, INK, True,
                  fit=tail.left - round(14 * k) - ox)
            ly = oy + body + round(6 * k)
            for line in explained:
                words((ox + round(16 * k), ly), line, small, (235, 225, 195))
                ly += line_h
            for line in lines:
                words((ox + round(16 * k), ly), line, small, MUTED)
                ly += line_h
            col_y[c] = oy + row_h + round(10 * k)
        return pieces, max(col_y) + round(10 * k)

    def _card(self, pieces: list[Piece], words, t, v, cell: pygame.Rect, inner: int, size: int, k: float) -> Piece:
        """One hand type's card at `cell` (its height decided here): the name, how the example was won and the
        value on one line, the example's tiles under it. Returns the card."""
        app = self.app
        ex = parse_example(t.example)
        start = len(pieces)
        x0, y0, w = cell.x + inner, cell.y + inner, cell.width - 2 * inner
        worth = words((x0 + w, y0), self._worth(t.value_text or str(t.value), v.fan_unit), size, GOLD,
                      anchor="topright")
        how = [app.t("庄")] if ex.dealer else []  # who won and how, where it matters (天胡 is the dealer's)
        if ex.self_draw:
            how.append(app.t("self-drawn"))
        elif "robbing_kong" not in ex.flags:  # a robbed kong is no discard: its name says how it was won
            how.append(app.t("on a discard"))
        labels = {f.name: f.metadata["label"] for f in fields(v.Options)}
        how += [app.t(labels[name]) for name in ex.options]  # the option a table must turn on for it (可抢杠胡)
        said = worth
        if how:
            said = words((worth.left - round(12 * k), y0), " · ".join(how), self.px(13, k), MUTED,
                         anchor="topright")
            said.centery = worth.centery
        words((x0, y0), app.t(t.name), size, INK, True, fit=said.left - round(12 * k) - x0)
        # the tiles: concealed, the winning tile apart and lit, each meld apart, flowers set aside last
        ghost = parse_tile(ex.context["ghost"]) if isinstance(ex.context.get("ghost"), str) else None
        groups = [[(kind, False) for kind in ex.concealed], [(ex.win_tile, True)]]
        groups += [[(kind, False) for kind in tiles] for _, tiles in ex.melds]
        if ex.flowers:
            groups.append([(kind, False) for kind in ex.flowers])
        count = sum(len(g) for g in groups)
        sw = min(round(34 * k), int(w / (count + 0.3 * (len(groups) - 1))))  # a long hand (十八罗汉) gets smaller tiles
        spacing = max(3, round(sw * 0.3))
        tiles, dx = [], 0
        for g in groups:
            for kind, winning in g:
                tiles.append((kind, dx, winning, kind == ghost))
                dx += sw
            dx += spacing
        th = app.tiles.size(sw)[1]
        ty = max(worth.bottom, said.bottom) + round(8 * k)
        pieces.append(Piece("tiles", pygame.Rect(x0, ty, dx - spacing, th), tiles=tiles, width=sw, hand=t.id))
        card = Piece("card", pygame.Rect(cell.x, cell.y, cell.width, ty + th + inner - cell.y))
        pieces.insert(start, card)  # under its words and tiles
        return card

    def _worth(self, value: str, unit: str) -> str:
        """A hand's value with the rule set's unit ("2倍", "3番"); a value that names its own unit in brackets
        (海南's 番型 "1 (番)") takes no other."""
        shown = self.app.t(value)
        return shown if "(" in shown or "（" in shown else count_text(self.app, shown, unit)

    def _choice_lines(self, values: list[str], size: int, width: int) -> list[str]:
        """An option's choices joined by " / ", as many to a line as fit: a line breaks between choices, never
        inside one."""
        lines = [values[0]]
        for value in values[1:]:
            trial = f"{lines[-1]} / {value}"
            if self.app.fonts.render(trial, size, INK).get_width() > width:
                lines.append(value)
            else:
                lines[-1] = trial
        return lines

    def _choices(self, f) -> tuple[list[str], str]:
        """An option's choices and its default, as the player reads them."""
        app = self.app
        labels = f.metadata.get("labels") or {}

        def shown(value):
            if value in labels:
                return app.t(str(labels[value]))
            if isinstance(value, bool):
                return app.t("On") if value else app.t("Off")
            return str(value)

        if isinstance(f.default, bool):
            return [shown(True), shown(False)], shown(f.default)
        if f.metadata.get("choices"):
            return [shown(c) for c in f.metadata["choices"]], shown(f.default)
        return [f"≥ {f.metadata.get('minimum', 1)}"], str(f.default)
