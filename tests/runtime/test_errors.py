"""Error reporting: return codes, acl.get_recent_err_msg, timeouts, calls in the wrong state."""

from __future__ import annotations

import threading

from helpers.runtime_support import Allocations, Runtime, check
from helpers.subproc import describe, run_python

import acl

GARBAGE = 0xDEADBEEF
MIB = 1 << 20


def test_recent_error_message_names_the_failing_function(rt: Runtime) -> None:
    acl.get_recent_err_msg()  # forget anything earlier
    assert acl.rt.destroy_stream(GARBAGE) == acl.ACL_ERROR_INVALID_PARAM
    message = acl.get_recent_err_msg()
    assert isinstance(message, str)
    assert "aclrtDestroyStream" in message
    assert "stream" in message.lower()


def test_recent_error_message_is_consumed_by_reading_it(rt: Runtime) -> None:
    assert acl.rt.destroy_event(GARBAGE) == acl.ACL_ERROR_INVALID_PARAM
    assert "aclrtDestroyEvent" in acl.get_recent_err_msg()
    assert acl.get_recent_err_msg() == ""


def test_recent_error_message_belongs_to_the_thread_that_failed(rt: Runtime) -> None:
    acl.get_recent_err_msg()
    seen_in_thread: list[str] = []

    def fail_elsewhere() -> None:
        acl.rt.destroy_context(GARBAGE)
        seen_in_thread.append(acl.get_recent_err_msg())

    worker = threading.Thread(target=fail_elsewhere)
    worker.start()
    worker.join()
    assert "aclrtDestroyContext" in seen_in_thread[0]
    assert acl.get_recent_err_msg() == ""


MESSAGE_CAPACITY = 1023  # characters the emulator keeps of a message (emulator/log.c)


def _load_failure(name: str) -> str:
    """The message of loading a model file that is not there, path /nonexistent/<name>."""
    acl.get_recent_err_msg()
    assert acl.mdl.load_from_file(f"/nonexistent/{name}")[1] == acl.ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID
    return acl.get_recent_err_msg()


def test_recent_error_message_ends_with_the_code_and_is_cut_at_its_capacity(rt: Runtime) -> None:
    code = acl.ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID
    suffix = f" (error code {code})"
    base = _load_failure("m.om")[: -len(suffix)]
    assert _load_failure("m.om") == base + suffix and base.startswith("aclmdlLoadFromFile: ")
    before, after = base.split("m.om")
    # a message whose code fits, then ones whose code is cut at every length, then one too long
    for room in (len(suffix) + 1, len(suffix), 9, 1, 0, -1, -200):
        name = "m" * (MESSAGE_CAPACITY - len(before) - len(after) - len(suffix) + room)
        full = before + name + after + suffix
        assert _load_failure(name) == full[:MESSAGE_CAPACITY], room


def test_init_twice_is_refused(rt: Runtime) -> None:
    assert acl.init() == acl.ACL_ERROR_REPEAT_INITIALIZE


def test_device_id_past_the_device_count_is_refused(rt: Runtime) -> None:
    count, ret = acl.rt.get_device_count()
    check(ret, "get_device_count")
    assert count >= 1
    assert acl.rt.set_device(count) == acl.ACL_ERROR_RT_INVALID_DEVICEID
    assert str(count) in acl.get_recent_err_msg()
    context, ret = acl.rt.create_context(count)
    assert (context, ret) == (0, acl.ACL_ERROR_RT_INVALID_DEVICEID)


def test_synchronize_stream_with_timeout_expires_on_a_busy_stream(rt: Runtime, alloc: Allocations) -> None:
    size = 64 * MIB
    source, target = alloc.device(size), alloc.device(size)
    busy = alloc.stream()
    # Several large copies: far more than a millisecond of work for one CPU core.
    for _ in range(6):
        check(acl.rt.memcpy_async(target, size, source, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, busy),
              "memcpy_async")
    ret = acl.rt.synchronize_stream_with_timeout(busy, 1)
    assert ret == acl.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, acl.get_recent_err_msg()
    assert "aclrtSynchronizeStreamWithTimeout" in acl.get_recent_err_msg()
    check(acl.rt.synchronize_stream_with_timeout(busy, -1), "synchronize_stream_with_timeout(-1)")


def test_synchronize_stream_with_timeout_succeeds_when_work_finishes_in_time(rt: Runtime,
                                                                           alloc: Allocations) -> None:
    device = alloc.device(4096)
    check(acl.rt.memset_async(device, 4096, 1, 4096, rt.stream), "memset_async")
    check(acl.rt.synchronize_stream_with_timeout(rt.stream, 30_000), "synchronize_stream_with_timeout")


def test_synchronize_stream_with_a_zero_timeout_is_invalid(rt: Runtime) -> None:
    assert acl.rt.synchronize_stream_with_timeout(rt.stream, 0) == acl.ACL_ERROR_INVALID_PARAM


def test_creating_a_stream_without_a_context_fails_with_context_null() -> None:
    result = run_python(
        """
        import acl
        assert acl.init() == 0
        stream, ret = acl.rt.create_stream()
        print("RESULT", stream, ret)
        print("MSG", acl.get_recent_err_msg())
        """,
        {"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0, describe(result)
    assert f"RESULT 0 {acl.ACL_ERROR_RT_CONTEXT_NULL}" in result.stdout, describe(result)
    assert "aclrtCreateStream" in result.stdout, describe(result)
