"""VDEC/VENC on the emulator against PyAV doing the same work directly (a benchmark, not a test).

    python benchmarks/bench_video.py [--frames 300] [--repeats 3] [--check] [--json PATH]

- decode: an H.264 1280x720 stream (made here with PyAV's libx264, B-frames on) through a VDEC
  channel, every frame's callback taken on a thread running acl.rt.process_report, from the first
  send to the return of vdec_destroy_channel; against PyAV decoding the same units and converting
  each picture to NV12 (VideoFrame.reformat) in this thread.
- encode: NV12 1280x720 pictures through a VENC channel (libx264) until every unit reached the
  callback; against PyAV's libx264 encoding the same pictures with the settings the emulator gives
  it (no B-frames, zerolatency, the same GOP), so the ratio is the cost of the channel, not of
  different encoder settings.

The two sides are timed in turn within every repeat (the order alternates). Reported: best and
median seconds per run and the median ratio emulator / PyAV against the targets (<= 1.3 each).
--check makes a missed target the exit status. Needs numpy and PyAV.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

os.environ.setdefault("ACL_BACKEND", "emulator")
# appended, not prepended: an installed acl wins over the source tree (which has no built extension)
sys.path.append(str(Path(__file__).resolve().parents[1]))

import av
import numpy as np

import acl
from benchmarks.ratio_run import finish, grade

WIDTH, HEIGHT = 1280, 720
GOP = 30
DISTINCT = 30  # pictures the encode case cycles through (DVPP copies of all 300 would be 400 MB)
TARGET = 1.3
NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
FRAME_BYTES = WIDTH * HEIGHT * 3 // 2


def check(ret: int, what: str) -> None:
    if ret != acl.ACL_SUCCESS:
        raise RuntimeError(f"{what} returned {ret}: {acl.get_recent_err_msg()}")


def pictures(count: int) -> list[Any]:
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    frames = []
    for i in range(count):
        rgb = np.stack(
            [128 + 100 * np.sin(x / 37 + i / 9), 128 + 100 * np.cos(y / 23 - i / 7), (x + y + 5 * i) % 256],
            -1,
        )
        frame = av.VideoFrame.from_ndarray(rgb.astype(np.uint8), format="rgb24").reformat(format="yuv420p")
        frame.pts = i
        frames.append(frame)
    return frames


def h264_units(frames: list[Any]) -> list[bytes]:
    ctx = av.CodecContext.create("libx264", "w")
    ctx.width, ctx.height, ctx.pix_fmt, ctx.time_base = WIDTH, HEIGHT, "yuv420p", Fraction(1, 30)
    units = [bytes(p) for f in frames for p in ctx.encode(f)]
    return units + [bytes(p) for p in ctx.encode(None)]


class Reporter:
    """The callback thread of the channels: loops acl.rt.process_report until stopped."""

    def __init__(self, context: int) -> None:
        self.context, self.ident, self.stop = context, 0, threading.Event()
        ready = threading.Event()

        def run() -> None:
            acl.rt.set_context(self.context)
            self.ident = threading.get_ident()
            ready.set()
            while not self.stop.is_set():
                acl.rt.process_report(20)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()


class Memory:
    def __init__(self) -> None:
        self.buffers: list[int] = []
        self.descs: list[tuple[Callable[[int], int], int]] = []

    def upload(self, data: bytes, size: int = 0) -> int:
        ptr, ret = acl.media.dvpp_malloc(max(size, len(data)))
        check(ret, "dvpp_malloc")
        self.buffers.append(ptr)
        if data:
            check(acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
        return ptr

    def stream_desc(self, data: bytes) -> int:
        desc = acl.media.dvpp_create_stream_desc()
        self.descs.append((acl.media.dvpp_destroy_stream_desc, desc))
        check(acl.media.dvpp_set_stream_desc_data(desc, self.upload(data)), "stream data")
        check(acl.media.dvpp_set_stream_desc_size(desc, len(data)), "stream size")
        return desc

    def pic_desc(self, data: bytes, width: int = WIDTH, height: int = HEIGHT) -> int:
        desc = acl.media.dvpp_create_pic_desc()
        self.descs.append((acl.media.dvpp_destroy_pic_desc, desc))
        ws, hs = (width + 15) // 16 * 16, (height + 1) // 2 * 2
        for setter, value in (
            (acl.media.dvpp_set_pic_desc_data, self.upload(data, ws * hs * 3 // 2)),
            (acl.media.dvpp_set_pic_desc_size, ws * hs * 3 // 2),
            (acl.media.dvpp_set_pic_desc_format, NV12),
            (acl.media.dvpp_set_pic_desc_width, width),
            (acl.media.dvpp_set_pic_desc_height, height),
            (acl.media.dvpp_set_pic_desc_width_stride, ws),
            (acl.media.dvpp_set_pic_desc_height_stride, hs),
        ):
            check(setter(desc, value), setter.__name__)
        return desc

    def close(self) -> None:
        for destroy, desc in self.descs:
            destroy(desc)
        for ptr in self.buffers:
            acl.media.dvpp_free(ptr)


def nv12_bytes(frame: Any) -> bytes:
    return frame.reformat(format="nv12").to_ndarray().tobytes()


def decode_case(memory: Memory, reporter: Reporter, frames: list[Any]) -> tuple[Callable[[], None], ...]:
    units = h264_units(frames)
    inputs = [memory.stream_desc(unit) for unit in units]
    ring = [memory.pic_desc(b"") for _ in range(32)]  # outputs reused round-robin, 32 frames apart

    def emulator() -> None:
        done = []
        desc = acl.media.vdec_create_channel_desc()
        check(acl.media.vdec_set_channel_desc_thread_id(desc, reporter.ident), "thread id")
        check(acl.media.vdec_set_channel_desc_callback(desc, lambda i, o, u: done.append(u)), "callback")
        check(acl.media.vdec_set_channel_desc_entype(desc, acl.H264_HIGH_LEVEL), "en type")
        check(acl.media.vdec_create_channel(desc), "vdec_create_channel")
        for index, stream_desc in enumerate(inputs):
            while index - len(done) >= len(ring) - 8:  # keep a ring slot's last frame delivered first
                time.sleep(0.0005)
            check(acl.media.vdec_send_frame(desc, stream_desc, ring[index % len(ring)], 0, index), "send")
        check(acl.media.vdec_destroy_channel(desc), "vdec_destroy_channel")
        check(acl.media.vdec_destroy_channel_desc(desc), "destroy desc")
        assert len(done) == len(inputs), (len(done), len(inputs))

    def pyav() -> None:
        ctx = av.CodecContext.create("h264", "r")
        pictures = [nv12_bytes(f) for unit in units for f in ctx.decode(av.Packet(unit))]
        pictures += [nv12_bytes(f) for f in ctx.decode(None)]
        assert len(pictures) == len(units)

    return emulator, pyav


def encode_case(memory: Memory, reporter: Reporter, frames: list[Any]) -> tuple[Callable[[], None], ...]:
    inputs = [memory.pic_desc(nv12_bytes(f)) for f in frames[:DISTINCT]]
    count = len(frames)

    def emulator() -> None:
        done = []
        desc = acl.media.venc_create_channel_desc()
        for setter, value in (
            (acl.media.venc_set_channel_desc_thread_id, reporter.ident),
            (acl.media.venc_set_channel_desc_entype, acl.H264_MAIN_LEVEL),
            (acl.media.venc_set_channel_desc_pic_format, NV12),
            (acl.media.venc_set_channel_desc_pic_width, WIDTH),
            (acl.media.venc_set_channel_desc_pic_height, HEIGHT),
            (acl.media.venc_set_channel_desc_key_frame_interval, GOP),
        ):
            check(setter(desc, value), setter.__name__)
        check(acl.media.venc_set_channel_desc_callback(desc, lambda i, o, u: done.append(u)), "callback")
        check(acl.media.venc_create_channel(desc), "venc_create_channel")
        for index in range(count):
            check(acl.media.venc_send_frame(desc, inputs[index % DISTINCT], 0, 0, index), "venc_send_frame")
        check(acl.media.venc_destroy_channel(desc), "venc_destroy_channel")
        check(acl.media.venc_destroy_channel_desc(desc), "destroy desc")
        assert len(done) == count, (len(done), count)

    def pyav() -> None:
        ctx = av.CodecContext.create("libx264", "w")
        ctx.width, ctx.height, ctx.pix_fmt = WIDTH, HEIGHT, "yuv420p"
        ctx.time_base, ctx.framerate, ctx.gop_size, ctx.max_b_frames = (
            Fraction(1, 30),
            Fraction(30, 1),
            GOP,
            0,
        )
        ctx.options = {
            "tune": "zerolatency",
            "x264-params": f"keyint={GOP}:min-keyint={GOP}:scenecut=0:bframes=0",
        }
        packets = []
        for index in range(count):
            source = frames[index % DISTINCT]
            frame = av.VideoFrame.from_ndarray(
                source.to_ndarray(), format="yuv420p"
            )  # a fresh copy, as VENC reads
            frame.pts = index
            packets += ctx.encode(frame)
        packets += ctx.encode(None)
        assert len(packets) == count

    return emulator, pyav


def measure(case: tuple[Callable[[], None], ...], repeats: int) -> dict[str, float]:
    emulator, pyav = case
    times: dict[str, list[float]] = {"emulator": [], "pyav": []}
    ratios = []
    for repeat in range(repeats):
        pair = {}
        order = (("emulator", emulator), ("pyav", pyav))
        for name, function in order if repeat % 2 == 0 else order[::-1]:
            start = time.perf_counter()
            function()
            pair[name] = time.perf_counter() - start
            times[name].append(pair[name])
        ratios.append(pair["emulator"] / pair["pyav"])
    return {
        "emulator_s_best": min(times["emulator"]),
        "emulator_s_median": statistics.median(times["emulator"]),
        "pyav_s_best": min(times["pyav"]),
        "pyav_s_median": statistics.median(times["pyav"]),
        "ratio": statistics.median(ratios),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    check(acl.init(), "acl.init")
    check(acl.rt.set_device(0), "set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "create_context")
    reporter, memory = Reporter(context), Memory()
    results = {}
    try:
        frames = pictures(args.frames)
        cases = {
            "decode": decode_case(memory, reporter, frames),
            "encode": encode_case(memory, reporter, frames),
        }
        for name, case in cases.items():
            results[name] = grade(dict(measure(case, args.repeats)), TARGET)
    finally:
        reporter.close()
        memory.close()
        acl.rt.destroy_context(context)
        acl.rt.reset_device(0)
        acl.finalize()

    labels = {
        "decode": f"VDEC H.264 {WIDTH}x{HEIGHT} x{args.frames}",
        "encode": f"VENC H.264 {WIDTH}x{HEIGHT} x{args.frames}",
    }
    for name, result in results.items():
        print(
            f"{labels[name]:30} emulator {result['emulator_s_best']:6.2f} s best "
            f"{result['emulator_s_median']:6.2f} median   "
            f"PyAV {result['pyav_s_best']:6.2f} best {result['pyav_s_median']:6.2f} median   "
            f"ratio {result['ratio']:5.2f} (target <= {TARGET}) {result['status']}"
        )
    return finish(results, args.json, args.check)


if __name__ == "__main__":
    sys.exit(main())
