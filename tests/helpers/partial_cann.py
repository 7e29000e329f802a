"""Building the partial fake CANN library (tests/helpers/partial_ascendcl.c) into a directory."""

from __future__ import annotations

from pathlib import Path

from helpers.compile_c import compile_c

SOURCE = Path(__file__).resolve().parent / "partial_ascendcl.c"
EXPORTED = ("aclInit", "aclFinalize", "aclrtGetVersion", "aclrtGetSocName", "aclrtGetDeviceCount")


def exported_and_bound() -> tuple[str, ...]:
    """The functions of EXPORTED the binding under test declares: a release may lack one (1.0.0 has
    no aclrtGetSocName), and a function the binding does not declare is never looked up."""
    from helpers.binding import binding_functions

    return tuple(name for name in EXPORTED if name in binding_functions())
SOC_NAME = "Partial-Fake-SoC"
VERSION = (42, 17, 3)
DEVICE_COUNT = 7


def build_partial_cann(directory: Path) -> Path:
    """Compile libascendcl.so into `directory` (which then looks like a CANN lib64) and return its path."""
    directory.mkdir(parents=True, exist_ok=True)
    defines = [
        f'-DPARTIAL_SOC_NAME="{SOC_NAME}"', f"-DPARTIAL_DEVICE_COUNT={DEVICE_COUNT}",
        *(f"-DPARTIAL_VERSION_{part}={value}" for part, value in zip(("MAJOR", "MINOR", "PATCH"), VERSION)),
    ]
    return compile_c([SOURCE], directory / "libascendcl.so", shared=True, flags=defines)
