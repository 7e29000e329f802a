"""Helpers of the compute tests: an OpSession that moves numpy arrays to device memory, builds tensor
descs and data buffers, runs operators and reads results back, releasing everything at the end.

The op functions pyACL has take Python lists of handles; those it lacks (compile,
compile_and_execute) keep the C form, a count and the address of a C array, built here.

Import only after ACL_BACKEND is set (conftest.py does it).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

os.environ.setdefault("ACL_BACKEND", "emulator")

from acl._generated._acl_cffi import ffi

import acl

DEVICE_ID = 0
ACL_SUCCESS = acl.ACL_SUCCESS

NUMPY_TO_ACL = {
    np.dtype(np.float32): acl.ACL_FLOAT,
    np.dtype(np.float16): acl.ACL_FLOAT16,
    np.dtype(np.float64): acl.ACL_DOUBLE,
    np.dtype(np.int8): acl.ACL_INT8,
    np.dtype(np.uint8): acl.ACL_UINT8,
    np.dtype(np.int16): acl.ACL_INT16,
    np.dtype(np.int32): acl.ACL_INT32,
    np.dtype(np.int64): acl.ACL_INT64,
    np.dtype(np.bool_): acl.ACL_BOOL,
}
ACL_TO_NUMPY = {v: k for k, v in NUMPY_TO_ACL.items()}


def check(ret: int, what: str) -> None:
    assert ret == ACL_SUCCESS, f"{what} returned {ret}: {acl.get_recent_err_msg()}"


def _ret(result: Any) -> int:
    """The aclError of a call that returns either `ret` or `(..., ret)`."""
    return result[-1] if isinstance(result, tuple) else result


class CArrays:
    """C arrays for the functions pyACL lacks, whose generated form takes a count and an address."""

    def __init__(self) -> None:
        self._keep: list[Any] = []

    def addr(self, ctype: str, values: Sequence[Any]) -> int:
        array = ffi.new(f"{ctype}[]", list(values) or [0])
        self._keep.append(array)
        return int(ffi.cast("uintptr_t", array))


def execute_v2(
    op_type: str,
    in_descs: Sequence[int],
    in_bufs: Sequence[int],
    out_descs: Sequence[int],
    out_bufs: Sequence[int],
    attr: int,
    stream: int,
    function: Callable[..., int] | None = None,
    extra: Sequence[Any] = (),
) -> int:
    """acl.op.execute_v2, or `function` with the same arguments (`extra` goes before the stream).

    pyACL's functions (execute, execute_v2) take lists; the compile_and_execute pair, which pyACL
    lacks, takes counts and C arrays.
    """
    function = function or acl.op.execute_v2
    if function in (acl.op.execute, acl.op.execute_v2):
        return function(op_type, list(in_descs), list(in_bufs), list(out_descs), list(out_bufs), attr, stream)
    arrays = CArrays()
    return function(
        op_type,
        len(in_descs),
        arrays.addr("uintptr_t", in_descs),
        arrays.addr("uintptr_t", in_bufs),
        len(out_descs),
        arrays.addr("uintptr_t", out_descs),
        arrays.addr("uintptr_t", out_bufs),
        attr,
        *extra,
        stream,
    )


def compile_op(op_type: str, in_descs: Sequence[int], out_descs: Sequence[int], attr: int) -> int:
    """acl.op.compile (not in pyACL: counts and C arrays)."""
    arrays = CArrays()
    return acl.op.compile(
        op_type,
        len(in_descs),
        arrays.addr("uintptr_t", in_descs),
        len(out_descs),
        arrays.addr("uintptr_t", out_descs),
        attr,
        acl.ACL_ENGINE_SYS,
        0,
        None,
    )


def create_handle(
    op_type: str, in_descs: Sequence[int], out_descs: Sequence[int], attr: int
) -> tuple[int, int]:
    return acl.op.create_handle(op_type, list(in_descs), list(out_descs), attr)


def execute_with_handle(handle: int, in_bufs: Sequence[int], out_bufs: Sequence[int], stream: int) -> int:
    return acl.op.execute_with_handle(handle, list(in_bufs), list(out_bufs), stream)


def infer_shape(
    op_type: str, in_descs: Sequence[int], in_bufs: Sequence[int], out_descs: Sequence[int], attr: int
) -> int:
    return acl.op.infer_shape(op_type, list(in_descs), list(in_bufs), len(out_descs), list(out_descs), attr)


def set_attr_list(kind: str, attr: int, name: str, values: Sequence[Any]) -> int:
    """acl.op.set_attr_list_<kind> (int, bool, float, string, data_type)."""
    return _ret(getattr(acl.op, f"set_attr_list_{kind}")(attr, name, list(values)))


def set_attr_list_list_int(attr: int, name: str, lists: Sequence[Sequence[int]]) -> int:
    return acl.op.set_attr_list_list_int(attr, name, [list(v) for v in lists])


def desc_dims(desc: int) -> list[int]:
    count = acl.get_tensor_desc_num_dims(desc)
    dims = []
    for index in range(count):
        value, ret = acl.get_tensor_desc_dim_v2(desc, index)
        check(ret, "acl.get_tensor_desc_dim_v2")
        dims.append(value)
    return dims


class OpSession:
    """Device buffers, descs, data buffers and attrs of one test, released at its end."""

    def __init__(self, stream: int) -> None:
        self.stream = stream
        self._device: list[int] = []
        self._descs: list[int] = []
        self._buffers: list[int] = []
        self._attrs: list[int] = []
        self._handles: list[int] = []

    # ---------------------------------------------------------------- objects
    def device(self, nbytes: int) -> int:
        ptr, ret = acl.rt.malloc(max(nbytes, 1), acl.ACL_MEM_MALLOC_HUGE_FIRST)
        check(ret, "acl.rt.malloc")
        self._device.append(ptr)
        return ptr

    def to_device(self, array: np.ndarray) -> int:
        array = np.ascontiguousarray(array)
        ptr = self.device(array.nbytes)
        if array.nbytes:
            check(
                acl.rt.memcpy(
                    ptr, array.nbytes, array.ctypes.data, array.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE
                ),
                "acl.rt.memcpy",
            )
        return ptr

    def from_device(self, ptr: int, shape: Sequence[int], dtype: np.dtype | type) -> np.ndarray:
        out = np.empty(tuple(shape), dtype=dtype)
        if out.nbytes:
            check(
                acl.rt.memcpy(out.ctypes.data, out.nbytes, ptr, out.nbytes, acl.ACL_MEMCPY_DEVICE_TO_HOST),
                "acl.rt.memcpy",
            )
        return out

    def desc(self, dtype: int, dims: Sequence[int], fmt: int = acl.ACL_FORMAT_ND) -> int:
        desc = acl.create_tensor_desc(dtype, list(dims), fmt)
        assert desc != 0, acl.get_recent_err_msg()
        self._descs.append(desc)
        return desc

    def buffer(self, ptr: int, nbytes: int) -> int:
        buffer = acl.create_data_buffer(ptr, nbytes)
        assert buffer != 0, acl.get_recent_err_msg()
        self._buffers.append(buffer)
        return buffer

    def attr(self, **values: Any) -> int:
        """An aclopAttr; bool/int/float/str values and lists of ints/floats/bools/strs set by type."""
        attr = acl.op.create_attr()
        assert attr != 0
        self._attrs.append(attr)
        for name, value in values.items():
            if isinstance(value, bool):
                check(acl.op.set_attr_bool(attr, name, int(value)), "set_attr_bool")
            elif isinstance(value, int):
                check(acl.op.set_attr_int(attr, name, value), "set_attr_int")
            elif isinstance(value, float):
                check(acl.op.set_attr_float(attr, name, value), "set_attr_float")
            elif isinstance(value, str):
                check(acl.op.set_attr_string(attr, name, value), "set_attr_string")
            elif value and isinstance(value[0], bool):
                check(set_attr_list("bool", attr, name, [int(v) for v in value]), "set_attr_list_bool")
            elif value and isinstance(value[0], float):
                check(set_attr_list("float", attr, name, value), "set_attr_list_float")
            elif value and isinstance(value[0], str):
                check(set_attr_list("string", attr, name, value), "set_attr_list_string")
            else:
                check(set_attr_list("int", attr, name, list(value)), "set_attr_list_int")
        return attr

    def handle(self, handle: int) -> int:
        self._handles.append(handle)
        return handle

    # --------------------------------------------------------------- tensors
    def tensor(self, array: np.ndarray) -> tuple[int, int]:
        """(desc, data buffer) of a copy of `array` in device memory."""
        array = np.ascontiguousarray(array)
        ptr = self.to_device(array)
        return self.desc(NUMPY_TO_ACL[array.dtype], array.shape), self.buffer(ptr, array.nbytes)

    def output(self, shape: Sequence[int], dtype: np.dtype | type) -> tuple[int, int, int]:
        """(desc, data buffer, device address) of an output tensor, pre-filled with a marker value."""
        marker = np.full(tuple(shape), 77, dtype=dtype)
        ptr = self.to_device(marker)
        return self.desc(NUMPY_TO_ACL[np.dtype(dtype)], shape), self.buffer(ptr, marker.nbytes), ptr

    def run(
        self,
        op_type: str,
        inputs: Sequence[np.ndarray],
        out_shape: Sequence[int],
        out_dtype: np.dtype | type,
        attr: int = 0,
        expect: int = ACL_SUCCESS,
    ) -> np.ndarray | None:
        """Execute `op_type` with aclopExecuteV2 on the stream and return the output (None on error)."""
        pairs = [self.tensor(x) for x in inputs]
        out_desc, out_buf, out_ptr = self.output(out_shape, out_dtype)
        ret = execute_v2(
            op_type, [d for d, _ in pairs], [b for _, b in pairs], [out_desc], [out_buf], attr, self.stream
        )
        if expect != ACL_SUCCESS:
            assert ret == expect, f"{op_type} returned {ret}, expected {expect}: {acl.get_recent_err_msg()}"
            return None
        check(ret, f"execute_v2({op_type})")
        self.sync()
        return self.from_device(out_ptr, out_shape, out_dtype)

    def sync(self) -> None:
        check(acl.rt.synchronize_stream(self.stream), "acl.rt.synchronize_stream")

    def release(self) -> None:
        acl.rt.synchronize_stream(self.stream)
        for handle in self._handles:
            acl.op.destroy_handle(handle)
        for attr in self._attrs:
            acl.op.destroy_attr(attr)
        for buffer in self._buffers:
            check(acl.destroy_data_buffer(buffer), "acl.destroy_data_buffer")
        for desc in self._descs:
            acl.destroy_tensor_desc(desc)
        for ptr in self._device:
            check(acl.rt.free(ptr), "acl.rt.free")
