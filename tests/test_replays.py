"""Replays: a kept round plays back to exactly its settlement; foreign, corrupt and tampered files are refused."""

from __future__ import annotations

import json

import pytest

from game import replays
from game.host import Host, SeatConfig


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))


def finished_rounds(variant: str, raw: dict, rounds: int, seed: int = 4):
    table = Host(variant, raw, [SeatConfig(f"P{i}") for i in range(4)], seed=seed, rounds=rounds)
    for _ in range(rounds):
        table.start_round()
        while not table.round.finished:
            table.step_bot()
        yield table
        table.finish_round()


@pytest.mark.parametrize("variant,raw", [("nanning", {}), ("beihai", {"ghost": "flip_next", "horses": 4})])
def test_every_kept_round_replays_to_its_settlement(variant, raw):
    for table in finished_rounds(variant, raw, 4):
        path = replays.write(table.round_replay())
        rnd, events = replays.read(path).rebuild()
        assert rnd.deltas() == table.round.deltas()
        assert events[-1] == table.events_for(None)[-1]  # the same end_round, hands and all
    assert len(replays.listing()) == 4


def test_foreign_corrupt_and_tampered_files_are_refused_with_a_reason(tmp_path):
    table = next(finished_rounds("nanning", {}, 1))
    good = replays.write(table.round_replay())
    lines = good.read_text(encoding="utf-8").splitlines()
    cases = {
        "empty.jsonl": "",
        "garbage.jsonl": "{{{",
        "foreign.jsonl": json.dumps({"format": "chess-pgn"}) + "\n",
        "future.jsonl": json.dumps({**json.loads(lines[0]), "version": 9}) + "\n",
        "cut.jsonl": "\n".join(lines[:len(lines) // 2]) + "\n",  # stops mid-round
        "tampered.jsonl": "\n".join([lines[0], *lines[1:-1], json.dumps({"seat": 9, "type": "discard"})]) + "\n",
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        with pytest.raises(replays.ReplayError) as err:
            replays.read(path)
        assert str(err.value), name
    # a recorded result that the actions do not reproduce is refused too
    header = json.loads(lines[0])
    header["result"]["deltas"] = [d + 1 for d in header["result"]["deltas"]]
    lied = tmp_path / "lied.jsonl"
    lied.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(replays.ReplayError, match="settlement differs"):
        replays.read(lied)


def test_export_copies_the_file_where_a_player_finds_it(tmp_path):
    table = next(finished_rounds("nanning", {}, 1))
    rep = replays.read(replays.write(table.round_replay()))
    target = replays.export(rep, tmp_path / "out")
    assert target.read_text(encoding="utf-8") == rep.path.read_text(encoding="utf-8")


def test_export_by_default_goes_under_lingnan_home_like_every_user_file(tmp_path):
    table = next(finished_rounds("nanning", {}, 1))
    rep = replays.read(replays.write(table.round_replay()))
    target = replays.export(rep)
    assert target == tmp_path / "exports" / rep.path.name
    assert replays.read(target).header == rep.header  # the copy is a replay that plays back


def test_a_version_1_replay_is_refused_because_its_seed_no_longer_deals_its_wall():
    # version 1 was written before the portable shuffle: the same seed now deals another wall, so its actions won't fit
    table = next(finished_rounds("nanning", {}, 1))
    good = replays.write(table.round_replay())
    lines = good.read_text(encoding="utf-8").splitlines()
    old = good.with_name("old.jsonl")
    old.write_text("\n".join([json.dumps({**json.loads(lines[0]), "version": 1}), *lines[1:]]) + "\n",
                   encoding="utf-8")
    message = "recorded by an earlier version of the game whose shuffle this version no longer deals"
    with pytest.raises(replays.ReplayError, match=message) as err:
        replays.read(old)
    assert "old.jsonl" in str(err.value) and "cannot be played back" in str(err.value)
    # the list still shows it (its result still counts in the statistics); opening it gives the same reason
    listed = {rep.path.name: rep for rep in replays.listing()}
    assert set(listed) == {good.name, "old.jsonl"}
    with pytest.raises(replays.ReplayError, match=message):
        listed["old.jsonl"].rebuild()
    listed[good.name].rebuild()


def test_a_replays_title_names_its_rule_set_in_the_players_language(tmp_path):
    """Issue #27: the replay list and bar showed the rule set's simplified Chinese name in English and 繁體."""
    import subprocess
    import sys

    from game.i18n import locale_dir, translator

    if not (locale_dir() / "en" / "LC_MESSAGES" / "lingnan.mo").exists():
        subprocess.run([sys.executable, "tools/i18n.py", "compile"], check=True)
    table = next(finished_rounds("guangdong", {}, 1))
    replay = replays.read(replays.write(table.round_replay()))
    assert "广东" in replay.title_in(translator("zh_CN").gettext)
    english = replay.title_in(translator("en").gettext)
    assert "Guangdong" in english  # (with the Chinese name beside it, as the game glosses names in English)
    assert "廣東" in replay.title_in(translator("zh_TW").gettext)
    replay.header["variant"] = "somewhere_else"  # a rule set this version lacks: the name it was saved with
    assert replay.header["variant_name"] in replay.title_in(translator("en").gettext)


def test_a_replay_missing_its_optional_header_fields_still_opens():
    """Issue #29 item 2: where a default is safe (names, humans, when it was saved, the result, the profiles), a
    replay without them still lists, titles, rebuilds and plays; it simply counts for nobody's statistics."""
    import json

    from game import stats
    from game.ui.table.replay_source import ReplayTable

    table = next(finished_rounds("nanning", {}, 1))
    path = replays.write(table.round_replay())
    head, *rest = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(head)
    for key in ("names", "humans", "saved_at", "variant_name", "result", "profiles"):
        header.pop(key, None)
    path.write_text("\n".join([json.dumps(header), *rest]) + "\n", encoding="utf-8")
    replay = replays.read(path)
    assert "#1" in replay.title and len(replays.listing()) == 1
    watched = ReplayTable(replay)
    assert [s.name for s in watched.seats] == ["1", "2", "3", "4"] and watched.events[-1]["type"] == "end_round"
    assert stats.profiles() == []
