"""Garbage handles, addresses and truncated ELF images given to the kernel, symbol and argument
APIs: each gets its error code, and the process survives (run in a child, so a crash fails here)."""

from __future__ import annotations

import json
import subprocess

import pytest
from helpers.subproc import describe, run_on_emulator

import acl

CHILD = r"""
import json
import acl

H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
host, ret = acl.rt.malloc_host(256)
ok(ret, "malloc_host")
other, ret = acl.rt.malloc_host(256)
ok(ret, "malloc_host")
BAD = 0xDEAD0
results = {}

def record(name, ret):
    results[name] = ret[-1] if isinstance(ret, tuple) else ret

def load(image):
    data = bytes(image)
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(data), len(data), [])
    ok(ret, "binary_load_from_data")
    return handle

record("get_global_bad_binary", acl.rt.binary_get_global(BAD, "table"))
record("symbol_address_unknown", acl.rt.get_symbol_address(BAD))
record("symbol_size_null", acl.rt.get_symbol_size(0))
record("to_symbol_unknown", acl.rt.memcpy_to_symbol(BAD, host, 4, 0, H2D))
record("from_symbol_unknown_async", acl.rt.memcpy_from_symbol_async(host, 4, BAD, 4, 0,
                                                                    acl.ACL_MEMCPY_DEVICE_TO_HOST, stream))
record("args_append_bad", acl.rt.kernel_args_append(BAD, host, 4))
record("args_placeholder_bad", acl.rt.kernel_args_append_place_holder(BAD))
record("args_buffer_bad", acl.rt.kernel_args_get_place_holder_buffer(BAD, BAD, 8))
record("args_update_bad", acl.rt.kernel_args_para_update(BAD, BAD, host, 4))
record("args_finalize_bad", acl.rt.kernel_args_finalize(BAD))
record("args_user_mem_bad_func", acl.rt.kernel_args_init_by_user_mem(BAD, host, other, 64))
record("args_mem_size_bad_func", acl.rt.kernel_args_get_mem_size(BAD, 8))
record("args_handle_size_bad_func", acl.rt.kernel_args_get_handle_mem_size(BAD))
record("launch_config_bad", acl.rt.launch_kernel_with_config(BAD, 1, stream, [], BAD, 0))
record("function_addr_bad", acl.rt.get_function_addr(BAD))
record("function_attribute_bad", acl.rt.get_function_attribute(BAD, acl.ACL_FUNC_ATTR_KERNEL_TYPE))
record("func_by_symbol_null", acl.rt.get_func_by_symbol(0))
record("func_by_symbol_unknown", acl.rt.get_func_by_symbol(BAD))
record("param_count_unknown", acl.rt.function_get_param_count(BAD))
record("param_info_unknown", acl.rt.function_get_param_info(BAD, 0))
record("dyn_ubuf_unknown", acl.rt.function_get_avail_dyn_ubuf_per_block(BAD, 0))
record("exception_callback_bad", acl.rt.binary_set_exception_callback(BAD, 0, 0))
record("func_from_info_bad", acl.rt.get_func_handle_from_exception_info(BAD))

# ELF headers that promise more than the image holds
short64 = load(b"\x7fELF\x02\x01\x01" + bytes(50))
record("short_elf64_global", acl.rt.binary_get_global(short64, "table"))
far = bytearray(b"\x7fELF\x02\x01\x01" + bytes(57))
far[0x28:0x30] = (1 << 40).to_bytes(8, "little")  # section headers far past the end
far[0x3A:0x3C] = (64).to_bytes(2, "little")
far[0x3C:0x3E] = (0xFFFF).to_bytes(2, "little")
record("far_sections_global", acl.rt.binary_get_global(load(far), "table"))
record("far_sections_function", acl.rt.binary_get_function(load(far), "f"))
print(json.dumps(results))
"""

EXPECTED = {
    "get_global_bad_binary": acl.ACL_ERROR_INVALID_PARAM,
    "symbol_address_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "symbol_size_null": acl.ACL_ERROR_INVALID_PARAM,
    "to_symbol_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "from_symbol_unknown_async": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "args_append_bad": acl.ACL_ERROR_INVALID_PARAM,
    "args_placeholder_bad": acl.ACL_ERROR_INVALID_PARAM,
    "args_buffer_bad": acl.ACL_ERROR_INVALID_PARAM,
    "args_update_bad": acl.ACL_ERROR_INVALID_PARAM,
    "args_finalize_bad": acl.ACL_ERROR_INVALID_PARAM,
    "args_user_mem_bad_func": acl.ACL_ERROR_INVALID_PARAM,
    "args_mem_size_bad_func": acl.ACL_ERROR_INVALID_PARAM,
    "args_handle_size_bad_func": acl.ACL_ERROR_INVALID_PARAM,
    "launch_config_bad": acl.ACL_ERROR_INVALID_PARAM,
    "function_addr_bad": acl.ACL_ERROR_INVALID_PARAM,
    "function_attribute_bad": acl.ACL_ERROR_INVALID_PARAM,
    "func_by_symbol_null": acl.ACL_ERROR_INVALID_PARAM,
    "func_by_symbol_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "param_count_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "param_info_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "dyn_ubuf_unknown": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "exception_callback_bad": acl.ACL_ERROR_INVALID_PARAM,
    "func_from_info_bad": acl.ACL_ERROR_INVALID_PARAM,
    "short_elf64_global": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "far_sections_global": acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND,
    "far_sections_function": acl.ACL_ERROR_RT_KERNEL_LOOKUP,
}


@pytest.fixture(scope="module")
def child() -> subprocess.CompletedProcess[str]:
    return run_on_emulator(CHILD)


def test_child_survived(child: subprocess.CompletedProcess[str]) -> None:
    assert child.returncode == 0, describe(child)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_bad_input_gets_its_error_code(child: subprocess.CompletedProcess[str], case: str) -> None:
    assert child.returncode == 0, describe(child)
    results = json.loads(child.stdout.strip().splitlines()[-1])
    assert results[case] == EXPECTED[case], case
