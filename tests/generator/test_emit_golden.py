"""Every emitter's output for the fixture Api against the committed golden files.

ACLGEN_UPDATE_GOLDEN=1 rewrites them; review the diff before committing.
"""

from __future__ import annotations

import pytest
from emit_fixture import check_golden, fixture_plan

# isort: split
from aclgen.emit_cdef import emit_cdef, emit_types_h
from aclgen.emit_constants import emit_constants
from aclgen.emit_csource import emit_csource
from aclgen.emit_emulator_stubs import emit_emulator_stubs
from aclgen.emit_python import emit_python
from aclgen.emit_stubs import emit_stubs

API, PLAN = fixture_plan()


@pytest.mark.parametrize(
    ("name", "emit"),
    [
        ("types.h", emit_types_h),
        ("cdef.h", emit_cdef),
        ("shims.c", emit_csource),
        ("constants.py", emit_constants),
        ("emulator_stubs.c", emit_emulator_stubs),
    ],
)
def test_single_file_emitters(name: str, emit) -> None:
    check_golden(name, emit(API, PLAN))


@pytest.mark.parametrize("emit", [emit_python, emit_stubs])
def test_per_module_emitters(emit) -> None:
    files = emit(API, PLAN)
    for name, text in sorted(files.items()):
        check_golden(f"python/{name}", text)


def test_output_is_deterministic() -> None:
    api, plan = fixture_plan()
    assert emit_csource(api, plan) == emit_csource(API, PLAN)
    assert emit_python(api, plan) == emit_python(API, PLAN)
