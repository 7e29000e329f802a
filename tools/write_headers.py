#!/usr/bin/env python3
"""Write our own declaration of the baseline AscendCL API (headers/acl/...) from the facts file.

The facts file (../shared/api/ascendcl-api.json) holds names, types, values and parameter
directions only. This script turns them into a CANN-like include tree that compiles as C11 and
C++, with one doxygen `@param [dir] name` tag per parameter for the generator to read.

Usage: python tools/write_headers.py [--facts PATH] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from aclgen.emit_verify import declare  # the same declarator rule the verifier uses

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FACTS = REPO_ROOT.parent / "shared" / "api" / "ascendcl-api.json"
DEFAULT_PYACL = REPO_ROOT.parent / "shared" / "api" / "pyacl-api.json"
DEFAULT_OUT = REPO_ROOT / "headers"

BANNER = (
    "/* Written by tools/write_headers.py from ascendcl-api.json (API facts only);"
    " regenerate, do not edit. */"
)

# Headers that declare nothing themselves and only gather others, as in a CANN include tree.
UMBRELLAS: dict[str, list[str]] = {
    "acl/acl.h": ["acl/acl_rt.h", "acl/acl_op.h", "acl/acl_mdl.h"],
    "acl/acl_base.h": ["acl/acl_base_rt.h", "acl/acl_base_mdl.h"],
    "acl/dvpp/hi_dvpp_common.h": ["acl/dvpp/hi_media_common.h"],
    "acl/dvpp/hi_dvpp_type.h": ["acl/dvpp/hi_media_type.h"],
    "acl/dvpp/hi_dvpp_sys.h": ["acl/dvpp/hi_mpi_sys.h"],
    "acl/dvpp/hi_dvpp.h": [
        "acl/dvpp/hi_dvpp_common.h",
        "acl/dvpp/hi_dvpp_type.h",
        "acl/dvpp/hi_dvpp_sys.h",
        "acl/dvpp/hi_dvpp_vb.h",
        "acl/dvpp/hi_dvpp_vdec.h",
        "acl/dvpp/hi_dvpp_venc.h",
        "acl/dvpp/hi_dvpp_vpc.h",
        "acl/dvpp/hi_dvpp_pngd.h",
        "acl/dvpp/hi_region.h",
    ],
    "acl/media/hi_mpi_af.h": ["acl/media/hi_common_af.h"],
}


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Tokens in type strings that name no declaration of ours.
C_WORDS = words(
    "void char short int long float double signed unsigned const volatile struct union enum _Bool bool size_t"
)
STD_INT = re.compile(r"^u?int(8|16|32|64|ptr|max)_t$")
IDENT = re.compile(r"[A-Za-z_]\w*")

# Verbs in a function name that say what an undocumented writable pointer is for.
FILLING_VERBS = words("get query acquire alloc malloc calc obtain read recv receive")
READING_VERBS = words(
    "set create register reg unreg unregister send release free destroy record wait backup restore "
    "lock unlock copyref enable disable load config configure bind unbind start stop"
)


def deps_of_type(text: str) -> Iterator[str]:
    """Names a type string refers to: typedef names and "struct X"/"union X"/"enum X"."""
    tokens = IDENT.findall(text)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in ("struct", "union", "enum") and i + 1 < len(tokens):
            yield f"{tok} {tokens[i + 1]}"
            i += 2
            continue
        if tok not in C_WORDS and not STD_INT.match(tok):
            yield tok
        i += 1


def int_literal(value: int, c_type: str) -> str:
    """A literal with exactly this value and C type, valid in both C and C++."""
    suffix = {
        "int": "",
        "unsigned int": "U",
        "long": "L",
        "unsigned long": "UL",
        "long long": "LL",
        "unsigned long long": "ULL",
    }[c_type]
    if value >= 0:
        return f"{value}{suffix}"
    # -2147483648 would be unary minus on a literal too big for int; go through MIN + 1.
    return f"(-{-value - 1}{suffix} - 1)" if c_type == "int" and value == -(2**31) else f"(-{-value}{suffix})"


def enum_literal(value: int) -> str:
    if -(2**31) <= value <= 2**31 - 1:
        return int_literal(value, "int")
    if 0 <= value <= 2**32 - 1:
        return int_literal(value, "unsigned int")
    return int_literal(value, "long long" if value < 0 else "unsigned long long")


def name_words(fn_name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", fn_name)
    return [w.lower() for w in spaced.split("_") if w]


def infer_direction(fn: dict[str, Any], param: dict[str, Any], pyacl_in_count: Optional[int]) -> str:
    """Direction for a parameter no doc tag names; the caller marks it "(inferred)"."""
    t = param["type"].strip()
    if pyacl_in_count is not None and pyacl_in_count == len(fn["params"]):
        return "in"  # pyACL passes every argument in, so nothing comes back through pointers
    if "(" in t or "*" not in t.replace("(*", ""):
        return "in"
    if t.startswith("const ") and t.count("*") == 1:
        return "in"
    if re.fullmatch(r"(hi_)?void \*", t):
        return "in"
    if t.count("*") >= 2:
        return "out"
    if re.fullmatch(r"(hi_)?char \*", t):
        return "out"  # a text buffer the function fills
    pname = param["name"].lower()
    if "output" in pname or pname.startswith("out"):
        return "out"
    if "input" in pname:
        return "in"
    for word in name_words(fn["name"]):  # the first verb in the name is the action
        if word in FILLING_VERBS:
            return "out"
        if word in READING_VERBS:
            return "in"
    return "inout"


@dataclass
class HeaderText:
    path: str
    deps: set[str] = field(default_factory=set)  # type/macro names used by this header
    defines: list[str] = field(default_factory=list)
    late_defines: list[str] = field(default_factory=list)  # macros named like an enumerator
    body: list[str] = field(default_factory=list)
    uses_bool: bool = False
    provides: list[str] = field(default_factory=list)


class Writer:
    def __init__(self, facts: dict[str, Any], pyacl: list[dict[str, Any]]) -> None:
        self.facts = facts
        types = facts["types"]
        self.enums = {e["ref"]: e for e in types["enums"]}
        self.records = {s["ref"]: s for s in types["structs"]}
        self.typedefs: dict[str, dict[str, Any]] = {}
        for td in types["typedefs"]:
            self.typedefs.setdefault(td["name"], td)
        self.functions = {f["name"]: f for m in facts["modules"].values() for f in m["functions"]}
        self.static_consts = {c["name"]: c for c in facts["constants"]["static_consts"]}
        self.int_defines = {d["name"]: d for d in facts["constants"]["defines"]}
        self.pyacl_in_count = {p["c_function"]: len(p["args"]) for p in pyacl if p.get("c_function")}
        self.headers: dict[str, HeaderText] = {}
        self.provider: dict[str, str] = {}  # declared name -> header that declares it first

    # -- helpers -----------------------------------------------------------------------
    def header(self, path: str) -> HeaderText:
        if path not in self.headers:
            self.headers[path] = HeaderText(path)
        return self.headers[path]

    def provide(self, h: HeaderText, name: str) -> None:
        self.provider.setdefault(name, h.path)
        h.provides.append(name)

    def use_type(self, h: HeaderText, text: str) -> None:
        for dep in deps_of_type(text):
            h.deps.add(dep)
        if re.search(r"\bbool\b", text):
            h.uses_bool = True

    def dims_text(self, fld: dict[str, Any], h: HeaderText) -> str:
        dims = fld.get("array_dims") or []
        texts = fld.get("array_dims_text") or [None] * len(dims)
        out = []
        for dim, txt in zip(dims, texts):
            macro = self.int_defines.get(txt) if txt else None
            if macro is not None and macro["value"] == dim:
                h.deps.add(txt)
                out.append(f"[{txt}]")
            else:
                out.append("[]" if dim is None else f"[{dim}]")
        return "".join(out)

    # -- items ---------------------------------------------------------------------------
    def emit_fields(self, fields: list[dict[str, Any]], h: HeaderText, indent: str) -> list[str]:
        lines: list[str] = []
        for fld in fields:
            if fld.get("fields") is not None:
                lines.append(f"{indent}{fld['kind']} {{")
                lines += self.emit_fields(fld["fields"], h, indent + "    ")
                tail = "" if fld.get("anonymous") or not fld.get("name") else " " + fld["name"]
                lines.append(f"{indent}}}{tail}{self.dims_text(fld, h)};")
                continue
            ftype = fld["type"]
            nested = self.records.get(ftype)
            if nested is not None and nested.get("nested_in"):
                # A tagged definition written inside this struct: keep it there so C++ sees it too.
                lines.append(f"{indent}{nested['kind']} {nested['name']} {{")
                lines += self.emit_fields(nested["fields"], h, indent + "    ")
                lines.append(f"{indent}}} {fld['name']}{self.dims_text(fld, h)};")
                continue
            self.use_type(h, ftype)
            decl = declare(ftype, fld["name"] + self.dims_text(fld, h))
            if fld.get("bitfield_width") is not None:
                decl += f" : {fld['bitfield_width']}"
            for attr in fld.get("attributes") or []:
                decl += f" __attribute__(({attr}))"
            note = "  /* deprecated */" if fld.get("deprecated") else ""
            lines.append(f"{indent}{decl};{note}")
        return lines

    def emit_record(self, rec: dict[str, Any], h: HeaderText) -> list[str]:
        kind, tag, tdname = rec["kind"], rec["name"], rec["typedef_name"]
        head = f"{kind} {tag} {{" if tag else f"{kind} {{"
        if tag:
            self.provide(h, f"{kind} {tag}")
        if tdname:
            self.provide(h, tdname)
            head = "typedef " + head
        lines = [head, *self.emit_fields(rec["fields"], h, "    ")]
        lines.append(f"}} {tdname};" if tdname else "};")
        return lines

    def emit_enum(self, en: dict[str, Any], h: HeaderText) -> list[str]:
        tag, tdname = en["name"], en["typedef_name"]
        deprecated = set(en.get("deprecated_members") or [])
        head = f"enum {tag} {{" if tag else "enum {"
        if tdname:
            head = "typedef " + head
            self.provide(h, tdname)
        if tag:
            self.provide(h, f"enum {tag}")
        lines = [head]
        for name, value in en["members"]:
            note = "  /* deprecated */" if name in deprecated else ""
            lines.append(f"    {name} = {enum_literal(value)},{note}")
        lines.append(f"}} {tdname};" if tdname else "};")
        if en.get("bare_tag_used_as_type"):
            # The API spells this enum by its bare tag, which C only accepts through a typedef.
            lines.append(f"typedef enum {tag} {tag};")
            self.provide(h, tag)
        return lines

    def emit_typedef(self, td: dict[str, Any], h: HeaderText) -> list[str]:
        self.use_type(h, td["type"])
        self.provide(h, td["name"])
        return [f"typedef {declare(td['type'], td['name'])};"]

    def emit_static_const(self, c: dict[str, Any], h: HeaderText) -> list[str]:
        self.use_type(h, c["type"])
        self.provide(h, c["name"])
        return [f"static {c['type']} {c['name']} = {int_literal(c['value'], c['c_type'])};"]

    def param_tags(self, fn: dict[str, Any]) -> list[str]:
        tags = []
        for p in fn["params"]:
            direction, inferred = p["direction"], ""
            if direction is None:
                direction = infer_direction(fn, p, self.pyacl_in_count.get(fn["name"]))
                inferred = " (inferred)"
            shown = "in,out" if direction == "inout" else direction
            tags.append(f" * @param [{shown}] {p['name']}{inferred}")
        return tags

    def emit_function(self, fn: dict[str, Any], h: HeaderText) -> list[str]:
        self.provide(h, fn["name"])
        self.use_type(h, fn["return_type"])
        params = []
        for p in fn["params"]:
            self.use_type(h, p["type"])
            params.append(declare(p["type"], p["name"]))
        if fn["variadic"]:
            params.append("...")
        plist = "" if fn["empty_parens"] else ", ".join(params) if params else "void"
        prefix = ""
        if fn["deprecated"]:
            h.deps.add("ACL_DEPRECATED")
            prefix = "ACL_DEPRECATED "
        lines = ["/**", f" * Binding point for {fn['name']}.", *self.param_tags(fn), " */"]
        lines.append(f"{prefix}{declare(fn['return_type'], fn['name'] + '(' + plist + ')')};")
        return lines

    def emit_item(self, item: str, h: HeaderText) -> list[str]:
        kind, _, name = item.partition(" ")
        if kind == "function":
            return self.emit_function(self.functions[name], h)
        if kind == "typedef":
            return self.emit_typedef(self.typedefs[name], h)
        if kind == "static_const":
            return self.emit_static_const(self.static_consts[name], h)
        if kind == "forward":
            self.provide(h, name)
            return [f"{name};"]
        if item in self.enums:
            return self.emit_enum(self.enums[item], h)
        if item in self.records:
            rec = self.records[item]
            if rec.get("nested_in"):
                return []  # written inside its enclosing struct
            return self.emit_record(rec, h)
        raise KeyError(f"declaration_order item not in the facts: {item!r}")

    # -- whole tree ----------------------------------------------------------------------
    def all_header_paths(self) -> list[str]:
        paths = set(UMBRELLAS)
        for mod in self.facts["modules"].values():
            paths.update(mod["headers"])
        paths.update(run["header"] for run in self.facts["declaration_order"])
        return sorted(paths)

    def build(self) -> dict[str, str]:
        for path in self.all_header_paths():
            self.header(path)
        for d in sorted(self.facts["constants"]["defines"], key=lambda x: x["name"]):
            h = self.header(d["header"])
            line = f"#define {d['name']} {int_literal(d['value'], d['c_type'])}"
            (h.late_defines if d.get("shadows_enumerator") else h.defines).append(line)
            self.provide(h, d["name"])
        for d in sorted(self.facts["constants"]["defines_unevaluated"], key=lambda x: x["name"]):
            h = self.header(d["header"])
            h.defines.append(f"#define {d['name']} {d['raw']}".rstrip())
            self.provide(h, d["name"])
        for d in sorted(self.facts["constants"]["function_macros"], key=lambda x: x["name"]):
            h = self.header(d["header"])
            h.defines.append(f"#define {d['name']}({', '.join(d['params'])}) {d['raw']}")
            self.provide(h, d["name"])
        for tm in self.facts["types"]["type_macros"]:
            h = self.header(tm["header"])
            h.defines.append(f"#define {tm['name']} {tm['expansion']}")
            self.provide(h, tm["name"])
        for run in self.facts["declaration_order"]:
            h = self.header(run["header"])
            for item in run["items"]:
                lines = self.emit_item(item, h)
                if lines:
                    h.body.append("\n".join(lines))
        return {path: self.render(self.headers[path]) for path in sorted(self.headers)}

    def includes_of(self, h: HeaderText) -> list[str]:
        own = set(h.provides)
        needed = set(UMBRELLAS.get(h.path, []))
        for dep in sorted(h.deps):
            if dep.startswith(("struct ", "union ")) and dep not in self.records:
                continue  # an opaque tag: naming it declares it
            src = self.provider.get(dep)
            if src is None:
                if dep in self.typedefs or dep in self.enums or dep in self.records:
                    raise KeyError(f"{h.path}: {dep} is known but never declared")
                raise KeyError(f"{h.path}: {dep} is declared nowhere")
            if src != h.path and dep not in own:
                needed.add(src)
        return sorted(needed)

    def render(self, h: HeaderText) -> str:
        guard = re.sub(r"\W", "_", h.path.upper()) + "_"
        out = [BANNER, f"#ifndef {guard}", f"#define {guard}", ""]
        out += ["#include <stdint.h>", "#include <stddef.h>"]
        if h.uses_bool:
            out.append("#include <stdbool.h>")
        for inc in self.includes_of(h):
            out.append(f'#include "{include_spelling(h.path, inc)}"')
        out.append("")
        if h.defines:
            out += [*h.defines, ""]
        out += ["#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
        for block in h.body:
            out += [block, ""]
        out += ["#ifdef __cplusplus", "}", "#endif", ""]
        if h.late_defines:
            out += [*h.late_defines, ""]
        out.append(f"#endif /* {guard} */")
        return "\n".join(out) + "\n"


def include_spelling(from_path: str, target: str) -> str:
    """How a CANN tree spells an include: himpi headers by bare file name, the rest from the root."""
    himpi_dirs = ("acl/dvpp", "acl/media")
    target_dir = target.rsplit("/", 1)[0]
    from_dir = from_path.rsplit("/", 1)[0]
    if target_dir == from_dir or (target_dir in himpi_dirs and from_dir in himpi_dirs):
        return target.rsplit("/", 1)[1]
    return target


def render_tree(facts: dict[str, Any], pyacl: list[dict[str, Any]]) -> dict[str, str]:
    return Writer(facts, pyacl).build()


def write_tree(files: dict[str, str], out_dir: Path) -> list[Path]:
    written = []
    for rel, text in files.items():
        dest = out_dir / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if not dest.exists() or dest.read_text() != text:
            dest.write_text(text)
        written.append(dest)
    return written


def stale_files(out_dir: Path, keep: Iterable[str]) -> list[Path]:
    keep_set = {out_dir / k for k in keep}
    return sorted(p for p in out_dir.rglob("*.h") if p not in keep_set)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facts", type=Path, default=DEFAULT_FACTS, help="ascendcl-api.json")
    ap.add_argument("--pyacl", type=Path, default=DEFAULT_PYACL, help="pyacl-api.json")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output root (default: headers/)")
    args = ap.parse_args(argv)
    facts = json.loads(args.facts.read_text())
    pyacl = json.loads(args.pyacl.read_text()) if args.pyacl.exists() else []
    files = render_tree(facts, pyacl)
    write_tree(files, args.out)
    for stale in stale_files(args.out, files):
        stale.unlink()
    print(f"wrote {len(files)} headers under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
