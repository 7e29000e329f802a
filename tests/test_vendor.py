"""Vendoring: `tools/vendor.py` copies the package into a tool under another name, and it runs there.

Checked as a tool author would use it: the copy is imported as `mytool._vendor.acl` by a fresh
interpreter started outside the repository, runs the example runtime flow, never imports a
top-level `acl`, and works in one process beside the `acl` under test. CPython always; PyPy when
`pypy3` is installed (CI sets ACL_TEST_REQUIRE_PYPY=1 so its absence fails there).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.subproc import REPO_ROOT, describe

VENDOR = REPO_ROOT / "tools" / "vendor.py"
EXAMPLE = REPO_ROOT / "examples" / "runtime_flow.py"

COEXIST = """
import sys
import mytool._vendor.acl as vendored
assert "acl" not in sys.modules, "the vendored copy imported a top-level acl"
import acl as installed
assert vendored.__file__ != installed.__file__
assert vendored.rt is not installed.rt and vendored._backend is not installed._backend
for lib in (vendored, installed):
    assert lib.init() == 0
    assert lib.rt.set_device(0) == 0
    dev, ret = lib.rt.malloc(64, 0)
    assert ret == 0
    data = bytes(range(64))
    out = bytes(64)  # the pyACL idiom: device memory copied into a bytes object
    assert lib.rt.memcpy(dev, 64, lib.util.bytes_to_ptr(data), 64, 1) == 0
    assert lib.rt.memcpy(lib.util.bytes_to_ptr(out), 64, dev, 64, 2) == 0
    assert bytes(out) == data
    assert lib.rt.free(dev) == 0
    if sys.implementation.name == "cpython":  # each copy's C pointer helpers wrap its own originals
        assert type(lib.util.bytes_to_ptr).__name__ == "builtin_function_or_method"
        assert lib.util.bytes_to_ptr.__self__.__module__ == lib.util.__name__
# Each copy has its own emulator: the installed one's finalize leaves the vendored one initialised.
assert installed.rt.reset_device(0) == 0 and installed.finalize() == 0
assert vendored.rt.get_device()[1] == 0
assert vendored.rt.reset_device(0) == 0 and vendored.finalize() == 0
print("coexist OK")
"""


def _interpreters() -> list[str]:
    found = [sys.executable]
    pypy = shutil.which("pypy3")
    if pypy is None and os.environ.get("ACL_TEST_REQUIRE_PYPY") == "1":
        pytest.fail("ACL_TEST_REQUIRE_PYPY=1 but pypy3 is not installed")
    if pypy is not None and "PyPy" not in sys.version:
        found.append(pypy)
    return found


@pytest.fixture(scope="module")
def tool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tool directory holding mytool/_vendor/acl, built for every interpreter under test."""
    root = tmp_path_factory.mktemp("tool")
    vendor_dir = root / "mytool" / "_vendor"
    vendor_dir.mkdir(parents=True)
    (root / "mytool" / "__init__.py").write_text("")
    (vendor_dir / "__init__.py").write_text("")
    for python in _interpreters():
        result = subprocess.run([python, str(VENDOR), str(vendor_dir)], capture_output=True, text=True,
                                cwd=root, timeout=600)
        assert result.returncode == 0, describe(result)
        assert f"vendored {vendor_dir / 'acl'}" in result.stdout
    return root


def _run(python: str, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ACL_BACKEND="emulator")  # PYTHONPATH, if set, names the acl under test
    return subprocess.run([python, "-c", code], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=300)


@pytest.mark.parametrize("python", _interpreters(), ids=lambda p: Path(p).name)
def test_vendored_copy_runs_the_runtime_flow(tool: Path, python: str) -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    assert "\nimport acl\n" in source
    script = source.replace("\nimport acl\n", "\nimport mytool._vendor.acl as acl\n")
    script += "\nassert 'acl' not in sys.modules, sorted(m for m in sys.modules if m.startswith('acl'))\n"
    result = _run(python, script, tool)
    assert result.returncode == 0, describe(result)
    assert result.stdout.splitlines()[-1] == "runtime flow OK: all bytes came back intact", describe(result)


def test_vendored_copy_and_installed_acl_coexist(tool: Path) -> None:
    result = _run(sys.executable, COEXIST, tool)
    assert result.returncode == 0, describe(result)
    assert result.stdout.strip() == "coexist OK", describe(result)


def test_vendor_refuses_to_overwrite_a_foreign_directory(tmp_path: Path) -> None:
    (tmp_path / "acl").mkdir()
    (tmp_path / "acl" / "notes.txt").write_text("mine")
    result = subprocess.run([sys.executable, str(VENDOR), str(tmp_path)], capture_output=True, text=True)
    assert result.returncode != 0
    assert "exists and is not a copy of this acl" in result.stderr
    assert (tmp_path / "acl" / "notes.txt").read_text() == "mine"


def test_the_package_imports_itself_only_relatively() -> None:
    offenders = []
    for path in sorted((REPO_ROOT / "acl").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "acl" or name.startswith("acl."):
                    offenders.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: {name}")
    assert offenders == []
