"""ONNX models through acl.mdl on the emulator, checked against numpy.

The models are built on the fly (onnx_builders.py); the emulator runs them with onnxruntime
through the executor of acl/_onnx_executor.py.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
import onnx_builders as build
from helpers.runtime_support import Runtime, check
from helpers.subproc import describe, run_python
from mdl_harness import ModelHarness, ret_of

import acl
from acl import _onnx_executor

ACL_ERROR_GE_PARAM_INVALID = 145000
ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID = 145002
ACL_ERROR_GE_EXEC_MODEL_ID_INVALID = 145003
ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID = 145006
ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID = 145013
ACL_ERROR_INVALID_FILE = 100003
DEFAULT_BATCH_GEARS = [1, 2, 4, 8]
DYNAMIC_TENSOR_NAME = "ascend_mbatch_shape_data"  # ACL_DYNAMIC_TENSOR_NAME, a string macro


def assert_close(actual: np.ndarray, expected: np.ndarray) -> None:
    np.testing.assert_allclose(actual, expected, rtol=1e-5, atol=1e-6)


def dims_of(result: tuple[dict, int]) -> list[int]:
    info, ret = result
    check(ret, "dims query")
    return list(info["dims"][: info["dimCount"]])


def test_mlp_matches_numpy(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    model = harness.load(data)
    desc = harness.desc(model)
    inputs, outputs = harness.io_datasets(desc)
    x = np.random.default_rng(1).standard_normal((2, 8)).astype(np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    assert_close(harness.get(outputs, 0, (2, 4), np.float32), reference(x))


def test_description_of_a_static_model(harness: ModelHarness) -> None:
    model = harness.load(build.two_in_two_out())
    desc = harness.desc(model)
    assert acl.mdl.get_num_inputs(desc) == 2
    assert acl.mdl.get_num_outputs(desc) == 2
    assert [acl.mdl.get_input_name_by_index(desc, i) for i in range(2)] == ["a", "b"]
    assert [acl.mdl.get_output_name_by_index(desc, i) for i in range(2)] == ["sum", "product"]
    assert acl.mdl.get_input_size_by_index(desc, 1) == 2 * 3 * 4
    assert acl.mdl.get_output_size_by_index(desc, 1) == 2 * 3 * 4
    assert acl.mdl.get_input_data_type(desc, 0) == acl.ACL_FLOAT
    assert acl.mdl.get_output_format(desc, 0) == acl.ACL_FORMAT_ND
    assert ret_of(acl.mdl.get_output_index_by_name(desc, "product")) == acl.ACL_SUCCESS
    assert acl.mdl.get_output_index_by_name(desc, "product")[0] == 1
    assert ret_of(acl.mdl.get_input_index_by_name(desc, "missing")) == acl.ACL_ERROR_INVALID_PARAM
    assert dims_of(acl.mdl.get_input_dims(desc, 0)) == [2, 3]
    assert acl.mdl.get_input_dims(desc, 0)[0]["name"] == "a"
    assert dims_of(acl.mdl.get_output_dims(desc, 1)) == [2, 3]
    assert ret_of(acl.mdl.get_input_dims(desc, 2)) == acl.ACL_ERROR_INVALID_PARAM
    batch, ret = acl.mdl.get_dynamic_batch(desc)
    check(ret, "acl.mdl.get_dynamic_batch")
    assert batch["batchCount"] == 0


def test_two_outputs_by_index(harness: ModelHarness) -> None:
    model = harness.load(build.two_in_two_out())
    inputs, outputs = harness.io_datasets(harness.desc(model))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 3.0, np.float32)
    harness.put(inputs, 0, a)
    harness.put(inputs, 1, b)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    np.testing.assert_array_equal(harness.get(outputs, 0, (2, 3), np.float32), a + b)
    np.testing.assert_array_equal(harness.get(outputs, 1, (2, 3), np.float32), a * b)


def test_execute_async_runs_in_stream_order(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    model = harness.load(data)
    inputs, outputs = harness.io_datasets(harness.desc(model))
    x = np.random.default_rng(2).standard_normal((2, 8)).astype(np.float32)
    host = np.ascontiguousarray(x)
    address = harness.address(inputs, 0)
    check(
        acl.rt.memcpy_async(
            address, x.nbytes, host.ctypes.data, x.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE, harness.stream
        ),
        "acl.rt.memcpy_async",
    )
    check(acl.mdl.execute_async(model, inputs, outputs, harness.stream), "acl.mdl.execute_async")
    check(acl.rt.synchronize_stream(harness.stream), "acl.rt.synchronize_stream")
    assert_close(harness.get(outputs, 0, (2, 4), np.float32), reference(x))


def test_execute_v2_is_synchronous(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    model = harness.load(data)
    inputs, outputs = harness.io_datasets(harness.desc(model))
    x = np.ones((2, 8), np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute_v2(model, inputs, outputs, harness.stream, 0), "acl.mdl.execute_v2")
    assert_close(harness.get(outputs, 0, (2, 4), np.float32), reference(x))


def test_float16_model(harness: ModelHarness) -> None:
    data, reference = build.half_affine()
    model = harness.load(data)
    desc = harness.desc(model)
    assert acl.mdl.get_input_data_type(desc, 0) == acl.ACL_FLOAT16
    assert acl.mdl.get_output_data_type(desc, 0) == acl.ACL_FLOAT16
    assert acl.mdl.get_input_size_by_index(desc, 0) == 3 * 5 * 2
    inputs, outputs = harness.io_datasets(desc)
    x = np.linspace(-2, 2, 15, dtype=np.float16).reshape(3, 5)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    np.testing.assert_array_equal(harness.get(outputs, 0, (3, 5), np.float16), reference(x))


def test_float32_model_fed_float16_is_rejected(harness: ModelHarness) -> None:
    data, _ = build.mlp()
    model = harness.load(data)
    desc = harness.desc(model)
    half_inputs = harness.dataset([acl.mdl.get_input_size_by_index(desc, 0) // 2])
    _, outputs = harness.io_datasets(desc)
    assert acl.mdl.execute(model, half_inputs, outputs) == ACL_ERROR_GE_PARAM_INVALID
    message = acl.get_recent_err_msg()
    assert "float16" in message and "aclmdlExecute" in message


def test_oversized_input_is_accepted_and_reported_in_strict_mode() -> None:
    here = Path(__file__).resolve().parent
    result = run_python(
        f"""
        import numpy as np, sys
        sys.path[:0] = [{str(here)!r}, {str(here.parent)!r}]
        import onnx_builders as build
        import acl, acl.mdl
        from acl import _onnx_executor
        from mdl_harness import ModelHarness
        _onnx_executor.install()
        assert acl.init() == 0 and acl.rt.set_device(0) == 0
        stream, _ = acl.rt.create_stream()
        h = ModelHarness(stream)
        data, reference = build.half_affine()
        model = h.load(data)
        inputs, outputs = h.dataset([60]), h.dataset([30])  # float32-sized data for a float16 input
        h.put(inputs, 0, np.ones((3, 5), np.float16))
        assert acl.mdl.execute(model, inputs, outputs) == 0, acl.get_recent_err_msg()
        h.release()
        """,
        {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": "1"},
    )
    assert result.returncode == 0, describe(result)
    assert "input 0 ('x') holds 60 bytes, the model reads only the first 30" in result.stderr


def test_wrong_buffer_counts_and_small_outputs(harness: ModelHarness) -> None:
    model = harness.load(build.two_in_two_out())
    desc = harness.desc(model)
    inputs, outputs = harness.io_datasets(desc)
    one_input = harness.dataset([24])
    assert acl.mdl.execute(model, one_input, outputs) == ACL_ERROR_GE_PARAM_INVALID
    small_outputs = harness.dataset([24, 8])
    assert acl.mdl.execute(model, inputs, small_outputs) == ACL_ERROR_GE_PARAM_INVALID
    assert "output 1" in acl.get_recent_err_msg()
    assert acl.mdl.execute(model, 0, outputs) == acl.ACL_ERROR_INVALID_PARAM


def test_unknown_model_id(harness: ModelHarness) -> None:
    model = harness.load(build.two_in_two_out())
    inputs, outputs = harness.io_datasets(harness.desc(model))
    check(harness.unload(model), "acl.mdl.unload")
    assert acl.mdl.execute(model, inputs, outputs) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    assert acl.mdl.execute_async(model, inputs, outputs, harness.stream) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    assert acl.mdl.unload(model) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")


def test_unload_while_an_execution_is_in_flight(harness: ModelHarness) -> None:
    model = harness.load(build.slow_matmul_chain())
    inputs, outputs = harness.io_datasets(harness.desc(model))
    x = np.full((768, 768), 8.0, np.float32)
    harness.put(inputs, 0, x)
    before = _onnx_executor.loaded_models()
    for _ in range(3):
        check(acl.mdl.execute_async(model, inputs, outputs, harness.stream), "acl.mdl.execute_async")
    check(harness.unload(model), "acl.mdl.unload")
    unloaded_at = time.perf_counter()
    still_held = _onnx_executor.loaded_models()
    assert acl.mdl.execute_async(model, inputs, outputs, harness.stream) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    check(acl.rt.synchronize_stream(harness.stream), "acl.rt.synchronize_stream")
    if time.perf_counter() - unloaded_at > 0.1:  # work was still queued at unload: the model must have stayed
        assert still_held == before
    assert _onnx_executor.loaded_models() == before - 1
    expected = np.full((768, 768), 8.0 * 0.5**6, np.float32)
    np.testing.assert_allclose(harness.get(outputs, 0, (768, 768), np.float32), expected, rtol=1e-6)


def test_dynamic_batch(harness: ModelHarness) -> None:
    data, reference = build.mlp(batch="N")
    model = harness.load(data)
    desc = harness.desc(model)
    assert acl.mdl.get_num_inputs(desc) == 2  # the data, then the gear input
    gear_index, ret = acl.mdl.get_input_index_by_name(desc, DYNAMIC_TENSOR_NAME)
    check(ret, "acl.mdl.get_input_index_by_name")
    assert gear_index == 1
    batch, ret = acl.mdl.get_dynamic_batch(desc)
    check(ret, "acl.mdl.get_dynamic_batch")
    assert list(batch["batch"][: batch["batchCount"]]) == DEFAULT_BATCH_GEARS
    assert dims_of(acl.mdl.get_input_dims(desc, 0)) == [-1, 8]
    assert acl.mdl.get_input_size_by_index(desc, 0) == 8 * 8 * 4  # the largest gear
    assert dims_of(acl.mdl.get_output_dims(desc, 0)) == [8, 4]

    inputs, outputs = harness.io_datasets(desc)
    assert acl.mdl.execute(model, inputs, outputs) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID
    not_a_gear = acl.mdl.set_dynamic_batch_size(model, inputs, gear_index, 3)
    assert not_a_gear == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID
    check(acl.mdl.set_dynamic_batch_size(model, inputs, gear_index, 2), "acl.mdl.set_dynamic_batch_size")
    x = np.random.default_rng(3).standard_normal((2, 8)).astype(np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    assert_close(harness.get(outputs, 0, (2, 4), np.float32), reference(x))
    assert dims_of(acl.mdl.get_cur_output_dims(desc, 0)) == [2, 4]
    produced = acl.mdl.get_dataset_tensor_desc(outputs, 0)  # the shape this run produced
    assert acl.get_tensor_desc_num_dims(produced) == 2
    assert acl.get_tensor_desc_dim_v2(produced, 0) == (2, acl.ACL_SUCCESS)

    check(acl.mdl.set_dynamic_batch_size(model, inputs, gear_index, 8), "acl.mdl.set_dynamic_batch_size")
    x8 = np.random.default_rng(4).standard_normal((8, 8)).astype(np.float32)
    harness.put(inputs, 0, x8)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    assert_close(harness.get(outputs, 0, (8, 4), np.float32), reference(x8))
    assert dims_of(acl.mdl.get_cur_output_dims(desc, 0)) == [8, 4]


def test_dynamic_height_width(harness: ModelHarness) -> None:
    model = harness.load(build.channel_mean())
    desc = harness.desc(model)
    hw, ret = acl.mdl.get_dynamic_hw(desc, 0)  # the index is not used (samples pass -1)
    check(ret, "acl.mdl.get_dynamic_hw")
    assert [list(pair) for pair in hw["hw"][: hw["hwCount"]]] == [[224, 224], [448, 448]]
    assert acl.mdl.get_input_size_by_index(desc, 0) == 3 * 448 * 448 * 4
    inputs, outputs = harness.io_datasets(desc)
    check(acl.mdl.set_dynamic_hw_size(model, inputs, 1, 224, 224), "acl.mdl.set_dynamic_hw_size")
    x = np.random.default_rng(5).random((1, 3, 224, 224), dtype=np.float32)
    harness.put(inputs, 0, x)
    check(acl.mdl.execute(model, inputs, outputs), "acl.mdl.execute")
    np.testing.assert_allclose(harness.get(outputs, 0, (1, 3), np.float32), x.mean(axis=(2, 3)), rtol=1e-5)


def test_load_from_mem_and_query_size(harness: ModelHarness) -> None:
    data = build.two_in_two_out()
    blob = np.frombuffer(data, dtype=np.uint8).copy()
    model, ret = acl.mdl.load_from_mem(blob.ctypes.data, blob.nbytes)
    check(ret, "acl.mdl.load_from_mem")
    desc = harness.desc(model)
    assert acl.mdl.get_num_outputs(desc) == 2
    check(acl.mdl.unload(model), "acl.mdl.unload")
    path = harness.write(data)
    work, weight, ret = acl.mdl.query_size(path)
    check(ret, "acl.mdl.query_size")
    assert (work, weight) == (4 * 24, len(data))
    # The caller's work and weight memory, sized by query_size, is accepted (the executor keeps its own).
    model, ret = acl.mdl.load_from_file_with_mem(
        path, harness.memory.device(work), work, harness.memory.device(weight), weight
    )
    check(ret, "acl.mdl.load_from_file_with_mem")
    check(acl.mdl.unload(model), "acl.mdl.unload")


def test_desc_from_file_without_loading(harness: ModelHarness) -> None:
    data, _ = build.mlp(batch="N")
    desc = acl.mdl.create_desc()
    before = _onnx_executor.loaded_models()
    try:
        check(acl.mdl.get_desc_from_file(desc, harness.write(data)), "acl.mdl.get_desc_from_file")
        assert acl.mdl.get_num_inputs(desc) == 2
        assert acl.mdl.get_input_name_by_index(desc, 1) == DYNAMIC_TENSOR_NAME
        assert acl.mdl.get_input_size_by_index(desc, 1) == 8  # one int64 gear value
        assert _onnx_executor.loaded_models() == before  # described, then released
    finally:
        check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")


def test_offline_model_file_is_refused_with_an_explanation(harness: ModelHarness) -> None:
    path = harness.write(b"IMOD" + bytes(252), "resnet50.om")
    _, ret = acl.mdl.load_from_file(path)
    assert ret == ACL_ERROR_INVALID_FILE
    assert "ONNX model it was converted from" in acl.get_recent_err_msg()


def test_unloadable_files(harness: ModelHarness) -> None:
    _, ret = acl.mdl.load_from_file(harness.write(b"definitely not a model", "junk.onnx"))
    assert ret == ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID
    assert "not an ONNX model" in acl.get_recent_err_msg()
    _, ret = acl.mdl.load_from_file(harness.write(b"", "missing.onnx") + ".gone")
    assert ret == ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID


def test_aipp_parameter_sets_are_validated(harness: ModelHarness) -> None:
    model = harness.load(build.two_in_two_out())
    inputs, _ = harness.io_datasets(harness.desc(model))
    aipp = acl.mdl.create_aipp(1)
    assert aipp
    check(acl.mdl.set_aipp_input_format(aipp, acl.ACL_YUV420SP_U8), "acl.mdl.set_aipp_input_format")
    assert acl.mdl.set_aipp_src_image_size(aipp, 0, 224) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.mdl.set_aipp_crop_params(aipp, 1, 0, 0, 64, 64, 1) == acl.ACL_ERROR_INVALID_PARAM
    check(acl.mdl.set_aipp_crop_params(aipp, 1, 0, 0, 64, 64, 0), "acl.mdl.set_aipp_crop_params")
    assert acl.mdl.set_input_aipp(model, inputs, 0, aipp) == 145015  # ACL_ERROR_GE_AIPP_NOT_EXIST
    aipp_type, attached_index, ret = acl.mdl.get_aipp_type(model, 0)
    check(ret, "acl.mdl.get_aipp_type")
    assert (aipp_type, attached_index) == (acl.ACL_DATA_WITHOUT_AIPP, acl.ACL_INVALID_NODE_INDEX)
    check(acl.mdl.destroy_aipp(aipp), "acl.mdl.destroy_aipp")


def test_threads_share_a_model(harness: ModelHarness, model_runtime: Runtime) -> None:
    """Four threads, each with its own datasets and stream, run one model concurrently."""
    data, reference = build.mlp()
    model = harness.load(data)
    desc = harness.desc(model)
    jobs = []
    for seed in range(4):
        inputs, outputs = harness.io_datasets(desc)
        x = np.random.default_rng(100 + seed).standard_normal((2, 8)).astype(np.float32)
        harness.put(inputs, 0, x)
        jobs.append((inputs, outputs, x, harness.memory.stream()))
    errors: list[str] = []

    def work(inputs: int, outputs: int, stream: int) -> None:
        if acl.rt.set_context(model_runtime.context) != acl.ACL_SUCCESS:
            errors.append("set_context")
            return
        for _ in range(25):
            for ret in (
                acl.mdl.execute_async(model, inputs, outputs, stream),
                acl.rt.synchronize_stream(stream),
                acl.mdl.execute(model, inputs, outputs),
            ):
                if ret != acl.ACL_SUCCESS:
                    errors.append(f"{ret}: {acl.get_recent_err_msg()}")
                    return

    threads = [threading.Thread(target=work, args=(i, o, s)) for i, o, _, s in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors
    for _, outputs, x, _ in jobs:
        assert_close(harness.get(outputs, 0, (2, 4), np.float32), reference(x))
