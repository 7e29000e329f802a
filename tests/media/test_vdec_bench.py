"""benchmarks/bench_video.py runs end to end (a smoke test: no timing is asserted on a shared machine)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers.subproc import REPO_ROOT, describe, run_command

pytest.importorskip("av")

pytestmark = pytest.mark.numpy

BENCHMARK = REPO_ROOT / "benchmarks" / "bench_video.py"


def test_bench_video_measures_decode_and_encode(tmp_path: Path) -> None:
    output = tmp_path / "video.json"
    argv = [sys.executable, str(BENCHMARK), "--frames", "6", "--repeats", "1", "--json", str(output)]
    result = run_command(argv, {"ACL_BACKEND": "emulator"}, timeout=300)
    assert result.returncode == 0, describe(result)
    results = json.loads(output.read_text(encoding="utf-8"))
    assert set(results) == {"decode", "encode"}
    for name, record in results.items():
        for key in ("emulator_s_best", "emulator_s_median", "pyav_s_best", "pyav_s_median", "ratio"):
            assert record[key] > 0, (name, key, record)
        assert record["status"] in ("PASS", "MISS") and record["target"] == 1.3
    assert "VDEC H.264 1280x720 x6" in result.stdout and "VENC H.264 1280x720 x6" in result.stdout
