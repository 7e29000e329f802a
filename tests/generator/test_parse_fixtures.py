"""Golden tests: each fixture directory holds tiny headers for one quirk and the IR expected from them.

`python tests/generator/test_parse_fixtures.py --update` rewrites the expected.json files; review
the diff before committing it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from emit_fixture import REPO  # puts tools/ on sys.path

# isort: split
from aclgen.parse import HeaderError, parse_tree

FIXTURES = REPO / "tests" / "generator" / "fixtures"
GOLDEN_FIXTURES = sorted(p.name for p in FIXTURES.iterdir() if (p / "expected.json").is_file())


def parsed_json(name: str) -> dict[str, Any]:
    return parse_tree(FIXTURES / name / "include").to_json_obj()


def test_every_fixture_has_a_golden_file() -> None:
    quirks = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and not p.name.startswith("malformed_"))
    assert quirks == GOLDEN_FIXTURES


@pytest.mark.parametrize("name", GOLDEN_FIXTURES)
def test_fixture_matches_golden_ir(name: str) -> None:
    expected = json.loads((FIXTURES / name / "expected.json").read_text(encoding="utf-8"))
    got = json.loads(json.dumps(parsed_json(name)))  # tuples become lists, as in the file
    for section in expected:
        assert got[section] == expected[section], f"{name}: section {section} differs"
    assert sorted(got) == sorted(expected)


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


def golden_text(api_json: dict[str, Any]) -> str:
    """JSON with one declaration per line, so a diff shows which one changed."""
    sections = []
    for key, items in api_json.items():
        rows = ",\n".join(f"  {json.dumps(item)}" for item in items)
        sections.append(f' "{key}": [\n{rows}\n ]' if items else f' "{key}": []')
    return "{\n" + ",\n".join(sections) + "\n}\n"


def _update() -> None:
    for name in sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()):
        if not name.startswith("malformed_"):
            (FIXTURES / name / "expected.json").write_text(golden_text(parsed_json(name)), encoding="utf-8")
            print("wrote", name)


if __name__ == "__main__" and "--update" in sys.argv:
    _update()
