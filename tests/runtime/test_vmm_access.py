"""Access flags of mapped memory (aclrtMemSetAccess / GetAccess / MemMapNoAccess), link choices
(aclrtMemMapSelectedLink / MemMapSetLink) and peer mapping (aclrtMemP2PMap) on the emulator.

The flags set are read back per location; the runtime's own copies and fills follow them, and
the pages themselves are protected (a direct store into a read-only mapping kills a child
process with SIGSEGV). Payloads written through one mapping are the reference for the other.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from helpers.cdata_support import address as _addr
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern
from helpers.subproc import describe, run_on_emulator
from helpers.vmm_support import Vmm

import acl
from acl._backend import ffi

GRANULE = 2 << 20
NONE = acl.ACL_RT_MEM_ACCESS_FLAGS_NONE
READ = acl.ACL_RT_MEM_ACCESS_FLAGS_READ
READWRITE = acl.ACL_RT_MEM_ACCESS_FLAGS_READWRITE


@pytest.fixture()
def vmm(rt: Runtime) -> Iterator[Vmm]:
    resources = Vmm()
    yield resources
    resources.release()


def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


def _location(device: int = 0, kind: int = acl.ACL_MEM_LOCATION_TYPE_DEVICE) -> object:
    loc = ffi.new("aclrtMemLocation *")
    loc.id, loc.type = device, kind
    return loc


def _get_access(ptr: int, device: int = 0, kind: int = acl.ACL_MEM_LOCATION_TYPE_DEVICE) -> int:
    loc = _location(device, kind)
    flag = ffi.new("uint64_t *", 0xDEAD)
    check(acl.rt.mem_get_access(ptr, _addr(loc), _addr(flag)), "mem_get_access")
    return int(flag[0])


def _set_access(ptr: int, size: int, *entries: tuple[int, int, int]) -> int:
    """entries: (location type, id, flags)."""
    descs = ffi.new("aclrtMemAccessDesc[]", len(entries))
    for desc, (kind, device, flags) in zip(descs, entries):
        desc.location.type, desc.location.id, desc.flags = kind, device, flags
    return acl.rt.mem_set_access(ptr, size, _addr(descs), len(entries))


DEV0 = acl.ACL_MEM_LOCATION_TYPE_DEVICE
HOST = acl.ACL_MEM_LOCATION_TYPE_HOST


def test_map_mem_grants_read_write_to_the_memory_s_own_device_only(vmm: Vmm) -> None:
    ptr = vmm.reserve(GRANULE)
    vmm.map(ptr, GRANULE, vmm.physical(GRANULE))
    assert _get_access(ptr + 12345) == READWRITE
    assert _get_access(ptr, 1) == NONE
    assert _get_access(ptr, 0, HOST) == NONE


def test_set_access_is_stored_per_location_and_read_only_refuses_writes(vmm: Vmm) -> None:
    handle = vmm.physical(2 * GRANULE)
    ptr = vmm.reserve(2 * GRANULE)
    vmm.map(ptr, 2 * GRANULE, handle)
    payload = pattern(4096, seed=21)
    write_device(ptr + GRANULE, payload)
    check(_set_access(ptr, 2 * GRANULE, (DEV0, 0, READ), (DEV0, 1, READ), (HOST, 0, NONE)), "set read only")
    assert (_get_access(ptr), _get_access(ptr, 1), _get_access(ptr, 0, HOST)) == (READ, READ, NONE)
    assert read_device(ptr + GRANULE, 4096) == payload  # reads still work
    _refused(acl.rt.memcpy(ptr, 16, acl.util.bytes_to_ptr(bytes(16)), 16, acl.ACL_MEMCPY_HOST_TO_DEVICE),
             "read only")
    _refused(acl.rt.memset(ptr + GRANULE, 16, 0, 16), "read only")
    assert read_device(ptr + GRANULE, 4096) == payload  # nothing was written
    check(_set_access(ptr, 2 * GRANULE, (DEV0, 0, READWRITE)), "set read-write")
    check(acl.rt.memset(ptr + GRANULE, 16, 0x5A, 16), "memset after read-write")
    assert read_device(ptr + GRANULE, 16) == b"\x5a" * 16


def test_map_no_access_refuses_copies_until_access_is_granted(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    first, second = vmm.reserve(GRANULE), vmm.reserve(GRANULE)
    vmm.map(first, GRANULE, handle)
    payload = pattern(512, seed=8)
    write_device(first, payload)
    check(acl.rt.mem_map_no_access(second, GRANULE, 0, handle, 0), "mem_map_no_access")
    vmm.mapped.append(second)
    assert _get_access(second) == NONE
    host = acl.util.bytes_to_ptr(bytes(512))
    _refused(acl.rt.memcpy(host, 512, second, 512, acl.ACL_MEMCPY_DEVICE_TO_HOST), "not accessible")
    check(_set_access(second, GRANULE, (DEV0, 1, READ)), "grant device 1 read")
    assert _get_access(second, 1) == READ and _get_access(second) == NONE
    assert read_device(second, 512) == payload


def test_set_access_bad_inputs_are_refused(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    ptr = vmm.reserve(2 * GRANULE)
    vmm.map(ptr, GRANULE, handle)
    _refused(_set_access(ptr, 2 * GRANULE, (DEV0, 0, READ)), "not all mapped")
    _refused(_set_access(ptr, GRANULE // 2, (DEV0, 0, READ)), "only part")
    _refused(_set_access(ptr, GRANULE, (DEV0, 0, 2)), "aclrtMemAccessFlags")
    _refused(_set_access(ptr, GRANULE, (DEV0, 99, READ)), "neither the host nor a device")
    _refused(_set_access(ptr, GRANULE, (acl.ACL_MEM_LOCATION_TYPE_MANAGED, 0, READ)), "neither")
    _refused(acl.rt.mem_set_access(ptr, GRANULE, 0, 1), "desc is NULL")
    _refused(_set_access(ptr + 4 * GRANULE, GRANULE, (DEV0, 0, READ)), "not inside one reserved")
    assert _get_access(ptr) == READWRITE  # nothing changed
    flag = ffi.new("uint64_t *")
    _refused(acl.rt.mem_get_access(ptr + GRANULE, _addr(_location()), _addr(flag)), "not inside memory")
    _refused(acl.rt.mem_get_access(ptr, 0, _addr(flag)), "is NULL")
    _refused(acl.rt.mem_get_access(ptr, _addr(_location(7)), _addr(flag)), "neither")


def test_selected_link_maps_the_same_physical_bytes_from_the_source_offset(vmm: Vmm) -> None:
    handle = vmm.physical(2 * GRANULE)
    src, dst = vmm.reserve(2 * GRANULE), vmm.reserve(GRANULE)
    vmm.map(src, 2 * GRANULE, handle)
    payload = pattern(8192, seed=30)
    write_device(src + GRANULE, payload)
    check(acl.rt.mem_map_selected_link(dst, GRANULE, src + GRANULE, acl.ACL_RT_MEM_LINK_IDX_1), "selected")
    vmm.mapped.append(dst)
    assert read_device(dst, 8192) == payload
    write_device(dst + 100, b"link")
    assert read_device(src + GRANULE + 100, 4) == b"link"
    retained, ret = acl.rt.mem_retain_allocation_handle(dst)
    check(ret, "retain")
    assert retained == handle
    _refused(acl.rt.mem_map_selected_link(dst, GRANULE, src, 2), "linkIdx")
    _refused(acl.rt.mem_map_selected_link(dst, GRANULE, src, 0), "overlaps")
    other = vmm.reserve(GRANULE)
    _refused(acl.rt.mem_map_selected_link(other, GRANULE, other, 0), "virPtrSrc")
    _refused(acl.rt.mem_map_selected_link(other, 2 * GRANULE, src + GRANULE, 0), "granule-aligned part")


def test_set_link_checks_handle_and_link_type(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    for link in (acl.ACL_RT_MEM_ACCESS_LINK_SIO, acl.ACL_RT_MEM_ACCESS_UB_MULTI_PORT_PATH):
        check(acl.rt.mem_map_set_link(handle, link), "mem_map_set_link")
    _refused(acl.rt.mem_map_set_link(handle, 4), "aclrtMemLinkType")
    _refused(acl.rt.mem_map_set_link(handle + 8, acl.ACL_RT_MEM_ACCESS_LINK_HCCS), "live physical")


def test_p2p_map_accepts_device_memory_and_refuses_the_rest(alloc: Allocations) -> None:
    dev = alloc.device(4096)
    check(acl.rt.mem_p2p_map(dev, 4096, 1, 0), "mem_p2p_map")
    payload = pattern(64, seed=2)
    write_device(dev, payload)
    assert read_device(dev, 64) == payload
    _refused(acl.rt.mem_p2p_map(dev, 4096, 5, 0), "dstDevId")
    _refused(acl.rt.mem_p2p_map(dev, 4096, 1, 1), "flags")
    _refused(acl.rt.mem_p2p_map(dev, 8192, 1, 0), "past the end")
    _refused(acl.rt.mem_p2p_map(alloc.host(64), 64, 1, 0), "host memory")


def test_a_store_into_a_read_only_mapping_faults_and_a_load_does_not() -> None:
    result = run_on_emulator(
        """
        import ctypes
        from acl._backend import ffi
        G = 2 << 20
        prop = {"handleType": 0, "allocationType": 0, "memAttr": acl.ACL_HBM_MEM_HUGE,
                "location": {"id": 0, "type": acl.ACL_MEM_LOCATION_TYPE_DEVICE}}
        handle, ret = acl.rt.malloc_physical(G, prop, 0); ok(ret, "malloc_physical")
        ptr, ret = acl.rt.reserve_mem_address(G, 0, 0, 0); ok(ret, "reserve")
        ok(acl.rt.map_mem(ptr, G, 0, handle, 0), "map")
        ok(acl.rt.memset(ptr, 64, 0x6B, 64), "memset")
        descs = ffi.new("aclrtMemAccessDesc[1]")
        descs[0].location.type, descs[0].location.id = acl.ACL_MEM_LOCATION_TYPE_DEVICE, 0
        descs[0].flags = acl.ACL_RT_MEM_ACCESS_FLAGS_READ
        ok(acl.rt.mem_set_access(ptr, G, int(ffi.cast("uintptr_t", descs)), 1), "set_access")
        print("LOADED", ctypes.string_at(ptr, 4).hex(), flush=True)
        ctypes.memset(ptr, 0, 1)
        print("STORED", flush=True)
        """,
        # under CI's AddressSanitizer job its handler would turn the signal into exit status 1
        {"ASAN_OPTIONS": ":".join(filter(None, [os.environ.get("ASAN_OPTIONS", ""), "handle_segv=0"]))},
    )
    assert result.returncode == -signal.SIGSEGV, describe(result)
    assert "LOADED 6b6b6b6b" in result.stdout and "STORED" not in result.stdout, describe(result)
