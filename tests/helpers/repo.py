"""The repository root as a place to import from (build_ffi, benchmarks), after the package under test.

Appended, never prepended: an installed `acl` (the wheel in CI) must win over the source tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

if str(REPO_ROOT) not in sys.path:
    sys.path.append(str(REPO_ROOT))
