"""The benchmark scripts still run and report the fields docs/benchmarks.md quotes (no timing is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_benchmark_quick_run_reports_its_fields():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_engine.py"), "--json", "--quick"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key in ("wincheck_ratio_vs_mahjong", "waits_p99_ms", "simulate_rounds_per_s"):
        assert isinstance(out[key], (int, float)) and out[key] > 0, key
    assert out["wincheck_disagreements"] == 0
    from game.variants import AVAILABLE

    assert set(out["simulate_by_rule_set"]) == set(AVAILABLE)
    assert all(rate > 0 for rate in out["simulate_by_rule_set"].values())
