"""Physical memory shared between two emulator processes through a shareable handle.

The parent allocates and maps physical memory and exports it; a spawned interpreter imports the
handle, maps it, reads what the parent wrote and writes its own bytes, which the parent then reads
through its own mapping. The payloads are the reference.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator

import pytest
from helpers.device_bytes import physical_prop, read_device, write_device
from helpers.peer_process import finish_peer, spawn_peer
from helpers.runtime_support import Runtime, check, pattern

import acl

GRANULE = 2 << 20
SIZE = 4096

CHILD = textwrap.dedent(
    """
    shareable = int(sys.stdin.readline())
    handle, ret = acl.rt.mem_import_from_shareable_handle(shareable, 0)
    if ret != 0:
        print(f"REFUSED {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(0)
    ptr, ret = acl.rt.reserve_mem_address(2 << 20, 0, 0, 0)
    check(ret, "reserve")
    check(acl.rt.map_mem(ptr, 2 << 20, 0, handle, 0), "map")
    size = int(sys.argv[1])
    host, ret = acl.rt.malloc_host(size)
    check(ret, "malloc_host")
    check(acl.rt.memcpy(host, size, ptr, size, 2), "d2h")
    seen = acl.util.ptr_to_bytes(host, size)
    check(acl.rt.free_host(host), "free_host")
    reply = bytes(b ^ 0xFF for b in seen)
    check(acl.rt.memcpy(ptr + size, size, acl.util.bytes_to_ptr(reply), size, 1), "h2d")
    print("SEEN " + seen.hex(), flush=True)
    check(acl.rt.unmap_mem(ptr), "unmap")
    check(acl.rt.free_physical(handle), "free_physical")
    check(acl.rt.release_mem_address(ptr), "release")
    check(acl.rt.reset_device(0), "reset_device")
    check(acl.finalize(), "finalize")
    print("DONE", flush=True)
    """
)


class Shared:
    def __init__(self, flags: int) -> None:
        self.handle, ret = acl.rt.malloc_physical(GRANULE, physical_prop(), 0)
        check(ret, "malloc_physical")
        self.ptr, ret = acl.rt.reserve_mem_address(GRANULE, 0, 0, 0)
        check(ret, "reserve_mem_address")
        check(acl.rt.map_mem(self.ptr, GRANULE, 0, self.handle, 0), "map_mem")
        self.shareable, ret = acl.rt.mem_export_to_shareable_handle(self.handle, acl.ACL_MEM_HANDLE_TYPE_NONE,
                                                                    flags)
        check(ret, "mem_export_to_shareable_handle")

    def close(self) -> None:
        check(acl.rt.unmap_mem(self.ptr), "unmap_mem")
        check(acl.rt.free_physical(self.handle), "free_physical")
        check(acl.rt.release_mem_address(self.ptr), "release_mem_address")


@pytest.fixture()
def shared_default(rt: Runtime) -> Iterator[Shared]:
    shared = Shared(acl.ACL_RT_VMM_EXPORT_FLAG_DEFAULT)
    yield shared
    shared.close()


def test_allowed_process_sees_and_changes_the_same_bytes(shared_default: Shared) -> None:
    payload = pattern(SIZE, seed=99)
    write_device(shared_default.ptr, payload)
    child, child_pid = spawn_peer(CHILD, str(SIZE))
    check(acl.rt.mem_set_pid_to_shareable_handle(shared_default.shareable, [child_pid]), "set pid")
    lines = finish_peer(child, str(shared_default.shareable))
    assert lines[0] == "SEEN " + payload.hex()
    assert lines[-1] == "DONE"
    assert read_device(shared_default.ptr + SIZE, SIZE) == bytes(b ^ 0xFF for b in payload)


def test_process_missing_from_the_allow_list_is_refused(shared_default: Shared) -> None:
    child, _ = spawn_peer(CHILD, str(SIZE))
    check(acl.rt.mem_set_pid_to_shareable_handle(shared_default.shareable, [os.getpid()]), "set pid")
    lines = finish_peer(child, str(shared_default.shareable))
    assert lines[0].startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ")
    assert "allow-list" in lines[0]


def test_export_without_pid_validation_admits_any_process(rt: Runtime) -> None:
    shared = Shared(acl.ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
    try:
        payload = pattern(SIZE, seed=5)
        write_device(shared.ptr, payload)
        child, _ = spawn_peer(CHILD, str(SIZE))
        lines = finish_peer(child, str(shared.shareable))
        assert lines[0] == "SEEN " + payload.hex()
    finally:
        shared.close()


def test_handle_freed_by_its_owner_can_no_longer_be_imported(rt: Runtime) -> None:
    shared = Shared(acl.ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
    shareable = shared.shareable
    shared.close()
    child, _ = spawn_peer(CHILD, str(SIZE))
    lines = finish_peer(child, str(shareable))
    assert lines[0].startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ")
    assert "not a live shareable handle" in lines[0]
