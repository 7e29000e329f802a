"""A baseline function the release lacks keeps its aliases: `acl.fv.destory_init_para` is
`acl.fv.destroy_init_para` whether the headers declare aclfvDestroyInitPara or not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from emit_fixture import REPO

# isort: split
from aclgen.pipeline import generate

import acl._missing as missing

DECLARED = "aclError aclfvDestroyInitPara(aclfvInitPara *initPara);"


def test_an_absent_function_s_alias_is_bound_to_the_same_raiser(tmp_path: Path) -> None:
    include = tmp_path / "include"
    shutil.copytree(REPO / "headers", include)
    fv = include / "acl" / "ops" / "acl_fv.h"
    text = fv.read_text(encoding="utf-8")
    assert text.count(DECLARED) == 1
    fv.write_text(text.replace(DECLARED, ""), encoding="utf-8")
    generation = generate(include)
    assert generation.plan.absent["fv"] == {"destroy_init_para": "aclfvDestroyInitPara"}
    assert generation.plan.absent_aliases == {"fv": {"destory_init_para": "destroy_init_para"}}
    module = next(text for name, text in generation.files.items() if name.endswith("_generated/fv.py"))
    assert '_ABSENT_ALIASES = {\n    "destory_init_para": "destroy_init_para",\n}' in module
    assert "_missing.bind_absent(globals(), _ABSENT, _ABSENT_ALIASES)" in module


def test_bind_absent_makes_each_alias_the_function_it_names() -> None:
    namespace = {"__name__": "acl._generated.fv", "__all__": ["present"]}
    missing.bind_absent(namespace, {"destroy_init_para": "aclfvDestroyInitPara"},
                        {"destory_init_para": "destroy_init_para"})
    assert namespace["destory_init_para"] is namespace["destroy_init_para"]
    assert namespace["__all__"] == ["present", "destroy_init_para", "destory_init_para"]
    with pytest.raises(missing.FunctionNotAvailableError,
                       match=r"^acl\.fv\.destroy_init_para needs the C function aclfvDestroyInitPara,"):
        namespace["destory_init_para"](0)
