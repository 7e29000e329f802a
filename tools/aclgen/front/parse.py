"""An include tree -> `ir.Api`: preprocess once, parse with pycparser, walk the AST.

Only declarations whose coordinates lie inside the include tree enter the Api; the fake libc's
standard typedefs are known to the walk (for casts and integer types) but never listed.

Conventions of the result (the contract with the emitters):
- A `typedef struct X {...} Y;` (or enum) is one Record/Enum with `typedef_name` Y and no
  separate Typedef; a typedef of an existing tag or any other type is a Typedef.
- A tag that is used bare as a type name (C++-only) gets a synthesised `typedef enum X X;`
  (preprocessing adds it to the text), so it appears as a Typedef.
- `TypeRef.text` of a field includes its array dimensions (`uint64_t [128][2]`), like a
  parameter's; an inline anonymous struct/union member has text `struct`/`union`.
- A record is in `order` once: where it is defined, or where it is first named if never defined
  (then `fields is None`).
- Not bound, each reported in `skipped`: headers a C parse cannot read (kind "header"), static
  functions defined in headers, non-integer or unevaluable macros ("define"), function-like
  macros, conflicting redefinitions, a whole type's alignment ("attribute").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from pycparser import c_ast, c_generator, c_parser

from aclgen.front.constants_eval import Evaluator, NotConstant, Value, canonical_integer_type, wrap
from aclgen.front.doctags import SourceComments, combine_directions, param_tags
from aclgen.front.preprocess import HeaderError, MacroDefinition, Preprocessed, preprocess
from aclgen.front.typerefs import TypeRenderer, innermost_typedecl
from aclgen.model import ir

__all__ = ["HeaderError", "parse_tree"]

RecordNode = Union[c_ast.Struct, c_ast.Union]
_TAG_KINDS = {c_ast.Struct: "struct", c_ast.Union: "union"}


def parse_tree(include_dir: Path, *, extra_defines: Optional[dict[str, str]] = None) -> ir.Api:
    """Parse every `*.h` under include_dir (one unit including them all, sorted) into an Api."""
    pre = preprocess(Path(include_dir), extra_defines)
    ast = _parse_c(pre)
    builder = _ApiBuilder(pre)
    builder.walk(ast)
    builder.add_macro_constants()
    builder.add_dropped_attributes()
    builder.add_cxx_headers()
    return builder.finish()


def _parse_c(pre: Preprocessed) -> c_ast.FileAST:
    parser = c_parser.CParser()
    try:
        return parser.parse(pre.text, filename="<aclgen-unit>")
    except c_parser.ParseError as exc:
        raise _header_error(pre, parser, str(exc)) from exc


def _header_error(pre: Preprocessed, parser: c_parser.CParser, message: str) -> HeaderError:
    """pycparser says "file:line:col: reason", or only "file: reason" (then the lexer knows the line)."""
    parts = message.split(":", 3)
    if len(parts) == 4 and parts[1].strip().isdigit():
        file, line, reason = parts[0], int(parts[1]), parts[3].strip()
    else:
        file, _, reason = message.partition(": ")
        line = int(getattr(parser.clex, "_lineno", 0) or 0)
        file = getattr(parser.clex, "_filename", None) or file
    rel = pre.relative(file) or file
    unknown = _unknown_type_name(pre, rel, line, parser)
    if unknown:
        reason = f"unknown type name '{unknown}' ({reason})"
    return HeaderError(rel, line, reason)


_C_WORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "_Bool", "_Alignas", "_Noreturn", "_Static_assert",
}  # fmt: skip


def _is_word(token: str) -> bool:
    return token[0].isalpha() or token[0] == "_"


def _unknown_type_name(pre: Preprocessed, rel: str, line: int, parser: c_parser.CParser) -> Optional[str]:
    """The first word of the failing source line that names no type the parser knows, if any."""
    raw = pre.raw_sources.get(rel)
    if raw is None:
        return None
    lines = raw.split("\n")
    if not 0 < line <= len(lines):
        return None
    tokens = re.findall(r"[A-Za-z_]\w*|[^\sA-Za-z_]", lines[line - 1])
    is_type = getattr(parser, "_is_type_in_scope", None)
    if is_type is None:
        return None
    macro_names = {m.name for m in pre.macros} | {m.name for m in pre.function_macros}
    # a word stands where a type must be when a name or a `*` follows it: in the return type and
    # in every parameter, not only before the function's name
    for word, following in zip(tokens, tokens[1:]):
        if not _is_word(word) or not (following == "*" or _is_word(following)):
            continue
        if word in _C_WORDS or word in macro_names or is_type(word):
            continue
        return word
    return None


@dataclass
class _TagState:
    record: Optional[ir.Record] = None
    enum: Optional[ir.Enum] = None
    order_index: Optional[int] = None  # position of its placeholder in the order list
    defined: bool = False


@dataclass
class _Scope:
    """What the walk knows beyond the Api: every typedef seen, fake libc's included."""

    typedef_nodes: dict[str, c_ast.Node] = field(default_factory=dict)
    enumerators: dict[str, Value] = field(default_factory=dict)
    static_consts: dict[str, Value] = field(default_factory=dict)


class _ApiBuilder:
    def __init__(self, pre: Preprocessed) -> None:
        self.pre = pre
        self.api = ir.Api()
        self.scope = _Scope()
        self.order: list[Optional[str]] = []
        self.tags: dict[str, _TagState] = {}
        self.functions: dict[str, ir.Function] = {}
        self.typedefs: dict[str, ir.Typedef] = {}
        self.comments: dict[str, SourceComments] = {}
        self.evaluator = Evaluator(_IntegerTypedefs(self), self._identifier_value)
        self.renderer = TypeRenderer(self._dimension)
        self.generator = c_generator.CGenerator()

    # ----- evaluation helpers

    def _identifier_value(self, name: str) -> Optional[Value]:
        return self.scope.enumerators.get(name) or self.scope.static_consts.get(name)

    def evaluate_node(self, node: c_ast.Node) -> Value:
        return self.evaluator.evaluate(self.generator.visit(node))

    def _dimension(self, node: c_ast.Node) -> int:
        try:
            return self.evaluate_node(node).value
        except NotConstant as exc:
            line = node.coord.line if node.coord else 0
            raise HeaderError(
                self._coord_header(node), line, f"array dimension is not a constant: {exc}"
            ) from exc

    def integer_type_of(self, name: str, depth: int = 0) -> Optional[str]:
        node = self.scope.typedef_nodes.get(name)
        if node is None or depth > 16 or not isinstance(node, c_ast.TypeDecl):
            return None
        inner = node.type
        if isinstance(inner, c_ast.IdentifierType):
            canonical = canonical_integer_type(list(inner.names))
            if canonical is not None:
                return canonical
            if len(inner.names) == 1:
                return self.integer_type_of(inner.names[0], depth + 1)
            return None
        if isinstance(inner, c_ast.Enum):
            enum = self._enum_for(inner)
            if enum is not None and any(v < 0 for _, v in enum.members):
                return "int"
            return "unsigned int"
        return None

    def _enum_for(self, node: c_ast.Enum) -> Optional[ir.Enum]:
        if node.values is not None:
            return None
        state = self.tags.get(f"enum {node.name}")
        return state.enum if state else None

    # ----- walking

    def walk(self, ast: c_ast.FileAST) -> None:
        for node in ast.ext:
            coord = node.coord
            header = self.pre.relative(coord.file) if coord else None
            if isinstance(node, c_ast.Typedef):
                self.scope.typedef_nodes[node.name] = node.type
                self._visit_typedef(node, header)
            elif isinstance(node, c_ast.Decl):
                self._visit_decl(node, header)
            elif isinstance(node, c_ast.FuncDef) and header is not None:
                decl = node.decl
                self._skip(
                    decl.name, "function", header, decl.coord.line, "defined (with a body) in the header"
                )

    def _visit_typedef(self, node: c_ast.Typedef, header: Optional[str]) -> None:
        decl_type = node.type
        if isinstance(decl_type, c_ast.TypeDecl) and isinstance(
            decl_type.type, (c_ast.Struct, c_ast.Union, c_ast.Enum)
        ):
            inner = decl_type.type
            is_definition = (
                (inner.values is not None) if isinstance(inner, c_ast.Enum) else (inner.decls is not None)
            )
            if is_definition:
                self._define_tag(inner, header, inner.coord.line, typedef_name=node.name)
                return
        self._note_tag_references(decl_type, header)
        if header is None:
            return
        typeref = self.renderer.typeref(decl_type)
        existing = self.typedefs.get(node.name)
        if existing is not None:
            if existing.type != typeref:
                self._skip(
                    node.name,
                    "typedef",
                    header,
                    node.coord.line,
                    f"conflicts with the typedef in {existing.header}:{existing.line}",
                )
            return
        typedef = ir.Typedef(node.name, typeref, header, node.coord.line)
        self.typedefs[node.name] = typedef
        self.api.typedefs.append(typedef)
        self.order.append(f"typedef {node.name}")

    def _visit_decl(self, node: c_ast.Decl, header: Optional[str]) -> None:
        decl_type = node.type
        if isinstance(decl_type, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            is_definition = (
                (decl_type.values is not None)
                if isinstance(decl_type, c_ast.Enum)
                else (decl_type.decls is not None)
            )
            if is_definition:
                self._define_tag(decl_type, header, node.coord.line, typedef_name=None)
            else:
                self._mention_tag(decl_type, header)
            return
        if isinstance(decl_type, c_ast.FuncDecl):
            self._note_tag_references(decl_type, header)
            if header is not None and "static" in node.storage:
                reason = "static function defined in the header: no symbol to bind"
                self._skip(node.name, "function", header, node.coord.line, reason)
            elif header is not None:
                self._visit_function(node, decl_type, header)
            return
        is_const = "const" in getattr(decl_type, "quals", [])
        if node.init is not None and ("static" in node.storage or is_const):
            self._visit_static_const(node, header)
            return
        if header is not None and node.name:
            self._skip(
                node.name, "variable", header, node.coord.line, "object declaration, not part of a C API"
            )

    # ----- tags (struct / union / enum)

    def _tag_key(self, node: Union[RecordNode, c_ast.Enum]) -> Optional[str]:
        if not node.name:
            return None
        kind = "enum" if isinstance(node, c_ast.Enum) else _TAG_KINDS[type(node)]
        return f"{kind} {node.name}"

    def _mention_tag(self, node: Union[RecordNode, c_ast.Enum], header: Optional[str]) -> None:
        """A use or forward declaration of a tag: an opaque record until (unless) defined."""
        key = self._tag_key(node)
        if key is None or key in self.tags or header is None:
            return
        state = _TagState()
        if not isinstance(node, c_ast.Enum):
            state.record = ir.Record(node.name, None, _TAG_KINDS[type(node)], None, header, node.coord.line)
            self.api.records.append(state.record)
        state.order_index = len(self.order)
        self.order.append(key)
        self.tags[key] = state

    def _note_tag_references(self, node: c_ast.Node, header: Optional[str]) -> None:
        """Register tags named (not defined) inside a type, e.g. `typedef struct X *XPtr;`."""
        for child in _walk_types(node):
            is_tag = isinstance(child, (c_ast.Struct, c_ast.Union, c_ast.Enum))
            if is_tag and self._tag_key(child) and not _has_body(child):
                self._mention_tag(child, header)

    def _define_tag(
        self,
        node: Union[RecordNode, c_ast.Enum],
        header: Optional[str],
        line: int,
        typedef_name: Optional[str],
    ) -> None:
        key = self._tag_key(node)
        if isinstance(node, c_ast.Enum):
            self._define_enum(node, key, header, line, typedef_name)
        else:
            self._define_record(node, key, header, line, typedef_name)

    def _define_enum(
        self,
        node: c_ast.Enum,
        key: Optional[str],
        header: Optional[str],
        line: int,
        typedef_name: Optional[str],
    ) -> None:
        members = self._enum_members(node)
        if header is None:
            return
        if key is not None and key in self.tags and self.tags[key].defined:
            self._check_duplicate(key, self.tags[key].enum, members, header, line)
            return
        enum = ir.Enum(node.name, typedef_name, members, header, line)
        if typedef_name is not None and node.name is None:
            duplicate = next(
                (e for e in self.api.enums if e.typedef_name == typedef_name and e.tag is None), None
            )
            if duplicate is not None:
                self._check_duplicate(f"typedef {typedef_name}", duplicate, members, header, line)
                return
        self.api.enums.append(enum)
        self._place(key, typedef_name, _TagState(enum=enum, defined=True))

    def _enum_members(self, node: c_ast.Enum) -> list[tuple[str, int]]:
        members: list[tuple[str, int]] = []
        next_value = Value(0, "int")
        for enumerator in node.values.enumerators:
            if enumerator.value is not None:
                try:
                    next_value = self.evaluate_node(enumerator.value)
                except NotConstant as exc:
                    raise HeaderError(
                        self._coord_header(enumerator),
                        enumerator.coord.line,
                        f"enumerator {enumerator.name} is not a constant: {exc}",
                    ) from exc
            members.append((enumerator.name, next_value.value))
            self.scope.enumerators[enumerator.name] = Value(next_value.value, "int")
            following = next_value.value + 1
            next_value = Value(following, next_value.c_type)
        return members

    def _define_record(
        self,
        node: RecordNode,
        key: Optional[str],
        header: Optional[str],
        line: int,
        typedef_name: Optional[str],
    ) -> None:
        fields = self._fields(node, header)
        if header is None:
            return
        kind = _TAG_KINDS[type(node)]
        state = self.tags.get(key) if key else None
        if state is not None and state.defined:
            self._check_duplicate(
                key or "", state.record.fields if state.record else None, fields, header, line
            )
            return
        if key is None and typedef_name is not None:
            duplicate = next(
                (r for r in self.api.records if r.typedef_name == typedef_name and r.tag is None), None
            )
            if duplicate is not None:
                self._check_duplicate(f"typedef {typedef_name}", duplicate.fields, fields, header, line)
                return
        if state is not None and state.record is not None:
            record = state.record
            record.fields, record.header, record.line = fields, header, line
            record.typedef_name = record.typedef_name or typedef_name
            if state.order_index is not None:
                self.order[state.order_index] = None
        else:
            record = ir.Record(node.name, typedef_name, kind, fields, header, line)
            self.api.records.append(record)
        self._place(key, typedef_name, _TagState(record=record, defined=True))

    def _place(self, key: Optional[str], typedef_name: Optional[str], state: _TagState) -> None:
        if key is not None:
            self.tags[key] = state
        self.order.append(key if key is not None else f"typedef {typedef_name}")

    def _check_duplicate(self, what: str, existing: object, new: object, header: str, line: int) -> None:
        if isinstance(existing, ir.Enum):
            existing = existing.members
        if isinstance(existing, ir.Record):
            existing = existing.fields
        if existing != new:
            self._skip(what, "type", header, line, "conflicting redefinition; the first definition is kept")

    def _fields(self, node: RecordNode, header: Optional[str]) -> list[ir.Field]:
        fields: list[ir.Field] = []
        for decl in node.decls or []:
            fields.append(self._field(decl, header))
        return fields

    def _field(self, decl: c_ast.Decl, header: Optional[str]) -> ir.Field:
        aligned = None
        for align in decl.align or []:
            try:
                aligned = self.evaluate_node(align.alignment).value
            except NotConstant as exc:
                raise HeaderError(
                    header or "<unit>", decl.coord.line, f"alignment is not a constant: {exc}"
                ) from exc
        width = None
        if decl.bitsize is not None:
            try:
                width = self.evaluate_node(decl.bitsize).value
            except NotConstant as exc:
                raise HeaderError(header or "<unit>", decl.coord.line, f"bit-field width: {exc}") from exc
        if isinstance(decl.type, (c_ast.Struct, c_ast.Union)) and decl.name is None:
            inline = decl.type
            if inline.name and inline.decls is not None:
                self._define_tag(inline, header, decl.coord.line, typedef_name=None)
            elif inline.name is None:
                kind = _TAG_KINDS[type(inline)]
                return ir.Field(
                    None, ir.TypeRef(kind, kind), width, aligned, kind, self._fields(inline, header)
                )
        bottom = (
            innermost_typedecl(decl.type) if not isinstance(decl.type, (c_ast.Struct, c_ast.Union)) else None
        )
        if (
            bottom is not None
            and isinstance(bottom.type, (c_ast.Struct, c_ast.Union, c_ast.Enum))
            and _has_body(bottom.type)
        ):
            inline = bottom.type
            if inline.name:
                self._define_tag(inline, header, decl.coord.line, typedef_name=None)
            elif isinstance(inline, c_ast.Enum):
                self._define_enum(inline, None, header, decl.coord.line, typedef_name=None)
            else:
                kind = _TAG_KINDS[type(inline)]
                typeref = self.renderer.typeref(decl.type)
                return ir.Field(decl.name, typeref, width, aligned, kind, self._fields(inline, header))
        self._note_tag_references(decl.type, header)
        return ir.Field(decl.name, self.renderer.typeref(decl.type), width, aligned)

    # ----- functions

    def _visit_function(self, node: c_ast.Decl, func: c_ast.FuncDecl, header: str) -> None:
        if node.name in self.functions:
            return
        params: list[ir.Param] = []
        variadic = False
        empty_parens = func.args is None
        if func.args is not None:
            for index, param in enumerate(func.args.params):
                if isinstance(param, c_ast.EllipsisParam):
                    variadic = True
                    continue
                typeref = self.renderer.typeref(param.type)
                if typeref.text == "void" and len(func.args.params) == 1:
                    continue
                self._note_tag_references(param.type, header)
                params.append(ir.Param(param.name or f"arg{index}", typeref))
        self._apply_directions(params, header, node.coord.line)
        function = ir.Function(
            name=node.name,
            header=header,
            line=node.coord.line,
            return_type=self.renderer.typeref(func.type),
            params=params,
            variadic=variadic,
            deprecated=node.name in self.pre.deprecated_names,
            empty_parens=empty_parens,
        )
        self.functions[node.name] = function
        self.api.functions.append(function)

    def _apply_directions(self, params: list[ir.Param], header: str, line: int) -> None:
        comments = self.comments.get(header)
        if comments is None:
            comments = SourceComments(self.pre.raw_sources.get(header, ""))
            self.comments[header] = comments
        comment = comments.comment_above(line)
        if not comment:
            return
        tags: dict[str, list[str]] = {}
        for name, direction in param_tags(comment):
            tags.setdefault(name, []).append(direction)
        for param in params:
            t = param.type
            writable = (t.pointers > 0 and not t.const_pointee) or (
                bool(t.array_dims) and not t.const_pointee
            )
            param.direction = combine_directions(tags.get(param.name.lower(), []), writable)

    # ----- constants

    def _visit_static_const(self, node: c_ast.Decl, header: Optional[str]) -> None:
        line = node.coord.line
        if not isinstance(node.type, c_ast.TypeDecl) or "const" not in node.type.quals:
            if header is not None:
                self._skip(node.name, "variable", header, line, "static object that is not a const integer")
            return
        c_type = self._integer_type(node.type)
        try:
            value = self.evaluate_node(node.init)
        except NotConstant as exc:
            if header is not None:
                self._skip(node.name, "static_const", header, line, str(exc))
            return
        if c_type is None:
            if header is not None:
                self._skip(node.name, "static_const", header, line, "not of an integer type")
            return
        result = Value(wrap(value.value, c_type), c_type)
        self.scope.static_consts[node.name] = result
        if header is not None:
            self.api.constants.append(ir.Constant(node.name, result.value, c_type, "static_const", header))
            self.order.append(f"static_const {node.name}")

    def _integer_type(self, node: c_ast.TypeDecl) -> Optional[str]:
        inner = node.type
        if not isinstance(inner, c_ast.IdentifierType):
            return None
        canonical = canonical_integer_type(list(inner.names))
        if canonical is None and len(inner.names) == 1:
            canonical = self.integer_type_of(inner.names[0])
        return canonical

    def add_macro_constants(self) -> None:
        guards = _include_guards(self.pre)
        known = {c.name for c in self.api.constants}
        for macro in self.pre.macros:
            if macro.name in guards or macro.name in known:
                continue
            known.add(macro.name)
            reason = self._macro_skip_reason(macro)
            if reason is None:
                value = self.evaluator.evaluate(macro.expansion or "")
                self.api.constants.append(
                    ir.Constant(macro.name, value.value, value.c_type, "define", macro.header)
                )
            else:
                self._skip(macro.name, "define", macro.header, macro.line, reason)
        for macro in self.pre.function_macros:
            self._skip(macro.name, "function_macro", macro.header, macro.line, "function-like macro")

    def add_cxx_headers(self) -> None:
        for cxx in self.pre.cxx_headers:
            self._skip(cxx.header, "header", cxx.header, cxx.line, cxx.reason)

    def add_dropped_attributes(self) -> None:
        for attribute in self.pre.dropped_attributes:
            header = self.pre.relative(attribute.file)
            if header is not None:
                reason = "alignment of a whole type is not represented in the IR"
                self._skip(attribute.text, "attribute", header, attribute.line, reason)

    def _macro_skip_reason(self, macro: MacroDefinition) -> Optional[str]:
        expansion = macro.expansion
        if expansion is None or expansion == macro.name:
            return "undefined by the end of the headers"
        if not expansion.strip():
            return "empty (a marker macro)"
        if "__attribute__" in expansion or "__declspec" in expansion:
            return "an attribute"
        words = expansion.split()
        if (
            canonical_integer_type(words) is not None
            or expansion in ("void", "float", "double")
            or (len(words) == 1 and expansion in self.scope.typedef_nodes)
        ):
            return f"stands for the type {expansion}"
        try:
            self.evaluator.evaluate(expansion)
        except NotConstant as exc:
            return str(exc)
        return None

    # ----- bookkeeping

    def _skip(self, name: str, kind: str, header: str, line: int, reason: str) -> None:
        self.api.skipped.append(ir.Skipped(name, kind, header, line, reason))

    def _coord_header(self, node: c_ast.Node) -> str:
        return (self.pre.relative(node.coord.file) if node.coord else None) or "<unit>"

    def finish(self) -> ir.Api:
        self.api.order = [item for item in self.order if item is not None]
        return self.api


class _IntegerTypedefs:
    """Mapping view for the evaluator: typedef name -> integer C type or None."""

    def __init__(self, builder: _ApiBuilder) -> None:
        self.builder = builder

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.builder.scope.typedef_nodes

    def __getitem__(self, name: str) -> Optional[str]:
        return self.builder.integer_type_of(name)


def _has_body(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.Enum):
        return node.values is not None
    return getattr(node, "decls", None) is not None


def _walk_types(node: c_ast.Node) -> Iterator[c_ast.Node]:
    """Every node of a type tree, not descending into struct/union bodies."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            continue
        stack.extend(child for _, child in current.children())


def _include_guards(pre: Preprocessed) -> set[str]:
    guards: set[str] = set()
    for macro in pre.macros:
        if macro.body:
            continue
        raw = pre.raw_sources.get(macro.header, "")
        if re.search(
            rf"#\s*(?:ifndef\s+{re.escape(macro.name)}\b|if\s+!\s*defined\s*\(?\s*{re.escape(macro.name)}\b)",
            raw,
        ):
            guards.add(macro.name)
    return guards
