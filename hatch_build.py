"""Hatchling wheel hook: compile the cffi extension and the emulator library into the wheel.

With ACL_INCLUDE set to a CANN release's include directory (the one holding acl/acl.h), the wheel's
binding is first regenerated from those headers (tools/gen_wrappers.py --include), so it is a
binding of exactly that release; the emulator is still built from the repository's headers/.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class AclBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # Regenerating runs the generator, whose parser an isolated build environment would lack;
        # asked here rather than in build-system.requires so a plain build does not fetch it.
        if os.environ.get("ACL_INCLUDE"):
            return ["pycparser>=3"]
        return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sys.path.insert(0, str(root))
        try:
            import build_ffi
        finally:
            sys.path.pop(0)

        build_data["pure_python"] = False
        include = os.environ.get("ACL_INCLUDE")
        if include and version == "editable":
            raise RuntimeError("ACL_INCLUDE regenerates a wheel's binding; an editable install imports "
                               "the source tree: run tools/gen_wrappers.py --include DIR there instead")
        if version == "editable":
            # An editable install imports from the source tree: build in place.
            build_ffi.build_extension(root / "acl" / "_generated")
            build_ffi.build_emulator(root / "acl" / "_emulator")
            build_data["infer_tag"] = True
            return

        # Outside the wheel's output directory, which must hold only wheels; removed in finalize().
        self._scratch = tempfile.mkdtemp(prefix="ascendcl-cffi-wheel-")
        out = Path(self._scratch)
        generated = build_ffi.GENERATED
        if include:
            generated = self._regenerate(root, Path(include).expanduser().resolve(), out / "regenerated")
            for path in sorted(generated.iterdir()):
                # what the wheel ships of acl/_generated (pyproject.toml's wheel excludes)
                if path.suffix in (".py", ".pyi") or path.name == "py.typed":
                    build_data["force_include"][str(path)] = f"acl/_generated/{path.name}"
        ext = build_ffi.build_extension(out / "ext", generated)
        emu = build_ffi.build_emulator(out / "emu")
        build_data["force_include"][str(ext)] = f"acl/_generated/{ext.name}"
        build_data["force_include"][str(emu)] = "acl/_emulator/libaclemu.so"
        if platform.python_implementation() == "CPython":
            plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
            build_data["tag"] = f"cp39-abi3-{plat}"
        else:
            build_data["infer_tag"] = True

    @staticmethod
    def _regenerate(root: Path, include: Path, out: Path) -> Path:
        """Generate the binding from `include` under `out`; return its acl/_generated directory."""
        result = subprocess.run(
            [sys.executable, str(root / "tools" / "gen_wrappers.py"), "--include", str(include),
             "--root", str(out)],
            capture_output=True, text=True, check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"ACL_INCLUDE={include}: the binding could not be generated from it:\n"
                               + result.stderr.strip())
        print(f"ascendcl-cffi: binding regenerated from {include}: {result.stdout.strip()}", file=sys.stderr)
        return out / "acl" / "_generated"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
