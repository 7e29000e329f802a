"""Arguments whose C type depends on another argument (hand-written in acl/_pyacl)."""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import warnings

import pytest

import acl

ACL_MDL_PRIORITY_INT32 = 0
ACL_MDL_LOAD_TYPE_SIZET = 1
ACL_MDL_PATH_PTR = 2
ACL_MDL_MEM_ADDR_PTR = 3
ACL_MDL_STREAM_SYNC_TIMEOUT = 0
ACL_RT_MEM_ATTR_MODULE_ID = 1


@pytest.fixture(scope="module")
def device() -> int:
    acl.init()
    assert acl.rt.set_device(0) == 0
    yield 0


def test_model_config_values_go_with_the_size_their_attr_takes() -> None:
    # the emulator rejects a value size that does not match the option (int32: 4, size_t/pointer: 8)
    handle = acl.mdl.create_config_handle()
    assert acl.mdl.set_config_opt(handle, ACL_MDL_PRIORITY_INT32, 3) == 0
    assert acl.mdl.set_config_opt(handle, ACL_MDL_LOAD_TYPE_SIZET, 1) == 0
    assert acl.mdl.set_config_opt(handle, ACL_MDL_PATH_PTR, "/models/x.om") == 0
    assert acl.mdl.set_config_opt(handle, ACL_MDL_MEM_ADDR_PTR, 0x1000) == 0
    with pytest.raises(TypeError, match=r"acl\.mdl\.set_config_opt: argument value must be str"):
        acl.mdl.set_config_opt(handle, ACL_MDL_PATH_PTR, 5)
    with pytest.raises(TypeError, match=r"acl\.mdl\.set_config_opt: argument value must be int"):
        acl.mdl.set_config_opt(handle, ACL_MDL_PRIORITY_INT32, "3")
    assert acl.mdl.destroy_config_handle(handle) == 0


def test_exec_config_value_is_a_uint32() -> None:
    handle = acl.mdl.create_exec_config_handle()
    assert acl.mdl.set_exec_config_opt(handle, ACL_MDL_STREAM_SYNC_TIMEOUT, 100) == 0
    assert acl.mdl.destroy_exec_config_handle(handle) == 0


def test_malloc_cfg_dict(device: int) -> None:
    ptr, ret = acl.rt.malloc_with_cfg(256, 0, {})
    assert ret == 0 and ptr != 0
    assert acl.rt.free(ptr) == 0
    cfg = {"numAttrs": 1, "attrs": [{"attr": ACL_RT_MEM_ATTR_MODULE_ID, "value": {"moduleId": 7}}]}
    ptr, ret = acl.rt.malloc_with_cfg(256, 0, cfg)
    assert ret == 0 and ptr != 0
    assert acl.rt.free(ptr) == 0
    host, ret = acl.rt.malloc_host_with_cfg(64, cfg)
    assert ret == 0 and host != 0
    assert acl.rt.free_host(host) == 0
    with pytest.raises(KeyError):
        acl.rt.malloc_with_cfg(256, 0, {"numAttrs": 2, "attrs": cfg["attrs"]})
    with pytest.raises(KeyError):
        acl.rt.malloc_with_cfg(256, 0, {"numAttrs": 1, "attrs": [{"attr": 1, "value": {"nothing": 1}}]})
    with pytest.raises(TypeError, match=r"acl\.rt\.malloc_with_cfg: argument cfg must be dict"):
        acl.rt.malloc_with_cfg(256, 0, None)


def test_channel_desc_params_echo_and_read_back() -> None:
    desc = acl.media.dvpp_create_channel_desc()
    echoed, ret = acl.media.dvpp_set_channel_desc_param(desc, 0, 1)
    assert echoed == desc
    _size, value, got = acl.media.dvpp_get_channel_desc_param(desc, 0)
    if ret == 0 and got == 0:
        assert value == 1
    with pytest.raises(
        TypeError, match=r"acl\.media\.venc_set_channel_desc_param: parameter must be callable"
    ):
        acl.media.venc_set_channel_desc_param(0, 1, 5)


def test_venc_rc_param_reports_the_union_member_of_the_mode() -> None:
    result, _ret = acl.himpi.venc_get_rc_param(0, 1)  # HI_VENC_RC_MODE_H264_CBR
    assert "h264_cbr_param" in result and "h265_cbr_param" not in result
    assert "scene_chg_detect" in result


def test_vpc_calc_hist_stub_warns_and_returns_zeros() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hist, task_id, ret = acl.himpi.vpc_calc_hist(0, {}, 0)
    assert caught and caught[0].category is Warning
    assert (task_id, ret) == (0, 0)
    assert hist["histogram_y_or_r"] == [0] * 256 and len(hist) == 3
