"""acl.rt (generated stubs)."""

from typing import Any

ACL_MEM_MALLOC_HUGE_FIRST: int
ACL_MEM_MALLOC_NORMAL_ONLY: int
ACL_MEMCPY_HOST_TO_HOST: int
ACL_MEMCPY_HOST_TO_DEVICE: int
ACL_MEMCPY_DEFAULT: int
ACL_DEVICE: int
ACL_HOST: int

def create_context(device_id: int, /) -> tuple[int, int]:
    """aclrtCreateContext (acl/acl_rt.h)."""

def get_mem_info(attr: int, /) -> Any:
    """aclrtGetMemInfo (acl/acl_rt.h)."""

def get_run_mode() -> tuple[int, int]:
    """aclrtGetRunMode (acl/acl_rt.h)."""

def launch_callback(fn: int, user_data: int, block_type: int, stream: int, /) -> int:
    """aclrtLaunchCallback (acl/acl_rt.h)."""

def malloc(size: int, policy: int, /) -> tuple[int, int]:
    """aclrtMalloc (acl/acl_rt.h)."""

def memcpy(dst: int, dest_max: int, src: int, count: int, kind: int, /) -> int:
    """aclrtMemcpy (acl/acl_rt.h)."""

def reserve_slots(count: int, base: int, /) -> tuple[int, int, int]:
    """aclrtReserveSlots (acl/acl_rt.h)."""

def set_device(device_id: int, /) -> int:
    """aclrtSetDevice (acl/acl_rt.h)."""

def synchronize_with_timeout(timeout: float, lambda_: bool, /) -> int:
    """aclrtSynchronizeWithTimeout (acl/acl_rt.h)."""

def unsubscribe_report(thread_id: int, stream: int, /) -> int:
    """aclrtUnSubscribeReport (acl/acl_rt.h)."""
