"""acl/_wrapper_support.py, the helpers every generated module calls, on their own."""

from __future__ import annotations

import types

import pytest

from acl import _wrapper_support as support


def test_export_copies_the_constants_sets_all_and_returns_the_functions() -> None:
    constants = types.SimpleNamespace(ACL_A=3, ACL_B=-1, ACL_UNLISTED=9)
    namespace: dict = {"get_a": len}
    public = (("get_a", "aclGetA"), ("ACL_A", None), ("ACL_B", None))
    functions = support.export(namespace, public, constants)
    assert functions == {"get_a": "aclGetA"}
    assert namespace["__all__"] == ["get_a", "ACL_A", "ACL_B"]
    assert (namespace["ACL_A"], namespace["ACL_B"]) == (3, -1)
    assert "ACL_UNLISTED" not in namespace


def test_not_str_names_the_function_the_argument_and_what_it_allows() -> None:
    error = support.not_str("acl.rt.f", (("name", "ok", False), ("path", 5, True)))
    assert isinstance(error, TypeError)
    assert str(error) == "acl.rt.f: argument path must be str or None, not int"
    strict = support.not_str("acl.f", (("name", None, False),))
    assert str(strict) == "acl.f: argument name must be str, not NoneType"


def test_check_len_refuses_more_items_than_the_array_holds() -> None:
    support.check_len([1, 2], 2, "dims")
    with pytest.raises(ValueError, match="the dims list has 3 items; the C array has 2"):
        support.check_len([1, 2, 3], 2, "dims")


def test_fill_each_fills_slot_by_slot_from_dicts_only() -> None:
    def fill(slot: list, item: dict) -> None:
        slot.append(item["x"])

    slots: list[list] = [[], []]
    support.fill_each(fill, slots, [{"x": 1}, {"x": 2}])
    assert slots == [[1], [2]]
    with pytest.raises(TypeError, match="item 1 of the list is not dict"):
        support.fill_each(fill, [[], []], [{"x": 1}, [("x", 2)]])


def test_result_buffers_are_shared_and_sized() -> None:
    new_outs = support.out_buffer_factory(3)
    cdata, view = new_outs()
    assert len(view) == 24
    support.keep_outs((cdata, view))
    assert support.take_outs() == (cdata, view)


@pytest.mark.numpy
def test_ndarray_address_warns_and_passes_the_data_address() -> None:
    np = pytest.importorskip("numpy")
    array = np.arange(4, dtype=np.int64)
    with pytest.warns(Warning, match="acl.f: a numpy array for dims is deprecated"):
        assert support.ndarray_address("acl.f", "dims", array) == array.ctypes.data
    with pytest.raises(TypeError, match="argument dims must be a list, not tuple"):
        support.ndarray_address("acl.f", "dims", (1, 2))
