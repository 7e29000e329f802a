"""GEMM throughput of the emulator's acl.blas against numpy's matmul (a benchmark, not a test).

    python benchmarks/bench_blas.py [--size 512] [--repeats 7] [--rounds 3] [--settle 0.5] [--min-ratio 0.2]

Each measurement is the median wall time of `repeats` calls of acl.blas.gemm_ex (C = A B, for
float32, float16, int8->int32 and int8->float32) followed by a stream synchronization, the lowest
of `rounds` such medians with the two sides taking turns, against the fastest way a numpy user
would get the same product: `a @ b` in the operands' own type, or a cast to float32, BLAS, and a
cast back (exact for int8 at these sizes: every partial sum stays below 2**24). The MatMul and
BatchMatMul operators (float32, through acl.op.execute_v2) are measured the same way against
`np.matmul(out=)`.
Comparing half/int8 GEMM with numpy's non-BLAS half/integer loops alone flattered the emulator
by two orders of magnitude. The ratio numpy_time / emulator_time is printed (1.0 = as fast as
numpy) with the baseline that won; with --min-ratio the exit status says whether the float32
ratio reached it. Both share the machine with whatever else runs.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("ACL_BACKEND", "emulator")
# appended, not prepended: an installed acl wins over the source tree (which has no built extension)
sys.path.append(str(Path(__file__).resolve().parents[1]))

import numpy as np

import acl
from benchmarks.bench_ops import Op

# (operands, result) of each GEMM measured
CASES = ((np.float32, np.float32), (np.float16, np.float16), (np.int8, np.int32), (np.int8, np.float32))


def check(ret: int, what: str) -> None:
    if ret != acl.ACL_SUCCESS:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


# OpenBLAS's idle threads spin for 2**28 cycles (about 0.1 s here, OPENBLAS_THREAD_TIMEOUT) before
# they sleep. Two pools live in this process (numpy's and the emulator's scipy-openblas32), so a
# side measured right after the other would share the cores with the other's spinning threads:
# runs then swung from 0.5x to 4x on either side. Each side waits for the other's pool to park.
SETTLE_SECONDS = 0.5


def median_seconds(function: Callable[[], None], repeats: int, settle: float = SETTLE_SECONDS) -> float:
    time.sleep(settle)
    function()  # warm-up: page faults, thread start, cpu dispatch
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


_pinned: list[int] = []  # aclrtMallocHost buffers, freed at the end of main


def pinned(array: np.ndarray) -> np.ndarray:
    """A copy of `array` in aclrtMallocHost memory (a numpy view of it)."""
    ptr, ret = acl.rt.malloc_host(array.nbytes)
    check(ret, "acl.rt.malloc_host")
    _pinned.append(ptr)
    view = np.ctypeslib.as_array((ctypes.c_char * array.nbytes).from_address(ptr))
    view = view.view(array.dtype).reshape(array.shape)
    view[...] = array
    return view


def gemm_case(
    stream: int, size: int, in_type: type, out_type: type
) -> tuple[Callable[[], None], dict[str, Callable[[], None]]]:
    """(emulator call, {name: numpy call}) for one square GEMM; the closures keep the operands."""
    rng = np.random.default_rng(0)
    if in_type == np.int8:
        a = rng.integers(-128, 128, size=(size, size)).astype(np.int8)
        b = rng.integers(-128, 128, size=(size, size)).astype(np.int8)
    else:
        a = rng.uniform(-1, 1, size=(size, size)).astype(in_type)
        b = rng.uniform(-1, 1, size=(size, size)).astype(in_type)
    # operands in aclrtMallocHost memory: the emulator takes only memory it tracks for them
    c = pinned(np.zeros((size, size), dtype=out_type))
    alpha = pinned(np.ones(1, dtype=out_type))
    beta = pinned(np.zeros(1, dtype=out_type))
    a_host, b_host = pinned(a), pinned(b)
    types = {
        np.float32: acl.ACL_FLOAT,
        np.float16: acl.ACL_FLOAT16,
        np.int8: acl.ACL_INT8,
        np.int32: acl.ACL_INT32,
    }

    def emulator() -> None:
        check(
            acl.blas.gemm_ex(
                acl.ACL_TRANS_N,
                acl.ACL_TRANS_N,
                acl.ACL_TRANS_N,
                size,
                size,
                size,
                alpha.ctypes.data,
                a_host.ctypes.data,
                -1,
                types[in_type],
                b_host.ctypes.data,
                -1,
                types[in_type],
                beta.ctypes.data,
                c.ctypes.data,
                -1,
                types[out_type],
                acl.ACL_COMPUTE_HIGH_PRECISION,
                stream,
            ),
            "acl.blas.gemm_ex",
        )
        check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream")

    native_a, native_b = (a.astype(np.int32), b.astype(np.int32)) if in_type == np.int8 else (a, b)

    def native() -> None:
        np.matmul(native_a, native_b).astype(out_type, copy=False)

    def through_float32() -> None:
        np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(out_type, copy=False)

    baselines = {"numpy matmul": native}
    if in_type != np.float32:
        baselines["cast to float32 + BLAS"] = through_float32
    return emulator, baselines


def operator_cases(
    stream: int, size: int
) -> list[tuple[str, Op, dict[str, Callable[[], None]], Callable[[], np.ndarray]]]:
    """(name, emulator op, {name: numpy call}, numpy result) for MatMul and BatchMatMul in float32,
    run through acl.op.execute_v2 as a user's single-operator code does."""
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, size=(size, size)).astype(np.float32)
    b = rng.uniform(-1, 1, size=(size, size)).astype(np.float32)
    c = np.empty((size, size), np.float32)
    batch, side = 8, size // 2
    ba = rng.uniform(-1, 1, size=(batch, side, side)).astype(np.float32)
    bb = rng.uniform(-1, 1, size=(batch, side, side)).astype(np.float32)
    bc = np.empty((batch, side, side), np.float32)
    return [
        (f"MatMul op fp32 {size}^3", Op(stream, "MatMul", [a, b], c),
         {"numpy matmul": lambda: np.matmul(a, b, out=c)}, lambda: a @ b),
        (f"BatchMatMul op fp32 {batch}x{side}^3", Op(stream, "BatchMatMul", [ba, bb], bc),
         {"numpy matmul": lambda: np.matmul(ba, bb, out=bc)}, lambda: ba @ bb),
    ]  # fmt: skip


def case_times(
    emulator: Callable[[], None],
    baselines: dict[str, Callable[[], None]],
    repeats: int,
    rounds: int,
    settle: float = SETTLE_SECONDS,
) -> tuple[float, dict[str, float]]:
    """Seconds of the emulator and of every baseline (by name; a user would pick the fastest): each
    the lowest median of `rounds` rounds, the sides taking turns, so that a burst of other work on
    this shared machine during one side's run does not decide the ratio."""
    emulator_rounds: list[float] = []
    baseline_rounds: dict[str, list[float]] = {name: [] for name in baselines}
    for _ in range(rounds):
        emulator_rounds.append(median_seconds(emulator, repeats, settle))
        for name, call in baselines.items():
            baseline_rounds[name].append(median_seconds(call, repeats, settle))
    return min(emulator_rounds), {name: min(times) for name, times in baseline_rounds.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=3, help="turns each side takes; the best median counts")
    parser.add_argument(
        "--settle",
        type=float,
        default=SETTLE_SECONDS,
        help="seconds to wait before each side's turn (thread pools park)",
    )
    parser.add_argument("--min-ratio", type=float, help="fail unless float32 numpy/emulator reaches this")
    args = parser.parse_args(argv)

    init_ret = acl.init() if "config_path" not in acl.init.__code__.co_varnames else acl.init(None)
    check(init_ret, "acl.init")
    check(acl.rt.set_device(0), "acl.rt.set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    flops = 2.0 * args.size**3
    float32_ratio = 0.0
    try:
        for in_type, out_type in CASES:
            emulator, baselines = gemm_case(stream, args.size, in_type, out_type)
            t_emu, times = case_times(emulator, baselines, args.repeats, args.rounds, args.settle)
            t_ref = min(times.values())
            ratio = t_ref / t_emu
            if in_type == np.float32:
                float32_ratio = ratio
            name = f"{np.dtype(in_type).name}->{np.dtype(out_type).name}"
            print(
                f"{name:16} {args.size}^3  emulator {t_emu * 1e3:8.2f} ms "
                f"({flops / t_emu / 1e9:5.1f} GFLOP/s)  numpy {t_ref * 1e3:8.2f} ms  ratio {ratio:.3g}  "
                f"[fastest of: {', '.join(f'{n} {t * 1e3:.2f} ms' for n, t in times.items())}]"
            )
        for name, op, baselines, want in operator_cases(stream, args.size):
            t_emu, times = case_times(op, baselines, args.repeats, args.rounds, args.settle)
            np.testing.assert_allclose(op.result(), want(), rtol=1e-4, atol=1e-4 * np.sqrt(args.size))
            op.release()
            t_ref = min(times.values())
            print(
                f"{name:24} emulator {t_emu * 1e3:8.2f} ms  numpy {t_ref * 1e3:8.2f} ms  "
                f"ratio {t_ref / t_emu:.3g}"
            )
    finally:
        for ptr in _pinned:
            check(acl.rt.free_host(ptr), "acl.rt.free_host")
        check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
        check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
        check(acl.rt.reset_device(0), "acl.rt.reset_device")
        check(acl.finalize(), "acl.finalize")
    if args.min_ratio is not None and float32_ratio < args.min_ratio:
        print(f"float32 ratio {float32_ratio:.3f} is below {args.min_ratio}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
