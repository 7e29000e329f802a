"""`python -m acl info [--missing] [MODEL.om]`: what is loaded and how much of the API it provides,
and what an offline model file is. `python -m acl prof DIR [--html OUT]`: an aclprof result."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Optional

# The reviewed table of the APIs the emulator leaves unsupported on purpose.
HARDWARE_ONLY = Path(__file__).resolve().parent / "hardware_only.json"


def hardware_only() -> dict[str, tuple[str, list[str]]]:
    """header -> (one-line reason, C function names) of the board-hardware headers in the table."""
    table = json.loads(HARDWARE_ONLY.read_text(encoding="utf-8"))
    return {row["header"]: (row["reason"], row["functions"]) for row in table["headers"]}


def hardware_only_functions() -> dict[str, str]:
    """C function name -> one-line reason, for the single functions outside those headers."""
    table = json.loads(HARDWARE_ONLY.read_text(encoding="utf-8"))
    return {row["function"]: row["reason"] for row in table.get("functions", ())}


def _emulator_unimplemented(names: list[str]) -> Optional[list[str]]:
    """C names the emulator only stubs (returns ACL_ERROR_API_NOT_SUPPORT), if it can tell."""
    from ._generated._acl_cffi import lib

    if not lib._aclemu_has(b"aclemuIsImplemented"):
        return None
    return [n for n in names if not lib._aclemu_IsImplemented(n.encode())]


def _emulator_compute() -> Optional[str]:
    """How the emulator's kernels run: threads, and the BLAS its float32 GEMM uses."""
    from ._generated._acl_cffi import ffi, lib

    if not lib._aclemu_has(b"aclemuComputeInfo"):
        return None
    text = ffi.new("char[]", 1024)
    return ffi.string(text).decode(errors="replace") if lib._aclemu_ComputeInfo(text, 1024) == 0 else None


def info(show_missing: bool) -> int:
    acl = sys.modules[__package__]  # the package under whatever name it was imported (vendoring)
    from . import _backend

    backend = _backend.current()
    print(f"backend:    {backend.name}")
    for path in backend.libraries:
        print(f"library:    {path}")
    try:
        major, minor, patch, ret = acl.get_version()
        known = ret == acl.ACL_SUCCESS
        print(f"version:    {major}.{minor}.{patch}" if known else f"version:    unknown (error {ret})")
    except acl.FunctionNotAvailableError:
        print("version:    unknown (aclrtGetVersion is not exported)")
    try:
        print(f"soc:        {acl.get_soc_name()}")
    except acl.FunctionNotAvailableError:
        print("soc:        unknown (aclrtGetSocName is not exported)")
    try:
        count, ret = acl.rt.get_device_count()
        print(f"devices:    {count}" if ret == acl.ACL_SUCCESS else f"devices:    unknown (error {ret})")
    except acl.FunctionNotAvailableError:
        print("devices:    unknown (aclrtGetDeviceCount is not exported)")
    missing = _backend.missing_functions()
    print(
        f"functions:  {backend.functions_available} available, {len(missing)} missing "
        f"of {backend.functions_total}"
    )
    unimplemented = None
    if backend.name == "emulator":
        from ._generated._acl_cffi import ffi, lib

        all_names = [ffi.string(lib._aclffi_name(i)).decode() for i in range(lib._aclffi_count())]
        unimplemented = _emulator_unimplemented(all_names)
        if unimplemented is not None:
            print(
                f"emulated:   {len(all_names) - len(unimplemented)} implemented, "
                f"{len(unimplemented)} return ACL_ERROR_API_NOT_SUPPORT"
            )
            _print_hardware_only(set(unimplemented), show_missing)
        compute = _emulator_compute()
        if compute is not None:
            print(f"compute:    {compute}")
    if show_missing:
        for name in missing:
            print(f"missing:    {name}")
        for name in unimplemented or ():
            print(f"not emulated: {name}")
    return 0


def _print_hardware_only(unimplemented: set[str], show_missing: bool) -> None:
    """The hardware-only share of the unimplemented functions, one line per header with --missing."""
    table = hardware_only()
    count = sum(len(unimplemented.intersection(names)) for _, names in table.values())
    print(
        f"hardware:   {count} of them are board-hardware APIs (ISP, VI, VO, audio, HDMI, ...), "
        f"not emulated by design"
    )
    singles = {name: why for name, why in hardware_only_functions().items() if name in unimplemented}
    print(
        f"needs CANN: {len(singles)} of them need a part of CANN or of the device the emulator does not have"
    )
    if show_missing:
        for header, (reason, names) in table.items():
            print(f"hardware only: {header} ({len(unimplemented.intersection(names))}): {reason}")
        for name, reason in singles.items():
            print(f"not emulated by design: {name}: {reason}")


def model_info(path: str) -> int:
    from . import _om

    try:
        lines = _om.describe(path)
    except (OSError, _om.OmFormatError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m acl", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_info = sub.add_parser("info", help="backend, library files, version, devices, API coverage")
    p_info.add_argument("--missing", action="store_true", help="list the functions that are not available")
    p_info.add_argument("model", nargs="?", help="an offline model (.om) file to describe")
    p_prof = sub.add_parser("prof", help="top ops and APIs of an aclprof result directory; --html draws it")
    p_prof.add_argument("directory", help="the directory given to aclprofInit")
    p_prof.add_argument("--top", type=int, default=20, help="rows per table (default 20)")
    p_prof.add_argument("--html", metavar="OUT", help="also write a self-contained HTML timeline")
    args = parser.parse_args(argv)
    if args.command == "prof":
        from . import _prof_report

        return _prof_report.main(args.directory, args.top, args.html)
    if args.command == "info":
        status = info(args.missing)
        return status or (model_info(args.model) if args.model else 0)
    return 2


if __name__ == "__main__":
    sys.exit(main())
