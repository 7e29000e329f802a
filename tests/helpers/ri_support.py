"""Helpers of the model run instance tests: numpy buffers on the device, capture, C callbacks."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from acl._generated._acl_cffi import ffi

import acl
from helpers.runtime_support import Allocations, check

H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
D2H = acl.ACL_MEMCPY_DEVICE_TO_HOST
D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE


def upload(alloc: Allocations, array: np.ndarray) -> int:
    ptr = alloc.device(array.nbytes)
    put(ptr, array)
    return ptr


def put(ptr: int, array: np.ndarray) -> None:
    array = np.ascontiguousarray(array)
    check(acl.rt.memcpy(ptr, array.nbytes, array.ctypes.data, array.nbytes, H2D), "memcpy h2d")


def download(ptr: int, like: np.ndarray) -> np.ndarray:
    out = np.empty_like(like)
    check(acl.rt.memcpy(out.ctypes.data, out.nbytes, ptr, out.nbytes, D2H), "memcpy d2h")
    return out


def copy_async(dst: int, src: int, nbytes: int, stream: int) -> None:
    check(acl.rt.memcpy_async(dst, nbytes, src, nbytes, D2D, stream), "memcpy_async")


@contextlib.contextmanager
def captured(stream: int, mode: int = acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) -> Iterator[list[int]]:
    """Capture the work submitted to `stream` inside the block; the list receives the instance."""
    check(acl.mdl.ri_capture_begin(stream, mode), "ri_capture_begin")
    holder: list[int] = []
    try:
        yield holder
    finally:
        ri, ret = acl.mdl.ri_capture_end(stream)
        check(ret, "ri_capture_end")
        holder.append(ri)


def capture(stream: int, record: Callable[[], None]) -> int:
    with captured(stream) as holder:
        record()
    return holder[0]


def c_callback(fn: Callable[[int], None]) -> tuple[Any, int]:
    """A `void (*)(void *)` calling fn(user data); keep the first item alive while C may call it."""
    cb = ffi.callback("void(void *)", lambda p: fn(int(ffi.cast("uintptr_t", p))))
    return cb, int(ffi.cast("uintptr_t", cb))


def out_handle() -> np.ndarray:
    """Room for one handle written by C through an address."""
    return np.zeros(1, dtype=np.uint64)
