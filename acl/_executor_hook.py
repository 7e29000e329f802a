"""Registering an executor (a table of cffi `extern "Python"` callbacks) with the emulator.

The emulator's executor hooks (model_executor.h, media_executor.h) take a struct of an ABI version
followed by function pointers. The table is passed through ctypes to the already loaded emulator
library, once, and only when the emulator is the backend (a no-op under CANN).
"""

from __future__ import annotations

import threading

from ._generated import constants as _c
from ._generated._acl_cffi import ffi, lib


class ExecutorHook:
    """One executor: `setter` is the emulator's registration function, `callbacks` the names of the
    extern "Python" functions in the order of the C table."""

    def __init__(self, setter: str, abi_version: int, callbacks: tuple[str, ...]) -> None:
        self.setter = setter
        self.abi_version = abi_version
        self.callbacks = callbacks
        self.installed = False
        self._lock = threading.Lock()

    def install(self) -> bool:
        """Register the table with the emulator, once; False (nothing done) under another backend."""
        from . import _backend

        backend = _backend.current()
        if backend.name != "emulator":
            return False
        with self._lock:
            if not self.installed:
                self._register(backend.libraries[0])
                self.installed = True
        return True

    def _register(self, library: str) -> None:
        import ctypes

        class Table(ctypes.Structure):
            _fields_ = [("abi_version", ctypes.c_uint32)] + [(n, ctypes.c_void_p) for n in self.callbacks]

        addresses = (int(ffi.cast("uintptr_t", ffi.addressof(lib, name))) for name in self.callbacks)
        table = Table(self.abi_version, *addresses)
        emulator = ctypes.CDLL(library)  # the library already loaded as the backend
        setter = getattr(emulator, self.setter)
        setter.argtypes = [ctypes.POINTER(Table)]
        setter.restype = ctypes.c_int32
        status = setter(ctypes.byref(table))
        if status != _c.ACL_SUCCESS:
            raise RuntimeError(f"the emulator refused the executor of {self.setter} (aclError {status})")
