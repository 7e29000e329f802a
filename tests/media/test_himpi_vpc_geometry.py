"""acl.himpi VPC geometry: copy_make_border, pyrdown, flip and rotate against numpy (np.pad, the binomial
pyramid of vpc_reference.py, np.flip / np.rot90), and their refusals."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from vpc_reference import FORMATS, Layout, make_border, pyr_down  # noqa: E402

import acl  # noqa: E402

CHN = 11
NV12 = FORMATS["YUV_SEMIPLANAR_420"]
RGB = FORMATS["RGB_888"]
GRAY = FORMATS["YUV_400"]
ILLEGAL = acl.HI_ERR_VPC_ILLEGAL_PARAM
NOT_SUPPORT = acl.HI_ERR_VPC_NOT_SUPPORT
BINOMIAL = [[a * b for b in (1, 4, 6, 4, 1)] for a in (1, 4, 6, 4, 1)]


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


def border(top: int, bottom: int, left: int, right: int, kind: int, val: list[float]) -> dict:
    return {
        "top": top,
        "bottom": bottom,
        "left": left,
        "right": right,
        "border_type": kind,
        "scalar_value": {"val": val},
    }


@pytest.mark.parametrize("kind", [0, 1, 2, 3])
@pytest.mark.parametrize("fmt", [NV12, RGB], ids=lambda f: f.name)
def test_copy_make_border(hi: HiVpc, fmt: Layout, kind: int) -> None:
    src, planes = source(hi, fmt, 40, 30, seed=kind)
    t, b, left, r = 4, 6, 2, 8
    dst = hi.picture(fmt, 40 + left + r, 30 + t + b)
    values = [50.0, 100.0, 150.0, 0.0]
    finish(hi, *hi.acl.himpi.vpc_copy_make_border(CHN, src, dst, border(t, b, left, r, kind, values), -1))
    got = hi.planes(fmt, dst)
    for i, comp in enumerate(fmt.components()):
        div_x, div_y = (2, 2) if fmt.is_yuv and comp in "UV" else (1, 1)
        exp = make_border(
            planes[comp], t // div_y, b // div_y, left // div_x, r // div_x, kind, int(values[i])
        )
        np.testing.assert_array_equal(got[comp], exp, err_msg=comp)


@pytest.mark.parametrize("levels", [1, 3])
def test_pyrdown_levels(hi: HiVpc, levels: int) -> None:
    src, planes = source(hi, GRAY, 101, 80, seed=levels)
    sizes, w, h = [], 101, 80
    for _ in range(levels):
        w, h = (w + 1) // 2, (h + 1) // 2
        sizes.append((w, h))
    outs = [hi.picture(GRAY, *s) for s in sizes]
    kernel = BINOMIAL if levels == 1 else None
    finish(
        hi,
        *hi.acl.himpi.vpc_pyrdown(CHN, src, outs, levels, kernel, 256, border(0, 0, 0, 0, 3, [0.0] * 4), -1),
    )
    expected = planes["Y"]
    for out, size in zip(outs, sizes):
        expected = pyr_down(expected, *size).astype(np.uint8)
        np.testing.assert_array_equal(hi.planes(GRAY, out)["Y"], expected)


PAD_MODES = {0: "constant", 1: "edge", 2: "symmetric", 3: "reflect"}  # hi_vpc_bord_type -> np.pad


def pyr_level(plane: np.ndarray, kernel: np.ndarray, divisor: int, kind: int, value: int) -> np.ndarray:
    """One level of a user pyramid in integers: 2-pixel np.pad edge, 5x5 correlation, every second
    sample, divided by divisor rounded half up, clipped to bytes."""
    wide = plane.astype(np.int64)
    if kind == 0:
        a = np.pad(wide, 2, mode="constant", constant_values=value)
    else:
        a = np.pad(wide, 2, mode=PAD_MODES[kind])
    h, w = plane.shape
    full = sum(int(kernel[i, j]) * a[i : i + h, j : j + w] for i in range(5) for j in range(5))
    out = full[0:h:2, 0:w:2]
    return np.clip((out + divisor // 2) // divisor, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("kind", "divisor", "seed"),
    [(0, 64, 1), (1, 128, 2), (2, 32, 3), (3, 256, 4), (3, 1, 5)],
)
def test_pyrdown_user_kernel_and_edges(hi: HiVpc, kind: int, divisor: int, seed: int) -> None:
    """Signed kernels (sharpening ones overshoot both ways, so the clamp is exercised), powers of two
    as divisors and each supported edge, over two levels of an odd-sized picture."""
    rng = np.random.default_rng(seed)
    spread = max(1, divisor // 12)
    kernel = rng.integers(-spread, spread + divisor // 12, size=(5, 5))
    kernel[2, 2] = 0
    kernel[2, 2] = divisor - kernel.sum()  # weights summing to the divisor keep the mean level
    assert kernel.min() >= -128 and kernel.max() <= 127  # a hi_s8 kernel
    src, planes = source(hi, GRAY, 57, 42, seed=seed + 60)
    sizes = [(29, 21), (15, 11)]
    outs = [hi.picture(GRAY, *s) for s in sizes]
    edge = border(0, 0, 0, 0, kind, [77.0, 0.0, 0.0, 0.0])
    finish(hi, *hi.acl.himpi.vpc_pyrdown(CHN, src, outs, 2, kernel.tolist(), divisor, edge, -1))
    expected = planes["Y"]
    for level, out in enumerate(outs):
        expected = pyr_level(expected, kernel, divisor, kind, 77)
        got = hi.planes(GRAY, out)["Y"]
        assert level > 0 or len(np.unique(expected)) > 8  # not a flat (all clamped) picture
        np.testing.assert_array_equal(got, expected)


def test_pyrdown_default_kernel_with_constant_edge(hi: HiVpc) -> None:
    src, planes = source(hi, GRAY, 40, 30, seed=71)
    out = hi.picture(GRAY, 20, 15)
    edge = border(0, 0, 0, 0, 0, [200.0, 0.0, 0.0, 0.0])
    finish(hi, *hi.acl.himpi.vpc_pyrdown(CHN, src, [out], 1, None, 256, edge, -1))
    expected = pyr_level(planes["Y"], np.array(BINOMIAL), 256, 0, 200)
    np.testing.assert_array_equal(hi.planes(GRAY, out)["Y"], expected)


@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("fmt", [NV12, RGB], ids=lambda f: f.name)
def test_flip(hi: HiVpc, fmt: Layout, mode: int) -> None:
    src, planes = source(hi, fmt, 48, 32, seed=mode + 40)
    dst = hi.picture(fmt, 48, 32)
    finish(hi, *hi.acl.himpi.vpc_flip(CHN, {"src": src, "dst": dst, "flip_mode": mode}, -1))
    got = hi.planes(fmt, dst)
    axes = {0: (1,), 1: (0,), 2: (0, 1)}[mode]
    for comp, plane in planes.items():
        np.testing.assert_array_equal(got[comp], np.flip(plane, axes), err_msg=comp)


@pytest.mark.parametrize("angle", [0, 1, 2])
@pytest.mark.parametrize("fmt", [NV12, RGB], ids=lambda f: f.name)
def test_rotate_clockwise(hi: HiVpc, fmt: Layout, angle: int) -> None:
    src, planes = source(hi, fmt, 48, 32, seed=angle + 50)
    size = (48, 32) if angle == 1 else (32, 48)
    dst = hi.picture(fmt, *size)
    finish(hi, *hi.acl.himpi.vpc_rotate(CHN, {"src": src, "dst": dst, "angle": angle}, -1))
    got = hi.planes(fmt, dst)
    turns = -(angle + 1)  # np.rot90 turns counter-clockwise for positive k
    for comp, plane in planes.items():
        np.testing.assert_array_equal(got[comp], np.rot90(plane, turns), err_msg=comp)


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, NV12, 40, 30, seed=1)
    grown = hi.picture(NV12, 44, 34)
    assert himpi.vpc_copy_make_border(CHN, src, grown, border(2, 2, 2, 2, 4, [0.0] * 4), -1)[1] == NOT_SUPPORT
    assert himpi.vpc_copy_make_border(CHN, src, grown, border(2, 2, 2, 2, 9, [0.0] * 4), -1)[1] == ILLEGAL
    assert himpi.vpc_copy_make_border(CHN, src, grown, border(2, 2, 1, 3, 0, [0.0] * 4), -1)[1] == ILLEGAL
    assert himpi.vpc_copy_make_border(CHN, src, grown, border(2, 2, 2, 4, 0, [0.0] * 4), -1)[1] == ILLEGAL
    assert himpi.vpc_copy_make_border(77, src, grown, border(2, 2, 2, 2, 0, [0.0] * 4), -1)[1] == (
        acl.HI_ERR_VPC_UNEXIST
    )
    gray, _ = source(hi, GRAY, 40, 30, seed=2)
    half = hi.picture(GRAY, 20, 15)
    reflect101 = border(0, 0, 0, 0, 3, [0.0] * 4)
    assert himpi.vpc_pyrdown(CHN, gray, [half], 0, None, 256, reflect101, -1)[1] == ILLEGAL
    assert himpi.vpc_pyrdown(CHN, gray, [half] * 5, 5, None, 256, reflect101, -1)[1] == ILLEGAL
    assert himpi.vpc_pyrdown(CHN, gray, [half], 1, BINOMIAL, 255, reflect101, -1)[1] == ILLEGAL
    assert himpi.vpc_pyrdown(CHN, gray, [half], 1, BINOMIAL, 0, reflect101, -1)[1] == ILLEGAL
    assert himpi.vpc_pyrdown(CHN, gray, [half], 1, None, 256, border(0, 0, 0, 0, 4, [0.0] * 4), -1)[1] == (
        NOT_SUPPORT
    )
    assert (
        himpi.vpc_pyrdown(CHN, gray, [half], 1, None, 256, border(0, 0, 0, 0, 9, [0.0] * 4), -1)[1] == ILLEGAL
    )
    assert himpi.vpc_pyrdown(CHN, src, [half], 1, None, 256, reflect101, -1)[1] == NOT_SUPPORT  # NV12 input
    assert (
        himpi.vpc_pyrdown(CHN, gray, [hi.picture(GRAY, 16, 15)], 1, None, 256, reflect101, -1)[1] == ILLEGAL
    )
    # documented source sizes: at least 20x12 for one level (doubled per level), at most 2048 a side
    for width, expected in ((79, ILLEGAL), (80, 0)):  # three levels need 80x48
        three, _ = source(hi, GRAY, width, 48, seed=width)
        outs = [hi.picture(GRAY, 40, 24), hi.picture(GRAY, 20, 12), hi.picture(GRAY, 10, 6)]
        task_id, ret = himpi.vpc_pyrdown(CHN, three, outs, 3, None, 256, reflect101, -1)
        assert ret == expected
        if ret == 0:
            finish(hi, task_id, ret)
    small, _ = source(hi, GRAY, 19, 12, seed=3)
    assert (
        himpi.vpc_pyrdown(CHN, small, [hi.picture(GRAY, 10, 6)], 1, None, 256, reflect101, -1)[1] == ILLEGAL
    )
    wide, _ = source(hi, GRAY, 2050, 12, seed=4)
    assert (
        himpi.vpc_pyrdown(CHN, wide, [hi.picture(GRAY, 1025, 6)], 1, None, 256, reflect101, -1)[1] == ILLEGAL
    )
    least, _ = source(hi, GRAY, 20, 12, seed=5)
    finish(hi, *himpi.vpc_pyrdown(CHN, least, [hi.picture(GRAY, 10, 6)], 1, None, 256, reflect101, -1))
    same = hi.picture(NV12, 40, 30)
    assert himpi.vpc_flip(CHN, {"src": src, "dst": same, "flip_mode": 3}, -1)[1] == ILLEGAL
    assert himpi.vpc_rotate(CHN, {"src": src, "dst": same, "angle": 3}, -1)[1] == ILLEGAL
    assert himpi.vpc_rotate(CHN, {"src": src, "dst": same, "angle": 0}, -1)[1] == ILLEGAL  # not turned
    rgb = hi.picture(RGB, 40, 30)
    assert himpi.vpc_flip(CHN, {"src": src, "dst": rgb, "flip_mode": 0}, -1)[1] == NOT_SUPPORT
    yuv422 = FORMATS["YUV_SEMIPLANAR_422"]
    s422, _ = source(hi, yuv422, 40, 30, seed=3)
    assert himpi.vpc_rotate(CHN, {"src": s422, "dst": hi.picture(yuv422, 30, 40), "angle": 0}, -1)[1] == (
        NOT_SUPPORT
    )


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(6, {}))
print(himpi.vpc_copy_make_border(6, {}, {}, {}, -1)[1])
print(himpi.vpc_pyrdown(6, {}, [{}], 1, None, 256, {"border_type": 3}, -1)[1])
print(himpi.vpc_flip(6, {}, -1)[1])
print(himpi.vpc_rotate(6, {"angle": 1}, -1)[1])
print(himpi.vpc_destroy_chn(6))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    assert codes == [0, ILLEGAL, ILLEGAL, ILLEGAL, ILLEGAL, 0, 0]
