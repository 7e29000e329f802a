"""acl.fv (generated stubs)."""

from typing import Any

