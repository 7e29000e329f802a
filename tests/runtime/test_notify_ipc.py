"""Notifies shared between two emulator processes: aclrtNotifyGetExportKey / SetImportPid /
SetImportPidInterServer / ImportByKey.

The parent exports a notify and admits a spawned interpreter, which imports the key and makes its
stream wait on the notify: the stream stays blocked until the parent records the notify (the
child measures at least the parent's delay); then the child records it back and the parent's own
stream, waiting on it, is released. A process not admitted is refused with ACL_ERROR_INVALID_PARAM.
"""

from __future__ import annotations

import os
import textwrap
import time

import pytest
from helpers.peer_process import finish_peer, spawn_peer
from helpers.runtime_support import Runtime, check
from helpers.subproc import describe, run_on_emulator

import acl
from acl._backend import ffi

DELAY = 0.4

CHILD = textwrap.dedent(
    """
    import time
    ctx, ret = acl.rt.create_context(0)
    check(ret, "create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    notify, ret = acl.rt.notify_import_by_key(sys.stdin.readline().strip(), 0)
    if ret != 0:
        print(f"REFUSED {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(0)
    check(acl.rt.wait_and_reset_notify(notify, stream, 30), "wait_and_reset_notify")
    start = time.monotonic()
    print("WAITING", flush=True)
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    print(f"RELEASED {time.monotonic() - start:.3f}", flush=True)
    check(acl.rt.record_notify(notify, stream), "record back")
    check(acl.rt.synchronize_stream(stream), "synchronize after record")
    check(acl.rt.destroy_notify(notify), "destroy_notify")
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    check(acl.rt.destroy_context(ctx), "destroy_context")
    """
)


@pytest.fixture()
def exported(rt: Runtime) -> tuple[int, str]:
    notify, ret = acl.rt.create_notify(0)
    check(ret, "create_notify")
    key, ret = acl.rt.notify_get_export_key(notify, 64, acl.ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT)
    check(ret, "notify_get_export_key")
    yield notify, key
    check(acl.rt.destroy_notify(notify), "destroy_notify")


@pytest.mark.parametrize("inter_server", [False, True])
def test_the_child_s_stream_waits_for_the_parent_and_back(rt: Runtime, exported: tuple[int, str],
                                                          inter_server: bool) -> None:
    notify, key = exported
    child, child_pid = spawn_peer(CHILD)
    assert child.stdin is not None and child.stdout is not None
    try:
        if inter_server:
            pids = ffi.new("int32_t[]", [child_pid])
            servers = ffi.new("aclrtServerPid[1]")
            servers[0].sdid, servers[0].pid, servers[0].num = 0, pids, 1
            check(acl.rt.notify_set_import_pid_inter_server(notify, int(ffi.cast("uintptr_t", servers)), 1),
                  "notify_set_import_pid_inter_server")
        else:
            check(acl.rt.notify_set_import_pid(notify, [child_pid]), "notify_set_import_pid")
        child.stdin.write(key + "\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "WAITING"
        time.sleep(DELAY)
        check(acl.rt.record_notify(notify, rt.stream), "record_notify")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        word, elapsed = child.stdout.readline().split()
        assert word == "RELEASED" and float(elapsed) >= DELAY * 0.9, (word, elapsed)
        # the child's wait reset the flag; its record back sets it again for this stream's wait
        check(acl.rt.wait_and_reset_notify(notify, rt.stream, 30), "wait for the child's record")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        out, _ = child.communicate(timeout=60)
        assert child.returncode == 0, out
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_a_process_not_admitted_is_refused(exported: tuple[int, str]) -> None:
    notify, key = exported
    child, _ = spawn_peer(CHILD)
    check(acl.rt.notify_set_import_pid(notify, [os.getpid()]), "notify_set_import_pid")
    lines = finish_peer(child, key)
    assert lines[0].startswith(f"REFUSED {acl.ACL_ERROR_INVALID_PARAM} ") and "allow-list" in lines[0]


def test_disabled_validation_admits_any_process_and_a_destroyed_notify_no_longer_imports(rt: Runtime) -> None:
    notify, ret = acl.rt.create_notify(0)
    check(ret, "create_notify")
    any_pid = acl.ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION
    key, ret = acl.rt.notify_get_export_key(notify, 64, any_pid)
    check(ret, "notify_get_export_key")
    again, ret = acl.rt.notify_get_export_key(notify, 64, any_pid)
    assert (again, ret) == (key, 0)
    body = f"""
        notify, ret = acl.rt.notify_import_by_key({key!r}, acl.ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS)
        ok(ret, "import")
        ok(acl.rt.record_notify(notify, stream), "record")
        ok(acl.rt.synchronize_stream(stream), "sync")
        print("RECORDED", flush=True)
        """
    result = run_on_emulator(body)
    assert result.returncode == 0 and "RECORDED" in result.stdout, describe(result)
    # the child's record set the shared flag: this wait passes at once
    check(acl.rt.wait_and_reset_notify(notify, rt.stream, 5), "wait")
    check(acl.rt.synchronize_stream(rt.stream), "the child's record reached this process")
    check(acl.rt.destroy_notify(notify), "destroy_notify")
    result = run_on_emulator(body)
    assert result.returncode != 0 and "is not open" in result.stdout + result.stderr, describe(result)


def test_bad_inputs_are_refused(rt: Runtime, exported: tuple[int, str]) -> None:
    notify, key = exported
    plain, ret = acl.rt.create_notify(0)
    check(ret, "create_notify")
    try:
        cases = [
            (lambda: acl.rt.notify_get_export_key(plain, 64, 1)[1], "ACL_RT_NOTIFY_EXPORT_FLAG"),
            (lambda: acl.rt.notify_get_export_key(plain, 8, 0)[1], "cannot hold"),
            (lambda: acl.rt.notify_get_export_key(plain + 8, 64, 0)[1], "not a live notify"),
            (lambda: acl.rt.notify_set_import_pid(plain, [1]), "no export key"),
            (lambda: acl.rt.notify_set_import_pid(notify, []), "pid is NULL"),
            (lambda: acl.rt.notify_set_import_pid_inter_server(notify, 0, 1), "serverPids is NULL"),
            (lambda: acl.rt.notify_import_by_key("nonsense", 0)[1], "not a key made by"),
            (lambda: acl.rt.notify_import_by_key(key, 1)[1], "ACL_RT_NOTIFY_IMPORT_FLAG"),
            (lambda: acl.rt.notify_import_by_key("aclemu_ntf_2147483647_3_1", 0)[1], "is not open"),
            (lambda: acl.rt.notify_set_import_pid(notify, [0] * 65), "at most"),
        ]
        for call, words in cases:
            ret = call()
            assert ret == acl.ACL_ERROR_INVALID_PARAM, (words, ret)
            assert words in acl.get_recent_err_msg(), (words, acl.get_recent_err_msg())
        imported, ret = acl.rt.notify_import_by_key(key, 0)  # this process exported it: admitted
        check(ret, "import in the exporting process")
        try:
            _, ret = acl.rt.notify_get_export_key(imported, 64, 0)
            assert ret == acl.ACL_ERROR_INVALID_PARAM and "imported" in acl.get_recent_err_msg()
        finally:
            check(acl.rt.destroy_notify(imported), "destroy imported")
    finally:
        check(acl.rt.destroy_notify(plain), "destroy_notify")
