"""A settings file loses nothing (issue #29 item 2): every valid value is kept, only a bad one goes back to its
default, reported once; the original file is kept aside, never overwritten; a file that is not JSON at all is set
aside whole."""

from __future__ import annotations

import json

from game.settings import FIELD_CHECKS, Settings, load_settings, save_settings


def test_one_bad_value_costs_only_itself(tmp_path):
    path = tmp_path / "settings.json"
    mine = {"language": "en", "dialect": "baise", "voice_volume": "loud", "window_size": [1600, 900],
            "claim_timer": 15, "profiles": {"ab12": "阿强"}, "last_setup": {"variant": "hainan"}}
    path.write_text(json.dumps(mine, ensure_ascii=False), encoding="utf-8")
    settings, message = load_settings(path)
    assert (settings.language, settings.dialect, settings.window_size, settings.claim_timer) == \
        ("en", "baise", (1600, 900), 15)
    assert settings.profiles == {"ab12": "阿强"} and settings.last_setup == {"variant": "hainan"}
    assert settings.voice_volume == Settings().voice_volume  # the bad one, back to its default
    assert "voice_volume" in message and '"loud"' in message and "every other setting kept" in message
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.original-")]
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8")) == mine  # the original, whole
    assert json.loads(path.read_text(encoding="utf-8")) == mine  # reading changed nothing in place
    save_settings(settings, path)  # the next save writes what was kept
    again, message = load_settings(path)
    assert message is None and again == settings


def test_every_field_refuses_what_it_cannot_be_and_keeps_what_it_can():
    bad = {"language": "fr", "dialect": 3, "voice_volume": True, "effects_volume": "x", "animation_speed": None,
           "window_size": [800], "fullscreen": "yes", "tile_size": "huge", "table_art": "mars", "claim_timer": 7,
           "turn_timer": "10", "expert_think": 5, "last_setup": [], "profiles": "me", "speakers": "male_a"}
    assert set(bad) == set(FIELD_CHECKS)  # every field has a check, and each refuses its bad value here
    for name, value in bad.items():
        try:
            FIELD_CHECKS[name](value)
        except (TypeError, ValueError):
            continue
        raise AssertionError(f"{name} took {value!r}")
    good = {name: getattr(Settings(), name) for name in FIELD_CHECKS}
    for name, value in good.items():
        FIELD_CHECKS[name](value)  # the defaults pass their own checks
    assert FIELD_CHECKS["voice_volume"](2) == 1.0 and FIELD_CHECKS["window_size"]([100, 100]) == (960, 540)


def test_several_bad_values_are_reported_once_and_a_broken_file_is_set_aside_whole(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "xx", "tile_size": "huge", "fullscreen": True}), encoding="utf-8")
    settings, message = load_settings(path)
    assert settings.fullscreen is True and message.count("back to the default") == 1
    assert "language" in message and "tile_size" in message
    path.write_text("{not json", encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings() and "unreadable" in message and not path.exists()
    assert any(p.name.startswith("settings.corrupt-") for p in tmp_path.iterdir())
