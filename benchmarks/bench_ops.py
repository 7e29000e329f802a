"""Emulator operator compute against numpy doing the same work (a benchmark, not a test).

    python benchmarks/bench_ops.py [--repeats 7] [--json OUT]

Each case is the median wall time of `repeats` runs of acl.op.execute_v2 followed by a stream
synchronization, against the fastest numpy formulation a user would write for the same result
(`np.add(a, b, out=c)`, a max-shifted exp/sum softmax with `out=`, `astype` into a preallocated
array). The ratio emulator_time / numpy_time is printed (1.0 = as fast as numpy, lower is
better). Both run in this process, one after the other, so machine load affects both alike.
"""

from __future__ import annotations

import argparse
import json
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

DTYPES = {np.dtype(np.float32): acl.ACL_FLOAT, np.dtype(np.float16): acl.ACL_FLOAT16}


def check(ret: int, what: str) -> None:
    if ret != acl.ACL_SUCCESS:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def median_seconds(function: Callable[[], None], repeats: int) -> float:
    function()  # warm-up: page faults, thread start
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class Op:
    """One operator call on device copies of numpy arrays, ready to run again and again."""

    def __init__(self, stream: int, op_type: str, inputs: list[np.ndarray], out: np.ndarray, **attrs: object):
        self.stream, self.op_type = stream, op_type
        self.out = out
        self.in_descs, self.in_bufs, self.out_descs, self.out_bufs = [], [], [], []
        self._device: list[int] = []
        for array in inputs:
            self.in_descs.append(
                acl.create_tensor_desc(DTYPES[array.dtype], list(array.shape), acl.ACL_FORMAT_ND)
            )
            self.in_bufs.append(self._upload(array))
        self.out_descs.append(acl.create_tensor_desc(DTYPES[out.dtype], list(out.shape), acl.ACL_FORMAT_ND))
        self.out_ptr = self._device_buffer(out.nbytes)
        self.out_bufs.append(acl.create_data_buffer(self.out_ptr, out.nbytes))
        self.attr = acl.op.create_attr()
        for name, value in attrs.items():
            check(acl.op.set_attr_list_int(self.attr, name, list(value)), "set_attr_list_int")  # type: ignore[call-overload]

    def _device_buffer(self, nbytes: int) -> int:
        ptr, ret = acl.rt.malloc(nbytes, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        check(ret, "malloc")
        self._device.append(ptr)
        return ptr

    def _upload(self, array: np.ndarray) -> int:
        ptr = self._device_buffer(array.nbytes)
        check(
            acl.rt.memcpy(ptr, array.nbytes, array.ctypes.data, array.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE),
            "memcpy",
        )
        return acl.create_data_buffer(ptr, array.nbytes)

    def __call__(self) -> None:
        check(
            acl.op.execute_v2(
                self.op_type,
                self.in_descs,
                self.in_bufs,
                self.out_descs,
                self.out_bufs,
                self.attr,
                self.stream,
            ),
            self.op_type,
        )
        check(acl.rt.synchronize_stream(self.stream), "synchronize_stream")

    def result(self) -> np.ndarray:
        host = np.empty_like(self.out)
        check(
            acl.rt.memcpy(
                host.ctypes.data, host.nbytes, self.out_ptr, host.nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST
            ),
            "memcpy",
        )
        return host

    def release(self) -> None:
        for handle in self.in_descs + self.out_descs:
            acl.destroy_tensor_desc(handle)
        for handle in self.in_bufs + self.out_bufs:
            acl.destroy_data_buffer(handle)
        for ptr in self._device:
            acl.rt.free(ptr)
        acl.op.destroy_attr(self.attr)


def softmax_numpy(x: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> None:
    np.max(x, axis=-1, keepdims=True, out=scratch)
    np.subtract(x, scratch, out=out)
    np.exp(out, out=out)
    np.sum(out, axis=-1, keepdims=True, out=scratch)
    np.divide(out, scratch, out=out)


def cases(stream: int, rng: np.random.Generator) -> list[tuple[str, Op, Callable[[], None], float]]:
    """(name, emulator op, numpy equivalent, tolerance of the result check)."""
    big = (4096, 4096)
    a32, b32 = rng.standard_normal(big, dtype=np.float32), rng.standard_normal(big, dtype=np.float32)
    c32 = np.empty_like(a32)
    a16, b16 = a32.astype(np.float16), b32.astype(np.float16)
    c16 = np.empty_like(a16)
    row = rng.standard_normal((1, 4096), dtype=np.float32)
    s_in = rng.standard_normal((4096, 1024), dtype=np.float32)
    s_out, s_scratch = np.empty_like(s_in), np.empty((4096, 1), np.float32)
    tiny_a, tiny_b = np.arange(4, dtype=np.float32), np.ones(4, np.float32)
    tiny_c = np.empty_like(tiny_a)
    return [
        ("Add fp32 [4096,4096]", Op(stream, "Add", [a32, b32], c32), lambda: np.add(a32, b32, out=c32), 0.0),
        (
            "Add fp32 [4096,4096] + [1,4096]",
            Op(stream, "Add", [a32, row], c32),
            lambda: np.add(a32, row, out=c32),
            0.0,
        ),
        (
            "Mul fp32 [4096,4096]",
            Op(stream, "Mul", [a32, b32], c32),
            lambda: np.multiply(a32, b32, out=c32),
            0.0,
        ),
        ("Add fp16 [4096,4096]", Op(stream, "Add", [a16, b16], c16), lambda: np.add(a16, b16, out=c16), 0.0),
        (
            "Cast fp32->fp16 [4096,4096]",
            Op(
                stream,
                "Cast",
                [a32],
                c16,
            ),
            lambda: c16.__setitem__(..., a32),
            0.0,
        ),
        (
            "SoftmaxV2 fp32 [4096,1024]",
            Op(stream, "SoftmaxV2", [s_in], s_out, axes=[-1]),
            lambda: softmax_numpy(s_in, s_out, s_scratch),
            1e-6,
        ),
        (
            "Add fp32 [4] (latency)",
            Op(stream, "Add", [tiny_a, tiny_b], tiny_c),
            lambda: np.add(tiny_a, tiny_b, out=tiny_c),
            0.0,
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    check(acl.init(), "init")
    check(acl.rt.set_device(0), "set_device")
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    rng = np.random.default_rng(0)
    rows = []
    print(f"{'case':36} {'emulator ms':>12} {'numpy ms':>10} {'ratio':>7}")
    for name, op, reference, tolerance in cases(stream, rng):
        emulator_s = median_seconds(op, args.repeats)
        numpy_s = median_seconds(reference, args.repeats)
        expected = op.out.copy()
        reference()
        got = op.result()
        np.testing.assert_allclose(
            got.astype(np.float64), op.out.astype(np.float64), rtol=tolerance, atol=tolerance
        )
        del expected
        rows.append(
            {"case": name, "emulator_s": emulator_s, "numpy_s": numpy_s, "ratio": emulator_s / numpy_s}
        )
        print(f"{name:36} {emulator_s * 1e3:12.3f} {numpy_s * 1e3:10.3f} {emulator_s / numpy_s:6.2f}x")
        op.release()
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    check(acl.rt.reset_device(0), "reset_device")
    check(acl.finalize(), "finalize")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
