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
STRUCT_BLOCK = re.compile(r"typedef struct (?P<name>\w+) \{(?P<body>.*?)\} (?P=name);", re.S)
ABI_DEFINE = re.compile(r"^#define ACLEMU_\w+_ABI \.\.\.$", re.M)


def _stub_source() -> Path:
    found = sorted(REPO_ROOT.glob("emulator/**/emulator_stubs.c")) + sorted(
        REPO_ROOT.glob("acl/_generated/emulator_stubs.c")
    )
    assert found, "the generated emulator stubs are missing"
    return found[0]


def _member_names(body: str) -> list[str]:
    """Member names of a record body: `(*name)(...)` for function pointers, else the declarators."""
    names = []
    for statement in body.split(";"):
        pointer = re.search(r"\(\*(\w+)\)", statement)
        if pointer:
            names.append(pointer[1])
            continue
        words = re.findall(r"(\w+)\s*(?:\[\d+\])?\s*(?:,|$)", statement.strip())
        names.extend(words[1:] if len(words) > 1 and "," not in statement else words)
    return names


def _check_program(cdef: str, emulator_c: str) -> str:
    """C text that compiles only if `cdef` agrees with the emulator's declarations."""
    blocks = list(STRUCT_BLOCK.finditer(cdef))
    assert {b["name"] for b in blocks} >= {"aclemu_model_executor", "aclemu_media_executor"}, (
        "emulator.cdef no longer declares the executor tables"
    )
    entries = re.findall(r"\b_aclemu_([A-Z]\w*)\s*\(", cdef)
    hook_typedef = re.search(r"typedef void \(\*aclemuDiscardedCallbackHook\)[^;]*;", emulator_c)
    assert hook_typedef is not None, "emulator.c no longer spells the discard hook type"
    # Each record of the cdef is declared again as cdef_<name> (the headers define the real one)
    # and compared member by member; prototypes keep naming the real records, so a disagreeing
    # prototype is a conflicting redeclaration.
    copy = ABI_DEFINE.sub("", cdef)
    for block in blocks:
        name = block["name"]
        copy = copy.replace(block[0], f"typedef struct cdef_{name} {{{block['body']}}} cdef_{name};")
    lines = [
        f'#include "{_stub_source()}"',
        '#include "media_executor.h"',
        '#include "model_executor.h"',
        '#include "report_hooks.h"',
        '#include "trace_hooks.h"',
        '#include "compute_hooks.h"',
        *(f"#define _aclemu_{name} aclemu{name}" for name in entries),
        copy,
        hook_typedef[0],
        "#include <stddef.h>",
    ]
    for block in blocks:
        real, mine = block["name"], f"cdef_{block['name']}"
        lines.append(f"_Static_assert(sizeof({real}) == sizeof({mine}), \"{real}: size\");")
        for member in _member_names(block["body"]):
            lines.append(
                f"_Static_assert(offsetof({real}, {member}) == offsetof({mine}, {member})"
                f" && __builtin_types_compatible_p(__typeof__((({real} *)0)->{member}),"
                f" __typeof__((({mine} *)0)->{member})), \"{real}.{member}\");"
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
        ("int32_t _aclemu_SetMediaExecutor(", "int64_t _aclemu_SetMediaExecutor("),
        ("    void (*close)(uint64_t session);", "    void (*close)(uint32_t session);"),
        ("    size_t linesize[3];", "    size_t linesize[2];"),
    ],
)
def test_a_disagreeing_declaration_is_caught(tmp_path: Path, original: str, altered: str) -> None:
    cdef = (NATIVE / "emulator.cdef").read_text()
    assert original in cdef
    assert not _compiles(tmp_path, cdef.replace(original, altered))
