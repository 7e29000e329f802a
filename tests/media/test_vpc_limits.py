"""The VPC constraints the kernels rely on (the full table-driven sweep is test_constraints.py):
each violation is refused synchronously with its code and a message naming the call, nothing is
queued, and the output stays untouched.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import Picture, VpcSession, media, vpc_fixture  # noqa: E402, F401

import acl  # noqa: E402

INVALID = acl.ACL_ERROR_INVALID_PARAM
FORMAT = acl.ACL_ERROR_FORMAT_NOT_MATCH
NV12 = "YUV_SEMIPLANAR_420"


def refused(vpc: VpcSession, ret: int, code: int, dst: Picture) -> None:
    assert ret == code, acl.get_recent_err_msg()
    assert "acldvppVpc" in acl.get_recent_err_msg()
    before = vpc.download(dst)
    assert vpc.sync() == acl.ACL_SUCCESS
    np.testing.assert_array_equal(vpc.download(dst), before)


def resize(vpc: VpcSession, src: Picture, dst: Picture) -> int:
    return media.dvpp_vpc_resize_async(vpc.channel, src.desc, dst.desc, vpc.resize_config(), vpc.stream)


def test_width_stride_must_be_16_aligned_and_height_stride_even(vpc: VpcSession) -> None:
    src, dst = vpc.picture(NV12, 64, 48), vpc.picture(NV12, 32, 24, fill=9)
    media.dvpp_set_pic_desc_width_stride(dst.desc, 40)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)
    media.dvpp_set_pic_desc_width_stride(dst.desc, 32)
    media.dvpp_set_pic_desc_height_stride(dst.desc, 25)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)


def test_stride_below_the_line_size_and_undersized_buffer(vpc: VpcSession) -> None:
    src, dst = vpc.picture("RGB_888", 32, 24), vpc.picture("RGB_888", 32, 24, fill=9)
    media.dvpp_set_pic_desc_width_stride(src.desc, 64)  # 32 RGB pixels need 96 bytes
    refused(vpc, resize(vpc, src, dst), INVALID, dst)
    media.dvpp_set_pic_desc_width_stride(src.desc, src.ws)
    media.dvpp_set_pic_desc_size(src.desc, src.size - 1)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)


@pytest.mark.parametrize(("w", "h"), [(8, 24), (32, 4), (4098, 64)])
def test_picture_size_limits(vpc: VpcSession, w: int, h: int) -> None:
    src, dst = vpc.picture("RGB_888", 64, 48), vpc.picture("RGB_888", w, h, fill=9)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)


def test_8k_only_for_nv12_and_nv21(vpc: VpcSession) -> None:
    big = vpc.picture(NV12, 4800, 64)
    dst = vpc.picture(NV12, 600, 32)
    vpc.run(resize(vpc, big, dst), "8K NV12 resize")
    rgb = vpc.picture("RGB_888", 4800, 64)
    out = vpc.picture("RGB_888", 600, 32, fill=9)
    refused(vpc, resize(vpc, rgb, out), INVALID, out)


def test_packed_yuv_is_not_an_output_format(vpc: VpcSession) -> None:
    src, dst = vpc.picture(NV12, 64, 48), vpc.picture("YUYV_PACKED_422", 32, 24, fill=9)
    refused(vpc, resize(vpc, src, dst), FORMAT, dst)


def test_resize_ratio_limits(vpc: VpcSession) -> None:
    src, dst = vpc.picture(NV12, 16, 8), vpc.picture(NV12, 272, 64, fill=9)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)  # 17x wider
    src, dst = vpc.picture(NV12, 4096, 64), vpc.picture(NV12, 126, 64, fill=9)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)  # below 1/32


@pytest.mark.parametrize(
    "roi", [(1, 32, 0, 19), (0, 32, 0, 19), (0, 31, 1, 20), (0, 31, 0, 20), (0, 64, 0, 19), (0, 7, 0, 19)]
)
def test_crop_area_rules_for_yuv420(vpc: VpcSession, roi: tuple[int, int, int, int]) -> None:
    src, dst = vpc.picture(NV12, 64, 48), vpc.picture(NV12, 32, 20, fill=9)
    ret = media.dvpp_vpc_crop_async(vpc.channel, src.desc, dst.desc, vpc.roi(*roi), vpc.stream)
    refused(vpc, ret, INVALID, dst)


def test_odd_crop_offsets_are_fine_without_chroma_subsampling(vpc: VpcSession) -> None:
    src, planes = vpc.source("RGB_888", 64, 48, seed=1)
    dst = vpc.picture("RGB_888", 31, 21)
    ret = media.dvpp_vpc_crop_async(vpc.channel, src.desc, dst.desc, vpc.roi(3, 33, 5, 25), vpc.stream)
    vpc.run(ret, "crop")
    np.testing.assert_array_equal(vpc.planes(dst)["G"], planes["G"][5:26, 3:34])


def test_paste_left_must_be_16_aligned(vpc: VpcSession) -> None:
    src, dst = vpc.picture(NV12, 64, 48), vpc.picture(NV12, 96, 64, fill=9)
    crop, paste = vpc.roi(0, 31, 0, 19), vpc.roi(8, 39, 0, 19)
    ret = media.dvpp_vpc_crop_and_paste_async(vpc.channel, src.desc, dst.desc, crop, paste, vpc.stream)
    refused(vpc, ret, INVALID, dst)


def test_unknown_interpolation_and_missing_config(vpc: VpcSession) -> None:
    src, dst = vpc.picture(NV12, 64, 48), vpc.picture(NV12, 32, 24, fill=9)
    config = vpc.resize_config()
    set_ret = media.dvpp_set_resize_config_interpolation(config, 5)  # the 310's own filter: not emulated
    if set_ret == acl.ACL_SUCCESS:
        ret = media.dvpp_vpc_resize_async(vpc.channel, src.desc, dst.desc, config, vpc.stream)
        refused(vpc, ret, INVALID, dst)
    else:
        assert set_ret == INVALID
    refused(vpc, media.dvpp_vpc_resize_async(vpc.channel, src.desc, dst.desc, 0, vpc.stream), INVALID, dst)


def test_8k_is_an_input_mode_only(vpc: VpcSession) -> None:
    src = vpc.picture(NV12, 2048, 64)
    dst = vpc.picture(NV12, 4112, 64, fill=9)
    refused(vpc, resize(vpc, src, dst), INVALID, dst)
