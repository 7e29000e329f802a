"""Model run instances built explicitly (bind streams), condition tasks and abort."""

from __future__ import annotations

import struct
import threading

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from helpers.ri_support import c_callback, capture, copy_async, download, out_handle, put, upload
from helpers.runtime_support import Allocations, Runtime, check

import acl

pytestmark = pytest.mark.numpy


def build_begin() -> int:
    holder = out_handle()
    check(acl.mdl.ri_build_begin(holder.ctypes.data, 0), "ri_build_begin")
    return int(holder[0])


def test_built_instance_runs_two_bound_streams_joined_by_an_event(rt: Runtime, alloc: Allocations) -> None:
    first, second = alloc.stream(), alloc.stream()
    event = alloc.event()
    x = np.arange(512, dtype=np.float64) ** 0.5
    src, mid, dst = upload(alloc, x), upload(alloc, np.zeros_like(x)), upload(alloc, np.zeros_like(x))
    ri = build_begin()
    check(acl.mdl.ri_bind_stream(ri, first, acl.ACL_MODEL_STREAM_FLAG_HEAD), "bind first")
    check(acl.mdl.ri_bind_stream(ri, second, acl.ACL_MODEL_STREAM_FLAG_DEFAULT), "bind second")
    # the second stream's list waits for the first one's copy, as two device streams would
    copy_async(mid, src, x.nbytes, first)
    check(acl.rt.record_event(event, first), "record")
    check(acl.rt.stream_wait_event(second, event), "wait")
    copy_async(dst, mid, x.nbytes, second)
    check(acl.mdl.ri_end_task(ri, first), "end first")
    check(acl.mdl.ri_end_task(ri, second), "end second")
    assert acl.rt.memcpy_async(dst, x.nbytes, src, x.nbytes, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, first) == (
        acl.ACL_ERROR_RT_STREAM_MODEL
    )
    assert acl.mdl.ri_execute(ri, -1) == acl.ACL_ERROR_RT_MODEL_CAPTURED  # not built yet
    check(acl.mdl.ri_build_end(ri, 0), "build end")
    np.testing.assert_array_equal(download(dst, x), np.zeros_like(x))

    check(acl.mdl.ri_execute(ri, 10_000), "execute")
    np.testing.assert_array_equal(download(dst, x), x)

    check(acl.mdl.ri_unbind_stream(ri, first), "unbind")
    check(acl.mdl.ri_unbind_stream(ri, second), "unbind")
    assert acl.mdl.ri_unbind_stream(ri, second) == acl.ACL_ERROR_RT_STREAM_MODEL
    put(mid, np.zeros_like(x))
    copy_async(mid, src, x.nbytes, first)  # an unbound stream runs its work again
    check(acl.rt.synchronize_stream(first), "sync")
    np.testing.assert_array_equal(download(mid, x), x)
    check(acl.mdl.ri_destroy(ri), "destroy")


def test_build_argument_errors(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    assert acl.mdl.ri_build_begin(0, 0) == acl.ACL_ERROR_INVALID_PARAM
    ri = build_begin()
    assert acl.mdl.ri_bind_stream(ri, stream, 5) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.mdl.ri_bind_stream(ri, 12345, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.mdl.ri_end_task(ri, stream) == acl.ACL_ERROR_RT_STREAM_MODEL  # not bound
    check(acl.mdl.ri_bind_stream(ri, stream, 0), "bind")
    other = build_begin()
    assert acl.mdl.ri_bind_stream(other, stream, 0) == acl.ACL_ERROR_RT_STREAM_MODEL
    assert acl.mdl.ri_capture_begin(stream, 0) == acl.ACL_ERROR_RT_STREAM_CAPTURED
    check(acl.mdl.ri_build_end(ri, 0), "build end")
    assert acl.mdl.ri_build_end(ri, 0) == acl.ACL_ERROR_RT_STREAM_MODEL
    check(acl.mdl.ri_destroy(other), "destroy other")
    check(acl.mdl.ri_destroy(ri), "destroy")  # also unbinds
    check(acl.rt.memset_async(alloc.device(16), 16, 1, 16, stream), "stream usable again")


def cond_setup(alloc: Allocations, stream: int, default: int) -> tuple[int, int, int]:
    """A captured parent instance (not ended yet) and a condition handle whose value lives at ptr."""
    check(acl.mdl.ri_capture_begin(stream, 0), "capture begin")
    _, parent, ret = acl.mdl.ri_capture_get_info(stream)
    check(ret, "get info")
    handle, ret = acl.mdl.ri_cond_handle_create(parent, default, acl.ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT)
    check(ret, "cond handle create")
    ptr, ret = acl.mdl.ri_cond_handle_get_cond_ptr(handle)
    check(ret, "get cond ptr")
    return parent, handle, ptr


def add_cond(handle: int, kind: int, branches: list[int], stream: int) -> int:
    array = np.array(branches, dtype=np.uint64)
    # aclmdlRICondTaskParams: handle, type, size, modelRIArray (passed by address to the binding)
    params = np.frombuffer(
        struct.pack("=QiIQ", handle, kind, len(branches), array.ctypes.data), dtype=np.uint8
    )
    return acl.mdl.ri_add_cond_task(params.ctypes.data, stream, 0)


@pytest.mark.parametrize(("value", "expect_a"), [(1, True), (0, False), (7, True)])
def test_if_condition_picks_a_branch_from_the_value_at_run_time(
    rt: Runtime, alloc: Allocations, value: int, expect_a: bool
) -> None:
    stream = alloc.stream()
    a = np.arange(32, dtype=np.int16)
    b = -np.arange(32, dtype=np.int16)
    src_a, src_b, dst = upload(alloc, a), upload(alloc, b), upload(alloc, np.zeros_like(a))
    then_ri = capture(stream, lambda: copy_async(dst, src_a, a.nbytes, stream))
    else_ri = capture(stream, lambda: copy_async(dst, src_b, a.nbytes, stream))
    word = alloc.device(8)
    parent, handle, ptr = cond_setup(alloc, stream, default=1)
    # the condition word is set by the instance itself, before the branch is chosen
    copy_async(ptr, word, 8, stream)
    check(add_cond(handle, acl.ACL_MODEL_RI_COND_TYPE_IF, [then_ri, else_ri], stream), "add cond")
    _, ret = acl.mdl.ri_capture_end(stream)
    check(ret, "capture end")
    put(word, np.array([value], dtype=np.uint64))
    check(acl.mdl.ri_execute(parent, -1), "execute")
    np.testing.assert_array_equal(download(dst, a), a if expect_a else b)
    for ri in (parent, then_ri, else_ri):
        check(acl.mdl.ri_destroy(ri), "destroy")


def test_while_condition_loops_until_the_body_clears_it(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    parent, handle, ptr = cond_setup(alloc, stream, default=1)
    iterations: list[int] = []

    def body_step(_: int) -> None:
        iterations.append(1)
        if len(iterations) == 5:  # the body clears the condition on its fifth pass
            zero = struct.pack("<Q", 0)
            check(
                acl.rt.memcpy(ptr, 8, acl.util.bytes_to_ptr(zero), 8, acl.ACL_MEMCPY_HOST_TO_DEVICE), "clear"
            )

    keep, fn_ptr = c_callback(body_step)
    body_stream = alloc.stream()
    body = capture(body_stream, lambda: check(acl.rt.launch_host_func(body_stream, fn_ptr, 0), "host func"))
    check(add_cond(handle, acl.ACL_MODEL_RI_COND_TYPE_WHILE, [body], stream), "add cond")
    _, ret = acl.mdl.ri_capture_end(stream)
    check(ret, "capture end")
    check(acl.mdl.ri_execute(parent, -1), "execute")
    assert len(iterations) == 5
    # the default value is assigned again at each launch
    iterations.clear()
    check(acl.mdl.ri_execute(parent, -1), "execute again")
    assert len(iterations) == 5
    assert (
        add_cond(handle, acl.ACL_MODEL_RI_COND_TYPE_WHILE, [body, body], stream)
        == acl.ACL_ERROR_INVALID_PARAM
    )
    for ri in (parent, body):
        check(acl.mdl.ri_destroy(ri), "destroy")
    del keep


def test_switch_condition_and_abort_of_an_endless_loop(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    values = [np.full(8, k, dtype=np.uint8) for k in range(3)]
    srcs = [upload(alloc, v) for v in values]
    dst = upload(alloc, np.zeros(8, dtype=np.uint8))
    branches = [capture(stream, lambda s=s: copy_async(dst, s, 8, stream)) for s in srcs]
    parent, handle, _ = cond_setup(alloc, stream, default=2)
    check(add_cond(handle, acl.ACL_MODEL_RI_COND_TYPE_SWITCH, branches, stream), "add cond")
    _, ret = acl.mdl.ri_capture_end(stream)
    check(ret, "capture end")
    check(acl.mdl.ri_execute(parent, -1), "execute")
    np.testing.assert_array_equal(download(dst, values[0]), values[2])

    # an endless loop runs on a stream until aclmdlRIAbort stops it
    spins = threading.Event()
    keep, fn_ptr = c_callback(lambda _: spins.set())
    body_stream = alloc.stream()
    body = capture(body_stream, lambda: check(acl.rt.launch_host_func(body_stream, fn_ptr, 0), "host func"))
    loop, loop_handle, _ = cond_setup(alloc, stream, default=1)
    check(add_cond(loop_handle, acl.ACL_MODEL_RI_COND_TYPE_WHILE, [body], stream), "add cond")
    _, ret = acl.mdl.ri_capture_end(stream)
    check(ret, "capture end")
    runner = alloc.stream()
    check(acl.mdl.ri_execute_async(loop, runner), "execute async")
    assert spins.wait(10)
    check(acl.mdl.ri_abort(loop), "abort")
    assert acl.rt.synchronize_stream(runner) == acl.ACL_ERROR_RT_MODEL_ABORT_NORMAL
    for ri in (parent, loop, body, *branches):
        check(acl.mdl.ri_destroy(ri), "destroy")
    del keep
