"""Memory pools (acl_rt_memory_soma.h): stream-ordered allocation, reuse, trimming, attributes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern

import acl
from acl._backend import ffi, lib

USED = acl.ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT
RESERVED = acl.ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT


def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


def _props(device: int = 0, max_size: int = 0) -> object:
    props = ffi.new("aclrtMemPoolProps *")
    props.allocType = acl.ACL_MEM_ALLOCATION_TYPE_PINNED
    props.handleType = acl.ACL_MEM_HANDLE_TYPE_NONE
    props.location.type = acl.ACL_MEM_LOCATION_TYPE_DEVICE
    props.location.id = device
    props.maxSize = max_size
    return props


def _create(props: object) -> tuple[int, int]:
    return acl.rt.mem_pool_create(int(ffi.cast("uintptr_t", props)))


def _attr(pool: int, attr: int) -> int:
    value = ffi.new("uint64_t *")
    check(acl.rt.mem_pool_get_attr(pool, attr, int(ffi.cast("uintptr_t", value))), "mem_pool_get_attr")
    return int(value[0])


def _set(pool: int, attr: int, value: int, ctype: str = "uint64_t *") -> int:
    box = ffi.new(ctype, value)
    return acl.rt.mem_pool_set_attr(pool, attr, int(ffi.cast("uintptr_t", box)))


@pytest.fixture()
def pool(rt: Runtime) -> Iterator[int]:
    handle, ret = _create(_props())
    check(ret, "mem_pool_create")
    yield handle
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    check(acl.rt.mem_pool_destroy(handle), "mem_pool_destroy")


def test_allocation_holds_data_in_stream_order_and_is_reused(pool: int, rt: Runtime) -> None:
    check(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 1 << 20), "keep freed blocks")
    ptr, ret = acl.rt.mem_pool_malloc_async(1000, pool, rt.stream)
    check(ret, "mem_pool_malloc_async")
    payload = pattern(1000, seed=31)
    write_device(ptr, payload)
    assert read_device(ptr, 1000) == payload
    assert _attr(pool, USED) == 1000 and _attr(pool, RESERVED) == 1000
    check(acl.rt.mem_pool_free_async(ptr, rt.stream), "mem_pool_free_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert _attr(pool, USED) == 0
    again, ret = acl.rt.mem_pool_malloc_async(600, pool, rt.stream)  # fits the freed block
    check(ret, "mem_pool_malloc_async again")
    assert again == ptr and _attr(pool, RESERVED) == 1000
    check(acl.rt.mem_pool_free_async(again, rt.stream), "free again")


def test_free_waits_for_work_queued_before_it(pool: int, alloc: Allocations) -> None:
    stream, releaser = alloc.stream(), alloc.stream()
    notify, ret = acl.rt.create_notify(0)
    check(ret, "create_notify")
    check(acl.rt.wait_and_reset_notify(notify, stream, 0), "wait_and_reset_notify")  # stalls the stream
    ptr, ret = acl.rt.mem_pool_malloc_async(256, pool, stream)
    check(ret, "malloc_async")
    check(acl.rt.mem_pool_free_async(ptr, stream), "free_async")
    assert _attr(pool, USED) == 256  # the free has not run yet
    check(acl.rt.record_notify(notify, releaser), "record_notify")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert _attr(pool, USED) == 0
    check(acl.rt.destroy_notify(notify), "destroy_notify")


def test_trim_and_high_marks(pool: int, rt: Runtime) -> None:
    check(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 1 << 20), "keep freed blocks")
    ptrs = []
    for size in (4096, 8192):
        ptr, ret = acl.rt.mem_pool_malloc_async(size, pool, rt.stream)
        check(ret, "malloc_async")
        ptrs.append(ptr)
    for ptr in ptrs:
        check(acl.rt.mem_pool_free_async(ptr, rt.stream), "free_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert _attr(pool, RESERVED) == 12288
    assert _attr(pool, acl.ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH) == 12288
    check(acl.rt.mem_pool_trim_to(pool, 8192), "mem_pool_trim_to")
    assert _attr(pool, RESERVED) <= 8192
    check(acl.rt.mem_pool_trim_to(pool, 0), "mem_pool_trim_to 0")
    assert _attr(pool, RESERVED) == 0
    check(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, 0), "reset high")
    assert _attr(pool, acl.ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH) == 0
    _refused(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, 5), "read-only")
    _refused(_set(pool, USED, 0), "read-only")


def test_release_threshold_keeps_freed_memory_reserved(pool: int, rt: Runtime) -> None:
    check(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 1 << 20), "set threshold")
    assert _attr(pool, acl.ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD) == 1 << 20
    ptr, ret = acl.rt.mem_pool_malloc_async(4096, pool, rt.stream)
    check(ret, "malloc_async")
    check(acl.rt.mem_pool_free_async(ptr, rt.stream), "free_async")
    check(acl.rt.synchronize_stream(rt.stream), "sync")
    assert _attr(pool, RESERVED) == 4096  # below the threshold: kept
    check(_set(pool, acl.ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 0), "threshold 0")
    ptr, ret = acl.rt.mem_pool_malloc_async(4096, pool, rt.stream)
    check(ret, "malloc_async")
    check(acl.rt.mem_pool_free_async(ptr, rt.stream), "free_async")
    check(acl.rt.synchronize_stream(rt.stream), "sync")
    assert _attr(pool, RESERVED) == 0


def test_reuse_flags_round_trip(pool: int) -> None:
    attr = acl.ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC
    check(_set(pool, attr, 1, "int32_t *"), "set reuse")
    value = ffi.new("int32_t *")
    check(acl.rt.mem_pool_get_attr(pool, attr, int(ffi.cast("uintptr_t", value))), "get reuse")
    assert value[0] == 1
    _refused(_set(pool, attr, 2, "int32_t *"), "takes 0 or 1")


def test_max_size_bounds_the_pool(rt: Runtime) -> None:
    pool, ret = _create(_props(max_size=8192))
    check(ret, "create")
    ptr, ret = acl.rt.mem_pool_malloc_async(8000, pool, rt.stream)
    check(ret, "malloc_async")
    _, ret = acl.rt.mem_pool_malloc_async(1000, pool, rt.stream)
    assert ret == acl.ACL_ERROR_RT_MEMORY_ALLOCATION and "maxSize" in acl.get_recent_err_msg()
    _refused(acl.rt.mem_pool_destroy(pool), "still allocated")
    check(acl.rt.mem_pool_free_async(ptr, rt.stream), "free_async")
    check(acl.rt.synchronize_stream(rt.stream), "sync")
    check(acl.rt.mem_pool_destroy(pool), "destroy")


def test_bad_arguments(pool: int, rt: Runtime) -> None:
    garbage = 0xDEAD0000
    _refused(_create(_props(device=99))[1], "aclrtMemPoolCreate", "not a device")
    bad = _props()
    bad.handleType = acl.ACL_MEM_HANDLE_TYPE_POSIX
    _refused(_create(bad)[1], "handleType")
    _refused(acl.rt.mem_pool_create(0)[1], "poolProps is NULL")
    _refused(acl.rt.mem_pool_destroy(garbage), "aclrtMemPoolDestroy", "not a live memory pool")
    _refused(acl.rt.mem_pool_malloc_async(16, garbage, rt.stream)[1], "not a live memory pool")
    _refused(acl.rt.mem_pool_malloc_async(0, pool, rt.stream)[1], "size is 0")
    _refused(acl.rt.mem_pool_free_async(garbage, rt.stream), "aclrtMemPoolFreeAsync", "not memory allocated")
    _refused(acl.rt.mem_pool_trim_to(garbage, 0), "aclrtMemPoolTrimTo")
    _refused(acl.rt.mem_pool_get_attr(pool, USED, 0), "value is NULL")
    _refused(_set(pool, 99, 0), "not an aclrtMemPoolAttr")
    other, ret = _create(_props(device=1))
    check(ret, "create on device 1")
    _refused(acl.rt.mem_pool_malloc_async(16, other, rt.stream)[1], "on device 1")
    check(acl.rt.mem_pool_destroy(other), "destroy other")


def test_functions_are_no_longer_stubs() -> None:
    for name in ("aclrtMemPoolCreate", "aclrtMemPoolDestroy", "aclrtMemPoolSetAttr", "aclrtMemPoolGetAttr",
                 "aclrtMemPoolMallocAsync", "aclrtMemPoolFreeAsync", "aclrtMemPoolTrimTo"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
