"""Struct and union values to dicts keyed by the C field names, and dicts back to structs."""

import warnings

from acl._generated._acl_cffi import ffi as _ffi

_cast = _ffi.cast
_string = _ffi.string


def _addr(p):
    return int(_cast("uintptr_t", p))


def _text(chars):
    return _string(chars).decode("utf-8", "replace")


def _check_len(items, capacity, name):
    if len(items) > capacity:
        raise ValueError(f"the {name} list has {len(items)} items; the C array has {capacity}")


def fill_each(fill, array, items):
    for i, item in enumerate(items):
        if item.__class__ is not dict:
            raise TypeError(f"item {i} of the list is not dict")
        fill(array[i], item)


def ndarray_address(function, name, value):
    """pyACL's deprecated path for list arguments: a numpy array's data address, unchecked."""
    interface = getattr(value, "__array_interface__", None)
    if interface is None or type(value).__name__ != "ndarray":
        raise TypeError(f"argument {name} must be a list, not {type(value).__name__}")
    message = f"{function}: a numpy array for {name} is deprecated; pass a list"
    warnings.warn(message, Warning, stacklevel=3)
    return interface["data"][0]


# Idle result buffers of the generated wrappers (tools/aclgen/outforms.py): a call takes one out
# for itself and puts it back when it has read it, so no other call writes it meanwhile.
_spare_outs = []
take_outs = _spare_outs.pop
keep_outs = _spare_outs.append


def new_outs():
    outs = _ffi.new("uint64_t[4]")
    return outs, _ffi.buffer(outs)


def aclmdlIODims(v):
    return {"name": _text(v.name), "dimCount": v.dimCount, "dims": list(v.dims)[:v.dimCount]}


def hi_vdec_stream(v):
    return {"addr": _addr(v.addr), "len": v.len}


def hi_vpc_pic_info__snake(v):
    d = {"picture_address": _addr(v.picture_address), "width": v.width, "height": v.height, "value": hi_vpc_value__snake(v.value), "flag": v.flag}
    m = v.flag
    if m == -1:
        d["stride"] = v.stride
    elif m == 2147483648:
        d["pitch"] = v.pitch
    return d


def hi_vpc_value__snake(v):
    return {"u32": v.u32, "f32": v.f32}


def fill_hi_vpc_pic_info(p, d):
    v = d.get("picture_address")
    if v.__class__ is int:
        p.picture_address = _cast("void *", v)
    v = d.get("width")
    if v.__class__ is int or v.__class__ is bool:
        p.width = v
    v = d.get("height")
    if v.__class__ is int or v.__class__ is bool:
        p.height = v
    v = d.get("value")
    if v is not None:
        if v.__class__ is not dict:
            raise TypeError("the value argument is not dict")
        fill_hi_vpc_value(p.value, v)
    pick = {-1: "stride", 2147483648: "pitch"}.get(d.get("flag"))
    if pick is None or pick == "stride":
        v = d.get("stride")
        if v.__class__ is int or v.__class__ is bool:
            p.stride = v
    if pick is None or pick == "pitch":
        v = d.get("pitch")
        if v.__class__ is int or v.__class__ is bool:
            p.pitch = v
    v = d.get("flag")
    if v.__class__ is int or v.__class__ is bool:
        p.flag = v


def fill_hi_vpc_value(p, d):
    v = d.get("u32")
    if v.__class__ is int or v.__class__ is bool:
        p.u32 = v
    v = d.get("f32")
    if v.__class__ is float or v.__class__ is int:
        p.f32 = v
