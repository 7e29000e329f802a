"""The 38 aclprof functions on the emulator: lifecycle order and error codes, configs, model
subscriptions with op records decoded by aclprofGetOp*, stamps, marks, ranges and steps; every
function's bad-input path."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Any

import pytest
from acl._generated._acl_cffi import ffi, lib
from helpers.binding import baseline_constant
from helpers.prof_support import ProfRuntime
from helpers.runtime_support import check

import acl

PROF_FUNCTIONS = [
    "aclprofInit", "aclprofFinalize", "aclprofStart", "aclprofCreateConfig", "aclprofDestroyConfig",
    "aclprofStop", "aclprofSetConfig", "aclprofModelSubscribe", "aclprofModelUnSubscribe",
    "aclprofCreateSubscribeConfig", "aclprofDestroySubscribeConfig", "aclprofGetOpDescSize",
    "aclprofGetOpNum", "aclprofGetOpTypeLen", "aclprofGetOpType", "aclprofGetOpNameLen", "aclprofGetOpName",
    "aclprofGetOpStart", "aclprofGetOpEnd", "aclprofGetOpDuration", "aclprofGetModelId", "aclprofGetOpFlag",
    "aclprofGetOpAttriValue", "aclprofGetStepTimestamp", "aclprofCreateStepInfo", "aclprofDestroyStepInfo",
    "aclprofCreateStamp", "aclprofDestroyStamp", "aclprofPush", "aclprofPop", "aclprofRangeStart",
    "aclprofRangeStop", "aclprofSetStampTraceMessage", "aclprofMark", "aclprofMarkEx", "aclprofStr2Id",
    "aclprofRangePushEx", "aclprofRangePop",
]  # fmt: skip

INVALID = acl.ACL_ERROR_INVALID_PARAM
TASK = acl.ACL_PROF_TASK_TIME


def test_all_38_are_implemented() -> None:
    assert len(set(PROF_FUNCTIONS)) == 38
    assert [f for f in PROF_FUNCTIONS if lib._aclemu_IsImplemented(f.encode()) != 1] == []


def _config(devices: list[int], types: int = TASK, metrics: int = acl.ACL_AICORE_NONE) -> int:
    return acl.prof.create_config(devices, metrics, 0, types)


def test_create_config_checks_arguments() -> None:
    for devices, metrics, types in [
        ([7], acl.ACL_AICORE_NONE, TASK),  # no such device
        ([0, 0], acl.ACL_AICORE_NONE, TASK),  # listed twice
        ([0], 9, TASK),  # not a metrics value
        ([0], acl.ACL_AICORE_NONE, 1 << 40),  # unknown data type bit
        ([0, 1, 2, 3], acl.ACL_AICORE_NONE, TASK),  # more than the devices
    ]:
        assert _config(devices, types, metrics) == 0
        assert "aclprofCreateConfig" in acl.get_recent_err_msg()
    assert lib.aclprofCreateConfig(0, 1, acl.ACL_AICORE_NONE, 0, TASK) == 0  # NULL device list
    devices = ffi.new("uint32_t[]", [0])
    assert lib.aclprofCreateConfig(int(ffi.cast("uintptr_t", devices)), 1, 255, 8, TASK) == 0  # events given
    config = _config([0, 1], TASK, acl.ACL_AICORE_PIPE_UTILIZATION)
    assert config
    assert acl.prof.destroy_config(config) == 0
    assert acl.prof.destroy_config(config) == INVALID  # already destroyed
    assert acl.prof.destroy_config(0) == INVALID


def test_lifecycle_order_and_codes(rt: ProfRuntime, tmp_path: Path) -> None:
    config = _config([0])
    other = _config([0], TASK | acl.ACL_PROF_ACL_API)
    try:
        assert acl.prof.start(config) == acl.ACL_ERROR_UNINITIALIZE  # before aclprofInit
        assert acl.prof.stop(config) == acl.ACL_ERROR_UNINITIALIZE
        assert acl.prof.finalize() == acl.ACL_ERROR_UNINITIALIZE
        assert acl.prof.init("") == INVALID
        assert lib.aclprofInit(ffi.NULL, 5) == INVALID
        assert lib.aclprofInit(b"/tmp/x", 99) == INVALID  # length does not match
        blocker = tmp_path / "file"
        blocker.write_text("x")
        assert acl.prof.init(str(blocker / "sub")) == acl.ACL_ERROR_INVALID_FILE
        out = tmp_path / "a" / "b"
        assert acl.prof.init(str(out)) == 0
        assert out.is_dir()  # created, parents too
        assert acl.prof.init(str(out)) == acl.ACL_ERROR_REPEAT_INITIALIZE
        assert acl.prof.stop(config) == acl.ACL_ERROR_PROF_NOT_RUN  # not started
        assert acl.prof.start(0) == INVALID
        assert acl.prof.start(config) == 0
        assert acl.prof.start(config) == acl.ACL_ERROR_PROF_ALREADY_RUN
        assert acl.prof.set_config(acl.ACL_PROF_STORAGE_LIMIT, "500MB") == acl.ACL_ERROR_PROF_ALREADY_RUN
        assert acl.prof.stop(other) == INVALID  # not the data types device 0 was started with
        assert acl.prof.stop(config) == 0
        assert acl.prof.stop(config) == acl.ACL_ERROR_PROF_NOT_RUN
        assert (out / "trace.json").is_file() and (out / "summary.json").is_file()
        # a collection still running at Finalize is stopped and written
        (out / "summary.json").unlink()
        assert acl.prof.start(config) == 0
        assert acl.prof.finalize() == 0
        assert (out / "summary.json").is_file()
        assert acl.prof.finalize() == acl.ACL_ERROR_UNINITIALIZE
    finally:
        acl.prof.finalize()
        acl.prof.destroy_config(config)
        acl.prof.destroy_config(other)


def test_set_config_checks_arguments() -> None:
    assert acl.prof.set_config(acl.ACL_PROF_STORAGE_LIMIT, "500MB") == 0
    assert acl.prof.set_config(acl.ACL_PROF_STORAGE_LIMIT, "100MB") == INVALID  # below 200
    assert acl.prof.set_config(acl.ACL_PROF_STORAGE_LIMIT, "lots") == INVALID
    assert acl.prof.set_config(acl.ACL_PROF_ARGS_MIN, "x") == INVALID
    # the emulator's bound (headers/): a release may end the enum elsewhere
    assert acl.prof.set_config(baseline_constant("ACL_PROF_ARGS_MAX"), "x") == INVALID
    assert acl.prof.set_config(2, "x") == INVALID  # a hole in the enum
    assert acl.prof.set_config(acl.ACL_PROF_OPTYPE, "") == INVALID
    assert acl.prof.set_config(acl.ACL_PROF_OPTYPE, "x" * 300) == INVALID
    assert lib.aclprofSetConfig(acl.ACL_PROF_OPTYPE, ffi.NULL, 3) == INVALID
    assert acl.prof.set_config(acl.ACL_PROF_OPTYPE, "MatMul") == 0


def test_collection_records_only_its_devices_and_types(rt: ProfRuntime, tmp_path: Path) -> None:
    import json

    out = tmp_path / "r"
    host_only = _config([], acl.ACL_PROF_MSPROFTX)
    check(acl.prof.init(str(out)), "init")
    check(acl.prof.start(host_only), "start")
    stamp = acl.prof.create_stamp()
    check(acl.prof.set_stamp_trace_message(stamp, "m1", 2), "set message")
    check(acl.prof.mark(stamp), "mark")
    buf, ret = acl.rt.malloc(64, 0)
    check(ret, "malloc")
    check(acl.rt.memset_async(buf, 64, 1, 64, rt.streams[0]), "memset_async")  # device 0 not collected
    check(acl.rt.synchronize_stream(rt.streams[0]), "sync")
    check(acl.prof.stop(host_only), "stop")
    check(acl.prof.finalize(), "finalize")
    summary = json.loads((out / "summary.json").read_text())
    assert [m["name"] for m in summary["marks"]] == ["m1"]
    assert summary["ops"] == [] and summary["devices"] == []
    acl.prof.destroy_stamp(stamp)
    check(acl.rt.free(buf), "free")
    acl.prof.destroy_config(host_only)


# ------------------------------------------------------------------ subscriptions


def _pipe() -> tuple[int, int, Any]:
    r, w = os.pipe()
    fcntl.fcntl(r, fcntl.F_SETFL, os.O_NONBLOCK)
    return r, w, ffi.new("int *", w)


@pytest.mark.numpy
@pytest.mark.onnx
def test_subscription_delivers_op_records(
    rt: ProfRuntime, tmp_path: Path, prof_subscriptions: list[int]
) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    import time

    from models import onnx_builders as build
    from models.mdl_harness import ModelHarness

    from acl import _onnx_executor

    assert _onnx_executor.install()
    harness = ModelHarness(rt.streams[0])
    data, reference = build.mlp(2)
    model_id = harness.load(data)
    m_in, m_out = harness.io_datasets(harness.desc(model_id))
    x = np.ones((2, 8), dtype=np.float32)
    harness.put(m_in, 0, x)
    r, w, fd = _pipe()
    try:
        sub = acl.prof.create_subscribe_config(1, acl.ACL_AICORE_NONE, int(ffi.cast("uintptr_t", fd)))
        assert sub, acl.get_recent_err_msg()
        assert acl.prof.model_subscribe(model_id + 1000, sub) == acl.ACL_ERROR_INVALID_MODEL_ID
        assert acl.prof.model_subscribe(model_id, 0) == INVALID
        prof_subscriptions.append(model_id)
        check(acl.prof.model_subscribe(model_id, sub), "model_subscribe")
        assert acl.prof.model_subscribe(model_id, sub) == acl.ACL_ERROR_PROF_REPEAT_SUBSCRIBE
        assert acl.prof.init(str(tmp_path / "x")) == acl.ACL_ERROR_PROF_API_CONFLICT
        t0 = time.monotonic_ns()
        check(acl.mdl.execute(model_id, m_in, m_out), "execute")
        t1 = time.monotonic_ns()
        np.testing.assert_allclose(harness.get(m_out, 0, (2, 4), np.float32), reference(x), rtol=1e-5)
        size, ret = acl.prof.get_op_desc_size()
        check(ret, "get_op_desc_size")
        raw = os.read(r, 1 << 16)
        assert len(raw) % size == 0 and len(raw) >= 3 * size
        buf = ffi.from_buffer(raw)
        addr = int(ffi.cast("uintptr_t", buf))
        n, ret = acl.prof.get_op_num(addr, len(raw))
        check(ret, "get_op_num")
        assert n == len(raw) // size
        types = []
        for i in range(n):
            tlen, ret = acl.prof.get_op_type_len(addr, len(raw), i)
            check(ret, "get_op_type_len")
            op_type, ret = acl.prof.get_op_type(addr, len(raw), i, tlen)
            check(ret, "get_op_type")
            assert len(op_type) + 1 == tlen
            types.append(op_type)
            nlen, ret = acl.prof.get_op_name_len(addr, len(raw), i)
            name, ret = acl.prof.get_op_name(addr, len(raw), i, nlen)
            check(ret, "get_op_name")
            assert name and len(name) + 1 == nlen
            start = acl.prof.get_op_start(addr, len(raw), i)
            end = acl.prof.get_op_end(addr, len(raw), i)
            assert t0 <= start <= end <= t1
            assert acl.prof.get_op_duration(addr, len(raw), i) == end - start
            assert acl.prof.get_model_id(addr, len(raw), i) == model_id
            assert acl.prof.get_op_flag(addr, len(raw), i) == acl.ACL_SUBSCRIBE_OP
            tid = acl.prof.get_op_attri_value(addr, len(raw), i, acl.ACL_SUBSCRIBE_ATTRI_THREADID)
            assert tid is not None and int(tid) > 0
        assert types[-1] == "Softmax"
        # bad inputs of the decoders
        assert acl.prof.get_op_num(0, len(raw))[1] == INVALID
        assert acl.prof.get_op_num(addr, size - 1)[1] == INVALID
        assert acl.prof.get_op_type_len(addr, len(raw), n)[1] == INVALID
        assert acl.prof.get_op_type(addr, len(raw), 0, 1)[1] == INVALID  # buffer too small
        assert acl.prof.get_op_name(addr, len(raw), n, 10)[1] == INVALID
        assert acl.prof.get_op_start(addr, len(raw), n) == 0
        assert acl.prof.get_op_end(0, len(raw), 0) == 0
        assert acl.prof.get_op_duration(addr, 3, 0) == 0
        assert acl.prof.get_model_id(addr, len(raw), n) == 0
        assert acl.prof.get_op_flag(addr, len(raw), n) == acl.ACL_SUBSCRIBE_NONE
        assert acl.prof.get_op_attri_value(addr, len(raw), 0, acl.ACL_SUBSCRIBE_ATTRI_NONE) is None
        garbage = ffi.new("char[]", size)
        assert acl.prof.get_op_num(int(ffi.cast("uintptr_t", garbage)), size)[1] == 0  # only a count
        assert acl.prof.get_op_start(int(ffi.cast("uintptr_t", garbage)), size, 0) == 0  # not a record
        # unsubscribed: nothing more arrives
        check(acl.prof.model_unsubscribe(model_id), "model_unsubscribe")
        assert acl.prof.model_unsubscribe(model_id) == acl.ACL_ERROR_INVALID_MODEL_ID
        check(acl.mdl.execute(model_id, m_in, m_out), "execute")
        with pytest.raises(BlockingIOError):
            os.read(r, 1 << 16)
        check(acl.prof.destroy_subscribe_config(sub), "destroy_subscribe_config")
        assert acl.prof.destroy_subscribe_config(sub) == INVALID
    finally:
        os.close(r)
        os.close(w)
        harness.release()


def test_create_subscribe_config_checks_arguments() -> None:
    r, w, fd = _pipe()
    read_end = ffi.new("int *", r)
    try:
        addr = int(ffi.cast("uintptr_t", fd))
        assert acl.prof.create_subscribe_config(2, acl.ACL_AICORE_NONE, addr) == 0
        assert acl.prof.create_subscribe_config(1, 42, addr) == 0
        assert acl.prof.create_subscribe_config(1, acl.ACL_AICORE_NONE, 0) == 0
        assert (
            acl.prof.create_subscribe_config(1, acl.ACL_AICORE_NONE, int(ffi.cast("uintptr_t", read_end)))
            == 0
        )
        assert "aclprofCreateSubscribeConfig" in acl.get_recent_err_msg()
    finally:
        os.close(r)
        os.close(w)


# ------------------------------------------------------- stamps, ranges, steps


def test_stamps_ranges_and_their_bad_inputs(rt: ProfRuntime) -> None:
    stamp = acl.prof.create_stamp()
    assert stamp
    assert acl.prof.set_stamp_trace_message(stamp, "abc", 3) == 0
    assert acl.prof.set_stamp_trace_message(stamp, "abc", 0) == INVALID
    assert acl.prof.set_stamp_trace_message(stamp, "a" * 200, 200) == INVALID
    assert acl.prof.set_stamp_trace_message(0, "abc", 3) == INVALID
    assert lib.aclprofSetStampTraceMessage(stamp, ffi.NULL, 3) == INVALID
    assert acl.prof.mark(0) == INVALID
    assert acl.prof.mark(stamp) == 0
    assert acl.prof.push(0) == INVALID
    assert acl.prof.pop() == INVALID  # nothing pushed
    assert acl.prof.push(stamp) == 0 and acl.prof.push(stamp) == 0
    assert acl.prof.pop() == 0 and acl.prof.pop() == 0
    assert acl.prof.pop() == INVALID
    range_id, ret = acl.prof.range_start(stamp)
    assert ret == 0
    assert acl.prof.range_start(0)[1] == INVALID
    assert acl.prof.range_stop(range_id + 12345) == INVALID
    assert acl.prof.range_stop(range_id) == 0
    assert acl.prof.range_stop(range_id) == INVALID  # already stopped
    assert acl.prof.mark_ex("hello", rt.streams[0]) == 0
    assert acl.prof.mark_ex("", rt.streams[0]) == INVALID
    assert acl.prof.mark_ex("x" * 300, rt.streams[0]) == INVALID
    assert acl.prof.mark_ex("hello", 12345) != 0  # not a stream
    acl.prof.destroy_stamp(stamp)
    assert acl.prof.mark(stamp) == INVALID  # destroyed
    acl.prof.destroy_stamp(stamp)
    assert "aclprofDestroyStamp" in acl.get_recent_err_msg()


def test_str2id_and_range_push_ex(tmp_path: Path, rt: ProfRuntime) -> None:
    import json

    a = acl.prof.str2_id("conv1")
    assert a == acl.prof.str2_id("conv1") and a != acl.prof.str2_id("conv2") and a != 0
    assert acl.prof.str2_id(None) == 0
    out = tmp_path / "ex"
    config = _config([], acl.ACL_PROF_MSPROFTX)
    check(acl.prof.init(str(out)), "init")
    check(acl.prof.start(config), "start")
    tensors = ffi.new("aclprofTensor[1]")
    tensors[0].shapeDim = 2
    tensors[0].shape[0], tensors[0].shape[1] = 4, 5
    info = ffi.new("aclprofTensorInfo *")
    info.opNameId = a
    info.opTypeId = acl.prof.str2_id("Conv2D")
    info.tensorNum = 1
    info.tensors = tensors
    attr = ffi.new("aclprofEventAttributes *")
    attr.version = acl.ACL_PROF_EVENT_ATTR_VERSION
    attr.size = ffi.sizeof("aclprofEventAttributes")
    attr.messageType = acl.ACL_PROF_MESSAGE_TYPE_TENSOR_INFO
    attr.message.tensorInfo = info
    addr = int(ffi.cast("uintptr_t", attr))
    assert acl.prof.range_push_ex(addr) == 0
    assert acl.prof.range_pop() == 0
    assert acl.prof.range_pop() == INVALID
    assert acl.prof.range_push_ex(0) == INVALID
    attr.version = 9
    assert acl.prof.range_push_ex(addr) == INVALID
    attr.version = acl.ACL_PROF_EVENT_ATTR_VERSION
    tensors[0].shapeDim = 9
    assert acl.prof.range_push_ex(addr) == INVALID
    tensors[0].shapeDim = 2
    info.tensors = ffi.NULL
    assert acl.prof.range_push_ex(addr) == INVALID
    attr.message.tensorInfo = ffi.NULL
    assert acl.prof.range_push_ex(addr) == INVALID
    check(acl.prof.stop(config), "stop")
    check(acl.prof.finalize(), "finalize")
    acl.prof.destroy_config(config)
    trace = json.loads((out / "trace.json").read_text())
    ranges = [e for e in trace["traceEvents"] if e.get("cat") == "range"]
    assert [(r["name"], r["args"]["op_type"], r["args"]["shape"]) for r in ranges] == [
        ("conv1", "Conv2D", "4x5")
    ]


def test_step_info(rt: ProfRuntime, tmp_path: Path) -> None:
    import json

    step = acl.prof.create_step_info()
    assert step
    stream = rt.streams[1]
    assert acl.prof.get_step_timestamp(step, acl.ACL_STEP_END, stream) == INVALID  # not started
    assert acl.prof.get_step_timestamp(0, acl.ACL_STEP_START, stream) == INVALID
    assert acl.prof.get_step_timestamp(step, 7, stream) == INVALID
    assert acl.prof.get_step_timestamp(step, acl.ACL_STEP_START, 424242) != 0
    out = tmp_path / "steps"
    config = _config([0], TASK | acl.ACL_PROF_TRAINING_TRACE)
    check(acl.prof.init(str(out)), "init")
    check(acl.prof.start(config), "start")
    for _ in range(2):
        check(acl.prof.get_step_timestamp(step, acl.ACL_STEP_START, stream), "step start")
        assert acl.prof.get_step_timestamp(step, acl.ACL_STEP_START, stream) == INVALID  # already open
        check(acl.prof.get_step_timestamp(step, acl.ACL_STEP_END, stream), "step end")
    check(acl.rt.synchronize_stream(stream), "sync")
    check(acl.prof.stop(config), "stop")
    check(acl.prof.finalize(), "finalize")
    acl.prof.destroy_config(config)
    marks = json.loads((out / "summary.json").read_text())["marks"]
    assert [m["name"] for m in marks] == ["step 0 start", "step 0 end", "step 1 start", "step 1 end"]
    assert all(m["device"] == 0 for m in marks)
    acl.prof.destroy_step_info(step)
    acl.prof.destroy_step_info(step)
    assert "aclprofDestroyStepInfo" in acl.get_recent_err_msg()


def test_finalize_ends_profiling_and_subscriptions() -> None:
    """aclFinalize with aclprofInit in effect: the next runtime can aclprofInit again."""
    from helpers.subproc import describe, run_python

    result = run_python(
        """
        import tempfile, acl
        out = tempfile.mkdtemp()
        assert acl.init() == 0
        assert acl.prof.init(out) == 0
        config = acl.prof.create_config([0], acl.ACL_AICORE_NONE, 0, acl.ACL_PROF_TASK_TIME)
        assert acl.prof.start(config) == 0
        assert acl.finalize() == 0
        assert acl.init() == 0
        assert acl.prof.init(out) == 0, acl.get_recent_err_msg()
        assert acl.prof.finalize() == 0
        print("ok")
        """,
        {"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", describe(result)


def test_benchmark_runs_and_records_every_task() -> None:
    from benchmarks import bench_prof

    on = bench_prof.run_mode("on", 300, 2)
    assert on["recorded"] == 600 and on["ns_per_task"] > 0
    assert bench_prof.main(["--tasks", "200", "--repeats", "1"]) == 0
