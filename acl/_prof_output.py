"""aclprof output on the emulator: takes the emulator's records at aclprofStop / Finalize and writes
trace.json (Chrome trace event format, for Perfetto UI and chrome://tracing), op_summary.csv,
api_summary.csv and summary.json into the directory given to aclprofInit.

Host API calls are timed here, not in C: while a collection with ACL_PROF_ACL_API (or the runtime
API bits) runs, a profile hook (sys.setprofile) times every call into the binding's C functions.
"""

from __future__ import annotations

import csv
import json
import os
import sys
import threading
import time
from typing import Any

from ._generated._acl_cffi import ffi, lib

API_BITS = (1 << 0) | (1 << 8) | (1 << 34)  # ACL_PROF_ACL_API, RUNTIME_API, API_STATS
RUNNING_BIT = 1 << 63
_TAKE_CHUNK = 4096
_KINDS = {0: "task", 1: "api", 2: "node", 3: "mark", 4: "range"}
_INSTANT_CATS = {"mark"}


def active_types() -> int:
    return int(lib._aclemu_ProfActiveTypes())


def result_path() -> str:
    buf = ffi.new("char[]", 4096)
    if lib._aclemu_ProfResultPath(buf, 4096) != 0:
        return ""
    return ffi.string(buf).decode("utf-8", errors="replace")


# ------------------------------------------------------------- API tracing


# the out-form variants of a shim F (aclgen/model/outforms.py)
_VARIANT_PREFIXES = ("_aclinto_", "_aclpack_")
_GENERATED_PACKAGE = __name__.rsplit(".", 1)[0] + "._generated."


def _generated_c_names(module_name: str) -> dict[str, str]:
    """Python name -> C name of a generated module (its `_PUBLIC` table)."""
    module = sys.modules.get(module_name)
    return dict(getattr(module, "_PUBLIC", ()))


class _ApiTracer:
    """Times calls of C functions named acl*/hi_mpi* made from Python, on every thread: cffi's
    functions, and on CPython the C functions of aclgen/emit/fastcalls.py in front of them (named
    in Python, their C name is their generated module's)."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.local = threading.local()
        self.c_names: dict[str, dict[str, str]] = {}  # generated module -> its Python -> C names

    def _api_name(self, func: Any) -> str | None:
        name = getattr(func, "__name__", "")
        module = getattr(func, "__module__", None)
        if module == "_acl_cffi":
            for prefix in _VARIANT_PREFIXES:
                if name.startswith(prefix):
                    name = name[len(prefix) :]
                    break
        elif isinstance(module, str) and module.startswith(_GENERATED_PACKAGE):
            names = self.c_names.get(module)
            if names is None:
                names = self.c_names[module] = _generated_c_names(module)
            name = names.get(name, "")
        else:
            return None
        return name if name.startswith(("acl", "hi_mpi")) else None

    def hook(self, frame: Any, event: str, arg: Any) -> None:
        if event == "c_call":
            name = self._api_name(arg)
            if name is not None:
                stack = getattr(self.local, "stack", None)
                if stack is None:
                    stack = self.local.stack = []
                # a C function handing a call it does not take to its binding: one API call, timed once
                nested = bool(stack) and stack[-1][0] == name
                stack.append((name, None if nested else time.monotonic_ns()))
        elif event in ("c_return", "c_exception"):
            name = self._api_name(arg)
            stack = getattr(self.local, "stack", None)
            if name is not None and stack:
                opened, start = stack.pop()
                if start is None:
                    return
                end = time.monotonic_ns()
                record = {
                    "kind": "api",
                    "name": opened,
                    "cat": "api",
                    "start_ns": start,
                    "end_ns": end,
                    "device": -1,
                    "stream": -1,
                    "tid": threading.get_native_id(),
                    "args": {},
                }
                with self.lock:
                    self.records.append(record)


_tracer: _ApiTracer | None = None
_tracer_lock = threading.Lock()


def start_api_tracing() -> None:
    global _tracer
    with _tracer_lock:
        if _tracer is not None:
            return
        _tracer = _ApiTracer()
        threading.setprofile(_tracer.hook)
        sys.setprofile(_tracer.hook)


def stop_api_tracing() -> list[dict[str, Any]]:
    global _tracer
    with _tracer_lock:
        tracer, _tracer = _tracer, None
    if tracer is None:
        return []
    sys.setprofile(None)
    threading.setprofile(None)  # type: ignore[arg-type]
    with tracer.lock:
        return list(tracer.records)


# ---------------------------------------------------------------- records


def _parse_args(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in text.split(";"):
        if "=" in part:
            key, value = part.split("=", 1)
            out[key] = value
    return out


def take_records() -> tuple[list[dict[str, Any]], int]:
    """Every record the emulator holds, oldest first, and how many it dropped (capacity)."""
    buf = ffi.new("aclemu_trace_record[]", _TAKE_CHUNK)
    dropped = ffi.new("uint64_t *")
    records: list[dict[str, Any]] = []
    lost = 0
    while True:
        n = lib._aclemu_TraceTake(buf, _TAKE_CHUNK, dropped)
        lost += int(dropped[0])
        for i in range(n):
            r = buf[i]
            records.append(
                {
                    "kind": _KINDS.get(r.kind, "task"),
                    "name": ffi.string(r.name).decode("utf-8", errors="replace"),
                    "cat": ffi.string(r.cat).decode("utf-8", errors="replace"),
                    "start_ns": int(r.start_ns),
                    "end_ns": int(r.end_ns),
                    "submit_ns": int(r.submit_ns),
                    "flow": int(r.flow),
                    "device": int(r.device),
                    "stream": int(r.stream),
                    "tid": int(r.tid),
                    "submit_tid": int(r.submit_tid),
                    "status": int(r.status),
                    "args": _parse_args(ffi.string(r.args).decode("utf-8", errors="replace")),
                }
            )
        if n < _TAKE_CHUNK:
            return records, lost


def _category(record: dict[str, Any]) -> str:
    """Task categories the recorder leaves generic, from the API that queued the task."""
    cat = record["cat"]
    if cat not in ("task", ""):
        return cat
    name = record["name"]
    if "Callback" in name or "HostFunc" in name:
        return "callback"
    if name.startswith("aclblas"):
        return "blas"
    if name.startswith(("acldvpp", "hi_mpi", "aclvdec", "aclvenc")):
        return "media"
    if "Memset" in name or "Memcpy" in name:
        return "memcpy"
    return "task"


# ------------------------------------------------------------ trace.json


def _us(ns: int, origin: int) -> float:
    return (ns - origin) / 1000.0


def _device_pid(device: int) -> int:
    return device + 1  # pid 0 is the host


def _place(record: dict[str, Any]) -> tuple[int, int]:
    if record["device"] >= 0 and record["stream"] >= 0:
        return _device_pid(record["device"]), record["stream"]
    if record["device"] >= 0 and record["kind"] != "api":
        # a synchronous model execution: the device's "host-launched" lane
        return _device_pid(record["device"]), 1_000_000 + record["tid"]
    if record["kind"] in ("range", "mark"):
        # ranges open inside one API call and close inside another: a lane of their own keeps
        # every lane's slices nested
        return 0, 2_000_000 + record["tid"]
    return 0, record["tid"]


def trace_events(records: list[dict[str, Any]], origin: int) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "Host"}},
        {"ph": "M", "name": "process_sort_index", "pid": 0, "tid": 0, "args": {"sort_index": 0}},
    ]
    named: set[tuple[int, int]] = set()
    devices: set[int] = set()
    for r in records:
        pid, tid = _place(r)
        if r["device"] >= 0 and r["device"] not in devices:
            devices.add(r["device"])
            events.append(
                {
                    "ph": "M",
                    "name": "process_name",
                    "pid": pid,
                    "tid": 0,
                    "args": {"name": f"Device {r['device']} (emulated NPU)"},
                }
            )
            events.append(
                {"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0, "args": {"sort_index": pid}}
            )
        if (pid, tid) not in named:
            named.add((pid, tid))
            if pid == 0 and tid >= 2_000_000:
                label = f"Ranges and marks (thread {tid - 2_000_000})"
            elif pid == 0:
                label = f"Thread {tid}"
            elif tid >= 1_000_000:
                label = f"Host-run (thread {tid - 1_000_000})"
            else:
                label = f"Stream {tid}"
            events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": label}})
        args = dict(r["args"])
        if r["kind"] == "task":
            args["api"] = args.get("api", "")
            args["status"] = r["status"]
            if r["submit_ns"]:
                args["queued_us"] = round((r["start_ns"] - r["submit_ns"]) / 1000.0, 3)
        event: dict[str, Any] = {
            "name": r["name"],
            "cat": _category(r),
            "pid": pid,
            "tid": tid,
            "ts": _us(r["start_ns"], origin),
            "args": args,
        }
        if r["kind"] == "mark" or r["cat"] in _INSTANT_CATS:
            event["ph"] = "i"
            event["s"] = "t"
        else:
            event["ph"] = "X"
            event["dur"] = max(0.0, (r["end_ns"] - r["start_ns"]) / 1000.0)
        events.append(event)
    events.extend(_flows(records, origin))
    return events


def _flows(records: list[dict[str, Any]], origin: int) -> list[dict[str, Any]]:
    """Arrows: each event wait from the record it waited for; each task from its host API call."""
    flows: list[dict[str, Any]] = []
    next_id = 1
    records_by_event: dict[int, list[dict[str, Any]]] = {}
    for r in records:
        if r["cat"] == "event_record" and r["flow"]:
            records_by_event.setdefault(r["flow"], []).append(r)
    for r in records:
        if r["cat"] != "event_wait" or not r["flow"]:
            continue
        done = [x for x in records_by_event.get(r["flow"], []) if x["end_ns"] <= r["end_ns"]]
        if not done:
            continue
        src = max(done, key=lambda x: x["end_ns"])
        # from the moment the record completed to the same moment inside the wait it released
        at = min(max(src["end_ns"], r["start_ns"]), r["end_ns"])
        next_id = _arrow(flows, next_id, "event", src, src["end_ns"], r, at, origin)
    apis: dict[int, list[dict[str, Any]]] = {}
    for r in records:
        if r["kind"] == "api":
            apis.setdefault(r["tid"], []).append(r)
    for r in records:
        if r["kind"] != "task" or not r["submit_ns"] or r["stream"] < 0:
            continue
        calls = [a for a in apis.get(r["submit_tid"], []) if a["start_ns"] <= r["submit_ns"] <= a["end_ns"]]
        if calls:
            call = min(calls, key=lambda a: a["end_ns"] - a["start_ns"])
            next_id = _arrow(flows, next_id, "launch", call, r["submit_ns"], r, r["start_ns"], origin)
    return flows


def _arrow(
    flows: list[dict[str, Any]],
    flow_id: int,
    cat: str,
    src: dict[str, Any],
    src_ns: int,
    dst: dict[str, Any],
    dst_ns: int,
    origin: int,
) -> int:
    spid, stid = _place(src)
    dpid, dtid = _place(dst)
    common = {"id": flow_id, "name": cat, "cat": cat}
    flows.append({"ph": "s", **common, "pid": spid, "tid": stid, "ts": _us(src_ns, origin)})
    flows.append({"ph": "f", "bp": "e", **common, "pid": dpid, "tid": dtid, "ts": _us(dst_ns, origin)})
    return flow_id + 1


# ------------------------------------------------------------- summaries


def summarize(records: list[dict[str, Any]], kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """count, total, mean, min, max (microseconds) per name, largest total first."""
    groups: dict[tuple[str, str], list[int]] = {}
    for r in records:
        if r["kind"] not in kinds or r["kind"] == "mark" or r["cat"] in _INSTANT_CATS:
            continue
        if r["kind"] == "node":
            key = (r["args"].get("op_type", r["name"]), "node")
        else:
            key = (r["name"], _category(r))
        groups.setdefault(key, []).append(r["end_ns"] - r["start_ns"])
    rows = []
    for (name, cat), durations in groups.items():
        total = sum(durations)
        rows.append(
            {
                "name": name,
                "category": cat,
                "count": len(durations),
                "total_us": round(total / 1000.0, 3),
                "mean_us": round(total / len(durations) / 1000.0, 3),
                "min_us": round(min(durations) / 1000.0, 3),
                "max_us": round(max(durations) / 1000.0, 3),
            }
        )
    rows.sort(key=lambda row: (-row["total_us"], row["name"]))
    return rows


_CSV_FIELDS = ["name", "category", "count", "total_us", "mean_us", "min_us", "max_us"]


def _write_csv(path: str, rows: list[dict[str, Any]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=_CSV_FIELDS)
        writer.writeheader()
        writer.writerows(rows)


def write_outputs(directory: str, records: list[dict[str, Any]], dropped: int, types: int) -> dict[str, Any]:
    records = sorted(records, key=lambda r: (r["start_ns"], -r["end_ns"]))
    origin = min((r["start_ns"] for r in records), default=0)
    end = max((r["end_ns"] for r in records), default=origin)
    os.makedirs(directory, exist_ok=True)
    trace = {
        "traceEvents": trace_events(records, origin),
        "displayTimeUnit": "ns",
        "otherData": {"producer": "ascendcl-cffi emulator", "origin_monotonic_ns": origin},
    }
    with open(os.path.join(directory, "trace.json"), "w", encoding="utf-8") as f:
        json.dump(trace, f)
    ops = summarize(records, ("task", "node"))
    apis = summarize(records, ("api",))
    _write_csv(os.path.join(directory, "op_summary.csv"), ops)
    _write_csv(os.path.join(directory, "api_summary.csv"), apis)
    summary = {
        "version": 1,
        "producer": "ascendcl-cffi emulator",
        "data_type_config": types & ~RUNNING_BIT,
        "origin_monotonic_ns": origin,
        "wall_us": round((end - origin) / 1000.0, 3),
        "records": len(records),
        "dropped": dropped,
        "devices": sorted({r["device"] for r in records if r["device"] >= 0}),
        "marks": [
            {"name": r["name"], "ts_us": _us(r["start_ns"], origin), "device": r["device"]}
            for r in records
            if r["kind"] == "mark" or r["cat"] in _INSTANT_CATS
        ],
        "ops": ops,
        "apis": apis,
    }
    with open(os.path.join(directory, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
    return summary


def flush(directory: str, types: int) -> None:
    """Take everything recorded and write the files (called after a successful stop/finalize)."""
    api_records = stop_api_tracing()
    records, dropped = take_records()
    if directory:
        write_outputs(directory, records + api_records, dropped, types)
