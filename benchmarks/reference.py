"""Compile and import the pyACL-style reference extension (benchmarks/pyacl_reference.c).

Built on the fly into benchmarks/_build/ against our headers and linked to the same emulator
library the binding loads, so both call the very same C functions in the same library instance.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from benchmarks.functions import FUNCTIONS, HELPERS

HERE = Path(__file__).resolve().parent
BUILD_DIR = HERE / "_build"
SOURCE = HERE / "pyacl_reference.c"
MODULE = "_pyacl_reference"


class ReferenceBuildError(RuntimeError):
    """The reference extension could not be compiled."""


def _compiler() -> list[str]:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shlex.split(cc)[:1]


def build(library_path: str, headers_dir: Path) -> Path:
    """Compile the extension (unless an identical build exists) and return its path."""
    library = Path(library_path).resolve()
    include = sysconfig.get_paths()["include"]
    import numpy  # the util helpers use numpy's C API, as pyACL's do

    numpy_include = numpy.get_include()
    key = hashlib.sha256(
        b"\0".join(
            [SOURCE.read_bytes(), str(library).encode(), str(headers_dir).encode(), sys.version.encode(),
             numpy_include.encode()]
        )
    ).hexdigest()[:12]
    out_dir = BUILD_DIR / f"reference-{key}"
    target = out_dir / (MODULE + sysconfig.get_config_var("EXT_SUFFIX"))
    if target.is_file():
        return target
    out_dir.mkdir(parents=True, exist_ok=True)
    cmd = [
        *_compiler(),
        "-std=c11", "-O2", "-fPIC", "-shared", "-Wall", "-Wextra",
        f"-I{include}", f"-I{numpy_include}", f"-I{headers_dir}",
        "-o", str(target), str(SOURCE),
        # link by directory + name and record the directory, so the loader maps the file the
        # binding already opened (same inode): one emulator state for both
        f"-L{library.parent}", f"-l:{library.name}", f"-Wl,-rpath,{library.parent}",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise ReferenceBuildError(f"{shlex.join(cmd)}\n{proc.stderr}")
    return target


@functools.cache  # one module object per process, however many callers
def load(library_path: str, headers_dir: Path) -> ModuleType:
    path = build(library_path, headers_dir)
    spec = importlib.util.spec_from_file_location(MODULE, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def functions(library_path: str, headers_dir: Path) -> dict[str, Callable[..., Any]]:
    """pyACL-shaped callables (short names) from the reference extension."""
    module = load(library_path, headers_dir)
    return {name: getattr(module, name) for name in (*FUNCTIONS, *HELPERS)}
