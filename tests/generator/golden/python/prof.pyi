"""acl.prof (generated stubs)."""

from typing import Any


def get_op_type(op_info: int, op_info_len: int, index: int, op_type_len: int, /) -> Any:
    """aclprofGetOpType (acl/acl_prof.h). pyACL shape (handle, uint64, uint, uint64) -> (str, ret)."""

def get_op_type_v2(*args: Any) -> Any:
    """Hand-written over aclprofGetOpType: acl._pyacl.prof:op_type_v2."""

def model_unsubscribe(model_id: int, /) -> int:
    """aclprofModelUnSubscribe (acl/acl_prof.h)."""

def model_un_subscribe(model_id: int, /) -> int:
    """Alias of model_unsubscribe: aclprofModelUnSubscribe (acl/acl_prof.h)."""
