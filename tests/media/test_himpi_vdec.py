"""hi_mpi VDEC channels for JPEG and PNG against PyAV and Pillow: decoded pictures (exact), frame info,
image queries, channel attributes and parameters, status, reset, get_frame timeouts."""

from __future__ import annotations

import io
import threading
import time
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
av = pytest.importorskip("av")

from himpi_session import (  # noqa: E402
    HI_SUCCESS,
    HiSession,
    hi_check,
    himpi_fixture,  # noqa: F401
    vdec_attr,
    vdec_pic_info,
    vdec_stream,
)

import acl  # noqa: E402

NV12 = acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420
NV21 = acl.HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420
RGB888 = acl.HI_PIXEL_FORMAT_RGB_888
RGBA8888 = acl.HI_PIXEL_FORMAT_RGBA_8888
CHN = 3


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def photo(w: int, h: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    planes = [
        128 + 90 * np.sin(x / 9.0 + k) * np.cos(y / 7.0 - k) + rng.normal(0, 5, (h, w)) for k in range(3)
    ]
    return np.clip(np.stack(planes, axis=-1), 0, 255).astype(np.uint8)


def jpeg_420(w: int, h: int, seed: int = 0) -> bytes:
    out = io.BytesIO()
    Image.fromarray(photo(w, h, seed)).save(out, "JPEG", quality=90, subsampling=2)
    return out.getvalue()


def png(mode: str, w: int, h: int, seed: int = 0) -> bytes:
    rgba = np.random.default_rng(seed).integers(0, 256, (h, w, 4), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(rgba, "RGBA").convert(mode).save(out, "PNG")
    return out.getvalue()


def pyav_planes(data: bytes) -> list[np.ndarray]:
    """PyAV's (FFmpeg's) own decode of a 4:2:0 JPEG: the Y, U and V planes."""
    frame = next(av.open(io.BytesIO(data), format="image2pipe", options={"codec": "mjpeg"}).decode(video=0))
    assert frame.format.name in ("yuvj420p", "yuv420p")
    return [
        np.frombuffer(bytes(p), np.uint8).reshape(p.height, p.line_size)[:, : p.width] for p in frame.planes
    ]


def create(payload: int, chn: int = CHN, frames: int = 0) -> None:
    hi_check(acl.himpi.vdec_create_chn(chn, vdec_attr(payload, frames=frames)), "vdec_create_chn")
    hi_check(acl.himpi.vdec_start_recv_stream(chn), "vdec_start_recv_stream")


def destroy(chn: int = CHN) -> None:
    hi_check(acl.himpi.vdec_stop_recv_stream(chn), "vdec_stop_recv_stream")
    hi_check(acl.himpi.vdec_destroy_chn(chn), "vdec_destroy_chn")


def decode_one(
    himpi: HiSession, data: bytes, fmt: int, size: int, pts: int = 7
) -> tuple[dict[str, Any], bytes]:
    source = himpi.upload(data)
    out = himpi.malloc(size)
    hi_check(
        acl.himpi.vdec_send_stream(
            CHN, vdec_stream(source, len(data), pts), vdec_pic_info(out, size, fmt), -1
        ),
        "vdec_send_stream",
    )
    frame, _, stream, ret = acl.himpi.vdec_get_frame(CHN, 1000)
    hi_check(ret, "vdec_get_frame")
    assert stream["addr"] == source and stream["len"] == len(data) and stream["pts"] == pts
    assert frame["v_frame"]["pts"] == pts
    assert frame["v_frame"]["virt_addr"][0] == out
    raw = himpi.download(out, size)
    hi_check(acl.himpi.vdec_release_frame(CHN, frame), "vdec_release_frame")
    return frame, raw


def output_info(data: bytes, fmt: int, himpi: HiSession) -> dict[str, Any]:
    source = himpi.upload(data)
    info, ret = acl.himpi.vdec_get_jpegd_output_info(vdec_stream(source, len(data)), fmt)
    hi_check(ret, "vdec_get_jpegd_output_info")
    return info


@pytest.mark.parametrize(("w", "h"), [(96, 64), (250, 130)])
@pytest.mark.parametrize("fmt", [NV12, NV21])
def test_jpeg_through_a_vdec_channel_equals_pyav(himpi: HiSession, w: int, h: int, fmt: int) -> None:
    data = jpeg_420(w, h)
    info = output_info(data, fmt, himpi)
    ws, hs = align(w, 128), align(h, 16)
    assert (info["width"], info["height"], info["width_stride"], info["height_stride"]) == (w, h, ws, hs)
    assert info["img_buf_size"] == ws * hs * 3 // 2
    create(acl.HI_PT_JPEG)
    try:
        frame, raw = decode_one(himpi, data, fmt, info["img_buf_size"])
    finally:
        destroy()
    v = frame["v_frame"]
    assert (v["width"], v["height"], v["pixel_format"], v["frame_flag"]) == (w, h, fmt, 0)
    assert v["width_stride"][0] == ws and v["height_stride"][0] == hs
    assert v["virt_addr"][1] == v["virt_addr"][0] + ws * hs
    y_ref, u_ref, v_ref = pyav_planes(data)
    buf = np.frombuffer(raw, np.uint8)
    y = buf[: ws * hs].reshape(hs, ws)[:h, :w]
    uv = buf[ws * hs :].reshape(hs // 2, ws)[: h // 2, :w].reshape(h // 2, w // 2, 2)
    u, vv = (uv[..., 0], uv[..., 1]) if fmt == NV12 else (uv[..., 1], uv[..., 0])
    np.testing.assert_array_equal(y, y_ref)
    np.testing.assert_array_equal(u, u_ref)
    np.testing.assert_array_equal(vv, v_ref)


@pytest.mark.parametrize(
    ("mode", "fmt", "channels"), [("RGB", RGB888, 3), ("RGBA", RGBA8888, 4), ("L", RGB888, 3)]
)
def test_png_through_a_vdec_channel_equals_pillow(
    himpi: HiSession, mode: str, fmt: int, channels: int
) -> None:
    w, h = 70, 45
    data = png(mode, w, h)
    ws, hs = align(w, 128) * channels, align(h, 16)
    create(acl.HI_PT_PNG)
    try:
        frame, raw = decode_one(himpi, data, fmt, ws * hs)
    finally:
        destroy()
    v = frame["v_frame"]
    assert (v["width"], v["height"], v["pixel_format"], v["frame_flag"]) == (w, h, fmt, 0)
    assert (v["width_stride"][0], v["height_stride"][0]) == (ws, hs)
    got = np.frombuffer(raw, np.uint8).reshape(hs, ws)[:h, : w * channels].reshape(h, w, channels)
    expected = np.asarray(Image.open(io.BytesIO(data)).convert("RGBA" if channels == 4 else "RGB"))
    np.testing.assert_array_equal(got, expected)


def test_image_info_of_jpeg_and_png(himpi: HiSession) -> None:
    jpeg = jpeg_420(100, 50)
    info, ret = acl.himpi.dvpp_get_image_info(acl.HI_PT_JPEG, vdec_stream(himpi.upload(jpeg), len(jpeg)))
    hi_check(ret, "dvpp_get_image_info")
    assert (info["width"], info["height"], info["pixel_format"]) == (100, 50, acl.HI_JPEG_RAW_FORMAT_YUV420)
    assert (info["width_stride"], info["height_stride"]) == (128, 64)
    picture = png("RGBA", 40, 33)
    stream = {"type": acl.HI_PT_PNG, "addr": himpi.upload(picture), "len": len(picture), "pts": 0}
    info, ret = acl.himpi.png_get_image_info(stream)
    hi_check(ret, "png_get_image_info")
    assert (info["width"], info["height"], info["width_stride"], info["height_stride"]) == (40, 33, 512, 48)
    assert info["img_buf_size"] == 512 * 48
    assert (
        info["pixel_format"] == acl.HI_PNG_COLOR_FORMAT_ARGB
    )  # the union's first member reads the PNG colour type


def test_image_info_refuses_other_data(himpi: HiSession) -> None:
    junk = bytes(range(200))
    _, ret = acl.himpi.dvpp_get_image_info(acl.HI_PT_JPEG, vdec_stream(himpi.upload(junk), len(junk)))
    assert ret == acl.HI_ERR_VDEC_ILLEGAL_PARAM
    assert "hi_mpi_dvpp_get_image_info" in acl.get_recent_err_msg()  # the parser's explanation, kept
    _, ret = acl.himpi.dvpp_get_image_info(acl.HI_PT_H264, vdec_stream(himpi.upload(junk), len(junk)))
    assert ret == acl.HI_ERR_VDEC_NOT_SUPPORT


def test_a_damaged_jpeg_gives_a_flagged_frame_and_the_channel_goes_on(himpi: HiSession) -> None:
    good = jpeg_420(64, 64)
    bad = good[:200] + bytes(len(good) - 200)  # headers intact, entropy data zeroed
    size = align(64, 128) * 64 * 3 // 2
    create(acl.HI_PT_JPEG)
    try:
        source, out = himpi.upload(bad), himpi.malloc(size)
        hi_check(
            acl.himpi.vdec_send_stream(CHN, vdec_stream(source, len(bad)), vdec_pic_info(out, size, NV12), 0),
            "send",
        )
        frame, _, stream, ret = acl.himpi.vdec_get_frame(CHN, 0)
        hi_check(ret, "vdec_get_frame of a damaged picture")
        assert frame["v_frame"]["frame_flag"] != 0 and stream["addr"] == source
        hi_check(acl.himpi.vdec_release_frame(CHN, frame), "release")
        status, ret = acl.himpi.vdec_query_status(CHN)
        hi_check(ret, "query")
        assert status["recv_stream_frames"] == 1 and status["dec_stream_frames"] == 0
        frame, _ = decode_one(himpi, good, NV12, size)
        assert frame["v_frame"]["frame_flag"] == 0
    finally:
        destroy()


def test_undersized_output_buffer_is_refused_at_send(himpi: HiSession) -> None:
    data = jpeg_420(64, 64)
    create(acl.HI_PT_JPEG)
    try:
        out = himpi.malloc(1000)
        ret = acl.himpi.vdec_send_stream(
            CHN, vdec_stream(himpi.upload(data), len(data)), vdec_pic_info(out, 1000, NV12), 0
        )
        assert ret == acl.HI_ERR_VDEC_ILLEGAL_PARAM
        assert "needs" in acl.get_recent_err_msg()
        _, _, _, ret = acl.himpi.vdec_get_frame(CHN, 0)
        assert ret == acl.HI_ERR_VDEC_BUF_EMPTY
    finally:
        destroy()


def test_attributes_and_parameters_are_stored(himpi: HiSession) -> None:
    attr = vdec_attr(acl.HI_PT_JPEG, 640, 480, frames=5)
    hi_check(acl.himpi.vdec_create_chn(CHN, attr), "create")
    try:
        got, ret = acl.himpi.vdec_get_chn_attr(CHN)
        hi_check(ret, "get attr")
        assert {k: got[k] for k in ("type", "mode", "pic_width", "pic_height", "frame_buf_cnt")} == {
            "type": acl.HI_PT_JPEG,
            "mode": acl.HI_VDEC_SEND_MODE_FRAME,
            "pic_width": 640,
            "pic_height": 480,
            "frame_buf_cnt": 5,
        }
        param, ret = acl.himpi.vdec_get_chn_param(CHN)
        hi_check(ret, "get param")
        assert param["type"] == acl.HI_PT_JPEG
        param["display_frame_num"] = 3
        param["pic_param"]["pixel_format"] = NV21
        hi_check(acl.himpi.vdec_set_chn_param(CHN, param), "set param")
        again, ret = acl.himpi.vdec_get_chn_param(CHN)
        assert again["display_frame_num"] == 3 and again["pic_param"]["pixel_format"] == NV21
        param["type"] = acl.HI_PT_PNG
        assert acl.himpi.vdec_set_chn_param(CHN, param) == acl.HI_ERR_VDEC_ILLEGAL_PARAM
        hi_check(acl.himpi.vdec_set_display_mode(CHN, acl.HI_VIDEO_DISPLAY_MODE_PLAYBACK), "display mode")
        mode, ret = acl.himpi.vdec_get_display_mode(CHN)
        assert (mode, ret) == (acl.HI_VIDEO_DISPLAY_MODE_PLAYBACK, HI_SUCCESS)
        hi_check(acl.himpi.vdec_set_jpegd_precision_mode(CHN, acl.YUVOUT_ALIGN_UP), "precision")
        attr["pic_width"] = 320
        hi_check(acl.himpi.vdec_set_chn_attr(CHN, attr), "set attr while stopped")
        hi_check(acl.himpi.vdec_start_recv_stream(CHN), "start")
        assert acl.himpi.vdec_set_chn_attr(CHN, attr) == acl.HI_ERR_VDEC_NOT_PERM
        assert acl.himpi.vdec_reset_chn(CHN) == acl.HI_ERR_VDEC_NOT_PERM
        status, ret = acl.himpi.vdec_query_status(CHN)
        assert ret == HI_SUCCESS and status["is_started"] == 1 and status["type"] == acl.HI_PT_JPEG
        hi_check(acl.himpi.vdec_stop_recv_stream(CHN), "stop")
        hi_check(acl.himpi.vdec_reset_chn(CHN), "reset")
    finally:
        hi_check(acl.himpi.vdec_destroy_chn(CHN), "destroy")


def test_precision_mode_align_up_rounds_odd_sizes_up(himpi: HiSession) -> None:
    data = jpeg_420(65, 33)
    size = align(65, 128) * align(33, 16) * 3 // 2
    hi_check(acl.himpi.vdec_create_chn(CHN, vdec_attr(acl.HI_PT_JPEG)), "create")
    hi_check(acl.himpi.vdec_set_jpegd_precision_mode(CHN, acl.YUVOUT_ALIGN_UP), "precision")
    hi_check(acl.himpi.vdec_start_recv_stream(CHN), "start")
    try:
        frame, _ = decode_one(himpi, data, NV12, size)
    finally:
        destroy()
    assert (frame["v_frame"]["width"], frame["v_frame"]["height"]) == (66, 34)


def test_get_frame_timeouts(himpi: HiSession) -> None:
    create(acl.HI_PT_JPEG)
    try:
        start = time.monotonic()
        _, _, _, ret = acl.himpi.vdec_get_frame(CHN, 0)
        assert ret == acl.HI_ERR_VDEC_BUF_EMPTY
        _, _, _, ret = acl.himpi.vdec_get_frame(CHN, 150)
        waited = time.monotonic() - start
        assert ret == acl.HI_ERR_VDEC_BUF_EMPTY and 0.14 <= waited < 5
        data = jpeg_420(64, 64)
        size = align(64, 128) * 64 * 3 // 2
        source, out = himpi.upload(data), himpi.malloc(size)
        results: list[Any] = []
        waiter = threading.Thread(target=lambda: results.append(acl.himpi.vdec_get_frame(CHN, -1)))
        waiter.start()
        time.sleep(0.1)
        assert waiter.is_alive()  # -1 blocks until a picture arrives
        hi_check(
            acl.himpi.vdec_send_stream(
                CHN, vdec_stream(source, len(data)), vdec_pic_info(out, size, NV12), -1
            ),
            "send",
        )
        waiter.join(10)
        frame, _, _, ret = results[0]
        hi_check(ret, "blocking get_frame")
        hi_check(acl.himpi.vdec_release_frame(CHN, frame), "release")
        assert acl.himpi.vdec_release_frame(CHN, frame) == acl.HI_ERR_VDEC_ILLEGAL_PARAM  # not held twice
    finally:
        destroy()


def test_a_full_picture_queue_makes_sends_wait(himpi: HiSession) -> None:
    data = jpeg_420(64, 64)
    size = align(64, 128) * 64 * 3 // 2
    create(acl.HI_PT_JPEG, frames=1)
    try:
        source = himpi.upload(data)
        outs = [himpi.malloc(size) for _ in range(2)]
        send = [vdec_stream(source, len(data)), vdec_pic_info(outs[0], size, NV12)]
        hi_check(acl.himpi.vdec_send_stream(CHN, *send, 0), "first send")
        second = vdec_pic_info(outs[1], size, NV12)
        assert acl.himpi.vdec_send_stream(CHN, send[0], second, 0) == acl.HI_ERR_VDEC_BUF_FULL
        assert acl.himpi.vdec_send_stream(CHN, send[0], second, 50) == acl.HI_ERR_VDEC_BUF_FULL
        frame, _, _, ret = acl.himpi.vdec_get_frame(CHN, 0)
        hi_check(ret, "get")
        hi_check(acl.himpi.vdec_send_stream(CHN, send[0], second, 0), "send after a get")
        hi_check(acl.himpi.vdec_release_frame(CHN, frame), "release")
        status, _ = acl.himpi.vdec_query_status(CHN)
        assert status["left_decoded_frames"] == 1
    finally:
        destroy()


def test_destroy_wakes_a_blocked_get_frame(himpi: HiSession) -> None:
    create(acl.HI_PT_PNG)
    results: list[Any] = []
    waiter = threading.Thread(target=lambda: results.append(acl.himpi.vdec_get_frame(CHN, -1)))
    waiter.start()
    time.sleep(0.1)
    destroy()
    waiter.join(10)
    assert not waiter.is_alive() and results[0][3] == acl.HI_ERR_VDEC_UNEXIST


def test_epoll_sees_a_channel_with_a_picture_ready(himpi: HiSession) -> None:
    create(acl.HI_PT_JPEG)
    epoll_fd, ret = acl.himpi.sys_create_epoll(4)
    hi_check(ret, "sys_create_epoll")
    try:
        fd = acl.himpi.vdec_get_fd(CHN)
        assert fd >= 0, acl.get_recent_err_msg()
        assert acl.himpi.vdec_get_fd(CHN) == fd  # one descriptor per channel
        watch = {"events": acl.HI_DVPP_EPOLL_IN, "data": 77}
        hi_check(acl.himpi.sys_ctl_epoll(epoll_fd, acl.HI_DVPP_EPOLL_CTL_ADD, fd, watch), "sys_ctl_epoll")
        _, count, ret = acl.himpi.sys_wait_epoll(epoll_fd, 2, 0)
        assert (count, ret) == (0, HI_SUCCESS)
        data = jpeg_420(64, 64)
        size = align(64, 128) * 64 * 3 // 2
        stream = vdec_stream(himpi.upload(data), len(data))
        pic = vdec_pic_info(himpi.malloc(size), size, NV12)
        hi_check(acl.himpi.vdec_send_stream(CHN, stream, pic, 0), "send")
        events, count, ret = acl.himpi.sys_wait_epoll(epoll_fd, 2, 1000)
        assert (count, ret) == (1, HI_SUCCESS)
        assert events[0]["events"] & acl.HI_DVPP_EPOLL_IN and events[0]["data"] == 77
        frame, _, _, ret = acl.himpi.vdec_get_frame(CHN, 0)
        hi_check(ret, "get_frame")
        _, count, ret = acl.himpi.sys_wait_epoll(epoll_fd, 2, 0)
        assert (count, ret) == (0, HI_SUCCESS)  # nothing left to take
        hi_check(acl.himpi.vdec_release_frame(CHN, frame), "release")
        hi_check(acl.himpi.vdec_close_fd(CHN), "close_fd")
    finally:
        acl.himpi.sys_close_epoll(epoll_fd)
        destroy()
