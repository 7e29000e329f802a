"""The C functions beside the generated wrappers that take and give only numbers (CPython).

aclgen/emit/fastcalls.py: each takes the common case itself and hands every other call to its
`__self__`, the Python wrapper (or cffi's function, for a direct binding). These tests check that
the C side takes only what the wrapper would accept, gives the wrapper's results, leaks nothing and
stays out of the way on PyPy.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import sys
import threading
import types
from typing import Any, Callable

import pytest
from acl._generated._acl_cffi import ffi, lib
from helpers.binding import is_c_function, is_cffi_function, python_wrapper

import acl

IS_PYPY = sys.implementation.name == "pypy"
MODULES = ("top", "rt", "mdl", "op", "media", "himpi", "prof", "tdt", "fv", "blas")  # acl._generated.*
# what the C side must refuse so that the wrapper raises: wrong types, ints no C type holds
REFUSED = (1.5, "1", None, b"1", [1], 2**70, -(2**70))


def fast_functions() -> dict[str, Callable[..., Any]]:
    found = {}
    for key in MODULES:
        module = importlib.import_module(f"acl._generated.{key}")
        public = "acl" if key == "top" else f"acl.{key}"
        for name in module.__all__:
            function = getattr(module, name)
            if is_c_function(function):
                found[f"{public}.{name}"] = function
    return found


FAST = fast_functions()


def wrapper_module(qualified: str) -> str:
    """acl.rt.set_device -> acl._generated.rt; acl.init -> acl._generated.top."""
    parts = qualified.split(".")
    return f"acl._generated.{parts[1] if len(parts) == 3 else 'top'}"


def _parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """The C function's own parameters (test_name_signature_and_module_are_the_wrappers ties them
    to the binding's)."""
    return [p for p in inspect.signature(function).parameters.values() if p.kind is p.POSITIONAL_OR_KEYWORD]


def _outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, str]:
    """("value", repr) of what the call returns, or (exception type, message) of what it raises."""
    try:
        return "value", repr(function(*args, **kwargs))
    except Exception as e:
        return type(e).__name__, str(e)


@pytest.mark.skipif(IS_PYPY, reason="PyPy keeps the Python wrappers: its JIT calls C through cffi faster")
def test_cpython_has_c_functions_for_the_numeric_wrappers() -> None:
    # 951 in the baseline binding; fewer in bindings of older releases
    assert len(FAST) >= 100
    assert {"acl.rt.get_device", "acl.rt.get_mem_info", "acl.get_version", "acl.rt.create_stream",
            "acl.rt.malloc", "acl.rt.set_device", "acl.rt.synchronize_stream"} <= set(FAST)
    assert acl.rt.get_device is FAST["acl.rt.get_device"]  # the public module took the C function
    assert isinstance(python_wrapper(acl.rt.get_device), types.FunctionType)
    # a direct binding: the C function stands in front of cffi's, which takes what it does not
    assert acl.rt.set_device is FAST["acl.rt.set_device"] and is_cffi_function(acl.rt.set_device.__self__)


@pytest.mark.skipif(not IS_PYPY, reason="PyPy only")
def test_pypy_keeps_the_python_wrappers() -> None:
    assert FAST == {}
    assert isinstance(acl.rt.get_device, types.FunctionType)
    assert lib._aclfast_install(b"acl._generated.rt", b"rt") == 0


@pytest.mark.skipif(IS_PYPY, reason="CPython only")
def test_a_second_install_replaces_nothing_and_an_unknown_key_nothing() -> None:
    before = acl.rt.get_device
    assert lib._aclfast_install(b"acl._generated.rt", b"rt") == 0
    assert lib._aclfast_install(b"acl._generated.rt", b"no such module") == 0
    import acl._generated.rt as generated

    assert generated.get_device is before


@pytest.mark.skipif(IS_PYPY, reason="PyPy has no C functions to compare")
@pytest.mark.parametrize("name", sorted(FAST))
def test_name_signature_and_module_are_the_wrappers(name: str) -> None:
    fast = FAST[name]
    wrapper = python_wrapper(fast)
    if is_cffi_function(wrapper):  # a direct binding: cffi's function is named in C, unsigned
        module = sys.modules[wrapper_module(name)]
        assert getattr(module, fast.__name__) is fast  # its Python name (`name` may be an alias)
        c_arguments = ffi.typeof(wrapper).args
        assert len(_parameters(fast)) == len(inspect.signature(fast).parameters) == len(c_arguments)
        assert fast.__module__ == module.__name__
        # cffi takes an int for each parameter too (a pointer parameter would refuse one)
        assert {t.kind for t in c_arguments} <= {"primitive", "enum"}, name
        assert fast.__doc__.endswith("goes to __self__, cffi's function.")
        return
    assert fast.__name__ == wrapper.__name__
    assert inspect.signature(fast) == inspect.signature(wrapper)
    assert fast.__doc__.endswith("goes to __self__, the Python wrapper.")
    assert fast.__module__ == wrapper.__module__


@pytest.mark.skipif(IS_PYPY, reason="PyPy has no C functions to compare")
@pytest.mark.parametrize("name", sorted(FAST))
def test_arguments_the_wrapper_refuses_are_refused_alike(runtime: object, name: str) -> None:
    fast = FAST[name]
    wrapper = python_wrapper(fast)
    params = _parameters(fast)
    for position in range(len(params)):
        for bad in REFUSED:
            args = [0] * len(params)
            args[position] = bad
            expected = _outcome(wrapper, *args)
            if expected[0] == "value":  # a reviewed mask: the wrapper takes `bad & mask` of any int
                assert bad in (2**70, -(2**70)), (name, args, expected)
                assert _outcome(fast, *args)[0] == "value", (name, args)
                continue
            assert expected[0] in ("TypeError", "OverflowError"), (name, args, expected)
            assert _outcome(fast, *args) == expected, (name, args)
    expected = _outcome(wrapper, *[0] * len(params), no_such_keyword=1)
    assert expected[0] == "TypeError"
    assert _outcome(fast, *[0] * len(params), no_such_keyword=1) == expected
    # cffi's function (a direct binding) never ignores extra arguments: a Python wrapper drops them
    ignores_extra = not is_cffi_function(wrapper) and "_ignored" in inspect.signature(wrapper).parameters
    if params and not ignores_extra:
        short = _outcome(wrapper, *([0] * (len(params) - 1)))
        assert short[0] == "TypeError"
        assert _outcome(fast, *([0] * (len(params) - 1))) == short


@pytest.mark.skipif(IS_PYPY, reason="CPython only")
def test_boundaries_of_each_c_type(runtime: object) -> None:
    # int32_t deviceId: 2**31 and -2**31 - 1 are the wrapper's OverflowError, naming it
    for bad in (2**31, -(2**31) - 1):
        with pytest.raises(OverflowError, match=r"acl\.rt\.get_device_capability: "):
            acl.rt.get_device_capability(bad, 0)
    assert acl.rt.get_device_capability(2**31 - 1, 0)[1] != 0  # in range: the C call's own error
    # a handle (uintptr_t): -1 and 2**64 refused, 2**64 - 1 taken (the runtime then refuses it)
    for bad in (-1, 2**64):
        with pytest.raises(OverflowError, match=r"acl\.rt\.event_get_timestamp: "):
            acl.rt.event_get_timestamp(bad)
    assert acl.rt.event_get_timestamp(2**64 - 1)[1] != 0
    # an enum of only non-negative members is unsigned int: -1 refused as cffi refuses it
    with pytest.raises(OverflowError, match=r"acl\.rt\.get_mem_info: "):
        acl.rt.get_mem_info(-1)
    # bool is an int subclass: the wrapper (cffi) decides, and takes it as 1
    assert acl.rt.get_mem_info(True) == python_wrapper(acl.rt.get_mem_info)(True)


def test_results_are_the_wrappers(runtime: object) -> None:
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (acl.rt.get_device, ()),
        (acl.rt.get_device, (7, "ignored")),
        (acl.rt.get_mem_info, (acl.ACL_HBM_MEM,)),
        (acl.rt.get_mem_info, (acl.ACL_DDR_MEM,)),
        (acl.get_version, ()),
        (acl.rt.get_run_mode, ()),
        (acl.rt.get_device_count, ()),
        (acl.rt.get_device_capability, (0, 0)),
        (acl.rt.get_device_capability, (5, 0)),
        (acl.rt.event_get_timestamp, (0,)),
    ]
    for function, args in calls:
        assert function(*args) == python_wrapper(function)(*args), function
    assert acl.rt.get_device() == (0, 0)
    free, total, ret = acl.rt.get_mem_info(acl.ACL_HBM_MEM)
    assert ret == 0 and 0 < free <= total


def test_handles_made_in_c_work_everywhere(runtime: object) -> None:
    stream, ret = acl.rt.create_stream()
    assert ret == 0 and stream > 0
    device_ptr, ret = acl.rt.malloc(64, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    assert ret == 0
    assert acl.rt.memset_async(device_ptr, 64, 7, 64, stream) == 0
    assert acl.rt.synchronize_stream(stream) == 0
    data = bytes(64)
    assert acl.rt.memcpy(acl.util.bytes_to_ptr(data), 64, device_ptr, 64, acl.ACL_MEMCPY_DEVICE_TO_HOST) == 0
    assert data == bytes([7]) * 64
    assert acl.rt.free(device_ptr) == 0
    assert acl.rt.destroy_stream(stream) == 0


@pytest.mark.skipif(IS_PYPY, reason="tracemalloc traces CPython's allocators")
def test_no_reference_is_leaked(runtime: object) -> None:
    import tracemalloc  # CPython's: PyPy has no _tracemalloc

    def work() -> None:
        for _ in range(20000):
            acl.rt.get_mem_info(acl.ACL_HBM_MEM)  # big ints and a tuple per call
            acl.get_version()
            with contextlib.suppress(TypeError):
                acl.rt.get_mem_info(1.5)  # the fallback path and its exception

    work()  # warm caches (the wrapper's result buffers, interned strings)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    work()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert grown < 64 * 1024, grown  # a leaked tuple or int per call would be > 1 MB


def test_threads_share_the_c_functions(runtime: object) -> None:
    failures: list[Any] = []

    def worker() -> None:
        acl.rt.set_context(runtime.context)  # type: ignore[attr-defined]
        for _ in range(300):
            stream, ret = acl.rt.create_stream()
            if ret != 0 or acl.rt.get_mem_info(acl.ACL_HBM_MEM)[2] != 0 or acl.rt.destroy_stream(stream) != 0:
                failures.append(ret)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
