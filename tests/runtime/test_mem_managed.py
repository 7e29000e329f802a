"""Managed memory (advice, attributes, prefetch in stream order), memory-type checks, UCE queries,
host-map and atomic capabilities."""

from __future__ import annotations

from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern, refused

import acl
from acl._backend import ffi, lib

NOWHERE = acl.ACL_MEM_LOCATIONTYPE_INVALID
advise = acl.rt.mem_managed_advise
DEVICE, HOST = acl.ACL_MEM_LOCATIONTYPE_DEVICE, acl.ACL_MEM_LOCATIONTYPE_HOST



def _address(cdata: object) -> int:
    return int(ffi.cast("uintptr_t", cdata))


class Location:
    def __init__(self, kind: int, ident: int) -> None:
        self.cdata = ffi.new("aclrtMemManagedLocation *", {"type": kind, "id": ident})

    @property
    def address(self) -> int:
        return _address(self.cdata)


def _managed(size: int) -> int:
    ptr, ret = acl.rt.mem_alloc_managed(size, acl.ACL_RT_MEM_ATTACH_GLOBAL)
    check(ret, "mem_alloc_managed")
    return ptr


def _attr(attribute: int, ptr: int, size: int, slots: int = 1) -> list[tuple[int, int]] | int:
    out = ffi.new("aclrtMemManagedLocation[]", slots)
    check(acl.rt.mem_managed_get_attr(attribute, ptr, size, _address(out), ffi.sizeof(out)), "get_attr")
    if attribute in (acl.ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, acl.ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY,
                     acl.ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION):
        return [(entry.type, entry.id) for entry in out]
    return ffi.cast("int32_t *", out)[0]


def test_functions_are_implemented() -> None:
    for name in ("aclrtMemAllocManaged", "aclrtMemManagedAdvise", "aclrtMemManagedGetAttr",
                 "aclrtMemManagedGetAttrs", "aclrtMemManagedPrefetchAsync",
                 "aclrtMemManagedPrefetchBatchAsync", "aclrtCheckMemType",
                 "aclrtGetMemUceInfo", "aclrtMemUceRepair", "aclrtHostMemMapCapabilities",
                 "aclrtDeviceGetHostAtomicCapabilities", "aclrtDeviceGetP2PAtomicCapabilities",
                 "aclrtMallocForTaskScheduler"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name


def test_managed_memory_holds_bytes_and_advice(rt: Runtime) -> None:
    ptr = _managed(8192)
    try:
        payload = pattern(8192, seed=2)
        write_device(ptr, payload)
        assert read_device(ptr, 8192) == payload
        assert acl.util.ptr_to_bytes(ptr + 100, 16) == payload[100:116]  # the host reads it directly
        read_mostly = acl.ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY
        assert _attr(read_mostly, ptr, 8192) == 0
        none = Location(NOWHERE, 0)
        check(advise(ptr, 4096, acl.ACL_MEM_ADVISE_SET_READ_MOSTLY, none.address), "advise")
        assert _attr(read_mostly, ptr + 10, 20) == 1
        dev1 = Location(DEVICE, 1)
        check(advise(ptr, 8192, acl.ACL_MEM_ADVISE_SET_PREFERRED_LOCATION, dev1.address), "advise")
        assert _attr(acl.ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, ptr, 8192) == [(DEVICE, 1)]
        assert _attr(acl.ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, ptr, 8192) == DEVICE
        assert _attr(acl.ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID, ptr, 8192) == 1
        host = Location(HOST, 0)
        for location in (host, Location(DEVICE, 0)):
            check(advise(ptr, 8192, acl.ACL_MEM_ADVISE_SET_ACCESSED_BY, location.address),
                  "advise")
        accessed = acl.ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY
        assert _attr(accessed, ptr, 8192, slots=3) == [(DEVICE, 0), (HOST, -1), (NOWHERE, 0)]
        check(advise(ptr, 8192, acl.ACL_MEM_ADVISE_UNSET_ACCESSED_BY, host.address), "advise")
        assert _attr(accessed, ptr, 8192, slots=2) == [(DEVICE, 0), (NOWHERE, 0)]
        check(advise(ptr, 8192, acl.ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION, none.address),
              "advise")
        assert _attr(acl.ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, ptr, 8192) == 0
        # advice outside the allocation, on unmanaged memory, or with a bad location is refused
        refused(advise(ptr, 8193, acl.ACL_MEM_ADVISE_SET_READ_MOSTLY, none.address), "managed")
        refused(advise(ptr, 8192, 17, none.address), "advise 17")
        refused(advise(ptr, 8192, acl.ACL_MEM_ADVISE_SET_ACCESSED_BY,
                                           Location(DEVICE, 99).address), "device 99")
        four = ffi.new("int32_t *")
        refused(acl.rt.mem_managed_get_attr(read_mostly, ptr, 16, _address(four), 2), "dataSize")
        refused(acl.rt.mem_managed_get_attr(99, ptr, 16, _address(four), 4), "attribute 99")
    finally:
        check(acl.rt.free(ptr), "free")
    # once freed, the range is no longer managed
    four = ffi.new("int32_t *")
    refused(acl.rt.mem_managed_get_attr(acl.ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, ptr, 16, _address(four), 4))


def test_unmanaged_memory_isrefused(alloc: Allocations) -> None:
    plain = alloc.device(64)
    four = ffi.new("int32_t *")
    read_mostly = acl.ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY
    refused(acl.rt.mem_managed_get_attr(read_mostly, plain, 64, _address(four), 4),
             "not inside one managed allocation")
    refused(acl.rt.mem_alloc_managed(64, 0)[1], "ACL_RT_MEM_ATTACH_GLOBAL")
    refused(acl.rt.mem_alloc_managed(0, acl.ACL_RT_MEM_ATTACH_GLOBAL)[1])


def test_prefetch_records_location_in_stream_order(alloc: Allocations, rt: Runtime) -> None:
    ptr = _managed(4096)
    try:
        last = acl.ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION
        assert _attr(last, ptr, 4096) == [(NOWHERE, 0)]
        stream = alloc.stream()
        gate = alloc.event()
        check(acl.rt.stream_wait_event(stream, gate), "stream_wait_event")  # hold the stream until recorded
        dev1 = Location(DEVICE, 1)
        check(acl.rt.mem_managed_prefetch_async(ptr, 4096, dev1.address, 0, stream), "prefetch")
        check(acl.rt.record_event(gate, rt.stream), "record_event")
        check(acl.rt.synchronize_stream(stream), "synchronize_stream")
        assert _attr(last, ptr, 4096) == [(DEVICE, 1)]
        # a batch: entries 0..1 to the host, 2 to device 0
        ptrs = ffi.new("void *[]", [ffi.cast("void *", ptr), ffi.cast("void *", ptr + 1024),
                                    ffi.cast("void *", ptr + 2048)])
        sizes = ffi.new("size_t[]", [1024, 1024, 16])
        locs = ffi.new("aclrtMemManagedLocation[]", [{"type": HOST, "id": 0}, {"type": DEVICE, "id": 0}])
        idxs = ffi.new("size_t[]", [0, 2])
        check(lib.aclrtMemManagedPrefetchBatchAsync(_address(ptrs), _address(sizes), 3, _address(locs),
                                                    _address(idxs), 2, 0, stream), "prefetch_batch")
        check(acl.rt.synchronize_stream(stream), "synchronize_stream")
        assert _attr(last, ptr, 4096) == [(DEVICE, 0)]  # the last entry ran last
        sizes[2] = 4096
        refused(lib.aclrtMemManagedPrefetchBatchAsync(_address(ptrs), _address(sizes), 3, _address(locs),
                                                       _address(idxs), 2, 0, stream), "managed")
        idxs[0] = 1
        refused(lib.aclrtMemManagedPrefetchBatchAsync(_address(ptrs), _address(sizes), 3, _address(locs),
                                                       _address(idxs), 2, 0, stream), "prefetchLocIdxs")
        bad = Location(7, 0)
        refused(acl.rt.mem_managed_prefetch_async(ptr, 4096, bad.address, 0, stream), "location type")
    finally:
        check(acl.rt.free(ptr), "free")


def test_check_mem_type(alloc: Allocations) -> None:
    device = alloc.device(64)
    host = alloc.host(64)
    dvpp, ret = acl.media.dvpp_malloc(256)
    check(ret, "dvpp_malloc")
    try:
        def run(addresses: list[int], mem_type: int) -> int:
            table = ffi.new("void *[]", [ffi.cast("void *", a) for a in addresses])
            result, ret = acl.rt.check_mem_type(_address(table), len(addresses), mem_type, 0)
            check(ret, "check_mem_type")
            return result
        assert run([device, device + 10], acl.ACL_RT_MEM_TYPE_DEV) == 1
        assert run([device, dvpp], acl.ACL_RT_MEM_TYPE_DEV) == 0
        assert run([device, dvpp], acl.ACL_RT_MEM_TYPE_DEV | acl.ACL_RT_MEM_TYPE_DVPP) == 1
        assert run([dvpp], acl.ACL_RT_MEM_TYPE_DVPP) == 1
        assert run([host], acl.ACL_RT_MEM_TYPE_DEV | acl.ACL_RT_MEM_TYPE_DVPP) == 0
        table = ffi.new("void *[]", [ffi.cast("void *", device)])
        refused(acl.rt.check_mem_type(_address(table), 1, 4, 0)[1], "memType")
        refused(acl.rt.check_mem_type(_address(table), 0, 2, 0)[1])
    finally:
        check(acl.media.dvpp_free(dvpp), "dvpp_free")


def test_uce_queries(alloc: Allocations) -> None:
    infos = ffi.new("aclrtMemUceInfo[4]")
    count, ret = acl.rt.get_mem_uce_info(0, _address(infos), 4)
    check(ret, "get_mem_uce_info")
    assert count == 0
    refused(acl.rt.get_mem_uce_info(9, _address(infos), 4)[1], "device 9")
    ptr = alloc.device(128)
    infos[0].addr = ffi.cast("void *", ptr)
    infos[0].len = 128
    check(acl.rt.mem_uce_repair(0, _address(infos), 1), "mem_uce_repair")
    infos[0].len = 129
    refused(acl.rt.mem_uce_repair(0, _address(infos), 1), "past the end")
    refused(acl.rt.mem_uce_repair(0, _address(infos), acl.ACL_RT_MEM_UCE_INFO_MAX_NUM + 1), "arraySize")


def test_capabilities(rt: Runtime) -> None:
    for hac in (acl.ACL_RT_HAC_TYPE_STARS, acl.ACL_RT_HAC_TYPE_SDMA, acl.ACL_RT_HAC_TYPE_CCU):
        supported = acl.ACL_RT_HOST_MEM_MAP_SUPPORTED
        assert acl.rt.host_mem_map_capabilities(0, hac) == (supported, acl.ACL_SUCCESS)
    refused(acl.rt.host_mem_map_capabilities(0, 10)[1], "hacType")
    refused(acl.rt.host_mem_map_capabilities(5, 0)[1], "device 5")
    operations = ffi.new("aclrtAtomicOperation[]", [acl.ACL_RT_ATOMIC_OPERATION_CAS,
                                                    acl.ACL_RT_ATOMIC_OPERATION_FLOAT_ADD,
                                                    acl.ACL_RT_ATOMIC_OPERATION_DMA_ADD])
    capabilities = ffi.new("uint32_t[3]")
    scalars = acl.ACL_RT_ATOMIC_CAPABILITY_SCALAR32 | acl.ACL_RT_ATOMIC_CAPABILITY_SCALAR64
    integers = acl.ACL_RT_ATOMIC_CAPABILITY_SIGNED | acl.ACL_RT_ATOMIC_CAPABILITY_UNSIGNED | scalars
    check(acl.rt.device_get_host_atomic_capabilities(_address(capabilities), _address(operations), 3, 0),
          "host atomic capabilities")
    assert list(capabilities) == [integers, scalars, 0]  # no DMA engine on a CPU
    capabilities[0] = 99
    check(acl.rt.device_get_p2p_atomic_capabilities(_address(capabilities), _address(operations), 1, 0, 1),
          "p2p atomic capabilities")
    assert list(capabilities) == [integers, scalars, 0]
    refused(acl.rt.device_get_p2p_atomic_capabilities(_address(capabilities), _address(operations), 1, 0, 7),
            "device 7")
