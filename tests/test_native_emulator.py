"""acl/_native/emulator.cdef: the emulator's private entry points, as the emulator declares them.

The cdef is C text; compiled after the emulator's own headers (and the generated stub table, which
defines aclemuIsImplemented & co.), a prototype or typedef that disagrees is a compile error and
the executor table is compared member by member.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.compile_c import compile_c
from helpers.subproc import REPO_ROOT

NATIVE = REPO_ROOT / "acl" / "_native"
TABLE = "aclemu_model_executor"
STRUCT_BLOCK = re.compile(rf"typedef struct {TABLE} \{{(?P<body>.*?)\}} {TABLE};", re.S)


def _stub_source() -> Path:
    found = sorted(REPO_ROOT.glob("emulator/**/emulator_stubs.c")) + sorted(
        REPO_ROOT.glob("acl/_generated/emulator_stubs.c")
    )
    assert found, "the generated emulator stubs are missing"
    return found[0]


def _check_program(cdef: str, emulator_c: str) -> str:
    """C text that compiles only if `cdef` agrees with the emulator's declarations."""
    block = STRUCT_BLOCK.search(cdef)
    assert block is not None, "emulator.cdef no longer declares the executor table"
    members = re.findall(r"\(\*(\w+)\)|(\w+);", block["body"])
    names = [pointer or plain for pointer, plain in members]
    entries = re.findall(r"\b_aclemu_([A-Z]\w*)\s*\(", cdef)
    hook_typedef = re.search(r"typedef void \(\*aclemuDiscardedCallbackHook\)[^;]*;", emulator_c)
    assert hook_typedef is not None, "emulator.c no longer spells the discard hook type"
    copy = cdef.replace(block[0], block[0].replace(TABLE, "cdef_model_executor"))
    copy = re.sub(r"^#define ACLEMU_MODEL_EXECUTOR_ABI \.\.\.$", "", copy, flags=re.M)
    lines = [
        f'#include "{_stub_source()}"',
        '#include "model_executor.h"',
        '#include "report_hooks.h"',
        *(f"#define _aclemu_{name} aclemu{name}" for name in entries),
        copy,
        hook_typedef[0],
        "#include <stddef.h>",
        f"_Static_assert(sizeof({TABLE}) == sizeof(cdef_model_executor), \"table size\");",
    ]
    for name in names:
        lines.append(
            f"_Static_assert(offsetof({TABLE}, {name}) == offsetof(cdef_model_executor, {name})"
            f" && __builtin_types_compatible_p(__typeof__((({TABLE} *)0)->{name}),"
            f" __typeof__(((cdef_model_executor *)0)->{name})), \"member {name}\");"
        )
    return "\n".join(lines) + "\n"


def _compiles(tmp_path: Path, cdef: str) -> bool:
    source = tmp_path / "cdef_check.c"
    source.write_text(_check_program(cdef, (NATIVE / "emulator.c").read_text()))
    try:
        compile_c([source], tmp_path / "cdef_check.o", flags=["-c", "-Wno-deprecated-declarations"])
    except AssertionError:
        return False
    return True


def test_emulator_cdef_matches_the_emulator_headers(tmp_path: Path) -> None:
    assert _compiles(tmp_path, (NATIVE / "emulator.cdef").read_text())


@pytest.mark.parametrize(
    ("original", "altered"),
    [
        ("int32_t _aclemu_SetModelExecutor(", "int64_t _aclemu_SetModelExecutor("),
        ("void (*unload)(uint64_t token);", "void (*unload)(uint32_t token);"),
        ("    uint32_t abi_version;", "    uint64_t abi_version;"),
    ],
)
def test_a_disagreeing_declaration_is_caught(tmp_path: Path, original: str, altered: str) -> None:
    cdef = (NATIVE / "emulator.cdef").read_text()
    assert original in cdef
    assert not _compiles(tmp_path, cdef.replace(original, altered))
