"""Round trips of numpy arrays through device memory (needs numpy: excluded from the PyPy run)."""

from __future__ import annotations

import warnings

import pytest
from helpers.runtime_support import Allocations, check

import acl

pytestmark = pytest.mark.numpy


@pytest.mark.parametrize(("dtype", "shape"), [("float32", (3, 5, 7)), ("int64", (1000,)), ("uint8", (0,))])
def test_numpy_array_round_trip_through_device_memory(alloc: Allocations, dtype: str,
                                                      shape: tuple[int, ...]) -> None:
    import numpy as np

    rng = np.random.default_rng(99)
    array = (rng.standard_normal(shape) * 1000).astype(dtype)
    nbytes = array.nbytes
    device = alloc.device(max(nbytes, 1))
    host = alloc.host(max(nbytes, 1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the pointer helpers are deprecated in pyACL and warn
        source, kept_alive = acl.util.numpy_contiguous_to_ptr(array)
        check(acl.rt.memcpy(device, max(nbytes, 1), source, nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
        check(acl.rt.memcpy(host, max(nbytes, 1), device, nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
        back = acl.util.ptr_to_numpy(host, shape, array.dtype.num).copy()
    del kept_alive
    assert back.dtype == array.dtype and back.shape == array.shape
    assert np.array_equal(back, array)


def test_non_contiguous_array_is_copied_in_logical_order(alloc: Allocations) -> None:
    import numpy as np

    base = np.arange(64, dtype=np.int32).reshape(8, 8)
    view = base[:, ::2]  # every other column: not contiguous
    nbytes = view.size * view.itemsize
    device, host = alloc.device(nbytes), alloc.host(nbytes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        source, contiguous = acl.util.numpy_contiguous_to_ptr(view)
        check(acl.rt.memcpy(device, nbytes, source, nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
        check(acl.rt.memcpy(host, nbytes, device, nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
        back = acl.util.ptr_to_numpy(host, view.shape, view.dtype.num).copy()
    del contiguous
    assert np.array_equal(back, view)
