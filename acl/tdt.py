"""acl.tdt: the generated module under its public name (so `import acl.tdt` works)."""

from ._generated.tdt import *  # noqa: F403
