"""Addresses of cffi objects passed to `acl` functions that take raw pointers.

`int(ffi.cast("uintptr_t", cdata))` does not keep `cdata` alive: when the object was a temporary
(`address(ffi.new(...))`, or a helper's return value used inline), Python frees it before the call
runs and the next `ffi.new` may reuse the memory. AddressSanitizer caught this in the tests, so
every test takes addresses through `address`, which keeps the object for the rest of the session.
"""

from __future__ import annotations

from typing import Any

_kept_alive: list[Any] = []


def address(cdata: Any) -> int:
    """The integer address of `cdata` (a cffi pointer, array or buffer), which stays alive."""
    from acl._backend import ffi

    _kept_alive.append(cdata)
    return int(ffi.cast("uintptr_t", cdata))
