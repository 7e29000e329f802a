"""acl.mdl: generated bindings of the AscendCL C API (see tools/gen_wrappers.py).

String arguments take `str`. Where pyACL has the function, None is a TypeError naming it, except for
an argument pyACL lets the caller leave out (None then means left out). The functions pyACL does not
have pass None as NULL, as their C API allows: load_from_file.
"""

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib

from . import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_new = _ffi.new
_cast = _ffi.cast
_uintptr = "uintptr_t"

_aclmdlCreateDesc = _lib.aclmdlCreateDesc
_aclmdlExecuteOp = _lib.aclmdlExecuteOp
_aclmdlGetInputDynamicDims = _lib.aclmdlGetInputDynamicDims
_aclmdlGetInputNameByIndex = _lib.aclmdlGetInputNameByIndex
_aclmdlGetNumInputs = _lib.aclmdlGetNumInputs
_aclmdlLoadFromFile = _lib.aclmdlLoadFromFile

from .._wrapper_support import not_str as _not_str


create_desc = _aclmdlCreateDesc


def execute_op(input_desc):
    if input_desc.__class__ is not list:
        raise TypeError(f"acl.mdl.execute_op: argument input_desc must be a list, not {type(input_desc).__name__}")
    try:
        _a_input_desc = _new("uintptr_t[]", input_desc)
        _r = _aclmdlExecuteOp(len(input_desc), _cast(_uintptr, _a_input_desc))
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.mdl.execute_op: {e}") from None
    return _r


def get_input_dynamic_dims(model_desc, index, gear_count):
    if gear_count.__class__ is int and gear_count > 4096:
        return (None, 100000)
    try:
        _a_dims = _new("aclmdlIODims[]", gear_count)
        _r = _aclmdlGetInputDynamicDims(model_desc, index, _cast(_uintptr, _a_dims), gear_count)
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.mdl.get_input_dynamic_dims: {e}") from None
    return [_structs.aclmdlIODims(_x) for _x in _a_dims], _r


def get_input_name_by_index(model_desc, index):
    try:
        _r = _aclmdlGetInputNameByIndex(model_desc, index)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.mdl.get_input_name_by_index: {e}") from None
    return (_string(_r).decode("utf-8", "replace") if _r else None)


get_num_inputs = _aclmdlGetNumInputs


def load_from_file(model_path=None):
    try:
        _r = _aclmdlLoadFromFile(_NULL if model_path is None else model_path.encode())
    except AttributeError:
        raise _not_str("acl.mdl.load_from_file", (("model_path", model_path, True),)) from None
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.mdl.load_from_file: {e}") from None
    return _r.modelId, _r.ret


from .._pyacl.mdl import get_input_dims


from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
    ("create_desc", "aclmdlCreateDesc"),
    ("execute_op", "aclmdlExecuteOp"),
    ("get_input_dims", "aclmdlGetInputDims"),
    ("get_input_dynamic_dims", "aclmdlGetInputDynamicDims"),
    ("get_input_name_by_index", "aclmdlGetInputNameByIndex"),
    ("get_num_inputs", "aclmdlGetNumInputs"),
    ("load_from_file", "aclmdlLoadFromFile"),
    ("ACL_MAX_DIM_CNT", None),
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
