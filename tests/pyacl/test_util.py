"""acl.util against numpy and bytes: addresses, views, copies, dtypes, shapes, strides, threads."""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import ctypes
import warnings

import pytest

import acl

NPY_FLOAT32 = 11
NPY_INT16 = 3
NPY_UINT8 = 2


def test_util_functions_are_listed() -> None:
    names = dir(acl.util)
    for name in ["bytes_to_ptr", "ptr_to_bytes", "numpy_to_ptr", "numpy_contiguous_to_ptr", "ptr_to_numpy"]:
        assert name in names
    assert "start_thread" in names and "stop_thread" in names


def test_bytes_round_trip_without_copy() -> None:
    data = bytes(range(16))
    address = acl.util.bytes_to_ptr(data)
    assert ctypes.string_at(address, 16) == data
    assert acl.util.ptr_to_bytes(address, 5) == data[:5]
    copy = acl.util.ptr_to_bytes(address, 16)
    assert copy == data and copy is not data
    with pytest.raises(ValueError):
        acl.util.bytes_to_ptr(bytearray(data))


def test_device_copy_into_bytes_is_visible() -> None:
    acl.init()
    assert acl.rt.set_device(0) == 0
    source = b"abcdefgh"
    target = bytes(8)
    device, ret = acl.rt.malloc(8, 0)
    assert ret == 0
    assert acl.rt.memcpy(device, 8, acl.util.bytes_to_ptr(source), 8, 1) == 0
    assert acl.rt.memcpy(acl.util.bytes_to_ptr(target), 8, device, 8, 2) == 0
    assert target == source
    assert acl.rt.free(device) == 0


def test_device_copies_into_many_fresh_bytes_are_visible() -> None:
    """Many copies in a row (on PyPy: GC steps in every state of a major cycle, a warm JIT), sizes from
    one byte to past PyPy's nursery objects, into bytes that were a copy source just before."""
    acl.init()
    assert acl.rt.set_device(0) == 0
    sizes = [1, 7, 64, 4096, 70_000, 300_000]
    device, ret = acl.rt.malloc(max(sizes), 0)
    assert ret == 0
    try:
        for round_ in range(48):
            size = sizes[round_ % len(sizes)]
            expected = bytes((round_ * 31 + i) % 251 for i in range(size))
            assert acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(expected), size, 1) == 0
            target = bytes(size)
            assert acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(target), size, 1) == 0  # zeros
            assert acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(expected), size, 1) == 0
            assert acl.rt.memcpy(acl.util.bytes_to_ptr(target), size, device, size, 2) == 0
            assert target == expected, f"round {round_}, {size} bytes"
    finally:
        assert acl.rt.free(device) == 0


def test_device_copies_into_bytes_after_collections_are_visible() -> None:
    """Addresses stay right across full collections, which free bytes objects and let new ones take
    their ids (on PyPy a repeated object skips the GC step until a major collection)."""
    import gc

    acl.init()
    assert acl.rt.set_device(0) == 0
    size = 256
    device, ret = acl.rt.malloc(size, 0)
    assert ret == 0
    try:
        kept = bytes(size)
        for round_ in range(24):
            expected = bytes((round_ * 17 + i) % 253 for i in range(size))
            assert acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(expected), size, 1) == 0
            for target in (bytes(size), kept):
                assert acl.rt.memcpy(acl.util.bytes_to_ptr(target), size, device, size, 2) == 0
                assert target == expected, f"round {round_}"
            del target
            if round_ % 3 == 0:
                gc.collect()
    finally:
        assert acl.rt.free(device) == 0

def test_repeated_calls_give_the_objects_own_address() -> None:
    """The address a repeated call gives (on PyPy remembered from the first) is where the bytes are."""
    from acl._generated._acl_cffi import ffi

    class Sub(bytes):
        pass

    for data in (bytes(range(200)), Sub(bytes(range(200)))):
        first = acl.util.bytes_to_ptr(data)
        for _ in range(1000):
            assert acl.util.bytes_to_ptr(data) == first
        assert ffi.buffer(ffi.cast("char *", first), len(data))[:] == bytes(data)


def _quiet(fn, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args)
    return result, [w.category for w in caught]


@pytest.mark.numpy
def test_numpy_to_ptr_is_the_data_address_and_warns() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(12, dtype=np.float32).reshape(3, 4)
    address, categories = _quiet(acl.util.numpy_to_ptr, arr)
    assert address == arr.ctypes.data and categories == [Warning]
    _, categories = _quiet(acl.util.numpy_to_ptr, arr[:, ::2])
    assert categories == [Warning, Warning]  # deprecated + not contiguous
    with pytest.raises(ValueError):
        acl.util.numpy_to_ptr([1, 2])


@pytest.mark.numpy
def test_numpy_contiguous_to_ptr_copies_only_when_needed() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(12, dtype=np.int16).reshape(3, 4)
    (address, same), _ = _quiet(acl.util.numpy_contiguous_to_ptr, arr)
    assert same is arr and address == arr.ctypes.data
    strided = arr[:, 1::2]
    (address, copy), _ = _quiet(acl.util.numpy_contiguous_to_ptr, strided)
    assert copy.flags.c_contiguous and address == copy.ctypes.data
    np.testing.assert_array_equal(copy, strided)
    scalar = np.array(5.0)
    (_, kept), _ = _quiet(acl.util.numpy_contiguous_to_ptr, scalar)
    assert kept.shape == ()


@pytest.mark.numpy
def test_ptr_to_numpy_is_a_writeable_view_with_dtype_and_shape() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    view, categories = _quiet(acl.util.ptr_to_numpy, arr.ctypes.data, (2, 3, 4), NPY_FLOAT32)
    assert categories == [Warning]
    assert view.dtype == np.float32 and view.shape == (2, 3, 4)
    assert view.strides == arr.strides
    np.testing.assert_array_equal(view, arr)
    view[1, 2, 3] = -1.0
    assert arr[1, 2, 3] == -1.0  # shares the memory
    small, _ = _quiet(acl.util.ptr_to_numpy, arr.ctypes.data, (4,), NPY_INT16)
    assert small.dtype == np.int16
    np.testing.assert_array_equal(small, arr.view(np.int16).reshape(-1)[:4])
    with pytest.raises(TypeError):
        acl.util.ptr_to_numpy(arr.ctypes.data, [2, 3, 4], NPY_FLOAT32)


@pytest.mark.numpy
def test_numpy_through_device_memory() -> None:
    np = pytest.importorskip("numpy")
    acl.init()
    assert acl.rt.set_device(0) == 0
    host = np.linspace(0, 1, 16, dtype=np.float32)
    device, ret = acl.rt.malloc(host.nbytes, 0)
    assert ret == 0
    (src, keep), _ = _quiet(acl.util.numpy_contiguous_to_ptr, host)
    assert acl.rt.memcpy(device, host.nbytes, src, host.nbytes, 1) == 0
    out = np.zeros(16, dtype=np.uint8)
    back, _ = _quiet(acl.util.ptr_to_numpy, out.ctypes.data, (16,), NPY_UINT8)
    assert acl.rt.memcpy(out.ctypes.data, 16, device, 16, 2) == 0
    np.testing.assert_array_equal(back, host.view(np.uint8)[:16])
    assert acl.rt.free(device) == 0
    del keep


def test_threads_run_and_report_exceptions() -> None:
    seen = []
    thread_id, err = acl.util.start_thread(seen.append, "x")
    assert err == 0 and isinstance(thread_id, int)
    assert acl.util.stop_thread(thread_id) == 0
    assert seen == ["x"]

    def fail() -> None:
        raise KeyError("boom")

    thread_id, _ = acl.util.start_thread(fail, None)
    with pytest.raises(RuntimeError, match="exception=KeyError"):
        acl.util.stop_thread(thread_id)
    with pytest.raises(TypeError):
        acl.util.start_thread(5, None)
    with pytest.raises(TypeError):
        acl.util.start_thread(seen.append)


@pytest.mark.numpy
def test_numpy_to_ptr_every_layout_on_every_call() -> None:
    # the first call of a process learns numpy's type; later calls take the quick path: both must agree
    np = pytest.importorskip("numpy")
    base = np.arange(24, dtype=np.float64).reshape(4, 6)

    class Sub(np.ndarray):
        pass

    layouts = [base, base.T, base[:, ::2], base[1:], np.zeros(0), np.array(3.0), base[::-1], base.view(Sub)]
    for _ in range(2):
        for arr in layouts:
            address, categories = _quiet(acl.util.numpy_to_ptr, arr)
            assert address == arr.__array_interface__["data"][0]
            assert categories == ([Warning] if arr.flags.c_contiguous else [Warning, Warning])
    for bad in ([1, 2], b"xy", None):
        with pytest.raises(ValueError, match=r"numpy_to_ptr: the argument must be a numpy\.ndarray"):
            acl.util.numpy_to_ptr(bad)


def test_bytes_to_ptr_of_bytes_and_subclasses_and_refusals() -> None:
    class Sub(bytes):
        pass

    for data in (b"", b"x", bytes(range(256)) * 4, Sub(b"subclass bytes")):
        address = acl.util.bytes_to_ptr(data)
        assert isinstance(address, int) and address != 0
        assert ctypes.string_at(address, len(data)) == data
    for bad in (bytearray(b"ab"), memoryview(b"ab"), "ab", None, 5):
        with pytest.raises(ValueError, match=f"must be bytes, not {type(bad).__name__}"):
            acl.util.bytes_to_ptr(bad)


def test_ptr_to_bytes_copies_and_refuses_bad_arguments() -> None:
    source = ctypes.create_string_buffer(bytes(range(200)), 200)
    address = ctypes.addressof(source)
    assert acl.util.ptr_to_bytes(address, 200) == bytes(range(200))
    assert acl.util.ptr_to_bytes(address + 10, 3) == bytes([10, 11, 12])
    assert acl.util.ptr_to_bytes(address, 0) == b"" and acl.util.ptr_to_bytes(0, 0) == b""
    for ptr, size in ((address, "3"), (float(address), 3), (None, 3)):
        with pytest.raises(TypeError, match="ptr and size must be ints"):
            acl.util.ptr_to_bytes(ptr, size)
    with pytest.raises(ValueError, match="size must not be negative"):
        acl.util.ptr_to_bytes(address, -1)
    with pytest.raises(ValueError, match="ptr is NULL"):
        acl.util.ptr_to_bytes(0, 4)


@pytest.mark.numpy
def test_ptr_to_numpy_views_are_c_ordered_writeable_and_checked() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(12, dtype=np.int16)
    view, _ = _quiet(acl.util.ptr_to_numpy, arr.ctypes.data, (3, 4), NPY_INT16)
    assert view.flags.c_contiguous and view.flags.writeable and not view.flags.owndata
    np.testing.assert_array_equal(view, arr.reshape(3, 4))
    empty, _ = _quiet(acl.util.ptr_to_numpy, 0, (0, 4), NPY_FLOAT32)
    assert empty.shape == (0, 4) and empty.dtype == np.float32
    with pytest.raises(ValueError, match="ptr is NULL"):
        _quiet(acl.util.ptr_to_numpy, 0, (2,), NPY_FLOAT32)
    with pytest.raises(ValueError, match="bad dimension"):
        _quiet(acl.util.ptr_to_numpy, arr.ctypes.data, (2, -1), NPY_INT16)
    with pytest.raises(ValueError, match="unknown numpy type number"):
        _quiet(acl.util.ptr_to_numpy, arr.ctypes.data, (2,), 12345)
