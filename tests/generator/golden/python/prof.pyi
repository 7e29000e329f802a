"""acl.prof (generated stubs)."""

from typing import Any


def get_op_type(op_info: int, op_info_len: int, index: int, op_type: int, op_type_len: int, /) -> int:
    """aclprofGetOpType (acl/acl_prof.h). Generic form; pyACL's shape (handle, uint64, uint, uint64) -> (str, ret) is not written yet."""

def get_op_type_v2(*args: Any) -> Any:
    """Hand-written over aclprofGetOpType: acl._pyacl.prof:op_type_v2."""

def model_unsubscribe(model_id: int, /) -> int:
    """aclprofModelUnSubscribe (acl/acl_prof.h)."""

def model_un_subscribe(model_id: int, /) -> int:
    """Alias of model_unsubscribe: aclprofModelUnSubscribe (acl/acl_prof.h)."""
