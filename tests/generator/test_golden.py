"""The golden tests, one runner: each fixture is one input and the outputs that carry its meaning.

A fixture is a directory under fixtures/: `include/` holds tiny headers for one quirk (or, for
`hand_built`, the input is emit_fixture.fixture_api(), an Api covering every classification) and
`expected/` holds the generator's output files (unstamped, by file name) that differ from what it
emits for an empty include tree; files equal to that empty output say nothing about the fixture
and are not kept. api.json is among them: the parsed IR and the binding decisions.

ACLGEN_UPDATE_GOLDEN=1 rewrites expected/ (adding and removing files); review the diff before
committing it. A failure prints a unified diff.
"""

from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
from emit_fixture import REPO, assert_same_as_golden, fixture_plan

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import build_plan
from aclgen.pipeline import emit_all

FIXTURES = REPO / "tests" / "generator" / "fixtures"
HAND_BUILT = "hand_built"
HEADER_FIXTURES = sorted(
    p.name for p in FIXTURES.iterdir() if (p / "include").is_dir() and not p.name.startswith("malformed_")
)
UPDATE = os.environ.get("ACLGEN_UPDATE_GOLDEN") == "1"


def by_file_name(files: dict[str, str]) -> dict[str, str]:
    named = {path.rpartition("/")[2]: text for path, text in files.items()}
    assert len(named) == len(files), "two outputs share a file name"
    return named


def outputs_of_headers(include: Path) -> dict[str, str]:
    api = parse_tree(include)
    return by_file_name(emit_all(api, build_plan(api)))


@lru_cache(maxsize=1)
def empty_outputs() -> dict[str, str]:
    """What the generator writes for an include tree without declarations."""
    from tempfile import TemporaryDirectory

    with TemporaryDirectory() as empty:
        return outputs_of_headers(Path(empty))


def outputs_of(fixture: str) -> dict[str, str]:
    if fixture == HAND_BUILT:
        return by_file_name(emit_all(*fixture_plan()))
    return outputs_of_headers(FIXTURES / fixture / "include")


def carrying_meaning(files: dict[str, str]) -> dict[str, str]:
    empty = empty_outputs()
    return {name: text for name, text in files.items() if empty.get(name) != text}


def rewrite(expected_dir: Path, files: dict[str, str]) -> None:
    shutil.rmtree(expected_dir, ignore_errors=True)
    expected_dir.mkdir(parents=True)
    for name, text in files.items():
        (expected_dir / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("fixture", [*HEADER_FIXTURES, HAND_BUILT])
def test_outputs_match_the_expected_files(fixture: str) -> None:
    files = carrying_meaning(outputs_of(fixture))
    expected_dir = FIXTURES / fixture / "expected"
    if UPDATE:
        rewrite(expected_dir, files)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in sorted(expected_dir.iterdir())}
    assert sorted(on_disk) == sorted(files), f"{fixture}: the set of files carrying meaning changed"
    for name, text in files.items():
        assert_same_as_golden(f"{fixture}/expected/{name}", on_disk[name], text)


def test_every_fixture_says_something() -> None:
    for fixture in [*HEADER_FIXTURES, HAND_BUILT]:
        assert "api.json" in carrying_meaning(outputs_of(fixture)), fixture


def test_output_is_deterministic() -> None:
    assert emit_all(*fixture_plan()) == emit_all(*fixture_plan())
