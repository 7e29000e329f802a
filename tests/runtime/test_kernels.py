"""Kernel binaries: ELF symbol lookup, CPU functions launched on streams, AI Core launches refused."""

from __future__ import annotations

import array
import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from helpers.cdata_support import address
from helpers.compile_c import compile_c
from helpers.runtime_support import Allocations, Runtime, check, read_host

import acl

KERNEL_SOURCE = r"""
#include <stdint.h>
struct scale_args { float *data; uint64_t count; float factor; };
uint32_t scale_kernel(void *args)
{
    struct scale_args *a = args;
    for (uint64_t i = 0; i < a->count; i++) {
        a->data[i] *= a->factor;
    }
    return 0;
}
uint32_t failing_kernel(void *args) { (void)args; return 7; }
"""


@pytest.fixture(scope="module")
def kernel_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kernels")
    source = folder / "kernels.c"
    source.write_text(KERNEL_SOURCE)
    return compile_c([source], folder / "libkernels.so", shared=True)


def load(path: Path) -> int:
    handle, ret = acl.rt.binary_load_from_file(str(path), [])
    check(ret, "binary_load_from_file")
    return handle


def scale_args(data: int, count: int, factor: float) -> bytes:
    return struct.pack("<QQf4x", data, count, factor)


def test_cpu_kernel_runs_on_the_stream_in_order_with_copies(
    rt: Runtime, alloc: Allocations, kernel_library: Path
) -> None:
    handle = load(kernel_library)
    try:
        func, ret = acl.rt.register_cpu_func(handle, "scale_kernel", "Scale")
        check(ret, "register_cpu_func")
        values = array.array("f", [float(i) - 100.5 for i in range(1000)])
        size = len(values) * values.itemsize
        device, host = alloc.device(size), alloc.host(size)
        stream = alloc.stream()
        source = values.tobytes()
        check(acl.rt.memcpy_async(device, size, acl.util.bytes_to_ptr(source), size,
                                  acl.ACL_MEMCPY_HOST_TO_DEVICE, stream), "h2d")
        args = scale_args(device, len(values), 2.0)
        check(acl.rt.launch_kernel(func, 3, acl.util.bytes_to_ptr(args), len(args), stream), "launch_kernel")
        del args  # the launch copied the argument block
        check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream), "d2h")
        check(acl.rt.synchronize_stream(stream), "synchronize_stream")
        got = array.array("f", read_host(host, size))
        assert list(got) == [v * 8.0 for v in values]  # three blocks, each doubling
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_cpu_kernel_gated_by_an_event_on_another_stream(
    rt: Runtime, alloc: Allocations, kernel_library: Path
) -> None:
    with open(kernel_library, "rb") as file:
        image = file.read()
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(image), len(image), [])
    check(ret, "binary_load_from_data")
    try:
        func, ret = acl.rt.register_cpu_func(handle, "scale_kernel", "Scale")
        check(ret, "register_cpu_func from memory")
        values = array.array("f", [1.25] * 4096)
        size = len(values) * values.itemsize
        device, host = alloc.device(size), alloc.host(size)
        producer, consumer = alloc.stream(), alloc.stream()
        ready = alloc.event()
        payload = values.tobytes()
        big = 64 << 20
        filler_a, filler_b = alloc.device(big), alloc.device(big)
        d2d = acl.ACL_MEMCPY_DEVICE_TO_DEVICE
        check(acl.rt.memcpy_async(filler_b, big, filler_a, big, d2d, producer), "slow")
        check(acl.rt.memcpy_async(device, size, acl.util.bytes_to_ptr(payload), size,
                                  acl.ACL_MEMCPY_HOST_TO_DEVICE, producer), "h2d")
        check(acl.rt.record_event(ready, producer), "record_event")
        check(acl.rt.stream_wait_event(consumer, ready), "stream_wait_event")
        args = scale_args(device, len(values), 4.0)
        check(acl.rt.launch_kernel(func, 1, acl.util.bytes_to_ptr(args), len(args), consumer), "launch")
        check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, consumer), "d2h")
        check(acl.rt.synchronize_stream(consumer), "synchronize consumer")
        assert set(array.array("f", read_host(host, size))) == {5.0}
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_failing_cpu_kernel_fails_its_stream(rt: Runtime, alloc: Allocations, kernel_library: Path) -> None:
    handle = load(kernel_library)
    try:
        func, ret = acl.rt.register_cpu_func(handle, "failing_kernel", "Fails")
        check(ret, "register_cpu_func")
        stream = alloc.stream()
        check(acl.rt.launch_kernel(func, 1, 0, 0, stream), "launch_kernel")
        assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_RT_AICPU_EXCEPTION
        assert '"Fails" returned 7' in acl.get_recent_err_msg()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def symbol_addresses(path: Path) -> dict[str, int]:
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) is not installed")
    out = subprocess.run([nm, "--defined-only", str(path)], capture_output=True, text=True, check=True).stdout
    rows = (line.split() for line in out.splitlines())
    return {parts[2]: int(parts[0], 16) for parts in rows if len(parts) == 3}


def test_elf_functions_resolve_by_name_and_entry_but_do_not_launch(
    rt: Runtime, alloc: Allocations, kernel_library: Path
) -> None:
    addresses = symbol_addresses(kernel_library)
    handle = load(kernel_library)
    try:
        func, ret = acl.rt.binary_get_function(handle, "scale_kernel")
        check(ret, "binary_get_function")
        assert acl.rt.get_function_name(func, 64) == ("scale_kernel", acl.ACL_SUCCESS)
        assert acl.rt.function_get_binary(func) == (handle, acl.ACL_SUCCESS)
        aic_size, aiv_size, ret = acl.rt.get_function_size(func)
        check(ret, "get_function_size")
        assert aic_size > 0 and aiv_size == 0
        by_entry, ret = acl.rt.binary_get_function_by_entry(handle, addresses["failing_kernel"])
        check(ret, "binary_get_function_by_entry")
        assert acl.rt.get_function_name(by_entry, 64)[0] == "failing_kernel"
        assert acl.rt.binary_get_function(handle, "no_such_kernel")[1] == acl.ACL_ERROR_RT_KERNEL_LOOKUP
        assert "no function named" in acl.get_recent_err_msg()
        ret = acl.rt.launch_kernel(func, 1, 0, 0, alloc.stream())
        assert ret == acl.ACL_ERROR_API_NOT_SUPPORT
        assert "AI Core kernel" in acl.get_recent_err_msg()
        address, size, ret = acl.rt.binary_get_dev_address(handle)
        check(ret, "binary_get_dev_address")
        assert read_host(address, size) == kernel_library.read_bytes()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
    assert acl.rt.get_function_name(func, 64)[1] == acl.ACL_ERROR_INVALID_PARAM  # died with its binary


def test_created_binaries_and_non_elf_data(rt: Runtime, kernel_library: Path) -> None:
    image = kernel_library.read_bytes()
    binary = acl.rt.create_binary(acl.util.bytes_to_ptr(image), len(image))
    assert binary != 0
    handle, ret = acl.rt.binary_load(binary)
    check(ret, "binary_load")
    check(acl.rt.destroy_binary(binary), "destroy_binary")
    assert acl.rt.destroy_binary(binary) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.rt.binary_get_function(handle, "scale_kernel")[1], "resolves after the source is destroyed")
    check(acl.rt.binary_unload(handle), "binary_unload")
    assert acl.rt.binary_unload(handle) == acl.ACL_ERROR_INVALID_PARAM

    opaque = b"not an ELF file, just kernel bytes"
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(opaque), len(opaque), [])
    check(ret, "binary_load_from_data")
    try:
        assert acl.rt.binary_get_function(handle, "x")[1] == acl.ACL_ERROR_RT_KERNEL_LOOKUP
        assert "not an ELF file" in acl.get_recent_err_msg()
        assert acl.rt.register_cpu_func(handle, "x", "x")[1] == acl.ACL_ERROR_RT_KERNEL_LOOKUP
        assert "not a host shared library" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_bad_arguments(rt: Runtime, tmp_path: Path, kernel_library: Path) -> None:
    assert acl.rt.binary_load_from_file(str(tmp_path / "missing.o"), [])[1] == acl.ACL_ERROR_INVALID_FILE
    assert acl.rt.binary_load_from_data(0, 10, [])[1] == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.binary_get_function(0xBAD, "k")[1] == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.launch_kernel(0xBAD, 1, 0, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.register_cpu_func(0, "f", "k")[1] == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.create_binary(0, 4) == 0
    handle = load(kernel_library)
    try:
        func, ret = acl.rt.register_cpu_func(handle, "scale_kernel", "Scale")
        check(ret, "register_cpu_func")
        assert acl.rt.launch_kernel(func, 0, 0, 0, 0) == acl.ACL_ERROR_INVALID_PARAM  # no blocks
        assert acl.rt.launch_kernel(func, 1, 0, 8, 0) == acl.ACL_ERROR_INVALID_PARAM  # size without data
        assert acl.rt.launch_kernel(func, 1, 0, 0, 0xBAD) == acl.ACL_ERROR_INVALID_PARAM  # stream
        assert acl.rt.register_cpu_func(handle, "missing_symbol", "k")[1] == acl.ACL_ERROR_RT_KERNEL_LOOKUP
        assert acl.rt.get_function_name(func, 3)[1] == acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_launch_with_host_args_runs_the_cpu_function(
    rt: Runtime, alloc: Allocations, kernel_library: Path
) -> None:
    handle = load(kernel_library)
    try:
        func, ret = acl.rt.register_cpu_func(handle, "scale_kernel", "Scale")
        check(ret, "register_cpu_func")
        values = array.array("f", [3.0, -1.5, 0.25])
        size = len(values) * values.itemsize
        device, host = alloc.device(size), alloc.host(size)
        payload = values.tobytes()
        h2d = acl.ACL_MEMCPY_HOST_TO_DEVICE
        check(acl.rt.memcpy(device, size, acl.util.bytes_to_ptr(payload), size, h2d), "h2d")
        args = scale_args(device, len(values), -2.0)
        args_ptr = acl.util.bytes_to_ptr(args)
        ret = acl.rt.launch_kernel_with_host_args(func, 1, rt.stream, 0, args_ptr, len(args), 0, 0)
        check(ret, "launch_kernel_with_host_args")
        check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream), "d2h")
        check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
        assert list(array.array("f", read_host(host, size))) == [-6.0, 3.0, -0.5]
        ret = acl.rt.launch_kernel_with_host_args(func, 1, rt.stream, 0, args_ptr, len(args), 0, 2)
        assert ret == acl.ACL_ERROR_INVALID_PARAM
        assert "placeHolderArray is NULL" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_device_symbol_launches_are_refused_and_listed_as_not_emulated(rt: Runtime) -> None:
    from acl._backend import ffi, lib

    grid, block = address(ffi.new("dim3 *", (1, 1, 1))), address(ffi.new("dim3 *", (1, 1, 1)))
    launches = {
        "aclrtLaunchKernelWithArgsArray": lambda: acl.rt.launch_kernel_with_args_array(
            0x1000, 1, rt.stream, 0, 0),
        "aclrtLaunchSIMTKernelWithArgsArray": lambda: acl.rt.launch_simt_kernel_with_args_array(
            0x1000, grid, block, 0, rt.stream, 0, 0),
        "aclrtLaunchSIMTKernelWithHostArgs": lambda: acl.rt.launch_simt_kernel_with_host_args(
            0x1000, grid, block, 0, rt.stream, 0, 0, 0, 0, 0),
    }
    table = json.loads((Path(acl.__file__).parent / "hardware_only.json").read_text(encoding="utf-8"))
    reasons = {row["function"]: row["reason"] for row in table["functions"]}
    for name, launch in launches.items():
        assert launch() == acl.ACL_ERROR_API_NOT_SUPPORT, name
        assert name in acl.get_recent_err_msg()
        assert "AI Core" in reasons[name]  # the reviewed table says why
        assert not lib._aclemu_IsImplemented(name.encode()), name  # info counts it as not supported
