"""The hint key (提示): the expert's move for the seat on screen, with its reason, in the player's language."""

from __future__ import annotations

import pygame
import pytest

from game.ai.player import SkilledBot
from game.engine.tiles import parse_tile, tile_name
from game.host import Host, SeatConfig
from game.ui.hint import hint_text, tile_word
from game.ui.table.scene import TableScene
from game.ui.table.commands import ShowHint
from tests.ui.test_play import DT, click, key

SEATS = [SeatConfig("You", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]


def _my_turn(app, variant: str = "nanning", seed: int = 4) -> TableScene:
    scene = TableScene(app, Host(variant, {}, SEATS, seed=seed, rounds=1))
    app.push(scene)
    for _ in range(5000):
        kinds = {a.type for a in scene.my_actions()}
        if "discard" in kinds:
            return scene
        if "pass" in kinds:
            key(app, pygame.K_SPACE)
        app.step(DT)
    raise AssertionError("the human never got a turn")


def test_tab_shows_the_experts_discard_lifted_in_the_hand_with_a_reason(app):
    scene = _my_turn(app)
    key(app, pygame.K_TAB)
    assert scene.hint is not None and scene.hint_rect is not None
    expected = SkilledBot("expert").advise(scene.state, scene.my_actions()).action
    assert expected.type == "discard"
    words = scene.hint[1]
    assert words.startswith(app.t("Discard {tile}").format(tile=tile_word(app.t, expected.tile)))
    assert scene.my_tiles()[scene.selected] == tile_name(expected.tile)
    # Enter throws the suggested tile, and the advice goes with the decision it answered
    me = scene.viewer
    key(app, pygame.K_RETURN)
    last = [e for e in scene.table.events if e.get("type") == "discard" and e["actor"] == me][-1]
    assert parse_tile(last["tile"]) == expected.tile
    app.step(DT)
    assert scene.hint is None


def test_the_hint_button_in_the_toggles_column_does_the_same(app):
    scene = _my_turn(app, seed=9)
    app.step(DT)
    rect = scene.hits.find(ShowHint())
    click(app, rect.center)
    assert scene.hint is not None


def test_no_hint_when_it_is_not_your_decision(app):
    scene = TableScene(app, Host("nanning", {}, SEATS, seed=4, rounds=1))
    app.push(scene)
    app.step(DT)
    assert scene.my_actions() == []
    key(app, pygame.K_TAB)
    assert scene.hint is None


@pytest.mark.parametrize("language,word", [("zh_CN", "打"), ("zh_TW", "打"), ("en", "Discard")])
def test_the_reason_is_worded_in_the_players_language(app, language, word):
    app.set_language(language)
    scene = _my_turn(app)
    words = scene.controls.show_hint()
    assert words and word in words


def test_hint_words_for_each_kind_of_move():
    from game.ai.player import Advice, Option
    from game.engine.state import Action

    t = lambda s: s  # noqa: E731
    five_dots = parse_tile("5p")
    o = Option(Action(0, "discard", tile=five_dots), 0, accept=7, waits=[(parse_tile("3s"), 3), (parse_tile("6s"), 4)],
               hand="pinghu")
    line = hint_text(t, Advice(o.action, o), lambda h: {"pinghu": "平胡"}[h])
    assert line.startswith("Discard 五筒 (5 Dots)") and "ready on 三条 (3 Bamboo), 六条 (6 Bamboo), 7 left" in line
    assert "平胡" in line
    far = Option(Action(0, "discard", tile=parse_tile("N")), 2, accept=31, safety="threw")
    line = hint_text(t, Advice(far.action, far, "fold"), str)
    assert "2 tiles from ready; 31 unseen tiles would help" in line and "play safe" in line and "North wind" in line
    assert hint_text(t, Advice(Action(0, "win")), str) == "Win now"
    assert hint_text(t, Advice(Action(0, "pong")), str).startswith("Pong")
    # a call made for its worth, the hand no nearer (a pong onto a ready hand, a kong that pays), says so; a pass
    # that gives up a nearer hand says what it keeps instead
    assert hint_text(t, Advice(Action(0, "pong"), step="closer"), str) == "Pong: it brings your hand closer"
    assert hint_text(t, Advice(Action(0, "pong"), step="as near"), str) \
        == "Pong: the hand stays as near and is worth more with it"
    assert hint_text(t, Advice(Action(0, "kong"), step="farther"), str) \
        == "Kong: a step slower, but it pays more than that costs"
    assert hint_text(t, Advice(Action(0, "pass"), step="closer"), str) \
        == "Pass: the call brings the hand closer but gives up more of its worth than that"
    assert hint_text(t, Advice(Action(0, "pass")), str) == "Pass: the call would not bring you closer to a good hand"


def test_the_review_words_a_call_and_a_pass_as_the_hint_does_from_new_saves_and_old():
    """The 复盘 words a call or a pass from the step its review saved; reviews saved before the step was (session
    23) have only "closer" (True, False or None) and read the same."""
    from game.review import Decision
    from game.ui.hint import review_reason

    def words(best: str, chosen: str, why: dict) -> str:
        return review_reason(lambda s: s, Decision(0, 5, "claim", {"seat": 0, "type": chosen},
                                                  {"seat": 0, "type": best}, 1.0, why=why), str)

    for why in ({"step": "closer"}, {"closer": True}):
        assert "Pass: the call brings the hand closer but gives up more of its worth" in words("pass", "pong", why)
        assert "Pong: it brings your hand closer" in words("pong", "pass", why)
    for why in ({"step": "as near"}, {"closer": False}):
        assert "Pass: the call would not bring you closer" in words("pass", "pong", why)
        assert "Pong: the hand stays as near and is worth more with it" in words("pong", "pass", why)
    assert "Kong: a step slower" in words("kong", "pass", {"step": "farther"})


def test_the_hint_follows_a_language_switch(app):
    """Issue #27: the hint bubble stayed in the old language after a switch; it is the same advice, reworded."""
    app.set_language("zh_CN")
    scene = _my_turn(app)
    key(app, pygame.K_TAB)
    advice = SkilledBot("expert").advise(scene.state, scene.my_actions()).action
    assert scene.hint[1].startswith(app.t("Discard {tile}").format(tile=tile_word(app.t, advice.tile)))
    app.set_language("en")
    app.step(DT)
    assert scene.hint[1].startswith("Discard " + tile_word(app.t, advice.tile)), scene.hint[1]
