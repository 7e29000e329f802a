"""Running Python snippets in a fresh interpreter.

The backend is chosen when `acl` is imported and the emulator reads some settings when it is
loaded, and a crash in C must fail one test rather than the whole run: such cases get their own
process.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Optional

REPO_ROOT = Path(__file__).resolve().parents[2]


def _package_parent() -> str:
    """The directory this test process imports `acl` from (an installed wheel or the source tree).

    Children must import the same package: the source tree lacks the compiled parts unless it
    was built in place, so it must never shadow an installed wheel by accident.
    """
    spec = importlib.util.find_spec("acl")
    if spec is None or spec.origin is None:
        return str(REPO_ROOT)
    return str(Path(spec.origin).resolve().parents[1])


# The bundled emulator of the `acl` package the children import.
EMULATOR_LIBRARY = Path(_package_parent()) / "acl" / "_emulator" / "libaclemu.so"

# Variables that steer backend selection or emulator behaviour; cleared so each run states its own.
_STEERING_VARIABLES = (
    "ACL_BACKEND",
    "ACL_LIBRARY_PATH",
    "ACL_EMULATOR_LIBRARY",
    "ACL_EMU_STRICT",
    "ASCEND_HOME_PATH",
    "ASCEND_TOOLKIT_HOME",
)


def clean_env(extra: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """The current environment minus backend steering, plus `extra`, importing our `acl`."""
    env = {k: v for k, v in os.environ.items() if k not in _STEERING_VARIABLES}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_package_parent(), env.get("PYTHONPATH", "")) if p)
    env.update(extra or {})
    return env


def run_python(
    code: str,
    env: Optional[Mapping[str, str]] = None,
    args: tuple[str, ...] = (),
    timeout: float = 60.0,
) -> subprocess.CompletedProcess[str]:
    """Run `code` (dedented) with `python -c` in a clean environment plus `env`."""
    return run_command([sys.executable, "-c", textwrap.dedent(code), *args], env, timeout)


def run_command(
    argv: list[str], env: Optional[Mapping[str, str]] = None, timeout: float = 60.0
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv,
        env=clean_env(env),
        cwd=tempfile.gettempdir(),  # never the repo root: `-c` puts the cwd first on sys.path
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def run_pytest_selection(
    test_file: str, selection: str, env: Optional[Mapping[str, str]] = None, timeout: float = 600.0
) -> subprocess.CompletedProcess[str]:
    """Tests of `test_file` matching `-k selection` in a child on the emulator, with `env` added:
    for settings the emulator reads once per process or per call, such as ACL_EMU_GENERIC_KERNELS."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test_file, "-k", selection]
    return run_command(command, {"ACL_BACKEND": "emulator", **(env or {})}, timeout=timeout)


def run_benchmark(module: str, args: list[str], timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
    """`main(args)` of benchmarks/<module>.py in a child; the repository is appended to sys.path (the
    benchmarks live there), so an installed acl still wins over the unbuilt source tree."""
    code = (
        "import sys; "
        f"sys.path.append({str(REPO_ROOT)!r}); "
        f"from benchmarks.{module} import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    return run_command([sys.executable, "-c", code, *args], timeout=timeout)


def describe(result: subprocess.CompletedProcess[str]) -> str:
    """Everything needed to understand a failed run, for assertion messages."""
    return (
        f"exit status {result.returncode}\n"
        f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    )


# Start of a subprocess snippet: the emulator with device 0, a context and a stream current.
RUNTIME_PRELUDE = """
import sys
import acl

def ok(ret, what):
    if ret != acl.ACL_SUCCESS:
        sys.exit(f"{what} failed with {ret}: {acl.get_recent_err_msg()}")

ok(acl.init(), "init")
ok(acl.rt.set_device(0), "set_device")
context, ret = acl.rt.create_context(0)
ok(ret, "create_context")
stream, ret = acl.rt.create_stream()
ok(ret, "create_stream")
"""


def run_on_emulator(
    body: str, env: Optional[Mapping[str, str]] = None, timeout: float = 60.0
) -> subprocess.CompletedProcess[str]:
    """Run RUNTIME_PRELUDE then `body` (dedented) on the emulator, with `env` added."""
    return run_python(
        RUNTIME_PRELUDE + textwrap.dedent(body), {"ACL_BACKEND": "emulator", **(env or {})}, timeout=timeout
    )
