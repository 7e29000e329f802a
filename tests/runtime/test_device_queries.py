"""Device identity, topology, peer access with real copies between devices, limits, parameters."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from helpers.runtime_support import Runtime, check, pattern, read_host

import acl
from acl._backend import ffi, lib

PEER = 1  # the emulator has two devices unless ACL_EMU_DEVICE_COUNT says otherwise


@pytest.fixture()
def peer_context(rt: Runtime) -> Iterator[int]:
    check(acl.rt.set_device(PEER), "set_device(peer)")
    context, ret = acl.rt.create_context(PEER)
    check(ret, "create_context(peer)")
    check(acl.rt.set_context(rt.context), "set_context")
    yield context
    check(acl.rt.destroy_context(context), "destroy_context(peer)")
    check(acl.rt.reset_device(PEER), "reset_device(peer)")
    check(acl.rt.set_context(rt.context), "set_context")


def test_device_ids_map_to_themselves(rt: Runtime) -> None:
    for mapping in (acl.rt.get_logic_dev_id_by_phy_dev_id, acl.rt.get_phy_dev_id_by_logic_dev_id,
                    acl.rt.get_logic_dev_id_by_user_dev_id, acl.rt.get_user_dev_id_by_logic_dev_id,
                    acl.rt.get_phy_dev_id_by_user_dev_id, acl.rt.get_user_dev_id_by_phy_dev_id):
        assert mapping(PEER) == (PEER, acl.ACL_SUCCESS)
        assert mapping(7)[1] == acl.ACL_ERROR_RT_INVALID_DEVICEID
        assert mapping(-1)[1] == acl.ACL_ERROR_RT_INVALID_DEVICEID


def test_uuids_are_valid_distinct_and_stable(rt: Runtime) -> None:
    values = []
    for device in (0, PEER):
        # through the C function: the binding's dict carries char[16] as text, which loses bytes
        result = lib.aclrtDeviceGetUuid(device)
        check(result.ret, "aclrtDeviceGetUuid")
        parsed = uuid.UUID(bytes=bytes(ffi.buffer(result.uuid.bytes)))
        assert parsed.variant == uuid.RFC_4122
        again = lib.aclrtDeviceGetUuid(device)
        assert uuid.UUID(bytes=bytes(ffi.buffer(again.uuid.bytes))) == parsed
        values.append(parsed)
    assert values[0] != values[1]
    assert acl.rt.device_get_uuid(5)[1] == acl.ACL_ERROR_RT_INVALID_DEVICEID


def test_pci_bus_id_round_trip(rt: Runtime) -> None:
    size = 32
    buffer, ret = acl.rt.malloc_host(size)
    check(ret, "malloc_host")
    try:
        for device in (0, PEER):
            check(acl.rt.device_get_pci_bus_id(device, buffer, size), "device_get_pci_bus_id")
            text = read_host(buffer, size).split(b"\0")[0].decode()
            domain, bus, rest = text.split(":")
            assert (len(domain), len(bus), rest) == (4, 2, "00.0")
            assert acl.rt.device_get_by_pci_bus_id(text) == (device, acl.ACL_SUCCESS)
        assert acl.rt.device_get_pci_bus_id(0, buffer, 12) == acl.ACL_ERROR_INVALID_PARAM  # 12 + NUL needed
        assert "too small" in acl.get_recent_err_msg()
        assert acl.rt.device_get_pci_bus_id(0, 0, size) == acl.ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.rt.free_host(buffer), "free_host")
    for bad in ("0000:09:00.0", "garbage", "0000:01:00.0x", ""):
        assert acl.rt.device_get_by_pci_bus_id(bad)[1] == acl.ACL_ERROR_INVALID_PARAM


def test_topology_and_bare_tgid(rt: Runtime) -> None:
    assert acl.rt.get_devices_topo(0, PEER) == (acl.ACL_RT_DEVS_TOPOLOGY_HCCS, acl.ACL_SUCCESS)
    assert acl.rt.get_devices_topo(0, 0)[1] == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.get_devices_topo(0, 9)[1] == acl.ACL_ERROR_RT_INVALID_DEVICEID
    assert acl.rt.device_get_bare_tgid() == (os.getpid(), acl.ACL_SUCCESS)


def test_peer_access_and_a_real_copy_between_devices(rt: Runtime, peer_context: int) -> None:
    assert acl.rt.device_peer_access_status(0, PEER) == (0, acl.ACL_SUCCESS)
    check(acl.rt.device_enable_peer_access(PEER, 0), "device_enable_peer_access")
    assert acl.rt.device_peer_access_status(0, PEER) == (1, acl.ACL_SUCCESS)
    assert acl.rt.device_peer_access_status(PEER, 0) == (0, acl.ACL_SUCCESS)  # one direction only
    assert acl.rt.device_enable_peer_access(PEER, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.device_enable_peer_access(0, 0) == acl.ACL_ERROR_INVALID_PARAM  # itself

    size = 1 << 16
    payload = pattern(size, seed=31)
    source, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc on device 0")
    check(acl.rt.set_context(peer_context), "set_context(peer)")
    target, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "malloc on the peer")
    check(acl.rt.set_context(rt.context), "set_context")
    try:
        h2d = acl.ACL_MEMCPY_HOST_TO_DEVICE
        check(acl.rt.memcpy(source, size, acl.util.bytes_to_ptr(payload), size, h2d), "h2d")
        check(acl.rt.memcpy(target, size, source, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE), "d2d")
        back, ret = acl.rt.malloc_host(size)
        check(ret, "malloc_host")
        check(acl.rt.memcpy(back, size, target, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
        received = read_host(back, size)
        check(acl.rt.free_host(back), "free_host")
        assert received == payload
    finally:
        check(acl.rt.free(source), "free source")
        check(acl.rt.set_context(peer_context), "set_context(peer)")
        check(acl.rt.free(target), "free target")
        check(acl.rt.set_context(rt.context), "set_context")
    check(acl.rt.device_disable_peer_access(PEER), "device_disable_peer_access")
    assert acl.rt.device_peer_access_status(0, PEER) == (0, acl.ACL_SUCCESS)
    assert acl.rt.device_disable_peer_access(PEER) == acl.ACL_ERROR_INVALID_PARAM


def test_device_limits_round_trip(rt: Runtime) -> None:
    limit = acl.ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE
    default, ret = acl.rt.device_get_limit(limit)
    check(ret, "device_get_limit")
    assert default > 0
    check(acl.rt.device_set_limit(limit, 4096), "device_set_limit")
    try:
        assert acl.rt.device_get_limit(limit) == (4096, acl.ACL_SUCCESS)
    finally:
        check(acl.rt.device_set_limit(limit, default), "device_set_limit")
    assert acl.rt.device_set_limit(limit, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.device_set_limit(17, 1) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.device_get_limit(17)[1] == acl.ACL_ERROR_INVALID_PARAM


def test_system_parameters_process_and_context(rt: Runtime, peer_context: int) -> None:
    opt = acl.ACL_OPT_DETERMINISTIC
    check(acl.rt.set_sys_param_opt(opt, 1), "set_sys_param_opt")
    assert acl.rt.get_sys_param_opt(opt) == (1, acl.ACL_SUCCESS)
    assert acl.rt.get_sys_param_opt(acl.ACL_OPT_ENABLE_KERNEL_EARLY_START)[1] == acl.ACL_ERROR_INVALID_PARAM
    assert "has not been set" in acl.get_recent_err_msg()

    check(acl.rt.ctx_set_sys_param_opt(opt, 5), "ctx_set_sys_param_opt")
    assert acl.rt.ctx_get_sys_param_opt(opt) == (5, acl.ACL_SUCCESS)
    check(acl.rt.set_context(peer_context), "set_context(peer)")
    assert acl.rt.ctx_get_sys_param_opt(opt)[1] == acl.ACL_ERROR_INVALID_PARAM  # per context
    check(acl.rt.set_context(rt.context), "set_context")
    assert acl.rt.set_sys_param_opt(42, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.ctx_get_sys_param_opt(9)[1] == acl.ACL_ERROR_INVALID_PARAM


def test_utilization_and_cann_attributes(rt: Runtime) -> None:
    info, ret = acl.rt.get_device_utilization_rate(0)
    check(ret, "get_device_utilization_rate")
    assert all(value == 0 for key, value in info.items() if key.endswith("Utilization"))
    assert acl.rt.get_device_utilization_rate(8)[-1] == acl.ACL_ERROR_RT_INVALID_DEVICEID
    names, num, ret = acl.get_cann_attribute_list()
    check(ret, "get_cann_attribute_list")
    assert sorted(names) == [acl.ACL_CANN_ATTR_INF_NAN, acl.ACL_CANN_ATTR_BF16, acl.ACL_CANN_ATTR_JIT_COMPILE]
    assert num == 3
    for attr in names:
        assert acl.get_cann_attribute(attr) == (1, acl.ACL_SUCCESS)
    assert acl.get_cann_attribute(acl.ACL_CANN_ATTR_UNDEFINED)[1] == acl.ACL_ERROR_INVALID_PARAM
