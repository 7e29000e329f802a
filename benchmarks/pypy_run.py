"""The call-overhead cases under PyPy: our binding installed into a PyPy venv, run in a subprocess.

The venv lives in benchmarks/_build/ and is reinstalled when the sources that go into the
wheel change (a hash of them is kept beside it).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path
from typing import Any

from benchmarks.implementations import REPO_ROOT
from benchmarks.reference import BUILD_DIR
from benchmarks.subprocesses import clean_env, run_worker

VENV = BUILD_DIR / "pypy-venv"
STAMP = VENV / "installed-sources.sha256"
_WHEEL_INPUTS = ("acl", "emulator", "headers", "build_ffi.py", "hatch_build.py", "pyproject.toml")


class PyPySetupError(RuntimeError):
    """PyPy is missing or the binding could not be installed into the PyPy venv."""


def _sources_hash() -> str:
    digest = hashlib.sha256()
    for name in _WHEEL_INPUTS:
        root = REPO_ROOT / name
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts or path.suffix in (".so", ".o", ".pyc"):
                continue
            digest.update(str(path.relative_to(REPO_ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _run(cmd: list[str]) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise PyPySetupError(f"{' '.join(cmd)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")


def ensure_venv(pypy: str) -> Path:
    """A PyPy venv with the current sources installed; returns its interpreter."""
    python = VENV / "bin" / "python"
    wanted = _sources_hash()
    if python.is_file() and STAMP.is_file() and STAMP.read_text().strip() == wanted:
        return python
    if not python.is_file():
        _run([pypy, "-m", "venv", str(VENV)])
    _run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps",
          "--force-reinstall", str(REPO_ROOT)])
    STAMP.write_text(wanted + "\n")
    return python


def find_pypy(explicit: str | None) -> str:
    pypy = explicit or shutil.which("pypy3")
    if not pypy:
        raise PyPySetupError("pypy3 not found (install the Debian package pypy3, or pass --pypy PATH)")
    return pypy


def version(python: Path) -> str:
    argv = [str(python), "-c", "import sys; print(sys.version)"]
    out = subprocess.run(argv, capture_output=True, text=True, check=False)
    return " ".join(out.stdout.split())


def run(pypy: str | None, repeats: int, min_seconds: float) -> dict[str, Any]:
    """Records of benchmarks.call_classes under PyPy, plus the PyPy version."""
    python = ensure_venv(find_pypy(pypy))
    result = run_worker(
        str(python),
        "benchmarks.call_classes",
        ["--repeats", str(repeats), "--min-seconds", str(min_seconds)],
        env=clean_env(),
    )
    result["version"] = version(python)
    return result
