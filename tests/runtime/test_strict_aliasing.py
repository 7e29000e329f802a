"""Strict mode never takes a live host buffer for freed device memory.

libc is free to hand the addresses of a released allocation to the program's next numpy array or
bytes object; the emulator keeps freed ranges reserved while it remembers them, so such buffers
never look like use after free. Each case runs in a fresh process with ACL_EMU_STRICT=1.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from helpers.subproc import describe, run_command, run_on_emulator

import acl

# Both cases churn numpy arrays (and run the numpy-based operator tests): not for the PyPy run.
pytestmark = pytest.mark.numpy

STRICT = {"ACL_EMU_STRICT": "1"}
LENIENT = {"ACL_EMU_STRICT": "0"}
TEST_OPS = Path(__file__).resolve().parents[1] / "compute" / "test_ops.py"

# Free a device buffer, fill new numpy arrays and bytes objects of the same size (they may land
# on the freed addresses), and copy every one of them into a live device buffer and back.
CHURN = """
import numpy as np
import acl.util

sizes = [64, 256, 1000, 4096, 20000, 65536, 100000, 1 << 20]
refused = []
copies = 0
for size in sizes:
    for round_ in range(12):
        freed, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        ok(acl.rt.free(freed), "free")
        target, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        arrays = [np.full(size, (round_ + i) % 251, dtype=np.uint8) for i in range(6)]
        blobs = [bytes([(round_ + i) % 251]) * size for i in range(6)]
        sources = [a.ctypes.data for a in arrays] + [acl.util.bytes_to_ptr(b) for b in blobs]
        expected = [int(a[0]) for a in arrays] + [b[0] for b in blobs]
        for source, value in zip(sources, expected):
            for kind in (acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEFAULT):
                ret = acl.rt.memcpy(target, size, source, size, kind)
                if ret != acl.ACL_SUCCESS:
                    refused.append((size, acl.get_recent_err_msg()))
                    continue
                back = np.zeros(size, dtype=np.uint8)
                ok(acl.rt.memcpy(back.ctypes.data, size, target, size,
                                 acl.ACL_MEMCPY_DEVICE_TO_HOST), "memcpy back")
                assert (back == value).all(), (size, value)
                copies += 1
        print("FREED", acl.rt.memcpy(freed, size, sources[0], size, acl.ACL_MEMCPY_HOST_TO_DEVICE))
        ok(acl.rt.free(target), "free")
print("COPIES", copies)
print("REFUSED", len(refused), refused[:3])
"""


def _field(stdout: str, name: str) -> list[str]:
    return [line[len(name) + 1:] for line in stdout.splitlines() if line.startswith(name + " ")]


def test_fresh_numpy_arrays_and_bytes_are_never_taken_for_freed_device_memory() -> None:
    result = run_on_emulator(CHURN, STRICT, timeout=120)
    assert result.returncode == 0, describe(result)
    assert _field(result.stdout, "REFUSED") == ["0 []"], describe(result)
    assert int(_field(result.stdout, "COPIES")[0]) == 8 * 12 * 12 * 2, describe(result)
    # while the freed pointer itself stays refused as a copy destination
    freed_codes = {int(code) for code in _field(result.stdout, "FREED")}
    assert freed_codes == {acl.ACL_ERROR_INVALID_PARAM}, describe(result)


def _failed_tests(env: dict[str, str]) -> tuple[set[str], str]:
    command = [sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider", str(TEST_OPS)]
    result = run_command(command, {"ACL_BACKEND": "emulator", **env}, timeout=600)
    assert re.search(r"\d+ passed", result.stdout), describe(result)
    return set(re.findall(r"^FAILED (\S+)", result.stdout, re.MULTILINE)), describe(result)


def test_operator_tests_pass_under_strict_mode_as_they_do_without_it() -> None:
    # Strict mode adds checks, never failures of correct programs: the operator suite (many numpy
    # buffers born and freed around device allocations) fails nothing it does not fail anyway.
    strict_failures, strict_run = _failed_tests(STRICT)
    lenient_failures, _ = _failed_tests(LENIENT)
    assert strict_failures <= lenient_failures, strict_run
    assert "use after free" not in strict_run
