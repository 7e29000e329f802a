"""Top-level acl functions whose pyACL form is not the C signature."""

from __future__ import annotations

from .._generated import constants as _constants
from .._generated._acl_cffi import lib
from ._common import address, new, require, text


def app_log(log_level: int, msg: str) -> None:
    """Hand-written: pyACL logs one message; the C function is variadic with caller file/line facts."""
    require("acl.app_log", "log_level", log_level, int)
    require("acl.app_log", "msg", msg, str)
    lib.aclAppLog(log_level, b"acl.app_log", b"python", 0, msg.replace("%", "%%").encode())


def get_version_str(pkg_name: str) -> tuple[str, int]:
    """Hand-written: the C function writes into a buffer of a size only its documentation gives."""
    require("acl.get_version_str", "pkg_name", pkg_name, str)
    name = new("char[]", pkg_name.encode())
    out = new("char[]", _constants.ACL_PKG_VERSION_MAX_SIZE)  # read when called: not every release has it
    ret = lib.aclsysGetVersionStr(address(name), address(out))
    return text(out), ret
