"""Real CANN include trees for the regeneration tests, and the release a tree declares (its defines,
not the generator's parse)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from helpers.subproc import REPO_ROOT

if str(REPO_ROOT / "tools") not in sys.path:
    sys.path.append(str(REPO_ROOT / "tools"))
from aclgen.front.include_root import declared_version

# $ACL_TEST_HEADER_SETS (default ../shared/header-sets beside the repository): <name>/include/acl/acl.h
HEADER_SETS = Path(os.environ.get("ACL_TEST_HEADER_SETS") or REPO_ROOT.parent / "shared" / "header-sets")
SETS = sorted(p.name for p in HEADER_SETS.glob("*") if (p / "include" / "acl" / "acl.h").is_file())


def release_of(include: Path) -> str:
    """The release a tree declares as the binding's messages name it: its ACL_*_VERSION defines, read
    as text (tools/test_regenerated.py --newest reads them the same way), not by the generator's parse."""
    version = declared_version(include)
    assert version, "the header set declares no version"
    return "AscendCL " + ".".join(map(str, version))
