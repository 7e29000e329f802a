"""hi_mpi epoll and the hi_mpi area's shared services.

Readiness is driven by the channels (VDEC/VENC report their levels through emulator/himpi.h), so
the readiness semantics are checked by a C program that calls that interface directly, like a
channel does; the Python tests check acl.himpi's epoll calls and their refusals.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers.compile_c import compile_c, link_emulator
from helpers.subproc import EMULATOR_LIBRARY

HI_ERR_SYS_ILLEGAL_PARAM = 0xA0028003
HI_ERR_SYS_UNEXIST = 0xA0028005
HI_DVPP_EPOLL_CTL_ADD, HI_DVPP_EPOLL_CTL_DEL = 1, 3
HI_DVPP_EPOLL_IN = 1

HERE = Path(__file__).resolve().parent


def test_readiness_tasks_and_registry_in_c(tmp_path: Path) -> None:
    library = EMULATOR_LIBRARY  # the emulator of the acl under test (installed or built in place)
    assert library.is_file(), "build the emulator first (build_ffi.py)"
    program = compile_c(
        [HERE / "himpi_services_check.c"], tmp_path / "himpi_services_check", link=link_emulator(library)
    )
    result = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_epoll_set_lifecycle() -> None:
    import acl

    epoll_fd, ret = acl.himpi.sys_create_epoll(16)
    assert ret == 0
    events, count, ret = acl.himpi.sys_wait_epoll(epoll_fd, 4, 0)
    assert (count, ret) == (0, 0)
    assert events == []  # the list holds the events the call reported, not max_events slots
    assert acl.himpi.sys_close_epoll(epoll_fd) == 0
    assert acl.himpi.sys_close_epoll(epoll_fd) == HI_ERR_SYS_UNEXIST
    assert acl.himpi.sys_wait_epoll(epoll_fd, 4, 0)[2] == HI_ERR_SYS_UNEXIST


@pytest.mark.parametrize("size", [0, -3, 1 << 20])
def test_create_epoll_refuses_bad_sizes(size: int) -> None:
    import acl

    assert acl.himpi.sys_create_epoll(size)[1] == HI_ERR_SYS_ILLEGAL_PARAM
    assert "hi_mpi_sys_create_epoll" in acl.get_recent_err_msg()


def test_ctl_and_wait_refusals() -> None:
    import acl

    epoll_fd, ret = acl.himpi.sys_create_epoll(4)
    assert ret == 0
    watch = {"events": HI_DVPP_EPOLL_IN, "data": 0}
    assert acl.himpi.sys_ctl_epoll(epoll_fd, HI_DVPP_EPOLL_CTL_ADD, 12345, watch) == HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.sys_ctl_epoll(epoll_fd, 9, 12345, watch) == HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.sys_ctl_epoll(epoll_fd, HI_DVPP_EPOLL_CTL_ADD, 12345, {"events": 0x10}) == (
        HI_ERR_SYS_ILLEGAL_PARAM
    )
    assert acl.himpi.sys_ctl_epoll(epoll_fd + 1, HI_DVPP_EPOLL_CTL_DEL, 0, {}) == HI_ERR_SYS_UNEXIST
    assert acl.himpi.sys_wait_epoll(epoll_fd, 0, 0)[2] == HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.sys_wait_epoll(epoll_fd, 1, -2)[2] == HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.sys_close_epoll(epoll_fd) == 0
