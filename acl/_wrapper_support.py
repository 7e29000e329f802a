"""The runtime helpers the generated modules call, written once here instead of into each of them.

Imported by acl/_generated/*.py (relatively: the package stays vendorable under another name).
It must never import a generated module, so the generated modules can import it without a circle.
"""

from __future__ import annotations

import operator
import warnings
from typing import Any, Callable

from ._generated._acl_cffi import ffi
from ._pyacl._common import address, text

__all__ = [
    "address",
    "as_float",
    "as_int",
    "check_len",
    "count_equals",
    "count_within",
    "export",
    "fill_each",
    "keep_outs",
    "ndarray_address",
    "not_str",
    "out_buffer_factory",
    "sum_within",
    "take_outs",
    "text",
]


def export(
    namespace: dict[str, Any], public: tuple[tuple[str, str | None], ...], constants: Any
) -> dict[str, str]:
    """Finish a generated module from its one list of public names, (Python name, C function or
    None for a constant): copy its constants from the `constants` module, set `__all__`, and
    return {Python name: C function} for acl._missing.bind."""
    for name, c_name in public:
        if c_name is None:
            namespace[name] = getattr(constants, name)
    namespace["__all__"] = [name for name, _ in public]
    return {name: c_name for name, c_name in public if c_name is not None}


def as_int(value: Any) -> int | None:
    """A struct field's integer from a non-int value: numpy integers and other `__index__`
    numbers; None for anything else (a float, a str, None), which leaves the field 0."""
    if not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def as_float(value: Any) -> float | None:
    """A struct field's float from a non-float value: numpy floats and other `__float__` or
    `__index__` numbers; None for anything else (a str, None), which leaves the field 0."""
    kind = type(value)
    if not (hasattr(kind, "__float__") or hasattr(kind, "__index__")):
        return None
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError):
        return None


def check_len(items: Any, capacity: int, name: str) -> None:
    """A list given for a C array member must fit in it."""
    if len(items) > capacity:
        raise ValueError(f"the {name} list has {len(items)} items; the C array has {capacity}")


def count_equals(function: str, name: str, count: Any, items_name: str, items: list) -> None:
    """pyACL's rule for a count beside its list: they must agree (TypeError otherwise)."""
    if count.__class__ is int and count != len(items):
        raise TypeError(f"{function}: {name} is {count} but {items_name} has {len(items)} items")


def count_within(function: str, name: str, count: Any, items_name: str, items: list) -> None:
    """The C function reads `count` items of the list: more than it holds would read past it."""
    if count.__class__ is int and count > len(items):
        raise ValueError(f"{function}: {name} is {count} but {items_name} has {len(items)} items")


def sum_within(function: str, name: str, counts: list, first: Any, items_name: str, items: list) -> None:
    """The C function reads the sum of counts[:first] (of all counts when first is None) items."""
    if first is not None and first.__class__ is not int:
        return  # the conversion of `first` raises the TypeError
    total = sum(c for c in (counts if first is None else counts[:first]) if c.__class__ is int and c > 0)
    if total > len(items):
        message = f"the {name} list adds up to {total} but {items_name} has {len(items)} items"
        raise ValueError(f"{function}: {message}")


def fill_each(fill: Callable[[Any, dict], None], array: Any, items: Any) -> None:
    """Fill array[i] from the dict items[i] with `fill`; pyACL takes dicts only (no subclasses)."""
    for i, item in enumerate(items):
        if item.__class__ is not dict:
            raise TypeError(f"item {i} of the list is not dict")
        fill(array[i], item)


def ndarray_address(function: str, name: str, value: Any) -> int:
    """pyACL's deprecated path for list arguments: a numpy array's data address, unchecked."""
    interface = getattr(value, "__array_interface__", None)
    if interface is None or type(value).__name__ != "ndarray":
        raise TypeError(f"argument {name} must be a list, not {type(value).__name__}")
    message = f"{function}: a numpy array for {name} is deprecated; pass a list"
    warnings.warn(message, Warning, stacklevel=3)
    return interface["data"][0]


def not_str(function: str, arguments: tuple[tuple[str, Any, bool], ...]) -> TypeError:
    """The TypeError for the first of (name, value, None allowed) that is not a str.

    Wrappers build it only after `.encode` failed, so the common path pays nothing.
    """
    for name, value, none_is_null in arguments:
        if not isinstance(value, str) and not (none_is_null and value is None):
            allowed = "str or None" if none_is_null else "str"
            return TypeError(f"{function}: argument {name} must be {allowed}, not {type(value).__name__}")
    return TypeError(f"{function}: bad string argument")


# Idle result buffers of the generated wrappers (tools/aclgen/outforms.py): a call takes one out
# for itself and puts it back when it has read it, so no other call writes it meanwhile.
_spare_outs: list[tuple[Any, Any]] = []
take_outs = _spare_outs.pop
keep_outs = _spare_outs.append


def out_buffer_factory(words: int) -> Callable[[], tuple[Any, Any]]:
    """A maker of result buffers of `words` 64-bit words: (the cdata, a buffer over it)."""

    def new_outs() -> tuple[Any, Any]:
        outs = ffi.new(f"uint64_t[{words}]")
        return outs, ffi.buffer(outs)

    return new_outs
