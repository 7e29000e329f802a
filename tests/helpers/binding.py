"""What the binding under test declares: the baseline's (headers/) or a release's it was regenerated
from (tools/test_regenerated.py). Tests whose expectation depends on the API derive it from here."""

from __future__ import annotations

import json
from functools import cache

from helpers.repo import REPO_ROOT


@cache
def binding_functions() -> frozenset[str]:
    """The C functions the imported binding declares (its loader table; a wheel ships no api.json)."""
    from acl._generated._acl_cffi import ffi, lib

    return frozenset(ffi.string(lib._aclffi_name(i)).decode() for i in range(lib._aclffi_count()))


def binding_declares_types(*names: str) -> bool:
    """Whether the imported binding's headers declare every one of these C types."""
    from acl._generated._acl_cffi import ffi

    try:
        for name in names:
            ffi.typeof(name)
    except ffi.error:
        return False
    return True


@cache
def _baseline_api() -> dict:
    """The generator's record of headers/ (acl/_generated/api.json of this repository)."""
    return json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text(encoding="utf-8"))


def baseline_functions() -> frozenset[str]:
    """The C functions headers/ declares."""
    return frozenset(function["name"] for function in _baseline_api()["functions"])


def baseline_constant(name: str) -> int:
    """A constant or enumerator of headers/, the API the emulator is built from whatever the binding
    under test (a release may number an enum otherwise)."""
    api = _baseline_api()
    values = [constant["value"] for constant in api["constants"] if constant["name"] == name]
    values += [value for enum in api["enums"] for member, value in enum["members"] if member == name]
    assert len(values) == 1, f"headers/ declares no constant {name}"
    return values[0]


def is_cffi_function(function: object) -> bool:
    """A function of the compiled cffi module's `lib` (what a direct binding is bound to)."""
    import types

    owner = type(getattr(function, "__self__", None))
    return (isinstance(function, types.BuiltinFunctionType) and owner.__module__ == "_cffi_backend"
            and owner.__name__ == "Lib")


def is_c_function(function: object) -> bool:
    """On CPython, a C function of aclgen/emit/fastcalls.py: a builtin whose `__self__` is the
    binding it stands for (a generated Python wrapper, or for a direct binding cffi's function)."""
    import types

    return isinstance(function, types.BuiltinFunctionType) and (
        isinstance(function.__self__, types.FunctionType) or is_cffi_function(function.__self__))


def python_wrapper(function: object) -> object:
    """The generated binding behind `function`: the function itself, or on CPython, for a binding
    with a C function in front of it (aclgen/emit/fastcalls.py), what that C function hands every
    call it does not take itself (its `__self__`: the Python wrapper, or cffi's function)."""
    return function.__self__ if is_c_function(function) else function  # type: ignore[attr-defined]
