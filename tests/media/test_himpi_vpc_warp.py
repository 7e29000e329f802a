"""acl.himpi VPC geometry: rotation / affine matrices, warp_affine, the remap LUTs and lut_remap,
against numpy references written here from OpenCV's definitions, plus refusals with exact codes."""

from __future__ import annotations

import math
import struct
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.runtime_support import check  # noqa: E402
from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, address, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS  # noqa: E402

import acl  # noqa: E402
from acl._backend import ffi  # noqa: E402

CHN = 10
GRAY = FORMATS["YUV_400"]
RGB = FORMATS["RGB_888"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM
NULL_PTR = acl.HI_ERR_VPC_NULL_PTR
UNEXIST = acl.HI_ERR_VPC_UNEXIST
HOST_TO_DEVICE, DEVICE_TO_HOST = 1, 2


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def border_index(p: np.ndarray, n: int, border: int) -> tuple[np.ndarray, np.ndarray]:
    """OpenCV's borderInterpolate on an array of positions: (index, inside-or-not-constant)."""
    inside = (p >= 0) & (p < n)
    if border == 0:
        return np.clip(p, 0, n - 1), inside
    if border == 1:
        return np.clip(p, 0, n - 1), np.ones_like(inside)
    if border == 4:
        return np.mod(p, n), np.ones_like(inside)
    if n == 1:
        return np.zeros_like(p), np.ones_like(inside)
    if border == 2:
        q = np.mod(p, 2 * n)
        return np.where(q < n, q, 2 * n - 1 - q), np.ones_like(inside)
    q = np.mod(p, 2 * n - 2)
    return np.where(q < n, q, 2 * n - 2 - q), np.ones_like(inside)


def sample(
    plane: np.ndarray, sx: np.ndarray, sy: np.ndarray, interp: int, border: int, value: float
) -> np.ndarray:
    h, w = plane.shape
    fill = math.floor(value + 0.5)

    def tap(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        ix, okx = border_index(x, w, border)
        iy, oky = border_index(y, h, border)
        return np.where(okx & oky, plane[iy, ix].astype(np.float64), float(fill))

    if interp == 1:
        v = tap(np.floor(sx + 0.5).astype(np.int64), np.floor(sy + 0.5).astype(np.int64))
    else:
        x0, y0 = np.floor(sx), np.floor(sy)
        fx, fy = sx - x0, sy - y0
        x0, y0 = x0.astype(np.int64), y0.astype(np.int64)
        top = (1 - fx) * tap(x0, y0) + fx * tap(x0 + 1, y0)
        bottom = (1 - fx) * tap(x0, y0 + 1) + fx * tap(x0 + 1, y0 + 1)
        v = (1 - fy) * top + fy * bottom
    return np.clip(np.floor(v + 0.5), 0, 255).astype(np.uint8)


def affine_positions(m: np.ndarray, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Source positions of every destination sample under the src->dst affine rows m (2x3)."""
    inv = np.linalg.inv(np.vstack([m, [0.0, 0.0, 1.0]]))
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    return inv[0, 0] * x + inv[0, 1] * y + inv[0, 2], inv[1, 0] * x + inv[1, 1] * y + inv[1, 2]


def matrix_dict(m: np.ndarray, kind: int = 0) -> dict[str, Any]:
    rows = [[0.0] * 4 for _ in range(3)]
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            rows[i][j] = float(m[i, j])
    return {"matrix_type": kind, "matrix": rows}


def rows_of(matrix: dict[str, Any]) -> np.ndarray:
    return np.array([r[:3] for r in matrix["matrix"][:2]], dtype=np.float64)


def config(interp: int, border: int, value: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)) -> dict[str, Any]:
    return {"interpolation": interp, "border_type": border, "scalar_value": {"val": list(value)}}


def points(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> dict[str, Any]:
    def pad4(pts: list[tuple[float, float]]) -> list[dict[str, float]]:
        return [{"x": x, "y": y} for x, y in pts] + [{"x": 0.0, "y": 0.0}] * (4 - len(pts))

    return {
        "src_point": pad4(src),
        "src_point_count": len(src),
        "dest_point": pad4(dst),
        "dest_point_count": len(dst),
    }


def dvpp_buffer(hi: HiVpc, size: int) -> int:
    ptr, ret = hi.acl.himpi.dvpp_malloc(0, size)
    check(ret, "dvpp_malloc")
    hi.buffers.append(ptr)
    return ptr


def download(hi: HiVpc, ptr: int, size: int) -> bytes:
    host = bytes(size)
    check(hi.acl.rt.memcpy(hi.acl.util.bytes_to_ptr(host), size, ptr, size, DEVICE_TO_HOST), "download")
    return host


def lut_dict(hi: HiVpc, sw: int, sh: int, dw: int, dh: int) -> dict[str, Any]:
    size, ret = hi.acl.himpi.vpc_get_lut_mem_size(dw, dh)
    check(ret, "get_lut_mem_size")
    assert size == dw * dh * 8
    return {
        "src_pic_width": sw,
        "src_pic_height": sh,
        "dest_pic_width": dw,
        "dest_pic_height": dh,
        "lut": dvpp_buffer(hi, size),
        "lut_size": size,
    }


def lut_positions(hi: HiVpc, lut: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    raw = np.frombuffer(download(hi, lut["lut"], lut["lut_size"]), dtype=np.float32)
    pairs = raw.reshape(lut["dest_pic_height"], lut["dest_pic_width"], 2).astype(np.float64)
    return pairs[..., 0], pairs[..., 1]


def test_rotation_matrix_is_opencvs() -> None:
    matrix, ret = acl.himpi.vpc_get_rotation_matrix({"x": 20.0, "y": 12.5}, 30.0, 1.5)
    check(ret, "get_rotation_matrix")
    a, b = 1.5 * math.cos(math.radians(30)), 1.5 * math.sin(math.radians(30))
    expected = [[a, b, (1 - a) * 20 - b * 12.5], [-b, a, b * 20 + (1 - a) * 12.5]]
    assert matrix["matrix_type"] == acl.HI_MATRIX_2_PLUS_3
    np.testing.assert_allclose(rows_of(matrix), expected, rtol=1e-6, atol=1e-5)


def test_affine_transform_recovers_a_known_matrix() -> None:
    m = np.array([[0.8, -0.3, 5.0], [0.2, 1.1, -2.0]])
    src = [(0.0, 0.0), (30.0, 4.0), (7.0, 25.0)]
    dst = [(float(u), float(v)) for u, v in (m @ [x, y, 1.0] for x, y in src)]
    matrix, ret = acl.himpi.vpc_get_affine_transform(points(src, dst))
    check(ret, "get_affine_transform")
    np.testing.assert_allclose(rows_of(matrix), m, atol=1e-4)


@pytest.mark.parametrize(("border", "value"), [(0, (9.0, 99.0, 199.0, 0.0)), (1, None), (3, None)])
def test_warp_affine_bilinear_matches_the_reference(
    hi: HiVpc, border: int, value: tuple[float, ...] | None
) -> None:
    src, planes = source(hi, RGB, 40, 30, seed=border)
    dst = hi.picture(RGB, 48, 36)
    matrix, ret = acl.himpi.vpc_get_rotation_matrix({"x": 20.0, "y": 15.0}, 25.0, 1.1)
    check(ret, "get_rotation_matrix")
    value = value or (0.0, 0.0, 0.0, 0.0)
    param = {"src": src, "dst": dst, "transform_config": config(0, border, value)}
    finish(hi, *hi.acl.himpi.vpc_warp_affine(CHN, matrix, param, -1))
    sx, sy = affine_positions(rows_of(matrix).astype(np.float32).astype(np.float64), 48, 36)
    got = hi.planes(RGB, dst)
    for comp, v in zip("RGB", value):
        expected = sample(planes[comp], sx, sy, 0, border, v)
        assert np.abs(got[comp].astype(int) - expected.astype(int)).max() <= 1, comp


def test_warp_affine_nearest_is_exact(hi: HiVpc) -> None:
    src, planes = source(hi, GRAY, 30, 20, seed=11)
    dst = hi.picture(GRAY, 64, 40)
    m = np.array([[2.0, 0.0, 3.0], [0.0, 2.0, 1.0]])
    param = {"src": src, "dst": dst, "transform_config": config(1, 2)}
    finish(hi, *hi.acl.himpi.vpc_warp_affine(CHN, matrix_dict(m), param, -1))
    sx, sy = affine_positions(m, 64, 40)
    np.testing.assert_array_equal(hi.planes(GRAY, dst)["Y"], sample(planes["Y"], sx, sy, 1, 2, 0.0))


def test_affine_lut_holds_the_positions_and_remaps(hi: HiVpc) -> None:
    m = np.array([[0.9, 0.2, -4.0], [-0.15, 1.05, 3.0]])
    src_pts = [(1.0, 2.0), (33.0, 5.0), (10.0, 27.0)]
    dst_pts = [(float(u), float(v)) for u, v in (m @ [x, y, 1.0] for x, y in src_pts)]
    lut = lut_dict(hi, 36, 28, 40, 32)
    out, ret = hi.acl.himpi.vpc_get_affine_lut(points(src_pts, dst_pts), 0, lut)
    check(ret, "get_affine_lut")
    assert out["lut"] == lut["lut"]
    sx, sy = lut_positions(hi, lut)
    ex, ey = affine_positions(m, 40, 32)
    np.testing.assert_allclose(sx, ex, atol=1e-3)
    np.testing.assert_allclose(sy, ey, atol=1e-3)
    src, planes = source(hi, GRAY, 36, 28, seed=3)
    dst = hi.picture(GRAY, 40, 32)
    param = {"src": src, "dst": dst, "transform_config": config(0, 0, (17.0, 0, 0, 0))}
    finish(hi, *hi.acl.himpi.vpc_lut_remap(CHN, param, lut, -1))
    expected = sample(planes["Y"], sx, sy, 0, 0, 17.0)
    assert np.abs(hi.planes(GRAY, dst)["Y"].astype(int) - expected.astype(int)).max() <= 1


def test_perspective_lut_maps_destination_corners_to_source_corners(hi: HiVpc) -> None:
    src_pts = [(0.0, 0.0), (39.0, 0.0), (39.0, 29.0), (0.0, 29.0)]
    dst_pts = [(5.0, 3.0), (30.0, 1.0), (34.0, 26.0), (2.0, 22.0)]
    lut = lut_dict(hi, 40, 30, 36, 28)
    check(hi.acl.himpi.vpc_get_perspective_lut(points(src_pts, dst_pts), 1, lut)[1], "get_perspective_lut")
    sx, sy = lut_positions(hi, lut)
    for (x, y), (u, v) in zip(src_pts, dst_pts):
        assert abs(sx[int(v), int(u)] - x) < 1e-2 and abs(sy[int(v), int(u)] - y) < 1e-2
    # a perspective map is not affine: the middle of the destination is not the mean of the corners
    h = np.linalg.solve(
        np.array(
            [
                row
                for (x, y), (u, v) in zip(src_pts, dst_pts)
                for row in ([x, y, 1, 0, 0, 0, -x * u, -y * u], [0, 0, 0, x, y, 1, -x * v, -y * v])
            ],
            dtype=np.float64,
        ),
        np.array([c for pt in dst_pts for c in pt]),
    )
    inv = np.linalg.inv(np.append(h, 1.0).reshape(3, 3))
    yy, xx = np.mgrid[0:28, 0:36].astype(np.float64)
    w = inv[2, 0] * xx + inv[2, 1] * yy + inv[2, 2]
    np.testing.assert_allclose(sx, (inv[0, 0] * xx + inv[0, 1] * yy + inv[0, 2]) / w, atol=1e-2)
    np.testing.assert_allclose(sy, (inv[1, 0] * xx + inv[1, 1] * yy + inv[1, 2]) / w, atol=1e-2)


def test_remap_lut_from_float_maps_and_nearest_remap(hi: HiVpc) -> None:
    dw, dh = 24, 16
    rng = np.random.default_rng(5)
    map1 = rng.uniform(-3, 35, size=(dh, dw)).astype(np.float32)
    map2 = rng.uniform(-3, 25, size=(dh, dw)).astype(np.float32)
    lut = lut_dict(hi, 32, 22, dw, dh)
    bytes1, bytes2 = map1.tobytes(), map2.tobytes()  # host maps, alive for the call
    param = {
        "map1": hi.acl.util.bytes_to_ptr(bytes1),
        "map2": hi.acl.util.bytes_to_ptr(bytes2),
        "map_size": map1.nbytes,
        "src_pic_width": 32,
        "src_pic_height": 22,
        "dest_pic_width": dw,
        "dest_pic_height": dh,
    }
    check(hi.acl.himpi.vpc_get_remap_lut(param, lut)[1], "get_remap_lut")
    sx, sy = lut_positions(hi, lut)
    np.testing.assert_array_equal(sx, map1)
    np.testing.assert_array_equal(sy, map2)
    src, planes = source(hi, RGB, 32, 22, seed=8)
    dst = hi.picture(RGB, dw, dh)
    finish(
        hi,
        *hi.acl.himpi.vpc_lut_remap(CHN, {"src": src, "dst": dst, "transform_config": config(1, 4)}, lut, -1),
    )
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        np.testing.assert_array_equal(got[comp], sample(planes[comp], sx, sy, 1, 4, 0.0), err_msg=comp)


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, GRAY, 20, 10, seed=1)
    dst = hi.picture(GRAY, 20, 10)
    ident = matrix_dict(np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]))
    param = {"src": src, "dst": dst, "transform_config": config(0, 0)}
    assert himpi.vpc_warp_affine(CHN + 1, ident, param, -1)[1] == UNEXIST
    assert himpi.vpc_warp_affine(CHN, dict(ident, matrix_type=1), param, -1)[1] == ILLEGAL
    singular = matrix_dict(np.array([[1.0, 2.0, 0.0], [2.0, 4.0, 0.0]]))
    assert himpi.vpc_warp_affine(CHN, singular, param, -1)[1] == ILLEGAL
    assert himpi.vpc_warp_affine(CHN, ident, dict(param, transform_config=config(2, 0)), -1)[1] == ILLEGAL
    assert himpi.vpc_warp_affine(CHN, ident, dict(param, transform_config=config(0, 7)), -1)[1] == ILLEGAL
    rgb = hi.picture(RGB, 20, 10)
    assert himpi.vpc_warp_affine(CHN, ident, dict(param, dst=rgb), -1)[1] == ILLEGAL
    collinear = points([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)], [(0.0, 0.0), (1.0, 2.0), (3.0, 1.0)])
    assert himpi.vpc_get_affine_transform(collinear)[1] == ILLEGAL
    four = points([(0.0, 0.0)] * 4, [(0.0, 0.0)] * 4)
    assert himpi.vpc_get_affine_transform(four)[1] == ILLEGAL  # counts must be 3
    assert himpi.vpc_get_lut_mem_size(0, 5)[1] == ILLEGAL
    assert himpi.vpc_get_lut_mem_size(4097, 5)[1] == ILLEGAL
    lut = lut_dict(hi, 20, 10, 20, 10)
    good = points([(0.0, 0.0), (10.0, 0.0), (0.0, 8.0)], [(1.0, 1.0), (11.0, 1.0), (1.0, 9.0)])
    assert himpi.vpc_get_affine_lut(good, 2, lut)[1] == ILLEGAL
    assert himpi.vpc_get_affine_lut(good, 0, dict(lut, lut_size=100))[1] == ILLEGAL
    assert himpi.vpc_get_affine_lut(good, 0, dict(lut, dest_pic_width=0))[1] == ILLEGAL
    host = bytearray(lut["lut_size"])  # an address no allocation vouches for
    assert (
        himpi.vpc_get_affine_lut(good, 0, dict(lut, lut=hi.acl.util.bytes_to_ptr(bytes(host))))[1] == ILLEGAL
    )
    assert himpi.vpc_get_perspective_lut(good, 0, lut)[1] == ILLEGAL  # 3 pairs for a perspective
    check(himpi.vpc_get_affine_lut(good, 0, lut)[1], "get_affine_lut")
    other = hi.picture(GRAY, 22, 10)
    assert (
        himpi.vpc_lut_remap(CHN, dict(param, dst=other), lut, -1)[1] == ILLEGAL
    )  # sizes differ from the LUT
    maps = {"map1": 0, "map2": 0, "map_size": 800, "src_pic_width": 20, "src_pic_height": 10}
    maps.update(dest_pic_width=20, dest_pic_height=10)
    assert himpi.vpc_get_remap_lut(maps, lut)[1] == ILLEGAL


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))
print(himpi.vpc_warp_affine(3, {}, {}, -1)[1])
print(himpi.vpc_warp_affine(3, {"matrix": [[1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 0, 0]]}, {}, -1)[1])
print(himpi.vpc_get_affine_transform({})[1])
print(himpi.vpc_get_affine_lut({}, 0, {})[1])
print(himpi.vpc_get_perspective_lut({}, 0, {"lut": 64, "lut_size": 4096})[1])
print(himpi.vpc_get_remap_lut({}, {})[1])
print(himpi.vpc_lut_remap(3, {}, {}, -1)[1])
print(himpi.vpc_destroy_chn(3))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    assert codes == [0] + [ILLEGAL] * 7 + [0, 0]


def test_channel_options_are_checked(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    three, big, short = struct.pack("I", 3), struct.pack("I", 8), struct.pack("I", 100)
    ptr = hi.acl.util.bytes_to_ptr

    def opt(kind: int, value: bytes, length: int = 4) -> dict[str, int]:
        return {"attr_type": kind, "len": length, "value": ptr(value)}

    assert himpi.vpc_set_chn_opt_attr(CHN, opt(acl.HI_VPC_CHN_PRIORITY, three)) == 0
    assert himpi.vpc_set_chn_opt_attr(CHN, opt(acl.HI_VPC_CHN_TASK_OVERTIME, short)) == 0
    assert himpi.vpc_set_chn_opt_attr(CHN, opt(acl.HI_VPC_CHN_PRIORITY, big)) == ILLEGAL
    assert himpi.vpc_set_chn_opt_attr(CHN, opt(acl.HI_VPC_CHN_PRIORITY, three, 2)) == ILLEGAL
    assert himpi.vpc_set_chn_opt_attr(CHN, opt(5, three)) == ILLEGAL
    assert himpi.vpc_set_chn_opt_attr(CHN, {"attr_type": 0, "len": 4, "value": 0}) == NULL_PTR
    assert himpi.vpc_set_chn_opt_attr(CHN + 1, opt(acl.HI_VPC_CHN_PRIORITY, three)) == UNEXIST


def workspace(func: int, sw: int, sh: int, dw: int, dh: int) -> dict[str, int]:
    return {
        "func": func,
        "max_source_pic_width": sw,
        "max_source_pic_height": sh,
        "max_dest_pic_width": dw,
        "max_dest_pic_height": dh,
    }


def test_workspace_bounds_the_channels_warps(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    chn, ret = himpi.vpc_sys_create_chn({"attr": 0, "pic_width": 64, "pic_height": 64})
    check(ret, "vpc_sys_create_chn")
    try:
        src, _ = source(hi, GRAY, 40, 30, seed=6)
        dst = hi.picture(GRAY, 40, 30)
        ident = matrix_dict(np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]))
        param = {"src": src, "dst": dst, "transform_config": config(0, 1)}
        lut = lut_dict(hi, 40, 30, 40, 30)
        check(
            himpi.vpc_get_affine_lut(
                points([(0.0, 0.0), (9.0, 0.0), (0.0, 9.0)], [(0.0, 0.0), (9.0, 0.0), (0.0, 9.0)]), 0, lut
            )[1],
            "lut",
        )
        assert himpi.vpc_set_chn_workspace(chn, [workspace(acl.AFFINE, 32, 32, 64, 64)], 1) == 0
        assert himpi.vpc_warp_affine(chn, ident, param, -1)[1] == ILLEGAL  # 40 wide > 32
        assert "workspace" in hi.acl.get_recent_err_msg()
        task_id, ret = himpi.vpc_lut_remap(chn, param, lut, -1)  # no REMAP entry: unbounded
        check(ret, "lut_remap")
        assert himpi.vpc_get_process_result(chn, task_id, -1) == 0
        assert himpi.vpc_set_chn_workspace(chn, [workspace(acl.REMAP, 40, 30, 39, 30)], 1) == 0
        assert himpi.vpc_lut_remap(chn, param, lut, -1)[1] == ILLEGAL
        assert himpi.vpc_set_chn_workspace(chn, [workspace(acl.AFFINE, 40, 30, 40, 30)], 1) == 0
        task_id, ret = himpi.vpc_warp_affine(chn, ident, param, -1)
        check(ret, "warp_affine")
        assert himpi.vpc_get_process_result(chn, task_id, -1) == 0
        bad = [
            ([workspace(acl.AFFINE, 40, 30, 40, 30)], 0),
            ([workspace(acl.AFFINE, 40, 30, 40, 30)] * 3, 3),
            ([workspace(2, 40, 30, 40, 30)], 1),
            ([workspace(acl.REMAP, 40, 30, 40, 30)] * 2, 2),
            ([workspace(acl.REMAP, 0, 30, 40, 30)], 1),
            ([workspace(acl.REMAP, 4097, 30, 40, 30)], 1),
        ]
        for entries, count in bad:
            assert himpi.vpc_set_chn_workspace(chn, entries, count) == ILLEGAL, (entries, count)
        assert himpi.vpc_set_chn_workspace(chn + 100, [workspace(acl.REMAP, 4, 4, 4, 4)], 1) == UNEXIST
    finally:
        check(himpi.vpc_destroy_chn(chn), "vpc_destroy_chn")


def stitch_param(sw: int, sh: int, dw: int, dh: int, table: Any, length: int) -> Any:
    p = ffi.new("hi_roundview_stitching_param *")
    ipm = p.imp_conf
    ipm.src_pic_width, ipm.src_pic_height, ipm.dest_pic_width, ipm.dest_pic_height = sw, sh, dw, dh
    ipm.ipm_table_len, ipm.ipm_table_address = length, table
    return p


def bilinear_replicate(plane: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    h, w = plane.shape
    x, y = np.clip(x, -1, w), np.clip(y, -1, h)
    x0, y0 = np.floor(x), np.floor(y)
    fx, fy = x - x0, y - y0
    x0, y0 = x0.astype(np.int64), y0.astype(np.int64)

    def at(xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
        return plane[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)].astype(np.float64)

    top = (1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)
    bottom = (1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1)
    return (1 - fy) * top + fy * bottom


def test_roundview_stitching_blends_two_sources(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    (sw, sh), (dw, dh) = (16, 12), (20, 10)
    assert himpi.vpc_get_roundview_stitching_param(CHN)[1] == acl.HI_ERR_VPC_NOT_CFG
    rng = np.random.default_rng(9)
    n = dw * dh
    pic1, pic2 = rng.integers(0, 2, n), rng.integers(0, 2, n)
    w1 = rng.uniform(0, 1, n).astype(np.float32)
    w2 = (1 - w1).astype(np.float32)
    offs = rng.uniform(-2, 18, (n, 4)).astype(np.float32)
    table = ffi.new("hi_stiching_ipm_table[]", n)
    for i, e in enumerate(table):
        e.pic1_index, e.pic2_index = int(pic1[i]), int(pic2[i])
        e.weight1, e.weight2 = float(w1[i]), float(w2[i])
        e.offset1_x, e.offset1_y, e.offset2_x, e.offset2_y = (float(v) for v in offs[i])
    param = stitch_param(sw, sh, dw, dh, table, n)
    assert himpi.vpc_set_roundview_stitching_param(CHN, address(param)) == 0
    got_param, ret = himpi.vpc_get_roundview_stitching_param(CHN)
    check(ret, "get_roundview_stitching_param")
    assert got_param["imp_conf"]["dest_pic_width"] == dw and got_param["imp_conf"]["ipm_table_len"] == n
    sources = [source(hi, RGB, sw, sh, seed=20 + k) for k in range(2)]
    pics = ffi.new("hi_vpc_pic_info[]", 2)
    for pic, (info, _) in zip(pics, sources):
        fill_pic(pic, info)
    dst = hi.picture(RGB, dw, dh)
    dest = ffi.new("hi_vpc_pic_info *")
    fill_pic(dest, dst)
    pp = ffi.new("hi_roundview_stitching_pic_param *")
    pp.dest_pic, pp.count, pp.source_pic = dest, 2, pics
    finish(hi, *himpi.vpc_roundview_stitching(CHN, address(pp), -1))
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        s = [planes[comp] for _, planes in sources]
        v1 = np.where(
            pic1 == 0,
            bilinear_replicate(s[0], offs[:, 0], offs[:, 1]),
            bilinear_replicate(s[1], offs[:, 0], offs[:, 1]),
        )
        v2 = np.where(
            pic2 == 0,
            bilinear_replicate(s[0], offs[:, 2], offs[:, 3]),
            bilinear_replicate(s[1], offs[:, 2], offs[:, 3]),
        )
        expected = np.clip(np.floor(w1.astype(np.float64) * v1 + w2.astype(np.float64) * v2 + 0.5), 0, 255)
        diff = np.abs(got[comp].astype(int).reshape(-1) - expected.astype(int))
        assert diff.max() <= 1, comp
    # refusals: an index past the sources, a source of another size, unsupported modes, a short table
    table[5].pic2_index = 2
    assert himpi.vpc_roundview_stitching(CHN, address(pp), -1)[1] == ILLEGAL
    table[5].pic2_index = 1
    fill_pic(pics[1], hi.picture(RGB, sw + 2, sh))
    assert himpi.vpc_roundview_stitching(CHN, address(pp), -1)[1] == ILLEGAL
    gain = stitch_param(sw, sh, dw, dh, table, n)
    gain.gain_conf.gain_type = acl.GAIN_LUT
    assert himpi.vpc_set_roundview_stitching_param(CHN, address(gain)) == acl.HI_ERR_VPC_NOT_SUPPORT
    lut_type = stitch_param(sw, sh, dw, dh, table, n)
    lut_type.stitch_table_type = 1
    assert himpi.vpc_set_roundview_stitching_param(CHN, address(lut_type)) == acl.HI_ERR_VPC_NOT_SUPPORT
    assert (
        himpi.vpc_set_roundview_stitching_param(CHN, address(stitch_param(sw, sh, dw, dh, table, n - 1)))
        == ILLEGAL
    )
    assert himpi.vpc_set_roundview_stitching_param(CHN, 0) == NULL_PTR
    assert himpi.vpc_set_roundview_stitching_param(CHN + 1, address(param)) == UNEXIST


def fill_pic(pic: Any, info: dict[str, Any]) -> None:
    for key, value in info.items():
        setattr(pic, key, ffi.cast("void *", value) if key == "picture_address" else value)
