"""What a rule set keeps off the screen stays off it (issue #30). Nanning's seed: "被封胡者在界面上不作特殊表现，只是无法
胡牌（即不出现胡牌这一选项）" and "承包关系不在界面上表示出来，只要在算分时扣除承包者的积分即可" (shared/rules/nanning.md: "no win
button, no explanation on screen"). A scripted Nanning round: seat 1 pongs three of seat 0's discards (2m, 5p, 8s),
which bars seat 0 from winning (封胡) and makes him liable (承包); then seat 0 throws 8p and seat 1 wins on it, seat 0
paying double. Played at a table against the AI (seat 0 or seat 1 at the screen) and in hot-seat (both humans,
hand-overs between them), every frame's text is read while the round runs: nothing names 封胡 or 承包, for the
barred seat or anyone else. The settlement then says who paid under 承包 and why, in three languages."""

from __future__ import annotations

import pygame
import pytest

from game.engine.state import Action, round_from_scenario
from game.host import Host, SeatConfig
from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.settlement import SettlementScene
from game.ui.table.scene import TableScene
from game.variants import get_variant
# the scripted deal of the seat-marks tests (seat 1 pongs three of seat 0's discards, then wins on his 8p): the
# same hands and moves bring Nanning's 封胡 and 承包 about
from tests.ui.test_seat_marks import CLAIMS, HANDS, SCRIPT, WALL, T, action

DT = 1 / 30
# every word for either fact, in every language the game speaks (msgids and their translations)
HIDDEN = ("封胡", "承包", "Barred", "barred", "liable", "Liable", "chengbao", "Chengbao")
KEYS = {"pong": pygame.K_p, "win": pygame.K_h, "pass": pygame.K_SPACE}


def press(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def texts(app: App) -> list[str]:
    return [b.label for b in app.drawn.boxes if b.kind == "text" and b.label]


def scripted_table(app: App, humans: tuple[int, ...]) -> tuple[TableScene, Host]:
    app.settings.claim_timer = 0
    app.settings.turn_timer = 0
    names = ("阿强", "Alice", "老李", "Bob")
    table = Host("nanning", {}, [SeatConfig(n, avatar=i + 1, human=i in humans) for i, n in enumerate(names)],
                 seed=1, rounds=1)
    table.autoplay.clear()  # the AI seats play the script too
    variant = get_variant("nanning")
    rnd, events = round_from_scenario(variant, variant.parse_options({}, 4), 4, 0, [T(h) for h in HANDS], T(WALL),
                                      context=table.session.context())
    table.load_round(rnd, events)
    scene = TableScene(app, table, autosave=False)
    app.push(scene)
    return scene, table


def play_script(app: App, scene: TableScene, table: Host, humans: tuple[int, ...], shown: list[str],
                handovers: list[int]) -> None:
    """Play the script through the screen: a human's move by his keys and clicks when the screen is his, an AI
    seat's by the test; every other claim passed; hand-overs confirmed. Collects every text drawn meanwhile."""
    step_no, seen = 0, 0  # the script's next step; the round's actions already matched against it
    hinted: set[int] = set()
    for _ in range(30000):
        if isinstance(app.scene, SettlementScene):
            assert step_no == len(SCRIPT), step_no
            return
        app.step(DT)
        shown.extend(texts(app)) if app.scene is scene else None
        for done in table.current_actions[seen:]:  # what the round took since the last frame
            seen += 1
            if step_no < len(SCRIPT) and done == action(SCRIPT[step_no]).to_json():
                step_no += 1
        if step_no >= len(SCRIPT) or app.scene is not scene:
            continue
        want = action(SCRIPT[step_no])
        hs = scene.hotseat
        if hs is not None and hs.handover_to is not None:
            handovers.append(hs.handover_to)
            press(pygame.K_RETURN)
            continue
        if scene.handover.nothing_to_claim_shown():
            press(pygame.K_SPACE)
            continue
        if scene.queue or scene.wait > 0 or scene.deal_shown is not None:
            continue  # the screen catches up first
        mine = scene.my_actions()
        if mine:
            prompt = scene.open_prompt()
            if prompt is not None and prompt.id not in hinted:  # the hint (Tab) at every question: its words too
                hinted.add(prompt.id)
                press(pygame.K_TAB)
                continue
            if want in mine:
                if want.type == "discard":
                    click(scene.hands.hand_rects()[scene.my_tiles().index(SCRIPT[step_no][2])].center)
                else:
                    press(KEYS[want.type])
            elif any(a.type == "pass" for a in mine):
                press(pygame.K_SPACE)  # a claim the script does not make
            continue
        for seat, prompt in sorted(table.open_prompts().items()):
            if seat in humans:
                continue
            if prompt.claim and not (seat == want.seat and want.type in CLAIMS):
                table.answer(seat, Action(seat, "pass"))
            elif seat == want.seat and want in prompt.actions:
                table.answer(seat, want)
    raise AssertionError(f"the scripted round stopped at step {step_no}")


@pytest.fixture
def lang_app(request, tmp_path, monkeypatch):
    lang = request.param
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed=3.0), save=False)
    app.set_language(lang)
    yield app
    pygame.quit()


@pytest.mark.parametrize("lang_app, humans", [("zh_CN", (0,)), ("en", (1,)), ("zh_TW", (0, 1))],
                         indirect=["lang_app"])
def test_fenghu_and_chengbao_stay_off_the_screen_and_the_settlement_says_who_paid(lang_app, humans):
    app = lang_app
    scene, table = scripted_table(app, humans)
    shown: list[str] = []
    handovers: list[int] = []
    play_script(app, scene, table, humans, shown, handovers)
    assert (set(handovers) == {0, 1}) == (len(humans) == 2)  # hot-seat: the screen went to each of them
    rnd = table.round
    assert rnd.finished and rnd.deltas() == [-40, 40, 0, 0]  # the rule applied: seat 0 paid double as liable (base 10)
    assert not get_variant("nanning").may_win(rnd.options, 0, [s.melds for s in rnd.seats])  # he was barred
    assert len(shown) > 1000  # the round's frames were read
    assert any(t.startswith(app.t("Discard {tile}").split("{")[0]) for t in shown)  # the hints were shown too
    named = sorted({t for t in shown if any(w in t for w in HIDDEN)})
    assert named == [], f"the table named a hidden fact: {named}"
    # the settlement may and does say it: who paid under 承包, and why
    settlement = app.scene
    lines = settlement.words.score_lines()
    liable = [line for line in lines if any(w in line for w in HIDDEN)]
    assert len(liable) == 1 and table.seats[0].name in liable[0] and "40" in liable[0], lines
    expected = {"zh_CN": "承包", "zh_TW": "承包", "en": "liable (chengbao)"}[app.settings.language]
    assert expected in liable[0]
    assert settlement.working  # the settlement opens itemised: the working, drawn
    app.step(DT)
    assert any(expected in t for t in texts(app))
