"""A hi_mpi VPC test session shared by the tests/media/test_himpi_vpc*.py files: sys init, one
channel, DVPP pictures built from numpy planes (vpc_reference.py layouts) and read back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from helpers.cdata_support import address  # noqa: F401  (re-exported for the himpi tests)
from helpers.runtime_support import check
from vpc_reference import Layout, pack, random_planes, strides, unpack

HOST_TO_DEVICE, DEVICE_TO_HOST = 1, 2


class HiVpc:
    """hi_mpi sys and one VPC channel, plus the DVPP buffers of the tests."""

    def __init__(self, chn: int) -> None:
        import acl

        self.acl = acl
        self.chn = chn
        self.buffers: list[int] = []

    def picture(
        self, fmt: Layout, w: int, h: int, planes: dict[str, np.ndarray] | None = None
    ) -> dict[str, Any]:
        ws, hs = strides(fmt, w, h)
        size = fmt.buffer_size(ws, hs)
        ptr, ret = self.acl.himpi.dvpp_malloc(0, size)
        check(ret, "dvpp_malloc")
        self.buffers.append(ptr)
        data = pack(fmt, planes, ws, hs).tobytes() if planes else bytes(size)
        check(self.acl.rt.memcpy(ptr, size, self.acl.util.bytes_to_ptr(data), size, HOST_TO_DEVICE), "upload")
        return {
            "picture_address": ptr,
            "picture_buffer_size": size,
            "picture_width": w,
            "picture_height": h,
            "picture_width_stride": ws,
            "picture_height_stride": hs,
            "picture_format": fmt.value,
        }

    def planes(self, fmt: Layout, pic: dict[str, Any]) -> dict[str, np.ndarray]:
        size = pic["picture_buffer_size"]
        host = bytes(size)
        check(
            self.acl.rt.memcpy(
                self.acl.util.bytes_to_ptr(host), size, pic["picture_address"], size, DEVICE_TO_HOST
            ),
            "download",
        )
        buf = np.frombuffer(host, dtype=np.uint8)
        return unpack(
            fmt,
            buf,
            pic["picture_width"],
            pic["picture_height"],
            pic["picture_width_stride"],
            pic["picture_height_stride"],
        )

    def release(self) -> None:
        for ptr in self.buffers:
            check(self.acl.himpi.dvpp_free(ptr), "dvpp_free")


@contextmanager
def vpc_session(chn: int) -> Iterator[HiVpc]:
    """hi_mpi sys initialised and VPC channel `chn` created for the block; both undone after."""
    import acl

    check(acl.himpi.sys_init(), "sys_init")
    check(acl.himpi.vpc_create_chn(chn, {"attr": 0, "pic_width": 1920, "pic_height": 1080}), "vpc_create_chn")
    session = HiVpc(chn)
    try:
        yield session
    finally:
        session.release()
        check(acl.himpi.vpc_destroy_chn(chn), "vpc_destroy_chn")
        check(acl.himpi.sys_exit(), "sys_exit")


def source(hi: HiVpc, fmt: Layout, w: int, h: int, seed: int) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """A random picture of `fmt` in DVPP memory and its planes."""
    planes = random_planes(fmt, w, h, np.random.default_rng(seed))
    return hi.picture(fmt, w, h, planes), planes


def finish(hi: HiVpc, task_id: int, ret: int) -> None:
    """The operation succeeded, its task's result is 0, and a result is taken only once."""
    check(ret, "vpc operation")
    assert hi.acl.himpi.vpc_get_process_result(hi.chn, task_id, -1) == 0
    assert hi.acl.himpi.vpc_get_process_result(hi.chn, task_id, 0) == hi.acl.HI_ERR_VPC_ILLEGAL_PARAM
