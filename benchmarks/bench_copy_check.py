"""What checking device-side pointers costs a copy (issue 13).

Every `acl.rt.memcpy` looks both pointers up in the emulator's table of live allocations (a
binary search under one lock) and refuses a device-side address outside all of them. This
measures a 64-byte device-to-device copy with few and with many live allocations, and the same
copy host-to-host between two allocations (the same lookups, no device-side verdict): the ratios
show the lookup is cheap next to the call and grows slowly with the table.

    python -m benchmarks.bench_copy_check [--many N] [--calls N]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Callable

SIZE = 64
REPEATS = 5


def _best_ns_per_call(call: Callable[[], Any], calls: int) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time_ns()
        for _ in range(calls):
            call()
        best = min(best, (time.process_time_ns() - start) / calls)
    return best


def measure(many: int, calls: int) -> dict[str, float]:
    """ns per copy: device-to-device with 2 and with `many` more live allocations, host-to-host."""
    os.environ.setdefault("ACL_BACKEND", "emulator")
    import acl

    acl.init()
    acl.rt.set_device(0)
    memcpy, malloc, free = acl.rt.memcpy, acl.rt.malloc, acl.rt.free
    dst, _ = malloc(SIZE, 0)
    src, _ = malloc(SIZE, 0)

    def device_copy() -> int:
        return memcpy(dst, SIZE, src, SIZE, acl.ACL_MEMCPY_DEVICE_TO_DEVICE)

    def host_copy() -> int:
        return memcpy(dst, SIZE, src, SIZE, acl.ACL_MEMCPY_HOST_TO_HOST)

    assert device_copy() == 0 and host_copy() == 0
    few = _best_ns_per_call(device_copy, calls)
    unchecked_kind = _best_ns_per_call(host_copy, calls)
    extra = [malloc(SIZE, 0)[0] for _ in range(many)]
    crowded = _best_ns_per_call(device_copy, calls)
    for p in [*extra, dst, src]:
        free(p)
    acl.rt.reset_device(0)
    acl.finalize()
    return {
        "device_copy_ns": few,
        "host_copy_ns": unchecked_kind,
        "device_copy_crowded_ns": crowded,
        "device_over_host": few / unchecked_kind,
        "crowded_over_few": crowded / few,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--many", type=int, default=100_000, help="extra live allocations")
    parser.add_argument("--calls", type=int, default=20_000, help="copies per repeat")
    args = parser.parse_args(argv)
    result = measure(args.many, args.calls)
    print(f"device-to-device copy, 2 live allocations:   {result['device_copy_ns']:8.0f} ns")
    print(f"host-to-host copy (no device-side verdict):  {result['host_copy_ns']:8.0f} ns")
    print(f"device-to-device copy, {args.many} more live:  {result['device_copy_crowded_ns']:8.0f} ns")
    print(f"ratio device/host {result['device_over_host']:.2f}, crowded/few {result['crowded_over_few']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
