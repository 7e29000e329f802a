"""Driving the VPC calls from the tests: a VPC channel on a stream, pictures in DVPP memory with
their pic descs, ROI/resize/border configs, all released at the end of a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pytest
from vpc_reference import FORMATS, Layout, pack, random_planes, strides, unpack

import acl

media = acl.media
MEMCPY_H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
MEMCPY_D2H = acl.ACL_MEMCPY_DEVICE_TO_HOST


def check(ret: int, what: str) -> None:
    assert ret == acl.ACL_SUCCESS, f"{what} returned {ret}: {acl.get_recent_err_msg()}"


@dataclass
class Picture:
    desc: int
    data: int
    fmt: Layout
    width: int
    height: int
    ws: int
    hs: int
    size: int
    in_batch: bool = False


class VpcSession:
    """One test's channel and objects; `release` frees everything it made."""

    def __init__(self, stream: int) -> None:
        self.stream = stream
        self.channel = media.dvpp_create_channel_desc()
        assert self.channel, acl.get_recent_err_msg()
        check(media.dvpp_create_channel(self.channel), "dvpp_create_channel")
        self._pics: list[Picture] = []
        self._rois: list[int] = []
        self._configs: list[tuple[int, str]] = []
        self._batches: list[int] = []

    def picture(
        self, fmt: str | Layout, w: int, h: int, extra_w: int = 0, extra_h: int = 0, fill: int = 0
    ) -> Picture:
        layout = FORMATS[fmt] if isinstance(fmt, str) else fmt
        ws, hs = strides(layout, w, h, extra_w, extra_h)
        size = layout.buffer_size(ws, hs)
        data, ret = media.dvpp_malloc(size)
        check(ret, "dvpp_malloc")
        desc = media.dvpp_create_pic_desc()
        assert desc, acl.get_recent_err_msg()
        pic = Picture(desc, data, layout, w, h, ws, hs, size)
        self._pics.append(pic)
        self.describe(pic)
        self.upload(pic, np.full(size, fill, np.uint8))
        return pic

    def use_matrix(self, matrix: int) -> None:
        """Recreate the channel with another CSC matrix (the runtime takes it at creation)."""
        check(media.dvpp_destroy_channel(self.channel), "dvpp_destroy_channel")
        _, ret = media.dvpp_set_channel_desc_param(self.channel, acl.ACL_DVPP_CSC_MATRIX_UINT32, matrix)
        check(ret, "dvpp_set_channel_desc_param")
        check(media.dvpp_create_channel(self.channel), "dvpp_create_channel")

    def source(
        self, fmt: str, w: int, h: int, seed: int, extra_w: int = 0, extra_h: int = 0
    ) -> tuple[Picture, dict[str, np.ndarray]]:
        """A picture filled with random planes (returned for the reference)."""
        pic = self.picture(fmt, w, h, extra_w, extra_h)
        planes = random_planes(pic.fmt, w, h, np.random.default_rng(seed))
        self.fill_planes(pic, planes)
        return pic, planes

    def resize(self, src: Picture, dst: Picture, interpolation: int | None = None) -> dict[str, np.ndarray]:
        """acl.media.dvpp_vpc_resize_async, synchronized; the output's planes."""
        config = self.resize_config(interpolation)
        ret = media.dvpp_vpc_resize_async(self.channel, src.desc, dst.desc, config, self.stream)
        self.run(ret, "dvpp_vpc_resize_async")
        return self.planes(dst)

    def describe(self, pic: Picture) -> None:
        check(media.dvpp_set_pic_desc_data(pic.desc, pic.data), "set data")
        check(media.dvpp_set_pic_desc_size(pic.desc, pic.size), "set size")
        check(media.dvpp_set_pic_desc_format(pic.desc, pic.fmt.value), "set format")
        check(media.dvpp_set_pic_desc_width(pic.desc, pic.width), "set width")
        check(media.dvpp_set_pic_desc_height(pic.desc, pic.height), "set height")
        check(media.dvpp_set_pic_desc_width_stride(pic.desc, pic.ws), "set width stride")
        check(media.dvpp_set_pic_desc_height_stride(pic.desc, pic.hs), "set height stride")

    def upload(self, pic: Picture, buf: np.ndarray) -> None:
        buf = np.ascontiguousarray(buf, dtype=np.uint8)
        check(acl.rt.memcpy(pic.data, pic.size, buf.ctypes.data, buf.nbytes, MEMCPY_H2D), "memcpy h2d")

    def download(self, pic: Picture) -> np.ndarray:
        out = np.empty(pic.size, np.uint8)
        check(acl.rt.memcpy(out.ctypes.data, out.nbytes, pic.data, pic.size, MEMCPY_D2H), "memcpy d2h")
        return out

    def fill_planes(self, pic: Picture, planes: dict[str, np.ndarray]) -> None:
        self.upload(pic, pack(pic.fmt, planes, pic.ws, pic.hs))

    def planes(self, pic: Picture) -> dict[str, np.ndarray]:
        return unpack(pic.fmt, self.download(pic), pic.width, pic.height, pic.ws, pic.hs)

    def roi(self, left: int, right: int, top: int, bottom: int) -> int:
        roi = media.dvpp_create_roi_config(left, right, top, bottom)
        assert roi, acl.get_recent_err_msg()
        self._rois.append(roi)
        return roi

    def resize_config(self, interpolation: int | None = None) -> int:
        config = media.dvpp_create_resize_config()
        assert config, acl.get_recent_err_msg()
        self._configs.append((config, "resize"))
        if interpolation is not None:
            check(media.dvpp_set_resize_config_interpolation(config, interpolation), "set interpolation")
        return config

    def border_config(
        self, kind: int, top: int, bottom: int, left: int, right: int, values: tuple[int, ...]
    ) -> int:
        config = media.dvpp_create_border_config()
        assert config, acl.get_recent_err_msg()
        self._configs.append((config, "border"))
        check(media.dvpp_set_border_config_border_type(config, kind), "set border type")
        check(media.dvpp_set_border_config_top(config, top), "set top")
        check(media.dvpp_set_border_config_bottom(config, bottom), "set bottom")
        check(media.dvpp_set_border_config_left(config, left), "set left")
        check(media.dvpp_set_border_config_right(config, right), "set right")
        for i, value in enumerate(values):
            check(media.dvpp_set_border_config_value(config, i, float(value)), "set value")
        return config

    def batch(self, pics: list[Picture]) -> int:
        batch = media.dvpp_create_batch_pic_desc(len(pics))
        assert batch, acl.get_recent_err_msg()
        self._batches.append(batch)
        for i, pic in enumerate(pics):
            element = media.dvpp_get_pic_desc(batch, i)
            assert element, acl.get_recent_err_msg()
            if not pic.in_batch:
                media.dvpp_destroy_pic_desc(pic.desc)
            pic.desc = element
            pic.in_batch = True
            self.describe(pic)
        return batch

    def sync(self) -> int:
        return acl.rt.synchronize_stream(self.stream)

    def run(self, ret: int, what: str) -> None:
        """A call's own return and the stream's must both be success."""
        check(ret, what)
        check(self.sync(), f"{what} (synchronize)")

    def release(self) -> None:
        for pic in self._pics:
            media.dvpp_free(pic.data)
            if not pic.in_batch:
                media.dvpp_destroy_pic_desc(pic.desc)
        for batch in self._batches:
            media.dvpp_destroy_batch_pic_desc(batch)
        for roi in self._rois:
            media.dvpp_destroy_roi_config(roi)
        for config, kind in self._configs:
            if kind == "resize":
                media.dvpp_destroy_resize_config(config)
            else:
                media.dvpp_destroy_border_config(config)
        media.dvpp_destroy_channel(self.channel)
        media.dvpp_destroy_channel_desc(self.channel)


@pytest.fixture(name="vpc")
def vpc_fixture(media_stream: int) -> Iterator[VpcSession]:
    """A VpcSession on the stream of conftest.py's media_stream fixture."""
    session = VpcSession(media_stream)
    yield session
    session.release()
