"""Parameter classification: fixture cases, and the whole API cross-checked against pyACL's shapes."""

from __future__ import annotations

from typing import Any

import pytest
from emit_fixture import REPO, fixture_api
from helpers.pyacl_table import pyacl_rows

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import BindingPlan, IrregularTable, build_plan
from aclgen.model.classify import Classification, TypeFacts, classify
from aclgen.model.ir import Api

INT_KINDS = {"int", "uint", "uint64", "int64", "int8", "int16", "uint8", "uint16", "handle"}


@pytest.fixture(scope="module")
def plan() -> BindingPlan:
    return build_plan(fixture_api(), irregular=IrregularTable.empty())


def kinds(plan: BindingPlan, c_name: str) -> list[tuple[str, str]]:
    binding = next(b for b in plan.functions if b.c_name == c_name)
    return [(p.c_name, p.kind) for p in binding.cls.params]


@pytest.mark.parametrize(
    ("c_name", "expected"),
    [
        ("aclrtSetDevice", [("deviceId", "scalar")]),
        ("aclrtCreateContext", [("context", "out"), ("deviceId", "scalar")]),
        ("aclrtMalloc", [("devPtr", "out"), ("size", "scalar"), ("policy", "scalar")]),
        # a void * buffer is an address whatever its tag; const void * too
        (
            "aclrtMemcpy",
            [
                ("dst", "handle"),
                ("destMax", "scalar"),
                ("src", "handle"),
                ("count", "scalar"),
                ("kind", "scalar"),
            ],
        ),
        # no doc tag: a non-const pointer to a scalar is an out
        ("aclrtGetVersion", [("majorVersion", "out"), ("minorVersion", "out"), ("patchVersion", "out")]),
        (
            "aclrtLaunchCallback",
            [("fn", "handle"), ("userData", "handle"), ("blockType", "scalar"), ("stream", "handle")],
        ),
        ("aclrtReserveSlots", [("count", "inout"), ("base", "inout")]),
        ("aclmdlLoadFromFile", [("modelPath", "string"), ("modelId", "out")]),
        ("aclmdlGetInputDims", [("modelDesc", "handle"), ("index", "scalar"), ("dims", "out")]),
        # an out struct followed by its element count is an array the caller provides
        (
            "aclmdlGetInputDynamicDims",
            [("modelDesc", "handle"), ("index", "scalar"), ("dims", "handle"), ("gearCount", "scalar")],
        ),
        ("aclmdlExecuteOp", [("numInputs", "scalar"), ("inputDesc", "handle")]),
        (
            "aclprofGetOpType",
            [
                ("opInfo", "handle"),
                ("opInfoLen", "scalar"),
                ("index", "scalar"),
                ("opType", "handle"),
                ("opTypeLen", "scalar"),
            ],
        ),
        ("hi_mpi_vpc_fill", [("chn", "scalar"), ("pic", "handle"), ("task_id", "out")]),
        ("hi_mpi_vpc_get_pic", [("chn", "scalar"), ("pic", "out")]),
    ],
)
def test_parameter_kinds(plan: BindingPlan, c_name: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(plan, c_name) == expected


def test_shim_types(plan: BindingPlan) -> None:
    by_name = {b.c_name: b for b in plan.functions}
    create = by_name["aclrtCreateContext"].cls
    assert [p.shim_type for p in create.inputs] == ["int32_t"]
    assert [(p.out_type, p.out_kind) for p in create.outs] == [("uintptr_t", "handle")]
    dims = by_name["aclmdlGetInputDims"].cls.outs[0]
    assert (dims.out_type, dims.out_kind, dims.out_record, dims.py_type) == (
        "aclmdlIODims",
        "struct",
        "aclmdlIODims",
        "dict",
    )
    slots = by_name["aclrtReserveSlots"].cls
    assert [p.shim_type for p in slots.inputs] == ["uint32_t", "uintptr_t"]
    assert by_name["aclrtSynchronizeWithTimeout"].cls.params[1].py_name == "lambda_"


def test_returns(plan: BindingPlan) -> None:
    by_name = {b.c_name: b for b in plan.functions}
    assert by_name["aclrtSetDevice"].cls.ret.is_acl_error
    assert by_name["aclrtSetDevice"].cls.ret.missing_value == "(aclError)200001"
    assert by_name["aclmdlCreateDesc"].cls.ret.kind == "handle"
    assert by_name["aclmdlGetInputNameByIndex"].cls.ret.kind == "string"
    assert by_name["aclDestroyTensorDesc"].cls.ret.kind == "void"
    assert by_name["hi_mpi_sys_init"].unsigned_ret
    assert not by_name["aclrtSetDevice"].unsigned_ret


def test_direct_binding_rule(plan: BindingPlan) -> None:
    direct = {b.c_name for b in plan.functions if b.direct}
    assert {"aclrtSetDevice", "aclrtMemcpy", "aclmdlCreateDesc", "aclDestroyTensorDesc"} <= direct
    # outs, strings, string returns, variadics and unsigned himpi codes need a Python wrapper
    assert not direct & {
        "aclrtCreateContext",
        "aclmdlLoadFromFile",
        "aclmdlGetInputNameByIndex",
        "aclAppLog",
        "hi_mpi_sys_init",
    }


def test_reviewed_kinds_apply_and_are_checked() -> None:
    api = fixture_api()
    fn = next(f for f in api.functions if f.name == "aclrtReserveSlots")
    cls = classify(fn, TypeFacts(api), {"count": "out", "base": "handle"})
    assert [(p.c_name, p.kind) for p in cls.params] == [("count", "out"), ("base", "handle")]
    with pytest.raises(ValueError, match="unknown parameters"):
        classify(fn, TypeFacts(api), {"nope": "handle"})


def test_variadic_without_format_is_reported() -> None:
    api = fixture_api()
    fn = next(f for f in api.functions if f.name == "aclrtSetDevice")
    fn.variadic = True
    assert classify(fn, TypeFacts(api)).unbound_reason == "variadic without a trailing format string"


# -- the whole API against pyACL


@pytest.fixture(scope="module")
def real_api() -> Api:
    return parse_tree(REPO / "headers")


def _python_kind(p: Any) -> str:
    if p.kind == "string":
        return "str"
    return "float" if p.py_type == "float" and p.kind != "handle" else "int"


def _pyacl_kind(arg: str) -> str:
    if arg in INT_KINDS:
        return "int"
    if arg in ("float", "double"):
        return "float"
    return "str" if arg in ("str", "str?") else arg


def _shape_differences(cls: Classification, row: dict[str, Any]) -> list[str]:
    why = []
    ours = [_python_kind(p) for p in cls.inputs]
    theirs = [_pyacl_kind(a) for a in row["args"]]
    if ours != theirs:
        why.append(f"args {ours} vs {theirs}")
    n = len(cls.outs) + (cls.ret.kind != "void")
    if cls.outs:
        shape = ("tuple", n) if n > 1 else ("value", None)
    else:
        shape = ("none", None) if cls.ret.kind == "void" else ("ret", None)
    pyacl = (row["returns_kind"], row["tuple_len"])
    if shape != pyacl and not (shape[0] == "ret" and pyacl[0] in ("ret", "value")):
        why.append(f"returns {shape} vs {pyacl}")
    structs = sum(p.out_kind == "struct" for p in cls.outs)
    if row["returns"].count("dict") != structs or "list" in row["returns"]:
        why.append(f"returns {row['returns']}")
    if row["callback"]:
        why.append("callback")
    return why


def test_generic_shapes_match_pyacl_or_are_listed_as_irregular(real_api: Api) -> None:
    table = IrregularTable.load()
    plan = build_plan(real_api, irregular=table)
    by_c = {b.c_name: b for b in plan.functions}
    rows = [r for r in pyacl_rows() if r["c_function"] and not r["conditional_compile"]]
    unlisted, report = [], []
    for row in rows:
        binding = by_c[row["c_function"]]
        if (binding.module, binding.py_name) != (
            "top" if row["module"] == "acl" else row["module"][4:],
            row["name"],
        ):
            continue  # alias and composite rows: pyacl_names.json
        why = _shape_differences(binding.cls, row)
        if why:
            report.append(f"{row['c_function']}: {'; '.join(why)}")
            entry = table.functions.get(row["c_function"])
            if entry is None or entry.group == "reviewed-params":
                unlisted.append(report[-1])
    print("\n".join(report))  # the review list (pytest -s)
    assert unlisted == []


def test_irregular_entries_name_real_functions(real_api: Api) -> None:
    names = {f.name for f in real_api.functions}
    table = IrregularTable.load()
    assert sorted(set(table.functions) - names) == []
    groups = {e.group for e in table.functions.values()}
    assert groups <= {
        "dict",
        "list",
        "polymorphic",
        "callback",
        "reviewed-params",
        "string-buffer",
        "shape",
        "echo-back",
        "object",
    }


def test_every_function_is_bound_or_reported(real_api: Api) -> None:
    plan = build_plan(real_api)
    assert len(plan.functions) == len(real_api.functions)
    assert all(reason for _, reason in plan.unbound())
