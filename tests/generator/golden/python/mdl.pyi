"""acl.mdl (generated stubs)."""

from typing import Any

ACL_MAX_DIM_CNT: int

def create_desc() -> int:
    """aclmdlCreateDesc (acl/acl_mdl.h)."""

def execute_op(input_desc: list[Any], /) -> Any:
    """aclmdlExecuteOp (acl/acl_mdl.h)."""

def get_input_dims(*args: Any) -> Any:
    """aclmdlGetInputDims (acl/acl_mdl.h). Hand-written: acl._pyacl.mdl:get_input_dims; pyACL shape (handle, uint64) -> (dict, ret)."""

def get_input_dynamic_dims(model_desc: int, index: int, gear_count: int, /) -> Any:
    """aclmdlGetInputDynamicDims (acl/acl_mdl.h)."""

def get_input_name_by_index(model_desc: int, index: int, /) -> str | None:
    """aclmdlGetInputNameByIndex (acl/acl_mdl.h)."""

def get_num_inputs(model_desc: int, /) -> int:
    """aclmdlGetNumInputs (acl/acl_mdl.h)."""

def load_from_file(model_path: str | None = None, /) -> Any:
    """aclmdlLoadFromFile (acl/acl_mdl.h)."""
