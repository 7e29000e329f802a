"""A hi_mpi session for the VDEC / PNGD / VENC channel tests: hi_mpi_sys_init on top of the media
runtime fixture, DVPP buffers freed at the end, and the dicts the channel calls take."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import acl

HI_SUCCESS = 0


def hi_check(ret: int, what: str) -> None:
    assert ret == HI_SUCCESS, f"{what} returned {ret:#x}: {acl.get_recent_err_msg()}"


class HiSession:
    def __init__(self) -> None:
        self.buffers: list[int] = []

    def malloc(self, size: int) -> int:
        ptr, ret = acl.media.dvpp_malloc(size)
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        self.buffers.append(ptr)
        return ptr

    def upload(self, data: bytes) -> int:
        ptr = self.malloc(len(data))
        ret = acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), 1)
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        return ptr

    def download(self, ptr: int, size: int) -> bytes:
        host = bytes(size)
        ret = acl.rt.memcpy(acl.util.bytes_to_ptr(host), size, ptr, size, 2)
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        return host

    def release(self) -> None:
        for ptr in self.buffers:
            acl.media.dvpp_free(ptr)


def vdec_stream(addr: int, length: int, pts: int = 0, eos: int = 0, display: int = 1) -> dict[str, Any]:
    return {
        "end_of_frame": 1,
        "end_of_stream": eos,
        "need_display": display,
        "pts": pts,
        "private_data": 0,
        "len": length,
        "addr": addr,
    }


def vdec_pic_info(addr: int, size: int, fmt: int, width: int = 0, height: int = 0) -> dict[str, Any]:
    return {
        "width": width,
        "height": height,
        "width_stride": 0,
        "height_stride": 0,
        "pixel_format": fmt,
        "vir_addr": addr,
        "buffer_size": size,
        "offset_top": 0,
        "offset_bottom": 0,
        "offset_left": 0,
        "offset_right": 0,
    }


def vdec_attr(payload: int, width: int = 0, height: int = 0, frames: int = 0) -> dict[str, Any]:
    return {
        "type": payload,
        "mode": acl.HI_VDEC_SEND_MODE_FRAME,
        "pic_width": width,
        "pic_height": height,
        "stream_buf_size": 0,
        "frame_buf_size": 0,
        "frame_buf_cnt": frames,
        "video_attr": {"ref_frame_num": 4, "temporal_mvp_en": 1, "tmv_buf_size": 0},
    }


@pytest.fixture(name="himpi")
def himpi_fixture(media_stream: int) -> Iterator[HiSession]:
    """hi_mpi_sys_init'ed on the media runtime; buffers freed and the system exited at the end."""
    hi_check(acl.himpi.sys_init(), "sys_init")
    session = HiSession()
    yield session
    session.release()
    hi_check(acl.himpi.sys_exit(), "sys_exit")
