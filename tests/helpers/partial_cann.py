"""Building the partial fake CANN library (tests/helpers/partial_ascendcl.c) into a directory."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from helpers.subproc import REPO_ROOT

SOURCE = Path(__file__).resolve().parent / "partial_ascendcl.c"
EXPORTED = ("aclInit", "aclFinalize", "aclrtGetVersion", "aclrtGetSocName", "aclrtGetDeviceCount")
SOC_NAME = "Partial-Fake-SoC"
VERSION = (42, 17, 3)
DEVICE_COUNT = 7


def build_partial_cann(directory: Path) -> Path:
    """Compile libascendcl.so into `directory` (which then looks like a CANN lib64) and return its path."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise RuntimeError("a C compiler (cc or gcc) is needed to build the partial CANN library")
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / "libascendcl.so"
    subprocess.run(
        [compiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared",
         f"-I{REPO_ROOT / 'headers'}",
         f'-DPARTIAL_SOC_NAME="{SOC_NAME}"', f"-DPARTIAL_DEVICE_COUNT={DEVICE_COUNT}",
         *(f"-DPARTIAL_VERSION_{part}={value}" for part, value in zip(("MAJOR", "MINOR", "PATCH"), VERSION)),
         "-o", str(target), str(SOURCE)],
        check=True,
        capture_output=True,
        text=True,
    )
    return target
