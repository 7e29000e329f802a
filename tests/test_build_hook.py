"""The wheel hook asks for the generator's parser only when ACL_INCLUDE makes it regenerate."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers.repo import REPO_ROOT


def _hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", REPO_ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hook(tmp_path: Path) -> Any:  # an AclBuildHook, a class loaded at run time
    hook_class = _hook_module().AclBuildHook
    return hook_class(str(REPO_ROOT), {}, None, None, str(tmp_path), "wheel")


def test_regenerating_build_requires_pycparser_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ACL_INCLUDE", "/opt/cann/include")
    assert _hook(tmp_path).dependencies() == ["pycparser>=3"]


def test_plain_build_requires_nothing_more(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ACL_INCLUDE", raising=False)
    assert _hook(tmp_path).dependencies() == []
