"""Copy a ready-to-import `acl` package into another project (vendoring).

    python tools/vendor.py DEST [--name NAME] [--replace]

writes DEST/NAME (default NAME: acl) holding the package's Python sources, the cffi extension
built for the interpreter running this script (CPython or PyPy) and the emulator library. The
package imports itself only relatively, so `import mytool._vendor.acl` works beside an installed
`acl`. Run it with each interpreter the tool supports; each run adds that interpreter's extension.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "acl"
# Build intermediates and caches that are not part of a vendored package.
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "_acl_cffi.c", "*.o")


def built_extension(package: Path) -> Path | None:
    """The package's extension module importable by this interpreter, if one is built."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = package / "_generated" / f"_acl_cffi{suffix}"
        if candidate.is_file():
            return candidate
    return None


def ensure_built(target: Path) -> None:
    """Give `target` an extension for this interpreter and the emulator, building what is missing."""
    sys.path.insert(0, str(ROOT))
    try:
        import build_ffi  # the repository's build script: one way to build, here as for wheels
    finally:
        sys.path.pop(0)
    if built_extension(target) is None:
        build_ffi.build_extension(target / "_generated")
    if not (target / "_emulator" / "libaclemu.so").is_file():
        build_ffi.build_emulator(target / "_emulator")


def same_package(target: Path) -> bool:
    """Whether `target` is an earlier copy of this same package (adding an interpreter to it is fine)."""
    init = target / "__init__.py"
    return init.is_file() and init.read_bytes() == (PACKAGE / "__init__.py").read_bytes()


def vendor(dest: Path, name: str, replace: bool) -> Path:
    if not name.isidentifier():
        raise SystemExit(f"vendor.py: --name {name!r} is not a Python identifier")
    if not (PACKAGE / "__init__.py").is_file():
        raise SystemExit(f"vendor.py: no acl package at {PACKAGE}")
    target = dest / name
    if target.exists():
        if replace:
            shutil.rmtree(target)
        elif not same_package(target):
            raise SystemExit(f"vendor.py: {target} exists and is not a copy of this acl; "
                             "pass --replace to overwrite it")
    dest.mkdir(parents=True, exist_ok=True)
    # Keep extensions other interpreters built into an existing copy (CPython and PyPy side by side).
    shutil.copytree(PACKAGE, target, ignore=SKIPPED, dirs_exist_ok=True)
    ensure_built(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="directory that will hold the package")
    parser.add_argument("--name", default="acl", help="the package's directory name (default: acl)")
    parser.add_argument("--replace", action="store_true", help="overwrite an existing copy")
    args = parser.parse_args(argv)
    target = vendor(args.dest, args.name, args.replace)
    print(f"vendored {target} for {sys.implementation.name} {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
