"""Is a directory an include root to generate from: the one holding acl/acl.h, as in CANN's
`$ASCEND_TOOLKIT_HOME/include`? One level too high or too low would generate a partial binding
without complaint (only the headers found are bound), so the generator refuses it and says where
the root probably is."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional

UMBRELLA = Path("acl") / "acl.h"
_SEARCH_DEPTH = 6  # CANN's toolkit puts include/ a few levels under its install prefix


def _umbrellas_below(root: Path) -> list[Path]:
    """Every acl.h within _SEARCH_DEPTH levels of root, nearest first."""
    found = []
    base_depth = len(root.parts)
    for current, dirs, files in os.walk(root):
        here = Path(current)
        if len(here.parts) - base_depth >= _SEARCH_DEPTH:
            dirs[:] = []
        dirs.sort()
        if "acl.h" in files:
            found.append(here / "acl.h")
    return sorted(found, key=lambda p: (len(p.parts), str(p)))


def include_root_problem(root: Path) -> Optional[str]:
    """None when root holds acl/acl.h, else what was found instead and the likely right root."""
    if (root / UMBRELLA).is_file():
        return None
    what = f"--include {root} holds no {UMBRELLA.as_posix()}"
    umbrellas = _umbrellas_below(root)
    if (root / "acl.h").is_file():
        return f"{what} but acl.h itself: this is the acl/ directory; use --include {root.parent}"
    for umbrella in umbrellas:
        if umbrella.parent.name == "acl":
            return f"{what}; found {umbrella}: use --include {umbrella.parent.parent}"
    headers = sum(1 for _ in root.rglob("*.h")) if root.is_dir() else 0
    return (f"{what} ({headers} headers found); --include takes a CANN release's include root, "
            f"the directory holding acl/acl.h (e.g. $ASCEND_TOOLKIT_HOME/include)")


_VERSION_DEFINES = ("ACL_MAJOR_VERSION", "ACL_MINOR_VERSION", "ACL_PATCH_VERSION")


def declared_version(root: Path) -> Optional[tuple[int, int, int]]:
    """The ACL_*_VERSION defines of an include root's headers (acl.h, or acl_rt.h in later trees),
    read as text: picking a tree among several needs no parse. None if one is missing."""
    text = "".join(h.read_text(encoding="utf-8", errors="replace") for h in sorted(root.rglob("*.h")))
    found = [re.search(rf"#define\s+{name}\s+(\d+)", text) for name in _VERSION_DEFINES]
    if not all(found):
        return None
    major, minor, patch = (int(m.group(1)) for m in found if m)
    return major, minor, patch


def newest_include_root(sets_dir: Path) -> Optional[Path]:
    """Of the include roots <name>/include under sets_dir, the one declaring the newest version."""
    roots = [p.parent.parent for p in sets_dir.glob("*/include/acl/acl.h")]
    versioned = [(v, str(root), root) for root in roots if (v := declared_version(root)) is not None]
    return max(versioned)[2] if versioned else None
