"""Build the cffi extension and the emulator library.

`python build_ffi.py` builds both in place (acl/_generated/_acl_cffi*.so, acl/_emulator/libaclemu.so)
for development; hatch_build.py calls the same functions for wheels.
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

ROOT = Path(__file__).resolve().parent
GENERATED = ROOT / "acl" / "_generated"
NATIVE = ROOT / "acl" / "_native"  # hand-written C the generator cannot produce (callbacks, threads)
EMULATOR_SOURCES = ROOT / "emulator"
HEADERS = ROOT / "headers"
MODULE_NAME = "acl._generated._acl_cffi"

IS_PYPY = platform.python_implementation() == "PyPy"


def _native_parts(suffix: str) -> str:
    """Hand-written additions, one pair of files per concern: acl/_native/<name>.cdef and <name>.c."""
    return "".join(p.read_text(encoding="utf-8") + "\n" for p in sorted(NATIVE.glob(f"*{suffix}")))


def make_ffi():  # -> cffi.FFI (cffi is imported lazily: it is a build-time need only)
    import cffi

    ffi = cffi.FFI()
    ffi.cdef((GENERATED / "cdef.h").read_text(encoding="utf-8") + _native_parts(".cdef"))
    source = (GENERATED / "shims.c").read_text(encoding="utf-8") + _native_parts(".c")
    ffi.set_source(
        MODULE_NAME,
        source,
        libraries=["dl"],
        extra_compile_args=["-O1", "-w"],  # generated code; -O1 keeps a 1,300-function build quick
        py_limited_api=not IS_PYPY,
    )
    return ffi


def build_extension(out_dir: Path) -> Path:
    """Compile the extension; return the path of the .so placed in out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="acl-cffi-build-") as tmp:
        built = Path(make_ffi().compile(tmpdir=tmp, verbose=bool(os.environ.get("ACL_BUILD_VERBOSE"))))
        target = out_dir / built.name
        for stale in out_dir.glob("_acl_cffi*.so"):
            stale.unlink()
        shutil.copy2(built, target)
    return target


def build_emulator(out_dir: Path, cc: str | None = None) -> Path:
    """Compile emulator/*.c plus the generated not-supported stubs into libaclemu.so."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "libaclemu.so"
    sources = sorted(str(p) for p in EMULATOR_SOURCES.glob("*.c"))
    stubs = GENERATED / "emulator_stubs.c"
    if stubs.is_file():
        sources.append(str(stubs))
    compiler = cc or os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    cmd = [
        *compiler.split()[:1],
        "-std=c11", "-O2", "-fPIC", "-shared", "-pthread", "-Wall", "-Wextra",
        # acl/dvpp and acl/media headers include their neighbours by bare name, as in CANN.
        f"-I{HEADERS}", f"-I{HEADERS / 'acl' / 'dvpp'}", f"-I{HEADERS / 'acl' / 'media'}",
        f"-I{EMULATOR_SOURCES}",
        "-o", str(target), *sources, "-ldl", "-lm",
    ]
    subprocess.run(cmd, check=True)
    return target


def main() -> int:
    ext = build_extension(GENERATED)
    emu = build_emulator(ROOT / "acl" / "_emulator")
    print(f"built {ext.relative_to(ROOT)} and {emu.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
