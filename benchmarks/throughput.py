"""Throughput: acl.rt.memcpy host->device->host against numpy.copyto, and the cost of the
pointer helpers on small against huge objects (they must not depend on the size).

Runs in its own interpreter (worker_main) so numpy sees an environment without the OpenBLAS
steering variables.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from typing import Any

from benchmarks import timing
from benchmarks.call_classes import BenchmarkSetupError, start_runtime

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30
ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST = 1, 2


def _address(array: Any) -> int:
    return int(array.__array_interface__["data"][0])


def memcpy_round_trip(size: int, repeats: int, min_seconds: float) -> dict[str, Any]:
    """host->device->host with acl.rt.memcpy against two numpy.copyto of the same size."""
    import numpy as np

    import acl
    import acl.rt

    src = np.full(size, 7, dtype=np.uint8)
    dst = np.zeros(size, dtype=np.uint8)
    mid = np.zeros(size, dtype=np.uint8)
    dev, ret = acl.rt.malloc(size, 0)
    if ret != 0:
        raise RuntimeError(f"acl.rt.malloc({size}) returned {ret}")
    try:
        ns = {
            "memcpy": acl.rt.memcpy, "copyto": np.copyto, "dev": dev, "size": size,
            "src": src, "dst": dst, "mid": mid, "src_ptr": _address(src), "dst_ptr": _address(dst),
        }
        ours = (
            f"memcpy(dev, size, src_ptr, size, {ACL_MEMCPY_HOST_TO_DEVICE}); "
            f"memcpy(dst_ptr, size, dev, size, {ACL_MEMCPY_DEVICE_TO_HOST})"
        )
        rets = [eval(part, ns) for part in ours.split("; ")]  # our own text
        if rets != [0, 0] or not np.array_equal(src, dst):
            raise RuntimeError(f"acl.rt.memcpy round trip of {size} bytes failed: {rets}")
        numpy_stmt = "copyto(mid, src); copyto(dst, mid)"
        unroll = 10 if size <= MIB else 1
        statements = {"ours": (ours, ns), "numpy": (numpy_stmt, ns)}
        comparison = timing.compare(statements, repeats, min_seconds, unroll)
    finally:
        acl.rt.free(dev)
    moved = 2 * size
    return {
        "size": size,
        "ns": {k: comparison.summary(k) for k in ("ours", "numpy")},
        "gb_per_s": {k: moved / comparison.best(k) for k in ("ours", "numpy")},
        # bandwidth ratio = inverse time ratio, per repeat
        "bandwidth_ratio": 1.0 / comparison.ratio("ours", "numpy"),
    }


def pointer_helpers(small: int, large: int, repeats: int, min_seconds: float) -> list[dict[str, Any]]:
    """acl.util.bytes_to_ptr / numpy_to_ptr on a `small` and a `large` object: ns per call."""
    import numpy as np

    import acl
    import acl.util

    records = []
    objects = {
        "acl.util.bytes_to_ptr": (acl.util.bytes_to_ptr, bytes),
        "acl.util.numpy_to_ptr": (acl.util.numpy_to_ptr, lambda n: np.zeros(n, dtype=np.uint8)),
    }
    for label, (helper, make) in objects.items():
        ns = {"helper": helper, "small": make(small), "large": make(large)}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # numpy_to_ptr warns (deprecated in pyACL) on every call
            comparison = timing.compare(
                {"small": ("helper(small)", ns), "large": ("helper(large)", ns)}, repeats, min_seconds
            )
        records.append({
            "label": label,
            "small_bytes": small,
            "large_bytes": large,
            "ns": {k: comparison.summary(k) for k in ("small", "large")},
            "large_over_small": comparison.ratio("large", "small"),
        })
        del ns
    return records


def worker_main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[4 * KIB, MIB, 256 * MIB])
    parser.add_argument("--pointer-sizes", type=int, nargs=2, default=[KIB, GIB])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--min-seconds", type=float, default=0.02)
    args = parser.parse_args(argv)
    import acl
    import acl.rt

    try:
        start_runtime(acl.init, acl.rt.set_device)
    except BenchmarkSetupError as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    memcpy = [memcpy_round_trip(size, args.repeats, args.min_seconds) for size in args.sizes]
    helpers = pointer_helpers(*args.pointer_sizes, repeats=args.repeats, min_seconds=args.min_seconds)
    print(json.dumps({"memcpy": memcpy, "pointer_helpers": helpers}))
    return 0
