"""python -m benchmarks [--quick] [--output PATH] [--no-pypy] [--pypy PATH] [--markdown PATH]
python -m benchmarks --render [results.json]   (print the markdown of an earlier run)"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.report import render_markdown
from benchmarks.runner import RESULTS_PATH, Config, run, write_results
from benchmarks.targets import MISS

QUICK_RESULTS_PATH = RESULTS_PATH.parent / "_build" / "results-quick.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Call-overhead and throughput benchmarks of the acl binding against a pyACL-style "
        "C extension, ctypes, numpy; on the emulator backend.",
    )
    parser.add_argument("--quick", action="store_true", help="a few seconds, for CI smoke runs (no PyPy)")
    parser.add_argument("--output", type=Path, help=f"results JSON (default {RESULTS_PATH.name}; "
                        "quick runs default to _build/results-quick.json)")
    parser.add_argument("--markdown", type=Path, help="also write the markdown report here")
    parser.add_argument("--no-pypy", action="store_true", help="skip the PyPy run")
    parser.add_argument("--pypy", metavar="PATH", help="PyPy interpreter (default: pypy3 on PATH); "
                        "in quick mode, giving it turns the PyPy run on")
    parser.add_argument("--repeats", type=int, help="repeats per measurement")
    parser.add_argument("--render", nargs="?", const=RESULTS_PATH, type=Path, metavar="RESULTS",
                        help="only print the markdown report of an earlier run's results JSON")
    args = parser.parse_args(argv)
    if args.render:
        print(render_markdown(json.loads(args.render.read_text(encoding="utf-8"))))
        return 0

    config = Config.quick_mode() if args.quick else Config()
    if args.pypy:
        config.pypy, config.pypy_path = True, args.pypy
    if args.no_pypy:
        config.pypy = False
    if args.repeats:
        config.repeats = args.repeats
    results = run(config)
    markdown = render_markdown(results)
    print(markdown)
    output = args.output or (QUICK_RESULTS_PATH if args.quick else RESULTS_PATH)
    write_results(results, output)
    if args.markdown:
        args.markdown.write_text(markdown, encoding="utf-8")
    missed = sum(t["status"] == MISS for t in results["targets"])
    print(f"results written to {output}; {missed} target(s) missed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
