"""acl.media.dvpp_vpc_calc_hist_async against numpy.bincount and dvpp_vpc_equalize_hist_async (the
user's LUT applied per component) against numpy indexing. Component i of the hist / LUT is Y, U, V
for YUV formats and R, G, B for RGB formats.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import VpcSession, check, media, vpc_fixture  # noqa: E402, F401
from vpc_reference import FORMATS  # noqa: E402

import acl  # noqa: E402

REMAP_FORMATS = ["YUV_400", "YUV_SEMIPLANAR_420", "YVU_SEMIPLANAR_420", "YUV_SEMIPLANAR_422",
                 "YVU_SEMIPLANAR_422", "YUV_PACKED_444", "RGB_888", "BGR_888"]  # fmt: skip


@pytest.fixture()
def hist() -> Iterator[int]:
    handle = media.dvpp_create_hist()
    assert handle, acl.get_recent_err_msg()
    yield handle
    check(media.dvpp_destroy_hist(handle), "dvpp_destroy_hist")


@pytest.fixture()
def lut_map() -> Iterator[int]:
    handle = media.dvpp_create_lut_map()
    assert handle, acl.get_recent_err_msg()
    yield handle
    check(media.dvpp_destroy_lut_map(handle), "dvpp_destroy_lut_map")


def hist_bins(hist: int, dim: int) -> np.ndarray:
    data, length, ret = media.dvpp_get_hist_data(hist, dim)
    check(ret, "dvpp_get_hist_data")
    return np.ctypeslib.as_array(ctypes.cast(data, ctypes.POINTER(ctypes.c_uint32)), shape=(length,)).copy()


def components(fmt_name: str) -> tuple[str, ...]:
    return ("Y", "U", "V") if FORMATS[fmt_name].is_yuv else ("R", "G", "B")


@pytest.mark.parametrize("fmt_name", REMAP_FORMATS)
def test_calc_hist(vpc: VpcSession, hist: int, fmt_name: str) -> None:
    src, planes = vpc.source(fmt_name, 46, 30, seed=len(fmt_name))
    ret = media.dvpp_vpc_calc_hist_async(vpc.channel, src.desc, hist, 0, vpc.stream)
    vpc.run(ret, "calc hist")
    assert media.dvpp_get_hist_ret_code(hist) == 0
    for dim, comp in enumerate(components(fmt_name)):
        plane = planes.get(comp)
        expected = np.bincount(plane.ravel(), minlength=256) if plane is not None else np.zeros(256)
        np.testing.assert_array_equal(hist_bins(hist, dim), expected, err_msg=comp)


@pytest.mark.parametrize("fmt_name", REMAP_FORMATS)
def test_equalize_applies_the_lut(vpc: VpcSession, lut_map: int, fmt_name: str) -> None:
    rng = np.random.default_rng(11)
    tables = [rng.permutation(256).astype(np.uint8) for _ in range(3)]
    for dim, table in enumerate(tables):
        data, length, ret = media.dvpp_get_lut_map_data(lut_map, dim)
        check(ret, "dvpp_get_lut_map_data")
        assert length == 256
        ctypes.memmove(data, table.ctypes.data, 256)
    src, planes = vpc.source(fmt_name, 40, 24, seed=4)
    dst = vpc.picture(fmt_name, 40, 24)
    vpc.run(
        media.dvpp_vpc_equalize_hist_async(vpc.channel, src.desc, dst.desc, lut_map, vpc.stream), "equalize"
    )
    got = vpc.planes(dst)
    for dim, comp in enumerate(components(fmt_name)):
        if comp in planes:
            np.testing.assert_array_equal(got[comp], tables[dim][planes[comp]], err_msg=comp)


def test_remap_refuses_other_formats(vpc: VpcSession, hist: int, lut_map: int) -> None:
    src = vpc.picture("RGBA_8888", 40, 24)
    dst = vpc.picture("RGBA_8888", 40, 24)
    assert media.dvpp_vpc_calc_hist_async(vpc.channel, src.desc, hist, 0, vpc.stream) == (
        acl.ACL_ERROR_FORMAT_NOT_MATCH
    )
    ret = media.dvpp_vpc_equalize_hist_async(vpc.channel, src.desc, dst.desc, lut_map, vpc.stream)
    assert ret == acl.ACL_ERROR_FORMAT_NOT_MATCH
