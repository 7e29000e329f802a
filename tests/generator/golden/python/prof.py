"""acl.prof: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from acl import _missing
from acl._generated._acl_cffi import ffi as _ffi
from acl._generated._acl_cffi import lib as _lib


_NULL = _ffi.NULL
_string = _ffi.string

_aclprofGetOpType = _lib.aclprofGetOpType
_aclprofModelUnSubscribe = _lib.aclprofModelUnSubscribe


get_op_type = _aclprofGetOpType


model_unsubscribe = _aclprofModelUnSubscribe


from acl._pyacl.prof import op_type_v2 as get_op_type_v2
model_un_subscribe = model_unsubscribe

__all__ = [
    "get_op_type",
    "get_op_type_v2",
    "model_un_subscribe",
    "model_unsubscribe",
]

_missing.bind(
    globals(),
    {
        "get_op_type": "aclprofGetOpType",
        "get_op_type_v2": "aclprofGetOpType",
        "model_un_subscribe": "aclprofModelUnSubscribe",
        "model_unsubscribe": "aclprofModelUnSubscribe",
    },
)
