"""acl.mdl: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from acl import _missing
from acl._generated._acl_cffi import ffi as _ffi
from acl._generated._acl_cffi import lib as _lib


_NULL = _ffi.NULL
_string = _ffi.string

ACL_MAX_DIM_CNT = 128

_aclmdlCreateDesc = _lib.aclmdlCreateDesc
_aclmdlExecuteOp = _lib.aclmdlExecuteOp
_aclmdlGetInputDynamicDims = _lib.aclmdlGetInputDynamicDims
_aclmdlGetInputNameByIndex = _lib.aclmdlGetInputNameByIndex
_aclmdlGetNumInputs = _lib.aclmdlGetNumInputs
_aclmdlLoadFromFile = _lib.aclmdlLoadFromFile


def _not_str(function, arguments):
    for name, value in arguments:
        if value is not None and not isinstance(value, str):
            return TypeError(f"{function}: argument {name} must be str or None, not {type(value).__name__}")
    return TypeError(f"{function}: bad string argument")


create_desc = _aclmdlCreateDesc


execute_op = _aclmdlExecuteOp


get_input_dynamic_dims = _aclmdlGetInputDynamicDims


def get_input_name_by_index(model_desc, index):
    try:
        _r = _aclmdlGetInputNameByIndex(model_desc, index)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.mdl.get_input_name_by_index: {e}") from None
    return (_string(_r).decode("utf-8", "replace") if _r else None)


get_num_inputs = _aclmdlGetNumInputs


def load_from_file(model_path):
    try:
        _r = _aclmdlLoadFromFile(_NULL if model_path is None else model_path.encode())
    except AttributeError:
        raise _not_str("acl.mdl.load_from_file", (("model_path", model_path),)) from None
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.mdl.load_from_file: {e}") from None
    return _r.modelId, _r.ret


from acl._pyacl.mdl import get_input_dims

__all__ = [
    "create_desc",
    "execute_op",
    "get_input_dims",
    "get_input_dynamic_dims",
    "get_input_name_by_index",
    "get_num_inputs",
    "load_from_file",
    "ACL_MAX_DIM_CNT",
]

_missing.bind(
    globals(),
    {
        "create_desc": "aclmdlCreateDesc",
        "execute_op": "aclmdlExecuteOp",
        "get_input_dims": "aclmdlGetInputDims",
        "get_input_dynamic_dims": "aclmdlGetInputDynamicDims",
        "get_input_name_by_index": "aclmdlGetInputNameByIndex",
        "get_num_inputs": "aclmdlGetNumInputs",
        "load_from_file": "aclmdlLoadFromFile",
    },
)
