"""The emulator's media executor: JPEG/PNG and H.264/H.265 codecs from PyAV (FFmpeg).

The emulator (C) contains no codec; it calls the function table of emulator/media_executor.h: open a
codec session, send packets / receive frames (decoders), send frames / receive packets (encoders),
close. Here that table is made of cffi `extern "Python"` callbacks (acl/_native/media_executor.cdef)
registered with the emulator's `aclemuSetMediaExecutor` through ctypes, only when the emulator is the
loaded backend. PyAV is an optional dependency (the `[media]` extra): it is imported when the first
session opens, never at registration.

Frames cross as planes: decoders hand C the decoder's own plane memory (kept alive until the next
call on the session), so JPEG keeps its native YUV planes (no colour round trip) and C does the
layout work. PNG comes as interleaved 8-bit samples; 16-bit samples keep their high byte (what
Pillow and the runtime's 8-bit outputs keep). Video sessions carry each input's pts through to its
output (the emulator tags frames with it) and mark corrupt decoded frames and forced key frames in
the frame's flags. Every callback turns exceptions into an aclError plus
a message: an exception cannot cross into C.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ._executor_hook import ExecutorHook
from ._executor_hook import emulator_constants as _c
from ._generated._acl_cffi import ffi, lib

if TYPE_CHECKING:
    from typing import Any

AGAIN = -1  # ACLEMU_MEDIA_AGAIN
EOF = -2  # ACLEMU_MEDIA_EOF
FRAME_PLANAR_YUV = 1
FRAME_INTERLEAVED = 2
FRAME_KEY = 1  # ACLEMU_MEDIA_FRAME_KEY
FRAME_CORRUPT = 2  # ACLEMU_MEDIA_FRAME_CORRUPT
VIDEO_ENCODERS = ("libx264", "libx265")

MISSING_PYAV = (
    "JPEG/PNG coding on the ascendcl-cffi emulator needs PyAV, which is not installed: "
    "pip install 'ascendcl-cffi[media]'"
)

# FFmpeg planar YUV formats -> (chroma_shift_x, chroma_shift_y); "gray" has no chroma.
PLANAR_SHIFTS: dict[str, tuple[int, int]] = {
    "yuvj420p": (1, 1),
    "yuv420p": (1, 1),
    "yuvj422p": (1, 0),
    "yuv422p": (1, 0),
    "yuvj444p": (0, 0),
    "yuv444p": (0, 0),
    "yuvj440p": (0, 1),
    "yuv440p": (0, 1),
    "yuvj411p": (2, 0),
    "yuv411p": (2, 0),
}
ENCODER_FORMATS: dict[tuple[int, int], str] = {(1, 1): "yuvj420p", (1, 0): "yuvj422p", (0, 0): "yuvj444p"}
# Interleaved 8-bit formats -> channels; others are converted first (see _interleaved).
INTERLEAVED_CHANNELS: dict[str, int] = {"gray": 1, "ya8": 2, "rgb24": 3, "rgba": 4}
WIDE_TO_CHANNELS: dict[str, int] = {
    "gray16be": 1,
    "gray16le": 1,
    "rgb48be": 3,
    "rgb48le": 3,
    "rgba64be": 4,
    "rgba64le": 4,
}

# struct aclemu_media_executor member -> the extern "Python" callback (acl/_native/media_executor.cdef)
CALLBACKS = {
    "open": "_aclffi_media_open",
    "send_packet": "_aclffi_media_send_packet",
    "receive_frame": "_aclffi_media_receive_frame",
    "send_frame": "_aclffi_media_send_frame",
    "receive_packet": "_aclffi_media_receive_packet",
    "close": "_aclffi_media_close",
}


class _Session:
    __slots__ = ("codec", "ctx", "encode", "flushed", "held", "pending", "quality", "settings")

    def __init__(self, codec: str, encode: bool, quality: int, settings: dict[str, str]) -> None:
        self.codec = codec
        self.encode = encode
        self.quality = quality
        self.settings = settings  # video encoders: the options of open
        self.ctx: Any = None  # av.CodecContext, created by open (decoders) or the first frame (encoders)
        self.pending: list[Any] = []  # decoded frames or encoded packets not yet taken
        self.held: Any = None  # what the last received frame's plane pointers point into
        self.flushed = False


_sessions: dict[int, _Session] = {}
_sessions_lock = threading.Lock()
_last_session = 0


def _write_message(msg: Any, msg_len: int, text: str) -> None:
    if msg == ffi.NULL or msg_len == 0:
        return
    data = text.encode("utf-8", errors="replace")[: msg_len - 1]
    ffi.memmove(msg, data + b"\0", len(data) + 1)


def _session(token: int) -> _Session:
    with _sessions_lock:
        return _sessions[token]


def _parse_options(text: str) -> dict[str, str]:
    pairs = (item.split("=", 1) for item in text.split(";") if "=" in item)
    return {key.strip(): value.strip() for key, value in pairs}


def _qscale(quality: int) -> int:
    """JPEGE level -> FFmpeg mjpeg qscale (1 best .. 31): level 100 (and 0, which the runtime
    treats like 100) give 1, level 1 gives 31, linear in between."""
    if quality <= 0 or quality >= 100:
        return 1
    return 1 + round((100 - quality) * 30 / 99)


# --------------------------------------------------------------- callbacks


@ffi.def_extern(name="_aclffi_media_open", error=_c.ACL_ERROR_RT_AICPU_EXCEPTION)
def _open(codec: Any, encode: int, options: Any, session: Any, msg: Any, msg_len: int) -> int:
    try:
        import av
    except ImportError:
        _write_message(msg, msg_len, MISSING_PYAV)
        return _c.ACL_ERROR_API_NOT_SUPPORT
    name = ffi.string(codec).decode()
    settings = _parse_options(ffi.string(options).decode() if options != ffi.NULL else "")
    state = _Session(name, bool(encode), int(settings.pop("quality", "100")), settings)
    if not encode:
        try:
            state.ctx = av.CodecContext.create(name, "r")
            state.ctx.options = settings  # FFmpeg codec options, e.g. err_detect
        except Exception as exc:  # PyAV raises its own types for unknown codecs
            _write_message(msg, msg_len, f"PyAV has no {name} decoder: {exc}")
            return _c.ACL_ERROR_API_NOT_SUPPORT
    global _last_session
    with _sessions_lock:
        _last_session += 1
        _sessions[_last_session] = state
        session[0] = _last_session
    return _c.ACL_SUCCESS


@ffi.def_extern(name="_aclffi_media_send_packet", error=_c.ACL_ERROR_RT_AICPU_EXCEPTION)
def _send_packet(token: int, data: Any, size: int, pts: int, msg: Any, msg_len: int) -> int:
    import av

    state = _session(token)
    try:
        if data == ffi.NULL or size == 0:
            state.pending.extend(state.ctx.decode(None))
            state.flushed = True
        else:
            packet = av.Packet(bytes(ffi.buffer(ffi.cast("char *", data), size)))
            packet.pts = pts
            state.pending.extend(state.ctx.decode(packet))
    except Exception as exc:  # FFmpeg reports corrupt data as av.error.* exceptions
        _write_message(msg, msg_len, f"{state.codec} decoder: {exc}")
        return _c.ACL_ERROR_RT_AICPU_EXCEPTION
    return _c.ACL_SUCCESS


def _interleaved(frame: Any) -> tuple[Any, int]:
    """(uint8 array of shape (h, w*channels) or a plane, channels) for a PNG frame."""
    name = frame.format.name
    if name in INTERLEAVED_CHANNELS:
        return frame.planes[0], INTERLEAVED_CHANNELS[name]
    if name == "pal8":
        return frame.reformat(format="rgba").planes[0], 4
    import numpy as np

    if name not in WIDE_TO_CHANNELS:  # e.g. ya16: widen to RGBA first
        frame = frame.reformat(format="rgba64be")
        name = "rgba64be"
    wide = frame.to_ndarray().astype(np.uint16)
    return np.ascontiguousarray(wide >> 8, dtype=np.uint8), WIDE_TO_CHANNELS[name]


@ffi.def_extern(name="_aclffi_media_receive_frame", error=_c.ACL_ERROR_RT_AICPU_EXCEPTION)
def _receive_frame(token: int, out: Any, msg: Any, msg_len: int) -> int:
    state = _session(token)
    state.held = None
    if not state.pending:
        return EOF if state.flushed else AGAIN
    frame = state.pending.pop(0)
    name = frame.format.name
    out.width, out.height, out.pts = frame.width, frame.height, frame.pts or 0
    out.flags = FRAME_CORRUPT if frame.is_corrupt else 0
    pixels: Any = None
    try:
        if (name == "gray" and state.codec != "png") or name in PLANAR_SHIFTS:
            planes = list(frame.planes)
            out.kind, out.planes, out.channels = FRAME_PLANAR_YUV, len(planes), 0
            out.chroma_shift_x, out.chroma_shift_y = PLANAR_SHIFTS.get(name, (0, 0))
            buffers = [ffi.from_buffer(p) for p in planes]
            for i, (plane, buf) in enumerate(zip(planes, buffers)):
                out.data[i] = ffi.cast("uint8_t *", buf)
                out.linesize[i] = plane.line_size
        else:
            pixels, channels = _interleaved(frame)
            out.kind, out.planes, out.channels = FRAME_INTERLEAVED, 1, channels
            buffers = [ffi.from_buffer(pixels)]
            out.data[0] = ffi.cast("uint8_t *", buffers[0])
            out.linesize[0] = pixels.line_size if hasattr(pixels, "line_size") else pixels.strides[0]
    except Exception as exc:
        text = f"{state.codec} decoder produced {name}, which the emulator cannot take: {exc}"
        _write_message(msg, msg_len, text)
        return _c.ACL_ERROR_RT_AICPU_EXCEPTION
    state.held = (frame, pixels, buffers)
    return _c.ACL_SUCCESS


def _video_frame(frame: Any, video_codec: bool) -> Any:
    """An av.VideoFrame holding a copy of the C frame's planes (planar YUV, 8-bit)."""
    import av
    import numpy as np

    shifts = (frame.chroma_shift_x, frame.chroma_shift_y)
    pix_fmt = "gray" if frame.planes == 1 else ENCODER_FORMATS[shifts]
    if video_codec:  # the video encoders take limited-range YUV
        pix_fmt = pix_fmt.replace("yuvj", "yuv")
    video = av.VideoFrame(frame.width, frame.height, pix_fmt)
    for i, plane in enumerate(video.planes):
        rows, cols = plane.height, plane.width
        src = np.frombuffer(ffi.buffer(frame.data[i], frame.linesize[i] * rows), dtype=np.uint8)
        dst = np.empty((rows, plane.line_size), dtype=np.uint8)
        dst[:, :cols] = src.reshape(rows, frame.linesize[i])[:, :cols]
        plane.update(dst.tobytes())
    return video


@ffi.def_extern(name="_aclffi_media_send_frame", error=_c.ACL_ERROR_RT_AICPU_EXCEPTION)
def _send_frame(token: int, frame: Any, msg: Any, msg_len: int) -> int:
    import av

    state = _session(token)
    try:
        if frame == ffi.NULL:
            if state.ctx is not None:
                state.pending.extend(state.ctx.encode(None))
            state.flushed = True
            return _c.ACL_SUCCESS
        is_video = state.codec in VIDEO_ENCODERS
        video = _video_frame(frame, is_video)
        if state.ctx is None:
            ctx = av.CodecContext.create(state.codec, "w")
            ctx.width, ctx.height, ctx.pix_fmt = video.width, video.height, video.format.name
            ctx.time_base = _fraction()  # required by the encoder; irrelevant to still images
            if is_video:
                _configure_video_encoder(ctx, state.codec, state.settings)
            else:
                ctx.qmin = ctx.qmax = _qscale(state.quality)
            state.ctx = ctx
        if is_video:
            video.pts = frame.pts
            if frame.flags & FRAME_KEY:
                video.pict_type = av.video.frame.PictureType.I
        state.pending.extend(state.ctx.encode(video))
    except KeyError:
        _write_message(msg, msg_len, f"{state.codec} encoder: no pixel format for chroma shifts of the frame")
        return _c.ACL_ERROR_INVALID_PARAM
    except Exception as exc:
        _write_message(msg, msg_len, f"{state.codec} encoder: {exc}")
        return _c.ACL_ERROR_RT_AICPU_EXCEPTION
    return _c.ACL_SUCCESS


def _configure_video_encoder(ctx: Any, codec: str, settings: dict[str, str]) -> None:
    """GOP, frame rate and rate control of an H.264/H.265 encoder from the options of open.

    Like the runtime's VENC, the stream has no B-frames and no look-ahead (one packet per frame,
    at once), key frames come exactly every `gop` frames (no scene-cut key frames) and each is an
    IDR; without a bit rate the encoder keeps a constant quality (crf), which the emulator
    chooses as the default rate control where the runtime's default depends on the chip.
    """
    from fractions import Fraction

    gop = int(settings.get("gop", "0")) or 30
    fps = int(settings.get("fps", "0")) or 30
    ctx.time_base = Fraction(1, fps)
    ctx.framerate = Fraction(fps, 1)
    ctx.gop_size = gop
    ctx.max_b_frames = 0
    bitrate = int(settings.get("bitrate", "0"))
    maxrate = int(settings.get("maxrate", "0"))
    if bitrate:
        ctx.bit_rate = bitrate
        ceiling = bitrate if settings.get("rc") == "cbr" else max(maxrate, bitrate)
        ctx.rc_max_rate, ctx.rc_buffer_size = ceiling, ceiling
    key_params = f"keyint={gop}:min-keyint={gop}:scenecut=0:bframes=0"
    options = {"tune": "zerolatency", "forced-idr": "1"}
    if codec == "libx265":
        options["x265-params"] = f"log-level=error:{key_params}:open-gop=0"
    else:
        options["x264-params"] = key_params
    ctx.options = options


def _fraction() -> Any:
    from fractions import Fraction

    return Fraction(1, 25)


@ffi.def_extern(name="_aclffi_media_receive_packet", error=_c.ACL_ERROR_RT_AICPU_EXCEPTION)
def _receive_packet(token: int, out: Any, capacity: int, size: Any, pts: Any, msg: Any, msg_len: int) -> int:
    state = _session(token)
    if not state.pending:
        return EOF if state.flushed else AGAIN
    data = bytes(state.pending[0])
    size[0] = len(data)
    if len(data) > capacity:
        text = f"the encoded data needs {len(data)} bytes, the output buffer holds {capacity}"
        _write_message(msg, msg_len, text)
        return _c.ACL_ERROR_INVALID_PARAM
    packet = state.pending.pop(0)
    pts[0] = packet.pts or 0  # video: the pts of the frame it encodes
    ffi.memmove(ffi.cast("char *", out), data, len(data))
    return _c.ACL_SUCCESS


@ffi.def_extern(name="_aclffi_media_close")
def _close(token: int) -> None:
    with _sessions_lock:
        _sessions.pop(token, None)


# ------------------------------------------------------------ registration

_hook = ExecutorHook(
    "_aclemu_SetMediaExecutor", "aclemu_media_executor", lib.ACLEMU_MEDIA_EXECUTOR_ABI, CALLBACKS
)


def install() -> bool:
    """Register the executor with the emulator, once; False (nothing done) under another backend."""
    return _hook.install()


def installed() -> bool:
    return _hook.installed


def open_sessions() -> int:
    """Sessions the executor holds (tests: every task must close its session)."""
    with _sessions_lock:
        return len(_sessions)
