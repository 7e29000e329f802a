"""Command line: `python -m tests.fuzz [--cases N] [--seed S] [--budget SECONDS] [--only PREFIX]`.

Run from the repository root. With a budget longer than one round, rounds repeat with new seeds
until the budget is spent. Exit status 1 when any crash or hang falls outside inherent.json.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("ACL_BACKEND", "emulator")  # the fuzzer targets the emulator
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # as pytest's pythonpath = ["tests"]

from fuzz.inherent import inherent_crashes
from fuzz.runner import Report, Settings, fuzz
from fuzz.surface import public_targets


def _print(report: Report, inherent: dict[str, str], seed: int) -> None:
    print(f"seed {seed}: {report.functions} functions, {report.calls} calls, {report.seconds:.0f} s")
    for finding in report.findings:
        tag = "inherent" if finding.qualname in inherent else "FINDING"
        alone = "reproduces alone" if finding.alone else "needs earlier functions' state"
        print(f"  {tag}: {finding.qualname}: {finding.outcome} ({alone})\n    {finding.case}")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--cases", type=int, default=24, help="argument tuples per function")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--budget", type=float, default=0.0,
                        help="seconds: repeat rounds with new seeds until spent (default: one round)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--hang", type=float, default=20.0, help="seconds of silence that count as a hang")
    parser.add_argument("--only", default="", help="only functions whose name starts with this")
    options = parser.parse_args()
    names = [t.qualname for t in public_targets() if t.qualname.startswith(options.only)]
    inherent = inherent_crashes()
    deadline = time.monotonic() + options.budget
    seed, failed = options.seed, False
    while True:
        remaining = max(deadline - time.monotonic(), 0.0) if options.budget else float("inf")
        report = fuzz(names, Settings(seed, options.cases, options.hang), options.jobs, remaining)
        _print(report, inherent, seed)
        failed = failed or bool(report.unexpected(inherent))
        seed += 1
        if time.monotonic() >= deadline:
            return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
