"""Model bundles (aclmdlBundle*) on the emulator: the container of docs/model_bundles.md built
here with struct, its models run and checked against numpy."""

from __future__ import annotations

import struct

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
import onnx_builders as build
from helpers.runtime_support import check
from mdl_harness import ModelHarness

import acl
from acl._backend import lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_GE_EXEC_MODEL_ID_INVALID = 145003
ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID = 145006


def bundle_bytes(*models: bytes) -> bytes:
    header = b"ACLEMUB1" + struct.pack("<II", len(models), 0)
    sizes = b"".join(struct.pack("<Q", len(m)) for m in models)
    return header + sizes + b"".join(models)


def run_mlp(harness: ModelHarness, model_id: int, reference) -> None:  # type: ignore[no-untyped-def]
    desc = harness.desc(model_id)
    inputs, outputs = harness.io_datasets(desc)
    x = np.random.default_rng(5).standard_normal((2, 8)).astype(np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model_id, inputs, outputs), "acl.mdl.execute")
    actual = harness.get(outputs, 0, (2, 4), np.float32)
    np.testing.assert_allclose(actual, reference(x), rtol=1e-5, atol=1e-6)


def run_sum_product(harness: ModelHarness, model_id: int) -> None:
    desc = harness.desc(model_id)
    inputs, outputs = harness.io_datasets(desc)
    rng = np.random.default_rng(9)
    a, b = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2))
    harness.put(inputs, 0, a)
    harness.put(inputs, 1, b)
    check(acl.mdl.execute(model_id, inputs, outputs), "acl.mdl.execute")
    np.testing.assert_allclose(harness.get(outputs, 0, (2, 3), np.float32), a + b, rtol=1e-6)
    np.testing.assert_allclose(harness.get(outputs, 1, (2, 3), np.float32), a * b, rtol=1e-6)


def test_bundle_from_file_loads_every_model(harness: ModelHarness) -> None:
    mlp, reference = build.mlp()
    path = harness.write(bundle_bytes(mlp, build.two_in_two_out()), "two.bundle")
    bundle_id, ret = acl.mdl.bundle_load_from_file(path)
    check(ret, "bundle_load_from_file")
    try:
        num, ret = acl.mdl.bundle_get_model_num(bundle_id)
        check(ret, "bundle_get_model_num")
        assert num == 2
        ids = []
        for index in range(2):
            model_id, ret = acl.mdl.bundle_get_model_id(bundle_id, index)
            check(ret, "bundle_get_model_id")
            ids.append(model_id)
        assert len(set(ids)) == 2
        assert acl.mdl.bundle_get_model_id(bundle_id, 2)[1] == ACL_ERROR_INVALID_PARAM
        run_mlp(harness, ids[0], reference)
        run_sum_product(harness, ids[1])
    finally:
        check(acl.mdl.bundle_unload(bundle_id), "bundle_unload")
    # Unloading the bundle unloaded its models.
    assert acl.mdl.unload(ids[0]) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    assert acl.mdl.bundle_unload(bundle_id) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID


def test_bundle_from_mem_and_per_model_loads(harness: ModelHarness) -> None:
    mlp, reference = build.mlp()
    data = bundle_bytes(build.two_in_two_out(), mlp)
    host = np.frombuffer(data, dtype=np.uint8).copy()
    bundle_id, ret = acl.mdl.bundle_load_from_mem(host.ctypes.data, host.nbytes)
    check(ret, "bundle_load_from_mem")
    run_mlp(harness, acl.mdl.bundle_get_model_id(bundle_id, 1)[0], reference)
    check(acl.mdl.bundle_unload(bundle_id), "bundle_unload")

    bid, ret = acl.mdl.bundle_init_from_mem(host.ctypes.data, host.nbytes, 0, 0)
    check(ret, "bundle_init_from_mem")
    try:
        assert acl.mdl.bundle_get_model_id(bid, 0)[1] == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID  # not loaded yet
        model_id, ret = acl.mdl.bundle_load_model(bid, 1)
        check(ret, "bundle_load_model")
        assert acl.mdl.bundle_load_model(bid, 1)[1] == ACL_ERROR_INVALID_PARAM  # twice
        assert acl.mdl.bundle_load_model(bid, 2)[1] == ACL_ERROR_INVALID_PARAM
        assert acl.mdl.bundle_get_model_id(bid, 1) == (model_id, 0)
        run_mlp(harness, model_id, reference)
        check(acl.mdl.bundle_unload_model(bid, model_id), "bundle_unload_model")
        assert acl.mdl.bundle_unload_model(bid, model_id) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
        work, weight = harness.memory.device(4096), harness.memory.device(4096)
        model_id, ret = acl.mdl.bundle_load_model_with_mem(bid, 0, work, 4096, weight, 4096)
        check(ret, "bundle_load_model_with_mem")
        run_sum_product(harness, model_id)
        config = acl.mdl.create_config_handle()
        try:
            model_id, ret = acl.mdl.bundle_load_model_with_config(bid, 1, config)
            check(ret, "bundle_load_model_with_config")
            run_mlp(harness, model_id, reference)
            assert acl.mdl.bundle_load_model_with_config(bid, 0, 12345)[1] == ACL_ERROR_INVALID_PARAM
        finally:
            acl.mdl.destroy_config_handle(config)
    finally:
        check(acl.mdl.bundle_unload(bid), "bundle_unload")


def test_bundle_query_info_sizes(harness: ModelHarness) -> None:
    two = build.two_in_two_out()
    mlp, _ = build.mlp()
    path = harness.write(bundle_bytes(two, mlp), "q.bundle")
    info = acl.mdl.bundle_create_query_info()
    assert info
    try:
        assert acl.mdl.bundle_get_query_model_num(info)[1] == ACL_ERROR_INVALID_PARAM  # not filled yet
        check(acl.mdl.bundle_query_info_from_file(path, info), "bundle_query_info_from_file")
        assert acl.mdl.bundle_get_query_model_num(info) == (2, 0)
        assert acl.mdl.bundle_get_var_weight_size(info) == (0, 0)
        # Work: the bytes of every input and output; weights: the model itself.
        expected = [(4 * 6 * 4, len(two)), ((2 * 8 + 2 * 4) * 4, len(mlp))]
        for index, (work, weight) in enumerate(expected):
            assert acl.mdl.bundle_get_size(info, index) == (work, weight, 0)
        assert acl.mdl.bundle_get_size(info, 2)[2] == ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.mdl.bundle_destroy_query_info(info), "bundle_destroy_query_info")
    assert acl.mdl.bundle_destroy_query_info(info) == ACL_ERROR_INVALID_PARAM


@pytest.mark.parametrize("corrupt", [
    lambda d: b"ACLEMUB2" + d[8:],
    lambda d: d[:8] + struct.pack("<I", 0) + d[12:],
    lambda d: d[:-1],
    lambda d: d + b"\0",
])
def test_malformed_bundles_are_refused(harness: ModelHarness, corrupt) -> None:  # type: ignore[no-untyped-def]
    data = corrupt(bundle_bytes(build.two_in_two_out()))
    _, ret = acl.mdl.bundle_load_from_file(harness.write(data, "bad.bundle"))
    assert ret == ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID
    assert "bundle" in acl.get_recent_err_msg()


def test_bundle_functions_are_no_longer_stubs() -> None:
    for name in ("aclmdlBundleLoadFromFile", "aclmdlBundleInitFromMem", "aclmdlBundleLoadModelWithConfig",
                 "aclmdlBundleGetSize", "aclmdlBundleUnloadModel", "aclmdlBundleQueryInfoFromMem"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name
