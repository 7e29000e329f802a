"""acl: generated bindings of the AscendCL C API (see tools/gen_wrappers.py).

String arguments take `str`. Where pyACL has the function, None is a TypeError naming it, except for
an argument pyACL lets the caller leave out (None then means left out). The functions pyACL does not
have pass None as NULL, as their C API allows: app_log.
"""

from struct import Struct as _Struct

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib

from . import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_take_outs = _structs.take_outs
_keep_outs = _structs.keep_outs
_new_outs = _structs.new_outs

_aclAppLog = _lib.aclAppLog
_aclDestroyTensorDesc = _lib.aclDestroyTensorDesc
_aclrtGetSocName = _lib.aclrtGetSocName
_aclrtGetVersion = _lib._aclinto_aclrtGetVersion

from .._wrapper_support import not_str as _not_str


def app_log(log_level, func, file, line, fmt):
    try:
        _r = _aclAppLog(log_level, _NULL if func is None else func.encode(), _NULL if file is None else file.encode(), line, _NULL if fmt is None else fmt.encode())
    except AttributeError:
        raise _not_str("acl.app_log", (("func", func, True), ("file", file, True), ("fmt", fmt, True),)) from None
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.app_log: {e}") from None
    return None


destroy_tensor_desc = _aclDestroyTensorDesc


def get_soc_name():
    _r = _aclrtGetSocName()
    return (_string(_r).decode("utf-8", "replace") if _r else None)


_aclrtGetVersion_read = _Struct("@iiii").unpack_from


def get_version():
    try:
        _o = _take_outs()
    except IndexError:
        _o = _new_outs()
    _aclrtGetVersion(_o[0])
    _v = _aclrtGetVersion_read(_o[1])
    _keep_outs(_o)
    return _v


from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
    ("app_log", "aclAppLog"),
    ("destroy_tensor_desc", "aclDestroyTensorDesc"),
    ("get_soc_name", "aclrtGetSocName"),
    ("get_version", "aclrtGetVersion"),
    ("ACL_DEBUG", None),
    ("ACL_ERROR", None),
    ("ACL_SUCCESS", None),
    ("ACL_ERROR_API_NOT_SUPPORT", None),
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
