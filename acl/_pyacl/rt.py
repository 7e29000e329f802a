"""acl.rt functions whose pyACL shape depends on values, not on the C declaration."""

from __future__ import annotations

from typing import Any

from .._generated._acl_cffi import lib
from ._common import address, new, require

_MALLOC_VALUE_KEYS = ("moduleId", "deviceId", "vaFlag", "rsv")


def malloc_config(function: str, cfg: Any) -> tuple[Any, Any]:
    """(keep-alive, address) of an aclrtMallocConfig built from pyACL's cfg dict; {} gives NULL.

    Hand-written: the struct holds a pointer to a counted array and pyACL checks the count (KeyError).
    """
    require(function, "cfg", cfg, dict)
    if not cfg:
        return None, 0
    attrs = cfg.get("attrs")
    count = cfg.get("numAttrs")
    if attrs.__class__ is not list or not isinstance(count, int) or len(attrs) != count:
        raise KeyError(f"{function}: cfg needs 'attrs' (a list) with len(attrs) == 'numAttrs'")
    array = new("aclrtMallocAttribute[]", max(count, 1))
    for i, item in enumerate(attrs):
        require(function, f"cfg['attrs'][{i}]", item, dict)
        target = array[i]
        kind = item.get("attr")
        if isinstance(kind, int):
            target.attr = kind
        value = item.get("value")
        require(function, f"cfg['attrs'][{i}]['value']", value, dict)
        key = next((k for k in _MALLOC_VALUE_KEYS if k in value), None)
        if key is None:
            raise KeyError(f"{function}: cfg['attrs'][{i}]['value'] has none of {_MALLOC_VALUE_KEYS}")
        if key == "rsv":
            target.value.rsv[0 : len(value[key])] = value[key]
        else:
            setattr(target.value, key, value[key])
    config = new("aclrtMallocConfig *")
    config.attrs = array
    config.numAttrs = count
    return (config, array), address(config)


def malloc_with_cfg(size: int, policy: int, cfg: dict[str, Any]) -> tuple[int, int]:
    """Hand-written: cfg dict -> aclrtMallocConfig (see malloc_config)."""
    _keep, cfg_address = malloc_config("acl.rt.malloc_with_cfg", cfg)
    r = lib.aclrtMallocWithCfg(size, policy, cfg_address)
    return r.devPtr, r.ret


def malloc_for_task_scheduler(size: int, policy: int, cfg: dict[str, Any]) -> tuple[int, int]:
    """Hand-written: cfg dict -> aclrtMallocConfig (see malloc_config)."""
    _keep, cfg_address = malloc_config("acl.rt.malloc_for_task_scheduler", cfg)
    r = lib.aclrtMallocForTaskScheduler(size, policy, cfg_address)
    return r.devPtr, r.ret


def malloc_host_with_cfg(size: int, cfg: dict[str, Any]) -> tuple[int, int]:
    """Hand-written: cfg dict -> aclrtMallocConfig (see malloc_config)."""
    _keep, cfg_address = malloc_config("acl.rt.malloc_host_with_cfg", cfg)
    r = lib.aclrtMallocHostWithCfg(size, cfg_address)
    return r.ptr, r.ret


def _pair_array(function: str, name: str, items: list[Any], c_type: str, key: str, member: str) -> Any:
    """pyACL's [{key: int, "value": int}] list -> a C array of {key, value union} structs.

    The bare int `value` goes to the union member pyACL writes (`member`); wrong types are ignored.
    """
    array = new(f"{c_type}[]", len(items))
    for i, item in enumerate(items):
        require(function, f"{name}[{i}]", item, dict)
        kind, value = item.get(key), item.get("value")
        if isinstance(kind, int):
            setattr(array[i], key, kind)
        if isinstance(value, int):
            setattr(array[i].value, member, value)
    return array


def _binary_options(function: str, options: Any) -> tuple[Any, Any]:
    """Hand-written: [{type, value}] -> aclrtBinaryLoadOptions holding a counted array ([] gives NULL)."""
    if options.__class__ is not list:
        raise ValueError(f"{function}: options must be a list of dicts")
    if not options:
        return None, 0
    array = _pair_array(function, "options", options, "aclrtBinaryLoadOption", "type", "isLazyLoad")
    holder = new("aclrtBinaryLoadOptions *")
    holder.options = array
    holder.numOpt = len(options)
    return (holder, array), address(holder)


def binary_load_from_file(bin_path: str, options: list[Any]) -> tuple[int, int]:
    """Hand-written: option dicts -> aclrtBinaryLoadOptions (see _binary_options)."""
    require("acl.rt.binary_load_from_file", "bin_path", bin_path, str)
    _keep, options_address = _binary_options("acl.rt.binary_load_from_file", options)
    r = lib.aclrtBinaryLoadFromFile(bin_path.encode(), options_address)
    return r.binHandle, r.ret


def binary_load_from_data(data: int, length: int, options: list[Any]) -> tuple[int, int]:
    """Hand-written: option dicts -> aclrtBinaryLoadOptions (see _binary_options)."""
    _keep, options_address = _binary_options("acl.rt.binary_load_from_data", options)
    r = lib.aclrtBinaryLoadFromData(data, length, options_address)
    return r.binHandle, r.ret


def launch_kernel_with_config(
    func_handle: int, num_blocks: int, stream: int, cfg: list[Any], args_handle: int, reserve: int
) -> int:
    """Hand-written: [{id, value}] -> aclrtLaunchKernelCfg holding a counted array ([] gives NULL)."""
    function = "acl.rt.launch_kernel_with_config"
    require(function, "cfg", cfg, list)
    cfg_address: Any = 0
    keep: Any = None
    if cfg:
        array = _pair_array(function, "cfg", cfg, "aclrtLaunchKernelAttr", "id", "blockDimOffset")
        holder = new("aclrtLaunchKernelCfg *")
        holder.attrs = array
        holder.numAttrs = len(cfg)
        keep, cfg_address = (holder, array), address(holder)
    ret = lib.aclrtLaunchKernelWithConfig(func_handle, num_blocks, stream, cfg_address, args_handle, reserve)
    del keep
    return ret


# aclrtStreamAttr value (ACL_STREAM_ATTR_*) -> the one key pyACL reports
_STREAM_ATTR_KEYS = {
    1: "failureMode",
    2: "overflowSwitch",
    3: "userCustomTag",
    4: "cacheOpInfoSwitch",
    5: "streamPriority",
}


def get_stream_attribute(stream: int, stm_attr_type: int) -> tuple[dict[str, Any], int]:
    """Hand-written: the union member reported is chosen by the attribute type argument."""
    r = lib.aclrtGetStreamAttribute(stream, stm_attr_type)
    value = r.value
    key = _STREAM_ATTR_KEYS.get(stm_attr_type)
    if key is None:
        return {"reserved": list(value.reserve)}, r.ret
    return {key: getattr(value, key)}, r.ret


def register_cpu_func(handle: int, func_name: str, kernel_name: str) -> tuple[int, int]:
    """Hand-written: pyACL refuses empty names with ValueError before the C call."""
    function = "acl.rt.register_cpu_func"
    require(function, "func_name", func_name, str)
    require(function, "kernel_name", kernel_name, str)
    if not func_name or not kernel_name:
        raise ValueError(f"{function}: func_name and kernel_name must not be empty")
    r = lib.aclrtRegisterCpuFunc(handle, func_name.encode(), kernel_name.encode())
    return r.funcHandle, r.ret


def device_get_uuid(device_id: int) -> tuple[dict[str, list[int]], int]:
    """Hand-written: pyACL gives the 16 UUID bytes as ints (0..255), not as text."""
    require("acl.rt.device_get_uuid", "device_id", device_id, int)
    r = lib.aclrtDeviceGetUuid(device_id)
    return {"bytes": [ord(c) for c in r.uuid.bytes]}, r.ret
