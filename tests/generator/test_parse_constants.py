"""Integer constant evaluation against gcc itself: each value and C type is printed by a compiled probe."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from emit_fixture import REPO  # puts tools/ on sys.path

# isort: split
from aclgen.front.constants_eval import Evaluator, NotConstant, Value
from aclgen.front.parse import parse_tree

FIXTURES = REPO / "tests" / "generator" / "fixtures"

TYPE_NAME = """#define TYPE_NAME(x) _Generic((x), char: "char", signed char: "signed char", \\
    unsigned char: "unsigned char", short: "short", unsigned short: "unsigned short", \\
    int: "int", unsigned int: "unsigned int", long: "long", \\
    unsigned long: "unsigned long", long long: "long long", unsigned long long: "unsigned long long", \\
    default: "other")
"""

EXPRESSIONS = [
    "0",
    "-1",
    "2147483647",
    "2147483648",
    "0x7fffffff",
    "0x80000000",
    "0xffffffffffffffff",
    "9223372036854775807",
    "017",
    "10u",
    "10l",
    "10lu",
    "10ull",
    "10LL",
    "-2147483647 - 1",
    "1 << 31",
    "1u << 31",
    "1ul << 63",
    "-8 >> 1",
    "~0",
    "~0u",
    "-7 / 2",
    "-7 % 2",
    "7 % -2",
    "1u + -2",
    "1ul + -2",
    "2u * 3l",
    "4294967295u + 1l",
    "(1 ? 2u : 3)",
    "(unsigned char)300",
    "(signed char)200",
    "(short)-1 + 0u",
    "(unsigned long)-1",
    "(long long)-1 + 1ull",
    "!5",
    "5 > 3 && 2 < 1",
    "5 || 0",
    "0x10 | 0x01 ^ 0x03 & 0x02",
    "'A' + 1",
    "'\\n'",
    "(0x80000000U + 0x20000000U)",
    "(int)0x80000000 | 0x1000",
]


def compile_and_run(source: str, tmp_path: Path, include_dir: Path | None = None) -> list[str]:
    program = tmp_path / "probe.c"
    program.write_text(source, encoding="utf-8")
    binary = tmp_path / "probe"
    args = ["gcc", "-std=gnu11", "-w", "-o", str(binary), str(program)]
    if include_dir is not None:
        args[1:1] = ["-I", str(include_dir)]
    subprocess.run(args, check=True)
    return subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout.splitlines()


def printf_line(label: str, expression: str) -> str:
    return (
        f"    {{ const char *t = TYPE_NAME({expression}); if (t[0] == 'u') "
        f'printf("%s|%s|%llu\\n", "{label}", t, (unsigned long long)({expression})); '
        f'else printf("%s|%s|%lld\\n", "{label}", t, (long long)({expression})); }}'
    )


def parse_probe_output(lines: list[str]) -> dict[str, Value]:
    result = {}
    for line in lines:
        label, c_type, value = line.split("|")
        result[label] = Value(int(value), c_type)
    return result


def test_expressions_evaluate_like_gcc(tmp_path: Path) -> None:
    body = "\n".join(printf_line(str(i), e) for i, e in enumerate(EXPRESSIONS))
    gcc = parse_probe_output(
        compile_and_run(f"#include <stdio.h>\n{TYPE_NAME}int main(void) {{\n{body}\n}}\n", tmp_path)
    )
    evaluator = Evaluator({}, lambda _name: None)
    ours = {str(i): evaluator.evaluate(e) for i, e in enumerate(EXPRESSIONS)}
    mismatches = {EXPRESSIONS[int(k)]: (ours[k], gcc[k]) for k in gcc if ours[k] != gcc[k]}
    assert mismatches == {}


@pytest.mark.parametrize("fixture", ["defines", "enum_values", "static_const", "records"])
def test_fixture_constants_and_enumerators_match_gcc(fixture: str, tmp_path: Path) -> None:
    include = FIXTURES / fixture / "include"
    api = parse_tree(include)
    lines = [printf_line(c.name, c.name) for c in api.constants]
    lines += [printf_line(name, name) for e in api.enums for name, _ in e.members]
    includes = "".join(
        f'#include "{p.relative_to(include).as_posix()}"\n' for p in sorted(include.rglob("*.h"))
    )
    source = f"#include <stdio.h>\n{includes}{TYPE_NAME}int main(void) {{\n" + "\n".join(lines) + "\n}\n"
    gcc = parse_probe_output(compile_and_run(source, tmp_path, include))
    ours = {c.name: Value(c.value, c.c_type) for c in api.constants}
    assert ours == {c.name: gcc[c.name] for c in api.constants}
    members = {name: value for e in api.enums for name, value in e.members}
    assert members == {name: gcc[name].value for name in members}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('"text"', "a string"),
        ("sizeof(int)", "uses sizeof"),
        ("1.5", "a floating-point value"),
        ("UNKNOWN_NAME + 1", "names UNKNOWN_NAME"),
        ("(void *)0", "cast to a pointer type"),
        ("1 / 0", "division by zero"),
        ("", "empty"),
        ("1 +", "unexpected end"),
    ],
)
def test_non_constants_say_why(text: str, reason: str) -> None:
    with pytest.raises(NotConstant) as caught:
        Evaluator({}, lambda _name: None).evaluate(text)
    assert str(caught.value).startswith(reason)


def test_casts_to_typedefs_and_named_values() -> None:
    typedefs = {"u32_t": "unsigned int", "handle_t": None}
    known = {"SEVEN": Value(7, "int")}
    evaluator = Evaluator(typedefs, known.get)
    assert evaluator.evaluate("(u32_t)-1") == Value(0xFFFFFFFF, "unsigned int")
    assert evaluator.evaluate("(const u32_t)SEVEN * 2") == Value(14, "unsigned int")
    with pytest.raises(NotConstant, match="non-integer type handle_t"):
        evaluator.evaluate("(handle_t)1")
