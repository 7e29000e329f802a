"""ascendcl-cffi: the AscendCL C API as `import acl`, compatible with Huawei's pyACL.

Module assembly only: the functions and constants are generated (acl/_generated/), the backend is
chosen and loaded by acl._backend, and submodules are imported on first use to keep `import acl` cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

from . import _backend
from ._backend import Backend as Backend
from ._backend import BackendError as BackendError

_backend.load_for_cli(__name__)  # raises BackendError, except in `python -m acl`

from ._generated.constants import *  # noqa: E402,F403  (every enum member and integer constant)
from ._generated.top import *  # noqa: E402,F403  (the top-level functions)
from ._missing import FunctionNotAvailableError as FunctionNotAvailableError  # noqa: E402

__version__ = "0.1.0"

_SUBMODULES = ("rt", "mdl", "op", "blas", "fv", "media", "himpi", "prof", "tdt", "util")


def backend() -> dict[str, Any]:
    """Which backend is loaded: {'name', 'libraries', 'functions_available', 'functions_total'}."""
    b = _backend.current()
    return {
        "name": b.name,
        "libraries": list(b.libraries),
        "functions_available": b.functions_available,
        "functions_total": b.functions_total,
    }


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SUBMODULES))


