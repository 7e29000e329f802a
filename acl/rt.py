"""acl.rt: the generated module under its public name (so `import acl.rt` works)."""

from ._generated.rt import *  # noqa: F403
