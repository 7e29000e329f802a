"""acl.op functions taking nested lists."""

from __future__ import annotations

from typing import Any

from .._generated._acl_cffi import lib
from ._common import address, new, require


def set_attr_list_list_int(attr: int, attr_name: str, values: list[Any]) -> int:
    """Hand-written: a list of int lists becomes a count array plus an array of row pointers."""
    function = "acl.op.set_attr_list_list_int"
    require(function, "attr", attr, int)
    require(function, "attr_name", attr_name, str)
    require(function, "values", values, list)
    try:
        rows = []
        for i, row in enumerate(values):
            require(function, f"values[{i}]", row, list)
            rows.append(new("int64_t[]", row))
        counts = new("int[]", [len(row) for row in values])
        pointers = new("int64_t *[]", rows)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"{function}: {e}") from None
    name = attr_name.encode()
    return lib.aclopSetAttrListListInt(attr, name, len(values), address(counts), address(pointers))
