"""C text of the API's types (types.h) and the cffi cdef of the shims (cdef.h).

Types are emitted once, in `Api.order`; a record embedding another record by value pulls that
one in first, so the text is valid C whatever order nested definitions were met in. types.h is
bare declarations (no includes, no guard) so that it is both C11 and cffi cdef text: the build
(build_ffi.py) puts it before cdef.h for cffi and before shims.c for the compiler. Alignment is
written `_Alignas(N)`, which C11 honours and cffi cannot express (newer cffi ignores it, older
cannot parse it: the build drops it); so a record with such a member also carries the comment
FLEXIBLE_LAYOUT_MARK, which the build turns into cffi's `...;` (take the layout from the
compiler). cffi forbids `...;` beside bit-fields, so a record
with both gets no mark (no such record exists in the AscendCL headers).
"""

from __future__ import annotations

from typing import Optional

from aclgen.model.bindings import BindingPlan, FunctionBinding
from aclgen.model.classify import TypeFacts
from aclgen.model.ir import Api, Enum, Field, Record, Typedef
from aclgen.model.outforms import BUFFER, PACKED

# build_ffi.py's cdef_text() turns this comment into `...;`; keep the two in step.
FLEXIBLE_LAYOUT_MARK = "/*...;*/"

LOADER_PROTOTYPES = (
    "int _aclffi_open(const char *path, char *err, size_t errlen);",
    "int _aclffi_resolve(void);",
    "void _aclffi_close_all(void);",
    "int _aclffi_has(const char *name);",
    "int _aclffi_count(void);",
    "const char *_aclffi_name(int i);",
    "int _aclfast_install(const char *module_name, const char *module_key);",  # aclgen/emit/fastcalls.py
)


def declare(type_text: str, name: str) -> str:
    """Put `name` into an abstract declarator: (`void (*)(int)`, "cb") -> `void (*cb)(int)`."""
    text = type_text.strip()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in ")[":
            break
        if ch == "(":
            j = i + 1
            while j < len(text) and text[j] == " ":
                j += 1
            if j >= len(text) or text[j] != "*":
                break  # a parameter list: the name goes before it
            i = j
        i += 1
    left, right = text[:i].rstrip(), text[i:]
    if not name:
        return f"{left}{right}"
    sep = "" if left.endswith(("*", "(")) else " "
    return f"{left}{sep}{name}{right}"


class TypeEmitter:
    """Emits each type declaration once, dependencies (records by value) first."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.facts = TypeFacts(api)
        self.typedefs: dict[str, Typedef] = {td.name: td for td in api.typedefs}
        self.enums_by_ref: dict[str, Enum] = {}
        self.records_by_ref: dict[str, Record] = {}
        for enum in api.enums:
            self.enums_by_ref.setdefault(
                f"enum {enum.tag}" if enum.tag else f"typedef {enum.typedef_name}", enum
            )
            if enum.typedef_name:
                self.enums_by_ref.setdefault(f"typedef {enum.typedef_name}", enum)
        for rec in api.records:
            ref = f"{rec.kind} {rec.tag}" if rec.tag else f"typedef {rec.typedef_name}"
            self.records_by_ref.setdefault(ref, rec)
            if rec.typedef_name:
                self.records_by_ref.setdefault(f"typedef {rec.typedef_name}", rec)
        self.done: set[int] = set()  # ids of emitted Enum/Record/Typedef objects
        self.forwards: set[str] = set()  # "struct TAG" already declared
        self.lines: list[str] = []

    def emit_all(self) -> str:
        for item in self.api.order:
            self.emit_item(item)
        # anything the order missed still gets declared (order is a hint, the types are facts)
        for enum in self.api.enums:
            self.emit_enum(enum)
        for rec in self.api.records:
            self.emit_record(rec)
        for td in self.api.typedefs:
            self.emit_typedef(td)
        return "\n".join(self.lines) + ("\n" if self.lines else "")

    def emit_item(self, item: str) -> None:
        if item in self.enums_by_ref and not item.startswith("typedef "):
            self.emit_enum(self.enums_by_ref[item])
        elif item in self.records_by_ref and not item.startswith("typedef "):
            self.emit_record(self.records_by_ref[item])
        elif item.startswith("typedef "):
            name = item[len("typedef ") :]
            td = self.typedefs.get(name)
            if td is not None and not self._is_inline_definition(td):
                self.emit_typedef(td)
            elif item in self.records_by_ref:
                self.emit_record(self.records_by_ref[item])
            elif item in self.enums_by_ref:
                self.emit_enum(self.enums_by_ref[item])
            elif td is not None:
                self.emit_typedef(td)
        elif item.startswith(("struct ", "union ")):
            self._forward(item)

    def _is_inline_definition(self, td: Typedef) -> bool:
        """A typedef entry that merely names a tagless enum/record defined with it."""
        base = td.type.base
        ref = f"typedef {td.name}"
        owner = self.records_by_ref.get(ref) or self.enums_by_ref.get(ref)
        return owner is not None and owner.tag is None and (base in ("", td.name) or "{" in td.type.text)

    def _forward(self, tagged: str) -> None:
        if tagged not in self.forwards:
            self.forwards.add(tagged)
            self.lines.append(f"{tagged};")

    # -- enums
    def emit_enum(self, enum: Enum) -> None:
        if id(enum) in self.done:
            return
        self.done.add(id(enum))
        body = ",\n".join(f"    {name} = {value}" for name, value in enum.members)
        head = f"enum {enum.tag} " if enum.tag else "enum "
        if enum.typedef_name and not self._has_separate_typedef(enum.typedef_name, f"enum {enum.tag}"):
            self.lines.append(f"typedef {head}{{\n{body}\n}} {enum.typedef_name};")
        else:
            self.lines.append(f"{head}{{\n{body}\n}};")

    def _has_separate_typedef(self, name: str, tagged: str) -> bool:
        td = self.typedefs.get(name)
        return td is not None and td.type.base == tagged

    # -- records
    def emit_record(self, rec: Record) -> None:
        if id(rec) in self.done:
            return
        self.done.add(id(rec))
        if rec.fields is None:
            if rec.tag:
                self._forward(f"{rec.kind} {rec.tag}")
                if rec.typedef_name and rec.typedef_name not in self.typedefs:
                    self.lines.append(f"typedef {rec.kind} {rec.tag} {rec.typedef_name};")
            return
        self._emit_dependencies(rec.fields)
        head = f"{rec.kind} {rec.tag} " if rec.tag else f"{rec.kind} "
        body = self._fields(rec.fields, "    ")
        if _has_aligned(rec.fields) and not _has_bitfield(rec.fields):
            body.append(f"    {FLEXIBLE_LAYOUT_MARK}")
        text = "\n".join(body)
        tagged = f"{rec.kind} {rec.tag}"
        if rec.typedef_name and not (rec.tag and self._has_separate_typedef(rec.typedef_name, tagged)):
            self.lines.append(f"typedef {head}{{\n{text}\n}} {rec.typedef_name};")
        elif rec.tag:
            self.lines.append(f"{head}{{\n{text}\n}};")

    def _emit_dependencies(self, fields: list[Field]) -> None:
        for fld in fields:
            if fld.fields is not None:
                self._emit_dependencies(fld.fields)
                continue
            t = fld.type
            if t.pointers or t.function:
                continue
            resolved = self.facts.resolve(t)
            if resolved.pointers or resolved.function:
                continue
            for name in (t.base, resolved.base):
                rec = self.facts.record(name)
                if rec is not None and rec.fields is not None and id(rec) not in self.done:
                    self.emit_record(rec)
                enum = self.enums_by_ref.get(name if name.startswith("enum ") else f"typedef {name}")
                if enum is not None and id(enum) not in self.done:
                    self.emit_enum(enum)

    def _fields(self, fields: list[Field], indent: str) -> list[str]:
        out = []
        for fld in fields:
            if fld.fields is not None:
                inner = "\n".join(self._fields(fld.fields, indent + "    "))
                name = f" {fld.name}" if fld.name else ""
                out.append(f"{indent}{fld.kind or 'struct'} {{\n{inner}\n{indent}}}{name};")
                continue
            decl = declare(fld.type.text, fld.name or "")
            if fld.bitfield_width is not None:
                decl += f" : {fld.bitfield_width}"
            if fld.aligned is not None:
                decl = f"_Alignas({fld.aligned}) {decl}"
            out.append(f"{indent}{decl};")
        return out

    # -- typedefs
    def emit_typedef(self, td: Typedef) -> None:
        if id(td) in self.done:
            return
        if self._is_inline_definition(td):
            owner = self.records_by_ref.get(f"typedef {td.name}") or self.enums_by_ref.get(
                f"typedef {td.name}"
            )
            self.done.add(id(td))
            if isinstance(owner, Record):
                self.emit_record(owner)
            elif isinstance(owner, Enum):
                self.emit_enum(owner)
            return
        self.done.add(id(td))
        self.lines.append(f"typedef {declare(td.type.text, td.name)};")


def _has_aligned(fields: list[Field]) -> bool:
    return any(f.aligned is not None or (f.fields is not None and _has_aligned(f.fields)) for f in fields)


def _has_bitfield(fields: list[Field]) -> bool:
    return any(
        f.bitfield_width is not None or (f.fields is not None and _has_bitfield(f.fields)) for f in fields
    )


def emit_types_h(api: Api, plan: Optional[BindingPlan] = None) -> str:
    """types.h: every enum, struct/union and typedef of the API, then the out structs of the
    plan's shims; C11 and cffi cdef text at once. A C reader includes <stdbool.h>, <stddef.h> and
    <stdint.h> first."""
    text = TypeEmitter(api).emit_all()
    structs = [s for s in (out_struct(b) for b in plan.bound_functions) if s] if plan else []
    if structs:
        text += "\n" + "\n".join(structs) + "\n"
    return text


# -- shims


def out_struct(b: FunctionBinding) -> Optional[str]:
    """`struct _aclout_F { ... };` of a function with outs, else None."""
    outs = b.cls.outs
    if not outs:
        return None
    members = [f"    {declare(p.out_type or 'uintptr_t', p.out_member)};" for p in outs]
    ret = b.cls.ret
    if ret.kind != "void":
        members.append(f"    {declare(ret.shim_type, 'ret')};")
    return f"struct _aclout_{b.c_name} {{\n" + "\n".join(members) + "\n};"


def shim_result_type(b: FunctionBinding) -> str:
    return f"struct _aclout_{b.c_name}" if b.cls.outs else b.cls.ret.shim_type


def shim_param_names(b: FunctionBinding, reserved: set[str]) -> list[str]:
    """C names of the shim parameters, renamed where they would hide a type or enumerator."""
    names = []
    for p in b.cls.inputs:
        names.append(p.c_name + "_" if p.c_name in reserved else p.c_name)
    return names


def shim_prototype(b: FunctionBinding, reserved: set[str]) -> str:
    params = [declare(p.shim_type or "", n) for p, n in zip(b.cls.inputs, shim_param_names(b, reserved))]
    return f"{declare(shim_result_type(b), b.c_name)}({', '.join(params) or 'void'})"


INTO_PARAM = "_acl_into"


def variant_name(b: FunctionBinding) -> Optional[str]:
    """C name of the faster variant of `F` its generic wrapper calls (aclgen/model/outforms.py), if any."""
    form = b.out_form.kind if b.out_form else None
    if form == PACKED:
        return f"_aclpack_{b.c_name}"
    if form == BUFFER:
        return f"_aclinto_{b.c_name}"
    return None


def variant_prototype(b: FunctionBinding, reserved: set[str]) -> Optional[str]:
    """`int64_t _aclpack_F(inputs)` or `void _aclinto_F(inputs, void *_acl_into)`; None without one."""
    name = variant_name(b)
    if name is None:
        return None
    params = [declare(p.shim_type or "", n) for p, n in zip(b.cls.inputs, shim_param_names(b, reserved))]
    if name.startswith("_aclpack_"):
        return f"int64_t {name}({', '.join(params) or 'void'})"
    return f"void {name}({', '.join([*params, f'void *{INTO_PARAM}'])})"


def reserved_names(api: Api) -> set[str]:
    """Identifiers a shim parameter must not take: types and enumerators of the API."""
    names = {td.name for td in api.typedefs}
    names |= {r.typedef_name for r in api.records if r.typedef_name}
    names |= {e.typedef_name for e in api.enums if e.typedef_name}
    names |= {m for e in api.enums for m, _ in e.members}
    return names


def emit_cdef(api: Api, plan: BindingPlan) -> str:
    """cdef.h, read after types.h: one shim prototype per bound function, the faster variants of
    the shims of functions with outs (aclgen/model/outforms.py), the loader functions."""
    reserved = reserved_names(api)
    bound = plan.bound_functions
    parts = []
    parts.append("\n".join(f"{shim_prototype(b, reserved)};" for b in bound) + "\n")
    variants = [v for v in (variant_prototype(b, reserved) for b in bound) if v]
    if variants:
        parts.append("\n".join(f"{v};" for v in variants) + "\n")
    parts.append("\n".join(LOADER_PROTOTYPES) + "\n")
    return "\n".join(parts)
