"""acl.prof: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib

from . import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_new = _ffi.new
_cast = _ffi.cast
_uintptr = "uintptr_t"

_aclprofGetOpType = _lib.aclprofGetOpType
_aclprofModelUnSubscribe = _lib.aclprofModelUnSubscribe


def get_op_type(op_info, op_info_len, index, op_type_len):
    if op_type_len.__class__ is int and op_type_len > 4096:
        return ('', 100000)
    try:
        _c_op_type = _new("char[]", op_type_len if op_type_len > 0 else 1)
        _r = _aclprofGetOpType(op_info, op_info_len, index, _cast(_uintptr, _c_op_type), op_type_len)
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.prof.get_op_type: {e}") from None
    return _string(_c_op_type).decode("utf-8", "replace"), _r


model_unsubscribe = _aclprofModelUnSubscribe


from .._pyacl.prof import op_type_v2 as get_op_type_v2
model_un_subscribe = model_unsubscribe


from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
    ("get_op_type", "aclprofGetOpType"),
    ("get_op_type_v2", "aclprofGetOpType"),
    ("model_un_subscribe", "aclprofModelUnSubscribe"),
    ("model_unsubscribe", "aclprofModelUnSubscribe"),
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
