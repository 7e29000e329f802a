"""IPC memory between two emulator processes: aclrtIpcMemGetExportKey / SetImportPid / ImportByKey.

The parent writes a payload into device memory and exports it; a spawned interpreter imports the
key, reads the bytes and writes its reply (the payload inverted) after them; the parent reads the
reply from its own allocation. The payloads are the reference.
"""

from __future__ import annotations

import os
import textwrap

import pytest
from helpers.device_bytes import read_device, write_device
from helpers.peer_process import finish_peer, spawn_peer
from helpers.runtime_support import Allocations, Runtime, check, pattern

import acl
from acl._backend import ffi, lib

CHILD = textwrap.dedent(
    """
    key = sys.stdin.readline().strip()
    size = int(sys.argv[1])
    ptr, ret = acl.rt.ipc_mem_import_by_key(key, 0)
    if ret != 0:
        print(f"REFUSED {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(0)
    host, ret = acl.rt.malloc_host(size)
    check(ret, "malloc_host")
    check(acl.rt.memcpy(host, size, ptr, size, 2), "d2h")
    seen = acl.util.ptr_to_bytes(host, size)
    reply = bytes(b ^ 0xFF for b in seen)
    check(acl.rt.memcpy(ptr + size, size, acl.util.bytes_to_ptr(reply), size, 1), "h2d")
    print("SEEN " + seen.hex(), flush=True)
    check(acl.rt.free_host(host), "free_host")
    check(acl.rt.ipc_mem_close(key), "ipc_mem_close")
    check(acl.rt.reset_device(0), "reset_device")
    check(acl.finalize(), "finalize")
    print("DONE", flush=True)
    """
)


def _export(ptr: int, size: int, flags: int = acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT) -> str:
    key, ret = acl.rt.ipc_mem_get_export_key(ptr, size, 65, flags)
    check(ret, "ipc_mem_get_export_key")
    return key


def _refused(ret: int, *words: str) -> None:
    message = acl.get_recent_err_msg()
    assert ret == acl.ACL_ERROR_INVALID_PARAM, (ret, message)
    for word in words:
        assert word in message, message


# 200 bytes lies in a shared slab of small allocations, 3 MiB + 7 in a mapping of its own.
@pytest.mark.parametrize("size", [200, 3 * (1 << 20) + 7])
def test_allowed_process_reads_and_writes_the_exported_bytes(alloc: Allocations, size: int) -> None:
    neighbour = alloc.device(size)
    ptr = alloc.device(2 * size)
    neighbour_bytes = pattern(size, seed=1)
    payload = pattern(size, seed=2)
    write_device(neighbour, neighbour_bytes)
    write_device(ptr, payload)
    key = _export(ptr, 2 * size)
    assert key.startswith("aclemu_ipc_")
    child, child_pid = spawn_peer(CHILD, str(size))
    check(acl.rt.ipc_mem_set_import_pid(key, [child_pid]), "ipc_mem_set_import_pid")
    lines = finish_peer(child, key)
    assert lines == ["SEEN " + payload.hex(), "DONE"]
    assert read_device(ptr, size) == payload
    assert read_device(ptr + size, size) == bytes(b ^ 0xFF for b in payload)
    assert read_device(neighbour, size) == neighbour_bytes
    check(acl.rt.ipc_mem_close(key), "ipc_mem_close")


def test_process_missing_from_the_allow_list_is_refused(alloc: Allocations) -> None:
    ptr = alloc.device(4096)
    key = _export(ptr, 4096)
    child, _ = spawn_peer(CHILD, str(100))
    check(acl.rt.ipc_mem_set_import_pid(key, [os.getpid()]), "ipc_mem_set_import_pid")
    lines = finish_peer(child, key)
    assert lines[0].startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ") and "allow-list" in lines[0]
    check(acl.rt.ipc_mem_close(key), "ipc_mem_close")


def test_inter_server_pids_and_disabled_validation_admit_the_child(alloc: Allocations) -> None:
    ptr = alloc.device(8192)
    payload = pattern(1000, seed=4)
    write_device(ptr, payload)
    no_validation = acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION
    for flags in (acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT, no_validation):
        key = _export(ptr, 2000, flags)
        child, child_pid = spawn_peer(CHILD, str(1000))
        if flags == acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT:
            pids = ffi.new("int32_t[]", [child_pid])
            servers = ffi.new("aclrtServerPid[1]")
            servers[0].sdid, servers[0].pid, servers[0].num = 0, pids, 1
            ret = acl.rt.ipc_mem_import_pid_inter_server(key, int(ffi.cast("uintptr_t", servers)), 1)
            check(ret, "ipc_mem_import_pid_inter_server")
        assert finish_peer(child, key)[0] == "SEEN " + payload.hex()
        check(acl.rt.ipc_mem_close(key), "ipc_mem_close")


def test_closed_key_and_freed_memory_cannot_be_imported(rt: Runtime) -> None:
    ptr, ret = acl.rt.malloc(4 << 20, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc")
    closed = _export(ptr, 100, acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
    check(acl.rt.ipc_mem_close(closed), "ipc_mem_close")
    freed = _export(ptr, 100, acl.ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
    check(acl.rt.free(ptr), "free")
    for key, reason in ((closed, "is not open"), (freed, "freed")):
        child, _ = spawn_peer(CHILD, str(100))
        line = finish_peer(child, key)[0]
        assert line.startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ") and reason in line, line
    check(acl.rt.ipc_mem_close(freed), "ipc_mem_close")


def test_bad_arguments_are_refused(alloc: Allocations) -> None:
    ptr = alloc.device(4096)
    _refused(acl.rt.ipc_mem_get_export_key(0xDEAD0000, 16, 65, 0)[1], "aclrtIpcMemGetExportKey", "not inside")
    _refused(acl.rt.ipc_mem_get_export_key(ptr, 4097, 65, 0)[1], "runs past")
    _refused(acl.rt.ipc_mem_get_export_key(ptr, 0, 65, 0)[1], "size 0")
    _refused(acl.rt.ipc_mem_get_export_key(ptr, 16, 65, 2)[1], "flags")
    _refused(acl.rt.ipc_mem_get_export_key(ptr, 16, 8, 0)[1], "cannot hold the key")
    _refused(acl.rt.ipc_mem_import_by_key("nonsense", 0)[1], "aclrtIpcMemImportByKey", "not a key")
    _refused(acl.rt.ipc_mem_import_by_key("aclemu_ipc_1_99999_1", 0)[1], "is not open")
    _refused(acl.rt.ipc_mem_import_by_key("x" * 100, 0)[1], "longer than")
    _refused(acl.rt.ipc_mem_close("aclemu_ipc_1_2_3"), "aclrtIpcMemClose", "not a key")
    _refused(acl.rt.ipc_mem_set_import_pid("aclemu_ipc_1_2_3", [1]), "aclrtIpcMemSetImportPid", "not a key")
    _refused(acl.rt.ipc_mem_set_import_pid("aclemu_ipc_1_2_3", []), "num is 0")
    key = _export(ptr, 64)
    _refused(acl.rt.ipc_mem_import_by_key(key, 5)[1], "flags")
    _refused(acl.rt.ipc_mem_set_attr(key, 9, 0), "aclrtIpcMemSetAttr", "type")
    _refused(acl.rt.ipc_mem_set_attr(key, acl.ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 9), "attr")
    check(acl.rt.ipc_mem_set_attr(key, acl.ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 1), "set_attr")
    _refused(acl.rt.ipc_mem_set_import_pid(key, list(range(1, 66))), "at most 64")
    _refused(acl.rt.ipc_mem_import_pid_inter_server(key, 0, 1), "serverPids is NULL")
    _refused(lib.aclrtIpcMemClose(ffi.NULL), "key is NULL")
    _refused(lib.aclrtIpcMemGetExportKey(ptr, 16, 0, 65, 0), "key is NULL")
    check(acl.rt.ipc_mem_close(key), "ipc_mem_close")


def test_functions_are_no_longer_stubs() -> None:
    for name in ("aclrtIpcMemGetExportKey", "aclrtIpcMemClose", "aclrtIpcMemImportByKey",
                 "aclrtIpcMemSetImportPid", "aclrtIpcMemSetAttr", "aclrtIpcMemImportPidInterServer"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
