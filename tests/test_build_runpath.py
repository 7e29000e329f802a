"""The built libraries search no directory of the build machine: the extension is linked without
the -rpath some interpreters (pyenv builds) put in their own link command."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.repo import REPO_ROOT  # noqa: F401  (puts the repository root on the path)

# isort: split
import build_ffi

PYENV_LDSHARED = "gcc -shared -L/opt/py/lib -Wl,-rpath,/opt/py/lib -Wl,-R,/x -Wl,-rpath=/y -Wl,-O1"


def _config(values: dict[str, str]):  # -> a stand-in for sysconfig.get_config_var
    return lambda name: values.get(name)


def test_the_interpreters_rpath_is_left_out_of_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    config = _config({"LDSHARED": PYENV_LDSHARED, "CC": "gcc"})
    monkeypatch.setattr(build_ffi.sysconfig, "get_config_var", config)
    monkeypatch.delenv("LDSHARED", raising=False)
    monkeypatch.delenv("CC", raising=False)
    with build_ffi._link_without_runpath():
        assert os.environ["LDSHARED"] == "gcc -shared -L/opt/py/lib -Wl,-O1"
    assert "LDSHARED" not in os.environ
    monkeypatch.setenv("CC", "clang")  # distutils links with $CC too
    with build_ffi._link_without_runpath():
        assert os.environ["LDSHARED"] == "clang -shared -L/opt/py/lib -Wl,-O1"
    assert "LDSHARED" not in os.environ


def test_a_users_ldshared_or_a_link_without_rpath_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_ffi.sysconfig, "get_config_var", _config({"LDSHARED": PYENV_LDSHARED}))
    monkeypatch.setenv("LDSHARED", "cc -shared -Wl,-rpath,/mine")
    with build_ffi._link_without_runpath():
        assert os.environ["LDSHARED"] == "cc -shared -Wl,-rpath,/mine"
    monkeypatch.delenv("LDSHARED")
    monkeypatch.setattr(build_ffi.sysconfig, "get_config_var", _config({"LDSHARED": "gcc -shared"}))
    with build_ffi._link_without_runpath():
        assert "LDSHARED" not in os.environ


def _package_libraries() -> list[Path]:
    spec = importlib.util.find_spec("acl")
    assert spec is not None and spec.origin is not None
    package = Path(spec.origin).parent
    found = [*sorted(package.glob("_generated/_acl_cffi*.so")), package / "_emulator" / "libaclemu.so"]
    assert len(found) >= 2, found
    return found


@pytest.mark.parametrize("library", _package_libraries(), ids=lambda p: p.name)
def test_the_built_libraries_have_no_runpath(library: Path) -> None:
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.fail("readelf (binutils, installed with gcc) is needed to read the dynamic section")
    dynamic = subprocess.run([readelf, "-d", str(library)], capture_output=True, text=True, check=True).stdout
    assert "(NEEDED)" in dynamic  # it is the dynamic section
    assert "(RPATH)" not in dynamic and "(RUNPATH)" not in dynamic, dynamic
