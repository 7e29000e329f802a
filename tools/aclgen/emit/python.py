"""The Python modules of the binding: one per pyACL module, plus `_structs.py` (struct -> dict).

A function with no out-parameters and only scalar/handle inputs is the compiled shim itself
(`set_device = _aclrtSetDevice`). The others are flat wrappers: encode `str` arguments, call the
shim, re-raise conversion errors naming the Python function, and build pyACL's result shape
(outs in C order, then the C return; a lone value bare; `None` for void). Where aclgen/model/outforms.py
gives a function a faster variant of its shim, the wrapper calls that and decodes its packed int64
or unpacks the result buffer it filled, instead of reading the members of a returned struct.
"""

from __future__ import annotations

import keyword
import textwrap

from aclgen.emit.cdef import variant_name
from aclgen.emit.constants import module_constants
from aclgen.emit.pytext import converter_name, not_str_call, string_argument
from aclgen.emit.shaped import SUPPORT_MODULE_ALIAS, ShapedWrapper
from aclgen.model.bindings import BindingPlan, FunctionBinding
from aclgen.model.classify import ParamPlan, TypeFacts
from aclgen.model.fastcall import fast_call
from aclgen.model.ir import Api, Field, Record, TypeRef
from aclgen.model.naming import MODULES, dotted_module, snake_case
from aclgen.model.outforms import BUFFER, PACKED
from aclgen.model.unions import UnionChoice, resolve_unions

STRUCTS_MODULE = "_structs"
FAST_CALLS_NOTE = "CPython: C functions for the wrappers that take and give only numbers"

# Generated modules import relatively (the package stays vendorable under another name), and
# hand-written code only from modules that never import a generated one back.
_HEAD = """\
from .. import _missing
from ._acl_cffi import ffi as _ffi
from ._acl_cffi import lib as _lib
"""


def _attr(obj: str, name: str) -> str:
    return (
        f'getattr({obj}, "{name}")' if keyword.iskeyword(name) or not name.isidentifier() else f"{obj}.{name}"
    )


class StructConverters:
    """Generates `_structs.py`: struct -> dict functions for every record reachable from a struct
    out/return or from a dict argument (and `__snake` variants keyed in snake_case where reviewed
    data asks for them), and dict -> struct `fill_*` functions for the records shaped wrappers take
    as dicts."""

    def __init__(self, api: Api, facts: TypeFacts, unions: dict[str, UnionChoice] | None = None) -> None:
        self.api = api
        self.facts = facts
        self.unions = unions or {}
        self.needed: dict[str, Record] = {}
        self.snake: dict[str, Record] = {}
        self.fillers: dict[str, Record] = {}
        self.out_words = 0  # uint64 words of the shared result buffers; 0: no wrapper takes one

    def require(self, key: str, snake: bool = False) -> None:
        table = self.snake if snake else self.needed
        rec = self.facts.record(key)
        if rec is None or rec.fields is None or key in table:
            return
        table[key] = rec
        for fld in _flat_fields(rec.fields):
            nested = self._record_of(fld.type)
            if nested is not None:
                self.require(nested, snake)

    def require_fill(self, key: str) -> None:
        rec = self.facts.record(key)
        if rec is None or rec.fields is None or key in self.fillers:
            return
        self.fillers[key] = rec
        for fld in _flat_fields(rec.fields):
            nested = self._record_of(fld.type)
            if nested is not None:
                self.require_fill(nested)

    def _record_of(self, t: TypeRef) -> str | None:
        resolved = self.facts.resolve(t)
        if resolved.pointers or resolved.function or self.facts.category(resolved.base) != "record":
            return None
        rec = self.facts.record(resolved.base)
        return None if rec is None else _key(rec)

    def value_expr(self, t: TypeRef, expr: str, dims: tuple, snake: bool = False) -> str:
        """Python expression converting the cffi value `expr` of type `t` (array dims still to walk)."""
        resolved = self.facts.resolve(t)
        if dims:
            item = f"_x{len(dims)}"
            if len(dims) == 1 and not resolved.pointers and _is_char(resolved.base):
                return f"_text({expr})"
            inner = self.value_expr(t, item, dims[1:], snake)
            return f"list({expr})" if inner == item else f"[{inner} for {item} in {expr}]"
        if resolved.pointers or resolved.function:
            return f"_addr({expr})"
        nested = self._record_of(t)
        if nested is not None:
            return f"{converter_name(nested)}{'__snake' if snake else ''}({expr})"
        return expr

    def dict_expr(
        self, fields: list[Field], obj: str, snake: bool = False, skip: tuple[str, ...] = ()
    ) -> str:
        return "{" + ", ".join(self._items(fields, obj, snake, skip)) + "}"

    def converter_body(self, key: str, rec: Record, snake: bool) -> list[str]:
        """`return {...}`, or for a discriminated union the dict plus the one member its field names."""
        choice = self.unions.get(key)
        if choice is None:
            return [f"return {self.dict_expr(rec.fields or [], 'v', snake)}"]
        lines = [f"d = {self.dict_expr(rec.fields or [], 'v', snake, choice.names)}", f"m = v.{choice.by}"]
        members = {m.name: m for m in _flat_fields(rec.fields or []) if m.name in choice.names}
        keyword = "if"
        for member in choice.names:
            values = sorted(value for value, name in choice.members.items() if name == member)
            if not values:
                continue
            fld = members[member]
            resolved = self.facts.resolve(fld.type)
            value = self.value_expr(fld.type, _attr("v", member), resolved.array_dims, snake)
            test = f"m == {values[0]}" if len(values) == 1 else f"m in {tuple(values)}"
            lines += [f"{keyword} {test}:", f'    d["{_key_name(member, snake)}"] = {value}']
            keyword = "elif"
        return [*lines, "return d"]

    def _items(self, fields: list[Field], obj: str, snake: bool, skip: tuple[str, ...] = ()) -> list[str]:
        """`"key": expr` entries; members of an anonymous inline struct/union are the parent's.

        An array right after its element count (`dimCount`, `dims`) is cut to that count, as pyACL does.
        """
        items = []
        previous: Field | None = None
        for fld in fields:
            if fld.fields is not None:
                if fld.name:
                    nested = self.dict_expr(fld.fields, _attr(obj, fld.name), snake)
                    items.append(f'"{_key_name(fld.name, snake)}": {nested}')
                else:
                    items += self._items(fld.fields, obj, snake, skip)
                previous = None
                continue
            if not fld.name or fld.name in skip:
                continue
            resolved = self.facts.resolve(fld.type)
            value = self.value_expr(fld.type, _attr(obj, fld.name), resolved.array_dims, snake)
            if resolved.array_dims and previous is not None and _counts(previous, fld):
                value = f"{value}[:{_attr(obj, previous.name or '')}]"
            items.append(f'"{_key_name(fld.name, snake)}": {value}')
            previous = fld
        return items

    def fill_lines(
        self, fields: list[Field], obj: str, dvar: str = "d", choice: UnionChoice | None = None
    ) -> list[str]:
        """Statements setting the fields of `obj` from the dict `dvar`, pyACL's lenient way.

        With a `choice`, only the union member the discriminator names is filled (all present ones
        when the discriminator is missing or names no member).
        """
        lines: list[str] = []
        for fld in fields:
            if choice is not None and fld.fields is not None and fld.name is None and fld.kind == "union":
                table = "{" + ", ".join(f'{v}: "{m}"' for v, m in sorted(choice.members.items())) + "}"
                lines.append(f'pick = {table}.get({dvar}.get("{choice.by}"))')
                for member in fld.fields:
                    if not member.name:
                        continue
                    body = self._fill_field(member, _attr(obj, member.name), dvar)
                    if body:
                        lines.append(f'if pick is None or pick == "{member.name}":')
                        lines += [f"    {line}" for line in body]
                continue
            if fld.fields is not None:
                if fld.name:
                    inner_var = f"{dvar}_{fld.name}"
                    inner = self.fill_lines(fld.fields, _attr(obj, fld.name), inner_var)
                    lines += [
                        f'{inner_var} = {dvar}.get("{fld.name}")',
                        f"if {inner_var} is not None:",
                        f"    if {inner_var}.__class__ is not dict:",
                        f'        raise TypeError("the {fld.name} argument is not dict")',
                    ]
                    lines += [f"    {line}" for line in inner or ["pass"]]
                else:
                    lines += self.fill_lines(fld.fields, obj, dvar)
                continue
            if not fld.name:
                continue
            lines += self._fill_field(fld, _attr(obj, fld.name), dvar)
        return lines

    def _fill_field(self, fld: Field, target: str, dvar: str) -> list[str]:
        name = fld.name or ""
        resolved = self.facts.resolve(fld.type)
        category = self.facts.category(resolved.base)
        get = f'v = {dvar}.get("{name}")'
        dims = resolved.array_dims
        if dims:
            if resolved.pointers or resolved.function:
                return []  # arrays of pointers: pyACL has no dict form for them
            if len(dims) == 1 and _is_char(resolved.base):
                size = dims[0] or 1
                return [get, "if v.__class__ is str:", f"    {target} = v.encode()[:{size - 1}]"]
            nested = self._record_of(fld.type)
            if nested is not None and len(dims) == 1:
                return [
                    get,
                    "if v.__class__ is list:",
                    f'    _check_len(v, {dims[0]}, "{name}")',
                    f"    fill_each(fill_{converter_name(nested)}, {target}, v)",
                ]
            if category in ("int", "enum", "float", "bool") and len(dims) == 1:
                return [
                    get,
                    "if v.__class__ is list:",
                    f'    _check_len(v, {dims[0]}, "{name}")',
                    f"    {target}[0:len(v)] = v",
                ]
            if category in ("int", "enum", "float", "bool") and len(dims) == 2:
                return [
                    get,
                    "if v.__class__ is list:",
                    f'    _check_len(v, {dims[0]}, "{name}")',
                    "    for _i, _row in enumerate(v):",
                    "        if _row.__class__ is list:",
                    f'            _check_len(_row, {dims[1]}, "{name}")',
                    f"            {target}[_i][0:len(_row)] = _row",
                ]
            return []
        if resolved.pointers or resolved.function:
            return [get, "if v.__class__ is int:", f'    {target} = _cast("{_cast_type(fld.type.text)}", v)']
        nested = self._record_of(fld.type)
        if nested is not None:
            return [
                get,
                "if v is not None:",
                "    if v.__class__ is not dict:",
                f'        raise TypeError("the {name} argument is not dict")',
                f"    fill_{converter_name(nested)}({target}, v)",
            ]
        # exact types first (the common case costs one test); numpy scalars and other numbers
        # through __index__ / __float__; anything else (None: a missing key) leaves the field 0
        if category == "float":
            coerce = "if v.__class__ is not float and v.__class__ is not int:\n    v = _as_float(v)"
            return [get, *coerce.split("\n"), "if v is not None:", f"    {target} = v"]
        if category in ("int", "enum", "bool"):
            coerce = "if v.__class__ is not int and v.__class__ is not bool:\n    v = _as_int(v)"
            return [get, *coerce.split("\n"), "if v is not None:", f"    {target} = v"]
        return []

    def emit(self) -> str:
        lines = [
            '"""Struct and union values to dicts keyed by the C field names, and dicts back to structs."""',
            "",
            "from .._wrapper_support import address as _addr",
            "from .._wrapper_support import as_float as _as_float",
            "from .._wrapper_support import as_int as _as_int",
            "from .._wrapper_support import check_len as _check_len",
            "from .._wrapper_support import fill_each",
            "from .._wrapper_support import out_buffer_factory",
            "from .._wrapper_support import text as _text",
            "from ._acl_cffi import ffi as _ffi",
            "",
            "_cast = _ffi.cast",
        ]
        if self.out_words:
            # every wrapper with a result buffer takes one of these; the size fits the largest
            lines.append(f"new_outs = out_buffer_factory({self.out_words})")
        for key in sorted(self.needed):
            rec = self.needed[key]
            body = self.converter_body(key, rec, snake=False)
            lines += ["", "", f"def {converter_name(key)}(v):"] + [f"    {line}" for line in body]
        for key in sorted(self.snake):
            rec = self.snake[key]
            body = self.converter_body(key, rec, snake=True)
            lines += ["", "", f"def {converter_name(key)}__snake(v):"] + [f"    {line}" for line in body]
        for key in sorted(self.fillers):
            rec = self.fillers[key]
            body = self.fill_lines(rec.fields or [], "p", choice=self.unions.get(key)) or ["pass"]
            lines += ["", "", f"def fill_{converter_name(key)}(p, d):"] + [f"    {line}" for line in body]
        return "\n".join(lines) + "\n"


def _key_name(name: str, snake: bool) -> str:
    return snake_case(name) if snake else name


def _counts(count: Field, array: Field) -> bool:
    """`count` is the element count of `array`: `dimCount`/`dims`, `batchCount`/`batch`."""
    name = count.name or ""
    return name.endswith("Count") and bool(name[:-5]) and (array.name or "").startswith(name[:-5])


def _cast_type(text: str) -> str:
    return text.strip() or "void *"


def _key(rec: Record) -> str:
    return rec.typedef_name or f"{rec.kind} {rec.tag}"


def _flat_fields(fields: list[Field]) -> list[Field]:
    out = []
    for fld in fields:
        out += _flat_fields(fld.fields) if fld.fields is not None else [fld]
    return out


def _is_char(base: str) -> bool:
    return " ".join(base.replace("const ", "").split()) == "char"


def _shim_global(b: FunctionBinding) -> str:
    return f"_{b.c_name}"


def _result_exprs(b: FunctionBinding, result: str) -> list[str]:
    exprs = []
    for p in b.cls.outs:
        value = _attr(result, p.out_member)
        if p.out_kind == "struct":
            value = f"_structs.{converter_name(p.out_record or '')}({value})"
        exprs.append(value)
    ret = b.cls.ret
    ret_value = _attr(result, "ret") if b.cls.outs else result
    if ret.kind == "void":
        return exprs
    if ret.kind == "string":
        ret_value = f'(_string({ret_value}).decode("utf-8", "replace") if {ret_value} else None)'
    elif ret.kind == "struct":
        ret_value = f"_structs.{converter_name(ret.record or '')}({ret_value})"
    elif b.unsigned_ret:
        ret_value = f"{ret_value} & 0xFFFFFFFF"
    exprs.append(ret_value)
    return exprs


def _guarded_call(b: FunctionBinding, statement: str) -> list[str]:
    """`statement` (the shim call), re-raising argument conversion errors under the Python name."""
    if not b.cls.inputs:
        return [f"    {statement}"]  # nothing to convert: no error to rename
    strings = [p for p in b.cls.inputs if p.kind == "string"]
    lines = ["    try:", f"        {statement}"]
    if strings:
        lines.append("    except AttributeError:")
        lines.append(f"        raise {not_str_call(b, strings)} from None")
    lines.append("    except (TypeError, OverflowError) as e:")
    lines.append(f'        raise e.__class__(f"{b.qualified_name}: {{e}}") from None')
    return lines


def _call_arguments(b: FunctionBinding) -> list[str]:
    return [_argument(b, p) for p in b.cls.inputs]


def _returns(exprs: list[str]) -> str:
    if not exprs:
        return "    return None"
    return f"    return {', '.join(exprs)}"


def _wrapper(b: FunctionBinding) -> str:
    form = b.out_form.kind if b.out_form else None
    if form == PACKED:
        return _packed_wrapper(b)
    if form == BUFFER:
        return _buffer_wrapper(b)
    lines = [f"def {b.py_name}({b.python_params}):"]
    lines += _guarded_call(b, f"_r = {_shim_global(b)}({', '.join(_call_arguments(b))})")
    lines.append(_returns(_result_exprs(b, "_r")))
    return "\n".join(lines)


def _packed_wrapper(b: FunctionBinding) -> str:
    """(out, ret) from `_aclpack_F`'s int64: ret in the high half, the out's 32 bits in the low half.

    A packed value in [0, 2**31) (signed out) or [0, 2**32) (unsigned) is a return of 0 with the
    out as is: the usual case costs a range test, not the big-integer operations of the rest.
    """
    assert b.out_form is not None
    signed = b.out_form.signed_out
    lines = [f"def {b.py_name}({b.python_params}):"]
    lines += _guarded_call(b, f"_r = {_shim_global(b)}({', '.join(_call_arguments(b))})")
    lines.append(f"    if 0 <= _r < {'0x80000000' if signed else '0x100000000'}:")
    lines.append("        return _r, 0")
    ret = "(_r >> 32) & 0xFFFFFFFF" if b.unsigned_ret else "_r >> 32"
    if signed:
        lines.append("    _v = _r & 0xFFFFFFFF")
        lines.append(f"    return (_v - 0x100000000 if _v > 0x7FFFFFFF else _v), {ret}")
    else:
        lines.append(f"    return _r & 0xFFFFFFFF, {ret}")
    return "\n".join(lines)


def _reader(b: FunctionBinding) -> str:
    return f"_{b.c_name}_read"


def _buffer_wrapper(b: FunctionBinding) -> str:
    """The results unpacked from the `struct _aclout_F` that `_aclinto_F` copies into a buffer this
    call took from the module's free list (so no other call writes it meanwhile)."""
    assert b.out_form is not None
    args = [*_call_arguments(b), "_o[0]"]
    lines = [
        f'{_reader(b)} = _Struct("{b.out_form.layout}").unpack_from',
        "",
        "",
        f"def {b.py_name}({b.python_params}):",
        "    try:",
        "        _o = _take_outs()",
        "    except IndexError:",
        "        _o = _new_outs()",
    ]
    lines += _guarded_call(b, f"{_shim_global(b)}({', '.join(args)})")
    lines.append(f"    _v = {_reader(b)}(_o[1])")
    lines.append("    _keep_outs(_o)")
    lone = len(b.cls.outs) + (b.cls.ret.kind != "void") == 1
    lines.append("    return _v[0]" if lone else "    return _v")
    return "\n".join(lines)




def _argument(b: FunctionBinding, p: ParamPlan) -> str:
    if p.kind == "string":
        return string_argument(b, p)
    mask = b.masks.get(p.c_name)
    return p.py_name if mask is None else f"{p.py_name} & {mask:#x}"


def _impl_import(py_name: str, impl: str) -> str:
    """`from .._pyacl.mdl import f` for the reviewed "acl._pyacl.mdl:f" (relative to acl/_generated)."""
    module, _, attr = impl.partition(":")
    if module.startswith("acl."):
        module = ".." + module[len("acl.") :]
    return f"from {module} import {attr} as {py_name}" if attr != py_name else f"from {module} import {attr}"


def emit_module(plan: BindingPlan, module: str, shaped: dict[str, ShapedWrapper] | None = None) -> str:
    """`shaped`: the wrappers of reviewed pyACL shapes by C name (built here when not given)."""
    if shaped is None:
        shaped = shaped_wrappers(plan)
    bindings = [b for b in plan.module_functions(module) if b.bound]
    unbound = [b for b in plan.module_functions(module) if not b.bound]
    title = dotted_module(module)
    generic = [b for b in bindings if not b.hand_written]
    summary = f"{title}: generated bindings of the AscendCL C API (see tools/gen_wrappers.py)."
    note = _string_note(generic, shaped)
    docstring = [f'"""{summary}', "", *note, '"""'] if note else [f'"""{summary}"""']
    buffered = [b for b in generic if b.out_form is not None and b.out_form.kind == BUFFER]
    lines = [*docstring, ""]
    if buffered:
        lines.append("from struct import Struct as _Struct\n")
    lines.append(_HEAD)
    needs_structs = any(p.out_kind == "struct" for b in generic for p in b.cls.outs) or any(
        b.cls.ret.kind == "struct" for b in generic
    )
    has_shaped = any(b.c_name in shaped for b in generic)
    if needs_structs or has_shaped or buffered:
        lines.append("from . import _structs")
    support_import = f"from .. import _wrapper_support as {SUPPORT_MODULE_ALIAS}"
    if has_shaped:
        lines.append(support_import)  # dropped below when no wrapper uses it
    if buffered:
        lines.append("from .._wrapper_support import keep_outs as _keep_outs")
    if any(p.kind == "string" for b in generic if not b.direct for p in b.cls.inputs):
        lines.append("from .._wrapper_support import not_str as _not_str")
    if buffered:
        lines.append("from .._wrapper_support import take_outs as _take_outs")
    lines += ["", "_NULL = _ffi.NULL", "_string = _ffi.string"]
    if has_shaped:
        lines += ["_new = _ffi.new", "_cast = _ffi.cast", '_uintptr = "uintptr_t"']
    if buffered:
        lines.append("_new_outs = _structs.new_outs")
    lines.append("")
    for b in unbound:
        lines.append(f"# {b.c_name}: not bound ({b.cls.unbound_reason})")
    constants = module_constants(plan, module)
    lines += [f"{_shim_global(b)} = _lib.{variant_name(b) or b.c_name}" for b in generic]
    exported: dict[str, str] = {}
    for b in generic:
        if b.c_name in shaped:
            lines += ["", "", shaped[b.c_name].emit()]
        elif b.direct and b.ignores_extra_args:
            # a Python frame only for these: a compiled shim refuses extra arguments
            call = f"{_shim_global(b)}({', '.join(p.py_name for p in b.cls.inputs)})"
            lines += ["", "", f"def {b.py_name}({b.python_params}):", f"    return {call}"]
        elif b.direct:
            lines += ["", "", f"{b.py_name} = {_shim_global(b)}"]
        else:
            lines += ["", "", _wrapper(b)]
        exported[b.py_name] = b.c_name
    tail = []
    for b in bindings:
        if b.hand_written and b.irregular and b.irregular.impl:
            tail.append(_impl_import(b.py_name, b.irregular.impl))
            exported[b.py_name] = b.c_name
    for b in bindings:
        for alias in b.aliases:
            if alias.module != module:
                continue
            if alias.kind == "alias":
                tail.append(f"{alias.name} = {b.py_name}")
                exported[alias.name] = b.c_name
                continue
            extra = plan.irregular.extras.get(f"{module}.{alias.name}")
            if extra is not None and extra.impl:
                tail.append(_impl_import(alias.name, extra.impl))
                exported[alias.name] = b.c_name
            else:
                tail.append(f"# {title}.{alias.name}: hand-written helper over {b.c_name}, not written yet")
    if any(fast_call(b, plan.facts) is not None for b in generic):
        # before the aliases, so that they name the same (C) function
        lines += ["", "", f'_lib._aclfast_install(__name__.encode(), b"{module}")  # {FAST_CALLS_NOTE}']
    if tail:
        lines += ["", "", *tail]
    # The public names, once: functions with their C names, then the constants of this module's
    # headers (values live in constants.py; export() copies them in and sets __all__).
    public = [f'    ("{py}", "{c}"),' for py, c in sorted(exported.items())]
    public += [f'    ("{c.name}", None),' for c in constants]
    lines += ["", "", "from . import constants as _constants"]
    lines += ["from .._wrapper_support import export as _export", ""]
    lines += ["_PUBLIC = (", *public, ")"]
    lines += ["_missing.bind(globals(), _export(globals(), _PUBLIC, _constants))", ""]
    absent = {py: c for py, c in sorted(plan.absent.get(module, {}).items()) if py not in exported}
    if absent:
        lines += ["# the baseline's functions these headers lack: each raises FunctionNotAvailableError"]
        lines += ["_ABSENT = {", *(f'    "{py}": "{c}",' for py, c in absent.items()), "}"]
        aliases = sorted(plan.absent_aliases.get(module, {}).items())
        if aliases:
            lines += ["_ABSENT_ALIASES = {", *(f'    "{a}": "{py}",' for a, py in aliases), "}"]
            lines += ["_missing.bind_absent(globals(), _ABSENT, _ABSENT_ALIASES)", ""]
        else:
            lines += ["_missing.bind_absent(globals(), _ABSENT)", ""]
    text = "\n".join(lines)
    if f"{SUPPORT_MODULE_ALIAS}." not in text:
        text = text.replace(support_import + "\n", "")
    return text


def _string_note(generic: list[FunctionBinding], shaped: dict[str, ShapedWrapper]) -> list[str]:
    """Docstring lines saying what None means for the `str` arguments of this module's wrappers."""
    takes_str = []
    for b in generic:
        params = shaped[b.c_name].python_params() if b.c_name in shaped else b.cls.inputs
        if any(p.kind == "string" for p in params):
            takes_str.append(b)
    if not takes_str:
        return []
    null_ok = sorted(b.py_name for b in takes_str if not b.strict_strings)
    text = (
        "String arguments take `str`. Where pyACL has the function, None is a TypeError naming it, "
        "except for an argument pyACL lets the caller leave out (None then means left out)."
    )
    if null_ok:
        text += " The functions pyACL does not have pass None as NULL, as their C API allows: "
        text += ", ".join(null_ok) + "."
    return textwrap.wrap(text, 100, break_on_hyphens=False)


def shaped_wrappers(plan: BindingPlan) -> dict[str, ShapedWrapper]:
    return {b.c_name: ShapedWrapper(b, plan.facts) for b in plan.bound_functions if b.shaped}


def emit_python(api: Api, plan: BindingPlan) -> dict[str, str]:
    """File name -> text for every module in MODULES (top.py is the `acl` package's functions)."""
    shaped = shaped_wrappers(plan)
    files = {f"{module}.py": emit_module(plan, module, shaped) for module in MODULES}
    unions = resolve_unions(api, plan.irregular.unions, plan.facts.records)
    converters = StructConverters(api, plan.facts, unions)
    for wrapper in shaped.values():
        for kind, key in sorted(wrapper.needs.items):
            if kind == "fill":
                converters.require_fill(key)
            else:
                converters.require(key, snake=kind == "snake")
    for b in plan.bound_functions:
        if b.c_name in shaped:
            continue
        for p in b.cls.outs:
            if p.out_kind == "struct" and p.out_record:
                converters.require(p.out_record)
        if b.cls.ret.kind == "struct" and b.cls.ret.record:
            converters.require(b.cls.ret.record)
    # a struct a wrapper takes as a dict also converts back to one, whatever functions return it:
    # which struct -> dict converters exist must not depend on a release's set of functions
    for key in sorted(converters.fillers):
        converters.require(key)
    buffered = [b for b in plan.bound_functions if b.out_form is not None and b.out_form.kind == BUFFER]
    # every member of a `struct _aclout_F` takes at most 8 bytes, padding included
    converters.out_words = max((len(b.cls.outs) + 1 for b in buffered), default=0)
    files[f"{STRUCTS_MODULE}.py"] = converters.emit()
    return files
