"""The performance targets of the benchmark issue, checked against one run's results.

The limits are fixed by the issue; a target that is not met is reported as MISS, one that
could not be measured in this run as N/A with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

PASS, MISS, NOT_MEASURED = "PASS", "MISS", "N/A"

# (ratio key in a call-class record, classes it applies to, limit): measured value must be <= limit
CALL_CLASS_LIMITS: tuple[tuple[str, tuple[int, ...], float], ...] = (
    ("ours/reference", (1, 2, 5), 1.3),
    ("ours/reference", (3, 4), 2.5),
    ("ours/ctypes", (1, 2, 5), 0.8),
    ("ours/ctypes", (3, 4, 6), 0.5),
    ("pypy/reference", (1, 2, 3, 4, 5, 6, 7), 0.5),
)
# Issue 15's stricter limits on ours/reference, by what the call gives back: label -> (kind, limit)
ISSUE15_CALL_LIMITS: dict[str, tuple[str, float]] = {
    "acl.rt.set_device(0)": ("no output", 1.1),
    "acl.rt.synchronize_stream(s) (idle stream)": ("no output", 1.1),
    "acl.destroy_data_buffer(acl.create_data_buffer(p, n))": ("create+destroy pair", 1.4),
    "acl.rt.get_device()": ("one output", 1.4),
    "acl.rt.destroy_stream(acl.rt.create_stream()[0])": ("create+destroy pair", 1.4),
    "acl.rt.get_mem_info(ACL_HBM_MEM)": ("2-4 outputs", 1.8),
    "acl.get_version()": ("2-4 outputs", 1.8),
    "acl.get_data_buffer_addr(b)": ("one output", 1.4),
    "acl.mdl.get_num_inputs(d) (empty desc)": ("one output", 1.4),
    "acl.util.bytes_to_ptr(b) (1 KiB)": ("pointer helper", 1.0),
    "acl.util.numpy_to_ptr(a) (1 KiB)": ("pointer helper", 1.0),
    "acl.util.ptr_to_numpy(p, (1024,), NPY_UINT8)": ("pointer helper", 1.0),
    "acl.util.ptr_to_bytes(p, 1024)": ("pointer helper", 1.0),
}
MEMCPY_MIN_BANDWIDTH_RATIO = 0.8
# Issue 15's "keep" limits: memcpy bandwidth from 1 MiB up, and time at 4 KiB and below
MEMCPY_LARGE_FROM, MEMCPY_LARGE_MIN_BANDWIDTH_RATIO = 1 << 20, 0.95
MEMCPY_SMALL_UPTO, MEMCPY_SMALL_MAX_TIME_RATIO = 4 << 10, 1.3
POINTER_HELPER_MAX_SIZE_RATIO = 1.5
IMPORT_MAX_SHARE_OF_NUMPY = 0.5


@dataclass(frozen=True)
class TargetResult:
    subject: str
    target: str
    measured: str
    status: str
    note: str = ""


def _judge(ok: bool) -> str:
    return PASS if ok else MISS


def _c_floors(breakdown: Mapping[str, Any]) -> dict[str, float]:
    """Per function: time of the C function alone / time of the reference call (best of each)."""
    floors = {}
    for call in breakdown.get("calls", []):
        c_only, ref = call["ns"].get("c_function"), call["ns"].get("reference")
        if c_only and ref and ref["best"] > 0:
            floors[call["function"]] = c_only["best"] / ref["best"]
    return floors


def _call_class_results(
    records: list[Mapping[str, Any]], error: str | None, breakdown: Mapping[str, Any]
) -> list[TargetResult]:
    if not records:
        return [TargetResult("call classes 1-6", "ratios against reference, ctypes, PyPy",
                             error or "not run", NOT_MEASURED)]
    floors = _c_floors(breakdown)
    out = []
    for key, classes, limit in CALL_CLASS_LIMITS:
        for record in records:
            if record["class"] not in classes:
                continue
            subject = f"class {record['class']}: {record['label']}"
            target = f"{key} <= {limit}"
            value = record["ratios"].get(key)
            if value is None:
                out.append(TargetResult(subject, target, "not measured", NOT_MEASURED))
                continue
            note = ""
            floor = floors.get(record.get("function") or "")
            if key.endswith("/reference") and floor is not None and floor > limit:
                note = (f"unreachable here: the emulator's C function alone takes {floor:.2f}x "
                        "the reference's whole call")
            out.append(TargetResult(subject, target, f"{value:.2f}", _judge(value <= limit), note))
    for record in records:
        kind_limit = ISSUE15_CALL_LIMITS.get(record["label"])
        if kind_limit is None:
            continue
        kind, limit = kind_limit
        value = record["ratios"].get("ours/reference")
        subject, target = f"issue 15, {kind}: {record['label']}", f"ours/reference <= {limit}"
        if value is None:
            out.append(TargetResult(subject, target, "not measured", NOT_MEASURED))
        else:
            out.append(TargetResult(subject, target, f"{value:.2f}", _judge(value <= limit)))
    return out


def _throughput_results(throughput: Mapping[str, Any]) -> list[TargetResult]:
    if "error" in throughput or not throughput.get("memcpy"):
        why = throughput.get("error", "not run")
        return [
            TargetResult("acl.rt.memcpy H2D+D2H, largest size", f"bandwidth vs numpy.copyto >= "
                         f"{MEMCPY_MIN_BANDWIDTH_RATIO}", why, NOT_MEASURED),
            TargetResult("acl.util pointer helpers", f"large/small time <= {POINTER_HELPER_MAX_SIZE_RATIO}",
                         why, NOT_MEASURED),
        ]
    largest = max(throughput["memcpy"], key=lambda r: r["size"])
    ratio = largest["bandwidth_ratio"]
    out = [TargetResult(
        f"acl.rt.memcpy H2D+D2H, {format_size(largest['size'])}",
        f"bandwidth vs numpy.copyto >= {MEMCPY_MIN_BANDWIDTH_RATIO}",
        f"{ratio:.2f}",
        _judge(ratio >= MEMCPY_MIN_BANDWIDTH_RATIO),
    )]
    for record in sorted(throughput["memcpy"], key=lambda r: r["size"]):
        size, bandwidth = record["size"], record["bandwidth_ratio"]
        subject = f"issue 15, keep: acl.rt.memcpy H2D+D2H, {format_size(size)}"
        if size >= MEMCPY_LARGE_FROM:
            limit = MEMCPY_LARGE_MIN_BANDWIDTH_RATIO
            target, measured, ok = f"bandwidth vs numpy.copyto >= {limit}", bandwidth, bandwidth >= limit
        elif size <= MEMCPY_SMALL_UPTO:
            limit = MEMCPY_SMALL_MAX_TIME_RATIO
            target, measured, ok = f"time vs numpy.copyto <= {limit}", 1 / bandwidth, 1 / bandwidth <= limit
        else:
            continue
        out.append(TargetResult(subject, target, f"{measured:.2f}", _judge(ok)))
    for helper in throughput["pointer_helpers"]:
        ratio = helper["large_over_small"]
        out.append(TargetResult(
            f"{helper['label']} {format_size(helper['large_bytes'])} vs {format_size(helper['small_bytes'])}",
            f"time ratio <= {POINTER_HELPER_MAX_SIZE_RATIO}",
            f"{ratio:.2f}",
            _judge(ratio <= POINTER_HELPER_MAX_SIZE_RATIO),
        ))
    return out


def _import_results(imports: Mapping[str, Any]) -> list[TargetResult]:
    share_target = f"added time <= {IMPORT_MAX_SHARE_OF_NUMPY} x what import numpy adds"
    if "error" in imports:
        return [
            TargetResult("import acl", share_target, imports["error"], NOT_MEASURED),
            TargetResult("import acl", "does not import numpy", imports["error"], NOT_MEASURED),
        ]
    share = imports["acl_over_numpy"]
    pulls_numpy = imports["acl_imports_numpy"]
    return [
        TargetResult("import acl", share_target, f"{share:.2f}", _judge(share <= IMPORT_MAX_SHARE_OF_NUMPY)),
        TargetResult("import acl", "does not import numpy",
                     "imports numpy" if pulls_numpy else "numpy not imported", _judge(not pulls_numpy)),
    ]


def format_size(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def evaluate(results: Mapping[str, Any]) -> list[dict[str, str]]:
    """Every target with its measured value and PASS / MISS / N/A, in the issue's order."""
    checks = (
        _call_class_results(
            results.get("call_classes", []), results.get("call_classes_error"), results.get("breakdown", {})
        )
        + _throughput_results(results.get("throughput", {"error": "not run"}))
        + _import_results(results.get("import_time", {"error": "not run"}))
    )
    return [asdict(c) for c in checks]


