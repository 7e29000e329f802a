"""Finding and loading the library that implements AscendCL: a real CANN install or the emulator.

The extension links nothing at build time; here we dlopen the chosen libraries and let the
generated shims resolve every symbol from them, so one build serves every CANN release.
"""

from __future__ import annotations

import os
import sys

from ._generated._acl_cffi import ffi, lib

# libascendcl.so first: the others depend on it.
CANN_LIBRARIES = (
    "libascendcl.so",
    "libacl_cblas.so",
    "libacl_dvpp.so",
    "libacl_dvpp_mpi.so",
    "libacl_retr.so",
    "libacl_op_compiler.so",
    "libmsprofiler.so",
    "libacl_tdt_channel.so",
)
DEFAULT_CANN_PREFIX = "/usr/local/Ascend/ascend-toolkit/latest"
EMULATOR_LIBRARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_emulator", "libaclemu.so")
BACKEND_CHOICES = ("auto", "cann", "emulator")


class BackendError(ImportError):
    """No usable AscendCL library could be loaded for the requested backend."""


class Backend:
    """What is loaded. A plain class: `dataclasses` alone would add a third to `import acl`."""

    __slots__ = ("functions_available", "functions_total", "libraries", "name", "searched")

    def __init__(
        self,
        name: str,
        libraries: tuple[str, ...],
        searched: tuple[str, ...] = (),
        functions_available: int = 0,
        functions_total: int = 0,
    ) -> None:
        self.name = name  # "cann" or "emulator"
        self.libraries = libraries  # absolute paths of the files loaded, in load order
        self.searched = searched  # where a CANN install was looked for
        self.functions_available = functions_available
        self.functions_total = functions_total

    def __repr__(self) -> str:
        return f"Backend({self.name!r}, {self.libraries!r}, available={self.functions_available})"


_loaded: Backend | None = None


def _candidate_dirs() -> list[str]:
    """Directories that may hold the CANN libraries, most explicit first."""
    dirs: list[str] = []
    explicit = os.environ.get("ACL_LIBRARY_PATH", "")
    dirs += [d for d in explicit.split(os.pathsep) if d]
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        home = os.environ.get(var)
        if home:
            dirs.append(os.path.join(home, "lib64"))
    dirs.append(os.path.join(DEFAULT_CANN_PREFIX, "lib64"))
    dirs += [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep) if d]
    seen: set[str] = set()
    return [d for d in dirs if not (d in seen or seen.add(d))]


def find_cann() -> tuple[list[str], list[str]]:
    """Return (library files found in the first directory holding libascendcl.so, places searched)."""
    searched = []
    for d in _candidate_dirs():
        searched.append(d)
        if os.path.isfile(os.path.join(d, CANN_LIBRARIES[0])):
            found = [os.path.join(d, n) for n in CANN_LIBRARIES if os.path.isfile(os.path.join(d, n))]
            return found, searched
    return [], searched


def _open_from_loader_path() -> list[str]:
    """Open the CANN libraries by bare name, as the dynamic loader finds them (ld.so.cache, rpath).

    Returns the names opened; empty when the loader does not know libascendcl.so.
    """
    err = ffi.new("char[]", 1024)
    lib._aclffi_close_all()
    if lib._aclffi_open(CANN_LIBRARIES[0].encode(), err, 1024) != 0:
        return []
    opened = [CANN_LIBRARIES[0]]
    for name in CANN_LIBRARIES[1:]:
        if lib._aclffi_open(name.encode(), err, 1024) == 0:
            opened.append(name)
    return opened


def _open(path: str) -> None:
    err = ffi.new("char[]", 1024)
    if lib._aclffi_open(path.encode(), err, 1024) != 0:
        raise BackendError(f"cannot load {path}: {ffi.string(err).decode(errors='replace')}")


def _load_files(name: str, files: list[str], searched: list[str]) -> Backend:
    lib._aclffi_close_all()
    for f in files:
        _open(f)
    found = lib._aclffi_resolve()
    return Backend(name, tuple(files), tuple(searched), found, lib._aclffi_count())


def load(choice: str | None = None) -> Backend:
    """Load the backend named by `choice` or `$ACL_BACKEND` (default "auto") and resolve all symbols."""
    global _loaded
    choice = (choice or os.environ.get("ACL_BACKEND") or "auto").strip().lower()
    if choice not in BACKEND_CHOICES:
        raise BackendError(f"ACL_BACKEND={choice!r}: expected one of {', '.join(BACKEND_CHOICES)}")
    if choice in ("auto", "cann"):
        files, searched = find_cann()
        if files:
            _loaded = _load_files("cann", files, searched)
            return _loaded
        from_loader = _open_from_loader_path()
        if from_loader:
            searched.append("the dynamic loader's search path")
            _loaded = Backend(
                "cann", tuple(from_loader), tuple(searched), lib._aclffi_resolve(), lib._aclffi_count()
            )
            return _loaded
        if choice == "cann":
            raise BackendError(
                "ACL_BACKEND=cann but libascendcl.so was not found; looked in: "
                + ", ".join(searched)
                + " and the dynamic loader's search path"
                + " (set ACL_LIBRARY_PATH to the directory holding it, or ASCEND_HOME_PATH)"
            )
    else:
        searched = []
    emulator = os.environ.get("ACL_EMULATOR_LIBRARY") or EMULATOR_LIBRARY
    if not os.path.isfile(emulator):
        raise BackendError(f"the bundled emulator library is missing: {emulator} (run `python build_ffi.py`)")
    if choice == "auto":
        print(
            "acl: no CANN installation found; using the ascendcl-cffi CPU emulator "
            "(set ACL_BACKEND=emulator to silence this notice)",
            file=sys.stderr,
        )
    _offer_blas_to_emulator()
    _loaded = _load_files("emulator", [emulator], searched)
    return _loaded


def _offer_blas_to_emulator() -> None:
    """Point the emulator's float32 GEMM at the scipy-openblas32 wheel's library when it is installed.

    The emulator reads ACL_EMU_BLAS_LIBRARY (emulator/blas_provider.c); a value the user set,
    "none" included, is left alone. The package is looked for on sys.path, not imported (nor
    found through importlib.util, which alone costs a good part of `import acl`).
    """
    if "ACL_EMU_BLAS_LIBRARY" in os.environ:
        return
    for entry in sys.path:
        library = os.path.join(entry or os.curdir, "scipy_openblas32", "lib", "libscipy_openblas.so")
        if os.path.isfile(library):
            os.environ["ACL_EMU_BLAS_LIBRARY"] = os.path.abspath(library)
            return


def current() -> Backend:
    if _loaded is None:
        raise BackendError("no backend is loaded")
    return _loaded


def missing_functions() -> list[str]:
    """C names of the API functions the loaded backend does not export."""
    names = []
    for i in range(lib._aclffi_count()):
        name = lib._aclffi_name(i)
        if not lib._aclffi_has(name):
            names.append(ffi.string(name).decode())
    return names
