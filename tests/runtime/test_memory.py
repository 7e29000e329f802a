"""Host <-> device copies through acl.rt, compared byte for byte (numpy-free)."""

from __future__ import annotations

import random

import pytest
from helpers.runtime_support import Allocations, check, pattern, read_host

import acl

MIB = 1 << 20
# Edge sizes around zero and page boundaries, then seeded random sizes up to 64 MiB.
_rng = random.Random(20240611)
ROUND_TRIP_SIZES = sorted(
    {0, 1, 2, 3, 4095, 4096, 4097, 64 * MIB}
    | {_rng.randrange(5, 64 * 1024) for _ in range(4)}
    | {_rng.randrange(64 * 1024, 8 * MIB) for _ in range(3)}
)


def _device_size(size: int) -> int:
    """Zero-byte copies still need a real device buffer to point at."""
    return max(size, 1)


@pytest.mark.parametrize("size", ROUND_TRIP_SIZES)
def test_host_device_host_round_trip(alloc: Allocations, size: int) -> None:
    payload = pattern(size, seed=size)
    device = alloc.device(_device_size(size))
    host = alloc.host(_device_size(size))
    check(acl.rt.memset(host, _device_size(size), 0xA5 if size % 2 else 0x5A, _device_size(size)), "memset")

    check(acl.rt.memcpy(device, _device_size(size), acl.util.bytes_to_ptr(payload), size,
                        acl.ACL_MEMCPY_HOST_TO_DEVICE), "memcpy h2d")
    check(acl.rt.memcpy(host, _device_size(size), device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "memcpy d2h")

    assert read_host(host, size) == payload


@pytest.mark.parametrize("size", [1, 4097, 3 * MIB + 7])
def test_device_to_device_copy_keeps_every_byte(alloc: Allocations, size: int) -> None:
    payload = pattern(size, seed=size + 1)
    first, second = alloc.device(size), alloc.device(size)
    host = alloc.host(size)
    source = acl.util.bytes_to_ptr(payload)
    check(acl.rt.memcpy(first, size, source, size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
    check(acl.rt.memcpy(second, size, first, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE), "d2d")
    check(acl.rt.memcpy(host, size, second, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    assert read_host(host, size) == payload


def test_copy_of_part_of_a_buffer_leaves_the_rest(alloc: Allocations) -> None:
    size, offset, count = 8192, 1000, 3000
    device = alloc.device(size)
    host = alloc.host(size)
    check(acl.rt.memset(device, size, 0x11, size), "memset device")
    payload = pattern(count, seed=7)
    check(acl.rt.memcpy(device + offset, size - offset, acl.util.bytes_to_ptr(payload), count,
                        acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d at an offset")
    check(acl.rt.memcpy(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    expected = b"\x11" * offset + payload + b"\x11" * (size - offset - count)
    assert read_host(host, size) == expected


@pytest.mark.parametrize("value", [0x00, 0x7F, 0xFF])
def test_memset_fills_device_memory(alloc: Allocations, value: int) -> None:
    size = 65537
    device = alloc.device(size)
    host = alloc.host(size)
    check(acl.rt.memset(host, size, value ^ 0xFF, size), "memset host")
    check(acl.rt.memset(device, size, value, size), "memset device")
    check(acl.rt.memcpy(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    assert read_host(host, size) == bytes([value]) * size


def test_copy_larger_than_destination_is_refused_and_writes_nothing(alloc: Allocations) -> None:
    size = 4096
    device = alloc.device(size)
    host = alloc.host(2 * size)
    check(acl.rt.memset(device, size, 0x33, size), "memset")
    source = pattern(2 * size, seed=3)
    ret = acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(source), 2 * size, acl.ACL_MEMCPY_HOST_TO_DEVICE)
    assert ret == acl.ACL_ERROR_INVALID_PARAM, acl.get_recent_err_msg()
    check(acl.rt.memcpy(host, 2 * size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    assert read_host(host, size) == b"\x33" * size


def test_copy_past_the_end_of_a_device_allocation_is_refused(alloc: Allocations) -> None:
    size = 4096
    device = alloc.device(size)
    source = pattern(size, seed=4)
    # dst_max claims more room than the allocation has left after the offset.
    ret = acl.rt.memcpy(device + 16, size, acl.util.bytes_to_ptr(source), size, acl.ACL_MEMCPY_HOST_TO_DEVICE)
    assert ret == acl.ACL_ERROR_INVALID_PARAM, acl.get_recent_err_msg()


def test_malloc_returns_distinct_non_overlapping_buffers(alloc: Allocations) -> None:
    sizes = [1, 100, 4096, 12345, MIB]
    spans = sorted((ptr, ptr + size) for ptr, size in ((alloc.device(s), s) for s in sizes))
    assert all(ptr != 0 for ptr, _ in spans)
    assert all(end <= next_start for (_, end), (next_start, _) in zip(spans, spans[1:]))


def test_get_mem_info_reports_free_not_above_total(rt: object) -> None:
    free, total, ret = acl.rt.get_mem_info(acl.ACL_HBM_MEM)
    check(ret, "acl.rt.get_mem_info")
    assert 0 < free <= total


def test_zero_byte_malloc_is_refused(rt: object) -> None:
    assert acl.rt.malloc(0, acl.ACL_MEM_MALLOC_HUGE_FIRST) == (0, acl.ACL_ERROR_INVALID_PARAM)
    assert "size is 0" in acl.get_recent_err_msg()
    assert acl.rt.malloc_host(0) == (0, acl.ACL_ERROR_INVALID_PARAM)


def test_double_free_is_reported_not_crashing(rt: object) -> None:
    device, ret = acl.rt.malloc(256, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc")
    check(acl.rt.free(device), "free")
    assert acl.rt.free(device) == acl.ACL_ERROR_RT_MEMORY_FREE
    assert "double free" in acl.get_recent_err_msg()


def test_freeing_with_the_wrong_function_is_refused_and_leaves_the_buffer_usable(alloc: Allocations) -> None:
    device = alloc.device(256)
    host = alloc.host(256)
    assert acl.rt.free_host(device) == acl.ACL_ERROR_RT_MEMORY_FREE
    assert "aclrtFree" in acl.get_recent_err_msg()
    assert acl.rt.free(host) == acl.ACL_ERROR_RT_MEMORY_FREE
    assert acl.rt.free(device + 8) == acl.ACL_ERROR_RT_MEMORY_FREE
    check(acl.rt.memset(device, 256, 0x42, 256), "memset after the refused frees")
    check(acl.rt.memcpy(host, 256, device, 256, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    assert read_host(host, 256) == b"\x42" * 256
