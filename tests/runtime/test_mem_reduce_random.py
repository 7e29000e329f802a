"""aclrtReduceAsync against numpy, and aclrtRandomNumAsync: Philox known answers, determinism,
counter continuation and the distributions' moments."""

from __future__ import annotations

import struct

import pytest
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, refused

import acl
from acl._backend import ffi, lib

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy

SUM, MAX, MIN = (acl.ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, acl.ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX,
                 acl.ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN)
NUMPY_OPS = {SUM: np.add, MAX: np.maximum, MIN: np.minimum}


def _device_array(alloc: Allocations, array: object) -> int:
    data = np.ascontiguousarray(array).tobytes()
    ptr = alloc.device(len(data))
    write_device(ptr, data)
    return ptr


def _sample(dtype: object, n: int, rng: object) -> object:
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=n, endpoint=True, dtype=dtype)
    return (rng.standard_normal(n) * 100).astype(dtype)


@pytest.mark.parametrize("kind", [SUM, MAX, MIN])
@pytest.mark.parametrize(("acl_type", "dtype"), [
    (acl.ACL_INT8, "int8"), (acl.ACL_INT16, "int16"), (acl.ACL_INT32, "int32"), (acl.ACL_UINT32, "uint32"),
    (acl.ACL_FLOAT16, "float16"), (acl.ACL_FLOAT, "float32")])
def test_reduce_matches_numpy(alloc: Allocations, rt: Runtime, kind: int, acl_type: int, dtype: str) -> None:
    rng = np.random.default_rng(kind * 100 + acl_type)
    n = 1031
    dst_values, src_values = _sample(np.dtype(dtype), n, rng), _sample(np.dtype(dtype), n, rng)
    dst, src = _device_array(alloc, dst_values), _device_array(alloc, src_values)
    nbytes = n * np.dtype(dtype).itemsize
    check(acl.rt.reduce_async(dst, src, nbytes, kind, acl_type, rt.stream, 0), "reduce_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    got = np.frombuffer(read_device(dst, nbytes), dtype=dtype)
    with np.errstate(over="ignore"):
        expected = NUMPY_OPS[kind](dst_values, src_values).astype(dtype)  # integers wrap like numpy's
    np.testing.assert_array_equal(got, expected)
    assert read_device(src, nbytes) == src_values.tobytes()


def test_reduce_bfloat16_of_exact_values(alloc: Allocations, rt: Runtime) -> None:
    # bfloat16 is the upper half of a float32; small integers and their sums are exact in it
    a = np.arange(-64, 64, dtype=np.float32)
    b = np.arange(64, -64, -1, dtype=np.float32) * 0.5
    as_bf16 = lambda x: (x.view(np.uint32) >> 16).astype(np.uint16)  # noqa: E731
    dst, src = _device_array(alloc, as_bf16(a)), _device_array(alloc, as_bf16(b))
    check(acl.rt.reduce_async(dst, src, a.size * 2, SUM, acl.ACL_BF16, rt.stream, 0), "reduce_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    raw = np.frombuffer(read_device(dst, a.size * 2), dtype=np.uint16)
    got = (raw.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(got, a + b)


def test_reduce_bad_arguments(alloc: Allocations, rt: Runtime) -> None:
    dst, src = alloc.device(64), alloc.device(64)
    equal = acl.ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL
    refused(acl.rt.reduce_async(dst, src, 64, equal, acl.ACL_FLOAT, rt.stream, 0), "EQUAL",
            code=acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT)
    refused(acl.rt.reduce_async(dst, src, 64, 99, acl.ACL_FLOAT, rt.stream, 0), "reduce kind")
    refused(acl.rt.reduce_async(dst, src, 64, SUM, acl.ACL_INT64, rt.stream, 0), "be reduced")
    refused(acl.rt.reduce_async(dst, src, 6, SUM, acl.ACL_FLOAT, rt.stream, 0), "multiple")
    refused(acl.rt.reduce_async(dst, src, 0, SUM, acl.ACL_FLOAT, rt.stream, 0), "multiple")
    refused(acl.rt.reduce_async(dst, 0, 64, SUM, acl.ACL_FLOAT, rt.stream, 0))
    refused(acl.rt.reduce_async(dst + 8, src, 64, SUM, acl.ACL_FLOAT, rt.stream, 0), "dst")
    refused(acl.rt.reduce_async(dst, src, 64, SUM, acl.ACL_FLOAT, 0xDEAD0000, 0))


# ------------------------------------------------------------------------------------------ random

def _para(info: object, value: bytes, is_addr: bool = False) -> None:
    info.isAddr = int(is_addr)
    info.size = len(value) if not is_addr else info.size
    ffi.memmove(info.valueOrAddr, value.ljust(8, b"\0"), 8)


class RandomTask:
    """One aclrtRandomNumTaskInfo."""

    def __init__(self, func: int, data_type: int, n: int, seed: int, result: int, counter: int = 0) -> None:
        self.info = ffi.new("aclrtRandomNumTaskInfo *")
        self.info.dataType = data_type
        self.info.randomNumFuncParaInfo.funcType = func
        self.info.randomResultAddr = ffi.cast("void *", result)
        self.info.randomCounterAddr = ffi.cast("void *", counter)
        _para(self.info.randomSeed, struct.pack("<Q", seed))
        _para(self.info.randomNum, struct.pack("<Q", n))

    @property
    def params(self) -> object:
        return self.info.randomNumFuncParaInfo.paramInfo

    def run(self, stream: int) -> int:
        ret = acl.rt.random_num_async(int(ffi.cast("uintptr_t", self.info)), stream, 0)
        if ret == acl.ACL_SUCCESS:
            check(acl.rt.synchronize_stream(stream), "synchronize_stream")
        return ret


def _uniform(alloc: Allocations, rt: Runtime, data_type: int, code: str, n: int, seed: int, low: float,
             high: float, counter: int = 0) -> object:
    """n uniform values of `data_type` (struct code `code`) in [low, high)."""
    width = struct.calcsize(code)
    out = alloc.device(n * width)
    task = RandomTask(acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, data_type, n, seed, out, counter)
    _para(task.params.uniformDisInfo.min, struct.pack("<" + code, low))
    _para(task.params.uniformDisInfo.max, struct.pack("<" + code, high))
    check(task.run(rt.stream), "random_num_async")
    return np.frombuffer(read_device(out, n * width), dtype=np.dtype(code))


def _uniform64(alloc: Allocations, rt: Runtime, n: int, seed: int, counter: int = 0) -> object:
    return _uniform(alloc, rt, acl.ACL_DOUBLE, "d", n, seed, 0.0, 1.0, counter)


def _unit_from_words(hi: int, lo: int) -> float:
    return ((hi >> 5) * 2**26 + (lo >> 6)) / 2**53


def test_philox_known_answers(alloc: Allocations, rt: Runtime) -> None:
    # Random123's published philox4x32-10 vectors: key 0 / counter 0, and all-ones key and counter
    values = _uniform64(alloc, rt, 2, seed=0)
    assert values[0] == _unit_from_words(0x6627E8D5, 0xE169C58D)
    assert values[1] == _unit_from_words(0xBC57AC4C, 0x9B00DBD8)
    counter = _device_array(alloc, np.full(4, 0xFFFFFFFF, dtype=np.uint32))
    values = _uniform64(alloc, rt, 2, seed=2**64 - 1, counter=counter)
    assert values[0] == _unit_from_words(0x408F276D, 0x41C83B0E)
    assert values[1] == _unit_from_words(0xA20BC7C6, 0x6D5451FD)
    # the 128-bit counter wrapped to 0 after that block
    assert read_device(counter, 16) == bytes(16)


def test_random_is_deterministic_and_the_counter_continues(alloc: Allocations, rt: Runtime) -> None:
    first = _uniform64(alloc, rt, 1000, seed=7)
    assert np.array_equal(first, _uniform64(alloc, rt, 1000, seed=7))
    assert not np.array_equal(first, _uniform64(alloc, rt, 1000, seed=8))
    counter = _device_array(alloc, np.zeros(4, dtype=np.uint32))
    head = _uniform64(alloc, rt, 500, seed=7, counter=counter)
    assert np.frombuffer(read_device(counter, 16), dtype=np.uint64).tolist() == [250, 0]  # 2 values a block
    tail = _uniform64(alloc, rt, 500, seed=7, counter=counter)
    np.testing.assert_array_equal(np.concatenate([head, tail]), first)


def test_uniform_float32_moments_and_range(alloc: Allocations, rt: Runtime) -> None:
    n = 200_000
    values = _uniform(alloc, rt, acl.ACL_FLOAT, "f", n, 123, -2.0, 6.0).astype(np.float64)
    assert values.min() >= -2.0 and values.max() <= 6.0
    assert abs(values.mean() - 2.0) < 0.03          # sd of the mean: 8/sqrt(12)/sqrt(n) ~ 0.005
    assert abs(values.var() - 64 / 12) < 0.1
    counts, _ = np.histogram(values, bins=16, range=(-2.0, 6.0))
    chi2 = (((counts - n / 16) ** 2) / (n / 16)).sum()
    assert chi2 < 50  # 15 degrees of freedom: p < 1e-5 beyond this


def test_uniform_int32_stays_in_range(alloc: Allocations, rt: Runtime) -> None:
    n = 60_000
    values = _uniform(alloc, rt, acl.ACL_INT32, "i", n, 5, -3, 3)
    counts = np.bincount(values + 3, minlength=6)
    assert counts.size == 6 and values.min() == -3 and values.max() == 2
    assert np.all(np.abs(counts - n / 6) < 5 * np.sqrt(n / 6))


@pytest.mark.parametrize("truncated", [False, True])
def test_normal_moments(alloc: Allocations, rt: Runtime, truncated: bool) -> None:
    n = 200_000
    out = alloc.device(n * 4)
    func = (acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS if truncated
            else acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS)
    task = RandomTask(func, acl.ACL_FLOAT, n, 99, out)
    mean_addr = _device_array(alloc, np.array([10.0], dtype=np.float32))  # a parameter held in device memory
    task.params.normalDisInfo.mean.size = 4
    _para(task.params.normalDisInfo.mean, struct.pack("<Q", mean_addr), is_addr=True)
    _para(task.params.normalDisInfo.stddev, struct.pack("<f", 3.0))
    check(task.run(rt.stream), "random_num_async")
    values = np.frombuffer(read_device(out, n * 4), dtype=np.float32).astype(np.float64)
    assert abs(values.mean() - 10.0) < 0.05
    if truncated:
        assert np.all(np.abs(values - 10.0) <= 6.0 + 1e-4)
        assert abs(values.std() - 3.0 * 0.8796) < 0.03  # sd of a normal truncated at 2 sd
    else:
        assert abs(values.std() - 3.0) < 0.03
        share = np.mean(np.abs(values - 10.0) < 3.0)
        assert abs(share - 0.6827) < 0.005
        assert abs(((values - values.mean()) ** 3).mean() / values.std() ** 3) < 0.03


def test_dropout_bitmask_keeps_one_minus_ratio(alloc: Allocations, rt: Runtime) -> None:
    n = 80_003
    out = alloc.device((n + 7) // 8)
    task = RandomTask(acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, acl.ACL_UINT8, n, 1, out)
    _para(task.params.dropoutBitmaskInfo.dropoutRation, struct.pack("<f", 0.3))
    check(task.run(rt.stream), "random_num_async")
    bits = np.unpackbits(np.frombuffer(read_device(out, (n + 7) // 8), dtype=np.uint8), bitorder="little")
    assert not bits[n:].any()
    assert abs(bits[:n].mean() - 0.7) < 0.01


def test_random_bad_arguments(alloc: Allocations, rt: Runtime) -> None:
    out = alloc.device(64)
    task = RandomTask(acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, acl.ACL_FLOAT, 17, 1, out)
    _para(task.params.uniformDisInfo.min, struct.pack("<f", 0.0))
    _para(task.params.uniformDisInfo.max, struct.pack("<f", 1.0))
    refused(task.run(rt.stream), "randomResultAddr")  # 17 floats overrun 64 bytes
    task.info.randomNum.size = 3
    refused(task.run(rt.stream), "randomNum has size 3")
    _para(task.info.randomNum, struct.pack("<Q", 16))
    task.info.randomNumFuncParaInfo.funcType = 9
    refused(task.run(rt.stream), "funcType")
    task.info.randomNumFuncParaInfo.funcType = acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS
    task.info.dataType = acl.ACL_INT32
    refused(task.run(rt.stream), "float data type")
    task.info.dataType = acl.ACL_FLOAT
    _para(task.params.normalDisInfo.mean, struct.pack("<Q", 0xDEAD0000), is_addr=True)
    refused(task.run(rt.stream), "mean")
    refused(acl.rt.random_num_async(0, rt.stream, 0), "taskInfo is NULL")
    assert lib._aclemu_IsImplemented(b"aclrtRandomNumAsync") == 1
    assert lib._aclemu_IsImplemented(b"aclrtReduceAsync") == 1
