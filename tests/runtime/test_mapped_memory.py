"""Device memory that is not an aclrtMalloc allocation: aclrtMapMem mappings, IPC imports and
host-registered ranges are checked like allocations by copies and fills, while they exist.

The payloads written are the reference for what is read back.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.device_bytes import physical_prop, read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern
from helpers.subproc import describe, run_on_emulator

import acl
from acl._backend import ffi

GRANULE = 2 << 20
H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
D2H = acl.ACL_MEMCPY_DEVICE_TO_HOST
D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE


def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


@pytest.fixture()
def mapping(rt: Runtime) -> Iterator[tuple[int, int]]:
    """A reserved range of two granules with a physical granule mapped at its start."""
    base, ret = acl.rt.reserve_mem_address(2 * GRANULE, 0, 0, 0)
    check(ret, "reserve_mem_address")
    handle, ret = acl.rt.malloc_physical(GRANULE, physical_prop(), 0)
    check(ret, "malloc_physical")
    check(acl.rt.map_mem(base, GRANULE, 0, handle, 0), "map_mem")
    yield base, handle
    acl.rt.unmap_mem(base)  # the test may have unmapped it already
    check(acl.rt.free_physical(handle), "free_physical")
    check(acl.rt.release_mem_address(base), "release_mem_address")


def test_mapped_range_is_copied_and_filled_within_its_bounds(mapping: tuple[int, int]) -> None:
    base, _ = mapping
    payload = pattern(4096, seed=5)
    write_device(base + GRANULE - 4096, payload)
    assert read_device(base + GRANULE - 4096, 4096) == payload
    check(acl.rt.memset(base, 64, 0x5A, 64), "memset")
    assert read_device(base, 64) == b"\x5a" * 64
    source = acl.util.bytes_to_ptr(payload)
    _refused(acl.rt.memcpy(base + GRANULE - 100, 4096, source, 4096, H2D), "past the end", "aclrtMapMem")
    _refused(acl.rt.memset(base + GRANULE - 8, 16, 0, 16), "past the end")


def test_unmapped_range_is_refused_instead_of_touched(mapping: tuple[int, int]) -> None:
    base, _ = mapping
    check(acl.rt.unmap_mem(base), "unmap_mem")
    payload = pattern(64, seed=6)
    _refused(acl.rt.memcpy(base, 64, acl.util.bytes_to_ptr(payload), 64, H2D), "aclrtMemcpy", "not memory")
    _refused(acl.rt.memset(base, 64, 0, 64), "aclrtMemset")
    # the unmapped second granule of the reservation was never device memory either
    _refused(acl.rt.memset(base + GRANULE, 64, 0, 64), "aclrtMemset")


def test_imported_ipc_range_is_device_memory_until_closed(alloc: Allocations) -> None:
    size = 300
    exported = alloc.device(size)
    payload = pattern(size, seed=7)
    write_device(exported, payload)
    unchecked_pids = acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION
    key, ret = acl.rt.ipc_mem_get_export_key(exported, size, 65, unchecked_pids)
    check(ret, "ipc_mem_get_export_key")
    imported, ret = acl.rt.ipc_mem_import_by_key(key, 0)
    check(ret, "ipc_mem_import_by_key")
    try:
        assert read_device(imported, size) == payload
        target = alloc.device(size)
        copy = acl.rt.memcpy(target, size, imported + 1, size, D2D)
        _refused(copy, "past the end", "aclrtIpcMemImportByKey")
    finally:
        check(acl.rt.ipc_mem_close(key), "ipc_mem_close import")
    _refused(acl.rt.memset(imported, size, 0, size), "aclrtMemset", "not memory")
    check(acl.rt.ipc_mem_close(key), "ipc_mem_close export")


def test_unregistered_host_range_stops_being_device_memory(alloc: Allocations) -> None:
    buffer = bytearray(pattern(4096, seed=8))
    host = int(ffi.cast("uintptr_t", ffi.from_buffer(buffer)))
    device, ret = acl.rt.host_register(host, 4096, acl.ACL_HOST_REGISTER_MAPPED)
    check(ret, "host_register")
    target = alloc.device(4096)
    _refused(acl.rt.memcpy(target, 4096, device + 8, 4096, D2D), "past the end", "aclrtHostRegister")
    check(acl.rt.memset(device, 16, 0x11, 16), "memset")
    assert bytes(buffer[:16]) == b"\x11" * 16
    check(acl.rt.host_unregister(host), "host_unregister")
    _refused(acl.rt.memcpy(target, 4096, device, 4096, D2D), "aclrtMemcpy", "not memory")


STRICT_BODY = """
GRANULE = 2 << 20
prop = {"handleType": acl.ACL_MEM_HANDLE_TYPE_NONE, "allocationType": acl.ACL_MEM_ALLOCATION_TYPE_PINNED,
        "memAttr": acl.ACL_HBM_MEM_HUGE, "location": {"id": 0, "type": acl.ACL_MEM_LOCATION_TYPE_DEVICE}}
base, ret = acl.rt.reserve_mem_address(GRANULE, 0, 0, 0)
ok(ret, "reserve")
handle, ret = acl.rt.malloc_physical(GRANULE, prop, 0)
ok(ret, "malloc_physical")
ok(acl.rt.map_mem(base, GRANULE, 0, handle, 0), "map_mem")
payload = bytes(range(256)) * 4
ok(acl.rt.memcpy(base, 1024, acl.util.bytes_to_ptr(payload), 1024, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
host, ret = acl.rt.malloc_host(1024)
ok(ret, "malloc_host")
ok(acl.rt.memcpy(host, 1024, base, 1024, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
print("SAME", acl.util.ptr_to_bytes(host, 1024) == payload)
ret = acl.rt.memcpy(base, 1024, host, 1024, acl.ACL_MEMCPY_DEVICE_TO_HOST)
print("HOSTSIDE", ret, acl.get_recent_err_msg())
registered, ret = acl.rt.host_register(host, 1024, acl.ACL_HOST_REGISTER_MAPPED)
ok(ret, "host_register")
device, ret = acl.rt.malloc(1024, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
ok(acl.rt.memcpy(device, 1024, registered, 1024, acl.ACL_MEMCPY_DEVICE_TO_DEVICE), "registered d2d")
ok(acl.rt.host_unregister(host), "host_unregister")
ok(acl.rt.free(device), "free")
ok(acl.rt.free_host(host), "free_host")
ok(acl.rt.unmap_mem(base), "unmap_mem")
ok(acl.rt.free_physical(handle), "free_physical")
ok(acl.rt.release_mem_address(base), "release")
print("DONE")
"""


def test_strict_mode_treats_mapped_ranges_as_device_memory() -> None:
    result = run_on_emulator(STRICT_BODY, {"ACL_EMU_STRICT": "1"})
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    assert "SAME True" in lines, describe(result)
    hostside = next(line for line in lines if line.startswith("HOSTSIDE "))
    assert hostside.split()[1] == str(acl.ACL_ERROR_INVALID_PARAM), describe(result)
    assert "copy kind says host memory" in hostside, describe(result)
    assert "DONE" in lines, describe(result)


def test_registering_addresses_the_process_has_not_mapped_is_refused(rt: Runtime) -> None:
    # the first page is never mapped in a Linux process, so a copy there would crash
    ret = acl.rt.host_register(4096, 4096, acl.ACL_HOST_REGISTER_MAPPED)[1]
    _refused(ret, "aclrtHostRegister", "not memory")
    _refused(acl.rt.memset(4096, 16, 0, 16), "aclrtMemset", "not memory")
