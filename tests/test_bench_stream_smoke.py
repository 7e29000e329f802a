"""benchmarks/bench_stream.py runs end to end: every stream target is measured against its
baseline of the same run and graded.

No timing is asserted (the machine is shared and noisy): what is checked is that each case ran,
its baseline was measured beside it, the tiny Add gave numpy's result (the benchmark checks it
and fails otherwise) and every verdict is PASS or MISS.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from helpers.subproc import run_benchmark

pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy


def test_every_stream_target_is_measured_and_graded(tmp_path: Path) -> None:
    out = tmp_path / "stream.json"
    args = ["--repeats", "2", "--rounds", "30", "--tasks", "500", "--ops", "50", "--json", str(out)]
    proc = run_benchmark("bench_stream", args)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(out.read_text())
    assert set(results) == {
        "async round trip", "event record+sync", "callback round trip",
        "tiny tasks/s (queued from C)", "tiny tasks/s (queued from Python)",
        "tiny op execute (us, 1,000 queued)",
    }
    for name, result in results.items():
        assert result["status"] in ("PASS", "MISS"), name
        assert math.isfinite(result["ratio"]) and result["ratio"] > 0, name
    for name in ("async round trip", "event record+sync"):
        assert results[name]["baseline"] == "c queue"
        assert results[name]["baseline_ns"]["best"] > 0
    assert results["callback round trip"]["baseline"] == "py handoff"
