"""acl.prof helpers that pyACL composes from two C calls."""

from __future__ import annotations

from typing import Any, Optional

from .._generated._acl_cffi import lib
from .._generated.constants import ACL_SUCCESS
from ._common import address, new, text


def _two_step(
    length_of: Any, member: str, read: Any, op_info: int, op_info_len: int, index: int
) -> tuple[Optional[str], int]:
    r = length_of(op_info, op_info_len, index)
    if r.ret != ACL_SUCCESS:
        return None, r.ret
    size = getattr(r, member)
    buffer = new("char[]", max(size, 1))
    ret = read(op_info, op_info_len, index, address(buffer), size)
    return text(buffer), ret


def get_op_type_v2(op_info: int, op_info_len: int, index: int) -> tuple[Optional[str], int]:
    """Hand-written composite: asks aclprofGetOpTypeLen for the size, then reads the op type."""
    return _two_step(lib.aclprofGetOpTypeLen, "opTypeLen", lib.aclprofGetOpType, op_info, op_info_len, index)


def get_op_name_v2(op_info: int, op_info_len: int, index: int) -> tuple[Optional[str], int]:
    """Hand-written composite: asks aclprofGetOpNameLen for the size, then reads the op name."""
    return _two_step(lib.aclprofGetOpNameLen, "opNameLen", lib.aclprofGetOpName, op_info, op_info_len, index)
