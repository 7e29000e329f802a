"""A known program profiled on the emulator: copies, an op, an ONNX model, a callback and an event
wait across two streams. The recorded tasks must appear in program order per stream, nest (model
nodes inside the model execution), and have durations consistent with the wall time measured
around the program; the outputs are real (op and model results checked with numpy)."""

from __future__ import annotations

import contextlib
import csv
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
from helpers.prof_support import ProfRuntime, validate_trace
from helpers.runtime_support import check
from helpers.subproc import describe, run_command
from models import onnx_builders as build
from models.mdl_harness import ModelHarness

import acl
from acl import _onnx_executor

pytestmark = pytest.mark.numpy

CALLBACK_SLEEP_S = 0.03
COPY_BYTES = 1 << 20


class _ReportLoop:
    def __init__(self, context: int) -> None:
        self.context = context
        self.stop = threading.Event()
        self.thread_id, ret = acl.util.start_thread(self._loop, None)
        check(ret, "start_thread")

    def _loop(self) -> None:
        check(acl.rt.set_context(self.context), "set_context")
        while not self.stop.is_set():
            acl.rt.process_report(50)

    def finish(self) -> None:
        self.stop.set()
        assert acl.util.stop_thread(self.thread_id) == 0


def _add_op(a_dev: int, b_dev: int, c_dev: int, nbytes: int, stream: int) -> list[int]:
    descs = [acl.create_tensor_desc(acl.ACL_FLOAT, [2, 3], acl.ACL_FORMAT_ND) for _ in range(3)]
    bufs = [acl.create_data_buffer(p, nbytes) for p in (a_dev, b_dev, c_dev)]
    attr = acl.op.create_attr()
    check(acl.op.execute_v2("Add", descs[:2], bufs[:2], descs[2:], bufs[2:], attr, stream), "execute_v2 Add")
    return [*descs, *bufs, attr]


def run_program(rt: ProfRuntime, out: Path) -> dict[str, Any]:
    """The program; returns what it computed and the wall-clock window around it. Whatever it set up
    is undone however it ends (a report thread left subscribed or profiling left initialized would
    fail later tests)."""
    with contextlib.ExitStack() as undo:
        return _program(rt, out, undo)


def _program(rt: ProfRuntime, out: Path, undo: contextlib.ExitStack) -> dict[str, Any]:
    a_stream, b_stream = rt.streams
    harness = ModelHarness(a_stream)
    undo.callback(harness.release)
    assert _onnx_executor.install()
    model_data, reference = build.mlp(2)
    model_id = harness.load(model_data)
    desc = harness.desc(model_id)
    m_in, m_out = harness.io_datasets(desc)
    x = np.random.default_rng(3).standard_normal((2, 8)).astype(np.float32)
    harness.put(m_in, 0, x)

    src = np.arange(COPY_BYTES // 4, dtype=np.float32)
    back = np.zeros_like(src)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 0.5, dtype=np.float32)
    event, ret = acl.rt.create_event()
    check(ret, "create_event")
    undo.callback(lambda: check(acl.rt.destroy_event(event), "destroy_event"))
    big, ret = acl.rt.malloc(COPY_BYTES, 0)
    check(ret, "malloc")
    undo.callback(lambda: check(acl.rt.free(big), "free"))
    ops_mem = []
    for _ in range(3):
        p, ret = acl.rt.malloc(a.nbytes, 0)
        check(ret, "malloc")
        undo.callback(lambda p=p: check(acl.rt.free(p), "free"))
        ops_mem.append(p)
    check(acl.rt.memcpy(ops_mem[0], a.nbytes, a.ctypes.data, a.nbytes, 1), "memcpy a")
    check(acl.rt.memcpy(ops_mem[1], b.nbytes, b.ctypes.data, b.nbytes, 1), "memcpy b")
    loop = _ReportLoop(rt.context)
    undo.callback(loop.finish)
    check(acl.rt.subscribe_report(loop.thread_id, b_stream), "subscribe_report")
    undo.callback(lambda: check(acl.rt.unsubscribe_report(loop.thread_id, b_stream), "unsubscribe_report"))
    called: list[float] = []

    def callback(_: Any) -> None:
        time.sleep(CALLBACK_SLEEP_S)
        called.append(time.monotonic())

    check(acl.prof.init(str(out)), "prof.init")
    undo.callback(lambda: check(acl.prof.finalize(), "prof.finalize"))
    types = acl.ACL_PROF_TASK_TIME | acl.ACL_PROF_ACL_API | acl.ACL_PROF_MSPROFTX
    config = acl.prof.create_config([0], acl.ACL_AICORE_NONE, 0, types)
    assert config, acl.get_recent_err_msg()
    undo.callback(lambda: check(acl.prof.destroy_config(config), "destroy_config"))
    check(acl.prof.start(config), "prof.start")
    undo.callback(lambda: check(acl.prof.stop(config), "prof.stop"))
    stamp = acl.prof.create_stamp()
    undo.callback(acl.prof.destroy_stamp, stamp)
    check(acl.prof.set_stamp_trace_message(stamp, "program", 7), "set_stamp_trace_message")
    t0 = time.monotonic_ns()
    check(acl.prof.push(stamp), "push")
    check(acl.rt.memcpy_async(big, COPY_BYTES, src.ctypes.data, COPY_BYTES, 1, a_stream), "H2D")
    keep = _add_op(*ops_mem, a.nbytes, a_stream)
    undo.callback(acl.op.destroy_attr, keep[6])
    for h in keep[:3]:
        undo.callback(acl.destroy_tensor_desc, h)
    for h in keep[3:6]:
        undo.callback(acl.destroy_data_buffer, h)
    check(acl.rt.record_event(event, a_stream), "record_event")
    check(acl.rt.stream_wait_event(b_stream, event), "stream_wait_event")
    check(acl.rt.memcpy_async(back.ctypes.data, COPY_BYTES, big, COPY_BYTES, 2, b_stream), "D2H")
    check(acl.rt.launch_callback(callback, None, acl.ACL_CALLBACK_BLOCK, b_stream), "launch_callback")
    check(acl.mdl.execute_async(model_id, m_in, m_out, a_stream), "execute_async")
    check(acl.rt.synchronize_stream(a_stream), "sync a")
    check(acl.rt.synchronize_stream(b_stream), "sync b")
    check(acl.prof.pop(), "pop")
    t1 = time.monotonic_ns()
    c = np.zeros_like(a)
    check(acl.rt.memcpy(c.ctypes.data, c.nbytes, ops_mem[2], c.nbytes, 2), "memcpy c")
    y = harness.get(m_out, 0, (2, 4), np.float32)
    undo.close()  # stops and finalizes profiling (its files are written), releases the rest
    np.testing.assert_allclose(c, a + b)
    np.testing.assert_allclose(y, reference(x), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(back, src)
    assert len(called) == 1
    return {"t0": t0, "t1": t1}


@pytest.fixture(scope="module")
def profiled(prof_rt: ProfRuntime, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    check(acl.rt.set_context(prof_rt.context), "set_context")
    out = tmp_path_factory.mktemp("prof") / "result"
    window = run_program(prof_rt, out)
    trace = json.loads((out / "trace.json").read_text())
    summary = json.loads((out / "summary.json").read_text())
    return {"out": out, "trace": trace, "summary": summary, **window}


def _abs(event: dict[str, Any], trace: dict[str, Any]) -> tuple[int, int]:
    origin = trace["otherData"]["origin_monotonic_ns"]
    start = origin + round(event["ts"] * 1000)
    return start, start + round(event.get("dur", 0.0) * 1000)


def _stream_tasks(profiled: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    trace = profiled["trace"]
    lanes: dict[int, list[dict[str, Any]]] = {}
    for e in trace["traceEvents"]:
        if e["ph"] == "X" and e["pid"] == 1 and e["cat"] != "node":
            lanes.setdefault(e["tid"], []).append(e)
    return {tid: sorted(ev, key=lambda e: e["ts"]) for tid, ev in lanes.items()}


def test_trace_is_valid_chrome_trace(profiled: dict[str, Any]) -> None:
    validate_trace(profiled["trace"])
    names = {
        (e["pid"], e["name"], e["args"].get("name"))
        for e in profiled["trace"]["traceEvents"]
        if e["ph"] == "M"
    }
    assert (0, "process_name", "Host") in names
    assert (1, "process_name", "Device 0 (emulated NPU)") in names


def _stream_a_then_b(lanes: dict[int, list[dict[str, Any]]]) -> list[int]:
    """The lanes' thread ids, stream A's first. A is the stream that ran the model; which lane starts
    first is a race (B's event wait begins as soon as its worker takes it, maybe before A's copy)."""
    return sorted(lanes, key=lambda tid: not any(e["cat"] == "model" for e in lanes[tid]))


def test_tasks_in_program_order_per_stream(profiled: dict[str, Any]) -> None:
    lanes = _stream_tasks(profiled)
    assert len(lanes) == 2
    order = [lanes[tid] for tid in _stream_a_then_b(lanes)]
    a_cats = [e["cat"] for e in order[0]]
    b_cats = [e["cat"] for e in order[1]]
    assert a_cats == ["memcpy", "op", "event_record", "model"], a_cats
    assert b_cats == ["event_wait", "memcpy", "callback"], b_cats
    for lane in lanes.values():  # a stream runs one task at a time
        for prev, nxt in zip(lane, lane[1:]):
            assert nxt["ts"] >= prev["ts"] + prev["dur"] - 1e-3
    h2d, add, record, model = order[0]
    wait, d2h, callback = order[1]
    assert h2d["args"]["kind"] == "H2D" and int(h2d["args"]["bytes"]) == COPY_BYTES
    assert d2h["args"]["kind"] == "D2H" and int(d2h["args"]["bytes"]) == COPY_BYTES
    assert add["name"] == "Add" and add["args"]["shapes"] == "2x3,2x3"
    assert record["args"]["event"] == wait["args"]["event"]
    # the wait ends only once the record has run, and the copy behind it starts after that
    assert wait["ts"] + wait["dur"] >= record["ts"] + record["dur"] - 1e-3
    assert d2h["ts"] >= record["ts"] + record["dur"] - 1e-3
    assert callback["dur"] >= CALLBACK_SLEEP_S * 1e6 * 0.99
    assert model["args"]["model_id"]


def test_durations_consistent_with_wall_time(profiled: dict[str, Any]) -> None:
    trace = profiled["trace"]
    t0, t1 = profiled["t0"], profiled["t1"]
    for lane in _stream_tasks(profiled).values():
        for e in lane:
            start, end = _abs(e, trace)
            assert t0 <= start <= end <= t1, (e, t0, t1)
        assert sum(e["dur"] for e in lane) * 1000 <= t1 - t0
    ranges = [e for e in trace["traceEvents"] if e.get("cat") == "range"]
    assert [r["name"] for r in ranges] == ["program"]
    start, end = _abs(ranges[0], trace)
    tasks = [e for lane in _stream_tasks(profiled).values() for e in lane]
    # the push/pop bracket every task of the program and lie within the measured window
    assert t0 <= start <= min(_abs(e, trace)[0] for e in tasks)
    assert max(_abs(e, trace)[1] for e in tasks) <= end <= t1


def test_model_nodes_nest_in_the_execution(profiled: dict[str, Any]) -> None:
    events = profiled["trace"]["traceEvents"]
    model = next(e for e in events if e.get("cat") == "model")
    nodes = sorted((e for e in events if e.get("cat") == "node"), key=lambda e: e["ts"])
    types = [n["args"]["op_type"] for n in nodes]
    # onnxruntime may fuse MatMul+Add(+Relu) into Gemm-like kernels; Softmax stays last
    assert len(types) >= 3 and types[-1] == "Softmax", types
    assert set(types) <= {"MatMul", "Add", "Relu", "Softmax", "Gemm", "FusedGemm", "FusedMatMul"}, types
    for n in nodes:
        assert (n["pid"], n["tid"]) == (model["pid"], model["tid"])
        assert model["ts"] - 1e-3 <= n["ts"] and n["ts"] + n["dur"] <= model["ts"] + model["dur"] + 1e-3
    for prev, nxt in zip(nodes, nodes[1:]):
        assert nxt["ts"] >= prev["ts"] + prev["dur"] - 1e-3


def test_flow_arrows(profiled: dict[str, Any]) -> None:
    events = profiled["trace"]["traceEvents"]
    lanes = _stream_tasks(profiled)
    order = _stream_a_then_b(lanes)
    event_flow = [e for e in events if e["ph"] in "sf" and e["cat"] == "event"]
    assert [(e["ph"], e["tid"]) for e in event_flow] == [("s", order[0]), ("f", order[1])]
    launches = [e for e in events if e["ph"] == "s" and e["cat"] == "launch"]
    assert len(launches) == 7  # every stream task was queued inside a timed API call
    assert all(e["pid"] == 0 for e in launches)


def test_summaries(profiled: dict[str, Any]) -> None:
    out = profiled["out"]
    with open(out / "op_summary.csv", newline="") as f:
        ops = {(r["name"], r["category"]): r for r in csv.DictReader(f)}
    assert int(ops[("aclrtMemcpyAsync", "memcpy")]["count"]) == 2
    assert int(ops[("Add", "op")]["count"]) == 1
    assert int(ops[("Softmax", "node")]["count"]) == 1
    for r in ops.values():
        mn, mean, mx, total = (float(r[k]) for k in ("min_us", "mean_us", "max_us", "total_us"))
        assert mn <= mean <= mx and abs(mean * int(r["count"]) - total) < 0.01 * int(r["count"]) + 0.01
    with open(out / "api_summary.csv", newline="") as f:
        apis = {r["name"]: r for r in csv.DictReader(f)}
    assert int(apis["aclrtMemcpyAsync"]["count"]) == 2
    assert int(apis["aclopExecuteV2"]["count"]) == 1
    assert "aclrtSynchronizeStream" in apis
    summary = profiled["summary"]
    assert summary["devices"] == [0] and summary["dropped"] == 0
    assert (
        summary["data_type_config"] == acl.ACL_PROF_TASK_TIME | acl.ACL_PROF_ACL_API | acl.ACL_PROF_MSPROFTX
    )


def test_cli_table_and_html(profiled: dict[str, Any], tmp_path: Path) -> None:
    page = tmp_path / "prof.html"
    proc = run_command(
        [sys.executable, "-m", "acl", "prof", str(profiled["out"]), "--top", "3", "--html", str(page)],
        {"ACL_BACKEND": "emulator"},
        timeout=120,
    )
    assert proc.returncode == 0, describe(proc)
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"aclprof result: {profiled['summary']['records']} records")
    at = lines.index(next(ln for ln in lines if ln.startswith("Ops and tasks (top 3 of")))
    top = [ln.split()[0] for ln in lines[at + 2 : at + 5]]
    expected = [r["name"] for r in profiled["summary"]["ops"][:3]]
    assert top == expected
    assert "aclrtLaunchCallback" in top  # the 30 ms callback is the longest task
    text = page.read_text()
    assert text.count("<rect") >= 10 and "http" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "<script" not in text


def test_cli_rejects_a_directory_without_results(tmp_path: Path) -> None:
    proc = run_command([sys.executable, "-m", "acl", "prof", str(tmp_path)], {"ACL_BACKEND": "emulator"})
    assert proc.returncode == 1 and "cannot read an aclprof result" in proc.stdout
