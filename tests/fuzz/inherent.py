"""The reviewed list (inherent.json) of crashes the API makes unavoidable."""

from __future__ import annotations

import json
from pathlib import Path

INHERENT_LIST = Path(__file__).with_name("inherent.json")


def _load() -> dict:
    return json.loads(INHERENT_LIST.read_text())


def inherent_crashes() -> dict[str, str]:
    """qualname -> why its crash on some input is inherent to the API."""
    return _load()["functions"]


def unvalidated_addresses() -> dict[str, dict]:
    """qualname -> {"params": positions, "reason": ...}: arguments fuzzed with tracked addresses only."""
    return _load()["unvalidated_addresses"]


def short_waits() -> dict[str, dict]:
    """qualname -> {"params": positions, "reason": ...}: timeouts fuzzed with short values only."""
    return _load()["short_waits"]


def guards(qualname: str) -> dict[str, list[int]]:
    """The argument positions of `qualname` the fuzzer draws from restricted values."""
    return {
        "tracked_only": unvalidated_addresses().get(qualname, {}).get("params", []),
        "short_waits": short_waits().get(qualname, {}).get("params", []),
    }
