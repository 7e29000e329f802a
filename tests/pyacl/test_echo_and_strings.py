"""Echo-back results, optional arguments, string buffers and string lengths (reviewed pyACL shapes)."""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import pytest

import acl

ACL_INT32 = 3
ACL_FLOAT = 0
ACL_FORMAT_ND = 2
ACL_ERROR_INVALID_PARAM = 100000


def test_init_without_argument_and_set_dump_optional() -> None:
    assert acl.init() in (0, 100002)  # ACL_ERROR_REPEAT_INITIALIZE when another test initialised first
    with pytest.raises(TypeError, match=r"acl\.init: argument config_path must be str"):
        acl.init(3)


def test_dataset_functions_echo_the_dataset() -> None:
    dataset = acl.mdl.create_dataset()
    buffer = acl.create_data_buffer(0, 0)
    desc = acl.create_tensor_desc(ACL_FLOAT, [1], ACL_FORMAT_ND)
    assert acl.mdl.add_dataset_buffer(dataset, buffer) == (dataset, 0)
    assert acl.mdl.set_dataset_tensor_desc(dataset, desc, 0) == (dataset, 0)
    assert acl.get_tensor_desc_num_dims(acl.mdl.get_dataset_tensor_desc(dataset, 0)) == 1
    echoed, ret = acl.mdl.add_dataset_buffer(dataset, 0)
    assert echoed == dataset and ret != 0  # the C error comes back, the handle still echoed
    acl.destroy_tensor_desc(desc)
    assert acl.destroy_data_buffer(buffer) == 0
    assert acl.mdl.destroy_dataset(dataset) == 0


def test_op_attr_setters_echo_the_attr() -> None:
    attr = acl.op.create_attr()
    assert acl.op.set_attr_data_type(attr, "dtype", ACL_INT32) == (attr, 0)
    assert acl.op.set_attr_list_data_type(attr, "dtypes", [ACL_INT32, ACL_FLOAT]) == (attr, 0)
    acl.op.destroy_attr(attr)


def test_handles_never_accept_none() -> None:
    with pytest.raises(TypeError):
        acl.mdl.add_dataset_buffer(None, 0)


def test_version_string_buffer() -> None:
    text, ret = acl.get_version_str("runtime")
    assert ret == 0 and text.count(".") >= 1
    major = acl.get_cann_version(0)[0]["major_version"]
    assert text.startswith(major)


def test_prof_string_buffers_guard_and_strlen() -> None:
    assert acl.prof.get_op_type(0, 0, 0, 4097) == ("", ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_name(0, 0, 0, 4097) == ("", ACL_ERROR_INVALID_PARAM)
    name, ret = acl.prof.get_op_name(0, 0, 0, 16)
    assert isinstance(name, str) and ret != 0
    assert acl.prof.get_op_type_v2(0, 0, 0)[0] is None  # the length query fails: no string read
    with pytest.raises(TypeError, match=r"acl\.prof\.init"):
        acl.prof.init(b"/tmp")


def test_export_key_length_limit() -> None:
    with pytest.raises(ValueError, match=r"acl\.rt\.ipc_mem_get_export_key: len must not exceed 1023"):
        acl.rt.ipc_mem_get_export_key(0, 0, 1024, 0)
    key, ret = acl.rt.ipc_mem_get_export_key(0, 0, 64, 0)
    assert isinstance(key, str) and ret != 0


def test_naming_exceptions_and_aliases_exist() -> None:
    assert acl.fv.destory_init_para is acl.fv.destroy_init_para
    assert acl.prof.model_un_subscribe is acl.prof.model_unsubscribe
    for module, name in [
        (acl.prof, "get_op_type_v2"),
        (acl.prof, "get_op_name_v2"),
        (acl.fv, "set_1n_top_num"),
        (acl.fv, "delete"),
        (acl.rt, "get_op_timeout_interval"),
        (acl.mdl, "dump_reg_callback"),
        (acl.himpi, "vpc_calc_hist_v2"),
        (acl.himpi, "vdec_get_pic_buf_size"),
        (acl.media, "venc_set_channel_desc_entype"),
        (acl, "get_version"),
        (acl, "get_soc_name"),
    ]:
        assert callable(getattr(module, name)), name
    assert acl.get_device_capability is not acl.rt.get_device_capability
