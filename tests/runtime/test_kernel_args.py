"""Kernel argument objects and launches with a config; function queries; per-binary exception callbacks."""

from __future__ import annotations

import ctypes
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.kernel_support import build_kernels, load, write_host
from helpers.runtime_support import Allocations, Runtime, check, read_host

import acl


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return build_kernels(tmp_path_factory.mktemp("args"))


@pytest.fixture
def mixed(rt: Runtime, kernels: tuple[Path, Path]) -> Iterator[tuple[int, int]]:
    """A loaded shared library and its `mixed_kernel` registered as a CPU function; unloaded after."""
    handle = load(kernels[0])
    try:
        func, ret = acl.rt.register_cpu_func(handle, "mixed_kernel", "Mixed")
        check(ret, "register_cpu_func")
        yield handle, func
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


class Mixed(ctypes.Structure):
    """The C layout of `struct mixed_args`: the independent reference for the appended offsets."""

    _fields_ = [
        ("tag", ctypes.c_uint8),
        ("count", ctypes.c_uint32),
        ("out", ctypes.c_void_p),
        ("scale", ctypes.c_int64),
        ("values", ctypes.c_void_p),
    ]


def append(args: int, data: bytes) -> int:
    param, ret = acl.rt.kernel_args_append(args, acl.util.bytes_to_ptr(data), len(data))
    check(ret, "kernel_args_append")
    return param


def fill_mixed(args: int, tag: int, count: int, out: int, scale: int) -> tuple[int, int, int]:
    """Appends struct mixed_args' members; returns the count, scale and placeholder parameters."""
    append(args, struct.pack("<B", tag))
    count_param = append(args, struct.pack("<I", count))
    append(args, struct.pack("<Q", out))
    scale_param = append(args, struct.pack("<q", scale))
    holder, ret = acl.rt.kernel_args_append_place_holder(args)
    check(ret, "kernel_args_append_place_holder")
    return count_param, scale_param, holder


def launch(func: int, args: int, stream: int, blocks: int = 1) -> int:
    return acl.rt.launch_kernel_with_config(func, blocks, stream, [], args, 0)


def update(args: int, param: int, data: bytes) -> int:
    return acl.rt.kernel_args_para_update(args, param, acl.util.bytes_to_ptr(data), len(data))


def outputs(address: int) -> list[int]:
    return list(struct.unpack("<3q", read_host(address, 24)))


def test_args_object_runs_a_cpu_function_with_placeholder_data(
    rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]
) -> None:
    handle = load(kernels[0])
    try:
        func, ret = acl.rt.register_cpu_func(handle, "mixed_kernel", "Mixed")
        check(ret, "register_cpu_func")
        args, ret = acl.rt.kernel_args_init(func)
        check(ret, "kernel_args_init")
        first, second = alloc.device(24), alloc.device(24)
        values = [5, -3, 11, 40, -2, 7]
        count_param, scale_param, holder = fill_mixed(args, 9, 4, first, 3)
        buffer, ret = acl.rt.kernel_args_get_place_holder_buffer(args, holder, 4 * len(values))
        check(ret, "kernel_args_get_place_holder_buffer")
        write_host(buffer, struct.pack(f"<{len(values)}i", *values))
        check(acl.rt.kernel_args_finalize(args), "kernel_args_finalize")
        check(launch(func, args, rt.stream), "first launch")
        # updates after a launch change later launches only: the launch copied the block
        check(update(args, count_param, struct.pack("<I", 6)), "update count")
        check(update(args, scale_param, struct.pack("<q", -2)), "update scale")
        # a second object of the same function, writing to its own output
        rebuilt, ret = acl.rt.kernel_args_init(func)
        check(ret, "kernel_args_init (second object)")
        _, _, holder_b = fill_mixed(rebuilt, 200, 6, second, -2)
        buffer_b, ret = acl.rt.kernel_args_get_place_holder_buffer(rebuilt, holder_b, 4 * len(values))
        check(ret, "placeholder buffer")
        write_host(buffer_b, struct.pack(f"<{len(values)}i", *values))
        check(acl.rt.kernel_args_finalize(rebuilt), "finalize")
        check(launch(func, rebuilt, rt.stream), "second launch")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        assert outputs(first) == [9, 4, 3 * sum(values[:4])]
        assert outputs(second) == [200, 6, -2 * sum(values)]
        # the updated first object, launched again into the first output
        check(launch(func, args, rt.stream), "third launch")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        assert outputs(first) == [9, 6, -2 * sum(values)]
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
    assert acl.rt.kernel_args_finalize(args) == acl.ACL_ERROR_INVALID_PARAM  # died with its binary


def test_sizes_and_user_memory_objects(rt: Runtime, alloc: Allocations, mixed: tuple[int, int]) -> None:
    _, func = mixed
    for user, actual in ((1, 8), (13, 16), (32, 32), (0, 0)):
        assert acl.rt.kernel_args_get_mem_size(func, user) == (actual, acl.ACL_SUCCESS)
    handle_size, ret = acl.rt.kernel_args_get_handle_mem_size(func)
    check(ret, "kernel_args_get_handle_mem_size")
    assert handle_size > 0
    values = [1, 2, 3]
    # the struct with its padding plus the placeholder data
    need, ret = acl.rt.kernel_args_get_mem_size(func, ctypes.sizeof(Mixed) + 4 * len(values))
    check(ret, "kernel_args_get_mem_size")
    args, block = alloc.host(handle_size), alloc.host(need)
    check(acl.rt.kernel_args_init_by_user_mem(func, args, block, need), "kernel_args_init_by_user_mem")
    out = alloc.device(24)
    _, _, holder = fill_mixed(args, 77, 3, out, 10)
    # the members sit where the C compiler puts them, inside the caller's block
    image = read_host(block, ctypes.sizeof(Mixed))
    assert image[Mixed.tag.offset] == 77
    assert struct.unpack_from("<I", image, Mixed.count.offset)[0] == 3
    assert struct.unpack_from("<Q", image, Mixed.out.offset)[0] == out
    assert struct.unpack_from("<q", image, Mixed.scale.offset)[0] == 10
    buffer, ret = acl.rt.kernel_args_get_place_holder_buffer(args, holder, 4 * len(values))
    check(ret, "placeholder buffer")
    assert block <= buffer and buffer + 4 * len(values) <= block + need  # carved from the caller's block
    write_host(buffer, struct.pack("<3i", *values))
    check(acl.rt.kernel_args_finalize(args), "finalize")
    check(launch(func, args, rt.stream), "launch")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert outputs(out) == [77, 3, 10 * sum(values)]

    small = alloc.host(16)
    check(acl.rt.kernel_args_init_by_user_mem(func, args, small, 16), "re-init in the same memory")
    append(args, struct.pack("<Q", 1))
    ret = acl.rt.kernel_args_append(args, acl.util.bytes_to_ptr(bytes(16)), 16)[1]
    assert ret == acl.ACL_ERROR_INVALID_PARAM  # 8 + 16 bytes do not fit 16
    assert "holds 16" in acl.get_recent_err_msg()


def test_args_misuse_is_refused(rt: Runtime, alloc: Allocations, mixed: tuple[int, int]) -> None:
    handle, func = mixed
    other, ret = acl.rt.register_cpu_func(handle, "sum_kernel", "Sum")
    check(ret, "register_cpu_func")
    args, ret = acl.rt.kernel_args_init(func)
    check(ret, "kernel_args_init")
    value = append(args, struct.pack("<I", 1))
    holder, ret = acl.rt.kernel_args_append_place_holder(args)
    check(ret, "append_place_holder")
    four = acl.util.bytes_to_ptr(bytes(4))
    assert launch(func, args, rt.stream) == acl.ACL_ERROR_INVALID_PARAM
    assert "not finalized" in acl.get_recent_err_msg()
    assert acl.rt.kernel_args_para_update(args, value, four, 2) == acl.ACL_ERROR_INVALID_PARAM  # size
    assert acl.rt.kernel_args_para_update(args, holder, four, 8) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.kernel_args_para_update(args, 0x10, four, 4) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.kernel_args_get_place_holder_buffer(args, value, 8)[1] == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.kernel_args_finalize(args), "finalize")
    assert acl.rt.kernel_args_append(args, four, 4)[1] == acl.ACL_ERROR_INVALID_PARAM  # finalized
    ret = launch(func, args, rt.stream)
    assert ret == acl.ACL_ERROR_INVALID_PARAM and "no buffer" in acl.get_recent_err_msg()
    check(acl.rt.kernel_args_get_place_holder_buffer(args, holder, 8)[1], "buffer")
    assert acl.rt.kernel_args_get_place_holder_buffer(args, holder, 64)[1] == acl.ACL_ERROR_INVALID_PARAM
    assert launch(other, args, rt.stream) == acl.ACL_ERROR_INVALID_PARAM
    assert launch(func, args, rt.stream, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.kernel_args_init_by_user_mem(func, alloc.host(64) + 1, alloc.host(64), 64) == (
        acl.ACL_ERROR_INVALID_PARAM
    )
    assert acl.rt.kernel_args_finalize(0xBAD) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.kernel_args_init(0xBAD)[1] == acl.ACL_ERROR_INVALID_PARAM


def test_ai_core_function_queries_and_refused_launch(
    rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]
) -> None:
    image = kernels[0].read_bytes()
    handle = load(kernels[0])
    try:
        func, ret = acl.rt.binary_get_function(handle, "mixed_kernel")
        check(ret, "binary_get_function")
        kernel_type = acl.rt.get_function_attribute(func, acl.ACL_FUNC_ATTR_KERNEL_TYPE)
        assert kernel_type == (acl.ACL_KERNEL_TYPE_AICORE, acl.ACL_SUCCESS)
        assert acl.rt.get_function_attribute(func, 99)[1] == acl.ACL_ERROR_INVALID_PARAM
        aic, aiv, ret = acl.rt.get_function_addr(func)
        check(ret, "get_function_addr")
        size = acl.rt.get_function_size(func)[0]
        code = read_host(aic, size)
        assert aiv == 0 and len(code) == size and image.count(code) >= 1  # the function's bytes of the file
        assert acl.rt.get_func_by_symbol(aic) == (func, acl.ACL_SUCCESS)
        assert acl.rt.get_func_by_symbol(func) == (func, acl.ACL_SUCCESS)
        assert acl.rt.get_func_by_symbol(aic + 1)[1] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND
        assert acl.rt.function_get_param_count(func)[1] == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
        assert "compile the kernel with -g" in acl.get_recent_err_msg()  # built without debug info
        assert acl.rt.function_get_param_info(func, 0)[2] == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
        ubuf, ret = acl.rt.function_get_avail_dyn_ubuf_per_block(func, 0)
        check(ret, "function_get_avail_dyn_ubuf_per_block")
        local, ret = acl.rt.get_device_info(0, acl.ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE)
        check(ret, "get_device_info")
        assert ubuf == local > 0
        args, ret = acl.rt.kernel_args_init(func)
        check(ret, "kernel_args_init")
        append(args, struct.pack("<Q", 5))
        check(acl.rt.kernel_args_finalize(args), "finalize")
        assert launch(func, args, rt.stream) == acl.ACL_ERROR_API_NOT_SUPPORT
        assert "AI Core kernel" in acl.get_recent_err_msg()
        cpu, ret = acl.rt.register_cpu_func(handle, "mixed_kernel", "Mixed")
        check(ret, "register_cpu_func")
        kernel_type = acl.rt.get_function_attribute(cpu, acl.ACL_FUNC_ATTR_KERNEL_TYPE)
        assert kernel_type == (acl.ACL_KERNEL_TYPE_AICPU, acl.ACL_SUCCESS)
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def host_launch(func: int, stream: int, block: bytes, holders: bytes) -> int:
    """aclrtLaunchKernelWithHostArgs with placeholder records packed as (addrOffset, dataOffset) pairs."""
    return acl.rt.launch_kernel_with_host_args(func, 1, stream, 0, acl.util.bytes_to_ptr(block), len(block),
                                               acl.util.bytes_to_ptr(holders), len(holders) // 8)


def test_host_args_placeholders_point_into_the_launch_copy(
    rt: Runtime, alloc: Allocations, mixed: tuple[int, int]
) -> None:
    _, func = mixed
    out = alloc.device(24)
    values = [4, 8, -15, 16, 23]
    head = Mixed(tag=12, count=len(values), out=out, scale=-3, values=0)
    block = bytes(head) + struct.pack(f"<{len(values)}i", *values)
    holders = struct.pack("<II", Mixed.values.offset, ctypes.sizeof(Mixed))
    check(host_launch(func, rt.stream, block, holders), "launch_kernel_with_host_args")
    del block  # the launch took its own copy, data included
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert outputs(out) == [12, len(values), -3 * sum(values)]
    small = bytes(ctypes.sizeof(Mixed))
    outside = struct.pack("<II", ctypes.sizeof(Mixed) - 4, 0)  # the address slot would cross the end
    assert host_launch(func, rt.stream, small, outside) == acl.ACL_ERROR_INVALID_PARAM
    assert "outside" in acl.get_recent_err_msg()


def test_arch_compatibility(rt: Runtime) -> None:
    assert acl.rt.check_arch_compatibility(acl.get_soc_name()) == (1, acl.ACL_SUCCESS)
    assert acl.rt.check_arch_compatibility(acl.get_soc_name() + "X") == (0, acl.ACL_SUCCESS)
    assert acl.rt.check_arch_compatibility(None)[1] == acl.ACL_ERROR_INVALID_PARAM


OP_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)


def test_binary_exception_callback_names_the_failing_function(
    rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]
) -> None:
    handle = load(kernels[0])
    seen: list[tuple[int, int, int]] = []
    done = threading.Event()

    def on_exception(info: int, user_data: int) -> None:
        func, ret = acl.rt.get_func_handle_from_exception_info(info)
        seen.append((func if ret == acl.ACL_SUCCESS else -ret, user_data or 0,
                     acl.rt.get_error_code_from_exception_info(info)))
        done.set()

    callback = OP_CALLBACK(on_exception)
    try:
        failing, ret = acl.rt.register_cpu_func(handle, "failing_kernel", "Fails")
        check(ret, "register_cpu_func")
        address = ctypes.cast(callback, ctypes.c_void_p).value
        check(acl.rt.binary_set_exception_callback(handle, address, 0x5EED), "binary_set_exception_callback")
        stream = alloc.stream()
        check(acl.rt.launch_kernel(failing, 1, 0, 0, stream), "launch_kernel")
        assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_RT_AICPU_EXCEPTION
        assert done.wait(10)
        assert seen == [(failing, 0x5EED, acl.ACL_ERROR_RT_AICPU_EXCEPTION)]
        check(acl.rt.binary_set_exception_callback(handle, 0, 0), "remove the callback")
        check(acl.rt.launch_kernel(failing, 1, 0, 0, stream), "launch_kernel")
        assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_RT_AICPU_EXCEPTION
        assert len(seen) == 1
        assert acl.rt.binary_set_exception_callback(0xBAD, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_func_handle_from_exception_info(0x1234)[1] == acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
