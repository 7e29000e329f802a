"""The whole generation in one call: include tree -> IR -> binding plan -> every output file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aclgen import output
from aclgen.emit import cdef, constants, csource, emulator_stubs, libraries, manifest, python, stubs
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import DEFAULT_IRREGULAR_FILE, BindingPlan, build_plan
from aclgen.model.ir import Api
from aclgen.model.naming import DEFAULT_NAMES_FILE

PACKAGE_DIR = "acl/_generated"  # the binding's generated modules, C and manifest
EMULATOR_DIR = "emulator/generated"  # the generator's part of the emulator library
EMULATOR_STUBS = f"{EMULATOR_DIR}/emulator_stubs.c"
BASELINE_DIR = Path(__file__).resolve().parents[2] / "headers"  # the API the emulator implements


@dataclass
class Generation:
    api: Api
    plan: BindingPlan
    files: dict[str, str]  # output path relative to the repository root -> stamped text
    input_sha256: str


def input_digest(include_dir: Path) -> str:
    """Hash of everything the output depends on besides the generator itself: headers and data."""
    files = output.tree_files(include_dir, "*.h")
    # only the data the generator reads: pyacl.json is the tests' reference, not an input
    files += [(f"data/{p.name}", p.read_bytes()) for p in (DEFAULT_IRREGULAR_FILE, DEFAULT_NAMES_FILE)]
    return output.input_hash(files)


def emit_all(api: Api, plan: BindingPlan) -> dict[str, str]:
    """Every output file, unstamped, by its path relative to the repository root."""
    package: dict[str, str] = {
        "api.json": manifest.emit_manifest(api, plan),
        "types.h": cdef.emit_types_h(api, plan),
        "cdef.h": cdef.emit_cdef(api, plan),
        "shims.c": csource.emit_csource(api, plan),
        "constants.py": constants.emit_constants(api, plan),
        "libraries.py": libraries.emit_libraries(api, plan),
    }
    package.update(python.emit_python(api, plan))
    package.update(stubs.emit_stubs(api, plan))
    package["__init__.py"] = '"""Generator output; see tools/gen_wrappers.py."""\n'
    files = {f"{PACKAGE_DIR}/{name}": text for name, text in sorted(package.items())}
    files[EMULATOR_STUBS] = emulator_stubs.emit_emulator_stubs(api, plan)
    return files


def _same_tree(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def generate(include_dir: Path, baseline_dir: Path = BASELINE_DIR) -> Generation:
    """Generate from include_dir. The emulator's stubs always come from baseline_dir: the emulator
    is compiled against the baseline headers, whatever release a binding is regenerated from."""
    api = parse_tree(include_dir)
    plan = build_plan(api)
    digest = input_digest(include_dir)
    base_plan = None
    if not _same_tree(include_dir, baseline_dir):
        base_api = parse_tree(baseline_dir)
        base_plan = build_plan(base_api)
        plan.absent = absent_functions(plan, base_plan)
        declared = {c.name for c in constants.all_constants(api)[0]}
        plan.baseline_only_constants = {
            c.name: c.value for c in constants.all_constants(base_api)[0] if c.name not in declared
        }
    files = {path: output.stamp(Path(path).name, text, digest) for path, text in emit_all(api, plan).items()}
    if base_plan is not None:
        stubs = emulator_stubs.emit_emulator_stubs(base_plan.api, base_plan)
        files[EMULATOR_STUBS] = output.stamp(Path(EMULATOR_STUBS).name, stubs, input_digest(baseline_dir))
    return Generation(api, plan, files, digest)


def absent_functions(plan: BindingPlan, baseline: BindingPlan) -> dict[str, dict[str, str]]:
    """Module -> {Python name: C name} of the baseline's bound functions that `plan`'s headers lack;
    their aliases in the same module go to plan.absent_aliases."""
    declared = {f.name for f in plan.api.functions}
    absent: dict[str, dict[str, str]] = {}
    for b in baseline.bound_functions:
        if b.c_name in declared:
            continue
        absent.setdefault(b.module, {})[b.py_name] = b.c_name
        for alias in b.aliases:
            extra = baseline.irregular.extras.get(f"{alias.module}.{alias.name}")
            if alias.kind == "alias" and alias.module == b.module:  # the same object, as when present
                plan.absent_aliases.setdefault(b.module, {})[alias.name] = b.py_name
            elif alias.kind == "alias" or (extra is not None and extra.impl):
                absent.setdefault(alias.module, {})[alias.name] = b.c_name
    return absent


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
