"""pyACL's behaviour at the edges (issue 13), as tools/data/pyacl.json's notes describe it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

ACL_ERROR_INVALID_PARAM = 100000


@pytest.fixture(scope="module")
def acl() -> Iterator[Any]:
    import acl as module

    module.init()  # other modules of the session may have initialised already
    assert module.rt.set_device(0) == 0
    yield module


def test_dim_range_error_gives_none(acl: Any) -> None:
    assert acl.get_tensor_desc_dim_range(0, 0, 2) == (None, ACL_ERROR_INVALID_PARAM)


def test_stream_attribute_of_an_unnamed_type_uses_key_reserved(acl: Any) -> None:
    stream, ret = acl.rt.create_stream()
    assert ret == 0
    value, _ = acl.rt.get_stream_attribute(stream, 99)
    assert list(value) == ["reserved"]
    assert acl.rt.destroy_stream(stream) == 0


def test_device_uuid_is_sixteen_ints(acl: Any) -> None:
    value, _ = acl.rt.device_get_uuid(0)
    assert list(value) == ["bytes"]
    assert len(value["bytes"]) == 16
    assert all(isinstance(b, int) and 0 <= b <= 255 for b in value["bytes"])


@pytest.mark.parametrize("names", [("", "kernel"), ("func", ""), ("", "")])
def test_register_cpu_func_refuses_empty_names(acl: Any, names: tuple[str, str]) -> None:
    with pytest.raises(ValueError, match=r"acl\.rt\.register_cpu_func"):
        acl.rt.register_cpu_func(0, *names)


def test_register_cpu_func_still_type_checks(acl: Any) -> None:
    with pytest.raises(TypeError, match="func_name"):
        acl.rt.register_cpu_func(0, None, "kernel")


@pytest.mark.parametrize("count", [0, 257])
def test_batch_crop_area_count_outside_1_to_256_is_a_value_error(acl: Any, count: int) -> None:
    message = "number of crop areas must be between 1 and 256"
    with pytest.raises(ValueError, match=message):
        acl.media.dvpp_vpc_batch_crop_async(0, 0, [count], 0, [0] * count, 0)
    with pytest.raises(ValueError, match=message):
        acl.media.dvpp_vpc_batch_crop_and_paste_async(0, 0, [count], 0, [0] * count, [0] * count, 0)


def test_stop_thread_takes_an_int(acl: Any) -> None:
    with pytest.raises(TypeError, match=r"acl\.util\.stop_thread"):
        acl.util.stop_thread("bad")


@pytest.mark.numpy
def test_ptr_to_numpy_refuses_an_empty_shape(acl: Any) -> None:
    pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="shape"):
        acl.util.ptr_to_numpy(0, (), 1)
