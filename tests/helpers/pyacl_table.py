"""The reviewed table of pyACL's public surface (tools/data/pyacl.json), one row per function."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PYACL_TABLE = Path(__file__).resolve().parents[2] / "tools" / "data" / "pyacl.json"


def pyacl_rows() -> list[dict[str, Any]]:
    return json.loads(PYACL_TABLE.read_text(encoding="utf-8"))["rows"]
