"""The operator node names of an ONNX model, read from its protobuf bytes.

Hand-written: the model executor needs only the top-level graph's node names, and reading them from
the wire format directly keeps the emulator free of a dependency on the `onnx` package.
ModelProto.graph is field 7, GraphProto.node field 1, NodeProto.name field 3 (onnx.proto).
"""

from __future__ import annotations

from collections.abc import Iterator

_VARINT, _FIXED64, _LENGTH_DELIMITED, _FIXED32 = 0, 1, 2, 5
_MODEL_GRAPH, _GRAPH_NODE, _NODE_NAME = 7, 1, 3


class MalformedModel(ValueError):
    """The bytes are not a well-formed protobuf message."""


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


def _fields(data: bytes, start: int, end: int) -> Iterator[tuple[int, int, int]]:
    """(field number, start, end) of each length-delimited field of the message in data[start:end];
    other wire types are stepped over."""
    pos = start
    while pos < end:
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == _VARINT:
            _, pos = _varint(data, pos)
        elif wire == _FIXED64:
            pos += 8
        elif wire == _FIXED32:
            pos += 4
        elif wire == _LENGTH_DELIMITED:
            length, pos = _varint(data, pos)
            if pos + length > end:
                raise MalformedModel(f"field {number} runs past its message ({pos + length} > {end})")
            yield number, pos, pos + length
            pos += length
        else:
            raise MalformedModel(f"unsupported wire type {wire} of field {number} at byte {pos}")
        if pos > end:
            raise MalformedModel(f"field {number} runs past its message")


def node_names(model: bytes) -> list[str]:
    """Names of the main graph's nodes in graph order; unnamed nodes (and names holding a NUL, which C
    could not ask for) are left out."""
    names = []
    for number, g_start, g_end in _fields(model, 0, len(model)):
        if number != _MODEL_GRAPH:
            continue
        for n_number, n_start, n_end in _fields(model, g_start, g_end):
            if n_number != _GRAPH_NODE:
                continue
            for f_number, f_start, f_end in _fields(model, n_start, n_end):
                if f_number == _NODE_NAME and f_end > f_start and 0 not in model[f_start:f_end]:
                    names.append(model[f_start:f_end].decode("utf-8", errors="replace"))
    return names
