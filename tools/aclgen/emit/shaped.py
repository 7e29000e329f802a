"""The wrapper of a function with a reviewed pyACL shape (model/pyshape.py describes the roles).

ShapedWrapper.emit() walks the C parameters and lets one small emitter per role add its part to
the argument checks, the conversions, the call arguments and the outputs (ROLE_EMITTERS).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from aclgen.emit.pytext import converter_name, not_str_call, string_argument
from aclgen.model.bindings import MASK_ROLE, FunctionBinding
from aclgen.model.classify import ParamPlan, TypeFacts
from aclgen.model.ir import Param
from aclgen.model.pyshape import (
    LIST_ROLES,
    PYTHON_ARGUMENT_ROLES,
    STRUCT_MODULE_ALIAS,
    ListPlan,
    Needs,
    clean_type,
    list_plan,
    pointee_record,
    role_target,
)

SUPPORT_MODULE_ALIAS = "_support"  # acl/_wrapper_support.py in a module with shaped wrappers

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
        kind = "snake" if self.spec.keys == "snake" else "dict"
        self.needs.items.add((kind, key))
        suffix = "__snake" if kind == "snake" else ""
        return f"{STRUCT_MODULE_ALIAS}.{converter_name(key)}{suffix}"

    def _filler(self, key: str) -> str:
        self.needs.items.add(("fill", key))
        return f"{STRUCT_MODULE_ALIAS}.fill_{converter_name(key)}"

    def python_params(self) -> list[ParamPlan]:
        result = []
        for p in self.b.cls.params:
            role = self.spec.args.get(p.c_name)
            if p.shim_type is None:
                continue
            if role is None or role in PYTHON_ARGUMENT_ROLES:
                result.append(p)
        return result

    def emit(self) -> str:
        b, spec = self.b, self.spec
        qualified = b.qualified_name
        params = self.python_params()
        optional = set(spec.optional)
        signature = ", ".join(f"{p.py_name}=None" if p.c_name in optional else p.py_name for p in params)
        if b.ignores_extra_args:
            signature = ", ".join(filter(None, (signature, "*_ignored")))
        lines = [f"def {b.py_name}({signature}):"]
        body: list[str] = []
        length_guards = [guard for guard in spec.guards if "len_max" in guard]
        count_guards = [guard for guard in spec.guards if "within" in guard or "equals_len_of" in guard]
        for guard in spec.guards:
            if guard in length_guards or guard in count_guards:
                continue
            name = self._py(guard["param"])
            body.append(f"if {name}.__class__ is int and {name} > {int(guard['max'])}:")
            if "raises" in guard:
                body.append(
                    f'    raise ValueError("{qualified}: {name} must not exceed {int(guard["max"])}")'
                )
            else:
                body.append(f"    return {_literal(guard['returns'])}")
        parts = _Parts()
        strings_used = any(r.startswith("strlen:") for r in spec.args.values())
        for p in b.cls.params:
            role = spec.args.get(p.c_name)
            if p.shim_type is None:
                parts.outputs.append(self._shim_out(p, role))
                continue
            arg = _Argument(p, p.py_name, self.c_params[p.c_name], role or "")
            if role is None:
                _plain(self, arg, parts, strings_used)
                continue
            emitter = ROLE_EMITTERS.get(role.split(":", 1)[0])
            if emitter is None:
                raise ValueError(f"{b.c_name}: unknown role {role!r} for {p.c_name}")
            emitter(self, arg, parts)
        body += parts.checks
        for guard in length_guards:  # after the checks that the argument is a list
            name = self._py(guard["param"])
            low, high = int(guard["len_min"]), int(guard["len_max"])
            body.append(f"if not {low} <= len({name}) <= {high}:")
            body.append(f'    raise ValueError("{qualified}: {guard["raises"]}")')
        body += [self._count_guard(guard) for guard in count_guards]
        body.append("try:")
        body += [f"    {line}" for line in parts.converts]
        body.append(f"    _r = _{b.c_name}({', '.join(parts.call_args)})")
        strings = [p for p in params if p.kind == "string"]
        if strings:
            body.append("except AttributeError:")
            body.append(f"    raise {not_str_call(b, strings)} from None")
        elif self._takes_text():
            body.append("except AttributeError:")
            body.append(f'    raise TypeError("{qualified}: a list item is not a str") from None')
        body.append("except (TypeError, OverflowError, ValueError, IndexError) as e:")
        body.append(f'    raise e.__class__(f"{qualified}: {{e}}") from None')
        outputs = parts.outputs
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

    def _count_guard(self, guard: dict[str, Any]) -> str:
        """A count the C function reads that many list items by, checked against the list."""
        call = f'{SUPPORT_MODULE_ALIAS}.{{}}("{self.b.qualified_name}", "{{}}", {{}}, {{}}"{{}}", {{}})'
        if "sum_of" in guard:
            counts, items = self._py(guard["sum_of"]), self._py(guard["within"])
            first = self._py(guard["first"]) if "first" in guard else "None"
            return call.format("sum_within", counts, counts, f"{first}, ", items, items)
        count = self._py(guard["param"])
        if "equals_len_of" in guard:
            items = self._py(guard["equals_len_of"])
            return call.format("count_equals", count, count, "", items, items)
        items = self._py(guard["within"])
        return call.format("count_within", count, count, "", items, items)

    def _takes_text(self) -> bool:
        for p in self.python_params():
            if p.kind == "string":
                return True
            is_list = self.spec.args.get(p.c_name) in LIST_ROLES
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
            count = f"_r.{self.by_c[role_target(role)].out_member}"
            t = self.facts.resolve(self.c_params[p.c_name].type)
            return f'list(_cast("{clean_type(t.base)} *", {value})[0:{count}]) if {value} else []'
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
                f"{SUPPORT_MODULE_ALIAS}.fill_each({fill}, _a_{name}, {name})",
            ]
        return [
            f'_k_{name} = [_new("{plan.record} *") for _x in {name}]',
            f"{SUPPORT_MODULE_ALIAS}.fill_each({fill}, _k_{name}, {name})",
            f'_a_{name} = _new("{plan.ctype}", _k_{name})',
        ]


@dataclass
class _Parts:
    """What the parameters of one wrapper add up to, in C parameter order."""

    checks: list[str] = field(default_factory=list)  # argument type checks, before the try
    converts: list[str] = field(default_factory=list)  # Python values to C, inside the try
    call_args: list[str] = field(default_factory=list)  # the shim's arguments
    outputs: list[str] = field(default_factory=list)  # the returned values, before the C return


@dataclass(frozen=True)
class _Argument:
    plan: ParamPlan
    name: str  # the Python name
    param: Param  # the C parameter
    role: str


def _plain(w: ShapedWrapper, a: _Argument, parts: _Parts, strings_used: bool) -> None:
    """No role: an int passes as is, a str is encoded (kept in a local when a strlen role reads it)."""
    if a.plan.kind == "string" and strings_used:
        parts.converts.append(f"_b_{a.name} = {string_argument(w.b, a.plan)}")
        parts.call_args.append(f"_b_{a.name}")
    elif a.plan.kind == "string":
        parts.call_args.append(string_argument(w.b, a.plan))
    else:
        parts.call_args.append(a.name)


def _mask(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    parts.call_args.append(f"{a.name} & {w.b.masks[a.plan.c_name]:#x}")


def _list(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    parts.checks += _type_check(w.b.qualified_name, a.name, "list")
    parts.converts += w._list_convert(a.param, a.name)
    parts.call_args.append(f"_cast(_uintptr, _a_{a.name})")


def _list_or_none(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    name = a.name
    parts.checks.append(f"if {name} is not None:")
    parts.checks += [f"    {line}" for line in _type_check(w.b.qualified_name, name, "list")]
    parts.converts.append(f"if {name} is not None:")
    parts.converts += [f"    {line}" for line in w._list_convert(a.param, name)]
    parts.call_args.append(f"(0 if {name} is None else _cast(_uintptr, _a_{name}))")


def _list_or_ndarray(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    name = a.name
    parts.converts.append(f"if {name}.__class__ is list:")
    parts.converts += [f"    {line}" for line in w._list_convert(a.param, name)]
    parts.converts.append("else:")
    parts.converts.append(
        f'    _a_{name} = {SUPPORT_MODULE_ALIAS}.ndarray_address("{w.b.qualified_name}", "{name}", {name})'
    )
    parts.call_args.append(f"_cast(_uintptr, _a_{name})")


def _len(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    parts.call_args.append(f"len({w._py(role_target(a.role))})")


def _strlen(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    parts.call_args.append(f"len(_b_{w._py(role_target(a.role))})")


def _dict(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    """`dict`, `dict_or_null` (an empty dict is NULL) and `dict_inout` (also returned)."""
    name = a.name
    key = pointee_record(a.param, w.facts)
    parts.checks += _type_check(w.b.qualified_name, name, "dict")
    parts.converts.append(f'_s_{name} = _new("{key} *")')
    parts.converts.append(f"{w._filler(key)}(_s_{name}, {name})")
    address = f"_cast(_uintptr, _s_{name})"
    parts.call_args.append(f"({address} if {name} else 0)" if a.role == "dict_or_null" else address)
    if a.role == "dict_inout":
        parts.outputs.append(w._struct_result(f"_s_{name}[0]", key))


def _strbuf(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    size = w._py(role_target(a.role))
    parts.converts.append(f'_c_{a.name} = _new("char[]", {size} if {size} > 0 else 1)')
    parts.call_args.append(f"_cast(_uintptr, _c_{a.name})")
    parts.outputs.append(f'_string(_c_{a.name}).decode("utf-8", "replace")')


def _out_list(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    count_param, _, reported = role_target(a.role).partition(":")
    count = w._py(count_param)
    plan = list_plan(a.param, w.facts)
    parts.converts.append(f'_a_{a.name} = _new("{plan.ctype}", {count})')
    parts.call_args.append(f"_cast(_uintptr, _a_{a.name})")
    filled = f"_a_{a.name}"
    if reported:
        # only the elements the call says it filled, never more than the array holds
        reported_count = f"_r.{w.by_c[reported].out_member}"
        filled = f"_a_{a.name}[0:max(0, min({reported_count}, {count}))]"
    result = w._list_result(filled, plan)
    if w.spec.on_error == "none_items":
        result = f"({result} if {w._ok()} else [None] * {count})"
    elif w.spec.on_error == "none":
        result = f"({result} if {w._ok()} else None)"
    parts.outputs.append(result)


def _null(w: ShapedWrapper, a: _Argument, parts: _Parts) -> None:
    parts.call_args.append("0")


# role (the part before any ":") -> the emitter adding that parameter's part to the wrapper
ROLE_EMITTERS: dict[str, Callable[[ShapedWrapper, _Argument, _Parts], None]] = {
    MASK_ROLE: _mask,
    "list": _list,
    "list_or_none": _list_or_none,
    "list_or_ndarray": _list_or_ndarray,
    "len": _len,
    "strlen": _strlen,
    "dict": _dict,
    "dict_or_null": _dict,
    "dict_inout": _dict,
    "strbuf": _strbuf,
    "out_list": _out_list,
    "null": _null,
}


def _type_check(qualified: str, name: str, kind: str) -> list[str]:
    message = f"{qualified}: argument {name} must be a {kind}, not {{{name}.__class__.__name__}}"
    return [f"if {name}.__class__ is not {kind}:", f'    raise TypeError(f"{message}")']


def _literal(value: Any) -> str:
    """A guard's `returns`: the outer list is the result tuple, inner lists stay lists."""
    if isinstance(value, list):
        return "(" + ", ".join(repr(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)
