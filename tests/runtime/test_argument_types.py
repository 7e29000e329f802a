"""Wrong Python argument types raise TypeError (naming the function where a wrapper exists)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import acl


def _call(qualified: str) -> Callable[..., Any]:
    module_name, _, function_name = qualified.rpartition(".")
    module = acl if module_name == "acl" else getattr(acl, module_name.split(".", 1)[1])
    return getattr(module, function_name)


# Functions with out-parameters or non-scalar arguments go through a generated wrapper, whose
# TypeError names the public function.
WRAPPED_CALLS = [
    ("acl.rt.malloc", ("x", 0)),
    ("acl.rt.malloc", (1024, "huge")),
    ("acl.rt.malloc", (None, 0)),
    ("acl.rt.malloc_host", (1.5,)),
    ("acl.rt.create_context", ("0",)),
    ("acl.rt.memcpy", (None, 16, 0, 16, 1)),
    ("acl.rt.memcpy", (0, 16, b"abc", 16, 1)),
    ("acl.rt.memcpy_async", (0, "16", 0, 16, 1, 0)),
    ("acl.rt.get_mem_info", ("hbm",)),
    ("acl.rt.event_elapsed_time", (None, None)),
    ("acl.rt.query_event_status", ([],)),
]

# Functions bound straight to the C shim: cffi's own TypeError is accepted.
DIRECT_CALLS = [
    ("acl.rt.set_device", ("0",)),
    ("acl.rt.set_device", (None,)),
    ("acl.rt.destroy_stream", (None,)),
    ("acl.rt.destroy_stream", ("stream",)),
    ("acl.rt.synchronize_stream", (1.0,)),
    ("acl.rt.free", ([1],)),
    ("acl.rt.record_event", (0, "stream")),
]


@pytest.mark.parametrize(("qualified", "args"), WRAPPED_CALLS, ids=lambda v: repr(v))
def test_wrapped_function_type_error_names_the_function(runtime: object, qualified: str,
                                                         args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError) as caught:
        _call(qualified)(*args)
    assert qualified in str(caught.value)


@pytest.mark.parametrize(("qualified", "args"), DIRECT_CALLS, ids=lambda v: repr(v))
def test_directly_bound_function_rejects_wrong_types(runtime: object, qualified: str,
                                                     args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        _call(qualified)(*args)


def test_out_of_range_int_raises_overflow_error(runtime: object) -> None:
    with pytest.raises(OverflowError):
        acl.rt.set_device(1 << 40)


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
