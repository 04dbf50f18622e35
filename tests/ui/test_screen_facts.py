"""What each rule set shows and hides at the table (Variant.screen_facts, listed in docs/rule-sets.md; issue #30
item 4). The hidden ones are kept off the screen — Nanning's 封胡 and 承包: tests/ui/test_hidden_facts.py; Hainan's
暗杠不亮牌 here — and the shown ones are there: Guiliu's 互包 (tests/ui/test_seat_marks.py), Hainan's 嘎
(tests/ui/test_ga.py), and below Beihai's wildcard, the round wind and the 令 at the centre."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.host import Host, SeatConfig
from game.ui.table.scene import TableScene
from game.variants import get_variant, variant_ids
from tests.ui.test_play import frames, until

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_set_says_what_its_table_shows_and_hides():
    docs = (ROOT / "docs" / "rule-sets.md").read_text(encoding="utf-8")
    for vid in variant_ids():
        facts = get_variant(vid).screen_facts
        assert facts, vid
        for f in facts:
            assert f"| {f.fact} | {'shown' if f.shown else 'hidden'} |" in docs, (vid, f.fact)
    hidden = {vid: {f.fact for f in get_variant(vid).screen_facts if not f.shown} for vid in variant_ids()}
    assert any("封胡" in f for f in hidden["nanning"]) and any("承包" in f for f in hidden["nanning"])
    assert any("暗杠" in f for f in hidden["hainan"])


def test_a_concealed_kong_shows_four_backs_to_the_others_at_a_hainan_table(app):
    """Seed 004: 暗杠不亮牌. The dealer (an AI) kongs four 5s concealed; the player at the screen sees four backs and
    nothing of the tiles, in his events and in what is drawn."""
    variant = get_variant("hainan")
    table = Host("hainan", {"shang_ga": False}, [SeatConfig("AI0")] + [SeatConfig("Me", human=True)] +
                 [SeatConfig(f"AI{i}") for i in (2, 3)], seed=1, rounds=1)
    table.autoplay.clear()
    hands = ["5s 5s 5s 5s 1m 2m 3m 4p 5p 6p 7p 8p 9p 1s", "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p E",
             "1p 1p 2p 3s 4s 6s 7s 8s S S W W N", "6m 6m 7m 8m 9m 2s 3s 9s E N C C F"]
    wall = parse_tiles("F P P 1p 2s 3p 5m 9s 9p 8s 7s 6p 4m 4s 3m 2m 1s 8p 7m".split())
    rnd, events = round_from_scenario(variant, variant.parse_options({"shang_ga": False}, 4), 4, 0,
                                      [parse_tiles(h.split()) for h in hands], wall, context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    frames(app, 30)
    table.answer(0, Action(0, "concealed_kong", parse_tile("5s")))
    until(app, lambda: scene.model.seats[0].melds and not scene.queue, 600)
    frames(app, 2)
    assert rnd.seats[0].melds[0].type == "concealed_kong"  # the kong was made …
    seen = [e for _, e in scene.feed().events if e["type"] == "concealed_kong"]
    assert seen and seen[0]["tile"] == "?" and set(seen[0]["consumed"]) == {"?"}  # … and the player saw no tile
    meld = scene.model.seats[0].melds[0]
    assert meld["type"] == "concealed_kong" and "5s" not in meld["tiles"]
    width = scene.layout.small
    back = pygame.image.tobytes(app.tiles.lying_back(width), "RGBA")
    assert [pygame.image.tobytes(img, "RGBA") for img in scene.hands.meld_images(0, width)[0]] == [back] * 4


def test_the_shown_facts_are_on_the_table(app):
    """Beihai's wildcard has its box; the round wind (Guangdong) and the 令 (Hainan) stand at the table's centre."""
    for vid, words in (("beihai", None), ("guangdong", "圈"), ("hainan", "令")):
        app.set_language("zh_CN")
        table = Host(vid, {"shang_ga": False} if vid == "hainan" else {}, [SeatConfig(f"P{i}") for i in range(4)],
                     seed=2, rounds=1)
        scene = TableScene(app, table, autosave=False)
        app.push(scene)
        until(app, lambda: scene.model.started and scene.deal_shown is None and not scene.queue, 3000)
        frames(app, 2)
        if words is None:
            assert scene.model.ghost and scene.ghost_rect is not None, vid
        else:
            labels = [m for m in scene.model.table_labels()]
            assert labels, vid
            shown = " ".join(b.label for b in app.drawn.boxes if b.kind == "text")
            assert words in shown, (vid, shown[:200])
        app.pop()
