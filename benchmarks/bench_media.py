"""DVPP image work on the emulator against the same work in Pillow (a benchmark, not a test).

    python benchmarks/bench_media.py [--repeats 30] [--check] [--json PATH]

Two measurements, each one call of the emulator followed by aclrtSynchronizeStream (the work runs on
the stream's worker thread), timed with the wall clock against Pillow doing the same work in this
thread; the two are timed in turn within every repeat (the order alternates), so a noisy shared
machine slows both alike:

- VPC resize of a 1920x1080 NV12 picture to 224x224 NV12 (bilinear) against Pillow's
  Image.resize(BILINEAR) of the same samples: the 1920x1080 Y plane to 224x224 and the two
  960x540 chroma planes to 112x112 (Pillow's bilinear widens its filter when it shrinks, so it
  reads more source pixels per output pixel than the VPC's two-tap bilinear);
- JPEG decode of a 1920x1080 4:2:0 JPEG (quality 90) to NV12 against Image.open(...).load()
  (libjpeg, to RGB).

Reported: best and median milliseconds per call, and the median over repeats of emulator time /
Pillow time, against the targets (resize <= 1.5, decode <= 1.3). --check makes a missed target
the exit status. Needs numpy, Pillow and PyAV (the emulator's codecs).
"""

from __future__ import annotations

import argparse
import io
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
from PIL import Image

import acl
from benchmarks.ratio_run import finish, grade

WIDTH, HEIGHT = 1920, 1080
MODEL_SIDE = 224
BILINEAR = 1  # acldvppResizeConfig interpolation
TARGETS = {"resize": 1.5, "decode": 1.3}


def check(ret: int, what: str) -> None:
    if ret != acl.ACL_SUCCESS:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def scene() -> np.ndarray:
    """A 1920x1080 RGB picture with gradients, edges and texture (not a flat field a codec skips)."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    rng = np.random.default_rng(5)
    texture = rng.normal(0, 12, (HEIGHT, WIDTH)).astype(np.float32)
    red = 255 * x / WIDTH + texture
    green = 128 + 100 * np.sin(x / 37.0) * np.cos(y / 23.0)
    blue = np.where((x // 120 + y // 120) % 2 == 0, 40.0, 215.0) + texture
    return np.clip(np.stack([red, green, blue], axis=-1), 0, 255).astype(np.uint8)


class Device:
    """The runtime, a stream, a DVPP channel and the DVPP buffers of the two measurements."""

    def __init__(self) -> None:
        check(acl.init(), "acl.init")
        check(acl.rt.set_device(0), "acl.rt.set_device")
        self.context, ret = acl.rt.create_context(0)
        check(ret, "acl.rt.create_context")
        self.stream, ret = acl.rt.create_stream()
        check(ret, "acl.rt.create_stream")
        self.channel = acl.media.dvpp_create_channel_desc()
        check(acl.media.dvpp_create_channel(self.channel), "acl.media.dvpp_create_channel")
        self.buffers: list[int] = []
        self.descs: list[int] = []

    def upload(self, data: bytes, size: int = 0) -> int:
        size = max(size, len(data))
        device, ret = acl.media.dvpp_malloc(size)
        check(ret, "acl.media.dvpp_malloc")
        self.buffers.append(device)
        if data:
            host = acl.util.bytes_to_ptr(data)
            check(acl.rt.memcpy(device, size, host, len(data), acl.ACL_MEMCPY_HOST_TO_DEVICE), "memcpy")
        return device

    def nv12_desc(self, data: int, width: int, height: int) -> int:
        width_stride, height_stride = (width + 15) // 16 * 16, (height + 1) // 2 * 2
        desc = acl.media.dvpp_create_pic_desc()
        self.descs.append(desc)
        for setter, value in (
            (acl.media.dvpp_set_pic_desc_data, data),
            (acl.media.dvpp_set_pic_desc_size, width_stride * height_stride * 3 // 2),
            (acl.media.dvpp_set_pic_desc_format, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420),
            (acl.media.dvpp_set_pic_desc_width, width),
            (acl.media.dvpp_set_pic_desc_height, height),
            (acl.media.dvpp_set_pic_desc_width_stride, width_stride),
            (acl.media.dvpp_set_pic_desc_height_stride, height_stride),
        ):
            check(setter(desc, value), setter.__name__)
        return desc

    def synchronize(self) -> None:
        check(acl.rt.synchronize_stream(self.stream), "acl.rt.synchronize_stream")

    def close(self) -> None:
        for desc in self.descs:
            check(acl.media.dvpp_destroy_pic_desc(desc), "acl.media.dvpp_destroy_pic_desc")
        for buffer in self.buffers:
            check(acl.media.dvpp_free(buffer), "acl.media.dvpp_free")
        check(acl.media.dvpp_destroy_channel(self.channel), "acl.media.dvpp_destroy_channel")
        check(acl.media.dvpp_destroy_channel_desc(self.channel), "acl.media.dvpp_destroy_channel_desc")
        check(acl.rt.destroy_stream(self.stream), "acl.rt.destroy_stream")
        check(acl.rt.destroy_context(self.context), "acl.rt.destroy_context")
        check(acl.rt.reset_device(0), "acl.rt.reset_device")
        check(acl.finalize(), "acl.finalize")


Case = tuple[Callable[[], None], Callable[[], None]]


def resize_case(device: Device, rgb: np.ndarray) -> Case:
    """(emulator, Pillow) for the 1920x1080 -> 224x224 NV12 resize."""
    ycbcr = np.asarray(Image.fromarray(rgb).convert("YCbCr"))
    luma = np.ascontiguousarray(ycbcr[..., 0])
    cells = ycbcr[..., 1:].reshape(HEIGHT // 2, 2, WIDTH // 2, 2, 2)
    chroma = cells.mean(axis=(1, 3)).round().astype(np.uint8)
    nv12 = np.concatenate([luma, chroma.reshape(HEIGHT // 2, WIDTH)]).tobytes()
    source = device.nv12_desc(device.upload(nv12), WIDTH, HEIGHT)
    side = MODEL_SIDE
    target = device.nv12_desc(device.upload(b"", side * side * 3 // 2), side, side)
    config = acl.media.dvpp_create_resize_config()
    check(acl.media.dvpp_set_resize_config_interpolation(config, BILINEAR), "set interpolation")

    def emulator() -> None:
        check(acl.media.dvpp_vpc_resize_async(device.channel, source, target, config, device.stream),
              "acl.media.dvpp_vpc_resize_async")
        device.synchronize()

    planes = [Image.fromarray(luma), Image.fromarray(np.ascontiguousarray(chroma[..., 0])),
              Image.fromarray(np.ascontiguousarray(chroma[..., 1]))]
    sizes = [(side, side), (side // 2, side // 2), (side // 2, side // 2)]

    def pillow() -> None:
        for plane, size in zip(planes, sizes):
            plane.resize(size, Image.Resampling.BILINEAR)

    return emulator, pillow


def decode_case(device: Device, rgb: np.ndarray) -> Case:
    """(emulator, Pillow) for decoding a 1920x1080 4:2:0 JPEG."""
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, "JPEG", quality=90, subsampling="4:2:0")
    jpeg = buffer.getvalue()
    source = device.upload(jpeg)
    nv12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
    size, ret = acl.media.dvpp_jpeg_predict_dec_size(acl.util.bytes_to_ptr(jpeg), len(jpeg), nv12)
    check(ret, "acl.media.dvpp_jpeg_predict_dec_size")
    output = acl.media.dvpp_create_pic_desc()
    device.descs.append(output)
    check(acl.media.dvpp_set_pic_desc_data(output, device.upload(b"", size)), "set data")
    check(acl.media.dvpp_set_pic_desc_size(output, size), "set size")
    check(acl.media.dvpp_set_pic_desc_format(output, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420), "set format")

    def emulator() -> None:
        check(acl.media.dvpp_jpeg_decode_async(device.channel, source, len(jpeg), output, device.stream),
              "acl.media.dvpp_jpeg_decode_async")
        device.synchronize()

    def pillow() -> None:
        with Image.open(io.BytesIO(jpeg)) as image:
            image.load()

    return emulator, pillow


def measure(case: Case, repeats: int) -> dict[str, float]:
    """Interleaved wall-clock timing; ms per call and the median ratio emulator / Pillow."""
    emulator, pillow = case
    emulator()  # warm-up: the codec import, page faults, the worker thread
    pillow()
    emulator_times, pillow_times, ratios = [], [], []
    for repeat in range(repeats):
        pair = {}
        for name, function in ((("emulator", emulator), ("pillow", pillow)) if repeat % 2 == 0
                               else (("pillow", pillow), ("emulator", emulator))):
            start = time.perf_counter()
            function()
            pair[name] = time.perf_counter() - start
        emulator_times.append(pair["emulator"])
        pillow_times.append(pair["pillow"])
        ratios.append(pair["emulator"] / pair["pillow"])
    return {
        "emulator_ms_best": min(emulator_times) * 1e3,
        "emulator_ms_median": statistics.median(emulator_times) * 1e3,
        "pillow_ms_best": min(pillow_times) * 1e3,
        "pillow_ms_median": statistics.median(pillow_times) * 1e3,
        "ratio": statistics.median(ratios),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    rgb = scene()
    device = Device()
    results = {}
    try:
        cases = {"resize": resize_case(device, rgb), "decode": decode_case(device, rgb)}
        for name, case in cases.items():
            results[name] = grade(measure(case, args.repeats), TARGETS[name])
    finally:
        device.close()

    labels = {"resize": "VPC resize 1920x1080 -> 224x224 NV12", "decode": "JPEG decode 1920x1080 4:2:0"}
    for name, result in results.items():
        print(
            f"{labels[name]:38} emulator {result['emulator_ms_best']:7.2f} ms best "
            f"{result['emulator_ms_median']:7.2f} median   Pillow {result['pillow_ms_best']:7.2f} best "
            f"{result['pillow_ms_median']:7.2f} median   ratio {result['ratio']:5.2f} "
            f"(target <= {result['target']}) {result['status']}"
        )
    return finish(results, args.json, args.check)


if __name__ == "__main__":
    sys.exit(main())
