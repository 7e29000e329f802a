"""Process snapshots: device memory contents backed up and restored for real, stage callbacks."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

pytest.importorskip("numpy")  # the RI tests compare device bytes through numpy; PyPy has none

import numpy as np
from acl._generated._acl_cffi import ffi
from helpers.ri_support import download, put, upload
from helpers.runtime_support import Allocations, Runtime, check

import acl

pytestmark = pytest.mark.numpy

PID = os.getpid()


def args_struct() -> np.ndarray:
    """aclrtSnapShotBackupArgs / RestoreArgs: a flags word and 60 reserved bytes."""
    return np.zeros(64, dtype=np.uint8)


@pytest.fixture()
def locked(rt: Runtime) -> Iterator[None]:
    check(acl.rt.snap_shot_process_lock(PID, 0), "snap_shot_process_lock")
    try:
        yield
    finally:
        check(acl.rt.snap_shot_process_unlock(PID, 0), "snap_shot_process_unlock")


def test_restore_brings_back_the_backed_up_contents(rt: Runtime, alloc: Allocations, locked: None) -> None:
    rng = np.random.default_rng(11)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    y = rng.integers(0, 255, 4096).astype(np.uint8)
    dx, dy = upload(alloc, x), upload(alloc, y)
    args = args_struct()
    check(acl.rt.snap_shot_process_backup(PID, args.ctypes.data), "backup")
    put(dx, -x)
    put(dy, 255 - y)
    np.testing.assert_array_equal(download(dx, x), -x)
    check(acl.rt.snap_shot_process_restore(PID, args.ctypes.data), "restore")
    np.testing.assert_array_equal(download(dx, x), x)
    np.testing.assert_array_equal(download(dy, y), y)


def test_restore_reports_allocations_freed_since_the_backup(
    rt: Runtime, alloc: Allocations, locked: None
) -> None:
    x = np.arange(256, dtype=np.int32)
    kept = upload(alloc, x)
    temporary, ret = acl.rt.malloc(1024, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc")
    args = args_struct()
    check(acl.rt.snap_shot_process_backup(PID, args.ctypes.data), "backup")
    check(acl.rt.free(temporary), "free")
    put(kept, x * 2)
    assert acl.rt.snap_shot_process_restore(PID, args.ctypes.data) == acl.ACL_ERROR_INVALID_PARAM
    assert "freed" in acl.get_recent_err_msg()
    np.testing.assert_array_equal(download(kept, x), x)  # the live ones were restored


def test_snapshot_needs_the_lock_and_this_process(rt: Runtime) -> None:
    args = args_struct()
    assert acl.rt.snap_shot_process_backup(PID, args.ctypes.data) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.snap_shot_process_unlock(PID, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.snap_shot_process_lock(PID + 100000, 0) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.snap_shot_process_lock(PID, 0), "lock")
    try:
        assert acl.rt.snap_shot_process_lock(PID, 0) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.snap_shot_process_backup(PID, 0) == acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.rt.snap_shot_process_unlock(PID, 0), "unlock")


def test_stage_callbacks_run_in_order_for_each_device(rt: Runtime, alloc: Allocations) -> None:
    seen: list[tuple[int, int, int]] = []
    answer = [0]
    stages = [
        acl.ACL_RT_SNAPSHOT_LOCK_PRE,
        acl.ACL_RT_SNAPSHOT_BACKUP_PRE,
        acl.ACL_RT_SNAPSHOT_BACKUP_POST,
        acl.ACL_RT_SNAPSHOT_RESTORE_PRE,
        acl.ACL_RT_SNAPSHOT_RESTORE_POST,
        acl.ACL_RT_SNAPSHOT_UNLOCK_POST,
    ]
    keep = []
    for stage in stages:

        def on_stage(device: int, args: object, stage: int = stage) -> int:
            seen.append((stage, device, int(ffi.cast("uintptr_t", args))))
            return answer[0]

        cb = ffi.callback("uint32_t(int32_t, void *)", on_stage)
        keep.append(cb)
        ret = acl.rt.snap_shot_callback_register(stage, int(ffi.cast("uintptr_t", cb)), 40 + stage)
        check(ret, "register")
    try:
        upload(alloc, np.ones(8, dtype=np.float64))
        args = args_struct()
        check(acl.rt.snap_shot_process_lock(PID, 0), "lock")
        check(acl.rt.snap_shot_process_backup(PID, args.ctypes.data), "backup")
        check(acl.rt.snap_shot_process_restore(PID, args.ctypes.data), "restore")
        check(acl.rt.snap_shot_process_unlock(PID, 0), "unlock")
        devices, ret = acl.rt.get_device_count()
        check(ret, "get_device_count")
        assert seen == [(stage, device, 40 + stage) for stage in stages for device in range(devices)]

        answer[0] = 1  # a callback that refuses stops the operation
        assert acl.rt.snap_shot_process_lock(PID, 0) == acl.ACL_ERROR_FAILURE
        assert acl.rt.snap_shot_process_unlock(PID, 0) == acl.ACL_ERROR_INVALID_PARAM  # never locked
    finally:
        for stage, cb in zip(stages, keep):
            check(acl.rt.snap_shot_callback_unregister(stage, int(ffi.cast("uintptr_t", cb))), "unregister")
    assert acl.rt.snap_shot_callback_unregister(stages[0], int(ffi.cast("uintptr_t", keep[0]))) == (
        acl.ACL_ERROR_INVALID_PARAM
    )
