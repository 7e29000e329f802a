"""acl.rt: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from acl import _missing
from acl._generated._acl_cffi import ffi as _ffi
from acl._generated._acl_cffi import lib as _lib

from acl._generated import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_new = _ffi.new
_cast = _ffi.cast
_uintptr = "uintptr_t"

ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEM_MALLOC_NORMAL_ONLY = 2
ACL_MEMCPY_HOST_TO_HOST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEFAULT = 4
ACL_DEVICE = 0
ACL_HOST = 1

_aclrtCreateContext = _lib.aclrtCreateContext
_aclrtGetMemInfo = _lib.aclrtGetMemInfo
_aclrtGetRunMode = _lib.aclrtGetRunMode
_aclrtLaunchCallback = _lib.aclrtLaunchCallback
_aclrtMalloc = _lib.aclrtMalloc
_aclrtMemcpy = _lib.aclrtMemcpy
_aclrtReserveSlots = _lib.aclrtReserveSlots
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
    try:
        _r = _aclrtGetRunMode()
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.get_run_mode: {e}") from None
    return _r.runMode, _r.ret


launch_callback = _aclrtLaunchCallback


def malloc(size, policy):
    try:
        _r = _aclrtMalloc(size, policy)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.malloc: {e}") from None
    return _r.devPtr, _r.ret


memcpy = _aclrtMemcpy


def reserve_slots(count, base):
    try:
        _r = _aclrtReserveSlots(count, base)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.rt.reserve_slots: {e}") from None
    return _r.count, _r.base, _r.ret


set_device = _aclrtSetDevice


synchronize_with_timeout = _aclrtSynchronizeWithTimeout


unsubscribe_report = _aclrtUnSubscribeReport

__all__ = [
    "create_context",
    "get_mem_info",
    "get_run_mode",
    "launch_callback",
    "malloc",
    "memcpy",
    "reserve_slots",
    "set_device",
    "synchronize_with_timeout",
    "unsubscribe_report",
    "ACL_MEM_MALLOC_HUGE_FIRST",
    "ACL_MEM_MALLOC_NORMAL_ONLY",
    "ACL_MEMCPY_HOST_TO_HOST",
    "ACL_MEMCPY_HOST_TO_DEVICE",
    "ACL_MEMCPY_DEFAULT",
    "ACL_DEVICE",
    "ACL_HOST",
]

_missing.bind(
    globals(),
    {
        "create_context": "aclrtCreateContext",
        "get_mem_info": "aclrtGetMemInfo",
        "get_run_mode": "aclrtGetRunMode",
        "launch_callback": "aclrtLaunchCallback",
        "malloc": "aclrtMalloc",
        "memcpy": "aclrtMemcpy",
        "reserve_slots": "aclrtReserveSlots",
        "set_device": "aclrtSetDevice",
        "synchronize_with_timeout": "aclrtSynchronizeWithTimeout",
        "unsubscribe_report": "aclrtUnSubscribeReport",
    },
)
