"""aclmdlGetOpAttr: "_datadump_original_op_names" of a node of a loaded ONNX model.

The emulator runs the graph unfused, so each named node was made from itself alone and its value is
"[len]name" in the runtime's format; an unknown node or another attribute gives "" and a bad desc
None (NULL), as the runtime documents."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import onnx_builders as build
from mdl_harness import ModelHarness

import acl
from acl._backend import lib

ORIGIN = "_datadump_original_op_names"


def _runtime_format(*names: str) -> str:
    return "".join(f"[{len(name.encode())}]{name}" for name in names)


def test_each_named_node_is_its_own_origin(harness: ModelHarness) -> None:
    model = harness.load(build.named_nodes())
    desc = harness.desc(model)
    for name in ("/block/Add", "relu_1", "Mul.0"):
        assert acl.mdl.get_op_attr(desc, name, ORIGIN) == _runtime_format(name)
    assert lib._aclemu_IsImplemented(b"aclmdlGetOpAttr")


def test_unknown_node_or_attribute_is_empty(harness: ModelHarness) -> None:
    desc = harness.desc(harness.load(build.named_nodes()))
    assert acl.mdl.get_op_attr(desc, "no_such_node", ORIGIN) == ""
    assert acl.mdl.get_op_attr(desc, "relu_1", "_other_attr") == ""
    assert acl.mdl.get_op_attr(desc, "", ORIGIN) == ""  # the unnamed Identity node cannot be asked for
    assert acl.mdl.get_op_attr(desc, "Relu", ORIGIN) == ""  # an op type is not a node name


def test_unnamed_graph_gives_empty_values(harness: ModelHarness) -> None:
    desc = harness.desc(harness.load(build.two_in_two_out()))  # helper.make_node leaves names empty
    assert acl.mdl.get_op_attr(desc, "Add", ORIGIN) == ""


def test_value_outlives_the_model_while_the_desc_lives(harness: ModelHarness) -> None:
    model = harness.load(build.named_nodes())
    desc = harness.desc(model)
    assert harness.unload(model) == acl.ACL_SUCCESS
    assert acl.mdl.get_op_attr(desc, "relu_1", ORIGIN) == _runtime_format("relu_1")


def test_bad_desc_is_refused_with_none(harness: ModelHarness) -> None:
    assert acl.mdl.get_op_attr(0, "relu_1", ORIGIN) is None
    assert "aclmdlGetOpAttr" in acl.get_recent_err_msg()
    unfilled = acl.mdl.create_desc()
    try:
        assert acl.mdl.get_op_attr(unfilled, "relu_1", ORIGIN) is None
        assert "not been filled" in acl.get_recent_err_msg()
    finally:
        acl.mdl.destroy_desc(unfilled)
