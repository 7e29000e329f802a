"""Zero, garbage and stale handles give error codes, never a crash.

All cases run in one child process that prints each result as it goes; if the child dies, the case
it was running and every later one fail, while the rest of the suite carries on.
"""

from __future__ import annotations

import subprocess

import pytest
from helpers.subproc import describe, run_on_emulator

import acl

GARBAGE = 0xDEADBEEF

# name -> (expression evaluated in the child, expected return code as an acl attribute name)
CASES: dict[str, tuple[str, str]] = {
    "destroy_stream(0)": ("acl.rt.destroy_stream(0)", "ACL_ERROR_INVALID_PARAM"),
    "destroy_stream(garbage)": (f"acl.rt.destroy_stream({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "destroy_stream(an event)": ("acl.rt.destroy_stream(event)", "ACL_ERROR_INVALID_PARAM"),
    "destroy_stream(freed)": ("acl.rt.destroy_stream(freed_stream)", "ACL_ERROR_INVALID_PARAM"),
    "synchronize_stream(garbage)": (f"acl.rt.synchronize_stream({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "synchronize_stream(freed)": ("acl.rt.synchronize_stream(freed_stream)", "ACL_ERROR_INVALID_PARAM"),
    "memcpy_async on a freed stream": (
        "acl.rt.memcpy_async(device, 64, host, 64, acl.ACL_MEMCPY_HOST_TO_DEVICE, freed_stream)",
        "ACL_ERROR_INVALID_PARAM",
    ),
    "memset_async on a garbage stream": (f"acl.rt.memset_async(device, 64, 0, 64, {GARBAGE})",
                                         "ACL_ERROR_INVALID_PARAM"),
    "record_event(garbage event)": (f"acl.rt.record_event({GARBAGE}, stream)", "ACL_ERROR_INVALID_PARAM"),
    "record_event(event, freed stream)": ("acl.rt.record_event(event, freed_stream)",
                                          "ACL_ERROR_INVALID_PARAM"),
    "stream_wait_event(stream, garbage)": (f"acl.rt.stream_wait_event(stream, {GARBAGE})",
                                           "ACL_ERROR_INVALID_PARAM"),
    "synchronize_event(garbage)": (f"acl.rt.synchronize_event({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "query_event_status(garbage)": (f"acl.rt.query_event_status({GARBAGE})[1]", "ACL_ERROR_INVALID_PARAM"),
    "destroy_event(0)": ("acl.rt.destroy_event(0)", "ACL_ERROR_INVALID_PARAM"),
    "destroy_event(freed)": ("acl.rt.destroy_event(freed_event)", "ACL_ERROR_INVALID_PARAM"),
    "destroy_context(garbage)": (f"acl.rt.destroy_context({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "destroy_context(0)": ("acl.rt.destroy_context(0)", "ACL_ERROR_INVALID_PARAM"),
    "set_context(garbage)": (f"acl.rt.set_context({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "free(0)": ("acl.rt.free(0)", "ACL_ERROR_INVALID_PARAM"),
    "free(garbage)": (f"acl.rt.free({GARBAGE})", "ACL_ERROR_RT_MEMORY_FREE"),
    "free_host(garbage)": (f"acl.rt.free_host({GARBAGE})", "ACL_ERROR_RT_MEMORY_FREE"),
    "free_host(0)": ("acl.rt.free_host(0)", "ACL_ERROR_INVALID_PARAM"),
    "memcpy to NULL": ("acl.rt.memcpy(0, 64, host, 64, acl.ACL_MEMCPY_HOST_TO_DEVICE)",
                       "ACL_ERROR_INVALID_PARAM"),
    "memcpy from NULL": ("acl.rt.memcpy(device, 64, 0, 64, acl.ACL_MEMCPY_HOST_TO_DEVICE)",
                         "ACL_ERROR_INVALID_PARAM"),
    "destroy_data_buffer(garbage)": (f"acl.destroy_data_buffer({GARBAGE})", "ACL_ERROR_INVALID_PARAM"),
    "get_data_buffer_size_v2(garbage)": (f"acl.get_data_buffer_size_v2({GARBAGE})", "0"),
}

CHILD_SETUP = """
device, ret = acl.rt.malloc(64, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
host, ret = acl.rt.malloc_host(64)
ok(ret, "malloc_host")
event, ret = acl.rt.create_event()
ok(ret, "create_event")
freed_stream, ret = acl.rt.create_stream()
ok(ret, "create_stream")
ok(acl.rt.destroy_stream(freed_stream), "destroy_stream")
freed_event, ret = acl.rt.create_event()
ok(ret, "create_event")
ok(acl.rt.destroy_event(freed_event), "destroy_event")
"""


def _child_program() -> str:
    lines = [CHILD_SETUP]
    for name, (expression, _) in CASES.items():
        lines.append(f"print('START', {name!r}, flush=True)")
        lines.append(f"print('RESULT', {name!r}, {expression}, flush=True)")
    lines.append("print('DONE', flush=True)")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def child() -> subprocess.CompletedProcess[str]:
    return run_on_emulator(_child_program(), timeout=60)


def _results(stdout: str) -> dict[str, str]:
    results = {}
    for line in stdout.splitlines():
        if line.startswith("RESULT "):
            for name in CASES:
                prefix = f"RESULT {name} "
                if line.startswith(prefix):
                    results[name] = line[len(prefix):]
    return results


@pytest.mark.parametrize("name", list(CASES))
def test_bad_handle_gives_an_error_code(child: subprocess.CompletedProcess[str], name: str) -> None:
    results = _results(child.stdout)
    if name not in results:
        started = [line[len("START "):] for line in child.stdout.splitlines() if line.startswith("START ")]
        crashed_in = started[-1] if started else "the set-up"
        pytest.fail(f"the child never finished {name!r}; it died in {crashed_in!r}\n{describe(child)}")
    expected_name = CASES[name][1]
    expected = int(expected_name) if expected_name.isdigit() else getattr(acl, expected_name)
    assert int(results[name]) == expected, f"{name}: got {results[name]}, expected {expected_name}"


def test_child_survived_every_case(child: subprocess.CompletedProcess[str]) -> None:
    assert child.returncode == 0 and "DONE" in child.stdout, describe(child)
