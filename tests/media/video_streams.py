"""Shared by the VDEC/VENC tests: H.264/H.265 streams made with PyAV, PyAV's own decode of them as
NV12, and a thread that runs acl.rt.process_report the way pyACL's video samples do."""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any

import numpy as np

ENCODERS = {"h264": "libx264", "hevc": "libx265"}


def moving_picture(index: int, width: int, height: int) -> np.ndarray:
    """An RGB frame with smooth gradients and a moving block (content that changes every frame)."""
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    r = 128 + 100 * np.sin(x / 17.0 + index / 5.0)
    g = 128 + 100 * np.cos(y / 11.0 - index / 7.0)
    b = (x + y + 4 * index) % 256
    rgb = np.stack([r, g, b], axis=-1).clip(0, 255).astype(np.uint8)
    left = (index * 3) % max(1, width - 24)
    rgb[height // 4 : height // 4 + 20, left : left + 24] = (250, 240, 10)
    return rgb


def yuv420_frames(count: int, width: int, height: int) -> list[Any]:
    import av

    frames = []
    for i in range(count):
        frame = av.VideoFrame.from_ndarray(moving_picture(i, width, height), format="rgb24").reformat(
            format="yuv420p"
        )
        frame.pts = i
        frames.append(frame)
    return frames


def encode_stream(
    codec: str, count: int, width: int, height: int, b_frames: int = 2, gop: int = 12
) -> list[bytes]:
    """Access units (one per frame, in coding order) of a stream made by PyAV's encoder."""
    import av

    ctx = av.CodecContext.create(ENCODERS[codec], "w")
    ctx.width, ctx.height, ctx.pix_fmt = width, height, "yuv420p"
    ctx.time_base = Fraction(1, 25)
    ctx.framerate = Fraction(25, 1)
    ctx.gop_size = gop
    ctx.max_b_frames = b_frames
    if codec == "hevc":
        ctx.options = {"x265-params": f"log-level=error:bframes={b_frames}"}
    packets = []
    for frame in yuv420_frames(count, width, height):
        packets += ctx.encode(frame)
    packets += ctx.encode(None)
    return [bytes(p) for p in packets]


def plane(frame: Any, index: int, rows: int, cols: int) -> np.ndarray:
    data = np.frombuffer(frame.planes[index], np.uint8).reshape(-1, frame.planes[index].line_size)
    return data[:rows, :cols]


def nv12(frame: Any) -> np.ndarray:
    """A yuv420p av.VideoFrame as its visible NV12 rows: h rows of Y then ceil(h/2) rows of U,V pairs."""
    h, w = frame.height, frame.width
    ch, cw = (h + 1) // 2, (w + 1) // 2
    u, v = plane(frame, 1, ch, cw), plane(frame, 2, ch, cw)
    pairs = np.stack([u, v], axis=-1).reshape(ch, 2 * cw)[:, :w]
    return np.concatenate([plane(frame, 0, h, w), pairs])


def reference_decode(codec: str, units: list[bytes]) -> dict[int, np.ndarray]:
    """PyAV's own decode: unit index -> the NV12 picture decoded from it (units it fails on are absent)."""
    import av

    ctx = av.CodecContext.create(codec, "r")
    pictures: dict[int, np.ndarray] = {}
    for index, unit in enumerate(units):
        packet = av.Packet(unit)
        packet.pts = index
        try:
            frames = ctx.decode(packet)
        except av.error.FFmpegError:
            continue
        pictures.update((f.pts, nv12(f)) for f in frames if not f.is_corrupt)
    pictures.update((f.pts, nv12(f)) for f in ctx.decode(None) if not f.is_corrupt)
    return pictures


def display_order(codec: str, units: list[bytes]) -> list[int]:
    """Unit indices in the order PyAV's decoder outputs their pictures."""
    import av

    ctx = av.CodecContext.create(codec, "r")
    order = []
    for index, unit in enumerate(units):
        packet = av.Packet(unit)
        packet.pts = index
        order += [f.pts for f in ctx.decode(packet)]
    return order + [f.pts for f in ctx.decode(None)]


class ReportThread:
    """A thread looping acl.rt.process_report until stopped; `ident` is its thread id for
    aclrtSubscribeReport (the emulator and CPython both use pthread_self)."""

    def __init__(self, acl: Any, context: int) -> None:
        self.acl = acl
        self.context = context
        self.ident = 0
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        self.acl.rt.set_context(self.context)
        self.ident = threading.get_ident()
        self._ready.set()
        while not self._stop.is_set():
            self.acl.rt.process_report(50)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)
