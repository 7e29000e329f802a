"""hi_mpi VDEC channels for H.264 and H.265 against PyAV: streams made here with PyAV (B-frames, sizes
that are not multiples of 16, 30+ frames, a damaged frame), every picture equal to PyAV's own decode
after the NV12 conversion, in display order, each with the input stream it came from."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
av = pytest.importorskip("av")

from himpi_session import HiSession, hi_check, himpi_fixture, vdec_attr, vdec_pic_info, vdec_stream  # noqa: E402, F401

import acl  # noqa: E402

NV12 = acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420
NV21 = acl.HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420
CHN = 5
CODECS = {acl.HI_PT_H264: ("libx264", "h264"), acl.HI_PT_H265: ("libx265", "hevc")}


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def moving_frames(w: int, h: int, count: int) -> list[np.ndarray]:
    y, x = np.mgrid[0:h, 0:w]
    return [
        np.stack([(x * 3 + i * 5) % 256, (y * 2 + i * 3) % 256, ((x + y) + i * 7) % 256], -1).astype(np.uint8)
        for i in range(count)
    ]


def encode(payload: int, w: int, h: int, count: int) -> list[bytes]:
    """Access units (Annex B) from PyAV's encoder, with B-frames."""
    encoder, _ = CODECS[payload]
    ctx = av.CodecContext.create(encoder, "w")
    ctx.width, ctx.height, ctx.pix_fmt = w, h, "yuv420p"
    ctx.time_base = Fraction(1, 25)
    ctx.framerate = Fraction(25, 1)
    ctx.gop_size = 12
    ctx.max_b_frames = 2
    if encoder == "libx265":
        ctx.options = {"x265-params": "log-level=error:bframes=2"}
    packets: list[bytes] = []
    for i, rgb in enumerate(moving_frames(w, h, count)):
        frame = av.VideoFrame.from_ndarray(rgb, format="rgb24").reformat(format="yuv420p")
        frame.pts = i
        packets += [bytes(p) for p in ctx.encode(frame)]
    packets += [bytes(p) for p in ctx.encode(None)]
    return packets


def reference(payload: int, units: list[bytes]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """PyAV's own decode of the same units, in output order: Y, U, V planes."""
    ctx = av.CodecContext.create(CODECS[payload][1], "r")
    out = []
    for unit in [*units, None]:
        for frame in ctx.decode(av.Packet(unit) if unit is not None else None):
            planes = [
                np.frombuffer(bytes(p), np.uint8).reshape(p.height, p.line_size)[:, : p.width]
                for p in frame.planes
            ]
            out.append((planes[0], planes[1], planes[2]))
    return out


def run_channel(
    himpi: HiSession,
    payload: int,
    units: list[bytes],
    w: int,
    h: int,
    fmt: int = NV12,
    strides: tuple[int, int] = (0, 0),
) -> list[Any]:
    """Send every unit (pts = its index) and end of stream; take every frame. Returns (frame, stream, raw).
    `strides` are the output picture's own (0: the decoder's)."""
    ws, hs = max(align(w, 16), strides[0]), max(align(h, 2), strides[1])
    size = ws * hs * 3 // 2
    hi_check(acl.himpi.vdec_create_chn(CHN, vdec_attr(payload, w, h, frames=len(units) + 1)), "create")
    hi_check(acl.himpi.vdec_start_recv_stream(CHN), "start")
    results = []
    try:
        sources = [himpi.upload(u) for u in units]
        outs = [himpi.malloc(size) for _ in units]
        for i, (source, out) in enumerate(zip(sources, outs)):
            stream = vdec_stream(source, len(units[i]), pts=1000 + i)
            pic = {
                **vdec_pic_info(out, size, fmt, w, h),
                "width_stride": strides[0],
                "height_stride": strides[1],
            }
            hi_check(acl.himpi.vdec_send_stream(CHN, stream, pic, -1), "send")
        hi_check(
            acl.himpi.vdec_send_stream(CHN, vdec_stream(0, 0, eos=1), vdec_pic_info(0, 0, fmt), -1), "eos"
        )
        while True:
            frame, _, stream, ret = acl.himpi.vdec_get_frame(CHN, 0)
            if ret == acl.HI_ERR_VDEC_BUF_EMPTY:
                break
            hi_check(ret, "get_frame")
            results.append((frame, stream, himpi.download(frame["v_frame"]["phys_addr"][0], size)))
            hi_check(acl.himpi.vdec_release_frame(CHN, frame), "release")
    finally:
        hi_check(acl.himpi.vdec_stop_recv_stream(CHN), "stop")
        hi_check(acl.himpi.vdec_destroy_chn(CHN), "destroy")
    return results


def planes_of(
    raw: bytes, w: int, h: int, fmt: int, strides: tuple[int, int] = (0, 0)
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ws, hs = max(align(w, 16), strides[0]), max(align(h, 2), strides[1])
    buf = np.frombuffer(raw, np.uint8)
    y = buf[: ws * hs].reshape(hs, ws)[:h, :w]
    cw, ch = (w + 1) // 2, (h + 1) // 2
    uv = buf[ws * hs : ws * hs * 3 // 2].reshape(hs // 2, ws)[:ch, : cw * 2].reshape(ch, cw, 2)
    return (y, uv[..., 0], uv[..., 1]) if fmt == NV12 else (y, uv[..., 1], uv[..., 0])


@pytest.mark.parametrize("payload", [acl.HI_PT_H264, acl.HI_PT_H265])
@pytest.mark.parametrize("fmt", [NV12, NV21])
def test_video_through_a_vdec_channel_equals_pyav(himpi: HiSession, payload: int, fmt: int) -> None:
    w, h, count = 98, 62, 32
    units = encode(payload, w, h, count)
    expected = reference(payload, units)
    got = run_channel(himpi, payload, units, w, h, fmt)
    assert len(got) == len(expected) == count
    for (frame, stream, raw), (y_ref, u_ref, v_ref) in zip(got, expected):
        v = frame["v_frame"]
        assert (v["width"], v["height"], v["frame_flag"], v["pixel_format"]) == (w, h, 0, fmt)
        assert v["pts"] == stream["pts"]
        y, u, vv = planes_of(raw, w, h, fmt)
        np.testing.assert_array_equal(y, y_ref)
        np.testing.assert_array_equal(u, u_ref)
        np.testing.assert_array_equal(vv, v_ref)
    # display order: B-frames make it differ from send order, and every input comes back once
    order = [stream["pts"] - 1000 for _, stream, _ in got]
    assert sorted(order) == list(range(count))
    assert order != list(range(count))


def test_a_damaged_unit_gives_a_flagged_frame_and_no_input_is_lost(himpi: HiSession) -> None:
    w, h, count = 64, 48, 30
    units = encode(acl.HI_PT_H264, w, h, count)
    broken = 20
    units[broken] = units[broken][:6] + bytes(range(256))[: len(units[broken]) - 6]
    got = run_channel(himpi, acl.HI_PT_H264, units, w, h)
    pts = sorted(stream["pts"] - 1000 for _, stream, _ in got)
    assert pts == list(range(count))  # one frame per input, flagged or not
    flags = {stream["pts"] - 1000: frame["v_frame"]["frame_flag"] for frame, stream, _ in got}
    assert flags[0] == 0 and flags[1] == 0
    assert any(flag != 0 for flag in flags.values())


def test_status_counts_frames(himpi: HiSession) -> None:
    units = encode(acl.HI_PT_H264, 64, 32, 5)
    hi_check(acl.himpi.vdec_create_chn(CHN, vdec_attr(acl.HI_PT_H264, 64, 32)), "create")
    hi_check(acl.himpi.vdec_start_recv_stream(CHN), "start")
    try:
        size = 64 * 32 * 3 // 2
        for i, unit in enumerate(units):
            stream = vdec_stream(himpi.upload(unit), len(unit), pts=i)
            hi_check(
                acl.himpi.vdec_send_stream(CHN, stream, vdec_pic_info(himpi.malloc(size), size, NV12), -1),
                "send",
            )
        hi_check(
            acl.himpi.vdec_send_stream(CHN, vdec_stream(0, 0, eos=1), vdec_pic_info(0, 0, NV12), -1), "eos"
        )
        status, ret = acl.himpi.vdec_query_status(CHN)
        hi_check(ret, "query")
        assert (status["recv_stream_frames"], status["dec_stream_frames"], status["left_decoded_frames"]) == (
            5,
            5,
            5,
        )
        assert (status["width"], status["height"]) == (64, 32)
    finally:
        hi_check(acl.himpi.vdec_stop_recv_stream(CHN), "stop")
        hi_check(acl.himpi.vdec_destroy_chn(CHN), "destroy with frames not taken")


def test_video_refuses_rgb_output(himpi: HiSession) -> None:
    unit = encode(acl.HI_PT_H264, 64, 32, 1)[0]
    hi_check(acl.himpi.vdec_create_chn(CHN, vdec_attr(acl.HI_PT_H264, 64, 32)), "create")
    hi_check(acl.himpi.vdec_start_recv_stream(CHN), "start")
    try:
        out = himpi.malloc(64 * 32 * 3)
        ret = acl.himpi.vdec_send_stream(
            CHN,
            vdec_stream(himpi.upload(unit), len(unit)),
            vdec_pic_info(out, 64 * 32 * 3, acl.HI_PIXEL_FORMAT_RGB_888),
            0,
        )
        assert ret == acl.HI_ERR_VDEC_ILLEGAL_PARAM
    finally:
        hi_check(acl.himpi.vdec_stop_recv_stream(CHN), "stop")
        hi_check(acl.himpi.vdec_destroy_chn(CHN), "destroy")


def test_the_output_pictures_own_larger_strides_are_kept(himpi: HiSession) -> None:
    w, h = 98, 62
    units = encode(acl.HI_PT_H264, w, h, 6)
    expected = reference(acl.HI_PT_H264, units)
    got = run_channel(himpi, acl.HI_PT_H264, units, w, h, NV12, strides=(128, 70))
    assert len(got) == len(expected) == 6
    for (frame, _, raw), planes in zip(got, expected):
        assert frame["v_frame"]["width_stride"][0] == 128 and frame["v_frame"]["height_stride"][0] == 70
        for plane, reference_plane in zip(planes_of(raw, w, h, NV12, (128, 70)), planes):
            np.testing.assert_array_equal(plane, reference_plane)


def test_picture_buffer_sizes() -> None:
    # NV12 with the width rounded up to 16 (or a larger align) and the height to 2: worked out by hand
    attr = {"width": 98, "height": 61, "align": 0, "bit_width": 0, "pixel_format": NV12, "compress_mode": 0}
    assert acl.himpi.vdec_get_pic_buf_size(acl.HI_PT_H264, attr) == 112 * 62 * 3 // 2
    assert acl.himpi.vdec_get_pic_buf_size(acl.HI_PT_H265, {**attr, "align": 128}) == 128 * 62 * 3 // 2
    assert acl.himpi.vdec_get_pic_buf_size(acl.HI_PT_H264, {**attr, "bit_width": 1}) == 112 * 62 * 3
    assert acl.himpi.vdec_get_pic_buf_size(acl.HI_PT_JPEG, attr) == 0
    assert acl.himpi.vdec_get_pic_buf_size(acl.HI_PT_H264, {**attr, "width": 0}) == 0
    assert acl.himpi.vdec_get_tmv_buf_size(acl.HI_PT_H264, 1920, 1080) == 0  # the decoder keeps its own
