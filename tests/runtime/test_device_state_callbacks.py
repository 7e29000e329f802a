"""aclrtRegDeviceStateCallback: callbacks around the set that takes a device into use and the reset
that releases it. Each case runs in its own process: device use is process-wide."""

from __future__ import annotations

import json

from helpers.subproc import describe, run_python

import acl

PRE_AMBLE = """
import json
import acl
from acl._generated._acl_cffi import ffi

seen = []

def on_state(device, state, args):
    current, ret = acl.rt.get_device()  # the runtime may be called from the callback
    seen.append([device, state, int(ffi.cast("uintptr_t", args)), current if ret == 0 else None])

cb = ffi.callback("void(int32_t, int, void *)", on_state)
ptr = int(ffi.cast("uintptr_t", cb))
out = {}
"""

SET_RESET = (
    PRE_AMBLE
    + """
assert acl.init() == 0
out["reg"] = acl.rt.reg_device_state_callback("watch", ptr, 7)
out["set1"] = acl.rt.set_device(1)
out["after_first_set"] = len(seen)
out["set1_again"] = acl.rt.set_device(1)
out["reset1"] = acl.rt.reset_device(1)
out["after_inner_reset"] = len(seen)
out["reset1_last"] = acl.rt.reset_device(1)
out["reset_unset"] = acl.rt.reset_device(1)
out["set_bad"] = acl.rt.set_device(99)
out["set0"] = acl.rt.set_device(0)
out["set0_again"] = acl.rt.set_device(0)
out["force"] = acl.rt.reset_device_force(0)
out["set0_for_finalize"] = acl.rt.set_device(0)
out["finalize"] = acl.finalize()
out["seen"] = seen
print(json.dumps(out))
"""
)


def _run(code: str) -> dict:
    result = run_python(code, {"ACL_BACKEND": "emulator", "ACL_EMU_DEVICE_COUNT": "2"})
    assert result.returncode == 0, describe(result)
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_set_and_reset_state_changes_call_the_callback() -> None:
    out = _run(SET_RESET)
    ok = acl.ACL_SUCCESS
    assert out["reg"] == ok and out["set1"] == ok and out["set1_again"] == ok
    assert out["reset1"] == ok and out["reset1_last"] == ok and out["reset_unset"] == ok
    assert out["set_bad"] == acl.ACL_ERROR_RT_INVALID_DEVICEID
    assert out["force"] == ok and out["finalize"] == ok
    assert out["after_first_set"] == 2  # PRE and POST of the first set
    assert out["after_inner_reset"] == 2  # a second set and the reset matching it change nothing
    set_pre, set_post = acl.ACL_RT_DEVICE_STATE_SET_PRE, acl.ACL_RT_DEVICE_STATE_SET_POST
    reset_pre, reset_post = acl.ACL_RT_DEVICE_STATE_RESET_PRE, acl.ACL_RT_DEVICE_STATE_RESET_POST
    states = [(device, state, args) for device, state, args, _ in out["seen"]]
    assert states == [
        (1, set_pre, 7),
        (1, set_post, 7),
        (1, reset_pre, 7),
        (1, reset_post, 7),
        (0, set_pre, 7),
        (0, set_post, 7),
        (0, reset_pre, 7),  # aclrtResetDeviceForce releases a device set twice at once
        (0, reset_post, 7),
        (0, set_pre, 7),
        (0, set_post, 7),
        (0, reset_pre, 7),  # aclFinalize resets a device still set
        (0, reset_post, 7),
    ]
    # after SET_POST the device is the thread's current one
    assert out["seen"][1][3] == 1 and out["seen"][5][3] == 0


BAD_INPUT = (
    PRE_AMBLE
    + """
assert acl.init() == 0
out["empty"] = acl.rt.reg_device_state_callback("", ptr, 0)
out["long"] = acl.rt.reg_device_state_callback("x" * 200, ptr, 0)
out["unknown"] = acl.rt.reg_device_state_callback("nobody", 0, 0)
out["reg_a"] = acl.rt.reg_device_state_callback("a", ptr, 1)
out["reg_b"] = acl.rt.reg_device_state_callback("b", ptr, 2)
out["replace_a"] = acl.rt.reg_device_state_callback("a", ptr, 3)
assert acl.rt.set_device(0) == 0
out["unreg_a"] = acl.rt.reg_device_state_callback("a", 0, 0)
out["unreg_a_again"] = acl.rt.reg_device_state_callback("a", 0, 0)
assert acl.rt.reset_device(0) == 0
out["unreg_b"] = acl.rt.reg_device_state_callback("b", 0, 0)
assert acl.rt.set_device(0) == 0
assert acl.rt.reset_device(0) == 0
assert acl.finalize() == 0
out["seen"] = [[s[1], s[2]] for s in seen]
print(json.dumps(out))
"""
)


def test_registration_by_name_and_bad_input() -> None:
    out = _run(BAD_INPUT)
    bad = acl.ACL_ERROR_INVALID_PARAM
    assert out["empty"] == bad and out["long"] == bad and out["unknown"] == bad
    assert out["reg_a"] == 0 and out["reg_b"] == 0 and out["replace_a"] == 0
    assert out["unreg_a"] == 0 and out["unreg_a_again"] == bad and out["unreg_b"] == 0
    set_pre, set_post = acl.ACL_RT_DEVICE_STATE_SET_PRE, acl.ACL_RT_DEVICE_STATE_SET_POST
    reset_pre, reset_post = acl.ACL_RT_DEVICE_STATE_RESET_PRE, acl.ACL_RT_DEVICE_STATE_RESET_POST
    # both callbacks (a with its replaced args 3) for the set; only b for the reset; none after
    assert sorted(map(tuple, out["seen"])) == sorted(
        [(set_pre, 3), (set_pre, 2), (set_post, 3), (set_post, 2), (reset_pre, 2), (reset_post, 2)]
    )


SET_AGAIN_SWITCHES = (
    PRE_AMBLE
    + """
import threading

assert acl.init() == 0
assert acl.rt.reg_device_state_callback("watch", ptr, 0) == 0
assert acl.rt.set_device(0) == 0 and acl.rt.set_device(1) == 0
out["after_1"] = acl.rt.get_device()[0]
assert acl.rt.set_device(0) == 0  # set already: still the thread's current device afterwards
out["after_0_again"] = acl.rt.get_device()[0]

def other_thread():
    out["other_before"] = acl.rt.get_device()[1] != 0  # no current device yet on this thread
    out["other_set"] = acl.rt.set_device(1)  # set already by the main thread
    out["other_after"] = acl.rt.get_device()[0]

t = threading.Thread(target=other_thread)
t.start()
t.join()
out["main_still"] = acl.rt.get_device()[0]
out["hooks_after_sets"] = len(seen)
# device 1 was set twice, device 0 twice: each is released by its second reset only
out["resets"] = []
for device in (1, 1, 0, 0):
    out["resets"].append([acl.rt.reset_device(device), len(seen)])
out["finalize"] = acl.finalize()
print(json.dumps(out))
"""
)


def test_setting_a_device_already_set_makes_it_current_and_counts() -> None:
    out = _run(SET_AGAIN_SWITCHES)
    assert out["after_1"] == 1 and out["after_0_again"] == 0
    assert out["other_before"] is True and out["other_set"] == acl.ACL_SUCCESS and out["other_after"] == 1
    assert out["main_still"] == 0
    assert out["hooks_after_sets"] == 4  # PRE and POST of each device's first set only
    assert out["resets"] == [[0, 4], [0, 6], [0, 6], [0, 8]]
    assert out["finalize"] == acl.ACL_SUCCESS
