"""A DVPP vision pipeline the classic pyACL way: JPEG -> JPEGD -> VPC resize -> model -> top-5.

    python examples/jpeg_resize_classify.py [picture.jpg]

Without an argument a smooth synthetic 500x374 4:2:0 JPEG is made with Pillow. The device side
follows the usual media sample: a DVPP channel, the JPEG copied into DVPP memory, the output size
from dvpp_jpeg_predict_dec_size, dvpp_jpeg_decode_async to YUV420SP (NV12), dvpp_vpc_resize_async
(bilinear) to the 224x224 NV12 input of the model, and the VPC output buffer handed straight to
acl.mdl.execute (DVPP memory is device memory). The model, built here with the `onnx` package,
takes the NV12 bytes as a [336, 224] uint8 tensor, turns them into RGB inside the graph (JFIF
full-range BT.601, the colour space of JPEG) and runs a small convolutional network with seeded
weights to 1000 scores.

The same work is then done without the device: Pillow decodes the JPEG to Y, Cb, Cr, numpy builds
the NV12 picture and resizes it with the bilinear formula of OpenCV (which the runtime documents
for interpolation 1), and onnxruntime runs the same model file. The example prints both top-5
lists and exits non-zero when the scores or the top-5 differ.

Needs the `[media]` and `[onnx]` extras (av, onnx, onnxruntime) and Pillow.
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
MODEL_SIDE = 224
TOP_K = 5
BILINEAR = 1  # acldvppResizeConfig interpolation: OpenCV-style bilinear
# A pixel may differ by a level or two between FFmpeg's and libjpeg's IDCT and the two bilinear
# implementations; the scores may move by as much as that moves them, not more.
MAX_PIXEL_DIFFERENCE = 2
SCORE_TOLERANCE = 0.01


def check(ret: int, what: str) -> None:
    if ret != ACL_SUCCESS:
        raise SystemExit(f"{what} failed with error {ret}: {acl.get_recent_err_msg()}")


def align_up(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


def nv12_size(width_stride: int, height_stride: int) -> int:
    return width_stride * height_stride * 3 // 2


# ---------------------------------------------------------------- inputs: picture and model


def make_sample_jpeg(path: Path) -> None:
    """A smooth picture (gradients and soft blobs) saved as a 4:2:0 JPEG: no detail finer than
    the chroma grid, so both decoders agree closely."""
    from PIL import Image

    height, width = 374, 500
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    red = 255 * x / (width - 1)
    green = 255 * y / (height - 1)
    blue = 128 + 100 * np.sin(x / 47.0) * np.cos(y / 31.0)
    for cx, cy, radius, colour in ((140, 120, 60, (255, 40, 0)), (360, 250, 80, (0, 60, 255))):
        weight = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2.0 * radius**2))
        red = red * (1 - weight) + colour[0] * weight
        green = green * (1 - weight) + colour[1] * weight
        blue = blue * (1 - weight) + colour[2] * weight
    rgb = np.clip(np.stack([red, green, blue], axis=-1) + 0.5, 0, 255).astype(np.uint8)
    Image.fromarray(rgb, "RGB").save(path, "JPEG", quality=95, subsampling="4:2:0")


def build_model(path: Path) -> None:
    """NV12 uint8 [336, 224] -> RGB -> conv net with seeded weights -> float32 scores [1, 1000]."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(2025)
    half = MODEL_SIDE // 2

    def tensor(name: str, values: np.ndarray) -> onnx.TensorProto:
        return numpy_helper.from_array(values, name)

    def weight(name: str, *shape: int) -> onnx.TensorProto:
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
        return tensor(name, (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32))

    def ints(name: str, *values: int) -> onnx.TensorProto:
        return tensor(name, np.array(values, dtype=np.int64))

    # JFIF: R = Y + 1.402 Cr', G = Y - 0.344136 Cb' - 0.714136 Cr', B = Y + 1.772 Cb' (Cb' = Cb - 128)
    ycbcr_to_rgb = np.array(
        [[1.0, 0.0, 1.402], [1.0, -0.344136, -0.714136], [1.0, 1.772, 0.0]], dtype=np.float32
    ).reshape(3, 3, 1, 1)
    mean = np.array([0.485, 0.456, 0.406], dtype=np.float32).reshape(1, 3, 1, 1)
    std = np.array([0.229, 0.224, 0.225], dtype=np.float32).reshape(1, 3, 1, 1)

    def conv(x: str, w: str, y: str, kernel: int, stride: int) -> onnx.NodeProto:
        return helper.make_node(
            "Conv", [x, w], [y], kernel_shape=[kernel, kernel], strides=[stride, stride],
            pads=[kernel // 2] * 4,
        )

    nodes = [
        helper.make_node("Cast", ["nv12"], ["nv12_f"], to=TensorProto.FLOAT),
        helper.make_node("Slice", ["nv12_f", "zero", "side", "axis0"], ["luma"]),
        helper.make_node("Reshape", ["luma", "luma_shape"], ["y"]),
        helper.make_node("Slice", ["nv12_f", "side", "nv12_rows", "axis0"], ["chroma_rows"]),
        helper.make_node("Reshape", ["chroma_rows", "chroma_hwc"], ["chroma_hwc_t"]),
        helper.make_node("Transpose", ["chroma_hwc_t"], ["chroma_chw"], perm=[2, 0, 1]),
        helper.make_node("Unsqueeze", ["chroma_chw", "axis0"], ["chroma_small"]),
        helper.make_node("Resize", ["chroma_small", "", "upsample"], ["chroma"], mode="nearest"),
        helper.make_node("Concat", ["y", "chroma"], ["ycbcr"], axis=1),
        helper.make_node("Sub", ["ycbcr", "chroma_offset"], ["ycbcr_centred"]),
        helper.make_node("Conv", ["ycbcr_centred", "ycbcr_to_rgb"], ["rgb255"]),
        helper.make_node("Div", ["rgb255", "level_255"], ["rgb"]),
        helper.make_node("Sub", ["rgb", "mean"], ["rgb_centred"]),
        helper.make_node("Div", ["rgb_centred", "std"], ["image"]),
        conv("image", "stem_w", "stem", 7, 2),
        helper.make_node("Relu", ["stem"], ["stem_relu"]),
        helper.make_node("MaxPool", ["stem_relu"], ["pool"], kernel_shape=[3, 3], strides=[2, 2],
                         pads=[1] * 4),
        conv("pool", "block_w", "block", 3, 2),
        helper.make_node("Relu", ["block"], ["block_relu"]),
        helper.make_node("GlobalAveragePool", ["block_relu"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["features"]),
        helper.make_node("Gemm", ["features", "fc_w", "fc_b"], ["scores"], transB=1),
    ]
    initializers = [
        ints("zero", 0),
        ints("side", MODEL_SIDE),
        ints("nv12_rows", MODEL_SIDE * 3 // 2),
        ints("axis0", 0),
        ints("luma_shape", 1, 1, MODEL_SIDE, MODEL_SIDE),
        ints("chroma_hwc", half, half, 2),
        tensor("upsample", np.array([1, 1, 2, 2], dtype=np.float32)),
        tensor("chroma_offset", np.array([0, 128, 128], dtype=np.float32).reshape(1, 3, 1, 1)),
        tensor("ycbcr_to_rgb", ycbcr_to_rgb),
        tensor("level_255", np.array(255, dtype=np.float32)),
        tensor("mean", mean),
        tensor("std", std),
        weight("stem_w", 16, 3, 7, 7),
        weight("block_w", 32, 16, 3, 3),
        weight("fc_w", 1000, 32),
        tensor("fc_b", (rng.standard_normal(1000) * 0.1).astype(np.float32)),
    ]
    graph = helper.make_graph(
        nodes,
        "nv12_classifier",
        [helper.make_tensor_value_info("nv12", TensorProto.UINT8, [MODEL_SIDE * 3 // 2, MODEL_SIDE])],
        [helper.make_tensor_value_info("scores", TensorProto.FLOAT, [1, 1000])],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


# ---------------------------------------------------------------- the device pipeline (pyACL)


def create_pic_desc(data: int, size: int, fmt: int, width: int, height: int,
                    width_stride: int, height_stride: int) -> int:
    desc = acl.media.dvpp_create_pic_desc()
    if not desc:
        raise SystemExit(f"acl.media.dvpp_create_pic_desc failed: {acl.get_recent_err_msg()}")
    for setter, value in (
        (acl.media.dvpp_set_pic_desc_data, data),
        (acl.media.dvpp_set_pic_desc_size, size),
        (acl.media.dvpp_set_pic_desc_format, fmt),
        (acl.media.dvpp_set_pic_desc_width, width),
        (acl.media.dvpp_set_pic_desc_height, height),
        (acl.media.dvpp_set_pic_desc_width_stride, width_stride),
        (acl.media.dvpp_set_pic_desc_height_stride, height_stride),
    ):
        check(setter(desc, value), setter.__name__)
    return desc


def decode_jpeg(channel: int, stream: int, jpeg: bytes) -> tuple[int, int, int]:
    """JPEGD into fresh DVPP memory: (output pic desc, its buffer, the buffer's size)."""
    # The header queries read the file where it is, in host memory; the decoder reads DVPP memory.
    jpeg_host = acl.util.bytes_to_ptr(jpeg)
    width, height, components, ret = acl.media.dvpp_jpeg_get_image_info(jpeg_host, len(jpeg))
    check(ret, "acl.media.dvpp_jpeg_get_image_info")
    nv12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
    out_size, ret = acl.media.dvpp_jpeg_predict_dec_size(jpeg_host, len(jpeg), nv12)
    check(ret, "acl.media.dvpp_jpeg_predict_dec_size")
    jpeg_device, ret = acl.media.dvpp_malloc(len(jpeg))
    check(ret, "acl.media.dvpp_malloc (jpeg)")
    check(
        acl.rt.memcpy(jpeg_device, len(jpeg), jpeg_host, len(jpeg), acl.ACL_MEMCPY_HOST_TO_DEVICE),
        "acl.rt.memcpy (jpeg in)",
    )
    print(f"jpeg: {len(jpeg)} bytes, {width}x{height}, {components} components; "
          f"decoded NV12 needs {out_size} bytes")
    out_device, ret = acl.media.dvpp_malloc(out_size)
    check(ret, "acl.media.dvpp_malloc (decoded)")
    # The decoder fills in width, height and the strides it used.
    out_desc = acl.media.dvpp_create_pic_desc()
    check(acl.media.dvpp_set_pic_desc_data(out_desc, out_device), "acl.media.dvpp_set_pic_desc_data")
    check(acl.media.dvpp_set_pic_desc_size(out_desc, out_size), "acl.media.dvpp_set_pic_desc_size")
    check(acl.media.dvpp_set_pic_desc_format(out_desc, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420),
          "acl.media.dvpp_set_pic_desc_format")
    check(acl.media.dvpp_jpeg_decode_async(channel, jpeg_device, len(jpeg), out_desc, stream),
          "acl.media.dvpp_jpeg_decode_async")
    check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream (jpegd)")
    check(acl.media.dvpp_get_pic_desc_ret_code(out_desc), "jpeg decode (output pic desc ret code)")
    check(acl.media.dvpp_free(jpeg_device), "acl.media.dvpp_free (jpeg)")
    print(
        "decoded: "
        f"{acl.media.dvpp_get_pic_desc_width(out_desc)}x{acl.media.dvpp_get_pic_desc_height(out_desc)}, "
        f"strides {acl.media.dvpp_get_pic_desc_width_stride(out_desc)}x"
        f"{acl.media.dvpp_get_pic_desc_height_stride(out_desc)}"
    )
    return out_desc, out_device, out_size


def resize_to_model_input(channel: int, stream: int, decoded_desc: int) -> tuple[int, int, int]:
    """VPC bilinear resize of the decoded picture to 224x224 NV12: (pic desc, buffer, size)."""
    width_stride, height_stride = align_up(MODEL_SIDE, 16), align_up(MODEL_SIDE, 2)
    size = nv12_size(width_stride, height_stride)
    out_device, ret = acl.media.dvpp_malloc(size)
    check(ret, "acl.media.dvpp_malloc (model input)")
    out_desc = create_pic_desc(out_device, size, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420, MODEL_SIDE, MODEL_SIDE,
                               width_stride, height_stride)
    resize_config = acl.media.dvpp_create_resize_config()
    check(acl.media.dvpp_set_resize_config_interpolation(resize_config, BILINEAR),
          "acl.media.dvpp_set_resize_config_interpolation")
    check(acl.media.dvpp_vpc_resize_async(channel, decoded_desc, out_desc, resize_config, stream),
          "acl.media.dvpp_vpc_resize_async")
    check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream (vpc)")
    check(acl.media.dvpp_get_pic_desc_ret_code(out_desc), "vpc resize (output pic desc ret code)")
    check(acl.media.dvpp_destroy_resize_config(resize_config), "acl.media.dvpp_destroy_resize_config")
    return out_desc, out_device, size


def execute_model(model_path: Path, input_device: int, input_size: int) -> np.ndarray:
    """acl.mdl.execute with the DVPP buffer as the model's only input; returns the scores."""
    model_id, ret = acl.mdl.load_from_file(str(model_path))
    check(ret, "acl.mdl.load_from_file")
    desc = acl.mdl.create_desc()
    check(acl.mdl.get_desc(desc, model_id), "acl.mdl.get_desc")
    expected_input = acl.mdl.get_input_size_by_index(desc, 0)
    if expected_input != input_size:
        raise SystemExit(f"the model wants {expected_input} input bytes, VPC wrote {input_size}")
    output_size = acl.mdl.get_output_size_by_index(desc, 0)

    inputs = acl.mdl.create_dataset()
    input_buffer = acl.create_data_buffer(input_device, input_size)
    _, ret = acl.mdl.add_dataset_buffer(inputs, input_buffer)
    check(ret, "acl.mdl.add_dataset_buffer (input)")
    output_device, ret = acl.rt.malloc(output_size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "acl.rt.malloc (scores)")
    outputs = acl.mdl.create_dataset()
    output_buffer = acl.create_data_buffer(output_device, output_size)
    _, ret = acl.mdl.add_dataset_buffer(outputs, output_buffer)
    check(ret, "acl.mdl.add_dataset_buffer (output)")

    check(acl.mdl.execute(model_id, inputs, outputs), "acl.mdl.execute")
    scores = copy_to_host(output_device, output_size).view(np.float32).reshape(1, -1)

    for buffer in (input_buffer, output_buffer):
        check(acl.destroy_data_buffer(buffer), "acl.destroy_data_buffer")
    for dataset in (inputs, outputs):
        check(acl.mdl.destroy_dataset(dataset), "acl.mdl.destroy_dataset")
    check(acl.rt.free(output_device), "acl.rt.free (scores)")
    check(acl.mdl.unload(model_id), "acl.mdl.unload")
    check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")
    return scores


def copy_to_host(device: int, size: int) -> np.ndarray:
    """The bytes of a device (or DVPP) buffer, through host memory, as a uint8 array."""
    host, ret = acl.rt.malloc_host(size)
    check(ret, "acl.rt.malloc_host")
    check(acl.rt.memcpy(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "acl.rt.memcpy (to host)")
    data = np.frombuffer(acl.util.ptr_to_bytes(host, size), dtype=np.uint8)
    check(acl.rt.free_host(host), "acl.rt.free_host")
    return data


def run_on_device(jpeg: bytes, model_path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The whole device flow: (the NV12 model input VPC made, the scores)."""
    check(acl.init(), "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    channel = acl.media.dvpp_create_channel_desc()
    if not channel:
        raise SystemExit(f"acl.media.dvpp_create_channel_desc failed: {acl.get_recent_err_msg()}")
    check(acl.media.dvpp_create_channel(channel), "acl.media.dvpp_create_channel")

    decoded_desc, decoded_device, _ = decode_jpeg(channel, stream, jpeg)
    input_desc, input_device, input_size = resize_to_model_input(channel, stream, decoded_desc)
    model_input = copy_to_host(input_device, input_size)
    scores = execute_model(model_path, input_device, input_size)

    for desc in (decoded_desc, input_desc):
        check(acl.media.dvpp_destroy_pic_desc(desc), "acl.media.dvpp_destroy_pic_desc")
    for device in (decoded_device, input_device):
        check(acl.media.dvpp_free(device), "acl.media.dvpp_free")
    check(acl.media.dvpp_destroy_channel(channel), "acl.media.dvpp_destroy_channel")
    check(acl.media.dvpp_destroy_channel_desc(channel), "acl.media.dvpp_destroy_channel_desc")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    check(acl.finalize(), "acl.finalize")
    return model_input, scores


# ---------------------------------------------------------------- the same without the device


def resize_bilinear(plane: np.ndarray, out_height: int, out_width: int) -> np.ndarray:
    """OpenCV's INTER_LINEAR: pixel centres aligned, source coordinates clamped to the edge."""

    def taps(out_size: int, in_size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        position = (np.arange(out_size) + 0.5) * (in_size / out_size) - 0.5
        position = np.clip(position, 0, in_size - 1)
        low = np.floor(position).astype(np.int64)
        return low, np.minimum(low + 1, in_size - 1), position - low

    y0, y1, wy = taps(out_height, plane.shape[0])
    x0, x1, wx = taps(out_width, plane.shape[1])
    source = plane.astype(np.float64)
    top = source[y0][:, x0] * (1 - wx) + source[y0][:, x1] * wx
    bottom = source[y1][:, x0] * (1 - wx) + source[y1][:, x1] * wx
    blended = top * (1 - wy)[:, None] + bottom * wy[:, None]
    return np.clip(np.floor(blended + 0.5), 0, 255).astype(np.uint8)


def reference_model_input(jpeg_path: Path) -> np.ndarray:
    """Pillow's decode to Y/Cb/Cr, chroma averaged back to the 4:2:0 grid, resized like VPC."""
    from PIL import Image

    with Image.open(jpeg_path) as image:
        image.draft("YCbCr", image.size)  # keep libjpeg's YCbCr output: no trip through RGB
        if image.mode == "L":
            luma = np.asarray(image)
            cb = cr = np.full_like(luma, 128)
        else:
            ycbcr = np.asarray(image.convert("YCbCr"))
            luma, cb, cr = ycbcr[..., 0], ycbcr[..., 1], ycbcr[..., 2]
    height, width = luma.shape[0] // 2 * 2, luma.shape[1] // 2 * 2  # VPC reads YUV420 in whole 2x2 cells

    def subsample(plane: np.ndarray) -> np.ndarray:
        cells = plane[:height, :width].astype(np.float64).reshape(height // 2, 2, width // 2, 2)
        return np.floor(cells.mean(axis=(1, 3)) + 0.5)

    half = MODEL_SIDE // 2
    out_luma = resize_bilinear(luma[:height, :width], MODEL_SIDE, MODEL_SIDE)
    out_cb = resize_bilinear(subsample(cb), half, half)
    out_cr = resize_bilinear(subsample(cr), half, half)
    chroma = np.stack([out_cb, out_cr], axis=-1).reshape(half, MODEL_SIDE)
    return np.concatenate([out_luma, chroma]).reshape(-1)


def run_reference(jpeg_path: Path, model_path: Path) -> tuple[np.ndarray, np.ndarray]:
    import onnxruntime

    model_input = reference_model_input(jpeg_path)
    session = onnxruntime.InferenceSession(str(model_path), providers=["CPUExecutionProvider"])
    scores = session.run(None, {"nv12": model_input.reshape(MODEL_SIDE * 3 // 2, MODEL_SIDE)})[0]
    return model_input, scores


# ---------------------------------------------------------------- main


def top_k(scores: np.ndarray) -> list[int]:
    return [int(i) for i in np.argsort(scores[0])[::-1][:TOP_K]]


def main(argv: list[str]) -> int:
    try:
        import av  # noqa: F401  (the emulator's JPEG decoder)
        import onnxruntime  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as missing:
        raise SystemExit(
            f"this example needs {missing.name}: pip install 'ascendcl-cffi[media,onnx]' pillow"
        ) from None

    with tempfile.TemporaryDirectory(prefix="jpeg-classify-") as tmp:
        model_path = Path(tmp) / "nv12_classifier.onnx"
        build_model(model_path)
        if argv:
            jpeg_path = Path(argv[0])
        else:
            jpeg_path = Path(tmp) / "sample.jpg"
            make_sample_jpeg(jpeg_path)
        jpeg = jpeg_path.read_bytes()
        device_input, scores = run_on_device(jpeg, model_path)
        expected_input, expected = run_reference(jpeg_path, model_path)

    pixel_difference = int(np.abs(device_input.astype(np.int16) - expected_input.astype(np.int16)).max())
    score_difference = float(np.abs(scores - expected).max())
    score_scale = float(np.abs(expected).max())
    top, expected_top = top_k(scores), top_k(expected)
    print(f"model input: largest difference from Pillow + numpy {pixel_difference} "
          f"(allowed {MAX_PIXEL_DIFFERENCE})")
    print(f"scores: largest difference {score_difference:.6f} (allowed {SCORE_TOLERANCE * score_scale:.6f})")
    for rank, (ours, theirs) in enumerate(zip(top, expected_top), 1):
        print(f"top-{rank}: device class {ours} score {scores[0, ours]:.5f}   "
              f"reference class {theirs} score {expected[0, theirs]:.5f}")
    failures = []
    if pixel_difference > MAX_PIXEL_DIFFERENCE:
        failures.append("the model input differs from the Pillow + numpy picture")
    if score_difference > SCORE_TOLERANCE * score_scale:
        failures.append("the scores differ from onnxruntime's")
    if top != expected_top:
        failures.append("the top-5 differs")
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        return 1
    print(f"jpeg -> resize -> classify OK: top-{TOP_K} {top} match Pillow + numpy + onnxruntime")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
