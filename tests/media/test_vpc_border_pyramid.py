"""acl.media.dvpp_vpc_make_border_async (constant / replicate / reflect / reflect-101) against
numpy.pad, and dvpp_vpc_pyr_down_async against a written-out 5x5 binomial filter.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import VpcSession, media, vpc_fixture  # noqa: E402, F401
from vpc_reference import FORMATS, make_border, pyr_down  # noqa: E402

import acl  # noqa: E402

KINDS = [acl.BORDER_CONSTANT, acl.BORDER_REPLICATE, acl.BORDER_REFLECT, acl.BORDER_REFLECT_101]


def component_values(names: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(names, values))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "fmt_name",
    [
        "YUV_SEMIPLANAR_420",
        "YUV_400",
        "YVU_SEMIPLANAR_422",
        "RGB_888",
        "BGRA_8888",
        "YUYV_PACKED_422",
        "YUV_PACKED_444",
    ],
)
def test_make_border(vpc: VpcSession, kind: int, fmt_name: str) -> None:
    fmt = FORMATS[fmt_name]
    top, bottom, left, right = 4, 2, 6, 10
    w, h = 30, 20
    src, planes = vpc.source(fmt_name, w, h, seed=kind * 17 + len(fmt_name))
    dst = vpc.picture(fmt_name, w + left + right, h + top + bottom)
    values = (200, 30, 90, 77)
    config = vpc.border_config(kind, top, bottom, left, right, values)
    vpc.run(
        media.dvpp_vpc_make_border_async(vpc.channel, src.desc, dst.desc, config, vpc.stream), "make border"
    )
    got = vpc.planes(dst)
    order = ("Y", "U", "V") if fmt.is_yuv else ("R", "G", "B", "A")
    value_of = component_values(order, values)
    for comp, plane in planes.items():
        sx, sy = (fmt.shift_x, fmt.shift_y) if comp in "UV" else (0, 0)
        expected = make_border(plane, top >> sy, bottom >> sy, left >> sx, right >> sx, kind, value_of[comp])
        np.testing.assert_array_equal(got[comp], expected, err_msg=comp)


def test_reflect_wider_than_the_picture_keeps_mirroring(vpc: VpcSession) -> None:
    src, planes = vpc.source("YUV_400", 10, 6, seed=3)
    dst = vpc.picture("YUV_400", 10 + 24 + 16, 6 + 14 + 12)
    config = vpc.border_config(acl.BORDER_REFLECT_101, 14, 12, 24, 16, (0,))
    vpc.run(
        media.dvpp_vpc_make_border_async(vpc.channel, src.desc, dst.desc, config, vpc.stream), "make border"
    )
    expected = make_border(planes["Y"], 14, 12, 24, 16, acl.BORDER_REFLECT_101, 0)
    np.testing.assert_array_equal(vpc.planes(dst)["Y"], expected)


def test_make_border_refuses_a_wrong_output_size_and_odd_yuv420_borders(vpc: VpcSession) -> None:
    src = vpc.picture("YUV_SEMIPLANAR_420", 30, 20)
    wrong = vpc.picture("YUV_SEMIPLANAR_420", 40, 30)
    config = vpc.border_config(acl.BORDER_CONSTANT, 2, 2, 2, 2, (0, 0, 0))
    ret = media.dvpp_vpc_make_border_async(vpc.channel, src.desc, wrong.desc, config, vpc.stream)
    assert ret == acl.ACL_ERROR_INVALID_PARAM
    odd = vpc.border_config(acl.BORDER_CONSTANT, 1, 1, 2, 2, (0, 0, 0))
    dst = vpc.picture("YUV_SEMIPLANAR_420", 34, 22)
    assert media.dvpp_vpc_make_border_async(vpc.channel, src.desc, dst.desc, odd, vpc.stream) == (
        acl.ACL_ERROR_INVALID_PARAM
    )


@pytest.mark.parametrize(("w", "h"), [(64, 48), (61, 37), (10, 6)])
def test_pyr_down(vpc: VpcSession, w: int, h: int) -> None:
    src, planes = vpc.source("YUV_400", w, h, seed=w * h)
    out_w, out_h = (w + 1) // 2, (h + 1) // 2
    if out_w < 10 or out_h < 6:
        out_w, out_h = max(out_w, 10), max(out_h, 6)
        dst = vpc.picture("YUV_400", out_w, out_h)
        ret = media.dvpp_vpc_pyr_down_async(vpc.channel, src.desc, dst.desc, 0, vpc.stream)
        assert ret == acl.ACL_ERROR_INVALID_PARAM  # the half of a minimum-size picture is below the minimum
        return
    dst = vpc.picture("YUV_400", out_w, out_h)
    vpc.run(media.dvpp_vpc_pyr_down_async(vpc.channel, src.desc, dst.desc, 0, vpc.stream), "pyr down")
    np.testing.assert_array_equal(vpc.planes(dst)["Y"], pyr_down(planes["Y"], out_w, out_h))


def test_pyr_down_is_gray_only(vpc: VpcSession) -> None:
    src = vpc.picture("YUV_SEMIPLANAR_420", 64, 48)
    dst = vpc.picture("YUV_SEMIPLANAR_420", 32, 24)
    ret = media.dvpp_vpc_pyr_down_async(vpc.channel, src.desc, dst.desc, 0, vpc.stream)
    assert ret == acl.ACL_ERROR_FORMAT_NOT_MATCH
