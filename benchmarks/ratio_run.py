"""The common end of the media benchmarks (bench_media, bench_video): each case's emulator/reference
ratio is graded against its target, and the run is saved and turned into an exit status."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

from benchmarks.targets import MISS, PASS


def grade(result: dict[str, Any], target: float) -> dict[str, Any]:
    """Records the target in `result` with PASS when the ratio is within it, MISS otherwise."""
    result["target"] = target
    result["status"] = PASS if result["ratio"] <= target else MISS
    return result


def finish(results: Mapping[str, Mapping[str, Any]], json_path: Optional[Path], check: bool) -> int:
    """Writes `results` to `json_path` when given; 1 when `check` is set and a target was missed."""
    if json_path:
        json_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    missed = [name for name, result in results.items() if result["status"] == MISS]
    return 1 if check and missed else 0
