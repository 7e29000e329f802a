"""Argument checks shared by the hand-written pyACL wrappers."""

from __future__ import annotations

from typing import Any, NoReturn

from .._generated import constants as _constants
from .._generated._acl_cffi import ffi

new = ffi.new
cast = ffi.cast
string = ffi.string
UINTPTR = "uintptr_t"


def optional_constants(*names: str) -> tuple[Any, ...]:
    """The generated constants `names`; None for one the headers of this binding's release lack
    (the functions that use it are then not bound either, so None is never compared in earnest)."""
    return tuple(getattr(_constants, name, None) for name in names)



def address(cdata: Any) -> int:
    """The address a cdata pointer (or array, or C function) holds, as the int the shims take."""
    return int(cast(UINTPTR, cdata))


def bad_type(function: str, name: str, expected: str, value: Any) -> NoReturn:
    raise TypeError(f"{function}: argument {name} must be {expected}, not {type(value).__name__}")


def require(function: str, name: str, value: Any, kind: type) -> None:
    """pyACL's strict checks (`PyList_Check`, `PyDict_Check`, `PyLong_Check`): no subclasses of list."""
    if kind is int:
        if not isinstance(value, int):
            bad_type(function, name, "int", value)
    elif value.__class__ is not kind:
        bad_type(function, name, kind.__name__, value)


def text(chars: Any) -> str:
    return string(chars).decode("utf-8", "replace")
