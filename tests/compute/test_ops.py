"""Single operators (acl.op) on the emulator, checked against numpy.

Each case copies random inputs to device memory, runs the operator on a stream with
aclopExecuteV2 (unless the case is about another entry point), synchronizes and compares.
"""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest
from helpers.compile_c import compile_c, link_emulator
from op_support import (
    ACL_SUCCESS,
    NUMPY_TO_ACL,
    OpSession,
    check,
    compile_op,
    create_handle,
    desc_dims,
    execute_v2,
    execute_with_handle,
    infer_shape,
    set_attr_list,
    set_attr_list_list_int,
)

import acl

INVALID_PARAM = acl.ACL_ERROR_INVALID_PARAM
OP_NOT_FOUND = acl.ACL_ERROR_OP_NOT_FOUND
UNSUPPORTED_DTYPE = acl.ACL_ERROR_UNSUPPORTED_DATA_TYPE
INPUT_NOT_MATCH = acl.ACL_ERROR_OP_INPUT_NOT_MATCH
OUTPUT_NOT_MATCH = acl.ACL_ERROR_OP_OUTPUT_NOT_MATCH
ATTR_NOT_MATCH = acl.ACL_ERROR_OP_ATTR_NOT_MATCH

ALL_DTYPES = [np.float16, np.float32, np.int32, np.int8, np.uint8]
FLOAT_DTYPES = [np.float16, np.float32]


def random_array(
    rng: np.random.Generator, shape: tuple[int, ...], dtype: type, low: float = -50, high: float = 50
) -> np.ndarray:
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)
    return rng.uniform(low, high, size=shape).astype(dtype)


def assert_close_f16(got: np.ndarray, want: np.ndarray) -> None:
    """float16 results computed in float32 and rounded once: at most one unit in the last place off."""
    assert got.dtype == np.float16
    spacing = np.spacing(np.abs(want.astype(np.float16)))
    np.testing.assert_array_less(
        np.abs(got.astype(np.float64) - want.astype(np.float64)), spacing * 1.01 + 1e-7
    )


# ---------------------------------------------------------------------- binary ops

BINARY = {
    "Add": np.add,
    "Sub": np.subtract,
    "Mul": np.multiply,
    "Maximum": np.maximum,
    "Minimum": np.minimum,
}
SHAPE_PAIRS = [((3, 4, 5), (3, 4, 5)), ((2, 3, 4), (4,)), ((4, 1, 3), (1, 5, 1)), ((), (2, 2)), ((7,), (1,))]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_op_broadcasts_like_numpy(
    ops: OpSession, rng: np.random.Generator, op: str, dtype: type
) -> None:
    for shape_a, shape_b in SHAPE_PAIRS:
        a = random_array(rng, shape_a, dtype)
        b = random_array(rng, shape_b, dtype)
        with np.errstate(over="ignore"):
            want = BINARY[op](a, b)  # integers wrap like the device
        got = ops.run(op, [a, b], want.shape, dtype)
        np.testing.assert_array_equal(got, want, err_msg=f"{op} {shape_a} {shape_b}")


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_real_div_and_pow_on_floats(ops: OpSession, rng: np.random.Generator, dtype: type) -> None:
    a = random_array(rng, (4, 6), dtype, 1, 4)
    b = random_array(rng, (6,), dtype, 1, 3)
    np.testing.assert_array_equal(ops.run("RealDiv", [a, b], (4, 6), dtype), a / b)
    got = ops.run("Pow", [a, b], (4, 6), dtype)
    want = np.power(a.astype(np.float64), b.astype(np.float64))
    if dtype == np.float16:
        assert_close_f16(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_alias_op_types(ops: OpSession, rng: np.random.Generator) -> None:
    """Op types that share a kernel with one tested above (each must be found in the registry)."""
    a, b = random_array(rng, (3, 4), np.float32, 1, 2), random_array(rng, (4,), np.float32, 1, 2)
    np.testing.assert_array_equal(ops.run("AddV2", [a, b], (3, 4), np.float32), a + b)
    np.testing.assert_array_equal(ops.run("Div", [a, b], (3, 4), np.float32), a / b)
    np.testing.assert_array_equal(ops.run("Identity", [a], (3, 4), np.float32), a)
    m = random_array(rng, (4, 5), np.float32, -1, 1)
    np.testing.assert_allclose(ops.run("MatMulV2", [a, m], (3, 5), np.float32), a @ m, rtol=1e-5)
    np.testing.assert_allclose(ops.run("BatchMatMulV2", [a, m], (3, 5), np.float32), a @ m, rtol=1e-5)
    axis = np.array([1], np.int32)
    np.testing.assert_allclose(ops.run("ReduceMean", [a, axis], (3,), np.float32), a.mean(1), rtol=1e-6)
    np.testing.assert_array_equal(ops.run("ReduceMax", [a, axis], (3,), np.float32), a.max(1))
    np.testing.assert_array_equal(ops.run("ReduceMin", [a, axis], (3,), np.float32), a.min(1))
    np.testing.assert_array_equal(ops.run("ArgMaxV2", [a, axis], (3,), np.int32), a.argmax(1))
    got = ops.run("Concat", [np.array([0], np.int32), a, a], (6, 4), np.float32)
    np.testing.assert_array_equal(got, np.concatenate([a, a]))


def test_real_div_rejects_integers(ops: OpSession) -> None:
    a = np.arange(6, dtype=np.int32)
    ops.run("RealDiv", [a, a], (6,), np.int32, expect=UNSUPPORTED_DTYPE)
    assert "RealDiv" in acl.get_recent_err_msg()


def test_binary_op_with_mixed_input_types_is_unsupported(ops: OpSession) -> None:
    ops.run(
        "Add", [np.ones(3, np.float32), np.ones(3, np.float16)], (3,), np.float32, expect=UNSUPPORTED_DTYPE
    )


def test_shapes_that_do_not_broadcast_are_rejected(ops: OpSession) -> None:
    ops.run(
        "Add",
        [np.ones((2, 3), np.float32), np.ones((4,), np.float32)],
        (2, 3),
        np.float32,
        expect=INVALID_PARAM,
    )
    assert "broadcast" in acl.get_recent_err_msg()


def test_output_desc_with_wrong_shape_or_type(ops: OpSession) -> None:
    a = np.ones((2, 3), np.float32)
    ops.run("Add", [a, a], (3, 2), np.float32, expect=OUTPUT_NOT_MATCH)
    ops.run("Add", [a, a], (2, 3), np.float16, expect=UNSUPPORTED_DTYPE)


# ----------------------------------------------------------------------- unary ops

UNARY_FLOAT = {
    "Exp": np.exp,
    "Log": np.log,
    "Sqrt": np.sqrt,
    "Sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "Tanh": np.tanh,
    "Abs": np.abs,
    "Neg": np.negative,
    "Relu": lambda x: np.maximum(x, 0),
    "Rsqrt": lambda x: 1 / np.sqrt(x),
    "Reciprocal": np.reciprocal,
    "Square": np.square,
    "Floor": np.floor,
    "Ceil": np.ceil,
    "Sin": np.sin,
    "Cos": np.cos,
}


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(UNARY_FLOAT))
def test_unary_float_ops(ops: OpSession, rng: np.random.Generator, op: str, dtype: type) -> None:
    low = 0.01 if op in ("Log", "Sqrt", "Rsqrt", "Reciprocal") else -5
    x = random_array(rng, (5, 7), dtype, low, 5)
    want = UNARY_FLOAT[op](x.astype(np.float64))
    got = ops.run(op, [x], x.shape, dtype)
    if dtype == np.float16:
        assert_close_f16(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=2e-7, atol=1e-30)


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.uint8], ids=lambda d: np.dtype(d).name)
def test_abs_neg_relu_on_integers(ops: OpSession, rng: np.random.Generator, dtype: type) -> None:
    x = random_array(rng, (3, 9), dtype)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(ops.run("Abs", [x], x.shape, dtype), np.abs(x))
        np.testing.assert_array_equal(ops.run("Neg", [x], x.shape, dtype), np.negative(x))
    np.testing.assert_array_equal(ops.run("Relu", [x], x.shape, dtype), np.maximum(x, 0).astype(dtype))


def test_exp_of_integers_is_unsupported(ops: OpSession) -> None:
    ops.run("Exp", [np.arange(4, dtype=np.int32)], (4,), np.int32, expect=UNSUPPORTED_DTYPE)


# ---------------------------------------------------------------------------- Cast

CAST_PAIRS = [(a, b) for a in ALL_DTYPES for b in ALL_DTYPES if a != b]


@pytest.mark.parametrize(("src", "dst"), CAST_PAIRS, ids=lambda d: np.dtype(d).name)
def test_cast_between_types(ops: OpSession, rng: np.random.Generator, src: type, dst: type) -> None:
    # values representable in both types (floats keep a fraction to check truncation toward zero)
    low = 0 if np.dtype(dst) == np.uint8 or np.dtype(src) == np.uint8 else -100
    x = rng.uniform(low, 100, size=(4, 5))
    x = x.astype(src) if np.issubdtype(src, np.floating) else np.trunc(x).astype(src)
    attr = ops.attr(dst_type=NUMPY_TO_ACL[np.dtype(dst)])
    got = ops.run("Cast", [x], x.shape, dst, attr=attr)
    np.testing.assert_array_equal(got, x.astype(dst))


def test_cast_float_to_int_saturates(ops: OpSession) -> None:
    x = np.array([1e10, -1e10, 300.7, -300.7, np.nan], dtype=np.float32)
    got = ops.run("Cast", [x], x.shape, np.int8, attr=ops.attr(dst_type=acl.ACL_INT8))
    np.testing.assert_array_equal(got, [127, -128, 127, -128, 0])


def test_cast_rounds_float32_to_nearest_even_float16(ops: OpSession) -> None:
    # 2049 lies halfway between the float16 neighbours 2048 and 2050: ties go to the even mantissa
    x = np.array([2049.0, 2051.0, 1.0 + 2.0**-11, 65520.0, 1e-8], dtype=np.float32)
    got = ops.run("Cast", [x], x.shape, np.float16, attr=ops.attr(dst_type=acl.ACL_FLOAT16))
    with np.errstate(over="ignore"):  # 65520 rounds up to infinity, as intended
        np.testing.assert_array_equal(got, x.astype(np.float16))
    assert got[0] == 2048 and got[1] == 2052 and np.isinf(got[3])


def test_acl_op_cast_and_cast_handle(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (6, 2), np.float32)
    src_desc, src_buf = ops.tensor(x)
    dst_desc, dst_buf, dst_ptr = ops.output(x.shape, np.float16)
    check(acl.op.cast(src_desc, src_buf, dst_desc, dst_buf, 0, ops.stream), "acl.op.cast")
    ops.sync()
    np.testing.assert_array_equal(ops.from_device(dst_ptr, x.shape, np.float16), x.astype(np.float16))

    handle, ret = acl.op.create_handle_for_cast(src_desc, dst_desc, 1)
    check(ret, "create_handle_for_cast")
    ops.handle(handle)
    y = random_array(rng, (6, 2), np.float32)
    _, y_buf = ops.tensor(y)
    check(execute_with_handle(handle, [y_buf], [dst_buf], ops.stream), "execute_with_handle")
    ops.sync()
    np.testing.assert_array_equal(ops.from_device(dst_ptr, y.shape, np.float16), y.astype(np.float16))


# --------------------------------------------------------------------------- MatMul


@pytest.mark.parametrize("trans_a", [False, True])
@pytest.mark.parametrize("trans_b", [False, True])
def test_matmul_float32_transposes(
    ops: OpSession, rng: np.random.Generator, trans_a: bool, trans_b: bool
) -> None:
    m, k, n = 37, 70, 19
    a = random_array(rng, (k, m) if trans_a else (m, k), np.float32, -1, 1)
    b = random_array(rng, (n, k) if trans_b else (k, n), np.float32, -1, 1)
    want = (a.T if trans_a else a).astype(np.float64) @ (b.T if trans_b else b).astype(np.float64)
    attr = ops.attr(transpose_x1=trans_a, transpose_x2=trans_b)
    got = ops.run("MatMul", [a, b], (m, n), np.float32, attr=attr)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_matmul_float16_to_float16_and_float32(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (8, 33), np.float16, -1, 1)
    b = random_array(rng, (33, 5), np.float16, -1, 1)
    exact = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(ops.run("MatMul", [a, b], (8, 5), np.float32), exact, rtol=1e-5, atol=1e-5)
    assert_close_f16(ops.run("MatMul", [a, b], (8, 5), np.float16), exact)


def test_matmul_int8_accumulates_in_int32_with_bias(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (6, 300), np.int8)
    b = random_array(rng, (300, 4), np.int8)
    bias = rng.integers(-1000, 1000, size=4).astype(np.int32)
    want = a.astype(np.int32) @ b.astype(np.int32) + bias
    assert np.abs(want).max() > 127 * 127  # would overflow any narrower accumulator
    np.testing.assert_array_equal(ops.run("MatMul", [a, b, bias], (6, 4), np.int32), want)


def test_matmul_inner_dimension_mismatch(ops: OpSession) -> None:
    ops.run(
        "MatMul",
        [np.ones((2, 3), np.float32), np.ones((4, 2), np.float32)],
        (2, 2),
        np.float32,
        expect=INVALID_PARAM,
    )


def test_batch_matmul_adjoints_and_broadcast_batches(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (2, 1, 5, 4), np.float32, -1, 1)  # adj_x1: 4 x 5 per batch
    b = random_array(rng, (3, 6, 5), np.float32, -1, 1)  # adj_x2: 5 x 6 per batch
    want = np.swapaxes(a, -1, -2) @ np.swapaxes(b, -1, -2)
    got = ops.run("BatchMatMul", [a, b], want.shape, np.float32, attr=ops.attr(adj_x1=True, adj_x2=True))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------------ data movement


def test_transpose_perm_attr(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (2, 3, 4, 5), np.float16)
    for op in ("Transpose", "TransposeD"):
        got = ops.run(op, [x], (5, 2, 4, 3), np.float16, attr=ops.attr(perm=[3, 0, 2, 1]))
        np.testing.assert_array_equal(got, x.transpose(3, 0, 2, 1))


def test_transpose_perm_as_input(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (4, 6), np.int32)
    got = ops.run("Transpose", [x, np.array([1, 0], np.int32)], (6, 4), np.int32)
    np.testing.assert_array_equal(got, x.T)


def test_transpose_rejects_a_non_permutation(ops: OpSession) -> None:
    x = np.ones((2, 3), np.float32)
    ops.run("TransposeD", [x], (2, 3), np.float32, attr=ops.attr(perm=[0, 0]), expect=INVALID_PARAM)


def test_slice_with_attributes_and_with_input_tensors(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (5, 6, 7), np.int8)
    want = x[1:4, 2:6, 3:]
    got = ops.run("SliceD", [x], want.shape, np.int8, attr=ops.attr(offsets=[1, 2, 3], size=[3, 4, -1]))
    np.testing.assert_array_equal(got, want)
    # offsets and size in device memory: the shape is checked when the task runs
    got = ops.run(
        "Slice", [x, np.array([1, 2, 3], np.int32), np.array([3, 4, 4], np.int64)], want.shape, np.int8
    )
    np.testing.assert_array_equal(got, want)


def test_slice_out_of_range_values_in_device_memory_fail_at_synchronize(ops: OpSession) -> None:
    x = np.zeros((4, 4), np.float32)
    pairs = [ops.tensor(v) for v in (x, np.array([3, 0], np.int32), np.array([2, 4], np.int32))]
    out_desc, out_buf, _ = ops.output((2, 4), np.float32)
    ret = execute_v2(
        "Slice", [d for d, _ in pairs], [b for _, b in pairs], [out_desc], [out_buf], 0, ops.stream
    )
    assert ret == ACL_SUCCESS  # the values are only known on the stream
    assert acl.rt.synchronize_stream(ops.stream) == INVALID_PARAM
    assert "Slice" in acl.get_recent_err_msg()


def test_strided_slice_steps_masks_and_shrink(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (6, 7, 5), np.float32)
    cases = [
        (dict(begin=[1, 0, 0], end=[6, 7, 5], strides=[2, 3, 1]), x[1:6:2, 0:7:3, :]),
        (dict(begin=[-1, 5, 0], end=[0, 1, 5], strides=[-2, -1, 2]), x[-1:0:-2, 5:1:-1, 0:5:2]),
        (
            dict(
                begin=[0, 2, 9],
                end=[0, 4, 0],
                strides=[1, 1, 1],
                begin_mask=0b100,
                end_mask=0b001,
                shrink_axis_mask=0,
            ),
            x[:, 2:4, :0],
        ),
        (dict(begin=[2, 0, 1], end=[3, 7, 4], strides=[1, 1, 1], shrink_axis_mask=0b001), x[2, :, 1:4]),
    ]
    for attrs, want in cases:
        got = ops.run("StridedSliceD", [x], want.shape, np.float32, attr=ops.attr(**attrs))
        np.testing.assert_array_equal(got, want, err_msg=str(attrs))


def test_strided_slice_with_input_tensors(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (8, 3), np.uint8)
    values = [np.array(v, np.int32) for v in ([7, 0], [0, 3], [-3, 2])]
    got = ops.run("StridedSlice", [x, *values], (3, 2), np.uint8)
    np.testing.assert_array_equal(got, x[7:0:-3, 0:3:2])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_concat_d(ops: OpSession, rng: np.random.Generator, dtype: type) -> None:
    parts = [random_array(rng, (2, n, 3), dtype) for n in (1, 4, 2)]
    want = np.concatenate(parts, axis=1)
    got = ops.run("ConcatD", parts, want.shape, dtype, attr=ops.attr(concat_dim=-2, N=3))
    np.testing.assert_array_equal(got, want)


def test_concat_checks_n_and_shapes(ops: OpSession) -> None:
    a = np.ones((2, 2), np.float32)
    ops.run("ConcatD", [a, a], (4, 2), np.float32, attr=ops.attr(concat_dim=0, N=3), expect=INPUT_NOT_MATCH)
    ops.run(
        "ConcatD",
        [a, np.ones((3, 3), np.float32)],
        (5, 2),
        np.float32,
        attr=ops.attr(concat_dim=0),
        expect=INVALID_PARAM,
    )
    ops.run("ConcatD", [a, a], (4, 2), np.float32, expect=ATTR_NOT_MATCH)


def test_concat_v2_takes_the_dimension_as_last_input(ops: OpSession, rng: np.random.Generator) -> None:
    a, b = random_array(rng, (2, 3), np.float32), random_array(rng, (2, 2), np.float32)
    got = ops.run("ConcatV2", [a, b, np.array([1], np.int32)], (2, 5), np.float32)
    np.testing.assert_array_equal(got, np.concatenate([a, b], axis=1))


# ---------------------------------------------------------------------- reductions


@pytest.mark.parametrize("keep_dims", [False, True])
def test_reduce_sum_and_mean(ops: OpSession, rng: np.random.Generator, keep_dims: bool) -> None:
    x = random_array(rng, (3, 4, 5), np.float32)
    for axes in ([1], [0, 2], [-1], [0, 1, 2]):
        for op, reference in (("ReduceSumD", np.sum), ("ReduceMeanD", np.mean)):
            want = reference(x.astype(np.float64), axis=tuple(axes), keepdims=keep_dims)
            got = ops.run(op, [x], want.shape, np.float32, attr=ops.attr(axes=axes, keep_dims=keep_dims))
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-5, err_msg=f"{op} {axes}")


def test_reduce_sum_axes_input_and_integer_types(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (4, 6), np.int8)
    want = np.sum(x, axis=0, dtype=np.int8)  # wraps in the input type
    got = ops.run("ReduceSum", [x, np.array([0], np.int32)], (6,), np.int8)
    np.testing.assert_array_equal(got, want)
    y = random_array(rng, (4, 6), np.float16, -1, 1)
    got = ops.run(
        "ReduceSum", [y, np.array([-1], np.int64)], (4, 1), np.float16, attr=ops.attr(keep_dims=True)
    )
    assert_close_f16(got, y.astype(np.float64).sum(axis=-1, keepdims=True))


def test_reduce_max_min(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (5, 3), np.int32)
    np.testing.assert_array_equal(
        ops.run("ReduceMaxD", [x], (3,), np.int32, attr=ops.attr(axes=[0])), x.max(0)
    )
    np.testing.assert_array_equal(
        ops.run("ReduceMinD", [x], (5,), np.int32, attr=ops.attr(axes=[1])), x.min(1)
    )


def test_reduce_axis_out_of_range(ops: OpSession) -> None:
    ops.run(
        "ReduceSumD",
        [np.ones((2, 2), np.float32)],
        (2,),
        np.float32,
        attr=ops.attr(axes=[2]),
        expect=INVALID_PARAM,
    )


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_softmax_over_axes(ops: OpSession, rng: np.random.Generator, dtype: type) -> None:
    x = random_array(rng, (3, 4, 5), dtype, -4, 4)
    for op, axes in (("SoftmaxV2", None), ("SoftmaxV2", [1]), ("Softmax", [0, 2])):
        reduce_axes = tuple(axes) if axes else (-1,)
        x64 = x.astype(np.float64)
        e = np.exp(x64 - x64.max(axis=reduce_axes, keepdims=True))
        want = e / e.sum(axis=reduce_axes, keepdims=True)
        attr = ops.attr(axes=axes) if axes else 0
        got = ops.run(op, [x], x.shape, dtype, attr=attr)
        if dtype == np.float16:
            assert_close_f16(got, want)
        else:
            np.testing.assert_allclose(got, want, rtol=1e-6)


def test_arg_max_d(ops: OpSession, rng: np.random.Generator) -> None:
    x = random_array(rng, (4, 7, 3), np.float32)
    x[1, 2, :] = x[1, 5, :] = 1000.0  # ties: the first index wins, as in numpy
    for dim in (0, 1, -1):
        want = np.argmax(x, axis=dim)
        got = ops.run("ArgMaxD", [x], want.shape, np.int32, attr=ops.attr(dimension=dim))
        np.testing.assert_array_equal(got, want)
    got = ops.run("ArgMaxD", [x], (4, 3), np.int64, attr=ops.attr(dimension=1, dtype=acl.ACL_INT64))
    np.testing.assert_array_equal(got, np.argmax(x, axis=1))


# --------------------------------------------------------------------- creation ops


def test_fill_zeros_like_ones_like(ops: OpSession) -> None:
    got = ops.run("Fill", [np.array([2, 3], np.int32), np.array([7.5], np.float16)], (2, 3), np.float16)
    np.testing.assert_array_equal(got, np.full((2, 3), 7.5, np.float16))
    got = ops.run("FillD", [np.array(-4, np.int32)], (3, 1), np.int32, attr=ops.attr(dims=[3, 1]))
    np.testing.assert_array_equal(got, np.full((3, 1), -4))
    x = np.arange(12, dtype=np.uint8).reshape(3, 4)
    np.testing.assert_array_equal(ops.run("ZerosLike", [x], x.shape, np.uint8), np.zeros_like(x))
    np.testing.assert_array_equal(ops.run("OnesLike", [x], x.shape, np.uint8), np.ones_like(x))


# ----------------------------------------------------------------------- API errors


def test_unknown_op_type(ops: OpSession) -> None:
    ops.run("NoSuchOperator", [np.ones(2, np.float32)], (2,), np.float32, expect=OP_NOT_FOUND)
    message = acl.get_recent_err_msg()
    assert "aclopExecuteV2" in message and "NoSuchOperator" in message


def test_wrong_number_of_inputs(ops: OpSession) -> None:
    ops.run("Add", [np.ones(2, np.float32)], (2,), np.float32, expect=INPUT_NOT_MATCH)


def test_buffers_too_small_or_null(ops: OpSession) -> None:
    a = np.ones((4, 4), np.float32)
    a_desc, a_buf = ops.tensor(a)
    small = ops.buffer(ops.device(8), 8)
    out_desc, out_buf, _ = ops.output((4, 4), np.float32)
    assert (
        execute_v2("Add", [a_desc, a_desc], [a_buf, small], [out_desc], [out_buf], 0, ops.stream)
        == INVALID_PARAM
    )
    assert "needed" in acl.get_recent_err_msg()
    assert (
        execute_v2("Add", [a_desc, a_desc], [a_buf, a_buf], [out_desc], [small], 0, ops.stream)
        == INVALID_PARAM
    )
    assert (
        execute_v2("Add", [a_desc, a_desc], [a_buf, 0], [out_desc], [out_buf], 0, ops.stream) == INVALID_PARAM
    )
    assert (
        execute_v2("Add", [a_desc, 0], [a_buf, a_buf], [out_desc], [out_buf], 0, ops.stream) == INVALID_PARAM
    )


def test_dynamic_output_desc_is_filled_in_by_execute_v2(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (3, 1), np.float32)
    b = random_array(rng, (1, 4), np.float32)
    (a_desc, a_buf), (b_desc, b_buf) = ops.tensor(a), ops.tensor(b)
    out_desc = ops.desc(acl.ACL_FLOAT, [-1, -1])
    out_ptr = ops.device(12 * 4)
    out_buf = ops.buffer(out_ptr, 12 * 4)
    check(
        execute_v2("Mul", [a_desc, b_desc], [a_buf, b_buf], [out_desc], [out_buf], 0, ops.stream),
        "execute_v2",
    )
    assert desc_dims(out_desc) == [3, 4]
    ops.sync()
    np.testing.assert_array_equal(ops.from_device(out_ptr, (3, 4), np.float32), a * b)


def test_execute_v1_and_compile_and_execute(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (5,), np.float32)
    b = random_array(rng, (5,), np.float32)
    (a_desc, a_buf), (b_desc, b_buf) = ops.tensor(a), ops.tensor(b)
    for function, extra in (
        (acl.op.execute, ()),
        (acl.op.compile_and_execute, (acl.ACL_ENGINE_SYS, 0, None)),
        (acl.op.compile_and_execute_v2, (acl.ACL_ENGINE_AICORE, 0, None)),
    ):
        out_desc, out_buf, out_ptr = ops.output((5,), np.float32)
        ret = execute_v2(
            "Sub",
            [a_desc, b_desc],
            [a_buf, b_buf],
            [out_desc],
            [out_buf],
            0,
            ops.stream,
            function=function,
            extra=extra,
        )
        check(ret, function.__name__)
        ops.sync()
        np.testing.assert_array_equal(ops.from_device(out_ptr, (5,), np.float32), a - b)


def test_op_handle_runs_repeatedly_and_checks_counts(ops: OpSession, rng: np.random.Generator) -> None:
    a_desc = ops.desc(acl.ACL_INT32, [4, 4])
    out_desc = ops.desc(acl.ACL_INT32, [4, 4])
    handle, ret = create_handle("Maximum", [a_desc, a_desc], [out_desc], 0)
    check(ret, "create_handle")
    ops.handle(handle)
    for _ in range(3):
        a, b = random_array(rng, (4, 4), np.int32), random_array(rng, (4, 4), np.int32)
        (_, a_buf), (_, b_buf) = ops.tensor(a), ops.tensor(b)
        _, out_buf, out_ptr = ops.output((4, 4), np.int32)
        check(execute_with_handle(handle, [a_buf, b_buf], [out_buf], ops.stream), "execute_with_handle")
        ops.sync()
        np.testing.assert_array_equal(ops.from_device(out_ptr, (4, 4), np.int32), np.maximum(a, b))
    assert execute_with_handle(handle, [out_buf], [out_buf], ops.stream) == INPUT_NOT_MATCH
    assert execute_with_handle(0, [out_buf], [out_buf], ops.stream) == INVALID_PARAM


def test_create_handle_checks_the_operator(ops: OpSession) -> None:
    desc = ops.desc(acl.ACL_FLOAT, [2])
    assert create_handle("NoSuchOperator", [desc], [desc], 0)[1] == OP_NOT_FOUND
    assert create_handle("Add", [desc, desc], [ops.desc(acl.ACL_FLOAT, [3])], 0)[1] == OUTPUT_NOT_MATCH


def test_compile_checks_without_running(ops: OpSession) -> None:
    a = ops.desc(acl.ACL_FLOAT16, [2, 3])
    out = ops.desc(acl.ACL_FLOAT16, [2, 3])
    assert compile_op("Tanh", [a], [out], 0) == ACL_SUCCESS
    assert compile_op("Tanh", [a, a], [out], 0) == INPUT_NOT_MATCH
    assert compile_op("Missing", [a], [out], 0) == OP_NOT_FOUND


def test_infer_shape_fills_output_descs(ops: OpSession) -> None:
    a = ops.desc(acl.ACL_FLOAT, [5, 1, 3])
    b = ops.desc(acl.ACL_FLOAT, [4, 1])
    out = ops.desc(acl.ACL_FLOAT, [-2])
    check(infer_shape("Add", [a, b], [0, 0], [out], 0), "infer_shape")  # no buffers: none needed
    assert desc_dims(out) == [5, 4, 3]
    # shape values read from the input buffers
    x = ops.desc(acl.ACL_FLOAT, [6, 6])
    offsets, sizes = np.array([1, 2], np.int32), np.array([2, -1], np.int32)
    (o_desc, o_buf), (s_desc, s_buf) = ops.tensor(offsets), ops.tensor(sizes)
    x_buf = ops.buffer(ops.device(6 * 6 * 4), 6 * 6 * 4)
    out2 = ops.desc(acl.ACL_FLOAT, [-1, -1])
    check(infer_shape("Slice", [x, o_desc, s_desc], [x_buf, o_buf, s_buf], [out2], 0), "infer_shape")
    assert desc_dims(out2) == [2, 4]


def test_constant_shape_inputs_are_checked_at_submit(ops: OpSession) -> None:
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    x_desc, x_buf = ops.tensor(x)
    axes = np.array([5], np.int32)
    axes_desc, axes_buf = ops.tensor(axes)
    check(acl.set_tensor_const(axes_desc, axes.ctypes.data, axes.nbytes), "set_tensor_const")
    out_desc, out_buf, _ = ops.output((4,), np.float32)
    ret = execute_v2(
        "ReduceSum", [x_desc, axes_desc], [x_buf, axes_buf], [out_desc], [out_buf], 0, ops.stream
    )
    assert ret == INVALID_PARAM


def test_work_runs_in_stream_order_after_async_copies(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (64, 64), np.float32)
    a_dev = ops.device(a.nbytes)
    a_desc, a_buf = ops.desc(acl.ACL_FLOAT, a.shape), ops.buffer(a_dev, a.nbytes)
    out_desc, out_buf, out_ptr = ops.output(a.shape, np.float32)
    host, ret = acl.rt.malloc_host(a.nbytes)
    check(ret, "malloc_host")
    try:
        check(acl.rt.memcpy(host, a.nbytes, a.ctypes.data, a.nbytes, acl.ACL_MEMCPY_HOST_TO_HOST), "memcpy")
        check(
            acl.rt.memcpy_async(a_dev, a.nbytes, host, a.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE, ops.stream),
            "memcpy_async",
        )
        check(execute_v2("Relu", [a_desc], [a_buf], [out_desc], [out_buf], 0, ops.stream), "execute_v2")
        result = np.empty_like(a)
        check(
            acl.rt.memcpy_async(host, a.nbytes, out_ptr, a.nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST, ops.stream),
            "memcpy_async",
        )
        ops.sync()
        check(
            acl.rt.memcpy(result.ctypes.data, a.nbytes, host, a.nbytes, acl.ACL_MEMCPY_HOST_TO_HOST), "memcpy"
        )
    finally:
        check(acl.rt.free_host(host), "free_host")
    np.testing.assert_array_equal(result, np.maximum(a, 0))


# ------------------------------------------------------------------------ attributes


def test_every_attribute_kind_can_be_set_and_replaced(ops: OpSession) -> None:
    attr = ops.attr()
    check(acl.op.set_attr_bool(attr, "b", 1), "set_attr_bool")
    check(acl.op.set_attr_int(attr, "i", -(2**40)), "set_attr_int")
    check(acl.op.set_attr_float(attr, "f", 0.5), "set_attr_float")
    check(acl.op.set_attr_string(attr, "s", "text"), "set_attr_string")
    check(_ret_of(acl.op.set_attr_data_type(attr, "t", acl.ACL_FLOAT16)), "set_attr_data_type")
    for kind, values in (
        ("bool", [1, 0, 1]),
        ("int", [1, -2, 3]),
        ("float", [0.25, 1.5]),
        ("string", ["a", "bc"]),
        ("data_type", [acl.ACL_INT8, acl.ACL_FLOAT]),
    ):
        check(set_attr_list(kind, attr, f"list_{kind}", values), f"set_attr_list_{kind}")
    check(set_attr_list_list_int(attr, "nested", [[1, 2], [], [3]]), "set_attr_list_list_int")
    check(set_attr_list("int", attr, "list_int", []), "empty list")


def test_attribute_values_reach_the_kernel_and_last_set_wins(
    ops: OpSession, rng: np.random.Generator
) -> None:
    x = random_array(rng, (3, 4), np.float32)
    attr = ops.attr(perm=[0, 1])
    check(set_attr_list("int", attr, "perm", [1, 0]), "set_attr_list_int")
    np.testing.assert_array_equal(ops.run("TransposeD", [x], (4, 3), np.float32, attr=attr), x.T)


def test_attribute_of_the_wrong_kind(ops: OpSession) -> None:
    x = np.ones((2, 2), np.float32)
    ops.run("TransposeD", [x], (2, 2), np.float32, attr=ops.attr(perm="0,1"), expect=ATTR_NOT_MATCH)
    assert "perm" in acl.get_recent_err_msg()


def test_attribute_setters_reject_bad_handles_and_names(ops: OpSession) -> None:
    assert acl.op.set_attr_int(0, "x", 1) == INVALID_PARAM
    with pytest.raises(TypeError, match=r"acl\.op\.set_attr_int"):  # pyACL rejects None for a name
        acl.op.set_attr_int(ops.attr(), None, 1)
    garbage = ops.device(64)
    assert acl.op.set_attr_bool(garbage, "x", 1) == INVALID_PARAM


def test_model_dir_load_and_queue_settings_are_accepted(ops: OpSession) -> None:
    blob = np.frombuffer(b"not an om model", dtype=np.uint8)
    assert acl.op.set_model_dir("/nonexistent/op_models") == ACL_SUCCESS
    assert acl.op.load(blob.ctypes.data, blob.nbytes) == ACL_SUCCESS
    assert acl.op.load(0, 0) == INVALID_PARAM
    assert acl.op.set_max_op_queue_num(1024) == ACL_SUCCESS


def _ret_of(result: object) -> int:
    return result[-1] if isinstance(result, tuple) else result  # type: ignore[index]


def test_data_type_attribute_selects_the_cast_target(ops: OpSession) -> None:
    x = np.array([1.9, -2.7], np.float32)
    attr = ops.attr()
    check(_ret_of(acl.op.set_attr_data_type(attr, "dst_type", acl.ACL_INT32)), "set_attr_data_type")
    np.testing.assert_array_equal(ops.run("Cast", [x], (2,), np.int32, attr=attr), [1, -2])
    assert NUMPY_TO_ACL[np.dtype(np.int32)] == acl.ACL_INT32


def test_threads_with_their_own_streams_run_ops_concurrently(compute_stream: int) -> None:
    context, ret = acl.rt.get_context()
    check(ret, "acl.rt.get_context")
    errors: list[str] = []

    def worker(seed: int) -> None:
        try:
            check(acl.rt.set_context(context), "acl.rt.set_context")
            stream, ret = acl.rt.create_stream()
            check(ret, "acl.rt.create_stream")
            session = OpSession(stream)
            rng = np.random.default_rng(seed)
            try:
                for _ in range(15):
                    a = random_array(rng, (20, 30), np.float32, -1, 1)
                    b = random_array(rng, (30, 10), np.float32, -1, 1)
                    got = session.run("MatMul", [a, b], (20, 10), np.float32)
                    np.testing.assert_allclose(got, a @ b, rtol=1e-5, atol=1e-6)
            finally:
                session.release()
                check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
        except BaseException as error:  # reported by the main thread
            errors.append(f"thread {seed}: {error!r}")

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors


def test_default_stream_and_bad_stream(ops: OpSession, rng: np.random.Generator) -> None:
    a = random_array(rng, (3, 3), np.float32)
    (a_desc, a_buf), (out_desc, out_buf, out_ptr) = ops.tensor(a), ops.output((3, 3), np.float32)
    check(
        execute_v2("Neg", [a_desc], [a_buf], [out_desc], [out_buf], 0, 0), "execute_v2 on the default stream"
    )
    check(acl.rt.synchronize_stream(0), "synchronize the default stream")
    np.testing.assert_array_equal(ops.from_device(out_ptr, (3, 3), np.float32), -a)
    garbage_stream = ops.device(64)
    ret = execute_v2("Neg", [a_desc], [a_buf], [out_desc], [out_buf], 0, garbage_stream)
    assert ret != ACL_SUCCESS
    assert "aclopExecuteV2" in acl.get_recent_err_msg()


def test_c_level_argument_checks(tmp_path: Path) -> None:
    """tests/compute/c/op_api_test.c: NULL arrays, negative counts and NULL handles from C."""
    library = Path(acl._backend.EMULATOR_LIBRARY)  # the package under test, not the source tree
    source = Path(__file__).with_name("c") / "op_api_test.c"
    flags = ["-Wno-deprecated-declarations"]
    binary = compile_c([source], tmp_path / "op_api_test", flags=flags, link=link_emulator(library))
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
