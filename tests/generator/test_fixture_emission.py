"""Golden tests of the emitted text for every quirk fixture: header quirk -> cdef, C shims, Python.

Each fixture directory keeps what the whole pipeline emits from its headers under `emitted/`
(the stamp line left out, since it hashes the shared data files too). The cdef must be accepted
by cffi and the shims must compile as C11, so a quirk cannot turn into text that only looks right.
`ACLGEN_UPDATE_GOLDEN=1` rewrites the files; review the diff before committing it.
"""

from __future__ import annotations

import os
import subprocess
import sysconfig
from pathlib import Path

import cffi
import pytest
from emit_fixture import REPO, assert_same_as_golden, build_ffi  # puts tools/ on sys.path

# isort: split
from aclgen.pipeline import generate

FIXTURES = REPO / "tests" / "generator" / "fixtures"
QUIRKS = sorted(p.name for p in FIXTURES.iterdir() if (p / "expected.json").is_file())
COMPARED_SUFFIXES = (".h", ".c", ".py", ".pyi")
UPDATE = os.environ.get("ACLGEN_UPDATE_GOLDEN") == "1"


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


def test_emitted_text_matches_golden(emitted: tuple[str, dict[str, str]]) -> None:
    quirk, files = emitted
    golden_dir = FIXTURES / quirk / "emitted"
    if UPDATE:
        golden_dir.mkdir(exist_ok=True)
        for stale in golden_dir.iterdir():
            stale.unlink()
        for name, text in files.items():
            (golden_dir / name).write_text(text, encoding="utf-8")
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in golden_dir.iterdir()}
    assert sorted(on_disk) == sorted(files), f"{quirk}: emitted file set differs"
    for name, text in files.items():
        assert_same_as_golden(f"{quirk}/emitted/{name}", on_disk[name], text)


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
