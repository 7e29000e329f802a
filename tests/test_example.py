"""examples/runtime_flow.py runs end to end on the emulator."""

from __future__ import annotations

import sys

import pytest
from helpers.subproc import REPO_ROOT, describe, run_command

EXAMPLE = REPO_ROOT / "examples" / "runtime_flow.py"


@pytest.mark.parametrize("strict", ["0", "1"])
def test_runtime_flow_example_succeeds_on_the_emulator(strict: str) -> None:
    env = {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": strict}
    result = run_command([sys.executable, str(EXAMPLE)], env)
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("backend emulator, soc "), describe(result)
    assert "run mode" in lines[0]
    assert any(line.startswith(f"copied {1 << 20} bytes device->device->host asynchronously in ")
               for line in lines), describe(result)
    assert lines[-1] == "runtime flow OK: all bytes came back intact", describe(result)
    # The example releases everything it creates: strict mode has nothing to report.
    assert "[aclemu]" not in result.stderr, describe(result)


def test_runtime_flow_example_fails_loudly_when_a_call_fails() -> None:
    # Device 99 does not exist on the emulator: the example must stop with the error and its message.
    result = run_command([sys.executable, str(EXAMPLE)], {"ACL_BACKEND": "emulator", "ACL_DEVICE_ID": "99"})
    assert result.returncode != 0
    assert "acl.rt.set_device failed with error" in result.stderr, describe(result)
    assert "aclrtSetDevice" in result.stderr, describe(result)
