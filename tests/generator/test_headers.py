"""headers/ against the facts it was written from: it compiles, and it says what the facts say."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HEADERS = REPO / "headers"
FACTS = REPO.parent / "shared" / "api" / "ascendcl-api.json"
PYACL = REPO.parent / "shared" / "api" / "pyacl-api.json"
INCLUDE_FLAGS = [f"-I{HEADERS}", f"-I{HEADERS / 'acl' / 'dvpp'}", f"-I{HEADERS / 'acl' / 'media'}"]

sys.path.insert(0, str(REPO / "tools"))
import write_headers  # noqa: E402


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    return json.loads(FACTS.read_text())


@pytest.fixture(scope="module")
def header_paths() -> list[str]:
    return sorted(p.relative_to(HEADERS).as_posix() for p in HEADERS.rglob("*.h"))


def all_functions(facts: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for mod in facts["modules"].values() for f in mod["functions"]]


def compile_sources(tmp_path: Path, sources: dict[str, str], compiler: list[str]) -> str:
    """Compile each source as its own translation unit in one compiler run; return diagnostics."""
    files = []
    for name, text in sources.items():
        path = tmp_path / name
        path.write_text(text)
        files.append(str(path))
    proc = subprocess.run(
        [*compiler, "-fsyntax-only", *INCLUDE_FLAGS, *files], capture_output=True, text=True
    )
    return proc.stderr if proc.returncode != 0 or proc.stderr else ""


def test_committed_headers_are_what_the_script_writes(facts: dict[str, Any], header_paths: list[str]) -> None:
    pyacl = json.loads(PYACL.read_text())
    files = write_headers.render_tree(facts, pyacl)
    assert sorted(files) == header_paths
    stale = [rel for rel, text in files.items() if (HEADERS / rel).read_text() != text]
    assert stale == [], "run tools/write_headers.py"
    assert write_headers.render_tree(facts, pyacl) == files  # deterministic


def test_every_header_of_the_facts_exists(facts: dict[str, Any], header_paths: list[str]) -> None:
    named = {h for mod in facts["modules"].values() for h in mod["headers"]}
    named |= {run["header"] for run in facts["declaration_order"]}
    assert named <= set(header_paths)


@pytest.mark.parametrize(
    ("lang", "compiler"),
    [
        ("c", ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror"]),
        ("cpp", ["g++", "-std=c++11", "-Wall", "-Wextra", "-Werror"]),
    ],
)
def test_each_header_compiles_alone(
    tmp_path: Path, header_paths: list[str], lang: str, compiler: list[str]
) -> None:
    sources = {
        f"tu{i}.{lang}": f'#include "{rel}"\nint tu_anchor_{i};\n' for i, rel in enumerate(header_paths)
    }
    assert compile_sources(tmp_path, sources, compiler) == ""


def function_checks(facts: dict[str, Any]) -> list[str]:
    lines = []
    for fn in all_functions(facts):
        params = [p["type"] for p in fn["params"]]
        if fn["variadic"]:
            params.append("...")
        ptr = write_headers.declare(fn["return_type"], f"(*)({', '.join(params)})")
        lines.append(f'static_assert(std::is_same<decltype(&{fn["name"]}), {ptr}>::value, "{fn["name"]}");')
    return lines


def literal(value: int) -> str:
    return f"{value}ULL" if value >= 0 else f"({value + 1}LL - 1)"


def value_checks(facts: dict[str, Any]) -> list[str]:
    lines = []
    shadowed = {d["name"] for d in facts["constants"]["defines"] if d.get("shadows_enumerator")}
    for en in facts["types"]["enums"]:
        for name, value in en["members"]:
            check = f'static_assert(static_cast<long long>({name}) == {value}LL, "{name}");'
            if name in shadowed:
                # A macro of the same name hides the enumerator; look past it for this one line.
                check = f'#pragma push_macro("{name}")\n#undef {name}\n{check}\n#pragma pop_macro("{name}")'
            lines.append(check)
    ctype_of = {
        "int": "int",
        "unsigned int": "unsigned int",
        "long": "long",
        "unsigned long": "unsigned long",
        "long long": "long long",
        "unsigned long long": "unsigned long long",
    }
    consts = facts["constants"]
    for d in consts["defines"]:
        cty = ctype_of[d["c_type"]]
        lines.append(
            f"static_assert(std::is_same<decltype({d['name']}), {cty}>::value && "
            f'{d["name"]} == static_cast<{cty}>({literal(d["value"])}), "{d["name"]}");'
        )
    for c in consts["static_consts"]:
        lines.append(
            f"static_assert(std::is_same<decltype({c['name']}), {c['type']}>::value && "
            f'{c["name"]} == static_cast<{c["type"]}>({literal(c["value"])}), "{c["name"]}");'
        )
    return lines


def typedef_checks(facts: dict[str, Any]) -> list[str]:
    lines = []
    for td in facts["types"]["typedefs"]:
        lines.append(f'static_assert(std::is_same<{td["name"]}, {td["type"]}>::value, "{td["name"]}");')
    return lines


def includes_for_all(header_paths: list[str]) -> str:
    return "".join(f'#include "{rel}"\n' for rel in header_paths)


def test_declarations_match_the_facts(tmp_path: Path, facts: dict[str, Any], header_paths: list[str]) -> None:
    checks = function_checks(facts) + value_checks(facts) + typedef_checks(facts)
    assert len(function_checks(facts)) == sum(len(m["functions"]) for m in facts["modules"].values())
    source = "#include <type_traits>\n" + includes_for_all(header_paths) + "\n".join(checks) + "\n"
    compiler = ["g++", "-std=c++11", "-Wno-deprecated-declarations"]
    assert compile_sources(tmp_path, {"facts_check.cpp": source}, compiler) == ""


def test_every_record_is_complete_in_c(
    tmp_path: Path, facts: dict[str, Any], header_paths: list[str]
) -> None:
    checks = []
    for rec in facts["types"]["structs"]:
        spelled = rec["typedef_name"] or rec["ref"]
        checks.append(f'_Static_assert(sizeof({spelled}) > 0, "{rec["ref"]}");')
        if rec["typedef_name"] and rec["name"]:
            checks.append(f'_Static_assert(sizeof({rec["ref"]}) == sizeof({rec["typedef_name"]}), "tag");')
    source = includes_for_all(header_paths) + "\n".join(checks) + "\n"
    assert compile_sources(tmp_path, {"records.c": source}, ["gcc", "-std=c11"]) == ""


def test_the_checks_catch_a_wrong_signature(tmp_path: Path, facts: dict[str, Any]) -> None:
    """The static_assert check is not vacuous: a prototype that differs fails to compile."""
    fn = next(f for f in all_functions(facts) if f["name"] == "aclrtSetDevice")
    wrong = dict(fn, params=[dict(fn["params"][0], type="int64_t")])
    check = function_checks({"modules": {"rt": {"functions": [wrong]}}})[0]
    source = '#include <type_traits>\n#include "acl/acl.h"\n' + check + "\n"
    assert "aclrtSetDevice" in compile_sources(tmp_path, {"wrong.cpp": source}, ["g++", "-std=c++11"])


DOC_BLOCK = re.compile(r"/\*\*\n(?P<body>(?: \*.*\n)*?) \*/\n(?P<proto>[^;]*?)\b(?P<name>\w+)\(")


def test_every_prototype_carries_its_direction_tags(facts: dict[str, Any], header_paths: list[str]) -> None:
    found: dict[str, list[tuple[str, str, bool]]] = {}
    for rel in header_paths:
        for m in DOC_BLOCK.finditer((HEADERS / rel).read_text()):
            tags = re.findall(r"@param \[(in|out|in,out)\] (\w+)( \(inferred\))?", m.group("body"))
            found[m.group("name")] = [(d, n, bool(inf)) for d, n, inf in tags]
    for fn in all_functions(facts):
        tags = found.get(fn["name"])
        assert tags is not None, fn["name"]
        assert [n for _, n, _ in tags] == [p["name"] for p in fn["params"]], fn["name"]
        for (direction, _, inferred), p in zip(tags, fn["params"]):
            if p["direction"] is None:
                assert inferred, (fn["name"], p["name"])
            else:
                assert not inferred and direction == {"inout": "in,out"}.get(p["direction"], p["direction"])


@pytest.mark.parametrize(
    ("abstract", "name", "declared"),
    [
        ("void (*)(void *)", "cb", "void (*cb)(void *)"),
        ("const aclTensorDesc *const []", "inputDesc", "const aclTensorDesc *const inputDesc[]"),
        (
            "int32_t (*const)(const acldumpChunk *, int32_t)",
            "f",
            "int32_t (*const f)(const acldumpChunk *, int32_t)",
        ),
        ("void *(*)(aclrtAllocator, size_t)", "alloc", "void *(*alloc)(aclrtAllocator, size_t)"),
        ("hi_s8 [][5]", "m", "hi_s8 m[][5]"),
        ("char *", "s", "char *s"),
        ("aclrtStream", "stream", "aclrtStream stream"),
    ],
)
def test_declare_puts_the_name_inside_the_declarator(abstract: str, name: str, declared: str) -> None:
    assert write_headers.declare(abstract, name) == declared


@pytest.mark.parametrize(
    ("value", "c_type", "text"),
    [
        (5, "int", "5"),
        (-1609531320, "int", "(-1609531320)"),
        (-(2**31), "int", "(-2147483647 - 1)"),
        (2147483648, "unsigned int", "2147483648U"),
        (268435456, "unsigned long", "268435456UL"),
        (1, "unsigned long long", "1ULL"),
    ],
)
def test_int_literal_keeps_value_and_type(value: int, c_type: str, text: str) -> None:
    assert write_headers.int_literal(value, c_type) == text


def test_missing_directions_are_inferred_from_type_and_verb() -> None:
    def infer(fn_name: str, ptype: str, pname: str = "p", nparams: int = 1) -> str:
        fn = {"name": fn_name, "params": [{"name": pname, "type": ptype}] * nparams}
        return write_headers.infer_direction(fn, fn["params"][0], None)

    assert infer("hi_mpi_vi_get_dev_attr", "hi_vi_dev_attr *") == "out"
    assert infer("hi_mpi_ai_set_pub_attr", "hi_aio_attr *") == "in"
    assert infer("hi_mpi_vi_set_dev_attr", "const hi_vi_dev_attr *") == "in"
    assert infer("aclrtGetArgsFromExceptionInfo", "void **") == "out"
    assert infer("aclplatformGetDeviceInfo", "char *") == "out"
    assert infer("aclFoo", "void *") == "in"
    assert infer("aclFoo", "uint32_t") == "in"
    assert infer("hi_mpi_isp_cal_gain_by_temp", "hi_u16 *") == "inout"
    assert infer("aclmdlBundleDestroyQueryInfo", "aclmdlBundleQueryInfo *") == "in"
    assert infer("hi_mpi_vi_create_pipe", "hi_vi_pipe_attr *") == "in"
    fn = {"name": "aclrtGetX", "params": [{"name": "p", "type": "int *"}]}
    assert write_headers.infer_direction(fn, fn["params"][0], 1) == "in"  # pyACL passes it in
