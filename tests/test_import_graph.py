"""No import cycles among the `acl.*` modules (static imports, function-level imports and
`importlib.import_module("acl....")` calls alike): generated code may import hand-written helpers,
and hand-written code never imports a generated module that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers.subproc import REPO_ROOT


def _modules(root: Path, package: str) -> dict[str, Path]:
    found = {}
    for path in (root / package).rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported_names(module: str, path: Path) -> set[str]:
    """Dotted names this module imports, wherever the import statement stands."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    modules = _modules(root, package)
    graph = {}
    for module, path in modules.items():
        # importing a submodule runs its package's __init__ too; those edges are not counted, or
        # every package that imports its own submodules would be a cycle
        graph[module] = {name for name in _imported_names(module, path) if name in modules} - {module}
        graph[module] -= {parent for parent in graph[module] if module.startswith(parent + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path) per module found to be on one, by depth-first search."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return found


def test_acl_modules_import_no_cycle() -> None:
    graph = import_graph(REPO_ROOT, "acl")
    assert len(graph) > 20 and "acl._pyacl.media" in graph
    assert cycles(graph) == []


def test_a_cycle_through_import_module_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from pkg import a\n")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text(
        "import importlib\n\ndef late():\n    return importlib.import_module('pkg.a')\n"
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.sub.b", "pkg.a"]]
    (package / "sub" / "b.py").write_text("")
    assert cycles(import_graph(tmp_path, "pkg")) == []
