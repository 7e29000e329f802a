"""libraries.py: which CANN library exports each C function, for the runtime's error messages.

A function is in libascendcl.so unless its header says otherwise; only the exceptions are
listed, so the module stays small (the runtime reads it, not the 2 MB api.json).
"""

from __future__ import annotations

from aclgen.model.bindings import BindingPlan
from aclgen.model.ir import Api

DEFAULT_LIBRARY = "libascendcl.so"

# The library providing the functions declared under each header path prefix (first match wins).
LIBRARY_BY_HEADER_PREFIX = (
    ("acl/ops/acl_dvpp.h", "libacl_dvpp.so"),
    ("acl/dvpp/", "libacl_dvpp_mpi.so"),
    ("acl/media/", "libacl_dvpp_mpi.so"),
    ("acl/ops/acl_cblas.h", "libacl_cblas.so"),
    ("acl/ops/acl_fv.h", "libacl_retr.so"),
    ("acl/acl_op_compiler.h", "libacl_op_compiler.so"),
    ("acl/acl_prof.h", "libmsprofiler.so"),
    ("acl/acl_tdt", "libacl_tdt_channel.so"),
)


def library_of_header(header: str) -> str:
    for prefix, library in LIBRARY_BY_HEADER_PREFIX:
        if header.startswith(prefix):
            return library
    return DEFAULT_LIBRARY


VERSION_PARTS = ("ACL_MAJOR_VERSION", "ACL_MINOR_VERSION", "ACL_PATCH_VERSION")


def release_of(api: Api) -> str:
    """The AscendCL version the headers declare (acl.h's ACL_*_VERSION), as messages name it."""
    values = {c.name: c.value for c in api.constants if c.name in VERSION_PARTS}
    if len(values) != len(VERSION_PARTS):
        return "AscendCL headers of an undeclared version"
    return "AscendCL " + ".".join(str(values[name]) for name in VERSION_PARTS)


def emit_libraries(api: Api, plan: BindingPlan) -> str:
    rows = sorted((f.name, library_of_header(f.header)) for f in api.functions)
    lines = "".join(f"    {name!r}: {library!r},\n" for name, library in rows if library != DEFAULT_LIBRARY)
    return (
        f'"""The CANN library exporting each C function: {DEFAULT_LIBRARY} unless listed."""\n\n'
        f"DEFAULT_LIBRARY = {DEFAULT_LIBRARY!r}\n\n"
        f"# the release of the headers this binding was generated from\n"
        f"HEADERS_RELEASE = {release_of(api)!r}\n\n"
        f"LIBRARY_BY_FUNCTION = {{\n{lines}}}\n"
    )
