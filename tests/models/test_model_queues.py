"""Queue-fed models (aclmdlLoadFromFileWithQ / FromMemWithQ): inputs dequeued from TDT queues,
outputs enqueued, checked against numpy."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import ctypes

import numpy as np
import onnx_builders as build
from helpers.runtime_support import check
from mdl_harness import ModelHarness

import acl
from acl._backend import lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_RT_QUEUE_EMPTY = 207013
ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID = 145008


def new_queue(depth: int = 8) -> int:
    attr = acl.tdt.create_queue_attr()
    value = ctypes.c_uint32(depth)
    check(acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_DEPTH_UINT32, 4, ctypes.addressof(value)), "depth")
    qid, ret = acl.tdt.create_queue(attr)
    check(ret, "create_queue")
    check(acl.tdt.destroy_queue_attr(attr), "destroy_queue_attr")
    return qid


def ids(*qids: int) -> np.ndarray:
    return np.array(qids, dtype=np.uint32)


def put(qid: int, array: np.ndarray, user: bytes = b"") -> None:
    array = np.ascontiguousarray(array)
    udata = ctypes.create_string_buffer(user, max(len(user), 1))
    check(acl.tdt.enqueue_data(qid, array.ctypes.data, array.nbytes, ctypes.addressof(udata) if user else 0,
                               len(user), 1000, 0), "enqueue_data")


def take(qid: int, shape: tuple[int, ...], user_size: int = 0) -> tuple[np.ndarray, bytes]:
    out = np.zeros(shape, np.float32)
    udata = ctypes.create_string_buffer(max(user_size, 1))
    user_ptr = ctypes.addressof(udata) if user_size else 0
    size, ret = acl.tdt.dequeue_data(qid, out.ctypes.data, out.nbytes, user_ptr, user_size, 10000)
    check(ret, "dequeue_data")
    assert size == out.nbytes
    return out, udata.raw[:user_size]


def test_queue_fed_mlp_runs_each_input(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    qin, qout = new_queue(), new_queue()
    try:
        inputs, outputs = ids(qin), ids(qout)
        model_id, ret = acl.mdl.load_from_file_with_q(harness.write(data), inputs.ctypes.data, 1,
                                                      outputs.ctypes.data, 1)
        check(ret, "load_from_file_with_q")
        try:
            rng = np.random.default_rng(3)
            xs = [rng.standard_normal((2, 8)).astype(np.float32) for _ in range(5)]
            for n, x in enumerate(xs):
                put(qin, x, user=bytes([n]) * 4)
            for n, x in enumerate(xs):
                y, user = take(qout, (2, 4), user_size=4)
                np.testing.assert_allclose(y, reference(x), rtol=1e-5, atol=1e-6)
                assert user == bytes([n]) * 4
        finally:
            check(acl.mdl.unload(model_id), "unload")
        # Unloaded: nothing consumes the input queue any more.
        time.sleep(0.1)
        put(qin, xs[0])
        time.sleep(0.1)
        assert acl.tdt.dequeue_data(qout, 0, 0, 0, 0, 0)[1] == ACL_ERROR_RT_QUEUE_EMPTY
    finally:
        check(acl.tdt.destroy_queue(qin), "destroy_queue")
        check(acl.tdt.destroy_queue(qout), "destroy_queue")


def test_queue_fed_two_inputs_from_mem(harness: ModelHarness) -> None:
    model = np.frombuffer(build.two_in_two_out(), dtype=np.uint8).copy()
    queues = [new_queue() for _ in range(4)]
    try:
        inputs, outputs = ids(*queues[:2]), ids(*queues[2:])
        model_id, ret = acl.mdl.load_from_mem_with_q(model.ctypes.data, model.nbytes, inputs.ctypes.data, 2,
                                                     outputs.ctypes.data, 2)
        check(ret, "load_from_mem_with_q")
        try:
            rng = np.random.default_rng(11)
            a, b = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2))
            put(queues[1], b)  # arrival order does not matter: the run waits for both
            time.sleep(0.05)
            put(queues[0], a)
            np.testing.assert_allclose(take(queues[2], (2, 3))[0], a + b, rtol=1e-6)
            np.testing.assert_allclose(take(queues[3], (2, 3))[0], a * b, rtol=1e-6)
        finally:
            check(acl.mdl.unload(model_id), "unload")
    finally:
        for qid in queues:
            check(acl.tdt.destroy_queue(qid), "destroy_queue")


def test_queue_fed_load_checks_queues(harness: ModelHarness) -> None:
    path = harness.write(build.two_in_two_out())
    qin = new_queue()
    try:
        one, missing = ids(qin), ids(0xFFFFF0)
        assert acl.mdl.load_from_file_with_q(path, one.ctypes.data, 1, missing.ctypes.data,
                                             1)[1] == ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID
        assert acl.mdl.load_from_file_with_q(path, 0, 0, one.ctypes.data, 1)[1] == ACL_ERROR_INVALID_PARAM
        # Two inputs, two outputs: one queue each is not enough.
        assert acl.mdl.load_from_file_with_q(path, one.ctypes.data, 1, one.ctypes.data,
                                             1)[1] == ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID
        assert "2 inputs" in acl.get_recent_err_msg()
    finally:
        check(acl.tdt.destroy_queue(qin), "destroy_queue")
    for name in ("aclmdlLoadFromFileWithQ", "aclmdlLoadFromMemWithQ"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name


def test_queue_fed_load_through_a_config_handle(harness: ModelHarness) -> None:
    data, reference = build.mlp()
    path = harness.write(data)
    qin, qout = new_queue(), new_queue()
    inputs, outputs = ids(qin), ids(qout)
    config = acl.mdl.create_config_handle()
    try:
        for attr, value in ((acl.ACL_MDL_LOAD_TYPE_SIZET, acl.ACL_MDL_LOAD_FROM_FILE_WITH_Q),
                            (acl.ACL_MDL_PATH_PTR, path),
                            (acl.ACL_MDL_INPUTQ_ADDR_PTR, inputs.ctypes.data),
                            (acl.ACL_MDL_INPUTQ_NUM_SIZET, 1),
                            (acl.ACL_MDL_OUTPUTQ_ADDR_PTR, outputs.ctypes.data)):
            check(acl.mdl.set_config_opt(config, attr, value), "set_config_opt")
        assert acl.mdl.load_with_config(config)[1] == ACL_ERROR_INVALID_PARAM  # no output queue count
        check(acl.mdl.set_config_opt(config, acl.ACL_MDL_OUTPUTQ_NUM_SIZET, 1), "set_config_opt")
        model_id, ret = acl.mdl.load_with_config(config)
        check(ret, "load_with_config")
        try:
            x = np.random.default_rng(8).standard_normal((2, 8)).astype(np.float32)
            put(qin, x)
            np.testing.assert_allclose(take(qout, (2, 4))[0], reference(x), rtol=1e-5, atol=1e-6)
        finally:
            check(acl.mdl.unload(model_id), "unload")
    finally:
        check(acl.mdl.destroy_config_handle(config), "destroy_config_handle")
        check(acl.tdt.destroy_queue(qin), "destroy_queue")
        check(acl.tdt.destroy_queue(qout), "destroy_queue")
