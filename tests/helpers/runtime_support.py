"""Objects shared by the runtime tests: result checking, per-test buffers, test data.

Import only after ACL_BACKEND is set (tests/runtime/conftest.py does it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import acl

DEVICE_ID = 0


@dataclass(frozen=True)
class Runtime:
    device: int
    context: int
    stream: int


def check(ret: int, what: str) -> None:
    """Fail with the emulator's own explanation when a call does not return ACL_SUCCESS."""
    assert ret == acl.ACL_SUCCESS, f"{what} returned {ret}: {acl.get_recent_err_msg()}"


class Allocations:
    """Device/host buffers and events of one test, released at its end even when it fails."""

    def __init__(self) -> None:
        self._device: list[int] = []
        self._host: list[int] = []
        self._events: list[int] = []
        self._streams: list[int] = []

    def device(self, size: int) -> int:
        ptr, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        check(ret, f"acl.rt.malloc({size})")
        self._device.append(ptr)
        return ptr

    def host(self, size: int) -> int:
        ptr, ret = acl.rt.malloc_host(size)
        check(ret, f"acl.rt.malloc_host({size})")
        self._host.append(ptr)
        return ptr

    def event(self) -> int:
        event, ret = acl.rt.create_event()
        check(ret, "acl.rt.create_event")
        self._events.append(event)
        return event

    def stream(self) -> int:
        stream, ret = acl.rt.create_stream()
        check(ret, "acl.rt.create_stream")
        self._streams.append(stream)
        return stream

    def release(self) -> None:
        for stream in self._streams:
            check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream")
            check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
        for event in self._events:
            check(acl.rt.destroy_event(event), "acl.rt.destroy_event")
        for ptr in self._device:
            check(acl.rt.free(ptr), "acl.rt.free")
        for ptr in self._host:
            check(acl.rt.free_host(ptr), "acl.rt.free_host")


def pattern(size: int, seed: int) -> bytes:
    """`size` deterministic pseudo-random bytes."""
    return random.Random(seed).randbytes(size) if size else b""


def read_host(ptr: int, size: int) -> bytes:
    return acl.util.ptr_to_bytes(ptr, size)


def refused(ret: int, *words: str, code: int = acl.ACL_ERROR_INVALID_PARAM) -> None:
    """Assert a call failed with `code` and that the recorded message names each of `words`."""
    message = acl.get_recent_err_msg()
    assert ret == code, (ret, message)
    for word in words:
        assert word in message, message
