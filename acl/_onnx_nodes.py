"""The operator nodes of an ONNX model, read from (and exposed in) its protobuf bytes.

Hand-written: the model executor needs only the top-level graph's nodes and a way to make their
tensors graph outputs (for the data dump), and working on the wire format directly keeps the
emulator free of a dependency on the `onnx` package. Field numbers are onnx.proto's:
ModelProto.graph 7; GraphProto.node 1, .output 12; NodeProto.input 1, .output 2, .name 3, .op_type 4;
ValueInfoProto.name 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

_VARINT, _FIXED64, _LENGTH_DELIMITED, _FIXED32 = 0, 1, 2, 5
_MODEL_GRAPH = 7
_GRAPH_NODE, _GRAPH_OUTPUT = 1, 12
_NODE_INPUT, _NODE_OUTPUT, _NODE_NAME, _NODE_OP_TYPE = 1, 2, 3, 4
_VALUE_INFO_NAME = 1


class MalformedModel(ValueError):
    """The bytes are not a well-formed protobuf message."""


class OnnxNode(NamedTuple):
    name: str  # "" when the model leaves the node unnamed
    op_type: str
    inputs: tuple[str, ...]  # "" for an optional input left out
    outputs: tuple[str, ...]


class _Field(NamedTuple):
    number: int
    wire: int
    start: int  # where its key begins
    value_start: int  # where a length-delimited value's bytes begin
    end: int


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise MalformedModel(f"truncated or overlong varint at byte {pos}")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def _fields(data: bytes, start: int, end: int) -> Iterator[_Field]:
    """Every field of the message in data[start:end]."""
    pos = start
    while pos < end:
        key_start = pos
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        value_start = pos
        if wire == _VARINT:
            _, pos = _varint(data, pos)
        elif wire == _FIXED64:
            pos += 8
        elif wire == _FIXED32:
            pos += 4
        elif wire == _LENGTH_DELIMITED:
            length, value_start = _varint(data, pos)
            pos = value_start + length
        else:
            raise MalformedModel(f"unsupported wire type {wire} of field {number} at byte {key_start}")
        if pos > end:
            raise MalformedModel(f"field {number} at byte {key_start} runs past its message ({pos} > {end})")
        yield _Field(number, wire, key_start, value_start, pos)


def _strings(data: bytes, field: _Field) -> str:
    return data[field.value_start:field.end].decode("utf-8", errors="replace")


def _graph(model: bytes) -> _Field | None:
    graphs = [f for f in _fields(model, 0, len(model))
              if f.number == _MODEL_GRAPH and f.wire == _LENGTH_DELIMITED]
    if len(graphs) > 1:  # protobuf would merge them; no ONNX writer splits a graph
        raise MalformedModel("the model's graph field appears more than once")
    return graphs[0] if graphs else None


def graph_nodes(model: bytes) -> list[OnnxNode]:
    """The main graph's nodes in graph order (nodes of subgraphs are not included)."""
    graph = _graph(model)
    if graph is None:
        return []
    nodes = []
    for field in _fields(model, graph.value_start, graph.end):
        if field.number != _GRAPH_NODE or field.wire != _LENGTH_DELIMITED:
            continue
        parts: dict[int, list[str]] = {_NODE_INPUT: [], _NODE_OUTPUT: [], _NODE_NAME: [], _NODE_OP_TYPE: []}
        for part in _fields(model, field.value_start, field.end):
            if part.number in parts and part.wire == _LENGTH_DELIMITED:
                parts[part.number].append(_strings(model, part))
        name = parts[_NODE_NAME][-1] if parts[_NODE_NAME] else ""
        op_type = parts[_NODE_OP_TYPE][-1] if parts[_NODE_OP_TYPE] else ""
        nodes.append(OnnxNode(name, op_type, tuple(parts[_NODE_INPUT]), tuple(parts[_NODE_OUTPUT])))
    return nodes


def node_names(nodes: list[OnnxNode]) -> list[str]:
    """Names of `nodes` (graph_nodes' list) in graph order; unnamed nodes (and names holding a NUL,
    which C could not ask for) are left out."""
    return [n.name for n in nodes if n.name and "\0" not in n.name]


def _varint_bytes(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _length_delimited(number: int, payload: bytes) -> bytes:
    return _varint_bytes(number << 3 | _LENGTH_DELIMITED) + _varint_bytes(len(payload)) + payload


def _extra_outputs(names: list[str]) -> bytes:
    return b"".join(_length_delimited(_GRAPH_OUTPUT, _length_delimited(_VALUE_INFO_NAME, n.encode()))
                    for n in names)


def with_graph_outputs(model: bytes, names: list[str]) -> bytes:
    """The model with `names` appended to its graph's outputs, untyped (the runtime infers the types)."""
    graph = _graph(model)
    if graph is None:
        raise MalformedModel("the model has no graph")
    body = model[graph.value_start:graph.end] + _extra_outputs(names)
    return model[:graph.start] + _length_delimited(_MODEL_GRAPH, body) + model[graph.end:]


def graph_before(model: bytes, node_index: int, names: list[str]) -> bytes:
    """The model cut before its node `node_index` (graph order is topological), with `names` as its
    only graph outputs (untyped): the runtime computes just what those need."""
    graph = _graph(model)
    if graph is None:
        raise MalformedModel("the model has no graph")
    kept, seen = [], 0
    for field in _fields(model, graph.value_start, graph.end):
        if field.number == _GRAPH_NODE and field.wire == _LENGTH_DELIMITED:
            seen += 1
            if seen > node_index:
                continue
        elif field.number == _GRAPH_OUTPUT:
            continue
        kept.append(model[field.start:field.end])
    body = b"".join(kept) + _extra_outputs(names)
    return model[:graph.start] + _length_delimited(_MODEL_GRAPH, body) + model[graph.end:]
