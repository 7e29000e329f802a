"""Host callbacks on a stream: subscribe_report + launch_callback + process_report on a report thread."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.runtime_support import Allocations, Runtime, check, pattern, read_host

import acl

POLL_MS = 20
# Callbacks need the GIL while the main thread waits in C: a bounded wait turns a deadlock into a failure.
SYNC_LIMIT_MS = 30_000

def synchronize(stream: int) -> None:
    check(acl.rt.synchronize_stream_with_timeout(stream, SYNC_LIMIT_MS), "synchronize_stream_with_timeout")


@contextlib.contextmanager
def report_thread(rt: Runtime, stream: int) -> Iterator[int]:
    """A thread from acl.util.start_thread polling process_report, subscribed to `stream`."""
    stop = threading.Event()
    poll_results: list[int] = []

    def poll(_: Any) -> None:
        check(acl.rt.set_context(rt.context), "set_context in the report thread")
        while not stop.is_set():
            poll_results.append(acl.rt.process_report(POLL_MS))

    thread_id, ret = acl.util.start_thread(poll, 0)
    check(ret, "acl.util.start_thread")
    check(acl.rt.subscribe_report(thread_id, stream), "subscribe_report")
    try:
        yield thread_id
    finally:
        # The thread is unsubscribed and stopped even when the body or the synchronize failed:
        # left polling, it would outlive the test and count in the next ones' report threads.
        try:
            try:
                synchronize(stream)
            except acl.FunctionNotAvailableError:
                # a release without the bounded wait: still drain the stream's callbacks before
                # unsubscribing, or they fail the stream for the tests after this one
                acl.rt.synchronize_stream(stream)
                raise
        finally:
            unsubscribed = acl.rt.unsubscribe_report(thread_id, stream)
            stop.set()
            stopped = acl.util.stop_thread(thread_id)
    check(unsubscribed, "unsubscribe_report")
    assert stopped == 0
    unexpected = set(poll_results) - {acl.ACL_SUCCESS, acl.ACL_ERROR_RT_REPORT_TIMEOUT}
    assert not unexpected, f"process_report returned {sorted(unexpected)}"


def test_callback_runs_on_the_subscribed_thread_with_its_user_data(rt: Runtime) -> None:
    calls: list[tuple[int, Any]] = []
    user_data = {"token": object()}
    with report_thread(rt, rt.stream) as thread_id:
        check(acl.rt.launch_callback(lambda data: calls.append((threading.get_ident(), data)), user_data,
                                     acl.ACL_CALLBACK_BLOCK, rt.stream), "launch_callback")
        synchronize(rt.stream)
        assert len(calls) == 1
    (ran_on, data), = calls
    assert ran_on == thread_id
    assert ran_on != threading.get_ident()
    assert data is user_data


def test_callback_sees_the_work_queued_before_it(rt: Runtime, alloc: Allocations) -> None:
    size = 32 << 20
    payload = pattern(size, seed=21)
    device, host = alloc.device(size), alloc.host(size)
    seen: list[bool] = []
    with report_thread(rt, rt.stream):
        check(acl.rt.memcpy_async(device, size, acl.util.bytes_to_ptr(payload), size,
                                  acl.ACL_MEMCPY_HOST_TO_DEVICE, rt.stream), "memcpy_async h2d")
        check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream),
              "memcpy_async d2h")
        check(acl.rt.launch_callback(lambda _: seen.append(read_host(host, size) == payload), None,
                                     acl.ACL_CALLBACK_BLOCK, rt.stream), "launch_callback")
        synchronize(rt.stream)
    assert seen == [True]


@pytest.mark.parametrize("block_type", ["ACL_CALLBACK_BLOCK", "ACL_CALLBACK_NO_BLOCK"])
def test_callbacks_run_once_each_in_launch_order(rt: Runtime, block_type: str) -> None:
    count = 100
    order: list[int] = []
    all_ran = threading.Event()

    def record(i: int) -> None:
        order.append(i)
        if len(order) == count:
            all_ran.set()

    with report_thread(rt, rt.stream):
        for i in range(count):
            ret = acl.rt.launch_callback(record, i, getattr(acl, block_type), rt.stream)
            check(ret, f"launch_callback {i}")
        synchronize(rt.stream)
        # A non-blocking callback may still be waiting for the report thread after the sync.
        assert all_ran.wait(30), f"only {len(order)} of {count} callbacks ran"
    assert order == list(range(count))


def test_blocking_callback_holds_the_stream_until_it_returns(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    gate = threading.Event()
    entered = threading.Event()

    def hold(_: Any) -> None:
        entered.set()
        gate.wait(30)

    with report_thread(rt, stream):
        check(acl.rt.launch_callback(hold, None, acl.ACL_CALLBACK_BLOCK, stream), "launch_callback")
        assert entered.wait(30), "the callback never started"
        assert acl.rt.synchronize_stream_with_timeout(stream, 50) == acl.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
        gate.set()
        check(acl.rt.synchronize_stream_with_timeout(stream, 30_000), "synchronize after release")


def test_launch_callback_rejects_a_non_callable(rt: Runtime) -> None:
    with pytest.raises(TypeError):
        acl.rt.launch_callback(42, None, acl.ACL_CALLBACK_BLOCK, rt.stream)


def test_launch_callback_on_an_unsubscribed_stream_is_refused(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    ret = acl.rt.launch_callback(lambda _: None, None, acl.ACL_CALLBACK_BLOCK, stream)
    assert ret == acl.ACL_ERROR_RT_STREAM_NO_CB_REG, acl.get_recent_err_msg()


def test_process_report_times_out_when_nothing_is_reported(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    results: list[int] = []

    def poll_once(_: Any) -> None:
        check(acl.rt.set_context(rt.context), "set_context")
        results.append(acl.rt.process_report(POLL_MS))

    thread_id, ret = acl.util.start_thread(poll_once, 0)
    check(ret, "start_thread")
    check(acl.rt.subscribe_report(thread_id, stream), "subscribe_report")
    assert acl.util.stop_thread(thread_id) == 0
    check(acl.rt.unsubscribe_report(thread_id, stream), "unsubscribe_report")
    assert results == [acl.ACL_ERROR_RT_REPORT_TIMEOUT]
