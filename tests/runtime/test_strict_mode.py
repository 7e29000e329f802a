"""ACL_EMU_STRICT=1 detections: copy kind mismatches, use after free, leaks at reset/finalize.

The emulator reads the variable at aclInit (and once before, if a check comes first), so the tests
set it for a whole fresh process: the result never depends on what another test left behind.
"""

from __future__ import annotations

import pytest
from helpers.subproc import describe, run_on_emulator

import acl

STRICT = {"ACL_EMU_STRICT": "1"}
LENIENT = {"ACL_EMU_STRICT": "0"}
LEAK_CODE = acl.ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED

# A host buffer from malloc_host used as the destination of a host-to-device copy.
KIND_MISMATCH = """
size = 4096
device, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
host, ret = acl.rt.malloc_host(size)
ok(ret, "malloc_host")
ret = acl.rt.memcpy(host, size, device, size, acl.ACL_MEMCPY_HOST_TO_DEVICE)
print("RET", ret)
print("MSG", acl.get_recent_err_msg())
ok(acl.rt.free(device), "free")
ok(acl.rt.free_host(host), "free_host")
"""


def _field(stdout: str, name: str) -> str:
    for line in stdout.splitlines():
        if line.startswith(name + " "):
            return line[len(name) + 1:]
    raise AssertionError(f"no {name} line in the output:\n{stdout}")


def test_strict_mode_rejects_a_copy_whose_kind_contradicts_the_pointers() -> None:
    result = run_on_emulator(KIND_MISMATCH, STRICT)
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RET")) == acl.ACL_ERROR_INVALID_PARAM, describe(result)
    assert "aclrtMemcpy" in _field(result.stdout, "MSG")


def test_lenient_mode_lets_the_same_copy_through() -> None:
    result = run_on_emulator(KIND_MISMATCH, LENIENT)
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RET")) == acl.ACL_SUCCESS, describe(result)


def test_the_mode_is_read_at_init_not_per_check() -> None:
    """Setting ACL_EMU_STRICT in a running program takes effect at the next aclInit (the variable is
    cached, not read on every buffer check)."""
    result = run_on_emulator(
        "import os\n"
        + KIND_MISMATCH.replace("RET", "LENIENT_RET")
        + """
os.environ["ACL_EMU_STRICT"] = "1"
"""
        + KIND_MISMATCH.replace("RET", "SAME_INIT_RET")
        + """
ok(acl.rt.destroy_stream(stream), "destroy_stream")
ok(acl.rt.destroy_context(context), "destroy_context")
ok(acl.rt.reset_device(0), "reset_device")
ok(acl.finalize(), "finalize")
ok(acl.init(), "init again")
ok(acl.rt.set_device(0), "set_device")
"""
        + KIND_MISMATCH.replace("RET", "NEW_INIT_RET")
        + """
ok(acl.rt.reset_device(0), "reset_device")
ok(acl.finalize(), "finalize")
""",
        LENIENT,
    )
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "LENIENT_RET")) == acl.ACL_SUCCESS, describe(result)
    assert int(_field(result.stdout, "SAME_INIT_RET")) == acl.ACL_SUCCESS, describe(result)
    assert int(_field(result.stdout, "NEW_INIT_RET")) == acl.ACL_ERROR_INVALID_PARAM, describe(result)


def test_strict_mode_reports_device_to_host_copy_from_host_memory() -> None:
    result = run_on_emulator(
        """
        size = 256
        host_a, ret = acl.rt.malloc_host(size)
        ok(ret, "malloc_host")
        host_b, ret = acl.rt.malloc_host(size)
        ok(ret, "malloc_host")
        print("RET", acl.rt.memcpy(host_b, size, host_a, size, acl.ACL_MEMCPY_DEVICE_TO_HOST))
        ok(acl.rt.free_host(host_a), "free_host")
        ok(acl.rt.free_host(host_b), "free_host")
        """,
        STRICT,
    )
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RET")) == acl.ACL_ERROR_INVALID_PARAM, describe(result)


@pytest.mark.parametrize("mode", [STRICT, LENIENT], ids=["strict", "lenient"])
@pytest.mark.parametrize("copy_kind", ["ACL_MEMCPY_DEVICE_TO_HOST", "ACL_MEMCPY_DEVICE_TO_DEVICE"])
def test_freed_device_memory_is_refused_where_device_memory_is_expected(copy_kind: str,
                                                                        mode: dict[str, str]) -> None:
    # Refused in every mode: touching a freed large block could crash the process.
    result = run_on_emulator(
        f"""
        size = 1 << 16
        freed, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        target, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        host, ret = acl.rt.malloc_host(size)
        ok(ret, "malloc_host")
        ok(acl.rt.free(freed), "free")
        destination = host if acl.{copy_kind} == acl.ACL_MEMCPY_DEVICE_TO_HOST else target
        print("RET", acl.rt.memcpy(destination, size, freed, size, acl.{copy_kind}))
        print("MSG", acl.get_recent_err_msg())
        ok(acl.rt.free(target), "free")
        ok(acl.rt.free_host(host), "free_host")
        """,
        mode,
    )
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RET")) == acl.ACL_ERROR_INVALID_PARAM, describe(result)
    assert "use after free" in _field(result.stdout, "MSG"), describe(result)


FREED_HOST_AS_SOURCE = """
size = 256
host, ret = acl.rt.malloc_host(size)
ok(ret, "malloc_host")
device, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
ok(acl.rt.free_host(host), "free_host")
print("RET", acl.rt.memcpy(device, size, host, size, acl.ACL_MEMCPY_HOST_TO_DEVICE))
print("MSG", acl.get_recent_err_msg())
ok(acl.rt.free(device), "free")
"""


def test_strict_mode_detects_use_of_freed_host_memory() -> None:
    result = run_on_emulator(FREED_HOST_AS_SOURCE, STRICT)
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RET")) == acl.ACL_ERROR_INVALID_PARAM, describe(result)
    assert "use after free" in _field(result.stdout, "MSG"), describe(result)


LEAK_AT_RESET = """
leaked, ret = acl.rt.malloc(12345, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
ok(acl.rt.destroy_stream(stream), "destroy_stream")
ok(acl.rt.destroy_context(context), "destroy_context")
print("RESET", acl.rt.reset_device(0))
print("FINALIZE", acl.finalize())
"""


def test_strict_mode_reports_device_memory_leaked_at_reset_device() -> None:
    result = run_on_emulator(LEAK_AT_RESET, STRICT)
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RESET")) == LEAK_CODE, describe(result)
    leak_lines = [line for line in result.stderr.splitlines() if "[aclemu]" in line and "leak" in line]
    assert leak_lines, describe(result)
    assert any("12345" in line for line in leak_lines), describe(result)
    # The leak was reclaimed by the reset: finalize has nothing left to report.
    assert int(_field(result.stdout, "FINALIZE")) == acl.ACL_SUCCESS, describe(result)


def test_lenient_mode_reclaims_leaks_silently() -> None:
    result = run_on_emulator(LEAK_AT_RESET, LENIENT)
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "RESET")) == acl.ACL_SUCCESS, describe(result)
    assert "leak" not in result.stderr, describe(result)


def test_strict_mode_reports_what_is_still_alive_at_finalize() -> None:
    result = run_on_emulator(
        """
        host, ret = acl.rt.malloc_host(777)
        ok(ret, "malloc_host")
        event, ret = acl.rt.create_event()
        ok(ret, "create_event")
        print("FINALIZE", acl.finalize())
        """,
        STRICT,
    )
    assert result.returncode == 0, describe(result)
    assert int(_field(result.stdout, "FINALIZE")) == LEAK_CODE, describe(result)
    leak_lines = [line for line in result.stderr.splitlines() if "[aclemu]" in line and "leak" in line]
    text = "\n".join(leak_lines)
    for leftover in ("777", "event", "stream", "context", "device 0"):
        assert leftover in text, f"{leftover!r} not reported as leaked\n{describe(result)}"


def test_clean_program_gets_no_leak_report_in_strict_mode() -> None:
    result = run_on_emulator(
        """
        device, ret = acl.rt.malloc(4096, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        ok(acl.rt.free(device), "free")
        ok(acl.rt.destroy_stream(stream), "destroy_stream")
        ok(acl.rt.destroy_context(context), "destroy_context")
        ok(acl.rt.reset_device(0), "reset_device")
        ok(acl.finalize(), "finalize")
        print("CLEAN")
        """,
        STRICT,
    )
    assert result.returncode == 0, describe(result)
    assert "CLEAN" in result.stdout
    assert "[aclemu]" not in result.stderr, describe(result)
