"""acl.blas: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from acl import _missing
from acl._generated._acl_cffi import ffi as _ffi
from acl._generated._acl_cffi import lib as _lib


_NULL = _ffi.NULL
_string = _ffi.string


__all__ = [
]

_missing.bind(
    globals(),
    {
    },
)
