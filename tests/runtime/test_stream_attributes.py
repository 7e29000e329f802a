"""Stream attributes, overflow switches and status, core limits and op timeouts on the emulator."""

from __future__ import annotations

import threading

import pytest
from helpers.runtime_support import Allocations, Runtime, check, read_host

import acl

CUBE = acl.ACL_RT_DEV_RES_CUBE_CORE
VECTOR = acl.ACL_RT_DEV_RES_VECTOR_CORE


def device_cores(device: int, attr: int) -> int:
    value, ret = acl.rt.get_device_info(device, attr)
    check(ret, "get_device_info")
    return value


@pytest.mark.parametrize(
    ("attr", "key", "value"),
    [
        (acl.ACL_STREAM_ATTR_FAILURE_MODE, "failureMode", acl.ACL_STOP_ON_FAILURE),
        (acl.ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, "overflowSwitch", 1),
        (acl.ACL_STREAM_ATTR_USER_CUSTOM_TAG, "userCustomTag", 0xC0FFEE),
        (acl.ACL_STREAM_ATTR_CACHE_OP_INFO, "cacheOpInfoSwitch", 1),
        (acl.ACL_STREAM_ATTR_PRIORITY, "streamPriority", 6),
    ],
)
def test_attribute_set_reads_back_on_that_stream_only(
    rt: Runtime, alloc: Allocations, attr: int, key: str, value: int
) -> None:
    stream, other = alloc.stream(), alloc.stream()
    before, ret = acl.rt.get_stream_attribute(other, attr)
    check(ret, "get_stream_attribute")
    check(acl.rt.set_stream_attribute(stream, attr, {key: value}), "set_stream_attribute")
    got, ret = acl.rt.get_stream_attribute(stream, attr)
    check(ret, "get_stream_attribute")
    assert got == {key: value}
    assert acl.rt.get_stream_attribute(other, attr) == (before, acl.ACL_SUCCESS)


def test_defaults_and_priority_from_creation(rt: Runtime, alloc: Allocations) -> None:
    stream, ret = acl.rt.create_stream_with_config(3, 0)
    check(ret, "create_stream_with_config")
    try:
        assert acl.rt.get_stream_attribute(stream, acl.ACL_STREAM_ATTR_PRIORITY) == (
            {"streamPriority": 3}, acl.ACL_SUCCESS)
        assert acl.rt.get_stream_attribute(stream, acl.ACL_STREAM_ATTR_FAILURE_MODE) == (
            {"failureMode": acl.ACL_CONTINUE_ON_FAILURE}, acl.ACL_SUCCESS)
        assert acl.rt.get_stream_overflow_switch(stream) == (0, acl.ACL_SUCCESS)
    finally:
        check(acl.rt.destroy_stream(stream), "destroy_stream")


def test_a_new_stream_does_not_inherit_a_destroyed_streams_settings(rt: Runtime) -> None:
    for expected in (1, 0):
        stream, ret = acl.rt.create_stream()
        check(ret, "create_stream")
        assert acl.rt.get_stream_overflow_switch(stream) == (0, acl.ACL_SUCCESS)
        if expected:
            check(acl.rt.set_stream_overflow_switch(stream, 1), "set_stream_overflow_switch")
            assert acl.rt.get_stream_overflow_switch(stream) == (1, acl.ACL_SUCCESS)
        check(acl.rt.destroy_stream(stream), "destroy_stream")


def test_failure_mode_setter_and_bad_values(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    check(acl.rt.set_stream_failure_mode(stream, acl.ACL_STOP_ON_FAILURE), "set_stream_failure_mode")
    assert acl.rt.get_stream_attribute(stream, acl.ACL_STREAM_ATTR_FAILURE_MODE)[0] == {"failureMode": 1}
    assert acl.rt.set_stream_failure_mode(stream, 2) == acl.ACL_ERROR_INVALID_PARAM
    assert "failure mode 2" in acl.get_recent_err_msg()
    assert acl.rt.set_stream_overflow_switch(stream, 2) == acl.ACL_ERROR_INVALID_PARAM
    ret = acl.rt.set_stream_attribute(stream, acl.ACL_STREAM_ATTR_PRIORITY, {"streamPriority": 8})
    assert ret == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.set_stream_attribute(stream, 99, {"reserve": [0, 0, 0, 0]}) == acl.ACL_ERROR_INVALID_PARAM
    assert "not an aclrtStreamAttr" in acl.get_recent_err_msg()
    assert acl.rt.set_stream_overflow_switch(0xDEAD, 1) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.get_stream_overflow_switch(0xDEAD)[1] == acl.ACL_ERROR_INVALID_PARAM


def test_overflow_status_is_written_in_stream_order(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    size = 64
    status, host = alloc.device(size), alloc.host(size)
    check(acl.rt.memset(status, size, 0xAB, size), "memset")
    check(acl.rt.get_overflow_status(status, size, stream), "get_overflow_status")
    check(acl.rt.memcpy_async(host, size, status, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream), "d2h")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert read_host(host, size) == bytes(size)  # the CPU sets no overflow flag
    check(acl.rt.reset_overflow_status(stream), "reset_overflow_status")
    assert acl.rt.get_overflow_status(0, size, stream) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.get_overflow_status(status, size + 1, stream) == acl.ACL_ERROR_INVALID_PARAM


def test_device_stream_and_thread_core_limits(rt: Runtime, alloc: Allocations) -> None:
    cubes = device_cores(rt.device, acl.ACL_DEV_ATTR_CUBE_CORE_NUM)
    vectors = device_cores(rt.device, acl.ACL_DEV_ATTR_VECTOR_CORE_NUM)
    assert acl.rt.get_device_res_limit(rt.device, CUBE) == (cubes, acl.ACL_SUCCESS)
    assert acl.rt.get_device_res_limit(rt.device, VECTOR) == (vectors, acl.ACL_SUCCESS)
    stream = alloc.stream()
    try:
        check(acl.rt.set_device_res_limit(rt.device, CUBE, cubes - 2), "set_device_res_limit")
        assert acl.rt.get_device_res_limit(rt.device, CUBE) == (cubes - 2, acl.ACL_SUCCESS)
        assert acl.rt.get_stream_res_limit(stream, CUBE) == (cubes - 2, acl.ACL_SUCCESS)
        assert acl.rt.set_stream_res_limit(stream, CUBE, cubes - 1) == acl.ACL_ERROR_INVALID_PARAM
        check(acl.rt.set_stream_res_limit(stream, CUBE, 2), "set_stream_res_limit")
        assert acl.rt.get_stream_res_limit(stream, CUBE) == (2, acl.ACL_SUCCESS)
        assert acl.rt.get_res_in_current_thread(CUBE) == (cubes - 2, acl.ACL_SUCCESS)
        check(acl.rt.use_stream_res_in_current_thread(stream), "use_stream_res_in_current_thread")
        assert acl.rt.get_res_in_current_thread(CUBE) == (2, acl.ACL_SUCCESS)
        assert acl.rt.get_res_in_current_thread(VECTOR) == (vectors, acl.ACL_SUCCESS)

        seen: list[tuple[int, int]] = []

        def other_thread() -> None:
            acl.rt.set_context(rt.context)
            seen.append(acl.rt.get_res_in_current_thread(CUBE))

        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        assert seen == [(cubes - 2, acl.ACL_SUCCESS)]  # the choice belongs to the thread that made it
        check(acl.rt.unuse_stream_res_in_current_thread(stream), "unuse_stream_res_in_current_thread")
        assert acl.rt.unuse_stream_res_in_current_thread(stream) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_res_in_current_thread(CUBE) == (cubes - 2, acl.ACL_SUCCESS)
        check(acl.rt.reset_stream_res_limit(stream), "reset_stream_res_limit")
        assert acl.rt.get_stream_res_limit(stream, CUBE) == (cubes - 2, acl.ACL_SUCCESS)
    finally:
        check(acl.rt.reset_device_res_limit(rt.device), "reset_device_res_limit")
    assert acl.rt.get_device_res_limit(rt.device, CUBE) == (cubes, acl.ACL_SUCCESS)
    assert acl.rt.set_device_res_limit(rt.device, CUBE, cubes + 1) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.set_device_res_limit(rt.device, CUBE, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.set_device_res_limit(rt.device, 7, 1) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.get_device_res_limit(99, CUBE)[1] == acl.ACL_ERROR_RT_INVALID_DEVICEID


def test_op_execute_timeouts_share_one_setting(rt: Runtime) -> None:
    interval, ret = acl.rt.get_op_timeout_interval()
    check(ret, "get_op_timeout_interval")
    assert interval > 0
    actual, ret = acl.rt.set_op_execute_timeout_v2(interval * 3 + 1)
    check(ret, "set_op_execute_timeout_v2")
    assert actual == interval * 4  # rounded up to whole intervals
    assert acl.rt.get_op_execute_timeout() == (actual // 1000, acl.ACL_SUCCESS)
    check(acl.rt.set_op_execute_time_out_with_ms(250), "set_op_execute_time_out_with_ms")
    assert acl.rt.get_op_execute_timeout() == (250, acl.ACL_SUCCESS)
    longest, ret = acl.rt.set_op_execute_timeout_v2(0)
    check(ret, "set_op_execute_timeout_v2(0)")
    assert longest > actual
    check(acl.rt.set_op_execute_time_out(2), "set_op_execute_time_out")
    assert acl.rt.get_op_execute_timeout() == (2000, acl.ACL_SUCCESS)


def test_thread_last_task_id_counts_the_tasks_queued_on_a_stream(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    device = alloc.device(64)
    ids = []
    for _ in range(3):
        check(acl.rt.memset_async(device, 64, 1, 64, stream), "memset_async")
        task_id, ret = acl.rt.get_thread_last_task_id()
        check(ret, "get_thread_last_task_id")
        ids.append(task_id)
    assert ids == [1, 2, 3]  # a new stream numbers its tasks from 1
    seen: list[tuple[int, int]] = []
    worker = threading.Thread(target=lambda: seen.append(acl.rt.get_thread_last_task_id()))
    worker.start()
    worker.join()
    assert seen == [(0, acl.ACL_SUCCESS)]  # a thread that queued nothing
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
