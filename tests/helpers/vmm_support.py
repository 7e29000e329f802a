"""Reserved ranges, physical memory and mappings of one VMM test, released in the runtime's order.

Import only after ACL_BACKEND is set (tests/runtime/conftest.py does it).
"""

from __future__ import annotations

import acl
from helpers.device_bytes import physical_prop
from helpers.runtime_support import check


class Vmm:
    """Ranges and handles of one test, released at its end in the order the runtime needs."""

    def __init__(self) -> None:
        self.mapped: list[int] = []
        self.handles: list[int] = []
        self.ranges: list[int] = []

    def reserve(self, size: int, alignment: int = 0) -> int:
        ptr, ret = acl.rt.reserve_mem_address(size, alignment, 0, 0)
        check(ret, "reserve_mem_address")
        self.ranges.append(ptr)
        return ptr

    def physical(self, size: int) -> int:
        handle, ret = acl.rt.malloc_physical(size, physical_prop(), 0)
        check(ret, "malloc_physical")
        self.handles.append(handle)
        return handle

    def map(self, ptr: int, size: int, handle: int) -> None:
        check(acl.rt.map_mem(ptr, size, 0, handle, 0), "map_mem")
        self.mapped.append(ptr)

    def unmap(self, ptr: int) -> None:
        check(acl.rt.unmap_mem(ptr), "unmap_mem")
        self.mapped.remove(ptr)

    def release(self) -> None:
        for ptr in self.mapped:
            check(acl.rt.unmap_mem(ptr), "unmap_mem")
        for handle in self.handles:
            check(acl.rt.free_physical(handle), "free_physical")
        for ptr in self.ranges:
            check(acl.rt.release_mem_address(ptr), "release_mem_address")
