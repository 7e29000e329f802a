"""Model run instances captured from a stream: recording instead of running, real replays."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from helpers.ri_support import c_callback, capture, captured, copy_async, download, put, upload
from helpers.runtime_support import Allocations, Runtime, check

import acl

pytestmark = pytest.mark.numpy


def test_captured_copies_do_not_run_until_executed_and_rerun_on_each_execution(
    rt: Runtime, alloc: Allocations
) -> None:
    stream = alloc.stream()
    rng = np.random.default_rng(3)
    x = rng.standard_normal(1000).astype(np.float32)
    src, mid, dst = upload(alloc, x), upload(alloc, np.zeros_like(x)), upload(alloc, np.zeros_like(x))

    def record() -> None:
        copy_async(mid, src, x.nbytes, stream)
        copy_async(dst, mid, x.nbytes, stream)

    ri = capture(stream, record)
    check(acl.rt.synchronize_stream(stream), "synchronize")
    np.testing.assert_array_equal(download(dst, x), np.zeros_like(x))  # recorded, not run

    check(acl.mdl.ri_execute(ri, -1), "ri_execute")
    np.testing.assert_array_equal(download(dst, x), x)

    y = (x * 3 - 1).astype(np.float32)
    put(src, y)
    check(acl.mdl.ri_execute_async(ri, rt.stream), "ri_execute_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize")
    np.testing.assert_array_equal(download(dst, x), y)
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


def test_capture_status_and_errors(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    status, ri, ret = acl.mdl.ri_capture_get_info(stream)
    check(ret, "ri_capture_get_info")
    assert (status, ri) == (acl.ACL_MODEL_RI_CAPTURE_STATUS_NONE, 0)
    _, ret = acl.mdl.ri_capture_end(stream)
    assert ret == acl.ACL_ERROR_RT_STREAM_NOT_CAPTURED
    assert acl.mdl.ri_capture_begin(0, 0) == acl.ACL_ERROR_INVALID_PARAM  # the default stream
    assert acl.mdl.ri_capture_begin(stream, 7) == acl.ACL_ERROR_INVALID_PARAM

    with captured(stream) as holder:
        status, ri, ret = acl.mdl.ri_capture_get_info(stream)
        check(ret, "ri_capture_get_info")
        assert status == acl.ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE and ri != 0
        assert acl.mdl.ri_capture_begin(stream, 0) == acl.ACL_ERROR_RT_STREAM_CAPTURED
        assert acl.mdl.ri_execute(ri, -1) == acl.ACL_ERROR_RT_MODEL_CAPTURED
    assert holder[0] == ri
    assert acl.mdl.ri_execute(0, -1) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.mdl.ri_destroy(ri), "ri_destroy")
    assert acl.mdl.ri_destroy(ri) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.mdl.ri_execute(ri, -1) == acl.ACL_ERROR_INVALID_PARAM


def test_thread_exchange_mode_swaps() -> None:
    previous, ret = acl.mdl.ri_capture_thread_exchange_mode(acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
    check(ret, "exchange")
    assert previous == acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL
    previous, ret = acl.mdl.ri_capture_thread_exchange_mode(acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)
    check(ret, "exchange back")
    assert previous == acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED


def test_tasks_types_sequence_disable_and_json(rt: Runtime, alloc: Allocations, tmp_path: Path) -> None:
    stream = alloc.stream()
    event = alloc.event()
    a = np.arange(64, dtype=np.int32)
    b = np.full(64, 9, dtype=np.int32)
    src_a, src_b, dst = upload(alloc, a), upload(alloc, b), upload(alloc, np.zeros_like(a))
    with captured(stream) as holder:
        copy_async(dst, src_a, a.nbytes, stream)
        check(acl.rt.record_event(event, stream), "record_event")
        copy_async(dst, src_b, a.nbytes, stream)
        tasks = np.zeros(8, dtype=np.uint64)
        count, ret = acl.mdl.ri_get_tasks_by_stream(stream, tasks.ctypes.data, len(tasks))
        check(ret, "ri_get_tasks_by_stream")
        assert count == 3
        _, ret = acl.mdl.ri_get_tasks_by_stream(stream, tasks.ctypes.data, 2)
        assert ret == acl.ACL_ERROR_INVALID_PARAM
    ri = holder[0]
    types = [acl.mdl.ri_task_get_type(int(t), 0) for t in tasks[:3]]
    assert types == [
        (acl.ACL_MODEL_RI_TASK_DEFAULT, 0),
        (acl.ACL_MODEL_RI_TASK_EVENT_RECORD, 0),
        (acl.ACL_MODEL_RI_TASK_DEFAULT, 0),
    ]
    seqs = [acl.mdl.ri_task_get_seq_id(int(t))[0] for t in tasks[:3]]
    assert seqs == sorted(seqs) and len(set(seqs)) == 3
    params, ret = acl.mdl.ri_task_get_params(int(tasks[1]))
    check(ret, "ri_task_get_params")
    assert params["type"] == acl.ACL_MODEL_RI_TASK_EVENT_RECORD

    check(acl.mdl.ri_task_disable(int(tasks[2])), "ri_task_disable")
    check(acl.mdl.ri_execute(ri, 1000), "ri_execute")
    np.testing.assert_array_equal(download(dst, a), a)  # the disabled second copy did not run
    check(acl.rt.synchronize_event(event), "synchronize_event")  # the replayed record completed it

    streams = np.zeros(4, dtype=np.uint64)
    n, ret = acl.mdl.ri_get_streams(ri, streams.ctypes.data, len(streams))
    check(ret, "ri_get_streams")
    assert n == 1 and int(streams[0]) == stream

    check(acl.mdl.ri_set_name(ri, "graph-1"), "ri_set_name")
    name = np.zeros(32, dtype=np.uint8)
    check(acl.mdl.ri_get_name(ri, len(name), name.ctypes.data), "ri_get_name")
    assert bytes(name).split(b"\0")[0] == b"graph-1"
    assert acl.mdl.ri_get_name(ri, 3, name.ctypes.data) == acl.ACL_ERROR_INVALID_PARAM

    path = tmp_path / "ri.json"
    check(acl.mdl.ri_debug_json_print(ri, str(path), acl.ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE), "json print")
    doc = json.loads(path.read_text())
    assert doc["name"] == "graph-1" and doc["state"] == "ready"
    listed = doc["streams"][0]["tasks"]
    assert [t["api"] for t in listed] == ["aclrtMemcpyAsync", "aclrtRecordEvent", "aclrtMemcpyAsync"]
    assert [t["disabled"] for t in listed] == [False, False, True]
    check(acl.mdl.ri_debug_json_print(ri, str(path), acl.ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY), "summary")
    assert json.loads(path.read_text())["streams"][0]["task_count"] == 3
    assert acl.mdl.ri_debug_json_print(ri, str(path), 9) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


def test_destroy_callbacks_run_once_in_order(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    ri = capture(stream, lambda: None)
    calls: list[tuple[str, int]] = []
    first, first_ptr = c_callback(lambda data: calls.append(("first", data)))
    second, second_ptr = c_callback(lambda data: calls.append(("second", data)))
    gone, gone_ptr = c_callback(lambda data: calls.append(("gone", data)))
    check(acl.mdl.ri_destroy_register_callback(ri, first_ptr, 11), "register")
    check(acl.mdl.ri_destroy_register_callback(ri, gone_ptr, 12), "register")
    check(acl.mdl.ri_destroy_register_callback(ri, second_ptr, 13), "register")
    assert acl.mdl.ri_destroy_register_callback(ri, first_ptr, 0) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.mdl.ri_destroy_unregister_callback(ri, gone_ptr), "unregister")
    assert acl.mdl.ri_destroy_unregister_callback(ri, gone_ptr) == acl.ACL_ERROR_INVALID_PARAM
    assert calls == []
    check(acl.mdl.ri_destroy(ri), "ri_destroy")
    assert calls == [("first", 11), ("second", 13)]
    del first, second, gone


def test_task_group_update_applies_on_ri_update(rt: Runtime, alloc: Allocations) -> None:
    stream, updater = alloc.stream(), alloc.stream()
    a = np.linspace(0, 1, 128, dtype=np.float32)
    b = np.linspace(5, 9, 128, dtype=np.float32)
    src_a, src_b, dst = upload(alloc, a), upload(alloc, b), upload(alloc, np.zeros_like(a))
    with captured(stream) as holder:
        check(acl.mdl.ri_capture_task_grp_begin(stream), "grp begin")
        copy_async(dst, src_a, a.nbytes, stream)
        group, ret = acl.mdl.ri_capture_task_grp_end(stream)
        check(ret, "grp end")
    ri = holder[0]

    check(acl.mdl.ri_capture_task_update_begin(updater, group), "update begin")
    copy_async(dst, src_b, a.nbytes, updater)
    check(acl.mdl.ri_capture_task_update_end(updater), "update end")
    check(acl.rt.synchronize_stream(updater), "sync")
    check(acl.mdl.ri_execute(ri, -1), "execute before update")
    np.testing.assert_array_equal(download(dst, a), a)
    check(acl.mdl.ri_update(ri), "ri_update")
    check(acl.mdl.ri_execute(ri, -1), "execute after update")
    np.testing.assert_array_equal(download(dst, a), b)

    # an update must replace the group task for task
    check(acl.mdl.ri_capture_task_update_begin(updater, group), "update begin")
    copy_async(dst, src_a, a.nbytes, updater)
    copy_async(dst, src_b, a.nbytes, updater)
    assert acl.mdl.ri_capture_task_update_end(updater) == acl.ACL_ERROR_RT_MODEL_UPDATE_FAILED
    assert acl.mdl.ri_capture_task_update_end(updater) == acl.ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


GARBAGE = 0x1234_5678


@pytest.mark.parametrize(
    "call",
    [
        lambda: acl.mdl.ri_get_id(GARBAGE)[1],
        lambda: acl.mdl.ri_set_name(GARBAGE, "x"),
        lambda: acl.mdl.ri_execute(GARBAGE, -1),
        lambda: acl.mdl.ri_abort(GARBAGE),
        lambda: acl.mdl.ri_update(GARBAGE),
        lambda: acl.mdl.ri_build_end(GARBAGE, 0),
        lambda: acl.mdl.ri_destroy(GARBAGE),
        lambda: acl.mdl.ri_debug_print(GARBAGE),
        lambda: acl.mdl.ri_task_get_type(GARBAGE, 0)[1],
        lambda: acl.mdl.ri_task_get_seq_id(GARBAGE)[1],
        lambda: acl.mdl.ri_task_get_params(GARBAGE)[1],
        lambda: acl.mdl.ri_task_disable(GARBAGE),
        lambda: acl.mdl.ri_cond_handle_get_cond_ptr(GARBAGE)[1],
        lambda: acl.mdl.ri_cond_handle_create(GARBAGE, 0, 1)[1],
        lambda: acl.mdl.ri_capture_task_update_begin(0, GARBAGE),
        lambda: acl.mdl.ri_destroy_unregister_callback(GARBAGE, GARBAGE),
    ],
)
def test_garbage_handles_are_refused_with_invalid_param(rt: Runtime, call: Callable[[], int]) -> None:
    assert call() == acl.ACL_ERROR_INVALID_PARAM
    assert acl.get_recent_err_msg()
