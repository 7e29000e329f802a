"""build_ffi.py names what the build is missing (compiler, cffi, setuptools) instead of a traceback."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest
from helpers.repo import REPO_ROOT  # noqa: F401  (puts the repository root on the path)

# isort: split
import build_ffi


def test_a_missing_compiler_is_named() -> None:
    with pytest.raises(build_ffi.MissingPrerequisite, match="'no-such-cc-1234' is not on PATH"):
        build_ffi.c_compiler("no-such-cc-1234")


def test_missing_cffi_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cffi", None)  # makes `import cffi` fail
    with pytest.raises(build_ffi.MissingPrerequisite, match="needs cffi: pip install cffi"):
        build_ffi.make_ffi()


def test_setuptools_is_required_from_python_3_12(monkeypatch: pytest.MonkeyPatch) -> None:
    real_find_spec = build_ffi.importlib.util.find_spec

    def without_setuptools(name: str) -> object:
        return None if name == "setuptools" else real_find_spec(name)

    monkeypatch.setattr(build_ffi.importlib.util, "find_spec", without_setuptools)
    monkeypatch.setattr(build_ffi, "sys", SimpleNamespace(version_info=(3, 12, 0)))
    with pytest.raises(build_ffi.MissingPrerequisite, match="setuptools"):
        build_ffi._require_build_modules()
    monkeypatch.setattr(build_ffi, "sys", SimpleNamespace(version_info=(3, 11, 9)))
    pytest.importorskip("cffi")
    build_ffi._require_build_modules()  # before 3.12 cffi compiles without setuptools


def test_the_command_reports_instead_of_raising(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("cffi")
    monkeypatch.setenv("CC", "no-such-cc-1234")
    assert build_ffi.main() == 1
    err = capsys.readouterr().err
    assert err.startswith("build_ffi.py: no C compiler") and "Traceback" not in err
