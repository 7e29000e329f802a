"""Host functions (aclrtSubscribeHostFunc / aclrtProcessHostFunc / aclrtUnSubscribeHostFunc with
aclrtLaunchHostFunc): a launched function runs on the subscribed thread, in order on its stream."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("numpy")  # the cases compare device bytes through numpy; PyPy has none

import numpy as np
from helpers.ri_support import c_callback, copy_async, download, upload
from helpers.runtime_support import Allocations, Runtime, check
from helpers.subproc import describe, run_python

import acl

pytestmark = pytest.mark.numpy


class HostFuncThread:
    """A thread that processes the host functions of the streams it is subscribed to."""

    def __init__(self, context: int) -> None:
        self.context = context
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.ident = 0
        self.rets: list[int] = []
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _loop(self) -> None:
        self.ident = threading.get_ident()
        check(acl.rt.set_context(self.context), "set_context on the host function thread")
        self.ready.set()
        while not self.stop.is_set():
            self.rets.append(acl.rt.process_host_func(50))

    def join(self) -> None:
        self.stop.set()
        self.thread.join(10)
        assert not self.thread.is_alive()


@pytest.fixture()
def worker(rt: Runtime) -> Iterator[HostFuncThread]:
    t = HostFuncThread(rt.context)
    yield t
    t.join()


def test_host_functions_run_on_the_subscribed_thread_in_stream_order(
    rt: Runtime, alloc: Allocations, worker: HostFuncThread
) -> None:
    stream = alloc.stream()
    x = np.arange(64, dtype=np.float32) + 1
    src, dst = upload(alloc, x), upload(alloc, np.zeros_like(x))
    seen: list[Any] = []

    def look(tag: int) -> None:
        seen.append((tag, threading.get_ident(), download(dst, x).copy()))

    keep1, first = c_callback(look)
    check(acl.rt.subscribe_host_func(worker.ident, stream), "subscribe_host_func")
    check(acl.rt.launch_host_func(stream, first, 1), "launch_host_func")
    copy_async(dst, src, x.nbytes, stream)
    check(acl.rt.launch_host_func(stream, first, 2), "launch_host_func")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert [tag for tag, _, _ in seen] == [1, 2]
    assert all(ident == worker.ident for _, ident, _ in seen)
    np.testing.assert_array_equal(seen[0][2], np.zeros_like(x))  # the copy waited for the first
    np.testing.assert_array_equal(seen[1][2], x)  # the second waited for the copy
    assert acl.ACL_SUCCESS in worker.rets
    check(acl.rt.un_subscribe_host_func(worker.ident, stream), "un_subscribe_host_func")
    # without a subscription the stream's own worker runs it
    check(acl.rt.launch_host_func(stream, first, 3), "launch_host_func")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert seen[2][0] == 3 and seen[2][1] not in (worker.ident, threading.get_ident())
    del keep1


def test_the_stream_waits_until_the_host_function_returned(
    rt: Runtime, alloc: Allocations, worker: HostFuncThread
) -> None:
    stream = alloc.stream()
    release = threading.Event()

    def hold_stream(_: int) -> None:
        release.wait(10)

    keep, hold = c_callback(hold_stream)
    check(acl.rt.subscribe_host_func(worker.ident, stream), "subscribe_host_func")
    check(acl.rt.launch_host_func(stream, hold, 0), "launch_host_func")
    status, ret = acl.rt.stream_query(stream)
    check(ret, "stream_query")
    assert status == acl.ACL_STREAM_STATUS_NOT_READY
    release.set()
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    check(acl.rt.un_subscribe_host_func(worker.ident, stream), "un_subscribe_host_func")
    del keep


def test_report_and_host_function_subscriptions_are_separate(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    me = threading.get_ident()
    check(acl.rt.subscribe_report(me, stream), "subscribe_report")
    ran: list[int] = []
    keep, fn = c_callback(lambda _: ran.append(threading.get_ident()))
    check(acl.rt.launch_host_func(stream, fn, 0), "launch_host_func")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert len(ran) == 1 and ran[0] != me  # the report subscription does not take host functions
    assert acl.rt.process_host_func(10) == acl.ACL_ERROR_RT_REPORT_TIMEOUT
    assert acl.rt.un_subscribe_host_func(me, stream) == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
    check(acl.rt.unsubscribe_report(me, stream), "unsubscribe_report")
    del keep


def test_bad_arguments(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    me = threading.get_ident()
    check(acl.rt.subscribe_host_func(me, stream), "subscribe_host_func")
    assert acl.rt.subscribe_host_func(me + 1, stream) == acl.ACL_ERROR_REPEAT_SUBSCRIBE
    assert acl.rt.un_subscribe_host_func(me + 1, stream) == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
    assert acl.rt.process_host_func(-2) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.process_host_func(0) == acl.ACL_ERROR_RT_REPORT_TIMEOUT  # nothing launched
    assert acl.rt.launch_host_func(stream, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.un_subscribe_host_func(me, stream), "un_subscribe_host_func")
    assert acl.rt.un_subscribe_host_func(me, stream) == acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE
    assert acl.rt.subscribe_host_func(me, 0xDEAD000) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.un_subscribe_host_func(me, 0xDEAD000) == acl.ACL_ERROR_INVALID_PARAM


DESTROY_WITH_A_WAITING_HOST_FUNC = """
import acl
from acl._generated._acl_cffi import ffi
assert acl.init() == 0
assert acl.rt.set_device(0) == 0
stream, ret = acl.rt.create_stream(); assert ret == 0
ran = []
cb = ffi.callback("void(void *)", lambda p: ran.append(1))
# a thread that never processes: the host function waits in its queue, holding the stream
assert acl.rt.subscribe_host_func(424242, stream) == 0
assert acl.rt.launch_host_func(stream, int(ffi.cast("uintptr_t", cb)), 0) == 0
assert acl.rt.destroy_stream(stream) == 0, acl.get_recent_err_msg()
assert ran == []
assert acl.rt.reset_device(0) == 0
assert acl.finalize() == 0
print("ok")
"""


def test_destroying_the_stream_drops_a_host_function_nobody_took() -> None:
    result = run_python(DESTROY_WITH_A_WAITING_HOST_FUNC, {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0 and "ok" in result.stdout, describe(result)


def test_the_functions_are_implemented() -> None:
    from acl._generated._acl_cffi import lib

    names = [
        "aclrtSubscribeHostFunc",
        "aclrtProcessHostFunc",
        "aclrtUnSubscribeHostFunc",
        "aclrtLaunchHostFunc",
        "aclrtRegDeviceStateCallback",
        "aclmdlRITaskSetParams",
        "aclmdlRIKernelTaskGetAttribute",
    ] + [
        f"aclrtAllocator{name}"
        for name in (
            "CreateDesc", "DestroyDesc", "SetObjToDesc", "SetAllocFuncToDesc", "SetFreeFuncToDesc",
            "SetAllocAdviseFuncToDesc", "SetGetAddrFromBlockFuncToDesc", "Register", "Unregister",
            "GetByStream",
        )
    ]  # fmt: skip
    assert [n for n in names if lib._aclemu_IsImplemented(n.encode()) != 1] == []
