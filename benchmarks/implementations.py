"""The implementations under comparison, each as {short name: pyACL-shaped callable}.

"ours" is the binding (`import acl`, emulator backend); "reference" the pyACL-style C
extension; "ctypes" the ad-hoc ctypes wrappers. All three call one emulator library instance.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from benchmarks.functions import FUNCTIONS, HELPERS

REPO_ROOT = Path(__file__).resolve().parent.parent
HEADERS_DIR = REPO_ROOT / "headers"

OURS, REFERENCE, CTYPES = "ours", "reference", "ctypes"

Functions = dict[str, Callable[..., Any]]


@dataclass
class Implementations:
    available: dict[str, Functions] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)  # name -> why
    library_path: str = ""


def _resolve(qualified: str) -> Callable[..., Any]:
    module_name, _, attr = qualified.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


def load_ours() -> tuple[Functions, str]:
    """The binding's functions and the path of the backend library it loaded."""
    os.environ.setdefault("ACL_BACKEND", "emulator")
    import acl

    library = acl.backend()["libraries"][0]
    functions = {short: _resolve(qualified) for short, (qualified, _) in FUNCTIONS.items()}
    return {**functions, **{short: _resolve(qualified) for short, qualified in HELPERS.items()}}, library


def _fallback_library() -> str:
    return os.environ.get("ACL_EMULATOR_LIBRARY") or str(REPO_ROOT / "acl" / "_emulator" / "libaclemu.so")


def load(names: tuple[str, ...] = (OURS, REFERENCE, CTYPES)) -> Implementations:
    """Load what can be loaded; `unavailable` says why the rest could not."""
    result = Implementations(library_path=_fallback_library())
    if OURS in names:
        try:
            result.available[OURS], result.library_path = load_ours()
        except Exception as exc:  # reported in the results instead of aborting the run
            result.unavailable[OURS] = f"{type(exc).__name__}: {exc}"
    if REFERENCE in names:
        from benchmarks import reference

        try:
            result.available[REFERENCE] = reference.functions(result.library_path, HEADERS_DIR)
        except Exception as exc:
            result.unavailable[REFERENCE] = f"{type(exc).__name__}: {exc}"
    if CTYPES in names:
        from benchmarks import ctypes_baseline

        try:
            result.available[CTYPES] = ctypes_baseline.load(result.library_path)
        except Exception as exc:
            result.unavailable[CTYPES] = f"{type(exc).__name__}: {exc}"
    return result
