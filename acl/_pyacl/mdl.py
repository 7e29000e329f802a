"""acl.mdl functions whose value argument's C type depends on another argument."""

from __future__ import annotations

from typing import Any

from .._generated._acl_cffi import lib
from ._common import address, new, optional_constants, require

# not every release declares these
(
    ACL_MDL_MEM_ADDR_PTR,
    ACL_MDL_PATH_PTR,
    ACL_MDL_PRIORITY_INT32,
    ACL_MDL_WEIGHT_ADDR_PTR,
    ACL_MDL_WEIGHT_PATH_PTR,
    ACL_MDL_WORKSPACE_ADDR_PTR,
) = optional_constants(
    "ACL_MDL_MEM_ADDR_PTR",
    "ACL_MDL_PATH_PTR",
    "ACL_MDL_PRIORITY_INT32",
    "ACL_MDL_WEIGHT_ADDR_PTR",
    "ACL_MDL_WEIGHT_PATH_PTR",
    "ACL_MDL_WORKSPACE_ADDR_PTR",
)

_POINTER_ATTRS = frozenset(
    {ACL_MDL_MEM_ADDR_PTR, ACL_MDL_WEIGHT_ADDR_PTR, ACL_MDL_WORKSPACE_ADDR_PTR, ACL_MDL_WEIGHT_PATH_PTR}
)


def set_config_opt(handle: int, attr: int, value: Any) -> int:
    """Hand-written: the value is an int32, a str, an address or a uint64 depending on `attr`."""
    function = "acl.mdl.set_config_opt"
    require(function, "handle", handle, int)
    require(function, "attr", attr, int)
    keep: Any = None
    if attr == ACL_MDL_PRIORITY_INT32:
        require(function, "value", value, int)
        cell = new("int32_t *", value)
        size = 4
    elif attr == ACL_MDL_PATH_PTR:
        require(function, "value", value, str)
        keep = new("char[]", value.encode())
        cell = new("char **", keep)
        size = 8
    elif attr in _POINTER_ATTRS:
        require(function, "value", value, int)
        cell = new("uintptr_t *", value)
        size = 8
    else:
        require(function, "value", value, int)
        cell = new("uint64_t *", value & 0xFFFFFFFFFFFFFFFF)
        size = 8
    ret = lib.aclmdlSetConfigOpt(handle, attr, address(cell), size)
    del keep
    return ret


def set_exec_config_opt(handle: int, attr: int, value: int) -> int:
    """Hand-written: the C value is passed by address as a uint32 of size 4 whatever `attr` is."""
    function = "acl.mdl.set_exec_config_opt"
    require(function, "handle", handle, int)
    require(function, "value", value, int)
    cell = new("uint32_t *", value & 0xFFFFFFFF)
    return lib.aclmdlSetExecConfigOpt(handle, attr & 0xFFFFFFFF, address(cell), 4)
