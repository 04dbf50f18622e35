"""Speakers by name: the table's speaker menu and Settings list the dialect's speakers for each seat; a click gives
the seat that voice (kept in the settings per seat and dialect) and plays a short line in it (#27 item 6).

Driven as a player would: pygame events posted to the real app (SDL's dummy video and audio drivers)."""

from __future__ import annotations

import pygame
import pytest

from game.audio.voices import SPEAKER_LABELS, speaker_label
from game.host import Host, SeatConfig
from game.settings import Settings, _speakers
from game.ui.scenes.settings import SettingsScene
from game.ui.table.commands import ChooseSpeaker, SetDialect, SetVolume, ToggleSpeaker
from game.ui.table.scene import TableScene
from tests.ui import test_layout

DT = 1 / 30
SHIPPED = list(SPEAKER_LABELS)  # male_a, female_a, male_b, female_b: in every shipped dialect


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def table_with_menu(app) -> TableScene:
    seats = [SeatConfig("You", human=True), SeatConfig("阿强"), SeatConfig("小梅"), SeatConfig("老黄")]
    scene = TableScene(app, Host("nanning", {}, seats, seed=4, rounds=1), autosave=False)
    app.push(scene)
    for _ in range(3):
        app.step(DT)
    click(app, scene.hits.find(ToggleSpeaker()).center)
    app.step(DT)
    assert scene.speaker_menu and scene.controls.menu_box is not None
    return scene


def texts_in(app, scene, box) -> set[str]:
    return {b.label for b in app.drawn.boxes if b.scene is scene and b.kind == "text" and box.contains(b.rect)}


def test_the_table_menu_lists_every_seats_speakers_by_name_and_a_click_plays_that_voice(app):
    scene = table_with_menu(app)
    box = scene.controls.menu_box
    offered = {(c.seat, c.speaker) for c in scene.hits.commands(ChooseSpeaker)}
    assert offered == {(seat, s) for seat in range(4) for s in SHIPPED}
    shown = texts_in(app, scene, box)
    assert {speaker_label(s, app.t) for s in SHIPPED} <= shown  # by name, in the player's language
    assert "男声·沉稳" in shown and {"You", "阿强", "小梅", "老黄"} <= shown
    assert app.audio.enabled  # the dummy driver plays into nothing: the sample must not fail there
    said = len(app.audio.voices.history)
    before = app.audio.speaker_for(1)
    pick = next(s for s in SHIPPED if s != before)
    click(app, scene.hits.find(ChooseSpeaker(1, pick)).center)
    assert app.settings.speakers == {"nanning": {"1": pick}}
    assert app.audio.speaker_for(1) == pick
    line = app.audio.voices.history[-1]
    assert len(app.audio.voices.history) == said + 1
    assert (line["speaker"], line["dialect"], line["seat"], line["tag"]) == (pick, "nanning", 1, "sample")
    assert f"nanning/{pick}/" in line["path"].as_posix()  # that speaker's own clip, no other's
    assert scene.speaker_menu  # the menu stays open for the next choice
    app.step(DT)
    between = (box.x + 2, box.y + 2)  # inside the menu, on no chip: it stays open
    assert scene.hits.at(between, ChooseSpeaker) is None
    click(app, between)
    assert scene.speaker_menu
    click(app, (box.x - 20, 20))  # outside: it closes
    assert not scene.speaker_menu


def test_a_seats_speaker_is_kept_per_dialect_and_heard_at_the_next_table(app, tmp_path):
    from game.audio import Audio
    from game.settings import load_settings, save_settings

    scene = table_with_menu(app)
    click(app, scene.hits.find(ChooseSpeaker(0, "female_b")).center)
    click(app, scene.hits.find(SetDialect("baise")).center)
    app.step(DT)
    click(app, scene.hits.find(ChooseSpeaker(0, "male_b")).center)
    assert app.settings.speakers == {"nanning": {"0": "female_b"}, "baise": {"0": "male_b"}}
    # the settings file keeps it; the next game's audio says seat 0's lines in that voice
    save_settings(app.settings, tmp_path / "settings.json")
    kept, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and kept.speakers == app.settings.speakers
    audio = Audio.create(kept)
    try:
        assert audio.speaker_for(0, "nanning") == "female_b" and audio.speaker_for(0, "baise") == "male_b"
        audio.set_dialect("baise")
        assert audio.voices.on_event({"type": "discard", "actor": 0, "tile": "1m", "tsumogiri": False}, 4, 0)
        assert audio.voices.history[-1]["speaker"] == "male_b"
    finally:
        audio.close()


def test_the_settings_screen_lists_the_speakers_and_sets_the_chosen_seats(app):
    scene = SettingsScene(app)
    app.push(scene)
    app.step(DT)
    labels = {h.label for h in scene.clicks.hits}
    assert {speaker_label(s, app.t) for s in SHIPPED} <= labels
    click(app, scene.clicks.find(app.t("Seat {n}").format(n=3)).rect.center)
    assert scene.seat == 2
    said = len(app.audio.voices.history)
    click(app, scene.clicks.find(speaker_label("male_b", app.t)).rect.center)
    assert app.settings.speakers == {"nanning": {"2": "male_b"}}
    assert len(app.audio.voices.history) == said + 1 and app.audio.voices.history[-1]["speaker"] == "male_b"
    app.step(DT)
    on = [h for h in scene.clicks.hits if h.label == speaker_label("male_b", app.t)]
    assert on and app.audio.speaker_for(2) == "male_b"
    click(app, scene.clicks.find(app.t("静音")).rect.center)  # muted: no speaker to choose, and it says why
    app.step(DT)
    assert not {speaker_label(s, app.t) for s in SHIPPED} & {h.label for h in scene.clicks.hits}
    assert any(b.label == app.t("Choose a dialect to hear its speakers.") for b in app.drawn.boxes)


def test_without_a_sound_device_the_sample_is_silent_and_the_choice_still_kept(app):
    app.audio.mixer.disable("test: no device")
    scene = table_with_menu(app)
    click(app, scene.hits.find(ChooseSpeaker(3, "male_a")).center)
    assert app.settings.speakers == {"nanning": {"3": "male_a"}}
    assert app.audio.sample("nanning", "male_a", 3) is False  # quietly: nothing raised, nothing said
    assert not [h for h in app.audio.voices.history if h["tag"] == "sample"]


def test_a_choice_that_is_no_longer_a_pack_falls_back_and_bad_settings_are_dropped():
    assert _speakers({"nanning": {"0": "male_b", "7": "x", "1": 5}, "klingon": {"0": "a"}, "baise": "no"}) == \
        {"nanning": {"0": "male_b"}}
    from game.audio.mixer import Mixer
    from game.audio.packs import VoicePacks
    from game.audio.voices import Voices

    settings = Settings(speakers={"nanning": {"0": "gone_pack"}})
    voices = Voices(Mixer(init=False), VoicePacks(), settings)
    assert voices.speaker_for(0) in voices.speakers() and voices.speaker_for(0) != "gone_pack"
    assert voices.choose_speaker(0, "gone_pack") is False and voices.choose_speaker(9, "male_a") is False
    assert voices.speakers()[:4] == SHIPPED  # a man, a woman, a man, a woman, as the seats take them


@pytest.mark.parametrize("size", [(960, 540), (2560, 1440)])
@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_the_menu_fits_at_any_size_in_either_language(app, size, lang):
    """What the menu draws lies in it and in the window, apart, at no less than the readable size."""
    app.screen = pygame.display.set_mode(size)
    app.settings.window_size = size
    app.set_language(lang)
    scene = table_with_menu(app)
    box = scene.controls.menu_box
    assert pygame.Rect(0, 0, *size).contains(box)
    menu = [("control", pygame.Rect(r), repr(c), 0) for r, c in scene.hits.areas
            if isinstance(c, (ChooseSpeaker, SetDialect, SetVolume))]
    start = max(i for i, b in enumerate(app.drawn.boxes) if b.scene is scene and b.kind == "panel" and b.rect == box)
    for b in app.drawn.boxes[start + 1:]:
        if b.scene is scene and b.kind == "text" and (r := test_layout.ink(b)) is not None:
            menu.append(("text", r, b.label, b.size))
    assert len(menu) > 20 and all(box.contains(e[1]) for e in menu)
    assert not test_layout.problems([("panel", box, "", 0), *menu], size)
