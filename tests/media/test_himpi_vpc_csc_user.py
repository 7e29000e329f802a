"""acl.himpi VPC colour conversion with a user CSC matrix (HI_CSC_MATRIX_USER): out = M * in + bias on
the raw components, rounded half up and clamped to 0..255, checked against numpy; and the refusal of
coefficients that are not finite or out of range."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, resize_bilinear  # noqa: E402

import acl  # noqa: E402

CHN = 17
HI_ID_VPC = 7
USER = 100
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
NV21 = FORMATS["YVU_SEMIPLANAR_420"]
RGB = FORMATS["RGB_888"]
BGR = FORMATS["BGR_888"]
RGBA = FORMATS["RGBA_8888"]
SYS_ILLEGAL = acl.HI_ERR_SYS_ILLEGAL_PARAM
W, H = 32, 16

# Dyadic coefficients: every product and sum is exact in doubles, so the results must match numpy
# bit for bit, ties (x.5) included. Rows R, G, B over Y, U, V; then Y, U, V over R, G, B; last column: bias.
YUV2RGB_EXACT = np.array([[1.0, 0.0, 1.5, -192.0], [1.0, -0.375, -0.75, 144.0], [1.0, 1.75, 0.0, -224.0]])
RGB2YUV_EXACT = np.array(
    [[0.25, 0.5, 0.125, 16.5], [-0.125, -0.25, 0.375, 128.0], [0.5, -0.375, -0.125, 128.0]]
)


def coefficient(m: np.ndarray) -> dict[str, float]:
    out = {f"csc_matrix_r{r}_c{c}": float(m[r, c]) for r in range(3) for c in range(3)}
    out.update({f"csc_bias_r{r}": float(m[r, 3]) for r in range(3)})
    return out


def set_user(yuv2rgb: np.ndarray, rgb2yuv: np.ndarray) -> int:
    user = {"yuv_to_rgb_coefficient": coefficient(yuv2rgb), "rgb_to_yuv_coefficient": coefficient(rgb2yuv)}
    return acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, CHN, USER, user)


def affine(m: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> list[np.ndarray]:
    a, b, c = (x.astype(np.float64) for x in (a, b, c))
    return [
        np.clip(np.floor(m[i, 0] * a + m[i, 1] * b + m[i, 2] * c + m[i, 3] + 0.5), 0, 255) for i in range(3)
    ]


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        assert set_user(YUV2RGB_EXACT, RGB2YUV_EXACT) == 0
        yield session
        acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, CHN, 0, {})


def flat_chroma_source(hi: HiVpc, fmt, u: int, v: int, seed: int) -> tuple[dict, dict[str, np.ndarray]]:
    """Random luma, one chroma value over the whole picture (so upsampling it is exact)."""
    rng = np.random.default_rng(seed)
    cw, ch = fmt.chroma_size(W, H)
    planes = {
        "Y": rng.integers(0, 256, (H, W), dtype=np.uint8),
        "U": np.full((ch, cw), u, np.uint8),
        "V": np.full((ch, cw), v, np.uint8),
    }
    return hi.picture(fmt, W, H, planes), planes


@pytest.mark.parametrize("dst_fmt", [RGB, BGR], ids=lambda f: f.name)
@pytest.mark.parametrize("src_fmt", [NV12, NV21], ids=lambda f: f.name)
def test_yuv_to_rgb_uses_the_user_matrix(hi: HiVpc, src_fmt, dst_fmt) -> None:
    for i, (u, v) in enumerate([(128, 128), (37, 201), (250, 3)]):
        src, planes = flat_chroma_source(hi, src_fmt, u, v, seed=i)
        dst = hi.picture(dst_fmt, W, H)
        finish(hi, *acl.himpi.vpc_convert_color(CHN, src, dst, -1))
        got = hi.planes(dst_fmt, dst)
        full = np.full((H, W), u), np.full((H, W), v)
        for comp, want in zip("RGB", affine(YUV2RGB_EXACT, planes["Y"], *full)):
            np.testing.assert_array_equal(got[comp], want, err_msg=f"{comp} with U={u} V={v}")


@pytest.mark.parametrize("call", ["convert_color", "convert_color_to_yuv420"])
@pytest.mark.parametrize("dst_fmt", [NV12, NV21], ids=lambda f: f.name)
@pytest.mark.parametrize("src_fmt", [RGB, BGR], ids=lambda f: f.name)
def test_rgb_to_yuv_uses_the_user_matrix(hi: HiVpc, src_fmt, dst_fmt, call: str) -> None:
    src, planes = source(hi, src_fmt, W, H, seed=5)
    dst = hi.picture(dst_fmt, W, H)
    finish(hi, *getattr(acl.himpi, f"vpc_{call}")(CHN, src, dst, -1))
    got = hi.planes(dst_fmt, dst)
    y, u, v = affine(RGB2YUV_EXACT, planes["R"], planes["G"], planes["B"])
    np.testing.assert_array_equal(got["Y"], y)
    cw, ch = dst_fmt.chroma_size(W, H)
    # 2:1 bilinear takes the mean of each 2x2 block of the full-size chroma, rounded half up
    np.testing.assert_array_equal(got["U"], resize_bilinear(u, cw, ch))
    np.testing.assert_array_equal(got["V"], resize_bilinear(v, cw, ch))


def test_real_valued_matrix_with_subsampled_chroma(hi: HiVpc) -> None:
    """BT.709 video range written out as a user matrix, random chroma upsampled bilinearly."""
    kr, kb = 0.2126, 0.0722
    kg = 1 - kr - kb
    ys, cs = 255 / 219, 255 / 224
    m = np.array(
        [
            [ys, 0.0, cs * 2 * (1 - kr), 0.0],
            [ys, -cs * 2 * kb * (1 - kb) / kg, -cs * 2 * kr * (1 - kr) / kg, 0.0],
            [ys, cs * 2 * (1 - kb), 0.0, 0.0],
        ]
    )
    m[:, 3] = -16 * m[:, 0] - 128 * (m[:, 1] + m[:, 2])
    assert set_user(m, RGB2YUV_EXACT) == 0
    try:
        src, planes = source(hi, NV12, 48, 32, seed=7)
        dst = hi.picture(RGB, 48, 32)
        finish(hi, *acl.himpi.vpc_convert_color(CHN, src, dst, -1))
        got = hi.planes(RGB, dst)
        full_u, full_v = resize_bilinear(planes["U"], 48, 32), resize_bilinear(planes["V"], 48, 32)
        for comp, want in zip("RGB", affine(m, planes["Y"], full_u, full_v)):
            assert np.abs(got[comp].astype(int) - want).max() <= 1, comp
    finally:
        assert set_user(YUV2RGB_EXACT, RGB2YUV_EXACT) == 0


def test_convert_color_v2_user_matrix_and_alpha(hi: HiVpc) -> None:
    src, planes = flat_chroma_source(hi, NV21, 90, 170, seed=11)
    dst = hi.picture(RGBA, W, H)
    finish(hi, *acl.himpi.vpc_convert_color_v2(CHN, src, dst, {"alpha": 33, "attr": [0, 0, 0, 0]}, -1))
    got = hi.planes(RGBA, dst)
    want = affine(YUV2RGB_EXACT, planes["Y"], np.full((H, W), 90), np.full((H, W), 170))
    for comp, expected in zip("RGB", want):
        np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
    assert (got["A"] == 33).all()


def test_same_family_ignores_the_user_matrix(hi: HiVpc) -> None:
    src, planes = source(hi, RGB, W, H, seed=3)
    dst = hi.picture(BGR, W, H)
    finish(hi, *acl.himpi.vpc_convert_color(CHN, src, dst, -1))
    got = hi.planes(BGR, dst)
    for comp in "RGB":
        np.testing.assert_array_equal(got[comp], planes[comp])


def bad_values() -> list[tuple[str, float]]:
    return [
        ("csc_matrix_r0_c0", math.nan),
        ("csc_matrix_r1_c2", math.inf),
        ("csc_matrix_r2_c1", -math.inf),
        ("csc_matrix_r2_c2", 16.5),
        ("csc_matrix_r0_c1", -17.0),
        ("csc_bias_r1", 1024.5),
        ("csc_bias_r2", -2000.0),
        ("csc_bias_r0", math.nan),
    ]


@pytest.mark.parametrize("which", ["yuv_to_rgb_coefficient", "rgb_to_yuv_coefficient"])
@pytest.mark.parametrize("key, value", bad_values())
def test_bad_coefficients_are_refused(hi: HiVpc, which: str, key: str, value: float) -> None:
    good = {
        "yuv_to_rgb_coefficient": coefficient(YUV2RGB_EXACT),
        "rgb_to_yuv_coefficient": coefficient(RGB2YUV_EXACT),
    }
    bad = {k: dict(v) for k, v in good.items()}
    bad[which][key] = value
    assert acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, CHN, USER, bad) == SYS_ILLEGAL
    assert key in acl.get_recent_err_msg()
    matrix, kept, ret = acl.himpi.sys_get_chn_csc_matrix(HI_ID_VPC, CHN)
    assert (ret, matrix, kept) == (0, USER, good)  # the refused set changed nothing


def test_range_limits_are_accepted(hi: HiVpc) -> None:
    edge = RGB2YUV_EXACT.copy()
    edge[0, :3] = [16.0, -16.0, 0.0]
    edge[1, 3] = -1024.0
    edge[2, 3] = 1024.0
    try:
        assert set_user(YUV2RGB_EXACT, edge) == 0
        src, planes = source(hi, RGB, W, H, seed=9)
        dst = hi.picture(NV12, W, H)
        finish(hi, *acl.himpi.vpc_convert_color(CHN, src, dst, -1))
        got = hi.planes(NV12, dst)
        y, _, _ = affine(edge, planes["R"], planes["G"], planes["B"])
        np.testing.assert_array_equal(got["Y"], y)
        assert (got["U"] == 0).all() and (got["V"] == 255).all()  # biases clamp
    finally:
        assert set_user(YUV2RGB_EXACT, RGB2YUV_EXACT) == 0


def test_named_matrix_needs_no_valid_coefficients(hi: HiVpc) -> None:
    junk = {"yuv_to_rgb_coefficient": {"csc_matrix_r0_c0": math.nan}, "rgb_to_yuv_coefficient": {}}
    try:
        assert acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, CHN, 0, junk) == 0
    finally:
        assert set_user(YUV2RGB_EXACT, RGB2YUV_EXACT) == 0


def test_crop_resize_across_families_uses_the_user_matrix(hi: HiVpc) -> None:
    src, planes = flat_chroma_source(hi, NV12, 60, 200, seed=13)
    dst = hi.picture(RGB, 16, 8)
    info = {
        "dest_pic_info": dst,
        "crop_region": {"left_offset": 8, "top_offset": 4, "crop_width": 16, "crop_height": 8},
        "resize_info": {"resize_width": 16, "resize_height": 8, "interpolation": 1},
        "dest_left_offset": 0,
        "dest_top_offset": 0,
    }
    finish(hi, *acl.himpi.vpc_crop_resize(CHN, src, [info], 1, -1))
    got = hi.planes(RGB, dst)
    luma = planes["Y"][4:12, 8:24]
    want = affine(YUV2RGB_EXACT, luma, np.full(luma.shape, 60), np.full(luma.shape, 200))
    for comp, expected in zip("RGB", want):
        np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
