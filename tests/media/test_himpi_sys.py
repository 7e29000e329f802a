"""acl.himpi system calls on the emulator: sys init/exit, DVPP memory, image alignment, CSC matrices.

Expected strides are computed here from the documented rules (bytes per pixel, 16-byte width
alignment with a 32-byte minimum, 2-line height alignment; 64/16 with JPEGD), not read back from
the emulator.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.runtime_support import check

HI_ERR_SYS_ILLEGAL_PARAM = 0xA0028003
HI_ERR_SYS_NULL_PTR = 0xA0028006
HI_ERR_SYS_NOT_SUPPORT = 0xA0028008

HI_MOD_VPC, HI_MOD_VDEC, HI_MOD_JPEGD = 0, 2, 4
HI_ID_VPC, HI_ID_VENC, HI_ID_RGN = 7, 8, 3
HI_CSC_MATRIX_BT709_NARROW, HI_CSC_MATRIX_USER, HI_CSC_MATRIX_BT601_WIDE = 3, 100, 0

YUV420SP, YUYV422, RGB888, ARGB8888 = 1, 7, 12, 16
BYTES_PER_PIXEL = {YUV420SP: 1, YUYV422: 2, RGB888: 3, ARGB8888: 4}


@pytest.fixture(scope="module")
def himpi(media_stream: int) -> Iterator[object]:
    import acl

    check(acl.himpi.sys_init(), "sys_init")
    yield acl.himpi
    check(acl.himpi.sys_exit(), "sys_exit")


def _align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def _buffer_size(fmt: int, width_stride: int, height_stride: int) -> int:
    return width_stride * height_stride * 3 // 2 if fmt == YUV420SP else width_stride * height_stride


def test_init_is_idempotent_and_full_init_works(himpi: object) -> None:
    import acl

    assert acl.himpi.sys_init() == 0
    assert acl.himpi.sys_full_init() == 0


def test_dvpp_malloc_gives_aligned_usable_memory(himpi: object) -> None:
    import acl

    ptr, ret = acl.himpi.dvpp_malloc(0, 1000)
    check(ret, "dvpp_malloc")
    assert ptr % 128 == 0
    data = bytes(range(256)) * 3
    check(acl.rt.memcpy(ptr, 1000, acl.util.bytes_to_ptr(data), len(data), 1), "memcpy to dvpp")
    back = bytes(len(data))
    check(acl.rt.memcpy(acl.util.bytes_to_ptr(back), len(back), ptr, len(data), 2), "memcpy back")
    assert back == data
    assert acl.himpi.dvpp_free(ptr) == 0
    assert acl.himpi.dvpp_free(ptr) == HI_ERR_SYS_ILLEGAL_PARAM  # double free


def test_dvpp_malloc_refuses_bad_arguments(himpi: object) -> None:
    import acl

    assert acl.himpi.dvpp_malloc(0, 0)[1] == HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.dvpp_malloc(7, 64)[1] == HI_ERR_SYS_ILLEGAL_PARAM  # not the current device
    assert acl.himpi.dvpp_free(0) == HI_ERR_SYS_NULL_PTR
    host, ret = acl.rt.malloc_host(64)
    check(ret, "malloc_host")
    assert acl.himpi.dvpp_free(host) == HI_ERR_SYS_ILLEGAL_PARAM  # not DVPP memory
    check(acl.rt.free_host(host), "free_host")


@pytest.mark.parametrize("fmt", sorted(BYTES_PER_PIXEL))
@pytest.mark.parametrize("size", [(1, 1), (33, 17), (640, 480), (1921, 1081)])
@pytest.mark.parametrize("modules", [[HI_MOD_VPC], [HI_MOD_VDEC, HI_MOD_VPC], [HI_MOD_VPC, HI_MOD_JPEGD]])
def test_image_align_info(himpi: object, fmt: int, size: tuple[int, int], modules: list[int]) -> None:
    import acl

    width, height = size
    info, ret = acl.himpi.sys_get_image_align_info(
        modules, len(modules), {"width": width, "height": height, "pixel_format": fmt}
    )
    check(ret, "sys_get_image_align_info")
    width_align, height_align = (64, 16) if HI_MOD_JPEGD in modules else (16, 2)
    width_stride = max(32, _align(width * BYTES_PER_PIXEL[fmt], width_align))
    height_stride = _align(height, height_align)
    assert (info["width_stride"], info["height_stride"]) == (width_stride, height_stride)
    assert info["img_buf_size"] == _buffer_size(fmt, width_stride, height_stride)


@pytest.mark.parametrize(
    "modules, base, code",
    [
        ([], {"width": 64, "height": 64, "pixel_format": YUV420SP}, HI_ERR_SYS_ILLEGAL_PARAM),
        ([42], {"width": 64, "height": 64, "pixel_format": YUV420SP}, HI_ERR_SYS_ILLEGAL_PARAM),
        ([HI_MOD_VPC], {"width": 0, "height": 64, "pixel_format": YUV420SP}, HI_ERR_SYS_ILLEGAL_PARAM),
        ([HI_MOD_VPC], {"width": 64, "height": 64, "pixel_format": 9999}, HI_ERR_SYS_NOT_SUPPORT),
        ([HI_MOD_VPC], {}, HI_ERR_SYS_ILLEGAL_PARAM),  # an empty dict: zeros, refused
    ],
)
def test_image_align_info_refusals(
    himpi: object, modules: list[int], base: dict[str, int], code: int
) -> None:
    import acl

    _, ret = acl.himpi.sys_get_image_align_info(modules, len(modules), base)
    assert ret == code, acl.get_recent_err_msg()
    assert "hi_mpi_sys_get_image_align_info" in acl.get_recent_err_msg()


def _coefficient(seed: float) -> dict[str, dict[str, float]]:
    keys = [f"csc_matrix_r{r}_c{c}" for r in range(3) for c in range(3)] + [
        f"csc_bias_r{r}" for r in range(3)
    ]
    return {
        "yuv_to_rgb_coefficient": {k: seed + i / 8 for i, k in enumerate(keys)},
        "rgb_to_yuv_coefficient": {k: -seed - i / 4 for i, k in enumerate(keys)},
    }


def test_csc_matrix_is_stored_per_channel(himpi: object) -> None:
    import acl

    user = _coefficient(1.5)
    check(acl.himpi.sys_set_chn_csc_matrix(HI_ID_VPC, 3, HI_CSC_MATRIX_USER, user), "set user matrix")
    check(
        acl.himpi.sys_set_chn_csc_matrix(HI_ID_VENC, 3, HI_CSC_MATRIX_BT709_NARROW, _coefficient(0)),
        "set venc",
    )
    matrix, coefficient, ret = acl.himpi.sys_get_chn_csc_matrix(HI_ID_VPC, 3)
    check(ret, "get vpc")
    assert (matrix, coefficient) == (HI_CSC_MATRIX_USER, user)
    assert acl.himpi.sys_get_chn_csc_matrix(HI_ID_VENC, 3)[0] == HI_CSC_MATRIX_BT709_NARROW
    assert acl.himpi.sys_get_chn_csc_matrix(HI_ID_VPC, 4)[0] == HI_CSC_MATRIX_BT601_WIDE  # never set


@pytest.mark.parametrize(
    "mode, chn, matrix",
    [(HI_ID_RGN, 0, HI_CSC_MATRIX_BT601_WIDE), (HI_ID_VPC, -1, 0), (HI_ID_VPC, 256, 0), (HI_ID_VPC, 0, 6)],
)
def test_csc_matrix_refusals(himpi: object, mode: int, chn: int, matrix: int) -> None:
    import acl

    assert acl.himpi.sys_set_chn_csc_matrix(mode, chn, matrix, _coefficient(0)) == HI_ERR_SYS_ILLEGAL_PARAM
    if matrix == 0:
        assert acl.himpi.sys_get_chn_csc_matrix(mode, chn)[2] == HI_ERR_SYS_ILLEGAL_PARAM
