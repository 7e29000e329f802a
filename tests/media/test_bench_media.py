"""benchmarks/bench_media.py runs end to end (a smoke test: no timing is asserted on a shared machine)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers.subproc import REPO_ROOT, describe, run_command

pytest.importorskip("av")
pytest.importorskip("PIL")

pytestmark = pytest.mark.numpy

BENCHMARK = REPO_ROOT / "benchmarks" / "bench_media.py"


def test_bench_media_measures_both_cases(tmp_path: Path) -> None:
    output = tmp_path / "media.json"
    argv = [sys.executable, str(BENCHMARK), "--repeats", "2", "--json", str(output)]
    result = run_command(argv, {"ACL_BACKEND": "emulator"}, timeout=300)
    assert result.returncode == 0, describe(result)
    results = json.loads(output.read_text(encoding="utf-8"))
    assert set(results) == {"resize", "decode"}
    for name, record in results.items():
        for key in ("emulator_ms_best", "emulator_ms_median", "pillow_ms_best", "pillow_ms_median", "ratio"):
            assert record[key] > 0, (name, key, record)
        assert record["status"] in ("PASS", "MISS")
        assert record["target"] == {"resize": 1.5, "decode": 1.3}[name]
    assert "VPC resize 1920x1080 -> 224x224 NV12" in result.stdout
    assert "JPEG decode 1920x1080 4:2:0" in result.stdout
