"""acl.rt: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from struct import Struct as _Struct

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib

from . import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_new = _ffi.new
_cast = _ffi.cast
_uintptr = "uintptr_t"
_take_outs = _structs.take_outs
_keep_outs = _structs.keep_outs
_new_outs = _structs.new_outs

_aclrtCreateContext = _lib.aclrtCreateContext
_aclrtGetMemInfo = _lib.aclrtGetMemInfo
_aclrtGetRunMode = _lib._aclpack_aclrtGetRunMode
_aclrtLaunchCallback = _lib.aclrtLaunchCallback
_aclrtMalloc = _lib._aclinto_aclrtMalloc
_aclrtMemcpy = _lib.aclrtMemcpy
_aclrtReserveSlots = _lib._aclinto_aclrtReserveSlots
_aclrtSetDevice = _lib.aclrtSetDevice
_aclrtSynchronizeWithTimeout = _lib.aclrtSynchronizeWithTimeout
_aclrtUnSubscribeReport = _lib.aclrtUnSubscribeReport


def create_context(device_id):
    try:
        _r = _aclrtCreateContext(device_id)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.create_context: {e}") from None
    return _r.context, _r.ret


def get_mem_info(attr):
    try:
        _r = _aclrtGetMemInfo(attr)
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.rt.get_mem_info: {e}") from None
    return attr, _r.free, _r.total, _r.ret


def get_run_mode():
    _r = _aclrtGetRunMode()
    if 0 <= _r < 0x100000000:
        return _r, 0
    return _r & 0xFFFFFFFF, _r >> 32


launch_callback = _aclrtLaunchCallback


_aclrtMalloc_read = _Struct("@Ni").unpack_from


def malloc(size, policy):
    try:
        _o = _take_outs()
    except IndexError:
        _o = _new_outs()
    try:
        _aclrtMalloc(size, policy, _o[0])
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.malloc: {e}") from None
    _v = _aclrtMalloc_read(_o[1])
    _keep_outs(_o)
    return _v


memcpy = _aclrtMemcpy


_aclrtReserveSlots_read = _Struct("@INi").unpack_from


def reserve_slots(count, base):
    try:
        _o = _take_outs()
    except IndexError:
        _o = _new_outs()
    try:
        _aclrtReserveSlots(count, base, _o[0])
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.reserve_slots: {e}") from None
    _v = _aclrtReserveSlots_read(_o[1])
    _keep_outs(_o)
    return _v


set_device = _aclrtSetDevice


synchronize_with_timeout = _aclrtSynchronizeWithTimeout


unsubscribe_report = _aclrtUnSubscribeReport


from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
    ("create_context", "aclrtCreateContext"),
    ("get_mem_info", "aclrtGetMemInfo"),
    ("get_run_mode", "aclrtGetRunMode"),
    ("launch_callback", "aclrtLaunchCallback"),
    ("malloc", "aclrtMalloc"),
    ("memcpy", "aclrtMemcpy"),
    ("reserve_slots", "aclrtReserveSlots"),
    ("set_device", "aclrtSetDevice"),
    ("synchronize_with_timeout", "aclrtSynchronizeWithTimeout"),
    ("unsubscribe_report", "aclrtUnSubscribeReport"),
    ("ACL_MEM_MALLOC_HUGE_FIRST", None),
    ("ACL_MEM_MALLOC_NORMAL_ONLY", None),
    ("ACL_MEMCPY_HOST_TO_HOST", None),
    ("ACL_MEMCPY_HOST_TO_DEVICE", None),
    ("ACL_MEMCPY_DEFAULT", None),
    ("ACL_DEVICE", None),
    ("ACL_HOST", None),
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
