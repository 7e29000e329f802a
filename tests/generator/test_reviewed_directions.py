"""Reviewed data, not a release's doc comments, gives the public shape of a function pyACL has.

The fixture `reviewed_directions` is a release header whose comment tags `img_base_info` both ways
and leaves `img_align_info` untagged (as a real release does); tools/data/irregular.json reviews
`img_align_info` as an out. Its golden files are checked by test_golden.py; this states the facts.
"""

from __future__ import annotations

import pytest
from emit_fixture import REPO

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import IrregularTable, build_plan
from aclgen.model.classify import TypeFacts, classify
from aclgen.pipeline import emit_all

INCLUDE = REPO / "tests" / "generator" / "fixtures" / "reviewed_directions" / "include"
NAME = "hi_mpi_sys_get_image_align_info"


def test_the_fixture_comments_disagree_with_pyacl() -> None:
    fn = next(f for f in parse_tree(INCLUDE).functions if f.name == NAME)
    directions = {p.name: p.direction for p in fn.params}
    assert directions["img_align_info"] is None  # untagged: the tag went to img_base_info


def test_without_the_review_the_comments_would_change_the_shape() -> None:
    api = parse_tree(INCLUDE)
    fn = next(f for f in api.functions if f.name == NAME)
    kinds = {p.c_name: p.kind for p in classify(fn, TypeFacts(api)).params}
    assert kinds["img_align_info"] == "handle"  # an argument: pyACL's callers would break


def test_the_reviewed_table_gives_pyacl_shape() -> None:
    api = parse_tree(INCLUDE)
    plan = build_plan(api)
    binding = next(b for b in plan.bound_functions if b.c_name == NAME)
    kinds = {p.c_name: p.kind for p in binding.cls.params}
    expected = {"mod_type": "handle", "mod_num": "scalar", "img_base_info": "handle", "img_align_info": "out"}
    assert kinds == expected
    assert IrregularTable.load().functions[NAME].shape == "(list, int, dict) -> (dict, ret)"
    files = {path.rpartition("/")[2]: text for path, text in emit_all(api, plan).items()}
    assert "def sys_get_image_align_info(mod_type, mod_num, img_base_info):" in files["himpi.py"]
    assert "return _structs.hi_img_align_info(_r.img_align_info), _r.ret" in files["himpi.py"]


def test_a_struct_taken_as_a_dict_also_converts_back() -> None:
    """No function returns hi_img_base_info; its struct -> dict converter exists all the same."""
    api = parse_tree(INCLUDE)
    files = {path.rpartition("/")[2]: text for path, text in emit_all(api, build_plan(api)).items()}
    assert "def fill_hi_img_base_info(p, d):" in files["_structs.py"]
    assert "def hi_img_base_info(v):" in files["_structs.py"]


def test_a_review_that_cannot_hold_is_an_error() -> None:
    api = parse_tree(INCLUDE)
    fn = next(f for f in api.functions if f.name == NAME)
    with pytest.raises(ValueError, match="mod_num"):
        classify(fn, TypeFacts(api), {"mod_num": "out"})
