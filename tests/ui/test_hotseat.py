"""Hot-seat through the real UI: injected clicks and keys play whole rounds with 2 and 4 humans in every rule set.

On every frame the renderer reports which seats' concealed tiles it drew face-up; nobody's may be, except the one
player who has the screen (and hands the round has opened: a win, the round's end). Hand-overs are answered with
Esc first (which must change nothing), then Enter.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.host import Host, SeatConfig
from game.ui.app import App
from game.ui.scenes.settlement import SettlementScene
from game.ui.scenes.standings import StandingsScene
from game.ui.table.scene import TableScene
from game.engine.tiles import tile_name
from game.variants import get_variant, variant_ids

DT = 0.1


def press(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def opened(scene: TableScene) -> set[int]:
    """Seats whose hands the round itself has laid open."""
    m = scene.model
    if m.finished:
        return set(range(m.players))
    return {w["actor"] for w in m.wins}


def check_frame(scene: TableScene) -> None:
    hs = scene.hotseat
    if hs.handover_to is not None:
        assert scene.face_up == set(), "a hand was drawn face-up behind the hand-over screen"
        return
    allowed = ({hs.owner} if hs.owner is not None else set()) | opened(scene)
    assert scene.face_up <= allowed, f"seat(s) {scene.face_up - allowed} drawn face-up while {hs.owner} owns the screen"
    # the last event on screen, if it is the current round's (the host keeps no other; a finished round's last
    # event stays on screen while the next round's setup is asked for before its deal)
    last = scene.table.events[scene.presented] if scene.presented >= scene.table.round_first_event else {}
    if last.get("type") == "discard" and not opened(scene):
        assert last["actor"] not in scene.face_up, "a hand stayed face-up after its player discarded"


def check_model(scene: TableScene) -> None:
    """Once the screen has caught up, the owner's hand on screen is his hand in the engine."""
    owner = scene.hotseat.owner
    rnd = scene.table.round
    if owner is None or scene.queue or rnd is None or rnd.finished:
        return
    assert sorted(scene.my_tiles()) == sorted(tile_name(k) for k in rnd.seats[owner].concealed_list())


def play(app: App, scene: TableScene, rng: random.Random, limit: int = 40000) -> dict:
    seen = {"handovers": 0, "nothing": 0, "claims": 0, "discards": 0, "setup": 0}
    handled = None
    for _ in range(limit):
        if not app.running:
            break
        top = app.scene
        if isinstance(top, StandingsScene):
            break
        if isinstance(top, SettlementScene):
            press(app, pygame.K_RETURN)
            app.step(DT)
            continue
        hs = scene.hotseat
        if hs.handover_to is not None:
            if handled != ("handover", hs.handover_to, scene.presented):
                handled = ("handover", hs.handover_to, scene.presented)
                seen["handovers"] += 1
                press(app, pygame.K_ESCAPE)  # Esc first: it must change nothing
                app.step(DT)
                check_frame(scene)
                assert hs.handover_to is not None and hs.owner is None
            press(app, pygame.K_RETURN)
        elif scene.setup_prompt() is not None:  # a choice before the deal (上嘎-like)
            seen["setup"] += 1
            values = [a.value for a in scene.setup_prompt().actions]
            press(app, pygame.K_0 + rng.choice(values))
        elif scene.handover.nothing_to_claim_shown():
            seen["nothing"] += 1
            press(app, pygame.K_SPACE)
        else:
            kinds = {a.type for a in scene.my_actions()}
            if "win" in kinds:
                press(app, pygame.K_h)
            elif "pass" in kinds:
                seen["claims"] += 1
                if "pong" in kinds and rng.random() < 0.4:
                    press(app, pygame.K_p)
                elif "chow" in kinds and rng.random() < 0.4:
                    press(app, pygame.K_c)
                    app.step(DT)
                    press(app, pygame.K_1)
                else:
                    press(app, pygame.K_SPACE)
            elif "discard" in kinds:
                seen["discards"] += 1
                check_model(scene)
                rects = scene.hands.hand_rects()
                click(app, rng.choice(rects).center)
        app.step(DT)
        if app.scene is scene or isinstance(app.scene, SettlementScene):
            check_frame(scene)
    else:
        raise AssertionError("the hot-seat game did not finish")
    return seen


def hotseat_cases():
    for vid in variant_ids():
        variant = get_variant(vid)
        players = max(variant.player_counts)
        yield pytest.param(vid, players, (0, 2), 2, id=f"{vid}-2humans")
        yield pytest.param(vid, players, tuple(range(players)), 2, id=f"{vid}-{players}humans")


@pytest.mark.parametrize("vid,players,humans,rounds", list(hotseat_cases()))
def test_hot_seat_never_shows_a_hand_to_the_wrong_player(app, vid, players, humans, rounds):
    seats = [SeatConfig(f"P{i + 1}", human=i in humans, avatar=i + 1) for i in range(players)]
    table = Host(vid, {}, seats, seed=7, rounds=rounds)
    scene = TableScene(app, table)
    app.push(scene)
    seen = play(app, scene, random.Random(f"{vid}:{humans}"))
    assert table.rounds_played == rounds and isinstance(app.scene, StandingsScene)
    assert seen["handovers"] >= 2 and seen["discards"] >= 4
    # every discard by a human or an AI asked the other humans, whether or not they could claim
    assert seen["nothing"] + seen["claims"] > 0


def test_hot_seat_choices_before_the_deal_are_made_behind_hand_overs(app):
    """A rule set with a choice before each deal (the 上嘎-like test set): each human picks behind his own
    hand-over, nobody sees another's pick before the deal, and every pick reaches the round."""
    from game.engine.variant import SetupChoice
    from game.variants import _extra, register
    from game.variants.nanning import Nanning

    class GaNanning(Nanning):
        id = "test_ga_ui"

        def setup_choice(self, opts, seat, facts):
            last = (facts.get("ga") or [0] * 4)[seat]
            return SetupChoice("ga", "上嘎", tuple(range(last, 4)), last)

    register(GaNanning())
    try:
        seats = [SeatConfig(f"P{i + 1}", human=i in (1, 3), avatar=i + 1) for i in range(4)]
        table = Host("test_ga_ui", {}, seats, seed=3, rounds=2)
        scene = TableScene(app, table, region="nanning")
        app.push(scene)
        seen = play(app, scene, random.Random(5))
        assert seen["setup"] == 4  # two humans, two rounds
        assert table.rounds_played == 2
    finally:
        _extra.pop("test_ga_ui", None)


def test_closing_the_window_mid_hand_over_resumes_at_a_hand_over(app):
    """Closed while a hand-over or a claim question was up: Continue shows no hand until a player confirms, and
    the game plays on to its end (nobody is left with an unanswerable question)."""
    from game import saves

    seats = [SeatConfig(f"P{i + 1}", human=i in (0, 1), avatar=i + 1) for i in range(4)]
    table = Host("nanning", {}, seats, seed=11, rounds=1)
    scene = TableScene(app, table)
    app.push(scene)
    handovers = 0
    for _ in range(20000):
        if scene.hotseat.handover_to is not None:
            handovers += 1
            if handovers == 6:
                break
            press(app, pygame.K_RETURN)
        elif scene.handover.nothing_to_claim_shown():
            press(app, pygame.K_SPACE)
        else:
            kinds = {a.type for a in scene.my_actions()}
            if "pass" in kinds:
                press(app, pygame.K_SPACE)
            elif "discard" in kinds:
                click(app, scene.hands.hand_rects()[-1].center)
        app.step(DT)
    assert handovers == 6
    saved = saves.to_json(table)  # what the autosave holds when the window closes
    resumed = saves.restore(saved)
    scene2 = TableScene(app, resumed)
    app.replace(scene2)
    app.step(DT)
    assert scene2.hotseat.owner is None and scene2.face_up == set()
    for _ in range(50):
        app.step(DT)
        check_frame(scene2)
        if scene2.hotseat.handover_to is not None:
            break
    assert scene2.hotseat.handover_to is not None  # the game resumes at a hand-over
    seen = play(app, scene2, random.Random(1))
    assert resumed.rounds_played == 1, (type(app.scene).__name__, resumed.phase, seen)


def test_moving_the_mouse_before_the_deal_is_shown_is_harmless(app):
    """The first mouse movement on a table with no round drawn yet (a new game, the next round) used to crash."""
    seats = [SeatConfig("A", human=True), SeatConfig("B", human=True), SeatConfig("C"), SeatConfig("D")]
    table = Host("nanning", {}, seats, seed=7, rounds=2)
    scene = TableScene(app, table)
    app.push(scene)
    scene.model = scene.new_model(scene.viewer)  # as right after 下一局: no tiles on the table yet
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 650), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(DT)
    assert scene.hover is None and scene.hands.hand_rects() == []
