"""Running benchmark parts in fresh interpreters (CPython for clean environments, PyPy).

The repository root is appended to sys.path, not prepended: an installed `acl` (a wheel in a
venv) then wins over the source tree, which may hold only a CPython build of the extension.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from benchmarks.implementations import REPO_ROOT

# Set on some machines to steer OpenBLAS; they slow numpy down, so numpy comparisons run without them.
NUMPY_SLOWING_VARIABLES = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


class WorkerError(RuntimeError):
    """A benchmark subprocess failed or printed no result."""


def clean_env(extra: Mapping[str, str] | None = None, acl_path: str | None = None) -> dict[str, str]:
    """The environment minus the OpenBLAS steering, on the emulator, with `acl_path` importable."""
    env = {k: v for k, v in os.environ.items() if k not in NUMPY_SLOWING_VARIABLES}
    env["ACL_BACKEND"] = "emulator"
    env.pop("PYTHONPATH", None)
    if acl_path:
        env["PYTHONPATH"] = acl_path
    env.update(extra or {})
    return env


def worker_command(python: str, module: str, args: Sequence[str] = ()) -> list[str]:
    code = (
        "import sys; "
        f"sys.path.append({str(REPO_ROOT)!r}); "
        f"from {module} import worker_main; "
        "sys.exit(worker_main(sys.argv[1:]))"
    )
    return [python, "-c", code, *args]


def run_worker(
    python: str,
    module: str,
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    timeout: float = 1800.0,
) -> dict[str, Any]:
    """Run `module.worker_main(args)` under `python` and return the JSON object it prints last."""
    proc = subprocess.run(
        worker_command(python, module, args),
        env=dict(env) if env is not None else clean_env(),
        cwd="/",  # keep the current directory (maybe the source tree) off the worker's sys.path
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise WorkerError(f"{module} exited with {proc.returncode}: {last_line(proc.stderr)}")
    result: dict[str, Any] = json.loads(lines[-1])
    if proc.returncode != 0 and "error" not in result:
        result["error"] = f"exit status {proc.returncode}: {last_line(proc.stderr)}"
    return result


def last_line(text: str) -> str:
    """The last non-empty line of a traceback or compiler log: usually the one that says what failed."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"
