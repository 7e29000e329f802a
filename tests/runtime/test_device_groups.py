"""Core groups and scheduler selection on the emulator: one group holding the whole device."""

from __future__ import annotations

import struct

from helpers.runtime_support import Runtime, check, read_host

import acl


def test_one_group_with_the_devices_cores(rt: Runtime) -> None:
    assert acl.rt.get_group_count() == (1, acl.ACL_SUCCESS)
    info = acl.rt.create_group_info()
    assert info != 0
    value, ret = acl.rt.malloc_host(8)
    check(ret, "malloc_host")
    try:
        assert acl.rt.get_group_info_detail(info, 0, acl.ACL_GROUP_AICORE_INT, value, 4)[1] == \
            acl.ACL_ERROR_INVALID_PARAM  # not filled yet
        check(acl.rt.get_all_group_info(info), "get_all_group_info")
        expected = {
            acl.ACL_GROUP_AICORE_INT: acl.rt.get_device_info(rt.device, acl.ACL_DEV_ATTR_AICORE_CORE_NUM)[0],
            acl.ACL_GROUP_AIV_INT: acl.rt.get_device_info(rt.device, acl.ACL_DEV_ATTR_VECTOR_CORE_NUM)[0],
            acl.ACL_GROUP_AIC_INT: acl.rt.get_device_info(rt.device, acl.ACL_DEV_ATTR_CUBE_CORE_NUM)[0],
            acl.ACL_GROUP_GROUPID_INT: 0,
        }
        for attr, want in expected.items():
            size, ret = acl.rt.get_group_info_detail(info, 0, attr, value, 8)
            check(ret, "get_group_info_detail")
            assert size == 4
            assert struct.unpack("<i", read_host(value, 4))[0] == want
        assert acl.rt.get_group_info_detail(info, 1, acl.ACL_GROUP_AICORE_INT, value, 8)[1] == \
            acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_group_info_detail(info, 0, 17, value, 8)[1] == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_group_info_detail(info, 0, acl.ACL_GROUP_AICORE_INT, value, 2)[1] == \
            acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.rt.free_host(value), "free_host")
        check(acl.rt.destroy_group_info(info), "destroy_group_info")
    assert acl.rt.destroy_group_info(info) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.get_all_group_info(info) == acl.ACL_ERROR_INVALID_PARAM


def test_set_group_and_scheduler(rt: Runtime) -> None:
    check(acl.rt.set_group(0), "set_group")
    assert acl.rt.set_group(1) == acl.ACL_ERROR_INVALID_PARAM
    assert "outside [0, 1)" in acl.get_recent_err_msg()
    check(acl.rt.set_ts_device(acl.ACL_TS_ID_AIVECTOR), "set_ts_device")
    check(acl.rt.set_ts_device(acl.ACL_TS_ID_AICORE), "set_ts_device")
    assert acl.rt.set_ts_device(acl.ACL_TS_ID_RESERVED) == acl.ACL_ERROR_INVALID_PARAM
