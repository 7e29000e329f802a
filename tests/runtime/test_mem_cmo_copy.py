"""Cache maintenance (validated, in stream order), descriptor and offset copies, batch copies V2
and the batch arrays' bounds, checked byte for byte against Python."""

from __future__ import annotations

import struct

from helpers.cdata_support import address as _address
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern, refused

import acl
from acl._backend import ffi, lib

D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE
FLUSH = acl.ACL_RT_CMO_TYPE_FLUSH


def test_functions_are_implemented() -> None:
    for name in ("aclrtCmoAsync", "aclrtCmoAsyncWithBarrier", "aclrtCmoWaitBarrier", "aclrtCmoGetDescSize",
                 "aclrtCmoSetDesc", "aclrtCmoAsyncWithDesc", "aclrtMemFlush", "aclrtMemInvalidate",
                 "aclrtDeviceL2CacheFlush", "aclrtGetMemcpyDescSize", "aclrtSetMemcpyDesc",
                 "aclrtMemcpyAsyncWithDesc", "aclrtMemcpyAsyncWithOffset", "aclrtMemcpyAsyncWithCondition",
                 "aclrtMemcpyBatchV2", "aclrtMemcpyBatchAsyncV2"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name


def test_cmo_keeps_bytes_and_stream_order(alloc: Allocations, rt: Runtime) -> None:
    ptr = alloc.device(4096)
    payload = pattern(4096, seed=11)
    write_device(ptr, payload)
    for cmo in (acl.ACL_RT_CMO_TYPE_PREFETCH, acl.ACL_RT_CMO_TYPE_WRITEBACK, acl.ACL_RT_CMO_TYPE_INVALID,
                acl.ACL_RT_CMO_TYPE_FLUSH):
        check(acl.rt.cmo_async(ptr, 4096, cmo, rt.stream), "cmo_async")
    check(acl.rt.cmo_async_with_barrier(ptr, 64, FLUSH, 3, rt.stream), "cmo_async_with_barrier")
    info = ffi.new("aclrtBarrierTaskInfo *")
    info.barrierNum = 1
    info.cmoInfo[0].cmoType = acl.ACL_RT_CMO_TYPE_FLUSH
    info.cmoInfo[0].barrierId = 3
    check(acl.rt.cmo_wait_barrier(_address(info), rt.stream, 0), "cmo_wait_barrier")
    event = alloc.event()
    check(acl.rt.record_event(event, rt.stream), "record_event")
    check(acl.rt.synchronize_event(event), "synchronize_event")
    check(acl.rt.mem_flush(ptr, 4096), "mem_flush")
    check(acl.rt.mem_invalidate(ptr + 100, 10), "mem_invalidate")
    check(acl.rt.device_l2_cache_flush(0), "device_l2_cache_flush")
    assert read_device(ptr, 4096) == payload  # coherent caches: no operation changes a byte


def test_cmo_bad_arguments(alloc: Allocations, rt: Runtime) -> None:
    ptr = alloc.device(64)
    refused(acl.rt.cmo_async(ptr, 64, 7, rt.stream), "cmoType 7")
    refused(acl.rt.cmo_async(ptr, 65, acl.ACL_RT_CMO_TYPE_FLUSH, rt.stream), "past the end")
    refused(acl.rt.cmo_async(0, 64, acl.ACL_RT_CMO_TYPE_FLUSH, rt.stream), "NULL")
    refused(acl.rt.cmo_async(ptr, 64, acl.ACL_RT_CMO_TYPE_FLUSH, 0xDEAD0000))
    refused(acl.rt.mem_flush(ptr, 0), "size is 0")
    refused(acl.rt.mem_invalidate(ptr + 60, 8), "past the end")
    info = ffi.new("aclrtBarrierTaskInfo *")
    refused(acl.rt.cmo_wait_barrier(_address(info), rt.stream, 0), "barrierNum 0")
    info.barrierNum = acl.ACL_RT_CMO_MAX_BARRIER_NUM + 1
    refused(acl.rt.cmo_wait_barrier(_address(info), rt.stream, 0), "barrierNum")
    info.barrierNum = 1
    info.cmoInfo[0].cmoType = 9
    refused(acl.rt.cmo_wait_barrier(_address(info), rt.stream, 0), "cmoType 9")


def test_cmo_descriptor(alloc: Allocations, rt: Runtime) -> None:
    size, ret = acl.rt.cmo_get_desc_size()
    check(ret, "cmo_get_desc_size")
    assert size > 0
    desc = alloc.device(size)
    target, ret = acl.rt.malloc(256, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc")
    refused(acl.rt.cmo_async_with_desc(desc, acl.ACL_RT_CMO_TYPE_FLUSH, rt.stream, 0),
             "not set")
    check(acl.rt.cmo_set_desc(desc, target, 256), "cmo_set_desc")
    check(acl.rt.cmo_async_with_desc(desc, acl.ACL_RT_CMO_TYPE_FLUSH, rt.stream, 0),
          "cmo_async_with_desc")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    refused(acl.rt.cmo_set_desc(desc, target, 257), "past the end")
    check(acl.rt.free(target), "free")  # the descriptor now names freed memory
    refused(acl.rt.cmo_async_with_desc(desc, acl.ACL_RT_CMO_TYPE_FLUSH, rt.stream, 0))


def test_memcpy_descriptor_replays(alloc: Allocations, rt: Runtime) -> None:
    size, ret = acl.rt.get_memcpy_desc_size(D2D)
    check(ret, "get_memcpy_desc_size")
    desc = alloc.device(size)
    src, dst = alloc.device(1000), alloc.device(1000)
    payload = pattern(1000, seed=21)
    write_device(src, payload)
    echoed, ret = acl.rt.set_memcpy_desc(desc, D2D, src + 100, dst + 10, 500, 0)
    check(ret, "set_memcpy_desc")
    assert echoed == desc
    check(acl.rt.memcpy_async_with_desc(desc, D2D, rt.stream), "memcpy_async_with_desc")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert read_device(dst, 1000)[10:510] == payload[100:600]
    refused(acl.rt.memcpy_async_with_desc(desc, acl.ACL_MEMCPY_HOST_TO_DEVICE, rt.stream), "differs")
    refused(acl.rt.set_memcpy_desc(desc, D2D, src + 600, dst, 500, 0)[1],
             "past the end")
    refused(acl.rt.set_memcpy_desc(desc + 1, D2D, src, dst, 8, 0)[1], "desc")
    refused(acl.rt.get_memcpy_desc_size(42)[1], "copy kind")
    blank = alloc.device(size)
    write_device(blank, bytes(size))
    refused(acl.rt.memcpy_async_with_desc(blank, D2D, rt.stream), "not set")


def test_memcpy_with_offset_reads_addresses_when_it_runs(alloc: Allocations, rt: Runtime) -> None:
    src, dst = alloc.device(256), alloc.device(256)
    payload = pattern(256, seed=4)
    write_device(src, payload)
    slots = alloc.device(16)
    write_device(slots, struct.pack("<QQ", 0, src))  # the dst slot is filled later, on the stream
    stream = alloc.stream()
    address = struct.pack("<Q", dst)  # kept alive until the stream has copied it
    h2d = acl.ACL_MEMCPY_HOST_TO_DEVICE
    check(acl.rt.memcpy_async(slots, 8, acl.util.bytes_to_ptr(address), 8, h2d, stream), "memcpy_async")
    check(acl.rt.memcpy_async_with_offset(slots, 200, 16, slots + 8, 64, 32, D2D, stream),
          "memcpy_async_with_offset")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert read_device(dst + 16, 64) == payload[32:96]
    # an offset running past the allocation is the stream's error when the task runs
    check(acl.rt.memcpy_async_with_offset(slots, 256, 250, slots + 8, 64, 0, D2D, stream),
          "memcpy_async_with_offset")
    ret = acl.rt.synchronize_stream(stream)
    assert ret != acl.ACL_SUCCESS and "past the end" in acl.get_recent_err_msg(), ret
    refused(acl.rt.memcpy_async_with_offset(0, 8, 0, slots, 8, 0, D2D, stream), "dst")


def test_memcpy_with_condition_copies(alloc: Allocations, rt: Runtime) -> None:
    src, dst = alloc.device(128), alloc.device(128)
    payload = pattern(128, seed=9)
    write_device(src, payload)
    check(acl.rt.memcpy_async_with_condition(dst, 128, src, 128, D2D, rt.stream),
          "memcpy_async_with_condition")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert read_device(dst, 128) == payload
    refused(acl.rt.memcpy_async_with_condition(dst, 64, src, 128, D2D, rt.stream),
             "destMax")


class Arrays:
    """The six C arrays of a batch copy."""

    def __init__(self, dsts: list[int], srcs: list[int], sizes: list[int]) -> None:
        self.dsts = ffi.new("void *[]", [ffi.cast("void *", p) for p in dsts])
        self.srcs = ffi.new("void *[]", [ffi.cast("void *", p) for p in srcs])
        self.sizes = ffi.new("size_t[]", sizes)
        self.maxs = ffi.new("size_t[]", sizes)
        self.attrs = ffi.new("aclrtMemcpyBatchAttr[1]")
        self.indexes = ffi.new("size_t[1]", [0])

    def args(self, count: int) -> tuple[int, ...]:
        return (_address(self.dsts), _address(self.maxs), _address(self.srcs), _address(self.sizes), count,
                _address(self.attrs), _address(self.indexes), 1)


def test_batch_v2_copies(alloc: Allocations, rt: Runtime) -> None:
    srcs = [alloc.device(100 + i) for i in range(3)]
    dsts = [alloc.device(100 + i) for i in range(3)]
    payloads = [pattern(100 + i, seed=30 + i) for i in range(3)]
    for src, payload in zip(srcs, payloads, strict=True):
        write_device(src, payload)
    arrays = Arrays(dsts, srcs, [100, 101, 102])
    check(acl.rt.memcpy_batch_v2(*arrays.args(3)), "memcpy_batch_v2")
    assert [read_device(d, len(p)) for d, p in zip(dsts, payloads, strict=True)] == payloads
    fresh = [alloc.device(100 + i) for i in range(3)]
    arrays = Arrays(fresh, srcs, [100, 101, 102])
    check(acl.rt.memcpy_batch_async_v2(*arrays.args(3), rt.stream), "memcpy_batch_async_v2")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert [read_device(d, len(p)) for d, p in zip(fresh, payloads, strict=True)] == payloads
    refused(acl.rt.memcpy_batch_v2(*arrays.args(0)), "aclrtMemcpyBatchV2", "numBatches")


def test_batch_arrays_in_tracked_memory_must_hold_the_count(alloc: Allocations, rt: Runtime) -> None:
    # the fuzzer's crash: a count far beyond arrays that lie in tracked memory
    table = alloc.host(64)
    attrs = alloc.host(64)
    for fn in (acl.rt.memcpy_batch_async_v2,):
        refused(fn(table, table, table, table, 2**31, attrs, attrs, 1, rt.stream), "dsts", "past the end")
    refused(acl.rt.memcpy_batch_async(table, table, table, table, 2**31, attrs, attrs, 1, rt.stream)[1],
             "past the end")
    refused(acl.rt.memcpy_batch_v2(table, table, table, table, 2**62, attrs, attrs, 1), "numBatches")
