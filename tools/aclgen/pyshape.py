"""Wrappers for the reviewed pyACL shapes of tools/data/irregular.json (entries with `args`, `echo`...).

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
  missing keys stay 0, wrong-typed values are ignored (acl/_generated/_structs.py `fill_*`).
- `dict_or_null`: as `dict`, but an empty dict passes NULL.
- `dict_inout`: as `dict`, and the struct comes back as a dict among the outputs.
- `strbuf:L`: not a Python argument; a `char` buffer of the size given by the Python argument `L`
  that the function writes into; comes back as `str` among the outputs.
- `out_list:N`: not a Python argument; an array of `N` (a Python argument) elements the function
  fills; comes back as a list among the outputs.
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
raises ValueError, when the Python argument exceeds max), `keys: "snake"` (result dict keys in
snake_case), `on_error`: what struct results are when the C call does not succeed: "empty" `{}`,
"none" `None`, "none_items" (list results) a list of `None` of the asked length.
Outputs are in C order (outs of the shim and the roles above), then the C return, as pyACL does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from aclgen.bindings import MASK_ROLE, FunctionBinding
from aclgen.classify import ParamPlan, TypeFacts, record_key
from aclgen.ir import Param

STRUCT_MODULE_ALIAS = "_structs"
_LIST_ROLES = ("list", "list_or_none", "list_or_ndarray")
_PYTHON_ARGUMENT_ROLES = (*_LIST_ROLES, "dict", "dict_or_null", "dict_inout", MASK_ROLE)


@dataclass
class Needs:
    """Struct converters a shaped wrapper uses: ("dict", key), ("snake", key), ("fill", key)."""

    items: set[tuple[str, str]] = field(default_factory=set)


@dataclass(frozen=True)
class ListPlan:
    kind: str  # "scalar" | "rows" | "handles" | "strings" | "dicts" | "dict_ptrs"
    ctype: str  # cffi array type for the converted list
    record: Optional[str] = None


def _clean(base: str) -> str:
    return " ".join(base.replace("const ", "").replace("volatile ", "").split())


def list_plan(param: Param, facts: TypeFacts) -> ListPlan:
    t = facts.resolve(param.type)
    base = _clean(t.base)
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
    rec = facts.record(_clean(t.base))
    if rec is None or rec.fields is None:
        raise ValueError(f"{param.name}: {param.type.text} is not a complete struct")
    return record_key(rec)


def _role_target(role: str) -> str:
    return role.split(":", 1)[1]


class ShapedWrapper:
    """Emits one wrapper for a binding whose irregular entry describes pyACL's shape."""

    def __init__(self, b: FunctionBinding, facts: TypeFacts) -> None:
        assert b.irregular is not None
        self.b = b
        self.facts = facts
        self.spec = b.irregular
        self.needs = Needs()
        self.by_c = {p.c_name: p for p in b.cls.params}
        self.c_params = {p.name or f"arg{i}": p for i, p in enumerate(b.fn.params)}
        unknown = set(self.spec.args) | set(self.spec.optional)
        unknown -= set(self.by_c)
        if self.spec.echo and self.spec.echo not in self.by_c:
            unknown.add(self.spec.echo)
        if unknown:
            raise ValueError(f"{b.c_name}: irregular.json names unknown parameters {sorted(unknown)}")

    def _py(self, c_name: str) -> str:
        return self.by_c[c_name].py_name

    def _converter(self, key: str) -> str:
        from aclgen.emit_python import converter_name

        kind = "snake" if self.spec.keys == "snake" else "dict"
        self.needs.items.add((kind, key))
        suffix = "__snake" if kind == "snake" else ""
        return f"{STRUCT_MODULE_ALIAS}.{converter_name(key)}{suffix}"

    def _filler(self, key: str) -> str:
        from aclgen.emit_python import converter_name

        self.needs.items.add(("fill", key))
        return f"{STRUCT_MODULE_ALIAS}.fill_{converter_name(key)}"

    def python_params(self) -> list[ParamPlan]:
        result = []
        for p in self.b.cls.params:
            role = self.spec.args.get(p.c_name)
            if p.shim_type is None:
                continue
            if role is None or role in _PYTHON_ARGUMENT_ROLES:
                result.append(p)
        return result

    def emit(self) -> str:
        from aclgen.emit_python import not_str_call, string_argument

        b, spec = self.b, self.spec
        qualified = b.qualified_name
        params = self.python_params()
        optional = set(spec.optional)
        signature = ", ".join(f"{p.py_name}=None" if p.c_name in optional else p.py_name for p in params)
        lines = [f"def {b.py_name}({signature}):"]
        body: list[str] = []
        for guard in spec.guards:
            name = self._py(guard["param"])
            body.append(f"if {name}.__class__ is int and {name} > {int(guard['max'])}:")
            if "raises" in guard:
                body.append(
                    f'    raise ValueError("{qualified}: {name} must not exceed {int(guard["max"])}")'
                )
            else:
                body.append(f"    return {_literal(guard['returns'])}")
        checks, converts, call_args, outputs = [], [], [], []
        strings_used = any(r.startswith("strlen:") for r in spec.args.values())
        for p in b.cls.params:
            role = spec.args.get(p.c_name)
            name = p.py_name
            c_param = self.c_params[p.c_name]
            if p.shim_type is None:
                outputs.append(self._shim_out(p, role))
                continue
            if role is None:
                if p.kind == "string" and strings_used:
                    converts.append(f"_b_{name} = {string_argument(b, p)}")
                    call_args.append(f"_b_{name}")
                elif p.kind == "string":
                    call_args.append(string_argument(b, p))
                else:
                    call_args.append(name)
            elif role == MASK_ROLE:
                call_args.append(f"{name} & {b.masks[p.c_name]:#x}")
            elif role == "list":
                checks += _type_check(qualified, name, "list")
                converts += self._list_convert(c_param, name)
                call_args.append(f"_cast(_uintptr, _a_{name})")
            elif role == "list_or_none":
                checks.append(f"if {name} is not None:")
                checks += [f"    {line}" for line in _type_check(qualified, name, "list")]
                converts.append(f"if {name} is not None:")
                converts += [f"    {line}" for line in self._list_convert(c_param, name)]
                call_args.append(f"(0 if {name} is None else _cast(_uintptr, _a_{name}))")
            elif role == "list_or_ndarray":
                converts.append(f"if {name}.__class__ is list:")
                converts += [f"    {line}" for line in self._list_convert(c_param, name)]
                converts.append("else:")
                converts.append(
                    f'    _a_{name} = {STRUCT_MODULE_ALIAS}.ndarray_address("{qualified}", "{name}", {name})'
                )
                call_args.append(f"_cast(_uintptr, _a_{name})")
            elif role.startswith("len:"):
                call_args.append(f"len({self._py(_role_target(role))})")
            elif role.startswith("strlen:"):
                call_args.append(f"len(_b_{self._py(_role_target(role))})")
            elif role in ("dict", "dict_or_null", "dict_inout"):
                key = pointee_record(c_param, self.facts)
                checks += _type_check(qualified, name, "dict")
                converts.append(f'_s_{name} = _new("{key} *")')
                converts.append(f"{self._filler(key)}(_s_{name}, {name})")
                address = f"_cast(_uintptr, _s_{name})"
                call_args.append(f"({address} if {name} else 0)" if role == "dict_or_null" else address)
                if role == "dict_inout":
                    outputs.append(self._struct_result(f"_s_{name}[0]", key))
            elif role.startswith("strbuf:"):
                size = self._py(_role_target(role))
                converts.append(f'_c_{name} = _new("char[]", {size} if {size} > 0 else 1)')
                call_args.append(f"_cast(_uintptr, _c_{name})")
                outputs.append(f'_string(_c_{name}).decode("utf-8", "replace")')
            elif role.startswith("out_list:"):
                count = self._py(_role_target(role))
                plan = list_plan(c_param, self.facts)
                converts.append(f'_a_{name} = _new("{plan.ctype}", {count})')
                call_args.append(f"_cast(_uintptr, _a_{name})")
                result = self._list_result(f"_a_{name}", plan)
                if self.spec.on_error == "none_items":
                    result = f"({result} if {self._ok()} else [None] * {count})"
                outputs.append(result)
            elif role == "null":
                call_args.append("0")
            else:
                raise ValueError(f"{b.c_name}: unknown role {role!r} for {p.c_name}")
        body += checks
        body.append("try:")
        body += [f"    {line}" for line in converts]
        body.append(f"    _r = _{b.c_name}({', '.join(call_args)})")
        strings = [p for p in params if p.kind == "string"]
        if strings:
            body.append("except AttributeError:")
            body.append(f"    raise {not_str_call(b, strings)} from None")
        elif self._takes_text():
            body.append("except AttributeError:")
            body.append(f'    raise TypeError("{qualified}: a list item is not a str") from None')
        body.append("except (TypeError, OverflowError, ValueError, IndexError) as e:")
        body.append(f'    raise type(e)(f"{qualified}: {{e}}") from None')
        ret = self._ret_expr()
        if spec.echo:
            outputs.insert(0, self._py(spec.echo))
        if ret is not None:
            outputs.append(ret)
        if not outputs:
            body.append("return None")
        else:
            body.append(f"return {', '.join(outputs)}")
        lines += [f"    {line}" for line in body]
        return "\n".join(lines)

    def _takes_text(self) -> bool:
        for p in self.python_params():
            if p.kind == "string":
                return True
            is_list = self.spec.args.get(p.c_name) in _LIST_ROLES
            if is_list and list_plan(self.c_params[p.c_name], self.facts).kind == "strings":
                return True
        return False

    def _ret_expr(self) -> Optional[str]:
        b = self.b
        ret = b.cls.ret
        value = "_r.ret" if b.cls.outs else "_r"
        if ret.kind == "void":
            return None
        if ret.kind == "string":
            return f'(_string({value}).decode("utf-8", "replace") if {value} else None)'
        if ret.kind == "struct":
            return self._converter(ret.record or "") + f"({value})"
        if b.unsigned_ret:
            return f"{value} & 0xFFFFFFFF"
        return value

    def _ok(self) -> str:
        return "_r.ret == 0" if self.b.cls.outs else "_r == 0"

    def _struct_result(self, expr: str, key: str) -> str:
        converted = f"{self._converter(key)}({expr})"
        failed = {"empty": "{}", "none": "None"}.get(self.spec.on_error or "")
        if failed is not None and self.b.cls.ret.kind != "void":
            return f"({converted} if {self._ok()} else {failed})"
        return converted

    def _shim_out(self, p: ParamPlan, role: Optional[str]) -> str:
        value = f"_r.{p.out_member}"
        if role is not None and role.startswith("deref_list:"):
            count = f"_r.{self.by_c[_role_target(role)].out_member}"
            t = self.facts.resolve(self.c_params[p.c_name].type)
            return f'list(_cast("{_clean(t.base)} *", {value})[0:{count}]) if {value} else []'
        if role is not None:
            raise ValueError(f"{self.b.c_name}: role {role!r} on out parameter {p.c_name}")
        if p.out_kind == "struct":
            return self._struct_result(value, p.out_record or "")
        return value

    def _list_result(self, expr: str, plan: ListPlan) -> str:
        if plan.kind == "scalar":
            return f"list({expr})"
        if plan.kind == "rows":
            return f"[list(_x) for _x in {expr}]"
        if plan.kind == "dicts":
            return f"[{self._converter(plan.record or '')}(_x) for _x in {expr}]"
        if plan.kind == "handles":
            return f"list({expr})"
        raise ValueError(f"{self.b.c_name}: no list result for {plan.kind}")

    def _list_convert(self, param: Param, name: str) -> list[str]:
        plan = list_plan(param, self.facts)
        if plan.kind in ("scalar", "rows", "handles"):
            return [f'_a_{name} = _new("{plan.ctype}", {name})']
        if plan.kind == "strings":
            return [
                f'_k_{name} = [_new("char[]", _x.encode()) for _x in {name}]',
                f'_a_{name} = _new("char *[]", _k_{name})',
            ]
        fill = self._filler(plan.record or "")
        if plan.kind == "dicts":
            return [
                f'_a_{name} = _new("{plan.ctype}", len({name}))',
                f"{STRUCT_MODULE_ALIAS}.fill_each({fill}, _a_{name}, {name})",
            ]
        return [
            f'_k_{name} = [_new("{plan.record} *") for _x in {name}]',
            f"{STRUCT_MODULE_ALIAS}.fill_each({fill}, _k_{name}, {name})",
            f'_a_{name} = _new("{plan.ctype}", _k_{name})',
        ]


def _type_check(qualified: str, name: str, kind: str) -> list[str]:
    message = f"{qualified}: argument {name} must be a {kind}, not {{type({name}).__name__}}"
    return [f"if {name}.__class__ is not {kind}:", f'    raise TypeError(f"{message}")']


def _literal(value: Any) -> str:
    if isinstance(value, list):
        return "(" + ", ".join(_literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)
