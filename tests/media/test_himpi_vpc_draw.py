"""acl.himpi VPC drawing (draw_line, draw_cover, draw_mosaic, draw_osd) against numpy references
written here from the rules in docs/himpi_vpc_filters.md, plus refusals with exact codes."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, address, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, expand_420, reduce_420, rgb_to_yuv  # noqa: E402

import acl  # noqa: E402
from acl._backend import ffi  # noqa: E402

CHN = 11
GRAY = FORMATS["YUV_400"]
RGB = FORMATS["RGB_888"]
BGR = FORMATS["BGR_888"]
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
NV21 = FORMATS["YVU_SEMIPLANAR_420"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM
NOT_SUPPORT = acl.HI_ERR_VPC_NOT_SUPPORT
NULL_PTR = acl.HI_ERR_VPC_NULL_PTR
BT601_NARROW = 1


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def lines(specs: list[tuple[int, int, int, int, int, int]]) -> Any:
    arr = ffi.new("hi_line[]", len(specs))
    for item, (x0, y0, x1, y1, thick, color) in zip(arr, specs):
        item.start_point.x, item.start_point.y = x0, y0
        item.end_point.x, item.end_point.y = x1, y1
        item.thick, item.color = thick, color
    return arr


def near_segment(w: int, h: int, x0: int, y0: int, x1: int, y1: int, thick: int) -> np.ndarray:
    """Samples whose centre is within thick / 2 of the segment, in integers."""
    y, x = np.mgrid[0:h, 0:w].astype(np.int64)
    dx, dy = x1 - x0, y1 - y0
    px, py = x - x0, y - y0
    len2 = dx * dx + dy * dy
    dot = px * dx + py * dy
    t2 = thick * thick
    near_a = 4 * (px * px + py * py) <= t2
    near_b = 4 * ((x - x1) ** 2 + (y - y1) ** 2) <= t2
    cross = px * dy - py * dx
    middle = 4 * cross * cross <= t2 * len2
    if len2 == 0:
        return near_a
    return np.where(dot <= 0, near_a, np.where(dot >= len2, near_b, middle))


def rgb_bytes(color: int) -> dict[str, int]:
    return {"R": (color >> 16) & 255, "G": (color >> 8) & 255, "B": color & 255}


def run(hi: HiVpc, name: str, param: dict[str, Any]) -> None:
    finish(hi, *getattr(hi.acl.himpi, name)(CHN, param, -1))


def test_lines_on_rgb(hi: HiVpc) -> None:
    src, planes = source(hi, RGB, 40, 30, seed=1)
    dst = hi.picture(RGB, 40, 30)
    specs = [(2, 3, 35, 20, 3, 0xFF8000), (10, 28, 10, 5, 1, 0x00FF7F), (5, 5, 5, 5, 4, 0x123456)]
    arr = lines(specs)
    run(hi, "vpc_draw_line", {"src": src, "dst": dst, "count": len(specs), "line": address(arr)})
    expected = {c: p.copy() for c, p in planes.items()}
    for x0, y0, x1, y1, thick, color in specs:
        mask = near_segment(40, 30, x0, y0, x1, y1, thick)
        for comp, v in rgb_bytes(color).items():
            expected[comp][mask] = v
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)
    assert near_segment(40, 30, *specs[0][:5]).sum() > 3 * 30  # a thick line, not a dotted one


def test_cover_rect_and_quads_in_place_on_bgr(hi: HiVpc) -> None:
    pic, planes = source(hi, BGR, 36, 24, seed=2)
    covers = ffi.new("hi_cover[]", 3)
    covers[0].type, covers[0].color = acl.HI_COVER_RECT, 0x102030
    covers[0].rect.x, covers[0].rect.y, covers[0].rect.width, covers[0].rect.height = 3, 4, 10, 6
    quad = [(20, 2), (33, 5), (30, 20), (18, 15)]
    for k, solid in ((1, True), (2, False)):
        covers[k].type, covers[k].color = acl.HI_COVER_QUAD, 0xA0B0C0 + k
        covers[k].quad.is_solid, covers[k].quad.thick = solid, 2
        for i, (x, y) in enumerate(quad):
            covers[k].quad.point[i].x, covers[k].quad.point[i].y = x, y
    run(hi, "vpc_draw_cover", {"src": pic, "dst": pic, "count": 3, "cover": address(covers)})
    expected = {c: p.copy() for c, p in planes.items()}
    for comp, v in rgb_bytes(0x102030).items():
        expected[comp][4:10, 3:13] = v
    y, x = np.mgrid[0:24, 0:36]
    crosses = [
        (bx - ax) * (y - ay) - (by - ay) * (x - ax) for (ax, ay), (bx, by) in zip(quad, quad[1:] + quad[:1])
    ]
    solid = np.all([c >= 0 for c in crosses], axis=0) | np.all([c <= 0 for c in crosses], axis=0)
    outline = np.zeros_like(solid)
    for a, b in zip(quad, quad[1:] + quad[:1]):
        outline |= near_segment(36, 24, *a, *b, 2)
    for mask, color in ((solid, 0xA0B0C1), (outline, 0xA0B0C2)):
        for comp, v in rgb_bytes(color).items():
            expected[comp][mask] = v
    got = hi.planes(BGR, pic)
    for comp in "BGR":
        np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)


def test_cover_on_gray_uses_bt601_video_luma(hi: HiVpc) -> None:
    src, _ = source(hi, GRAY, 20, 10, seed=3)
    dst = hi.picture(GRAY, 20, 10)
    covers = ffi.new("hi_cover[]", 1)
    covers[0].type, covers[0].color = acl.HI_COVER_RECT, 0xC83264
    covers[0].rect.x, covers[0].rect.y, covers[0].rect.width, covers[0].rect.height = 0, 0, 20, 10
    run(hi, "vpc_draw_cover", {"src": src, "dst": dst, "count": 1, "cover": address(covers)})
    y = rgb_to_yuv(np.array([200.0]), np.array([50.0]), np.array([100.0]), BT601_NARROW)[0]
    got = hi.planes(GRAY, dst)["Y"]
    assert np.all(np.abs(got.astype(int) - int(y[0])) <= 1)


def test_mosaic_blocks_take_their_mean(hi: HiVpc) -> None:
    src, planes = source(hi, RGB, 50, 40, seed=4)
    dst = hi.picture(RGB, 50, 40)
    mosaics = ffi.new("hi_mosaic[]", 1)
    mosaics[0].blk_size = acl.HI_BLK_SIZE_8
    mosaics[0].rect.x, mosaics[0].rect.y, mosaics[0].rect.width, mosaics[0].rect.height = 5, 3, 30, 20
    run(hi, "vpc_draw_mosaic", {"src": src, "dst": dst, "count": 1, "mosaic": address(mosaics)})
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        expected = planes[comp].copy()
        for by in range(3, 23, 8):
            for bx in range(5, 35, 8):
                block = planes[comp][by : min(by + 8, 23), bx : min(bx + 8, 35)].astype(np.int64)
                expected[by : min(by + 8, 23), bx : min(bx + 8, 35)] = (2 * block.sum() + block.size) // (
                    2 * block.size
                )
        np.testing.assert_array_equal(got[comp], expected, err_msg=comp)


def blend(alpha: np.ndarray, color: np.ndarray, under: np.ndarray) -> np.ndarray:
    return ((alpha * color + (255 - alpha) * under.astype(np.int64) + 127) // 255).astype(np.uint8)


def test_osd_bitmaps_blend(hi: HiVpc) -> None:
    src, planes = source(hi, RGB, 40, 24, seed=5)
    dst = hi.picture(RGB, 40, 24)
    rng = np.random.default_rng(6)
    argb = rng.integers(0, 256, size=(8, 12, 4), dtype=np.uint8)  # bytes A, R, G, B
    argb_bytes = argb.tobytes()
    words = rng.integers(0, 1 << 16, size=(6, 10), dtype=np.uint16)
    words_bytes = words.astype("<u2").tobytes()
    osds = ffi.new("hi_osd[]", 2)
    layouts = [
        (2, 3, 12, 8, acl.HI_PIXEL_FORMAT_ARGB_8888, argb_bytes, 48),
        (25, 15, 10, 6, acl.HI_PIXEL_FORMAT_ARGB_1555, words_bytes, 20),
    ]
    for o, (x, y, w, h, fmt, data, stride) in zip(osds, layouts):
        o.rect.x, o.rect.y, o.rect.width, o.rect.height = x, y, w, h
        o.pixel_format, o.stride = fmt, stride
        o.picture_address = ffi.cast("void *", hi.acl.util.bytes_to_ptr(data))
        o.fg_alpha, o.bg_alpha = 200, 40
    run(hi, "vpc_draw_osd", {"src": src, "dst": dst, "count": 2, "osd": address(osds)})
    expected = {c: p.copy() for c, p in planes.items()}
    alpha = argb[..., 0].astype(np.int64)
    for i, comp in enumerate("RGB"):
        expected[comp][3:11, 2:14] = blend(alpha, argb[..., i + 1].astype(np.int64), planes[comp][3:11, 2:14])
    w = words.astype(np.int64)
    alpha = np.where(w & 0x8000, 200, 40)
    for comp, shift in zip("RGB", (10, 5, 0)):
        five = (w >> shift) & 31
        expected[comp][15:21, 25:35] = blend(alpha, (five << 3) | (five >> 2), planes[comp][15:21, 25:35])
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)


def clut_indices(bits: int, data: np.ndarray, w: int) -> np.ndarray:
    """Indices of a CLUT bitmap: the first sample of a byte in its most significant bits."""
    per_byte = 8 // bits
    shifts = np.array([8 - bits * (k + 1) for k in range(per_byte)])
    idx = (data[..., None] >> shifts) & ((1 << bits) - 1)
    return idx.reshape(data.shape[0], -1)[:, :w]


@pytest.mark.parametrize("invert", [0, 1, 2, 3])
def test_osd_clut_bitmaps_and_inversion(hi: HiVpc, invert: int) -> None:
    src, planes = source(hi, BGR, 40, 24, seed=10 + invert)
    dst = hi.picture(BGR, 40, 24)
    rng = np.random.default_rng(11 + invert)
    clut = [int(v) for v in rng.integers(0, 1 << 32, size=16, dtype=np.uint64)]
    clut2 = rng.integers(0, 256, size=(5, 3), dtype=np.uint8)  # 10 samples a line in 3 bytes (2 spare)
    clut4 = rng.integers(0, 256, size=(7, 4), dtype=np.uint8)  # 7 samples a line in 4 bytes
    argb = rng.integers(0, 256, size=(4, 6, 4), dtype=np.uint8)
    blobs = [clut2.tobytes(), clut4.tobytes(), argb.tobytes()]
    osds = ffi.new("hi_osd[]", 3)
    layouts = [
        (1, 2, 10, 5, acl.HI_PIXEL_FORMAT_ARGB_CLUT2, 3),
        (20, 4, 7, 7, acl.HI_PIXEL_FORMAT_ARGB_CLUT4, 4),
        (30, 15, 6, 4, acl.HI_PIXEL_FORMAT_ARGB_8888, 24),
    ]
    for o, (x, y, w, h, fmt, stride), blob in zip(osds, layouts, blobs):
        o.rect.x, o.rect.y, o.rect.width, o.rect.height = x, y, w, h
        o.pixel_format, o.stride, o.osd_inverted_color = fmt, stride, invert
        o.picture_address = ffi.cast("void *", hi.acl.util.bytes_to_ptr(blob))
    param = {"src": src, "dst": dst, "count": 3, "osd": address(osds), "clut": clut}
    run(hi, "vpc_draw_osd", param)
    table = np.array(clut, dtype=np.int64)
    samples = [
        table[clut_indices(2, clut2, 10)],
        table[clut_indices(4, clut4, 7)],
        argb.astype(np.int64) @ np.array([1 << 24, 1 << 16, 1 << 8, 1], dtype=np.int64),
    ]
    flip = (0xFFFFFF if invert in (1, 3) else 0) | (0xFF000000 if invert in (2, 3) else 0)
    expected = {c: p.copy() for c, p in planes.items()}
    for (x, y, w, h, _, _), value in zip(layouts, samples):
        value = value ^ flip
        alpha = value >> 24
        for comp, shift in zip("RGB", (16, 8, 0)):
            under = expected[comp][y : y + h, x : x + w]
            expected[comp][y : y + h, x : x + w] = blend(alpha, (value >> shift) & 255, under)
    got = hi.planes(BGR, dst)
    for comp in "BGR":
        np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)


def yuv_channels(fmt: Any, r: Any, g: Any, b: Any) -> list[np.ndarray]:
    """BT.601 video-range Y and the chroma pair in fmt's memory order (the reference's rounding)."""
    y, u, v = rgb_to_yuv(np.asarray(r), np.asarray(g), np.asarray(b), BT601_NARROW)
    return [y, *({"U": u, "V": v}[c] for c in fmt.order)]


def assert_close(got: dict[str, np.ndarray], expected: dict[str, np.ndarray], tolerance: int) -> None:
    for comp in "YUV":
        assert np.abs(got[comp].astype(int) - expected[comp].astype(int)).max() <= tolerance, comp


@pytest.mark.parametrize("fmt", [NV12, NV21], ids=lambda f: f.name)
def test_yuv420sp_drawings_at_full_resolution(hi: HiVpc, fmt: Any) -> None:
    w, h = 34, 22
    src, planes = source(hi, fmt, w, h, seed=8)
    full = expand_420(fmt, planes)
    # a line and a rect cover on odd positions: chroma blocks half covered take the mean
    dst = hi.picture(fmt, w, h)
    arr = lines([(2, 3, 30, 17, 3, 0xFF8000)])
    run(hi, "vpc_draw_line", {"src": src, "dst": dst, "count": 1, "line": address(arr)})
    covers = ffi.new("hi_cover[]", 1)
    covers[0].type, covers[0].color = acl.HI_COVER_RECT, 0x2040C0
    covers[0].rect.x, covers[0].rect.y, covers[0].rect.width, covers[0].rect.height = 3, 5, 9, 7
    run(hi, "vpc_draw_cover", {"src": dst, "dst": dst, "count": 1, "cover": address(covers)})
    drawn = [c.copy() for c in full]
    mask = near_segment(w, h, 2, 3, 30, 17, 3)
    for channel, value in zip(drawn, yuv_channels(fmt, 0xFF, 0x80, 0x00)):
        channel[mask] = value
    drawn = expand_420(fmt, reduce_420(fmt, drawn))  # each call reduces its output
    for channel, value in zip(drawn, yuv_channels(fmt, 0x20, 0x40, 0xC0)):
        channel[5:12, 3:12] = value
    assert_close(hi.planes(fmt, dst), reduce_420(fmt, drawn), 1)
    # a mosaic: 4x4 blocks of each full-resolution channel take their mean
    dst = hi.picture(fmt, w, h)
    mosaics = ffi.new("hi_mosaic[]", 1)
    mosaics[0].blk_size = acl.HI_BLK_SIZE_4
    mosaics[0].rect.x, mosaics[0].rect.y, mosaics[0].rect.width, mosaics[0].rect.height = 5, 3, 18, 14
    run(hi, "vpc_draw_mosaic", {"src": src, "dst": dst, "count": 1, "mosaic": address(mosaics)})
    drawn = [c.astype(np.int64) for c in full]
    for channel in drawn:
        for by in range(3, 17, 4):
            for bx in range(5, 23, 4):
                block = channel[by : min(by + 4, 17), bx : min(bx + 4, 23)]
                block[...] = (2 * block.sum() + block.size) // (2 * block.size)
    assert_close(hi.planes(fmt, dst), reduce_420(fmt, drawn), 0)
    # an ARGB8888 OSD blended with each sample's Y, U, V
    dst = hi.picture(fmt, w, h)
    argb = np.random.default_rng(9).integers(0, 256, size=(6, 8, 4), dtype=np.uint8)
    data = argb.tobytes()
    osds = ffi.new("hi_osd[]", 1)
    osds[0].rect.x, osds[0].rect.y, osds[0].rect.width, osds[0].rect.height = 7, 5, 8, 6
    osds[0].pixel_format, osds[0].stride = acl.HI_PIXEL_FORMAT_ARGB_8888, 32
    osds[0].picture_address = ffi.cast("void *", hi.acl.util.bytes_to_ptr(data))
    run(hi, "vpc_draw_osd", {"src": src, "dst": dst, "count": 1, "osd": address(osds)})
    alpha = argb[..., 0].astype(np.int64)
    colors = yuv_channels(fmt, argb[..., 1], argb[..., 2], argb[..., 3])
    drawn = [c.copy() for c in full]
    for channel, color in zip(drawn, colors):
        channel[5:11, 7:15] = blend(alpha, color.astype(np.int64), channel[5:11, 7:15])
    assert_close(hi.planes(fmt, dst), reduce_420(fmt, drawn), 1)


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, RGB, 20, 10, seed=7)
    dst = hi.picture(RGB, 20, 10)
    outside = lines([(0, 0, 20, 5, 1, 0)])
    param = {"src": src, "dst": dst, "count": 1, "line": address(outside)}
    assert himpi.vpc_draw_line(CHN, param, -1)[1] == ILLEGAL
    thick = lines([(0, 0, 19, 5, 0, 0)])
    assert himpi.vpc_draw_line(CHN, dict(param, line=address(thick)), -1)[1] == ILLEGAL
    assert himpi.vpc_draw_line(CHN, dict(param, count=0), -1)[1] == ILLEGAL
    assert himpi.vpc_draw_line(CHN, dict(param, line=0), -1)[1] == NULL_PTR
    assert himpi.vpc_draw_line(CHN + 1, dict(param, line=address(thick)), -1)[1] == acl.HI_ERR_VPC_UNEXIST
    assert himpi.vpc_draw_line(CHN, dict(param, dst=hi.picture(RGB, 22, 10)), -1)[1] == ILLEGAL
    covers = ffi.new("hi_cover[]", 1)
    covers[0].type = 7
    assert (
        himpi.vpc_draw_cover(CHN, {"src": src, "dst": dst, "count": 1, "cover": address(covers)}, -1)[1]
        == ILLEGAL
    )
    covers[0].type, covers[0].rect.width, covers[0].rect.height = acl.HI_COVER_RECT, 21, 1
    assert (
        himpi.vpc_draw_cover(CHN, {"src": src, "dst": dst, "count": 1, "cover": address(covers)}, -1)[1]
        == ILLEGAL
    )
    mosaics = ffi.new("hi_mosaic[]", 1)
    mosaics[0].blk_size, mosaics[0].rect.width, mosaics[0].rect.height = 6, 4, 4
    assert (
        himpi.vpc_draw_mosaic(CHN, {"src": src, "dst": dst, "count": 1, "mosaic": address(mosaics)}, -1)[1]
        == ILLEGAL
    )
    osds = ffi.new("hi_osd[]", 1)
    osds[0].rect.width, osds[0].rect.height, osds[0].stride = 2, 2, 8
    osds[0].pixel_format = acl.HI_PIXEL_FORMAT_RGB_888  # not an OSD format
    data = bytes(64)
    osds[0].picture_address = ffi.cast("void *", hi.acl.util.bytes_to_ptr(data))
    osd_param = {"src": src, "dst": dst, "count": 1, "osd": address(osds)}
    assert himpi.vpc_draw_osd(CHN, osd_param, -1)[1] == NOT_SUPPORT
    osds[0].pixel_format, osds[0].stride = acl.HI_PIXEL_FORMAT_ARGB_CLUT2, 0  # 2 samples need 1 byte a line
    assert himpi.vpc_draw_osd(CHN, osd_param, -1)[1] == ILLEGAL
    osds[0].pixel_format, osds[0].stride, osds[0].osd_inverted_color = acl.HI_PIXEL_FORMAT_ARGB_8888, 8, 4
    assert himpi.vpc_draw_osd(CHN, osd_param, -1)[1] == ILLEGAL
    osds[0].osd_inverted_color, osds[0].fg_alpha = 0, 256
    assert himpi.vpc_draw_osd(CHN, osd_param, -1)[1] == ILLEGAL
    osds[0].fg_alpha, osds[0].stride = 0, 4  # 2 ARGB8888 samples need 8 bytes a line
    assert himpi.vpc_draw_osd(CHN, osd_param, -1)[1] == ILLEGAL
    # a format the runtime's documentation does not list for the drawings
    yuv444 = hi.picture(FORMATS["YUV_SEMIPLANAR_444"], 20, 10)
    assert (
        himpi.vpc_draw_line(CHN, {"src": yuv444, "dst": yuv444, "count": 1, "line": address(thick)}, -1)[1]
        == NOT_SUPPORT
    )


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))
print(himpi.vpc_draw_line(3, {}, -1)[1])
print(himpi.vpc_draw_cover(3, {"count": 1}, -1)[1])
print(himpi.vpc_draw_mosaic(3, {"count": 0, "mosaic": 4096}, -1)[1])
print(himpi.vpc_draw_osd(3, {"count": 2}, -1)[1])
print(himpi.vpc_destroy_chn(3))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    # no shape array: NULL; a count of 0 is refused before the array is read
    assert codes == [0, NULL_PTR, NULL_PTR, ILLEGAL, NULL_PTR, 0, 0]
