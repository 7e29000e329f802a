"""`.pyi` stubs: every function of a module with parameter and return types, and its constants.

All parameters are positional-only, as in pyACL. Each docstring names the C function and its
header; hand-written (irregular) functions say where they live and pyACL's shape.
"""

from __future__ import annotations

from aclgen.emit.constants import module_constants
from aclgen.emit.shaped import ShapedWrapper
from aclgen.model.bindings import BindingPlan, FunctionBinding
from aclgen.model.classify import ParamPlan, TypeFacts
from aclgen.model.ir import Api
from aclgen.model.naming import MODULES, dotted_module

_PY_TYPES = {
    "int": "int",
    "float": "float",
    "bool": "bool",
    "str": "str | None",
    "dict": "dict[str, Any]",
    "None": "None",
}


def _string_param(b: FunctionBinding, p: ParamPlan) -> str:
    """`str`, or `str | None` where None passes NULL (C functions pyACL does not wrap, optionals)."""
    return "str | None" if b.none_is_null(p) else "str"


def _returns(b: FunctionBinding) -> str:
    items = [_PY_TYPES[p.py_type] for p in b.cls.outs]
    if b.cls.ret.kind != "void":
        items.append(_PY_TYPES[b.cls.ret.py_type])
    if not items:
        return "None"
    return items[0] if len(items) == 1 else f"tuple[{', '.join(items)}]"


def _shaped_signature(b: FunctionBinding, facts: TypeFacts) -> str:
    assert b.irregular is not None
    roles = b.irregular.args
    optional = set(b.irregular.optional)
    params = []
    for p in ShapedWrapper(b, facts).python_params():
        role = roles.get(p.c_name, "")
        if role == "list":
            kind = "list[Any]"
        elif role == "list_or_none":
            kind = "list[Any] | None"
        elif role.startswith("dict"):
            kind = "dict[str, Any]"
        else:
            kind = _string_param(b, p) if p.kind == "string" else _PY_TYPES[p.py_type]
        params.append(f"{p.py_name}: {kind}" + (" = None" if p.c_name in optional else ""))
    if params:
        params.append("/")
    if b.ignores_extra_args:
        params.append("*_ignored: Any")
    return f"{', '.join(params)}) -> Any"


def _signature(b: FunctionBinding, facts: TypeFacts | None = None) -> str:
    if b.hand_written:
        return "*args: Any) -> Any"
    if b.shaped and facts is not None:
        return _shaped_signature(b, facts)
    params = [
        f"{p.py_name}: {_string_param(b, p) if p.kind == 'string' else _PY_TYPES[p.py_type]}"
        for p in b.cls.inputs
    ]
    if params:
        params.append("/")
    if b.ignores_extra_args:
        params.append("*_ignored: Any")
    return f"{', '.join(params)}) -> {_returns(b)}"


def _doc(b: FunctionBinding) -> str:
    doc = f"{b.c_name} ({b.fn.header})."
    if b.irregular is not None and b.irregular.impl:
        doc += f" Hand-written: {b.irregular.impl}; pyACL shape {b.irregular.shape}."
    elif b.shaped and b.irregular is not None and b.irregular.shape:
        doc += f" pyACL shape {b.irregular.shape}."
    elif b.irregular is not None and b.irregular.shape and b.irregular.group != "reviewed-params":
        doc += f" Generic form; pyACL's shape {b.irregular.shape} is not written yet."
    return doc.replace('"', "'")


def emit_module_stub(plan: BindingPlan, module: str) -> str:
    lines = [f'"""{dotted_module(module)} (generated stubs)."""', "", "from typing import Any", ""]
    lines += [f"{c.name}: int" for c in module_constants(plan, module)]
    for b in plan.module_functions(module):
        if not b.bound:
            continue
        lines += ["", f"def {b.py_name}({_signature(b, plan.facts)}:", f'    """{_doc(b)}"""']
        for alias in b.aliases:
            if alias.module == module and alias.kind == "alias":
                lines += [
                    "",
                    f"def {alias.name}({_signature(b, plan.facts)}:",
                    f'    """Alias of {b.py_name}: {_doc(b)}"""',
                ]
            elif alias.module == module and plan.irregular.extras.get(f"{module}.{alias.name}") is not None:
                extra = plan.irregular.extras[f"{module}.{alias.name}"]
                if extra.impl:
                    lines += [
                        "",
                        f"def {alias.name}(*args: Any) -> Any:",
                        f'    """Hand-written over {b.c_name}: {extra.impl}."""',
                    ]
    return "\n".join(lines) + "\n"


def emit_stubs(api: Api, plan: BindingPlan) -> dict[str, str]:
    """File name -> text: `<module>.pyi` for every module. constants.py needs no stub: its
    integer literals type themselves."""
    return {f"{module}.pyi": emit_module_stub(plan, module) for module in MODULES}
