"""aclmdlSetExternalWeightAddress (checked and kept) and the three model functions the emulator
refuses with ACL_ERROR_API_NOT_SUPPORT and a reason (tools/data/hardware_only_models.json)."""

from __future__ import annotations

import json
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
from acl._backend import ffi, lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_API_NOT_SUPPORT = 200001
TABLE = Path(__file__).resolve().parents[2] / "tools" / "data" / "hardware_only_models.json"


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


def test_refused_functions_say_why(harness: ModelHarness) -> None:
    table = json.loads(TABLE.read_text())["functions"]
    model = harness.load(build.two_in_two_out())
    desc = harness.desc(model)
    assert acl.mdl.get_op_attr(desc, "Add", "_datadump_original_op_names") is None
    assert "fused" in acl.get_recent_err_msg()
    assert lib.aclmdlGetOpAttr(desc, ffi.NULL, b"x") == ffi.NULL
    assert "is NULL" in acl.get_recent_err_msg()
    result = acl.mdl.create_and_get_op_desc(0, 0, 1, 64)
    assert result[-1] == ACL_ERROR_API_NOT_SUPPORT
    assert "executor task" in acl.get_recent_err_msg()
    assert acl.mdl.create_and_get_op_desc(0, 0, 1, 0)[-1] == ACL_ERROR_INVALID_PARAM
    fake = ffi.new("aclmdlModel *")
    ret = acl.mdl.load_from_model(int(ffi.cast("uintptr_t", fake)), 0, 0)
    assert ret == ACL_ERROR_INVALID_PARAM  # modelId is NULL
    model_id = np.zeros(1, np.uint32)
    assert acl.mdl.load_from_model(int(ffi.cast("uintptr_t", fake)), 0, model_id.ctypes.data) \
        == ACL_ERROR_API_NOT_SUPPORT
    assert "graph engine" in acl.get_recent_err_msg()
    assert sorted(table) == ["aclmdlCreateAndGetOpDesc", "aclmdlGetOpAttr", "aclmdlLoadFromModel"]
