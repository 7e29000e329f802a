"""Real CANN include trees for the regeneration tests, and what a tree declares read without the generator."""

from __future__ import annotations

import os
import re
from pathlib import Path

from helpers.subproc import REPO_ROOT

# $ACL_TEST_HEADER_SETS (default ../shared/header-sets beside the repository): <name>/include/acl/acl.h
HEADER_SETS = Path(os.environ.get("ACL_TEST_HEADER_SETS") or REPO_ROOT.parent / "shared" / "header-sets")
SETS = sorted(p.name for p in HEADER_SETS.glob("*") if (p / "include" / "acl" / "acl.h").is_file())
VERSION_PARTS = ("MAJOR", "MINOR", "PATCH")


def release_of(include: Path) -> str:
    """The version defines (in acl.h, or acl_rt.h in later trees), read independently of the generator."""
    text = "".join(h.read_text(encoding="utf-8", errors="replace") for h in sorted(include.rglob("*.h")))
    parts = [re.search(rf"#define\s+ACL_{part}_VERSION\s+(\d+)", text) for part in VERSION_PARTS]
    assert all(parts), "the header set declares no version"
    return "AscendCL " + ".".join(m.group(1) for m in parts if m)
