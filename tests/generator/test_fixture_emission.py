"""What every quirk fixture emits is usable, not only as expected (test_golden.py): cffi accepts
the cdef the build makes of it and the C source compiles as C11, so a quirk cannot turn into text
that only looks right."""

from __future__ import annotations

import subprocess
import sysconfig
from pathlib import Path

import cffi
import pytest
from emit_fixture import REPO, build_ffi  # puts tools/ on sys.path

# isort: split
from aclgen.pipeline import generate

FIXTURES = REPO / "tests" / "generator" / "fixtures"
QUIRKS = sorted(
    p.name for p in FIXTURES.iterdir() if (p / "include").is_dir() and not p.name.startswith("malformed_")
)
COMPARED_SUFFIXES = (".h", ".c", ".py", ".pyi")


def unstamped(text: str) -> str:
    first, _, rest = text.partition("\n")
    assert "do not edit" in first
    return rest


@pytest.fixture(scope="module", params=QUIRKS)
def emitted(request: pytest.FixtureRequest) -> tuple[str, dict[str, str]]:
    generation = generate(FIXTURES / request.param / "include")
    files = {
        path.rpartition("/")[2]: unstamped(text)
        for path, text in generation.files.items()
        if path.endswith(COMPARED_SUFFIXES)
    }
    return request.param, files


def test_cdef_is_accepted_by_cffi(emitted: tuple[str, dict[str, str]]) -> None:
    _, files = emitted
    cffi.FFI().cdef(build_ffi.cdef_text(files["types.h"], files["cdef.h"]))


def test_shims_compile_as_c11(emitted: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    quirk, files = emitted
    source = tmp_path / "shims.c"
    source.write_text(build_ffi.c_source(files["types.h"], files["shims.c"]), encoding="utf-8")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    result = subprocess.run(
        [compiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", "-fsyntax-only",
         str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"{quirk}:\n{result.stderr[-3000:]}"
