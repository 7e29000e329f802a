"""VDEC (aclvdec*) on the emulator: H.264/H.265 streams made here with PyAV are decoded through a
channel; every picture must equal PyAV's own decode of the same unit (exact, as NV12), and the
callbacks must arrive once per frame on the thread subscribed with the channel's thread id."""

from __future__ import annotations

import threading
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
av = pytest.importorskip("av")

from helpers.runtime_support import check  # noqa: E402
from video_streams import ReportThread, display_order, encode_stream, reference_decode  # noqa: E402

import acl  # noqa: E402

NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
NV21 = acl.PIXEL_FORMAT_YVU_SEMIPLANAR_420
EN_TYPES = {"h264": acl.H264_HIGH_LEVEL, "hevc": acl.H265_MAIN_LEVEL}


def out_strides(width: int, height: int) -> tuple[int, int]:
    return (width + 15) // 16 * 16, (height + 1) // 2 * 2


class Decoder:
    """A created VDEC channel, the DVPP buffers and descs of what was sent, and the callbacks."""

    def __init__(self, codec: str, reporter: ReportThread, out_format: int = NV12) -> None:
        self.media = acl.media
        self.calls: list[dict[str, Any]] = []
        self.buffers: list[int] = []
        self.stream_descs: list[int] = []
        self.pic_descs: list[int] = []
        self.desc = self.media.vdec_create_channel_desc()
        check(self.media.vdec_set_channel_desc_channel_id(self.desc, 3), "set channel id")
        check(self.media.vdec_set_channel_desc_thread_id(self.desc, reporter.ident), "set thread id")
        check(self.media.vdec_set_channel_desc_callback(self.desc, self._callback), "set callback")
        check(self.media.vdec_set_channel_desc_entype(self.desc, EN_TYPES[codec]), "set en type")
        check(self.media.vdec_set_channel_desc_out_pic_format(self.desc, out_format), "set out format")
        check(self.media.vdec_create_channel(self.desc), "vdec_create_channel")
        self.out_format = out_format
        self.created = True

    def _callback(self, stream_desc: int, pic_desc: int, user_data: Any) -> None:
        call: dict[str, Any] = {"thread": threading.get_ident(), "user_data": user_data, "pic": pic_desc}
        call["stream"] = stream_desc
        if pic_desc:
            call["ret"] = self.media.dvpp_get_pic_desc_ret_code(pic_desc)
            call["width"] = self.media.dvpp_get_pic_desc_width(pic_desc)
            call["height"] = self.media.dvpp_get_pic_desc_height(pic_desc)
            call["ws"] = self.media.dvpp_get_pic_desc_width_stride(pic_desc)
            call["hs"] = self.media.dvpp_get_pic_desc_height_stride(pic_desc)
            call["format"] = self.media.dvpp_get_pic_desc_format(pic_desc)
            size = self.media.dvpp_get_pic_desc_size(pic_desc)
            call["bytes"] = acl.util.ptr_to_bytes(self.media.dvpp_get_pic_desc_data(pic_desc), size)
        self.calls.append(call)

    def _dvpp(self, size: int) -> int:
        ptr, ret = self.media.dvpp_malloc(size)
        check(ret, "dvpp_malloc")
        self.buffers.append(ptr)
        return ptr

    def stream_desc(self, unit: bytes, eos: bool = False) -> int:
        desc = self.media.dvpp_create_stream_desc()
        self.stream_descs.append(desc)
        if unit:
            ptr = self._dvpp(len(unit))
            check(acl.rt.memcpy(ptr, len(unit), acl.util.bytes_to_ptr(unit), len(unit), 1), "memcpy")
            check(self.media.dvpp_set_stream_desc_data(desc, ptr), "set stream data")
            check(self.media.dvpp_set_stream_desc_size(desc, len(unit)), "set stream size")
        if eos:
            check(self.media.dvpp_set_stream_desc_eos(desc, 1), "set eos")
        return desc

    def pic_desc(self, size: int) -> int:
        desc = self.media.dvpp_create_pic_desc()
        self.pic_descs.append(desc)
        check(self.media.dvpp_set_pic_desc_data(desc, self._dvpp(size)), "set pic data")
        check(self.media.dvpp_set_pic_desc_size(desc, size), "set pic size")
        check(self.media.dvpp_set_pic_desc_format(desc, self.out_format), "set pic format")
        return desc

    def send(self, unit: bytes, out_size: int, user_data: Any) -> int:
        return self.media.vdec_send_frame(
            self.desc, self.stream_desc(unit), self.pic_desc(out_size), 0, user_data
        )

    def send_skipped(self, unit: bytes, user_data: Any) -> int:
        return self.media.vdec_send_skipped_frame(self.desc, self.stream_desc(unit), 0, user_data)

    def send_eos(self) -> int:
        return self.media.vdec_send_frame(self.desc, self.stream_desc(b"", eos=True), 0, 0, None)

    def close(self) -> None:
        if self.created:
            check(self.media.vdec_destroy_channel(self.desc), "vdec_destroy_channel")
            self.created = False
        check(self.media.vdec_destroy_channel_desc(self.desc), "vdec_destroy_channel_desc")
        for desc in self.stream_descs:
            self.media.dvpp_destroy_stream_desc(desc)
        for desc in self.pic_descs:
            self.media.dvpp_destroy_pic_desc(desc)
        for ptr in self.buffers:
            self.media.dvpp_free(ptr)


def visible(call: dict[str, Any]) -> np.ndarray:
    """The visible NV12 rows of a callback's output buffer."""
    w, h, ws, hs = call["width"], call["height"], call["ws"], call["hs"]
    data = np.frombuffer(call["bytes"], np.uint8)
    y = data[: ws * hs].reshape(hs, ws)[:h, :w]
    uv = data[ws * hs : ws * hs * 3 // 2].reshape(hs // 2, ws)[: (h + 1) // 2, :w]
    return np.concatenate([y, uv])


@pytest.mark.parametrize(("codec", "width", "height"), [("h264", 178, 98), ("hevc", 130, 74)])
def test_every_frame_equals_pyav_decode(codec: str, width: int, height: int, reporter: ReportThread) -> None:
    units = encode_stream(codec, 36, width, height, b_frames=2)
    expected = reference_decode(codec, units)
    ws, hs = out_strides(width, height)
    decoder = Decoder(codec, reporter)
    try:
        for index, unit in enumerate(units):
            check(decoder.send(unit, ws * hs * 3 // 2, index), "vdec_send_frame")
        check(decoder.send_eos(), "send eos")
    finally:
        decoder.close()
    assert [call["user_data"] for call in decoder.calls] == display_order(codec, units)
    assert {call["thread"] for call in decoder.calls} == {reporter.ident}
    for call in decoder.calls:
        assert (call["ret"], call["width"], call["height"]) == (0, width, height)
        assert (call["ws"], call["hs"], call["format"]) == (ws, hs, NV12)
        np.testing.assert_array_equal(visible(call), expected[call["user_data"]])


def test_corrupt_unit_fails_its_own_callback_only(reporter: ReportThread) -> None:
    width, height = 160, 96
    units = encode_stream("h264", 32, width, height, b_frames=0, gop=8)
    damaged = list(units)
    bad = 13  # a P unit in the middle: its slice data is zeroed after the NAL header
    damaged[bad] = damaged[bad][:6] + bytes(len(damaged[bad]) - 6)
    expected = reference_decode("h264", damaged)
    ws, hs = out_strides(width, height)
    decoder = Decoder("h264", reporter)
    try:
        for index, unit in enumerate(damaged):
            check(decoder.send(unit, ws * hs * 3 // 2, index), "vdec_send_frame")
        check(decoder.send_eos(), "send eos")
    finally:
        decoder.close()
    seen = sorted(call["user_data"] for call in decoder.calls)
    assert seen == list(range(32))  # every frame exactly once, the damaged one included
    failed = {call["user_data"] for call in decoder.calls if call["ret"] != 0}
    assert failed == set(range(32)) - set(expected)
    assert bad in failed
    for call in decoder.calls:
        if call["ret"] == 0:
            np.testing.assert_array_equal(visible(call), expected[call["user_data"]])


def test_skipped_frames_get_a_callback_without_output_and_nv21(reporter: ReportThread) -> None:
    width, height = 144, 80
    units = encode_stream("h264", 20, width, height, b_frames=0, gop=10)
    expected = reference_decode("h264", units)
    ws, hs = out_strides(width, height)
    decoder = Decoder("h264", reporter, out_format=NV21)
    try:
        for index, unit in enumerate(units):
            if index % 3 == 1:
                check(decoder.send_skipped(unit, index), "vdec_send_skipped_frame")
            else:
                check(decoder.send(unit, ws * hs * 3 // 2, index), "vdec_send_frame")
    finally:
        decoder.close()  # no EOS: destroying the channel delivers what is pending
    assert [call["user_data"] for call in decoder.calls] == list(range(20))
    for call in decoder.calls:
        if call["user_data"] % 3 == 1:
            assert call["pic"] == 0
            continue
        assert call["ret"] == 0 and call["format"] == NV21
        picture = visible(call)
        swapped = expected[call["user_data"]].copy()
        uv = swapped[height:]
        uv[:, 0::2], uv[:, 1::2] = (
            expected[call["user_data"]][height:, 1::2],
            expected[call["user_data"]][height:, 0::2],
        )
        np.testing.assert_array_equal(picture, swapped)


def test_undersized_output_buffer_fails_that_frame(reporter: ReportThread) -> None:
    width, height = 128, 64
    units = encode_stream("h264", 4, width, height, b_frames=0)
    ws, hs = out_strides(width, height)
    decoder = Decoder("h264", reporter)
    try:
        for index, unit in enumerate(units):
            size = ws * hs if index == 2 else ws * hs * 3 // 2
            check(decoder.send(unit, size, index), "vdec_send_frame")
    finally:
        decoder.close()
    rets = {call["user_data"]: call["ret"] for call in decoder.calls}
    assert rets == {0: 0, 1: 0, 2: acl.ACL_ERROR_INVALID_PARAM, 3: 0}


def test_channel_desc_values_round_trip() -> None:
    media = acl.media
    desc = media.vdec_create_channel_desc()
    try:
        settings = [
            ("channel_id", 7),
            ("thread_id", 0x1234567890),
            ("entype", acl.H264_MAIN_LEVEL),
            ("out_pic_format", NV21),
            ("out_pic_width", 1920),
            ("out_pic_height", 1080),
            ("ref_frame_num", 5),
            ("bit_depth", 1),
            ("out_mode", 1),
        ]
        for name, value in settings:
            check(getattr(media, f"vdec_set_channel_desc_{name}")(desc, value), name)
        assert [getattr(media, f"vdec_get_channel_desc_{name}")(desc) for name, _ in settings] == [
            value for _, value in settings
        ]
        assert media.vdec_set_channel_desc_channel_id(desc, 256) == acl.ACL_ERROR_INVALID_PARAM
        assert (
            media.vdec_set_channel_desc_out_pic_format(desc, acl.PIXEL_FORMAT_RGB_888)
            == acl.ACL_ERROR_INVALID_PARAM
        )
        assert media.vdec_set_channel_desc_entype(desc, 4) == acl.ACL_ERROR_INVALID_PARAM
        assert media.vdec_get_channel_desc_channel_id(desc) == 7
    finally:
        check(media.vdec_destroy_channel_desc(desc), "destroy desc")


def test_venc_channel_desc_values_round_trip() -> None:
    media = acl.media
    desc = media.venc_create_channel_desc()
    try:
        settings = [
            ("thread_id", 99),
            ("entype", acl.H264_BASELINE_LEVEL),
            ("pic_format", NV21),
            ("pic_width", 1280),
            ("pic_height", 720),
            ("key_frame_interval", 50),
            ("buf_size", 1 << 20),
            ("rc_mode", 2),
            ("src_rate", 25),
            ("max_bit_rate", 4000),
        ]
        for name, value in settings:
            check(getattr(media, f"venc_set_channel_desc_{name}")(desc, value), name)
        assert [getattr(media, f"venc_get_channel_desc_{name}")(desc) for name, _ in settings] == [
            value for _, value in settings
        ]
        assert media.venc_set_channel_desc_rc_mode(desc, 3) == acl.ACL_ERROR_INVALID_PARAM
        assert media.venc_set_channel_desc_pic_width(desc, 64) == acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(media.venc_destroy_channel_desc(desc), "destroy desc")
