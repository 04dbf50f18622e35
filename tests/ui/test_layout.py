"""Every scene laid out at 960×540, 1280×720, 1920×1080, 2560×1440 and 3840×2160 (and in English at 960×540, where
its longer words are tightest; the table also with large tiles): nothing that must stay apart overlaps.

Each scene is reached as a player reaches it and drawn under the dummy driver; then the test reads what the frame
really drew where: the controls from the scene's own click registry (`scene.clicks`, the table's `scene.hits`),
the text, panels and tile areas from `app.drawn` (recorded by the text and panel helpers of game.ui.widgets, and
by the table for its hands, discards, walls and seat cards). Text is measured by its ink, not its line box. The
rules:

- everything lies inside the window;
- controls, text and tile areas do not overlap one another, except words lying wholly on a control, a tile area
  or a panel (a button's label, a name on a seat card); a button's label wider than its button overlaps it;
- a panel and anything else are nested or apart: nothing runs out of its panel, nothing is half on one;
- no text is smaller than 12 px at 1280×720 and below (960×540 too), and text grows with the window above it (24 px
  at 2560×1440), so a 13 px label at 2560 px fails; narrowed text counts at the size it is shown.

Animations (a call's flash, the score banner, the flipped horses) come and go and are not checked.
`LAYOUT_SHOTS=DIR` saves each scene's frame in DIR, to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.host import Host, SeatConfig
from game.settings import Settings
from game.ui.app import App
from game.variants import AVAILABLE, get_variant

SIZES = ((960, 540), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160))
# each size in Chinese; English, whose words run longest, in the smallest window too
CASES = [(size, "zh_CN") for size in SIZES] + [((960, 540), "en")]
DT = 1 / 30
MIN_TEXT = 12  # px at 1280×720


# ------------------------------------------------------------------------------------------ reaching the scenes
def finished_round(variant: str = "nanning", seed: int = 6) -> Host:
    """A round played to its end by bots, the player's seat under 托管 (for replays and statistics)."""
    table = Host(variant, {}, [SeatConfig("You", human=True), SeatConfig("阿强"), SeatConfig("小梅"),
                               SeatConfig("老黄")], seed=seed, rounds=1)
    table.autoplay.add(0)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    return table


def mid_round(variant: str, actions: int = 40, claim: bool = False, flowers: bool = False) -> Host:
    """A round some way in (discards, calls), the player (seat 0, at the bottom) to throw a tile (`claim`: offered
    a claim on a discard, its call buttons up): bots played every seat until then. The first seed whose round
    gets there (`flowers`: with a flower set aside by every seat)."""
    for seed in range(3, 200 if flowers else 40):
        seats = [SeatConfig("You", human=True)] + [SeatConfig(n, level="easy", avatar=i + 2)
                                                  for i, n in enumerate(("阿强", "小梅", "老黄"))]
        table = Host(variant, {}, seats, seed=seed, rounds=1)
        table.autoplay.add(0)
        table.start_round()
        while table.round is None or not table.round.finished:  # (no round yet while 上嘎 and the like are chosen)
            mine = table.prompts.get(0)
            if flowers and {e.get("actor") for e in table.events if e["type"] == "flower"} != set(range(4)):
                pass
            elif len(table.current_actions) >= actions and mine is not None and mine.claim == claim:
                table.autoplay.discard(0)
                return table
            if table.step_bot() is None:
                break
    raise AssertionError(f"no {variant} round reached its {actions}th action")


def build(app: App, name: str):
    """Push the scene called `name` as a player reaches it; returns it."""
    from game import replays
    from game.ui.scenes.lan import LanScene
    from game.ui.scenes.lan_join import JoinScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.replay import ReplayListScene, ReplayScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.settlement import SettlementScene
    from game.ui.scenes.standings import StandingsScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.voices import VoicesScene
    from game.ui.table.scene import TableScene

    kind, _, rest = name.partition("-")
    if kind == "newgame":
        mode, vid = rest.split("-")
        scene = NewGameScene(app, mode)
        scene.choose_variant(vid)
        scene.choose_players(max(get_variant(vid).player_counts))
        for i in range(4):  # the widest seat rows: a named human with his standing orders, AI seats with levels
            scene.humans[i] = i < 2
        app.push(scene)
        return scene
    if kind == "lobby":  # a LAN table hosted from the new-game screen, one seat waiting for a friend
        ng = NewGameScene(app, "lan")
        ng.choose_variant("nanning")
        ng.rounds = 1
        for i in range(1, 4):
            ng.set_human(i, i == 1)
        app.push(ng)
        ng.start()
        assert app.scene is not ng, ng.host_error
        return app.scene
    if kind == "found":  # the join list with tables heard: one with open seats and seats waiting for their players
        from game.net.discovery import Table
        from game.ui.scenes.lan_join import JoinScene

        props = {"variant": "guangdong", "players": "4", "free": "1", "waiting": '["Kai", "阿芳"]',
                 "table_id": "0123456789abcdef", "phase": "play"}

        class Heard:
            def tables(self):
                return [Table("老黄's table", "192.168.1.20", 47230, props),
                        Table("Lin's table", "192.168.1.31", 47231, dict(props, free="0", waiting="[]"))]

            def close(self):
                pass

        scene = JoinScene(app)
        app.push(scene)
        scene.browser = Heard()
        scene.name.value = "Kai"
        return scene
    if kind == "ask":  # a LAN question over the hosted lobby: a rejoin by name, or closing the table
        from game.ui.scenes.lan_common import ask_rejoin, confirm_close

        lobby = build(app, "lobby")
        if rest == "close":
            confirm_close(app, lobby.table, lambda: None)
        else:
            ask_rejoin(app, lobby.server, 1, "Kai")
            app.scene.still = None  # (no real request waits: the dialog stays up to be looked at)
        return app.scene
    if kind in ("table", "counter", "claim", "pause", "marks", "flowers"):
        table = mid_round(rest or "nanning", 20 if kind == "claim" else 40, claim=kind == "claim",
                          flowers=kind == "flowers")
        scene = TableScene(app, table, autosave=False)
        if kind == "marks":  # every other seat a player under 托管 (as a LAN seat's dropped player): a status tag
            for i, seat in enumerate(table.seats):  # on each card (marked after the scene: no hand-over screen)
                seat.human = True
                table.autoplay.add(i)
        scene.show_counter = kind == "counter"  # 记牌器 open: clear of every hand and card
        app.push(scene)
        if kind == "pause":
            app.step(DT)
            app.push(PauseScene(app, scene))
        return app.scene
    if kind == "settlement":  # a round over: the table opens its settlement
        app.push(TableScene(app, finished_round(), autosave=False))
        assert isinstance(app.scene, SettlementScene)
        return app.scene
    if kind == "standings":  # the game's last round settled
        app.push(StandingsScene(app, finished_round()))
        return app.scene
    if kind == "rules":
        app.push(RulesScene(app, rest))
        return app.scene
    if kind == "review":  # a replay with the 复盘 strip over its bar, at the review's first mark
        done = finished_round()
        scene = ReplayScene(app, replays.Replay(done.round_replay().header, done.current_actions), review_seat=0)
        app.push(scene)
        assert scene.review.job.wait(120) and scene.review.review is not None
        app.step(DT)
        scene.jump(1)
        return scene
    if kind == "lesson":  # 学习: the list, a lesson's first words, its table after a wrong move, 上嘎 asked, its end
        from game.lessons import all_lessons
        from game.ui.scenes.lesson import LessonDoneScene, LessonListScene, LessonScene

        lessons = all_lessons()
        if rest == "list":  # two players on this machine: the button that says whose progress is shown
            app.settings.name_profile(app.settings.profile_id(0), "阿强")
            app.settings.name_profile(app.settings.profile_id(1), "小梅")
            app.push(LessonListScene(app))
            return app.scene
        if rest == "done":  # the longest last words
            lesson = max(lessons, key=lambda l: len(app.t(l.outro)))
            app.push(LessonDoneScene(app, lesson, True, 2))
            return app.scene
        if rest == "intro":
            app.push(LessonScene(app, max(lessons, key=lambda l: len(app.t(l.intro)))))
            return app.scene
        setup = rest == "setup"
        lesson = next(l for l in lessons if l.steps[0].setup) if setup else \
            max(lessons, key=lambda l: len(app.t(l.steps[l.learner_steps[0]].wrong)))
        scene = LessonScene(app, lesson)
        app.push(scene)
        scene.start()
        for _ in range(3000):  # until the player may move
            if scene.expected() is not None:
                break
            app.step(DT)
        if not setup:  # a wrong move: the coach's explanation, the right move shown
            want = scene.expected()
            scene.submit(next(a for a in scene.open_prompt().actions if a != want))
        return scene
    if kind in ("replay", "replays", "stats"):
        done = finished_round()
        if not replays.listing():  # one kept round (the module's tests share the user folder)
            replays.write(replays.Replay(done.round_replay().header, done.current_actions))
        if kind == "replay":
            scene = ReplayScene(app, replays.Replay(done.round_replay().header, done.current_actions))
            app.push(scene)
            scene.playing = False
            for _ in range(40):  # into the round: discards on the table
                scene.step_forward()
            return scene
        scene = ReplayListScene(app) if kind == "replays" else StatsScene(app)
        app.push(scene)
        return scene
    scene = {"title": TitleScene, "settings": SettingsScene, "lan": LanScene, "join": JoinScene,
             "voices": VoicesScene}[kind](app)
    app.push(scene)
    return scene


SCENES = (["title", "settings", "lan", "join", "found-tables", "lobby", "ask-rejoin", "ask-close", "stats", "replays", "voices",
           "pause", "replay", "review", "lesson-list", "lesson-intro", "lesson-play", "lesson-setup", "lesson-done"]
          + [f"table-{vid}" for vid in AVAILABLE] + ["counter-beihai", "claim-nanning", "claim-guiliu", "settlement",
                                                                 "standings", "marks-hainan", "flowers-hainan"]
          + [f"rules-{vid}" for vid in AVAILABLE]
          + [f"newgame-{mode}-{vid}" for mode in ("ai", "hotseat", "lan") for vid in AVAILABLE])


# ------------------------------------------------------------------------------------------------ the checks
def ink(box) -> pygame.Rect | None:
    """Where a text's pixels really are (its line box is taller than its letters); None for blank text."""
    if box.image is None:
        return box.rect
    r = box.image.get_bounding_rect()
    if r.width == 0 or r.height == 0:
        return None
    if box.rect.size != box.image.get_size():  # drawn scaled
        kx, ky = box.rect.width / box.image.get_width(), box.rect.height / box.image.get_height()
        r = pygame.Rect(round(r.x * kx), round(r.y * ky), max(1, round(r.width * kx)), max(1, round(r.height * ky)))
    return r.move(box.rect.topleft)


def elements(app: App, scene) -> list[tuple[str, pygame.Rect, str, int]]:
    """(kind, rect, label, text size) of everything the scene's last frame drew that the rules speak of."""
    out = []
    clicks = getattr(scene, "clicks", None)
    for hit in clicks.hits if clicks is not None else []:
        out.append(("control", pygame.Rect(hit.rect), hit.label or "", 0))
    hits = getattr(scene, "hits", None)
    for rect, command in hits.areas if hits is not None else []:
        out.append(("control", pygame.Rect(rect), repr(command), 0))
    for box in app.drawn.boxes:
        if box.scene is not scene:
            continue
        if box.kind == "text":
            r = ink(box)
            if r is not None:
                out.append(("text", r, box.label, box.size))
        else:
            out.append((box.kind, pygame.Rect(box.rect), box.label, 0))
    return out


def problems(elems, size: tuple[int, int]) -> list[str]:
    """What breaks the rules (the module's docstring) among `elems` in a window of `size`, in words."""
    w, h = size
    window = pygame.Rect(0, 0, w, h)
    k = max(1.0, min(w / 1280, h / 720))
    min_text = int(MIN_TEXT * k)
    out = []

    def name(e) -> str:
        return f"{e[0]} {e[2]!r} {tuple(e[1])}"

    for e in elems:
        if not window.contains(e[1]):
            out.append(f"outside the window: {name(e)}")
        if e[0] == "text" and e[3] < min_text:
            out.append(f"text of {e[3]} px (at least {min_text}): {name(e)}")
    for i, a in enumerate(elems):
        for b in elems[i + 1:]:
            if not a[1].colliderect(b[1]):
                continue
            if "panel" in (a[0], b[0]):
                if a[1].contains(b[1]) and a[0] == "panel" or b[1].contains(a[1]) and b[0] == "panel":
                    continue  # in its panel
                out.append(f"across a panel's edge: {name(a)} / {name(b)}")
                continue
            words_on = [(t, o) for t, o in ((a, b), (b, a)) if t[0] == "text" and o[0] != "text"]
            if any(o[1].contains(t[1]) for t, o in words_on):
                continue  # a label on its control, a name on its card
            out.append(f"overlap: {name(a)} / {name(b)}")
    return out


# ------------------------------------------------------------------------------------------------ the test
@pytest.fixture(scope="module")
def layout_app(tmp_path_factory):
    """One app for the module (fonts and art are made once); each test sets its window size."""
    old = os.environ.get("LINGNAN_HOME")
    os.environ["LINGNAN_HOME"] = str(tmp_path_factory.mktemp("home"))
    pygame.init()
    app = App(Settings(window_size=SIZES[1], animation_speed=3.0), save=False)
    yield app
    pygame.quit()
    if old is None:
        os.environ.pop("LINGNAN_HOME", None)
    else:
        os.environ["LINGNAN_HOME"] = old


@pytest.fixture
def sized(layout_app, request, monkeypatch):
    monkeypatch.setattr("game.net.discovery.Browser.start", lambda self: False)
    monkeypatch.setattr("game.net.server.NetHost._announce", lambda self: None)
    app = layout_app
    size, lang = request.param
    app.screen = pygame.display.set_mode(size)
    app.settings.window_size = size
    if app.settings.language != lang:
        app.set_language(lang)
    yield app
    while app.scenes:
        scene = app.scenes.pop()
        table = getattr(scene, "table", None)
        leave = getattr(table, "leave", None)
        if getattr(table, "remote", False) and leave is not None:
            leave()
        scene.exit()


SHOTS = os.environ.get("LAYOUT_SHOTS")  # a folder: each scene's frame is saved there, to look at


# every scene at one size, then at the next: the art made for a window size is reused before the next size's
@pytest.mark.parametrize("scene_name", SCENES)
@pytest.mark.parametrize("sized", CASES, indirect=True,
                         ids=lambda case: f"{case[0][0]}x{case[0][1]}" + ("" if case[1] == "zh_CN" else f"-{case[1]}"))
def test_nothing_overlaps(sized, scene_name):
    app = sized
    build(app, scene_name)
    for _ in range(2):  # the first frame lays the scene out, the second draws it as it stays
        app.step(DT)
    scene = app.scene
    size = app.screen.get_size()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        lang = "" if app.settings.language == "zh_CN" else f"-{app.settings.language}"
        pygame.image.save(app.screen, str(Path(SHOTS) / f"{scene_name}-{size[0]}x{size[1]}{lang}.png"))
    elems = elements(app, scene)
    assert {"control", "text"} <= {e[0] for e in elems}, "the scene recorded no controls or no text: nothing checked"
    found = problems(elems, size)
    assert not found, f"{scene_name} at {size[0]}×{size[1]} in {app.settings.language}:\n" + "\n".join(found[:30])


TABLES = [f"table-{vid}" for vid in AVAILABLE] + ["counter-beihai", "claim-nanning", "claim-guiliu", "settlement",
                                                   "marks-hainan", "flowers-hainan"]
BIG = [((960, 540), "large"), ((1920, 1080), "large"), ((2560, 1440), "large")]


@pytest.mark.parametrize("scene_name", TABLES)
@pytest.mark.parametrize("big", BIG, ids=lambda case: f"{case[0][0]}x{case[0][1]}-{case[1]}")
def test_the_table_with_large_tiles(layout_app, monkeypatch, big, scene_name):
    """Tiles grow with the large-tile setting, and nothing overlaps there either."""
    app = layout_app
    size, tiles = big
    monkeypatch.setattr(app.settings, "tile_size", tiles)
    app.screen = pygame.display.set_mode(size)
    app.settings.window_size = size
    if app.settings.language != "zh_CN":
        app.set_language("zh_CN")
    try:
        build(app, scene_name)
        for _ in range(2):
            app.step(DT)
        scene = app.scene
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(Path(SHOTS) / f"{scene_name}-{size[0]}x{size[1]}-{tiles}.png"))
        found = problems(elements(app, scene), size)
        assert not found, f"{scene_name} at {size[0]}×{size[1]}, {tiles} tiles:\n" + "\n".join(found[:30])
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def test_tiles_grow_with_the_window_to_4k():
    from game.ui.layout import Layout

    widths = [Layout(w, h).tw for w, h in SIZES]
    assert widths == sorted(widths) and len(set(widths)) == len(widths), widths  # every step up is bigger
    assert Layout(3840, 2160).tw >= 2 * Layout(1280, 720).tw - 2


def test_the_rules_catch_what_they_should():
    """The checks themselves, on made-up rectangles: each kind of fault is found, and what is allowed passes."""
    button = ("control", pygame.Rect(100, 100, 80, 30), "OK", 0)
    box = ("panel", pygame.Rect(50, 50, 300, 200), "", 0)
    fine = [box, button, ("text", pygame.Rect(110, 105, 40, 14), "OK", 16),  # a label on its button, in its panel
            ("text", pygame.Rect(60, 60, 100, 14), "Title", 18), ("area", pygame.Rect(400, 300, 200, 60), "hand", 0)]
    assert problems(fine, (1280, 720)) == []
    faults = {"overlap": ("text", pygame.Rect(170, 105, 40, 14), "sticks out of the button", 16),
              "across a panel's edge": ("control", pygame.Rect(320, 60, 60, 20), "half out", 0),
              "outside the window": ("text", pygame.Rect(1250, 700, 60, 30), "off the edge", 16),
              "text of 11 px": ("text", pygame.Rect(600, 30, 40, 10), "small", 11)}
    for words, fault in faults.items():
        found = problems([*fine, fault], (1280, 720))
        assert found and all(words in f for f in found), (words, found)
    assert problems(fine, (2560, 1440)) == ["text of 16 px (at least 24): text 'OK' (110, 105, 40, 14)",
                                            "text of 18 px (at least 24): text 'Title' (60, 60, 100, 14)"]
