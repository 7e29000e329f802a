"""Check an IR against a real include tree (`gen_wrappers.py --verify-against DIR`).

One C++ translation unit includes the real headers, re-declares the IR's own types inside
`namespace gen`, and states with `static_assert` that every function has the IR's prototype,
every struct/union has the IR's size and field offsets, every enum member and constant has the
IR's value. g++ does the comparing; we only map its complaints back to item names.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from aclgen.emit.cdef import declare
from aclgen.model.c_integers import promote
from aclgen.model.ir import Api, Enum, Field, Record

GEN = "gen"
# -w: only errors are findings; ENABLE_DVPP_INTERFACE: real acl_dvpp.h hides its API without it.
EXTRA_FLAGS = ("-fsyntax-only", "-std=c++11", "-w", "-DENABLE_DVPP_INTERFACE")
ASSERT_FAILED = re.compile(r"static assertion failed: (.*)$")
DIAGNOSTIC = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?:\d+:)? (?:fatal )?error: (?P<msg>.*)$")


def enumerator_literal(value: int) -> str:
    if -(2**31) <= value < 2**31:
        return str(value)
    return f"{value}ULL" if value >= 2**63 else f"({value + 1}LL - 1)" if value < 0 else f"{value}LL"


def as_long_long(value: int) -> str:
    """`value` as a constant of a type wide enough to compare with any enumerator or macro."""
    if value >= 2**63:
        return f"{value}ULL"
    return f"({value + 1}LL - 1)" if value < 0 else f"{value}LL"


@dataclass
class Unit:
    """The source being built, and which item each line speaks for."""

    lines: list[str] = field(default_factory=list)
    owner: dict[int, str] = field(default_factory=dict)  # 1-based line -> item label

    def add(self, text: str, item: Optional[str] = None) -> None:
        for line in text.split("\n"):
            self.lines.append(line)
            if item is not None:
                self.owner[len(self.lines)] = item

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def static_assert(condition: str, message: str) -> str:
    return f'static_assert({condition}, "{message}");'


def record_label(rec: Record) -> str:
    return rec.typedef_name or f"{rec.kind} {rec.tag}"


def enum_label(en: Enum) -> str:
    return en.typedef_name or f"enum {en.tag}"


def field_type_text(fld: Field) -> str:
    text = fld.type.text
    if fld.type.array_dims and "[" not in text:
        text += "".join("[]" if d is None else f"[{d}]" for d in fld.type.array_dims)
    return text


class VerifySource:
    def __init__(self, api: Api) -> None:
        self.api = api
        self.unit = Unit()
        self.enum_counter = 0
        self.typedefs_done: set[str] = set()
        self.records_done: set[int] = set()
        self.enums_done: set[int] = set()

    # -- our side: the IR's types inside namespace gen --------------------------------
    def gen_fields(self, fields: Iterable[Field], indent: str) -> list[str]:
        out = []
        for fld in fields:
            if fld.fields is not None:
                out.append(f"{indent}{fld.kind or 'struct'} {{")
                out += self.gen_fields(fld.fields, indent + "    ")
                out.append(f"{indent}}}{' ' + fld.name if fld.name else ''};")
                continue
            decl = declare(field_type_text(fld), fld.name or "")
            if fld.bitfield_width is not None:
                decl += f" : {fld.bitfield_width}"
            if fld.aligned is not None:
                decl += f" __attribute__((aligned({fld.aligned})))"
            out.append(f"{indent}{decl};")
        return out

    def gen_record(self, rec: Record) -> None:
        if id(rec) in self.records_done:
            return
        self.records_done.add(id(rec))
        label = f"{record_label(rec)} (IR definition)"
        if rec.fields is None:
            if rec.tag:
                self.unit.add(f"{rec.kind} {rec.tag};", label)
            if rec.typedef_name and rec.tag:
                self.unit.add(f"typedef {rec.kind} {rec.tag} {rec.typedef_name};", label)
                self.typedefs_done.add(rec.typedef_name)
            return
        head = f"{rec.kind} {rec.tag} {{" if rec.tag else f"{rec.kind} {{"
        body = "\n".join(self.gen_fields(rec.fields, "    "))
        if rec.typedef_name:
            self.unit.add(f"typedef {head}\n{body}\n}} {rec.typedef_name};", label)
            self.typedefs_done.add(rec.typedef_name)
        else:
            self.unit.add(f"{head}\n{body}\n}};", label)

    def gen_enum(self, en: Enum) -> None:
        if id(en) in self.enums_done or not (en.tag or en.typedef_name):
            return
        self.enums_done.add(id(en))
        self.enum_counter += 1
        # Members get private names: real headers may define macros spelled like the enumerators.
        members = ", ".join(
            f"aclverify_e{self.enum_counter}_{i} = {enumerator_literal(v)}"
            for i, (_, v) in enumerate(en.members)
        )
        head = f"enum {en.tag}" if en.tag else "enum"
        label = f"{enum_label(en)} (IR definition)"
        if en.typedef_name:
            self.unit.add(f"typedef {head} {{ {members} }} {en.typedef_name};", label)
            self.typedefs_done.add(en.typedef_name)
        else:
            self.unit.add(f"{head} {{ {members} }};", label)

    def gen_typedef(self, name: str) -> None:
        td = self.api.typedef(name)
        if td is None or name in self.typedefs_done:
            return
        self.typedefs_done.add(name)
        self.unit.add(f"typedef {declare(td.type.text, name)};", f"{name} (IR typedef)")

    def gen_types(self) -> None:
        by_tag: dict[str, Record | Enum] = {}
        by_name: dict[str, Record | Enum] = {}
        for rec in self.api.records:
            if rec.tag:
                by_tag[f"{rec.kind} {rec.tag}"] = rec
            if rec.typedef_name:
                by_name[rec.typedef_name] = rec
        for en in self.api.enums:
            if en.tag:
                by_tag[f"enum {en.tag}"] = en
            if en.typedef_name:
                by_name[en.typedef_name] = en
        # Tags first, so pointers to records defined later name our records, not the real ones.
        for rec in self.api.records:
            if rec.tag:
                self.unit.add(f"{rec.kind} {rec.tag};", f"{record_label(rec)} (IR definition)")
        for item in self.api.order:
            kind, _, name = item.partition(" ")
            target = by_tag.get(item) if kind != "typedef" else by_name.get(name)
            if isinstance(target, Record):
                self.gen_record(target)
            elif isinstance(target, Enum):
                self.gen_enum(target)
            if kind == "typedef":
                self.gen_typedef(name)
        # Whatever the order did not name (hand-built APIs) follows in a safe-enough sequence.
        for en in self.api.enums:
            self.gen_enum(en)
        for td in self.api.typedefs:
            if td.type.base.startswith(("struct ", "union ")) or td.type.pointers or td.type.function:
                self.gen_typedef(td.name)
        for rec in self.api.records:
            self.gen_record(rec)
        for td in self.api.typedefs:
            self.gen_typedef(td.name)

    # -- the comparisons -------------------------------------------------------------------
    def expect(self, condition: str, item: str, what: str) -> None:
        self.unit.add(static_assert(condition, f"{item}: {what} differs from the IR"), item)

    def check_functions(self) -> None:
        for fn in sorted(self.api.functions, key=lambda f: f.name):
            params = [p.type.text for p in fn.params]
            if fn.variadic:
                params.append("...")
            pointer = declare(fn.return_type.text, f"(*)({', '.join(params)})")
            self.expect(
                f"std::is_same<decltype(&::{fn.name}), {pointer}>::value", f"function {fn.name}", "prototype"
            )

    def real_spelling(self, rec: Record) -> str:
        """How the C++ side names the real type (usable in sizeof, offsetof and as a scope)."""
        if rec.typedef_name:
            return f"::{rec.typedef_name}"
        # C++ scopes a tag defined inside another struct to it; reach it through a member instead.
        spelled = f"{rec.kind} {rec.tag}"
        for outer in self.api.records:
            if outer is rec or not (outer.fields and (outer.tag or outer.typedef_name)):
                continue
            for fld in outer.fields:
                if fld.name and fld.type.text.strip() == spelled:
                    return f"decltype({self.real_spelling(outer)}::{fld.name})"
        return f"::{rec.tag}"

    def gen_spelling(self, rec: Record) -> str:
        return f"{GEN}::{rec.typedef_name}" if rec.typedef_name else f"{rec.kind} {GEN}::{rec.tag}"

    def offset_fields(self, fields: Iterable[Field]) -> Iterable[str]:
        """Named, addressable members, including those reached through anonymous members."""
        for fld in fields:
            if fld.fields is not None and fld.name is None:
                yield from self.offset_fields(fld.fields)
            elif fld.name and fld.bitfield_width is None:
                yield fld.name

    def check_records(self) -> None:
        for rec in self.api.records:
            if rec.fields is None or not (rec.tag or rec.typedef_name):
                continue
            real, ours, item = self.real_spelling(rec), self.gen_spelling(rec), f"record {record_label(rec)}"
            self.expect(f"sizeof({real}) == sizeof({ours})", item, "sizeof")
            self.expect(f"alignof({real}) == alignof({ours})", item, "alignment")
            for name in self.offset_fields(rec.fields):
                self.expect(
                    f"offsetof({real}, {name}) == offsetof({ours}, {name})", f"{item} field {name}", "offset"
                )

    def check_enums(self) -> None:
        for en in self.api.enums:
            if en.tag or en.typedef_name:
                real = f"::{en.typedef_name}" if en.typedef_name else f"enum ::{en.tag}"
                ours = f"{GEN}::{en.typedef_name}" if en.typedef_name else f"enum {GEN}::{en.tag}"
                self.expect(f"sizeof({real}) == sizeof({ours})", f"enum {enum_label(en)}", "sizeof")
            for name, value in en.members:
                # A macro may share the enumerator's name in real headers; step past it for one line.
                self.unit.add(f'#pragma push_macro("{name}")\n#undef {name}')
                self.expect(
                    f"static_cast<long long>(::{name}) == {as_long_long(value)}",
                    f"enum member {name}",
                    "value",
                )
                self.unit.add(f'#pragma pop_macro("{name}")')

    def check_constants(self) -> None:
        for const in sorted(self.api.constants, key=lambda c: c.name):
            ctype = const.c_type
            # Compared in C's terms: an enumerator (a macro may alias one) and a character literal
            # are `int` in C but of the enum type and `char` in C++; unary plus promotes both to
            # what C says, and leaves a constant of int's rank or wider as it is.
            expr = f"+({const.name})" if promote(ctype) == ctype else const.name
            same_type = f"std::is_same<std::remove_cv<decltype({expr})>::type, {ctype}>::value"
            same_value = f"{const.name} == static_cast<{ctype}>({as_long_long(const.value)})"
            self.expect(f"{same_type} && {same_value}", f"constant {const.name}", "value or type")

    def build(self) -> str:
        # Every header that declares something: a tree need not have an umbrella acl/acl.h.
        headers = sorted({f.header for f in self.api.functions} | self.all_type_headers())
        self.unit.add("/* Written by tools/aclgen/verify/cxx_check.py: the IR against the headers. */")
        self.unit.add("#include <cstddef>\n#include <type_traits>")
        for header in headers:
            self.unit.add(f'#include "{header}"', f"header {header}")
        self.unit.add(f"namespace {GEN} {{")
        self.gen_types()
        self.unit.add(f"}}  // namespace {GEN}")
        self.check_functions()
        self.check_records()
        self.check_enums()
        self.check_constants()
        return self.unit.text()

    def all_type_headers(self) -> set[str]:
        groups: list[list] = [self.api.enums, self.api.records, self.api.typedefs, self.api.constants]
        return {x.header for group in groups for x in group if x.header}


def build_unit(api: Api) -> Unit:
    src = VerifySource(api)
    src.build()
    return src.unit


def emit_verify_source(api: Api) -> str:
    """The C++ translation unit that checks `api` against the headers it includes."""
    return build_unit(api).text()


def include_flags(include_dir: Path) -> list[str]:
    """The root, plus the himpi directories whose headers include each other by bare name."""
    flags = [f"-I{include_dir}"]
    for sub in ("acl/dvpp", "acl/media"):
        if (include_dir / sub).is_dir():
            flags.append(f"-I{include_dir / sub}")
    return flags


def problems_from_diagnostics(stderr: str, unit: Unit, source_name: str) -> list[str]:
    """Turn compiler errors into problems: a failed assertion's text, else the item and first error."""
    problems: list[str] = []
    items_with_errors: set[str] = set()
    for line in stderr.splitlines():
        m = DIAGNOSTIC.match(line)
        if m is None:
            continue
        failed = ASSERT_FAILED.search(m.group("msg"))
        if failed:
            problem = failed.group(1)
        elif Path(m.group("file")).name == source_name:
            item = unit.owner.get(int(m.group("line")), "verify unit")
            if item in items_with_errors:
                continue  # follow-on errors of a declaration already reported
            items_with_errors.add(item)
            problem = f"{item}: {m.group('msg')}"
        else:
            problem = f"{m.group('file')}:{m.group('line')}: {m.group('msg')}"
        if problem not in problems:
            problems.append(problem)
    return problems


def run_verify(api: Api, include_dir: Path, cxx: str = "g++") -> list[str]:
    """Compile the check against `include_dir`; return the problems found (empty when all match)."""
    if shutil.which(cxx) is None:
        return [f"--verify-against compiles a C++ check of the headers and needs {cxx}, which is not on "
                f"PATH (install g++)"]
    unit = build_unit(api)
    with tempfile.TemporaryDirectory(prefix="aclverify") as tmp:
        source = Path(tmp) / "verify.cpp"
        source.write_text(unit.text())
        proc = subprocess.run(
            [cxx, *EXTRA_FLAGS, *include_flags(Path(include_dir)), str(source)],
            capture_output=True,
            text=True,
        )
    if proc.returncode == 0:
        return []
    problems = problems_from_diagnostics(proc.stderr, unit, source.name)
    return problems or [f"compiler failed without a diagnostic we understand: {proc.stderr.strip()[:500]}"]


__all__ = ["declare", "emit_verify_source", "run_verify"]
