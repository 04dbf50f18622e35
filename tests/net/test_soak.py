"""benchmarks/lan_soak.py's bounded mode still runs and reports what docs/benchmarks.md quotes (no figure asserted
beyond what must hold: every round played, verified and agreed on, the host's counters and memory samples there)."""

import json
import subprocess
import sys

from tests.net.helpers import ROOT, env_for


def test_lan_soak_bounded_run_plays_every_round_and_reports_its_figures(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "lan_soak.py"), "--json", "--rounds", "3",
                           "--bot", "easy", "--sample", "0.1"], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env=env_for(tmp_path))
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["ok"] and out["rounds"] == 3 and out["clients"] == 4
    assert out["totals_agree"] and out["verified_rounds"] == [3, 3, 3, 3] and out["failed_rounds"] == [[]] * 4
    assert out["rounds_per_s"] > 0 and out["host_events"] > 3 * 50
    assert 0 < out["host_events_kept"] < out["host_events"]  # the host holds the last round's events only
    # the host's counters: every event reached four clients, and the clients' answers came back
    assert out["messages_out"] >= 4 * out["host_events_kept"] and out["bytes_out"] > 20 * out["messages_out"]
    assert 0 < out["messages_in"] < out["messages_out"] and out["bytes_in"] > out["messages_in"]
    if sys.platform.startswith("linux"):  # (memory from /proc)
        rss = out["host_rss_mib"]
        assert all(isinstance(rss[k], float) and rss[k] > 0 for k in ("start", "mid", "end"))
        assert out["host_rss_at_rounds"]["end"] == 3
    assert out["samples"][-1]["rounds"] == 3
