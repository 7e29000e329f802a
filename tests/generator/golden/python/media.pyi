"""acl.media (generated stubs)."""

from typing import Any

