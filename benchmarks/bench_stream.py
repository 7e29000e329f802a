"""Stream latency on the emulator against plain handoffs measured in the same run (issue 15, target 3).

    python -m benchmarks.bench_stream [--repeats 9] [--rounds 2000] [--cpu N | --cpu -1] [--json OUT]

The process pins itself (and so every thread it starts) to one CPU first, as `taskset -c 0`
would: this VM's cross-thread wake-ups are bimodal, and one CPU makes them comparable.
Wall-clock time per round, best and median over repeats; each ratio is the median over repeats
of the ratio within one repeat, the cases of a repeat run one after the other.

- async round trip: acl.rt.memcpy_async of 64 bytes + synchronize_stream, against the C queue
  (stream_queue.c, a mutex/condvar worker) called through ctypes: q_submit + q_wait. <= 1.5x.
- event: record_event + synchronize_event against the same C queue. <= 1.5x.
- callback: launch_callback (blocking) + synchronize_stream, the callback run by a thread in
  process_report, against a Python SimpleQueue handoff to a thread and back. <= 2x.
- tiny tasks: 10,000 64-byte memset_async then one synchronize, queued from C (the stream's own
  rate) and from Python: >= 2 million tasks per second.
- tiny ops: 1,000 Add fp32 [4] through execute_with_handle then one synchronize: <= 3 us a call.
These two are costs, measured in process CPU time (submitting thread and stream worker together),
so other programs on a shared machine do not count; their wall time is shown beside.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.ratio_run import finish
from benchmarks.targets import MISS, PASS

SOURCE = Path(__file__).with_name("stream_queue.c")
BUILD_DIR = Path(__file__).resolve().parents[1] / "_build"
LIMITS = {"async round trip": 1.5, "event record+sync": 1.5, "callback round trip": 2.0}
MIN_TASKS_PER_S = 2e6
MAX_TINY_OP_US = 3.0


def build_queue() -> ctypes.CDLL:
    key = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    target = BUILD_DIR / f"stream_queue-{key}.so"
    if not target.is_file():
        BUILD_DIR.mkdir(exist_ok=True)
        cc = os.environ.get("CC", "cc")
        cmd = [cc, "-std=c11", "-O2", "-fPIC", "-shared", "-pthread", "-o", str(target), str(SOURCE)]
        subprocess.run(cmd, check=True)
    lib = ctypes.CDLL(str(target))
    lib.q_create.restype = ctypes.c_void_p
    for name in ("q_submit", "q_wait", "q_destroy"):
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.flood.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_long]
    return lib


def check(ret: int, what: str) -> None:
    import acl

    if ret != 0:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def per_round(
    body: Callable[[int], None], rounds: int, clock: Callable[[], int] = time.perf_counter_ns
) -> float:
    """ns per round of body(rounds): wall time, or with time.process_time_ns the CPU time of every
    thread of the process (the submitter's and the stream worker's: what the work costs, whatever
    else the machine runs)."""
    start = clock()
    body(rounds)
    return (clock() - start) / rounds


class Session:
    """The emulator objects and the baselines every case uses."""

    def __init__(self) -> None:
        import numpy as np

        import acl

        self.acl = acl
        check(acl.init(), "init")
        check(acl.rt.set_device(0), "set_device")
        self.context, ret = acl.rt.create_context(0)
        check(ret, "create_context")
        self.stream, ret = acl.rt.create_stream()
        check(ret, "create_stream")
        self.event, ret = acl.rt.create_event()
        check(ret, "create_event")
        self.device, ret = acl.rt.malloc(64, 0)
        check(ret, "malloc")
        self.host = np.arange(64, dtype=np.uint8)
        self.host_ptr = int(self.host.ctypes.data)
        self.lib = build_queue()
        self.queue = self.lib.q_create()
        if not self.queue:
            raise RuntimeError("q_create failed")
        # the thread answering callbacks, and the Python handoff it is compared with
        self.stop = False
        self.report_thread = threading.Thread(target=self._report_loop, daemon=True)
        self.report_thread.start()
        check(acl.rt.subscribe_report(self.report_thread.ident, self.stream), "subscribe_report")
        self.to_thread: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.from_thread: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.echo_thread = threading.Thread(target=self._echo_loop, daemon=True)
        self.echo_thread.start()
        self.called = 0

    def _report_loop(self) -> None:
        while not self.stop:
            self.acl.rt.process_report(100)

    def _echo_loop(self) -> None:
        get, put = self.to_thread.get, self.from_thread.put
        while (item := get()) is not None:
            put(item)

    def _on_callback(self, _data: Any) -> None:
        self.called += 1

    def close(self) -> None:
        acl = self.acl
        check(acl.rt.synchronize_stream(self.stream), "synchronize_stream")
        check(acl.rt.unsubscribe_report(self.report_thread.ident, self.stream), "unsubscribe_report")
        self.stop = True
        self.report_thread.join(5)
        self.to_thread.put(None)
        self.echo_thread.join(5)
        self.lib.q_destroy(self.queue)
        acl.rt.free(self.device)
        acl.rt.destroy_event(self.event)
        acl.rt.destroy_stream(self.stream)
        acl.rt.destroy_context(self.context)
        acl.rt.reset_device(0)
        acl.finalize()

    # ---- the timed bodies: each does `n` rounds ----
    def c_queue(self, n: int) -> None:
        submit, wait, q = self.lib.q_submit, self.lib.q_wait, self.queue
        for _ in range(n):
            submit(q)
            wait(q)

    def async_round_trip(self, n: int) -> None:
        rt = self.acl.rt
        copy, sync, stream = rt.memcpy_async, rt.synchronize_stream, self.stream
        dev, host = self.device, self.host_ptr
        for _ in range(n):
            copy(dev, 64, host, 64, 1, stream)
            sync(stream)

    def event_round_trip(self, n: int) -> None:
        rt = self.acl.rt
        record, sync, event, stream = rt.record_event, rt.synchronize_event, self.event, self.stream
        for _ in range(n):
            record(event, stream)
            sync(event)

    def py_handoff(self, n: int) -> None:
        put, get = self.to_thread.put, self.from_thread.get
        for i in range(n):
            put(i)
            get()

    def callback_round_trip(self, n: int) -> None:
        rt = self.acl.rt
        launch, sync, fn, stream = rt.launch_callback, rt.synchronize_stream, self._on_callback, self.stream
        block = self.acl.ACL_CALLBACK_BLOCK
        for _ in range(n):
            launch(fn, None, block, stream)
            sync(stream)

    def flood_c(self, n: int) -> None:
        emulator = self._emulator()
        memset_fn = ctypes.cast(emulator.aclrtMemsetAsync, ctypes.c_void_p).value
        sync_fn = ctypes.cast(emulator.aclrtSynchronizeStream, ctypes.c_void_p).value
        check(self.lib.flood(memset_fn, sync_fn, self.device, self.stream, n), "flood")

    def flood_python(self, n: int) -> None:
        rt = self.acl.rt
        memset, dev, stream = rt.memset_async, self.device, self.stream
        for i in range(n):
            memset(dev, 64, i & 0x7F, 64, stream)
        check(rt.synchronize_stream(stream), "synchronize_stream")

    def _emulator(self) -> ctypes.CDLL:
        from acl import _backend

        # the file the binding loaded: dlopen gives back the same mapping, one emulator state
        for path in _backend.current().libraries:
            library = ctypes.CDLL(path)
            if hasattr(library, "aclrtMemsetAsync"):
                return library
        raise RuntimeError("no loaded library exports aclrtMemsetAsync")


class TinyOp:
    """Add fp32 [4] through an op handle, its result checked against numpy."""

    def __init__(self, session: Session) -> None:
        import numpy as np

        acl = session.acl
        self.acl, self.stream, self.np = acl, session.stream, np
        self.a, self.b = np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)
        self.ptrs = []
        self.desc = acl.create_tensor_desc(acl.ACL_FLOAT, [4], acl.ACL_FORMAT_ND)
        self.attr = acl.op.create_attr()
        self.inputs = [self._buffer(self.a), self._buffer(self.b)]
        self.outputs = [self._buffer(np.zeros(4, np.float32))]
        self.handle, ret = acl.op.create_handle("Add", [self.desc, self.desc], [self.desc], self.attr)
        check(ret, "op.create_handle")

    def _buffer(self, array: Any) -> int:
        acl = self.acl
        ptr, ret = acl.rt.malloc(array.nbytes, 0)
        check(ret, "malloc")
        self.ptrs.append(ptr)
        check(acl.rt.memcpy(ptr, array.nbytes, int(array.ctypes.data), array.nbytes, 1), "memcpy")
        return acl.create_data_buffer(ptr, array.nbytes)

    def run(self, n: int) -> None:
        execute, handle, inputs, outputs, stream = (
            self.acl.op.execute_with_handle, self.handle, self.inputs, self.outputs, self.stream
        )
        for _ in range(n):
            execute(handle, inputs, outputs, stream)
        check(self.acl.rt.synchronize_stream(stream), "synchronize_stream")

    def verify(self) -> None:
        out = self.np.zeros(4, self.np.float32)
        check(self.acl.rt.memcpy(int(out.ctypes.data), 16, self.ptrs[2], 16, 2), "memcpy")
        if not self.np.array_equal(out, self.a + self.b):
            raise RuntimeError(f"Add gave {out}, numpy {self.a + self.b}")

    def close(self) -> None:
        acl = self.acl
        acl.op.destroy_handle(self.handle)
        for buffer in self.inputs + self.outputs:
            acl.destroy_data_buffer(buffer)
        for ptr in self.ptrs:
            acl.rt.free(ptr)
        acl.destroy_tensor_desc(self.desc)
        acl.op.destroy_attr(self.attr)


def measure(repeats: int, rounds: int, tasks: int, ops: int) -> dict[str, dict[str, Any]]:
    session = Session()
    tiny = TinyOp(session)
    costs = ("flood c", "flood python", "tiny op")  # timed in CPU time as well
    bodies: dict[str, tuple[Callable[[int], None], int]] = {
        "c queue": (session.c_queue, rounds),
        "async": (session.async_round_trip, rounds),
        "event": (session.event_round_trip, rounds),
        "py handoff": (session.py_handoff, rounds),
        "callback": (session.callback_round_trip, rounds),
        "flood c": (session.flood_c, tasks),
        "flood python": (session.flood_python, tasks),
        "tiny op": (tiny.run, ops),
    }
    times: dict[str, list[float]] = {name: [] for name in bodies}
    cpu: dict[str, list[float]] = {name: [] for name in costs}
    try:
        for body, n in bodies.values():  # warm-up: threads started, pages touched
            body(max(1, n // 10))
        for _ in range(repeats):
            for name, (body, n) in bodies.items():
                times[name].append(per_round(body, n))
                if name in costs:
                    cpu[name].append(per_round(body, n, time.process_time_ns))
        tiny.verify()
        if session.called == 0:
            raise RuntimeError("no callback ran")
    finally:
        tiny.close()
        session.close()

    def ratio_case(name: str, ours: str, baseline: str) -> dict[str, Any]:
        ratios = [o / b for o, b in zip(times[ours], times[baseline])]
        ratio = statistics.median(ratios)
        return {
            "ours_ns": {"best": min(times[ours]), "median": statistics.median(times[ours])},
            "baseline_ns": {"best": min(times[baseline]), "median": statistics.median(times[baseline])},
            "baseline": baseline, "ratio": ratio, "target": LIMITS[name],
            "status": PASS if ratio <= LIMITS[name] else MISS,
        }

    results = {
        "async round trip": ratio_case("async round trip", "async", "c queue"),
        "event record+sync": ratio_case("event record+sync", "event", "c queue"),
        "callback round trip": ratio_case("callback round trip", "callback", "py handoff"),
    }
    floods = (("tiny tasks/s (queued from C)", "flood c"),
              ("tiny tasks/s (queued from Python)", "flood python"))
    for label, key in floods:
        rate = 1e9 / statistics.median(cpu[key])
        results[label] = {"tasks_per_s": rate, "wall_tasks_per_s": 1e9 / statistics.median(times[key]),
                          "target": MIN_TASKS_PER_S, "ratio": MIN_TASKS_PER_S / rate,
                          "status": PASS if rate >= MIN_TASKS_PER_S else MISS}
    op_us = statistics.median(cpu["tiny op"]) / 1000
    results["tiny op execute (us, 1,000 queued)"] = {
        "us_per_call": op_us, "wall_us_per_call": statistics.median(times["tiny op"]) / 1000,
        "target": MAX_TINY_OP_US, "ratio": op_us / MAX_TINY_OP_US,
        "status": PASS if op_us <= MAX_TINY_OP_US else MISS,
    }
    return results


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """--cpu, --json and --check, shared with bench_scale."""
    parser.add_argument("--cpu", type=int, default=None,
                        help="CPU to pin to (default: the first one allowed); -1 leaves the affinity alone")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")


def pin(cpu: int | None) -> None:
    """Pin the process to `cpu` (None: the first allowed; -1: leave it) before any thread starts:
    they all inherit it. Also selects the emulator unless ACL_BACKEND says otherwise."""
    os.environ.setdefault("ACL_BACKEND", "emulator")
    if not hasattr(os, "sched_setaffinity"):  # PyPy: run it under `taskset -c N` instead
        print("not pinned: this Python cannot set the CPU affinity", file=sys.stderr)
    elif (cpu := min(os.sched_getaffinity(0)) if cpu is None else cpu) >= 0:
        os.sched_setaffinity(0, {cpu})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--tasks", type=int, default=10000)
    parser.add_argument("--ops", type=int, default=1000)
    add_common_arguments(parser)
    args = parser.parse_args(argv)
    pin(args.cpu)
    results = measure(args.repeats, args.rounds, args.tasks, args.ops)
    for name, result in results.items():
        if "ours_ns" in result:
            shown = (f"{result['ours_ns']['median']:9.0f} ns vs {result['baseline']} "
                     f"{result['baseline_ns']['median']:7.0f} ns  "
                     f"ratio {result['ratio']:.2f} (<= {result['target']})")
        elif "tasks_per_s" in result:
            shown = (f"{result['tasks_per_s'] / 1e6:9.2f} M tasks/s CPU, "
                     f"{result['wall_tasks_per_s'] / 1e6:.2f} M wall (>= {result['target'] / 1e6:.0f} M)")
        else:
            shown = (f"{result['us_per_call']:9.2f} us a call CPU, {result['wall_us_per_call']:.2f} wall "
                     f"(<= {result['target']})")
        print(f"{name:38s} {shown}  {result['status']}")
    sys.stdout.flush()
    return finish(results, args.json, args.check)


if __name__ == "__main__":
    sys.exit(main())
