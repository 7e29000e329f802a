"""Model execution on the emulator against onnxruntime run directly (issue 15, target 5: keep it
<= 1.05x).

    python -m benchmarks.bench_model [--repeats 7] [--runs 10] [--batch 64] [--json OUT] [--check]

The model is an MLP (four 1024x1024 MatMul+Add+Relu layers, float32, batch `--batch`) built with
onnx.helper. Ours: acl.mdl.execute on device buffers that already hold the input, as an inference
loop re-running a loaded model does. The baseline: an onnxruntime InferenceSession of the same
bytes, on the same number of threads (ACL_EMU_ONNX_THREADS, default 1, which the emulator's
executor also uses), fed the same input as a numpy array. Both outputs are checked equal first.
Executions of ours and of the baseline alternate, `repeats` x `runs` of each; the ratio is median
ours / median baseline, so a burst of load on the shared machine hits both sides alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from benchmarks.ratio_run import finish, grade

MAX_OVER_ONNXRUNTIME = 1.05
WIDTH, LAYERS = 1024, 4
H2D, D2H = 1, 2  # ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST


def check(ret: int, what: str) -> None:
    import acl

    if ret != 0:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def mlp(batch: int) -> tuple[bytes, Any]:
    """The model's bytes and an input for it."""
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(5)
    nodes, weights, current = [], [], "x"
    for layer in range(LAYERS):
        w = (rng.standard_normal((WIDTH, WIDTH)) / WIDTH ** 0.5).astype(np.float32)
        b = rng.standard_normal(WIDTH).astype(np.float32)
        weights += [numpy_helper.from_array(w, f"w{layer}"), numpy_helper.from_array(b, f"b{layer}")]
        out = "y" if layer == LAYERS - 1 else f"r{layer}"
        nodes += [
            helper.make_node("MatMul", [current, f"w{layer}"], [f"m{layer}"]),
            helper.make_node("Add", [f"m{layer}", f"b{layer}"], [f"a{layer}"]),
            helper.make_node("Relu", [f"a{layer}"], [out]),
        ]
        current = out
    graph = helper.make_graph(
        nodes, "mlp", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, WIDTH])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [batch, WIDTH])], weights,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model.SerializeToString(), rng.standard_normal((batch, WIDTH)).astype(np.float32)


class EmulatorRun:
    """The model loaded on the emulator with device input/output buffers ready to execute."""

    def __init__(self, path: str, x: Any) -> None:
        import acl

        check(acl.init(), "acl.init")
        check(acl.rt.set_device(0), "acl.rt.set_device")
        self.context, ret = acl.rt.create_context(0)
        check(ret, "acl.rt.create_context")
        self.model, ret = acl.mdl.load_from_file(path)
        check(ret, "acl.mdl.load_from_file")
        self.nbytes = x.nbytes
        self.memory: list[int] = []
        self.buffers: list[int] = []
        self.inputs, self.outputs = acl.mdl.create_dataset(), acl.mdl.create_dataset()
        self.input_dev = self._buffer(self.inputs)
        self.output_dev = self._buffer(self.outputs)
        size = self.nbytes
        check(acl.rt.memcpy(self.input_dev, size, x.ctypes.data, size, H2D), "memcpy")

    def _buffer(self, dataset: int) -> int:
        import acl

        device, ret = acl.rt.malloc(self.nbytes, 0)
        check(ret, "acl.rt.malloc")
        self.memory.append(device)
        buffer = acl.create_data_buffer(device, self.nbytes)
        self.buffers.append(buffer)
        _, ret = acl.mdl.add_dataset_buffer(dataset, buffer)
        check(ret, "acl.mdl.add_dataset_buffer")
        return device

    def execute(self) -> None:
        import acl

        check(acl.mdl.execute(self.model, self.inputs, self.outputs), "acl.mdl.execute")

    def output(self) -> Any:
        import numpy as np

        import acl

        y = np.empty(self.nbytes // 4, np.float32)
        size = self.nbytes
        check(acl.rt.memcpy(y.ctypes.data, size, self.output_dev, size, D2H), "memcpy")
        return y

    def close(self) -> None:
        import acl

        acl.mdl.unload(self.model)
        for dataset in (self.inputs, self.outputs):
            acl.mdl.destroy_dataset(dataset)
        for buffer in self.buffers:
            acl.destroy_data_buffer(buffer)
        for device in self.memory:
            acl.rt.free(device)
        acl.rt.destroy_context(self.context)
        acl.rt.reset_device(0)
        acl.finalize()


def _seconds(function: Callable[[], Any]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def measure(batch: int, repeats: int, runs: int) -> dict[str, dict[str, Any]]:
    import numpy as np
    import onnxruntime

    data, x = mlp(batch)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = int(os.environ.get("ACL_EMU_ONNX_THREADS", "1"))
    session = onnxruntime.InferenceSession(data, sess_options=options, providers=["CPUExecutionProvider"])
    with tempfile.TemporaryDirectory() as scratch:
        path = str(Path(scratch) / "mlp.onnx")
        Path(path).write_bytes(data)
        ours = EmulatorRun(path, x)
        try:
            ours.execute()
            expected = session.run(None, {"x": x})[0]
            np.testing.assert_allclose(ours.output(), expected.ravel(), rtol=1e-5, atol=1e-5)
            ours_s, ort_s = [], []
            for _ in range(repeats * runs):  # alternating, so a burst of load hits both sides
                ours_s.append(_seconds(ours.execute))
                ort_s.append(_seconds(lambda: session.run(None, {"x": x})))
        finally:
            ours.close()
    ours_ns, ort_ns = statistics.median(ours_s) * 1e9, statistics.median(ort_s) * 1e9
    label = f"MLP {LAYERS}x{WIDTH} float32, batch {batch}: acl.mdl.execute vs onnxruntime"
    result = {"ours_ns": ours_ns, "baseline": "onnxruntime", "baseline_ns": ort_ns, "ratio": ours_ns / ort_ns}
    return {label: grade(result, MAX_OVER_ONNXRUNTIME)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--check", action="store_true", help="exit 1 when the target is missed")
    args = parser.parse_args(argv)
    os.environ.setdefault("ACL_BACKEND", "emulator")
    results = measure(args.batch, args.repeats, args.runs)
    for name, result in results.items():
        print(f"{name}: {result['ours_ns'] / 1e6:.3f} ms vs {result['baseline_ns'] / 1e6:.3f} ms  "
              f"ratio {result['ratio']:.3f} (<= {result['target']})  {result['status']}")
    sys.stdout.flush()
    return finish(results, args.json, args.check)


if __name__ == "__main__":
    sys.exit(main())
