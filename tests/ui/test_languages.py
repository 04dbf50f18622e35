"""Every scene in every language shows only text that came through the catalogues.

Each scene is drawn under the dummy driver in zh_CN, en and zh_TW while every string the fonts render is recorded,
and every string the catalogues gave out (app.t) too. A rendered string passes when, with the catalogues' words,
the players' names and the rule set's data taken out, nothing is left but digits, signs and spacing: a word of any
script left over was written into the code instead of the catalogues (the 南宁话 / 静音 / 庄 leaks of zh_TW, an
English "Space" in Chinese). In zh_TW nothing may show a character simplified Chinese has alone."""

from __future__ import annotations

import re

import pygame
import pytest

from game.host import Host, SeatConfig
from game.ui.app import App

LANGS = ("zh_CN", "en", "zh_TW")
# characters simplified Chinese writes differently from traditional (those the game's texts would use)
SIMPLIFIED_ONLY = set("开东买华宁宝对将广庄币带张戏抢捞数无杠汉灯点烂规连门闲顶风马鸡铳结罗莲红脚码补话过听静游则双"
                      "万条发兰胜负计记设选项级难简择岭")
WORD = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")


class Recorder:
    def __init__(self, app: App):
        self.app = app
        self.shown: list[str] = []
        self.given: set[str] = set()
        render = app.fonts.render
        tr = app.tr

        def recording_render(text, *args, **kw):
            self.shown.append(str(text))
            return render(text, *args, **kw)

        class Tr:
            def gettext(_, msgid):
                out = tr.gettext(msgid)
                self.given.add(out)
                return out

        app.fonts.render = recording_render  # type: ignore[method-assign]
        app.tr = Tr()  # type: ignore[assignment]

    def leftovers(self, allowed: set[str], composed: list[str] = ()) -> list[tuple[str, str]]:
        """The rendered strings with words no catalogue gave (each with what is left of it). `composed`: whole lines
        a scene wraps before drawing (the settlement's): checked whole, their wrapped pieces not on their own."""
        words = sorted(self.given | allowed, key=len, reverse=True)
        filled = [w for w in self.given if "{" in w and re.sub(r"\{[^}]*\}", "", w).strip()]
        filled.sort(key=lambda w: len(re.sub(r"\{[^}]*\}", "", w)), reverse=True)  # the most words first
        # the literal parts, with what fills the fields between them (fields at either end are left to the words)
        templates = [re.compile(".+?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", w) if part))
                     for w in filled]
        given = list(self.given)
        bad = []
        shown = set(self.shown)
        for s in set(shown):
            piece = s.strip().removesuffix("…")  # a line cut to fit shows its start
            if any(piece in line for line in composed):
                shown.discard(s)
        for s in shown | set(composed):
            piece = s.strip()
            if piece in allowed or any(piece in g for g in given):
                continue  # data, a translation, or a line of one wrapped (or measured while wrapping)
            rest = s
            for rx in templates:  # a translation with its {fields} filled in
                rest = rx.sub(" ", rest)
            for w in words:
                if w and w in rest:
                    rest = rest.replace(w, " ")
            if WORD.search(rest):
                bad.append((s, rest.strip()))
        return bad


def allowed_data(app, table=None) -> set[str]:
    """What the game shows that is nobody's text to translate: names the players chose, the game's own title."""
    out = {"岭南麻将", "Lingnan Mahjong", "Noto Sans", "English", "简体中文", "繁體中文"}
    if table is not None:
        out |= {s.name for s in table.seats}
    return out


def scenes(app: App):
    """(name, scene, table or None) for each scene worth checking, built as a player reaches it."""
    from game.ui.scenes.lan import LanScene
    from game.ui.scenes.lan_join import JoinScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.scenes.title import TitleScene
    from game.variants import AVAILABLE

    yield "title", TitleScene(app), None
    yield "lan", LanScene(app), None
    yield "join", JoinScene(app), None
    yield "settings", SettingsScene(app), None
    yield "stats", StatsScene(app), None
    for mode in ("ai", "hotseat", "lan"):
        for vid in AVAILABLE:
            ng = NewGameScene(app, mode)
            ng.choose_variant(vid)
            yield f"newgame-{mode}-{vid}", ng, None
    for vid in AVAILABLE:
        yield f"rules-{vid}", RulesScene(app, vid), None


@pytest.mark.parametrize("lang", LANGS)
def test_every_menu_scene_shows_only_catalogued_text(lang, tmp_path, monkeypatch):
    from game.settings import Settings

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    monkeypatch.setattr("game.net.discovery.Browser.start", lambda self: False)
    pygame.init()
    try:
        app = App(Settings(language=lang, window_size=(1280, 720)), save=False)
        problems = []
        for name, scene, table in scenes(app):
            rec = Recorder(app)
            app.push(scene)
            app.step(1 / 30)
            app.step(1 / 30)
            problems += [(name, s, rest) for s, rest in rec.leftovers(allowed_data(app, table))]
            if lang == "zh_TW":
                problems += [(name, s, "simplified") for s in set(rec.shown)
                             if set(s) & SIMPLIFIED_ONLY and s not in allowed_data(app, table)]  # 简体中文: its own name
            app.pop() if len(app.scenes) > 1 else None
        assert not problems, "\n".join(f"{n}: {s!r} -> {r!r}" for n, s, r in problems[:40])
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["nanning", "beihai", "hainan"])
def test_the_table_and_its_settlement_show_only_catalogued_text(lang, variant, tmp_path, monkeypatch):
    from game.settings import Settings
    from game.ui.scenes.settlement import SettlementScene
    from game.ui.table.scene import TableScene
    from game.ui.table.commands import ToggleAutoplay
    from game.ui.scenes.title import TitleScene

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    pygame.init()
    try:
        app = App(Settings(language=lang, window_size=(1280, 720), animation_speed=3.0), save=False)
        seats = [SeatConfig("Lin", human=True)] + [SeatConfig(f"Bot{i}", level="easy") for i in range(1, 4)]
        table = Host(variant, {}, seats, seed=5, rounds=1)
        app.push(TitleScene(app))
        rec = Recorder(app)
        scene = TableScene(app, table, autosave=False)
        app.replace(scene)
        scene.run(ToggleAutoplay())
        scene.show_counter = True
        scene.phrase_menu = True
        for _ in range(20000):
            app.step(1 / 30)
            if isinstance(app.scene, SettlementScene):
                break
        assert isinstance(app.scene, SettlementScene)
        for _ in range(3):
            app.step(1 / 30)
        settlement = app.scene
        composed = (settlement.words.score_lines() + [label for label, _ in settlement.words.score_rows()]
                    + [settlement.words.win_caption(w) for w in settlement.ts.model.wins])  # checked whole, cut or not
        problems = rec.leftovers(allowed_data(app, table), composed=composed)
        if lang == "zh_TW":
            problems += [(s, "simplified") for s in set(rec.shown) if set(s) & SIMPLIFIED_ONLY]
        assert not problems, "\n".join(f"{s!r} -> {r!r}" for s, r in problems[:40])
    finally:
        pygame.quit()
