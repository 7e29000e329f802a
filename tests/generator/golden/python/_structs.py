"""Struct and union values to dicts keyed by the C field names, and dicts back to structs."""

from .._wrapper_support import address as _addr
from .._wrapper_support import check_len as _check_len
from .._wrapper_support import fill_each, ndarray_address
from .._wrapper_support import text as _text
from ._acl_cffi import ffi as _ffi

_cast = _ffi.cast
from .._wrapper_support import keep_outs, out_buffer_factory, take_outs

new_outs = out_buffer_factory(4)


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
