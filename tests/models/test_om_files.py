"""Offline (.om) model paths on the emulator: the ONNX stand-in beside the file or named in
ACL_EMU_MODEL_MAP, through every load variant, and the header report of `python -m acl info`.

The .om files are written here from the header layout README documents (`om_bytes`), not by
the code under test.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
import onnx_builders as build
from helpers.runtime_support import check
from mdl_harness import ModelHarness

import acl
from acl import __main__ as acl_main

pytestmark = pytest.mark.numpy

ACL_ERROR_INVALID_FILE = 100003
HEADER_SIZE = 256


DEFAULT_PARTITIONS = ((0, b"def"), (1, b"weights!"))


def om_bytes(name: str = "resnet", partitions: tuple[tuple[int, bytes], ...] = DEFAULT_PARTITIONS,
             header_size: int = HEADER_SIZE, version: int = 1) -> bytes:
    """An .om-like file: 256-byte header, partition table, partition data (offsets from the table's end)."""
    header = bytearray(header_size)
    header[0:4] = b"IMOD"
    struct.pack_into("<II", header, 4, header_size, version)
    body = b"".join(data for _, data in partitions)
    table = struct.pack("<I", len(partitions))
    offset = 0
    for kind, data in partitions:
        table += struct.pack("<III", kind, offset, len(data))
        offset += len(data)
    struct.pack_into("<I", header, 76, len(table) + len(body))
    header[84:84 + len(name)] = name.encode()
    struct.pack_into("<II", header, 152, 9, 1)
    header[160:167] = b"Ascend7"
    header[180] = 2
    return bytes(header) + table + body


def with_u32(data: bytes, offset: int, value: int) -> bytes:
    changed = bytearray(data)
    struct.pack_into("<I", changed, offset, value)
    return bytes(changed)


def run_mlp(harness: ModelHarness, model: int, reference: Callable[[np.ndarray], np.ndarray]) -> None:
    inputs, outputs = harness.io_datasets(harness.desc(model))
    x = np.random.default_rng(3).standard_normal((2, 8)).astype(np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    produced = harness.get(outputs, 0, (2, 4), np.float32)
    np.testing.assert_allclose(produced, reference(x), rtol=1e-5, atol=1e-6)


def keep(harness: ModelHarness, result: tuple[int, int], what: str) -> int:
    model, ret = result
    check(ret, what)
    harness._models.append(model)
    return model


def test_sibling_onnx_runs_with_a_one_time_notice(harness: ModelHarness,
                                                   capfd: pytest.CaptureFixture) -> None:
    data, reference = build.mlp()
    onnx_path = harness.write(data, "sibling.onnx")
    om_path = harness.write(om_bytes("sibling_net"), "sibling.om")
    model = keep(harness, acl.mdl.load_from_file(om_path), "acl.mdl.load_from_file")
    run_mlp(harness, model, reference)
    first = capfd.readouterr().err
    assert onnx_path in first and om_path in first and "sibling_net" in first
    keep(harness, acl.mdl.load_from_file(om_path), "acl.mdl.load_from_file")
    assert onnx_path not in capfd.readouterr().err  # announced once


def test_model_map_by_file_name_and_by_model_name(harness: ModelHarness, monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    data, reference = build.mlp()
    (tmp_path / "nets").mkdir()
    (tmp_path / "nets" / "real.onnx").write_bytes(data)
    mapping = tmp_path / "models.map"
    mapping.write_text("# om name = onnx path (relative to this file)\nmapped.om = nets/real.onnx\n"
                       f"from_memory = {tmp_path / 'nets' / 'real.onnx'}\n")
    monkeypatch.setenv("ACL_EMU_MODEL_MAP", str(mapping))
    om_path = harness.write(om_bytes("unlisted"), "mapped.om")
    run_mlp(harness, keep(harness, acl.mdl.load_from_file(om_path), "acl.mdl.load_from_file"), reference)
    # Bytes in memory have no file name: the model name from the header is the key.
    blob = np.frombuffer(om_bytes("from_memory"), dtype=np.uint8)
    model = keep(harness, acl.mdl.load_from_mem(blob.ctypes.data, blob.nbytes), "acl.mdl.load_from_mem")
    run_mlp(harness, model, reference)


def test_every_load_variant_takes_an_om(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    harness.write(data, "variant.onnx")
    om_path = harness.write(om_bytes("variant"), "variant.om")
    work, weight, ret = acl.mdl.query_size(om_path)
    check(ret, "acl.mdl.query_size")
    assert weight == len(data)  # the stand-in's bytes, as for an ONNX file
    assert work == 4 * (2 * 8 + 2 * 4)
    model = keep(harness, acl.mdl.load_from_file_with_mem(
        om_path, harness.memory.device(work), work, harness.memory.device(weight), weight),
        "acl.mdl.load_from_file_with_mem")
    run_mlp(harness, model, reference)
    desc = acl.mdl.create_desc()
    try:
        check(acl.mdl.get_desc_from_file(desc, om_path), "acl.mdl.get_desc_from_file")
        assert acl.mdl.get_input_size_by_index(desc, 0) == 2 * 8 * 4
    finally:
        check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")
    config = acl.mdl.create_config_handle()
    try:
        check(acl.mdl.set_config_opt(config, acl.ACL_MDL_LOAD_TYPE_SIZET, acl.ACL_MDL_LOAD_FROM_FILE),
              "acl.mdl.set_config_opt")
        check(acl.mdl.set_config_opt(config, acl.ACL_MDL_PATH_PTR, om_path), "acl.mdl.set_config_opt")
        model = keep(harness, acl.mdl.load_with_config(config), "acl.mdl.load_with_config")
        run_mlp(harness, model, reference)
    finally:
        check(acl.mdl.destroy_config_handle(config), "acl.mdl.destroy_config_handle")


def test_without_a_stand_in_the_error_names_both_options(harness: ModelHarness,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACL_EMU_MODEL_MAP", raising=False)
    om_path = harness.write(om_bytes("lonely"), "lonely.om")
    _, ret = acl.mdl.load_from_file(om_path)
    assert ret == ACL_ERROR_INVALID_FILE
    message = acl.get_recent_err_msg()
    assert om_path[:-3] + ".onnx" in message and "ACL_EMU_MODEL_MAP" in message and "lonely" in message
    blob = np.frombuffer(om_bytes("lonely"), dtype=np.uint8)
    _, ret = acl.mdl.load_from_mem(blob.ctypes.data, blob.nbytes)
    assert ret == ACL_ERROR_INVALID_FILE
    assert "ACL_EMU_MODEL_MAP" in acl.get_recent_err_msg()


@pytest.mark.parametrize(
    "damaged, problem",
    [
        (om_bytes()[:100], "truncated"),
        (with_u32(om_bytes(), 4, 8), "header size 8"),
        (om_bytes()[:HEADER_SIZE] + struct.pack("<I", 99) + bytes(40), "99 entries"),
        (om_bytes(partitions=((2, b"tasks"),))[:-2], "task info"),
    ],
)
def test_damaged_headers_are_reported_and_do_not_crash(harness: ModelHarness, damaged: bytes,
                                                       problem: str) -> None:
    om_path = harness.write(damaged, "damaged.om")
    _, ret = acl.mdl.load_from_file(om_path)
    assert ret == ACL_ERROR_INVALID_FILE
    assert problem in acl.get_recent_err_msg()
    # The header only informs: with a stand-in beside it the model still loads.
    harness.write(build.mlp()[0], "damaged.onnx")
    keep(harness, acl.mdl.load_from_file(om_path), "acl.mdl.load_from_file")


def test_a_stand_in_that_is_itself_an_om_is_refused(harness: ModelHarness) -> None:
    harness.write(om_bytes("inner"), "twice.onnx")
    _, ret = acl.mdl.load_from_file(harness.write(om_bytes("outer"), "twice.om"))
    assert ret == ACL_ERROR_INVALID_FILE
    assert "itself an offline model" in acl.get_recent_err_msg()


def test_info_describes_an_om_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "described.om"
    path.write_bytes(om_bytes("described_net", ((0, b"d" * 10), (1, b"w" * 300), (3, b"k" * 7))))
    assert acl_main.main(["info", str(path)]) == 0
    out = capsys.readouterr().out
    assert "described_net" in out and "Ascend7" in out and "version 1, IR version 9" in out
    assert "model def, 10 bytes at 0" in out
    assert "weights, 300 bytes at 10" in out
    assert "TBE kernels, 7 bytes at 310" in out
    path.write_bytes(b"IMOD" + bytes(10))
    assert acl_main.main(["info", str(path)]) == 1
    assert "truncated" in capsys.readouterr().err
