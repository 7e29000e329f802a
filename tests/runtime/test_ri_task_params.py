"""aclmdlRITaskSetParams: a recorded event or value task is rebuilt from new parameters, and the
instance's next launch runs the new one. aclmdlRIKernelTaskGetAttribute: a kernel task's launch
attributes."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from acl._generated._acl_cffi import ffi
from helpers.compile_c import compile_c
from helpers.ri_support import captured, download, upload
from helpers.runtime_support import Allocations, Runtime, check

import acl

pytestmark = pytest.mark.numpy

WORD = np.zeros(1, dtype=np.uint64)


def recorded_tasks(stream: int, count: int) -> list[int]:
    tasks = np.zeros(count, dtype=np.uint64)
    n, ret = acl.mdl.ri_get_tasks_by_stream(stream, tasks.ctypes.data, count)
    check(ret, "ri_get_tasks_by_stream")
    assert n == count
    return [int(t) for t in tasks]


def params_of(kind: int) -> object:
    p = ffi.new("aclmdlRITaskParams *")
    p.type = kind
    return p


def address(p: object) -> int:
    return int(ffi.cast("uintptr_t", p))


def test_value_write_gets_a_new_address_and_value(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    first, second = upload(alloc, WORD), upload(alloc, WORD)
    with captured(stream) as holder:
        check(acl.rt.value_write(first, 5, 0, stream), "value_write")
        (task,) = recorded_tasks(stream, 1)
    ri = holder[0]
    p = params_of(acl.ACL_MODEL_RI_TASK_VALUE_WRITE)
    p.valueWriteTaskParams.devAddr = ffi.cast("void *", second)
    p.valueWriteTaskParams.value = 77
    check(acl.mdl.ri_task_set_params(task, address(p)), "ri_task_set_params")
    check(acl.mdl.ri_execute(ri, 1000), "ri_execute")
    assert int(download(first, WORD)[0]) == 0  # the recorded address is no longer written
    assert int(download(second, WORD)[0]) == 77
    got, ret = acl.mdl.ri_task_get_params(task)
    check(ret, "ri_task_get_params")
    assert got["type"] == acl.ACL_MODEL_RI_TASK_VALUE_WRITE
    assert got["valueWriteTaskParams"]["value"] == 77
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


def test_value_wait_and_event_record_rebuilt(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    old_event, new_event = alloc.event(), alloc.event()
    gate = upload(alloc, np.array([3], dtype=np.uint64))
    with captured(stream) as holder:
        check(acl.rt.value_wait(gate, 100, acl.ACL_STREAM_WAIT_VALUE_GEQ, stream), "value_wait")
        check(acl.rt.record_event(old_event, stream), "record_event")
        wait_task, record_task = recorded_tasks(stream, 2)
    ri = holder[0]
    wait = params_of(acl.ACL_MODEL_RI_TASK_VALUE_WAIT)
    wait.valueWaitTaskParams.devAddr = ffi.cast("void *", gate)
    wait.valueWaitTaskParams.value = 3
    wait.valueWaitTaskParams.flag = acl.ACL_STREAM_WAIT_VALUE_EQ  # now met: the launch does not block
    check(acl.mdl.ri_task_set_params(wait_task, address(wait)), "set value wait params")
    record = params_of(acl.ACL_MODEL_RI_TASK_EVENT_RECORD)
    record.eventRecordTaskParams.event = ffi.cast("void *", new_event)
    check(acl.mdl.ri_task_set_params(record_task, address(record)), "set event record params")
    status, ret = acl.rt.query_event_status(new_event)
    check(ret, "query_event_status")
    assert status == acl.ACL_EVENT_RECORDED_STATUS_NOT_READY
    check(acl.mdl.ri_execute(ri, 5000), "ri_execute")
    status, ret = acl.rt.query_event_status(new_event)
    check(ret, "query_event_status")
    assert status == acl.ACL_EVENT_RECORDED_STATUS_COMPLETE
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


def test_set_params_argument_errors(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    word, other = upload(alloc, WORD), upload(alloc, WORD)
    with captured(stream) as holder:
        check(acl.rt.value_write(word, 1, 0, stream), "value_write")
        check(acl.rt.memcpy_async(other, 8, word, 8, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, stream), "memcpy_async")
        write_task, copy_task = recorded_tasks(stream, 2)
    ri = holder[0]
    bad = acl.ACL_ERROR_INVALID_PARAM
    wrong_type = params_of(acl.ACL_MODEL_RI_TASK_VALUE_WAIT)
    wrong_type.valueWaitTaskParams.devAddr = ffi.cast("void *", word)
    assert acl.mdl.ri_task_set_params(write_task, address(wrong_type)) == bad
    host = np.zeros(4, dtype=np.uint64)
    p = params_of(acl.ACL_MODEL_RI_TASK_VALUE_WRITE)
    p.valueWriteTaskParams.devAddr = ffi.cast("void *", host.ctypes.data)  # not device memory
    assert acl.mdl.ri_task_set_params(write_task, address(p)) == bad
    p.valueWriteTaskParams.devAddr = ffi.cast("void *", word + 1)  # misaligned
    assert acl.mdl.ri_task_set_params(write_task, address(p)) == bad
    assert acl.mdl.ri_task_set_params(write_task, 0) == bad
    assert acl.mdl.ri_task_set_params(0xBAD0, address(p)) == bad
    default = params_of(acl.ACL_MODEL_RI_TASK_DEFAULT)
    assert acl.mdl.ri_task_set_params(copy_task, address(default)) == bad  # copies have no settable params
    record = params_of(acl.ACL_MODEL_RI_TASK_EVENT_RECORD)
    record.eventRecordTaskParams.event = ffi.cast("void *", 0xBAD0)
    assert acl.mdl.ri_task_set_params(write_task, address(record)) == bad
    # the refused calls left the task as recorded
    check(acl.mdl.ri_execute(ri, 1000), "ri_execute")
    assert int(download(word, WORD)[0]) == 1 and int(download(other, WORD)[0]) == 1
    check(acl.mdl.ri_destroy(ri), "ri_destroy")


KERNEL_SOURCE = r"""
#include <stdint.h>
uint32_t add_one(void *args) { int32_t **p = args; **p += 1; return 0; }
"""


@pytest.fixture(scope="module")
def add_one_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ri_kernels")
    source = folder / "add_one.c"
    source.write_text(KERNEL_SOURCE)
    return compile_c([source], folder / "libadd_one.so", shared=True)


def test_kernel_task_attributes_are_those_of_its_launch(
    rt: Runtime, alloc: Allocations, add_one_library: Path
) -> None:
    handle, ret = acl.rt.binary_load_from_file(str(add_one_library), [])
    check(ret, "binary_load_from_file")
    try:
        func, ret = acl.rt.register_cpu_func(handle, "add_one", "AddOne")
        check(ret, "register_cpu_func")
        stream = alloc.stream()
        counter = upload(alloc, np.zeros(1, dtype=np.int32))
        args = np.array([counter], dtype=np.uint64)
        attrs = ffi.new("aclrtLaunchKernelAttr[2]")
        attrs[0].id = acl.ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT
        attrs[0].value.timeout = 1234
        attrs[1].id = acl.ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE
        attrs[1].value.dynUBufSize = 4096
        cfg = ffi.new("aclrtLaunchKernelCfg *", {"attrs": attrs, "numAttrs": 2})
        word = upload(alloc, WORD)
        with captured(stream) as holder:
            ret = acl.rt.launch_kernel_v2(func, 2, args.ctypes.data, args.nbytes, address(cfg), stream)
            check(ret, "launch_kernel_v2")
            check(acl.rt.value_write(word, 1, 0, stream), "value_write")
            kernel_task, write_task = recorded_tasks(stream, 2)
        ri = holder[0]
        value, ret = acl.mdl.ri_kernel_task_get_attribute(kernel_task, acl.ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT)
        check(ret, "ri_kernel_task_get_attribute")
        assert value["timeout"] == 1234
        value, ret = acl.mdl.ri_kernel_task_get_attribute(
            kernel_task, acl.ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE
        )
        check(ret, "ri_kernel_task_get_attribute")
        assert value["dynUBufSize"] == 4096
        value, ret = acl.mdl.ri_kernel_task_get_attribute(
            kernel_task, acl.ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE
        )
        check(ret, "ri_kernel_task_get_attribute")
        assert value["schemMode"] == 0  # not given at launch
        bad = acl.ACL_ERROR_INVALID_PARAM
        assert acl.mdl.ri_kernel_task_get_attribute(kernel_task, 77)[1] == bad
        assert (
            acl.mdl.ri_kernel_task_get_attribute(write_task, acl.ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT)[1] == bad
        )
        assert acl.mdl.ri_kernel_task_get_attribute(0xBAD0, acl.ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT)[1] == bad
        check(acl.mdl.ri_execute(ri, 1000), "ri_execute")
        check(acl.mdl.ri_execute(ri, 1000), "ri_execute")
        assert int(download(counter, np.zeros(1, dtype=np.int32))[0]) == 4  # two launches of two blocks
        check(acl.mdl.ri_destroy(ri), "ri_destroy")
        attrs[0].id = 99
        ret = acl.rt.launch_kernel_v2(func, 1, args.ctypes.data, args.nbytes, address(cfg), stream)
        assert ret == bad  # an unknown attribute id is refused at launch
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
