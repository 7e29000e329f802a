"""Stream abort/stop, device task abort, stream state callbacks, aclInit/aclFinalize callbacks."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from acl._generated._acl_cffi import ffi
from helpers.ri_support import c_callback, copy_async, download, upload
from helpers.runtime_support import Allocations, Runtime, check
from helpers.subproc import describe, run_python

import acl

pytestmark = pytest.mark.numpy


class Blocker:
    """A host function that holds its stream until released, so later tasks stay queued."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.keep, self.ptr = c_callback(self._run)

    def _run(self, _: int) -> None:
        self.started.set()
        self.release.wait(30)


@pytest.fixture()
def blocker() -> Iterator[Blocker]:
    b = Blocker()
    yield b
    b.release.set()


def queue_behind_blocker(blocker: Blocker, stream: int, dst: int, src: int, nbytes: int) -> None:
    check(acl.rt.launch_host_func(stream, blocker.ptr, 0), "launch_host_func")
    assert blocker.started.wait(10)
    copy_async(dst, src, nbytes, stream)
    copy_async(dst, src, nbytes, stream)


def test_stream_abort_drops_the_queued_tasks(rt: Runtime, alloc: Allocations, blocker: Blocker) -> None:
    stream = alloc.stream()
    x = np.arange(100, dtype=np.float32)
    src, dst = upload(alloc, x), upload(alloc, np.zeros_like(x))
    queue_behind_blocker(blocker, stream, dst, src, x.nbytes)
    check(acl.rt.stream_abort(stream), "stream_abort")
    blocker.release.set()
    check(acl.rt.synchronize_stream(stream), "synchronize")
    np.testing.assert_array_equal(download(dst, x), np.zeros_like(x))
    copy_async(dst, src, x.nbytes, stream)  # the stream takes work again
    check(acl.rt.synchronize_stream(stream), "synchronize")
    np.testing.assert_array_equal(download(dst, x), x)
    assert acl.rt.stream_abort(4242) == acl.ACL_ERROR_INVALID_PARAM


def test_stream_stop_returns_once_the_running_task_finished(
    rt: Runtime, alloc: Allocations, blocker: Blocker
) -> None:
    stream = alloc.stream()
    x = np.arange(100, dtype=np.int64)
    src, dst = upload(alloc, x), upload(alloc, np.zeros_like(x))
    queue_behind_blocker(blocker, stream, dst, src, x.nbytes)
    timer = threading.Timer(0.2, blocker.release.set)
    timer.start()
    check(acl.rt.stream_stop(stream), "stream_stop")
    assert blocker.release.is_set()
    status, ret = acl.rt.stream_query(stream)
    check(ret, "stream_query")
    assert status == acl.ACL_STREAM_STATUS_COMPLETE
    np.testing.assert_array_equal(download(dst, x), np.zeros_like(x))
    timer.join()


def test_device_task_abort_runs_callbacks_around_dropping_the_device_work(
    rt: Runtime, alloc: Allocations, blocker: Blocker
) -> None:
    stream = alloc.stream()
    x = np.arange(64, dtype=np.uint16)
    src, dst = upload(alloc, x), upload(alloc, np.zeros_like(x))
    stages: list[tuple[int, int, int, int]] = []
    answer = [0]

    def on_abort(device: int, stage: int, timeout: int, args: object) -> int:
        stages.append((device, stage, timeout, int(ffi.cast("uintptr_t", args))))
        return answer[0]

    cb = ffi.callback("int32_t(int32_t, int, uint32_t, void *)", on_abort)
    cb_ptr = int(ffi.cast("uintptr_t", cb))
    check(acl.rt.set_device_task_abort_callback("test", cb_ptr, 99), "set_device_task_abort_callback")
    queue_behind_blocker(blocker, stream, dst, src, x.nbytes)
    check(acl.rt.device_task_abort(rt.device, 500), "device_task_abort")
    blocker.release.set()
    check(acl.rt.synchronize_stream(stream), "synchronize")
    np.testing.assert_array_equal(download(dst, x), np.zeros_like(x))
    pre, post = acl.ACL_RT_DEVICE_TASK_ABORT_PRE, acl.ACL_RT_DEVICE_TASK_ABORT_POST
    assert stages == [(rt.device, pre, 500, 99), (rt.device, post, 500, 99)]

    answer[0] = 3
    assert acl.rt.device_task_abort(rt.device, 0) == acl.ACL_ERROR_RT_DEVICE_TASK_ABORT
    assert acl.rt.device_task_abort(99, 0) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.set_device_task_abort_callback("test", 0, 0), "unregister")
    stages.clear()
    check(acl.rt.device_task_abort(rt.device, 0), "device_task_abort")
    assert stages == []
    assert acl.rt.set_device_task_abort_callback("test", 0, 0) == acl.ACL_ERROR_INVALID_PARAM


def test_stream_state_callbacks_see_create_and_destroy(rt: Runtime) -> None:
    seen: list[tuple[int, int, int]] = []

    def on_state(stream: object, state: int, args: object) -> None:
        seen.append((int(ffi.cast("uintptr_t", stream)), state, int(ffi.cast("uintptr_t", args))))

    cb = ffi.callback("void(void *, int, void *)", on_state)
    check(acl.rt.reg_stream_state_callback("watch", int(ffi.cast("uintptr_t", cb)), 5), "register")
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    assert seen == [
        (stream, acl.ACL_RT_STREAM_STATE_CREATE_POST, 5),
        (stream, acl.ACL_RT_STREAM_STATE_DESTROY_PRE, 5),
    ]
    check(acl.rt.reg_stream_state_callback("watch", 0, 0), "unregister")
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    assert len(seen) == 2
    unnamed = acl.rt.reg_stream_state_callback("", int(ffi.cast("uintptr_t", cb)), 0)
    assert unnamed == acl.ACL_ERROR_INVALID_PARAM


LIFECYCLE = """
import json, sys
import acl
from acl._generated._acl_cffi import ffi

config_path = sys.argv[1]
calls = []
answer = [0]

def on_init(text, length, user):
    calls.append(["init", ffi.string(text, length).decode(), int(ffi.cast("uintptr_t", user))])
    return answer[0]

def on_finalize(user):
    calls.append(["finalize", int(ffi.cast("uintptr_t", user))])
    return 0

init_cb = ffi.callback("int(char *, size_t, void *)", on_init)
fin_cb = ffi.callback("int(void *)", on_finalize)
init_ptr = int(ffi.cast("uintptr_t", init_cb))
fin_ptr = int(ffi.cast("uintptr_t", fin_cb))
out = {}
out["reg"] = acl.init_callback_register(acl.ACL_REG_TYPE_OTHER, init_ptr, 7)
out["reg_again"] = acl.init_callback_register(acl.ACL_REG_TYPE_OTHER, init_ptr, 7)
out["reg_fin"] = acl.finalize_callback_register(acl.ACL_REG_TYPE_ACL_MODEL, fin_ptr, 8)
answer[0] = 100000
out["init_refused"] = acl.init(config_path)
answer[0] = 0
out["init"] = acl.init(config_path)
out["init_repeat"] = acl.init(config_path)
out["ref1"] = acl.finalize_reference()
out["calls_after_ref1"] = len(calls)
out["ref0"] = acl.finalize_reference()
out["unreg"] = acl.init_callback_un_register(acl.ACL_REG_TYPE_OTHER, init_ptr)
out["unreg_again"] = acl.init_callback_un_register(acl.ACL_REG_TYPE_OTHER, init_ptr)
out["unreg_fin"] = acl.finalize_callback_un_register(acl.ACL_REG_TYPE_ACL_MODEL, fin_ptr)
out["init_plain"] = acl.init(config_path)
out["finalize_plain"] = acl.finalize()
out["calls"] = calls
print(json.dumps(out))
"""


def test_init_and_finalize_callbacks_and_finalize_reference(tmp_path: Path) -> None:
    config = tmp_path / "acl.json"
    config.write_text('{"dump": {}}')
    result = run_python(LIFECYCLE, {"ACL_BACKEND": "emulator"}, args=(str(config),))
    assert result.returncode == 0, describe(result)
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["reg"] == 0 and out["reg_again"] == acl.ACL_ERROR_INVALID_PARAM and out["reg_fin"] == 0
    assert out["init_refused"] == 100000
    assert out["init"] == 0 and out["init_repeat"] == acl.ACL_ERROR_REPEAT_INITIALIZE
    # a refused aclInit leaves the runtime uninitialized: the next one succeeds instead of repeating
    assert out["ref1"] == [1, 0] and out["calls_after_ref1"] == 2  # no finalize yet
    assert out["ref0"] == [0, 0]
    assert out["unreg"] == 0 and out["unreg_again"] == acl.ACL_ERROR_INVALID_PARAM and out["unreg_fin"] == 0
    assert out["init_plain"] == 0 and out["finalize_plain"] == 0
    text = '{"dump": {}}'
    assert out["calls"] == [["init", text, 7], ["init", text, 7], ["finalize", 8]]
