"""How each parameter and the return value of a C function cross into Python.

Parameter kinds (docs/internals.md, "The C boundary"):
- "scalar": integers, enums, floats, bool and typedefs of them; passed by value.
- "handle": anything that is an address for Python: `void *` buffers whatever their doc tag,
  typedefs that resolve to pointers, pointers to opaque structs, to input structs or arrays,
  arrays, function pointers, and structs passed by value (the shim takes their address).
  The shim parameter is `uintptr_t`.
- "string": `const char *` input; the shim parameter stays `const char *`.
- "out": a non-const pointer to a scalar, enum, handle or complete struct that the function fills
  (doc tag out, or no tag for a pointer to a scalar or handle). It leaves the shim parameters and
  comes back in the shim's result struct.
- "inout": like "out" for a scalar or handle tagged inout: passed in and returned.

A pointer tagged out that is immediately followed by an input count (`xxxSize`, `len`, `num`...)
is an array the caller provides, so it stays an address; a `char *` the function writes into is a
buffer, also an address. pyACL shapes for those are hand-written (tools/data/irregular.json).
"""

from __future__ import annotations

import dataclasses
import keyword
import re
from dataclasses import dataclass
from typing import Optional

from aclgen.model.ir import Api, Function, Param, Record, TypeRef
from aclgen.model.naming import snake_case

INTEGER_TYPES = frozenset(
    {
        "char",
        "signed char",
        "unsigned char",
        "short",
        "short int",
        "signed short",
        "unsigned short",
        "unsigned short int",
        "int",
        "signed",
        "signed int",
        "unsigned",
        "unsigned int",
        "long",
        "long int",
        "signed long",
        "unsigned long",
        "unsigned long int",
        "long long",
        "long long int",
        "unsigned long long",
        "unsigned long long int",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "size_t",
        "ssize_t",
        "intptr_t",
        "uintptr_t",
        "ptrdiff_t",
        "off_t",
        "pid_t",
    }
)
BOOL_TYPES = frozenset({"bool", "_Bool"})
FLOAT_TYPES = frozenset({"float", "double", "long double"})

# The error code a shim returns when the backend lacks the function.
ACL_ERROR_API_NOT_SUPPORT = 200001

_COUNT_NAME = re.compile(r"(size|len|length|num|count|cnt|capacity|number)$", re.IGNORECASE)
_ELEMENT_COUNT_NAME = re.compile(r"(num|count|cnt|number)", re.IGNORECASE)
_TRAILING_POINTER = re.compile(r"\*\s*(?:const\s*)?$")
_FIRST_ARRAY_DIM = re.compile(r"\[[^\]]*\]")


@dataclass(frozen=True)
class ParamPlan:
    c_name: str  # the C parameter name (synthesised "argN" when the prototype has none)
    py_name: str  # python argument name: snake_case, never a keyword
    kind: str  # "scalar" | "handle" | "string" | "out" | "inout"
    c_type: str  # the declared C type text
    shim_type: Optional[str]  # type in the shim prototype; None when the parameter leaves it
    out_type: Optional[str] = None  # member type in `struct _aclout_F` (outs and inouts)
    out_kind: Optional[str] = None  # "scalar" | "handle" | "struct"
    out_record: Optional[str] = None  # record key (see record_key) of a struct out
    py_type: str = "int"  # "int" | "float" | "bool" | "str" | "dict"
    reason: str = ""  # why this kind, for the manifest and the cross-check report

    @property
    def is_out(self) -> bool:
        return self.kind in ("out", "inout")

    @property
    def out_member(self) -> str:
        """Member name in the out struct (never clashes with `ret`)."""
        return self.c_name + "_" if self.c_name == "ret" else self.c_name


@dataclass(frozen=True)
class ReturnPlan:
    kind: str  # "void" | "scalar" | "handle" | "string" | "struct"
    c_type: str
    shim_type: str  # "void", the C type text, "uintptr_t" or "const char *"
    py_type: str  # "None" | "int" | "float" | "bool" | "str" | "dict"
    missing_value: str  # C expression returned when the backend lacks the function
    is_acl_error: bool  # the C return is `aclError` (pyACL calls it `ret`)
    record: Optional[str] = None  # record key of a struct return
    resolved_base: str = ""  # base type name after following typedefs


@dataclass(frozen=True)
class Classification:
    params: tuple[ParamPlan, ...]
    ret: ReturnPlan
    unbound_reason: Optional[str] = None  # set when no generic shim can be written

    @property
    def outs(self) -> tuple[ParamPlan, ...]:
        return tuple(p for p in self.params if p.is_out)

    @property
    def inputs(self) -> tuple[ParamPlan, ...]:
        """The parameters of the shim and of the Python function, in C order."""
        return tuple(p for p in self.params if p.shim_type is not None)


def record_key(record: Record) -> str:
    """A stable name for a record: its typedef name, else `struct tag` / `union tag`."""
    return record.typedef_name or f"{record.kind} {record.tag}"


class TypeFacts:
    """Lookups over an Api for classification: what a resolved base type name denotes."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.records: dict[str, Record] = {}
        for rec in api.records:
            if rec.tag:
                self.records[f"{rec.kind} {rec.tag}"] = rec
            if rec.typedef_name:
                self.records.setdefault(rec.typedef_name, rec)
        self.enum_names: set[str] = set()
        for enum in api.enums:
            if enum.tag:
                self.enum_names.add(f"enum {enum.tag}")
            if enum.typedef_name:
                self.enum_names.add(enum.typedef_name)

    def resolve(self, t: TypeRef) -> TypeRef:
        return self.api.resolve(t)

    def category(self, base: str) -> str:
        """ "void" | "int" | "bool" | "float" | "enum" | "record" | "opaque" | "unknown"."""
        base = " ".join(base.replace("const ", "").replace("volatile ", "").split())
        if base == "void":
            return "void"
        if base in INTEGER_TYPES:
            return "int"
        if base in BOOL_TYPES:
            return "bool"
        if base in FLOAT_TYPES:
            return "float"
        if base in self.enum_names or base.startswith("enum "):
            return "enum"
        rec = self.records.get(base)
        if rec is not None:
            return "opaque" if rec.fields is None else "record"
        if base.startswith(("struct ", "union ")):
            return "opaque"  # declared by tag only, never defined
        return "unknown"

    def record(self, base: str) -> Optional[Record]:
        return self.records.get(base)


def pointee_text(type_text: str) -> Optional[str]:
    """`size_t *` -> `size_t`; None when the pointer level is hidden in a typedef."""
    stripped = type_text.rstrip()
    if _TRAILING_POINTER.search(stripped) and "(" not in stripped:
        return _TRAILING_POINTER.sub("", stripped).rstrip()
    return None


def pointer_form(type_text: str) -> str:
    """The type a parameter declared as an array decays to (`int []` -> `int (*)`)."""
    return _FIRST_ARRAY_DIM.sub("(*)", type_text, count=1) if "[" in type_text else type_text


def python_identifier(name: str, taken: set[str]) -> str:
    ident = snake_case(name) if name else "arg"
    if keyword.iskeyword(ident) or ident in ("None", "True", "False"):
        ident += "_"
    base, n = ident, 2
    while ident in taken:
        ident, n = f"{base}{n}", n + 1
    taken.add(ident)
    return ident


def _is_char(base: str) -> bool:
    return " ".join(base.replace("const ", "").split()) == "char"


def _scalar_py_type(category: str) -> str:
    return {"float": "float", "bool": "bool"}.get(category, "int")


def _next_is_count(params: list[Param], index: int, facts: TypeFacts, strict: bool = False) -> bool:
    """The next parameter counts the elements of this one.

    Plain: an integer value named like a count or size. `strict` (handle arrays the caller passes
    inout): an element count, possibly itself inout (`aclrtStream *streams, uint32_t *numStreams`).
    """
    if index + 1 >= len(params):
        return False
    nxt = params[index + 1]
    resolved = facts.resolve(nxt.type)
    levels = 1 if strict else 0
    is_int = resolved.pointers <= levels and not resolved.array_dims
    is_int = is_int and facts.category(resolved.base) == "int"
    pattern = _ELEMENT_COUNT_NAME if strict else _COUNT_NAME
    return is_int and bool(pattern.search(nxt.name or ""))


def classify_param(params: list[Param], index: int, facts: TypeFacts, py_name: str) -> ParamPlan:
    param = params[index]
    c_name = param.name or f"arg{index}"
    text = param.type.text
    t = facts.resolve(param.type)
    cat = facts.category(t.base)
    direction = param.direction

    def handle(reason: str) -> ParamPlan:
        return ParamPlan(c_name, py_name, "handle", text, "uintptr_t", reason=reason)

    if t.array_dims:
        return handle("array")
    if t.function:
        if t.pointers <= 1:
            return handle("function pointer")
        levels_to_function = t.pointers - 1
        if levels_to_function == 1 and not t.const_pointee and direction != "in":
            return _out(c_name, py_name, text, "handle", "uintptr_t", direction, None, "function pointer out")
        return handle("pointer to function pointer")
    if t.pointers == 0:
        if cat in ("int", "enum", "float", "bool"):
            return ParamPlan(c_name, py_name, "scalar", text, text, py_type=_scalar_py_type(cat), reason=cat)
        if cat == "record":
            return handle("struct by value")
        return handle(f"unclassified value type {t.base}")
    if t.pointers == 1:
        if _is_char(t.base):
            if t.const_pointee:
                return ParamPlan(c_name, py_name, "string", text, text, py_type="str", reason="const char *")
            return handle("char buffer")
        if cat in ("void", "opaque", "unknown"):
            return handle("address" if cat == "void" else "opaque handle")
        if t.const_pointee or direction == "in":
            return handle("input pointer")
        if cat in ("int", "enum", "float", "bool"):
            if _next_is_count(params, index, facts):
                return handle("array filled by the function (count follows)")
            member = pointee_text(text) or t.base
            return _out(
                c_name, py_name, text, "scalar", member, direction, None, f"{cat} out", _scalar_py_type(cat)
            )
        if cat == "record":
            if direction not in ("out",):
                return handle("struct pointer (not tagged out)")
            if _next_is_count(params, index, facts):
                return handle("struct array filled by the function (count follows)")
            rec = facts.record(t.base)
            member = pointee_text(text) or t.base
            key = record_key(rec) if rec is not None else t.base
            return _out(c_name, py_name, text, "struct", member, "out", key, "struct out", "dict")
        return handle(f"pointer to {cat}")
    # two or more pointer levels: pointer to a handle
    if t.const_pointee or direction == "in":
        return handle("input pointer array")
    if t.pointers == 2:
        if direction == "inout" and _next_is_count(params, index, facts, strict=True):
            return handle("handle array filled by the function (count follows)")
        return _out(c_name, py_name, text, "handle", "uintptr_t", direction, None, "handle out")
    return handle("multi-level pointer")


def retarget(p: ParamPlan, kind: str) -> ParamPlan:
    """The reviewed kind of a parameter the doc tags mislead on (tools/data/irregular.json `params`)."""
    if kind == p.kind:
        return p
    if kind == "handle":
        return ParamPlan(p.c_name, p.py_name, "handle", p.c_type, "uintptr_t", reason="reviewed: address")
    if kind == "out" and p.kind == "inout":
        return dataclasses.replace(p, kind="out", shim_type=None, reason=p.reason + " (reviewed: out only)")
    raise ValueError(f"cannot make {p.kind} parameter {p.c_name} a {kind}")


def _reviewed_param(params: list[Param], index: int, facts: TypeFacts, p: ParamPlan, kind: str) -> ParamPlan:
    """The reviewed kind of parameter `index`: an `out` the doc tags leave untagged (or mislabel) is
    classified again as tagged `[out]`, so its shape comes from reviewed data, not from a release's
    comments; anything else is `retarget`."""
    if kind == "out" and p.kind not in ("out", "inout"):
        retagged = list(params)
        retagged[index] = dataclasses.replace(params[index], direction="out")
        out = classify_param(retagged, index, facts, p.py_name)
        if out.kind != "out":
            raise ValueError(f"cannot make {p.kind} parameter {p.c_name} an out ({out.reason})")
        return dataclasses.replace(out, reason=out.reason + " (reviewed: out)")
    return retarget(p, kind)


def _out(
    c_name: str,
    py_name: str,
    text: str,
    out_kind: str,
    member: str,
    direction: Optional[str],
    record: Optional[str],
    reason: str,
    py_type: str = "int",
) -> ParamPlan:
    if direction == "inout" and out_kind != "struct":
        shim_type = "uintptr_t" if out_kind == "handle" else member
        return ParamPlan(c_name, py_name, "inout", text, shim_type, member, out_kind, record, py_type, reason)
    return ParamPlan(c_name, py_name, "out", text, None, member, out_kind, record, py_type, reason)


def classify_return(fn: Function, facts: TypeFacts) -> ReturnPlan:
    rt = fn.return_type
    t = facts.resolve(rt)
    cat = facts.category(t.base)
    is_error = rt.text.strip() == "aclError"
    if t.pointers == 0 and not t.function:
        if cat == "void":
            return ReturnPlan("void", rt.text, "void", "None", "", False, resolved_base=t.base)
        if cat in ("int", "enum"):
            return ReturnPlan(
                "scalar",
                rt.text,
                rt.text,
                "int",
                f"({rt.text}){ACL_ERROR_API_NOT_SUPPORT}",
                is_error,
                resolved_base=t.base,
            )
        if cat in ("float", "bool"):
            return ReturnPlan(
                "scalar", rt.text, rt.text, _scalar_py_type(cat), "0", False, resolved_base=t.base
            )
        if cat == "record":
            rec = facts.record(t.base)
            key = record_key(rec) if rec is not None else t.base
            return ReturnPlan("struct", rt.text, rt.text, "dict", "", False, key, t.base)
        return ReturnPlan("scalar", rt.text, rt.text, "int", "0", False, resolved_base=t.base)
    if t.pointers == 1 and not t.function and t.const_pointee and _is_char(t.base):
        return ReturnPlan("string", rt.text, rt.text, "str", "NULL", False, resolved_base=t.base)
    return ReturnPlan("handle", rt.text, "uintptr_t", "int", "0", False, resolved_base=t.base)


def classify(fn: Function, facts: TypeFacts, reviewed: Optional[dict[str, str]] = None) -> Classification:
    """`reviewed` maps C parameter names to the kind reviewed data gives them."""
    taken: set[str] = set()
    params = [
        classify_param(fn.params, i, facts, python_identifier(p.name or f"arg{i}", taken))
        for i, p in enumerate(fn.params)
    ]
    reviewed = reviewed or {}
    unknown = set(reviewed) - {p.c_name for p in params}
    if unknown:
        raise ValueError(f"{fn.name}: reviewed kinds name unknown parameters {sorted(unknown)}")
    params = [
        _reviewed_param(fn.params, i, facts, p, reviewed[p.c_name]) if p.c_name in reviewed else p
        for i, p in enumerate(params)
    ]
    ret = classify_return(fn, facts)
    reason = None
    if fn.variadic:
        last = params[-1] if params else None
        if last is None or last.kind != "string":
            reason = "variadic without a trailing format string"
    if fn.return_type.function:
        reason = "returns a function pointer"
    return Classification(tuple(params), ret, reason)
