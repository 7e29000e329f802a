"""Run the C preprocessor over an include tree and turn its output into text pycparser accepts.

One `gcc -E -dD` run preprocesses a translation unit that includes every header. `-dD` keeps the
`#define` lines in the output, so the object-like macros of the headers (integer constants vanish
from the expanded text) are recovered with the file and line that defined them; a probe section
appended to the unit gives each one's fully expanded text.

GNU attributes are not C that pycparser reads. They are removed from the text after preprocessing,
but first `aligned(N)` on a member becomes a C11 `_Alignas(N)` at the start of its declaration
(pycparser keeps that) and `deprecated` marks the names declared by its statement.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from aclgen.front.cxx_headers import CxxHeader, find_cxx_headers

FAKE_LIBC = Path(__file__).resolve().parent / "fake_libc"

# Subdirectories a CANN tree's own headers include from without a directory prefix.
EXTRA_INCLUDE_SUBDIRS = ("acl", "acl/dvpp", "acl/media")

# Macros that make the unit plain C for pycparser. `__declspec` (Windows paths) becomes a GNU
# attribute so that the attribute pass drops it and still sees `deprecated`.
NEUTRAL_DEFINES = {
    "ENABLE_DVPP_INTERFACE": "1",
    "__declspec(x)": "__attribute__((x))",
    "_declspec(x)": "__attribute__((x))",
    "__extension__": "",
    "__restrict": "restrict",
    "__restrict__": "restrict",
    "__inline": "inline",
    "__inline__": "inline",
    "__const": "const",
    "__volatile__": "volatile",
    "__asm__(x)": "",
    "__asm(x)": "",
}

PRE_INCLUDES = ("stdint.h", "stddef.h", "stdbool.h")

PROBE_FILE = "<aclgen-macro-probe>"
PROBE_PREFIX = "__aclgen_probe_"

_LINE_MARKER = re.compile(r'#\s*(?:line\s+)?(\d+)\s+"((?:[^"\\]|\\.)*)"')
_DEFINE = re.compile(r"#\s*define\s+([A-Za-z_]\w*)(\()?[ \t]*(.*)")
_RAW_OBJECT_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])", re.M)
_ATTRIBUTE = re.compile(r"\b__attribute(?:__)?\s*\(")
_ALIGNED = re.compile(r"\baligned\s*\(\s*([^()]*?)\s*\)")
# Export/visibility macros left undefined by a header set (their definition lived in a build
# system): they carry no type information, so they are dropped where they stand before a word.
_EXPORT_MACRO = re.compile(r"\b[A-Z][A-Z0-9_]*_(?:API|VISIBILITY|EXPORT|EXTERN)\b(?=[ \t]+[A-Za-z_])")


class HeaderError(Exception):
    """A header the generator cannot read: `str()` is "path:line: reason" (path relative to the root)."""

    def __init__(self, file: str, line: int, reason: str) -> None:
        super().__init__(f"{file}:{line}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason


@dataclass
class MacroDefinition:
    """An object-like `#define` made in a header of the tree."""

    name: str
    header: str  # relative to the include root
    line: int
    body: str  # the replacement list as written
    expansion: Optional[str]  # fully expanded text at the end of the unit, None if not probed


@dataclass
class DroppedAttribute:
    """An attribute the IR cannot carry (alignment of a whole type), reported, not lost."""

    text: str
    file: Optional[str]
    line: int


@dataclass
class Preprocessed:
    text: str  # pycparser input, with line markers
    include_dir: Path
    macros: list[MacroDefinition] = field(default_factory=list)
    function_macros: list[MacroDefinition] = field(default_factory=list)
    deprecated_names: set[str] = field(default_factory=set)
    raw_sources: dict[str, str] = field(default_factory=dict)  # relative path -> raw text
    bare_tags: list[str] = field(default_factory=list)  # tags given a typedef of their own name
    dropped_attributes: list[DroppedAttribute] = field(default_factory=list)
    cxx_headers: list[CxxHeader] = field(default_factory=list)  # left out of the unit

    def relative(self, path: Optional[str]) -> Optional[str]:
        return relative_header(self.include_dir, path)


def relative_header(include_dir: Path, path: Optional[str]) -> Optional[str]:
    """The path relative to include_dir of a file the preprocessor named, or None if outside."""
    if not path or path.startswith("<"):
        return None
    # The preprocessor runs in include_dir, so relative names it prints are relative to it.
    full = os.path.normpath(os.path.join(str(include_dir), path))
    root = str(include_dir)
    if full == root or not full.startswith(root + os.sep):
        return None
    return full[len(root) + 1 :].replace(os.sep, "/")


def find_headers(include_dir: Path) -> list[str]:
    """Every `*.h` under include_dir, relative and sorted."""
    found = [p.relative_to(include_dir).as_posix() for p in include_dir.rglob("*.h") if p.is_file()]
    return sorted(found)


def read_source(path: Path) -> str:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


def preprocess(include_dir: Path, extra_defines: Optional[dict[str, str]] = None) -> Preprocessed:
    include_dir = Path(os.path.realpath(include_dir))
    headers = find_headers(include_dir)
    raw_sources = {rel: read_source(include_dir / rel) for rel in headers}
    fake_libc = {p.relative_to(FAKE_LIBC).as_posix() for p in FAKE_LIBC.rglob("*.h")}
    cxx_only = find_cxx_headers(raw_sources, ("", *EXTRA_INCLUDE_SUBDIRS), fake_libc)
    excluded = {h.header for h in cxx_only}
    headers = [rel for rel in headers if rel not in excluded]
    probe_names = sorted(
        {m.group(1) for text in raw_sources.values() for m in _RAW_OBJECT_DEFINE.finditer(text)}
    )

    unit = "".join(f'#include "{rel}"\n' for rel in headers)
    unit += f'#line 1 "{PROBE_FILE}"\n'
    unit += "".join(f"{PROBE_PREFIX}{name} {name}\n" for name in probe_names)

    output = _run_cpp(unit, include_dir, {**NEUTRAL_DEFINES, **(extra_defines or {})})
    decl_part, _, probe_part = output.partition(f'"{PROBE_FILE}"')
    decl_part = decl_part[: decl_part.rfind("\n") + 1]  # drop the marker line's head
    expansions = _read_probes(probe_part)

    result = Preprocessed(text="", include_dir=include_dir, raw_sources=raw_sources, cxx_headers=cxx_only)
    decl_text = _collect_defines(decl_part, result, expansions)
    result.text, result.deprecated_names, result.dropped_attributes = rewrite_attributes(decl_text)
    result.text = _drop_undefined_export_macros(result.text, result.macros, result.function_macros)
    result.text, result.bare_tags = add_bare_tag_typedefs(strip_function_bodies(result.text))
    return result


def _run_cpp(unit: str, include_dir: Path, defines: dict[str, str]) -> str:
    args = [
        "gcc",
        "-E",
        "-dD",
        "-x",
        "c",
        "-std=gnu11",
        "-nostdinc",
        "-I",
        str(FAKE_LIBC),
        "-I",
        str(include_dir),
    ]
    for sub in EXTRA_INCLUDE_SUBDIRS:
        if (include_dir / sub).is_dir():
            args += ["-I", str(include_dir / sub)]
    for header in PRE_INCLUDES:
        args += ["-include", header]
    for name, value in defines.items():
        args.append(f"-D{name}={value}")
    args.append("-")
    proc = subprocess.run(args, input=unit, capture_output=True, text=True, cwd=str(include_dir))
    if proc.returncode != 0:
        raise _cpp_error(proc.stderr, include_dir)
    return proc.stdout


def _cpp_error(stderr: str, include_dir: Path) -> HeaderError:
    for line in stderr.splitlines():
        m = re.match(r"(.+?):(\d+):(?:\d+:)?\s*(?:fatal )?error:\s*(.*)", line)
        if m:
            rel = relative_header(include_dir, m.group(1)) or m.group(1)
            return HeaderError(rel, int(m.group(2)), m.group(3))
    return HeaderError("<unit>", 0, stderr.strip() or "preprocessor failed")


def _read_probes(probe_part: str) -> dict[str, str]:
    expansions: dict[str, str] = {}
    for line in probe_part.splitlines():
        if line.startswith(PROBE_PREFIX):
            name, _, expanded = line[len(PROBE_PREFIX) :].partition(" ")
            expansions[name] = expanded.strip()
    return expansions


def _collect_defines(text: str, result: Preprocessed, expansions: dict[str, str]) -> str:
    """Record the headers' `#define`s and blank out every directive line but line markers."""
    lines = text.split("\n")
    current_file: Optional[str] = None
    current_line = 0
    for i, line in enumerate(lines):
        if line.startswith("#"):
            marker = _LINE_MARKER.match(line)
            if marker:
                current_file = marker.group(2)
                current_line = int(marker.group(1))
                continue
            define = _DEFINE.match(line)
            rel = result.relative(current_file)
            if define and rel is not None:
                name, is_function, body = define.group(1), define.group(2), define.group(3)
                macro = MacroDefinition(name, rel, current_line, body.strip(), None)
                if is_function:
                    result.function_macros.append(macro)
                else:
                    macro.expansion = expansions.get(name)
                    result.macros.append(macro)
            if not line.startswith("#pragma"):
                lines[i] = ""
        current_line += 1
    return "\n".join(lines)


def rewrite_attributes(text: str) -> tuple[str, set[str], list[DroppedAttribute]]:
    """Remove GNU attributes; keep `aligned(N)` as `_Alignas(N)`, report deprecated names."""
    dropped: list[DroppedAttribute] = []
    pieces: list[str] = []
    prefixes: dict[int, str] = {}  # piece index -> text put before it
    deprecated_starts: list[int] = []
    statement_start = 0  # index in pieces where the current declaration begins
    statement_has_code = False
    boundary_char = ";"
    pos = 0
    for m in _ATTRIBUTE.finditer(text):
        if m.start() < pos:
            continue
        end = _matching_paren(text, m.end() - 1)
        before = text[pos : m.start()]
        boundary = _last_boundary(before)
        if boundary >= 0:
            boundary_char = before[boundary]
            pieces.append(before[: boundary + 1])
            before = before[boundary + 1 :]
            statement_start = len(pieces)
            statement_has_code = False
        pieces.append(before)
        statement_has_code = statement_has_code or _has_code(before)
        content = text[m.end() : end]
        aligned = _ALIGNED.search(content)
        # Right after a closing brace with nothing between, the attribute is the struct's own.
        if aligned and (statement_has_code or boundary_char != "}"):
            prefixes[statement_start] = prefixes.get(statement_start, "") + f"_Alignas({aligned.group(1)}) "
        elif aligned:
            dropped.append(DroppedAttribute(aligned.group(0), *_location(text, m.start())))
        if re.search(r"\b(?:__)?deprecated(?:__)?\b", content):
            deprecated_starts.append(statement_start)
        pieces.append(" ")
        pos = end + 1
    pieces.append(text[pos:])
    deprecated: set[str] = set()
    for start in deprecated_starts:
        deprecated.update(_declared_function_names(pieces, start))
    out = "".join(prefixes.get(i, "") + piece for i, piece in enumerate(pieces))
    return out, deprecated, dropped


def _location(text: str, offset: int) -> tuple[Optional[str], int]:
    """(file, line) of an offset in preprocessor output, from the nearest line marker above it."""
    line_start = text.rfind("\n", 0, offset) + 1
    lines_after_marker = 0
    while line_start > 0:
        previous_start = text.rfind("\n", 0, line_start - 1) + 1
        marker = _LINE_MARKER.match(text, previous_start)
        if marker and text.startswith("#", previous_start):
            return marker.group(2), int(marker.group(1)) + lines_after_marker
        lines_after_marker += 1
        line_start = previous_start
    return None, 0


def _has_code(chunk: str) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in chunk.split("\n"))


def _matching_paren(text: str, open_index: int) -> int:
    depth = 0
    for i in range(open_index, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    raise HeaderError("<unit>", 0, "unbalanced parentheses in __attribute__")


def _last_boundary(text: str) -> int:
    """Index of the last `;`, `{` or `}` outside line-marker lines, or -1."""
    i = len(text) - 1
    while i >= 0:
        c = text[i]
        if c in ";{}":
            line_start = text.rfind("\n", 0, i) + 1
            if not text.startswith("#", line_start):
                return i
            i = line_start - 1
            continue
        i -= 1
    return -1


_IDENT_BEFORE_PAREN = re.compile(r"([A-Za-z_]\w*)\s*\(")


def _declared_function_names(pieces: list[str], start: int) -> list[str]:
    """Name of the function a top-level declaration starting at pieces[start] declares."""
    statement = ""
    for piece in pieces[start:]:
        statement += piece
        if ";" in piece:
            break
    statement = statement.split(";", 1)[0]
    statement = "\n".join(line for line in statement.split("\n") if not line.startswith("#"))
    m = _IDENT_BEFORE_PAREN.search(statement)
    return [m.group(1)] if m else []


def _drop_undefined_export_macros(
    text: str, macros: list[MacroDefinition], function_macros: list[MacroDefinition]
) -> str:
    defined = {m.name for m in macros} | {m.name for m in function_macros}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("#") or not _EXPORT_MACRO.search(line):
            continue
        lines[i] = _EXPORT_MACRO.sub(lambda m: m.group(0) if m.group(0) in defined else "", line)
    return "\n".join(lines)


_SCAN_TOKEN = re.compile(r"^#[^\n]*|[A-Za-z_]\w*|[{};()\[\],*]", re.M)
_TAG_WORDS = ("enum", "struct", "union")


def add_bare_tag_typedefs(text: str) -> tuple[str, list[str]]:
    """Make `enum X {...};` followed by `X` used as a type (valid C++ only) into valid C.

    A `typedef enum X X;` is inserted on the line of the definition, right after its `;`,
    for each tag X that is written bare in a type position (followed by a name or `*`) and is
    not declared by any typedef. Returns the new text and the tags so fixed.
    """
    tokens = [(m.group(0), m.end()) for m in _SCAN_TOKEN.finditer(text) if not m.group(0).startswith("#")]
    words = [t for t, _ in tokens]
    definitions: dict[str, tuple[str, int]] = {}  # tag -> (kind, offset after the statement's ';')
    typedef_names: set[str] = set()
    used_bare: set[str] = set()
    depth = 0
    statement_is_typedef = False
    pending: list[tuple[str, str, int]] = []  # (tag, kind, depth) whose statement has not ended
    for i, word in enumerate(words):
        previous = words[i - 1] if i else ""
        following = words[i + 1] if i + 1 < len(words) else ""
        if word == "{":
            if previous and words[i - 2] in _TAG_WORDS and i >= 2:
                pending.append((previous, words[i - 2], depth))
            depth += 1
        elif word == "}":
            depth -= 1
        elif word == ";":
            for tag, kind, _ in [p for p in pending if p[2] == depth]:
                definitions.setdefault(tag, (kind, tokens[i][1]))
            pending = [p for p in pending if p[2] != depth]
            if depth == 0:
                statement_is_typedef = False
        elif word == "typedef":
            statement_is_typedef = True
        elif word[0].isalpha() or word[0] == "_":
            if previous in _TAG_WORDS:
                continue
            if statement_is_typedef and following in (";", ",", "[", ")"):
                typedef_names.add(word)
            elif following == "*" or (following[:1].isalpha() or following[:1] == "_"):
                used_bare.add(word)
    fixes = sorted(
        (
            (definitions[tag][1], tag, definitions[tag][0])
            for tag in used_bare - typedef_names
            if tag in definitions
        ),
        reverse=True,
    )
    for offset, tag, kind in fixes:
        text = f"{text[:offset]} typedef {kind} {tag} {tag};{text[offset:]}"
    return text, sorted(tag for _, tag, _ in fixes)


_BODY_SCAN = re.compile(r'^#[^\n]*|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|[{}]', re.M)


def strip_function_bodies(text: str) -> str:
    """Replace each file-scope function body `{...}` with `;` (newlines kept, so lines still match).

    Inline functions in headers have no symbol to bind, and their bodies may use compiler
    builtins pycparser does not know. A body is a `{` at file scope right after a `)`.
    """
    out: list[str] = []
    depth = 0
    body_start = -1
    pos = 0
    for m in _BODY_SCAN.finditer(text):
        token = m.group(0)
        if token == "{":
            if depth == 0 and text[: m.start()].rstrip().endswith(")"):
                out.append(text[pos : m.start()])
                body_start = m.start()
            depth += 1
        elif token == "}":
            depth -= 1
            if depth == 0 and body_start >= 0:
                out.append(";" + "\n" * text.count("\n", body_start, m.end()))
                pos = m.end()
                body_start = -1
    out.append(text[pos:])
    return "".join(out)
