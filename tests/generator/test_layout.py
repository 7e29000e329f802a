"""The generator's stages import only backwards (front -> model -> emit -> verify), without circles,
and the runtime helper module the generated code imports never imports a generated module."""

from __future__ import annotations

import ast
from pathlib import Path

from emit_fixture import REPO

ACLGEN = REPO / "tools" / "aclgen"
# what each stage may import from; the top-level modules (pipeline, output) drive all of them
ALLOWED = {
    "front": {"front", "model"},  # the parser builds the IR of model/ir.py
    "model": {"model"},
    "emit": {"emit", "model"},
    "verify": {"verify", "emit", "model"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ACLGEN.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("aclgen"):
            found.add(node.module)
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                if (ACLGEN.parent / (candidate.replace(".", "/") + ".py")).is_file():
                    found.add(candidate)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("aclgen")}
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) for p in sorted(ACLGEN.rglob("*.py"))}


def stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else "top"


def test_stages_import_only_backwards() -> None:
    wrong = [
        f"{module} -> {dep}"
        for module, deps in graph().items()
        if stage(module) in ALLOWED
        for dep in deps
        if stage(dep) not in ALLOWED[stage(module)] | {"top"} or dep in ("aclgen.pipeline",)
    ]
    assert wrong == []


def test_no_import_circles() -> None:
    edges = graph()
    circles = []

    def visit(module: str, path: list[str]) -> None:
        for dep in sorted(edges.get(module, ())):
            if dep in path:
                circles.append(" -> ".join([*path[path.index(dep) :], dep]))
            elif dep in edges:
                visit(dep, [*path, dep])

    for module in edges:
        visit(module, [module])
    assert circles == []


def test_the_runtime_helpers_import_no_generated_module() -> None:
    tree = ast.parse((REPO / "acl" / "_wrapper_support.py").read_text(encoding="utf-8"))
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    generated = [m for m in modules if "_generated" in m and m != "_generated._acl_cffi"]
    assert generated == []
    assert all(not m.startswith("acl") for m in modules), "relative imports only (vendorable package)"
