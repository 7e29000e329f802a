"""The ONNX node-name reader the model executor uses (acl/_onnx_nodes.py), against onnx's own parse."""

from __future__ import annotations

import pytest

pytest.importorskip("onnx")

import onnx
import onnx_builders as build
from onnx import TensorProto, helper

from acl._onnx_nodes import MalformedModel, graph_nodes, node_names


def test_names_match_onnx_parse() -> None:
    data = build.named_nodes()
    expected = [n.name for n in onnx.load_from_string(data).graph.node if n.name]
    assert node_names(graph_nodes(data)) == expected == ["/block/Add", "relu_1", "Mul.0"]


def test_subgraph_nodes_are_not_top_level() -> None:
    branch = helper.make_graph([helper.make_node("Identity", ["x"], ["o"], name="inner")], "b", [],
                               [helper.make_tensor_value_info("o", TensorProto.FLOAT, [1])])
    outer = helper.make_node("If", ["c"], ["y"], name="outer", then_branch=branch, else_branch=branch)
    graph = helper.make_graph([outer], "g", [helper.make_tensor_value_info("c", TensorProto.BOOL, [])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])],
                              [helper.make_tensor("x", TensorProto.FLOAT, [1], [1.0])])
    data = helper.make_model(graph).SerializeToString()
    assert node_names(graph_nodes(data)) == ["outer"]


def test_non_ascii_names_decode() -> None:
    node = helper.make_node("Relu", ["a"], ["b"], name="层/激活")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("a", TensorProto.FLOAT, [1])],
                              [helper.make_tensor_value_info("b", TensorProto.FLOAT, [1])])
    assert node_names(graph_nodes(helper.make_model(graph).SerializeToString())) == ["层/激活"]


@pytest.mark.parametrize("cut", [1, 5, 20, -3])
def test_truncated_bytes_are_refused(cut: int) -> None:
    data = build.named_nodes()
    with pytest.raises(MalformedModel):
        graph_nodes(data[:cut] if cut > 0 else data[:cut] + b"\x0a\xff\xff\xff\x0f")


def test_unknown_wire_type_is_refused() -> None:
    with pytest.raises(MalformedModel, match="wire type"):
        graph_nodes(b"\x3b")  # field 7, wire type 3 (deprecated groups)
