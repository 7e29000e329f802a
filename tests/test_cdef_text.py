"""The cdef build_ffi assembles from types.h is one every supported cffi parses.

PyPy's bundled cffi (1.15) cannot parse `_Alignas(N)`; build_ffi drops it, which is sound only
because each record holding such a member ends in cffi's `...;` (layout from the compiler).
"""

from __future__ import annotations

import re

from helpers.repo import REPO_ROOT

# isort: split
import build_ffi

TYPES_H = (REPO_ROOT / "acl" / "_generated" / "types.h").read_text(encoding="utf-8")


def test_the_cdef_has_no_alignment_specifier() -> None:
    assert "_Alignas(" in TYPES_H  # the C side keeps them
    assert "_Alignas" not in build_ffi.cdef_text(TYPES_H, "")


def test_every_record_with_an_aligned_member_takes_its_layout_from_the_compiler() -> None:
    records = re.findall(r"typedef (?:struct|union)[^{]*\{(.*?)\n\}", TYPES_H, re.S)
    aligned = [body for body in records if "_Alignas(" in body]
    assert aligned
    assert all(body.rstrip().endswith("/*...;*/") for body in aligned)
