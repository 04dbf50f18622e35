"""`python -m game`: the demo's closing JSON line, `--continue` after a real kill, and LINGNAN_HOME (DESIGN.md §4)."""

from __future__ import annotations

import json
import math
import os
import signal
import struct
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from game.__main__ import main
from game.host import Host, SeatConfig

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["阿强", "小梅", "老黄", "阿芳"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """LINGNAN_HOME in a throwaway folder, and a throwaway HOME too: nothing may land in the real one."""
    fake_home = tmp_path / "user"
    fake_home.mkdir()
    monkeypatch.setenv("HOME", str(fake_home))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DOCUMENTS_DIR"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path / "home"


def game(*args: str) -> list[str]:
    return [sys.executable, "-m", "game", *args]


def run(cmd: list[str], home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "LINGNAN_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def closing_line(proc: subprocess.CompletedProcess) -> dict:
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, f"autoplay must print exactly one line on stdout, got {proc.stdout!r}"
    return json.loads(lines[0])


def headless_totals(variant: str, seed: int, rounds: int, players: int) -> list[int]:
    """The same game played by the host alone, without the window: the demo's seats, the same bots."""
    table = Host(variant, {}, [SeatConfig(NAMES[i], human=False, level="normal", avatar=i + 1)
                               for i in range(players)], seed=seed, rounds=rounds)
    table.start_round()
    while True:
        while table.phase in ("setup", "play"):
            table.step_bot()
        if not table.next_round():
            return table.totals()


def test_autoplay_ends_with_one_json_line_of_the_games_result(home):
    proc = run(game("--autoplay", "--variant", "beihai", "--players", "3", "--seed", "4", "--rounds", "2",
                    "--fast"), home)
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = closing_line(proc)
    assert list(line) == ["ok", "rounds", "totals", "resumed_from"]
    assert line["ok"] is True and line["rounds"] == 2 and line["resumed_from"] is None
    assert line["totals"] == headless_totals("beihai", 4, 2, 3)  # the UI played exactly the host's game
    assert not (home / "data" / "autosave.json").exists()  # without --autosave the demo leaves no save


def test_continue_without_a_save_exits_2_with_a_message(home, capsys):
    assert main(["--autoplay", "--continue", "--fast"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "nothing to continue" in err and "no saved game" in err
    assert main(["--continue"]) == 2  # the player's --continue (no demo) says the same


def test_continue_with_a_corrupt_save_exits_2_and_keeps_every_corrupt_save_aside(home, capsys):
    save = home / "data" / "autosave.json"
    save.parent.mkdir(parents=True)
    contents = ['{"format": "lingnan-mahjong-save", "version": 2, "rounds": "x"', "not json at all"]
    for content in contents:  # twice within the same second: the second must not overwrite the first
        save.write_text(content, encoding="utf-8")
        assert main(["--autoplay", "--continue"]) == 2
        err = capsys.readouterr().err
        assert "nothing to continue" in err and "kept as autosave.unreadable-" in err
        assert not save.exists()
    kept = sorted(p.read_text(encoding="utf-8") for p in save.parent.glob("autosave.unreadable-*.json"))
    assert kept == sorted(contents)


def test_a_save_edited_into_nonsense_is_refused_before_the_game_opens(home, capsys):
    from game import saves

    table = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=5, rounds=2)
    table.start_round()
    for _ in range(10):
        table.step_bot()
    for key, value in (("rounds", "x"), ("rounds", True), ("start_coins", [1]), ("seed", 1.5)):
        data = saves.to_json(table)
        data[key] = value
        saves.autosave_path().write_text(json.dumps(data), encoding="utf-8")
        assert main(["--autoplay", "--continue", "--fast"]) == 2, (key, value)
        assert "could not be resumed" in capsys.readouterr().err


def watch_and_kill(proc: subprocess.Popen, save: Path, finished: int, actions: int) -> dict:
    """SIGKILL the game once its save holds `finished` closed rounds and `actions` of the next; the save then."""
    deadline = time.time() + 240
    try:
        while time.time() < deadline and proc.poll() is None:
            try:
                data = json.loads(save.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = None  # not written yet (an atomic rename: never half a file)
            if data and (len(data["finished_rounds"]), len(data["current_round"] or [])) >= (finished, actions):
                proc.send_signal(signal.SIGKILL)
                break
            time.sleep(0.002)
    finally:
        if proc.poll() is None and time.time() >= deadline:
            proc.kill()
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the game ended before it could be killed"
    return json.loads(save.read_text(encoding="utf-8"))


def test_continue_resumes_a_game_killed_mid_round_and_ends_like_the_uninterrupted_one(tmp_path):
    args = ("--autoplay", "--autosave", "--fast", "--variant", "nanning", "--seed", "9", "--rounds", "2")
    whole = run(game(*args), tmp_path / "whole")
    assert whole.returncode == 0, whole.stderr[-2000:]
    reference = closing_line(whole)
    assert reference["ok"] and reference["resumed_from"] is None
    assert not (tmp_path / "whole" / "data" / "autosave.json").exists()  # a finished game leaves no save

    killed = tmp_path / "killed"
    env = {**os.environ, "LINGNAN_HOME": str(killed), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(game(*args), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    save = watch_and_kill(proc, killed / "data" / "autosave.json", finished=1, actions=6)
    assert save["phase"] == "play" and len(save["finished_rounds"]) == 1 and save["current_round"]

    resumed = run(game("--autoplay", "--continue", "--fast"), killed)  # variant, seed and rounds: the save's
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    line = closing_line(resumed)
    assert line["ok"] is True and line["rounds"] == 2
    assert line["resumed_from"] == {"round": 2, "actions": len(save["current_round"])}
    assert line["totals"] == reference["totals"]
    assert not (killed / "data" / "autosave.json").exists()  # played to its end: nothing left to continue
    again = run(game("--autoplay", "--continue", "--fast"), killed)
    assert again.returncode == 2 and "nothing to continue" in again.stderr and again.stdout == ""


def test_continue_without_autoplay_opens_the_saved_game_at_the_table(home, monkeypatch):
    from game import saves
    from game.ui import app as app_module
    from game.ui.table.scene import TableScene

    table = Host("nanning", {}, [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(3)],
                 seed=12, rounds=2)
    table.start_round()
    table.run_bots()
    saves.save(table)
    seen = {}

    def one_frame(self):  # the window opens, draws one frame and is closed
        self.step(1 / 60)
        seen["scene"] = self.scene
        self.on_close()
        return self.exit_code

    monkeypatch.setattr(app_module.App, "run", one_frame)
    assert main(["--continue"]) == 0
    scene = seen["scene"]
    assert isinstance(scene, TableScene) and scene.table.seats[0].human
    assert scene.table.current_actions == table.current_actions
    assert json.loads(saves.autosave_path().read_text(encoding="utf-8"))["current_round"] == table.current_actions


def test_autoplay_continue_plays_a_players_saved_game_to_its_end_with_his_seat_in_autoplay(home, capsys):
    from game import saves

    table = Host("beihai", {}, [SeatConfig("You", human=True)] + [SeatConfig(f"AI {i}") for i in range(2)],
                 seed=21, rounds=1)
    table.start_round()
    table.run_bots()  # up to the player's first decision
    saves.save(table)
    assert main(["--autoplay", "--continue", "--fast"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["ok"] is True and line["rounds"] == 1 and len(line["totals"]) == 3
    assert line["resumed_from"] == {"round": 1, "actions": len(table.current_actions)}
    # every move before the save was a bot's, and the player's seat is now played by his stand-in, seeded like any
    # AI seat: the game is the all-AI game of the same seed
    assert line["totals"] == headless_totals("beihai", 21, 1, 3)
    assert not saves.autosave_path().exists()


def tone(path: Path) -> None:
    """Half a second of a 440 Hz tone between short silences: a recording the voice import accepts."""
    rate = 22050
    frames = [0] * (rate // 10) + [int(12000 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(rate // 2)]
    frames += [0] * (rate // 10)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(struct.pack(f"<{len(frames)}h", *frames))


def test_lingnan_home_holds_every_user_file(home, tmp_path, capsys):
    from game import replays, saves
    from game.settings import Settings, save_settings, settings_path

    # a corrupt settings file is set aside under a new name, with a warning, and the defaults are used
    settings_path().write_text("{broken", encoding="utf-8")
    assert main(["--autoplay", "--continue"]) == 2  # (there is no save yet)
    assert "settings file was unreadable" in capsys.readouterr().err
    save_settings(Settings(language="en"))
    table = Host("nanning", {}, [SeatConfig(f"P{i}") for i in range(4)], seed=3, rounds=1)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    saves.save(table)
    replay = replays.read(replays.write(table.round_replay()))
    exported = replays.export(replay)  # the default folder: the documents folder, here LINGNAN_HOME/exports
    recordings = tmp_path / "recordings"
    recordings.mkdir()
    tone(recordings / "pong.wav")
    assert main(["--import-voices", str(recordings), "--dialect", "nanning", "--speaker", "tester"]) == 0

    files = {p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file()}
    assert {"config/settings.json", "data/autosave.json"} <= files
    assert any(f.startswith("config/settings.corrupt-") for f in files)
    assert any(f.startswith("data/replays/") and f.endswith(".jsonl") for f in files)
    assert any(f.startswith("data/voices/nanning/tester/pong.") for f in files)
    assert exported.parent == home / "exports"
    assert exported.read_text(encoding="utf-8") == replay.path.read_text(encoding="utf-8")
    leaked = [p for p in (tmp_path / "user").rglob("*") if p.is_file()]
    assert leaked == [], f"user files outside LINGNAN_HOME: {leaked}"
