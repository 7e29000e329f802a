"""acl.himpi functions whose pyACL arguments differ from the C parameters."""

from __future__ import annotations

from typing import Any

from acl._generated import _structs
from acl._generated import constants as _constants
from acl._generated._acl_cffi import lib

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
