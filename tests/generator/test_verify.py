"""emit_verify: an IR checked against real headers by the C++ compiler, problems named by item."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

from aclgen.emit.cdef import declare  # noqa: E402
from aclgen.model.ir import Api, Constant, Enum, Field, Function, Param, Record, Typedef, TypeRef  # noqa: E402
from aclgen.verify.cxx_check import emit_verify_source, run_verify  # noqa: E402

FIXTURE_HEADER = """\
#ifndef FIXTURE_ACL_H
#define FIXTURE_ACL_H
#include <stdint.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
#define ACL_FIXTURE_LIMIT 16U
typedef int aclError;
typedef void *aclrtStream;
typedef enum { ACL_MODE_A = 0, ACL_MODE_B = 7, ACL_MODE_NEG = -3 } aclMode;
typedef struct aclPair {
    int32_t first;
    uint64_t second;
    union {
        uint8_t bytes[8];
        void *ptr;
    };
    uint32_t flags : 3;
} aclPair;
struct aclOuter {
    uint16_t version;
    union Inner {
        int32_t *p;
    } inner;
};
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtCopy(void *dst, const void *src, size_t n, aclrtStream stream);
void aclLog(int level, const char *fmt, ...);
#ifdef __cplusplus
}
#endif
#endif
"""


def t(text: str) -> TypeRef:
    return TypeRef(text=text, base=text.replace("*", "").replace("const", "").strip())


def fixture_api() -> Api:
    header = "acl/acl.h"
    pair_fields = [
        Field("first", t("int32_t")),
        Field("second", t("uint64_t")),
        Field(
            None,
            t("union"),
            kind="union",
            fields=[
                Field("bytes", TypeRef("uint8_t [8]", "uint8_t", array_dims=(8,))),
                Field("ptr", t("void *")),
            ],
        ),
        Field("flags", t("uint32_t"), bitfield_width=3),
    ]
    return Api(
        functions=[
            Function("aclrtSetDevice", header, 1, t("aclError"), [Param("deviceId", t("int32_t"), "in")]),
            Function(
                "aclrtCopy",
                header,
                2,
                t("aclError"),
                [
                    Param("dst", t("void *")),
                    Param("src", t("const void *")),
                    Param("n", t("size_t")),
                    Param("stream", t("aclrtStream")),
                ],
            ),
            Function(
                "aclLog",
                header,
                3,
                t("void"),
                [Param("level", t("int")), Param("fmt", t("const char *"))],
                True,
            ),
        ],
        enums=[
            Enum(None, "aclMode", [("ACL_MODE_A", 0), ("ACL_MODE_B", 7), ("ACL_MODE_NEG", -3)], header, 1)
        ],
        records=[
            Record("aclPair", "aclPair", "struct", pair_fields, header, 1),
            Record("Inner", None, "union", [Field("p", t("int32_t *"))], header, 1),
            Record(
                "aclOuter",
                None,
                "struct",
                [Field("version", t("uint16_t")), Field("inner", t("union Inner"))],
                header,
                1,
            ),
        ],
        typedefs=[Typedef("aclError", t("int"), header, 1), Typedef("aclrtStream", t("void *"), header, 1)],
        constants=[Constant("ACL_FIXTURE_LIMIT", 16, "unsigned int", "define", header)],
        order=[
            "typedef aclError",
            "typedef aclrtStream",
            "typedef aclMode",
            "struct aclPair",
            "union Inner",
            "struct aclOuter",
        ],
    )


@pytest.fixture
def include_dir(tmp_path: Path) -> Path:
    (tmp_path / "acl").mkdir()
    (tmp_path / "acl" / "acl.h").write_text(FIXTURE_HEADER)
    return tmp_path


def with_header(include_dir: Path, old: str, new: str) -> Path:
    path = include_dir / "acl" / "acl.h"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return include_dir


def test_matching_headers_give_no_problems(include_dir: Path) -> None:
    assert run_verify(fixture_api(), include_dir) == []


def test_source_checks_every_item() -> None:
    src = emit_verify_source(fixture_api())
    assert '#include "acl/acl.h"' in src
    for needle in [
        "decltype(&::aclrtSetDevice)",
        "decltype(&::aclLog), void (*)(int, const char *, ...)",
        "offsetof(::aclPair, bytes)",
        "offsetof(::aclPair, second)",
        "sizeof(::aclOuter)",
        "sizeof(decltype(::aclOuter::inner))",
        "::ACL_MODE_NEG) == (-2LL - 1)",
        "ACL_FIXTURE_LIMIT",
        "namespace gen",
    ]:
        assert needle in src, needle
    assert "offsetof(::aclPair, flags)" not in src  # bit-fields have no offset


def test_wrong_parameter_type_is_reported_by_name(include_dir: Path) -> None:
    with_header(include_dir, "aclrtSetDevice(int32_t deviceId)", "aclrtSetDevice(int64_t deviceId)")
    assert run_verify(fixture_api(), include_dir) == [
        "function aclrtSetDevice: prototype differs from the IR"
    ]


def test_shifted_field_is_reported_by_name(include_dir: Path) -> None:
    with_header(include_dir, "    int32_t first;\n", "    int32_t first;\n    uint64_t inserted;\n")
    problems = run_verify(fixture_api(), include_dir)
    assert "record aclPair: sizeof differs from the IR" in problems
    assert "record aclPair field second: offset differs from the IR" in problems
    assert "record aclPair field first: offset differs from the IR" not in problems


def test_wrong_enum_value_is_reported_by_name(include_dir: Path) -> None:
    with_header(include_dir, "ACL_MODE_B = 7", "ACL_MODE_B = 8")
    assert run_verify(fixture_api(), include_dir) == ["enum member ACL_MODE_B: value differs from the IR"]


def test_enumerator_hidden_by_a_macro_is_still_checked(include_dir: Path) -> None:
    with_header(include_dir, "typedef struct aclPair {", "#define ACL_MODE_B 99\ntypedef struct aclPair {")
    assert run_verify(fixture_api(), include_dir) == []


def test_wrong_constant_is_reported_by_name(include_dir: Path) -> None:
    with_header(include_dir, "ACL_FIXTURE_LIMIT 16U", "ACL_FIXTURE_LIMIT 16")  # int, not unsigned int
    assert run_verify(fixture_api(), include_dir) == [
        "constant ACL_FIXTURE_LIMIT: value or type differs from the IR"
    ]


def test_nested_tag_layout_is_compared(include_dir: Path) -> None:
    with_header(include_dir, "        int32_t *p;\n", "        int32_t *p;\n        char big[32];\n")
    problems = run_verify(fixture_api(), include_dir)
    assert "record union Inner: sizeof differs from the IR" in problems


def test_a_function_the_headers_lack_is_named(include_dir: Path) -> None:
    with_header(include_dir, "aclError aclrtCopy(", "aclError aclrtCopyRenamed(")
    problems = run_verify(fixture_api(), include_dir)
    assert len(problems) == 1 and problems[0].startswith("function aclrtCopy: "), problems


@pytest.mark.parametrize(
    ("abstract", "name", "declared"),
    [
        ("void (*)(void *)", "cb", "void (*cb)(void *)"),
        ("int32_t (*const)(int)", "f", "int32_t (*const f)(int)"),
        ("const aclTensorDesc *const []", "d", "const aclTensorDesc *const d[]"),
        ("void *", "(*)(int)", "void *(*)(int)"),
        ("void *(*)(aclrtAllocator, size_t)", "alloc", "void *(*alloc)(aclrtAllocator, size_t)"),
        ("hi_s8 [][5]", "m", "hi_s8 m[][5]"),
        ("char *", "s", "char *s"),
        ("aclrtStream", "stream", "aclrtStream stream"),
        ("aclrtStream", "", "aclrtStream"),
    ],
)
def test_declare_puts_the_name_inside_the_declarator(abstract: str, name: str, declared: str) -> None:
    """The one declare() serves the cdef, the shims, the emulator stubs and the C++ check."""
    assert declare(abstract, name) == declared
