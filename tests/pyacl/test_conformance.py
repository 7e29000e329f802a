"""Conformance with the official pyACL surface, row by row of tools/data/pyacl.json.

Every row names a function in a module, the kinds of its positional arguments and the shape of
its result. The sweep (conformance_sweep.py, in a child process on the emulator) calls each
function with one value per kind and checks that it exists, accepts those kinds (no TypeError) and
returns the documented shape: bare ret, n-tuple with ret last, bare value, or None. A row that
crashes or hangs the child is recorded as such and the sweep goes on in a new child. The test
prints a per-module table and fails listing every row that does not conform.

Rows compiled only with USE_MDL are not in pyACL's public build: they are shown, not required.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from helpers.pyacl_table import pyacl_rows
from helpers.subproc import REPO_ROOT, clean_env

SWEEP = Path(__file__).with_name("conformance_sweep.py")
ROW_TIMEOUT_S = 20.0  # no progress for this long: the row hung
# before its first row the child imports acl, which takes seconds on a loaded machine (PyPy)
STARTUP_TIMEOUT_S = 120.0


def _read_progress(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.endswith("}")]


def run_sweep(rows: list[dict[str, Any]], workdir: Path) -> dict[int, dict[str, Any]]:
    """Outcome per row index; rows that killed or hung a child get `crashed`/`hung` details."""
    rows_file, progress_file = workdir / "rows.json", workdir / "progress.jsonl"
    rows_file.write_text(json.dumps(rows), encoding="utf-8")
    outcomes: dict[int, dict[str, Any]] = {}
    start = 0
    while start < len(rows):
        child = subprocess.Popen(
            [sys.executable, str(SWEEP), str(rows_file), str(start), str(progress_file)],
            env=clean_env({"ACL_BACKEND": "emulator"}),
            cwd=str(REPO_ROOT),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        baseline = len(_read_progress(progress_file))  # entries of earlier children
        last_change, seen = time.monotonic(), baseline
        hung = False
        while child.poll() is None:
            time.sleep(0.05)
            count = len(_read_progress(progress_file))
            if count != seen:
                last_change, seen = time.monotonic(), count
            elif time.monotonic() - last_change > (ROW_TIMEOUT_S if seen > baseline else STARTUP_TIMEOUT_S):
                child.kill()
                hung = True
        stderr = child.communicate()[1]
        entries = _read_progress(progress_file)
        for entry in entries:
            if entry["phase"] == "done":
                outcomes[entry["i"]] = entry
        started = [e["i"] for e in entries if e["phase"] == "start" and e["i"] not in outcomes]
        if child.returncode == 0 and not started:
            break
        if not started:  # died before reaching a row
            raise AssertionError(f"the sweep child failed early (exit {child.returncode}):\n{stderr[-3000:]}")
        culprit = max(started)
        reason = f"hung for {ROW_TIMEOUT_S:.0f} s" if hung else f"crashed the child (exit {child.returncode})"
        outcomes[culprit] = {"present": True, "accepts": False, "shape_ok": False, "detail": reason}
        start = culprit + 1
    return outcomes


def table(rows: list[dict[str, Any]], outcomes: dict[int, dict[str, Any]]) -> str:
    stats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for i, row in enumerate(rows):
        s, o = stats[row["module"]], outcomes[i]
        s["rows"] += 1
        s["USE_MDL"] += bool(row["conditional_compile"])
        s["present"] += o["present"]
        s["shape matches"] += o["present"] and o["accepts"] and o["shape_ok"]
        s["missing"] += not o["present"]
        if row["ignores_extra_args"]:
            s["no-arg rows"] += 1
            s["extra args ok"] += bool(o.get("extra_args_accepted"))
    columns = ["rows", "USE_MDL", "present", "shape matches", "missing", "no-arg rows", "extra args ok"]
    lines = [f"{'module':<10}" + "".join(f"{c:>15}" for c in columns)]
    totals: dict[str, int] = defaultdict(int)
    for module, s in stats.items():
        lines.append(f"{module:<10}" + "".join(f"{s[c]:>15}" for c in columns))
        for c in columns:
            totals[c] += s[c]
    lines.append(f"{'total':<10}" + "".join(f"{totals[c]:>15}" for c in columns))
    return "\n".join(lines)


def nonconforming(rows: list[dict[str, Any]], outcomes: dict[int, dict[str, Any]]) -> list[str]:
    failures = []
    for i, row in enumerate(rows):
        if row["conditional_compile"]:
            continue
        o = outcomes[i]
        problems = []
        if not o["present"]:
            problems.append("missing")
        elif not (o["accepts"] and o["shape_ok"]):
            problems.append(o["detail"])
        if o.get("optional_omitted_ok") is False:
            problems.append("fails when the optional argument is left out")
        if problems:
            signature = f"({', '.join(row['args'])}) -> {row['returns']}"
            failures.append(f"{row['module']}.{row['name']}{signature}: {'; '.join(problems)}")
    return failures


def test_every_pyacl_row_exists_accepts_its_argument_kinds_and_returns_its_shape(tmp_path: Path) -> None:
    rows = pyacl_rows()
    outcomes = run_sweep(rows, tmp_path)
    assert sorted(outcomes) == list(range(len(rows)))
    print()
    print(table(rows, outcomes))
    failures = nonconforming(rows, outcomes)
    public = sum(not row["conditional_compile"] for row in rows)
    print(f"\n{len(failures)} of {public} public rows do not conform")
    print("\n".join(failures))
    assert failures == [], f"{len(failures)} pyACL rows do not conform:\n" + "\n".join(failures)


def _synthetic_row(module: str, name: str, args: list[str], returns_kind: str = "none") -> dict[str, Any]:
    return {
        "module": module,
        "name": name,
        "args": args,
        "returns": "None",
        "returns_kind": returns_kind,
        "tuple_len": None,
        "ignores_extra_args": False,
        "callback": False,
        "notes": None,
        "conditional_compile": None,
    }


def test_the_sweep_records_a_crashing_or_hanging_row_and_goes_on(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(sys.modules[__name__], "ROW_TIMEOUT_S", 3.0)
    rows = [
        _synthetic_row("os", "abort", []),
        _synthetic_row("signal", "pause", []),
        {**_synthetic_row("acl.rt", "get_run_mode", [], "tuple"), "returns": "(mode, ret)", "tuple_len": 2},
        _synthetic_row("acl.rt", "no_such_function", []),
    ]
    outcomes = run_sweep(rows, tmp_path)
    assert "crashed the child" in outcomes[0]["detail"]
    assert outcomes[1]["detail"] == "hung for 3 s"
    assert outcomes[2]["shape_ok"] and outcomes[2]["accepts"]
    assert not outcomes[3]["present"]
    assert [line.split(":")[1].strip() for line in nonconforming(rows, outcomes)] == [
        "crashed the child (exit -6)",
        "hung for 3 s",
        "missing",
    ]
