"""What accepting pyACL's ignored extra arguments costs a call (issue 13).

The 53 functions pyACL lets callers pass extra positional arguments to take `*_ignored`. Two
kinds change: a wrapper that already had a Python frame only gains `*_ignored` (measured against
the same wrapper compiled without it), and a function that used to be the compiled shim itself
now has a one-line frame (measured against that shim, which is what it was before). Both pairs
run in one process, interleaved, so the ratios compare like with like.

    python -m benchmarks.bench_extra_args [--calls N]
"""

from __future__ import annotations

import argparse
import inspect
import os
import textwrap
import time
from typing import Any, Callable

REPEATS = 7


def _best_ns_per_call(call: Callable[[], Any], calls: int) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time_ns()
        for _ in range(calls):
            call()
        best = min(best, (time.process_time_ns() - start) / calls)
    return best


def _without_ignored(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The same wrapper source compiled without `*_ignored`, in the same module globals."""
    source = textwrap.dedent(inspect.getsource(fn)).replace("*_ignored", "")
    scope: dict[str, Any] = {}
    exec(compile(source, f"<{fn.__name__} before>", "exec"), fn.__globals__, scope)
    return scope[fn.__name__]


def measure(calls: int) -> dict[str, float]:
    os.environ.setdefault("ACL_BACKEND", "emulator")
    import acl
    from acl._generated import media

    acl.init()
    acl.rt.set_device(0)
    framed = acl.rt.get_device
    framed_before = _without_ignored(framed)
    shimmed = acl.rt.get_run_mode
    assert framed() == framed_before() == (0, 0)
    assert "_ignored" in inspect.signature(framed).parameters
    result: dict[str, float] = {}
    result["framed_before_ns"] = _best_ns_per_call(framed_before, calls)
    result["framed_after_ns"] = _best_ns_per_call(framed, calls)
    # a shim-bound function before: the compiled shim; after: the frame around it
    shim = media._acldvppCreatePicDesc
    destroy = acl.media.dvpp_destroy_pic_desc
    after = acl.media.dvpp_create_pic_desc
    result["shim_before_ns"] = _best_ns_per_call(lambda: destroy(shim()), calls)
    result["shim_after_ns"] = _best_ns_per_call(lambda: destroy(after()), calls)
    assert shimmed() == shimmed(0)
    acl.rt.reset_device(0)
    acl.finalize()
    result["framed_ratio"] = result["framed_after_ns"] / result["framed_before_ns"]
    result["shim_ratio"] = result["shim_after_ns"] / result["shim_before_ns"]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=50_000, help="calls per repeat")
    args = parser.parse_args(argv)
    r = measure(args.calls)
    print(f"acl.rt.get_device, wrapper without / with *_ignored: {r['framed_before_ns']:6.0f} / "
          f"{r['framed_after_ns']:6.0f} ns  ratio {r['framed_ratio']:.3f}")
    print(f"dvpp_create_pic_desc + destroy, shim / wrapper:      {r['shim_before_ns']:6.0f} / "
          f"{r['shim_after_ns']:6.0f} ns  ratio {r['shim_ratio']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
