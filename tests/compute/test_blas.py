"""CBLAS (acl.blas) on the emulator against numpy: row-major C = alpha * op(A) op(B) + beta * C.

Matrices, alpha and beta live in device memory (addresses are ints, as in pyACL); each call runs
on the stream and the result is read back after synchronizing.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from helpers.subproc import describe, run_pytest_selection
from op_support import ACL_SUCCESS, NUMPY_TO_ACL, OpSession, check, execute_with_handle

import acl

INVALID_PARAM = acl.ACL_ERROR_INVALID_PARAM
UNSUPPORTED_DTYPE = acl.ACL_ERROR_UNSUPPORTED_DATA_TYPE
TRANS_N, TRANS_T = acl.ACL_TRANS_N, acl.ACL_TRANS_T
HIGH = acl.ACL_COMPUTE_HIGH_PRECISION
LOW = acl.ACL_COMPUTE_LOW_PRECISION


def operands(rng: np.random.Generator, dtype: type, shape: tuple[int, int]) -> np.ndarray:
    if dtype == np.int8:
        return rng.integers(-128, 128, size=shape).astype(np.int8)
    return rng.uniform(-1, 1, size=shape).astype(dtype)


def reference(
    a: np.ndarray, b: np.ndarray, c: np.ndarray, alpha: float, beta: float, ta: bool, tb: bool
) -> np.ndarray:
    a64 = (a.T if ta else a).astype(np.float64)
    b64 = (b.T if tb else b).astype(np.float64)
    return alpha * (a64 @ b64) + beta * c.astype(np.float64)


class Gemm:
    """Operands of one GEMM in device memory."""

    def __init__(
        self, ops: OpSession, a: np.ndarray, b: np.ndarray, c: np.ndarray, alpha: float, beta: float
    ) -> None:
        self.ops = ops
        self.c_shape, self.c_dtype = c.shape, c.dtype
        self.a, self.b, self.c = ops.to_device(a), ops.to_device(b), ops.to_device(c)
        self.alpha = ops.to_device(np.array([alpha], dtype=c.dtype))
        self.beta = ops.to_device(np.array([beta], dtype=c.dtype))

    def result(self) -> np.ndarray:
        self.ops.sync()
        return self.ops.from_device(self.c, self.c_shape, self.c_dtype)


CASES = [
    (np.float32, np.float32, 1e-5),
    (np.float16, np.float16, 2e-3),
    (np.float16, np.float32, 1e-5),
    (np.int8, np.int32, 0),
    (np.int8, np.float32, 1e-6),
]


@pytest.mark.parametrize(("in_type", "out_type", "rtol"), CASES, ids=lambda v: getattr(v, "__name__", str(v)))
@pytest.mark.parametrize("trans", [(False, False), (True, False), (False, True), (True, True)], ids=str)
def test_gemm_ex_types_and_transposes(
    ops: OpSession,
    rng: np.random.Generator,
    in_type: type,
    out_type: type,
    rtol: float,
    trans: tuple[bool, bool],
) -> None:
    ta, tb = trans
    m, n, k = 23, 41, 67
    a = operands(rng, in_type, (k, m) if ta else (m, k))
    b = operands(rng, in_type, (n, k) if tb else (k, n))
    c = (
        operands(rng, np.int8, (m, n)).astype(out_type)
        if out_type == np.int32
        else operands(rng, out_type, (m, n))
    )
    alpha, beta = (3, -2) if out_type == np.int32 else (1.5, -0.5)
    g = Gemm(ops, a, b, c, alpha, beta)
    ret = acl.blas.gemm_ex(
        TRANS_T if ta else TRANS_N, TRANS_T if tb else TRANS_N, TRANS_N, m, n, k,
        g.alpha, g.a, -1, NUMPY_TO_ACL[a.dtype], g.b, -1, NUMPY_TO_ACL[b.dtype],
        g.beta, g.c, -1, NUMPY_TO_ACL[c.dtype], HIGH, ops.stream,
    )  # fmt: skip
    check(ret, "gemm_ex")
    want = reference(a, b, c, alpha, beta, ta, tb)
    got = g.result()
    if out_type == np.int32:
        np.testing.assert_array_equal(got, want.astype(np.int64))
    else:
        scale = np.abs(want).max()
        np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * scale)


def test_gemm_ex_float32_large_and_blocked(ops: OpSession, rng: np.random.Generator) -> None:
    # sizes that cross every cache block (96 rows, 256 deep, 2048 wide) and leave ragged edges
    m, n, k = 197, 2061, 301
    a, b = operands(rng, np.float32, (m, k)), operands(rng, np.float32, (k, n))
    c = operands(rng, np.float32, (m, n))
    g = Gemm(ops, a, b, c, 1.0, 1.0)
    check(
        acl.blas.gemm_ex(
            TRANS_N,
            TRANS_N,
            TRANS_N,
            m,
            n,
            k,
            g.alpha,
            g.a,
            -1,
            acl.ACL_FLOAT,
            g.b,
            -1,
            acl.ACL_FLOAT,
            g.beta,
            g.c,
            -1,
            acl.ACL_FLOAT,
            HIGH,
            ops.stream,
        ),
        "gemm_ex",
    )
    np.testing.assert_allclose(g.result(), reference(a, b, c, 1.0, 1.0, False, False), rtol=1e-4, atol=1e-4)


def test_gemm_ex_leading_dimensions_select_submatrices(ops: OpSession, rng: np.random.Generator) -> None:
    m, n, k = 5, 6, 7
    big_a = operands(rng, np.float32, (m, k + 3))
    big_b = operands(rng, np.float32, (k, n + 2))
    big_c = operands(rng, np.float32, (m, n + 4))
    g = Gemm(ops, big_a, big_b, big_c, 1.0, 0.0)
    check(
        acl.blas.gemm_ex(
            TRANS_N,
            TRANS_N,
            TRANS_N,
            m,
            n,
            k,
            g.alpha,
            g.a,
            k + 3,
            acl.ACL_FLOAT,
            g.b,
            n + 2,
            acl.ACL_FLOAT,
            g.beta,
            g.c,
            n + 4,
            acl.ACL_FLOAT,
            HIGH,
            ops.stream,
        ),
        "gemm_ex",
    )
    got = g.result()
    np.testing.assert_allclose(got[:, :n], big_a[:, :k] @ big_b[:, :n], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(got[:, n:], big_c[:, n:])  # columns past n are left alone


def test_beta_zero_ignores_nan_in_c(ops: OpSession, rng: np.random.Generator) -> None:
    a, b = operands(rng, np.float16, (4, 3)), operands(rng, np.float16, (3, 5))
    c = np.full((4, 5), np.nan, np.float16)
    g = Gemm(ops, a, b, c, 2.0, 0.0)
    check(
        acl.blas.hgemm(
            TRANS_N, TRANS_N, TRANS_N, 4, 5, 3, g.alpha, g.a, -1, g.b, -1, g.beta, g.c, -1, LOW, ops.stream
        ),
        "hgemm",
    )
    got = g.result()
    assert not np.isnan(got).any()
    np.testing.assert_allclose(got, 2 * (a.astype(np.float32) @ b.astype(np.float32)), rtol=2e-3, atol=2e-3)


def test_s8gemm_is_exact_in_int32(ops: OpSession, rng: np.random.Generator) -> None:
    m, n, k = 9, 11, 2100  # deep enough that a float32 accumulator alone would round
    a, b = operands(rng, np.int8, (k, m)), operands(rng, np.int8, (k, n))
    a[:, 0] = -128
    b[:, 0] = -128  # C[0, 0] collects 2100 * 2**14 > 2**24
    c = rng.integers(-(2**20), 2**20, size=(m, n)).astype(np.int32)
    g = Gemm(ops, a, b, c, -1, 7)
    check(
        acl.blas.s8gemm(
            TRANS_T, TRANS_N, TRANS_N, m, n, k, g.alpha, g.a, -1, g.b, -1, g.beta, g.c, -1, HIGH, ops.stream
        ),
        "s8gemm",
    )
    want = -(a.T.astype(np.int64) @ b.astype(np.int64)) + 7 * c.astype(np.int64)
    np.testing.assert_array_equal(g.result(), want)


def test_s8gemm_with_nothing_to_sum_scales_c(ops: OpSession, rng: np.random.Generator) -> None:
    # k = 0: the product is all zeros (not whatever the scratch held), C becomes beta * C
    m, n = 5, 6
    one_byte = np.zeros((1, 1), np.int8)  # a real address for A and B, never read
    c = rng.integers(-1000, 1000, size=(m, n)).astype(np.int32)
    g = Gemm(ops, one_byte, one_byte, c, 4, -3)
    check(
        acl.blas.s8gemm(
            TRANS_N, TRANS_N, TRANS_N, m, n, 0, g.alpha, g.a, 1, g.b, n, g.beta, g.c, -1, HIGH, ops.stream
        ),
        "s8gemm",
    )
    np.testing.assert_array_equal(g.result(), -3 * c)


# (m, n, k, trans_a, trans_b, pad): tiles of 8 rows x 32 columns with ragged edges, k in steps of 4
# with a remainder, k deeper than one cache block of 512 (later blocks add to C), one row or column
# alone, and leading dimensions wider than the matrices
S8GEMM_SHAPES = [
    (8, 32, 4, False, False, 0),
    (9, 33, 5, False, False, 0),
    (1, 1, 1, True, True, 0),
    (64, 96, 1300, False, False, 3),
    (70, 45, 517, True, False, 0),
    (19, 130, 77, False, True, 5),
    (300, 17, 250, True, True, 2),  # more row blocks than panels: threads split the rows
    (3, 1000, 9, False, False, 0),
]


@pytest.mark.parametrize("scaled", [False, True], ids=["c_is_ab", "alpha_beta"])
@pytest.mark.parametrize("shape", S8GEMM_SHAPES, ids=str)
def test_s8gemm_shapes_match_numpy(
    ops: OpSession, rng: np.random.Generator, shape: tuple[int, int, int, bool, bool, int], scaled: bool
) -> None:
    m, n, k, ta, tb, pad = shape
    a = operands(rng, np.int8, (k, m + pad) if ta else (m, k + pad))
    b = operands(rng, np.int8, (n, k + pad) if tb else (k, n + pad))
    a.flat[:: max(1, a.size // 50)] = -128  # the extremes, whose + 128 fills a byte
    b.flat[:: max(1, b.size // 40)] = 127
    c = rng.integers(-(2**20), 2**20, size=(m, n + pad)).astype(np.int32)
    alpha, beta = (-3, 2) if scaled else (1, 0)
    g = Gemm(ops, a, b, c, alpha, beta)
    check(
        acl.blas.gemm_ex(
            TRANS_T if ta else TRANS_N, TRANS_T if tb else TRANS_N, TRANS_N, m, n, k,
            g.alpha, g.a, a.shape[1], acl.ACL_INT8, g.b, b.shape[1], acl.ACL_INT8,
            g.beta, g.c, n + pad, acl.ACL_INT32, HIGH, ops.stream,
        ),
        "gemm_ex",
    )  # fmt: skip
    op_a = (a.T if ta else a)[:m, :k].astype(np.int64)
    op_b = (b.T if tb else b)[:k, :n].astype(np.int64)
    got = g.result()
    np.testing.assert_array_equal(got[:, :n], alpha * (op_a @ op_b) + beta * c[:, :n].astype(np.int64))
    np.testing.assert_array_equal(got[:, n:], c[:, n:])  # columns past n are left alone


@pytest.mark.parametrize("out_type", [np.float16, np.float32])
def test_int8_matmul_into_float(ops: OpSession, rng: np.random.Generator, out_type: type) -> None:
    # small values, so the products stay inside float16's range
    m, n, k = 19, 70, 45
    a = rng.integers(-6, 7, size=(m, k)).astype(np.int8)
    b = rng.integers(-6, 7, size=(k, n)).astype(np.int8)
    got = ops.run("MatMul", [a, b], (m, n), out_type)
    np.testing.assert_array_equal(got, (a.astype(np.int32) @ b.astype(np.int32)).astype(out_type))


def test_s8gemm_wraps_like_an_int32_accumulator(ops: OpSession) -> None:
    # (-128) * (-128) summed 140,000 times is 2.29e9, past int32's maximum: the accumulator wraps
    k = 140_000
    a = np.full((1, k), -128, np.int8)
    b = np.full((k, 2), -128, np.int8)
    b[:, 1] = 127
    g = Gemm(ops, a, b, np.zeros((1, 2), np.int32), 1, 0)
    check(
        acl.blas.s8gemm(
            TRANS_N, TRANS_N, TRANS_N, 1, 2, k, g.alpha, g.a, -1, g.b, -1, g.beta, g.c, -1, HIGH, ops.stream
        ),
        "s8gemm",
    )
    want = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.uint32).view(np.int32)  # modulo 2**32
    assert want[0, 0] < 0  # it did wrap
    np.testing.assert_array_equal(g.result(), want)


def test_s8gemm_runs_on_the_dot_product_instructions_where_the_cpu_has_them() -> None:
    from acl.__main__ import _emulator_compute

    flags = set()
    with open("/proc/cpuinfo", encoding="ascii", errors="replace") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    info = _emulator_compute() or ""
    generic = os.environ.get("ACL_EMU_GENERIC_KERNELS", "0") not in ("", "0")
    vnni = {"avx512f", "avx512bw", "avx512_vnni"} <= flags and not generic
    assert info.endswith("; int8 gemm=" + ("avx512-vnni" if vnni else "float32 GEMM")), info


@pytest.mark.parametrize("trans", [False, True])
def test_gemv_ex_with_increments(ops: OpSession, rng: np.random.Generator, trans: bool) -> None:
    m, n = 13, 8
    a = operands(rng, np.float16, (m, n))
    len_x, len_y = (m, n) if trans else (n, m)
    incx, incy = 2, 3
    x = operands(rng, np.float16, (len_x * incx, 1))
    y = operands(rng, np.float32, (len_y * incy, 1))
    g = Gemm(ops, a, x, y, 0.5, 2.0)
    check(
        acl.blas.gemv_ex(
            TRANS_T if trans else TRANS_N,
            m,
            n,
            g.alpha,
            g.a,
            -1,
            acl.ACL_FLOAT16,
            g.b,
            incx,
            acl.ACL_FLOAT16,
            g.beta,
            g.c,
            incy,
            acl.ACL_FLOAT,
            HIGH,
            ops.stream,
        ),
        "gemv_ex",
    )
    got = g.result().ravel()
    op_a = (a.T if trans else a).astype(np.float64)
    want_used = 0.5 * op_a @ x.ravel()[::incx].astype(np.float64) + 2.0 * y.ravel()[::incy]
    np.testing.assert_allclose(got[::incy], want_used, rtol=1e-5, atol=1e-5)
    untouched = np.ones(len(got), bool)
    untouched[::incy] = False
    np.testing.assert_array_equal(got[untouched], y.ravel()[untouched])


def test_hgemv_and_s8gemv(ops: OpSession, rng: np.random.Generator) -> None:
    a, x, y = (
        operands(rng, np.float16, (6, 4)),
        operands(rng, np.float16, (4, 1)),
        operands(rng, np.float16, (6, 1)),
    )
    g = Gemm(ops, a, x, y, 1.0, 1.0)
    check(acl.blas.hgemv(TRANS_N, 6, 4, g.alpha, g.a, -1, g.b, 1, g.beta, g.c, 1, HIGH, ops.stream), "hgemv")
    want = a.astype(np.float32) @ x.astype(np.float32) + y
    np.testing.assert_allclose(g.result(), want, rtol=2e-3, atol=2e-3)

    a8, x8 = operands(rng, np.int8, (6, 4)), operands(rng, np.int8, (6, 1))
    y32 = np.arange(4, dtype=np.int32).reshape(4, 1)
    g = Gemm(ops, a8, x8, y32, 2, -1)
    check(
        acl.blas.s8gemv(TRANS_T, 6, 4, g.alpha, g.a, -1, g.b, 1, g.beta, g.c, 1, HIGH, ops.stream), "s8gemv"
    )
    np.testing.assert_array_equal(g.result(), 2 * (a8.T.astype(np.int32) @ x8.astype(np.int32)) - y32)


# ---------------------------------------------------------------------------- handles


def run_handle(ops: OpSession, handle: int, g: Gemm, a_bytes: int, b_bytes: int) -> None:
    c_bytes = int(np.prod(g.c_shape)) * g.c_dtype.itemsize
    scalar = g.c_dtype.itemsize
    inputs = [
        ops.buffer(g.a, a_bytes),
        ops.buffer(g.b, b_bytes),
        ops.buffer(g.c, c_bytes),
        ops.buffer(g.alpha, scalar),
        ops.buffer(g.beta, scalar),
    ]
    check(execute_with_handle(handle, inputs, [ops.buffer(g.c, c_bytes)], ops.stream), "execute_with_handle")


def test_gemm_handles(ops: OpSession, rng: np.random.Generator) -> None:
    m, n, k = 12, 7, 9
    handle, ret = acl.blas.create_handle_for_gemm_ex(
        TRANS_N, TRANS_T, TRANS_N, m, n, k, acl.ACL_FLOAT16, acl.ACL_FLOAT16, acl.ACL_FLOAT, HIGH
    )
    check(ret, "create_handle_for_gemm_ex")
    ops.handle(handle)
    for _ in range(2):  # a handle serves any number of executions
        a, b = operands(rng, np.float16, (m, k)), operands(rng, np.float16, (n, k))
        c = operands(rng, np.float32, (m, n))
        g = Gemm(ops, a, b, c, 1.25, 0.75)
        run_handle(ops, handle, g, a.nbytes, b.nbytes)
        np.testing.assert_allclose(
            g.result(), reference(a, b, c, 1.25, 0.75, False, True), rtol=1e-5, atol=1e-5
        )

    handle, ret = acl.blas.create_handle_for_s8gemm(TRANS_T, TRANS_N, TRANS_N, m, n, k, HIGH)
    check(ret, "create_handle_for_s8gemm")
    ops.handle(handle)
    a, b = operands(rng, np.int8, (k, m)), operands(rng, np.int8, (k, n))
    c = np.ones((m, n), np.int32)
    g = Gemm(ops, a, b, c, 1, 5)
    run_handle(ops, handle, g, a.nbytes, b.nbytes)
    np.testing.assert_array_equal(g.result(), a.T.astype(np.int32) @ b.astype(np.int32) + 5)

    handle, ret = acl.blas.create_handle_for_hgemm(TRANS_N, TRANS_N, TRANS_N, m, n, k, LOW)
    check(ret, "create_handle_for_hgemm")
    ops.handle(handle)
    a, b, c = (
        operands(rng, np.float16, (m, k)),
        operands(rng, np.float16, (k, n)),
        operands(rng, np.float16, (m, n)),
    )
    g = Gemm(ops, a, b, c, 1.0, 1.0)
    run_handle(ops, handle, g, a.nbytes, b.nbytes)
    np.testing.assert_allclose(g.result(), reference(a, b, c, 1, 1, False, False), rtol=3e-3, atol=3e-3)


def test_gemv_handles(ops: OpSession, rng: np.random.Generator) -> None:
    m, n = 5, 8
    handle, ret = acl.blas.create_handle_for_gemv_ex(
        TRANS_T, m, n, acl.ACL_INT8, acl.ACL_INT8, acl.ACL_FLOAT, HIGH
    )
    check(ret, "create_handle_for_gemv_ex")
    ops.handle(handle)
    a, x, y = (
        operands(rng, np.int8, (m, n)),
        operands(rng, np.int8, (m, 1)),
        operands(rng, np.float32, (n, 1)),
    )
    g = Gemm(ops, a, x, y, 0.5, 1.0)
    run_handle(ops, handle, g, a.nbytes, x.nbytes)
    np.testing.assert_allclose(g.result(), 0.5 * (a.T.astype(np.float64) @ x) + y, rtol=1e-6)

    for create, args in (
        (acl.blas.create_handle_for_hgemv, (TRANS_N, m, n, HIGH)),
        (acl.blas.create_handle_for_s8gemv, (TRANS_N, m, n, HIGH)),
    ):
        handle, ret = create(*args)
        check(ret, create.__name__)
        ops.handle(handle)


def test_handle_buffers_must_be_large_enough(ops: OpSession) -> None:
    handle, ret = acl.blas.create_handle_for_hgemm(TRANS_N, TRANS_N, TRANS_N, 4, 4, 4, HIGH)
    check(ret, "create_handle_for_hgemm")
    ops.handle(handle)
    small = ops.buffer(ops.device(8), 8)
    assert execute_with_handle(handle, [small] * 5, [small], ops.stream) == INVALID_PARAM


# ----------------------------------------------------------------------------- errors


def test_argument_errors(ops: OpSession) -> None:
    p = ops.device(4096)
    f32, f16, i8, i32 = acl.ACL_FLOAT, acl.ACL_FLOAT16, acl.ACL_INT8, acl.ACL_INT32

    def gemm(
        ta: int = TRANS_N,
        tc: int = TRANS_N,
        m: int = 4,
        a: int = p,
        lda: int = -1,
        types: tuple = (f32,) * 3,
        compute: int = HIGH,
    ) -> int:
        return acl.blas.gemm_ex(
            ta,
            TRANS_N,
            tc,
            m,
            4,
            4,
            p,
            a,
            lda,
            types[0],
            p,
            -1,
            types[1],
            p,
            p,
            -1,
            types[2],
            compute,
            ops.stream,
        )

    assert gemm() == ACL_SUCCESS
    assert gemm(types=(f32, f32, i32)) == UNSUPPORTED_DTYPE
    assert gemm(types=(i8, f16, i32)) == UNSUPPORTED_DTYPE
    assert gemm(types=(f16, f16, i32)) == UNSUPPORTED_DTYPE
    assert gemm(tc=TRANS_T) == INVALID_PARAM
    assert gemm(ta=acl.ACL_TRANS_NZ) == INVALID_PARAM
    assert "NZ" in acl.get_recent_err_msg()
    assert gemm(m=-1) == INVALID_PARAM
    assert gemm(a=0) == INVALID_PARAM
    assert gemm(lda=2) == INVALID_PARAM
    assert gemm(compute=7) == INVALID_PARAM
    assert acl.blas.hgemv(TRANS_N, 4, 4, p, p, -1, p, 0, p, p, 1, HIGH, ops.stream) == INVALID_PARAM
    assert "incx" in acl.get_recent_err_msg()
    assert acl.blas.create_handle_for_gemm_ex(TRANS_N, TRANS_N, TRANS_N, 2, 2, 2, f32, f32, i8, HIGH)[1] == (
        UNSUPPORTED_DTYPE
    )
    ops.sync()


def test_matrix_past_the_end_of_its_allocation(ops: OpSession) -> None:
    small = ops.device(16)  # 4 floats: far less than a 4 x 4 matrix
    big = ops.device(4096)
    ret = acl.blas.gemm_ex(
        TRANS_N,
        TRANS_N,
        TRANS_N,
        4,
        4,
        4,
        big,
        small,
        -1,
        acl.ACL_FLOAT,
        big,
        -1,
        acl.ACL_FLOAT,
        big,
        big,
        -1,
        acl.ACL_FLOAT,
        HIGH,
        ops.stream,
    )
    assert ret == INVALID_PARAM
    assert "aclblasGemmEx" in acl.get_recent_err_msg()


def test_portable_gemm_kernel_gives_the_same_results() -> None:
    """The SIMD-generic kernel (machines without AVX2/FMA), forced by ACL_EMU_GENERIC_KERNELS=1."""
    selection = "large_and_blocked or types_and_transposes or s8gemm or gemv_ex"
    result = run_pytest_selection(__file__, selection, {"ACL_EMU_GENERIC_KERNELS": "1"})
    assert result.returncode == 0, describe(result)
    assert " passed" in result.stdout
