"""32-bit memsets, batched copies and host registration, checked byte for byte against Python."""

from __future__ import annotations

import sys

from helpers.cdata_support import address as _address
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern

import acl
from acl._backend import ffi, lib


def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


def test_memset_d32_fills_whole_words_and_stops(alloc: Allocations) -> None:
    ptr = alloc.device(64)
    write_device(ptr, b"\x11" * 64)
    check(acl.rt.memset_d32(ptr + 4, 60, 0xA1B2C3D4, 10), "memset_d32")
    word = (0xA1B2C3D4).to_bytes(4, sys.byteorder)
    assert read_device(ptr, 64) == b"\x11" * 4 + word * 10 + b"\x11" * 20


def test_memset_d32_async_runs_in_order_on_the_stream(alloc: Allocations, rt: Runtime) -> None:
    ptr = alloc.device(4096)
    stream = alloc.stream()
    payload = pattern(4096, seed=8)
    check(acl.rt.memcpy_async(ptr, 4096, acl.util.bytes_to_ptr(payload), 4096, acl.ACL_MEMCPY_HOST_TO_DEVICE,
                              stream), "memcpy_async")
    check(lib.aclrtMemsetD32Async(ptr + 1, 4095, 7, 3, stream), "memset_d32_async")  # unaligned start
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    word = (7).to_bytes(4, sys.byteorder)
    assert read_device(ptr, 4096) == payload[:1] + word * 3 + payload[13:]


def test_memset_d32_bad_arguments(alloc: Allocations) -> None:
    ptr = alloc.device(16)
    _refused(acl.rt.memset_d32(0, 16, 1, 1), "aclrtMemsetD32", "ptr is NULL")
    _refused(acl.rt.memset_d32(ptr, 15, 1, 4), "do not fit")
    _refused(acl.rt.memset_d32(ptr, 1 << 62, 1, 1 << 61), "do not fit")
    _refused(acl.rt.memset_d32(ptr + 8, 16, 1, 4), "past the end")
    _refused(lib.aclrtMemsetD32Async(ptr, 16, 1, 1, 0xDEAD0000), "aclrtMemsetD32Async")


class Batch:
    """C arrays of one batch copy, kept alive for the call."""

    def __init__(self, dsts: list[int], srcs: list[int], sizes: list[int], dest_maxs: list[int] | None = None,
                 starts: tuple[int, ...] = (0,)) -> None:
        self.count = len(dsts)
        self.dsts = ffi.new("void *[]", [ffi.cast("void *", p) for p in dsts])
        self.srcs = ffi.new("void *[]", [ffi.cast("void *", p) for p in srcs])
        self.sizes = ffi.new("size_t[]", sizes)
        self.dest_maxs = ffi.new("size_t[]", dest_maxs if dest_maxs is not None else sizes)
        self.attrs = ffi.new("aclrtMemcpyBatchAttr[]", len(starts))
        self.starts = ffi.new("size_t[]", list(starts))

    def args(self) -> tuple[int, ...]:
        # addresses only: the caller keeps this object alive across the call (bound to a name)
        return (_address(self.dsts), _address(self.dest_maxs), _address(self.srcs), _address(self.sizes),
                self.count, _address(self.attrs), _address(self.starts), len(self.starts))


def test_memcpy_batch_copies_every_entry(alloc: Allocations, rt: Runtime) -> None:
    sizes = [1, 4096, 70000]
    payloads = [pattern(size, seed=size) for size in sizes]
    sources = [alloc.device(size) for size in sizes]
    targets = [alloc.device(size) for size in sizes]
    for source, payload in zip(sources, payloads, strict=True):
        write_device(source, payload)
    _, ret = acl.rt.memcpy_batch(*(_kept := Batch(targets, sources, sizes, starts=(0, 2))).args())
    check(ret, "memcpy_batch")
    assert [read_device(t, s) for t, s in zip(targets, sizes, strict=True)] == payloads

    stream = alloc.stream()
    again = [alloc.device(size) for size in sizes]
    _, ret = acl.rt.memcpy_batch_async(*(_kept := Batch(again, targets, sizes)).args(), stream)
    check(ret, "memcpy_batch_async")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert [read_device(t, s) for t, s in zip(again, sizes, strict=True)] == payloads


def test_memcpy_batch_names_the_failing_entry(alloc: Allocations) -> None:
    small, large = alloc.device(16), alloc.device(64)
    fail_index, ret = acl.rt.memcpy_batch(*(batch := Batch([large, small], [large, large], [8, 64])).args())
    _refused(ret, "aclrtMemcpyBatch", "past the end")
    assert fail_index == 1
    too_long = Batch([large, large], [small, small], [8, 9], dest_maxs=[8, 8])
    fail_index, ret = acl.rt.memcpy_batch(*too_long.args())
    _refused(ret, "sizes[1] 9 exceeds destMaxs[1] 8")
    assert fail_index == 1
    fail_index, ret = acl.rt.memcpy_batch(*(batch := Batch([large], [small], [8], starts=(1,))).args())
    _refused(ret, "attrsIndexes")
    assert fail_index == 2**64 - 1
    batch = Batch([large, large], [small, small], [8, 8], starts=(0, 0))
    _refused(acl.rt.memcpy_batch(*batch.args())[1], "attrsIndexes")
    _refused(acl.rt.memcpy_batch(0, 0, 0, 0, 1, 0, 0, 1)[1], "NULL")


def test_host_register_maps_host_memory_for_the_device(alloc: Allocations) -> None:
    buffer = bytearray(pattern(8192, seed=21))
    host = _address(ffi.from_buffer(buffer))
    device, ret = acl.rt.host_register(host, 8192, acl.ACL_HOST_REGISTER_MAPPED)
    check(ret, "host_register")
    target = alloc.device(100)
    check(acl.rt.memcpy(target, 100, device + 500, 100, acl.ACL_MEMCPY_DEVICE_TO_DEVICE), "memcpy d2d")
    assert read_device(target, 100) == bytes(buffer[500:600])
    inner, ret = acl.rt.host_get_device_pointer(host + 4000, 0)
    check(ret, "host_get_device_pointer")
    assert inner == device + 4000
    _refused(acl.rt.host_register(host + 4096, 16, acl.ACL_HOST_REGISTER_MAPPED)[1], "overlaps")
    _refused(acl.rt.host_unregister(host + 1), "aclrtHostUnregister", "not the start")
    check(acl.rt.host_unregister(host), "host_unregister")
    _refused(acl.rt.host_get_device_pointer(host, 0)[1], "aclrtHostGetDevicePointer", "not inside")
    check(acl.rt.host_register_v2(host, 8192, acl.ACL_HOST_REGISTER_READONLY), "host_register_v2")
    check(acl.rt.host_unregister(host), "host_unregister v2")


def test_host_register_bad_arguments(rt: Runtime) -> None:
    buffer = bytearray(64)
    host = _address(ffi.from_buffer(buffer))
    _refused(acl.rt.host_register(0, 64, acl.ACL_HOST_REGISTER_MAPPED)[1], "aclrtHostRegister", "NULL")
    _refused(acl.rt.host_register(host, 0, acl.ACL_HOST_REGISTER_MAPPED)[1], "size 0")
    _refused(acl.rt.host_register(host, 64, 3)[1], "type 3")
    _refused(acl.rt.host_register_v2(host, 64, 16), "aclrtHostRegisterV2", "flag 16")
    _refused(acl.rt.host_get_device_pointer(host, 1)[1], "flag must be 0")
    _refused(acl.rt.host_get_device_pointer(0, 0)[1], "pHost is NULL")


def test_functions_are_no_longer_stubs() -> None:
    for name in ("aclrtMemsetD32", "aclrtMemsetD32Async", "aclrtMemcpyBatch", "aclrtMemcpyBatchAsync",
                 "aclrtHostRegister", "aclrtHostRegisterV2", "aclrtHostGetDevicePointer",
                 "aclrtHostUnregister"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
