"""Registering an executor (a table of cffi `extern "Python"` callbacks) with the emulator.

The emulator's executor hooks (emulator/model_executor.h, emulator/media_executor.h) take a struct
of an ABI version followed by function pointers. The table is built with the cffi module and passed
through the emulator entry point declared in acl/_native/emulator.cdef, once, and only when the
emulator is the backend (a no-op under CANN).
"""

from __future__ import annotations

import threading

from ._generated import constants as _constants
from ._generated._acl_cffi import ffi, lib


class _EmulatorConstants:
    """The constants the emulator speaks: the binding's, or, for one the headers it was generated
    from lack, the baseline's (the emulator is always built from the baseline headers)."""

    def __getattr__(self, name: str) -> int:
        try:
            return getattr(_constants, name)
        except AttributeError:
            baseline = getattr(_constants, "_BASELINE_ONLY", {})
            if name in baseline:
                return baseline[name]
            raise


emulator_constants = _EmulatorConstants()
ACL_SUCCESS = emulator_constants.ACL_SUCCESS


class ExecutorHook:
    """One executor: `entry` is the `_aclemu_*` registration function of acl/_native/emulator.cdef,
    `table_type` the C struct it takes, `callbacks` maps each struct member to its extern "Python"
    function."""

    def __init__(self, entry: str, table_type: str, abi_version: int, callbacks: dict[str, str]) -> None:
        self.entry = entry
        self.table_type = table_type
        self.abi_version = abi_version
        self.callbacks = callbacks
        self.installed = False
        self._lock = threading.Lock()

    def install(self) -> bool:
        """Register the table with the emulator, once; False (nothing done) under another backend."""
        from . import _backend

        if _backend.current().name != "emulator":
            return False
        with self._lock:
            if not self.installed:
                self._register()
                self.installed = True
        return True

    def _register(self) -> None:
        table = ffi.new(f"{self.table_type} *")
        table.abi_version = self.abi_version
        for member, callback in self.callbacks.items():
            setattr(table, member, getattr(lib, callback))
        status = getattr(lib, self.entry)(table)  # the emulator copies the table
        if status != ACL_SUCCESS:
            raise RuntimeError(f"the emulator refused the executor of {self.entry} (aclError {status})")
