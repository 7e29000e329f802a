"""The benchmark harness (benchmarks/) runs end to end in quick mode and writes well-formed results.

No timing is asserted: the machine is shared and noisy. What is checked is that every part
ran over all three implementations and that the report and the target verdicts are complete.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from typing import Any

import pytest
from helpers.repo import REPO_ROOT

# isort: split
from benchmarks import render_markdown, targets, timing  # importable once helpers.repo ran
from benchmarks.breakdown import CALLS as BREAKDOWN_CALLS
from benchmarks.call_classes import CASES
from benchmarks.functions import FUNCTIONS

IMPLEMENTATIONS = ("ours", "reference", "ctypes")


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("bench")
    code = (
        "import sys; "
        f"sys.path.append({str(REPO_ROOT)!r}); "
        "from benchmarks.__main__ import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    argv = [sys.executable, "-c", code, "--quick", "--output", str(out / "results.json"),
            "--markdown", str(out / "results.md")]
    proc = subprocess.run(argv, cwd=str(out), capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    results = json.loads((out / "results.json").read_text())
    # a binding regenerated from a release lacking a function the benchmarks call records the
    # binding's FunctionNotAvailableError as that part's result: say which, in full
    sentence = r"[\w.]+ needs the C function \w+, which the headers[^'\"]*"
    unavailable = re.findall(sentence, json.dumps(results))
    assert not unavailable, unavailable[0]
    return {"stdout": proc.stdout, "results": results, "markdown": (out / "results.md").read_text()}


def _positive(value: Any) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value > 0


def test_every_call_class_is_measured_for_every_implementation(quick_run: dict[str, Any]) -> None:
    results = quick_run["results"]
    assert results["implementations"]["unavailable"] == {}
    records = results["call_classes"]
    assert [r["label"] for r in records] == [c.label for c in CASES]
    assert {r["class"] for r in records} == {1, 2, 3, 4, 5, 6, 7}
    for record in records:
        # class 7, acl.util's pointer helpers, calls no C API function: no ctypes baseline
        impls = [impl for impl in IMPLEMENTATIONS if record["class"] != 7 or impl != "ctypes"]
        assert sorted(record["ns"]) == sorted(impls)
        for impl in impls:
            assert _positive(record["ns"][impl]["best"]), (record["label"], impl)
            assert record["ns"][impl]["median"] >= record["ns"][impl]["best"]
        assert _positive(record["ratios"]["ours/reference"])
        assert ("ours/ctypes" in record["ratios"]) == (record["class"] != 7)


def test_breakdown_splits_our_calls_into_their_parts(quick_run: dict[str, Any]) -> None:
    breakdown = quick_run["results"]["breakdown"]
    assert "error" not in breakdown, breakdown.get("error")
    assert [c["call"].split("(")[0] for c in breakdown["calls"]] == [
        FUNCTIONS[short][0] for short, _, _ in BREAKDOWN_CALLS
    ]
    for call in breakdown["calls"]:
        for part in ("c_function", "reference", "raw_call", "public"):
            assert _positive(call["ns"][part]["best"]), (call["call"], part)
        # a wrapper reads the members of the struct its shim returns; a direct binding has none to read
        assert ("raw_call_and_reads" in call["ns"]) == bool(call["struct_members"])
        assert not (call["direct"] and call["struct_members"])
    assert all(_positive(v["best"]) for v in breakdown["floors"].values())


def test_throughput_and_import_parts_are_well_formed(quick_run: dict[str, Any]) -> None:
    results = quick_run["results"]
    throughput = results["throughput"]
    assert "error" not in throughput, throughput.get("error")
    assert [r["size"] for r in throughput["memcpy"]] == results["config"]["memcpy_sizes"]
    for record in throughput["memcpy"]:
        assert _positive(record["gb_per_s"]["ours"]) and _positive(record["gb_per_s"]["numpy"])
        assert _positive(record["bandwidth_ratio"])
    labels = [r["label"] for r in throughput["pointer_helpers"]]
    assert labels == ["acl.util.bytes_to_ptr", "acl.util.numpy_to_ptr"]
    imports = results["import_time"]
    assert "error" not in imports, imports.get("error")
    assert set(imports["median_ms"]) == {"python -c pass", "import numpy", "import acl"}
    assert isinstance(imports["acl_imports_numpy"], bool)


def test_machine_and_targets_are_reported(quick_run: dict[str, Any]) -> None:
    results = quick_run["results"]
    assert results["quick"] is True
    assert results["machine"]["cpu"] and results["machine"]["python"]["cpython"]
    verdicts = results["targets"]
    assert {t["status"] for t in verdicts} <= {targets.PASS, targets.MISS, targets.NOT_MEASURED}
    # quick mode skips PyPy; everything else must have been measured
    unmeasured = [t for t in verdicts if t["status"] == targets.NOT_MEASURED]
    assert all(t["target"].startswith("pypy/") for t in unmeasured), unmeasured
    cpython_ratio_checks = sum(
        sum(case.call_class in classes for case in CASES)
        for key, classes, _ in targets.CALL_CLASS_LIMITS
        if not key.startswith("pypy/")
    )
    memcpy_helpers_import = 1 + 2 + 2
    issue15_checks = sum(case.label in targets.ISSUE15_CALL_LIMITS for case in CASES)
    assert issue15_checks == len(targets.ISSUE15_CALL_LIMITS)
    sizes = [r["size"] for r in results["throughput"]["memcpy"]]
    memcpy_keeps = sum(s >= targets.MEMCPY_LARGE_FROM or s <= targets.MEMCPY_SMALL_UPTO for s in sizes)
    assert memcpy_keeps == sum("issue 15, keep: acl.rt.memcpy" in t["subject"] for t in verdicts) > 0
    assert len(verdicts) - len(unmeasured) == (
        cpython_ratio_checks + memcpy_helpers_import + issue15_checks + memcpy_keeps
    )


def test_markdown_report_lists_every_case_and_target(quick_run: dict[str, Any]) -> None:
    markdown = quick_run["markdown"]
    assert markdown == render_markdown(quick_run["results"])
    assert markdown in quick_run["stdout"]
    for case in CASES:
        assert f"| {case.call_class} | {case.label} |" in markdown
    assert markdown.count("**PASS**") + markdown.count("**MISS**") + markdown.count("**N/A**") == len(
        quick_run["results"]["targets"]
    )


def test_timed_loop_runs_the_statement_unroll_times_per_iteration() -> None:
    calls: list[int] = []
    loop = timing.compile_loop("tick(1)", {"tick": calls.append}, unroll=7)
    elapsed = loop(3)
    assert len(calls) == 21
    assert elapsed >= 0


def test_target_verdicts_follow_the_limits() -> None:
    def record(klass: int, ours_ref: float, ours_ctypes: float) -> dict[str, Any]:
        return {"class": klass, "label": f"case {klass}",
                "ratios": {"ours/reference": ours_ref, "ours/ctypes": ours_ctypes}}

    verdicts = targets.evaluate({"call_classes": [record(1, 1.29, 0.81), record(3, 2.6, 0.49)]})
    by_key = {(v["subject"], v["target"]): v["status"] for v in verdicts}
    assert by_key[("class 1: case 1", "ours/reference <= 1.3")] == targets.PASS
    assert by_key[("class 1: case 1", "ours/ctypes <= 0.8")] == targets.MISS
    assert by_key[("class 3: case 3", "ours/reference <= 2.5")] == targets.MISS
    assert by_key[("class 3: case 3", "ours/ctypes <= 0.5")] == targets.PASS
    assert by_key[("class 1: case 1", "pypy/reference <= 0.5")] == targets.NOT_MEASURED
    strict = targets.evaluate({"call_classes": [
        {"class": 1, "label": "acl.rt.set_device(0)", "ratios": {"ours/reference": 1.2}},
        {"class": 3, "label": "acl.rt.get_device()", "ratios": {"ours/reference": 1.2}},
    ]})
    strict_by_key = {(v["subject"], v["target"]): v["status"] for v in strict}
    no_output = ("issue 15, no output: acl.rt.set_device(0)", "ours/reference <= 1.1")
    one_output = ("issue 15, one output: acl.rt.get_device()", "ours/reference <= 1.4")
    assert strict_by_key[no_output] == targets.MISS
    assert strict_by_key[one_output] == targets.PASS
    assert by_key[("acl.rt.memcpy H2D+D2H, largest size", "bandwidth vs numpy.copyto >= 0.8")] == (
        targets.NOT_MEASURED
    )


def test_pypy_ratio_divides_the_best_of_each_side_over_alternating_rounds() -> None:
    from benchmarks.runner import _merge_pypy

    def entry(best: float) -> dict[str, Any]:
        return {"best": best, "median": best * 1.5, "samples": [best, best * 2]}

    def rounds_of(pypy: list[float], reference: list[float]) -> list[tuple[list[dict], list[dict]]]:
        return [([{"label": "a", "ns": {"ours": entry(p)}}], [{"label": "a", "ns": {"reference": entry(r)}}])
                for p, r in zip(pypy, reference)]

    records = [{"label": "a", "ns": {}, "ratios": {}}, {"label": "b", "ns": {}, "ratios": {}}]
    _merge_pypy(records, rounds_of([30.0, 20.0, 25.0], [100.0, 40.0, 80.0]))
    assert records[0]["ratios"]["pypy/reference"] == pytest.approx(20.0 / 40.0)
    assert records[0]["ns"]["pypy"]["best"] == 20.0
    assert records[0]["pypy_rounds"] == {"pypy_best": [30.0, 20.0, 25.0],
                                         "reference_best": [100.0, 40.0, 80.0]}
    assert records[1] == {"label": "b", "ns": {}, "ratios": {}}  # not run under PyPy: left alone
    no_reference = [{"label": "a", "ns": {}, "ratios": {}}]
    _merge_pypy(no_reference, [([{"label": "a", "ns": {"ours": entry(9.0)}}], [])])
    assert no_reference[0]["ns"]["pypy"]["best"] == 9.0 and "pypy/reference" not in no_reference[0]["ratios"]
