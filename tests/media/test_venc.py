"""VENC (aclvenc*) on the emulator: NV12 pictures are encoded through a channel; PyAV decodes the
units the callbacks receive, which must match the input (PSNR >= 30 dB at the default rate
control), with IDR frames exactly where the key-frame interval and forced I-frames put them."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
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
    def __init__(
        self,
        codec: str,
        reporter: ReportThread,
        width: int,
        height: int,
        gop: int,
        on_unit: Callable[[Any], None] | None = None,
    ) -> None:
        self.media = acl.media
        self.on_unit = on_unit  # runs at the end of each callback, with the picture's user data
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
        if self.on_unit is not None:
            self.on_unit(user_data)

    def send(self, picture: np.ndarray, index: int, force_key: bool = False, slot: int | None = None) -> None:
        """Encode `picture` from a new DVPP buffer, or (slot) from the buffer and pic desc of an
        earlier send, rewritten first: the caller must know that picture's callback has run."""
        ws, hs = (self.width + 15) // 16 * 16, (self.height + 1) // 2 * 2
        buf = np.zeros(ws * hs * 3 // 2, np.uint8)
        buf[: ws * hs].reshape(hs, ws)[: self.height, : self.width] = picture[: self.height]
        buf[ws * hs :].reshape(hs // 2, ws)[: (self.height + 1) // 2, : self.width] = picture[self.height :]
        if slot is None:
            ptr, ret = self.media.dvpp_malloc(buf.size)
            check(ret, "dvpp_malloc")
            self.buffers.append(ptr)
            pic = self.media.dvpp_create_pic_desc()
            self.pics.append(pic)
        else:
            ptr, pic = self.buffers[slot], self.pics[slot]
        data = buf.tobytes()
        check(acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
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

    def units_decode_back(self, codec: str, pictures: list[np.ndarray]) -> None:
        """One unit per picture, in order, each decoding (PyAV) to its own picture."""
        assert [u["user_data"] for u in self.units] == list(range(len(pictures)))
        assert all(u["ret"] == 0 and u["bytes"] for u in self.units)
        decoded = decode_units(codec, [u["bytes"] for u in self.units])
        assert len(decoded) == len(pictures)
        low = [(i, round(psnr(nv12(f), p), 1)) for i, (p, f) in enumerate(zip(pictures, decoded))]
        assert [x for x in low if x[1] < 30.0] == []

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


@pytest.mark.parametrize("codec", ["h264", "hevc"])
def test_encode_decodes_back_with_key_frames(codec: str, reporter: ReportThread) -> None:
    width, height, gop, forced = 192, 136, 25, 37
    pictures = [nv12(f) for f in yuv420_frames(60, width, height)]
    encoder = Encoder(codec, reporter, width, height, gop)
    for index, picture in enumerate(pictures):
        encoder.send(picture, index, force_key=index == forced)
    encoder.finish()
    assert {u["thread"] for u in encoder.units} == {reporter.ident}
    encoder.units_decode_back(codec, pictures)
    decoded = decode_units(codec, [u["bytes"] for u in encoder.units])
    # IDRs every `gop` frames; the forced one restarts the count (the next would be 37 + 25 = 62)
    keys = [i for i, f in enumerate(decoded) if f.key_frame]
    assert keys == [0, gop, forced]


def labelled(frame: Any, index: int) -> Any:
    """frame with index's 8 bits drawn as black / white stripes across its bottom third."""
    rgb = frame.to_ndarray(format="rgb24")
    height, width = rgb.shape[:2]
    stripe = width // 8
    for bit in range(8):
        rgb[height * 2 // 3 :, bit * stripe : (bit + 1) * stripe] = 255 * ((index >> bit) & 1)
    return av.VideoFrame.from_ndarray(rgb, format="rgb24").reformat(format="yuv420p")


# Regression: every encoded unit was copied into a DVPP block of the smallest size class whatever
# its length, so units waiting for their callbacks overlapped and overwrote one another (pictures
# then decoded with black or smeared luma). A slow callback keeps several units waiting at once.
@pytest.mark.parametrize("codec", ["h264", "hevc"])
def test_many_pictures_through_reused_buffers(codec: str, reporter: ReportThread) -> None:
    width, height, count, slots = 160, 128, 96, 6
    pictures = [nv12(labelled(f, i)) for i, f in enumerate(yuv420_frames(count, width, height))]
    # a unit holding another picture than its own cannot pass the PSNR check
    assert max(psnr(a, b) for i, a in enumerate(pictures) for b in pictures[i + 1 :]) < 25.0
    called = [threading.Event() for _ in range(count)]

    def slow(index: Any) -> None:
        time.sleep(0.02)
        called[index].set()

    encoder = Encoder(codec, reporter, width, height, 30, on_unit=slow)
    for index, picture in enumerate(pictures):
        if index < slots:
            encoder.send(picture, index)
        else:  # the runtime hands the input back with its callback: rewrite it only then
            assert called[index - slots].wait(60), f"no callback for picture {index - slots}"
            encoder.send(picture, index, slot=index % slots)
    encoder.finish()
    assert len(encoder.buffers) == slots
    encoder.units_decode_back(codec, pictures)
