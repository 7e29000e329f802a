"""Rendering a results dict (see benchmarks.__main__) as markdown tables, for stdout and README."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from benchmarks.implementations import CTYPES, OURS, REFERENCE
from benchmarks.targets import format_size

PYPY = "pypy"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _ns(record: Mapping[str, Any], impl: str) -> str:
    entry = record["ns"].get(impl)
    return f"{entry['best']:.0f}" if entry else "-"


def _ratio(record: Mapping[str, Any], key: str) -> str:
    value = record["ratios"].get(key)
    return f"{value:.2f}x" if value is not None else "-"


def call_class_table(records: Sequence[Mapping[str, Any]]) -> str:
    header = ["class", "call", "ours ns", "reference ns", "ctypes ns", "ours/ref", "ours/ctypes",
              "PyPy ns", "PyPy/ref"]
    rows = [
        [str(r["class"]), r["label"], _ns(r, OURS), _ns(r, REFERENCE), _ns(r, CTYPES),
         _ratio(r, f"{OURS}/{REFERENCE}"), _ratio(r, f"{OURS}/{CTYPES}"), _ns(r, PYPY),
         _ratio(r, f"{PYPY}/{REFERENCE}")]
        for r in records
    ]
    return _table(header, rows)


def memcpy_table(records: Sequence[Mapping[str, Any]]) -> str:
    header = ["size", "acl.rt.memcpy H2D+D2H GB/s", "numpy.copyto x2 GB/s", "bandwidth ratio"]
    rows = [
        [format_size(r["size"]), f"{r['gb_per_s']['ours']:.2f}", f"{r['gb_per_s']['numpy']:.2f}",
         f"{r['bandwidth_ratio']:.2f}x"]
        for r in records
    ]
    return _table(header, rows)


def pointer_table(records: Sequence[Mapping[str, Any]]) -> str:
    if not records:
        return ""
    small, large = format_size(records[0]["small_bytes"]), format_size(records[0]["large_bytes"])
    header = ["helper", f"{small} ns", f"{large} ns", f"{large}/{small}"]
    rows = [
        [r["label"], f"{r['ns']['small']['best']:.0f}", f"{r['ns']['large']['best']:.0f}",
         f"{r['large_over_small']:.2f}x"]
        for r in records
    ]
    return _table(header, rows)


def import_table(imports: Mapping[str, Any]) -> str:
    header = ["fresh process", "median CPU ms", "added ms"]
    added = imports["added_ms"]
    rows = [
        [label, f"{ms:.1f}", f"{added[label]:.1f}" if label in added else ""]
        for label, ms in imports["median_ms"].items()
    ]
    return _table(header, rows)


def breakdown_tables(data: Mapping[str, Any]) -> str:
    """Per call: the C function alone, reference, raw cffi shim, shim + member reads, public (ns, best),
    and the binding overhead (time beyond the C function) of ours against the reference's."""

    def best(entry: Mapping[str, Any], key: str) -> float | None:
        value = entry["ns"].get(key)
        return value["best"] if value else None

    def cell(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}"

    rows = []
    for c in data["calls"]:
        c_only, ref, public = best(c, "c_function"), best(c, "reference"), best(c, "public")
        overhead_ratio = "-"
        if None not in (c_only, ref, public) and ref - c_only > 0 and public - c_only > 0:
            overhead_ratio = f"{(public - c_only) / (ref - c_only):.2f}x"
        rows.append([
            c["call"], "yes" if c["direct"] else "no", cell(c_only), cell(ref), cell(best(c, "raw_call")),
            cell(best(c, "raw_call_and_reads")), cell(public), overhead_ratio,
        ])
    calls = _table(["call", "bound directly", "C alone ns", "reference ns", "raw shim ns",
                    "shim + member reads ns", "public ns", "overhead ours/ref"], rows)
    floors = _table(["floor", "ns"], [[k, f"{v['best']:.0f}"] for k, v in data["floors"].items()])
    return calls + "\n\n" + floors


def targets_table(targets: Sequence[Mapping[str, str]]) -> str:
    rows = [
        [t["subject"], t["target"], t["measured"], f"**{t['status']}**", t.get("note", "")] for t in targets
    ]
    return _table(["subject", "target", "measured", "status", "note"], rows)


def render_markdown(results: Mapping[str, Any]) -> str:
    """The whole report as markdown: machine line, one table per part, then the targets."""
    machine = results.get("machine", {})
    versions = "; ".join(f"{k}: {v}" for k, v in machine.get("python", {}).items())
    parts = [
        f"Benchmarks of {results.get('date', '?')}{' (quick mode)' if results.get('quick') else ''} "
        f"on {machine.get('cpu', '?')} ({machine.get('cores', '?')} cores); {versions}.",
        "",
        "Call overhead, CPU ns of the calling thread per statement (best of repeats; the empty loop "
        "subtracted); ratios are the median over repeats of the ratio within each repeat. PyPy/ref "
        "divides our binding's best under PyPy by the CPython reference's best, over rounds that run the "
        "two alternately.",
        "",
    ]
    if results.get("call_classes"):
        parts += [call_class_table(results["call_classes"]), ""]
    for key in ("call_classes_error",):
        if results.get(key):
            parts += [f"Call classes not measured: {results[key]}", ""]
    for impl, why in results.get("implementations", {}).get("unavailable", {}).items():
        parts += [f"Implementation `{impl}` unavailable: {why}", ""]
    if results.get("pypy", {}).get("error"):
        parts += [f"PyPy run failed: {results['pypy']['error']}", ""]
    breakdown = results.get("breakdown", {})
    if breakdown.get("calls"):
        parts += ["Where our time goes (ns per call, best of repeats):", "", breakdown_tables(breakdown), ""]
    elif breakdown.get("error"):
        parts += [f"Breakdown not measured: {breakdown['error']}", ""]
    throughput = results.get("throughput", {})
    if throughput.get("memcpy"):
        parts += [memcpy_table(throughput["memcpy"]), "", pointer_table(throughput["pointer_helpers"]), ""]
    elif throughput.get("error"):
        parts += [f"Throughput not measured: {throughput['error']}", ""]
    imports = results.get("import_time", {})
    if "median_ms" in imports:
        parts += [import_table(imports), ""]
    elif imports.get("error"):
        parts += [f"Import time not measured: {imports['error']}", ""]
    if results.get("targets"):
        parts += ["Targets:", "", targets_table(results["targets"]), ""]
    return "\n".join(parts)
