"""hi_mpi VENC channels: H.264 / H.265 / JPEG output decoded by PyAV and compared with the input
(PSNR), key-frame interval and IDR requests counted on the decoded stream, parameters stored and
returned, stream timeouts, refusals."""

from __future__ import annotations

import io
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
av = pytest.importorskip("av")

from himpi_session import HiSession, hi_check, himpi_fixture  # noqa: E402, F401

import acl  # noqa: E402

NV12 = acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420
NV21 = acl.HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420
CHN = 4
PSNR_MIN = 30.0
DECODERS = {acl.HI_PT_H264: "h264", acl.HI_PT_H265: "hevc"}


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def yuv_frames(w: int, h: int, count: int) -> list[list[np.ndarray]]:
    """Moving smooth pictures as yuv420p planes (what the encoder sees after NV12 de-interleaving)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    out = []
    for i in range(count):
        rgb = np.stack(
            [128 + 100 * np.sin((x + 3 * i) / 13.0 + k) * np.cos((y - 2 * i) / 9.0) for k in range(3)], -1
        )
        frame = av.VideoFrame.from_ndarray(np.clip(rgb, 0, 255).astype(np.uint8), format="rgb24")
        yuv = frame.reformat(format="yuv420p")
        out.append(
            [
                np.frombuffer(bytes(p), np.uint8).reshape(p.height, p.line_size)[:, : p.width].copy()
                for p in yuv.planes
            ]
        )
    return out


def semiplanar(planes: list[np.ndarray], fmt: int) -> bytes:
    y, u, v = planes
    uv = np.stack([u, v] if fmt == NV12 else [v, u], -1)
    return y.tobytes() + uv.tobytes()


def frame_info(addr: int, w: int, h: int, fmt: int, pts: int) -> dict[str, Any]:
    return {
        "v_frame": {
            "width": w,
            "height": h,
            "pixel_format": fmt,
            "width_stride": [w, w, 0],
            "height_stride": [h, h, 0],
            "phys_addr": [addr, addr + w * h, 0],
            "pts": pts,
        },
        "pool_id": 0,
        "mod_id": 0,
    }


def channel_attr(payload: int, w: int, h: int, gop: int = 10) -> dict[str, Any]:
    rc_mode, rc_key = {
        acl.HI_PT_H264: (acl.HI_VENC_RC_MODE_H264_VBR, "h264_vbr"),
        acl.HI_PT_H265: (acl.HI_VENC_RC_MODE_H265_VBR, "h265_vbr"),
        acl.HI_PT_JPEG: (0, None),
    }[payload]
    rc: dict[str, Any] = {"rc_mode": rc_mode}
    if rc_key:
        rc[rc_key] = {
            "gop": gop,
            "stats_time": 1,
            "src_frame_rate": 25,
            "dst_frame_rate": 25,
            "max_bit_rate": 4000,
        }
    return {
        "venc_attr": {
            "type": payload,
            "max_pic_width": w,
            "max_pic_height": h,
            "buf_size": w * h * 2,
            "profile": 0,
            "is_by_frame": 1,
            "pic_width": w,
            "pic_height": h,
        },
        "rc_attr": rc,
        "gop_attr": {"gop_mode": acl.HI_VENC_GOP_MODE_NORMAL_P, "normal_p": {"ip_qp_delta": 2}},
    }


def start(payload: int, w: int, h: int, gop: int = 10, frames: int = -1) -> None:
    hi_check(acl.himpi.venc_create_chn(CHN, channel_attr(payload, w, h, gop)), "venc_create_chn")
    hi_check(acl.himpi.venc_start_chn(CHN, {"recv_pic_num": frames}), "venc_start_chn")


def stop() -> None:
    hi_check(acl.himpi.venc_stop_chn(CHN), "venc_stop_chn")
    hi_check(acl.himpi.venc_destroy_chn(CHN), "venc_destroy_chn")


def take_stream(milli_sec: int = 1000) -> tuple[bytes, dict[str, Any]]:
    """One stream: its bytes and pack fields; released before returning."""
    stream, ret = acl.himpi.venc_get_stream(CHN, {"pack_cnt": 1}, milli_sec)
    hi_check(ret, "venc_get_stream")
    assert stream["pack_cnt"] == 1
    pack = stream["pack"][0]
    data = acl.util.ptr_to_bytes(pack["addr"], pack["len"])
    hi_check(acl.himpi.venc_release_stream(CHN, stream), "venc_release_stream")
    return data, {**pack, "seq": stream["seq"]}


def encode(
    himpi: HiSession,
    payload: int,
    frames: list[list[np.ndarray]],
    fmt: int = NV12,
    idr_at: int = -1,
    gop: int = 10,
) -> list[tuple[bytes, dict[str, Any]]]:
    h, w = frames[0][0].shape
    start(payload, w, h, gop)
    out = []
    try:
        for i, planes in enumerate(frames):
            if i == idr_at:
                hi_check(acl.himpi.venc_request_idr(CHN, 1), "venc_request_idr")
            addr = himpi.upload(semiplanar(planes, fmt))
            hi_check(
                acl.himpi.venc_send_frame(CHN, frame_info(addr, w, h, fmt, 100 + i), -1), "venc_send_frame"
            )
            out.append(take_stream())
    finally:
        stop()
    return out


def decode(payload: int, units: list[bytes]) -> list[Any]:
    ctx = av.CodecContext.create(DECODERS[payload], "r")
    frames = []
    for unit in [*units, None]:
        frames += ctx.decode(av.Packet(unit) if unit is not None else None)
    return frames


def planes_of(frame: Any) -> list[np.ndarray]:
    return [
        np.frombuffer(bytes(p), np.uint8).reshape(p.height, p.line_size)[:, : p.width] for p in frame.planes
    ]


@pytest.mark.parametrize("payload", [acl.HI_PT_H264, acl.HI_PT_H265])
@pytest.mark.parametrize("fmt", [NV12, NV21])
def test_video_encode_decodes_back_within_psnr(himpi: HiSession, payload: int, fmt: int) -> None:
    frames = yuv_frames(128, 96, 60)
    streams = encode(himpi, payload, frames, fmt)
    assert [meta["pts"] for _, meta in streams] == [100 + i for i in range(60)]
    assert [meta["seq"] for _, meta in streams] == list(range(60))
    decoded = decode(payload, [data for data, _ in streams])
    assert len(decoded) == 60
    for got, expected in zip(decoded, frames):
        for plane, reference in zip(planes_of(got), expected):
            assert psnr(plane, reference) >= PSNR_MIN


@pytest.mark.parametrize("payload", [acl.HI_PT_H264, acl.HI_PT_H265])
def test_key_frame_interval_and_idr_request(himpi: HiSession, payload: int) -> None:
    streams = encode(himpi, payload, yuv_frames(64, 48, 40), gop=10, idr_at=15)
    decoded = decode(payload, [data for data, _ in streams])
    keys = [i for i, frame in enumerate(decoded) if frame.key_frame]
    assert keys == [0, 10, 15, 20, 30] or keys == [0, 10, 15, 25, 35]  # the GOP may restart at the forced IDR
    # every key frame is an IDR access unit (NAL types read from the bytes)
    assert [i for i, (data, _) in enumerate(streams) if is_idr(payload, data)] == keys


def is_idr(payload: int, unit: bytes) -> bool:
    headers = [unit[i + 3] for i in range(len(unit) - 3) if unit[i : i + 3] == b"\x00\x00\x01"]
    if payload == acl.HI_PT_H264:
        return any(h & 0x1F == acl.HI_VENC_H264_NALU_IDR_SLICE for h in headers)
    return any((h >> 1) & 0x3F in (acl.HI_VENC_H265_NALU_IDR_SLICE, 20) for h in headers)


def test_jpeg_encode_decodes_back(himpi: HiSession) -> None:
    planes = yuv_frames(96, 64, 1)[0]
    start(acl.HI_PT_JPEG, 96, 64)
    try:
        hi_check(acl.himpi.venc_set_jpeg_param(CHN, {"qfactor": 95}), "set jpeg param")
        addr = himpi.upload(semiplanar(planes, NV12))
        hi_check(acl.himpi.venc_send_frame(CHN, frame_info(addr, 96, 64, NV12, 5), 0), "send")
        data, meta = take_stream()
        assert meta["pts"] == 5 and data[:2] == b"\xff\xd8"
        # into the caller's buffer
        size, ret = acl.himpi.venc_get_jpege_predicted_size(
            frame_info(addr, 96, 64, NV12, 0), {"qfactor": 95}
        )
        hi_check(ret, "predicted size")
        out = himpi.malloc(size)
        hi_check(
            acl.himpi.venc_send_jpege_frame(
                CHN, frame_info(addr, 96, 64, NV12, 6), {"addr": out, "len": size}, 0
            ),
            "send jpege",
        )
        second, meta = take_stream()
        assert meta["addr"] == out and second == data
    finally:
        stop()
    picture = next(av.open(io.BytesIO(data), format="image2pipe", options={"codec": "mjpeg"}).decode(video=0))
    for plane, reference in zip(planes_of(picture.reformat(format="yuv420p")), planes):
        assert psnr(plane, reference) >= PSNR_MIN


def test_stream_timeouts_limits_and_refusals(himpi: HiSession) -> None:
    planes = yuv_frames(64, 48, 1)[0]
    addr = himpi.upload(semiplanar(planes, NV12))
    hi_check(acl.himpi.venc_create_chn(CHN, channel_attr(acl.HI_PT_H264, 64, 48)), "create")
    try:
        assert (
            acl.himpi.venc_send_frame(CHN, frame_info(addr, 64, 48, NV12, 0), 0) == acl.HI_ERR_VENC_NOT_PERM
        )
        hi_check(acl.himpi.venc_start_chn(CHN, {"recv_pic_num": 2}), "start")
        _, ret = acl.himpi.venc_get_stream(CHN, {"pack_cnt": 1}, 0)
        assert ret == acl.HI_ERR_VENC_BUF_EMPTY
        _, ret = acl.himpi.venc_get_stream(CHN, {"pack_cnt": 1}, 50)
        assert ret == acl.HI_ERR_VENC_BUF_EMPTY
        assert (
            acl.himpi.venc_send_frame(CHN, frame_info(addr, 32, 48, NV12, 0), 0)
            == acl.HI_ERR_VENC_ILLEGAL_PARAM
        )
        rgb = frame_info(addr, 64, 48, acl.HI_PIXEL_FORMAT_RGB_888, 0)
        assert acl.himpi.venc_send_frame(CHN, rgb, 0) == acl.HI_ERR_VENC_ILLEGAL_PARAM
        for pts in (1, 2):
            hi_check(acl.himpi.venc_send_frame(CHN, frame_info(addr, 64, 48, NV12, pts), 0), "send")
        # recv_pic_num frames taken: the channel refuses more
        assert (
            acl.himpi.venc_send_frame(CHN, frame_info(addr, 64, 48, NV12, 3), 0) == acl.HI_ERR_VENC_NOT_PERM
        )
        status, ret = acl.himpi.venc_query_status(CHN)
        hi_check(ret, "query")
        assert status["left_stream_frames"] == 2 and status["cur_packs"] == 1
        take_stream(0)
        take_stream(0)
        bogus = {"pack_cnt": 1, "seq": 99, "pack": [{"addr": addr, "len": 1}]}
        assert acl.himpi.venc_release_stream(CHN, bogus) == acl.HI_ERR_VENC_ILLEGAL_PARAM
        hi_check(acl.himpi.venc_stop_chn(CHN), "stop")
    finally:
        hi_check(acl.himpi.venc_destroy_chn(CHN), "destroy")
    assert acl.himpi.venc_get_stream(CHN, {"pack_cnt": 1}, 0)[1] == acl.HI_ERR_VENC_UNEXIST
    assert (
        acl.himpi.venc_create_chn(-1, channel_attr(acl.HI_PT_H264, 64, 48)) == acl.HI_ERR_VENC_INVALID_CHN_ID
    )
    bad = channel_attr(acl.HI_PT_H264, 64, 48)
    bad["rc_attr"]["rc_mode"] = acl.HI_VENC_RC_MODE_H265_CBR
    assert acl.himpi.venc_create_chn(CHN, bad) == acl.HI_ERR_VENC_ILLEGAL_PARAM


def test_parameters_are_stored_and_returned(himpi: HiSession) -> None:
    hi_check(acl.himpi.venc_create_chn(CHN, channel_attr(acl.HI_PT_H264, 64, 48)), "create")
    try:
        attr, ret = acl.himpi.venc_get_chn_attr(CHN)
        hi_check(ret, "get attr")
        assert (
            attr["venc_attr"]["pic_width"] == 64
            and attr["rc_attr"]["rc_mode"] == acl.HI_VENC_RC_MODE_H264_VBR
        )
        assert (
            attr["rc_attr"]["h264_vbr"]["gop"] == 10 and attr["rc_attr"]["h264_vbr"]["max_bit_rate"] == 4000
        )
        ref = {"base": 2, "enhance": 1, "pred_en": 1}
        hi_check(acl.himpi.venc_set_ref_param(CHN, ref), "set ref")
        assert acl.himpi.venc_get_ref_param(CHN) == (ref, 0)
        roi = {
            "idx": 3,
            "enable": 1,
            "is_abs_qp": 0,
            "qp": -4,
            "rect": {"x": 8, "y": 8, "width": 16, "height": 16},
        }
        hi_check(acl.himpi.venc_set_roi_attr(CHN, roi), "set roi")
        assert acl.himpi.venc_get_roi_attr(CHN, 3) == (roi, 0)
        assert acl.himpi.venc_get_roi_attr(CHN, 8)[1] == acl.HI_ERR_VENC_ILLEGAL_PARAM
        vui, ret = acl.himpi.venc_get_h264_vui(CHN)
        vui["vui_time_info"]["time_scale"] = 50
        hi_check(acl.himpi.venc_set_h264_vui(CHN, vui), "set vui")
        assert acl.himpi.venc_get_h264_vui(CHN)[0]["vui_time_info"]["time_scale"] == 50
        assert acl.himpi.venc_set_h265_vui(CHN, {}) == acl.HI_ERR_VENC_NOT_SUPPORT
        assert acl.himpi.venc_get_h265_vui(CHN)[1] == acl.HI_ERR_VENC_NOT_SUPPORT
        assert acl.himpi.venc_set_jpeg_param(CHN, {"qfactor": 50}) == acl.HI_ERR_VENC_NOT_SUPPORT
        rc, ret = acl.himpi.venc_get_rc_param(CHN, acl.HI_VENC_RC_MODE_H264_CBR)
        rc["h264_cbr_param"]["max_qp"] = 40
        rc["first_frame_start_qp"] = 30
        hi_check(acl.himpi.venc_set_rc_param(CHN, rc), "set rc")
        again, _ = acl.himpi.venc_get_rc_param(CHN, acl.HI_VENC_RC_MODE_H264_CBR)
        assert again["h264_cbr_param"]["max_qp"] == 40 and again["first_frame_start_qp"] == 30
        hi_check(acl.himpi.venc_set_scene_mode(CHN, acl.HI_VENC_SCENE_1), "scene")
        assert acl.himpi.venc_get_scene_mode(CHN) == (acl.HI_VENC_SCENE_1, 0)
        param, _ = acl.himpi.venc_get_chn_param(CHN)
        param["max_stream_cnt"] = 3
        hi_check(acl.himpi.venc_set_chn_param(CHN, param), "chn param")
        assert acl.himpi.venc_get_chn_param(CHN)[0]["max_stream_cnt"] == 3
    finally:
        hi_check(acl.himpi.venc_destroy_chn(CHN), "destroy")
    jpeg = channel_attr(acl.HI_PT_JPEG, 64, 48)
    hi_check(acl.himpi.venc_create_chn(CHN, jpeg), "create jpeg")
    try:
        assert acl.himpi.venc_get_jpeg_param(CHN)[0]["qfactor"] == 90
        assert acl.himpi.venc_set_jpeg_param(CHN, {"qfactor": 0}) == acl.HI_ERR_VENC_ILLEGAL_PARAM
        huffman, ret = acl.himpi.venc_get_jpeg_huffman_param(CHN)
        hi_check(ret, "get huffman")
        huffman["dc_tables"][0]["dc_bits"][1] = 5
        hi_check(acl.himpi.venc_set_jpeg_huffman_param(CHN, huffman), "set huffman")
        assert acl.himpi.venc_get_jpeg_huffman_param(CHN)[0]["dc_tables"][0]["dc_bits"][1] == 5
    finally:
        hi_check(acl.himpi.venc_destroy_chn(CHN), "destroy jpeg")


def test_epoll_sees_a_stream_ready(himpi: HiSession) -> None:
    planes = yuv_frames(64, 48, 1)[0]
    addr = himpi.upload(semiplanar(planes, NV12))
    start(acl.HI_PT_H264, 64, 48)
    epoll_fd, ret = acl.himpi.sys_create_epoll(4)
    hi_check(ret, "sys_create_epoll")
    try:
        fd = acl.himpi.venc_get_fd(CHN)
        assert fd >= 0, acl.get_recent_err_msg()
        watch = {"events": acl.HI_DVPP_EPOLL_IN, "data": 5}
        hi_check(acl.himpi.sys_ctl_epoll(epoll_fd, acl.HI_DVPP_EPOLL_CTL_ADD, fd, watch), "sys_ctl_epoll")
        assert acl.himpi.sys_wait_epoll(epoll_fd, 1, 0)[1:] == (0, 0)
        hi_check(acl.himpi.venc_send_frame(CHN, frame_info(addr, 64, 48, NV12, 0), 0), "send")
        events, count, ret = acl.himpi.sys_wait_epoll(epoll_fd, 1, 1000)
        assert (count, ret) == (1, 0) and events[0]["data"] == 5
        take_stream(0)
        assert acl.himpi.sys_wait_epoll(epoll_fd, 1, 0)[1:] == (0, 0)
        hi_check(acl.himpi.venc_close_fd(CHN), "close_fd")
    finally:
        acl.himpi.sys_close_epoll(epoll_fd)
        stop()


def test_qpmap_layout() -> None:
    # one byte per 16 x 16 block, lines padded to 16 bytes (the emulator's documented choice)
    assert acl.himpi.venc_get_qpmap_stride(1920) == 128  # 120 blocks -> 128
    assert acl.himpi.venc_get_qpmap_stride(100) == 16  # 7 blocks -> 16
    assert acl.himpi.venc_get_qpmap_size(acl.HI_PT_H264, 1920, 1080) == 128 * 68
    assert acl.himpi.venc_get_qpmap_size(acl.HI_PT_H265, 100, 17) == 16 * 2
    assert acl.himpi.venc_get_qpmap_stride(0) & 0xFFFFFFFF == acl.HI_ERR_VENC_ILLEGAL_PARAM
    assert acl.himpi.venc_get_qpmap_size(acl.HI_PT_JPEG, 64, 64) & 0xFFFFFFFF == acl.HI_ERR_VENC_NOT_SUPPORT
