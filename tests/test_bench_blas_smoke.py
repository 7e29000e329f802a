"""benchmarks/bench_blas.py runs end to end and compares each GEMM with the fastest numpy way.

No timing is asserted (the machine is shared and noisy): what is checked is that every type ran
and that half and int8 GEMM were also measured against casting to float32 and using BLAS, the
baseline that keeps the comparison honest.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers.repo import REPO_ROOT

pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy


def test_every_gemm_type_is_measured_against_its_fastest_baseline() -> None:
    script = REPO_ROOT / "benchmarks" / "bench_blas.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--size", "48", "--repeats", "1", "--rounds", "2", "--settle", "0"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = {line.split()[0]: line for line in proc.stdout.splitlines() if "[fastest of: " in line}
    assert set(lines) == {"float32->float32", "float16->float16", "int8->int32", "int8->float32"}
    operators = {line.split()[0]: line for line in proc.stdout.splitlines() if " op fp32 " in line}
    assert set(operators) == {"MatMul", "BatchMatMul"}, proc.stdout
    assert all(float(line.split("ratio")[1].split()[0]) > 0 for line in operators.values())
    for name, line in lines.items():
        measured = line.split("[fastest of: ")[1]
        assert "numpy matmul" in measured, line
        assert ("cast to float32 + BLAS" in measured) == (not name.startswith("float32")), line
        assert float(line.split("ratio")[1].split()[0]) > 0
