"""Hainan's 上嘎 at the table (issue #27 item 1): the pre-deal dialog says what 嘎 does and why a value is missing
(not below last round's 嘎 without 自由上嘎), every seat's 嘎 stands on its card for the whole round, and each
player's 嘎 is on his row of the settlement."""

from __future__ import annotations

import pygame

from game.host import Host, SeatConfig
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from game.variants.hainan import GA_EXPLAINED
from tests.ui.test_play import DT, frames, key, until


def texts(app) -> str:
    return " ".join(b.label for b in app.drawn.boxes if b.kind == "text")


def test_ga_is_explained_shown_on_every_card_and_kept_on_the_settlement(app):
    app.set_language("en")
    table = Host("hainan", {}, [SeatConfig("Me", human=True)] + [SeatConfig(f"AI{i}") for i in range(1, 4)],
                 seed=3, rounds=2)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    until(app, lambda: scene.setup_prompt() is not None, 300)
    frames(app, 1)
    shown = texts(app)
    words = app.t(GA_EXPLAINED).split()
    assert all(w in shown for w in words[:6] + words[-6:])  # the explanation, wrapped in the dialog
    assert "Not below" not in shown  # the first round: every value is offered
    key(app, pygame.K_2)
    until(app, lambda: scene.model.started and not scene.queue and scene.setup_prompt() is None, 600)
    frames(app, 2)
    ga = table.round.context["ga"]
    assert ga[0] == 2
    assert sorted((seat, label) for seat, _, label in scene.mark_rects) == \
        [(seat, f"Ga {ga[seat]}") for seat in range(4)]  # on every card, from the round's public context
    table.set_autoplay(0, True)
    until(app, lambda: isinstance(app.scene, SettlementScene), 20000)
    frames(app, 2)
    assert sum(texts(app).count(f"Ga {n}") for n in set(ga)) >= 4  # each row says its player's 嘎
    table.set_autoplay(0, False)
    app.scene.next()
    until(app, lambda: scene.setup_prompt() is not None, 600)
    frames(app, 1)
    assert [a.value for a in scene.setup_prompt().actions] == [2, 3]
    assert "Not below your 嘎 of the last round (2)" in texts(app)  # why 0 and 1 are gone
    app.step(DT)


def test_the_ga_dialog_stands_over_the_table_with_its_seat_cards(app):
    """Issue #27 item 2: the 上嘎 dialog was drawn over an empty cloth. Under it now: every seat's card (name,
    total, wind), dimmed, the dialog itself over them."""
    app.set_language("zh_CN")
    names = ["我", "电脑1", "电脑2", "电脑3"]
    table = Host("hainan", {}, [SeatConfig(names[0], human=True)] + [SeatConfig(n) for n in names[1:]], seed=3,
                 rounds=2)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    until(app, lambda: scene.setup_prompt() is not None, 300)
    frames(app, 1)
    assert not scene.model.seats  # nothing dealt yet
    cards = [b for b in app.drawn.boxes if b.kind == "panel" and b.label.startswith("card ")]
    assert len(cards) == 4 and sorted(scene.card_rects) == [0, 1, 2, 3]
    shown = texts(app)
    assert all(name in shown for name in names)  # each seat's player by name
    dialog = [b.rect for b in app.drawn.boxes if b.kind == "panel" and not b.label]
    assert dialog and not any(dialog[-1].colliderect(c.rect) for c in cards)  # the cards stay in sight
    shot = app.screen.copy()
    card = scene.card_rects[1]
    lit = max(shot.get_at((x, y))[:3] for x in range(card.x, card.right, 3) for y in range(card.y, card.bottom, 3))
    assert max(lit) < 250  # dimmed: even the card's brightest pixel (its name, white at the table) is shaded


def test_a_lan_prompt_carries_the_explanation_and_the_reason():
    host = Host("hainan", {}, [SeatConfig("A", human=True)] + [SeatConfig(n) for n in "BCD"], seed=1, rounds=2)
    host.start_round()
    wire = host.open_prompt(0).to_json()
    assert wire["choice"]["explain"] == GA_EXPLAINED and "why_not" not in wire["choice"]
