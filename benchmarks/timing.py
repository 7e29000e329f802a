"""Timing primitives: compiled timing loops and interleaved, repeated comparisons.

Each statement is compiled into its own function whose free names are bound as default
arguments (local-variable speed), unrolled so the loop itself costs little, and the cost of
an empty loop measured in the same repeat is subtracted. Implementations are timed in turn
inside every repeat (the order rotates), so drift from a noisy machine hits all of them alike.
"""

from __future__ import annotations

import gc
import platform
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

UNROLL = 10

# CPU time of the calling thread: on a shared machine the time this process spends descheduled
# would otherwise land in whichever sample it hits (and did: samples swung 4x). Work that other
# threads do for a call (a stream's worker) is not counted, alike for every implementation.
CLOCK = time.thread_time_ns

TimedLoop = Callable[[int], int]  # runs the statement UNROLL * n times, returns elapsed CPU ns


def compile_loop(stmt: str, namespace: Mapping[str, Any], unroll: int = UNROLL) -> TimedLoop:
    """A function running `stmt` unroll*n times with the names it uses taken from `namespace`."""
    names = sorted(n for n in compile(stmt, "<stmt>", "exec").co_names if n in namespace)
    params = "".join(f", {n}=__ns[{n!r}]" for n in names)
    body = "\n".join("        " + stmt for _ in range(unroll))
    source = (
        f"def __loop(__n, __clock=__clock{params}):\n"
        "    __t0 = __clock()\n"
        "    for __i in range(__n):\n"
        f"{body}\n"
        "    return __clock() - __t0\n"
    )
    scope: dict[str, Any] = {"__ns": namespace, "__clock": CLOCK}
    exec(compile(source, f"<loop {stmt!r}>", "exec"), scope)  # our own statement text
    return scope["__loop"]


# CPython frees by reference counting, so pausing its cycle collector only removes noise. PyPy
# needs its collector to release the raw memory behind cffi results (struct returns): there,
# pausing it makes such calls slower and slower, so it stays on.
_PAUSE_GC = platform.python_implementation() == "CPython"


def _run(loop: TimedLoop, n: int) -> int:
    enabled = gc.isenabled()
    if not _PAUSE_GC:
        return loop(n)
    gc.disable()
    try:
        return loop(n)
    finally:
        if enabled:
            gc.enable()


def calibrate(loops: Sequence[TimedLoop], min_seconds: float) -> int:
    """Loop count making the slowest of `loops` run at least `min_seconds` per measurement."""
    n = 1
    while True:
        slowest = max(_run(loop, n) for loop in loops)
        if slowest >= min_seconds * 1e9 or n >= 1 << 30:
            return n
        # aim a little past the target so that the next round usually ends the search
        grow = int(min_seconds * 1e9 * 1.2 / max(slowest, 1)) + 1
        n *= min(max(grow, 2), 100)


@dataclass
class Comparison:
    """Per-implementation costs (ns per statement) over repeats; index r is the same repeat for all."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    statements_per_sample: int = 0

    def best(self, impl: str) -> float:
        return min(self.samples[impl])

    def median(self, impl: str) -> float:
        return statistics.median(self.samples[impl])

    def summary(self, impl: str) -> dict[str, Any]:
        return {"best": self.best(impl), "median": self.median(impl), "samples": self.samples[impl]}

    def ratio(self, impl: str, baseline: str) -> float:
        """Median over repeats of impl/baseline, each ratio taken within one repeat."""
        pairs = zip(self.samples[impl], self.samples[baseline])
        return statistics.median(a / b for a, b in pairs if b > 0)


def compare(
    statements: Mapping[str, tuple[str, Mapping[str, Any]]],
    repeats: int,
    min_seconds: float,
    unroll: int = UNROLL,
) -> Comparison:
    """Time each implementation's (statement, namespace) `repeats` times, interleaved.

    The per-statement cost of an empty loop, measured in the same repeat, is subtracted.
    """
    loops = {impl: compile_loop(stmt, ns, unroll) for impl, (stmt, ns) in statements.items()}
    empty = compile_loop("pass", {}, unroll)
    n = calibrate(list(loops.values()), min_seconds)
    per_statement = 1.0 / (n * unroll)
    order = list(loops)
    raw: dict[str, list[float]] = {impl: [] for impl in order}
    empty_costs = []
    for r in range(repeats):
        rotated = order[r % len(order):] + order[: r % len(order)]
        empty_costs.append(_run(empty, n) * per_statement)
        for impl in rotated:
            raw[impl].append(_run(loops[impl], n) * per_statement)
    # the quietest empty loop is the loop's true cost; a preempted one would eat into the samples
    overhead = min(empty_costs)
    samples = {impl: [max(cost - overhead, 0.0) for cost in costs] for impl, costs in raw.items()}
    return Comparison(samples, n * unroll)
