"""Object counts on the emulator (issue 15, target 4): what one create or destroy costs with 10k,
40k and 80k live objects of its kind, against the same with few live objects in the same run.

    python -m benchmarks.bench_scale [--repeats 5] [--rounds 2000] [--counts 10000,40000,80000]
                                     [--cpu N | --cpu -1] [--json OUT] [--check]

- streams, events, 64-byte allocations: `rounds` times destroy the oldest live object and create
  a new one (a queue: every object is destroyed at the far end of where it was made, the worst
  place for a list or a sorted table), with N live. Time per pair at N / time per pair with
  100 live: <= 2x (O(1) per operation; 2x leaves room for cache misses in a larger working set).
- acl.rt.malloc + free of 1 MiB in the default mode against numpy.zeros of 1 MiB: <= 2x.
- strict mode (ACL_EMU_STRICT=1, a child process) still refuses a copy into a freed 1 MiB
  allocation (use after free): PASS when the copy returns an error naming it.
Pinned to one CPU like bench_stream (the process sets its affinity first); medians over repeats.
Every call here runs on the calling thread, so the costs are its CPU time (user and system, the
syscalls included): other programs on a shared machine do not count.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.bench_stream import add_common_arguments, pin
from benchmarks.ratio_run import finish, grade
from benchmarks.targets import MISS, PASS

SMALL = 100  # live objects of the baseline
MAX_GROWTH = 2.0
MAX_MALLOC_OVER_ZEROS = 2.0
MIB = 1 << 20
CLOCK = time.thread_time_ns


def check(ret: int, what: str) -> None:
    import acl

    if ret != 0:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def kinds() -> dict[str, tuple[Callable[[], int], Callable[[int], int]]]:
    """Per kind: make one (checked, returns the handle) and destroy one (returns the code)."""
    import acl

    rt = acl.rt

    def made(result: tuple[int, int], what: str) -> int:
        check(result[1], what)
        return result[0]

    return {
        "stream": (lambda: made(rt.create_stream(), "create_stream"), rt.destroy_stream),
        "event": (lambda: made(rt.create_event(), "create_event"), rt.destroy_event),
        "64-byte allocation": (lambda: made(rt.malloc(64, 0), "malloc"), rt.free),
    }


def rotate(live: deque[int], make: Callable[[], int], destroy: Callable[[int], int], rounds: int) -> float:
    """ns per (destroy the oldest, make one) with len(live) objects kept live."""
    popleft, append = live.popleft, live.append
    start = CLOCK()
    for _ in range(rounds):
        if destroy(popleft()) != 0:
            raise RuntimeError("destroy failed")
        append(make())
    return (CLOCK() - start) / rounds


def scale_case(name: str, counts: list[int], repeats: int, rounds: int) -> dict[str, Any]:
    make, destroy = kinds()[name]
    per_count: dict[int, list[float]] = {n: [] for n in [SMALL, *counts]}
    for n in per_count:
        live = deque(make() for _ in range(n))
        try:
            rotate(live, make, destroy, max(1, rounds // 10))  # warm-up
            for _ in range(repeats):
                per_count[n].append(rotate(live, make, destroy, rounds))
        finally:
            while live:
                destroy(live.popleft())
    base = statistics.median(per_count[SMALL])
    result: dict[str, Any] = {"baseline_ns": base, "baseline_live": SMALL, "ns": {}}
    worst = 0.0
    for n in counts:
        ns = statistics.median(per_count[n])
        result["ns"][str(n)] = ns
        worst = max(worst, ns / base)
    result["ratio"] = worst
    return grade(result, MAX_GROWTH)


def malloc_case(repeats: int, rounds: int) -> dict[str, Any]:
    import numpy as np

    import acl

    malloc, free, zeros = acl.rt.malloc, acl.rt.free, np.zeros

    def ours(n: int) -> float:
        start = CLOCK()
        for _ in range(n):
            ptr, ret = malloc(MIB, 0)
            if ret != 0 or free(ptr) != 0:
                raise RuntimeError(f"malloc/free of 1 MiB failed: {acl.get_recent_err_msg()}")
        return (CLOCK() - start) / n

    def baseline(n: int) -> float:
        start = CLOCK()
        for _ in range(n):
            zeros(MIB, np.uint8)
        return (CLOCK() - start) / n

    ours(max(1, rounds // 10))
    baseline(max(1, rounds // 10))
    times: dict[str, list[float]] = {"ours": [], "numpy": []}
    for _ in range(repeats):
        times["ours"].append(ours(rounds))
        times["numpy"].append(baseline(rounds))
    ratios = [o / b for o, b in zip(times["ours"], times["numpy"])]
    result = {"ours_ns": statistics.median(times["ours"]), "baseline_ns": statistics.median(times["numpy"]),
              "baseline": "numpy.zeros(1 MiB)", "ratio": statistics.median(ratios)}
    return grade(result, MAX_MALLOC_OVER_ZEROS)


STRICT_CHILD = f"""
import sys
sys.path.append(sys.argv[1])  # where the parent's acl came from, after what the environment gives
import numpy as np
import acl
assert acl.init() == 0 and acl.rt.set_device(0) == 0
ptr, ret = acl.rt.malloc({MIB}, 0)
assert ret == 0 and acl.rt.free(ptr) == 0
host = np.zeros(64, np.uint8)
ret = acl.rt.memcpy(ptr, 64, host.ctypes.data, 64, 1)
print(ret)
print(acl.get_recent_err_msg())
acl.rt.reset_device(0)
acl.finalize()
"""


def strict_case() -> dict[str, Any]:
    """A child with ACL_EMU_STRICT=1 copies into a freed allocation: refused, named use after free."""
    import acl

    env = {**os.environ, "ACL_EMU_STRICT": "1", "ACL_BACKEND": "emulator"}
    where = str(Path(acl.__file__).resolve().parents[1])
    proc = subprocess.run([sys.executable, "-c", STRICT_CHILD, where], env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, timeout=120, check=False)
    lines = proc.stdout.splitlines()
    detected = proc.returncode == 0 and len(lines) >= 2 and lines[0] != "0" and "use after free" in lines[1]
    return {"ratio": 1.0 if detected else float("inf"), "target": 1.0, "status": PASS if detected else MISS,
            "detail": (lines[1] if len(lines) >= 2 else proc.stderr[-500:])}


def measure(counts: list[int], repeats: int, rounds: int) -> dict[str, dict[str, Any]]:
    import acl

    check(acl.init(), "init")
    check(acl.rt.set_device(0), "set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "create_context")
    results: dict[str, dict[str, Any]] = {}
    try:
        for name in kinds():
            results[f"{name}: destroy oldest + create"] = scale_case(name, counts, repeats, rounds)
        results["malloc+free 1 MiB vs numpy.zeros"] = malloc_case(repeats, max(1, rounds // 4))
    finally:
        acl.rt.destroy_context(context)
        acl.rt.reset_device(0)
        acl.finalize()
    results["strict mode: use after free of 1 MiB detected"] = strict_case()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--counts", default="10000,40000,80000",
                        help="live object counts, comma-separated (each > 100)")
    add_common_arguments(parser)
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.counts.split(",")]
    if any(c <= SMALL for c in counts):
        parser.error(f"every count must exceed the baseline's {SMALL} live objects")
    pin(args.cpu)
    results = measure(counts, args.repeats, args.rounds)
    for name, result in results.items():
        if "ns" in result:
            shown = (f"{result['baseline_ns']:7.0f} ns with {SMALL} live; "
                     + ", ".join(f"{ns:7.0f} at {n}" for n, ns in result["ns"].items())
                     + f"  worst {result['ratio']:.2f}x (<= {result['target']})")
        elif "ours_ns" in result:
            shown = (f"{result['ours_ns']:9.0f} ns vs {result['baseline']} {result['baseline_ns']:7.0f} ns  "
                     f"ratio {result['ratio']:.2f} (<= {result['target']})")
        else:
            shown = result["detail"][:60]
        print(f"{name:48s} {shown}  {result['status']}")
    sys.stdout.flush()
    return finish(results, args.json, args.check)


if __name__ == "__main__":
    sys.exit(main())
