"""Bytes in and out of device addresses through acl.rt.memcpy (host side: acl.util buffers).

Import only after ACL_BACKEND is set (tests/runtime/conftest.py does it).
"""

from __future__ import annotations

import acl
from helpers.runtime_support import check


def write_device(ptr: int, payload: bytes) -> None:
    check(acl.rt.memcpy(ptr, len(payload), acl.util.bytes_to_ptr(payload), len(payload),
                        acl.ACL_MEMCPY_HOST_TO_DEVICE), "memcpy h2d")


def read_device(ptr: int, size: int) -> bytes:
    host, ret = acl.rt.malloc_host(size)
    check(ret, "malloc_host")
    try:
        check(acl.rt.memcpy(host, size, ptr, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "memcpy d2h")
        return acl.util.ptr_to_bytes(host, size)
    finally:
        check(acl.rt.free_host(host), "free_host")


def physical_prop(mem_attr: int = acl.ACL_HBM_MEM_HUGE, device: int = 0) -> dict:
    """An aclrtPhysicalMemProp dict for device memory."""
    return {
        "handleType": acl.ACL_MEM_HANDLE_TYPE_NONE,
        "allocationType": acl.ACL_MEM_ALLOCATION_TYPE_PINNED,
        "memAttr": mem_attr,
        "location": {"id": device, "type": acl.ACL_MEM_LOCATION_TYPE_DEVICE},
    }
