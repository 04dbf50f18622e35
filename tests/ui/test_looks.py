"""Each region's look: complete data, backs that differ region by region while the faces stay the same, caches that
keep looks apart, a win effect that comes and goes by itself, and a table that wears its rule set's look (or the one
chosen in the settings)."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game.settings import AUTO_TABLE_ART, table_arts
from game.ui.art.looks import (
    DEFAULT_LOOK,
    LOOKS,
    MOTIONS,
    PALETTES,
    Particle,
    RegionLook,
    look_of,
    sprite_surface,
    win_effect,
)
from game.ui.art.table import REGION_NAMES, REGIONS
from game.ui.art.tile_backs import BACK_TOP
from game.ui.art.tiles import TileArt
from game.ui.fonts import Fonts
from game.ui.node import Node


@pytest.fixture(scope="module")
def fonts(pg):
    return Fonts("zh_CN")


@pytest.fixture(scope="module")
def tiles(fonts):
    return TileArt(fonts)


def mean_colour(surf: pygame.Surface, min_alpha: int = 250) -> tuple[float, float, float]:
    data = pygame.image.tobytes(surf, "RGBA")
    total, n = [0, 0, 0], 0
    for i in range(0, len(data), 4):
        if data[i + 3] >= min_alpha:
            total[0] += data[i]
            total[1] += data[i + 1]
            total[2] += data[i + 2]
            n += 1
    assert n > 0
    return total[0] / n, total[1] / n, total[2] / n


def distance(a, b) -> float:
    return math.dist(a, b)


def is_rgb(c) -> bool:
    return isinstance(c, tuple) and len(c) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in c)


# ---------------------------------------------------------------------------------------------- the data
def test_every_region_has_a_complete_look():
    assert tuple(LOOKS) == REGIONS and set(REGIONS) == set(table_arts()) - {AUTO_TABLE_ART}
    for rid in REGIONS:
        look = LOOKS[rid]
        assert isinstance(look, RegionLook) and look.id == rid and look.name == REGION_NAMES[rid]
        assert len(look.palette) == 5 and all(is_rgb(c) for c in look.palette) and PALETTES[rid] == look.palette
        back = look.back
        assert all(is_rgb(c) for c in (back.top, back.bottom, back.dark, back.line))
        assert callable(look.emblem)
        win = look.win
        assert win.sprites and all(callable(s.paint) and s.colors and all(is_rgb(c) for c in s.colors)
                                   and s.weight > 0 and s.scale > 0 for s in win.sprites)
        assert 0 < win.count <= 60 and win.motion in MOTIONS and 0 < win.duration <= 2.5 and 0 < win.size < 0.1
    with pytest.raises(Exception):  # frozen: a look is data, not state
        LOOKS["nanning"].name = "x"  # type: ignore[misc]


def test_looks_are_found_by_id_with_a_default():
    assert look_of("hainan") is LOOKS["hainan"] and look_of(LOOKS["beihai"]) is LOOKS["beihai"]
    assert look_of(None) is look_of("no-such-region") is LOOKS[DEFAULT_LOOK]


def test_the_motions_are_varied():
    assert len({look.win.motion for look in LOOKS.values()}) >= 4


# ---------------------------------------------------------------------------------------------- backs and faces
def test_the_default_look_is_todays_green(tiles, fonts):
    assert TileArt(fonts).look == DEFAULT_LOOK and LOOKS[DEFAULT_LOOK].back.top == BACK_TOP
    back = TileArt(fonts).back(40)
    r, g, b, a = back.get_at((20, back.get_height() // 3))
    assert a == 255 and g > r + 40 and g > b + 20


def test_the_five_backs_differ_pairwise(tiles):
    means = {rid: mean_colour(tiles.back(40, rid)) for rid in REGIONS}
    for a, b in itertools.combinations(REGIONS, 2):
        assert distance(means[a], means[b]) > 35, (a, b, means[a], means[b])
    # and every back is far from the ivory of a face
    face = mean_colour(tiles.face(33, 40).subsurface((0, 0, 30, 50)))  # 白: nearly all ivory
    for rid in REGIONS:
        assert distance(means[rid], face) > 90, rid


def test_faces_are_the_same_in_every_look(tiles):
    for width in (24, 40, 72):
        g = TileArt.upright_geometry(width)
        for kind in (0, 13, 22, 31, 33, 38):
            plates = [pygame.image.tobytes(tiles.face(kind, width, rid).subsurface((0, 0, g["fw"], g["fh"])), "RGBA")
                      for rid in REGIONS]
            assert all(p == plates[0] for p in plates[1:]), (kind, width)
            sizes = {tiles.face(kind, width, rid).get_size() for rid in REGIONS}
            assert sizes == {TileArt.size(width)}
    # a lying face: its top (the ivory and the picture) is the same too
    for q in range(4):
        w, h = TileArt.lying_size(36, q)
        top = (0, 0, w, h - TileArt.thickness(36))
        tops = [pygame.image.tobytes(tiles.lying(22, 36, q, rid).subsurface(top), "RGBA") for rid in REGIONS]
        same = [sum(1 for i in range(0, len(t), 4) if t[i:i + 4] == tops[0][i:i + 4]) / (len(t) // 4) for t in tops]
        assert min(same) > 0.9, same


def test_switching_the_look_switches_every_back_and_caches_each(fonts):
    art = TileArt(fonts)
    seen = {}
    for rid in REGIONS:
        art.look = rid
        assert art.look == rid
        seen[rid] = (art.back(40), art.lying_back(36), art.lying_back(36, 1), art.stack(20), art.stack(20, 1))
        assert seen[rid][0] is art.back(40) and seen[rid][3] is art.stack(20)  # cached
        assert seen[rid][0] is art.back(40, rid)  # the attribute and the parameter agree
    for a, b in itertools.combinations(REGIONS, 2):
        for sa, sb in zip(seen[a], seen[b]):
            assert sa is not sb and sa.get_size() == sb.get_size()
            assert distance(mean_colour(sa, 200), mean_colour(sb, 200)) > 20, (a, b)
    art.look = "beihai"
    assert art.back(40) is seen["beihai"][0]  # back to an earlier look: its surfaces again, nothing stale
    art.look = LOOKS["hainan"]  # a look object works too
    assert art.look == "hainan" and art.stack(20) is seen["hainan"][3]
    art.look = "test_variant_without_a_region"
    assert art.look == DEFAULT_LOOK


def test_stacks_and_lying_backs_take_the_looks_colour(tiles):
    def nearest_look(surf) -> str:
        m = mean_colour(surf, 200)
        return min(REGIONS, key=lambda rid: min(distance(m, c) for c in (LOOKS[rid].back.top, LOOKS[rid].back.bottom)))

    for rid in REGIONS:
        assert nearest_look(tiles.back(40, rid)) == rid
        for q in (0, 1):
            lying = tiles.lying_back(36, q, rid)
            top = lying.subsurface((0, 0, lying.get_width(), lying.get_height() - TileArt.thickness(36)))
            assert nearest_look(top) == rid, (rid, q)
        stack = tiles.stack(20, 0, 2, rid)
        top = stack.subsurface((0, 0, stack.get_width(), round(20 * 1.36 * 0.5)))  # the plate on top of the stack
        assert nearest_look(top) == rid
        assert stack.get_size() == TileArt.stack_size(20)
        assert tiles.lying_back(36, 1, rid).get_size() == TileArt.lying_size(36, 1)


def test_small_backs_leave_the_emblem_out_and_tiny_sizes_work(tiles):
    for rid in REGIONS:
        for width in (9, 12, 16):
            assert tiles.stack(width, 0, 2, rid).get_size() == TileArt.stack_size(width)
        assert tiles.back(10, rid).get_size() == TileArt.size(10)


# ---------------------------------------------------------------------------------------------- the win effect
@pytest.mark.parametrize("rid", REGIONS)
def test_the_win_effect_makes_nodes_and_they_are_all_gone_after_three_seconds(pg, rid):
    layer = Node()
    node = win_effect(LOOKS[rid], (640, 500), (1280, 720), 1.0, seed=3)
    layer.add(node)
    particles = [c for c in node.children if isinstance(c, Particle)]
    assert 0 < len(particles) <= 60
    screen = pygame.Surface((1280, 720))
    before = pygame.image.tobytes(screen, "RGB")
    drawn = False
    t = 0.0
    while t < 3.0:
        layer.update(1 / 60)
        t += 1 / 60
        if 0.5 < t < 0.55:
            layer.draw(screen)
            drawn = pygame.image.tobytes(screen, "RGB") != before
    assert drawn  # something showed mid-way
    assert layer.children == [] and node.parent is None


@pytest.mark.parametrize("rid", REGIONS)
def test_the_win_effect_is_short_in_fast_mode(pg, rid):
    layer = Node()
    layer.add(win_effect(rid, (100, 100), (800, 450), 0.15))
    for _ in range(6):  # 0.6 s
        layer.update(0.1)
    assert layer.children == []


def test_the_win_effect_is_the_same_for_the_same_seed_and_sprites_are_cached(pg):
    def positions(seed):
        n = win_effect("guiliu", (300, 300), (800, 600), 1.0, seed=seed)
        return [(round(c.x), round(c.y)) for c in n.children]

    assert positions(1) == positions(1) != positions(2)
    look = LOOKS["beihai"]
    s = look.win.sprites[0]
    assert sprite_surface(s, s.colors[0], 24) is sprite_surface(s, s.colors[0], 24)


# ---------------------------------------------------------------------------------------------- the table
def _table(app, variant: str):
    from game.host import Host, SeatConfig
    from game.ui.table.scene import TableScene

    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(1, 4)]
    table = Host(variant, {}, seats, seed=5, rounds=1)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    return scene


def test_the_table_wears_its_rule_sets_look_and_the_settings_choice(app):
    from tests.ui.test_play import frames

    for rid in REGIONS:
        scene = _table(app, rid)
        assert scene.board.look() is LOOKS[rid] and app.tiles.look == rid
        frames(app, 3)
        assert app.tiles.look == rid
        app.pop()
    scene = _table(app, "guiliu")
    app.settings.table_art = "hainan"
    frames(app, 2)
    assert scene.board.look_region() == "hainan" and scene.board.look() is LOOKS["hainan"] and app.tiles.look == "hainan"
    # the wall on screen is the hainan stack
    assert scene.layout.stack and app.tiles.stack(scene.layout.stack) is app.tiles.stack(scene.layout.stack, 0, 2,
                                                                                          "hainan")
    app.settings.table_art = "auto"
    frames(app, 2)
    assert app.tiles.look == "guiliu"


def test_a_win_at_the_table_plays_the_regions_effect_and_it_goes(app):
    from tests.ui.test_pause import _win_table
    from tests.ui.test_play import frames, key

    app.settings.table_art = "guangdong"
    scene = _win_table(app)
    key(app, pygame.K_h)
    roots = []
    for _ in range(90):
        roots = [n for n in scene.effects.children if any(isinstance(c, Particle) for c in n.children)]
        if roots:
            break
        frames(app, 1)
    assert roots, "no win effect"
    assert app.tiles.look == "guangdong"
    sprites = {id(c.surface) for r in roots for c in r.children if isinstance(c, Particle)}
    assert sprites
    frames(app, 100)  # 3.3 s
    assert not [n for n in scene.effects.children if any(isinstance(c, Particle) for c in n.children)]
