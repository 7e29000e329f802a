"""The emulator's model area at the C level, with a stand-in executor (tests/models/c/test_models.c).

Needs neither Python bindings nor onnxruntime: the library is compiled by build_ffi.py's own
build_emulator (the package build); the test program registers its own executor table and
checks every aclmdl path.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from helpers.compile_c import build_test_emulator, compile_c, link_emulator

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
# Gears the program expects (the defaults are exercised by the onnxruntime tests).
GEARS = {
    "ACL_EMU_MODEL_BATCH_GEARS": "1,2,5",
    "ACL_EMU_MODEL_HW_GEARS": "4x6,8x2",
    "ACL_EMU_MODEL_DIMS_GEARS": "1,2;3,4",
}


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("models_c")
    library = build_test_emulator(out)
    return compile_c(
        [HERE / "c" / "test_models.c"],
        out / "test_models",
        flags=[f"-I{ROOT / 'tests' / 'emulator_c'}"],
        link=link_emulator(library),
    )


def _run(binary: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ACL_EMU_")}
    clean.update(env)
    return subprocess.run([str(binary)], env=clean, capture_output=True, text=True, timeout=120)


def test_model_area_with_stand_in_executor(program: Path) -> None:
    result = _run(program, **GEARS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "all checks passed" in result.stdout


def test_model_area_strict_mode(program: Path) -> None:
    result = _run(program, ACL_EMU_STRICT="1", **GEARS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_gears_follow_the_environment(program: Path) -> None:
    """With the default gears the program's expectations (1,2,5 ...) must fail: the variables matter."""
    result = _run(program)
    assert result.returncode != 0
    assert "aclmdlSetDynamicBatchSize(id, in, 1, 3)" not in result.stderr  # 3 is no gear either way
    assert "batch.batchCount == 3" in result.stderr


def test_malformed_gear_variable_falls_back_with_a_diagnostic(program: Path) -> None:
    result = _run(program, **{**GEARS, "ACL_EMU_MODEL_BATCH_GEARS": "1,two"})
    assert result.returncode != 0
    assert "ACL_EMU_MODEL_BATCH_GEARS=1,two" in result.stderr
