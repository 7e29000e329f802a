"""pycparser type nodes -> `ir.TypeRef` (abstract-declarator text plus the skeleton facts).

The text follows the style of the API facts: `const char *`, `void **`, `void (*)(void *)`,
`const aclTensorDesc *const []`, `int64_t [][2]`, `int32_t (*const)(const acldumpChunk *, int32_t)`.
Array dimensions are written as evaluated integers.
"""

from __future__ import annotations

from typing import Callable, Optional, Union

from pycparser import c_ast

from aclgen.model import ir

TypeNode = Union[c_ast.TypeDecl, c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.FuncDecl, c_ast.Typename]
DimensionEvaluator = Callable[[c_ast.Node], int]


def specifier_text(node: c_ast.TypeDecl) -> str:
    """The type specifier of a TypeDecl without qualifiers: 'int32_t', 'struct X', 'unsigned int'."""
    inner = node.type
    if isinstance(inner, c_ast.IdentifierType):
        return " ".join(inner.names)
    kind = {c_ast.Struct: "struct", c_ast.Union: "union", c_ast.Enum: "enum"}.get(type(inner))
    if kind is None:
        raise TypeError(f"unexpected type specifier {type(inner).__name__}")
    return f"{kind} {inner.name}" if inner.name else kind


def _qualified(quals: list[str], text: str) -> str:
    ordered = [q for q in ("const", "volatile", "restrict") if q in quals]
    return " ".join([*ordered, text])


class TypeRenderer:
    def __init__(self, evaluate_dimension: DimensionEvaluator) -> None:
        self.evaluate_dimension = evaluate_dimension

    def dimension(self, node: c_ast.ArrayDecl) -> Optional[int]:
        return None if node.dim is None else self.evaluate_dimension(node.dim)

    def text(self, node: c_ast.Node, inner: str = "") -> str:
        if isinstance(node, c_ast.Typename):
            return self.text(node.type, inner)
        if isinstance(node, c_ast.TypeDecl):
            spec = _qualified(node.quals, specifier_text(node))
            return f"{spec} {inner}" if inner else spec
        if isinstance(node, c_ast.PtrDecl):
            star = "*" + " ".join(q for q in ("const", "volatile", "restrict") if q in node.quals)
            if not inner:
                combined = star
            elif star == "*":
                combined = star + inner
            else:
                combined = f"{star} {inner}"
            return self.text(node.type, combined)
        if isinstance(node, c_ast.ArrayDecl):
            dim = self.dimension(node)
            wrapped = f"({inner})" if inner.startswith("*") else inner
            return self.text(node.type, f"{wrapped}[{'' if dim is None else dim}]")
        if isinstance(node, c_ast.FuncDecl):
            wrapped = f"({inner})" if inner.startswith("*") else inner
            return self.text(node.type, f"{wrapped}({self.parameter_list(node)})")
        raise TypeError(f"unexpected type node {type(node).__name__}")

    def parameter_list(self, node: c_ast.FuncDecl) -> str:
        if node.args is None:
            return ""
        parts = []
        for param in node.args.params:
            if isinstance(param, c_ast.EllipsisParam):
                parts.append("...")
            else:
                parts.append(self.text(param.type))
        return ", ".join(parts)

    def typeref(self, node: c_ast.Node) -> ir.TypeRef:
        if isinstance(node, (c_ast.Typename, c_ast.Decl)):
            node = node.type
        text = self.text(node)
        pointers = 0
        dims: list[Optional[int]] = []
        const_pointee = False
        function = False
        current = node
        while not isinstance(current, c_ast.TypeDecl):
            if isinstance(current, c_ast.PtrDecl):
                if pointers == 0:
                    pointee = current.type
                    const_pointee = (
                        isinstance(pointee, (c_ast.TypeDecl, c_ast.PtrDecl)) and "const" in pointee.quals
                    )
                pointers += 1
            elif isinstance(current, c_ast.ArrayDecl):
                dims.append(self.dimension(current))
            elif isinstance(current, c_ast.FuncDecl):
                function = True
                current = innermost_typedecl(current.type)
                break
            current = current.type
        base = specifier_text(current)
        return ir.TypeRef(
            text=text,
            base=base,
            pointers=pointers,
            const_pointee=const_pointee,
            array_dims=tuple(dims),
            function=function,
        )


def innermost_typedecl(node: c_ast.Node) -> c_ast.TypeDecl:
    """The TypeDecl at the bottom of a declarator chain (through pointers, arrays, functions)."""
    while not isinstance(node, c_ast.TypeDecl):
        node = node.type
    return node
