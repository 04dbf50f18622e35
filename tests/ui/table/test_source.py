"""The table's written face (game/ui/table/source.py): the Host and the LAN seat both have it, and the table view
and the screens over it read nothing of a table beyond it."""

from __future__ import annotations

import ast
from pathlib import Path

from game.host import Host, SeatConfig
from game.net import remote_table
from game.net.remote_table import RemoteTable
from game.ui.table.source import LAN_MEMBERS, LESSON_MEMBERS, LOCAL_MEMBERS, REPLAY_MEMBERS, TableSource, members

GAME_UI = Path(__file__).resolve().parents[3] / "game" / "ui"
# the modules that show a table: the view's parts, and the screens handed the view (settlement, pause, replay)
VIEW_FILES = sorted((GAME_UI / "table").glob("*.py")) + [GAME_UI / "settlement_words.py"] + [
    GAME_UI / "scenes" / n for n in ("settlement.py", "standings.py", "pause.py", "replay.py", "lesson.py")]


def table_reads(path: Path) -> set[str]:
    """Attributes read of a table in this module: `<x>.table.NAME`, and `t.NAME` after `t = <x>.table`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # names a table is given in the module (`table = view.table`, `t = self.table`)
    local_names = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                   and isinstance(node.value, ast.Attribute) and node.value.attr == "table"
                   for target in node.targets if isinstance(target, ast.Name)}
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        inner = node.value
        if isinstance(inner, ast.Attribute) and inner.attr == "table" \
                or isinstance(inner, ast.Name) and inner.id in local_names:
            out.add(node.attr)
    return out


def test_the_host_has_the_face():
    host = Host("nanning", {}, [SeatConfig("A", human=True)] + [SeatConfig(n) for n in "BCD"], seed=1, rounds=1)
    assert isinstance(host, TableSource)
    missing = [m for m in members() | set(LOCAL_MEMBERS) if not hasattr(host, m)]
    assert missing == []


def test_a_lesson_has_the_face():
    from game.lessons import LessonHost, all_lessons

    table = LessonHost(all_lessons()[0])
    assert isinstance(table, TableSource)
    assert [m for m in members() | set(LOCAL_MEMBERS) | set(LESSON_MEMBERS) if not hasattr(table, m)] == []


def test_a_replay_has_the_face_and_takes_no_moves():
    import pytest

    from game import replays
    from game.host import Refused
    from game.ui.table.kinds import WatchedTable, kind_of
    from game.ui.table.replay_source import ReplayTable

    host = Host("guiliu", {}, [SeatConfig("A", human=True)] + [SeatConfig(n) for n in "BCD"], seed=3, rounds=1)
    host.autoplay.add(0)
    host.start_round()
    while not host.round.finished:
        host.step_bot()
    table = ReplayTable(replays.Replay(host.round_replay().header, host.current_actions))
    assert isinstance(table, TableSource) and all(hasattr(table, m) for m in REPLAY_MEMBERS)
    assert table.events == host.round_events(None)  # every event of the round, every hand open
    assert [s.name for s in table.seats] == ["A", "B", "C", "D"] and table.first_human == 0
    kind = kind_of(table)
    assert isinstance(kind, WatchedTable) and kind.humans() == [] and not kind.saves_here
    with pytest.raises(Refused):
        table.intent(0, 0, None)
    # seekable: only what has happened by the cursor is seen, and a seek back takes it back
    assert table.events_since(0, -1) == [] and table.open_prompt(0) is None
    table.seek(5)
    assert table.events_since(None, -1) == list(enumerate(table.events[:5]))
    assert table.events_since(2, 2) == [(3, table.events[3]), (4, table.events[4])]
    table.seek(10**6)
    assert len(table.events_since(None, -1)) == len(table.events)
    table.seek(1)
    assert table.events_since(None, -1) == [(0, table.events[0])]


def test_a_lan_seat_has_the_face():
    # its members without a connection: the class's, and every attribute its methods set on self
    instance_members = set()
    for node in ast.walk(ast.parse(Path(remote_table.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                and isinstance(getattr(node, "ctx", None), ast.Store):
            instance_members.add(node.attr)
    have = set(dir(RemoteTable)) | instance_members
    missing = [m for m in members() | set(LAN_MEMBERS) if m not in have]
    assert missing == []


def test_the_view_reads_nothing_of_a_table_beyond_its_face():
    allowed = members() | set(LOCAL_MEMBERS) | set(LAN_MEMBERS) | set(REPLAY_MEMBERS) | set(LESSON_MEMBERS)
    beyond = {f"{path.name}: {name}" for path in VIEW_FILES for name in table_reads(path) - allowed}
    assert beyond == set(), "the view reads a table's member its written face (TableSource) lacks"


def test_the_check_sees_a_read_beyond_the_face(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f(view):\n    return view.table.stand_ins[0]\n")
    assert "stand_ins" in table_reads(f) and "stand_ins" not in members()


def test_a_seat_reads_from_the_host_what_a_link_would_be_sent():
    """The view's feed (pulled: events_since, open_prompt) sees exactly what a seat's link is pushed."""
    from game.host import LocalSeat
    from game.ui.table.feed import SeatFeed

    host = Host("hainan", {}, [SeatConfig("A", human=True), SeatConfig("B", human=True)] +
                [SeatConfig(n) for n in "CD"], seed=4, rounds=2)
    pushed = {s: LocalSeat(s) for s in (0, 1)}
    for s, link in pushed.items():
        host.attach(s, link)
    feeds = {s: SeatFeed(host, s) for s in (0, 1)}
    watched = SeatFeed(host, 0, answers=False)
    host.start_round()
    steps = 0
    while host.phase != "over" and steps < 2000:
        for s in (0, 1):
            assert feeds[s].events == pushed[s].events
            assert feeds[s].open_prompt is pushed[s].open_prompt
        assert watched.events == pushed[0].events and watched.open_prompt is None
        if host.step_bot() is None:
            seat = min(host.humans_to_act())
            host.intent(seat, host.open_prompt(seat).id, host.stand_in_move(seat))
        steps += 1
    assert host.phase == "over" and feeds[0].events == pushed[0].events
    deals = {e["seat"]: e["tiles"] for _, e in feeds[0].events if e["type"] == "deal"}
    assert "?" not in deals[0] and set(deals[1]) == {"?"}  # its own hand face-up, another's masked
    assert feeds[0].events != feeds[1].events  # each seat its own projection
    assert host.next_round()
    host.start_round()
    assert feeds[0].events[0][1]["type"] == "start_round" and feeds[0].events == pushed[0].events  # a new round

