"""The public callables of `acl` and the kind of each positional argument.

Kinds come from pyACL's table (tools/data/pyacl.json) where it has the function, else from the
generator's api.json (C parameter kinds), else `any`.
"""

from __future__ import annotations

import importlib
import inspect
import json
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC_MODULES = (
    "acl", "acl.rt", "acl.mdl", "acl.op", "acl.media", "acl.himpi",
    "acl.prof", "acl.tdt", "acl.fv", "acl.blas", "acl.util",
)

# api.json parameter kinds and pyACL argument codes, folded into the families values.py draws from
_FAMILY = {
    "scalar": "int", "int": "int", "uint": "int", "uint64": "int", "int16": "int", "uint8": "int",
    "int8": "int", "int64": "int", "uint16": "int", "float": "float", "double": "float",
    "handle": "handle", "dict": "dict", "list": "list", "tuple": "list", "string": "str", "str": "str",
    "str?": "str", "bytes": "any", "numpy": "any", "object": "any", "object?": "any", "inout": "any",
}


@dataclass(frozen=True)
class Target:
    qualname: str  # e.g. "acl.rt.memset"
    kinds: tuple[str, ...]  # one family per positional argument


def _normalised(name: str) -> str:
    return name.replace("_", "").lower()


def _api_bindings() -> dict[str, dict]:
    api = json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text())
    return {f"{b['module']}.{b['python_name']}": b for b in api["bindings"]}


def _pyacl_rows() -> dict[str, list[str]]:
    rows = json.loads((REPO_ROOT / "tools" / "data" / "pyacl.json").read_text())["rows"]
    return {f"{r['module']}.{r['name']}": r["args"] for r in rows}


def _python_parameters(fn: object) -> list[str] | None:
    try:
        params = inspect.signature(fn).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None  # a cffi builtin: api.json knows its parameters
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _kinds(qualname: str, fn: object, binding: dict | None, pyacl: list[str] | None) -> tuple[str, ...]:
    c_params = [p for p in (binding or {}).get("params", []) if p["kind"] != "out"]
    names = _python_parameters(fn)
    if names is None:
        names = [p["name"] for p in c_params]
    if pyacl is not None and len(pyacl) == len(names):
        return tuple(_FAMILY.get(a, "any") for a in pyacl)
    by_name = {_normalised(p["name"]): p["kind"] for p in c_params}
    return tuple(_FAMILY.get(by_name.get(_normalised(n), "any"), "any") for n in names)


def public_targets() -> list[Target]:
    """Every public function of the public modules, sorted by qualified name."""
    bindings, pyacl = _api_bindings(), _pyacl_rows()
    targets = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in dir(module):
            fn = getattr(module, name)
            if name.startswith("_") or not callable(fn) or isinstance(fn, type) or inspect.ismodule(fn):
                continue
            if getattr(fn, "__module__", "").startswith("typing"):
                continue  # a re-exported annotation helper, not part of the API
            qualname = f"{module_name}.{name}"
            kinds = _kinds(qualname, fn, bindings.get(qualname), pyacl.get(qualname))
            targets.append(Target(qualname, kinds))
    return sorted(targets, key=lambda t: t.qualname)


def resolve(qualname: str) -> object:
    module_name, _, name = qualname.rpartition(".")
    return getattr(importlib.import_module(module_name), name)


_BY_NAME: dict[str, tuple[str, ...]] = {}


def public_targets_by_name() -> dict[str, tuple[str, ...]]:
    """qualname -> argument families, computed once per process."""
    if not _BY_NAME:
        _BY_NAME.update((t.qualname, t.kinds) for t in public_targets())
    return _BY_NAME
