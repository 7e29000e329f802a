"""acl.himpi functions whose pyACL arguments differ from the C parameters."""

from __future__ import annotations

import warnings
from typing import Any

from .._generated import _structs
from .._generated import constants as _constants
from .._generated._acl_cffi import ffi, lib
from ._common import address, new

_RC_MODE_PREFIX = "HI_VENC_RC_MODE_"


def _rc_union_key(rc_mode: int) -> str:
    """HI_VENC_RC_MODE_H264_CBR -> "h264_cbr_param" (the union member of that rate-control mode)."""
    for name in dir(_constants):
        if name.startswith(_RC_MODE_PREFIX) and getattr(_constants, name) == rc_mode:
            return name[len(_RC_MODE_PREFIX) :].lower() + "_param"
    return ""


def venc_get_rc_param(chn: int, rc_mode: int) -> tuple[dict[str, Any], int]:
    """Hand-written: `rc_mode` is not a C argument; it picks which union member the dict reports."""
    if not isinstance(chn, int) or not isinstance(rc_mode, int):
        raise TypeError("acl.himpi.venc_get_rc_param: chn and rc_mode must be int")
    r = lib.hi_mpi_venc_get_rc_param(chn)
    result = _structs.hi_venc_rc_param(r.rc_param)
    keep = _rc_union_key(rc_mode)
    for key in [k for k in result if k.endswith("_param") and k != keep]:
        del result[key]
    return result, r.ret & 0xFFFFFFFF


_HISTOGRAM_KEYS = ("histogram_y_or_r", "histogram_u_or_g", "histogram_v_or_b")
_HISTOGRAM_BINS = dict(ffi.typeof("hi_vpc_histogram_config").fields)["histogram_y_or_r"].type.length


def vpc_calc_hist(chn: int, source_pic: dict[str, Any], milli_sec: int) -> tuple[dict[str, Any], int, int]:
    """Hand-written: pyACL's deprecated stub; warns and answers zeroed histograms without calling C."""
    if not isinstance(chn, int) or not isinstance(milli_sec, int):
        raise TypeError("acl.himpi.vpc_calc_hist: chn and milli_sec must be int")
    if source_pic.__class__ is not dict:
        raise TypeError("acl.himpi.vpc_calc_hist: source_pic must be a dict")
    warnings.warn("acl.himpi.vpc_calc_hist is deprecated: use vpc_calc_hist_v2", Warning, stacklevel=2)
    return {key: [0] * _HISTOGRAM_BINS for key in _HISTOGRAM_KEYS}, 0, 0


def vpc_calc_hist_v2(
    chn: int, source_pic: dict[str, Any], milli_sec: int, hist_config: int
) -> tuple[int, int]:
    """Hand-written: pyACL's argument order (milli_sec before the caller's histogram address) is not C's."""
    function = "acl.himpi.vpc_calc_hist_v2"
    if source_pic.__class__ is not dict:
        raise TypeError(f"{function}: argument source_pic must be a dict, not {type(source_pic).__name__}")
    picture = new("hi_vpc_pic_info *")
    try:
        _structs.fill_hi_vpc_pic_info(picture, source_pic)
        r = lib.hi_mpi_vpc_calc_hist(chn, address(picture), hist_config, milli_sec)
    except (TypeError, OverflowError, ValueError) as e:
        raise type(e)(f"{function}: {e}") from None
    return r.task_id, r.ret & 0xFFFFFFFF
