"""Malformed fixture headers fail the parse with their file and line (the IR each well-formed
fixture gives is in its expected/api.json, checked by test_golden.py)."""

from __future__ import annotations

import pytest
from emit_fixture import REPO  # puts tools/ on sys.path

# isort: split
from aclgen.front.parse import HeaderError, parse_tree

FIXTURES = REPO / "tests" / "generator" / "fixtures"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("malformed_syntax", "acl/broken.h:5: Invalid declaration"),
        ("malformed_unknown_type", "acl/unknown.h:5: unknown type name 'muMissingType'"),
    ],
)
def test_malformed_header_is_reported_with_its_place(name: str, message: str) -> None:
    with pytest.raises(HeaderError) as caught:
        parse_tree(FIXTURES / name / "include")
    assert str(caught.value).startswith(message)
    assert caught.value.file == message.split(":")[0]
    assert caught.value.line == int(message.split(":")[1])
