"""Labels and stream activation inside model run instances, checked against numpy."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from helpers.ri_support import c_callback, copy_async, download, out_handle, put, upload
from helpers.runtime_support import Allocations, Runtime, check

import acl

pytestmark = pytest.mark.numpy


def build_with(streams: list[int]) -> int:
    holder = out_handle()
    check(acl.mdl.ri_build_begin(holder.ctypes.data, 0), "ri_build_begin")
    ri = int(holder[0])
    for stream in streams:
        check(acl.mdl.ri_bind_stream(ri, stream, acl.ACL_MODEL_STREAM_FLAG_DEFAULT), "bind")
    return ri


def finish(ri: int, streams: list[int]) -> None:
    for stream in streams:
        check(acl.mdl.ri_end_task(ri, stream), "end task")
    check(acl.mdl.ri_build_end(ri, 0), "build end")


def new_label() -> int:
    label, ret = acl.rt.create_label()
    check(ret, "create_label")
    return label


def label_list(labels: list[int]) -> int:
    array = np.array(labels, dtype=np.uint64)
    handle, ret = acl.rt.create_label_list(array.ctypes.data, len(labels))
    check(ret, "create_label_list")
    return handle


def test_switch_label_by_index_loops_until_the_index_moves_on(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    index = upload(alloc, np.zeros(1, dtype=np.uint32))
    x = np.arange(16, dtype=np.float32) / 3
    src, dst = upload(alloc, x), upload(alloc, np.zeros_like(x))
    passes: list[int] = []

    def body(_: int) -> None:
        passes.append(1)
        put(index, np.array([0 if len(passes) < 4 else 1], dtype=np.uint32))

    keep, body_ptr = c_callback(body)
    top, done = new_label(), new_label()
    targets = label_list([top, done])
    ri = build_with([stream])
    check(acl.rt.set_label(top, stream), "set_label top")
    check(acl.rt.launch_host_func(stream, body_ptr, 0), "host func")
    check(acl.rt.switch_label_by_index(index, 2, targets, stream), "switch_label_by_index")
    check(acl.rt.set_label(done, stream), "set_label done")
    copy_async(dst, src, x.nbytes, stream)
    finish(ri, [stream])
    check(acl.mdl.ri_execute(ri, 10_000), "execute")
    assert len(passes) == 4
    np.testing.assert_array_equal(download(dst, x), x)
    check(acl.mdl.ri_destroy(ri), "destroy")
    check(acl.rt.destroy_label_list(targets), "destroy_label_list")
    for label in (top, done):
        check(acl.rt.destroy_label(label), "destroy_label")
    del keep


def test_labels_need_a_model_stream_and_valid_arguments(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    label = new_label()
    assert acl.rt.set_label(label, stream) == acl.ACL_ERROR_RT_STREAM_MODEL
    targets = label_list([label])
    index = alloc.device(4)
    # maxValue past the list's size
    assert acl.rt.switch_label_by_index(index, 2, targets, stream) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.switch_label_by_index(index, 1, targets, stream) == acl.ACL_ERROR_RT_STREAM_MODEL
    assert acl.rt.switch_label_by_index(index, 1, 77, stream) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.destroy_label_list(targets), "destroy_label_list")
    assert acl.rt.destroy_label_list(targets) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.destroy_label(label), "destroy_label")
    assert acl.rt.destroy_label(label) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.set_label(label, stream) == acl.ACL_ERROR_INVALID_PARAM


def test_active_stream_starts_a_list_after_the_work_before_it(rt: Runtime, alloc: Allocations) -> None:
    head, tail = alloc.stream(), alloc.stream()
    x = np.random.default_rng(5).integers(0, 1000, 4096).astype(np.int32)
    src, mid, dst = upload(alloc, x), upload(alloc, np.zeros_like(x)), upload(alloc, np.zeros_like(x))
    ri = build_with([head, tail])
    copy_async(mid, src, x.nbytes, head)
    check(acl.rt.active_stream(tail, head), "active_stream")
    copy_async(dst, mid, x.nbytes, tail)
    finish(ri, [head, tail])
    check(acl.mdl.ri_execute(ri, -1), "execute")
    np.testing.assert_array_equal(download(dst, x), x)
    check(acl.mdl.ri_destroy(ri), "destroy")
    assert acl.rt.active_stream(tail, head) == acl.ACL_ERROR_RT_STREAM_MODEL  # unbound now


@pytest.mark.parametrize(
    ("left", "cond", "right", "dtype", "expect_true"),
    [
        (3, acl.ACL_RT_GREATER, 2, acl.ACL_RT_SWITCH_INT32, True),
        (-1, acl.ACL_RT_GREATER, 2, acl.ACL_RT_SWITCH_INT32, False),
        (2**40, acl.ACL_RT_EQUAL, 2**40, acl.ACL_RT_SWITCH_INT64, True),
        (5, acl.ACL_RT_LESS_OR_EQUAL, 4, acl.ACL_RT_SWITCH_INT64, False),
    ],
)
def test_switch_stream_starts_the_list_the_comparison_selects(
    rt: Runtime, alloc: Allocations, left: int, cond: int, right: int, dtype: int, expect_true: bool
) -> None:
    head, when_true, when_false = alloc.stream(), alloc.stream(), alloc.stream()
    kind = np.int32 if dtype == acl.ACL_RT_SWITCH_INT32 else np.int64
    left_ptr, right_ptr = upload(alloc, np.array([left], kind)), upload(alloc, np.array([right], kind))
    a, b = np.full(64, 1.5, np.float32), np.full(64, -2.5, np.float32)
    src_a, src_b, dst = upload(alloc, a), upload(alloc, b), upload(alloc, np.zeros_like(a))
    ri = build_with([head, when_true, when_false])
    ret = acl.rt.switch_stream(left_ptr, cond, right_ptr, dtype, when_true, when_false, head)
    check(ret, "switch_stream")
    copy_async(dst, src_a, a.nbytes, when_true)
    copy_async(dst, src_b, b.nbytes, when_false)
    finish(ri, [head, when_true, when_false])
    check(acl.mdl.ri_execute(ri, -1), "execute")
    np.testing.assert_array_equal(download(dst, a), a if expect_true else b)
    check(acl.mdl.ri_destroy(ri), "destroy")
