"""Struct and union values to dicts keyed by the C field names."""

from acl._generated._acl_cffi import ffi as _ffi

_cast = _ffi.cast
_string = _ffi.string


def _addr(p):
    return int(_cast("uintptr_t", p))


def _text(chars):
    return _string(chars).decode("utf-8", "replace")


def aclmdlIODims(v):
    return {"name": _text(v.name), "dimCount": v.dimCount, "dims": list(v.dims)}


def hi_vdec_stream(v):
    return {"addr": _addr(v.addr), "len": v.len}


def hi_vpc_pic_info(v):
    return {"picture_address": _addr(v.picture_address), "width": v.width, "height": v.height, "value": hi_vpc_value(v.value), "stride": v.stride, "pitch": v.pitch, "flag": v.flag}


def hi_vpc_value(v):
    return {"u32": v.u32, "f32": v.f32}
