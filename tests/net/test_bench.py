"""benchmarks/bench_lan.py still runs and reports the figures the report quotes (no timing is asserted)."""

import json
import subprocess
import sys

from tests.net.helpers import ROOT, env_for


def test_lan_benchmark_quick_run_reports_its_fields(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_lan.py"), "--json", "--rounds", "1",
                           "--bot", "easy"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env=env_for(tmp_path))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] and out["rounds"] == 1 and out["clients"] == 4 and out["intents_measured"] > 0
    assert 0 < out["intent_to_all_p50_ms"] <= out["intent_to_all_p99_ms"]
    assert out["host_cpu_s_per_round"] > 0 and out["verified_rounds"] == [1, 1, 1, 1]
