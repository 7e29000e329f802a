"""The kernels' fast paths against numpy: float32 rows merged across broadcast-compatible dims,
float16 rows widened in chunks (F16C where the CPU has it), bulk float16 conversions bit for bit,
and last-axis Softmax computed row by row. Each case is shaped to hit one path and its edges
(chunk boundaries, broadcast on either side, NaN and infinities)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.subproc import describe, run_pytest_selection
from op_support import OpSession

# Shapes chosen so the row merge stops at different dims: all merged, only the last dim, a middle
# broadcast, a scalar on either side, and rows longer than the 1024-element float16 chunk.
MERGE_CASES = [
    ((2, 3, 4), (3, 4)),
    ((2, 3, 4), (2, 1, 4)),
    ((5, 1), (1, 6)),
    ((3, 1, 4), (3, 1, 4)),
    ((4,), (2, 3, 4)),
    ((2, 3, 1), (2, 3, 7)),
    ((3, 2500), (2500,)),
    ((2500,), (1,)),
    ((1,), (2, 1300)),
    ((2, 1, 1100), (1, 3, 1)),
]
OPS = {
    "Add": np.add,
    "Sub": np.subtract,
    "Mul": np.multiply,
    "RealDiv": np.divide,
    "Maximum": np.maximum,
    "Minimum": np.minimum,
}


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(OPS))
def test_binary_rows_match_numpy_bit_for_bit(
    ops: OpSession, rng: np.random.Generator, op: str, dtype: type
) -> None:
    for shape_a, shape_b in MERGE_CASES:
        a = rng.uniform(-8, 8, size=shape_a).astype(dtype)
        b = rng.uniform(0.5, 8, size=shape_b).astype(dtype)
        want = OPS[op](a, b)  # numpy computes float16 in float32 and rounds once, as the device does
        got = ops.run(op, [a, b], want.shape, dtype)
        np.testing.assert_array_equal(got, want, err_msg=f"{op} {shape_a} {shape_b}")


# Large enough to be split over the compute threads: one row cut into spans, rows in bands whose
# odometer starts mid-tensor (an outer dim of 3 and a middle one of 700 cut unevenly), a scalar;
# each is at least three bands long, so three threads take a part each.
SPLIT_CASES = [
    ((3 << 18,), (3 << 18,)),
    ((3, 700, 400), (3, 1, 400)),
    ((1800, 500), (1800, 1)),
    ((1,), (600, 999)),
]


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32], ids=lambda d: np.dtype(d).name)
def test_large_binary_ops_split_over_threads_match_numpy(
    ops: OpSession, rng: np.random.Generator, dtype: type
) -> None:
    for shape_a, shape_b in SPLIT_CASES:
        a = rng.uniform(-8, 8, size=shape_a).astype(dtype)
        b = rng.uniform(-8, 8, size=shape_b).astype(dtype)
        for op in ("Add", "Mul"):
            want = OPS[op](a, b)
            got = ops.run(op, [a, b], want.shape, dtype)
            np.testing.assert_array_equal(got, want, err_msg=f"{op} {shape_a} {shape_b}")


@pytest.mark.parametrize("op", ["Add", "Sub", "Mul", "RealDiv"])
def test_outputs_of_32_mib_and_more_written_around_the_caches_match_numpy(
    ops: OpSession, rng: np.random.Generator, op: str
) -> None:
    # float32 outputs from 32 MiB use non-temporal stores: one long row (aligned), and rows of 1025
    # elements whose starts fall anywhere in a 32-byte line (head and tail elements done apart)
    for shape_a, shape_b in (((1 << 23,), (1 << 23,)), ((8200, 1025), (1, 1025))):
        a = rng.uniform(-8, 8, size=shape_a).astype(np.float32)
        b = rng.uniform(0.5, 8, size=shape_b).astype(np.float32)
        want = OPS[op](a, b)
        got = ops.run(op, [a, b], want.shape, np.float32)
        np.testing.assert_array_equal(got, want, err_msg=f"{op} {shape_a} {shape_b}")


@pytest.mark.parametrize("threads", ["1", "3"])
def test_large_binary_ops_give_the_same_results_on_any_thread_count(threads: str) -> None:
    result = run_pytest_selection(__file__, "split_over_threads", {"ACL_EMU_THREADS": threads})
    assert result.returncode == 0, describe(result)
    assert "3 passed" in result.stdout, describe(result)


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=lambda d: np.dtype(d).name)
def test_maximum_minimum_propagate_nan_from_either_side(ops: OpSession, dtype: type) -> None:
    a = np.array([np.nan, 1, -np.inf, 2, np.nan, 0] * 300, dtype=dtype)
    b = np.array([1, np.nan, 3, np.inf, np.nan, -0.0] * 300, dtype=dtype)
    for op, function in (("Maximum", np.maximum), ("Minimum", np.minimum)):
        got = ops.run(op, [a, b], a.shape, dtype)
        want = function(a, b)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=op)
        np.testing.assert_array_equal(got[~np.isnan(want)], want[~np.isnan(want)], err_msg=op)
        scalar = ops.run(op, [np.array([np.nan], dtype=dtype), b[:7]], (7,), dtype)
        assert np.isnan(scalar).all(), op


def _special_float32() -> np.ndarray:
    """float32 values whose float16 rounding is delicate: ties both ways, subnormals, overflow."""
    ties = np.float32(1.0) + np.float32(2.0**-11) * np.arange(0, 8, dtype=np.float32)
    edges = [
        0.0,
        -0.0,
        65504.0,
        65519.99,
        65520.0,
        -65520.0,
        1e9,
        -1e9,
        np.inf,
        -np.inf,
        2.0**-24,
        2.0**-25,
        2.0**-25 * 1.0001,
        3 * 2.0**-26,
        2.0**-14,
        2.0**-14 - 2.0**-25,
        1e-10,
    ]
    values = np.concatenate([ties, -ties, np.array(edges, dtype=np.float32)])
    return np.tile(values, 40).astype(np.float32)  # several F16C blocks plus a tail


def test_cast_float32_to_float16_is_bit_exact(ops: OpSession, rng: np.random.Generator) -> None:
    x = np.concatenate([_special_float32(), rng.standard_normal(3001).astype(np.float32) * 1000])
    got = ops.run("Cast", [x], x.shape, np.float16, attr=ops.attr(dst_type=1))
    with np.errstate(over="ignore"):  # values past 65504 become infinities on purpose
        want = x.astype(np.float16)
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


def test_cast_every_float16_to_float32_exactly(ops: OpSession) -> None:
    bits = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    x = bits.view(np.float16)
    got = ops.run("Cast", [x], x.shape, np.float32, attr=ops.attr(dst_type=0))
    finite = ~np.isnan(x)
    np.testing.assert_array_equal(got[finite].view(np.uint32), x[finite].astype(np.float32).view(np.uint32))
    assert np.isnan(got[~finite]).all()


def _softmax64(x: np.ndarray) -> np.ndarray:
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=lambda d: np.dtype(d).name)
def test_last_axis_softmax_rows(ops: OpSession, rng: np.random.Generator, dtype: type) -> None:
    for shape in ((3, 2100), (2, 2, 5), (7,), (1, 1)):
        x = rng.uniform(-30, 30, size=shape).astype(dtype)
        got = ops.run("SoftmaxV2", [x], shape, dtype, attr=ops.attr(axes=[-1]))
        want = _softmax64(x)
        if dtype == np.float16:
            np.testing.assert_allclose(got.astype(np.float64), want, rtol=2e-3, atol=6e-8)
        else:
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-30)
        np.testing.assert_allclose(
            got.astype(np.float64).sum(axis=-1), 1.0, rtol=2e-3 if dtype == np.float16 else 1e-5
        )


def test_last_axis_softmax_is_stable_and_propagates_nan(ops: OpSession) -> None:
    x = np.array(
        [[1e4, 1e4 - 1, -np.inf, 0.0], [1.0, np.nan, 2.0, 3.0], [-1e30, -1e30, -1e30, -1e30]],
        dtype=np.float32,
    )
    got = ops.run("SoftmaxV2", [x], x.shape, np.float32, attr=ops.attr(axes=[1]))
    e = np.exp(np.float64(-1.0))
    np.testing.assert_allclose(got[0], [1 / (1 + e), e / (1 + e), 0.0, 0.0], rtol=1e-6)
    assert np.isnan(got[1]).all()
    np.testing.assert_allclose(got[2], 0.25, rtol=1e-7)


def test_portable_softmax_rows_give_the_same_results() -> None:
    """The baseline (non-AVX2) row loops, forced by ACL_EMU_GENERIC_KERNELS=1."""
    result = run_pytest_selection(__file__, "last_axis_softmax", {"ACL_EMU_GENERIC_KERNELS": "1"})
    assert result.returncode == 0, describe(result)
    assert "3 passed" in result.stdout, describe(result)
