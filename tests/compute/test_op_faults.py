"""aclmdlCreateAndGetOpDesc for a single-operator task that fails on its stream: the exception callback gets
the op type as the name and the call's tensors (inputs with a device copy of their values)."""

from __future__ import annotations

from typing import Any

import numpy as np
from op_support import OpSession, check, execute_v2

import acl

ACL_ERROR_INVALID_PARAM = 100000


def test_failing_fill_is_described(ops: OpSession) -> None:
    """Fill takes its shape from device memory, so it is checked when it runs: [4, 4] does not fit the
    2x3 output buffer, and the task fails on the stream."""
    dims = np.array([4, 4], np.int32)
    value = np.array([7.5], np.float16)
    pairs = [ops.tensor(dims), ops.tensor(value)]
    out_desc, out_buf, _ = ops.output((2, 3), np.float16)
    seen: list[dict[str, Any]] = []

    def on_exception(info: int) -> None:
        name, in_desc, n_in, out, n_out, ret = acl.mdl.create_and_get_op_desc(
            acl.rt.get_device_id_from_exception_info(info), acl.rt.get_stream_id_from_exception_info(info),
            acl.rt.get_task_id_from_exception_info(info), 16)
        seen.append({"name": name, "ret": ret, "in": in_desc, "n_in": n_in, "out": out, "n_out": n_out})

    check(acl.rt.set_exception_info_callback(on_exception), "set_exception_info_callback")
    try:
        ret = execute_v2("Fill", [d for d, _ in pairs], [b for _, b in pairs], [out_desc], [out_buf], 0,
                         ops.stream)
        check(ret, "execute_v2(Fill)")  # queued: the shape is read when the task runs
        assert acl.rt.synchronize_stream(ops.stream) != acl.ACL_SUCCESS
    finally:
        check(acl.rt.set_exception_info_callback(), "clear the callback")
    [got] = seen
    assert (got["name"], got["ret"], got["n_in"], got["n_out"]) == ("Fill", acl.ACL_SUCCESS, 2, 1)
    expected = [(acl.ACL_INT32, dims), (acl.ACL_FLOAT16, value)]
    for i, (dtype, array) in enumerate(expected):
        desc = acl.get_tensor_desc_by_index(got["in"], i)
        assert acl.get_tensor_desc_type(desc) == dtype
        assert acl.get_tensor_desc_num_dims(desc) == 1
        assert acl.get_tensor_desc_dim_v2(desc, 0) == (array.size, acl.ACL_SUCCESS)
        back = ops.from_device(acl.get_tensor_desc_address(desc), array.shape, array.dtype)
        np.testing.assert_array_equal(back, array)
    y = acl.get_tensor_desc_by_index(got["out"], 0)
    assert acl.get_tensor_desc_type(y) == acl.ACL_FLOAT16 and acl.get_tensor_desc_address(y) == 0
    # the output as the call described it (the task never wrote it)
    assert [acl.get_tensor_desc_dim_v2(y, d)[0] for d in range(acl.get_tensor_desc_num_dims(y))] == [2, 3]
    acl.destroy_tensor_desc(got["in"])
    acl.destroy_tensor_desc(got["out"])
