"""acl.himpi.sys_bind / sys_unbind: the runtime binds only the pairs its documentation lists
(VI -> VPSS, VDEC -> VPSS, VPSS -> VO, ADEC -> AO, AI -> AENC), none of them between two DVPP
modules the emulator has; every pair is refused with HI_ERR_SYS_NOT_SUPPORT, naming why. Plus
hi_mpi_dvpp_get_version."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator

import pytest
from helpers.runtime_support import check
from himpi_session import vdec_attr

import acl

VDEC_CHN, VPC_CHN = 3, 4
NOT_SUPPORT = acl.HI_ERR_SYS_NOT_SUPPORT
# hi_mpi_sys_bind's constraint table in the CANN application development API reference
DOCUMENTED = {
    (acl.HI_ID_VI, acl.HI_ID_VPSS),
    (acl.HI_ID_VDEC, acl.HI_ID_VPSS),
    (acl.HI_ID_VPSS, acl.HI_ID_VO),
    (acl.HI_ID_ADEC, acl.HI_ID_AO),
    (acl.HI_ID_AI, acl.HI_ID_AENC),
}
MODULES = [
    acl.HI_ID_VDEC,
    acl.HI_ID_VPC,
    acl.HI_ID_VENC,
    acl.HI_ID_VPSS,
    acl.HI_ID_VO,
    acl.HI_ID_VI,
    acl.HI_ID_AI,
    acl.HI_ID_AO,
    acl.HI_ID_AENC,
    acl.HI_ID_ADEC,
]


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
    attr = {"attr": 0, "pic_width": 64, "pic_height": 64}
    check(acl.himpi.vpc_create_chn(VPC_CHN, attr), "vpc_create_chn")
    yield
    check(acl.himpi.vpc_destroy_chn(VPC_CHN), "vpc_destroy_chn")
    check(acl.himpi.vdec_destroy_chn(VDEC_CHN), "vdec_destroy_chn")
    check(acl.himpi.sys_exit(), "sys_exit")


def test_dvpp_module_pairs_are_refused_between_existing_channels(channels: None) -> None:
    vdec, vpc = chn(acl.HI_ID_VDEC, VDEC_CHN), chn(acl.HI_ID_VPC, VPC_CHN)
    venc = chn(acl.HI_ID_VENC, 0)
    for src, dest in ((vdec, vpc), (vpc, venc), (vdec, venc), (vpc, vdec)):
        assert bind(src, dest) == NOT_SUPPORT
        assert "does not bind" in acl.get_recent_err_msg()
        assert unbind(src, dest) == NOT_SUPPORT


@pytest.mark.parametrize("src", MODULES)
def test_every_pair_is_refused_for_its_reason(channels: None, src: int) -> None:
    for dest in MODULES:
        assert bind(chn(src, 0), chn(dest, 0)) == NOT_SUPPORT, (src, dest)
        reason = "board hardware" if (src, dest) in DOCUMENTED else "does not bind"
        assert reason in acl.get_recent_err_msg(), (src, dest)
        assert unbind(chn(src, 0), chn(dest, 0)) == NOT_SUPPORT, (src, dest)


def test_null_pointers_and_sys_state(channels: None) -> None:
    vdec = chn(acl.HI_ID_VDEC, VDEC_CHN)
    vpss = chn(acl.HI_ID_VPSS, 0)
    assert acl.himpi.sys_bind(0, ctypes.addressof(vpss)) == acl.HI_ERR_SYS_NULL_PTR
    assert acl.himpi.sys_unbind(ctypes.addressof(vdec), 0) == acl.HI_ERR_SYS_NULL_PTR
    check(acl.himpi.sys_exit(), "sys_exit")
    try:
        assert bind(vdec, vpss) == acl.HI_ERR_SYS_NOT_READY
        assert unbind(vdec, vpss) == acl.HI_ERR_SYS_NOT_READY
    finally:
        check(acl.himpi.sys_init(), "sys_init")
        check(acl.himpi.vdec_create_chn(VDEC_CHN, vdec_attr(acl.HI_PT_JPEG)), "vdec_create_chn")
        attr = {"attr": 0, "pic_width": 64, "pic_height": 64}
        check(acl.himpi.vpc_create_chn(VPC_CHN, attr), "vpc_create_chn")


def test_dvpp_version_is_the_runtime_headers_version() -> None:
    """The emulator's headers are headers/ whatever release the binding under test was generated from."""
    from helpers.binding import baseline_constant

    major, minor, patch, ret = acl.himpi.dvpp_get_version()
    assert ret == 0
    assert (major, minor, patch) == tuple(
        baseline_constant(f"ACL_{part}_VERSION") for part in ("MAJOR", "MINOR", "PATCH")
    )
