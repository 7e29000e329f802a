"""Video inference the classic pyACL way: H.264 file -> VDEC -> VPC resize -> model -> top-1 per frame.

    python examples/video_decode_infer.py

An H.264 stream (320x240, 24 frames, B-frames) is made with PyAV and saved as a raw .h264 file,
then read back access unit by access unit with PyAV's demuxer, as a program reading a camera file
would. The device side follows the usual VDEC sample: a callback thread running
acl.rt.process_report whose id is set on the VDEC channel desc, one vdec_send_frame per unit with
its own NV12 output buffer in DVPP memory, the callback collecting the decoded pictures, then for
each picture dvpp_vpc_resize_async (bilinear) to the 224x224 NV12 input of the model and
acl.mdl.execute; the model is the one of examples/jpeg_resize_classify.py (built here with `onnx`).

The same work is then done without the device: PyAV decodes the file, numpy resizes the NV12
planes with OpenCV's bilinear formula (which the runtime documents for interpolation 1), and
onnxruntime runs the same model. The example prints each frame's top-1 from both and exits
non-zero when a model input, the scores or a top-1 differ.

Needs the `[media]` and `[onnx]` extras (av, onnx, onnxruntime).
"""

from __future__ import annotations

import sys
import tempfile
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

import acl

sys.path.insert(0, str(Path(__file__).resolve().parent))
# the model, the VPC resize and the reference resize are those of the JPEG example
from jpeg_resize_classify import (
    DEVICE_ID,
    MAX_PIXEL_DIFFERENCE,
    MODEL_SIDE,
    SCORE_TOLERANCE,
    build_model,
    check,
    copy_to_host,
    execute_model,
    resize_bilinear,
    resize_to_model_input,
)

WIDTH, HEIGHT, FRAMES = 320, 240, 24
NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420


def make_h264_file(path: Path) -> None:
    """A moving scene encoded with libx264 (B-frames on) as a raw Annex B file."""
    import av

    ctx = av.CodecContext.create("libx264", "w")
    ctx.width, ctx.height, ctx.pix_fmt = WIDTH, HEIGHT, "yuv420p"
    ctx.time_base, ctx.framerate, ctx.max_b_frames, ctx.gop_size = Fraction(1, 25), Fraction(25, 1), 2, 12
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    with path.open("wb") as out:
        for i in range(FRAMES):
            rgb = np.stack(
                [
                    128 + 110 * np.sin(x / 29 + i / 4),
                    128 + 110 * np.cos(y / 19 - i / 6),
                    (x + 2 * y + 9 * i) % 256,
                ],
                axis=-1,
            ).astype(np.uint8)
            frame = av.VideoFrame.from_ndarray(rgb, format="rgb24").reformat(format="yuv420p")
            frame.pts = i
            for packet in ctx.encode(frame):
                out.write(bytes(packet))
        for packet in ctx.encode(None):
            out.write(bytes(packet))


def read_units(path: Path) -> list[bytes]:
    """The file's access units, in decoding order, from PyAV's raw H.264 demuxer."""
    import av

    with av.open(str(path), format="h264") as container:
        return [bytes(packet) for packet in container.demux(video=0) if packet.size]


# ---------------------------------------------------------------- the device pipeline (pyACL)


class CallbackThread:
    """The thread VDEC delivers callbacks on: it loops acl.rt.process_report until stopped."""

    def __init__(self, context: int) -> None:
        self.context, self.ident, self.stop = context, 0, threading.Event()
        ready = threading.Event()

        def run() -> None:
            check(acl.rt.set_context(self.context), "acl.rt.set_context (callback thread)")
            self.ident = threading.get_ident()
            ready.set()
            while not self.stop.is_set():
                acl.rt.process_report(100)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()


def dvpp_copy(data: bytes) -> int:
    device, ret = acl.media.dvpp_malloc(len(data))
    check(ret, "acl.media.dvpp_malloc")
    check(
        acl.rt.memcpy(
            device, len(data), acl.util.bytes_to_ptr(data), len(data), acl.ACL_MEMCPY_HOST_TO_DEVICE
        ),
        "acl.rt.memcpy (unit in)",
    )
    return device


def decode_units(units: list[bytes], callback_thread: CallbackThread) -> list[tuple[int, int]]:
    """VDEC every unit; returns (unit index, output pic desc) per callback, in callback order."""
    decoded: list[tuple[int, int]] = []
    failures: list[str] = []

    def on_frame(stream_desc: int, pic_desc: int, index: Any) -> None:
        ret = acl.media.dvpp_get_pic_desc_ret_code(pic_desc)
        if ret != 0:
            failures.append(f"frame {index}: ret code {ret}")
        decoded.append((index, pic_desc))

    channel = acl.media.vdec_create_channel_desc()
    check(
        acl.media.vdec_set_channel_desc_channel_id(channel, 0), "acl.media.vdec_set_channel_desc_channel_id"
    )
    check(
        acl.media.vdec_set_channel_desc_thread_id(channel, callback_thread.ident),
        "acl.media.vdec_set_channel_desc_thread_id",
    )
    check(
        acl.media.vdec_set_channel_desc_callback(channel, on_frame),
        "acl.media.vdec_set_channel_desc_callback",
    )
    check(
        acl.media.vdec_set_channel_desc_entype(channel, acl.H264_HIGH_LEVEL),
        "acl.media.vdec_set_channel_desc_entype",
    )
    check(
        acl.media.vdec_set_channel_desc_out_pic_format(channel, NV12),
        "acl.media.vdec_set_channel_desc_out_pic_format",
    )
    check(acl.media.vdec_create_channel(channel), "acl.media.vdec_create_channel")
    width_stride, height_stride = (WIDTH + 15) // 16 * 16, (HEIGHT + 1) // 2 * 2
    out_size = width_stride * height_stride * 3 // 2
    inputs = []
    for index, unit in enumerate(units):
        stream_desc = acl.media.dvpp_create_stream_desc()
        check(
            acl.media.dvpp_set_stream_desc_data(stream_desc, dvpp_copy(unit)),
            "acl.media.dvpp_set_stream_desc_data",
        )
        check(
            acl.media.dvpp_set_stream_desc_size(stream_desc, len(unit)), "acl.media.dvpp_set_stream_desc_size"
        )
        out_device, ret = acl.media.dvpp_malloc(out_size)
        check(ret, "acl.media.dvpp_malloc (decoded)")
        pic_desc = acl.media.dvpp_create_pic_desc()
        check(acl.media.dvpp_set_pic_desc_data(pic_desc, out_device), "acl.media.dvpp_set_pic_desc_data")
        check(acl.media.dvpp_set_pic_desc_size(pic_desc, out_size), "acl.media.dvpp_set_pic_desc_size")
        check(acl.media.dvpp_set_pic_desc_format(pic_desc, NV12), "acl.media.dvpp_set_pic_desc_format")
        check(
            acl.media.vdec_send_frame(channel, stream_desc, pic_desc, 0, index), "acl.media.vdec_send_frame"
        )
        inputs.append(stream_desc)
    eos = acl.media.dvpp_create_stream_desc()
    check(acl.media.dvpp_set_stream_desc_eos(eos, 1), "acl.media.dvpp_set_stream_desc_eos")
    check(acl.media.vdec_send_frame(channel, eos, 0, 0, None), "acl.media.vdec_send_frame (EOS)")
    check(
        acl.media.vdec_destroy_channel(channel), "acl.media.vdec_destroy_channel"
    )  # delivers what is pending
    check(acl.media.vdec_destroy_channel_desc(channel), "acl.media.vdec_destroy_channel_desc")
    for stream_desc in [*inputs, eos]:
        data = acl.media.dvpp_get_stream_desc_data(stream_desc)
        if data:
            check(acl.media.dvpp_free(data), "acl.media.dvpp_free (unit)")
        check(acl.media.dvpp_destroy_stream_desc(stream_desc), "acl.media.dvpp_destroy_stream_desc")
    if failures or len(decoded) != len(units):
        raise SystemExit(f"VDEC: {len(decoded)} callbacks for {len(units)} units; {failures}")
    return decoded


def run_on_device(units: list[bytes], model_path: Path) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """(unit index, NV12 model input, scores) per decoded frame, in display order."""
    check(acl.init(), "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    callback_thread = CallbackThread(context)
    decoded = decode_units(units, callback_thread)
    callback_thread.close()
    channel = acl.media.dvpp_create_channel_desc()
    check(acl.media.dvpp_create_channel(channel), "acl.media.dvpp_create_channel")
    results = []
    for index, pic_desc in decoded:
        input_desc, input_device, input_size = resize_to_model_input(channel, stream, pic_desc)
        results.append(
            (
                index,
                copy_to_host(input_device, input_size),
                execute_model(model_path, input_device, input_size),
            )
        )
        check(acl.media.dvpp_destroy_pic_desc(input_desc), "acl.media.dvpp_destroy_pic_desc")
        check(acl.media.dvpp_free(input_device), "acl.media.dvpp_free")
        check(
            acl.media.dvpp_free(acl.media.dvpp_get_pic_desc_data(pic_desc)), "acl.media.dvpp_free (decoded)"
        )
        check(acl.media.dvpp_destroy_pic_desc(pic_desc), "acl.media.dvpp_destroy_pic_desc")
    check(acl.media.dvpp_destroy_channel(channel), "acl.media.dvpp_destroy_channel")
    check(acl.media.dvpp_destroy_channel_desc(channel), "acl.media.dvpp_destroy_channel_desc")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    check(acl.finalize(), "acl.finalize")
    return results


# ---------------------------------------------------------------- the same without the device


def run_reference(units: list[bytes], model_path: Path) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """PyAV decodes, numpy resizes the NV12 planes like VPC, onnxruntime classifies."""
    import av
    import onnxruntime

    session = onnxruntime.InferenceSession(str(model_path), providers=["CPUExecutionProvider"])
    ctx = av.CodecContext.create("h264", "r")
    frames = []
    for index, unit in enumerate(units):
        packet = av.Packet(unit)
        packet.pts = index
        frames += ctx.decode(packet)
    frames += ctx.decode(None)
    half = MODEL_SIDE // 2
    results = []
    for frame in frames:
        planes = [np.frombuffer(p, np.uint8).reshape(-1, p.line_size) for p in frame.planes]
        luma = resize_bilinear(planes[0][:HEIGHT, :WIDTH], MODEL_SIDE, MODEL_SIDE)
        cb = resize_bilinear(planes[1][: HEIGHT // 2, : WIDTH // 2], half, half)
        cr = resize_bilinear(planes[2][: HEIGHT // 2, : WIDTH // 2], half, half)
        model_input = np.concatenate([luma, np.stack([cb, cr], axis=-1).reshape(half, MODEL_SIDE)])
        scores = session.run(None, {"nv12": model_input})[0]
        results.append((int(frame.pts), model_input.reshape(-1), scores))
    return results


def main() -> int:
    try:
        import av  # noqa: F401  (the emulator's H.264 decoder)
        import onnxruntime  # noqa: F401
    except ImportError as missing:
        raise SystemExit(
            f"this example needs {missing.name}: pip install 'ascendcl-cffi[media,onnx]'"
        ) from None

    with tempfile.TemporaryDirectory(prefix="video-infer-") as tmp:
        model_path, video_path = Path(tmp) / "nv12_classifier.onnx", Path(tmp) / "sample.h264"
        build_model(model_path)
        make_h264_file(video_path)
        units = read_units(video_path)
        print(f"h264: {video_path.stat().st_size} bytes, {len(units)} access units, {WIDTH}x{HEIGHT}")
        device = run_on_device(units, model_path)
        reference = run_reference(units, model_path)

    failures = []
    if [index for index, _, _ in device] != [index for index, _, _ in reference]:
        failures.append("the frames came out in another order than PyAV's")
    for (index, model_input, scores), (_, expected_input, expected) in zip(device, reference):
        pixel_difference = int(np.abs(model_input.astype(np.int16) - expected_input.astype(np.int16)).max())
        score_difference = float(np.abs(scores - expected).max())
        top, expected_top = int(np.argmax(scores)), int(np.argmax(expected))
        print(
            f"frame {index:2}: top-1 device {top} ({scores[0, top]:.4f})   reference {expected_top} "
            f"({expected[0, expected_top]:.4f})   input difference {pixel_difference}"
        )
        if pixel_difference > MAX_PIXEL_DIFFERENCE:
            failures.append(f"frame {index}: the model input differs from PyAV + numpy")
        if score_difference > SCORE_TOLERANCE * float(np.abs(expected).max()):
            failures.append(f"frame {index}: the scores differ from onnxruntime's")
        if top != expected_top:
            failures.append(f"frame {index}: the top-1 differs")
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        return 1
    print(f"h264 -> vdec -> resize -> classify OK: {len(device)} frames match PyAV + numpy + onnxruntime")
    return 0


if __name__ == "__main__":
    sys.exit(main())
