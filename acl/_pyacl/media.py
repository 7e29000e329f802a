"""acl.media channel-description parameters: the C value's type and size depend on the parameter type."""

from __future__ import annotations

from typing import Any

from .._generated._acl_cffi import lib
from ._common import address, new, optional_constants, require
from .callbacks import venc_set_channel_desc_callback, venc_stored_callback
from .rt import malloc_config

# not every release declares these
(
    ACL_DVPP_CSC_MATRIX_UINT32,
    ACL_VDEC_CSC_MATRIX_UINT32,
    ACL_VENC_BUF_ADDR_PTR,
    ACL_VENC_CALLBACK_PTR,
    ACL_VENC_THREAD_ID_UINT64,
) = optional_constants(
    "ACL_DVPP_CSC_MATRIX_UINT32",
    "ACL_VDEC_CSC_MATRIX_UINT32",
    "ACL_VENC_BUF_ADDR_PTR",
    "ACL_VENC_CALLBACK_PTR",
    "ACL_VENC_THREAD_ID_UINT64",
)


def dvpp_malloc_with_cfg(size: int, policy: int, cfg: dict[str, Any]) -> tuple[int, int]:
    """Hand-written: cfg dict -> aclrtMallocConfig (acl._pyacl.rt.malloc_config)."""
    _keep, cfg_address = malloc_config("acl.media.dvpp_malloc_with_cfg", cfg)
    r = lib.acldvppMallocWithCfg(size, policy, cfg_address)
    return r.devPtr, r.ret


def _set_value_param(function: str, setter: Any, desc: int, param_type: int, value: int, sized: int) -> Any:
    require(function, "channel_desc", desc, int)
    require(function, "value", value, int)
    cell = new("uint64_t *", value & 0xFFFFFFFFFFFFFFFF)
    length = 4 if param_type == sized else 0
    return setter(desc, param_type, length, address(cell))


def dvpp_set_channel_desc_param(channel_desc: int, param_type: int, value: int) -> tuple[int, int]:
    """Hand-written: the value goes by address, with length 4 only for the CSC matrix type."""
    ret = _set_value_param(
        "acl.media.dvpp_set_channel_desc_param",
        lib.acldvppSetChannelDescParam,
        channel_desc,
        param_type,
        value,
        ACL_DVPP_CSC_MATRIX_UINT32,
    )
    return channel_desc, ret


def vdec_set_channel_desc_param(channel_desc: int, param_type: int, value: int) -> tuple[int, int]:
    """Hand-written: the value goes by address, with length 4 only for the CSC matrix type."""
    ret = _set_value_param(
        "acl.media.vdec_set_channel_desc_param",
        lib.aclvdecSetChannelDescParam,
        channel_desc,
        param_type,
        value,
        ACL_VDEC_CSC_MATRIX_UINT32,
    )
    return channel_desc, ret


def dvpp_get_channel_desc_param(channel_desc: int, param_type: int) -> tuple[int, int, int]:
    """Hand-written: the value is read into a uint64 the wrapper provides."""
    cell = new("uint64_t *")
    r = lib.acldvppGetChannelDescParam(channel_desc, param_type, 8, address(cell))
    return r.paramRetSize, cell[0], r.ret


def vdec_get_channel_desc_param(channel_desc: int, param_type: int) -> tuple[int, int, int]:
    """Hand-written: the value is read into a uint64 the wrapper provides."""
    cell = new("uint64_t *")
    r = lib.aclvdecGetChannelDescParam(channel_desc, param_type, 8, address(cell))
    return r.paramRetSize, cell[0], r.ret


def venc_set_channel_desc_param(channel_desc: int, param_type: int, value: Any) -> int:
    """Hand-written: a callable, an address, a uint64 or a uint32 depending on `param_type`."""
    function = "acl.media.venc_set_channel_desc_param"
    require(function, "channel_desc", channel_desc, int)
    if param_type == ACL_VENC_CALLBACK_PTR:
        if not callable(value):
            raise TypeError(f"{function}: parameter must be callable")
        return venc_set_channel_desc_callback(channel_desc, value)
    require(function, "value", value, int)
    if param_type in (ACL_VENC_BUF_ADDR_PTR, ACL_VENC_THREAD_ID_UINT64):
        cell, length = new("uint64_t *", value & 0xFFFFFFFFFFFFFFFF), 8
    else:
        cell, length = new("uint32_t *", value & 0xFFFFFFFF), 4
    return lib.aclvencSetChannelDescParam(channel_desc, param_type, length, address(cell))


def venc_get_channel_desc_param(channel_desc: int, param_type: int) -> tuple[Any, int]:
    """Hand-written: the stored callable (no C call), an address, a uint64 or a uint32 by `param_type`."""
    if param_type == ACL_VENC_CALLBACK_PTR:
        return venc_stored_callback(channel_desc, "acl.media.venc_get_channel_desc_param"), 0
    if param_type in (ACL_VENC_BUF_ADDR_PTR, ACL_VENC_THREAD_ID_UINT64):
        cell, length = new("uint64_t *"), 8
    else:
        cell, length = new("uint32_t *"), 4
    r = lib.aclvencGetChannelDescParam(channel_desc, param_type, length, address(cell))
    return cell[0], r.ret
