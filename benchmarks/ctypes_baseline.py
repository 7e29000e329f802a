"""The same AscendCL calls as an ad-hoc ctypes user would write them.

argtypes/restype are declared once (the careful kind of ad-hoc user); functions with no
out-parameters are the foreign functions themselves, out-parameters are ctypes objects
allocated per call and read back with `.value`. Handles travel as c_void_p.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_size_t, c_void_p
from typing import Any, Callable

from benchmarks.functions import FUNCTIONS


def _declare(lib: ctypes.CDLL, name: str, restype: Any, *argtypes: Any) -> Any:
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


def load(library_path: str) -> dict[str, Callable[..., Any]]:
    """pyACL-shaped callables (short names) over the library at `library_path`."""
    lib = ctypes.CDLL(library_path)
    d = _declare
    set_device = d(lib, "aclrtSetDevice", c_int, c_int32)
    reset_device = d(lib, "aclrtResetDevice", c_int, c_int32)
    synchronize_stream = d(lib, "aclrtSynchronizeStream", c_int, c_void_p)
    destroy_stream = d(lib, "aclrtDestroyStream", c_int, c_void_p)
    destroy_context = d(lib, "aclrtDestroyContext", c_int, c_void_p)
    free = d(lib, "aclrtFree", c_int, c_void_p)
    memcpy = d(lib, "aclrtMemcpy", c_int, c_void_p, c_size_t, c_void_p, c_size_t, c_int)
    destroy_data_buffer = d(lib, "aclDestroyDataBuffer", c_int, c_void_p)
    create_data_buffer = d(lib, "aclCreateDataBuffer", c_void_p, c_void_p, c_size_t)
    get_data_buffer_addr = d(lib, "aclGetDataBufferAddr", c_void_p, c_void_p)
    get_data_buffer_size_v2 = d(lib, "aclGetDataBufferSizeV2", c_size_t, c_void_p)
    get_num_inputs = d(lib, "aclmdlGetNumInputs", c_size_t, c_void_p)
    create_desc = d(lib, "aclmdlCreateDesc", c_void_p)
    destroy_desc = d(lib, "aclmdlDestroyDesc", c_int, c_void_p)
    create_dataset = d(lib, "aclmdlCreateDataset", c_void_p)
    destroy_dataset = d(lib, "aclmdlDestroyDataset", c_int, c_void_p)
    get_dataset_num_buffers = d(lib, "aclmdlGetDatasetNumBuffers", c_size_t, c_void_p)
    get_dataset_buffer = d(lib, "aclmdlGetDatasetBuffer", c_void_p, c_void_p, c_size_t)
    _init = d(lib, "aclInit", c_int, c_char_p)
    _add_dataset_buffer = d(lib, "aclmdlAddDatasetBuffer", c_int, c_void_p, c_void_p)
    _get_device = d(lib, "aclrtGetDevice", c_int, POINTER(c_int32))
    _create_stream = d(lib, "aclrtCreateStream", c_int, POINTER(c_void_p))
    _create_context = d(lib, "aclrtCreateContext", c_int, POINTER(c_void_p), c_int32)
    _malloc = d(lib, "aclrtMalloc", c_int, POINTER(c_void_p), c_size_t, c_int)
    _get_mem_info = d(lib, "aclrtGetMemInfo", c_int, c_int, POINTER(c_size_t), POINTER(c_size_t))
    _get_version = d(lib, "aclrtGetVersion", c_int, POINTER(c_int32), POINTER(c_int32), POINTER(c_int32))

    def init(config_path: str | None = None) -> int:
        return _init(config_path.encode() if config_path else None)

    def add_dataset_buffer(dataset: int, buffer: int) -> tuple[int, int]:
        return dataset, _add_dataset_buffer(dataset, buffer)

    def get_device() -> tuple[int, int]:
        device = c_int32()
        ret = _get_device(byref(device))
        return device.value, ret

    def create_stream() -> tuple[int, int]:
        stream = c_void_p()
        ret = _create_stream(byref(stream))
        return stream.value, ret

    def create_context(device_id: int) -> tuple[int, int]:
        context = c_void_p()
        ret = _create_context(byref(context), device_id)
        return context.value, ret

    def malloc(size: int, policy: int) -> tuple[int, int]:
        ptr = c_void_p()
        ret = _malloc(byref(ptr), size, policy)
        return ptr.value, ret

    def get_mem_info(attr: int) -> tuple[int, int, int]:
        free_bytes, total_bytes = c_size_t(), c_size_t()
        ret = _get_mem_info(attr, byref(free_bytes), byref(total_bytes))
        return free_bytes.value, total_bytes.value, ret

    def get_version() -> tuple[int, int, int, int]:
        major, minor, patch = c_int32(), c_int32(), c_int32()
        ret = _get_version(byref(major), byref(minor), byref(patch))
        return major.value, minor.value, patch.value, ret

    scope = locals()
    return {name: scope[name] for name in FUNCTIONS}
