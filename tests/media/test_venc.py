"""VENC (aclvenc*) on the emulator: NV12 pictures are encoded through a channel; PyAV decodes the
units the callbacks receive, which must match the input (PSNR >= 30 dB at the default rate
control), with IDR frames exactly where the key-frame interval and forced I-frames put them."""

from __future__ import annotations

import threading
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
av = pytest.importorskip("av")

from helpers.runtime_support import check  # noqa: E402
from video_streams import ReportThread, nv12, yuv420_frames  # noqa: E402

import acl  # noqa: E402

NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
EN_TYPES = {"h264": acl.H264_MAIN_LEVEL, "hevc": acl.H265_MAIN_LEVEL}


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else float(10 * np.log10(255.0**2 / mse))


class Encoder:
    def __init__(self, codec: str, reporter: ReportThread, width: int, height: int, gop: int) -> None:
        self.media = acl.media
        self.units: list[dict[str, Any]] = []
        self.buffers: list[int] = []
        self.pics: list[int] = []
        self.width, self.height = width, height
        self.desc = self.media.venc_create_channel_desc()
        check(self.media.venc_set_channel_desc_thread_id(self.desc, reporter.ident), "thread id")
        check(self.media.venc_set_channel_desc_callback(self.desc, self._callback), "callback")
        check(self.media.venc_set_channel_desc_entype(self.desc, EN_TYPES[codec]), "en type")
        check(self.media.venc_set_channel_desc_pic_format(self.desc, NV12), "pic format")
        check(self.media.venc_set_channel_desc_pic_width(self.desc, width), "width")
        check(self.media.venc_set_channel_desc_pic_height(self.desc, height), "height")
        check(self.media.venc_set_channel_desc_key_frame_interval(self.desc, gop), "gop")
        check(self.media.venc_create_channel(self.desc), "venc_create_channel")
        self.config = self.media.venc_create_frame_config()

    def _callback(self, pic_desc: int, stream_desc: int, user_data: Any) -> None:
        size = self.media.dvpp_get_stream_desc_size(stream_desc)
        data = self.media.dvpp_get_stream_desc_data(stream_desc)
        self.units.append(
            {
                "user_data": user_data,
                "pic": pic_desc,
                "thread": threading.get_ident(),
                "ret": self.media.dvpp_get_stream_desc_ret_code(stream_desc),
                "bytes": acl.util.ptr_to_bytes(data, size) if size else b"",
            }
        )

    def send(self, picture: np.ndarray, index: int, force_key: bool = False) -> None:
        ws, hs = (self.width + 15) // 16 * 16, (self.height + 1) // 2 * 2
        buf = np.zeros(ws * hs * 3 // 2, np.uint8)
        buf[: ws * hs].reshape(hs, ws)[: self.height, : self.width] = picture[: self.height]
        buf[ws * hs :].reshape(hs // 2, ws)[: (self.height + 1) // 2, : self.width] = picture[self.height :]
        ptr, ret = self.media.dvpp_malloc(buf.size)
        check(ret, "dvpp_malloc")
        self.buffers.append(ptr)
        data = buf.tobytes()
        check(acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
        pic = self.media.dvpp_create_pic_desc()
        self.pics.append(pic)
        for setter, value in (
            (self.media.dvpp_set_pic_desc_data, ptr),
            (self.media.dvpp_set_pic_desc_size, buf.size),
            (self.media.dvpp_set_pic_desc_format, NV12),
            (self.media.dvpp_set_pic_desc_width, self.width),
            (self.media.dvpp_set_pic_desc_height, self.height),
            (self.media.dvpp_set_pic_desc_width_stride, ws),
            (self.media.dvpp_set_pic_desc_height_stride, hs),
        ):
            check(setter(pic, value), setter.__name__)
        check(self.media.venc_set_frame_config_force_i_frame(self.config, int(force_key)), "force i")
        check(self.media.venc_send_frame(self.desc, pic, 0, self.config, index), "venc_send_frame")

    def finish(self) -> None:
        check(self.media.venc_set_frame_config_force_i_frame(self.config, 0), "force i")
        check(self.media.venc_set_frame_config_eos(self.config, 1), "eos")
        check(self.media.venc_send_frame(self.desc, 0, 0, self.config, None), "send eos")
        check(self.media.venc_destroy_channel(self.desc), "venc_destroy_channel")
        check(self.media.venc_destroy_channel_desc(self.desc), "venc_destroy_channel_desc")
        check(self.media.venc_destroy_frame_config(self.config), "destroy frame config")
        for pic in self.pics:
            self.media.dvpp_destroy_pic_desc(pic)
        for ptr in self.buffers:
            self.media.dvpp_free(ptr)


def decode_units(codec: str, units: list[bytes]) -> list[Any]:
    ctx = av.CodecContext.create(codec, "r")
    frames = []
    for unit in units:
        frames += ctx.decode(av.Packet(unit))
    return frames + list(ctx.decode(None))


# Known defect, not yet found: now and then (under load) one decoded picture comes back with black
# luma rows while its chroma matches; the order, count, threads and key frames stay right.
@pytest.mark.xfail(strict=False, reason="intermittent: a picture's luma sometimes decodes black (open bug)")
@pytest.mark.parametrize("codec", ["h264", "hevc"])
def test_encode_decodes_back_with_key_frames(codec: str, reporter: ReportThread) -> None:
    width, height, gop, forced = 192, 136, 25, 37
    pictures = [nv12(f) for f in yuv420_frames(60, width, height)]
    encoder = Encoder(codec, reporter, width, height, gop)
    for index, picture in enumerate(pictures):
        encoder.send(picture, index, force_key=index == forced)
    encoder.finish()
    assert [u["user_data"] for u in encoder.units] == list(range(60))
    assert {u["thread"] for u in encoder.units} == {reporter.ident}
    assert all(u["ret"] == 0 and u["bytes"] for u in encoder.units)
    decoded = decode_units(codec, [u["bytes"] for u in encoder.units])
    assert len(decoded) == 60
    for picture, frame in zip(pictures, decoded):
        assert psnr(nv12(frame), picture) >= 30.0
    # IDRs every `gop` frames; the forced one restarts the count (the next would be 37 + 25 = 62)
    keys = [i for i, f in enumerate(decoded) if f.key_frame]
    assert keys == [0, gop, forced]
