"""Global variables of kernel binaries: device copies initialised from the file, symbol queries and copies."""

from __future__ import annotations

import ctypes
import struct
from pathlib import Path

import pytest
from helpers.kernel_support import BANNER, TABLE, build_kernels, load
from helpers.runtime_support import Allocations, Runtime, check, read_host

import acl

H2D, D2H, D2D = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST, acl.ACL_MEMCPY_DEVICE_TO_DEVICE


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return build_kernels(tmp_path_factory.mktemp("globals"))


def ints(data: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(data) // 4}i", data))


@pytest.mark.parametrize("which", ["shared", "relocatable"])
def test_globals_start_with_the_files_data(rt: Runtime, kernels: tuple[Path, Path], which: str) -> None:
    path = kernels[0] if which == "shared" else kernels[1]
    handle = load(path)
    try:
        table, size, ret = acl.rt.binary_get_global(handle, "table")
        check(ret, "binary_get_global table")
        assert size == 4 * len(TABLE)
        assert ints(read_host(table, size)) == TABLE
        zeros, size, ret = acl.rt.binary_get_global(handle, "zeros")
        check(ret, "binary_get_global zeros")
        assert size == 16 * 8 and read_host(zeros, size) == bytes(size)
        banner, size, ret = acl.rt.binary_get_global(handle, "banner")
        check(ret, "binary_get_global banner")
        assert read_host(banner, size) == BANNER
        again, _, ret = acl.rt.binary_get_global(handle, "table")
        assert (again, ret) == (table, acl.ACL_SUCCESS)  # one device copy per variable
        assert acl.rt.binary_get_global(handle, "sum_kernel")[2] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND  # code
        assert acl.rt.binary_get_global(handle, "missing")[2] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND
        assert "no global variable named" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_symbol_copies_move_bytes(rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]) -> None:
    handle = load(kernels[1])
    try:
        table, size, ret = acl.rt.binary_get_global(handle, "table")
        check(ret, "binary_get_global")
        assert acl.rt.get_symbol_address(table) == (table, acl.ACL_SUCCESS)
        assert acl.rt.get_symbol_size(table) == (size, acl.ACL_SUCCESS)
        patch = struct.pack("<3i", -7, 70, 700)
        check(acl.rt.memcpy_to_symbol(table, acl.util.bytes_to_ptr(patch), len(patch), 8, H2D), "to_symbol")
        expected = [*TABLE[:2], -7, 70, 700, *TABLE[5:]]
        host = alloc.host(size)
        check(acl.rt.memcpy_from_symbol(host, size, table, size, 0, D2H), "from_symbol")
        assert ints(read_host(host, size)) == expected
        # the variable is device memory: ordinary runtime copies reach it too
        device = alloc.device(size)
        check(acl.rt.memcpy(device, size, table, size, D2D), "memcpy from the variable")
        assert ints(read_host(device, size)) == expected
        check(acl.rt.memcpy_from_symbol(host, size, table, 4, 4 * 7, D2H), "one element from the end")
        assert ints(read_host(host, 4)) == [TABLE[7]]
        check(acl.rt.memcpy_to_symbol(table, device, 8, 0, D2D), "device to symbol")
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
    # the variable died with its binary
    assert acl.rt.get_symbol_address(table)[1] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND


def test_async_symbol_copies_run_in_stream_order(
    rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]
) -> None:
    handle = load(kernels[0])
    try:
        zeros, size, ret = acl.rt.binary_get_global(handle, "zeros")
        check(ret, "binary_get_global")
        stream = alloc.stream()
        big = 32 << 20
        slow_src, slow_dst = alloc.device(big), alloc.device(big)
        check(acl.rt.memcpy_async(slow_dst, big, slow_src, big, D2D, stream), "slow copy first")
        values = [float(i) * 0.5 for i in range(16)]
        payload = struct.pack("<16d", *values)
        source = acl.util.bytes_to_ptr(payload)
        check(acl.rt.memcpy_to_symbol_async(zeros, source, size, 0, H2D, stream), "to")
        host = alloc.host(size)
        check(acl.rt.memcpy_from_symbol_async(host, size, zeros, 64, 64, D2H, stream), "from upper half")
        check(acl.rt.synchronize_stream(stream), "synchronize_stream")
        assert list(struct.unpack("<8d", read_host(host, 64))) == values[8:]
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_cpu_kernel_reads_a_global_it_is_given(
    rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]
) -> None:
    handle = load(kernels[0])
    try:
        func, ret = acl.rt.register_cpu_func(handle, "sum_kernel", "Sum")
        check(ret, "register_cpu_func")
        table, size, ret = acl.rt.binary_get_global(handle, "table")
        check(ret, "binary_get_global")
        new_values = [10, -20, 30, -40, 50, -60, 70, -80]
        payload = struct.pack("<8i", *new_values)
        out = alloc.device(8)
        check(acl.rt.memset(out, 8, 0, 8), "memset")
        args = struct.pack("<QQQ", table, len(new_values), out)
        source = acl.util.bytes_to_ptr(payload)
        check(acl.rt.memcpy_to_symbol_async(table, source, size, 0, H2D, rt.stream), "to")
        check(acl.rt.launch_kernel(func, 2, acl.util.bytes_to_ptr(args), len(args), rt.stream), "launch")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        assert struct.unpack("<q", read_host(out, 8))[0] == 2 * sum(new_values)
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_host_library_addresses_name_the_variables(rt: Runtime, kernels: tuple[Path, Path]) -> None:
    library = ctypes.CDLL(str(kernels[0]))  # the same file: the loader hands out the same mapping
    host_table = ctypes.addressof(ctypes.c_int32.in_dll(library, "table"))
    host_sum = ctypes.cast(library.sum_kernel, ctypes.c_void_p).value
    handle = load(kernels[0])
    try:
        assert acl.rt.get_symbol_address(host_table)[1] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND  # not opened yet
        func, ret = acl.rt.register_cpu_func(handle, "sum_kernel", "Sum")
        check(ret, "register_cpu_func")
        table, _, ret = acl.rt.binary_get_global(handle, "table")
        check(ret, "binary_get_global")
        assert table != host_table
        assert acl.rt.get_symbol_address(host_table) == (table, acl.ACL_SUCCESS)
        aic, aiv, ret = acl.rt.get_function_addr(func)
        check(ret, "get_function_addr")
        assert (aic, aiv) == (host_sum, 0)
        assert acl.rt.get_func_by_symbol(host_sum) == (func, acl.ACL_SUCCESS)
        # a copy to the variable changes the device copy, not the library's host shadow
        one = struct.pack("<i", 99)
        check(acl.rt.memcpy_to_symbol(host_table, acl.util.bytes_to_ptr(one), 4, 0, H2D), "to_symbol")
        assert ints(read_host(table, 4)) == [99]
        assert ctypes.c_int32.from_address(host_table).value == TABLE[0]
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_symbol_copy_errors(rt: Runtime, alloc: Allocations, kernels: tuple[Path, Path]) -> None:
    handle = load(kernels[1])
    try:
        table, size, ret = acl.rt.binary_get_global(handle, "table")
        check(ret, "binary_get_global")
        host = alloc.host(64)
        assert acl.rt.memcpy_to_symbol(table, host, 8, size - 4, H2D) == acl.ACL_ERROR_INVALID_PARAM
        assert "lie outside" in acl.get_recent_err_msg()
        assert acl.rt.memcpy_from_symbol(host, 64, table, 4, size, D2H) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.memcpy_from_symbol(host, 2, table, 4, 0, D2H) == acl.ACL_ERROR_INVALID_PARAM  # dstMax
        assert acl.rt.memcpy_to_symbol(table, host, 4, 0, D2H) == acl.ACL_ERROR_INVALID_PARAM  # wrong way
        assert acl.rt.memcpy_from_symbol(host, 64, table, 4, 0, H2D) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.memcpy_to_symbol(table, 0, 4, 0, H2D) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.memcpy_to_symbol(host, host, 4, 0, H2D) == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND
        assert acl.rt.memcpy_to_symbol_async(table, host, 4, 0, H2D, 0xBAD) == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_symbol_size(0)[1] == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.binary_get_global(0xBAD, "table")[2] == acl.ACL_ERROR_INVALID_PARAM
        assert ints(read_host(table, size)) == TABLE  # nothing was written
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
