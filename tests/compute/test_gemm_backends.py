"""The float32 GEMM behind MatMul / aclblas* on its two back ends, each in a child process:

- the built-in kernel (ACL_EMU_BLAS_LIBRARY=none), split over 1 to 3 threads (ACL_EMU_THREADS):
  results match numpy and are bit-for-bit the same whatever the split, since every element of C
  is computed by one thread in the same order;
- the scipy-openblas32 library the binding finds by itself (when the package is installed), and
  a library path that cannot be loaded, which falls back to the built-in kernel with a notice.
`python -m acl info`'s compute line says which one ran.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy

# (m, n, k, trans_a, trans_b, lda_pad, beta): sizes large enough to be split into row bands,
# column bands (m < n), and ones too small to split; leading dimensions wider than the matrix
SHAPES = [
    (300, 200, 150, False, False, 0, 0.0),
    (40, 700, 200, False, True, 3, 0.5),
    (257, 129, 300, True, False, 5, -1.0),
    (9, 7, 5, True, True, 0, 2.0),
]

CHILD = r"""
import json, sys
import numpy as np
import acl
from acl.__main__ import _emulator_compute

shapes, out_dir = json.loads(sys.argv[1]), sys.argv[2]
assert acl.init() == 0 and acl.rt.set_device(0) == 0
stream, ret = acl.rt.create_stream()
assert ret == 0

def to_device(array):
    array = np.ascontiguousarray(array)
    ptr, ret = acl.rt.malloc(max(array.nbytes, 1), 0)
    assert ret == 0
    assert acl.rt.memcpy(ptr, array.nbytes, acl.util.numpy_to_ptr(array), array.nbytes, 1) == 0
    return ptr

rng = np.random.default_rng(7)
for index, (m, n, k, ta, tb, pad, beta) in enumerate(shapes):
    a_rows, a_cols = (k, m) if ta else (m, k)
    b_rows, b_cols = (n, k) if tb else (k, n)
    a = rng.uniform(-1, 1, (a_rows, a_cols + pad)).astype(np.float32)
    b = rng.uniform(-1, 1, (b_rows, b_cols + pad)).astype(np.float32)
    c = rng.uniform(-1, 1, (m, n + pad)).astype(np.float32)
    np.save(f"{out_dir}/in{index}.npy", np.concatenate([a.ravel(), b.ravel(), c.ravel()]))
    pa, pb, pc = to_device(a), to_device(b), to_device(c)
    alpha_ptr, beta_ptr = to_device(np.float32([1.5])), to_device(np.float32([beta]))
    ret = acl.blas.gemm_ex(
        acl.ACL_TRANS_T if ta else acl.ACL_TRANS_N, acl.ACL_TRANS_T if tb else acl.ACL_TRANS_N,
        acl.ACL_TRANS_N, m, n, k, alpha_ptr, pa, a_cols + pad, acl.ACL_FLOAT, pb, b_cols + pad,
        acl.ACL_FLOAT, beta_ptr, pc, n + pad, acl.ACL_FLOAT, acl.ACL_COMPUTE_HIGH_PRECISION, stream)
    assert ret == 0, (ret, acl.get_recent_err_msg())
    assert acl.rt.synchronize_stream(stream) == 0
    got = np.empty_like(c)
    assert acl.rt.memcpy(acl.util.numpy_to_ptr(got), got.nbytes, pc, got.nbytes, 2) == 0
    np.save(f"{out_dir}/out{index}.npy", got)
print("COMPUTE " + _emulator_compute())
"""


def run_child(tmp_path: Path, **env: str) -> str:
    """Runs every shape in a child with `env` (an empty value unsets); returns its compute line."""
    child_env = {k: v for k, v in os.environ.items() if k not in env}
    child_env.update({k: v for k, v in env.items() if v})
    child_env["ACL_BACKEND"] = "emulator"
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(SHAPES), str(tmp_path)],
        env=child_env,
        cwd=str(tmp_path),  # never the source tree: `-c` puts the cwd first on sys.path
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [line for line in proc.stdout.splitlines() if line.startswith("COMPUTE ")]
    assert len(lines) == 1, proc.stdout
    return lines[0][len("COMPUTE ") :] + "\n" + proc.stderr


def check_against_numpy(tmp_path: Path) -> list[Any]:
    outputs = []
    for index, (m, n, k, ta, tb, pad, beta) in enumerate(SHAPES):
        a_shape = (k, m) if ta else (m, k)
        b_shape = (n, k) if tb else (k, n)
        flat = np.load(tmp_path / f"in{index}.npy")
        a_size = a_shape[0] * (a_shape[1] + pad)
        b_size = b_shape[0] * (b_shape[1] + pad)
        a = flat[:a_size].reshape(a_shape[0], -1)[:, : a_shape[1]].astype(np.float64)
        b = flat[a_size : a_size + b_size].reshape(b_shape[0], -1)[:, : b_shape[1]].astype(np.float64)
        c = flat[a_size + b_size :].reshape(m, -1)
        expected = 1.5 * ((a.T if ta else a) @ (b.T if tb else b)) + beta * c[:, :n].astype(np.float64)
        got = np.load(tmp_path / f"out{index}.npy")
        np.testing.assert_allclose(got[:, :n], expected, rtol=1e-4, atol=1e-4 * np.sqrt(k))
        # the padding columns of C are outside the matrix: untouched
        np.testing.assert_array_equal(got[:, n:], c[:, n:])
        outputs.append(got)
    return outputs


def test_built_in_kernel_matches_numpy_and_is_the_same_whatever_the_split(tmp_path: Path) -> None:
    results = {}
    for threads in ("1", "2", "3"):
        out = tmp_path / threads
        out.mkdir()
        info = run_child(out, ACL_EMU_BLAS_LIBRARY="none", ACL_EMU_THREADS=threads)
        assert info.startswith(f"threads={threads} gemm=built-in: ACL_EMU_BLAS_LIBRARY is none"), info
        results[threads] = check_against_numpy(out)
    for single, split in zip(results["1"], results["3"]):
        np.testing.assert_array_equal(single, split)
    for single, split in zip(results["1"], results["2"]):
        np.testing.assert_array_equal(single, split)


def test_scipy_openblas32_is_found_and_used(tmp_path: Path) -> None:
    blas = pytest.importorskip(
        "scipy_openblas32", reason="the blas extra (scipy-openblas32) is not installed"
    )
    info = run_child(tmp_path, ACL_EMU_BLAS_LIBRARY="", ACL_EMU_THREADS="2")
    library = Path(blas.get_lib_dir()) / "libscipy_openblas.so"
    assert info.splitlines()[0].startswith(f"threads=2 gemm={library}; int8 gemm=")
    check_against_numpy(tmp_path)


def test_a_library_that_cannot_be_loaded_falls_back_with_a_notice(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-blas.so"
    info = run_child(tmp_path, ACL_EMU_BLAS_LIBRARY=str(missing), ACL_EMU_THREADS="2")
    first, _, stderr = info.partition("\n")
    assert first.startswith(f"threads=2 gemm=built-in: ACL_EMU_BLAS_LIBRARY={missing} cannot be loaded"), (
        first
    )
    assert f"ACL_EMU_BLAS_LIBRARY={missing} cannot be loaded" in stderr
    assert stderr.count("float32 GEMM uses the built-in kernel") == 1
    check_against_numpy(tmp_path)


def test_a_library_without_sgemm_falls_back_with_a_notice(tmp_path: Path) -> None:
    not_blas = "libc.so.6"  # loads (by soname) and has no sgemm
    info = run_child(tmp_path, ACL_EMU_BLAS_LIBRARY=not_blas)
    first, _, stderr = info.partition("\n")
    assert "exports neither scipy_cblas_sgemm nor cblas_sgemm" in first
    assert "exports neither scipy_cblas_sgemm nor cblas_sgemm" in stderr
    check_against_numpy(tmp_path)
