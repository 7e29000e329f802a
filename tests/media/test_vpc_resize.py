"""VPC resize / crop / crop+resize / crop-and-paste / crop-resize-paste against numpy references.

Resize results must be within 1 of the stated bilinear formula (sample centres, vpc_reference.py),
nearest-neighbour and unscaled crops/pastes exactly equal; pixels outside a paste area untouched.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import VpcSession, media, vpc_fixture  # noqa: E402, F401
from vpc_reference import FORMATS, resize_bilinear, resize_nearest, rgb_to_yuv, yuv_to_rgb  # noqa: E402

import acl  # noqa: E402

BILINEAR, NEAREST = 1, 2
NV12 = "YUV_SEMIPLANAR_420"


def assert_close(actual: np.ndarray, expected: np.ndarray, tolerance: int, what: str) -> None:
    diff = np.abs(actual.astype(np.int32) - expected.astype(np.int32))
    worst = np.unravel_index(diff.argmax(), diff.shape)
    assert diff.max(initial=0) <= tolerance, f"{what}: max difference {diff.max()} at {worst}"


def expected_resize(planes: dict[str, np.ndarray], out_w: int, out_h: int, fmt_name: str, interpolation: int):
    fmt = FORMATS[fmt_name]
    cw, ch = fmt.chroma_size(out_w, out_h)
    resize = resize_nearest if interpolation == NEAREST else resize_bilinear
    return {c: resize(p, out_w, out_h) if c == "Y" else resize(p, cw, ch) for c, p in planes.items()}


@pytest.mark.parametrize(
    ("src_size", "dst_size", "interpolation"),
    [
        ((64, 32), (32, 16), BILINEAR),
        ((1920, 1080), (224, 224), BILINEAR),
        ((50, 40), (224, 224), BILINEAR),
        ((128, 96), (300, 60), NEAREST),
        ((226, 144), (46, 30), NEAREST),
        ((100, 64), (100, 64), BILINEAR),
    ],
)
def test_resize_nv12(vpc: VpcSession, src_size, dst_size, interpolation) -> None:
    src, planes = vpc.source(NV12, *src_size, seed=sum(src_size) + sum(dst_size))
    dst = vpc.picture(NV12, *dst_size)
    got = vpc.resize(src, dst, interpolation)
    tolerance = 0 if interpolation == NEAREST else 1
    for comp, exp in expected_resize(planes, *dst_size, NV12, interpolation).items():
        assert_close(got[comp], exp, tolerance, comp)
    assert media.dvpp_get_pic_desc_ret_code(dst.desc) == 0


def test_resize_smooth_gradient_matches_pillow_bilinear_upscale(vpc: VpcSession) -> None:
    """On upscaling, Pillow's bilinear filter is the same sample-centre formula: an outside check."""
    image_module = pytest.importorskip("PIL.Image")
    src, planes = vpc.source("YUV_400", 60, 40, seed=5)
    luma = planes["Y"]
    dst = vpc.picture("YUV_400", 150, 90)
    got = vpc.resize(src, dst, BILINEAR)
    pillow = np.asarray(image_module.fromarray(luma).resize((150, 90), image_module.BILINEAR))
    assert_close(got["Y"], pillow, 1, "Y against Pillow")


@pytest.mark.parametrize(
    ("interpolation", "reference"),
    [(None, resize_bilinear), (0, resize_bilinear), (3, resize_bilinear), (4, resize_nearest)],
)
def test_default_and_alias_interpolations(vpc: VpcSession, interpolation, reference) -> None:
    """0 (and no setting) is bilinear; 3 and 4 mean the same as 1 and 2."""
    src, planes = vpc.source(NV12, 80, 48, seed=1)
    dst = vpc.picture(NV12, 48, 32)
    got = vpc.resize(src, dst, interpolation)
    assert_close(got["Y"], reference(planes["Y"], 48, 32), 1 if reference is resize_bilinear else 0, "Y")


def test_resize_odd_input_uses_even_floor_and_strides_wider_than_width(vpc: VpcSession) -> None:
    src, planes = vpc.source(NV12, 61, 45, extra_w=32, extra_h=6, seed=2)
    dst = vpc.picture(NV12, 30, 22, extra_w=16, extra_h=4)
    got = vpc.resize(src, dst)
    assert_close(got["Y"], resize_bilinear(planes["Y"][:44, :60], 30, 22), 1, "Y")
    assert_close(got["U"], resize_bilinear(planes["U"][:22, :30], 15, 11), 1, "U")
    assert_close(got["V"], resize_bilinear(planes["V"][:22, :30], 15, 11), 1, "V")


def test_odd_output_size_rounds_chroma_up(vpc: VpcSession) -> None:
    src, planes = vpc.source(NV12, 64, 48, seed=3)
    dst = vpc.picture(NV12, 33, 21)
    got = vpc.resize(src, dst)
    assert got["U"].shape == (11, 17)
    assert_close(got["U"], resize_bilinear(planes["U"], 17, 11), 1, "U")


def test_crop_is_exact_when_sizes_match(vpc: VpcSession) -> None:
    src, planes = vpc.source(NV12, 96, 64, seed=4)
    dst = vpc.picture(NV12, 40, 30)
    roi = vpc.roi(10, 49, 20, 49)
    vpc.run(media.dvpp_vpc_crop_async(vpc.channel, src.desc, dst.desc, roi, vpc.stream), "crop")
    got = vpc.planes(dst)
    np.testing.assert_array_equal(got["Y"], planes["Y"][20:50, 10:50])
    np.testing.assert_array_equal(got["U"], planes["U"][10:25, 5:25])
    np.testing.assert_array_equal(got["V"], planes["V"][10:25, 5:25])


@pytest.mark.parametrize("interpolation", [BILINEAR, NEAREST])
def test_crop_resize(vpc: VpcSession, interpolation: int) -> None:
    src, planes = vpc.source(NV12, 128, 96, seed=6)
    dst = vpc.picture(NV12, 64, 40)
    roi = vpc.roi(16, 95, 8, 71)
    config = vpc.resize_config(interpolation)
    vpc.run(
        media.dvpp_vpc_crop_resize_async(vpc.channel, src.desc, dst.desc, roi, config, vpc.stream),
        "crop resize",
    )
    crop = {"Y": planes["Y"][8:72, 16:96], "U": planes["U"][4:36, 8:48], "V": planes["V"][4:36, 8:48]}
    tolerance = 0 if interpolation == NEAREST else 1
    got = vpc.planes(dst)
    for comp, exp in expected_resize(crop, 64, 40, NV12, interpolation).items():
        assert_close(got[comp], exp, tolerance, comp)


def test_crop_and_paste_leaves_the_rest_of_the_canvas(vpc: VpcSession) -> None:
    src, planes = vpc.source(NV12, 80, 60, seed=7)
    dst, canvas = vpc.source(NV12, 96, 64, seed=70)
    crop, paste = vpc.roi(2, 33, 4, 23), vpc.roi(32, 63, 10, 29)
    vpc.run(
        media.dvpp_vpc_crop_and_paste_async(vpc.channel, src.desc, dst.desc, crop, paste, vpc.stream),
        "crop and paste",
    )
    got = vpc.planes(dst)
    expected_y = canvas["Y"].copy()
    expected_y[10:30, 32:64] = planes["Y"][4:24, 2:34]
    np.testing.assert_array_equal(got["Y"], expected_y)
    expected_u = canvas["U"].copy()
    expected_u[5:15, 16:32] = planes["U"][2:12, 1:17]
    np.testing.assert_array_equal(got["U"], expected_u)


def test_crop_resize_paste_into_a_224_model_input(vpc: VpcSession) -> None:
    src, planes = vpc.source(NV12, 320, 240, seed=8)
    dst = vpc.picture(NV12, 224, 224, fill=16)
    crop, paste = vpc.roi(0, 319, 0, 239), vpc.roi(0, 223, 28, 195)
    config = vpc.resize_config(BILINEAR)
    ret = media.dvpp_vpc_crop_resize_paste_async(
        vpc.channel, src.desc, dst.desc, crop, paste, config, vpc.stream
    )
    vpc.run(ret, "crop resize paste")
    got = vpc.planes(dst)
    assert_close(got["Y"][28:196], resize_bilinear(planes["Y"], 224, 168), 1, "Y")
    assert (got["Y"][:28] == 16).all() and (got["Y"][196:] == 16).all()
    assert_close(got["V"][14:98], resize_bilinear(planes["V"], 112, 84), 1, "V")


@pytest.mark.parametrize("src_name", [n for n in FORMATS if FORMATS[n].is_yuv])
@pytest.mark.parametrize(
    "dst_name",
    [
        "YUV_400",
        "YUV_SEMIPLANAR_420",
        "YVU_SEMIPLANAR_420",
        "YUV_SEMIPLANAR_422",
        "YVU_SEMIPLANAR_422",
        "YUV_SEMIPLANAR_444",
        "YVU_SEMIPLANAR_444",
    ],
)
def test_resize_between_yuv_formats(vpc: VpcSession, src_name: str, dst_name: str) -> None:
    """Luma resized with the formula; chroma resized from its own grid to the output's."""
    src, planes = vpc.source(src_name, 48, 32, seed=len(src_name) * 31 + len(dst_name))
    dst = vpc.picture(dst_name, 36, 20)
    got = vpc.resize(src, dst)
    assert_close(got["Y"], resize_bilinear(planes["Y"], 36, 20), 1, "Y")
    if "U" in got:
        cw, ch = dst.fmt.chroma_size(36, 20)
        for comp in "UV":
            exp = resize_bilinear(planes[comp], cw, ch) if comp in planes else np.full((ch, cw), 128)
            assert_close(got[comp], exp, 1, comp)


@pytest.mark.parametrize("name", [n for n in FORMATS if not FORMATS[n].is_yuv])
def test_resize_rgb_formats(vpc: VpcSession, name: str) -> None:
    src, planes = vpc.source(name, 40, 30, seed=9)
    dst = vpc.picture(name, 24, 50)
    got = vpc.resize(src, dst)
    for comp, plane in planes.items():
        assert_close(got[comp], resize_bilinear(plane, 24, 50), 1, comp)


@pytest.mark.parametrize(("src_name", "dst_name"), [("RGB_888", NV12), ("BGRA_8888", "YVU_SEMIPLANAR_422")])
def test_resize_from_rgb_into_yuv(vpc: VpcSession, src_name: str, dst_name: str) -> None:
    """Colour conversion at the source size (channel default BT.601 video range), then the resize."""
    src, planes = vpc.source(src_name, 64, 40, seed=12)
    dst = vpc.picture(dst_name, 40, 24)
    got = vpc.resize(src, dst)
    y, u, v = rgb_to_yuv(planes["R"], planes["G"], planes["B"], acl.ACL_DVPP_CSC_MATRIX_BT601_NARROW)
    cw, ch = dst.fmt.chroma_size(40, 24)
    assert_close(got["Y"], resize_bilinear(y, 40, 24), 1, "Y")
    assert_close(got["U"], resize_bilinear(u, cw, ch), 1, "U")
    assert_close(got["V"], resize_bilinear(v, cw, ch), 1, "V")


def test_resize_from_yuv_into_rgb(vpc: VpcSession) -> None:
    """Chroma brought to full size, converted, then the RGB picture resized; alpha is opaque."""
    src, planes = vpc.source(NV12, 64, 40, seed=13)
    dst = vpc.picture("RGBA_8888", 48, 30)
    got = vpc.resize(src, dst)
    full_u, full_v = resize_bilinear(planes["U"], 64, 40), resize_bilinear(planes["V"], 64, 40)
    rgb = yuv_to_rgb(planes["Y"], full_u, full_v, acl.ACL_DVPP_CSC_MATRIX_BT601_NARROW)
    for comp, plane in zip("RGB", rgb):
        assert_close(got[comp], resize_bilinear(plane, 48, 30), 1, comp)
    assert (got["A"] == 255).all()


SAME_SAMPLING_OUTPUT = {"YUYV_PACKED_422": "YUV_SEMIPLANAR_422", "UYVY_PACKED_422": "YVU_SEMIPLANAR_422",
                        "YVYU_PACKED_422": "YUV_SEMIPLANAR_422", "VYUY_PACKED_422": "YVU_SEMIPLANAR_422",
                        "YUV_PACKED_444": "YUV_SEMIPLANAR_444"}  # fmt: skip


@pytest.mark.parametrize("src_name", list(FORMATS))
def test_unscaled_crop_of_every_input_format_with_wide_strides(vpc: VpcSession, src_name: str) -> None:
    """Strides wider than the lines, an even crop, an output of the same sampling: an exact copy."""
    src, planes = vpc.source(src_name, 70, 44, seed=len(src_name), extra_w=48, extra_h=6)
    dst_name = SAME_SAMPLING_OUTPUT.get(src_name, src_name)
    dst = vpc.picture(dst_name, 40, 24, extra_w=16, extra_h=2)
    ret = media.dvpp_vpc_crop_async(vpc.channel, src.desc, dst.desc, vpc.roi(20, 59, 8, 31), vpc.stream)
    vpc.run(ret, "crop")
    got = vpc.planes(dst)
    fmt = FORMATS[src_name]
    for comp, plane in planes.items():
        sx, sy = (fmt.shift_x, fmt.shift_y) if comp in "UV" else (0, 0)
        expected = plane[8 >> sy : 32 >> sy, 20 >> sx : 60 >> sx]
        np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
