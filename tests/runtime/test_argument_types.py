"""Wrong Python argument types raise TypeError (naming the function where a wrapper exists)."""

from __future__ import annotations

import types
from typing import Any, Callable

import pytest
from helpers.binding import python_wrapper

import acl


def _call(qualified: str) -> Callable[..., Any]:
    module_name, _, function_name = qualified.rpartition(".")
    module = acl if module_name == "acl" else getattr(acl, module_name.split(".", 1)[1])
    return getattr(module, function_name)


# (function, arguments of a wrong type). Functions with out-parameters or string/struct arguments
# go through a generated Python wrapper, whose TypeError must name the public function; functions
# with only scalar/handle arguments are bound straight to the C shim and raise cffi's TypeError.
BAD_CALLS = [
    ("acl.rt.malloc", ("x", 0)),
    ("acl.rt.malloc", (1024, "huge")),
    ("acl.rt.malloc", (None, 0)),
    ("acl.rt.malloc_host", (1.5,)),
    ("acl.rt.create_context", ("0",)),
    ("acl.rt.get_mem_info", ("hbm",)),
    ("acl.rt.event_elapsed_time", (None, None)),
    ("acl.rt.query_event_status", ([],)),
    ("acl.rt.memcpy", (None, 16, 0, 16, 1)),
    ("acl.rt.memcpy", (0, 16, b"abc", 16, 1)),
    ("acl.rt.memcpy_async", (0, "16", 0, 16, 1, 0)),
    ("acl.rt.set_device", ("0",)),
    ("acl.rt.set_device", (None,)),
    ("acl.rt.destroy_stream", (None,)),
    ("acl.rt.destroy_stream", ("stream",)),
    ("acl.rt.synchronize_stream", (1.0,)),
    ("acl.rt.free", ([1],)),
    ("acl.rt.record_event", (0, "stream")),
    ("acl.init", (123,)),
]


def _is_python_wrapper(function: Callable[..., Any]) -> bool:
    """Generated in Python (behind a C function on CPython): its errors name it."""
    return isinstance(python_wrapper(function), types.FunctionType)


def test_functions_with_out_parameters_are_python_wrappers(runtime: object) -> None:
    # Guards the next test: its name check must actually be exercised.
    for qualified in ("acl.rt.malloc", "acl.rt.create_context", "acl.rt.get_mem_info"):
        assert _is_python_wrapper(_call(qualified)), qualified


@pytest.mark.parametrize(("qualified", "args"), BAD_CALLS, ids=repr)
def test_wrong_argument_type_raises_type_error(runtime: object, qualified: str,
                                               args: tuple[Any, ...]) -> None:
    function = _call(qualified)
    with pytest.raises(TypeError) as caught:
        function(*args)
    if _is_python_wrapper(function):
        assert qualified in str(caught.value)


def test_out_of_range_int_raises_overflow_error(runtime: object) -> None:
    with pytest.raises(OverflowError):
        acl.rt.set_device(1 << 40)


def test_negative_size_raises_overflow_error_naming_the_function(runtime: object) -> None:
    with pytest.raises(OverflowError) as caught:
        acl.rt.malloc(-1, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    assert "acl.rt.malloc" in str(caught.value)


def test_missing_argument_is_a_type_error(runtime: object) -> None:
    with pytest.raises(TypeError):
        acl.rt.malloc(16)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        acl.rt.memcpy(0, 16, 0, 16)  # type: ignore[call-arg]


def test_a_rejected_call_did_not_reach_the_runtime(runtime: object) -> None:
    acl.get_recent_err_msg()
    with pytest.raises(TypeError):
        acl.rt.malloc("x", 0)
    assert acl.get_recent_err_msg() == ""
