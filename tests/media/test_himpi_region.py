"""acl.himpi regions: create / destroy, attach to VPC channels, display attributes, canvases, and
attached regions really drawn onto the channel's outputs (numpy expectations), plus refusals."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.runtime_support import check  # noqa: E402
from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, address, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, expand_420, reduce_420  # noqa: E402

import acl  # noqa: E402
from acl._backend import ffi  # noqa: E402

CHN = 12
RGB = FORMATS["RGB_888"]
NV12 = FORMATS["YUV_SEMIPLANAR_420"]


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def mpp_chn(chn: int = CHN, mod: int = acl.HI_ID_VPC, dev: int = 0) -> Any:
    c = ffi.new("hi_mpp_chn *")
    c.mod_id, c.dev_id, c.chn_id = mod, dev, chn
    return c


def region(kind: int, **overlay: Any) -> Any:
    attr = ffi.new("hi_rgn_attr *")
    attr.type = kind
    for key, value in overlay.items():
        if key == "size":
            attr.attr.overlayex.size.width, attr.attr.overlayex.size.height = value
        else:
            setattr(attr.attr.overlayex, key, value)
    return attr


def cover_attr(rect: tuple[int, int, int, int], color: int, layer: int = 0, show: bool = True) -> Any:
    a = ffi.new("hi_rgn_chn_attr *")
    a.is_show, a.type = show, acl.HI_RGN_COVEREX
    c = a.attr.cover_chn
    c.cover.type, c.cover.color, c.layer, c.coord = acl.HI_COVER_RECT, color, layer, acl.HI_COORD_ABS
    c.cover.rect.x, c.cover.rect.y, c.cover.rect.width, c.cover.rect.height = rect
    return a


def copy_through(hi: HiVpc, src: dict[str, Any], w: int, h: int) -> dict[str, Any]:
    """An operation of the channel whose output equals its input: a same-size resize."""
    dst = hi.picture(RGB, w, h)
    finish(hi, *hi.acl.himpi.vpc_resize(CHN, src, dst, 0.0, 0.0, 0, -1))
    return dst


def painted(
    planes: dict[str, np.ndarray], rect: tuple[int, int, int, int], color: int
) -> dict[str, np.ndarray]:
    out = {c: p.copy() for c, p in planes.items()}
    x, y, w, h = rect
    for comp, shift in zip("RGB", (16, 8, 0)):
        out[comp][y : y + h, x : x + w] = (color >> shift) & 255
    return out


def assert_planes(got: dict[str, np.ndarray], expected: dict[str, np.ndarray]) -> None:
    for comp in "RGB":
        np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)


def test_covers_are_drawn_in_layer_order_and_follow_display_attrs(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    chn = mpp_chn()
    top, bottom = (4, 3, 12, 10), (10, 8, 12, 10)
    assert himpi.rgn_create(7, address(region(acl.HI_RGN_COVEREX))) == 0
    assert himpi.rgn_create(3, address(region(acl.HI_RGN_COVEREX))) == 0
    try:
        # layers are drawn in ascending order: handle 3 (layer 5) goes over handle 7 (layer 2)
        assert himpi.rgn_attach_to_chn(7, address(chn), address(cover_attr(top, 0x112233, layer=2))) == 0
        assert himpi.rgn_attach_to_chn(3, address(chn), address(cover_attr(bottom, 0xAABBCC, layer=5))) == 0
        src, planes = source(hi, RGB, 32, 24, seed=1)
        got = hi.planes(RGB, copy_through(hi, src, 32, 24))
        assert_planes(got, painted(painted(planes, top, 0x112233), bottom, 0xAABBCC))
        attr, ret = himpi.rgn_get_display_attr(7, address(chn))
        check(ret, "rgn_get_display_attr")
        assert attr["is_show"] and attr["type"] == acl.HI_RGN_COVEREX
        assert (
            himpi.rgn_set_display_attr(3, address(chn), address(cover_attr(bottom, 0, layer=1, show=False)))
            == 0
        )
        # filters draw them too; a 1x1 blur is a copy
        dst = hi.picture(RGB, 32, 24)
        blur = {
            "src": src,
            "dst": dst,
            "blur_cfg": {
                "kernel_size": {"width": 1, "height": 1},
                "anchor": {"x": -1, "y": -1},
                "border_type": 1,
            },
        }
        finish(hi, *himpi.vpc_blur(CHN, blur, -1))
        assert_planes(hi.planes(RGB, dst), painted(planes, top, 0x112233))
        assert himpi.rgn_detach_from_chn(7, address(chn)) == 0
        assert himpi.rgn_detach_from_chn(7, address(chn)) == acl.HI_ERR_RGN_UNEXIST
        assert_planes(hi.planes(RGB, copy_through(hi, src, 32, 24)), planes)
    finally:
        assert himpi.rgn_destroy(7) == 0
        assert himpi.rgn_destroy(3) == 0  # destroying detaches


def test_mosaic_region_on_rgb_and_nv12_outputs(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    chn = mpp_chn()
    assert himpi.rgn_create(9, address(region(acl.HI_RGN_MOSAICEX))) == 0
    try:
        a = ffi.new("hi_rgn_chn_attr *")
        a.is_show, a.type = True, acl.HI_RGN_MOSAICEX
        m = a.attr.mosaic_chn
        m.blk_size, m.rect.x, m.rect.y, m.rect.width, m.rect.height = acl.HI_BLK_SIZE_4, 8, 4, 8, 8
        assert himpi.rgn_attach_to_chn(9, address(chn), address(a)) == 0
        src, planes = source(hi, RGB, 24, 16, seed=2)
        got = hi.planes(RGB, copy_through(hi, src, 24, 16))
        for comp in "RGB":
            expected = planes[comp].copy()
            for by in (4, 8):
                for bx in (8, 12):
                    block = planes[comp][by : by + 4, bx : bx + 4].astype(np.int64)
                    expected[by : by + 4, bx : bx + 4] = (2 * block.sum() + 16) // 32
            np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
        nv_src, nv_planes = source(hi, NV12, 24, 16, seed=3)
        nv_dst = hi.picture(NV12, 24, 16)
        finish(hi, *himpi.vpc_resize(CHN, nv_src, nv_dst, 0.0, 0.0, 0, -1))
        # NV12: the blocks of Y and of the chroma brought to full resolution, then 2x2 chroma means
        full = [c.astype(np.int64) for c in expand_420(NV12, nv_planes)]
        for channel in full:
            for by in (4, 8):
                for bx in (8, 12):
                    block = channel[by : by + 4, bx : bx + 4]
                    block[...] = (2 * block.sum() + 16) // 32
        expected = reduce_420(NV12, full)
        got = hi.planes(NV12, nv_dst)
        assert not np.array_equal(got["U"], nv_planes["U"])
        for comp in "YUV":
            np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)
    finally:
        assert himpi.rgn_destroy(9) == 0


def test_overlay_canvas_is_shown_after_update(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    chn = mpp_chn()
    attr = region(
        acl.HI_RGN_OVERLAYEX,
        pixel_format=acl.HI_PIXEL_FORMAT_ARGB_8888,
        bg_color=0,
        size=(6, 4),
        canvas_num=2,
    )
    assert himpi.rgn_create(11, address(attr)) == 0
    try:
        a = ffi.new("hi_rgn_chn_attr *")
        a.is_show, a.type = True, acl.HI_RGN_OVERLAYEX
        o = a.attr.overlayex_chn
        o.point.x, o.point.y, o.fg_alpha, o.bg_alpha, o.layer = 5, 2, 255, 0, 0
        assert himpi.rgn_attach_to_chn(11, address(chn), address(a)) == 0
        info, ret = himpi.rgn_get_canvas_info(11)
        check(ret, "rgn_get_canvas_info")
        assert (info["size"]["width"], info["size"]["height"]) == (6, 4)
        assert info["pixel_format"] == acl.HI_PIXEL_FORMAT_ARGB_8888 and info["stride"] >= 24
        blank = np.frombuffer(
            ffi.buffer(ffi.cast("uint8_t *", info["virt_addr"]), info["stride"] * 4), np.uint8
        )
        assert not blank.any()  # filled with bg_color 0
        rng = np.random.default_rng(4)
        argb = rng.integers(0, 256, size=(4, 6, 4), dtype=np.uint8)
        for row in range(4):
            ffi.memmove(
                ffi.cast("uint8_t *", info["virt_addr"] + row * info["stride"]), argb[row].tobytes(), 24
            )
        src, planes = source(hi, RGB, 20, 12, seed=5)
        assert_planes(hi.planes(RGB, copy_through(hi, src, 20, 12)), planes)  # not shown before an update
        assert himpi.rgn_update_canvas(11) == 0
        other, ret = himpi.rgn_get_canvas_info(11)
        assert ret == 0 and other["virt_addr"] != info["virt_addr"]  # two canvases alternate
        got = hi.planes(RGB, copy_through(hi, src, 20, 12))
        alpha = argb[..., 0].astype(np.int64)
        for i, comp in enumerate("RGB"):
            expected = planes[comp].copy()
            under = planes[comp][2:6, 5:11].astype(np.int64)
            expected[2:6, 5:11] = (alpha * argb[..., i + 1] + (255 - alpha) * under + 127) // 255
            np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
    finally:
        assert himpi.rgn_destroy(11) == 0


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    cover = address(region(acl.HI_RGN_COVEREX))
    assert himpi.rgn_create(20, cover) == 0
    try:
        assert himpi.rgn_create(20, cover) == acl.HI_ERR_RGN_EXIST
        assert himpi.rgn_create(1024, cover) == acl.HI_ERR_RGN_ILLEGAL_PARAM
        assert himpi.rgn_create(21, address(region(acl.HI_RGN_OVERLAY))) == acl.HI_ERR_RGN_NOT_SUPPORT
        bad_canvas = region(
            acl.HI_RGN_OVERLAYEX, pixel_format=acl.HI_PIXEL_FORMAT_RGB_888, size=(8, 8), canvas_num=1
        )
        assert himpi.rgn_create(21, address(bad_canvas)) == acl.HI_ERR_RGN_NOT_SUPPORT
        no_canvas = region(
            acl.HI_RGN_OVERLAYEX, pixel_format=acl.HI_PIXEL_FORMAT_ARGB_1555, size=(8, 8), canvas_num=0
        )
        assert himpi.rgn_create(21, address(no_canvas)) == acl.HI_ERR_RGN_ILLEGAL_PARAM
        attr = address(cover_attr((0, 0, 4, 4), 0))
        assert (
            himpi.rgn_attach_to_chn(20, address(mpp_chn(mod=acl.HI_ID_RGN)), attr)
            == acl.HI_ERR_RGN_NOT_SUPPORT
        )
        assert himpi.rgn_attach_to_chn(20, address(mpp_chn(dev=1)), attr) == acl.HI_ERR_RGN_INVALID_DEV_ID
        assert (
            himpi.rgn_attach_to_chn(20, address(mpp_chn(chn=CHN + 1)), attr) == acl.HI_ERR_RGN_INVALID_CHN_ID
        )
        assert himpi.rgn_attach_to_chn(22, address(mpp_chn()), attr) == acl.HI_ERR_RGN_UNEXIST
        mosaic = ffi.new("hi_rgn_chn_attr *")
        mosaic.type = acl.HI_RGN_MOSAICEX
        assert (
            himpi.rgn_attach_to_chn(20, address(mpp_chn()), address(mosaic)) == acl.HI_ERR_RGN_ILLEGAL_PARAM
        )
        assert himpi.rgn_attach_to_chn(20, address(mpp_chn()), attr) == 0
        assert himpi.rgn_attach_to_chn(20, address(mpp_chn()), attr) == acl.HI_ERR_RGN_EXIST
        assert himpi.rgn_get_display_attr(20, address(mpp_chn(chn=0)))[1] == acl.HI_ERR_RGN_UNEXIST
        assert himpi.rgn_get_canvas_info(20)[1] == acl.HI_ERR_RGN_NOT_PERM
        assert himpi.rgn_update_canvas(20) == acl.HI_ERR_RGN_NOT_PERM
        assert himpi.rgn_update_canvas(23) == acl.HI_ERR_RGN_UNEXIST
    finally:
        assert himpi.rgn_destroy(20) == 0
    assert himpi.rgn_destroy(20) == acl.HI_ERR_RGN_UNEXIST


_NULLS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.rgn_create(1, 0))
print(himpi.rgn_attach_to_chn(1, 0, 0))
print(himpi.rgn_detach_from_chn(1, 0))
print(himpi.rgn_set_display_attr(1, 0, 0))
print(himpi.rgn_get_display_attr(1, 0)[1])
print(himpi.rgn_get_canvas_info(1)[1])
print(himpi.rgn_update_canvas(1))
print(himpi.rgn_destroy(1))
print(himpi.sys_exit())
"""


def test_null_and_unknown_arguments_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _NULLS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    null, unexist = acl.HI_ERR_RGN_NULL_PTR, acl.HI_ERR_RGN_UNEXIST
    assert codes == [null, null, null, null, null, unexist, unexist, unexist, 0]


def test_argb1555_canvas_starts_as_bg_color_and_blends_with_fg_alpha(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    chn = mpp_chn()
    word = 0x8000 | (31 << 10) | (8 << 5) | 0  # alpha bit set, R 31, G 8, B 0
    attr = region(
        acl.HI_RGN_OVERLAYEX,
        pixel_format=acl.HI_PIXEL_FORMAT_ARGB_1555,
        bg_color=word,
        size=(4, 3),
        canvas_num=1,
    )
    assert himpi.rgn_create(30, address(attr)) == 0
    try:
        a = ffi.new("hi_rgn_chn_attr *")
        a.is_show, a.type = True, acl.HI_RGN_OVERLAYEX
        o = a.attr.overlayex_chn
        o.point.x, o.point.y, o.fg_alpha, o.bg_alpha = 1, 1, 128, 0
        assert himpi.rgn_attach_to_chn(30, address(chn), address(a)) == 0
        info, ret = himpi.rgn_get_canvas_info(30)
        check(ret, "rgn_get_canvas_info")
        canvas = np.frombuffer(
            ffi.buffer(ffi.cast("uint8_t *", info["virt_addr"]), info["stride"] * 3), np.uint8
        )
        words = canvas.reshape(3, -1)[:, :8].copy().view("<u2")
        assert np.all(words == word)
        assert himpi.rgn_update_canvas(30) == 0
        assert himpi.rgn_get_canvas_info(30)[0]["virt_addr"] == info["virt_addr"]  # one canvas
        src, planes = source(hi, RGB, 16, 8, seed=8)
        got = hi.planes(RGB, copy_through(hi, src, 16, 8))
        for comp, five in zip("RGB", (31, 8, 0)):
            expected = planes[comp].copy()
            color = (five << 3) | (five >> 2)
            under = planes[comp][1:4, 1:5].astype(np.int64)
            expected[1:4, 1:5] = (128 * color + 127 * under + 127) // 255
            np.testing.assert_array_equal(got[comp], expected, err_msg=comp)
    finally:
        assert himpi.rgn_destroy(30) == 0
