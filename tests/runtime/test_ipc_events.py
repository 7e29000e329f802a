"""IPC events between two emulator processes: aclrtIpcGetEventHandle / aclrtIpcOpenEventHandle.

The parent records an ACL_EVENT_IPC event on a stream held back by a notify, so the record is
submitted but has not run; a spawned interpreter opens the handle and must see it not ready (a
bounded synchronize times out), then complete once the parent lets the stream go, with the same
timestamp the parent reads. Bad handles and events are refused with ACL_ERROR_INVALID_PARAM.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap

from helpers.runtime_support import Runtime, check
from helpers.subproc import clean_env, describe, run_on_emulator

import acl
from acl._backend import ffi

IPC_FLAGS = acl.ACL_EVENT_IPC | acl.ACL_EVENT_SYNC

CHILD = textwrap.dedent(
    """
    import sys
    import acl
    from acl._backend import ffi

    def check(ret, what):
        if ret != 0:
            print(f"FAIL {what} {ret} {acl.get_recent_err_msg()}", flush=True)
            sys.exit(1)

    check(acl.init(), "init")
    check(acl.rt.set_device(0), "set_device")
    ctx, ret = acl.rt.create_context(0)
    check(ret, "create_context")
    raw = ffi.new("aclrtIpcEventHandle *")
    text = sys.stdin.readline().strip().encode()
    ffi.memmove(raw.reserved, text, min(len(text), len(raw.reserved) - 1))
    event, ret = acl.rt.ipc_open_event_handle(int(ffi.cast("uintptr_t", raw)))
    if ret != 0:
        print(f"REFUSED {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(0)
    status, ret = acl.rt.query_event_status(event)
    check(ret, "query before")
    print(f"BEFORE {status} {acl.rt.synchronize_event_with_timeout(event, 100)}", flush=True)
    sys.stdin.readline()  # the parent has let its stream go
    check(acl.rt.synchronize_event(event), "synchronize")
    status, ret = acl.rt.query_event_status(event)
    check(ret, "query after")
    stamp, ret = acl.rt.event_get_timestamp(event)
    check(ret, "timestamp")
    print(f"AFTER {status} {stamp}", flush=True)
    check(acl.rt.destroy_event(event), "destroy_event")
    check(acl.rt.destroy_context(ctx), "destroy_context")
    check(acl.rt.reset_device(0), "reset_device")
    check(acl.finalize(), "finalize")
    """
)


def _handle_text(event: int) -> str:
    handle, ret = acl.rt.ipc_get_event_handle(event)
    check(ret, "ipc_get_event_handle")
    return handle["reserved"]


def _open(text: bytes) -> tuple[int, int]:
    raw = ffi.new("aclrtIpcEventHandle *")
    ffi.memmove(raw.reserved, text, min(len(text), len(raw.reserved)))
    return acl.rt.ipc_open_event_handle(int(ffi.cast("uintptr_t", raw)))


def _spawn() -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=clean_env({"ACL_BACKEND": "emulator"}), cwd=tempfile.gettempdir())


def test_child_waits_for_a_record_made_in_the_parent(rt: Runtime) -> None:
    event, ret = acl.rt.create_event_with_flag(IPC_FLAGS)
    check(ret, "create_event_with_flag")
    gate, ret = acl.rt.create_notify(0)
    check(ret, "create_notify")
    held, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    child = _spawn()
    released = False
    try:
        assert child.stdin is not None and child.stdout is not None
        check(acl.rt.wait_and_reset_notify(gate, held, 0), "wait_and_reset_notify")
        check(acl.rt.record_event(event, held), "record_event")
        child.stdin.write(_handle_text(event) + "\n")
        child.stdin.flush()
        before = child.stdout.readline().split()
        assert before == ["BEFORE", str(acl.ACL_EVENT_RECORDED_STATUS_NOT_READY),
                          str(acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT)], before
        status, ret = acl.rt.query_event_status(event)
        assert (status, ret) == (acl.ACL_EVENT_RECORDED_STATUS_NOT_READY, 0)
        check(acl.rt.record_notify(gate, rt.stream), "record_notify")
        released = True
        check(acl.rt.synchronize_stream(held), "synchronize held stream")
        out, _ = child.communicate("go\n", timeout=60)
        stamp, ret = acl.rt.event_get_timestamp(event)
        check(ret, "event_get_timestamp")
        assert child.returncode == 0, out
        assert out.split() == ["AFTER", str(acl.ACL_EVENT_RECORDED_STATUS_COMPLETE), str(stamp)], out
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if not released:  # a stream still waiting on the notify would hold up its own destruction
            check(acl.rt.record_notify(gate, rt.stream), "release the held stream")
        check(acl.rt.synchronize_stream(held), "drain the held stream")
        check(acl.rt.destroy_stream(held), "destroy_stream")
        check(acl.rt.destroy_notify(gate), "destroy_notify")
        check(acl.rt.destroy_event(event), "destroy_event")


def test_stream_of_the_child_waits_on_the_opened_event() -> None:
    # one process plays both roles through two opened copies: the waiting stream runs only after
    # the record made through the creator's handle
    result = run_on_emulator(
        """
        from acl._backend import ffi
        event, ret = acl.rt.create_event_with_flag(acl.ACL_EVENT_IPC)
        ok(ret, "create")
        handle, ret = acl.rt.ipc_get_event_handle(event)
        ok(ret, "get handle")
        raw = ffi.new("aclrtIpcEventHandle *")
        ffi.memmove(raw.reserved, handle["reserved"].encode(), len(handle["reserved"]))
        opened, ret = acl.rt.ipc_open_event_handle(int(ffi.cast("uintptr_t", raw)))
        ok(ret, "open")
        status, ret = acl.rt.query_event(opened)
        print("NEVER", status, ret)
        ok(acl.rt.record_event(opened, stream), "record through the opened event")
        ok(acl.rt.synchronize_stream(stream), "sync")
        status, ret = acl.rt.query_event(event)
        print("CREATOR", status, ret)
        again, ret = acl.rt.ipc_get_event_handle(opened)
        print("REEXPORT", ret)
        ok(acl.rt.destroy_event(opened), "destroy opened")
        ok(acl.rt.destroy_event(event), "destroy")
        gone, ret = acl.rt.ipc_open_event_handle(int(ffi.cast("uintptr_t", raw)))
        print("GONE", ret, "gone" in acl.get_recent_err_msg())
        """
    )
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    assert lines[0] == f"NEVER {acl.ACL_EVENT_STATUS_NOT_READY} 0", describe(result)
    assert lines[1] == f"CREATOR {acl.ACL_EVENT_STATUS_COMPLETE} 0", describe(result)
    assert lines[2] == f"REEXPORT {acl.ACL_ERROR_INVALID_PARAM}", describe(result)
    assert lines[3] == f"GONE {acl.ACL_ERROR_INVALID_PARAM} True", describe(result)


def test_bad_events_and_handles_are_refused(rt: Runtime) -> None:
    plain, ret = acl.rt.create_event()
    check(ret, "create_event")
    try:
        _, ret = acl.rt.ipc_get_event_handle(plain)
        assert ret == acl.ACL_ERROR_INVALID_PARAM and "ACL_EVENT_IPC" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.destroy_event(plain), "destroy_event")
    _, ret = acl.rt.ipc_get_event_handle(plain)  # destroyed
    assert ret == acl.ACL_ERROR_INVALID_PARAM and "not a live event" in acl.get_recent_err_msg()
    for text, words in ((b"", "not made by"), (b"aclemu_evt_1_2", "not made by"), (b"x" * 64, "not made by"),
                        (b"aclemu_evt_2147483647_3_1", "is gone")):
        _, ret = _open(text)
        assert ret == acl.ACL_ERROR_INVALID_PARAM and words in acl.get_recent_err_msg(), text
    _, ret = acl.rt.ipc_open_event_handle(0)
    assert ret == acl.ACL_ERROR_INVALID_PARAM


def test_handle_of_an_ended_process_no_longer_opens(rt: Runtime) -> None:
    result = run_on_emulator(
        """
        event, ret = acl.rt.create_event_with_flag(acl.ACL_EVENT_IPC)
        ok(ret, "create")
        handle, ret = acl.rt.ipc_get_event_handle(event)
        ok(ret, "get handle")
        print(handle["reserved"])
        """
    )
    assert result.returncode == 0, describe(result)
    _, ret = _open(result.stdout.strip().encode())
    assert ret == acl.ACL_ERROR_INVALID_PARAM and "is gone" in acl.get_recent_err_msg()
