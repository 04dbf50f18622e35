"""The table's written face (game/ui/table/source.py): the Host and the LAN seat both have it, and the table view
and the screens over it read nothing of a table beyond it."""

from __future__ import annotations

import ast
from pathlib import Path

from game.host import Host, SeatConfig
from game.net import remote_table
from game.net.remote_table import RemoteTable
from game.ui.table.source import LAN_MEMBERS, LOCAL_MEMBERS, TableSource, members

GAME_UI = Path(__file__).resolve().parents[3] / "game" / "ui"
# the modules that show a table: the view's parts, and the screens handed the view (settlement, pause, replay)
VIEW_FILES = sorted((GAME_UI / "table").glob("*.py")) + [GAME_UI / "scenes" / n for n in
                                                         ("settlement.py", "pause.py", "replay.py")]


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
    assert isinstance(table, TableSource)
    assert table.events == host.round_events(None)  # every event of the round, every hand open
    assert [s.name for s in table.seats] == ["A", "B", "C", "D"] and table.first_human == 0
    kind = kind_of(table)
    assert isinstance(kind, WatchedTable) and kind.humans() == [] and not kind.saves_here
    with pytest.raises(Refused):
        table.intent(0, 0, None)


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
    allowed = members() | set(LOCAL_MEMBERS) | set(LAN_MEMBERS)
    beyond = {f"{path.name}: {name}" for path in VIEW_FILES for name in table_reads(path) - allowed}
    assert beyond == set(), "the view reads a table's member its written face (TableSource) lacks"


def test_the_check_sees_a_read_beyond_the_face(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f(view):\n    return view.table.stand_ins[0]\n")
    assert "stand_ins" in table_reads(f) and "stand_ins" not in members()
