"""Small ONNX models built on the fly with onnx.helper, each with a numpy reference.

Weights come from a seeded generator so every run builds the same models.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
IR_VERSION = 8  # old enough for every onnxruntime the [onnx] extra allows


def _model(nodes: list[Any], inputs: list[Any], outputs: list[Any], weights: dict[str, np.ndarray]) -> bytes:
    graph = helper.make_graph(
        nodes, "test", inputs, outputs, [numpy_helper.from_array(v, k) for k, v in weights.items()]
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    return model.SerializeToString()


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def mlp(batch: int | str = 2) -> tuple[bytes, Callable[[np.ndarray], np.ndarray]]:
    """x[batch, 8] -> MatMul+Add -> Relu -> MatMul+Add -> Softmax -> y[batch, 4] (float32)."""
    rng = np.random.default_rng(7)
    w1 = rng.standard_normal((8, 16)).astype(np.float32)
    b1 = rng.standard_normal(16).astype(np.float32)
    w2 = rng.standard_normal((16, 4)).astype(np.float32)
    b2 = rng.standard_normal(4).astype(np.float32)
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h0"]),
        helper.make_node("Add", ["h0", "b1"], ["h1"]),
        helper.make_node("Relu", ["h1"], ["h2"]),
        helper.make_node("MatMul", ["h2", "w2"], ["h3"]),
        helper.make_node("Add", ["h3", "b2"], ["h4"]),
        helper.make_node("Softmax", ["h4"], ["y"], axis=-1),
    ]
    data = _model(
        nodes,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [batch, 4])],
        {"w1": w1, "b1": b1, "w2": w2, "b2": b2},
    )

    def reference(x: np.ndarray) -> np.ndarray:
        return _softmax(np.maximum(x @ w1 + b1, 0) @ w2 + b2)

    return data, reference


def half_affine() -> tuple[bytes, Callable[[np.ndarray], np.ndarray]]:
    """x float16 [3, 5] -> x * 2 + 0.5 -> y float16 [3, 5]."""
    nodes = [helper.make_node("Mul", ["x", "two"], ["t"]), helper.make_node("Add", ["t", "half"], ["y"])]
    data = _model(
        nodes,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT16, [3, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT16, [3, 5])],
        {"two": np.array(2, np.float16), "half": np.array(0.5, np.float16)},
    )
    return data, lambda x: x * np.float16(2) + np.float16(0.5)


def two_in_two_out() -> bytes:
    """a, b float32 [2, 3] -> sum = a + b, product = a * b."""
    shape = [2, 3]
    return _model(
        [helper.make_node("Add", ["a", "b"], ["sum"]), helper.make_node("Mul", ["a", "b"], ["product"])],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, shape) for n in ("a", "b")],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, shape) for n in ("sum", "product")],
        {},
    )


def named_nodes() -> bytes:
    """a, b float32 [2, 3] -> y = relu(a + b) * b, through the nodes "/block/Add", "relu_1" and "Mul.0",
    with one unnamed Identity node giving z = y."""
    shape = [2, 3]
    return _model(
        [
            helper.make_node("Add", ["a", "b"], ["s"], name="/block/Add"),
            helper.make_node("Relu", ["s"], ["r"], name="relu_1"),
            helper.make_node("Mul", ["r", "b"], ["y"], name="Mul.0"),
            helper.make_node("Identity", ["y"], ["z"]),
        ],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, shape) for n in ("a", "b")],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, shape) for n in ("y", "z")],
        {},
    )


def channel_mean() -> bytes:
    """x float32 [1, 3, H, W] (H, W symbolic) -> mean over H and W -> y [1, 3]."""
    return _model(
        [helper.make_node("ReduceMean", ["x"], ["y"], axes=[2, 3], keepdims=0)],
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, "H", "W"])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 3])],
        {},
    )


def slow_matmul_chain(size: int = 768, steps: int = 6) -> bytes:
    """x [size, size] multiplied `steps` times by a scaled identity: slow enough to still be running."""
    eye = (np.eye(size, dtype=np.float32) * 0.5).astype(np.float32)
    names = ["x"] + [f"t{i}" for i in range(1, steps)] + ["y"]
    nodes = [helper.make_node("MatMul", [names[i], "m"], [names[i + 1]]) for i in range(steps)]
    return _model(
        nodes,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [size, size])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [size, size])],
        {"m": eye},
    )


def shifted_gather() -> bytes:
    """table float32 [4, 3], idx int64 [2] -> y = relu(table[idx + 1]) through the nodes "/shift" (Add of the
    initializer one), "/gather" (Gather, axis 0) and "/relu": an idx reaching 3 fails inside "/gather"."""
    return _model(
        [
            helper.make_node("Add", ["idx", "one"], ["shifted"], name="/shift"),
            helper.make_node("Gather", ["table", "shifted"], ["rows"], name="/gather", axis=0),
            helper.make_node("Relu", ["rows"], ["y"], name="/relu"),
        ],
        [
            helper.make_tensor_value_info("table", TensorProto.FLOAT, [4, 3]),
            helper.make_tensor_value_info("idx", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])],
        {"one": np.array(1, np.int64)},
    )


def reshape_by_input() -> bytes:
    """x float32 [6], shape int64 [2] -> y = reshape(x, shape + [3, 2]) through the nodes "/dims" (Add of
    an initializer) and "/reshape": a shape whose product is not 6 fails inside "/reshape" at run time
    (zeros, which the emulator's shape inference feeds, give [3, 2])."""
    return _model(
        [
            helper.make_node("Add", ["shape", "base"], ["dims"], name="/dims"),
            helper.make_node("Reshape", ["x", "dims"], ["y"], name="/reshape"),
        ],
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [6]),
            helper.make_tensor_value_info("shape", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["rows", "cols"])],
        {"base": np.array([3, 2], np.int64)},
    )
