import pytest

from game.engine.tiles import (TileError, TileSet, next_in_ring, parse_tile, prev_in_ring, tile_name, zh_name)


def test_notation_round_trips_for_every_kind():
    names = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP") + [f"{n}f" for n in range(1, 9)]
    assert [tile_name(parse_tile(n)) for n in names] == names
    assert len({parse_tile(n) for n in names}) == 42


@pytest.mark.parametrize("bad", ["0m", "10m", "1z", "e", "", "9f", "Z", None, 5, "1 m"])
def test_bad_tile_strings_are_refused_with_the_notation_named(bad):
    with pytest.raises(TileError, match="expected 1m-9m"):
        parse_tile(bad)


@pytest.mark.parametrize("tile_set,size", [
    (TileSet(suits=("m", "s"), honors=False), 72),
    (TileSet(suits=("m", "s"), honors=False, extra_red_dragons=True), 76),
    (TileSet(suits=("m", "s")), 100),
    (TileSet(honors=False), 108),
    (TileSet(honors=False, extra_red_dragons=True), 112),
    (TileSet(), 136),
    (TileSet(flowers=True), 144),
])
def test_every_tile_set_the_rule_sets_use(tile_set, size):
    assert tile_set.size() == size
    tiles = tile_set.tiles()
    assert all(tiles.count(k) == (1 if k >= 34 else 4) for k in set(tiles))


def test_thirteen_orphans_needs_all_suits_and_honours():
    assert TileSet().has_thirteen_orphans()
    assert not TileSet(suits=("m", "s")).has_thirteen_orphans()
    assert not TileSet(honors=False).has_thirteen_orphans()


@pytest.mark.parametrize("a,b", [("9m", "1m"), ("1p", "2p"), ("N", "E"), ("W", "N"), ("P", "C"), ("C", "F")])
def test_rings_wrap_within_their_group(a, b):
    assert next_in_ring(parse_tile(a)) == parse_tile(b)
    assert prev_in_ring(parse_tile(b)) == parse_tile(a)


def test_chinese_names():
    assert [zh_name(parse_tile(t)) for t in ("1m", "9s", "5p", "E", "C", "P", "1f", "8f")] == [
        "一万", "九条", "五筒", "东", "中", "白", "春", "竹"]
