"""Media (acl.media) tests on the emulator: a runtime with a stream, and a DVPP session that owns the
channel, DVPP buffers and descriptors a test makes and releases them at its end.

ACL_BACKEND is set before anything imports `acl`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["ACL_BACKEND"] = "emulator"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for `helpers`

from helpers.runtime_support import check  # imports acl: only after ACL_BACKEND is set


@pytest.fixture(scope="module")
def media_stream() -> Iterator[int]:
    """An initialised runtime with device 0, a context and a stream; yields the stream."""
    import acl

    try:
        ret = acl.init()
    except TypeError:  # bindings where the config path is still required
        ret = acl.init(None)
    owns_init = ret != acl.ACL_ERROR_REPEAT_INITIALIZE
    if owns_init:
        check(ret, "acl.init")
    check(acl.rt.set_device(0), "acl.rt.set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    yield stream
    check(acl.rt.set_context(context), "acl.rt.set_context")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(0), "acl.rt.reset_device")
    if owns_init:
        check(acl.finalize(), "acl.finalize")


class DvppSession:
    """A created DVPP channel plus the buffers and pic descs of one test."""

    def __init__(self, stream: int) -> None:
        import acl

        self.acl = acl
        self.media = acl.media
        self.stream = stream
        self.channel = self.media.dvpp_create_channel_desc()
        assert self.channel, acl.get_recent_err_msg()
        check(self.media.dvpp_create_channel(self.channel), "dvpp_create_channel")
        self._buffers: list[int] = []
        self._descs: list[int] = []

    def malloc(self, size: int) -> int:
        ptr, ret = self.media.dvpp_malloc(size)
        check(ret, f"dvpp_malloc({size})")
        self._buffers.append(ptr)
        return ptr

    def upload(self, data: bytes, room: int = 0) -> int:
        """DVPP memory holding `data` (plus `room` more bytes)."""
        ptr = self.malloc(len(data) + room)
        check(
            self.acl.rt.memcpy(ptr, len(data), self.acl.util.bytes_to_ptr(data), len(data), 1),
            "memcpy host to device",
        )
        return ptr

    def fill(self, ptr: int, data: bytes) -> None:
        check(
            self.acl.rt.memcpy(ptr, len(data), self.acl.util.bytes_to_ptr(data), len(data), 1),
            "memcpy host to device",
        )

    def download(self, ptr: int, size: int) -> bytes:
        host = bytes(size)  # pyACL's idiom: copies land in the bytes object's own buffer
        check(
            self.acl.rt.memcpy(self.acl.util.bytes_to_ptr(host), size, ptr, size, 2), "memcpy device to host"
        )
        return host

    def pic_desc(self, data: int = 0, size: int = 0, fmt: int | None = None, **fields: int) -> int:
        desc = self.media.dvpp_create_pic_desc()
        assert desc, self.acl.get_recent_err_msg()
        self._descs.append(desc)
        if data:
            check(self.media.dvpp_set_pic_desc_data(desc, data), "set data")
        if size:
            check(self.media.dvpp_set_pic_desc_size(desc, size), "set size")
        if fmt is not None:
            check(self.media.dvpp_set_pic_desc_format(desc, fmt), "set format")
        for name, value in fields.items():
            check(getattr(self.media, f"dvpp_set_pic_desc_{name}")(desc, value), f"set {name}")
        return desc

    def pic(self, desc: int) -> dict[str, int]:
        """Every field of a pic desc, read back through the getters."""
        names = ("data", "size", "format", "width", "height", "width_stride", "height_stride", "ret_code")
        return {n: int(getattr(self.media, f"dvpp_get_pic_desc_{n}")(desc)) for n in names}

    def sync(self) -> int:
        return self.acl.rt.synchronize_stream(self.stream)

    def release(self) -> None:
        for desc in self._descs:
            self.media.dvpp_destroy_pic_desc(desc)
        for ptr in self._buffers:
            self.media.dvpp_free(ptr)
        check(self.media.dvpp_destroy_channel(self.channel), "dvpp_destroy_channel")
        check(self.media.dvpp_destroy_channel_desc(self.channel), "dvpp_destroy_channel_desc")


@pytest.fixture()
def dvpp(media_stream: int) -> Iterator[Any]:
    session = DvppSession(media_stream)
    yield session
    session.release()


@pytest.fixture(scope="module")
def context(media_stream: int) -> int:
    """The context current on the test thread, for report threads that must share it."""
    import acl

    ctx, ret = acl.rt.get_context()
    check(ret, "get_context")
    return ctx


@pytest.fixture
def reporter(context: int) -> Iterator[Any]:
    """A running acl.rt.process_report thread (the VDEC/VENC callbacks run on it)."""
    from video_streams import ReportThread

    import acl

    thread = ReportThread(acl, context)
    yield thread
    thread.stop()
