"""acl.himpi: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."""

from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib

from . import _structs

_NULL = _ffi.NULL
_string = _ffi.string
_new = _ffi.new
_cast = _ffi.cast
_uintptr = "uintptr_t"

_hi_mpi_sys_init = _lib.hi_mpi_sys_init
_hi_mpi_vdec_get_stream = _lib.hi_mpi_vdec_get_stream
_hi_mpi_vpc_fill = _lib.hi_mpi_vpc_fill
_hi_mpi_vpc_get_pic = _lib.hi_mpi_vpc_get_pic


def sys_init():
    _r = _hi_mpi_sys_init()
    return _r & 0xFFFFFFFF


def vdec_get_stream(chn):
    try:
        _r = _hi_mpi_vdec_get_stream(chn)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"acl.himpi.vdec_get_stream: {e}") from None
    return _structs.hi_vdec_stream(_r.stream), _r.ret & 0xFFFFFFFF


def vpc_fill(chn, pic):
    if pic.__class__ is not dict:
        raise TypeError(f"acl.himpi.vpc_fill: argument pic must be a dict, not {type(pic).__name__}")
    try:
        _s_pic = _new("hi_vpc_pic_info *")
        _structs.fill_hi_vpc_pic_info(_s_pic, pic)
        _r = _hi_mpi_vpc_fill(chn, _cast(_uintptr, _s_pic))
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.himpi.vpc_fill: {e}") from None
    return _r.task_id, _r.ret & 0xFFFFFFFF


def vpc_get_pic(chn):
    try:
        _r = _hi_mpi_vpc_get_pic(chn)
    except (TypeError, OverflowError, ValueError, IndexError) as e:
        raise type(e)(f"acl.himpi.vpc_get_pic: {e}") from None
    return (_structs.hi_vpc_pic_info__snake(_r.pic) if _r.ret == 0 else {}), _r.ret & 0xFFFFFFFF


from . import constants as _constants
from .._wrapper_support import export as _export

_PUBLIC = (
    ("sys_init", "hi_mpi_sys_init"),
    ("vdec_get_stream", "hi_mpi_vdec_get_stream"),
    ("vpc_fill", "hi_mpi_vpc_fill"),
    ("vpc_get_pic", "hi_mpi_vpc_get_pic"),
    ("HI_VPC_NEG", None),
    ("HI_VPC_BIG", None),
    ("HI_ERR_VPC_NULL_PTR", None),
)
_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))
