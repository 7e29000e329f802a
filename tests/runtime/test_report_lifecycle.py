"""What becomes of launched callbacks that never run, of report queues, and the exception thread id.

A callback whose stream is unsubscribed or destroyed before its thread takes it is dropped (as the
runtime frees the subscription's report queue); the emulator says so, and acl.rt.launch_callback
then releases the user_data it kept. Threads that poll process_report leave no record behind.
"""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator
from typing import Any, Callable

import pytest
from acl._generated._acl_cffi import lib
from helpers.runtime_support import Runtime, check

import acl
from acl._pyacl import callbacks

SYNC_LIMIT_MS = 30_000
BLOCKED_MS = 50  # long enough to see that a stream waits for a blocking callback


class Token:
    """A user_data object that only the pending launch refers to."""


def report_threads() -> int:
    return int(lib._aclemu_ReportThreadCount())


@pytest.fixture()
def stream(rt: Runtime) -> Iterator[int]:
    """A fresh stream, subscribed to by the calling thread, which never processes its callbacks."""
    new_stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    check(acl.rt.subscribe_report(threading.get_ident(), new_stream), "subscribe_report")
    yield new_stream
    acl.rt.unsubscribe_report(threading.get_ident(), new_stream)  # may already be gone
    acl.rt.destroy_stream(new_stream)


def launch_token(stream: int, block_type: int) -> weakref.ref[Token]:
    """Launch a callback whose user_data nothing else refers to; fail the test if it ever runs."""
    token = Token()

    def must_not_run(_: Any) -> None:
        raise AssertionError("a dropped callback ran")

    check(acl.rt.launch_callback(must_not_run, token, block_type, stream), "launch_callback")
    return weakref.ref(token)


def released(alive: weakref.ref[Token]) -> bool:
    gc.collect()
    return alive() is None


def test_unsubscribe_releases_the_user_data_of_callbacks_not_taken(stream: int) -> None:
    pending_before = len(callbacks._pending_reports)
    tokens = [launch_token(stream, acl.ACL_CALLBACK_NO_BLOCK) for _ in range(3)]
    check(acl.rt.synchronize_stream_with_timeout(stream, SYNC_LIMIT_MS), "synchronize")  # all handed over
    assert not any(released(t) for t in tokens), "user_data released while its callback could still run"
    check(acl.rt.unsubscribe_report(threading.get_ident(), stream), "unsubscribe_report")
    assert all(released(t) for t in tokens)
    assert len(callbacks._pending_reports) == pending_before
    assert acl.rt.process_report(5) == acl.ACL_ERROR_RT_REPORT_TIMEOUT  # nothing left to run here


def test_unsubscribe_releases_a_stream_blocked_on_a_callback(stream: int) -> None:
    token = launch_token(stream, acl.ACL_CALLBACK_BLOCK)
    assert acl.rt.synchronize_stream_with_timeout(stream, BLOCKED_MS) == acl.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
    assert not released(token)
    check(acl.rt.unsubscribe_report(threading.get_ident(), stream), "unsubscribe_report")
    check(acl.rt.synchronize_stream_with_timeout(stream, SYNC_LIMIT_MS), "synchronize after unsubscribe")
    assert released(token)


def test_callbacks_reached_after_unsubscribe_are_released(stream: int) -> None:
    first = launch_token(stream, acl.ACL_CALLBACK_BLOCK)  # holds the stream
    later = [launch_token(stream, kind) for kind in (acl.ACL_CALLBACK_NO_BLOCK, acl.ACL_CALLBACK_BLOCK)]
    check(acl.rt.unsubscribe_report(threading.get_ident(), stream), "unsubscribe_report")
    assert acl.rt.synchronize_stream_with_timeout(stream, SYNC_LIMIT_MS) == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
    assert all(released(t) for t in [first, *later])


@pytest.mark.parametrize("destroy", [acl.rt.destroy_stream, acl.rt.destroy_stream_force])
def test_destroying_a_subscribed_stream_releases_its_callbacks(
    rt: Runtime, destroy: Callable[[int], int]
) -> None:
    doomed, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    check(acl.rt.subscribe_report(threading.get_ident(), doomed), "subscribe_report")
    tokens = [
        launch_token(doomed, kind)
        for kind in (acl.ACL_CALLBACK_NO_BLOCK, acl.ACL_CALLBACK_BLOCK, acl.ACL_CALLBACK_NO_BLOCK)
    ]
    try:
        check(destroy(doomed), "destroy")  # must not wait for the blocking callback
    except BaseException:
        acl.rt.destroy_stream(doomed)  # not left subscribed: later tests count the report threads
        raise
    assert all(released(t) for t in tokens)
    assert report_threads() == 0


def test_threads_that_poll_without_a_subscription_leave_no_record(rt: Runtime) -> None:
    assert report_threads() == 0
    results: list[int] = []

    def poll() -> None:
        results.append(acl.rt.process_report(5))

    threads = [threading.Thread(target=poll) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert results == [acl.ACL_ERROR_RT_REPORT_TIMEOUT] * len(threads)
    assert report_threads() == 0


def test_a_report_thread_is_forgotten_with_its_last_subscription(rt: Runtime) -> None:
    first, second = (acl.rt.create_stream()[0] for _ in range(2))
    me = threading.get_ident()
    check(acl.rt.subscribe_report(me, first), "subscribe first")
    check(acl.rt.subscribe_report(me, second), "subscribe second")
    assert report_threads() == 1
    check(acl.rt.unsubscribe_report(me, first), "unsubscribe first")
    assert report_threads() == 1
    check(acl.rt.unsubscribe_report(me, second), "unsubscribe second")
    assert report_threads() == 0
    check(acl.rt.subscribe_report(me, first), "subscribe again")
    for s in (first, second):
        check(acl.rt.destroy_stream(s), "destroy_stream")  # the subscribed one takes its record along
    assert report_threads() == 0


def test_exception_info_names_the_os_thread_that_launched_the_failing_task(stream: int) -> None:
    reports: list[tuple[int, int, int]] = []

    def on_exception(info: int) -> None:
        reports.append(
            (
                acl.rt.get_thread_id_from_exception_info(info),
                acl.rt.get_error_code_from_exception_info(info),
                threading.get_native_id(),
            )
        )

    # The second callback is reached after the unsubscribe: its task fails on the stream's worker.
    launch_token(stream, acl.ACL_CALLBACK_BLOCK)
    launch_token(stream, acl.ACL_CALLBACK_NO_BLOCK)
    check(acl.rt.set_exception_info_callback(on_exception), "set_exception_info_callback")
    try:
        check(acl.rt.unsubscribe_report(threading.get_ident(), stream), "unsubscribe_report")
        synchronized = acl.rt.synchronize_stream_with_timeout(stream, SYNC_LIMIT_MS)
    finally:
        check(acl.rt.set_exception_info_callback(), "set_exception_info_callback()")
    assert synchronized == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
    assert reports
    for thread_id, code, native_id in reports:
        assert code == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
        assert thread_id == threading.get_native_id()  # this thread launched the callback task
        assert thread_id != native_id  # the callback runs on the stream's worker
