"""acl.tdt (generated stubs)."""

from typing import Any

