"""acl.media: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib


_NULL = _ffi.NULL
_string = _ffi.string



from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
