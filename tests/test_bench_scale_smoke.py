"""benchmarks/bench_scale.py runs end to end: every scale target is measured against its in-run
baseline and graded, and strict mode's use-after-free check ran.

No timing is asserted (the machine is shared and noisy; the counts are small here): what is checked
is that each case ran with its baseline beside it and every verdict is PASS or MISS, and that the
strict-mode child really refused the copy into freed memory.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from helpers.subproc import run_benchmark

pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy


def test_every_scale_target_is_measured_and_graded(tmp_path: Path) -> None:
    out = tmp_path / "scale.json"
    args = ["--repeats", "2", "--rounds", "40", "--counts", "300,600", "--json", str(out)]
    proc = run_benchmark("bench_scale", args)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(out.read_text())
    kinds = ("stream", "event", "64-byte allocation")
    assert set(results) == {
        *(f"{kind}: destroy oldest + create" for kind in kinds),
        "malloc+free 1 MiB vs numpy.zeros", "strict mode: use after free of 1 MiB detected",
    }
    for name, result in results.items():
        assert result["status"] in ("PASS", "MISS"), name
        assert result["ratio"] > 0, name
    for kind in kinds:
        result = results[f"{kind}: destroy oldest + create"]
        assert set(result["ns"]) == {"300", "600"} and result["baseline_ns"] > 0
        assert math.isfinite(result["ratio"])
    assert results["malloc+free 1 MiB vs numpy.zeros"]["baseline_ns"] > 0
    strict = results["strict mode: use after free of 1 MiB detected"]
    assert strict["status"] == "PASS", strict["detail"]
