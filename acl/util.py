"""acl.util: pointer and thread helpers with pyACL's exact semantics.

Hand-written: these touch Python objects (bytes, numpy arrays, threads), not C API functions.
numpy is imported only when a numpy helper is called, so `import acl` does not pay for it.
"""

from __future__ import annotations

import errno
import sys
import threading
import warnings
import weakref
from typing import Any, Callable

from ._generated._acl_cffi import ffi
from ._generated._acl_cffi import lib as _lib

__all__ = [
    "bytes_to_ptr",
    "numpy_contiguous_to_ptr",
    "numpy_to_ptr",
    "ptr_to_bytes",
    "ptr_to_numpy",
    "start_thread",
    "stop_thread",
]

_DEPRECATED = "acl.util.{} is deprecated in pyACL; it is kept here for compatibility"


def _numpy() -> Any:
    try:
        return _numpy_module[0]
    except IndexError:
        import numpy

        _numpy_module.append(numpy)
        return numpy


_numpy_module: list[Any] = []


def _require_ndarray(fn: str, arr: Any) -> Any:
    np = _numpy()
    if not _ndarray_type:
        _ndarray_type.append(np.ndarray)
    if not isinstance(arr, np.ndarray):
        raise ValueError(f"acl.util.{fn}: the argument must be a numpy.ndarray, not {type(arr).__name__}")
    return np


def _array_data_address(arr: Any) -> int:
    return int(arr.__array_interface__["data"][0])


_ON_PYPY = sys.implementation.name == "pypy"
_address = _lib._aclffi_address
_from_buffer = ffi.from_buffer
_warn = warnings.warn
_NUMPY_TO_PTR_DEPRECATED = _DEPRECATED.format("numpy_to_ptr")
_unpack = ffi.unpack
_cast = ffi.cast
_CHAR_P = ffi.typeof("char *")
_buffer = ffi.buffer
_PTR_TO_NUMPY_DEPRECATED = _DEPRECATED.format("ptr_to_numpy")
# The address space from 1 (numpy will not view a buffer at NULL) to sys.maxsize as one buffer: a
# slice of it is a bytes copy, and numpy views it at an offset, so no per-call cast or buffer object.
_MEMORY_END = sys.maxsize
_memory = _buffer(_cast(_CHAR_P, 1), _MEMORY_END - 1)
_ndarray_type: list[type] = []  # numpy.ndarray once a numpy helper imported numpy


def numpy_to_ptr(arr: Any) -> int:
    """Address of the array's data, without a copy; the caller keeps `arr` alive."""
    if _ndarray_type and arr.__class__ is _ndarray_type[0] and not _ON_PYPY:
        _warn(_NUMPY_TO_PTR_DEPRECATED, Warning, stacklevel=2)
        try:
            # a C-contiguous array's buffer starts at its data (numpy refuses a simple buffer otherwise)
            return _address(_from_buffer(arr))
        except (BufferError, ValueError):  # numpy says "ndarray is not C-contiguous"
            pass
    else:
        _require_ndarray("numpy_to_ptr", arr)
        _warn(_NUMPY_TO_PTR_DEPRECATED, Warning, stacklevel=2)
    if not arr.flags.c_contiguous:
        _warn("acl.util.numpy_to_ptr: the array is not contiguous", Warning, stacklevel=2)
    return _array_data_address(arr)


def numpy_contiguous_to_ptr(arr: Any) -> tuple[int, Any]:
    """(address, contiguous array): copies only when `arr` is not C-contiguous; keep the array alive."""
    _require_ndarray("numpy_contiguous_to_ptr", arr)
    warnings.warn(_DEPRECATED.format("numpy_contiguous_to_ptr"), Warning, stacklevel=2)
    # not np.ascontiguousarray: it turns a 0-d array into a 1-d one
    contiguous = arr if arr.flags.c_contiguous else arr.copy(order="C")
    return _array_data_address(contiguous), contiguous


_dtype_by_num: dict[int, Any] = {}


def _dtype_for(np: Any, type_num: int) -> Any:
    if not _dtype_by_num:
        for scalar in set(np.sctypeDict.values()):
            dt = np.dtype(scalar)
            _dtype_by_num.setdefault(dt.num, dt)
    try:
        return _dtype_by_num[type_num]
    except KeyError:
        raise ValueError(f"acl.util.ptr_to_numpy: unknown numpy type number {type_num}") from None


def ptr_to_numpy(ptr: int, shape: tuple[int, ...], npy_type_num: int) -> Any:
    """A writeable numpy view over `ptr` (no copy, no ownership) of `shape` and numpy type number."""
    np = _numpy()
    if not isinstance(shape, tuple):
        raise TypeError("acl.util.ptr_to_numpy: shape must be a tuple of ints")
    if not isinstance(ptr, int) or not isinstance(npy_type_num, int):
        raise TypeError("acl.util.ptr_to_numpy: ptr and npy_type_num must be ints")
    if not shape:
        raise ValueError("acl.util.ptr_to_numpy: shape must not be empty")
    _warn(_PTR_TO_NUMPY_DEPRECATED, Warning, stacklevel=2)
    dtype = _dtype_for(np, npy_type_num)
    count = 1
    for dim in shape:
        if not isinstance(dim, int) or dim < 0:
            raise ValueError(f"acl.util.ptr_to_numpy: bad dimension {dim!r} in shape {shape}")
        count *= dim
    nbytes = count * dtype.itemsize
    if nbytes == 0:
        return np.empty(shape, dtype)
    if ptr == 0:
        raise ValueError("acl.util.ptr_to_numpy: ptr is NULL")
    if 0 < ptr < _MEMORY_END - nbytes:
        return np.ndarray(shape, dtype, _memory, ptr - 1)
    return np.ndarray(shape, dtype, _buffer(_cast(_CHAR_P, ptr), nbytes))


def _settle_in_old_generation() -> None:
    """PyPy: run a minor collection, so every young object moves to the generation the GC never moves.

    cffi hands out a young bytes object's address only as a copy (kept for the object's lifetime), so
    C writes would land in the copy; an old object's address is its own storage. A gc.collect_step()
    runs a minor collection, but (PyPy 7.3.11) the step that ends a major cycle leaves young objects
    where they are: then one more step.
    """
    import gc

    step = getattr(gc, "collect_step", None)
    if step is None:  # an older PyPy: only a full collection moves the nursery
        gc.collect()
        return
    for _ in range(3):
        if not step().major_is_done:
            return
    gc.collect()


class _Marker:
    """A weakly referenced object that only a major collection frees (see _settled_ids)."""


# PyPy: ids of bytes objects already settled in the old generation, where they never move again,
# so later calls skip the GC step, each with the address cffi gave for it (0 until asked: a bytes
# subclass gets its address through from_buffer). An id is reused only after its object is freed,
# which takes a major collection; one also frees the old marker (weak references are cleared when
# marking ends, before any memory is freed), and then the ids are forgotten.
_settled: dict[int, int] = {}
_settled_marker: Any = lambda: None  # noqa: E731  (a dead reference: the first call starts afresh)


def _settle(data: bytes) -> None:
    global _settled_marker
    if _settled_marker() is None:
        _settled.clear()
        marker = _Marker()  # young now, old after the step below, unreachable but for the weakref
        _settle_in_old_generation()
        _settled_marker = weakref.ref(marker)
        del marker
    elif len(data) > 1 and id(data) in _settled:  # PyPy's id of a 1-byte bytes is its value
        return
    else:
        _settle_in_old_generation()
    if len(data) > 1:
        _settled.setdefault(id(data), 0)


def bytes_to_ptr(data: bytes) -> int:
    """Address of the bytes object's own buffer (no copy): device->host copies into it are visible.

    On PyPy the first call for an object costs a GC step (see _settle); later calls read the address
    remembered then, which costs less than cffi passing the object again. numpy_to_ptr has no step.
    """
    if data.__class__ is bytes and not _ON_PYPY:
        return _address(data)  # CPython: cffi passes a bytes object as its own storage
    if not isinstance(data, bytes):
        raise ValueError(f"acl.util.bytes_to_ptr: the argument must be bytes, not {type(data).__name__}")
    if _ON_PYPY and data:
        if len(data) > 1 and _settled_marker() is not None:
            address = _settled.get(id(data))
            if address:
                return address
        _settle(data)
        if data.__class__ is bytes:
            address = _address(data)  # settled: cffi passes it as its own storage, as on CPython
            if len(data) > 1:
                _settled[id(data)] = address
            return address
    return int(ffi.cast("uintptr_t", ffi.from_buffer(data)))


def ptr_to_bytes(ptr: int, size: int) -> bytes:
    """A new bytes object holding a copy of `size` bytes at `ptr`."""
    if ptr.__class__ is int and size.__class__ is int and size > 0 and 0 < ptr < _MEMORY_END - size:
        return _memory[ptr - 1:ptr - 1 + size]
    if not isinstance(ptr, int) or not isinstance(size, int):
        raise TypeError("acl.util.ptr_to_bytes: ptr and size must be ints")
    if size < 0:
        raise ValueError("acl.util.ptr_to_bytes: size must not be negative")
    if size == 0:
        return b""
    if ptr == 0:
        raise ValueError("acl.util.ptr_to_bytes: ptr is NULL")
    return _unpack(_cast(_CHAR_P, ptr), size)


class _WorkerThread(threading.Thread):
    """A native thread running fn(arg) that records the exception it ends with."""

    def __init__(self, fn: Callable[..., Any], arg: Any) -> None:
        super().__init__(daemon=True, name="acl.util.start_thread")
        self._fn, self._arg = fn, arg
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            if self._arg is None:
                self._fn()
            else:
                self._fn(self._arg)
        except BaseException as exc:
            self.error = exc
            sys.excepthook(type(exc), exc, exc.__traceback__)


_threads: dict[int, _WorkerThread] = {}
_threads_lock = threading.Lock()


def start_thread(fn: Callable[..., Any], arg: Any) -> tuple[int, int]:
    """Start fn(arg) (fn() when arg is None) on a native thread; returns (thread_id, 0).

    The id is the OS thread id that acl.rt.subscribe_report expects.
    """
    if not callable(fn):
        raise TypeError("acl.util.start_thread: parameter must be callable")
    worker = _WorkerThread(fn, arg)
    worker.start()
    assert worker.ident is not None
    with _threads_lock:
        _threads[worker.ident] = worker
    return worker.ident, 0


def stop_thread(thread_id: int) -> int:
    """Wait for a thread from start_thread to end; raises RuntimeError if its function raised."""
    if not isinstance(thread_id, int):
        raise TypeError(f"acl.util.stop_thread: thread_id must be an int, not {type(thread_id).__name__}")
    with _threads_lock:
        worker = _threads.pop(thread_id, None)
    if worker is None:
        return errno.ESRCH  # what pthread_join answers for an unknown thread
    worker.join()
    if worker.error is not None:
        exc = worker.error
        raise RuntimeError(f"exception={type(exc).__name__},msg=thread call failed; {exc}") from exc
    return 0


# CPython: the four pointer helpers become C functions (acl/_native/util_fast.c) that keep their Python
# original above as __self__ and call it for every case but the common one. PyPy: its JIT runs these
# Python functions faster than a C call through cpyext.
if not _ON_PYPY and _lib._aclffi_install_util_fast(__name__.encode()) != 0:
    raise ImportError(f"{__name__}: the C pointer helpers (acl/_native/util_fast.c) did not install")
