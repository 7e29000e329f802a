"""Model data dump on the emulator: files in the layout README documents and callback chunks,
checked against the numpy input and the numpy reference of the model's output."""

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
import onnx_builders as build
from helpers.runtime_support import DEVICE_ID, check
from mdl_harness import ModelHarness

import acl

pytestmark = pytest.mark.numpy

ACL_ERROR_INVALID_FILE = 100003
ACL_ERROR_INVALID_DUMP_CONFIG = 100009
ACL_ERROR_DUMP_ALREADY_RUN = 100044
ACL_ERROR_DUMP_NOT_RUN = 100045
DATA_DUMP = 4


def config(tmp_path: Path, **fields: str) -> str:
    path = tmp_path / "dump.json"
    path.write_text(json.dumps({"dump": {**fields, "dump_list": [{"model_name": "mlp"}]}}))
    return str(path)


def run_once(harness: ModelHarness, model: int, seed: int) -> np.ndarray:
    inputs, outputs = harness.io_datasets(harness.desc(model))
    x = np.random.default_rng(seed).standard_normal((2, 8)).astype(np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    return x


def test_inputs_and_outputs_are_dumped_per_iteration_and_to_the_callback(
    harness: ModelHarness, dumping: None, tmp_path: Path
) -> None:
    chunks: list[dict[str, Any]] = []

    def collect(chunk: dict[str, Any]) -> int:
        chunks.append({**chunk, "bytes": ctypes.string_at(chunk["data_buf"], chunk["buf_len"])})
        return 0

    check(acl.mdl.dump_reg_callback(collect, 7), "acl.mdl.dump_reg_callback")
    out_dir = tmp_path / "out"
    check(acl.mdl.set_dump(config(tmp_path, dump_path=str(out_dir), dump_mode="all")), "acl.mdl.set_dump")
    assert acl.mdl.dump_get_path(DATA_DUMP) == str(out_dir)
    data, reference = build.mlp()
    model = harness.load(data)
    sent = [run_once(harness, model, seed) for seed in (1, 2)]
    for iteration, x in enumerate(sent):
        folder = out_dir / str(DEVICE_ID) / f"model_{model}" / str(iteration)
        np.testing.assert_array_equal(np.fromfile(folder / "input_0.bin", dtype=np.float32).reshape(2, 8), x)
        produced = np.fromfile(folder / "output_0.bin", dtype=np.float32).reshape(2, 4)
        np.testing.assert_allclose(produced, reference(x), rtol=1e-5, atol=1e-6)
    by_file: dict[str, bytes] = {}
    for chunk in chunks:
        assert chunk["flag"] == 7 and chunk["is_last_chunk"] == 1 and chunk["offset"] == 0
        by_file[chunk["file_name"]] = chunk["bytes"]
    assert sorted(by_file) == sorted(str(p) for p in out_dir.rglob("*.bin"))
    for name, payload in by_file.items():
        assert Path(name).read_bytes() == payload
    # After finalize nothing more is written.
    check(acl.mdl.finalize_dump(), "acl.mdl.finalize_dump")
    run_once(harness, model, 3)
    assert not (out_dir / str(DEVICE_ID) / f"model_{model}" / "2").exists()
    assert acl.mdl.dump_get_path(DATA_DUMP) is None
    check(acl.mdl.init_dump(), "acl.mdl.init_dump")  # for the fixture's finalize


def test_input_mode_dumps_only_inputs(harness: ModelHarness, dumping: None, tmp_path: Path) -> None:
    out_dir = tmp_path / "inputs"
    check(acl.mdl.set_dump(config(tmp_path, dump_path=str(out_dir), dump_mode="input")), "acl.mdl.set_dump")
    model = harness.load(build.mlp()[0])
    x = run_once(harness, model, 4)
    folder = out_dir / str(DEVICE_ID) / f"model_{model}" / "0"
    assert sorted(p.name for p in folder.glob("*.bin")) == ["input_0.bin"]
    assert (folder / "input_0.bin").read_bytes() == x.tobytes()
    assert {p.name.split("_")[0] for p in (folder / "nodes").rglob("*.bin")} == {"input"}


def test_dump_lifecycle_and_bad_configurations(harness: ModelHarness, tmp_path: Path) -> None:
    assert acl.mdl.set_dump(config(tmp_path, dump_path=str(tmp_path))) == ACL_ERROR_DUMP_NOT_RUN
    assert acl.mdl.finalize_dump() == ACL_ERROR_DUMP_NOT_RUN
    check(acl.mdl.init_dump(), "acl.mdl.init_dump")
    try:
        assert acl.mdl.init_dump() == ACL_ERROR_DUMP_ALREADY_RUN
        assert acl.mdl.set_dump(str(tmp_path / "missing.json")) == ACL_ERROR_INVALID_FILE
        assert acl.mdl.set_dump(config(tmp_path, dump_mode="all")) == ACL_ERROR_INVALID_DUMP_CONFIG
        assert "dump_path" in acl.get_recent_err_msg()
        bad_mode = config(tmp_path, dump_path=str(tmp_path), dump_mode="sideways")
        assert acl.mdl.set_dump(bad_mode) == ACL_ERROR_INVALID_DUMP_CONFIG
        assert "sideways" in acl.get_recent_err_msg()
        assert acl.mdl.dump_get_path(1) is None  # only DATA_DUMP has a path here
    finally:
        check(acl.mdl.finalize_dump(), "acl.mdl.finalize_dump")
