"""acl.himpi VPC channels: create/destroy, resize and crop against the image issue's numpy references
(vpc_reference.py), hi_mpi_vpc_get_process_result, and refusals (bad channels, pictures, dicts)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from helpers.runtime_support import check  # noqa: E402
from helpers.subproc import describe, run_command  # noqa: E402
from himpi_vpc_session import HiVpc, finish, source, vpc_session  # noqa: E402
from vpc_reference import (  # noqa: E402
    FORMATS,
    resize_bilinear,
    resize_nearest,
)

import acl  # noqa: E402

HI_ERR_VPC_EXIST = acl.HI_ERR_VPC_EXIST
HI_ERR_VPC_UNEXIST = acl.HI_ERR_VPC_UNEXIST
HI_ERR_VPC_ILLEGAL_PARAM = acl.HI_ERR_VPC_ILLEGAL_PARAM
HI_ERR_VPC_NOT_SUPPORT = acl.HI_ERR_VPC_NOT_SUPPORT
HI_ERR_VPC_INVALID_CHN_ID = acl.HI_ERR_VPC_INVALID_CHN_ID
CHN = 5
NV12 = FORMATS["YUV_SEMIPLANAR_420"]


@pytest.fixture(scope="module")
def hi(media_stream: int) -> Iterator[HiVpc]:
    with vpc_session(CHN) as session:
        yield session


@pytest.mark.parametrize(
    ("src_size", "dst_size", "interpolation"),
    [
        ((64, 32), (32, 16), 0),
        ((50, 40), (224, 224), 0),
        ((128, 96), (300, 60), 1),
        ((100, 64), (100, 64), 0),
    ],
)
def test_resize_nv12_matches_the_reference(
    hi: HiVpc, src_size: tuple[int, int], dst_size: tuple[int, int], interpolation: int
) -> None:
    src, planes = source(hi, NV12, *src_size, seed=sum(src_size))
    dst = hi.picture(NV12, *dst_size)
    task_id, ret = hi.acl.himpi.vpc_resize(CHN, src, dst, 0.0, 0.0, interpolation, -1)
    finish(hi, task_id, ret)
    got = hi.planes(NV12, dst)
    resize = resize_nearest if interpolation == 1 else resize_bilinear
    cw, ch = NV12.chroma_size(*dst_size)
    for comp, plane in planes.items():
        expected = resize(plane, *dst_size) if comp == "Y" else resize(plane, cw, ch)
        diff = np.abs(got[comp].astype(int) - expected.astype(int)).max()
        assert diff <= (0 if interpolation == 1 else 1), comp


def test_resize_rgb(hi: HiVpc) -> None:
    fmt = FORMATS["RGB_888"]
    src, planes = source(hi, fmt, 40, 30, seed=3)
    dst = hi.picture(fmt, 80, 60)
    finish(hi, *hi.acl.himpi.vpc_resize(CHN, src, dst, 2.0, 2.0, 1, 1000))
    got = hi.planes(fmt, dst)
    for comp, plane in planes.items():
        np.testing.assert_array_equal(got[comp], resize_nearest(plane, 80, 60))


def test_crop_several_regions_exactly(hi: HiVpc) -> None:
    src, planes = source(hi, NV12, 96, 64, seed=9)
    regions = [(0, 0, 32, 16), (10, 20, 40, 30), (64, 48, 32, 16)]  # left, top, w, h (even for NV12)
    outputs = [hi.picture(NV12, w, h) for _, _, w, h in regions]
    crop_info = [
        {
            "dest_pic_info": out,
            "crop_region": {"left_offset": x, "top_offset": y, "crop_width": w, "crop_height": h},
        }
        for out, (x, y, w, h) in zip(outputs, regions)
    ]
    finish(hi, *hi.acl.himpi.vpc_crop(CHN, src, crop_info, len(crop_info), -1))
    for out, (x, y, w, h) in zip(outputs, regions):
        got = hi.planes(NV12, out)
        np.testing.assert_array_equal(got["Y"], planes["Y"][y : y + h, x : x + w])
        for comp in "UV":
            np.testing.assert_array_equal(
                got[comp], planes[comp][y // 2 : (y + h) // 2, x // 2 : (x + w) // 2]
            )


def test_channel_lifecycle_and_numbering(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    attr = {"attr": 0, "pic_width": 64, "pic_height": 64}
    assert himpi.vpc_create_chn(CHN, attr) == HI_ERR_VPC_EXIST
    assert himpi.vpc_create_chn(256, attr) == HI_ERR_VPC_INVALID_CHN_ID
    assert himpi.vpc_create_chn(-1, attr) == HI_ERR_VPC_INVALID_CHN_ID
    for big in ({"pic_width": 4097}, {"pic_height": 4097}):  # the documented largest is 4096 x 4096
        assert himpi.vpc_create_chn(CHN + 1, {**attr, **big}) == HI_ERR_VPC_ILLEGAL_PARAM
        assert himpi.vpc_sys_create_chn({**attr, **big})[1] == HI_ERR_VPC_ILLEGAL_PARAM
    assert himpi.vpc_create_chn(CHN + 1, {"attr": 0, "pic_width": 4096, "pic_height": 4096}) == 0
    assert himpi.vpc_destroy_chn(CHN + 1) == 0
    first, ret = himpi.vpc_sys_create_chn(attr)
    check(ret, "vpc_sys_create_chn")
    assert first == 0  # the lowest free number
    second, ret = himpi.vpc_sys_create_chn(attr)
    assert (second, ret) == (1, 0)
    assert himpi.vpc_destroy_chn(first) == 0
    assert himpi.vpc_destroy_chn(first) == HI_ERR_VPC_UNEXIST
    assert himpi.vpc_sys_create_chn(attr) == (0, 0)
    for chn in (0, 1):
        assert himpi.vpc_destroy_chn(chn) == 0


def test_refusals(hi: HiVpc) -> None:
    himpi = hi.acl.himpi
    src, _ = source(hi, NV12, 64, 32, seed=1)
    dst = hi.picture(NV12, 32, 16)
    assert himpi.vpc_resize(77, src, dst, 0.0, 0.0, 0, -1)[1] == HI_ERR_VPC_UNEXIST
    assert himpi.vpc_resize(CHN, src, dst, 0.0, 0.0, 5, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM
    assert himpi.vpc_resize(CHN, src, dst, -1.0, 0.0, 0, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM
    narrow = dict(dst, picture_width=16, picture_width_stride=16)  # below the 32-byte stride minimum
    assert himpi.vpc_resize(CHN, src, narrow, 0.0, 0.0, 0, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM
    assert "widthStride" in hi.acl.get_recent_err_msg()
    assert (
        himpi.vpc_resize(CHN, src, dict(dst, picture_format=9999), 0.0, 0.0, 0, -1)[1]
        == HI_ERR_VPC_NOT_SUPPORT
    )
    small = dict(dst, picture_buffer_size=100)
    assert himpi.vpc_resize(CHN, src, small, 0.0, 0.0, 0, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM
    crop = {
        "dest_pic_info": dst,
        "crop_region": {"left_offset": 40, "top_offset": 0, "crop_width": 32, "crop_height": 16},
    }
    assert himpi.vpc_crop(CHN, src, [crop], 1, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM  # past the right edge
    assert himpi.vpc_crop(CHN, src, [], 0, -1)[1] == HI_ERR_VPC_ILLEGAL_PARAM
    assert himpi.vpc_get_process_result(CHN, 123456789, 0) == HI_ERR_VPC_ILLEGAL_PARAM
    assert himpi.vpc_get_process_result(CHN, 1, -5) == HI_ERR_VPC_ILLEGAL_PARAM
    assert himpi.vpc_get_process_result(78, 1, 0) == HI_ERR_VPC_UNEXIST


def test_timed_result_of_a_done_task_does_not_wait(hi: HiVpc) -> None:
    import time

    src, _ = source(hi, NV12, 64, 32, seed=4)
    task_id, ret = hi.acl.himpi.vpc_resize(CHN, src, hi.picture(NV12, 32, 16), 0.0, 0.0, 0, -1)
    check(ret, "resize")
    start = time.monotonic()
    assert hi.acl.himpi.vpc_get_process_result(CHN, task_id, 5000) == 0
    assert time.monotonic() - start < 2.0


_BAD_DICTS = """
import acl
acl.init(); acl.rt.set_device(0)
from acl import himpi
himpi.sys_init()
print(himpi.vpc_create_chn(3, {}))
print(himpi.vpc_resize(3, {}, {}, 0.0, 0.0, 0, -1)[1])
print(himpi.vpc_crop(3, {}, [{}], 1, -1)[1])
print(himpi.vpc_crop(3, {"picture_address": 16, "picture_width": 64, "picture_height": 64}, [{}], 1, -1)[1])
print(himpi.vpc_destroy_chn(3))
print(himpi.sys_exit())
"""


def test_bad_dicts_give_codes_in_a_child_process() -> None:
    result = run_command([sys.executable, "-c", _BAD_DICTS], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    codes = [int(line) for line in result.stdout.split()]
    assert codes == [0, HI_ERR_VPC_ILLEGAL_PARAM, HI_ERR_VPC_ILLEGAL_PARAM, HI_ERR_VPC_ILLEGAL_PARAM, 0, 0]


_LEFT_BEHIND = """
import acl
acl.init(); acl.rt.set_device(0)
acl.himpi.sys_init()
print(acl.himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))
acl.rt.reset_device(0); acl.finalize()
acl.init(); acl.rt.set_device(0)
print(acl.himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))  # before sys_init
acl.himpi.sys_init()
print(acl.himpi.vpc_create_chn(3, {"attr": 0, "pic_width": 64, "pic_height": 64}))
print(acl.himpi.vpc_destroy_chn(3))
"""


def test_finalize_forgets_channels_left_behind() -> None:
    result = run_command(
        [sys.executable, "-c", _LEFT_BEHIND], {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": "1"}
    )
    assert result.returncode == 0, describe(result)
    assert [int(line) for line in result.stdout.split()] == [0, acl.HI_ERR_VPC_SYS_NOT_READY, 0, 0]
    assert "1 hi_mpi channel(s) were never destroyed" in result.stderr
