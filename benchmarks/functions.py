"""The AscendCL functions every implementation under test provides, by short name.

Values are the pyACL names, which is where our binding (`import acl`) exposes them.
"""

from __future__ import annotations

FUNCTIONS: dict[str, str] = {
    "init": "acl.init",
    "set_device": "acl.rt.set_device",
    "reset_device": "acl.rt.reset_device",
    "create_context": "acl.rt.create_context",
    "destroy_context": "acl.rt.destroy_context",
    "get_device": "acl.rt.get_device",
    "create_stream": "acl.rt.create_stream",
    "destroy_stream": "acl.rt.destroy_stream",
    "synchronize_stream": "acl.rt.synchronize_stream",
    "malloc": "acl.rt.malloc",
    "free": "acl.rt.free",
    "memcpy": "acl.rt.memcpy",
    "get_mem_info": "acl.rt.get_mem_info",
    "get_version": "acl.get_version",
    "create_data_buffer": "acl.create_data_buffer",
    "destroy_data_buffer": "acl.destroy_data_buffer",
    "get_data_buffer_addr": "acl.get_data_buffer_addr",
    "get_data_buffer_size_v2": "acl.get_data_buffer_size_v2",
    "create_desc": "acl.mdl.create_desc",
    "destroy_desc": "acl.mdl.destroy_desc",
    "get_num_inputs": "acl.mdl.get_num_inputs",
    "create_dataset": "acl.mdl.create_dataset",
    "add_dataset_buffer": "acl.mdl.add_dataset_buffer",
    "get_dataset_num_buffers": "acl.mdl.get_dataset_num_buffers",
    "get_dataset_buffer": "acl.mdl.get_dataset_buffer",
    "destroy_dataset": "acl.mdl.destroy_dataset",
}
