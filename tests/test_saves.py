"""Autosave and resume: a game is its table plus its actions; a crash or a corrupt file loses nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import saves
from game.host import Host, SeatConfig

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    return tmp_path


def play(table: Host, actions: int) -> None:
    if table.round is None:
        table.start_round()
    for _ in range(actions):
        if table.round.finished:
            table.finish_round()
            if table.game_over():
                return
            table.start_round()
        table.step_bot()


def snapshot(table: Host) -> dict:
    rnd = table.round
    return {"log": table.events_for(None), "totals": table.totals(), "coins": table.coins,
            "hands": [list(s.hand) for s in rnd.seats], "left": rnd.drawable(), "rounds": table.rounds_played}


@pytest.mark.parametrize("variant,raw", [("nanning", {}), ("beihai", {"ghost": "flip_next", "horses": 2})])
def test_a_restored_game_is_exactly_the_saved_position(variant, raw):
    seats = [SeatConfig(f"P{i}", human=i == 0) for i in range(4)]
    table = Host(variant, raw, seats, seed=77, rounds=8)
    table.autoplay.add(0)
    play(table, 230)  # across at least one round's end
    path = saves.save(table)
    restored, problem = saves.load(path)
    assert problem is None and restored is not None
    # the log of the current round (numbered as in the saved game) and everything scored so far match
    assert snapshot(restored) == snapshot(table) and len(restored.events) == len(table.events)
    assert restored.round_actions == table.round_actions  # the finished rounds, each action as saved
    assert restored.totals() == table.totals() and restored.coins == table.coins
    assert restored.rounds_played == table.rounds_played >= 1
    assert restored.round.version == table.round.version
    assert saves.to_json(restored)["current_round"] == saves.to_json(table)["current_round"]


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": "something-else"}),
                                     json.dumps({"format": saves.FORMAT, "version": 99}),
                                     json.dumps({"format": saves.FORMAT, "version": 1, "variant": "nanning",
                                                 "options": {}, "seed": 1, "rounds": 4,
                                                 "seats": [{"name": "a", "human": True, "level": "normal",
                                                            "avatar": 1}] * 4, "start_coins": None,
                                                 "finished_rounds": [], "current_round": [
                                                     {"seat": 3, "type": "discard", "tile": "1m"}]})])
def test_a_bad_save_is_set_aside_with_a_message_and_never_overwritten(home, content):
    path = saves.autosave_path()
    path.write_text(content, encoding="utf-8")
    table, problem = saves.load()
    assert table is None and problem and "kept as" in problem
    assert not path.exists()
    aside = [p for p in path.parent.iterdir() if p.name.startswith("autosave.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content


def test_killing_the_game_mid_round_loses_nothing(home):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LINGNAN_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-m", "game", "--autoplay", "--autosave", "--variant", "nanning",
                             "--seed", "3", "--rounds", "4"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = saves.autosave_path()
    deadline = time.time() + 120
    try:
        while time.time() < deadline:
            time.sleep(0.3)
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # atomic rename: a reader never sees half a file, but the file may not exist yet
            if data.get("current_round") and len(data["current_round"]) >= 12:
                break
        else:
            pytest.fail("the game never saved a round in progress")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    saved = json.loads(path.read_text(encoding="utf-8"))
    table, problem = saves.load()
    assert problem is None and table is not None
    assert table.round is not None and not table.round.finished
    assert table.current_actions == saved["current_round"]  # every action up to the kill replays
    assert sum(table.round.deltas()) == 0 or any(i.reason == "escape" for i in table.round.items)


def test_the_title_offers_continue_and_resumes_the_position(home):
    import pygame

    from game.settings import Settings
    from game.ui.app import App
    from game.ui.table.scene import TableScene
    from game.ui.scenes.title import TitleScene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    seats = [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(3)]
    table = Host("nanning", {}, seats, seed=12, rounds=4)
    play(table, 25)
    saves.save(table)
    pygame.init()
    app = App(Settings(), save=False)
    app.push(TitleScene(app))
    app.step(1 / 30)
    title = app.scene
    assert title.saved is not None
    title.clicks.hits[0].action()  # "Continue" is the first entry
    scene = app.scene
    assert isinstance(scene, TableScene)
    assert scene.table.current_actions == table.current_actions
    assert [list(s.hand) for s in scene.table.round.seats] == [list(s.hand) for s in table.round.seats]
    pygame.quit()


def test_a_game_closed_on_the_round_over_screen_keeps_that_round():
    """The window shut on the settlement: the round stays played (its result, its scores); Continue settles it
    and goes on to the next round, never re-dealing it."""
    table = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=9, rounds=4)
    table.start_round()
    table.run_bots()
    assert table.phase == "over"
    restored = saves.restore(saves.to_json(table))
    assert restored.phase == "over" and restored.round.result() == table.round.result()
    assert restored.next_round() and restored.rounds_played == 1
    assert restored.history[0].deltas == table.round.deltas() and restored.totals() == table.round.deltas()
    assert restored.session.round_no == 1 and restored.phase == "play"


def test_continue_on_a_round_over_save_opens_its_settlement(tmp_path):
    import pygame

    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.settlement import SettlementScene
    from game.ui.table.scene import TableScene

    table = Host("nanning", {}, [SeatConfig("You", human=True)] + [SeatConfig(f"P{i}") for i in range(3)], seed=9,
                 rounds=4)
    table.start_round()
    table.set_autoplay(0, True)
    table.run_bots()
    table.set_autoplay(0, False)
    restored = saves.restore(saves.to_json(table))
    pygame.init()
    try:
        app = App(Settings(), save=False)
        scene = TableScene(app, restored)
        app.push(scene)
        app.step(0.05)
        assert isinstance(app.scene, SettlementScene) and scene.model.finished
        assert scene.model.end["deltas"] == table.round.deltas()
        app.scene.next()
        assert restored.rounds_played == 1 and restored.phase == "play"
    finally:
        pygame.quit()


def test_a_save_missing_a_seats_optional_fields_still_resumes(tmp_path, monkeypatch):
    """Issue #29 item 2: where a default is safe (an AI level, a face, standing orders), a missing or odd value takes
    it; the game is not lost for it."""
    import json

    from game import saves
    from game.host import Host, SeatConfig

    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    table = Host("nanning", {}, [SeatConfig("Me", human=True)] + [SeatConfig(n, level="hard") for n in "BCD"],
                 seed=2, rounds=2)
    table.start_round()
    table.run_bots(limit=20)
    saves.save(table)
    data = json.loads(saves.autosave_path().read_text(encoding="utf-8"))
    for seat in data["seats"]:
        del seat["avatar"]
        seat["level"] = "grandmaster"  # a level this version does not have
        seat.pop("auto_win", None)
    saves.autosave_path().write_text(json.dumps(data), encoding="utf-8")
    back, problem = saves.load()
    assert problem is None and back is not None
    assert [s.avatar for s in back.seats] == [1, 2, 3, 4] and {s.level for s in back.seats} == {"normal"}
    assert back.current_actions == table.current_actions  # the position, whole
