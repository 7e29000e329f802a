"""aclplatformGetDeviceInfo / aclplatformGetInstructionInfo against the other device queries and the
operators the emulator runs, and aclsysGetVersionNum against aclsysGetVersionStr."""

from __future__ import annotations

import re

import pytest
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check
from helpers.subproc import describe, run_on_emulator

import acl
from acl._backend import ffi, lib

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy

SAME_AS_DEVICE_INFO = {
    acl.ACL_PLATFORM_AICORE_CNT: acl.ACL_DEV_ATTR_AICORE_CORE_NUM,
    acl.ACL_PLATFORM_AICORE_UB_SIZE: acl.ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE,
    acl.ACL_PLATFORM_CUBE_CORE_CNT: acl.ACL_DEV_ATTR_CUBE_CORE_NUM,
    acl.ACL_PLATFORM_VECTOR_CORE_CNT: acl.ACL_DEV_ATTR_VECTOR_CORE_NUM,
    acl.ACL_PLATFORM_L2_SIZE: acl.ACL_DEV_ATTR_L2_CACHE_SIZE,
    acl.ACL_PLATFORM_MEMORY_SIZE: acl.ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE,
    acl.ACL_PLATFORM_NPU_ARCH: acl.ACL_DEV_ATTR_NPU_ARCH,
}


def address(cdata: object) -> int:
    return int(ffi.cast("uintptr_t", cdata))


def platform_info(info_type: int, max_len: int = 256) -> tuple[str, int]:
    out = ffi.new("char[]", max(max_len, 1))
    ret = acl.platform_get_device_info(info_type, address(out), max_len)
    return ffi.string(out).decode(), ret


def instruction_info(core: int, name: str, max_len: int = 256) -> tuple[str, int]:
    out = ffi.new("char[]", max(max_len, 1))
    ret = acl.platform_get_instruction_info(core, name, address(out), max_len)
    return ffi.string(out).decode(), ret


def test_device_info_agrees_with_the_device_queries(rt: Runtime) -> None:
    for info_type, attr in SAME_AS_DEVICE_INFO.items():
        value, ret = acl.rt.get_device_info(0, attr)
        check(ret, "get_device_info")
        text, ret = platform_info(info_type)
        check(ret, f"platform info {info_type}")
        assert text == str(value), info_type
    count, ret = acl.get_device_capability(0, acl.ACL_DEVICE_INFO_AI_CORE_NUM)
    check(ret, "get_device_capability")
    assert platform_info(acl.ACL_PLATFORM_AICORE_CNT)[0] == str(count)
    assert platform_info(acl.ACL_PLATFORM_SOC_VERSION) == (acl.get_soc_name(), acl.ACL_SUCCESS)
    for info_type in (acl.ACL_PLATFORM_CUBE_FREQ, acl.ACL_PLATFORM_VEC_FREQ, acl.ACL_PLATFORM_BT_SIZE,
                      acl.ACL_PLATFORM_L0_A_SIZE, acl.ACL_PLATFORM_L0_B_SIZE, acl.ACL_PLATFORM_L0_C_SIZE,
                      acl.ACL_PLATFORM_L1_SIZE):
        text, ret = platform_info(info_type)
        check(ret, f"platform info {info_type}")
        assert text.isdigit() and int(text) > 0, (info_type, text)
    for info_type in (acl.ACL_PLATFORM_AIC_VERSION, acl.ACL_PLATFORM_MEMORY_TYPE):
        text, ret = platform_info(info_type)
        check(ret, f"platform info {info_type}")
        assert text


def test_memory_size_follows_the_device_budget() -> None:
    result = run_on_emulator(
        """
        from acl._backend import ffi
        out = ffi.new("char[64]")
        out_addr = int(ffi.cast("uintptr_t", out))
        ok(acl.platform_get_device_info(acl.ACL_PLATFORM_MEMORY_SIZE, out_addr, 64), "info")
        print(ffi.string(out).decode())
        """,
        {"ACL_EMU_DEVICE_MEMORY": "123456789"},
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split() == ["123456789"]


def test_an_answer_must_fit_with_its_terminator(rt: Runtime) -> None:
    text, ret = platform_info(acl.ACL_PLATFORM_SOC_VERSION)
    check(ret, "platform info")
    assert platform_info(acl.ACL_PLATFORM_SOC_VERSION, len(text))[1] == acl.ACL_ERROR_INVALID_PARAM
    assert platform_info(acl.ACL_PLATFORM_SOC_VERSION, len(text) + 1) == (text, acl.ACL_SUCCESS)
    types, ret = instruction_info(acl.ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vadd")
    check(ret, "instruction info")
    assert instruction_info(acl.ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vadd", len(types))[1] \
        == acl.ACL_ERROR_INVALID_PARAM


NUMPY_TYPES = {"float16": acl.ACL_FLOAT16, "float32": acl.ACL_FLOAT, "float64": acl.ACL_DOUBLE,
               "int8": acl.ACL_INT8, "uint8": acl.ACL_UINT8, "int16": acl.ACL_INT16, "int32": acl.ACL_INT32,
               "int64": acl.ACL_INT64, "uint16": acl.ACL_UINT16, "uint32": acl.ACL_UINT32}


def run_binary(rt: Runtime, alloc: Allocations, op: str, acl_type: int, a: bytes, b: bytes, dims: list[int],
               out_size: int) -> tuple[int, bytes]:
    descs = [acl.create_tensor_desc(acl_type, dims, acl.ACL_FORMAT_ND) for _ in range(3)]
    buffers = []
    for payload in (a, b, bytes(out_size)):
        ptr = alloc.device(len(payload))
        write_device(ptr, payload)
        buffers.append((ptr, acl.create_data_buffer(ptr, len(payload))))
    try:
        handles = [b for _, b in buffers]
        ret = acl.op.execute_v2(op, descs[:2], handles[:2], descs[2:], handles[2:], 0, rt.stream)
        if ret == acl.ACL_SUCCESS:
            ret = acl.rt.synchronize_stream(rt.stream)
        return ret, read_device(buffers[2][0], out_size)
    finally:
        for desc in descs:
            acl.destroy_tensor_desc(desc)
        for _, buffer in buffers:
            acl.destroy_data_buffer(buffer)


@pytest.mark.parametrize(("instruction", "op", "numpy_op"), [
    ("Intrinsic_vadd", "Add", np.add), ("Intrinsic_vmul", "Mul", np.multiply),
    ("Intrinsic_vmax", "Maximum", np.maximum)])
def test_vector_instruction_types_are_the_ones_its_operator_runs(
    rt: Runtime, alloc: Allocations, instruction: str, op: str, numpy_op: object
) -> None:
    text, ret = instruction_info(acl.ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, instruction)
    check(ret, "instruction info")
    listed = text.split(",")
    assert len(set(listed)) == len(listed)
    for name in listed:
        if name == "bfloat16":  # bfloat16 is float32's upper half: small integers are exact
            a, b = np.arange(1, 9, dtype=np.float32), np.arange(9, 1, -1, dtype=np.float32)
            as_bf16 = lambda x: (x.view(np.uint32) >> 16).astype(np.uint16).tobytes()  # noqa: E731
            ret, raw = run_binary(rt, alloc, op, acl.ACL_BF16, as_bf16(a), as_bf16(b), [8], 16)
            check(ret, f"{op} {name}")
            got = (np.frombuffer(raw, np.uint16).astype(np.uint32) << 16).view(np.float32)
            np.testing.assert_array_equal(got, numpy_op(a, b))
            continue
        dtype = np.dtype(name)
        a, b = np.arange(1, 9).astype(dtype), np.arange(9, 1, -1).astype(dtype)
        ret, raw = run_binary(rt, alloc, op, NUMPY_TYPES[name], a.tobytes(), b.tobytes(), [8], a.nbytes)
        check(ret, f"{op} {name}")
        np.testing.assert_array_equal(np.frombuffer(raw, dtype), numpy_op(a, b))
    for name in sorted(set(NUMPY_TYPES) - set(listed)):  # a type the instruction does not list is refused
        a = np.arange(1, 9).astype(name)
        ret, _ = run_binary(rt, alloc, op, NUMPY_TYPES[name], a.tobytes(), a.tobytes(), [8], a.nbytes)
        assert ret != acl.ACL_SUCCESS, name


def test_matrix_instruction_types_are_the_ones_matmul_takes(rt: Runtime, alloc: Allocations) -> None:
    text, ret = instruction_info(acl.ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_mmad")
    check(ret, "instruction info")
    for name in text.split(","):
        dtype = np.dtype(name)
        a = np.arange(4).reshape(2, 2).astype(dtype)
        out_type = np.dtype("int32") if name == "int8" else dtype
        expected = (a.astype(np.int64) @ a.astype(np.int64)).astype(out_type)
        descs = [acl.create_tensor_desc(NUMPY_TYPES[name], [2, 2], acl.ACL_FORMAT_ND) for _ in range(2)]
        descs.append(acl.create_tensor_desc(NUMPY_TYPES[out_type.name], [2, 2], acl.ACL_FORMAT_ND))
        ptrs = [alloc.device(a.nbytes), alloc.device(a.nbytes), alloc.device(expected.nbytes)]
        write_device(ptrs[0], a.tobytes())
        write_device(ptrs[1], a.tobytes())
        bufs = [acl.create_data_buffer(p, n) for p, n in zip(ptrs, (a.nbytes, a.nbytes, expected.nbytes))]
        try:
            check(acl.op.execute_v2("MatMul", descs[:2], bufs[:2], descs[2:], bufs[2:], 0, rt.stream), name)
            check(acl.rt.synchronize_stream(rt.stream), "sync")
            got = np.frombuffer(read_device(ptrs[2], expected.nbytes), out_type)
            np.testing.assert_array_equal(got.reshape(2, 2), expected)
        finally:
            for d in descs:
                acl.destroy_tensor_desc(d)
            for b in bufs:
                acl.destroy_data_buffer(b)


def version_number(text: str) -> int:
    """The runtime's rule: X*10^7 + Y*10^5 + Z*10^3, minus 300/200/100 for alpha/beta/rc plus their number."""
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)(?:[.\-_]?(alpha|beta|rc)(\d+))?", text)
    assert match, text
    major, minor, patch, stage, number = match.groups()
    value = int(major) * 10**7 + int(minor) * 10**5 + int(patch) * 10**3
    if stage:
        value += -{"alpha": 300, "beta": 200, "rc": 100}[stage] + int(number)
    return value


def test_version_number_is_the_version_string_as_a_number() -> None:
    for package in ("runtime", "compiler", "driver"):
        text, ret = acl.get_version_str(package)
        check(ret, "get_version_str")
        name = ffi.new("char[]", package.encode())  # the binding takes pkgName (char *) as an address
        number, ret = acl.get_version_num(address(name))
        check(ret, "get_version_num")
        assert number == version_number(text)
    major = acl.get_version()[0]
    assert major == acl.ACL_MAJOR_VERSION  # the ACL API version, a separate number from the package's


def test_bad_arguments_give_codes_not_crashes() -> None:
    result = run_on_emulator(
        """
        from acl._backend import ffi
        buf = ffi.new("char[64]")
        out = int(ffi.cast("uintptr_t", buf))
        INVALID = acl.ACL_ERROR_INVALID_PARAM
        VEC = acl.ACL_PLATFORM_CORE_TYPE_VECTOR_CORE
        codes = [
            acl.platform_get_device_info(99, out, 64),
            acl.platform_get_device_info(acl.ACL_PLATFORM_L1_SIZE, 0, 64),
            acl.platform_get_device_info(acl.ACL_PLATFORM_L1_SIZE, out, 0),
            acl.platform_get_instruction_info(7, "Intrinsic_vadd", out, 64),
            acl.platform_get_instruction_info(VEC, None, out, 64),
            acl.platform_get_instruction_info(VEC, "Intrinsic_vadd", 0, 64),
            acl.platform_get_instruction_info(VEC, "Intrinsic_vadd", out, 0),
            acl.platform_get_instruction_info(VEC, "Intrinsic_nope", out, 64),
            acl.platform_get_instruction_info(acl.ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_vadd", out, 64),
            acl.get_version_num(0)[1],
        ]
        print(codes)
        assert codes == [INVALID] * len(codes), codes
        """
    )
    assert result.returncode == 0, describe(result)


RUNTIME_REST = [
    "aclplatformGetDeviceInfo", "aclplatformGetInstructionInfo", "aclsysGetVersionNum",
    "aclrtGetErrorVerbose", "aclrtRepairError", "aclRecoverAllHcclTasks", "aclrtGetPrimaryCtxState",
    "aclrtGetMemUsageInfo",
    "aclrtCtxGetFloatOverflowAddr", "aclrtGetHardwareSyncAddr", "aclrtCacheLastTaskExtendInfo",
    "aclrtCacheLastTaskOpInfo", "aclrtProfTrace", "acldumpGetExceptionInfoPath", "acldumpSaveExceptionInfo",
    "aclCreateGraphDumpOpt", "aclDestroyGraphDumpOpt", "aclGenGraphAndDumpForOp",
]  # fmt: skip


def test_the_rest_of_the_runtime_is_implemented() -> None:
    assert len(set(RUNTIME_REST)) == 18
    assert [name for name in RUNTIME_REST if lib._aclemu_IsImplemented(name.encode()) != 1] == []
