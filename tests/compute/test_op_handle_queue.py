"""Calls through an op handle keep what they need while they wait in the stream's queue: the handle's
attributes are shared with its queued calls (not copied per call), so destroying the handle and
the attribute set it was made from must not change what the queued calls compute.
"""

from __future__ import annotations

import numpy as np
from op_support import NUMPY_TO_ACL, OpSession, check, execute_with_handle

import acl


def test_queued_handle_calls_run_after_the_handle_and_attr_are_destroyed(
    ops: OpSession, rng: np.random.Generator
) -> None:
    m, k, n, calls = 3, 4, 5, 20
    b = rng.standard_normal((n, k)).astype(np.float32)
    a_desc = ops.desc(NUMPY_TO_ACL[np.dtype(np.float32)], (m, k))
    b_desc, b_buf = ops.tensor(b)
    out_desc = ops.desc(NUMPY_TO_ACL[np.dtype(np.float32)], (m, n))
    attr = acl.op.create_attr()
    check(acl.op.set_attr_bool(attr, "transpose_x2", 1), "set_attr_bool")  # read when each call runs
    handle, ret = acl.op.create_handle("MatMul", [a_desc, b_desc], [out_desc], attr)
    check(ret, "create_handle")

    gate, ret = acl.rt.create_notify(acl.ACL_NOTIFY_DEFAULT)
    check(ret, "create_notify")
    opener, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    opened = False
    try:
        check(acl.rt.wait_and_reset_notify(gate, ops.stream, 60), "wait_and_reset_notify")  # hold the queue
        inputs = [rng.standard_normal((m, k)).astype(np.float32) for _ in range(calls)]
        outputs = [ops.output((m, n), np.float32) for _ in range(calls)]
        for a, (_, out_buf, _) in zip(inputs, outputs):
            _, a_buf = ops.tensor(a)
            check(execute_with_handle(handle, [a_buf, b_buf], [out_buf], ops.stream), "execute_with_handle")
        acl.op.destroy_handle(handle)
        acl.op.destroy_attr(attr)
        # still queued: the last output keeps its marker until the gate opens
        assert (ops.from_device(outputs[-1][2], (m, n), np.float32) == 77).all()
        check(acl.rt.record_notify(gate, opener), "record_notify")
        opened = True
        ops.sync()
        for a, (_, _, out_ptr) in zip(inputs, outputs):
            want = a.astype(np.float64) @ b.T.astype(np.float64)
            got = ops.from_device(out_ptr, (m, n), np.float32)
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    finally:
        if not opened:  # release the held stream before anything is destroyed
            acl.rt.record_notify(gate, opener)
        check(acl.rt.synchronize_stream(opener), "synchronize_stream")
        acl.rt.synchronize_stream(ops.stream)
        check(acl.rt.destroy_stream(opener), "destroy_stream")
        check(acl.rt.destroy_notify(gate), "destroy_notify")
