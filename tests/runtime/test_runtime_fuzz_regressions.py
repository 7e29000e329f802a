"""Crashes the fuzzer found in the issue-12 runtime functions: each case now returns an error code.

Every case runs in its own process, so a regression kills one child (and fails one test) rather
than the test run. A buffer too small for the length the caller states is a tracked allocation of
16 bytes; an address nothing tracks is the stream handle, a live emulator object that a blind
write would corrupt.
"""

from __future__ import annotations

import pytest
from helpers.subproc import describe, run_on_emulator

import acl

SMALL_BUFFER = """
        small, ret = acl.rt.malloc_host(16)
        ok(ret, "malloc_host")
"""

# name -> body: `body` sets `ret`, the code the call returned (create_binary, which returns a
# handle, stands in ACL_ERROR_INVALID_PARAM for its NULL); the child prints it and the message.
CASES = {
    "memset_d32 with a length past an allocation's end": """
        dev, ret = acl.rt.malloc(16, 0)
        ok(ret, "malloc")
        ret = acl.rt.memset_d32(dev, 2**63 - 1, 2**31, 2**31 - 1)
    """,
    "memset_d32 on an address nothing tracks": """
        ret = acl.rt.memset_d32(stream, 64, 7, 4)
    """,
    "get_overflow_status into an address nothing tracks": """
        ret = acl.rt.get_overflow_status(stream, 64, stream)
    """,
    "value_write to an address nothing tracks": """
        ret = acl.rt.value_write(stream, 1, 0, stream)
    """,
    "binary_load_from_data with a length past the buffer": SMALL_BUFFER + """
        handle, ret = acl.rt.binary_load_from_data(small, 10000000, [])
    """,
    "create_binary with a length past the buffer": SMALL_BUFFER + """
        binary = acl.rt.create_binary(small, 10000000)
        ret = acl.ACL_ERROR_INVALID_PARAM if binary == 0 else f"handle {binary:#x}"
    """,
    "device_get_pci_bus_id into a buffer too small for its len": SMALL_BUFFER + """
        ret = acl.rt.device_get_pci_bus_id(0, small + 12, 64)
    """,
    "ipc_mem_import_pid_inter_server with more entries than the array": SMALL_BUFFER + """
        ret = acl.rt.ipc_mem_import_pid_inter_server("x", small, 2**63 - 1)
    """,
    "launch_kernel_v2 with argsSize past the argument block": SMALL_BUFFER + """
        ret = acl.rt.launch_kernel_v2(0, 1, small, 10000000, 0, stream)
    """,
}

# What the recorded message must name: the argument whose size or address was refused.
NAMED_ARGUMENT = {
    "memset_d32 with a length past an allocation's end": "ptr",
    "memset_d32 on an address nothing tracks": "ptr",
    "get_overflow_status into an address nothing tracks": "outputAddr",
    "value_write to an address nothing tracks": "devAddr",
    "binary_load_from_data with a length past the buffer": "data",
    "create_binary with a length past the buffer": "data",
    "device_get_pci_bus_id into a buffer too small for its len": "pciBusId",
    "ipc_mem_import_pid_inter_server with more entries than the array": "entries",
    "launch_kernel_v2 with argsSize past the argument block": "argsData",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_with_an_error_code(name: str) -> None:
    body = CASES[name] + """
        acl.rt.synchronize_stream(stream)
        print(ret, "|", acl.get_recent_err_msg())
    """
    result = run_on_emulator(body)
    assert result.returncode == 0, describe(result)
    code, _, message = result.stdout.strip().rpartition("\n")[2].partition(" | ")
    assert code == str(acl.ACL_ERROR_INVALID_PARAM), describe(result)
    assert NAMED_ARGUMENT[name] in message, describe(result)


def test_checked_buffers_still_work_when_large_enough() -> None:
    # the same calls succeed on tracked buffers with room to spare, and write what pyACL documents
    body = """
        host, ret = acl.rt.malloc_host(64)
        ok(ret, "malloc_host")
        ok(acl.rt.device_get_pci_bus_id(0, host, 64), "device_get_pci_bus_id")
        text = acl.util.ptr_to_bytes(host, 64).split(b"\\0")[0].decode()
        dev, ret = acl.rt.malloc(64, 0)
        ok(ret, "malloc")
        ok(acl.rt.memset_d32(dev, 64, 0x01020304, 16), "memset_d32")
        ok(acl.rt.memcpy(host, 64, dev, 64, acl.ACL_MEMCPY_DEVICE_TO_HOST), "memcpy")
        words = acl.util.ptr_to_bytes(host, 64)
        print(text, words.hex())
    """
    result = run_on_emulator(body)
    assert result.returncode == 0, describe(result)
    text, words = result.stdout.split()
    domain, bus, rest = text.split(":")
    assert len(domain) == 4 and len(bus) == 2 and rest == "00.0"
    assert bytes.fromhex(words) == (0x01020304).to_bytes(4, "little") * 16
