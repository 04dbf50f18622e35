"""Render a contact sheet of all the run-time art, for review: `python tools/art_sheet.py [--out PATH]`.

Shows every tile face at 36 px and 72 px, backs, lying tiles (all four turns), wall stacks, the wildcard badge and
the hover glow, the five regional looks (each region's backs at 24/40/72 px, lying backs and wall stacks on its
cloth, and two frames of its win effect), the five regional table cloths (with a few tiles on them), region cards,
the title background, dice 1-6, avatars, the dealer token, speaker icons and buttons. Runs headless
(SDL_VIDEODRIVER=dummy).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def build(out: Path, width: int = 1700) -> Path:
    import pygame

    from game.engine.tiles import NUM_KINDS, tile_name
    from game.ui.art.table import REGION_NAMES, REGIONS, TableArt
    from game.ui.art.tiles import TileArt
    from game.ui.fonts import Fonts

    pygame.init()
    fonts = Fonts("zh_CN")
    tiles = TileArt(fonts)
    art = TableArt(fonts, tiles)

    sheet = pygame.Surface((width, 6000))
    sheet.fill((36, 40, 44))
    felt_bg = art.felt("nanning", (width, 6000))
    sheet.blit(felt_bg, (0, 0))
    pad = 16
    y = pad
    ink = (250, 244, 226)
    dim = (200, 214, 204)

    def heading(text: str) -> None:
        nonlocal y
        y += 6
        label = fonts.render(text, 22, ink, bold=True)
        sheet.blit(label, (pad, y))
        y += label.get_height() + 6

    def note(text: str, x: int, yy: int) -> None:
        sheet.blit(fonts.render(text, 13, dim), (x, yy))

    title = fonts.render("岭南麻将 · 美术样张  Lingnan Mahjong art sheet", 30, ink, bold=True)
    sheet.blit(title, (pad, y))
    y += title.get_height() + 4

    # --- faces at 36 and 72
    for w in (36, 72):
        heading(f"牌面 tile faces · {w} px")
        x = pad
        row_h = tiles.size(w)[1] + 18
        for kind in range(NUM_KINDS):
            face = tiles.face(kind, w)
            if x + face.get_width() > width - pad:
                x = pad
                y += row_h
            sheet.blit(face, (x, y))
            note(tile_name(kind), x + 2, y + face.get_height() + 1)
            x += face.get_width() + (3 if w < 50 else 6)
        back = tiles.back(w)
        if x + back.get_width() > width - pad:
            x = pad
            y += row_h
        sheet.blit(back, (x, y))
        note("back", x, y + back.get_height() + 1)
        y += row_h + 4

    # --- a hand as the player sees it, with a wildcard badge and a highlight
    heading("手牌 a hand at 56 px: wildcard badge (鬼) on 中, hover glow on 5p")
    hand = [0, 1, 2, 13, 13, 22, 23, 24, 27, 27, 31, 32, 33, 18]
    x = pad + 10
    w = 56
    top = y + 12
    for i, kind in enumerate(hand):
        face = tiles.face(kind, w)
        yy = top - (12 if i == 3 else 0)
        sheet.blit(face, (x, yy))
        if i == 3:
            sheet.blit(tiles.highlight(w), (x, yy))
        if kind == 31:
            badge = tiles.badge_wild(w)
            sheet.blit(badge, (x + face.get_width() - badge.get_width() + 4, yy - 4))
        x += face.get_width() + (14 if i == len(hand) - 2 else 0)
    x += 30
    for wb in (36, 56, 72):
        badge = tiles.badge_wild(wb, "財" if wb == 72 else "鬼")
        sheet.blit(badge, (x, top + 10))
        x += badge.get_width() + 10
    y = top + tiles.size(w)[1] + 14

    # --- lying tiles, backs and stacks
    for w in (24, 36, 48):
        heading(f"桌面 lying tiles · {w} px  (discards; turns 1-3 for the other seats; face-down; wall stacks)")
        x = pad
        lh = tiles.lying_size(w)[1]
        for kind in (0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30, 31, 32, 33, 34, 38):
            s = tiles.lying(kind, w)
            sheet.blit(s, (x, y))
            x += s.get_width()
        x += 14
        for q in (1, 2, 3):
            for kind in (31, 21):
                s = tiles.lying(kind, w, q)
                sheet.blit(s, (x, y + lh - s.get_height()))
                x += s.get_width()
            x += 8
        x += 6
        s = tiles.lying_back(w)
        sheet.blit(s, (x, y))
        x += s.get_width() + 6
        s = tiles.lying_back(w, 1)
        sheet.blit(s, (x, y + lh - s.get_height()))
        x += s.get_width() + 14
        for i in range(6):
            s = tiles.stack(w, 0, 1 if i == 5 else 2)
            sh = tiles.stack_size(w)[1]
            sheet.blit(s, (x, y + sh - s.get_height()))
            x += s.get_width()
        x += 14
        for i in range(3):
            s = tiles.stack(w, 1)
            sheet.blit(s, (x, y + i * round(w * 0.62)))
        y += max(lh, round(w * 0.62) * 2 + tiles.stack_size(w, 1)[1]) + 10

    # --- big tiles
    heading("大尺寸 faces at 90 px")
    x = pad
    for kind in (0, 4, 9, 13, 17, 18, 22, 25, 27, 31, 32, 33, 34, 39):
        face = tiles.face(kind, 90)
        if x + face.get_width() > width - pad:
            x = pad
            y += face.get_height() + 8
        sheet.blit(face, (x, y))
        x += face.get_width() + 8
    y += tiles.size(90)[1] + 10

    # --- each region's look: backs, lying backs and the wall on its cloth, then its win effect
    y = looks_section(sheet, y, width, pad, fonts, tiles, art)

    # --- felts with a few tiles on them
    heading("台布 table cloths (with discards at 36 px)")
    fw, fh = 520, 292
    x = pad
    for region in REGIONS:
        felt = art.felt(region, (fw, fh))
        if x + fw > width - pad:
            x = pad
            y += fh + 30
        sheet.blit(felt, (x, y))
        tx = x + fw // 2 - 3 * 36
        for i, kind in enumerate((0, 13, 22, 27, 31, 33)):
            sheet.blit(tiles.lying(kind, 36), (tx + i * 36, y + fh // 2 - 30))
        for i in range(5):
            sheet.blit(tiles.stack(28), (x + fw // 2 - 70 + i * 28, y + fh - 60))
        sheet.blit(fonts.render(f"{region} {REGION_NAMES[region]}", 16, ink, True), (x + 8, y + fh + 4))
        x += fw + 12
    y += fh + 34

    # --- region cards and the title background
    heading("选择地区 region cards · 标题背景 title background")
    subtitles = {"nanning": "南宁 · 百色 · 崇左", "beihai": "北海 · 红中赖子", "guiliu": "桂林 · 柳州",
                 "guangdong": "鸡平胡 · 推倒胡", "hainan": "海南 · 花牌"}
    x = pad
    for region in REGIONS:
        card = art.region_card(region, (200, 270), REGION_NAMES[region], subtitles[region])
        sheet.blit(card, (x, y))
        x += 212
    bg = art.title_background((560, 315))
    sheet.blit(bg, (x + 8, y))
    y += max(270, 315) + 12

    # --- dice, avatars, tokens, icons
    heading("骰子 dice · 头像 avatars · 庄 · 音量")
    x = pad
    for v in range(1, 7):
        d = art.die(v, 52)
        sheet.blit(d, (x, y))
        x += 60
    x += 10
    for s in range(10):
        a = art.avatar(s, 64)
        sheet.blit(a, (x, y - 6))
        x += 70
    for size in (32, 48):
        sheet.blit(art.dealer_mark(size), (x, y))
        x += size + 8
    for muted in (False, True):
        sheet.blit(art.speaker_icon(40, muted), (x, y + 4))
        x += 48
    for v in range(1, 7):
        d = art.die(v, 24)
        sheet.blit(d, (x, y + 12))
        x += 28
    y += 76

    # --- buttons
    heading("按钮 buttons: primary / secondary × normal, hover, pressed, disabled · call chips")
    label = fonts.render("开始游戏", 24, (255, 255, 255), bold=True)
    x = pad
    for style in ("primary", "secondary"):
        xx = x
        for state in ("normal", "hover", "pressed", "disabled"):
            b = art.button((180, 56), label, style, state=state)
            sheet.blit(b, (xx, y))
            xx += 188
        y += 62
    y -= 124
    x = pad + 4 * 188 + 20
    for text in ("胡", "自摸", "杠", "碰", "吃", "过"):
        b = art.call_button(text, 92)
        sheet.blit(b, (x, y))
        x += 100
    y += 124
    x = pad + 4 * 188 + 20
    for text in ("胡", "自摸", "杠", "碰", "吃", "过"):
        b = art.call_button(text, 60, state="hover" if text == "碰" else "normal")
        sheet.blit(b, (x, y))
        x += 68
    y += 72

    # --- everything together: a mock-up of a table
    heading("合成 a table mock-up at 1100 × 620 (hand 52 px, discards and walls 30 px)")
    y += mockup(sheet, (pad, y), (1100, 620), fonts, tiles, art) + 10

    final = sheet.subsurface((0, 0, width, y + pad)).copy()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(final, str(out))
    return out


def looks_section(sheet, y: int, width: int, pad: int, fonts, tiles, art) -> int:
    """The five regional looks: one band per region with its backs (24, 40, 72 px), a face (its lower layer takes
    the back's colour), lying backs and wall stacks at 16, 20 and 28 px on the region's cloth; then two frames of
    each region's win effect as it plays on a 1280 × 720 table. Returns the new y."""
    import pygame

    from game.ui.art.looks import LOOKS, win_effect
    from game.ui.node import Node

    ink = (250, 244, 226)

    def heading(text: str) -> None:
        nonlocal y
        y += 6
        label = fonts.render(text, 22, ink, bold=True)
        sheet.blit(label, (pad, y))
        y += label.get_height() + 6

    heading("地区外观 regional looks: tile backs (24 / 40 / 72 px), lying backs and wall stacks (16 / 20 / 28 px)")
    band_h = tiles.size(72)[1] + 16
    for look in LOOKS.values():
        band = art.felt(look.id, (width - 2 * pad, band_h)).copy()
        band.blit(fonts.render(f"{look.id} {look.name}", 18, ink, True), (10, 8))
        x = 150
        for w in (24, 40, 72):
            b = tiles.back(w, look.id)
            band.blit(b, (x, band_h - b.get_height() - 8))
            x += b.get_width() + 10
        f = tiles.face(31, 40, look.id)
        band.blit(f, (x, band_h - f.get_height() - 8))
        x += f.get_width() + 18
        for q in (0, 1):
            lb = tiles.lying_back(36, q, look.id)
            band.blit(lb, (x, band_h - lb.get_height() - 8))
            x += lb.get_width() + 6
        x += 14
        for sw in (16, 20, 28):
            st = tiles.stack(sw, 0, 2, look.id)
            for i in range(5):
                band.blit(st, (x + i * sw, band_h - st.get_height() - 8))
            x += 5 * sw + 10
            side = tiles.rotated(st, 1)
            for i in range(3):
                band.blit(side, (x, band_h - 8 - side.get_height() - i * sw))
            x += side.get_width() + 16
        sheet.blit(band, (pad, y))
        y += band_h + 6
    heading("胡牌特效 win effects: two frames of each (at 30% and 65% of its time), on a 1280 × 720 table")
    table_size = (1280, 720)
    target = (640, 470)
    cw, ch = (width - 2 * pad - 4 * 8) // 5, 420
    crop = pygame.Rect(target[0] - cw // 2, target[1] - ch + 90, cw, ch)
    for frac in (0.3, 0.65):
        x = pad
        for look in LOOKS.values():
            layer = Node()
            layer.add(win_effect(look, target, table_size, 1.0, seed="sheet"))
            t = 0.0
            while t < look.win.duration * frac:
                layer.update(1 / 60)
                t += 1 / 60
            scene = art.felt(look.id, table_size).subsurface(crop).copy()
            for i in range(5):
                scene.blit(tiles.face(i * 4, 52, look.id), (cw // 2 - 130 + i * 52, ch - 80))
            shifted = Node(-crop.x, -crop.y)
            for child in list(layer.children):
                shifted.add(child)
            shifted.draw(scene)
            sheet.blit(scene, (x, y))
            label = f"{look.name} · {look.win.motion} · {look.win.count}"
            sheet.blit(fonts.render(label, 15, ink, True), (x + 8, y + 6))
            x += cw + 8
        y += ch + 8
    return y + 4


def mockup(sheet, origin, size, fonts, tiles, art) -> int:
    """Draw a four-seat table with the art (not the real table scene: just to judge the pieces together)."""
    import random

    import pygame

    w, h = size
    table = pygame.Surface(size)
    table.blit(art.felt("nanning", size), (0, 0))
    rng = random.Random(7)
    tw, sw = 52, 30
    cx, cy = w // 2, round(h * 0.44)
    # walls: 17 stacks a side around the centre, seen from each seat
    stack = tiles.stack(sw)
    side = tiles.stack(sw, 1)
    n = 14
    ww = n * stack.get_width()
    for i in range(n):
        table.blit(stack, (cx - ww // 2 + i * stack.get_width(), cy + 122))
        table.blit(stack, (cx - ww // 2 + i * stack.get_width(), cy - 168))
    step = round(sw * 0.62)
    for i in range(n - 2):
        table.blit(side, (cx - ww // 2 - side.get_width() - 16, cy - 140 + i * step))
        table.blit(side, (cx + ww // 2 + 16, cy - 140 + i * step))
    # the centre: dice and the dealer token
    table.blit(art.die(3, 30), (cx - 34, cy - 24))
    table.blit(art.die(4, 30), (cx + 4, cy - 18))
    # discards: six a row, each seat's turned toward its owner
    def discards(x0, y0, q, count):
        kinds = [rng.randrange(34) for _ in range(count)]
        for i, kind in enumerate(kinds):
            img = tiles.lying(kind, sw, q)
            r, c = divmod(i, 6)
            if q == 0:
                table.blit(img, (x0 + c * img.get_width(), y0 + r * (img.get_height() - 3)))
            elif q == 2:
                table.blit(img, (x0 - (c + 1) * img.get_width(), y0 - r * (img.get_height() - 3)))
            elif q == 1:
                table.blit(img, (x0 + r * (img.get_width() + 1), y0 - (c + 1) * (img.get_height() - 5)))
            else:
                table.blit(img, (x0 - (r + 1) * (img.get_width() + 1), y0 + c * (img.get_height() - 5)))

    discards(cx - 3 * sw, cy + 36, 0, 9)
    discards(cx + 3 * sw, cy - 76, 2, 8)
    discards(cx + 112, cy + 84, 1, 8)
    discards(cx - 112, cy - 94, 3, 9)
    # the player's hand, a pong meld, the other seats' concealed hands
    hand = sorted(rng.randrange(34) for _ in range(13))
    x = 70
    for i, kind in enumerate(hand):
        table.blit(tiles.face(kind, tw), (x + i * tw, h - tiles.size(tw)[1] - 14 - (10 if i == 4 else 0)))
        if i == 4:
            table.blit(tiles.highlight(tw), (x + i * tw, h - tiles.size(tw)[1] - 24))
    table.blit(tiles.face(31, tw), (x + 13 * tw + 12, h - tiles.size(tw)[1] - 14))
    badge = tiles.badge_wild(tw)
    table.blit(badge, (x + 14 * tw + 12 - badge.get_width() + 3, h - tiles.size(tw)[1] - 18))
    mx = x + 14 * tw + 40
    for i, kind in enumerate((22, 22, 22)):
        img = tiles.lying(kind, 38, 1 if i == 0 else 0)
        table.blit(img, (mx, h - img.get_height() - 14))
        mx += img.get_width()
    back = tiles.back(30)
    for i in range(13):
        table.blit(back, (cx - 6 * 30 + i * 30 - 15, 12))
    left = tiles.rotated(tiles.back(26), 3)
    right = tiles.rotated(tiles.back(26), 1)
    for i in range(13):
        table.blit(left, (18, 90 + i * 26))
        table.blit(right, (w - 18 - right.get_width(), 90 + i * 26))
    # players and call buttons
    table.blit(art.avatar(1, 56), (16, h - 150))
    table.blit(art.dealer_mark(26), (54, h - 112))
    table.blit(art.avatar(2, 56), (w - 72, h - 150))
    table.blit(art.avatar(3, 56), (cx + 230, 10))
    table.blit(art.avatar(4, 56), (16, 16))
    bx = w - 4 * 84 - 20
    for text in ("碰", "杠", "胡", "过"):
        table.blit(art.call_button(text, 76), (bx, h - 185))
        bx += 84
    table.blit(art.speaker_icon(30), (w - 44, 12))
    sheet.blit(table, origin)
    return h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/art_sheet.png"), help="PNG to write")
    parser.add_argument("--width", type=int, default=1700)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    path = build(args.out, args.width)
    print(f"wrote {path} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
