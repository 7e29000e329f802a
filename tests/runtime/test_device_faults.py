"""aclrtGetErrorVerbose / aclrtRepairError / aclRecoverAllHcclTasks after a task really failed on a
device, and aclrtGetPrimaryCtxState across aclrtSetDevice / aclrtResetDevice. Each case runs in a
fresh process: a device's fault is process-wide state."""

from __future__ import annotations

import textwrap

from helpers.subproc import describe, run_on_emulator

# A wait on a notify nobody records fails its stream with ACL_ERROR_RT_WAIT_TIMEOUT after 1 s.
FAIL_A_TASK = """
from acl._backend import ffi

def verbose(device):
    info, ret = acl.rt.get_error_verbose(device)
    ok(ret, "get_error_verbose")
    return info

def repair(device, info):
    c_info = ffi.new("aclrtErrorInfo *")
    c_info.tryRepair, c_info.hasDetail = info["tryRepair"], info["hasDetail"]
    c_info.errorType = info["errorType"]
    return acl.rt.repair_error(device, int(ffi.cast("uintptr_t", c_info)))

notify, ret = acl.rt.create_notify(acl.ACL_NOTIFY_DEFAULT)
ok(ret, "create_notify")
clean = verbose(0)
assert (clean["errorType"], clean["tryRepair"], clean["hasDetail"]) == (acl.ACL_RT_NO_ERROR, 0, 0)
ok(acl.rt.wait_and_reset_notify(notify, stream, 1), "wait_and_reset_notify")
assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_RT_WAIT_TIMEOUT
"""


def test_a_failed_task_is_the_device_fault_until_repaired() -> None:
    result = run_on_emulator(
        FAIL_A_TASK
        + textwrap.dedent(
            """
        fault = verbose(0)
        assert (fault["errorType"], fault["tryRepair"], fault["hasDetail"]) == (acl.ACL_RT_ERROR_OTHERS, 1, 0)
        assert verbose(1)["errorType"] == acl.ACL_RT_NO_ERROR  # the other device did not fail
        # HCCL tasks cannot be resumed while the fault stands
        assert acl.recover_all_hccl_tasks(0) == acl.ACL_ERROR_INVALID_PARAM
        assert "repair" in acl.get_recent_err_msg()
        assert repair(0, dict(fault, errorType=acl.ACL_RT_ERROR_MEMORY)) == acl.ACL_ERROR_INVALID_PARAM
        assert verbose(0)["errorType"] == acl.ACL_RT_ERROR_OTHERS  # a refused repair leaves it
        ok(repair(0, fault), "repair_error")
        assert verbose(0)["errorType"] == acl.ACL_RT_NO_ERROR
        ok(acl.recover_all_hccl_tasks(0), "recover_all_hccl_tasks")
        ok(repair(0, verbose(0)), "repairing nothing")
        # the stream works again
        ok(acl.rt.record_notify(notify, stream), "record_notify")
        ok(acl.rt.wait_and_reset_notify(notify, stream, 1), "wait_and_reset_notify")
        ok(acl.rt.synchronize_stream(stream), "synchronize_stream")
        ok(acl.rt.destroy_notify(notify), "destroy_notify")
        print("done")
        """
        )
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"


def test_resetting_the_device_forgets_its_fault() -> None:
    result = run_on_emulator(
        FAIL_A_TASK
        + textwrap.dedent(
            """
        assert verbose(0)["errorType"] == acl.ACL_RT_ERROR_OTHERS
        ok(acl.rt.destroy_notify(notify), "destroy_notify")
        ok(acl.rt.destroy_stream(stream), "destroy_stream")
        ok(acl.rt.destroy_context(context), "destroy_context")
        ok(acl.rt.reset_device(0), "reset_device")
        assert verbose(0)["errorType"] == acl.ACL_RT_NO_ERROR
        print("done")
        """
        )
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"


def test_primary_context_is_active_between_set_and_last_reset() -> None:
    result = run_on_emulator(
        """
        assert acl.rt.get_primary_ctx_state(0) == (0, 1, acl.ACL_SUCCESS)  # the prelude set device 0
        assert acl.rt.get_primary_ctx_state(1) == (0, 0, acl.ACL_SUCCESS)
        ok(acl.rt.set_device(1), "set_device 1")
        ok(acl.rt.set_device(1), "set_device 1 again")
        assert acl.rt.get_primary_ctx_state(1)[1:] == (1, acl.ACL_SUCCESS)
        ok(acl.rt.reset_device(1), "reset_device 1")
        assert acl.rt.get_primary_ctx_state(1)[1:] == (1, acl.ACL_SUCCESS)  # one use is left
        ok(acl.rt.reset_device(1), "reset_device 1 again")
        assert acl.rt.get_primary_ctx_state(1)[1:] == (0, acl.ACL_SUCCESS)
        print("done")
        """
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"


def test_bad_arguments_give_codes_not_crashes() -> None:
    result = run_on_emulator(
        """
        from acl._backend import ffi
        DEVICE = acl.ACL_ERROR_RT_INVALID_DEVICEID
        INVALID = acl.ACL_ERROR_INVALID_PARAM
        info = int(ffi.cast("uintptr_t", ffi.new("aclrtErrorInfo *")))
        codes = [
            (acl.rt.get_error_verbose(2)[1], DEVICE),
            (acl.rt.get_error_verbose(-1)[1], DEVICE),
            (acl.rt.repair_error(64, info), DEVICE),
            (acl.rt.repair_error(0, 0), INVALID),
            (acl.recover_all_hccl_tasks(5), DEVICE),
            (acl.recover_all_hccl_tasks(-2), DEVICE),
            (acl.rt.get_primary_ctx_state(9)[-1], DEVICE),
            (acl.rt.get_primary_ctx_state(-1)[-1], DEVICE),
        ]
        assert [got for got, _ in codes] == [want for _, want in codes], codes
        print("done")
        """
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"
