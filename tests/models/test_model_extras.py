"""aclmdlSetExternalWeightAddress (checked and kept) and the two model functions the emulator does
not implement, listed with a reason each in the reviewed table acl/hardware_only.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
from helpers.runtime_support import check
from mdl_harness import ModelHarness

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
    assert sorted(listed) == ["aclmdlCreateAndGetOpDesc", "aclmdlLoadFromModel"]
    for name, row in listed.items():
        assert not lib._aclemu_IsImplemented(name.encode()), name  # counted as not implemented
        assert row["header"] == "acl/acl_mdl.h" and row["reason"].strip(), name
    assert acl.mdl.create_and_get_op_desc(0, 0, 1, 64)[-1] == ACL_ERROR_API_NOT_SUPPORT
    fake = ffi.new("aclmdlModel *")
    model_id = np.zeros(1, np.uint32)
    assert acl.mdl.load_from_model(int(ffi.cast("uintptr_t", fake)), 0, model_id.ctypes.data) \
        == ACL_ERROR_API_NOT_SUPPORT
