"""acl (generated stubs)."""

from typing import Any

ACL_DEBUG: int
ACL_ERROR: int
ACL_SUCCESS: int
ACL_ERROR_API_NOT_SUPPORT: int

def app_log(log_level: int, func: str | None, file: str | None, line: int, fmt: str | None, /) -> None:
    """aclAppLog (acl/acl_base.h)."""

def destroy_tensor_desc(desc: int, /) -> None:
    """aclDestroyTensorDesc (acl/acl_base.h)."""

def get_soc_name() -> str | None:
    """aclrtGetSocName (acl/acl_rt.h)."""

def get_version() -> tuple[int, int, int, int]:
    """aclrtGetVersion (acl/acl_rt.h)."""
