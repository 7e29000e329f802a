"""Virtual memory management on the emulator: reserved ranges, physical memory, mappings.

Bytes written through one mapping are read back through another mapping of the same physical
memory and compared with what was written (the payload itself is the reference).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.device_bytes import physical_prop, read_device, write_device
from helpers.runtime_support import Runtime, check, pattern
from helpers.vmm_support import Vmm

import acl

MIB = 1 << 20
GRANULE = 2 * MIB




def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


@pytest.fixture()
def vmm(rt: Runtime) -> Iterator[Vmm]:
    resources = Vmm()
    yield resources
    resources.release()




def test_granularity_is_2_mib_and_1_gib_for_the_1g_attributes(rt: Runtime) -> None:
    for option in (acl.ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, acl.ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED):
        granularity, ret = acl.rt.mem_get_allocation_granularity(physical_prop(acl.ACL_HBM_MEM_HUGE), option)
        check(ret, "granularity")
        assert granularity == GRANULE
        huge_1g = physical_prop(acl.ACL_HBM_MEM_HUGE1G)
        granularity, ret = acl.rt.mem_get_allocation_granularity(huge_1g, option)
        check(ret, "granularity 1G")
        assert granularity == 1 << 30


def test_reserved_range_is_aligned_and_distinct(vmm: Vmm) -> None:
    first = vmm.reserve(4 * GRANULE, alignment=16 * MIB)
    second = vmm.reserve(GRANULE)
    assert first % (16 * MIB) == 0 and second % GRANULE == 0
    assert second + GRANULE <= first or first + 4 * GRANULE <= second


def test_two_mappings_of_one_physical_memory_see_the_same_bytes(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    first, second = vmm.reserve(GRANULE), vmm.reserve(2 * GRANULE)
    vmm.map(first, GRANULE, handle)
    vmm.map(second + GRANULE, GRANULE, handle)  # not the start of its range: allowed
    payload = pattern(GRANULE, seed=12)
    write_device(first, payload)
    assert read_device(second + GRANULE, GRANULE) == payload
    check(acl.rt.memset(second + GRANULE + 100, 50, 0x3C, 50), "memset through the second mapping")
    assert read_device(first + 100, 50) == b"\x3c" * 50


def test_unmapped_memory_keeps_its_bytes_for_the_next_mapping(vmm: Vmm) -> None:
    handle = vmm.physical(2 * GRANULE)
    ptr = vmm.reserve(2 * GRANULE)
    vmm.map(ptr, 2 * GRANULE, handle)
    payload = pattern(4096, seed=3)
    write_device(ptr + GRANULE, payload)
    vmm.unmap(ptr)
    vmm.map(ptr, 2 * GRANULE, handle)
    assert read_device(ptr + GRANULE, 4096) == payload


def test_retain_and_properties_name_the_mapped_handle(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    ptr = vmm.reserve(GRANULE)
    vmm.map(ptr, GRANULE, handle)
    retained, ret = acl.rt.mem_retain_allocation_handle(ptr + 12345)
    check(ret, "retain")
    assert retained == handle
    prop, ret = acl.rt.mem_get_allocation_properties_from_handle(handle)
    check(ret, "properties")
    assert prop["memAttr"] == acl.ACL_HBM_MEM_HUGE
    assert prop["location"]["type"] == acl.ACL_MEM_LOCATION_TYPE_DEVICE


def test_bad_sizes_flags_and_attributes_are_refused(rt: Runtime) -> None:
    _refused(acl.rt.malloc_physical(GRANULE + 4096, physical_prop(), 0)[1], "aclrtMallocPhysical", "multiple")
    _refused(acl.rt.malloc_physical(0, physical_prop(), 0)[1], "aclrtMallocPhysical")
    _refused(acl.rt.malloc_physical(GRANULE, physical_prop(), 1)[1], "flags")
    _refused(acl.rt.malloc_physical(GRANULE, physical_prop(mem_attr=99), 0)[1], "memAttr")
    _refused(acl.rt.malloc_physical(GRANULE, physical_prop(device=64), 0)[1], "location.id")
    _refused(acl.rt.mem_get_allocation_granularity(physical_prop(), 7)[1], "option")
    _refused(acl.rt.reserve_mem_address(GRANULE - 1, 0, 0, 0)[1], "aclrtReserveMemAddress", "size")
    _refused(acl.rt.reserve_mem_address(GRANULE, 3 * MIB, 0, 0)[1], "alignment")


def test_bad_handles_and_addresses_are_refused(vmm: Vmm) -> None:
    garbage = 0xDEAD0000
    _refused(acl.rt.free_physical(garbage), "aclrtFreePhysical", "not a live")
    _refused(acl.rt.map_mem(vmm.reserve(GRANULE), GRANULE, 0, garbage, 0), "aclrtMapMem", "handle")
    _refused(acl.rt.unmap_mem(garbage), "aclrtUnmapMem")
    _refused(acl.rt.release_mem_address(garbage), "aclrtReleaseMemAddress")
    _refused(acl.rt.mem_retain_allocation_handle(garbage)[1], "aclrtMemRetainAllocationHandle")
    _refused(acl.rt.mem_get_allocation_properties_from_handle(garbage)[1], "not a live")
    _refused(acl.rt.mem_export_to_shareable_handle(garbage, 0, 0)[1], "not a live")
    _refused(acl.rt.mem_set_pid_to_shareable_handle(123456789, [1]), "not a shareable handle")
    _refused(acl.rt.mem_import_from_shareable_handle(123456789, 0)[1], "not a live shareable handle")


def test_mapping_rules_are_enforced(vmm: Vmm) -> None:
    handle = vmm.physical(GRANULE)
    ptr = vmm.reserve(2 * GRANULE)
    _refused(acl.rt.map_mem(0x1000, GRANULE, 0, handle, 0), "not inside a reserved")
    _refused(acl.rt.map_mem(ptr + 4096, GRANULE, 0, handle, 0), "multiples")
    _refused(acl.rt.map_mem(ptr, GRANULE, 4096, handle, 0), "offset")
    _refused(acl.rt.map_mem(ptr, 2 * GRANULE, 0, handle, 0), "exceeds")
    _refused(acl.rt.map_mem(ptr + GRANULE, 2 * GRANULE, 0, vmm.physical(2 * GRANULE), 0), "runs past")
    vmm.map(ptr, GRANULE, handle)
    _refused(acl.rt.map_mem(ptr, GRANULE, 0, handle, 0), "overlaps")
    _refused(acl.rt.unmap_mem(ptr + GRANULE), "not the start of a mapping")
    _refused(acl.rt.free_physical(handle), "still mapped")
    _refused(acl.rt.release_mem_address(ptr), "still has mapped")
    _refused(acl.rt.release_mem_address(ptr + GRANULE), "not the start")


def test_functions_are_no_longer_stubs() -> None:
    from acl._backend import lib

    for name in ("aclrtReserveMemAddress", "aclrtReserveMemAddressNoUCMemory", "aclrtReleaseMemAddress",
                 "aclrtMallocPhysical", "aclrtFreePhysical", "aclrtMapMem", "aclrtUnmapMem",
                 "aclrtMemGetAllocationGranularity", "aclrtMemRetainAllocationHandle",
                 "aclrtMemGetAllocationPropertiesFromHandle", "aclrtMemExportToShareableHandle",
                 "aclrtMemSetPidToShareableHandle", "aclrtMemImportFromShareableHandle"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
