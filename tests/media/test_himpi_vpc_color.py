"""acl.himpi VPC colour calls: convert_color (+ v2, to_yuv420) with the channel's CSC matrix, calc_hist
and equalize_hist, against the floating-point references of vpc_reference.py and numpy."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, convert  # noqa: E402

import acl  # noqa: E402

CHN = 13
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
NV21 = FORMATS["YVU_SEMIPLANAR_420"]
RGB = FORMATS["RGB_888"]
BGR = FORMATS["BGR_888"]
RGBA = FORMATS["RGBA_8888"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM
NOT_SUPPORT = acl.HI_ERR_VPC_NOT_SUPPORT
HI_ID_VPC = 7
ZERO_COEFFICIENT = {"yuv_to_rgb_coefficient": {}, "rgb_to_yuv_coefficient": {}}


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session
        use_matrix(0)


def use_matrix(matrix: int) -> None:
    assert acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, CHN, matrix, ZERO_COEFFICIENT) == 0


def assert_converted(got: dict, expected: dict, comps: tuple[str, ...], tolerance: int) -> None:
    for comp in comps:
        diff = np.abs(got[comp].astype(int) - expected[comp]).max()
        assert diff <= tolerance, f"{comp}: off by {diff}"


@pytest.mark.parametrize("matrix", [0, 1, 3, 5])
def test_convert_color_uses_the_channel_matrix(hi: HiVpc, matrix: int) -> None:
    use_matrix(matrix)
    src, planes = source(hi, NV12, 48, 32, seed=matrix)
    dst = hi.picture(RGB, 48, 32)
    finish(hi, *hi.acl.himpi.vpc_convert_color(CHN, src, dst, -1))
    assert_converted(hi.planes(RGB, dst), convert(planes, NV12, RGB, matrix), ("R", "G", "B"), 1)
    back = hi.picture(NV21, 48, 32)
    rgb_src, rgb_planes = source(hi, BGR, 48, 32, seed=matrix + 9)
    finish(hi, *hi.acl.himpi.vpc_convert_color_to_yuv420(CHN, rgb_src, back, -1))
    assert_converted(hi.planes(NV21, back), convert(rgb_planes, BGR, NV21, matrix), ("Y", "U", "V"), 1)
    use_matrix(0)


def test_convert_color_v2_alpha(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 32, 16, seed=4)
    dst = hi.picture(RGBA, 32, 16)
    conf = {"alpha": 77, "attr": [0, 0, 0, 0]}
    finish(hi, *hi.acl.himpi.vpc_convert_color_v2(CHN, src, dst, conf, -1))
    got = hi.planes(RGBA, dst)
    assert_converted(got, convert(planes, NV12, RGBA, 0), ("R", "G", "B"), 1)
    assert (got["A"] == 77).all()
    plain = hi.picture(RGBA, 32, 16)
    finish(hi, *hi.acl.himpi.vpc_convert_color(CHN, src, plain, -1))
    assert (hi.planes(RGBA, plain)["A"] == 255).all()


def test_convert_same_family_is_exact(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 32, 16, seed=8)
    dst = hi.picture(NV21, 32, 16)
    finish(hi, *hi.acl.himpi.vpc_convert_color_to_yuv420(CHN, src, dst, -1))
    got = hi.planes(NV21, dst)
    for comp in "YUV":
        np.testing.assert_array_equal(got[comp], planes[comp])


def hist_buffer() -> np.ndarray:
    return np.full(3 * 256, 0xDEAD, dtype=np.uint32)


@pytest.mark.parametrize("fmt", [NV12, RGB, FORMATS["YUV_400"]], ids=lambda f: f.name)
def test_calc_hist(hi: HiVpc, fmt) -> None:
    src, planes = source(hi, fmt, 40, 24, seed=12)
    bins = hist_buffer()
    finish(hi, *hi.acl.himpi.vpc_calc_hist_v2(CHN, src, -1, bins.ctypes.data))
    comps = ("Y", "U", "V") if fmt.is_yuv else ("R", "G", "B")
    for i, comp in enumerate(comps):
        expected = np.bincount(planes[comp].ravel(), minlength=256) if comp in planes else np.zeros(256)
        np.testing.assert_array_equal(bins[256 * i : 256 * (i + 1)], expected, err_msg=comp)


def test_equalize_hist_applies_the_lut(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 40, 24, seed=13)
    dst = hi.picture(NV12, 40, 24)
    rng = np.random.default_rng(1)
    tables = [rng.integers(0, 256, 256, dtype=np.uint8) for _ in range(3)]
    lut = {
        "map_value_y_or_r": tables[0].tolist(),
        "map_value_u_or_g": tables[1].tolist(),
        "map_value_v_or_b": tables[2].tolist(),
    }
    finish(hi, *hi.acl.himpi.vpc_equalize_hist(CHN, src, dst, lut, -1))
    got = hi.planes(NV12, dst)
    for comp, table in zip("YUV", tables):
        np.testing.assert_array_equal(got[comp], table[planes[comp]], err_msg=comp)


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, NV12, 32, 16, seed=1)
    rgb = hi.picture(RGB, 32, 16)
    assert himpi.vpc_convert_color(CHN, src, hi.picture(RGB, 48, 16), -1)[1] == ILLEGAL
    assert himpi.vpc_convert_color(88, src, rgb, -1)[1] == acl.HI_ERR_VPC_UNEXIST
    assert himpi.vpc_convert_color(CHN, src, dict(rgb, picture_format=4242), -1)[1] == NOT_SUPPORT
    assert himpi.vpc_convert_color_to_yuv420(CHN, src, rgb, -1)[1] == NOT_SUPPORT
    assert himpi.vpc_convert_color_v2(CHN, src, rgb, {"alpha": 256}, -1)[1] == ILLEGAL
    assert himpi.vpc_convert_color_v2(CHN, src, rgb, {"alpha": 0, "attr": [1, 0, 0, 0]}, -1)[1] == ILLEGAL
    assert himpi.vpc_calc_hist_v2(CHN, src, -1, 0)[1] == acl.HI_ERR_VPC_NULL_PTR
    packed = FORMATS["YUYV_PACKED_422"]
    yuyv, _ = source(hi, packed, 32, 16, seed=2)
    assert himpi.vpc_calc_hist_v2(CHN, yuyv, -1, hist_buffer().ctypes.data)[1] == NOT_SUPPORT
    lut = {"map_value_y_or_r": [0] * 256}
    assert himpi.vpc_equalize_hist(CHN, src, rgb, lut, -1)[1] == ILLEGAL  # formats differ
    assert himpi.vpc_equalize_hist(CHN, yuyv, yuyv, lut, -1)[1] == NOT_SUPPORT
    assert himpi.vpc_equalize_hist(CHN, src, hi.picture(NV12, 48, 16), lut, -1)[1] == ILLEGAL


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(7, {}))
print(himpi.vpc_convert_color(7, {}, {}, -1)[1])
print(himpi.vpc_convert_color_v2(7, {}, {}, {}, -1)[1])
print(himpi.vpc_convert_color_to_yuv420(7, {"picture_address": 64}, {}, -1)[1])
print(himpi.vpc_calc_hist_v2(7, {}, -1, 0)[1])
print(himpi.vpc_equalize_hist(7, {}, {}, {}, -1)[1])
print(himpi.vpc_destroy_chn(7))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    assert codes == [0, ILLEGAL, ILLEGAL, ILLEGAL, acl.HI_ERR_VPC_NULL_PTR, ILLEGAL, 0, 0]
