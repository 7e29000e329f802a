"""Where the time of our calls goes, to say what closes a missed target.

For a few functions of each call class: the C function alone (a loop in C), the public
`acl.*` function, the raw compiled shim it
calls (`lib.<C name>`), the raw shim plus reading every member of the struct it returns (what
any wrapper must do at least), and the reference. A direct binding is the shim itself. Floors:
a no-op through the reference's mechanism and through cffi, and the reference's set_device
with the GIL released around the C call as cffi does for every call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from benchmarks import timing
from benchmarks.functions import FUNCTIONS
from benchmarks.implementations import Functions

# (short name, argument text over the fixtures, fixture the C loop passes as its handle)
CALLS: tuple[tuple[str, str, str | None], ...] = (
    ("set_device", "(0)", None),
    ("synchronize_stream", "(stream)", "stream"),
    ("get_data_buffer_addr", "(buffer)", "buffer"),
    ("get_num_inputs", "(desc)", "desc"),
    ("get_device", "()", None),
    ("get_mem_info", "(1)", None),
    ("get_version", "()", None),
)
C_LOOP_CALLS = 100  # C calls per timed statement of the C-only loop


def _cffi_lib() -> Any:
    from acl._generated._acl_cffi import lib

    return lib


def _struct_members(lib_result: Any) -> list[str]:
    from acl._generated._acl_cffi import ffi

    if not isinstance(lib_result, ffi.CData):
        return []
    ctype = ffi.typeof(lib_result)
    return [name for name, _ in ctype.fields] if ctype.kind == "struct" else []


def _measure(
    statements: Mapping[str, str], ns: Mapping[str, Any], repeats: int, min_seconds: float
) -> dict[str, dict[str, Any]]:
    comparison = timing.compare({k: (v, ns) for k, v in statements.items()}, repeats, min_seconds)
    return {k: comparison.summary(k) for k in statements}


def run(ours: Functions, reference_module: Any, fixtures: Mapping[str, Any], repeats: int,
        min_seconds: float) -> dict[str, Any]:
    lib = _cffi_lib()
    records = []
    for short, args, handle in CALLS:
        qualified, c_name = FUNCTIONS[short]
        raw = getattr(lib, c_name)
        ns = {**fixtures, "public": ours[short], "raw": raw, "ref": getattr(reference_module, short),
              "c_loop": reference_module.c_loop_ns}
        statements = {
            "c_function": f"c_loop({short!r}, {handle or 0}, {C_LOOP_CALLS})",
            "reference": f"ref{args}",
            "raw_call": f"raw{args}",
            "public": f"public{args}",
        }
        members = _struct_members(eval(f"raw{args}", dict(ns)))
        if members:
            statements["raw_call_and_reads"] = f"r = raw{args}; " + "; ".join(f"r.{m}" for m in members)
        measured = _measure(statements, ns, repeats, min_seconds)
        c_loop = measured["c_function"]
        measured["c_function"] = {
            "best": c_loop["best"] / C_LOOP_CALLS,
            "median": c_loop["median"] / C_LOOP_CALLS,
            "samples": [v / C_LOOP_CALLS for v in c_loop["samples"]],
        }
        records.append({
            "call": f"{qualified}{args}",
            "function": short,
            "direct": ours[short] is raw,
            "struct_members": members,
            "ns": measured,
        })
    floor_ns = {
        "ref_noop": reference_module.noop,
        "cffi_noop": lib._aclffi_count,
        "ref_set_device": reference_module.set_device,
        "ref_set_device_released_gil": reference_module.set_device_released_gil,
    }
    floors = _measure(
        {
            "reference no-op (METH_VARARGS)": "ref_noop()",
            "cffi call of a trivial C function": "cffi_noop()",
            "reference set_device": "ref_set_device(0)",
            "reference set_device, GIL released": "ref_set_device_released_gil(0)",
        },
        floor_ns, repeats, min_seconds,
    )
    return {"calls": records, "floors": floors}
