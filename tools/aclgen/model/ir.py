"""The parser-independent description of a C API that every emitter reads.

The parser fills these dataclasses from pycparser's AST; emitters never look at the AST.
Types are kept twice: as C text (an abstract declarator, the form used in
the form API documentation uses) for emitting, and as a `TypeRef` skeleton for deciding how a
value crosses into Python.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

DIRECTIONS = ("in", "out", "inout")


@dataclass(frozen=True)
class TypeRef:
    """A C type as text plus the facts emitters branch on.

    `text` is an abstract declarator after preprocessing, typedef names kept
    ("const aclTensorDesc *const []", "void (*)(void *)", "aclrtStream").
    `base` is the innermost named type ("aclTensorDesc", "int32_t", "struct X", "void"),
    `pointers` the number of pointer levels, array dimensions counted apart in `array_dims`
    (None for a dimension written empty, as in `x[]`). `const_pointee` is true when the
    object one pointer level down is const (`const char *`). `function` marks a pointer to a
    function (its `base` is then the return type and `pointers` counts the levels to the
    function).
    """

    text: str
    base: str
    pointers: int = 0
    const_pointee: bool = False
    array_dims: tuple[Optional[int], ...] = ()
    function: bool = False


@dataclass
class Param:
    name: str
    type: TypeRef
    direction: Optional[str] = None  # one of DIRECTIONS, or None when no doc tag names it


@dataclass
class Function:
    name: str
    header: str  # path relative to the include root, e.g. "acl/acl_rt.h"
    line: int
    return_type: TypeRef
    params: list[Param] = field(default_factory=list)
    variadic: bool = False
    deprecated: bool = False
    empty_parens: bool = False  # declared `f()` rather than `f(void)`


@dataclass
class Enum:
    tag: Optional[str]
    typedef_name: Optional[str]
    members: list[tuple[str, int]]
    header: str
    line: int


@dataclass
class Field:
    name: Optional[str]  # None for an anonymous inline struct/union member
    type: TypeRef
    bitfield_width: Optional[int] = None
    aligned: Optional[int] = None  # from __attribute__((aligned(N)))
    kind: Optional[str] = None  # "struct"/"union" for an inline anonymous member
    fields: Optional[list[Field]] = None  # members of that inline anonymous member


@dataclass
class Record:
    """A struct or union. `fields is None` means declared but never defined (opaque)."""

    tag: Optional[str]
    typedef_name: Optional[str]
    kind: str  # "struct" or "union"
    fields: Optional[list[Field]]
    header: str
    line: int


@dataclass
class Typedef:
    name: str
    type: TypeRef
    header: str
    line: int


@dataclass
class Constant:
    name: str
    value: int
    c_type: str  # "int", "unsigned int", "long", "unsigned long", ...
    origin: str  # "define" or "static_const"
    header: str


@dataclass
class Skipped:
    name: str
    kind: str  # "define", "function", ...
    header: str
    line: int
    reason: str


@dataclass
class Api:
    functions: list[Function] = field(default_factory=list)
    enums: list[Enum] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    typedefs: list[Typedef] = field(default_factory=list)
    constants: list[Constant] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    # Type declarations in the order the preprocessor met them, as "typedef NAME",
    # "struct TAG", "union TAG", "enum TAG" (tagless ones by their typedef name:
    # "typedef NAME"). C text emitted in this order compiles.
    order: list[str] = field(default_factory=list)

    def typedef(self, name: str) -> Optional[Typedef]:
        return self._index().get(name)

    def resolve(self, t: TypeRef) -> TypeRef:
        """Follow typedefs until the base is not a typedef name; pointer levels add up."""
        seen = 0
        while seen < 32:
            td = self.typedef(t.base)
            if td is None:
                return t
            inner = td.type
            t = TypeRef(
                text=t.text,
                base=inner.base,
                pointers=t.pointers + inner.pointers,
                const_pointee=t.const_pointee if t.pointers else inner.const_pointee,
                array_dims=t.array_dims + inner.array_dims,
                function=inner.function or t.function,
            )
            seen += 1
        raise ValueError(f"typedef cycle at {t.text}")

    def _index(self) -> dict[str, Typedef]:
        cache = self.__dict__.get("_typedef_index")
        if cache is None or len(cache) != len(self.typedefs):
            cache = {td.name: td for td in self.typedefs}
            self.__dict__["_typedef_index"] = cache
        return cache

    def to_json_obj(self) -> dict[str, Any]:
        """The manifest form: plain data, lists in a stable order; a field at its default value
        (no pointers, not deprecated, no bit-field width, ...) is left out, and a type that is
        just a name is written as that name."""

        def plain(obj: Any) -> Any:
            if isinstance(obj, TypeRef) and obj == TypeRef(obj.text, obj.text):
                return obj.text  # a plain type name ("uint32_t", "aclrtStream") stands for itself
            if dataclasses.is_dataclass(obj):
                return {
                    f.name: plain(getattr(obj, f.name))
                    for f in dataclasses.fields(obj)
                    if not _is_default(f, getattr(obj, f.name))
                }
            if isinstance(obj, (list, tuple)):
                return [plain(x) for x in obj]
            return obj

        return {
            "functions": plain(sorted(self.functions, key=lambda f: f.name)),
            "enums": plain(sorted(self.enums, key=lambda e: (e.typedef_name or "", e.tag or ""))),
            "records": plain(sorted(self.records, key=lambda r: (r.typedef_name or "", r.tag or ""))),
            "typedefs": plain(sorted(self.typedefs, key=lambda t: t.name)),
            "constants": plain(sorted(self.constants, key=lambda c: c.name)),
            "skipped": plain(sorted(self.skipped, key=lambda s: (s.header, s.line, s.name))),
            "order": list(self.order),
        }


def _is_default(f: dataclasses.Field, value: Any) -> bool:
    if f.default is not dataclasses.MISSING:
        return value == f.default
    if f.default_factory is not dataclasses.MISSING:
        return value == f.default_factory()
    return False
