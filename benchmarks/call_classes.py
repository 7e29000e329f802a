"""Call-overhead cases: the same pyACL calls through each implementation, interleaved.

Every implementation gets the same statement text, bound to its own functions and to shared
fixtures (one stream, device buffer, data buffer and model description created up front).
Before timing, each statement runs once per implementation and its result is checked, so a
call that fails in the emulator is reported instead of timed as a fast error path.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable

from benchmarks import timing
from benchmarks.implementations import CTYPES, OURS, REFERENCE, Functions

DEVICE_ID = 0
ACL_HBM_MEM = 1
ACL_ERROR_REPEAT_INITIALIZE = 100002
BUFFER_BYTES = 4096


@dataclass(frozen=True)
class CallCase:
    call_class: int
    label: str  # as a pyACL user writes it
    stmt: str  # over the short names of benchmarks.functions and the fixture names
    expect: str  # Python expression over `result` and the fixtures that a successful call satisfies
    c_calls: int = 1  # 0: a pointer helper of acl.util (no C API call, no ctypes baseline)
    numpy: bool = False  # needs numpy (left out where numpy is not installed)

    @property
    def function(self) -> str | None:
        """The short name of the one function a single-call case times."""
        return self.stmt.split("(", 1)[0] if self.c_calls <= 1 else None


CASES: tuple[CallCase, ...] = (
    CallCase(1, "acl.rt.set_device(0)", "set_device(0)", "result == 0"),
    CallCase(2, "acl.rt.synchronize_stream(s) (idle stream)", "synchronize_stream(stream)", "result == 0"),
    CallCase(
        2,
        "acl.destroy_data_buffer(acl.create_data_buffer(p, n))",
        "destroy_data_buffer(create_data_buffer(dev_ptr, 64))",
        "result == 0",
        c_calls=2,
    ),
    CallCase(3, "acl.rt.get_device()", "get_device()", "tuple(result) == (0, 0)"),
    CallCase(
        3,
        "acl.rt.destroy_stream(acl.rt.create_stream()[0])",
        "destroy_stream(create_stream()[0])",
        "result == 0",
        c_calls=2,
    ),
    CallCase(4, "acl.rt.get_mem_info(ACL_HBM_MEM)", "get_mem_info(1)", "len(result) == 3 and result[2] == 0"),
    CallCase(4, "acl.get_version()", "get_version()", "len(result) == 4 and result[3] == 0"),
    CallCase(5, "acl.get_data_buffer_addr(b)", "get_data_buffer_addr(buffer)", "result == dev_ptr"),
    CallCase(5, "acl.mdl.get_num_inputs(d) (empty desc)", "get_num_inputs(desc)", "result == 0"),
    CallCase(
        6,
        "inference step: dataset + 2 buffers, add, get, destroy (12 calls)",
        "inference_step()",
        "result == (2, dev_ptr + 64, 64)",
        c_calls=12,
    ),
    CallCase(7, "acl.util.bytes_to_ptr(b) (1 KiB)", "bytes_to_ptr(host_bytes)",
             "result == (host_bytes_ptr or result)", c_calls=0),
    CallCase(7, "acl.util.numpy_to_ptr(a) (1 KiB)", "numpy_to_ptr(host_array)", "result == host_ptr",
             c_calls=0, numpy=True),
    CallCase(7, "acl.util.ptr_to_numpy(p, (1024,), NPY_UINT8)", "ptr_to_numpy(host_ptr, (HOST_BYTES,), 2)",
             "result.shape == (HOST_BYTES,) and result.ctypes.data == host_ptr",
             c_calls=0, numpy=True),
    CallCase(7, "acl.util.ptr_to_bytes(p, 1024)", "ptr_to_bytes(host_ptr, HOST_BYTES)",
             "result == host_bytes", c_calls=0),
)
HOST_BYTES = 1024

# A typical per-inference bookkeeping step of a pyACL application, 12 API calls.
_INFERENCE_STEP = """
def inference_step():
    dataset = create_dataset()
    first = create_data_buffer(dev_ptr, 64)
    second = create_data_buffer(dev_ptr + 64, 64)
    add_dataset_buffer(dataset, first)
    add_dataset_buffer(dataset, second)
    count = get_dataset_num_buffers(dataset)
    buffer = get_dataset_buffer(dataset, 1)
    addr = get_data_buffer_addr(buffer)
    size = get_data_buffer_size_v2(buffer)
    destroy_data_buffer(first)
    destroy_data_buffer(second)
    destroy_dataset(dataset)
    return count, addr, size
"""


class BenchmarkSetupError(RuntimeError):
    """The emulator session or a benchmarked call did not behave as a successful call should."""


def start_runtime(init: Callable[..., int], set_device: Callable[[int], int]) -> None:
    """acl.init (a repeated init is fine) and acl.rt.set_device(0), or BenchmarkSetupError."""
    try:
        ret = init()
    except TypeError:  # a binding that (wrongly) requires pyACL's optional config path
        ret = init(None)
    if ret not in (0, ACL_ERROR_REPEAT_INITIALIZE):
        raise BenchmarkSetupError(f"init returned {ret}")
    ret = set_device(DEVICE_ID)
    if ret != 0:
        raise BenchmarkSetupError(f"set_device returned {ret}")


def open_session(fns: Functions) -> dict[str, Any]:
    """Device, context, stream, a device buffer, a data buffer over it and an empty model desc."""

    def ok(ret: int, what: str) -> None:
        if ret != 0:
            raise BenchmarkSetupError(f"{what} returned {ret}")

    start_runtime(fns["init"], fns["set_device"])
    context, ret = fns["create_context"](DEVICE_ID)
    ok(ret, "create_context")
    stream, ret = fns["create_stream"]()
    ok(ret, "create_stream")
    dev_ptr, ret = fns["malloc"](BUFFER_BYTES, 0)
    ok(ret, "malloc")
    buffer = fns["create_data_buffer"](dev_ptr, BUFFER_BYTES)
    desc = fns["create_desc"]()
    if not buffer or not desc:
        raise BenchmarkSetupError(f"create_data_buffer gave {buffer}, create_desc gave {desc}")
    return {"context": context, "stream": stream, "dev_ptr": dev_ptr, "buffer": buffer, "desc": desc,
            **_host_objects()}


def _host_objects() -> dict[str, Any]:
    """The pointer helpers' inputs, with addresses found independently (ctypes, numpy).

    Without numpy (the PyPy venv of benchmarks/pypy_run.py) the numpy cases are left out."""
    import ctypes

    host_buffer = ctypes.create_string_buffer(bytes(range(256)) * (HOST_BYTES // 256), HOST_BYTES)
    host_bytes = host_buffer.raw
    # CPython: a c_char_p over bytes points into the object; PyPy: bytes have no fixed address
    host_bytes_ptr = ctypes.cast(ctypes.c_char_p(host_bytes), ctypes.c_void_p).value
    objects = {"host_buffer": host_buffer, "host_ptr": ctypes.addressof(host_buffer),
               "host_bytes": host_bytes, "HOST_BYTES": HOST_BYTES,
               "host_bytes_ptr": host_bytes_ptr if sys.implementation.name != "pypy" else None}
    try:
        import numpy as np
    except ImportError:
        return objects
    return {**objects, "host_array": np.frombuffer(host_buffer, dtype=np.uint8)}


def namespace(fns: Functions, fixtures: Mapping[str, Any]) -> dict[str, Any]:
    ns: dict[str, Any] = {**fns, **fixtures}
    exec(_INFERENCE_STEP, ns)  # fixed source above, compiled once per implementation
    return ns


def check(case: CallCase, impl: str, ns: Mapping[str, Any]) -> None:
    result = eval(case.stmt, dict(ns))  # our own statement text
    if not eval(case.expect, {**ns, "result": result}):
        raise BenchmarkSetupError(f"{impl}: {case.stmt} gave {result!r}; expected {case.expect}")


def primary(impls: Mapping[str, Functions]) -> Functions:
    """The implementation that sets up the shared fixtures: ours when it loaded."""
    return impls.get(OURS) or next(iter(impls.values()))


def run(
    impls: Mapping[str, Functions],
    repeats: int,
    min_seconds: float,
    fixtures: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Measure every case over the given implementations; one record per case."""
    if fixtures is None:
        fixtures = open_session(primary(impls))
    all_spaces = {impl: namespace(fns, fixtures) for impl, fns in impls.items()}
    records = []
    with warnings.catch_warnings():
        # numpy_to_ptr and ptr_to_numpy warn on every call (deprecated in pyACL), ours and the reference alike
        warnings.simplefilter("ignore")
        for case in CASES:
            if case.numpy and "host_array" not in fixtures:
                continue
            spaces = {impl: ns for impl, ns in all_spaces.items() if case.c_calls or impl != CTYPES}
            records.append(_run_case(case, spaces, repeats, min_seconds))
    return records


def _run_case(case: CallCase, spaces: Mapping[str, dict[str, Any]], repeats: int,
              min_seconds: float) -> dict[str, Any]:
    for impl, ns in spaces.items():
        check(case, impl, ns)
    statements = {impl: (case.stmt, ns) for impl, ns in spaces.items()}
    comparison = timing.compare(statements, repeats, min_seconds)
    record: dict[str, Any] = {
        "class": case.call_class,
        "label": case.label,
        "function": case.function,
        "c_calls": case.c_calls,
        "calls_per_sample": comparison.statements_per_sample,
        "ns": {impl: comparison.summary(impl) for impl in spaces},
        "ratios": {},
    }
    for baseline in (REFERENCE, CTYPES):
        if OURS in spaces and baseline in spaces:
            record["ratios"][f"{OURS}/{baseline}"] = comparison.ratio(OURS, baseline)
    return record


def worker_main(argv: list[str] | None = None) -> int:
    """Run the cases over our binding alone and print the records as JSON (the PyPy run)."""
    import argparse

    from benchmarks import implementations

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--min-seconds", type=float, default=0.02)
    args = parser.parse_args(argv)
    loaded = implementations.load((OURS,))
    if OURS not in loaded.available:
        print(json.dumps({"error": loaded.unavailable.get(OURS, "not loaded")}))
        return 1
    records = run(loaded.available, args.repeats, args.min_seconds)
    print(json.dumps({"records": records}))
    return 0


if __name__ == "__main__":
    sys.exit(worker_main())
