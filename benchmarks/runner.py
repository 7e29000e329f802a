"""One benchmark run: every part, the machine description and the target verdicts in one dict."""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

from benchmarks import breakdown, call_classes, implementations, import_time, pypy_run, reference, targets
from benchmarks.implementations import HEADERS_DIR, OURS, REFERENCE, REPO_ROOT
from benchmarks.subprocesses import clean_env, run_worker
from benchmarks.throughput import GIB, KIB, MIB

RESULTS_PATH = Path(__file__).resolve().parent / "results.json"


@dataclass
class Config:
    # many short samples: on a shared machine a burst of load then spoils few of them
    repeats: int = 15
    min_seconds: float = 0.02  # per timed sample
    memcpy_sizes: list[int] = field(default_factory=lambda: [4 * KIB, MIB, 256 * MIB])
    pointer_sizes: list[int] = field(default_factory=lambda: [KIB, GIB])
    import_repeats: int = 15
    pypy: bool = True
    pypy_path: str | None = None
    # PyPy runs, each followed at once by a run of the CPython reference (see _merge_pypy)
    pypy_rounds: int = 3
    quick: bool = False
    log: Callable[[str], None] = field(default=lambda message: print(message, file=sys.stderr), repr=False)

    @classmethod
    def quick_mode(cls) -> Config:
        """Seconds, not minutes: for CI smoke runs; the numbers are indicative only."""
        return cls(repeats=3, min_seconds=0.002, memcpy_sizes=[4 * KIB, MIB], pointer_sizes=[KIB, 16 * MIB],
                   import_repeats=3, pypy=False, quick=True)


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _commit() -> str | None:
    proc = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False)
    return proc.stdout.strip() or None


def machine_info() -> dict[str, Any]:
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": {"cpython": " ".join(sys.version.split())},
        "cffi": _version("cffi"),
        "numpy": _version("numpy"),
        "commit": _commit(),
    }


def _acl_parent() -> str | None:
    """The sys.path entry `acl` was imported from here, so subprocesses measure the same copy."""
    module = sys.modules.get("acl")
    if module is None or not getattr(module, "__file__", None):
        return None
    return str(Path(module.__file__).resolve().parent.parent)


Round = tuple[list[dict[str, Any]], list[dict[str, Any]]]  # PyPy records, CPython reference records


def _merge_pypy(records: list[dict[str, Any]], rounds: list[Round]) -> None:
    """PyPy/reference from rounds of (PyPy records, CPython reference records measured right after).

    The two run in different processes, so the ratio cannot be taken within one repeat; measured
    minutes apart on a shared machine it swung 2-3x. Each side's best over all rounds is taken from
    runs that alternate, so a quiet or busy spell reaches both sides alike."""
    for record in records:
        label = record["label"]
        pypy = [r["ns"][OURS] for recs, _ in rounds for r in recs if r["label"] == label and OURS in r["ns"]]
        reference = [r["ns"][REFERENCE] for _, recs in rounds for r in recs
                     if r["label"] == label and REFERENCE in r["ns"]]
        if not pypy:
            continue
        record["ns"]["pypy"] = min(pypy, key=lambda entry: entry["best"])
        if reference:
            best_reference = min(entry["best"] for entry in reference)
            record["pypy_rounds"] = {"pypy_best": [e["best"] for e in pypy],
                                     "reference_best": [e["best"] for e in reference]}
            if best_reference > 0:
                record["ratios"]["pypy/reference"] = record["ns"]["pypy"]["best"] / best_reference


def run(config: Config) -> dict[str, Any]:
    results: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "quick": config.quick,
        "config": {k: v for k, v in asdict(config).items() if k != "log"},
        "machine": machine_info(),
    }
    log = config.log
    loaded = implementations.load()
    results["implementations"] = {"available": sorted(loaded.available), "unavailable": loaded.unavailable,
                                  "library": loaded.library_path}
    log(f"call classes over {', '.join(loaded.available) or 'nothing'}")
    fixtures: dict[str, Any] = {}
    try:
        fixtures = call_classes.open_session(call_classes.primary(loaded.available))
        results["call_classes"] = call_classes.run(
            loaded.available, config.repeats, config.min_seconds, fixtures
        )
    except Exception as exc:  # the other parts are still worth running and reporting
        results["call_classes"] = []
        results["call_classes_error"] = f"{type(exc).__name__}: {exc}"

    if fixtures and OURS in loaded.available and REFERENCE in loaded.available:
        log("cost breakdown of our calls")
        try:
            module = reference.load(loaded.library_path, HEADERS_DIR)
            results["breakdown"] = breakdown.run(
                loaded.available[OURS], module, fixtures, config.repeats, config.min_seconds
            )
        except Exception as exc:
            results["breakdown"] = {"error": f"{type(exc).__name__}: {exc}"}

    if config.pypy:
        log("call classes under PyPy (installs the binding into a PyPy venv when the sources changed)")
        rounds: list[Round] = []
        pypy: dict[str, Any] = {}
        for _ in range(max(1, config.pypy_rounds)):
            try:
                pypy = pypy_run.run(config.pypy_path, config.repeats, config.min_seconds)
            except Exception as exc:
                pypy = {"error": f"{type(exc).__name__}: {exc}"}
                break
            reference_records: list[dict[str, Any]] = []
            if fixtures and REFERENCE in loaded.available:
                reference_records = call_classes.run({REFERENCE: loaded.available[REFERENCE]}, config.repeats,
                                                     config.min_seconds, fixtures)
            rounds.append((pypy.get("records", []), reference_records))
        results["pypy"] = {**{k: v for k, v in pypy.items() if k != "records"}, "rounds": len(rounds)}
        if "version" in pypy:
            results["machine"]["python"]["pypy"] = pypy["version"]
        _merge_pypy(results["call_classes"], rounds)

    acl_path = _acl_parent()
    log("throughput (memcpy against numpy.copyto, pointer helpers)")
    try:
        results["throughput"] = run_worker(
            sys.executable,
            "benchmarks.throughput",
            ["--sizes", *map(str, config.memcpy_sizes), "--pointer-sizes", *map(str, config.pointer_sizes),
             "--repeats", str(config.repeats), "--min-seconds", str(config.min_seconds)],
            env=clean_env(acl_path=acl_path),
        )
    except Exception as exc:
        results["throughput"] = {"error": f"{type(exc).__name__}: {exc}"}

    log("import time in fresh processes")
    try:
        results["import_time"] = import_time.measure(config.import_repeats, acl_path)
    except Exception as exc:
        results["import_time"] = {"error": f"{type(exc).__name__}: {exc}"}

    results["targets"] = targets.evaluate(results)
    return results


def write_results(results: dict[str, Any], path: Path) -> None:
    """Write atomically (a .tmp beside it, then rename) so a killed run leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)
