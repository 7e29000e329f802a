"""aclmdlSetExternalWeightAddress (checked and kept), aclmdlCreateAndGetOpDesc (the failing operator of an
asynchronous model execution, from the exception callback) and the model function the emulator does not
implement, listed with its reason in the reviewed table acl/hardware_only.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
from helpers.runtime_support import check
from mdl_harness import ModelHarness
from onnx_builders import reshape_by_input, shifted_gather

import acl
from acl._backend import ffi, lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_API_NOT_SUPPORT = 200001
TABLE = Path(__file__).resolve().parents[2] / "acl" / "hardware_only.json"


def test_external_weight_address_is_checked(harness: ModelHarness) -> None:
    config = acl.mdl.create_config_handle()
    try:
        weights = harness.memory.device(1024)
        check(acl.mdl.set_external_weight_address(config, "w.bin", weights, 1024), "set address")
        check(acl.mdl.set_external_weight_address(config, "w.bin", weights, 512), "again, smaller")
        assert acl.mdl.set_external_weight_address(config, "w.bin", weights, 1025) == ACL_ERROR_INVALID_PARAM
        host = np.zeros(16, np.uint8)
        ret = acl.mdl.set_external_weight_address(config, "w.bin", host.ctypes.data, 16)
        assert ret == ACL_ERROR_INVALID_PARAM  # not device memory
        assert acl.mdl.set_external_weight_address(config, "", weights, 16) == ACL_ERROR_INVALID_PARAM
        assert acl.mdl.set_external_weight_address(12345, "w.bin", weights, 16) == ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.mdl.destroy_config_handle(config), "destroy_config_handle")


def test_unemulated_model_functions_are_listed_and_refused(harness: ModelHarness) -> None:
    rows = json.loads(TABLE.read_text())["functions"]
    listed = {row["function"]: row for row in rows if row["function"].startswith("aclmdl")}
    assert sorted(listed) == ["aclmdlLoadFromModel"]
    for name, row in listed.items():
        assert not lib._aclemu_IsImplemented(name.encode()), name  # counted as not implemented
        assert row["header"] == "acl/acl_mdl.h" and row["reason"].strip(), name
    assert lib._aclemu_IsImplemented(b"aclmdlCreateAndGetOpDesc")
    fake = ffi.new("aclmdlModel *")
    model_id = np.zeros(1, np.uint32)
    assert acl.mdl.load_from_model(int(ffi.cast("uintptr_t", fake)), 0, model_id.ctypes.data) \
        == ACL_ERROR_API_NOT_SUPPORT


def _desc_facts(desc: int) -> dict[str, Any]:
    dims = [acl.get_tensor_desc_dim_v2(desc, d) for d in range(acl.get_tensor_desc_num_dims(desc))]
    assert all(ret == acl.ACL_SUCCESS for _, ret in dims)
    return {"dtype": acl.get_tensor_desc_type(desc), "format": acl.get_tensor_desc_format(desc),
            "shape": tuple(d for d, _ in dims), "address": acl.get_tensor_desc_address(desc)}


def _read_back(address: int, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    out = np.empty(shape, dtype)
    kind = acl.ACL_MEMCPY_DEVICE_TO_HOST
    check(acl.rt.memcpy(out.ctypes.data, out.nbytes, address, out.nbytes, kind), "memcpy")
    return out


def test_failing_operator_of_an_async_execution(harness: ModelHarness) -> None:
    """Gather gets an index past its table at run time: the exception callback names it, with its inputs as
    they were (the index computed by the node before it) and the output type and shape inferred."""
    table = np.arange(12, dtype=np.float32).reshape(4, 3) - 5
    idx = np.array([0, 3], np.int64)  # shifted by one: 4 is past the table's 4 rows
    model_id = harness.load(shifted_gather())
    inputs, outputs = harness.io_datasets(harness.desc(model_id))
    harness.put(inputs, 0, table)
    harness.put(inputs, 1, idx)
    seen: list[dict[str, Any]] = []

    def on_exception(info: int) -> None:
        ids = (acl.rt.get_device_id_from_exception_info(info),
               acl.rt.get_stream_id_from_exception_info(info),
               acl.rt.get_task_id_from_exception_info(info))
        name, in_desc, n_in, out_desc, n_out, ret = acl.mdl.create_and_get_op_desc(*ids, 64)
        short = acl.mdl.create_and_get_op_desc(*ids, len("/gather"))[-1]  # no room for the NUL
        unknown = acl.mdl.create_and_get_op_desc(ids[0], ids[1], ids[2] + 1000, 64)[-1]
        seen.append({"ids": ids, "name": name, "ret": ret, "short": short, "unknown": unknown,
                     "in_desc": in_desc, "out_desc": out_desc,
                     "inputs": [_desc_facts(acl.get_tensor_desc_by_index(in_desc, i)) for i in range(n_in)],
                     "outputs": [_desc_facts(acl.get_tensor_desc_by_index(out_desc, i))
                                 for i in range(n_out)],
                     "past_end": acl.get_tensor_desc_by_index(in_desc, n_in)})

    check(acl.rt.set_exception_info_callback(on_exception), "set_exception_info_callback")
    try:
        check(acl.mdl.execute_async(model_id, inputs, outputs, harness.stream), "execute_async")
        assert acl.rt.synchronize_stream(harness.stream) != acl.ACL_SUCCESS
    finally:
        check(acl.rt.set_exception_info_callback(), "clear the callback")
    assert len(seen) == 1
    got = seen[0]
    assert got["ids"][0] == 0 and got["ret"] == acl.ACL_SUCCESS and got["name"] == "/gather"
    assert got["short"] == ACL_ERROR_INVALID_PARAM and got["unknown"] == ACL_ERROR_INVALID_PARAM
    assert got["past_end"] == 0
    data, indices = got["inputs"]
    assert (data["dtype"], data["format"], data["shape"]) == (acl.ACL_FLOAT, acl.ACL_FORMAT_ND, (4, 3))
    assert (indices["dtype"], indices["shape"]) == (acl.ACL_INT64, (2,))
    # the values, read back after the callback: the memory lives as long as the descs
    np.testing.assert_array_equal(_read_back(data["address"], (4, 3), np.float32), table)
    np.testing.assert_array_equal(_read_back(indices["address"], (2,), np.int64), idx + 1)
    [rows] = got["outputs"]
    assert (rows["dtype"], rows["shape"], rows["address"]) == (acl.ACL_FLOAT, (2, 3), 0)
    # the array's first element frees the array; another element is not the user's to free
    acl.destroy_tensor_desc(acl.get_tensor_desc_by_index(got["in_desc"], 1))
    assert acl.get_tensor_desc_type(acl.get_tensor_desc_by_index(got["in_desc"], 1)) == acl.ACL_INT64
    acl.destroy_tensor_desc(got["in_desc"])
    acl.destroy_tensor_desc(got["out_desc"])
    assert acl.get_tensor_desc_address(got["in_desc"]) == 0  # no longer a desc
    host = np.empty(1, np.float32)
    ret = acl.rt.memcpy(host.ctypes.data, 4, data["address"], 4, acl.ACL_MEMCPY_DEVICE_TO_HOST)
    assert ret == ACL_ERROR_INVALID_PARAM  # the device copy went with the descs


def test_op_desc_of_a_good_execution_or_a_sync_one_is_unknown(harness: ModelHarness) -> None:
    """Only operator failures of stream tasks are kept: a successful run and synchronous aclmdlExecute (no
    stream task, no exception callback) leave nothing to ask for."""
    model_id = harness.load(shifted_gather())
    inputs, outputs = harness.io_datasets(harness.desc(model_id))
    harness.put(inputs, 0, np.ones((4, 3), np.float32))
    harness.put(inputs, 1, np.array([0, 2], np.int64))
    calls: list[int] = []
    check(acl.rt.set_exception_info_callback(calls.append), "set_exception_info_callback")
    try:
        check(acl.mdl.execute_async(model_id, inputs, outputs, harness.stream), "execute_async")
        check(acl.rt.synchronize_stream(harness.stream), "synchronize_stream")
        harness.put(inputs, 1, np.array([3, 3], np.int64))
        assert acl.mdl.execute(model_id, inputs, outputs) == acl.ACL_ERROR_RT_MODEL_EXECUTE
    finally:
        check(acl.rt.set_exception_info_callback(), "clear the callback")
    assert calls == []
    assert acl.mdl.create_and_get_op_desc(0, 0xFFFF, 1, 64)[-1] == ACL_ERROR_INVALID_PARAM


def test_failing_reshape_through_execute_v2(harness: ModelHarness) -> None:
    """A Reshape to a shape that does not hold its input, run by aclmdlExecuteV2 (which waits on its
    stream): the callback describes "/reshape", its output with the rank inferred and unknown dims."""
    x = np.linspace(-1, 1, 6, dtype=np.float32)
    shape = np.array([1, 2], np.int64)  # the node asks for [4, 4]
    model_id = harness.load(reshape_by_input())
    desc = harness.desc(model_id)
    inputs = harness.dataset([x.nbytes, shape.nbytes])
    outputs = harness.dataset([64])
    harness.put(inputs, 0, x)
    harness.put(inputs, 1, shape)
    seen: list[tuple[str, int, list[dict[str, Any]], list[dict[str, Any]]]] = []

    def on_exception(info: int) -> None:
        name, in_desc, n_in, out_desc, n_out, ret = acl.mdl.create_and_get_op_desc(
            acl.rt.get_device_id_from_exception_info(info), acl.rt.get_stream_id_from_exception_info(info),
            acl.rt.get_task_id_from_exception_info(info), 16)
        facts = [_desc_facts(acl.get_tensor_desc_by_index(in_desc, i)) for i in range(n_in)]
        outs = [_desc_facts(acl.get_tensor_desc_by_index(out_desc, i)) for i in range(n_out)]
        values = [_read_back(f["address"], f["shape"], d) for f, d in zip(facts, (np.float32, np.int64))]
        acl.destroy_tensor_desc(in_desc)
        acl.destroy_tensor_desc(out_desc)
        seen.append((name, ret, [{**f, "value": v} for f, v in zip(facts, values)], outs))

    check(acl.rt.set_exception_info_callback(on_exception), "set_exception_info_callback")
    try:
        ret = acl.mdl.execute_v2(model_id, inputs, outputs, harness.stream, 0)
        assert ret == acl.ACL_ERROR_RT_MODEL_EXECUTE
    finally:
        check(acl.rt.set_exception_info_callback(), "clear the callback")
    assert acl.mdl.get_num_inputs(desc) == 2
    [(name, ret, ins, outs)] = seen
    assert (name, ret) == ("/reshape", acl.ACL_SUCCESS)
    assert [(f["dtype"], f["shape"]) for f in ins] == [(acl.ACL_FLOAT, (6,)), (acl.ACL_INT64, (2,))]
    np.testing.assert_array_equal(ins[0]["value"], x)
    np.testing.assert_array_equal(ins[1]["value"], shape + np.array([3, 2]))
    [y] = outs
    assert (y["dtype"], y["shape"], y["address"]) == (acl.ACL_FLOAT, (-1, -1), 0)  # symbolic dims
