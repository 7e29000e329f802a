"""`import acl` start-up cost against `python -c pass` and `import numpy`, in fresh processes."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from benchmarks.subprocesses import WorkerError, clean_env, last_line

SNIPPETS = {
    "python -c pass": "pass",
    "import numpy": "import numpy",
    "import acl": "import acl",
}


def _python(code: str, env: Mapping[str, str]) -> str:
    argv = [sys.executable, "-c", code]
    proc = subprocess.run(argv, env=dict(env), cwd="/", capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise WorkerError(f"python -c {code!r} exited with {proc.returncode}: {last_line(proc.stderr)}")
    return proc.stdout


def _children_cpu_ns() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1e9


def _cpu_ns(code: str, env: Mapping[str, str]) -> float:
    """CPU time (user + system, all threads) of a fresh interpreter running `code`.

    CPU rather than wall time: on a shared machine waiting for a core is not start-up cost.
    """
    before = _children_cpu_ns()
    _python(code, env)
    return _children_cpu_ns() - before


def acl_imports_numpy(env: Mapping[str, str]) -> bool:
    return _python("import sys, acl, acl.rt, acl.mdl; print('numpy' in sys.modules)", env).strip() == "True"


def measure(repeats: int, acl_path: str | None) -> dict[str, Any]:
    """Median CPU time of each snippet over `repeats` interleaved runs, and what each import adds."""
    # bytecode caches as an installed package has them: the warm-up run below writes them
    env = clean_env(acl_path=acl_path)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for code in SNIPPETS.values():  # warm the file cache and fail early if an import is broken
        _cpu_ns(code, env)
    samples: dict[str, list[float]] = {label: [] for label in SNIPPETS}
    labels = list(SNIPPETS)
    for r in range(repeats):
        for label in labels[r % len(labels):] + labels[: r % len(labels)]:
            samples[label].append(_cpu_ns(SNIPPETS[label], env))
    median = {label: statistics.median(values) for label, values in samples.items()}
    base = median["python -c pass"]
    added_acl = median["import acl"] - base
    added_numpy = median["import numpy"] - base
    return {
        "repeats": repeats,
        "median_ms": {label: value / 1e6 for label, value in median.items()},
        "added_ms": {"import acl": added_acl / 1e6, "import numpy": added_numpy / 1e6},
        "acl_over_numpy": added_acl / added_numpy if added_numpy > 0 else float("inf"),
        "acl_imports_numpy": acl_imports_numpy(env),
    }
