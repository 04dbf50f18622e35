"""Every LAN test keeps its players' seat tokens (game.net.seat_tokens) in a folder of its own."""

import pytest


@pytest.fixture(autouse=True)
def _own_user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path / "home"))
