"""acl.op (generated stubs)."""

from typing import Any

