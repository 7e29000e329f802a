"""Every documented constraint of VPC, JPEGD, JPEGE and PNGD, violated one at a time, gives its error code.

Table-driven: each row starts from a call that succeeds and changes one thing. The constraints come
from the Ascend 310/310P DVPP documentation ("VPC/JPEGD/JPEGE/PNGD function and constraints" and the
acldvpp API reference); where the documentation leaves the code or the rule open, the rows follow
the choice stated in the emulator's source (the table at the top of emulator/dvpp_vpc.c, the headers
of emulator/dvpp_jpegd.c, dvpp_jpege.c, dvpp_pngd.c). Rows that pass are in the tables too: they
show that each violation differs from an accepted call by the one field it changes.

Argument checks fail the call itself (nothing is queued: the stream syncs clean afterwards); data
errors found by the decoder or encoder fail the task: the call returns 0, the sync and the output
desc's retCode report the error. Every failure leaves a message for acl.get_recent_err_msg().
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

import pytest

import acl

Image = pytest.importorskip("PIL.Image")
pytest.importorskip("av")

media = acl.media
SUCCESS = "ACL_SUCCESS"
INVALID = "ACL_ERROR_INVALID_PARAM"
FORMAT = "ACL_ERROR_FORMAT_NOT_MATCH"
TASK_FAILED = "ACL_ERROR_RT_AICPU_EXCEPTION"  # what the emulator's codec tasks report (dvpp_codec.h)
UNSUPPORTED = "ACL_ERROR_UNSUPPORTED_JPEG"  # documented for streams JPEGD cannot decode

# bytes per pixel of the first plane, and buffer size / (widthStride * heightStride), per format
# (the "image format, width and height alignment, and buffer" tables of the VPC documentation)
GEOMETRY = {
    "YUV_400": (1, 1.0),
    "YUV_SEMIPLANAR_420": (1, 1.5),
    "YVU_SEMIPLANAR_420": (1, 1.5),
    "YUV_SEMIPLANAR_422": (1, 2.0),
    "YUV_SEMIPLANAR_444": (1, 3.0),
    "YUYV_PACKED_422": (2, 1.0),
    "YUV_PACKED_444": (3, 1.0),
    "RGB_888": (3, 1.0),
    "ARGB_8888": (4, 1.0),
}


def align(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


@dataclass(frozen=True)
class Pic:
    """A picture description; strides and size default to what the documentation asks for."""

    fmt: str = "YUV_SEMIPLANAR_420"
    w: int = 64
    h: int = 64
    ws: int | None = None
    hs: int | None = None
    size_delta: int = 0  # added to the documented buffer size in the desc (the buffer keeps its size)
    has_data: bool = True

    @property
    def width_stride(self) -> int:
        natural = align(self.w * GEOMETRY.get(self.fmt, (1, 1.5))[0], 16)
        return self.ws if self.ws is not None else max(32, natural)  # VPC lines are at least 32 bytes

    @property
    def height_stride(self) -> int:
        return self.hs if self.hs is not None else align(self.h, 2)

    @property
    def buffer_size(self) -> int:
        return int(self.width_stride * self.height_stride * GEOMETRY.get(self.fmt, (1, 1.5))[1])

    @property
    def format_value(self) -> int:
        return int(self.fmt) if self.fmt.isdigit() else getattr(acl, f"PIXEL_FORMAT_{self.fmt}")


def make_pic(dvpp: Any, pic: Pic) -> int:
    fields = {"width": pic.w, "height": pic.h, "width_stride": pic.width_stride,
              "height_stride": pic.height_stride}
    if not pic.has_data:
        return dvpp.pic_desc(0, 0, pic.format_value, **fields)
    data = dvpp.malloc(max(pic.buffer_size, 64))
    return dvpp.pic_desc(data, pic.buffer_size + pic.size_delta, pic.format_value, **fields)


@dataclass(frozen=True)
class Vpc:
    op: str
    expect: str
    src: Pic = Pic()
    dst: Pic = Pic(w=32, h=32)
    crop: tuple[int, int, int, int] | None = (0, 31, 0, 31)
    paste: tuple[int, int, int, int] | None = None
    interpolation: int = 1
    border: tuple[int, int, int, int] = (2, 2, 2, 2)  # top, bottom, left, right
    roi_nums: tuple[int, ...] = (1, 1)
    dst_count: int = 2
    channel_mode: int | None = None  # None: a channel for everything
    channel_created: bool = True
    known_gap: str = ""  # a documented rule the emulator does not enforce (strict xfail)


GRAY = Pic("YUV_400")
RESIZE = Vpc("resize", SUCCESS, crop=None)
CROP = Vpc("crop", SUCCESS)
PASTE = Vpc("crop_and_paste", SUCCESS, dst=Pic(), paste=(16, 47, 0, 31))

VPC_ROWS: dict[str, Vpc] = {
    # accepted calls
    "resize NV12 64x64 -> 32x32": RESIZE,
    "resize RGB888 -> RGB888": replace(RESIZE, src=Pic("RGB_888"), dst=Pic("RGB_888", 32, 32)),
    "resize at exactly 1/32": replace(RESIZE, src=Pic(w=320), dst=Pic(w=10, h=64)),
    "resize at exactly 16x": replace(RESIZE, src=Pic(w=16, h=16), dst=Pic(w=256, h=16)),
    "resize of an 8K NV12 input (8192 wide)": replace(RESIZE, src=Pic(w=8192, h=16), dst=Pic(w=256, h=16)),
    "resize with output strides wider than needed": replace(RESIZE, dst=Pic(w=32, h=32, ws=64, hs=40)),
    "crop NV12 (even left/top, odd right/bottom)": CROP,
    "crop-and-paste with the paste left at 16": PASTE,
    "crop-resize": Vpc("crop_resize", SUCCESS, dst=Pic(w=48, h=48)),
    "convert NV12 -> RGB888 of the same size": Vpc("convert", SUCCESS, dst=Pic("RGB_888")),
    "pyramid down YUV400 64x64 -> 32x32": Vpc("pyr_down", SUCCESS, src=GRAY, dst=Pic("YUV_400", 32, 32)),
    "make border 2 on each side": Vpc("make_border", SUCCESS, dst=Pic(w=68, h=68)),
    "calc hist of NV12": Vpc("calc_hist", SUCCESS),
    "batch crop 2 pictures, 1 ROI each": Vpc("batch_crop", SUCCESS),
    # strides and buffers
    "output widthStride not a multiple of 16": replace(RESIZE, expect=INVALID, dst=Pic(w=32, h=32, ws=40)),
    "input widthStride not a multiple of 16": replace(RESIZE, expect=INVALID, src=Pic(ws=72)),
    "output heightStride odd": replace(RESIZE, expect=INVALID, dst=Pic(w=32, h=32, hs=33)),
    "input widthStride below the width": replace(RESIZE, expect=INVALID, src=Pic(ws=48)),
    "RGB888 widthStride below 3 x width": replace(
        RESIZE, expect=INVALID, src=Pic("RGB_888", ws=176), dst=Pic("RGB_888", 32, 32)
    ),
    "input heightStride below the height": replace(RESIZE, expect=INVALID, src=Pic(hs=62)),
    "output size below widthStride x heightStride x 3/2": replace(
        RESIZE, expect=INVALID, dst=Pic(w=32, h=32, size_delta=-1)
    ),
    "input size below widthStride x heightStride x 3/2": replace(
        RESIZE, expect=INVALID, src=Pic(size_delta=-1)
    ),
    "input without data": replace(RESIZE, expect=INVALID, src=Pic(has_data=False)),
    "output without data": replace(RESIZE, expect=INVALID, dst=Pic(w=32, h=32, has_data=False)),
    "widthStride below the documented minimum of 32": replace(
        RESIZE, expect=INVALID, src=Pic(w=16, h=16, ws=16), dst=Pic(w=16, h=16)
    ),
    # picture sizes
    "input narrower than 10": replace(RESIZE, expect=INVALID, src=Pic(w=8, h=64), dst=Pic(w=16, h=32)),
    "input lower than 6": replace(RESIZE, expect=INVALID, src=Pic(w=64, h=4), dst=Pic(w=32, h=8)),
    "output narrower than 10": replace(RESIZE, expect=INVALID, dst=Pic(w=8, h=32)),
    "RGB888 input wider than 4096": replace(
        RESIZE, expect=INVALID, src=Pic("RGB_888", w=4112, h=16), dst=Pic("RGB_888", w=512, h=16)
    ),
    "NV12 input wider than 8192": replace(
        RESIZE, expect=INVALID, src=Pic(w=8208, h=16), dst=Pic(w=512, h=16)
    ),
    "RGB888 output wider than 4096": replace(
        RESIZE, expect=INVALID, src=Pic("RGB_888", w=2048, h=16), dst=Pic("RGB_888", w=4112, h=16)
    ),
    "NV12 output wider than 4096": replace(
        RESIZE, expect=INVALID, src=Pic(w=2048, h=16), dst=Pic(w=4112, h=16)
    ),
    # resize limits and interpolation
    "resize down by more than 32": replace(RESIZE, expect=INVALID, src=Pic(w=352), dst=Pic(w=10, h=64)),
    "resize up by more than 16": replace(RESIZE, expect=INVALID, src=Pic(w=16, h=16), dst=Pic(w=272, h=16)),
    "interpolation 3 (documented as the same as 1)": replace(RESIZE, interpolation=3),
    "interpolation 4 (documented as the same as 2)": replace(RESIZE, interpolation=4),
    # formats
    "unknown input format": replace(RESIZE, expect=FORMAT, src=Pic("9999")),
    "10-bit YUV420 input": replace(RESIZE, expect=FORMAT, src=Pic("YUV_SEMI_PLANNER_420_10BIT")),
    "packed YUV422 output": replace(RESIZE, expect=FORMAT, dst=Pic("YUYV_PACKED_422", 32, 32)),
    "packed YUV422 input of odd width": replace(RESIZE, expect=INVALID, src=Pic("YUYV_PACKED_422", w=63)),
    "pyramid down of NV12": Vpc("pyr_down", FORMAT, dst=Pic(w=32, h=32)),
    "calc hist of ARGB8888": Vpc("calc_hist", FORMAT, src=Pic("ARGB_8888")),
    "make border to another format": Vpc("make_border", FORMAT, dst=Pic("RGB_888", w=68, h=68)),
    # crop and paste areas
    "crop right beyond the picture": replace(CROP, expect=INVALID, crop=(0, 65, 0, 31)),
    "crop bottom beyond the picture": replace(CROP, expect=INVALID, crop=(0, 31, 0, 65)),
    "crop left after right": replace(CROP, expect=INVALID, crop=(40, 31, 0, 31)),
    "crop left odd (YUV420)": replace(CROP, expect=INVALID, crop=(1, 31, 0, 31)),
    "crop right even (YUV420)": replace(CROP, expect=INVALID, crop=(0, 30, 0, 31)),
    "crop top odd (YUV420)": replace(CROP, expect=INVALID, crop=(0, 31, 1, 31)),
    "crop bottom even (YUV420)": replace(CROP, expect=INVALID, crop=(0, 31, 0, 30)),
    "crop narrower than 10": replace(CROP, expect=INVALID, crop=(0, 7, 0, 31)),
    "crop lower than 6": replace(CROP, expect=INVALID, crop=(0, 31, 0, 3)),
    "paste left not a multiple of 16": replace(PASTE, expect=INVALID, paste=(8, 39, 0, 31)),
    "paste beyond the output": replace(PASTE, expect=INVALID, paste=(48, 79, 0, 31)),
    "paste bottom even (YUV420)": replace(PASTE, expect=INVALID, paste=(16, 47, 0, 30)),
    # operation-specific geometry
    "convert to another size": Vpc("convert", INVALID, dst=Pic("RGB_888", 32, 32)),
    "pyramid down to other than half": Vpc("pyr_down", INVALID, src=GRAY, dst=Pic("YUV_400", 40, 40)),
    "make border output not input + borders": Vpc("make_border", INVALID, dst=Pic(w=70, h=70)),
    "make border odd top (YUV420)": Vpc("make_border", INVALID, dst=Pic(w=68, h=68), border=(1, 3, 2, 2)),
    # batches
    # no ROI count at all: the wrapper raises ValueError before C, as pyACL does
    # (tests/pyacl/test_edge_behaviour.py)
    "batch ROIs more than output pictures": Vpc("batch_crop", INVALID, roi_nums=(2, 1)),
    "batch ROI count of 0 for a picture": Vpc("batch_crop", INVALID, roi_nums=(0, 2)),
    # channels
    "channel created for JPEGD only": replace(RESIZE, expect=INVALID, channel_mode=acl.DVPP_CHNMODE_JPEGD),
    "channel created for VPC only": replace(RESIZE, channel_mode=acl.DVPP_CHNMODE_VPC),
    "channel desc never created as a channel": replace(RESIZE, expect=INVALID, channel_created=False),
}


def _channel(dvpp: Any, row: Vpc) -> int:
    if row.channel_mode is None and row.channel_created:
        return dvpp.channel
    channel = media.dvpp_create_channel_desc()
    assert channel, acl.get_recent_err_msg()
    dvpp.own_channel(channel)
    if row.channel_mode is not None:
        assert media.dvpp_set_channel_desc_mode(channel, row.channel_mode) == acl.ACL_SUCCESS
    if row.channel_created:
        assert media.dvpp_create_channel(channel) == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    return channel


def _run_vpc(dvpp: Any, row: Vpc) -> int:
    channel = _channel(dvpp, row)
    stream = dvpp.stream
    if row.op == "batch_crop":
        src_batch = dvpp.batch(len(row.roi_nums) or 1)
        dst_batch = dvpp.batch(row.dst_count)
        for index in range(len(row.roi_nums) or 1):
            dvpp.fill_batch(src_batch, index, row.src)
        for index in range(row.dst_count):
            dvpp.fill_batch(dst_batch, index, row.dst)
        crops = [dvpp.roi(*row.crop) for _ in range(sum(row.roi_nums))] if row.crop else []
        roi_nums = list(row.roi_nums)
        return media.dvpp_vpc_batch_crop_async(channel, src_batch, roi_nums, dst_batch, crops, stream)[-1]
    src, dst = make_pic(dvpp, row.src), make_pic(dvpp, row.dst)
    crop = dvpp.roi(*row.crop) if row.crop else 0
    resize = dvpp.resize_config(row.interpolation)
    if row.op == "resize":
        return media.dvpp_vpc_resize_async(channel, src, dst, resize, stream)
    if row.op == "crop":
        return media.dvpp_vpc_crop_async(channel, src, dst, crop, stream)
    if row.op == "crop_resize":
        return media.dvpp_vpc_crop_resize_async(channel, src, dst, crop, resize, stream)
    if row.op == "crop_and_paste":
        assert row.paste is not None
        return media.dvpp_vpc_crop_and_paste_async(channel, src, dst, crop, dvpp.roi(*row.paste), stream)
    if row.op == "convert":
        return media.dvpp_vpc_convert_color_async(channel, src, dst, stream)
    if row.op == "pyr_down":
        return media.dvpp_vpc_pyr_down_async(channel, src, dst, 0, stream)
    if row.op == "make_border":
        return media.dvpp_vpc_make_border_async(channel, src, dst, dvpp.border_config(*row.border), stream)
    if row.op == "calc_hist":
        return media.dvpp_vpc_calc_hist_async(channel, src, dvpp.hist(), 0, stream)
    raise AssertionError(f"unknown operation {row.op}")


class Session:
    """The conftest DVPP session plus the configs and batches of one row, all released at its end."""

    def __init__(self, dvpp: Any) -> None:
        self.dvpp = dvpp
        self.stream = dvpp.stream
        self.channel = dvpp.channel
        self._releases: list[tuple[Any, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dvpp, name)

    def _keep(self, handle: int, destroy: Any) -> int:
        assert handle, acl.get_recent_err_msg()
        self._releases.append((destroy, handle))
        return handle

    def own_channel(self, channel: int) -> None:
        self._releases.append((media.dvpp_destroy_channel_desc, channel))
        self._releases.append((media.dvpp_destroy_channel, channel))

    def roi(self, left: int, right: int, top: int, bottom: int) -> int:
        config = media.dvpp_create_roi_config(left, right, top, bottom)
        return self._keep(config, media.dvpp_destroy_roi_config)

    def resize_config(self, interpolation: int) -> int:
        config = self._keep(media.dvpp_create_resize_config(), media.dvpp_destroy_resize_config)
        assert media.dvpp_set_resize_config_interpolation(config, interpolation) == acl.ACL_SUCCESS
        return config

    def border_config(self, top: int, bottom: int, left: int, right: int) -> int:
        config = self._keep(media.dvpp_create_border_config(), media.dvpp_destroy_border_config)
        for setter, value in ((media.dvpp_set_border_config_top, top),
                              (media.dvpp_set_border_config_bottom, bottom),
                              (media.dvpp_set_border_config_left, left),
                              (media.dvpp_set_border_config_right, right)):
            assert setter(config, value) == acl.ACL_SUCCESS
        return config

    def hist(self) -> int:
        return self._keep(media.dvpp_create_hist(), media.dvpp_destroy_hist)

    def batch(self, count: int) -> int:
        return self._keep(media.dvpp_create_batch_pic_desc(count), media.dvpp_destroy_batch_pic_desc)

    def fill_batch(self, batch: int, index: int, pic: Pic) -> None:
        desc = media.dvpp_get_pic_desc(batch, index)
        assert desc, acl.get_recent_err_msg()
        data = self.dvpp.malloc(pic.buffer_size)
        for name, value in (("data", data), ("size", pic.buffer_size), ("format", pic.format_value),
                            ("width", pic.w), ("height", pic.h), ("width_stride", pic.width_stride),
                            ("height_stride", pic.height_stride)):
            assert getattr(media, f"dvpp_set_pic_desc_{name}")(desc, value) == acl.ACL_SUCCESS

    def release(self) -> None:
        for destroy, handle in reversed(self._releases):
            destroy(handle)


@pytest.fixture()
def session(dvpp: Any) -> Any:
    own = Session(dvpp)
    yield own
    own.release()


def _check_outcome(session: Any, expect: str, ret: int, what: str) -> None:
    message = acl.get_recent_err_msg()
    expected = getattr(acl, expect)
    assert ret == expected, f"{what}: returned {ret}, expected {expect} ({message})"
    if expected != acl.ACL_SUCCESS:
        assert message, f"{what}: {expect} without a message"
        # refused before anything was queued: the stream has nothing to report
        assert session.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    else:
        assert session.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()


def _vpc_params() -> list[Any]:
    params = []
    for name, row in VPC_ROWS.items():
        marks = [pytest.mark.xfail(strict=True, reason=row.known_gap)] if row.known_gap else []
        params.append(pytest.param(row, id=name, marks=marks))
    return params


@pytest.mark.parametrize("row", _vpc_params())
def test_vpc_constraint(session: Any, row: Vpc) -> None:
    _check_outcome(session, row.expect, _run_vpc(session, row), row.op)


# ----------------------------------------------------------------------------- codecs


def jpeg(width: int, height: int, mode: str = "RGB", **options: Any) -> bytes:
    image = Image.linear_gradient("L").resize((width, height))
    if mode != "L":
        mirrored = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        image = Image.merge("RGB", (image, mirrored, image)).convert(mode)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=90, **options)
    return buffer.getvalue()


def png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.linear_gradient("L").resize((width, height)).convert("RGB").save(buffer, "PNG")
    return buffer.getvalue()


def arithmetic_coded(data: bytes) -> bytes:
    """The same JPEG claiming arithmetic coding (SOF9), which JPEGD does not decode."""
    marker = data.index(b"\xff\xc0")
    return data[:marker] + b"\xff\xc9" + data[marker + 2:]


@dataclass(frozen=True)
class Decode:
    data: bytes
    expect_predict: str  # code of PredictDecSize (and GetImageInfo when the header is unreadable)
    expect_call: str  # code of the *DecodeAsync call
    expect_task: str = SUCCESS  # code of the sync and the output retCode when the call succeeded
    output_format: str = "YUV_SEMIPLANAR_420"
    output_room: int = 0  # added to the predicted size (negative: an undersized buffer)
    png: bool = False
    channel_mode: int | None = None


RGB = "RGB_888"
JPEG_64 = jpeg(64, 48, subsampling="4:2:0")
CMYK_64 = jpeg(64, 48, mode="CMYK")
PNG_64 = png(64, 48)

DECODE_ROWS: dict[str, Decode] = {
    "JPEGD 4:2:0 64x48 to NV12": Decode(JPEG_64, SUCCESS, SUCCESS),
    "JPEGD progressive (decoded, unlike the 310)": Decode(jpeg(64, 48, progressive=True), SUCCESS, SUCCESS),
    "JPEGD 4:2:2 to YUV422SP": Decode(jpeg(64, 48, subsampling="4:2:2"), SUCCESS, SUCCESS,
                                      output_format="YUV_SEMIPLANAR_422"),
    "JPEGD picture below 32x32": Decode(jpeg(16, 16), INVALID, SUCCESS, TASK_FAILED),
    "JPEGD picture wider than 8192": Decode(jpeg(8200, 32), INVALID, SUCCESS, TASK_FAILED),
    "JPEGD output RGB888": Decode(JPEG_64, INVALID, INVALID, output_format="RGB_888"),
    "JPEGD 4:2:0 to YUV422SP": Decode(JPEG_64, INVALID, SUCCESS, TASK_FAILED,
                                      output_format="YUV_SEMIPLANAR_422"),
    "JPEGD arithmetic coding": Decode(arithmetic_coded(JPEG_64), UNSUPPORTED, SUCCESS, TASK_FAILED),
    "JPEGD CMYK": Decode(CMYK_64, UNSUPPORTED, SUCCESS, TASK_FAILED),
    "JPEGD output buffer one byte short": Decode(JPEG_64, SUCCESS, SUCCESS, TASK_FAILED, output_room=-1),
    "JPEGD data that is a PNG": Decode(PNG_64, INVALID, SUCCESS, TASK_FAILED),
    "JPEGD on a VPC-only channel": Decode(JPEG_64, SUCCESS, INVALID, channel_mode=acl.DVPP_CHNMODE_VPC),
    "PNGD 64x48 to RGB888": Decode(PNG_64, SUCCESS, SUCCESS, output_format="RGB_888", png=True),
    "PNGD picture below 32x32": Decode(png(16, 16), INVALID, SUCCESS, TASK_FAILED, output_format="RGB_888",
                                       png=True),
    "PNGD picture wider than 4096": Decode(png(4112, 32), INVALID, SUCCESS, TASK_FAILED, output_format=RGB,
                                           png=True),
    "PNGD output NV12": Decode(PNG_64, INVALID, INVALID, png=True),
    "PNGD output buffer one byte short": Decode(PNG_64, SUCCESS, SUCCESS, TASK_FAILED, output_format=RGB,
                                                output_room=-1, png=True),
    "PNGD data that is a JPEG": Decode(JPEG_64, INVALID, SUCCESS, TASK_FAILED, output_format=RGB, png=True),
}


@pytest.mark.parametrize("row", list(DECODE_ROWS.values()), ids=list(DECODE_ROWS))
def test_decode_constraint(session: Any, row: Decode) -> None:
    fmt = getattr(acl, f"PIXEL_FORMAT_{row.output_format}")
    source = session.upload(row.data)
    predict = media.dvpp_png_predict_dec_size if row.png else media.dvpp_jpeg_predict_dec_size
    predicted, ret = predict(source, len(row.data), fmt)
    _check_outcome(session, row.expect_predict, ret, "predict size")
    # a buffer the size the prediction gives, or a generous one when it refused
    size = predicted + row.output_room if ret == acl.ACL_SUCCESS else 1 << 20
    output = session.pic_desc(session.malloc(max(size, 64)), size, fmt)
    channel = _channel(session, Vpc("resize", SUCCESS, channel_mode=row.channel_mode))
    decode = media.dvpp_png_decode_async if row.png else media.dvpp_jpeg_decode_async
    ret = decode(channel, source, len(row.data), output, session.stream)
    if row.expect_call != SUCCESS:
        _check_outcome(session, row.expect_call, ret, "decode call")
        return
    assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    synced = session.sync()
    message = acl.get_recent_err_msg()
    expected = getattr(acl, row.expect_task)
    assert synced == expected, f"sync returned {synced}, expected {row.expect_task} ({message})"
    assert media.dvpp_get_pic_desc_ret_code(output) == getattr(acl, row.expect_task)
    if row.expect_task != SUCCESS:
        assert message, "a failed decode task left no message"
        assert session.sync() == acl.ACL_SUCCESS  # reported once


@dataclass(frozen=True)
class Encode:
    expect_call: str
    expect_task: str = SUCCESS
    pic: Pic = Pic()
    output_room: int | None = None  # None: the predicted size; otherwise that many bytes
    level: int = 90


ENCODE_ROWS: dict[str, Encode] = {
    "JPEGE NV12 64x64": Encode(SUCCESS),
    "JPEGE YUYV 64x64": Encode(SUCCESS, pic=Pic("YUYV_PACKED_422")),
    "JPEGE height stride aligned to 16 above the height": Encode(SUCCESS, pic=Pic(h=40, hs=48)),
    "JPEGE RGB888 input": Encode(INVALID, pic=Pic("RGB_888")),
    "JPEGE YUV400 input": Encode(INVALID, pic=Pic("YUV_400")),
    "JPEGE picture below 32x32": Encode(INVALID, pic=Pic(w=16, h=16)),
    "JPEGE picture wider than 8192": Encode(INVALID, pic=Pic(w=8208, h=32)),
    "JPEGE NV12 of odd width": Encode(INVALID, pic=Pic(w=63, ws=64)),
    "JPEGE NV12 of odd height": Encode(INVALID, pic=Pic(h=63, hs=64)),
    "JPEGE widthStride not a multiple of 16": Encode(INVALID, pic=Pic(ws=72)),
    "JPEGE heightStride below the height": Encode(INVALID, pic=Pic(hs=62)),
    "JPEGE input size below the strides' need": Encode(INVALID, pic=Pic(size_delta=-1)),
    "JPEGE output buffer of 64 bytes": Encode(SUCCESS, TASK_FAILED, output_room=64),
}


@pytest.mark.parametrize("row", list(ENCODE_ROWS.values()), ids=list(ENCODE_ROWS))
def test_encode_constraint(session: Any, row: Encode) -> None:
    source = make_pic(session, row.pic)
    config = session._keep(media.dvpp_create_jpege_config(), media.dvpp_destroy_jpege_config)
    assert media.dvpp_set_jpege_config_level(config, row.level) == acl.ACL_SUCCESS
    predicted, ret = media.dvpp_jpeg_predict_enc_size(source, config)
    expect_predict = row.expect_call
    _check_outcome(session, expect_predict, ret, "predict size")
    capacity = row.output_room if row.output_room is not None else (predicted if ret == 0 else 1 << 20)
    output = session.malloc(capacity)
    size_host, ret = acl.rt.malloc_host(4)
    assert ret == acl.ACL_SUCCESS
    try:
        size_bytes = capacity.to_bytes(4, "little")
        acl.rt.memcpy(size_host, 4, acl.util.bytes_to_ptr(size_bytes), 4, acl.ACL_MEMCPY_HOST_TO_HOST)
        ret = media.dvpp_jpeg_encode_async(session.channel, source, output, size_host, config, session.stream)
        if row.expect_call != SUCCESS:
            _check_outcome(session, row.expect_call, ret, "encode call")
            return
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        synced = session.sync()
        message = acl.get_recent_err_msg()
        assert synced == getattr(acl, row.expect_task), f"sync returned {synced}, expected {row.expect_task}"
        if row.expect_task != SUCCESS:
            assert message, "a failed encode task left no message"
        else:
            written = int.from_bytes(acl.util.ptr_to_bytes(size_host, 4), "little")
            assert 0 < written <= capacity
    finally:
        acl.rt.free_host(size_host)


CONFIG_ROWS = {
    "resize interpolation 4": ("dvpp_set_resize_config_interpolation", "resize", 4, SUCCESS),
    # 5, a high-order filter of later products, is refused like any unknown value (dvpp_desc.c)
    "resize interpolation 5": ("dvpp_set_resize_config_interpolation", "resize", 5, INVALID),
    "JPEGE level 100": ("dvpp_set_jpege_config_level", "jpege", 100, SUCCESS),
    "JPEGE level 101": ("dvpp_set_jpege_config_level", "jpege", 101, INVALID),
    "border type REFLECT_101": ("dvpp_set_border_config_border_type", "border", acl.BORDER_REFLECT_101,
                                SUCCESS),
    "border type 4": ("dvpp_set_border_config_border_type", "border", 4, INVALID),
    "border value index 3": ("dvpp_set_border_config_value", "border", (3, 1.0), SUCCESS),
    "border value index 4": ("dvpp_set_border_config_value", "border", (4, 1.0), INVALID),
}


@pytest.mark.parametrize("setter, kind, value, expect", list(CONFIG_ROWS.values()), ids=list(CONFIG_ROWS))
def test_config_constraint(session: Any, setter: str, kind: str, value: Any, expect: str) -> None:
    if kind == "jpege":
        handle = session._keep(media.dvpp_create_jpege_config(), media.dvpp_destroy_jpege_config)
    elif kind == "resize":
        handle = session._keep(media.dvpp_create_resize_config(), media.dvpp_destroy_resize_config)
    else:
        handle = session._keep(media.dvpp_create_border_config(), media.dvpp_destroy_border_config)
    arguments = value if isinstance(value, tuple) else (value,)
    _check_outcome(session, expect, getattr(media, setter)(handle, *arguments), setter)


@pytest.mark.parametrize("data", [arithmetic_coded(JPEG_64), CMYK_64], ids=["arithmetic coding", "CMYK"])
def test_image_info_refuses_streams_jpegd_cannot_decode(data: bytes) -> None:
    host = acl.util.bytes_to_ptr(data)
    for info in (media.dvpp_jpeg_get_image_info, media.dvpp_jpeg_get_image_info_v2):
        ret = info(host, len(data))[-1]
        assert ret == acl.ACL_ERROR_UNSUPPORTED_JPEG, (info, ret, acl.get_recent_err_msg())
        assert acl.get_recent_err_msg()
