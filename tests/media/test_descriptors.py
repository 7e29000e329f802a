"""Every create/destroy/set/get of the acl_dvpp.h descriptors and configs outside video: round trips,
defaults, refused values, and destroyed or foreign handles (in a subprocess: they must give an error
code and a message, never a crash)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import acl

media = acl.media
OK = acl.ACL_SUCCESS
INVALID = acl.ACL_ERROR_INVALID_PARAM


@pytest.fixture()
def pic() -> Iterator[int]:
    desc = media.dvpp_create_pic_desc()
    assert desc
    yield desc
    assert media.dvpp_destroy_pic_desc(desc) == OK


PIC_FIELDS = {
    "data": 0x1234_5678_9ABC,
    "size": 4_000_000_000,
    "format": acl.PIXEL_FORMAT_BGRA_8888,
    "width": 1921,
    "height": 1081,
    "width_stride": 2048,
    "height_stride": 1088,
    "ret_code": 77,
}


def test_pic_desc_defaults_are_zero(pic: int) -> None:
    for name in PIC_FIELDS:
        assert getattr(media, f"dvpp_get_pic_desc_{name}")(pic) == 0, name


@pytest.mark.parametrize(("name", "value"), PIC_FIELDS.items())
def test_pic_desc_round_trip(pic: int, name: str, value: int) -> None:
    assert getattr(media, f"dvpp_set_pic_desc_{name}")(pic, value) == OK
    assert getattr(media, f"dvpp_get_pic_desc_{name}")(pic) == value
    others = [n for n in PIC_FIELDS if n != name]
    assert all(getattr(media, f"dvpp_get_pic_desc_{n}")(pic) == 0 for n in others)


STREAM_FIELDS = {
    "data": 0xABCDEF00,
    "size": 123_456,
    "format": acl.H264_HIGH_LEVEL,
    "timestamp": 2**40 + 5,
    "ret_code": 9,
    "eos": 1,
}


@pytest.mark.parametrize(("name", "value"), STREAM_FIELDS.items())
def test_stream_desc_round_trip(name: str, value: int) -> None:
    desc = media.dvpp_create_stream_desc()
    try:
        assert getattr(media, f"dvpp_get_stream_desc_{name}")(desc) == 0
        assert getattr(media, f"dvpp_set_stream_desc_{name}")(desc, value) == OK
        assert getattr(media, f"dvpp_get_stream_desc_{name}")(desc) == value
    finally:
        assert media.dvpp_destroy_stream_desc(desc) == OK


def test_roi_config_create_and_setters() -> None:
    roi = media.dvpp_create_roi_config(1, 2, 3, 4)
    assert roi
    try:
        assert media.dvpp_set_roi_config_left(roi, 10) == OK
        assert media.dvpp_set_roi_config_right(roi, 20) == OK
        assert media.dvpp_set_roi_config_top(roi, 30) == OK
        assert media.dvpp_set_roi_config_bottom(roi, 40) == OK
        assert media.dvpp_set_roi_config(roi, 5, 6, 7, 8) == OK
    finally:
        assert media.dvpp_destroy_roi_config(roi) == OK
    assert media.dvpp_set_roi_config_left(roi, 1) == INVALID  # destroyed


def test_resize_config_interpolation() -> None:
    config = media.dvpp_create_resize_config()
    try:
        assert media.dvpp_get_resize_config_interpolation(config) == 0
        for value in range(5):
            assert media.dvpp_set_resize_config_interpolation(config, value) == OK
            assert media.dvpp_get_resize_config_interpolation(config) == value
        assert media.dvpp_set_resize_config_interpolation(config, 5) == INVALID
        assert media.dvpp_get_resize_config_interpolation(config) == 4
    finally:
        assert media.dvpp_destroy_resize_config(config) == OK


def test_jpege_config_level() -> None:
    config = media.dvpp_create_jpege_config()
    try:
        assert media.dvpp_get_jpege_config_level(config) == 100
        for level in (0, 1, 55, 100):
            assert media.dvpp_set_jpege_config_level(config, level) == OK
            assert media.dvpp_get_jpege_config_level(config) == level
        assert media.dvpp_set_jpege_config_level(config, 101) == INVALID
        assert "level" in acl.get_recent_err_msg()
    finally:
        assert media.dvpp_destroy_jpege_config(config) == OK


def test_border_config_round_trip() -> None:
    config = media.dvpp_create_border_config()
    try:
        assert media.dvpp_get_border_config_border_type(config) == acl.BORDER_CONSTANT
        assert [media.dvpp_get_border_config_value(config, i) for i in range(4)] == [0.0] * 4
        for i, value in enumerate((1.5, 255.0, -3.25, 0.5)):
            assert media.dvpp_set_border_config_value(config, i, value) == OK
        assert [media.dvpp_get_border_config_value(config, i) for i in range(4)] == [1.5, 255.0, -3.25, 0.5]
        assert media.dvpp_set_border_config_value(config, 4, 1.0) == INVALID
        assert media.dvpp_get_border_config_value(config, 4) == -1.0
        assert media.dvpp_set_border_config_border_type(config, acl.BORDER_REFLECT_101) == OK
        assert media.dvpp_get_border_config_border_type(config) == acl.BORDER_REFLECT_101
        assert media.dvpp_set_border_config_border_type(config, 9) == INVALID
        for side, value in (("top", 1), ("bottom", 2), ("left", 3), ("right", 4)):
            assert getattr(media, f"dvpp_set_border_config_{side}")(config, value) == OK
            assert getattr(media, f"dvpp_get_border_config_{side}")(config) == value
    finally:
        assert media.dvpp_destroy_border_config(config) == OK


@pytest.mark.numpy
def test_lut_map_starts_as_identity_and_is_written_through() -> None:
    np = pytest.importorskip("numpy")
    lut = media.dvpp_create_lut_map()
    try:
        assert media.dvpp_get_lut_map_dims(lut) == 3
        for dim in range(3):
            data, length, ret = media.dvpp_get_lut_map_data(lut, dim)
            assert (length, ret) == (256, OK)
            table = np.ctypeslib.as_array((np.ctypeslib.ctypes.c_uint8 * 256).from_address(data))
            assert (table == np.arange(256)).all()
            table[:] = 255 - np.arange(256, dtype=np.uint8)
            again, _, _ = media.dvpp_get_lut_map_data(lut, dim)
            assert acl.util.ptr_to_bytes(again, 4) == bytes([255, 254, 253, 252])
        assert media.dvpp_get_lut_map_data(lut, 3)[-1] == INVALID
    finally:
        assert media.dvpp_destroy_lut_map(lut) == OK


def test_hist_dims_data_and_clear() -> None:
    hist = media.dvpp_create_hist()
    try:
        assert media.dvpp_get_hist_dims(hist) == 3
        assert media.dvpp_get_hist_ret_code(hist) == 0
        for dim in range(3):
            data, length, ret = media.dvpp_get_hist_data(hist, dim)
            assert (length, ret) == (256, OK)
            assert acl.util.ptr_to_bytes(data, 1024) == bytes(1024)
        assert media.dvpp_get_hist_data(hist, 3)[-1] == INVALID
        assert media.dvpp_clear_hist(hist) == OK
    finally:
        assert media.dvpp_destroy_hist(hist) == OK


def test_batch_pic_desc_elements_are_pic_descs() -> None:
    batch = media.dvpp_create_batch_pic_desc(4)
    assert batch
    try:
        elements = [media.dvpp_get_pic_desc(batch, i) for i in range(4)]
        assert all(elements) and len(set(elements)) == 4
        assert media.dvpp_set_pic_desc_width(elements[2], 640) == OK
        assert media.dvpp_get_pic_desc_width(media.dvpp_get_pic_desc(batch, 2)) == 640
        assert media.dvpp_get_pic_desc(batch, 4) == 0
        assert "index 4" in acl.get_recent_err_msg()
        assert media.dvpp_destroy_pic_desc(elements[0]) == INVALID  # owned by the batch
    finally:
        assert media.dvpp_destroy_batch_pic_desc(batch) == OK
    assert media.dvpp_get_pic_desc_width(elements[2]) == 0  # gone with the batch
    assert "not a live acldvppPicDesc" in acl.get_recent_err_msg()


@pytest.mark.parametrize("size", [0, 257])
def test_batch_of_bad_size_is_null_with_a_message(size: int) -> None:
    assert media.dvpp_create_batch_pic_desc(size) == 0
    assert "batchSize" in acl.get_recent_err_msg()


# ------------------------------------------------------------------- channels


def test_channel_desc_defaults_and_params(media_stream: int) -> None:
    desc = media.dvpp_create_channel_desc()
    try:
        size, mode, ret = media.dvpp_get_channel_desc_param(desc, acl.ACL_DVPP_MODE_UINT32)
        assert (size, mode, ret) == (4, 15, OK)  # every image mode until set
        assert media.dvpp_set_channel_desc_mode(desc, acl.DVPP_CHNMODE_JPEGD | acl.DVPP_CHNMODE_PNGD) == OK
        assert media.dvpp_get_channel_desc_param(desc, acl.ACL_DVPP_MODE_UINT32)[1] == 10
        assert media.dvpp_set_channel_desc_mode(desc, 16) == INVALID
        for param, value in (
            (acl.ACL_DVPP_CSC_MATRIX_UINT32, acl.ACL_DVPP_CSC_MATRIX_BT709_WIDE),
            (acl.ACL_DVPP_CHANNEL_WIDTH_UINT32, 1920),
            (acl.ACL_DVPP_CHANNEL_HEIGHT_UINT32, 1080),
            (acl.ACL_DVPP_JPEGD_PRECISION_MODE_ENUM, acl.ACL_YUVOUT_ALIGN_UP),
        ):
            assert media.dvpp_set_channel_desc_param(desc, param, value) == (desc, OK)
            assert media.dvpp_get_channel_desc_param(desc, param) == (4, value, OK)
        assert media.dvpp_set_channel_desc_param(desc, acl.ACL_DVPP_CSC_MATRIX_UINT32, 99)[1] == INVALID
        assert media.dvpp_set_channel_desc_param(desc, acl.ACL_DVPP_CHANNEL_ID_UINT64, 5)[1] == INVALID
        assert media.dvpp_create_channel(desc) == OK
        first = media.dvpp_get_channel_desc_channel_id(desc)
        assert media.dvpp_get_channel_desc_param(desc, acl.ACL_DVPP_CHANNEL_ID_UINT64) == (8, first, OK)
        assert media.dvpp_create_channel(desc) == INVALID  # already created
        assert media.dvpp_set_channel_desc_mode(desc, acl.DVPP_CHNMODE_VPC) == INVALID  # too late
        assert media.dvpp_destroy_channel_desc(desc) == INVALID  # channel still created
        assert media.dvpp_destroy_channel(desc) == OK
        assert media.dvpp_destroy_channel(desc) == INVALID
        assert media.dvpp_create_channel(desc) == OK
        assert media.dvpp_get_channel_desc_channel_id(desc) != first
        assert media.dvpp_destroy_channel(desc) == OK
    finally:
        assert media.dvpp_destroy_channel_desc(desc) == OK


# -------------------------------------------------------- bad handles, no crash


def test_foreign_destroyed_and_null_handles_give_errors_not_crashes() -> None:
    from helpers.subproc import describe, run_on_emulator

    result = run_on_emulator(
        """
        media = acl.media
        INVALID = acl.ACL_ERROR_INVALID_PARAM
        garbage = 0x10
        roi = media.dvpp_create_roi_config(0, 1, 0, 1)
        media.dvpp_destroy_roi_config(roi)
        pic = media.dvpp_create_pic_desc()
        resize = media.dvpp_create_resize_config()
        checks = {
            "destroyed roi": media.dvpp_destroy_roi_config(roi) == INVALID,
            "roi as pic": media.dvpp_set_pic_desc_width(resize, 3) == INVALID,
            "pic as roi": media.dvpp_destroy_roi_config(pic) == INVALID,
            "garbage pic": media.dvpp_get_pic_desc_width(garbage) == 0,
            "garbage format": media.dvpp_get_pic_desc_format(garbage) == acl.PIXEL_FORMAT_UNKNOWN,
            "null pic": media.dvpp_set_pic_desc_size(0, 1) == INVALID,
            "null batch": media.dvpp_get_pic_desc(0, 0) == 0,
            "garbage channel": media.dvpp_create_channel(garbage) == INVALID,
            "garbage channel id": media.dvpp_get_channel_desc_channel_id(garbage) == 0,
            "garbage hist": media.dvpp_get_hist_dims(garbage) == 0,
            "garbage lut": media.dvpp_get_lut_map_data(garbage, 0)[-1] == INVALID,
            "garbage border": media.dvpp_get_border_config_value(garbage, 0) == -1.0,
            "garbage jpege": media.dvpp_set_jpege_config_level(garbage, 3) == INVALID,
            "garbage stream desc": media.dvpp_get_stream_desc_eos(garbage) == 0,
            "message names the API": "acldvppGetStreamDescEos" in acl.get_recent_err_msg(),
        }
        media.dvpp_destroy_pic_desc(pic)
        checks["destroyed pic"] = media.dvpp_get_pic_desc_height(pic) == 0
        checks["destroyed pic message"] = "not a live acldvppPicDesc" in acl.get_recent_err_msg()
        failed = [name for name, passed in checks.items() if not passed]
        print("FAILED", failed)
        """
    )
    assert result.returncode == 0, describe(result)
    assert "FAILED []" in result.stdout, describe(result)


def test_descriptor_calls_need_no_runtime() -> None:
    """Host-side objects: usable before acl.init, as on the runtime."""
    from helpers.subproc import describe, run_python

    result = run_python(
        """
        import acl
        d = acl.media.dvpp_create_pic_desc()
        print(bool(d), acl.media.dvpp_set_pic_desc_width(d, 5), acl.media.dvpp_get_pic_desc_width(d),
              acl.media.dvpp_destroy_pic_desc(d))
        """,
        {"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split() == ["True", "0", "5", "0"]
