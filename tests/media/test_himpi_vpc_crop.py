"""acl.himpi VPC crop-resize family (crop_resize, -paste, -make_border, -resize_paste and the batch
variants) against the numpy references of vpc_reference.py, and their refusals."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, Layout, make_border, resize_bilinear, resize_nearest  # noqa: E402

import acl  # noqa: E402

CHN = 9
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
RGB = FORMATS["RGB_888"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def region(
    dest: dict[str, Any],
    crop: tuple[int, int, int, int],
    size: tuple[int, int],
    interpolation: int = 0,
    at: tuple[int, int] = (0, 0),
) -> dict[str, Any]:
    x, y, w, h = crop
    return {
        "dest_pic_info": dest,
        "crop_region": {"left_offset": x, "top_offset": y, "crop_width": w, "crop_height": h},
        "resize_info": {"resize_width": size[0], "resize_height": size[1], "interpolation": interpolation},
        "dest_left_offset": at[0],
        "dest_top_offset": at[1],
    }


def expected_crop_resize(
    fmt: Layout,
    planes: dict[str, np.ndarray],
    crop: tuple[int, int, int, int],
    size: tuple[int, int],
    nearest: bool,
) -> dict[str, np.ndarray]:
    """The crop of every plane (chroma at its own resolution) resized to `size`."""
    x, y, w, h = crop
    resize = resize_nearest if nearest else resize_bilinear
    out = {}
    for comp, plane in planes.items():
        if comp in "UV" and fmt.is_yuv:
            sx, sy = fmt.shift_x, fmt.shift_y
            part = plane[y >> sy : (y + h) >> sy, x >> sx : (x + w) >> sx]
            out[comp] = resize(part, *fmt.chroma_size(*size))
        else:
            out[comp] = resize(plane[y : y + h, x : x + w], *size)
    return out


def paste_view(
    fmt: Layout, got: dict[str, np.ndarray], comp: str, at: tuple[int, int], size: tuple[int, int]
):
    sx, sy = (fmt.shift_x, fmt.shift_y) if comp in "UV" and fmt.is_yuv else (0, 0)
    w, h = fmt.chroma_size(*size) if (sx or sy) else size
    return got[comp][at[1] >> sy : (at[1] >> sy) + h, at[0] >> sx : (at[0] >> sx) + w]


def assert_close(got: np.ndarray, expected: np.ndarray, nearest: bool, what: str) -> None:
    diff = np.abs(got.astype(int) - expected.astype(int)).max()
    assert diff <= (0 if nearest else 1), what


@pytest.mark.parametrize("fmt", [NV12, RGB], ids=lambda f: f.name)
def test_crop_resize_several_regions(hi: HiVpc, fmt: Layout) -> None:
    src, planes = source(hi, fmt, 96, 64, seed=11)
    cases = [((0, 0, 48, 32), (64, 48), 0), ((20, 10, 60, 40), (30, 20), 1), ((32, 16, 64, 48), (64, 48), 0)]
    outs = [hi.picture(fmt, *size) for _, size, _ in cases]
    info = [region(out, crop, size, interp) for out, (crop, size, interp) in zip(outs, cases)]
    finish(hi, *hi.acl.himpi.vpc_crop_resize(CHN, src, info, len(info), -1))
    for out, (crop, size, interp) in zip(outs, cases):
        got = hi.planes(fmt, out)
        for comp, exp in expected_crop_resize(fmt, planes, crop, size, interp == 1).items():
            assert_close(got[comp], exp, interp == 1, comp)


def test_crop_resize_paste_leaves_the_rest(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 80, 60, seed=5)
    background = {
        k: np.full(v.shape, 7 * (i + 1), np.uint8)
        for i, (k, v) in enumerate(
            {"Y": np.zeros((48, 96)), "U": np.zeros((24, 48)), "V": np.zeros((24, 48))}.items()
        )
    }
    dst = hi.picture(NV12, 96, 48, background)
    crop, size, at = (10, 4, 50, 40), (40, 30), (32, 8)
    finish(hi, *hi.acl.himpi.vpc_crop_resize_paste(CHN, src, [region(dst, crop, size, 0, at)], 1, -1))
    got = hi.planes(NV12, dst)
    for comp, exp in expected_crop_resize(NV12, planes, crop, size, False).items():
        assert_close(paste_view(NV12, got, comp, at, size), exp, False, comp)
        mask = np.ones(got[comp].shape, bool)
        paste_view(NV12, {comp: mask}, comp, at, size)[...] = False
        assert (got[comp][mask] == background[comp][mask]).all(), comp


@pytest.mark.parametrize("border_type", [0, 1, 2, 3])
def test_crop_resize_make_border(hi: HiVpc, border_type: int) -> None:
    src, planes = source(hi, RGB, 64, 48, seed=border_type)
    dst = hi.picture(RGB, 80, 60)
    crop, size, at = (8, 6, 40, 30), (48, 36), (16, 10)
    info = dict(
        region(dst, crop, size, 1, at), border_type=border_type, scalar_value={"val": [10.0, 20.0, 30.0, 0.0]}
    )
    finish(hi, *hi.acl.himpi.vpc_crop_resize_make_border(CHN, src, [info], 1, -1))
    got = hi.planes(RGB, dst)
    inner = expected_crop_resize(RGB, planes, crop, size, True)
    for i, comp in enumerate("RGB"):
        exp = make_border(
            inner[comp],
            at[1],
            60 - at[1] - size[1],
            at[0],
            80 - at[0] - size[0],
            border_type,
            (10, 20, 30)[i],
        )
        np.testing.assert_array_equal(got[comp], exp, err_msg=comp)


def test_crop_resize_resize_paste_two_steps(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 96, 64, seed=21)
    dst = hi.picture(NV12, 64, 48)
    crop, first, second, at = (16, 8, 64, 48), (32, 24), (48, 40), (16, 4)
    info = region(dst, crop, first, 0, at)
    info["resize_info1"] = info.pop("resize_info")
    info["resize_info2"] = {"resize_width": second[0], "resize_height": second[1], "interpolation": 1}
    finish(hi, *hi.acl.himpi.vpc_crop_resize_resize_paste(CHN, src, [info], 1, -1))
    got = hi.planes(NV12, dst)
    step1 = expected_crop_resize(NV12, planes, crop, first, False)
    # the second step reads the first one's result, so it starts from the exact kernel output
    for comp, plane in step1.items():
        size2 = NV12.chroma_size(*second) if comp in "UV" else second
        exp = resize_nearest(plane, *size2)
        view = paste_view(NV12, got, comp, at, second)
        assert np.abs(view.astype(int) - exp.astype(int)).max() <= 1, comp


def test_batch_crop_resize_paste_and_make_border(hi: HiVpc) -> None:
    srcs = [source(hi, NV12, 64, 48, seed=s) for s in (1, 2)]
    outs = [hi.picture(NV12, 32, 24) for _ in range(3)]
    crops = [(0, 0, 32, 24), (32, 24, 32, 24), (10, 10, 40, 30)]
    info = [region(o, c, (32, 24)) for o, c in zip(outs, crops)]
    finish(hi, *hi.acl.himpi.vpc_batch_crop_resize_paste(CHN, [s for s, _ in srcs], 2, info, [2, 1], -1))
    owners = [srcs[0][1], srcs[0][1], srcs[1][1]]
    for out, crop, planes in zip(outs, crops, owners):
        got = hi.planes(NV12, out)
        for comp, exp in expected_crop_resize(NV12, planes, crop, (32, 24), False).items():
            assert_close(got[comp], exp, False, comp)
    bordered = hi.picture(NV12, 48, 32)
    binfo = dict(
        region(bordered, (0, 0, 64, 48), (32, 24), 0, (16, 4)),
        border_type=0,
        scalar_value={"val": [16.0, 128.0, 128.0, 0.0]},
    )
    finish(hi, *hi.acl.himpi.vpc_batch_crop_resize_make_border(CHN, [srcs[1][0]], 1, [binfo], [1], -1))
    got = hi.planes(NV12, bordered)
    inner = expected_crop_resize(NV12, srcs[1][1], (0, 0, 64, 48), (32, 24), False)
    assert_close(got["Y"][4:28, 16:48], inner["Y"], False, "Y")
    assert (got["Y"][:4] == 16).all() and (got["Y"][:, :16] == 16).all() and (got["Y"][28:] == 16).all()
    assert (got["U"][:, :8] == 128).all() and (got["V"][:2] == 128).all()


def test_refusals(hi: HiVpc) -> None:
    # counts past the C bounds come with as many list items: the wrapper refuses a count past its list
    himpi = hi.acl.himpi
    src, _ = source(hi, NV12, 64, 48, seed=3)
    dst = hi.picture(NV12, 32, 24)
    good = region(dst, (0, 0, 32, 24), (32, 24))
    assert himpi.vpc_crop_resize(99, src, [good], 1, -1)[1] == acl.HI_ERR_VPC_UNEXIST
    assert himpi.vpc_crop_resize(CHN, src, [], 0, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [good] * 257, 257, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [region(dst, (40, 0, 32, 24), (32, 24))], 1, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [region(dst, (1, 0, 32, 24), (32, 24))], 1, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [region(dst, (0, 0, 32, 24), (40, 24))], 1, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [region(dst, (0, 0, 32, 24), (32, 24), 2)], 1, -1)[1] == ILLEGAL
    assert himpi.vpc_crop_resize(CHN, src, [region(dst, (0, 0, 32, 24), (1, 24))], 1, -1)[1] == ILLEGAL
    assert (
        himpi.vpc_crop_resize_paste(CHN, src, [region(dst, (0, 0, 16, 12), (16, 12), 0, (8, 0))], 1, -1)[1]
        == ILLEGAL
    )  # left offset not a multiple of 16
    bad_fmt = dict(dst, picture_format=acl.PIXEL_FORMAT_YUYV_PACKED_422)
    assert himpi.vpc_crop_resize(CHN, src, [region(bad_fmt, (0, 0, 32, 24), (32, 24))], 1, -1)[1] == (
        acl.HI_ERR_VPC_NOT_SUPPORT
    )
    wrap = dict(region(dst, (0, 0, 16, 12), (16, 12)), border_type=4, scalar_value={"val": [0.0] * 4})
    assert himpi.vpc_crop_resize_make_border(CHN, src, [wrap], 1, -1)[1] == acl.HI_ERR_VPC_NOT_SUPPORT
    assert himpi.vpc_batch_crop_resize_paste(CHN, [src], 0, [good], [1], -1)[1] == ILLEGAL
    assert himpi.vpc_batch_crop_resize_paste(CHN, [src], 1, [good], [0], -1)[1] == ILLEGAL
    assert himpi.vpc_batch_crop_resize_paste(CHN, [src], 1, [good] * 300, [300], -1)[1] == ILLEGAL
    assert himpi.vpc_batch_crop_resize_paste(CHN, [src, src], 2, [good] * 300, [200, 100], -1)[1] == ILLEGAL
    assert himpi.vpc_batch_crop_resize_paste(CHN, [src] * 257, 257, [good] * 257, [1] * 257, -1)[1] == ILLEGAL


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(4, {}))
print(himpi.vpc_crop_resize(4, {}, [{}], 1, -1)[1])
print(himpi.vpc_crop_resize_paste(4, {"picture_address": 16}, [{}, {}], 2, -1)[1])
print(himpi.vpc_crop_resize_make_border(4, {}, [{"border_type": 77}], 1, -1)[1])
print(himpi.vpc_crop_resize_resize_paste(4, {}, [{}], 1, -1)[1])
print(himpi.vpc_batch_crop_resize_paste(4, [{}], 1, [{}], [1], -1)[1])
print(himpi.vpc_batch_crop_resize_make_border(4, [{}, {}], 2, [{}, {}], [1, 1], -1)[1])
print(himpi.vpc_destroy_chn(4))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    assert codes == [0] + [ILLEGAL] * 6 + [0, 0]


def test_crop_resize_to_rgb_uses_the_channel_matrix(hi: HiVpc) -> None:
    from vpc_reference import convert

    assert (
        acl.himpi.sys_set_chn_csc_matrix(
            7, CHN, 3, {"yuv_to_rgb_coefficient": {}, "rgb_to_yuv_coefficient": {}}
        )
        == 0
    )
    try:
        src, planes = source(hi, NV12, 64, 48, seed=31)
        dst = hi.picture(RGB, 32, 24)
        finish(hi, *hi.acl.himpi.vpc_crop_resize(CHN, src, [region(dst, (16, 8, 32, 24), (32, 24))], 1, -1))
    finally:
        assert (
            acl.himpi.sys_set_chn_csc_matrix(
                7, CHN, 0, {"yuv_to_rgb_coefficient": {}, "rgb_to_yuv_coefficient": {}}
            )
            == 0
        )
    crop = {"Y": planes["Y"][8:32, 16:48], "U": planes["U"][4:16, 8:24], "V": planes["V"][4:16, 8:24]}
    expected = convert(crop, NV12, RGB, 3)  # BT.709 narrow; equal sizes, so no resampling
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        assert np.abs(got[comp].astype(int) - expected[comp]).max() <= 1, comp
