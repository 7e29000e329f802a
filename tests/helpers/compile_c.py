"""The one way tests compile C (and C++): warnings are errors, include paths as in the package build.

A missing compiler skips the test with a reason naming the compiler, instead of failing it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from helpers.repo import REPO_ROOT

# isort: split
import build_ffi  # importable once helpers.repo put the repository root on the path

C_FLAGS = ("-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-pthread")
CXX_FLAGS = ("-std=c++11", "-Wall", "-Wextra", "-Werror")
# headers/ plus the folders whose headers include their neighbours by bare name, and emulator/.
INCLUDES = tuple(f"-I{d}" for d in build_ffi.include_dirs())


def c_compiler() -> str:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    found = shutil.which(compiler) or shutil.which("gcc")
    if found is None:
        pytest.skip(f"needs a C compiler (gcc; tried {compiler!r})")
    return found


def cxx_compiler() -> str:
    found = shutil.which("g++")
    if found is None:
        pytest.skip("needs g++ (the C++ compiler), which is not installed")
    return found


def compile_c(
    sources: Iterable[Path | str],
    output: Path,
    *,
    shared: bool = False,
    flags: Sequence[str] = (),
    link: Sequence[str] = (),
    cxx: bool = False,
) -> Path:
    """Compile `sources` into `output` (an executable, or a shared library when `shared`)."""
    compiler = cxx_compiler() if cxx else c_compiler()
    command = [
        compiler,
        *(CXX_FLAGS if cxx else C_FLAGS),
        *(("-fPIC", "-shared") if shared else ()),
        *INCLUDES,
        *flags,
        "-o", str(output),
        *map(str, sources),
        *link,
    ]
    result = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stderr}"
    return output


def link_emulator(library: Path) -> list[str]:
    """Linker arguments for a program that calls the emulator library `library` directly."""
    return [f"-L{library.parent}", f"-l:{library.name}", f"-Wl,-rpath,{library.parent}", "-lm"]


def build_test_emulator(out_dir: Path, sanitize: str | None = None) -> Path:
    """The package's own emulator build recipe, with warnings as errors (sanitized if asked)."""
    c_compiler()
    return build_ffi.build_emulator(out_dir, werror=True, sanitize=sanitize)
