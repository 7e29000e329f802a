"""headers/, the hand-maintained definition of the baseline API: it compiles as C11 and C++11, and
the generator's parse of it misses nothing the compiler sees.

The compiler is the independent reference here: gcc's `-aux-info` lists every function prototype
and `-dD` every macro of the headers, without our parser; the C++ check of the parsed IR against
the headers (prototypes, layouts, values) is tools/gen_wrappers.py --verify-against (test_driver.py).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from emit_fixture import REPO
from helpers.compile_c import INCLUDES, c_compiler, cxx_compiler

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.ir import Api

HEADERS = REPO / "headers"
HEADER_PATHS = sorted(p.relative_to(HEADERS).as_posix() for p in HEADERS.rglob("*.h"))


@pytest.fixture(scope="module")
def api() -> Api:
    return parse_tree(HEADERS)


def syntax_errors(tmp_path: Path, sources: dict[str, str], compiler: list[str]) -> str:
    """Check each source as its own translation unit in one compiler run; return diagnostics."""
    files = []
    for name, text in sources.items():
        path = tmp_path / name
        path.write_text(text)
        files.append(str(path))
    proc = subprocess.run([*compiler, "-fsyntax-only", *INCLUDES, *files], capture_output=True, text=True)
    return proc.stderr if proc.returncode != 0 or proc.stderr else ""


def include_all() -> str:
    return "".join(f'#include "{rel}"\n' for rel in HEADER_PATHS)


@pytest.mark.parametrize("lang", ["c", "cpp"])
def test_each_header_compiles_alone(tmp_path: Path, lang: str) -> None:
    if lang == "c":
        compiler = [c_compiler(), "-std=c11", "-Wall", "-Wextra", "-Werror"]
    else:
        compiler = [cxx_compiler(), "-std=c++11", "-Wall", "-Wextra", "-Werror"]
    sources = {
        f"tu{i}.{lang}": f'#include "{rel}"\nint tu_anchor_{i};\n' for i, rel in enumerate(HEADER_PATHS)
    }
    assert syntax_errors(tmp_path, sources, compiler) == ""


def test_every_record_is_complete_in_c(tmp_path: Path, api: Api) -> None:
    checks = []
    for rec in api.records:
        if rec.fields is None:
            continue  # declared opaque on purpose
        tagged = f"{rec.kind} {rec.tag}" if rec.tag else None
        spelled = rec.typedef_name or tagged
        checks.append(f'_Static_assert(sizeof({spelled}) > 0, "{spelled}");')
        if rec.typedef_name and tagged:
            checks.append(f'_Static_assert(sizeof({tagged}) == sizeof({rec.typedef_name}), "tag");')
    assert len(checks) > 300
    source = include_all() + "\n".join(checks) + "\n"
    assert syntax_errors(tmp_path, {"records.c": source}, [c_compiler(), "-std=c11"]) == ""


AUX_PROTOTYPE = re.compile(r"^/\* (?P<file>\S+):\d+:\w+ \*/ .*?\b(?P<name>\w+) \(", re.M)


def test_the_parse_has_every_function_the_compiler_sees(tmp_path: Path, api: Api) -> None:
    source = tmp_path / "all.c"
    source.write_text(include_all())
    aux = tmp_path / "aux.txt"
    run = subprocess.run(
        [c_compiler(), "-std=c11", "-fsyntax-only", "-aux-info", str(aux), *INCLUDES, str(source)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    declared = {
        m.group("name")
        for m in AUX_PROTOTYPE.finditer(aux.read_text())
        if Path(m.group("file")).resolve().is_relative_to(HEADERS)
    }
    parsed = {f.name for f in api.functions} | {s.name for s in api.skipped if s.kind == "function"}
    assert len(declared) > 1000
    assert declared == parsed


MACRO = re.compile(r"^#define (?P<name>\w+)(?P<params>\()?")
LINE_MARKER = re.compile(r'^# \d+ "(?P<file>[^"]+)"')


def test_the_parse_has_every_macro_the_compiler_sees(tmp_path: Path, api: Api) -> None:
    """Each object-like macro of headers/ is a constant or skipped with a reason; none is lost."""
    source = tmp_path / "all.c"
    source.write_text(include_all())
    run = subprocess.run(
        [c_compiler(), "-std=c11", "-E", "-dD", *INCLUDES, str(source)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    current, declared = "", set()
    for line in run.stdout.splitlines():
        marker = LINE_MARKER.match(line)
        if marker:
            current = marker.group("file")
            continue
        macro = MACRO.match(line)
        if macro and not macro.group("params") and Path(current).resolve().is_relative_to(HEADERS):
            declared.add(macro.group("name"))
    include_guards = {name for name in declared if name.endswith("_H") or name.endswith("_H_")}
    kept = {c.name for c in api.constants} | {s.name for s in api.skipped if s.kind == "define"}
    # enumerators shadowed by a macro of the same name are constants too
    assert len(declared) > 500
    assert declared - include_guards - kept == set()


DOC_BLOCK = re.compile(r"/\*\*\n(?P<body>(?: \*.*\n)*?) \*/\n(?P<proto>[^;]*?)\b(?P<name>\w+)\(")
PARAM_TAG = re.compile(r"@param \[(?:in|out|in,out)\] (\w+)")


def test_every_prototype_documents_its_parameters_in_order(api: Api) -> None:
    """The direction tags the generator reads name each function's parameters, in order."""
    documented: dict[str, list[str]] = {}
    for rel in HEADER_PATHS:
        for m in DOC_BLOCK.finditer((HEADERS / rel).read_text()):
            documented[m.group("name")] = PARAM_TAG.findall(m.group("body"))
    wrong = [
        f.name for f in api.functions if documented.get(f.name) != [p.name for p in f.params]
    ]
    assert wrong == []


def test_a_wrong_prototype_fails_the_verification(tmp_path: Path, api: Api) -> None:
    """The C++ check behind --verify-against is not vacuous on the real headers."""
    from aclgen.model.ir import Field, TypeRef
    from aclgen.verify.cxx_check import run_verify

    hw = next(r for r in api.records if r.tag == "aclmdlHW")
    assert hw.fields is not None
    hw.fields = [Field("extra", TypeRef("uint8_t", "uint8_t")), *hw.fields]
    problems = run_verify(api, HEADERS)
    assert "record aclmdlHW: sizeof differs from the IR" in problems
    assert "record aclmdlHW field hw: offset differs from the IR" in problems
