"""Hatchling wheel hook: compile the cffi extension and the emulator library into the wheel."""

from __future__ import annotations

import platform
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class AclBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sys.path.insert(0, str(root))
        try:
            import build_ffi
        finally:
            sys.path.pop(0)

        build_data["pure_python"] = False
        if version == "editable":
            # An editable install imports from the source tree: build in place.
            build_ffi.build_extension(root / "acl" / "_generated")
            build_ffi.build_emulator(root / "acl" / "_emulator")
            build_data["infer_tag"] = True
            return

        # Outside the wheel's output directory, which must hold only wheels; removed in finalize().
        self._scratch = tempfile.mkdtemp(prefix="ascendcl-cffi-wheel-")
        out = Path(self._scratch)
        ext = build_ffi.build_extension(out / "ext")
        emu = build_ffi.build_emulator(out / "emu")
        build_data["force_include"][str(ext)] = f"acl/_generated/{ext.name}"
        build_data["force_include"][str(emu)] = "acl/_emulator/libaclemu.so"
        if platform.python_implementation() == "CPython":
            plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
            build_data["tag"] = f"cp39-abi3-{plat}"
        else:
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
