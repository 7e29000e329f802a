"""Small pieces of generated Python text shared by the generic and the shaped wrappers."""

from __future__ import annotations

import re

from aclgen.model.bindings import FunctionBinding
from aclgen.model.classify import ParamPlan


def converter_name(key: str) -> str:
    """Name of the struct -> dict function of a record key ("struct X" -> "struct_X")."""
    return re.sub(r"\W", "_", key)


def string_argument(b: FunctionBinding, p: ParamPlan) -> str:
    """The bytes of a `str` argument; a None is NULL only where `b` lets it be (else `.encode` fails)."""
    if b.none_is_null(p):
        return f"_NULL if {p.py_name} is None else {p.py_name}.encode()"
    return f"{p.py_name}.encode()"


def not_str_call(b: FunctionBinding, strings: list[ParamPlan]) -> str:
    """The `_not_str(...)` expression building the TypeError for a bad string argument of `b`."""
    items = ", ".join(f'("{p.py_name}", {p.py_name}, {b.none_is_null(p)})' for p in strings)
    return f'_not_str("{b.qualified_name}", ({items},))'
