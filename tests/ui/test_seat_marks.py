"""Seat marks (Variant.seat_marks) on the table's seat cards: Guiliu's 互包 as soon as the third claim makes it so
(not Nanning's 封胡, which its seed keeps off the screen: tests/ui/test_hidden_facts.py); from public facts only
(every seat's melds and who fed them), drawn as badges beside the card in every window size without covering a
hand, and said once when they appear.

The scripted Guiliu round here (also used by test_flips.py): the dealer's first discard E is followed by the three
others (追牌); seat 1 pongs three of the dealer's discards (2m, 5p, 8s: 互包 from the third), then wins on the
dealer's 8p; 醒 turns 7s (three 8s: 3, 重醒) → 4p (three 5p: 3, 重醒) → 1s (nothing)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.melds import Meld
from game.engine.state import CLAIM, Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.host import Host, SeatConfig
from game.ui.app import App
from game.ui.model import TableModel
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from game.variants import get_variant
from game.variants.guiliu import mutual_pairs

DT = 1 / 30
NAMES = ("阿强", "Alice", "老李", "Bob")
T = lambda s: parse_tiles(s.split())  # noqa: E731
HANDS = ["E 2m 5p 8s 1m 4m 7m 1p 4p 7p 1s 4s 7s 9m",
         "E 2m 2m 5p 5p 8s 8s 3m 3m 6p 7p C F",
         "E 1m 4m 7m 2p 3p 9p 2s 3s 9s S N P",
         "E 1m 4m 7m 1p 9p 2s 3s 5s 6s S N P"]
WALL = "W 6m 6m 9s N P 2p 3s 5s 6s 9s 1m 8p 7s 4p 1s C F"
SCRIPT = [(0, "discard", "E"), (1, "discard", "E"), (2, "discard", "E"), (3, "discard", "E"),
          (0, "discard", "2m"), (1, "pong", "2m"), (1, "discard", "C"), (2, "discard", "N"), (3, "discard", "P"),
          (0, "discard", "5p"), (1, "pong", "5p"), (1, "discard", "F"), (2, "discard", "3s"), (3, "discard", "5s"),
          (0, "discard", "8s"), (1, "pong", "8s"), (1, "discard", "W"), (2, "discard", "9s"), (3, "discard", "1m"),
          (0, "discard", "8p"), (1, "win", None)]
THIRD_PONG = SCRIPT.index((1, "pong", "8s"))
CLAIMS = ("win", "pong", "kong", "chow")


def action(step: tuple) -> Action:
    seat, kind, tile = step
    return Action(seat, kind, parse_tile(tile) if tile else None)


def scripted_round(options: dict | None = None, context: dict | None = None):
    variant = get_variant("guiliu")
    opts = variant.parse_options(options or {}, 4)
    return round_from_scenario(variant, opts, 4, 0, [T(h) for h in HANDS], T(WALL), context=context)


def apply_step(rnd, step: tuple) -> list[dict]:
    """One scripted action on the engine's round; seats that may claim and are not named pass first."""
    a = action(step)
    out = []
    w = rnd.window
    if rnd.phase == CLAIM and w is not None and not (a.type in CLAIMS and a.seat in w.options):
        out += rnd.pass_all()
    return out + rnd.apply(a)


# ---------------------------------------------------------------------------------------------------- the hook
def test_guiliu_marks_appear_exactly_with_the_third_claim_and_match_the_engines_pairs():
    rnd, events = scripted_round()
    model = TableModel(2, rnd.variant, rnd.options)  # a seat that is neither partner: public facts only
    model.apply_all(events)
    for i, step in enumerate(SCRIPT):
        model.apply_all(apply_step(rnd, step))
        marks = {seat: [(m.id, m.params, m.voice_token) for m in model.seat_marks(seat)] for seat in range(4)}
        pairs = mutual_pairs(rnd.claims_from)  # the engine's own 互包, from its claim counts
        if i < THIRD_PONG:
            assert marks == {0: [], 1: [], 2: [], 3: []} and pairs == [], i
        else:
            assert pairs == [[0, 1]]
            assert marks == {0: [("Mutual with {seat}", {"seat": 1}, "hubao")],
                             1: [("Mutual with {seat}", {"seat": 0}, "hubao")], 2: [], 3: []}, i
    assert rnd.finished


def _melds(*rows):
    return [[Meld(kind, [k] * (4 if "kong" in kind else 3), frm, k) for kind, k, frm in row] for row in rows]


def test_an_added_kong_is_the_one_claim_it_was_and_a_concealed_kong_none():
    guiliu = get_variant("guiliu")
    opts = guiliu.parse_options({}, 4)
    two = _melds([], [("pong", 1, 0), ("added_kong", 2, 0), ("concealed_kong", 3, None)], [], [])
    assert [guiliu.seat_marks(opts, s, two) for s in range(4)] == [[], [], [], []]
    three = _melds([], [("pong", 1, 0), ("added_kong", 2, 0), ("kong", 4, 0)], [], [])
    assert [len(guiliu.seat_marks(opts, s, three)) for s in range(4)] == [1, 1, 0, 0]
    # one-way counts only: two claims each way are not mutual; a player may be mutual with several
    both = _melds([("pong", 1, 1), ("pong", 2, 1)], [("pong", 3, 0), ("pong", 4, 0)], [], [])
    assert [guiliu.seat_marks(opts, s, both) for s in range(4)] == [[], [], [], []]
    several = _melds([], [("pong", k, 0) for k in (1, 2, 3)], [("pong", k, 0) for k in (4, 5, 6)], [])
    assert [m.params["seat"] for m in guiliu.seat_marks(opts, 0, several)] == [1, 2]
    assert guiliu.seat_marks(guiliu.parse_options({"hubao": False}, 4), 0, several) == []  # 互包 off


def test_nanning_keeps_fenghu_off_the_cards():
    # the seed: "被封胡者在界面上不作特殊表现" — the bar applies (may_win), the card shows nothing
    nanning = get_variant("nanning")
    opts = nanning.parse_options({}, 4)
    fed = _melds([], [("pong", 1, 0), ("pong", 2, 0), ("kong", 3, 0)], [], [])
    assert [nanning.may_win(opts, s, fed) for s in range(4)] == [False, True, True, True]
    assert [nanning.seat_marks(opts, s, fed) for s in range(4)] == [[], [], [], []]
    assert get_variant("beihai").seat_marks(get_variant("beihai").parse_options({}, 4), 0, fed) == []  # the default


# ---------------------------------------------------------------------------------------------------- the table
def scripted_table(app: App, options: dict | None = None, *, human: int | None = None,
                   names: tuple = NAMES) -> tuple[TableScene, Host]:
    """The scripted round at a table of bots that do not play: the test answers for every seat (`human`: the seat
    at the bottom of the screen, else seat 0 watched)."""
    app.settings.claim_timer = 0
    table = Host("guiliu", dict(options or {}), [SeatConfig(n, avatar=i + 1, human=i == human)
                                                 for i, n in enumerate(names)], seed=1, rounds=1)
    table.autoplay.clear()
    rnd, events = scripted_round(options, context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    return scene, table


def caught_up(scene: TableScene) -> bool:
    return not scene.queue and scene.deal_shown is None and scene.wait <= 0 and not scene.pending_flips


def until(app: App, cond, limit: int = 5000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never got there")


def play_step(app: App, scene: TableScene, table: Host, step: tuple) -> None:
    """Wait until the table has shown everything, then play one scripted action (others pass a claim first)."""
    until(app, lambda: caught_up(scene))
    a = action(step)
    for seat, prompt in sorted(table.prompts.items()):
        if prompt.claim and not (seat == a.seat and a.type in CLAIMS):
            table.answer(seat, Action(seat, "pass"))
    table.answer(a.seat, a)


LONG_NAMES = ("Grandmother Wang", "Uncle Chen the Fisherman", "Li", "Bob")


@pytest.mark.parametrize("sized_app, human, names", [
    (((1280, 720), "zh_CN"), None, NAMES), (((1920, 1080), "en"), None, NAMES), (((960, 540), "zh_TW"), None, NAMES),
    (((960, 540), "en"), 2, LONG_NAMES), (((1920, 1080), "zh_CN"), 2, NAMES), (((1280, 720), "en"), 3, LONG_NAMES)],
    indirect=["sized_app"])
def test_the_cards_show_mutual_from_the_third_pong_beside_the_card_clear_of_every_hand(sized_app, human, names,
                                                                                      monkeypatch):
    """Seats 0 and 1 become mutual: drawn at the bottom and right (seat 0 watched), top and left (seat 2 at the
    bottom), right and top (seat 3), in small and large windows, with short and long names."""
    app = sized_app
    said = []
    voices = getattr(app.audio, "voices", None)
    if voices is not None:
        monkeypatch.setattr(voices, "announce", lambda token, *a, **kw: said.append(token) or True)
    scene, table = scripted_table(app, human=human, names=names)
    w, h = app.screen.get_size()
    for i, step in enumerate(SCRIPT[:THIRD_PONG + 2]):
        play_step(app, scene, table, step)
        until(app, lambda: caught_up(scene))
        app.step(DT)  # one frame drawn with everything shown
        drawn = {(seat, label) for seat, _, label in scene.mark_rects}
        if i < THIRD_PONG:
            assert drawn == set(), (i, drawn)
            continue
        mutual = app.t("Mutual with {seat}")
        assert drawn == {(0, mutual.format(seat=names[1])), (1, mutual.format(seat=names[0]))}, drawn
        rects = [r for _, r, _ in scene.mark_rects]
        for r in rects:
            assert pygame.Rect(0, 0, w, h).contains(r), (r, (w, h))
            for seat, area in scene.hand_areas.items():
                assert not r.colliderect(area), (r, seat, area)
        assert not rects[0].colliderect(rects[1])
    if voices is not None:
        assert said == ["hubao"]  # said once, when the pair formed


@pytest.mark.parametrize("sized_app", [((1280, 720), "zh_CN")], indirect=True)
def test_the_marks_stay_to_the_settlement_and_a_replay_draws_them_and_the_flip_too(sized_app):
    app = sized_app
    scene, table = scripted_table(app)
    for step in SCRIPT:
        play_step(app, scene, table, step)
    until(app, lambda: isinstance(app.scene, SettlementScene))
    assert {seat for seat, _, _ in scene.mark_rects} == {0, 1}
    from game.ui.scenes.replay import ReplayScene

    kept = table.round_replay()
    events = [dict(e) for e in table.events[table.round_first_event:]]
    kept.rebuild = lambda: (None, events)  # a scenario's deal is not the seed's: replay its events as they were
    replay = ReplayScene(app, kept)
    app.push(replay)
    while replay.index < len(replay.events):
        replay.play_next()
        if replay.flip_view is None:  # the turned tiles wait for the win, as at the table
            assert not any(e["type"] == "score" and e["reason"] == "win" for e in replay.events[:replay.index])
    app.step(DT)
    assert {seat for seat, _, _ in replay.mark_rects} == {0, 1}
    assert [(r["seat"], r["lit"]) for r in replay.flip_view["rows"]] == [(1, [True, True, False])]
