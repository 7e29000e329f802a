"""acl.himpi.sys_bind / sys_unbind between existing channels (validation, one source per destination,
forgotten at sys_exit) and hi_mpi_dvpp_get_version."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator

import pytest
from helpers.runtime_support import check
from himpi_session import vdec_attr

import acl

HI_ID_VDEC, HI_ID_VPC, HI_ID_VENC, HI_ID_VO = 5, 7, 8, 15
VDEC_CHN, VPC_CHN, VPC_CHN2 = 3, 4, 5


class MppChn(ctypes.Structure):
    _fields_ = [("mod_id", ctypes.c_int), ("dev_id", ctypes.c_int32), ("chn_id", ctypes.c_int32)]


def chn(mod_id: int, chn_id: int, dev_id: int = 0) -> MppChn:
    return MppChn(mod_id, dev_id, chn_id)


def bind(src: MppChn, dest: MppChn) -> int:
    return acl.himpi.sys_bind(ctypes.addressof(src), ctypes.addressof(dest))


def unbind(src: MppChn, dest: MppChn) -> int:
    return acl.himpi.sys_unbind(ctypes.addressof(src), ctypes.addressof(dest))


@pytest.fixture(scope="module")
def channels(media_stream: int) -> Iterator[None]:
    check(acl.himpi.sys_init(), "sys_init")
    check(acl.himpi.vdec_create_chn(VDEC_CHN, vdec_attr(acl.HI_PT_JPEG)), "vdec_create_chn")
    for c in (VPC_CHN, VPC_CHN2):
        check(acl.himpi.vpc_create_chn(c, {"attr": 0, "pic_width": 64, "pic_height": 64}), "vpc_create_chn")
    yield
    check(acl.himpi.vpc_destroy_chn(VPC_CHN2), "vpc_destroy_chn")
    check(acl.himpi.vpc_destroy_chn(VPC_CHN), "vpc_destroy_chn")
    check(acl.himpi.vdec_destroy_chn(VDEC_CHN), "vdec_destroy_chn")
    check(acl.himpi.sys_exit(), "sys_exit")


def test_bind_and_unbind(channels: None) -> None:
    vdec, vpc = chn(HI_ID_VDEC, VDEC_CHN), chn(HI_ID_VPC, VPC_CHN)
    assert bind(vdec, vpc) == 0
    assert bind(vdec, vpc) == acl.HI_ERR_SYS_EXIST  # one source per destination
    assert bind(vdec, chn(HI_ID_VPC, VPC_CHN2)) == 0  # a source may feed several
    assert unbind(vdec, vpc) == 0
    assert unbind(vdec, vpc) == acl.HI_ERR_SYS_UNEXIST
    assert bind(vdec, vpc) == 0  # free again after the unbind
    assert unbind(vdec, vpc) == 0
    assert unbind(vdec, chn(HI_ID_VPC, VPC_CHN2)) == 0


def test_refusals(channels: None) -> None:
    vdec, vpc = chn(HI_ID_VDEC, VDEC_CHN), chn(HI_ID_VPC, VPC_CHN)
    assert acl.himpi.sys_bind(0, ctypes.addressof(vpc)) == acl.HI_ERR_SYS_NULL_PTR
    assert acl.himpi.sys_unbind(ctypes.addressof(vdec), 0) == acl.HI_ERR_SYS_NULL_PTR
    assert bind(vpc, vdec) == acl.HI_ERR_SYS_NOT_SUPPORT  # backwards
    assert bind(vpc, chn(HI_ID_VPC, VPC_CHN2)) == acl.HI_ERR_SYS_NOT_SUPPORT
    assert bind(chn(HI_ID_VO, 0), vpc) == acl.HI_ERR_SYS_NOT_SUPPORT
    assert bind(vdec, chn(HI_ID_VPC, 300)) == acl.HI_ERR_SYS_ILLEGAL_PARAM
    assert bind(vdec, chn(HI_ID_VPC, VPC_CHN, dev_id=99)) == acl.HI_ERR_SYS_ILLEGAL_PARAM
    assert bind(vdec, chn(HI_ID_VPC, 40)) == acl.HI_ERR_SYS_UNEXIST  # no such channel
    assert bind(chn(HI_ID_VDEC, 41), vpc) == acl.HI_ERR_SYS_UNEXIST
    assert bind(vpc, chn(HI_ID_VENC, 0)) == acl.HI_ERR_SYS_UNEXIST


def test_sys_exit_forgets_bindings(channels: None) -> None:
    vdec, vpc = chn(HI_ID_VDEC, VDEC_CHN), chn(HI_ID_VPC, VPC_CHN)
    assert bind(vdec, vpc) == 0
    check(acl.himpi.sys_exit(), "sys_exit")
    assert bind(vdec, vpc) == acl.HI_ERR_SYS_NOT_READY
    check(acl.himpi.sys_init(), "sys_init")
    check(acl.himpi.vdec_create_chn(VDEC_CHN, vdec_attr(acl.HI_PT_JPEG)), "vdec_create_chn")
    for c in (VPC_CHN, VPC_CHN2):
        check(acl.himpi.vpc_create_chn(c, {"attr": 0, "pic_width": 64, "pic_height": 64}), "vpc_create_chn")
    assert unbind(vdec, vpc) == acl.HI_ERR_SYS_UNEXIST
    assert bind(vdec, vpc) == 0
    assert unbind(vdec, vpc) == 0


def test_dvpp_version_is_the_runtime_headers_version() -> None:
    major, minor, patch, ret = acl.himpi.dvpp_get_version()
    assert ret == 0
    assert (major, minor, patch) == (acl.ACL_MAJOR_VERSION, acl.ACL_MINOR_VERSION, acl.ACL_PATCH_VERSION)
