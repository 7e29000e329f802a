"""The AscendCL functions every implementation under test provides, by short name.

Values: (the pyACL name, where our binding exposes it; the C function it calls).
"""

from __future__ import annotations

FUNCTIONS: dict[str, tuple[str, str]] = {
    "init": ("acl.init", "aclInit"),
    "set_device": ("acl.rt.set_device", "aclrtSetDevice"),
    "reset_device": ("acl.rt.reset_device", "aclrtResetDevice"),
    "create_context": ("acl.rt.create_context", "aclrtCreateContext"),
    "destroy_context": ("acl.rt.destroy_context", "aclrtDestroyContext"),
    "get_device": ("acl.rt.get_device", "aclrtGetDevice"),
    "create_stream": ("acl.rt.create_stream", "aclrtCreateStream"),
    "destroy_stream": ("acl.rt.destroy_stream", "aclrtDestroyStream"),
    "synchronize_stream": ("acl.rt.synchronize_stream", "aclrtSynchronizeStream"),
    "malloc": ("acl.rt.malloc", "aclrtMalloc"),
    "free": ("acl.rt.free", "aclrtFree"),
    "memcpy": ("acl.rt.memcpy", "aclrtMemcpy"),
    "get_mem_info": ("acl.rt.get_mem_info", "aclrtGetMemInfo"),
    "get_version": ("acl.get_version", "aclrtGetVersion"),
    "create_data_buffer": ("acl.create_data_buffer", "aclCreateDataBuffer"),
    "destroy_data_buffer": ("acl.destroy_data_buffer", "aclDestroyDataBuffer"),
    "get_data_buffer_addr": ("acl.get_data_buffer_addr", "aclGetDataBufferAddr"),
    "get_data_buffer_size_v2": ("acl.get_data_buffer_size_v2", "aclGetDataBufferSizeV2"),
    "create_desc": ("acl.mdl.create_desc", "aclmdlCreateDesc"),
    "destroy_desc": ("acl.mdl.destroy_desc", "aclmdlDestroyDesc"),
    "get_num_inputs": ("acl.mdl.get_num_inputs", "aclmdlGetNumInputs"),
    "create_dataset": ("acl.mdl.create_dataset", "aclmdlCreateDataset"),
    "add_dataset_buffer": ("acl.mdl.add_dataset_buffer", "aclmdlAddDatasetBuffer"),
    "get_dataset_num_buffers": ("acl.mdl.get_dataset_num_buffers", "aclmdlGetDatasetNumBuffers"),
    "get_dataset_buffer": ("acl.mdl.get_dataset_buffer", "aclmdlGetDatasetBuffer"),
    "destroy_dataset": ("acl.mdl.destroy_dataset", "aclmdlDestroyDataset"),
}

# pyACL's acl.util pointer helpers: Python-object work with no C API function, so no ctypes baseline.
HELPERS: dict[str, str] = {
    "bytes_to_ptr": "acl.util.bytes_to_ptr",
    "numpy_to_ptr": "acl.util.numpy_to_ptr",
    "ptr_to_numpy": "acl.util.ptr_to_numpy",
    "ptr_to_bytes": "acl.util.ptr_to_bytes",
}
