"""How long the generator takes on the whole baseline (headers/ -> every output file, in memory).

    python benchmarks/bench_generator.py [--include DIR] [--repeats N]

Prints wall and CPU seconds per stage (parse, plan, emit) for each repeat, and the best. The goal
is a full run in under 10 s on a 2-core machine; CPU time is the figure to compare, since this
machine is shared and wall time swings with the load.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from aclgen import pipeline  # noqa: E402
from aclgen.front.parse import parse_tree  # noqa: E402
from aclgen.model.bindings import build_plan  # noqa: E402

TARGET_SECONDS = 10.0


def _timed(fn, *args):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn(*args)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--include", type=Path, default=ROOT / "headers")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    best_wall = best_cpu = float("inf")
    for i in range(args.repeats):
        api, parse_wall, parse_cpu = _timed(parse_tree, args.include)
        _, plan_wall, plan_cpu = _timed(build_plan, api)
        gen, total_wall, total_cpu = _timed(pipeline.generate, args.include)
        print(
            f"run {i + 1}: parse {parse_wall:.2f} s (cpu {parse_cpu:.2f}), plan {plan_wall:.2f} s "
            f"(cpu {plan_cpu:.2f}), full generation {total_wall:.2f} s (cpu {total_cpu:.2f}), "
            f"{len(gen.api.functions)} functions, {len(gen.files)} files"
        )
        best_wall, best_cpu = min(best_wall, total_wall), min(best_cpu, total_cpu)
    verdict = "PASS" if best_cpu < TARGET_SECONDS else "MISS"
    print(f"best full generation: {best_wall:.2f} s wall, {best_cpu:.2f} s cpu "
          f"(target < {TARGET_SECONDS:.0f} s: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
