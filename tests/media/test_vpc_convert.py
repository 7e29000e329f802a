"""acl.media.dvpp_vpc_convert_color_async between every pair of supported formats, against the
stated conversion (vpc_reference.convert: chroma resampled bilinearly, CSC matrices written out in
floating point), within 1 of it; copies inside a colour family are exact.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import VpcSession, media, vpc_fixture  # noqa: E402, F401
from vpc_reference import FORMATS, convert, rgb_to_yuv, yuv_to_rgb  # noqa: E402

import acl  # noqa: E402

W, H = 36, 22
DEFAULT_MATRIX = acl.ACL_DVPP_CSC_MATRIX_BT601_NARROW


def convert_color(vpc: VpcSession, src_name: str, dst_name: str, seed: int):
    src, planes = vpc.source(src_name, W, H, seed=seed)
    dst = vpc.picture(dst_name, W, H)
    ret = media.dvpp_vpc_convert_color_async(vpc.channel, src.desc, dst.desc, vpc.stream)
    vpc.run(ret, f"convert {src_name} -> {dst_name}")
    return planes, vpc.planes(dst)


@pytest.mark.parametrize("src_name", list(FORMATS))
@pytest.mark.parametrize("dst_name", list(FORMATS))
def test_convert_every_pair(vpc: VpcSession, src_name: str, dst_name: str) -> None:
    planes, got = convert_color(vpc, src_name, dst_name, seed=len(src_name) + 7 * len(dst_name))
    src_fmt, dst_fmt = FORMATS[src_name], FORMATS[dst_name]
    expected = convert(planes, src_fmt, dst_fmt, DEFAULT_MATRIX)
    same_family = src_fmt.is_yuv == dst_fmt.is_yuv
    for comp in dst_fmt.components():
        tolerance = (
            0
            if same_family and src_fmt.shift_x == dst_fmt.shift_x and src_fmt.shift_y == dst_fmt.shift_y
            else 1
        )
        diff = np.abs(got[comp].astype(int) - expected[comp])
        assert diff.max() <= tolerance, f"{comp}: off by {diff.max()}"


def test_same_subsampling_copies_are_exact(vpc: VpcSession) -> None:
    planes, got = convert_color(vpc, "YUV_SEMIPLANAR_420", "YVU_SEMIPLANAR_420", seed=1)
    for comp in "YUV":
        np.testing.assert_array_equal(got[comp], planes[comp])


@pytest.mark.parametrize("matrix", range(6))
def test_matrices_on_known_colours(vpc: VpcSession, matrix: int) -> None:
    """Primary colours through each acldvppCscMatrix, against the written-out formulas."""
    vpc.use_matrix(matrix)
    src = vpc.picture("RGB_888", W, H)
    colours = np.array([[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255], [0, 0, 0], [128, 64, 200]])
    index = np.arange(W * H).reshape(H, W) % len(colours)
    rgb = {c: colours[index, i].astype(np.uint8) for i, c in enumerate("RGB")}
    vpc.fill_planes(src, rgb)
    dst = vpc.picture("YUV_SEMIPLANAR_444", W, H)
    vpc.run(media.dvpp_vpc_convert_color_async(vpc.channel, src.desc, dst.desc, vpc.stream), "convert")
    got = vpc.planes(dst)
    for comp, exp in zip("YUV", rgb_to_yuv(rgb["R"], rgb["G"], rgb["B"], matrix)):
        assert np.abs(got[comp].astype(int) - exp).max() <= 1, comp
    back = vpc.picture("BGR_888", W, H)
    vpc.run(media.dvpp_vpc_convert_color_async(vpc.channel, dst.desc, back.desc, vpc.stream), "convert back")
    returned = vpc.planes(back)
    for comp, exp in zip("RGB", yuv_to_rgb(got["Y"], got["U"], got["V"], matrix)):
        assert np.abs(returned[comp].astype(int) - exp).max() <= 1, comp


def test_bt601_full_range_matches_pillow_ycbcr(vpc: VpcSession) -> None:
    """Pillow's RGB -> YCbCr is the JPEG (BT.601 full range) transform: an outside reference."""
    image_module = pytest.importorskip("PIL.Image")
    vpc.use_matrix(acl.ACL_DVPP_CSC_MATRIX_BT601_WIDE)
    src, planes = vpc.source("RGB_888", W, H, seed=3)
    dst = vpc.picture("YUV_PACKED_444", W, H)
    vpc.run(media.dvpp_vpc_convert_color_async(vpc.channel, src.desc, dst.desc, vpc.stream), "convert")
    rgb = np.dstack([planes["R"], planes["G"], planes["B"]])
    ycbcr = np.asarray(image_module.fromarray(rgb, "RGB").convert("YCbCr")).astype(int)
    got = vpc.planes(dst)
    for i, comp in enumerate("YUV"):
        assert np.abs(got[comp].astype(int) - ycbcr[..., i]).max() <= 1, comp


def test_size_mismatch_is_refused(vpc: VpcSession) -> None:
    src = vpc.picture("RGB_888", W, H)
    dst = vpc.picture("YUV_SEMIPLANAR_420", W + 2, H)
    ret = media.dvpp_vpc_convert_color_async(vpc.channel, src.desc, dst.desc, vpc.stream)
    assert ret == acl.ACL_ERROR_INVALID_PARAM
