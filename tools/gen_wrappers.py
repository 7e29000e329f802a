#!/usr/bin/env python3
"""Generate the `acl` binding from AscendCL headers.

    python tools/gen_wrappers.py [--include DIR] [--root DIR] [--check] [--report]
                                 [--verify-against DIR]

--include   the include root, holding acl/acl.h: our headers/ (default) or a CANN release's include/
--root      where acl/_generated/ and emulator/generated/ are written (default: this repository)
--check     write nothing; exit 1 naming every file that differs from what would be generated
--report    print the release the headers declare (acl.h's ACL_*_VERSION), then per-module counts:
            bound directly / with a wrapper / hand-written, skipped, unbound
--verify-against DIR
            compile a C++ unit including DIR's headers that static_asserts every generated
            prototype, struct layout and enum value; exit 1 on any mismatch
Nothing is written unless everything was generated; a malformed header fails with file:line.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))

from aclgen import output  # noqa: E402
from aclgen.emit.libraries import release_of  # noqa: E402
from aclgen.front.include_root import include_root_problem  # noqa: E402
from aclgen.front.parse import HeaderError  # noqa: E402
from aclgen.pipeline import generate, report  # noqa: E402
from aclgen.verify.cxx_check import run_verify  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--include", type=Path, default=ROOT / "headers", help="include root")
    parser.add_argument("--root", type=Path, default=ROOT, help="output root")
    parser.add_argument("--check", action="store_true", help="fail if the output on disk differs")
    parser.add_argument("--report", action="store_true", help="print what was bound, skipped and why")
    parser.add_argument(
        "--verify-against", type=Path, metavar="DIR", help="check the IR against DIR's headers"
    )
    parser.add_argument("--time", action="store_true", help="print how long generation took")
    args = parser.parse_args(argv)

    if not args.include.is_dir():
        print(f"gen_wrappers: include directory not found: {args.include}", file=sys.stderr)
        return 2
    problem = include_root_problem(args.include)
    if problem:
        print(f"gen_wrappers: {problem}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        gen = generate(args.include)
    except HeaderError as exc:
        print(f"gen_wrappers: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    if args.time:
        print(f"generated {len(gen.files)} files from {args.include} in {elapsed:.2f} s")
    if args.report:
        print(f"release: {release_of(gen.api)} (from {args.include})")
        print(report(gen))

    status = 0
    if args.verify_against:
        problems = run_verify(gen.api, args.verify_against)
        for problem in problems:
            print(f"verify: {problem}", file=sys.stderr)
        verdict = "OK" if not problems else f"{len(problems)} problems"
        print(f"verify against {args.verify_against}: {verdict}")
        status = 1 if problems else 0

    if args.check:
        problems = output.drift(args.root, gen.files)
        for problem in problems:
            print(f"drift: {args.root / problem}", file=sys.stderr)
        if problems:
            print("gen_wrappers --check: generated code is out of date; run tools/gen_wrappers.py",
                  file=sys.stderr)
            return 1
        print(f"gen_wrappers --check: {len(gen.files)} files under {args.root} are up to date")
        return status
    if not args.verify_against or args.root != parser.get_default("root"):
        try:
            output.write_all(args.root, gen.files)
        except output.ForeignFilesError as exc:
            print(f"gen_wrappers: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {len(gen.files)} files under {args.root}")
    return status


def run(argv: list[str] | None = None) -> int:
    """main(), except that a reader closing the pipe early (`--report | head`) ends it quietly."""
    try:
        status = main(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 0


if __name__ == "__main__":
    sys.exit(run())
