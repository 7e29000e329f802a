"""Running one of examples/*.py on the emulator in a fresh interpreter, as the example tests do."""

from __future__ import annotations

import subprocess
import sys

from helpers.subproc import REPO_ROOT, describe, run_command


def run_example(script: str, strict: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """Runs examples/<script> with ACL_EMU_STRICT=<strict>, asserts it exits 0, and returns the
    result with its stdout lines."""
    env = {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": strict}
    result = run_command([sys.executable, str(REPO_ROOT / "examples" / script)], env, timeout=300)
    assert result.returncode == 0, describe(result)
    return result, result.stdout.splitlines()
