"""Dicts standing for C structs: generated converters both ways, pyACL's lenient filling, key styles."""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import pytest
from acl._generated._acl_cffi import ffi

import acl
from acl._generated import _structs

ACL_ERROR_INVALID_PARAM = 100000
ACL_MEM_LOCATION_TYPE_DEVICE = 1


@pytest.fixture(scope="module")
def device() -> int:
    acl.init()
    assert acl.rt.set_device(0) == 0
    yield 0


def test_struct_out_dicts_use_camel_case_and_cut_arrays_to_their_count() -> None:
    dims = ffi.new("aclmdlIODims *", {"name": b"input0", "dimCount": 2, "dims": [3, 5, 9, 9]})
    assert _structs.aclmdlIODims(dims[0]) == {"name": "input0", "dimCount": 2, "dims": [3, 5]}
    hw = ffi.new("aclmdlHW *", {"hwCount": 1, "hw": [[224, 320], [1, 1]]})
    assert _structs.aclmdlHW(hw[0]) == {"hwCount": 1, "hw": [[224, 320]]}


def test_failed_dims_query_gives_an_empty_dict() -> None:
    result, ret = acl.mdl.get_input_dims(0, 0)
    assert result == {} and ret != 0
    assert acl.mdl.get_dynamic_batch(0) == ({}, ret)
    info, ret = acl.mdl.get_first_aipp_info(12345, 0)
    assert info is None and ret != 0
    gears, ret = acl.mdl.get_input_dynamic_dims(0, 0, 3)
    assert gears == [None, None, None] and ret != 0


def test_snake_case_keys_where_pyacl_uses_them(device: int) -> None:
    version, ret = acl.get_cann_version(0)
    assert ret == 0
    assert set(version) == {
        "version",
        "major_version",
        "minor_version",
        "release_version",
        "patch_version",
        "reserved",
    }
    assert version["version"].startswith(version["major_version"] + ".")
    ptr, ret = acl.rt.malloc(64, 0)
    assert ret == 0
    attributes, ret = acl.rt.pointer_get_attributes(ptr)
    assert ret == 0
    assert attributes["location"] == {"id": 0, "type": ACL_MEM_LOCATION_TYPE_DEVICE}
    assert attributes["page_size"] > 0 and attributes["rsv"] == [0, 0, 0, 0]
    assert acl.rt.free(ptr) == 0


def _prop(values: dict) -> dict:
    struct = ffi.new("aclrtPhysicalMemProp *")
    _structs.fill_aclrtPhysicalMemProp(struct, values)
    return _structs.aclrtPhysicalMemProp(struct[0])


def test_fill_then_convert_round_trips_nested_structs() -> None:
    values = {
        "handleType": 1,
        "allocationType": 0,
        "memAttr": 2,
        "location": {"id": 3, "type": 1},
        "reserve": 9,
    }
    assert _prop(values) == values


def test_filling_is_lenient_like_pyacl() -> None:
    # missing keys stay 0, wrong-typed values are ignored, unknown keys too
    assert _prop({"memAttr": "two", "location": {"id": 4}, "extra": 1}) == {
        "handleType": 0,
        "allocationType": 0,
        "memAttr": 0,
        "location": {"id": 4, "type": 0},
        "reserve": 0,
    }
    with pytest.raises(TypeError, match="the location argument is not dict"):
        _prop({"location": [4, 1]})


def test_list_fields_longer_than_the_c_array_raise_value_error() -> None:
    struct = ffi.new("aclmdlIODims *")
    _structs.fill_aclmdlIODims(struct, {"name": "x", "dimCount": 2, "dims": [1, 2]})
    assert _structs.aclmdlIODims(struct[0]) == {"name": "x", "dimCount": 2, "dims": [1, 2]}
    with pytest.raises(ValueError, match="the dims list has 129 items"):
        _structs.fill_aclmdlIODims(struct, {"dims": [0] * 129})


def test_dict_argument_reaches_c_and_is_type_checked() -> None:
    with pytest.raises(TypeError, match=r"acl\.mdl\.set_input_dynamic_dims: argument dims must be a dict"):
        acl.mdl.set_input_dynamic_dims(0, 0, 0, [1, 2])
    # a dataset that is not a model's: the emulator rejects it, but only after the dict was accepted
    assert acl.mdl.set_input_dynamic_dims(0, 0, 0, {"dimCount": 1, "dims": [1]}) != 0
    with pytest.raises(TypeError, match=r"acl\.rt\.malloc_physical: argument prop must be a dict"):
        acl.rt.malloc_physical(1024, None, 0)


def test_himpi_dicts_are_snake_case_struct_fields() -> None:
    with pytest.raises(TypeError, match=r"acl\.himpi\.vpc_crop: argument source_pic must be a dict"):
        acl.himpi.vpc_crop(0, (), [], 0, 0)
    with pytest.raises(TypeError, match=r"acl\.himpi\.vpc_crop: item 0 of the list is not dict"):
        acl.himpi.vpc_crop(0, {"picture_width": 8}, [5], 1, 0)
    task_id, ret = acl.himpi.vpc_crop(
        0, {"picture_width": 8}, [{"dest_pic_info": {"picture_width": 4}}], 1, 0
    )
    assert isinstance(task_id, int) and ret > 0  # himpi codes come back unsigned


def test_optional_list_and_struct_by_value() -> None:
    picture = {"picture_width": 16, "picture_height": 16}
    border = {"top": 1, "left": 1, "scalar_value": {"val": [0.0, 0.0, 0.0, 0.0]}}
    for gaussian in (None, [[1, 4, 6, 4, 1]] * 5):
        task_id, ret = acl.himpi.vpc_pyrdown(0, picture, [picture], 1, gaussian, 256, border, 0)
        assert isinstance(task_id, int) and isinstance(ret, int)
    with pytest.raises(TypeError, match=r"acl\.himpi\.vpc_pyrdown: argument gaussian_filter must be a list"):
        acl.himpi.vpc_pyrdown(0, picture, [picture], 1, (1, 2), 256, border, 0)
    with pytest.raises(OverflowError, match=r"acl\.himpi\.vpc_pyrdown: "):
        acl.himpi.vpc_pyrdown(0, picture, [picture], 1, [[300] * 5], 256, border, 0)


def test_discriminated_union_fills_and_reports_only_the_chosen_member() -> None:
    h264_cbr, h265_cbr = 1, 11  # HI_VENC_RC_MODE_*
    attr = ffi.new("hi_venc_rc_attr *")
    both = {"h264_cbr": {"gop": 30, "bit_rate": 4000}, "h265_cbr": {"gop": 0, "bit_rate": 0}}
    _structs.fill_hi_venc_rc_attr(attr, {"rc_mode": h264_cbr, **both})
    assert attr.h264_cbr.gop == 30 and attr.h264_cbr.bit_rate == 4000  # not overwritten by h265_cbr
    report = _structs.hi_venc_rc_attr(attr[0])
    assert set(report) == {"rc_mode", "h264_cbr"} and report["h264_cbr"]["gop"] == 30
    _structs.fill_hi_venc_rc_attr(attr, {"rc_mode": h265_cbr, **both})
    assert attr.h265_cbr.gop == 0 and set(_structs.hi_venc_rc_attr(attr[0])) == {"rc_mode", "h265_cbr"}
    loose = ffi.new("hi_venc_rc_attr *")
    _structs.fill_hi_venc_rc_attr(loose, {"h264_vbr": {"gop": 12}})  # no discriminator: present keys
    assert loose.h264_vbr.gop == 12


def test_stream_attribute_union_by_key_and_by_type(device: int) -> None:
    stream, ret = acl.rt.create_stream()
    assert ret == 0
    ret = acl.rt.set_stream_attribute(stream, 1, {"failureMode": 1})
    value, got = acl.rt.get_stream_attribute(stream, 1)
    assert list(value) == ["failureMode"]
    if ret == 0 and got == 0:
        assert value == {"failureMode": 1}
    assert list(acl.rt.get_stream_attribute(stream, 3)[0]) == ["userCustomTag"]
    assert acl.rt.destroy_stream(stream) == 0


@pytest.mark.onnx
def test_model_dims_dicts_from_a_loaded_model(device: int, tmp_path) -> None:
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    from acl import _onnx_executor

    assert _onnx_executor.install()

    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"])],
        "relu",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3, 5])],
    )
    path = tmp_path / "relu.onnx"
    path.write_bytes(helper.make_model(graph).SerializeToString())
    context, ret = acl.rt.create_context(0)
    assert ret == 0
    model_id, ret = acl.mdl.load_from_file(str(path))
    assert ret == 0
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == 0
    assert acl.mdl.get_input_dims(desc, 0) == ({"name": "x", "dimCount": 3, "dims": [2, 3, 5]}, 0)
    assert acl.mdl.get_output_dims(desc, 0) == ({"name": "y", "dimCount": 3, "dims": [2, 3, 5]}, 0)
    assert acl.mdl.destroy_desc(desc) == 0
    assert acl.mdl.unload(model_id) == 0
    assert acl.rt.destroy_context(context) == 0


@pytest.mark.numpy
def test_numpy_scalars_fill_numeric_fields() -> None:
    np = pytest.importorskip("numpy")
    values = {
        "handleType": np.int64(1),
        "allocationType": np.uint8(0),
        "memAttr": np.int32(2),
        "location": {"id": np.uint16(3), "type": np.intc(1)},
        "reserve": np.uint64(9),
    }
    assert _prop(values) == {
        "handleType": 1,
        "allocationType": 0,
        "memAttr": 2,
        "location": {"id": 3, "type": 1},
        "reserve": 9,
    }
    # a float is still no integer: ignored, as any other wrong type
    assert _prop({"memAttr": np.float64(2.0)})["memAttr"] == 0


@pytest.mark.numpy
def test_numpy_floats_fill_float_fields() -> None:
    np = pytest.importorskip("numpy")
    point = ffi.new("hi_float_point *")
    _structs.fill_hi_float_point(point, {"x": np.float32(1.5), "y": np.int16(-3)})
    assert (point.x, point.y) == (1.5, -3.0)
    _structs.fill_hi_float_point(point, {"x": "1.5", "y": None})  # not numbers: left as they were
    assert (point.x, point.y) == (1.5, -3.0)
