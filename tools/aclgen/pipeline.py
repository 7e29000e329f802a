"""The whole generation in one call: include tree -> IR -> binding plan -> every output file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aclgen import (
    emit_cdef,
    emit_constants,
    emit_csource,
    emit_emulator_stubs,
    emit_libraries,
    emit_python,
    emit_stubs,
    output,
)
from aclgen.bindings import BindingPlan, build_plan
from aclgen.ir import Api
from aclgen.parse import parse_tree

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
PACKAGE_DIR = "acl/_generated"  # the binding's generated modules, C and manifest
EMULATOR_DIR = "emulator/generated"  # the generator's part of the emulator library


@dataclass
class Generation:
    api: Api
    plan: BindingPlan
    files: dict[str, str]  # output path relative to the repository root -> stamped text
    input_sha256: str


def input_digest(include_dir: Path) -> str:
    """Hash of everything the output depends on besides the generator itself: headers and data."""
    files = output.tree_files(include_dir, "*.h")
    files += [(f"data/{name}", content) for name, content in output.tree_files(DATA_DIR, "*.json")]
    return output.input_hash(files)


def manifest_text(api: Api, plan: BindingPlan) -> str:
    obj = api.to_json_obj()
    obj["bindings"] = plan.manifest()
    return output.json_lines(obj)


def generate(include_dir: Path) -> Generation:
    api = parse_tree(include_dir)
    plan = build_plan(api)
    raw: dict[str, str] = {
        "api.json": manifest_text(api, plan),
        "types.h": emit_cdef.emit_types_h(api, plan),
        "cdef.h": emit_cdef.emit_cdef(api, plan),
        "shims.c": emit_csource.emit_csource(api, plan),
        "constants.py": emit_constants.emit_constants(api, plan),
        "libraries.py": emit_libraries.emit_libraries(api, plan),
    }
    raw.update(emit_python.emit_python(api, plan))
    raw.update(emit_stubs.emit_stubs(api, plan))
    raw["__init__.py"] = '"""Generator output; see tools/gen_wrappers.py."""\n'
    digest = input_digest(include_dir)
    files = {f"{PACKAGE_DIR}/{name}": output.stamp(name, text, digest) for name, text in sorted(raw.items())}
    stubs = emit_emulator_stubs.emit_emulator_stubs(api, plan)
    files[f"{EMULATOR_DIR}/emulator_stubs.c"] = output.stamp("emulator_stubs.c", stubs, digest)
    return Generation(api, plan, files, digest)


def report(gen: Generation) -> str:
    """Counts per module: bound directly, bound with a wrapper, hand-written, and unbound with reasons."""
    plan = gen.plan
    widths = (9, 7, 8, 5, 9, 8)
    heads = ("functions", "direct", "wrapped", "hand", "irregular", "unbound")
    lines = [f"{'module':<8} " + " ".join(f"{h:>{w}}" for h, w in zip(heads, widths))]
    modules = sorted({b.module for b in plan.functions})
    totals = [0, 0, 0, 0, 0, 0]
    for module in modules:
        rows = [b for b in plan.functions if b.module == module]
        counts = [
            len(rows),
            sum(b.direct for b in rows),
            sum(b.bound and not b.direct and not b.hand_written for b in rows),
            sum(b.hand_written for b in rows),
            sum(b.irregular is not None and not b.hand_written for b in rows),
            sum(not b.bound for b in rows),
        ]
        totals = [t + c for t, c in zip(totals, counts)]
        lines.append(f"{module:<8} " + " ".join(f"{c:>{w}}" for c, w in zip(counts, widths)))
    lines.append(f"{'total':<8} " + " ".join(f"{c:>{w}}" for c, w in zip(totals, widths)))
    lines.append("")
    lines.append("irregular: pyACL shapes them differently; bound generically until hand-written")
    unbound = plan.unbound()
    for name, reason in unbound:
        lines.append(f"unbound: {name}: {reason}")
    for s in gen.api.skipped:
        lines.append(f"skipped {s.kind}: {s.name} ({s.header}:{s.line}): {s.reason}")
    pending = sorted(b.c_name for b in plan.functions if b.irregular is not None and not b.hand_written)
    lines.append(f"needing hand-written pyACL wrappers: {len(pending)}")
    lines += [f"  {name}: {plan.irregular.functions[name].group}" for name in pending]
    return "\n".join(lines)
