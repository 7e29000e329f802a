"""Replacing functions the loaded backend lacks by callables that say so when called.

Import must never fail because a CANN release lacks a symbol; only calling it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # typing costs milliseconds at import; annotations are strings here
    from typing import Any, Callable, NoReturn, Optional

from . import _backend
from ._generated._acl_cffi import lib
from ._generated.libraries import DEFAULT_LIBRARY, HEADERS_RELEASE, LIBRARY_BY_FUNCTION


class FunctionNotAvailableError(RuntimeError):
    """The loaded AscendCL backend does not export the C function behind this Python function."""


def library_for(c_name: str) -> str:
    return LIBRARY_BY_FUNCTION.get(c_name, DEFAULT_LIBRARY)


def _raiser(qualified_name: str, c_name: str, absent_from_headers: bool = False) -> Callable[..., NoReturn]:
    """A stand-in for `qualified_name` whose C function the loaded backend does not export, or, with
    absent_from_headers, that the headers the binding was generated from do not declare."""

    def unavailable(*args: Any, **kwargs: Any) -> NoReturn:
        if absent_from_headers:
            raise FunctionNotAvailableError(
                f"{qualified_name} needs the C function {c_name}, which the headers this binding was "
                f"generated from ({HEADERS_RELEASE}) do not declare; regenerate the binding from a CANN "
                f"release that has it (tools/gen_wrappers.py --include <its include directory>)"
            )
        backend = _backend.current()
        raise FunctionNotAvailableError(
            f"{qualified_name} needs the C function {c_name}, which the loaded backend "
            f"{backend.name!r} ({', '.join(backend.libraries) or 'no library'}) does not export; "
            f"it comes from {library_for(c_name)} of a CANN release that has it"
        )

    lacking = "the loaded backend"
    if absent_from_headers:
        lacking = f"the headers of this binding ({HEADERS_RELEASE})"
    unavailable.__name__ = qualified_name.rsplit(".", 1)[-1]
    unavailable.__qualname__ = unavailable.__name__
    unavailable.__doc__ = f"Unavailable: {lacking} lacks {c_name}."
    return unavailable


def bind_absent(
    namespace: dict[str, Any], absent: dict[str, str], aliases: Optional[dict[str, str]] = None
) -> None:
    """Define each pyACL function the binding's headers lack as one that raises when called, so
    the name exists in every binding, in `__all__` too (which export() set before); each alias
    (alias -> Python name of `absent`) is that same function, as it is when present."""
    module = public_module_name(namespace["__name__"])
    for python_name, c_name in absent.items():
        namespace[python_name] = _raiser(f"{module}.{python_name}", c_name, absent_from_headers=True)
    for alias, python_name in (aliases or {}).items():
        namespace[alias] = namespace[python_name]
    namespace["__all__"] = [*namespace["__all__"], *absent, *(aliases or {})]


def public_module_name(generated_module: str) -> str:
    """'acl._generated.rt' -> 'acl.rt'; the generated top-level module is `acl` itself."""
    short = generated_module.rsplit(".", 1)[-1]
    return "acl" if short == "top" else f"acl.{short}"


def bind(namespace: dict[str, Any], functions: dict[str, str]) -> None:
    """Replace each `namespace[python_name]` whose C function the backend lacks by a raiser."""
    backend = _backend.current()
    if backend.functions_available == backend.functions_total:
        return
    module = public_module_name(namespace["__name__"])
    has = lib._aclffi_has
    for python_name, c_name in functions.items():
        if not has(c_name.encode()):
            namespace[python_name] = _raiser(f"{module}.{python_name}", c_name)
