"""acl.himpi VPC filters (blur, gaussian / median blur, erode, dilate, filter2d) against numpy
references written here from OpenCV's definitions, plus refusals with their exact codes."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from numpy.lib.stride_tricks import sliding_window_view  # noqa: E402
from vpc_reference import FORMATS, expand_420, reduce_420  # noqa: E402

import acl  # noqa: E402

CHN = 9
GRAY = FORMATS["YUV_400"]
RGB = FORMATS["RGB_888"]
BGR = FORMATS["BGR_888"]
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
NV21 = FORMATS["YVU_SEMIPLANAR_420"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM
NOT_SUPPORT = acl.HI_ERR_VPC_NOT_SUPPORT
NULL_PTR = acl.HI_ERR_VPC_NULL_PTR
UNEXIST = acl.HI_ERR_VPC_UNEXIST
NUMPY_BORDER = {0: "constant", 1: "edge", 2: "symmetric", 3: "reflect", 4: "wrap"}


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def pad(plane: np.ndarray, kw: int, kh: int, ax: int, ay: int, border: int, value: float) -> np.ndarray:
    widths = ((ay, kh - 1 - ay), (ax, kw - 1 - ax))
    if border == 0:
        return np.pad(plane, widths, mode="constant", constant_values=math.floor(value + 0.5))
    return np.pad(plane, widths, mode=NUMPY_BORDER[border])


def windows(
    plane: np.ndarray, kw: int, kh: int, ax: int, ay: int, border: int, value: float = 0.0
) -> np.ndarray:
    """(h, w, kh, kw) neighbourhoods of every sample."""
    return sliding_window_view(pad(plane, kw, kh, ax, ay, border, value).astype(np.int64), (kh, kw))


def round_half_up(x: np.ndarray) -> np.ndarray:
    return np.clip(np.floor(x + 0.5), 0, 255).astype(np.uint8)


def box_ref(plane: np.ndarray, kw: int, kh: int, border: int, value: float = 0.0) -> np.ndarray:
    n = kw * kh
    s = windows(plane, kw, kh, kw // 2, kh // 2, border, value).sum(axis=(2, 3))
    return ((2 * s + n) // (2 * n)).astype(np.uint8)


def gauss_taps(n: int, sigma: float) -> np.ndarray:
    if sigma <= 0:
        sigma = 0.3 * ((n - 1) * 0.5 - 1) + 0.8
    d = np.arange(n) - (n - 1) / 2
    t = np.exp(-(d * d) / (2 * sigma * sigma))
    return t / t.sum()


def correlate(
    plane: np.ndarray, k: np.ndarray, ax: int, ay: int, border: int, value: float = 0.0
) -> np.ndarray:
    kh, kw = k.shape
    w = windows(plane, kw, kh, ax, ay, border, value)
    return np.einsum("yxij,ij->yx", w.astype(np.float64), k)


def structuring_element(shape: int, kw: int, kh: int, ax: int, ay: int) -> np.ndarray:
    """cv::getStructuringElement, restated."""
    if shape == 0:
        return np.ones((kh, kw), bool)
    mask = np.zeros((kh, kw), bool)
    if shape == 1:
        mask[ay, :] = True
        mask[:, ax] = True
        return mask
    r, c = kh // 2, kw // 2
    for i in range(kh):
        dy = i - r
        if abs(dy) <= r:
            dx = int(np.rint(c * math.sqrt((r * r - dy * dy) / (r * r)))) if r else 0
            mask[i, max(c - dx, 0) : min(c + dx + 1, kw)] = True
    return mask


def morph_ref(
    plane: np.ndarray,
    mask: np.ndarray,
    ax: int,
    ay: int,
    border: int,
    erode: bool,
    times: int,
    value: float = 0.0,
) -> np.ndarray:
    kh, kw = mask.shape
    out = plane
    for _ in range(times):
        w = windows(out, kw, kh, ax, ay, border, value)[..., mask]
        out = (w.min(axis=-1) if erode else w.max(axis=-1)).astype(np.uint8)
    return out


def scalar(values: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)) -> dict[str, Any]:
    return {"val": list(values)}


def blur_cfg(
    kw: int,
    kh: int,
    border: int = 1,
    shape: int = 0,
    anchor: tuple[int, int] = (-1, -1),
    iterations: int = 1,
    value: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0),
) -> dict[str, Any]:
    return {
        "kernel_size": {"width": kw, "height": kh},
        "morph_shapes": shape,
        "anchor": {"x": anchor[0], "y": anchor[1]},
        "iterations": iterations,
        "border_type": border,
        "scalar_value": scalar(value),
    }


def run(hi: HiVpc, name: str, param: dict[str, Any]) -> None:
    finish(hi, *getattr(hi.acl.himpi, name)(CHN, param, -1))


@pytest.mark.parametrize(("kw", "kh", "border"), [(3, 3, 1), (5, 3, 3), (4, 2, 2), (3, 5, 4)])
def test_box_blur_is_exact(hi: HiVpc, kw: int, kh: int, border: int) -> None:
    src, planes = source(hi, GRAY, 40, 24, seed=kw * 10 + kh)
    dst = hi.picture(GRAY, 40, 24)
    run(hi, "vpc_blur", {"src": src, "dst": dst, "blur_cfg": blur_cfg(kw, kh, border)})
    np.testing.assert_array_equal(hi.planes(GRAY, dst)["Y"], box_ref(planes["Y"], kw, kh, border))


def test_box_blur_constant_border_per_channel_in_memory_order(hi: HiVpc) -> None:
    src, planes = source(hi, BGR, 33, 20, seed=5)
    dst = hi.picture(BGR, 33, 20)
    value = (10.0, 200.0, 77.4, 0.0)  # bytes B, G, R of a BGR pixel
    run(hi, "vpc_blur", {"src": src, "dst": dst, "blur_cfg": blur_cfg(3, 3, 0, value=value)})
    got = hi.planes(BGR, dst)
    for comp, v in zip("BGR", value):
        np.testing.assert_array_equal(got[comp], box_ref(planes[comp], 3, 3, 0, v), err_msg=comp)


@pytest.mark.parametrize(
    ("k", "sx", "sy", "border"), [((5, 5), 1.2, 0.0, 3), ((3, 7), 0.0, 0.0, 1), ((0, 0), 1.0, 2.0, 2)]
)
def test_gaussian_blur_matches_the_reference(
    hi: HiVpc, k: tuple[int, int], sx: float, sy: float, border: int
) -> None:
    src, planes = source(hi, RGB, 48, 30, seed=sum(k))
    dst = hi.picture(RGB, 48, 30)
    cfg = {
        "kernel_size": {"width": k[0], "height": k[1]},
        "sigma_x": sx,
        "sigma_y": sy,
        "border_type": border,
        "scalar_value": scalar(),
    }
    run(hi, "vpc_gaussian_blur", {"src": src, "dst": dst, "gaussian_blur_cfg": cfg})
    sy_eff = sy if sy > 0 else sx
    kw = k[0] or (round(sx * 6 + 1) | 1)
    kh = k[1] or (round(sy_eff * 6 + 1) | 1)
    kernel = np.outer(gauss_taps(kh, sy_eff), gauss_taps(kw, sx))
    got = hi.planes(RGB, dst)
    for comp in "RGB":
        expected = round_half_up(correlate(planes[comp], kernel, kw // 2, kh // 2, border))
        assert np.abs(got[comp].astype(int) - expected.astype(int)).max() <= 1, comp


@pytest.mark.parametrize("k", [3, 5])
def test_median_blur_replicates_the_edge(hi: HiVpc, k: int) -> None:
    src, planes = source(hi, GRAY, 36, 18, seed=k)
    dst = hi.picture(GRAY, 36, 18)
    run(hi, "vpc_median_blur", {"src": src, "dst": dst, "median_blur_cfg": {"kernel_size": k}})
    w = windows(planes["Y"], k, k, k // 2, k // 2, 1)
    expected = np.median(w.reshape(*w.shape[:2], -1), axis=-1).astype(np.uint8)
    np.testing.assert_array_equal(hi.planes(GRAY, dst)["Y"], expected)


@pytest.mark.parametrize(
    ("name", "shape", "kw", "kh", "anchor", "iterations", "border"),
    [
        ("vpc_erode", 0, 3, 3, (-1, -1), 1, 1),
        ("vpc_dilate", 1, 5, 3, (1, 2), 2, 3),
        ("vpc_erode", 2, 5, 5, (-1, -1), 3, 2),
        ("vpc_dilate", 2, 7, 5, (-1, -1), 1, 0),
    ],
)
def test_morphology_matches_the_reference(
    hi: HiVpc, name: str, shape: int, kw: int, kh: int, anchor: tuple[int, int], iterations: int, border: int
) -> None:
    src, planes = source(hi, GRAY, 32, 22, seed=kw + 7 * kh + iterations)
    dst = hi.picture(GRAY, 32, 22)
    cfg = blur_cfg(kw, kh, border, shape, anchor, iterations, value=(128.0, 0, 0, 0))
    run(hi, name, {"src": src, "dst": dst, "blur_cfg": cfg})
    ax, ay = (kw // 2, kh // 2) if anchor == (-1, -1) else anchor
    mask = structuring_element(shape, kw, kh, ax, ay)
    expected = morph_ref(planes["Y"], mask, ax, ay, border, name == "vpc_erode", iterations, 128.0)
    np.testing.assert_array_equal(hi.planes(GRAY, dst)["Y"], expected)


def test_ellipse_element_is_opencvs() -> None:
    # cv::getStructuringElement(MORPH_ELLIPSE, (5, 5)) as OpenCV documents it
    expected = np.array(
        [[0, 0, 1, 0, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 0, 1, 0, 0]], bool
    )
    np.testing.assert_array_equal(structuring_element(2, 5, 5, 2, 2), expected)


def test_zero_iterations_copy(hi: HiVpc) -> None:
    src, planes = source(hi, GRAY, 20, 10, seed=2)
    dst = hi.picture(GRAY, 20, 10)
    run(hi, "vpc_dilate", {"src": src, "dst": dst, "blur_cfg": blur_cfg(3, 3, iterations=0)})
    np.testing.assert_array_equal(hi.planes(GRAY, dst)["Y"], planes["Y"])


@pytest.mark.parametrize(
    ("kernel", "anchor", "delta", "border"),
    [
        ([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], (-1, -1), 0.0, 3),
        ([[1, 2], [3, 4], [-2, 1]], (0, 2), 10.0, 0),
        ([[0.1, 0.2, 0.3, 0.2, 0.1]], (-1, -1), -3.5, 4),
    ],
)
def test_filter2d_correlates(
    hi: HiVpc, kernel: list[list[float]], anchor: tuple[int, int], delta: float, border: int
) -> None:
    k = np.array(kernel, dtype=np.float64)
    kh, kw = k.shape
    table = [[0.0] * 5 for _ in range(5)]
    for i in range(kh):
        for j in range(kw):
            table[i][j] = float(k[i, j])
    src, planes = source(hi, RGB, 26, 14, seed=kw * kh)
    dst = hi.picture(RGB, 26, 14)
    cfg = {
        "filter": table,
        "kernel_size": {"width": kw, "height": kh},
        "anchor": {"x": anchor[0], "y": anchor[1]},
        "delta": delta,
        "border_type": border,
        "scalar_value": scalar((50.0, 60.0, 70.0, 0.0)),
    }
    run(hi, "vpc_filter2d", {"src": src, "dst": dst, "filter_2d_cfg": cfg})
    ax, ay = (kw // 2, kh // 2) if anchor == (-1, -1) else anchor
    got = hi.planes(RGB, dst)
    exact = bool(np.all(k == np.round(k)))
    for comp, value in zip("RGB", (50.0, 60.0, 70.0)):
        expected = round_half_up(correlate(planes[comp], k, ax, ay, border, value) + delta)
        diff = np.abs(got[comp].astype(int) - expected.astype(int)).max()
        assert diff <= (0 if exact else 1), comp


def _yuv420_case(name: str) -> tuple[str, dict[str, Any], Any, int]:
    """(function, its config dict, the numpy reference of one full-resolution channel given the
    constant-border value, tolerance) for each filter on YUV420SP."""
    scalar_values = (20.0, 100.0, 200.0, 0.0)
    if name == "vpc_blur":
        cfg = blur_cfg(5, 3, 0, value=scalar_values)
        return name, {"blur_cfg": cfg}, lambda p, v: box_ref(p, 5, 3, 0, v), 0
    if name == "vpc_gaussian_blur":
        cfg = {
            "kernel_size": {"width": 5, "height": 5},
            "sigma_x": 1.1,
            "sigma_y": 0.0,
            "border_type": 3,
            "scalar_value": scalar(),
        }
        kernel = np.outer(gauss_taps(5, 1.1), gauss_taps(5, 1.1))
        return name, {"gaussian_blur_cfg": cfg}, lambda p, v: round_half_up(correlate(p, kernel, 2, 2, 3)), 1
    if name == "vpc_median_blur":

        def median(p: np.ndarray, v: float) -> np.ndarray:
            w = windows(p, 3, 3, 1, 1, 1)
            return np.median(w.reshape(*w.shape[:2], -1), axis=-1).astype(np.uint8)

        return name, {"median_blur_cfg": {"kernel_size": 3}}, median, 0
    if name in ("vpc_erode", "vpc_dilate"):
        mask = structuring_element(2, 5, 5, 2, 2)
        cfg = blur_cfg(5, 5, 0, 2, iterations=2, value=scalar_values)
        erode = name == "vpc_erode"
        return name, {"blur_cfg": cfg}, lambda p, v: morph_ref(p, mask, 2, 2, 0, erode, 2, v), 0
    k = np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], np.float64)
    table = [[0.0] * 5 for _ in range(5)]
    for i in range(3):
        for j in range(3):
            table[i][j] = float(k[i, j])
    cfg = {
        "filter": table,
        "kernel_size": {"width": 3, "height": 3},
        "anchor": {"x": -1, "y": -1},
        "delta": 4.0,
        "border_type": 0,
        "scalar_value": scalar(scalar_values),
    }
    return name, {"filter_2d_cfg": cfg}, lambda p, v: round_half_up(correlate(p, k, 1, 1, 0, v) + 4.0), 0


@pytest.mark.parametrize("fmt", [NV12, NV21], ids=lambda f: f.name)
@pytest.mark.parametrize(
    "name", ["vpc_blur", "vpc_gaussian_blur", "vpc_median_blur", "vpc_erode", "vpc_dilate", "vpc_filter2d"]
)
def test_yuv420sp_filters_every_channel_at_full_resolution(hi: HiVpc, fmt: Any, name: str) -> None:
    func, cfg, reference, tolerance = _yuv420_case(name)
    src, planes = source(hi, fmt, 34, 22, seed=len(name))
    dst = hi.picture(fmt, 34, 22)
    run(hi, func, {"src": src, "dst": dst, **cfg})
    # scalar val[i] is the i-th byte of a sample: Y, then the chroma pair in memory order
    values = (20.0, 100.0, 200.0)
    channels = [reference(p, v) for p, v in zip(expand_420(fmt, planes), values)]
    expected = reduce_420(fmt, channels)
    got = hi.planes(fmt, dst)
    for comp in "YUV":
        diff = np.abs(got[comp].astype(int) - expected[comp].astype(int)).max()
        assert diff <= tolerance, comp


def test_yuv420sp_zero_iterations_copy_exactly(hi: HiVpc) -> None:
    src, planes = source(hi, NV21, 20, 10, seed=4)
    dst = hi.picture(NV21, 20, 10)
    run(hi, "vpc_erode", {"src": src, "dst": dst, "blur_cfg": blur_cfg(3, 3, iterations=0)})
    got = hi.planes(NV21, dst)
    for comp in "YUV":
        np.testing.assert_array_equal(got[comp], planes[comp], err_msg=comp)


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, GRAY, 20, 10, seed=1)
    dst = hi.picture(GRAY, 20, 10)
    good = {"src": src, "dst": dst, "blur_cfg": blur_cfg(3, 3)}
    assert himpi.vpc_blur(CHN + 1, good, -1)[1] == UNEXIST
    assert himpi.vpc_blur(CHN, dict(good, blur_cfg=blur_cfg(0, 3)), -1)[1] == ILLEGAL
    assert himpi.vpc_blur(CHN, dict(good, blur_cfg=blur_cfg(32, 3)), -1)[1] == ILLEGAL
    assert himpi.vpc_blur(CHN, dict(good, blur_cfg=blur_cfg(3, 3, border=5)), -1)[1] == ILLEGAL
    assert himpi.vpc_blur(CHN, dict(good, blur_cfg=blur_cfg(3, 3, anchor=(3, 0))), -1)[1] == ILLEGAL
    assert himpi.vpc_erode(CHN, dict(good, blur_cfg=blur_cfg(3, 3, shape=3)), -1)[1] == ILLEGAL
    assert himpi.vpc_erode(CHN, dict(good, blur_cfg=blur_cfg(3, 3, iterations=17)), -1)[1] == ILLEGAL
    assert (
        himpi.vpc_median_blur(CHN, {"src": src, "dst": dst, "median_blur_cfg": {"kernel_size": 4}}, -1)[1]
        == ILLEGAL
    )
    gauss = {"kernel_size": {"width": 4, "height": 3}, "sigma_x": 1.0, "sigma_y": 1.0, "border_type": 1}
    assert (
        himpi.vpc_gaussian_blur(CHN, {"src": src, "dst": dst, "gaussian_blur_cfg": gauss}, -1)[1] == ILLEGAL
    )
    gauss = dict(gauss, kernel_size={"width": 3, "height": 3}, sigma_x=-1.0)
    assert (
        himpi.vpc_gaussian_blur(CHN, {"src": src, "dst": dst, "gaussian_blur_cfg": gauss}, -1)[1] == ILLEGAL
    )
    f2d = {"kernel_size": {"width": 6, "height": 1}, "anchor": {"x": -1, "y": -1}}
    assert himpi.vpc_filter2d(CHN, {"src": src, "dst": dst, "filter_2d_cfg": f2d}, -1)[1] == ILLEGAL
    # another size or format of dst, an unsupported format
    other = hi.picture(GRAY, 22, 10)
    assert himpi.vpc_blur(CHN, dict(good, dst=other), -1)[1] == ILLEGAL
    rgb = hi.picture(RGB, 20, 10)
    assert himpi.vpc_blur(CHN, dict(good, dst=rgb), -1)[1] == ILLEGAL
    # formats the runtime's documentation does not list for the filters
    for other_fmt in ("YUV_SEMIPLANAR_444", "ARGB_8888"):
        pic = hi.picture(FORMATS[other_fmt], 20, 10)
        assert himpi.vpc_blur(CHN, {"src": pic, "dst": pic, "blur_cfg": blur_cfg(3, 3)}, -1)[1] == NOT_SUPPORT
        assert "YUV420SP NV12 / NV21" in hi.acl.get_recent_err_msg()
    mixed = {"src": hi.picture(NV12, 20, 10), "dst": hi.picture(NV21, 20, 10), "blur_cfg": blur_cfg(3, 3)}
    assert himpi.vpc_blur(CHN, mixed, -1)[1] == ILLEGAL
    assert himpi.vpc_blur(CHN, dict(good, src=dict(src, picture_buffer_size=10)), -1)[1] == ILLEGAL


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))
print(himpi.vpc_blur(3, {}, -1)[1])
print(himpi.vpc_gaussian_blur(3, {}, -1)[1])
print(himpi.vpc_median_blur(3, {}, -1)[1])
print(himpi.vpc_erode(3, {"src": {"picture_address": 16, "picture_width": 64}}, -1)[1])
print(himpi.vpc_filter2d(3, {}, -1)[1])
print(himpi.vpc_destroy_chn(3))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    # an empty picture dict is a 0 x 0 YUV400 picture (format 0): refused for its size
    assert codes == [0, ILLEGAL, ILLEGAL, ILLEGAL, ILLEGAL, ILLEGAL, 0, 0]
