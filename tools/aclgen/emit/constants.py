"""constants.py: every enum member and integer constant of the API as a module attribute.

Placement rule for the per-module copies: a constant belongs to the module of its header's area,
that is the Python module most of the header's functions go to (acl/acl_rt.h -> acl.rt,
acl/acl_mdl.h -> acl.mdl); headers that declare no function go to acl.himpi under acl/dvpp/ and
acl/media/, else to the top level. constants.py holds all of them and is re-exported by `acl`.
When two declarations give one name different values, the first one met wins and the other is
listed in a comment (nothing is dropped silently).
"""

from __future__ import annotations

from dataclasses import dataclass

from aclgen.model.bindings import BindingPlan
from aclgen.model.ir import Api


@dataclass(frozen=True)
class ConstantValue:
    name: str
    value: int
    header: str
    origin: str  # "enum <type>", "define", "static_const"


def all_constants(api: Api) -> tuple[list[ConstantValue], list[tuple[ConstantValue, ConstantValue]]]:
    """Unique constants in declaration order, and the (kept, conflicting) pairs."""
    seen: dict[str, ConstantValue] = {}
    conflicts = []
    candidates = [
        ConstantValue(name, value, enum.header, f"enum {enum.typedef_name or enum.tag}")
        for enum in api.enums
        for name, value in enum.members
    ]
    candidates += [ConstantValue(c.name, c.value, c.header, c.origin) for c in api.constants]
    for const in candidates:
        kept = seen.get(const.name)
        if kept is None:
            seen[const.name] = const
        elif kept.value != const.value:
            conflicts.append((kept, const))
    return list(seen.values()), conflicts


def module_constants(plan: BindingPlan, module: str) -> list[ConstantValue]:
    placement = plan.header_modules()
    return [c for c in all_constants(plan.api)[0] if placement.get(c.header, "top") == module]


def constant_lines(constants: list[ConstantValue]) -> list[str]:
    return [f"{c.name} = {c.value}" for c in constants]


def emit_constants(api: Api, plan: BindingPlan) -> str:
    constants, conflicts = all_constants(api)
    lines = ['"""Every enum member and integer constant of the AscendCL API."""', ""]
    for kept, other in conflicts:
        lines.append(
            f"# {other.name}: {other.origin} in {other.header} says {other.value}; "
            f"kept {kept.value} from {kept.origin} in {kept.header}"
        )
    if conflicts:
        lines.append("")
    lines += constant_lines(constants)
    lines += ["", "__all__ = ["] + [f'    "{c.name}",' for c in constants] + ["]", ""]
    if plan.baseline_only_constants:
        lines += ["# the baseline's constants these headers lack, for code talking to the emulator"]
        lines += ["_BASELINE_ONLY = {"]
        lines += [f'    "{name}": {value},' for name, value in sorted(plan.baseline_only_constants.items())]
        lines += ["}", ""]
    return "\n".join(lines)
