"""Image classification the classic pyACL way, with a ResNet-shaped model, checked against onnxruntime.

A small network with ResNet's interface (float16 image [1, 3, 224, 224] in, float32 scores
[1, 1000] out: stem convolution, max pool, one residual block, global average pool, fully
connected layer) is built with random weights into a temporary ONNX file. It then goes through
the usual inference sample steps: init -> set_device -> create_context -> create_stream ->
load_from_file -> create_desc/get_desc -> one device buffer per input and output sized by the
model -> copy the image in -> execute -> copy the scores out -> top-5 -> unload and release
everything -> reset_device -> finalize. The scores must match onnxruntime run directly on the
same file. On the emulator the ONNX model runs as is; a real NPU needs it converted to .om first.

Needs the `[onnx]` extra (onnx, onnxruntime).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import numpy as np

import acl

ACL_SUCCESS = 0
DEVICE_ID = int(os.environ.get("ACL_DEVICE_ID", "0"))
TOP_K = 5


def check(ret: int, what: str) -> None:
    if ret != ACL_SUCCESS:
        raise SystemExit(f"{what} failed with error {ret}: {acl.get_recent_err_msg()}")


def build_model(path: Path) -> None:
    """Write the ResNet-shaped network with seeded random weights to `path`."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(2024)

    def weight(name: str, *shape: int) -> onnx.TensorProto:
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
        return numpy_helper.from_array(
            (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32), name
        )

    def conv(x: str, w: str, y: str, kernel: int, stride: int = 1) -> onnx.NodeProto:
        pad = kernel // 2
        return helper.make_node(
            "Conv", [x, w], [y], kernel_shape=[kernel, kernel], strides=[stride, stride], pads=[pad] * 4
        )

    nodes = [
        helper.make_node("Cast", ["image"], ["x"], to=TensorProto.FLOAT),
        conv("x", "stem_w", "stem", 7, stride=2),
        helper.make_node("Relu", ["stem"], ["stem_relu"]),
        helper.make_node(
            "MaxPool", ["stem_relu"], ["pool"], kernel_shape=[3, 3], strides=[2, 2], pads=[1] * 4
        ),
        conv("pool", "block_w1", "block1", 3),
        helper.make_node("Relu", ["block1"], ["block1_relu"]),
        conv("block1_relu", "block_w2", "block2", 3),
        helper.make_node("Add", ["block2", "pool"], ["residual"]),
        helper.make_node("Relu", ["residual"], ["residual_relu"]),
        helper.make_node("GlobalAveragePool", ["residual_relu"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["features"]),
        helper.make_node("Gemm", ["features", "fc_w", "fc_b"], ["scores"], transB=1),
    ]
    initializers = [
        weight("stem_w", 16, 3, 7, 7),
        weight("block_w1", 16, 16, 3, 3),
        weight("block_w2", 16, 16, 3, 3),
        weight("fc_w", 1000, 16),
        numpy_helper.from_array(rng.standard_normal(1000).astype(np.float32) * 0.1, "fc_b"),
    ]
    graph = helper.make_graph(
        nodes,
        "resnet_like",
        [helper.make_tensor_value_info("image", TensorProto.FLOAT16, [1, 3, 224, 224])],
        [helper.make_tensor_value_info("scores", TensorProto.FLOAT, [1, 1000])],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def create_dataset(sizes: list[int]) -> tuple[int, list[int], list[int]]:
    """A dataset of fresh device buffers: (dataset, device pointers, data buffers)."""
    dataset = acl.mdl.create_dataset()
    pointers, buffers = [], []
    for size in sizes:
        pointer, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        check(ret, "acl.rt.malloc")
        buffer = acl.create_data_buffer(pointer, size)
        result = acl.mdl.add_dataset_buffer(dataset, buffer)
        check(result[-1] if isinstance(result, tuple) else result, "acl.mdl.add_dataset_buffer")
        pointers.append(pointer)
        buffers.append(buffer)
    return dataset, pointers, buffers


def destroy_dataset(dataset: int, pointers: list[int], buffers: list[int]) -> None:
    for buffer in buffers:
        check(acl.destroy_data_buffer(buffer), "acl.destroy_data_buffer")
    for pointer in pointers:
        check(acl.rt.free(pointer), "acl.rt.free")
    check(acl.mdl.destroy_dataset(dataset), "acl.mdl.destroy_dataset")


def infer(model_path: Path, image: np.ndarray) -> np.ndarray:
    """The pyACL sample flow; returns the scores the device wrote."""
    check(acl.init(), "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")

    model_id, ret = acl.mdl.load_from_file(str(model_path))
    check(ret, "acl.mdl.load_from_file")
    desc = acl.mdl.create_desc()
    check(acl.mdl.get_desc(desc, model_id), "acl.mdl.get_desc")
    input_sizes = [acl.mdl.get_input_size_by_index(desc, i) for i in range(acl.mdl.get_num_inputs(desc))]
    output_sizes = [acl.mdl.get_output_size_by_index(desc, i) for i in range(acl.mdl.get_num_outputs(desc))]
    print(f"model {model_id}: inputs {input_sizes} bytes, outputs {output_sizes} bytes")
    inputs = create_dataset(input_sizes)
    outputs = create_dataset(output_sizes)

    image_bytes = image.tobytes()
    if len(image_bytes) != input_sizes[0]:
        raise SystemExit(f"the model wants {input_sizes[0]} input bytes, the image has {len(image_bytes)}")
    check(
        acl.rt.memcpy(
            inputs[1][0],
            input_sizes[0],
            acl.util.bytes_to_ptr(image_bytes),
            len(image_bytes),
            acl.ACL_MEMCPY_HOST_TO_DEVICE,
        ),
        "acl.rt.memcpy (image in)",
    )
    check(acl.mdl.execute(model_id, inputs[0], outputs[0]), "acl.mdl.execute")
    host, ret = acl.rt.malloc_host(output_sizes[0])
    check(ret, "acl.rt.malloc_host")
    check(
        acl.rt.memcpy(host, output_sizes[0], outputs[1][0], output_sizes[0], acl.ACL_MEMCPY_DEVICE_TO_HOST),
        "acl.rt.memcpy (scores out)",
    )
    scores = np.frombuffer(acl.util.ptr_to_bytes(host, output_sizes[0]), dtype=np.float32).reshape(1, 1000)

    check(acl.rt.free_host(host), "acl.rt.free_host")
    destroy_dataset(*inputs)
    destroy_dataset(*outputs)
    check(acl.mdl.unload(model_id), "acl.mdl.unload")
    check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    check(acl.finalize(), "acl.finalize")
    return scores


def main() -> int:
    try:
        import onnxruntime
    except ImportError:
        raise SystemExit(
            'this example needs onnx and onnxruntime: pip install "ascendcl-cffi[onnx]"'
        ) from None

    with tempfile.TemporaryDirectory(prefix="resnet-like-") as tmp:
        model_path = Path(tmp) / "resnet_like.onnx"
        build_model(model_path)
        image = np.random.default_rng(7).random((1, 3, 224, 224)).astype(np.float16)
        scores = infer(model_path, image)
        session = onnxruntime.InferenceSession(str(model_path), providers=["CPUExecutionProvider"])
        expected = session.run(None, {"image": image})[0]

    top = np.argsort(scores[0])[::-1][:TOP_K]
    expected_top = np.argsort(expected[0])[::-1][:TOP_K]
    for rank, index in enumerate(top, 1):
        print(f"top-{rank}: class {index} score {scores[0, index]:.6f}")
    if not np.allclose(scores, expected, rtol=1e-4, atol=1e-5) or list(top) != list(expected_top):
        print("scores differ from onnxruntime run directly", file=sys.stderr)
        return 1
    print(f"resnet-like inference OK: top-{TOP_K} {list(map(int, top))} match onnxruntime")
    return 0


if __name__ == "__main__":
    sys.exit(main())
