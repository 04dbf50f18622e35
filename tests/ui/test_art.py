"""The run-time art: sizes, non-blank and distinct faces, glyph coverage, caching and deterministic cloths."""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.tiles import NUM_KINDS, tile_name, zh_name
from game.ui.art.table import CALL_TONE_BY_LABEL, REGION_NAMES, REGIONS, TableArt
from game.ui.art.tile_faces import IVORY_BOTTOM, IVORY_TOP
from game.ui.art.tiles import TileArt, tile_chars
from game.ui.fonts import Fonts

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = (36, 72)


@pytest.fixture(scope="module")
def fonts(pg):
    return Fonts("zh_CN")


@pytest.fixture(scope="module")
def tiles(fonts):
    return TileArt(fonts)


@pytest.fixture(scope="module")
def table(fonts, tiles):
    return TableArt(fonts, tiles)


def pixels(surf: pygame.Surface) -> list[tuple[int, int, int, int]]:
    data = pygame.image.tobytes(surf, "RGBA")
    return [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]


def colours(surf: pygame.Surface, min_alpha: int = 200) -> set[tuple[int, int, int]]:
    """Distinct colours of the (nearly) opaque pixels, quantised to 16 levels per channel."""
    return {(r >> 4, g >> 4, b >> 4) for r, g, b, a in pixels(surf) if a >= min_alpha}


def ink(surf: pygame.Surface) -> int:
    """How many opaque pixels are far from the ivory of a tile face (the drawing on it)."""
    count = 0
    for r, g, b, a in pixels(surf):
        if a < 200:
            continue
        near = min(sum(abs(c - i) for c, i in zip((r, g, b), ivory)) for ivory in (IVORY_TOP, IVORY_BOTTOM))
        if near > 120:
            count += 1
    return count


def face_area(tiles: TileArt, kind: int, width: int) -> pygame.Surface:
    """Just the ivory face of an upright tile (the part with the picture)."""
    g = tiles.upright_geometry(width)
    return tiles.face(kind, width).subsurface((0, 0, g["fw"], g["fh"]))


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    da, db = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    assert len(da) == len(db)
    return sum(1 for i in range(0, len(da), 4) if abs(da[i] - db[i]) + abs(da[i + 1] - db[i + 1])
               + abs(da[i + 2] - db[i + 2]) > 60)


# ---------------------------------------------------------------------------------------------- tile faces
@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_has_the_documented_size_and_is_not_blank(tiles, width):
    height = round(width * 1.36) + TileArt.edge(width)
    for kind in range(NUM_KINDS):
        face = tiles.face(kind, width)
        assert face.get_size() == (width, height) == TileArt.size(width), tile_name(kind)
        assert face.get_flags() & pygame.SRCALPHA
        assert len(colours(face)) >= 8, f"{tile_name(kind)} has too few colours"
        drawn = ink(face_area(tiles, kind, width))
        assert drawn >= width * 2, f"{tile_name(kind)} at {width} px looks blank ({drawn} ink pixels)"
        # transparent corners (rounded tile), opaque middle
        assert face.get_at((0, 0)).a < 128
        assert face.get_at((width // 2, height // 2)).a == 255


@pytest.mark.parametrize("width", WIDTHS)
def test_faces_of_different_kinds_differ(tiles, width):
    faces = {kind: face_area(tiles, kind, width) for kind in range(NUM_KINDS)}
    blobs = {kind: pygame.image.tobytes(s, "RGBA") for kind, s in faces.items()}
    assert len(set(blobs.values())) == NUM_KINDS
    if width == 36:  # the smallest size: every pair must differ visibly, not by a pixel or two
        for a, b in itertools.combinations(range(NUM_KINDS), 2):
            assert differing(faces[a], faces[b]) >= 10, (tile_name(a), tile_name(b))


def test_backs_and_faces_share_a_size_and_backs_are_green(tiles):
    for width in (24, 36, 53, 72, 90):
        back = tiles.back(width)
        assert back.get_size() == tiles.face(0, width).get_size() == TileArt.size(width)
        r, g, b, a = back.get_at((width // 2, back.get_height() // 3))
        assert a == 255 and g > r + 40 and g > b + 20


def test_lying_tiles_stacks_and_turns(tiles):
    for width in (24, 36, 48):
        for q in range(4):
            size = TileArt.lying_size(width, q)
            assert tiles.lying(13, width, q).get_size() == size
            assert tiles.lying_back(width, q).get_size() == size
            assert len(colours(tiles.lying(31, width, q))) >= 5
        assert TileArt.lying_size(width, 1) == (round(width * 1.36), TileArt.lying_size(width, 1)[1])
        assert tiles.stack(width).get_size() == TileArt.stack_size(width)
        assert tiles.stack(width, 1).get_size() == TileArt.stack_size(width, 1)
        assert tiles.stack(width, 0, 1).get_size()[1] < tiles.stack(width).get_size()[1]
    # a lying face shows the same tile: the 中 is red in every turn
    for q in range(4):
        surf = tiles.lying(31, 48, q)
        reds = sum(1 for r, g, b, a in pixels(surf) if a > 200 and r > 150 and g < 80 and b < 80)
        assert reds > 40


def test_badge_highlight_and_rotation(tiles):
    badge = tiles.badge_wild(60)
    assert badge.get_width() == badge.get_height() == round(60 * 0.44)
    assert len(colours(badge)) >= 5
    glow = tiles.highlight(60)
    assert glow.get_size() == TileArt.size(60)
    assert glow.get_at((glow.get_width() // 2, glow.get_height() // 2)).a == 0  # see-through middle
    assert glow.get_at((1, glow.get_height() // 2)).a > 150  # a bright rim
    face = tiles.face(5, 40)
    turned = tiles.rotated(face, 1)
    assert turned.get_size() == (face.get_height(), face.get_width())
    assert tiles.rotated(face, 1) is turned
    assert tiles.rotated(face, 4) is face
    assert tiles.rotated(face, 2).get_size() == face.get_size()
    warm = tiles.tinted(tiles.stack(30), (255, 190, 110))
    assert warm is tiles.tinted(tiles.stack(30), (255, 190, 110)) and warm.get_size() == tiles.stack(30).get_size()
    assert tiles.rotated(warm, 1) is tiles.rotated(warm, 1)


def test_odd_sizes_and_bad_kinds(tiles):
    for width in (20, 41, 57, 99, 130):
        assert tiles.face(33, width).get_size() == TileArt.size(width)
    with pytest.raises(ValueError):
        tiles.face(NUM_KINDS, 36)
    with pytest.raises(ValueError):
        tiles.lying(-1, 36)


def test_tile_art_caches_surfaces(tiles):
    assert tiles.face(7, 36) is tiles.face(7, 36)
    assert tiles.back(36) is tiles.back(36)
    assert tiles.lying(7, 36, 3) is tiles.lying(7, 36, 7)
    assert tiles.stack(30) is tiles.stack(30)
    assert tiles.badge_wild(36) is tiles.badge_wild(36)
    assert tiles.face(7, 36) is not tiles.face(7, 37)


# ---------------------------------------------------------------------------------------------- fonts
def drawn_strings(tiles: TileArt) -> str:
    text = "".join(zh_name(k) for k in range(NUM_KINDS))
    text += "".join(tile_chars(k, True) + tile_chars(k, False) for k in range(NUM_KINDS))
    text += tiles.strings() + TableArt.strings() + "".join(CALL_TONE_BY_LABEL) + "".join(REGION_NAMES.values())
    return text


@pytest.mark.parametrize("lang", ["zh_CN", "en", "zh_TW"])
def test_the_font_has_every_glyph_we_draw(pg, tiles, lang):
    fonts = Fonts(lang)
    assert not fonts.is_fallback, "Noto Sans CJK (justmytype-intl-cjk) must be installed"
    assert fonts.missing_glyphs(drawn_strings(tiles)) == []
    assert fonts.missing_glyphs("Lingnan Mahjong 0123456789 · ，。！？") == []
    assert fonts.missing_glyphs("a\ue000b\ue000") == ["\ue000"]  # a private-use character is reported, once
    # the traditional forms printed on the tiles are in the main font itself, whatever the language
    assert fonts.missing_glyphs(tiles.strings().replace("财", "").replace("癞", ""), fallback=False) == []


def test_simplified_names_render_in_the_traditional_ui_through_the_fallback(pg):
    tc, sc = Fonts("zh_TW"), Fonts("zh_CN")
    assert tc.missing_glyphs("兰过", fallback=False) == ["兰", "过"]
    assert tc.missing_glyphs("兰过") == []

    def coverage(s: pygame.Surface) -> int:
        return sum(a for _, _, _, a in pixels(s))

    for ch in "兰过":
        drawn, reference = coverage(tc.render(ch, 40, (255, 255, 255))), coverage(sc.render(ch, 40, (255, 255, 255)))
        assert abs(drawn - reference) < reference * 0.1
        assert coverage(tc.glyph(ch, 40, (255, 255, 255))) > reference * 0.9
    assert tc.get(30).size("兰花")[0] == sc.get(30).size("兰花")[0]


def test_font_files_per_language(pg):
    fonts = Fonts()
    assert fonts.path("zh_CN").name == "NotoSansSC[wght].ttf"
    assert fonts.path("en").name == "NotoSansSC[wght].ttf"
    assert fonts.path("zh_TW").name == "NotoSansTC[wght].ttf"
    assert fonts.path().is_file()


def test_fonts_fall_back_with_a_warning_when_noto_is_missing(pg, monkeypatch, caplog):
    import importlib.resources

    def missing(name):
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(importlib.resources, "files", missing)
    fonts = Fonts("zh_CN")
    with caplog.at_level(logging.WARNING, logger="game.ui.fonts"):
        path = fonts.path()
    assert path == Fonts.default_path() and path.is_file()
    assert any("falling back" in r.getMessage() for r in caplog.records)
    assert isinstance(fonts.get(20), pygame.font.Font)
    assert fonts.render("Play", 20, (255, 255, 255)).get_width() > 10


def test_fonts_get_and_render_are_cached_and_weighted(fonts):
    font = fonts.get(24)
    assert isinstance(font, pygame.font.Font)
    assert fonts.get(24) is font and fonts.get(24, bold=True) is not font
    surf = fonts.render("南宁麻将", 24, (255, 255, 255))
    assert fonts.render("南宁麻将", 24, (255, 255, 255)) is surf
    assert surf.get_height() == font.get_height()
    assert surf.get_width() == font.size("南宁麻将")[0]

    def coverage(s: pygame.Surface) -> int:
        return sum(a for _, _, _, a in pixels(s))

    regular = coverage(fonts.render("南宁麻将", 40, (255, 255, 255)))
    bold = coverage(fonts.render("南宁麻将", 40, (255, 255, 255), bold=True))
    thin = coverage(pygame.font.Font(str(fonts.path()), 40).render("南宁麻将", True, (255, 255, 255)))
    assert thin < regular < bold  # real weights, not the variable font's Thin default
    wrapped = font.render("一二三四五六七八九十" * 3, True, (0, 0, 0), None, 200)
    assert wrapped.get_width() <= 200 and wrapped.get_height() >= 2 * font.get_height()


def test_language_switch_drops_font_caches(pg):
    fonts = Fonts("zh_CN")
    art = TileArt(fonts)
    face = art.face(31, 36)
    fonts.set_language("en")  # same file: nothing to redo
    assert fonts.version == 0 and art.face(31, 36) is face
    fonts.set_language("zh_TW")
    assert fonts.version == 1
    assert art.face(31, 36) is not face


# ---------------------------------------------------------------------------------------------- table art
def test_felts_have_their_size_and_are_deterministic(fonts, table):
    size = (320, 180)
    blobs = {}
    for region in REGIONS:
        felt = table.felt(region, size)
        assert felt.get_size() == size
        assert table.felt(region, size) is felt
        again = TableArt(fonts).felt(region, size)  # a fresh instance draws the very same cloth
        blobs[region] = pygame.image.tobytes(felt, "RGB")
        assert pygame.image.tobytes(again, "RGB") == blobs[region]
        assert len(colours(felt)) >= 12
    assert len(set(blobs.values())) == len(REGIONS)
    with pytest.raises(ValueError):
        table.felt("atlantis", size)


def test_felts_are_identical_across_runs():
    code = (
        "import os, hashlib; os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy'\n"
        "import pygame; pygame.init()\n"
        "from game.ui.fonts import Fonts; from game.ui.art.table import TableArt, REGIONS\n"
        "art = TableArt(Fonts())\n"
        "print(hashlib.sha256(b''.join(pygame.image.tobytes(art.felt(r, (200, 120)), 'RGB') for r in REGIONS))"
        ".hexdigest())\n"
    )
    digests = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYGAME_HIDE_SUPPORT_PROMPT="1")
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True)
        digests.add(out.stdout.strip().splitlines()[-1])
    assert len(digests) == 1


def test_cards_title_dice_avatars_icons(table):
    card = table.region_card("guiliu", (200, 270), "桂柳", "桂林 · 柳州")
    assert card.get_size() == (200, 270)
    assert card.get_at((0, 0)).a == 0 and card.get_at((100, 135)).a == 255
    assert table.region_card("guiliu", (200, 270), "桂柳", "桂林 · 柳州") is card
    assert table.title_background((480, 270)).get_size() == (480, 270)
    dice = [table.die(v, 40) for v in range(1, 7)]
    assert all(d.get_size() == (40, 40) for d in dice)
    assert len({pygame.image.tobytes(d, "RGBA") for d in dice}) == 6

    def red(s):
        return sum(1 for r, g, b, a in pixels(s) if a > 200 and r > 150 and g < 90 and b < 90)

    assert red(dice[0]) > 20 and red(dice[3]) > 20 and red(dice[5]) == 0  # 1 and 4 are red
    with pytest.raises(ValueError):
        table.die(7, 40)
    avatars = [table.avatar(seed, 48) for seed in range(8)]
    assert len({pygame.image.tobytes(a, "RGBA") for a in avatars}) == 8
    assert pygame.image.tobytes(TableArt(table.fonts).avatar(3, 48), "RGBA") == pygame.image.tobytes(avatars[3], "RGBA")
    assert table.avatar("阿明", 48) is table.avatar("阿明", 48)
    assert len(colours(table.dealer_mark(40), 100)) >= 5
    for surf in (table.speaker_icon(32), table.speaker_icon(32, muted=True)):
        assert surf.get_size() == (32, 32)
        assert sum(1 for *_, a in pixels(surf) if a > 200) > 100
    assert pygame.image.tobytes(table.speaker_icon(32), "RGBA") != pygame.image.tobytes(
        table.speaker_icon(32, muted=True), "RGBA")


def test_buttons(fonts, table):
    label = fonts.render("开始", 22, (255, 255, 255), bold=True)
    seen = set()
    for style in ("primary", "secondary"):
        for state in ("normal", "hover", "pressed", "disabled"):
            b = table.button((160, 50), label, style, state=state)
            assert b.get_size() == (160, 50)
            assert table.button((160, 50), label, style, state=state) is b
            seen.add(pygame.image.tobytes(b, "RGBA"))
    assert len(seen) == 8
    chips = [table.call_button(text, 80) for text in ("胡", "自摸", "杠", "碰", "吃", "过")]
    assert all(c.get_size() == (80, 80) for c in chips)
    assert len({pygame.image.tobytes(c, "RGBA") for c in chips}) == 6
    with pytest.raises(ValueError):
        table.button((100, 40), label, "fancy")


# ---------------------------------------------------------------------------------------------- hygiene
def test_importing_the_art_does_no_work_and_holds_no_surfaces():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame, pygame.freetype\n"
        "import game.ui.fonts as f, game.ui.art.tiles as t, game.ui.art.table as a, game.ui.art.looks as k\n"
        "assert not pygame.get_init() and not pygame.font.get_init() and not pygame.freetype.get_init()\n"
        "assert not k._SPRITES\n"
        "for m in (f, t, a, k):\n"
        "    assert not any(isinstance(v, (pygame.Surface, pygame.font.Font)) for v in vars(m).values()), m\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("ok")


def test_art_works_with_a_display_mode_set():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy'\n"
        "import pygame; pygame.init(); pygame.display.set_mode((320, 200))\n"
        "from game.ui.fonts import Fonts\n"
        "from game.ui.art.tiles import TileArt\n"
        "from game.ui.art.table import TableArt\n"
        "f = Fonts(); t = TileArt(f); a = TableArt(f, t)\n"
        "s = t.face(31, 48); assert s.get_flags() & pygame.SRCALPHA\n"
        "a.felt('hainan', (320, 200)); a.button((120, 40), f.render('OK', 18, (255, 255, 255)), 'primary')\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("ok")


def test_art_sheet_tool_writes_a_png(tmp_path):
    out = tmp_path / "sheet.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "art_sheet.py"), "--out", str(out)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert out.is_file() and out.stat().st_size > 100_000
    assert hashlib.sha256(out.read_bytes()).hexdigest()  # readable


def test_warm_builds_the_other_kinds_at_a_size_just_drawn_and_keeps_to_its_deadline(fonts):
    import time

    art = TileArt(fonts)
    first = art.face(0, 47)
    art.lying(0, 31, 1)
    assert art.warm(time.perf_counter() - 1) == 0  # no time left: nothing built
    assert not art.has_face(5, 47)
    built = art.warm(time.perf_counter() + 60)
    assert built == 2 * (NUM_KINDS - 1)  # every other kind upright at 47 px and lying turned once at 31 px
    assert art.face(0, 47) is first and all(art.has_face(k, 47) for k in range(NUM_KINDS))
    assert art.warm(time.perf_counter() + 60) == 0  # nothing left to build
