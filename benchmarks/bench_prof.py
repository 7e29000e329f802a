"""What profiling costs a stream task (issue 16).

10,000 small tasks (64-byte aclrtMemsetAsync) are queued on one stream and synchronized, best of
several repeats, in a fresh process per mode:

- off: the emulator as shipped, no collection running (the worker tests one flag per task);
- on: inside aclprofStart with ACL_PROF_TASK_TIME (every task timed and recorded);
- before (with --before LIB): the same program on another emulator library, e.g. one built from
  the commit before the recorder, so off vs before shows what the flag test costs.

    python -m benchmarks.bench_prof [--tasks N] [--repeats N] [--before path/to/libaclemu.so]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import json, os, sys, time
import acl
tasks, repeats, mode, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
acl.init()
acl.rt.set_device(0)
ctx, _ = acl.rt.create_context(0)
stream, _ = acl.rt.create_stream()
buf, _ = acl.rt.malloc(64, 0)
memset, sync = acl.rt.memset_async, acl.rt.synchronize_stream
if mode == "on":
    assert acl.prof.init(out) == 0
    config = acl.prof.create_config([0], acl.ACL_AICORE_NONE, 0, acl.ACL_PROF_TASK_TIME)
    assert acl.prof.start(config) == 0
best = float("inf")
for _ in range(repeats):
    start = time.perf_counter_ns()
    for _ in range(tasks):
        memset(buf, 64, 1, 64, stream)
    assert sync(stream) == 0
    best = min(best, (time.perf_counter_ns() - start) / tasks)
recorded = 0
if mode == "on":
    assert acl.prof.stop(config) == 0
    with open(os.path.join(out, "summary.json")) as f:
        recorded = json.load(f)["records"]
    acl.prof.finalize()
print(json.dumps({"ns_per_task": best, "recorded": recorded}))
"""


def _package_parent() -> str:
    spec = importlib.util.find_spec("acl")
    assert spec is not None and spec.origin is not None, "acl is not importable"
    return os.path.dirname(os.path.dirname(spec.origin))


def run_mode(mode: str, tasks: int, repeats: int, library: str | None = None) -> dict[str, float]:
    """One mode in a fresh process, run outside the source tree on the acl this process imports."""
    env = dict(os.environ, ACL_BACKEND="emulator")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_package_parent(), env.get("PYTHONPATH", "")) if p)
    if library:
        env["ACL_EMULATOR_LIBRARY"] = library
    with tempfile.TemporaryDirectory(prefix="acl-bench-prof-") as out:
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, str(tasks), str(repeats), "on" if mode == "on" else "off", out],
            env=env,
            cwd=tempfile.gettempdir(),
            capture_output=True,
            text=True,
            check=True,
        )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tasks", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--before", help="an emulator library to compare the 'off' mode with")
    args = parser.parse_args(argv)
    off = run_mode("off", args.tasks, args.repeats)
    on = run_mode("on", args.tasks, args.repeats)
    print(f"{args.tasks} tasks of 64-byte aclrtMemsetAsync, best of {args.repeats}")
    print(f"  profiling off: {off['ns_per_task']:9.0f} ns/task")
    print(f"  profiling on : {on['ns_per_task']:9.0f} ns/task ({on['recorded']} records)")
    print(f"  on / off     : {on['ns_per_task'] / off['ns_per_task']:.2f}")
    if args.before:
        before = run_mode("off", args.tasks, args.repeats, args.before)
        again = run_mode("off", args.tasks, args.repeats)
        print(f"  before       : {before['ns_per_task']:9.0f} ns/task")
        print(
            f"  off / before : {off['ns_per_task'] / before['ns_per_task']:.2f} "
            f"(off / off again: {off['ns_per_task'] / again['ns_per_task']:.2f}, the noise)"
        )
    expected = args.tasks * args.repeats
    if on["recorded"] < args.tasks:
        print(f"error: {on['recorded']} records for {expected} tasks")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
