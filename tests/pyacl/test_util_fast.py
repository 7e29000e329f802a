"""acl.util's pointer helpers as C functions on CPython (acl/_native/util_fast.c).

Each C function handles the common case and hands every other call to its Python original
(`helper.__self__`): here every such case must give exactly the original's result or exception and
warnings, the common cases must agree with the original and with numpy, and nothing may leak.
On PyPy the helpers are the Python functions themselves.
"""

from __future__ import annotations

import os

os.environ.setdefault("ACL_BACKEND", "emulator")

import ctypes
import sys
import sysconfig
import types
import warnings
from pathlib import Path
from typing import Any, Callable

import pytest
from helpers.compile_c import compile_c
from helpers.subproc import REPO_ROOT, run_python

import acl

lib = acl.util._lib

ON_PYPY = sys.implementation.name == "pypy"
HELPERS = ("bytes_to_ptr", "ptr_to_bytes", "numpy_to_ptr", "ptr_to_numpy")
NPY_UINT8, NPY_INT16, NPY_FLOAT32 = 2, 3, 11


def helper(name: str) -> Any:
    return getattr(acl.util, name)


def original(name: str) -> Callable[..., Any]:
    fn = helper(name)
    return fn if ON_PYPY else fn.__self__


def describe(value: Any) -> Any:
    """What a result is, without reading its memory (some views here point at no memory at all)."""
    if type(value).__name__ == "ndarray":
        flags = value.flags
        # a view's address; a new array's (an empty one) is wherever numpy allocated it
        address = "owned" if flags.owndata else value.__array_interface__["data"][0]
        return ("ndarray", value.dtype, value.dtype.num, value.shape, value.strides, address,
                flags.c_contiguous, flags.f_contiguous, flags.aligned, flags.writeable, flags.owndata)
    return (type(value), value)


def outcome(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], action: str) -> Any:
    """The result or exception of one call, and its warnings (category, text, where), under `action`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter(action)
        try:
            result: Any = ("returned", describe(fn(*args, **kwargs)))
        except Exception as exc:  # any exception is an outcome to compare
            result = ("raised", type(exc), str(exc))
    return result, [(w.category, str(w.message), w.filename, w.lineno) for w in caught]


def call(*args: Any, **kwargs: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return args, kwargs


def assert_same_as_original(name: str, *args: Any, **kwargs: Any) -> Any:
    """The helper's outcome (warnings shown, then raised as errors) is the original's; returns the first."""
    outcomes = [outcome(helper(name), args, kwargs, action) for action in ("always", "error")]
    for ours, action in zip(outcomes, ("always", "error")):
        assert ours == outcome(original(name), args, kwargs, action), (name, args, kwargs, action)
    return outcomes[0]


def assert_each_same_as_original(name: str, cases: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> None:
    for args, kwargs in cases:
        assert_same_as_original(name, *args, **kwargs)


def test_the_helpers_are_c_functions_over_their_python_originals_on_cpython() -> None:
    for name in HELPERS:
        fn = helper(name)
        if ON_PYPY:
            assert isinstance(fn, types.FunctionType)
            continue
        assert isinstance(fn, types.BuiltinFunctionType), name
        assert isinstance(fn.__self__, types.FunctionType) and fn.__self__.__name__ == name
        assert fn.__self__.__module__ == fn.__module__ == acl.util.__name__ and fn.__name__ == name
        assert fn.__text_signature__ is not None
        assert list(__import__("inspect").signature(fn).parameters) == list(
            __import__("inspect").signature(fn.__self__).parameters)


@pytest.mark.skipif(ON_PYPY, reason="CPython only: PyPy keeps the Python functions")
def test_installing_again_changes_nothing() -> None:
    before = [helper(name) for name in HELPERS]
    assert lib._aclffi_install_util_fast(acl.util.__name__.encode()) == 0
    assert [helper(name) for name in HELPERS] == before
    assert all(helper(name).__self__ is fn.__self__ for name, fn in zip(HELPERS, before))
    assert lib._aclffi_install_util_fast(b"no.such.module") == -1


def test_bytes_to_ptr_common_case_and_fallbacks() -> None:
    class Sub(bytes):
        pass

    for data in (b"", b"x", bytes(range(256)) * 4):
        result, _ = assert_same_as_original("bytes_to_ptr", data)
        assert ctypes.string_at(result[1][1], len(data)) == data
    data = b"kept alive"
    cases = [
        call(Sub(b"subclass")), call(bytearray(b"ab")), call(memoryview(b"ab")), call("ab"), call(None),
        call(5), call(data=data), call(data, data), call(), call(data, extra=1),
    ]
    assert_each_same_as_original("bytes_to_ptr", cases)


def test_ptr_to_bytes_common_case_and_fallbacks() -> None:
    source = ctypes.create_string_buffer(bytes(range(200)), 200)
    address = ctypes.addressof(source)

    class Int(int):
        pass

    for ptr, size in ((address, 200), (address + 10, 3), (address, 1)):
        result, _ = assert_same_as_original("ptr_to_bytes", ptr, size)
        assert result == ("returned", (bytes, bytes(range(200))[ptr - address:ptr - address + size]))
    # no case reads memory outside `source`: the originals would read what they are given
    cases = [
        call(address, 0), call(0, 0), call(0, 4), call(-1, 0), call(2**64 + 5, 0), call(2**200, 0),
        call(address, -1), call(address, -(2**70)), call(address, True), call(Int(address), 3),
        call(address, Int(3)), call(float(address), 3), call(address, "3"), call(None, 3),
        call(ptr=address, size=4), call(address, size=4), call(address, 4, 5), call(address),
    ]
    assert_each_same_as_original("ptr_to_bytes", cases)


@pytest.mark.numpy
def test_numpy_to_ptr_common_case_and_fallbacks() -> None:
    np = pytest.importorskip("numpy")
    base = np.arange(24, dtype=np.float64).reshape(4, 6)

    class Sub(np.ndarray):
        pass

    readonly = base.copy()
    readonly.flags.writeable = False
    arrays = [base, base.T, base[:, ::2], base[1:], base[::-1], np.zeros(0), np.array(3.0), readonly,
              np.zeros(3, dtype="datetime64[s]"), np.array([object()]), np.zeros(4, np.uint8)[1:]]
    for arr in arrays:
        result, caught = assert_same_as_original("numpy_to_ptr", arr)
        assert result == ("returned", (int, arr.__array_interface__["data"][0]))
        assert len(caught) == (1 if arr.flags.c_contiguous else 2)
    cases = [
        call(base.view(Sub)), call(np.ma.masked_array([1, 2])), call([1, 2]), call(b"xy"), call(None),
        call(arr=base), call(base, base), call(), call(base, extra=1),
    ]
    assert_each_same_as_original("numpy_to_ptr", cases)


@pytest.mark.numpy
def test_ptr_to_numpy_matches_the_original_for_every_type_number() -> None:
    np = pytest.importorskip("numpy")
    memory = np.arange(4096, dtype=np.uint8)
    address = memory.ctypes.data
    checked = set()
    for type_num in [*range(-1, 26), 256, 12345, 2**31, 2**70]:
        for shape in ((4,), (2, 3), (1, 1, 1, 2)):
            for ptr in (address, address + 1, address + 8):
                result, _ = assert_same_as_original("ptr_to_numpy", ptr, shape, type_num)
                if result[0] == "returned" and result[1][1].kind in "biufc":  # numbers: the memory's bytes
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        view = helper("ptr_to_numpy")(ptr, shape, type_num)
                    assert view.tobytes() == memory.tobytes()[ptr - address:ptr - address + view.nbytes]
                    checked.add(type_num)
    assert checked == {*range(17), 23}  # every number type, bool to clongdouble, and half


@pytest.mark.numpy
def test_ptr_to_numpy_views_memory_as_numpy_does() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(24, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        view = helper("ptr_to_numpy")(arr.ctypes.data, (2, 3, 4), NPY_FLOAT32)
        shifted = helper("ptr_to_numpy")(arr.ctypes.data + 2, (5,), NPY_FLOAT32)
    expected = arr.reshape(2, 3, 4)
    assert view.dtype == expected.dtype and view.shape == expected.shape and view.strides == expected.strides
    assert view.flags.c_contiguous and view.flags.writeable and view.flags.aligned and not view.flags.owndata
    np.testing.assert_array_equal(view, expected)
    view[1, 2, 3] = -5.0
    assert arr[23] == -5.0  # a view, not a copy
    assert not shifted.flags.aligned  # numpy's own verdict on an address that is not a multiple of 4
    np.testing.assert_array_equal(shifted, np.frombuffer(arr.tobytes()[2:22], np.float32))


@pytest.mark.numpy
def test_ptr_to_numpy_fallbacks() -> None:
    np = pytest.importorskip("numpy")
    memory = np.zeros(64, np.uint8)
    address = memory.ctypes.data

    class Shape(tuple):
        pass

    class Int(int):
        pass

    # views at -1, 2**64 + 5, sys.maxsize - 2 are made (or refused) but never read here
    u8 = NPY_UINT8
    cases = [
        call(address, (0, 4), NPY_FLOAT32), call(0, (0,), u8), call(0, (4,), u8), call(-1, (4,), u8),
        call(2**64 + 5, (4,), u8), call(sys.maxsize - 2, (4,), u8), call(address, [4], u8),
        call(address, Shape((4,)), u8), call(address, (), u8), call(address, (2, -1), NPY_INT16),
        call(address, (2, 4.0), u8), call(address, (True, 2), u8), call(address, (Int(4),), u8),
        call(Int(address), (4,), u8), call(address, (4,), True), call(address, (1,) * 33, u8),
        call(address, (1,) * 65, u8), call(address, (2**62, 2**62), u8), call(address, (2**40, 2**40, 0), u8),
        call(float(address), (4,), u8), call(None, (4,), u8), call(address, (4,), "2"),
        call(address, (4,), 2.0),
        call(ptr=address, shape=(4,), npy_type_num=u8), call(address, (4,), npy_type_num=u8),
        call(address, (4,), u8, 0), call(address, (4,)), call(),
    ]
    assert_each_same_as_original("ptr_to_numpy", cases)


@pytest.mark.numpy
def test_warnings_point_at_the_caller() -> None:
    np = pytest.importorskip("numpy")
    arr = np.arange(8, dtype=np.int16)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = sys._getframe().f_lineno + 1
        acl.util.numpy_to_ptr(arr[::2])
        acl.util.ptr_to_numpy(arr.ctypes.data, (8,), NPY_INT16)
    assert [(w.category, Path(w.filename), w.lineno) for w in caught] == [
        (Warning, Path(__file__), line), (Warning, Path(__file__), line), (Warning, Path(__file__), line + 1)]
    assert [str(w.message) for w in caught] == [
        "acl.util.numpy_to_ptr is deprecated in pyACL; it is kept here for compatibility",
        "acl.util.numpy_to_ptr: the array is not contiguous",
        "acl.util.ptr_to_numpy is deprecated in pyACL; it is kept here for compatibility",
    ]


@pytest.mark.skipif(ON_PYPY, reason="sys.getrefcount is CPython's")
def test_no_reference_leaks_over_many_calls() -> None:
    np = pytest.importorskip("numpy")
    data = bytes(64)
    arr = np.zeros(64, np.uint8)
    address = arr.ctypes.data
    shape = (64,)
    dtype = np.dtype(np.uint8)
    kept = [data, arr, shape, dtype, *(original(name) for name in HELPERS)]
    calls = [
        ("bytes_to_ptr", call(data)), ("bytes_to_ptr", call(data=data)),
        ("ptr_to_bytes", call(address, 64)), ("ptr_to_bytes", call(address, size=64)),
        ("numpy_to_ptr", call(arr)), ("numpy_to_ptr", call(arr[::2])), ("numpy_to_ptr", call(arr=arr)),
        ("ptr_to_numpy", call(address, shape, NPY_UINT8)),
        ("ptr_to_numpy", call(address, shape, npy_type_num=NPY_UINT8)),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, (args, kwargs) in calls:
            fn = helper(name)
            fn(*args, **kwargs)  # first calls (numpy's table, dtype caches) before counting
            before = [sys.getrefcount(obj) for obj in kept]
            for _ in range(10_000):
                fn(*args, **kwargs)
            assert [sys.getrefcount(obj) for obj in kept] == before, (name, args, kwargs)


def test_without_numpy_the_numpy_helpers_raise_as_the_originals_and_the_others_work() -> None:
    code = """
        import sys, warnings
        sys.modules["numpy"] = None  # numpy cannot be imported
        import acl
        outcomes = []
        for name, args in (("numpy_to_ptr", ([1],)), ("ptr_to_numpy", (4096, (4,), 2))):
            for fn in (getattr(acl.util, name), getattr(getattr(acl.util, name), "__self__", None)):
                try:
                    fn(*args)
                except Exception as exc:
                    outcomes.append((name, type(exc).__name__, str(exc)))
        assert outcomes[0] == outcomes[1] and outcomes[2] == outcomes[3], outcomes
        assert outcomes[0][1] == "ModuleNotFoundError" and "numpy" in outcomes[0][2], outcomes
        data = b"abc"
        assert acl.util.ptr_to_bytes(acl.util.bytes_to_ptr(data), 3) == data
        print("ok", type(acl.util.bytes_to_ptr).__name__)
    """
    if ON_PYPY:
        code = code.replace('getattr(getattr(acl.util, name), "__self__", None)', "getattr(acl.util, name)")
    result = run_python(code, env={"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok", "function" if ON_PYPY else "builtin_function_or_method"]


def test_import_acl_util_does_not_import_numpy() -> None:
    code = "import sys, acl, acl.util; print('numpy' in sys.modules)"
    result = run_python(code, env={"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_util_fast_c_compiles_without_warnings_against_the_limited_api(tmp_path: Path) -> None:
    """The extension build hides warnings (-w, generated code): this file is checked with only the
    generated helpers it uses before it (shims.c's, as in the build), with the tests' -Wall -Wextra
    -Werror and the stable-ABI subset cffi compiles with (Py_LIMITED_API, no value), so a function
    outside it is an implicit declaration, an error."""
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    try:
        from aclgen.emit.fastcalls import helpers_source
    finally:
        sys.path.remove(str(REPO_ROOT / "tools"))
    unit = tmp_path / "util_fast_unit.c"
    native = (REPO_ROOT / "acl" / "_native" / "util_fast.c").read_text(encoding="utf-8")
    unit.write_text("#include <Python.h>\n" + helpers_source() + native, encoding="utf-8")
    include = sysconfig.get_paths()["include"]
    limited = () if ON_PYPY else ("-DPy_LIMITED_API=",)
    compile_c([unit], tmp_path / "util_fast.so", shared=True, flags=(f"-I{include}", *limited))
