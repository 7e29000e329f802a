"""The operator kernel registry: aclopCreateKernel, compile functions called by
aclopUpdateParams through acl.op.register_compile_func, kernel desc setters, args dumps."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from op_support import check

import acl
from acl._backend import lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_OP_NOT_FOUND = 100024
ACL_ERROR_KERNEL_NOT_FOUND = 100029
ACL_ENGINE_AICORE = 1


@pytest.fixture()
def descs(compute_stream: int) -> Any:
    made = [acl.create_tensor_desc(acl.ACL_FLOAT, [4, n], acl.ACL_FORMAT_ND) for n in (1, 2, 3)]
    assert all(made)
    yield made
    for desc in made:
        acl.destroy_tensor_desc(desc)


def test_compile_function_chooses_a_created_kernel(descs: list[int], tmp_path: Path) -> None:
    binary = np.frombuffer(os.urandom(256), dtype=np.uint8).copy()
    check(acl.op.create_kernel("EmuRegAdd", "add_f32", "add_kernel", binary.ctypes.data, binary.nbytes,
                               ACL_ENGINE_AICORE, 0), "create_kernel")
    assert acl.op.create_kernel("EmuRegAdd", "add_f32", "again", binary.ctypes.data, binary.nbytes,
                                ACL_ENGINE_AICORE, 0) == ACL_ERROR_INVALID_PARAM
    args = np.arange(6, dtype=np.int64)
    workspaces = np.array([128, 4096], dtype=np.uint64)
    calls: list[tuple[Any, ...]] = []

    def compile_add(num_in: int, ins: list[int], num_out: int, outs: list[int], attr: int,
                    kernel: int) -> int:
        calls.append((num_in, ins, num_out, outs, attr))
        check(acl.op.set_kernel_args(kernel, "add_f32", 8, args.ctypes.data, args.nbytes), "set_kernel_args")
        check(acl.op.set_kernel_workspace_sizes(kernel, 2, workspaces.ctypes.data), "set_workspace_sizes")
        return 0

    check(acl.op.register_compile_func("EmuRegAdd", compile_add), "register_compile_func")
    attr = acl.op.create_attr()
    try:
        check(acl.op.start_dump_args(acl.ACL_OP_DUMP_OP_AICORE_ARGS, str(tmp_path)), "start_dump_args")
        check(acl.op.update_params("EmuRegAdd", descs[:2], descs[2:], attr), "update_params")
        check(acl.op.stop_dump_args(acl.ACL_OP_DUMP_OP_AICORE_ARGS), "stop_dump_args")
        assert calls == [(2, descs[:2], 1, descs[2:], attr)]
        dumps = list(tmp_path.iterdir())
        assert [p.name.split(".")[:2] for p in dumps] == [["EmuRegAdd", "add_f32"]]
        assert dumps[0].read_bytes() == args.tobytes()
        # The dump is off again: another compile writes nothing.
        check(acl.op.update_params("EmuRegAdd", descs[:1], [], 0), "update_params")
        assert len(list(tmp_path.iterdir())) == 1
        assert calls[-1][:4] == (1, descs[:1], 0, [])
    finally:
        acl.op.destroy_attr(attr)
    check(acl.op.unregister_compile_func("EmuRegAdd"), "unregister_compile_func")
    assert acl.op.update_params("EmuRegAdd", descs[:1], [], 0) == ACL_ERROR_OP_NOT_FOUND
    assert acl.op.unregister_compile_func("EmuRegAdd") == ACL_ERROR_OP_NOT_FOUND


def test_compile_function_errors_reach_the_caller(descs: list[int]) -> None:
    chosen: list[str] = []

    def compile_sub(num_in: int, ins: list[int], num_out: int, outs: list[int], attr: int,
                    kernel: int) -> int:
        if chosen[-1] == "fail":
            return 500002
        if chosen[-1] != "none":
            check(acl.op.set_kernel_args(kernel, chosen[-1], 1, 0, 0), "set_kernel_args")
        return 0

    check(acl.op.register_compile_func("EmuRegSub", compile_sub), "register_compile_func")
    for choice, expected in (("fail", 500002), ("none", ACL_ERROR_KERNEL_NOT_FOUND),
                             ("never_created", ACL_ERROR_KERNEL_NOT_FOUND)):
        chosen.append(choice)
        assert acl.op.update_params("EmuRegSub", descs[:1], descs[1:2], 0) == expected, choice
    assert acl.op.update_params("EmuRegSub", [12345], [], 0) == ACL_ERROR_INVALID_PARAM
    check(acl.op.unregister_compile_func("EmuRegSub"), "unregister_compile_func")


def test_setters_and_dump_arguments_are_checked() -> None:
    sizes = np.array([1], dtype=np.uint64)
    assert acl.op.set_kernel_args(12345, "k", 1, 0, 0) == ACL_ERROR_INVALID_PARAM  # no compile is running
    assert acl.op.set_kernel_workspace_sizes(12345, 1, sizes.ctypes.data) == ACL_ERROR_INVALID_PARAM
    assert acl.op.create_kernel("T", "k", "n", 0, 16, ACL_ENGINE_AICORE, 0) == ACL_ERROR_INVALID_PARAM
    binary = np.zeros(8, np.uint8)
    assert acl.op.create_kernel("T", "k", "n", binary.ctypes.data, 8, 9, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.op.start_dump_args(2, "/tmp") == ACL_ERROR_INVALID_PARAM
    assert acl.op.stop_dump_args(0) == ACL_ERROR_INVALID_PARAM
    for name in ("aclopCreateKernel", "aclopRegisterCompileFunc", "aclopUnregisterCompileFunc",
                 "aclopSetKernelArgs", "aclopSetKernelWorkspaceSizes", "aclopUpdateParams",
                 "aclopStartDumpArgs", "aclopStopDumpArgs"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
