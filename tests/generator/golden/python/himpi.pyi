"""acl.himpi (generated stubs)."""

from typing import Any

HI_VPC_NEG: int
HI_VPC_BIG: int
HI_ERR_VPC_NULL_PTR: int

def sys_init() -> int:
    """hi_mpi_sys_init (acl/dvpp/hi_dvpp_vpc.h)."""

def vdec_get_stream(chn: int, /) -> tuple[dict[str, Any], int]:
    """hi_mpi_vdec_get_stream (acl/dvpp/hi_dvpp_vpc.h)."""

def vpc_fill(chn: int, pic: dict[str, Any], /) -> Any:
    """hi_mpi_vpc_fill (acl/dvpp/hi_dvpp_vpc.h)."""

def vpc_get_pic(chn: int, /) -> Any:
    """hi_mpi_vpc_get_pic (acl/dvpp/hi_dvpp_vpc.h)."""
