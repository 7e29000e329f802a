"""V2 shareable handles between two emulator processes (aclrtMemExportToShareableHandleV2 /
SetPidToShareableHandleV2 / ImportFromShareableHandleV2), both handle types.

The parent exports mapped physical memory into a caller buffer and sends its bytes to a spawned
interpreter, which imports them, maps the memory, reads the parent's payload and writes its reply
(the payload inverted) after it; the parent reads the reply. The payloads are the reference.
"""

from __future__ import annotations

import os
import textwrap

import pytest
from helpers.device_bytes import physical_prop, read_device, write_device
from helpers.peer_process import finish_peer, spawn_peer
from helpers.runtime_support import Runtime, check, pattern

import acl
from acl._backend import ffi

GRANULE = 2 << 20
SIZE = 2048
BYTES = {acl.ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT: 8, acl.ACL_MEM_SHARE_HANDLE_TYPE_FABRIC: 128}

CHILD = textwrap.dedent(
    """
    from acl._backend import ffi
    share_type, size = int(sys.argv[1]), int(sys.argv[2])
    raw = bytes.fromhex(sys.stdin.readline().strip())
    buf = ffi.new("unsigned char[]", raw)
    handle, ret = acl.rt.mem_import_from_shareable_handle_v2(int(ffi.cast("uintptr_t", buf)), share_type, 0)
    if ret != 0:
        print(f"REFUSED {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(0)
    ptr, ret = acl.rt.reserve_mem_address(2 << 20, 0, 0, 0)
    check(ret, "reserve")
    check(acl.rt.map_mem(ptr, 2 << 20, 0, handle, 0), "map")
    host, ret = acl.rt.malloc_host(size)
    check(ret, "malloc_host")
    check(acl.rt.memcpy(host, size, ptr, size, 2), "d2h")
    seen = acl.util.ptr_to_bytes(host, size)
    reply = bytes(b ^ 0xFF for b in seen)
    check(acl.rt.memcpy(ptr + size, size, acl.util.bytes_to_ptr(reply), size, 1), "h2d")
    print("SEEN " + seen.hex(), flush=True)
    check(acl.rt.free_host(host), "free_host")
    check(acl.rt.unmap_mem(ptr), "unmap")
    check(acl.rt.free_physical(handle), "free_physical")
    check(acl.rt.release_mem_address(ptr), "release")
    """
)


class Exported:
    def __init__(self, share_type: int, flags: int) -> None:
        self.handle, ret = acl.rt.malloc_physical(GRANULE, physical_prop(), 0)
        check(ret, "malloc_physical")
        self.ptr, ret = acl.rt.reserve_mem_address(GRANULE, 0, 0, 0)
        check(ret, "reserve_mem_address")
        check(acl.rt.map_mem(self.ptr, GRANULE, 0, self.handle, 0), "map_mem")
        self.share_type = share_type
        self.buf = ffi.new("unsigned char[]", BYTES[share_type])
        ret = acl.rt.mem_export_to_shareable_handle_v2(self.handle, flags, share_type, self.address)
        check(ret, "mem_export_to_shareable_handle_v2")

    @property
    def address(self) -> int:
        return int(ffi.cast("uintptr_t", self.buf))

    def hex(self) -> str:
        return bytes(ffi.buffer(self.buf)).hex()

    def close(self) -> None:
        check(acl.rt.unmap_mem(self.ptr), "unmap_mem")
        check(acl.rt.free_physical(self.handle), "free_physical")
        check(acl.rt.release_mem_address(self.ptr), "release_mem_address")


@pytest.mark.parametrize("share_type", sorted(BYTES))
def test_allowed_child_sees_and_changes_the_same_bytes(rt: Runtime, share_type: int) -> None:
    shared = Exported(share_type, acl.ACL_RT_VMM_EXPORT_FLAG_DEFAULT)
    try:
        payload = pattern(SIZE, seed=share_type)
        write_device(shared.ptr, payload)
        child, child_pid = spawn_peer(CHILD, str(share_type), str(SIZE))
        pids = ffi.new("int32_t[]", [child_pid])
        pids_addr = int(ffi.cast("uintptr_t", pids))
        ret = acl.rt.mem_set_pid_to_shareable_handle_v2(shared.address, share_type, pids_addr, 1)
        check(ret, "mem_set_pid_to_shareable_handle_v2")
        lines = finish_peer(child, shared.hex())
        assert lines == ["SEEN " + payload.hex()]
        assert read_device(shared.ptr + SIZE, SIZE) == bytes(b ^ 0xFF for b in payload)
    finally:
        shared.close()


def test_default_v2_handle_is_the_v1_value_and_v1_import_accepts_it(rt: Runtime) -> None:
    any_pid = acl.ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION
    shared = Exported(acl.ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, any_pid)
    try:
        value = int.from_bytes(bytes(ffi.buffer(shared.buf)), "little")
        again, ret = acl.rt.mem_export_to_shareable_handle(shared.handle, acl.ACL_MEM_HANDLE_TYPE_NONE,
                                                           acl.ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
        check(ret, "v1 export")
        assert again == value
        payload = pattern(SIZE, seed=77)
        write_device(shared.ptr, payload)
        child, _ = spawn_peer(CHILD, str(acl.ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT), str(SIZE))
        assert finish_peer(child, shared.hex()) == ["SEEN " + payload.hex()]
    finally:
        shared.close()


def test_child_missing_from_the_allow_list_is_refused(rt: Runtime) -> None:
    share_type = acl.ACL_MEM_SHARE_HANDLE_TYPE_FABRIC
    shared = Exported(share_type, acl.ACL_RT_VMM_EXPORT_FLAG_DEFAULT)
    try:
        child, _ = spawn_peer(CHILD, str(share_type), str(SIZE))
        pids = ffi.new("int32_t[]", [os.getpid()])
        check(acl.rt.mem_set_pid_to_shareable_handle_v2(shared.address, share_type,
                                                        int(ffi.cast("uintptr_t", pids)), 1), "set pid")
        lines = finish_peer(child, shared.hex())
        assert lines[0].startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ") and "allow-list" in lines[0]
    finally:
        shared.close()


def test_bad_v2_inputs_are_refused(rt: Runtime) -> None:
    fabric = acl.ACL_MEM_SHARE_HANDLE_TYPE_FABRIC
    shared = Exported(fabric, acl.ACL_RT_VMM_EXPORT_FLAG_DEFAULT)
    try:
        buf = ffi.new("unsigned char[128]")
        addr = int(ffi.cast("uintptr_t", buf))
        export = acl.rt.mem_export_to_shareable_handle_v2
        cases = [
            (lambda: export(shared.handle, 0, 3, addr), "aclrtMemSharedHandleType"),
            (lambda: export(shared.handle, 0, fabric, 0), "shareableHandle is NULL"),
            (lambda: export(shared.handle, 2, fabric, addr), "ACL_RT_VMM_EXPORT_FLAG"),
            (lambda: export(shared.handle + 8, 0, fabric, addr), "live physical"),
            (lambda: acl.rt.mem_set_pid_to_shareable_handle_v2(addr, fabric, addr, 1), "not made by"),
            (lambda: acl.rt.mem_set_pid_to_shareable_handle_v2(shared.address, fabric, 0, 1), "pid is NULL"),
        ]
        for call, words in cases:
            ret = call()
            assert ret == acl.ACL_ERROR_INVALID_PARAM, (words, ret)
            assert words in acl.get_recent_err_msg()
        for share_type, flags, words in ((fabric, 1, "flags must be 0"), (0, 0, "aclrtMemSharedHandleType")):
            _, ret = acl.rt.mem_import_from_shareable_handle_v2(shared.address, share_type, flags)
            assert ret == acl.ACL_ERROR_INVALID_PARAM and words in acl.get_recent_err_msg()
        _, ret = acl.rt.mem_import_from_shareable_handle_v2(addr, fabric, 0)
        assert ret == acl.ACL_ERROR_INVALID_PARAM and "not made by" in acl.get_recent_err_msg()
    finally:
        shared.close()
    _, ret = acl.rt.mem_import_from_shareable_handle_v2(shared.address, fabric, 0)
    assert ret == acl.ACL_ERROR_INVALID_PARAM and "not a live shareable handle" in acl.get_recent_err_msg()
