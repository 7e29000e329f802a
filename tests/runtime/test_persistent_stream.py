"""Persistent streams bound to a model run instance: aclrtPersistentTaskClean drops the kept tasks,
aclrtTaskUpdateAsync changes a kept random-number task's parameters on another stream."""

from __future__ import annotations

import struct
from collections.abc import Iterator

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from helpers.cdata_support import address
from helpers.device_bytes import read_device, write_device
from helpers.ri_support import copy_async, download, out_handle, put, upload
from helpers.runtime_support import Allocations, Runtime, check, refused

import acl
from acl._backend import ffi

pytestmark = pytest.mark.numpy

STREAM_INVALID = acl.ACL_ERROR_RT_INTERNAL_ERROR  # the runtime's "stream invalid" maps to it
PARAM_INVALID = acl.ACL_ERROR_RT_PARAM_INVALID


@pytest.fixture()
def persistent(rt: Runtime) -> Iterator[int]:
    stream, ret = acl.rt.create_stream_with_config(0, acl.ACL_STREAM_PERSISTENT)
    check(ret, "create_stream_with_config")
    yield stream
    check(acl.rt.destroy_stream(stream), "destroy_stream")


def build_begin() -> int:
    holder = out_handle()
    check(acl.mdl.ri_build_begin(holder.ctypes.data, 0), "ri_build_begin")
    return int(holder[0])


def last_task_id() -> int:
    task_id, ret = acl.rt.get_thread_last_task_id()
    check(ret, "get_thread_last_task_id")
    return task_id


def test_clean_drops_the_kept_tasks_and_the_stream_records_again(rt: Runtime, alloc: Allocations,
                                                                 persistent: int) -> None:
    first = np.arange(256, dtype=np.int32) * 3 - 100
    second = np.linspace(-1.0, 1.0, 128)  # the same 1 KiB, other bytes
    src1, src2 = upload(alloc, first), upload(alloc, second)
    dst = upload(alloc, np.zeros_like(first))
    ri = build_begin()
    check(acl.mdl.ri_bind_stream(ri, persistent, acl.ACL_MODEL_STREAM_FLAG_HEAD), "bind")
    copy_async(dst, src1, first.nbytes, persistent)
    assert last_task_id() == 1
    refused(acl.rt.persistent_task_clean(persistent), "not built", code=STREAM_INVALID)
    check(acl.mdl.ri_end_task(ri, persistent), "end task")
    check(acl.mdl.ri_build_end(ri, 0), "build end")
    for _ in range(2):  # kept: every execution runs the copy again
        put(dst, np.zeros_like(first))
        check(acl.mdl.ri_execute(ri, 10_000), "execute")
        np.testing.assert_array_equal(download(dst, first), first)

    check(acl.rt.persistent_task_clean(persistent), "clean")
    put(dst, np.zeros_like(first))
    check(acl.mdl.ri_execute(ri, 10_000), "execute the emptied list")
    np.testing.assert_array_equal(download(dst, first), np.zeros_like(first))

    copy_async(dst, src2, second.nbytes, persistent)  # re-delivered on the same stream
    assert last_task_id() == 1  # ids restart with the stream's queue
    check(acl.mdl.ri_end_task(ri, persistent), "end task again")
    assert acl.rt.memcpy_async(dst, 8, src1, 8, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, persistent) == (
        acl.ACL_ERROR_RT_STREAM_MODEL
    )
    check(acl.mdl.ri_execute(ri, 10_000), "execute the new list")
    np.testing.assert_array_equal(download(dst, second), second)
    check(acl.mdl.ri_unbind_stream(ri, persistent), "unbind")
    check(acl.mdl.ri_destroy(ri), "destroy")


def test_clean_refuses_streams_it_cannot_clean(rt: Runtime, alloc: Allocations, persistent: int) -> None:
    refused(acl.rt.persistent_task_clean(0), "NULL", code=PARAM_INVALID)
    refused(acl.rt.persistent_task_clean(0xDEAD0000))
    refused(acl.rt.persistent_task_clean(persistent), "bound", code=STREAM_INVALID)
    plain = alloc.stream()
    refused(acl.rt.persistent_task_clean(plain), "ACL_STREAM_PERSISTENT", code=STREAM_INVALID)
    ri = build_begin()
    check(acl.mdl.ri_bind_stream(ri, plain, 0), "bind plain")
    check(acl.mdl.ri_build_end(ri, 0), "build end")
    refused(acl.rt.persistent_task_clean(plain), "ACL_STREAM_PERSISTENT", code=STREAM_INVALID)
    check(acl.mdl.ri_destroy(ri), "destroy")
    check(acl.mdl.ri_capture_begin(persistent, acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED), "capture")
    refused(acl.rt.persistent_task_clean(persistent), "captured", code=STREAM_INVALID)
    captured, ret = acl.mdl.ri_capture_end(persistent)
    check(ret, "capture end")
    check(acl.mdl.ri_destroy(captured), "destroy captured")


# ------------------------------------------------------------------------------- random updates

def _unit_from_words(hi: int, lo: int) -> float:
    """The double a uniform [0, 1) draw makes of two Philox words (53 bits)."""
    return ((hi >> 5) * 2**26 + (lo >> 6)) / 2**53


def _para(para: object, value: int) -> None:
    para.isAddr = 0
    para.size = 8
    ffi.memmove(para.valueOrAddr, struct.pack("<Q", value), 8)


def _random_info(n: int, seed: int, result: int, counter: int = 0) -> object:
    info = ffi.new("aclrtRandomNumTaskInfo *")
    info.dataType = acl.ACL_DOUBLE
    info.randomNumFuncParaInfo.funcType = acl.ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS
    uniform = info.randomNumFuncParaInfo.paramInfo.uniformDisInfo
    for para, value in ((uniform.min, 0.0), (uniform.max, 1.0)):
        para.isAddr = 0
        para.size = 8
        ffi.memmove(para.valueOrAddr, struct.pack("<d", value), 8)
    info.randomResultAddr = ffi.cast("void *", result)
    info.randomCounterAddr = ffi.cast("void *", counter)
    _para(info.randomSeed, seed)
    _para(info.randomNum, n)
    return info


def _to_device(alloc: Allocations, info: object) -> int:
    data = bytes(ffi.buffer(info))
    ptr = alloc.device(len(data))
    write_device(ptr, data)
    return ptr


def _update_info(src: int, size: int, kind: int = acl.ACL_RT_UPDATE_RANDOM_TASK) -> int:
    info = ffi.new("aclrtTaskUpdateInfo *")
    info.id = kind
    info.val.randomTaskAttr.srcAddr = ffi.cast("void *", src)
    info.val.randomTaskAttr.size = size
    return address(info)


def _doubles(ptr: int, n: int) -> np.ndarray:
    return np.frombuffer(read_device(ptr, 8 * n), dtype=np.float64)


class Recorded:
    """A built instance whose persistent stream keeps a copy (task 1) and a random task (task 2)."""

    def __init__(self, alloc: Allocations, stream: int) -> None:
        self.stream = stream
        self.old_out, self.new_out = alloc.device(32), alloc.device(32)
        src, self.copy_dst = upload(alloc, np.arange(4.0)), alloc.device(32)
        self.ri = build_begin()
        check(acl.mdl.ri_bind_stream(self.ri, stream, acl.ACL_MODEL_STREAM_FLAG_HEAD), "bind")
        copy_async(self.copy_dst, src, 32, stream)
        self.copy_id = last_task_id()
        self.task_info = _random_info(4, 5, self.old_out)
        check(acl.rt.random_num_async(address(self.task_info), stream, 0), "random_num_async")
        self.random_id = last_task_id()
        check(acl.mdl.ri_end_task(self.ri, stream), "end task")
        check(acl.mdl.ri_build_end(self.ri, 0), "build end")

    def execute(self) -> None:
        check(acl.mdl.ri_execute(self.ri, 10_000), "execute")

    def close(self) -> None:
        check(acl.mdl.ri_unbind_stream(self.ri, self.stream), "unbind")
        check(acl.mdl.ri_destroy(self.ri), "destroy")


def test_update_changes_seed_count_result_and_counter(rt: Runtime, alloc: Allocations,
                                                      persistent: int) -> None:
    rec = Recorded(alloc, persistent)
    assert (rec.copy_id, rec.random_id) == (1, 2)
    rec.execute()
    old = _doubles(rec.old_out, 4)
    assert np.all((old >= 0.0) & (old < 1.0)) and len(set(old.tolist())) == 4
    put(rec.old_out, np.zeros(4))

    # seed 0, no counter: Random123's philox4x32-10 vector for key 0 and counter 0
    src = _to_device(alloc, _random_info(2, 0, rec.new_out))
    update = _update_info(src, ffi.sizeof("aclrtRandomNumTaskInfo"))
    check(acl.rt.task_update_async(persistent, rec.random_id, update, rt.stream), "task_update_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize exec stream")
    rec.execute()
    np.testing.assert_array_equal(_doubles(rec.old_out, 4), np.zeros(4))  # the old result is left alone
    assert _doubles(rec.new_out, 4)[:2].tolist() == [_unit_from_words(0x6627E8D5, 0xE169C58D),
                                                     _unit_from_words(0xBC57AC4C, 0x9B00DBD8)]

    # the same srcAddr again, now with the all-ones key and counter (the second published vector)
    counter = upload(alloc, np.full(4, 0xFFFFFFFF, dtype=np.uint32))
    write_device(src, bytes(ffi.buffer(_random_info(2, 2**64 - 1, rec.new_out, counter))))
    check(acl.rt.task_update_async(persistent, rec.random_id, update, rt.stream), "task_update_async")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize exec stream")
    rec.execute()
    assert _doubles(rec.new_out, 2).tolist() == [_unit_from_words(0x408F276D, 0x41C83B0E),
                                                 _unit_from_words(0xA20BC7C6, 0x6D5451FD)]
    assert read_device(counter, 16) == bytes(16)  # the 128-bit counter wrapped after that block
    rec.close()


def test_update_refusals(rt: Runtime, alloc: Allocations, persistent: int) -> None:
    rec = Recorded(alloc, persistent)
    size = ffi.sizeof("aclrtRandomNumTaskInfo")
    src = _to_device(alloc, _random_info(2, 0, rec.new_out))
    good = _update_info(src, size)
    update = acl.rt.task_update_async
    refused(update(persistent, rec.random_id, 0, rt.stream), "info")
    bad_id, aic = _update_info(src, size, 7), _update_info(src, size, acl.ACL_RT_UPDATE_AIC_AIV_TASK)
    refused(update(persistent, rec.random_id, bad_id, rt.stream), "id", code=PARAM_INVALID)
    refused(update(persistent, rec.random_id, aic, rt.stream), "AI Core", code=acl.ACL_ERROR_API_NOT_SUPPORT)
    refused(update(0, rec.random_id, good, rt.stream), "taskStream", code=PARAM_INVALID)
    no_src, short = _update_info(0, size), _update_info(src, size - 8)
    refused(update(persistent, rec.random_id, no_src, rt.stream), "srcAddr", code=PARAM_INVALID)
    refused(update(persistent, rec.random_id, short, rt.stream), "size", code=PARAM_INVALID)
    refused(update(rt.stream, 1, good, persistent), "execStream", code=PARAM_INVALID)
    refused(update(alloc.stream(), 1, good, rt.stream), "bound", code=PARAM_INVALID)
    refused(update(persistent, 99, good, rt.stream), "no task 99", code=PARAM_INVALID)
    refused(update(persistent, rec.copy_id, good, rt.stream), "random-number", code=PARAM_INVALID)
    check(update(persistent, rec.random_id, good, rt.stream), "first update")
    other = _to_device(alloc, _random_info(2, 0, rec.new_out))
    refused(update(persistent, rec.random_id, _update_info(other, size), rt.stream), "same srcAddr",
            code=PARAM_INVALID)
    check(acl.rt.synchronize_stream(rt.stream), "synchronize exec stream")

    # an update whose values fail the random task's checks fails on its stream, the task is unchanged
    exec_stream = alloc.stream()
    write_device(src, bytes(ffi.buffer(_random_info(0, 3, rec.old_out))))
    check(update(persistent, rec.random_id, good, exec_stream), "queued")
    assert acl.rt.synchronize_stream(exec_stream) != acl.ACL_SUCCESS
    put(rec.new_out, np.zeros(4))
    rec.execute()
    assert _doubles(rec.new_out, 2).tolist() == [_unit_from_words(0x6627E8D5, 0xE169C58D),
                                                 _unit_from_words(0xBC57AC4C, 0x9B00DBD8)]

    check(acl.rt.persistent_task_clean(persistent), "clean")
    refused(update(persistent, rec.random_id, good, rt.stream), "no task", code=PARAM_INVALID)
    rec.close()
