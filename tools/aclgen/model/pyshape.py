"""The reviewed pyACL shapes of tools/data/irregular.json (entries with `args`, `echo`...): what each
role means, and how a list or dict role maps onto the C parameter (emit/shaped.py writes the wrappers).

The reviewed description names a role for C parameters (`args`: C name -> role):

- `list`: the Python argument is a `list` (tuples are rejected, as pyACL does) converted to a C
  array of the parameter's element type: ints, rows of ints (`int64_t [][2]`), handles (pointers to
  opaque types), `str`, dicts (an array of structs) or dicts behind pointers (an array of pointers).
- `list_or_none`: as `list`, and None passes NULL.
- `list_or_ndarray`: as `list`, and a numpy array passes its data address as is, with a Warning
  (pyACL's deprecated path: no dtype check).
- `len:P`: not a Python argument; the C value is `len()` of the Python list `P`.
- `strlen:P`: not a Python argument; the C value is the UTF-8 length of the Python `str` `P`.
- `dict`: a `dict` filled into the struct the parameter points to (or is, when passed by value):
  missing keys stay 0, wrong-typed values are ignored (acl/_generated/_structs.py `fill_*`); numeric
  fields take any `__index__` number (numpy integers) and float fields any `__float__` one.
- `dict_or_null`: as `dict`, but an empty dict passes NULL.
- `dict_inout`: as `dict`, and the struct comes back as a dict among the outputs.
- `strbuf:L`: not a Python argument; a `char` buffer of the size given by the Python argument `L`
  that the function writes into; comes back as `str` among the outputs.
- `out_list:N`: not a Python argument; an array of `N` (a Python argument) elements the function
  fills; comes back as a list among the outputs. `out_list:N:C`: the same, cut to the count the
  function reports in its out parameter `C` (clamped to 0..N).
- `deref_list:N`: on an out parameter the C function sets to an array it owns; comes back as the
  list of its `N` (another out parameter) elements.
- `null`: not a Python argument; the C value is 0 / NULL.
- `mask`: an unsigned integer parameter pyACL parses without an overflow check, where a negative
  value is documented usage (`index` -1): the Python int is masked to the C width instead of
  raising OverflowError. The generic wrapper applies it too (bindings.FunctionBinding.masks).

A `const char *` parameter with no role takes a `str`; None passes NULL only for C functions pyACL
does not wrap and for `optional` parameters (FunctionBinding.none_is_null), else it is a TypeError.

Other keys: `echo` (a C input returned first), `optional` (trailing C parameters that default to
None), `guards` (`{"param", "max", "returns"}` returns a literal, `{"param", "max", "raises"}`
raises ValueError, when the Python argument exceeds max; `{"param", "len_min", "len_max",
"raises"}` raises ValueError with the message `raises` when a list argument's length is outside
the range; for a count the C function reads list items by: `{"param", "equals_len_of"}` raises
TypeError unless the int equals the list's length (pyACL's rule where it checks), `{"param", "within"}`
raises ValueError when it exceeds the length, `{"sum_of", "first"?, "within"}` when the sum of the
list `sum_of` (of its first `first` items) does), `keys: "snake"` (result dict keys in
snake_case), `on_error`: what struct results are when the C call does not succeed: "empty" `{}`,
"none" `None`, "none_items" (list results) a list of `None` of the asked length; "none" also makes a list
result None.
Outputs are in C order (outs of the shim and the roles above), then the C return, as pyACL does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from aclgen.model.bindings import MASK_ROLE
from aclgen.model.classify import TypeFacts, record_key
from aclgen.model.ir import Param

STRUCT_MODULE_ALIAS = "_structs"
LIST_ROLES = ("list", "list_or_none", "list_or_ndarray")
PYTHON_ARGUMENT_ROLES = (*LIST_ROLES, "dict", "dict_or_null", "dict_inout", MASK_ROLE)


@dataclass
class Needs:
    """Struct converters a shaped wrapper uses: ("dict", key), ("snake", key), ("fill", key)."""

    items: set[tuple[str, str]] = field(default_factory=set)


@dataclass(frozen=True)
class ListPlan:
    kind: str  # "scalar" | "rows" | "handles" | "strings" | "dicts" | "dict_ptrs"
    ctype: str  # cffi array type for the converted list
    record: Optional[str] = None


def clean_type(base: str) -> str:
    return " ".join(base.replace("const ", "").replace("volatile ", "").split())


def list_plan(param: Param, facts: TypeFacts) -> ListPlan:
    t = facts.resolve(param.type)
    base = clean_type(t.base)
    if t.array_dims:
        pointers, rest = t.pointers, t.array_dims[1:]
    else:
        pointers, rest = t.pointers - 1, ()
    category = facts.category(base)
    if pointers == 0 and category in ("int", "enum", "float", "bool"):
        if rest:
            return ListPlan("rows", base + "[]" + "".join(f"[{n}]" for n in rest))
        return ListPlan("scalar", base + "[]")
    if pointers == 0 and category == "record":
        rec = facts.record(base)
        key = record_key(rec) if rec else base
        return ListPlan("dicts", key + "[]", key)
    if pointers == 1 and base == "char":
        return ListPlan("strings", "char *[]")
    if pointers == 1 and category == "record":
        rec = facts.record(base)
        key = record_key(rec) if rec else base
        return ListPlan("dict_ptrs", key + " *[]", key)
    if pointers >= 1:
        return ListPlan("handles", "uintptr_t[]")
    raise ValueError(f"{param.name}: no list conversion for {param.type.text}")


def pointee_record(param: Param, facts: TypeFacts) -> str:
    """Record key of the struct a `dict` parameter points to (or is, passed by value)."""
    t = facts.resolve(param.type)
    if t.pointers > 1 or t.array_dims:
        raise ValueError(f"{param.name}: a dict role needs a struct or a pointer to one: {param.type.text}")
    rec = facts.record(clean_type(t.base))
    if rec is None or rec.fields is None:
        raise ValueError(f"{param.name}: {param.type.text} is not a complete struct")
    return record_key(rec)


def role_target(role: str) -> str:
    return role.split(":", 1)[1]
