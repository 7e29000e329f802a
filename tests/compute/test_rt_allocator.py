"""User allocators on a stream (acl.rt.allocator_*): the emulator takes the device workspace of the
operators and BLAS calls run on that stream from the user's callbacks, and gives it back."""

from __future__ import annotations

import resource
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np  # tests/compute/conftest.py skips the folder without numpy
import pytest
from helpers.subproc import describe, run_pytest_selection, run_python
from op_support import OpSession, check, execute_v2

import acl
from acl.__main__ import _emulator_compute

pytestmark = pytest.mark.numpy

POOL_BYTES = 1 << 20
OBJ = 0x5EED


class PoolAllocator:
    """Hands out slices of one device allocation; blocks are small ids mapped to addresses."""

    def __init__(self, pool: int) -> None:
        self.pool = pool
        self.lock = threading.Lock()
        self.used = 0
        self.next_id = 1
        self.live: dict[int, tuple[int, int]] = {}
        self.allocs: list[tuple[int, int]] = []  # (allocator object, size)
        self.frees: list[tuple[int, int]] = []  # (allocator object, block)
        self.addr_calls = 0
        self.fail = False

    def alloc(self, obj: int, size: int) -> int:
        with self.lock:
            self.allocs.append((obj, size))
            if self.fail or self.used + size > POOL_BYTES:
                return 0
            block, self.next_id = self.next_id, self.next_id + 1
            self.live[block] = (self.pool + self.used, size)
            self.used += (size + 63) // 64 * 64
            return block

    def get_addr(self, block: int) -> int:
        with self.lock:
            self.addr_calls += 1
            return self.live[block][0]

    def free(self, obj: int, block: int) -> None:
        with self.lock:
            self.frees.append((obj, block))
            del self.live[block]
            if not self.live:
                self.used = 0


@pytest.fixture()
def pool(ops: OpSession) -> Iterator[PoolAllocator]:
    user = PoolAllocator(ops.device(POOL_BYTES))
    desc = acl.rt.allocator_create_desc()
    assert desc != 0
    check(acl.rt.allocator_set_obj_to_desc(desc, OBJ), "set_obj_to_desc")
    check(acl.rt.allocator_set_alloc_func_to_desc(desc, user.alloc), "set_alloc_func_to_desc")
    check(acl.rt.allocator_set_free_func_to_desc(desc, user.free), "set_free_func_to_desc")
    check(acl.rt.allocator_set_get_addr_from_block_func_to_desc(desc, user.get_addr), "set_get_addr")
    check(acl.rt.allocator_register(ops.stream, desc), "allocator_register")
    user.desc = desc  # type: ignore[attr-defined]
    yield user
    acl.rt.allocator_unregister(ops.stream)
    check(acl.rt.allocator_destroy_desc(desc), "allocator_destroy_desc")


def matmul(ops: OpSession, rng: Any, m: int = 37, k: int = 70, n: int = 19) -> None:
    """A float16 MatMul: the emulator always needs workspace for it (float32 copies of the operands
    and of the product), whichever float32 GEMM it then uses (a loaded BLAS needs no packing)."""
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    got = ops.run("MatMul", [a, b], (m, n), np.float32)
    np.testing.assert_allclose(got, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-5)


def test_host_scratch_is_kept_for_the_next_task(ops: OpSession, rng: Any) -> None:
    """Without a registered allocator the scratch is host memory, which the stream's thread keeps
    between tasks: a float16 GEMM's 3 MiB of float32 copies would otherwise come fresh from the
    kernel each time (glibc unmaps blocks that large on free) and fault in again, 768 pages a call."""
    m = k = n = 512
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    pa, pb, pc = ops.to_device(a), ops.to_device(b), ops.device(m * n * 2)
    one, zero = ops.to_device(np.ones(1, np.float16)), ops.to_device(np.zeros(1, np.float16))

    def gemm() -> None:
        check(acl.blas.hgemm(
            acl.ACL_TRANS_N, acl.ACL_TRANS_N, acl.ACL_TRANS_N, m, n, k, one, pa, -1, pb, -1, zero, pc, -1,
            acl.ACL_COMPUTE_HIGH_PRECISION, ops.stream,
        ), "hgemm")  # fmt: skip
        ops.sync()

    gemm()  # the first call takes its scratch from the system
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        gemm()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    assert faults < 768, f"{faults} page faults in 10 GEMMs: the scratch was not kept"
    want = a.astype(np.float32) @ b.astype(np.float32)
    got = ops.from_device(pc, (m, n), np.float16).astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=2e-3, atol=2e-2)


def test_matmul_workspace_comes_from_the_allocator(ops: OpSession, pool: PoolAllocator, rng: Any) -> None:
    matmul(ops, rng)
    assert pool.allocs, "the operator's workspace did not come from the registered allocator"
    assert all(obj == OBJ for obj, _ in pool.allocs + pool.frees)
    # float32 copies of both operands and of the 37x19 product (one spare element each)
    assert {(37 * 70 + 1) * 4, (70 * 19 + 1) * 4, (37 * 19 + 1) * 4} <= {size for _, size in pool.allocs}
    assert pool.addr_calls == len(pool.allocs)
    assert len(pool.frees) == len(pool.allocs) and not pool.live  # every block went back after the op


def test_an_int8_matmul_takes_its_scratch_from_the_allocator(
    ops: OpSession, pool: PoolAllocator, rng: Any
) -> None:
    a = rng.integers(-128, 128, size=(6, 300)).astype(np.int8)
    b = rng.integers(-128, 128, size=(300, 4)).astype(np.int8)
    got = ops.run("MatMul", [a, b], (6, 4), np.int32)
    np.testing.assert_array_equal(got, a.astype(np.int32) @ b.astype(np.int32))
    sizes = {size for _, size in pool.allocs}
    if (_emulator_compute() or "").endswith("int8 gemm=avx512-vnni"):
        # both operands packed in one block: a block of 8 rows and a panel of 32 columns, 75 steps of
        # 4 bytes of k each, the panel's 32 start values, and room to align the three to 64 bytes
        assert sizes == {8 * 75 * 4 + 32 * 75 * 4 + 32 * 4 + 3 * 64}
    else:
        assert (6 * 4 + 1) * 4 in sizes  # the int32 product
        assert (6 * 300 + 1) * 4 in sizes and (300 * 4 + 1) * 4 in sizes  # the operands as exact floats
    assert len(pool.frees) == len(pool.allocs)


def test_the_portable_int8_matmul_takes_its_scratch_from_the_allocator() -> None:
    """The float32 path of the test above, forced by ACL_EMU_GENERIC_KERNELS=1 on CPUs with VNNI."""
    result = run_pytest_selection(__file__, "an_int8_matmul", {"ACL_EMU_GENERIC_KERNELS": "1"})
    assert result.returncode == 0, describe(result)
    assert "1 passed" in result.stdout


def test_blas_gemm_uses_the_allocator_too(ops: OpSession, pool: PoolAllocator, rng: Any) -> None:
    m, k, n = 9, 17, 6
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    pa, pb = ops.to_device(a), ops.to_device(b)
    pc = ops.device(m * n * 4)
    one, zero = ops.to_device(np.ones(1, np.float32)), ops.to_device(np.zeros(1, np.float32))
    n_ = acl.ACL_TRANS_N
    ret = acl.blas.gemm_ex(
        n_, n_, n_, m, n, k, one, pa, -1, acl.ACL_FLOAT16, pb, -1, acl.ACL_FLOAT16,
        zero, pc, -1, acl.ACL_FLOAT, acl.ACL_COMPUTE_HIGH_PRECISION, ops.stream,
    )  # fmt: skip
    check(ret, "gemm_ex")
    ops.sync()
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(ops.from_device(pc, (m, n), np.float32), want, rtol=1e-5, atol=1e-5)
    assert pool.allocs and len(pool.frees) == len(pool.allocs)


def test_unregister_stops_the_calls(ops: OpSession, pool: PoolAllocator, rng: Any) -> None:
    matmul(ops, rng)
    calls = len(pool.allocs)
    assert calls > 0
    check(acl.rt.allocator_unregister(ops.stream), "allocator_unregister")
    matmul(ops, rng)
    assert len(pool.allocs) == calls and len(pool.frees) == calls
    assert acl.rt.allocator_unregister(ops.stream) == acl.ACL_ERROR_INVALID_PARAM  # nothing left
    *_, ret = acl.rt.allocator_get_by_stream(ops.stream)
    assert ret == acl.ACL_ERROR_INVALID_PARAM


def test_get_by_stream_returns_the_registration(ops: OpSession, pool: PoolAllocator) -> None:
    desc, obj, alloc_fn, free_fn, advise_fn, addr_fn, ret = acl.rt.allocator_get_by_stream(ops.stream)
    check(ret, "allocator_get_by_stream")
    assert desc == pool.desc  # type: ignore[attr-defined]
    assert obj == OBJ
    assert alloc_fn != 0 and free_fn != 0 and addr_fn != 0
    assert advise_fn == 0  # not set on this desc


def test_a_failing_allocator_fails_the_op(ops: OpSession, pool: PoolAllocator, rng: Any) -> None:
    pool.fail = True
    a = rng.uniform(-1, 1, (12, 40)).astype(np.float16)
    pairs = [ops.tensor(a), ops.tensor(a.T.copy())]
    out_desc, out_buf, _ = ops.output((12, 12), np.float32)
    check(
        execute_v2(
            "MatMul", [d for d, _ in pairs], [b for _, b in pairs], [out_desc], [out_buf], 0, ops.stream
        ),
        "execute_v2",
    )  # the workspace is taken when the op runs
    assert acl.rt.synchronize_stream(ops.stream) == acl.ACL_ERROR_BAD_ALLOC
    assert "allocator" in acl.get_recent_err_msg()
    pool.fail = False
    matmul(ops, rng)  # the stream goes on


BAD_INPUT = """
import acl
assert acl.init() == 0
assert acl.rt.set_device(0) == 0
stream, ret = acl.rt.create_stream(); assert ret == 0
E = acl.ACL_ERROR_INVALID_PARAM
desc = acl.rt.allocator_create_desc()
assert desc != 0
# an incomplete desc cannot be registered
assert acl.rt.allocator_register(stream, desc) == E
assert acl.rt.allocator_set_alloc_func_to_desc(desc, lambda obj, size: 0) == 0
assert acl.rt.allocator_register(stream, desc) == E, "no free / get-addr function yet"
assert acl.rt.allocator_set_free_func_to_desc(desc, lambda obj, block: None) == 0
assert acl.rt.allocator_set_get_addr_from_block_func_to_desc(desc, lambda block: block) == 0
# NULL and garbage handles
assert acl.rt.allocator_register(0, desc) == E
assert acl.rt.allocator_register(0xDEAD000, desc) == E
assert acl.rt.allocator_register(stream, 0) == E
assert acl.rt.allocator_register(stream, 0xBAD0) == E
assert acl.rt.allocator_set_obj_to_desc(0xBAD0, 1) == E
assert acl.rt.allocator_set_obj_to_desc(desc, 0) == E
assert acl.rt.allocator_destroy_desc(0) == E
assert acl.rt.allocator_destroy_desc(0xBAD0) == E
assert acl.rt.allocator_unregister(0) == E
assert acl.rt.allocator_unregister(stream) == E, "nothing registered"
*_, ret = acl.rt.allocator_get_by_stream(stream)
assert ret == E
# registered, then the stream goes away: the registration with it
assert acl.rt.allocator_register(stream, desc) == 0
*_, ret = acl.rt.allocator_get_by_stream(stream)
assert ret == 0
assert acl.rt.destroy_stream(stream) == 0
assert acl.rt.allocator_destroy_desc(desc) == 0
assert acl.rt.allocator_destroy_desc(desc) == E, "destroyed twice"
assert acl.rt.reset_device(0) == 0
assert acl.finalize() == 0
print("ok")
"""


def test_bad_input_gives_error_codes() -> None:
    result = run_python(BAD_INPUT, env={"ACL_BACKEND": "emulator"})
    assert result.returncode == 0 and "ok" in result.stdout, describe(result)


def test_the_user_allocator_must_give_device_memory(ops: OpSession, pool: PoolAllocator, rng: Any) -> None:
    host = np.zeros(POOL_BYTES // 4, np.float32)
    pool.pool = host.ctypes.data  # addresses nothing vouches for as device memory
    a = rng.uniform(-1, 1, (12, 40)).astype(np.float16)
    pairs = [ops.tensor(a), ops.tensor(a.T.copy())]
    out_desc, out_buf, _ = ops.output((12, 12), np.float32)
    check(
        execute_v2(
            "MatMul", [d for d, _ in pairs], [b for _, b in pairs], [out_desc], [out_buf], 0, ops.stream
        ),
        "execute_v2",
    )
    assert acl.rt.synchronize_stream(ops.stream) == acl.ACL_ERROR_INVALID_PARAM
    assert len(pool.frees) == len(pool.allocs) > 0  # refused blocks still go back to the user


SPLIT_GEMM = """
import sys, threading
sys.path.insert(0, sys.argv[1])
import numpy as np
import acl
from op_support import OpSession, check

assert acl.init() == 0
check(acl.rt.set_device(0), "set_device")
stream, ret = acl.rt.create_stream()
check(ret, "create_stream")
ops = OpSession(stream)
pool = ops.device(64 << 20)
lock = threading.Lock()
state = {"used": 0, "live": {}, "threads": set(), "allocs": 0, "frees": 0}

def alloc(obj, size):
    with lock:
        state["allocs"] += 1
        state["threads"].add(threading.get_ident())
        addr = pool + state["used"]
        state["used"] += (size + 63) // 64 * 64
        state["live"][addr] = size
        return addr

def free(obj, block):
    with lock:
        state["frees"] += 1
        del state["live"][block]

desc = acl.rt.allocator_create_desc()
check(acl.rt.allocator_set_obj_to_desc(desc, 1), "obj")
check(acl.rt.allocator_set_alloc_func_to_desc(desc, alloc), "alloc")
check(acl.rt.allocator_set_free_func_to_desc(desc, free), "free")
check(acl.rt.allocator_set_get_addr_from_block_func_to_desc(desc, lambda block: block), "get addr")
check(acl.rt.allocator_register(stream, desc), "register")
rng = np.random.default_rng(7)
a = rng.uniform(-1, 1, (240, 200)).astype(np.float32)
b = rng.uniform(-1, 1, (200, 260)).astype(np.float32)
got = ops.run("MatMul", [a, b], (240, 260), np.float32)
np.testing.assert_allclose(got, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-4, atol=1e-4)
assert state["allocs"] >= 2 and state["frees"] == state["allocs"] and not state["live"], state
print("threads", len(state["threads"]))
check(acl.rt.allocator_unregister(stream), "unregister")
check(acl.rt.allocator_destroy_desc(desc), "destroy desc")
ops.release()
check(acl.rt.destroy_stream(stream), "destroy_stream")
check(acl.rt.reset_device(0), "reset_device")
check(acl.finalize(), "finalize")
print("ok")
"""


def test_the_built_in_gemm_split_over_threads_takes_every_band_from_the_allocator() -> None:
    env = {"ACL_BACKEND": "emulator", "ACL_EMU_BLAS_LIBRARY": "none", "ACL_EMU_THREADS": "3"}
    result = run_python(SPLIT_GEMM, env, args=(str(Path(__file__).resolve().parent),))
    assert result.returncode == 0 and "ok" in result.stdout, describe(result)
    assert "threads 3" in result.stdout  # each band's packing scratch came from its own thread
