"""List arguments and list results of the reviewed pyACL shapes (tools/data/irregular.json `args`)."""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import pytest

import acl

ACL_FLOAT = 0
ACL_FORMAT_ND = 2
ACL_ERROR_INVALID_PARAM = 100000


@pytest.fixture()
def desc() -> int:
    handle = acl.create_tensor_desc(ACL_FLOAT, [2, 3, 4], ACL_FORMAT_ND)
    assert handle != 0
    yield handle
    acl.destroy_tensor_desc(handle)


def test_dims_list_becomes_array_and_count(desc: int) -> None:
    assert acl.get_tensor_desc_num_dims(desc) == 3
    assert [acl.get_tensor_desc_dim_v2(desc, i) for i in range(3)] == [(2, 0), (3, 0), (4, 0)]
    assert acl.set_tensor_shape(desc, [7, 8]) == 0
    assert acl.get_tensor_desc_num_dims(desc) == 2
    assert acl.get_tensor_desc_dim_v2(desc, 1) == (8, 0)


@pytest.mark.parametrize("dims", [(2, 3), {2, 3}, "23", None])
def test_only_a_real_list_is_accepted(dims: object) -> None:
    with pytest.raises(TypeError, match=r"acl\.create_tensor_desc: argument dims must be a list"):
        acl.create_tensor_desc(ACL_FLOAT, dims, ACL_FORMAT_ND)


def test_list_items_are_converted_strictly(desc: int) -> None:
    with pytest.raises(TypeError, match=r"^acl\.set_tensor_shape: "):
        acl.set_tensor_shape(desc, [1, "2"])
    with pytest.raises(OverflowError, match=r"^acl\.set_tensor_shape: "):
        acl.set_tensor_shape(desc, [1 << 70])


def test_ranges_go_in_as_rows_and_come_back_as_a_list(desc: int) -> None:
    assert acl.set_tensor_shape_range(desc, [[1, 2], [3, 6], [4, 9]]) == 0
    assert acl.get_tensor_desc_dim_range(desc, 1, 2) == ([3, 6], 0)
    assert acl.get_tensor_desc_dim_range(desc, 2, 2) == ([4, 9], 0)


def test_size_guard_returns_instead_of_allocating(desc: int) -> None:
    assert acl.get_tensor_desc_dim_range(desc, 0, 4097) == (None, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.get_input_dynamic_dims(0, 0, 4097) == (None, ACL_ERROR_INVALID_PARAM)


def test_handle_lists_reach_c() -> None:
    attr = acl.op.create_attr()
    assert acl.op.set_attr_list_int(attr, "axes", [1, -2, 3]) == 0
    assert acl.op.set_attr_list_string(attr, "names", ["a", "bc"]) == 0
    assert acl.op.set_attr_list_float(attr, "scales", [0.5, 2.0]) == 0
    assert acl.op.set_attr_list_list_int(attr, "pads", [[1, 2], [3]]) == 0
    with pytest.raises(TypeError, match=r"acl\.op\.set_attr_list_string"):
        acl.op.set_attr_list_string(attr, "names", ["a", 3])
    with pytest.raises(TypeError, match=r"acl\.op\.set_attr_list_list_int"):
        acl.op.set_attr_list_list_int(attr, "pads", [(1, 2)])
    acl.op.destroy_attr(attr)


@pytest.mark.numpy
def test_numpy_arrays_still_pass_for_attr_lists_with_a_warning() -> None:
    np = pytest.importorskip("numpy")
    attr = acl.op.create_attr()
    with pytest.warns(Warning, match=r"acl\.op\.set_attr_list_int: a numpy array"):
        assert acl.op.set_attr_list_int(attr, "axes", np.array([1, 2, 3], dtype=np.int64)) == 0
    message = r"^acl\.op\.set_attr_list_int: argument values must be a list, not tuple$"
    with pytest.raises(TypeError, match=message):
        acl.op.set_attr_list_int(attr, "axes", (1, 2))
    acl.op.destroy_attr(attr)


# A count argument beside its list: the C function reads that many items, so a count past the
# list would read past the array the wrapper built. pyACL raises TypeError where it checks the
# count (the crop family, sys_get_image_align_info); elsewhere a count past the list is a ValueError.
COUNTS_PAST_THE_LIST = {
    "vpc_crop": (lambda: acl.himpi.vpc_crop(0, {}, [{}], 2, 0), TypeError),
    "vpc_crop_resize": (lambda: acl.himpi.vpc_crop_resize(0, {}, [{}], 2, 0), TypeError),
    "vpc_crop_resize_make_border": (
        lambda: acl.himpi.vpc_crop_resize_make_border(0, {}, [{}], 2, 0), TypeError),
    "vpc_crop_resize_paste": (lambda: acl.himpi.vpc_crop_resize_paste(0, {}, [{}], 2, 0), ValueError),
    "vpc_crop_resize_resize_paste": (
        lambda: acl.himpi.vpc_crop_resize_resize_paste(0, {}, [{}], 2, 0), ValueError),
    "sys_get_image_align_info": (lambda: acl.himpi.sys_get_image_align_info([0], 2, {}), TypeError),
    "vpc_set_chn_workspace": (lambda: acl.himpi.vpc_set_chn_workspace(0, [{}], 2), ValueError),
    "vpc_pyrdown": (lambda: acl.himpi.vpc_pyrdown(0, {}, [{}], 2, None, 256, {}, 0), ValueError),
    "vpc_batch_crop_resize_paste": (
        lambda: acl.himpi.vpc_batch_crop_resize_paste(0, [{}], 2, [{}, {}], [1, 1], 0), ValueError),
    "vpc_batch_crop_resize_paste counts": (
        lambda: acl.himpi.vpc_batch_crop_resize_paste(0, [{}, {}], 2, [{}, {}], [1], 0), ValueError),
    "vpc_batch_crop_resize_make_border": (
        lambda: acl.himpi.vpc_batch_crop_resize_make_border(0, [{}], 1, [{}], [2], 0), ValueError),
    "dvpp_vpc_batch_crop_async": (
        lambda: acl.media.dvpp_vpc_batch_crop_async(0, 0, [2], 0, [0], 0), ValueError),
    "dvpp_vpc_batch_crop_and_paste_async": (
        lambda: acl.media.dvpp_vpc_batch_crop_and_paste_async(0, 0, [2], 0, [0, 0], [0], 0), ValueError),
    "dvpp_vpc_batch_crop_resize_make_border_async": (
        lambda: acl.media.dvpp_vpc_batch_crop_resize_make_border_async(0, 0, [1, 1], 0, [0, 0], [0], 0, 0),
        ValueError),
}


@pytest.mark.parametrize("case", sorted(COUNTS_PAST_THE_LIST))
def test_a_count_past_its_list_is_refused_before_c(case: str) -> None:
    call, error = COUNTS_PAST_THE_LIST[case]
    function = case.split()[0]
    module = "media" if function.startswith("dvpp") else "himpi"
    with pytest.raises(error, match=rf"^acl\.{module}\.{function}: .* has \d items$"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: acl.himpi.vpc_crop(0, {}, [{}], 1, 0),
        lambda: acl.himpi.vpc_crop_resize_paste(0, {}, [{}, {}], 1, 0),
        lambda: acl.himpi.vpc_batch_crop_resize_paste(0, [{}, {}], 1, [{}, {}], [2, 7], 0),
        lambda: acl.media.dvpp_vpc_batch_crop_async(0, 0, [1], 0, [0], 0),
        lambda: acl.himpi.sys_get_image_align_info([0], 1, {}),
    ],
)
def test_a_count_within_its_list_reaches_c(call: object) -> None:
    *_, ret = call()  # refused by C (channel 0 was never created, zero-sized pictures): a code
    assert isinstance(ret, int) and ret != 0
