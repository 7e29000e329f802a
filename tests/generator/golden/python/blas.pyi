"""acl.blas (generated stubs)."""

from typing import Any

