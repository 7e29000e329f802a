"""Per-node data dump: every node's input and output tensors beside the model's own dump files,
indexed by nodes.json, checked against numpy computing each node from the model's weights."""

from __future__ import annotations

import ctypes
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
import onnx
import onnx_builders as build
from helpers.runtime_support import DEVICE_ID, check
from mdl_harness import ModelHarness
from onnx import numpy_helper

import acl

pytestmark = pytest.mark.numpy
ACL_FLOAT = 0


def set_dump(tmp_path: Path, mode: str) -> Path:
    out = tmp_path / f"dump_{mode}"
    cfg = tmp_path / f"{mode}.json"
    cfg.write_text(json.dumps({"dump": {"dump_path": str(out), "dump_mode": mode}}))
    check(acl.mdl.set_dump(str(cfg)), "acl.mdl.set_dump")
    return out


def execute(harness: ModelHarness, model: int, arrays: list[np.ndarray]) -> None:
    inputs, outputs = harness.io_datasets(harness.desc(model))
    for i, array in enumerate(arrays):
        harness.put(inputs, i, array)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")


def read_index(folder: Path) -> dict[tuple[int, str, int], dict[str, Any]]:
    entries = json.loads((folder / "nodes.json").read_text())
    return {(e["index"], e["kind"], e["slot"]): e for e in entries}


def tensor(folder: Path, entry: dict[str, Any]) -> np.ndarray:
    assert entry["data_type"] == ACL_FLOAT
    return np.fromfile(folder / entry["file"], dtype=np.float32).reshape(entry["shape"])


def test_every_node_of_the_mlp_is_dumped_and_matches_numpy(
    harness: ModelHarness, dumping: None, tmp_path: Path
) -> None:
    out = set_dump(tmp_path, "all")
    data, reference = build.mlp()
    weights = {t.name: numpy_helper.to_array(t) for t in onnx.load_from_string(data).graph.initializer}
    model = harness.load(data)
    x = np.random.default_rng(11).standard_normal((2, 8)).astype(np.float32)
    execute(harness, model, [x])
    folder = out / str(DEVICE_ID) / f"model_{model}" / "0"
    index = read_index(folder)
    h0 = x @ weights["w1"]
    h1 = h0 + weights["b1"]
    h2 = np.maximum(h1, 0)
    h3 = h2 @ weights["w2"]
    h4 = h3 + weights["b2"]
    expected = {
        (0, "input", 0): x, (0, "input", 1): weights["w1"], (0, "output", 0): h0,
        (1, "input", 0): h0, (1, "input", 1): weights["b1"], (1, "output", 0): h1,
        (2, "input", 0): h1, (2, "output", 0): h2,
        (3, "input", 0): h2, (3, "input", 1): weights["w2"], (3, "output", 0): h3,
        (4, "input", 0): h3, (4, "input", 1): weights["b2"], (4, "output", 0): h4,
        (5, "input", 0): h4, (5, "output", 0): reference(x),
    }
    assert sorted(index) == sorted(expected)
    op_types = ["MatMul", "Add", "Relu", "MatMul", "Add", "Softmax"]
    for key, value in expected.items():
        entry = index[key]
        assert entry["op_type"] == op_types[key[0]] and entry["node"] == ""
        assert entry["file"] == f"nodes/{key[0]:04d}_{op_types[key[0]]}/{key[1]}_{key[2]}.bin"
        np.testing.assert_allclose(tensor(folder, entry), value, rtol=1e-5, atol=1e-6, err_msg=str(key))


def test_named_nodes_get_safe_directory_names_and_modes_filter(
    harness: ModelHarness, dumping: None, tmp_path: Path
) -> None:
    model = harness.load(build.named_nodes())
    a = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
    b = np.full((2, 3), 0.5, np.float32)
    out = set_dump(tmp_path, "output")
    execute(harness, model, [a, b])
    folder = out / str(DEVICE_ID) / f"model_{model}" / "0"
    index = read_index(folder)
    assert {(k[0], k[1]) for k in index} == {(0, "output"), (1, "output"), (2, "output"), (3, "output")}
    assert [index[(i, "output", 0)]["file"].split("/")[1] for i in range(4)] == [
        "0000__block_Add", "0001_relu_1", "0002_Mul.0", "0003_Identity"]
    assert [index[(i, "output", 0)]["node"] for i in range(4)] == ["/block/Add", "relu_1", "Mul.0", ""]
    y = np.maximum(a + b, 0) * b
    np.testing.assert_array_equal(tensor(folder, index[(0, "output", 0)]), a + b)
    np.testing.assert_array_equal(tensor(folder, index[(2, "output", 0)]), y)
    np.testing.assert_array_equal(tensor(folder, index[(3, "output", 0)]), y)

    out = set_dump(tmp_path, "input")
    execute(harness, model, [a, b])
    folder = out / str(DEVICE_ID) / f"model_{model}" / "1"
    index = read_index(folder)
    assert {k[1] for k in index} == {"input"}
    np.testing.assert_array_equal(tensor(folder, index[(2, "input", 1)]), b)


def test_node_files_reach_the_dump_callback(harness: ModelHarness, dumping: None, tmp_path: Path) -> None:
    received: dict[str, bytes] = {}

    def collect(chunk: dict[str, Any]) -> int:
        received[chunk["file_name"]] = ctypes.string_at(chunk["data_buf"], chunk["buf_len"])
        return 0

    check(acl.mdl.dump_reg_callback(collect, 0), "acl.mdl.dump_reg_callback")
    out = set_dump(tmp_path, "all")
    model = harness.load(build.named_nodes())
    execute(harness, model, [np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)])
    node_files = sorted(str(p) for p in out.rglob("nodes/*/*.bin"))
    assert len(node_files) == 10  # Add: 2 inputs + 1 output, Relu 1 + 1, Mul 2 + 1, Identity 1 + 1
    for name in node_files:
        assert received[name] == Path(name).read_bytes()
