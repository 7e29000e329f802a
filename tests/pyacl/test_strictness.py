"""Argument strictness where pyACL is strict, and pyACL's leniency where it is documented usage.

- A `str` argument of a function pyACL has: None is a TypeError naming the function (pyACL's `s`),
  unless pyACL lets the caller leave the argument out. C functions pyACL does not wrap take None
  as NULL.
- `index` of the dynamic-shape queries is documented as -1: pyACL parses it unchecked (`k`), so the
  binding masks it to size_t (reviewed `mask` role). Every other out-of-range int stays an
  OverflowError naming the function.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("ACL_BACKEND", "emulator")

import pytest
from emit_fixture import fixture_api, fixture_irregular
from helpers.pyacl_table import pyacl_rows

import acl
from acl._generated import mdl as generated_mdl

# isort: split
from aclgen.model.bindings import Irregular, IrregularTable, build_plan  # emit_fixture put tools/ on the path

REPO = Path(__file__).resolve().parents[2]
IRREGULAR = REPO / "tools" / "data" / "irregular.json"
MANIFEST = REPO / "acl" / "_generated" / "api.json"

ACL_ERROR_INVALID_PARAM = 100000
ACL_PRECISION_MODE = 0
SIZE_T_MAX = 2**64 - 1


@pytest.fixture(scope="module")
def context() -> Iterator[int]:
    from acl import _onnx_executor

    assert acl.init() in (0, 100002)  # ACL_ERROR_REPEAT_INITIALIZE when another test module initialised
    assert acl.rt.set_device(0) == 0
    assert _onnx_executor.install()
    ctx, ret = acl.rt.create_context(0)
    assert ret == 0
    yield ctx
    assert acl.rt.destroy_context(ctx) == 0


def _model_desc(tmp_path: Path, shape: list[Any]) -> tuple[int, int]:
    """(model id, filled desc) of a one-Relu ONNX model whose input has `shape` (str = symbolic)."""
    onnx = pytest.importorskip("onnx")
    TensorProto, helper = onnx.TensorProto, onnx.helper
    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"])],
        "relu",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    path = tmp_path / "relu.onnx"
    path.write_bytes(model.SerializeToString())
    model_id, ret = acl.mdl.load_from_file(str(path))
    assert ret == 0, acl.get_recent_err_msg()
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == 0
    return model_id, desc


def _release(model_id: int, desc: int) -> None:
    assert acl.mdl.destroy_desc(desc) == 0
    assert acl.mdl.unload(model_id) == 0


# ------------------------------------------------------------------------------------ None for str


@pytest.mark.parametrize(
    ("qualified", "argument", "call"),
    [
        ("acl.mdl.load_from_file", "model_path", lambda: acl.mdl.load_from_file(None)),
        ("acl.mdl.get_input_index_by_name", "name", lambda: acl.mdl.get_input_index_by_name(0, None)),
        ("acl.op.set_attr_string", "attr_name", lambda: acl.op.set_attr_string(0, None, "v")),
        ("acl.op.set_attr_string", "attr_value", lambda: acl.op.set_attr_string(0, "n", None)),
        ("acl.rt.ipc_mem_close", "key", lambda: acl.rt.ipc_mem_close(None)),
        ("acl.prof.init", "profiler_result_path", lambda: acl.prof.init(None)),  # also sized by strlen
        ("acl.set_tensor_desc_name", "name", lambda: acl.set_tensor_desc_name(0, None)),
        ("acl.op.set_attr_list_int", "attr_name", lambda: acl.op.set_attr_list_int(0, None, [1])),
    ],
)
def test_none_for_a_pyacl_string_is_a_type_error(
    qualified: str, argument: str, call: Callable[[], Any]
) -> None:
    message = rf"^{re.escape(qualified)}: argument {argument} must be str, not NoneType$"
    with pytest.raises(TypeError, match=message):
        call()


def test_a_string_of_another_type_names_what_is_allowed() -> None:
    not_bytes = r"^acl\.mdl\.load_from_file: argument model_path must be str, not bytes$"
    with pytest.raises(TypeError, match=not_bytes):
        acl.mdl.load_from_file(b"model.om")
    with pytest.raises(TypeError, match=r"^acl\.init: argument config_path must be str or None, not int$"):
        acl.init(3)


def test_a_c_function_pyacl_does_not_wrap_passes_none_as_null() -> None:
    assert acl.set_compileopt(ACL_PRECISION_MODE, None) == ACL_ERROR_INVALID_PARAM
    assert "value is NULL" in acl.get_recent_err_msg()  # the C function saw NULL


def test_optional_strings_may_be_left_out_or_none() -> None:
    assert acl.init() in (0, 100002)
    assert acl.init(None) == 100002  # initialised by now: the call reached C with NULL
    assert acl.mdl.set_dump() == acl.mdl.set_dump(None)
    assert isinstance(acl.mdl.set_dump(), int)


def test_module_docstring_names_the_functions_passing_null() -> None:
    # the module defining the wrapper: a release lacking aclSetCompileopt fails here, naming it
    assert acl.set_compileopt(ACL_PRECISION_MODE, None) == ACL_ERROR_INVALID_PARAM
    doc = " ".join((acl.set_compileopt.__globals__["__doc__"] or "").split())
    assert "None is a TypeError" in doc
    assert "set_compileopt" in doc.split("pass None as NULL")[1]
    assert "set_tensor_desc_name" not in doc


def test_strict_strings_are_the_pyacl_functions_taking_a_string() -> None:
    wrapped = {row["c_function"] for row in pyacl_rows() if row["c_function"]}
    bindings = json.loads(MANIFEST.read_text())["bindings"]
    taking_str = {b["name"] for b in bindings if any(p["kind"] == "string" for p in b.get("params", ()))}
    listed = json.loads(IRREGULAR.read_text())["strict_strings"]
    assert listed == sorted(listed)
    assert set(listed) == wrapped & taking_str


# ----------------------------------------------------------------------------- masked index -1


@pytest.mark.onnx
def test_dynamic_hw_with_index_minus_one(context: int, tmp_path: Path) -> None:
    model_id, desc = _model_desc(tmp_path, [1, 3, "H", "W"])
    try:
        hw, ret = acl.mdl.get_dynamic_hw(desc, -1)
        assert ret == 0, acl.get_recent_err_msg()
        assert hw == {"hwCount": 2, "hw": [[224, 224], [448, 448]]}  # the emulator's default gears
    finally:
        _release(model_id, desc)


@pytest.mark.onnx
def test_dynamic_dims_with_index_minus_one(context: int, tmp_path: Path) -> None:
    model_id, desc = _model_desc(tmp_path, [2, "N"])  # not dim 0: a dynamic-dims model
    try:
        count, ret = acl.mdl.get_input_dynamic_gear_count(desc, -1)
        assert (count, ret) == (4, 0)  # one gear per default batch gear 1, 2, 4, 8
        gears, ret = acl.mdl.get_input_dynamic_dims(desc, -1, count)
        assert ret == 0, acl.get_recent_err_msg()
        assert [g["dims"] for g in gears] == [[2, 1], [2, 2], [2, 4], [2, 8]]
        assert all(g["dimCount"] == 2 for g in gears)
    finally:
        _release(model_id, desc)


def test_minus_one_reaches_c_as_size_t_max(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = generated_mdl._aclmdlGetDynamicHW

    def recording(desc: int, index: int) -> Any:
        seen.append(index)
        return real(desc, index)

    monkeypatch.setattr(generated_mdl, "_aclmdlGetDynamicHW", recording)
    assert acl.mdl.get_dynamic_hw(0, -1) == ({}, ACL_ERROR_INVALID_PARAM)
    acl.mdl.get_dynamic_hw(0, 2**64 + 5)  # wraps like pyACL's unchecked parse
    assert seen == [SIZE_T_MAX, 5]


def test_a_masked_index_still_needs_an_int() -> None:
    with pytest.raises(TypeError, match=r"^acl\.mdl\.get_input_dynamic_gear_count: "):
        acl.mdl.get_input_dynamic_gear_count(0, 1.5)


@pytest.mark.parametrize(
    ("qualified", "call"),
    [
        ("acl.mdl.get_input_dims", lambda: acl.mdl.get_input_dims(0, -1)),  # an input index: no mask
        ("acl.mdl.get_dynamic_hw", lambda: acl.mdl.get_dynamic_hw(-1, -1)),  # only the index is masked
        ("acl.rt.malloc", lambda: acl.rt.malloc(-1, 0)),
        ("acl.rt.malloc", lambda: acl.rt.malloc(2**64, 0)),
    ],
)
def test_out_of_range_ints_elsewhere_raise_overflow_error(qualified: str, call: Callable[[], Any]) -> None:
    with pytest.raises(OverflowError, match=rf"^{re.escape(qualified)}: "):
        call()


def test_functions_bound_straight_to_c_keep_the_overflow_check() -> None:
    with pytest.raises(OverflowError):
        acl.mdl.get_output_size_by_index(0, -1)
    with pytest.raises(OverflowError):
        acl.mdl.set_dynamic_batch_size(0, 0, -1, 1)


# ------------------------------------------------------------------------ generator validation


def _table_with(entries: dict[str, Irregular], strict: frozenset[str] = frozenset()) -> IrregularTable:
    base = fixture_irregular()
    return IrregularTable({**base.functions, **entries}, base.extras, base.unions, strict)


@pytest.mark.parametrize(
    ("c_name", "args", "problem"),
    [
        ("aclrtSetDevice", {"deviceId": "mask"}, "needs an unsigned integer"),  # int32_t
        ("aclrtMalloc", {"devPtr": "mask"}, "needs an unsigned integer"),  # an out parameter
        ("aclrtMalloc", {"sizes": "mask"}, "unknown parameter sizes"),
    ],
)
def test_the_mask_role_is_checked_when_planning(c_name: str, args: dict[str, str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        build_plan(fixture_api(), irregular=_table_with({c_name: Irregular("shape", args=args)}))


def test_planning_records_mask_widths_and_strictness() -> None:
    masked = {
        "aclmdlGetInputDims": Irregular("shape", args={"index": "mask"}),
        "aclrtLaunchCallback": Irregular("shape", args={"blockType": "mask"}),
    }
    table = _table_with(masked, strict=frozenset({"aclmdlLoadFromFile", "aclmdlGetInputDims"}))
    plan = build_plan(fixture_api(), irregular=table)
    by_c = {b.c_name: b for b in plan.functions}
    assert by_c["aclmdlGetInputDims"].masks == {"index": SIZE_T_MAX}
    assert not by_c["aclmdlGetInputDims"].shaped  # a mask alone keeps the generic wrapper
    callback = by_c["aclrtLaunchCallback"]
    assert callback.masks == {"blockType": 0xFFFFFFFF}  # uint32_t
    assert not callback.direct  # the mask needs a Python frame
    loader = by_c["aclmdlLoadFromFile"]
    model_path = loader.cls.params[0]
    assert loader.strict_strings and loader.none_is_null(model_path)  # reviewed as optional
    assert by_c["aclmdlGetInputDims"].strict_strings
    assert not by_c["aclrtLaunchCallback"].strict_strings
