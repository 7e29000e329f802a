"""`python -m acl info` reports, never a traceback: a reader that goes away early, a backend that
cannot be loaded. `import acl` itself still fails with BackendError in the second case."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from helpers.subproc import clean_env, describe, run_command


def _info_into_closed_pipe(env: dict[str, str], *flags: str) -> subprocess.CompletedProcess[str]:
    """`python -m acl info ... | head -1` with the reader already gone: every write fails (EPIPE)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "acl", "info", *flags], stdout=write_end, stderr=subprocess.PIPE,
            env=clean_env(env), text=True, timeout=120, check=False,
            cwd=tempfile.gettempdir(),  # never the source tree: `-m` puts the cwd first on sys.path
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize("flags", [(), ("--missing",)], ids=["info", "info-missing"])
def test_info_into_a_closed_pipe_ends_quietly(flags: tuple[str, ...]) -> None:
    result = _info_into_closed_pipe({"ACL_BACKEND": "emulator"}, *flags)
    assert result.stderr == "", result.stderr
    assert result.returncode == 0


def test_info_into_a_reader_that_takes_one_line(tmp_path: Path) -> None:
    """The shell pipeline itself: `python -m acl info --missing | head -1`."""
    env = clean_env({"ACL_BACKEND": "emulator"})
    result = subprocess.run(
        f'"{sys.executable}" -m acl info --missing 2>"{tmp_path / "err"}" | head -1; '
        'echo "status ${PIPESTATUS[0]}"',
        shell=True, executable="/bin/bash", env=env, capture_output=True, text=True, timeout=120, check=False,
        cwd=str(tmp_path),  # never the source tree: `-m` puts the cwd first on sys.path
    )
    assert result.stdout.splitlines() == ["backend:    emulator", "status 0"], describe(result)
    assert (tmp_path / "err").read_text() == ""


def _no_cann(empty: Path, backend: str = "cann") -> dict[str, str]:
    return {"ACL_BACKEND": backend, "ACL_LIBRARY_PATH": str(empty), "LD_LIBRARY_PATH": str(empty),
            "ASCEND_HOME_PATH": str(empty / "home")}


def test_info_with_cann_requested_but_absent_prints_where_it_looked(tmp_path: Path) -> None:
    result = run_command([sys.executable, "-m", "acl", "info"], _no_cann(tmp_path))
    assert result.returncode == 1, describe(result)
    assert "Traceback" not in result.stderr, describe(result)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("backend:    none (ACL_BACKEND=cann but libascendcl.so was not found"), lines
    searched = [line.split(":", 1)[1].strip() for line in lines if line.startswith("searched:")]
    assert searched == [
        str(tmp_path), str(tmp_path / "home" / "lib64"), "/usr/local/Ascend/ascend-toolkit/latest/lib64",
        "the dynamic loader's search path",
    ], lines


def test_info_with_an_unknown_backend_name_says_so(tmp_path: Path) -> None:
    result = run_command([sys.executable, "-m", "acl", "info", "--missing"], _no_cann(tmp_path, "npu"))
    assert result.returncode == 1, describe(result)
    assert result.stdout.splitlines() == [
        "backend:    none (ACL_BACKEND='npu': expected one of auto, cann, emulator)"
    ], describe(result)
    assert "Traceback" not in result.stderr


def test_other_programs_still_fail_at_import(tmp_path: Path) -> None:
    """Only acl's own command carries on without a backend: a program run with -m whose package
    imports acl, and `python -c`, get the BackendError."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("import acl\n")
    (app / "__main__.py").write_text("print('app ran')\n")
    env = {**_no_cann(tmp_path), "PYTHONPATH": f"{tmp_path}{os.pathsep}{clean_env()['PYTHONPATH']}"}
    for argv in ([sys.executable, "-m", "app"], [sys.executable, "-c", "import acl"]):
        result = run_command(argv, env)
        assert result.returncode == 1, describe(result)
        assert "acl._backend.BackendError: ACL_BACKEND=cann but libascendcl.so was not found" in result.stderr
        assert "app ran" not in result.stdout
